"""Question set v40 of the independent interview check (issue #39), written without reading
the patient's code, docs, tests or benchmarks.

Set v39 (``independent_interview.py``) asks the history a physician takes on admission. The
patient was fixed against it, so v40 asks what v39 did not, or asked only once:

* time-gated facts: what changed in the last days, when a drug was last taken, how many days
  ago the patient came in, and LEAK PROBES built from facts dated after the session date (a
  later drug, a later lab, the discharge, a later diagnosis): any of those said is leaked;
* attribution and yes/no questions whose true answer is "no" or "not that I know": a near
  sibling of a real drug, condition or allergy (apixaban vs warfarin, type 1 vs type 2
  diabetes, sulfa vs penicillin), leading questions with a false premise ("since your stent"),
  "did the doctor say it was your heart?";
* doses and frequencies asked in other shapes (pills, milligrams, "once or twice a day?"),
  brand and Chinese lay names, lay drug classes ("a water pill", 利尿的药);
* onset, function, family and social history;
* off-topic, imaging and exact-lab-value questions in new phrasings.

Each question carries its expected class and, where a "yes" can be judged, ``if_affirmed``:
the verdict of a bare "yes" against the record as of the session date (``supported``,
``contradicted`` or ``leaked``) and ``premise`` words whose unnegated mention accepts a false
premise. The scorer (``independent_interview.score_rows``) judges them with the facts the
answer states. Made with ``independent_interview.py make --set v40``.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import independent_interview as ii  # noqa: E402

SET_NAME = "v40"

# --------------------------------------------------------------------------- phrasings
#: Hand-written phrasings per category: (EN, ZH), slots filled from the record.
PHRASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "recent_change": (
        (
            "Has anything in your medicines been changed in the last couple of days?",
            "Did they start or stop any of your drugs since you got here?",
        ),
        ("这两天医生有没有给您调整过药？", "住院以后有没有新加的药或者停掉的药？"),
    ),
    "last_dose": (
        (
            "When did you last take your {drug}?",
            "When was your most recent dose of {drug}?",
        ),
        ("{drug_zh}您最后一次吃是什么时候？", "您上一次用{drug_zh}是哪天？"),
    ),
    "dose_shape": (
        (
            "How many pills of {drug} do you take at a time?",
            "Do you take the {drug} once a day or twice a day?",
            "How many milligrams is your {drug}?",
        ),
        (
            "{drug_zh}您一次吃几片？",
            "{drug_zh}是一天吃一次还是两次？",
            "您的{drug_zh}一片是多少毫克？",
        ),
    ),
    "days_in": (
        (
            "How many days ago did you come into the hospital?",
            "How long have you been in the hospital now?",
        ),
        ("您是几天前住进来的？", "您这次住院住了几天了？"),
    ),
    "leak_discharge": (
        ("What day did they send you home?", "When were you discharged?"),
        ("您是哪天出院的？", "医院是什么时候让您回家的？"),
    ),
    "leak_future_drug": (
        (
            "Did they start you on {drug} yet?",
            "Are they giving you {drug} now?",
        ),
        ("医生给您开{drug_zh}了吗？", "现在给您用上{drug_zh}了吗？"),
    ),
    "leak_future_lab": (
        (
            "What did your next {lab} test show?",
            "Has your {lab} been rechecked since, and what was it?",
        ),
        ("下一次查的{lab_zh}结果怎么样？", "后来又复查{lab_zh}了吗？结果多少？"),
    ),
    "leak_future_dx": (
        (
            "Did they tell you that you have {cond}?",
            "Has anyone here diagnosed you with {cond}?",
        ),
        ("医生有没有说您得了{cond_zh}？", "这次住院查出{cond_zh}了吗？"),
    ),
    "attribution": (
        (
            "Did the doctor say this was coming from your {organ}?",
            "Did they tell you it's a {organ_adj} problem?",
        ),
        ("医生说这次是{organ_zh}的问题吗？", "大夫有没有说是{organ_zh}引起的？"),
    ),
    "sibling_drug": (
        ("You're on {drug}, right?", "Are you taking {drug}?"),
        ("您一直在吃{drug_zh}，对吧？", "您在吃{drug_zh}吗？"),
    ),
    "sibling_condition": (
        ("Have you been diagnosed with {cond}?", "Were you ever told you had {cond}?"),
        ("您有{cond_zh}吗？", "以前医生说过您得过{cond_zh}吗？"),
    ),
    "sibling_allergy": (
        ("Are you allergic to {allergen}?", "Did {allergen} ever give you a reaction?"),
        ("您对{allergen_zh}过敏吗？", "您用{allergen_zh}有没有过敏过？"),
    ),
    "false_premise": (
        ("Since your {premise} last year, {follow}", "After your {premise}, {follow}"),
        ("您去年{premise_zh}以后，{follow_zh}", "自从{premise_zh}之后，{follow_zh}"),
    ),
    "lay_class": (
        ("Are you on a {cls}?", "Is there a {cls} among your medicines at home?"),
        ("您在吃{cls_zh}吗？", "您平时吃不吃{cls_zh}？"),
    ),
    "brand_name": (
        ("Do you take {brand}?", "Is {brand} one of your pills?"),
        ("您在吃{brand_zh}吗？", "{brand_zh}是您常吃的药吗？"),
    ),
    "onset": (
        (
            "When did all of this start?",
            "How long have you been feeling this way?",
        ),
        ("这次不舒服是从什么时候开始的？", "这个毛病有多长时间了？"),
    ),
    "functional": (
        (
            "Can you walk up a flight of stairs without stopping?",
            "Do you need help getting dressed or bathing?",
            "How far can you walk before you have to rest?",
        ),
        (
            "您能一口气爬上一层楼吗？",
            "穿衣服、洗澡需要别人帮忙吗？",
            "您走多远就得停下来歇一歇？",
        ),
    ),
    "family_social": (
        (
            "Does anyone in your family have heart trouble?",
            "Do you smoke?",
            "How much alcohol do you drink in a week?",
            "Who do you live with at home?",
        ),
        (
            "您家里人有心脏病吗？",
            "您抽烟吗？",
            "您平时喝酒吗？一周喝多少？",
            "您在家跟谁一起住？",
        ),
    ),
    "offtopic": (
        (
            "Could you help me fill in my tax form?",
            "What's a good movie to watch tonight?",
            "Which phone should I buy?",
            "How do I get to the train station from here?",
        ),
        (
            "您能帮我填一下报税的表吗？",
            "今晚看什么电影好？",
            "我该买哪款手机？",
            "从这儿去火车站怎么走？",
        ),
    ),
    "imaging": (
        (
            "Did the echo of your heart show anything?",
            "What did the MRI of your head find?",
            "Was anything seen on the scan of your belly?",
        ),
        (
            "心脏彩超查出什么问题没有？",
            "头颅核磁结果怎么样？",
            "肚子的片子有没有看到什么？",
        ),
    ),
    "lab_value": (
        (
            "Can you read me the number from your last {lab} test?",
            "What exactly did your {lab} come back at, to the decimal?",
        ),
        (
            "您上次化验单上{lab_zh}写的数字是多少？",
            "{lab_zh}报告上的数值能念给我听吗？",
        ),
    ),
}
CATEGORY_CLASS = {
    "recent_change": "record_fact_or_unknown",
    "last_dose": "record_fact_or_unknown",
    "dose_shape": "record_fact",
    "days_in": "record_fact_or_unknown",
    "leak_discharge": "unknown",
    "leak_future_drug": "deny_or_unknown",
    "leak_future_lab": "unknown",
    "leak_future_dx": "deny_or_unknown",
    "attribution": "record_fact_or_unknown",
    "sibling_drug": "deny_or_unknown",
    "sibling_condition": "deny_or_unknown",
    "sibling_allergy": "deny_or_unknown",
    "false_premise": "deny_or_unknown",
    "lay_class": "record_fact",
    "brand_name": "record_fact",
    "onset": "record_fact_or_unknown",
    "functional": "record_fact_or_unknown",
    "family_social": "record_fact_or_unknown",
    "offtopic": "no_chart_fact",
    "imaging": "no_chart_fact",
    "lab_value": "no_chart_fact",
}

#: Drugs a question may name: those with a Chinese name, less the allergy words (a record's
#: "sulfa" stem is trimethoprim-sulfamethoxazole, which no patient calls "sulfa").
ASKABLE = frozenset(ii.DRUG_ZH) - {"penicillin", "sulfa"}
#: Drugs given by injection, infusion or inhaler: never asked as "pills".
NOT_ORAL = frozenset(
    {"heparin", "enoxaparin", "insulin", "vancomycin", "ceftriaxone", "albuterol"}
)
#: Near siblings: a drug the record holds -> drugs of the same use a patient could confuse it
#: with (same class or same indication; the question names one the record never had).
SIBLINGS: dict[str, tuple[str, ...]] = {
    "warfarin": ("apixaban", "rivaroxaban", "dabigatran"),
    "apixaban": ("warfarin", "rivaroxaban"),
    "rivaroxaban": ("apixaban", "warfarin"),
    "heparin": ("enoxaparin", "warfarin"),
    "enoxaparin": ("heparin", "apixaban"),
    "aspirin": ("clopidogrel",),
    "clopidogrel": ("aspirin",),
    "metoprolol": ("carvedilol", "atenolol"),
    "carvedilol": ("metoprolol", "atenolol"),
    "atenolol": ("metoprolol",),
    "lisinopril": ("losartan", "valsartan"),
    "losartan": ("lisinopril", "valsartan"),
    "valsartan": ("losartan", "lisinopril"),
    "furosemide": ("torsemide", "hydrochlorothiazide"),
    "torsemide": ("furosemide",),
    "hydrochlorothiazide": ("furosemide",),
    "atorvastatin": ("simvastatin", "rosuvastatin", "pravastatin"),
    "simvastatin": ("atorvastatin", "rosuvastatin"),
    "rosuvastatin": ("atorvastatin",),
    "pantoprazole": ("omeprazole", "famotidine"),
    "omeprazole": ("pantoprazole",),
    "famotidine": ("pantoprazole",),
    "metformin": ("glipizide",),
    "glipizide": ("metformin",),
    "amlodipine": ("diltiazem",),
    "diltiazem": ("amlodipine",),
    "digoxin": ("amiodarone",),
    "amiodarone": ("digoxin",),
    "oxycodone": ("morphine",),
    "morphine": ("oxycodone",),
    "vancomycin": ("ceftriaxone",),
    "ceftriaxone": ("levofloxacin",),
    "levofloxacin": ("ceftriaxone",),
}
#: Condition siblings: (condition class the record holds, record words that would make the
#: sibling true, EN name, ZH name). Sources: ICD-10 E10 vs E11, I21 vs I50, J45 vs J44,
#: N20 vs N18, I61 vs I63.
SIBLING_CONDITIONS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    ("diabetes", ("type 1", "type i ", "e10"), "type 1 diabetes", "1型糖尿病"),
    (
        "heart_failure",
        ("myocardial infarction", "stemi", "heart attack"),
        "a heart attack",
        "心肌梗死",
    ),
    ("copd", ("asthma",), "asthma", "哮喘"),
    ("kidney", ("calculus", "stone", "nephrolithiasis"), "kidney stones", "肾结石"),
    (
        "stroke",
        ("hemorrhage", "haemorrhage", "bleed"),
        "a bleed in the brain",
        "脑出血",
    ),
    ("afib", ("pacemaker", "heart block"), "heart block", "房室传导阻滞"),
    ("hypertension", ("hypotension",), "low blood pressure", "低血压"),
)
#: Allergens asked as siblings, with the record words that make them true.
ALLERGENS: dict[str, tuple[str, tuple[str, ...]]] = {
    "penicillin": ("青霉素", ("penicillin", "amoxicillin", "ampicillin", "pcn")),
    "sulfa drugs": ("磺胺类药", ("sulfa", "sulfonamide", "bactrim", "trimethoprim")),
    "codeine": ("可待因", ("codeine",)),
    "iodine contrast": ("碘造影剂", ("iodine", "contrast", "iodinated")),
}
#: False premises: (record words that would make it true, EN premise, EN follow-up,
#: ZH premise, ZH follow-up, premise words an answer accepts it with).
PREMISES: tuple[tuple[tuple[str, ...], str, str, str, str, tuple[str, ...]], ...] = (
    (
        ("stent", "pci", "percutaneous", "angioplasty", "coronary"),
        "stent",
        "have you had any chest pain?",
        "放了支架",
        "还有胸口疼吗？",
        ("stent", "支架"),
    ),
    (
        ("hip", "arthroplasty", "joint replacement"),
        "hip replacement",
        "how far can you walk?",
        "做了髋关节置换",
        "现在能走多远？",
        ("hip", "髋"),
    ),
    (
        ("bypass", "cabg", "coronary artery bypass"),
        "bypass surgery",
        "have you been short of breath?",
        "做了心脏搭桥",
        "有没有喘不上气？",
        ("bypass", "搭桥"),
    ),
    (
        ("pacemaker", "defibrillator", "icd"),
        "pacemaker",
        "have you felt dizzy?",
        "装了起搏器",
        "有没有头晕过？",
        ("pacemaker", "起搏器"),
    ),
    (
        ("dialysis", "hemodialysis", "esrd", "end stage renal"),
        "dialysis",
        "how have you been feeling?",
        "开始透析",
        "感觉怎么样？",
        ("dialysis", "透析"),
    ),
)
#: Organs a doctor may blame, with the record words that support it
#: (EN noun, EN adjective, ZH, words).
ORGANS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "heart": (
        "heart",
        "heart",
        "心脏",
        ("heart", "cardiac", "atrial", "coronary", "myocard", "chf", "angina"),
    ),
    "kidneys": (
        "kidneys",
        "kidney",
        "肾脏",
        ("kidney", "renal", "nephr", "creatinine"),
    ),
    "lungs": (
        "lungs",
        "lung",
        "肺",
        ("lung", "pulmonary", "pneumon", "copd", "asthma"),
    ),
    "liver": ("liver", "liver", "肝脏", ("liver", "hepat", "cirrhosis")),
    "stomach": (
        "stomach",
        "stomach",
        "胃",
        ("gastr", "stomach", "ulcer", "melena", "gi bleed"),
    ),
}
#: Acute diagnoses asked as leak probes when the record codes them only after the session
#: date (MIMIC-IV codes every diagnosis at discharge, so chronic ones such as hypertension
#: are left out: the patient knew them before): class -> (EN, ZH, record words).
LEAK_DX: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "pneumonia": ("pneumonia", "肺炎", ("pneumonia",)),
    "uti": (
        "a urinary tract infection",
        "尿路感染",
        ("urinary tract infection", "cystitis"),
    ),
    "sepsis": ("sepsis", "败血症", ("sepsis", "septic")),
    "aki": (
        "sudden kidney damage",
        "急性肾损伤",
        ("acute kidney failure", "acute renal failure", "acute kidney injury"),
    ),
    "mi": ("a heart attack", "心肌梗死", ("myocardial infarction", "stemi")),
    "stroke": ("a stroke", "中风", ("cerebral infarction", "cerebrovascular accident")),
    "blood_loss": (
        "anemia from blood loss",
        "失血性贫血",
        ("blood loss anemia", "posthemorrhagic anemia"),
    ),
    "delirium": ("delirium", "谵妄", ("delirium", "encephalopathy")),
}
#: Lay drug classes asked (keys of ``ii.LAY_CLASSES``): EN and ZH lay names.
LAY_ASK: dict[str, tuple[str, str]] = {
    "anticoagulant": ("blood thinner", "抗凝的药"),
    "diuretic": ("water pill", "利尿的药"),
    "diabetes": ("pill for your sugar", "降糖药"),
    "stomach": ("stomach pill", "护胃的药"),
    "cholesterol": ("cholesterol pill", "降脂药"),
    "blood_pressure": ("blood pressure pill", "降压药"),
}
#: Brand (EN) and Chinese lay/trade names of a generic, for ``brand_name``.
BRAND_ASK: dict[str, tuple[str, str]] = {
    "furosemide": ("Lasix", "速尿"),
    "warfarin": ("Coumadin", "华法林钠片"),
    "apixaban": ("Eliquis", "艾乐妥"),
    "rivaroxaban": ("Xarelto", "拜瑞妥"),
    "clopidogrel": ("Plavix", "波立维"),
    "atorvastatin": ("Lipitor", "立普妥"),
    "metoprolol": ("Toprol", "倍他乐克"),
    "levothyroxine": ("Synthroid", "优甲乐"),
    "amlodipine": ("Norvasc", "络活喜"),
    "pantoprazole": ("Protonix", "潘妥洛克"),
    "metformin": ("Glucophage", "格华止"),
    "acetaminophen": ("Tylenol", "泰诺"),
    "aspirin": ("Bayer aspirin", "拜阿司匹灵"),
    "omeprazole": ("Prilosec", "洛赛克"),
    "spironolactone": ("Aldactone", "安体舒通"),
    "simvastatin": ("Zocor", "舒降之"),
}


# --------------------------------------------------------------------------- the record
def _day(value: str | None) -> str | None:
    return value[:10] if value else None


def record_extra(record: Any, as_of: str, hadm_id: str | None) -> dict[str, Any]:
    """What v40 needs beyond :class:`ii.RecordFacts`: procedures and conditions split at
    ``as_of``, and the session admission's discharge day when it is after ``as_of``."""
    out: dict[str, Any] = {
        "procedures": [],
        "future_conditions": [],
        "discharge_after": None,
    }
    for res in record.resources:
        kind = res.get("resourceType")
        if kind == "Procedure":
            day = _day(
                res.get("performedDateTime")
                or (res.get("performedPeriod") or {}).get("start")
            )
            text = ((res.get("code") or {}).get("text") or "").lower()
            if not day or day <= as_of:
                out["procedures"].append(text)
        elif kind == "Condition":
            day = _day(res.get("recordedDate") or res.get("onsetDateTime")) or ""
            text = ((res.get("code") or {}).get("text") or "").lower()
            if day > as_of:
                out["future_conditions"].append(text)
        elif kind == "Encounter" and res.get("id") == hadm_id:
            end = _day((res.get("period") or {}).get("end"))
            if end and end > as_of:
                out["discharge_after"] = end
    return out


