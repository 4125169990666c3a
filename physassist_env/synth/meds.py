"""Medication tables of an admission: ``hosp/prescriptions``, ``hosp/pharmacy``, ``hosp/emar``,
``hosp/emar_detail`` (home drugs continued or held, inpatient and ward orders, repletion)."""

from __future__ import annotations

import re
from bisect import bisect_right
from datetime import datetime, timedelta
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from physassist_env.clinical.allergy import allowed
from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import CLOCK_TEXT, TS_TEXT, Chart, pick, ts
from physassist_env.synth.knowledge import ward
from physassist_env.synth.knowledge.calibration import demo_count, emar_missed_shares
from physassist_env.synth.writer import COLUMNS, joined
from physassist_env.vocab.drugs import ALLERGY_ALTERNATIVES

if TYPE_CHECKING:
    from physassist_env.synth.patient import Truth

BACKGROUND_ORDERS: tuple[tuple[tuple[str, ...], float], ...] = (
    (("heparin_sc", "enoxaparin_ppx"), 0.7),
    (("acetaminophen",), 0.75),
    (("ondansetron",), 0.35),
    (("oxycodone",), 0.25),
    (("pantoprazole",), 0.35),
    (("docusate",), 0.5),
    (("senna",), 0.45),
    (("polyethylene_glycol",), 0.3),
    (("bisacodyl",), 0.25),
    (("sodium_chloride_flush",), 0.6),
)
"""Common ward orders (drug alternatives, probability per admission)."""
WARD_EXTRAS: tuple[tuple[tuple[str, ...], float], ...] = (
    (("ns_maintenance", "lactated_ringers"), 3.0),
    (("maalox", "simethicone"), 2.0),
    (("melatonin",), 2.0),
    (("hydromorphone", "morphine"), 2.0),
    (("multivitamin", "multivitamin_minerals"), 2.0),
    (("guaifenesin", "benzonatate"), 1.5),
    (("influenza_vaccine",), 1.5),
    (("artificial_tears",), 1.2),
    (("diphenhydramine",), 1.0),
    (("lidocaine_patch",), 1.0),
    (("sarna",), 1.0),
    (("pneumococcal_vaccine",), 1.0),
    (("miconazole_powder",), 0.8),
    (("meclizine",), 0.5),
)
"""Everyday PRN, comfort, fluid and vaccine orders (alternatives, weight): added in weighted
random order until the admission holds as many distinct drugs as one drawn from the MIMIC-IV
demo's per-admission distribution (``per_admission_quantiles.distinct_drugs``: median 28), at
most ``MAX_EXTRAS`` of them (one IV opioid, one antacid, one fluid: never a stack of each)."""
LOW_TAIL = 0.3
"""Share of admissions with a sparse chart (``patient.TIERS``: 30 %), which get no everyday
ward orders and stand for the demo's lowest distinct-drug counts: the other admissions draw
their target from the demo's quantiles above this one (before: from all quantiles, so that the
hospital held 17.8 distinct drugs per admission against the demo's 34.0)."""
EXTRA_POOL: tuple[tuple[tuple[str, ...], float], ...] = WARD_EXTRAS + ward.WARD_SUPPORT
"""``WARD_EXTRAS`` and the ward supportive orders (``knowledge.ward``: bowel, skin, mouth, eye
and sleep care, supplements, fluids), one weighted pool."""
MAX_EXTRAS = 30
"""At most this many everyday orders per admission (before the ward supportive orders, 8: the
hospital had 20.7 prescriptions and 17.8 distinct drugs per admission, MIMIC-IV demo 64.0 and 34.0)."""
PRN_USE: dict[str, float] = {
    "hydromorphone": 0.12,
    "morphine": 0.12,
    "diphenhydramine": 0.1,
    "meclizine": 0.1,
    "maalox": 0.1,
    "simethicone": 0.1,
    "sarna": 0.1,
    "guaifenesin": 0.15,
    "benzonatate": 0.15,
    "artificial_tears": 0.15,
    "miconazole_powder": 0.25,
    "melatonin": 0.5,
}
"""Share of a PRN order's slots actually given (default ``PRN_DEFAULT``): comfort and rescue
PRNs are given now and then, not at every slot."""
PRN_DEFAULT = 0.35
FLUID_HOURS = (8, 48)
"""Maintenance IV fluids run for this many hours (a bag or a few, then stopped)."""
HYPO_PROTOCOL = ("glucagon", "glucose_gel")
"""Hypoglycaemia protocol orders written with every insulin order (ADA Standards of Care 2024,
section 16: a hypoglycaemia management protocol for each insulin-treated inpatient); PRN
rescue orders, charted only if used, so they carry no eMAR row (never tied to a glucose value)."""
NICOTINE_REPLACEMENT = 0.6
"""Share of current smokers given a nicotine patch (inpatient tobacco treatment, Joint
Commission TOB-2; USPSTF 2021)."""
RANGE_DOSES: dict[str, tuple[tuple[float, float], ...]] = {
    "oxycodone": ((5, 10),),
    "hydromorphone": ((0.25, 0.5), (0.5, 1)),
    "morphine": ((2, 4),),
    "lorazepam": ((0.5, 1), (1, 2)),
    "senna": ((8.6, 17.2),),
}
"""PRN orders written as a dose range half of the time (``dose_val_rx`` ``5-10``, as in MIMIC)."""
NOT_GIVEN, HOLD_DOSE = emar_missed_shares()
"""Scheduled doses charted "Not Given" / "Hold Dose": the demo's eMAR shares (9.9 %, 0.5 %)."""
DOSE_CHANGE = 0.6
"""Chance a scheduled order running 2+ days is re-ordered once mid-stay (a dose change or a
renewal: MIMIC-IV POE holds ~12 % "Change" transactions and many drugs ordered twice)."""
BASES: dict[str, tuple[str, float]] = {
    "vancomycin": ("Sodium Chloride 0.9%", 250),
    "piptazo": ("Iso-Osmotic Dextrose", 100),
    "cefepime": ("Iso-Osmotic Dextrose", 50),
    "ceftriaxone": ("Iso-Osmotic Dextrose", 50),
    "cefazolin": ("Iso-Osmotic Dextrose", 50),
    "meropenem": ("Sodium Chloride 0.9%", 100),
    "pantoprazole_iv": ("Sodium Chloride 0.9%", 50),
    "calcium_gluc": ("Sodium Chloride 0.9%", 100),
    "heparin_gtt": ("Dextrose 5%", 250),
    "argatroban": ("Sodium Chloride 0.9%", 250),
    "insulin_gtt": ("Sodium Chloride 0.9%", 100),
    "norepinephrine": ("Dextrose 5%", 250),
    "octreotide": ("Sodium Chloride 0.9%", 250),
    "magnesium_iv": ("Sterile Water", 50),
    "magnesium_sulfate": ("Sterile Water", 50),
    "methylpred": ("Sodium Chloride 0.9%", 50),
}
"""Diluent of IV piggybacks and drips: a ``drug_type = BASE`` prescriptions row (mL) beside the
MAIN row, with the same ``pharmacy_id``, as in MIMIC-IV (demo: 20 % of prescriptions rows).
Usual diluents from the product labels (e.g. vancomycin in 0.9 % NaCl, norepinephrine in D5W)."""
VACCINE_SEASON = {10, 11, 12, 1, 2, 3}
"""Months in which the inpatient influenza vaccine is offered (CDC ACIP: vaccinate through the
season, October to March in the northern hemisphere); never a flu shot in June."""
MONITORED = frozenset(d for p in kb.MONITORING_PAIRS for d in p.drugs)
"""Drugs with a monitored lab (``MONITORING_PAIRS``): their mid-stay re-order never raises the
dose, as a dose is raised only on a lab review the generator does not model (a raised
lisinopril beside a potassium that says hold would not hang together)."""
ENOXAPARIN_MG_PER_KG = 1.0
"""Treatment enoxaparin: 1 mg/kg SC q12h (ACCP 2012, Kearon C et al., Chest 2012;141:e419S),
rounded to the 10 mg syringe marks; prophylaxis is ``enoxaparin_ppx``, 40 mg daily."""
BLEEDING = frozenset({"ugib"})
"""Conditions with active major bleeding: oral anticoagulants are held from admission, a
vitamin K antagonist is reversed with IV vitamin K (``vitamin_k_iv``; CHEST 2012 antithrombotic
guideline, Holbrook A et al., Chest 2012;141:e152S; 2020 ACC expert consensus decision pathway
on bleeding in patients on oral anticoagulants, Tomaselli GF et al., JACC 2020;76:594), and no
pharmacological DVT prophylaxis is given (mechanical instead: ACCP 2012, Kahn SR et al., Chest
2012;141:e195S)."""
BLEED_HELD = frozenset({"warfarin", "apixaban"})
INSULIN_DRIP_HOURS = (12, 37)
"""Hours of IV insulin in DKA/HHS before the switch to subcutaneous insulin (ADA 2009)."""
REQUIRED_AT_DISCHARGE: dict[str, frozenset[str]] = {
    **{
        k: frozenset({"aspirin", "clopidogrel"})
        for k in ("stemi", "nstemi", "elective_pci")
    },
    # type 1 diabetes (DKA is coded E10.10) needs basal insulin at all times (ADA Standards
    # of Care 2024, sections 9 and 16)
    "dka": frozenset({"glargine"}),
}
"""Discharge drugs a condition never goes home without (others go home in 85 %): dual
antiplatelet therapy after a coronary drug-eluting stent, 6 months in stable ischaemic heart
disease and 12 months after an acute coronary syndrome (2016 ACC/AHA focused update on DAPT,
Levine GN et al., JACC 2016;68:1082); stopping it early risks stent thrombosis; basal insulin
after DKA."""
SURGICAL_PROPHYLAXIS = frozenset({"elective_tka", "elective_colectomy"})
"""Elective operations whose antibiotics are perioperative prophylaxis, not treatment: given
from before the incision and stopped within 24 h (ASHP/IDSA/SIS/SHEA 2013 clinical practice
guidelines for antimicrobial prophylaxis in surgery, Bratzler DW et al., Am J Health Syst
Pharm 2013;70:195)."""
IV_HOURS = (36, 72)
"""Hours of IV therapy before the switch to oral, once afebrile and haemodynamically stable
and able to eat (ATS/IDSA 2019; IDSA 2010): 2-3 days in most stays."""
MACROLIDE_DAYS = (3, 5)
"""Azithromycin beside a beta-lactam in pneumonia: 3-5 days (ATS/IDSA 2019)."""
SWITCH_BY_HOUR = 20
"""The IV course ends by this hour of the day before discharge at the latest: a course going
home is already oral on the eve of discharge (the discharge list names the oral agent, and an
IV antibiotic is never left running into the discharge day without an OPAT plan)."""

