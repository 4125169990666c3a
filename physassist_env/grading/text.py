"""Deterministic text analysis of EN and ZH answers for the rule grader.

Everything here is lexicon- and regex-based, so every decision can be named in a reason:

* :func:`extract_quantities` finds clinical numbers with their units (``5.8 mEq/L``,
  ``血钾5.8 mmol/L``, ``K 5.8``, ranges, negative numbers), never dates or clock times.
* :func:`unit_factors` says how a value in one unit is written in another (``mEq/L`` ==
  ``mmol/L``; creatinine ``mg/dL`` x 88.4 = ``umol/L``; glucose ``mg/dL`` / 18 = ``mmol/L``...).
* :func:`find_flags` / :func:`find_trends` find flag and trend words (EN and ZH) and whether
  each is negated.

Both lexicons are searched whatever the answer language: a Chinese answer often keeps
English drug names and abbreviations.
"""

from __future__ import annotations

import bisect
import functools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from physassist_env.grading import dates
from physassist_env.grading.shown import normalise
from physassist_env.vocab.analytes import LAB_ABBREVIATIONS, LAB_NAMES
from physassist_env.vocab.descriptors import (
    FLAG_LEXICON,
    NOT_FLAG,
    SOFT_FLAGS,
    TREND_LEXICON,
)
from physassist_env.vocab.index import SpanSet, TermIndex
from physassist_env.vocab.meanings import expand_terms
from physassist_env.vocab.modality import DEGREE_AFTER, DEGREE_BETWEEN
from physassist_env.vocab.units import (
    UNITS,
    UnitKind,
    canonical_unit,
    unit_kind,
)
from physassist_env.vocab.units import unit_factors as unit_factors


# ---------------------------------------------------------------- basics
class AnyOf:
    """Whether any of several patterns occurs in a text: the same answer as searching
    their alternation ``a|b|...``, faster. Python's engine scans a big alternation of
    English and Chinese word lists position by position; each part alone keeps its own
    prefix scan, so the parts one by one cost about half (issue #35, speed: a gate that
    runs on every answer). Patterns with numbered groups referred back to are not split
    this way (a group's number would change)."""

    __slots__ = ("_parts",)

    def __init__(self, *patterns: str, flags: int = 0) -> None:
        self._parts = tuple(re.compile(p, flags) for p in patterns if p)

    def found(self, text: str) -> bool:
        """Whether one of the patterns matches somewhere in ``text``."""
        return any(p.search(text) for p in self._parts)


_CJK = "\u3400-\u4dbf\u4e00-\u9fff"
_CJK_RE = re.compile(f"[{_CJK}]")
#: Latin word or single CJK character: the token unit for windows.
_TOKEN_RE = re.compile(rf"[A-Za-z0-9µμ][A-Za-z0-9µμ'+\-/.]*|[{_CJK}]")
# A full stop ends a sentence unless it is a decimal point: between digits ("0.6"), or
# after a digit with no space behind it; "a baseline of 0. It is fine" is two sentences.
_SENTENCE_RE = re.compile(r"[.!?](?=\s|$)|(?<!\d)[.!?](?!\d)|[;。！？；\n]")
#: Clause separators; the colon of a clock time ("17:54") separates nothing.
_CLAUSE_RE = re.compile(
    r"[.!?](?=\s|$)|(?<!\d)[.!?](?!\d)|[;。！？；\n,，、：()（）]|(?<!\d):|:(?!\d)|\b(?:but|however|instead|although|whereas)\b|但是|但|而是|然而",
    re.I,
)


def has_cjk(text: str) -> bool:
    """Whether ``text`` contains a Chinese character."""
    return bool(_CJK_RE.search(text))


def term_pattern(term: str, *, inflect: bool = False) -> str:
    """Regex for one lexicon term: word-bounded for Latin terms, plain substring for CJK.

    Args:
        term: The term as written in a lexicon or rubric (case is ignored by callers).
        inflect: Also match simple English inflections of the first word (``hold`` ->
            ``holding``, ``stop`` -> ``stopped``, ``discontinue`` -> ``discontinuation``).

    Returns:
        A regex string (no flags).
    """
    return _term_pattern(term, inflect, r"(?<![A-Za-z0-9])", r"(?![A-Za-z0-9])")


def _term_pattern(term: str, inflect: bool, left_bound: str, right_bound: str) -> str:
    """:func:`term_pattern` with the word bounds given (before and after the term)."""
    term = term.strip()
    if has_cjk(term):
        # Chinese puts a space between a Chinese run and a Latin one or not ("无 AKI",
        # "无AKI", "KDIGO 1期"): either way matches
        runs = re.findall(rf"[{_CJK}]+|[^\s{_CJK}]+", term)
        return r"\s*".join(re.escape(r) for r in runs)
    words = term.split()
    if inflect and words and words[0].isalpha():
        first = (
            "(?:"
            + "|".join(sorted(_inflections(words[0].lower()), key=len, reverse=True))
            + ")"
        )
        rest = "".join(r"[\s-]+" + re.escape(w) for w in words[1:])
        body = first + rest
    else:
        body = r"[\s-]+".join(re.escape(w) for w in words)
    left = left_bound if term[:1].isalnum() else ""
    right = right_bound if term[-1:].isalnum() else ""
    return left + body + right


