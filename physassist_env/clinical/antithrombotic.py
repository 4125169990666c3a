"""Antithrombotic combinations and doses in atrial fibrillation (round 9b of the
real-record reading): what an anticoagulation answer says about the drugs already running.

* **Dose for the indication.** A direct oral anticoagulant's stroke-prevention dose in AF
  is fixed by its label: rivaroxaban 20 mg once daily with the evening meal, 15 mg if the
  creatinine clearance is 15-50 mL/min (Xarelto label, 2.2); apixaban 5 mg twice daily,
  2.5 mg with two of age >= 80, weight <= 60 kg, creatinine >= 1.5 (Eliquis label, 2.2);
  dabigatran 150 mg twice daily, 75 mg at CrCl 15-30 (Pradaxa US label; 110 mg in the
  EU SmPC); edoxaban 60 mg once daily, 30 mg at CrCl 15-50 (Savaysa label).
  Rivaroxaban 10 mg daily is the VTE-prophylaxis dose and 2.5 mg twice daily the
  vascular-protection dose (COMPASS): neither protects against stroke in AF
  (:func:`af_dose_problem`).
* **Which P2Y12 inhibitor.** With an oral anticoagulant, clopidogrel is the P2Y12
  inhibitor; prasugrel is not used and ticagrelor is second choice (2023
  ACC/AHA/ACCP/HRS AF guideline, Joglar JA et al., Circulation 2024;149:e1-156, AF with
  PCI: an OAC with a P2Y12 inhibitor, preferably clopidogrel, aspirin stopped after 1-4
  weeks; 2020 ACC ECDP on antithrombotic therapy in AF with PCI, Kumbhani DJ et al.,
  J Am Coll Cardiol 2021;77:629-58) (:data:`NOT_WITH_ANTICOAGULANT`).
* **Aspirin dose.** Aspirin beside an anticoagulant is 75-100 mg a day (the same
  sources; ESC 2020 AF guideline, low-dose aspirin in combination therapy): a higher
  dose adds bleeding without benefit (:data:`ASPIRIN_MAX_WITH_ANTICOAGULANT`).
* **A P2Y12 inhibitor after a coronary stent** (round 10c). After a stent (drug-eluting
  or bare-metal) dual antiplatelet therapy, aspirin with a P2Y12 inhibitor, is given for
  6-12 months (at least 1 month after a bare-metal stent): 2016 ACC/AHA DAPT focused
  update, Levine GN et al., Circulation 2016;134:e123-55, class I; 2025
  ACC/AHA/ACEP/NAEMSP/SCAI ACS guideline, Rao SV et al., Circulation 2025;151:e771-862.
  With an oral anticoagulant the P2Y12 inhibitor (clopidogrel) goes on beside it and
  aspirin stops after 1-4 weeks (2023 ACC/AHA/ACCP/HRS AF guideline, above). A discharge
  list after a stent placed this admission without a P2Y12 inhibitor leaves the stent
  unprotected (stent thrombosis): :data:`CORONARY_STENT`, :func:`missing_p2y12`.
"""

from __future__ import annotations

import re

#: The per-dose amounts (mg) of each DOAC's AF stroke-prevention regimen (labels above).
AF_DOSES_MG: dict[str, tuple[float, ...]] = {
    "rivaroxaban": (15.0, 20.0),
    "apixaban": (2.5, 5.0),
    "dabigatran": (75.0, 110.0, 150.0),
    "edoxaban": (30.0, 60.0),
}

#: The AF dose said in an answer, EN and ZH (labels above). The thresholds are named,
#: not numbered: a number would be read as a claim about the patient's own values.
AF_DOSE_TEXT: dict[str, tuple[str, str]] = {
    "rivaroxaban": (
        "20 mg once daily with the evening meal (15 mg at a reduced creatinine"
        " clearance, per the label)",
        "20 mg 每日一次随晚餐服用（肌酐清除率降低时按说明书用 15 mg）",
    ),
    "apixaban": (
        "5 mg twice daily (2.5 mg with two of advanced age, low body weight and a raised"
        " creatinine, per the label)",
        "5 mg 每日两次（高龄、低体重、肌酐升高中满足两项时按说明书用 2.5 mg）",
    ),
    "dabigatran": (
        "150 mg twice daily (75 mg at a severely reduced creatinine clearance, per the"
        " label)",
        "150 mg 每日两次（肌酐清除率重度降低时按说明书用 75 mg）",
    ),
    "edoxaban": (
        "60 mg once daily (30 mg at a reduced creatinine clearance, per the label)",
        "60 mg 每日一次（肌酐清除率降低时按说明书用 30 mg）",
    ),
}

