"""One evaluator per rubric check kind: ``evaluate(check, ctx) -> Verdict``.

Each evaluator is deterministic and returns a reason naming what it found or what was
missing, so a grade can be audited item by item. The semantics of each check are those of
its class docstring in :mod:`physassist_env.scenarios.model`; the decisions this module
adds are documented on each ``_eval_*`` function.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from physassist_env.ehr.toolkit import TOOL_METHODS, _name_key
from physassist_env.grading import text as tx
from physassist_env.patient.interview import TOOL_NAMES
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

#: Patient-interview tool names (see :mod:`physassist_env.patient.interview`).
INTERVIEW_TOOLS: frozenset[str] = frozenset(TOOL_NAMES)
_INTERVIEW_PREFIXES = ("patientinterview", "interview")
_EHR_TOOLS: dict[str, str] = {_name_key(n): n for n in TOOL_METHODS} | {
    _name_key(m): n for n, m in TOOL_METHODS.items()
}


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
    """

    answer: str
    language: str = "en"
    tool_calls: list[ToolCall] = field(default_factory=list)
    observations: list[str] = field(default_factory=list)
    created: list[dict[str, Any]] = field(default_factory=list)
    patient_facts_revealed: set[str] = field(default_factory=set)
    request: str = ""

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
    """

    met: bool
    reason: str


#: A value item is not met by an answer stating more distinct numbers than this (gold
#: answers state at most a handful): listing every number of the record is not answering.
MAX_STATED_NUMBERS = 20


def _quote(matches: list[tx.Match]) -> str:
    return ", ".join(
        repr(m.term) + (f" (negated by {m.cue!r})" if m.negated else "")
        for m in matches
    )


# ---------------------------------------------------------------- text checks
def _eval_value(check: ValueCheck, ctx: GradingContext, window: int) -> Verdict:
    """A stated number equals the value, in the check unit, a converted unit, or no unit.

    Numbers of a reference range (``ref 3.5-5.1``), dates and clock times are never taken.
    Conversions come from ``check.conversions`` first (unit -> factor), then the built-in
    table (:func:`text.unit_factors`, analyte-aware when a lab name precedes the number).
    """
    quantities = [q for q in tx.extract_quantities(ctx.answer) if not q.reference]
    distinct = len({q.value for q in quantities})
    if distinct > MAX_STATED_NUMBERS:
        return Verdict(
            False,
            f"the answer states {distinct} distinct numbers (more than "
            f"{MAX_STATED_NUMBERS}): a dump of the record is not an answer",
        )
    conversions = {
        tx.canonical_unit(u).lower(): f for u, f in check.conversions.items()
    }
    want_unit = tx.canonical_unit(check.unit)
    decimals = (
        tx.printed_decimals(check.value) if check.decimals is None else check.decimals
    )
    slack = check.tolerance + 0.5 * 10 ** (-decimals)
    wanted = f"{check.value:g} {want_unit}".strip() + f" (±{slack:g})"
    for q in quantities:
        if not q.unit or not want_unit:
            if q.kind == tx.UnitKind.TIME or (check.unit_required and not q.unit):
                continue
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
                via = (
                    ""
                    if (factor, offset) == (1.0, 0.0)
                    else f" (converted x{factor:g})"
                )
                return Verdict(True, f"states {q} matching {wanted}{via}")
    stated = ", ".join(str(q) for q in quantities) or "none"
    return Verdict(False, f"no number matching {wanted}; numbers stated: {stated}")


def _eval_flag(check: FlagCheck, ctx: GradingContext, window: int) -> Verdict:
    """A flag word of the direction, not negated; ``abnormal`` also accepts high and low words."""
    matches = tx.find_flags(ctx.answer)
    wanted = {check.direction} | (
        {"high", "low"} if check.direction == "abnormal" else set()
    )
    hits = [m for m in matches if m.label in wanted and not m.negated]
    if hits:
        return Verdict(True, f"calls it {check.direction}: {_quote(hits)}")
    return Verdict(
        False,
        f"no {check.direction} wording; flag words found: {_quote(matches) or 'none'}",
    )


def _eval_trend(check: TrendCheck, ctx: GradingContext, window: int) -> Verdict:
    """A trend word of the direction, not negated."""
    matches = tx.find_trends(ctx.answer)
    hits = [m for m in matches if m.label == check.direction and not m.negated]
    if hits:
        return Verdict(
            True, f"describes the trend as {check.direction}: {_quote(hits)}"
        )
    return Verdict(
        False,
        f"no {check.direction} wording; trend words found: {_quote(matches) or 'none'}",
    )


def _eval_mention(check: MentionCheck, ctx: GradingContext, window: int) -> Verdict:
    """Any term, case-insensitive, word-bounded for Latin terms (negation is not considered)."""
    hits = tx.mentions(ctx.answer, check.terms)
    if hits:
        return Verdict(True, f"mentions {_quote(hits[:3])}")
    return Verdict(False, f"mentions none of {check.terms}")


def _eval_recommend(check: RecommendCheck, ctx: GradingContext, window: int) -> Verdict:
    """An action term within ``window`` tokens of a target term in one sentence, not negated."""
    recs = tx.find_recommendations(
        ctx.answer, check.actions, check.targets, window=window
    )
    good = [r for r in recs if not r.negated]
    if good:
        return Verdict(True, f"recommends {good[0].describe()}")
    if recs:
        return Verdict(False, "only negated: " + "; ".join(r.describe() for r in recs))
    return Verdict(False, f"no action {check.actions} near a target {check.targets}")


def _eval_negative(check: NegativeCheck, ctx: GradingContext, window: int) -> Verdict:
    """Met (bad) when the forbidden action is recommended on a target and not negated."""
    recs = tx.find_recommendations(
        ctx.answer, check.actions, check.targets, window=window
    )
    bad = [r for r in recs if not r.negated]
    if bad:
        return Verdict(True, f"recommends the forbidden {bad[0].describe()}")
    if recs:
        return Verdict(
            False,
            "forbidden action only negated: " + "; ".join(r.describe() for r in recs),
        )
    return Verdict(False, f"does not recommend {check.actions} on {check.targets}")


def _eval_patient_fact(
    check: PatientFactCheck, ctx: GradingContext, window: int
) -> Verdict:
    """Mentions a term AND (a fact id was revealed OR an interview tool was called)."""
    hits = tx.mentions(ctx.answer, check.terms)
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


def _eval_no_fabrication(
    check: NoFabricationCheck, ctx: GradingContext, window: int
) -> Verdict:
    """Every clinical number of the answer was observed or said in the request.

    Clinical: a number with a measurement unit (not a dose, duration or bare percent), or a
    number right after a lab name. Reference-range numbers are exempt. A number counts as
    observed when it equals an observed number as written or rounded to fewer decimals, or
    converted to its unit (``106 umol/L`` for an observed ``1.2 mg/dL``).
    """
    pool = [
        q
        for t in [*ctx.observations, ctx.request]
        for q in tx.extract_quantities(t, labs=False)
    ]
    stated = [
        q for q in tx.extract_quantities(ctx.answer) if q.clinical and not q.reference
    ]
    fabricated = [q for q in stated if not any(_observed(q, o) for o in pool)]
    if fabricated:
        return Verdict(
            False,
            f"numbers not in the record or request: {', '.join(str(q) for q in fabricated)}",
        )
    return Verdict(True, f"all {len(stated)} clinical numbers were observed")


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
        elif not any(s.lower() in value.lower() for s in synonyms):
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


def _eval_write(check: WriteCheck, ctx: GradingContext, window: int) -> Verdict:
    """A call to the write tool, or a created resource of its type, whose arguments all match.

    Each accepted argument must contain one of its synonyms (case-insensitive substring);
    the dose, when bounded, must lie in [dose_min, dose_max] after converting to dose_unit
    (a dose without a unit is taken to be in dose_unit).
    """
    key = tool_key(check.tool)
    canonical = _EHR_TOOLS.get(key, check.tool)
    rtype = canonical.split(".")[0]
    candidates: list[tuple[str, dict[str, Any]]] = [
        (c.name, c.arguments) for c in ctx.tool_calls if tool_key(c.name) == key
    ]
    candidates += [
        (f"created {rtype}/{r.get('id', '?')}", resource_arguments(r))
        for r in ctx.created
        if r.get("resourceType") == rtype
    ]
    if not candidates:
        return Verdict(False, f"no {canonical} call")
    problems: list[str] = []
    for label, arguments in candidates:
        problems = _write_problems(check, arguments)
        if not problems:
            shown = ", ".join(
                f"{a}={_argument(arguments, a.split('|')[0])!r}" for a in check.accepted
            )
            return Verdict(True, f"{label} matches ({shown})")
    return Verdict(
        False,
        f"{len(candidates)} {canonical} candidate(s), none matching; last: {'; '.join(problems)}",
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
