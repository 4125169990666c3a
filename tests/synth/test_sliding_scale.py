"""Sliding-scale insulin follows the glucose (issue #23): the synthetic eMAR gave a fixed
2-6 units at every slot, 127 doses at a glucose below 70 mg/dL in 300 patients; a real
correction scale gives none below its threshold ("Not Given per Sliding Scale", as the
MIMIC-IV demo charts it) and more units as the glucose rises."""

from __future__ import annotations

from bisect import bisect_right
from datetime import datetime
from pathlib import Path

import pyarrow.csv as pacsv
import pytest

from physassist_env.synth import generate_hospital, meds

GLUCOSE = 50931


@pytest.fixture(scope="module")
def hospital(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("synth_sliding_scale")
    generate_hospital(out, 150, seed=5, progress=False)
    return out


def _rows(root: Path, table: str) -> list[dict]:
    opts = pacsv.ParseOptions(newlines_in_values=True)
    return pacsv.read_csv(root / f"{table}.csv.gz", parse_options=opts).to_pylist()


def _when(v: object) -> datetime:
    return v if isinstance(v, datetime) else datetime.fromisoformat(str(v))


def test_correction_units_follow_the_scale() -> None:
    assert meds.correction_units(64) == 0
    assert meds.correction_units(150) == 0
    assert meds.correction_units(151) == 2
    assert meds.correction_units(240) == 4
    assert meds.correction_units(320) == 8
    assert meds.correction_units(420) == meds.SCALE_ABOVE


def test_sliding_scale_doses_follow_the_glucose_before_them(hospital: Path) -> None:
    glucose: dict[int, list[tuple[datetime, float]]] = {}
    for r in _rows(hospital, "hosp/labevents"):
        if r["itemid"] == GLUCOSE and r["valuenum"] is not None:
            glucose.setdefault(r["subject_id"], []).append(
                (_when(r["charttime"]), float(r["valuenum"]))
            )
    for series in glucose.values():
        series.sort()
    given = {r["emar_id"]: r["dose_given"] for r in _rows(hospital, "hosp/emar_detail")}
    events: dict[str, int] = {}
    low_given, rising = 0, []
    for r in _rows(hospital, "hosp/emar"):
        if "sliding scale" not in str(r["medication"]):
            continue
        events[r["event_txt"]] = events.get(r["event_txt"], 0) + 1
        series = glucose.get(r["subject_id"], [])
        i = bisect_right([t for t, _v in series], _when(r["charttime"])) - 1
        if i < 0:
            continue
        value = series[i][1]
        if r["event_txt"] == "Administered":
            # the bedside reading may differ from the laboratory's by ~12%, not by half
            low_given += value < 100
            rising.append((value, float(given[r["emar_id"]])))
        elif r["event_txt"] == "Not Given per Sliding Scale":
            assert given[r["emar_id"]] is None
            assert value < 250, (r["emar_id"], value)
    assert events.get("Not Given per Sliding Scale", 0) > 0, events
    assert low_given == 0
    # more insulin for a higher glucose
    low = [u for v, u in rising if v < 180]
    high = [u for v, u in rising if v >= 210]
    assert low and high and sum(high) / len(high) > sum(low) / len(low)
