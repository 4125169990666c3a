"""One evaluator per rubric check kind: ``evaluate(check, ctx) -> Verdict``.

Each evaluator is deterministic and returns a reason naming what it found or what was
missing, so a grade can be audited item by item. The semantics of each check are those of
its class docstring in :mod:`physassist_env.scenarios.model`; the decisions this module
adds are documented on each ``_eval_*`` function.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from physassist_env.clinical import scores
from physassist_env.ehr.toolkit import TOOL_METHODS, _name_key
from physassist_env.grading import claims as cl
from physassist_env.grading import frames as fr
from physassist_env.grading import text as tx
from physassist_env.grading.chart import lab_points
from physassist_env.grading.dates import days_said, days_written
from physassist_env.grading.shown import shown_text
from physassist_env.patient.interview import TOOL_NAMES
from physassist_env.patient.lexicon import SYMPTOMS
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    NoFabricationCheck,
    PatientFactCheck,
    RecommendCheck,
    ToolCall,
    ToolUseCheck,
    TrendCheck,
    ValueCheck,
    WriteCheck,
)
from physassist_env.vocab.decisions import OPPOSED, Decision, decision_of
from physassist_env.vocab.frequencies import schedule_spans
from physassist_env.vocab.index import TermIndex
from physassist_env.vocab.qualifiers import CURRENT_DOSE_WORDS, CURRENT_WORDS

#: Patient-interview tool names (see :mod:`physassist_env.patient.interview`).
INTERVIEW_TOOLS: frozenset[str] = frozenset(TOOL_NAMES)
_INTERVIEW_PREFIXES = ("patientinterview", "interview")
_EHR_TOOLS: dict[str, str] = {_name_key(n): n for n in TOOL_METHODS} | {
    _name_key(m): n for n, m in TOOL_METHODS.items()
}


@functools.lru_cache(maxsize=4096)
def tool_key(name: str) -> str:
    """Normalised tool name: ``observation_search`` == ``Observation.search``.

    Uses the EHR toolkit's normalisation and also drops a ``PatientInterview.`` prefix, so
    ``PatientInterview.symptom_history`` == ``symptom_history``.
    """
    key = _name_key(name)
    if key in _EHR_TOOLS:
        return _name_key(_EHR_TOOLS[key])
    for prefix in _INTERVIEW_PREFIXES:
        if key.startswith(prefix) and len(key) > len(prefix):
            return key[len(prefix) :]
    return key


def is_interview_tool(name: str) -> bool:
    """Whether a called tool is a patient-interview tool (not an EHR tool such as ``Patient.read``)."""
    key = _name_key(name)
    if key in _EHR_TOOLS:
        return False
    return (
        tool_key(name) in {_name_key(t) for t in INTERVIEW_TOOLS}
        or "interview" in key
        or "askpatient" in key
    )


@dataclass
class GradingContext:
    """Everything the rule grader may look at for one turn.

    Attributes:
        answer: The agent's final answer for the turn.
        language: ``en`` or ``zh`` (both lexicons are always searched).
        tool_calls: The turn's tool calls, canonical names or not; dicts with ``name`` and
            ``arguments`` (a dict or a JSON string) are accepted and converted.
        observations: Texts the agent saw this episode (tool results, patient replies).
        created: FHIR resources the turn's write calls created (``EhrView.created``).
        patient_facts_revealed: Ids of the facts the patient revealed.
        request: The physician's request text(s) the agent saw; its numbers are not
            fabrications. :meth:`RuleGrader.grade` fills it from the turn when empty.
        effects_known: ``created`` lists every resource the turn's writes created (the
            environment sets it), so a failed write call counts as no write.
        today: The date the agent was told is today (the system prompt's ``current_date``,
            ``YYYY-MM-DD``; ``""`` when unknown): a day it saw, so an answer dated on it
            ("reviewed 2172-05-10") states no day nobody saw.
    """

    answer: str
    language: str = "en"
    tool_calls: list[ToolCall] = field(default_factory=list)
    observations: list[str] = field(default_factory=list)
    created: list[dict[str, Any]] = field(default_factory=list)
    patient_facts_revealed: set[str] = field(default_factory=set)
    request: str = ""
    effects_known: bool = False
    today: str = ""

    def __post_init__(self) -> None:
        calls: list[ToolCall] = []
        for call in self.tool_calls:
            if isinstance(call, ToolCall):
                calls.append(call)
                continue
            args = call.get("arguments") or {}
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except json.JSONDecodeError:
                    args = {}
            calls.append(
                ToolCall(
                    name=str(call.get("name", "")),
                    arguments=args if isinstance(args, dict) else {},
                )
            )
        self.tool_calls = calls
        self.patient_facts_revealed = set(self.patient_facts_revealed)


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check.

    Attributes:
        met: Whether the check's condition holds (for a negative item: the forbidden thing happened).
        reason: What was found or missing, in words.
        contradicted: The answer asserts the opposite of the item about its subject (a
            different value, the opposite flag, trend or decision, a hedge), as opposed to
            leaving it out; such a turn cannot pass (see ``score.critical_cap``).
    """

    met: bool
    reason: str
    contradicted: bool = False


#: A value item is not met by an answer stating more distinct numbers than this (gold
#: answers state at most a handful): listing every number of the record is not answering.
MAX_STATED_NUMBERS = 20


def _quote(matches: list[tx.Match]) -> str:
    return ", ".join(
        repr(m.term) + (f" (negated by {m.cue!r})" if m.negated else "")
        for m in matches
    )


# ---------------------------------------------------------------- text checks
def _claims(ctx: GradingContext, extra: Sequence[str] = ()) -> cl.Claims:
    return cl.read_claims(ctx.answer, ctx.observations, extra)


def _value_matches(check: ValueCheck, q: tx.Quantity) -> tuple[bool, str]:
    conversions = {
        tx.canonical_unit(u).lower(): f for u, f in check.conversions.items()
    }
    want_unit = tx.canonical_unit(check.unit)
    if not q.unit or not want_unit:
        if q.kind == tx.UnitKind.TIME or (check.unit_required and not q.unit):
            return False, ""
        factors = [(1.0, 0.0)]
    elif q.unit.lower() in conversions:
        factors = [(conversions[q.unit.lower()], 0.0)]
    else:
        factors = tx.unit_factors(want_unit, q.unit, q.lab)
    for factor, offset in factors:
        if tx.matches_value(
            q,
            check.value,
            tolerance=check.tolerance,
            factor=factor,
            offset=offset,
            decimals=check.decimals,
        ):
            via = "" if (factor, offset) == (1.0, 0.0) else f" (converted x{factor:g})"
            return True, via
    return False, ""


