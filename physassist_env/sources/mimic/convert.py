"""Row -> FHIR R4 resource builders, one per MIMIC-IV table.

Rows are plain dicts (``pyarrow.Table.to_pylist``) with MIMIC column names; timestamps are
MIMIC wall-clock strings (``YYYY-MM-DD HH:MM:SS``) and are written as
``YYYY-MM-DDTHH:MM:SSZ`` (FHIR needs a zone; the record's wall-clock time is kept).
Resource ids are derived from MIMIC ids only, so they are stable across runs.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from physassist_env.fhir import codes as C

Row = Mapping[str, Any]
Resource = dict[str, Any]

MICRO_CATEGORY = {
    "coding": [
        {
            "system": "http://mimic.mit.edu/fhir/mimic/CodeSystem/mimic-observation-category",
            "code": "microbiology",
            "display": "Microbiology",
        }
    ]
}
#: MIMIC-IV on FHIR's identifier systems (``<base>patient``, ``<base>encounter-ed``...):
#: the records of MIMIC-IV tables carry them.
MIMIC_IDENTIFIERS = "http://mimic.mit.edu/fhir/mimic/identifier/"
#: The synthetic hospital's own identifier systems, the same names under the project's
#: namespace: its records are not MIMIC's and say so (issue #42).
SYNTHETIC_IDENTIFIERS = "http://physassist.dev/fhir/synthetic/identifier/"
PATIENT_IDENTIFIER = MIMIC_IDENTIFIERS + "patient"
# MIMIC-IV on FHIR code systems of the ICU (MetaVision) tables.
MIMIC_MEDICATION_ICU = C.MIMIC + "mimic-medication-icu"
MIMIC_MEDADMIN_CATEGORY_ICU = C.MIMIC + "mimic-medadmin-category-icu"
MIMIC_MEDICATION_METHOD_ICU = C.MIMIC + "mimic-medication-method-icu"
MIMIC_PROCEDURE_CATEGORY = C.MIMIC + "mimic-procedure-category"
MIMIC_OBSERVATION_CATEGORY = C.MIMIC + "mimic-observation-category"
MIMIC_UNITS = C.MIMIC + "mimic-units"
ICU_ORDER_IDENTIFIER = MIMIC_IDENTIFIERS + "icu-linkorderid"
#: Carries a record (store) time where FHIR has no element for it (see ehr.dates).
RECORDED_EXTENSION = "http://physassist.dev/fhir/StructureDefinition/recorded-time"
ALLERGY_VERIFICATION = (
    "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification"
)

# MIMIC unit text -> UCUM code (only units whose UCUM form is certain).
UCUM_UNITS: dict[str, str] = {
    "mg/dL": "mg/dL",
    "g/dL": "g/dL",
    "mEq/L": "meq/L",
    "%": "%",
    "fL": "fL",
    "pg": "pg",
    "mm Hg": "mm[Hg]",
    "mmHg": "mm[Hg]",
    "mmol/L": "mmol/L",
    "IU/L": "[IU]/L",
    "ng/mL": "ng/mL",
    "ug/mL": "ug/mL",
    "pg/mL": "pg/mL",
    "sec": "s",
    "K/uL": "10*3/uL",
    "m/uL": "10*6/uL",
    "mg/L": "mg/L",
    "ng/dL": "ng/dL",
    "ug/dL": "ug/dL",
    "mm/hr": "mm/h",
    "L/min": "L/min",
    "mOsm/kg": "mosm/kg",
    "umol/L": "umol/L",
    "U/mL": "U/mL",
    "mIU/mL": "m[IU]/mL",
    "uIU/mL": "u[IU]/mL",
    "IU/mL": "[IU]/mL",
    "U/L": "U/L",
    "mg/g": "mg/g",
    "mg/mg": "mg/mg",
    "U": "U",
    "kg": "kg",
    "cm": "cm",
    "bpm": "/min",
    "insp/min": "/min",
    "breaths/min": "/min",
    "°F": "[degF]",
    "°C": "Cel",
    "Inch": "[in_i]",
    "in": "[in_i]",
    "lbs": "[lb_av]",
    "mg": "mg",
    "mL": "mL",
    "g": "g",
    "mcg": "ug",
    "mmol": "mmol",
    "mEq": "meq",
    "L": "L",
    "mL/hr": "mL/h",
}

_INTERP = {
    "H": "High",
    "L": "Low",
    "A": "Abnormal",
    "N": "Normal",
    "S": "Susceptible",
    "I": "Intermediate",
    "R": "Resistant",
}

_ENCOUNTER_CLASS: dict[str, tuple[str, str]] = {
    "AMBULATORY OBSERVATION": ("AMB", "ambulatory"),
    "EU OBSERVATION": ("OBSENC", "observation encounter"),
    "OBSERVATION ADMIT": ("OBSENC", "observation encounter"),
    "DIRECT OBSERVATION": ("OBSENC", "observation encounter"),
    "EW EMER.": ("EMER", "emergency"),
    "DIRECT EMER.": ("EMER", "emergency"),
}
_INPATIENT = ("IMP", "inpatient encounter")

# A result row that reports no result: the test was cancelled (and the patient
# "credited", i.e. not billed) or the laboratory could not report it.
_CANCELLED = re.compile(
    r"\bcancell?ed\b|\bcredited\b|unable to (report|estimate)|not (processed|performed)",
    re.IGNORECASE,
)
_NOT_DONE_EVENTS = frozenset({"Hold Dose", "Infusion Reconciliation Not Done"})
_NUMBER = re.compile(r"^\s*-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?\s*$")


# --------------------------------------------------------------------------- helpers
#: MIMIC-IV times are the hospital's wall-clock times (Beth Israel Deaconess, Boston).
#: MIMIC-IV on FHIR writes them with the America/New_York offset of that moment (-04:00
#: in daylight time, -05:00 in standard time; the repeated hour when clocks go back is read
#: as standard time): its demo's 73,793 date-times all follow this rule.
_HOSPITAL_ZONE = ZoneInfo("America/New_York")


def fhir_datetime(value: Any) -> str | None:
    """MIMIC ``YYYY-MM-DD[ HH:MM:SS]`` -> FHIR dateTime with the hospital's offset, as
    MIMIC-IV on FHIR writes it (``2180-05-06T22:23:00-04:00``); a date alone stays a date.
    The wall-clock part (the first 19 characters, which the date gate compares) is the
    MIMIC value unchanged."""
    if value is None:
        return None
    s = str(value).strip()
    if not s:
        return None
    if len(s) >= 16 and s[10] in " T":
        time_part = s[11:19] if len(s) >= 19 else s[11:16] + ":00"
        return _zoned(f"{s[:10]}T{time_part}")
    return s[:10]


@functools.lru_cache(maxsize=1 << 16)
def _zoned(wall: str) -> str:
    """``wall`` (``YYYY-MM-DDTHH:MM:SS``) with the hospital's offset at that moment
    (memoised: a lab panel's rows share their times, and zone lookups dominate)."""
    try:
        local = datetime.fromisoformat(wall).replace(tzinfo=_HOSPITAL_ZONE, fold=1)
    except ValueError:
        return f"{wall}Z"  # not a calendar time; kept as written
    return wall + local.isoformat()[19:]


def fhir_instant(value: Any) -> str | None:
    """A FHIR instant (full date-time with zone), or None."""
    dt = fhir_datetime(value)
    if dt is None:
        return None
    return dt if "T" in dt else fhir_datetime(f"{dt} 00:00:00")


def fhir_date(value: Any) -> str | None:
    """MIMIC date or date-time -> ``YYYY-MM-DD``."""
    if value is None or not str(value).strip():
        return None
    return str(value).strip()[:10]


def compact_time(value: Any) -> str:
    """``2180-08-06 20:35:00`` -> ``218008062035`` (for ids)."""
    return re.sub(r"\D", "", str(value or ""))[:12]


def text(value: Any) -> str | None:
    """A stripped non-empty string (MIMIC's de-identification ``___`` counts as empty)."""
    if value is None:
        return None
    s = str(value).strip()
    return s if s and s != "___" else None


def number(value: Any) -> float | None:
    """Parse ``12``, ``0.5``, ``.5``, ``25,000`` to a float; anything else -> None."""
    if value is None:
        return None
    if isinstance(value, int | float):
        return None if value != value else float(value)  # NaN check
    s = str(value).strip()
    if not s or not _NUMBER.match(s) or not re.search(r"\d", s):
        return None
    return float(s.replace(",", ""))


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else value


def quantity(value: float, unit: str | None) -> Resource:
    """A Quantity; ``system``/``code`` are UCUM only when the unit is known to be UCUM."""
    q: Resource = {"value": _num(value)}
    if unit:
        q["unit"] = unit
        ucum = UCUM_UNITS.get(unit)
        if ucum:
            q["system"] = C.UCUM
            q["code"] = ucum
    return q


def ref(resource_type: str, rid: Any) -> Resource:
    """``{"reference": "Type/id"}``."""
    return {"reference": f"{resource_type}/{rid}"}


def coding(system: str, code: Any, display: str | None = None) -> Resource:
    """A Coding (display omitted when unknown)."""
    c: Resource = {"system": system, "code": " ".join(str(code).split())}
    if display:
        c["display"] = display
    return c


def interpretation(code: str) -> list[Resource]:
    """A v3-ObservationInterpretation CodeableConcept list."""
    return [{"coding": [coding(C.INTERPRETATION, code, _INTERP.get(code))]}]


def recorded(res: Resource, value: Any) -> None:
    """Put a MIMIC ``storetime`` on a resource type without a record-time element."""
    when = fhir_instant(value)
    if when:
        res.setdefault("extension", []).append(
            {"url": RECORDED_EXTENSION, "valueDateTime": when}
        )


def is_cancelled(*texts: Any) -> str | None:
    """The text that says a result row was cancelled / credited / not reportable, or None."""
    for t in texts:
        s = text(t)
        if s and _CANCELLED.search(s):
            return s
    return None


def _category(code: str, display: str) -> Resource:
    return {"coding": [coding(C.OBSERVATION_CATEGORY, code, display)]}


class IdCounter:
    """Appends ``-<n>`` (n = occurrences so far) to a base id, for rows without a unique key."""

    def __init__(self) -> None:
        self._seen: Counter[str] = Counter()

    def __call__(self, base: str) -> str:
        n = self._seen[base]
        self._seen[base] += 1
        return f"{base}-{n}"


# --------------------------------------------------------------------------- Patient
def patient(row: Row, identifiers: str = MIMIC_IDENTIFIERS) -> Resource:
    """Patient from ``hosp/patients``; its identifier system is ``identifiers + "patient"``
    (:data:`MIMIC_IDENTIFIERS` or :data:`SYNTHETIC_IDENTIFIERS`).

    ``birthDate`` is approximated as January 1st of ``anchor_year - anchor_age`` (MIMIC
    gives only the age in the shifted anchor year).
    """
    sid = int(row["subject_id"])
    res: Resource = {
        "resourceType": "Patient",
        "id": str(sid),
        "identifier": [{"system": identifiers + "patient", "value": str(sid)}],
    }
    gender = {"M": "male", "F": "female"}.get(str(row.get("gender") or "").upper())
    res["gender"] = gender or "unknown"
    if row.get("anchor_year") is not None and row.get("anchor_age") is not None:
        res["birthDate"] = (
            f"{int(row['anchor_year']) - int(row['anchor_age']):04d}-01-01"
        )
    dod = fhir_date(row.get("dod"))
    if dod:
        res["deceasedDateTime"] = dod
    return res


# --------------------------------------------------------------------------- Encounter
#: MIMIC-IV-on-FHIR's code system of the hospital services (``services.curr_service``).
SERVICES_SYSTEM = "http://mimic.mit.edu/fhir/mimic/CodeSystem/mimic-services"
#: The MIMIC-IV services (``services.curr_service``) by name (MIMIC-IV documentation).
SERVICE_NAMES: dict[str, str] = {
    "CMED": "Cardiac Medical", "CSURG": "Cardiac Surgery", "DENT": "Dental",
    "ENT": "Ear, nose, and throat", "EYE": "Eye", "GU": "Genitourinary",
    "GYN": "Gynecological", "MED": "General Medical", "NB": "Newborn",
    "NBB": "Newborn baby", "NMED": "Neurologic Medical", "NSURG": "Neurologic Surgical",
    "OBS": "Obstetrics", "OMED": "Oncologic Medical", "ORTHO": "Orthopaedic",
    "PSURG": "Plastic", "PSYCH": "Psychiatric", "SURG": "General Surgical",
    "TRAUM": "Trauma", "TSURG": "Thoracic Surgical", "VSURG": "Vascular Surgical",
}  # fmt: skip


def admission_encounter(row: Row, patient_id: str, service: str = "") -> Resource:
    """Encounter for one ``hosp/admissions`` row (id = hadm_id); ``service``: the
    admitting service (``services.curr_service``, NMED, CMED...), written as
    ``serviceType`` the way MIMIC-IV-on-FHIR writes it."""
    atype = text(row.get("admission_type")) or ""
    cls_code, cls_display = _ENCOUNTER_CLASS.get(atype, _INPATIENT)
    res: Resource = {
        "resourceType": "Encounter",
        "id": str(int(row["hadm_id"])),
        "status": "finished" if text(row.get("dischtime")) else "in-progress",
        "class": coding(C.ACT_CODE, cls_code, cls_display),
        "subject": ref("Patient", patient_id),
    }
    if atype:
        res["type"] = [{"text": atype}]
    if service.strip():
        res["serviceType"] = {
            "coding": [{"system": SERVICES_SYSTEM, "code": service.strip()}]
        }
        name = SERVICE_NAMES.get(service.strip().upper())
        if name:
            res["serviceType"]["coding"][0]["display"] = name
    period = {}
    if fhir_datetime(row.get("admittime")):
        period["start"] = fhir_datetime(row.get("admittime"))
    if fhir_datetime(row.get("dischtime")):
        period["end"] = fhir_datetime(row.get("dischtime"))
    if period:
        res["period"] = period
    hosp: Resource = {}
    if text(row.get("admission_location")):
        hosp["admitSource"] = {"text": text(row.get("admission_location"))}
    if text(row.get("discharge_location")):
        hosp["dischargeDisposition"] = {"text": text(row.get("discharge_location"))}
    if hosp:
        res["hospitalization"] = hosp
    return res


#: The MIMIC-IV on FHIR identifier system of an emergency-department stay.
ED_IDENTIFIER = MIMIC_IDENTIFIERS + "encounter-ed"


def ed_encounter(
    row: Row, patient_id: str, identifiers: str = MIMIC_IDENTIFIERS
) -> Resource | None:
    """Encounter of the emergency-department stay an admission came through (id
    ``ed-<hadm_id>``, class ``EMER``, ``partOf`` the admission), from the
    ``hosp/admissions`` row's ``edregtime`` / ``edouttime``; None without ``edregtime``.
    Its identifier system is ``identifiers + "encounter-ed"``.

    MIMIC-IV on FHIR models the ED stay the same way (``MimicEncounterED``, partOf the
    hospital encounter). The ED stay is part of the episode of care: the laboratory
    results drawn there (often the evening before ``admittime``, many without a
    ``hadm_id``) are this admission's first values (``scenarios.features``).
    """
    start = fhir_datetime(row.get("edregtime"))
    if not start:
        return None
    res: Resource = {
        "resourceType": "Encounter",
        "id": f"ed-{int(row['hadm_id'])}",
        "identifier": [
            {
                "use": "usual",
                "system": identifiers + "encounter-ed",
                "value": str(int(row["hadm_id"])),
            }
        ],
        "status": "finished" if text(row.get("edouttime")) else "in-progress",
        "class": coding(C.ACT_CODE, "EMER", "emergency"),
        "type": [{"text": "Emergency department stay"}],
        "subject": ref("Patient", patient_id),
        "partOf": ref("Encounter", int(row["hadm_id"])),
        "period": {"start": start},
    }
    end = fhir_datetime(row.get("edouttime"))
    if end and end >= start:
        res["period"]["end"] = end
    return res


def icu_encounter(row: Row, patient_id: str) -> Resource:
    """Encounter for one ``icu/icustays`` row (id ``icu-<stay_id>``, partOf the admission)."""
    unit = text(row.get("first_careunit"))
    last = text(row.get("last_careunit"))
    res: Resource = {
        "resourceType": "Encounter",
        "id": f"icu-{int(row['stay_id'])}",
        "status": "finished" if text(row.get("outtime")) else "in-progress",
        "class": coding(C.ACT_CODE, "ACUTE", "inpatient acute"),
        "type": [{"text": unit or "ICU stay"}],
        "subject": ref("Patient", patient_id),
    }
    if row.get("hadm_id") is not None:
        res["partOf"] = ref("Encounter", int(row["hadm_id"]))
    period = {}
    if fhir_datetime(row.get("intime")):
        period["start"] = fhir_datetime(row.get("intime"))
    if fhir_datetime(row.get("outtime")):
        period["end"] = fhir_datetime(row.get("outtime"))
    if period:
        res["period"] = period
    locations = [u for u in dict.fromkeys([unit, last]) if u]
    if locations:
        res["location"] = [{"location": {"display": u}} for u in locations]
    return res


# --------------------------------------------------------------------------- Condition
def condition(
    row: Row,
    patient_id: str,
    titles: Mapping[tuple[str, int], str],
    recorded: str | None,
) -> Resource:
    """Condition for one ``hosp/diagnoses_icd`` row (id ``dx-<hadm_id>-<seq_num>``).

    ``recorded`` (the discharge time) becomes ``recordedDate``: MIMIC-IV codes diagnoses
    after discharge for billing (``diagnoses_icd`` has no time), so they are known from
    the discharge on, not during the stay they code.
    """
    code = str(row["icd_code"]).strip()
    version = int(row["icd_version"])
    title = titles.get((code, version))
    system = C.ICD10_CM if version == 10 else C.ICD9_CM
    res: Resource = {
        "resourceType": "Condition",
        "id": f"dx-{int(row['hadm_id'])}-{int(row['seq_num'])}",
        "clinicalStatus": {
            "coding": [coding(C.CONDITION_CLINICAL, "active", "Active")]
        },
        "verificationStatus": {
            "coding": [coding(C.CONDITION_VERIFICATION, "confirmed", "Confirmed")]
        },
        "category": [
            {
                "coding": [
                    coding(
                        C.CONDITION_CATEGORY,
                        "encounter-diagnosis",
                        "Encounter Diagnosis",
                    )
                ]
            }
        ],
        "code": {"coding": [coding(system, code, title)], "text": title or code},
        "subject": ref("Patient", patient_id),
        "encounter": ref("Encounter", int(row["hadm_id"])),
    }
    if recorded:
        res["recordedDate"] = recorded
    return res


def procedure(
    row: Row, patient_id: str, titles: Mapping[tuple[str, int], str]
) -> Resource:
    """Procedure for one ``hosp/procedures_icd`` row (id ``proc-<hadm_id>-<seq_num>``)."""
    code = str(row["icd_code"]).strip()
    version = int(row["icd_version"])
    title = titles.get((code, version))
    system = C.ICD10_PCS if version == 10 else C.ICD9_CM
    res: Resource = {
        "resourceType": "Procedure",
        "id": f"proc-{int(row['hadm_id'])}-{int(row['seq_num'])}",
        "status": "completed",
        "code": {"coding": [coding(system, code, title)], "text": title or code},
        "subject": ref("Patient", patient_id),
        "encounter": ref("Encounter", int(row["hadm_id"])),
    }
    when = fhir_datetime(row.get("chartdate"))
    if when:
        res["performedDateTime"] = when
    return res


# --------------------------------------------------------------------------- labs
def lab_observation(row: Row, patient_id: str, items: Mapping[int, Row]) -> Resource:
    """Observation (laboratory) for one ``hosp/labevents`` row (id ``lab-<labevent_id>``).

    Interpretation: MIMIC ``flag == "abnormal"`` gives H / L against the reference
    range, else A; no flag gives N only when the value lies inside a known range.
    """
    itemid = int(row["itemid"])
    item = items.get(itemid, {})
    label = text(item.get("label")) or f"itemid {itemid}"
    codings = [coding(C.MIMIC_LABITEMS, itemid, label)]
    if itemid in C.LAB_LOINC:
        loinc, name = C.LAB_LOINC[itemid]
        codings.append(coding(C.LOINC, loinc, name))
    res: Resource = {
        "resourceType": "Observation",
        "id": f"lab-{int(row['labevent_id'])}",
        "status": "final",
        "category": [_category("laboratory", "Laboratory")],
        "code": {"coding": codings, "text": label},
        "subject": ref("Patient", patient_id),
    }
    if row.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(row["hadm_id"]))
    when = fhir_datetime(row.get("charttime"))
    if when:
        res["effectiveDateTime"] = when
    issued = fhir_instant(row.get("storetime"))
    if issued:
        res["issued"] = issued
    unit = text(row.get("valueuom"))
    valuenum = row.get("valuenum")
    value = text(row.get("value"))
    if valuenum is not None and valuenum == valuenum:
        res["valueQuantity"] = quantity(valuenum, unit)
    elif value:
        res["valueString"] = value
    low, high = row.get("ref_range_lower"), row.get("ref_range_upper")
    rng: Resource = {}
    if low is not None and low == low:
        rng["low"] = quantity(low, unit)
    if high is not None and high == high:
        rng["high"] = quantity(high, unit)
    if rng:
        res["referenceRange"] = [rng]
    flag = text(row.get("flag"))
    has_num = "valueQuantity" in res
    code = None
    if flag and flag.lower() == "abnormal":
        code = "A"
        if has_num and high is not None and valuenum > high:
            code = "H"
        elif has_num and low is not None and valuenum < low:
            code = "L"
    elif (
        has_num
        and rng
        and (low is None or valuenum >= low)
        and (high is None or valuenum <= high)
    ):
        code = "N"
    if code:
        res["interpretation"] = interpretation(code)
    fluid = text(item.get("fluid"))
    if fluid:
        res["bodySite"] = {"text": fluid}
    comments = text(row.get("comments"))
    if comments:
        res["note"] = [{"text": comments}]
    cancelled = None if has_num else is_cancelled(value, comments)
    if cancelled:  # not a result: "UNABLE TO REPORT", "cancelled, patient credited"
        res["status"] = "cancelled"
        res.pop("valueString", None)
        res.pop("interpretation", None)
        res["dataAbsentReason"] = {"text": cancelled}
    return res


