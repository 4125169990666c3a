"""Metrics over hand-written TurnResult lists, expected numbers computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

from physassist_env.grading import (
    GraderSpec,
    GradingContext,
    TurnResult,
    bootstrap_ci,
    breakdown,
    group_sessions,
    main_table,
    main_table_ci,
    make_grader,
    mrs,
    pass_at_session,
    pass_at_turn,
    pass_hat_k,
    tool_statistics,
)
from physassist_env.scenarios.model import (
    Implicitness,
    MentionCheck,
    RubricItem,
    Session,
    TaskType,
    Text,
    ToolSource,
    Turn,
)

SPEC = GraderSpec(name="rules", args={"window": 12})
TYPES = ["IL", "DG", "CR", "WU"]
META = {  # session -> (tier, scenario, literacy)
    "A": ("L1", "med_safety", "low"),
    "B": ("L2", "diagnostic_workup", None),
    "C": ("L3", "med_safety", "high"),
}


def _r(
    session: str,
    turn: int,
    score: float | None,
    *,
    language: str = "en",
    trial: int = 0,
    calls: int = 0,
    invalid: int = 0,
    budget: bool = False,
    clar: int = 0,
) -> TurnResult:
    tier, scenario, literacy = META.get(session, ("L1", "med_safety", None))
    return TurnResult(
        run_id="run",
        session_id=session,
        trial=trial,
        language=language,
        scenario=scenario,
        tier=tier,
        arc_index=0,
        turn_index=turn,
        task_type=TYPES[turn],
        implicitness="explicit" if turn == 0 else "NA",
        literacy=literacy,
        score=score,
        n_items=4,
        n_unjudged=4 if score is None else 0,
        grader=SPEC,
        tool_calls=calls,
        invalid_calls=invalid,
        budget_exhausted=budget,
        clarifications=clar,
    )


def _fixture() -> list[TurnResult]:
    en = [
        # A (L1): 1.0 .8 .6 .5 -> mean .725; passes .60 on 3 turns, .75 on 2
        _r("A", 0, 1.0, calls=3, invalid=1),
        _r("A", 1, 0.8, calls=2),
        _r("A", 2, 0.6, clar=1),
        _r("A", 3, 0.5, calls=1),
        # B (L2): 1 1 .7 .8 -> mean .875; passes .60 on 4 turns, .75 on 3
        _r("B", 0, 1.0, calls=1),
        _r("B", 1, 1.0, calls=1, clar=1),
        _r("B", 2, 0.7, calls=1),
        _r("B", 3, 0.8, calls=1),
        # C (L3): .5 None 1 .25 -> mean of scored 1.75/3; incomplete (no Pass@Session)
        _r("C", 0, 0.5, calls=2),
        _r("C", 1, None, calls=2),
        _r("C", 2, 1.0, calls=2),
        _r("C", 3, 0.25, calls=2, invalid=2, budget=True),
    ]
    zh = [_r("A", i, s, language="zh") for i, s in enumerate([0.0, 0.0, 0.0, 1.0])]
    return en + zh


def test_main_table_hand_computed() -> None:
    table = main_table(_fixture())
    en, zh = table["en"], table["zh"]
    a, b, c = 2.9 / 4, 3.5 / 4, 1.75 / 3
    assert en["mRS"]["L1"] == pytest.approx(a)
    assert en["mRS"]["L2"] == pytest.approx(b)
    assert en["mRS"]["L3"] == pytest.approx(c)
    assert en["mRS"]["all"] == pytest.approx((a + b + c) / 3)
    assert en["pass_at_turn"] == {
        "0.60": pytest.approx(8 / 11),
        "0.75": pytest.approx(6 / 11),
    }
    # complete sessions: A (fails both), B (passes .60, fails .75 on its 0.7 turn)
    assert en["pass_at_session"] == {"0.60": 0.5, "0.75": 0.0}
    assert zh["mRS"] == {"L1": 0.25, "L2": None, "L3": None, "all": 0.25}
    assert zh["pass_at_turn"]["0.60"] == 0.25
    assert zh["pass_at_session"]["0.60"] == 0.0


def test_single_metrics_and_tiers() -> None:
    en = [r for r in _fixture() if r.language == "en"]
    assert mrs(en, "L2") == pytest.approx(0.875)
    assert mrs([]) is None and pass_at_turn([], 0.6) is None
    assert pass_at_session(en, 0.6) == 0.5
    assert len(group_sessions(en)) == 3
    with pytest.raises(ValueError):
        group_sessions([_r("A", 0, 1.0), _r("A", 0, 0.5)])


def test_breakdowns_hand_computed() -> None:
    rows = _fixture()
    by_type = breakdown(rows, "task_type")["en"]
    assert by_type["IL"]["mRS"] == pytest.approx((1.0 + 1.0 + 0.5) / 3)
    # DG: A .8, B 1.0, C unscored (left out)
    assert by_type["DG"]["mRS"] == pytest.approx(0.9)
    assert by_type["DG"]["pass_at_turn"]["0.60"] == 1.0
    assert "pass_at_session" not in by_type["DG"]
    by_scenario = breakdown(rows, "scenario")["en"]
    assert by_scenario["med_safety"]["mRS"] == pytest.approx((2.9 / 4 + 1.75 / 3) / 2)
    assert (
        by_scenario["med_safety"]["pass_at_session"]["0.60"] == 0.0
    )  # only A complete
    assert by_scenario["diagnostic_workup"]["pass_at_session"]["0.60"] == 1.0
    by_lit = breakdown(rows, "literacy")["en"]
    assert set(by_lit) == {"low", "high", "none"}
    assert by_lit["none"]["mRS"] == pytest.approx(0.875)
    by_impl = breakdown(rows, "implicitness")["en"]
    assert by_impl["explicit"]["turns"] == 3 and by_impl["NA"]["turns"] == 9
    with pytest.raises(ValueError):
        breakdown(rows, "score")


def test_tool_statistics_hand_computed() -> None:
    stats = tool_statistics(_fixture())["en"]
    assert stats["turns"] == 12
    assert stats["calls_per_turn"] == pytest.approx(18 / 12)
    assert stats["invalid_call_rate"] == pytest.approx(3 / 18)
    assert stats["budget_exhaustion_rate"] == pytest.approx(1 / 12)
    assert stats["clarifications_per_turn"] == pytest.approx(2 / 12)
    assert stats["unjudged_items"] == 4 and stats["unscored_turns"] == 1
    assert tool_statistics(_fixture())["zh"]["invalid_call_rate"] is None  # no calls


def _trials(session: str, outcomes: list[bool]) -> list[TurnResult]:
    return [
        _r(session, 0, 1.0 if ok else 0.5, trial=k) for k, ok in enumerate(outcomes)
    ]


def test_pass_hat_k_unbiased_estimator() -> None:
    rows = _trials("X", [True, True, True, False]) + _trials("Y", [True, False, False])
    # X: n=4, c=3 -> C(3,k)/C(4,k) = 3/4, 3/6, 1/4, 0
    # Y: n=3, c=1 -> 1/3, 0, 0, (left out at k=4)
    assert pass_hat_k(rows, 1) == pytest.approx((3 / 4 + 1 / 3) / 2)
    assert pass_hat_k(rows, 2) == pytest.approx((0.5 + 0) / 2)
    assert pass_hat_k(rows, 3) == pytest.approx((0.25 + 0) / 2)
    assert pass_hat_k(rows, 4) == 0.0
    assert pass_hat_k(rows, 5) is None
    assert pass_hat_k(rows, 1, threshold=0.5) == 1.0
    with pytest.raises(ValueError):
        pass_hat_k(rows, 0)


def test_bootstrap_two_sessions_by_hand() -> None:
    rows = [_r("S0", 0, 0.0), _r("S1", 0, 1.0)]
    # resamples give mRS 0 (p=1/4), .5 (1/2), 1 (1/4): the 95% interval is [0, 1]
    assert bootstrap_ci(rows, mrs, n_boot=2000, seed=1) == (0.0, 1.0)
    narrow = bootstrap_ci(rows, mrs, n_boot=2000, seed=1, alpha=0.6)
    assert narrow == (0.5, 0.5)


def _many(n: int, seed: int) -> list[TurnResult]:
    rng = np.random.default_rng(seed)
    return [
        _r(f"s{i}", t, float(rng.choice([0.0, 0.25, 0.5, 0.75, 1.0])), trial=k)
        for i in range(n)
        for k in range(2)
        for t in range(4)
    ]


def test_bootstrap_seeded_and_resamples_whole_sessions() -> None:
    rows = _many(30, 0)
    a = bootstrap_ci(rows, mrs, n_boot=300, seed=7)
    assert a == bootstrap_ci(rows, mrs, n_boot=300, seed=7)
    b = bootstrap_ci(rows, mrs, n_boot=300, seed=8)
    assert a is not None and b is not None and abs(a[0] - b[0]) < 0.05
    assert a is not None and a[0] < mrs(rows) < a[1]
    # pass^k under resampling: a cluster drawn twice must not pool its trials
    ci = bootstrap_ci(rows, lambda s: pass_hat_k(s, 2, 0.5), n_boot=200, seed=0)
    assert ci is not None and 0.0 <= ci[0] <= ci[1] <= 1.0
    with pytest.raises(ValueError):
        bootstrap_ci(rows, mrs, n_boot=0)


def test_main_table_ci_matches_point_estimates() -> None:
    rows = _fixture()
    plain = main_table(rows)
    ci = main_table_ci(rows, n_boot=200, seed=0)
    for lang in plain:
        for block in ("mRS", "pass_at_turn", "pass_at_session"):
            for key, value in plain[lang][block].items():
                cell = ci[lang][block][key]
                assert cell["value"] == value
                if value is not None:
                    assert cell["lo"] <= value + 1e-12 and value - 1e-12 <= cell["hi"]


def test_from_grade_records_everything() -> None:
    item = RubricItem(
        id="t0-i0", criterion=Text(en="x", zh="x"), check=MentionCheck(terms=["foo"])
    )
    turn = Turn(
        index=0,
        task_type=TaskType.IL,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=Text(en="r", zh="r"),
        request_explicit=Text(en="r", zh="r"),
        topic="t",
        gold_answer=Text(en="foo", zh="foo"),
        rubric=[item],
    )
    session = Session(
        session_id="s1",
        patient_id="p1",
        current_date="2180-01-01",
        scenario="med_safety",
        tier="L2",
        arc_index=3,
        situation=Text(en="s", zh="s"),
        turns=[turn],
        persona={"literacy": "low"},
    )
    grade = make_grader("rules").grade(turn, GradingContext(answer="foo"))
    r = TurnResult.from_grade(
        grade, session, turn, run_id="r1", trial=2, tool_calls=3, termination="answered"
    )
    assert (r.score, r.n_items, r.literacy, r.tier, r.trial) == (1.0, 1, "low", "L2", 2)
    assert r.items[0].met is True and r.grader.name == "rules"
    again = TurnResult.model_validate_json(r.model_dump_json())
    assert again == r
