"""Independent interview check of the simulated patient (issue #39), written without reading
the patient's code: only the public ``ask_patient`` tool of an episode is used.

Two steps:

``make``  picks patients of a built dataset, reads each record as of its session date and
          writes questions a physician would ask (history, medicines and doses, allergies,
          what a doctor told them, dates) plus off-topic, imaging/lab-result and absent-fact
          questions, each in English and Chinese, with the expected answer class and the
          record facts that may be said.  The synthetic set is committed
          (``benchmarks/data/interview_set_v39_synthetic.json``); a set made from MIMIC-IV
          demo patients holds MIMIC-derived facts and must stay OUTSIDE the repository
          (``/work/v39data/interview_real.json``).
``score`` asks every question through the real patient (rules patient, or the LLM patient
          with ``--patient llm``), extracts the facts each answer states (drugs, lay drug
          classes, doses, how often, dates, lab values and directions, conditions,
          allergies) and matches them against the RECORD as of the session date, never
          against the patient's code:

          * precision: stated checkable facts that the record holds as of the session date;
          * contradicted: stated facts the record contradicts (a drug it never had, a dose,
            frequency, date or lab value/direction that differs from every record value of
            that drug/lab, an allergy or condition it denies);
          * chart-fact answers: off-topic and imaging/lab-result questions answered with a
            record fact;
          * leaked: stated facts the record holds only AFTER the session date (the one kind
            of withheld fact observable from outside the patient's code).

Run::

    python benchmarks/independent_interview.py make --dataset /work/int/.cache/Dx \\
        --source synthetic --patients 30 --out benchmarks/data/interview_set_v39_synthetic.json
    python benchmarks/independent_interview.py make --dataset /work/int/.cache/Mx \\
        --source real --patients 20 --out /work/v39data/interview_real.json
    # set v40 (benchmarks/interview_v40.py): time-gated, leak, sibling, premise questions
    python benchmarks/independent_interview.py make --set v40 --dataset /work/meas/s10/D0 \\
        --source synthetic --patients 24 --seed 40 \\
        --exclude benchmarks/data/interview_set_v39_synthetic.json \\
        --out benchmarks/data/interview_set_v40_synthetic.json
    # set v41 (benchmarks/interview_v41.py, judged also by interview_judge_v41.py): one
    # drug's dates, doses and routes, which drug, follow-ups, negative questions
    python benchmarks/independent_interview.py make --set v41 --dataset /work/meas/s15/D7 \\
        --source synthetic --patients 30 --seed 41 \\
        --exclude benchmarks/data/interview_set_v39_synthetic.json \\
        benchmarks/data/interview_set_v40_synthetic.json \\
        --out benchmarks/data/interview_set_v41_synthetic.json
    python benchmarks/independent_interview.py score \\
        --synthetic-set benchmarks/data/interview_set_v39_synthetic.json \\
        --synthetic-dataset /work/int/.cache/Dx \\
        --real-set /work/v39data/interview_real.json --real-dataset /work/int/.cache/Mx
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import importlib
import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from physassist_env.env.data import SPLITS, split_data
from physassist_env.env.episode import Episode

# --------------------------------------------------------------------------- lexicons
#: Generic drug names with their common Chinese names (for answers in Chinese).
DRUG_ZH: dict[str, tuple[str, ...]] = {
    "warfarin": ("华法林",),
    "heparin": ("肝素",),
    "enoxaparin": ("依诺肝素",),
    "apixaban": ("阿哌沙班",),
    "rivaroxaban": ("利伐沙班",),
    "dabigatran": ("达比加群",),
    "aspirin": ("阿司匹林",),
    "clopidogrel": ("氯吡格雷",),
    "metformin": ("二甲双胍",),
    "glipizide": ("格列吡嗪",),
    "insulin": ("胰岛素",),
    "lisinopril": ("赖诺普利",),
    "losartan": ("氯沙坦",),
    "valsartan": ("缬沙坦",),
    "spironolactone": ("螺内酯",),
    "furosemide": ("呋塞米", "速尿"),
    "torsemide": ("托拉塞米",),
    "hydrochlorothiazide": ("氢氯噻嗪",),
    "metoprolol": ("美托洛尔",),
    "carvedilol": ("卡维地洛",),
    "atenolol": ("阿替洛尔",),
    "amlodipine": ("氨氯地平",),
    "diltiazem": ("地尔硫卓",),
    "digoxin": ("地高辛",),
    "amiodarone": ("胺碘酮",),
    "atorvastatin": ("阿托伐他汀",),
    "simvastatin": ("辛伐他汀",),
    "rosuvastatin": ("瑞舒伐他汀",),
    "pravastatin": ("普伐他汀",),
    "pantoprazole": ("泮托拉唑",),
    "omeprazole": ("奥美拉唑",),
    "famotidine": ("法莫替丁",),
    "levothyroxine": ("左甲状腺素", "优甲乐"),
    "prednisone": ("泼尼松",),
    "acetaminophen": ("对乙酰氨基酚", "扑热息痛"),
    "oxycodone": ("羟考酮",),
    "morphine": ("吗啡",),
    "vancomycin": ("万古霉素",),
    "ceftriaxone": ("头孢曲松",),
    "levofloxacin": ("左氧氟沙星",),
    "potassium chloride": ("氯化钾",),
    "allopurinol": ("别嘌醇",),
    "gabapentin": ("加巴喷丁",),
    "lorazepam": ("劳拉西泮",),
    "albuterol": ("沙丁胺醇",),
    "tamsulosin": ("坦索罗辛",),
    "nitroglycerin": ("硝酸甘油",),
    "penicillin": ("青霉素",),
    "sulfa": ("磺胺",),
}
#: Extra generic names a patient might name although the record does not (wrong-drug check).
COMMON_GENERICS = tuple(DRUG_ZH) + (
    "ibuprofen",
    "naproxen",
    "prednisone",
    "hydralazine",
    "isosorbide",
    "glyburide",
    "sitagliptin",
    "tramadol",
    "sertraline",
    "citalopram",
    "zolpidem",
)

#: Lay drug classes (EN and ZH phrases) and the generic-name stems each covers.
LAY_CLASSES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "anticoagulant": (
        ("blood thinner", "blood-thinner", "anticoagulant"),
        ("稀释血液", "抗凝", "血液稀释", "抗血栓", "防血栓", "化血栓"),
        (
            "warfarin",
            "heparin",
            "enoxaparin",
            "apixaban",
            "rivaroxaban",
            "dabigatran",
            "edoxaban",
            "fondaparinux",
            "argatroban",
            "bivalirudin",
            "aspirin",
            "clopidogrel",
            "ticagrelor",
            "prasugrel",
        ),
    ),
    "diabetes": (
        (
            "sugar pill",
            "diabetes pill",
            "diabetes medicine",
            "sugar medicine",
            "pill for my sugar",
            "pill for sugar",
        ),
        ("降糖", "降血糖", "糖尿病的药", "控制血糖"),
        (
            "metformin",
            "glipizide",
            "glyburide",
            "glimepiride",
            "sitagliptin",
            "linagliptin",
            "pioglitazone",
            "empagliflozin",
            "dapagliflozin",
            "insulin",
            "liraglutide",
        ),
    ),
    "insulin": (("insulin",), ("胰岛素",), ("insulin",)),
    "diuretic": (
        ("water pill", "fluid pill", "diuretic"),
        ("利尿", "排水", "消肿的药", "排尿的药"),
        (
            "furosemide",
            "torsemide",
            "bumetanide",
            "hydrochlorothiazide",
            "chlorthalidone",
            "spironolactone",
            "metolazone",
            "eplerenone",
            "acetazolamide",
        ),
    ),
    "blood_pressure": (
        ("blood pressure pill", "blood pressure medicine", "pressure pill", "bp pill"),
        ("降压", "血压的药", "血压药"),
        (
            "lisinopril",
            "enalapril",
            "captopril",
            "ramipril",
            "benazepril",
            "losartan",
            "valsartan",
            "irbesartan",
            "candesartan",
            "amlodipine",
            "nifedipine",
            "diltiazem",
            "verapamil",
            "metoprolol",
            "carvedilol",
            "atenolol",
            "labetalol",
            "propranolol",
            "hydralazine",
            "clonidine",
            "hydrochlorothiazide",
            "chlorthalidone",
            "spironolactone",
            "furosemide",
            "sacubitril",
            "isosorbide",
            "nadolol",
        ),
    ),
    "heart": (
        (
            "heart pill",
            "heart medicine",
            "heart medication",
            "pill for my heart",
            "rhythm pill",
        ),
        ("心脏药", "心脏的药", "心脏病的药", "心律的药", "护心"),
        (
            "metoprolol",
            "carvedilol",
            "atenolol",
            "digoxin",
            "amiodarone",
            "diltiazem",
            "verapamil",
            "isosorbide",
            "nitroglycerin",
            "sotalol",
            "dofetilide",
            "ranolazine",
            "lisinopril",
            "losartan",
            "valsartan",
            "sacubitril",
            "furosemide",
            "torsemide",
            "spironolactone",
            "hydralazine",
            "bisoprolol",
            "labetalol",
            "propranolol",
            "amlodipine",
            "aspirin",
            "clopidogrel",
            "atorvastatin",
            "flecainide",
        ),
    ),
    "stomach": (
        (
            "stomach pill",
            "stomach medicine",
            "acid pill",
            "antacid",
            "pill for my stomach",
        ),
        ("护胃", "胃药", "胃的药", "抑酸"),
        (
            "pantoprazole",
            "omeprazole",
            "esomeprazole",
            "lansoprazole",
            "famotidine",
            "ranitidine",
            "sucralfate",
            "calcium carbonate",
        ),
    ),
    "cholesterol": (
        ("cholesterol pill", "cholesterol medicine", "statin"),
        ("降脂", "胆固醇", "血脂", "他汀"),
        (
            "atorvastatin",
            "simvastatin",
            "rosuvastatin",
            "pravastatin",
            "lovastatin",
            "ezetimibe",
        ),
    ),
    "potassium": (
        ("potassium pill", "potassium supplement"),
        ("补钾", "钾片"),
        ("potassium chloride", "potassium"),
    ),
    "pain": (
        ("pain pill", "pain medicine", "painkiller", "pain killer", "pain medication"),
        ("止痛", "镇痛"),
        (
            "acetaminophen",
            "oxycodone",
            "morphine",
            "hydromorphone",
            "tramadol",
            "ibuprofen",
            "fentanyl",
            "ketorolac",
            "naproxen",
            "gabapentin",
            "lidocaine",
            "codeine",
        ),
    ),
    "antibiotic": (
        ("antibiotic",),
        ("抗生素", "消炎药", "抗菌"),
        (
            "vancomycin",
            "ceftriaxone",
            "piperacillin",
            "cefepime",
            "levofloxacin",
            "ciprofloxacin",
            "azithromycin",
            "metronidazole",
            "amoxicillin",
            "cephalexin",
            "meropenem",
            "doxycycline",
            "sulfamethoxazole",
            "nitrofurantoin",
            "linezolid",
            "clindamycin",
            "cefazolin",
            "ampicillin",
            "ceftazidime",
            "penicillin",
        ),
    ),
    "thyroid": (("thyroid pill", "thyroid medicine"), ("甲状腺",), ("levothyroxine",)),
    "inhaler": (
        ("inhaler", "breathing treatment", "nebulizer"),
        ("吸入", "喷雾", "雾化"),
        (
            "albuterol",
            "ipratropium",
            "tiotropium",
            "fluticasone",
            "salmeterol",
            "budesonide",
            "formoterol",
        ),
    ),
    "steroid": (
        ("steroid",),
        ("激素",),
        ("prednisone", "methylprednisolone", "hydrocortisone", "dexamethasone"),
    ),
}

#: Conditions a patient names in lay words: class -> (EN, ZH, record keywords).
CONDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "diabetes": (
        ("diabetes", "diabetic", "high sugar", "sugar disease"),
        ("糖尿病", "血糖高的病"),
        ("diabetes",),
    ),
    "hypertension": (
        ("high blood pressure", "hypertension"),
        ("高血压",),
        ("hypertension", "hypertensive"),
    ),
    "heart_failure": (
        ("heart failure", "weak heart"),
        ("心衰", "心力衰竭", "心功能不全"),
        ("heart failure", "chf"),
    ),
    "afib": (
        (
            "atrial fibrillation",
            "afib",
            "a-fib",
            "irregular heartbeat",
            "irregular heart",
        ),
        ("房颤", "心房颤动", "心律不齐", "心跳不规律", "心跳不齐"),
        ("atrial fibrillation", "atrial flutter", "afib"),
    ),
    "kidney": (
        (
            "kidney disease",
            "kidney problem",
            "kidney failure",
            "kidney trouble",
            "weak kidneys",
            "kidney damage",
        ),
        ("肾病", "肾脏", "肾功能损害", "肾功能不全", "肾衰", "肾不好"),
        ("kidney", "renal", "nephropathy"),
    ),
    "stroke": (
        ("stroke",),
        ("中风", "脑卒中", "脑梗"),
        ("cerebral", "stroke", "infarction", "tia"),
    ),
    "heart_attack": (
        (
            "heart attack",
            "blocked heart arteries",
            "clogged arteries",
            "heart arteries",
        ),
        ("心梗", "心肌梗死", "心脏病发作", "心脏血管堵塞", "冠心病"),
        ("myocardial infarction", "coronary"),
    ),
    "cholesterol": (
        ("high cholesterol",),
        ("胆固醇高", "血脂高"),
        ("hyperlipidemia", "cholesterol", "lipid"),
    ),
    "anemia": (
        ("anemia", "low blood count"),
        ("贫血", "血色素低"),
        ("anemia", "hemoglobin"),
    ),
    "uti": (
        ("bladder infection", "urine infection", "urinary infection"),
        ("膀胱发炎", "尿路感染"),
        ("urinary tract infection", "cystitis", "uti"),
    ),
    "copd": (
        ("copd", "emphysema", "lung disease"),
        ("慢阻肺", "肺气肿"),
        ("obstructive pulmonary", "copd", "emphysema", "bronchitis"),
    ),
    "cancer": (
        ("cancer", "tumor"),
        ("癌", "肿瘤"),
        ("malignant", "neoplasm", "cancer", "carcinoma"),
    ),
    "pneumonia": (
        ("pneumonia", "lung infection"),
        ("肺炎", "肺部感染"),
        ("pneumonia",),
    ),
    "bleeding": (("bleeding", "bleed"), ("出血",), ("hemorrhage", "bleed", "melena")),
    "liver": (
        ("cirrhosis", "liver disease"),
        ("肝硬化", "肝病"),
        ("cirrhosis", "liver", "hepat"),
    ),
    "gout": (("gout",), ("痛风",), ("gout",)),
    "asthma": (("asthma",), ("哮喘",), ("asthma",)),
}

#: Labs a patient may speak of: class -> (EN words, ZH words, record lab names).
LABS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "potassium": (("potassium",), ("血钾", "钾"), ("potassium",)),
    "creatinine": (
        (
            "creatinine",
            "kidney number",
            "kidney function",
            "kidney test",
            "kidney level",
        ),
        ("肌酐", "肾功能", "肾的指标"),
        ("creatinine",),
    ),
    "inr": (
        ("inr", "blood thinning level", "clotting level", "clotting number"),
        ("凝血", "inr"),
        ("inr(pt)", "inr"),
    ),
    "hemoglobin": (
        ("hemoglobin", "blood count", "blood level", "hgb"),
        ("血红蛋白", "血色素", "贫血"),
        ("hemoglobin",),
    ),
    "glucose": (("blood sugar", "glucose", "sugar level"), ("血糖",), ("glucose",)),
    "sodium": (("sodium", "salt level"), ("血钠", "钠"), ("sodium",)),
}
HIGH_WORDS_EN = ("high", "up", "elevated", "too much")
LOW_WORDS_EN = ("low", "down", "dropped", "too little")
HIGH_WORDS_ZH = ("高", "升")
LOW_WORDS_ZH = ("低", "降", "不够")

MONTHS = {
    m: i + 1
    for i, m in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        )
    )
}

NEGATION_EN = re.compile(
    r"\b(no|not|never|don't|dont|didn't|haven't|hasn't|isn't|aren't|wasn't|nobody|none|nothing)\b"
)
NEGATION_ZH = re.compile(r"(没|不|无|未)")
#: Chinese words that hold 不/无 without denying anything (心律不齐, 肾功能不全, 不舒服).
NOT_NEGATION_ZH = r"(不齐|不全|不良|不适|不舒服|不稳|不好|不太好|不足|不规律|不够|无力)"
#: Words that make a sentence about an allergy or intolerance.
ALLERGY_WORDS = re.compile(
    r"(allerg|agree with me|side effect|reaction|rash|hives|过敏|副作用|不耐受|不良反应|起疹)"
)
#: Symptoms in lay words: class -> (EN, ZH, words the record's history/notes use).
SYMPTOMS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "melena": (
        ("black poop", "black stool", "black tarry", "tarry stool"),
        ("黑便", "大便发黑", "拉黑"),
        ("melena", "black", "tarry"),
    ),
    "edema": (
        ("puffy legs", "swollen legs", "swelling", "swollen ankles", "puffy"),
        ("腿肿", "水肿", "浮肿", "脚肿"),
        ("edema", "swelling", "swollen", "puffy"),
    ),
    "chest_pain": (
        ("pain in my chest", "chest pain", "chest pressure", "chest hurts"),
        ("胸痛", "胸口疼", "胸口痛", "胸闷"),
        ("chest pain", "chest", "angina"),
    ),
    "wheeze": (("wheeze", "wheezing"), ("喘鸣", "哮鸣"), ("wheez",)),
    "dyspnea": (
        (
            "short of breath",
            "shortness of breath",
            "can't breathe",
            "breathless",
            "trouble breathing",
            "winded",
        ),
        ("气短", "喘不上气", "呼吸困难", "气喘", "喘不过气"),
        ("dyspnea", "shortness of breath", "short of breath", "breath", "sob"),
    ),
    "diarrhea": (
        ("loose stools", "diarrhea", "the runs"),
        ("拉肚子", "腹泻", "稀便"),
        ("diarrhea", "loose"),
    ),
    "fever": (
        ("fever", "feverish", "chills"),
        ("发烧", "发热", "发冷"),
        ("fever", "febrile", "chills"),
    ),
    "cough": (("cough", "coughing"), ("咳嗽",), ("cough",)),
    "dizzy": (
        ("dizzy", "lightheaded", "light-headed", "passed out", "fainted"),
        ("头晕", "晕倒", "眼前发黑"),
        ("dizz", "lighthead", "syncope", "presyncope"),
    ),
    "confusion": (
        ("confused", "confusion", "foggy"),
        ("糊涂", "意识不清", "迷糊"),
        ("confus", "altered mental", "encephalopathy"),
    ),
    "vomiting": (
        ("throwing up", "vomit", "nausea", "nauseous", "sick to my stomach"),
        ("呕吐", "恶心", "想吐"),
        ("vomit", "nausea", "emesis"),
    ),
    "abdominal_pain": (
        (
            "belly pain",
            "stomach pain",
            "abdominal pain",
            "stomach hurts",
            "belly hurts",
        ),
        ("肚子疼", "腹痛", "肚子痛"),
        ("abdominal pain", "abdominal", "belly"),
    ),
    "weakness": (
        ("tired", "feel weak", "feeling weak", "no energy", "fatigue"),
        ("乏力", "没力气", "没劲"),
        ("weak", "fatigue", "tired", "malaise"),
    ),
    "fall": (("fell", "a fall"), ("摔倒", "摔了"), ("fall", "fell")),
    "urinary": (
        ("burning when i pee", "burns when i pee", "peeing a lot"),
        ("尿痛", "尿频", "小便疼"),
        ("dysuria", "urinary", "frequency"),
    ),
    "palpitations": (
        ("heart racing", "palpitations", "heart pounding", "fluttering"),
        ("心慌", "心悸", "心跳很快"),
        ("palpitation", "racing", "tachy"),
    ),
    "headache": (("headache",), ("头疼", "头痛"), ("headache",)),
    "bleeding": (
        ("bleeding", "blood in", "vomiting blood"),
        ("出血", "吐血", "便血"),
        ("bleed", "hemorrhage", "melena", "hematemesis"),
    ),
}
NO_ALLERGY = re.compile(
    r"(not allergic|no allergies|no known allergies|no drug allergies|不过敏|没有过敏|没有药物过敏|没听说.*过敏|没.*过敏)"
)
WARNING = re.compile(r"(watch for|look out for|call if|come back if|注意|留意|警惕)")
LATEST = re.compile(
    r"(last time|latest|most recent|this morning|最近一次|最新|今天早上)"
)
HOME = re.compile(
    r"^\s*(i take|i'm supposed to take|i am supposed to take|at home i take|我吃|医生让我吃|我在家吃|平时吃|我平时吃)"
)
FAMILY = re.compile(
    r"(\b(my|his|her) (father|mother|dad|mom|mum|brother|sister|son|daughter|parents|"
    r"grandfather|grandmother|uncle|aunt)\b|\bfamily\b|\brelatives?\b|"
    r"父亲|母亲|爸|妈|哥哥|姐姐|弟弟|妹妹|儿子|女儿|家里人|家人|亲戚|爷爷|奶奶|外公|外婆)"
)
HOSPITAL = re.compile(r"(in the hospital|here|gave me|住院|这里|给我用了)")
#: Brand names a patient uses, to the generic.
BRANDS: dict[str, str] = {
    "tylenol": "acetaminophen",
    "泰诺": "acetaminophen",
    "plavix": "clopidogrel",
    "波立维": "clopidogrel",
    "coumadin": "warfarin",
    "lasix": "furosemide",
    "lipitor": "atorvastatin",
    "zocor": "simvastatin",
    "eliquis": "apixaban",
    "xarelto": "rivaroxaban",
    "protonix": "pantoprazole",
    "prilosec": "omeprazole",
    "synthroid": "levothyroxine",
    "norvasc": "amlodipine",
    "toprol": "metoprolol",
    "lopressor": "metoprolol",
    "coreg": "carvedilol",
    "zestril": "lisinopril",
    "lovenox": "enoxaparin",
    "codeine": "codeine",
    "可待因": "codeine",
    "motrin": "ibuprofen",
    "advil": "ibuprofen",
    "aldactone": "spironolactone",
    "glucophage": "metformin",
    # Chinese trade names a patient uses (set v40 asks them)
    "华法林钠片": "warfarin",
    "艾乐妥": "apixaban",
    "拜瑞妥": "rivaroxaban",
    "立普妥": "atorvastatin",
    "倍他乐克": "metoprolol",
    "络活喜": "amlodipine",
    "潘妥洛克": "pantoprazole",
    "格华止": "metformin",
    "拜阿司匹灵": "aspirin",
    "洛赛克": "omeprazole",
    "安体舒通": "spironolactone",
    "舒降之": "simvastatin",
    "克赛": "enoxaparin",
}
#: Lab words that are never a drug on their own (potassium chloride is named with its salt).
NOT_DRUGS = {
    "potassium",
    "glucose",
    "sodium",
    "calcium",
    "magnesium",
    "phosphate",
    "dextrose",
    "bicarbonate",
    "albumin",
    "oxygen",
    "water",
    "sterile",
    "iron",
}
UNKNOWN_EN = re.compile(
    r"(don't know|do not know|not sure|no idea|wasn't told|weren't told|nobody told|"
    r"haven't been told|can't remember|don't remember|not that i know|no one told)"
)
UNKNOWN_ZH = re.compile(
    r"(不知道|不清楚|没人告诉|没告诉|记不清|不记得|没听说|说不上来|没跟我说)"
)

FREQ_EN = (
    (
        re.compile(
            r"\b(once a day|once daily|daily|every morning|every night|at bedtime|once every day)\b"
        ),
        1,
    ),
    (
        re.compile(
            r"\b(twice a day|two times a day|twice daily|morning and night|morning and evening)\b"
        ),
        2,
    ),
    (re.compile(r"\b(three times a day|three times daily)\b"), 3),
    (re.compile(r"\b(four times a day)\b"), 4),
)
FREQ_ZH = (
    (re.compile(r"(每天一次|一天一次|每日一次|每天早上|每晚|睡前)"), 1),
    (re.compile(r"(每天两次|一天两次|每日两次|一天二次|早晚各)"), 2),
    (re.compile(r"(每天三次|一天三次|每日三次)"), 3),
    (re.compile(r"(每天四次|一天四次)"), 4),
)


def _freq_per_day(code: str) -> int | None:
    """Doses per day of a MIMIC frequency code (None for PRN, once, continuous, unknown)."""
    c = (code or "").upper().strip()
    if not c or "PRN" in c or c.startswith(("ONCE", "CONTINUOUS", "STAT", "X1")):
        return None
    for prefixes, n in (
        (
            (
                "DAILY",
                "QD",
                "Q24H",
                "QAM",
                "QPM",
                "QHS",
                "HS",
                "QDAY",
                "QMORN",
                "QNOON",
            ),
            1,
        ),
        (("BID", "Q12H"), 2),
        (("TID", "Q8H"), 3),
        (("QID", "Q6H"), 4),
        (("Q4H",), 6),
    ):
        if c.startswith(prefixes):
            return n
    return None


def _day(value: str | None) -> str | None:
    return value[:10] if isinstance(value, str) and len(value) >= 10 else None


def _stem(name: str) -> str:
    """The generic stem of a medication name ('Metoprolol Tartrate' -> 'metoprolol')."""
    low = name.lower().strip()
    for g in sorted(COMMON_GENERICS, key=len, reverse=True):
        if g in low:
            return g
    for lay in LAY_CLASSES.values():
        for g in lay[2]:
            if g in low:
                return g
    word = re.split(r"[\s(/,%0-9-]+", low)
    return word[0] if word and word[0] else low


# --------------------------------------------------------------------------- the record
@dataclass
class Med:
    name: str
    stem: str
    day: str | None
    doses: tuple[float, ...]
    unit: str
    per_day: int | None


@dataclass
class Lab:
    name: str
    day: str
    value: float
    flag: str  # "H", "L" or ""


@dataclass
class RecordFacts:
    """What the record holds for a patient, split at the session date.

    ``known`` facts are dated on or before the session date (or are the patient's own
    history in the admission note: home medicines, allergies, chief complaint, past
    history); ``future`` facts are dated after it.
    """

    as_of: str
    admit_day: str | None
    meds: list[Med] = field(default_factory=list)
    future_meds: list[Med] = field(default_factory=list)
    labs: list[Lab] = field(default_factory=list)
    future_labs: list[Lab] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    allergies: list[str] = field(default_factory=list)
    allergy_stated: bool = False
    days: set[str] = field(default_factory=set)
    future_days: set[str] = field(default_factory=set)
    history_text: str = ""
    complaint: str = ""
    has_notes: bool = False
    imaging: list[str] = field(default_factory=list)
    home_stems: set[str] = field(default_factory=set)
    future_conditions: list[str] = field(default_factory=list)

    def med_stems(self) -> set[str]:
        return {m.stem for m in self.meds}

    def future_only_stems(self) -> set[str]:
        return {m.stem for m in self.future_meds} - self.med_stems()


def _note_sections(text: str) -> dict[str, str]:
    """Sections of a discharge-summary style note, keyed by lower-case heading."""
    out: dict[str, str] = {}
    current = ""
    for line in text.splitlines():
        m = re.match(r"^([A-Z][A-Za-z /]+):\s*(.*)$", line.strip())
        if m and len(m.group(1)) < 40:
            current = m.group(1).lower()
            out[current] = m.group(2)
        elif current:
            out[current] += "\n" + line
    return out


def _med_doses(res: dict[str, Any]) -> tuple[tuple[float, ...], str, int | None]:
    doses: list[float] = []
    unit = ""
    per_day = None
    for di in res.get("dosageInstruction") or []:
        for dr in di.get("doseAndRate") or []:
            q = dr.get("doseQuantity") or {}
            if isinstance(q.get("value"), int | float):
                doses.append(float(q["value"]))
                unit = q.get("unit") or unit
        m = re.match(r"\s*([\d.]+)(?:-([\d.]+))?\s*([A-Za-z%]+)", di.get("text") or "")
        if m:
            doses += [
                float(x)
                for x in m.groups()[:2]
                if x and re.fullmatch(r"\d+(\.\d+)?", x)
            ]
            unit = unit or m.group(3)
        code = ((di.get("timing") or {}).get("code") or {}).get("text") or ""
        per_day = per_day or _freq_per_day(code)
    dose = res.get("dosage") or {}
    if isinstance(dose, dict) and isinstance(
        (dose.get("dose") or {}).get("value"), int | float
    ):
        doses.append(float(dose["dose"]["value"]))
        unit = unit or dose["dose"].get("unit") or ""
    return tuple(sorted(set(doses))), unit, per_day


def record_facts(record: Any, as_of: str, hadm_id: str | None = None) -> RecordFacts:
    """Read a :class:`PatientRecord`'s resources into :class:`RecordFacts` as of ``as_of``."""
    facts = RecordFacts(as_of=as_of, admit_day=None)
    for res in record.resources:
        kind = res.get("resourceType")
        if kind == "Encounter":
            day = _day((res.get("period") or {}).get("start"))
            end = _day((res.get("period") or {}).get("end"))
            if res.get("id") == hadm_id:
                facts.admit_day = day
            for d in (day, end):
                if d:
                    (facts.days if d <= as_of else facts.future_days).add(d)
        elif kind == "Condition":
            day = _day(res.get("recordedDate") or res.get("onsetDateTime")) or ""
            text = ((res.get("code") or {}).get("text") or "").lower()
            if day <= as_of:
                facts.conditions.append(text)
            else:
                facts.future_conditions.append(text)
        elif kind == "AllergyIntolerance":
            day = _day(res.get("recordedDate")) or ""
            if day <= as_of:
                facts.allergies.append(
                    ((res.get("code") or {}).get("text") or "").lower()
                )
                facts.allergy_stated = True
        elif kind in (
            "MedicationRequest",
            "MedicationAdministration",
            "MedicationStatement",
        ):
            name = (
                (res.get("medicationCodeableConcept") or {}).get("text") or ""
            ).strip()
            if not name:
                continue
            day = _day(
                res.get("authoredOn")
                or res.get("effectiveDateTime")
                or (res.get("effectivePeriod") or {}).get("start")
            )
            doses, unit, per_day = _med_doses(res)
            med = Med(name, _stem(name), day, doses, unit, per_day)
            if day and day <= as_of:
                facts.meds.append(med)
                facts.days.add(day)
            elif day:
                facts.future_meds.append(med)
                facts.future_days.add(day)
        elif kind == "Observation":
            q = res.get("valueQuantity") or {}
            day = _day(res.get("effectiveDateTime")) or ""
            if not isinstance(q.get("value"), int | float) or not day:
                continue
            flag = ""
            for it in res.get("interpretation") or []:
                for c in it.get("coding") or []:
                    if c.get("code") in ("H", "HH", "L", "LL"):
                        flag = c["code"][0]
            lab = Lab(
                ((res.get("code") or {}).get("text") or "").lower(),
                day,
                float(q["value"]),
                flag,
            )
            if day <= as_of:
                facts.labs.append(lab)
                facts.days.add(day)
            else:
                facts.future_labs.append(lab)
                facts.future_days.add(day)
        elif kind == "DiagnosticReport":
            day = _day(res.get("effectiveDateTime")) or ""
            if day <= as_of and res.get("conclusion"):
                facts.imaging.append(res["conclusion"])
        elif kind == "DocumentReference":
            ctx = [
                e.get("reference", "")
                for e in (res.get("context") or {}).get("encounter", [])
            ]
            if hadm_id and f"Encounter/{hadm_id}" not in ctx:
                continue
            for c in res.get("content") or []:
                data = (c.get("attachment") or {}).get("data")
                if not data:
                    continue
                text = base64.b64decode(data).decode("utf-8", "replace")
                sec = _note_sections(text)
                facts.has_notes = True
                # what the patient lived through before admission (known at any session date)
                facts.history_text += "\n".join(
                    sec.get(k, "")
                    for k in (
                        "chief complaint",
                        "history of present illness",
                        "past medical history",
                        "social history",
                        "family history",
                        "allergies",
                        "medications on admission",
                    )
                ).lower()
                facts.complaint = (
                    facts.complaint or sec.get("chief complaint", "").strip()
                )
                allergy = sec.get("allergies", "").strip().lower()
                if allergy:
                    facts.allergy_stated = True
                    if "no known" not in allergy:
                        facts.allergies.append(allergy)
                for line in sec.get("medications on admission", "").splitlines():
                    m = re.match(
                        r"\s*\d+\.\s*(.+?)\s+([\d.]+)\s*(\w+)\s+\w+\s+(\S+)", line
                    )
                    if m:
                        facts.home_stems.add(_stem(m.group(1)))
                        facts.meds.append(
                            Med(
                                m.group(1),
                                _stem(m.group(1)),
                                facts.admit_day,
                                (float(m.group(2)),),
                                m.group(3),
                                _freq_per_day(m.group(4)),
                            )
                        )
    return facts