def _eval_value(
    check: ValueCheck, ctx: GradingContext, window: int, now: bool = False
) -> Verdict:
    """A number stated *about the check's subject* equals the value (units converted).

    With ``about`` the answer is read into claims (:mod:`claims`): only numbers bound to the
    subject count, so the right number said about another analyte does not, and the item
    fails when every number said about the subject differs. For an item that asks the
    value now (``now``: a lab's latest value, a drug's current dose; :func:`_current_words`),
    another number of the
    same dimension said to be the value now ("now", "current", 目前; "18.6 now (9.9 was the
    admission value)", "Correction: the current hemoglobin is 15.1") contradicts the item
    whatever else matches, and a number said only as the admission or baseline value
    does not count. A number written with a unit the
    vocabulary does not know, or of the wrong dimension, never matches. Numbers of a
    reference range, dates and clock times are never taken.
    """
    claims = _claims(ctx, check.about)
    values = [c for c in claims.claims if c.kind == "value"]
    distinct = len({c.quantity.value for c in values if c.quantity is not None})
    if distinct > MAX_STATED_NUMBERS:
        return Verdict(
            False,
            f"the answer states {distinct} distinct numbers (more than "
            f"{MAX_STATED_NUMBERS}): a dump of the record is not an answer",
        )
    want = f"{check.value:g} {tx.canonical_unit(check.unit)}".strip()
    if check.about:
        keys = cl.keys_of(check.about)
        candidates = claims.about(keys, "value")
        scope = f"about {sorted(keys)[0]}"
    else:
        candidates = values
        scope = "anywhere"
    elsewhere: list[cl.Claim] = []
    if check.qualifiers:
        own = set(check.qualifiers)
        elsewhere = [c for c in candidates if c.qualifier and c.qualifier not in own]
        candidates = [c for c in candidates if not c.qualifier or c.qualifier in own]
        scope += f" as {'/'.join(check.qualifiers)}"
    now_words = _current_words(check, now)
    if now_words and not check.qualifiers:
        # the value now: a number said as the admission or baseline value is not it
        elsewhere = [c for c in candidates if c.qualifier in _NOT_NOW]
        candidates = [c for c in candidates if c.qualifier not in _NOT_NOW]
    matched: list[tuple[cl.Claim, str]] = []
    labelled_wrong: list[cl.Claim] = []
    for c in candidates:
        if c.quantity is None or c.unknown_unit:
            continue
        ok, via = _value_matches(check, c.quantity)
        if ok:
            matched.append((c, via))
        elif c.qualifier and c.qualifier in check.qualifiers:
            labelled_wrong.append(c)
        elif (
            c.qualifier_text.lower() in now_words
            and _same_dimension(check, c)
            and not _in_pair(claims.text, c.quantity)
        ):
            # "18.6 now (9.9 was the admission value)", "Correction: the current
            # hemoglobin is 15.1": another number said to be the value now
            labelled_wrong.append(c)
    if labelled_wrong:
        # "peak 0.8 ..., latest 0.7" for a peak of 0.7 that is also the latest value: the
        # number said as the peak is wrong whatever else matches
        return Verdict(
            False,
            f"states another value {scope}: {labelled_wrong[0].describe()} (want {want})",
            contradicted=True,
        )
    end = _change_ends_elsewhere(check, claims, [c for c, _ in matched])
    if end is not None:
        return Verdict(
            False,
            f"{matched[0][0].describe()} is where a change starts; it ends at "
            f"{end.describe()} (want {want})",
            contradicted=True,
        )
    moved_to = _change_moves_elsewhere(
        check, claims, candidates, [c for c, _ in matched]
    )
    if moved_to is not None:
        return Verdict(
            False,
            f"{matched[0][0].describe()} is said as the {matched[0][0].qualifier}; the "
            f"change is said to end at {moved_to.describe()} (want {want})",
            contradicted=True,
        )
    stray = _stray_values(check, ctx, claims, candidates, [c for c, _ in matched])
    if matched and stray is not None:
        return Verdict(
            False,
            f"states another value {scope}: {stray.describe()} beside "
            f"{matched[0][0].describe()} (want {want})",
            contradicted=True,
        )
    if matched:
        c, via = matched[0]
        return Verdict(True, f"claims {c.describe()} matching {want}{via}")
    if candidates:
        said = "; ".join(c.describe() for c in candidates[:4])
        return Verdict(
            False,
            f"no claim {scope} matches {want}; claims: {said}",
            contradicted=bool(check.about),
        )
    if elsewhere:
        said = "; ".join(c.describe() for c in elsewhere[:4])
        return Verdict(
            False, f"no number stated {scope} (want {want}); said otherwise: {said}"
        )
    if check.about:
        keys = cl.keys_of(check.about)
        for c in values:
            if (
                c.subject
                and c.subject not in keys
                and ":" not in c.subject
                and c.quantity is not None
                and not c.unknown_unit
                and _value_matches(check, c.quantity)[0]
            ):
                return Verdict(
                    False,
                    f"the value is stated for another subject: {c.describe()}",
                    contradicted=True,
                )
    others = "; ".join(c.describe() for c in values[:4]) or "none"
    return Verdict(False, f"no number stated {scope} (want {want}); numbers: {others}")


#: How far (a fraction of the value) another number must lie from the value to be
#: another value, not the same one rounded ("3.4" beside "3.45").
_STRAY_MARGIN = 0.15


def _stray_values(
    check: ValueCheck,
    ctx: GradingContext,
    claims: cl.Claims,
    candidates: list[cl.Claim],
    matched: list[cl.Claim],
) -> cl.Claim | None:
    """Another number the answer states of a result or a score beside the right one
    (issue #35, sixteenth pass): unqualified, unframed, of the same dimension, a margin
    away from the value, no bound ("above 140 mg/dL", 低于 70) nor stage (KDIGO 2期),
    and no result of the subject the agent saw ("Key number: K 5.1" above "K 3.4, low";
    "CHA2DS2-VASc 4" above "is 3"). Two values of one result stated as plain fact, one of
    them the record's and one no record holds, misstate it. A drug's dose is left out (a
    new dose beside the charted one is a plan)."""
    if not check.about or not matched or not check.value:
        return None
    seen: list[float] | None = None
    for c in candidates:
        q = c.quantity
        if (
            c in matched
            or q is None
            or c.unknown_unit
            or c.qualifier
            or c.frame
            or c.condition
            or c.subject.startswith("drug:")
            or not _same_dimension(check, c)
            or _in_pair(claims.text, q)
            or _STRAY_BOUND_BEFORE_RE.search(
                claims.text[max(0, q.start - 28) : q.start]
            )
            or _STRAY_STAGE_AFTER_RE.match(claims.text, q.start + len(q.text))
        ):
            continue
        if not q.unit and not _right_after_subject(claims.text, q, c):
            continue  # a count, an index or a stage: no result's number
        if q.unit and not check.unit:
            continue  # a measurement beside a score ("SBP 166 mmHg" in a HAS-BLED)
        values = _in_check_unit(check, q)
        if not values or any(
            abs(v - check.value) < _STRAY_MARGIN * abs(check.value) for v in values
        ):
            continue
        if _FROM_RE.search(claims.text[max(0, q.start - 8) : q.start]):
            continue  # where a change starts ("went from 0.8 to 1.4")
        if seen is None:
            seen = [p.value for p in lab_points(ctx.observations).get(c.subject, ())]
        if not seen and ":" not in c.subject:
            continue  # a result the agent never saw: nothing to read it against
        half = 0.5 * 10 ** -_decimals_written(q.text)
        if any(abs(v - p) <= half + 1e-9 for v in values for p in seen):
            continue  # another draw the agent saw
        return c
    return None


#: Right before a number: it is a bound or a stage, not a result ("above 140",
#: "target 140-180", 低于 70, "stage 2", KDIGO G4).
_STRAY_BOUND_BEFORE_RE = re.compile(
    r"(?:above|below|over|under|than|exceed\w*|target|goal|threshold|cut-?off|limit|"
    r"at\s+least|at\s+most|up\s+to|stage|grade|class|[<>≥≤]=?|高于|低于|超过|不超过|"
    r"大于|小于|目标|阈值|界值|至少|达到)"
    r"(?:\s*(?:(?:is|was|of|at|be|would\s+be|the)\b|为|是|值))*\s*[:：=]?\s*$"
    r"|\b(?:KDIGO|G|stage)\s*$",
    re.I,
)
_STRAY_STAGE_AFTER_RE = re.compile(
    r"\s*(?:期|级|度|分|以上|以下|stage|points?\b|[-–/]\s*\d)", re.I
)


