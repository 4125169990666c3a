"""What a claim can be about: analytes, clinical scores and drugs, by every name an answer uses.

The claim reader (:mod:`physassist_env.grading.claims`) binds each stated value, flag, trend
and decision to the nearest subject named here. Keys are canonical: ``potassium``,
``score:cha2ds2vasc``, ``drug:lisinopril``.
"""

from __future__ import annotations

from physassist_env.vocab.analytes import (
    LAB_ABBREVIATIONS,
    LAB_LAY_NAMES,
    LAB_NAMES,
    PANEL_NAMES,
)

#: Analyte keys of the scenario vocabulary that the grader's lab table spells differently.
ANALYTE_ALIASES: dict[str, str] = {"bun": "urea", "ntprobnp": "bnp"}

#: Extra analyte names (EN lowercase, ZH) not in :data:`LAB_NAMES`.
EXTRA_ANALYTE_NAMES: dict[str, str] = {
    "k+": "potassium",
    "creat": "creatinine",
    "scr": "creatinine",
    "serum creatinine": "creatinine",
    "hb": "hemoglobin",
    "trop": "troponin",
    "troponin t": "troponin",
    "troponin i": "troponin",
    "lactic acid": "lactate",
    "white cells": "wbc",
    "white blood cells": "wbc",
    "white blood cell count": "wbc",
    "leukocytes": "wbc",
    "leukocyte count": "wbc",
    "platelet count": "platelets",
    "plts": "platelets",
    "sugar": "glucose",
    "sugars": "glucose",
    "blood glucose": "glucose",
    "total bilirubin": "bilirubin",
    "t bili": "bilirubin",
    "tbili": "bilirubin",
    "bili": "bilirubin",
    "serum albumin": "albumin",
    "alb": "albumin",
    "bicarb": "bicarbonate",
    "mag": "magnesium",
    "phos": "phosphate",
    "blood urea nitrogen": "urea",
    "vancomycin level": "vancomycin_level",
    "vancomycin trough": "vancomycin_level",
    "vanc level": "vancomycin_level",
    "vanco level": "vancomycin_level",
    "trough": "vancomycin_level",
    "crp": "crp",
    "c-reactive protein": "crp",
    "hba1c": "hba1c",
    "a1c": "hba1c",
    "hemoglobin a1c": "hba1c",
    "nt-probnp": "bnp",
    "probnp": "bnp",
    "ntprobnp": "bnp",
    "nt probnp": "bnp",
    "alanine aminotransferase": "alt",
    "血钾": "potassium",
    "钾": "potassium",
    "血钠": "sodium",
    "钠": "sodium",
    "肌酐": "creatinine",
    "血肌酐": "creatinine",
    "尿素氮": "urea",
    "血糖": "glucose",
    "葡萄糖": "glucose",
    "白细胞": "wbc",
    "白细胞计数": "wbc",
    "血红蛋白": "hemoglobin",
    "血色素": "hemoglobin",
    "血小板": "platelets",
    "乳酸": "lactate",
    "肌钙蛋白": "troponin",
    "胆红素": "bilirubin",
    "总胆红素": "bilirubin",
    "白蛋白": "albumin",
    "血清白蛋白": "albumin",
    "碳酸氢盐": "bicarbonate",
    "碳酸氢根": "bicarbonate",
    "血镁": "magnesium",
    "镁": "magnesium",
    "脑钠肽": "bnp",
    "万古霉素血药浓度": "vancomycin_level",
    "万古霉素浓度": "vancomycin_level",
    "谷浓度": "vancomycin_level",
    "谷丙转氨酶": "alt",
    "c反应蛋白": "crp",
    "糖化血红蛋白": "hba1c",
    "国际标准化比值": "inr",
}

#: Clinical scores and computed quantities.
SCORE_NAMES: dict[str, str] = {
    "cha2ds2-vasc": "score:cha2ds2vasc",
    "cha2ds2vasc": "score:cha2ds2vasc",
    "chads-vasc": "score:cha2ds2vasc",
    "chadsvasc": "score:cha2ds2vasc",
    "cha₂ds₂-vasc": "score:cha2ds2vasc",
    "child-pugh": "score:child_pugh",
    "child pugh": "score:child_pugh",
    "child-turcotte-pugh": "score:child_pugh",
    "creatinine clearance": "score:crcl",
    "crcl": "score:crcl",
    "cockcroft-gault": "score:crcl",
    "clearance": "score:crcl",
    "肌酐清除率": "score:crcl",
    "清除率": "score:crcl",
    "has-bled": "score:has_bled",
    "curb-65": "score:curb65",
    "curb65": "score:curb65",
    "sofa": "score:sofa",
    "meld": "score:meld",
    "meld-na": "score:meld",
    "egfr": "score:egfr",
}

