"""Lab-free topics (``topics/vitals.py``): vital signs read from a record, their flags, the
drug-hold and blood-pressure-goal rules, and that lab-rich records never get them."""

from __future__ import annotations

import re

import numpy as np
import pytest
from synthea_like import write_synthea_like

from physassist_env.ehr.store import FhirStore
from physassist_env.fhir import PatientRecord
from physassist_env.scenarios.features import RESOURCE_KINDS, AdmissionFacts
from physassist_env.scenarios.generate import generate_sessions
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import focus_for
from physassist_env.scenarios.topics.vitals import BP_GOAL, at_goal
from physassist_env.scenarios.vitals import (
    VITAL_RULES,
    VITALS,
    VitalPoint,
    VitalSeries,
    vital_series,
)
from physassist_env.sources.fhir_export import FhirExportSource

LOINC = "http://loinc.org"


def _obs(rid: str, code: str, when: str, **value) -> dict:
    return {
        "resourceType": "Observation",
        "id": rid,
        "status": "final",
        "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}],
        "code": {"coding": [{"system": LOINC, "code": code}]},
        "subject": {"reference": "Patient/p"},
        "effectiveDateTime": when,
        **value,
    }  # fmt: skip


def _bp(rid: str, when: str, sbp: float, dbp: float) -> dict:
    comp = [
        {"code": {"coding": [{"system": LOINC, "code": c}]}, "valueQuantity": {"value": v, "unit": "mm[Hg]"}}
        for c, v in (("8480-6", sbp), ("8462-4", dbp))
    ]  # fmt: skip
    return _obs(rid, "85354-9", when, component=comp)


def test_vital_series_reads_panels_and_converts_units() -> None:
    record = PatientRecord(
        "p",
        [
            {"resourceType": "Patient", "id": "p", "gender": "female", "birthDate": "1950-01-01"},
            _bp("b1", "2020-01-01T09:00:00", 150, 92),
            _bp("b2", "2020-06-01T09:00:00", 124, 78),
            _obs("w1", "29463-7", "2020-06-01T09:00:00", valueQuantity={"value": 200, "unit": "[lb_av]"}),
            _obs("t1", "8310-5", "2020-06-01T09:00:00", valueQuantity={"value": 100.4, "unit": "[degF]"}),
            _obs("h1", "8867-4", "2021-01-01T09:00:00", valueQuantity={"value": 48, "unit": "/min"}),
        ],
    )  # fmt: skip
    store = FhirStore(record.resources)
    series = vital_series(store.view("p", "2020-12-31"))
    assert [(p.value, p.second) for p in series["bp"].points] == [(150, 92), (124, 78)]
    assert series["weight"].latest.value == pytest.approx(90.7, abs=0.1)
    assert series["temp"].latest.value == 38.0
    assert "hr" not in series  # recorded after the view's date
    assert series["bp"].flag(series["bp"].points[0]) == "H"
    assert series["bp"].flag() == "N"
    assert series["temp"].flag() == "H"  # 38.0 C is a fever


@pytest.mark.parametrize(
    ("key", "value", "second", "flag"),
    [("hr", 48, None, "L"), ("hr", 100, None, "N"), ("hr", 101, None, "H"),
     ("bp", 142, 88, "H"), ("bp", 118, 82, "H"), ("bp", 118, 76, "N"), ("bp", 86, 50, "L"),
     ("spo2", 91, None, "L")],
)  # fmt: skip
def test_vital_flags(key: str, value: float, second: float | None, flag: str) -> None:
    s = VitalSeries(VITALS[key], [VitalPoint("2020-01-01", value, second)])
    assert s.flag() == flag


def test_bp_goal_is_below_both_limits() -> None:
    assert BP_GOAL == (130, 80)
    assert at_goal(VitalPoint("d", 128, 78))
    assert not at_goal(VitalPoint("d", 128, 80))
    assert not at_goal(VitalPoint("d", 130, 70))


def _facts(encounter_based: bool) -> AdmissionFacts:
    facts = AdmissionFacts(
        "p", "e", "2020-01-01", "2020-01-02", "2020-01-01", 60, False, None
    )
    facts.kinds = {k: 1 for k in RESOURCE_KINDS}
    facts.encounter_based = encounter_based
    facts.conditions = [("I10", "Hypertension")]
    facts.vitals = {
        "bp": VitalSeries(
            VITALS["bp"],
            [VitalPoint("2019-06-01", 150, 90), VitalPoint("2019-12-01", 140, 85)],
        )
    }
    return facts  # fmt: skip


