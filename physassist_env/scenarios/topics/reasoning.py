"""CR topics: fetch parameters, then apply clinical knowledge (rules and scores cited in code)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from physassist_env.clinical import analgesia, glycaemia, renal, scores, warfarin
from physassist_env.clinical.antithrombotic import (
    ASPIRIN_MAX_WITH_ANTICOAGULANT,
    NOT_WITH_ANTICOAGULANT,
    af_dose_problem,
)
from physassist_env.clinical.bleeding import (
    ANTICOAGULANT_ADVERSE_CODES,
    HB_DROP,
    HB_DROP_HOURS,
    is_bleeding_code,
)
from physassist_env.clinical.bleeding import BLEEDING_CODES as _BLEEDING
from physassist_env.clinical.harm import ANTICOAGULANTS as ANY_ANTICOAGULANT
from physassist_env.clinical.infection import (
    WBC_HIGH,
    bacterial_indication,
    judgeable_wbc_baseline,
    mrsa_coverage_can_stop,
    not_an_infection,
    wbc_course,
    wbc_judges_infection,
)
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    ANTICOAGULANTS,
    DIALYSIS_CODES,
    P2Y12,
    aki_facts,
    anticoagulation_indication,
    bleeding_now,
    bleeding_treatment,
    daily_dose,
    drug_of,
    home_anticoagulants,
    home_antiplatelets,
    last_discharge_list,
    on_dialysis,
    planned_colonoscopy,
    reversal_given,
    stopped_anticoagulant,
)
from physassist_env.scenarios.features import AdmissionFacts, day_before
from physassist_env.scenarios.model import (
    Implicitness,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import (
    Draft,
    TopicContext,
    cap,
    day,
    days_old,
    dose_days,
    ketorolac_course,
    ketorolac_limit_item,
    nth,
    order_of,
    replacement,
    requires,
)
from physassist_env.scenarios.topics.hematology import warfarin_dose_action
from physassist_env.scenarios.topics.renal import (
    CREATININE_BASELINE,
    aki_creatinine_search,
)
from physassist_env.scenarios.vocab import (
    LABS,
    SafetyPair,
    drug_zh,
)
from physassist_env.vocab.decisions import CONTINUE, HOLD, MONITOR
from physassist_env.vocab.microbiology import culture_zh, organism_text_zh

#: Conclusion words for "is the antibiotic working?" (EN and ZH, casual wording included).
RESPONDING = [
    "responding",
    "improving",
    "working",
    "effective",
    "better",
    "getting better",
    "on the mend",
    "有效",
    "好转",
    "改善",
    "起效",
]
NOT_RESPONDING = [
    "not responding",
    "not improving",
    "not working",
    "worsening",
    "failing",
    "getting worse",
    "not adequate",
    "inadequate",
    "resistant",
    "无效",
    "未好转",
    "没有好转",
    "恶化",
    "疗效不佳",
    "效果不好",
    "耐药",
]
#: "The cultures grew no MRSA" (EN and ZH).
NO_MRSA = [
    "no MRSA",
    "not grown MRSA",
    "not grow MRSA",
    "MRSA negative",
    "negative for MRSA",
    "cultures are negative",
    "cultures negative",
    "no growth",
    "未见 MRSA",
    "未见MRSA",
    "未培养出 MRSA",
    "未培养出MRSA",
    "MRSA 阴性",
    "MRSA阴性",
    "培养阴性",
]
#: "Still above the upper limit" for a count that is falling but not yet normal.
STILL_RAISED = [
    "still raised",
    "still elevated",
    "still high",
    "remains raised",
    "remains elevated",
    "remains high",
    "still above",
    "not yet normal",
    "仍偏高",
    "仍高",
    "仍升高",
    "仍然偏高",
    "尚未恢复正常",
]
NO_ANTICOAG = [
    "not indicated",
    "not needed",
    "not required",
    "no anticoagulation",
    "not routinely",
    "don't need anticoagulation",
    "无需抗凝",
    "不需要抗凝",
    "一般无需",
    "不用抗凝",
]
ANTICOAG_INDICATED = [
    "anticoagulation is recommended",
    "recommend anticoagulation",
    "start anticoagulation",
    "should be anticoagulated",
    "needs anticoagulation",
    "indicated",
    "建议抗凝",
    "启动抗凝",
    "需要抗凝",
]
CHA2DS2VASC_TERMS = ["CHA2DS2-VASc", "CHA2DS2VASc", "CHADS-VASc"]
CHILD_PUGH_TERMS = ["Child-Pugh", "Child Pugh"]
CRCL_TERMS = ["creatinine clearance", "CrCl", "clearance", "肌酐清除率", "清除率"]


def _class_terms(cls: str) -> list[str]:
    return [
        f"class {cls}",
        f"Child-Pugh {cls}",
        f"{cls} 级",
        f"{cls}级",
        f"Child {cls}",
    ]


def _scheduled_insulin(orders: list) -> tuple[str, str]:
    """(EN, ZH) of the scheduled insulin doses ordered ("insulin 75 units BREAKFAST,
    20 units QHS"), each once: the answer names the insulins ordered, never a prandial
    dose that is not (ADA 2024 section 16; round 17, 10014354-26486158 t2)."""
    seen: list[tuple[str, str]] = []
    for o in sorted(orders, key=lambda o: o.start):
        one = (
            f"{R.fmt(o.dose, 0)} units {o.frequency}".strip(),
            f"{R.fmt(o.dose, 0)} 单位 {o.frequency}".strip(),
        )
        if one not in seen:
            seen.append(one)
    if not seen:
        return "", ""
    return (
        "insulin " + ", ".join(e for e, _ in seen),
        "胰岛素 " + "、".join(z for _, z in seen),
    )


@dataclass(frozen=True)
class DrugPlan:
    """What, beyond the monitoring pair's threshold, decides a drug's safety: the warfarin
    dose action for the INR (:func:`physassist_env.clinical.warfarin.warfarin_action`),
    the glucose band of an inpatient on insulin
    (:func:`physassist_env.clinical.glycaemia.insulin_glucose_band`; action ``"treat_hypo"``,
    ``"continue"``, ``"reassess"`` (70-99 mg/dL), ``"reassess_after_hypo"`` (a reading
    below 70 the day before or earlier the same day: ``low``) or ``"intensify"``), and the
    day of a ketorolac course."""

    action: str | None = None
    course_day: int | None = None
    first_day: str = ""
    low: tuple[str, float] | None = None
    #: A warfarin dose change the INR does not show yet (``"keep_after_change"``).
    change: warfarin.DoseChange | None = None
    #: ``"intensify"``: the lowest reading below 70 mg/dL earlier this admission (the
    #: increase is cautious) and the scheduled insulin doses ordered (EN, ZH) (round 17)
    earlier_low: tuple[str, float] | None = None
    doses: tuple[str, str] = ("", "")


def _systemic(ctx: TopicContext, generic: str) -> bool:
    """Whether ``generic`` reaches the circulation by one of its orders (the active ones,
    else all): not when every order is oral / rectal vancomycin (:func:`renal.systemic`)."""
    orders = [o for o in ctx.facts.orders if o.generic == generic]
    active = [o for o in orders if o.status == "active"] or orders
    return any(renal.systemic(generic, o.route, o.name) for o in active)


def _drug_plan(
    ctx: TopicContext, pair: SafetyPair, generic: str, series, order
) -> DrugPlan | None:
    """The drug-specific facts of :func:`drug_lab_safety`, or None when the question
    cannot be answered as a safety call."""
    f = ctx.facts
    if pair.drug_class == "warfarin":
        if f.bleeding_coded():
            return (
                None  # bleeding on warfarin is a reversal question (clinical.bleeding)
            )
        pts = series.points
        change = warfarin.recent_dose_change(f.orders, pts[-1].time)
        action = warfarin.warfarin_action(
            pts[-1].value, pts[-2].value if len(pts) > 1 else None, change
        )
        started = order.start[:10] or f.current_date
        running = (
            date.fromisoformat(f.current_date) - date.fromisoformat(started)
        ).days
        if action not in ("continue", "hold", "hold_vitamin_k") and not (
            warfarin.dose_is_judgeable("warfarin" in f.home, running)
        ):
            return None  # early in initiation the INR does not reflect the dose yet
        return DrugPlan(action, change=change)
    if pair.drug_class == "insulin":
        target = f.interpretation_range("glucose")
        if target is None or target[2] != glycaemia.BASIS:
            return None  # read only against the inpatient target, in mg/dL
        band = glycaemia.insulin_glucose_band(series.latest.value)
        low = glycaemia.recent_hypoglycaemia((p.time, p.value) for p in series.points)
        if low is not None:  # a documented value < 70: review the plan (ADA 2024 s16)
            return DrugPlan("reassess_after_hypo", low=low)
        scheduled = [
            o
            for o in f.active_orders()
            if o.generic == "insulin" and o.scheduled and o.dose
        ]
        if glycaemia.reassess_insulin(series.latest.value):
            if not scheduled:
                # a correction scale alone gives nothing at 70-99 mg/dL: there is no
                # scheduled dose to review or lower (ADA 2024 section 16)
                return None
            return DrugPlan("reassess")  # 70-99 on insulin (Endocrine Society 2012)
        if band == "above_target":
            if not scheduled:
                return None  # no regimen to intensify: starting one is another question
            if not glycaemia.persistent_hyperglycaemia(
                (p.time, p.value) for p in series.course_points
            ):
                # one reading above 180 mg/dL is watched, the regimen titrated if it
                # persists (ADA 2024 section 16; round 14, 10020740-23831430: "increase
                # the dose" at a 182 after a 134): no one-answer call today
                return None
            since = day_before(day_before(f.current_date))
            if any(o.start[:10] >= since for o in scheduled):
                # the scheduled dose was started or changed (a basal just cut) within
                # three days: its effect is judged before it is raised again (ADA 2024
                # section 16: adjust the regimen on the day's pattern; basal titration
                # every 2-3 days, ADA 2024 section 9; round 17 widened the day to three),
                # so "intensify" is no one-answer call today
                return None
            stay = [
                (p.time, p.value)
                for p in series.course_points
                if p.time >= f.start[:10]
            ]
            if glycaemia.lowest_hypoglycaemia(
                stay, glycaemia.NO_INCREASE_AFTER_HYPO_HOURS
            ):
                # a reading below 70 mg/dL within 72 hours: never an increase (ADA 2024
                # section 16: the regimen is changed to prevent recurrence; round 17)
                return None
            aki = aki_facts(f)
            if aki is not None and aki.current_stage:
                # AKI now: insulin clearance falls and hypoglycaemia risk rises (ADA 2024
                # section 16; KDIGO 2020 diabetes in CKD): not a day to raise the dose
                return None
        action = {"hypo": "treat_hypo", "above_target": "intensify"}.get(
            band, "continue"
        )
        if action != "intensify":
            return DrugPlan(action)
        stay = [
            (p.time, p.value) for p in series.course_points if p.time >= f.start[:10]
        ]
        return DrugPlan(
            action,
            earlier_low=glycaemia.lowest_hypoglycaemia(stay),
            doses=_scheduled_insulin(scheduled),
        )
    if generic == "ketorolac":
        course = ketorolac_course(ctx)
        if course is None:
            return DrugPlan()
        return DrugPlan(course_day=course[0], first_day=course[1])
    return DrugPlan()


def cautious_increase(
    ctx: TopicContext, pair: SafetyPair, generic: str
) -> tuple[str, float] | None:
    """The hypoglycaemia earlier this admission that makes an insulin increase cautious
    (``DrugPlan.earlier_low`` of an ``"intensify"`` plan; round 17), or None."""
    series, order = ctx.facts.labs.get(pair.lab), order_of(ctx, generic)
    if series is None or order is None or pair.drug_class != "insulin":
        return None
    plan = _drug_plan(ctx, pair, generic, series, order)
    return plan.earlier_low if plan is not None and plan.action == "intensify" else None


INCREASE = ["increase", "intensify", "up-titrate", "uptitrate", "加量", "增加"]
#: Words that reassess or lower an insulin regimen (the 70-99 mg/dL and after-hypoglycaemia
#: conclusions, clinical.glycaemia).
REVIEW_INSULIN = [
    "reassess",
    "review the",
    "re-evaluate",
    "reevaluate",
    "reduce",
    "lower the",
    "重新评估",
    "复核",
    "减量",
]


def _warfarin_bleeding(ctx: TopicContext, obs: list[str]) -> tuple[str, str]:
    """(EN, ZH) bleeding risks to weigh before a higher warfarin dose, known at the
    session time (:func:`physassist_env.clinical.warfarin.bleeding_risks`). The eGFR is
    named only when the turn's own calls (``obs``) showed the creatinine it comes from:
    an eGFR from a creatinine the answer never saw is a number the reader cannot check
    (the grader's no-fabrication check; demo 10040025-27553957 drug_lab_safety)."""
    f = ctx.facts
    plt = f.labs.get("platelets")
    cr = f.labs.get("creatinine")
    seen = cr is not None and any(
        "creatinine" in line.lower() and f"{cr.latest.value:g}" in line
        for o in obs
        for line in o.splitlines()
    )
    egfr = (
        scores.egfr_ckd_epi_2021(creatinine=cr.latest.value, age=f.age, female=f.female)
        if seen and f.age is not None and "mg" in cr.latest.unit.lower()
        else None
    )
    anti = [
        (g, drug_zh(g))
        for g in ("aspirin", "clopidogrel", "prasugrel", "ticagrelor")
        if f.on_drug(g)
    ]
    return warfarin.bleeding_text(
        warfarin.bleeding_risks(
            f.age, anti, plt.latest.value if plt is not None else None, egfr
        )
    )


def _special_answer(
    ctx: TopicContext,
    plan: DrugPlan,
    generic: str,
    order_name: str,
    lab,
    vu: str,
    flag_en: str,
    flag_zh: str,
    renal_en: str,
    renal_zh: str,
    obs: list[str],
) -> tuple[Text, list] | None:
    """The answer and rubric items (after the value and flag items) of a plan that is not
    a plain continue or hold: warfarin outside 2-3 (clinical.warfarin), insulin with a
    glucose outside 70-180 (clinical.glycaemia), ketorolac at its 5-day limit."""
    zh_name = drug_zh(generic)
    head_en, head_zh = (
        f"{cap(lab.en)} is {vu}, which is {flag_en}.{renal_en}",
        f"{lab.zh}为 {vu}，{flag_zh}。{renal_zh}",
    )
    hold_neg = R.negative_item(
        f"Recommends holding {generic}", f"建议暂停{zh_name}", HOLD, [generic, zh_name]
    )
    monitor = R.mention_item(
        f"Advises rechecking the {lab.en}", f"建议复查{lab.zh}", MONITOR
    )
    a = plan.action
    if generic == "warfarin" and a in (
        "continue",
        "hold",
    ):  # one wording (clinical.warfarin)
        hold = a == "hold"
        return Text(
            en=f"{head_en} {warfarin.ADVICE[a][0]}",
            zh=f"{head_zh}{warfarin.ADVICE[a][1]}",
        ), [
            R.recommend_item(
                "Recommends holding warfarin"
                if hold
                else "Recommends continuing the warfarin dose",
                "建议暂停华法林" if hold else "建议继续目前的华法林剂量",
                HOLD if hold else CONTINUE,
                [generic, zh_name, order_name],
            ),
            R.negative_item(
                "Recommends continuing warfarin unchanged",
                "建议继续原剂量华法林",
                CONTINUE,
                [generic, zh_name],
            )
            if hold
            else hold_neg,
            monitor,
        ]
    if a == "continue_recheck":  # a single INR out of range by <= 0.5 (CHEST 2012, 2.1)
        return Text(
            en=f"{head_en} A single INR just outside the range (by no more than half a point). {warfarin.ADVICE[a][0]}",
            zh=f"{head_zh}单次 INR 轻度偏离目标范围（偏离在半个单位以内）。{warfarin.ADVICE[a][1]}",
        ), [
            R.recommend_item(
                "Recommends continuing the current warfarin dose",
                "建议继续目前的华法林剂量",
                CONTINUE,
                [generic, zh_name, order_name],
            ),
            hold_neg,
            monitor,
        ]
    risk_en = risk_zh = ""
    if generic == "warfarin" and a in ("increase", "keep_after_change"):
        risk_en, risk_zh = _warfarin_bleeding(ctx, obs)
    if a == "keep_after_change" and plan.change is not None:
        # the INR does not show a recent change of the dose yet (clinical.warfarin)
        ch_en, ch_zh = plan.change.text()
        return Text(
            en=f"{head_en} Warfarin goes on: {ch_en}. {warfarin.ADVICE[a][0]}{risk_en}",
            zh=f"{head_zh}华法林继续使用：{ch_zh}。{warfarin.ADVICE[a][1]}{risk_zh}",
        ), [
            R.recommend_item(
                "Recommends keeping the current warfarin dose",
                "建议维持目前的华法林剂量",
                CONTINUE + ["维持"],
                [generic, zh_name, order_name, "dose", "剂量"],
            ),
            hold_neg,
            monitor,
        ]
    if a == "increase":  # subtherapeutic (CHEST 2012): not a reason to hold, a low dose
        # doses given in hospital: adherence is not the question (round 10b)
        key = "increase_given" if ctx.facts.given.get(generic) else a
        return Text(
            en=f"{head_en} {warfarin.ADVICE[key][0]}{risk_en}",
            zh=f"{head_zh}{warfarin.ADVICE[key][1]}{risk_zh}",
        ), [
            # a recommendation bound to warfarin: "increase" said of another drug is not it
            R.recommend_item(
                "Recommends increasing the warfarin dose",
                "建议增加华法林剂量",
                INCREASE,
                [generic, zh_name],
            ),
            hold_neg,
            monitor,
        ]
    if a == "reduce":  # above 3, below 4.5, not a single small deviation (Ansell 2008)
        return Text(
            en=f"{head_en} {warfarin.ADVICE[a][0]}",
            zh=f"{head_zh}{warfarin.ADVICE[a][1]}",
        ), [
            R.recommend_item(
                "Recommends holding a dose or lowering the warfarin dose",
                "建议华法林暂停一次或减量",
                HOLD + ["lower", "reduce", "decrease", "减量"],
                [generic, zh_name, order_name, "dose", "剂量"],
            ),
            R.negative_item(
                "Recommends continuing warfarin unchanged",
                "建议继续原剂量华法林",
                CONTINUE,
                [generic, zh_name],
            ),
            monitor,
        ]
    if a == "hold_vitamin_k":  # INR > 10 without bleeding (Holbrook 2012, 8.2)
        return Text(
            en=f"{head_en} {warfarin.ADVICE[a][0]}",
            zh=f"{head_zh}{warfarin.ADVICE[a][1]}",
        ), [
            R.recommend_item(
                "Recommends holding warfarin",
                "建议暂停华法林",
                HOLD,
                [generic, zh_name, order_name],
            ),
            R.mention_item(
                "Recommends oral vitamin K",
                "建议口服维生素K",
                ["vitamin K", "维生素K", "维生素 K"],
            ),
            monitor,
        ]
    if a == "treat_hypo":  # ADA 2024 section 16: treat, then change the insulin plan
        return Text(
            en=f"{head_en} Treat the hypoglycemia now, hold the next insulin dose and lower the regimen, and recheck the glucose in fifteen minutes.",
            zh=f"{head_zh}立即处理低血糖，暂停下一次胰岛素并减量，十五分钟后复查血糖。",
        ), [
            R.recommend_item(
                "Recommends holding or reducing the insulin",
                "建议暂停胰岛素或减量",
                ["hold", "reduce", "decrease", "lower", "暂停", "减量", "减少"],
                [generic, zh_name, order_name],
            ),
            R.mention_item(
                "Advises treating the hypoglycemia",
                "建议处理低血糖",
                [
                    "treat",
                    "glucose tablets",
                    "dextrose",
                    "juice",
                    "处理",
                    "纠正",
                    "补充葡萄糖",
                    "口服葡萄糖",
                ],
            ),
            monitor,
        ]
    if a == "reassess":  # 70-99 on insulin: reassess (Endocrine Society 2012, BG < 100)
        return Text(
            en=f"{head_en} It is not hypoglycemia, but it is under the reassessment threshold of 100 mg/dL on insulin: the regimen should be reassessed before the next dose. Review the scheduled and correction doses against intake and the day's readings (reduce them if the readings keep falling), and recheck the glucose before the next dose.",
            zh=f"{head_zh}虽不是低血糖，但已低于胰岛素治疗的方案重新评估阈值 100 mg/dL：应在下次给药前重新评估胰岛素方案。结合进食和当天血糖复核基础和校正剂量（血糖继续下降则减量），下次给药前复查血糖。",
        ), [
            R.conclusion_item(  # a conclusion: a hedge of it fails
                "Advises reassessing the insulin regimen (glucose below 100 on insulin)",
                "建议重新评估胰岛素方案（胰岛素治疗中血糖低于 100）",
                REVIEW_INSULIN,
                ["no change", "no adjustment", "unchanged", "无需调整", "不需调整"],
            ),
            monitor,
        ]
    if a == "reassess_after_hypo" and plan.low is not None:
        # back in range after a reading < 70 since yesterday: the regimen is reviewed and
        # lowered to prevent another episode (ADA 2024 section 16; RABBIT 2 titration), so
        # neither "continue unchanged" nor "intensify" (clinical.glycaemia)
        when, low = plan.low
        when = when[:16].replace("T", " ")
        lv = f"{R.fmt(low, lab.decimals)} mg/dL"
        # the reading of the latest value alone says "with no hypoglycemia": not here
        now_en = flag_en.replace(", with no hypoglycemia", "")
        now_zh = flag_zh.replace("，也没有低血糖", "")
        return (
            Text(
                en=f"{cap(lab.en)} is {vu}, which is {now_en}.{renal_en} But the glucose was {lv} on {when}: hypoglycemia on insulin since yesterday. The regimen should be reviewed and lowered to prevent another episode: reduce the scheduled and correction doses, and recheck the glucose before meals and at bedtime.",
                zh=f"{lab.zh}为 {vu}，{now_zh}。{renal_zh}但 {when} 血糖为 {lv}，昨天以来胰岛素治疗中出现过低血糖：应复核胰岛素方案并下调剂量以防再次低血糖，减少基础和校正剂量，并在餐前和睡前复查血糖。",
            ),
            [
                R.value_item(lab, low, "mg/dL", what="recent low"),
                R.conclusion_item(  # a conclusion: a hedge of it fails
                    "Advises reviewing and lowering the insulin after the recent hypoglycemia",
                    "建议因近期低血糖复核并下调胰岛素方案",
                    [*REVIEW_INSULIN[:6], "decrease", *REVIEW_INSULIN[6:], "下调"],
                    [
                        "no change",
                        "no adjustment",
                        "unchanged",
                        "intensify",
                        "无需调整",
                        "不需调整",
                        "加量",
                    ],
                ),
                monitor,
            ],
        )
    if a == "intensify":  # > 180 on insulin: intensify (ADA 2024 section 16)
        # the scheduled doses ordered are named, never a prandial dose that is not; after
        # hypoglycaemia earlier this admission the increase is cautious, 10% steps every
        # 2-3 days (ADA 2024 sections 9 and 16; RABBIT 2; round 17, clinical.glycaemia)
        doses_en = f" ({plan.doses[0]})" if plan.doses[0] else ""
        doses_zh = f"（{plan.doses[1]}）" if plan.doses[1] else ""
        if plan.earlier_low is not None:
            when = plan.earlier_low[0][:10]
            lv = f"{R.fmt(plan.earlier_low[1], lab.decimals)} mg/dL"
            step = glycaemia.CAUTIOUS_STEP_PERCENT
            return Text(
                en=f"{head_en} The insulin needs intensifying, cautiously. The glucose was {lv} on {when}: hypoglycemia earlier this admission. So raise the scheduled doses{doses_en} by about {step}% at a time, no more often than every 2-3 days, only while the readings stay above the target (adjusting the correction doses for the daytime highs), and recheck the glucose before meals and at bedtime.",
                zh=f"{head_zh}胰岛素需要谨慎加量。{when} 血糖为 {lv}：本次住院早些时候出现过低血糖。因此仅在血糖持续高于目标时，将定时胰岛素剂量{doses_zh}每次上调约 {step}%，间隔不少于 2-3 天（白天高血糖可调整校正剂量），并在餐前和睡前复查血糖。",
            ), [
                R.recommend_item(
                    "Recommends intensifying the insulin (increasing the scheduled doses)",
                    "建议胰岛素加量",
                    INCREASE + ["titrate up", "up-titration", "raise", "上调"],
                    [generic, zh_name],
                ),
                R.mention_item(
                    "Says the increase is cautious after the hypoglycemia earlier this admission",
                    "指出因本次住院曾有低血糖需谨慎加量",
                    ["cautious", "hypoglycemia", "谨慎", "低血糖"],
                ),
                hold_neg,
                monitor,
            ]
        return Text(
            en=f"{head_en} The insulin needs intensifying: review the day's readings and increase the scheduled doses{doses_en} if readings stay above the target, and recheck the glucose before meals and at bedtime.",
            zh=f"{head_zh}胰岛素需要加量：查看当天的血糖记录，若血糖持续高于目标范围，增加定时胰岛素剂量{doses_zh}，并在餐前和睡前复查血糖。",
        ), [
            # bound to the insulin: "the metformin needs intensifying" is not it
            R.recommend_item(
                "Recommends intensifying the insulin (increasing the scheduled doses)",
                "建议胰岛素加量",
                INCREASE + ["titrate up", "up-titration"],
                [generic, zh_name],
            ),
            hold_neg,
            monitor,
        ]
    if plan.course_day is not None and plan.course_day >= analgesia.KETOROLAC_MAX_DAYS:
        n = plan.course_day
        when_en = "after today's doses" if n == analgesia.KETOROLAC_MAX_DAYS else "now"
        when_zh = (
            "今天用完后停用" if n == analgesia.KETOROLAC_MAX_DAYS else "现在就停用"
        )
        return Text(
            en=f"{head_en} The first ketorolac dose or order was on {plan.first_day}, so today is the {nth(n)} day; the limit for combined IV/IM/oral ketorolac is five days. Stop ketorolac {when_en} and use another analgesic.",
            zh=f"{head_zh}酮咯酸首次用药或医嘱为 {plan.first_day}，今天为第 {n} 天；静脉、肌注和口服合计最长 5 天：酮咯酸{when_zh}，改用其他镇痛药。",
        ), [
            R.recommend_item(
                f"Recommends stopping {generic}",
                f"建议停用{zh_name}",
                HOLD,
                [generic, zh_name, order_name],
            ),
            R.negative_item(
                f"Recommends continuing {generic}",
                f"建议继续使用{zh_name}",
                CONTINUE,
                [generic, zh_name],
            ),
            ketorolac_limit_item(),
        ]
    return None


#: ``DrugPlan.action`` -> the decision class of a drug-lab safety answer.
_PLAN_DECISION = {
    "continue": "continue",
    "continue_recheck": "continue",
    "increase": "increase",
    "keep_after_change": "continue",
    "reduce": "reduce",
    "hold": "hold",
    "hold_vitamin_k": "hold",
    "treat_hypo": "hold",
    "reassess": "reduce",
    "reassess_after_hypo": "reduce",
    "intensify": "increase",
}


def safety_decision(plan: DrugPlan, unsafe: bool, reduce: bool, special: bool) -> str:
    """The decision class of a ``drug_lab_safety`` answer: continue, hold (or stop),
    reduce (or review and lower), increase (or intensify)."""
    if special and plan.action in _PLAN_DECISION:
        return _PLAN_DECISION[plan.action]
    if unsafe:
        return "reduce" if reduce else "hold"
    return "continue"


@requires("lab")
def drug_lab_safety(ctx: TopicContext, pair: SafetyPair, generic: str) -> Draft | None:
    """CR: is it safe to continue a drug given its monitoring lab? (negative safety item when unsafe)."""
    series, order = ctx.facts.labs.get(pair.lab), order_of(ctx, generic)
    if series is None or order is None:
        return None
    if not _systemic(ctx, generic):
        return None  # oral vancomycin is not absorbed: no renal reason to hold it
    if pair.egfr_limit is not None and ctx.facts.age is None:
        return None  # an eGFR needs the age
    if on_dialysis(ctx.facts) and (
        pair.lab == "creatinine"
        or pair.egfr_limit is not None
        or pair.drug_class in ("k_sparing", "acei", "arb")
    ):
        # on dialysis a creatinine (or an eGFR / clearance from it) follows the dialysis
        # schedule, not kidney function: the drug is dosed for the dialysis (vancomycin
        # by pre-dialysis levels, ASHP/IDSA/PIDS/SIDP 2020), so "hold it for a creatinine
        # of 8" is no decision the creatinine can make (crcl_dosing answers the dosing)
        return None
    # Continuing a drug is judged on a current monitoring value (the session day or the
    # day before): a level several days old calls for a new level first (e.g. warfarin
    # on an INR three days old; CHEST 2012, KDIGO 2012 monitoring).
    if days_old(series.latest, ctx.facts.current_date) > 1:
        return None
    plan = _drug_plan(ctx, pair, generic, series, order)
    if plan is None:
        return None
    lab, p = series.lab, series.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    types: set[str] = set()
    if plan.low is not None:
        # the low value the answer cites is read too, not only the latest five (an answer
        # states only what the agent saw)
        ctx.run(
            "Observation.search",
            {"code": lab.en, "date_from": plan.low[0][:10]},
            calls,
            obs,
        )
        types.add("Observation")
    elif f"lab:{pair.lab}:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": lab.en, "_count": 5}, calls, obs)
        types.add("Observation")
    if plan.low is None and plan.earlier_low is not None:
        # the earlier hypoglycaemia a cautious increase cites is read on its own day
        # (round 17: an answer states only what the agent saw)
        when = plan.earlier_low[0][:10]
        ctx.run(
            "Observation.search",
            {"code": lab.en, "date_from": when, "date_to": when},
            calls,
            obs,
        )
        types.add("Observation")
    # A potassium-sparing diuretic / MRA is judged on renal function as well as on
    # potassium (2013 ACCF/AHA HF guideline; clinical/renal.py): a normal potassium does
    # not make it safe at a creatinine of 2.4 mg/dL.
    # An ACE inhibitor or ARB is judged on the kidneys as well: in AKI it is withheld
    # whatever the potassium (NICE NG148 (2019) 1.3: stop ACE inhibitors and ARBs in AKI;
    # KDIGO 2012 AKI guideline 3.1; the rule of topics.renal.nephrotoxin_review), so a
    # normal potassium does not make it safe with a creatinine doubled from its baseline.
    raas = pair.drug_class in ("acei", "arb")
    aki = aki_facts(ctx.facts) if raas else None
    renal_cr = (
        ctx.facts.labs.get("creatinine")
        if pair.drug_class == "k_sparing" or aki is not None
        else None
    )
    if aki is not None and aki_creatinine_search(ctx, calls, obs):
        # the AKI needs the admission's series and its baseline (a pre-admission value is
        # looked up where it lies, KDIGO 2012), not the last five values
        types.add("Observation")
    elif renal_cr is not None and "lab:creatinine:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": "creatinine", "_count": 5}, calls, obs)
        types.add("Observation")
    if f"order:{generic}" not in ctx.known:
        ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
        types.add("MedicationRequest")
    if plan.course_day is not None:  # the course start: first dose given this admission
        ctx.run(
            "MedicationAdministration.search",
            {"medication": generic, "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
        types.add("MedicationAdministration")
    if not calls:  # everything was established earlier: check what was actually given
        ctx.run(
            "MedicationAdministration.search",
            {"medication": generic, "_count": 5},
            calls,
            obs,
        )
        types.add("MedicationAdministration")
    unsafe = pair.unsafe(p.value, ctx.facts.female, ctx.facts.age)
    renal_en = renal_zh = ""
    renal_bad = False
    reduce = False  # the eGFR band says reduce (not stop)
    if pair.egfr_limit is not None and ctx.facts.age is not None:
        # Metformin by eGFR (FDA 2016; CKD-EPI 2021 race-free; bands in clinical/renal.py):
        # < 30 contraindicated (stop), 30-45 do not start / reduce, >= 45 no renal limit.
        egfr = scores.egfr_ckd_epi_2021(
            creatinine=p.value, age=ctx.facts.age, female=ctx.facts.female
        )
        band = (
            renal.renal_action(generic, egfr) if generic in renal.RENAL_BANDS else None
        )
        e = f"{egfr:.0f}"
        if band is not None and band[0] == "stop":
            why_en, why_zh = (
                f"below 30, where {generic} is contraindicated",
                f"低于 30，禁用{drug_zh(generic)}",
            )
        elif band is not None:
            reduce = True
            why_en = f"30-45, where {generic} is not started and a patient already on it takes a reduced dose (at most 1,000 mg a day)"
            why_zh = f"在 30-45 之间，不宜新开{drug_zh(generic)}，已在用者减量（每日不超过 1,000 mg）"
        else:
            why_en, why_zh = (
                "45 or more, so renal function does not limit it",
                "不低于 45，肾功能不限制用药",
            )
        renal_en = (
            f" The eGFR (race-free CKD-EPI) is about {e} mL/min/1.73 m2: {why_en}."
        )
        renal_zh = f"估算肾小球滤过率（CKD-EPI 公式，不含种族系数）约 {e} mL/min/1.73 m2：{why_zh}。"
    if renal_cr is not None and aki is not None:
        crv = R.fmt(renal_cr.latest.value, 1)
        b, pk = R.fmt(aki.baseline, 1), R.fmt(aki.peak, 1)
        # the state now decides, not the peak: an AKI that meets no KDIGO criterion at
        # the latest value has resolved (ADQI 16, Chawla LS et al., Nat Rev Nephrol
        # 2017;13:241-57), and an ACE inhibitor or ARB withheld for it is resumed once
        # the creatinine is back at baseline (KDIGO 2012 3.1; NICE NG148 (2019),
        # medicines review after AKI; topics.renal.RAAS_BLOCKERS)
        renal_bad = aki.current_stage >= 1
        if renal_bad:
            vs_en, vs_zh = aki.against_text()
            renal_en = f" Creatinine is {crv} mg/dL, {vs_en}: KDIGO stage {aki.stage} AKI, in which an ACE inhibitor or ARB is withheld."
            renal_zh = f"肌酐 {crv} mg/dL，{vs_zh}：KDIGO {aki.stage}期急性肾损伤，应暂停 ACEI/ARB。"
        elif aki.recovered:
            vs_en, vs_zh = aki.against_text()
            renal_en = f" Creatinine is {crv} mg/dL, back near its baseline: the KDIGO stage {aki.stage} AKI ({vs_en}) has resolved, so the kidneys no longer call for withholding an ACE inhibitor or ARB."
            renal_zh = f"肌酐 {crv} mg/dL，已回到基线附近：KDIGO {aki.stage}期急性肾损伤（{vs_zh}）已恢复，肾功能已不要求暂停 ACEI/ARB。"
        else:
            renal_en = f" Creatinine is {crv} mg/dL (baseline {b}, peak {pk}): no AKI."
            renal_zh = f"肌酐 {crv} mg/dL（基线 {b}，峰值 {pk}）：无急性肾损伤。"
    elif renal_cr is not None:
        f = ctx.facts
        crv = R.fmt(renal_cr.latest.value, 1)
        limit = renal.K_SPARING_CREATININE["female" if f.female else "male"]
        clearance = (
            scores.crcl(
                age=f.age,
                weight_kg=f.weight_kg,
                creatinine=renal_cr.latest.value,
                female=f.female,
            )
            if f.age is not None and f.weight_kg is not None
            else None
        )
        renal_bad = renal.k_sparing_renal_unsafe(
            renal_cr.latest.value, f.female, clearance
        )
        if renal_cr.latest.value > limit:
            why_en = f"above the limit for a potassium-sparing diuretic (> {R.fmt(limit, 1)} mg/dL in {'women' if f.female else 'men'})"
            why_zh = f"超过保钾利尿剂的使用上限（{'女性' if f.female else '男性'} > {R.fmt(limit, 1)} mg/dL）"
        elif renal_bad:
            # the 30 mL/min cut-off is not named: a threshold that is in neither the record nor
            # the request reads as an unobserved number to the gold check
            why_en = (
                "a Cockcroft-Gault clearance too low for a potassium-sparing diuretic"
            )
            why_zh = "按 Cockcroft-Gault 公式清除率过低，不宜使用保钾利尿剂"
        else:
            why_en = "renal function does not rule it out"
            why_zh = "肾功能不构成禁忌"
        renal_en = f" Creatinine is {crv} mg/dL: {why_en}."
        renal_zh = f"肌酐 {crv} mg/dL：{why_zh}。"
    unsafe = unsafe or renal_bad
    if plan.action is not None:  # warfarin by its INR band, insulin by its glucose band
        unsafe = plan.action in ("reduce", "hold", "hold_vitamin_k", "treat_hypo")
    over_limit = (
        plan.course_day is not None and plan.course_day >= analgesia.KETOROLAC_MAX_DAYS
    )
    unsafe = unsafe or over_limit
    # an NSAID in the CABG admission is stopped whatever the creatinine (FDA boxed
    # warning, 2005); with low-dose aspirin ibuprofen blunts its antiplatelet effect (FDA
    # 2006 advisory): reasons outside the lab that the answer states
    op = ctx.facts.surgery
    cabg = analgesia.nsaid_after_cabg(generic, op is not None and op.cabg)
    aspirin = analgesia.blunts_aspirin(
        generic,
        any(
            drug_of(o) == "aspirin" and (o.dose or 0) <= 325
            for o in ctx.facts.active_orders()
        ),
    )
    if cabg and op is not None:
        ctx.run(
            "Procedure.search", {"date_from": op.day, "date_to": op.day}, calls, obs
        )
        types.add("Procedure")
    if aspirin and "order:aspirin" not in ctx.known:
        ctx.run("MedicationRequest.search", {"medication": "aspirin"}, calls, obs)
        types.add("MedicationRequest")
    unsafe = unsafe or cabg
    zh_name = drug_zh(generic)
    v = R.fmt(p.value, lab.decimals)
    vu = f"{v} {p.unit}".strip()  # value with its unit, if any
    reading = R.read_value(p.value, p.flag, ctx.facts.interpretation_range(pair.lab))
    flag_en, flag_zh = reading.en, reading.zh
    his, ta, names = ctx.he[2], ctx.ta, [f"lab:{pair.lab}", f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(
                en=f"Is it safe to keep giving {generic} with {his} {lab.en} where it is?",
                zh=f"以{ta}现在的{lab.zh}，{zh_name}还能继续用吗？",
            ),
            Text(
                en=f"With this {lab.en}, can the {generic} carry on?",
                zh=f"{lab.zh}这样，{zh_name}还能接着用吗？",
            ),
            Text(
                en=f"Should we hold the {generic}, given the {lab.en}?",
                zh=f"看{lab.zh}的情况，{zh_name}要不要停？",
            ),
            Text(
                en=f"Keep or hold {generic}? Check the {lab.en} first.",
                zh=f"{zh_name}是继续还是先停？先看下{lab.zh}。",
            ),
            Text(
                en=f"Is the {lab.en} OK for continuing {generic}?",
                zh=f"现在的{lab.zh}允许继续用{zh_name}吗？",
            ),
            Text(
                en=f"Any reason to stop the {generic} based on {his} {lab.en}?",
                zh=f"根据{lab.zh}，{zh_name}有没有必要停？",
            ),
        ],
        entities=names,
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(
                    en=f"Is it safe to keep it going with that {lab.en}?",
                    zh=f"这个{lab.zh}水平，还能继续用吗？",
                ),
                Text(
                    en=f"Should we hold it, given the {lab.en}?",
                    zh=f"看{lab.zh}，这个药要不要停？",
                ),
                Text(
                    en=f"Can it carry on with the {lab.en} where it is?",
                    zh=f"{lab.zh}这样，它还能接着用吗？",
                ),
            ],
            entities=[f"lab:{pair.lab}"],
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(en=f"should the {generic} continue?", zh=f"{zh_name}还要继续吗？"),
                Text(
                    en=f"do we keep the {generic} going or hold it?",
                    zh=f"{zh_name}是继续用还是先停？",
                ),
                Text(
                    en=f"is it safe to carry on with {generic}?",
                    zh=f"{zh_name}还能安全地用下去吗？",
                ),
            ],
            entities=[f"drug:{generic}"],
        )
    recheck_en = f"the {lab.en} and creatinine" if renal_cr else f"the {lab.en}"
    recheck_zh = f"{lab.zh}和肌酐" if renal_cr else lab.zh
    special = _special_answer(
        ctx,
        plan,
        generic,
        order.name,
        lab,
        vu,
        flag_en,
        flag_zh,
        renal_en,
        renal_zh,
        obs,
    )
    if special is not None:
        answer, items = special
        # after a recent hypoglycaemia the answer names two glucoses with two readings; a
        # flag check binds to the analyte, not the value, so it keeps only the latest's
        # value item (the review is the critical item)
        flag = (
            [] if plan.action == "reassess_after_hypo" else [R.flag_item(lab, reading)]
        )
        items = [R.value_item(lab, p.value, p.unit), *flag, *items]
    elif unsafe and reduce:
        answer = Text(
            en=f"{cap(lab.en)} is {vu}, which is {flag_en}.{renal_en} Reduce the {generic} dose (at most 1,000 mg a day) and recheck {recheck_en}.",
            zh=f"{lab.zh}为 {vu}，{flag_zh}。{renal_zh}{zh_name}减量使用（每日不超过 1,000 mg），并复查{recheck_zh}。",
        )
        items = [
            R.value_item(lab, p.value, p.unit),
            R.flag_item(lab, reading),
            R.recommend_item(
                f"Recommends reducing the {generic} dose",
                f"建议{zh_name}减量",
                ["reduce", "lower", "decrease", "减量", "减少"],
                [generic, zh_name, order.name],
            ),
            R.negative_item(
                f"Recommends continuing {generic} unchanged",
                f"建议继续原剂量使用{zh_name}",
                ["continue unchanged", "same dose", "no change", "原剂量", "不变"],
                [generic, zh_name],
            ),
            R.mention_item(
                f"Advises rechecking the {lab.en}", f"建议复查{lab.zh}", MONITOR
            ),
        ]
    elif cabg and op is not None:
        answer = Text(
            en=f"{cap(lab.en)} is {vu}, which is {flag_en}.{renal_en} Whatever the {lab.en}, do not continue {generic}: NSAIDs are contraindicated after coronary artery bypass grafting (CABG on {op.day}; FDA boxed warning). Stop it and use a non-NSAID analgesic such as acetaminophen.",
            zh=f"{lab.zh}为 {vu}，{flag_zh}。{renal_zh}无论{lab.zh}如何，都不应继续使用{zh_name}：冠状动脉旁路移植术（{op.day}）后禁用非甾体抗炎药（FDA 黑框警告）。应停用，改用对乙酰氨基酚等非 NSAID 镇痛药。",
        )
        items = [
            R.value_item(lab, p.value, p.unit),
            R.recommend_item(
                f"Recommends stopping {generic} because of the CABG",
                f"因冠脉搭桥术后建议停用{zh_name}",
                [
                    "stop",
                    "discontinue",
                    "hold",
                    "avoid",
                    "contraindicated",
                    "停用",
                    "停",
                    "禁用",
                ],  # fmt: skip
                [generic, zh_name, order.name],
            ),
            R.mention_item(
                "Names the coronary artery bypass graft as the reason",
                "指出原因是冠状动脉旁路移植术",
                ["CABG", "bypass", "搭桥", "旁路移植"],
            ),
            R.negative_item(
                f"Says {generic} can be continued",
                f"称{zh_name}可以继续使用",
                CONTINUE,
                [generic, zh_name],
            ),
        ]
    elif unsafe:
        answer = Text(
            en=f"{cap(lab.en)} is {vu}, which is {flag_en}.{renal_en} With {'these values' if renal_cr else 'this value'}, hold {generic} for now and recheck {recheck_en}.",
            zh=f"{lab.zh}为 {vu}，{flag_zh}。{renal_zh}在这个水平下应暂停{zh_name}，并复查{recheck_zh}。",
        )
        items = [
            R.value_item(lab, p.value, p.unit),
            R.flag_item(lab, reading),
            R.recommend_item(
                f"Recommends holding {generic}",
                f"建议暂停{zh_name}",
                list(pair.unsafe_actions),
                [generic, zh_name, order.name],
            ),
            R.negative_item(
                f"Recommends continuing {generic} unchanged",
                f"建议继续原剂量使用{zh_name}",
                CONTINUE,
                [generic, zh_name],
            ),
            R.mention_item(
                f"Advises rechecking the {lab.en}", f"建议复查{lab.zh}", MONITOR
            ),
        ]
        if renal_cr is not None:  # the creatinine is part of the decision
            items[-1] = R.value_item(
                renal_cr.lab, renal_cr.latest.value, renal_cr.latest.unit
            )
    else:
        limit_en = limit_zh = ""
        if plan.course_day is not None:  # ketorolac: 5 days at most (US label)
            limit_en = f" for now (today is the {nth(plan.course_day)} day of the course; the limit for combined IV/IM/oral ketorolac is five days)"
            limit_zh = (
                f"（今天为疗程第 {plan.course_day} 天；静脉、肌注和口服合计最长 5 天）"
            )
        answer = Text(
            en=f"{cap(lab.en)} is {vu}, which is {flag_en}.{renal_en} It is safe to continue {generic}{limit_en}; monitor {recheck_en}.",
            zh=f"{lab.zh}为 {vu}，{flag_zh}。{renal_zh}可以继续使用{zh_name}{limit_zh}，注意监测{recheck_zh}。",
        )
        items = [
            R.value_item(lab, p.value, p.unit),
            R.flag_item(lab, reading),
            R.recommend_item(
                f"Says {generic} can be continued",
                f"指出可以继续使用{zh_name}",
                CONTINUE,
                [generic, zh_name, order.name],
            ),
            R.mention_item(
                f"Advises monitoring the {lab.en}", f"建议监测{lab.zh}", MONITOR
            ),
        ]
        if renal_cr is not None:
            items.insert(
                2,
                R.value_item(renal_cr.lab, renal_cr.latest.value, renal_cr.latest.unit),
            )
        if plan.course_day is not None:
            items.append(ketorolac_limit_item())
    if aspirin:
        answer = Text(
            en=f"{answer.en} Note that {generic} taken with low-dose aspirin can block aspirin's antiplatelet effect (FDA advisory): give the aspirin well before it (FDA: ibuprofen after immediate-release aspirin, not before it), or prefer another analgesic.",
            zh=f"{answer.zh}注意：{zh_name}与小剂量阿司匹林同用可削弱阿司匹林的抗血小板作用（FDA 提示）：阿司匹林应在其之前服用（FDA：布洛芬在速释阿司匹林之后服用），或改用其他镇痛药。",
        )
        items.append(
            R.mention_item(
                f"Notes that {generic} blunts low-dose aspirin's antiplatelet effect",
                f"指出{zh_name}会削弱小剂量阿司匹林的抗血小板作用",
                ["aspirin", "antiplatelet", "阿司匹林", "抗血小板"],
            )
        )
    if (
        calls
        and (
            calls[0].name != "MedicationAdministration.search"
            or pair.egfr_limit is not None
            or renal_cr is not None
        )
    ):  # an eGFR, or a creatinine limit, is not observed: no no-fabrication item over it
        items.append(
            R.tool_item(
                [c.name for c in calls], "the data the decision needs", "决策所需的数据"
            )
        )
    else:
        items.append(R.no_fabrication_item())
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "drug_lab_safety",
        [f"drug:{generic}", f"lab:{pair.lab}"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        types,
        [f"{lab.en} {vu} ({flag_en})", f"{order.name} {order.status}"]
        + ([f"creatinine {R.fmt(renal_cr.latest.value, 1)} mg/dL"] if renal_cr else []),
        {f"lab:{pair.lab}:latest", f"order:{generic}"}
        | ({"lab:creatinine:latest"} if renal_cr else set())
        | ({CREATININE_BASELINE} if aki is not None else set()),
        decision=safety_decision(plan, unsafe, reduce, special is not None),
    )


