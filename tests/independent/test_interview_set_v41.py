"""Set v41 of the independent interview check (benchmarks/interview_v41.py): the committed
synthetic set's shape (EN and ZH twins, follow-ups right after their lead question), that
making it is deterministic and reads one drug's days, doses and routes from the record, and
the strict checks of benchmarks/interview_judge_v41.py on hand-written answers (no patient
is asked here)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

_BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(_BENCH))


def _load(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up while the class is made
    spec.loader.exec_module(mod)
    return mod


ii = _load("independent_interview")
v41 = _load("interview_v41")
judge = _load("interview_judge_v41")
SET = _BENCH / "data" / "interview_set_v41_synthetic.json"


@pytest.fixture(scope="module")
def qset() -> dict:
    return json.loads(SET.read_text(encoding="utf-8"))


def test_committed_set_shape(qset):
    qs = qset["questions"]
    assert qset["set"] == "v41" and qset["source"] == "synthetic"
    by_lang = {lang: [q for q in qs if q["language"] == lang] for lang in ("en", "zh")}
    assert len(by_lang["en"]) >= 150 and len(by_lang["en"]) == len(by_lang["zh"])
    assert len({q["patient_id"] for q in qs}) == 30
    assert len({q["id"] for q in qs}) == len(qs)
    assert set(v41.CATEGORY_CLASS) <= {q["category"] for q in qs}
    zh = {q["id"][:-3]: q for q in by_lang["zh"]}
    for q in by_lang["en"]:
        assert q["question"].strip() and "{" not in q["question"]
        twin = zh[q["id"][:-3]]
        assert twin["category"] == q["category"] and twin["expected"] == q["expected"]
        assert not re.search(r"[A-Za-z]", twin["question"]), twin["question"]
        assert re.search(r"[\u4e00-\u9fff]", twin["question"])


def test_follow_ups_come_right_after_their_lead(qset):
    qs = qset["questions"]
    for i, q in enumerate(qs):
        if q["follows"]:
            prev = qs[i - 1]
            assert prev["category"] == q["follows"]
            assert prev["session_id"] == q["session_id"]
            assert prev["language"] == q["language"]
            assert prev["expected"]["drug"] == q["expected"]["drug"]


def test_wrong_values_are_not_the_records(qset):
    for q in qset["questions"]:
        exp = q["expected"]
        if q["category"] == "wrong_dose":
            assert exp["asked_dose"] not in exp["doses"]
        if q["category"] == "wrong_freq":
            assert exp["asked_per_day"] not in exp["per_day"]
        if q["category"] in ("start_date", "stop_date", "last_given"):
            for d in exp["targets"]:
                assert d not in q["question"] and d <= q["current_date"]


# --------------------------------------------------------------------------- determinism
def _record() -> SimpleNamespace:
    def order(name: str, start: str, end: str, text: str, route: str) -> dict:
        return {
            "resourceType": "MedicationRequest",
            "medicationCodeableConcept": {"text": name},
            "authoredOn": f"{start}T08:00:00",
            "dispenseRequest": {"validityPeriod": {"end": f"{end}T08:00:00"}},
            "dosageInstruction": [
                {
                    "text": text,
                    "timing": {"code": {"text": "DAILY"}},
                    "route": {"coding": [{"code": route}]},
                }
            ],
        }

    return SimpleNamespace(
        resources=[
            {
                "resourceType": "Encounter",
                "id": "h1",
                "period": {
                    "start": "2150-03-01T10:00:00",
                    "end": "2150-03-09T12:00:00",
                },
            },
            order("Warfarin", "2150-03-01", "2150-03-03", "5 mg PO DAILY", "PO"),
            order("Furosemide", "2150-03-02", "2150-03-08", "40 mg IV DAILY", "IV"),
            order("Furosemide", "2150-03-04", "2150-03-08", "40 mg IV DAILY", "IV"),
            order("Lisinopril", "2150-03-02", "2150-03-08", "10 mg PO DAILY", "PO"),
        ]
    )


def _fake_dataset(monkeypatch) -> None:
    sessions = [
        (
            "test",
            SimpleNamespace(
                patient_id=f"p{i}",
                session_id=f"s{i}",
                current_date="2150-03-05",
                hadm_id="h1",
                scenario=sc,
                tier="T1",
            ),
        )
        for i, sc in enumerate(["med_safety", "discharge_planning"] * 3)
    ]
    data = SimpleNamespace(record=lambda pid: _record())
    monkeypatch.setattr(ii, "_sessions", lambda dataset: sessions)
    monkeypatch.setattr(ii, "split_data", lambda dataset, split: data)


def test_making_is_deterministic_and_reads_one_drugs_history(monkeypatch):
    _fake_dataset(monkeypatch)
    a = v41.make_set(Path("x"), "synthetic", 4, 41, [])
    b = v41.make_set(Path("x"), "synthetic", 4, 41, [])
    assert a == b and a["patients"] == 4
    qs = {q["category"]: q for q in a["questions"] if q["patient_id"] == "p0"}
    stop = qs["stop_date"]["expected"]
    assert stop["drug"] == "warfarin" and stop["targets"] == ["2150-03-03"]
    assert qs["stop_why"]["expected"]["drug"] == "warfarin"
    hist = v41.drug_history(_record(), "2150-03-05")
    assert hist["furosemide"]["routes"] == {"iv"} and hist["warfarin"]["routes"] == {
        "oral"
    }
    assert hist["furosemide"]["starts"] == {"2150-03-02", "2150-03-04"}
    assert qs["ago_week"]["expected"]["if_affirmed"] == "contradicted"  # 4 days in
    assert qs["combo"]["expected"]["if_affirmed"] == "contradicted"  # no HCTZ ever


# --------------------------------------------------------------------------- strict checks
def _row(answer: str, lang: str = "en", **expected) -> dict:
    return {
        "answer": answer,
        "language": lang,
        "category": "x",
        "current_date": "2150-03-05",
        "expected": expected,
    }


def _verdicts(row: dict) -> list[tuple[str, str]]:
    return [(s.kind, s.verdict) for s in judge.judge(row, [])]


def test_a_drug_day_must_be_that_drugs_day():
    exp = {"v41": "drug_day", "targets": ["2150-03-03"], "home": False}
    assert _verdicts(_row("They stopped it 2 days ago.", **exp)) == [
        ("date", "supported")
    ]
    assert _verdicts(_row("It was stopped yesterday.", **exp)) == [
        ("date", "supported")
    ]
    assert _verdicts(_row("一个星期前停的。", "zh", **exp)) == [
        ("date", "contradicted")
    ]
    assert _verdicts(_row("I don't know when.", **exp)) == []
    home = {
        "v41": "drug_day",
        "targets": ["2150-03-02"],
        "home": True,
        "admit_day": "2150-03-01",
    }
    assert _verdicts(_row("I started it on 2150-01-10.", **home)) == [
        ("date", "unsupported")
    ]


@pytest.mark.parametrize(
    ("answer", "lang", "check", "exp", "want"),
    [
        (
            "Because my kidneys got worse.",
            "en",
            "reason",
            {},
            [("reason", "unsupported")],
        ),
        ("因为血压太低了。", "zh", "reason", {}, [("reason", "unsupported")]),
        ("不知道为什么停的。", "zh", "reason", {}, []),
        (
            "It's a pill I swallow.",
            "en",
            "route",
            {"routes": ["iv"]},
            [("route", "contradicted")],
        ),
        ("是输液打的。", "zh", "route", {"routes": ["iv"]}, [("route", "supported")]),
        (
            "I take 20 mg.",
            "en",
            "dose_of",
            {"doses": [40.0]},
            [("dose", "contradicted")],
        ),
        ("每次40毫克。", "zh", "dose_of", {"doses": [40.0]}, [("dose", "supported")]),
        (
            "I take metformin for my blood pressure.",
            "en",
            "which",
            {"members": ["lisinopril"], "class": "blood_pressure"},
            [("which_drug", "contradicted")],
        ),
        (
            "In the hospital they gave me Tylenol.",
            "en",
            "which",
            {"members": ["lisinopril"], "class": "blood_pressure"},
            [],
        ),
        (
            "I take 10 mg of amlodipine.",
            "en",
            "home_claim",
            {"drug": "morphine", "if_affirmed": "contradicted"},
            [],
        ),
        (
            "Right, I'm not on one.",
            "en",
            "denial",
            {"record_has": True, "class": "anticoagulant"},
            [("denial", "contradicted")],
        ),
        (
            "没有，不吃。",
            "zh",
            "denial",
            {"record_has": False, "class": "diabetes"},
            [("denial", "supported")],
        ),
        (
            "The doctor told me it was high.",
            "en",
            "told",
            {},
            [("told", "unsupported")],
        ),
        ("About 3 days.", "en", "onset_days", {}, [("onset", "unsupported")]),
    ],
)
def test_strict_checks_read_as_stated(answer, lang, check, exp, want):
    assert _verdicts(_row(answer, lang, v41=check, **exp)) == want


def test_a_lab_said_at_one_point_is_judged_against_every_value():
    f = ii.RecordFacts(as_of="2150-03-05", admit_day="2150-03-01")
    f.labs = [
        ii.Lab("potassium", "2150-03-02", 5.5, "H"),
        ii.Lab("potassium", "2150-03-04", 4.1, ""),
    ]
    said = [
        ii.Stated("lab_value", "potassium 5.5", "contradicted"),
        ii.Stated("lab_level", "potassium H", "contradicted"),
    ]
    row = _row("My potassium was high at one point, it was 5.5 then.", v41="route")
    row["_facts"] = f
    assert [s.verdict for s in judge.judge(row, said)] == ["supported", "supported"]
    row["answer"] = "My potassium is 5.5 now."
    assert [s.verdict for s in judge.judge(row, said)] == ["contradicted"] * 2