@functools.lru_cache(maxsize=20_000)
def compiled_term(term: str, inflect: bool = False) -> re.Pattern[str]:
    """:func:`term_pattern` compiled case-insensitively (memoised: ``re``'s own cache is
    too small for the lexicons, and recompiling dominated grading time)."""
    return re.compile(term_pattern(term, inflect=inflect), re.I)


#: The characters besides ASCII letters and digits that ``[A-Za-z0-9]`` matches under
#: ``re.I`` (Unicode case folding: dotted capital I, dotless i, long s, Kelvin sign).
_FOLDED_WORD_CHARS = "\u0130\u0131\u017f\u212a"
_FOLDED_WORD_RE = re.compile(f"[{_FOLDED_WORD_CHARS}]")


@functools.lru_cache(maxsize=20_000)
def _compiled_term_ascii(term: str, inflect: bool) -> re.Pattern[str]:
    """:func:`compiled_term` with its word bounds matched case-sensitively: the same
    matches in any text without :data:`_FOLDED_WORD_CHARS`, and about a third of the cost
    to compile (a case-insensitive ``[A-Za-z0-9]`` is compiled as a Unicode set; a
    session's extra terms are each compiled on first play)."""
    return re.compile(
        _term_pattern(
            term, inflect, r"(?-i:(?<![A-Za-z0-9]))", r"(?-i:(?![A-Za-z0-9]))"
        ),
        re.I,
    )


def _term_matcher(text: str) -> Callable[[str, bool], re.Pattern[str]]:
    """The compiled term patterns to search ``text`` with: :func:`compiled_term`, or the
    cheaper equivalent when ``text`` holds none of :data:`_FOLDED_WORD_CHARS`."""
    return compiled_term if _FOLDED_WORD_RE.search(text) else _compiled_term_ascii


def inflections(word: str) -> set[str]:
    """Simple English inflections of a verb or noun (``hold`` -> ``held``, ``holding``...)."""
    return _inflections(word)


def _inflections(word: str) -> set[str]:
    forms = {
        word,
        word + "s",
        word + "es",
        word + "ed",
        word + "ing",
        word + "ion",
        word + "ation",
    }
    if word.endswith("e"):
        stem = word[:-1]
        forms |= {word + "d", stem + "ing", stem + "ation", stem + "ion"}
    if (
        len(word) >= 3
        and word[-1] not in "aeiouwxy"
        and word[-2] in "aeiou"
        and word[-3] not in "aeiou"
    ):
        forms |= {word + word[-1] + "ed", word + word[-1] + "ing"}
    if word.endswith("y"):
        forms |= {word[:-1] + "ied", word[:-1] + "ies"}
    irregular = {
        "hold": {"held"},
        "rise": {"rose", "risen"},
        "fall": {"fell", "fallen"},
        "give": {"gave", "given"},
        "begin": {"began", "begun"},
        "reduce": {"reduction"},
    }
    return forms | irregular.get(word, set())


@functools.lru_cache(maxsize=50_000)
def _first_forms(term: str, inflect: bool) -> tuple[str, ...]:
    """Lowercase strings one of which must occur in a text for ``term`` to match it."""
    words = term.lower().replace("-", " ").split()
    if not words:
        return ("",)
    if has_cjk(term):  # the first run (a space between runs is optional)
        return (re.findall(rf"[{_CJK}]+|[^\s{_CJK}]+", words[0])[0],)
    first = words[0]
    if inflect and first.isalpha():
        return tuple(sorted(_inflections(first)))
    return (first,)


def _may_occur(term: str, low: str, inflect: bool) -> bool:
    """A cheap necessary condition for ``term`` to match a text whose lowercase is ``low``."""
    return any(f in low for f in _first_forms(term, inflect))


@dataclass(frozen=True)
class Match:
    """One lexicon match in a text.

    Attributes:
        term: The text matched, as written.
        label: What it means (a direction, ``action`` or ``target``).
        start: Start offset in the text.
        end: End offset in the text.
        negated: Whether a negation governs it.
        cue: The negation cue found, if any.
        cue_start: Where the cue starts (``-1`` when none).
    """

    term: str
    label: str
    start: int
    end: int
    negated: bool = False
    cue: str = ""
    cue_start: int = -1


def find_terms(
    text: str, terms: Iterable[str], label: str = "", *, inflect: bool = False
) -> list[Match]:
    """All non-overlapping matches of ``terms`` (longest first), case-insensitive."""
    out: list[Match] = []
    taken = SpanSet()
    low = _lower(text)
    # a term is also tried as a shown answer writes it (NFKC: "每日一次（日间）" is read
    # "每日一次(日间)" in an answer, shown.normalise)
    wanted = {t.strip() for t in terms if t.strip()}
    wanted |= {normalise(t) for t in wanted if not t.isascii()}
    compiled = _term_matcher(text)
    # longest first; of terms of one length the one with more non-space characters
    # ("每12小时一次" before "每 12 小时", which also matches "每12小时"), then by text:
    # never the set's order, which changes with PYTHONHASHSEED (issue #42)
    for term in sorted(wanted, key=_term_order):
        if term[0].isdigit() and dates.is_date_or_time_term(term):
            # a date or clock time is met by its meaning in any format ("Mar 4", 3月4日,
            # "9:13 am" for 03-04 and 09:13; issue #35, seventh pass)
            for start, end in dates.term_spans(text, term):
                if taken.add(start, end):
                    out.append(Match(text[start:end], label, start, end))
            continue
        if not _may_occur(term, low, inflect):
            continue
        for m in compiled(term, inflect).finditer(text):
            if taken.add(m.start(), m.end()):
                out.append(Match(m.group(0), label, m.start(), m.end()))
    return sorted(out, key=lambda x: x.start)


