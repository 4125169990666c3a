"""Culture and organism names in Chinese (中文菌名、标本名) for ZH answers.

MIMIC-IV ``microbiologyevents`` names tests (``URINE CULTURE``) and organisms
(``ESCHERICHIA COLI``) in English capitals; a Chinese chart writes 尿培养 and 大肠埃希菌. The
record's name is kept beside the Chinese one for traceability (大肠埃希菌（ESCHERICHIA
COLI）). A name outside these tables is never left bare in a Chinese answer: it is glossed
after a Chinese descriptor (微生物检查（…）, 报告原文（…）, 抗菌药物（…）), the form
``vocab.zh_text.untranslated_english`` accepts.
"""

from __future__ import annotations

import re

from physassist_env.vocab.drugs import name_zh

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
    ("ANAEROBIC BOTTLE GRAM STAIN", "厌氧血培养瓶革兰染色"),
    ("AEROBIC BOTTLE GRAM STAIN", "需氧血培养瓶革兰染色"),
    ("BLOOD", "血培养"),
    ("GRAM STAIN", "革兰染色涂片"),
    ("TISSUE", "组织培养"),
    ("ANAEROBIC CULTURE", "厌氧培养"),
    ("FUNGAL CULTURE", "真菌培养"),
    ("STAPH AUREUS SCREEN", "金黄色葡萄球菌筛查"),
    ("ACID FAST CULTURE", "抗酸杆菌培养"),
    ("ACID FAST SMEAR", "抗酸染色涂片"),
    ("RAPID PLASMA REAGIN", "快速血浆反应素试验（RPR）"),
    ("RESPIRATORY VIRAL CULTURE", "呼吸道病毒培养"),
    ("RESPIRATORY VIRAL ANTIGEN", "呼吸道病毒抗原筛查"),
    ("RESPIRATORY VIRUS", "呼吸道病毒检测"),
    ("R/O VANCOMYCIN RESISTANT ENTEROCOCCUS", "耐万古霉素肠球菌（VRE）筛查"),
    ("CAMPYLOBACTER", "弯曲菌培养"),
    ("FECAL CULTURE", "粪便培养"),
    ("LEGIONELLA URINARY ANTIGEN", "尿军团菌抗原"),
    ("LEGIONELLA", "军团菌培养"),
    ("NOCARDIA", "诺卡菌培养"),
    ("OVA + PARASITES", "粪便虫卵和寄生虫检查"),
    ("VIRAL CULTURE", "病毒培养"),
    # EBV serology (an antibody assay, not a culture): 全国临床检验操作规程 (第4版)
    ("EPSTEIN-BARR VIRUS VCA-IGG", "EB 病毒衣壳抗原 IgG 抗体"),
    ("EPSTEIN-BARR VIRUS VCA-IGM", "EB 病毒衣壳抗原 IgM 抗体"),
    ("EPSTEIN-BARR VIRUS EBNA", "EB 病毒核抗原 IgG 抗体"),
)

