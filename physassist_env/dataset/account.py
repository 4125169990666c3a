"""Why a source gave no session: per-patient counts and the first unmet requirement.

:class:`DataAccount` watches the records a build reads (:meth:`DataAccount.watch` wraps
the record stream, keeping only counts) so that a build which finds no qualifying
patient can say why: per patient, the resources by type and the first requirement of
the session planner its record does not meet, and overall the most common cause with
its numbers ("0 laboratory Observations in 3 files").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.features import encounter_class
from physassist_env.scenarios.planner import DISCHARGE_CLASSES

#: Requirements of the session planner, in the order they are checked: (key, wording).
#: Labs are not required: a record without them supports discharge planning from an
#: inpatient or emergency encounter (``scenarios.planner.focus_for``).
REQUIREMENTS = (
    ("admission", "an admission (an Encounter with period.start and no partOf)"),
    (
        "orders_or_diagnoses",
        "medication orders, administrations or diagnoses (MedicationRequest, "
        "MedicationAdministration or Condition)",
    ),
    (
        "labs_or_discharge",
        "laboratory results dated during an encounter (medication safety, diagnostic "
        "work-up, treatment response) or an encounter the patient is discharged from "
        "(class IMP, ACUTE, NONAC, EMER, OBSENC or SS: discharge planning)",
    ),
)
_SHOWN_PATIENTS = 10


def _is_lab(obs: dict[str, Any]) -> bool:
    for cat in obs.get("category") or []:
        for coding in (cat or {}).get("coding") or [] if isinstance(cat, dict) else []:
            if isinstance(coding, dict) and coding.get("code") == "laboratory":
                return True
    return False


def _obs_day(obs: dict[str, Any]) -> str:
    when = obs.get("effectiveDateTime") or (obs.get("effectivePeriod") or {}).get(
        "start"
    )
    return str(when or obs.get("issued") or "")[:10]


@dataclass
class PatientAccount:
    """One patient's counts and first unmet requirement (None: all met)."""

    patient_id: str
    counts: dict[str, int]
    labs: int
    labs_in_admission: int
    unmet: str | None


def account_of(record: PatientRecord) -> PatientAccount:
    """Count a record's resources and find the first planner requirement it misses."""
    counts = record.counts()
    spans = [
        (
            str(e["period"]["start"])[:10],
            str(e["period"].get("end") or e["period"]["start"])[:10],
        )
        for e in record.of_type("Encounter")
        if not e.get("partOf") and (e.get("period") or {}).get("start")
    ]
    discharge = any(
        encounter_class(e) in DISCHARGE_CLASSES
        for e in record.of_type("Encounter")
        if not e.get("partOf") and (e.get("period") or {}).get("start")
    )
    labs = [o for o in record.of_type("Observation") if _is_lab(o)]
    in_adm = sum(
        1 for o in labs if any(a <= _obs_day(o) <= b for a, b in spans if _obs_day(o))
    )
    met = {
        "admission": bool(spans),
        "orders_or_diagnoses": any(
            counts.get(t)
            for t in ("MedicationRequest", "MedicationAdministration", "Condition")
        ),
        "labs_or_discharge": in_adm > 0 or discharge,
    }
    unmet = next((text for key, text in REQUIREMENTS if not met[key]), None)
    return PatientAccount(record.patient_id, counts, len(labs), in_adm, unmet)


@dataclass
class DataAccount:
    """Counts over every record a build read, to explain an empty build.

    Attributes:
        patients: Accounts of the first patients read (at most ``keep``).
        n_patients: Patients read.
        totals: Resources per type over all patients.
        labs: Laboratory Observations over all patients.
        labs_in_admission: Those dated during an admission.
        unmet: Patients per first unmet requirement.
        keep: How many per-patient accounts are kept for the message.
    """

    patients: list[PatientAccount] = field(default_factory=list)
    n_patients: int = 0
    totals: Counter[str] = field(default_factory=Counter)
    labs: int = 0
    labs_in_admission: int = 0
    unmet: Counter[str] = field(default_factory=Counter)
    keep: int = _SHOWN_PATIENTS

    def watch(self, records: Iterable[PatientRecord]) -> Iterator[PatientRecord]:
        """Yield ``records`` unchanged, counting each one."""
        for record in records:
            acc = account_of(record)
            self.n_patients += 1
            self.totals.update(acc.counts)
            self.labs += acc.labs
            self.labs_in_admission += acc.labs_in_admission
            self.unmet[acc.unmet or "none"] += 1
            if len(self.patients) < self.keep:
                self.patients.append(acc)
            yield record

    def merge(self, other: DataAccount) -> None:
        """Add the counts of ``other`` (records read after this one's, e.g. by a worker)."""
        self.n_patients += other.n_patients
        self.totals.update(other.totals)
        self.labs += other.labs
        self.labs_in_admission += other.labs_in_admission
        self.unmet.update(other.unmet)
        self.patients.extend(other.patients[: max(0, self.keep - len(self.patients))])

    def reason(self, where: str) -> str:
        """The overall cause in one line, e.g. ``0 laboratory Observations in 3 files``.

        Args:
            where: What was read, e.g. ``"3 files"`` or ``"the MIMIC-IV tables"``.
        """
        if not self.n_patients:
            return f"no patients in {where}"
        if self.unmet.get(REQUIREMENTS[0][1]) == self.n_patients:
            return (
                f"0 admissions in {where}: {self.totals.get('Encounter', 0)} "
                "Encounters, none with period.start and no partOf"
            )
        labs = (
            f"0 laboratory Observations in {where} "
            f"({self.totals.get('Observation', 0)} Observations of other categories)"
            if not self.labs
            else f"{self.labs} laboratory Observations in {where}"
            + ("" if self.labs_in_admission else ", none dated during an encounter")
        )
        top, n = max(
            ((k, v) for k, v in self.unmet.items() if k != "none"),
            key=lambda kv: kv[1],
            default=("", 0),
        )
        if top:
            return f"{labs}; {n} of {self.n_patients} patients lack {top}"
        return (
            f"{labs}; every patient has the data a scenario needs, but none met a "
            "scenario's checks (e.g. two abnormal labs with a diagnosis, a drug-lab "
            "pair, an antibiotic with repeated WBC, two scheduled active orders at a "
            "discharge)"
        )

    def message(self, where: str) -> str:
        """A multi-line account: the overall reason, then one line per shown patient."""
        lines = [f"reason: {self.reason(where)}"]
        lines.append(
            "resources read: "
            + (", ".join(f"{t} {n}" for t, n in sorted(self.totals.items())) or "none")
        )
        for acc in self.patients:
            counts = ", ".join(f"{t} {n}" for t, n in sorted(acc.counts.items()))
            unmet = acc.unmet or "all data present; no scenario's checks passed"
            lines.append(
                f"  patient {acc.patient_id}: {counts}; "
                f"{acc.labs} lab Observations ({acc.labs_in_admission} during an "
                f"encounter); first unmet: {unmet}"
            )
        more = self.n_patients - len(self.patients)
        if more > 0:
            lines.append(f"  ... and {more} more patient(s)")
        return "\n".join(lines)


__all__ = ["REQUIREMENTS", "DataAccount", "PatientAccount", "account_of"]