#: P2Y12 inhibitors not given with an oral anticoagulant: clopidogrel instead.
NOT_WITH_ANTICOAGULANT: frozenset[str] = frozenset({"prasugrel"})

#: The highest aspirin dose a day (mg) beside an anticoagulant.
ASPIRIN_MAX_WITH_ANTICOAGULANT = 100.0


def af_dose_problem(generic: str, dose_mg: float | None) -> tuple[str, str] | None:
    """(EN, ZH) of the AF dose when ``dose_mg`` (one administration) of ``generic`` is not
    one of its AF stroke-prevention doses (:data:`AF_DOSES_MG`), else None (a drug
    without a fixed AF dose, warfarin, or no dose recorded)."""
    doses = AF_DOSES_MG.get(generic)
    if doses is None or dose_mg is None or dose_mg <= 0:
        return None
    if any(abs(dose_mg - d) < 1e-6 for d in doses):
        return None
    return AF_DOSE_TEXT[generic]


#: A coronary stent in a procedure title (ICD-10-PCS "Dilation of Coronary Artery, ...
#: with (Drug-eluting) Intraluminal Device(s)"; ICD-9-CM 36.06 / 36.07 "Insertion of
#: (non-)drug-eluting coronary artery stent(s)"). Balloon angioplasty alone is not one.
CORONARY_STENT = re.compile(
    r"Dilation of Coronary Arter.*Intraluminal Device"
    r"|Insertion of .*coronary (?:artery )?stent|coronary (?:artery )?stent",
    re.I,
)

#: P2Y12 inhibitors (the second drug of dual antiplatelet therapy).
P2Y12_INHIBITORS: frozenset[str] = frozenset({"clopidogrel", "prasugrel", "ticagrelor"})


def coronary_stent(title: str) -> bool:
    """Whether a procedure title places a coronary stent (:data:`CORONARY_STENT`; a
    diagnostic procedure does not)."""
    return bool(CORONARY_STENT.search(title)) and not title.lower().startswith(
        "diagnostic"
    )


def missing_p2y12(
    going_home: set[str], anticoagulant: tuple[str, str] | None
) -> tuple[str, str] | None:
    """(EN, ZH) of the flag on a discharge list after a coronary stent placed this
    admission (module docstring) when ``going_home`` (generic names) holds no P2Y12
    inhibitor, else None. ``anticoagulant``: the (EN, ZH) name of the oral
    anticoagulant on the list, if any (then clopidogrel beside it, aspirin for 1-4
    weeks only)."""
    if going_home & P2Y12_INHIBITORS:
        return None
    if anticoagulant:
        return (
            f"no P2Y12 inhibitor on the list: add clopidogrel 75 mg daily beside the"
            f" {anticoagulant[0]} (aspirin for 1-4 weeks only) before discharge, with"
            " cardiology.",
            f"出院带药中没有 P2Y12 抑制剂：出院前加用氯吡格雷 75 mg 每日一次，与{anticoagulant[1]}"
            "合用（阿司匹林仅用 1-4 周），与心内科商定。",
        )
    return (
        "no P2Y12 inhibitor on the list: add clopidogrel 75 mg daily (dual antiplatelet"
        " therapy with aspirin) before discharge, with cardiology.",
        "出院带药中没有 P2Y12 抑制剂：出院前加用氯吡格雷 75 mg 每日一次（与阿司匹林"
        "双联抗血小板），与心内科商定。",
    )


#: Heparins and the pentasaccharide, whose prophylactic and treatment doses differ: a
#: prophylactic dose prevents venous thromboembolism and is no anticoagulant for atrial
#: fibrillation, a valve or a clot (CHEST 2012, Kahn SR et al. / Gould MK et al., Chest
#: 2012;141(2 Suppl):e195S-e277S: UFH 5,000 units SC two or three times a day, enoxaparin
#: 40 mg daily or 30 mg q12h, dalteparin 5,000 units daily, fondaparinux 2.5 mg daily;
#: treatment doses: UFH by weight-based IV infusion or about 250 units/kg SC q12h,
#: enoxaparin 1 mg/kg q12h or 1.5 mg/kg daily, dalteparin 200 units/kg daily, fondaparinux
#: 5-10 mg daily; Kearon C et al., Chest 2012;141:e419S and CHEST 2021 VTE update). The
#: largest prophylactic dose per administration, in the order's unit. Round 12.
PROPHYLACTIC_MAX = {
    "heparin": 7500.0,
    "enoxaparin": 40.0,
    "dalteparin": 5000.0,
    "tinzaparin": 4500.0,
    "fondaparinux": 2.5,
}