#: Renally cleared drugs dosed by creatinine clearance and the highest CrCl (mL/min) at
#: which they need a renal action (bands and sources: :mod:`physassist_env.clinical.renal`);
#: drugs labelled by eGFR (metformin) are judged by ``drug_lab_safety`` instead.
RENAL_DRUGS = {
    g: renal.renal_limit(g) for g in renal.RENAL_BANDS if g not in renal.EGFR_LABELLED
}


#: Words that say the patient is on dialysis (EN and ZH).
DIALYSIS_TERMS = [
    "dialysis",
    "haemodialysis",
    "hemodialysis",
    "HD",
    "CRRT",
    "CVVH",
    "CVVHDF",
    "renal replacement",
    "透析",
    "血液透析",
    "血透",
    "肾脏替代",
    "CRRT",
]


def _dialysis_dosing(
    ctx: TopicContext,
    generic: str,
    rrt: str,
    calls: list[ToolCall],
    obs: list[str],
) -> Draft:
    """The renal dosing answer for a patient on dialysis: no Cockcroft-Gault clearance
    (the creatinine follows the dialysis, not kidney function), the drug dosed for the
    dialysis (a level-guided drug by pre-dialysis levels: ASHP/IDSA/PIDS/SIDP 2020
    vancomycin guideline; KDIGO 2012 AKI guideline 5.x; Cockcroft-Gault assumes a
    steady-state creatinine, Cockcroft DW, Gault MH, Nephron 1976;16:31-41)."""
    f = ctx.facts
    zh_name = drug_zh(generic)
    seen = f.dialysis
    if seen is not None:
        ctx.run(
            f"{seen.resource}.search",
            {"date_from": seen.day, "date_to": seen.day},
            calls,
            obs,
        )
        where_en = f"{seen.text}, {seen.day}"
        # the record's English words after a Chinese descriptor, a gloss (vocab.zh_text)
        where_zh = f"，记录原文（{seen.text}，{seen.day}）"
    else:  # coded dependence on dialysis / ESKD
        ctx.run("Condition.search", {}, calls, obs)
        where_en = "end-stage kidney disease / dialysis dependence coded"
        where_zh = "（已编码终末期肾病/透析依赖）"
    kind_en, kind_zh = (
        ("haemodialysis", "血液透析")
        if rrt == "haemodialysis"
        else (
            "continuous renal replacement therapy (CRRT)",
            "连续性肾脏替代治疗（CRRT）",
        )
    )
    level = generic in renal.LEVEL_GUIDED
    how_en = (
        f"dose {generic} by levels around the dialysis (pre-dialysis level), not by a clearance"
        if level
        else f"dose {generic} for {kind_en} per the renal dosing reference, not by a clearance"
    )
    how_zh = (
        f"{zh_name}应按透析前血药浓度给药，而不是按清除率"
        if level
        else f"{zh_name}应按{kind_zh}的剂量方案给药（参照肾功能剂量手册），而不是按清除率"
    )
    answer = Text(
        # the record's own words are quoted, and no history is asserted beyond them
        en=f"A Cockcroft-Gault creatinine clearance does not apply: the record shows {kind_en} ({where_en}), and the creatinine follows the dialysis, not kidney function. {how_en[0].upper()}{how_en[1:]}.",
        zh=f"Cockcroft-Gault 肌酐清除率不适用：病历显示{kind_zh}{where_zh}，肌酐随透析变化，不反映肾功能。{how_zh}。",
    )
    items = [
        R.mention_item(
            f"Recognises the patient is on {kind_en}",
            f"指出患者在接受{kind_zh}",
            DIALYSIS_TERMS,
            critical=True,
        ),
        R.tool_item(
            [f"{seen.resource}.search" if seen else "Condition.search"],
            "the dialysis in the record",
            "病历中的透析记录",
        ),
    ]
    if level:
        items.insert(
            1,
            R.mention_item(
                f"Doses {generic} by levels",
                f"{zh_name}按血药浓度给药",
                ["level", "trough", "AUC", "血药浓度", "谷浓度"],
            ),
        )
    request = Text(
        en=f"Does the {generic} need a renal adjustment? What's the CrCl?",
        zh=f"{zh_name}需要按肾调量吗？CrCl多少？",
    )
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "crcl_dosing",
        [f"drug:{generic}", "lab:creatinine"],
        ctx.request([request], entities=[f"drug:{generic}"]),
        {},
        calls,
        obs,
        answer,
        items,
        {"Observation", seen.resource if seen else "Condition"},
        [f"on {kind_en}: {where_en}"],
        {"lab:creatinine:latest", f"order:{generic}"},
        decision="dialysis dosing",
    )


