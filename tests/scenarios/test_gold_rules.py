"""Gold rules a physician would question (issue #16, read from sessions): one test per rule,
each failing on the old behaviour. Facts are injected into a real context of the small
synthetic hospital so each rule is exercised whatever the hospital happens to contain."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest

from physassist_env.clinical import renal, scores
from physassist_env.clinical.discharge import discharge_list, inpatient_only
from physassist_env.ehr.store import FhirStore
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.grading import GradingContext, evaluate, grade_gold, make_grader
from physassist_env.scenarios.features import (
    LabPoint,
    LabSeries,
    MedOrder,
    admission_facts,
)
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.model import Implicitness, Scenario
from physassist_env.scenarios.planner import (
    _turn,
    current_date_for,
    discharged_alive,
    focus_for,
)
from physassist_env.scenarios.provenance import ProvenanceBinder
from physassist_env.scenarios.topics import TopicContext
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import records as RE
from physassist_env.scenarios.topics.base import Draft
from physassist_env.scenarios.vocab import LABS, SAFETY_PAIRS

GRADER = make_grader("rules")
PAIR = {p.key: p for p in SAFETY_PAIRS}


def _contexts(records: list) -> Iterator[Callable[[], TopicContext | None]]:
    for rec in records:
        store = FhirStore.from_records([rec])
        for enc in admissions(rec):
            for sc in Scenario:
                cur = current_date_for(enc, sc)

                def make(store=store, rec=rec, enc=enc, cur=cur, sc=sc):
                    facts = admission_facts(store.view(rec.patient_id, cur), enc)
                    facts.discharged_alive = discharged_alive(
                        store, rec.patient_id, enc
                    )
                    rng = np.random.default_rng(0)
                    focus = focus_for(sc, facts, rng)
                    if focus is None:
                        return None
                    view = store.view(rec.patient_id, cur)
                    return TopicContext(facts, EhrToolkit(view), rng, focus)

                yield make


def _first(records: list, pred: Callable[[TopicContext], bool]) -> TopicContext:
    for make in _contexts(records):
        ctx = make()
        if ctx is not None and pred(ctx):
            return ctx
    pytest.skip("no admission of the small hospital fits this premise")


def _series(
    key: str, values: list[float], unit: str, flags: str | list[str] = ""
) -> LabSeries:
    fl = flags if isinstance(flags, list) else [flags] * len(values)
    pts = [
        LabPoint(f"2150-01-0{i + 1}T08:00:00", v, unit, f)
        for i, (v, f) in enumerate(zip(values, fl, strict=True))
    ]
    return LabSeries(LABS[key], pts)


def _order(
    name: str,
    generic: str | None,
    dose: float | None,
    unit: str,
    route: str,
    freq: str,
    start: str = "2150-01-01T08:00:00",
    oid: str = "",
) -> MedOrder:
    return MedOrder(
        oid or name, name, generic, dose, unit, route, freq, "active", start, ""
    )


def facts_seen(ctx: TopicContext) -> list[str]:
    """The context's facts as the EHR would show them (the injected labs, orders,
    conditions and allergies of these tests are not in the store): the closed-world
    grader accepts only what the agent saw (grading.additions)."""
    f = ctx.facts
    out = []
    for series in f.labs.values():
        rows = [
            f"- {p.time[:16].replace('T', ' ')} | {series.lab.en} = {p.value:g} "
            f"{p.unit}" + (f" ({p.flag})" if p.flag not in ("", "N") else "")
            for p in reversed(series.points)
        ]
        out.append(f"Observation: {len(rows)} result(s)\n" + "\n".join(rows))
    rows = [
        f"- {o.start[:16].replace('T', ' ')} | {o.name} {o.dose or ''} {o.dose_unit} "
        f"{o.route} {o.frequency} | {o.status}"
        for o in f.orders
    ]
    if rows:
        out.append(f"MedicationRequest: {len(rows)} result(s)\n" + "\n".join(rows))
    rows = [
        f"- {c['time'][:16].replace('T', ' ')} | {c['test']} = {c['organism'] or 'NO GROWTH'}"
        for c in f.cultures
    ]
    if rows:
        out.append(f"Observation: {len(rows)} result(s)\n" + "\n".join(rows))
    conds = [(c, t) for c, t in f.conditions] + [(c, t) for c, t, _ in f.history]
    rows = [
        f"- {f.start[:16].replace('T', ' ')} | {t} (ICD-10 {c}) | Active"
        for c, t in conds
    ]
    if rows:
        out.append(f"Condition: {len(rows)} result(s)\n" + "\n".join(rows))
    rows = [
        f"- {f.start[:10]} 00:00 | {a} | allergy | active" for a in f.allergies if a
    ]
    out.append(
        f"AllergyIntolerance: {len(rows)} result(s)\n" + "\n".join(rows)
        if rows
        else "no AllergyIntolerance found"
    )
    return out


def _grade(d: Draft, ctx: TopicContext, answer: str, language: str = "en") -> float:
    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
    turn = _turn(0, d, Implicitness.EXPLICIT, binder)
    return GRADER.grade(
        turn,
        GradingContext(
            answer=answer,
            language=language,
            tool_calls=list(turn.gold_actions),
            observations=[*facts_seen(ctx), *turn.gold_observations],
            patient_facts_revealed=set(),
        ),
    ).score


def _gold_ok(d: Draft, ctx: TopicContext) -> None:
    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
    turn = _turn(0, d, Implicitness.EXPLICIT, binder)
    for lang in ("en", "zh"):
        g = grade_gold(turn, lang, facts_seen(ctx))
        assert g.score == 1.0, (
            lang,
            getattr(d.gold_answer, lang),
            [i.reason for i in g.items if not i.met],
        )


# ---------------------------------------------------------------- 1. discharge list
def test_discharge_list_names_each_drug_once_without_inpatient_only_orders(
    synthetic_records,
):
    ctx = _first(synthetic_records, lambda c: True)
    ctx.facts.orders = [
        _order(
            "Colchicine", None, 0.6, "mg", "PO", "DAILY", "2150-01-01T08:00:00", "c1"
        ),
        _order("Heparin", None, 5000, "UNIT", "SC", "Q8H"),
        _order("Furosemide", None, 40, "mg", "PO", "DAILY"),
        _order("0.9% Sodium Chloride", None, 100, "mL", "IV", "Q8H"),
        _order("Colchicine", None, 0.6, "mg", "PO", "BID", "2150-01-02T08:00:00", "c2"),
        _order("Insulin", None, 10, "UNIT", "IV DRIP", "Q1H"),
    ]
    home = ctx.facts.going_home_orders()
    assert [o.id for o in home] == ["c2", "Furosemide"]  # the newer colchicine regimen
    d = GA.discharge_meds(ctx)
    assert d is not None
    assert d.gold_answer.en.count("Colchicine") == 1
    assert (
        "Heparin" not in d.gold_answer.en and "Sodium Chloride" not in d.gold_answer.en
    )
    assert (
        inpatient_only(_order("Heparin", None, 5000, "UNIT", "SC", "Q12H")) == "heparin"
    )
    # low-molecular-weight heparin at a treatment dose may go home; oral salt tablets too
    assert discharge_list([_order("Enoxaparin Sodium", None, 80, "mg", "SC", "Q12H")])
    assert discharge_list([_order("Sodium Chloride", None, 1, "g", "PO", "TID")])


# ---------------------------------------------------------------- 2. MRA and renal function
def _on_spironolactone(records: list) -> TopicContext:
    ctx = _first(
        records, lambda c: c.facts.age is not None and c.facts.weight_kg is not None
    )
    ctx.facts.orders.append(
        _order("Spironolactone", "spironolactone", 25, "mg", "PO", "DAILY")
    )
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [4.1, 4.3], "mEq/L"), 0
    )
    return ctx


def test_spironolactone_is_judged_on_creatinine_too(synthetic_records):
    ctx = _on_spironolactone(synthetic_records)
    ctx.facts.female = False
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [2.1, 2.8], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["spiro_k"], "spironolactone")
    assert d is not None
    assert "hold spironolactone" in d.gold_answer.en and "2.8 mg/dL" in d.gold_answer.en
    assert "肌酐 2.8" in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert (
        _grade(
            d, ctx, "Potassium is 4.3 mEq/L, normal: safe to continue spironolactone."
        )
        < 0.6
    )
    # a woman's limit is 2.0 mg/dL (2013 ACCF/AHA)
    ctx.facts.female = True
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [2.1, 2.2], "mg/dL", "H"), 0
    )
    assert (
        "hold"
        in RS.drug_lab_safety(ctx, PAIR["spiro_k"], "spironolactone").gold_answer.en
    )  # type: ignore[union-attr]
    # normal renal function and potassium: continue, and the answer says the creatinine
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [0.8, 0.8], "mg/dL"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["spiro_k"], "spironolactone")
    assert d is not None and "safe to continue" in d.gold_answer.en
    assert "Creatinine is 0.8 mg/dL" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_k_sparing_renal_limits():
    assert renal.k_sparing_renal_unsafe(2.4, female=True)
    assert not renal.k_sparing_renal_unsafe(2.4, female=False, crcl=45)
    assert renal.k_sparing_renal_unsafe(1.8, female=False, crcl=25)


# ---------------------------------------------------------------- 3. renal bands
def _crcl_ctx(
    records: list, target: float, order: tuple = ("Metformin", "metformin", 500)
) -> TopicContext:
    ctx = _first(
        records,
        lambda c: (
            c.facts.age is not None
            and c.facts.age < 120
            and c.facts.weight_kg is not None
            and "creatinine" in c.facts.labs
        ),
    )
    f = ctx.facts
    cr = (140 - f.age) * f.weight_kg / (72 * target) * (0.85 if f.female else 1.0)  # type: ignore[operator]
    cr = round(cr, 1)
    ctx.facts.labs["creatinine"] = _series("creatinine", [1.0, cr], "mg/dL", "H")
    name, generic, dose = order
    ctx.facts.orders.append(_order(name, generic, dose, "mg", "PO", "BID"))
    return ctx


def test_nitrofurantoin_below_30_is_stopped_not_reduced(synthetic_records):
    ctx = _crcl_ctx(synthetic_records, 18, ("Nitrofurantoin", "nitrofurantoin", 100))
    d = RS.crcl_dosing(ctx, "nitrofurantoin")
    assert d is not None
    assert "nitrofurantoin should be stopped" in d.gold_answer.en
    assert "dose-reduced" not in d.gold_answer.en and "减量" not in d.gold_answer.zh
    assert "contraindicated" in d.gold_answer.en
    _gold_ok(d, ctx)
    wrong = "CrCl is about 18 mL/min with creatinine as recorded: continue nitrofurantoin at a lower dose."
    assert _grade(d, ctx, wrong) < 0.6


def test_gabapentin_below_60_is_reduced(synthetic_records):
    ctx = _crcl_ctx(synthetic_records, 38, ("Gabapentin", "gabapentin", 300))
    d = RS.crcl_dosing(ctx, "gabapentin")
    assert d is not None
    assert "gabapentin should be dose-reduced" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_metformin_is_not_dosed_by_creatinine_clearance(synthetic_records):
    """FDA 2016 labels metformin by eGFR: a heavy patient's Cockcroft-Gault clearance
    passed metformin at an eGFR near 30 ("no adjustment needed" at creatinine 2.5, CrCl
    49). Metformin is judged by eGFR in drug_lab_safety, never by CrCl."""
    ctx = _crcl_ctx(synthetic_records, 49)
    assert RS.crcl_dosing(ctx, "metformin") is None
    assert "metformin" not in RS.RENAL_DRUGS


def test_renal_bands():
    assert renal.renal_action("metformin", 18) == ("stop", 30.0)
    assert renal.renal_action("metformin", 38) == ("reduce", 45.0)
    assert renal.renal_action("metformin", 60) is None
    assert renal.renal_action("gabapentin", 40) == ("reduce", 60.0)
    assert RS.RENAL_DRUGS["gabapentin"] == 60.0
    assert scores.crcl(age=70, weight_kg=70, creatinine=1.0, female=False) > 60


# ---------------------------------------------------------------- 4. peak / nadir side
def test_extremes_are_asked_on_the_abnormal_side_only(synthetic_records):
    ctx = _first(synthetic_records, lambda c: True)
    # hyperkalaemic: the lowest value is still high; no "nadir potassium" question
    ctx.facts.labs["potassium"] = _series(
        "potassium", [5.6, 5.2, 6.3, 5.9], "mEq/L", ["H", "H", "H", "H"]
    )
    assert RE.lab_nadir(ctx, "potassium") is None
    d = RE.lab_peak(ctx, "potassium")
    assert d is not None and "6.3" in d.gold_answer.en
    # a peak inside the reference range is not asked either
    ctx.facts.labs["potassium"] = _series(
        "potassium", [3.1, 4.4, 3.0, 3.2], "mEq/L", ["L", "", "L", "L"]
    )
    assert RE.lab_peak(ctx, "potassium") is None
    assert RE.lab_nadir(ctx, "potassium") is not None


# ---------------------------------------------------------------- 6. chart writes
def test_chart_writes_carry_the_records_utc_offset(synthetic_records):
    rec = synthetic_records[0]
    store = FhirStore.from_records([rec])
    enc = admissions(rec)[0]
    day = current_date_for(enc, Scenario.MED_SAFETY)[:10]
    when = day + "T10:00:00"
    view = store.view(rec.patient_id, when)
    offsets = {str(e["period"]["start"])[19:] for e in view.search("Encounter")[0]}
    assert offsets and not offsets & {
        "",
        "Z",
    }  # the converter writes the hospital's offset
    res = EhrToolkit(view).call(
        "MedicationRequest.create",
        {
            "medication": "furosemide",
            "dose": "40 mg",
            "route": "PO",
            "frequency": "daily",
        },
    )
    assert res.ok, res.text
    authored = res.resource["authoredOn"]  # type: ignore[index]
    assert authored.startswith(when) and authored[19:] in ("-04:00", "-05:00"), authored


def test_the_patient_is_the_same_person_on_every_date(synthetic_records):
    from physassist_env.patient import build_memory

    compared = 0
    for rec in synthetic_records:
        encs = admissions(rec)
        if len(encs) < 2:
            continue
        dates = [current_date_for(e, Scenario.DISCHARGE_PLANNING) for e in encs[:3]]
        try:
            personas = [build_memory(rec, 0, as_of=d).persona for d in dates]
        except ValueError:  # no patient memory at one of the dates
            continue
        first = personas[0]
        for p in personas[1:]:
            assert (p.literacy, p.anxiety, p.completeness, p.self_diagnosis) == (
                first.literacy,
                first.anxiety,
                first.completeness,
                first.self_diagnosis,
            ), rec.patient_id
            for drug in set(p.adherence) & set(first.adherence):
                assert p.adherence[drug] == first.adherence[drug], (
                    rec.patient_id,
                    drug,
                )
            compared += 1
    assert compared >= 3


def test_the_patient_does_not_repeat_a_sentence_in_one_reply(synthetic_records):
    import re as _re

    from physassist_env.patient import PatientInterview, ScriptedPatient, build_memory

    calls = [
        ("symptom_history", {}),
        ("ask_patient", {"question": "What medicines do you take at home?"}),
    ]
    replies = 0
    for rec in synthetic_records:
        for enc in admissions(rec):
            day = current_date_for(enc, Scenario.DISCHARGE_PLANNING)
            try:
                mem = build_memory(rec, 0, as_of=day)
            except ValueError:
                continue
            for lang in ("en", "zh"):
                interview = PatientInterview(ScriptedPatient(mem), language=lang)
                for tool, args in calls:
                    r = interview.call(tool, args)
                    if not r.ok:
                        continue
                    said = [
                        s.strip().lower()
                        for s in _re.split(r"[.。!?！？]", r.text)
                        if s.strip()
                    ]
                    assert len(said) == len(set(said)), r.text
                    replies += 1
    assert replies >= 40


def test_zh_names_for_uncharted_codes_drugs_and_allergies():
    from physassist_env.patient.phrasing import verb_zh
    from physassist_env.scenarios.topics.records import _allergy_terms, _allergy_zh
    from physassist_env.vocab.diagnoses import diagnosis_title_zh
    from physassist_env.vocab.drugs import name_zh
    from physassist_env.vocab.zh_text import untranslated_english

    # an ICD code outside the table: named from its English title, never by its chapter
    # (test_gold5_rules: 循环系统疾病（Mitral valve disorders）)
    zh = diagnosis_title_zh("4279", "Cardiac dysrhythmia, unspecified")
    assert zh == "心律失常" and not untranslated_english(f"诊断为{zh}（4279）")
    # ICD-9 or ICD-10: the chapter not guessed; the title glossed after 编码诊断
    assert diagnosis_title_zh("E8889", "Fall") == "编码诊断（Fall）"
    allergy = _allergy_zh("Adverse effect of loop, high-ceiling, diuretics")
    assert allergy == "利尿剂不良反应"
    # the rubric accepts the name the ZH gold uses
    assert allergy in _allergy_terms("Adverse effect of loop, high-ceiling, diuretics")
    assert not untranslated_english(
        _allergy_zh("Other and unspecified anti-infectives causing adverse effects")
    )
    assert name_zh("QUEtiapine Fumarate") == "喹硫平"
    assert name_zh("Sulfameth/Trimethoprim DS") == "复方磺胺甲噁唑"
    # the MIMIC-IV demo's discharge lists (gold_check found them in English in ZH gold)
    for record_name, zh_name in (
        ("sevelamer CARBONATE", "司维拉姆"),
        ("Sucralfate", "硫糖铝"),
        ("Midodrine", "米多君"),
        ("Baclofen", "巴氯芬"),
    ):
        assert name_zh(record_name) == zh_name
    assert verb_zh(None, "Nicotine Patch") == "贴" and verb_zh(None, "Insulin") == "打"
    # a combination product is named by all its parts, never by one alone: the opioid in
    # Hydrocodone-Acetaminophen was dropped (对乙酰氨基酚)
    assert name_zh("HYDROcodone-Acetaminophen (5mg-325mg)") == "氢可酮对乙酰氨基酚"
    assert name_zh("Ampicillin-Sulbactam") == "氨苄西林舒巴坦"
    assert name_zh("Acetaminophen-Caff-Butalbital") == "复方对乙酰氨基酚"
    assert name_zh("Piperacillin-Tazobactam") == "哌拉西林他唑巴坦"
    assert name_zh("Iso-Osmotic Dextrose") == name_zh("Dextrose")


def test_electrolyte_disorders_are_referred_to_nephrology():
    from physassist_env.scenarios.topics.writes import CONSULTS

    def service(code: str) -> str:
        return next(c[1] for c in CONSULTS if code.startswith(c[0]))

    assert service("E875") == "nephrology" and service("2767") == "nephrology"
    assert service("E1165") == "endocrinology"


def test_aki_is_not_staged_in_a_patient_on_maintenance_dialysis():
    """KDIGO AKI staging by creatinine does not apply to ESKD on dialysis: the same
    creatinine rise is staged without the code and not staged with it (ICD-10 N18.6,
    ICD-9 585.6, Z99.2)."""
    from physassist_env.scenarios.derived import aki_facts
    from physassist_env.scenarios.features import AdmissionFacts

    def facts(conditions: list[tuple[str, str]]) -> AdmissionFacts:
        f = AdmissionFacts(
            "p", "h", "2150-01-01", "2150-01-05", "2150-01-03", 70, False, 80.0
        )
        f.conditions = conditions
        f.history = [(c, t, "h") for c, t in conditions]
        f.labs["creatinine"] = LabSeries(
            LABS["creatinine"],
            [
                LabPoint("2150-01-02T06:00:00-05:00", 6.4, "mg/dL", "H"),
                LabPoint("2150-01-03T06:00:00-05:00", 7.9, "mg/dL", "H"),
            ],
        )
        return f

    assert aki_facts(facts([("I10", "Hypertension")])) is not None
    for code in ("N18.6", "N186", "5856", "Z99.2", "V4511"):
        assert aki_facts(facts([(code, "End stage renal disease")])) is None


def test_no_discharge_planning_over_a_critical_lab():
    """A potassium rising to 6.9 on the session date must be acted on before anyone plans a
    discharge (critical limits, TJC NPSG.02.03.01): the premise check names it, the same
    admission at 5.3 has no such problem, and a critically low sodium counts too."""
    from physassist_env.clinical.critical import critical_side
    from physassist_env.scenarios.features import AdmissionFacts
    from physassist_env.scenarios.planner import critical_latest, premise_problems

    def facts(lab: str, values: list[float]) -> AdmissionFacts:
        f = AdmissionFacts(
            "p", "h", "2150-01-01", "2150-01-05", "2150-01-05", 70, False, 80.0
        )
        f.labs[lab] = LabSeries(
            LABS[lab],
            [
                LabPoint(f"2150-01-0{i + 2}T06:00:00-05:00", v, "mEq/L", "H")
                for i, v in enumerate(values)
            ],
        )
        return f

    rising = facts("potassium", [5.3, 6.9])
    assert critical_latest(rising) == [("potassium", 6.9)]
    assert any(
        "critical potassium" in p
        for p in premise_problems(Scenario.DISCHARGE_PLANNING, rising, [])
    )
    assert critical_latest(facts("potassium", [6.9, 5.3])) == []
    assert critical_latest(facts("sodium", [131.0, 118.0])) == [("sodium", 118.0)]
    assert critical_side("hemoglobin", 5.0) == "low"
    assert critical_side("hemoglobin", 9.0) is None


# ---------------------------------------------------------------- 6. session-2 gold rules
def _dated(ctx: TopicContext, series: LabSeries, days_before: int) -> LabSeries:
    """``series`` moved so that its latest value is ``days_before`` the session day."""
    from datetime import date, timedelta

    last = date.fromisoformat(series.latest.time[:10])
    target = date.fromisoformat(ctx.facts.current_date) - timedelta(days=days_before)
    shift = target - last
    return LabSeries(
        series.lab,
        [
            LabPoint(
                (date.fromisoformat(p.time[:10]) + shift).isoformat() + p.time[10:],
                p.value,
                p.unit,
                p.flag,
            )
            for p in series.points
        ],
    )


def _inr_ctx(records: list) -> TopicContext:

    ctx = _first(
        records,
        lambda c: "inr" in c.facts.labs and not c.facts.bleeding_coded(),
    )
    ctx.facts.home["warfarin"] = "discharged on it"
    return ctx


def test_warfarin_regimen_is_a_scheduled_order_not_a_one_off(synthetic_records):
    from physassist_env.scenarios.topics import hematology as HE

    ctx = _inr_ctx(synthetic_records)
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [1.2, 1.5], ""), 0)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "warfarin"] + [
        _order("Warfarin", "warfarin", 5.0, "mg", "PO", "ONCE")
    ]
    assert HE.warfarin_inr(ctx) is None  # a one-off dose is not a regimen
    ctx.facts.orders.append(
        MedOrder(
            "w2", "Warfarin", "warfarin", None, "mg", "PO", "DAILY16", "active",
            "2150-01-01T08:00:00", "", placeholder="dose per prescriber",
        )
    )  # fmt: skip
    assert HE.warfarin_inr(ctx) is None  # "check with MD for dose" is no regimen either
    ctx.facts.orders.append(
        _order("Warfarin", "warfarin", 5.0, "mg", "PO", "DAILY16", oid="w3")
    )
    d = HE.warfarin_inr(ctx)
    assert d is not None and "increase" in d.gold_answer.en
    assert "drawn" not in d.gold_answer.en  # today's INR needs no date
    _gold_ok(d, ctx)


def test_warfarin_inr_must_be_recent(synthetic_records):
    from physassist_env.scenarios.topics import hematology as HE

    ctx = _inr_ctx(synthetic_records)
    ctx.facts.orders.append(_order("Warfarin", "warfarin", 5.0, "mg", "PO", "DAILY16"))
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [1.2, 1.5], ""), 3)
    assert HE.warfarin_inr(ctx) is None  # 3 days old: not a basis for a dose change
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [1.2, 1.5], ""), 1)
    d = HE.warfarin_inr(ctx)
    assert d is not None
    when = ctx.facts.labs["inr"].latest.time[:16].replace("T", " ")
    assert f"drawn {when}, yesterday" in d.gold_answer.en
    assert "Repeat the INR today" in d.gold_answer.en and "复查 INR" in d.gold_answer.zh
    _gold_ok(d, ctx)


def test_transfusion_states_a_stale_hemoglobin_and_reads_naturally(synthetic_records):
    from physassist_env.scenarios.topics import hematology as HE

    ctx = _first(
        synthetic_records,
        lambda c: "hemoglobin" in c.facts.labs and HE._threshold(c) is not None,
    )
    ctx.facts.history.append(("I2510", "Coronary atherosclerosis", ctx.facts.hadm_id))
    ctx.facts.labs["hemoglobin"] = _dated(
        ctx, _series("hemoglobin", [9.0, 7.4], "g/dL", "L"), 2
    )
    d = HE.transfusion_threshold(ctx)
    assert d is not None
    assert "for patients with coronary disease" in d.gold_answer.en
    assert "for a coronary disease" not in d.gold_answer.en
    assert "2 days ago, no newer result" in d.gold_answer.en
    assert (
        "repeat hemoglobin today" in d.gold_answer.en
        and "此后无新结果" in d.gold_answer.zh
    )
    _gold_ok(d, ctx)
    assert HE.transfuse_order(ctx) is None  # no blood ordered on a 2-day-old value
    ctx.facts.labs["hemoglobin"] = _dated(
        ctx, _series("hemoglobin", [9.0, 7.4], "g/dL", "L"), 3
    )
    assert HE.transfusion_threshold(ctx) is None


def test_blood_at_the_coronary_threshold_reads_the_history_first(synthetic_records):
    """AABB 2023 (Carson JAMA 2023): 8 g/dL with coronary disease, else 7. An order for
    blood at 7-8 g/dL rests on the coronary history, so the gold reads the conditions
    before ordering (the record shown holds the basis the grader's harm rule checks); at
    6.5 g/dL any threshold allows it and no lookup is added."""
    from physassist_env.scenarios.topics import hematology as HE

    ctx = _first(
        synthetic_records,
        lambda c: (
            "hemoglobin" in c.facts.labs and (HE._threshold(c) or (0.0,))[0] == 8.0
        ),
    )
    ctx.facts.labs["hemoglobin"] = _dated(
        ctx, _series("hemoglobin", [9.0, 7.5], "g/dL", "L"), 0
    )
    d = HE.transfuse_order(ctx)
    assert d is not None
    names = [c.name for c in d.gold_actions]
    assert names.index("Condition.search") < names.index("ServiceRequest.create")
    _gold_ok(d, ctx)
    ctx.facts.labs["hemoglobin"] = _dated(
        ctx, _series("hemoglobin", [9.0, 6.5], "g/dL", "L"), 0
    )
    d = HE.transfuse_order(ctx)
    assert d is not None
    assert [c.name for c in d.gold_actions] == ["ServiceRequest.create"]


def test_treatment_response_needs_an_abnormal_baseline_and_a_real_infection(
    synthetic_records,
):
    from datetime import date, timedelta

    ctx = _first(synthetic_records, lambda c: _two_days_in(c) is not None)
    drug = _two_days_in(ctx)
    assert drug is not None
    ctx.facts.cultures = []
    ctx.facts.conditions = [("J189", "Pneumonia, unspecified organism")]
    # WBC normal from the start (6.9 -> 4.1): no response can be read from it
    ctx.facts.labs["wbc"] = _series("wbc", [6.9, 4.1], "K/uL")
    assert RS.treatment_response(ctx, drug) is None
    ctx.facts.labs["wbc"] = _series("wbc", [15.2, 9.1], "K/uL", ["H", "N"])
    d = RS.treatment_response(ctx, drug)
    assert d is not None and "responding" in d.gold_answer.en
    # no longer current (last dose days ago, no active order): nothing to continue
    span = RS.dose_days(ctx, drug)
    assert span is not None
    ctx.facts.current_date = (
        date.fromisoformat(span[1]) + timedelta(days=3)
    ).isoformat()
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != drug]
    assert RS.treatment_response(ctx, drug) is None
    # a drug never given is not judged either
    ctx.facts.given["ceftriaxone" if drug != "ceftriaxone" else "cefazolin"] = 1
    assert (
        RS.treatment_response(
            ctx, "ceftriaxone" if drug != "ceftriaxone" else "cefazolin"
        )
        is None
    )
    # the only culture finding is below 10^5 CFU/mL (IDSA 2019): no indication to judge
    ctx.facts.cultures = [
        {"id": "m1", "test": "URINE CULTURE", "organism": "<10,000 organisms/ml",
         "susceptibility": {}, "time": "2150-01-01T08:00:00"}
    ]  # fmt: skip
    assert RS.treatment_response(ctx, drug) is None


def test_infection_findings():
    from physassist_env.clinical.infection import not_an_infection

    for text in ("<10,000 organisms/ml", "< 10,000 CFU/mL",
                 "10,000-100,000 ORGANISMS/ML. Commensal Respiratory Flora"):  # fmt: skip
        assert not_an_infection(text)
    for text in (
        ">100,000 CFU/mL",
        "ESCHERICHIA COLI",
        "Positive for toxigenic C. difficile",
    ):
        assert not not_an_infection(text)


def test_metformin_is_judged_by_egfr_not_creatinine(synthetic_records):
    ctx = _first(synthetic_records, lambda c: c.facts.age is not None)
    ctx.facts.age, ctx.facts.female = 40, False
    ctx.facts.orders.append(_order("Metformin", "metformin", 500, "mg", "PO", "BID"))
    # creatinine 1.6 in a 40-year-old man: above the old 1.5 limit, eGFR about 56
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 1.6], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["metformin_cr"], "metformin")
    assert d is not None and "safe to continue" in d.gold_answer.en
    assert "eGFR (race-free CKD-EPI) is about 56" in d.gold_answer.en
    _gold_ok(d, ctx)
    # 80-year-old woman, creatinine 1.3: under the old limit, eGFR about 41 -> reduce
    ctx.facts.age, ctx.facts.female = 80, True
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 1.3], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["metformin_cr"], "metformin")
    assert d is not None and "Reduce the metformin dose" in d.gold_answer.en
    _gold_ok(d, ctx)
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 2.4], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["metformin_cr"], "metformin")
    assert d is not None and "hold metformin" in d.gold_answer.en
    assert "contraindicated" in d.gold_answer.en
    _gold_ok(d, ctx)
    # a creatinine three days old is not a basis for continuing or holding
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 2.4], "mg/dL", "H"), 3
    )
    assert RS.drug_lab_safety(ctx, PAIR["metformin_cr"], "metformin") is None
    assert PAIR["metformin_cr"].unsafe(2.4, True, 80) and not PAIR[
        "metformin_cr"
    ].unsafe(1.6, False, 40)


def test_short_title_cuts_at_a_clause_boundary():
    from physassist_env.scenarios.topics.base import short_title

    assert (
        short_title("Obstructive chronic bronchitis with (acute) exacerbation")
        == "Obstructive chronic bronchitis with exacerbation"
    )
    assert short_title("Sepsis (unspecified organism)") == "Sepsis"
    assert short_title("Cellulitis of (left") == "Cellulitis"
    assert (
        short_title(
            "Diabetes mellitus without mention of complication, type II or unspecified type"
        )
        == "Diabetes mellitus without mention of complication"
    )
    for t in ("Acute kidney failure, unspecified", "Pneumonia due to (other)"):
        out = short_title(t)
        assert not out.endswith((" with", " and", " due", " of", ".", ","))


def test_insulin_orders_are_named_by_regimen(synthetic_records):
    from physassist_env.scenarios.topics import electrolytes as EL

    ctx = _first(synthetic_records, lambda c: True)
    ctx.facts.labs["glucose"] = _series(
        "glucose", [210, 160, 95, 140], "mg/dL", ["H", "H", "N", "H"]
    )
    ctx.facts.orders = [o for o in ctx.facts.orders if "insulin" not in o.name.lower()]
    placeholder = MedOrder(
        "i1", "Insulin", None, None, "UNIT", "SC", "ASDIR", "active",
        "2150-01-01T08:00:00", "", placeholder="dose per prescriber",
    )  # fmt: skip
    ctx.facts.orders.append(placeholder)
    d = EL.glucose_pattern(ctx)
    assert d is not None and "Insulin ordered" not in d.gold_answer.en  # no regimen
    assert "胰岛素医嘱" not in d.gold_answer.zh
    _gold_ok(d, ctx)
    ctx.facts.orders.append(
        _order("Insulin Glargine", None, 20, "UNIT", "SC", "QHS", oid="i2")
    )
    ctx.facts.orders.append(
        MedOrder(
            "i3", "Insulin", None, None, "UNIT", "SC", "ASDIR", "active",
            "2150-01-01T08:00:00", "", placeholder="sliding scale",
        )
    )  # fmt: skip
    d = EL.glucose_pattern(ctx)
    assert d is not None
    assert (
        "Insulin ordered: Insulin Glargine 20 UNIT SC QHS (basal); Insulin by sliding scale"
        in d.gold_answer.en
    )
    assert (
        "甘精胰岛素 20 单位 皮下" in d.gold_answer.zh
        and "按血糖调整剂量" in d.gold_answer.zh
    )
    assert EL.insulin_regimen(placeholder, None) is None
    _gold_ok(d, ctx)


def test_drug_names_are_displayed_not_in_pharmacy_capitals():
    from physassist_env.vocab.drugs import display_name

    assert display_name("METOPROLOL TARTRATE") == "Metoprolol Tartrate"
    assert display_name("RiTONAvir") == "Ritonavir"
    assert display_name("DILTIAZEM HCL") == "Diltiazem HCl"
    assert display_name("Metoprolol Succinate XL") == "Metoprolol Succinate XL"
    assert display_name("Sulfameth/Trimethoprim DS") == "Sulfameth/Trimethoprim DS"


def test_discharge_list_uses_the_display_form(synthetic_records):
    ctx = _first(synthetic_records, lambda c: c.facts.age is not None)
    ctx.facts.orders = [
        _order("METOPROLOL TARTRATE", "metoprolol", 25, "mg", "PO", "BID", oid="m1"),
        _order("Atorvastatin", "atorvastatin", 40, "mg", "PO", "DAILY", oid="m2"),
    ]
    d = GA.discharge_meds(ctx)
    assert d is not None
    assert "Metoprolol Tartrate" in d.gold_answer.en
    assert "METOPROLOL" not in d.gold_answer.en


def test_culture_counts_are_chinese():
    from physassist_env.vocab.microbiology import organism_text_zh
    from physassist_env.vocab.zh_text import untranslated_english

    for text in (
        "<10,000 organisms/ml",
        "10,000-100,000 ORGANISMS/ML. Commensal Respiratory Flora",
    ):
        zh = organism_text_zh(text)
        assert "菌落数" in zh
        assert untranslated_english(f"尿培养结果：{zh}。") == []


def test_cha2ds2vasc_on_dialysis_is_not_a_plain_recommendation(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: c.facts.age is not None and not c.facts.anticoagulation_cautions(),
    )
    ctx.facts.age = 78
    ctx.facts.history += [
        ("I4891", "Unspecified atrial fibrillation", ctx.facts.hadm_id),
        ("I10", "Essential (primary) hypertension", ctx.facts.hadm_id),
    ]
    if RS.bleeding_reasons(ctx.facts):
        pytest.skip("this admission has a bleeding reason")
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "anticoagulation is recommended" in d.gold_answer.en
    ctx.facts.history.append(("N186", "End stage renal disease", ctx.facts.hadm_id))
    d = RS.cha2ds2vasc(ctx)
    assert d is not None
    assert "anticoagulation is recommended" not in d.gold_answer.en
    assert "may be reasonable" in d.gold_answer.en and "证据有限" in d.gold_answer.zh
    _gold_ok(d, ctx)
    plain = "CHA2DS2-VASc is 4; anticoagulation is recommended: start apixaban."
    assert _grade(d, ctx, plain) < 1.0


def test_planted_metformin_creatinine_is_an_unsafe_egfr_at_every_age():
    from physassist_env.clinical.scores import egfr_ckd_epi_2021
    from physassist_env.synth.planting import plan_unsafe

    targets = []
    for seed in range(400):
        pairs, planted = plan_unsafe(np.random.default_rng(seed), {"metformin"})
        if planted:
            ((pair, target),) = planted.values()
            assert pair.key == "creatinine_metformin"
            targets.append(target)
    assert targets, "no planted metformin creatinine in 400 draws"
    for age in (18, 40, 95):
        for female in (False, True):
            assert all(
                egfr_ckd_epi_2021(creatinine=t, age=age, female=female) < 45
                for t in targets
            )
            assert PAIR["metformin_cr"].unsafe(min(targets), female, age)


def test_traumatic_intracranial_bleeding_is_bleeding_everywhere(synthetic_records):
    """A traumatic subdural haemorrhage (ICD-9 852.2x, ICD-10 S06.5) is active bleeding:
    no transfusion threshold answer (AABB 2023: haemorrhage protocols, not thresholds)
    and an anticoagulation caution, from the one code list in clinical.bleeding."""
    from physassist_env.clinical.bleeding import is_bleeding_code
    from physassist_env.scenarios.topics import hematology as HE

    for code in ("85221", "852.21", "S065X0A", "S06.5X0A", "I61.9", "5789"):
        assert is_bleeding_code(code), code
    for code in ("I10", "8500", "S060X0A", "E119"):
        assert not is_bleeding_code(code), code
    ctx = _first(
        synthetic_records,
        lambda c: "hemoglobin" in c.facts.labs and HE._threshold(c) is not None,
    )
    ctx.facts.conditions.append(("85221", "Subdural hemorrhage following injury"))
    assert HE._threshold(ctx) is None
    assert any(c.startswith("bleeding:") for c in ctx.facts.anticoagulation_cautions())
    assert RS.bleeding_reasons(ctx.facts)


def _two_days_in(c: TopicContext) -> str | None:
    """A drug given for at least two days, still given yesterday or today and not
    stopped by the team (an order of it still runs, or none is recorded), or None: the
    premise of a "responding to it?" question (round 6b)."""
    from datetime import date

    from physassist_env.scenarios.derived import drug_of

    today = date.fromisoformat(c.facts.current_date)
    for g in c.facts.given:
        span = RS.dose_days(c, g)
        ordered = [o for o in c.facts.orders if drug_of(o) == g]
        if (
            span
            and (today - date.fromisoformat(span[0])).days >= 2
            and (today - date.fromisoformat(span[1])).days <= 1
            and (not ordered or any(o.status == "active" or o.changed for o in ordered))
        ):
            return g
    return None


def test_has_bled_is_not_asked_while_the_patient_bleeds(synthetic_records):
    """HAS-BLED decides on anticoagulation in a patient who is not bleeding; with a GI
    haemorrhage coded this admission the gold must not call the bleeding risk low."""
    from physassist_env.scenarios.topics import scores as SC

    def with_af(c: TopicContext) -> bool:
        if c.facts.age is None:
            return False
        c.facts.history.append(("I4891", "Atrial fibrillation", c.facts.hadm_id))
        return SC.has_bled(c) is not None

    ctx = _first(synthetic_records, with_af)
    ctx.facts.conditions.append(("5789", "Hemorrhage of gastrointestinal tract"))
    assert SC.has_bled(ctx) is None


def test_has_bled_of_one_or_two_is_a_moderate_risk(synthetic_records):
    """Lip 2011 (HAS-BLED validation): 0 is low, 1-2 intermediate, >= 3 high. The gold
    called a HAS-BLED of 2 "a low bleeding risk"; it now says moderate, and an answer that
    says low or moderate passes while one that says high fails."""
    from physassist_env.scenarios.topics import scores as SC

    def with_af(c: TopicContext) -> bool:
        if c.facts.age is None or c.facts.age <= 65:
            return False
        c.facts.history.append(("I4891", "Atrial fibrillation", c.facts.hadm_id))
        d = SC.has_bled(c)
        return d is not None and "HAS-BLED is 1 " in d.gold_answer.en

    ctx = _first(synthetic_records, with_af)
    d = SC.has_bled(ctx)
    assert "a moderate bleeding risk" in d.gold_answer.en
    assert "出血风险中等" in d.gold_answer.zh
    _gold_ok(d, ctx)
    low = d.gold_answer.en.replace(
        "a moderate bleeding risk, not high", "a low bleeding risk"
    )
    assert _grade(d, ctx, low) == 1.0
    high = d.gold_answer.en.replace(
        "a moderate bleeding risk, not high", "a high bleeding risk"
    )
    assert _grade(d, ctx, high) < 0.6


# ---------------------------------------------------------------- s4: physician review
def _on_insulin(records: list) -> TopicContext:
    ctx = _first(records, lambda c: not c.facts.encounter_based)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "insulin"]
    ctx.facts.orders.append(
        _order("Insulin Glargine", "insulin", 20, "UNIT", "SC", "QHS", oid="ins")
    )
    return ctx


def test_glucose_on_insulin_is_read_against_the_inpatient_target(synthetic_records):
    """ADA Standards of Care 2024, section 16: on insulin an inpatient's glucose is read
    against 140-180 mg/dL (< 70 hypoglycaemia); 110 is not "high" although the lab flags
    it, and 235 is not "safe to continue" without intensifying the insulin."""
    from physassist_env.clinical.glycaemia import insulin_glucose_band
    from physassist_env.scenarios.topics import lookup as LO

    assert [insulin_glucose_band(v) for v in (62, 110, 150, 235)] == [
        "hypo", "below_target", "in_target", "above_target",
    ]  # fmt: skip
    ctx = _on_insulin(synthetic_records)
    pair = PAIR["insulin_glucose"]
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [180, 110], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, pair, "insulin")
    assert d is not None
    assert "not high" in d.gold_answer.en and "which is high" not in d.gold_answer.en
    assert "safe to continue insulin" in d.gold_answer.en
    _gold_ok(d, ctx)
    wrong = "Glucose is 110 mg/dL, which is high. It is safe to continue insulin; monitor the glucose."
    assert _grade(d, ctx, wrong) < 1.0
    d = LO.lab_latest(ctx, "glucose")
    assert d is not None and "which is high" not in d.gold_answer.en
    # 235: above the target, the insulin is intensified, not merely continued
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [190, 235], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, pair, "insulin")
    assert d is not None
    assert "safe to continue" not in d.gold_answer.en
    assert "above the target range" in d.gold_answer.en
    assert "increase the scheduled" in d.gold_answer.en and "加量" in d.gold_answer.zh
    _gold_ok(d, ctx)
    wrong = "Glucose is 235 mg/dL, which is high. It is safe to continue insulin; monitor the glucose."
    assert _grade(d, ctx, wrong) < 0.6
    # 62: hypoglycaemia, treated and the insulin held / reduced
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [120, 62], "mg/dL", "L"), 0
    )
    d = RS.drug_lab_safety(ctx, pair, "insulin")
    assert d is not None and "Treat the hypoglycemia" in d.gold_answer.en
    _gold_ok(d, ctx)
    # not on insulin: a random hospital glucose, read against hospital hyperglycaemia
    # (> 140 mg/dL, ADA 2024 s16), not the laboratory's fasting 70-100 (issue #37)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "insulin"]
    ctx.facts.given.pop("insulin", None)
    assert ctx.facts.interpretation_range("glucose") == (
        70.0,
        140.0,
        "non-fasting hospital glucose",
    )


def test_warfarin_single_small_deviation_continues_and_rechecks(synthetic_records):
    """CHEST 2012 (Holbrook A et al., Chest 2012;141:e152S, recommendation 2.1): a single
    INR out of range by <= 0.5 keeps the dose and is rechecked; an INR of 1.0 is
    subtherapeutic and calls for a higher dose, not a plain "safe to continue"."""
    from physassist_env.clinical.warfarin import warfarin_action
    from physassist_env.scenarios.topics import hematology as HE

    assert warfarin_action(3.1, 2.6) == "continue_recheck"
    assert warfarin_action(3.1, None) == "continue_recheck"
    assert warfarin_action(1.7, 2.4) == "continue_recheck"
    assert warfarin_action(3.4, 3.3) == "reduce"
    assert warfarin_action(1.5, 1.2) == "increase"
    assert warfarin_action(1.0, None) == "increase"
    assert warfarin_action(5.2, 3.0) == "hold"
    assert warfarin_action(11.0, None) == "hold_vitamin_k"
    assert warfarin_action(2.5, 3.4) == "continue"
    ctx = _inr_ctx(synthetic_records)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "warfarin"]
    ctx.facts.orders.append(_order("Warfarin", "warfarin", 5.0, "mg", "PO", "DAILY16"))
    pair = PAIR["warfarin_inr"]
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [2.6, 3.1], "", "H"), 0)
    for d in (RS.drug_lab_safety(ctx, pair, "warfarin"), HE.warfarin_inr(ctx)):
        assert d is not None
        assert "hold warfarin" not in d.gold_answer.en.lower()
        assert "continue the current warfarin dose" in d.gold_answer.en.lower()
        assert "one to two weeks" in d.gold_answer.en and "复查 INR" in d.gold_answer.zh
        _gold_ok(d, ctx)
        assert (
            _grade(d, ctx, "INR is 3.1, supratherapeutic: hold warfarin tonight.") < 0.6
        )
    # INR 1.0: subtherapeutic, the dose is increased
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [1.1, 1.0], "", ""), 0)
    d = RS.drug_lab_safety(ctx, pair, "warfarin")
    assert d is not None
    assert "safe to continue" not in d.gold_answer.en
    assert "subtherapeutic" in d.gold_answer.en and "increase" in d.gold_answer.en
    _gold_ok(d, ctx)
    assert (
        _grade(d, ctx, "INR is 1.0, which is normal. It is safe to continue warfarin.")
        < 0.6
    )
    # a persistently high INR (3.4 after 3.3) is lowered, not kept
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [3.3, 3.4], "", "H"), 0)
    d = RS.drug_lab_safety(ctx, pair, "warfarin")
    assert d is not None and "lower the dose" in d.gold_answer.en
    _gold_ok(d, ctx)
    # the recent-INR rule stands
    ctx.facts.labs["inr"] = _dated(ctx, _series("inr", [2.6, 3.1], "", "H"), 2)
    assert RS.drug_lab_safety(ctx, pair, "warfarin") is None


def test_ketorolac_is_stopped_at_its_five_day_limit(synthetic_records):
    """Ketorolac US label (boxed warning): combined IV/IM/oral use must not exceed 5 days.
    Counted from the first order / dose of the admission known at the session date."""
    from datetime import date, timedelta

    ctx = _first(
        synthetic_records,
        lambda c: (date.fromisoformat(c.facts.current_date)
                   - date.fromisoformat(c.facts.start[:10])).days >= 6
        and RS.dose_days(c, "ketorolac") is None,
    )  # fmt: skip
    today = date.fromisoformat(ctx.facts.current_date)
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [0.9, 0.8], "mg/dL"), 0
    )

    def on_ketorolac(days_ago: int) -> None:
        start = (today - timedelta(days=days_ago)).isoformat() + "T08:00:00"
        ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "ketorolac"]
        ctx.facts.orders.append(
            _order("Ketorolac", "ketorolac", 15, "mg", "IV", "Q6H", start, "k1")
        )

    on_ketorolac(6)  # day 7
    d = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ketorolac")
    assert d is not None
    assert "safe to continue" not in d.gold_answer.en
    assert "today is the seventh day" in d.gold_answer.en
    assert "Stop ketorolac now" in d.gold_answer.en
    assert "5 天" in d.gold_answer.zh
    _gold_ok(d, ctx)
    ok = "Creatinine is 0.8 mg/dL, normal. It is safe to continue ketorolac."
    assert _grade(d, ctx, ok) < 0.6
    on_ketorolac(1)  # day 2: continue, the limit stated
    d = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ketorolac")
    assert d is not None and "safe to continue ketorolac for now" in d.gold_answer.en
    assert "the second day" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_a_count_below_the_limit_reads_as_no_significant_growth(synthetic_records):
    """A urine culture reported "<10,000 organisms/ml" is no significant growth (IDSA
    2019, significant bacteriuria 10^5 CFU/mL): the gold says so in both languages, not
    "Cultures: <10,000 organisms/ml" or "grew <10,000 organisms/ml"."""
    from physassist_env.scenarios.topics import lookup as LO
    from physassist_env.vocab.microbiology import organism_text_en, organism_text_zh

    low = "<10,000 organisms/ml"
    assert organism_text_en(low) == f"no significant growth ({low})"
    assert organism_text_zh(low) == "无有意义生长（菌落数 <10,000/ml）"
    for kept in ("ESCHERICHIA COLI", ">100,000 CFU/mL",
                 "10,000-100,000 ORGANISMS/ML. Commensal Respiratory Flora"):  # fmt: skip
        assert organism_text_en(kept) == kept
    ctx = _first(
        synthetic_records,
        lambda c: (
            len(c.facts.labs.get("wbc", LabSeries(LABS["wbc"], [])).points) >= 2
            and bool(c.facts.cultures)
            and GA.infection_status(c) is not None
        ),
    )
    ctx.facts.cultures = [
        {"id": "m1", "test": "URINE CULTURE", "organism": low, "susceptibility": {},
         "time": ctx.facts.start[:10] + "T08:00:00"}
    ]  # fmt: skip
    d = GA.infection_status(ctx)
    assert d is not None
    assert f"Cultures: no significant growth ({low})" in d.gold_answer.en
    assert "无有意义生长" in d.gold_answer.zh
    _gold_ok(d, ctx)
    d = LO.culture_result(ctx)
    assert d is not None and "grew" not in d.gold_answer.en
    assert "showed no significant growth" in d.gold_answer.en


def test_an_antibiotic_is_not_judged_on_a_viral_only_diagnosis(synthetic_records):
    """IDSA influenza guideline (Uyeki TM et al., Clin Infect Dis 2019;68:e1-e47):
    antibiotics only for a suspected bacterial co-infection. Ciprofloxacin for influenza
    is not "responding, continue"; a coded bacterial infection or a significant culture is
    what makes the white count a measure of the antibiotic (clinical.infection)."""

    from physassist_env.clinical.infection import (
        bacterial_indication,
        is_bacterial_code,
    )

    for code in ("0389", "486", "5990", "682.6", "A41.9", "J18.9", "N39.0", "L03.115"):
        assert is_bacterial_code(code), code
    for code in (
        "4871",
        "J10.1",
        "J11.1",
        "U07.1",
        "B97.4",
        "J06.9",
        "4659",
        "0796",
        "J12.9",
    ):
        assert not is_bacterial_code(code), code
    assert not bacterial_indication(
        ["J101"], ["POSITIVE FOR INFLUENZA A VIRAL ANTIGEN"]
    )
    assert bacterial_indication(["J101"], ["HAEMOPHILUS SPECIES NOT INFLUENZAE"])

    ctx = _first(synthetic_records, lambda c: _two_days_in(c) is not None)
    drug = _two_days_in(ctx)
    assert drug is not None
    ctx.facts.labs["wbc"] = _series("wbc", [15.2, 9.1], "K/uL", ["H", "N"])
    ctx.facts.conditions = [
        ("J101", "Influenza due to other identified influenza virus")
    ]
    ctx.facts.cultures = [
        {"id": "m1", "test": "Rapid Respiratory Viral Screen & Culture",
         "organism": "POSITIVE FOR INFLUENZA A VIRAL ANTIGEN", "susceptibility": {},
         "time": ctx.facts.start[:10] + "T08:00:00"}
    ]  # fmt: skip
    assert RS.treatment_response(ctx, drug) is None
    ctx.facts.cultures = []
    assert RS.treatment_response(ctx, drug) is None
    # a bacterial co-infection coded (pneumonia), or a significant culture: judged
    ctx.facts.conditions.append(("J189", "Pneumonia, unspecified organism"))
    d = RS.treatment_response(ctx, drug)
    assert d is not None and "responding" in d.gold_answer.en
    ctx.facts.conditions = ctx.facts.conditions[:1]
    # a significant isolate the drug treats (an E. coli for most; a drug that misses it,
    # vancomycin, is judged on an MRSA: reasoning.resistant_isolates)
    organism = next(
        o
        for o in ("ESCHERICHIA COLI", "STAPHYLOCOCCUS AUREUS, METHICILLIN RESISTANT")
        if not RS.resistant_isolates([{"organism": o}], drug)
    )
    ctx.facts.cultures = [
        {"id": "m2", "test": "BLOOD CULTURE", "organism": organism,
         "susceptibility": {}, "time": ctx.facts.start[:10] + "T08:00:00"}
    ]  # fmt: skip
    assert RS.treatment_response(ctx, drug) is not None


def test_synthetic_metformin_label_is_the_gold_egfr_rule():
    """The synthetic hospital's truth label for metformin's creatinine is the gold's rule
    (eGFR, CKD-EPI 2021, below 45: FDA 2016; clinical.renal.egfr_action), not a
    creatinine above 1.9 mg/dL: creatinine 1.4 in a woman of 80 (eGFR about 38) is unsafe,
    2.0 in a man of 30 (eGFR about 45) is not."""
    from datetime import datetime, timedelta

    from physassist_env.synth import knowledge as kb
    from physassist_env.synth.planting import observe_pairs

    pair = next(p for p in kb.MONITORING_PAIRS if p.key == "creatinine_metformin")
    admit = datetime(2150, 1, 1, 8)

    def label(creatinine: float, age: int, female: bool) -> bool:
        pairs = [{"pair": pair.key, "drugs": ["metformin"], "itemid": pair.itemid,
                  "planted": False}]  # fmt: skip
        series = {pair.itemid: [(admit + timedelta(days=1), 1.0),
                                (admit + timedelta(days=2), creatinine)]}  # fmt: skip
        observe_pairs(pairs, series, admit, age, female)
        return pairs[0]["unsafe"]

    for creatinine, age, female in ((1.4, 80, True), (2.0, 30, False), (2.4, 80, True)):
        assert label(creatinine, age, female) == PAIR["metformin_cr"].unsafe(
            creatinine, female, age
        )
    assert label(1.4, 80, True) and not label(2.0, 30, False)


def test_aki_consult_reads_as_a_physician_writes_it(synthetic_records):
    """The nephrology consult answer: "an urgent consult" (not "a urgent"), the note's
    diagnosis as the admission's context, and the ZH answer in Chinese, not the English
    note quoted (KDIGO 2012 stage 3 is urgent; NICE NG148 1.5)."""
    from physassist_env.scenarios.topics import renal as RN
    from physassist_env.vocab.zh_text import untranslated_english

    ctx = _first(synthetic_records, lambda c: c.facts.age is not None)
    ctx.facts.conditions = [("5849", "Acute kidney failure, unspecified")]
    ctx.facts.history = [(c, t, ctx.facts.hadm_id) for c, t in ctx.facts.conditions]
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 2.4, 4.6], "mg/dL", ["", "H", "H"]), 0
    )
    d = RN.aki_consult(ctx)
    assert d is not None
    assert d.gold_answer.en.startswith("Done: an urgent nephrology consult")
    assert "(admitted with Acute kidney failure)" in d.gold_answer.en
    assert "KDIGO 3期急性肾损伤" in d.gold_answer.zh and "AKI" not in d.gold_answer.zh
    assert untranslated_english(d.gold_answer.zh) == []
    _gold_ok(d, ctx)


def test_the_dose_asked_for_is_the_regimen_not_a_one_off(synthetic_records):
    """'The blood sugar now, and the insulin dose?' is answered with the scheduled
    regimen (glargine 20 units at bedtime), not a one-off correction dose given once."""
    ctx = _on_insulin(synthetic_records)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "insulin"]
    ctx.facts.orders += [
        _order("Insulin", "insulin", 2, "UNIT", "SC", "ONCE", oid="once"),
        _order("Insulin Glargine", "insulin", 20, "UNIT", "SC", "QHS", oid="ins"),
    ]
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [180, 150], "mg/dL", "H"), 0
    )
    d = GA.lab_and_med(ctx, "glucose", "insulin")
    assert d is not None
    assert "20 UNIT SC QHS" in d.gold_answer.en and "ONCE" not in d.gold_answer.en
    from physassist_env.scenarios.topics import lookup as LO
    from physassist_env.vocab.frequencies import freq_zh

    d = LO.med_current(ctx, "insulin")
    assert d is not None and "20 UNIT SC QHS" in d.gold_answer.en
    # meal-time frequencies are written in Chinese (MIMIC-IV insulin BREAKFAST / DINNER)
    assert [freq_zh(f) for f in ("BREAKFAST", "LUNCH", "DINNER")] == [
        "早餐时", "午餐时", "晚餐时",
    ]  # fmt: skip


def test_raas_blockers_are_held_above_5_5_not_5_0():
    """ESC 2021 HF: continue an ACEi/ARB/MRA up to K 5.5 (monitor), halve or hold above;
    the gold and the synthetic truth label use one limit."""
    from physassist_env.scenarios.vocab import SAFETY_PAIRS
    from physassist_env.synth.knowledge import MONITORING_PAIRS

    pairs = {p.key: p for p in SAFETY_PAIRS}
    label = next(p for p in MONITORING_PAIRS if p.key == "potassium_raas")
    for key in ("acei_k", "arb_k", "spiro_k"):
        assert not pairs[key].unsafe(5.4), key
        assert pairs[key].unsafe(5.7), key
        assert {"hold", "reduce", "减量"} <= set(pairs[key].unsafe_actions)
        assert pairs[key].threshold == label.unsafe_above


def test_kdigo_answer_leads_with_the_stage(synthetic_generated):
    """The KDIGO answer leads with the stage: it also answers "where are we on staging?",
    where an opening "Yes:" reads wrong."""
    aki = [
        t
        for s in synthetic_generated.sessions
        for t in s.turns
        if t.topic == "kdigo_aki"
    ]
    assert aki
    for t in aki:
        assert t.gold_answer.en.startswith(("KDIGO stage", "No AKI")), t.gold_answer.en
        assert t.gold_answer.zh.startswith("按"), t.gold_answer.zh


def test_cha2ds2vasc_breakdown_lists_only_what_scores(synthetic_records):
    """A CHA2DS2-VASc breakdown names the factors that score (Lip 2010); an age under 65
    scores nothing and is not listed as a factor."""
    from physassist_env.scenarios.topics import reasoning as RE

    def young_with_af(c: TopicContext) -> bool:
        if c.facts.age is None or c.facts.age >= 65:
            return False
        c.facts.history.append(("I4891", "Atrial fibrillation", c.facts.hadm_id))
        return RE.cha2ds2vasc(c) is not None

    draft = RE.cha2ds2vasc(_first(synthetic_records, young_with_af))
    assert draft is not None
    assert "age < 65" not in draft.gold_answer.en
    assert "年龄<65岁" not in draft.gold_answer.zh
    assert draft.gold_answer.en.startswith("CHA2DS2-VASc is")


# ---------------------------------------------------------------- s5: gold4 physician review
def test_lactate_at_its_peak_has_not_cleared_and_sepsis_is_named_only_when_coded(
    synthetic_records,
):
    """Nguyen 2004 / SSC 2021: clearance is measured from a peak; a latest value that IS the
    peak has not cleared at all ("peaked at 2.4 and is 2.4 now" said nothing). "The source
    of sepsis" only where the admission codes sepsis (a COPD admission does not)."""
    from physassist_env.clinical.infection import lactate_context
    from physassist_env.scenarios.topics import antimicrobials as AM

    assert lactate_context(["A41.9"]) == "sepsis"
    assert lactate_context(["J18.9"]) == "infection"
    assert lactate_context(["J44.1", "I10"]) == ""
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.facts.conditions = [("J441", "COPD with (acute) exacerbation")]
    ctx.facts.icd = {}
    ctx.facts.labs["lactate"] = _series("lactate", [1.6, 2.4], "mmol/L", ["N", "H"])
    d = AM.lactate_clearance(ctx)
    assert d is not None
    assert "highest of the admission" in d.gold_answer.en
    assert "最高值" in d.gold_answer.zh
    assert "peaked at 2.4 mmol/L and is 2.4" not in d.gold_answer.en
    assert "sepsis" not in d.gold_answer.en and "脓毒症" not in d.gold_answer.zh
    assert "cause of the raised lactate" in d.gold_answer.en
    _gold_ok(d, ctx)
    # coded sepsis, falling but under 10%: "not clearing", and the source of sepsis
    ctx.facts.conditions = [("A419", "Sepsis, unspecified organism")]
    ctx.facts.labs["lactate"] = _series("lactate", [4.1, 3.9], "mmol/L", "H")
    d = AM.lactate_clearance(ctx)
    assert d is not None
    assert (
        "peaked at 4.1" in d.gold_answer.en and "source of sepsis" in d.gold_answer.en
    )
    _gold_ok(d, ctx)


def test_meld_na_states_the_optn_bounds_it_applied(synthetic_records):
    """OPTN/UNOS MELD-Na (2016; Kim WR et al., N Engl J Med 2008): values below 1.0 count
    as 1.0, creatinine above 4.0 (or on dialysis) as 4.0, sodium within 125-137. The gold
    says which bound it applied so a clinician can check the number; the bound is not read
    as a measured value (the audit must not see "creatinine 4.0")."""
    from physassist_env.grading.claims import read_claims
    from physassist_env.scenarios.topics import scores as SC

    assert scores.meld_bounds(bilirubin=0.7, inr=1.4, creatinine=5.2, sodium=121) == [
        ("bilirubin", "floor", 1.0),
        ("creatinine", "cap", 4.0),
        ("sodium", "low", 125.0),
    ]
    assert scores.meld_bounds(bilirubin=2, inr=1.4, creatinine=1.2, sodium=130) == []
    on_dialysis = scores.meld_na(
        bilirubin=2, inr=1.5, creatinine=1.2, sodium=135, dialysis=True
    )
    assert on_dialysis == scores.meld_na(
        bilirubin=2, inr=1.5, creatinine=4.0, sodium=135
    )
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.facts.history = [("K7030", "Alcoholic cirrhosis of liver", ctx.facts.start)]
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "warfarin"]
    ctx.facts.given.pop("warfarin", None)
    ctx.facts.labs.update(
        bilirubin=_series("bilirubin", [0.9, 0.7], "mg/dL"),
        inr=_series("inr", [1.5, 1.4], ""),
        creatinine=_series("creatinine", [4.8, 5.2], "mg/dL", "H"),
        sodium=_series("sodium", [124, 121], "mmol/L", "L"),
    )
    d = SC.meld_na(ctx)
    assert d is not None
    assert "creatinine counted as 4.0 mg/dL (the cap)" in d.gold_answer.en
    assert "bilirubin counted as 1.0" in d.gold_answer.en
    assert "sodium counted as 125 mmol/L (the lower bound)" in d.gold_answer.en
    assert "肌酐按上限 4.0 mg/dL 计" in d.gold_answer.zh
    for text in (d.gold_answer.en, d.gold_answer.zh):
        said = {
            (c.subject, c.quantity.value)
            for c in read_claims(text).claims
            if c.kind == "value" and c.quantity is not None
        }
        assert ("creatinine", 4.0) not in said and ("creatinine", 5.2) in said
    _gold_ok(d, ctx)