def _term_order(term: str) -> tuple[int, int, str]:
    """Sort key of :func:`find_terms`: longest first, then most non-space characters,
    then the text itself (a total order, so matches do not depend on the hash seed)."""
    return (-len(term), -len("".join(term.split())), term)


@functools.lru_cache(maxsize=64)
def _lower(text: str) -> str:
    return text.lower()


# ---------------------------------------------------------------- negation
_NEG_EN = (
    r"not|no|never|without|don't|dont|do not|does not|doesn't|did not|didn't|shouldn't|should not|"
    r"isn't|is not|wasn't|aren't|won't|wouldn't|would not|couldn't|could not|mustn't|must not|"
    r"needn't|need not|cannot|can't|avoid|avoiding|hold off|refrain from|"
    r"rather than|instead of|no need to|no longer|neither|nor|unnecessary|not necessary"
)
# "no" said alone before a break ("On reflection, no - stage 1 AKI", "No, continue it") is
# an interjection: it negates nothing after the break (issue #35, thirteenth pass)
_NEG_EN_RE = re.compile(
    rf"(?<![A-Za-z])(?:{_NEG_EN})(?![A-Za-z])(?<!no)"
    r"|(?<![A-Za-z])no(?![A-Za-z])(?!\s*(?:[,:!\u2014\u2013]|-\s))",
    re.I,
)
# ``不`` starts many words that are not negations (不全 insufficiency, 不适 discomfort,
# 不过 but, 不管 / 不论 whatever, 不仅 not only, 不久 soon, 不同 different).
_NEG_ZH_RE = re.compile(
    r"不(?!全|适|良|足|齐|佳|详|规律|断|止|明|典型|耐受|管|论|仅|久|同"
    # 不过 "but" (a conjunction), not 不过高 / 不过量 "not too high / not too much"
    r"|过(?!高|低|量|多|少|快|慢|大|度|早|晚))|没有|没|未|无|非|勿|避免|别|禁止|切忌"
)
_POST_NEG_RE = re.compile(
    r"[^.;。；!?！？\n]{0,40}?(?:(?:is|are|was|be)\s+not\s+(?:recommended|advised|indicated|necessary|needed|required|warranted)|"
    r"(?:would|should|will)(?:\s+not|n't)\s+be\s+(?:recommended|advised|indicated|necessary|needed|required|warranted)|"
    r"not\s+(?:recommended|advised|indicated|necessary|needed|required|warranted)|is\s+unnecessary|"
    r"不推荐|不建议|没有必要|没必要|不必要|不需要)",
    re.I,
)


