"""Clinical vocabulary the session generator reasons with: labs, drugs, drug-lab pairs.

Names (English, Chinese, synonyms) come from the one clinical vocabulary
(:mod:`physassist_env.vocab`); this module adds what the generator needs beyond names:
labs are found in a record by LOINC or by the MIMIC-IV itemid (so synthetic, MIMIC-IV and
MIMIC-on-FHIR records all resolve), quoted with a clinician's decimals and converted to
SI units, and drug classes carry their monitoring rules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from physassist_env.clinical import renal, scores
from physassist_env.fhir import codes
from physassist_env.vocab.analytes import ANALYTES
from physassist_env.vocab.decisions import HOLD
from physassist_env.vocab.drugs import (
    ANTIBIOTIC_CLASS,
    GENERIC_ZH,
    SAFETY_CLASS_MEMBERS,
    SAFETY_CLASS_NAMES,
    display_name,
    name_zh,
)


@dataclass(frozen=True)
class Lab:
    """A laboratory test the generator can ask about.

    Attributes:
        key: Stable id (``potassium``).
        en: English name used in requests and as the search term.
        zh: Chinese name.
        loinc: LOINC codes that identify it in a record.
        itemids: MIMIC-IV itemids that identify it.
        decimals: Decimals a clinician would quote.
        conversions: Equivalent units and the factor from the record unit.
        synonyms: Extra terms accepted when an answer names the test.
    """

    key: str
    en: str
    zh: str
    loinc: tuple[str, ...]
    itemids: tuple[int, ...]
    decimals: int = 1
    conversions: dict[str, float] = field(default_factory=dict)
    synonyms: tuple[str, ...] = ()

    @property
    def terms(self) -> list[str]:
        """Every name an answer may use for this test."""
        return [self.en, self.zh, *self.synonyms]


def _items(*loincs: str) -> tuple[int, ...]:
    return tuple(i for i, (loinc, _) in codes.LAB_LOINC.items() if loinc in loincs)


def _lab(
    key: str,
    loinc: tuple[str, ...],
    decimals: int = 1,
    conversions: dict[str, float] | None = None,
) -> Lab:
    """A lab named as the one vocabulary names it (:data:`ANALYTES`)."""
    names = ANALYTES[key]
    return Lab(
        key,
        names.en,
        names.zh,
        loinc,
        _items(*loinc),
        decimals,
        conversions or {},
        names.synonyms,
    )


LABS: dict[str, Lab] = {
    lab.key: lab
    for lab in [
        # serum/plasma and whole-blood (blood gas analyser) potassium, sodium and
        # glucose: a search by the name shows both, and the newest of either is the
        # current value (UK Kidney Association, Treatment of Acute Hyperkalaemia in
        # Adults, 2020: a blood gas potassium guides initial care)
        _lab("potassium", ("2823-3", "6298-4"), 1, {"mmol/L": 1.0}),
        _lab("sodium", ("2951-2", "2947-0"), 0, {"mmol/L": 1.0}),
        _lab(
            "creatinine",
            ("2160-0",),
            1,
            {"umol/L": 88.4, "µmol/L": 88.4, "μmol/L": 88.4},
        ),
        _lab("bun", ("3094-0",), 0, {"mmol/L": 0.357}),
        _lab("glucose", ("2345-7", "2339-0"), 0, {"mmol/L": 1 / 18.0}),
        _lab("wbc", ("6690-2",), 1, {"x10^9/L": 1.0, "10^9/L": 1.0}),
        _lab("hemoglobin", ("718-7",), 1, {"g/L": 10.0}),
        _lab("platelets", ("777-3",), 0, {"x10^9/L": 1.0}),
        _lab("inr", ("6301-6",), 1),
        _lab("lactate", ("2524-7",), 1),
        _lab("troponin", ("6598-7",), 2),
        _lab("bilirubin", ("1975-2",), 1, {"umol/L": 17.1, "µmol/L": 17.1}),
        _lab("albumin", ("1751-7",), 1, {"g/L": 10.0}),
        _lab("bicarbonate", ("1963-8",), 0, {"mmol/L": 1.0}),
        _lab("magnesium", ("19123-9",), 1),
        _lab("ntprobnp", ("33762-6",), 0),
        _lab("vancomycin", ("20578-1",), 1),
        _lab("alt", ("1742-6",), 0),
        _lab("crp", ("1988-5",), 1),
        _lab("hba1c", ("4548-4",), 1),
    ]
}


@dataclass(frozen=True)
class DrugClass:
    """Drugs that share a safety rule."""

    key: str
    en: str
    zh: str
    members: dict[str, str]  # lowercase generic name -> Chinese name


DRUG_CLASSES: dict[str, DrugClass] = {
    key: DrugClass(key, en, zh, {g: GENERIC_ZH[g] for g in SAFETY_CLASS_MEMBERS[key]})
    for key, (en, zh) in SAFETY_CLASS_NAMES.items()
}

#: Antibiotic generic name -> (class key, EN class, ZH name).
ANTIBIOTICS: dict[str, tuple[str, str, str]] = {
    generic: (cls, cls, GENERIC_ZH[generic])
    for generic, cls in ANTIBIOTIC_CLASS.items()
}


@dataclass(frozen=True)
class SafetyPair:
    """A drug-lab monitoring pair with its rule.

    ``unsafe(value, sex)`` says whether continuing the drug unchanged is unsafe; the
    action words are what a correct recommendation says in each case.
    """

    key: str
    drug_class: str
    lab: str
    high_is_unsafe: bool
    threshold: float
    threshold_female: float | None = None
    unsafe_actions: tuple[str, ...] = tuple(HOLD)
    unsafe_actions_zh_en: tuple[str, ...] = ()
    safe_actions: tuple[str, ...] = ("continue", "keep", "safe to", "继续", "可以继续")
    #: Judge a creatinine by eGFR (CKD-EPI 2021, race-free) below this limit instead of
    #: ``threshold`` (mL/min/1.73 m2); bands in :mod:`physassist_env.clinical.renal`.
    egfr_limit: float | None = None

    def unsafe(
        self, value: float, female: bool = False, age: int | None = None
    ) -> bool:
        """Whether the lab value makes the drug unsafe to continue unchanged.

        An eGFR pair needs the age: without it nothing is judged unsafe (False)."""
        if self.egfr_limit is not None:
            if age is None:
                return False
            egfr = scores.egfr_ckd_epi_2021(creatinine=value, age=age, female=female)
            return egfr < self.egfr_limit
        limit = (
            self.threshold_female
            if (female and self.threshold_female is not None)
            else self.threshold
        )
        return value > limit if self.high_is_unsafe else value < limit


#: Above 5.5 mmol/L either holding or halving a RAAS blocker is right (ESC 2021 HF).
_K_ACTIONS: tuple[str, ...] = (*HOLD, "reduce", "halve", "lower", "减量", "减半")

SAFETY_PAIRS: list[SafetyPair] = [
    # RAAS blockade and potassium: continue below 5.5 mmol/L with monitoring; above 5.5
    # halve the dose or hold, above 6.0 stop (ESC 2021 heart failure guideline, practical
    # guidance on ACEi/ARB/MRA; 2022 AHA/ACC/HFSA: reduce or hold an MRA when K > 5.5).
    # A potassium of 5.0-5.5 is a reason not to start an MRA, not to stop one already given.
    # The synthetic hospital's truth label (synth.knowledge MONITORING_PAIRS) uses 5.5 too.
    SafetyPair("acei_k", "acei", "potassium", True, 5.5, None, _K_ACTIONS),
    SafetyPair("arb_k", "arb", "potassium", True, 5.5, None, _K_ACTIONS),
    SafetyPair("spiro_k", "k_sparing", "potassium", True, 5.5, None, _K_ACTIONS),
    # FDA Drug Safety Communication 2016 (metformin labelling by eGFR, not creatinine):
    # contraindicated below 30, not started and dose-reviewed at 30-45 (clinical/renal.py).
    SafetyPair(
        "metformin_cr",
        "metformin",
        "creatinine",
        True,
        0.0,
        egfr_limit=renal.renal_limit("metformin"),
    ),
    SafetyPair("nsaid_cr", "nsaid", "creatinine", True, 1.5, 1.4),
    SafetyPair(
        "vanco_cr",
        "vancomycin",
        "creatinine",
        True,
        1.5,
        1.4,
        ("reduce", "adjust", "lower", "decrease", "hold", "减量", "调整", "暂停"),
    ),
    SafetyPair(
        "warfarin_inr",
        "warfarin",
        "inr",
        True,
        3.0,
        None,
        ("hold", "skip", "withhold", "reduce", "暂停", "停用", "减量"),
    ),
    SafetyPair(
        "insulin_glucose",
        "insulin",
        "glucose",
        False,
        70.0,
        None,
        ("reduce", "decrease", "lower", "hold", "减量", "减少", "暂停"),
    ),
    SafetyPair(
        "digoxin_k",
        "digoxin",
        "potassium",
        False,
        3.5,
        None,
        ("hold", "replete", "replace", "暂停", "补钾"),
    ),
]


# a pure function of a medication text, called once per row: memoised
@functools.lru_cache(maxsize=8192)
def drug_class_of(name: str) -> tuple[DrugClass, str] | None:
    """The safety drug class and the matched generic name of a medication text."""
    low = name.lower()
    for cls in DRUG_CLASSES.values():
        for member in cls.members:
            if member in low:
                return cls, member
    return None


# a pure function of a medication text, called once per row: memoised
@functools.lru_cache(maxsize=8192)
def antibiotic_of(name: str) -> str | None:
    """The generic antibiotic name in a medication text, if any."""
    low = name.lower()
    for generic in ANTIBIOTICS:
        if generic in low:
            return generic
    return None


def drug_zh(generic: str) -> str:
    """Chinese name of a generic drug, or of a drug as the record names it
    (:func:`~physassist_env.vocab.drugs.name_zh`: ``"sulfameth/trimethoprim ds"`` ->
    复方磺胺甲噁唑); a name the vocabulary does not know is glossed after a Chinese
    descriptor (药物（Orthopedic Solution）), never left bare in a Chinese answer."""
    for cls in DRUG_CLASSES.values():
        if generic in cls.members:
            return cls.members[generic]
    if generic in ANTIBIOTICS:
        return ANTIBIOTICS[generic][2]
    return (
        GENERIC_ZH.get(generic)
        or name_zh(generic)
        or (f"药物（{display_name(generic).strip()}）" if generic.strip() else "")
    )
