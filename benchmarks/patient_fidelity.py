"""Patient fidelity: does the simulated patient say only what the record says, to the question asked?

An outside auditor's interview. The labelled questions (``benchmarks/data/patient_fidelity_questions.json``,
EN and ZH: symptoms, onset, pain, home medicines and adherence, allergies, social history,
function, past history, labs, things a patient cannot know, off-topic) are put to the
scripted patient of every selected patient through ``ask_patient``. Each answer is split
into stated facts and every fact is checked against the **raw tables** (MIMIC-IV CSVs,
the discharge-note text, and for the synthetic hospital its ``truth/patients.jsonl.gz``)
by the checker below, which imports nothing from ``physassist_env.patient`` and has its
own vocabulary: a fact is *supported*, *contradicted* by the record, or *unsupported*
(not in the record at all).

Figures per dataset and language: precision (supported / stated facts), contradicted and
unsupported rates, recall (answerable questions whose answer states a supported fact of
the asked kind), cannot-know and off-topic questions answered with a fact, withheld
leakage (answers to questions not aimed at a withheld fact that state it; measured a
second time with every persona forced to withhold critical facts), and register
(doses in mg at medium/low literacy, ICD-style titles, English words in Chinese answers,
doubled words).

Run::

    python benchmarks/patient_fidelity.py --mimic ../shared/data/mimic-iv-demo-2.2 \\
        --synthetic /tmp/fidelity-synth --out /tmp/fidelity.json

(``--synthetic`` is generated there, 30 patients, ``--synthetic-seed`` 24, when the folder is
empty. The last 20 MIMIC demo patients and synthetic seed 24 were looked at while the patient
was fixed; ``--mimic-first`` and another ``--synthetic-seed`` give held-out patients.)
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "benchmarks/data/patient_fidelity_questions.json"

# ---------------------------------------------------------------------------------------
# The checker's own vocabulary (written for this benchmark; not the patient's lexicon).
# generic -> (EN regex naming it, incl. lay names; ZH regex; ZH name used in questions)
DRUGS: dict[str, tuple[str, str, str]] = {
    "lisinopril": (r"lisinopril|prinivil|zestril", r"赖诺普利", "赖诺普利"),
    "furosemide": (r"furosemide|lasix", r"呋塞米|速尿", "呋塞米"),
    "metformin": (r"metformin|glucophage", r"二甲双胍", "二甲双胍"),
    "warfarin": (r"warfarin|coumadin", r"华法林", "华法林"),
    "metoprolol": (r"metoprolol|lopressor|toprol", r"美托洛尔|倍他乐克", "美托洛尔"),
    "atorvastatin": (r"atorvastatin|lipitor", r"阿托伐他汀|立普妥", "阿托伐他汀"),
    "aspirin": (r"aspirin", r"阿司匹林", "阿司匹林"),
    "insulin": (r"insulin|glargine|lantus|humalog", r"胰岛素", "胰岛素"),
    "ceftriaxone": (r"ceftriaxone", r"头孢曲松", "头孢曲松"),
    "azithromycin": (r"azithromycin|z-?pack|zithromax", r"阿奇霉素", "阿奇霉素"),
    "vancomycin": (r"vancomycin", r"万古霉素", "万古霉素"),
    "amlodipine": (r"amlodipine|norvasc", r"氨氯地平", "氨氯地平"),
    "spironolactone": (r"spironolactone|aldactone", r"螺内酯", "螺内酯"),
    "heparin": (r"heparin", r"肝素", "肝素"),
    "acetaminophen": (
        r"acetaminophen|tylenol|paracetamol",
        r"对乙酰氨基酚|泰诺",
        "泰诺",
    ),
    "albuterol": (r"albuterol|ventolin|proair", r"沙丁胺醇", "沙丁胺醇"),
    "levothyroxine": (r"levothyroxine|synthroid", r"左甲状腺素|优甲乐", "左甲状腺素"),
    "omeprazole": (r"omeprazole|prilosec", r"奥美拉唑", "奥美拉唑"),
    "pantoprazole": (r"pantoprazole|protonix", r"泮托拉唑", "泮托拉唑"),
    "losartan": (r"losartan|cozaar", r"氯沙坦", "氯沙坦"),
    "carvedilol": (r"carvedilol|coreg", r"卡维地洛", "卡维地洛"),
    "hydralazine": (r"hydralazine", r"肼屈嗪", "肼屈嗪"),
    "clopidogrel": (r"clopidogrel|plavix", r"氯吡格雷|波立维", "氯吡格雷"),
    "apixaban": (r"apixaban|eliquis", r"阿哌沙班", "阿哌沙班"),
    "diltiazem": (r"diltiazem|cardizem", r"地尔硫", "地尔硫䓬"),
    "digoxin": (r"digoxin|lanoxin", r"地高辛", "地高辛"),
    "amiodarone": (r"amiodarone", r"胺碘酮", "胺碘酮"),
    "glipizide": (r"glipizide", r"格列吡嗪", "格列吡嗪"),
    "prednisone": (r"prednisone", r"泼尼松", "泼尼松"),
    "tiotropium": (r"tiotropium|spiriva", r"噻托溴铵", "噻托溴铵"),
    "lactulose": (r"lactulose", r"乳果糖", "乳果糖"),
    "rifaximin": (r"rifaximin|xifaxan", r"利福昔明", "利福昔明"),
    "citalopram": (r"(?<!es)citalopram", r"西酞普兰", "西酞普兰"),
    "sertraline": (r"sertraline|zoloft", r"舍曲林", "舍曲林"),
    "allopurinol": (r"allopurinol", r"别嘌醇", "别嘌醇"),
    "tamsulosin": (r"tamsulosin|flomax", r"坦索罗辛", "坦索罗辛"),
    "levetiracetam": (r"levetiracetam|keppra", r"左乙拉西坦", "左乙拉西坦"),
    "ferrous_sulfate": (
        r"ferrous sulfate|iron pill|iron sulfate",
        r"硫酸亚铁|补铁|铁片",
        "硫酸亚铁",
    ),
}
# Lay names that may stand for several drugs: supported when any of them fits.
LAY_DRUGS: dict[str, tuple[str, list[str]]] = {
    r"water pill|排水|利尿": ("", ["furosemide", "spironolactone"]),
    r"blood pressure pill|pressure pill|降压": (
        "",
        ["lisinopril", "amlodipine", "metoprolol", "losartan", "hydralazine"],
    ),
    r"sugar pill|降糖药|降糖针|sugar shots": (
        "",
        ["metformin", "insulin", "glipizide"],
    ),
    r"blood thinner|稀释血液|抗凝": ("", ["warfarin", "heparin", "apixaban"]),
    r"belly shots|肚子上打的针": ("", ["heparin"]),
    r"heart pill|心脏药|强心药": ("", ["metoprolol", "carvedilol", "digoxin"]),
    r"heart rate pill|控制心跳|heart rhythm|节律": ("", ["diltiazem", "amiodarone"]),
    r"stent pill|防血栓": ("", ["clopidogrel"]),
    r"steroid|激素": ("", ["prednisone"]),
    r"daily inhaler|每天吸的药": ("", ["tiotropium"]),
    r"syrup|通便": ("", ["lactulose"]),
    r"gut antibiotic|肠道消炎": ("", ["rifaximin"]),
    r"mood pill|管情绪": ("", ["citalopram", "sertraline"]),
    r"gout pill|痛风": ("", ["allopurinol"]),
    r"prostate pill|前列腺": ("", ["tamsulosin"]),
    r"seizure pill|防抽搐": ("", ["levetiracetam"]),
    r"cholesterol pill|降脂|降血脂": ("", ["atorvastatin"]),
    r"rescue inhaler|puffer|喷雾|喷的药": ("", ["albuterol"]),
    r"thyroid|甲状腺": ("", ["levothyroxine"]),
    r"stomach pill|胃药|护胃": ("", ["omeprazole", "pantoprazole"]),
    r"painkiller|止痛药": ("", ["acetaminophen"]),
    r"antibiotic drip|drip for infection|输液的抗生素|消炎的吊瓶": (
        "",
        ["ceftriaxone"],
    ),
    r"strong (iv )?antibiotic|strong drip|强效抗生素|很强的消炎": ("", ["vancomycin"]),
    r"antibiotic pills|消炎药": ("", ["azithromycin"]),
}
# ICD-title regex (EN) per diagnosis the checker knows, with the EN/ZH words a patient may use.
DIAGNOSES: dict[str, tuple[str, str, str]] = {
    "heart_failure": (
        r"heart failure|cardiomyopathy",
        r"heart failure|weak heart|tired heart",
        r"心力衰竭|心衰|心脏没力气",
    ),
    "hypertension": (
        r"(?<!pulmonary )(?<!portal )hypertens",
        r"hypertension|high blood pressure|pressure problems",
        r"高血压|血压的毛病",
    ),
    "diabetes": (r"diabet", r"diabetes|sugar problems", r"糖尿病|血糖高的病"),
    "ckd": (
        r"chronic kidney|ckd|chronic renal",
        r"chronic kidney|weak kidneys",
        r"慢性肾|肾的毛病",
    ),
    "aki": (
        r"acute kidney|acute renal",
        r"acute kidney|sudden kidney",
        r"急性肾|肾出了问题",
    ),
    "kidney_any": (r"kidney|renal", r"kidney trouble", r"肾的毛病|肾出了问题"),
    "afib": (
        r"atrial fib",
        r"atrial fibrillation|irregular heartbeat|fluttery heart",
        r"房颤|心律不齐|心跳乱",
    ),
    "copd": (
        r"chronic obstructive|copd|emphysema",
        r"copd|emphysema|bad lungs",
        r"慢阻肺|肺气肿|肺不好",
    ),
    "cad": (
        r"coronary|myocardial infarction|stemi|angina",
        r"coronary|blocked heart arteries|heart trouble",
        r"冠心病|心脏血管堵|心脏的毛病",
    ),
    "pneumonia": (
        r"pneumonia",
        r"pneumonia|lung infection|chest cold",
        r"肺炎|肺部感染|肺里发炎",
    ),
    "uti": (
        r"urinary tract infection|cystitis|pyelonephritis",
        r"urinary tract|bladder infection|water infection",
        r"尿路感染|膀胱发炎|小便发炎",
    ),
    "sepsis": (
        r"sepsis|septic",
        r"sepsis|blood infection|bad infection",
        r"脓毒症|血液感染|很重的感染",
    ),
    "hyperlipidemia": (
        r"hyperlipid|hypercholest|dyslipid",
        r"hyperlipidemia|high cholesterol|fat in the blood",
        r"高脂血症|胆固醇高|血脂高",
    ),
    "hyperkalemia": (
        r"hyperkal",
        r"hyperkalemia|high potassium|too much salt",
        r"高钾|血钾高|钾太多",
    ),
    "anemia": (
        r"anemi|anaemi",
        r"anemia|low blood count|weak blood",
        r"贫血|血色素低|血不够",
    ),
}
# Warning signs / daily-life impact a patient is told about a diagnosis -> that diagnosis.
EDUCATION: dict[str, str] = {
    r"weight gain or swollen ankles|体重突然增加|out of breath walking up stairs|爬楼梯会喘": "heart_failure",
    r"headaches or dizziness|头痛得厉害": "hypertension",
    r"shaky or very thirsty|发抖或者特别口渴|watch what i eat|吃东西要很注意": "diabetes",
    r"peeing much less|尿变少": "kidney_any",
    r"racing or pounding heart|心跳很快": "afib",
    r"more coughing or wheezing|咳嗽或喘得更厉害|walk far without stopping|走不远": "copd",
    r"chest pressure|胸口发闷": "cad",
    r"fever coming back|再次发烧|tired quickly|很容易累": "pneumonia",
    r"burning when i pee|小便时烧灼": "uti",
    r"fever with chills|发烧伴寒战": "sepsis",
    r"very tired or dizzy|特别累或头晕": "anemia",
}
# analyte -> (MIMIC itemids, EN regex, ZH regex)
LABS: dict[str, tuple[frozenset[int], str, str]] = {
    "potassium": (
        frozenset({50971, 50822}),
        r"potassium|salt in my blood",
        r"血钾|钾|血里的一种盐",
    ),
    "sodium": (frozenset({50983, 50824}), r"sodium|salt level", r"血钠|钠|血里的盐"),
    "creatinine": (
        frozenset({50912}),
        r"creatinine|kidney number|kidney test",
        r"肌酐|肾功能指标|查肾",
    ),
    "glucose": (
        frozenset({50931, 50809}),
        r"glucose|blood sugar|sugar level",
        r"血糖|血里的糖",
    ),
    "hemoglobin": (
        frozenset({51222, 50811}),
        r"hemoglobin|blood count|blood level",
        r"血红蛋白|血色素",
    ),
    "wbc": (
        frozenset({51301, 51300}),
        r"white (blood cell )?count|white cells|infection count",
        r"白细胞|查感染的指标",
    ),
    "inr": (frozenset({51237}), r"\binr\b|clotting number|blood thinness", r"inr|凝血"),
    "lactate": (
        frozenset({50813}),
        r"lactate|lactic acid|acid level",
        r"乳酸|酸的指标",
    ),
    "bnp": (
        frozenset({50963}),
        r"bnp|heart strain test|heart blood test",
        r"脑钠肽|心衰指标|查心脏的血",
    ),
}
SYMPTOMS: dict[str, tuple[str, str, str]] = {
    # key: (note regex, EN claim regex, ZH claim regex)
    "dyspnea": (
        r"short(ness)? of breath|dyspnea|sob\b|breathless|can't breathe|winded",
        r"short(ness)? of breath|trouble breathing|breathing trouble",
        r"呼吸困难|喘不上气|气不够用",
    ),
    "edema": (r"swell|edema|swollen", r"swelling|swollen|puffy", r"水肿|腿肿|腿脚肿"),
    "cough": (r"cough", r"cough", r"咳"),
    "fever": (
        r"fever|chills|febrile|rigors",
        r"fever|chills|hot and shivery",
        r"发热|发烧|发烫|寒战",
    ),
    "chest_pain": (
        r"chest (pain|pressure|tightness)|chest hurts",
        r"chest pain|pain in my chest|chest hurting",
        r"胸痛|胸口疼|心口疼",
    ),
    "abdominal_pain": (
        r"abdominal pain|belly|stomach (pain|hurts)|epigastric",
        r"abdominal pain|belly pain|tummy ache",
        r"腹痛|肚子疼|肚子痛",
    ),
    "fatigue": (
        r"fatigue|tired|weak|exhaust|no energy",
        r"fatigue|tiredness|no energy",
        r"乏力|没力气|总是累",
    ),
    "weight_gain": (
        r"weight gain|gained",
        r"weight gain|extra weight|more weight|gained",
        r"体重增加|体重长了|变重了|重了",
    ),
    "dizziness": (
        r"dizz|lightheaded|light-headed|vertigo",
        r"dizziness|lightheaded|woozy",
        r"头晕|头昏|晕乎乎",
    ),
    "headache": (r"headache", r"headache|head pain|head hurting", r"头痛|头疼|脑袋疼"),
}
NO_FACT = re.compile(
    r"i'm not sure|i don't (really )?know|nobody told me|doctor didn't tell me|what that has to do|"
    r"i'm here for my health|不太清楚|不太知道|不知道|没人跟我说|医生没跟我说|说不清|跟我的病没什么关系|我是来看病的|不清楚",
    re.I,
)
FILLER = re.compile(
    r"^(like i said, |honestly, it scares me a bit\. ?|我刚才说过，|说实话，我有点害怕。)",
    re.I,
)
_NUM = re.compile(r"\d+(?:\.\d+)?")


# ---------------------------------------------------------------------------------------
@dataclass
class Truth:
    """What the raw record holds for one patient (the checker's view)."""

    dx_titles: list[str] = field(default_factory=list)
    inpatient: set[str] = field(default_factory=set)  # generics of prescriptions
    home: dict[str, dict[str, str]] | None = (
        None  # generic -> adherence/reason; None: unknown
    )
    home_lines: dict[str, str] = field(
        default_factory=dict
    )  # generic -> admission list line
    labs: dict[str, list[tuple[str, float, float | None, float | None]]] = field(
        default_factory=dict
    )
    note: str = ""  # chief complaint + HPI of every discharge note (lowercase)
    note_all: str = ""
    social: dict[str, str] | None = None
    allergies: list[str] | None = None
    mobility: str = ""


def _generic(name: str) -> str | None:
    low = name.lower()
    for g, (en, _, _) in DRUGS.items():
        if re.search(en, low):
            return g
    return None


def _section(text: str, name: str) -> str:
    m = re.search(rf"{name}:\n(.*?)(?:\n\n[A-Z][A-Za-z /]+:\n|\Z)", text, re.S)
    return m.group(1) if m else ""


def load_truth(root: Path, subject_ids: list[int], synthetic: bool) -> dict[int, Truth]:
    """Raw-table truth for these subjects (MIMIC-IV layout; synthetic truth file when present)."""
    hosp = root / "hosp"
    ids = set(subject_ids)
    out = {s: Truth() for s in subject_ids}
    dx = pd.read_csv(hosp / "diagnoses_icd.csv.gz", dtype={"icd_code": str})
    titles = pd.read_csv(hosp / "d_icd_diagnoses.csv.gz", dtype={"icd_code": str})
    dx = dx[dx.subject_id.isin(ids)].merge(
        titles, on=["icd_code", "icd_version"], how="left"
    )
    for s, t in zip(dx.subject_id, dx.long_title.fillna(""), strict=True):
        out[s].dx_titles.append(t.lower())
    rx = pd.read_csv(hosp / "prescriptions.csv.gz", usecols=["subject_id", "drug"])
    for s, d in zip(rx.subject_id, rx.drug.fillna(""), strict=True):
        if s in ids and (g := _generic(d)):
            out[s].inpatient.add(g)
    items = {i for v in LABS.values() for i in v[0]}
    for chunk in pd.read_csv(
        hosp / "labevents.csv.gz",
        usecols=[
            "subject_id",
            "itemid",
            "charttime",
            "valuenum",
            "ref_range_lower",
            "ref_range_upper",
            "flag",
        ],
        chunksize=200_000,
    ):
        chunk = chunk[chunk.subject_id.isin(ids) & chunk.itemid.isin(items)]
        for r in chunk.itertuples():
            if pd.isna(r.valuenum):
                continue
            key = next(k for k, v in LABS.items() if r.itemid in v[0])
            lo = None if pd.isna(r.ref_range_lower) else float(r.ref_range_lower)
            hi = None if pd.isna(r.ref_range_upper) else float(r.ref_range_upper)
            if lo is None and hi is None and str(r.flag) == "abnormal":
                lo = hi = float("nan")  # flagged abnormal, direction not recorded
            out[r.subject_id].labs.setdefault(key, []).append(
                (str(r.charttime), float(r.valuenum), lo, hi)
            )
    note_path = root / "note" / "discharge.csv.gz"
    if note_path.exists():
        notes = pd.read_csv(note_path, usecols=["subject_id", "charttime", "text"])
        notes = notes[notes.subject_id.isin(ids)].sort_values("charttime")
        for s, text in zip(notes.subject_id, notes.text, strict=True):
            t = out[s]
            cc = (
                _section(text, "Chief Complaint")
                + " "
                + _section(text, "History of Present Illness")
            )
            t.note += " " + cc.lower()
            t.note_all += " " + text.lower()
            t.mobility += " " + _section(text, "Discharge Condition").lower()
            t.dx_titles += [
                ln.strip("- ").lower()
                for ln in _section(text, "Past Medical History").splitlines()
            ]
            adm = _section(text, "Medications on Admission")
            if adm.strip() and adm.strip().lower() != "none.":
                t.home_lines = {}  # the latest admission list supersedes older ones
                for line in adm.splitlines():
                    if (g := _generic(line)) and g not in t.home_lines:
                        t.home_lines[g] = line.lower()
    truth_path = root / "truth" / "patients.jsonl.gz"
    if synthetic and truth_path.exists():
        with gzip.open(truth_path, "rt", encoding="utf-8") as fh:
            for line in fh:
                d = json.loads(line)
                if d["subject_id"] not in ids:
                    continue
                t = out[d["subject_id"]]
                t.social = d["social"]
                t.allergies = [a.lower() for a in d["allergies"]]
                t.home = {}
                for key, info in d["home_meds"].items():
                    g = _generic(key.replace("_", " "))
                    if g:
                        t.home[g] = info
                for g in t.home_lines:
                    t.home.setdefault(g, {"adherence": "unknown", "reason": ""})
    return out


# ---------------------------------------------------------------------------------------
def claims(answer: str) -> list[str]:
    """The stated facts of an answer: its clauses, fillers and 'I don't know' removed."""
    text = FILLER.sub("", answer.strip())
    text = re.sub(r"^(like i said, |我刚才说过，)", "", text, flags=re.I)
    text = re.sub(
        r"honestly, it scares me a bit\. ?|说实话，我有点害怕。", "", text, flags=re.I
    )
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+|[。！？]", text) if p.strip()]
    return [p for p in parts if not NO_FACT.search(p)]


def _drugs_in(low: str) -> list[str]:
    found = [
        g
        for g, (en, zh, _) in DRUGS.items()
        if re.search(en, low) or re.search(zh, low)
    ]
    if found:
        return found
    for pat, (_, gs) in LAY_DRUGS.items():
        if re.search(pat, low):
            return gs
    return []


_ADH_WORDS = (
    ("never_filled", r"never got .* filled|一直没去药房拿|never filled"),
    ("ran_out", r"ran out|吃完了"),
    ("self_discontinued", r"stopped taking|自己停了"),
    ("poor", r"skip|漏吃"),
    ("good", r"every day as prescribed|每天都按时吃"),
    ("unknown", r"not sure if i take|说不清有没有按时吃"),
)


def check(claim: str, t: Truth) -> tuple[str, str]:
    """(verdict, kind): verdict is supported, contradicted or unsupported."""
    low = claim.lower()
    # medicines: adherence, hospital orders, home regimen
    drugs = _drugs_in(low)
    if drugs and not re.search(r"allergic|过敏|不能用|doesn't agree", low):
        cat = next((c for c, p in _ADH_WORDS if re.search(p, low)), None)
        if cat:
            if t.home is None:
                return "unsupported", "adherence"
            truth = {t.home[g]["adherence"] for g in drugs if g in t.home}
            if not truth:
                return "unsupported", "adherence"
            return ("supported" if cat in truth else "contradicted"), "adherence"
        if re.search(r"in the hospital|gave me|住院时|这里给我用", low):
            return (
                "supported" if set(drugs) & t.inpatient else "unsupported"
            ), "hospital_drug"
        if t.home is None and not t.home_lines:
            return "unsupported", "regimen"
        home = set(t.home or {}) | set(t.home_lines)
        hits = [g for g in drugs if g in home]
        if not hits:
            return "contradicted" if t.home is not None else "unsupported", "regimen"
        nums = _NUM.findall(claim)
        lines = " ".join(t.home_lines.get(g, "") for g in hits)
        if nums and lines and not all(n in _NUM.findall(lines) for n in nums):
            return "contradicted", "regimen"
        return "supported", "regimen"
    # allergies
    if re.search(r"allerg|过敏|不能用|doesn't agree with me", low):
        if t.allergies is None:
            return "unsupported", "allergy"
        if re.search(
            r"no (known )?allergies|not allergic to anything|没有已知的过敏|不过敏|没听说",
            low,
        ):
            return ("supported" if not t.allergies else "contradicted"), "allergy"
        named = re.sub(
            r"i'm allergic to |我对|过敏|我不能用| doesn't agree with me", "", low
        ).strip(" .")
        ok = any(named[:5] in a or a[:5] in named for a in t.allergies) or any(
            z in low and e in " ".join(t.allergies)
            for z, e in (
                ("青霉素", "penicillin"),
                ("磺胺", "sulfa"),
                ("可待因", "codeine"),
                ("造影剂", "contrast"),
                ("碘", "iod"),
                ("赖诺普利", "lisinopril"),
            )
        )
        return ("supported" if ok else "contradicted"), "allergy"
    # social history
    social = [
        ("smoking", r"smok|抽烟|抽，"),
        ("alcohol", r"drink|alcohol|beer|wine|喝酒|不喝|喝.*(酒|啤酒)"),
        ("drugs", r"street drugs|recreational|吸毒|毒品"),
        ("living", r"i live|住"),
        ("occupation", r"retired|i work|i'm a |don't work|退休|上班|我是"),
    ]
    for kind, pat in social:
        if re.search(pat, low):
            if t.social is None:
                return "unsupported", kind
            s = t.social.get(kind, "").lower()
            return (_social_ok(kind, low, s)), kind
    # mobility
    if re.search(
        r"walk around on my own|walker|cane|stuck in bed|自己走动|助行器|下不了床", low
    ):
        if not t.mobility.strip():
            return "unsupported", "mobility"
        indep = "independent" in t.mobility
        says_indep = bool(re.search(r"on my own|自己走动", low))
        return ("supported" if indep == says_indep else "contradicted"), "mobility"
    # education tied to a diagnosis
    for pat, key in EDUCATION.items():
        if re.search(pat, low):
            return ("supported" if _has_dx(t, key) else "unsupported"), "education"
    # labs
    lab = next(
        (
            k
            for k, (_, en, zh) in LABS.items()
            if re.search(en, low) or re.search(zh, low)
        ),
        None,
    )
    direction = re.search(r"\b(high|low)\b|偏高|偏低|太高|太低", low)
    if (
        lab
        and direction
        and not re.search(r"i have |我有|high potassium|血钾高的", low)
    ):
        return _lab_ok(t, lab, low, direction.group(0)), "lab"
    # diagnoses (also "I think it's my X acting up")
    for key, (_, en, zh) in DIAGNOSES.items():
        if re.search(en, low) or re.search(zh, low):
            return ("supported" if _has_dx(t, key) else "unsupported"), "diagnosis"
    # symptoms and their course
    for note_pat, en, zh in SYMPTOMS.values():
        if re.search(en, low) or re.search(zh, low):
            return _symptom_ok(t, note_pat, low), "symptom"
    if re.search(r"started|began|ago|前开始|前", low):
        return _onset_ok(t, low), "onset"
    if re.search(
        r"out of 10|分|worse|better|helps|缓解|更厉害|sharp|dull|pressure|burning|刺痛|dry|phlegm|干咳|痰|feels",
        low,
    ):
        return (
            "supported" if t.note and _words_in_note(t, low) else "unsupported"
        ), "symptom_detail"
    return "unsupported", "other"


def _has_dx(t: Truth, key: str) -> bool:
    pat = DIAGNOSES[key][0]
    return any(re.search(pat, title) for title in t.dx_titles)


def _social_ok(kind: str, low: str, s: str) -> str:
    if not s:
        return "unsupported"
    if kind == "smoking":
        truth = (
            "never"
            if "never" in s
            else "former"
            if "former" in s or "quit" in s
            else "current"
        )
        if re.search(r"used to|以前|stopped|戒", low):
            said = {"former"}
        elif re.search(r"never|从不|从来没", low):
            said = {"never"}
        elif re.search(r"don't smoke|不抽", low):
            said = {"never", "former"}
        else:
            said = {"current"}
        return "supported" if truth in said else "contradicted"
    if kind == "alcohol":
        said_none = bool(re.search(r"don't drink|不喝", low))
        truth_none = "denies" in s or "no alcohol" in s
        if said_none != truth_none:
            return "contradicted"
        nums = _NUM.findall(low)
        if nums and not all(n in s for n in nums):
            return "contradicted"
        return "supported"
    if kind == "drugs":
        return "unsupported"
    if kind == "living":
        pairs = (
            ("alone", "一个人"),
            ("wife", "妻子"),
            ("husband", "丈夫"),
            ("daughter", "女儿"),
            ("son", "儿子"),
            ("family", "家人"),
            ("nursing", "养老院"),
            ("facility", "护理机构"),
        )
        for en, zh in pairs:
            if en in low or zh in low:
                return (
                    "supported"
                    if en in s or (en in ("wife", "husband") and "spouse" in s)
                    else "contradicted"
                )
        return "unsupported"
    if kind == "occupation":
        if re.search(r"retired|退休", low) and "retired" not in s:
            return "contradicted"
        jobs = (
            ("teacher", "老师"),
            ("bus driver", "公交司机"),
            ("nurse", "护士"),
            ("construction", "建筑"),
            ("accountant", "会计"),
            ("engineer", "工程师"),
            ("cook", "厨师"),
        )
        for en, zh in jobs:
            if en in low or zh in low:
                return "supported" if en in s else "contradicted"
        return "supported" if "retired" in s else "unsupported"
    return "unsupported"


def _lab_ok(t: Truth, lab: str, low: str, direction: str) -> str:
    rows = sorted(t.labs.get(lab, []))
    if not rows:
        return "unsupported"
    said = "high" if direction in ("high", "偏高", "太高") else "low"
    abnormal = [
        (v, said if hi != hi else "high" if hi is not None and v > hi else "low")
        for _, v, lo, hi in rows
        if hi != hi or (hi is not None and v > hi) or (lo is not None and v < lo)
    ]
    if not abnormal or abnormal[-1][1] != said:
        return "contradicted"
    nums = _NUM.findall(low)
    values = {f"{v:g}" for _, v, _, _ in rows}
    if nums and not all(n in values for n in nums):
        return "contradicted"
    last_v = abnormal[-1][0]
    first_v = rows[0][1]
    if re.search(r"going up|往上走", low) and not last_v > first_v:
        return "contradicted"
    if re.search(r"coming down|往下降", low) and not last_v < first_v:
        return "contradicted"
    return "supported"


def _symptom_ok(t: Truth, note_pat: str, low: str) -> str:
    if not t.note.strip():
        return "unsupported"
    absent = bool(re.search(r"haven't had|^no |没有", low))
    hit = re.search(note_pat, t.note)
    if not hit:
        return "unsupported"
    before = t.note[max(0, hit.start() - 60) : hit.start()]
    negated = bool(re.search(r"denies|no |without|negative for", before.split(".")[-1]))
    if absent != negated:
        return "contradicted"
    if re.search(r"started|began|ago|前开始", low):
        return _onset_ok(t, low)
    return "supported"


_ZH_NUM = {
    "一": "1",
    "两": "2",
    "二": "2",
    "三": "3",
    "四": "4",
    "五": "5",
    "六": "6",
    "七": "7",
    "几": "several",
}


def _onset_ok(t: Truth, low: str) -> str:
    if not t.note.strip():
        return "unsupported"
    m = re.search(
        r"(\d+|one|two|three|four|five|six|seven|several|a few|a)\s+(day|week|month|hour|year)",
        low,
    )
    z = re.search(r"([0-9一两二三四五六七几]+)(天|周|个月|小时|年)", low)
    if not (m or z):
        return "unsupported"
    if m:
        n, u = m.group(1), m.group(2)
    else:
        n = _ZH_NUM.get(z.group(1), z.group(1))
        u = {"天": "day", "周": "week", "个月": "month", "小时": "hour", "年": "year"}[
            z.group(2)
        ]
    words = {
        "one": "1",
        "two": "2",
        "three": "3",
        "four": "4",
        "five": "5",
        "six": "6",
        "seven": "7",
        "a": "1",
    }
    n = words.get(n, n)
    for m2 in re.finditer(
        r"(\d+|one|two|three|four|five|six|seven|several|a few|a)\s*-?\s*(day|week|month|hour|year)s?\b(?!\s*-?\s*old)",
        t.note,
    ):
        if m2.group(2) == u and words.get(m2.group(1), m2.group(1)) == n:
            return "supported"
    return "contradicted"


def _words_in_note(t: Truth, low: str) -> bool:
    keys = re.findall(r"[a-z]{3,}", low) + [
        en
        for zh, en in (
            ("干咳", "dry"),
            ("痰", "sputum"),
            ("刺痛", "sharp"),
            ("平躺", "lying flat"),
            ("活动", "exertion"),
        )
        if zh in low
    ]
    return any(
        k in t.note
        for k in keys
        if k
        not in (
            "with",
            "gets",
            "worse",
            "better",
            "helps",
            "feel",
            "feels",
            "the",
            "and",
            "it's",
        )
    )


# ---------------------------------------------------------------------------------------
def register_problems(answer: str, lang: str, literacy: str) -> list[str]:
    """Lay-register problems of one answer."""
    out = []
    low = answer.lower()
    if literacy != "high" and re.search(
        r"\d+(\.\d+)?\s*(mg|mcg|unit|ml|毫克|微克)\b|\d\s*(mg|mcg)", low
    ):
        out.append("dose_at_low_literacy")
    if re.search(
        r"unspecified|without mention|not elsewhere|other specified|, (initial|subsequent) encounter",
        low,
    ):
        out.append("icd_title")
    if lang == "zh" and re.search(
        r"[A-Za-z]{2,}", re.sub(r"\b(CT|INR|BNP)\b", "", answer)
    ):
        out.append("english_in_zh")
    if re.search(r"\b(\w+) \1\b", low):
        out.append("doubled_word")
    return out


def main(args: argparse.Namespace) -> dict[str, Any]:
    """Run the interview on both datasets and return the figures."""
    from physassist_env.patient import (
        LlmPatient,
        PatientInterview,
        ScriptedPatient,
        TransformersBackend,
        build_memory,
    )
    from physassist_env.sources.mimic.source import MimicSource

    items = json.loads(QUESTIONS.read_text(encoding="utf-8"))["items"]
    backend = TransformersBackend(args.llm, max_new_tokens=48) if args.llm else None
    llm_stats: Counter[str] = Counter()
    results: dict[str, Any] = {}
    readings: list[dict[str, Any]] = []
    leaks: list[dict[str, Any]] = []
    datasets = []
    if args.mimic:
        datasets.append(("mimic_demo", Path(args.mimic), False))
    if args.synthetic:
        syn = Path(args.synthetic)
        if not (syn / "hosp").exists():
            from physassist_env.synth import generate_hospital

            generate_hospital(
                syn, args.synthetic_patients, args.synthetic_seed, progress=False
            )
        datasets.append(("synthetic", syn, True))
    for name, root, synthetic in datasets:
        src = MimicSource(root)
        ids = src.patient_ids()
        if synthetic:
            ids = ids[: args.synthetic_patients]
        else:
            ids = ids[: args.patients] if args.mimic_first else ids[-args.patients :]
        truth = load_truth(root, [int(i) for i in ids], synthetic)
        stats: dict[str, Counter[str]] = defaultdict(Counter)
        kinds: Counter[str] = Counter()
        for record in MimicSource(root, patient_ids=ids).records():
            t = truth[int(record.patient_id)]
            for forced in (False, True):
                over = {"completeness": "withholds_critical"} if forced else None
                try:
                    memory = build_memory(record, args.seed, persona_overrides=over)
                except ValueError:
                    stats["all"]["empty_memory"] += 1
                    break
                withheld = {f.id for f in memory.facts if f.withheld}
                lit = memory.persona.literacy.value
                # the forced pass measures withheld leakage, a property of the fact
                # selection the LLM patient shares with the scripted one
                patient = (
                    LlmPatient(memory, backend, max_retries=1)
                    if backend is not None and not forced
                    else ScriptedPatient(memory)
                )
                drugs = [
                    g for g in DRUGS if g in (t.home or {}) or g in t.home_lines
                ] or sorted(t.inpatient & set(DRUGS))
                for it in items:
                    q = it["question"]
                    if it.get("slot") == "drug":
                        if not drugs:
                            continue
                        q = q.format(
                            drug=drugs[0] if it["lang"] == "en" else DRUGS[drugs[0]][2]
                        )
                    res = PatientInterview(patient, language=it["lang"]).call(
                        "ask_patient", {"question": q}
                    )
                    ans = res.text
                    if backend is not None and not forced and res.reply is not None:
                        g = res.reply.grounding
                        llm_stats["answers"] += 1
                        llm_stats["model_not_asked"] += bool(g and g.attempts == 0)
                        llm_stats["fell_back"] += bool(g and g.fell_back)
                    ids_said = set(res.reply.fact_ids if res.reply else [])
                    aims = {
                        a.format(drug=drugs[0] if drugs else "")
                        for a in it.get("aims", [])
                    }
                    leaked = bool((ids_said & withheld) - aims)
                    if leaked:
                        leaks.append(
                            {
                                "dataset": name,
                                "forced": forced,
                                "q": q,
                                "a": ans,
                                "withheld": sorted((ids_said & withheld) - aims),
                            }
                        )
                    key = f"{it['lang']}"
                    if forced:
                        st = stats[key + "_forced"]
                        st["answers"] += 1
                        st["leaks"] += leaked
                        continue
                    st = stats[key]
                    st["answers"] += 1
                    st["leaks"] += leaked
                    cs = claims(ans)
                    verdicts = [check(c, t) for c in cs]
                    for v, k in verdicts:
                        st[v] += 1
                        st["claims"] += 1
                        kinds[f"{k}:{v}"] += 1
                    cat = it["category"]
                    if "cannot_know_at" in it and lit not in it["cannot_know_at"]:
                        cat = "lab"
                    if cat in ("cannot_know", "off_topic"):
                        st[f"{cat}_q"] += 1
                        st[f"{cat}_fact"] += bool(cs)
                    elif _answerable(cat, t, it.get("about")):
                        st["answerable"] += 1
                        hit = any(v == "supported" for v, _ in verdicts)
                        st["recalled"] += hit
                        st[f"recall_{cat}_n"] += 1
                        st[f"recall_{cat}_hit"] += hit

                    for p in register_problems(ans, it["lang"], lit):
                        st[f"reg_{p}"] += 1
                    if "mg" in ans.lower() or "毫克" in ans:
                        st["dose_answers"] += 1
                    if sum(r["dataset"] == name for r in readings) < 600 and cs:
                        readings.append(
                            {
                                "dataset": name,
                                "patient": record.patient_id,
                                "literacy": lit,
                                "q": q,
                                "a": ans,
                                "verdicts": verdicts,
                            }
                        )
        results[name] = {
            lang: _figures(stats[lang], stats[lang + "_forced"])
            for lang in ("en", "zh")
        }
        results[name]["patients"] = len(ids)
        results[name]["claims_by_kind"] = dict(sorted(kinds.items()))
    if backend is not None:
        results["llm_patient"] = {"model": args.llm, **llm_stats}
    if args.out:
        Path(args.out).write_text(
            json.dumps(
                {"results": results, "readings": readings, "leaks": leaks[:50]},
                ensure_ascii=False,
                indent=1,
            ),
            encoding="utf-8",
        )
    return results


_EXPLICIT_TIME = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|several|a few|a)\s*-?\s*(day|week|month|hour)s?\s+(ago|of|prior)\b"
    r"|\b(for|over|x)\s+(the past )?(\d+|one|two|three|several|a few)\s*(day|week|month|hour)s?\b"
)


