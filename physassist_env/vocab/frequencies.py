"""Dosing frequencies of the one clinical vocabulary: every way a write or an answer may say one.

``FREQ_SYNONYMS`` maps a frequency code (``q8h``) to the spellings that mean the same
(``tid``, ``every 8 hours``, ``每8小时``). ``q8h`` and ``tid`` are treated as the same schedule,
as order-entry systems and clinicians do.
"""

from __future__ import annotations

import functools
import re

from physassist_env.vocab.index import TermIndex


def _every(hours: int, words: str) -> list[str]:
    return [
        f"q{hours}h",
        f"q {hours}h",
        f"q{hours}",
        f"q{hours}hr",
        f"q{hours}hrs",
        f"every {hours} hours",
        f"every {hours} hrs",
        f"every {hours}h",
        f"every {words} hours",
        f"{hours}-hourly",
        f"{hours} hourly",
        f"每{hours}小时",
        f"每{hours}小时一次",
        f"每 {hours} 小时",
    ]


_DAILY = [
    "daily",
    "once a day",
    "once daily",
    "every day",
    "qd",
    "q.d.",
    "q.d",
    "qday",
    "od",
    *_every(24, "twenty-four"),
    "每日一次",
    "每天一次",
    "一天一次",
]
_BID = [
    "bid",
    "b.i.d.",
    "twice a day",
    "twice daily",
    *_every(12, "twelve"),
    "每日两次",
    "每天两次",
    "一天两次",
    "一日两次",
]
_TID = [
    "tid",
    "t.i.d.",
    "three times a day",
    "three times daily",
    *_every(8, "eight"),
    "每日三次",
    "每天三次",
    "一天三次",
    "一日三次",
]
_QID = [
    "qid",
    "q.i.d.",
    "four times a day",
    "four times daily",
    *_every(6, "six"),
    "每日四次",
    "每天四次",
    "一天四次",
    "一日四次",
]
_QHS = ["qhs", "at bedtime", "at night", "nightly", "before bed", "睡前", "每晚"]

FREQ_SYNONYMS: dict[str, list[str]] = {
    "daily": _DAILY,
    "q24h": _DAILY,
    "bid": _BID,
    "q12h": _BID,
    "tid": _TID,
    "q8h": _TID,
    "qid": _QID,
    "q6h": _QID,
    "qhs": _QHS,
    # MIMIC-IV's warfarin slot: once daily at 16:00
    "daily16": [*_DAILY, "daily16", "每日一次（下午四点）"],
}


def freq_terms(freq: str) -> list[str]:
    """Every spelling of a frequency (the frequency itself when it is not in the table)."""
    key = freq.strip().lower().replace(" ", "")
    if key in FREQ_SYNONYMS:
        return FREQ_SYNONYMS[key]
    # "Q6H:PRN", "q8h prn": the schedule's spellings, plus the order as written
    base = key.replace(":prn", "").replace("prn", "").strip(":")
    if base in FREQ_SYNONYMS:
        return [freq, *FREQ_SYNONYMS[base]]
    return [freq]


#: Frequencies as Chinese orders write them (every spelling is in FREQ_SYNONYMS or here).
_FREQ_ZH_EXTRA = {
    "daily": "每日一次",
    "qd": "每日一次",
    "bid": "每日两次",
    "tid": "每日三次",
    "qid": "每日四次",
    "qhs": "每晚睡前",
    "hs": "每晚睡前",
    "prn": "必要时",
    "once": "单次",
    "x1": "单次",
    "now": "立即",
    "stat": "立即",
    "asdir": "遵医嘱",
    "qam": "每日早晨一次",
    "qpm": "每日晚间一次",
    "q4h": "每4小时一次",
    "q3h": "每3小时一次",
    "q15min": "每15分钟一次",
    "q48h": "每48小时一次",
    "qod": "隔日一次",
    "qweek": "每周一次",
    # MIMIC-IV meal-time insulin frequencies and the 16:00 warfarin dose
    "breakfast": "早餐时",
    "lunch": "午餐时",
    "dinner": "晚餐时",
    "daily16": "每日一次（下午四点）",
    # MIMIC-IV "DAYS": once a day, given in the day (the demo's warfarin 1 mg PO DAYS)
    "days": "每日一次（日间）",
    # the other frequencies of the MIMIC-IV demo's pharmacy table (infusions titrated to
    # a target, one-off doses that may be repeated, weekly and dialysis schedules)
    "titrateto": "按目标滴定调整",
    "titratetorass": "按 RASS 镇静评分滴定调整",
    "infusion": "持续输注",
    "1x": "单次",
    "2x": "共两次",
    "x2": "共两次",
    "nowx1": "立即，单次",
    "oncemr1": "单次（必要时可重复1次）",
    "oncemr2": "单次（必要时可重复2次）",
    "mrx1": "可重复1次",
    "everyotherday": "隔日一次",
    "tidw/meals": "每日三次（随餐）",
    "qidachs": "每日四次（三餐前及睡前）",
    "3x/day": "每日三次",
    "hdprotocol": "按血液透析方案",
    "posthd": "血液透析后",
    "noon": "每日中午",
    "oncall": "随叫（术前）",
    "qmon": "每周一",
    "qtues": "每周二",
    "qwed": "每周三",
    "qthur": "每周四",
    "qfri": "每周五",
    "qsat": "每周六",
    "qsun": "每周日",
    "qmowefr": "每周一、三、五",
    "onceperlumen(2lumen)": "每个管腔各一次",
}
_EVERY = re.compile(r"q(\d+)(h|min)")
_WEEKLY = re.compile(r"(\d)x/week")