@functools.lru_cache(maxsize=4096)
def _separators(text: str, sentences: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Starts and ends of the clause (or sentence) separators of ``text``, in order."""
    rx = _SENTENCE_RE if sentences else _CLAUSE_RE
    spans = [(m.start(), m.end()) for m in rx.finditer(text)]
    return tuple(s for s, _ in spans), tuple(e for _, e in spans)


def _bounds(text: str, pos: int, sentences: bool) -> tuple[int, int]:
    """The separators' end before ``pos`` and start at or after it (bisection: a text's
    separators are found once, each lookup is logarithmic)."""
    starts, ends = _separators(text, sentences)
    i = bisect.bisect_right(ends, pos)
    start = ends[i - 1] if i else 0
    # separators do not overlap: the first one ending after pos starts at or after it,
    # unless pos lies inside it (then the next one)
    j = i if i == len(starts) or starts[i] >= pos else i + 1
    end = starts[j] if j < len(starts) else len(text)
    return start, end


def clause_bounds(text: str, pos: int) -> tuple[int, int]:
    """Start and end of the clause (split at , ; . : and but/但) around ``pos``."""
    return _bounds(text, pos, False)


def sentence_bounds(text: str, pos: int) -> tuple[int, int]:
    """Start and end of the sentence (split at . ! ? ; and newlines) around ``pos``."""
    return _bounds(text, pos, True)


def negation_before(text: str, start: int, *, tokens: int = 5) -> str:
    """The negation cue governing a match starting at ``start``, or ``""``.

    EN: a cue among the ``tokens`` words before the match in the same clause; ZH: a cue
    among the ``tokens + 1`` characters before it in the same clause.
    """
    return negation_cue(text, start, tokens=tokens)[0]


def negation_cue(text: str, start: int, *, tokens: int = 5) -> tuple[str, int]:
    """:func:`negation_before` with where the cue starts (``("", -1)`` when none)."""
    c_start, _ = clause_bounds(text, start)
    # the cue lies among the last few words: a bounded window keeps the lookup constant-time
    w_start = max(c_start, start - 24 * tokens)
    before = text[w_start:start]
    toks = list(_TOKEN_RE.finditer(before))
    window_start = toks[-tokens].start() if len(toks) >= tokens else 0
    m = _NEG_EN_RE.search(before, window_start)
    if m:
        return m.group(0), w_start + m.start()
    z = max(0, len(before) - (tokens + 1))
    m = _NEG_ZH_RE.search(before, z)
    return (m.group(0), w_start + m.start()) if m else ("", -1)


def negation_after(text: str, end: int) -> str:
    """A trailing negation (``... is not recommended``, ``...没有必要``) in the sentence after ``end``."""
    m = _POST_NEG_RE.match(text, end, end + 120)
    return m.group(0).strip() if m else ""


# ---------------------------------------------------------------- flags and trends


@functools.lru_cache(maxsize=16)
def _lexicon_index(lexicon_id: int) -> TermIndex[str]:
    lexicon = _LEXICONS[lexicon_id]
    return TermIndex(
        {
            term: str(label.value if isinstance(label, Enum) else label)
            for label, terms in lexicon.items()
            for term in terms
        }
    )


_LEXICONS: dict[int, dict] = {}


def _lexicon_matches(
    text: str, lexicon: dict[str, tuple[str, ...]], exclude: Sequence[str] = ()
) -> list[Match]:
    """Matches of every direction; longer phrases win, so ``above normal`` is not ``normal``.

    Phrases in ``exclude`` (``normal saline``, ``high-dose``) block the words inside them.
    """
    _LEXICONS.setdefault(id(lexicon), lexicon)
    index = _lexicon_index(id(lexicon))
    blocked = [(h.start, h.end) for h in _exclude_index(tuple(exclude)).find(text)]
    out: list[Match] = []
    taken = SpanSet()
    for s, e in blocked:
        taken.add(s, e)
    for h in index.find(text):
        if blocked and taken.overlaps(h.start, h.end):
            continue
        cue, at = negation_cue(text, h.start, tokens=3)
        if cue and _degree_only(text, at + len(cue), h.start, h.end):
            cue, at = "", -1  # "not critically high" is still high
        out.append(Match(h.text, h.value, h.start, h.end, bool(cue), cue, at))
    return out


_DEGREE_BETWEEN_RE = re.compile(DEGREE_BETWEEN, re.I)
_DEGREE_AFTER_RE = re.compile(DEGREE_AFTER, re.I)


def _degree_only(text: str, cue_end: int, start: int, end: int) -> bool:
    """Whether a negation before a flag or trend word denies only its degree: a degree
    word between them ("not critically high", 不太高) or after it ("not low enough to
    transfuse", "not rising as fast")."""
    return bool(
        _DEGREE_BETWEEN_RE.search(text, cue_end, start)
        or _DEGREE_AFTER_RE.match(text, end)
    )


@functools.lru_cache(maxsize=16)
def _exclude_index(terms: tuple[str, ...]) -> TermIndex[str]:
    return TermIndex({t: t for t in terms})


#: The flag words and the soft ones (:data:`~physassist_env.vocab.descriptors.SOFT_FLAGS`),
#: searched together so the longer phrase wins.
_FLAGS = {
    direction: (*terms, *SOFT_FLAGS.get(direction, ()))
    for direction, terms in FLAG_LEXICON.items()
}
#: The soft flag words, lowercase: read only about a subject of their own clause.
SOFT_FLAG_WORDS: frozenset[str] = frozenset(
    t.lower() for terms in SOFT_FLAGS.values() for t in terms
)


def find_flags(text: str) -> list[Match]:
    """Flag words (high/low/normal/abnormal, EN and ZH; the soft ones too, "looks good",
    挺好: :data:`SOFT_FLAG_WORDS`) with their negation."""
    return _lexicon_matches(text, _FLAGS, NOT_FLAG)  # type: ignore[arg-type]


def find_trends(text: str) -> list[Match]:
    """Trend words (rising/falling/stable, EN and ZH) with their negation."""
    return _lexicon_matches(text, TREND_LEXICON)  # type: ignore[arg-type]


def mentions(text: str, terms: Sequence[str], *, meanings: bool = True) -> list[Match]:
    """Matches of any of ``terms`` and, with ``meanings``, of another way to say their
    meaning (:func:`~physassist_env.vocab.meanings.expand_terms`: "paged cardiology" says
    "consult", "nothing has grown" says "no growth"); case-insensitive, word-bounded for
    Latin terms."""
    return find_terms(text, expand_terms(terms) if meanings else terms, "mention")


# ---------------------------------------------------------------- numbers and units
# Units, their kinds and conversions are the vocabulary's (physassist_env.vocab.units);
# callers keep reading them from here.
#: Lab and vital-sign names; a number right after one is a clinical value. name -> analyte key.

_DATE_RE = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{4}/\d{1,2}/\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}"
    r"|\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
    r"|\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
    r"|(?:19|20|21)\d{2}(?=\s*年)"
)
_ID_RE = re.compile(r"\bICD-?(?:9|10)(?:-CM)?\b|\b[A-Z][A-Za-z]+/[\w.-]*\d[\w.-]*|#\d+")
#: A count unit's power of ten may be written apart from its sign (``x 10^9/L``).
_TIMES_TEN_RE = re.compile(r"^([x×*])(?=10)", re.I)
_UNIT_ALT = "|".join(
    _TIMES_TEN_RE.sub(lambda m: re.escape(m.group(1)) + r"\s?", re.escape(u))
    for u in sorted(UNITS, key=len, reverse=True)
)
_NUM = r"\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?"
_QTY_RE = re.compile(
    rf"(?<![A-Za-z0-9_.^*/])(?P<neg>[-−](?=\d))?(?P<a>{_NUM})"
    rf"(?:\s*(?P<sep>-|–|—|~|～|to|至|到|/)\s*(?P<b>{_NUM}))?"
    rf"(?:\s*(?P<unit>{_UNIT_ALT})(?![A-Za-z]))?",
    re.I,
)
_REF_CUE_RE = re.compile(
    # "once it is back to 2-3" / "回到 2-3 后" name the target range a value returns to
    r"(?:ref(?:erence)?|normal|range|target|goal|back (?:to|in|within)|参考|正常值|正常范围|目标"
    r"|回到|恢复到)[^.;。；\n]{0,20}$",
    re.I,
)