# --------------------------------------------------------------------------- vitals
#: The human-readable ``Quantity.unit`` of an OMR unit whose UCUM code is not one
#: (FHIR R4 Quantity: ``unit`` is the display, ``code`` the UCUM code), as
#: :func:`quantity` writes MIMIC's own units: a weight reads "160 lb", not
#: "160 [lb_av]", which a reader of the tool's text does not take for pounds.
OMR_UNIT_DISPLAY: dict[str, str] = {"[lb_av]": "lb"}


def omr_observation(row: Row, patient_id: str, rid: str) -> Resource:
    """Observation (vital-signs) for one ``hosp/omr`` row; blood pressure gets components."""
    name = text(row.get("result_name")) or "OMR result"
    value = text(row.get("result_value"))
    base = name.split(" (", 1)[0]
    mapped = C.OMR_LOINC.get(name) or C.OMR_LOINC.get(base)
    if mapped is None and name.startswith("Blood Pressure"):
        mapped = C.OMR_LOINC["Blood Pressure"]
    codings = [coding(C.MIMIC_OMR, name, name)]
    unit = None
    if mapped:
        codings.append(coding(C.LOINC, mapped[0], mapped[1]))
        unit = mapped[2]
    category = "laboratory" if mapped and mapped[0] == "62238-1" else "vital-signs"
    res: Resource = {
        "resourceType": "Observation",
        "id": rid,
        "status": "final",
        "category": [
            _category(
                category, "Laboratory" if category == "laboratory" else "Vital Signs"
            )
        ],
        "code": {"coding": codings, "text": name},
        "subject": ref("Patient", patient_id),
    }
    when = fhir_date(row.get("chartdate"))
    if when:
        res["effectiveDateTime"] = when
    bp = re.match(r"^\s*(\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)\s*$", value or "")
    if mapped and mapped[0] == "85354-9" and bp:
        res["component"] = [
            {
                "code": {
                    "coding": [
                        coding(C.LOINC, C.SYSTOLIC_LOINC, "Systolic blood pressure")
                    ],
                    "text": "Systolic blood pressure",
                },
                "valueQuantity": quantity(float(bp.group(1)), "mm[Hg]"),
            },
            {
                "code": {
                    "coding": [
                        coding(C.LOINC, C.DIASTOLIC_LOINC, "Diastolic blood pressure")
                    ],
                    "text": "Diastolic blood pressure",
                },
                "valueQuantity": quantity(float(bp.group(2)), "mm[Hg]"),
            },
        ]
    elif number(value) is not None:
        q: Resource = {"value": _num(number(value) or 0.0)}
        if unit:
            display = OMR_UNIT_DISPLAY.get(unit, unit)
            q.update({"unit": display, "system": C.UCUM, "code": unit})
        res["valueQuantity"] = q
    elif value:
        res["valueString"] = value
    return res