def test_low_normal_glucose_on_insulin_reassesses_the_regimen(synthetic_records):
    """Endocrine Society 2012 (Umpierrez GE et al., J Clin Endocrinol Metab 2012;97:16-38):
    on insulin, a glucose below 100 mg/dL calls for the regimen to be reassessed. 78 is not
    hypoglycaemia (no treatment) but is not a plain "safe to continue" either."""
    from physassist_env.clinical.glycaemia import reassess_insulin

    assert [reassess_insulin(v) for v in (62, 70, 78, 99, 100, 120)] == [
        False, True, True, True, False, False,
    ]  # fmt: skip
    ctx = _on_insulin(synthetic_records)
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [132, 78], "mg/dL", "N"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["insulin_glucose"], "insulin")
    assert d is not None
    assert "reassessed" in d.gold_answer.en and "重新评估胰岛素方案" in d.gold_answer.zh
    assert "Treat the hypoglycemia" not in d.gold_answer.en
    _gold_ok(d, ctx)
    plain = "Glucose is 78 mg/dL, not high on insulin. It is safe to continue insulin; monitor the glucose."
    assert _grade(d, ctx, plain) < 0.6
    # 120 is still a plain continue
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [132, 120], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["insulin_glucose"], "insulin")
    assert d is not None and "reassessed" not in d.gold_answer.en


