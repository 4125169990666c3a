"""Gold a physician signs on real records, round 6b (issue #37): the classes the fresh
independent reading of round 5 found wrong, fixed by their principle and tested on
synthetic facts (never on MIMIC values). Each test fails on the behaviour before the fix.
"""

from __future__ import annotations

from types import SimpleNamespace

from test_physician_round5 import _facts, _request, _View

from physassist_env.scenarios.derived import DailyDose, daily_dose, last_discharge_list
from physassist_env.scenarios.features import MedOrder
from physassist_env.scenarios.topics import reconciliation as RC

END = "2150-02-04T12:00:00"  # the last stay's discharge in ``_View``


def _now(oid: str, name: str, dose: float, freq: str, **kw) -> MedOrder:
    base = dict(generic=None, dose=dose, dose_unit="mg", route="PO", frequency=freq,
                status="active", start="2150-03-01T09:00:00", end="", hadm_id="h2")  # fmt: skip
    return MedOrder(oid, name, **(base | kw))


# ------------------------------------------- 1. reconciliation against the last discharge
def test_orders_stopped_before_the_discharge_are_not_on_its_list():
    last = last_discharge_list(
        _View(
            [
                _request("a", "h1", "Lisinopril", "PO", "DAILY", END),
                # stopped by the team on the morning of the discharge (ICU electrolyte
                # replacement, stress-ulcer famotidine): not what the patient went home on
                _request("b", "h1", "Neutra-Phos", "PO", "BID", "2150-02-04T08:00:00"),
                _request("c", "h1", "Famotidine", "PO", "Q12H", "2150-02-04T08:00:00"),
                # the ventilator bundle's oral care, open at the discharge: never a home drug
                _request("d", "h1", "Chlorhexidine Gluconate 0.12% Oral Rinse", "PO", "BID", END),
            ]
        ),
        _facts(),
    )  # fmt: skip
    assert last is not None and last.generics == ["lisinopril"]


def test_doses_are_compared_a_day_not_an_administration():
    def day(*orders: MedOrder) -> DailyDose | None:
        return daily_dose(list(orders))

    tid = day(_now("1", "Carvedilol", 25, "TID"))
    bid = day(_now("2", "Carvedilol", 37.5, "BID"))
    assert tid == bid == DailyDose(75.0, "mg", frozenset())
    # every other day is half a daily dose; an unreadable schedule claims nothing
    assert day(_now("3", "Digoxin", 0.125, "QOD")).amount == 0.0625
    assert day(_now("4", "Digoxin", 0.125, "Q72H PRN-ish")) is None
    # an insulin slot re-written at a new dose: only the latest order counts
    old = _now("5", "Insulin Glargine", 20, "HS", dose_unit="UNIT")
    new = _now("6", "Insulin Glargine", 25, "HS", dose_unit="UNIT",
               start="2150-03-02T09:00:00")  # fmt: skip
    assert day(old, new).amount == 25.0


def _changes(then: list[dict], now: list[MedOrder], drug: str) -> dict:
    last = last_discharge_list(_View(then), _facts())
    assert last is not None
    f = _facts()
    f.orders.extend(now)
    return RC.dose_changes(SimpleNamespace(facts=f), last, [drug])


def test_same_dose_a_day_in_a_new_formulation_is_not_a_dose_change():
    then = [
        _request("m", "h1", "Metoprolol Succinate XL", "PO", "DAILY", END, dose=100)
    ]
    # tartrate 50 mg BID = 100 mg a day: a formulation change, not "a lower dose"
    now = [_now("n", "Metoprolol Tartrate", 50, "BID")]
    assert _changes(then, now, "metoprolol") == {
        "metoprolol": ("the same dose a day, new formulation", "每日剂量相同，剂型已换")
    }
    # carvedilol 25 mg TID -> 37.5 mg BID: the same 75 mg a day, nothing to report
    then = [_request("c", "h1", "Carvedilol", "PO", "TID", END, dose=25)]
    assert _changes(then, [_now("n", "Carvedilol", 37.5, "BID")], "carvedilol") == {}


