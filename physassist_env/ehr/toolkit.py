"""The benchmark's FHIR tools over one patient's date-gated EHR view.

Each tool is a method of :class:`EhrToolkit` marked with
:func:`~physassist_env.ehr.schemas.tool`. Its typed signature and Google-style docstring
*are* its prompt: :data:`CATALOG` reads them (:mod:`physassist_env.ehr.schemas`) and
:func:`tool_schemas` writes OpenAI function schemas from them. :meth:`EhrToolkit.call` is
the one entry point for model-emitted calls: it resolves the name, checks the arguments
(:mod:`physassist_env.ehr.arguments`), runs the tool on the :class:`EhrView` and never
raises; errors come back as a FHIR ``OperationOutcome``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from physassist_env.ehr.arguments import (
    did_you_mean,
    normalise_arguments,
    parse_arguments,
)
from physassist_env.ehr.dates import check_date, date_key
from physassist_env.ehr.outcome import (
    ToolError,
    operation_outcome,
    split_notes,
    with_notes,
)
from physassist_env.ehr.render import render_bundle, render_outcome
from physassist_env.ehr.schemas import ToolCatalog, ToolKind, name_key, tool
from physassist_env.ehr.store import SEARCH_PARAMS
from physassist_env.ehr.view import EhrView
from physassist_env.fhir import codes
from physassist_env.jsonsafe import json_problem

DEFAULT_COUNT = 100


@dataclass
class ToolResult:
    """What one tool call produced.

    Attributes:
        name: The canonical tool name (``Observation.search``), or the name as called
            when it could not be resolved.
        arguments: The arguments after aliases were applied.
        ok: False when the call failed; ``resource`` is then an OperationOutcome.
        resource: FHIR JSON: a searchset Bundle of the matches, a resource, or an
            OperationOutcome.
        text: A compact rendering for a model (one line per result, then ``notes``).
        notes: Informational notes, also present in ``text``: for a search without
            match, the names the record holds; then what was tolerated (aliases,
            placeholders). :func:`~physassist_env.ehr.output.fhir_content` puts them in
            the Bundle as an ``outcome`` entry.
    """

    name: str
    arguments: dict[str, Any]
    ok: bool
    resource: dict[str, Any]
    text: str
    notes: list[str] = field(default_factory=list)


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
        view: The episode's date-gated EHR view: any :class:`EhrView` (the store's
            :class:`~physassist_env.ehr.store.StoreView` or a
            :class:`~physassist_env.ehr.remote.RemoteEhrView`).
        language: ``"en"`` or ``"zh"``: the language of compact-text headers.
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
        """Search the procedures performed on the patient, and the vaccines given.

        Args:
            code: Procedure or vaccine name, ICD procedure code or CVX vaccine code; several alternatives separated by commas.
            date_from: Only procedures on or after this date (YYYY-MM-DD).
            date_to: Only procedures on or before this date (YYYY-MM-DD).
            _count: Maximum number of results to return (1-1000, default 100).

        Returns:
            A searchset Bundle of Procedure resources, and of Immunization resources
            when the record holds vaccinations (the toolset has no Immunization search).
        """
        params = {
            "code": code,
            "date": _date_params(date_from, date_to),
            "_count": str(_count),
        }
        clean = {k: v for k, v in params.items() if v not in (None, [], "None")}
        shots, n_shots = self.view.search("Immunization", clean)
        if not n_shots:
            return self._search("Procedure", params)
        found, total = self.view.search("Procedure", clean)
        merged = sorted(found + shots, key=date_key, reverse=True)[: int(_count)]
        return self._bundle(merged, total + n_shots)

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
        wanted = (
            [t.strip() for t in types.split(",")]
            if types
            else [t for t in SEARCH_PARAMS if t != "Patient"]
        )
        for t in wanted:
            if t not in SEARCH_PARAMS:
                raise ToolError(
                    did_you_mean(
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
        return self._bundle(entries, total)

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
        canonical = (CATALOG.resolve(name) or name) if isinstance(name, str) else "tool"
        try:
            canonical, args = read_call(name, raw_args, notes, self.view)
            resource = getattr(self, TOOL_METHODS[canonical])(**args)
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
        if resource.get("resourceType") == "Bundle":
            resource, search_notes = split_notes(resource)
            notes = search_notes + notes
        text = self._render(canonical, resource)
        text += "".join(f"\nNOTE: {n}" for n in notes)
        return ToolResult(canonical, args, True, resource, text, notes)

    # ---------------------------------------------------------------- helpers
    def _now(self) -> str:
        """The session's current time as a FHIR dateTime, in the record's own zone: the
        wall clock with the UTC offset the record writes at the nearest earlier time
        (MIMIC-IV on FHIR: ``-04:00`` / ``-05:00``), so a chart write reads like the rows
        around it; ``Z`` only when the record's date-times carry no offset."""
        as_of = self.view.as_of or ""
        if len(as_of) <= 10:
            return as_of[:10]
        return as_of + self._offset_at(as_of)

    def _offset_at(self, as_of: str) -> str:
        best = ("", "Z")
        for rtype in ("Encounter", "Observation"):
            for res in self.view.search(rtype)[0]:
                for value in _datetimes(res):
                    m = _OFFSET.match(value)
                    if m and best[0] < m.group(1) <= as_of[:19]:
                        best = (m.group(1), m.group(2))
        return best[1]

    def _search(self, rtype: str, params: dict[str, Any]) -> dict[str, Any]:
        clean = {k: v for k, v in params.items() if v not in (None, [], "None")}
        found, total = self.view.search(rtype, clean)
        code_value = clean.get("code") or clean.get("medication") or clean.get("type")
        bundle = self._bundle(found, total)
        if total == 0 and code_value:
            names = self.view.names(rtype)
            close = difflib.get_close_matches(
                str(code_value).lower(), names, n=5, cutoff=0.6
            )
            hint = close + [n for n in names if n not in close][: 15 - len(close)]
            if hint:
                bundle = with_notes(
                    bundle, [f"names in this record include: {', '.join(hint)}"]
                )
        return bundle

    def _bundle(self, resources: list[dict[str, Any]], total: int) -> dict[str, Any]:
        """A searchset Bundle of the matches (entries shared with the store, read-only)."""
        return {
            "resourceType": "Bundle",
            "type": "searchset",
            "total": total,
            "entry": self.view.matches(resources),
        }

    def _render(self, name: str, resource: dict[str, Any]) -> str:
        """The compact text of a result: one line per resource."""
        if resource.get("resourceType") != "Bundle":
            prefix = "Created: " if TOOL_KINDS.get(name) == ToolKind.WRITE else ""
            return prefix + self.view.lines([resource])[0]
        rtype = name.split(".")[0] if name != "Patient.everything" else "Resources"
        return render_bundle(
            resource,
            rtype,
            newest_first=True,
            language=self.language,
            lines=self.view.lines,
        )


