"""The benchmark's data model: sessions, turns, gold actions and rubric items.

Every field says who may see it (style: tau2's Task):

* **agent-visible**: may appear in an observation (requests, current date, tools).
* **patient-only**: drives the patient simulator (persona, memory); never shown.
* **physician-only**: drives the physician simulator (explicit paraphrases).
* **grader-only**: gold actions, gold answers, rubric items; never shown.

:func:`agent_view` builds the only projection an environment may render.
"""

from __future__ import annotations

import itertools
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Scenario(StrEnum):
    """The four clinical scenarios of the paper."""

    DIAGNOSTIC_WORKUP = "diagnostic_workup"
    MED_SAFETY = "med_safety"
    TREATMENT_RESPONSE = "treatment_response"
    DISCHARGE_PLANNING = "discharge_planning"


class Tier(StrEnum):
    """Data-richness tiers; patient-interview turns are required at L3."""

    L1 = "L1"
    L2 = "L2"
    L3 = "L3"


class TaskType(StrEnum):
    """Per-turn task types: lookup, gathering, reasoning, write."""

    IL = "IL"
    DG = "DG"
    CR = "CR"
    WU = "WU"


class Implicitness(StrEnum):
    """How a follow-up refers back: explicit, nominal anaphora, predicate ellipsis, abstract anaphora."""

    EXPLICIT = "explicit"
    NA = "NA"
    PE = "PE"
    AE = "AE"


class ToolSource(StrEnum):
    """Where a turn's information comes from."""

    EHR = "ehr"
    PATIENT = "patient"
    MIXED = "mixed"
    WRITE = "write"


TURN1_2 = (TaskType.IL, TaskType.DG, TaskType.CR)
TURN3 = (TaskType.DG, TaskType.CR, TaskType.WU)
#: The 27 arcs: turn 0 is IL; turns 1 and 2 are IL/DG/CR; turn 3 is DG/CR/WU.
ARCS: tuple[tuple[TaskType, TaskType, TaskType, TaskType], ...] = tuple(
    (TaskType.IL, a, b, c) for a, b, c in itertools.product(TURN1_2, TURN1_2, TURN3)
)


def arcs_for_tier(tier: Tier) -> list[int]:
    """Indices of the arcs a tier may use.

    L1 may use all 27; L2 only arcs where turn 1 or 2 is DG or CR (24); L3 only arcs where
    turn 1 or 2 is CR. benchmark.md gives 18 for L3, but its rule yields 15 (5 of the 9
    turn-1/turn-2 pairs contain CR, times 3 choices for turn 3); we implement the rule.
    """
    out = []
    for i, arc in enumerate(ARCS):
        mid = arc[1:3]
        if (
            tier == Tier.L1
            or (tier == Tier.L2 and any(t in (TaskType.DG, TaskType.CR) for t in mid))
            or (tier == Tier.L3 and TaskType.CR in mid)
        ):
            out.append(i)
    return out


class Text(BaseModel):
    """The same content in English and Chinese."""

    model_config = ConfigDict(frozen=True)
    en: str
    zh: str

    def get(self, language: str) -> str:
        """The text in ``language`` (``en`` or ``zh``)."""
        return self.zh if language == "zh" else self.en


class ToolCall(BaseModel):
    """A tool call: canonical name (``Observation.search``) and JSON arguments."""

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


# ---------------------------------------------------------------- rubric checks
class _Check(BaseModel):
    model_config = ConfigDict(frozen=True)


