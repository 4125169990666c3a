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

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from physassist_env.grading import text as tx
from physassist_env.vocab.decisions import (
    DECISION_WORDS,
    NEGATED_DECISION,
    Decision,
)
from physassist_env.vocab.drugs import drug_names
from physassist_env.vocab.frequencies import schedule_spans
from physassist_env.vocab.index import TermIndex, inflected
from physassist_env.vocab.lay import lay_key, lay_names
from physassist_env.vocab.qualifiers import QUALIFIER_WORDS
from physassist_env.vocab.subjects import (
    COMPONENT_NAMES,
    EMBEDDED_ANALYTE,
    SUBJECT_ABBREVIATIONS,
    SUBJECT_NAMES,
)

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
        start: Where the claim's words start in the text read (flags and trends; values
            have their quantity's offsets), ``-1`` when not recorded.
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

    def describe(self) -> str:
        """The claim in words (used in verdict reasons)."""
        about = self.subject or "(unbound)"
        if self.kind == "value" and self.quantity is not None:
            unit = " [unknown unit]" if self.unknown_unit else ""
            which = f" ({self.qualifier})" if self.qualifier else ""
            return f"{about}{which} = {self.quantity}{unit}"
        neg = "not " if self.negated and self.kind != "decision" else ""
        return f"{about}: {neg}{self.label} ({self.text!r})"


#: Wording that leaves a decision open ("may or may not", "可能……也可能……"): an answer that
#: hedges states no decision, whatever else it says.
HEDGE_RE = re.compile(
    r"\bmay or may not\b|\bmight or might not\b|\bcould go either way\b|\beither\b.{0,60}\bor\b"
    r"|\bor maybe\b|\bor possibly\b|\bnot sure\b|\bhard to say\b|\bunclear whether\b"
    r"|可能.{0,16}也可能|也可能不|不一定|不确定|说不准|难以判断",
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
    """Every claim of an answer, with the subjects it names."""

    text: str
    subjects: list[Subject] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)

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


def keys_of(terms: Sequence[str]) -> set[str]:
    """Canonical keys of item terms; a term the vocabulary does not know keys itself
    (``term:<lowercase>``), so a record-specific drug name still works as a subject."""
    return {_term_key(t) for t in terms if t.strip()}


def find_subjects(text: str, extra: Sequence[str] = ()) -> list[Subject]:
    """Subjects named in ``text``: vocabulary names and abbreviations, plus ``extra`` terms
    (longest match wins; an unknown extra term keys itself, see :func:`keys_of`)."""
    found: list[Subject] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, key: str) -> None:
        if key and not any(start < e and s < end for s, e in taken):
            taken.append((start, end))
            found.append(Subject(key, text[start:end], start, end))

    extra_terms = tuple(sorted({e.strip() for e in extra if e.strip()}))
    candidates: list[tuple[int, int, str]] = []
    if extra_terms:
        candidates += [
            (h.start, h.end, h.value) for h in _extra_index(extra_terms).find(text)
        ]
    candidates += [(h.start, h.end, h.value) for h in _NAMES.find(text)]
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
    for start, end, key in sorted(candidates, key=lambda c: (-(c[1] - c[0]), c[0])):
        add(start, end, key)
    return sorted(found, key=lambda s: s.start)


_K_SPARING_RE = re.compile(
    r"\b(?:potassium|K\+?)[-\s]sparing(?:\s+diuretics?)?|保钾(?:利尿剂|利尿药)?", re.I
)


# ---------------------------------------------------------------- pasted output
_ROW_MARK_RE = re.compile(r"\d{4}-\d{2}-\d{2}|\b[A-Z][A-Za-z]+/[\w.-]+|\|")


_SPACE_RE = re.compile(r"\s+")


def _norm(s: str) -> str:
    return _SPACE_RE.sub(" ", s).strip().lower()


@functools.lru_cache(maxsize=1024)
def _norm_observation(s: str) -> str:
    """:func:`_norm` of a tool result, kept: the same results are searched for every answer."""
    return _norm(s)