def test_a_change_of_frequency_at_the_same_dose_is_a_dose_change():
    # torsemide 60 mg daily -> 60 mg BID is doubled; digoxin daily -> every other day
    # halved: the per-administration comparison called both "continued"
    then = [_request("t", "h1", "Torsemide", "PO", "DAILY", END, dose=60)]
    assert _changes(then, [_now("n", "Torsemide", 60, "BID")], "torsemide") == {
        "torsemide": ("a higher dose a day now", "现每日剂量较高")
    }
    then = [_request("g", "h1", "Digoxin", "PO", "DAILY", END, dose=0.125)]
    assert _changes(then, [_now("n", "Digoxin", 0.125, "QOD")], "digoxin") == {
        "digoxin": ("a lower dose a day now", "现每日剂量较低")
    }


def test_a_drug_whose_replacement_order_was_stopped_does_not_go_home():
    f = _facts(current_date="2150-03-02")
    tid = _now("1", "CloniDINE", 0.2, "TID", status="stopped", changed=True,
               start="2150-03-01T14:00:00", end="2150-03-02T08:00:00")  # fmt: skip
    f.orders.append(tid)
    # the change order's successor not yet visible: the drug goes on
    assert [o.id for o in f.going_home_orders()] == ["1"]
    # the BID order that replaced it was discontinued the same evening: stopped
    f.orders.append(
        _now("2", "CloniDINE", 0.2, "BID", status="stopped",
             start="2150-03-02T08:00:00", end="2150-03-02T20:00:00")
    )  # fmt: skip
    assert f.going_home_orders() == []


# ------------------------------------------- 2. QT-risk combinations beyond ondansetron
def test_the_qt_topic_reads_every_qt_drug_and_the_risk_factors(synthetic_records):
    from test_gold_rules import _dated, _first, _gold_ok, _order, _series

    from physassist_env.scenarios.topics import orders as OR

    ctx = _first(synthetic_records, lambda c: True)
    ctx.facts.orders = [
        o for o in ctx.facts.orders if OR.drug_of(o) not in OR.QT_RISK
    ] + [
        _order("Ondansetron", "ondansetron", 4, "mg", "IV", "Q8H:PRN"),
        _order("Ziprasidone Hydrochloride", None, 40, "mg", "PO", "BID"),
        _order("Fluoxetine", None, 20, "mg", "PO", "DAILY"),
        # an eye ointment is no systemic dose of a macrolide
        _order("Erythromycin 0.5% Ophth Oint", None, 1, "Appl", "BOTH EYES", "QID"),
    ]  # fmt: skip
    for key, values in (("potassium", [4.0, 4.2]), ("magnesium", [2.0, 2.1])):
        unit = "mEq/L" if key == "potassium" else "mg/dL"
        ctx.facts.labs[key] = _dated(ctx, _series(key, values, unit), 0)
    ctx.facts.female, ctx.facts.age = True, 70
    assert OR.qt_drugs(ctx.facts) == ["ondansetron", "ziprasidone", "fluoxetine"]
    d = OR.qt_combination(ctx)
    # before: "No QT-prolonging combination: ondansetron is the only drug with known QT
    # risk" beside a ziprasidone its label forbids with other QT drugs
    assert d is not None and d.decision == "combination"
    assert "ziprasidone" in d.gold_answer.en and "齐拉西酮" in d.gold_answer.zh
    assert "female sex" in d.gold_answer.en and "女性" in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert OR.qt_flag(ctx) is not None


# ------------------------------------------- 3. implausible lab values
def _points(key: str, rows: list[tuple[str, float, str]], unit: str):
    from physassist_env.scenarios.features import LabPoint, LabSeries
    from physassist_env.scenarios.vocab import LABS

    return LabSeries(LABS[key], [LabPoint(t, v, unit, f) for t, v, f in rows])


GLUCOSE = [
    ("2150-03-11T08:00:00", 152.0, "H"),
    ("2150-03-12T06:00:00", 383.0, "H"),
    # drawn above a dextrose infusion: 909 with a high potassium, 183 and a normal
    # potassium on the repeat 74 minutes later
    ("2150-03-13T10:00:00", 909.0, "H"),
    ("2150-03-13T11:14:00", 183.0, "H"),
    ("2150-03-13T18:00:00", 240.0, "H"),
]
POTASSIUM = [
    ("2150-03-13T10:00:00", 5.6, "H"),
    ("2150-03-13T11:14:00", 3.7, ""),
]


