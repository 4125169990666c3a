"""One patient's chart as a set of tools, outside a benchmark session.

:class:`ChartTools` gives the same EHR read tools, write tools and patient-interview
tools an episode offers (:mod:`physassist_env.ehr.toolkit`,
:mod:`physassist_env.patient.interview`), for one patient at one date, without a
physician, turns or grading. The MCP server (:mod:`physassist_env.adapters.mcp_server`)
serves it, so any MCP-capable assistant can use an EHR of our sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.ehr.toolkit import tool_schemas
from physassist_env.env.episode import patient_memory
from physassist_env.fhir.record import PatientRecord
from physassist_env.patient import PatientInterview, ScriptedPatient, build_memory
from physassist_env.patient.interview import TOOL_NAMES as INTERVIEW_TOOLS
from physassist_env.patient.interview import interview_tool_schemas, resolve_name


@dataclass
class ChartResult:
    """One tool call's result: canonical name, success and the text a model reads."""

    name: str
    ok: bool
    text: str


class ChartTools:
    """The EHR (read and write) and patient-interview tools of one patient.

    Writes go into an in-memory copy-on-write view and never change the record. The
    patient is the deterministic scripted patient built from the record with
    ``patient_seed`` (a dataset's build seed reproduces its sessions' patient).

    Args:
        record: The patient's record.
        as_of: The date gate (``YYYY-MM-DD``): nothing dated later is visible; ``None``
            shows everything.
        language: ``"en"`` or ``"zh"`` (tool descriptions, headers, the patient's
            answers to structured questions).
        patient_seed: Seed of the patient's persona.
        store: A prebuilt store holding the patient (else built from ``record``).

    Raises:
        ValueError: For an unknown language.
    """

    def __init__(
        self,
        record: PatientRecord,
        *,
        as_of: str | None = None,
        language: str = "en",
        patient_seed: int = 0,
        store: FhirStore | None = None,
    ):
        if language not in ("en", "zh"):
            raise ValueError(
                f"language {language!r} is not supported; use 'en' or 'zh'"
            )
        self.record = record
        self.language = language
        self.as_of = as_of
        self.view = (store or FhirStore.from_records([record])).view(
            record.patient_id, as_of
        )
        self.ehr = EhrToolkit(self.view, language=language)
        self._seed = patient_seed
        self._interview: Any = None

    def schemas(self) -> list[dict[str, Any]]:
        """OpenAI-format schemas of every tool (EHR read/write, then interview)."""
        return tool_schemas(self.language) + interview_tool_schemas(self.language)

    @property
    def created(self) -> list[dict[str, Any]]:
        """Resources the write tools created so far."""
        return list(self.view.created)

    def call(self, name: str, arguments: Any = None) -> ChartResult:
        """Run one tool; never raises (errors come back as ``ok=False`` text)."""
        key = str(name).strip()
        try:
            interview = resolve_name(key)
        except ValueError:
            interview = None
        if interview in INTERVIEW_TOOLS:
            try:
                result = self._patient().call(interview, arguments)
            except Exception as exc:  # the simulator must never crash the server
                return ChartResult(
                    interview,
                    False,
                    f"ERROR: the patient could not answer ({type(exc).__name__}: {exc})",
                )
            return ChartResult(result.name, result.ok, result.text)
        result = self.ehr.call(key, arguments)
        return ChartResult(result.name, result.ok, result.text)

    def _patient(self) -> Any:
        if self._interview is None:
            memory = patient_memory(self.record, self._seed, build_memory, self.as_of)
            self._interview = PatientInterview(
                ScriptedPatient(memory), language=self.language
            )
        return self._interview
