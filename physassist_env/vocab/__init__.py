"""The one clinical vocabulary: analyte and drug names (EN and ZH, synonyms, brands, lay
names), units, flag/trend/decision words, frequencies.

* :mod:`~physassist_env.vocab.analytes`: :data:`ANALYTES` (one :class:`Analyte` per test,
  with its record search words and lay names) and the claim reader's name tables.
* :mod:`~physassist_env.vocab.drugs`: generics with Chinese names, brands, therapy,
  safety and antibiotic classes; :mod:`~physassist_env.vocab.lay`: how patients name drugs.
* :mod:`~physassist_env.vocab.units`: unit spellings, kinds and conversions.
* :mod:`~physassist_env.vocab.descriptors`, :mod:`~physassist_env.vocab.decisions`,
  :mod:`~physassist_env.vocab.frequencies`, :mod:`~physassist_env.vocab.subjects`.

The rule grader's claim reader, the scenario generator and its rubric builders, the EHR
search (:mod:`physassist_env.ehr.synonyms`) and the patient
(:mod:`physassist_env.patient.lexicon`) read these tables; ``tests/vocab`` fails when a
module elsewhere spells out its own. Extend a table here instead of keeping a copy.
"""

from __future__ import annotations

from physassist_env.vocab.analytes import (
    ANALYTES,
    LAB_ABBREVIATIONS,
    LAB_NAMES,
    Analyte,
)
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
    "ANALYTES",
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
    "Analyte",
    "Decision",
    "FlagDirection",
    "TrendDirection",
    "decision_of",
    "freq_terms",
]
