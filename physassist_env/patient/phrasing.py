"""Lay wording (EN + ZH, three literacy levels) for the facts the memory builder creates.

Every function returns ``(en, zh)``: two lists of three strings (high, medium, low
literacy). The same fact is stated at each level; only the words change (technical
terms and numbers are dropped at low literacy, never added).
"""

from __future__ import annotations

import re

from physassist_env.patient.lexicon import Entity
from physassist_env.patient.models import Adherence

Wording = tuple[list[str], list[str]]

FREQ: dict[str, tuple[str, str]] = {
    "daily": ("once a day", "每天一次"),
    "qd": ("once a day", "每天一次"),
    "qday": ("once a day", "每天一次"),
    "bid": ("twice a day", "每天两次"),
    "q12h": ("twice a day", "每天两次"),
    "tid": ("three times a day", "每天三次"),
    "q8h": ("three times a day", "每天三次"),
    "qid": ("four times a day", "每天四次"),
    "q6h": ("four times a day", "每天四次"),
    "qhs": ("at bedtime", "睡前一次"),
    "hs": ("at bedtime", "睡前一次"),
    "prn": ("when I need it", "需要时{v}"),
    "qam": ("every morning", "每天早上"),
    "once": ("once", "一次"),
}
UNIT_ZH = {"day": "天", "week": "周", "month": "个月", "hour": "小时", "year": "年"}


#: Drugs given by injection (insulins, heparins, GLP-1 agonists...) and by inhaler; by
#: entity key or by the record's drug name.
_INJECTED = re.compile(
    r"insulin|glargine|lantus|levemir|detemir|humalog|lispro|aspart|novolog|degludec"
    r"|heparin|enoxaparin|lovenox|dalteparin|fondaparinux|semaglutide|liraglutide"
    r"|dulaglutide|exenatide|teriparatide|epoetin|胰岛素|肝素",
    re.I,
)
_INHALED = re.compile(
    r"albuterol|salbutamol|ipratropium|tiotropium|fluticasone|salmeterol|budesonide"
    r"|formoterol|inhaler|沙丁胺醇",
    re.I,
)


#: Transdermal patches (nicotine, nitroglycerin, fentanyl, lidocaine patches).
_PATCH = re.compile(r"\bpatch\b|transdermal|\btd\b|贴剂", re.I)


def verb_zh(entity: Entity | None, name: str = "") -> str:
    """The Chinese verb for taking a drug, by its form: injections are 打 (打胰岛素),
    inhalers 用 (用吸入剂), patches 贴 (贴膏药), everything else 吃 (吃药)."""
    text = " ".join(
        [name, entity.key if entity else "", *(entity.match if entity else ())]
    )
    if _INJECTED.search(text):
        return "打"
    if _INHALED.search(text):
        return "用"
    if _PATCH.search(text):
        return "贴"
    return "吃"


def name_of(entity: Entity | None, fallback: str) -> Wording:
    """How the patient names an entity (or a record term without a lexicon entry)."""
    if entity is None:
        return [fallback, fallback, fallback], [fallback, fallback, fallback]
    return list(entity.en), list(entity.zh)


def diagnosis(entity: Entity | None, title: str) -> Wording:
    """'I have heart failure' / '我有心衰'."""
    en, zh = name_of(entity, title.lower())
    if entity is None:
        return (
            [
                f"I have {title.lower()}",
                f"I was told I have something called {title.lower()}",
                f"the doctors wrote down {title.lower()}",
            ],
            [f"我有{title}", f"医生说我有{title}", f"医生写了个{title}"],
        )
    return (
        [f"I have {en[0]}", f"I have {en[1]}", f"the doctors say I have {en[2]}"],
        [
            f"我有{zh[0]}",
            f"我有{zh[1]}",
            # a noun ("血糖高的病") takes 有; a phrase ("心脏没力气") does not
            f"医生说我有{zh[2]}"
            if zh[2].endswith(("病", "毛病", "症"))
            else f"医生说我{zh[2]}",
        ],
    )


def regimen(
    entity: Entity | None,
    name: str,
    dose: str | None,
    freq: str | None,
    home: bool = True,
    taking: bool = True,
) -> Wording:
    """'I take lisinopril 10 mg once a day'; a home drug the patient does not take now
    (``taking`` False: never filled, stopped, ran out) is the regimen they were told to take
    ('I'm supposed to take ...', 医生让我...), so it does not contradict their adherence."""
    en, zh = name_of(entity, name)
    v = verb_zh(entity, name)
    f_en, f_zh = FREQ.get((freq or "").lower().replace(" ", ""), ("", ""))
    f_zh = f_zh.format(v=v)
    d = f"{_plural(dose)} of " if dose else ""
    tail_en = f", {f_en}" if f_en else ""
    tail_zh = f"，{f_zh}" if f_zh else ""
    if not home:
        return (
            [
                f"in the hospital they gave me {en[0]}",
                f"in the hospital they gave me {en[1]}",
                f"they gave me {en[2]} here",
            ],
            [
                f"住院时给我用了{zh[0]}",
                f"住院时给我用了{zh[1]}",
                f"这里给我用了{zh[2]}",
            ],
        )
    dz = _dose_zh(dose)
    take, me = ("I take", "我") if taking else ("I'm supposed to take", "医生让我")
    return (
        [
            f"{take} {d}{en[0]}{tail_en}",
            f"{take} {bare(en[1])}{tail_en}"
            if en[1].startswith("my ")
            else f"{take} {en[1]}{tail_en}",
            f"{take} {en[2]}{tail_en}",
        ],
        [
            f"{me}{v}{zh[0]}{dz}{tail_zh}",
            f"{me}{v}{zh[1]}{tail_zh}",
            f"{me}{v}{zh[2]}{tail_zh}",
        ],
    )