#: A serum creatinine below this (mg/dL) reflects low muscle mass or dilution: the
#: Cockcroft-Gault estimate overstates the clearance (round 16b).
LOW_CREATININE = 0.5


@requires("lab")
def crcl_dosing(ctx: TopicContext, generic: str) -> Draft | None:
    """CR: Cockcroft-Gault creatinine clearance and whether a renally cleared drug needs adjusting."""
    f = ctx.facts
    cr = f.labs.get("creatinine")
    order = order_of(ctx, generic)
    if (
        cr is None
        or order is None
        or f.age is None
        or f.weight_kg is None
        or generic not in RENAL_DRUGS
        or not _systemic(ctx, generic)  # oral vancomycin: no renal dosing
    ):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Patient.read", {}, calls, obs)
    ctx.run(
        "Observation.search",
        {"code": "weight", "category": "vital-signs", "_count": 1},
        calls,
        obs,
    )
    if "lab:creatinine:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": "creatinine", "_count": 5}, calls, obs)
    rrt = on_dialysis(f)
    if rrt:
        return _dialysis_dosing(ctx, generic, rrt, calls, obs)
    # the adjusted body weight in obesity (BMI 30 or more; scores.dosing_weight), said
    # in words: a second weight in kg would be read as a claim about the weight
    weight, basis = scores.dosing_weight(f.weight_kg, f.height_cm, f.female)
    value = scores.crcl(
        age=f.age, weight_kg=weight, creatinine=cr.latest.value, female=f.female
    )  # Cockcroft-Gault
    if basis == "adjusted":
        ctx.run(
            "Observation.search",
            {"code": "height", "category": "vital-signs", "_count": 1},
            calls,
            obs,
        )
    adj_en = (
        ", with the adjusted body weight: the BMI is thirty or more, and the total"
        " weight overstates the clearance in obesity"
        if basis == "adjusted"
        else ""
    )
    adj_zh = (
        "，按校正体重计算：BMI 不低于三十，肥胖时用实际体重会高估清除率"
        if basis == "adjusted"
        else ""
    )
    action = renal.renal_action(generic, value)
    zh_name = drug_zh(generic)
    shown = R.fmt(value, 0)
    his, names = ctx.he[2], [f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(
                en=f"What's {his} creatinine clearance, and does the {generic} need adjusting?",
                zh=f"算一下肌酐清除率，{zh_name}需要调整吗？",
            ),
            Text(
                en=f"Work out {his} CrCl. Does the {generic} dose need changing?",
                zh=f"算下CrCl，{zh_name}剂量要不要改？",
            ),
            Text(
                en=f"Is the {generic} dosed right for {his} kidney function? Calculate the clearance.",
                zh=f"按肾功能{zh_name}剂量合适吗？算一下清除率。",
            ),
            Text(
                en=f"Renal dosing check on {generic}: what's the creatinine clearance?",
                zh=f"{zh_name}按肾功能核对下剂量：肌酐清除率多少？",
            ),
            Text(
                en=f"Cockcroft-Gault clearance, and is the {generic} OK at that?",
                zh=f"用Cockcroft-Gault算清除率，{zh_name}这样用行吗？",
            ),
            Text(
                en=f"Does {generic} need a renal adjustment? What's the CrCl?",
                zh=f"{zh_name}需要按肾调量吗？CrCl多少？",
            ),
        ],
        entities=names,
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(
                    en="What's the creatinine clearance, and does that dose need adjusting?",
                    zh="肌酐清除率是多少？这个剂量要调整吗？",
                ),
                Text(
                    en="Work out the CrCl: is that dose still right?",
                    zh="算下CrCl，这个剂量还合适吗？",
                ),
                Text(
                    en="Does it need a renal adjustment? What's the clearance?",
                    zh="它需要按肾功能调量吗？清除率多少？",
                ),
            ],
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en=f"does the {generic} dose need adjusting for the kidneys?",
                    zh=f"{zh_name}需要按肾功能调整吗？",
                ),
                Text(
                    en=f"what's the CrCl, and is the {generic} dose right?",
                    zh=f"CrCl多少？{zh_name}剂量对不对？",
                ),
                Text(
                    en=f"does {generic} need renal dosing?",
                    zh=f"{zh_name}要不要按肾调量？",
                ),
            ],
            entities=names,
        )
    crv = R.fmt(cr.latest.value, 1)
    if action is not None:
        # the band's action (clinical/renal.py): "stop" where the drug is contraindicated
        # (nitrofurantoin < 30, Beers 2023), "reduce" where it continues at an adjusted dose
        verb_en, verb_zh = (
            ("stopped", f"应停用{zh_name}")
            if action[0] == "stop"
            else ("dose-reduced", f"{zh_name}应按肾功能减量")
        )
        why_en, why_zh = "", ""
        if action[0] == "stop":
            why_en, why_zh = ": contraindicated at this clearance", "，此清除率下禁用"
        action_en, action_zh = (
            f"{generic} should be {verb_en} for renal function",
            verb_zh,
        )
        stop_terms = ["stop", "discontinue", "hold", "停用", "停掉", "停药"]
        reduce_terms = ["reduce", "adjust", "lower", "decrease", "减量", "调整", "减少"]
        if action[0] == "stop":
            rec = R.recommend_item(
                f"Recommends stopping {generic}",
                f"建议停用{zh_name}",
                stop_terms + ["暂停"],
                [generic, zh_name],
            )
            forbidden = R.negative_item(
                f"Recommends continuing {generic}",
                f"建议继续使用{zh_name}",
                CONTINUE,
                [generic, zh_name],
            )
        else:
            rec = R.recommend_item(
                f"Recommends reducing the {generic} dose",
                f"建议{zh_name}减量",
                reduce_terms,
                [generic, zh_name],
            )
            forbidden = None
    elif generic in renal.LEVEL_GUIDED:
        # no clearance is "above the threshold" for a level-guided drug (ASHP/IDSA/PIDS/
        # SIDP 2020): the interval is set from renal function and the dose follows levels
        forbidden = None
        action_en, action_zh = (
            f"no empiric reduction of {generic} at this clearance, but it is dosed by "
            "levels at any renal function: keep AUC (or trough) guided dosing and "
            "recheck levels if the creatinine changes",
            f"此清除率下{zh_name}无需经验性减量，但任何肾功能下都按血药浓度给药：继续按 AUC"
            "（或谷浓度）监测调整，肌酐变化时复查血药浓度",
        )
        rec = R.conclusion_item(
            f"States {generic} is dosed by levels (AUC or trough)",
            f"指出{zh_name}按血药浓度（AUC 或谷浓度）给药",
            [
                "level",
                "trough",
                "AUC",
                "TDM",
                "drug monitoring",
                "血药浓度",
                "谷浓度",
                "浓度监测",
                "药物监测",
            ],
            [
                "no levels needed",
                "no need for levels",
                "levels are not needed",
                "无需监测血药浓度",
                "不需要监测血药浓度",
            ],
        )
    else:
        forbidden = None
        action_en, action_zh = (
            f"no dose adjustment of {generic} is needed",
            f"{zh_name}无需调整剂量",
        )
        rec = R.conclusion_item(
            f"States no renal adjustment of {generic} is needed",
            f"指出{zh_name}无需调整",
            [
                "no adjustment",
                "no dose adjustment",
                "no renal adjustment",
                "no need to change",
                "no need to adjust",
                "no change needed",
                "no adjustment needed",
                "doesn't need adjusting",
                "does not need adjusting",
                "fine as is",
                "does not need",
                "doesn't need",
                "no change",
                "not needed",
                "无需调整",
                "不需要调整",
                "无需减量",
                "不用调整",
                "不用动",
                "无需改变",
                "不用改",
            ],
            [
                "reduce",
                "adjust",
                "lower",
                "decrease",
                "stop",
                "hold",
                "减量",
                "停用",
                "暂停",
            ],
        )
    answer = Text(
        en=f"Cockcroft-Gault creatinine clearance is about {shown} mL/min (age {f.age}, weight {R.fmt(f.weight_kg, 1)} kg, creatinine {crv} mg/dL{', female' if f.female else ''}{adj_en}); {action_en} ({'below' if action else 'above'} the renal dosing threshold for {generic}{why_en if action else ''}).",
        zh=f"按 Cockcroft-Gault 公式，肌酐清除率约 {shown} mL/min（年龄 {f.age}，体重 {R.fmt(f.weight_kg, 1)} kg，肌酐 {crv} mg/dL{'，女性' if f.female else ''}{adj_zh}）；{action_zh}（{'低于' if action else '高于'}{zh_name}的肾功能剂量阈值{why_zh if action else ''}）。",
    )
    if action is None and generic in renal.LEVEL_GUIDED:
        answer = Text(
            en=f"Cockcroft-Gault creatinine clearance is about {shown} mL/min (age {f.age}, weight {R.fmt(f.weight_kg, 1)} kg, creatinine {crv} mg/dL{', female' if f.female else ''}{adj_en}); {action_en}.",
            zh=f"按 Cockcroft-Gault 公式，肌酐清除率约 {shown} mL/min（年龄 {f.age}，体重 {R.fmt(f.weight_kg, 1)} kg，肌酐 {crv} mg/dL{'，女性' if f.female else ''}{adj_zh}）；{action_zh}。",
        )
    # a rising creatinine is not at steady state: the estimate overstates the clearance
    # (KDIGO 2012 AKI; renal.creatinine_not_steady), so the answer says so
    rising = renal.creatinine_not_steady([(p.time, p.value) for p in cr.points])
    if rising is not None:
        lo = R.fmt(rising[0], 1)
        answer = Text(
            en=answer.en
            + f" The creatinine is rising (from {lo} to {crv} mg/dL over the last two days), so it is not at steady state and this estimate overstates the clearance; recheck the creatinine before relying on it"
            + (", and dose vancomycin by levels." if generic == "vancomycin" else "."),
            zh=answer.zh
            + f"肌酐仍在上升（近两天从 {lo} 升至 {crv} mg/dL），未达稳态，该估算会高估清除率，需复查肌酐后再据此调整"
            + ("，万古霉素按血药浓度给药。" if generic == "vancomycin" else "。"),
        )
    # round 16b (reading m, questionable: "about 352 mL/min" from a creatinine of 0.2,
    # 10004720-22081550 t1): a creatinine this low reflects low muscle mass or dilution,
    # and Cockcroft-Gault then overstates the clearance (Dowling TC et al.,
    # Pharmacotherapy 2013;33:912-21; rounding the creatinine up to a floor is common
    # but uncertain, Smythe M et al., Am J Hosp Pharm 1994;51:198-204): said so
    low_cr = cr.latest.value < LOW_CREATININE
    if low_cr:
        answer = Text(
            en=answer.en
            + " A creatinine this low reflects low muscle mass or dilution, so Cockcroft-Gault overstates the clearance and this figure is not a reliable estimate; rounding the creatinine up to a floor is a common but uncertain correction, and a measured (timed urine) clearance"
            + (
                " or drug levels are surer: dose vancomycin by levels."
                if generic == "vancomycin"
                else " is surer."
            ),
            zh=answer.zh
            + "肌酐如此之低多因肌肉量少或稀释，此时 Cockcroft-Gault 公式会高估清除率，该数值不是可靠的估算；将肌酐向上取整至下限值虽为常用做法，但依据有限，测定清除率（定时留尿）"
            + (
                "或血药浓度更可靠：万古霉素按血药浓度给药。"
                if generic == "vancomycin"
                else "更可靠。"
            ),
        )
    items = [
        R.item(
            f"Computes a creatinine clearance of about {shown} mL/min",
            f"计算出肌酐清除率约 {shown} mL/min",
            R.ValueCheck(
                value=round(value),
                unit="mL/min",
                tolerance=max(5.0, 0.15 * value),
                unit_required=True,
                about=CRCL_TERMS,
            ),
            tags=("value", "calculation"),
        ),
        R.value_item(cr.lab, cr.latest.value, cr.latest.unit),
        rec,
        R.tool_item(
            ["Patient.read", "Patient.everything"], "age and sex", "年龄和性别"
        ),
        R.tool_item(["Observation.search"], "weight and creatinine", "体重和肌酐"),
    ]
    if forbidden is not None:
        items.insert(3, forbidden)
    if low_cr:
        items.insert(
            -2,
            R.mention_item(
                "Says the estimate is unreliable at so low a creatinine (low muscle mass)",
                "指出肌酐过低（肌肉量少）时估算不可靠",
                ["not reliable", "unreliable", "overstate", "overestimate", "muscle"]
                + ["不可靠", "高估", "肌肉量"],
            ),
        )
    if rising is not None:
        items.insert(
            -2,
            R.mention_item(
                "Notes the creatinine is rising (not at steady state), so the estimate is unreliable",
                "指出肌酐仍在上升（未达稳态），估算不可靠",
                [
                    "rising",
                    "not at steady state",
                    "not steady",
                    "unstable",
                    "overestimate",
                    "overstate",
                    "上升",
                    "升高",
                    "未达稳态",
                    "不稳定",
                    "高估",
                ],
            ),
        )
    if low_cr:
        items.insert(
            -2,
            R.mention_item(
                "Says the estimate is unreliable at so low a creatinine (low muscle mass)",
                "指出肌酐过低（肌肉量少）时估算不可靠",
                ["not reliable", "unreliable", "overstate", "overestimate", "muscle"]
                + ["不可靠", "高估", "肌肉量"],
            ),
        )
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "crcl_dosing",
        [f"drug:{generic}", "lab:creatinine"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Patient", "Observation"},
        [
            f"CrCl {shown} mL/min",
            f"creatinine {crv} mg/dL",
            f"weight {f.weight_kg} kg",
            f"age {f.age}",
        ],
        {"lab:creatinine:latest", "crcl"},
        decision=(
            action[0]
            if action is not None
            else "levels"
            if generic in renal.LEVEL_GUIDED
            else "no renal change"
        ),
    )


