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
"""

from __future__ import annotations

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
