"""The agentic patient: a record-grounded memory, a persona, and scripted or LLM answers.

Typical use::

    memory = build_memory(record, seed=0)
    interview = PatientInterview(ScriptedPatient(memory), language="en")
    result = interview.call("ask_patient", {"question": "Are you taking your lisinopril?"})
    result.text          # what the agent sees
    result.reply.fact_ids  # grader-only
"""

from __future__ import annotations

from physassist_env.patient.interview import (
    TOOL_NAMES,
    InterviewResult,
    PatientInterview,
    interview_tool_schemas,
)
from physassist_env.patient.llm import (
    LlmPatient,
    OpenAICompatBackend,
    TransformersBackend,
    grounding_violations,
)
from physassist_env.patient.memory import EmptyMemoryError, build_memory
from physassist_env.patient.models import (
    Adherence,
    Anxiety,
    Completeness,
    Fact,
    GroundingCheck,
    Literacy,
    PatientMemory,
    PatientReply,
    PatientState,
    Persona,
    SourceRef,
    Topic,
)
from physassist_env.patient.scripted import ScriptedPatient

__all__ = [
    "TOOL_NAMES",
    "Adherence",
    "Anxiety",
    "Completeness",
    "EmptyMemoryError",
    "Fact",
    "GroundingCheck",
    "InterviewResult",
    "LlmPatient",
    "Literacy",
    "OpenAICompatBackend",
    "PatientInterview",
    "PatientMemory",
    "PatientReply",
    "PatientState",
    "Persona",
    "ScriptedPatient",
    "SourceRef",
    "Topic",
    "TransformersBackend",
    "build_memory",
    "grounding_violations",
    "interview_tool_schemas",
]