def chart_observation(
    row: Row, patient_id: str, items: Mapping[int, Row], rid: str
) -> Resource:
    """Observation (vital-signs) for one vital-sign ``icu/chartevents`` row."""
    itemid = int(row["itemid"])
    label = text(items.get(itemid, {}).get("label")) or f"itemid {itemid}"
    codings = [coding(C.MIMIC_ITEMS, itemid, label)]
    if itemid in C.VITAL_LOINC:
        codings.append(coding(C.LOINC, *C.VITAL_LOINC[itemid]))
    res: Resource = {
        "resourceType": "Observation",
        "id": rid,
        "status": "final",
        "category": [_category("vital-signs", "Vital Signs")],
        "code": {"coding": codings, "text": label},
        "subject": ref("Patient", patient_id),
    }
    if row.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(row["hadm_id"]))
    when = fhir_datetime(row.get("charttime"))
    if when:
        res["effectiveDateTime"] = when
    issued = fhir_instant(row.get("storetime"))
    if issued:
        res["issued"] = issued
    valuenum = row.get("valuenum")
    if valuenum is not None and valuenum == valuenum:
        res["valueQuantity"] = quantity(valuenum, text(row.get("valueuom")))
    elif text(row.get("value")):
        res["valueString"] = text(row.get("value"))
    return res


