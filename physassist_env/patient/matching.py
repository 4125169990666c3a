"""Deterministic question understanding: which topics, aspects and entities a question names.

No model is involved: English text is tokenised, each unknown word is snapped to the
closest lexicon word (``difflib``, cutoff 0.8, cached) so typos still match, and
multi-word terms are matched on word boundaries; Chinese terms are matched as
substrings. Entities are those of one patient's memory (their lexicon names, lay names
and record names), so "water pill", "Lasix" and "利尿药" all find furosemide.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from physassist_env.patient.lexicon import ASPECT_TERMS, ENTITIES, TOPIC_TERMS
from physassist_env.patient.models import PatientMemory

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_CJK = re.compile(r"[\u4e00-\u9fff]")
STOPWORDS = frozenset(
    "a an the and or but if of to in on at for with about from by as is are was were be been being do does did have has had "
    "you your yours i me my mine we our it its this that these those there here what which who whom how why when where any "
    "some all can could would should will shall may might must not no yes please tell me us let know just also very really "
    "ever still much many more most other than then so too up down out over under again now today recently lately currently "
    "been into onto doing done get got getting give gave take took taking taken go going went come came one two three four "
    "five six seven eight nine ten anything something everything nothing well okay ok hi hello sir madam mr mrs ms doctor "
    "they them their he she him her his hers whether since like".split()
)


def is_chinese(text: str) -> bool:
    """True when the text contains CJK characters."""
    return bool(_CJK.search(text or ""))


def norm_term(term: str) -> str:
    """A term as matched against English questions: tokens joined by single spaces."""
    return " ".join(_TOKEN.findall(term.lower()))


def _vocab() -> frozenset[str]:
    words: set[str] = set()
    for terms in (
        *TOPIC_TERMS.values(),
        *ASPECT_TERMS.values(),
        *(e.all_terms() for e in ENTITIES),
    ):
        for t in terms:
            if not is_chinese(t):
                words.update(w for w in _TOKEN.findall(t.lower()) if len(w) >= 3)
    return frozenset(words)


VOCAB = _vocab()
_VOCAB_LIST = sorted(VOCAB)


@lru_cache(maxsize=65536)
def correct(token: str) -> str:
    """Snap a misspelt word to the closest lexicon word (unchanged when nothing is close)."""
    if token in VOCAB or token in STOPWORDS or len(token) < 4 or token.isdigit():
        return token
    close = [
        c
        for c in difflib.get_close_matches(token, _VOCAB_LIST, n=3, cutoff=0.8)
        if abs(len(c) - len(token)) <= 1
    ]
    return close[0] if close else token


@dataclass
class Analysis:
    """What one question asks about.

    Attributes:
        language: ``en`` or ``zh``.
        topics: Topic words found (``medication``, ``social``...).
        aspects: Aspect words found (``onset``, ``adherence``, ``smoking``...).
        entities: Memory entity keys named (``lisinopril``, ``dyspnea``...).
        lexicon_entities: Lexicon entities named that the memory does not have.
    """

    language: str
    topics: set[str] = field(default_factory=set)
    aspects: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    lexicon_entities: set[str] = field(default_factory=set)

    def empty(self) -> bool:
        """True when nothing in the question was understood."""
        return not (
            self.topics or self.aspects or self.entities or self.lexicon_entities
        )


def _split(
    terms: dict[str, tuple[str, ...] | list[str]],
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    en: list[tuple[str, str]] = []
    zh: list[tuple[str, str]] = []
    for key, ts in terms.items():
        for t in ts:
            if is_chinese(t):
                zh.append((t, key))
            else:
                n = norm_term(t)
                if n:
                    en.append((f" {n} ", key))
    return en, zh


_TOPIC_EN, _TOPIC_ZH = _split(TOPIC_TERMS)
_ASPECT_EN, _ASPECT_ZH = _split(ASPECT_TERMS)
_LEX_EN, _LEX_ZH = _split({e.key: e.all_terms() for e in ENTITIES})


class QuestionIndex:
    """Matches questions against one memory's entities and the shared topic/aspect words.

    Args:
        memory: The patient's memory; its facts' ``entity_terms`` name the entities.
    """

    def __init__(self, memory: PatientMemory):
        terms: dict[str, list[str]] = {}
        for f in memory.facts:
            key = f.entity or f"_{f.id}"
            if f.entity_terms:
                terms.setdefault(key, []).extend(f.entity_terms)
        self._ent_en, self._ent_zh = _split(
            {k: list(dict.fromkeys(v)) for k, v in terms.items()}
        )
        self.memory_entities = set(terms)
        self._cache: dict[str, Analysis] = {}

    def analyse(self, question: str) -> Analysis:
        """Topics, aspects and entities named by a question (EN or ZH, typos tolerated)."""
        hit = self._cache.get(question)
        if hit is not None:
            return hit
        zh = is_chinese(question)
        out = Analysis("zh" if zh else "en")
        low = question.lower()
        tokens = _TOKEN.findall(low)
        text = " " + " ".join(correct(t) for t in tokens) + " "
        raw = " " + " ".join(tokens) + " "
        singular = (
            " "
            + " ".join(
                t[:-1]
                if len(t) > 3
                and t.endswith("s")
                and not t.endswith("ss")
                and t not in STOPWORDS
                else t
                for t in tokens
            )
            + " "
        )
        for table_en, table_zh, target in (
            (_TOPIC_EN, _TOPIC_ZH, out.topics),
            (_ASPECT_EN, _ASPECT_ZH, out.aspects),
            (self._ent_en, self._ent_zh, out.entities),
            (_LEX_EN, _LEX_ZH, out.lexicon_entities),
        ):
            for term, key in table_en:
                if term in text or term in raw or term in singular:
                    target.add(key)
            if zh:
                for term, key in table_zh:
                    if term in low:
                        target.add(key)
        out.lexicon_entities -= out.entities | self.memory_entities
        if len(self._cache) < 4096:
            self._cache[question] = out
        return out