def _answerable(cat: str, t: Truth, about: str | None) -> bool:
    """Whether the record holds what the question asks (so a supported fact is expected)."""
    if about == "none":
        return False
    if about in SYMPTOMS:
        hit = re.search(SYMPTOMS[about][0], t.note)
        return bool(hit) and not re.search(
            r"denies|no |without", t.note[max(0, hit.start() - 40) : hit.start()]
        )
    if about in DIAGNOSES:
        return _has_dx(t, about)
    if about == "heart":
        return any(_has_dx(t, k) for k in ("heart_failure", "cad", "afib"))
    if about in ("drugs", "occupation", "living"):
        return bool(
            t.social and re.search(r"drug|cocaine|heroin|ivdu", t.social.get(about, ""))
            if about == "drugs"
            else t.social
        )
    if about == "blood_thinner":
        return bool(set(t.home or {}) & {"warfarin", "apixaban", "heparin"})
    if about == "bp_drug":
        return bool(
            set(t.home or {})
            & {
                "lisinopril",
                "amlodipine",
                "losartan",
                "hydralazine",
                "metoprolol",
                "carvedilol",
            }
        )
    if about in LABS:
        return _lab_abnormal(t, about)
    if cat in ("medication", "adherence"):
        return bool(t.home)
    if cat == "onset":
        return bool(_EXPLICIT_TIME.search(t.note))
    if cat == "symptom":
        return bool(t.note.strip())
    if cat in ("allergy", "social"):
        return t.social is not None
    if cat == "function":
        return bool(t.mobility.strip())
    if cat == "history":
        return any(_has_dx(t, k) for k in DIAGNOSES)
    if cat == "lab":
        return any(_lab_abnormal(t, k) for k in LABS)
    return False


