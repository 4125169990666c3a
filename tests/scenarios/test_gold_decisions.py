"""Decisions that priors and chart markers cannot predict (issue #36): multi-fact rules,
premises that make the question worth asking, writes whose content is not in the request,
the planner's outcome balance, early anchors and the test split's outcome guard. Facts are
injected into a real context of the small synthetic hospital, as in test_gold_rules."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import numpy as np
import pytest
from test_gold6_rules import without_potassium_given
from test_gold_rules import PAIR, RS, _dated, _first, _gold_ok, _grade, _order, _series

from physassist_env.scenarios.features import LabPoint, LabSeries
from physassist_env.scenarios.generate import (
    _excess,
    _repair_outcomes,
    split_sessions,
)
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import (
    ARCS,
    Balance,
    anchor_dates,
    arc_order,
    decision_days,
    weighted_order,
)
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import hematology as HE
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import writes as WR
from physassist_env.scenarios.topics.base import Draft
from physassist_env.scenarios.vocab import LABS


def _k_ctx(records):
    return _first(
        records,
        lambda c: (
            "potassium" in c.facts.labs
            and "creatinine" in c.facts.labs
            and c.facts.labs["creatinine"].latest.value < 2.0
            and not EL.cardiac_target(c)
        ),
    )


def _no_kcl(ctx) -> None:
    without_potassium_given(ctx)  # no order, and no dose given (round 9)


# ------------------------------------------------------------ potassium: three facts
def test_potassium_is_asked_below_four_and_reads_the_heart(synthetic_records):
    ctx = _k_ctx(synthetic_records)
    _no_kcl(ctx)
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [4.4, 4.3], "mEq/L"), 0
    )
    assert EL.potassium_dose(ctx) is None  # 4.3: nobody asks
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [4.4, 3.7], "mEq/L"), 0
    )
    d = EL.potassium_dose(ctx)
    assert d is not None and d.decision == "no replacement"
    _gold_ok(d, ctx)
    # the same 3.7, which the laboratory calls normal, with heart failure: replace to 4.0
    ctx.facts.history.append(("I5022", "Chronic systolic heart failure", ""))
    d = EL.potassium_dose(ctx)
    assert d is not None and d.decision == "replace" and "40 mEq" in d.gold_answer.en
    assert "4.0" in d.gold_answer.en and "normal" not in d.gold_answer.en
    _gold_ok(d, ctx)
    prior = "Potassium 3.7 mEq/L is normal: no replacement is needed; monitor it."
    assert _grade(d, ctx, prior) < 0.6


def test_potassium_already_replaced_after_the_draw_is_rechecked(synthetic_records):
    ctx = _k_ctx(synthetic_records)
    _no_kcl(ctx)
    k = _dated(ctx, _series("potassium", [3.9, 3.2], "mEq/L", "L"), 0)
    ctx.facts.labs["potassium"] = k
    d = EL.potassium_dose(ctx)
    assert d is not None and d.decision == "replace"
    later = k.latest.time[:11] + "11:30:00"
    ctx.facts.orders.append(
        _order("Potassium Chloride", None, 40.0, "mEq", "PO", "ONCE", later)
    )
    d = EL.potassium_dose(ctx)
    assert d is not None and d.decision == "already replaced: recheck"
    assert "already" in d.gold_answer.en.lower()
    marker = "Potassium 3.2 mEq/L is low: replace with potassium chloride 40 mEq PO and recheck."
    assert _grade(d, ctx, marker) < 1.0
    assert WR.replace_potassium(ctx) is None  # no second dose ordered on the same draw


# ------------------------------------------------------------ transfusion near threshold
def test_transfusion_is_asked_near_the_threshold_and_reads_the_transfusion(
    synthetic_records,
):
    ctx = _first(
        synthetic_records,
        lambda c: (
            "hemoglobin" in c.facts.labs
            and HE._threshold(c) is not None
            and HE._threshold(c)[0] == 7.0
        ),
    )
    ctx.facts.labs["hemoglobin"] = _dated(
        ctx, _series("hemoglobin", [12.3, 12.1], "g/dL", "L"), 0
    )
    assert HE.transfusion_threshold(ctx) is None  # stable 12: not a question
    ctx.facts.labs["hemoglobin"] = _dated(
        ctx, _series("hemoglobin", [7.9, 7.4], "g/dL", "L"), 0
    )
    d = HE.transfusion_threshold(ctx)
    assert d is not None and d.decision == "no transfusion"
    _gold_ok(d, ctx)
    # coronary disease: the same 7.4 g/dL is below its 8 g/dL threshold
    ctx.facts.history.append(("I2510", "Coronary atherosclerosis", ""))
    d = HE.transfusion_threshold(ctx)
    assert d is not None and d.decision == "transfuse"
    _gold_ok(d, ctx)
    prior = "Hemoglobin 7.4 g/dL is above the restrictive threshold of 7: no transfusion is indicated."
    assert _grade(d, ctx, prior) < 0.6


def test_transfusions_since_reads_red_cell_procedures() -> None:
    class _Found:
        text = (
            "Procedure: 2 result(s)\n"
            "- 2150-01-03 | Transfusion of Nonautologous Red Blood Cells into Peripheral Vein | completed\n"
            "- 2150-01-02 | Resection of Gallbladder | completed"
        )

    class _Tk:
        def call(self, name, args):
            return _Found()

    class _Ctx:
        toolkit = _Tk()

    assert HE.transfusions_since(_Ctx(), "2150-01-03") == ["2150-01-03"]  # type: ignore[arg-type]


# ------------------------------------------------------------ KDIGO: not on a flat creatinine
def test_kdigo_is_not_asked_on_a_flat_normal_creatinine(synthetic_records):
    ctx = _first(synthetic_records, lambda c: "creatinine" in c.facts.labs)
    ctx.facts.history = [
        h for h in ctx.facts.history if not h[0].startswith(("N186", "Z992", "585"))
    ]
    ctx.facts.labs["creatinine"] = _series("creatinine", [0.9, 0.95, 0.9], "mg/dL")
    assert RN.kdigo_aki(ctx) is None
    # a stable raised creatinine (chronic): asked, and it is not AKI although flagged H
    ctx.facts.labs["creatinine"] = _series("creatinine", [2.1, 2.2, 2.1], "mg/dL", "H")
    d = RN.kdigo_aki(ctx)
    # round 8b: with a low eGFR it is said as stable reduced function (CKD), still no AKI
    assert d is not None and d.decision in ("no AKI", "stable reduced function")
    assert d.gold_answer.en.startswith("No AKI")
    # a doubling inside the reference range (0.5 -> 1.0, flagged normal) is stage 2
    ctx.facts.labs["creatinine"] = _series("creatinine", [0.5, 0.7, 1.0], "mg/dL")
    d = RN.kdigo_aki(ctx)
    assert d is not None and d.decision == "stage 2"
    _gold_ok(d, ctx)


# ------------------------------------------------------------ ACE inhibitor: K and AKI
def test_ace_inhibitor_is_held_in_aki_with_a_normal_potassium(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: "potassium" in c.facts.labs and "creatinine" in c.facts.labs,
    )
    ctx.facts.orders.append(
        _order("Lisinopril", "lisinopril", 10.0, "mg", "PO", "DAILY")
    )
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [4.4, 4.6], "mEq/L"), 0
    )
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [0.9, 1.6, 1.9], "mg/dL", ["", "H", "H"]), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["acei_k"], "lisinopril")
    assert d is not None and d.decision == "hold"
    assert "KDIGO stage 2" in d.gold_answer.en
    _gold_ok(d, ctx)
    marker = "Potassium 4.6 mEq/L is normal: it is safe to continue lisinopril; monitor the potassium."
    assert _grade(d, ctx, marker) < 0.6


# ------------------------------------------------------------ writes the request does not spell
def test_safety_flag_states_the_value_and_the_action(synthetic_records):
    ctx = _first(synthetic_records, lambda c: "potassium" in c.facts.labs)
    ctx.facts.orders.append(
        _order("Lisinopril", "lisinopril", 10.0, "mg", "PO", "DAILY")
    )
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [4.9, 5.9], "mEq/L", ["", "H"]), 0
    )
    ctx.facts.labs.pop("creatinine", None)
    d = WR.flag_safety(ctx, PAIR["acei_k"], "lisinopril")
    assert d is not None and d.decision == "hold"
    args = d.gold_actions[-1].arguments
    assert "5.9" in args["code"] + args["detail"] and "hold" in args["detail"]
    for text in (d.explicit.en, d.explicit.zh):
        assert (
            "5.9" not in text and "potassium" not in text.lower() and "血钾" not in text
        )
    _gold_ok(d, ctx)


def test_consult_service_and_priority_come_from_the_chart(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: (
            bool(c.facts.conditions)
            and c.facts.conditions[0][0].startswith(("J18", "486", "A41", "038"))
        ),
    )
    ctx.facts.labs.pop("lactate", None)
    d = WR.consult(ctx)
    assert d is not None and d.decision == "infectious disease, routine"
    ctx.facts.labs["lactate"] = _dated(
        ctx, _series("lactate", [1.8, 3.4], "mmol/L", ["", "H"]), 0
    )
    d = WR.consult(ctx)
    assert d is not None and d.decision == "infectious disease, urgent"
    assert d.gold_actions[-1].arguments["priority"] == "urgent"
    for text in (d.explicit.en, d.explicit.zh):
        assert "infectious" not in text and "感染" not in text
        assert "urgent" not in text.lower() and "加急" not in text


def test_followup_service_and_date_come_from_the_chart(synthetic_records):
    ctx = _first(synthetic_records, lambda c: bool(c.facts.conditions))
    ctx.facts.labs.pop("creatinine", None)
    ctx.facts.conditions = [("I5023", "Acute on chronic systolic heart failure")]
    d = WR.followup(ctx)
    assert d is not None and d.decision == "cardiology, 7 days"
    assert "cardiology" in d.gold_actions[-1].arguments["service_type"]
    assert "heart" not in d.explicit.en.lower() and "week" not in d.explicit.en


# ------------------------------------------------------------ planner and split
def _draft(topic: str, decision: str) -> Draft:
    return Draft(
        None, None, topic, [], None, {}, [], [], None, [], set(), decision=decision
    )  # type: ignore[arg-type]


def test_balance_keeps_an_outcome_within_its_lead_and_wants_the_other():
    b = Balance()
    yes, no = _draft("t", "yes"), _draft("t", "no")
    assert b.admits(no) and not b.wanted(no)
    b.keep([no, no])
    assert not b.admits(no) and b.admits(yes) and b.wanted(yes)
    assert b.admits(_draft("other", "no")) and b.admits(_draft("lookup", ""))


def test_anchors_hold_discharge_planning_on_the_day_before_discharge():
    enc = {"period": {"start": "2150-01-01T10:00:00", "end": "2150-01-08T12:00:00"}}
    labs = {
        "hemoglobin": LabSeries(
            LABS["hemoglobin"],
            [
                LabPoint("2150-01-02T05:00:00", 9.5, "g/dL", "L"),
                LabPoint("2150-01-04T05:00:00", 6.8, "g/dL", "L"),
                LabPoint("2150-01-06T05:00:00", 8.1, "g/dL", "L"),
            ],
        )
    }
    assert decision_days(labs, "2150-01-01", "2150-01-07") == ["2150-01-04"]
    for seed in range(20):
        rng = np.random.default_rng(seed)
        assert anchor_dates(enc, Scenario.DISCHARGE_PLANNING, rng, labs) == [
            "2150-01-07"
        ]
    early = Counter(
        tuple(
            anchor_dates(
                enc, Scenario.DIAGNOSTIC_WORKUP, np.random.default_rng(s), labs
            )
        )
        for s in range(40)
    )
    assert set(early) == {("2150-01-07",), ("2150-01-04", "2150-01-07")}


def test_arc_order_puts_fewer_lookups_first():
    arcs = list(range(len(ARCS)))
    firsts = Counter(
        sum(
            t.value == "IL"
            for t in ARCS[arc_order(arcs, np.random.default_rng(s))[0]][1:3]
        )
        for s in range(300)
    )
    assert firsts[0] > firsts[1] > firsts[2]


def test_arc_order_puts_data_gathering_last_behind_reasoning_and_writes():
    arcs = list(range(len(ARCS)))
    lasts = Counter(
        ARCS[arc_order(arcs, np.random.default_rng(s))[0]][3].value for s in range(400)
    )
    assert lasts["DG"] < lasts["CR"] and lasts["DG"] < lasts["WU"]


def test_weighted_order_is_a_permutation_that_favours_heavier_candidates():
    from physassist_env.scenarios.topics.menu import COPY_LOOKUP_WEIGHT, weighted

    fn = weighted(lambda c: None)
    assert fn.weight == COPY_LOOKUP_WEIGHT < 1.0
    weights = [1.0, 1.0, COPY_LOOKUP_WEIGHT, 1.0]
    firsts = Counter()
    for s in range(400):
        order = weighted_order(weights, np.random.default_rng(s))
        assert sorted(order) == [0, 1, 2, 3]
        firsts[order[0]] += 1
    # a copy lookup (weight 0.05 among three of 1.0) is tried first about 2 % of the time
    assert firsts[2] < min(firsts[0], firsts[1], firsts[3]) / 3


@pytest.mark.parametrize(
    "scenario, focus, copies",
    [
        (Scenario.MED_SAFETY, {"pair": None, "drug": "lisinopril"}, 6),
        (Scenario.DIAGNOSTIC_WORKUP, {"labs": ["sodium", "potassium"]}, 7),
        (Scenario.TREATMENT_RESPONSE, {"antibiotic": "cefepime"}, 7),
    ],
)
def test_copy_lookups_weigh_less_in_every_menu(scenario, focus, copies):
    """The lookups a chart row answers verbatim (a lab's latest value, peak or nadir, the
    current order, the last dose; issue #36: the knowledge-free policy scored 0.68-1.00 on
    them) are weighted down in the lookup slot; the others (the allergy asked against a
    drug, diagnoses, cultures) keep weight 1, and every scenario keeps at least two of them
    (session 11: ``diagnoses`` joined the medication-safety lookups; session 13: the bare
    allergy list is a copy lookup, ``menu.allergy_lookups``)."""
    from physassist_env.scenarios.model import TaskType
    from physassist_env.scenarios.topics.menu import COPY_LOOKUP_WEIGHT, menu

    il = menu(scenario, SimpleNamespace(focus=focus))[TaskType.IL]
    weights = [getattr(fn, "weight", 1.0) for fn in il]
    assert weights.count(COPY_LOOKUP_WEIGHT) == copies
    assert COPY_LOOKUP_WEIGHT <= 0.05 and weights.count(1.0) >= 2


@pytest.mark.parametrize(
    "scenario, focus",
    [
        (Scenario.MED_SAFETY, {"pair": SimpleNamespace(lab="potassium"), "drug": "x"}),
        (Scenario.TREATMENT_RESPONSE, {"antibiotic": "cefepime"}),
    ],
)
def test_lab_and_med_weighs_as_a_copy_lookup(scenario, focus):
    """``lab_and_med`` restates a lab value and a dose (issue #36: the knowledge-free
    policy scored 0.86-0.87 on it in both languages): it weighs like a copy lookup among
    the data-gathering candidates, whose others keep weight 1."""
    from physassist_env.scenarios.model import TaskType
    from physassist_env.scenarios.topics.menu import COPY_LOOKUP_WEIGHT, menu

    dg = menu(scenario, SimpleNamespace(focus=focus))[TaskType.DG]
    weights = [getattr(fn, "weight", 1.0) for fn in dg]
    assert weights.count(COPY_LOOKUP_WEIGHT) == 1 and weights.count(1.0) >= 2


class _Turn:
    def __init__(self, topic, decision):
        self.topic, self.decision = topic, decision


class _Session:
    """A session's key as the split reads it (``generate.SessionKey``)."""

    def __init__(self, sid, decisions, scenario=Scenario.MED_SAFETY, pid="", topic="t"):
        self.session_id, self.turns = sid, [_Turn(topic, d) for d in decisions]
        self.decisions = tuple((t.topic, t.decision) for t in self.turns if t.decision)
        self.scenario, self.tier, self.patient_id = scenario, "L1", pid or sid