#: Organism pattern (case-insensitive) -> Chinese organism name.
#: Most specific first: "NON-FERMENTER, NOT PSEUDOMONAS AERUGINOSA" is not 铜绿假单胞菌,
#: "POSITIVE FOR METHICILLIN RESISTANT STAPH AUREUS" is MRSA, not any S. aureus. Names as in
#: 全国临床检验操作规程 (第4版) and 中国细菌名称 (the MIMIC-IV demo's organisms).
ORGANISM_ZH: tuple[tuple[str, str], ...] = (
    (r"non-?fermenter, not pseudomonas", "非铜绿假单胞菌的非发酵菌"),
    (r"methicillin[- ]resistant staph|\bmrsa\b", "耐甲氧西林金黄色葡萄球菌"),
    (r"influenza a viral antigen", "甲型流感病毒抗原阳性"),
    (r"influenza b viral antigen", "乙型流感病毒抗原阳性"),
    (r"parainfluenza virus type (\d)", "副流感病毒"),
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
    (r"streptococcus anginosus", "咽峡炎链球菌"),
    (r"viridans streptococc", "草绿色链球菌"),
    (r"beta streptococcus group a|group a strep|streptococcus pyogenes", "A组β溶血性链球菌"),
    (r"beta streptococcus group c", "C组β溶血性链球菌"),
    (r"beta streptococcus group g", "G组β溶血性链球菌"),
    (r"streptococcus", "链球菌"),
    (r"staphylococcus epidermidis", "表皮葡萄球菌"),
    (r"citrobacter freundii", "弗劳地柠檬酸杆菌"),
    (r"citrobacter koseri", "克氏柠檬酸杆菌"),
    (r"citrobacter", "柠檬酸杆菌"),
    (r"acinetobacter baumannii", "鲍曼不动杆菌"),
    (r"acinetobacter", "不动杆菌"),
    (r"stenotrophomonas maltophilia", "嗜麦芽窄食单胞菌"),
    (r"bacteroides fragilis", "脆弱拟杆菌"),
    (r"bacteroides", "拟杆菌"),
    (r"proteus vulgaris", "普通变形杆菌"),
    (r"morganella morganii", "摩根摩根菌"),
    (r"enterobacter aerogenes|klebsiella aerogenes", "产气克雷伯菌"),
    (r"enterobacter", "肠杆菌"),
    (r"klebsiella", "克雷伯菌"),
    (r"haemophilus influenzae", "流感嗜血杆菌"),
    (r"haemophilus species not influenzae", "非流感嗜血杆菌的嗜血杆菌"),
    (r"haemophilus", "嗜血杆菌"),
    (r"moraxella catarrhalis", "卡他莫拉菌"),
    (r"eikenella corrodens", "侵蚀艾肯菌"),
    (r"gardnerella vaginalis", "阴道加德纳菌"),
    (r"lactobacillus", "乳杆菌"),
    (r"prevotella", "普雷沃菌"),
    (r"porphyromonas", "卟啉单胞菌"),
    (r"fusobacterium nucleatum", "具核梭杆菌"),
    (r"fusobacterium", "梭杆菌"),
    (r"clostridium perfringens", "产气荚膜梭菌"),
    (r"corynebacterium|diphtheroid", "类白喉棒状杆菌"),
    (r"micrococcus", "微球菌"),
    (r"abiotrophia|granulicatella", "乏养菌/颗粒链菌"),
    (r"gemella", "孪生球菌"),
    (r"anaerobic gram positive cocc", "厌氧革兰阳性球菌"),
    (r"anaerobic gram positive rod", "厌氧革兰阳性杆菌"),
    (r"gram positive cocci in chains", "链状排列的革兰阳性球菌"),
    (r"gram positive cocci in clusters", "簇状排列的革兰阳性球菌"),
    (r"gram positive cocc", "革兰阳性球菌"),
    (r"gram positive rod", "革兰阳性杆菌"),
    (r"gram negative rod", "革兰阴性杆菌"),
    (r"gram negative cocc", "革兰阴性球菌"),
    (r"gram positive bacteria", "革兰阳性菌"),
    (r"candida albicans", "白念珠菌"),
    (r"candida glabrata", "光滑念珠菌"),
    (r"candida", "念珠菌"),
    (r"yeast, presumptively not c\. albicans", "推定非白念珠菌的酵母菌"),
    (r"yeast", "酵母菌"),
    (r"aspergillus", "曲霉"),
    (r"^positive$", "阳性"),
)  # fmt: skip


def culture_zh(test: str) -> str:
    """The Chinese name of a culture test; a test outside the table is glossed after a
    Chinese descriptor (微生物检查（HELICOBACTER PYLORI ANTIBODY TEST）)."""
    up = test.upper()
    for key, zh in CULTURE_ZH:
        if re.search(rf"(^|\b){re.escape(key)}", up):
            return zh
    return f"微生物检查（{test.strip()}）" if test.strip() else ""


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


#: A Gram stain or smear shows what it sees (cocci in chains), it grows nothing: the
#: culture's identification is the growth (round 14, 10015860-22413744 t0).
_ASSAY = re.compile(
    r"\b(?:PCR|ANTIGEN|TOXIN|ASSAY|EIA|DFA|SCREEN|NAAT|STAIN|SMEAR)\b", re.I
)