#: Flag words that name their analyte ("hyperkalemia" is a high potassium).
EMBEDDED_ANALYTE: dict[str, str] = {
    "hyperkalemia": "potassium",
    "hyperkalaemia": "potassium",
    "hypokalemia": "potassium",
    "hypokalaemia": "potassium",
    "hypernatremia": "sodium",
    "hypernatraemia": "sodium",
    "hyponatremia": "sodium",
    "hyponatraemia": "sodium",
    "hyperglycemia": "glucose",
    "hyperglycaemia": "glucose",
    "hypoglycemia": "glucose",
    "hypoglycaemia": "glucose",
    "hypercalcemia": "calcium",
    "hypocalcemia": "calcium",
    "hypermagnesemia": "magnesium",
    "hypomagnesemia": "magnesium",
    "hyperphosphatemia": "phosphate",
    "hypophosphatemia": "phosphate",
    "hyperchloremia": "chloride",
    "hyperbilirubinemia": "bilirubin",
    "hyperlactatemia": "lactate",
    "hypoalbuminemia": "albumin",
    "azotemia": "urea",
    "leukocytosis": "wbc",
    "leukopenia": "wbc",
    "thrombocytosis": "platelets",
    "thrombocytopenia": "platelets",
    "anemia": "hemoglobin",
    "anaemia": "hemoglobin",
    "高钾血症": "potassium",
    "高钾": "potassium",
    "低钾血症": "potassium",
    "低钾": "potassium",
    "高钠": "sodium",
    "低钠": "sodium",
    "高血糖": "glucose",
    "低血糖": "glucose",
    "高钙": "calcium",
    "低钙": "calcium",
    "白细胞增多": "wbc",
    "白细胞减少": "wbc",
    "血小板减少": "platelets",
    "贫血": "hemoglobin",
}


def analyte_key(key: str) -> str:
    """The canonical analyte key of a scenario lab key (``bun`` -> ``urea``)."""
    return ANALYTE_ALIASES.get(key, key)


#: Score components and the age: what a number in a score's breakdown is about
#: ("高血压 1 分", "age 60", "hypertension 1 point"). A number bound to one of these is a
#: claim about the component, not about the score it is listed in nor about a measurement
#: (高血压 is the diagnosis hypertension, not a blood-pressure reading). Components are the
#: CHA2DS2-VASc (Lip GYH et al., Chest 2010;137:263-72), HAS-BLED (Pisters R et al., Chest
#: 2010;138:1093-100) and Child-Pugh (Pugh RNH et al., Br J Surg 1973;60:646-9) items.
COMPONENT_NAMES: dict[str, str] = {
    "age": "component:age",
    "aged": "component:age",
    "年龄": "component:age",
    "年纪": "component:age",
    "hypertension": "component:hypertension",
    "高血压": "component:hypertension",
    "diabetes": "component:diabetes",
    "糖尿病": "component:diabetes",
    "heart failure": "component:heart_failure",
    "chf": "component:heart_failure",
    "心衰": "component:heart_failure",
    "心力衰竭": "component:heart_failure",
    "stroke": "component:stroke",
    "stroke/tia": "component:stroke",
    "tia": "component:stroke",
    "卒中": "component:stroke",
    "脑卒中": "component:stroke",
    "中风": "component:stroke",
    "vascular disease": "component:vascular",
    "血管疾病": "component:vascular",
    "female": "component:sex",
    "female sex": "component:sex",
    "sex category": "component:sex",
    "女性": "component:sex",
    "性别": "component:sex",
    "ascites": "component:ascites",
    "腹水": "component:ascites",
    "encephalopathy": "component:encephalopathy",
    "肝性脑病": "component:encephalopathy",
    "脑病": "component:encephalopathy",
}


#: Lowercase name (EN) or ZH name -> subject key, for every analyte and score.
SUBJECT_NAMES: dict[str, str] = {
    **PANEL_NAMES,
    **{n: analyte_key(k) for n, k in LAB_LAY_NAMES.items()},
    **{n: analyte_key(k) for n, k in LAB_NAMES.items()},
    **EXTRA_ANALYTE_NAMES,
    **SCORE_NAMES,
}

#: Case-sensitive abbreviations -> subject key (``K``, ``Na``; not ``mg``).
SUBJECT_ABBREVIATIONS: dict[str, str] = {
    k: analyte_key(v)
    for k, v in LAB_ABBREVIATIONS.items()
    if v not in ("temp",)  # a bare "T" is too ambiguous to bind a claim to
}
SUBJECT_ABBREVIATIONS.update({"WBC": "wbc", "Hgb": "hemoglobin", "Plt": "platelets"})