def _plural(dose: str) -> str:
    """'20 unit' -> '20 units', '2 tab' -> '2 tabs' (a count unit after a number other than
    one), as a patient says it; other doses unchanged."""
    num, _, unit = dose.partition(" ")
    if unit.lower() in ("unit", "tab", "cap", "puff") and num not in ("1", "1.0"):
        return f"{num} {unit}s"
    return dose


_UNIT_ZH = {
    "mg": "毫克",
    "mcg": "微克",
    "g": "克",
    "unit": "单位",
    "units": "单位",
    "ml": "毫升",
    "meq": "毫当量",
    "puff": "喷",
    "puffs": "喷",
    "tab": "片",
    "tabs": "片",
    "cap": "粒",
    "caps": "粒",
}


def _dose_zh(dose: str | None) -> str:
    """'10 mg' -> '10毫克' (Chinese without English words); '' when the unit has no Chinese name."""
    if not dose:
        return ""
    num, _, unit = dose.partition(" ")
    zh = _UNIT_ZH.get(unit.strip().lower())
    return f"{num}{zh}" if zh else ""


_REASON = {
    "cough": ("it gave me a dry cough", "它让我干咳"),
    "cost": ("it costs too much", "太贵了"),
    "dizzy": ("it made me dizzy", "{v}了头晕"),
    "side": ("of the side effects", "有副作用"),
    "forget": ("I keep forgetting", "我老忘"),
    "feel": ("I felt fine without it", "我觉得不{v}也没事"),
    "online": (
        "I was worried about side effects I read about online",
        "我在网上看到有副作用，担心",
    ),
    "copay": ("I couldn't afford the co-pay", "自付的钱我付不起"),
    "pharmacy": (
        "the pharmacy didn't have it and I never went back",
        "药房没有这个药，我后来也没再去",
    ),
    "refill": ("I couldn't get an appointment for a refill", "约不上号续药"),
    "travel": ("I was travelling", "我在外地"),
    "evening": ("I often forget the evening dose", "晚上那次我常忘"),
    "busy": ("I'm busy some days", "忙起来就不{v}"),
    "unwell": ("I only take it when I feel unwell", "只有不舒服的时候才{v}"),
    "organiser": ("I use a pill organiser", "我用分药盒"),
    # side effects by drug class (synth.knowledge.SIDE_EFFECTS; the drugs' labels)
    "muscle": ("it made my muscles ache", "{v}了浑身肌肉酸痛"),
    "stomach": ("it upset my stomach and gave me diarrhoea", "{v}了胃不舒服，还拉肚子"),
    "diarrhoea": ("it gave me diarrhoea", "{v}了拉肚子"),
    "urination": ("I had to run to the toilet all the time", "{v}了老得跑厕所"),
    "breast": ("my breasts got sore", "{v}了乳房胀痛"),
    "ankles": ("my ankles swelled up", "{v}了脚踝肿"),
    "tired": ("it made me tired all the time", "{v}了总觉得累"),
    "nausea": ("it made me feel sick", "{v}了恶心"),
    "insomnia": ("I couldn't sleep on it", "{v}了睡不着觉"),
    "constipation": ("it made me constipated", "{v}了便秘"),
    "bruising": ("I bruised easily on it", "{v}了身上容易青一块紫一块"),
    "rash": ("I got a rash", "{v}了起皮疹"),
    "dry_mouth": ("it dried my mouth out", "{v}了口干"),
    "hoarse": ("my voice went hoarse", "{v}了嗓子哑"),
    "drowsy": ("it made me drowsy", "{v}了犯困"),
    "headache": ("it gave me headaches", "{v}了头疼"),
    "joints": ("my joints ached", "{v}了关节疼"),
    "hypo": ("my blood sugar kept going too low", "{v}了血糖老是太低"),
    "red_eyes": ("it made my eyes red", "{v}了眼睛发红"),
    "nosebleeds": ("it gave me nosebleeds", "{v}了流鼻血"),
    "spouse": ("my spouse helps me with it", "老伴帮我管着"),
}