# --------------------------------------------------------------------------- writing questions
#: Hand-written phrasings per category (EN, ZH); slots filled from the record.
PHRASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "complaint": (
        (
            "What brought you into the hospital this time?",
            "What made you come in?",
            "Tell me what has been bothering you.",
        ),
        (
            "这次是因为什么来住院的？",
            "您哪里不舒服才来医院的？",
            "说说这次主要是什么问题。",
        ),
    ),
    "home_meds": (
        (
            "What medicines do you take at home?",
            "Can you list the pills you normally take?",
            "Which medications were you on before you came in?",
        ),
        (
            "您平时在家吃哪些药？",
            "您来医院之前一直在吃什么药？",
            "能说说您常吃的药吗？",
        ),
    ),
    "dose": (
        (
            "How much {drug} do you take, and how often?",
            "What dose of {drug} are you on?",
            "How many times a day do you take your {drug}?",
        ),
        (
            "{drug_zh}您每次吃多少，一天吃几次？",
            "您的{drug_zh}是多大剂量？",
            "{drug_zh}一天吃几回？",
        ),
    ),
    "allergy": (
        (
            "Are you allergic to any medicines?",
            "Any drug allergies I should know about?",
            "Have you ever had a reaction to a medication?",
        ),
        ("您对什么药物过敏吗？", "有没有药物过敏史？", "以前吃药有没有过敏反应？"),
    ),
    "history_present": (
        ("Have you ever been told you have {cond}?", "Do you have {cond}?"),
        ("医生有没有说过您有{cond_zh}？", "您有{cond_zh}吗？"),
    ),
    "history_absent": (
        ("Have you ever been told you have {cond}?", "Any history of {cond}?"),
        ("以前有没有人说过您有{cond_zh}？", "您有没有{cond_zh}的病史？"),
    ),
    "doctor_told": (
        (
            "What did the doctors tell you about your {lab}?",
            "Did anyone mention your {lab} to you?",
        ),
        ("医生跟您说过您的{lab_zh}怎么样吗？", "有人跟您提过{lab_zh}的情况吗？"),
    ),
    "admit_date": (
        ("When did you come into the hospital?", "What day were you admitted?"),
        ("您是哪天住进医院的？", "您是什么时候入院的？"),
    ),
    "absent_drug": (
        ("Are you taking {drug}?", "Has anyone ever put you on {drug}?"),
        ("您在吃{drug_zh}吗？", "以前有医生给您开过{drug_zh}吗？"),
    ),
    "offtopic": (
        (
            "What's the weather like outside today?",
            "Who won the football game last night?",
            "Do you have a good recipe for dumplings?",
            "What do you think about the election?",
        ),
        (
            "今天外面天气怎么样？",
            "昨晚的足球比赛谁赢了？",
            "您会包饺子吗？有什么好方子？",
            "您觉得今年的股市怎么样？",
        ),
    ),
    "imaging": (
        (
            "What did your chest X-ray show?",
            "What were the results of your CT scan?",
            "What did the ultrasound find?",
        ),
        ("您的胸片结果怎么样？", "CT 检查显示了什么？", "B超查出什么了？"),
    ),
    "lab_value": (
        (
            "What was your {lab} number this morning, exactly?",
            "Do you know your latest {lab} value?",
        ),
        ("您今天早上的{lab_zh}具体是多少？", "您知道最近一次{lab_zh}的数值吗？"),
    ),
    "absent_fact": (
        (
            "When was your last colonoscopy?",
            "What was your weight a year ago?",
            "When did you last get a flu shot?",
            "What is your blood type?",
        ),
        (
            "您上一次做肠镜是什么时候？",
            "您一年前体重是多少？",
            "您上次打流感疫苗是什么时候？",
            "您是什么血型？",
        ),
    ),
}
CATEGORY_CLASS = {
    "complaint": "record_fact",
    "home_meds": "record_fact",
    "dose": "record_fact",
    "allergy": "record_fact",
    "history_present": "record_fact",
    "history_absent": "deny_or_unknown",
    "doctor_told": "record_fact_or_unknown",
    "admit_date": "record_fact_or_unknown",
    "absent_drug": "deny_or_unknown",
    "offtopic": "no_chart_fact",
    "imaging": "no_chart_fact",
    "lab_value": "no_chart_fact",
    "absent_fact": "unknown",
}
#: Questions whose answer must not carry a chart fact.
NO_CHART = {"offtopic", "imaging", "lab_value"}
LAB_LAY = {
    "potassium": ("potassium", "血钾"),
    "creatinine": ("kidney function", "肾功能"),
    "inr": ("INR", "凝血指标"),
    "hemoglobin": ("hemoglobin", "血红蛋白"),
    "glucose": ("blood sugar", "血糖"),
    "sodium": ("sodium", "血钠"),
}
COND_LAY = {
    "diabetes": ("diabetes", "糖尿病"),
    "hypertension": ("high blood pressure", "高血压"),
    "heart_failure": ("heart failure", "心力衰竭"),
    "afib": ("atrial fibrillation", "房颤"),
    "kidney": ("kidney disease", "肾病"),
    "stroke": ("a stroke", "中风"),
    "copd": ("COPD", "慢阻肺"),
    "cancer": ("cancer", "癌症"),
    "asthma": ("asthma", "哮喘"),
    "gout": ("gout", "痛风"),
}


