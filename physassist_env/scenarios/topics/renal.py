"""Renal topics: KDIGO AKI staging (CR), nephrotoxic drugs in AKI (CR), a nephrology
consult with the urgency the kidneys call for (WU)."""

from __future__ import annotations

from physassist_env.clinical.analgesia import KETOROLAC_MAX_DAYS
from physassist_env.clinical.scores import egfr_ckd_epi_2021
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    AkiFacts,
    active_generics,
    aki_facts,
    rising_aki,
)
from physassist_env.scenarios.features import LabSeries
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
    ketorolac_course,
    ketorolac_limit_item,
    left_out,
    nth,
    requires,
    short_title,
)
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.decisions import CONTINUE, HOLD, MONITOR
from physassist_env.vocab.diagnoses import diagnosis_title_zh

_STAGE_EN = {
    n: [f"stage {n}", f"KDIGO {n}", f"KDIGO stage {n}", f"AKI {n}"] for n in (1, 2, 3)
}
_STAGE_ZH = {n: [f"{n}期", f"{n} 期", f"KDIGO {n}"] for n in (1, 2, 3)}
_NO_AKI = [
    "no AKI",
    "no acute kidney injury",
    "does not meet",
    "doesn't meet",
    "not meet",
    "无急性肾损伤",
    "不符合急性肾损伤",
    "未达到急性肾损伤",
    "不符合 AKI",
    "没有 AKI",
    "无 AKI",
]


#: Words naming renal replacement therapy (EN / ZH).
RRT_TERMS = (
    "dialysis",
    "haemodialysis",
    "hemodialysis",
    "CRRT",
    "renal replacement",
    "透析",
    "肾脏替代",
)


def _stage_terms(stage: int) -> list[str]:
    return _NO_AKI if stage == 0 else _STAGE_EN[stage] + _STAGE_ZH[stage]


#: The ``known`` key of a creatinine baseline shown to the physician: set by the topics
#: whose calls looked it up (:func:`creatinine_search` with ``baseline``), so a later
#: turn that cites the baseline either finds it already seen or looks it up itself.
CREATININE_BASELINE = "lab:creatinine:baseline"


def creatinine_search(
    ctx: TopicContext,
    calls: list[ToolCall],
    obs: list[str],
    baseline: bool = False,
    series: bool = True,
) -> None:
    """The admission's creatinine series (unless ``series`` is False: already seen);
    with ``baseline``, also the year before the episode where a pre-admission baseline
    lies (KDIGO 2012: the baseline is looked up, not assumed)."""
    if series:
        ctx.run(
            "Observation.search",
            {"code": "creatinine", "date_from": ctx.facts.start[:10], "_count": 100},
            calls,
            obs,
        )
    before = ctx.facts.creatinine_before
    if baseline and before:
        # the values of the 7 days before the episode the first readings are staged
        # against (KDIGO 2012 2.1; features.creatinine_before)
        ctx.run(
            "Observation.search",
            {
                "code": "creatinine",
                "date_from": before[0].time[:10],
                "date_to": ctx.facts.start[:10],
                "_count": 20,
            },
            calls,
            obs,
        )
    known = ctx.facts.baseline_creatinine
    if baseline and known is not None:
        ctx.run(
            "Observation.search",
            {
                "code": "creatinine",
                "date_from": known.time[:10],
                "date_to": known.time[:10],
                "_count": 20,
            },
            calls,
            obs,
        )
    if baseline and known is not None and known.tail_time:
        # the earlier stay's last value, an unresolved AKI the baseline is not
        ctx.run(
            "Observation.search",
            {
                "code": "creatinine",
                "date_from": known.tail_time[:10],
                "date_to": known.tail_time[:10],
                "_count": 20,
            },
            calls,
            obs,
        )


def aki_creatinine_search(
    ctx: TopicContext, calls: list[ToolCall], obs: list[str]
) -> bool:
    """What an AKI reading ("peak P against a baseline of B (which)") needs shown and
    the session has not shown yet: the admission's series unless its trend is known,
    the baseline searches unless an earlier turn looked the baseline up. Every value
    the answer cites is then in an observation of this turn's or an earlier turn's
    gold calls (KDIGO 2012 2.1: the baseline is looked up where it lies). Returns
    whether a call was added."""
    series = "lab:creatinine:trend" not in ctx.known
    baseline = CREATININE_BASELINE not in ctx.known
    before = len(calls)
    if series or baseline:
        creatinine_search(ctx, calls, obs, baseline=baseline, series=series)
    return len(calls) > before


#: Words that flag a creatinine still going up (EN and ZH).
STILL_RISING = [
    "still rising",
    "creatinine is rising",
    "creatinine rising",
    "rising creatinine",
    "creatinine is going up",
    "creatinine going up",
    "creatinine is climbing",
    "still climbing",
    "worsening AKI",
    "worsening kidney",
    "肌酐仍在上升",
    "肌酐还在升",
    "肌酐仍在升高",
    "肌酐上升",
    "肌酐升高",
]