def reason_wording(key: str | None, verb: str = "吃") -> tuple[str, str] | None:
    """(EN, ZH) explanation for an adherence problem, by reason key; ``verb`` is the
    Chinese verb for taking the drug (:func:`verb_zh`). A pill organiser is no reason
    for a drug that is not a pill (injections, inhalers)."""
    if key == "organiser" and verb != "吃":
        return None
    found = _REASON.get(key or "")
    return (found[0], found[1].format(v=verb)) if found else None


def adherence(
    entity: Entity | None,
    name: str,
    status: Adherence,
    reason: str | None,
    ago: tuple[str, str] | None,
) -> Wording:
    """The patient's own account of how they take a drug."""
    en, zh = name_of(entity, name)
    v = verb_zh(entity, name)
    used_up = "用" if v != "吃" else "吃"
    why = reason_wording(reason, v)
    why_en = f" because {why[0]}" if why else ""
    why_zh = f"，因为{why[1]}" if why else ""
    # counted from the admission the note was written for, not from the session date
    when_en = f" {ago[0]} before I came in" if ago else ""
    when_zh = f"来医院前{ago[1]}" if ago else ""
    templates: dict[Adherence, tuple[str, str]] = {
        Adherence.GOOD: (
            "I take my {n} every day as prescribed" + (f", {why[0]}" if why else ""),
            "{n}我每天都按时" + v + (f"，{why[1]}" if why else ""),
        ),
        Adherence.POOR: (
            "honestly I skip my {n} a lot" + why_en,
            "说实话{n}我经常漏" + v + why_zh,
        ),
        Adherence.RAN_OUT: (
            "I ran out of my {n}" + when_en + " and didn't get more",
            "{n}" + when_zh + used_up + "完了，没再去拿",
        ),
        Adherence.NEVER_FILLED: (
            "I never got the {n} filled at the pharmacy",
            "{n}我一直没去药房拿",
        ),
        Adherence.SELF_DISCONTINUED: (
            "I stopped taking my {n}" + when_en + why_en,
            "{n}我" + when_zh + "自己停了" + why_zh,
        ),
        Adherence.UNKNOWN: (
            "I'm not sure if I take my {n} properly",
            "{n}我也说不清有没有按时" + v,
        ),
    }
    t_en, t_zh = templates[status]
    return [t_en.format(n=bare(x)) for x in en], [t_zh.format(n=x) for x in zh]


def lab(entity: Entity, flag: str, trend: str | None, value: str) -> Wording:
    """'They told me my potassium was high and going up, last time 5.8'; the value only at
    high literacy. ``trend`` None: the result is not the latest of its test, so it is said
    as "at one point" with its own value ("it was 5.8 then"), never as the last one."""
    hi = flag == "H"
    st_en = "high" if hi else "low"
    st_zh = "偏高" if hi else "偏低"
    if trend is None:
        return (
            [
                f"they told me my {entity.en[0]} was {st_en} at one point, it was {value} then",
                f"they said my {entity.en[1]} was {st_en} at one point",
                f"they said {entity.en[2]} was too {st_en} once",
            ],
            [
                f"化验出来我的{entity.zh[0]}有一次{st_zh}，那次是{value}",
                f"化验出来我的{entity.zh[1]}有一次{st_zh}",
                f"他们说{entity.zh[2]}有一次太{'高' if hi else '低'}了",
            ],
        )
    tr_en = {"up": " and going up", "down": " and coming down", "stable": ""}[trend]
    tr_zh = {"up": "，还在往上走", "down": "，在往下降", "stable": ""}[trend]
    return (
        [
            f"they told me my {entity.en[0]} was {st_en}{tr_en}, last time {value}",
            f"they said my {entity.en[1]} was {st_en}{tr_en}",
            f"they said {entity.en[2]} was too {st_en}",
        ],
        [
            f"化验出来我的{entity.zh[0]}{st_zh}{tr_zh}，最近一次是{value}",
            f"化验出来我的{entity.zh[1]}{st_zh}{tr_zh}",
            f"他们说{entity.zh[2]}太{'高' if hi else '低'}了",
        ],
    )


def bare(noun: str) -> str:
    """A noun phrase without its leading article ('a fever' -> 'fever')."""
    for art in ("a ", "an ", "the ", "my "):
        if noun.startswith(art):
            return noun[len(art) :]
    return noun


def symptom(entity: Entity) -> Wording:
    """'I've had shortness of breath'."""
    return (
        [f"I've had {n}" for n in entity.en],
        [f"我有{entity.zh[0]}", f"我{entity.zh[1]}", f"我{entity.zh[2]}"],
    )


def absent(entity: Entity) -> Wording:
    """'No, I haven't had chest pain'."""
    return (
        [
            f"I haven't had {bare(entity.en[0])}",
            f"no {bare(entity.en[1])}",
            f"no {bare(entity.en[2])}",
        ],
        [f"我没有{entity.zh[0]}", f"没有{entity.zh[1]}", f"没有{entity.zh[2]}"],
    )