def _right_after_subject(text: str, q: tx.Quantity, c: cl.Claim) -> bool:
    """Whether a number without a unit is written right after its subject's name, as a
    result is ("K 5.4", "potassium: 5.4", 血钾 5.2, "K=5.4")."""
    before = text[max(0, q.start - 30) : q.start]
    return any(
        s.key == c.subject
        and re.fullmatch(r"\s*(?:[:：=]|is|was|of)?\s*", before[s.end :])
        for s in cl.find_subjects(before)
    )


def _in_check_unit(check: ValueCheck, q: tx.Quantity) -> list[float]:
    """``q`` written in the check's unit, one value per known conversion."""
    conversions = {
        tx.canonical_unit(u).lower(): f for u, f in check.conversions.items()
    }
    if not q.unit or not check.unit:
        factors = [(1.0, 0.0)]
    elif q.unit.lower() in conversions:
        factors = [(conversions[q.unit.lower()], 0.0)]
    else:
        factors = tx.unit_factors(tx.canonical_unit(check.unit), q.unit, q.lab)
    return [(q.value - offset) / factor for factor, offset in factors if factor]


def _decimals_written(number: str) -> int:
    m = re.search(r"\.(\d+)", number)
    return len(m.group(1)) if m else 0


def _current_words(check: ValueCheck, now: bool) -> frozenset[str]:
    """The words that say a number is this item's value now, for an item that asks the
    value now (``now``: :func:`~physassist_env.grading.grader.asks_now`): a lab's
    latest value (:data:`~physassist_env.vocab.qualifiers.CURRENT_WORDS`) or a drug's
    current order (:data:`~physassist_env.vocab.qualifiers.CURRENT_DOSE_WORDS`); empty
    for other items (a peak, a baseline, a score)."""
    if not now or not check.about:
        return frozenset()
    keys = cl.keys_of(check.about)
    if any(":" not in k for k in keys):
        return CURRENT_WORDS
    if any(k.startswith("drug:") for k in keys):
        return CURRENT_DOSE_WORDS
    return frozenset()


#: Qualifiers that say a number is not the value now ("9.9 was the admission value").
_NOT_NOW = frozenset({"first", "baseline"})


_FROM_RE = re.compile(r"(?:\bfrom|从)\s*$", re.I)
_CHANGE_TO_RE = re.compile(
    r"\s*(?:to|->|→|变为|变成|降至|升至|降到|升到|到|至)\s*", re.I
)


def _change_end(claims: cl.Claims, c: cl.Claim) -> cl.Claim | None:
    """For a number said as the start of a change ("from 3.8 to 3.9", "从 3.8 变为 3.9"),
    the value claim the change ends at; else ``None``."""
    q = c.quantity
    if q is None or not _FROM_RE.search(claims.text[max(0, q.start - 8) : q.start]):
        return None
    number_end = q.start + len(q.text)
    for other in claims.claims:
        o = other.quantity
        if other.kind != "value" or o is None or o.start <= q.start:
            continue
        gap = claims.text[number_end : o.start]
        if q.unit and gap.strip().startswith(claims.text[number_end : q.end].strip()):
            gap = claims.text[q.end : o.start]
        return other if _CHANGE_TO_RE.fullmatch(gap) else None
    return None


def _change_ends_elsewhere(
    check: ValueCheck, claims: cl.Claims, matched: Sequence[cl.Claim]
) -> cl.Claim | None:
    """For an item with no qualifier (the latest value, a dose): when every matching number
    is where a change starts ("went from 3.8 to 3.9") and no change ends at the value, the
    value the (first) change ends at; else ``None``. The start of a change is not the value
    now."""
    if not matched or check.qualifiers:
        return None
    ends = [_change_end(claims, c) for c in matched]
    if any(
        e is None or e.subject != c.subject for e, c in zip(ends, matched, strict=True)
    ):
        return None
    if any(
        e is not None
        and e.quantity is not None
        and _value_matches(check, e.quantity)[0]
        for e in ends
    ):
        return None
    return ends[0]


#: Qualifiers that say which extreme of a series a number is, not where it is now.
_EXTREMES = frozenset({"peak", "lowest"})


def _change_moves_elsewhere(
    check: ValueCheck,
    claims: cl.Claims,
    candidates: Sequence[cl.Claim],
    matched: Sequence[cl.Claim],
) -> cl.Claim | None:
    """For an item with no qualifier (the latest value): when every matching number is
    said as an extreme of the series ("peak 1") and the answer says the series went from
    one value to another that does not match ("went from 0.8 to 0.8, peak 1"), the value
    the change ends at: the answer's own statement of where the series is now, which the
    extreme does not make right. Else ``None``."""
    if (
        check.qualifiers
        or not matched
        or any(c.qualifier not in _EXTREMES for c in matched)
    ):
        return None
    for c in candidates:
        end = _change_end(claims, c)
        if (
            end is not None
            and end.subject == c.subject
            and not end.qualifier
            and end.quantity is not None
            and not end.unknown_unit
            and _same_dimension(check, end)
            and not _value_matches(check, end.quantity)[0]
        ):
            return end
    return None


#: Flags that contradict a direction: the opposite ones, and the direction denied ("not
#: high", "没有升高" for a high value; a negated normal reads abnormal).
_OPPOSITE_FLAGS = {
    "high": {"low", "normal", "not-high"},
    "low": {"high", "normal", "not-low"},
    "normal": {"high", "low", "abnormal"},
    "abnormal": {"normal"},
}


def _flag_label(c: cl.Claim) -> str:
    """A negated high/low says the value is not abnormal in that way ("not high" ~ normal
    for our purposes only when no other flag is said); a negated normal says abnormal."""
    if not c.negated:
        return c.label
    return {"normal": "abnormal", "abnormal": "normal"}.get(c.label, "not-" + c.label)


def _eval_flag(
    check: FlagCheck,
    ctx: GradingContext,
    window: int,
    value: ValueCheck | None = None,
) -> Verdict:
    """A flag about the subject in the check's direction, and none contradicting it.

    ``abnormal`` also accepts high and low; ``normal`` also accepts a negated high or low
    ("not elevated"). A high (low) value is contradicted by a low (high) or normal flag
    ("looks good", "is fine") and by its own direction denied ("is not high", 没有升高).
    The EHR's own ``(H)``/``(L)`` markers are not flags.

    With ``value`` (the result the flag is about: :func:`evaluate_flag`) a flag said with a
    number (:func:`claims.value_said_with`) counts only when that number is this result: "the
    previous potassium was 5.3, which was high" is about another draw (it neither meets nor
    contradicts a normal latest potassium), and "potassium 5.3, high" for a latest 4.7 does
    not meet a high flag however the flag reads.
    """
    claims = _claims(ctx, check.about)
    if check.about:
        found = claims.about(cl.keys_of(check.about), "flag")
    else:
        found = [c for c in claims.claims if c.kind == "flag"]
    elsewhere: list[tuple[cl.Claim, cl.Claim]] = []
    if value is not None:
        kept = []
        for c in found:
            said = cl.value_said_with(
                claims, c, functools.partial(_same_dimension, value)
            )
            if (
                said is not None
                and said.quantity is not None
                and not _value_matches(value, said.quantity)[0]
                and not _one_reading(ctx.answer, value.value, said.quantity.value)
                and _seen_for(ctx, c.subject, said.quantity)
            ):
                elsewhere.append((c, said))
            else:
                kept.append(c)
        found = kept
    labels = [(c, _flag_label(c)) for c in found]
    wanted = {check.direction} | (
        {"high", "low"} if check.direction == "abnormal" else set()
    )
    if check.direction == "normal":
        wanted |= {"not-high", "not-low"}
    hits = [c for c, lab in labels if lab in wanted]
    against = [c for c, lab in labels if lab in _OPPOSITE_FLAGS[check.direction]]
    if hits and not against:
        return Verdict(True, f"calls it {check.direction}: {hits[0].describe()}")
    if against:
        said = f"{hits[0].describe()} but " if hits else ""
        return Verdict(
            False,
            f"contradicts the {check.direction} flag: {said}{against[0].describe()}",
            contradicted=True,
        )
    if elsewhere:
        flag, said = elsewhere[0]
        return Verdict(
            False,
            f"no {check.direction} flag of {value.value:g} {value.unit}".rstrip()
            + f"; {flag.describe()} is said of {said.describe()}",
        )
    said = "; ".join(c.describe() for c in found[:3]) or "none"
    return Verdict(False, f"no {check.direction} flag about the subject; flags: {said}")


