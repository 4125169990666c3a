"""A vasopressor is an ICU drug whose order and infusion agree (issue #23, lead round 7).

Before (300 patients, seed 7): norepinephrine orders ran a median of 11 days, 3 of 13 in
admissions with no ICU stay, while the ICU charted a 12-36 h infusion of its own (and one for
any systolic pressure < 88 with no order at all).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pyarrow.csv as pacsv
import pytest

from physassist_env.synth.icu import ICU_DOSES

NOREPINEPHRINE_ITEM = 221906


@pytest.fixture(scope="module")
def hospital(generated_hospital: Callable[[int, int], Path]) -> Path:
    return generated_hospital(300, 7)  # shared with the other 300-patient seed-7 tests


def _rows(root: Path, table: str) -> list[dict]:
    return pacsv.read_csv(root / f"{table}.csv.gz").to_pylist()


def _t(v: object) -> datetime:
    return v if isinstance(v, datetime) else datetime.fromisoformat(str(v))


def test_norepinephrine_only_in_icu_and_for_hours(hospital: Path) -> None:
    icu = {r["hadm_id"] for r in _rows(hospital, "icu/icustays")}
    ne = [
        r
        for r in _rows(hospital, "hosp/prescriptions")
        if "Norepinephrine" in r["drug"] and r["drug_type"] == "MAIN"
    ]
    assert ne
    assert {r["hadm_id"] for r in ne} <= icu
    hours = [
        (_t(r["stoptime"]) - _t(r["starttime"])).total_seconds() / 3600 for r in ne
    ]
    assert max(hours) <= 40


def test_icu_infusion_follows_the_order(hospital: Path) -> None:
    ordered = {
        r["hadm_id"]: _t(r["stoptime"])
        for r in _rows(hospital, "hosp/prescriptions")
        if "Norepinephrine" in r["drug"] and r["drug_type"] == "MAIN"
    }
    infused = [
        r
        for r in _rows(hospital, "icu/inputevents")
        if r["itemid"] == NOREPINEPHRINE_ITEM
    ]
    assert infused
    for r in infused:
        assert r["hadm_id"] in ordered  # no infusion without an order
        assert _t(r["endtime"]) <= ordered[r["hadm_id"]]


def test_icu_doses_are_the_ward_records_doses(hospital: Path) -> None:
    """Every IV antibiotic, push, additive and subcutaneous dose the ICU charts is a dose the
    eMAR charts as given at the same minute (one source of truth; before, vancomycin and heparin
    prophylaxis were charted on a schedule of their own and nothing else was)."""
    items = {v[0] for v in ICU_DOSES.values()}
    emar = {
        (r["hadm_id"], _t(r["charttime"]))
        for r in _rows(hospital, "hosp/emar")
        if r["event_txt"] == "Administered"
    }
    doses = [
        r
        for r in _rows(hospital, "icu/inputevents")
        if r["itemid"] in items and r["ordercategoryname"] != "01-Drips"
    ]
    assert len(doses) > 100
    assert all((r["hadm_id"], _t(r["starttime"])) in emar for r in doses)
    oral = [r for r in _rows(hospital, "icu/inputevents") if r["itemid"] == 226452]
    assert oral  # oral intake of patients not ventilated
