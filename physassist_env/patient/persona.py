"""Draw a :class:`Persona` from a record and a seeded numpy Generator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from physassist_env.fhir import PatientRecord
from physassist_env.patient.models import (
    Adherence,
    Anxiety,
    Completeness,
    Literacy,
    Persona,
)

_ADHERENCE_P = {
    Adherence.GOOD: 0.6,
    Adherence.POOR: 0.14,
    Adherence.RAN_OUT: 0.08,
    Adherence.NEVER_FILLED: 0.05,
    Adherence.SELF_DISCONTINUED: 0.08,
    Adherence.UNKNOWN: 0.05,
}


def record_age(record: PatientRecord) -> int | None:
    """Age in years: MIMIC ``anchor_age`` when present, else from birth date to the last encounter."""
    if record.meta.get("anchor_age") is not None:
        try:
            return int(record.meta["anchor_age"])
        except (TypeError, ValueError):
            pass
    try:
        birth = record.patient.get("birthDate")
    except ValueError:
        return None
    starts = [
        str((e.get("period") or {}).get("start", ""))[:4]
        for e in record.of_type("Encounter")
    ]
    years = [int(y) for y in starts if y.isdigit()]
    if not birth or not years:
        return None
    return max(years) - int(str(birth)[:4])


def draw_persona(
    record: PatientRecord,
    rng: np.random.Generator,
    drugs: list[str],
    known_adherence: dict[str, Adherence] | None = None,
    n_conditions: int = 0,
    overrides: dict[str, Any] | None = None,
    seed: int | None = None,
    *,
    streams: Callable[[str], np.random.Generator] | None = None,
    trait_age: int | None = None,
) -> Persona:
    """Draw a persona; the draws happen in a fixed order so a seed always gives the same persona.

    Args:
        record: The patient's record (age and sex are read from it).
        rng: The only source of randomness.
        drugs: Drug keys the patient takes at home (one adherence draw each, in order).
        known_adherence: Adherence stated by the record's notes; never overridden by a draw.
        n_conditions: Number of known diagnoses (more conditions, more anxiety).
        overrides: Persona fields to force (e.g. ``{"literacy": "low"}``), applied last.
        seed: Recorded in the persona for reproducibility.
        streams: One generator per trait (``"literacy"``, ``"anxiety"``,
            ``"completeness"``, ``"self_diagnosis"``, ``"adherence:<drug>"``) instead of
            ``rng`` in sequence, so a trait does not change when the drug list does: the
            same patient on another date is the same person.
        trait_age: The age that sets the literacy distribution (default: the record's).

    Returns:
        The persona.
    """
    age = record_age(record)
    try:
        sex = record.patient.get("gender")
    except ValueError:
        sex = None
    draw = streams or (lambda _key: rng)
    lit_age = trait_age if trait_age is not None else age
    lit_p = np.array([0.3, 0.45, 0.25])
    if lit_age is not None and lit_age >= 75:
        lit_p = np.array([0.15, 0.45, 0.4])
    literacy = list(Literacy)[int(draw("literacy").choice(3, p=lit_p))]
    anx_p = (
        np.array([0.4, 0.4, 0.2]) if n_conditions < 4 else np.array([0.2, 0.45, 0.35])
    )
    anxiety = list(Anxiety)[int(draw("anxiety").choice(3, p=anx_p))]
    completeness = list(Completeness)[
        int(draw("completeness").choice(3, p=[0.4, 0.3, 0.3]))
    ]
    self_dx = round(float(draw("self_diagnosis").uniform(0.0, 1.0)), 2)
    keys = list(_ADHERENCE_P)
    probs = np.array(list(_ADHERENCE_P.values()))
    probs = probs / probs.sum()
    adherence: dict[str, Adherence] = {}
    for drug in drugs:
        drawn = keys[int(draw(f"adherence:{drug}").choice(len(keys), p=probs))]
        adherence[drug] = (known_adherence or {}).get(drug, drawn)
    data: dict[str, Any] = {
        "literacy": literacy,
        "anxiety": anxiety,
        "completeness": completeness,
        "self_diagnosis": self_dx,
        "adherence": adherence,
        "age": age,
        "sex": sex,
        "seed": seed,
    }
    for key, value in (overrides or {}).items():
        if key not in Persona.model_fields:
            raise ValueError(
                f"unknown persona field {key!r}; use one of {', '.join(Persona.model_fields)}"
            )
        if key == "adherence":
            data["adherence"] = {
                **adherence,
                **{k: Adherence(v) for k, v in value.items()},
            }
        else:
            data[key] = value
    return Persona.model_validate(data)