AKI_RISK = frozenset({"aki", "hyperkalemia", "sepsis", "dka", "hhs"})
"""Admissions with or at high risk of acute kidney injury (hypovolaemia, sepsis): RAAS
blockers, metformin and NSAIDs are held from admission (NICE NG148 2019, acute kidney injury:
stop ACE inhibitors/ARBs, metformin and NSAIDs in people with or at risk of AKI; FDA metformin
label 2016: hold in sepsis, dehydration and hypoxic states)."""
AKI_HELD = frozenset(
    {"lisinopril", "losartan", "spironolactone", "metformin", "ibuprofen"}
)
PCI_CONDITIONS = frozenset({"stemi", "nstemi", "elective_pci"})
PCI_HOURS: dict[str, tuple[int, int]] = {
    "stemi": (1, 2),
    "nstemi": (12, 31),
    "elective_pci": (2, 5),
}
"""Hours from arrival to the coronary intervention: primary PCI within 90 min of first medical
contact in STEMI (2013 ACCF/AHA STEMI guideline), an early invasive strategy within 24 h in
NSTEMI (2014 AHA/ACC NSTE-ACS guideline), the morning list for an elective PCI. Clopidogrel is
loaded at the PCI (600 mg, ``clopidogrel_load``) and continued at 75 mg daily from the next
morning to discharge with aspirin (2016 ACC/AHA DAPT update, Levine GN et al., JACC
2016;68:1082; 2021 ACC/AHA/SCAI revascularisation guideline, Lawton JS et al., JACC
2022;79:e21); a patient already on clopidogrel at home continues it. Before: NSTEMI started
clopidogrel on the discharge morning and no admission had a loading dose."""
SURGERY_CONDITIONS = frozenset({"elective_tka", "elective_colectomy", "elective_chole"})
"""Operations on the day of admission: metformin is held on the day of surgery and restarted
the next morning once eating (ADA Standards of Care 2024, section 16: hold metformin on the
day of surgery; FDA metformin label 2016: stop while food and fluids are restricted)."""
CONTRAST_RESTART_HOURS = 48
"""Metformin after intra-arterial iodinated contrast (a PCI): stopped at the procedure and
restarted 48 h after it when renal function is stable (FDA metformin label 2016); a stay that
ends earlier sends it home to be resumed (the order starts in the last hour of the stay)."""
HELD_ORDERED = 0.25
"""Share of ``AKI_HELD`` home drugs held on admission that are still entered as an inpatient
order with every dose charted "Hold Dose"; the others are held at admission medication
reconciliation and never ordered (listed on admission and as held at discharge in the note).
In the MIMIC-IV demo a held home drug is rarely an order: "Hold Dose" is 0.5 % of its scheduled
eMAR events (``calibration.emar_missed_shares``) and 2 of 296 eMAR events of RAAS drugs, while
ordering every held drug put a RAAS order on 42 % of the synthetic K > 5.5 admissions (demo
33 %, same definition: any prescriptions row; issue #23 fifth round)."""
STOP_RULES: tuple[
    tuple[frozenset[str], int, float | None, float | None, str | None], ...
] = (
    # K > 6.0 mEq/L on a RAAS blocker: stop it (KDIGO 2012 CKD guideline; 2022 AHA/ACC/HFSA
    # heart failure guideline: hold ACEi/ARB/MRA when K > 5.5-6.0)
    (
        frozenset({"lisinopril", "losartan", "spironolactone"}),
        50971,
        6.0,
        None,
        "potassium_raas",
    ),
    # platelets < 50 K/uL: no pharmacological anticoagulation unless for a strong indication
    # (ASH 2018 VTE prophylaxis guideline; ACCP 2012, Kahn SR et al.)
    (frozenset({"heparin_sc", "enoxaparin_ppx"}), 51265, None, 50.0, None),
    # platelets < 50 K/uL on treatment-dose heparin/enoxaparin: stop it. A fall on heparin
    # raises heparin-induced thrombocytopenia, whose intermediate/high 4Ts probability means
    # stopping all heparin (ASH 2018 HIT guideline, Cuker A et al., Blood Adv 2018;2:3360);
    # otherwise full-dose anticoagulation is held below 50 K/uL (ISTH 2018 guidance on
    # anticoagulation with thrombocytopenia, Samuelson Bannow BT et al., JTH 2018;16:1246)
    (frozenset({"heparin_gtt", "enoxaparin"}), 51265, None, 50.0, None),
)
"""Orders stopped once a result contradicts them (drugs, lab, stop above, stop below, the
monitoring pair whose unsafe drug-effect value is left unanswered): a planted unsafe value, or a
control's excursion that peaks unsafe (``planting.unanswered``), is the event the agent must catch,
so only results such a pair did not make trigger the stop."""
HEPARINS = frozenset({"heparin_sc", "heparin_gtt", "enoxaparin", "enoxaparin_ppx"})
"""Unfractionated and low-molecular-weight heparin orders (heparin exposure for HIT)."""
PLATELETS = 51265
HIT_DAYS = (4.0, 10.5)
"""Days of heparin exposure in which a platelet fall counts as HIT timing (4Ts: a fall
starting on day 5-10 scores 2; Lo GK et al., J Thromb Haemost 2006;4:759)."""
ARGATROBAN_HOURS = (36, 72)
"""Hours of argatroban before the switch to a DOAC (apixaban 5 mg BID; ASH 2018 HIT
guideline: a DOAC is an option in acute HIT, continued until platelet recovery)."""
REVIEW_HOURS = (2, 6)
"""Hours from the draw to the stop (the result is stored 35-150 min after the draw)."""
PRURITUS_REASONS = frozenset({"ckd", "cirrhosis", "cirrhosis_decomp", "hep_enceph"})
"""Conditions behind an antipruritic (Sarna) order: uraemic pruritus in CKD (KDIGO 2012 CKD
guideline) and cholestatic pruritus in liver disease (EASL 2009 cholestasis guideline); or a
coded skin disease (``PRURITIC_CODES``: psoriasis, dermatitis)."""
PRURITIC_CODES = frozenset({"L409", "L309"})
INTERTRIGO_REASONS = frozenset({"obesity", "dm2", "dka", "hhs"})
"""Conditions behind a topical antifungal powder (intertriginous candidiasis: obesity and
diabetes are its main risk factors; Kalra MG et al., Am Fam Physician 2014;89:569)."""
PNEUMOCOCCAL_RISK = frozenset(
    {"chf", "copd", "asthma", "cirrhosis", "dm2", "aud", "tobacco", "ckd"}
)
"""Pneumococcal vaccination (CDC ACIP 2023, Kobayashi M et al., MMWR 2022;71:109): adults aged
65 or older, or 19-64 with chronic heart, lung or liver disease, diabetes, alcoholism, cigarette
smoking or chronic kidney disease; one dose (PCV20), never twice for a patient."""


_DRUG_OF = itemgetter("drug")


def extra_indicated(
    key: str,
    age: int,
    conditions: set[str],
    codes: set[str],
    chart: Chart,
) -> bool:
    """Whether a ward extra (``WARD_EXTRAS``) has a reason in the patient's record.

    ``conditions``: the admission's and the patient's chronic condition keys; ``codes``: the
    patient's background ICD-10 codes. Extras without a listed reason (PRN symptom relief,
    fluids, vitamins) follow the demo's frequencies only."""
    if (
        key in ward.WARD_CONTRAINDICATED
        and (conditions | codes) & ward.WARD_CONTRAINDICATED[key]
    ):
        return False
    if age > ward.WARD_MAX_AGE.get(key, age):
        return False
    if key in ward.WARD_REASONS:
        return bool((conditions | codes) & ward.WARD_REASONS[key])
    if key == "sarna":
        return bool(conditions & PRURITUS_REASONS or codes & PRURITIC_CODES)
    if key == "miconazole_powder":
        return bool(conditions & INTERTRIGO_REASONS)
    if key == "pneumococcal_vaccine":
        name = kb.DRUGS[key].name
        rows = chart.rows.get("hosp/prescriptions", ())
        given = name in map(
            _DRUG_OF, rows
        )  # the patient's earlier orders (C-level scan)
        return not given and (age >= 65 or bool(conditions & PNEUMOCOCCAL_RISK))
    return True


_INV_WEIGHTS = 1 / np.array([w for _o, w in EXTRA_POOL])
_POOL_SETS = tuple(frozenset(o) for o, _w in EXTRA_POOL)
"""``EXTRA_POOL``'s inverse weights and option sets (built once: the loop of ``drug_plan``
runs for every admission)."""
_GROUPED_CLASSES = frozenset(kb.drugs.THERAPEUTIC_GROUPS)
_AVOIDED_CLASSES = frozenset(c for v in ward.WARD_NOT_WITH.values() for c in v)
QT_PAIR_DRUGS = frozenset(
    d for p in kb.MONITORING_PAIRS if p.key == "potassium_qt" for d in p.drugs
)
"""QT-prolonging drugs of the ``potassium_qt`` monitoring pair."""


def _ward_clash(
    key: str, ordered: set[str], classes: set[str], conditions: set[str]
) -> bool:
    """Whether ward drug ``key`` clashes with what the admission already holds
    (``ordered``, their drug ``classes``): a second QT-prolonging drug beside one of
    ``QT_PAIR_DRUGS`` or in hypokalaemia (``knowledge.ward.WARD_QT``), or a drug of a class
    it must not join, either way round (``knowledge.ward.WARD_NOT_WITH``: no IV opioid PRN
    added after naltrexone either)."""
    if key in ward.WARD_QT and (
        not ordered.isdisjoint(QT_PAIR_DRUGS) or "hypokalemia" in conditions
    ):
        return True
    if not ward.WARD_NOT_WITH.get(key, frozenset()).isdisjoint(classes):
        return True
    cls = kb.DRUGS[key].drug_class
    return cls in _AVOIDED_CLASSES and any(
        cls in ward.WARD_NOT_WITH.get(k, ()) for k in ordered
    )