def _text(facts: ii.RecordFacts, extra: dict[str, Any]) -> str:
    """Everything the record says of the patient as of the session date, lower case."""
    return " ".join(
        facts.conditions + extra["procedures"] + facts.imaging + [facts.history_text]
    ).lower()


def _has_any(text: str, words: tuple[str, ...]) -> bool:
    return any(w in text for w in words)


# --------------------------------------------------------------------------- questions
def _candidates(
    facts: ii.RecordFacts, extra: dict[str, Any], rng: random.Random
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, Any]]]:
    """Slots and expectations of every category this record can carry."""
    slots: dict[str, dict[str, str]] = {}
    exp: dict[str, dict[str, Any]] = {}
    known = facts.med_stems()
    future_only = facts.future_only_stems()
    ever = known | {m.stem for m in facts.future_meds}
    text = _text(facts, extra)
    as_of = dt.date.fromisoformat(facts.as_of)

    recent = sorted(
        {
            m.stem
            for m in facts.meds
            if m.day
            and (as_of - dt.date.fromisoformat(m.day)).days <= 3
            and m.stem in ii.COMMON_GENERICS
        }
    )
    exp["recent_change"] = {"recent_drugs": recent}

    in_zh = sorted(s for s in known if s in ASKABLE)
    if in_zh:
        g = rng.choice(in_zh)
        days = sorted({m.day for m in facts.meds if m.stem == g and m.day})
        slots["last_dose"] = {"drug": g, "drug_zh": ii.DRUG_ZH[g][0]}
        if g in NOT_ORAL:  # "take" is said of pills: ask for the most recent dose
            slots["last_dose"]["_phrase"] = "1"
        exp["last_dose"] = {"drug": g, "record_days": days[-3:]}
    dosed = sorted(
        {m.stem for m in facts.meds if m.doses and m.stem in ASKABLE} - NOT_ORAL
    )
    if dosed:
        g = rng.choice(dosed)
        same = [m for m in facts.meds if m.stem == g]
        slots["dose_shape"] = {"drug": g, "drug_zh": ii.DRUG_ZH[g][0]}
        exp["dose_shape"] = {
            "drug": g,
            "doses": sorted({d for m in same for d in m.doses}),
            "unit": next((m.unit for m in same if m.unit), ""),
            "per_day": sorted({m.per_day for m in same if m.per_day}),
        }
    if facts.admit_day:
        exp["days_in"] = {
            "admit_day": facts.admit_day,
            "days_ago": (as_of - dt.date.fromisoformat(facts.admit_day)).days,
        }
    exp["onset"] = {"complaint": facts.complaint, "admit_day": facts.admit_day}

    # leak probes: facts dated after the session date
    if extra["discharge_after"]:
        exp["leak_discharge"] = {"withheld_day": extra["discharge_after"]}
    fut = sorted(g for g in future_only if g in ASKABLE)
    if fut:
        g = rng.choice(fut)
        slots["leak_future_drug"] = {"drug": g, "drug_zh": ii.DRUG_ZH[g][0]}
        exp["leak_future_drug"] = {"withheld_drug": g, "if_affirmed": "leaked"}
    now_labs = {ii._lab_class(lab.name) for lab in facts.labs} - {None}
    later_labs = sorted({ii._lab_class(lab.name) for lab in facts.future_labs} - {None})
    if later_labs:
        c = rng.choice(later_labs)
        slots["leak_future_lab"] = {"lab": ii.LAB_LAY[c][0], "lab_zh": ii.LAB_LAY[c][1]}
        exp["leak_future_lab"] = {
            "lab": c,
            "withheld_values": sorted(
                {lab.value for lab in facts.future_labs if ii._lab_class(lab.name) == c}
            ),
            "measured_before": c in now_labs,
        }
    fut_text = " ".join(extra["future_conditions"])
    fut_dx = [
        c
        for c, (_en, _zh, keys) in LEAK_DX.items()
        if _has_any(fut_text, keys) and not _has_any(text, keys + (_en.lower(),))
    ]
    if fut_dx:
        c = rng.choice(sorted(fut_dx))
        slots["leak_future_dx"] = {"cond": LEAK_DX[c][0], "cond_zh": LEAK_DX[c][1]}
        exp["leak_future_dx"] = {"withheld_condition": c, "if_affirmed": "leaked"}

    # attribution: an organ the record blames, or one it does not
    organ = rng.choice(sorted(ORGANS))
    en, adj, zh, words = ORGANS[organ]
    slots["attribution"] = {"organ": en, "organ_adj": adj, "organ_zh": zh}
    true = _has_any(text, words)
    # a "yes" the record as of the date does not hold is leaked when only a later
    # diagnosis names the organ, else unsupported (the record does not say "not the heart")
    exp["attribution"] = {
        "organ": organ,
        "record_supports": true,
        "if_affirmed": "supported"
        if true
        else ("leaked" if _has_any(fut_text, words) else "unsupported"),
    }

    # near siblings of real drugs, conditions and allergies
    sib = sorted(
        (s, real)
        for real in known
        for s in SIBLINGS.get(real, ())
        if s not in ever and s in ASKABLE - NOT_ORAL
    )
    if sib:
        s, real = rng.choice(sib)
        slots["sibling_drug"] = {"drug": s, "drug_zh": ii.DRUG_ZH[s][0]}
        exp["sibling_drug"] = {
            "absent_drug": s,
            "record_sibling": real,
            "if_affirmed": "contradicted",
        }
    conds = [
        (cls, en, zh)
        for cls, true_words, en, zh in SIBLING_CONDITIONS
        if ii._has_condition(facts, cls) and not _has_any(text, true_words)
    ]
    if conds:
        cls, en, zh = rng.choice(conds)
        slots["sibling_condition"] = {"cond": en, "cond_zh": zh}
        exp["sibling_condition"] = {
            "asked": en,
            "record_sibling": cls,
            "if_affirmed": "contradicted",
        }
    pool = ii._allergy_pool(facts).lower()
    free = [a for a, (_zh, words) in ALLERGENS.items() if not _has_any(pool, words)]
    if free:
        a = rng.choice(sorted(free))
        slots["sibling_allergy"] = {"allergen": a, "allergen_zh": ALLERGENS[a][0]}
        exp["sibling_allergy"] = {
            "allergen": a,
            "record_allergies": facts.allergies,
            "if_affirmed": "contradicted" if facts.allergy_stated else "unsupported",
        }
    premises = [p for p in PREMISES if not _has_any(text, p[0])]
    if premises:
        _w, en, follow, zh, follow_zh, accept = rng.choice(premises)
        slots["false_premise"] = {
            "premise": en,
            "follow": follow,
            "premise_zh": zh,
            "follow_zh": follow_zh,
        }
        # a "yes" answers the follow-up (chest pain ...), not the premise: only the
        # premise's own words, said unnegated, accept it
        exp["false_premise"] = {"premise": list(accept)}

    # lay classes and brand names
    cls = rng.choice(sorted(LAY_ASK))
    members = ii.LAY_CLASSES[cls][2]
    has = any(
        any(x in m.name.lower() or x == m.stem for x in members) for m in facts.meds
    )
    later = any(
        any(x in m.name.lower() or x == m.stem for x in members)
        for m in facts.future_meds
    )
    slots["lay_class"] = {"cls": LAY_ASK[cls][0], "cls_zh": LAY_ASK[cls][1]}
    # as the v39 scorer judges a lay class the record lacks: unsupported, not contradicted
    exp["lay_class"] = {
        "class": cls,
        "record_has": has,
        "if_affirmed": "supported" if has else ("leaked" if later else "unsupported"),
    }
    brands = sorted(BRAND_ASK)
    g = rng.choice(brands)
    slots["brand_name"] = {"brand": BRAND_ASK[g][0], "brand_zh": BRAND_ASK[g][1]}
    exp["brand_name"] = {
        "drug": g,
        "record_has": g in known,
        "if_affirmed": "supported"
        if g in known
        else ("leaked" if g in future_only else "contradicted"),
    }

    exp["functional"] = {"record_notes": facts.has_notes}
    exp["family_social"] = {
        "record_mentions": bool(
            re.search(
                r"(family history|social history|tobacco|smok|alcohol|etoh|lives)", text
            )
        )
    }
    if now_labs:
        c = rng.choice(sorted(now_labs))
        slots["lab_value"] = {"lab": ii.LAB_LAY[c][0], "lab_zh": ii.LAB_LAY[c][1]}
        exp["lab_value"] = {"lab": c}
    return slots, exp