def _lab_class(name: str) -> str | None:
    for cls, (_, _, names) in LABS.items():
        if name in names:
            return cls
    return None


def _has_condition(facts: RecordFacts, cls: str) -> bool:
    keys = CONDITIONS[cls][2]
    text = " ".join(facts.conditions) + " " + facts.history_text
    return any(k in text for k in keys)


def write_questions(
    session: Any, facts: RecordFacts, rng: random.Random
) -> list[dict[str, Any]]:
    """Questions (EN and ZH) for one patient at one session, with expected answer classes."""
    cats = ["complaint", "home_meds", "allergy", "offtopic", "imaging", "absent_fact"]
    slots: dict[str, dict[str, str]] = {}
    expected: dict[str, dict[str, Any]] = {}
    dosed = [m for m in facts.meds if m.doses and m.stem in DRUG_ZH and m.per_day]
    if dosed:
        m = rng.choice(dosed)
        cats.append("dose")
        slots["dose"] = {"drug": m.stem, "drug_zh": DRUG_ZH[m.stem][0]}
        same = [x for x in facts.meds if x.stem == m.stem]
        expected["dose"] = {
            "drug": m.stem,
            "doses": sorted({d for x in same for d in x.doses}),
            "per_day": sorted({x.per_day for x in same if x.per_day}),
        }
    present = [c for c in COND_LAY if _has_condition(facts, c)]
    absent = [c for c in COND_LAY if not _has_condition(facts, c)]
    if present:
        c = rng.choice(present)
        cats.append("history_present")
        slots["history_present"] = {"cond": COND_LAY[c][0], "cond_zh": COND_LAY[c][1]}
        expected["history_present"] = {"condition": c}
    if absent:
        c = rng.choice(absent)
        cats.append("history_absent")
        slots["history_absent"] = {"cond": COND_LAY[c][0], "cond_zh": COND_LAY[c][1]}
        expected["history_absent"] = {"condition": c}
    abnormal = sorted({_lab_class(lab.name) for lab in facts.labs if lab.flag} - {None})
    if abnormal:
        c = rng.choice(abnormal)
        cats.append("doctor_told")
        slots["doctor_told"] = {"lab": LAB_LAY[c][0], "lab_zh": LAB_LAY[c][1]}
        expected["doctor_told"] = {"lab": c}
    measured = sorted({_lab_class(lab.name) for lab in facts.labs} - {None})
    if measured:
        c = rng.choice(measured)
        cats.append("lab_value")
        slots["lab_value"] = {"lab": LAB_LAY[c][0], "lab_zh": LAB_LAY[c][1]}
    if facts.admit_day:
        cats.append("admit_date")
        expected["admit_date"] = {"date": facts.admit_day}
    never = [
        g
        for g in DRUG_ZH
        if g not in facts.med_stems()
        and g not in {m.stem for m in facts.future_meds}
        and g not in ("penicillin", "sulfa")
    ]
    cats.append("absent_drug")
    g = rng.choice(never)
    slots["absent_drug"] = {"drug": g, "drug_zh": DRUG_ZH[g][0]}
    expected["absent_drug"] = {"drug": g}
    expected["home_meds"] = {"drugs": sorted(facts.med_stems())}
    expected["complaint"] = {"complaint": facts.complaint}
    expected["allergy"] = {"allergies": facts.allergies, "stated": facts.allergy_stated}
    items = []
    for cat in cats:
        en_opts, zh_opts = PHRASES[cat]
        i = rng.randrange(len(en_opts))
        for lang, opts in (("en", en_opts), ("zh", zh_opts)):
            text = opts[i % len(opts)].format(**slots.get(cat, {}))
            items.append(
                {
                    "id": f"{session.patient_id}-{cat}-{lang}",
                    "session_id": session.session_id,
                    "patient_id": session.patient_id,
                    "current_date": session.current_date,
                    "scenario": str(session.scenario),
                    "tier": str(session.tier),
                    "language": lang,
                    "category": cat,
                    "question": text,
                    "expected_class": CATEGORY_CLASS[cat],
                    "expected": expected.get(cat, {}),
                }
            )
    return items


