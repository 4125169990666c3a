"""Culture and organism names in Chinese (中文菌名、标本名) for ZH answers.

MIMIC-IV ``microbiologyevents`` names tests (``URINE CULTURE``) and organisms
(``ESCHERICHIA COLI``) in English capitals; a Chinese chart writes 尿培养 and 大肠埃希菌. The
record's name is kept beside the Chinese one for traceability (大肠埃希菌（ESCHERICHIA
COLI）); a name outside these tables is written as the record has it.
"""

from __future__ import annotations

import re

#: Test-name keyword (uppercase, matched at a word start) -> Chinese test name.
CULTURE_ZH: tuple[tuple[str, str], ...] = (
    ("BLOOD CULTURE", "血培养"),
    ("URINE CULTURE", "尿培养"),
    ("URINE", "尿培养"),
    ("SPUTUM", "痰培养"),
    ("RESPIRATORY CULTURE", "呼吸道标本培养"),
    ("BRONCHOALVEOLAR LAVAGE", "支气管肺泡灌洗液培养"),
    ("WOUND CULTURE", "伤口分泌物培养"),
    ("WOUND", "伤口分泌物培养"),
    ("MRSA SCREEN", "MRSA 筛查"),
    ("C. DIFFICILE", "艰难梭菌检测"),
    ("CLOSTRIDIUM DIFFICILE", "艰难梭菌检测"),
    ("STOOL", "粪便培养"),
    ("FLUID CULTURE", "体液培养"),
    ("PERITONEAL FLUID", "腹水培养"),
    ("CSF", "脑脊液培养"),
    ("CATHETER TIP", "导管尖端培养"),
    ("SWAB", "拭子培养"),
    ("BLOOD", "血培养"),
)

#: Organism pattern (case-insensitive) -> Chinese organism name.
ORGANISM_ZH: tuple[tuple[str, str], ...] = (
    (r"escherichia coli|\be\. ?coli\b", "大肠埃希菌"),
    (r"klebsiella pneumoniae", "肺炎克雷伯菌"),
    (r"klebsiella oxytoca", "产酸克雷伯菌"),
    (r"pseudomonas aeruginosa", "铜绿假单胞菌"),
    (r"proteus mirabilis", "奇异变形杆菌"),
    (r"enterobacter cloacae", "阴沟肠杆菌"),
    (r"serratia marcescens", "黏质沙雷菌"),
    (r"staph(ylococcus)? aureus", "金黄色葡萄球菌"),
    (r"staphylococcus, coagulase negative|coagulase[- ]negative staph", "凝固酶阴性葡萄球菌"),
    (r"enterococcus faecium", "屎肠球菌"),
    (r"enterococcus faecalis", "粪肠球菌"),
    (r"enterococcus", "肠球菌"),
    (r"streptococcus pneumoniae", "肺炎链球菌"),
    (r"beta streptococcus group b|group b strep", "B组链球菌"),
    (r"clostridi(um|oides) difficile|c\. ?diff", "艰难梭菌"),
    (r"candida albicans", "白念珠菌"),
    (r"yeast", "酵母菌"),
)  # fmt: skip


def culture_zh(test: str) -> str:
    """The Chinese name of a culture test (the record's name when not in the table)."""
    up = test.upper()
    for key, zh in CULTURE_ZH:
        if re.search(rf"(^|\b){re.escape(key)}", up):
            return zh
    return test


def organism_zh(organism: str) -> str:
    """The Chinese name of an organism (``""`` when not in the table)."""
    for pattern, zh in ORGANISM_ZH:
        if re.search(pattern, organism, re.I):
            return zh
    return ""


#: A colony count in a culture report ("<10,000 organisms/ml", "10,000-100,000 CFU/mL").
CULTURE_COUNT = re.compile(
    r"(?P<op><=?|less than)?\s*(?:(?P<low>\d[\d,]*)\s*-\s*)?(?P<n>\d[\d,]*)\s*"
    r"(?:organisms|cfu|colonies)",
    re.I,
)


def no_significant_growth(finding: str) -> bool:
    """Whether a culture finding is only a colony count reported as below a limit
    ("<10,000 organisms/ml"): a physician reads it as no significant growth (IDSA 2019)."""
    m = CULTURE_COUNT.search(finding)
    if m is None or not m.group("op"):
        return False
    rest = re.sub(r"/\s*ml", "", finding[: m.start()] + finding[m.end() :], flags=re.I)
    return not re.search(r"[A-Za-z]", rest)


