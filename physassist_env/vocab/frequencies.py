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