#: Organisms (lowercase name fragments) and the antibiotics they are intrinsically resistant
#: to (EUCAST Expected Resistant Phenotypes v1.2, 2023; Sanford Guide). A culture that grows
#: one of them makes the listed drugs inadequate even without a susceptibility row.
INTRINSIC_RESISTANCE: dict[str, frozenset[str]] = {
    "pseudomonas": frozenset(
        {
            "ceftriaxone",
            "cefazolin",
            "ampicillin",
            "amoxicillin",
            "azithromycin",
            "doxycycline",
            "nitrofurantoin",
            "sulfamethoxazole",
            "metronidazole",
            "vancomycin",
        }
    ),
    "enterococcus": frozenset(
        {"ceftriaxone", "cefepime", "cefazolin", "sulfamethoxazole"}
    ),
    "methicillin resistant": frozenset(
        {
            "cefazolin",
            "ceftriaxone",
            "cefepime",
            "ampicillin",
            "amoxicillin",
            "piperacillin",
            "meropenem",
        }
    ),
    "mrsa": frozenset(
        {
            "cefazolin",
            "ceftriaxone",
            "cefepime",
            "ampicillin",
            "amoxicillin",
            "piperacillin",
            "meropenem",
        }
    ),
    # round 16b (reading m: Stenotrophomonas beside E. coli on a running
    # piperacillin-tazobactam, 10037861-24540843 t0): CLSI M100 Appendix B, S.
    # maltophilia is intrinsically resistant to the penicillins, ceftriaxone, the
    # carbapenems (its L1 metallo-beta-lactamase) and the aminoglycosides
    "stenotrophomonas": frozenset(
        {
            "ampicillin",
            "amoxicillin",
            "piperacillin",
            "ceftriaxone",
            "meropenem",
            "ertapenem",
            "gentamicin",
            "tobramycin",
            "vancomycin",
            "metronidazole",
        }
    ),
    "escherichia": frozenset({"vancomycin"}),
    "e. coli": frozenset({"vancomycin"}),
    "klebsiella": frozenset({"vancomycin", "ampicillin", "amoxicillin"}),
    "candida": frozenset(
        {
            "ceftriaxone",
            "cefepime",
            "cefazolin",
            "piperacillin",
            "vancomycin",
            "meropenem",
            "levofloxacin",
            "ciprofloxacin",
        }
    ),
}