def pcc_dose(weight: float, inr: float) -> float:
    """4F-PCC dose (units) for VKA reversal in a major bleed, by the pre-treatment INR: 25
    units/kg (at most 2500) at INR 2 to < 4, 35 (3500) at 4-6, 50 (5000) above 6 (Kcentra
    label); below INR 2 the fixed 1000 units of the ACC 2020 ECDP (Tomaselli GF et al., JACC
    2020;76:594). Rounded to 100 units (vials are assayed per lot)."""
    if inr < 2.0:
        return 1000.0
    per_kg, cap = (25, 2500) if inr < 4.0 else (35, 3500) if inr <= 6.0 else (50, 5000)
    return float(min(round(weight * per_kg / 100) * 100, cap))


ANTIBIOTIC_KEYS = frozenset(
    k for k, d in kb.DRUGS.items() if d.drug_class in kb.drugs.ANTIBIOTIC_CLASSES
) | {"vancomycin"}
ANTICOAGULANT_CLASSES = {"anticoagulant", "vitamin K antagonist", "DOAC"}
"""No DVT prophylaxis on top of these."""
_EMAR_COLS = (
    "subject_id",
    "hadm_id",
    "emar_id",
    "emar_seq",
    "poe_id",
    "pharmacy_id",
    "enter_provider_id",
    "charttime",
    "medication",
    "event_txt",
    "scheduletime",
    "storetime",
)
_DETAIL_HEAD = (
    "subject_id",
    "emar_id",
    "emar_seq",
    "parent_field_ordinal",
    "administration_type",
    "pharmacy_id",
    "barcode_type",
    "reason_for_no_barcode",
    "complete_dose_not_given",
    "dose_due",
    "dose_due_unit",
    "dose_given",
    "dose_given_unit",
)
_cols = COLUMNS["hosp/emar_detail"]
if COLUMNS["hosp/emar"] != _EMAR_COLS or _cols[: len(_DETAIL_HEAD)] != _DETAIL_HEAD:
    raise RuntimeError("meds.emar row layout no longer matches writer.COLUMNS")
_DETAIL_GAPS = (
    ("",) * (_cols.index("route") - len(_DETAIL_HEAD)),
    ("",) * (len(_cols) - _cols.index("route") - 1),
)
"""eMAR rows are lists in column order (the writer's fast path: the largest tables; an
empty field is ``""``, not None); the layout is checked against ``writer.COLUMNS`` at import."""
if any(_DETAIL_GAPS[0]) or any(_DETAIL_GAPS[1]):
    raise RuntimeError("eMAR detail gaps are no longer empty fields")
_MID, _END = "," * (len(_DETAIL_GAPS[0]) + 1), "," * len(_DETAIL_GAPS[1])
"""The joined text of the empty fields around ``route`` in an eMAR detail row (see ``emar``)."""


_DETAIL_REWRITTEN = frozenset({"insulin_ss"})
"""Orders whose eMAR detail rows stay full lists: ``sliding_scale`` sets their
``dose_given`` (11) and ``dose_given_unit`` (12) after the labs."""


def _plain(*fields: Any) -> bool:
    """Every field a ``str`` that CSV writes unquoted (no ``,``, ``"``, ``\\r``, ``\\n``)."""
    if not all(f.__class__ is str for f in fields):
        return False
    text = "".join(fields)
    return not any(c in text for c in ',"\r\n')


_HOUR_DELTAS: dict[tuple[int, ...], tuple[timedelta, ...]] = {}
"""``FREQ_HOURS`` values as offsets from midnight (built on first use; eMAR schedules)."""
_ONE_DAY = timedelta(days=1)
_MINUTES = tuple(timedelta(minutes=m) for m in range(1440))
"""``timedelta(minutes=m)`` for ``m`` < 1440 (eMAR charting delays, without a constructor call
per dose)."""
FREQ_HOURS = {
    "DAILY": (9,),
    "DAILY16": (16,),
    "QHS": (21,),
    "Q24H": (10,),
    "BID": (9, 21),
    "Q12H": (8, 20),
    "TID": (8, 14, 20),
    "Q8H": (6, 14, 22),
    "Q6H": (0, 6, 12, 18),
    "QACHS": (7, 12, 17, 21),
    "Q4H": (2, 6, 10, 14, 18, 22),
    "Q3H": (0, 3, 6, 9, 12, 15, 18, 21),
    "QID": (8, 12, 16, 20),
}


def intolerance_switch(key: str, info: dict[str, str] | None) -> str | None:
    """What replaces a home drug the patient stopped for a side effect that forbids it
    (``knowledge.INTOLERANCE_SWITCH``): the alternative's key, ``""`` (not restarted, no
    alternative), or None (restart as usual)."""
    if not info or info.get("adherence") != "self_discontinued":
        return None
    cls = kb.DRUGS[key].drug_class
    for drug_class, effect, alt in kb.INTOLERANCE_SWITCH:
        if cls == drug_class and info.get("reason", "").endswith(
            f"because of {effect}"
        ):
            return alt
    return None