#: A formula's bound said as what a value "counts as" ("creatinine counted as 4.0 mg/dL (the
#: cap)", "肌酐按上限 4.0 mg/dL 计"; the OPTN MELD bounds), a decision threshold ("the
#: reassessment threshold of 100 mg/dL", "阈值 100 mg/dL") or a reference limit ("upper limit
#: 11", "ULN 5.1", "参考上限 1.2"): the number is not a result.
_BOUND_CUE_RE = re.compile(
    r"(?:\bcounted as|\bthreshold of|按上限|按下限|阈值"
    # a reference limit said alone ("(upper limit 11)", "the upper limit of normal, 5.1",
    # "ULN 5.1", "参考上限 1.2"): the laboratory's bound, not the patient's value
    r"|\b(?:upper|lower) limit(?: of normal| of the reference range)?(?:\s*(?:of|is|=|:|,))?"
    r"|\b(?:ULN|LLN)(?:\s*(?:of|is|=|:))?"
    # "上限 11" said alone, as "upper limit 11" is
    r"|(?:(?:参考|正常)(?:值|范围)?)?(?:上限|下限)(?:为|是)?)\s*$",
    re.I,
)
#: Right after a bare number: it is a ratio, not a value of the lab named near it ("1.5
#: times the lowest value", "1.5x baseline", "a 2-fold rise", "最低值的 1.5 倍"; the KDIGO
#: stage criteria are said so). Not "x 10^9/L", a count's unit.
_RATIO_AFTER_RE = re.compile(
    r"\s*(?:倍|-?fold\b|times\b|[x×](?!\s*10)(?![A-Za-z0-9]))", re.I
)


@dataclass(frozen=True)
class Quantity:
    """A number stated in a text.

    Attributes:
        value: The number (negative when written with a minus sign).
        text: The number as written.
        decimals: Digits after the decimal point as written.
        unit: Canonical unit, ``""`` when none.
        start: Start offset of the number.
        end: End offset (after the unit).
        lab: Analyte key of the lab name right before it (``potassium``), or ``""``.
        in_range: Part of a range (``3.5-5.0``) or a pair (``120/80``).
        reference: Part of a reference range (``ref 3.5-5.0``), a bound or a ratio
            (``1.5 times``, ``1.5 倍``): not a result.
    """

    value: float
    text: str
    decimals: int
    unit: str = ""
    start: int = 0
    end: int = 0
    lab: str = ""
    in_range: bool = False
    reference: bool = False

    @property
    def kind(self) -> UnitKind | None:
        """What the unit measures (``None`` for a bare number)."""
        return unit_kind(self.unit)

    @property
    def clinical(self) -> bool:
        """A clinical value: a measurement unit, or a lab name right before it (not a dose or duration)."""
        if self.kind == UnitKind.MEASURE:
            return True
        return bool(self.lab) and self.kind in (None, UnitKind.PERCENT)

    def __str__(self) -> str:
        return f"{self.text} {self.unit}".strip()


def mask_dates(text: str) -> str:
    """``text`` with dates, clock times and identifiers blanked (same length)."""
    text = _DATE_RE.sub(lambda m: " " * len(m.group(0)), text)
    if any(c.isdigit() for c in text):
        # a date in any other format ("Jun 3", "4 March", "on the 4th", 4号): its digits
        # are no value (issue #35, seventh pass: "drawn Jun 3" read a potassium of 3)
        for start, end in dates.date_spans(text):
            text = text[:start] + " " * (end - start) + text[end:]
    return _ID_RE.sub(lambda m: " " * len(m.group(0)), text)


_LAB_LATIN_RE = re.compile(
    "|".join(
        term_pattern(n)
        for n in sorted((n for n in LAB_NAMES if not has_cjk(n)), key=len, reverse=True)
    ),
    re.I,
)
_LAB_ABBR_RE = re.compile(
    "|".join(
        rf"(?<![A-Za-z0-9]){re.escape(n)}(?![A-Za-z0-9])"
        for n in sorted(LAB_ABBREVIATIONS, key=len, reverse=True)
    )
)
_LAB_ZH_RE = re.compile(
    "|".join(
        re.escape(n)
        for n in sorted((n for n in LAB_NAMES if has_cjk(n)), key=len, reverse=True)
    )
)