def test_child_pugh_scores_only_what_the_record_shows(synthetic_records):
    """Pugh 1973 / AASLD: a code says ascites is present, never its grade (mild 2 points,
    moderate-severe 3); the gold states the range the record allows instead of assuming
    moderate ascites, and says that an uncoded component was scored as none."""
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.facts.icd = {}
    ctx.facts.conditions = [("K7030", "Alcoholic cirrhosis"), ("R18", "Ascites")]
    ctx.facts.labs.update(
        bilirubin=_series("bilirubin", [2.2, 2.5], "mg/dL", "H"),
        albumin=_series("albumin", [3.1, 3.0], "g/dL", "L"),
        inr=_series("inr", [1.4, 1.5], "", "H"),
    )
    d = RS.child_pugh(ctx)
    assert d is not None
    # bilirubin 2 + albumin 2 + INR 1 + ascites 2-3 + encephalopathy 1 = 8-9, class B
    assert "Child-Pugh score 8 to 9, class B" in d.gold_answer.en
    assert "8-9 分" in d.gold_answer.zh
    assert "ascites coded without a grade" in d.gold_answer.en
    assert "no hepatic encephalopathy recorded (scored as none)" in d.gold_answer.en
    assert "present" not in d.gold_answer.en and "absent" not in d.gold_answer.en
    _gold_ok(d, ctx)
    for said, ok in (("Child-Pugh 8, class B.", True), ("Child-Pugh 9, class B.", True),
                     ("Child-Pugh 10, class C.", False), ("Child-Pugh 7, class B.", False)):  # fmt: skip
        item = d.rubric[0]
        v = evaluate(item.check, GradingContext(answer=said))
        assert v.met is ok, said
    # ascites and encephalopathy both coded: 9-11 crosses classes B and C
    ctx.facts.conditions.append(("K7290", "Hepatic encephalopathy"))
    d = RS.child_pugh(ctx)
    assert d is not None and "9 to 11, class B or C" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_warfarin_advice_is_worded_once_for_both_topics(synthetic_records):
    """The warfarin dose rule is one (clinical.warfarin); so is its wording: the INR topic
    and the drug-safety topic give the same advice for the same INR (they differed: "increase
    the weekly warfarin dose modestly" in one, "Warfarin should not be held, ..." in the
    other; a hold at 5.2 was "hold warfarin for now" in one, with a daily INR in the other)."""
    from physassist_env.clinical.warfarin import ADVICE, warfarin_action
    from physassist_env.scenarios.topics import hematology as HE

    ctx = _inr_ctx(synthetic_records)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "warfarin"]
    ctx.facts.orders.append(_order("Warfarin", "warfarin", 5.0, "mg", "PO", "DAILY16"))
    pair = PAIR["warfarin_inr"]
    seen = set()
    for values in (
        [2.6, 3.1],
        [1.5, 1.2],
        [2.4, 2.5],
        [3.3, 3.4],
        [3.0, 5.2],
        [9.0, 11.0],
    ):
        ctx.facts.labs["inr"] = _dated(ctx, _series("inr", values, "", "H"), 0)
        action = warfarin_action(values[1], values[0])
        seen.add(action)
        for d in (RS.drug_lab_safety(ctx, pair, "warfarin"), HE.warfarin_inr(ctx)):
            assert d is not None, (values, action)
            assert ADVICE[action][0] in d.gold_answer.en, (action, d.gold_answer.en)
            assert ADVICE[action][1] in d.gold_answer.zh, (action, d.gold_answer.zh)
            _gold_ok(d, ctx)
    # a recent dose change and doses given in hospital: test_physician_round10b.py
    assert seen == set(ADVICE) - {"keep_after_change", "increase_given"}


