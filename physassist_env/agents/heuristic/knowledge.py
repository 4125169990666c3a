"""The heuristic agent's own clinical knowledge: drug classes, safety thresholds, renal limits.

Written for the agent from public references (cited per rule), not taken from the scenario
generator: where the two disagree, the agent answers by its own rule and the grader decides.
Values are in the units the record reports (potassium mmol/L, creatinine mg/dL, glucose
mg/dL, platelets K/uL, INR unitless).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from physassist_env.vocab.drugs import (
    ANTIBIOTIC_CLASS,
    ATC_CLASS,
    SAFETY_CLASS_MEMBERS,
    SAFETY_CLASS_NAMES,
    SYSTEMIC_ANTIBACTERIALS,
)

#: Generic -> therapeutic class and the systemic antibacterials: the clinical vocabulary's
#: WHO ATC tables (public classification, not the scenario generator's rules).
DRUG_CLASS = ATC_CLASS
ANTIBIOTICS = SYSTEMIC_ANTIBACTERIALS

#: The class key of "the antibiotic" in :data:`NAMED_CLASSES`.
ANTIBIOTIC = "antibiotic"

#: A class a request may name instead of its drug ("her ACE inhibitor", "the antibiotic"):
#: key -> the member generics, of which the admission's orders hold one. The vocabulary's
#: safety classes of several members (``vocab.drugs.SAFETY_CLASS_MEMBERS``: ACE inhibitor,
#: ARB, potassium-sparing diuretic, NSAID; a class of one is its drug's name) and the
#: antibacterials (WHO ATC J01: :data:`ANTIBIOTICS` and the ``ANTIBIOTIC_CLASS`` generics
#: that are not antivirals).
NAMED_CLASSES: dict[str, frozenset[str]] = {
    key: frozenset(members)
    for key, members in SAFETY_CLASS_MEMBERS.items()
    if len(members) > 1
} | {
    ANTIBIOTIC: ANTIBIOTICS
    | {g for g, c in ANTIBIOTIC_CLASS.items() if c != "antiviral"}
}


def class_name(key: str) -> tuple[str, str]:
    """How an answer names a class of :data:`NAMED_CLASSES` (EN, ZH)."""
    if key == ANTIBIOTIC:
        return "antibiotic", "抗生素"
    return SAFETY_CLASS_NAMES[key]


@dataclass(frozen=True)
class Demographics:
    """What the safety rules may need about the patient (from ``Patient.read``)."""

    female: bool = False
    age: int | None = None


@dataclass(frozen=True)
class SafetyRule:
    """When a drug class must be held for a lab value.

    ``unsafe(latest, earliest, patient)`` is true when the drug should be held; ``earliest``
    is the oldest value of the series the agent read (for rules on a change).
    """

    drug_class: str
    analyte: str
    unsafe: Callable[[float, float, Demographics], bool]
    source: str


def _metformin_unsafe(creatinine: float, patient: Demographics) -> bool:
    if patient.age is None:
        return creatinine >= (1.4 if patient.female else 1.5)
    return egfr(creatinine=creatinine, age=patient.age, female=patient.female) < 30


def _rise(latest: float, earliest: float, fraction: float) -> bool:
    return earliest > 0 and (latest - earliest) / earliest >= fraction


SAFETY_RULES: tuple[SafetyRule, ...] = (
    # 2022 AHA/ACC/HFSA heart failure guideline (Heidenreich et al., Circulation 2022):
    # RAAS inhibitors and MRAs are held when potassium exceeds 5.5 mmol/L.
    SafetyRule("acei", "potassium", lambda k, _, __: k > 5.5, "AHA/ACC/HFSA 2022"),
    SafetyRule("arb", "potassium", lambda k, _, __: k > 5.5, "AHA/ACC/HFSA 2022"),
    SafetyRule("mra", "potassium", lambda k, _, __: k > 5.5, "AHA/ACC/HFSA 2022"),
    # KDIGO 2021 blood pressure in CKD guideline, practice point 3.2.4: continue ACEi/ARB
    # unless creatinine rises by more than 30% within 4 weeks of starting or raising the dose.
    SafetyRule("acei", "creatinine", lambda c, c0, _: _rise(c, c0, 0.30), "KDIGO 2021"),
    SafetyRule("arb", "creatinine", lambda c, c0, _: _rise(c, c0, 0.30), "KDIGO 2021"),
    # FDA Drug Safety Communication on metformin (April 2016): contraindicated below an
    # eGFR of 30 mL/min/1.73 m2; the agent estimates eGFR from creatinine (see egfr()).
    # Without age it falls back to creatinine >= 1.5 mg/dL (men) / 1.4 (women), the
    # creatinine limits of the pre-2016 US label.
    SafetyRule(
        "biguanide", "creatinine", lambda c, _, p: _metformin_unsafe(c, p), "FDA 2016"
    ),
    # ADA Standards of Care in Diabetes 2024, section 6: level 1 hypoglycaemia is glucose
    # < 70 mg/dL; the glucose-lowering dose is held and the regimen re-evaluated.
    SafetyRule("insulin", "glucose", lambda g, _, __: g < 70, "ADA 2024 s6"),
    SafetyRule("sulfonylurea", "glucose", lambda g, _, __: g < 70, "ADA 2024 s6"),
    # CHEST 2012 antithrombotic guideline (Holbrook et al.): above the 2.0-3.0 target range
    # the next warfarin dose is held or reduced.
    SafetyRule("vka", "inr", lambda i, _, __: i > 3.0, "CHEST 2012"),
    # Digoxin US label (Lanoxin, 2019): hypokalaemia (< 3.5 mmol/L) predisposes to toxicity;
    # serum digoxin above 2.0 ng/mL is toxic.
    SafetyRule(
        "digitalis", "potassium", lambda k, _, __: k < 3.5, "Lanoxin label 2019"
    ),
    SafetyRule("digitalis", "digoxin", lambda d, _, __: d > 2.0, "Lanoxin label 2019"),
    # ASH 2018 heparin-induced thrombocytopenia guideline (Cuker et al.): a platelet fall of
    # 50% or more, or a count below 50 K/uL, stops heparin until HIT is excluded.
    SafetyRule(
        "heparin",
        "platelets",
        lambda p, p0, _: p < 50 or (p0 > 0 and p <= p0 * 0.5),
        "ASH 2018 HIT",
    ),
    # ASHP/IDSA/PIDS/SIDP 2020 vancomycin consensus (Rybak et al.): nephrotoxicity is a
    # creatinine rise of >= 0.5 mg/dL or >= 50% from baseline; troughs above 20 mg/L add risk.
    SafetyRule(
        "glycopeptide",
        "creatinine",
        lambda c, c0, _: c - c0 >= 0.5 or _rise(c, c0, 0.5),
        "ASHP/IDSA 2020",
    ),
    SafetyRule(
        "glycopeptide", "vancomycin_level", lambda v, _, __: v > 20, "ASHP/IDSA 2020"
    ),
    # KDIGO 2012 AKI guideline, 3.1: avoid nephrotoxins (NSAIDs) when kidney function is
    # impaired; the agent holds them above the upper reference creatinine of 1.2 mg/dL.
    SafetyRule("nsaid", "creatinine", lambda c, _, __: c > 1.2, "KDIGO 2012 AKI"),
    # Severe hypokalaemia (< 3.0 mmol/L) warrants holding potassium-wasting diuretics
    # (ESC 2021 heart failure guideline, diuretic section).
    SafetyRule("loop", "potassium", lambda k, _, __: k < 3.0, "ESC 2021 HF"),
    SafetyRule("thiazide", "potassium", lambda k, _, __: k < 3.0, "ESC 2021 HF"),
    # Thiazide-induced hyponatraemia: stop below 130 mmol/L (ESH 2023 hypertension guideline).
    SafetyRule("thiazide", "sodium", lambda n, _, __: n < 130, "ESH 2023"),
)


def rules_for(generic: str) -> list[SafetyRule]:
    """The safety rules of a drug's class (empty when the class has none)."""
    cls = DRUG_CLASS.get(generic)
    return [r for r in SAFETY_RULES if r.drug_class == cls]


