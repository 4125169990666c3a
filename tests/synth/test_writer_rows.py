"""The CSV writer's list fast path (eMAR, labevents, ICU chart rows) writes the same bytes as
the dict path it replaced."""

from __future__ import annotations

import gzip
from pathlib import Path

from physassist_env.synth.labevents import LAB_COLUMNS
from physassist_env.synth.writer import TableWriter


def test_list_rows_write_the_same_bytes_as_dict_rows(tmp_path: Path) -> None:
    row = {
        "labevent_id": 1,
        "subject_id": 90000001,
        "hadm_id": 80000001,
        "specimen_id": 7,
        "itemid": 50971,
        "charttime": "2150-01-01 05:00:00",
        "storetime": "2150-01-01 06:10:00",
        "value": "4.0",
        "valuenum": 4.0,
        "valueuom": "mEq/L",
        "ref_range_lower": 3.5,
        "ref_range_upper": 5.1,
        "flag": None,
        "priority": "ROUTINE",
    }
    as_list = [row.get(c) for c in LAB_COLUMNS]
    as_list[LAB_COLUMNS.index("valuenum")] = (
        4  # the builder writes integral floats as ints
    )
    out = {}
    for name, rows in (("dict", [row, row]), ("list", [as_list, as_list])):
        w = TableWriter(tmp_path, f"{name}.csv.gz", LAB_COLUMNS)
        w.write(rows)
        w.close()
        assert w.rows == 2
        out[name] = gzip.decompress((tmp_path / f"{name}.csv.gz").read_bytes())
    assert out["dict"] == out["list"]
    assert b",4,mEq/L,3.5,5.1,,ROUTINE," in out["list"]
