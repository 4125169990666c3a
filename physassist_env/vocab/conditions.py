"""Chronic conditions an answer may claim as the patient's history, EN and ZH, with the ICD
code families that record them.

The closed-world accounting (:mod:`physassist_env.grading.additions`) reads a history claim
("known diabetes", "history of cirrhosis", 既往心力衰竭, 合并慢性肾病) and looks for it in
what the chart showed: a condition row whose ICD code starts with one of the family's
prefixes (dots removed; ICD-10-CM and ICD-9-CM), or the condition named in a result, a
patient reply or the request. The words are matched as whole words (EN) or substrings (ZH);
the longest wins ("chronic kidney disease" before "kidney disease").
"""

from __future__ import annotations

#: concept -> (names EN and ZH, ICD code prefixes).
CONDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "diabetes": (
        ("diabetes", "diabetes mellitus", "diabetic", "t2dm", "t1dm", "dm2", "niddm",
         "iddm", "糖尿病"),
        ("E08", "E09", "E10", "E11", "E13", "250"),
    ),
    "ckd": (
        ("chronic kidney disease", "ckd", "esrd", "end-stage renal disease",
         "end-stage kidney disease", "chronic renal failure", "慢性肾病", "慢性肾脏病",
         "慢性肾衰竭", "终末期肾病", "尿毒症"),
        ("N18", "N19", "585", "586", "I12", "I13", "403", "404", "Z992", "V4511"),
    ),
    "heart_failure": (
        ("heart failure", "chf", "hfref", "hfpef", "cardiac failure", "心力衰竭", "心衰"),
        ("I50", "428", "I110", "I130", "I132", "40201", "40211", "40291", "40401",
         "40403", "40411", "40413", "40491", "40493"),
    ),
    "atrial_fibrillation": (
        ("atrial fibrillation", "afib", "a-fib", "af", "心房颤动", "房颤"),
        ("I48", "4273"),
    ),
    "coronary_disease": (
        ("coronary artery disease", "coronary disease", "cad", "ischemic heart disease",
         "ischaemic heart disease", "myocardial infarction", "heart attack", "nstemi",
         "stemi", "冠心病", "冠状动脉粥样硬化性心脏病", "心肌梗死", "心梗"),
        ("I20", "I21", "I22", "I23", "I24", "I25", "410", "411", "412", "413", "414"),
    ),
    # the category a potassium target names ("with heart disease", 合并心脏病): any heart
    # disease coded (rheumatic, hypertensive heart disease, ischaemic, pulmonary heart
    # disease, cardiomyopathy, valve, arrhythmia, heart failure), not hypertension alone
    # or a pulmonary embolism
    "heart_disease": (
        ("heart disease", "cardiac disease", "心脏病", "心脏疾病"),
        ("I0", "I11", "I13", "I20", "I21", "I22", "I23", "I24", "I25", "I27", "I3", "I4",
         "I50", "I51", "I52", "39", "402", "404", "410", "411", "412", "413", "414", "416",
         "42"),
    ),
    "copd": (
        ("copd", "chronic obstructive pulmonary disease", "emphysema",
         "慢性阻塞性肺疾病", "慢阻肺", "肺气肿"),
        ("J43", "J44", "491", "492", "496"),
    ),
    "asthma": (("asthma", "哮喘"), ("J45", "493")),
    "cirrhosis": (
        ("cirrhosis", "liver cirrhosis", "肝硬化"),
        ("K703", "K717", "K74", "5712", "5715", "5716"),
    ),
    "stroke": (
        ("stroke", "cva", "cerebrovascular accident", "cerebral infarction",
         "脑卒中", "卒中", "中风", "脑梗死", "脑梗"),
        ("I63", "I64", "I61", "433", "434", "436", "Z8673", "V1254"),
    ),
    "cancer": (
        ("cancer", "malignancy", "carcinoma", "metastatic", "lymphoma", "leukemia",
         "leukaemia", "癌", "恶性肿瘤", "淋巴瘤", "白血病"),
        ("C", "Z85", "V10", "14", "15", "16", "17", "18", "19", "20"),
    ),
    "hiv": (("hiv", "aids", "艾滋病", "人类免疫缺陷病毒"), ("B20", "042", "Z21", "V08")),
    "vte": (
        ("deep vein thrombosis", "dvt", "pulmonary embolism", "venous thromboembolism",
         "vte", "深静脉血栓", "肺栓塞", "静脉血栓栓塞"),
        ("I26", "I80", "I81", "I82", "4151", "451", "453", "Z8671", "V1251"),
    ),
    "epilepsy": (("epilepsy", "seizure disorder", "癫痫"), ("G40", "345")),
    "dementia": (
        ("dementia", "alzheimer", "alzheimer's disease", "痴呆", "阿尔茨海默病"),
        ("F01", "F02", "F03", "G30", "290", "2941", "3310"),
    ),
    "bleeding_disorder": (
        ("hemophilia", "haemophilia", "von willebrand disease", "von willebrand",
         "bleeding disorder", "coagulopathy", "血友病", "血管性血友病", "凝血功能障碍",
         "出血性疾病"),
        ("D66", "D67", "D680", "D68", "2860", "2861", "2862", "2863", "2864", "2865",
         "2866", "2867", "2869"),
    ),
    "hit": (
        ("heparin-induced thrombocytopenia", "hit", "肝素诱导的血小板减少症",
         "肝素诱导性血小板减少"),
        ("D7582", "28981"),
    ),
    "peptic_ulcer": (
        ("peptic ulcer", "gastric ulcer", "duodenal ulcer", "ulcer disease", "消化性溃疡",
         "胃溃疡", "十二指肠溃疡"),
        ("K25", "K26", "K27", "K28", "531", "532", "533", "534"),
    ),
    "myasthenia": (("myasthenia gravis", "myasthenia", "重症肌无力"), ("G700", "3580")),
    "long_qt": (
        ("long qt syndrome", "congenital long qt", "长QT综合征", "长 QT 综合征", "先天性长QT"),
        ("I4581", "42682"),
    ),
    "intracranial_haemorrhage": (
        ("intracranial hemorrhage", "intracranial haemorrhage", "intracranial bleed",
         "brain bleed", "颅内出血", "脑出血"),
        ("I60", "I61", "I62", "430", "431", "432"),
    ),
    "dialysis": (
        ("on dialysis", "hemodialysis", "haemodialysis", "peritoneal dialysis",
         "dialysis-dependent", "透析", "血液透析", "腹膜透析"),
        ("Z992", "Z491", "Z492", "V4511", "V560", "V561", "V568", "N186", "5856"),
    ),
    "gi_bleed": (
        ("gi bleed", "gi bleeding", "gastrointestinal bleed", "gastrointestinal bleeding",
         "gastrointestinal hemorrhage", "gastrointestinal haemorrhage", "upper gi bleed",
         "lower gi bleed", "消化道出血", "上消化道出血", "下消化道出血"),
        ("K920", "K921", "K922", "K625", "K250", "K254", "K260", "K264", "K270", "K274",
         "K280", "K284", "5780", "5781", "5789", "5693", "5310", "5314", "5320", "5324",
         "5330", "5334", "5340", "5344"),
    ),
    "hypertension": (
        ("hypertension", "htn", "high blood pressure", "高血压"),
        ("I10", "I11", "I12", "I13", "I15", "I16", "401", "402", "403", "404", "405"),
    ),
}  # fmt: skip

#: Words that make a condition a claim about the patient's history ("history of",
#: "known", 既往, 合并, 患有); the claim is read when one stands before the condition in
#: its clause (or 病史 / "history" right after it).
HISTORY_WORDS: tuple[str, ...] = (
    "history of", "hx of", "h/o", "pmh", "past medical history", "known", "has",
    "have", "had", "with", "diagnosed with", "background of", "comorbid", "underlying",
    "also has", "suffers from", "living with", "diagnosis of", "a diagnosis of",
    "carries", "documented", "known to have", "is on", "receives", "prior", "previous",
    "notable for", "significant for", "remote", "for years", "long-standing",
    "longstanding", "多年来", "多年", "长期",
    "既往", "合并", "患有", "有", "伴有", "伴", "诊断为", "基础病", "病史", "诊断", "的诊断", "确诊",
)  # fmt: skip
