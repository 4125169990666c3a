"""Pydantic models of the agentic patient: facts, memory, persona, replies, session state.

Every field description starts with its audience: **patient-only** (what the simulated
patient knows and may say), **grader-only** (provenance and bookkeeping that must never
reach the assistant under test) or **agent-visible** (the reply text itself).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field


class Topic(StrEnum):
    """What a fact is about."""

    SYMPTOM = "symptom"
    MEDICATION = "medication"
    ALLERGY = "allergy"
    SOCIAL = "social"
    FUNCTIONAL = "functional"
    PAIN = "pain"
    HISTORY = "history"
    WARNING = "warning"
    LAB = "lab"


class Literacy(StrEnum):
    """Health literacy: how technical the patient's words are."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Anxiety(StrEnum):
    """How worried the patient sounds."""

    LOW = "low"
    MODERATE = "moderate"
    HIGH = "high"


class Completeness(StrEnum):
    """How much the patient volunteers.

    ``full``: everything relevant is said. ``partial``: sensitive social facts (alcohol,
    drugs, smoking) are withheld until asked specifically. ``withholds_critical``: those
    and the critical facts (adherence problems) are withheld until asked specifically.
    """

    FULL = "full"
    PARTIAL = "partial"
    WITHHOLDS_CRITICAL = "withholds_critical"


class Adherence(StrEnum):
    """How the patient really takes a drug (the benchmark's categories)."""

    GOOD = "good"
    POOR = "poor"
    NEVER_FILLED = "never_filled"
    RAN_OUT = "ran_out"
    SELF_DISCONTINUED = "self_discontinued"
    UNKNOWN = "unknown"


class SourceRef(BaseModel):
    """Where in the record a fact comes from (grader-only)."""

    resource_type: str | None = Field(
        None,
        description="grader-only: FHIR resource type of the source entry, e.g. 'MedicationRequest'.",
    )
    resource_id: str | None = Field(
        None, description="grader-only: id of the source resource."
    )
    note_key: str | None = Field(
        None,
        description="grader-only: key of record.meta['note_sections'] (hadm_id) for note-derived facts.",
    )
    section: str | None = Field(
        None,
        description="grader-only: discharge-note section heading, e.g. 'Social History'.",
    )

    def label(self) -> str:
        """Short readable reference, e.g. ``MedicationRequest/rx-1`` or ``note:100/Social History``."""
        if self.resource_type:
            return f"{self.resource_type}/{self.resource_id}"
        return f"note:{self.note_key}/{self.section}"


class Fact(BaseModel):
    """One atomic thing the patient knows, with its wording at each literacy level."""

    id: str = Field(
        description="grader-only: stable id, e.g. 'med:lisinopril:adherence'; used by rubric items and graders."
    )
    topic: Topic = Field(description="patient-only: what the fact is about.")
    aspect: str = Field(
        description="patient-only: the specific aspect (onset, severity, adherence, smoking, diagnosis...)."
    )
    entity: str | None = Field(
        None,
        description="patient-only: lexicon key of the drug/diagnosis/symptom/lab, when the fact is about one.",
    )
    entity_terms: list[str] = Field(
        default_factory=list,
        description="patient-only: lowercase words (EN+ZH) that name the entity in a question.",
    )
    en: list[str] = Field(
        description="patient-only: English wording at high, medium, low literacy (same fact, different words)."
    )
    zh: list[str] = Field(
        description="patient-only: Chinese wording at high, medium, low literacy."
    )
    source: SourceRef = Field(
        description="grader-only: the record entry this fact comes from."
    )
    withheld: bool = Field(
        False,
        description="patient-only: not volunteered; said only to a question that targets it specifically.",
    )
    critical: bool = Field(
        False,
        description="grader-only: clinically important (e.g. an adherence problem); graders may require it.",
    )
    core: bool = Field(
        False,
        description="patient-only: part of the answer to a vague 'what brings you in' question.",
    )
    basis: str = Field(
        "record",
        description="grader-only: 'record' when the record states the fact; 'persona' when the record "
        "is silent and the persona supplied it (adherence of a home drug with no documented adherence).",
    )

    def text(self, language: str, literacy: Literacy) -> str:
        """The wording for a language (``en``/``zh``) and literacy level."""
        idx = (Literacy.HIGH, Literacy.MEDIUM, Literacy.LOW).index(Literacy(literacy))
        return (self.zh if language == "zh" else self.en)[idx]