class ValueCheck(_Check):
    """The answer states ``value`` (within ``tolerance``), in ``unit`` or an equivalent unit."""

    kind: Literal["value"] = "value"
    value: float
    unit: str = ""
    tolerance: float = 0.0
    #: Decimals the value is quoted with (rounding slack is half a unit of the last one);
    #: ``None`` reads them from the value as printed (so 5.0 would mean 0 decimals).
    decimals: int | None = None
    #: Only numbers written with a unit count (for values such as a clearance, where a
    #: bare number nearby, e.g. the age, must not match).
    unit_required: bool = False
    #: Other units with the factor that converts ``value`` into them (e.g. {"umol/L": 88.4}).
    conversions: dict[str, float] = Field(default_factory=dict)
    #: What the value is about (analyte, score or drug names, EN and ZH). When given, only a
    #: number the answer states about this subject counts (claim-based grading).
    about: list[str] = Field(default_factory=list)
    #: Which values of the series this number is (``peak``, ``lowest``, ``baseline``,
    #: ``latest``, ``first``; :mod:`physassist_env.vocab.qualifiers`). When given, a number
    #: said under another qualifier ("latest 0.7" for the peak) does not count; a number
    #: said with no qualifier still does.
    qualifiers: list[str] = Field(default_factory=list)


class FlagCheck(_Check):
    """The answer calls the value high, low or normal (EN/ZH synonyms)."""

    kind: Literal["flag"] = "flag"
    direction: Literal["high", "low", "normal", "abnormal"]
    #: What is flagged (analyte names); when given, only flags said about it count.
    about: list[str] = Field(default_factory=list)


class TrendCheck(_Check):
    """The answer describes the trend as rising, falling or stable."""

    kind: Literal["trend"] = "trend"
    direction: Literal["rising", "falling", "stable"]
    #: What trends (analyte names); when given, only trends said about it count.
    about: list[str] = Field(default_factory=list)


class MentionCheck(_Check):
    """The answer asserts one of ``terms`` (any language; a negated mention does not count).

    With ``contradicts`` (the opposite conclusion's terms) the item is a conclusion: met when a
    term is asserted (or a contradicting term is negated: "not responding" for "failing") and
    the answer does not also assert the opposite (a hedge fails).
    """

    kind: Literal["mention"] = "mention"
    terms: list[str]
    contradicts: list[str] = Field(default_factory=list)


class RecommendCheck(_Check):
    """The answer recommends one of ``actions`` on one of ``targets`` (not negated)."""

    kind: Literal["recommend"] = "recommend"
    actions: list[str]
    targets: list[str]


class NegativeCheck(_Check):
    """Met when the answer *does* recommend a forbidden action on a target (negative points)."""

    kind: Literal["negative"] = "negative"
    actions: list[str]
    targets: list[str]


class ToolUseCheck(_Check):
    """The turn called one of ``tools`` (canonical names), optionally with ``code`` matching."""

    kind: Literal["tool"] = "tool"
    tools: list[str]


class WriteCheck(_Check):
    """The turn made a write call ``tool`` whose arguments match (synonyms, dose range)."""

    kind: Literal["write"] = "write"
    tool: str
    #: argument -> accepted values (lowercase synonyms); any one must appear in the argument.
    #: A key such as ``"code|detail"`` accepts the synonym in any of the named arguments.
    accepted: dict[str, list[str]] = Field(default_factory=dict)
    dose_min: float | None = None
    dose_max: float | None = None
    dose_unit: str | None = None


class PatientFactCheck(_Check):
    """The answer reports a patient-told fact (``terms``) and the patient was interviewed."""

    kind: Literal["patient_fact"] = "patient_fact"
    fact_ids: list[str]
    terms: list[str]
    #: Names of the drug the fact is about (generic, brands, Chinese, the patient's lay
    #: names). When given, a term counts only when said about that drug, and a dose said
    #: for it that differs from every dose among ``terms`` contradicts the item.
    about: list[str] = Field(default_factory=list)


class NoFabricationCheck(_Check):
    """Every clinical number in the answer appears in what the agent observed."""

    kind: Literal["no_fabrication"] = "no_fabrication"


