"""A model's tool arguments, read leniently and checked strictly against a :class:`ToolSpec`.

Models misname arguments (``test_name`` for ``code``), send numbers as text, lists for
comma-separated alternatives, placeholders (``"N/A"``) for "not given" and patient or
admission ids the tools do not take. :func:`normalise_arguments` accepts what has one
clear reading (and says so in ``notes``) and refuses the rest with a
:class:`~physassist_env.ehr.outcome.ToolError` that names what is accepted.
"""

from __future__ import annotations

import difflib
from typing import Any

from physassist_env.ehr.dates import check_date
from physassist_env.ehr.outcome import ToolError
from physassist_env.ehr.schemas import ParamSpec, ToolSpec
from physassist_env.ehr.view import EhrView
from physassist_env.jsonsafe import JsonValueError, loads

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
MAX_TEXT = 2000


def did_you_mean(message: str, value: str, options: list[str]) -> str:
    """``message`` plus the closest option, when one is close enough."""
    close = difflib.get_close_matches(value, options, n=1, cutoff=0.5)
    return message + (f" (did you mean {close[0]!r}?)" if close else "")


def parse_arguments(raw: Any) -> dict[str, Any]:
    """A call's arguments as a dict (from a dict, JSON object text, or nothing).

    Raises:
        ToolError: ``invalid`` for text that is not JSON or JSON that is not an object.
    """
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


def normalise_arguments(
    spec: ToolSpec, args: dict[str, Any], notes: list[str], view: EhrView | None
) -> dict[str, Any]:
    """The keyword arguments to run ``spec``'s tool with.

    Aliases are renamed, placeholders of optional arguments dropped, values coerced
    (:func:`coerce`); patient and admission ids are checked against ``view`` (when
    given: ``None`` checks the rest before any record is opened) and dropped. Every
    tolerance is added to ``notes``.

    Raises:
        ToolError: For an unknown or missing argument, a bad value, or another patient.
    """
    params = spec.params
    out: dict[str, Any] = {}
    for key, value in args.items():
        key = str(key)
        if key in CONTEXT_ARGS:
            if view is not None:
                check_context(key, value, notes, view)
            continue
        target = key
        if key not in params:
            alias = ARG_ALIASES.get(key.lower()) or ARG_ALIASES.get(
                key.lower().lstrip("_")
            )
            if alias is None and ("_" + key) in params:
                alias = "_" + key
            if alias in params:
                notes.append(f"argument {key!r} was read as {alias!r}")
                target = alias
            else:
                accepted = ", ".join(params) or "no arguments"
                raise ToolError(
                    did_you_mean(
                        f"{spec.name} has no argument {key!r}", key, list(params)
                    )
                    + f"; accepted: {accepted}",
                    code="invalid",
                    expression=key,
                )
        param = params[target]
        if value in PLACEHOLDERS and not isinstance(value, bool) and not param.required:
            if value not in ("", None):
                notes.append(f"placeholder {target}={value!r} was ignored")
            continue
        out[target] = coerce(param, spec.name, value, notes)
    missing = [p for p, s in params.items() if s.required and p not in out]
    if missing:
        raise ToolError(
            f"{spec.name} needs {', '.join(missing)}; accepted arguments: {', '.join(params)}",
            code="required",
            expression=missing[0],
        )
    return out


def check_context(key: str, value: Any, notes: list[str], view: EhrView) -> None:
    """Accept a patient or admission id of the session's patient; refuse any other.

    Raises:
        ToolError: ``forbidden`` for another patient, ``not-found`` for an admission
            the patient does not have.
    """
    if key in ("subject_id", "patient_id", "patient", "subject"):
        if value in PLACEHOLDERS:
            return
        pid = str(value).split("/")[-1]
        if pid != view.patient_id:
            raise ToolError(
                f"{key}={value!r}: this session can only access patient {view.patient_id}",
                code="forbidden",
                expression=key,
            )
    elif key in ("hadm_id", "encounter_id") and value not in PLACEHOLDERS:
        if view.read("Encounter", str(value)) is None:
            raise ToolError(
                f"{key}={value!r}: no such admission for this patient; use Encounter.search to list them",
                code="not-found",
                expression=key,
            )
        notes.append(
            f"{key} accepted; results cover the whole record (filter by date to narrow)"
        )


def coerce(param: ParamSpec, tool_name: str, value: Any, notes: list[str]) -> Any:
    """Check (and gently convert) a model-supplied value for ``param``.

    Whole numbers may come as text or ``2.0``; text parameters accept numbers (read as
    their text, with a note) and lists of alternatives (joined with commas); enum values are matched case-blind; dates
    must be dates.

    Raises:
        ToolError: ``value`` when the value has no clear reading, ``too-costly`` for
            text over :data:`MAX_TEXT` characters.
    """
    name = param.name
    where = f"{tool_name}.{name}"
    if param.json_type == "integer":
        if isinstance(value, bool):
            raise ToolError(
                f"{where} must be a whole number, got {value!r}",
                code="value",
                expression=name,
            )
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str):
            try:
                value = int(value.strip())
                notes.append(f"{name} given as text was read as the number {value}")
            except ValueError:
                raise ToolError(
                    f"{where} must be a whole number, got {value!r}",
                    code="value",
                    expression=name,
                ) from None
        if not isinstance(value, int):
            raise ToolError(
                f"{where} must be a whole number, got {type(value).__name__}",
                code="value",
                expression=name,
            )
        if name == "_count" and not 1 <= value <= 1000:
            raise ToolError(
                f"{where}={value} is out of range; use 1-1000",
                code="value",
                expression=name,
            )
        return value
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        notes.append(f"{name} given as a list was joined with commas (alternatives)")
        value = ",".join(str(v) for v in value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
        notes.append(f"{name} given as a number was read as the text {value!r}")
    if not isinstance(value, str):
        raise ToolError(
            f"{where} must be text, got {type(value).__name__}",
            code="value",
            expression=name,
        )
    if len(value) > MAX_TEXT:
        raise ToolError(
            f"{where} is {len(value)} characters long; at most {MAX_TEXT} are accepted",
            code="too-costly",
            expression=name,
        )
    if param.enum:
        low = value.strip().lower()
        if low not in param.enum:
            close = difflib.get_close_matches(low, param.enum, n=1, cutoff=0.5) or [
                e for e in param.enum if low[:3] and e.startswith(low[:3])
            ]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ToolError(
                f"{where}={value!r} is not allowed{hint}; use one of {', '.join(param.enum)}",
                code="value",
                expression=name,
            )
        value = low
    if name.startswith("date") or name == "target_date":
        check_date(value, name)
    return value