#: Aerobic bacteria (lowercase name fragments) metronidazole has no activity against: it
#: treats anaerobes and protozoa only (Sanford Guide; IDSA/SIS 2010 complicated
#: intra-abdominal infection guideline: metronidazole is the anaerobic partner of an agent
#: that covers the Enterobacterales).
METRONIDAZOLE_INACTIVE = (
    "escherichia", "e. coli", "klebsiella", "enterobacter", "proteus", "serratia",
    "citrobacter", "enterococcus", "staphylococcus", "streptococcus", "haemophilus",
)  # fmt: skip
for _frag in METRONIDAZOLE_INACTIVE:
    INTRINSIC_RESISTANCE[_frag] = INTRINSIC_RESISTANCE.get(
        _frag, frozenset()
    ) | frozenset({"metronidazole"})


def resistant_isolates(cultures: list[dict], generic: str) -> list[str]:
    """Organisms known so far that ``generic`` does not treat: tested resistant (R) in the
    isolate's susceptibility panel, or intrinsically resistant (:data:`INTRINSIC_RESISTANCE`)."""
    out = []
    for c in cultures:
        organism = str(c.get("organism") or "")
        if not organism:
            continue
        susc = c.get("susceptibility") or {}
        tested_r = any(
            generic in ab and str(v).upper() == "R" for ab, v in susc.items()
        )
        low = organism.lower()
        intrinsic = any(
            frag in low and generic in drugs
            for frag, drugs in INTRINSIC_RESISTANCE.items()
        )
        if tested_r or intrinsic:
            out.append(organism)
    return list(dict.fromkeys(out))


def _read_cultures(
    ctx: TopicContext, calls: list[ToolCall], obs: list[str], types: set[str]
) -> None:
    """The gold's read of the microbiology results its answer rests on."""
    ctx.run(
        "Observation.search", {"category": "microbiology", "_count": 10}, calls, obs
    )
    types.add("Observation")


@requires("lab")
def treatment_response(ctx: TopicContext, generic: str) -> Draft | None:
    """CR: is the antibiotic working, judged by the white count trend.

    Asked only when the answer is defensible from the record (clinical.infection): the
    white count was raised at the start (a count normal throughout cannot show a
    response), and the cultures known by now do not consist only of findings that are
    not an infection to treat (a urine culture below 10^5 CFU/mL, commensal flora: the
    antibiotic's indication is doubtful and "responding" would be a wrong judgement;
    IDSA asymptomatic bacteriuria guideline, Nicolle 2019), and there is a bacterial
    infection to treat (a coded one or a significant culture; a viral-only diagnosis is
    no antibiotic indication, IDSA influenza guideline, Uyeki 2019).
    """
    wbc = ctx.facts.labs.get("wbc")
    if wbc is None or len(wbc.points) < 2 or generic not in ctx.facts.given:
        return None
    if not judgeable_wbc_baseline(wbc.first.value):
        return None
    # Response is judged after 48-72 h of therapy (IDSA/SHEA antibiotic stewardship,
    # Barlam TF et al., Clin Infect Dis 2016;62:e51-e77: the antibiotic time-out at
    # 48-72 h): the first dose must be at least two days before the session day.
    # It must also be current therapy (given in the last day, or an active order): "continue
    # vancomycin" for a single dose six days ago is not a plan.
    span = dose_days(ctx, generic)
    today = date.fromisoformat(ctx.facts.current_date)
    if span is None or (today - date.fromisoformat(span[0])).days < 2:
        return None
    if (today - date.fromisoformat(span[1])).days > 1 and not any(
        o.generic == generic for o in ctx.facts.active_orders()
    ):
        return None
    # ... and not a drug the team has stopped by the session date: with its orders in the
    # record, one must still run (or have just been re-written by a change order);
    # "continue piperacillin" the day after it was switched to cefepime rests on a false
    # premise (round 6b; IDSA/SHEA 2016 stewardship: the time-out reviews the regimen
    # actually given)
    # The latest order decides (round 7b): a change order long since followed by an
    # order that has itself completed (a course that ran out, not renewed) is no drug
    # still running.
    ordered = [o for o in ctx.facts.orders if drug_of(o) == generic]
    regimen = [o for o in ordered if o.scheduled] or ordered  # not a one-off dose
    latest = max(regimen, key=lambda o: o.start) if regimen else None
    if latest is not None and not (latest.status == "active" or latest.changed):
        return None
    findings = [c["organism"] for c in ctx.facts.cultures if c["organism"]]
    if findings and all(not_an_infection(o) for o in findings):
        return None
    # An antibiotic works on a bacterial infection: a coded one or a significant culture
    # (clinical.infection); on a viral-only diagnosis (influenza, RSV, COVID-19) it has no
    # indication and "responding, continue" would be wrong (IDSA influenza 2018, Uyeki 2019).
    codes = [ctx.facts.icd.get(code, code) for code, _ in ctx.facts.conditions]
    if not wbc_judges_infection(
        codes + [ctx.facts.icd.get(c, c) for c, _, _ in ctx.facts.history]
    ):  # leukaemia / MDS: the count follows the marrow, not the infection
        return None
    if not bacterial_indication(codes, findings):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    types = set()
    if "lab:wbc:trend" not in ctx.known:
        ctx.run(
            "Observation.search",
            {"code": "WBC", "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
        types.add("Observation")
    ctx.run(
        "MedicationAdministration.search",
        {"medication": generic, "date_from": ctx.facts.start[:10]},
        calls,
        obs,
    )
    types.add("MedicationAdministration")
    zh_name = drug_zh(generic)
    trend = wbc.trend()
    a, b = R.fmt(wbc.first.value, 1), R.fmt(wbc.latest.value, 1)
    # The course as known today (clinical.infection.wbc_course): a count that came down
    # from a later peak is falling, one that has risen again from its low is rising,
    # whatever its first value says.
    course, basis, pivot = wbc_course([p.value for p in wbc.points])
    # (the trend said is the series' recent course, LabSeries.trend, which the
    # provenance binds and the audit checks; the course sentence is used when the two
    # read the same turn)
    by_course = basis != "first" and course == trend
    pv = R.fmt(pivot, 1)
    names = [f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(en=f"Is the {generic} working?", zh=f"{zh_name}有效吗？"),
            Text(
                en=f"Is {ctx.he[0]} responding to the {generic}?",
                zh=f"{ctx.ta}对{zh_name}有反应吗？",
            ),
            Text(en=f"Is the {generic} doing its job?", zh=f"{zh_name}起效了吗？"),
            Text(
                en=f"How's {ctx.he[0]} doing on {generic}? Is it working?",
                zh=f"用了{zh_name}效果怎么样？",
            ),
            Text(
                en=f"Any sign the {generic} is helping?",
                zh=f"{zh_name}用下来有效果吗？",
            ),
            Text(
                en=f"Should we call the {generic} a success so far?",
                zh=f"{zh_name}到目前算有效吗？",
            ),
        ],
        entities=names,
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(en="Is it working?", zh="它有效吗？"),
                Text(
                    en=f"Is {ctx.he[0]} responding to it?", zh=f"{ctx.ta}对它有反应吗？"
                ),
                Text(en="Is that doing its job?", zh="这个药起效了吗？"),
            ],
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(en=f"is the {generic} doing its job?", zh=f"{zh_name}起效了吗？"),
                Text(
                    en=f"is {ctx.he[0]} responding to the {generic}?",
                    zh=f"{ctx.ta}对{zh_name}有反应吗？",
                ),
                Text(en=f"is the {generic} working?", zh=f"{zh_name}有效吗？"),
            ],
            entities=names,
        )
    n = ctx.facts.given[generic]
    resistant = resistant_isolates(ctx.facts.cultures, generic)
    if resistant and any(
        other != generic
        and other in ctx.facts.given
        and not set(resistant) & set(resistant_isolates(ctx.facts.cultures, other))
        for other in ctx.facts.antibiotics
    ):
        # the drug does not cover the isolate and another agent given this admission does:
        # the white count's course is that agent's, so it judges neither "continue" nor
        # "not responding" for this drug (IDSA/SIS 2010 cIAI: metronidazole is the
        # anaerobic partner; an E. coli bacteraemia responds to the cephalosporin)
        return None
    # Therapy is judged against the cultures known by now as well as the white count: an
    # isolate resistant to the drug (tested R, or intrinsically resistant) means it is not
    # adequate therapy whatever the WBC does (IDSA: tailor antimicrobials to culture and
    # susceptibility results; EUCAST Expected Resistant Phenotypes v1.2, 2023).
    # A count that came down from above the range into it and has drifted up since, still
    # in the range, is a response: the rebound that judges failure is a rise above
    # WBC_HIGH (clinical.infection.wbc_course; IDSA/SHEA stewardship, Barlam 2016:
    # reassess on the course), not a day-to-day rise within the normal range.
    values = [p.value for p in wbc.points]
    normalised = (
        not resistant
        and course == "falling"
        and basis == "first"
        and trend == "rising"
        and values[0] > WBC_HIGH
        and values[-1] <= WBC_HIGH
        and wbc.latest.flag in ("", "N")
    )
    # A count that came down over the course and has levelled off above the range, on a
    # drug no isolate resists, is a partial response: the drug is continued and a source
    # needing drainage is looked for, not the coverage broadened (IDSA/SIS 2010 cIAI,
    # Solomkin JS et al., Clin Infect Dis 2010;50:133-64: persistent signs after adequate
    # therapy call for a search for the source; IDSA/SHEA stewardship, Barlam 2016: a
    # targeted agent is not broadened without a reason; round 14, 10015860-22413744 t3:
    # "not responding, broaden" for a cleared streptococcal bacteraemia on ceftriaxone,
    # the count 24 -> 13)
    # the upper limit named is the observation's own reference range, the textbook
    # WBC_HIGH only where the record gives none (round 15b, 10015860-22413744 t3:
    # "upper limit 11" on a chart whose range is 4-10)
    upper = wbc.latest.ref_high or WBC_HIGH
    levelled = (
        not resistant
        and course == "falling"
        and trend == "stable"
        and wbc.latest.value > upper
    )
    responding = not resistant and (
        trend == "falling"
        or (trend == "stable" and wbc.latest.flag in ("", "N"))
        or normalised
        or levelled
    )
    if resistant:
        _read_cultures(ctx, calls, obs, types)
    if responding:
        verdict_en = (
            "responding, with the white count falling"
            if trend == "falling"
            else "responding, with the white count stable in the normal range"
        )
        verdict_zh = (
            "有效：白细胞下降" if trend == "falling" else "有效：白细胞平稳且在正常范围"
        )
        concl = R.conclusion_item(
            "Concludes the infection is responding",
            "判断治疗有效",
            RESPONDING,
            NOT_RESPONDING,
        )
        rec = R.recommend_item(
            f"Recommends continuing {generic}",
            f"建议继续{zh_name}",
            CONTINUE,
            [generic, zh_name],
        )
    else:
        verdict_en, verdict_zh = (
            (
                f"not responding as it should: the {resistant[0]} isolate is resistant to {generic}, whatever the white count does (it is {trend})",
                f"疗效不佳：培养出的{organism_text_zh(resistant[0])}对{zh_name}耐药（白细胞{R.TREND_WORDS[trend][1]}）",
            )
            if resistant
            else (
                f"not responding, with the white count {trend}",
                f"疗效不佳：白细胞{R.TREND_WORDS[trend][1]}",
            )
        )
        concl = R.conclusion_item(
            "Concludes the infection is not responding",
            "判断疗效不佳",
            NOT_RESPONDING,
            RESPONDING,
        )
        rec = R.recommend_item(
            "Recommends reassessing or broadening therapy",
            "建议重新评估或升级抗生素",
            [
                "broaden",
                "escalate",
                "change",
                "switch",
                "reassess",
                "add",
                "升级",
                "更换",
                "调整",
                "重新评估",
            ],
            ["antibiotic", "coverage", "therapy", generic, zh_name, "抗生素", "抗感染"],
        )
    unit = wbc.latest.unit
    # A count that falls but is still above the upper limit shows improvement, not a
    # resolved response: say what the numbers support ("improving, still raised") and
    # recheck (IDSA/SHEA stewardship, Barlam 2016: reassess on the clinical course).
    still_raised = (
        responding and (trend == "falling" or levelled) and wbc.latest.value > upper
    )
    if by_course and basis == "peak":
        went_en = f"WBC was {a} at the start, peaked at {pv} and is {b} {unit} now"
        went_zh = f"白细胞起始 {a}，峰值 {pv}，现为 {b} {unit}"
        if responding:
            verdict_en = "responding, with the white count falling from its peak"
            verdict_zh = "有效：白细胞自峰值下降"
    elif by_course:
        went_en = f"WBC was {a} at the start, came down to {pv} and is back up to {b} {unit} over the last draws"
        went_zh = f"白细胞起始 {a}，曾降至 {pv}，最近几次又回升到 {b} {unit}"
        if not resistant:
            verdict_en = (
                "not responding as it should, with the white count rising again"
            )
            verdict_zh = "疗效不佳：白细胞再次上升"
    elif normalised:
        low = min(values)
        pivot, pv = low, R.fmt(low, 1)
        went_en = f"WBC came down from {a} to {pv} and is {b} {unit} now"
        went_zh = f"白细胞从 {a} 降至 {pv}，现为 {b} {unit}"
        verdict_en = "responding: the count came down into the normal range and, though it has risen a little since, is still normal"
        verdict_zh = "有效：白细胞已降至正常范围，其后虽略有回升，仍在正常范围"
    else:
        went_en = f"WBC went from {a} to {b} {unit}"
        went_zh = f"白细胞从 {a} 变为 {b} {unit}"
    if still_raised and levelled:
        verdict_en = (
            f"improving, the white count down from {R.fmt(pivot, 1)} but stable since,"
            f" still raised at {b} {unit} (upper limit {R.fmt(upper, 1)}): a partial"
            " response so far"
        )
        verdict_zh = (
            f"有所好转：白细胞已从 {R.fmt(pivot, 1)} 下降，此后平稳，但仍偏高（{b} {unit}，"
            f"上限 {R.fmt(upper, 1)}），目前为部分好转"
        )
    elif still_raised:
        verdict_en = (
            f"improving, with the white count falling"
            f"{' from its peak' if by_course else ''}, but still raised at {b} {unit} "
            f"(upper limit {R.fmt(upper, 1)}): a partial response so far"
        )
        verdict_zh = (
            f"有所好转：白细胞{'自峰值' if by_course else ''}下降，但仍偏高（{b} {unit}，"
            f"上限 {R.fmt(upper, 1)}），目前为部分好转"
        )
        concl = R.conclusion_item(
            "Concludes the infection is improving, the count still raised",
            "判断有所好转但白细胞仍偏高",
            RESPONDING,
            NOT_RESPONDING,
        )
    # Empirical MRSA coverage stops at the 48-72 h reassessment when the cultures do not
    # grow MRSA (IDSA/ATS 2019 CAP; IDSA/ATS 2016 HAP/VAP; clinical.infection): "continue
    # vancomycin" over negative cultures is not what the record supports. Not while the
    # cultures are pending (none resulted), and not for oral vancomycin (C. difficile).
    # (A count not responding is reassessed as before: the stop is not mixed into a
    # broaden-or-change answer.)
    # a drug stopped and replaced is named as replaced: "continue" is the running drug's
    # (topics.base.replacement; round 15b, 10016742-29281842 t3: "continue piperacillin"
    # the day after cefepime replaced it)
    swap = replacement(ctx, generic)
    if swap is not None and not responding:
        return None  # the course since the switch is the new drug's to judge
    negative = (
        mrsa_coverage_can_stop(ctx.facts.cultures, span[0], ctx.facts.current_date)
        if generic == "vancomycin"
        and _systemic(ctx, generic)
        and responding
        and swap is None
        else None
    )
    if negative and "cultures" not in ctx.known:
        # the stop rests on the culture results: the gold reads them (the agent must
        # too), unless an earlier turn of the session already did
        _read_cultures(ctx, calls, obs, types)
    answer = Text(
        en=f"After {n} dose{'' if n == 1 else 's'} of {generic}, {went_en}: {verdict_en}. "
        + (
            f"Continue {generic} and recheck the white count; with the count levelled off"
            " above the range, look for a source that needs drainage rather than"
            " broadening the coverage."
            if levelled
            else f"Continue {generic} and recheck the white count."
            if still_raised or normalised
            else f"Continue {generic}."
            if responding
            else f"Reassess and change the antibiotic coverage beyond {generic}, guided by the susceptibilities."
            if resistant
            else f"Reassess and consider broadening the antibiotic coverage beyond {generic}."
        ),
        zh=f"已给予{zh_name} {n} 剂，{went_zh}：{verdict_zh}。"
        + (
            f"建议继续{zh_name}，并复查白细胞；白细胞在正常范围以上趋于平稳，应寻找需要引流的感染灶，"
            "而非升级抗生素。"
            if levelled
            else f"建议继续{zh_name}，并复查白细胞。"
            if still_raised or normalised
            else f"建议继续{zh_name}。"
            if responding
            else "建议重新评估，并根据药敏结果更换抗生素。"
            if resistant
            else "建议重新评估并考虑升级抗生素。"
        ),
    )
    if negative:
        seen_en = "; ".join(
            f"{c['test'].lower()} of {c['time'][:10]} negative" for c in negative
        )
        seen_zh = "；".join(
            f"{c['time'][:10]} {culture_zh(c['test']) or c['test']}阴性"
            for c in negative
        )
        head_en = answer.en.rpartition(f"Continue {generic}")[0]
        head_zh = answer.zh.rpartition(f"建议继续{zh_name}")[0]
        answer = Text(
            en=f"{head_en}The cultures have not grown MRSA ({seen_en}), so stop the vancomycin: empirical MRSA coverage ends at 48-72 h when cultures are negative; continue the rest of the regimen and recheck the white count.",
            zh=f"{head_zh}培养未见 MRSA（{seen_zh}），建议停用万古霉素（经验性抗 MRSA 覆盖在培养阴性时于 48-72 小时停用），其余抗感染方案不变，复查白细胞。",
        )
        rec = R.recommend_item(
            "Recommends stopping the vancomycin (no MRSA grown)",
            "建议停用万古霉素（未培养出 MRSA）",
            HOLD,
            [generic, zh_name],
        )
    if swap is not None:
        other, last = swap
        ctx.run(
            "MedicationAdministration.search",
            {"medication": other, "date_from": last[:10]},
            calls,
            obs,
        )
        oz = drug_zh(other)
        recheck_en = (
            " and recheck the white count" if still_raised or normalised else ""
        )
        recheck_zh = "，并复查白细胞" if still_raised or normalised else ""
        answer = Text(
            en=answer.en.partition(f". Continue {generic}")[0]
            + f". The {generic} was stopped after its dose of {last.replace('T', ' ')}. The {other} given since replaced it: continue the {other}{recheck_en}.",
            zh=answer.zh.partition("。建议继续")[0]
            + f"。{zh_name}已于 {last.replace('T', ' ')} 末次给药后停用。此后给予的是{oz}：建议继续{oz}{recheck_zh}。",
        )
        rec = R.recommend_item(
            f"Recommends continuing the {other} that replaced {generic}",
            f"建议继续已替换{zh_name}的{oz}",
            CONTINUE,
            [other, oz],
        )
    items = [
        R.value_item(wbc.lab, wbc.latest.value, wbc.latest.unit),
        # the peak or the low the course turned at; the first-to-latest trend item would
        # contradict the course (its provenance is the first and latest rows)
        R.value_item(
            wbc.lab,
            pivot,
            unit,
            "peak" if basis == "peak" else "lowest",
            R.qualifiers_of(
                pivot,
                wbc.lab.decimals,
                ["peak" if basis == "peak" else "lowest"],
                first=wbc.first.value,
                latest=wbc.latest.value,
            ),
        )
        if by_course or normalised
        # a count that fell and levelled off is no one-word trend: its start is stated
        else R.value_item(wbc.lab, wbc.first.value, unit, "first")
        if levelled
        else R.trend_item(wbc.lab, trend, a, b),
        concl,
        rec,
    ]
    if negative:
        items.append(
            R.mention_item(
                "Notes the cultures have not grown MRSA",
                "指出培养未见 MRSA",
                NO_MRSA,
            )
        )
    if swap is not None:
        items.append(
            R.negative_item(
                f"Recommends continuing the stopped {generic}",
                f"建议继续已停用的{zh_name}",
                CONTINUE,
                [generic, zh_name],
            )
        )
    if still_raised:
        items.append(
            R.mention_item(
                f"Says the white count is still raised ({b} {unit})",
                f"指出白细胞仍偏高（{b} {unit}）",
                STILL_RAISED,
            )
        )
    items += [
        R.tool_item(
            ["MedicationAdministration.search"],
            f"the {generic} doses given",
            f"{zh_name}给药记录",
        ),
    ]
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "treatment_response",
        [f"drug:{generic}", "lab:wbc"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        types,
        [
            f"WBC {a} -> {pv} -> {b}" if by_course else f"WBC {a} -> {b}",
            f"{generic} {n} doses given",
        ],
        {"lab:wbc:trend", "given"},
        decision="stop vancomycin"
        if negative
        else "responding, continue the replacement"
        if swap is not None
        else "improving, still raised"
        if still_raised
        else "responding"
        if responding
        else "not responding",
    )