def _sessions(dataset: Path) -> list[tuple[str, Any]]:
    out = []
    for split in SPLITS:
        try:
            data = split_data(dataset, split)
        except (FileNotFoundError, ValueError):
            continue
        out += [(split, s) for s in data.sessions]
    return out


def make_set(dataset: Path, source: str, patients: int, seed: int) -> dict[str, Any]:
    """Pick ``patients`` patients (one session each, spread over scenarios) and write questions."""
    rng = random.Random(seed)
    by_patient: dict[str, tuple[str, Any]] = {}
    for split, s in _sessions(dataset):
        by_patient.setdefault(s.patient_id, (split, s))
    pool = sorted(by_patient)
    rng.shuffle(pool)
    by_scenario: dict[str, list[str]] = defaultdict(list)
    for pid in pool:
        by_scenario[str(by_patient[pid][1].scenario)].append(pid)
    chosen: list[str] = []
    while len(chosen) < min(patients, len(pool)):
        for sc in sorted(by_scenario):
            if by_scenario[sc] and len(chosen) < patients:
                chosen.append(by_scenario[sc].pop())
    items: list[dict[str, Any]] = []
    for pid in chosen:
        split, s = by_patient[pid]
        record = split_data(dataset, split).record(pid)
        facts = record_facts(record, s.current_date, s.hadm_id)
        for it in write_questions(s, facts, rng):
            it["split"] = split
            items.append(it)
    return {
        "name": f"interview_set_v39_{source}",
        "source": source,
        "dataset_built_from": source,
        "seed": seed,
        "patients": len(chosen),
        "questions": items,
        "note": "written by helper v39 without reading physassist_env/patient (issue #39)",
    }


