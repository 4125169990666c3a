"""The benchmark's FHIR tools over one patient's date-gated EHR view.

Each tool is a method of :class:`EhrToolkit` marked with :func:`tool`. Its typed
signature and Google-style docstring *are* its prompt: :func:`tool_schemas` turns them
into OpenAI function schemas (Chinese descriptions come from
:mod:`physassist_env.ehr.i18n`). :meth:`EhrToolkit.call` is the one entry point for
model-emitted calls: it resolves names and aliases, checks arguments, runs the tool and
never raises; errors come back as a FHIR ``OperationOutcome``.
"""

from __future__ import annotations

import difflib
import inspect
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from physassist_env.ehr import i18n
from physassist_env.ehr.outcome import ToolError, operation_outcome
from physassist_env.ehr.render import render_bundle, render_outcome, render_resource
from physassist_env.ehr.store import EhrView
from physassist_env.fhir import codes
from physassist_env.jsonsafe import JsonValueError, json_problem, loads

DEFAULT_COUNT = 100


class ToolKind(StrEnum):
    """Whether a tool reads the EHR or writes to it."""

    READ = "read"
    WRITE = "write"


@dataclass
class ToolResult:
    """What one tool call produced.

    Attributes:
        name: The canonical tool name (``Observation.search``), or the name as called
            when it could not be resolved.
        arguments: The arguments after aliases were applied.
        ok: False when the call failed; ``resource`` is then an OperationOutcome.
        resource: FHIR JSON: a searchset Bundle, a resource, or an OperationOutcome.
        text: A compact rendering for a model (one line per result).
        notes: What was tolerated (aliases, placeholders), also present in ``text``.
    """

    name: str
    arguments: dict[str, Any]
    ok: bool
    resource: dict[str, Any]
    text: str
    notes: list[str] = field(default_factory=list)


_TOOL_ATTR = "__physassist_tool__"