def test_treatment_response_reads_the_white_count_course(synthetic_records):
    """IDSA/SHEA stewardship (Barlam 2016): therapy is reassessed on the course known today,
    not on the first and latest values alone. 16 -> 9 -> 13 has risen again (not
    responding, though first-to-latest "falls"); 13 -> 21 -> 15 is falling from its peak
    (responding, though first-to-latest "rises")."""
    from physassist_env.clinical.infection import wbc_course

    assert wbc_course([16, 9, 13]) == ("rising", "rebound", 9)
    assert wbc_course([13, 21, 15]) == ("falling", "peak", 21)
    assert wbc_course([15.2, 9.1]) == ("falling", "first", 15.2)
    ctx = _first(synthetic_records, lambda c: _two_days_in(c) is not None)
    drug = _two_days_in(ctx)
    assert drug is not None
    ctx.facts.cultures = []
    ctx.facts.conditions = [("J189", "Pneumonia, unspecified organism")]
    ctx.facts.labs["wbc"] = _series("wbc", [16.0, 9.0, 13.0], "K/uL", ["H", "N", "H"])
    d = RS.treatment_response(ctx, drug)
    assert d is not None
    assert (
        "not responding" in d.gold_answer.en
        and "back up to 13 K/uL" in d.gold_answer.en
    )
    assert "回升" in d.gold_answer.zh
    _gold_ok(d, ctx)
    wrong = f"WBC went from 16 to 13 K/uL, falling: responding. Continue {drug}."
    assert _grade(d, ctx, wrong) < 0.6
    ctx.facts.labs["wbc"] = _series("wbc", [13.0, 21.0, 15.0], "K/uL", "H")
    d = RS.treatment_response(ctx, drug)
    assert d is not None
    # still above 11 K/uL: improving, not a bare "responding" (test_gold5_rules)
    assert "improving, with the white count falling from its peak" in d.gold_answer.en
    assert "peaked at 21 and is 15" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_treatment_response_a_rise_within_the_normal_range_is_no_failure(
    synthetic_records,
):
    """A count that came down from above the range into it and drifted up since, still in
    the range (18.4 -> 7.2 -> 9.3), is a response: the rebound that judges failure is a rise
    above 11 K/uL (clinical.infection.wbc_course; IDSA/SHEA, Barlam 2016). The gold said
    "not responding, with the white count rising ... consider broadening"."""
    ctx = _first(synthetic_records, lambda c: _two_days_in(c) is not None)
    drug = _two_days_in(ctx)
    assert drug is not None
    ctx.facts.cultures = []
    ctx.facts.conditions = [("J189", "Pneumonia, unspecified organism")]
    ctx.facts.labs["wbc"] = _series(
        "wbc", [18.4, 12.0, 7.2, 9.3], "K/uL", ["H", "H", "N", "N"]
    )
    d = RS.treatment_response(ctx, drug)
    assert d is not None
    assert "not responding" not in d.gold_answer.en, d.gold_answer.en
    assert "responding" in d.gold_answer.en and "7.2" in d.gold_answer.en
    assert f"Continue {drug} and recheck the white count" in d.gold_answer.en
    assert "有效" in d.gold_answer.zh and "疗效不佳" not in d.gold_answer.zh
    _gold_ok(d, ctx)
    wrong = f"WBC went from 18.4 to 9.3 K/uL, rising: not responding. Broaden beyond {drug}."
    assert _grade(d, ctx, wrong) < 0.6
    # a rise back above the range is still a rebound (not responding)
    ctx.facts.labs["wbc"] = _series("wbc", [18.4, 7.2, 12.5], "K/uL", ["H", "N", "H"])
    d = RS.treatment_response(ctx, drug)
    assert d is not None and "not responding" in d.gold_answer.en