def rising_aki_flag(
    ctx: TopicContext, calls: list[ToolCall], obs: list[str]
) -> tuple[str, str, R.RubricItem] | None:
    """For a discharge topic: (EN, ZH) sentence and rubric item flagging an AKI whose
    creatinine is still rising at the session time (:func:`rising_aki`), the creatinine
    look-up appended to the gold actions; None when there is none.

    KDIGO 2012 AKI guideline (Kidney Int Suppl 2012;2:1-138, 2.1 and 3.1): monitor the
    creatinine until recovery; the discharge waits for it to turn, or at least the rise is
    flagged and an early recheck arranged. Not before a discharge to hospice: comfort-
    focused care stops routine blood tests, and "not ready for discharge" does not apply
    (NICE NG31 (2015) 1.4, care in the last days of life; NCCN Palliative Care; round 7b)."""
    found = rising_aki(ctx.facts)
    if found is None or "HOSPICE" in ctx.facts.discharge_disposition.upper():
        return None
    prev, last = (R.fmt(v, 1) for v in found)
    if "lab:creatinine:trend" not in ctx.known:
        creatinine_search(ctx, calls, obs)
    en = (
        f"Before discharge: the creatinine is still rising ({prev} then {last} mg/dL on "
        "the last two draws, an acute kidney injury not yet recovering), so the patient "
        "is not ready for a routine discharge; recheck it and let it turn first, or "
        "arrange a creatinine recheck within 2-3 days."
    )
    zh = (
        f"出院前注意：肌酐仍在上升（最近两次 {prev}、{last} mg/dL，急性肾损伤尚未恢复），"
        "暂不宜常规出院；应复查并待其回落，或安排 2-3 天内复查肌酐。"
    )
    item = R.mention_item(
        f"Flags the creatinine still rising ({prev} then {last} mg/dL)",
        f"指出肌酐仍在上升（{prev}、{last} mg/dL）",
        STILL_RISING,
    )
    return en, zh, item


def _cr_qualifiers(aki: AkiFacts, cr: LabSeries, *named: str) -> list[str]:
    """The qualifiers of a KDIGO creatinine value (``named`` plus the series values it
    equals). The baseline is a pre-admission value where the record holds one, else the
    admission's lowest value (KDIGO 2012 AKI guideline 2.1; :func:`aki_facts`)."""
    value = aki.peak if named[0] == "peak" else aki.baseline
    return R.qualifiers_of(
        value,
        1,
        named,
        peak=aki.peak,
        lowest=min(p.value for p in cr.points),
        latest=aki.latest,
        first=cr.first.value,
    )


#: A creatinine change worth staging (mg/dL, and as a ratio to the baseline): below both,
#: with every value in the reference range, the creatinine is flat and normal and "is this
#: AKI?" is not a question anyone asks (issue #36). The bounds sit below KDIGO's (0.3 mg/dL,
#: 1.5x) so that near-threshold rises that are not AKI are asked too.
WORTH_STAGING = (0.2, 1.2)


def worth_staging(aki: AkiFacts, cr: LabSeries) -> bool:
    """Whether the creatinine gives the KDIGO question something to decide: a rise of at
    least :data:`WORTH_STAGING` from the baseline, or a value above the reference range
    (impaired function, chronic or acute: the laboratory's H does not say which)."""
    rise, ratio = WORTH_STAGING
    if not aki.stage and aki.peak_unstaged and aki.peak >= 1.5 * aki.latest:
        # a first value that then fell and that the recovery rule did not stage (not
        # above the laboratory's range: clinical.scores.recovery_baseline): without an
        # earlier value it cannot be staged (KDIGO 2012 2.1); the question is not one
        # the record can answer
        return False
    raised = any(p.flag in ("H", "HH") for p in cr.points)
    if not raised and (not aki.stage or at_assay_resolution(aki)):
        # every value within the laboratory's range and no AKI criterion met (or the
        # ratio met only at the assay's 0.1 mg/dL step): a physician does not ask "is
        # this AKI?" of a normal creatinine (physician reading of round 8, 9 turns)
        return False
    moved = aki.reading - aki.baseline >= rise or aki.reading >= ratio * aki.baseline
    return moved or raised


#: Half the step creatinine is reported in (mg/dL, one decimal).
ASSAY_HALF_STEP = 0.05


def at_assay_resolution(aki: AkiFacts) -> bool:
    """Whether a stage 1 rests on the 1.5x ratio alone and only at the reporting step:
    no 0.3 mg/dL rise within 48 h, and the reading less half a step is below 1.5x the
    baseline plus half a step (0.4 -> 0.6 mg/dL: exactly 1.5x as reported, 1.2-1.6x as
    measured). KDIGO 2012 2.1 counts 1.5x as met; a physician reads such a change in a
    normal creatinine as no clinically meaningful AKI (round 9)."""
    return (
        aki.stage == 1
        and aki.rise_48h < 0.3 - 1e-9
        and aki.reading - ASSAY_HALF_STEP < 1.5 * (aki.baseline + ASSAY_HALF_STEP)
    )


#: KDIGO 2012 CKD guideline GFR categories (mL/min/1.73 m2): lower bound, name, EN, ZH.
GFR_CATEGORIES = (
    (45.0, "G3a", "mildly to moderately decreased", "轻到中度下降"),
    (30.0, "G3b", "moderately to severely decreased", "中到重度下降"),
    (15.0, "G4", "severely decreased", "重度下降"),
    (0.0, "G5", "kidney failure range", "肾衰竭范围"),
)


#: Highest / lowest creatinine of the episode up to which it is "stable" (a within-
#: subject variation of about 5-10% and a fall short of every KDIGO criterion).
STABLE_RANGE = 1.25