def _one_reading(answer: str, value: float, said: float) -> bool:
    """Whether ``value`` and ``said`` are written as one reading ("115/72 mmHg": the flag said
    after a blood pressure is about the pair, not its diastolic alone)."""
    a, b = re.escape(f"{value:g}"), re.escape(f"{said:g}")
    return bool(
        re.search(rf"(?<![\d.]){a}\s*/\s*{b}(?![\d.])", answer)
        or re.search(rf"(?<![\d.]){b}\s*/\s*{a}(?![\d.])", answer)
    )


def _seen_for(ctx: GradingContext, subject: str, q: tx.Quantity) -> bool:
    """Whether ``q`` is a result of ``subject`` the agent saw (another draw): a flag said of
    a number nobody observed stays the subject's ("4.7, normal; 9.9, high" still hedges)."""
    if not subject or ":" in subject:
        return False
    return any(
        _observed(q, o)
        for line in _lines_about(ctx, subject)
        for o in tx.extract_quantities(line, labs=False)
    )


def _same_dimension(check: ValueCheck, claim: cl.Claim) -> bool:
    """Whether ``claim``'s number could be the result ``check`` states: no unit on either
    side, an unknown unit (a wrong one, kept to fail), or a unit convertible to the check's."""
    q = claim.quantity
    if q is None or claim.unknown_unit or not q.unit or not check.unit:
        return q is not None
    if q.unit.lower() in {tx.canonical_unit(u).lower() for u in check.conversions}:
        return True
    return bool(tx.unit_factors(tx.canonical_unit(check.unit), q.unit, q.lab))


#: The other half of a pair written with a slash: "149/87 mmHg" is one blood pressure.
_PAIR_AFTER_RE = re.compile(r"\s*/\s*\d")
_PAIR_BEFORE_RE = re.compile(r"\d\s*/\s*$")


def _in_pair(text: str, q: tx.Quantity) -> bool:
    """Whether ``q`` is one half of an "a/b" pair (systolic/diastolic)."""
    return bool(
        _PAIR_AFTER_RE.match(text, q.start + len(q.text))
        or _PAIR_BEFORE_RE.search(text[: q.start])
    )


def evaluate_value(check: ValueCheck, ctx: GradingContext, now: bool) -> Verdict:
    """:func:`_eval_value` for an item that does (``now``) or does not ask the value now
    (:func:`~physassist_env.grading.grader.asks_now`)."""
    return _eval_value(check, ctx, 12, now)


def evaluate_flag(
    check: FlagCheck, ctx: GradingContext, value: ValueCheck | None = None
) -> Verdict:
    """:func:`_eval_flag` with the result the flag is about (``None``: any flag about the
    subject counts, as :func:`evaluate` grades it)."""
    return _eval_flag(check, ctx, 12, value)


_OPPOSITE_TRENDS = {
    "rising": {"falling", "stable"},
    "falling": {"rising", "stable"},
    "stable": {"rising", "falling"},
}


def _eval_trend(check: TrendCheck, ctx: GradingContext, window: int) -> Verdict:
    """A trend about the subject in the check's direction (not negated), none opposite and
    the direction not denied ("is not rising" contradicts a rise)."""
    claims = _claims(ctx, check.about)
    if check.about:
        found = claims.about(cl.keys_of(check.about), "trend")
    else:
        found = [c for c in claims.claims if c.kind == "trend"]
    hits = [c for c in found if c.label == check.direction and not c.negated]
    # the opposite trend, or this one denied ("is not rising", "没有上升" for a rise)
    against = [
        c
        for c in found
        if (not c.negated and c.label in _OPPOSITE_TRENDS[check.direction])
        or (c.negated and c.label == check.direction)
    ]
    if hits and not against:
        return Verdict(
            True, f"describes the trend as {check.direction}: {hits[0].describe()}"
        )
    if against:
        said = f"{hits[0].describe()} but " if hits else ""
        return Verdict(
            False,
            f"contradicts the {check.direction} trend: {said}{against[0].describe()}",
            contradicted=True,
        )
    said = "; ".join(c.describe() for c in found[:3]) or "none"
    return Verdict(
        False, f"no {check.direction} trend about the subject; trends: {said}"
    )


def _asserted(
    text: str, terms: Sequence[str], conclusion: bool = False, meanings: bool = True
) -> tuple[list[tx.Match], list[tx.Match]]:
    """Mentions of ``terms`` (and of other ways to say their meaning) split into asserted
    and negated ones (negation and frames: :func:`claims.asserted_mentions`)."""
    return cl.asserted_mentions(text, terms, conclusion=conclusion, meanings=meanings)


def _eval_mention(check: MentionCheck, ctx: GradingContext, window: int) -> Verdict:
    """A term asserted (a negated mention does not count); with ``contradicts``, a conclusion.

    A conclusion is met when a term is asserted or a contradicting term is negated ("not
    responding" meets "failing"), and fails when the opposite is also asserted (a hedge).
    Terms are case-insensitive and word-bounded for Latin script.
    """
    text = cl.strip_pasted(ctx.answer, ctx.observations)
    if not check.contradicts:
        # the item's own words first; other ways to say them only when those are not said
        yes, no = _asserted(text, check.terms, meanings=False)
        if not yes:
            yes, no = _asserted(text, check.terms)
        outright = cl.denied_outright(text, no) if yes and no else []
        if outright:  # stated and denied outright: two statements (sixteenth pass)
            return Verdict(
                False,
                f"states {_quote(yes[:2])} but denies it: {_quote(outright[:2])}",
                contradicted=True,
            )
        if yes:
            return Verdict(True, f"mentions {_quote(yes[:3])}")
        if no:
            return Verdict(False, f"only negated: {_quote(no[:3])}")
        return Verdict(False, f"mentions none of {check.terms}")
    hedge = cl.hedge_of(text)
    if hedge:
        return Verdict(
            False, f"leaves the conclusion open: {hedge!r}", contradicted=True
        )
    # the opposite in any wording (a hedge said casually still hedges); the item's own
    # conclusion first in its own words, in other words only when those are not said
    c_yes, c_no = _asserted(text, check.contradicts, conclusion=True)
    yes, no = _asserted(text, check.terms, conclusion=True, meanings=False)
    if not yes and not c_no:
        yes, no = _asserted(text, check.terms, conclusion=True)
    support = yes + c_no
    # the positive form of a conclusion said by its negation is its opposite ("there is a
    # QT-prolonging drug combination" against "no QT-prolonging combination")
    against = c_yes + no + cl.asserted_positive(text, check.terms)
    if support and against:
        # a plan opposes nothing concluded now ("no transfusion is indicated; if the
        # hemoglobin falls below 7, transfuse one unit"), as for decisions
        against.sort(key=lambda m: m.start)
        planned = fr.conditions(text, [(m.start, m.end) for m in against])
        against = [m for m, plan in zip(against, planned, strict=True) if not plan]
    if support and not against:
        return Verdict(True, f"concludes {_quote(support[:2])}")
    if support and against:
        return Verdict(
            False,
            f"hedges: {_quote(support[:2])} but also {_quote(against[:2])}",
            contradicted=True,
        )
    if against:
        return Verdict(
            False, f"concludes the opposite: {_quote(against[:2])}", contradicted=True
        )
    return Verdict(False, f"states none of {check.terms[:4]}")