def drug_plan(
    chart: Chart,
    cond: kb.Condition,
    conds: list[kb.Condition],
    home: list[str],
    hadm: int,
    admit: datetime,
    disch: datetime,
    truth: Truth,
    *,
    weight: float = 80.0,
    empiric_vancomycin: bool = False,
    age: int = 65,
    icu: bool = True,
) -> list[dict[str, Any]]:
    """Order the admission's drugs (home continued or held, inpatient, discharge, ward orders);
    returns each order's facts (``order``).

    ``weight`` (kg) sets weight-based doses (treatment enoxaparin; 4F-PCC is ordered
    after the admission draw by ``reverse_vka``); ``empiric_vancomycin`` adds
    IV vancomycin for 2-5 days from admission (``patient.EMPIRIC_VANCOMYCIN``); ``age`` decides
    age-bound ward extras (``extra_indicated``). A held home drug is ordered at admission and
    each of its scheduled doses is charted "Hold Dose" (it is never given), except a RAAS
    blocker, metformin or NSAID held for the kidneys, which is ordered so in ``HELD_ORDERED``
    of admissions and otherwise only listed: its entry (last in the list) has
    ``unordered=True`` and no table row, for the note's medication lists."""
    rng = chart.rng
    plan: list[tuple[str, datetime, datetime, bool]] = []
    held = set()
    bleeding = any(c.key in BLEEDING for c in conds)
    if bleeding:
        held |= BLEED_HELD
    if any(c.key in AKI_RISK for c in conds):
        held |= AKI_HELD
    if cond.key == "supratherapeutic_inr":
        held.add("warfarin")
    held_orders: set[str] = set()
    unordered: list[str] = []
    pci = None
    if cond.key in PCI_CONDITIONS:
        lo, hi = PCI_HOURS[cond.key]
        pci = min(
            admit + timedelta(minutes=int(rng.integers(lo * 60, hi * 60))),
            disch - timedelta(hours=6),
        )
    resume = None  # metformin held for a procedure restarts here
    if cond.key in SURGERY_CONDITIONS:
        resume = (admit + timedelta(days=1)).replace(hour=7, minute=0)
    elif pci is not None:
        resume = pci + timedelta(hours=CONTRAST_RESTART_HOURS)
    if resume is not None:
        resume = min(resume, disch - timedelta(hours=1))
    # a home drug of a duplication group the admission's own drug belongs to is replaced by it
    # for the stay (home omeprazole while an IV pantoprazole runs for a GI bleed)
    replaced = {
        kb.drugs.therapeutic_group(x)
        for c in conds
        for x in c.drugs
        if kb.DRUGS[x].drug_class in kb.drugs.THERAPEUTIC_GROUPS
    }
    intolerant: dict[str, str] = {}
    for d in home:
        if (
            kb.DRUGS[d].drug_class in kb.drugs.THERAPEUTIC_GROUPS
            and kb.drugs.therapeutic_group(d) in replaced
        ):
            continue
        never = truth.home_meds.get(d, {}).get("adherence") == "never_filled"
        switch = intolerance_switch(d, truth.home_meds.get(d))
        if switch is not None:
            intolerant[d] = switch
            unordered.append(d)  # not restarted: on the home list, no order
            if switch and switch not in home:
                plan.append((switch, admit + timedelta(hours=3), disch, True))
            continue
        if d in AKI_HELD and d in held and rng.random() >= HELD_ORDERED:
            unordered.append(d)  # held at reconciliation: on the home list, no order
            continue
        if d in held or never and rng.random() < 0.3:
            plan.append(
                (d, admit + timedelta(hours=3), admit + timedelta(hours=20), False)
            )
            if d in held:
                held_orders.add(d)
        elif d == "metformin" and resume is not None:
            plan.append(
                (d, resume, disch, True)
            )  # held for the procedure, then resumed
        else:
            plan.append((d, admit + timedelta(hours=3), disch, True))
    inpatient = [x for c in conds for x in c.drugs]
    courses: list[tuple[kb.Condition, tuple[str, ...]]] = []
    for c in conds:
        if c.antibiotics:
            regimens = c.antibiotics
            if chart.extras < 1:
                # a thin (sparse) chart is a mild course: an all-oral regimen when the condition
                # has one (e.g. nitrofurantoin for cystitis, IDSA 2011; levofloxacin for
                # non-severe pneumonia, ATS/IDSA 2019), so no IV bag (BASE) rows
                oral = [
                    r for r in regimens if all(kb.DRUGS[k].route == "PO" for k in r)
                ]
                regimens = tuple(oral) or regimens
            regimen = pick(rng, regimens)
            if c.key in kb.drugs.COURSE_DAYS:  # a treated infection, not prophylaxis
                courses.append((c, tuple(regimen)))
            else:
                inpatient += list(regimen)
    if empiric_vancomycin and chart.extras >= 1:
        inpatient.append("vancomycin")
    if not icu:
        # a vasopressor infusion runs only in an ICU (SCCM/ACCM ICU admission guidelines 2016;
        # Surviving Sepsis 2021): without an ICU stay the hypotension answered to fluids
        inpatient = [d for d in inpatient if d not in ICU_ONLY]
    # no DVT prophylaxis on top of a therapeutic anticoagulant (ACCP 2012 Kahn: prophylaxis is
    # for patients not already anticoagulated), e.g. a stroke on warfarin for AF
    therapeutic = {d for d in (*home, *inpatient) if d in THERAPEUTIC_ANTICOAGULANTS}
    coursed = {d for _c, regimen in courses for d in regimen}
    eve = datetime.combine(disch.date() - timedelta(days=1), datetime.min.time())
    eve += timedelta(hours=SWITCH_BY_HOUR)
    for d in dict.fromkeys(inpatient):
        if d in home or d in coursed:
            continue
        if therapeutic and d in PROPHYLACTIC_ANTICOAGULANTS:
            continue
        stop = disch - timedelta(hours=int(rng.integers(4, 30)))
        if kb.DRUGS[d].frequency == "ONCE":
            stop = admit + timedelta(hours=3)
        elif d in ICU_ONLY:
            # weaned off over the first 12-36 h of septic shock (the ICU's inputevents
            # follow this order: ``icu.icu_events``)
            stop = admit + timedelta(hours=int(rng.integers(*PRESSOR_HOURS)))
        elif d in ANTIBIOTIC_KEYS and cond.key in SURGICAL_PROPHYLAXIS:
            # surgical prophylaxis ends within 24 h of the operation (ASHP/IDSA/SIS/SHEA 2013)
            stop = admit + timedelta(hours=int(rng.integers(16, 25)))
        elif kb.DRUGS[d].drug_class in kb.drugs.ANTIBIOTIC_CLASSES or d == "vancomycin":
            # empiric cover (vancomycin) stops in hospital, by the eve of discharge
            days = int(rng.integers(3, 6))
            limit = admit + timedelta(days=days)
            if d == "vancomycin" and not any(c.antibiotics for c in conds):
                # a rule-out without an infection to treat (an ICU patient cultured pending
                # results) stops at 48-64 h as the cultures stay negative (Surviving Sepsis
                # 2021; IDSA/SHEA 2016 stewardship): it had run 3-5 days after an NSTEMI
                limit = admit + timedelta(hours=24 + 8 * days)
            stop = min(stop, limit, eve)
        plan.append(
            (
                d,
                admit + timedelta(hours=int(rng.integers(1, 4))),
                max(stop, admit + timedelta(hours=4)),
                False,
            )
        )
    course_facts: dict[str, dict[str, Any]] = {}
    for c, regimen in courses:
        for entry, facts in antibiotic_course(
            rng, c, regimen, admit, disch, eve, home, truth.allergies
        ):
            if entry[0] not in course_facts:  # one course per drug (two infections)
                plan.append(entry)
                course_facts[entry[0]] = facts
    for c in conds:
        for d in c.home:
            if d == "clopidogrel" and therapeutic & ORAL_ANTICOAGULANTS and pci is None:
                # a stroke on an oral anticoagulant for AF: the anticoagulant, no added
                # clopidogrel (2021 AHA/ASA secondary stroke prevention; triple therapy only
                # after a stent, 2020 ACC expert consensus)
                continue
            if c.key in kb.drugs.COURSE_DAYS and d in ANTIBIOTIC_KEYS:
                continue  # the course decides whether an antibiotic goes home
            running = [i for i, p in enumerate(plan) if p[0] == d and not p[3]]
            if d not in home and running and d not in ANTIBIOTIC_KEYS:
                # already ordered inpatient: that order continues to discharge (a second
                # discharge order at another strength would contradict the running one)
                if rng.random() < 0.85 or d in REQUIRED_AT_DISCHARGE.get(c.key, ()):
                    key, start, _stop, _ = plan[running[-1]]
                    plan[running[-1]] = (key, start, disch, True)
            elif d not in home and d not in {p[0] for p in plan if p[3]}:
                if rng.random() < 0.85 or d in REQUIRED_AT_DISCHARGE.get(c.key, ()):
                    hours = int(rng.integers(10, 24))
                    start = disch - timedelta(hours=hours)
                    if c.key in EARLY_SECONDARY_PREVENTION and not (
                        d in AKI_HELD and any(x.key in AKI_RISK for x in conds)
                    ):
                        # an ACE inhibitor waits for the kidneys in an AKI (KDIGO 2012
                        # 3.1; 2013 ACCF/AHA STEMI: ACEi in the first day "if no
                        # contraindication"): started at creatinine 4.0 and rising before
                        start = min(admit + timedelta(hours=hours - 4), start)
                    plan.append((d, start, disch, True))
    if cond.key in VTE_CONDITIONS:
        # the parenteral anticoagulant runs until the oral one starts (apixaban label: start
        # when the next parenteral dose is due; ACCP CHEST 2021 VTE): before, a PE's heparin
        # infusion could stop 15 h before its first apixaban dose
        oral = [p for p in plan if p[0] in ORAL_ANTICOAGULANTS and p[3]]
        if oral:
            first = min(p[1] for p in oral)
            plan = [
                (k, s0, max(first, s0 + timedelta(hours=1)), d)
                if k in ("heparin_gtt", "enoxaparin") and not d
                else (k, s0, s1, d)
                for k, s0, s1, d in plan
            ]
    if pci is not None and "clopidogrel" not in home:
        # loaded at the PCI, then 75 mg daily from the next morning to discharge
        plan = [p for p in plan if p[0] != "clopidogrel"]
        plan.append(("clopidogrel_load", pci, pci + timedelta(hours=1), False))
        after = pci + timedelta(
            hours=12
        )  # the first 75 mg the next 09:00 round, 12-36 h on
        nine = after.replace(hour=9, minute=0)
        daily = nine + timedelta(days=nine < after) - timedelta(hours=1)
        plan.append(
            ("clopidogrel", min(daily, disch - timedelta(hours=1)), disch, True)
        )
    drip = [i for i, p in enumerate(plan) if p[0] == "insulin_gtt"]
    if drip:
        # DKA/HHS: the infusion runs until the crisis resolves (DKA typically 12-24 h), then
        # subcutaneous basal-bolus insulin starts 1-2 h before it stops (ADA consensus,
        # Kitabchi AE et al., Diabetes Care 2009;32:1335). Before: the drip ran to the day
        # before discharge, 2-6 days.
        key, start, _stop, home_too = plan[drip[0]]
        end = min(
            admit + timedelta(hours=int(rng.integers(*INSULIN_DRIP_HOURS))),
            disch - timedelta(hours=4),
        )
        plan[drip[0]] = (key, start, max(end, start + timedelta(hours=4)), home_too)
        for i, (k, s0, s1, at_discharge) in enumerate(plan):
            if k in ("glargine", "insulin_ss") and s0 > end:
                plan[i] = (k, end - timedelta(hours=2), s1, at_discharge)
    # correctional insulin for diabetics on oral agents or basal insulin at home (ADA Standards
    # of Care 2024, section 16: insulin, not oral agents, is the inpatient default)
    diabetic = {"metformin", "glipizide", "glargine"} & set(home)
    if (
        diabetic
        and "insulin_ss" not in {p[0] for p in plan}
        and rng.random() < 0.6 * chart.extras
    ):
        plan.append(
            (
                "insulin_ss",
                admit + timedelta(hours=int(rng.integers(2, 8))),
                disch - timedelta(hours=int(rng.integers(2, 12))),
                False,
            )
        )
    # the usual inpatient orders of a hospital ward (prophylaxis, PRN symptom relief, bowel care)
    ordered = {p[0] for p in plan}
    anticoagulated = bleeding or any(
        kb.DRUGS[k].drug_class in ANTICOAGULANT_CLASSES for k in ordered
    )
    for options, prob in BACKGROUND_ORDERS:
        key = pick(rng, options)
        if anticoagulated and kb.DRUGS[key].drug_class in ANTICOAGULANT_CLASSES:
            continue
        if (
            key not in ordered
            and not set(options) & ordered
            and rng.random() < prob * chart.extras
            and not _duplicates(key, ordered)
        ):
            ordered.add(key)
            stop = disch - timedelta(hours=int(rng.integers(2, 30)))
            start = admit + timedelta(hours=int(rng.integers(2, 12)))
            plan.append((key, start, max(stop, start + timedelta(hours=6)), False))
    ordered = {p[0] for p in plan}
    if (
        "tobacco" in truth.chronic
        and rng.random() < NICOTINE_REPLACEMENT * chart.extras
    ):
        ordered.add("nicotine_patch")
        plan.append(("nicotine_patch", admit + timedelta(hours=3), disch, True))
    insulin = [  # a one-time IV dose (hyperkalaemia) brings no hypoglycaemia protocol
        p
        for p in plan
        if kb.DRUGS[p[0]].drug_class == "insulin" and kb.DRUGS[p[0]].frequency != "ONCE"
    ]
    if insulin and rng.random() < chart.extras:
        for key in HYPO_PROTOCOL:
            ordered.add(key)
            stop = min(insulin[0][2], disch - timedelta(hours=1))
            plan.append((key, insulin[0][1], max(stop, insulin[0][1]), False))
    # everyday ward orders up to a distinct-drug count drawn from the demo's distribution;
    # a thin (sparse) chart gets none: it stands for the demo's low tail (5 % of its admissions
    # have no prescription at all), where a sparse session must stay sparse
    # (a sparse chart stands for the demo's low tail, so the others draw from the quantiles
    # above it: ``LOW_TAIL``)
    target = demo_count(
        LOW_TAIL + (1 - LOW_TAIL) * float(rng.random()), "distinct_drugs"
    ) * (chart.extras >= 1)
    draw = rng.random(len(EXTRA_POOL)) ** _INV_WEIGHTS  # weighted order, no replacement
    added = 0
    reasons = {c.key for c in conds} | set(truth.chronic)
    codes = set(truth.background)
    # the classes ordered so far (all, and of ward drugs), kept as the loop adds: a ward
    # drug joins no drug of its class, nor anything a ward drug of that class
    classes = {kb.DRUGS[k].drug_class for k in ordered}
    ward_classes = {kb.DRUGS[k].drug_class for k in ordered if k in ward.WARD_KEYS}
    for i in np.argsort(-draw, kind="stable").tolist() if target else ():
        if len(ordered) >= target or added >= MAX_EXTRAS:
            break
        options, _w = EXTRA_POOL[i]
        if not _POOL_SETS[i].isdisjoint(ordered):
            continue
        key = options[0] if len(options) == 1 else pick(rng, options)
        if not extra_indicated(key, age, reasons, codes, chart):
            continue
        cls = kb.DRUGS[key].drug_class
        if cls in (classes if key in ward.WARD_KEYS else ward_classes):
            continue  # one drug of a class with a ward drug (no second IV fluid, sleep aid)
        if cls in _GROUPED_CLASSES and _duplicates(key, ordered):
            continue
        if key == "influenza_vaccine" and admit.month not in VACCINE_SEASON:
            continue
        if _ward_clash(key, ordered, classes, reasons):
            continue
        start = admit + timedelta(hours=int(rng.integers(1, 30)))
        if key == "influenza_vaccine" and start.month not in VACCINE_SEASON:
            continue  # admitted on 31 March, the order would fall on 1 April
        if start > disch - timedelta(hours=12):
            continue  # no comfort order is written in the last hours of a short stay
        if kb.DRUGS[key].frequency == "ONCE":
            stop = start + timedelta(hours=1)
        elif kb.DRUGS[key].drug_class == "IV fluid":
            stop = start + timedelta(hours=int(rng.integers(*FLUID_HOURS)))
        else:
            stop = disch - timedelta(hours=int(rng.integers(2, 30)))
        # an inpatient-only order stops before discharge (it is no discharge medication)
        stop = min(max(stop, start + timedelta(hours=1)), disch - timedelta(hours=1))
        if stop > start:
            ordered.add(key)
            classes.add(cls)
            if key in ward.WARD_KEYS:
                ward_classes.add(cls)
            added += 1
            plan.append((key, start, stop, False))
    plan = allergy_safe_plan(plan, truth.allergies)
    allergy_course_facts(course_facts, {p[0] for p in plan})
    doses = {
        "enoxaparin": float(
            min(max(round(weight * ENOXAPARIN_MG_PER_KG / 10) * 10, 40), 150)
        ),
        # 25 g glucose with the 10 units of insulin that shift potassium (UK KA 2020)
        "dextrose50": 25.0 if any(c.key == "hyperkalemia" for c in conds) else None,
        "apixaban": apixaban_dose(
            cond.key in VTE_CONDITIONS and "apixaban" not in home,
            age,
            weight,
            "ckd" in truth.chronic,
        ),
    }
    out = []
    seen_discharge: set[str] = set()
    for key, start, stop, at_discharge in plan:
        if at_discharge and key in seen_discharge:
            continue
        if at_discharge:
            seen_discharge.add(key)
        drug = kb.DRUGS[key]
        splittable = (
            drug.frequency in FREQ_HOURS
            and drug.drug_class not in kb.drugs.ANTIBIOTIC_CLASSES
            and key != "vancomycin"
        )
        if (
            key in HYPOGLYCAEMIA_REDUCED
            and key in home
            and cond.key == "hypoglycemia"
            and stop - start > timedelta(hours=12)
        ):
            # admitted for hypoglycaemia: the home basal insulin is re-ordered 20 % lower
            # once the team reviews it (ADA 2024 Standards 6 and 16: reduce by 10-20 % after
            # a hypoglycaemic event); before, it ran on unchanged while the course said
            # "hypoglycaemic medications reviewed"
            change = start + timedelta(hours=int(rng.integers(3, 10)))
            first = order(chart, hadm, key, start, change, False, True, disch, None)
            first["changed"] = True
            lower = float(max(1, round(first["dose"] * 0.8)))
            second = order(
                chart, hadm, key, change, stop, at_discharge, True, disch, lower
            )
            second["change_of"] = first["pharmacy_id"]
            second["hypoglycaemia_review"] = True  # responses reduce no second time
            out += [first, second]
            continue
        if splittable and stop - start > timedelta(days=2):
            if rng.random() < DOSE_CHANGE * chart.extras:
                days = (stop - start).total_seconds() / 86400
                change = start + timedelta(days=float(rng.uniform(1.0, days - 0.5)))
                first = order(
                    chart,
                    hadm,
                    key,
                    start,
                    change,
                    False,
                    key in home,
                    disch,
                    doses.get(key),
                )
                first["changed"] = True
                again = None
                if key in MONITORED:  # renewed at the same or a lower strength
                    again = float(
                        pick(rng, [x for x in drug.doses if x <= first["dose"]])
                    )
                second = order(
                    chart,
                    hadm,
                    key,
                    change,
                    stop,
                    at_discharge,
                    key in home,
                    disch,
                    again if again is not None else doses.get(key),
                )
                second["change_of"] = first["pharmacy_id"]
                out += [first, second]
                continue
        out.append(
            order(
                chart,
                hadm,
                key,
                start,
                stop,
                at_discharge,
                key in home,
                disch,
                doses.get(key),
                held=key in held_orders and not at_discharge,
            )
        )
    for row in out:
        row.update(course_facts.get(row["key"], {}))
    for key in unordered:
        drug = kb.DRUGS[key]
        out.append(
            {
                "key": key,
                "name": drug.name,
                "dose": float(pick(rng, drug.doses)),
                "drug": drug,
                "home": True,
                "discharge": False,
                "held": True,
                "unordered": True,
                **({"intolerant": intolerant[key]} if key in intolerant else {}),
            }
        )
    return out