# --------------------------------------------------------------------------- micro
def micro_key(row: Row) -> tuple[int, int, int, int]:
    """Grouping key (micro_specimen_id, test_itemid, org_itemid or 0, isolate_num or 0)."""
    return (
        int(row["micro_specimen_id"]),
        int(row["test_itemid"] or 0),
        int(row.get("org_itemid") or 0),
        int(row.get("isolate_num") or 0),
    )


def micro_observation(rows: list[Row], patient_id: str) -> Resource:
    """Observation (microbiology) for one specimen/test/organism/isolate group."""
    first = rows[0]
    spec_id, test_id, org_id, isolate = micro_key(first)
    test_name = text(first.get("test_name")) or f"test {test_id}"
    res: Resource = {
        "resourceType": "Observation",
        "id": f"micro-{spec_id}-{test_id}-{org_id}-{isolate}",
        "status": "final",
        "category": [_category("laboratory", "Laboratory"), MICRO_CATEGORY],
        "code": {
            "coding": [coding(C.MIMIC_MICRO_TEST, test_id, test_name)],
            "text": test_name,
        },
        "subject": ref("Patient", patient_id),
    }
    if first.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(first["hadm_id"]))
    when = fhir_datetime(first.get("charttime")) or fhir_datetime(
        first.get("chartdate")
    )
    if when:
        res["effectiveDateTime"] = when
    # The group is released when its last row is stored (organism identification and
    # susceptibilities come days after the specimen).
    stored = [fhir_instant(r.get("storetime")) for r in rows]
    issued = max((s for s in stored if s), default=None)
    if issued:
        res["issued"] = issued
    org = text(first.get("org_name"))
    comments = next(
        (text(r.get("comments")) for r in rows if text(r.get("comments"))), None
    )
    # an organism column reading "CANCELLED" (the demo has 16 such rows) is no organism
    cancelled = is_cancelled(org) if org else is_cancelled(comments)
    if cancelled:  # a cancelled test is not a culture result
        res["status"] = "cancelled"
        res["dataAbsentReason"] = {"text": cancelled}
    elif org:
        concept: Resource = {"text": org}
        if first.get("org_itemid") is not None:
            concept["coding"] = [coding(C.MIMIC_ORGANISM, org_id, org)]
        res["valueCodeableConcept"] = concept
    else:
        res["valueString"] = comments or "No growth"
    notes = []
    spec_type = text(first.get("spec_type_desc"))
    if spec_type:
        notes.append({"text": f"Specimen: {spec_type}"})
    qty = text(first.get("quantity")) if "quantity" in first else None
    if qty:
        notes.append({"text": f"Quantity: {qty}"})
    if org and comments:
        notes.append({"text": comments})
    if notes:
        res["note"] = notes
    if spec_type:
        res["method"] = {"text": spec_type}
    components = []
    for r in rows:
        ab = text(r.get("ab_name"))
        if not ab:
            continue
        comp: Resource = {"code": {"text": ab}}
        if r.get("ab_itemid") is not None:
            comp["code"]["coding"] = [
                coding(C.MIMIC_ANTIBIOTIC, int(r["ab_itemid"]), ab)
            ]
        dil = text(r.get("dilution_text"))
        if dil:
            comp["valueString"] = dil
        interp = text(r.get("interpretation"))
        if interp in ("S", "I", "R"):
            comp["interpretation"] = interpretation(interp)
        elif interp:
            comp["interpretation"] = [{"text": interp}]
        components.append(comp)
    if components:
        res["component"] = components
    return res


