"""Lay-term lexicon (EN + ZH) for diagnoses, drugs, labs and symptoms, and question synonyms.

Two tables live here:

* **Entities** (:data:`DIAGNOSES`, :data:`DRUGS`, :data:`LABS`, :data:`SYMPTOMS`): a
  stable key, the words that find the entity in record text (``match``), and how a
  patient names it in English and Chinese at high, medium and low health literacy
  (``en``/``zh`` tuples in that order). Diagnoses carry no warning sign or daily-life
  impact: no record states what the patient was told to watch for (issue #39). Drugs and lab tests are read from
  the one clinical vocabulary (:mod:`physassist_env.vocab`: lay names in
  :data:`~physassist_env.vocab.lay.DRUG_LAY_NAMES` and on each
  :class:`~physassist_env.vocab.analytes.Analyte`); diagnoses and symptoms live here.
* **Question concepts** (:data:`TOPIC_TERMS`, :data:`ASPECT_TERMS`): the words (EN and ZH)
  that make a question ask about a topic (medication, social history...) or a specific
  aspect (onset, smoking, adherence...).

Keep entries unambiguous; the scripted patient and the LLM grounding check both read
these tables, so a drug added to the vocabulary's lay names is immediately understood and
checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from physassist_env.vocab.analytes import ANALYTES, Analyte
from physassist_env.vocab.drugs import DRUG_BRANDS
from physassist_env.vocab.lay import DRUG_LAY_NAMES, LayNames
from physassist_env.vocab.subjects import analyte_key


@dataclass(frozen=True)
class Entity:
    """One lexicon entry.

    Attributes:
        key: Stable id used in fact ids (``heart_failure``).
        kind: ``diagnosis``, ``drug``, ``lab`` or ``symptom``.
        match: Lowercase words/prefixes that find the entity in record text (EN).
        en: Patient wording at high, medium, low literacy (English).
        zh: Patient wording at high, medium, low literacy (Chinese).
        ask: Extra question words (EN and ZH) that name the entity.
    """

    key: str
    kind: str
    match: tuple[str, ...]
    en: tuple[str, str, str]
    zh: tuple[str, str, str]
    ask: tuple[str, ...] = ()

    def all_terms(self) -> tuple[str, ...]:
        """Every word (EN and ZH, lowercase) that names this entity in a question."""
        return tuple(
            dict.fromkeys(
                t.lower() for t in (*self.match, *self.en, *self.zh, *self.ask)
            )
        )


def _e(
    key: str,
    kind: str,
    match: tuple[str, ...],
    en: tuple[str, str, str],
    zh: tuple[str, str, str],
    ask: tuple[str, ...] = (),
) -> Entity:
    return Entity(key, kind, match, en, zh, ask)


DIAGNOSES: tuple[Entity, ...] = (
    _e(
        "heart_failure",
        "diagnosis",
        ("heart failure", "chf", "congestive heart"),
        ("heart failure", "a weak heart", "a tired heart"),
        ("心力衰竭", "心衰", "心脏没力气"),
        ("hf", "weak heart", "心脏"),
    ),
    _e(
        "pneumonia",
        "diagnosis",
        ("pneumonia",),
        ("pneumonia", "a lung infection", "a bad chest cold"),
        ("肺炎", "肺部感染", "肺里发炎"),
        ("lung infection", "chest infection", "肺部"),
    ),
    _e(
        "hypertension",
        "diagnosis",
        ("hypertension", "high blood pressure", "hypertensive"),
        ("hypertension", "high blood pressure", "pressure problems"),
        ("高血压", "高血压", "血压的毛病"),
        ("blood pressure", "bp", "血压"),
    ),
    _e(
        "diabetes",
        "diagnosis",
        ("diabetes", "diabetic", "dm2", "t2dm"),
        ("type 2 diabetes", "diabetes", "sugar problems"),
        ("2型糖尿病", "糖尿病", "血糖高的病"),
        ("diabetic",),
    ),
    _e(
        "ckd",
        "diagnosis",
        ("chronic kidney", "ckd"),
        ("chronic kidney disease", "weak kidneys", "kidney trouble"),
        ("慢性肾病", "慢性肾功能不全", "肾的毛病"),
        ("kidney", "kidneys", "肾"),
    ),
    _e(
        "aki",
        "diagnosis",
        ("acute kidney", "aki", "acute renal"),
        ("acute kidney injury", "sudden kidney damage", "kidney trouble"),
        ("急性肾损伤", "急性肾功能损害", "肾出了问题"),
        ("kidney", "kidneys", "肾"),
    ),
    _e(
        "afib",
        "diagnosis",
        ("atrial fibrillation", "afib", "a-fib"),
        ("atrial fibrillation", "an irregular heartbeat", "a fluttery heart"),
        ("房颤", "心律不齐", "心跳乱"),
        ("irregular heartbeat", "palpitations", "心跳"),
    ),
    _e(
        "copd",
        "diagnosis",
        ("copd", "chronic obstructive", "emphysema"),
        ("COPD", "emphysema", "bad lungs"),
        ("慢阻肺", "肺气肿", "肺不好"),
        ("lungs", "肺"),
    ),
    _e(
        "cad",
        "diagnosis",
        ("coronary", "cad", "myocardial infarction", "nstemi", "stemi"),
        ("coronary artery disease", "blocked heart arteries", "heart trouble"),
        ("冠心病", "心脏血管堵塞", "心脏的毛病"),
        ("heart attack", "心梗"),
    ),
    _e(
        "uti",
        "diagnosis",
        ("urinary tract infection", "uti", "cystitis"),
        ("a urinary tract infection", "a bladder infection", "a water infection"),
        ("尿路感染", "膀胱发炎", "小便发炎"),
        ("bladder", "urine infection", "尿"),
    ),
    _e(
        "sepsis",
        "diagnosis",
        ("sepsis", "septic"),
        ("sepsis", "a blood infection", "a bad infection"),
        ("脓毒症", "血液感染", "很重的感染"),
        ("blood infection", "感染"),
    ),
    _e(
        "hyperlipidemia",
        "diagnosis",
        ("hyperlipidemia", "hypercholesterolemia", "dyslipidemia"),
        ("hyperlipidemia", "high cholesterol", "fat in the blood"),
        ("高脂血症", "胆固醇高", "血脂高"),
        ("cholesterol", "胆固醇"),
    ),
    _e(
        "hyperkalemia",
        "diagnosis",
        ("hyperkalemia",),
        # "salt in my blood" is what a lay speaker calls sodium: the EN low-literacy term
        # said hypernatraemia where the ZH (血里的钾太多) said potassium
        ("hyperkalemia", "high potassium", "too much potassium in my blood"),
        ("高钾血症", "血钾高", "血里的钾太多"),
        (),
    ),
    _e(
        "anemia",
        "diagnosis",
        ("anemia", "anaemia"),
        ("anemia", "low blood count", "weak blood"),
        ("贫血", "血色素低", "血不够"),
        (),
    ),
)


def _drug(generic: str, lay: LayNames) -> Entity:
    """A drug as the patient names it; found in record text by its generic and brand
    names (:data:`DRUG_BRANDS`)."""
    brands = tuple(b for b, g in DRUG_BRANDS.items() if g == generic)
    return Entity(
        generic.replace(" ", "_"), "drug", (generic, *brands), lay.en, lay.zh, lay.ask
    )


def _lab(analyte: Analyte) -> Entity:
    """A lab test as the patient names it (keyed as the claim reader keys it: ``bnp``)."""
    assert analyte.lay is not None, analyte.key
    lay = analyte.lay
    return Entity(
        analyte_key(analyte.key),
        "lab",
        analyte.record_words,
        lay.en,
        lay.zh,
        lay.ask,
    )


#: The drugs and tests a patient talks about, from the one clinical vocabulary.
DRUGS: tuple[Entity, ...] = tuple(_drug(g, lay) for g, lay in DRUG_LAY_NAMES.items())
#: In the order the patient's matching has always tried them.
_PATIENT_LABS = (
    "potassium",
    "creatinine",
    "sodium",
    "glucose",
    "hemoglobin",
    "wbc",
    "inr",
    "ntprobnp",
    "lactate",
)
LABS: tuple[Entity, ...] = tuple(_lab(ANALYTES[k]) for k in _PATIENT_LABS)

SYMPTOMS: tuple[Entity, ...] = (
    _e(
        "dyspnea",
        "symptom",
        (
            "shortness of breath",
            "short of breath",
            "dyspnea",
            "sob",
            "orthopnea",
            "breathless",
            "breathlessness",
        ),
        ("shortness of breath", "trouble breathing", "breathing trouble"),
        ("呼吸困难", "喘不上气", "气不够用"),
        ("breath", "breathing", "breathe", "winded", "呼吸", "喘", "气短", "憋气"),
    ),
    _e(
        "edema",
        "symptom",
        ("edema", "swelling", "swollen", "lower extremity swelling"),
        ("leg swelling", "swollen legs", "puffy legs"),
        ("下肢水肿", "腿肿", "腿脚肿"),
        ("swell", "swollen", "ankles", "legs", "浮肿", "水肿", "肿"),
    ),
    _e(
        "cough",
        "symptom",
        # a sputum or "productive" line with no cough named is not "I've had a cough"
        ("cough",),
        ("a cough", "a cough", "coughing"),
        ("咳嗽", "咳嗽", "老咳"),
        ("coughing", "phlegm", "sputum", "咳", "痰"),
    ),
    _e(
        "fever",
        "symptom",
        # chills are not a fever, and a fever is not "fevers and chills" (issue #39)
        ("fever", "febrile"),
        ("a fever", "a fever", "a temperature"),
        ("发热", "发烧", "身上发烫"),
        ("temperature", "hot", "发烧", "发热", "体温"),
    ),
    _e(
        "chest_pain",
        "symptom",
        ("chest pain", "chest pressure", "chest tightness"),
        ("chest pain", "pain in my chest", "my chest hurting"),
        ("胸痛", "胸口疼", "心口疼"),
        ("chest", "胸"),
    ),
    _e(
        "abdominal_pain",
        "symptom",
        (
            "abdominal pain",
            "abd pain",
            "epigastric pain",
            "ruq pain",
            "right upper quadrant pain",
            "pain under my right ribs",
            "belly hurts",
        ),
        ("abdominal pain", "belly pain", "a tummy ache"),
        ("腹痛", "肚子疼", "肚子痛"),
        ("belly", "stomach", "tummy", "abdomen", "肚子", "腹"),
    ),
    _e(
        "fatigue",
        "symptom",
        # weakness (of a limb, or generalised) is not tiredness
        ("fatigue", "malaise", "tired"),
        ("fatigue", "tiredness", "no energy"),
        ("乏力", "没力气", "总是累"),
        ("tired", "energy", "累", "乏力"),
    ),
    _e(
        "weight_gain",
        "symptom",
        ("weight gain", "gained"),
        ("weight gain", "extra weight", "more weight"),
        ("体重增加", "体重长了", "变重了"),
        ("weight", "pounds", "体重", "胖"),
    ),
    _e(
        "dizziness",
        "symptom",
        # fainting (syncope) is not dizziness
        ("dizziness", "dizzy", "lightheaded"),
        ("dizziness", "lightheadedness", "woozy spells"),
        ("头晕", "头昏", "晕乎乎"),
        ("dizzy", "头晕"),
    ),
    _e(
        "syncope",
        "symptom",
        ("syncope", "blacked out", "passed out", "fainted"),
        ("fainting", "passing out", "blacking out"),
        ("晕厥", "晕倒过", "昏过去过"),
        ("faint", "fainting", "pass out", "晕倒", "昏倒", "晕厥"),
    ),
    _e(
        "headache",
        "symptom",
        ("headache",),
        ("headaches", "head pain", "my head hurting"),
        ("头痛", "头疼", "脑袋疼"),
        ("head", "头疼", "头痛"),
    ),
)


#: Presenting complaints of the synthetic hospital's admissions beyond the ones above (its
#: chief complaints: vomiting in DKA and bowel obstruction, diarrhoea in C. difficile colitis,
#: dysuria and flank pain in urinary infection, palpitations in AF, wheeze in asthma and
#: COPD, melena in GI bleeding, a red hot leg in cellulitis, tremor in alcohol withdrawal,
#: bruising on supratherapeutic warfarin). Without them a patient admitted for
#: cholecystitis told of "fever and lightheadedness" only: the symptom that brought them in
#: had no entry. Question words stay specific (no bare "side", "red" or "stool": a rubric
#: term that any answer says is no check).
SYMPTOMS += (
    _e(
        "nausea_vomiting",
        "symptom",
        ("nausea", "vomiting", "throwing up", "emesis", "nauseated"),
        ("nausea and vomiting", "vomiting", "an upset stomach"),
        ("恶心呕吐", "想吐", "反胃"),
        ("nauseous", "vomit", "throw up", "恶心", "呕吐"),
    ),
    _e(
        "diarrhea",
        "symptom",
        ("diarrhea", "diarrhoea", "loose stools", "watery stools"),
        ("diarrhea", "loose stools", "the runs"),
        ("腹泻", "拉肚子", "老跑厕所"),
        ("loose stool", "watery stool", "拉稀"),
    ),
    _e(
        "dysuria",
        "symptom",
        (
            "dysuria",
            "burns to pee",
            "pee burns",
            "burning with urination",
            "burning on urination",
            "painful urination",
        ),
        ("painful urination", "burning when I pee", "stinging when I pass water"),
        ("尿痛", "小便疼", "尿尿烧得慌"),
        ("urinating", "burning", "尿痛", "排尿痛", "小便痛"),
    ),
    _e(
        "flank_pain",
        "symptom",
        ("flank pain", "side hurts", "costovertebral", "cva tenderness"),
        ("flank pain", "pain in my side", "a sore side"),
        ("腰痛", "腰侧疼", "后腰疼"),
        ("flank", "side pain", "腰疼"),
    ),
    _e(
        "palpitations",
        "symptom",
        (
            "palpitations",
            "palpitation",
            "heart pounding",
            "heart racing",
            "racing heart",
        ),
        ("palpitations", "a racing heart", "a pounding heart"),
        ("心悸", "心慌", "心跳得厉害"),
        ("racing", "pounding", "fluttering", "心跳快"),
    ),
    _e(
        "wheezing",
        "symptom",
        ("wheezing", "wheeze"),
        ("wheezing", "a wheeze", "whistling when I breathe"),
        ("喘鸣", "喘得呼呼响", "呼吸带哨音"),
        ("wheezy", "whistling", "哮鸣"),
    ),
    _e(
        "melena",
        "symptom",
        ("melena", "black poop", "black stools", "tarry stools", "black, tarry"),
        ("black stools", "black, tarry stools", "black poop"),
        ("黑便", "大便发黑", "拉黑色的大便"),
        ("tarry", "black stool", "dark stool", "柏油样便"),
    ),
    _e(
        "skin_redness",
        "symptom",
        ("redness", "erythema", "leg is red", "red, hot"),
        ("skin redness", "a red, hot patch of skin", "a red leg"),
        ("皮肤发红", "皮肤又红又热", "腿发红"),
        ("red skin", "红肿"),
    ),
    _e(
        "tremor",
        "symptom",
        ("tremor", "tremors", "hands shake", "shaky"),
        ("a tremor", "shaky hands", "the shakes"),
        ("手抖", "手发抖", "浑身发抖"),
        ("shaking", "trembling", "发抖"),
    ),
    _e(
        "bruising",
        "symptom",
        ("bruising", "bruises", "gums bleed", "bleeding gums", "easy bruising"),
        ("bruising", "easy bruising", "bleeding gums"),
        ("皮下瘀斑", "身上青一块紫一块", "牙龈出血"),
        ("bruise", "瘀斑", "青紫"),
    ),
)

ENTITIES: tuple[Entity, ...] = DIAGNOSES + DRUGS + LABS + SYMPTOMS
BY_KEY: dict[str, Entity] = {e.key: e for e in ENTITIES}
PAIN_SYMPTOMS = frozenset({"chest_pain", "abdominal_pain", "headache", "flank_pain"})

# Topic words: a question using one asks about the whole topic.
TOPIC_TERMS: dict[str, tuple[str, ...]] = {
    "symptom": (
        "symptom",
        "symptoms",
        "feel",
        "feeling",
        "complaint",
        "problem",
        "wrong",
        "bother",
        "bothering",
        "brought",
        "brings",
        "happened",
        "going on",
        "症状",
        "不舒服",
        "哪里不好",
        "感觉",
        "怎么了",
        "难受",
        "来医院",
        "来看病",
    ),
    "medication": (
        "medication",
        "medications",
        "medicine",
        "medicines",
        "meds",
        "pill",
        "pills",
        "drug",
        "drugs",
        "tablet",
        "tablets",
        "prescription",
        "吃什么药",
        "药物",
        "用药",
        "药",
    ),
    "allergy": ("allergy", "allergies", "allergic", "reaction", "rash", "过敏"),
    "social": ("lifestyle", "habits", "social", "生活习惯", "生活方式", "社会史"),
    "functional": (
        "daily",
        "activities",
        "function",
        "functional",
        "manage",
        "cope",
        "independent",
        "chores",
        "日常",
        "生活自理",
        "活动能力",
        "自理",
    ),
    "pain": ("pain", "hurt", "hurts", "hurting", "ache", "aching", "sore", "疼", "痛"),
    "history": (
        "history",
        "conditions",
        "illnesses",
        "diagnosed",
        "diagnosis",
        "disease",
        "diseases",
        "health problems",
        "病史",
        "什么病",
        "诊断",
        "疾病",
        "慢性病",
    ),
    "warning": (
        "warning",
        "watch",
        "danger",
        "signs",
        "look out",
        "注意什么",
        "警示",
        "危险信号",
        "需要注意",
    ),
    "lab": (
        "lab",
        "labs",
        "blood test",
        "blood tests",
        "bloodwork",
        "results",
        "test",
        "tests",
        "化验",
        "验血",
        "检查结果",
        "抽血",
    ),
}

# Aspect words: a question using one asks for that specific aspect.
ASPECT_TERMS: dict[str, tuple[str, ...]] = {
    "onset": (
        "when did",
        "when was",
        "when were",
        "start",
        "started",
        "begin",
        "began",
        "onset",
        "how long",
        "since",
        "什么时候开始",
        "多久",
        "开始",
        "几天",
    ),
    "provocation": (
        "worse",
        "better",
        "trigger",
        "triggers",
        "brings it on",
        "relieve",
        "relieves",
        "aggravate",
        "加重",
        "缓解",
        "诱发",
        "更厉害",
        "好一点",
    ),
    "quality": (
        "like",
        "kind",
        "type",
        "quality",
        "sharp",
        "dull",
        "什么样",
        "形容",
        "性质",
    ),
    "region": (
        "where",
        "location",
        "spread",
        "radiate",
        "radiates",
        "部位",
        "放射",
        "哪里疼",
        "哪儿疼",
        "疼在哪",
        "哪里肿",
        "在哪",
    ),
    "severity": (
        "bad",
        "severe",
        "severity",
        "scale",
        "rate",
        "score",
        "out of 10",
        "how much",
        "多严重",
        "几分",
        "严重",
        "程度",
    ),
    "timing": (
        "constant",
        "come and go",
        "often",
        "frequency",
        "night",
        "pattern",
        "一直",
        "时有时无",
        "晚上",
        "规律",
    ),
    "adherence": (
        "been taking",
        "still taking",
        "taking it",
        "take it every",
        "skip",
        "skipped",
        "miss",
        "missed",
        "missing",
        "forget",
        "forgot",
        "stopped",
        "stop",
        "adherence",
        "compliance",
        "complian",
        "as prescribed",
        "as directed",
        "every day",
        "regularly",
        "actually taking",
        "ran out",
        "run out",
        "filled",
        "refill",
        "漏服",
        "漏吃",
        "忘记",
        "忘了",
        "停药",
        "停了",
        "按时",
        "按医嘱",
        "坚持",
        "规律吃",
        "没吃",
        "断药",
        "吃完",
        "按时吃",
        # injections are 打 (胰岛素、肝素), inhalers 用
        "漏打",
        "没打",
        "打完",
        "按时打",
        "规律打",
        "漏用",
        "按时用",
    ),
    "regimen": (
        "dose",
        "dosage",
        "how much do you take",
        "how many",
        "mg",
        "what do you take",
        "剂量",
        "吃多少",
        "几片",
        "怎么吃",
        "打多少",
        "打几个单位",
        "怎么打",
        "怎么用",
    ),
    "smoking": (
        "smoke",
        "smoking",
        "smoker",
        "cigarette",
        "cigarettes",
        "tobacco",
        "vape",
        "吸烟",
        "抽烟",
        "香烟",
    ),
    "alcohol": (
        "alcohol",
        "drink",
        "drinking",
        "drinks",
        "beer",
        "wine",
        "liquor",
        "etoh",
        "喝酒",
        "饮酒",
        "酒",
    ),
    "drugs": (
        "recreational",
        "illicit",
        "street drugs",
        "marijuana",
        "cocaine",
        "heroin",
        "吸毒",
        "毒品",
        "大麻",
    ),
    "living": (
        "live",
        "lives",
        "living",
        "alone",
        "wife",
        "husband",
        "住在",
        "一个人住",
        "和谁住",
        "同住",
        "家里有人",
    ),
    "family_history": (
        "family history",
        "relatives",
        "parents",
        "家族史",
        "家里人有",
        "父母",
    ),
    "occupation": (
        "work",
        "job",
        "occupation",
        "retired",
        "employed",
        "工作",
        "职业",
        "退休",
    ),
    "mobility": (
        "walk",
        "walking",
        "stairs",
        "cane",
        "walker",
        "mobility",
        "get around",
        "走路",
        "爬楼",
        "拐杖",
        "行走",
    ),
    "diet": ("diet", "eat", "eating", "salt", "food", "饮食", "吃饭", "盐"),
    # "When did you last take X?": the last dose of the drug named, never its regimen or
    # the other drugs (issue #39: answered with the adherence story or a list of drugs).
    "last_dose": (
        "last take",
        "last took",
        "last taken",
        "last dose",
        "last pill",
        "last get",
        "last got",
        "last given",
        "last receive",
        "last received",
        "last time you took",
        "last time you take",
        "last time you had",
        "your last",
        "上一次",
        "最后一次",
        "上次吃",
        "上次用",
        "上次打",
        "最近一次吃",
        "最近一次用",
        "最近一次打",
    ),
    # "Did the doctor say it was your lungs?": what a doctor told the patient (issue #39:
    # answered with an organ or cause the record does not state).
    "told": (
        "did the doctor say",
        "did the doctors say",
        "did your doctor say",
        "did they say",
        "did anyone say",
        "doctor said",
        "doctors said",
        "doctor tell you",
        "doctors tell you",
        "did they tell you",
        "what did the doctor",
        "what did the doctors",
        "what did they say",
        "医生说",
        "医生有没有说",
        "医生怎么说",
        "医生告诉",
        "大夫说",
        "大夫有没有说",
    ),
}
