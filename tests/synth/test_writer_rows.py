"""The CSV writer's list fast path (eMAR, labevents, ICU chart rows) writes the same bytes as
the dict path it replaced."""

from __future__ import annotations

import csv
import gzip
import io
from pathlib import Path

import numpy as np
import pytest

from physassist_env.synth.labevents import LAB_COLUMNS
from physassist_env.synth.writer import TableWriter, csv_text


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


def _csv_module(rows: list[list]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def test_joined_rows_are_what_the_csv_module_writes() -> None:
    """``csv_text`` joins fields in Python; on fields that need quoting (commas, quotes,
    newlines, carriage returns), ``None``, floats, booleans and one-field rows it must give
    the csv module's bytes."""
    tricky = [
        ["a,b", 'say "hi"', "line\nbreak", "cr\rhere", None, 1.5, 4, True],
        ["plain", 0.1 + 0.2, -0.0, 1e-07, 12345678901234567890, "", None, "x"],
        ["", ""],
        [None, None, None],
        ['"', ",", "\n"],
        ["ok", "fine"],
    ]
    clean = [["x", 1, None, 2.25, "2150-01-01 05:00:00"]] * 3
    for rows in (tricky, clean, clean + tricky, [[""]], [[None], ["a", "b"]]):
        assert csv_text(rows) == _csv_module(rows), rows
    assert csv_text(clean) == "x,1,,2.25,2150-01-01 05:00:00\n" * 3
    # a float subclass is written by its ``str``, as csv does, with or without a None
    # in the batch (the writer once wrote its ``repr`` in a batch holding a None)
    odd = [["x", np.float64(0.5), 2], ["y", np.float64(1.5), 3]]
    for rows in (odd, [*odd, ["z", None, 4]], [*odd, ["w", "v"]]):
        assert csv_text(rows) == _csv_module(rows), rows


def test_generated_rows_are_written_as_the_csv_module_writes_them() -> None:
    """Every table of a few generated patients: the writer's text equals the csv module's
    (so no row the generator builds, e.g. a numpy scalar, is written differently)."""
    import numpy as np

    from physassist_env.synth.patient import Ids, PatientGenerator
    from physassist_env.synth.writer import COLUMNS

    ids = Ids()
    for i in range(6):
        rows, _ = PatientGenerator(
            np.random.default_rng([0, i]), 90000001 + i, ids
        ).generate()
        for table, table_rows in rows.items():
            if not table_rows or table_rows[0].__class__ is list:
                as_lists = table_rows
            else:
                as_lists = [[r.get(c) for c in COLUMNS[table]] for r in table_rows]
                as_lists = [
                    [int(v) if type(v) is float and v.is_integer() else v for v in r]
                    for r in as_lists
                ]
            if as_lists:
                # a ``joined`` cell (eMAR detail) stands for several fields: the csv
                # module gets them split, the writer the row as built
                width = len(COLUMNS[table])
                fields = [
                    [
                        f
                        for v in r
                        for f in (
                            v.split(",") if len(r) < width and type(v) is str else [v]
                        )
                    ]
                    for r in as_lists
                ]
                assert all(len(r) == width for r in fields), table
                assert csv_text(as_lists, width) == _csv_module(fields), table
                assert csv_text(fields) == _csv_module(fields), table


def test_valuenum_text_is_what_csv_writes_for_the_rounded_value() -> None:
    """labevents write ``valuenum`` from the formatted value (no float ``repr``): for values
    rounded to 0-4 places the text equals ``str`` of the int or float csv would get."""
    import random

    from physassist_env.synth.labevents import valuenum_text

    rnd = random.Random(7)
    for _ in range(20000):
        decimals = rnd.randint(0, 4)
        raw = rnd.choice(
            (rnd.uniform(0, 10), rnd.uniform(-50, 2000), rnd.uniform(0, 1e6))
        )
        value = float(round(raw, decimals)) if decimals else float(round(raw))
        expected = str(int(value)) if value.is_integer() else str(value)
        assert valuenum_text(value, decimals) == expected, (raw, decimals)


def test_joined_cells_stand_for_their_fields_and_never_need_quoting() -> None:
    """``joined`` returns one cell for plain fields (the row is then written as if it held
    them) and the fields themselves when one needs quoting; a row holding a joined cell
    whose other fields need quoting raises instead of writing a quoted cell."""
    from physassist_env.synth.writer import joined

    plain = ["1.1", None, 50000001, "", 2.5, "mg", "PO"]
    cell = joined(plain)
    assert cell == ["1.1,,50000001,,2.5,mg,PO"]
    row, full = ["a", 7, *cell], ["a", 7, *plain]
    assert csv_text([row, row], 9) == _csv_module([full, full])
    assert joined(["x", "8,14,20"]) == ["x", "8,14,20"]
    assert joined(['say "hi"', "y"]) == ['say "hi"', "y"]
    with pytest.raises(ValueError, match="joined cell"):
        csv_text([["a,b", 7, *cell]], 9)


def _written(tmp_path: Path, name: str, batches: list[list], columns: tuple) -> bytes:
    w = TableWriter(tmp_path, f"{name}.csv.gz", columns)
    for rows in batches:
        w.write(rows)
    assert w.rows == sum(map(len, batches))
    w.close()
    return gzip.decompress((tmp_path / f"{name}.csv.gz").read_bytes())


def test_held_batches_write_the_rows_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer holds rows across calls (``BATCH_ROWS``) and joins them column by
    column: any batch size, dict and list rows mixed in one table, other mappings, None,
    floats and fields that need quoting give the csv module's bytes, rows in call order."""
    from types import MappingProxyType

    from physassist_env.synth import writer

    cols = ("a", "b", "c", "d")
    batches = [
        [{"a": 1, "b": 2.0, "c": None}, {"a": 1, "b": 2.5, "d": "x,y"}],
        [[1, "p", 3, ""], [1, "q", 4, "z"]],
        [MappingProxyType({"a": 9, "c": 'say "hi"'}), {"a": 1, "b": -0.0, "d": "ok"}],
        [[2, "r", None, 1.5]] * 5,
        [{"a": i, "b": "w", "c": i % 2, "d": ""} for i in range(11)],
    ]
    fields = []
    for rows in batches:
        for r in rows:
            if r.__class__ is list:
                fields.append(r)
            else:
                v = [r.get(c) for c in cols]
                fields.append(
                    [int(x) if type(x) is float and x.is_integer() else x for x in v]
                )
    expected = _csv_module([list(cols), *fields]).encode()
    for size in (1, 3, 7, 4096):
        monkeypatch.setattr(writer, "BATCH_ROWS", size)
        assert _written(tmp_path, f"b{size}", batches, cols) == expected, size
