"""Round 15b (issue #37, reading l): the rules behind the wrong and unsafe classes, on
plain values (docs/real-records.md, "Round 15b"). Screening swabs are colonisation; a
rubric cannot contradict itself; a discharge list keeps a PRN opioid dosed by range and
a PRN oral analgesic."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from physassist_env.clinical.culture_reading import (
    headline_isolate,
    is_screen,
    other_isolates,
    susceptibility_matches,
)
from physassist_env.clinical.discharge import prn_reconciled
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.generate import RubricContradictionError, check_gold
from physassist_env.scenarios.rubric_consistency import contradictions
from physassist_env.scenarios.topics.base import culture_summary
from physassist_env.vocab.decisions import CONTINUE, HOLD


@pytest.mark.parametrize(
    "test",
    [
        "MRSA SCREEN",
        "Staph aureus Screen",
        "R/O VANCOMYCIN RESISTANT ENTEROCOCCUS",
        "Swab - R/O Yeast - IC",
        "Surveillance culture",
    ],
)
def test_surveillance_specimens_are_screens(test):
    assert is_screen({"test": test})


@pytest.mark.parametrize(
    "test",
    [
        "Blood Culture, Routine",
        "RESPIRATORY CULTURE",
        "URINE CULTURE",
        "Respiratory Viral Antigen Screen",  # a diagnostic test of a sick patient
        "WOUND CULTURE",
    ],
)
def test_clinical_specimens_are_not_screens(test):
    assert not is_screen({"test": test})


_SCREEN = {
    "id": "micro-1-a",
    "test": "MRSA SCREEN",
    "organism": "STAPH AUREUS COAG +",
    "susceptibility": {"vancomycin": "S", "oxacillin": "R"},
    "time": "2150-03-02T10:00:00",
}
_SPUTUM = {
    "id": "micro-2-a",
    "test": "RESPIRATORY CULTURE",
    "organism": "KLEBSIELLA PNEUMONIAE",
    "susceptibility": {"meropenem": "S"},
    "time": "2150-03-03T10:00:00",
}


def test_a_screen_never_heads_nor_adds_an_isolate():
    """IDSA/ATS 2016 HAP/VAP: a positive nares screen does not confirm infection."""
    assert headline_isolate([_SCREEN]) is None
    assert headline_isolate([_SCREEN, _SPUTUM])["id"] == _SPUTUM["id"]
    assert other_isolates([_SCREEN, _SPUTUM], _SPUTUM["organism"]) == []
    assert susceptibility_matches([_SCREEN], ["vancomycin"]) == []


def test_a_screen_is_listed_last_as_carriage_without_a_rubric_item():
    en, zh, items = culture_summary([_SCREEN, _SPUTUM])
    assert en.index("KLEBSIELLA") < en.index("STAPH")  # the screen, older, comes last
    assert "carriage, not infection" in en and "定植" in zh
    assert all("STAPH" not in i.criterion.en for i in items)


def test_a_rubric_rewarding_and_penalising_one_action_is_contradictory():
    stop = R.recommend_item("Stops X", "停用X", HOLD, ["ceftriaxone"])
    keep = R.recommend_item("Continues X", "继续X", CONTINUE, ["ceftriaxone"])
    penalty = R.negative_item("Continues X", "继续X", CONTINUE, ["ceftriaxone"])
    assert contradictions([stop, penalty]) == []  # the penalty is the opposite: fine
    assert contradictions([stop, keep])  # both decisions rewarded
    assert contradictions([keep, penalty])  # rewarded and penalised
    positive_penalty = penalty.model_copy(update={"points": 1.0})
    assert contradictions([stop, positive_penalty])  # a forbidden action that scores
    other = R.recommend_item("Continues Y", "继续Y", CONTINUE, ["ampicillin"])
    assert contradictions([stop, other]) == []  # different targets


def test_the_build_fails_on_a_contradictory_rubric():
    @dataclass
    class _Turn:
        index: int = 3
        topic: str = "deescalation"
        rubric: tuple = (
            R.recommend_item("Stops X", "停用X", HOLD, ["ceftriaxone"]),
            R.recommend_item("Continues X", "继续X", CONTINUE, ["ceftriaxone"]),
        )

    @dataclass
    class _Session:
        session_id: str = "s"
        turns: tuple = (_Turn(),)

    with pytest.raises(RubricContradictionError):
        check_gold(_Session())


@dataclass
class _Order:
    name: str
    route: str
    dose: float | None
    dose_range: tuple[float, float] | None = None
    generic: str | None = None
    start: str = "2150-03-01T08:00:00"


def test_prn_opioid_by_range_and_oral_analgesic_go_on_the_list():
    """CDC 2022 recommendation 2 and NPSG.03.06.01: the pain plan goes home whole."""
    assert prn_reconciled(_Order("HYDROmorphone (Dilaudid)", "PO/NG", None, (6, 8)))
    assert prn_reconciled(_Order("Acetaminophen", "PO/NG", None, (325, 650)))
    assert prn_reconciled(_Order("Ibuprofen", "PO", 400.0))
    assert not prn_reconciled(_Order("Acetaminophen IV", "IV", 1000.0))
    assert not prn_reconciled(_Order("Ondansetron", "IV", 4.0))
    assert not prn_reconciled(_Order("Senna", "PO", 8.6))