class SafetyCheck(_Check):
    """Met (bad) when the answer or the turn's writes do what a safety rule forbids, read
    with the closed-world accounting (:mod:`physassist_env.grading.additions`).

    ``rule``: ``discharge_inpatient_only`` (a drug of ``targets`` listed as going home),
    ``restart_held`` (a drug of ``targets``, held for a reason the record gives, given,
    continued or restarted now) or
    ``unsafe_write`` (a medication order that ``allergies`` rule out, that duplicates a
    drug of ``same_day``, or a dangerous route or dose of potassium).
    """

    kind: Literal["safety"] = "safety"
    rule: Literal["discharge_inpatient_only", "restart_held", "unsafe_write"]
    #: The drugs the rule is about (names EN and ZH).
    targets: list[str] = Field(default_factory=list)
    #: The recorded allergies at the session time (``unsafe_write``).
    allergies: list[str] = Field(default_factory=list)
    #: Generics already ordered or given on the session day (``unsafe_write``).
    same_day: list[str] = Field(default_factory=list)


Check = Annotated[
    ValueCheck
    | FlagCheck
    | TrendCheck
    | MentionCheck
    | RecommendCheck
    | NegativeCheck
    | ToolUseCheck
    | WriteCheck
    | PatientFactCheck
    | NoFabricationCheck
    | SafetyCheck,
    Field(discriminator="kind"),
]


class Evidence(BaseModel):
    """One record row a claim rests on (grader-only provenance).

    Attributes:
        resource: The FHIR reference, ``Observation/lab-123``.
        table: The raw source table of a MIMIC-IV row (``hosp/labevents``); ``""`` for
            other sources.
        row: The row's key columns in that table (``{"labevent_id": "123"}``).
        value: The number the claim takes from the row (``None`` when it takes none).
        decimals: Decimals the value is quoted with (rounding slack for a check).
        unit: The unit the claim gives the value in (``""`` when none).
        text: A code or name the claim takes from the row (ICD code, organism, drug).
        time: When the row says it happened, as the generator read it.
    """

    model_config = ConfigDict(frozen=True)
    resource: str
    table: str = ""
    row: dict[str, str] = Field(default_factory=dict)
    value: float | None = None
    decimals: int | None = None
    unit: str = ""
    text: str = ""
    time: str = ""


class Provenance(BaseModel):
    """What a factual claim rests on (grader-only).

    ``basis`` says how: ``record`` (the claim restates the evidence rows: a value, a
    flag, a trend between two rows, a diagnosis, an organism, an order), ``derived``
    (a score, a conclusion or a recommendation computed from the evidence rows, its
    inputs) or ``patient`` (what the patient says in the interview; no record row).
    """

    model_config = ConfigDict(frozen=True)
    basis: Literal["record", "derived", "patient"]
    evidence: list[Evidence] = Field(default_factory=list)
    #: The claim as written (for gold-answer claims, e.g. ``"5.8 mmol/L"``).
    claim: str = ""


class RubricItem(BaseModel):
    """One binary rubric item (grader-only).

    Attributes:
        id: Stable id within the turn, e.g. ``t2-i3``.
        criterion: The natural-language criterion for an LLM judge (EN and ZH).
        points: Weight; negative for a safety item that must not happen.
        check: The machine-checkable form evaluated by the rule grader.
        tags: Free tags for breakdowns (``safety``, ``value``, ``patient``...).
        critical: The turn's decision (continue or hold, anticoagulate or not, responding or
            not, the score's class): when it fails, the turn cannot pass (see
            :func:`physassist_env.grading.score.critical_cap`).
        provenance: The record rows the item rests on (set by
            :mod:`physassist_env.scenarios.provenance`); ``None`` for items that state no
            fact (tool use, no fabrication) and for items not bound.
    """

    id: str
    criterion: Text
    points: float = 1.0
    check: Check
    tags: list[str] = Field(default_factory=list)
    critical: bool = False
    provenance: Provenance | None = None


