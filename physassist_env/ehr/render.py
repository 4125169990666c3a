"""Compact text renderings of FHIR results: one line per resource, for a model to read."""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from typing import Any

NOTE_CHARS = 1500


def _when(res: dict[str, Any], key: str) -> str:
    value = res.get(key) or ""
    return value[:16].replace("T", " ") if isinstance(value, str) else ""


def _concept(cc: Any) -> str:
    if isinstance(cc, list):
        return "; ".join(filter(None, (_concept(c) for c in cc)))
    if not isinstance(cc, dict):
        return ""
    if cc.get("text"):
        return str(cc["text"])
    for coding in cc.get("coding") or []:
        if coding.get("display"):
            return str(coding["display"])
    for coding in cc.get("coding") or []:
        if coding.get("code"):
            return str(coding["code"])
    return ""


def _code(cc: Any) -> str:
    if not isinstance(cc, dict):
        return ""
    for coding in cc.get("coding") or []:
        system = str(coding.get("system", ""))
        if "icd-10" in system.lower() or "ICD10" in system:
            return f"ICD-10 {coding.get('code')}"
        if "icd-9" in system.lower():
            return f"ICD-9 {coding.get('code')}"
    return ""


def _qty(q: Any) -> str:
    if not isinstance(q, dict) or q.get("value") is None:
        return ""
    value = q["value"]
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value} {q.get('unit') or q.get('code') or ''}".strip()


def _value(res: dict[str, Any]) -> str:
    if "valueQuantity" in res:
        return _qty(res["valueQuantity"])
    if "valueString" in res:
        return str(res["valueString"])
    if "valueCodeableConcept" in res:
        return _concept(res["valueCodeableConcept"])
    for key in ("valueBoolean", "valueInteger"):
        if key in res:
            return str(res[key])
    return ""


def _flag(res: dict[str, Any]) -> str:
    for interp in res.get("interpretation") or []:
        for coding in interp.get("coding") or []:
            code = coding.get("code")
            if code and code != "N":
                return f" ({code})"
    return ""


def _range(res: dict[str, Any]) -> str:
    for rr in res.get("referenceRange") or []:
        low = (rr.get("low") or {}).get("value")
        high = (rr.get("high") or {}).get("value")
        if low is not None or high is not None:
            return f" [ref {'' if low is None else low}-{'' if high is None else high}]"
        if rr.get("text"):
            return f" [ref {rr['text']}]"
    return ""


def _observation(res: dict[str, Any]) -> str:
    name = _concept(res.get("code"))
    value = _value(res)
    comps = []
    for comp in res.get("component") or []:
        cval = _value(comp)
        cflag = _flag(comp)
        comps.append(f"{_concept(comp.get('code'))} {cval}{cflag}".strip())
    text = f"{_when(res, 'effectiveDateTime') or _when(res, 'issued')} | {name}"
    if value:
        text += f" = {value}{_flag(res)}{_range(res)}"
    if comps:
        text += " | " + ", ".join(comps)
    notes = [n.get("text") for n in res.get("note") or [] if n.get("text")]
    if notes:
        text += " | note: " + " ".join(notes)[:200]
    return text


def _dosage(dosage: dict[str, Any]) -> str:
    parts = []
    for dr in dosage.get("doseAndRate") or []:
        parts.append(_qty(dr.get("doseQuantity")))
    said = ""
    if not any(parts) and dosage.get("text"):
        parts.append(str(dosage["text"]))
        said = parts[-1].lower()
    # a free-text instruction ("sliding scale, SC, QACHS") often names the route and the
    # timing already: add the coded ones only when the text does not say them
    for coded in (
        _concept(dosage.get("route")),
        _concept((dosage.get("timing") or {}).get("code")),
    ):
        if coded and coded.lower() not in said:
            parts.append(coded)
    return " ".join(p for p in parts if p)