def tool(
    name: str, kind: ToolKind = ToolKind.READ
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a toolkit method as a tool with its public (dotted) name."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, _TOOL_ATTR, (name, kind))
        return fn

    return mark


# Argument aliases models use (the authors' registry tolerated these too).
ARG_ALIASES: dict[str, str] = {
    "test_name": "code",
    "test": "code",
    "lab": "code",
    "lab_name": "code",
    "name": "code",
    "item": "code",
    "loinc": "code",
    "condition": "code",
    "diagnosis": "code",
    "procedure": "code",
    "drug": "medication",
    "drug_name": "medication",
    "medication_name": "medication",
    "med": "medication",
    "count": "_count",
    "limit": "_count",
    "max_results": "_count",
    "n": "_count",
    "sort": "_sort",
    "start_date": "date_from",
    "from_date": "date_from",
    "since": "date_from",
    "date_start": "date_from",
    "end_date": "date_to",
    "to_date": "date_to",
    "until": "date_to",
    "date_end": "date_to",
    "clinical-status": "clinical_status",
    "clinicalstatus": "clinical_status",
    "class_": "encounter_class",
    "class": "encounter_class",
    "doc_type": "type",
    "document_type": "type",
    "service": "service_type",
    "frequency_text": "frequency",
    "dosage": "dose",
    "reason": "indication",
}
# Arguments that identify the patient or admission; checked, then dropped or translated.
CONTEXT_ARGS = frozenset(
    {
        "subject_id",
        "patient_id",
        "patient",
        "subject",
        "hadm_id",
        "encounter_id",
        "session_id",
    }
)
PLACEHOLDERS: tuple[Any, ...] = ("", None, 0, "null", "None", "none", "N/A", "n/a")

ObservationCategory = Literal["laboratory", "vital-signs", "microbiology"]
SortOrder = Literal["-date", "date"]
Priority = Literal["routine", "urgent", "asap", "stat"]
FlagCategory = Literal["safety", "allergy", "administrative", "clinical"]

_FLAG_CATEGORY = {
    "safety": ("safety", "Safety"),
    "allergy": ("drug", "Drug"),
    "administrative": ("admin", "Administrative"),
    "clinical": ("clinical", "Clinical"),
}
_ROUTES = {
    "po": "PO",
    "oral": "PO",
    "by mouth": "PO",
    "口服": "PO",
    "iv": "IV",
    "intravenous": "IV",
    "静脉": "IV",
    "静脉注射": "IV",
    "sc": "SC",
    "subq": "SC",
    "sq": "SC",
    "subcutaneous": "SC",
    "皮下": "SC",
    "皮下注射": "SC",
    "im": "IM",
    "intramuscular": "IM",
    "肌注": "IM",
    "肌肉注射": "IM",
    "pr": "PR",
    "sl": "SL",
    "inh": "INH",
    "inhaled": "INH",
    "topical": "TOP",
    "ng": "NG",
    "td": "TD",
}
_DOSE_RE = re.compile(
    r"^\s*(\d+(?:\.\d+)?)\s*([A-Za-zµμ%/.\d\[\]]+(?:\s*/\s*[A-Za-z]+)?)?\s*$"
)


def _date_params(date_from: str | None, date_to: str | None) -> list[str]:
    out = []
    if date_from:
        out.append(f"ge{date_from}")
    if date_to:
        out.append(f"le{date_to}")
    return out


class EhrToolkit:
    """The benchmark's FHIR tools for one patient at one moment.

    Args:
        view: The episode's date-gated, copy-on-write EHR view.
        language: ``"en"`` or ``"zh"``: the language of compact-text headers.
        encounter_ids: Admission ids accepted for ``hadm_id`` (default: any of the
            patient's encounters).
    """

    def __init__(self, view: EhrView, *, language: str = "en"):
        self.view = view
        self.language = language

    # ---------------------------------------------------------------- read tools
    @tool("Patient.read")
    def patient_read(self) -> dict[str, Any]:
        """Read the current patient's demographics (sex, birth date, identifiers).

        Returns:
            The Patient resource.
        """
        return self.view.patient()

    @tool("Encounter.search")
    def encounter_search(
        self,
        status: str | None = None,
        encounter_class: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """List the patient's hospital encounters (admissions, ICU stays, visits), newest first.

        Args:
            status: Encounter status, e.g. "finished" or "in-progress".
            encounter_class: Encounter class code, e.g. "IMP" (inpatient) or "EMER".
            date_from: Only encounters starting on or after this date (YYYY-MM-DD).
            date_to: Only encounters starting on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of Encounter resources.
        """
        return self._search(
            "Encounter",
            {
                "status": status,
                "class": encounter_class,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("Condition.search")
    def condition_search(
        self,
        code: str | None = None,
        clinical_status: str | None = None,
        category: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search the patient's diagnoses and problems.

        Args:
            code: Diagnosis name or ICD code (e.g. "heart failure", "I50.9" or "icd-10-cm|I509"); several alternatives separated by commas.
            clinical_status: Clinical status, e.g. "active" or "resolved".
            category: Category code, e.g. "encounter-diagnosis" or "problem-list-item".
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of Condition resources.
        """
        if code:
            code = ",".join(
                c.replace(".", "")
                if re.fullmatch(r"[A-Za-z]?\d+\.\d+", c.strip())
                else c
                for c in code.split(",")
            )
        return self._search(
            "Condition",
            {
                "code": code,
                "clinical-status": clinical_status,
                "category": category,
                "_count": str(_count),
            },
        )

    @tool("Observation.search")
    def observation_search(
        self,
        code: str | None = None,
        category: ObservationCategory | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _sort: SortOrder = "-date",
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search the patient's observations: lab results, vital signs and microbiology cultures.

        Args:
            code: Test name, common abbreviation or code (e.g. "potassium", "WBC", LOINC "2823-3", or "system|code"); several alternatives separated by commas.
            category: One of "laboratory", "vital-signs" or "microbiology".
            date_from: Only results on or after this date (YYYY-MM-DD).
            date_to: Only results on or before this date (YYYY-MM-DD).
            _sort: "-date" for newest first (default) or "date" for oldest first.
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of Observation resources with values, units, reference ranges and abnormal flags.
        """
        return self._search(
            "Observation",
            {
                "code": code,
                "category": category,
                "date": _date_params(date_from, date_to),
                "_sort": _sort,
                "_count": str(_count),
            },
        )

    @tool("MedicationRequest.search")
    def medication_request_search(
        self,
        medication: str | None = None,
        status: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search the patient's medication orders (prescriptions) with dose, route and frequency.

        Args:
            medication: Drug name (e.g. "lisinopril" or "vancomycin"); several alternatives separated by commas.
            status: Order status, e.g. "active", "completed" or "stopped".
            date_from: Only orders written on or after this date (YYYY-MM-DD).
            date_to: Only orders written on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of MedicationRequest resources.
        """
        return self._search(
            "MedicationRequest",
            {
                "medication": medication,
                "status": status,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("MedicationAdministration.search")
    def medication_administration_search(
        self,
        medication: str | None = None,
        status: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search the doses actually given to the patient (medication administration record).

        Args:
            medication: Drug name (e.g. "ceftriaxone"); several alternatives separated by commas.
            status: Administration status, e.g. "completed" or "not-done".
            date_from: Only doses given on or after this date (YYYY-MM-DD).
            date_to: Only doses given on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of MedicationAdministration resources.
        """
        return self._search(
            "MedicationAdministration",
            {
                "medication": medication,
                "status": status,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("Procedure.search")
    def procedure_search(
        self,
        code: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search the procedures performed on the patient.

        Args:
            code: Procedure name or ICD procedure code; several alternatives separated by commas.
            date_from: Only procedures on or after this date (YYYY-MM-DD).
            date_to: Only procedures on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of Procedure resources.
        """
        return self._search(
            "Procedure",
            {
                "code": code,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("DiagnosticReport.search")
    def diagnostic_report_search(
        self,
        code: str | None = None,
        category: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search diagnostic reports such as imaging studies, with their conclusions.

        Args:
            code: Report name (e.g. "chest x-ray", "CT abdomen"); several alternatives separated by commas.
            category: Report category code, e.g. "RAD" for radiology.
            date_from: Only reports on or after this date (YYYY-MM-DD).
            date_to: Only reports on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of DiagnosticReport resources.
        """
        return self._search(
            "DiagnosticReport",
            {
                "code": code,
                "category": category,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("DocumentReference.search")
    def document_reference_search(
        self,
        type: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = 5,
    ) -> dict[str, Any]:
        """Search clinical notes (discharge summaries, radiology reports) and read their text.

        Args:
            type: Note type, e.g. "discharge summary" or "radiology".
            date_from: Only notes written on or after this date (YYYY-MM-DD).
            date_to: Only notes written on or before this date (YYYY-MM-DD).
            _count: Maximum number of notes to return (1-1000, default 5).

        Returns:
            A searchset Bundle of DocumentReference resources with the note text attached.
        """
        return self._search(
            "DocumentReference",
            {
                "type": type,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("AllergyIntolerance.search")
    def allergy_intolerance_search(
        self, clinical_status: str | None = None, _count: int = DEFAULT_COUNT
    ) -> dict[str, Any]:
        """List the patient's recorded allergies and intolerances.

        Args:
            clinical_status: Clinical status, e.g. "active".
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of AllergyIntolerance resources (empty when none are recorded).
        """
        return self._search(
            "AllergyIntolerance",
            {"clinical-status": clinical_status, "_count": str(_count)},
        )

    @tool("CarePlan.search")
    def care_plan_search(
        self,
        status: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        _count: int = DEFAULT_COUNT,
    ) -> dict[str, Any]:
        """Search the patient's care plans, such as discharge and follow-up instructions.

        Args:
            status: Care plan status, e.g. "active" or "completed".
            date_from: Only plans created on or after this date (YYYY-MM-DD).
            date_to: Only plans created on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of CarePlan resources.
        """
        return self._search(
            "CarePlan",
            {
                "status": status,
                "date": _date_params(date_from, date_to),
                "_count": str(_count),
            },
        )

    @tool("Patient.everything")
    def patient_everything(
        self, types: str | None = None, _count: int = 10
    ) -> dict[str, Any]:
        """Get an overview of the whole record: the newest resources of every type.

        Args:
            types: Resource types to include, separated by commas (e.g. "Condition,MedicationRequest"); default all.
            _count: Newest resources to include per type (1-1000, default 10).

        Returns:
            A searchset Bundle with the Patient and the newest resources of each type.
        """
        from physassist_env.ehr.store import SEARCH_PARAMS

        wanted = (
            [t.strip() for t in types.split(",")]
            if types
            else [t for t in SEARCH_PARAMS if t != "Patient"]
        )
        for t in wanted:
            if t not in SEARCH_PARAMS:
                raise ToolError(
                    self._did_you_mean(
                        f"unknown resource type {t!r}", t, list(SEARCH_PARAMS)
                    ),
                    code="value",
                    expression="types",
                )
        entries = [self.view.patient()]
        total = 1
        for t in wanted:
            if t == "Patient":
                continue
            found, n = self.view.search(t, {"_count": str(_count)})
            entries += found
            total += n
        return _bundle(entries, total)

    # ---------------------------------------------------------------- write tools
    @tool("MedicationRequest.create", ToolKind.WRITE)
    def medication_request_create(
        self,
        medication: str,
        dose: str,
        route: str,
        frequency: str,
        indication: str | None = None,
        duration_days: int | None = None,
    ) -> dict[str, Any]:
        """Place a new medication order for the patient.

        Args:
            medication: Drug name, e.g. "furosemide".
            dose: Dose with unit, e.g. "40 mg".
            route: Route, e.g. "PO", "IV", "SC" or "IM".
            frequency: How often, e.g. "daily", "BID" or "q12h".
            indication: Why the drug is given.
            duration_days: Planned duration in days.

        Returns:
            The created MedicationRequest resource.
        """
        dose_q = _parse_dose(dose)
        route_code = _ROUTES.get(route.strip().lower(), route.strip())
        dosage: dict[str, Any] = {
            "text": f"{dose} {route} {frequency}",
            "route": {
                "text": route_code,
                "coding": [{"system": codes.MIMIC_ROUTE, "code": route_code}],
            },
            "timing": {"code": {"text": frequency}},
        }
        if dose_q:
            dosage["doseAndRate"] = [{"doseQuantity": dose_q}]
        res: dict[str, Any] = {
            "resourceType": "MedicationRequest",
            "status": "active",
            "intent": "order",
            "medicationCodeableConcept": {
                "text": medication,
                "coding": [{"system": codes.MIMIC_MEDICATION_NAME, "code": medication}],
            },
            "dosageInstruction": [dosage],
        }
        if self.view.as_of:
            res["authoredOn"] = self._now()
        if indication:
            res["reasonCode"] = [{"text": indication}]
        if duration_days is not None:
            if duration_days <= 0 or duration_days > 365:
                raise ToolError(
                    f"duration_days={duration_days} must be between 1 and 365",
                    code="value",
                    expression="duration_days",
                )
            res["dispenseRequest"] = {
                "expectedSupplyDuration": {
                    "value": duration_days,
                    "unit": "days",
                    "system": codes.UCUM,
                    "code": "d",
                }
            }
        return self.view.create(res)

    @tool("ServiceRequest.create", ToolKind.WRITE)
    def service_request_create(
        self,
        service_type: str,
        priority: Priority = "routine",
        note: str | None = None,
        target_date: str | None = None,
    ) -> dict[str, Any]:
        """Order a service or referral (consult, imaging, follow-up appointment, therapy).

        Args:
            service_type: The service requested, e.g. "cardiology consult" or "renal ultrasound".
            priority: One of "routine", "urgent", "asap" or "stat".
            note: Free-text details for the receiving service.
            target_date: When it should happen (YYYY-MM-DD).

        Returns:
            The created ServiceRequest resource.
        """
        res: dict[str, Any] = {
            "resourceType": "ServiceRequest",
            "status": "active",
            "intent": "order",
            "priority": priority,
            "code": {"text": service_type},
        }
        if self.view.as_of:
            res["authoredOn"] = self._now()
        if note:
            res["note"] = [{"text": note}]
        if target_date:
            from physassist_env.ehr.dates import check_date

            res["occurrenceDateTime"] = check_date(target_date, "target_date")[:10]
        return self.view.create(res)

    @tool("Flag.create", ToolKind.WRITE)
    def flag_create(
        self, category: FlagCategory, code: str, detail: str
    ) -> dict[str, Any]:
        """Put a warning flag on the patient's chart (e.g. a safety alert or allergy warning).

        Args:
            category: One of "safety", "allergy", "administrative" or "clinical".
            code: Short label of the flag, e.g. "hyperkalemia risk".
            detail: What the flag warns about and what to do.

        Returns:
            The created Flag resource.
        """
        fhir_code, display = _FLAG_CATEGORY[category]
        res: dict[str, Any] = {
            "resourceType": "Flag",
            "status": "active",
            "category": [
                {
                    "coding": [
                        {
                            "system": codes.FLAG_CATEGORY,
                            "code": fhir_code,
                            "display": display,
                        }
                    ],
                    "text": category,
                }
            ],
            "code": {
                "text": f"{code}: {detail}",
                "coding": [
                    {"system": "urn:physassist:flag", "code": code, "display": detail}
                ],
            },
        }
        if self.view.as_of:
            res["period"] = {"start": self._now()}
        return self.view.create(res)

    # ---------------------------------------------------------------- dispatch
    def call(
        self, name: str, arguments: dict[str, Any] | str | None = None
    ) -> ToolResult:
        """Run one model-emitted tool call; never raises.

        Args:
            name: Tool name as the model wrote it (``Observation.search``,
                ``observation_search`` and ``Observation_search`` all work).
            arguments: A dict or a JSON object string.

        Returns:
            A :class:`ToolResult`; on any error ``ok`` is False and ``resource`` is an
            OperationOutcome saying what was wrong and what is accepted.
        """
        notes: list[str] = []
        raw_args: Any = arguments
        canonical = name if isinstance(name, str) else "tool"
        try:
            if not isinstance(name, str):
                raise ToolError(
                    f"a tool name must be a string, got {type(name).__name__}; available tools: {', '.join(TOOL_METHODS)}",
                    code="invalid",
                )
            canonical, method = self._resolve(name)
            problem = json_problem(raw_args)
            if problem:
                raise ToolError(
                    f'arguments cannot be used: {problem}; send a JSON object such as {{"code": "potassium"}}',
                    code="invalid",
                )
            args = self._parse_arguments(raw_args)
            args = self._normalise_arguments(canonical, method, args, notes)
            resource = method(**args)
        except ToolError as exc:
            outcome = operation_outcome(
                str(exc), code=exc.code, expression=exc.expression, notes=notes
            )
            return ToolResult(
                canonical,
                raw_args if isinstance(raw_args, dict) else {},
                False,
                outcome,
                render_outcome(outcome),
                notes,
            )
        except Exception as exc:  # never let a model's call crash the episode
            outcome = operation_outcome(
                f"{canonical} failed: {type(exc).__name__}: {exc}",
                code="processing",
                notes=notes,
            )
            return ToolResult(
                canonical,
                raw_args if isinstance(raw_args, dict) else {},
                False,
                outcome,
                render_outcome(outcome),
                notes,
            )
        text = self._render(canonical, resource)
        if notes:
            text += "\n" + "\n".join(f"NOTE: {n}" for n in notes)
        return ToolResult(canonical, args, True, resource, text, notes)

    # ---------------------------------------------------------------- helpers
    def _now(self) -> str:
        as_of = self.view.as_of or ""
        return as_of[:10] if len(as_of) <= 10 else as_of + "Z"

    def _search(self, rtype: str, params: dict[str, Any]) -> dict[str, Any]:
        clean = {k: v for k, v in params.items() if v not in (None, [], "None")}
        found, total = self.view.search(rtype, clean)
        code_value = clean.get("code") or clean.get("medication") or clean.get("type")
        bundle = _bundle(found, total)
        if total == 0 and code_value:
            names = self.view.names(rtype)
            close = difflib.get_close_matches(
                str(code_value).lower(), names, n=5, cutoff=0.6
            )
            hint = close + [n for n in names if n not in close][: 15 - len(close)]
            if hint:
                bundle["_hint"] = hint
        return bundle

    def _render(self, name: str, resource: dict[str, Any]) -> str:
        if resource.get("resourceType") != "Bundle":
            prefix = "Created: " if TOOL_KINDS.get(name) == ToolKind.WRITE else ""
            return prefix + render_resource(resource)
        hint = resource.pop("_hint", None)
        rtype = name.split(".")[0] if name != "Patient.everything" else "Resources"
        text = render_bundle(resource, rtype, newest_first=True, language=self.language)
        if hint:
            text += f"\nNOTE: names in this record include: {', '.join(hint)}"
        return text

    def _resolve(self, name: str) -> tuple[str, Callable[..., Any]]:
        key = _name_key(name)
        canonical = _NAME_INDEX.get(key)
        if canonical is None:
            raise ToolError(
                self._did_you_mean(f"unknown tool {name!r}", name, list(TOOL_METHODS))
                + f"; available tools: {', '.join(TOOL_METHODS)}",
                code="not-supported",
            )
        return canonical, getattr(self, TOOL_METHODS[canonical])

    @staticmethod
    def _did_you_mean(message: str, value: str, options: list[str]) -> str:
        close = difflib.get_close_matches(value, options, n=1, cutoff=0.5)
        return message + (f" (did you mean {close[0]!r}?)" if close else "")

    @staticmethod
    def _parse_arguments(raw: Any) -> dict[str, Any]:
        if raw is None or raw == "":
            return {}
        if isinstance(raw, str):
            try:
                raw = loads(raw)
            except JsonValueError as exc:
                raise ToolError(
                    f'arguments cannot be read: {exc}; send a JSON object such as {{"code": "potassium"}}',
                    code="invalid",
                ) from None
        if not isinstance(raw, dict):
            raise ToolError(
                f"arguments must be a JSON object, got {type(raw).__name__}",
                code="invalid",
            )
        return raw

    def _normalise_arguments(
        self,
        name: str,
        method: Callable[..., Any],
        args: dict[str, Any],
        notes: list[str],
    ) -> dict[str, Any]:
        spec = TOOL_PARAMS[name]
        out: dict[str, Any] = {}
        for key, value in args.items():
            key = str(key)
            if key in CONTEXT_ARGS:
                self._check_context(key, value, notes)
                continue
            target = key
            if key not in spec:
                alias = ARG_ALIASES.get(key.lower()) or ARG_ALIASES.get(
                    key.lower().lstrip("_")
                )
                if alias is None and ("_" + key) in spec:
                    alias = "_" + key
                if alias in spec:
                    notes.append(f"argument {key!r} was read as {alias!r}")
                    target = alias
                else:
                    accepted = ", ".join(spec) or "no arguments"
                    raise ToolError(
                        self._did_you_mean(
                            f"{name} has no argument {key!r}", key, list(spec)
                        )
                        + f"; accepted: {accepted}",
                        code="invalid",
                        expression=key,
                    )
            param = spec[target]
            if (
                value in PLACEHOLDERS
                and not isinstance(value, bool)
                and not param.required
            ):
                if value not in ("", None):
                    notes.append(f"placeholder {target}={value!r} was ignored")
                continue
            out[target] = param.coerce(name, value, notes)
        missing = [p for p, s in spec.items() if s.required and p not in out]
        if missing:
            raise ToolError(
                f"{name} needs {', '.join(missing)}; accepted arguments: {', '.join(spec)}",
                code="required",
                expression=missing[0],
            )
        return out

    def _check_context(self, key: str, value: Any, notes: list[str]) -> None:
        if key in ("subject_id", "patient_id", "patient", "subject"):
            if value in PLACEHOLDERS:
                return
            pid = str(value).split("/")[-1]
            if pid != self.view.patient_id:
                raise ToolError(
                    f"{key}={value!r}: this session can only access patient {self.view.patient_id}",
                    code="forbidden",
                    expression=key,
                )
        elif key in ("hadm_id", "encounter_id") and value not in PLACEHOLDERS:
            enc = self.view.read("Encounter", str(value))
            if enc is None:
                raise ToolError(
                    f"{key}={value!r}: no such admission for this patient; use Encounter.search to list them",
                    code="not-found",
                    expression=key,
                )
            notes.append(
                f"{key} accepted; results cover the whole record (filter by date to narrow)"
            )


@dataclass
class ParamSpec:
    """A tool parameter as read from the method signature and docstring."""

    name: str
    json_type: str
    required: bool
    enum: tuple[str, ...] | None
    description: str

    def coerce(self, tool_name: str, value: Any, notes: list[str]) -> Any:
        """Check (and gently convert) a model-supplied value; raise ToolError if impossible."""
        where = f"{tool_name}.{self.name}"
        if self.json_type == "integer":
            if isinstance(value, bool):
                raise ToolError(
                    f"{where} must be a whole number, got {value!r}",
                    code="value",
                    expression=self.name,
                )
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                    notes.append(
                        f"{self.name} given as text was read as the number {value}"
                    )
                except ValueError:
                    raise ToolError(
                        f"{where} must be a whole number, got {value!r}",
                        code="value",
                        expression=self.name,
                    ) from None
            if not isinstance(value, int):
                raise ToolError(
                    f"{where} must be a whole number, got {type(value).__name__}",
                    code="value",
                    expression=self.name,
                )
            if self.name == "_count" and not 1 <= value <= 1000:
                raise ToolError(
                    f"{where}={value} is out of range; use 1-1000",
                    code="value",
                    expression=self.name,
                )
            return value
        if isinstance(value, list) and all(
            isinstance(v, str | int | float) for v in value
        ):
            notes.append(
                f"{self.name} given as a list was joined with commas (alternatives)"
            )
            value = ",".join(str(v) for v in value)
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise ToolError(
                f"{where} must be text, got {type(value).__name__}",
                code="value",
                expression=self.name,
            )
        if len(value) > 2000:
            raise ToolError(
                f"{where} is {len(value)} characters long; at most 2000 are accepted",
                code="too-costly",
                expression=self.name,
            )
        if self.enum:
            low = value.strip().lower()
            if low not in self.enum:
                close = difflib.get_close_matches(low, self.enum, n=1, cutoff=0.5) or [
                    e for e in self.enum if low[:3] and e.startswith(low[:3])
                ]
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise ToolError(
                    f"{where}={value!r} is not allowed{hint}; use one of {', '.join(self.enum)}",
                    code="value",
                    expression=self.name,
                )
            value = low
        if self.name.startswith("date") or self.name == "target_date":
            from physassist_env.ehr.dates import check_date

            check_date(value, self.name)
        return value


def _bundle(resources: list[dict[str, Any]], total: int) -> dict[str, Any]:
    return {
        "resourceType": "Bundle",
        "type": "searchset",
        "total": total,
        "entry": [
            {
                "fullUrl": f"{r['resourceType']}/{r['id']}",
                "resource": r,
                "search": {"mode": "match"},
            }
            for r in resources
        ],
    }


def _parse_dose(dose: str) -> dict[str, Any] | None:
    m = _DOSE_RE.match(dose)
    if not m:
        return None
    value = float(m.group(1))
    out: dict[str, Any] = {"value": int(value) if value.is_integer() else value}
    if m.group(2):
        out["unit"] = m.group(2).strip()
    return out


def _name_key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    doc = inspect.cleandoc(doc or "")
    summary = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    args: dict[str, str] = {}
    if "Args:" in doc:
        section = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
        current = None
        for line in section.splitlines():
            m = re.match(r"^\s{4}(\w+):\s*(.*)$", line)
            if m:
                current = m.group(1)
                args[current] = m.group(2).strip()
            elif current and line.strip():
                args[current] += " " + line.strip()
    return summary, args


def _json_type(annotation: Any) -> tuple[str, tuple[str, ...] | None, bool]:
    """(JSON type, enum values, optional?) for a parameter annotation."""
    optional = False
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(members) < len(typing.get_args(annotation))
        annotation = members[0]
        origin = typing.get_origin(annotation)
    if origin is Literal:
        return "string", tuple(str(a) for a in typing.get_args(annotation)), optional
    mapping = {str: "string", int: "integer", float: "number", bool: "boolean"}
    if annotation not in mapping:
        raise TypeError(f"tool parameter type {annotation!r} has no JSON schema type")
    return mapping[annotation], None, optional


def _collect_tools() -> tuple[
    dict[str, str], dict[str, ToolKind], dict[str, dict[str, ParamSpec]], dict[str, str]
]:
    methods: dict[str, str] = {}
    kinds: dict[str, ToolKind] = {}
    params: dict[str, dict[str, ParamSpec]] = {}
    summaries: dict[str, str] = {}
    for attr, fn in inspect.getmembers(EhrToolkit, inspect.isfunction):
        marker = getattr(fn, _TOOL_ATTR, None)
        if marker is None:
            continue
        name, kind = marker
        hints = typing.get_type_hints(fn)
        summary, arg_docs = _parse_docstring(fn.__doc__ or "")
        spec: dict[str, ParamSpec] = {}
        for pname, p in inspect.signature(fn).parameters.items():
            if pname == "self":
                continue
            jtype, enum, _ = _json_type(hints[pname])
            spec[pname] = ParamSpec(
                pname,
                jtype,
                p.default is inspect.Parameter.empty,
                enum,
                arg_docs.get(pname, ""),
            )
        methods[name], kinds[name], params[name], summaries[name] = (
            attr,
            kind,
            spec,
            summary,
        )
    order = list(i18n.TOOL_ORDER)

    def rank(name: str) -> int:
        return order.index(name) if name in order else len(order)

    names = sorted(methods, key=rank)
    return (
        {n: methods[n] for n in names},
        {n: kinds[n] for n in names},
        {n: params[n] for n in names},
        {n: summaries[n] for n in names},
    )


TOOL_METHODS, TOOL_KINDS, TOOL_PARAMS, _SUMMARIES = _collect_tools()
_NAME_INDEX = {_name_key(n): n for n in TOOL_METHODS} | {
    _name_key(m): n for n, m in TOOL_METHODS.items()
}


def tool_schemas(
    language: str = "en",
    *,
    name_style: Literal["dotted", "underscore"] = "dotted",
    kinds: tuple[ToolKind, ...] = (ToolKind.READ, ToolKind.WRITE),
) -> list[dict[str, Any]]:
    """OpenAI-style function schemas of the EHR tools.

    Args:
        language: ``"en"`` or ``"zh"`` for descriptions.
        name_style: ``"dotted"`` (``Observation.search``, as in the paper) or
            ``"underscore"`` (``Observation_search``, for APIs that reject dots).
        kinds: Which tool kinds to include.

    Raises:
        ValueError: For an unsupported language.
    """
    if language not in i18n.LANGUAGES:
        raise ValueError(
            f"language {language!r} is not supported; use one of {', '.join(i18n.LANGUAGES)}"
        )
    out = []
    for name, spec in TOOL_PARAMS.items():
        if TOOL_KINDS[name] not in kinds:
            continue
        zh = i18n.TOOLS_ZH.get(name, {}) if language == "zh" else {}
        props: dict[str, Any] = {}
        for pname, p in spec.items():
            prop: dict[str, Any] = {
                "type": p.json_type,
                "description": zh.get(pname, p.description),
            }
            if p.enum:
                prop["enum"] = list(p.enum)
            props[pname] = prop
        out.append(
            {
                "type": "function",
                "function": {
                    "name": name if name_style == "dotted" else name.replace(".", "_"),
                    "description": zh.get("", _SUMMARIES[name]),
                    "parameters": {
                        "type": "object",
                        "properties": props,
                        "required": [p for p, s in spec.items() if s.required],
                    },
                },
            }
        )
    return out