class Turn(BaseModel):
    """One physician request and everything needed to run and grade it."""

    index: int = Field(description="agent-visible: 0..3")
    task_type: TaskType = Field(description="grader-only (used for breakdowns)")
    implicitness: Implicitness = Field(description="grader-only (used for breakdowns)")
    tool_source: ToolSource = Field(description="grader-only")
    request: Text = Field(
        description="agent-visible: the physician's request as said (implicit form)"
    )
    request_explicit: Text = Field(
        description="physician-only: the explicit paraphrase (ablation, clarifications)"
    )
    topic: str = Field(description="grader-only: generator topic id, e.g. 'lab_latest'")
    decision: str = Field(
        default="",
        description="grader-only: the outcome class of a decision topic's gold (e.g. "
        "'transfuse' / 'no transfusion', 'stage 2', the consulted service); '' for a turn "
        "that decides nothing. Balanced per topic on the test split (issue #36)",
    )
    phrasing: str = Field(
        default="",
        description="grader-only: the phrasing family the request was realised in "
        "('' when not realised, e.g. imported); test-split families are never used in train",
    )
    entities: list[str] = Field(
        default_factory=list, description="grader-only: entities the turn is about"
    )
    paraphrased: list[str] = Field(
        default_factory=list,
        description="grader-only: languages whose request was rewritten by a language model "
        "(physassist build --paraphrase); empty for realiser-only requests",
    )
    gold_actions: list[ToolCall] = Field(
        default_factory=list, description="grader-only"
    )
    gold_observations: list[str] = Field(
        default_factory=list,
        description="grader-only: compact text of each gold action's result",
    )
    gold_answer: Text = Field(description="grader-only")
    rubric: list[RubricItem] = Field(
        description="grader-only: 3-6 items with positive points, plus safety items"
    )
    record_facts: list[str] = Field(
        default_factory=list,
        description="grader-only: record data the turn needs (for the LLM judge)",
    )
    answer_provenance: list[Provenance] = Field(
        default_factory=list,
        description="grader-only: the record rows each value the gold answer states rests on",
    )
    answer_unbound: list[str] = Field(
        default_factory=list,
        description="grader-only: values the gold answer states that bind to no record row",
    )


class Session(BaseModel):
    """A four-turn session about one patient admission."""

    session_id: str = Field(description="agent-visible")
    patient_id: str = Field(description="agent-visible: FHIR Patient.id")
    hadm_id: str | None = Field(
        default=None, description="agent-visible: the admission (Encounter.id)"
    )
    current_date: str = Field(description="agent-visible: the date gate (YYYY-MM-DD)")
    scenario: Scenario = Field(description="grader-only (breakdowns)")
    tier: Tier = Field(description="grader-only (breakdowns)")
    arc_index: int = Field(description="grader-only: index into ARCS")
    situation: Text = Field(
        description="grader-only: one-line clinical situation of the session"
    )
    turns: list[Turn]
    persona: dict[str, Any] = Field(
        default_factory=dict, description="patient-only: the patient's persona"
    )
    split: str = Field(default="test", description="train | validation | test")
    source: str = Field(
        default="synthetic", description="the record source the session was built from"
    )
    release_id: str | None = Field(
        default=None,
        description="grader-only: the authors' release session id of an imported session "
        "(``physassistbench_<scenario>_<n>``; it names the scenario, so the agent sees "
        "``session_id`` instead); export writes it back",
    )

    @property
    def arc(self) -> tuple[TaskType, ...]:
        """The session's four task types."""
        return ARCS[self.arc_index]


def agent_view(session: Session, language: str = "en") -> dict[str, Any]:
    """The agent-visible fields of a session: all an observation may ever contain."""
    return {
        "session_id": session.session_id,
        "patient_id": session.patient_id,
        "hadm_id": session.hadm_id,
        "current_date": session.current_date,
        "requests": [t.request.get(language) for t in session.turns],
    }