def prophylactic_anticoagulant(
    generic: str, dose: float | None, route: str, frequency: str = ""
) -> bool:
    """Whether a heparin or fondaparinux order is a VTE-prophylaxis dose
    (:data:`PROPHYLACTIC_MAX`): subcutaneous (an IV heparin infusion is treatment) and at
    most the prophylactic dose per administration. Such an order does not replace an oral
    anticoagulant (a bridge or a substitution needs a treatment dose: CHEST 2012, 2022
    CHEST perioperative guideline, Douketis JD et al., Chest 2022;162:e207-43). An order
    with no dose, or another drug, is not read as prophylaxis."""
    g = generic.lower()
    top = next((v for k, v in PROPHYLACTIC_MAX.items() if k in g), None)
    if top is None or dose is None:
        return False
    if re.search(r"\bIV\b|intraven|infusion|drip", route, re.I):
        return False
    return dose <= top


#: Heparin that keeps a line, a catheter or an extracorporeal circuit open, not the
#: patient's anticoagulation: flushes (10 or 100 units/mL, a few mL), locks and dwells
#: (1,000-5,000 units/mL instilled into a catheter lumen and withdrawn), the SASH
#: sequence (saline-administer-saline-heparin), the priming of a CRRT or dialysis
#: circuit and the pressure-bag heparin of an arterial or balloon-pump line. These doses
#: do not anticoagulate the patient and are no treatment, prophylaxis or bridge (ISMP
#: heparin safety: heparin flushes are a separate product from therapeutic heparin;
#: CHEST 2012, Garcia DA et al., Chest 2012;141(2 Suppl):e24S-e43S, parenteral
#: anticoagulants: therapeutic, prophylactic and catheter-lock doses differ; KDIGO 2012
#: AKI guideline 5.3: circuit anticoagulation of CRRT). Issue #37, round 15.
LINE_HEPARIN = re.compile(
    r"\bflush(?:es)?\b|\block\b|\bdwell\b|\bSASH\b|\bpriming\b|\bprime\b|\bcatheter\b"
    r"|\bIABP\b|\bCRRT\b|\(\s*(?:hemo)?dialysis\s*\)|\bline patency\b"
    r"|\(\s*(?:10|100)\s*units?\s*/\s*ml\s*\)",
    re.I,
)
#: Routes of an instilled or circuit dose (MIMIC-IV ``DWELL``, ``DIALYS``).
LINE_ROUTES = re.compile(r"^\s*(?:dwell|dialys\w*|lock)\b", re.I)


def line_heparin(text: str, route: str = "") -> bool:
    """Whether an order of a heparin is for line, catheter or circuit patency
    (:data:`LINE_HEPARIN`, :data:`LINE_ROUTES`): ``text`` is the order's drug name as
    recorded ("Heparin Flush (10 units/ml)", "Heparin Dwell (1000 Units/mL)", "Heparin
    (CRRT Machine Priming)"), ``route`` its route. A text that names no heparin is never
    read as one."""
    if not re.search(r"heparin|hep[\s-]?lock", text, re.I):
        return False
    return bool(LINE_HEPARIN.search(text) or LINE_ROUTES.search(route or ""))


#: How an anticoagulant order anticoagulates (:func:`anticoagulant_intent`).
LINE = "line"
PROPHYLACTIC = "prophylactic"
THERAPEUTIC = "therapeutic"


def anticoagulant_intent(
    generic: str, text: str, dose: float | None, route: str, frequency: str = ""
) -> str:
    """What an anticoagulant order is for, as the three dose classes CHEST 2012 tells
    apart: :data:`LINE` (a flush, lock or circuit dose, :func:`line_heparin`),
    :data:`PROPHYLACTIC` (a VTE-prophylaxis dose, :func:`prophylactic_anticoagulant`, or
    an order named as prophylaxis) or :data:`THERAPEUTIC` (a treatment dose: an infusion,
    a weight-based bolus, an oral anticoagulant, or a dose the order does not state).
    Only a therapeutic order is anticoagulation for AF, a valve, a clot or a bridge."""
    if line_heparin(text, route):
        return LINE
    if prophylactic_anticoagulant(generic or text, dose, route, frequency) or re.search(
        r"\bprophyla", text, re.I
    ):
        return PROPHYLACTIC
    return THERAPEUTIC