def _wanted_decisions(actions: Sequence[str]) -> set[Decision]:
    found = {decision_of(a) for a in actions}
    found.discard(None)
    return found or {Decision.START}  # type: ignore[return-value]


def _decisions_about(
    check: RecommendCheck | NegativeCheck, ctx: GradingContext
) -> tuple[set[Decision], list[cl.Claim]]:
    # a therapy class is also said by its lay names ("start a blood thinner")
    targets = cl.with_class_lay_names(check.targets)
    claims = _claims(ctx, targets)
    wanted = _wanted_decisions(check.actions)
    main = next(iter(sorted(wanted)))
    decisions = [c for c in claims.claims if c.kind == "decision"]
    decisions += cl.extra_decisions(claims, check.actions, Decision(main))
    keys = cl.keys_of(targets)
    bound = [c for c in decisions if c.subject in keys]
    drugs_named = [s for s in claims.subjects if s.kind in ("drug", "term", "lay")]
    if not drugs_named or all(s.key in keys for s in drugs_named):
        bound += [c for c in decisions if not c.subject]
    return wanted, bound


def _rejects_another(claim: cl.Claim, wanted: set[Decision]) -> bool:
    """Whether ``claim`` only rejects an option other than the wanted decision (issue #35,
    eleventh pass): "vancomycin should be dose-reduced; not recommending that we stop it",
    万古霉素减量，不建议暂停. Rejecting an option says "not that option", nothing more: its
    negation (continue) does not oppose the reduction it agrees with. Such a claim opposes
    nothing (it still meets the item when its negation is wanted: "no need to stop" when
    continuing is wanted); rejecting the wanted decision itself still opposes it."""
    return bool(claim.stated) and Decision(claim.stated) not in wanted


def _eval_recommend(check: RecommendCheck, ctx: GradingContext, window: int) -> Verdict:
    """A decision of the wanted kind about a target, and no opposing decision about it.

    The answer's decisions are read with their negation and frames ("no need to stop"
    continues, "hold off on" holds, "not indicated" is no start, "holding it would be a
    mistake" continues); stating opposite decisions about the same target (continue *and*
    hold) is a hedge and fails. A decision under a condition or for a later step ("restart
    it once the INR is back in range", 待…后减量) is a plan: it opposes nothing decided now,
    and counts for the item only when nothing is decided now.
    """
    wanted, decisions = _decisions_about(check, ctx)
    hedge = _claims(ctx, check.targets).hedged
    if hedge:
        return Verdict(False, f"leaves the decision open: {hedge!r}", contradicted=True)
    opposed = set().union(*(OPPOSED[w] for w in wanted)) - wanted
    decisions = [
        c for c in decisions if c.label in wanted or not _rejects_another(c, wanted)
    ]
    now = [c for c in decisions if not c.condition]
    hits = [c for c in now if c.label in wanted]
    against = [c for c in now if c.label in opposed]
    if not hits and not against:  # nothing decided now: the plan is the decision
        hits = [c for c in decisions if c.label in wanted]
        against = [c for c in decisions if c.label in opposed]
    names = "/".join(sorted(wanted))
    if hits and not against:
        return Verdict(True, f"recommends {names}: {hits[0].describe()}")
    if hits and against:
        return Verdict(
            False,
            f"hedges: {hits[0].describe()} but also {against[0].describe()}",
            contradicted=True,
        )
    if against:
        return Verdict(
            False, f"decides the opposite: {against[0].describe()}", contradicted=True
        )
    return Verdict(False, f"no {names} decision about {check.targets[:3]}")


def _eval_negative(check: NegativeCheck, ctx: GradingContext, window: int) -> Verdict:
    """Met (bad) when the answer decides the forbidden action about a target now (a plan
    under a condition, "continue it once the INR is back in range", is no such decision)."""
    wanted, decisions = _decisions_about(check, ctx)
    # a switch rejected keeps the drug; it does not decide its dose ("I would not switch
    # metformin to something else" beside a reduction, eleventh pass)
    bad = [
        c
        for c in decisions
        if c.label in wanted and not c.condition and c.stated != Decision.CHANGE
    ]
    if bad:
        return Verdict(True, f"recommends the forbidden {bad[0].describe()}")
    return Verdict(
        False, f"does not recommend {check.actions[:3]} on {check.targets[:3]}"
    )


def _eval_patient_fact(
    check: PatientFactCheck, ctx: GradingContext, window: int
) -> Verdict:
    """Mentions a term AND (a fact id was revealed OR an interview tool was called).

    With ``about`` (a drug's names) a term counts only when said about that drug
    (:func:`claims.bound_mentions`: "About spironolactone, she takes it every day" does not
    report lisinopril adherence), and when ``terms`` give a dose, a dose said for the drug
    that differs from all of them, with the right one never said, contradicts the item; so
    does a schedule (``twice a day`` for a once-daily regimen, :func:`_wrong_schedules`).
    A symptom fact (``sym:`` ids) is contradicted by symptoms the answer reports that no
    observation names (:func:`_unreported_symptoms`: another patient's history).
    """
    if check.about:
        hits, other = cl.bound_mentions(
            ctx.answer, ctx.observations, check.terms, check.about
        )
        wrong = _wrong_doses(check, ctx)
        if wrong:
            return Verdict(
                False,
                f"states another dose for {check.about[0]}: {', '.join(wrong[:3])}",
                contradicted=True,
            )
        wrong = _wrong_schedules(check, ctx)
        if wrong:
            return Verdict(
                False,
                f"states another schedule for {check.about[0]}: {', '.join(wrong[:3])}",
                contradicted=True,
            )
        if not hits and other:
            said = ", ".join(f"{m.term!r} about {s}" for m, s in other[:3])
            return Verdict(False, f"says {said}, not about {check.about[0]}")
    else:
        hits = tx.mentions(ctx.answer, check.terms)
    invented = _unreported_symptoms(check, ctx)
    if invented:
        return Verdict(
            False,
            f"reports symptoms the patient never reported: {', '.join(invented[:3])}",
            contradicted=True,
        )
    revealed = sorted(set(check.fact_ids) & ctx.patient_facts_revealed)
    asked = [c.name for c in ctx.tool_calls if is_interview_tool(c.name)]
    if not hits:
        return Verdict(False, f"mentions none of {check.terms}")
    if revealed:
        return Verdict(
            True, f"mentions {_quote(hits[:2])}; patient revealed {revealed}"
        )
    if asked:
        return Verdict(
            True, f"mentions {_quote(hits[:2])}; patient interviewed via {asked[0]}"
        )
    return Verdict(
        False,
        f"mentions {_quote(hits[:2])} but the patient was never asked (no interview call, "
        f"facts {check.fact_ids} not revealed)",
    )