def stable_reduced_function(
    ctx: TopicContext, aki: AkiFacts, cr: LabSeries
) -> tuple[float, str, str, str] | None:
    """``(eGFR, category, EN, ZH)`` when a creatinine above its range throughout the
    episode, within :data:`STABLE_RANGE`, meets no AKI criterion and the latest eGFR
    (CKD-EPI 2021) is below 30, or below 60 with chronic kidney disease coded: stably
    reduced kidney function, read as chronic kidney disease, not as an AKI present on
    admission (KDIGO 2012 AKI guideline 2.1: AKI is a change; KDIGO 2012 CKD guideline
    1.1 and 1.2: GFR categories G3a-G5; chronicity is 3 months or more). Round 8b."""
    if aki.stage or aki.rrt or ctx.facts.age is None:
        return None
    pts = cr.reliable
    if not pts or not all(p.flag.upper().startswith("H") for p in pts):
        return None
    values = [p.value for p in pts]
    if max(values) > STABLE_RANGE * min(values):
        return None  # a creatinine still settling is not "stable"
    egfr = egfr_ckd_epi_2021(
        creatinine=aki.latest, age=ctx.facts.age, female=ctx.facts.female
    )
    # severely reduced (G4-G5) by itself; a milder reduction only with CKD coded, since
    # one admission's values do not show chronicity (KDIGO 2012 CKD 1.1: 3 months)
    if egfr >= 30 and not ctx.facts.has_condition("N18", "585"):
        return None
    for low, name, en, zh in GFR_CATEGORIES:
        if egfr < 60.0 and egfr >= low:
            return egfr, name, en, zh
    return None