def test_empty_pool_splits_to_nothing():
    assert split_sessions({}, test_per_cell=1)[0] == []


def test_repair_swaps_out_an_over_held_outcome_and_keeps_the_cell():
    chosen = [
        _Session("a", ["no"]),
        _Session("b", ["no"]),
        _Session("c", ["yes"]),
        _Session("h", ["y"], topic="u"),
    ]
    assert _excess(Counter({("t", "no"): 2, ("t", "yes"): 1})) > 0  # 67 % > 60 %
    assert _excess(Counter({("t", "no"): 3, ("t", "yes"): 2})) == 0  # 60 %
    spare = {
        "d": [_Session("d", [])],
        "e": [_Session("e", ["no"])],
        "f": [_Session("f", ["yes"])],
        "g": [_Session("g", ["x"], topic="u"), _Session("g2", ["y"], topic="u")],
    }
    # t at 2-1 (67 %) and u at 1-0 (100 %): a "no" goes out for u's other outcome (both
    # topics 1-1), never for a session without a decision (a lookup)
    fixed = _repair_outcomes(chosen, spare, ["e", "d", "f", "g"])  # type: ignore[arg-type]
    assert [s.session_id for s in fixed] == ["g", "b", "c", "h"]
    # a topic with one test turn holds 100 % of it, as does the one it is swapped for:
    # left as it is when nothing lowers the excess
    fixed = _repair_outcomes([_Session("a", ["no"])], spare, ["e", "d", "f"])  # type: ignore[arg-type]
    assert [s.session_id for s in fixed] == ["a"]
    # nothing to swap in: left as it is
    alone = _Session("a", ["no"])
    assert _repair_outcomes([alone], {}, []) == [alone]  # type: ignore[arg-type]


def test_card_states_the_outcome_shares_of_the_test_split():
    from physassist_env.dataset.stats import decision_shares, render_decision_shares

    table = {
        "t: no": {"train": 5, "test": 2, "total": 7},
        "t: yes": {"train": 1, "test": 2, "total": 3},
        "u: hold": {"train": 2, "test": 3, "total": 5},
    }
    assert decision_shares(table) == {"t": {"no": 0.5, "yes": 0.5}, "u": {"hold": 1.0}}
    text = render_decision_shares(table)
    assert "| `t` | 4 | no 50%; yes 50% |" in text and "`u` (above 60 %)" in text