def _wrong_doses(check: PatientFactCheck, ctx: GradingContext) -> list[str]:
    """Doses said about the check's drug that match none of the doses among its terms,
    when none said about it matches (``[]`` when the terms give no dose)."""
    doses = [
        q
        for t in check.terms
        for q in tx.extract_quantities(t, labs=False)
        if q.kind == tx.UnitKind.DOSE
    ]
    if not doses:
        return []
    claims = _claims(ctx, check.about)
    said = [
        c.quantity
        for c in claims.about(cl.keys_of(check.about), "value")
        if c.quantity is not None and c.quantity.unit and not c.unknown_unit
    ]
    right, wrong = False, []
    for q in said:
        comparable = False
        for d in doses:
            factors = tx.unit_factors(d.unit, q.unit)
            if not factors:
                continue
            comparable = True
            if any(
                tx.matches_value(q, d.value, factor=f, offset=o) for f, o in factors
            ):
                right = True
        if comparable:
            wrong.append(str(q))
    return [] if right else wrong


@functools.lru_cache(maxsize=1)
def _symptom_index() -> TermIndex[str]:
    """The patient lexicon's symptom names (EN and ZH, not the looser question words)."""
    return TermIndex(
        {t: e.key for e in SYMPTOMS for t in (*e.match, *e.en, *e.zh) if len(t) > 1}
    )


@functools.lru_cache(maxsize=65536)
def _symptoms_in(text: str) -> frozenset[str]:
    return frozenset(h.value for h in _symptom_index().find(text))


def _unreported_symptoms(check: PatientFactCheck, ctx: GradingContext) -> list[str]:
    """For a symptom fact (``sym:`` ids), the symptoms the answer reports that nothing the
    agent observed (the patient's replies) nor the request names: another patient's
    history ("cough, fever and chest pain" from a patient who reported cough and fever)
    is no report of this one's."""
    if not check.fact_ids or not all(f.startswith("sym:") for f in check.fact_ids):
        return []
    said = _symptoms_in(cl.strip_pasted(ctx.answer, ctx.observations))
    if not said:
        return []
    heard = set().union(*(_symptoms_in(o) for o in [*ctx.observations, ctx.request]))
    return sorted(said - heard)


def _wrong_schedules(check: PatientFactCheck, ctx: GradingContext) -> list[str]:
    """Schedules said about the check's drug (``twice a day``) whose doses a day match none
    of the schedules among its terms, when none said about it matches (``[]`` when the
    terms give no schedule). Every day and PRN are no schedule (see
    :data:`~physassist_env.vocab.frequencies.SCHEDULE_PER_DAY`)."""
    wanted = {per_day for t in check.terms for _, _, per_day in schedule_spans(t)}
    if not wanted:
        return []
    said, _ = cl.bound_schedules(ctx.answer, ctx.observations, check.about)
    if any(per_day in wanted for _, per_day in said):
        return []
    return [words for words, _ in said]


def _eval_no_fabrication(
    check: NoFabricationCheck, ctx: GradingContext, window: int
) -> Verdict:
    """Every clinical number of the answer was observed, for what it is said about.

    Clinical: a number with a measurement unit (not a dose, duration or bare percent), or a
    number bound to a lab name. A number claimed about an analyte must appear on an observed
    line that names that analyte (``potassium 5.8`` is not supported by an observed sodium of
    5.8); other clinical numbers must appear anywhere in what was observed or in the request.
    Reference-range numbers are exempt; a number counts as observed when it equals an observed
    number as written, rounded to fewer decimals, or converted to its unit.
    """
    pool = [q for t in [*ctx.observations, ctx.request] for q in _plain_quantities(t)]
    claims = _claims(ctx)
    fabricated = []
    n = 0
    for c in claims.claims:
        q = c.quantity
        if c.kind != "value" or q is None or q.reference:
            continue
        analyte = c.subject if c.subject and ":" not in c.subject else ""
        if not (q.clinical or analyte):
            continue
        n += 1
        if c.subject in ("egfr", "score:egfr") and _egfr_derivable(q.value, ctx):
            continue
        if analyte:
            lines = _lines_about(ctx, analyte)
            local = [
                o for line in lines for o in tx.extract_quantities(line, labs=False)
            ]
            if any(_observed(q, o) for o in local) or any(
                _observed(q, o) for o in tx.extract_quantities(ctx.request, labs=False)
            ):
                continue
            if lines or not any(_observed(q, o) for o in pool):
                fabricated.append(c.describe())
            continue
        if not any(_observed(q, o) for o in pool):
            fabricated.append(str(q))
    if fabricated:
        return Verdict(
            False,
            f"numbers not in the record or request: {', '.join(fabricated[:5])}",
        )
    return Verdict(True, f"all {n} clinical numbers were observed")


#: Adult ages over which an eGFR computed from a creatinine may range (the chart's age and
#: sex are not read by the grader): race-free CKD-EPI 2021 (Inker LA et al., N Engl J Med
#: 2021;385:1737-49), as in :func:`physassist_env.clinical.scores.egfr_ckd_epi_2021`.
_EGFR_AGES = (18, 110)


def _egfr_derivable(value: float, ctx: GradingContext) -> bool:
    """An eGFR the answer computes: ``value`` lies (to the nearest whole number) between
    the CKD-EPI 2021 eGFRs of an observed creatinine for the oldest and the youngest adult
    of either sex. An eGFR no observed creatinine can give stays a fabrication."""
    for line in _lines_about(ctx, "creatinine"):
        for o in tx.extract_quantities(line, labs=False):
            if o.value is None or not 0.1 <= o.value <= 25 or o.reference:
                continue
            bounds = [
                scores.egfr_ckd_epi_2021(creatinine=o.value, age=age, female=female)
                for age in _EGFR_AGES
                for female in (False, True)
            ]
            if min(bounds) - 1 <= value <= max(bounds) + 1:
                return True
    return False


def _lines_about(ctx: GradingContext, analyte: str) -> list[str]:
    """Observed lines that name ``analyte`` (any of its names)."""
    return [
        line
        for text in ctx.observations
        for line in text.split("\n")
        if analyte in _line_subjects(line)
    ]


@functools.lru_cache(maxsize=65536)
def _plain_quantities(text: str) -> tuple[tx.Quantity, ...]:
    """Numbers of an observed text (no lab binding), memoised: observations repeat."""
    return tuple(tx.extract_quantities(text, labs=False))


@functools.lru_cache(maxsize=65536)
def _line_subjects(line: str) -> frozenset[str]:
    return frozenset(s.key for s in cl.find_subjects(line))


def _observed(stated: tx.Quantity, observed: tx.Quantity) -> bool:
    if not stated.unit or not observed.unit:
        factors = [(1.0, 0.0)]
    else:
        factors = tx.unit_factors(observed.unit, stated.unit, stated.lab)
    return any(tx.rounds_to(stated, observed, factor=f, offset=o) for f, o in factors)


# ---------------------------------------------------------------- action checks
def _eval_tool(check: ToolUseCheck, ctx: GradingContext, window: int) -> Verdict:
    """One of the tools was called (names compared after normalisation)."""
    wanted = {tool_key(t) for t in check.tools}
    called = [c.name for c in ctx.tool_calls if tool_key(c.name) in wanted]
    if called:
        return Verdict(True, f"called {called[0]}")
    names = sorted({c.name for c in ctx.tool_calls})
    return Verdict(False, f"none of {check.tools} called; called: {names or 'nothing'}")


