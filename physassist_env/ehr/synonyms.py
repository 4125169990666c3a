"""Everyday and Chinese names for common tests and drugs, so ``code="K"`` or ``code="钾"`` works.

Each entry maps a lowercase alias to the words searched for in the record's own names
(MIMIC labels, LOINC displays). Keep entries unambiguous: an alias that could mean two
tests does not belong here.
"""

from __future__ import annotations

ALIASES: dict[str, str] = {
    # electrolytes and renal
    "k": "potassium", "k+": "potassium", "钾": "potassium", "血钾": "potassium",
    "na": "sodium", "na+": "sodium", "钠": "sodium", "血钠": "sodium",
    "cl": "chloride", "氯": "chloride",
    "hco3": "bicarbonate", "bicarb": "bicarbonate", "co2": "bicarbonate", "碳酸氢盐": "bicarbonate",
    "cr": "creatinine", "creat": "creatinine", "scr": "creatinine", "肌酐": "creatinine", "血肌酐": "creatinine",
    "bun": "urea nitrogen", "urea": "urea nitrogen", "尿素氮": "urea nitrogen", "尿素": "urea nitrogen",
    "mg": "magnesium", "镁": "magnesium", "phos": "phosphate", "磷": "phosphate",
    "ca": "calcium", "钙": "calcium", "egfr": "egfr", "肾小球滤过率": "egfr",
    "glucose": "glucose", "bg": "glucose", "blood sugar": "glucose", "血糖": "glucose", "葡萄糖": "glucose",
    "a1c": "a1c", "hba1c": "a1c", "糖化血红蛋白": "a1c",
    # haematology and coagulation
    "wbc": "white blood cells", "white count": "white blood cells", "leukocytes": "white blood cells",
    "白细胞": "white blood cells", "白细胞计数": "white blood cells",
    "hgb": "hemoglobin", "hb": "hemoglobin", "haemoglobin": "hemoglobin", "血红蛋白": "hemoglobin",
    "hct": "hematocrit", "红细胞压积": "hematocrit",
    "plt": "platelet", "platelets": "platelet", "血小板": "platelet",
    "inr": "inr", "国际标准化比值": "inr", "pt": "pt", "ptt": "ptt", "凝血酶原时间": "pt",
    # markers
    "lactic acid": "lactate", "乳酸": "lactate",
    "trop": "troponin", "troponin": "troponin", "肌钙蛋白": "troponin",
    "bnp": "ntprobnp", "nt-probnp": "ntprobnp", "脑钠肽": "ntprobnp",
    "crp": "c-reactive protein", "c反应蛋白": "c-reactive protein",
    "procalcitonin": "procalcitonin", "pct": "procalcitonin", "降钙素原": "procalcitonin",
    "alt": "alanine aminotransferase", "sgpt": "alanine aminotransferase", "谷丙转氨酶": "alanine aminotransferase",
    "ast": "asparate aminotransferase", "sgot": "asparate aminotransferase", "谷草转氨酶": "asparate aminotransferase",
    "alk phos": "alkaline phosphatase", "alp": "alkaline phosphatase", "碱性磷酸酶": "alkaline phosphatase",
    "bili": "bilirubin", "胆红素": "bilirubin", "albumin": "albumin", "白蛋白": "albumin",
    "lipase": "lipase", "脂肪酶": "lipase", "ammonia": "ammonia", "血氨": "ammonia",
    "vanco level": "vancomycin", "vanc": "vancomycin", "万古霉素": "vancomycin",
    "tsh": "thyroid stimulating hormone", "促甲状腺激素": "thyroid stimulating hormone",
    # vitals
    "bp": "blood pressure", "血压": "blood pressure", "hr": "heart rate", "pulse": "heart rate",
    "心率": "heart rate", "脉搏": "heart rate", "rr": "respiratory rate", "呼吸频率": "respiratory rate",
    "spo2": "oxygen saturation", "sat": "oxygen saturation", "o2 sat": "oxygen saturation",
    "血氧饱和度": "oxygen saturation", "temp": "temperature", "体温": "temperature",
    "weight": "weight", "体重": "weight", "bmi": "body mass index", "身高": "height",
    # microbiology
    "blood culture": "blood culture", "血培养": "blood culture", "urine culture": "urine",
    "尿培养": "urine", "痰培养": "sputum",
    # common drugs (Chinese names)
    "华法林": "warfarin", "肝素": "heparin", "胰岛素": "insulin", "二甲双胍": "metformin",
    "呋塞米": "furosemide", "速尿": "furosemide", "赖诺普利": "lisinopril", "螺内酯": "spironolactone",
    "地高辛": "digoxin", "阿司匹林": "aspirin", "氯吡格雷": "clopidogrel", "美托洛尔": "metoprolol",
    "头孢曲松": "ceftriaxone", "哌拉西林他唑巴坦": "piperacillin", "阿莫西林": "amoxicillin",
    "左氧氟沙星": "levofloxacin", "甲硝唑": "metronidazole", "阿托伐他汀": "atorvastatin",
    "泼尼松": "prednisone", "对乙酰氨基酚": "acetaminophen", "布洛芬": "ibuprofen",
    "氯化钾": "potassium chloride", "阿哌沙班": "apixaban", "依诺肝素": "enoxaparin",
}


def expand(query: str) -> str:
    """Map a lowercase query through :data:`ALIASES` (unchanged when not an alias)."""
    return ALIASES.get(query, query)