def test_cefazolin_to_vancomycin_for_mrsa_is_not_a_de_escalation(synthetic_records):
    """IDSA (Barlam 2016; MRSA, Liu 2011): an S. aureus resistant to oxacillin is not covered
    by cefazolin; moving to vancomycin corrects inadequate therapy, it does not narrow it
    (the gold said "De-escalate: switch to vancomycin and stop the cefazolin")."""
    from physassist_env.scenarios.topics import antimicrobials as AM

    # a record holding microbiology (the topic requires it)
    ctx = _first(
        synthetic_records,
        lambda c: not c.facts.encounter_based and c.facts.kinds["microbiology"],
    )
    ctx.facts.cultures = [
        {"id": "m1", "test": "WOUND CULTURE", "organism": "STAPH AUREUS COAG +",
         "susceptibility": {"oxacillin": "R", "vancomycin": "S"},
         "time": ctx.facts.start}
    ]  # fmt: skip
    ctx.facts.orders = [
        o for o in ctx.facts.orders if o.generic not in AM.ANTIBIOTICS
    ] + [_order("CefazoLIN", "cefazolin", 2, "g", "IV", "Q8H")]
    d = AM.deescalation(ctx)
    assert d is not None
    assert (
        "not a narrowing" in d.gold_answer.en and "De-escalate" not in d.gold_answer.en
    )
    assert "oxacillin R" in d.gold_answer.en and "苯唑西林耐药" in d.gold_answer.zh
    assert "降阶梯" in d.gold_answer.zh and "不是降阶梯" in d.gold_answer.zh
    _gold_ok(d, ctx)
    # on piperacillin-tazobactam, the same isolate is a real narrowing to vancomycin
    ctx.facts.orders[-1] = _order(
        "Piperacillin-Tazobactam", "piperacillin", 4.5, "g", "IV", "Q8H"
    )
    d = AM.deescalation(ctx)
    assert d is not None and "De-escalate" in d.gold_answer.en


