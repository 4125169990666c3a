"""Read an answer into claims: what is said, bound to what it is said about.

A claim binds a stated value, flag, trend or decision to a *subject* (an analyte, a score, a
drug or therapy): ``potassium = 5.8 mmol/L``, ``potassium is high``, ``WBC falling``,
``lisinopril: hold``. Rubric items are then checked against claims about their own subject,
so a right number said about the wrong analyte does not count, and a contradicting claim
about the right one makes the item fail.

Binding rule (EN and ZH): a descriptor belongs to the nearest subject before it in its clause
(clauses split at , ; : and "but"/但), else the nearest after it in the clause, else the
nearest before it in its sentence, else the last subject named earlier in the answer
(pronoun reference: "It is high"). A descriptor with no subject anywhere before or in its
sentence is *unbound*; it counts for an item only when the answer names no other subject
of that item's kind.

Score breakdowns: a number right after a score component or the age ("高血压 1 分", "age
60", "a 60-year-old") is about that component (``component:hypertension``,
``component:age``), not about the score nor a measurement; a total ("共 2 分", "9 in
total") is about the score named before it.

Pasted tool output is not a claim about anything: an answer line that reproduces a line of a
tool result verbatim (with its date or id) is dropped before reading. Numbers written with a
unit the vocabulary does not know (``mEq/dL``) are kept with ``unknown_unit`` so that they
never match a value.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from physassist_env.grading import frames as fr
from physassist_env.grading import text as tx
from physassist_env.grading.shown import pasted_lines, shown_text
from physassist_env.vocab import stance as st
from physassist_env.vocab.decisions import (
    DECISION_WORDS,
    NEGATED_DECISION,
    NOT_DECISION,
    Decision,
)
from physassist_env.vocab.descriptors import (
    ORDINARY_BY_OUTCOME,
    ORDINARY_EXPECTED,
    TREND_UNSTEADY,
)
from physassist_env.vocab.drugs import drug_names
from physassist_env.vocab.frequencies import schedule_spans
from physassist_env.vocab.index import SpanSet, TermIndex, inflected
from physassist_env.vocab.lay import CLASS_LAY_THERAPY, lay_key, lay_names
from physassist_env.vocab.modality import DISREGARD_VERB
from physassist_env.vocab.qualifiers import QUALIFIER_WORDS
from physassist_env.vocab.subjects import (
    COMPONENT_NAMES,
    EMBEDDED_ANALYTE,
    SUBJECT_ABBREVIATIONS,
    SUBJECT_NAMES,
)
from physassist_env.vocab.units import UnitKind

#: Every drug, brand and therapy-class name -> ``drug:<generic>`` (the vocabulary's drugs,
#: which include every member of the scenario generator's safety and antibiotic classes).
DRUG_NAMES: dict[str, str] = drug_names()


@dataclass(frozen=True)
class Subject:
    """A named subject in the answer: ``key`` (canonical) and where it is written."""

    key: str
    text: str
    start: int
    end: int

    @property
    def kind(self) -> str:
        """``drug``, ``score``, ``component`` (a score item or the age) or ``analyte``."""
        return self.key.split(":", 1)[0] if ":" in self.key else "analyte"


@dataclass(frozen=True)
class Claim:
    """One assertion of the answer.

    Attributes:
        kind: ``value``, ``flag``, ``trend`` or ``decision``.
        subject: Canonical key of what it is about (``""`` when unbound).
        label: The direction (flag/trend) or decision (``stop``, ``continue``...); ``""`` for values.
        quantity: The stated number (value claims).
        negated: Whether a negation governs the wording (decisions fold it into ``label``).
        text: The words the claim rests on (for reasons).
        unknown_unit: A unit the vocabulary does not know was written after the number.
        qualifier: Which value of the series the number is said to be (``peak``,
            ``baseline``, ``latest``...; :mod:`physassist_env.vocab.qualifiers`), ``""``
            when no qualifier word introduces it (value claims).
        start: Where the claim's words start in the text read (flags, trends and
            decisions; values have their quantity's offsets), ``-1`` when not recorded.
        qualifier_text: The qualifier as written ("now", "latest", 目前), ``""`` when none.
        frame: The words of a frame that reversed the claim ("would be a mistake",
            是错误的; :mod:`~physassist_env.grading.frames`) or left it open ("?",
            "whether", 由您决定), ``""`` when none.
        condition: For a decision, the words that make it a plan under a condition or a
            later step ("once", "if", "then", 待; :func:`~physassist_env.grading.frames.conditions`),
            ``""`` when it is decided now.
        stated: For a negated or reversed decision, the decision its action word states
            before the negation ("stop" in "not recommending that we stop it"), ``""``
            otherwise (issue #35, eleventh pass: a rejected option rejects only itself).
    """

    kind: str
    subject: str
    label: str = ""
    quantity: tx.Quantity | None = None
    negated: bool = False
    text: str = ""
    unknown_unit: bool = False
    qualifier: str = ""
    start: int = -1
    qualifier_text: str = ""
    frame: str = ""
    condition: str = ""
    stated: str = ""

    def describe(self) -> str:
        """The claim in words (used in verdict reasons)."""
        about = self.subject or "(unbound)"
        if self.kind == "value" and self.quantity is not None:
            unit = " [unknown unit]" if self.unknown_unit else ""
            which = f" ({self.qualifier})" if self.qualifier else ""
            return f"{about}{which} = {self.quantity}{unit}"
        neg = "not " if self.negated and self.kind != "decision" else ""
        framed = f" in the frame {self.frame!r}" if self.frame else ""
        later = f" ({self.condition} ...)" if self.condition else ""
        return f"{about}: {neg}{self.label} ({self.text!r}){framed}{later}"


#: Wording that leaves a decision open ("may or may not", "可能……也可能……"): an answer that
#: hedges states no decision, whatever else it says.
HEDGE_RE = re.compile(
    r"\bmay or may not\b|\bmight or might not\b|\bcould go either way\b|\beither\b.{0,60}\bor\b"
    r"|\bor maybe\b|\bor possibly\b|\bnot sure\b|\bhard to say\b|\bunclear whether\b"
    # a choice called even (seventh pass): "a toss-up", "a coin flip", "50/50", 两可, 五五开
    r"|\btoss-?up\b|\bcoin[-\s]?(?:flip|toss)\b|\b50[/-]50\b|\bfifty[-\s]fifty\b"
    r"|\bsix of one\b|\bevenly balanced\b|\bcould (?:go|be argued) (?:both|either) ways?\b"
    r"|\bno clear (?:answer|winner|right answer)\b|\bjudg(?:e)?ment call\b"
    r"|\ba (?:good )?case (?:to be made )?for both\b|拿不准|吃不准"
    r"|可能.{0,16}也可能|也可能不|不一定|不确定|说不准|难以判断"
    r"|两可|五五开|见仁见智|(?:可|能)(\w)(?:可|能)不\1|怎么(?:做|处理)都(?:行|可以)|各有道理",
    re.I | re.S,
)


def hedge_of(text: str) -> str:
    """The wording that leaves a decision open (:data:`HEDGE_RE`), ``""`` when none."""
    m = HEDGE_RE.search(text)
    return m.group(0) if m else ""


#: More unbound numbers than this (numbers with no subject anywhere) is a list of values,
#: not an answer about anything: unbound numbers then count for no item.
MAX_UNBOUND_VALUES = 3


@dataclass
class Claims:
    """Every claim of an answer, with the subjects it names (and the statements it leaves
    open)."""

    text: str
    subjects: list[Subject] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    #: Decisions, flags and trends said inside an open frame (a question, "whether", a
    #: decision handed back): read, but not claimed.
    open: list[Claim] = field(default_factory=list)

    @property
    def hedged(self) -> str:
        """The hedge wording of the answer, ``""`` when it commits."""
        return hedge_of(self.text)

    def about(self, keys: Iterable[str], kind: str) -> list[Claim]:
        """Claims of ``kind`` about any of ``keys``, plus unbound ones when the answer names
        no subject of the keys' kind other than those keys."""
        keys = set(keys)
        bound = [c for c in self.claims if c.kind == kind and c.subject in keys]
        kinds = {k.split(":", 1)[0] if ":" in k else "analyte" for k in keys}
        others = [s for s in self.subjects if s.kind in kinds and s.key not in keys]
        unbound = [c for c in self.claims if c.kind == kind and not c.subject]
        if kind == "value":
            distinct = {c.quantity.value for c in unbound if c.quantity is not None}
            if len(distinct) > MAX_UNBOUND_VALUES:
                unbound = []
        if not others:
            bound += unbound
        return bound


# ---------------------------------------------------------------- subjects
_NAMES: TermIndex[str] = TermIndex(
    {
        **{k: v for k, v in EMBEDDED_ANALYTE.items()},
        **DRUG_NAMES,
        **SUBJECT_NAMES,
        **COMPONENT_NAMES,
    }
)
_ABBREVIATIONS: TermIndex[str] = TermIndex(SUBJECT_ABBREVIATIONS, case_sensitive=True)


@functools.lru_cache(maxsize=2048)
def _extra_index(extra: tuple[str, ...]) -> TermIndex[str]:
    return TermIndex({t: _term_key(t) for t in extra})


def _term_key(term: str) -> str:
    """The key of an item term: the vocabulary's, a lay drug name's (``lay:water pill``), or
    the term itself (``term:<lowercase>``)."""
    return subject_key(term) or lay_key(term) or f"term:{term.strip().lower()}"


def subject_key(term: str) -> str:
    """The canonical key of a subject name (``K`` -> ``potassium``), or ``""``."""
    t = term.strip()
    if t in SUBJECT_ABBREVIATIONS:
        return SUBJECT_ABBREVIATIONS[t]
    low = t.lower()
    return (
        SUBJECT_NAMES.get(low) or DRUG_NAMES.get(low) or EMBEDDED_ANALYTE.get(low) or ""
    )


#: Lay drug names that the vocabulary does not key (``water pill``, 降压药), found as
#: subjects when binding a patient's words (:func:`bound_mentions`).
LAY_TERMS: tuple[str, ...] = tuple(n for n in lay_names() if not subject_key(n))


def with_class_lay_names(terms: Sequence[str]) -> list[str]:
    """``terms`` plus the lay names of every therapy class among them ("blood thinner" for
    anticoagulation: :data:`~physassist_env.vocab.lay.CLASS_LAY_THERAPY`), so a decision
    said with the lay name is about the class."""
    classes = {
        k.split(":", 2)[2] for k in keys_of(terms) if k.startswith("drug:class:")
    }
    extra = [name for name, cls in CLASS_LAY_THERAPY.items() if cls in classes]
    return [*terms, *extra] if extra else list(terms)


def keys_of(terms: Sequence[str]) -> set[str]:
    """Canonical keys of item terms; a term the vocabulary does not know keys itself
    (``term:<lowercase>``), so a record-specific drug name still works as a subject."""
    return {_term_key(t) for t in terms if t.strip()}


def find_subjects(text: str, extra: Sequence[str] = ()) -> list[Subject]:
    """Subjects named in ``text``: vocabulary names and abbreviations, plus ``extra`` terms
    (longest match wins; an unknown extra term keys itself, see :func:`keys_of`)."""
    found: list[Subject] = []
    taken = SpanSet()

    def add(start: int, end: int, key: str) -> None:
        if key and taken.add(start, end):
            found.append(Subject(key, text[start:end], start, end))

    extra_terms = tuple(sorted({e.strip() for e in extra if e.strip()}))
    candidates: list[tuple[int, int, str]] = []
    if extra_terms:
        candidates += [
            (h.start, h.end, h.value) for h in _extra_index(extra_terms).find(text)
        ]
    candidates += _vocabulary_candidates(text)
    for start, end, key in sorted(candidates, key=lambda c: (-(c[1] - c[0]), c[0])):
        add(start, end, key)
    return sorted(found, key=lambda s: s.start)


@functools.lru_cache(maxsize=8192)
def _vocabulary_candidates(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, key) of the vocabulary's names, abbreviations and drug-class phrases
    in ``text``, in :func:`find_subjects`' order (memoised per text: the same result line
    is read for subjects with different extra terms)."""
    candidates = [(h.start, h.end, h.value) for h in _NAMES.find(text)]
    for h in _ABBREVIATIONS.find(text):
        before = text[h.start - 1 : h.start]
        after = text[h.end : h.end + 1]
        if before != "/" and after != "/":
            candidates.append((h.start, h.end, h.value))
    # "potassium-sparing diuretic" / "保钾利尿剂" name a drug class, not the analyte: the
    # longer class span wins over "potassium", so a flag beside it binds to the class.
    candidates += [
        (m.start(), m.end(), "class:k_sparing") for m in _K_SPARING_RE.finditer(text)
    ]
    if "'s" in text or "’s" in text:
        # "the potassium's not a concern", "K's fine": the name before 's (the word index
        # reads "potassium's" as one word)
        for m in _APOSTROPHE_S_RE.finditer(text):
            key = subject_key(m.group(1))
            if key:
                candidates.append((m.start(1), m.end(1), key))
    return tuple(candidates)


_APOSTROPHE_S_RE = re.compile(r"(?<![\w'’])([A-Za-z][A-Za-z0-9+]*)['’]s\b")


_K_SPARING_RE = re.compile(
    r"\b(?:potassium|K\+?)[-\s]sparing(?:\s+diuretics?)?|保钾(?:利尿剂|利尿药)?", re.I
)


# ---------------------------------------------------------------- pasted output
def strip_pasted(answer: str, observations: Sequence[str]) -> str:
    """The answer as shown (:func:`~physassist_env.grading.shown.shown_text`: normalised,
    hidden parts dropped) with the lines pasted from tool results blanked
    (:func:`_strip_pasted`; memoised per answer and observations)."""
    return _strip_pasted(shown_text(answer), tuple(observations))


@functools.lru_cache(maxsize=4096)
def _strip_pasted(answer: str, observations: tuple[str, ...]) -> str:
    """``answer`` with every line that reproduces a tool-result line
    (:func:`~physassist_env.grading.shown.pasted_lines`) blanked, and everything before
    the answer's last whole retraction (:func:`~physassist_env.grading.frames.retracted_until`).
    Offsets are kept (the text is replaced by spaces)."""
    answer = fr.blank_unasserted(
        answer
    )  # "Keywords: ...", "Struck out, do not use: ..."
    taken_back = fr.retracted_until(answer)
    if taken_back:  # "...; all of that is backwards": a reader keeps only what follows
        answer = re.sub(r"[^\n]", " ", answer[:taken_back]) + answer[taken_back:]
    if not observations:
        return answer
    lines = answer.split("\n")
    flags = pasted_lines(answer, observations)
    return "\n".join(
        " " * len(line) if pasted else line
        for line, pasted in zip(lines, flags, strict=True)
    )


# ---------------------------------------------------------------- binding
class SubjectIndex:
    """The subjects of a text sorted by position, per set of kinds, for binding in
    logarithmic time (a number-dense answer names thousands of subjects)."""

    def __init__(self, subjects: Sequence[Subject]):
        self.subjects = sorted(subjects, key=lambda s: s.start)
        self._by_kinds: dict[frozenset[str], tuple[list[int], list[Subject]]] = {}

    def of(self, kinds: frozenset[str]) -> tuple[list[int], list[Subject]]:
        """Starts and subjects of the given kinds, in text order."""
        got = self._by_kinds.get(kinds)
        if got is None:
            subs = [s for s in self.subjects if s.kind in kinds]
            got = ([s.start for s in subs], subs)
            self._by_kinds[kinds] = got
        return got

    def last_before(
        self,
        kinds: frozenset[str],
        lo: int,
        pos: int,
        keep: Callable[[Subject], bool] = lambda s: True,
    ) -> Subject | None:
        """The last subject ending at or before ``pos`` and starting at or after ``lo``."""
        starts, subs = self.of(kinds)
        i = bisect.bisect_right(starts, pos) - 1
        while i >= 0 and starts[i] >= lo:
            s = subs[i]
            if s.end <= pos and keep(s):
                return s
            i -= 1
        return None

    def first_after(
        self,
        kinds: frozenset[str],
        pos: int,
        hi: int,
        keep: Callable[[Subject], bool] = lambda s: True,
    ) -> Subject | None:
        """The first subject starting in [pos, hi)."""
        starts, subs = self.of(kinds)
        i = bisect.bisect_left(starts, pos)
        while i < len(starts) and starts[i] < hi:
            if keep(subs[i]):
                return subs[i]
            i += 1
        return None


@functools.lru_cache(maxsize=64)
def _without_components(kinds: frozenset[str]) -> frozenset[str]:
    return kinds - {"component"}


#: Subject kinds a value, a score total, a flag or trend, a decision binds to.
_VALUE_KINDS = frozenset({"analyte", "score", "drug", "term"})
_VALUE_KINDS_COMPONENT = _VALUE_KINDS | {"component"}
_TOTAL_KINDS = frozenset({"score", "term"})
_FINDING_KINDS = frozenset({"analyte", "score", "term"})
_DECISION_KINDS = frozenset({"drug", "term", "lay"})


def _index(subjects: Sequence[Subject] | SubjectIndex) -> SubjectIndex:
    return subjects if isinstance(subjects, SubjectIndex) else SubjectIndex(subjects)


def _bind(
    pos: int,
    end: int,
    text: str,
    subjects: Sequence[Subject] | SubjectIndex,
    kinds: frozenset[str] | set[str],
    *,
    object_after: bool = False,
    stops: Sequence[int] = (),
    between: tuple[Sequence[int], Sequence[int]] = ((), ()),
) -> str:
    """The subject a descriptor at [pos, end) is about (see the module docstring).

    With ``object_after`` (action verbs, whose object follows in EN and ZH) the nearest
    subject after the word in its clause wins, unless another action word (``stops``,
    sorted) lies between them. A score component (``component`` kind) labels only a number
    with no other number (``between``: the starts and ends of the other numbers, sorted,
    ages aside) and
    no total word between them: in "hypertension 1 and diabetes 1 give 2" the 2 is the
    score's. Each lookup is logarithmic in the number of subjects (:class:`SubjectIndex`).
    """
    index = _index(subjects)
    b_starts, b_ends = between

    def labels(s: Subject) -> bool:
        if s.kind != "component":
            return True
        a, b = (s.end, pos) if s.end <= pos else (end, s.start)
        if _TOTAL_RE.search(text, a, b):
            return False
        i = bisect.bisect_left(b_starts, a)
        return not (i < len(b_starts) and b_ends[i] <= b)

    every = kinds if isinstance(kinds, frozenset) else frozenset(kinds)
    c_start, c_end = tx.clause_bounds(text, pos)
    if object_after:
        i = bisect.bisect_left(stops, end)
        nxt = stops[i] if i < len(stops) else c_end
        s = index.first_after(every, end, min(c_end, nxt), labels)
        if s is not None:
            return s.key
    s = index.last_before(every, c_start, pos, labels)
    if s is not None:
        return s.key
    # a subject the clause names as a circumstance ("58 yesterday on insulin", "while on
    # lisinopril") is not what the number measures
    s = index.first_after(
        every,
        end,
        c_end,
        lambda s: labels(s) and not _circumstance(text, end, s.start),
    )
    if s is not None:
        return s.key
    # A score component labels only the number in its own clause ("高血压 1 分"); a total
    # said after the breakdown ("共 2 分") is about the score named before it.
    plain = _without_components(every)
    if not plain:
        return ""
    s_start, s_end = tx.sentence_bounds(text, pos)
    s = index.last_before(plain, s_start, pos) or index.last_before(plain, 0, pos)
    if s is not None:
        return s.key
    s = index.first_after(
        plain, end, s_end, lambda s: not _circumstance(text, end, s.start)
    )
    return s.key if s is not None else ""


def _bind_in_clause(
    pos: int, end: int, text: str, index: SubjectIndex, kinds: frozenset[str]
) -> str:
    """The subject of its own clause a word is about (the nearest before it, else after
    it); when the clause is the word alone ("Potassium 4.1, fine"), the nearest subject
    before it in its sentence; ``""`` when there is none ("Hold it, okay?", "she looks
    good clinically")."""
    c_start, c_end = tx.clause_bounds(text, pos)
    if _SOFT_PURPOSE_RE.match(text, end):
        return ""  # "fine to restart", "okay for discharge": a plan, not a value
    if _REMAINDER_RE.search(text, c_start, c_end):
        # "otherwise unremarkable", 其余指标没问题: about what the answer did not name;
        # "other labs, including the Cr, unremarkable", 其他化验包括肌酐均无异常: about the
        # analyte it includes by name (issue #35, fifteenth pass)
        inc = _INCLUDED_RE.search(text, c_start, c_end)
        named = index.first_after(kinds, inc.end(), c_end) if inc else None
        return named.key if named is not None else ""
    s = index.last_before(kinds, c_start, pos) or index.first_after(kinds, end, c_end)
    # a row's verdict cell after its separator ("Cr: 2.3 - OK", 血红蛋白：8.1——尚可) is
    # a clause of its own (issue #35, fourteenth pass)
    lead = _CELL_SEP_RE.split(text[c_start:pos])[-1]
    line = text.rfind("\n", 0, pos) + 1
    if s is None and text[line:pos].lstrip().startswith("|"):
        # a table row whose verdict cell stands after its analyte's cell ("| INR | 4.6 |
        # in range |", "| Bilirubin, Total | 2.5 | WNL |"): one statement (fifteenth pass)
        s = index.last_before(kinds, line, pos)
    if s is None and not _LINK_WORDS_RE.sub(
        "", _PRONOUN_RE.sub("", lead + text[end:c_end])
    ):
        s_start, s_end = tx.sentence_bounds(text, pos)
        s = index.last_before(kinds, s_start, pos)
        field = verdict_field(text, pos, end) if s is None else None
        if field is not None:
            # a record's verdict field ("interpretation: reassuring", 判读：正常) after
            # the field that names the result ("creatinine: 2.3 mg/dL"): one statement
            s = index.last_before(kinds, field, s_start)
        if (
            s is None
            and s_start > 0
            and not _LINK_WORDS_RE.sub(
                "", _PRONOUN_RE.sub("", text[s_start:pos] + text[end:s_end])
            )
        ):
            # "Hemoglobin 9.9. It is nothing to worry about.": the sentence before's, else
            # the last one named earlier in the answer (pronoun reference)
            prev_start, _ = tx.sentence_bounds(text, s_start - 1)
            s = index.last_before(kinds, prev_start, s_start) or index.last_before(
                kinds, 0, s_start
            )
    return s.key if s is not None else ""


#: What names the members of a remainder: "other labs, including the K", 其他化验包括肌酐.
_INCLUDED_RE = re.compile(
    r"\b(?:including|incl\.?|such\s+as|among\s+them|notably|especially)|包括|包含|尤其是",
    re.I,
)
#: What parts a row's cells inside a clause: a spaced dash, a long dash, a bar.
_CELL_SEP_RE = re.compile(r"\s[-–—]+\s|[–—]+|\|")
#: A line that is a field's label and nothing else before the word: "interpretation: ",
#: "- status: ", 判读：.
_FIELD_LABEL_RE = re.compile(r"[\s\-*•>]*[^\n:：.。;；]{1,30}[:：]\s*")
#: The end of a field's value: the word is the whole value.
_FIELD_END_RE = re.compile(r"[ \t.。!！]*(?:\n|$)")
#: A line that is a field with a number: "creatinine: 2.3 mg/dL", "- 肌酐：2.3".
_FIELD_VALUE_RE = re.compile(
    r"[\s\-*•>]*[^\n:：.。;；\d]{1,40}(?:[:：]|\s)\s*[<>≤≥~约]?\s*\d"
)


def verdict_field(text: str, pos: int, end: int) -> int | None:
    """Where the field line that names a result starts, when the word at [pos, end) is
    the whole value of a labelled field right after it ("creatinine: 2.3 mg/dL" then
    "interpretation: reassuring", a JSON object read as lines); ``None`` otherwise.
    Issue #35, fourteenth pass: a record's fields are one statement."""
    s_start, _ = tx.sentence_bounds(text, pos)
    if (
        s_start <= 0
        or not _FIELD_LABEL_RE.fullmatch(text, s_start, pos)
        or not _FIELD_END_RE.match(text, end)
    ):
        return None
    prev_start, _ = tx.sentence_bounds(text, s_start - 1)
    return prev_start if _FIELD_VALUE_RE.match(text, prev_start) else None


#: Flag words that also answer a request ("No problem, here are the results", 没问题，
#: 结果如下): opening a sentence and followed by a pause, they are politeness, not a
#: reading of what follows (issue #35, ninth pass: politeness carries no content).
_POLITE_FLAG_WORDS = frozenset({"no problem", "没问题"})
_PAUSE_AFTER = re.compile(r"\s*[,，!！:：]")


def _polite_opener(text: str, start: int, end: int, term: str) -> bool:
    """Whether the flag word at [start, end) is a polite reply opening its sentence."""
    if term.lower() not in _POLITE_FLAG_WORDS:
        return False
    s_start, _ = tx.sentence_bounds(text, start)
    return not text[s_start:start].strip(" \t\n*->#") and bool(
        _PAUSE_AFTER.match(text, end)
    )


def _of_the_rest(text: str, pos: int, index: SubjectIndex) -> bool:
    """Whether the clause of a descriptor at ``pos`` speaks of the rest (a remainder word,
    :data:`_REMAINDER_RE`) and names no subject of its own."""
    c_start, c_end = tx.clause_bounds(text, pos)
    return bool(_REMAINDER_RE.search(text, c_start, c_end)) and (
        index.first_after(_FINDING_KINDS, c_start, c_end) is None
    )


#: What a soft word says of the rest, not of a subject named: "otherwise", "the rest of
#: the panel", "everything else", 其余, 其他, 除此之外.
_REMAINDER_RE = re.compile(
    r"\b(?:otherwise|the\s+rest|everything\s+else|all\s+else|anything\s+else|remaining|"
    r"the\s+others?|other\s+(?:labs?|values?|results?|tests?|numbers?|electrolytes?|markers?|"
    r"parameters?|findings?)|apart\s+from\s+(?:that|this)|aside\s+from\s+(?:that|this)|"
    r"besides\s+(?:that|this)|beyond\s+that)\b"
    r"|其余|其他|其它|余下|剩下的?|别的|除此之外|除此以外|此外",
    re.I,
)


#: A soft word that judges a plan, not a value: "fine to restart", "okay for discharge".
#: "ordinary for her" judges the value in the patient, not a plan.
_SOFT_PURPOSE_RE = re.compile(
    r"\s+(?:to|for(?!\s+(?:now|him|her|them|this\s+patient|the\s+patient|his|their)\b))\b",
    re.I,
)
#: A sentence that is a soft word about what was just said: "It is fine.", "This is not a
#: concern.", 这个问题不大。
_PRONOUN_RE = re.compile(
    r"\b(?:it's|it’s|that's|that’s|its|it|this|that|these|those)\b|这个|这|此|其|它",
    re.I,
)


#: What may stand beside a soft flag word that is a clause of its own: "which is", "all",
#: "still", 都, 还.
_LINK_WORDS_RE = re.compile(
    r"[\s.!?;；。，,]+|\b(?:which|that|is|are|was|looks?|seems?|all|pretty|quite|really|still|"
    r"now|and|for\s+now|so\s+far|at\s+present|at\s+the\s+moment|at\s+this\s+point|"
    r"overall|honestly|probably|likely|clearly|certainly|frankly|entirely|completely|I|"
    r"for\s+(?:him|her|them|this\s+patient|the\s+patient)|there|here|either|too|"
    r"as\s+well|on\s+that\s+front|in\s+that\s+respect|"
    # a degree word ("it's right where it should be", "totally fine", 完全)
    r"right|just|exactly|totally|perfectly|absolutely|very|bang|spot)\b|完全|非常|很|"
    r"都|还|也|的|了|吧|目前|暂时|总体|总体来说|整体|属于|属|情况|这方面|这一项|这项",
    re.I,
)


#: Words that make the subject after them a circumstance of a value, not its subject.
_CIRCUMSTANCE_RE = re.compile(
    r"\b(?:on|off|while on|despite)\s+(?:(?:the|his|her|their|iv|po|sc)\s+)?$",
    re.IGNORECASE,
)
#: A number with a dose unit: a dose may name its drug after "on" ("40 units on the
#: glargine"), a lab value does not.
_DOSE_AFTER_RE = re.compile(
    r"\d\s*(?:mg|mcg|g|units?|iu|ml|meq|mmol)(?![/\w])", re.IGNORECASE
)


def _circumstance(text: str, end: int, start: int) -> bool:
    """Whether the subject at ``start`` is a circumstance of the value ending at ``end``
    ("58 yesterday on insulin"): introduced by "on" / "while on" / "despite" and the value
    is not a dose."""
    return bool(_CIRCUMSTANCE_RE.search(text, end, start)) and not (
        _DOSE_AFTER_RE.search(text[max(0, end - 8) : end + 8])
    )


#: A dosing word between a lab's name and a number: "dose", "give", 用, 剂量, 给予.
_DOSING_WORD_RE = re.compile(
    r"\b(?:doses?|dosed|dosing|give|given|use|used|take|reduce\s+to)\b|用|剂量|给予|予以",
    re.I,
)


def _interval(q: tx.Quantity) -> bool:
    """Whether ``q`` is a span of time ("in 1-2 days", 4 小时后): no lab's value (a count,
    "4 次", may still count a lab's results)."""
    return q.kind == UnitKind.TIME and q.unit not in ("times", "year")


def _dosed_after_lab(text: str, q: tx.Quantity, index: SubjectIndex) -> bool:
    """Whether the number ``q`` is a dose said after a lab's name in its sentence, behind a
    dosing word ("with a raised creatinine, use 2.5 mg", 肌酐升高时按说明书用 2.5 mg): a
    number with a dose unit there is a drug's dose, not the lab's value."""
    if q.kind != UnitKind.DOSE:
        return False
    lo, _ = tx.sentence_bounds(text, q.start)
    lab = index.last_before(frozenset({"analyte"}), lo, q.start)
    return lab is not None and bool(_DOSING_WORD_RE.search(text, lab.end, q.start))


_SLASH_UNIT_RE = re.compile(r"/[A-Za-zµμ]")
_UNKNOWN_UNIT_RE = re.compile(
    r"\s*([A-Za-zµμ]+(?:/[A-Za-zµμ0-9^]+)+|[x×*]?\s?10\^?\d+\s?/\s?[A-Za-zµμ]+)", re.I
)


def _unknown_unit(text: str, q: tx.Quantity) -> bool:
    """A unit-like word right after the number that the vocabulary did not read
    (``mEq/dL``), or a known unit continued by ``/something`` (``UNIT/kg``)."""
    if q.unit:
        return bool(_SLASH_UNIT_RE.match(text, q.end))
    return bool(_UNKNOWN_UNIT_RE.match(text, q.end))


_DECISION_TERMS: list[tuple[str, Decision]] = sorted(
    ((w, d) for d, words in DECISION_WORDS.items() for w in words),
    key=lambda x: len(x[0]),
    reverse=True,
)


_DECISION_INDEX: TermIndex[tuple[str, Decision | None]] = TermIndex(
    {
        **{
            form: (word, None)
            for word in NOT_DECISION
            for form in inflected([word], tx.inflections)
        },
        **{
            form: (word, decision)
            for word, decision in _DECISION_TERMS
            for form in inflected([word], tx.inflections)
        },
    }
)


#: An action word used as a noun of time ("WBC was 19.6 at the start", "from the start"):
#: no decision.
_NOUN_OF_TIME_RE = re.compile(r"\b(?:at|from|since|by|before|after)\s+the\s+$", re.I)


@functools.lru_cache(maxsize=4096)
def _decision_matches(text: str) -> tuple[tuple[int, int, str, Decision], ...]:
    return tuple(
        (h.start, h.end, h.text, h.value[1])
        for h in _DECISION_INDEX.find(text)
        if h.value[1] is not None  # "keep an eye on" decides nothing
        and not _NOUN_OF_TIME_RE.search(text[max(0, h.start - 16) : h.start])
    )


#: "which is" / "that was now" right before a flag or trend word.
_RELATIVE_STATE_RE = re.compile(
    r"\b(?:which|that)\s+(?:is|was|are|were|remains?)\s+(?:now\s+|still\s+)?$", re.I
)
_CHAIN_GAP_RE = re.compile(r"\s*(?:to|on|with|doing)?\s*$", re.I)


def _chained(
    text: str, matches: Sequence[tuple[int, int, str, Decision]]
) -> list[tuple[int, int, str, Decision]]:
    """Drop an action word that governs the next one ("continue to hold" is a hold, "hold off
    on stopping" a negated stop, "继续暂停" a hold): the later word carries the decision."""
    out = []
    for i, m in enumerate(matches):
        nxt = matches[i + 1] if i + 1 < len(matches) else None
        if nxt is not None and nxt[0] >= m[1] and nxt[0] - m[1] <= 8:
            if _CHAIN_GAP_RE.match(text[m[1] : nxt[0]]):
                continue
        out.append(m)
    return out


#: A total after a breakdown ("so the total is 2", "共 2 分"): not a component's points.
_TOTAL_RE = re.compile(
    r"\b(?:total|overall|sum|so|gives?|giving|makes?|in all)\b|共|合计|总分|总计|总共|所以|得分为",
    re.I,
)

#: The narrower cue that makes a bare number a score's total wherever it stands.
_TOTAL_CUE_RE = re.compile(
    r"\b(?:total|overall|in all|sum)\b|共计|合计|总分|总计|总共|共\s*\d", re.I
)

#: An age said with the number: "60-year-old", "75 years old", "80 yo".
_AGE_AFTER_RE = re.compile(r"[\s-]*(?:years?[\s-]*old|y/?o\b|yr[\s-]*old)", re.I)


def _inside(s: Subject, quantities: Sequence[tx.Quantity], starts: list[int]) -> bool:
    """Whether a subject lies inside a number's span (a unit such as ``mmol/L``)."""
    i = bisect.bisect_right(starts, s.start) - 1
    return i >= 0 and quantities[i].end >= s.end


def _overlaps_any(spans: Sequence[tuple[int, int]]) -> Callable[[int, int], bool]:
    """A test of whether [a, b) overlaps one of ``spans`` (logarithmic per test)."""
    ordered = sorted(spans)
    starts = [a for a, _ in ordered]
    reach: list[int] = []
    for _, e in ordered:
        reach.append(max(e, reach[-1]) if reach else e)

    def test(a: int, b: int) -> bool:
        i = bisect.bisect_left(starts, b)
        return i > 0 and reach[i - 1] > a

    return test


@functools.lru_cache(maxsize=4096)
def _read_cached(text: str, extra: tuple[str, ...]) -> Claims:
    quantities = tx.extract_quantities(text)
    q_starts = [q.start for q in quantities]
    found = find_subjects(text, extra)
    if extra and found == find_subjects(text):
        # no rubric term adds a subject: the claims are the text's own, read once for
        # every item (the reading depends on ``extra`` only through the subjects)
        return _read_cached(text, ())
    subjects = [s for s in found if not _inside(s, quantities, q_starts)]
    index = SubjectIndex(subjects)
    claims: list[Claim] = []
    ages = [
        q.unit == "year" or bool(_AGE_AFTER_RE.match(text, q.end)) for q in quantities
    ]
    # the numbers a score component may not reach across: every number but an age
    age_ends = [s.end for s in index.subjects if s.key == "component:age"]

    def after_age(q: tx.Quantity) -> bool:
        """The number right after an age word ("age 70", "年龄 70")."""
        i = bisect.bisect_right(age_ends, q.start) - 1
        return i >= 0 and not text[age_ends[i] : q.start].strip(" :：")

    numbers = [
        o
        for o, o_age in zip(quantities, ages, strict=True)
        if not o_age and not after_age(o)
    ]
    between = ([o.start for o in numbers], [o.end for o in numbers])
    qualifiers = _qualifier_matches(text)
    qualifier_ends = [e for _, e, _ in qualifiers]
    for i, (q, age) in enumerate(zip(quantities, ages, strict=True)):
        if q.reference:
            continue
        if age:
            subject = "component:age"  # "60 岁", "a 60-year-old", "75 years old"
        else:
            # a score component takes a bare number or points ("高血压 1 分"), never a
            # measurement ("高血压，160/95 mmHg" is a blood pressure)
            kinds = _VALUE_KINDS_COMPONENT if q.kind is None else _VALUE_KINDS
            c_start, c_end = tx.clause_bounds(text, q.start)
            if q.kind is None and _TOTAL_CUE_RE.search(text, c_start, c_end):
                # "9 in total", "共 9 分": a total is the score's, not the analyte whose
                # points were listed last ("INR 1.5 (1), ...; 9 in total")
                subject = _bind(q.start, q.end, text, index, _TOTAL_KINDS)
            else:
                subject = ""
            if _interval(q) or _dosed_after_lab(text, q, index):
                # "recheck the INR in 1-2 days", "肌酐升高…时用 2.5 mg": no lab's value
                kinds = kinds - {"analyte"}
            subject = subject or _bind(
                q.start, q.end, text, index, kinds, between=between
            )
        said = _qualifier(
            text, q, q_starts[i - 1] if i else -1, qualifiers, qualifier_ends
        )
        claims.append(
            Claim(
                "value",
                subject,
                quantity=q,
                text=text[q.start : q.end],
                unknown_unit=_unknown_unit(text, q),
                qualifier=said[0],
                qualifier_text=said[1],
            )
        )
    flags, trends = tx.find_flags(text), tx.find_trends(text)
    opened: list[Claim] = []
    for kind, matches in (("flag", flags), ("trend", trends)):
        for m in matches:
            if m.term.startswith("("):  # the EHR's "(H)"/"(L)" markers are not claims
                continue
            embedded = EMBEDDED_ANALYTE.get(m.term.lower())
            if fr.hypothetical_at(text, m.start):
                continue  # "once the potassium is back to normal, restart it": a plan
            if m.term.lower() in _EXPECTED_WORDS and _called_otherwise(text, m, flags):
                continue  # "low, as expected after the bleed": the flag word says it
            if m.term.lower() in _OUTCOME_WORDS and _BEYOND_RE.match(text, m.end):
                continue  # "no action needed beyond a recheck": an action is named
            if _polite_opener(text, m.start, m.end, m.term):
                continue  # "没问题，结果如下：...": politeness carries no content
            if m.term.lower() in tx.SOFT_FLAG_WORDS:
                # "the potassium looks good": said of its own clause's subject only
                subject = _bind_in_clause(m.start, m.end, text, index, _FINDING_KINDS)
                if not subject:
                    continue
            else:
                if not embedded and _of_the_rest(text, m.start, index):
                    continue  # "其余指标没问题", "everything else is normal"
                subject = embedded or _bind(m.start, m.end, text, index, _FINDING_KINDS)
            # "It would be wrong to say the potassium is high", "Is the K high?"
            framed = fr.frame_at(text, m.start, m.end, decision=False)
            negated = bool(fr.negation_outside((m.cue, m.cue_start), framed))
            # "fluctuating", 忽高忽低: the stable word said the other way (fifteenth pass)
            unsteady = kind == "trend" and m.term.lower() in _UNSTEADY
            claim = Claim(
                kind,
                subject,
                m.label,
                negated=(negated != framed.reversed) != unsteady,
                text=m.term,
                start=m.start,
                frame=framed.cue,
            )
            # "Or the WBC is normal; both defensible": a disjunct is offered, not left open
            left_open = framed.open and not _offered(text, m.start)
            (opened if left_open else claims).append(claim)
    described = [
        (c_start, c_end)
        for c_start, c_end, analyte in _descriptor_spans(text, index, [*trends, *flags])
        if analyte
    ]
    # a flag or trend word of a relative clause ("3.4 mEq/L, which is decreased") reads
    # the value before it, not a decision ("decrease") about the next drug
    described += [
        (m.start, m.end)
        for m in [*trends, *flags]
        if _RELATIVE_STATE_RE.search(text, max(0, m.start - 60), m.start)
    ]
    is_described = _overlaps_any(described)
    actions = [
        m
        for m in _chained(text, _decision_matches(text))
        if not is_described(m[0], m[1])
    ]
    decided, left_open = _decisions(text, index, actions)
    return Claims(text, subjects, claims + decided, opened + left_open)


_UNSTEADY = frozenset(w.lower() for w in TREND_UNSTEADY)
#: The ordinary said by the outcome ("no action needed", "as expected", 不必处理, 意料之中).
_OUTCOME_WORDS = frozenset(w.lower() for w in ORDINARY_BY_OUTCOME)
_EXPECTED_WORDS = frozenset(w.lower() for w in ORDINARY_EXPECTED)
#: What names the action a "no action needed" leaves: "beyond a recheck", 除复查外.
_BEYOND_RE = re.compile(
    r"\s*(?:beyond|other\s+than|except(?:\s+for)?|apart\s+from|besides|but|save\s+for)\b",
    re.I,
)


def _called_otherwise(text: str, m: tx.Match, flags: Sequence[tx.Match]) -> bool:
    """Whether the sentence of an outcome word ("no action needed", "as expected") also
    calls a value high, low or abnormal with a flag word: the outcome then explains or
    decides about that value ("K 5.3, high, no action needed beyond a recheck"), it does
    not call it ordinary."""
    s_start, s_end = tx.sentence_bounds(text, m.start)
    return any(
        s_start <= f.start < s_end
        and f.label != "normal"
        and f.term.lower() not in tx.SOFT_FLAG_WORDS
        and not f.term.startswith("(")
        for f in flags
    )


_QUALIFIERS: TermIndex[str] = TermIndex(
    {w: label for label, words in QUALIFIER_WORDS.items() for w in words}
)
#: What may stand between a number (and its unit) and a qualifier said after it: "0.8
#: mg/dL (peak)", "0.6 at baseline", "6.1 was the highest", "0.6 为基线".
_QUALIFIER_AFTER_RE = re.compile(
    r"\s*[(（]?\s*(?:(?:at|is|was|as|being|for)\s+)?(?:(?:the|its|their)\s+)?(?:为|是)?\s*$",
    re.I,
)


@functools.lru_cache(maxsize=4096)
def _qualifier_matches(text: str) -> tuple[tuple[int, int, str], ...]:
    return tuple((h.start, h.end, h.value) for h in _QUALIFIERS.find(text))


def _qualifier(
    text: str,
    q: tx.Quantity,
    previous: int,
    found: tuple[tuple[int, int, str], ...],
    ends: Sequence[int],
) -> tuple[str, str]:
    """The qualifier a number is said under: the nearest qualifier word before it in its
    clause with no other number between ("peak creatinine 0.8", "基线 0.6", "peaked at
    0.8"; ``previous`` is where the number before it starts, ``-1`` when none), else one
    right after it ("0.6 at baseline", "0.8 (peak)"); as (qualifier, its words), ``("",
    "")`` when none. ``found`` are the text's qualifier words, ``ends`` where they end."""
    if not found or q.kind == tx.UnitKind.TIME:  # "the last 3 days" is not a value
        return "", ""
    i = bisect.bisect_right(ends, q.start) - 1
    # "the highest lactate this admission was 2.8": "this admission" is the stay, not the
    # value on admission
    while i >= 0 and _the_stay(text, found[i]):
        i -= 1
    if i >= 0:
        s, e, label = found[i]
        c_start, _ = tx.clause_bounds(text, q.start)
        # only the nearest can qualify: an earlier one is further from the clause's
        # start and has the same numbers between it and this one
        if c_start <= s and previous < e:
            if label == "latest" and _of_an_earlier_period(text, s, e, q.start):
                return "", ""  # "the last value before this admission was 1.5"
            return label, text[s:e]
    j = bisect.bisect_left(ends, q.end)
    while j < len(found) and found[j][0] < q.end:
        j += 1
    if (
        j < len(found)
        and _QUALIFIER_AFTER_RE.fullmatch(text[q.end : found[j][0]])
        # "0.7 mg/dL (baseline 0.6, peak 0.8)": the word introduces the next number
        and not _INTRODUCES_RE.match(text, found[j][1])
    ):
        return found[j][2], text[found[j][0] : found[j][1]]
    return "", ""


#: Words that tie a "last"/"latest" word to an earlier period: said between it and its
#: number ("the last value before this admission", "last creatinine prior to admission",
#: "most recent value of the previous stay") the number is that period's last value.
_EARLIER_PERIOD_AFTER_RE = re.compile(
    r"\b(?:(?:before|prior\s+to|preceding)\s+(?:(?:this|the|her|his|their|that|current|"
    r"present|index)\s+)*(?:admission|stay|hospitali[sz]ation|visit|encounter|presentation)|"
    r"pre-?admission|at\s+discharge|"
    r"(?:of|from|during|in|on)\s+(?:the|that|her|his|their|an?)\s+"
    r"(?:previous|prior|earlier|last|preceding)\s+(?:stay|admission|hospitali[sz]ation|"
    r"visit|encounter))\b",
    re.I,
)
#: The same said before the word: "the previous stay's last creatinine", 入院前最近一次,
#: 上次住院最后一次 (目前 and 当前 are words of now).
_EARLIER_PERIOD_BEFORE_RE = re.compile(
    r"(?:\b(?:previous|prior|earlier|pre-?admission|outpatient)\s+"
    r"(?:stay|admission|visit|encounter)'?s?\s+(?:the\s+)?"
    r"|(?<![目当])前的?|此前|之前|以前|既往|上次|上一次|前次)\s*$",
    re.I,
)


def _of_an_earlier_period(text: str, s: int, e: int, number: int) -> bool:
    """Whether the latest word at ``text[s:e]`` names an earlier period's last value
    (an admission, a stay, a visit before this one), not the value now (a role, not a
    time: "the last value before this admission", 本次入院前最近一次)."""
    return bool(
        _EARLIER_PERIOD_AFTER_RE.search(text, e, number)
        or _EARLIER_PERIOD_BEFORE_RE.search(text, max(0, s - 40), s)
    )


#: A qualifier word followed by its own number ("baseline 0.6", "peak: 0.8", 基线为 0.6).
_INTRODUCES_RE = re.compile(
    r"\s*(?:[:=：]|(?:of|was|is|at|value)\b|为|是)?\s*[-+]?\d", re.I
)


#: "this admission", "since admission", 本次入院, 入院以来: the stay, not the admission value.
_STAY_BEFORE_RE = re.compile(
    r"(?:\b(?:this|that|the|since|during|throughout|per|of|entire|whole|current)\s+|"
    r"本次|这次|此次|自)$",
    re.I,
)
_STAY_AFTER_RE = re.compile(r"以来|期间|后|中|过程")


def _the_stay(text: str, found: tuple[int, int, str]) -> bool:
    """Whether a bare "admission" / 入院 word names the stay ("this admission", 入院以来)."""
    s, e, _ = found
    if text[s:e].lower() not in ("admission", "入院"):
        return False
    return bool(
        _STAY_BEFORE_RE.search(text[max(0, s - 12) : s])
        or _STAY_AFTER_RE.match(text, e)
    )


def _descriptor_spans(
    text: str, subjects: SubjectIndex, matches: Sequence[tx.Match]
) -> list[tuple[int, int, bool]]:
    """Spans of trend and flag words, and whether an analyte is named before them in their
    clause: "the white count decreasing" describes a lab, it does not decide a dose."""
    analytes = frozenset({"analyte"})
    out = []
    for m in matches:
        c_start, _ = tx.clause_bounds(text, m.start)
        analyte = subjects.last_before(analytes, c_start, m.start) is not None
        out.append((m.start, m.end, analyte))
    return out


#: A dash between a negation and what follows: the negation is a word of its own.
_ANSWER_DASH = re.compile(r"[—–―]|\s-+\s|-{2,}")


def own_negation(text: str, start: int, *, tokens: int = 5) -> tuple[str, int]:
    """:func:`~physassist_env.grading.text.negation_cue` of a claim at ``start``, unless a
    dash cuts the negation from it (sixteenth pass): "No — stop it", 不——无急性肾损伤,
    "nope - withdraw it" answer what was said before with a "no" of their own (a
    speaker overruling another, a reply in a transcript); the claim after the dash is
    said, not denied."""
    cue, at = tx.negation_cue(text, start, tokens=tokens)
    if cue and _ANSWER_DASH.search(text, at + len(cue), start):
        return "", -1
    return cue, at


def _decisions(
    text: str,
    subjects: Sequence[Subject] | SubjectIndex,
    matches: Sequence[tuple[int, int, str, Decision]],
) -> tuple[list[Claim], list[Claim]]:
    """Decision claims of the action words ``matches``: those made, and those left open
    (inside a question, "whether", a decision handed back)."""
    out: list[Claim] = []
    opened: list[Claim] = []
    index = _index(subjects)
    matches = sorted(matches)
    starts = [m[0] for m in matches]
    planned = fr.conditions(text, [(m[0], m[1]) for m in matches])
    for (start, end, word, decision), condition in zip(matches, planned, strict=True):
        # "Holding warfarin would be a mistake" continues it; "Hold warfarin?" decides
        # nothing; a negation inside the frame's own words (不建议) is the frame's
        framed = fr.frame_at(text, start, end)
        cue = fr.negation_outside(
            own_negation(text, start), framed
        ) or tx.negation_after(text, end)
        label = NEGATED_DECISION[decision] if bool(cue) != framed.reversed else decision
        subject = _bind(
            start,
            end,
            text,
            index,
            _DECISION_KINDS,
            object_after=True,
            stops=starts,
        )
        left_open = framed.open and not _offered(text, start)
        (opened if left_open else out).append(
            Claim(
                "decision",
                subject,
                str(label),
                negated=bool(cue) != framed.reversed,
                text=(f"{cue} " if cue else "") + word,
                start=start,
                frame=framed.cue,
                condition=condition,
                stated=str(decision) if label != decision else "",
            )
        )
    return out, opened


def extra_decisions(
    claims: Claims, words: Sequence[str], decision: Decision
) -> list[Claim]:
    """Decision claims stated with ``words`` that the vocabulary does not list (a rubric's own
    action terms such as "recommended" or "indicated"), read as ``decision``."""
    known = {w.lower() for ws in DECISION_WORDS.values() for w in ws}
    own = [w for w in words if w.strip() and w.lower() not in known]
    if not own:
        return []
    found = tx.find_terms(claims.text, own, "action", inflect=True)
    taken = [(c_start, c_end) for c_start, c_end, *_ in _decision_matches(claims.text)]
    # a rubric word that governs a known action after it in its clause is that action's
    # frame, not a decision of its own: 建议启动抗凝, 不建议把抗凝换成其他药 (eleventh pass)
    matches = [
        (m.start, m.end, m.term, decision)
        for m in found
        if not any(m.start < e and s < m.end for s, e in taken)
        and not any(
            m.end <= s < tx.clause_bounds(claims.text, m.start)[1] for s, _ in taken
        )
    ]
    return _decisions(claims.text, claims.subjects, matches)[0]


_OPTION_REJECTION = re.compile(
    f"{st.OPTION_REJECTION_EN}|{st.OPTION_REJECTION_ZH}", re.I
)
_OPTION_UNSAID = re.compile(st.OPTION_UNSAID, re.I)
_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")
#: A sentence that only rejects its one phrase is short.
_REJECTING_REST_WORDS = 10
_REJECTING_REST_CJK = 16


#: A preposition that names a side when it heads a line ("Against: X", "Rather than: X"):
#: what follows is an argument or an option weighed, not the author's verdict on it.
_SIDE_WORD = re.compile(
    r"against|away\s+from|clear\s+of|instead\s+of|rather\s+than", re.I
)
_HEADING_AFTER = re.compile(r"\s*[:：]")


#: What was said before, referred back to ("that", "this").
_BACK_REFERENCE = re.compile(r"\b(?:that|this)\b", re.I)


def _a_side(rest: str, found: re.Match[str]) -> bool:
    """Whether the preposition ``found`` in ``rest`` puts its phrase on one side of a
    weighing rather than rejecting it (sixteenth pass): heading a line ("Against: low
    bleeding risk" lists the case against, a con; "For: X / Against: Y" weighs both and
    decides nothing — f36a's reader took the con as the author rejecting it), or set
    against what was said before ("I'd give that even odds against X": that and X
    compared). A verdict ("Ruled out: X", 排除：X, "I'd steer clear of X") still rejects."""
    return bool(_SIDE_WORD.fullmatch(found.group(0))) and bool(
        _HEADING_AFTER.match(rest, found.end()) or _BACK_REFERENCE.search(rest)
    )


def rejected_alone(text: str, start: int, end: int) -> bool:
    """Whether the phrase at [start, end) is the only thing its sentence names and the rest
    of the sentence rejects it once (issue #35, fifteenth pass): "I ruled out X", "X is
    not the right call here", "I'd steer away from X", 已排除X, X不成立, 我不会选X — an
    option the author names to reject. The rest names no value or clinical name, is short,
    holds exactly one rejection (:data:`~physassist_env.vocab.stance.OPTION_REJECTION_EN`;
    two cancel: "I would not rule out X") and no condition or question."""
    s_start, s_end = tx.sentence_bounds(text, start)
    opened = text.rfind("(", 0, s_start), text.rfind("（", 0, s_start)
    before = text[s_start:start]
    if max(opened) >= 0 and before.count(")") + before.count("）") > before.count(
        "("
    ) + before.count("（"):
        # the sentence began inside an aside ("(age 22 does not count; no risk factor
        # recorded): a low risk"): the sentence is the one around the aside (lead fix)
        s_start = tx.sentence_bounds(text, max(opened))[0]
        before = text[s_start:start]
    # a Chinese clause's rejection rejects its own object ("自本季没有接种，现在应接种")
    comma = before.rfind("，")
    if comma >= 0:
        before = before[comma + 1 :]
    rest = before + " " + text[end:s_end]
    rejections = [
        r
        for r in _OPTION_REJECTION.finditer(rest)
        if not _a_side(rest, r)
        # "no - X", 不——X: a speaker's "no" to what came before, then X said
        and not (r.end() <= len(before) and _ANSWER_DASH.search(before, r.end()))
    ]
    if (
        len(rejections) != 1
        or len(rest.split()) > _REJECTING_REST_WORDS
        or len(_CJK_CHAR.findall(rest)) > _REJECTING_REST_CJK
        or _OPTION_UNSAID.search(rest)
        or fr.states_something(rest)
    ):
        return False
    return True


def denied_outright(text: str, denied: Sequence[tx.Match]) -> list[tx.Match]:
    """Of the ``denied`` mentions, those the author denies outright (issue #35, sixteenth
    pass): a negation right before the fact and nothing after it to the sentence's end
    (:func:`_denied_bare`) — "Upshot: not X.", "**并非X**", "EN: not X", "45%：并非X",
    "- not X" — whatever led up to it (a label, a consequence, a later plan item, a
    letter's closing, another speaker's line). A record fact the answer states and also
    denies so is two opposite statements on one object, the answer committing to neither;
    one left open beside it ("+ X / - not X / your call") commits to neither as well. A
    denial inside a reversing frame ("It is wrong to say: not X") is none."""
    out = []
    for m in denied:
        at = _denied_bare(text, m)
        if at < 0:
            continue
        framed = fr.frame_at(text, m.start, m.end)
        if framed.reversed and not any(a <= at < b for a, b in framed.cue_spans):
            continue  # reversed by another frame; the denial's own "not X." is no other
        # left open beside the fact stated ("+ X / - not X / your call") commits to
        # neither as well, so an open frame does not excuse it
        out.append(m)
    return out


#: A negation of the predicate ("not", 并非, 不是): it denies what follows wherever it stands.
_PREDICATE_NEGATION = re.compile(r"\bnot\b|n't|n’t|非|不", re.I)
#: What may follow a bare denial to its sentence's end: closing marks, a code in brackets.
_BARE_TAIL = re.compile(
    r"[\s*_)）\]】」』”\"'.。!！,，;；]*(?:[(（][\w. -]{1,12}[)）])?[\s*_.。!！]*"
)
#: What may stand between a negation and the fact it denies: an article.
_BARE_GAP = re.compile(r"\s*(?:(?:the|a|an)\s+)?|(?:是|为|属于)?")


def _denied_bare(text: str, m: tx.Match) -> int:
    """Where the negation starts when ``m`` is denied bare, else -1: the negation right
    before the fact and nothing after it to the sentence's end ("... leads straight to:
    not X.", "**并非X**", "45%：并非X"): the sentence's last word is the fact denied,
    whatever led up to it; not asked."""
    cue, at = tx.negation_cue(text, m.start, tokens=2)
    if not cue:
        return -1
    if not _PREDICATE_NEGATION.search(cue) and text[
        tx.clause_bounds(text, at)[0] : at
    ].strip(" \t*_-–—>•#"):
        # "no", 无, 没有 deny a fact only where they open the clause ("Bottom line: no
        # DVT", 结论：无肺栓塞); inside it they quantify ("he takes no warfarin")
        return -1
    gap = _BARE_GAP.fullmatch(text, at + len(cue), m.start)
    if gap is None:
        return -1
    s_end = tx.sentence_bounds(text, m.start)[1]
    tail = _BARE_TAIL.fullmatch(text, m.end, s_end)
    if tail is None:
        return -1
    return at if text[s_end : s_end + 1] not in ("?", "？") else -1


def asserted_mentions(
    text: str, terms: Sequence[str], *, conclusion: bool = False, meanings: bool = True
) -> tuple[list[tx.Match], list[tx.Match]]:
    """Mentions of ``terms`` in ``text`` split into asserted and denied ones.

    A mention is denied by a negation cue before it, or said the other way round inside a
    reversing frame ("It would be wrong to say that no transfusion is indicated" denies
    "no transfusion"; both together assert it); a negation in a frame's own words is the
    frame's. With ``conclusion`` (the turn's conclusion, a decision in words) a mention
    inside an open frame (a question, "whether", a decision handed back) counts neither
    way; another mention (a consult, a name) is read whatever the mood. ``meanings``:
    other ways to say the terms' meaning count too (:func:`~physassist_env.grading.text.mentions`).
    """
    asserted, denied = [], []
    for m in tx.mentions(text, terms, meanings=meanings):
        framed = fr.frame_at(text, m.start, m.end)
        if framed.open and conclusion and not _offered(text, m.start):
            # an option offered beside the answer's own ("Or X. Both reasonable.") is
            # said, as a decision offered so is (sixteenth pass): two conclusions
            continue
        raw_cue = own_negation(text, m.start, tokens=4)
        cue = fr.negation_outside(raw_cue, framed)
        if raw_cue[0] and not cue:
            # the frame's own "not" came first; a negation nearer the claim is the
            # claim's own ("Not no QT-prolonging combination", 不是无联用; fifteenth pass)
            own_end = max(b for a, b in framed.cue_spans if a <= raw_cue[1] < b)
            near = _NEGATED_AFTER.search(text, max(own_end, raw_cue[1] + 1), m.start)
            if near is not None:
                raw_cue = (near.group(0), near.start())
                cue = near.group(0)
        if conclusion and cue and _not_done(text, m):
            continue  # "not rechecked since", 此后未复查: what was not done, no decision
        # "not ignoring the QT risk", "rather than ignoring it": the disregard is denied,
        # so the finding it was about stands (eighth pass)
        disregarded = bool(
            _DISREGARD_BEFORE.search(text, max(0, m.start - 24), m.start)
        )
        if (
            conclusion
            and not framed.reversed
            and not disregarded
            and rejected_alone(text, raw_cue[1] if cue else m.start, m.end)
        ):
            # an option its own sentence rejects (fifteenth pass): "I ruled out X";
            # one said by its negation is rejected back ("I ruled out not responding")
            (asserted if cue else denied).append(m)
            continue
        (denied if (bool(cue) != framed.reversed) != disregarded else asserted).append(
            m
        )
    return asserted, denied


#: A conclusion said by its negation ("no QT-prolonging combination", 无 QT 延长药物联用):
#: its positive form is the rest, at least two English words or four Chinese characters.
_NO_EN = re.compile(r"^no\s+(?=\S+\s+\S)", re.I)
_NO_ZH = re.compile(r"^(?:无|没有)\s*(?=(?:[\u3400-\u9fff]\s*|[A-Za-z]+\s*){4})")


@functools.lru_cache(maxsize=512)
def _positive_form(term: str) -> re.Pattern[str] | None:
    """The positive form of a conclusion ``term`` said by its negation, as a pattern that
    lets one word stand between its words ("QT-prolonging drug combination") and ends its
    clause, ``None`` when the term is not "no X" / 无X."""
    m = _NO_EN.match(term) or _NO_ZH.match(term)
    if m is None:
        return None
    rest = term[m.end() :].strip()
    # said as the conclusion: the clause ends with it ("KDIGO 2012 急性肾损伤指南" names a
    # guideline, "a combination to watch" plans)
    ends = r"(?=\s*(?:[。，；！？、：,.;:!?）)\]\n|]|\*|$))"
    if tx.has_cjk(rest):
        return re.compile(
            r"\s*".join(re.escape(c) for c in rest.replace(" ", "")) + ends
        )
    words = [re.escape(w) for w in re.split(r"[\s-]+", rest) if w]
    gap = r"(?:[\s-]+[A-Za-z]+)?[\s-]+"
    return re.compile(rf"(?<![A-Za-z]){gap.join(words)}{ends}", re.I)


#: A negation after a mention in its clause: what is said of it is denied or left open.
_NEGATED_AFTER = re.compile(r"n't|\b(?:not|never|no)\b|不|未|无|没|非", re.I)
#: A sentence that opens as the other side of a choice: "Or ...", 或者……, 要么…….
_DISJUNCT_OPENER = re.compile(r"\s*(?:[-*•]\s*)?(?:or\b|或者|或是|要么|或)", re.I)


def _offered(text: str, pos: int) -> bool:
    """Whether the claim at ``pos`` lies in a sentence that opens with "or" (the other side
    of a choice beside the answer's own: "Or X; both defensible" offers X, the hedge after
    it does not take it back), not a question."""
    start, end = tx.sentence_bounds(text, pos)
    return bool(_DISJUNCT_OPENER.match(text, start)) and not any(
        q in text[start : end + 1] for q in "?？吗"
    )


def asserted_positive(text: str, terms: Sequence[str]) -> list[tx.Match]:
    """Where ``text`` asserts the positive form of a conclusion its ``terms`` state by
    negation (issue #35, thirteenth pass): "there is a QT-prolonging drug combination"
    against "no QT-prolonging combination", 存在 QT 延长药物联用 against 无 QT 延长药物联用 —
    the opposite conclusion in any frame the answer states it. Not asserted: a negated
    mention (the term itself: "No QT-prolonging combination"), one in a question or an
    option set aside or reversed, or one in a plan under a condition."""
    found: list[tx.Match] = []
    for term in terms:
        rx = _positive_form(term)
        if rx is None:
            continue
        for m in rx.finditer(text):
            framed = fr.frame_at(text, m.start(), m.end())
            if framed.open and not _offered(text, m.start()):
                continue  # asked, handed back, taken back
            cue = fr.negation_outside(own_negation(text, m.start(), tokens=4), framed)
            if bool(cue) != framed.reversed:
                continue
            if rejected_alone(text, m.start(), m.end()):
                continue  # "存在QT延长药物联用不成立": an option its sentence rejects
            _, c_end = tx.clause_bounds(text, m.end())
            if _NEGATED_AFTER.search(text, m.end(), c_end):
                continue  # "an AKI ... is not excluded", 急性肾损伤既不能分期也不能排除
            found.append(tx.Match(term, "mention", m.start(), m.end(), False, "", -1))
    if not found:
        return found
    found.sort(key=lambda x: x.start)
    planned = fr.conditions(text, [(x.start, x.end) for x in found])
    return [x for x, plan in zip(found, planned, strict=True) if not plan]


#: A negation of what was done right before an action word: "未复查", "没有再复查",
#: "has not been rechecked", "wasn't repeated", "not rechecked since".
_NOT_DONE_ZH_RE = re.compile(r"(?:未|没有|没)(?:再次|再|曾|有)?\s*$")
_NOT_DONE_EN_RE = re.compile(
    r"\b(?:(?:has|have|had|was|were)(?:\s+not|n't)|not|never)(?:\s+(?:been|yet|since))*"
    r"(?:\s+(?:the|this|that|it|her|his|its))?\s*$",
    re.I,
)
_SINCE_AFTER_RE = re.compile(
    r"[^.;。；,，]{0,20}?\b(?:since|yet|so\s+far|to\s+date|until\s+now)\b", re.I
)
_PERFECT_BEFORE_RE = re.compile(
    r"\b(?:has|have|had|was|were)(?:\s+not|n't)(?:\s+(?:been|yet))*\s*$|\bnot\s+been\s*$",
    re.I,
)


def _not_done(text: str, m: tx.Match) -> bool:
    """Whether a negated action word states what has not been done (a fact of the record:
    "the INR was not rechecked", "not repeated since", 此后未复查) rather than a decision
    against it ("do not recheck", 无需复查, 没必要复查)."""
    before = text[max(0, m.start - 24) : m.start]
    if tx.has_cjk(text[m.start : m.end]):
        return bool(_NOT_DONE_ZH_RE.search(before))
    if _PERFECT_BEFORE_RE.search(before):
        return True
    return bool(
        _NOT_DONE_EN_RE.search(before)
        and text[m.start : m.end].lower().endswith("ed")
        and _SINCE_AFTER_RE.match(text, m.end)
    )


#: A verb of disregard right before a mention (its object: "ignoring the QT risk").
_DISREGARD_BEFORE = re.compile(
    rf"(?:{DISREGARD_VERB})(?:\s+(?:the|this|that|any|a|an|their|her|his|its)?)?\s*"
    r"(?:[A-Za-z0-9-]+\s*)?$",
    re.I,
)


def value_said_with(
    claims: Claims, flag: Claim, keep: Callable[[Claim], bool] = lambda c: True
) -> Claim | None:
    """The value claim a flag or trend word is said with: about the same subject in its
    sentence, the nearest before it ("potassium 5.3 mEq/L, which is high", "血钾 5.3（偏高）"),
    else the nearest after it in its clause ("high at 5.3"); ``None`` when none is said.
    Only values ``keep`` accepts are considered (a "70%" fall is not the lactate result)."""
    if flag.start < 0:
        return None
    s_start, s_end = tx.sentence_bounds(claims.text, flag.start)
    values = [
        c
        for c in claims.claims
        if c.kind == "value"
        and c.subject == flag.subject
        and c.quantity is not None
        and s_start <= c.quantity.start < s_end
        and keep(c)
    ]
    before = [c for c in values if c.quantity and c.quantity.end <= flag.start]
    if before:
        return before[-1]
    _, c_end = tx.clause_bounds(claims.text, flag.start)
    after = [c for c in values if c.quantity and flag.start <= c.quantity.start < c_end]
    return after[0] if after else None


def bound_mentions(
    answer: str,
    observations: Sequence[str],
    terms: Sequence[str],
    about: Sequence[str],
) -> tuple[list[tx.Match], list[tuple[tx.Match, str]]]:
    """Mentions of ``terms`` split into those said about ``about`` and those said about
    another drug or therapy (with that subject's key).

    Each mention is bound like a decision word is (:func:`_bind`, kinds drug, term and lay
    drug name: ``the water pill``, 降压药, which key themselves, see
    :func:`~physassist_env.vocab.lay.lay_key`): to
    the nearest such subject before it in its clause, else after it in the clause, else
    before it in the sentence, else the last one named earlier ("About lisinopril, she
    takes it every day"). An unbound mention counts as about ``about`` only when the answer
    names no other drug. A mention right after subjects joined by "and" (和, 、) is about
    each of them. A lay name that several drugs go by (``lay:`` keys) counts only for an
    item whose ``about`` lists it; inside a quotation it is the patient's word for what the
    answer says the quote is about, and binds nothing.
    """
    claims = read_claims(answer, observations, about)
    found = [(m.start, m.end, m) for m in tx.mentions(claims.text, terms)]
    return _split_bound(claims, about, found)


def bound_schedules(
    answer: str, observations: Sequence[str], about: Sequence[str]
) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """Dosing schedules said in the answer (``twice a day``, ``qhs``, 每日一次: the words of
    :data:`~physassist_env.vocab.frequencies.SCHEDULE_PER_DAY`, as (words, doses a day)),
    split into those said about ``about`` and those said about another drug, bound as
    :func:`bound_mentions` binds."""
    claims = read_claims(answer, observations, about)
    subjects = _with_lay_names(claims.text, claims.subjects)
    found = [
        (a, b, (claims.text[a:b], per_day))
        for a, b, per_day in schedule_spans(claims.text)
        # "Spiriva, my daily inhaler" names the drug, it states no schedule
        if not any(s.start < b and a < s.end for s in subjects)
    ]
    mine, other = _split_bound(claims, about, found)
    return mine, [said for said, _ in other]


_T = TypeVar("_T")


def _split_bound(
    claims: Claims, about: Sequence[str], found: Sequence[tuple[int, int, _T]]
) -> tuple[list[_T], list[tuple[_T, str]]]:
    """``found`` (start, end, item) split into items bound to ``about`` and items bound to
    another drug or therapy (with its key); see :func:`bound_mentions`."""
    keys = keys_of(about)
    kinds = frozenset({"drug", "term", "lay"})

    mine: list[_T] = []
    other: list[tuple[_T, str]] = []
    # in quoted speech a lay name is the patient's word for the drug the answer says the
    # quote is about ('About lisinopril: "I take the blood pressure pill, once a day"')
    quotes = [(m.start(), m.end()) for m in _QUOTE_RE.finditer(claims.text)]
    subs = [
        s
        for s in _with_lay_names(claims.text, claims.subjects)
        if s.kind in kinds
        and not (s.kind == "lay" and any(a <= s.start < b for a, b in quotes))
    ]
    named_other = any(s.key not in keys for s in subs)
    index = SubjectIndex(subs)
    for start, end, item in found:
        subject = _bind(start, end, claims.text, index, kinds)
        if subject in keys or (not subject and not named_other):
            mine.append(item)
        elif subject in (joined := _coordinated(claims.text, index, kinds, start)) and (
            joined & keys
        ):
            mine.append(item)
        else:
            other.append((item, subject or "(unbound)"))
    return mine, other


@functools.lru_cache(maxsize=1)
def _lay_index() -> TermIndex[str]:
    return TermIndex({t: lay_key(t) for t in LAY_TERMS})


@functools.lru_cache(maxsize=4096)
def _lay_spans(text: str) -> tuple[tuple[int, int, str], ...]:
    return tuple((h.start, h.end, h.value) for h in _lay_index().find(text))


def _with_lay_names(text: str, subjects: Sequence[Subject]) -> list[Subject]:
    """``subjects`` plus the lay drug names of ``text`` that overlap none of them (a drug
    name wins: "baby aspirin" is aspirin, "insulin shots" insulin)."""
    out = list(subjects)
    lay = _lay_spans(text)
    if lay:
        named = _overlaps_any([(s.start, s.end) for s in subjects])
        out += [Subject(key, text[a:b], a, b) for a, b, key in lay if not named(a, b)]
    return sorted(out, key=lambda s: s.start)


_QUOTE_RE = re.compile(r'"[^"]*"|“[^”]*”|「[^」]*」|『[^』]*』')
_COORD_RE = re.compile(
    r"\s*(?:,\s*)?(?:and|or|as well as|plus|&|和|与|及|跟|、|,|，)\s*"
    r"(?:(?:the|her|his|my|their|also)\s+)*$",
    re.I,
)


def _coordinated(
    text: str, subjects: SubjectIndex, kinds: frozenset[str], pos: int
) -> set[str]:
    """Keys of the subjects joined by "and" (和, 与, 、) right before ``pos`` in its clause:
    "she takes lisinopril and the water pill every day" says it about both."""
    c_start, _ = tx.clause_bounds(text, pos)
    starts, subs = subjects.of(kinds)
    i = bisect.bisect_right(starts, pos) - 1
    while i >= 0 and subs[i].end > pos:
        i -= 1
    if i < 1 or subs[i].start < c_start:
        return set()
    keys = {subs[i].key}
    # walk back while the subjects are joined by a coordinating word
    while i >= 1 and subs[i - 1].start >= c_start:
        prev, nxt = subs[i - 1], subs[i]
        if not _COORD_RE.fullmatch(text, prev.end, nxt.start):
            break
        keys.add(prev.key)
        i -= 1
    return keys if len(keys) > 1 else set()


def read_claims(
    answer: str, observations: Sequence[str] = (), extra: Sequence[str] = ()
) -> Claims:
    """The claims of an answer.

    Args:
        answer: The agent's answer (EN or ZH).
        observations: What the agent saw; answer lines pasted from it are not read.
        extra: Subject terms of the turn's rubric (drug or order names the vocabulary may
            not know), so claims can bind to them.

    Returns:
        The :class:`Claims`, subjects and claims in text order; lab values written in
        words ("five point eight", "四点七") are read as digits
        (:func:`~physassist_env.grading.text.spelled_to_digits`).
    """
    text = tx.spelled_to_digits(strip_pasted(answer, observations))
    return _read_cached(text, tuple(sorted(set(extra))))


# ---------------------------------------------------------------- the answer by sentence
@dataclass(frozen=True)
class Sentence:
    """One sentence of an answer as shown, with what the reader read in it.

    Attributes:
        start: Start offset in the shown answer (:func:`~physassist_env.grading.shown.shown_text`).
        end: End offset (the sentence's final mark left out).
        text: The sentence as shown.
        subjects: The subjects it names (analytes, drugs, scores, rubric terms).
        claims: The claims said in it (values, flags, trends, decisions; negation and
            frames folded in).
        open: The decisions, flags and trends it leaves open (a question, "whether", a
            decision handed back).
        frames: The words of the frames said in it ("would be a mistake", "your call",
            是错误的; :mod:`~physassist_env.grading.frames`).
        pasted: It is part of a line reproduced from a tool result (not read).
    """

    start: int
    end: int
    text: str
    subjects: tuple[Subject, ...] = ()
    claims: tuple[Claim, ...] = ()
    open: tuple[Claim, ...] = ()
    frames: tuple[str, ...] = ()
    pasted: bool = False

    @property
    def unread(self) -> bool:
        """Whether the reader understood nothing in it: no subject, no claim, nothing left
        open, no frame, and not pasted (filler, or wording the vocabulary does not know)."""
        return not (
            self.subjects or self.claims or self.open or self.frames or self.pasted
        )


def _claim_at(c: Claim) -> int:
    """Where a claim is written (a value: its number)."""
    return c.quantity.start if c.kind == "value" and c.quantity is not None else c.start


def read_sentences(
    answer: str, observations: Sequence[str] = (), extra: Sequence[str] = ()
) -> list[Sentence]:
    """The answer as shown split into sentences (at . ! ? ; and line breaks; decimal points
    kept), each with its subjects, claims and open statements, and whether it was pasted
    from a tool result. What the reader makes of the whole answer, sentence by sentence:
    a caller can account for every claim an answer adds, and for the text it did not read
    (:attr:`Sentence.unread`, :attr:`Sentence.pasted`).

    Args:
        answer: The agent's answer (raw: it is shown first).
        observations: What the agent saw (pasted lines are marked, not read).
        extra: Subject terms of the turn's rubric (as for :func:`read_claims`).

    Returns:
        The sentences in order; blank ones are left out.
    """
    shown = shown_text(answer)
    claims = read_claims(answer, observations, extra)
    read = (
        claims.text
    )  # pasted lines blanked, offsets kept; lab values in words as digits
    if len(read) != len(shown):  # spelled numbers change offsets: bound sentences on it
        shown = read
    frames = fr.find_frames(read)
    out: list[Sentence] = []
    pos = 0
    while pos < len(shown):
        start, end = tx.sentence_bounds(read, pos)
        nxt = max(end + 1, pos + 1)
        if shown[start:end].strip():
            inside = [c for c in claims.claims if start <= _claim_at(c) < end]
            opened = [c for c in claims.open if start <= _claim_at(c) < end]
            subjects = [s for s in claims.subjects if start <= s.start < end]
            framed = [f.cue for f in frames if start <= f.cue_start < end]
            pasted = not read[start:end].strip()
            out.append(
                Sentence(
                    start,
                    end,
                    shown[start:end].strip(),
                    tuple(subjects),
                    tuple(inside),
                    tuple(opened),
                    tuple(dict.fromkeys(framed)),
                    pasted,
                )
            )
        pos = nxt
    return out


# ---------------------------------------------------------------- a summary against its body
_NOTHING_TO_DO = re.compile(f"{st.NOTHING_TO_DO_EN}|{st.NOTHING_TO_DO_ZH}", re.I)
_ALL_NORMAL = re.compile(f"{st.ALL_NORMAL_EN}|{st.ALL_NORMAL_ZH}", re.I)
_NOTHING_ELSE = re.compile(st.NOTHING_ELSE, re.I)
_WRITE_DONE = re.compile(st.WRITE_DONE, re.I)
_UNDO_ORDER = re.compile(f"{st.UNDO_ORDER_EN}|{st.UNDO_ORDER_ZH}", re.I)
#: Words every order undone holds (lowercase; a cheap first test).
_UNDO_WORDS: tuple[str, ...] = (
    "cancel", "withdraw", "rescind", "revoke", "retract", "call off", "scrap", "delete",
    "void", "undo", "discontinue", "not needed", "not necessary", "not required",
    "not indicated", "not warranted", "unnecessary", "unneeded", "unwarranted",
    "superfluous", "撤销", "取消", "撤回", "作废", "删除", "删掉", "停掉", "不需要", "不必要",
    "没必要", "无需", "不用", "多余",
)  # fmt: skip


#: A negation cut from the verb after it by a dash or colon is an answer word of its own
#: ("No - cancel it", 不——撤销该医嘱: a speaker's "no" to what was said before), not the
#: verb's negation (sixteenth pass).
_ANSWER_WORD_GAP = re.compile(r"[-–—―:：]")


#: A write's confirmation among the observations (the toolkit's ``Created: ...`` line).
_CREATED_RE = re.compile(r"^Created:([^\n]*)", re.M)
_WORD_RE = re.compile(r"[a-z]{4,}")
#: Words of a confirmation line that name no service: its fields' values.
_CREATED_FIELD_WORDS = frozenset(
    {"active", "draft", "routine", "urgent", "stat", "asap", "order", "consult"}
)


#: Words of an undoing that name no order: its verb, its article, an order's kind.
_UNDO_GENERIC = frozenset(
    {"cancel", "withdraw", "rescind", "revoke", "retract", "call", "scrap", "delete"}
    | {"void", "undo", "discontinue", "that", "this", "these", "those", "them"}
) | frozenset(
    w + plural
    for w in re.findall(r"[a-z]{4,}", st.ORDER_NOUNS_EN.replace("s?", ""))
    for plural in ("", "s")
)


def _words(text: str) -> set[str]:
    return set(_WORD_RE.findall(text.lower()))


def _created_words(observations: Sequence[str]) -> set[str]:
    """The words naming the orders this turn wrote (its ``Created:`` confirmations,
    sixteenth pass): the answer's own write is its decision on that order, whether or not
    its text reports it ("cancel the infectious disease consult order" after the turn
    created it is the opposite decision on the same order)."""
    out: set[str] = set()
    for o in observations:
        if "Created:" in o:
            for m in _CREATED_RE.finditer(o):
                out |= _words(m.group(1))
    return out - _CREATED_FIELD_WORDS


def _order_undone(text: str, observations: Sequence[str] = ()) -> str:
    """The sentence that undoes an order the answer reports placing ("Done: a consult was
    requested" and "that order is not needed, cancel it", 已申请会诊 and 撤销该医嘱), or
    that names by its service an order the turn's own write created (``observations``'
    ``Created:`` lines; sixteenth pass: a half in the other language, "EN: cancel the
    nephrology consult order", undoes the turn's write whatever the other half says), ``""``
    when none (issue #35, thirteenth pass: two decisions on one order, wherever the second
    is said: a summary, a second option, a note to the family, a table cell). Not an
    undoing: one denied ("no need to cancel it", 不要撤销), a plan under a condition ("if
    the culture is negative, cancel the consult"), an option set aside or another's
    ("rather than cancelling it"), or the sentence that reports the order itself."""
    low = text.lower()
    if not any(w in low for w in _UNDO_WORDS):
        return ""
    done = [m.start() for m in _WRITE_DONE.finditer(text)]
    created = _created_words(observations)
    if not done and not created:
        return ""
    undone = list(_UNDO_ORDER.finditer(text))
    planned = fr.conditions(text, [(m.start(), m.end()) for m in undone])
    for m, plan in zip(undone, planned, strict=True):
        start, end = tx.sentence_bounds(text, m.start())
        if plan or any(start <= d < end for d in done):
            continue
        named = _words(m.group(0)) - _UNDO_GENERIC
        if created and named and not created & named:
            continue  # another order named ("cancel the old dietetics referral")
        if not done and not created & _words(text[m.start() : end]):
            continue  # the turn's own order named by its service, or no order of its
        cue, at = tx.negation_cue(text, m.start(), tokens=3)
        if cue and not _ANSWER_WORD_GAP.search(text, at + len(cue), m.start()):
            continue
        framed = fr.frame_at(text, m.start(), m.end())
        if framed.reversed or framed.open:
            continue
        return text[start:end].strip()
    return ""


#: Words every whole-answer verdict of :data:`_NOTHING_TO_DO` / :data:`_ALL_NORMAL` holds
#: (lowercase; a cheap first test).
_VERDICT_WORDS: tuple[str, ...] = (
    "nothing", "no ", "as usual", "as before", "as is", "as planned", "as normal",
    "as you were", "the course", "leave ", "don't", "normal", "fine", "good", "ok",
    "well", "unremarkable", "reassuring", "处理", "调整", "干预", "改动", "变动", "操作",
    "不用", "任何事", "照常", "维持", "照旧", "原方案", "正常", "异常", "问题", "挺好",
    "良好", "一切",
)  # fmt: skip
#: Decisions that act: what "nothing to do" says the opposite of.
_ACTING = frozenset({Decision.STOP, Decision.REDUCE, Decision.START, Decision.CHANGE})
_ABNORMAL = frozenset({"high", "low", "abnormal"})


#: A verdict stands alone when, its verdict words taken out, at most this many English
#: words (a label: "Bottom line", "TL;DR", "Summary for the family") or Chinese characters
#: (中文小结, 家属版) remain: "No change is needed for QT reasons" gives its reason.
_VERDICT_LEFT_EN = 4
_VERDICT_LEFT_ZH = 6
_EN_WORD = re.compile(r"[A-Za-z]+")
_ZH_CHAR = re.compile(r"[\u3400-\u9fff]")


def _verdict_alone(sentence: str) -> bool:
    """Whether ``sentence`` is a whole-answer verdict and a label, nothing more."""
    rest = _ALL_NORMAL.sub(" ", _NOTHING_TO_DO.sub(" ", sentence))
    return (
        len(_EN_WORD.findall(rest)) <= _VERDICT_LEFT_EN
        and len(_ZH_CHAR.findall(rest)) <= _VERDICT_LEFT_ZH
    )


def summary_contradicts(answer: str, observations: Sequence[str] = ()) -> str:
    """The answer's whole-answer verdict when its body says the opposite, ``""`` otherwise
    (issue #35, twelfth pass: a summary is the answer's own decision; with a body that
    contradicts it the answer holds two).

    A verdict is a sentence that says nothing is to be done ("Bottom line: nothing to do",
    "TL;DR - no action needed", "Conclusion: no change", 一句话：不用处理, 维持原方案) or that
    all is normal ("it's all fine", "nothing abnormal", 一切正常, 都没问题) and states
    nothing else (no value, no clinical name, no "otherwise" / 其他 limiting it to the
    rest), in either language. Nothing to do contradicts a body that stops, starts,
    reduces or changes a drug now, or confirms an order it placed ("Done: ... requested",
    已申请); all normal contradicts that and a result called high, low or abnormal. "No
    action needed" beside a normal result, or "otherwise no change" beside a hold, is no
    contradiction."""
    text = strip_pasted(answer, observations)
    undone = _order_undone(text, observations)
    if undone:
        return undone
    low = text.lower()
    if not any(w in low for w in _VERDICT_WORDS):
        return ""
    verdicts: list[tuple[int, int, bool]] = []  # (start, end, all normal)
    pos = 0
    while pos < len(text):
        start, end = tx.sentence_bounds(text, pos)
        pos = max(end + 1, pos + 1)
        sentence = text[start:end]
        act = _NOTHING_TO_DO.search(sentence)
        normal = _ALL_NORMAL.search(sentence)
        said_at = act or normal
        if said_at is not None:
            # a verdict the answer sets aside or asks ("no change: no", "| no action |
            # rejected |") is no summary of its own (fifteenth pass)
            framed = fr.frame_at(text, start + said_at.start(), start + said_at.end())
            if framed.reversed or framed.open:
                continue
        if (
            (act or normal)
            and not _NOTHING_ELSE.search(sentence)
            and not fr.states_something(sentence)
            and _verdict_alone(sentence)
        ):
            verdicts.append((start, end, bool(normal)))
    if not verdicts:
        return ""
    claims = read_claims(answer, observations)
    for v_start, v_end, all_normal in verdicts:
        said = text[v_start:v_end].strip()
        outside = [c for c in claims.claims if not v_start <= c.start < v_end]
        rest = text[:v_start] + " " * (v_end - v_start) + text[v_end:]
        if any(
            c.kind == "decision" and c.label in _ACTING and not c.condition
            for c in outside
        ) or _WRITE_DONE.search(rest):
            return said
        if all_normal and any(
            c.kind == "flag" and c.label in _ABNORMAL and not c.negated for c in outside
        ):
            return said
    return ""
