"""Analyte names of the one clinical vocabulary: what an answer, a request, a record search
and a patient call each lab test or vital sign.

* ``LAB_NAMES`` maps lowercase names (EN and ZH) to an analyte key and ``LAB_ABBREVIATIONS``
  case-sensitive abbreviations (``K``, ``Na``, ``Cr``; ``Mg`` but not the unit ``mg``): the
  claim reader's tables.
* ``ANALYTES`` holds one :class:`Analyte` per test: the names requests and rubrics use
  (read by :mod:`physassist_env.scenarios.vocab`), the words a record search looks for
  (:mod:`physassist_env.ehr.synonyms`) and how a patient says it
  (:mod:`physassist_env.patient.lexicon`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from physassist_env.vocab.lay import LayNames


@dataclass(frozen=True)
class Analyte:
    """One lab test or vital sign, by every name the benchmark uses for it.

    Attributes:
        key: Stable id (``potassium``; the scenario generator's key, ``bun`` for urea).
        en: English name used in requests and rubrics.
        zh: Chinese name used in requests and rubrics.
        synonyms: Further names an answer may use (rubric terms: changing them changes
            the dataset's rubrics).
        aliases: Further names a search or a question may use (not rubric terms).
        search: Words searched for in a record's own test names (MIMIC labels, LOINC
            displays); ``""`` for the English name.
        record_words: Lowercase words that find the test in record text for the patient
            (``()`` when the patient does not talk about it).
        lay: How a patient names it (``None`` when the patient does not talk about it).
    """

    key: str
    en: str
    zh: str
    synonyms: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    search: str = ""
    record_words: tuple[str, ...] = ()
    lay: LayNames | None = None

    @property
    def search_term(self) -> str:
        """What a record search for this test looks for."""
        return self.search or self.en.lower()

    @property
    def names(self) -> tuple[str, ...]:
        """Every name of the test (as written): EN, ZH, synonyms, aliases."""
        return (self.en, self.zh, *self.synonyms, *self.aliases)


ANALYTES: dict[str, Analyte] = {
    a.key: a
    for a in [
        # electrolytes and renal
        Analyte(
            "potassium",
            "potassium",
            "血钾",
            ("K", "K+", "钾"),
            record_words=("potassium",),
            lay=LayNames(
                ("potassium", "potassium", "a salt in my blood"),
                ("血钾", "钾", "血里的一种盐"),
                ("k", "钾"),
            ),
        ),
        Analyte(
            "sodium",
            "sodium",
            "血钠",
            ("Na", "钠"),
            ("Na+",),
            record_words=("sodium",),
            lay=LayNames(
                ("sodium", "salt level", "the salt level"), ("血钠", "钠", "血里的盐")
            ),
        ),
        Analyte("chloride", "chloride", "氯", aliases=("Cl",)),
        Analyte(
            "creatinine",
            "creatinine",
            "肌酐",
            ("Cr", "SCr", "血肌酐"),
            ("creat",),
            record_words=("creatinine",),
            lay=LayNames(
                ("creatinine", "kidney number", "the kidney test"),
                ("肌酐", "肾功能指标", "查肾的那个指标"),
                ("kidney function", "肾功能"),
            ),
        ),
        Analyte(
            "bun",
            "BUN",
            "尿素氮",
            ("urea nitrogen", "urea", "blood urea nitrogen"),
            ("尿素",),
            search="urea nitrogen",
        ),
        Analyte(
            "glucose",
            "glucose",
            "血糖",
            ("blood sugar", "葡萄糖"),
            ("BG",),
            record_words=("glucose",),
            lay=LayNames(
                ("blood glucose", "blood sugar", "sugar level"),
                ("血糖", "血糖", "血里的糖"),
            ),
        ),
        Analyte("magnesium", "magnesium", "血镁", ("Mg", "镁")),
        Analyte("phosphate", "phosphate", "磷", aliases=("phos",)),
        Analyte("calcium", "calcium", "钙", aliases=("Ca",)),
        Analyte("egfr", "eGFR", "肾小球滤过率"),
        Analyte("bicarbonate", "bicarbonate", "碳酸氢盐", ("HCO3", "bicarb", "CO2")),
        Analyte(
            "hba1c",
            "HbA1c",
            "糖化血红蛋白",
            ("A1c", "hemoglobin A1c"),
            search="a1c",
        ),
        # haematology and coagulation
        Analyte(
            "wbc",
            "WBC",
            "白细胞",
            ("white blood cell", "white count", "leukocyte", "白细胞计数"),
            ("leukocytes",),
            search="white blood cells",
            record_words=("white blood", "wbc"),
            lay=LayNames(
                ("white blood cell count", "white count", "infection count"),
                ("白细胞", "白细胞", "查感染的指标"),
                ("white cells",),
            ),
        ),
        Analyte(
            "hemoglobin",
            "hemoglobin",
            "血红蛋白",
            ("Hgb", "Hb", "haemoglobin"),
            record_words=("hemoglobin",),
            lay=LayNames(
                ("hemoglobin", "blood count", "blood level"),
                ("血红蛋白", "血色素", "血色素"),
            ),
        ),
        Analyte("hematocrit", "hematocrit", "红细胞压积", aliases=("Hct",)),
        Analyte(
            "platelets",
            "platelets",
            "血小板",
            ("platelet count", "PLT"),
            search="platelet",
        ),
        Analyte(
            "inr",
            "INR",
            "INR",
            ("国际标准化比值",),
            record_words=("inr",),
            lay=LayNames(
                ("INR", "clotting number", "blood thinness test"),
                ("INR", "凝血指标", "凝血"),
            ),
        ),
        Analyte("pt", "PT", "凝血酶原时间"),
        Analyte("ptt", "PTT", "部分凝血活酶时间"),
        # markers
        Analyte(
            "lactate",
            "lactate",
            "乳酸",
            ("lactic acid",),
            record_words=("lactate",),
            lay=LayNames(
                ("lactate", "lactic acid", "an acid level"),
                ("乳酸", "乳酸", "一个酸的指标"),
            ),
        ),
        Analyte(
            "troponin",
            "troponin",
            "肌钙蛋白",
            ("troponin T", "TnT", "肌钙蛋白T"),
            ("trop",),
        ),
        Analyte(
            "ntprobnp",
            "NT-proBNP",
            "NT-proBNP",
            ("BNP", "脑钠肽"),
            search="ntprobnp",
            record_words=("ntprobnp", "nt-probnp", "natriuretic", "bnp"),
            lay=LayNames(
                ("BNP", "heart strain test", "the heart blood test"),
                ("脑钠肽", "心衰指标", "查心脏的血"),
            ),
        ),
        Analyte(
            "crp",
            "CRP",
            "C反应蛋白",
            ("C-reactive protein",),
            search="c-reactive protein",
        ),
        Analyte("procalcitonin", "procalcitonin", "降钙素原", aliases=("PCT",)),
        Analyte(
            "alt",
            "ALT",
            "谷丙转氨酶",
            ("alanine aminotransferase",),
            ("SGPT",),
            search="alanine aminotransferase",
        ),
        # MIMIC-IV labels this test "Asparate Aminotransferase (AST)" (sic)
        Analyte(
            "ast",
            "AST",
            "谷草转氨酶",
            aliases=("SGOT",),
            search="asparate aminotransferase",
        ),
        Analyte(
            "alp",
            "ALP",
            "碱性磷酸酶",
            aliases=("alk phos",),
            search="alkaline phosphatase",
        ),
        Analyte(
            "bilirubin",
            "bilirubin",
            "总胆红素",
            ("total bilirubin", "胆红素"),
            ("bili",),
        ),
        Analyte("albumin", "albumin", "白蛋白", ("血清白蛋白",)),
        Analyte("lipase", "lipase", "脂肪酶"),
        Analyte("ammonia", "ammonia", "血氨"),
        Analyte(
            "vancomycin",
            "vancomycin level",
            "万古霉素血药浓度",
            ("vancomycin trough", "vanc level", "万古霉素浓度"),
            ("vanco level",),
            search="vancomycin",
        ),
        Analyte(
            "tsh",
            "TSH",
            "促甲状腺激素",
            search="thyroid stimulating hormone",
        ),
        # vital signs and measurements
        Analyte("bp", "blood pressure", "血压", aliases=("BP",)),
        Analyte("hr", "heart rate", "心率", aliases=("HR", "pulse", "脉搏")),
        Analyte("rr", "respiratory rate", "呼吸频率", aliases=("RR",)),
        Analyte(
            "spo2",
            "oxygen saturation",
            "血氧饱和度",
            aliases=("SpO2", "sat", "O2 sat"),
        ),
        Analyte("temp", "temperature", "体温", aliases=("temp",)),
        Analyte("weight", "weight", "体重"),
        Analyte("bmi", "BMI", "体重指数", search="body mass index"),
        Analyte("height", "height", "身高"),
        # microbiology specimens
        Analyte("blood_culture", "blood culture", "血培养"),
        Analyte("urine_culture", "urine culture", "尿培养", search="urine"),
        Analyte("sputum_culture", "sputum culture", "痰培养", search="sputum"),
    ]
}

#: Lay names that do not name one value: a drug level's words, a salt that may be either
#: electrolyte, the clotting system (抗凝血 is a drug class).
_NOT_VALUE_NAMES = frozenset(
    {"blood level", "salt in my blood", "血里的一种盐", "凝血", "血色素"}
)


def _value_lay_names() -> dict[str, str]:
    """The lay names of each analyte's *value* (:attr:`Analyte.lay`, high to low literacy:
    "kidney number", 肾功能指标, "clotting number"), lowercase without an article; a
    name shared by two analytes, an organ's function ("kidney function": its direction
    is the opposite of its marker's) and a drug level's words ("blood level") are left
    out."""
    out: dict[str, str] = {}
    shared: set[str] = set()
    for a in ANALYTES.values():
        if a.lay is None:
            continue
        for name in (*a.lay.en, *a.lay.zh):
            low = re.sub(r"^(?:the|a|an|my)\s+", "", name.strip().lower())
            if low in _NOT_VALUE_NAMES or low == a.key:
                continue
            if out.get(low, a.key) != a.key:
                shared.add(low)
            out[low] = a.key
    return {k: v for k, v in out.items() if k not in shared}


#: Lay names of a lab value, EN and ZH, beyond a patient's own (issue #35, fifteenth pass:
#: an abnormal result called fine by its lay name is the same claim): how clinicians name a
#: value to patients and families.
LAB_LAY_NAMES: dict[str, str] = {
    **_value_lay_names(),
    "kidney numbers": "creatinine",
    "kidney markers": "creatinine",
    "kidney marker": "creatinine",
    "kidney blood test": "creatinine",
    "kidney test": "creatinine",
    "kidney level": "creatinine",
    "renal numbers": "creatinine",
    "肾指标": "creatinine",
    "肾脏指标": "creatinine",
    "肾功指标": "creatinine",
    "肌酐值": "creatinine",
    "clotting numbers": "inr",
    "clotting test": "inr",
    "clotting level": "inr",
    "clotting time": "inr",
    "blood thinning level": "inr",
    "凝血指标": "inr",
    "凝血值": "inr",
    "sugar levels": "glucose",
    "sugar reading": "glucose",
    "sugar readings": "glucose",
    "glucose level": "glucose",
    "glucose levels": "glucose",
    "血糖值": "glucose",
    "血糖水平": "glucose",
    "salt levels": "sodium",
    "sodium level": "sodium",
    "血钠水平": "sodium",
    "potassium level": "potassium",
    "血钾水平": "potassium",
    "white cell count": "wbc",
    "white cells count": "wbc",
    "白细胞数": "wbc",
    "blood count": "hemoglobin",
    "hemoglobin level": "hemoglobin",
    "haemoglobin level": "hemoglobin",
    "platelet level": "platelets",
    "platelet levels": "platelets",
    "heart enzymes": "troponin",
    "heart enzyme": "troponin",
    "心肌酶": "troponin",
    "acid level": "lactate",
}

#: Panels: a name for several results together (an organ's function, a blood count,
#: the electrolytes) -> the analyte keys of its members. A panel said normal is said of
#: each member (issue #35, fifteenth pass: "her kidney function is fine" over a high
#: creatinine); a direction said of a panel ("kidney function declining") is the
#: opposite of its markers' and is read of no member.
PANELS: dict[str, tuple[str, ...]] = {
    "kidney_panel": ("creatinine", "urea"),
    "liver_panel": ("alt", "ast", "alp", "bilirubin"),
    "coagulation_panel": ("inr", "pt", "ptt"),
    "blood_count_panel": ("wbc", "hemoglobin", "platelets"),
    "electrolytes": (
        "potassium", "sodium", "chloride", "bicarbonate", "magnesium", "calcium",
        "phosphate",
    ),
}  # fmt: skip
#: Names of the panels, EN lowercase and ZH.
PANEL_NAMES: dict[str, str] = {
    **dict.fromkeys(
        ("kidney function", "renal function", "kidney function tests", "renal panel",
         "renal labs", "kidney labs", "kidney tests", "renal function tests", "u&e",
         "u&es", "肾功能", "肾功", "肾脏功能"),
        "kidney_panel",
    ),
    **dict.fromkeys(
        ("liver function", "liver function tests", "lfts", "lft", "liver panel",
         "liver tests", "liver enzymes", "liver labs", "liver numbers", "肝功能", "肝功",
         "肝酶", "转氨酶", "肝功能指标"),
        "liver_panel",
    ),
    **dict.fromkeys(
        ("coags", "clotting studies", "clotting profile", "coagulation",
         "coagulation studies", "coagulation profile", "凝血功能", "凝血象", "凝血"),
        "coagulation_panel",
    ),
    **dict.fromkeys(
        ("cbc", "full blood count", "complete blood count", "blood counts",
         "blood count panel", "血常规", "全血细胞计数"),
        "blood_count_panel",
    ),
    **dict.fromkeys(
        ("electrolytes", "lytes", "electrolyte panel", "电解质"), "electrolytes"
    ),
}  # fmt: skip

LAB_NAMES: dict[str, str] = {
    "potassium": "potassium",
    "sodium": "sodium",
    "chloride": "chloride",
    "bicarbonate": "bicarbonate",
    "hco3": "bicarbonate",
    "creatinine": "creatinine",
    "bun": "urea",
    "urea": "urea",
    "urea nitrogen": "urea",
    "glucose": "glucose",
    "blood sugar": "glucose",
    "hemoglobin": "hemoglobin",
    "haemoglobin": "hemoglobin",
    "hgb": "hemoglobin",
    "hematocrit": "hematocrit",
    "hct": "hematocrit",
    "wbc": "wbc",
    "white count": "wbc",
    "white blood cell": "wbc",
    "platelets": "platelets",
    "platelet": "platelets",
    "plt": "platelets",
    "inr": "inr",
    "ptt": "ptt",
    "troponin": "troponin",
    "bnp": "bnp",
    "nt-probnp": "bnp",
    "lactate": "lactate",
    "magnesium": "magnesium",
    "phosphate": "phosphate",
    "phosphorus": "phosphate",
    "calcium": "calcium",
    "albumin": "albumin",
    "bilirubin": "bilirubin",
    "alt": "alt",
    "ast": "ast",
    "alkaline phosphatase": "alp",
    "alp": "alp",
    "lipase": "lipase",
    "a1c": "a1c",
    "hba1c": "a1c",
    "egfr": "egfr",
    "gfr": "egfr",
    "tsh": "tsh",
    "ferritin": "ferritin",
    "crp": "crp",
    "esr": "esr",
    "ph": "ph",
    "pco2": "pco2",
    "po2": "po2",
    "spo2": "spo2",
    "o2 sat": "spo2",
    "oxygen saturation": "spo2",
    "saturation": "spo2",
    "heart rate": "hr",
    "pulse": "hr",
    "blood pressure": "bp",
    "temperature": "temp",
    "temp": "temp",
    "respiratory rate": "rr",
    "weight": "weight",
    "ejection fraction": "ef",
    "lvef": "ef",
    "anion gap": "anion_gap",
    "digoxin": "digoxin",
    "vancomycin trough": "vancomycin",
    # MIMIC-IV's label of the INR: one name, not an INR and a PT ("INR(PT) 1.2")
    "inr(pt)": "inr",
    "inr (pt)": "inr",
    "血钾": "potassium",
    "钾": "potassium",
    "血钠": "sodium",
    "钠": "sodium",
    "氯": "chloride",
    "碳酸氢盐": "bicarbonate",
    "肌酐": "creatinine",
    "血肌酐": "creatinine",
    "尿素氮": "urea",
    "尿素": "urea",
    "血糖": "glucose",
    "葡萄糖": "glucose",
    "血红蛋白": "hemoglobin",
    "红细胞压积": "hematocrit",
    "白细胞": "wbc",
    "血小板": "platelets",
    "肌钙蛋白": "troponin",
    "乳酸": "lactate",
    "镁": "magnesium",
    "血镁": "magnesium",
    "磷": "phosphate",
    "血磷": "phosphate",
    "钙": "calcium",
    "血钙": "calcium",
    "白蛋白": "albumin",
    "胆红素": "bilirubin",
    "糖化血红蛋白": "a1c",
    "肾小球滤过率": "egfr",
    "心率": "hr",
    "脉搏": "hr",
    "血压": "bp",
    "体温": "temp",
    "呼吸频率": "rr",
    "呼吸": "rr",
    "血氧": "spo2",
    "血氧饱和度": "spo2",
    "体重": "weight",
    "射血分数": "ef",
}
#: Case-sensitive abbreviations (``K`` but not ``k``).
LAB_ABBREVIATIONS: dict[str, str] = {
    "K": "potassium",
    "K+": "potassium",
    "Na": "sodium",
    "Na+": "sodium",
    "Cl": "chloride",
    "Cr": "creatinine",
    "Hb": "hemoglobin",
    "Mg": "magnesium",
    "Ca": "calcium",
    "Phos": "phosphate",
    "PT": "pt",
    "BP": "bp",
    "HR": "hr",
    "RR": "rr",
    "T": "temp",
    "Glu": "glucose",
    "Lac": "lactate",
    "EF": "ef",
    "CO2": "bicarbonate",
    "Tn": "troponin",
    "TnI": "troponin",
    "TnT": "troponin",
}
#: Bedside glucose and other ward shorthand (issue #35, eighth pass: "BG ok", "CBG 210").
LAB_ABBREVIATIONS.update(
    {"BG": "glucose", "CBG": "glucose", "FSBG": "glucose", "BSL": "glucose"}
)
LAB_ABBREVIATIONS.update(
    {"Gluc": "glucose", "Creat": "creatinine", "Hgb": "hemoglobin"}
)