def micro_observations(rows: Iterable[Row], patient_id: str) -> list[Resource]:
    """Group ``microbiologyevents`` rows and build one Observation per group (file order)."""
    groups: dict[tuple[int, int, int, int], list[Row]] = {}
    for r in rows:
        groups.setdefault(micro_key(r), []).append(r)
    return [micro_observation(g, patient_id) for g in groups.values()]


# --------------------------------------------------------------------------- medications
def _dose(value: Any, unit: str | None) -> Resource | None:
    v = number(value)
    if v is not None:
        return {"doseQuantity": quantity(v, unit)}
    m = re.match(r"^\s*(\d*\.?\d+)\s*-\s*(\d*\.?\d+)\s*$", str(value or ""))
    if m:
        return {
            "doseRange": {
                "low": quantity(float(m.group(1)), unit),
                "high": quantity(float(m.group(2)), unit),
            }
        }
    return None


# Orders without a real dose (ISMP / Joint Commission "do not use" ambiguous orders; a
# sliding scale or "as directed" dose is set at each administration, not by the order):
# their dose field is a placeholder, never a dose fact.
_PLACEHOLDER_STRENGTH = re.compile(
    r"check with md|md to order|per md|see (order|md)", re.I
)
_SLIDING_SCALE = re.compile(r"sliding scale|\bssi\b|\bscale\b", re.I)
#: pharmacy.status -> MedicationRequest.status once the order has ended (MIMIC-IV on
#: FHIR writes discontinued orders as ``stopped``).
_PHARMACY_STATUS = {
    "discontinued": "stopped",
    "inactive (due to a change order)": "stopped",
}