def _concept(cc: Any) -> str:
    if isinstance(cc, list):
        return "; ".join(filter(None, (_concept(c) for c in cc)))
    if not isinstance(cc, dict):
        return ""
    parts = [str(cc.get("text") or "")]
    parts += [
        str(c.get(k) or "") for c in cc.get("coding") or [] for k in ("code", "display")
    ]
    return " ".join(dict.fromkeys(p for p in parts if p))


def resource_arguments(resource: dict[str, Any]) -> dict[str, str]:
    """The write-tool arguments a created FHIR resource stands for.

    Args:
        resource: A ``MedicationRequest``, ``ServiceRequest`` or ``Flag`` made by a write tool.

    Returns:
        Argument name -> text (for other types, ``{"text": <the resource as JSON>}``).
    """
    rtype = resource.get("resourceType")
    if rtype == "MedicationRequest":
        dosage = (resource.get("dosageInstruction") or [{}])[0]
        qty = ((dosage.get("doseAndRate") or [{}])[0]).get("doseQuantity") or {}
        dose = f"{qty.get('value', '')} {qty.get('unit', '')}".strip() or str(
            dosage.get("text") or ""
        )
        supply = (resource.get("dispenseRequest") or {}).get(
            "expectedSupplyDuration"
        ) or {}
        return {
            "medication": _concept(resource.get("medicationCodeableConcept")),
            "dose": dose,
            "route": _concept(dosage.get("route")),
            "frequency": _concept((dosage.get("timing") or {}).get("code")),
            "indication": _concept(resource.get("reasonCode")),
            "duration_days": str(supply.get("value", "")),
        }
    if rtype == "ServiceRequest":
        return {
            "service_type": _concept(resource.get("code")),
            "priority": str(resource.get("priority") or ""),
            "note": " ".join(
                str(n.get("text") or "") for n in resource.get("note") or []
            ),
            "target_date": str(resource.get("occurrenceDateTime") or ""),
        }
    if rtype == "Flag":
        coding = ((resource.get("code") or {}).get("coding") or [{}])[0]
        return {
            "category": _concept(resource.get("category")),
            "code": str(
                coding.get("code") or (resource.get("code") or {}).get("text") or ""
            ),
            "detail": str(
                coding.get("display") or (resource.get("code") or {}).get("text") or ""
            ),
        }
    return {"text": json.dumps(resource, ensure_ascii=False)}


def _argument(arguments: dict[str, Any], name: str) -> str | None:
    for key, value in arguments.items():
        if _name_key(key) == _name_key(name) and value is not None:
            return str(value)
    return None


@functools.lru_cache(maxsize=8192)
def _synonym_re(synonym: str) -> re.Pattern[str]:
    body = re.escape(synonym.strip())
    left = r"(?<![A-Za-z0-9])" if synonym.strip()[:1].isalnum() else ""
    return re.compile(left + body, re.I)


def _accepts(synonym: str, value: str) -> bool:
    """An accepted argument value: the synonym at the start of a word (``hyperkal`` accepts
    ``hyperkalemia``; ``od`` does not accept ``blood``), or inside Chinese text."""
    return bool(_synonym_re(synonym).search(value))


def _write_problems(check: WriteCheck, arguments: dict[str, Any]) -> list[str]:
    problems = []
    for arg, synonyms in check.accepted.items():
        # "code|detail": the synonym may appear in any of the named arguments
        parts = [_argument(arguments, a) for a in arg.split("|")]
        value = (
            " | ".join(p for p in parts if p is not None)
            if any(p is not None for p in parts)
            else None
        )
        if value is None:
            problems.append(f"no {arg!r}")
        elif not any(_accepts(s, value) for s in synonyms if s.strip()):
            problems.append(f"{arg}={value!r} is none of {synonyms}")
    if check.dose_min is not None or check.dose_max is not None:
        problems += _dose_problems(check, _argument(arguments, "dose"))
    return problems


def _dose_problems(check: WriteCheck, dose: str | None) -> list[str]:
    if dose is None:
        return ["no 'dose'"]
    found = tx.extract_quantities(dose, labs=False)
    if not found:
        return [f"dose={dose!r} has no number"]
    q = found[0]
    value = q.value
    if check.dose_unit and q.unit:
        factors = tx.unit_factors(q.unit, check.dose_unit)
        if not factors:
            return [f"dose={dose!r} is not in {check.dose_unit}"]
        value = q.value * factors[0][0] + factors[0][1]
    lo = -float("inf") if check.dose_min is None else check.dose_min
    hi = float("inf") if check.dose_max is None else check.dose_max
    if not lo - 1e-9 <= value <= hi + 1e-9:
        return [
            f"dose={dose!r} outside [{check.dose_min}, {check.dose_max}] {check.dose_unit or ''}".rstrip()
        ]
    return []


WRITE_TOOLS = ("MedicationRequest.create", "ServiceRequest.create", "Flag.create")
_WRITE_KEYS = {tool_key(t) for t in WRITE_TOOLS}


def _write_candidates(
    ctx: GradingContext, tool: str
) -> list[tuple[str, dict[str, Any]]]:
    """The writes of one tool the turn made: created resources when the episode reports
    them (failed calls created nothing), else the calls' arguments."""
    key = tool_key(tool)
    canonical = _EHR_TOOLS.get(key, tool)
    rtype = canonical.split(".")[0]
    if ctx.effects_known:
        return [
            (f"created {rtype}/{r.get('id', '?')}", resource_arguments(r))
            for r in ctx.created
            if r.get("resourceType") == rtype
        ]
    out: list[tuple[str, dict[str, Any]]] = [
        (c.name, c.arguments) for c in ctx.tool_calls if tool_key(c.name) == key
    ]
    out += [
        (f"created {rtype}/{r.get('id', '?')}", resource_arguments(r))
        for r in ctx.created
        if r.get("resourceType") == rtype
    ]
    return out


def evaluate_writes(checks: Sequence[WriteCheck], ctx: GradingContext) -> list[Verdict]:
    """Grade a turn's write items as a set: one verdict per check, in order.

    The items of one write tool describe one gold write; it is matched to the single actual
    write that meets most of them, and every item is judged against that write only (the
    right arguments split over two orders do not add up to one right order).
    """
    verdicts: dict[int, Verdict] = {}
    groups: dict[str, list[int]] = {}
    for i, check in enumerate(checks):
        groups.setdefault(tool_key(check.tool), []).append(i)
    for idx in groups.values():
        tool = checks[idx[0]].tool
        candidates = _write_candidates(ctx, tool)
        if not candidates:
            for i in idx:
                verdicts[i] = Verdict(False, f"no {tool} write was made")
            continue
        scored = []
        for label, arguments in candidates:
            problems = [_write_problems(checks[i], arguments) for i in idx]
            scored.append((sum(not p for p in problems), label, arguments, problems))
        best = max(scored, key=lambda x: x[0])
        _, label, arguments, problems = best
        misreport = _misreported_day(arguments, ctx)
        unreported = not misreport and _unreported(
            [checks[i] for i in idx], arguments, ctx
        )
        for i, prob in zip(idx, problems, strict=True):
            if misreport and not prob:
                verdicts[i] = Verdict(False, f"{label}: {misreport}", contradicted=True)
            elif unreported and not prob:
                verdicts[i] = Verdict(
                    False,
                    f"{label} was made, but the answer shown says nothing of it",
                )
            elif not prob:
                shown = ", ".join(
                    f"{a}={_argument(arguments, a.split('|')[0])!r}"
                    for a in checks[i].accepted
                )
                verdicts[i] = Verdict(True, f"{label} matches ({shown})")
            else:
                verdicts[i] = Verdict(
                    False,
                    f"best-matching {label} ({len(candidates)} write(s)): {'; '.join(prob)}",
                )
    return [verdicts[i] for i in range(len(checks))]