def monitoring_lab(generic: str) -> str | None:
    """The analyte the agent checks first for a drug (its class's first safety rule)."""
    rules = rules_for(generic)
    return rules[0].analyte if rules else None


#: Creatinine clearance (Cockcroft-Gault, mL/min) below which a renally cleared drug needs
#: its dose reduced or stopped, from each drug's US prescribing information unless noted.
RENAL_LIMITS: dict[str, float] = {
    "metformin": 30.0,  # FDA Drug Safety Communication, April 2016
    "vancomycin": 50.0,  # ASHP/IDSA 2020: interval extended with reduced clearance
    "enoxaparin": 30.0,  # Lovenox label: 1 mg/kg once daily when CrCl < 30
    "gabapentin": 60.0,  # Neurontin label: dose reduced when CrCl < 60
    "nitrofurantoin": 30.0,  # AGS Beers Criteria 2019: avoid when CrCl < 30
    "levofloxacin": 50.0,  # Levaquin label: adjust when CrCl < 50
    "ciprofloxacin": 30.0,  # Cipro label: adjust when CrCl < 30
    "cefepime": 60.0,  # Maxipime label: adjust when CrCl <= 60
    "piperacillin": 40.0,  # Zosyn label: adjust when CrCl <= 40
    "meropenem": 50.0,  # Merrem label: adjust when CrCl <= 50
    "sulfamethoxazole": 30.0,  # Bactrim label: half dose when CrCl 15-30
    "rivaroxaban": 50.0,  # Xarelto label (AF): 15 mg daily when CrCl <= 50
}


def egfr(*, creatinine: float, age: int, female: bool) -> float:
    """eGFR (mL/min/1.73 m2) by the race-free CKD-EPI 2021 equation (Inker et al., NEJM 2021);
    ``creatinine`` in mg/dL."""
    kappa, alpha = (0.7, -0.241) if female else (0.9, -0.302)
    ratio = creatinine / kappa
    value = (
        142
        * min(ratio, 1.0) ** alpha
        * max(ratio, 1.0) ** -1.2
        * 0.9938**age
        * (1.012 if female else 1.0)
    )
    return round(value, 1) if math.isfinite(value) else 0.0


# ICD-10-CM / ICD-9-CM category prefixes (no dots) for the score components
# (CMS ICD-10-CM 2024 tabular list; ICD-9-CM 2011 volume 1).
CHF = ("I50", "428", "I110", "I130", "I132")
HTN = ("I10", "I11", "I12", "I13", "I15", "401", "402", "403", "404", "405")
DM = ("E08", "E09", "E10", "E11", "E13", "250")
STROKE = ("I63", "I64", "G45", "Z8673", "433", "434", "435", "V1254")
VASC = ("I21", "I22", "I25", "I70", "I73", "410", "412", "414", "440", "443")
ASCITES = ("R18", "K7031", "K7111", "7895")
ENCEPHALOPATHY = ("K7290", "K7291", "K7682", "5722")
