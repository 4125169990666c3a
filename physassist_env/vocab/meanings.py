"""Meanings a rubric item asks for, each said many ways (EN and ZH, clinical and casual).

A rubric's mention item lists the words its topic generator chose ("consult", "requested";
"no growth", "nothing grew"). A clinician says the same thing in other words ("Paged
pulmonology; they'll see her today", "Nothing has grown yet", "keep an eye on the
potassium", "no need for a blood thinner", 已呼叫呼吸科, 培养还没长东西). Each
:class:`Meaning` names the item words that say it (``anchors``) and the other ways to say
it (``phrasings``); :func:`expand_terms` gives an item's words with the phrasings of every
meaning one of them anchors, so the grader reads the meaning rather than one term list
per item. Phrasings keep the anchor's polarity ("no need for a blood thinner" says what
"no anticoagulation" says); negation and frames are read around them as around any term.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from physassist_env.vocab.drugs import DRUG_BRANDS, GENERIC_ZH


@dataclass(frozen=True)
class Meaning:
    """One meaning: the item words that say it and other ways to say it."""

    name: str
    anchors: tuple[str, ...]
    phrasings: tuple[str, ...]


MEANINGS: tuple[Meaning, ...] = (
    Meaning(
        "monitoring",
        ("recheck", "monitor", "re-check", "复查", "监测"),
        (
            "keep an eye on",
            "keep an eye",
            "keeping an eye on",
            "keep watching",
            "watch closely",
            "watch it",
            "watch the",
            "keep checking",
            "check again",
            "check it again",
            "again tomorrow",
            "again in the morning",
            "again later today",
            "again this afternoon",
            "again tonight",
            "repeat labs",
            "repeat level",
            "redraw",
            "retest",
            "re-test",
            "follow up",
            "follow-up",
            "serial",
            "keep track of",
            "track",
            "trend it",
            "再查一次",
            "再测一次",
            "再复查",
            "明天再查",
            "明天再测",
            "留意",
            "盯着",
            "盯紧",
            "关注",
            "密切观察",
            "动态观察",
            "观察",
            "跟踪",
            "定期检查",
        ),
    ),
    Meaning(
        "consult_done",
        ("consult", "会诊"),
        (
            "paged",
            "called",
            "contacted",
            "notified",
            "reached out to",
            "put in a request",
            "put in for",
            "put in a referral",
            "referral",
            "referred",
            "they'll see",
            "they will see",
            "will see her",
            "will see him",
            "will see the patient",
            "will come by",
            "coming to see",
            "will evaluate",
            "are aware",
            "已呼叫",
            "呼叫了",
            "已联系",
            "联系了",
            "已通知",
            "通知了",
            "已请",
            "请了",
            "会来看",
            "过来看",
            "来看病人",
            "来看患者",
            "已转诊",
        ),
    ),
    Meaning(
        "no_growth",
        ("no growth", "nothing grew", "无生长", "未生长"),
        (
            "nothing has grown",
            "nothing grown",
            "nothing growing",
            "no growth so far",
            "no growth to date",
            "no growth yet",
            "nothing so far",
            "still negative",
            "negative so far",
            "negative to date",
            "no organisms",
            "no organism",
            "no bacteria",
            "sterile",
            "没长东西",
            "没长出",
            "没有长出",
            "什么都没长",
            "没有细菌生长",
            "无细菌生长",
            "未长出",
            "未培养出",
            "没培养出",
            "尚无生长",
            "暂无生长",
            "没有生长",
            "培养阴性",
        ),
    ),
    Meaning(
        "no_anticoagulation",
        (
            "no anticoagulation",
            "don't need anticoagulation",
            "无需抗凝",
            "不需要抗凝",
            "不用抗凝",
        ),
        (
            "no need for a blood thinner",
            "no need for blood thinners",
            "no need for anticoagulation",
            "no need to anticoagulate",
            "doesn't need a blood thinner",
            "does not need a blood thinner",
            "don't need a blood thinner",
            "doesn't need anticoagulation",
            "does not need anticoagulation",
            "no blood thinner",
            "no anticoagulant",
            "anticoagulant not needed",
            "anticoagulation not needed",
            "not a candidate for anticoagulation",
            "不需要用抗凝药",
            "不需要抗凝药",
            "不用上抗凝药",
            "不用抗凝药",
            "暂不需要抗凝",
            "无需抗凝药",
            "不必抗凝",
        ),
    ),
    Meaning(
        "anticoagulation_needed",
        ("start anticoagulation", "needs anticoagulation", "建议抗凝", "启动抗凝"),
        (
            "start a blood thinner",
            "needs a blood thinner",
            "should be on a blood thinner",
            "put her on a blood thinner",
            "put him on a blood thinner",
            "should be anticoagulated",
            "需要抗凝药",
            "应该用抗凝药",
            "开始抗凝",
        ),
    ),
    Meaning(
        "no_transfusion",
        ("no transfusion", "无需输血"),
        (
            "no need to transfuse",
            "no need for a transfusion",
            "no need for blood",
            "doesn't need blood",
            "does not need blood",
            "no blood needed",
            "don't transfuse",
            "do not transfuse",
            "not transfusing",
            "不用输血",
            "先不输血",
            "暂时不输血",
            "不必输血",
        ),
    ),
    Meaning(
        "transfusion_needed",
        ("transfuse", "需要输血"),
        (
            "transfusing",
            "give blood",
            "give a unit of blood",
            "give her a unit",
            "give him a unit",
            "needs blood",
            "输一个单位",
            "输红细胞",
        ),
    ),
    Meaning(
        "no_potassium_replacement",
        ("no replacement", "无需补钾"),
        (
            "no need to replete",
            "no repletion",
            "doesn't need potassium",
            "does not need potassium",
            "no potassium needed",
            "no KCl needed",
            "no need for potassium",
            "no need for KCl",
            "不用补",
            "不需要补",
            "不必补钾",
        ),
    ),
    Meaning(
        "potassium_replacement",
        ("replace", "补钾"),
        ("replete", "give KCl", "give potassium", "补充钾", "补点钾"),
    ),
    Meaning(
        "no_aki",
        ("no aki", "无急性肾损伤"),
        (
            "no kidney injury",
            "not an aki",
            "not aki",
            "doesn't meet aki criteria",
            "does not meet aki criteria",
            "doesn't meet criteria for aki",
            "没有肾损伤",
            "没有急性肾损伤",
            "不算急性肾损伤",
            "不构成急性肾损伤",
        ),
    ),
    Meaning(
        "responding",
        ("responding", "有效"),
        (
            "doing its job",
            "doing the job",
            "turning the corner",
            "heading in the right direction",
            "起作用",
            "见效",
            "管用",
            "有效果",
        ),
    ),
    Meaning(
        "not_responding",
        ("not responding", "无效"),
        (
            "not doing its job",
            "isn't working",
            "is not working",
            "no better",
            "ineffective",
            "not effective",
            "no response",
            "没效果",
            "不管用",
            "没起作用",
            "效果差",
            "没有改善",
        ),
    ),
    Meaning(
        "confirm_with_patient",
        ("confirm", "核实"),
        (
            "double-check",
            "double check",
            "clarify with",
            "ask her",
            "ask him",
            "ask about",
            "问一下患者",
            "问问患者",
            "向患者确认",
            "跟患者确认",
        ),
    ),
    Meaning(
        "no_allergy_recorded",
        ("no allergy recorded", "未记录过敏"),
        (
            "no allergies on file",
            "nothing on file",
            "no allergies documented",
            "none documented",
            "no documented allergies",
            "no allergies listed",
            "nothing listed",
            "没有过敏记录",
            "无过敏记录",
            "未见过敏记录",
        ),
    ),
)


@functools.lru_cache(maxsize=1)
def _by_anchor() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for meaning in MEANINGS:
        for anchor in meaning.anchors:
            out.setdefault(anchor.lower(), []).extend(meaning.phrasings)
    return {k: tuple(v) for k, v in out.items()}


@functools.lru_cache(maxsize=4096)
def _expand(terms: tuple[str, ...]) -> tuple[str, ...]:
    by_anchor = _by_anchor()
    extra = [p for t in terms for p in by_anchor.get(t.strip().lower(), ())]
    extra += [b for t in terms for b in _brands_of(t)]
    return tuple(dict.fromkeys([*terms, *extra]))


@functools.lru_cache(maxsize=1)
def _brands() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """(Chinese generic -> generic, generic -> its brand and everyday names)."""
    by_generic: dict[str, list[str]] = {}
    for brand, generic in DRUG_BRANDS.items():
        by_generic.setdefault(generic, []).append(brand)
    return (
        {zh: en for en, zh in GENERIC_ZH.items()},
        {g: tuple(b) for g, b in by_generic.items()},
    )


@functools.lru_cache(maxsize=4096)
def _brands_of(term: str) -> tuple[str, ...]:
    """The brand names of the drug a term names (issue #35, eleventh pass: "Lasix" says
    furosemide, 波立维 says 氯吡格雷): by its generic, in EN or ZH, or by the first word
    of a record name ("Metoprolol Succinate XL")."""
    from_zh, brands = _brands()
    low = term.strip().lower()
    for key in (low, low.split(" ")[0], from_zh.get(term.strip(), "")):
        if key in brands:
            return brands[key]
    return ()


def expand_terms(terms: Sequence[str]) -> tuple[str, ...]:
    """An item's words with the phrasings of every meaning one of them anchors (in order,
    no duplicates)."""
    return _expand(tuple(terms))
