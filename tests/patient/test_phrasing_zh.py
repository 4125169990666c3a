"""Natural Chinese in patient speech: injections are 打, inhalers 用, pills 吃; a pill
organiser is no reason for insulin."""

from __future__ import annotations

from physassist_env.patient.lexicon import BY_KEY
from physassist_env.patient.models import Adherence
from physassist_env.patient.phrasing import adherence, reason_wording, regimen, verb_zh


def test_verb_follows_the_form() -> None:
    assert verb_zh(BY_KEY["insulin"]) == "打"
    assert verb_zh(BY_KEY["heparin"]) == "打"
    assert verb_zh(None, "Enoxaparin Sodium") == "打"
    assert verb_zh(BY_KEY["albuterol"]) == "用"
    assert verb_zh(BY_KEY["metformin"]) == "吃"


def test_insulin_is_injected_not_eaten() -> None:
    ins = BY_KEY["insulin"]
    _, zh = regimen(ins, "insulin", "10 units", "qhs", True)
    assert all(z.startswith("我打") for z in zh) and not any("吃" in z for z in zh)
    assert not any("打打" in z or "打的" in z for z in zh), zh
    for status in (
        Adherence.GOOD,
        Adherence.POOR,
        Adherence.RAN_OUT,
        Adherence.UNKNOWN,
    ):
        _, zh = adherence(ins, "insulin", status, "feel", ("2 weeks", "2周"))
        assert not any("吃" in z for z in zh), zh
    _, zh = adherence(ins, "insulin", Adherence.POOR, None, None)
    assert "漏打" in zh[0]
    _, zh = regimen(None, "Enoxaparin", None, "prn", True)
    assert "需要时打" in zh[0]
    # pills keep 吃
    _, zh = regimen(BY_KEY["metformin"], "metformin", "500 mg", "bid", True)
    assert zh[0].startswith("我吃")


def test_no_pill_organiser_for_injections() -> None:
    assert reason_wording("organiser", "打") is None
    assert reason_wording("organiser") == ("I use a pill organiser", "我用分药盒")
    en, zh = adherence(BY_KEY["insulin"], "insulin", Adherence.GOOD, "organiser", None)
    assert not any("organiser" in e for e in en) and not any("分药盒" in z for z in zh)