def test_a_glucose_a_prompt_repeat_contradicts_is_a_contaminated_draw():
    from physassist_env.clinical.specimen import contaminated_glucose

    glu = [(t, v) for t, v, _ in GLUCOSE]
    assert contaminated_glucose(glu, POTASSIUM) == {"2150-03-13T10:00:00"}
    # a high potassium on the repeat too (a real hyperkalaemic hyperglycaemia), or a
    # repeat that only halves over hours (an insulin infusion), is no contamination
    assert contaminated_glucose(glu, [(t, v, "H") for t, v, _ in POTASSIUM]) == set()
    slow = [("2150-03-13T10:00:00", 600.0), ("2150-03-13T14:00:00", 280.0)]
    assert contaminated_glucose(slow, POTASSIUM) == set()


def test_a_contaminated_glucose_is_no_highest_value_and_is_said():
    from physassist_env.scenarios.derived import glucose_counts
    from physassist_env.scenarios.topics.base import left_out

    glu = _points("glucose", GLUCOSE, "mg/dL")
    glu.contaminated = frozenset({"2150-03-13T10:00:00"})
    # before: "the highest 909 mg/dL, over 6 readings"
    assert glu.highest.value == 383.0
    assert glucose_counts(glu) == (4, 0, 3)
    en, zh = left_out(glu)
    assert "contaminated draw" in en and "909" in en and "污染" in zh


# ------------------------------------------- 4. premise and context
def test_cha2ds2vasc_does_not_start_what_runs_nor_add_triple_therapy(synthetic_records):
    from test_gold_rules import _first, _gold_ok, _grade, _order

    from physassist_env.scenarios.derived import ANTICOAGULANTS, P2Y12, drug_of
    from physassist_env.scenarios.topics import reasoning as RS

    ctx = _first(
        synthetic_records,
        lambda c: (
            c.facts.age is not None
            and not c.facts.anticoagulation_cautions()
            and not RS.bleeding_reasons(c.facts)
        ),
    )
    f = ctx.facts
    f.age = 78
    f.history += [
        ("I4891", "Unspecified atrial fibrillation", f.hadm_id),
        ("I10", "Essential (primary) hypertension", f.hadm_id),
    ]
    skip = {*ANTICOAGULANTS, *P2Y12, "aspirin"}
    f.orders = [o for o in f.orders if drug_of(o) not in skip]
    f.given = {g: n for g, n in f.given.items() if g not in skip}
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "anticoagulation is recommended" in d.gold_answer.en
    # already on rivaroxaban: continue it, not "start" (before: 建议启动抗凝治疗)
    f.orders.append(_order("Rivaroxaban", "rivaroxaban", 20, "mg", "PO", "DAILY"))
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "continue anticoagulant"
    assert "continue the rivaroxaban" in d.gold_answer.en
    assert "继续" in d.gold_answer.zh and "启动抗凝" not in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert _grade(d, ctx, "CHA2DS2-VASc is 4; start anticoagulation.") < 1.0
    # on aspirin and prasugrel after a bleed in an earlier admission: adding an
    # anticoagulant is triple therapy, the bleeding risk is weighed and said
    f.orders = [o for o in f.orders if drug_of(o) != "rivaroxaban"]
    f.orders += [
        _order("Aspirin", "aspirin", 81, "mg", "PO", "DAILY"),
        _order("Prasugrel", "prasugrel", 10, "mg", "PO", "DAILY"),
    ]
    f.history.append(("K5731", "Diverticulosis with bleeding", "earlier"))
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "weigh triple therapy"
    assert (
        "triple therapy" in d.gold_answer.en and "earlier admission" in d.gold_answer.en
    )
    assert "三联" in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert _grade(d, ctx, "CHA2DS2-VASc is 4; anticoagulation is recommended.") < 1.0


def test_no_continue_for_an_antibiotic_the_team_has_stopped(synthetic_records):
    from dataclasses import replace

    from test_gold_rules import _first, _series, _two_days_in

    from physassist_env.scenarios.derived import drug_of
    from physassist_env.scenarios.topics import reasoning as RS

    def fits(c) -> bool:
        g = _two_days_in(c)
        if g is None:
            return False
        c.facts.conditions = [("A419", "Sepsis, unspecified organism")]
        c.facts.labs["wbc"] = _series("wbc", [17.1, 12.0, 9.3], "K/uL", ["H", "H", ""])
        c.facts.cultures = []
        return (
            any(drug_of(o) == g and o.status == "active" for o in c.facts.orders)
            and RS.treatment_response(c, g) is not None
        )

    ctx = _first(synthetic_records, fits)
    drug = _two_days_in(ctx)
    assert drug is not None
    # the team stopped it yesterday (switched to another agent): its doses are recent,
    # but "continue" it is no plan (before: "responding ... Continue piperacillin")
    ctx.facts.orders = [
        replace(o, status="stopped", end=f"{ctx.facts.current_date}T08:00:00")
        if drug_of(o) == drug
        else o
        for o in ctx.facts.orders
    ]
    assert RS.treatment_response(ctx, drug) is None


