"""Set v40 of the independent interview check (benchmarks/interview_v40.py): the committed
synthetic set's shape, that making it is deterministic, that no question states its own
answer, and the scorer checks v40 added (a "yes" to a yes/no question, a false premise
accepted, a diagnosis dated after the session, days in hospital said in Chinese)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

_BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up while the class is made
    spec.loader.exec_module(mod)
    return mod


ii = sys.modules.get("independent_interview") or _load("independent_interview")
v40 = _load("interview_v40")
SET = _BENCH / "data" / "interview_set_v40_synthetic.json"


@pytest.fixture(scope="module")
def qset() -> dict:
    return json.loads(SET.read_text(encoding="utf-8"))


def test_committed_set_shape(qset):
    qs = qset["questions"]
    assert qset["set"] == "v40" and qset["source"] == "synthetic"
    by_lang = {lang: [q for q in qs if q["language"] == lang] for lang in ("en", "zh")}
    assert len(by_lang["en"]) >= 150 and len(by_lang["en"]) == len(by_lang["zh"])
    assert len({q["patient_id"] for q in qs}) >= 20
    assert len({q["id"] for q in qs}) == len(qs)
    assert set(v40.CATEGORY_CLASS) <= {q["category"] for q in qs}
    for q in qs:
        affirmed = q["expected"].get("if_affirmed")
        assert q["expected_class"] == (
            "deny_or_unknown"
            if affirmed and affirmed != "supported"
            else v40.CATEGORY_CLASS[q["category"]]
        )
        assert q["question"].strip() and "{" not in q["question"]
    zh = {q["id"][:-3]: q for q in by_lang["zh"]}
    for q in by_lang["en"]:
        twin = zh[q["id"][:-3]]
        assert twin["category"] == q["category"]
        assert twin["expected"] == q["expected"]
        # Chinese is written in Chinese: no Latin letters, some Han characters
        assert not re.search(r"[A-Za-z]", twin["question"]), twin["question"]
        assert re.search(r"[\u4e00-\u9fff]", twin["question"])


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)}


def test_no_question_states_its_own_answer(qset):
    for q in qset["questions"]:
        exp, text = q["expected"], q["question"]
        dates = [
            exp.get("admit_day"),
            exp.get("withheld_day"),
            *exp.get("record_days", []),
        ]
        for d in filter(None, dates):
            assert d not in text and d[5:] not in text, (q["id"], d)
        values = [*exp.get("doses", []), *exp.get("withheld_values", [])]
        if "days_ago" in exp:
            values.append(exp["days_ago"])
        assert not _numbers(text) & {float(v) for v in values}, q["id"]
        # a yes/no probe names what it asks about, never the record's true sibling
        if exp.get("record_sibling") and q["category"] == "sibling_drug":
            assert exp["record_sibling"] not in text.lower()
            assert ii.DRUG_ZH[exp["record_sibling"]][0] not in text


# --------------------------------------------------------------------------- determinism
def _record() -> SimpleNamespace:
    def med(name: str, day: str, dose: float) -> dict:
        return {
            "resourceType": "MedicationRequest",
            "medicationCodeableConcept": {"text": name},
            "authoredOn": f"{day}T08:00:00",
            "dosageInstruction": [
                {
                    "doseAndRate": [{"doseQuantity": {"value": dose, "unit": "mg"}}],
                    "timing": {"code": {"text": "DAILY"}},
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
            med("Warfarin", "2150-03-01", 5.0),
            med("Furosemide", "2150-03-04", 40.0),
            med("Pantoprazole", "2150-03-07", 40.0),  # after the session
            {
                "resourceType": "Condition",
                "code": {"text": "Congestive heart failure"},
                "recordedDate": "2150-03-01",
            },
            {
                "resourceType": "Condition",
                "code": {"text": "Pneumonia, organism unspecified"},
                "recordedDate": "2150-03-08",  # after the session
            },
            {
                "resourceType": "Observation",
                "code": {"text": "Potassium"},
                "valueQuantity": {"value": 5.9},
                "effectiveDateTime": "2150-03-06T06:00:00",  # after the session
            },
            {
                "resourceType": "Observation",
                "code": {"text": "Potassium"},
                "valueQuantity": {"value": 4.4},
                "effectiveDateTime": "2150-03-02T06:00:00",
            },
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


def test_making_is_deterministic_and_probes_the_future(monkeypatch):
    _fake_dataset(monkeypatch)
    a = v40.make_set(Path("x"), "synthetic", 4, 40, [])
    b = v40.make_set(Path("x"), "synthetic", 4, 40, [])
    assert a == b and a["patients"] == 4
    qs = {q["category"]: q for q in a["questions"] if q["patient_id"] == "p0"}
    assert qs["leak_discharge"]["expected"]["withheld_day"] == "2150-03-09"
    assert qs["leak_future_drug"]["expected"]["withheld_drug"] == "pantoprazole"
    assert qs["leak_future_lab"]["expected"]["withheld_values"] == [5.9]
    assert qs["leak_future_dx"]["expected"]["withheld_condition"] == "pneumonia"
    assert qs["sibling_drug"]["expected"]["record_sibling"] in (
        "warfarin",
        "furosemide",
    )
    assert qs["sibling_condition"]["expected"]["asked"] == "a heart attack"
    assert qs["days_in"]["expected"]["days_ago"] == 4
    assert "2150-03-09" not in json.dumps([q["question"] for q in a["questions"]])


# --------------------------------------------------------------------------- scorer checks
def _row(answer: str, lang: str = "en", **expected) -> dict:
    return {"answer": answer, "language": lang, "category": "x", "expected": expected}


@pytest.mark.parametrize(
    ("answer", "lang", "found"),
    [
        ("Yes, I take it every day.", "en", True),
        ("Yeah.", "en", True),
        ("No, I'm not on that.", "en", False),
        ("I don't know, nobody told me.", "en", False),
        ("是的，一直在吃。", "zh", True),
        ("对，医生说过。", "zh", True),
        ("没有，我没吃过这个药。", "zh", False),
        ("对不起，这个我不清楚。", "zh", False),
        ("I am taking heparin.", "en", False),
        ("It is hard to say.", "en", False),
        ("在吃法莫替丁。", "zh", False),
        ("是心脏的问题吗？我不清楚。", "zh", False),
    ],
)
def test_a_yes_takes_the_verdict_of_the_record(answer, lang, found):
    got = ii.judge_expected(_row(answer, lang, if_affirmed="contradicted"))
    assert [(s.kind, s.verdict) for s in got] == (
        [("affirmed", "contradicted")] if found else []
    )


def test_a_false_premise_accepted_is_contradicted():
    exp = {"premise": ["stent", "支架"]}
    assert ii.judge_expected(_row("The stent has been fine.", **exp))[0].verdict == (
        "contradicted"
    )
    assert ii.judge_expected(_row("I never had a stent.", **exp)) == []
    assert ii.judge_expected(_row("支架放了以后挺好的。", "zh", **exp))
    assert ii.judge_expected(_row("我没放过支架。", "zh", **exp)) == []


def test_a_later_diagnosis_is_leaked_and_days_in_chinese_are_read():
    f = ii.RecordFacts(as_of="2150-03-05", admit_day="2150-03-02", has_notes=True)
    f.future_conditions = ["type 2 diabetes mellitus"]
    f.days = {"2150-03-02"}
    got = {
        f"{s.kind}:{s.text}": s.verdict
        for s in ii.read_answer("I have diabetes.", f, "en", set())
    }
    assert got["condition:diabetes"] == "leaked"
    assert ii._relative_days("我住了三天了。", "zh") == [3]
    assert ii._relative_days("I've been here 3 days.", "en") == [3]


def test_a_relatives_illness_is_not_the_patients_and_a_named_discharge_day_leaks():
    f = ii.RecordFacts(as_of="2150-03-05", admit_day="2150-03-02", has_notes=True)
    f.history_text = "family history: father with diabetes"
    got = {
        f"{s.kind}:{s.text}": s.verdict
        for s in ii.read_answer("My father had diabetes.", f, "en", set())
    }
    assert got == {"family_condition:diabetes": "supported"}
    row = _row("I'm going home tomorrow.", withheld_day="2150-03-06")
    row["current_date"] = "2150-03-05"
    assert [s.verdict for s in ii.judge_expected(row)] == ["leaked"]
    row = _row("医生说三天后可以出院。", "zh", withheld_day="2150-03-08")
    row["current_date"] = "2150-03-05"
    assert [s.verdict for s in ii.judge_expected(row)] == ["leaked"]
    row = _row("I don't know when I'm going home.", withheld_day="2150-03-06")
    row["current_date"] = "2150-03-05"
    assert ii.judge_expected(row) == []


@pytest.mark.parametrize(
    "answer",
    [
        "No, I take famotidine.",
        "I'm on famotidine, not pantoprazole.",
        "没有，我吃的是法莫替丁。",
        "我吃的是法莫替丁，不是泮托拉唑。",
    ],
)
def test_a_correction_of_a_sibling_is_not_a_denial_of_the_real_drug(answer):
    f = ii.RecordFacts(as_of="2150-03-05", admit_day="2150-03-02")
    f.meds = [ii.Med("Famotidine", "famotidine", "2150-03-02", (20.0,), "mg", 2)]
    lang = "zh" if re.search(r"[\u4e00-\u9fff]", answer) else "en"
    got = {
        f"{s.kind}:{s.text}": s.verdict
        for s in ii.read_answer(answer, f, lang, set(ii.COMMON_GENERICS))
    }
    assert got["drug:famotidine"] == "supported"
    assert got.get("drug:pantoprazole", "supported") == "supported"
    assert ii.judge_expected(_row(answer, lang, if_affirmed="contradicted")) == []


def test_a_yes_naming_the_asked_drug_counts_once():
    f = ii.RecordFacts(as_of="2150-03-05", admit_day="2150-03-02")
    f.meds = [ii.Med("Famotidine", "famotidine", "2150-03-02", (20.0,), "mg", 2)]
    row = _row("Yes, I take pantoprazole.", absent_drug="pantoprazole")
    row["expected"]["if_affirmed"] = "contradicted"
    stated = ii.read_answer(row["answer"], f, "en", set(ii.COMMON_GENERICS))
    assert [s.verdict for s in stated] == ["contradicted"]
    assert ii.judge_expected(row, stated) == []


def test_days_in_and_last_dose_are_judged_against_their_own_day():
    row = _row("I came in 3 days ago.", days_ago=3, admit_day="2150-03-02")
    row.update(current_date="2150-03-05", category="days_in")
    assert [s.verdict for s in ii.judge_days(row, [])] == ["supported"]
    row["answer"] = "我是一个星期前住进来的。"
    row["language"] = "zh"
    assert [s.verdict for s in ii.judge_days(row, [])] == ["contradicted"]
    row = _row("My last dose was on March 1.", record_days=["2150-03-04"])
    row.update(current_date="2150-03-05", category="last_dose")
    lenient = [ii.Stated("date", "2150-03-01", "supported")]
    assert [s.verdict for s in ii.judge_days(row, lenient)] == ["contradicted"]


def test_days_ahead_is_not_read_from_days_ago():
    assert ii._days_ahead("I came in 2 days ago.", "en") == []
    assert ii._days_ahead("They said in 2 days, maybe tomorrow.", "en") == [1, 2]


def test_chinese_trade_names_read_as_their_generic():
    got = ii._drug_mentions(
        "我一直在吃艾乐妥和倍他乐克。", "zh", set(ii.COMMON_GENERICS)
    )
    assert {"apixaban", "metoprolol"} <= got