EARLY_SECONDARY_PREVENTION = frozenset({"stemi", "nstemi", "stroke"})
"""Conditions whose secondary prevention starts in the first day, not on the eve of discharge:
a high-intensity statin and an oral beta-blocker within 24 h of an acute coronary syndrome
(2013 ACCF/AHA STEMI and 2014 AHA/ACC NSTE-ACS guidelines, class I), a statin in hospital after
an ischaemic stroke (2019 AHA/ASA). Before: they started 10-24 h before discharge (a STEMI's
atorvastatin on day 4)."""
THERAPEUTIC_ANTICOAGULANTS = frozenset(
    {"warfarin", "apixaban", "heparin_gtt", "enoxaparin"}
)
"""Anticoagulants at treatment doses (``enoxaparin`` is 1 mg/kg; ``enoxaparin_ppx`` 40 mg)."""
ORAL_ANTICOAGULANTS = frozenset({"warfarin", "apixaban"})
PROPHYLACTIC_ANTICOAGULANTS = frozenset({"heparin_sc", "enoxaparin_ppx"})


ICU_ONLY = frozenset({"norepinephrine"})
"""Drugs given only in an ICU (vasopressor infusions)."""
PRESSOR_HOURS = (14, 39)
"""Hours from admission a vasopressor runs (the ICU weans it over 12-36 h of its stay).
Before: the order ran to the day before discharge, a median of 11 days."""


def _duplicates(key: str, ordered: set[str]) -> bool:
    """True when an ordered drug is of ``key``'s duplication group (a ward pantoprazole on
    top of a home omeprazole; ``knowledge.drugs.THERAPEUTIC_GROUPS``)."""
    if kb.DRUGS[key].drug_class not in kb.drugs.THERAPEUTIC_GROUPS:
        return (
            False  # senna with bisacodyl, oxycodone with an IV opioid PRN: a usual pair
        )
    group = kb.drugs.therapeutic_group(key)
    return any(kb.drugs.therapeutic_group(k) == group for k in ordered)


HYPOGLYCAEMIA_REDUCED = frozenset({"glargine"})
"""Home drugs a hypoglycaemia admission re-orders lower (a sulfonylurea is stopped by
``responses.treat_hypoglycaemia``)."""
VTE_CONDITIONS = frozenset({"pe", "dvt"})
"""Acute venous thromboembolism: apixaban starts at the treatment (loading) dose."""


def apixaban_dose(vte: bool, age: int, weight: float, ckd: bool) -> float:
    """Apixaban mg twice daily (ELIQUIS prescribing information): 10 mg for the first 7 days
    of treating an acute DVT or PE (then 5 mg; AMPLIFY, Agnelli G et al., N Engl J Med
    2013;369:799), with no renal or age reduction; otherwise (atrial fibrillation) 5 mg, or
    2.5 mg with two of age >= 80, weight <= 60 kg and creatinine >= 1.5 mg/dL (2023
    ACC/AHA/ACCP/HRS AF guideline). CKD stands for the creatinine criterion: its baseline
    creatinine is 1.5-2.4 mg/dL here. Before: 2.5 or 5 mg at random, so a PE went home on
    2.5 mg."""
    if vte:
        return 10.0
    criteria = (age >= 80) + (weight <= 60) + ckd
    return 2.5 if criteria >= 2 else 5.0


@cache
def allergy_alternatives(key: str) -> tuple[str, ...]:
    """The drugs (knowledge keys) ordered instead of ``key`` when an allergy rules it out:
    ``vocab.drugs.ALLERGY_ALTERNATIVES`` of its generic, each by the same route when the
    hospital stocks it so (oral metronidazole for an oral amoxicillin-clavulanate)."""
    words = re.findall(
        r"[a-z]{6,}", kb.DRUGS[key].name.lower()
    )  # "sulfameth" abbreviates
    generic = next(
        (g for g in ALLERGY_ALTERNATIVES if any(g.startswith(w) for w in words)), None
    )
    out = []
    for alt in ALLERGY_ALTERNATIVES.get(generic or "", ()):
        keys = [k for k, d in kb.DRUGS.items() if alt in d.name.lower()]
        same = [k for k in keys if kb.DRUGS[k].route == kb.DRUGS[key].route]
        if same or keys:
            out.append((same or keys)[0])
    return tuple(out)