_ASSAY = re.compile(r"\b(?:PCR|ANTIGEN|TOXIN|ASSAY|EIA|DFA|SCREEN|NAAT)\b", re.I)


def not_grown(test: str, finding: str) -> bool:
    """Whether a microbiology result is an assay, not a culture growth: a PCR, antigen,
    toxin or screening test, or a finding reported as "Positive for ..." (C. difficile
    PCR); an answer says it "showed", not "grew", the finding."""
    return bool(_ASSAY.search(test)) or finding.strip().lower().startswith(
        ("positive", "negative")
    )


_COUNT_ZH = re.compile(
    r"(?P<op>[<>]=?)?\s*(?P<n>\d[\d,]*(?:\s*-\s*\d[\d,]*)?)\s*(?:organisms|cfu)\s*/\s*ml",
    re.I,
)
#: Flora and growth phrases of culture reports -> Chinese.
_FLORA_ZH: tuple[tuple[str, str], ...] = (
    (r"commensal respiratory flora absent", "未见呼吸道正常菌群"),
    (r"commensal respiratory flora", "呼吸道正常菌群"),
    (r"mixed bacterial (types|flora)", "混合菌群"),
    (r"sparse growth", "少量生长"),
    (r"no growth", "无生长"),
    # serology read as reactive / non-reactive (RPR, HIV antibody): no culture organism
    (r"\bnon-?reactive\b", "无反应性（阴性）"),
    (r"\breactive\b", "有反应性（阳性）"),
)


def finding_zh(finding: str) -> str:
    """The Chinese wording of a culture finding that is not an organism name: a colony
    count ("<10,000 organisms/ml" -> 菌落数 <10,000/ml) and flora phrases (呼吸道正常菌群);
    ``""`` when the text has none of them."""
    parts = []
    m = _COUNT_ZH.search(finding)
    if m:
        parts.append(f"菌落数 {m.group('op') or ''}{m.group('n').replace(' ', '')}/ml")
    for pattern, zh in _FLORA_ZH:
        if re.search(pattern, finding, re.I):
            parts.append(zh)
            break
    return "，".join(parts)


def organism_text_en(organism: str) -> str:
    """How an EN answer writes a finding: a count reported below a limit as a physician
    says it, "no significant growth (<10,000 organisms/ml)"
    (:func:`no_significant_growth`), else the record's
    text."""
    if no_significant_growth(organism):
        return f"no significant growth ({organism})"
    return organism


def organism_text_zh(organism: str) -> str:
    """How a ZH answer writes a finding: 大肠埃希菌（ESCHERICHIA COLI）, a colony count or
    flora in Chinese (无有意义生长（菌落数 <10,000/ml）; 呼吸道正常菌群（Commensal
    Respiratory Flora）), or the record's text."""
    if no_significant_growth(organism):
        return f"无有意义生长（{finding_zh(organism)}）"
    zh = organism_zh(organism)
    if zh:
        return f"{zh}（{organism}）"
    zh = finding_zh(organism)
    if zh and "\u4e00" <= zh[-1] <= "\u9fff":  # a gloss follows a Chinese name
        return f"{zh}（{organism}）"
    return zh or organism


#: Panel antibiotic names as the laboratory prints them -> (EN, ZH) for answers.
PANEL_ANTIBIOTIC_ZH: dict[str, str] = {
    "oxacillin": "苯唑西林",
    "penicillin": "青霉素",
    "penicillin g": "青霉素G",
    "vancomycin": "万古霉素",
    "clindamycin": "克林霉素",
    "erythromycin": "红霉素",
    "trimethoprim/sulfa": "复方磺胺甲噁唑",
    "tetracycline": "四环素",
    "gentamicin": "庆大霉素",
    "ampicillin": "氨苄西林",
    "cefazolin": "头孢唑林",
    "ceftriaxone": "头孢曲松",
    "ciprofloxacin": "环丙沙星",
    "levofloxacin": "左氧氟沙星",
    "nitrofurantoin": "呋喃妥因",
    "piperacillin/tazo": "哌拉西林他唑巴坦",
    "meropenem": "美罗培南",
    "cefepime": "头孢吡肟",
}