def freq_zh(freq: str) -> str:
    """How a Chinese order writes a frequency (``DAILY`` -> 每日一次, ``Q6H:PRN`` ->
    每6小时一次（必要时）, ``Q2H PER MOVIPREP PROTOCOL`` -> 每2小时一次（按方案）,
    ``3X/WEEK`` -> 每周3次); a frequency outside the tables is glossed after a Chinese
    descriptor (频次（QOTHER）), never left bare in a Chinese answer."""
    key = freq.strip().lower().replace(" ", "")
    prn = key != "prn" and "prn" in key
    base = key.replace(":prn", "").replace("prn", "").strip(":/") if prn else key
    zh = _FREQ_ZH_EXTRA.get(base) or next(
        (t for t in FREQ_SYNONYMS.get(base, []) if t.endswith("小时一次")), ""
    )
    if not zh and (m := _EVERY.fullmatch(base.split("per")[0])):
        unit = "小时" if m.group(2) == "h" else "分钟"
        zh = f"每{m.group(1)}{unit}一次" + ("（按方案）" if "protocol" in base else "")
    if not zh and (m := _WEEKLY.fullmatch(base)):
        zh = f"每周{m.group(1)}次"
    if not zh:
        return f"频次（{freq.strip()}）" if freq.strip() else ""
    return f"{zh}（必要时）" if prn else zh


# ---------------------------------------------------------------- schedules said in answers
def _zh_times(n: int, han: str) -> list[str]:
    """每日三次, 一天3次...: n times a day in Chinese, in words and in digits."""
    return [
        f"{a}{c}次" for a in ("每日", "每天", "一天", "一日") for c in (han, str(n))
    ]


#: Schedule words an answer may use for how often a drug is taken -> doses per day. One
#: table for the grader: once daily, at bedtime and every morning are all one dose a day
#: (ISMP list of error-prone abbreviations: qd, qhs, qod are read as daily, bedtime, every
#: other day). Left out on purpose: "every day" and 每天 (adherence words: "takes it every
#: day" says the patient does not miss doses, not how many), "od" (also "right eye",
#: "overdose") and "at night" (symptoms happen at night).
SCHEDULE_PER_DAY: dict[str, float] = {
    **{t: 1.0 for t in _DAILY if t not in ("every day", "od")},
    **{t: 2.0 for t in _BID},
    **{t: 3.0 for t in _TID},
    **{t: 4.0 for t in _QID},
    **{t: 1.0 for t in _QHS if t != "at night"},
    **{t: 6.0 for t in _every(4, "four")},
    **{t: 1.0 for t in _zh_times(1, "一")},
    **{t: 2.0 for t in _zh_times(2, "两") + _zh_times(2, "二")},
    **{t: 3.0 for t in _zh_times(3, "三")},
    **{t: 4.0 for t in _zh_times(4, "四")},
    **{
        t: 1.0
        for t in (
            "once-daily",
            "q day",
            "once a day",
            "every morning",
            "every night",
            "every evening",
            "qam",
            "qpm",
            "in the morning",
            "睡前一次",
            "每晚睡前",
            "每天早上",
            "每日早晨一次",
            "每日晚间一次",
        )
    },
    **{
        t: 2.0
        for t in ("twice-daily", "twice per day", "two times a day", "早晚各一次")
    },
    **{t: 3.0 for t in ("three times per day",)},
    **{
        t: 1 / 7
        for t in (
            "weekly",
            "once a week",
            "once weekly",
            "every week",
            "qweek",
            "每周一次",
            "一周一次",
            "每周1次",
        )
    },
    **{
        t: 0.5
        for t in (
            "every other day",
            "qod",
            "q.o.d.",
            "隔日一次",
            "隔天一次",
            "隔日",
            "隔天",
        )
    },
}


def doses_per_day(text: str) -> float | None:
    """Doses a day of a schedule said in ``text`` (``twice a day`` -> 2, ``每晚`` -> 1), by
    :data:`SCHEDULE_PER_DAY`; ``None`` when it states none, or states two that differ."""
    found = {v for _, _, v in schedule_spans(text)}
    return found.pop() if len(found) == 1 else None


@functools.lru_cache(maxsize=8192)
def schedule_spans(text: str) -> tuple[tuple[int, int, float], ...]:
    """Every schedule word of ``text`` (longest first, no overlaps) with its doses a day."""
    return tuple((h.start, h.end, h.value) for h in _schedule_index().find(text))


@functools.lru_cache(maxsize=1)
def _schedule_index() -> TermIndex[float]:
    return TermIndex(SCHEDULE_PER_DAY)