def allergy_safe(keys: list[str], allergies: list[str]) -> list[str]:
    """``keys`` with every drug a recorded allergy rules out (``clinical.allergy``) replaced
    by its alternatives (``knowledge.drugs.ALLERGY_ALTERNATIVES``) that are not already in
    ``keys``, in place."""
    if not allergies:
        return keys
    out: list[str] = []
    for key in keys:
        if allowed(kb.DRUGS[key].name, allergies):
            out.append(key)
            continue
        for alt in allergy_alternatives(key):
            if (
                alt not in keys
                and alt not in out
                and allowed(kb.DRUGS[alt].name, allergies)
            ):
                out.append(alt)
    return out


def allergy_safe_plan(
    plan: list[tuple[str, datetime, datetime, bool]], allergies: list[str]
) -> list[tuple[str, datetime, datetime, bool]]:
    """The admission's orders with no drug a recorded allergy rules out: each such order
    becomes its alternatives at the same times (piperacillin-tazobactam -> cefepime and
    metronidazole for a penicillin allergy), dropped when an alternative is already ordered.
    No random draw: an admission without an allergy keeps its exact plan."""
    if not allergies:
        return plan
    ordered = {p[0] for p in plan}
    out = []
    for key, start, stop, at_discharge in plan:
        if allowed(kb.DRUGS[key].name, allergies):
            out.append((key, start, stop, at_discharge))
            continue
        for alt in allergy_alternatives(key):
            if alt not in ordered and allowed(kb.DRUGS[alt].name, allergies):
                ordered.add(alt)
                out.append((alt, start, stop, at_discharge))
    return out


def antibiotic_course(
    rng: np.random.Generator,
    cond: kb.Condition,
    regimen: tuple[str, ...],
    admit: datetime,
    disch: datetime,
    eve: datetime,
    home: list[str],
    allergies: list[str] | None = None,
) -> list[tuple[tuple[str, datetime, datetime, bool], dict[str, Any]]]:
    """The orders of one treated infection's antibiotic course, with the facts the note
    states (plan entries ``(key, start, stop, at_discharge)`` and their facts).

    The course lasts ``knowledge.drugs.COURSE_DAYS`` in all. IV agents run ``IV_HOURS`` and are then replaced
    by their oral agent of the same spectrum (``knowledge.drugs.STEP_DOWN``); when the course outlasts the
    stay (it ends on or after the discharge day) the oral agent runs to discharge and goes
    home, and the switch happens by the eve of discharge (``SWITCH_BY_HOUR``); otherwise
    the course ends in hospital. Azithromycin beside a beta-lactam is a 3-5-day course of
    its own (``MACROLIDE_DAYS``)."""
    lo, hi = kb.drugs.COURSE_DAYS[cond.key]
    days = int(rng.integers(lo, hi + 1))
    start = admit + timedelta(hours=int(rng.integers(1, 4)))
    end = start + timedelta(days=days)
    goes_home = end.date() >= disch.date()
    switch = start + timedelta(hours=int(rng.integers(*IV_HOURS)))
    if goes_home:
        switch = min(switch, eve)
    switch = max(switch, start + timedelta(hours=4))
    step = kb.drugs.step_down(cond.key)
    ivs = [d for d in regimen if kb.DRUGS[d].route != "PO"]
    for c, ruled_out, alt in kb.drugs.STEP_DOWN_IN_ALLERGY:
        if c == cond.key and not allowed(kb.DRUGS[ruled_out].name, allergies or []):
            step = {d: alt if o == ruled_out else o for d, o in step.items()}
    oral_for = {d: step[d] for d in ivs if step.get(d)}
    out: list[tuple[tuple[str, datetime, datetime, bool], dict[str, Any]]] = []
    for d in ivs:
        stop = min(switch, end) if d in step else min(end, eve)
        facts = {"course_days": days, "iv_until": stop}
        if d in oral_for and stop < end:
            facts["switched_to"] = kb.DRUGS[oral_for[d]].name
        out.append(((d, start, max(stop, start + timedelta(hours=4)), False), facts))
    orals = [(o, switch) for o in oral_for.values() if switch < end]
    orals += [(d, start) for d in regimen if kb.DRUGS[d].route == "PO"]
    for d, begin in _first(orals):
        if d in home:
            continue
        last = end
        if d == "azithromycin" and len(regimen) > 1:
            last = start + timedelta(days=int(rng.integers(*MACROLIDE_DAYS)))
            if any(
                kb.DRUGS[o].drug_class == "fluoroquinolone" for o in oral_for.values()
            ):
                # a respiratory fluoroquinolone covers atypicals alone (ATS/IDSA 2019)
                last = min(last, max(switch, begin + timedelta(hours=4)))
        facts = {"course_days": days, "oral_from": begin}
        if last.date() >= disch.date():
            facts["goes_home"] = True
            out.append(((d, begin, disch, True), facts))
        else:
            out.append(
                ((d, begin, max(last, begin + timedelta(hours=4)), False), facts)
            )
    return out


ORAL_TARGETED: tuple[tuple[str, tuple[str, ...]], ...] = (
    # (oral agent, the panel antibiotics that report it, first tested decides; CLSI M100
    # 2023: cefazolin predicts oral cephalosporins, penicillin or ampicillin predicts
    # amoxicillin for streptococci and enterococci)
    ("cephalexin", ("CEFAZOLIN",)),
    ("amox_clav", ("AMPICILLIN/SULBACTAM", "AMPICILLIN", "PENICILLIN G")),
    ("tmp_smx", ("TRIMETHOPRIM/SULFA",)),
    ("ciprofloxacin", ("CIPROFLOXACIN",)),
    ("levofloxacin", ("LEVOFLOXACIN",)),
    ("doxycycline", ("TETRACYCLINE",)),
)
"""Oral agents, narrowest first, to which a targeted IV antibiotic running to discharge is
switched when every isolate tested susceptible (IDSA/SHEA stewardship 2016: IV-to-oral
switch; IDSA 2023 AMR guidance: oral step-down per susceptibilities)."""


def _oral_active(panel: tuple[str, ...], profile: dict[str, str]) -> bool:
    """Whether the first antibiotic of ``panel`` the isolate was tested for reads S."""
    tested = next((a for a in panel if a in profile), None)
    return tested is not None and profile[tested] == "S"


def oral_after_targeted(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    profiles: list[dict[str, str]],
    allergies: list[str],
    disch: datetime,
) -> None:
    """An IV antibiotic still running to discharge (a targeted agent started on a resistant
    isolate, ``responses.switch_resistant``) is switched by the eve of discharge
    (``SWITCH_BY_HOUR``) to the first oral agent of ``ORAL_TARGETED`` every isolate tested
    susceptible to and the patient is not allergic to; it then goes home by mouth, as the
    courses of ``antibiotic_course`` do. Without such an agent the IV order stays (home IV
    therapy is not modelled). ``profiles``: the isolates' ``{antibiotic: S|R}``."""
    eve = datetime.combine(disch.date() - timedelta(days=1), datetime.min.time())
    eve += timedelta(hours=SWITCH_BY_HOUR)
    _replace_stopped_home_course(chart, hadm, drugs, profiles, allergies, disch)
    for d in [x for x in drugs if x["discharge"] and x["drug"].route == "IV"]:
        if not (d["drug"].antibiotic or d["key"] == "vancomycin"):
            continue
        oral = _first_oral_active(profiles, allergies)
        if oral is None:
            continue
        # a targeted agent started at the eve itself gets its first dose and is switched
        # before midnight (it ran 4 h into the discharge day once the random stream put a
        # resistant result at the eve: the discharge day holds no IV antibiotic)
        switch = min(
            max(d["start"] + timedelta(hours=4), eve),
            max(eve + timedelta(hours=3), d["start"] + timedelta(hours=1)),
            disch - timedelta(hours=1),
        )
        days = max((x.get("course_days", 0) for x in drugs), default=0) or 7
        _stop_order(chart, drugs, d, switch)
        d.update(course_days=days, iv_until=switch, switched_to=kb.DRUGS[oral].name)
        if any(x["discharge"] and x["key"] == oral for x in drugs):
            continue  # the oral agent already goes home (one discharge order of a drug)
        row = order(chart, hadm, oral, switch, disch, True, False, disch)
        row.update(course_days=days, oral_from=switch)
        drugs.append(row)


def _first_oral_active(
    profiles: list[dict[str, str]], allergies: list[str]
) -> str | None:
    """The first ``ORAL_TARGETED`` agent every isolate tested susceptible to and no recorded
    allergy rules out."""
    return next(
        (
            k
            for k, panel in ORAL_TARGETED
            if profiles
            and all(_oral_active(panel, p) for p in profiles)
            and allowed(kb.DRUGS[k].name, allergies)
        ),
        None,
    )


def _replace_stopped_home_course(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    profiles: list[dict[str, str]],
    allergies: list[str],
    disch: datetime,
) -> None:
    """A course's oral agent meant to go home that a resistant isolate stopped
    (``responses.switch_resistant``, e.g. cephalexin for an MRSA cellulitis while the
    running vancomycin covered it) with no antibiotic left going home: the first active
    oral agent (TMP-SMX or doxycycline for MRSA, IDSA 2014) completes the course from the
    stop."""
    if any(x["discharge"] and x.get("course_days") for x in drugs):
        return
    for d in [x for x in drugs if x.get("goes_home") and not x["discharge"]]:
        oral = _first_oral_active(profiles, allergies)
        if oral is None or d["stop"] >= disch - timedelta(hours=1):
            return
        row = order(chart, hadm, oral, d["stop"], disch, True, False, disch)
        row.update(course_days=d["course_days"], oral_from=d["stop"])
        drugs.append(row)
        return


def allergy_course_facts(facts: dict[str, dict[str, Any]], ordered: set[str]) -> None:
    """Course facts after ``allergy_safe_plan``: an oral step-down the allergy ruled out
    (amoxicillin-clavulanate in a penicillin allergy) hands its facts to the alternatives
    ordered instead, and the IV agent's ``switched_to`` names them (the note states the
    course the orders ran)."""
    for key in [k for k in facts if k not in ordered]:
        old = facts.pop(key)
        alts = [a for a in allergy_alternatives(key) if a in ordered]
        for alt in alts:
            facts.setdefault(alt, dict(old))
        name = kb.DRUGS[key].name
        for f in facts.values():
            if f.get("switched_to") == name:
                if alts:
                    f["switched_to"] = " and ".join(kb.DRUGS[a].name for a in alts)
                else:
                    f.pop("switched_to")