def strip_pasted(answer: str, observations: Sequence[str]) -> str:
    """See :func:`_strip_pasted` (memoised per answer and observations)."""
    return _strip_pasted(answer, tuple(observations))


@functools.lru_cache(maxsize=4096)
def _strip_pasted(answer: str, observations: tuple[str, ...]) -> str:
    """``answer`` with every line that reproduces a tool-result line blanked.

    A line counts as pasted when it is at least 20 characters long, carries a record row's
    marks (a date, a resource id or a table bar) and appears verbatim, whitespace aside, in an
    observation. Offsets are kept (the line is replaced by spaces).
    """
    if not observations:
        return answer
    pool: list[str] | None = (
        None  # normalised observations, made when a line may be pasted
    )
    out = []
    for line in answer.split("\n"):
        n = _norm(line)
        if len(n) >= 20 and _ROW_MARK_RE.search(line):
            if pool is None:
                pool = [_norm_observation(o) for o in observations if o]
            pasted = any(n in o for o in pool)
        else:
            pasted = False
        if pasted:
            out.append(" " * len(line))
        else:
            out.append(line)
    return "\n".join(out)


# ---------------------------------------------------------------- binding
def _bind(
    pos: int,
    end: int,
    text: str,
    subjects: Sequence[Subject],
    kinds: set[str],
    *,
    object_after: bool = False,
    stops: Sequence[int] = (),
    between: Sequence[tuple[int, int]] = (),
) -> str:
    """The subject a descriptor at [pos, end) is about (see the module docstring).

    With ``object_after`` (action verbs, whose object follows in EN and ZH) the nearest
    subject after the word in its clause wins, unless another action word (``stops``) lies
    between them. A score component (``component`` kind) labels only a number with no
    other number (``between``: spans of the other numbers, ages aside) and no total word
    between them: in "hypertension 1 and diabetes 1 give 2" the 2 is the score's.
    """

    def labels(s: Subject) -> bool:
        if s.kind != "component":
            return True
        a, b = (s.end, pos) if s.end <= pos else (end, s.start)
        return not _TOTAL_RE.search(text, a, b) and not any(
            a <= q0 and q1 <= b for q0, q1 in between
        )

    subs = [s for s in subjects if s.kind in kinds and labels(s)]
    if not subs:
        return ""
    c_start, c_end = tx.clause_bounds(text, pos)
    if object_after:
        nxt = min((p for p in stops if p >= end), default=c_end)
        after = [s for s in subs if end <= s.start < min(c_end, nxt)]
        if after:
            return after[0].key
    before = [s for s in subs if c_start <= s.start and s.end <= pos]
    if before:
        return before[-1].key
    # a subject the clause names as a circumstance ("58 yesterday on insulin", "while on
    # lisinopril") is not what the number measures
    after = [
        s
        for s in subs
        if end <= s.start < c_end and not _circumstance(text, end, s.start)
    ]
    if after:
        return after[0].key
    # A score component labels only the number in its own clause ("高血压 1 分"); a total
    # said after the breakdown ("共 2 分") is about the score named before it.
    subs = [s for s in subs if s.kind != "component"]
    s_start, s_end = tx.sentence_bounds(text, pos)
    before = [s for s in subs if s_start <= s.start and s.end <= pos]
    if before:
        return before[-1].key
    earlier = [s for s in subs if s.end <= pos]
    if earlier:
        return earlier[-1].key
    after = [
        s
        for s in subs
        if end <= s.start < s_end and not _circumstance(text, end, s.start)
    ]
    return after[0].key if after else ""


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


_SLASH_UNIT_RE = re.compile(r"/[A-Za-zµμ]")
_UNKNOWN_UNIT_RE = re.compile(r"\s*([A-Za-zµμ]+(?:/[A-Za-zµμ0-9^]+)+)")


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


_DECISION_INDEX: TermIndex[tuple[str, Decision]] = TermIndex(
    {
        form: (word, decision)
        for word, decision in _DECISION_TERMS
        for form in inflected([word], tx.inflections)
    }
)