_DIGIT_RE = re.compile(r"\d")
_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
_CHAIN_RE = re.compile(r"\s*(?:to|then|->|→|=>|升至|降至|到|至|再到|vs\.?)?\s*", re.I)
_LAB_STOP_RE = re.compile(r"[;。；\n,，、|]|(?<!\d)\.(?!\d)")


def _lab_before(text: str, start: int) -> str:
    """Analyte of a lab name shortly before ``start`` in the same phrase (no number in between)."""
    return _lab_in(text[max(0, start - 40) : start])


@functools.lru_cache(maxsize=16_384)
def _lab_in(seg: str) -> str:
    """:func:`_lab_before` for the 40 characters before a number (memoised: reworded
    answers repeat the same phrases)."""
    stops = list(_LAB_STOP_RE.finditer(seg))
    if stops:
        seg = seg[stops[-1].end() :]
    best = ""
    best_end = -1
    for rx, table, lower in (
        (_LAB_LATIN_RE, LAB_NAMES, True),
        (_LAB_ABBR_RE, LAB_ABBREVIATIONS, False),
        (_LAB_ZH_RE, LAB_NAMES, False),
    ):
        for m in rx.finditer(seg):
            gap = seg[m.end() :]
            if _DIGIT_RE.search(gap):
                continue
            words = _LATIN_WORD_RE.findall(gap)
            zh = _CJK_RE.findall(gap)
            if len(words) > 4 or len(zh) > 6:
                continue
            if m.end() > best_end:
                key = m.group(0).lower() if lower else m.group(0)
                best, best_end = table.get(key, table.get(m.group(0), "")), m.end()
    return best


def _decimals(number: str) -> int:
    return len(number.split(".", 1)[1]) if "." in number else 0


def extract_quantities(text: str, *, labs: bool = True) -> list[Quantity]:
    """Numbers stated in ``text`` with their units and lab names; dates and times are skipped.

    A unit after the second number of a range (``3.5-5.0 mmol/L``) or pair (``120/80 mmHg``)
    applies to both. A number without its own lab name inherits the previous number's lab when
    only ``to``/``from``/arrows separate them (``creatinine rose from 1.2 to 2.1``).

    Args:
        text: Any text (EN or ZH).
        labs: Look for lab names before numbers (skip for long record texts where
            only the values matter).

    Returns:
        The quantities in text order (a new list each call; the reading is memoised per
        text, as the claims reader and the observation checks read the same texts again).
    """
    return list(_quantities(text, labs))


@functools.lru_cache(maxsize=16_384)
def _quantities(text: str, labs: bool) -> tuple[Quantity, ...]:
    """:func:`extract_quantities`, memoised (``Quantity`` is frozen: the tuple is shared)."""
    masked = mask_dates(text)
    out: list[Quantity] = []
    for m in _QTY_RE.finditer(masked):
        unit = canonical_unit(m.group("unit"))
        sign = -1.0 if m.group("neg") else 1.0
        parts = [("a", sign)] + ([("b", 1.0)] if m.group("b") else [])
        before = masked[max(0, m.start() - 30) : m.start()]
        ref = (
            (bool(m.group("b")) and bool(_REF_CUE_RE.search(before)))
            or bool(_BOUND_CUE_RE.search(before))
            or (not m.group("unit") and bool(_RATIO_AFTER_RE.match(masked, m.end())))
        )
        for g, s in parts:
            raw = m.group(g)
            value = s * float(raw.replace(",", ""))
            start = m.start("neg") if (g == "a" and m.group("neg")) else m.start(g)
            lab = _lab_before(masked, start) if (labs and g == "a") else ""
            out.append(
                Quantity(
                    value,
                    ("-" if s < 0 else "") + raw,
                    _decimals(raw),
                    unit,
                    start,
                    m.end(),
                    lab,
                    bool(m.group("b")),
                    ref,
                )
            )
    # inherit labs along chains: "K 5.2 -> 5.8", "from 1.2 to 2.1"
    chained: list[Quantity] = []
    for q in out:
        if not q.lab and chained:
            prev = chained[-1]
            gap = masked[prev.end : q.start] if prev.end <= q.start else ""
            if prev.lab and _CHAIN_RE.fullmatch(gap):
                q = Quantity(
                    q.value,
                    q.text,
                    q.decimals,
                    q.unit,
                    q.start,
                    q.end,
                    prev.lab,
                    q.in_range,
                    q.reference,
                )
        chained.append(q)
    return tuple(chained)


