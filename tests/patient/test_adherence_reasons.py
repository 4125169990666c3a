"""The simulated patient reads every adherence reason the synthetic notes give (issue #23,
synth7): a drug-class side effect (``synth.knowledge.SIDE_EFFECTS``) becomes the patient's
own reason, in English and in Chinese."""

from __future__ import annotations

import pytest

from physassist_env.patient.models import Adherence
from physassist_env.patient.notes import _NOT_PRESENTING, note_adherence
from physassist_env.patient.phrasing import reason_wording
from physassist_env.synth import knowledge as kb

EFFECTS = sorted({e for effects in kb.SIDE_EFFECTS.values() for e in effects})


@pytest.mark.parametrize("effect", EFFECTS)
def test_side_effect_reason_is_read_and_worded_in_both_languages(effect: str) -> None:
    sentence = (
        f"Lisinopril: adherence self discontinued - stopped it because of {effect}."
    )
    found = note_adherence("n1", {"History of Present Illness": sentence})
    status, reason, _ago, _src = found["lisinopril"]
    assert status == Adherence.SELF_DISCONTINUED
    assert reason is not None and reason != "side", effect
    wording = reason_wording(reason, "吃")
    assert wording is not None
    en, zh = wording
    assert en and zh and "{v}" not in zh
    # medication history, never a presenting symptom
    assert _NOT_PRESENTING.search(sentence.lower())


def test_each_side_effect_gets_its_own_wording() -> None:
    """Different effects are told differently (no catch-all 'side effects')."""
    keys = {}
    for effect in EFFECTS:
        sentence = (
            f"Lisinopril: adherence self discontinued - stopped it because of {effect}."
        )
        keys[effect] = note_adherence("n1", {"History of Present Illness": sentence})[
            "lisinopril"
        ][1]
    assert keys["a dry cough"] == "cough"
    assert keys["muscle aches"] == "muscle"
    assert keys["ankle swelling"] == "ankles"
    assert keys["having to urinate all the time"] == "urination"
    assert keys["an upset stomach and diarrhoea"] == "stomach"
    assert len(set(keys.values())) >= len(EFFECTS) - 4  # few effects share a wording


def test_inhaled_or_injected_drug_uses_its_own_verb() -> None:
    assert reason_wording("hoarse", "用") == ("my voice went hoarse", "用了嗓子哑")
    assert reason_wording("hypo", "打")[1] == "打了血糖老是太低"
