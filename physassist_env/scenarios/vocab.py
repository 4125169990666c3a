"""Clinical vocabulary the session generator reasons with: labs, drugs, drug-lab pairs.

Names are given in English and Chinese; labs are found in a record by LOINC or by the
MIMIC-IV itemid, so synthetic, MIMIC-IV and MIMIC-on-FHIR records all resolve.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from physassist_env.fhir import codes
from physassist_env.vocab.decisions import HOLD
from physassist_env.vocab.drugs import GENERIC_ZH


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
    en: str,
    zh: str,
    loinc: tuple[str, ...],
    decimals: int = 1,
    conversions: dict[str, float] | None = None,
    synonyms: tuple[str, ...] = (),
) -> Lab:
    return Lab(
        key, en, zh, loinc, _items(*loinc), decimals, conversions or {}, synonyms
    )


LABS: dict[str, Lab] = {
    lab.key: lab
    for lab in [
        _lab(
            "potassium",
            "potassium",
            "血钾",
            ("2823-3",),
            1,
            {"mmol/L": 1.0},
            ("K", "K+", "钾"),
        ),
        _lab("sodium", "sodium", "血钠", ("2951-2",), 0, {"mmol/L": 1.0}, ("Na", "钠")),
        _lab(
            "creatinine",
            "creatinine",
            "肌酐",
            ("2160-0",),
            1,
            {"umol/L": 88.4, "µmol/L": 88.4, "μmol/L": 88.4},
            ("Cr", "SCr", "血肌酐"),
        ),
        _lab(
            "bun",
            "BUN",
            "尿素氮",
            ("3094-0",),
            0,
            {"mmol/L": 0.357},
            ("urea nitrogen", "urea", "blood urea nitrogen"),
        ),
        _lab(
            "glucose",
            "glucose",
            "血糖",
            ("2345-7",),
            0,
            {"mmol/L": 1 / 18.0},
            ("blood sugar", "葡萄糖"),
        ),
        _lab(
            "wbc",
            "WBC",
            "白细胞",
            ("6690-2",),
            1,
            {"x10^9/L": 1.0, "10^9/L": 1.0},
            ("white blood cell", "white count", "leukocyte", "白细胞计数"),
        ),
        _lab(
            "hemoglobin",
            "hemoglobin",
            "血红蛋白",
            ("718-7",),
            1,
            {"g/L": 10.0},
            ("Hgb", "Hb", "haemoglobin"),
        ),
        _lab(
            "platelets",
            "platelets",
            "血小板",
            ("777-3",),
            0,
            {"x10^9/L": 1.0},
            ("platelet count", "PLT"),
        ),
        _lab("inr", "INR", "INR", ("6301-6",), 1, {}, ("国际标准化比值",)),
        _lab("lactate", "lactate", "乳酸", ("2524-7",), 1, {}, ("lactic acid",)),
        _lab(
            "troponin",
            "troponin",
            "肌钙蛋白",
            ("6598-7",),
            2,
            {},
            ("troponin T", "TnT", "肌钙蛋白T"),
        ),
        _lab(
            "bilirubin",
            "bilirubin",
            "总胆红素",
            ("1975-2",),
            1,
            {"umol/L": 17.1, "µmol/L": 17.1},
            ("total bilirubin", "胆红素"),
        ),
        _lab(
            "albumin",
            "albumin",
            "白蛋白",
            ("1751-7",),
            1,
            {"g/L": 10.0},
            ("血清白蛋白",),
        ),
        _lab(
            "bicarbonate",
            "bicarbonate",
            "碳酸氢盐",
            ("1963-8",),
            0,
            {"mmol/L": 1.0},
            ("HCO3", "bicarb", "CO2"),
        ),
        _lab("magnesium", "magnesium", "血镁", ("19123-9",), 1, {}, ("Mg", "镁")),
        _lab(
            "ntprobnp", "NT-proBNP", "NT-proBNP", ("33762-6",), 0, {}, ("BNP", "脑钠肽")
        ),
        _lab(
            "vancomycin",
            "vancomycin level",
            "万古霉素血药浓度",
            ("20578-1",),
            1,
            {},
            ("vancomycin trough", "vanc level", "万古霉素浓度"),
        ),
        _lab(
            "alt",
            "ALT",
            "谷丙转氨酶",
            ("1742-6",),
            0,
            {},
            ("alanine aminotransferase",),
        ),
        _lab("crp", "CRP", "C反应蛋白", ("1988-5",), 1, {}, ("C-reactive protein",)),
        _lab(
            "hba1c",
            "HbA1c",
            "糖化血红蛋白",
            ("4548-4",),
            1,
            {},
            ("A1c", "hemoglobin A1c"),
        ),
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
    c.key: c
    for c in [
        DrugClass(
            "acei",
            "ACE inhibitor",
            "ACE抑制剂",
            {
                "lisinopril": "赖诺普利",
                "enalapril": "依那普利",
                "captopril": "卡托普利",
                "ramipril": "雷米普利",
            },
        ),
        DrugClass(
            "arb",
            "ARB",
            "血管紧张素受体拮抗剂",
            {"losartan": "氯沙坦", "valsartan": "缬沙坦", "irbesartan": "厄贝沙坦"},
        ),
        DrugClass(
            "k_sparing",
            "potassium-sparing diuretic",
            "保钾利尿剂",
            {"spironolactone": "螺内酯", "eplerenone": "依普利酮"},
        ),
        DrugClass("metformin", "metformin", "二甲双胍", {"metformin": "二甲双胍"}),
        DrugClass("vancomycin", "vancomycin", "万古霉素", {"vancomycin": "万古霉素"}),
        DrugClass(
            "nsaid",
            "NSAID",
            "非甾体抗炎药",
            {"ibuprofen": "布洛芬", "naproxen": "萘普生", "ketorolac": "酮咯酸"},
        ),
        DrugClass("warfarin", "warfarin", "华法林", {"warfarin": "华法林"}),
        DrugClass("insulin", "insulin", "胰岛素", {"insulin": "胰岛素"}),
        DrugClass("digoxin", "digoxin", "地高辛", {"digoxin": "地高辛"}),
    ]
}

#: Antibiotic generic name -> (class key, EN class, ZH name).
ANTIBIOTICS: dict[str, tuple[str, str, str]] = {
    "ceftriaxone": ("cephalosporin", "cephalosporin", "头孢曲松"),
    "cefepime": ("cephalosporin", "cephalosporin", "头孢吡肟"),
    "cefazolin": ("cephalosporin", "cephalosporin", "头孢唑林"),
    "piperacillin": ("penicillin", "penicillin", "哌拉西林他唑巴坦"),
    "ampicillin": ("penicillin", "penicillin", "氨苄西林"),
    "amoxicillin": ("penicillin", "penicillin", "阿莫西林"),
    "vancomycin": ("glycopeptide", "glycopeptide", "万古霉素"),
    "levofloxacin": ("fluoroquinolone", "fluoroquinolone", "左氧氟沙星"),
    "ciprofloxacin": ("fluoroquinolone", "fluoroquinolone", "环丙沙星"),
    "azithromycin": ("macrolide", "macrolide", "阿奇霉素"),
    "metronidazole": ("nitroimidazole", "nitroimidazole", "甲硝唑"),
    "meropenem": ("carbapenem", "carbapenem", "美罗培南"),
    "nitrofurantoin": ("nitrofuran", "nitrofuran", "呋喃妥因"),
    "sulfamethoxazole": ("sulfonamide", "sulfonamide", "复方磺胺甲噁唑"),
    "doxycycline": ("tetracycline", "tetracycline", "多西环素"),
    "oseltamivir": ("antiviral", "antiviral", "奥司他韦"),
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

    def unsafe(self, value: float, female: bool = False) -> bool:
        """Whether the lab value makes the drug unsafe to continue unchanged."""
        limit = (
            self.threshold_female
            if (female and self.threshold_female is not None)
            else self.threshold
        )
        return value > limit if self.high_is_unsafe else value < limit


SAFETY_PAIRS: list[SafetyPair] = [
    SafetyPair("acei_k", "acei", "potassium", True, 5.0),
    SafetyPair("arb_k", "arb", "potassium", True, 5.0),
    SafetyPair("spiro_k", "k_sparing", "potassium", True, 5.0),
    SafetyPair("metformin_cr", "metformin", "creatinine", True, 1.5, 1.4),
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


def drug_class_of(name: str) -> tuple[DrugClass, str] | None:
    """The safety drug class and the matched generic name of a medication text."""
    low = name.lower()
    for cls in DRUG_CLASSES.values():
        for member in cls.members:
            if member in low:
                return cls, member
    return None


def antibiotic_of(name: str) -> str | None:
    """The generic antibiotic name in a medication text, if any."""
    low = name.lower()
    for generic in ANTIBIOTICS:
        if generic in low:
            return generic
    return None


def drug_zh(generic: str) -> str:
    """Chinese name of a generic drug (the generic name when unknown)."""
    for cls in DRUG_CLASSES.values():
        if generic in cls.members:
            return cls.members[generic]
    if generic in ANTIBIOTICS:
        return ANTIBIOTICS[generic][2]
    return GENERIC_ZH.get(generic, generic)