@requires("lab")
def kdigo_aki(ctx: TopicContext) -> Draft | None:
    """CR: AKI stage by KDIGO creatinine criteria over the admission so far, asked when
    the creatinine moved or is above its range (:func:`worth_staging`): a near-threshold
    rise that is not AKI, a raised but stable (chronic) creatinine that is not AKI, and a
    doubling within the reference range that is (KDIGO 2012 defines AKI by the change,
    not by the laboratory's flag)."""
    aki = aki_facts(ctx.facts)
    if aki is None or not worth_staging(aki, ctx.facts.labs["creatinine"]):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    creatinine_search(ctx, calls, obs, baseline=True)
    cr = ctx.facts.labs["creatinine"]
    b, p, last = (R.fmt(v, 1) for v in (aki.baseline, aki.peak, aki.latest))
    vs_en, vs_zh = aki.against_text()
    chronic = stable_reduced_function(ctx, aki, cr)
    known_ckd = ctx.facts.has_condition("N18", "585")
    ckd_en, ckd_zh = (
        ("; chronic kidney disease is coded", "；已编码慢性肾脏病")
        if known_ckd
        else (
            "; with no value in the year before this admission, chronicity (3 months or more) has to be confirmed from earlier records",
            "；入院前一年内无数值，慢性（3 个月以上）需以既往记录确认",
        )
        if not ctx.facts.creatinine_before and ctx.facts.baseline_creatinine is None
        else ("", "")
    )
    # no creatinine before the episode and its first value already raised: an AKI
    # present on admission can be neither staged nor excluded without earlier values
    # (KDIGO 2012 2.1 and Appendix: AKI is a change against a baseline; round 11)
    unknown_before = (
        not ctx.facts.creatinine_before
        and ctx.facts.baseline_creatinine is None
        and cr.first.flag.upper().startswith("H")
    )
    # a result the laboratory says may be falsely high is named and left out
    # (clinical.specimen.falsely_raised; round 8b)
    left_en, left_zh = left_out(cr)
    # a recovered AKI is said as such: the state at the session, not only the peak
    # (KDIGO 2012 2.1; ADQI 16, Chawla LS et al., Nat Rev Nephrol 2017;13:241-57)
    # back at or below the baseline it is resolved, not "recovering" (ADQI 16: recovery
    # is a return to baseline; round 9)
    now_en, now_zh = (
        (
            (
                " The creatinine has come down since, to its baseline or below: by the latest value the AKI has resolved.",
                "此后肌酐已回落至基线或以下，按最近一次数值急性肾损伤已恢复。",
            )
            if aki.latest <= aki.baseline + 1e-9
            else (
                " The creatinine has come down since: by the latest value the AKI is recovering.",
                "此后肌酐已回落，按最近一次数值急性肾损伤正在恢复。",
            )
        )
        if aki.recovered
        # a latest value not down from the peak is no recovery (round 11)
        else aki.not_down_text()
    )
    rrt_items: list[R.RubricItem] = []
    resources = {"Observation"}
    seen = ctx.facts.dialysis
    if aki.rrt and seen is not None:
        ctx.run(
            f"{seen.resource}.search",
            {"date_from": aki.rrt_day, "date_to": seen.day},
            calls,
            obs,
        )
        resources.add(seen.resource)
        # KDIGO 2012 (2.1, Table 2): initiation of renal replacement therapy is stage 3
        # whatever the creatinine; on dialysis the creatinine follows the dialysis, so a
        # fall is clearance, not recovery
        kind_en, kind_zh = (
            ("renal replacement therapy (haemodialysis)", "肾脏替代治疗（血液透析）")
            if aki.rrt == "haemodialysis"
            else (
                "continuous renal replacement therapy (CRRT)",
                "连续性肾脏替代治疗（CRRT）",
            )
        )
        now_en, now_zh = "", ""
        lead_en = f"KDIGO stage 3 AKI: {kind_en} was started on {aki.rrt_day}, which is stage 3 by itself; before it, {{vs}}, latest {last} mg/dL."
        lead_zh = f"KDIGO 3期急性肾损伤：{aki.rrt_day} 起开始{kind_zh}，本身即为 3 期；此前{{vs}}，最近一次 {last} mg/dL。"
        if aki.on_rrt:
            lead_en += " Dialysis still runs: the creatinine follows it, so its fall is not a sign of recovery."
            lead_zh += "透析仍在进行：肌酐随透析变化，其下降并非肾功能恢复的表现。"
        elif aki.rrt_ended:
            # the continuous therapy's end is in the record: the values after it are
            # the kidney's own, read for recovery (KDIGO 2012 AKI guideline 5.4; round 11)
            end = aki.rrt_ended[:10]
            off = [p.value for p in cr.reliable if p.time > aki.rrt_ended]
            if not off:
                lead_en += f" The CRRT stopped on {end}; no creatinine has been drawn since, so recovery cannot be read yet."
                lead_zh += f"{end} 已停止 CRRT；此后尚无肌酐结果，暂不能判断是否恢复。"
            elif aki.new_stage:
                # the first AKI recovered off dialysis; the rise since is a second
                # episode, staged against that nadir (derived.post_rrt_episode; round 16b)
                n, low = aki.new_stage, R.fmt(aki.new_from, 1)
                crit_en, crit_zh = aki.new_rise_text()
                d1 = aki.new_from_time[:10]
                lead_en += f" The CRRT stopped on {end}; off dialysis the creatinine fell to {low} mg/dL on {d1}, so that AKI recovered. A second AKI since: the creatinine rose from {low} to {last} mg/dL ({crit_en}), KDIGO stage {n} by creatinine (urine output not assessed here): a new episode that needs its own work-up for the cause."
                lead_zh += f"{end} 已停止 CRRT；停透析后肌酐降至 {low} mg/dL（{d1}），该次急性肾损伤已恢复。此后再次发生急性肾损伤：肌酐由 {low} 升至 {last} mg/dL（{crit_zh}），按肌酐标准为 KDIGO {n}期（此处未评估尿量）：为新的一次发作，需另行查找病因。"
                rrt_items.append(
                    R.mention_item(
                        "Calls the rise after the recovery a new AKI",
                        "指出恢复后的升高为新发急性肾损伤",
                        ["new AKI", "second AKI", "new episode", "second", "again"]
                        + ["新发", "再次", "又一次", "新的一次"],
                    )
                )
            else:
                lo, hi = R.fmt(min(off), 1), R.fmt(max(off), 1)
                level = lo if lo == hi else f"{lo}-{hi}"
                lead_en += f" The CRRT stopped on {end}; since then, off dialysis, the creatinine has been {level} mg/dL"
                lead_zh += f"{end} 已停止 CRRT；停透析后肌酐为 {level} mg/dL"
                lead_en += (
                    ": by the values since, the kidney function is recovering; the creatinine is followed daily for a rebound."
                    if aki.current_stage == 0
                    else ": off dialysis the creatinine is still above the AKI thresholds against the baseline, so the AKI has not recovered."
                )
                lead_zh += (
                    "：按此后数值，肾功能正在恢复；需每日复查肌酐，警惕回升。"
                    if aki.current_stage == 0
                    else "：停透析后肌酐相对基线仍达急性肾损伤标准，尚未恢复。"
                )
        else:
            lead_en += f" The record shows no dialysis after {aki.rrt_last} and the creatinine has not risen between draws for 3 days"
            lead_zh += f"{aki.rrt_last} 之后记录中未再透析，近三天肌酐未再上升"
            lead_en += (
                ": by the latest value, off dialysis, the AKI is recovering."
                if aki.current_stage == 0
                else ": off dialysis the creatinine is still above the AKI thresholds against the baseline, so the AKI has not recovered."
            )
            lead_zh += (
                "：按停透析后的最近一次数值，急性肾损伤正在恢复。"
                if aki.current_stage == 0
                else "：停透析后肌酐相对基线仍达急性肾损伤标准，尚未恢复。"
            )
        rrt_items.append(
            R.mention_item(
                f"Names the {kind_en} as stage 3",
                f"指出{kind_zh}即为 3 期",
                [*RRT_TERMS],
            )
        )
    explicit = ctx.request(
        [
            Text(
                en="Does the creatinine meet AKI criteria, and what stage?",
                zh="肌酐够不够急性肾损伤？几期？",
            ),
            Text(
                en="Can you stage the kidney injury by KDIGO?",
                zh="按 KDIGO 给肾损伤分个期。",
            ),
            Text(
                en="Is this AKI, and if so, what KDIGO stage?",
                zh="这算不算 AKI？算的话 KDIGO 几期？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:creatinine"):
        implicit[Implicitness.NA] = Text(
            en="Does that meet AKI criteria, and what stage?",
            zh="这个够急性肾损伤吗？几期？",
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="With all that, where are we on KDIGO staging?",
            zh="综合这些，KDIGO 分期到哪一期了？",
        )
    # KDIGO 2012 (Kidney Int Suppl 2012;2:1-138), creatinine criteria; urine output is
    # not in the record's labs, so the stage is by creatinine alone and the answer says so.
    if aki.rrt and seen is not None:
        answer = Text(
            en=lead_en.replace("{vs}", vs_en), zh=lead_zh.replace("{vs}", vs_zh)
        )
        concl_en, concl_zh = (
            "Stages it as KDIGO stage 3 AKI",
            "判断为 KDIGO 3期急性肾损伤",
        )
    elif aki.new_stage:
        # a new rise after the earlier AKI had recovered is a new AKI event now, staged
        # against the nadir it rose from (KDIGO 2012 2.1: the lowest value of the prior
        # 7 days; derived.new_rise), said beside the earlier peak (round 8b)
        n, low = aki.new_stage, R.fmt(aki.new_from, 1)
        crit_en, crit_zh = aki.new_rise_text()
        d1, d2 = aki.new_from_time[:10], aki.new_time[:10]
        answer = Text(
            en=f"A new AKI now: KDIGO stage {n} by creatinine, a rise from {low} mg/dL on {d1} to {last} mg/dL on {d2} ({crit_en}), after this admission's KDIGO stage {aki.stage} AKI ({vs_en}) had recovered to {low} mg/dL (urine output not assessed here).",
            zh=f"目前为新发急性肾损伤：按肌酐标准为 KDIGO {n}期，肌酐由 {d1} 的 {low} mg/dL 升至 {d2} 的 {last} mg/dL（{crit_zh}）；此前本次住院的 KDIGO {aki.stage}期急性肾损伤（{vs_zh}）已恢复至 {low} mg/dL（此处未评估尿量）。",
        )
        concl_en, concl_zh = (
            f"Stages the new AKI as KDIGO stage {n}",
            f"判断新发急性肾损伤为 KDIGO {n}期",
        )
        rrt_items.append(
            R.mention_item(
                "Calls the latest rise a new AKI after the recovery",
                "指出最近一次升高为恢复后的新发急性肾损伤",
                ["new AKI", "new rise", "new episode", "again", "second", "recurr"]
                + ["新发", "再次", "又一次"],
            )
        )
        rrt_items.append(
            R.value_item(cr.lab, aki.latest, cr.latest.unit, "latest", ["latest"])
        )
    elif chronic is not None:
        egfr, cat, cat_en, cat_zh = chronic
        e = R.fmt(egfr, 0)
        answer = Text(
            en=f"No AKI by KDIGO creatinine criteria: no evidence of an acute rise. The creatinine is stably raised since admission, peak creatinine {p} mg/dL, latest {last} mg/dL (eGFR about {e} mL/min/1.73 m2, KDIGO category {cat}, {cat_en}): stable, severely reduced kidney function that reads as chronic kidney disease{' (with no earlier value, an AKI that began before admission is not excluded)' if unknown_before else ', not an AKI'}{ckd_en}.",
            zh=f"按 KDIGO 肌酐标准无急性肾损伤：无急性升高的证据。入院以来肌酐稳定于较高水平，肌酐峰值 {p} mg/dL，最近一次 {last} mg/dL（eGFR 约 {e} mL/min/1.73 m2，KDIGO {cat} 期，{cat_zh}）：为稳定的重度肾功能减退，符合慢性肾脏病{'（无既往数值，不能排除入院前已开始的急性肾损伤）' if unknown_before else '而非急性肾损伤'}{ckd_zh}。",
        )
        if egfr >= 30:
            answer = Text(
                en=answer.en.replace("severely reduced", "reduced"),
                zh=answer.zh.replace("重度肾功能减退", "肾功能减退"),
            )
        concl_en, concl_zh = (
            "States there is no AKI by creatinine criteria",
            "指出按肌酐标准无急性肾损伤",
        )
        rrt_items.append(
            R.mention_item(
                "Reads it as stable reduced kidney function (chronic kidney disease)",
                "指出为稳定的肾功能减退（慢性肾脏病）",
                ["chronic", "CKD", "stable", "慢性", "稳定"],
            )
        )
        rrt_items.append(
            R.value_item(cr.lab, aki.latest, cr.latest.unit, "latest", ["latest"])
        )
    elif aki.stage:
        answer = Text(
            # the stage first: the answer fits "is this AKI?" and "where are we on staging?"
            # a peak over a week old with the creatinine flat since is said as such: the
            # episode's stage, not an AKI under way (derived.AkiFacts.plateau_text)
            en=f"KDIGO stage {aki.stage} AKI by creatinine: {vs_en}, latest {last} mg/dL (urine output not assessed here).{now_en}{aki.plateau_text()[0]}",
            zh=f"按肌酐标准为 KDIGO {aki.stage}期急性肾损伤：{vs_zh}，最近一次 {last} mg/dL（此处未评估尿量）。{now_zh}{aki.plateau_text()[1]}",
        )
        concl_en, concl_zh = (
            f"Stages it as KDIGO stage {aki.stage} AKI",
            f"判断为 KDIGO {aki.stage}期急性肾损伤",
        )
    else:
        past_en, past_zh = aki.earlier_aki_text()
        if unknown_before:
            past_en += " With no creatinine in the year before this admission and its first value already above the range, an AKI that began before admission can be neither staged nor excluded: earlier values are needed."
            past_zh += "入院前一年内无肌酐数值，且首次数值已高于参考范围，入院前已开始的急性肾损伤既不能分期也不能排除：需获取既往数值。"
        answer = Text(
            en=f"No AKI by KDIGO creatinine criteria: {vs_en}, latest {last} mg/dL, below the KDIGO thresholds.{past_en}",
            zh=f"按 KDIGO 肌酐标准无急性肾损伤：{vs_zh}，最近一次 {last} mg/dL，未达到 KDIGO 标准。{past_zh}",
        )
        concl_en, concl_zh = (
            "States there is no AKI by creatinine criteria",
            "指出按肌酐标准无急性肾损伤",
        )
    if left_en:
        answer = Text(en=answer.en + left_en, zh=answer.zh + left_zh)
    decided = aki.new_stage or aki.stage
    said = {decided, aki.stage}  # a new AKI is said beside the earlier one's stage
    others = [t for n in (0, 1, 2, 3) if n not in said for t in _stage_terms(n)]
    if decided == 0:
        others = [t for n in (1, 2, 3) for t in _stage_terms(n)]
    baseline_items = [
        R.item(
            f"States the baseline creatinine as {b} mg/dL",
            f"给出基线肌酐 {b} mg/dL",
            R.ValueCheck(
                value=round(aki.baseline, 1),
                unit=cr.latest.unit,
                decimals=1,
                conversions=cr.lab.conversions,
                about=cr.lab.terms,
                qualifiers=_cr_qualifiers(
                    aki,
                    cr,
                    *(
                        ("baseline", "lowest")
                        if aki.basis == "prior 7 days"
                        else ("baseline", "pre-admission")
                    ),
                ),
            ),
            tags=("value",),
        )
    ]
    if chronic is not None:
        baseline_items = []  # stable throughout: no baseline is staged against
    items = [
        R.conclusion_item(concl_en, concl_zh, _stage_terms(decided), others),
        # the number the stage rests on: a wrong peak is a wrong answer
        R.value_item(
            cr.lab, aki.peak, cr.latest.unit, "peak", _cr_qualifiers(aki, cr, "peak")
        ).model_copy(update={"critical": True}),
        *baseline_items,
        *rrt_items,
        R.tool_item(["Observation.search"], "the creatinine series", "肌酐序列"),
    ]
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="kdigo_aki",
        entities=["lab:creatinine", "aki"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types=resources,
        record_facts=[
            f"creatinine baseline {b}, peak {p}, latest {last} mg/dL: KDIGO stage {aki.stage}"
        ],
        known={
            "lab:creatinine:latest",
            "lab:creatinine:trend",
            CREATININE_BASELINE,
            "aki",
        },
        decision=(
            f"new stage {aki.new_stage}"
            if aki.new_stage
            else f"stage {aki.stage}"
            if aki.stage
            else "stable reduced function"
            if chronic is not None
            else "no AKI"
        ),
    )


#: Drugs to hold while the kidneys recover from AKI: NSAIDs and ACE inhibitors / ARBs
#: (KDIGO 2012 AKI guideline, section 3.1: avoid nephrotoxins; NICE NG148 (2019) 1.3:
#: stop or withhold NSAIDs, ACE inhibitors and ARBs in AKI).
NEPHROTOXIC_HOLD = (
    "ibuprofen",
    "naproxen",
    "ketorolac",
    "lisinopril",
    "enalapril",
    "captopril",
    "ramipril",
    "losartan",
    "valsartan",
    "irbesartan",
)
#: The ACE inhibitors and ARBs of :data:`NEPHROTOXIC_HOLD`: held while an AKI lasts,
#: resumed once it has resolved and the creatinine is back at its baseline (KDIGO 2012
#: AKI guideline 3.1; NICE NG148 (2019), medicines review after AKI; ADQI 16, Chawla LS
#: et al., Nat Rev Nephrol 2017;13:241-57: recovery is meeting no AKI criterion). An
#: NSAID stays avoided after an AKI (KDIGO 2012 3.1: avoid nephrotoxins). Round 7b.
RAAS_BLOCKERS = frozenset(NEPHROTOXIC_HOLD[3:])


@requires("lab")
def nephrotoxin_review(ctx: TopicContext, generic: str) -> Draft | None:
    """CR: hold an NSAID / ACE inhibitor / ARB in AKI, continue it without AKI."""
    aki = aki_facts(ctx.facts)
    order = active_generics(ctx.facts).get(generic)
    if aki is None or order is None or generic not in NEPHROTOXIC_HOLD:
        return None
    k = ctx.facts.labs.get("potassium")
    if k is not None and k.latest.value >= 5.5:
        return None  # hyperkalaemia decides first (electrolytes.hyperkalemia_plan)
    if not aki.stage and ctx.facts.labs["creatinine"].latest.flag not in ("", "N"):
        return None  # no AKI but impaired function: continuing is a case-by-case call
    calls: list[ToolCall] = []
    obs: list[str] = []
    aki_creatinine_search(ctx, calls, obs)
    ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
    # ketorolac's course is counted as every turn counts it (topics.base.ketorolac_course)
    course = ketorolac_course(ctx) if generic == "ketorolac" else None
    if course is not None:
        ctx.run(
            "MedicationAdministration.search",
            {"medication": generic, "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
    zh = drug_zh(generic)
    b, p, last = (R.fmt(v, 1) for v in (aki.baseline, aki.peak, aki.latest))
    vs_en, vs_zh = aki.against_text()
    explicit = ctx.request(
        [
            Text(
                en=f"With the kidneys where they are, is the {generic} OK to continue?",
                zh=f"按现在的肾功能，{zh}还能继续用吗？",
            ),
            Text(
                en=f"Should we hold the {generic} for the kidneys?",
                zh=f"因为肾功能，{zh}要不要先停？",
            ),
            Text(
                en=f"Kidney-wise, can the {generic} stay on?",
                zh=f"从肾脏角度看，{zh}能接着用吗？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = Text(
            en="With the creatinine where it is, can that stay on?",
            zh="按现在的肌酐，这个药还能继续吗？",
        )
    if any(d.topic == "kdigo_aki" for d in ctx.previous):
        implicit[Implicitness.AE] = Text(
            en=f"Given that staging, what do we do with the {generic}?",
            zh=f"按这个分期，{zh}怎么处理？",
        )
    if course is not None and course[0] >= KETOROLAC_MAX_DAYS:
        # the 5-day limit decides whatever the kidneys (US label boxed warning): the
        # session's turns agree on the day and on "stop"
        n, first = course
        stage_en = f", KDIGO stage {aki.stage} AKI" if aki.stage else ""
        stage_zh = f"，KDIGO {aki.stage}期急性肾损伤" if aki.stage else ""
        when_en = "after today's doses" if n == KETOROLAC_MAX_DAYS else "now"
        when_zh = "今天用完后停用" if n == KETOROLAC_MAX_DAYS else "现在就停用"
        answer = Text(
            en=f"Stop the ketorolac {when_en}: the first ketorolac dose or order was on {first}, so today is the {nth(n)} day, and combined IV/IM/oral ketorolac is limited to five days whatever the kidneys ({vs_en}{stage_en}); use another analgesic and recheck the creatinine.",
            zh=f"酮咯酸{when_zh}：首次用药或医嘱为 {first}，今天为第 {n} 天，静脉、肌注和口服合计最长 5 天，与肾功能无关（{vs_zh}{stage_zh}）；改用其他镇痛药，并复查肌酐。",
        )
        rec = R.recommend_item(
            f"Recommends stopping {generic}",
            f"建议停用{zh}",
            HOLD,
            [generic, zh, order.name],
        )
        extra = R.negative_item(
            f"Recommends continuing {generic}",
            f"建议继续使用{zh}",
            CONTINUE,
            [generic, zh],
        )
    elif aki.recovered and generic in RAAS_BLOCKERS:
        # the state now decides (round 7b): a resolved AKI no longer holds it
        answer = Text(
            en=f"It can be continued: the KDIGO stage {aki.stage} AKI ({vs_en}) has resolved, the latest creatinine of {last} mg/dL is back near its baseline, so the kidneys no longer call for holding the {generic}; recheck the creatinine and potassium.",
            zh=f"可以继续{zh}。KDIGO {aki.stage}期急性肾损伤（{vs_zh}）已恢复，最近一次肌酐 {last} mg/dL 已回到基线附近，肾功能已不要求暂停；复查肌酐和血钾。",
        )
        rec = R.recommend_item(
            f"Says {generic} can be continued",
            f"指出可以继续{zh}",
            CONTINUE,
            [generic, zh, order.name],
        )
        extra = R.mention_item(
            "Advises monitoring the creatinine", "建议监测肌酐", MONITOR
        )
    elif aki.stage:
        answer = Text(
            en=f"Hold the {generic}: {vs_en} (KDIGO stage {aki.stage} AKI), and it should be withheld while the kidneys recover; recheck the creatinine.",
            zh=f"暂停{zh}：{vs_zh}（KDIGO {aki.stage}期急性肾损伤），在肾功能好转前应停用，并复查肌酐。",
        )
        rec = R.recommend_item(
            f"Recommends holding {generic}",
            f"建议暂停{zh}",
            HOLD,
            [generic, zh, order.name],
        )
        extra = R.negative_item(
            f"Recommends continuing {generic} unchanged",
            f"建议继续使用{zh}",
            CONTINUE,
            [generic, zh],
        )
    else:
        limit_en = limit_zh = ""
        if course is not None:  # before the limit: continued for now, the day said
            limit_en = f" for now (today is the {nth(course[0])} day of the course; the limit for combined IV/IM/oral ketorolac is five days)"
            limit_zh = f"（今天为疗程第 {course[0]} 天；静脉、肌注和口服合计最长 5 天）"
        answer = Text(
            en=f"It can be continued{limit_en}: {vs_en}, which does not meet KDIGO AKI criteria; monitor the creatinine.",
            zh=f"可以继续{zh}{limit_zh}。{vs_zh}，不符合 KDIGO 急性肾损伤标准；继续监测肌酐。",
        )
        rec = R.recommend_item(
            f"Says {generic} can be continued",
            f"指出可以继续{zh}",
            CONTINUE,
            [generic, zh, order.name],
        )
        extra = R.mention_item(
            "Advises monitoring the creatinine", "建议监测肌酐", MONITOR
        )
    cr = ctx.facts.labs["creatinine"]
    items = [
        rec,
        extra,
        R.value_item(
            cr.lab, aki.peak, cr.latest.unit, "peak", _cr_qualifiers(aki, cr, "peak")
        ).model_copy(update={"critical": True}),
        R.tool_item(["MedicationRequest.search"], f"the {generic} order", f"{zh}医嘱"),
    ]
    if course is not None:
        items.append(ketorolac_limit_item())
    stop = course is not None and course[0] >= KETOROLAC_MAX_DAYS
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="nephrotoxin_review",
        entities=[f"drug:{generic}", "lab:creatinine"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[
            f"creatinine {b} -> {p} mg/dL, KDIGO {aki.stage}",
            f"{order.name} {order.status}",
        ],
        known={"lab:creatinine:trend", CREATININE_BASELINE, f"order:{generic}", "aki"},
        decision="hold"
        if stop or (aki.stage and not (aki.recovered and generic in RAAS_BLOCKERS))
        else "continue",
    )


#: BUN (mg/dL) above which an AKI is uraemic enough to ask for a same-day nephrology
#: review (AKIKI, Gaudry S et al., N Engl J Med 2016;375:122-33: urea > 40 mmol/L).
URAEMIC_BUN = 112.0


@requires("lab")
def aki_consult(ctx: TopicContext) -> Draft | None:
    """WU: a nephrology consult for KDIGO stage 2-3 AKI not yet recovered, urgent while
    the latest creatinine is stage 3 (the state at the session, not the peak) or for a
    potassium of 6.0 mmol/L or more (KDIGO 2012 section 5.1: emergent dialysis
    indications include life-threatening hyperkalaemia; NICE NG148 1.5: refer stage 3
    AKI and AKI with complications), routine otherwise."""
    aki: AkiFacts | None = aki_facts(ctx.facts)
    if aki is None or aki.stage < 2 or aki.recovered or aki.plateau is not None:
        # a recovered AKI (creatinine back under 1.5x baseline at the session) asks no
        # consult about it (KDIGO 2012 5.1 and 2.1: the state now, not the peak), nor
        # one whose peak is over a week old with the creatinine flat since: no AKI is
        # under way, the acute kidney disease it left is followed up, not consulted on
        # in hospital (ADQI 16; derived.AkiFacts.plateau; round 10b)
        return None
    if aki.rrt or ctx.facts.dialysis is not None:
        # on renal replacement therapy in this episode (CRRT, haemodialysis): nephrology
        # started it and runs it, and the creatinine follows the dialysis, so a new
        # consult note staging the AKI by creatinine misleads (KDIGO 2012 2.1: RRT is
        # stage 3 whatever the creatinine; 5.1: RRT is started and run by the kidney
        # team; round 15b, 10007818-22987108 t3: "stage 3 AKI, now 1.6" on day 5 of CRRT)
        return None
    k = ctx.facts.labs.get("potassium")
    bun = ctx.facts.labs.get("bun")
    # uraemia: a BUN at the level that starts dialysis in the delayed arm of AKIKI
    # (urea > 40 mmol/L, BUN > 112 mg/dL: Gaudry S et al., N Engl J Med
    # 2016;375:122-33) asks for a same-day review (KDIGO 2012 5.1: dialysis for
    # life-threatening complications of AKI; round 10b)
    uraemic = (
        bun is not None
        and "mg" in bun.latest.unit.lower()
        and bun.latest.value > URAEMIC_BUN
    )
    urgent = (
        aki.current_stage == 3 or (k is not None and k.latest.value >= 6.0) or uraemic
    )
    priority = "urgent" if urgent else "routine"
    # the consult note names the admission's principal diagnosis as its context, only
    # when one is known by the session (no placeholder "admitted with inpatient";
    # round 8b)
    context_en = context_zh = ""
    if ctx.facts.conditions:
        context_en = f" (admitted with {short_title(ctx.facts.conditions[0][1])})"
        context_zh = f"（本次入院诊断：{diagnosis_title_zh(*ctx.facts.conditions[0])}）"
    b, p, now = (R.fmt(x, 1) for x in (aki.baseline, aki.peak, aki.latest))
    span = span_zh = f"{b} -> {p} mg/dL"
    if aki.reading != aki.peak:
        r, when = R.fmt(aki.reading, 1), aki.reading_time[:10]
        span = f"baseline {b}, {r} on {when}, peak {p}, now {now} mg/dL"
        span_zh = f"基线 {b}，{when} {r}，峰值 {p}，目前 {now} mg/dL"
    elif aki.latest != aki.peak:
        span = f"baseline {b}, peak {p}, now {now} mg/dL"
        span_zh = f"基线 {b}，峰值 {p}，目前 {now} mg/dL"
    note = f"KDIGO stage {aki.stage} AKI: creatinine {span}{context_en}."
    note_zh = f"KDIGO {aki.stage}期急性肾损伤：肌酐 {span_zh}{context_zh}。"
    if uraemic and bun is not None:
        u = R.fmt(bun.latest.value, 0)
        note += f" BUN {u} mg/dL (uraemia)."
        note_zh += f"尿素氮 {u} mg/dL（尿毒症）。"
    if aki.new_stage:
        # the reason for the consult now is the new rise after the recovery, not the old
        # peak (KDIGO 2012 2.1; derived.new_rise; round 8b)
        low = R.fmt(aki.new_from, 1)
        crit_en, crit_zh = aki.new_rise_text()
        note = (
            f"New KDIGO stage {aki.new_stage} AKI: creatinine rose from {low} to {now} mg/dL"
            f" ({crit_en}) after this admission's stage {aki.stage} AKI (baseline {b},"
            f" peak {p} mg/dL) had recovered{context_en}."
        )
        note_zh = (
            f"新发 KDIGO {aki.new_stage}期急性肾损伤：肌酐由 {low} 升至 {now} mg/dL"
            f"（{crit_zh}），此前本次住院的 {aki.stage}期急性肾损伤（基线 {b}，"
            f"峰值 {p} mg/dL）已恢复{context_zh}。"
        )
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "ServiceRequest.create",
        {"service_type": "nephrology consult", "priority": priority, "note": note},
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(
                en="Get renal involved for the kidney injury, with the right urgency.",
                zh="肾损伤的事请肾内科会诊，按轻重缓急定优先级。",
            ),
            Text(
                en="Put in a nephrology consult for the AKI.",
                zh="帮我申请一个肾内科会诊，看一下急性肾损伤。",
            ),
            Text(
                en="Can you ask nephrology to see the patient about the creatinine?",
                zh="肌酐的问题，请肾内科来看一下。",
            ),
        ]
    )
    answer = Text(
        en=f"Done: {'an urgent' if urgent else 'a routine'} nephrology consult was requested ({note})",
        zh=f"已申请肾内科会诊，优先级{'加急' if urgent else '常规'}（{note_zh}）",
    )
    accepted = ["urgent", "asap", "stat"] if urgent else ["routine"]
    items = [
        R.write_item(
            "Requests a nephrology consult",
            "申请肾内科会诊",
            "ServiceRequest.create",
            {"service_type": ["nephrology", "renal", "kidney", "肾内科", "肾脏"]},
        ),
        R.write_item(
            f"Sets the priority to {priority}"
            + (
                " (stage 3 now, potassium >= 6 or BUN above 112 mg/dL)"
                if urgent
                else " (not stage 3 now, no emergency)"
            ),
            "优先级为加急（目前3期、血钾≥6 或尿素氮高于 112 mg/dL）"
            if urgent
            else "优先级为常规（目前非3期，无紧急情况）",
            "ServiceRequest.create",
            {"priority": accepted},
        ),
        R.mention_item(
            "Confirms the consult was requested",
            "确认已申请会诊",
            ["consult", "requested", "ordered", "会诊", "已申请"],
        ),
    ]
    return Draft(
        task_type=TaskType.WU,
        tool_source=ToolSource.WRITE,
        topic="aki_consult",
        entities=["service:nephrology", "aki"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"ServiceRequest"},
        decision=priority,
    )