def _lab_abnormal(t: Truth, lab: str) -> bool:
    return any(
        hi != hi or (hi is not None and v > hi) or (lo is not None and v < lo)
        for _, v, lo, hi in t.labs.get(lab, [])
    )


def _figures(st: Counter[str], forced: Counter[str]) -> dict[str, Any]:
    n = max(1, st["claims"])
    return {
        "answers": st["answers"],
        "stated_facts": st["claims"],
        "precision": round(st["supported"] / n, 3),
        "contradicted": round(st["contradicted"] / n, 3),
        "unsupported": round(st["unsupported"] / n, 3),
        "recall": round(st["recalled"] / max(1, st["answerable"]), 3),
        "cannot_know_with_fact": round(
            st["cannot_know_fact"] / max(1, st["cannot_know_q"]), 3
        ),
        "off_topic_with_fact": round(
            st["off_topic_fact"] / max(1, st["off_topic_q"]), 3
        ),
        "withheld_leakage": round(st["leaks"] / max(1, st["answers"]), 4),
        "withheld_leakage_forced": round(
            forced["leaks"] / max(1, forced["answers"]), 4
        ),
        "recall_by_category": {
            k[7:-2]: round(st[k[:-2] + "_hit"] / st[k], 2)
            for k in sorted(st)
            if k.startswith("recall_") and k.endswith("_n")
        },
        "register": {k[4:]: st[k] for k in sorted(st) if k.startswith("reg_")},
        "answers_with_dose": st["dose_answers"],
    }