# --------------------------------------------------------------------------- reading answers
@dataclass
class Stated:
    kind: str  # drug, class, dose, frequency, date, lab_value, lab_direction, condition, allergy
    text: str
    verdict: str  # supported, contradicted, unsupported, leaked, unverifiable


#: A leading "no" answering a yes/no question is a sentence of its own, so that it does not
#: negate the correction that follows ("No, I take famotidine." / "没有，我吃的是法莫替丁。").
LEADING_NO = re.compile(
    r"^\s*(no|nope|not really|不是|没有|不|没)\s*[,，.。!！]\s*", re.I
)


def _sentences(text: str) -> list[str]:
    out = []
    for s in re.split(r"(?<=[.!?])\s+|(?<=[。！？；;])", text):
        m = LEADING_NO.match(s)
        if m and s[m.end() :].strip():
            out += [m.group(0).strip(), s[m.end() :]]
        elif s.strip():
            out.append(s)
    return out


def _negated(sentence: str, lang: str) -> bool:
    if lang == "zh":
        sentence = re.sub(NOT_NEGATION_ZH, "", sentence)
    return bool((NEGATION_ZH if lang == "zh" else NEGATION_EN).search(sentence.lower()))


def _parse_dates(sentence: str, year_hint: str) -> list[str]:
    out = re.findall(r"\b(\d{4}-\d{2}-\d{2})\b", sentence)
    for m in re.finditer(r"(\d{4})年(\d{1,2})月(\d{1,2})", sentence):
        out.append(f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}")
    for m in re.finditer(r"(?<![年\d])(\d{1,2})月(\d{1,2})[日号]", sentence):
        out.append(f"{year_hint}-{int(m.group(1)):02d}-{int(m.group(2)):02d}")
    low = sentence.lower()
    for m in re.finditer(
        r"\b(" + "|".join(MONTHS) + r")\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?",
        low,
    ):
        out.append(
            f"{m.group(3) or year_hint}-{MONTHS[m.group(1)]:02d}-{int(m.group(2)):02d}"
        )
    return out


def _relative_days(sentence: str, lang: str) -> list[int]:
    words = {
        "a": 1,
        "one": 1,
        "two": 2,
        "three": 3,
        "four": 4,
        "five": 5,
        "six": 6,
        "seven": 7,
        "一": 1,
        "两": 2,
        "二": 2,
        "三": 3,
        "四": 4,
        "五": 5,
        "六": 6,
        "七": 7,
    }
    out = []
    if lang == "zh":
        for m in re.finditer(
            r"(\d+|[一两二三四五六七])\s*(天|周|个星期|星期)前", sentence
        ):
            n = int(m.group(1)) if m.group(1).isdigit() else words[m.group(1)]
            out.append(n * (1 if m.group(2) == "天" else 7))
        if "昨天" in sentence:
            out.append(1)
        for m in re.finditer(
            r"(?:住了|住院|住进来)\s*(\d+|[一两二三四五六七])\s*天", sentence
        ):
            out.append(int(m.group(1)) if m.group(1).isdigit() else words[m.group(1)])
    else:
        for m in re.finditer(
            r"\b(\d+|a|one|two|three|four|five|six|seven)\s+(day|days|week|weeks)\s+ago",
            sentence.lower(),
        ):
            n = int(m.group(1)) if m.group(1).isdigit() else words[m.group(1)]
            out.append(n * (1 if m.group(2).startswith("day") else 7))
        if "yesterday" in sentence.lower():
            out.append(1)
        for m in re.finditer(
            r"\bbeen (?:here|in the hospital|in hospital) (?:for )?(\d+|a|one|two|three|four|five|six|seven) days?\b",
            sentence.lower(),
        ):
            n = int(m.group(1)) if m.group(1).isdigit() else words[m.group(1)]
            out.append(n)
    return out