#: ``pharmacy.status`` of an order replaced by a modified one ("Inactive (Due to a change
#: order)"): the order ended, the drug did not.
CHANGE_ORDER = re.compile(r"change order", re.I)


def placeholder_dose(row: Row, pharmacy: Row | None = None) -> str | None:
    """Why a ``prescriptions`` row's dose is not a dose fact, or None when it is one.

    ``"sliding scale"`` (pharmacy ``sliding_scale = Y`` or a zero dose given as
    directed), ``"dose per prescriber"`` ("Check with MD for Dose", "MD to order daily
    dose", a dose unit of ``dose``) or ``"no dose"`` (dose 0).
    """
    pharmacy = pharmacy or {}
    strength = " ".join(
        str(v) for v in (row.get("prod_strength"), row.get("dose_unit_rx")) if v
    )
    value = number(row.get("dose_val_rx"))
    freq = str(pharmacy.get("frequency") or "").upper()
    if str(pharmacy.get("sliding_scale") or "").upper() == "Y" or _SLIDING_SCALE.search(
        str(row.get("drug") or "")
    ):
        return "sliding scale"
    if _PLACEHOLDER_STRENGTH.search(strength) or str(
        row.get("dose_unit_rx") or ""
    ).strip().lower() in ("dose", "md to order daily dose"):
        return "dose per prescriber"
    if value == 0:
        return "sliding scale" if "ASDIR" in freq else "no dose"
    return None


def medication_request(
    row: Row,
    patient_id: str,
    rid: str,
    frequencies: Mapping[int, str],
    pharmacy: Mapping[int, Row] | None = None,
) -> Resource:
    """MedicationRequest for one ``hosp/prescriptions`` row.

    A placeholder order (see :func:`placeholder_dose`) gets no ``doseAndRate`` and says
    what it is in its dosage text (``Insulin: sliding scale, SC, ASDIR``).
    """
    drug = text(row.get("drug")) or "unknown medication"
    codings = [coding(C.MIMIC_MEDICATION_NAME, drug, drug)]
    ndc = text(row.get("ndc"))
    if ndc and ndc.strip("0"):
        codings.append(coding(C.NDC, ndc))
    pid = row.get("pharmacy_id")
    prow = (pharmacy or {}).get(int(pid)) if pid is not None else None
    status = "active"
    if text(row.get("stoptime")):
        status = _PHARMACY_STATUS.get(
            str((prow or {}).get("status") or "").strip().lower(), "completed"
        )
    res: Resource = {
        "resourceType": "MedicationRequest",
        "id": rid,
        "status": status,
        "intent": "order",
        "medicationCodeableConcept": {"coding": codings, "text": drug},
        "subject": ref("Patient", patient_id),
    }
    reason = text((prow or {}).get("status"))
    if status == "stopped" and reason and CHANGE_ORDER.search(reason):
        # replaced by a modified order (a new dose of warfarin): the drug goes on
        res["statusReason"] = {"text": reason}
    if row.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(row["hadm_id"]))
    authored = fhir_datetime(row.get("starttime"))
    if authored:
        res["authoredOn"] = authored
    period = {}
    if authored:
        period["start"] = authored
    if fhir_datetime(row.get("stoptime")):
        period["end"] = fhir_datetime(row.get("stoptime"))
    if period:
        res["dispenseRequest"] = {"validityPeriod": period}
    dose_val, dose_unit = text(row.get("dose_val_rx")), text(row.get("dose_unit_rx"))
    route = text(row.get("route"))
    freq = frequencies.get(int(pid)) if pid is not None else None
    placeholder = placeholder_dose(row, {**(prow or {}), "frequency": freq or ""})
    per_day = number(row.get("doses_per_24_hrs"))
    dosage: Resource = {}
    parts = (
        [placeholder, route, freq]
        if placeholder
        else [dose_val, dose_unit, route, freq]
    )
    parts = [p for p in parts if p]
    if parts:
        dosage["text"] = (", " if placeholder else " ").join(parts)
    if placeholder:
        dosage["additionalInstruction"] = [{"text": placeholder}]
    if freq:
        dosage["timing"] = {
            "code": {"coding": [coding(C.MIMIC_FREQUENCY, freq, freq)], "text": freq}
        }
    elif per_day is not None and per_day > 0:
        if per_day.is_integer():
            dosage["timing"] = {
                "repeat": {"frequency": int(per_day), "period": 1, "periodUnit": "d"}
            }
        else:
            dosage["timing"] = {"code": {"text": f"{per_day:g} doses per 24 hours"}}
    if route:
        dosage["route"] = {
            "coding": [coding(C.MIMIC_ROUTE, route, route)],
            "text": route,
        }
    dose = None if placeholder else _dose(dose_val, dose_unit)
    if dose:
        dosage["doseAndRate"] = [dose]
    if dosage:
        res["dosageInstruction"] = [dosage]
    return res


