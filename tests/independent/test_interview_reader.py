"""The independent interview scorer (benchmarks/independent_interview.py) judges stated facts
against a record: supported, contradicted, leaked (future) or unsupported."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "independent_interview.py"
_spec = importlib.util.spec_from_file_location("independent_interview", _PATH)
ii = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = ii  # dataclasses look their module up while the class is made
_spec.loader.exec_module(ii)


@pytest.fixture
def facts() -> ii.RecordFacts:
    f = ii.RecordFacts(as_of="2150-03-05", admit_day="2150-03-01", has_notes=True)
    f.meds = [ii.Med("Warfarin", "warfarin", "2150-03-01", (5.0,), "mg", 1)]
    f.home_stems = {"warfarin"}
    f.future_meds = [
        ii.Med("Pantoprazole", "pantoprazole", "2150-03-07", (40.0,), "mg", 1)
    ]
    f.labs = [
        ii.Lab("potassium", "2150-03-02", 5.9, "H"),
        ii.Lab("potassium", "2150-03-05", 4.1, ""),
    ]
    f.days = {"2150-03-01", "2150-03-02", "2150-03-05"}
    f.future_days = {"2150-03-07"}
    f.conditions = ["atrial fibrillation"]
    f.history_text = "chief complaint: black tarry stools"
    f.allergy_stated = True
    return f


def verdicts(answer: str, facts: ii.RecordFacts, lang: str = "en") -> dict[str, str]:
    vocab = set(ii.COMMON_GENERICS)
    return {
        f"{s.kind}:{s.text}": s.verdict
        for s in ii.read_answer(answer, facts, lang, vocab)
    }


def test_record_facts_are_supported(facts):
    got = verdicts(
        "I take warfarin 5 mg once a day. I have atrial fibrillation.", facts
    )
    assert got["drug:warfarin"] == "supported"
    assert got["dose:5 mg"] == "supported"
    assert got["frequency:1/day"] == "supported"
    assert got["condition:afib"] == "supported"


def test_wrong_dose_frequency_and_drug_are_contradicted(facts):
    got = verdicts("I take warfarin 7.5 mg twice a day. I also take digoxin.", facts)
    assert got["dose:7.5 mg"] == "contradicted"
    assert got["frequency:2/day"] == "contradicted"
    assert got["drug:digoxin"] == "contradicted"


def test_stale_value_told_as_latest_is_contradicted(facts):
    got = verdicts("They told me my potassium was high, last time 5.9.", facts)
    assert got["lab_value:potassium 5.9"] == "supported"  # it was measured
    assert got["lab_latest:potassium latest 5.9"] == "contradicted"  # but not last


def test_future_drug_is_a_leak_and_unknown_states_nothing(facts):
    assert (
        verdicts("In the hospital they gave me pantoprazole.", facts)[
            "drug:pantoprazole"
        ]
        == "leaked"
    )
    assert verdicts("I don't know, nobody told me.", facts) == {}
    assert verdicts("不知道，没人跟我说。", facts, "zh") == {}


def test_chinese_answers_are_read(facts):
    got = verdicts("我吃华法林，每天一次。我有房颤。以前大便发黑。", facts, "zh")
    assert got["drug:warfarin"] == "supported"
    assert got["frequency:1/day"] == "supported"
    assert got["condition:afib"] == "supported"
    assert got["symptom:melena"] == "supported"
    assert (
        verdicts("我吃华法林，每天两次。", facts, "zh")["frequency:2/day"]
        == "contradicted"
    )
    # 心律不齐 holds 不 without denying anything
    assert verdicts("我心律不齐。", facts, "zh")["condition:afib"] == "supported"


def test_no_allergy_against_a_recorded_allergy(facts):
    assert (
        verdicts("No allergies that I know of.", facts)["allergy:none"] == "supported"
    )
    facts.allergies = ["penicillins"]
    assert (
        verdicts("No allergies that I know of.", facts)["allergy:none"]
        == "contradicted"
    )
    assert (
        verdicts("Penicillin gave me a rash.", facts)["allergy:penicillin"]
        == "supported"
    )