class Persona(BaseModel):
    """How the patient talks and behaves; derived from the record and a seed (patient-only)."""

    literacy: Literacy = Field(
        description="patient-only: health literacy; picks the wording of every fact."
    )
    anxiety: Anxiety = Field(
        description="patient-only: how worried the patient sounds."
    )
    completeness: Completeness = Field(
        description="patient-only: what is withheld until asked specifically."
    )
    self_diagnosis: float = Field(
        ge=0.0,
        le=1.0,
        description="patient-only: tendency (0-1) to attribute symptoms to a known diagnosis.",
    )
    adherence: dict[str, Adherence] = Field(
        default_factory=dict,
        description="patient-only: adherence per drug (lexicon key or lowercase drug name).",
    )
    age: int | None = Field(
        None, description="patient-only: age in years when the record gives it."
    )
    sex: str | None = Field(
        None,
        description="patient-only: administrative gender from the Patient resource.",
    )
    seed: int | None = Field(
        None,
        description="grader-only: the seed the persona was drawn with (for reproducibility).",
    )


class PatientMemory(BaseModel):
    """Everything the patient knows: verified facts plus persona."""

    patient_id: str = Field(
        description="grader-only: Patient.id of the record the memory was built from."
    )
    facts: list[Fact] = Field(
        description="patient-only: atomic, record-grounded facts."
    )
    persona: Persona = Field(description="patient-only: voice and behaviour.")
    dropped: list[str] = Field(
        default_factory=list,
        description="grader-only: ids of candidate facts removed by verification (source not in record).",
    )

    def fact(self, fact_id: str) -> Fact:
        """The fact with this id.

        Raises:
            KeyError: If no fact has that id.
        """
        for f in self.facts:
            if f.id == fact_id:
                return f
        raise KeyError(
            f"no fact {fact_id!r}; known: {', '.join(f.id for f in self.facts)}"
        )


class GroundingCheck(BaseModel):
    """Outcome of checking an LLM answer against the memory (grader-only)."""

    passed: bool = Field(
        description="grader-only: the final text mentions nothing outside the memory."
    )
    attempts: int = Field(description="grader-only: generations tried.")
    violations: list[str] = Field(
        default_factory=list,
        description="grader-only: entities/numbers found in rejected generations and absent from memory.",
    )
    fell_back: bool = Field(
        False,
        description="grader-only: the scripted answer was used after the retries failed.",
    )


class PatientReply(BaseModel):
    """One patient answer."""

    text: str = Field(description="agent-visible: what the patient says.")
    fact_ids: list[str] = Field(
        default_factory=list,
        description="grader-only: ids of the facts the answer states; never shown to the agent.",
    )
    language: str = Field(description="agent-visible: 'en' or 'zh'.")
    knows: bool = Field(
        True, description="grader-only: False when the patient said it does not know."
    )
    grounding: GroundingCheck | None = Field(
        None,
        description="grader-only: LLM patient check result (None for the scripted patient).",
    )


class PatientState(BaseModel):
    """What happened so far in one session (patient-only); passed in and returned by ``answer``."""

    said: list[str] = Field(
        default_factory=list,
        description="patient-only: fact ids already said, in order.",
    )
    answers: dict[str, list[str]] = Field(
        default_factory=dict,
        description="patient-only: question key -> fact ids answered, for consistent repeats.",
    )
    turns: int = Field(0, description="patient-only: questions answered so far.")
    grounding_failures: int = Field(
        0, description="grader-only: LLM generations rejected by the grounding check."
    )
    fallbacks: int = Field(
        0, description="grader-only: LLM answers replaced by the scripted answer."
    )
