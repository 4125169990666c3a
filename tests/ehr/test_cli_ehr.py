"""`physassist ehr`: one tool call from the shell, on a FHIR export and on the MIMIC-IV demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ehr_fixtures import make_record

from physassist_env.cli.main import main


@pytest.fixture()
def export(tmp_path: Path) -> Path:
    path = tmp_path / "export.ndjson"
    path.write_text("\n".join(json.dumps(r) for r in make_record().resources) + "\n")
    return path


def test_text_json_and_exit_codes(export, capsys):
    base = ["ehr", "--source", "fhir", "--path", str(export), "--patient", "p1"]
    assert (
        main(
            [
                *base,
                "Observation.search",
                '{"code": "potassium", "_count": 2}',
                "--date",
                "2180-01-04",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        out.startswith("Observation: 4 result(s), showing 2") and "5.8 mEq/L (H)" in out
    )
    assert main([*base, "Condition.search", "--json"]) == 0
    bundle = json.loads(capsys.readouterr().out)
    assert bundle["resourceType"] == "Bundle" and bundle["total"] == 2
    # the tool answers with an OperationOutcome: exit 1, printed as the result
    assert main([*base, "Encounter.search", '{"hadm_id": "nope"}', "--json"]) == 1
    outcome = json.loads(capsys.readouterr().out)
    assert (
        outcome["resourceType"] == "OperationOutcome"
        and "no such admission" in outcome["issue"][0]["diagnostics"]
    )
    # a wrong command line: exit 2, one 'physassist ehr:' line on stderr, nothing on stdout
    for wrong, said in [
        (["Observation.search", '{"colour": 1}'], "has no argument 'colour'"),
        (["Observation.serch"], "unknown tool 'Observation.serch'"),
        (["Observation.search", "{code: 1"], "arguments cannot be read"),
        (["Observation.search", "--date", "yesterday"], "--date='yesterday' is not"),
    ]:
        assert main([*base, *wrong, "--json"]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith("physassist ehr: ") and said in captured.err
        assert captured.err.count("\n") == 1
    assert (
        main(["ehr", "--source", "fhir", "--path", str(export), "--list-patients"]) == 0
    )
    assert capsys.readouterr().out.split() == ["p1"]


def test_command_line_is_checked_before_the_source_is_opened(tmp_path, capsys):
    """A typo'd tool or bad JSON is said at once, even when the source does not exist."""
    base = ["ehr", "--source", "fhir", "--path", str(tmp_path / "missing")]
    assert main([*base, "--patient", "p1", "Observation.serch"]) == 2
    assert "unknown tool 'Observation.serch'" in capsys.readouterr().err
    assert main([*base, "--patient", "p1", "Observation.search", "[1, 2]"]) == 2
    assert "must be a JSON object" in capsys.readouterr().err
    assert main([*base, "Observation.search"]) == 2
    assert "--patient and TOOL are required" in capsys.readouterr().err
    for day in ("2180-13-01", "2180-02-30"):  # the shape of a date, not on the calendar
        assert main([*base, "--patient", "p1", "--date", day, "Patient.read"]) == 2
        assert f"--date={day!r} is not a date" in capsys.readouterr().err


def test_unknown_patient_and_missing_path(export, tmp_path, capsys):
    assert (
        main(
            [
                "ehr",
                "--source",
                "fhir",
                "--path",
                str(export),
                "--patient",
                "nobody",
                "Patient.read",
            ]
        )
        == 2
    )
    assert "nobody" in capsys.readouterr().err
    assert (
        main(
            [
                "ehr",
                "--source",
                "mimic-iv",
                "--path",
                str(tmp_path / "missing"),
                "--patient",
                "1",
                "Patient.read",
            ]
        )
        == 2
    )


def test_mimic_demo_patient(mimic_demo_path, capsys):
    args = [
        "ehr",
        "--source",
        "mimic-iv",
        "--path",
        str(mimic_demo_path),
        "--patient",
        "10000032",
    ]
    assert (
        main(
            [
                *args,
                "Observation.search",
                '{"code": "potassium", "_count": 3}',
                "--date",
                "2180-07-01",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        out.startswith("Observation:") and out.count("\n- ") == 3 and "Potassium" in out
    )