def _mentions(sentence: str, words: Iterable[str], lang: str) -> bool:
    low = sentence.lower()
    for w in words:
        if lang == "zh" and not w.isascii():
            if w in sentence:
                return True
        elif re.search(r"\b" + re.escape(w.lower()) + r"s?\b", low):
            return True
    return False


def _drug_mentions(sentence: str, lang: str, vocab: set[str]) -> set[str]:
    """Generic names a sentence names (English words, Chinese names, brands)."""
    low = sentence.lower()
    out = {
        g for g in vocab - NOT_DRUGS if re.search(r"\b" + re.escape(g) + r"s?\b", low)
    }
    if re.search(r"\bpotassium (chloride|pills?|supplements?|tablets?)\b", low):
        out.add("potassium chloride")
    for g, zh in DRUG_ZH.items():
        if any(z in sentence for z in zh):
            out.add(g)
    for brand, g in BRANDS.items():
        if (
            (brand in sentence)
            if not brand.isascii()
            else re.search(r"\b" + brand + r"\b", low)
        ):
            out.add(g)
    if "potassium chloride" in out:
        out.discard("potassium")
    return out


def _class_mentions(sentence: str, lang: str) -> set[str]:
    return {
        cls
        for cls, (en, zh, _) in LAY_CLASSES.items()
        if _mentions(sentence, en if lang == "en" else zh + en, lang)
    }


def _numbers_with_units(sentence: str) -> list[tuple[float, str]]:
    out = []
    for m in re.finditer(
        r"(\d+(?:\.\d+)?)\s*(mg|mcg|g|units?|meq|ml|毫克|微克|克|单位|毫升)(?![a-z])",
        sentence.lower(),
    ):
        out.append((float(m.group(1)), m.group(2)))
    return out


LEVEL_EN = (("H", r"\b(high|elevated|too high|up high)\b"), ("L", r"\b(low|too low)\b"))
LEVEL_ZH = (
    ("H", r"(偏高|太高|高了|很高|升高|血钾高|血糖高)"),
    ("L", r"(偏低|太低|低了|很低|不够|血色素低)"),
)
TREND_EN = (
    ("up", r"\b(going up|rising|climbing|getting higher)\b"),
    ("down", r"\b(coming down|going down|dropping|falling|getting lower)\b"),
)
TREND_ZH = (
    ("up", r"(往上走|在升|上升|越来越高)"),
    ("down", r"(往下降|在降|下降|越来越低)"),
)


def _level(sentence: str, lang: str) -> str | None:
    found = {
        k
        for k, rx in (LEVEL_ZH if lang == "zh" else LEVEL_EN)
        if re.search(rx, sentence.lower())
    }
    return found.pop() if len(found) == 1 else None


def _trend(sentence: str, lang: str) -> str | None:
    found = {
        k
        for k, rx in (TREND_ZH if lang == "zh" else TREND_EN)
        if re.search(rx, sentence.lower())
    }
    return found.pop() if len(found) == 1 else None


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= max(0.051, 0.011 * abs(b))


def _allergy_pool(facts: RecordFacts) -> str:
    """Every allergy or adverse drug effect the record holds as of the session date."""
    coded = [
        c
        for c in facts.conditions
        if re.search(r"allergy to|adverse effect|adv eff|poisoning by", c)
    ]
    return " ".join(facts.allergies + coded)


def _judge_allergy(
    drugs: set[str], classes: set[str], facts: RecordFacts
) -> list[Stated]:
    pool = _allergy_pool(facts)
    out = []
    for g in sorted(drugs):
        out.append(Stated("allergy", g, "supported" if g in pool else "contradicted"))
    for cls in sorted(classes):
        en, _zh, members = LAY_CLASSES[cls]
        named = (
            any(m in pool for m in members)
            or any(w.rstrip("s") in pool for w in en)
            or cls in pool
        )
        out.append(Stated("allergy", cls, "supported" if named else "contradicted"))
    return out


def read_answer(
    answer: str, facts: RecordFacts, lang: str, vocab: set[str]
) -> list[Stated]:
    """The checkable facts an answer states, each judged against the record as of its date."""
    out: list[Stated] = []
    year = facts.as_of[:4]
    known_stems = facts.med_stems()
    future_stems = facts.future_only_stems()
    as_of = dt.date.fromisoformat(facts.as_of)
    history = " ".join(facts.conditions) + " " + facts.history_text
    for sentence in _sentences(answer):
        low = sentence.lower()
        neg = _negated(sentence, lang)
        unknown = bool((UNKNOWN_ZH if lang == "zh" else UNKNOWN_EN).search(low))
        if unknown and not re.search(r"\d", sentence):
            continue  # "I don't know / nobody told me" states nothing
        drugs = _drug_mentions(sentence, lang, vocab)
        classes = _class_mentions(sentence, lang)
        if "insulin" in drugs:
            classes.add("insulin")
            drugs.discard("insulin")
        if ALLERGY_WORDS.search(low):
            if drugs or classes:
                out += _judge_allergy(drugs, classes, facts)
            elif NO_ALLERGY.search(low):  # "no allergies that I know of"
                pool = _allergy_pool(facts)
                verdict = (
                    "contradicted"
                    if pool.strip()
                    else ("supported" if facts.allergy_stated else "unverifiable")
                )
                out.append(Stated("allergy", "none", verdict))
            else:  # an allergy to something it does not name
                verdict = "supported" if _allergy_pool(facts).strip() else "unsupported"
                out.append(Stated("allergy", "unnamed", verdict))
            continue
        about: list[Med] = []
        # "I'm on famotidine, not pantoprazole": in a negated sentence naming a record drug
        # and one the record lacks, the negation denies the one the record lacks
        corrects = neg and bool(drugs & known_stems) and bool(drugs - known_stems)
        for g in sorted(drugs):
            if corrects and g in known_stems:
                verdict = "supported"
            elif neg:
                verdict = "contradicted" if g in known_stems else "supported"
            elif g in known_stems:
                verdict = "supported"
            elif g in future_stems:
                verdict = "leaked"
            else:
                verdict = "contradicted"
            out.append(Stated("drug", g, verdict))
            about += [m for m in facts.meds if m.stem == g]
        for cls in sorted(classes):
            members = LAY_CLASSES[cls][2]
            have = [
                m
                for m in facts.meds
                if any(x in m.name.lower() or x == m.stem for x in members)
            ]
            later = [
                m
                for m in facts.future_meds
                if any(x in m.name.lower() or x == m.stem for x in members)
            ]
            if neg:
                verdict = "contradicted" if have else "unverifiable"
            elif have:
                verdict = "supported"
            elif later:
                verdict = "leaked"
            else:
                verdict = "unsupported"
            out.append(Stated("class", cls, verdict))
            if not drugs:
                about += have
        # who gave it: "I take X" (home) against "they gave me X here" (hospital)
        if facts.home_stems and HOME.search(low) and not HOSPITAL.search(low):
            for g in sorted(drugs):
                out.append(
                    Stated(
                        "setting",
                        f"{g} at home",
                        "supported" if g in facts.home_stems else "contradicted",
                    )
                )
            if not drugs:
                for cls in sorted(classes):
                    members = LAY_CLASSES[cls][2]
                    ok = any(any(x in h for x in members) for h in facts.home_stems)
                    out.append(
                        Stated(
                            "setting",
                            f"{cls} at home",
                            "supported" if ok else "contradicted",
                        )
                    )
        for value, unit in _numbers_with_units(sentence):
            pool = about or facts.meds
            if any(any(_close(value, d) for d in m.doses) for m in pool):
                verdict = "supported"
            elif any(any(_close(value, d) for d in m.doses) for m in facts.future_meds):
                verdict = "leaked"
            else:
                verdict = "contradicted" if about else "unsupported"
            out.append(Stated("dose", f"{value:g} {unit}", verdict))
        freqs = {
            n for rx, n in (FREQ_ZH if lang == "zh" else FREQ_EN) if rx.search(low)
        }
        for n in sorted(freqs):
            known = {m.per_day for m in about if m.per_day}
            if not about or not known:
                verdict = "unverifiable"
            elif n in known:
                verdict = "supported"
            else:
                verdict = "contradicted"
            out.append(Stated("frequency", f"{n}/day", verdict))
        for d in _parse_dates(sentence, year):
            if d in facts.days:
                verdict = "supported"
            elif d in facts.future_days:
                verdict = "leaked"
            else:
                verdict = "contradicted"
            out.append(Stated("date", d, verdict))
        for n in _relative_days(sentence, lang):
            near = {(as_of - dt.timedelta(days=n + k)).isoformat() for k in (-1, 0, 1)}
            out.append(
                Stated(
                    "date",
                    f"{n} days ago",
                    "supported" if near & facts.days else "unsupported",
                )
            )
        # labs: a value, a level (high/low) or a trend said about a lab
        for cls, (en, zh, names) in LABS.items():
            if not _mentions(sentence, en if lang == "en" else zh + en, lang):
                continue
            if (cls == "potassium" and "potassium" in classes) or (
                cls == "glucose"
                and (
                    "diabetes" in classes
                    or _mentions(
                        sentence, CONDITIONS["diabetes"][0 if lang == "en" else 1], lang
                    )
                )
            ):
                continue
            values = sorted(
                (lab for lab in facts.labs if lab.name in names), key=lambda x: x.day
            )
            later = [lab for lab in facts.future_labs if lab.name in names]
            bare = [
                float(x)
                for x in re.findall(
                    r"(?<![\d.-])(\d+(?:\.\d+)?)(?!\d|\.\d|\s*(?:mg|mcg|units?|毫克|天|days?|weeks?|年|月|日|号|次|times))",
                    sentence,
                )
            ]
            for v in bare:
                if any(_close(v, lab.value) for lab in values):
                    verdict = "supported"
                elif any(_close(v, lab.value) for lab in later):
                    verdict = "leaked"
                else:
                    verdict = "contradicted"
                out.append(Stated("lab_value", f"{cls} {v:g}", verdict))
            level = _level(sentence, lang)
            if level and not neg:
                if any(lab.flag == level for lab in values):
                    verdict = "supported"
                elif any(lab.flag == level for lab in later):
                    verdict = "leaked"
                elif values:
                    verdict = "contradicted"
                else:
                    verdict = "unsupported"
                out.append(Stated("lab_level", f"{cls} {level}", verdict))
            if LATEST.search(low) and bare and values:
                last_day = values[-1].day
                latest = [lab.value for lab in values if lab.day == last_day]
                ok = any(_close(v, x) for v in bare for x in latest)
                out.append(
                    Stated(
                        "lab_latest",
                        f"{cls} latest {bare[-1]:g}",
                        "supported" if ok else "contradicted",
                    )
                )
            trend = _trend(sentence, lang)
            if trend and len(values) >= 2:
                # lenient: a trend is wrong only when the newest value moved the other way
                # from both the previous one and the first one as of the session date
                first, prev, last = values[0].value, values[-2].value, values[-1].value
                if trend == "up":
                    ok = not (last < prev and last <= first)
                else:
                    ok = not (last > prev and last >= first)
                out.append(
                    Stated(
                        "lab_trend",
                        f"{cls} {trend}",
                        "supported" if ok else "contradicted",
                    )
                )
            elif trend:
                out.append(
                    Stated(
                        "lab_trend",
                        f"{cls} {trend}",
                        "leaked" if later else "unsupported",
                    )
                )
        # a relative's illness is family history: judged against the notes' text, never
        # against the patient's own conditions (set v40 asks family and social history)
        family = bool(FAMILY.search(low))
        for cls, (en, zh, keys) in CONDITIONS.items():
            if cls == "bleeding" or not _mentions(
                sentence, en if lang == "en" else zh + en, lang
            ):
                continue
            if family:
                if neg or not facts.has_notes:
                    verdict = "unverifiable"
                else:
                    verdict = (
                        "supported"
                        if any(k in facts.history_text for k in keys)
                        else "unsupported"
                    )
                out.append(Stated("family_condition", cls, verdict))
                continue
            has = _has_condition(facts, cls)
            later = any(k in " ".join(facts.future_conditions) for k in keys)
            if neg:
                verdict = "contradicted" if has else "supported"
            else:
                verdict = "supported" if has else ("leaked" if later else "unsupported")
            out.append(Stated("condition", cls, verdict))
        for cls, (en, zh, keys) in SYMPTOMS.items():
            if WARNING.search(low) or family:  # advice or a relative: not a symptom
                break
            if not _mentions(sentence, en if lang == "en" else zh + en, lang):
                continue
            if any(k in history for k in keys):
                verdict = "contradicted" if neg and cls != "weakness" else "supported"
            elif neg:
                verdict = "supported" if facts.has_notes else "unverifiable"
            else:
                verdict = "unsupported" if facts.has_notes else "unverifiable"
            out.append(Stated("symptom", cls, verdict))
    return out