def _medication_request(res: dict[str, Any]) -> str:
    dosage = "; ".join(_dosage(d) for d in res.get("dosageInstruction") or [])
    period = (res.get("dispenseRequest") or {}).get("validityPeriod") or {}
    span = ""
    if period.get("start") or period.get("end"):
        span = f" ({(period.get('start') or '?')[:10]} to {(period.get('end') or 'ongoing')[:10]})"
    reason = _concept(res.get("reasonCode"))
    why = _concept(res.get("statusReason"))  # "Inactive (Due to a change order)"
    return (
        f"{_when(res, 'authoredOn')} | {_concept(res.get('medicationCodeableConcept'))} {dosage}".rstrip()
        + f" | {res.get('status', '')}{span}"
        + (f": {why}" if why else "")
        + (f" | for {reason}" if reason else "")
    )


def _medication_administration(res: dict[str, Any]) -> str:
    """One administration: its time (an infusion's start), drug, amount, the rate of an
    infusion (its dose: clinical.infusion) and route, and status."""
    dosage = res.get("dosage") or {}
    rate = _qty(_rounded(dosage.get("rateQuantity")))
    dose = " ".join(
        p
        for p in (
            _qty(_rounded(dosage.get("dose"))),
            f"at {rate}" if rate else "",
            _concept(dosage.get("route")),
        )
        if p
    )
    when = _when(res, "effectiveDateTime") or _when(
        res.get("effectivePeriod") or {}, "start"
    )
    return (
        f"{when} | {_concept(res.get('medicationCodeableConcept'))} {dose}".rstrip()
        + f" | {res.get('status', '')}"
    )


def _rounded(q: Any) -> Any:
    """A quantity with a pump's float noise rounded to 2 decimals (8.99177 -> 8.99)."""
    if isinstance(q, dict) and isinstance(q.get("value"), float):
        return {**q, "value": round(q["value"], 2)}
    return q


def _condition(res: dict[str, Any]) -> str:
    code = _code(res.get("code"))
    status = _concept(res.get("clinicalStatus"))
    return (
        f"{_when(res, 'recordedDate')} | {_concept(res.get('code'))}"
        + (f" ({code})" if code else "")
        + (f" | {status}" if status else "")
    )


def _attachment_text(att: dict[str, Any]) -> str:
    data = att.get("data")
    if not data:
        return ""
    try:
        return base64.b64decode(data).decode("utf-8", errors="replace")
    except (ValueError, TypeError):
        return ""


def _clip(text: str, n: int = NOTE_CHARS) -> str:
    text = " ".join(text.split())
    return (
        text if len(text) <= n else text[:n] + f" ... [{len(text) - n} more characters]"
    )


def _document(res: dict[str, Any]) -> str:
    texts = [
        _attachment_text(c.get("attachment") or {}) for c in res.get("content") or []
    ]
    return (
        f"{_when(res, 'date')} | {_concept(res.get('type'))} | {_clip(' '.join(texts))}"
    )


def _report(res: dict[str, Any]) -> str:
    return f"{_when(res, 'effectiveDateTime') or _when(res, 'issued')} | {_concept(res.get('code'))} | {res.get('status', '')} | {_clip(res.get('conclusion') or '', 600)}"


def _encounter(res: dict[str, Any]) -> str:
    period = res.get("period") or {}
    cls = res.get("class") or {}
    kind = cls.get("display") or cls.get("code") or ""
    where = _concept(res.get("type")) or _concept(res.get("serviceType"))
    if res.get("type") and _concept(res.get("serviceType")):
        # the admitting service beside the admission type (round 10c: it stands for the
        # main problem until the admission is coded)
        where += f" (service: {_concept(res.get('serviceType'))})"
    return (
        f"{(period.get('start') or '')[:16].replace('T', ' ')} to {(period.get('end') or 'ongoing')[:16].replace('T', ' ')} | {kind} {where}".rstrip()
        + f" | {res.get('status', '')} | Encounter/{res.get('id')}"
    )


