"""Sessions without labs: an encounter-based, Synthea-shaped export builds sessions.

The export (``synthea_like``) has encounters of every class, conditions, medication
requests, vital-sign and survey Observations, immunizations, procedures and allergies,
but no laboratory Observation. Sessions must still be built, every gold answer must
score 1.0 (``generate_sessions`` checks it), and no topic that needs labs is asked.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from synthea_like import write_synthea_like

from physassist_env.dataset.coverage import render_coverage, scenario_coverage
from physassist_env.scenarios import topics as topics_pkg
from physassist_env.scenarios.features import (
    RESOURCE_KINDS,
    AdmissionFacts,
    _repeat_text,
)
from physassist_env.scenarios.generate import generate_sessions
from physassist_env.scenarios.model import Scenario, Tier
from physassist_env.scenarios.topics.base import TOPIC_REQUIRES, Draft, requires
from physassist_env.sources.fhir_export import FhirExportSource


@pytest.fixture(scope="module")
def synthea_sessions(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("synthea") / "export"
    write_synthea_like(root, 16, seed=5)
    records = list(FhirExportSource(root).records())
    generated = generate_sessions(
        records, seed=0, test_per_cell=2, source="fhir", progress=False
    )
    return records, generated


def test_sessions_are_built_from_records_without_labs(synthea_sessions) -> None:
    records, generated = synthea_sessions
    assert not any(
        "laboratory" in str(r.get("category"))
        for rec in records
        for r in rec.of_type("Observation")
    )
    assert generated.sessions, "a record without labs gives no session"
    # every scenario is filled: discharge planning as it is, the other three from vitals
    assert {s.scenario for s in generated.sessions} == set(Scenario)
    for s in generated.sessions:
        assert s.tier in (Tier.L1, Tier.L2, Tier.L3)
        assert len(s.turns) == 4
        for turn in s.turns:
            needed = TOPIC_REQUIRES.get(turn.topic, frozenset())
            assert "lab" not in needed, f"{turn.topic} needs labs"
            for action in turn.gold_actions:  # vital signs may be read, labs not
                assert action.arguments.get("category") != "laboratory"


def test_sessions_are_anchored_on_discharge_class_encounters(synthea_sessions) -> None:
    records, generated = synthea_sessions
    classes = {
        e["id"]: e["class"]["code"] for rec in records for e in rec.of_type("Encounter")
    }
    discharge = [
        s for s in generated.sessions if s.scenario == Scenario.DISCHARGE_PLANNING
    ]
    assert {classes[s.hadm_id] for s in discharge} <= {"IMP", "EMER"}
    # ambulatory visits give no discharge planning, but do give lab-free sessions
    assert {"AMB"} <= set(classes.values())
    assert "AMB" in {classes[s.hadm_id] for s in generated.sessions}


def test_every_topic_declares_what_it_requires() -> None:
    missing = []
    for info in pkgutil.iter_modules(topics_pkg.__path__):
        module = importlib.import_module(f"{topics_pkg.__name__}.{info.name}")
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ != module.__name__ or name.startswith("_"):
                continue
            if "Draft" in str(inspect.signature(fn).return_annotation):
                if not hasattr(fn, "requires"):
                    missing.append(f"{info.name}.{name}")
    assert not missing, f"topics without @requires: {missing}"
    assert TOPIC_REQUIRES["lab_latest"] == {"lab"}
    assert TOPIC_REQUIRES["allergies"] == frozenset()


def _facts(**kinds: int) -> AdmissionFacts:
    facts = AdmissionFacts(
        "p", "e", "2020-01-01", "2020-01-02", "2020-01-01", 60, False, None
    )
    facts.kinds = {k: 0 for k in RESOURCE_KINDS} | kinds
    return facts


def test_requires_skips_a_topic_the_record_cannot_support() -> None:
    calls = []

    @requires("lab", "order")
    def topic(ctx) -> Draft | None:
        calls.append(ctx)
        return None

    class Ctx:
        def __init__(self, facts: AdmissionFacts) -> None:
            self.facts = facts

    topic(Ctx(_facts(order=3)))
    assert calls == []
    topic(Ctx(_facts(order=3, lab=1)))
    assert len(calls) == 1
    assert topic.requires == {"lab", "order"}
    with pytest.raises(ValueError, match="unknown resource kinds"):
        requires("labs")


def test_snomed_conditions_match_by_their_icd10_equivalent() -> None:
    facts = _facts()
    # SNOMED 44054006 (type 2 diabetes) must not match ICD-9 440 (atherosclerosis)
    facts.history = [("SNOMED 44054006", "Diabetes mellitus type 2", "e")]
    facts.icd = {"SNOMED 44054006": "E11.9"}
    risk = facts.cha2ds2vasc_inputs()
    assert risk["diabetes"] and not risk["vascular"]


@pytest.mark.parametrize(
    ("repeat", "text"),
    [
        ({"frequency": 1, "period": 1.0, "periodUnit": "d"}, "daily"),
        ({"frequency": 2, "period": 1, "periodUnit": "d"}, "BID"),
        ({"frequency": 1, "period": 8, "periodUnit": "h"}, "Q8H"),
        ({"frequency": 1, "period": 1, "periodUnit": "wk"}, "weekly"),
        ({}, ""),
    ],
)
def test_timing_repeat_frequency(repeat: dict, text: str) -> None:
    assert _repeat_text(repeat) == text


def test_scenario_coverage_lists_every_cell(synthea_sessions) -> None:
    _, generated = synthea_sessions
    cov = scenario_coverage(generated.candidates)
    assert set(cov) == {s.value for s in Scenario}
    assert all(set(row) == {t.value for t in Tier} for row in cov.values())
    assert sum(sum(row.values()) for row in cov.values()) == sum(
        generated.candidates.values()
    )
    assert all(sum(row.values()) > 0 for row in cov.values())
    table = render_coverage({"scenario_coverage": cov})
    assert "| discharge_planning |" in table and "| med_safety |" in table
    assert render_coverage({}) == ""


def test_no_sessions_without_a_record(tmp_path: Path) -> None:
    generated = generate_sessions([], seed=0, progress=False)
    assert generated.sessions == [] and not generated.candidates