def not_grown(test: str, finding: str) -> bool:
    """Whether a microbiology result is an assay, not a culture growth: a PCR, antigen,
    toxin or screening test, a stain or smear, or a finding reported as "Positive for ..." (C. difficile
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
    # report phrases of stains and assays (a rejected sputum, an EIA serology)
    (
        r"contamination with upper respiratory secretions",
        "革兰染色提示标本被上呼吸道分泌物严重污染，为不合格标本",
    ),
    (r"positive by eia", "酶免疫法检测阳性"),
    (r"\bpositive\b", "阳性"),
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


#: Qualifiers of an organism name in a laboratory report -> how a Chinese report writes
#: them after the organism's Chinese name (全国临床检验操作规程 (第4版): a genus-level
#: identification is 某某菌属, a complex 复合群, a presumptive identification 推定鉴定).
_QUALIFIER_ZH: tuple[tuple[str, str], ...] = (
    (r"\bcomplex\b", "复合群"),
    (r"\b(?:sp|spp|species)\b\.?", "属"),
)
_PRESUMPTIVE = re.compile(r"presumptive(ly)? identification", re.I)
#: Laboratory comment fragments a report appends to a finding -> a Chinese summary (the
#: comment is summarised, not pasted: "MIXED BACTERIAL FLORA ( >= 3 COLONY TYPES),
#: CONSISTENT WITH SKIN AND/OR GENITAL CONTAMINATION" -> 混合菌群（≥3 种菌落），符合皮肤
#: 和/或生殖道菌群污染).
_COMMENT_ZH: tuple[tuple[str, str], ...] = (
    (r"(>=|≥)?\s*(\d+)\s*colony types", "{0}{1} 种菌落"),
    (r"consistent with skin (and/or|and|or) genital contamination", "符合皮肤和/或生殖道菌群污染"),
    (r"consistent with (skin|normal skin) (flora|contamination)", "符合皮肤菌群污染"),
)  # fmt: skip


def _comments_zh(text: str) -> list[str]:
    out = []
    for pattern, zh in _COMMENT_ZH:
        m = re.search(pattern, text, re.I)
        if m:
            groups = [g or "" for g in m.groups()]
            op = "≥" if groups and groups[0] in (">=", "≥") else ""
            out.append(zh.format(op, groups[1]) if "{1}" in zh else zh)
    return out


def organism_text_zh(organism: str) -> str:
    """How a ZH answer writes a finding: an organism by its Chinese clinical name, with
    the report's qualifiers in Chinese (大肠埃希菌; 肠球菌属 for ENTEROCOCCUS SP.; 阴沟肠杆菌
    复合群; 白念珠菌（推定鉴定）), a colony count or flora in Chinese with the laboratory's
    comment summarised (无有意义生长（菌落数 <10,000/ml）; 混合菌群（≥3 种菌落），符合皮肤
    和/或生殖道菌群污染), else the record's text glossed (报告原文（…）). The record's English
    name is kept only where no Chinese name is known (issue #37, round 8: a Chinese chart
    writes 大肠埃希菌, not ESCHERICHIA COLI; the grader's organism item reads the Chinese
    name, :func:`organism_zh`)."""
    if no_significant_growth(organism):
        return f"无有意义生长（{finding_zh(organism)}）"
    zh = organism_zh(organism)
    if zh:
        for pattern, suffix in _QUALIFIER_ZH:
            if re.search(pattern, organism, re.I) and not zh.endswith(suffix):
                zh += suffix
        if _PRESUMPTIVE.search(organism):
            zh += "（推定鉴定）"
        return zh
    zh = finding_zh(organism)
    if zh and "\u4e00" <= zh[-1] <= "\u9fff":  # a Chinese flora / assay phrase
        comments = _comments_zh(organism)
        return f"{zh}（{'，'.join(comments)}）" if comments else zh
    return zh or f"报告原文（{organism}）"


#: Panel antibiotic names as the laboratory prints them (lowercase) -> Chinese (every
#: ``ab_name`` of the MIMIC-IV demo's susceptibility panels and common others).
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
    "ampicillin/sulbactam": "氨苄西林舒巴坦",
    "ceftazidime": "头孢他啶",
    "tobramycin": "妥布霉素",
    "amikacin": "阿米卡星",
    "rifampin": "利福平",
    "linezolid": "利奈唑胺",
    "imipenem": "亚胺培南",
    "ertapenem": "厄他培南",
    "daptomycin": "达托霉素",
    "cefoxitin": "头孢西丁",
    "cefuroxime": "头孢呋辛",
    "cefpodoxime": "头孢泊肟",
    "aztreonam": "氨曲南",
    "doxycycline": "多西环素",
    "minocycline": "米诺环素",
    "tigecycline": "替加环素",
    "moxifloxacin": "莫西沙星",
    "chloramphenicol": "氯霉素",
    "colistin": "黏菌素",
    "amoxicillin/clavulanic acid": "阿莫西林克拉维酸",
}


def panel_antibiotic_zh(name: str) -> str:
    """The Chinese name of a susceptibility-panel antibiotic (:data:`PANEL_ANTIBIOTIC_ZH`,
    else the drug vocabulary's :func:`~physassist_env.vocab.drugs.name_zh`); a name known
    to neither is glossed after a Chinese descriptor (抗菌药物（FOSFOMYCIN）)."""
    return (
        PANEL_ANTIBIOTIC_ZH.get(name.strip().lower())
        or name_zh(name.replace("/", "-"))
        or f"抗菌药物（{name.strip()}）"
    )
