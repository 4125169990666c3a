"""The one clinical vocabulary: analyte names, flag/trend/decision words, frequencies.

The rule grader's claim reader, the scenario generator and its rubric builders read these
tables (``physassist_env.grading.text`` re-exports the lexicons it has always offered).
Extend a table here instead of keeping a copy elsewhere.
"""

from __future__ import annotations

from physassist_env.vocab.analytes import LAB_ABBREVIATIONS, LAB_NAMES
from physassist_env.vocab.decisions import (
    ACTION_VERBS,
    DECISION_WORDS,
    NEGATED_DECISION,
    OPPOSED,
    Decision,
    decision_of,
)
from physassist_env.vocab.descriptors import (
    FLAG_LEXICON,
    NOT_FLAG,
    TREND_LEXICON,
    FlagDirection,
    TrendDirection,
)
from physassist_env.vocab.frequencies import FREQ_SYNONYMS, freq_terms

__all__ = [
    "ACTION_VERBS",
    "DECISION_WORDS",
    "FLAG_LEXICON",
    "FREQ_SYNONYMS",
    "LAB_ABBREVIATIONS",
    "LAB_NAMES",
    "NEGATED_DECISION",
    "NOT_FLAG",
    "OPPOSED",
    "TREND_LEXICON",
    "Decision",
    "FlagDirection",
    "TrendDirection",
    "decision_of",
    "freq_terms",
]