def emar_status(event: str | None) -> str:
    """MedicationAdministration.status for an ``emar.event_txt``.

    ``Not ...`` / ``Hold Dose`` / ``... Not Done`` -> not-done; ``Delayed`` (alone) ->
    on-hold; ``Stopped - Unscheduled`` -> stopped; missing -> unknown; otherwise
    (Administered, Flushed, Started, Applied, Confirmed, ...) -> completed.
    """
    if not event:
        return "unknown"
    e = event.strip()
    if e.startswith("Not ") or e in _NOT_DONE_EVENTS or e.endswith("Not Done"):
        return "not-done"
    if e == "Delayed":
        return "on-hold"
    if e.startswith("Stopped - Unscheduled"):
        return "stopped"
    return "completed"


def medication_administration(
    row: Row, patient_id: str, details: list[Row], request_id: str | None
) -> Resource:
    """MedicationAdministration for one ``hosp/emar`` row (id ``emar-<emar_id>``)."""
    med = text(row.get("medication")) or "unknown medication"
    event = text(row.get("event_txt"))
    status = emar_status(event)
    res: Resource = {
        "resourceType": "MedicationAdministration",
        "id": f"emar-{row['emar_id']}",
        "status": status,
        "medicationCodeableConcept": {
            "coding": [coding(C.MIMIC_MEDICATION_NAME, med, med)],
            "text": med,
        },
        "subject": ref("Patient", patient_id),
    }
    if event and status != "completed":
        res["statusReason"] = [{"text": event}]
    if row.get("hadm_id") is not None:
        res["context"] = ref("Encounter", int(row["hadm_id"]))
    when = next(
        (
            fhir_datetime(row.get(c))
            for c in ("charttime", "scheduletime", "storetime")
            if fhir_datetime(row.get(c))
        ),
        None,
    )
    if when:  # effective[x] is required; MIMIC emar rows always have charttime
        res["effectiveDateTime"] = when
    if request_id:
        res["request"] = ref("MedicationRequest", request_id)
    dose_row = next(
        (d for d in details if number(d.get("dose_given")) is not None), None
    )
    if dose_row is not None:
        dosage: Resource = {
            "dose": quantity(
                number(dose_row.get("dose_given")) or 0.0,
                text(dose_row.get("dose_given_unit")),
            )
        }
        route = text(dose_row.get("route")) or next(
            (text(d.get("route")) for d in details if text(d.get("route"))), None
        )
        if route:
            dosage["route"] = {"text": route}
        res["dosage"] = dosage
    if event:
        res["note"] = [{"text": event}]
    recorded(res, row.get("storetime"))
    return res


# --------------------------------------------------------------------------- allergies
# ICD codes that record an allergy or a drug adverse effect (ICD-9-CM: V14.x "personal
# history of allergy to medicinal agents", V15.0x other allergy, 995.0/995.3/995.6x
# anaphylaxis and allergy, 995.2x and E930-E949 adverse effect of a drug in therapeutic
# use; ICD-10-CM: Z88.x "allergy status to drugs", Z91.01x/Z91.04x food and other
# allergy status, T78.0-T78.4 anaphylaxis and allergy, T88.6 anaphylaxis and T88.7
# adverse effect of a correctly administered drug, T36-T50 with 6th character 5
# "adverse effect of" a named drug). Sources: ICD-9-CM and ICD-10-CM tabular lists (CDC
# NCHS); ICD-10-CM Official Guidelines I.C.19.e.5 (adverse effects).
def allergy_kind(code: str, version: int) -> tuple[str, str] | None:
    """``(type, category)`` of an allergy-recording ICD code, else None.

    ``type`` is ``allergy`` or ``intolerance`` (adverse effect), ``category``
    ``medication``, ``food``, ``environment`` or ``""`` (unknown).
    """
    c = code.strip().upper().replace(".", "")
    if version == 9:
        if c.startswith("V14"):
            return "allergy", "medication"
        if c.startswith("V150"):
            return "allergy", "environment"
        if c.startswith("9956"):
            return "allergy", "food"
        if c in ("9950", "9953"):
            return "allergy", "medication"
        if c.startswith("9952") or re.match(r"^E9[34]\d", c):
            return "intolerance", "medication"
        return None
    if c.startswith("Z88") or c.startswith("T886"):
        return "allergy", "medication"
    if c.startswith("Z9101"):
        return "allergy", "food"
    if c.startswith("Z9104"):
        return "allergy", "environment"
    if re.match(r"^T78[01]", c):
        return "allergy", "food"
    if re.match(r"^T78[2-4]", c):
        return "allergy", ""
    if c.startswith("T887") or (
        re.match(r"^T(3[6-9]|4\d|50)", c) and len(c) >= 6 and c[5] == "5"
    ):
        return "intolerance", "medication"
    return None


def coded_allergy(
    row: Row,
    patient_id: str,
    titles: Mapping[tuple[str, int], str],
    recorded_at: str | None,
) -> Resource | None:
    """AllergyIntolerance for an allergy-recording ``diagnoses_icd`` row, else None.

    Dated like the admission's diagnoses (see :func:`condition`); id
    ``allergy-dx-<hadm_id>-<seq_num>``.
    """
    code = str(row["icd_code"]).strip()
    version = int(row["icd_version"])
    kind = allergy_kind(code, version)
    if kind is None:
        return None
    title = titles.get((code, version)) or code
    system = C.ICD10_CM if version == 10 else C.ICD9_CM
    res: Resource = {
        "resourceType": "AllergyIntolerance",
        "id": f"allergy-dx-{int(row['hadm_id'])}-{int(row['seq_num'])}",
        "clinicalStatus": {"coding": [coding(C.ALLERGY_CLINICAL, "active", "Active")]},
        "verificationStatus": {
            "coding": [coding(ALLERGY_VERIFICATION, "confirmed", "Confirmed")]
        },
        "type": kind[0],
        "code": {"coding": [coding(system, code, title)], "text": title},
        "patient": ref("Patient", patient_id),
        "encounter": ref("Encounter", int(row["hadm_id"])),
    }
    if kind[1]:
        res["category"] = [kind[1]]
    if recorded_at:
        res["recordedDate"] = recorded_at
    return res


# --------------------------------------------------------------------------- ICU
_ICU_STATUS = {"stopped": "stopped", "paused": "on-hold"}
_ICU_CONTINUOUS = ("continuous med", "continuous iv")