#: Condition codes of active bleeding or an anticoagulant adverse effect (one list, in
#: :mod:`physassist_env.clinical.bleeding`, with its sources).
BLEEDING_CODES = _BLEEDING + ANTICOAGULANT_ADVERSE_CODES


#: Acute ischaemic stroke coded this admission: ICD-10 I63 (cerebral infarction); ICD-9
#: 433.x1 / 434.x1 (occlusion with cerebral infarction), 436 (acute, ill-defined).
ACUTE_STROKE = (
    "I63",
    "43301",
    "43311",
    "43321",
    "43331",
    "43381",
    "43391",
    "43401",
    "43411",
    "43491",
    "436",
)
#: Words of timing anticoagulation after an acute ischaemic stroke.
STROKE_TIMING = [
    "infarct size",
    "timing",
    "time the start",
    "48 hours",
    "48 h",
    "two days",
    "day 6",
    "day six",
    "haemorrhagic transformation",
    "hemorrhagic transformation",
    "梗死面积",
    "时机",
    "出血转化",
]


def bleeding_reasons(f: AdmissionFacts) -> list[tuple[str, str]]:
    """Why anticoagulation must not start now, as (EN, ZH) phrases; empty when none.

    Active bleeding coded this admission; haemoglobin below 8 g/dL or fallen by 2 g/dL or
    more within 48 h to below the WHO anaemia threshold (ISTH 2005, WHO 2011); INR above
    3 (supratherapeutic on warfarin, or a coagulopathy). Sources: 2023
    ACC/AHA/ACCP/HRS AF guideline; HAS-BLED (Pisters et al. 2010) bleeding factors.
    """
    out = []
    if f.bleeding_coded():
        out.append(("active bleeding coded this admission", "本次住院有活动性出血"))
    hb = f.labs.get("hemoglobin")
    if hb is not None:
        # an acute fall (>= 2 g/dL within 48 h, ending in anaemia; clinical.bleeding),
        # not the admission's highest against its latest: 15.3 -> 13.3 g/dL after
        # admission fluids is no reason to withhold anticoagulation
        fall = f.haemoglobin_fall()
        if hb.latest.value < 8.0:
            out.append(
                (
                    f"haemoglobin {R.fmt(hb.latest.value, 1)} g/dL",
                    f"血红蛋白 {R.fmt(hb.latest.value, 1)} g/dL",
                )
            )
        elif fall is not None:
            out.append(
                (
                    f"haemoglobin fell from {R.fmt(fall[1], 1)} to {R.fmt(hb.latest.value, 1)} g/dL",
                    f"血红蛋白从 {R.fmt(fall[1], 1)} 降至 {R.fmt(hb.latest.value, 1)} g/dL",
                )
            )
    inr = f.labs.get("inr")
    if inr is not None and inr.latest.value > 3.0:
        out.append(
            (f"INR {R.fmt(inr.latest.value, 1)}", f"INR {R.fmt(inr.latest.value, 1)}")
        )
    return out