def test_labs_trend_says_where_an_abnormal_latest_value_lies(synthetic_records):
    """ "Are the creatinine and potassium improving?" is not answered by "potassium went from
    4.6 to 5.7 (rising)" alone: a rise into hyperkalaemia is worse. The latest value's
    reading is said when it is abnormal (laboratory flag)."""
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.facts.labs["creatinine"] = _series("creatinine", [2.8, 2.9], "mg/dL", "H")
    ctx.facts.labs["potassium"] = _series("potassium", [4.6, 5.7], "mEq/L", ["N", "H"])
    d = GA.labs_trend(ctx, "creatinine", "potassium")
    assert d is not None
    assert "5.7 mEq/L (rising), now above the reference range" in d.gold_answer.en
    assert "目前高于参考范围" in d.gold_answer.zh
    _gold_ok(d, ctx)
    ctx.facts.labs["potassium"] = _series("potassium", [3.7, 4.1], "mEq/L", "N")
    d = GA.labs_trend(ctx, "creatinine", "potassium")
    assert d is not None and "4.1 mEq/L (rising)." in d.gold_answer.en


def test_oral_vancomycin_is_not_held_or_renally_dosed(synthetic_records):
    """Oral / rectal vancomycin for C. difficile is not absorbed (Vancocin label; IDSA/SHEA
    2017, McDonald 2018): a creatinine of 1.9 is no reason to hold it nor to reduce its dose
    (the gold said "hold vancomycin" and "should be dose-reduced" for Vancomycin Oral
    Liquid). IV vancomycin keeps both questions. Lactated Ringers is not a discharge drug."""
    from physassist_env.clinical.discharge import inpatient_only
    from physassist_env.clinical.renal import systemic

    assert not systemic("vancomycin", "PO/NG", "Vancomycin Oral Liquid")
    assert not systemic("vancomycin", "PR", "Vancomycin Enema")
    assert systemic("vancomycin", "IV", "Vancomycin")
    assert systemic("metformin", "PO", "Metformin")
    lr = _order("Lactated Ringers", None, 1000, "mL", "IV", "Q8H")
    assert inpatient_only(lr) == "diluent"
    ctx = _first(
        synthetic_records, lambda c: not c.facts.encounter_based and c.facts.age
    )
    ctx.facts.weight_kg = ctx.facts.weight_kg or 70.0
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "vancomycin"]
    ctx.facts.orders.append(
        _order("Vancomycin Oral Liquid", "vancomycin", 125, "mg", "PO/NG", "Q6H")
    )
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.2, 1.9], "mg/dL", "H"), 0
    )
    pair = PAIR["vanco_cr"]
    assert RS.drug_lab_safety(ctx, pair, "vancomycin") is None
    assert RS.crcl_dosing(ctx, "vancomycin") is None
    ctx.facts.orders[-1] = _order("Vancomycin", "vancomycin", 1000, "mg", "IV", "Q12H")
    assert RS.crcl_dosing(ctx, "vancomycin") is not None
    # nor does the planner pick "vancomycin and creatinine" as a session's focus
    from physassist_env.scenarios.features import safety_pairs

    oral = _order("Vancomycin Oral Liquid", "vancomycin", 125, "mg", "PO/NG", "Q6H")
    iv = _order("Vancomycin", "vancomycin", 1000, "mg", "IV", "Q12H")
    labs = {"creatinine": ctx.facts.labs["creatinine"]}
    assert [p[0].key for p in safety_pairs([oral], labs)] == []
    assert [p[0].key for p in safety_pairs([oral, iv], labs)] == ["vanco_cr"]


def test_a_hedged_insulin_reassessment_fails(synthetic_records):
    """The reassessment is the turn's conclusion: an answer that leaves it open ("may or
    may not need changing") fails, as the grader-validity hedge variants must."""
    ctx = _on_insulin(synthetic_records)
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [132, 92], "mg/dL", "N"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["insulin_glucose"], "insulin")
    assert d is not None
    _gold_ok(d, ctx)
    hedged = d.gold_answer.zh.replace("血糖继续下降", "血糖继续可能上升也可能下降")
    assert hedged != d.gold_answer.zh
    assert _grade(d, ctx, hedged, "zh") < 0.6