def _icu_status(row: Row) -> str:
    """ICU ``statusdescription`` -> status (FinishedRunning, ChangeDose/Rate, Bolus:
    completed; Stopped: stopped; Paused: on-hold)."""
    return _ICU_STATUS.get(
        str(row.get("statusdescription") or "").strip().lower(), "completed"
    )


def _mimic_qty(value: Any, unit: Any) -> Resource | None:
    v = number(value)
    if v is None:
        return None
    q = quantity(v, text(unit))
    if text(unit) and "system" not in q:
        q["system"], q["code"] = MIMIC_UNITS, text(unit)
    return q


def icu_route(category: str | None) -> str | None:
    """The route an ICU ``ordercategoryname`` states (``"08-Antibiotics (IV)"`` -> ``IV``,
    ``"09-Antibiotics (Non IV)"`` -> ``Non IV``: oral / enteral, or subcutaneous for
    insulin), else None. Oral and IV vancomycin are one item in ``d_items`` and differ
    only by this category (oral vancomycin treats C. difficile in the gut)."""
    m = re.search(r"\((Non IV|IV)\)", category or "")
    return m.group(1) if m else None


def icu_medication_administration(
    row: Row,
    patient_id: str,
    items: Mapping[int, Row],
    rid: str,
    identifiers: str = MIMIC_IDENTIFIERS,
) -> Resource:
    """MedicationAdministration for one ``icu/inputevents`` row (MIMIC-IV on FHIR style).

    Continuous infusions get ``effectivePeriod``, pushes and boluses
    ``effectiveDateTime``; ``identifier`` (system ``identifiers + "icu-linkorderid"``)
    holds the ``linkorderid`` (rows of one infusion share it: a rate change is not a new
    dose); ``storetime`` is the record time.
    """
    itemid = int(row["itemid"])
    label = text(items.get(itemid, {}).get("label")) or f"itemid {itemid}"
    res: Resource = {
        "resourceType": "MedicationAdministration",
        "id": rid,
        "status": _icu_status(row),
        "medicationCodeableConcept": {
            "coding": [coding(MIMIC_MEDICATION_ICU, itemid, label)],
            "text": label,
        },
        "subject": ref("Patient", patient_id),
    }
    if row.get("linkorderid") is not None:
        res["identifier"] = [
            {
                "system": identifiers + "icu-linkorderid",
                "value": str(int(row["linkorderid"])),
            }
        ]
    category = text(row.get("ordercategoryname"))
    if category:
        res["category"] = {"coding": [coding(MIMIC_MEDADMIN_CATEGORY_ICU, category)]}
    if row.get("hadm_id") is not None:
        res["context"] = ref("Encounter", int(row["hadm_id"]))
    method = text(row.get("ordercategorydescription"))
    start, end = fhir_datetime(row.get("starttime")), fhir_datetime(row.get("endtime"))
    if method and method.lower() in _ICU_CONTINUOUS and start and end and end > start:
        res["effectivePeriod"] = {"start": start, "end": end}
    elif start:
        res["effectiveDateTime"] = start
    dosage: Resource = {}
    dose = _mimic_qty(row.get("amount"), row.get("amountuom"))
    if dose:
        dosage["dose"] = dose
    if method:
        dosage["method"] = {
            "coding": [coding(MIMIC_MEDICATION_METHOD_ICU, method)],
            "text": method,
        }
    route = icu_route(category)
    if route:
        dosage["route"] = {"text": route}
    rate = _mimic_qty(row.get("rate"), row.get("rateuom"))
    if rate:
        dosage["rateQuantity"] = rate
    if dosage:
        res["dosage"] = dosage
    if res["status"] != "completed":
        res["statusReason"] = [{"text": text(row.get("statusdescription"))}]
    recorded(res, row.get("storetime"))
    return res


def icu_procedure(
    row: Row, patient_id: str, items: Mapping[int, Row], rid: str
) -> Resource:
    """Procedure for one ``icu/procedureevents`` row (lines, ventilation, imaging ...)."""
    itemid = int(row["itemid"])
    label = text(items.get(itemid, {}).get("label")) or f"itemid {itemid}"
    res: Resource = {
        "resourceType": "Procedure",
        "id": rid,
        "status": _icu_status(row),
        "code": {"coding": [coding(C.MIMIC_ITEMS, itemid, label)], "text": label},
        "subject": ref("Patient", patient_id),
    }
    category = text(row.get("ordercategoryname"))
    if category:
        res["category"] = {
            "coding": [coding(MIMIC_PROCEDURE_CATEGORY, category)],
            "text": category,
        }
    if row.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(row["hadm_id"]))
    start, end = fhir_datetime(row.get("starttime")), fhir_datetime(row.get("endtime"))
    if start and end and end > start:
        res["performedPeriod"] = {"start": start, "end": end}
    elif start:
        res["performedDateTime"] = start
    location = text(row.get("location"))
    if location:
        res["bodySite"] = [{"text": location}]
    recorded(res, row.get("storetime"))
    return res


def icu_observation(
    row: Row, patient_id: str, items: Mapping[int, Row], rid: str, kind: str
) -> Resource:
    """Observation for one ``icu/outputevents`` (``kind="output"``) or
    ``icu/datetimeevents`` (``kind="datetime"``) row; ``storetime`` -> ``issued``."""
    itemid = int(row["itemid"])
    item = items.get(itemid, {})
    label = text(item.get("label")) or f"itemid {itemid}"
    cat = "Output" if kind == "output" else text(item.get("category")) or "Datetime"
    res: Resource = {
        "resourceType": "Observation",
        "id": rid,
        "status": "final",
        "category": [{"coding": [coding(MIMIC_OBSERVATION_CATEGORY, cat, cat)]}],
        "code": {"coding": [coding(C.MIMIC_ITEMS, itemid, label)], "text": label},
        "subject": ref("Patient", patient_id),
    }
    if row.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(row["hadm_id"]))
    when = fhir_datetime(row.get("charttime"))
    if when:
        res["effectiveDateTime"] = when
    issued = fhir_instant(row.get("storetime"))
    if issued:
        res["issued"] = issued
    if kind == "output":
        q = _mimic_qty(row.get("value"), row.get("valueuom"))
        if q:
            res["valueQuantity"] = q
    else:
        value = fhir_datetime(row.get("value"))
        if value:
            res["valueDateTime"] = value
    return res