@functools.lru_cache(maxsize=4096)
def _decision_matches(text: str) -> tuple[tuple[int, int, str, Decision], ...]:
    return tuple(
        (h.start, h.end, h.text, h.value[1]) for h in _DECISION_INDEX.find(text)
    )


def _decision_negation(text: str, start: int, end: int) -> str:
    return tx.negation_before(text, start) or tx.negation_after(text, end)


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


def _age_value(text: str, q: tx.Quantity, subjects: Sequence[Subject]) -> bool:
    """Whether ``q`` is the number right after an age word ("age 70", "年龄 70")."""
    return any(
        s.key == "component:age"
        and s.end <= q.start
        and not text[s.end : q.start].strip(" :：")
        for s in subjects
    )


@functools.lru_cache(maxsize=4096)
def _read_cached(text: str, extra: tuple[str, ...]) -> Claims:
    quantities = tx.extract_quantities(text)
    spans = [(q.start, q.end) for q in quantities]
    subjects = [
        s
        for s in find_subjects(text, extra)
        if not any(a <= s.start and s.end <= b for a, b in spans)
    ]
    claims: list[Claim] = []
    lab_kinds = {"analyte", "score", "drug", "term"}
    ages = [
        q.unit == "year" or bool(_AGE_AFTER_RE.match(text, q.end)) for q in quantities
    ]
    for q, age in zip(quantities, ages, strict=True):
        if q.reference:
            continue
        if age:
            subject = "component:age"  # "60 岁", "a 60-year-old", "75 years old"
        else:
            # a score component takes a bare number or points ("高血压 1 分"), never a
            # measurement ("高血压，160/95 mmHg" is a blood pressure)
            kinds = lab_kinds | ({"component"} if q.kind is None else set())
            others = [
                (o.start, o.end)
                for o, o_age in zip(quantities, ages, strict=True)
                if o is not q and not o_age and not _age_value(text, o, subjects)
            ]
            c_start, c_end = tx.clause_bounds(text, q.start)
            if q.kind is None and _TOTAL_CUE_RE.search(text, c_start, c_end):
                # "9 in total", "共 9 分": a total is the score's, not the analyte whose
                # points were listed last ("INR 1.5 (1), ...; 9 in total")
                subject = _bind(q.start, q.end, text, subjects, {"score", "term"})
            else:
                subject = ""
            subject = subject or _bind(
                q.start, q.end, text, subjects, kinds, between=others
            )
        claims.append(
            Claim(
                "value",
                subject,
                quantity=q,
                text=text[q.start : q.end],
                unknown_unit=_unknown_unit(text, q),
                qualifier=_qualifier(text, q, quantities),
            )
        )
    flags, trends = tx.find_flags(text), tx.find_trends(text)
    for kind, matches in (("flag", flags), ("trend", trends)):
        for m in matches:
            if m.term.startswith("("):  # the EHR's "(H)"/"(L)" markers are not claims
                continue
            embedded = EMBEDDED_ANALYTE.get(m.term.lower())
            subject = embedded or _bind(
                m.start, m.end, text, subjects, {"analyte", "score", "term"}
            )
            claims.append(
                Claim(
                    kind,
                    subject,
                    m.label,
                    negated=m.negated,
                    text=m.term,
                    start=m.start,
                )
            )
    described = [
        (c_start, c_end)
        for c_start, c_end, analyte in _descriptor_spans(
            text, subjects, [*trends, *flags]
        )
        if analyte
    ]
    # a flag or trend word of a relative clause ("3.4 mEq/L, which is decreased") reads
    # the value before it, not a decision ("decrease") about the next drug
    described += [
        (m.start, m.end)
        for m in [*trends, *flags]
        if _RELATIVE_STATE_RE.search(text, 0, m.start)
    ]
    actions = [
        m
        for m in _chained(text, _decision_matches(text))
        if not any(m[0] < e and a < m[1] for a, e in described)
    ]
    claims += _decisions(text, subjects, actions)
    return Claims(text, subjects, claims)


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