def matches_value(
    stated: Quantity,
    target: float,
    *,
    tolerance: float = 0.0,
    factor: float = 1.0,
    offset: float = 0.0,
    decimals: int | None = None,
) -> bool:
    """Whether a stated number equals ``target`` (converted by ``factor``/``offset``) up to rounding.

    ``decimals`` is the precision the target is quoted with (default: as printed).

    Same unit: the slack is ``tolerance`` plus half a unit of the target's last printed
    decimal (``5.8`` matches ``5.80`` and ``5.84``); a stated number that keeps at least one
    decimal but one fewer than the target also matches when it is the target rounded
    (``5.8`` for ``5.83``). Converted: the slack is ``tolerance * factor`` plus the target's
    half unit times ``factor`` plus half a unit of the stated number's last decimal
    (``106 umol/L`` for ``1.2 mg/dL``).
    """
    d_t = printed_decimals(target) if decimals is None else decimals
    d_s = stated.decimals
    if (factor, offset) == (1.0, 0.0):
        slack = tolerance + 0.5 * 10 ** (-d_t)
        if 1 <= d_s == d_t - 1:
            slack = max(slack, tolerance + 0.5 * 10 ** (-d_s))
        if abs(stated.value - target) <= slack + 1e-9:
            return True
        # rounded to fewer decimals as clinicians quote (Hb 10.9 -> "11"), when that
        # changes the value by at most 2 %
        return (
            d_s < d_t
            and target != 0
            and abs(round(target, d_s) - stated.value) < 1e-9
            and abs(stated.value - target) <= 0.02 * abs(target)
        )
    expected = target * factor + offset
    slack = (
        abs(tolerance * factor) + 0.5 * 10 ** (-d_t) * abs(factor) + 0.5 * 10 ** (-d_s)
    )
    return abs(stated.value - expected) <= slack + 1e-9


def rounds_to(
    stated: Quantity, observed: Quantity, *, factor: float = 1.0, offset: float = 0.0
) -> bool:
    """Whether ``stated`` is ``observed`` (converted), as written or rounded to fewer decimals."""
    expected = observed.value * factor + offset
    slack = 0.5 * 10 ** (-min(stated.decimals, observed.decimals))
    if (factor, offset) != (1.0, 0.0):
        slack = 0.5 * 10 ** (-observed.decimals) * abs(factor) + 0.5 * 10 ** (
            -stated.decimals
        )
    return abs(stated.value - expected) <= slack + 1e-9


def printed_decimals(value: float) -> int:
    """Decimals of the shortest printing of ``value`` (``5.8`` -> 1, ``5.0`` -> 0, ``138`` -> 0)."""
    if isinstance(value, int) or float(value).is_integer():
        return 0
    text = repr(float(value))
    if "e" in text:
        return max(0, -int(math.floor(math.log10(abs(value))))) + 1
    return len(text.split(".", 1)[1])


# ---------------------------------------------------------------- spelled numbers
_EN_ONES = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_EN_TENS = {
    w: 10 * i
    for i, w in enumerate(
        "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
    )
    if i >= 2
}
_EN_DIGIT = "|".join(w for w, i in _EN_ONES.items() if i < 10)
_EN_BELOW_100 = rf"(?:(?:{'|'.join(_EN_TENS)})(?:[- ](?:{_EN_DIGIT}))?|{'|'.join(sorted(_EN_ONES, key=len, reverse=True))})"
_EN_INT = (
    rf"(?:(?:{_EN_DIGIT})\s+hundred(?:\s+(?:and\s+)?{_EN_BELOW_100})?|{_EN_BELOW_100})"
)
#: A lab unit right after a spelled whole number (a concentration, a count per volume, %).
_LAB_UNIT_AHEAD = r"(?=\s*(?:[A-Za-zµμ]+/[A-Za-zµμ0-9^]+|%|mmHg)(?![A-Za-z]))"
_EN_SPELLED_RE = re.compile(
    rf"\b(?P<int>{_EN_INT})(?:\s+point(?P<frac>(?:\s+(?:{_EN_DIGIT}))+)\b|{_LAB_UNIT_AHEAD}\b)",
    re.I,
)
_ZH_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}
_ZH_SPELLED_RE = re.compile(
    r"(?<![零一二两三四五六七八九十百])(?P<int>[零一二两三四五六七八九十百]+)"
    rf"(?:点(?P<frac>[零一二三四五六七八九]+)|{_LAB_UNIT_AHEAD})"
)


def _en_int(words: str) -> int:
    total = 0
    for w in re.split(r"[\s-]+", words.lower()):
        if w == "hundred":
            total *= 100
        elif w in _EN_TENS:
            total += _EN_TENS[w]
        elif w in _EN_ONES:
            total += _EN_ONES[w]
    return total


def _zh_int(chars: str) -> int | None:
    total, digit = 0, None
    for ch in chars:
        if ch in _ZH_DIGITS:
            digit = _ZH_DIGITS[ch]
        elif ch in "十百":
            total += (1 if digit is None else digit) * (10 if ch == "十" else 100)
            digit = None
    return total + (digit or 0)


def _en_spelled(m: re.Match[str]) -> str:
    frac = "".join(str(_EN_ONES[w.lower()]) for w in (m["frac"] or "").split())
    return str(_en_int(m["int"])) + (f".{frac}" if frac else "")


def _zh_spelled(
    m: re.Match[str], whole: Callable[[str], int | None] | None = None
) -> str:
    """A Chinese number in words (``int`` and optional ``frac`` groups) in digits; ``whole``
    reads the integer part (default :func:`_zh_int`)."""
    value = (whole or _zh_int)(m["int"])
    if value is None:
        return m.group(0)
    frac = "".join(str(_ZH_DIGITS[c]) for c in m["frac"] or "")
    return str(value) + (f".{frac}" if frac else "")