@requires("condition")
def cha2ds2vasc(ctx: TopicContext) -> Draft | None:
    """CR: CHA2DS2-VASc in atrial fibrillation, and whether to anticoagulate."""
    f = ctx.facts
    if f.age is None or not f.ever_had("I48", "42731"):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Patient.read", {}, calls, obs)
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    # Risk factors from every condition known at the session date, earlier admissions
    # included (2023 ACC/AHA/ACCP/HRS AF guideline), so the agent's Condition.search agrees.
    risk = f.cha2ds2vasc_inputs()
    chf, htn, dm, stroke, vasc = (
        risk["chf"],
        risk["htn"],
        risk["diabetes"],
        risk["stroke"],
        risk["vascular"],
    )
    score = scores.cha2ds2_vasc(
        age=f.age,
        female=f.female,
        chf=chf,
        htn=htn,
        diabetes=dm,
        stroke=stroke,
        vascular=vasc,
    )  # Lip et al. 2010
    needs = score >= (3 if f.female else 2)
    # another indication decides whatever the score: a mechanical valve, a heparin bridge
    # to warfarin (2020 ACC/AHA VHD guideline; derived.anticoagulation_indication)
    other = anticoagulation_indication(ctx.toolkit.view, f)
    needs = needs or other is not None
    explicit = ctx.request(
        [
            Text(
                en="What's the CHA2DS2-VASc, and does this patient need anticoagulation?",
                zh="CHA2DS2-VASc 评分多少？需要抗凝吗？",
            ),
            Text(
                en=f"Score {ctx.he[2]} CHA2DS2-VASc. Anticoagulate or not?",
                zh="算一下CHA2DS2-VASc，要不要抗凝？",
            ),
            Text(
                en="Does the stroke risk justify anticoagulation? CHA2DS2-VASc please.",
                zh="卒中风险够不够抗凝？算下CHA2DS2-VASc。",
            ),
            Text(
                en=f"Where does {ctx.he[0]} land on CHA2DS2-VASc, and should we anticoagulate?",
                zh=f"{ctx.ta}的CHA2DS2-VASc几分？该不该抗凝？",
            ),
            Text(
                en="For the AF: CHA2DS2-VASc score and the anticoagulation call?",
                zh="房颤这块：CHA2DS2-VASc几分，抗凝怎么定？",
            ),
            Text(
                en="Is anticoagulation indicated? Work out the CHA2DS2-VASc.",
                zh="有抗凝指征吗？算一下CHA2DS2-VASc评分。",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en="where does the CHA2DS2-VASc land, and should we anticoagulate?",
                    zh="CHA2DS2-VASc 多少分？要抗凝吗？",
                ),
                Text(
                    en="what's the CHA2DS2-VASc, and is anticoagulation indicated?",
                    zh="CHA2DS2-VASc几分？有抗凝指征吗？",
                ),
                Text(
                    en="anticoagulate or not? Score the CHA2DS2-VASc.",
                    zh="抗不抗凝？算下CHA2DS2-VASc。",
                ),
            ],
        )
    parts = [
        n
        for n, on in (
            ("CHF", chf),
            ("hypertension", htn),
            ("diabetes", dm),
            ("stroke/TIA", stroke),
            ("vascular disease", vasc),
            ("female sex", f.female),
        )
        if on
    ]
    # the breakdown lists what scores: an age under 65 adds nothing and is not a factor
    age_part = "age >= 75" if f.age >= 75 else "age 65-74" if f.age >= 65 else ""
    age_zh = "年龄≥75岁" if f.age >= 75 else "年龄65-74岁" if f.age >= 65 else ""
    # in words: a digit here would be read as a claim about the score (or, in ZH, the
    # blood pressure of 高血压) by the claim reader
    young_en = "; age under sixty-five does not score" if not age_part else ""
    young_zh = "；年龄未满六十五岁，不计分" if not age_part else ""
    parts_zh = [
        n
        for n, on in (
            ("心衰", chf),
            ("高血压", htn),
            ("糖尿病", dm),
            ("卒中/TIA", stroke),
            ("血管疾病", vasc),
            ("女性", f.female),
        )
        if on
    ]
    # Bleeding comes before stroke prevention: with active bleeding, a significant
    # haemoglobin drop or a supratherapeutic INR, anticoagulation is not started now
    # (2023 ACC/AHA/ACCP/HRS AF guideline; 2020 ESC AF guideline, HAS-BLED section).
    bleeding = bleeding_reasons(f)
    # an INR above the range on a warfarin order, below the hold band and with no bleed,
    # is a dose question, not a reason to hold anticoagulation until "the bleeding risk
    # settles": omit or lower a dose and resume at a lower dose once the INR is 2-3
    # (CHEST 2012, Holbrook; Ansell 2008; clinical.warfarin, hematology.
    # warfarin_dose_action; round 15, reading k, 10040025-22251969 t1)
    dose_plan = warfarin_dose_action(f)
    if dose_plan is not None and dose_plan[1] < warfarin.HOLD_FROM:
        bleeding = [b for b in bleeding if not b[0].startswith("INR ")]
    # a bleed being treated now (red cells, an antifibrinolytic) comes first, whatever
    # the score or another indication: not now, decided again after haemostasis
    # (2017 ACC ECDP on bleeding on oral anticoagulants; derived.bleeding_treatment)
    treated = bleeding_treatment(ctx.toolkit.view, f)
    if treated is not None:
        bleeding = [treated, *bleeding]
    if not bleeding and [
        c
        for c in f.anticoagulation_cautions()
        if dose_plan is None or not c.startswith("INR ")
    ]:
        bleeding = [
            (
                "a bleeding or anticoagulant risk recorded this admission",
                "本次住院记录的出血或抗凝相关风险",
            )
        ]
    held = needs and bool(bleeding)
    # an active bleed (treated now, or coded this admission) is "not now", and the start
    # or resumption is decided after haemostasis, as for an anticoagulant held this
    # admission (2017 ACC ECDP on bleeding on oral anticoagulants, Tomaselli GF et al.,
    # J Am Coll Cardiol 2017;70:3042-67: restart once haemostasis is secured; 2023
    # ACC/AHA/ACCP/HRS AF guideline; round 8)
    active_bleed = held and (treated is not None or f.bleeding_coded())
    # End-stage kidney disease on dialysis: the trials excluded these patients and the
    # evidence is weak; warfarin or apixaban "may be reasonable" (2019 AHA/ACC/HRS AF
    # focused update, January CT et al., Circulation 2019;140:e125-51, class IIb; kept in
    # the 2023 ACC/AHA/ACCP/HRS guideline), an individual decision, not a plain
    # recommendation.
    eskd = needs and not held and f.ever_had(*DIALYSIS_CODES)
    # An ischaemic stroke coded this admission: anticoagulation is timed by infarct
    # size, not started at once or left undecided (numbers in words: a digit would be
    # read as a claim about the score) (ELAN, Fischer U et al., N Engl J Med
    # 2023;388:2411-21: within 48 h of a minor or moderate stroke, day 6-7 of a major
    # one; 2023 ACC/AHA/ACCP/HRS AF guideline; AHA/ASA 2021 secondary prevention),
    # once imaging has excluded haemorrhagic transformation.
    # The premise of "start": a patient already on an anticoagulant continues it, and one
    # on dual antiplatelet therapy would get triple therapy, which the guideline avoids
    # (2023 ACC/AHA/ACCP/HRS AF guideline, Joglar JA et al., Circulation 2024;149:e1-156:
    # after PCI, an oral anticoagulant with a P2Y12 inhibitor, aspirin stopped after 1-4
    # weeks; 2020 ACC ECDP on antithrombotic therapy in AF with PCI): the bleeding risk
    # is weighed and said, the more so after a bleed coded in an earlier admission.
    plain = needs and not held and not eskd
    running = [
        g
        for g in ANTICOAGULANTS
        if plain and any(drug_of(o) == g for o in f.active_orders())
    ]
    platelets = [
        g
        for g in ("aspirin", *P2Y12)
        if plain and any(drug_of(o) == g for o in f.active_orders())
    ]
    # antiplatelets taken at home, read from the last discharge list when this stay has
    # no order of them (a same-day observation stay after an MI with a stent: aspirin and
    # clopidogrel are still taken; round 9b, derived.home_antiplatelets)
    home = home_antiplatelets(ctx.toolkit.view, f) if plain else []
    # an antiplatelet read from the discharge list is on the list, not an order running
    # now: the ZH answer says 用药清单中有 for it, as the EN says "on the medication list"
    on_zh = "用药清单中有" if any(g not in platelets for g in home) else "在用"
    platelets += [g for g in home if g not in platelets]
    dapt = "aspirin" in platelets and len(platelets) >= 2
    # a smaller same-day haemoglobin fall is explained before an anticoagulant starts
    # (clinical.bleeding.HB_DROP, 2023 ACC/AHA/ACCP/HRS AF guideline)
    drop = f.haemoglobin_fall(HB_DROP, HB_DROP_HOURS) if plain else None
    hb_now = f.labs["hemoglobin"].latest.value if drop is not None else 0.0
    drop_en = (
        f"; first find the cause of the haemoglobin fall from {R.fmt(drop[1], 1)} to"
        f" {R.fmt(hb_now, 1)} g/dL (bleeding?)"
        if drop is not None
        else ""
    )
    drop_zh = (
        # "血红蛋白下降" named in words: the fall is the conclusion the reader looks for
        f"；开始前先查明血红蛋白下降（从 {R.fmt(drop[1], 1)} 降至 {R.fmt(hb_now, 1)} g/dL）的原因（是否出血）"
        if drop is not None
        else ""
    )
    # an anticoagulant of the home list with no order now is resumed, not started (round
    # 13: "before starting it" to a patient on home warfarin; derived.home_anticoagulants)
    home_ac = (
        home_anticoagulants(ctx.toolkit.view, f)
        if drop is not None and not running and not dapt
        else []
    )
    start_en = (
        f" before resuming the {' and '.join(home_ac)} (on the last discharge list)"
        if home_ac
        else " before starting it"
    )
    if home_ac:
        drop_zh = (
            drop_zh.replace("开始前先", "先", 1)
            + f"，再恢复{'、'.join(drug_zh(g) for g in home_ac)}（上次出院用药清单中有）"
        )
    # the drugs already running are checked for the AF regimen: a DOAC at a dose that is
    # not an AF dose (rivaroxaban 10 mg is VTE prophylaxis), prasugrel beside an
    # anticoagulant, aspirin above 100 mg a day (clinical.antithrombotic)
    fixes_en: list[str] = []
    fixes_zh: list[str] = []
    for g in running:
        o = next(o for o in f.active_orders() if drug_of(o) == g)
        wrong = af_dose_problem(g, o.dose)
        if wrong is not None:
            fixes_en.append(
                f"the {g} already ordered is {R.fmt(o.dose, 1)} mg, not an AF dose: the {g}"
                f" dose for stroke prevention is {wrong[0]}"
            )
            fixes_zh.append(
                f"目前{drug_zh(g)}医嘱为 {R.fmt(o.dose, 1)} mg，不是房颤剂量：{drug_zh(g)}用于卒中预防的剂量为{wrong[1]}"
            )
    if running or dapt:
        for g in platelets:
            if g in NOT_WITH_ANTICOAGULANT:
                fixes_en.append(
                    f"{g} is not used with an anticoagulant: clopidogrel is the P2Y12"
                    " inhibitor to pair with one"
                )
                fixes_zh.append(
                    f"{drug_zh(g)}不宜与抗凝药合用：与抗凝药联用的 P2Y12 抑制剂应为氯吡格雷"
                )
        a_dose = daily_dose([o for o in f.active_orders() if drug_of(o) == "aspirin"])
        a_day = a_dose.amount if a_dose is not None and a_dose.unit == "mg" else 0.0
        if a_day > ASPIRIN_MAX_WITH_ANTICOAGULANT:
            fixes_en.append(
                f"aspirin is {R.fmt(a_day, 0)} mg a day: at most 100 mg beside an"
                " anticoagulant, and, if this follows a PCI, stopped within 1-4 weeks"
            )
            fixes_zh.append(
                f"阿司匹林每日 {R.fmt(a_day, 0)} mg：与抗凝药合用时每日不超过 100 mg，若为 PCI 术后，1-4 周内停用"
            )
    # warfarin running with its INR out of the 2-3 target: kept, with the dose adjusted
    # by the one INR rule (clinical.warfarin.ADVICE; CHEST 2012, Holbrook: "continue"
    # needs "adjust the dose"; round 15, reading k, 10015931-24420677 t3 at INR 1.7)
    inr_fix = (
        dose_plan
        if "warfarin" in running
        # not beside another indication: a mechanical valve has its own INR target, and
        # a heparin bridge is warfarin still being loaded (the 2-3 target is AF's)
        and other is None
        and dose_plan is not None
        and dose_plan[0] != "continue"
        else None
    )
    if inr_fix is not None:
        side_en = "below" if inr_fix[1] < warfarin.TARGET[0] else "above"
        side_zh = "低于" if inr_fix[1] < warfarin.TARGET[0] else "高于"
        adv_en, adv_zh = warfarin.ADVICE[
            "increase_given"
            if inr_fix[0] == "increase" and "warfarin" in f.given
            else inr_fix[0]
        ]
        # "back to 2-3" would be read as an INR of 2 by the claim reader: in words
        adv_en = adv_en.replace("back to 2-3", "back in range")
        adv_zh = adv_zh.replace("回到 2-3 后", "回到目标范围后")
        fixes_en.append(
            f"the INR is {R.fmt(inr_fix[1], 1)}, {side_en} the target of two to three: "
            + adv_en[0].lower()
            + adv_en[1:].rstrip(".")
        )
        fixes_zh.append(
            f"INR 为 {R.fmt(inr_fix[1], 1)}，{side_zh}二至三的目标：{adv_zh.rstrip('。')}"
        )
    dose_fix = bool(fixes_en) and fixes_en[0].startswith("the ") and inr_fix is None
    fix_en = "".join(f"; {x}" for x in fixes_en)
    fix_zh = "".join(f"；{x}" for x in fixes_zh)
    earlier_bleed = any(
        is_bleeding_code(code) for code, _, h in f.history if h != f.hadm_id
    )
    acute_stroke = plain and not running and not dapt and f.has_condition(*ACUTE_STROKE)
    # An oral anticoagulant given this admission and no longer ordered (held after a
    # procedure or a bleed): not a new start but a resumption to time by why it was
    # held (2023 ACC/AHA/ACCP/HRS AF guideline; ACCP 2022 perioperative management,
    # Douketis JD et al., Chest 2022;162:e207-43). ``derived.stopped_anticoagulant``.
    stopped = (
        stopped_anticoagulant(f)
        if plain and not running and not dapt and not acute_stroke
        else None
    )
    if running or dapt:
        ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    if inr_fix is not None:
        # the INR the dose is adjusted to is looked up (round 15)
        ctx.run("Observation.search", {"code": "INR", "_count": 5}, calls, obs)
    for g in home:
        ctx.run("MedicationRequest.search", {"medication": g}, calls, obs)
    if drop is not None:
        ctx.run(
            "Observation.search",
            {"code": "hemoglobin", "date_from": day_before(drop[0][:10])},
            calls,
            obs,
        )
    # an anticoagulant on the last discharge list with no order this admission, in a
    # patient not bleeding now (the one reading the grader's harm check shares,
    # derived.bleeding_now): it is confirmed and resumed, not started anew (2023
    # ACC/AHA/ACCP/HRS AF guideline: continue oral anticoagulation in AF with the risk
    # factors; Joint Commission NPSG.03.06.01: the home list is what the patient takes;
    # round 14, 10014354-22508257 / -24096336, rivaroxaban)
    resume = (
        home_anticoagulants(ctx.toolkit.view, f)
        if plain
        and not running
        and not dapt
        and drop is None
        and stopped is None
        and not acute_stroke
        and not bleeding_now(ctx.toolkit.view, f, recent=True)
        # with a heparin or LMWH running the question is a switch, not a resumption
        # (apixaban / rivaroxaban US labels, section 2: switching from a parenteral
        # anticoagulant): not answered here; a heparin flush, lock or circuit dose is no
        # anticoagulant (clinical.antithrombotic.line_heparin; round 15)
        and not any(
            drug_of(o) in ANY_ANTICOAGULANT and not o.flush for o in f.active_orders()
        )
        else []
    )
    last_list = last_discharge_list(ctx.toolkit.view, f) if resume else None
    resume_day = day(last_list.end) if last_list is not None else ""
    # a colonoscopy planned (a bowel preparation ordered this admission): the home
    # anticoagulant stays held for the procedure and is resumed after it, never now
    # (ACG-CAG 2022; ASGE 2016; derived.planned_colonoscopy; round 15, 10014354-22508257
    # t2, rivaroxaban "recommended" on day one of a rectal-bleed admission)
    prep = planned_colonoscopy(f) if resume else None
    if prep is not None:
        ctx.run("MedicationRequest.search", {"medication": prep.name}, calls, obs)
    for g in resume:
        ctx.run("MedicationRequest.search", {"medication": g}, calls, obs)
    stop_g = drug_of(stopped) if stopped is not None else ""
    if stopped is not None:
        ctx.run("MedicationRequest.search", {"medication": stop_g}, calls, obs)
    stop_day = day(stopped.end or stopped.start) if stopped is not None else ""
    run_en = " and ".join(running)
    run_zh = "、".join(drug_zh(g) for g in running)
    plt_en = " and ".join(platelets)
    plt_zh = "、".join(drug_zh(g) for g in platelets)
    bleed_en = ", after a bleed coded in an earlier admission" if earlier_bleed else ""
    bleed_zh = "，且既往住院有出血记录" if earlier_bleed else ""
    if held:
        ctx.run(
            "Observation.search",
            {"code": "hemoglobin,INR", "date_from": f.start[:10], "_count": 100},
            calls,
            obs,
        )
        if treated is not None:
            ctx.run(
                "MedicationAdministration.search",
                {"date_from": f.start[:10]},
                calls,
                obs,
            )
    elif other is not None and other[2] != "Condition":
        ctx.run(f"{other[2]}.search", {}, calls, obs)
    why_en = f"{other[0]}; " if other is not None and not held else ""
    why_zh = f"{other[1]}；" if other is not None and not held else ""
    # A patient already on an anticoagulant has it held, not "not started" (2020 ACC
    # Expert Consensus Decision Pathway on bleeding on oral anticoagulants, Tomaselli GF
    # et al., J Am Coll Cardiol 2020;76:594-622: hold the anticoagulant, restart once
    # haemostasis is secured and the bleeding risk allows).
    on_ac = [g for g in ANTICOAGULANTS if f.on_drug(g)]
    # one anticoagulated at home (on the last discharge list, an INR in range on
    # arrival, a reversal agent given) is on it too: hold or resume, never start (round
    # 13, 10025463-24470193 t3: "before starting it" to a patient on warfarin reversed
    # for a bleed; derived.home_anticoagulants)
    if held:
        on_ac += [g for g in home_anticoagulants(ctx.toolkit.view, f) if g not in on_ac]
    # a reversal agent given: the bleed was major (often intracranial); resuming is a
    # specialist decision days to weeks later (AHA/ASA 2022 ICH guideline, Greenberg SM
    # et al., Stroke 2022;53:e282-361; clinical.bleeding.REVERSAL)
    reversed_ = held and bool(on_ac) and reversal_given(ctx.toolkit.view, f)
    if reversed_:
        # the reversal may be coded as a procedure (ICD-9 00.96) only
        ctx.run("Procedure.search", {"date_from": day_before(f.start[:10])}, calls, obs)
    if held and on_ac and not (running or dapt):
        # the anticoagulant held is read, as the answer names it (round 12)
        ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    ac_en = " and ".join(on_ac)
    ac_zh = "、".join(drug_zh(g) for g in on_ac)
    rec_en = (
        "stroke risk alone would favour anticoagulation, but "
        + (f"hold the {ac_en} now" if on_ac else "do not start it now")
        + " because of "
        + "; ".join(b[0] for b in bleeding)
        + (
            "; keep it reversed and held: resuming it is a specialist decision"
            " (neurosurgery or the stroke team after an intracranial bleed), days to weeks"
            " after haemostasis is secured, not a new start"
            if reversed_
            else "; decide when to resume it once haemostasis is secured"
            if on_ac and active_bleed
            else "; decide when to start it once haemostasis is secured"
            if active_bleed
            else "; restart it once the bleeding risk has settled"
            if on_ac
            else "; reassess once the bleeding risk has settled"
        )
        if held
        else "stroke risk alone would favour anticoagulation, but on dialysis for end-stage"
        " kidney disease the evidence is weak: warfarin or apixaban may be reasonable"
        " (class IIb), an individual decision weighing the high bleeding risk"
        if eskd
        else (
            f"{why_en}anticoagulation is indicated: keep the {run_en} already ordered,"
            " with the dose adjusted to the INR"
            if inr_fix is not None
            else f"{why_en}anticoagulation is indicated: continue the {run_en} already ordered"
            if not dose_fix
            else f"{why_en}anticoagulation is indicated"
        )
        + (
            f"; with {plt_en} also running this is combined antithrombotic therapy"
            f"{bleed_en}: weigh the bleeding risk and review the antiplatelet"
            if platelets
            else ""
        )
        + fix_en
        + drop_en
        if running
        else f"stroke risk alone would favour anticoagulation, but with {plt_en}"
        f" {'on the medication list' if home else 'running'},"
        f" adding an anticoagulant would make triple therapy{bleed_en}: weigh the bleeding"
        " risk and decide with cardiology (an anticoagulant with a P2Y12 inhibitor,"
        " preferably clopidogrel, aspirin stopped) before starting it"
        + fix_en
        + drop_en
        if dapt
        else f"{why_en}stroke risk alone would favour anticoagulation, but"
        + drop_en.removeprefix(";")
        + start_en
        + (
            # an antiplatelet read from an earlier discharge list is not an order running
            # now: it is confirmed, not asserted (round 13, 10025463-24470193 t3)
            f"; {plt_en} {'is on the last discharge list: confirm it is still taken and' if home else 'is taken too:'}"
            " weigh the bleeding risk"
            if platelets
            else ""
        )
        if drop is not None and needs
        else f"{why_en}anticoagulation is indicated; the {stop_g} given this admission is no"
        f" longer ordered (last order ended {stop_day}): decide when to resume it, as the"
        " reason it was held (a procedure or bleeding) allows, rather than starting a new"
        " anticoagulant"
        if stopped is not None
        else f"{why_en}anticoagulation is indicated; the {' and '.join(resume)} on the last"
        f" discharge list ({resume_day}) has no order this admission and a bowel"
        " preparation is ordered (a colonoscopy is planned): keep it held"
        " for the procedure and resume it after, once the endoscopist judges the bleeding"
        " risk allows, rather than starting a new anticoagulant"
        if resume and prep is not None
        else f"{why_en}anticoagulation is indicated; the {' and '.join(resume)} on the last"
        f" discharge list ({resume_day}) has no order this admission and no bleeding is"
        " recorded now: confirm it is still taken and resume it, rather than starting a"
        " new anticoagulant"
        if resume
        else f"{why_en}anticoagulation is recommended"
        + (
            "; after this admission's ischaemic stroke, time the start by infarct size"
            " (within two days of a minor or moderate stroke, on day six or seven of a"
            " major one)"
            " once imaging has excluded haemorrhagic transformation"
            if acute_stroke
            else ""
        )
        if needs
        else "anticoagulation is not routinely indicated"
    )
    rec_zh = (
        "单从卒中风险看应抗凝，但因"
        + "；".join(b[1] for b in bleeding)
        + (
            f"，{ac_zh}已逆转并暂停：何时恢复由专科决定（颅内出血由神经外科或卒中团队决定），"
            "止血后数天至数周，而非新开抗凝"
            if reversed_
            else f"，目前暂停{ac_zh}，止血后再决定何时恢复"
            if on_ac and active_bleed
            else "，目前暂缓抗凝，止血后再决定何时开始"
            if active_bleed
            else f"，目前暂停{ac_zh}，待出血风险解除后再恢复"
            if on_ac
            else "，目前暂缓抗凝，待出血风险解除后再评估"
        )
        if held
        else "单从卒中风险看倾向抗凝，但终末期肾病透析患者证据有限：华法林或阿哌沙班可以考虑"
        "（IIb 类推荐），需个体化权衡较高的出血风险"
        if eskd
        else (
            f"{why_zh}有抗凝指征：维持目前已开的{run_zh}，按 INR 调整剂量"
            if inr_fix is not None
            else f"{why_zh}有抗凝指征：继续目前已开的{run_zh}"
            if not dose_fix
            else f"{why_zh}有抗凝指征"
        )
        + (
            f"；同时{on_zh}{plt_zh}，属联合抗栓治疗{bleed_zh}，需权衡出血风险并重新评估抗血小板药"
            if platelets
            else ""
        )
        + fix_zh
        + drop_zh
        if running
        else f"单从卒中风险看倾向抗凝，但目前{on_zh}{plt_zh}，加用抗凝药将成为三联抗栓治疗{bleed_zh}："
        "需权衡出血风险，与心内科共同决定（抗凝药联合一种 P2Y12 抑制剂，首选氯吡格雷，停用阿司匹林）后再开始"
        + fix_zh
        + drop_zh
        if dapt
        else f"{why_zh}单从卒中风险看倾向抗凝，但"
        + drop_zh.removeprefix("；")
        + (
            f"；{plt_zh}{'在上次出院用药清单中，需确认仍在服用，并' if home else '也在服，需'}权衡出血风险"
            if platelets
            else ""
        )
        if drop is not None and needs
        else f"{why_zh}有抗凝指征；本次住院用过的{drug_zh(stop_g)}目前已无医嘱（最后一条医嘱于 {stop_day} 结束）："
        "需根据停药原因（操作或出血）决定何时恢复，而非另开新的抗凝药"
        if stopped is not None
        else f"{why_zh}有抗凝指征；上次出院用药清单中有{'、'.join(drug_zh(g) for g in resume)}"
        f"（{resume_day}），本次住院尚无医嘱，且已开肠道准备（拟行结肠镜）："
        "操作前继续暂停，操作后待内镜医师评估出血风险允许时再恢复，而非另开新的抗凝药"
        if resume and prep is not None
        else f"{why_zh}有抗凝指征；上次出院用药清单中有{'、'.join(drug_zh(g) for g in resume)}"
        f"（{resume_day}），本次住院尚无医嘱，目前无出血记录：确认仍在服用后恢复，而非另开新的抗凝药"
        if resume
        else f"{why_zh}建议启动抗凝治疗"
        + (
            "；本次住院为缺血性卒中，按梗死面积决定开始时机（轻中度卒中两天内，"
            "重度卒中第六至七天），影像学排除出血转化后开始"
            if acute_stroke
            else ""
        )
        if needs
        else "一般无需常规抗凝"
    )
    answer = Text(
        en=f"CHA2DS2-VASc is {score} ({', '.join([age_part, *parts] if age_part else parts) or 'no risk factor'}{young_en}); {rec_en}.",
        zh=f"CHA2DS2-VASc 评分为 {score} 分（{'、'.join([age_zh, *parts_zh] if age_zh else parts_zh) or '无危险因素'}{young_zh}）；{rec_zh}。",
    )
    if held:
        rec = R.conclusion_item(
            f"Holds the {ac_en} now because of the bleeding risk"
            if on_ac
            else "Does not start anticoagulation now because of the bleeding risk",
            f"因出血风险目前暂停{ac_zh}" if on_ac else "因出血风险目前暂缓抗凝",
            [
                "hold the",
                "hold it",
                "暂停",
                "do not start it now",
                "not start",
                "not be started",
                "hold off",
                "defer",
                "deferred",
                "not now",
                "contraindicated",
                "not recommended",
                "暂缓抗凝",
                "暂缓",
                "暂不",
                "不宜",
                "禁忌",
            ],
            [
                "anticoagulation is recommended",
                "recommend anticoagulation",
                "start anticoagulation",
                "建议启动抗凝",
                "建议抗凝",
                "启动抗凝",
            ],
        )
    elif eskd:
        rec = R.conclusion_item(
            "Says anticoagulation may be reasonable on dialysis, with weak evidence",
            "指出透析患者抗凝证据有限、可个体化考虑",
            [
                "may be reasonable",
                "weak evidence",
                "evidence is weak",
                "limited evidence",
                "individual",
                "shared decision",
                "uncertain",
                "IIb",
                "可以考虑",
                "证据有限",
                "个体化",
            ],
            [
                "anticoagulation is recommended",
                "clearly indicated",
                "建议启动抗凝",
            ],
        )
    elif running and dose_fix:
        rec = R.conclusion_item(
            f"Says the {run_en} ordered is not an AF dose and gives the AF dose",
            f"指出{run_zh}医嘱剂量不是房颤剂量并给出房颤剂量",
            ["not an AF dose", "prophylaxis dose", "prophylactic dose", "20 mg", "15 mg", "5 mg", "150 mg", "60 mg", "预防剂量"],
            [f"continue the {run_en} already ordered", f"继续目前已开的{run_zh}"],
        )  # fmt: skip
    elif drop is not None and not running and not dapt:
        rec = R.conclusion_item(
            "Explains the haemoglobin fall before starting anticoagulation",
            "开始抗凝前先查明血红蛋白下降的原因",
            ["haemoglobin fall", "hemoglobin fall", "hemoglobin drop", "haemoglobin drop", "cause of the", "bleeding", "血红蛋白下降", "血红蛋白降", "出血"],
            ["anticoagulation is recommended", "建议启动抗凝"],
        )  # fmt: skip
    elif running:
        rec = R.conclusion_item(
            f"Continues the {run_en} already ordered",
            f"继续目前已开的{run_zh}",
            ["continue", "keep", "already on", "already ordered", "继续", "维持"],
            ["start anticoagulation", "建议启动抗凝", "启动抗凝"],
        )
    elif dapt:
        rec = R.conclusion_item(
            "Weighs the bleeding risk of triple therapy before starting",
            "开始前权衡三联抗栓的出血风险",
            ["triple", "bleeding risk", "三联", "出血风险"],
            ["anticoagulation is recommended", "建议启动抗凝"],
        )
    elif stopped is not None:
        rec = R.conclusion_item(
            f"Decides when to resume the {stop_g} given this admission",
            f"决定何时恢复本次住院用过的{drug_zh(stop_g)}",
            ["resume", "restart", "恢复", "重新开始"],
            [
                "anticoagulation is recommended",
                "start anticoagulation",
                "建议启动抗凝",
                "启动抗凝",
            ],
        )
    elif resume and prep is not None:
        rec = R.conclusion_item(
            f"Keeps the {' and '.join(resume)} held for the planned colonoscopy and"
            " resumes it after",
            f"结肠镜前继续暂停{'、'.join(drug_zh(g) for g in resume)}，操作后再恢复",
            ["held", "hold", "after the procedure", "after the colonoscopy", "暂停", "操作后", "术后"],
            ["anticoagulation is recommended", "resume it now", "start anticoagulation", "建议启动抗凝", "立即恢复"],
        )  # fmt: skip
    elif resume:
        rec = R.conclusion_item(
            f"Resumes the {' and '.join(resume)} of the last discharge list",
            f"恢复上次出院用药清单中的{'、'.join(drug_zh(g) for g in resume)}",
            ["resume", "restart", "continue", "恢复", "继续", "重新开始"],
            ["start anticoagulation", "建议启动抗凝", "启动抗凝"],
        )
    elif needs:
        rec = R.recommend_item(
            "Recommends anticoagulation",
            "建议抗凝",
            ["start", "recommend", "indicated", "begin", "启动", "开始", "建议"],
            [
                "anticoagulation",
                "anticoagulant",
                "apixaban",
                "warfarin",
                "DOAC",
                "抗凝",
            ],
        )
    else:
        rec = R.conclusion_item(
            "States anticoagulation is not routinely indicated",
            "指出一般无需抗凝",
            NO_ANTICOAG,
            ANTICOAG_INDICATED,
        )
    items = [
        R.item(
            f"Calculates a CHA2DS2-VASc of {score}",
            f"计算出 CHA2DS2-VASc 为 {score} 分",
            R.ValueCheck(value=score, unit="", tolerance=0, about=CHA2DS2VASC_TERMS),
            tags=("value", "calculation"),
            critical=True,
        ),
        rec,
        R.mention_item(
            f"Accounts for age ({f.age})",
            f"考虑年龄（{f.age} 岁）",
            ["age", str(f.age), "年龄", "岁"],
        ),
        R.tool_item(
            ["Condition.search", "Patient.everything"]
            if "conditions" not in ctx.known
            else ["Patient.read", "Patient.everything"],
            "the comorbidities and demographics",
            "合并症和人口学信息",
        ),
        R.no_fabrication_item(),
    ]
    if active_bleed:
        # when to start / resume is decided after haemostasis (the held-anticoagulant
        # rule's item: round 7, "decide resumption")
        items.insert(
            2,
            R.mention_item(
                f"Decides when to resume the {ac_en} once haemostasis is secured"
                if on_ac
                else "Decides when to start anticoagulation once haemostasis is secured",
                f"止血后再决定何时恢复{ac_zh}" if on_ac else "止血后再决定何时开始抗凝",
                [
                    "haemostasis",
                    "hemostasis",
                    "bleeding has stopped",
                    "bleeding stops",
                    "resume",
                    "restart",
                    "止血",
                    "出血停止",
                    "恢复",
                    "重新开始",
                ],
            ),
        )
    if inr_fix is not None:
        items.insert(
            2,
            R.mention_item(
                f"Adjusts the warfarin dose to the INR of {R.fmt(inr_fix[1], 1)}",
                f"按 INR（{R.fmt(inr_fix[1], 1)}）调整华法林剂量",
                ["increase", "lower", "reduce", "hold tonight", "omit", "adjust", "recheck", "加量", "增加", "减量", "下调", "暂停", "调整", "复查"],
            ),
        )  # fmt: skip
    if acute_stroke:
        items.insert(
            2,
            R.mention_item(
                "Times the start after the acute stroke (infarct size)",
                "根据梗死面积确定卒中后开始抗凝的时机",
                STROKE_TIMING,
            ),
        )
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "cha2ds2vasc",
        ["cha2ds2vasc", "conditions"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Patient"}
        | ({"Condition"} if any(c.name == "Condition.search" for c in calls) else set())
        | (
            {"Observation"}
            if held or drop is not None or inr_fix is not None
            else set()
        )
        | (
            {"MedicationRequest"}
            if running or dapt or stopped is not None or home or resume
            else set()
        ),
        [f"CHA2DS2-VASc {score}"] + [b[0] for b in bleeding if held],
        {"conditions", "cha2ds2vasc"},
        decision="hold for bleeding"
        if held
        else "may be reasonable (dialysis)"
        if eskd
        else "correct the AF dose"
        if running and dose_fix
        else "continue anticoagulant"
        if running
        else "weigh triple therapy"
        if dapt
        else "explain the haemoglobin fall first"
        if drop is not None and needs
        else "decide resumption"
        if stopped is not None or resume
        else "anticoagulate"
        if needs
        else "not indicated",
    )