def _first(pairs: list[tuple[str, datetime]]) -> list[tuple[str, datetime]]:
    """``pairs`` with each key once (its first occurrence: a step-down agent that is also in
    the regimen, ciprofloxacin after ceftriaxone, starts at the switch)."""
    seen: dict[str, datetime] = {}
    for key, when in pairs:
        seen.setdefault(key, when)
    return list(seen.items())


def once(
    chart: Chart,
    hadm: int,
    key: str,
    start: datetime,
    disch: datetime,
    dose: float | None = None,
) -> dict[str, Any]:
    """A one-time order answering a result (repletion, rescue glucose, a potassium shift): one
    hour long, not a discharge or home drug (:func:`order`)."""
    return order(
        chart, hadm, key, start, start + timedelta(hours=1), False, False, disch, dose
    )


def order(
    chart: Chart,
    hadm: int,
    key: str,
    start: datetime,
    stop: datetime,
    at_discharge: bool,
    home: bool,
    disch: datetime,
    dose: float | None = None,
    held: bool = False,
) -> dict[str, Any]:
    """One order: prescriptions, pharmacy and its eMAR rows; returns the order's facts.

    ``held``: a home drug held on admission (its scheduled doses charted "Hold Dose")."""
    rng = chart.rng
    drug = kb.DRUGS[key]
    dose = float(pick(rng, drug.doses)) if dose is None else dose
    dose_text = f"{dose:g}"
    if key in RANGE_DOSES and rng.random() < 0.5:
        low, high = pick(rng, RANGE_DOSES[key])
        dose, dose_text = float(low), f"{low:g}-{high:g}"
    pid = chart.ids.next("pharmacy")
    start_text, stop_text = ts(start), ts(stop)  # each written twice below
    row = {
        "key": key,
        "name": drug.name,
        "dose": dose,
        "dose_text": dose_text,
        "drug": drug,
        "pharmacy_id": pid,
        "start": start,
        "stop": stop,
        "discharge": at_discharge,
        "home": home,
        "held": held,
    }
    chart.add(
        "hosp/prescriptions",
        {
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "pharmacy_id": pid,
            "poe_id": f"{chart.sid}-{pid % 100000}",
            "poe_seq": pid % 100000,
            "starttime": start_text,
            "stoptime": stop_text,
            "drug_type": "MAIN",
            "drug": drug.name,
            "formulary_drug_cd": key.upper()[:10],
            "prod_strength": f"{dose:g}{drug.unit}",
            "form_rx": drug.form,
            "dose_val_rx": dose_text,
            "dose_unit_rx": drug.unit,
            "form_val_disp": "1",
            "form_unit_disp": drug.form,
            "doses_per_24_hrs": drug.doses_per_24,
            "route": drug.route,
        },
    )
    if key in BASES:
        base, ml = BASES[key]
        chart.add(
            "hosp/prescriptions",
            {
                **chart.rows["hosp/prescriptions"][-1],
                "drug_type": "BASE",
                "drug": base,
                "formulary_drug_cd": base.upper().replace(" ", "")[:10],
                "prod_strength": f"{ml:g}mL Bag",
                "form_rx": None,
                "dose_val_rx": f"{ml:g}",
                "dose_unit_rx": "mL",
                "form_val_disp": f"{ml:g}",
                "form_unit_disp": "mL",
            },
        )
    chart.add(
        "hosp/pharmacy",
        {
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "pharmacy_id": pid,
            "starttime": start_text,
            "stoptime": stop_text,
            "medication": drug.name,
            "proc_type": "Unit Dose",
            "status": "Discontinued"
            if stop < disch
            else "Discontinued via patient discharge",
            "entertime": ts(start - timedelta(minutes=20)),
            "verifiedtime": ts(start - timedelta(minutes=5)),
            "route": drug.route,
            "frequency": drug.frequency.replace("DAILY16", "DAILY16"),
            "disp_sched": ",".join(str(h) for h in FREQ_HOURS.get(drug.frequency, ())),
            "doses_per_24_hrs": drug.doses_per_24,
        },
    )
    emar(chart, hadm, row)
    return row


UNANSWERED_POTASSIUM = 0.4
"""Share of low potassium results (< 3.5 mmol/L) the team has not replaced when the record
is read: a planted event the agent has to catch, as the planted drug-lab values are. Before,
every low potassium was replaced within 1-3 h, so on the day of a low result the record always
showed the dose already given and "replace it" was never the answer (issue #36). Hypokalaemia
in hospital is often left uncorrected (Crop MJ et al., Nephrol Dial Transplant 2007;22:3471).
One draw per low result, before its order time is drawn."""


def repletion(
    chart: Chart,
    hadm: int,
    series: dict[int, list[tuple[datetime, float]]],
    drugs: list[dict[str, Any]],
    disch: datetime,
) -> None:
    """Electrolyte repletion ordered after each low potassium or magnesium result (a share
    of low potassium results left unanswered, ``UNANSWERED_POTASSIUM``)."""
    rng = chart.rng
    for itemid, key, limit, dose in (
        (50971, "potassium_chloride", 3.5, lambda v: 40.0 if v < 3.2 else 20.0),
        (50960, "magnesium_sulfate", 1.7, lambda v: 2.0),
    ):
        for when, v in series.get(itemid, []):
            if v < limit and itemid == 50971 and rng.random() < UNANSWERED_POTASSIUM:
                continue
            start = when + timedelta(minutes=int(rng.integers(60, 200)))
            if v < limit and start + timedelta(hours=1) < disch:
                drugs.append(
                    once(
                        chart,
                        hadm,
                        key,
                        start,
                        disch,
                        dose(v),
                    )
                )


def review(
    chart: Chart,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    planted: set[str],
) -> None:
    """Stop orders that a result contradicts (``STOP_RULES``): the first such result before
    an order's end stops it ``REVIEW_HOURS`` later (no dose given after, no discharge order);
    an order that would start after the stop (a home drug ordered after the admission draw, a
    drug started for discharge) is withdrawn. ``planted``: keys of the pairs
    whose unsafe drug-effect values the team leaves unanswered (``planting.unanswered``: planted
    or not)."""
    rng = chart.rng
    for keys, itemid, above, below, pair in STOP_RULES:
        if pair in planted:
            continue
        mine = [d for d in drugs if d["key"] in keys]
        if not mine:
            continue
        for when, v in series.get(itemid, []):
            if not (
                (above is not None and v > above) or (below is not None and v < below)
            ):
                continue
            if not [d for d in mine if when < d["stop"]]:
                continue  # nothing running or still to come
            stop = when + timedelta(hours=int(rng.integers(*REVIEW_HOURS)))
            for d in mine:
                if d["stop"] > stop:
                    _stop_order(chart, drugs, d, stop)
            break


def four_ts(top: float, nadir: float, day: float, other_cause: bool) -> int:
    """The 4Ts pre-test score of HIT (Lo GK et al., J Thromb Haemost 2006;4:759) for a
    platelet fall from ``top`` to ``nadir`` (K/uL) on heparin ``day``: thrombocytopenia (a
    fall > 50 % with a nadir >= 20: 2; 30-50 % or nadir 10-19: 1), timing (day 5-10: 2;
    later: 1), thrombosis (none modelled: 0), other causes (possible, e.g. sepsis: 1;
    none apparent: 2)."""
    fall = 1 - nadir / top
    if fall > 0.5 and nadir >= 20:
        drop = 2
    elif 0.3 <= fall <= 0.5 or 10 <= nadir < 20:
        drop = 1
    else:
        drop = 0
    timing = 2 if HIT_DAYS[0] <= day <= HIT_DAYS[1] else 1
    return drop + timing + 0 + (1 if other_cause else 2)


def suspect_hit(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    disch: datetime,
    *,
    icu: bool = False,
    other_cause: bool = False,
) -> dict[str, Any] | None:
    """Suspected heparin-induced thrombocytopenia: the first platelet count on day 5-10 of
    heparin below half of the highest count of the first four days, with a 4Ts score of
    4 or more (intermediate or high probability), stops every heparin order 2-6 h after
    the draw and starts argatroban (2 mcg/kg/min, 1 in the ICU), switched to apixaban 5 mg
    BID by the eve of discharge (ASH 2018 HIT guideline, Cuker A et al., Blood Adv
    2018;2:3360: stop all heparin and start a non-heparin anticoagulant at an intermediate
    or high 4Ts score). The anti-PF4 antibody test is not modelled (no item among the
    hospital's lab items). Returns what the note states, or None."""
    hep = [d for d in drugs if d["key"] in HEPARINS]
    counts = series.get(PLATELETS, [])
    if not hep or not counts:
        return None
    first = min(d["start"] for d in hep)
    early = [v for w, v in counts if first <= w <= first + timedelta(days=HIT_DAYS[0])]
    if not early:
        return None
    top = max(early)
    rng = chart.rng
    eve = datetime.combine(disch.date() - timedelta(days=1), datetime.min.time())
    eve += timedelta(hours=20)
    for when, v in counts:
        day = (when - first).total_seconds() / 86400
        if day < HIT_DAYS[0] or v >= 0.5 * top:
            continue
        score = four_ts(top, v, day, other_cause)
        running = any(d["start"] <= when < d["stop"] for d in hep)
        act = when + timedelta(hours=int(rng.integers(*REVIEW_HOURS)))
        if (
            day > HIT_DAYS[1]
            or score < 4
            or not running
            or act > eve - timedelta(hours=12)
        ):
            return None
        for d in list(hep):
            if d["stop"] > act:
                _stop_order(chart, drugs, d, act)
        switch = min(act + timedelta(hours=int(rng.integers(*ARGATROBAN_HOURS))), eve)
        info = {
            "from": top,
            "to": v,
            "day": int(day) + 1,
            "score": score,
        }
        arg = order(
            chart,
            hadm,
            "argatroban",
            act,
            switch,
            False,
            False,
            disch,
            1.0 if icu else 2.0,
        )
        arg["hit"] = info
        doac = order(chart, hadm, "apixaban", switch, disch, True, False, disch, 5.0)
        drugs += [arg, doac]
        return info
    return None