#: A first sentence that answers "yes" (set v40's yes/no questions).
AFFIRM_EN = re.compile(
    r"^\W*(yes|yeah|yep|yup|right|correct|that's right|sure|i do|i am|i have|they did|"
    r"he did|she did|they have|they do)(?=\s*[,.!;]|\s*$)"
)
AFFIRM_ZH = re.compile(
    r"^\W*(是的|是啊|对的|对啊|对|有的|有啊|嗯|是|有|在吃|吃着|在用|用上了|开了|说过|查出来了)"
    r"(?=\s*[，。！,.!；]|\s*$)"
)


def _days_ahead(sentence: str, lang: str) -> list[int]:
    """Days from the session date a sentence names ("tomorrow", "in 3 days", 后天, 三天后)."""
    words = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    words_zh = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5}
    low = sentence.lower()
    out = []
    if lang == "zh":
        out += [1] * ("明天" in sentence) + [2] * ("后天" in sentence)
        for m in re.finditer(r"(\d+|[一两二三四五])\s*天(?:以后|之后|后)", sentence):
            out.append(
                int(m.group(1)) if m.group(1).isdigit() else words_zh[m.group(1)]
            )
    else:
        out += [1] * bool(re.search(r"\btomorrow\b", low))
        for m in re.finditer(
            r"\bin (\d+|a|one|two|three|four|five) days?\b(?!\s+ago)", low
        ):
            out.append(int(m.group(1)) if m.group(1).isdigit() else words[m.group(1)])
    return out


def judge_expected(row: dict[str, Any], stated: Iterable[Stated] = ()) -> list[Stated]:
    """Facts a question's own expectation lets the scorer judge (set v40): a "yes" to a
    yes/no question is the verdict its ``expected.if_affirmed`` holds (judged from the record
    as of the session date when the set was made), and an unnegated mention of a false
    premise's words (``expected.premise``) accepts it (contradicted); "tomorrow" or "in N
    days" that lands on a withheld later day (``expected.withheld_day``, the discharge) is
    leaked."""
    exp = row.get("expected") or {}
    lang = row["language"]
    out: list[Stated] = []
    unknown_rx = UNKNOWN_ZH if lang == "zh" else UNKNOWN_EN
    sentences = _sentences(row.get("answer") or "")
    # a "yes" whose item the answer names is judged once, as that named fact
    asked = {
        w
        for k in ("absent_drug", "withheld_drug", "drug", "class", "allergen")
        if exp.get(k)
        for w in (str(exp[k]), str(exp[k]).split()[0])
    }
    named = any(s.text in asked for s in stated)
    if exp.get("if_affirmed") and sentences and not named:
        first = sentences[0]
        low = first.lower()
        if (
            (AFFIRM_ZH if lang == "zh" else AFFIRM_EN).search(low)
            and not low.lstrip().startswith("对不起")
            and not unknown_rx.search(low)
            and not _negated(first, lang)
        ):
            out.append(Stated("affirmed", row["category"], exp["if_affirmed"]))
    withheld = exp.get("withheld_day")
    if withheld:
        as_of = dt.date.fromisoformat(row["current_date"])
        for sentence in sentences:
            if unknown_rx.search(sentence.lower()) or _negated(sentence, lang):
                continue
            for n in _days_ahead(sentence, lang):
                near = {
                    (as_of + dt.timedelta(days=n + k)).isoformat() for k in (-1, 0, 1)
                }
                if withheld in near:
                    out.append(Stated("date", f"in {n} days", "leaked"))
    for sentence in sentences:
        low = sentence.lower()
        words = [w for w in exp.get("premise", ()) if w.isascii() != (lang == "zh")]
        if (
            words
            and _mentions(sentence, words, lang)
            and not unknown_rx.search(low)
            and not _negated(sentence, lang)
        ):
            out.append(Stated("premise", words[0], "contradicted"))
            break
    return out


def judge_days(row: dict[str, Any], stated: list[Stated]) -> list[Stated]:
    """Set v40's day questions judged strictly: for "how many days ago did you come in"
    (``expected.days_ago``, ``admit_day``) and "when did you last take X"
    (``expected.record_days``, that drug's last record days) a stated day or "N days ago"
    must be that day (one day either way), else it is contradicted (a day after the
    session date stays leaked); the lenient "any record day" date facts are replaced."""
    exp = row.get("expected") or {}
    if "days_ago" in exp:
        targets = {exp["admit_day"]}
    elif row.get("category") == "last_dose" and exp.get("record_days"):
        targets = set(exp["record_days"])
    else:
        return stated
    as_of = dt.date.fromisoformat(row["current_date"])
    lang = row["language"]
    unknown_rx = UNKNOWN_ZH if lang == "zh" else UNKNOWN_EN
    out = [s for s in stated if s.kind != "date" or s.verdict == "leaked"]

    def near(day: dt.date) -> bool:
        return any(
            (day + dt.timedelta(days=k)).isoformat() in targets for k in (-1, 0, 1)
        )

    for sentence in _sentences(row.get("answer") or ""):
        if unknown_rx.search(sentence.lower()):
            continue
        for d in _parse_dates(sentence, row["current_date"][:4]):
            if d > row["current_date"]:
                continue  # kept above as leaked or judged by read_answer
            ok = near(dt.date.fromisoformat(d))
            out.append(Stated("date", d, "supported" if ok else "contradicted"))
        for n in _relative_days(sentence, lang):
            ok = near(as_of - dt.timedelta(days=n))
            out.append(
                Stated("date", f"{n} days ago", "supported" if ok else "contradicted")
            )
    return out


# --------------------------------------------------------------------------- scoring
def _backend(patient: str, model: str) -> Any:
    if patient != "llm":
        return None
    from physassist_env.llm.smollm2 import smollm2_path
    from physassist_env.patient.llm import TransformersBackend

    if model == "smollm2":
        folder, gguf = smollm2_path()
        return TransformersBackend(folder, gguf_file=gguf, max_new_tokens=96)
    return TransformersBackend(model, max_new_tokens=96)


def ask_all(
    qset: dict[str, Any], dataset: Path, patient: str, backend: Any, limit: int | None
) -> list[dict[str, Any]]:
    """Ask every question of ``qset`` in a fresh episode (one per patient and language)."""
    rows = []
    questions = qset["questions"][:limit] if limit else qset["questions"]
    episodes: dict[tuple[str, str], Episode] = {}
    for q in questions:
        data = split_data(dataset, q["split"])
        session = data.by_id[q["session_id"]]
        key = (q["session_id"], q["language"])
        if key not in episodes:
            episodes[key] = Episode(
                session,
                data.record(session.patient_id),
                language=q["language"],
                patient=patient,
                patient_backend=backend,
                patient_seed=data.seed,
                store=data.store(session.patient_id),
            )
            episodes[key].next_request()
        out = episodes[key].call_tool("ask_patient", {"question": q["question"]})
        rows.append({**q, "answer": out.text, "ok": out.ok})
    attach_facts(rows, dataset)
    return rows


