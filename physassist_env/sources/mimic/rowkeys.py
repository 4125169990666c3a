"""Which raw MIMIC-IV row a converted resource came from: table and key columns.

The converter (:mod:`.convert`, :mod:`.source`) names every resource after the key of
the row (or group of rows) it converts, so the row is recoverable from the id alone:

============================  ===========================  ======================================
id                            table                        key columns
============================  ===========================  ======================================
``lab-<labevent_id>``         ``hosp/labevents``           ``labevent_id``
``micro-<s>-<t>-<o>-<i>``     ``hosp/microbiologyevents``  ``micro_specimen_id``, ``test_itemid``,
                                                           ``org_itemid``, ``isolate_num``
``dx-<hadm>-<seq>``           ``hosp/diagnoses_icd``       ``hadm_id``, ``seq_num``
``allergy-dx-<hadm>-<seq>``   ``hosp/diagnoses_icd``       ``hadm_id``, ``seq_num``
``allergy-<note_id>-<n>``     ``note/discharge``           ``note_id`` (the allergy line of an earlier discharge note)
``proc-<hadm>-<seq>``         ``hosp/procedures_icd``      ``hadm_id``, ``seq_num``
``rx-<pharmacy_id>-<n>``      ``hosp/prescriptions``       ``pharmacy_id``
``emar-<emar_id>``            ``hosp/emar``                ``emar_id``
``icu-ma-<stay>-<order>-<n>`` ``icu/inputevents``          ``stay_id``, ``orderid``
``icu-proc-<stay>-<ord>-<n>`` ``icu/procedureevents``      ``stay_id``, ``orderid``
``omr-<sid>-<yyyymmdd>-<seq>-<n>`` ``hosp/omr``            ``subject_id``, ``chartdate``, ``seq_num``
``ce-<stay>-<item>-<t12>-<n>`` ``icu/chartevents``         ``stay_id``, ``itemid``, ``charttime``
``<hadm_id>`` (Encounter)     ``hosp/admissions``          ``hadm_id``
``icu-<stay_id>`` (Encounter) ``icu/icustays``             ``stay_id``
``ed-<hadm_id>`` (Encounter)  ``hosp/admissions``          ``hadm_id`` (its ``edregtime``)
``<subject_id>`` (Patient)    ``hosp/patients``            ``subject_id``
============================  ===========================  ======================================

A trailing ``-<n>`` is the converter's occurrence counter for rows without a unique key
(:class:`.convert.IdCounter`); it is not a column, so the key may match several rows.
The OMR id spells its ``chartdate`` as ``yyyymmdd``; the key gives it back as the table
writes it (``yyyy-mm-dd``); a chart event's id spells its ``charttime`` to the minute
(``yyyymmddhhmm``), the key gives ``yyyy-mm-dd hh:mm`` (compare the first 16 characters of
the cell). Ids of other shapes (notes, other sources) have no row key here.
"""

from __future__ import annotations

import re

#: (resource type, id pattern, table, key columns in the pattern's group order)
_PATTERNS: tuple[tuple[str, re.Pattern[str], str, tuple[str, ...]], ...] = (
    ("Observation", re.compile(r"^lab-(\d+)$"), "hosp/labevents", ("labevent_id",)),
    (
        "Observation",
        re.compile(r"^micro-(\d+)-(\d+)-(\d+)-(\d+)$"),
        "hosp/microbiologyevents",
        ("micro_specimen_id", "test_itemid", "org_itemid", "isolate_num"),
    ),
    (
        "Condition",
        re.compile(r"^dx-(\d+)-(\d+)$"),
        "hosp/diagnoses_icd",
        ("hadm_id", "seq_num"),
    ),
    (
        "AllergyIntolerance",
        re.compile(r"^allergy-dx-(\d+)-(\d+)$"),
        "hosp/diagnoses_icd",
        ("hadm_id", "seq_num"),
    ),
    (
        "AllergyIntolerance",
        re.compile(r"^allergy-(\d+-DS-\d+)-\d+$"),
        "note/discharge",
        ("note_id",),
    ),
    (
        "Procedure",
        re.compile(r"^proc-(\d+)-(\d+)$"),
        "hosp/procedures_icd",
        ("hadm_id", "seq_num"),
    ),
    (
        "MedicationRequest",
        re.compile(r"^rx-(\d+)-\d+$"),
        "hosp/prescriptions",
        ("pharmacy_id",),
    ),
    ("MedicationAdministration", re.compile(r"^emar-(.+)$"), "hosp/emar", ("emar_id",)),
    (
        "MedicationAdministration",
        re.compile(r"^icu-ma-(\d+)-(\d+)-\d+$"),
        "icu/inputevents",
        ("stay_id", "orderid"),
    ),
    (
        "Procedure",
        re.compile(r"^icu-proc-(\d+)-(\d+)-\d+$"),
        "icu/procedureevents",
        ("stay_id", "orderid"),
    ),
    (
        "Observation",
        re.compile(r"^omr-(\d+)-(\d{4})(\d{2})(\d{2})-(\d+)-\d+$"),
        "hosp/omr",
        ("subject_id", "chartdate", "seq_num"),
    ),
    (
        "Observation",
        re.compile(r"^ce-(\d+)-(\d+)-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})-\d+$"),
        "icu/chartevents",
        ("stay_id", "itemid", "charttime"),
    ),
    ("Encounter", re.compile(r"^(\d+)$"), "hosp/admissions", ("hadm_id",)),
    ("Encounter", re.compile(r"^icu-(\d+)$"), "icu/icustays", ("stay_id",)),
    ("Encounter", re.compile(r"^ed-(\d+)$"), "hosp/admissions", ("hadm_id",)),
    ("Patient", re.compile(r"^(\d+)$"), "hosp/patients", ("subject_id",)),
)


def row_key(resource_type: str, resource_id: str) -> tuple[str, dict[str, str]] | None:
    """The raw table and key columns of a converted MIMIC-IV resource, or ``None``.

    ``("hosp/labevents", {"labevent_id": "123"})`` for ``Observation/lab-123``; ``None``
    for ids the converter does not derive from a row key (see the module table).
    """
    for rtype, pattern, table, columns in _PATTERNS:
        if rtype != resource_type:
            continue
        m = pattern.match(resource_id)
        if m is None:
            continue
        groups = list(m.groups())
        if table == "hosp/omr":  # yyyy, mm, dd -> yyyy-mm-dd
            groups = [groups[0], "-".join(groups[1:4]), groups[4]]
        elif table == "icu/chartevents":  # -> yyyy-mm-dd hh:mm
            y, mo, d, h, mi = groups[2:]
            groups = [groups[0], groups[1], f"{y}-{mo}-{d} {h}:{mi}"]
        return table, dict(zip(columns, groups, strict=True))
    return None
