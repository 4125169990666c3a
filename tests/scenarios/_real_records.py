"""Shared fixture code of the physician-reading tests on hand-made MIMIC-IV records
(rounds 8b, 9, 9b, 10; issue #37): the table headers, lab rows with unique ids, the
records of a table set, a topic context at a session date, and the open MIMIC-IV demo
(tests that read it skip without ``../shared/data``). Values are invented, never MIMIC's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import count
from pathlib import Path

import numpy as np
import pytest
from mimic_tables import Tables, hand_made_patient

from physassist_env.ehr.store import FhirStore
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.fhir import PatientRecord
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.vocab.zh_text import untranslated_english

LAB = "labevent_id,subject_id,hadm_id,specimen_id,itemid,charttime,storetime,value,valuenum,valueuom,ref_range_lower,ref_range_upper,flag,priority,comments"
ADM = "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location,edregtime,edouttime"
RX = "subject_id,hadm_id,pharmacy_id,starttime,stoptime,drug_type,drug,ndc,dose_val_rx,dose_unit_rx,doses_per_24_hrs,route"
PHARMACY = (
    "subject_id,hadm_id,pharmacy_id,starttime,stoptime,medication,status,frequency"
)
EMAR = "subject_id,hadm_id,emar_id,emar_seq,poe_id,pharmacy_id,enter_provider_id,charttime,medication,event_txt,scheduletime,storetime"
INPUT = "subject_id,hadm_id,stay_id,caregiver_id,starttime,endtime,storetime,itemid,amount,amountuom,rate,rateuom,orderid,linkorderid,ordercategoryname,secondaryordercategoryname,ordercomponenttypedescription,ordercategorydescription,patientweight,totalamount,totalamountuom,isopenbag,continueinnextdept,statusdescription,originalamount,originalrate"

#: One id counter for every row a test module makes (lab and input-event ids unique).
_IDS = count(1)


def order_tables(orders) -> dict:
    """The ``hosp/prescriptions`` and ``hosp/pharmacy`` tables of hand-made orders, each
    ``(subject, hadm, pharmacy_id, start, stop, drug, dose, unit, route, frequency,
    status)``: one pharmacy row per prescription row, as MIMIC-IV joins them."""
    return {
        "hosp/prescriptions": (
            RX,
            [
                [p, h, i, a, b, "MAIN", d, "0", dose, u, "", r]
                for p, h, i, a, b, d, dose, u, r, _, _ in orders
            ],
        ),
        "hosp/pharmacy": (
            PHARMACY,
            [[p, h, i, a, b, d, st, f] for p, h, i, a, b, d, _, _, _, f, st in orders],
        ),
    }


def next_id() -> int:
    """A fresh row id."""
    return next(_IDS)


def lab(pid, hadm, item, t, v, unit, lo, hi, comment="") -> list:
    """A ``labevents`` row (flagged abnormal outside ``lo``-``hi``)."""
    i = next_id()
    flag = "abnormal" if (v < lo or v > hi) else ""
    return [i, pid, hadm, i, item, t, t, v, v, unit, lo, hi, flag, "ROUTINE", comment]


def cr(pid, hadm, t, v, comment="") -> list:
    """A serum creatinine row (mg/dL, 0.4-1.1)."""
    return lab(pid, hadm, 50912, t, v, "mg/dL", 0.4, 1.1, comment)


def hb(pid, hadm, t, v) -> list:
    """A haemoglobin row (g/dL, 12-16)."""
    return lab(pid, hadm, 51222, t, v, "g/dL", 12.0, 16.0)


def k(pid, hadm, t, v) -> list:
    """A serum potassium row (mEq/L, 3.3-5.1)."""
    return lab(pid, hadm, 50971, t, v, "mEq/L", 3.3, 5.1)


def adm(pid, hadm, start, end, kind="EW EMER.") -> list:
    """An ``admissions`` row from the emergency room, discharged home."""
    return [pid, hadm, start, end, "", kind, "EMERGENCY ROOM", "HOME", "", ""]


def records(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    tables: Tables,
    pids: tuple[str, ...] | list[str],
) -> dict[str, tuple[PatientRecord, FhirStore]]:
    """``pid -> (record, store)`` of the hand-made records of ``tables``."""
    root = tmp_path_factory.mktemp(name)
    out = {}
    for pid in pids:
        _, rec, store = hand_made_patient(root / pid, tables, pid)
        out[pid] = (rec, store)
    return out


def context(rec: PatientRecord, store: FhirStore, hadm: str, day: str) -> TopicContext:
    """The topic context of admission ``hadm`` of ``rec`` at session date ``day``."""
    pid = rec.patient_id
    enc = next(e for e in admissions(rec) if str(e["id"]) == hadm)
    facts = admission_facts(store.view(pid, day), enc)
    return TopicContext(
        facts, EhrToolkit(store.view(pid, day)), np.random.default_rng(0), {}
    )


def real_context(real, pid: str, hadm: str, day: str) -> TopicContext:
    """:func:`context` of patient ``pid`` of a :func:`records` fixture."""
    rec, store = real[pid]
    return context(rec, store, hadm, day)


DEMO = (
    Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "mimic-iv-demo-2.2"
)


def demo_root() -> Path:
    """The MIMIC-IV demo's root, or skip the test without it."""
    for root in (DEMO, Path("/work/shared/data/mimic-iv-demo-2.2")):
        if (root / "hosp" / "labevents.csv.gz").exists():
            return root
    pytest.skip("MIMIC-IV demo not found (../shared/data/mimic-iv-demo-2.2)")


