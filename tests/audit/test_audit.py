"""``physassist audit``: the gold re-checked against the raw rows, and tampering caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from physassist_env.audit import audit
from physassist_env.cli.main import main
from physassist_env.scenarios.model import Session


def _tamper(session: Session, kind: str, change: dict) -> Session:
    """A copy of ``session`` whose first ``kind`` item's first evidence row is changed."""
    turns = []
    done = False
    for t in session.turns:
        rubric = []
        for it in t.rubric:
            p = it.provenance
            if not done and it.check.kind == kind and p and p.basis == "record":
                ev = [p.evidence[0].model_copy(update=change), *p.evidence[1:]]
                it = it.model_copy(
                    update={"provenance": p.model_copy(update={"evidence": ev})}
                )
                done = True
            rubric.append(it)
        turns.append(t.model_copy(update={"rubric": rubric}))
    assert done, f"no {kind} item to tamper with"
    return session.model_copy(update={"turns": turns})


def _with(sessions: list[Session], kind: str) -> Session:
    return next(
        s
        for s in sessions
        if any(
            it.check.kind == kind and it.provenance and it.provenance.basis == "record"
            for t in s.turns
            for it in t.rubric
        )
    )


def test_clean_build_has_no_contradiction(synthetic_generated, synthetic_hospital):
    sessions = list(synthetic_generated.sessions)
    report = audit(sessions, synthetic_hospital)
    assert report.contradicted == 0, report.examples
    assert report.verified >= 0.9 * (report.claims - report.patient), report.to_dict()


@pytest.mark.parametrize(
    ("kind", "change", "why"),
    [
        ("value", {"value": 9999.0}, "value"),
        ("value", {"unit": "furlongs"}, "unit"),
        ("trend", {"value": -1.0}, "value"),
        ("mention", {"text": "Not A Real Code"}, "names"),
    ],
)
def test_tampered_claim_is_contradicted(
    synthetic_generated, synthetic_hospital, kind, change, why
):
    session = _tamper(_with(list(synthetic_generated.sessions), kind), kind, change)
    report = audit([session], synthetic_hospital)
    assert report.contradicted >= 1, report.to_dict()
    assert any(why in x for x in report.examples["contradicted"]), report.examples


def test_claim_dated_after_the_session_is_contradicted(
    synthetic_generated, synthetic_hospital
):
    session = _with(list(synthetic_generated.sessions), "value")
    early = session.model_copy(update={"current_date": "1900-01-01"})
    report = audit([early], synthetic_hospital)
    assert report.contradicted >= 1
    assert any("after the session date" in x for x in report.examples["contradicted"])


def test_cli_audits_a_build_and_fails_on_the_wrong_source(
    built_dataset: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    from physassist_env.synth import generate_hospital

    args = ["audit", "--dataset", str(built_dataset), "--source", "synthetic"]
    assert main([*args, "--json"]) == 0  # the hospital regenerated from the manifest
    report = json.loads(capsys.readouterr().out)
    assert report["contradicted"] == 0 and report["verified"] > 100
    other = tmp_path / "other"
    generate_hospital(other, 40, 1, progress=False)  # another seed: other rows
    assert main([*args, "--path", str(other)]) == 1
    out = capsys.readouterr().out
    assert "contradicted" in out and "examples (contradicted)" in out
    assert main([*args[:-2], "--source", "mimic-iv", "--path", str(other)]) == 2
    assert "built from synthetic, not mimic-iv" in capsys.readouterr().err


def test_flags_read_against_the_stated_range():
    from physassist_env.audit.verify import _flag_problems
    from physassist_env.scenarios.model import Evidence

    e = Evidence(resource="Observation/lab-1")
    row = {"valuenum": "2.2", "ref_range_lower": "0.9", "ref_range_upper": "1.1"}
    assert _flag_problems(e, row, "high") == []
    assert _flag_problems(e, row, "normal")  # against the laboratory range
    therapeutic = "Identifies the INR as within the therapeutic range"
    assert _flag_problems(e, row, "normal", therapeutic) == []
    high = {**row, "valuenum": "3.6"}
    assert _flag_problems(e, high, "normal", therapeutic)
    low = {**row, "valuenum": "1.1"}
    assert _flag_problems(e, low, "low", "Identifies the INR as subtherapeutic") == []
    assert _flag_problems(e, low, "low")  # 1.1 is not low against 0.9-1.1
