"""Every presenting complaint of the synthetic hospital has a symptom entry: a patient
admitted for cholecystitis told of "fever and lightheadedness" only, because right upper
quadrant pain had no entry (nor dysuria, melena, palpitations, wheeze...)."""

from __future__ import annotations

import pytest

from physassist_env.patient.lexicon import BY_KEY
from physassist_env.patient.notes import symptom_facts
from physassist_env.patient.phrasing import absent, symptom


def _present(cc: str, hpi: str) -> set[str]:
    facts = symptom_facts(
        "n1", {"Chief Complaint": cc, "History of Present Illness": hpi}
    )
    return {f.id.split(":")[1] for f in facts if f.id.endswith(":presence")}


@pytest.mark.parametrize(
    ("cc", "words", "key"),
    [
        ("RUQ pain", "Pain under my right ribs after eating, and a fever.", "abdominal_pain"),
        ("Dysuria, confusion", "Burns to pee, going all the time.", "dysuria"),
        ("Flank pain, fever", "Side hurts bad, fever, pee burns.", "flank_pain"),
        ("Melena", "Black poop, dizzy.", "melena"),
        ("Palpitations", "Heart pounding and jumping.", "palpitations"),
        ("Wheezing", "Can't breathe, puffer not working.", "wheezing"),
        ("Diarrhea", "I've got watery diarrhoea many times a day.", "diarrhea"),
        ("Leg redness", "My leg is red, hot and hurts, and I have a fever.", "skin_redness"),
        ("Tremor", "I stopped drinking two days ago and have tremor and sweats.", "tremor"),
        ("Elevated INR", "Bruises everywhere, gums bleed.", "bruising"),
        ("Nausea, vomiting, hyperglycemia", "So thirsty, throwing up, belly hurts.", "nausea_vomiting"),
        ("Syncope", "I blacked out.", "syncope"),  # fainting, not dizziness (#39)
    ],
)  # fmt: skip
def test_presenting_complaint_is_a_symptom(cc: str, words: str, key: str) -> None:
    hpi = f'70 year old man presenting with {cc.lower()}. In the patient\'s words: "{words}"'
    assert key in _present(cc, hpi)


def test_denied_complaint_is_absent_not_present() -> None:
    hpi = "70 year old woman presenting with fever. She denies nausea or vomiting."
    facts = symptom_facts(
        "n1", {"Chief Complaint": "Fever", "History of Present Illness": hpi}
    )
    ids = {f.id for f in facts}
    assert "sym:nausea_vomiting:absent" in ids
    assert "sym:nausea_vomiting:presence" not in ids


def test_new_symptoms_read_as_sentences_in_both_languages() -> None:
    for key in ("dysuria", "melena", "wheezing", "flank_pain", "bruising"):
        en, zh = symptom(BY_KEY[key])
        assert all(s.startswith("I've had ") for s in en) and len(zh) == 3
        no_en, no_zh = absent(BY_KEY[key])
        assert no_en[0].startswith("I haven't had") and no_zh[0].startswith("我没有")