def read_call(
    name: Any, arguments: Any, notes: list[str], view: EhrView | None
) -> tuple[str, dict[str, Any]]:
    """A model's call as ``(canonical tool name, keyword arguments)``: the name resolved,
    the arguments parsed and checked against the tool's parameters (tolerances added to
    ``notes``). With ``view=None`` (nothing opened yet, as ``physassist ehr`` checks its
    command line) patient and admission ids are not checked.

    Raises:
        ToolError: For an unknown tool, arguments that are not a bounded JSON object,
            or an argument the tool does not take or cannot read.
    """
    if not isinstance(name, str):
        raise ToolError(
            f"a tool name must be a string, got {type(name).__name__}; available tools: {', '.join(TOOL_METHODS)}",
            code="invalid",
        )
    canonical = CATALOG.resolve(name)
    if canonical is None:
        raise ToolError(
            did_you_mean(f"unknown tool {name!r}", name, list(TOOL_METHODS))
            + f"; available tools: {', '.join(TOOL_METHODS)}",
            code="not-supported",
        )
    problem = json_problem(arguments)
    if problem:
        raise ToolError(
            f'arguments cannot be used: {problem}; send a JSON object such as {{"code": "potassium"}}',
            code="invalid",
        )
    args = parse_arguments(arguments)
    return canonical, normalise_arguments(CATALOG.specs[canonical], args, notes, view)


def _parse_dose(dose: str) -> dict[str, Any] | None:
    m = _DOSE_RE.match(dose)
    if not m:
        return None
    value = float(m.group(1))
    out: dict[str, Any] = {"value": int(value) if value.is_integer() else value}
    if m.group(2):
        out["unit"] = m.group(2).strip()
    return out


CATALOG = ToolCatalog.from_class(EhrToolkit)
#: Canonical tool name -> the EhrToolkit method that runs it, in prompt order.
TOOL_METHODS: dict[str, str] = {n: t.attr for n, t in CATALOG.specs.items()}
TOOL_KINDS: dict[str, ToolKind] = {n: t.kind for n, t in CATALOG.specs.items()}
TOOL_PARAMS = {n: t.params for n, t in CATALOG.specs.items()}
tool_schemas = CATALOG.schemas
_name_key = name_key  # kept for callers of the old private name (grading.checks)


#: A dateTime with seconds and its zone: (wall clock, ``Z`` or ``+hh:mm`` / ``-hh:mm``).
_OFFSET = re.compile(
    r"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$"
)
_TIME_KEYS = ("effectiveDateTime", "issued", "authoredOn", "recordedDate")
_PERIOD_KEYS = ("period", "effectivePeriod")


def _datetimes(res: dict[str, Any]) -> list[str]:
    """The top-level date-times of a resource (its own times and period bounds)."""
    out = [str(res[k]) for k in _TIME_KEYS if res.get(k)]
    for k in _PERIOD_KEYS:
        period = res.get(k) or {}
        out += [str(period[e]) for e in ("start", "end") if period.get(e)]
    return out