def make_parser() -> argparse.ArgumentParser:
    """Command-line parser."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--mimic",
        default=str(ROOT.parent / "shared/data/mimic-iv-demo-2.2"),
        help="MIMIC-IV demo root ('' to skip)",
    )
    p.add_argument(
        "--patients",
        type=int,
        default=20,
        help="MIMIC demo patients (the last N by subject id)",
    )
    p.add_argument(
        "--synthetic",
        default="/tmp/fidelity-synth",
        help="synthetic hospital folder ('' to skip)",
    )
    p.add_argument("--synthetic-patients", type=int, default=30)
    p.add_argument(
        "--synthetic-seed",
        type=int,
        default=24,
        help="seed of the generated hospital (24 was used while building the patient; others are held out)",
    )
    p.add_argument(
        "--mimic-first",
        action="store_true",
        help="take the first N MIMIC demo patients (held out) instead of the last N",
    )
    p.add_argument(
        "--seed", type=int, default=0, help="run seed passed to build_memory"
    )
    p.add_argument(
        "--out", default="", help="write figures and graded answers here (JSON)"
    )
    p.add_argument(
        "--llm",
        default="",
        help="interview the LLM patient with this local model (a folder, .gguf or "
        "'smollm2'; see physassist_env.llm.local.resolve_model) instead of the scripted one",
    )
    return p


if __name__ == "__main__":
    res = main(make_parser().parse_args())
    json.dump(res, sys.stdout, indent=1, ensure_ascii=False)
    print()