def _stop_order(
    chart: Chart, drugs: list[dict[str, Any]], d: dict[str, Any], stop: datetime
) -> None:
    """Stop one order at ``stop`` in every table (withdrawn when it had not started)."""
    pid = d["pharmacy_id"]
    gone = d["start"] >= stop
    d["discharge"] = False
    d["stop"] = stop
    for table in ("hosp/prescriptions", "hosp/pharmacy"):
        rows = chart.rows.get(table, [])
        if gone:
            rows[:] = [r for r in rows if r["pharmacy_id"] != pid]
            continue
        for r in rows:
            if r["pharmacy_id"] == pid:
                r["stoptime"] = ts(stop)
                if table == "hosp/pharmacy":
                    r["status"] = "Discontinued"
    # eMAR rows are lists: [.., emar_id (2), .., pharmacy_id (5), .., charttime (7), ..]
    emar_rows = chart.rows.get("hosp/emar", [])
    late = {r[2] for r in emar_rows if r[5] == pid and (gone or r[7] >= ts(stop))}
    if late:
        emar_rows[:] = [r for r in emar_rows if r[2] not in late]
        detail = chart.rows.get("hosp/emar_detail", [])
        detail[:] = [r for r in detail if r[1] not in late]
    if gone:
        drugs.remove(d)
        for other in drugs:
            if other.get("changed") and other["key"] == d["key"]:
                other.pop("changed")


def no_discharge_drugs(
    chart: Chart, drugs: list[dict[str, Any]], disch: datetime
) -> None:
    """The patient died: orders that ran to discharge stop at the time of death."""
    stop = ts(disch - timedelta(minutes=30))
    ids = {d["pharmacy_id"] for d in drugs if d["discharge"]}
    for d in drugs:
        d["discharge"] = False
    for table in ("hosp/prescriptions", "hosp/pharmacy"):
        for r in chart.rows.get(table, []):
            if r["pharmacy_id"] in ids:
                r["stoptime"] = stop
                if table == "hosp/pharmacy":
                    r["status"] = "Discontinued"


def emar(chart: Chart, hadm: int, row: dict[str, Any]) -> None:
    """eMAR rows of one order: scheduled doses (a few "Not Given"), PRN doses when needed,
    start/stop of infusions; charted minutes after the scheduled time."""
    rng = chart.rng
    drug: kb.Drug = row["drug"]
    if row["key"] in HYPO_PROTOCOL:
        return
    base, prn = drug.frequency.split()[0], drug.frequency.endswith("PRN")
    hours = FREQ_HOURS.get(base)
    if drug.frequency in ("CONTINUOUS", "ONCE") or hours is None:
        times = [row["start"] + timedelta(minutes=int(rng.integers(5, 40)))]
        events = ["Started" if drug.frequency == "CONTINUOUS" else "Administered"]
        if drug.frequency == "CONTINUOUS" and row["stop"] > times[0]:
            times.append(row["stop"])
            events.append("Stopped")
        sched = list(times)
        late = None
    else:
        start, stop = row["start"], row["stop"]
        offsets = _HOUR_DELTAS.get(hours)
        if offsets is None:
            offsets = _HOUR_DELTAS[hours] = tuple(timedelta(hours=h) for h in hours)
        sched, day = [], start.replace(hour=0, minute=0, second=0)
        while day < stop and len(sched) < 60:
            for off in offsets:
                when = day + off
                if start <= when < stop:
                    sched.append(when)
            day += _ONE_DAY
        if prn:
            use = PRN_USE.get(row["key"], PRN_DEFAULT)
            sched = [x for x in sched if rng.random() < use]
        late = rng.integers(0, 170 if prn else 45, len(sched)).tolist()
        # a missed scheduled dose is "Not Given" or held by the nurse ("Hold Dose", e.g. an
        # antihypertensive held for low pressure), at the demo's eMAR shares
        missed = rng.random(len(sched)).tolist()
        events = [
            "Administered"
            if prn or u >= NOT_GIVEN + HOLD_DOSE
            else ("Hold Dose" if u < HOLD_DOSE else "Not Given")
            for u in missed
        ]
        if row.get("held"):  # held on admission: every scheduled dose held
            events = ["Hold Dose"] * len(events)
    dose = row.get("dose_text")
    if dose is None:
        dose = f"{row['dose']:g}"
    given = dose.split("-")[int(rng.integers(2))] if "-" in dose else dose
    emar_add = chart.rows.setdefault("hosp/emar", []).append
    detail_add = chart.rows.setdefault("hosp/emar_detail", []).append
    sid, pid = chart.sid, row["pharmacy_id"]
    prefix = f"{sid}-{pid % 1000000}-"
    name, unit, route = drug.name, drug.unit, drug.route
    three = timedelta(minutes=3)
    mid, tail = _DETAIL_GAPS
    # the constant part of this order's detail rows, built once (a row is a head + one)
    # as one joined cell (``writer.joined``): the writer then joins 4 fields a row, not 30
    # (not for orders whose detail rows ``sliding_scale`` rewrites by position)
    if row["key"] in _DETAIL_REWRITTEN:
        given_tail = ["1.1", "", pid, "", "", "", dose, unit, given, unit]
        given_tail += [*mid, route, *tail]
        missed_tail = [
            "1.1",
            "",
            pid,
            "",
            "",
            "",
            dose,
            unit,
            "",
            "",
            *mid,
            route,
            *tail,
        ]
    elif _plain(dose, unit, given, route):
        given_tail = [f"1.1,,{pid},,,,{dose},{unit},{given},{unit}{_MID}{route}{_END}"]
        missed_tail = [f"1.1,,{pid},,,,{dose},{unit},,{_MID}{route}{_END}"]
    else:
        given_tail = joined(
            ["1.1", "", pid, "", "", "", dose, unit, given, unit, *mid, route, *tail]
        )
        missed_tail = joined(
            ["1.1", "", pid, "", "", "", dose, unit, "", "", *mid, route, *tail]
        )
    cached = TS_TEXT.get  # ``cached(t) or ts(t)`` is ``ts(t)``, without a call on a hit
    for seq, (ev, due) in enumerate(zip(events, sched, strict=True), start=1):
        emar_id = prefix + str(seq)
        due_text = cached(due) or ts(due)
        if late is None:  # one-time or infusion: charted at its own time
            when = times[seq - 1]
            when_text = cached(when) or ts(when)
            later = when + three
            later_text = cached(later) or ts(later)
        else:  # a scheduled slot (on the hour) charted ``late`` minutes after it
            m = late[seq - 1]
            h, end = due.hour, m + 3
            if h + end // 60 < 24 and not (due.minute or due.second):
                # the same text ``ts`` writes, from the slot's date text (no datetime
                # arithmetic, no memo entry for a time seen once)
                day = due_text[:11]
                when_text = day + CLOCK_TEXT[h + m // 60][m % 60] + "00"
                later_text = day + CLOCK_TEXT[h + end // 60][end % 60] + "00"
            else:
                when = due + _MINUTES[m]
                when_text, later_text = ts(when), ts(when + three)
        emar_add(
            [
                sid,
                hadm,
                emar_id,
                seq,
                "",
                pid,
                "",
                when_text,
                name,
                ev,
                due_text,
                later_text,
            ]
        )
        detail_add(
            [sid, emar_id, seq] + (given_tail if ev == "Administered" else missed_tail)
        )


GLUCOSE_ITEM = 50931
CORRECTION_SCALE: tuple[tuple[float, int], ...] = (
    (150.0, 0),
    (200.0, 2),
    (250.0, 4),
    (300.0, 6),
    (350.0, 8),
)
"""Low-dose correction ("sliding scale") insulin, units of regular insulin by the glucose
before the dose: none at or below 150 mg/dL, then 2 units per 50 mg/dL, 10 units above 350
(the supplemental scale of the RABBIT 2 trial, Umpierrez GE et al., Diabetes Care
2007;30:2181; ADA Standards of Care 2024, section 16: correction insulin by the
pre-meal glucose). The demo's eMAR charts a scale that calls for nothing as "Not Given per
Sliding Scale" (860 of its 2,757 insulin events, most at a glucose below 150)."""
SCALE_ABOVE = 10
FINGERSTICK_CV = 0.12
"""A bedside glucose differs from the laboratory's last value (time since the draw, meals,
capillary vs venous): the scale reads the laboratory value times a lognormal factor with
this spread, so a few doses fall on the other side of a threshold, as in the demo."""
_NOT_PER_SCALE = "Not Given per Sliding Scale"


def correction_units(glucose: float) -> int:
    """Units of correction insulin that ``CORRECTION_SCALE`` calls for at ``glucose``."""
    for upper, units in CORRECTION_SCALE:
        if glucose <= upper:
            return units
    return SCALE_ABOVE


def sliding_scale(
    chart: Chart,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
) -> None:
    """Chart each given sliding-scale dose by the glucose before it (``CORRECTION_SCALE``):
    no insulin when the scale calls for none ("Not Given per Sliding Scale"), else the
    units it calls for. Runs after the labs exist; the bedside spread comes from a generator
    of its own (seeded by the patient and order), so nothing else in the chart changes."""
    glucose = series.get(GLUCOSE_ITEM) or []
    mine = [d for d in drugs if d["key"] == "insulin_ss"]
    if not glucose or not mine:
        return
    times = [t for t, _v in glucose]
    emar_rows = chart.rows.get("hosp/emar", [])
    detail = {r[1]: r for r in chart.rows.get("hosp/emar_detail", [])}
    for d in mine:
        pid = d["pharmacy_id"]
        spread = np.random.default_rng([chart.sid, pid % 1000000])
        for row in emar_rows:
            if row[5] != pid or row[9] != "Administered":
                continue
            when = datetime.fromisoformat(row[7])
            i = bisect_right(times, when) - 1
            if i < 0:
                continue  # no glucose yet: the dose stands as ordered
            bedside = glucose[i][1] * float(np.exp(spread.normal(0.0, FINGERSTICK_CV)))
            units = correction_units(bedside)
            det = detail.get(row[2])
            if units == 0:
                row[9] = _NOT_PER_SCALE
                if det is not None:
                    det[11] = det[12] = ""  # empty (as csv writes None)
            elif det is not None:
                det[11] = f"{units:g}"