def test_a_combination_product_keeps_its_full_name(synthetic_records):
    from test_gold_rules import _first, _gold_ok, _order

    from physassist_env.scenarios.derived import drug_of
    from physassist_env.scenarios.topics import lookup as LK

    ctx = _first(synthetic_records, lambda c: True)
    ctx.facts.orders = [o for o in ctx.facts.orders if drug_of(o) != "ampicillin"]
    # the record's class member is ampicillin; the product ordered is the combination
    ctx.facts.orders.append(
        _order("Ampicillin-Sulbactam", "ampicillin", 3, "g", "IV", "Q6H")
    )
    d = LK.med_current(ctx, "ampicillin")
    assert d is not None
    # before: "Ampicillin 3 g IV Q6H" / "氨苄西林 3 g"
    assert d.gold_answer.en.startswith("Ampicillin-Sulbactam 3 g")
    assert d.gold_answer.zh.startswith("氨苄西林舒巴坦 3")
    _gold_ok(d, ctx)


def test_an_intermediate_result_is_not_called_resistant(synthetic_records):
    from test_gold_rules import _first

    from physassist_env.scenarios.topics import antimicrobials as AM

    ctx = _first(synthetic_records, lambda c: c.facts.kinds.get("microbiology", 0) > 0)
    ctx.facts.cultures = [
        {"id": "m1", "test": "SPUTUM", "organism": "PSEUDOMONAS AERUGINOSA",
         "susceptibility": {"cefepime": "S", "meropenem": "S", "tobramycin": "I",
                            "gentamicin": "R"},
         "time": f"{ctx.facts.current_date}T08:00:00"}
    ]  # fmt: skip
    d = AM.susceptibilities(ctx)
    assert d is not None
    # before: "resistant to tobramycin, gentamicin"
    assert "resistant to gentamicin; intermediate to tobramycin" in d.gold_answer.en
    assert "对妥布霉素中介" in d.gold_answer.zh and "培养培养" not in d.gold_answer.zh


def test_trend_labels_agree_with_their_numbers_and_dialysis_has_no_trend(
    synthetic_records,
):
    from test_gold_rules import _first, _gold_ok, _series

    from physassist_env.scenarios.topics import gathering as GA

    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    f = ctx.facts
    f.labs["potassium"] = _series(
        "potassium", [4.8, 3.3, 3.7, 4.1], "mEq/L", ["N", "L", "N", "N"]
    )
    f.labs["creatinine"] = _series("creatinine", [3.2, 2.5, 1.9, 1.7], "mg/dL", "H")
    d = GA.labs_trend(ctx, "creatinine", "potassium")
    assert d is not None
    # the course item says where the course is read from: "rising since 3.3", not
    # "rising (admission 4.8, latest 4.1)"
    k_item = next(i for i in d.rubric if "course of the potassium" in i.criterion.en)
    assert "rising since 3.3" in k_item.criterion.en
    # on haemodialysis the creatinine follows the sessions: no "rising" (before: "went
    # from 9.2 to 3.6 ..., rising since then")
    f.history.append(("N186", "End stage renal disease", f.hadm_id))
    f.labs["creatinine"] = _series("creatinine", [9.2, 10.3, 2.9, 3.6], "mg/dL", "H")
    d = GA.labs_trend(ctx, "creatinine", "potassium")
    assert d is not None
    cr_en = d.gold_answer.en.split(";")[0]
    assert "haemodialysis" in cr_en and "rising" not in cr_en
    assert not any("course of the creatinine" in i.criterion.en for i in d.rubric)
    assert "透析" in d.gold_answer.zh
    _gold_ok(d, ctx)


def test_zh_culture_wording_does_not_double_the_culture_word():
    from physassist_env.scenarios.topics.base import grew_zh

    assert grew_zh("血培养") == "血培养长出"
    assert grew_zh("痰标本") == "痰标本培养出"
    assert grew_zh("") == "培养出"