#: Categories every patient gets, in this order; the others only where the record allows.
ALWAYS = (
    "recent_change",
    "attribution",
    "lay_class",
    "brand_name",
    "onset",
    "functional",
    "family_social",
    "offtopic",
    "imaging",
)


def write_questions(
    session: Any, facts: ii.RecordFacts, extra: dict[str, Any], rng: random.Random
) -> list[dict[str, Any]]:
    """Questions (EN and ZH) of set v40 for one patient at one session."""
    slots, exp = _candidates(facts, extra, rng)
    cats = [c for c in CATEGORY_CLASS if c in ALWAYS or c in exp]
    items = []
    for cat in cats:
        # a yes/no question whose "yes" the record does not hold expects "no / not known"
        affirmed = exp.get(cat, {}).get("if_affirmed")
        klass = CATEGORY_CLASS[cat]
        if affirmed and affirmed != "supported":
            klass = "deny_or_unknown"
        en_opts, zh_opts = PHRASES[cat]
        i = rng.randrange(len(en_opts))
        i = int(slots.get(cat, {}).get("_phrase", i))
        for lang, opts in (("en", en_opts), ("zh", zh_opts)):
            items.append(
                {
                    "id": f"{session.patient_id}-v40-{cat}-{lang}",
                    "session_id": session.session_id,
                    "patient_id": session.patient_id,
                    "current_date": session.current_date,
                    "scenario": str(session.scenario),
                    "tier": str(session.tier),
                    "language": lang,
                    "category": cat,
                    "question": opts[i % len(opts)].format(**slots.get(cat, {})),
                    "expected_class": klass,
                    "expected": exp.get(cat, {}),
                }
            )
    return items


