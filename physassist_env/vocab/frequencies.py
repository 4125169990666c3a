"""Dosing frequencies of the one clinical vocabulary: every way a write or an answer may say one.

``FREQ_SYNONYMS`` maps a frequency code (``q8h``) to the spellings that mean the same
(``tid``, ``every 8 hours``, ``每8小时``). ``q8h`` and ``tid`` are treated as the same schedule,
as order-entry systems and clinicians do.
"""

from __future__ import annotations


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
}


def freq_zh(freq: str) -> str:
    """How a Chinese order writes a frequency (``DAILY`` -> 每日一次, ``Q6H:PRN`` ->
    每6小时一次（必要时）); the frequency as written when it is not in the tables."""
    key = freq.strip().lower().replace(" ", "")
    prn = key != "prn" and "prn" in key
    base = key.replace(":prn", "").replace("prn", "").strip(":/") if prn else key
    zh = _FREQ_ZH_EXTRA.get(base) or next(
        (t for t in FREQ_SYNONYMS.get(base, []) if t.endswith("小时一次")), ""
    )
    if not zh:
        return freq
    return f"{zh}（必要时）" if prn else zh
