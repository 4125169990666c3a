"""Which value of a series a number is said to be: peak, lowest, baseline, latest, first (EN, ZH).

A rubric value item may carry the qualifiers under which its number is true
(``ValueCheck.qualifiers``); the claim reader (:mod:`physassist_env.grading.claims`) binds a
qualifier word to the number it introduces, so "latest 0.7" does not answer "the peak".
KDIGO defines the AKI baseline as the lowest (or a known pre-admission) creatinine (KDIGO
2012 AKI guideline, section 2.1), so the topics list ``lowest`` with ``baseline`` there.
"""

from __future__ import annotations

#: Canonical qualifier -> the words that say it. Longer phrases win ("most recent" over
#: "recent"). Words are matched case-insensitively and word-bounded for Latin script.
QUALIFIER_WORDS: dict[str, tuple[str, ...]] = {
    "peak": (
        "peak",
        "peaked",
        "peaking",
        "highest",
        "maximum",
        "峰值",
        "最高值",
        "最高",
        "高峰",
    ),
    "lowest": ("lowest", "nadir", "minimum", "最低值", "最低", "谷值"),
    "baseline": ("baseline", "基线", "基础值"),
    "latest": (
        "latest",
        "most recent",
        "current",
        "currently",
        "now",
        "today",
        "last",
        "最近一次",
        "最近",
        "最新",
        "目前",
        "现为",
        "现在",
        "当前",
    ),
    "first": (
        "first",
        "initial",
        "initially",
        "on admission",
        "admission",
        "入院时",
        "入院",
        "首次",
        "最初",
        "起始",
    ),
}

#: The canonical qualifiers.
QUALIFIERS: tuple[str, ...] = tuple(QUALIFIER_WORDS)

#: The ``latest`` words that say "the value now" and nothing else ("last" and "today" may
#: name an earlier draw: "at the last check", "this morning's"): a number said under one of
#: them that is not the latest value contradicts a latest-value item.
CURRENT_WORDS: frozenset[str] = frozenset(
    {
        "latest",
        "most recent",
        "current",
        "currently",
        "now",
        "最近一次",
        "最新",
        "目前",
        "现为",
        "现在",
        "当前",
    }
)

#: The words that say "the order now" of a drug's dose ("the current dose is", 目前剂量):
#: "now" is left out, a plan says it of a new dose ("lower it to 2.5 mg now").
CURRENT_DOSE_WORDS: frozenset[str] = frozenset(
    {"current", "currently", "目前", "当前", "现为", "最新"}
)