@requires("lab")
def child_pugh(ctx: TopicContext) -> Draft | None:
    """CR: Child-Pugh class in cirrhosis from bilirubin, albumin, INR, ascites, encephalopathy."""
    f = ctx.facts
    labs = {k: f.labs.get(k) for k in ("bilirubin", "albumin", "inr")}
    if not f.has_condition("K70", "K74", "5712", "5715", "5716") or any(
        v is None for v in labs.values()
    ):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Observation.search",
        {"code": "bilirubin,albumin,INR", "_count": 15},
        calls,
        obs,
    )
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    bili, alb, inr = (labs[k].latest.value for k in ("bilirubin", "albumin", "inr"))  # type: ignore[union-attr]
    # A score rests on record rows (Pugh RNH et al., Br J Surg 1973;60:646-9; AASLD 2021
    # practice guidance on cirrhosis). A diagnosis code says ascites / encephalopathy is
    # present, never its grade (mild = 2 points, moderate-severe = 3): a coded component
    # gives a range. An uncoded one is scored as none and the answer says so.
    ascites = f.has_condition("R18", "K7031", "7895")
    enceph = f.has_condition("K729", "K7290", "5722", "K7682")
    lo, cls_lo = scores.child_pugh(
        bilirubin=bili,
        albumin=alb,
        inr=inr,
        ascites=int(ascites),
        encephalopathy=int(enceph),
    )
    hi, cls_hi = scores.child_pugh(
        bilirubin=bili,
        albumin=alb,
        inr=inr,
        ascites=2 * ascites,
        encephalopathy=2 * enceph,
    )
    points_en = f"{lo}" if lo == hi else f"{lo} to {hi}"
    points_zh = f"{lo}" if lo == hi else f"{lo}-{hi}"
    cls = cls_lo if cls_lo == cls_hi else f"{cls_lo} or {cls_hi}"
    cls_zh = cls_lo if cls_lo == cls_hi else f"{cls_lo} 或 {cls_hi}"

    def part(coded: bool, en: str, zh: str) -> tuple[str, str]:
        if coded:
            return (
                f"{en} coded without a grade (two points if mild, three if moderate-severe)",
                f"{zh}已编码但未记录分级（轻度两分，中重度三分）",
            )
        return f"no {en} recorded (scored as none)", f"未记录{zh}（按无计分）"

    asc_en, asc_zh = part(ascites, "ascites", "腹水")
    enc_en, enc_zh = part(enceph, "hepatic encephalopathy", "肝性脑病")
    unknown = ascites or enceph
    tail_en = (
        " The bedside grade of the coded component decides the exact score."
        if unknown
        else ""
    )
    tail_zh = "确切分值取决于床旁对已编码项目的分级。" if unknown else ""
    explicit = ctx.request(
        [
            Text(en="What's the Child-Pugh class?", zh="Child-Pugh 分级是多少？"),
            Text(
                en=f"Score {ctx.he[2]} Child-Pugh for me?",
                zh=f"帮我算一下{ctx.ta}的Child-Pugh评分。",
            ),
            Text(
                en="Where does the liver disease sit on Child-Pugh?",
                zh="肝病按Child-Pugh算是几级？",
            ),
            Text(
                en="Child-Pugh score and class, please.",
                zh="Child-Pugh评分和分级是多少？",
            ),
            Text(
                en=f"How bad is {ctx.he[2]} cirrhosis by Child-Pugh?",
                zh=f"按Child-Pugh，{ctx.ta}的肝硬化属于哪一级？",
            ),
            Text(en="Work out the Child-Pugh class.", zh="算一下Child-Pugh分级。"),
        ]
    )
    answer = Text(
        en=f"Child-Pugh score {points_en}, class {cls} (bilirubin {R.fmt(bili, 1)} mg/dL, albumin {R.fmt(alb, 1)} g/dL, INR {R.fmt(inr, 1)}; {asc_en}; {enc_en}).{tail_en}",
        zh=f"Child-Pugh 评分 {points_zh} 分，{cls_zh} 级（胆红素 {R.fmt(bili, 1)} mg/dL，白蛋白 {R.fmt(alb, 1)} g/dL，INR {R.fmt(inr, 1)}；{asc_zh}；{enc_zh}）。{tail_zh}",
    )
    classes = sorted({cls_lo, cls_hi})
    items = [
        R.item(
            f"Calculates a Child-Pugh score of {points_en}",
            f"计算出 Child-Pugh 评分 {points_zh} 分",
            # any score the record allows: mid-range with the half-width as slack
            R.ValueCheck(
                value=(lo + hi) / 2,
                unit="",
                tolerance=max(0.0, (hi - lo) / 2 - 0.5),
                decimals=0,
                about=CHILD_PUGH_TERMS,
            ),
            tags=("value", "calculation"),
        ),
        R.conclusion_item(
            f"States class {cls}",
            f"给出 {cls_zh} 级",
            [t for c in classes for t in _class_terms(c)],
            [t for other in "ABC" if other not in classes for t in _class_terms(other)],
        ),
        R.value_item(LABS["bilirubin"], bili, labs["bilirubin"].latest.unit),  # type: ignore[union-attr]
        R.value_item(LABS["albumin"], alb, labs["albumin"].latest.unit),  # type: ignore[union-attr]
        R.value_item(LABS["inr"], inr, labs["inr"].latest.unit),  # type: ignore[union-attr]
        R.tool_item(
            ["Observation.search"], "bilirubin, albumin and INR", "胆红素、白蛋白和 INR"
        ),
    ]
    types = {"Observation"} | (
        {"Condition"} if any(c.name == "Condition.search" for c in calls) else set()
    )
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "child_pugh",
        ["child_pugh", "lab:bilirubin", "lab:albumin", "lab:inr"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        types,
        [f"Child-Pugh {points_en} ({cls})"],
        {"lab:bilirubin:latest", "lab:albumin:latest", "lab:inr:latest", "conditions"},
        decision=f"class {cls}",
    )