def _patient(res: dict[str, Any]) -> str:
    parts = [f"Patient/{res.get('id')}", res.get("gender", "unknown gender")]
    if res.get("birthDate"):
        parts.append(f"born {res['birthDate']}")
    if res.get("deceasedDateTime"):
        parts.append(f"died {res['deceasedDateTime'][:10]}")
    return " | ".join(parts)


def _generic(res: dict[str, Any]) -> str:
    name = _concept(res.get("code")) or _concept(res.get("category"))
    extra = res.get("description") or res.get("title") or ""
    date = ""
    for key in (
        "authoredOn",
        "recordedDate",
        "created",
        "performedDateTime",
        "occurrenceDateTime",
    ):
        if res.get(key):
            date = _when(res, key)
            break
    if not date and isinstance(res.get("period"), dict):
        date = (res["period"].get("start") or "")[:16].replace("T", " ")
    status = res.get("status") or _concept(res.get("clinicalStatus"))
    priority = res.get("priority", "")
    return " | ".join(p for p in (date, name, str(extra), status, priority) if p)


def _immunization(res: dict[str, Any]) -> str:
    """``date | vaccine | status | immunization``: a vaccine given, as a Procedure.search line."""
    parts = [_when(res, "occurrenceDateTime"), _concept(res.get("vaccineCode"))]
    parts += [str(res.get("status") or ""), "immunization"]
    return " | ".join(p for p in parts if p)


RENDERERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "Observation": _observation,
    "MedicationRequest": _medication_request,
    "MedicationAdministration": _medication_administration,
    "Condition": _condition,
    "DocumentReference": _document,
    "DiagnosticReport": _report,
    "Encounter": _encounter,
    "Patient": _patient,
    "Immunization": _immunization,
}

_HEADERS = {
    "en": (
        "{rtype}: {total} result(s), showing {shown}, {order}",
        "newest first",
        "oldest first",
        "no {rtype} found",
    ),
    "zh": (
        "{rtype}：共 {total} 条结果，显示 {shown} 条，{order}",
        "按时间从新到旧",
        "按时间从旧到新",
        "未找到 {rtype}",
    ),
}


def render_resource(res: dict[str, Any]) -> str:
    """One line describing a resource."""
    return RENDERERS.get(res.get("resourceType", ""), _generic)(res)


def render_bundle(
    bundle: dict[str, Any],
    rtype: str,
    *,
    newest_first: bool = True,
    language: str = "en",
    lines: Callable[[Sequence[dict[str, Any]]], list[str]] | None = None,
) -> str:
    """A header line plus one line per match of a searchset Bundle.

    Entries with ``search.mode = "outcome"`` (notes about the search) are not matches
    and are left to the caller (see :func:`physassist_env.ehr.outcome.bundle_notes`).
    ``lines`` renders the matches (default: :func:`render_resource` each; a view passes
    its memoised :meth:`~physassist_env.ehr.view.EhrView.lines`).
    """
    header, newest, oldest, empty = _HEADERS.get(language, _HEADERS["en"])
    entries = [
        e["resource"]
        for e in bundle.get("entry") or []
        if (e.get("search") or {}).get("mode") != "outcome"
    ]
    if not entries:
        return empty.format(rtype=rtype) + (
            f" ({bundle.get('total')} matches, none shown)"
            if bundle.get("total")
            else ""
        )
    types = {e["resourceType"] for e in entries}
    label = rtype if len(types) == 1 else "Resources"
    head = header.format(
        rtype=label,
        total=bundle.get("total", len(entries)),
        shown=len(entries),
        order=newest if newest_first else oldest,
    )
    rendered = lines(entries) if lines else [render_resource(r) for r in entries]
    return "\n- ".join([head, *rendered])


def render_outcome(outcome: dict[str, Any]) -> str:
    """``ERROR: ...`` plus notes, from an OperationOutcome."""
    lines = []
    for issue in outcome.get("issue") or []:
        sev = issue.get("severity", "error")
        prefix = "ERROR" if sev in ("error", "fatal") else "NOTE"
        lines.append(f"{prefix}: {issue.get('diagnostics', '')}")
    return "\n".join(lines)