#: Words that report a write as done (EN and ZH): a past participle of ordering,
#: requesting, booking or adding, "done", "all set", 已…预约/开/申请/添加.
_WRITE_REPORT_RE = re.compile(
    r"\b(?:done|ordered|requested|booked|scheduled|placed|added|flagged|created|"
    r"submitted|sent|arranged|entered|written|prescribed|referred|all\s+set|set\s+up|"
    r"put\s+in|on\s+(?:the\s+)?(?:chart|order|list))\b"
    r"|已[\u4e00-\u9fff]{0,4}?(?:预约|开|申请|添加|下|安排|提交|完成|创建|录入|发出|标记|转诊|约|挂)"
    r"|预约|开具|申请|添加|完成|安排",
    re.I,
)


#: A flag named as a flag (EN and ZH).
_FLAG_NAMES = ("flag", "alert", "warning", "警示", "提醒", "警告")


def _unreported(
    checks: Sequence[WriteCheck], arguments: dict[str, Any], ctx: GradingContext
) -> bool:
    """Whether an answer that says something says nothing of the write it made (issue #35,
    twelfth pass): no word reporting a write as done (:data:`_WRITE_REPORT_RE`) and no
    name of what was written (the drug ordered, the service requested, a flag as a flag).
    "Sorry, I can't help with that." beside a booked follow-up tells the physician nothing
    was done, and a list of lab values reports no flag: the write is not paid. A silent
    answer is judged by its writes alone."""
    text = shown_text(ctx.answer).strip()
    if not text or _WRITE_REPORT_RE.search(text):
        return False
    # what was written, by name: the drug ordered, the service requested, a flag as a
    # flag (a lab the flag is about, named in a list of values, reports no flag)
    names = {
        syn
        for c in checks
        for arg, synonyms in c.accepted.items()
        if arg in ("medication", "service_type")
        for syn in synonyms
        if len(syn.strip()) >= 3
    }
    names |= {
        str(v)
        for k, v in arguments.items()
        if k in ("medication", "service_type") and len(str(v)) >= 3
    }
    if any(tool_key(c.tool) == tool_key("Flag.create") for c in checks):
        names |= set(_FLAG_NAMES)
    return not any(_accepts(n, text) for n in names)


def _misreported_day(arguments: dict[str, Any], ctx: GradingContext) -> str:
    """Why the answer misreports the day of a write, ``""`` when it does not (issue #35,
    twelfth pass): the write carries a day (a follow-up's ``target_date``, a flag's dated
    detail), the answer never says it in any format (:func:`dates.days_said`), and says a
    calendar day that is neither a day of the write nor one the turn saw (observations,
    request, tool arguments). A physician reading "booked for 3 May" for a visit written
    for 7 May has been told the wrong day: the write's items are contradicted."""
    written = days_written(tuple(str(v) for v in arguments.values()))
    if not written:
        return ""
    said = [d for d in days_said(shown_text(ctx.answer)) if d.month_day or d.options]
    if not said or any(d.matches(m, day, y) for d in said for (y, m, day) in written):
        return ""
    known = days_written(
        (
            *ctx.observations,
            ctx.request,
            *(json.dumps(c.arguments, default=str) for c in ctx.tool_calls),
        )
    )
    for d in said:
        if not any(d.matches(m, day, y) for (y, m, day) in known):
            shown = shown_text(ctx.answer)[d.start : d.end]
            days = ", ".join(
                f"{y:04d}-{m:02d}-{day:02d}" for y, m, day in sorted(written)
            )
            return f"the answer reports it for {shown!r}, not its {days}"
    return ""


def _eval_write(check: WriteCheck, ctx: GradingContext, window: int) -> Verdict:
    """One write item on its own (see :func:`evaluate_writes` for the set rule)."""
    return evaluate_writes([check], ctx)[0]


def unrequested_writes(
    gold_actions: Sequence[ToolCall], ctx: GradingContext
) -> Verdict | None:
    """A verdict when the turn made more writes than its gold asks for, else ``None``.

    Writes are counted per tool: created resources when the episode reports them, else write
    calls. Every write beyond the gold's count of that tool is unrequested (a second order,
    seven consults, a flag nobody asked for).
    """
    wanted: dict[str, int] = {}
    for call in gold_actions:
        k = tool_key(call.name)
        if k in _WRITE_KEYS:
            wanted[k] = wanted.get(k, 0) + 1
    extra = []
    for tool in WRITE_TOOLS:
        made = (
            len(_write_candidates(ctx, tool))
            if ctx.effects_known
            else sum(tool_key(c.name) == tool_key(tool) for c in ctx.tool_calls)
        )
        over = made - wanted.get(tool_key(tool), 0)
        if over > 0:
            extra.append(f"{over} {tool}")
    if not extra:
        return None
    return Verdict(True, f"writes nobody asked for: {', '.join(extra)}")


def taken_back(ctx: GradingContext) -> Verdict | None:
    """A verdict when the answer takes itself back as a whole and restates nothing after
    (:func:`~physassist_env.grading.frames.taken_back`: "Actually, scratch all of that",
    "None of this is reliable, I made these numbers up", 以上内容请全部作废), else ``None``.

    A retraction voids what it governs on every kind of turn: the values and the patient's
    words it reported, the write it confirmed ("Done: a follow-up was requested") and the
    decision it made; the rule grader adds a contradicted negative item for it, so the
    turn cannot pass whatever its rubric holds (issue #35, seventh pass)."""
    cue = fr.taken_back(shown_text(ctx.answer))
    if not cue:
        said = cl.summary_contradicts(ctx.answer, ctx.observations)
        if said:  # a bottom line against its body: two decisions (twelfth pass)
            return Verdict(
                True,
                f"the answer's own summary {said!r} says the opposite of its body",
                contradicted=True,
            )
        return None
    return Verdict(
        True,
        f"the answer takes back what it said ({cue.strip()!r}) and restates nothing after",
        contradicted=True,
    )


_EVALUATORS: dict[str, Callable[[Any, GradingContext, int], Verdict]] = {
    "value": _eval_value,
    "flag": _eval_flag,
    "trend": _eval_trend,
    "mention": _eval_mention,
    "recommend": _eval_recommend,
    "negative": _eval_negative,
    "tool": _eval_tool,
    "write": _eval_write,
    "patient_fact": _eval_patient_fact,
    "no_fabrication": _eval_no_fabrication,
}


def evaluate(check: Any, ctx: GradingContext, *, window: int = 12) -> Verdict:
    """Evaluate one rubric check against a turn's answer and actions.

    Args:
        check: A check model (``ValueCheck``, ``FlagCheck``... see ``scenarios.model.Check``).
        ctx: The turn's answer, calls, observations and patient facts.
        window: Largest token gap between an action and its target (recommend/negative).

    Returns:
        The :class:`Verdict`; for a :class:`NegativeCheck`, ``met`` means the forbidden
        recommendation was made.

    Raises:
        ValueError: For an unknown check kind.
    """
    kind = getattr(check, "kind", None)
    if kind not in _EVALUATORS:
        raise ValueError(
            f"unknown check kind {kind!r}; known: {', '.join(_EVALUATORS)}"
        )
    return _EVALUATORS[kind](check, ctx, window)