@functools.lru_cache(maxsize=4096)
def spelled_to_digits(text: str) -> str:
    """``text`` with lab values written in words turned into digits: a decimal ("five point
    eight", "四点七") anywhere, a whole number ("one hundred twenty", "一百二十") only right
    before a lab unit (mg/dL, K/uL, %), so "one unit of blood" or 每日一次 stay words."""
    if not any(c.isalpha() for c in text):
        return text
    text = _EN_SPELLED_RE.sub(_en_spelled, text)
    return _ZH_SPELLED_RE.sub(_zh_spelled, text) if has_cjk(text) else text


# ---------------------------------------------------------------- doses said in words
#: Dose unit words -> the abbreviation the dose readers know (EN spelled out, ZH).
DOSE_UNIT_WORDS: dict[str, str] = {
    "milligrams": "mg",
    "milligram": "mg",
    "milligrammes": "mg",
    "micrograms": "mcg",
    "microgram": "mcg",
    "milliequivalents": "mEq",
    "milliequivalent": "mEq",
    "millimoles": "mmol",
    "millimole": "mmol",
    "milliliters": "mL",
    "milliliter": "mL",
    "millilitres": "mL",
    "millilitre": "mL",
    "grams": "g",
    "gram": "g",
    "international units": "units",
    "毫当量": "mEq",
    "毫摩尔": "mmol",
    "微克": "mcg",
    "毫克": "mg",
    "毫升": "mL",
    "单位": "单位",
    "克": "克",
}
_DOSE_UNIT_AHEAD_EN = (
    r"(?=\s*(?:mg|mcg|µg|meq|mmol|ml|g|units?|iu|"
    + "|".join(w for w in DOSE_UNIT_WORDS if w.isascii())
    + r")\b)"
)
_EN_BIG = rf"(?:{_EN_INT})(?:\s+thousand(?:\s+(?:and\s+)?{_EN_INT})?)?"
_EN_DOSE_NUMBER_RE = re.compile(rf"\b(?P<int>{_EN_BIG}){_DOSE_UNIT_AHEAD_EN}", re.I)
_ZH_DOSE_NUMBER_RE = re.compile(
    r"(?<![零一二两三四五六七八九十百千万\d])(?P<int>[零一二两三四五六七八九十百千万]+)"
    r"(?:点(?P<frac>[零一二三四五六七八九]+))?"
    r"(?=\s*(?:毫当量|毫摩尔|微克|毫克|毫升|单位|克|mg|mcg|meq|mmol|ml|units?)"
    r"(?![A-Za-z]))",
    re.I,
)
_EN_UNIT_WORD_RE = re.compile(
    r"(?<=\d)\s*(?:"
    + "|".join(
        sorted((w for w in DOSE_UNIT_WORDS if w.isascii()), key=len, reverse=True)
    )
    + r")\b",
    re.I,
)
_ZH_UNIT_WORD_RE = re.compile(r"(?<=\d)\s*(毫当量|毫摩尔|微克)")


def _en_big(words: str) -> int:
    low = words.lower()
    if "thousand" not in low:
        return _en_int(low)
    head, _, tail = low.partition("thousand")
    return _en_int(head) * 1000 + _en_int(tail.removeprefix(" and "))


def zh_number(chars: str) -> int | None:
    """A whole number written in Chinese numerals (十, 一百二十, 两千五百, 一万), ``None``."""
    return _zh_big(chars)


def _zh_big(chars: str) -> int | None:
    if "万" in chars:
        head, _, tail = chars.partition("万")
        high = _zh_big(head) if head else 1
        low = _zh_big(tail) if tail else 0
        return None if high is None or low is None else high * 10000 + low
    if "千" in chars:
        head, _, tail = chars.partition("千")
        high = _zh_int(head) if head else 1
        low = _zh_int(tail) if tail else 0
        return None if high is None or low is None else high * 1000 + low
    return _zh_int(chars)


def _zh_dose_number(m: re.Match[str]) -> str:
    return _zh_spelled(m, _zh_big)


@functools.lru_cache(maxsize=4096)
def spoken_doses(text: str) -> str:
    """``text`` with doses said in words written as a dose reader reads them: a whole
    number in words right before a dose unit ("forty milliequivalents", "five thousand
    units", 十毫克, 一百单位, 两千五百单位) in digits, and a spelled dose unit after a number
    (milligrams, micrograms, milliequivalents, millilitres, grams, 毫当量, 微克, 毫摩尔) as
    its abbreviation. Only the instruction reader uses it: a dose is an order's, a lab
    value's words are :func:`spelled_to_digits`'s."""
    if not any(c.isalpha() for c in text):
        return text
    out = _EN_DOSE_NUMBER_RE.sub(lambda m: str(_en_big(m["int"])), text)
    out = _EN_UNIT_WORD_RE.sub(
        lambda m: " " + DOSE_UNIT_WORDS[m.group(0).strip().lower()], out
    )
    if has_cjk(out):
        out = _ZH_DOSE_NUMBER_RE.sub(_zh_dose_number, out)
        out = _ZH_UNIT_WORD_RE.sub(lambda m: DOSE_UNIT_WORDS[m.group(1)], out)
    return out