def _qualifier(text: str, q: tx.Quantity, quantities: Sequence[tx.Quantity]) -> str:
    """The qualifier a number is said under: the nearest qualifier word before it in its
    clause with no other number between ("peak creatinine 0.8", "基线 0.6", "peaked at
    0.8"), else one right after it ("0.6 at baseline", "0.8 (peak)"); ``""`` when none."""
    found = _qualifier_matches(text)
    if not found or q.kind == tx.UnitKind.TIME:  # "the last 3 days" is not a value
        return ""
    c_start, _ = tx.clause_bounds(text, q.start)
    others = [o.start for o in quantities if o is not q]
    before = [
        (s, e, label)
        for s, e, label in found
        if c_start <= s and e <= q.start and not any(e <= o < q.start for o in others)
    ]
    if before:
        return before[-1][2]
    for s, _e, label in found:
        if s >= q.end and _QUALIFIER_AFTER_RE.fullmatch(text[q.end : s]):
            return label
    return ""


def _descriptor_spans(
    text: str, subjects: Sequence[Subject], matches: Sequence[tx.Match]
) -> list[tuple[int, int, bool]]:
    """Spans of trend and flag words, and whether an analyte is named before them in their
    clause: "the white count decreasing" describes a lab, it does not decide a dose."""
    out = []
    for m in matches:
        c_start, _ = tx.clause_bounds(text, m.start)
        analyte = any(
            s.kind == "analyte" and c_start <= s.start and s.end <= m.start
            for s in subjects
        )
        out.append((m.start, m.end, analyte))
    return out


def _decisions(
    text: str,
    subjects: Sequence[Subject],
    matches: Sequence[tuple[int, int, str, Decision]],
) -> list[Claim]:
    out = []
    starts = [m[0] for m in matches]
    for start, end, word, decision in matches:
        cue = _decision_negation(text, start, end)
        label = NEGATED_DECISION[decision] if cue else decision
        subject = _bind(
            start,
            end,
            text,
            subjects,
            {"drug", "term"},
            object_after=True,
            stops=[p for p in starts if p > start],
        )
        out.append(
            Claim(
                "decision",
                subject,
                str(label),
                negated=bool(cue),
                text=(f"{cue} " if cue else "") + word,
            )
        )
    return out


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
    matches = [
        (m.start, m.end, m.term, decision)
        for m in found
        if not any(m.start < e and s < m.end for s, e in taken)
    ]
    return _decisions(claims.text, claims.subjects, matches)


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
    kinds = {"drug", "term", "lay"}

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
    for start, end, item in found:
        subject = _bind(start, end, claims.text, subs, kinds)
        if subject in keys or (not subject and not named_other):
            mine.append(item)
        elif subject in (joined := _coordinated(claims.text, subs, start)) and (
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
    for a, b, key in _lay_spans(text):
        if not any(s.start < b and a < s.end for s in subjects):
            out.append(Subject(key, text[a:b], a, b))
    return sorted(out, key=lambda s: s.start)


_QUOTE_RE = re.compile(r'"[^"]*"|“[^”]*”|「[^」]*」|『[^』]*』')
_COORD_RE = re.compile(
    r"\s*(?:,\s*)?(?:and|or|as well as|plus|&|和|与|及|跟|、|,|，)\s*"
    r"(?:(?:the|her|his|my|their|also)\s+)*$",
    re.I,
)


def _coordinated(text: str, subjects: Sequence[Subject], pos: int) -> set[str]:
    """Keys of the subjects joined by "and" (和, 与, 、) right before ``pos`` in its clause:
    "she takes lisinopril and the water pill every day" says it about both."""
    c_start, _ = tx.clause_bounds(text, pos)
    before = [s for s in subjects if c_start <= s.start and s.end <= pos]
    if len(before) < 2:
        return set()
    keys = {before[-1].key}
    for prev, nxt in zip(before[-2::-1], before[:0:-1], strict=True):
        if not _COORD_RE.fullmatch(text, prev.end, nxt.start):
            break
        keys.add(prev.key)
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