def demo_contexts(tmp_path: Path, sessions: dict[str, tuple[str, str, str]]):
    """A function ``key -> TopicContext`` over the demo's ``(patient, admission,
    session date)`` of ``sessions`` (skips without the demo)."""
    from physassist_env.sources.mimic.source import MimicSource

    source = MimicSource(demo_root(), cache_dir=tmp_path / "cache")
    recs = {
        r.patient_id: r for r in source.records([p for p, _, _ in sessions.values()])
    }

    def ctx(key: str) -> TopicContext:
        pid, hadm, day = sessions[key]
        return context(recs[pid], FhirStore.from_records([recs[pid]]), hadm, day)

    return ctx


@dataclass(frozen=True)
class Stays:
    """The admissions of a test module's hand-made patients: the current stay and an
    earlier one whose discharge ended its orders (the last list). Admission ids are a
    two-digit prefix and the patient id's last two digits; ``day`` is the session date."""

    current: str
    earlier: str = ""
    stay: tuple[str, str] = ("2150-03-01 02:00:00", "2150-03-08 12:00:00")
    prior: tuple[str, str] = ("2150-01-01 10:00:00", "2150-01-05 16:00:00")
    day: str = "2150-03-05"

    def hadm(self, pid: str) -> str:
        """The current admission of ``pid``."""
        return f"{self.current}{pid[-2:]}"

    def earlier_hadm(self, pid: str) -> str:
        """The earlier admission of ``pid``."""
        return f"{self.earlier}{pid[-2:]}"

    def order(
        self, pid, i, start, drug, dose, unit, route, freq, status="Active", end=None
    ) -> tuple:
        """An order of the current stay, for :func:`order_tables` (running to its end)."""
        end = self.stay[1] if end is None else end
        return (
            pid,
            self.hadm(pid),
            i,
            start,
            end,
            drug,
            dose,
            unit,
            route,
            freq,
            status,
        )

    def home(self, pid, i, drug, dose, unit, route, freq) -> tuple:
        """An order of the earlier stay, from its second morning until its discharge
        ended it (the patient's last list)."""
        start = datetime.fromisoformat(self.prior[0]).date() + timedelta(days=1)
        return (pid, self.earlier_hadm(pid), i, f"{start} 08:00:00", self.prior[1], drug,
                dose, unit, route, freq, "Discontinued via patient discharge")  # fmt: skip

    def emar(self, pid, t, drug) -> list:
        """An ``emar`` row: ``drug`` administered at ``t`` in the current stay."""
        i = next_id()
        return [
            pid,
            self.hadm(pid),
            f"{pid}-{i}",
            i,
            "",
            14,
            "",
            t,
            drug,
            "Administered",
            t,
            t,
        ]

    def context(self, real, pid: str, day: str | None = None) -> TopicContext:
        """The topic context of ``pid``'s current stay at ``day`` (the session date)."""
        return real_context(real, pid, self.hadm(pid), day or self.day)


def zh_clean(decision) -> None:
    """Assert the Chinese gold of ``decision`` has no untranslated English."""
    assert not untranslated_english(decision.gold_answer.zh), decision.gold_answer.zh