def attach_facts(rows: list[dict[str, Any]], dataset: Path) -> None:
    """Give each answered row the record facts of its patient as of its session date."""
    cache: dict[str, RecordFacts] = {}
    for row in rows:
        if row["session_id"] not in cache:
            data = split_data(dataset, row["split"])
            session = data.by_id[row["session_id"]]
            cache[row["session_id"]] = record_facts(
                data.record(session.patient_id), session.current_date, session.hadm_id
            )
        row["_facts"] = cache[row["session_id"]]


def score_rows(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Fact-level figures of answered questions, overall and per group."""
    vocab: set[str] = set(COMMON_GENERICS)
    for row in rows:
        f: RecordFacts = row["_facts"]
        vocab |= {m.stem for m in f.meds + f.future_meds if len(m.stem) > 3}
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    examples: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        facts: RecordFacts = row["_facts"]
        stated = read_answer(row["answer"], facts, row["language"], vocab)
        stated = judge_days(row, stated) + judge_expected(row, stated)
        if (row.get("expected") or {}).get("v41"):
            import interview_judge_v41  # set v41's strict checks (benchmarks/)

            stated = interview_judge_v41.judge(row, stated)
        row["stated"] = [s.__dict__ for s in stated]
        keys = [
            "all",
            f"{row['source']}",
            f"{row['source']}/{row['language']}",
            f"{row['source']}/{row['language']}/{row['scenario']}",
            f"{row['source']}/{row['language']}/cat:{row['category']}",
        ]
        checkable = [s for s in stated if s.verdict != "unverifiable"]
        no_chart = row["category"] in NO_CHART
        chart_fact = no_chart and any(
            s.verdict in ("supported", "contradicted", "leaked") for s in checkable
        )
        for k in keys:
            c = groups[k]
            c["questions"] += 1
            c["facts"] += len(checkable)
            for s in checkable:
                c[s.verdict] += 1
            c["unverifiable"] += len(stated) - len(checkable)
            if no_chart:
                c["no_chart_questions"] += 1
                c["no_chart_answered_with_fact"] += int(chart_fact)
            if row["category"] == "offtopic":
                c["offtopic_questions"] += 1
                c["offtopic_with_fact"] += int(chart_fact)
            if row["category"] == "imaging":
                c["imaging_questions"] += 1
                c["imaging_with_fact"] += int(chart_fact)
            if row["category"] == "lab_value":
                c["labvalue_questions"] += 1
                c["labvalue_with_fact"] += int(chart_fact)
        for s in checkable:
            if (
                s.verdict in ("contradicted", "leaked", "unsupported")
                and len(examples[s.verdict]) < 400
            ):
                examples[s.verdict].append(
                    {
                        "id": row["id"],
                        "q": row["question"],
                        "a": row["answer"],
                        "fact": s.text,
                        "kind": s.kind,
                    }
                )
        if chart_fact and len(examples["chart_fact"]) < 200:
            examples["chart_fact"].append(
                {"id": row["id"], "q": row["question"], "a": row["answer"]}
            )
    table = {}
    for k, c in sorted(groups.items()):
        n = c["facts"]
        table[k] = {
            "questions": c["questions"],
            "facts": n,
            "precision": round(c["supported"] / n, 3) if n else None,
            "contradicted": round(c["contradicted"] / n, 3) if n else None,
            "unsupported": round(c["unsupported"] / n, 3) if n else None,
            "leaked": round(c["leaked"] / n, 4) if n else None,
            "no_chart_with_fact": (
                round(c["no_chart_answered_with_fact"] / c["no_chart_questions"], 3)
                if c["no_chart_questions"]
                else None
            ),
            "offtopic_with_fact": (
                round(c["offtopic_with_fact"] / c["offtopic_questions"], 3)
                if c["offtopic_questions"]
                else None
            ),
            "imaging_with_fact": (
                round(c["imaging_with_fact"] / c["imaging_questions"], 3)
                if c["imaging_questions"]
                else None
            ),
            "labvalue_with_fact": (
                round(c["labvalue_with_fact"] / c["labvalue_questions"], 3)
                if c["labvalue_questions"]
                else None
            ),
            "unverifiable": c["unverifiable"],
        }
    return {"table": table, "examples": examples}


def _print_table(table: dict[str, Any], prefix_filter: str | None = None) -> None:
    cols = (
        "questions",
        "facts",
        "precision",
        "contradicted",
        "unsupported",
        "leaked",
        "offtopic_with_fact",
        "imaging_with_fact",
        "labvalue_with_fact",
    )
    print(
        f"{'group':44s} "
        + " ".join(f"{c.replace('_with_fact', '+fact')[:12]:>12s}" for c in cols)
    )
    for k, v in table.items():
        if prefix_filter and prefix_filter not in k and k != "all":
            continue
        cells = " ".join(f"{('-' if v[c] is None else v[c])!s:>12s}" for c in cols)
        print(f"{k:44s} {cells}")


def cmd_make(args: argparse.Namespace) -> int:
    if args.set in ("v40", "v41"):
        # the question module of the set (benchmarks/interview_v40.py, interview_v41.py)
        module = importlib.import_module(f"interview_{args.set}")
        qset = module.make_set(
            Path(args.dataset), args.source, args.patients, args.seed, args.exclude
        )
    else:
        qset = make_set(Path(args.dataset), args.source, args.patients, args.seed)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(qset, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    n = Counter(q["language"] for q in qset["questions"])
    print(f"wrote {out}: {qset['patients']} patients, {dict(n)} questions")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    backend = _backend(args.patient, args.model)
    rows: list[dict[str, Any]] = []
    for label, set_path, dataset in (
        ("synthetic", args.synthetic_set, args.synthetic_dataset),
        ("real", args.real_set, args.real_dataset),
    ):
        if not set_path:
            continue
        if not Path(set_path).is_file():
            print(
                f"[skip] the {label} set {set_path} is absent (real sets stay outside the repository)"
            )
            continue
        if not dataset or not Path(dataset).is_dir():
            print(
                f"[skip] the {label} set needs its built dataset (--{label}-dataset), {dataset!r} is absent"
            )
            continue
        qset = json.loads(Path(set_path).read_text(encoding="utf-8"))
        langs = set(args.languages.split(","))
        qset["questions"] = [q for q in qset["questions"] if q["language"] in langs]
        if args.from_answers:
            got = [
                a
                for a in json.loads(Path(args.from_answers).read_text())["answers"]
                if a["source"] == label
            ]
            attach_facts(got, Path(dataset))
        else:
            got = ask_all(qset, Path(dataset), args.patient, backend, args.limit)
        for r in got:
            r["source"] = label
        rows += got
    if not rows:
        print("nothing to score")
        return 2
    if (
        args.json
    ):  # the answers first, so a scorer change can rescore them (--from-answers)
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        raw = [{k: v for k, v in r.items() if k != "_facts"} for r in rows]
        Path(args.json).write_text(
            json.dumps({"answers": raw}, ensure_ascii=False), encoding="utf-8"
        )
    result = score_rows(rows)
    _print_table(result["table"], args.group)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        dump = {
            "patient": args.patient,
            "table": result["table"],
            "examples": result["examples"],
            "answers": [{k: v for k, v in r.items() if k != "_facts"} for r in rows],
        }
        Path(args.json).write_text(
            json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8"
        )
        print(f"wrote {args.json}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make", help="write a question set from a built dataset")
    m.add_argument("--dataset", required=True)
    m.add_argument("--source", choices=("synthetic", "real"), required=True)
    m.add_argument("--patients", type=int, default=30)
    m.add_argument("--seed", type=int, default=39)
    m.add_argument("--out", required=True)
    m.add_argument(
        "--set",
        choices=("v39", "v40", "v41"),
        default="v39",
        help="v39: the admission history set; v40: time-gated, leak, sibling, premise set; "
        "v41: one drug's dates, doses, routes, which drug, follow-ups, negative questions",
    )
    m.add_argument(
        "--exclude",
        nargs="*",
        default=[],
        help="(v40, v41) earlier sets whose patients are not asked again",
    )
    s = sub.add_parser(
        "score", help="ask the sets through the real patient and score the facts"
    )
    s.add_argument(
        "--synthetic-set", default="benchmarks/data/interview_set_v39_synthetic.json"
    )
    s.add_argument("--synthetic-dataset", default=None)
    s.add_argument(
        "--real-set", default=None, help="the MIMIC-derived set (outside the repo)"
    )
    s.add_argument("--real-dataset", default=None)
    s.add_argument("--patient", choices=("scripted", "llm"), default="scripted")
    s.add_argument(
        "--model", default="smollm2", help="LLM patient model (smollm2 or a local path)"
    )
    s.add_argument("--languages", default="en,zh")
    s.add_argument(
        "--limit", type=int, default=None, help="first N questions of each set"
    )
    s.add_argument(
        "--group", default=None, help="only print groups containing this text"
    )
    s.add_argument(
        "--from-answers", default=None, help="rescore the answers of an earlier --json"
    )
    s.add_argument(
        "--json", default=None, help="write answers, verdicts and figures here"
    )
    args = p.parse_args(argv)
    return cmd_make(args) if args.cmd == "make" else cmd_score(args)


if __name__ == "__main__":
    sys.exit(main())