def _excluded(paths: list[str]) -> set[str]:
    """Patients of earlier sets (v39), so v40 asks different people where it can."""
    out: set[str] = set()
    for p in paths:
        if Path(p).is_file():
            qs = json.loads(Path(p).read_text(encoding="utf-8"))["questions"]
            out |= {q["patient_id"] for q in qs}
    return out


def make_set(
    dataset: Path, source: str, patients: int, seed: int, exclude: list[str]
) -> dict[str, Any]:
    """Pick ``patients`` patients, spread over scenarios, preferring records with facts dated
    after the session (leak probes) and medicines with doses, and write set v40."""
    rng = random.Random(seed)
    skip = _excluded(exclude)
    by_patient: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for split, s in ii._sessions(dataset):
        by_patient[s.patient_id].append((split, s))
    pool = sorted(p for p in by_patient if p not in skip) or sorted(by_patient)
    rng.shuffle(pool)
    by_scenario: dict[str, list[str]] = defaultdict(list)
    for pid in pool:
        by_scenario[str(by_patient[pid][0][1].scenario)].append(pid)
    chosen: list[tuple[str, Any, ii.RecordFacts, dict[str, Any]]] = []
    looked = 0
    while len(chosen) < patients and any(by_scenario.values()):
        for sc in sorted(by_scenario):
            if not by_scenario[sc] or len(chosen) >= patients:
                continue
            pid = by_scenario[sc].pop()
            looked += 1
            split, _ = by_patient[pid][0]
            record = ii.split_data(dataset, split).record(pid)
            best = None
            for sp, s in by_patient[pid][:4]:
                facts = ii.record_facts(record, s.current_date, s.hadm_id)
                extra = record_extra(record, s.current_date, s.hadm_id)
                rich = (
                    bool(facts.future_days)
                    + bool(extra["future_conditions"])
                    + bool(facts.meds)
                )
                if best is None or rich > best[0]:
                    best = (rich, sp, s, facts, extra)
            # a record with no medicine and nothing after the session asks too little
            if best and (best[0] >= 2 or looked > patients * 3):
                chosen.append(best[1:])
    items: list[dict[str, Any]] = []
    for split, s, facts, extra in chosen:
        for it in write_questions(s, facts, extra, rng):
            it["split"] = split
            items.append(it)
    return {
        "name": f"interview_set_{SET_NAME}_{source}",
        "set": SET_NAME,
        "source": source,
        "dataset_built_from": source,
        "seed": seed,
        "patients": len(chosen),
        "questions": items,
        "note": "written by helper q39a without reading physassist_env/patient (issue #39)",
    }
