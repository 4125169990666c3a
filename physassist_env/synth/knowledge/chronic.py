"""Chronic conditions: comorbidities that shift baselines and bring home medications."""

from __future__ import annotations

from physassist_env.synth.knowledge.model import Condition, LabEffect, Symptoms

L = LabEffect


def _c(
    key: str,
    name: str,
    system: str,
    icd10: tuple[str, str],
    icd9: tuple[str, str],
    sym: Symptoms,
    **kw: object,
) -> Condition:
    return Condition(key, name, system, icd10, icd9, False, sym, **kw)  # type: ignore[arg-type]


CHRONIC: tuple[Condition, ...] = (
    _c(
        "htn",
        "hypertension",
        "cardiovascular",
        ("I10", "Essential (primary) hypertension"),
        ("4019", "Unspecified essential hypertension"),
        Symptoms(
            (
                "I have essential hypertension, usually well controlled.",
                "I have high blood pressure.",
                "My pressure runs high.",
            ),
            ("我有原发性高血压，平时控制得还可以。", "我有高血压。", "我血压高。"),
        ),
        # a calcium-channel blocker and an ACE inhibitor are both first-line (2017 ACC/AHA
        # hypertension guideline); the first home drug is always taken, the next 70 %
        home=("amlodipine", "lisinopril"),
    ),
    _c(
        "dm2",
        "type 2 diabetes mellitus",
        "endocrine",
        ("E119", "Type 2 diabetes mellitus without complications"),
        (
            "25000",
            "Diabetes mellitus without mention of complication, type II or unspecified type, not stated as uncontrolled",
        ),
        Symptoms(
            (
                "I have type 2 diabetes and check my sugars at home.",
                "I have diabetes, the sugar kind.",
                "I got the sugar.",
            ),
            ("我有2型糖尿病，在家自己测血糖。", "我有糖尿病。", "我血糖高，有糖尿病。"),
        ),
        labs={50931: L(130, 220, "persist"), 50852: L(7.0, 9.5, "persist")},
        panels=("a1c",),
        home=("metformin", "glargine"),
    ),
    _c(
        "ckd",
        "chronic kidney disease stage 3",
        "renal",
        ("N183", "Chronic kidney disease, stage 3 (moderate)"),
        ("5853", "Chronic kidney disease, Stage III (moderate)"),
        Symptoms(
            (
                "My kidney function is reduced, stage 3 chronic kidney disease.",
                "My kidneys are weak.",
                "The doctor said my kidneys are not good.",
            ),
            ("我有慢性肾脏病3期，肾功能下降。", "我肾不太好。", "医生说我肾有毛病。"),
        ),
        labs={
            50912: L(1.5, 2.4, "persist"),
            51006: L(25, 40, "persist"),
            51222: L(10.5, 12.0, "persist"),
            # potassium excretion falls with GFR: high-normal K is common in CKD 3 without
            # any drug (KDIGO 2012 CKD guideline; Einhorn LM et al., Arch Intern Med 2009)
            50971: L(4.3, 5.2, "persist"),
        },
    ),
    _c(
        "chf",
        "chronic heart failure with reduced ejection fraction",
        "cardiovascular",
        ("I5022", "Chronic systolic (congestive) heart failure"),
        ("42822", "Chronic systolic heart failure"),
        Symptoms(
            (
                "I have heart failure with a weak pump; my ejection fraction is low.",
                "I have a weak heart.",
                "My heart don't pump right.",
            ),
            ("我有心衰，射血分数偏低。", "我心脏功能弱。", "我心脏不好使。"),
        ),
        labs={50963: L(600, 2500, "persist")},
        panels=("bnp",),
        home=("furosemide_po", "carvedilol", "lisinopril", "spironolactone"),
    ),
    _c(
        "cad",
        "coronary artery disease",
        "cardiovascular",
        (
            "I2510",
            "Atherosclerotic heart disease of native coronary artery without angina pectoris",
        ),
        ("41401", "Coronary atherosclerosis of native coronary artery"),
        Symptoms(
            (
                "I have coronary artery disease and had a stent before.",
                "I have blocked heart arteries.",
                "I had a heart problem, they put a thing in.",
            ),
            (
                "我有冠心病，以前放过支架。",
                "我心脏血管堵过。",
                "我心脏血管有毛病，放过东西。",
            ),
        ),
        home=("aspirin", "atorvastatin", "metoprolol_succ"),
    ),
    _c(
        "hld",
        "hyperlipidaemia",
        "endocrine",
        ("E785", "Hyperlipidemia, unspecified"),
        ("2724", "Other and unspecified hyperlipidemia"),
        Symptoms(
            (
                "I have high cholesterol on a statin.",
                "My cholesterol is high.",
                "I got high fat in my blood.",
            ),
            ("我血脂高，在吃他汀。", "我胆固醇高。", "我血里油高。"),
        ),
        home=("atorvastatin",),
    ),
    _c(
        "copd",
        "chronic obstructive pulmonary disease",
        "respiratory",
        ("J449", "Chronic obstructive pulmonary disease, unspecified"),
        ("496", "Chronic airway obstruction, not elsewhere classified"),
        Symptoms(
            (
                "I have COPD from years of smoking.",
                "I have emphysema, my lungs are bad.",
                "My lungs are shot from smoking.",
            ),
            ("我有慢阻肺，抽烟多年。", "我有肺气肿，肺不好。", "我抽烟把肺抽坏了。"),
        ),
        home=("tiotropium", "fluticasone_salm"),
    ),
    _c(
        "af",
        "atrial fibrillation",
        "cardiovascular",
        ("I4891", "Unspecified atrial fibrillation"),
        ("42731", "Atrial fibrillation"),
        Symptoms(
            (
                "I have atrial fibrillation and take a blood thinner.",
                "I have an irregular heartbeat.",
                "My heart skips around.",
            ),
            ("我有房颤，在吃抗凝药。", "我心跳不齐。", "我心脏乱跳。"),
        ),
        home=("warfarin", "metoprolol"),
        scores=("CHA2DS2-VASc",),
    ),
    _c(
        "hypothyroid",
        "hypothyroidism",
        "endocrine",
        ("E039", "Hypothyroidism, unspecified"),
        ("2449", "Unspecified acquired hypothyroidism"),
        Symptoms(
            (
                "I have an underactive thyroid.",
                "My thyroid is low.",
                "I take a thyroid pill.",
            ),
            ("我甲状腺功能减退。", "我甲状腺低。", "我吃甲状腺的药。"),
        ),
        labs={50993: L(3.0, 6.5, "persist")},
        panels=("tsh",),
        home=("levothyroxine",),
    ),
    _c(
        "depression",
        "major depressive disorder",
        "psychiatric",
        ("F329", "Major depressive disorder, single episode, unspecified"),
        ("311", "Depressive disorder, not elsewhere classified"),
        Symptoms(
            ("I am treated for depression.", "I get depressed.", "I feel down a lot."),
            ("我在治疗抑郁症。", "我有抑郁。", "我老是心情不好。"),
        ),
        home=("citalopram",),
    ),
    _c(
        "obesity",
        "obesity",
        "endocrine",
        ("E669", "Obesity, unspecified"),
        ("27800", "Obesity, unspecified"),
        Symptoms(
            ("I am overweight.", "I am heavy.", "I am big."),
            ("我体重超标。", "我比较胖。", "我胖。"),
        ),
    ),
    _c(
        "tobacco",
        "tobacco use disorder",
        "psychiatric",
        ("F17210", "Nicotine dependence, cigarettes, uncomplicated"),
        ("3051", "Tobacco use disorder"),
        Symptoms(
            ("I smoke cigarettes daily.", "I smoke.", "I smoke."),
            ("我每天抽烟。", "我抽烟。", "我抽烟。"),
        ),
    ),
    _c(
        "aud",
        "alcohol use disorder",
        "psychiatric",
        ("F1020", "Alcohol dependence, uncomplicated"),
        ("30390", "Other and unspecified alcohol dependence, unspecified"),
        Symptoms(
            ("I drink heavily most days.", "I drink a lot.", "I like my drinks."),
            ("我几乎每天大量饮酒。", "我喝酒喝得多。", "我爱喝两口。"),
        ),
        labs={51250: L(99, 106, "persist"), 50878: L(45, 90, "persist")},
        home=("thiamine", "folic_acid"),
    ),
    _c(
        "cirrhosis",
        "cirrhosis",
        "hepatic",
        ("K7460", "Unspecified cirrhosis of liver"),
        ("5715", "Cirrhosis of liver without mention of alcohol"),
        Symptoms(
            (
                "I have cirrhosis of the liver.",
                "My liver is scarred.",
                "My liver is bad.",
            ),
            ("我有肝硬化。", "我肝有纤维化。", "我肝不好。"),
        ),
        labs={
            50885: L(1.4, 2.6, "persist"),
            50862: L(2.8, 3.4, "persist"),
            51237: L(1.3, 1.6, "persist"),
            51265: L(70, 120, "persist"),
        },
        panels=("lft", "coag"),
        home=("lactulose",),
        scores=("Child-Pugh",),
    ),
    _c(
        "prior_stroke",
        "history of stroke",
        "neurological",
        (
            "Z8673",
            "Personal history of transient ischemic attack (TIA), and cerebral infarction without residual deficits",
        ),
        (
            "V1254",
            "Personal history of transient ischemic attack (TIA), and cerebral infarction without residual deficits",
        ),
        Symptoms(
            (
                "I had a stroke a few years ago.",
                "I had a stroke before.",
                "I had a little stroke.",
            ),
            ("我几年前中过风。", "我以前中风过。", "我以前脑子出过事。"),
        ),
        home=("aspirin", "atorvastatin"),
    ),
    _c(
        "pvd",
        "peripheral vascular disease",
        "cardiovascular",
        ("I739", "Peripheral vascular disease, unspecified"),
        ("4439", "Peripheral vascular disease, unspecified"),
        Symptoms(
            (
                "I have peripheral arterial disease; my calves cramp when I walk.",
                "My legs hurt when I walk because of bad circulation.",
                "My legs hurt walking.",
            ),
            (
                "我有外周动脉病，走路小腿抽筋。",
                "我腿血液循环不好，走路疼。",
                "我走路腿疼。",
            ),
        ),
        home=("aspirin",),
    ),
    _c(
        "gerd",
        "gastro-oesophageal reflux disease",
        "gastrointestinal",
        ("K219", "Gastro-esophageal reflux disease without esophagitis"),
        ("53081", "Esophageal reflux"),
        Symptoms(
            ("I have acid reflux.", "I get heartburn.", "My stomach burns."),
            ("我有胃食管反流。", "我经常烧心。", "我胃里烧得慌。"),
        ),
        home=("pantoprazole",),
    ),
    _c(
        "bph",
        "benign prostatic hyperplasia",
        "renal",
        ("N400", "Benign prostatic hyperplasia without lower urinary tract symptoms"),
        ("60000", "Hypertrophy (benign) of prostate without urinary obstruction"),
        Symptoms(
            (
                "I have an enlarged prostate.",
                "My prostate is big.",
                "I pee a lot at night.",
            ),
            ("我前列腺增生。", "我前列腺大。", "我晚上老起夜。"),
        ),
        home=("tamsulosin",),
    ),
    _c(
        "gout",
        "gout",
        "musculoskeletal",
        ("M109", "Gout, unspecified"),
        ("2749", "Gout, unspecified"),
        Symptoms(
            ("I have gout.", "I get gout attacks.", "My big toe swells up."),
            ("我有痛风。", "我会犯痛风。", "我大脚趾会肿。"),
        ),
        home=("allopurinol",),
    ),
    _c(
        "asthma",
        "asthma",
        "respiratory",
        ("J45909", "Unspecified asthma, uncomplicated"),
        ("49390", "Asthma, unspecified type, unspecified"),
        Symptoms(
            ("I have asthma.", "I have asthma and use inhalers.", "I get wheezy."),
            ("我有哮喘。", "我有哮喘，用吸入剂。", "我喘。"),
        ),
        home=("fluticasone_salm",),
    ),
    _c(
        "iron_def",
        "iron deficiency anaemia",
        "haematological",
        ("D509", "Iron deficiency anemia, unspecified"),
        ("2809", "Iron deficiency anemia, unspecified"),
        Symptoms(
            (
                "I have iron deficiency anaemia.",
                "I am low on iron.",
                "My blood is weak.",
            ),
            ("我有缺铁性贫血。", "我缺铁。", "我血少。"),
        ),
        labs={
            51222: L(9.0, 11.0, "persist"),
            51250: L(72, 79, "persist"),
            50924: L(5, 20, "persist"),
            # low serum iron with a high TIBC (AGA 2020 iron deficiency anaemia guideline)
            50952: L(12, 40, "persist"),
            50953: L(400, 520, "persist"),
        },
        panels=("iron",),
        home=("ferrous_sulfate",),
    ),
    _c(
        "seizure_d",
        "epilepsy",
        "neurological",
        (
            "G40909",
            "Epilepsy, unspecified, not intractable, without status epilepticus",
        ),
        ("34590", "Epilepsy, unspecified, without mention of intractable epilepsy"),
        Symptoms(
            ("I have epilepsy.", "I have seizures.", "I have fits."),
            ("我有癫痫。", "我会抽搐发作。", "我会抽风。"),
        ),
        home=("levetiracetam",),
    ),
)
