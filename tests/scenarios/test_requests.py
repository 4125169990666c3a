"""The request realiser: varied phrasing, held-out families for test, nothing else changes."""

from __future__ import annotations

import re

import pytest

from physassist_env.scenarios.generate import candidate_sessions
from physassist_env.scenarios.model import Implicitness, Text
from physassist_env.scenarios.planner import Balance
from physassist_env.scenarios.requests import (
    FAMILIES,
    Realised,
    families,
    finalise,
    phrase_for_split,
    realise,
)
from physassist_env.scenarios.requests import wording as W
from physassist_env.scenarios.requests.families import Register
from physassist_env.scenarios.requests.names import drug_names, surfaces
from physassist_env.scenarios.requests.registers import apply
from physassist_env.scenarios.requests.variety import (
    family_overlap,
    recorded_intents,
    recording,
    surface_forms,
)


@pytest.fixture(scope="module")
def unsplit(synthetic_records):
    """Candidate sessions of a few patients (requests still carry both variants), with the
    realiser's recorded inputs per intent."""
    with recording() as calls:
        sessions = [
            s
            for r in synthetic_records[:12]
            for s in candidate_sessions(r, 0, Balance(), "synthetic")
        ]
        intents = recorded_intents(sessions, calls)
    return sessions, intents


def _pairs(pool):
    return {side: {p for p in pool[side] if p != ("", "")} for side in pool}


def test_wording_partitions_share_nothing():
    pools = [W.FRAMINGS, W.ELLIPSIS, W.ELLIPSIS_LEADS, W.EVENT_REFERENCES]
    pools += list(W.LEADS.values()) + list(W.CLOSERS.values())
    pools += list(W.TIME_EXPRESSIONS.values())
    for pool in pools:
        sides = _pairs(pool)
        assert sides["train"] and sides["test"]
        assert not {en for en, _ in sides["train"]} & {en for en, _ in sides["test"]}
        assert not {zh for _, zh in sides["train"]} - {""} & {
            zh for _, zh in sides["test"]
        } - {""}
    assert {f.partition for f in FAMILIES} == {"train", "test"}
    assert not {f.name for f in families("train")} & {f.name for f in families("test")}


def test_no_phrasing_family_is_shared_between_train_and_test(synthetic_generated):
    overlap = family_overlap(synthetic_generated.sessions)
    assert overlap["train_validation"] and overlap["test"]
    assert overlap["shared"] == []
    test_names = {f.name for f in families("test")}
    for s in synthetic_generated.sessions:
        for t in s.turns:
            assert t.phrasing, (s.session_id, t.index)
            assert (t.phrasing in test_names) == (s.split == "test")
            assert type(t.request) is Text and type(t.request_explicit) is Text


def test_every_intent_has_many_surface_forms_and_test_forms_are_unseen(unsplit):
    _, intents = unsplit
    topics = {k.split("/")[0] for k in intents}
    assert len(topics) >= 15, sorted(topics)
    for key, intent in intents.items():
        train_en, train_zh = surface_forms(intent, "train", n=300)
        test_en, test_zh = surface_forms(intent, "test", n=300)
        for en, zh in ((train_en, train_zh), (test_en, test_zh)):
            assert len(en) >= 30 and len(zh) >= 20, (key, len(en), len(zh))
        if len(intent.cores) >= 3:
            assert not train_en & test_en, (key, train_en & test_en)
            assert not train_zh & test_zh, (key, train_zh & test_zh)


def test_requests_name_their_entities_and_keep_their_antecedent_kind(unsplit):
    _, intents = unsplit
    for key, intent in intents.items():
        for seed in range(40):
            for part in ("train", "test"):
                text, _ = realise(
                    list(intent.cores),
                    seed,
                    part,
                    kind=intent.kind,
                    entities=intent.entities,
                    time=intent.time,
                )
                for entity in intent.entities:
                    en, zh = surfaces(entity)
                    assert any(n.lower() in text.en.lower() for n in en), (key, text)
                    assert any(n in text.zh for n in zh), (key, text)
                # no stray space or comma before punctuation, no "K+ + creat"
                assert not re.search(r" [:,.?]|,[.?]|\+ \+", text.en), (key, text)
                assert text.en.isascii(), (key, text)  # a Chinese name stays in Chinese
                if intent.kind == Implicitness.AE:
                    refs = W.EVENT_REFERENCES[part]
                    assert any(r.lower() in text.en.lower() for r, _ in refs), text
                    assert any(r in text.zh for _, r in refs), text


def test_the_split_changes_only_the_wording(unsplit):
    sessions, _ = unsplit
    realised = 0
    for s in sessions:
        train = phrase_for_split(s.model_copy(update={"split": "train"}))
        test = phrase_for_split(s.model_copy(update={"split": "test"}))
        skip = {"request", "request_explicit", "phrasing"}
        for a, b, orig in zip(train.turns, test.turns, s.turns, strict=True):
            assert a.model_dump(exclude=skip) == b.model_dump(exclude=skip)
            assert a.implicitness == b.implicitness == orig.implicitness
            if isinstance(orig.request, Realised):
                realised += 1
                assert a.request != b.request and a.phrasing != b.phrasing
    assert realised > 20


def test_telegraphic_register_drops_words_not_punctuation():
    cases = {
        "Safety flag please: the K+ on lisinopril.": "Safety flag: K+ on lisinopril.",
        "Why is he in hospital? Coded diagnoses, please.": "Why is he in hospital? Coded diagnoses.",
        "How have the K+ and creatinine trended?": "How have K+/creatinine trended?",
        "Can you please check the Na and K?": "check Na + K?",
    }
    for said, telegraphic in cases.items():
        assert apply(Register.TELEGRAPHIC, said, "")[0] == telegraphic
    assert apply(Register.FORMAL, "Coded diagnoses, please.", "")[0].endswith("please.")


def test_brand_names_are_said_in_their_own_language():
    en, zh = drug_names("furosemide")
    assert "Lasix" in en and "速尿" in zh
    for generic in ("metoprolol", "ceftriaxone", "piperacillin", "enoxaparin"):
        en, zh = drug_names(generic)
        assert zh and all(not n.isascii() for n in zh), (generic, zh)
        assert all(n.isascii() for n in en), (generic, en)


def test_realise_is_seeded_and_checks_its_input():
    cores = [Text(en="What's the latest potassium?", zh="最新的血钾是多少？")] * 3
    a = realise(cores, 7, "test", entities=["lab:potassium"], time="latest")
    assert a == realise(cores, 7, "test", entities=["lab:potassium"], time="latest")
    with pytest.raises(ValueError, match="core"):
        realise([], 0, "train")
    with pytest.raises(ValueError, match="time scope"):
        realise(cores, 0, "train", time="yesterday")


def test_a_hand_written_form_still_gets_a_family_of_each_partition():
    own = Text(en="And the K?", zh="那血钾呢？")
    out = finalise(own, Implicitness.PE)
    assert isinstance(out, Realised) and finalise(out) is out
    assert out.family in {f.name for f in families("train")}
    assert out.test_family in {f.name for f in families("test")}
    for text in (out, out.test):  # kept whole, never re-framed as an ellipsis of itself
        assert "the K?" in text.en or "K?" in text.en
        assert "血钾呢？" in text.zh