def test_lab_rich_records_never_get_a_lab_free_focus() -> None:
    rng = np.random.default_rng(0)
    assert focus_for(Scenario.DIAGNOSTIC_WORKUP, _facts(True), rng) == {
        "lab_free": True,
        "vitals": ["bp"],
    }
    # with labs, the work-up needs abnormal labs: the vitals do not make a focus
    assert focus_for(Scenario.DIAGNOSTIC_WORKUP, _facts(False), rng) is None


@pytest.fixture(scope="module")
def lab_free_sessions(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("synthea") / "export"
    write_synthea_like(root, 12, seed=3)
    records = list(FhirExportSource(root).records())
    return generate_sessions(
        records, seed=0, test_per_cell=2, source="fhir", progress=False
    )


def test_drug_hold_follows_the_rule(lab_free_sessions) -> None:
    rules = {r.vital: r for r in VITAL_RULES}
    seen = 0
    for s in lab_free_sessions.sessions:
        for t in s.turns:
            if t.topic != "vital_drug_safety":
                continue
            vital = next(e.split(":")[1] for e in t.entities if e.startswith("vital:"))
            value = float(re.search(r"is (\d+(?:\.\d+)?)", t.gold_answer.en).group(1))
            held = "hold" in t.gold_answer.en
            assert held == (value < rules[vital].below), t.gold_answer.en
            assert ("暂停" in t.gold_answer.zh) == held
            seen += 1
    assert seen


def test_lab_free_turns_read_only_what_the_record_holds(lab_free_sessions) -> None:
    topics = {t.topic for s in lab_free_sessions.sessions for t in s.turns}
    assert {"vital_latest", "vital_trend"} <= topics
    for s in lab_free_sessions.sessions:
        if s.scenario == Scenario.TREATMENT_RESPONSE:
            assert any(
                t.topic in ("bp_response", "vital_trend", "vital_latest")
                for t in s.turns
            )
        for t in s.turns:
            for a in t.gold_actions:
                assert a.arguments.get("category") != "laboratory"
            assert t.gold_answer.zh and t.gold_answer.en


def _shot(rid: str, when: str, status: str = "completed") -> dict:
    return {
        "resourceType": "Immunization",
        "id": rid,
        "status": status,
        "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "140", "display": "Influenza, seasonal, injectable, preservative free"}]},
        "patient": {"reference": "Patient/p"},
        "occurrenceDateTime": when,
    }  # fmt: skip


def test_immunizations_are_found_by_procedure_search_and_date_gated() -> None:
    from physassist_env.ehr.toolkit import EhrToolkit

    resources = [
        {"resourceType": "Patient", "id": "p", "gender": "male", "birthDate": "1950-01-01"},
        {"resourceType": "Procedure", "id": "x1", "status": "completed", "subject": {"reference": "Patient/p"},
         "code": {"text": "Colonoscopy"}, "performedDateTime": "2020-03-01T10:00:00"},
        _shot("i1", "2019-10-01T09:00:00"),
        _shot("i2", "2021-10-01T09:00:00"),
    ]  # fmt: skip
    tk = EhrToolkit(FhirStore(resources).view("p", "2020-12-31"))
    found = tk.call("Procedure.search", {"code": "influenza"})
    assert found.ok and found.resource["total"] == 1  # the 2021 dose is not visible yet
    assert "2019-10-01" in found.text and "Influenza" in found.text
    everything = tk.call("Procedure.search", {})
    assert everything.resource["total"] == 2
    assert [e["resource"]["id"] for e in everything.resource["entry"]] == ["x1", "i1"]
    # a record without immunizations searches procedures exactly as before
    plain = EhrToolkit(FhirStore(resources[:2]).view("p", "2020-12-31"))
    assert plain.call("Procedure.search", {}).resource["total"] == 1


@pytest.mark.parametrize(
    ("day", "start"),
    [
        ("2020-10-15", "2020-08-01"),
        ("2021-03-01", "2020-08-01"),
        ("2021-08-01", "2021-08-01"),
    ],
)
def test_flu_season_start(day: str, start: str) -> None:
    from physassist_env.scenarios.topics.vitals import flu_season_start

    assert flu_season_start(day) == start


def test_influenza_vaccine_turns_follow_the_season(lab_free_sessions) -> None:
    seen = 0
    for s in lab_free_sessions.sessions:
        for t in s.turns:
            if t.topic != "influenza_vaccine":
                continue
            seen += 1
            # the season's start is the last 08-01 date said (a dose may fall on one too)
            season = re.findall(r"(\d{4}-08-01)", t.gold_answer.en)[-1]
            last = re.search(
                r"last recorded dose was on (\d{4}-\d\d-\d\d)", t.gold_answer.en
            )
            due = "is due" in t.gold_answer.en
            assert due == (last is None or last.group(1) < season), t.gold_answer.en
            assert s.current_date >= season
    assert seen
