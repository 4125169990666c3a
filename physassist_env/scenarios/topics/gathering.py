"""DG topics: two or more tool calls, in parallel or conditional."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from physassist_env.clinical.antithrombotic import (
    ASPIRIN_MAX_WITH_ANTICOAGULANT,
    coronary_stent,
    missing_p2y12,
)
from physassist_env.clinical.discharge import (
    ACID_SUPPRESSANT,
    PPI,
    PRN_RECONCILED,
    RESCUE_PRN,
    THROUGH_STAY_HOURS,
    TWICE_DAILY_OR_MORE,
    drug_key,
    inpatient_only,
    iv_anti_infective,
    iv_oral_same_dose,
    iv_ppi,
    maintenance_glucocorticoid,
    no_abrupt_stop,
    opioid_with_benzodiazepine,
)
from physassist_env.clinical.harm import ANTI_INFECTIVE
from physassist_env.clinical.routes import systemic
from physassist_env.clinical.warfarin import in_target
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    ANTICOAGULANTS,
    daily_dose,
    deep_culture_course,
    dialysis_running,
    drug_of,
    held_warfarin,
    iv_course_indication,
    last_discharge_list,
)
from physassist_env.scenarios.features import (
    AdmissionFacts,
    LabSeries,
    MedOrder,
    plus_hours,
)
from physassist_env.scenarios.model import (
    Implicitness,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import (
    Draft,
    TopicContext,
    cap,
    culture_reading,
    culture_summary,
    day,
    days_old,
    dose_times,
    excursion_items,
    regimen_of,
    requires,
    trend_text,
)
from physassist_env.scenarios.topics.lookup import COMBINATION_PRODUCT
from physassist_env.scenarios.topics.renal import rising_aki_flag
from physassist_env.scenarios.topics.safety import discharge_safety
from physassist_env.scenarios.vocab import (
    ANTIBIOTICS,
    drug_zh,
)
from physassist_env.vocab import diagnoses as dx
from physassist_env.vocab.drugs import display_name, name_zh
from physassist_env.vocab.frequencies import freq_zh
from physassist_env.vocab.orders import route_zh, status_zh, unit_zh


@requires("lab")
def labs_trend(ctx: TopicContext, key1: str, key2: str) -> Draft | None:
    """DG: the trends of two labs over the admission (two searches)."""
    s1, s2 = ctx.facts.labs.get(key1), ctx.facts.labs.get(key2)
    if s1 is None or s2 is None or len(s1.points) < 2 or len(s2.points) < 2:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    since = ctx.facts.start[:10]
    ctx.run("Observation.search", {"code": s1.lab.en, "date_from": since}, calls, obs)
    ctx.run("Observation.search", {"code": s2.lab.en, "date_from": since}, calls, obs)
    l1, l2 = s1.lab, s2.lab
    names = [f"lab:{key1}", f"lab:{key2}"]
    explicit = ctx.request(
        [
            Text(
                en=f"How have the {l1.en} and {l2.en} trended since admission?",
                zh=f"入院以来{l1.zh}和{l2.zh}的变化趋势怎么样？",
            ),
            Text(
                en=f"Which way are the {l1.en} and {l2.en} going since admission?",
                zh=f"入院以来{l1.zh}和{l2.zh}是升是降？",
            ),
            Text(
                en=f"Trend the {l1.en} and {l2.en} since admission for me?",
                zh=f"帮我看下入院以来{l1.zh}、{l2.zh}的走势。",
            ),
            Text(
                en=f"Are the {l1.en} and {l2.en} better or worse since admission?",
                zh=f"入院以来{l1.zh}和{l2.zh}是好转还是变差？",
            ),
            Text(
                en=f"Walk me through the {l1.en} and {l2.en} since admission.",
                zh=f"说一下入院以来{l1.zh}和{l2.zh}的变化。",
            ),
            Text(
                en=f"Since admission, how are the {l1.en} and {l2.en} moving?",
                zh=f"入院以来{l1.zh}和{l2.zh}怎么变的？",
            ),
        ],
        entities=names,
        time="admission",
    )
    implicit: dict[Implicitness, Text] = {}
    for named, other in ((key1, l2), (key2, l1)):
        if f"lab:{named}" in ctx.last_entities():
            implicit[Implicitness.NA] = ctx.follow_up(
                Implicitness.NA,
                [
                    Text(
                        en=f"How has that trended since admission, along with the {other.en}?",
                        zh=f"入院以来它的变化趋势如何？{other.zh}呢？",
                    ),
                    Text(
                        en=f"Which way has it gone since admission? And the {other.en}?",
                        zh=f"入院以来它是升是降？{other.zh}呢？",
                    ),
                    Text(
                        en=f"Trend it since admission, with the {other.en} too?",
                        zh=f"入院以来它和{other.zh}的走势看一下？",
                    ),
                ],
                entities=[f"lab:{other.key}"],
                time="admission",
            )
            break
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en=f"which way are the {l1.en} and {l2.en} heading?",
                    zh=f"{l1.zh}和{l2.zh}是什么走势？",
                ),
                Text(
                    en=f"how have the {l1.en} and {l2.en} moved since admission?",
                    zh=f"入院以来{l1.zh}和{l2.zh}怎么变的？",
                ),
                Text(
                    en=f"are the {l1.en} and {l2.en} improving?",
                    zh=f"{l1.zh}和{l2.zh}在好转吗？",
                ),
            ],
            entities=names,
            time="admission",
        )
    t1en, t1zh, a1, b1 = trend_text(s1)
    t2en, t2zh, a2, b2 = trend_text(s2)
    # while haemodialysis runs the creatinine follows the sessions: no course is read;
    # after the last session it is the kidney's own again (derived.dialysis_running)
    dial = dialysis_running(ctx.facts) and "creatinine" in (key1, key2)
    if dial and key1 == "creatinine":
        t1en, t1zh = dialysis_creatinine(s1)
    if dial and key2 == "creatinine":
        t2en, t2zh = dialysis_creatinine(s2)
    # "Improving?" is answered by where the latest value lies, not by the direction alone:
    # a potassium "rising" to 5.7 is worse, a creatinine "falling" to 1.0 better. An
    # abnormal latest value is said with its reading (the laboratory's flag or the drug's
    # target range, rubric.read_value).
    now1 = _now_reading(ctx, key1, s1)
    now2 = _now_reading(ctx, key2, s2)
    answer = Text(
        en=f"Since admission, {t1en}{now1[0]}; {t2en}{now2[0]}.",
        zh=f"入院以来，{t1zh}{now1[1]}；{t2zh}{now2[1]}。",
    )
    read = [
        (lab, s)
        for lab, s in ((l1, s1), (l2, s2))
        if not (dial and lab.key == "creatinine")
    ]
    items = [R.value_item(l1, s1.latest.value, s1.latest.unit)]
    items += [_course_item(s) for lab, s in read if lab is l1]
    items.append(R.value_item(l2, s2.latest.value, s2.latest.unit))
    if len(read) < 2 or s1.trend() != s2.trend():
        # one trend word cannot distinguish the two labs; keep one
        items += [_course_item(s) for lab, s in read if lab is l2]
    if dial:
        items.append(
            R.mention_item(
                "Says the creatinine follows the haemodialysis sessions",
                "指出肌酐随血液透析起落",
                ["dialysis", "透析"],
            )
        )
    items.append(R.tool_item(["Observation.search"], "both lab series", "两项化验结果"))
    # the extremes a trend hides; a turn's rubric stays within six items
    items[-1:-1] = [i for _, s in read for i in excursion_items(s)][: 6 - len(items)]
    return Draft(
        TaskType.DG,
        ToolSource.EHR,
        "labs_trend",
        [f"lab:{key1}", f"lab:{key2}"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation"},
        [t1en, t2en],
        {
            f"lab:{key1}:latest",
            f"lab:{key2}:latest",
            f"lab:{key1}:trend",
            f"lab:{key2}:trend",
        },
    )


def _course_item(series: LabSeries) -> R.RubricItem:
    """The trend item of a series, said from its turning point when it has one."""
    a = R.fmt(series.first.value, series.lab.decimals)
    b = R.fmt(series.latest.value, series.lab.decimals)
    turn = series.turn
    since = R.fmt(turn.value, series.lab.decimals) if turn is not None else ""
    return R.trend_item(series.lab, series.trend(), a, b, since)


def dialysis_creatinine(series: LabSeries) -> tuple[str, str]:
    """The creatinine of a patient on haemodialysis
    (:func:`~physassist_env.scenarios.derived.dialysis_running`), as (EN, ZH): its values, and
    that it follows the dialysis sessions (falls after each, rises between), so no trend
    is read from it (KDIGO 2012 AKI guideline: the creatinine criteria do not apply on
    maintenance dialysis, and on dialysis for an AKI the creatinine shows the dialysis,
    not the kidney; round 6b)."""
    lab = series.lab
    a = R.fmt(series.first.value, lab.decimals)
    b = R.fmt(series.latest.value, lab.decimals)
    unit = f" {series.latest.unit}" if series.latest.unit else ""
    return (
        f"{lab.en} {a} then {b}{unit}: on haemodialysis it follows the dialysis"
        " sessions, so no trend reading applies",
        f"{lab.zh} {a}，之后 {b}{unit}：血液透析中肌酐随透析周期波动，不据此判断趋势",
    )


#: A level said without a word that also reads as a trend ("now low" becomes "now
#: decreased" in a clinician's synonyms, which is a trend word).
_LEVEL_WORDS = {
    "H": ("above the reference range", "高于参考范围"),
    "L": ("below the reference range", "低于参考范围"),
}


def _now_reading(ctx: TopicContext, key: str, series) -> tuple[str, str]:
    """``", now above the reference range"`` / ``"，目前高于参考范围"`` when the latest value is
    abnormal (against the drug's target range where one applies), else empty."""
    p = series.latest
    target = ctx.facts.interpretation_range(key)
    reading = R.read_value(p.value, p.flag, target)
    if reading.direction in ("normal", ""):
        return "", ""
    if target is None and p.flag in _LEVEL_WORDS:
        en, zh = _LEVEL_WORDS[p.flag]
        return f", now {en}", f"，目前{zh}"
    return f", now {reading.label_en}", f"，目前{reading.label_zh}"


@requires("lab")
def lab_and_med(ctx: TopicContext, lab_key: str, generic: str) -> Draft | None:
    """DG: a lab value and the order it bears on (two resource types). The dose asked
    for is the regimen: an active scheduled order before a one-off ("2 UNIT SC ONCE") or
    PRN one (MedOrder.scheduled)."""
    series, order = ctx.facts.labs.get(lab_key), regimen_of(ctx, generic)
    if series is None or order is None or order.dose is None:
        return None
    lab, p = series.lab, series.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Observation.search", {"code": lab.en, "_count": 5}, calls, obs)
    ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
    _, _, his = ctx.he
    zh_name = drug_zh(generic)
    v, dose = R.fmt(p.value, lab.decimals), R.fmt(order.dose, 4)
    vu = f"{v} {p.unit}".strip()  # value with its unit, if any
    reading = R.read_value(p.value, p.flag, ctx.facts.interpretation_range(lab_key))
    flag_en, flag_zh = reading.en, reading.zh
    he, names = ctx.he[0], [f"lab:{lab_key}", f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(
                en=f"Where's {his} {lab.en} now, and what dose of {generic} is {he} on?",
                zh=f"{lab.zh}现在多少？{zh_name}用的什么剂量？",
            ),
            Text(
                en=f"What's the {lab.en}, and how much {generic} is {he} getting?",
                zh=f"{lab.zh}多少了？{zh_name}现在用多少？",
            ),
            Text(
                en=f"Give me the {lab.en} and the current {generic} dose.",
                zh=f"给我{lab.zh}和{zh_name}目前的剂量。",
            ),
            Text(
                en=f"{lab.en} now? And the {generic} dose?",
                zh=f"现在{lab.zh}是多少？{zh_name}怎么用的？",
            ),
            Text(
                en=f"Can you check the {lab.en} and the {generic} order?",
                zh=f"帮我看下{lab.zh}，还有{zh_name}的医嘱剂量。",
            ),
            Text(
                en=f"How's the {lab.en}, and what's {he} on for {generic}?",
                zh=f"{lab.zh}怎么样？{zh_name}用的多大量？",
            ),
        ],
        entities=names,
    )
    implicit: dict[Implicitness, Text] = {}
    if f"lab:{lab_key}" in ctx.last_entities():
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(
                    en=f"Where is it now, and what dose of {generic} is {he} getting?",
                    zh=f"它现在多少？{zh_name}用的什么剂量？",
                ),
                Text(
                    en=f"What's it at now? And the {generic} dose?",
                    zh=f"它现在多少了？{zh_name}剂量呢？",
                ),
                Text(
                    en=f"Where's that at, and how much {generic} is {he} on?",
                    zh=f"这个现在多少？{zh_name}用多少？",
                ),
            ],
            entities=[f"drug:{generic}"],
        )
    elif f"drug:{generic}" in ctx.last_entities():
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(
                    en=f"What dose is {he} on, and where's the {lab.en}?",
                    zh=f"用的什么剂量？{lab.zh}现在多少？",
                ),
                Text(
                    en=f"How much of it is {he} getting, and what's the {lab.en}?",
                    zh=f"这个药用多少？{lab.zh}呢？",
                ),
                Text(
                    en=f"Its dose, and the {lab.en} now?",
                    zh=f"它的剂量，还有现在的{lab.zh}？",
                ),
            ],
            entities=[f"lab:{lab_key}"],
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en=f"where's the {lab.en} now and the {generic} dose?",
                    zh=f"{lab.zh}现在多少？{zh_name}剂量呢？",
                ),
                Text(
                    en=f"what's the {lab.en} and how much {generic} is {he} on?",
                    zh=f"{lab.zh}多少？{zh_name}用多少？",
                ),
                Text(
                    en=f"the {lab.en} now, and the {generic} dose?",
                    zh=f"现在{lab.zh}和{zh_name}剂量各是多少？",
                ),
            ],
            entities=names,
        )
    answer = Text(
        en=f"{cap(lab.en)} is {vu} ({flag_en}, {day(p.time)}); {generic} is ordered at {dose} {order.dose_unit} {order.route} {order.frequency} ({order.status}).",
        zh=f"{lab.zh}为 {vu}（{flag_zh}，{day(p.time)}）；{zh_name}医嘱为 {dose} {unit_zh(order.dose_unit)}，{route_zh(order.route)}，{freq_zh(order.frequency)}（{status_zh(order.status)}）。",
    )
    items = [
        R.value_item(lab, p.value, p.unit),
        R.flag_item(lab, reading),
        R.item(
            f"States the {generic} dose as {dose} {order.dose_unit}",
            f"给出{zh_name}剂量 {dose} {order.dose_unit}",
            R.ValueCheck(
                value=order.dose,
                unit=order.dose_unit,
                about=[generic, zh_name, order.name],
            ),
            # the dose is one of the turn's two questions (the lab has two items): the
            # lab alone, or the dose said of another drug, must not pass at 0.75
            points=2.0,
            tags=("value",),
        ),
        R.tool_item(
            ["MedicationRequest.search"], f"the {generic} order", f"{zh_name}医嘱"
        ),
    ]
    return Draft(
        TaskType.DG,
        ToolSource.EHR,
        "lab_and_med",
        [f"lab:{lab_key}", f"drug:{generic}"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation", "MedicationRequest"},
        [
            f"{lab.en} {vu} ({flag_en})",
            f"{order.name} {dose} {order.dose_unit} {order.frequency}",
        ],
        {f"lab:{lab_key}:latest", f"order:{generic}"},
    )


#: Chronic lymphocytic leukaemia (ICD-10-CM C91.1, ICD-9-CM 204.1): the white count is
#: mostly the clone's lymphocytes (iwCLL 2018, Hallek M et al., Blood 2018;131:2745-60),
#: so its course is no marker of infection without the neutrophil count.
CLL_CODES = ("C911", "2041")


def wbc_context(ctx: TopicContext, wbc: LabSeries) -> tuple[str, str]:
    """(EN, ZH) clause read beside a white-count course as an infection marker: in CLL
    the count is lymphocytes (:data:`CLL_CODES`); a count within the laboratory's range
    throughout is said to be so, a rise within it being no leukocytosis; a latest count
    drawn before the day before the session is dated (a course read on an old count is
    repeated, not trusted: round 9)."""
    en, zh = "", ""
    if ctx.facts.ever_had(*CLL_CODES):
        en = "; chronic lymphocytic leukaemia is coded, so the count is mostly the leukaemic lymphocytes and is no infection marker without the neutrophil count"
        zh = "；已编码慢性淋巴细胞白血病，白细胞主要为白血病淋巴细胞，无中性粒细胞计数时不能作为感染指标"
    elif all(p.flag.upper() in ("", "N") for p in wbc.points):
        en = ", every value within the normal range (no leukocytosis)"
        zh = "，均在正常范围内（无白细胞增多）"
    if days_old(wbc.latest, ctx.facts.current_date) > 1:
        when = day(wbc.latest.time)
        en += (
            f"; the latest count is from {when}, so repeat it if infection is suspected"
        )
        zh += f"；最近一次为 {when}，如疑有感染应复查"
    return en, zh


def running_antibiotics(ctx: TopicContext) -> list[str]:
    """Generic names of the systemic anti-infectives ordered and active at the session
    (:data:`~physassist_env.clinical.harm.ANTI_INFECTIVE`), each once: ear, eye and
    other local preparations are not systemic therapy (:func:`~physassist_env.clinical.
    routes.systemic`; round 16b)."""
    out = [
        drug_of(o)
        for o in ctx.facts.active_orders()
        if ANTI_INFECTIVE.search(f"{o.generic or ''} {o.name}")
        and systemic(o.name, o.route)
    ]
    return list(dict.fromkeys(g for g in out if g))


@requires("lab", "microbiology")
def infection_status(ctx: TopicContext) -> Draft | None:
    """DG: white count trend plus culture results."""
    wbc = ctx.facts.labs.get("wbc")
    # "the cultures" are cultures or findings, not a negative gram stain, MRSA screen
    # or serology (clinical.infection.is_culture)
    cultures = ctx.facts.culture_results()
    if wbc is None or len(wbc.points) < 2 or not cultures:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    since = ctx.facts.start[:10]
    ctx.run("Observation.search", {"code": "WBC", "date_from": since}, calls, obs)
    ctx.run(
        "Observation.search",
        {"category": "microbiology", "date_from": since},
        calls,
        obs,
    )
    ten, tzh, a, b = trend_text(wbc)
    # every organism of the window, not one entry (topics.base.culture_summary)
    grown_en, grown_zh, grown_items = culture_summary(cultures)
    # and what it means: contaminant, colonisation, the running antibiotic's cover
    # (round 10: topics.base.culture_reading)
    read_en, read_zh, named = culture_reading(cultures, running_antibiotics(ctx))
    if named:
        ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    org_en = (grown_en or "no growth") + ("." + read_en[:-1] if read_en else "")
    org_zh = (grown_zh or "无生长") + ("。" + read_zh[:-1] if read_zh else "")
    explicit = ctx.request(
        [
            Text(
                en="Where are we with the infection? White count and cultures.",
                zh="感染情况怎么样？看看白细胞和培养结果。",
            ),
            Text(
                en="How's the infection picture? WBC trend and micro.",
                zh="感染控制得怎么样？白细胞趋势和培养结果。",
            ),
            Text(
                en="Is the infection settling? Check the white count and cultures.",
                zh="感染有没有好转？查下白细胞和培养。",
            ),
            Text(
                en="Update me on the infection: white count trend, cultures.",
                zh="说下感染的情况：白细胞走势、培养结果。",
            ),
            Text(
                en="What are the white count and cultures telling us?",
                zh="白细胞和培养结果提示什么？",
            ),
            Text(
                en="Infection status? White cells and any growth.",
                zh="感染现在什么情况？白细胞和培养有没有长菌？",
            ),
        ],
        entities=["lab:wbc"],
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en="where does the infection stand? White count and cultures.",
                    zh="感染现在怎么样？白细胞和培养呢？",
                ),
                Text(
                    en="is the infection settling? White count and cultures.",
                    zh="感染控制住了吗？白细胞和培养结果呢？",
                ),
                Text(
                    en="how's the infection? WBC trend and micro.",
                    zh="感染怎么样了？白细胞趋势和培养？",
                ),
            ],
            entities=["lab:wbc"],
        )
    if "lab:wbc" in ctx.last_entities():
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(
                    en="How has it trended, and what did the cultures show?",
                    zh="它的趋势如何？培养结果呢？",
                ),
                Text(
                    en="Which way is it going? Anything on the cultures?",
                    zh="它是升是降？培养有结果吗？",
                ),
                Text(
                    en="Trend on that, and what grew?",
                    zh="这个的走势，还有培养长了什么？",
                ),
            ],
        )
    ctx_en, ctx_zh = wbc_context(ctx, wbc)
    answer = Text(
        en=f"The {ten}{ctx_en}. Cultures: {org_en}.",
        zh=f"{tzh}{ctx_zh}。培养结果：{org_zh}。",
    )
    items = [
        R.value_item(wbc.lab, wbc.latest.value, wbc.latest.unit),
        _course_item(wbc),
        *excursion_items(wbc),
        *(
            grown_items
            or [
                R.mention_item(
                    "Reports the culture result (no growth)",
                    "报告培养结果（无生长）",
                    [
                        "no growth",
                        "negative",
                        "nothing grew",
                        "无生长",
                        "阴性",
                        "未生长",
                    ],
                )
            ]
        ),
        R.tool_item(
            ["Observation.search"], "the white count and cultures", "白细胞和培养结果"
        ),
    ]
    return Draft(
        TaskType.DG,
        ToolSource.EHR,
        "infection_status",
        ["lab:wbc", "cultures"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation"},
        [ten, f"cultures: {org_en}"],
        {"lab:wbc:latest", "lab:wbc:trend", "cultures"},
    )


def unrecorded_courses(ctx: TopicContext) -> list[tuple[str, str, str, bool]]:
    """Systemic antibiotic orders of this admission whose doses the administration
    record does not hold, as (generic, first order day, last order day, any dose
    recorded): an order with no administration recorded, or one that ran more than a
    day past the last recorded dose (a ward course after an ICU stay, where the record
    holds the ICU doses only). The orders are a source of what was given as much as the
    administrations: an answer reads both and says what the record cannot show (Joint
    Commission NPSG.03.06.01: the medication record, not an assumption, establishes what
    was given; round 16b, reading m: a list built from the ICU doses alone,
    10019777-27738145 t1)."""
    now = ctx.facts.current_date
    spans: dict[str, list[str]] = {}
    for o in ctx.facts.orders:
        g = drug_of(o)
        if (
            g not in ANTIBIOTICS
            or not systemic(o.name, o.route)
            or o.hadm_id not in ("", ctx.facts.hadm_id)
            or not o.start
            or o.start[:10] > now
            or (o.end and o.end <= o.start)
        ):
            continue
        # a running order is read to the start of the session day (its doses of today
        # may not be due yet)
        end = min(o.end or now, now + "T00:00:00")
        span = spans.setdefault(g, [o.start, end])
        span[0], span[1] = min(span[0], o.start), max(span[1], end)
    out = []
    for g, (first, last) in spans.items():
        times = dose_times(ctx, g)
        if times is None:
            # an order that ran a day or more (not one cancelled within hours)
            if datetime.fromisoformat(last[:19]) - datetime.fromisoformat(
                first[:19]
            ) >= timedelta(days=1):
                out.append((g, first[:10], last[:10], False))
        elif (
            datetime.fromisoformat(last[:19])
            - datetime.fromisoformat(times[1][:19].replace(" ", "T"))
        ) > timedelta(days=1):
            out.append((g, first[:10], last[:10], True))
    return out


@requires("administration", "microbiology")
def antibiotics_given(ctx: TopicContext) -> Draft | None:
    """DG: antibiotics actually administered, and the culture results."""
    given = [g for g in ctx.facts.given if g in ANTIBIOTICS]
    cultures = ctx.facts.culture_results()  # clinical.infection.is_culture
    if not given or not cultures:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "MedicationAdministration.search",
        {"date_from": ctx.facts.start[:10]},
        calls,
        obs,
    )
    ctx.run(
        "Observation.search",
        {"category": "microbiology", "date_from": ctx.facts.start[:10]},
        calls,
        obs,
    )
    # every organism of the window, not one entry (topics.base.culture_summary)
    grown_en, grown_zh, grown_items = culture_summary(cultures)
    he = ctx.he[0]
    ta = ctx.ta
    explicit = ctx.request(
        [
            Text(
                en=f"Which antibiotics has {he} actually received, and what grew?",
                zh=f"{ta}实际用了哪些抗生素？培养长了什么？",
            ),
            Text(
                en=f"What antibiotics has {he} actually had? And the cultures?",
                zh=f"{ta}实际给了哪些抗生素？培养结果呢？",
            ),
            Text(
                en="Which abx were actually given, and what grew?",
                zh="实际给过哪些抗菌药？培养出什么？",
            ),
            Text(
                en=f"What has {he} really been given for coverage, and what's growing?",
                zh=f"{ta}实际用过哪些抗感染药？长了什么菌？",
            ),
            Text(
                en="Run through the antibiotics given and the culture results.",
                zh="把实际用过的抗生素和培养结果说一下。",
            ),
            Text(
                en="Which antibiotics went in, per the MAR? And micro?",
                zh="按给药记录实际用了哪些抗生素？病原学呢？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if "cultures" in ctx.last_entities():
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(
                    en=f"And what has {he} actually been given for it?",
                    zh="针对它实际用了哪些抗生素？",
                ),
                Text(
                    en=f"What antibiotics has {he} actually had for that?",
                    zh="为这个实际给了哪些抗生素？",
                ),
                Text(
                    en="And what's actually been given to cover it?",
                    zh="那针对它实际用过什么药？",
                ),
            ],
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en=f"what antibiotics has {he} actually had, and what grew?",
                    zh="实际用了哪些抗生素？培养长了什么？",
                ),
                Text(
                    en="which abx were actually given, and what did the cultures show?",
                    zh="实际给了哪些抗菌药？培养结果呢？",
                ),
                Text(
                    en=f"what has {he} really received for coverage, and what's growing?",
                    zh="实际用过哪些抗感染药？长了什么菌？",
                ),
            ],
        )
    names_en = ", ".join(f"{g} ({ctx.facts.given[g]} doses)" for g in given)
    names_zh = "、".join(f"{drug_zh(g)}（{ctx.facts.given[g]} 剂）" for g in given)
    # what the cultures mean, each susceptibility read against the drugs given and
    # still running (round 10: topics.base.culture_reading)
    running = [g for g in running_antibiotics(ctx) if g in given]
    read_en, read_zh, _ = culture_reading(cultures, running)
    unseen = unrecorded_courses(ctx)
    for g, _, _, _ in unseen[:3]:
        ctx.run("MedicationRequest.search", {"medication": g}, calls, obs)
    gap_en = gap_zh = ""
    if unseen:
        gap_en = (
            " Ordered this admission with doses missing from this record: "
            + "; ".join(
                f"{g} (ordered from {a}"
                + (
                    "; doses after the last recorded one not in this record)"
                    if rec
                    else "; no administration recorded)"
                )
                for g, a, b, rec in unseen
            )
            + ": check the ward medication administration record."
        )
        gap_zh = (
            "本次住院已开医嘱、但病历中给药记录不全："
            + "；".join(
                f"{drug_zh(g)}（{a} 起开具医嘱"
                + ("，最后一次记录之后的给药未记录）" if rec else "，无给药记录）")
                for g, a, b, rec in unseen
            )
            + "：请核对病房给药记录。"
        )
    answer = Text(
        en=f"Administered antibiotics: {names_en}.{gap_en} Cultures: {grown_en or 'no growth'}.{read_en}",
        zh=f"已给予的抗生素：{names_zh}。{gap_zh}培养结果：{grown_zh or '无生长'}。{read_zh}",
    )
    items = [
        R.mention_item(
            f"Names {g} as given", f"指出已给予{drug_zh(g)}", [g, drug_zh(g)]
        )
        for g in given[:2]
    ]
    if unseen:
        items.append(
            R.mention_item(
                "Names the antibiotics ordered whose doses are not in the record ("
                + ", ".join(g for g, _, _, _ in unseen)
                + ")",
                "指出已开医嘱但给药未记录的抗生素（"
                + "、".join(drug_zh(g) for g, _, _, _ in unseen)
                + "）",
                [t for g, _, _, _ in unseen for t in (g, drug_zh(g))],
            )
        )
    items += grown_items or [
        R.mention_item(
            "Reports the culture result (no growth)",
            "报告培养结果",
            ["no growth", "negative", "无生长", "阴性"],
        )
    ]
    items.append(
        R.tool_item(
            ["MedicationAdministration.search"], "the administration record", "给药记录"
        )
    )
    return Draft(
        TaskType.DG,
        ToolSource.EHR,
        "antibiotics_given",
        [f"drug:{g}" for g in given] + ["cultures"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"MedicationAdministration", "Observation"},
        [f"given: {names_en}", f"cultures: {grown_en or 'no growth'}"],
        {"given", "cultures"},
    )


def _zh_drug(order: MedOrder) -> str:
    """The Chinese name of an order's drug (its generic's, else its record name's, else
    the record name glossed: :func:`drug_zh`)."""
    if order.generic and name_zh(order.generic):
        return drug_zh(order.generic)
    return drug_zh(display_name(order.name))


#: Antibacterials whose oral course a discharge list gives a stop date (WHO ATC J01):
#: :data:`~physassist_env.clinical.harm.ANTI_INFECTIVE` without the antivirals and
#: antifungals, which are often long-term suppression or prophylaxis.
_ANTIBACTERIAL = re.compile(
    r"\b(vancomycin|cefazolin|ceftriaxone|cefepime|cefuroxime|cefpodoxime|cefdinir|"
    r"cephalexin|cefadroxil|amoxicillin|augmentin|ampicillin|penicillin|dicloxacillin|"
    r"linezolid|clindamycin|metronidazole|levofloxacin|ciprofloxacin|moxifloxacin|"
    r"azithromycin|doxycycline|minocycline|sulfamethoxazole|sulfameth|bactrim|"
    r"nitrofurantoin|fosfomycin|rifampin|fidaxomicin)\b",
    re.I,
)
#: HIV (ICD-10 B20, Z21; ICD-9 042, V08): trimethoprim-sulfamethoxazole and
#: azithromycin are then opportunistic-infection prophylaxis without a set end (NIH/CDC/
#: IDSA adult opportunistic infection guidelines), not a course.
_HIV_CODES = ("B20", "Z21", "042", "V08")


#: Frequencies timed to a part of the day: orders with them are doses of one regimen
#: (an antiepileptic every morning and at night, insulin at breakfast and at dinner).
_PART_OF_DAY = re.compile(
    r"\b(?:QAM|QPM|QHS|QNOON|HS|AM|PM|NOON|BEDTIME|MORNING|EVENING|NIGHT|BREAKFAST"
    r"|LUNCH|DINNER|SUPPER)\b",
    re.I,
)
#: Orders of one drug entered within this many hours of each other are one regimen's
#: parts, not a replacement (a regimen change is a later order).
_SAME_ENTRY_HOURS = 6


def _started_together(a: str, b: str) -> bool:
    """Whether two order starts (ISO date-times) lie within :data:`_SAME_ENTRY_HOURS`."""
    if not a or not b:
        return False
    first, last = sorted((a.replace(" ", "T")[:19], b.replace(" ", "T")[:19]))
    return last <= plus_hours(first, _SAME_ENTRY_HOURS)


def _concurrent_parts(ctx: TopicContext, o: MedOrder) -> list[MedOrder]:
    """The other active scheduled orders of ``o``'s drug by the same route at the
    session, at another dose or frequency, that are parts of one regimen rather than an
    older regimen the newer order replaced (the discharge list keeps the newest order
    per drug, :func:`physassist_env.clinical.discharge.discharge_list`): either order
    is timed to a part of the day (QAM / QHS / with dinner, :data:`_PART_OF_DAY`) or the
    two were started within :data:`_SAME_ENTRY_HOURS` of each other."""
    key, route = drug_key(o), (o.route or "").strip().upper()
    seen = {(o.dose, o.frequency)}
    out: list[MedOrder] = []
    for x in ctx.facts.active_orders():
        if x is o or x.id == o.id or not x.scheduled or drug_key(x) != key:
            continue
        if (x.route or "").strip().upper() != route or inpatient_only(x):
            continue
        if (x.dose, x.frequency) in seen:
            continue
        timed = _PART_OF_DAY.search(f"{o.frequency} {x.frequency}")
        if not timed and not _started_together(o.start, x.start):
            continue
        seen.add((x.dose, x.frequency))
        out.append(x)
    return out


def regimen_text(o: MedOrder, oral: bool = False) -> tuple[str, str]:
    """(EN, ZH) of an order as a discharge list writes it: drug, dose, route and
    frequency (Joint Commission NPSG.03.06.01: the list names each medication with its
    dose, route and frequency; round 10: names alone were the most frequent
    questionable class of the physician reading). ``oral``: an IV order going home by
    mouth at the same dose (:func:`_iv_at_discharge`), said by mouth."""
    if o.dose is not None:
        amount = R.fmt(o.dose, 3)
    elif o.dose_range is not None:
        amount = f"{R.fmt(o.dose_range[0], 3)}-{R.fmt(o.dose_range[1], 3)}"
    else:
        amount = ""
    route = "PO" if oral else (o.route or "").strip()
    dose_en = f" {amount} {o.dose_unit}".rstrip() if amount else ""
    dose_zh = f" {amount} {unit_zh(o.dose_unit)}".rstrip() if amount else ""
    r_zh = route_zh(route) if route else ""
    if re.search(r"[A-Za-z]", r_zh):
        r_zh = f"途径（{route}）"
    # an IV salt is no part of the oral drug (Methylprednisolone Sodium Succ -> by mouth)
    shown = _SALT.sub("", display_name(o.name)) if oral else display_name(o.name)
    en = " ".join(t for t in (f"{shown}{dose_en}", route, o.frequency) if t)
    # a combination product keeps its full name, its dose being the combination's
    # (amoxicillin-clavulanate 875 mg is not amoxicillin 875 mg: topics.lookup)
    name = (
        (name_zh(o.name) or drug_zh(display_name(o.name)))
        if COMBINATION_PRODUCT.match(o.name)
        else _zh_drug(o)
    )
    zh = " ".join(t for t in (f"{name}{dose_zh}", r_zh, freq_zh(o.frequency)) if t)
    return en, zh


def changed_text(o: MedOrder) -> tuple[str, str]:
    """(EN, ZH) of a drug whose order a change order replaced and whose new order the
    record does not show yet (``AdmissionFacts.changed_orders``): the drug, route and
    frequency without the replaced dose, which is not the dose in force (round 11:
    febuxostat 80 mg listed where a change order set 40 mg; Joint Commission
    NPSG.03.06.01)."""
    en, zh = regimen_text(replace(o, dose=None, dose_range=None))
    day = (o.end or o.start)[:10]
    return (
        f"{en} (the order was replaced by a change order on {day} and the drug goes on:"
        " list the dose of the new order, which the record does not show yet, not the"
        " replaced dose)",
        f"{zh}（{day} 原医嘱因改量被替换，药物继续使用：按新医嘱的剂量列出"
        "（病历中尚未显示），而非被替换的剂量）",
    )


def prn_started_here(
    facts: AdmissionFacts, o: MedOrder, last: list[str]
) -> tuple[str, str]:
    """(EN, ZH) after an as-needed opioid, benzodiazepine or sedating antihistamine
    (:data:`~physassist_env.clinical.discharge.PRN_RECONCILED`) on a discharge list that
    is neither a home drug nor on the last discharge list (``last``: its generics):
    started in hospital, it goes home only by a deliberate decision with a stated supply
    (Joint Commission NPSG.03.06.01; CDC 2022 opioid guideline, recommendation 6; 2023
    AGS Beers Criteria on benzodiazepines), else ``("", "")``. Round 10c."""
    g = drug_of(o) or ""
    if "PRN" not in (o.frequency or "").upper():
        return "", ""
    if not PRN_RECONCILED.search(f"{g} {o.name}") or g in facts.home or g in last:
        return "", ""
    return (
        " (as needed, started in hospital: goes home only by a deliberate decision,"
        " with a stated supply)",
        "（按需，住院期间新开：是否带回家需明确决定，并写明用量）",
    )


#: Antibacterials not absorbed from the gut, whose oral course treats C. difficile
#: infection only (oral vancomycin, fidaxomicin; IDSA/SHEA 2021 C. difficile focused
#: update, Johnson S et al., Clin Infect Dis 2021;73:e1029-44: 10 days from the start of
#: the oral drug): their course is their own, not that of an IV drug given for another
#: infection (round 11).
ENTERAL_ONLY = re.compile(r"\b(vancomycin|fidaxomicin|dificid)\b", re.I)
#: A gap between antibacterial orders longer than this starts a new course (a new
#: infection), not the one running on (round 11).
COURSE_GAP_HOURS = 24


def enteral_only(o: MedOrder) -> bool:
    """Whether ``o`` is an oral (enteral) order of a non-absorbed antibacterial
    (:data:`ENTERAL_ONLY`): fidaxomicin, or vancomycin by mouth or tube."""
    text = f"{o.generic or ''} {o.name}"
    if not ENTERAL_ONLY.search(text) or inpatient_only(o):
        return False
    return not re.search(r"\b(?:IV|INTRAVEN)", o.route or "", re.I)


def course_start(ctx: TopicContext, o: MedOrder) -> str:
    """The day the antibacterial course of ``o`` started (:func:`course_origin`)."""
    return course_origin(ctx, o)[0]


def own_first_dose(ctx: TopicContext, o: MedOrder) -> str:
    """The day of the first order of ``o``'s own drug this admission (round 17)."""
    f = ctx.facts
    same = [
        a.start
        for a in f.orders
        if drug_key(a) == drug_key(o)
        and f.start[:10] <= a.start[:10] <= f.current_date
        and (not a.hadm_id or a.hadm_id == f.hadm_id)
    ]
    return min(same + [o.start])[:10]


def course_origin(ctx: TopicContext, o: MedOrder) -> tuple[str, MedOrder]:
    """The day the antibacterial course of ``o`` started: the first dose of that regimen,
    not of any antibacterial this admission (round 11, 10029291-22205327: oral
    vancomycin for C. difficile counted from IV vancomycin for a bacteraemia). An
    enteral-only drug (:func:`enteral_only`) counts from its own first oral order; a
    systemic one from the first order of the run of systemic antibacterial orders that
    reaches it without a gap of more than :data:`COURSE_GAP_HOURS` (an IV drug stepped
    down to an oral one is one course: IDSA / ACP 2021 duration advice counts the whole
    course). Returned with the order that began it."""
    f = ctx.facts
    mine = [
        a
        for a in f.orders
        if _ANTIBACTERIAL.search(f"{a.generic or ''} {a.name}")
        and f.start[:10] <= a.start[:10] <= f.current_date
        and (not a.hadm_id or a.hadm_id == f.hadm_id)
    ]
    if enteral_only(o):
        same = [a for a in mine if enteral_only(a) and drug_key(a) == drug_key(o)]
        began = min(same + [o], key=lambda a: a.start)
        return began.start[:10], began
    systemic = sorted(
        (a for a in mine if not enteral_only(a)), key=lambda a: a.start, reverse=True
    )
    first, began = o.start[:19], o
    moved = True
    while moved:
        moved = False
        for a in systemic:
            end = (a.end or f.current_date + "T23:59:59")[:19].replace(" ", "T")
            if a.start[:19] < first and plus_hours(end, COURSE_GAP_HOURS) >= first:
                first, began, moved = a.start[:19], a, True
    return first[:10], began


def course_note(ctx: TopicContext, o: MedOrder) -> tuple[str, str]:
    """(EN, ZH) after an antibacterial course on a discharge list: its stop date is to be
    written, counted from the first dose of that regimen (:func:`course_start`; IDSA /
    ACP 2021 best-practice advice on antibiotic duration, Lee RA et al., Ann Intern Med
    2021;174:822-7: a defined, short course; Joint Commission MM.09.01.01 antimicrobial
    stewardship), or ``("", "")``: not an antibacterial (:data:`_ANTIBACTERIAL`), on the
    last discharge list too (a long-term drug), or prophylaxis in HIV. An oral
    vancomycin or fidaxomicin course says it is the C. difficile course (IDSA/SHEA 2021:
    10 days from its start)."""
    if not _ANTIBACTERIAL.search(f"{o.generic or ''} {o.name}"):
        return "", ""
    if any(
        c.upper().replace(".", "").startswith(_HIV_CODES)
        for c, _ in ctx.facts.conditions
    ):
        return "", ""
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    if last is not None and drug_of(o) in last.generics:
        return "", ""
    first, began = course_origin(ctx, o)
    own = own_first_dose(ctx, o)
    if not enteral_only(o) and own > first and drug_key(began) != drug_key(o):
        # the course began with another drug: each date is said with its own drug
        # (round 17, reading m, 10001217-24597018 t1: metronidazole "counted from the
        # first dose on" the day meropenem started)
        # (the earlier drug is not named: a discharge list naming it reads as sending
        # it home)
        return (
            f" (antibiotic course: write its stop date, counted from the first dose on"
            f" {first}, of the course begun with an earlier antibiotic; this drug itself"
            f" since {own})",
            f"（抗菌疗程：处方写明停药日期，自 {first} 首剂起计算（本疗程由此前的另一种"
            f"抗菌药开始）；本药自 {own} 起）",
        )
    if enteral_only(o):
        return (
            f" (antibiotic course: write its stop date, counted from the first oral dose"
            f" on {first}: an oral drug that is not absorbed, a C. difficile course of 10"
            " days from its start)",
            f"（抗菌疗程：处方写明停药日期，自 {first} 首次口服起计算：口服不吸收，"
            "为艰难梭菌感染疗程，自开始起共 10 天）",
        )
    return (
        f" (antibiotic course: write its stop date, counted from the first dose on {first})",
        f"（抗菌疗程：处方写明停药日期，自 {first} 首剂起计算）",
    )


@requires("order")
def discharge_meds(ctx: TopicContext) -> Draft | None:
    """DG: the active medication list plus allergies before discharge."""
    # Only regimens a discharge list may name (no flushes, one-off, as-needed or placeholder
    # orders); "no allergy recorded" rather than "no known allergies" when nothing is coded
    # (NKDA is a clinical statement someone must have made).
    # a rescue inhaler or sublingual nitroglycerin is named without a dose (round 8b:
    # clinical.discharge.RESCUE_PRN)
    active = [
        o
        for o in ctx.facts.going_home_orders()
        # an order dosed by range (hydromorphone 6-8 mg PRN) is dosed (round 15b,
        # 10007795-28477357 t3: the PRN opioid left off the list)
        if o.generic
        or o.dose is not None
        or o.dose_range is not None
        or RESCUE_PRN.search(o.name)
    ]
    if len(active) < 2:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    # a drug whose order was just replaced by a change order (warfarin re-dosed) is
    # still given: its order is read too (Joint Commission NPSG.03.06.01)
    changed = [o for o in active if o.status != "active"]
    for o in changed:
        ctx.run(
            "MedicationRequest.search",
            {"medication": o.name, "date_from": o.start[:10]},
            calls,
            obs,
        )
    ctx.run("AllergyIntolerance.search", {}, calls, obs)
    _, _, his = ctx.he
    he = ctx.he[0]
    explicit = ctx.request(
        [
            Text(
                en=f"Before discharge, go over {his} active meds and allergies.",
                zh="出院前，帮我核对一下目前在用的药物和过敏史。",
            ),
            Text(
                en=f"What is {he} going home on, and any allergies?",
                zh="出院带哪些药？有过敏吗？",
            ),
            Text(
                en="For the discharge, list the active meds and allergies.",
                zh="出院要用，列一下在用药物和过敏史。",
            ),
            Text(
                en=f"Med rec before {he} goes: active meds, allergies.",
                zh="出院前药物核对：在用药和过敏。",
            ),
            Text(
                en=f"Which meds is {he} on now, and is anything on the allergy list?",
                zh=f"{ctx.ta}现在用哪些药？有没有过敏记录？",
            ),
            Text(
                en="Pull the active med list and allergies for discharge.",
                zh="出院前把在用药单和过敏情况调出来。",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(
                    en=f"what is {he} going home on, and any allergies?",
                    zh="出院带哪些药？有过敏吗？",
                ),
                Text(
                    en="which meds go home with the patient, and any allergies?",
                    zh="出院带什么药？过敏史呢？",
                ),
                Text(
                    en="what's on the discharge med list, and allergies?",
                    zh="出院用药有哪些？过敏情况呢？",
                ),
            ],
        )
    # IV drugs running at discharge are not dropped in silence: an anti-infective goes
    # home as an oral step-down or through OPAT, and an IV proton pump inhibitor (or
    # famotidine, an IV antiepileptic) by mouth at the same dose
    # (clinical.discharge.iv_anti_infective / iv_oral_same_dose; IDSA 2018 OPAT guideline)
    iv_plan = _iv_at_discharge(ctx, active, calls, obs)
    active += iv_plan.oral
    held = _held_warfarin(ctx, calls, obs)
    meds = active[:3]
    found = [a for a in ctx.facts.allergies if a]
    allergy_en, allergy_zh = ctx.facts.allergy_text()
    oral = {o.id for o in iv_plan.oral}
    # each drug with its dose, route and frequency, an antibacterial course with the
    # date its stop date counts from (round 10: NPSG.03.06.01; IDSA duration advice)
    conv_en, conv_zh = (
        " (IV now: by mouth at discharge, same dose)",
        "（静脉改口服，剂量相同）",
    )
    rows_en: list[str] = []
    rows_zh: list[str] = []
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    for o in active:
        conv = iv_plan.converted.get(o.id)
        if o in changed:
            # the order a change order replaced is not the dose in force: the drug goes
            # on at the new order's dose (round 11: febuxostat 80 mg listed after a
            # change to 40 mg; Joint Commission NPSG.03.06.01)
            reg, course = changed_text(o), ("", "")
        elif conv is not None and conv.shown is not None:
            reg, course = regimen_text(conv.shown), ("", "")
        elif conv is not None:
            shown = replace(o, dose=conv.dose) if conv.dose is not None else o
            reg, course = regimen_text(shown, conv.dose is not None), ("", "")
        else:
            reg, course = regimen_text(o, o.id in oral), course_note(ctx, o)
        # a drug given as two or more concurrent scheduled orders (a morning and an
        # evening dose of an antiepileptic, insulin at breakfast and at dinner) goes
        # home as all of them: one of them alone halves the therapy (NPSG.03.06.01;
        # NICE NG217 2022: do not stop antiseizure medication abruptly)
        for other in _concurrent_parts(ctx, o):
            part = regimen_text(other)
            reg = (f"{reg[0]} + {part[0]}", f"{reg[1]}，以及 {part[1]}")
        prn = prn_started_here(ctx.facts, o, last.generics if last else [])
        note = (
            (conv.en, conv.zh)
            if conv is not None
            else (conv_en, conv_zh)
            if o.id in oral
            else ("", "")
        )
        rows_en.append(reg[0] + note[0] + course[0] + prn[0])
        rows_zh.append(reg[1] + note[1] + course[1] + prn[1])
    repletion = ctx.facts.repletion_orders()
    rep_en = rep_zh = ""
    if repletion:
        rep_en = (
            f" Not listed (inpatient repletion): {', '.join(display_name(o.name) for o in repletion)};"
            " recheck the level before discharge and prescribe a supplement only if it is still low."
        )
        rep_zh = (
            f"未列入（院内补充电解质）：{'、'.join(_zh_drug(o) for o in repletion)}；"
            "出院前复查血钾/血磷，仍偏低时再开补充剂。"
        )
    answer = Text(
        en=f"Active medications: {'; '.join(rows_en)}.{rep_en}{iv_plan.en}{held[0]} Allergies: {allergy_en}.",
        # Chinese clinicians write drug names in Chinese (中文通用名)
        zh=f"目前在用药物：{'；'.join(rows_zh)}。{rep_zh}{iv_plan.zh}{held[1]}过敏：{allergy_zh}。",
    )  # fmt: skip
    items = [
        R.mention_item(
            # an IV PPI goes home converted, not as the IV order it is bound to
            f"Converts {display_name(o.name)} from IV to oral for discharge"
            if o.id in oral
            else f"Lists {display_name(o.name)}",
            f"将{_zh_drug(o)}由静脉改为口服出院"
            if o.id in oral
            else f"列出{_zh_drug(o)}",
            [o.name, display_name(o.name), o.generic or o.name.split()[0], _zh_drug(o)],
        )
        for o in meds
    ]
    # where the source keeps no allergy list there is no absence to report (the answer
    # says to take the history from the patient; features.keeps_allergy_list)
    items += (
        []
        if not found and not ctx.facts.allergy_list
        else [
            R.mention_item(
                f"Reports allergies ({allergy_en})",
                f"报告过敏情况（{allergy_zh}）",
                [found[0], dx.allergy_zh(found[0])]
                if found
                else [
                    "no allergy recorded",
                    "no allergies recorded",
                    "none recorded",
                    "no recorded allergies",
                    "nothing recorded",
                    "未记录过敏",
                    "未记录过敏史",
                    "没有过敏记录",
                    "无过敏记录",
                ],
            )
        ]
    )
    items.append(
        R.tool_item(
            ["AllergyIntolerance.search", "Patient.everything"],
            "the allergy list",
            "过敏记录",
        )
    )
    if iv_plan.item is not None:
        items.append(iv_plan.item)
    kept = sorted(
        (
            o
            for o in iv_plan.oral
            if o.id in iv_plan.converted
            and iv_plan.converted[o.id].kind in ("glucocorticoid", "opioid")
        ),
        key=lambda o: iv_plan.converted[o.id].kind != "glucocorticoid",
    )
    for o in kept[:2]:
        # a steroid or long-term opioid dropped from the list is a harm (round 11)
        items.append(
            R.mention_item(
                f"Keeps {display_name(o.name)} on the list, converted to an oral form"
                " (not dropped)",
                f"将{_zh_drug(o)}保留在出院带药中并改为口服（不可遗漏）",
                [
                    o.name,
                    display_name(o.name),
                    o.generic or o.name.split()[0],
                    _zh_drug(o),
                ],
                critical=True,
            )
        )
    if held[2] is not None:
        items.append(held[2])
    # aspirin above 100 mg a day going home beside an anticoagulant is flagged (round
    # 9b: clinical.antithrombotic, 2023 ACC/AHA/ACCP/HRS AF guideline)
    high = aspirin_with_anticoagulant(active)
    if high is not None:
        answer = Text(en=f"{answer.en} {high[0]}", zh=f"{answer.zh}{high[1]}")
        items.append(high[2])
    # an opioid and a benzodiazepine going home together are flagged (round 11:
    # clinical.discharge.opioid_with_benzodiazepine, FDA 2016 boxed warning)
    both = opioid_benzodiazepine_flag(active)
    if both is not None:
        answer = Text(en=f"{answer.en} {both[0]}", zh=f"{answer.zh}{both[1]}")
        items.append(both[2])
    # a coronary stent placed this admission with no P2Y12 inhibitor going home is
    # flagged (round 10c: clinical.antithrombotic.missing_p2y12, 2016 ACC/AHA DAPT
    # focused update)
    stent = stent_without_p2y12(ctx, active, calls, obs)
    if stent is not None:
        answer = Text(en=f"{answer.en} {stent[0]}", zh=f"{answer.zh}{stent[1]}")
        items.append(stent[2])
    # an AKI still rising is flagged before any discharge (KDIGO 2012, topics.renal)
    flag = rising_aki_flag(ctx, calls, obs)
    if flag is not None:
        answer = Text(en=f"{answer.en} {flag[0]}", zh=f"{answer.zh}{flag[1]}")
        items.append(flag[2])
    # at most 6 paying items: the third, then the second drug's item give way
    for _ in range(len(items) - 6):
        items.pop(len(meds) - 1)
        meds = meds[:-1]
    # no drug that stays in hospital or was stopped goes on the list (issue #35); the IV
    # anti-infectives the answer plans for are judged by the harm reader instead (listed
    # as going home outside an OPAT plan: clinical.harm.inpatient_only_at_discharge)
    staying = discharge_safety(
        ctx,
        {(o.generic or o.name.split()[0]).lower() for o in active}
        | {(o.generic or o.name.split()[0]).lower() for o in iv_plan.anti_infectives}
        | ({"warfarin"} if held[2] is not None else set()),
    )
    if staying is not None:
        items.append(staying)
    return Draft(
        TaskType.DG,
        ToolSource.EHR,
        "discharge_meds",
        ["medications", "allergies"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"MedicationRequest", "AllergyIntolerance"}
        | ({"Observation"} if flag is not None else set())
        | ({"Procedure"} if stent is not None else set())
        | ({"Condition"} if iv_plan.indication else set())
        | ({"Observation"} if held[2] is not None else set()),
        [f"active: {', '.join(o.name for o in active)}", f"allergies: {allergy_en}"],
        {"orders", "allergies"},
    )


def _held_warfarin(
    ctx: TopicContext, calls: list[ToolCall], obs: list[str]
) -> tuple[str, str, RubricItem | None]:
    """(EN, ZH, rubric item) of a warfarin regimen held for a high INR
    (:func:`~physassist_env.scenarios.derived.held_warfarin`): held, not stopped, the INR
    rechecked and warfarin resumed at an adjusted dose (CHEST 2012, Holbrook A et al.;
    2017 ACC ECDP); the warfarin orders and the INR series it cites are looked up.
    ``("", "", None)`` when there is none."""
    held = held_warfarin(ctx.facts)
    if held is None:
        return "", "", None
    ctx.run("MedicationRequest.search", {"medication": "warfarin"}, calls, obs)
    ctx.run(
        "Observation.search",
        {"code": "inr", "date_from": ctx.facts.start[:10], "_count": 100},
        calls,
        obs,
    )
    v, when = R.fmt(held.held_for.value, 1), held.held_for.time[:10]
    last = R.fmt(held.latest.value, 1)
    if in_target(held.latest.value):
        plan_en = (
            f"the latest INR is {last}, back in range: resume warfarin at an adjusted "
            "(lower) dose and recheck the INR within 3-5 days"
        )
        plan_zh = f"最近 INR {last}，已回到目标范围：以调整后的（较低）剂量恢复华法林，3-5 天内复查 INR"
    else:
        plan_en = (
            f"the latest INR is {last}: recheck it and resume warfarin at an adjusted "
            "(lower) dose once it is back in the 2-3 range"
        )
        plan_zh = f"最近 INR {last}：复查 INR，待回到 2-3 目标范围后以调整后的（较低）剂量恢复华法林"
    en = (
        f" Warfarin is held, not stopped: the dose was held for an INR of {v} on {when} "
        f"(above the 2-3 target); {plan_en}."
    )
    zh = f"华法林为暂停而非停用：{when} INR {v}（高于 2-3 目标范围）后暂停给药；{plan_zh}。"
    item = R.mention_item(
        "Resumes warfarin at an adjusted dose (held for a high INR, not stopped)",
        "以调整后的剂量恢复华法林（因 INR 偏高暂停，并非停用）",
        ["resume", "resumed", "restart", "恢复", "重新开始"],
    )
    return en, zh, item


@dataclass
class IvAtDischarge:
    """What a discharge list says of the IV drugs running at discharge
    (:func:`_iv_at_discharge`): the sentence (EN, ZH), its rubric item, the IV proton pump
    inhibitors listed by mouth (``oral``), the IV anti-infectives it plans for and the
    infection that sends them home as OPAT (``indication``, ``""`` when none)."""

    en: str = ""
    zh: str = ""
    item: RubricItem | None = None
    oral: list[MedOrder] = field(default_factory=list)
    anti_infectives: list[MedOrder] = field(default_factory=list)
    indication: str = ""
    #: IV drugs whose abrupt stop harms, converted to an oral form on the list (round
    #: 11, :func:`converted_at_discharge`): order id -> its conversion
    converted: dict[str, OralConversion] = field(default_factory=dict)


@dataclass(frozen=True)
class OralConversion:
    """How an IV order of a drug whose abrupt stop harms
    (:func:`~physassist_env.clinical.discharge.no_abrupt_stop`) is written on a
    discharge list: by mouth at ``dose`` (None: the dose is the prescriber's, the IV
    regimen is shown), with the note after it (EN, ZH)."""

    kind: str
    dose: float | None
    en: str
    zh: str
    #: the earlier oral order whose regimen is written instead (a long-term opioid
    #: going back to its oral dose at the same daily dose)
    shown: MedOrder | None = None
    #: the drug's orders are looked up (the answer names the earlier oral order)
    lookup: bool = False


#: MIMIC-IV's non-formulary mark on a product name ("*NF* Ertapenem Sodium").
_NON_FORMULARY = re.compile(r"^\s*\*NF\*\s*")
#: A salt named after the drug ("Ertapenem Sodium", "Vancomycin HCl").
_SALT = re.compile(
    r"\s+(?:sodium|potassium|disodium|hcl|hydrochloride|sulfate|phosphate)\b.*$", re.I
)
#: Words that say an IV anti-infective goes home through OPAT (EN, ZH).
OPAT_TERMS = [
    "OPAT",
    "outpatient parenteral",
    "home IV",
    "home intravenous",
    "home infusion",
    "门诊静脉",
    "家庭静脉",
    "居家静脉",
]
#: Words that say it is switched to an oral agent (EN, ZH).
ORAL_STEP_DOWN = [
    "oral antibiotic",
    "switch to oral",
    "switched to oral",
    "switch it to oral",
    "oral agent",
    "oral step-down",
    "oral step down",
    "by mouth",
    "改为口服",
    "改口服",
    "口服序贯",
    "口服抗菌药",
    "口服抗生素",
]


def aspirin_with_anticoagulant(
    going: list[MedOrder],
) -> tuple[str, str, RubricItem] | None:
    """(EN, ZH, rubric item) flagging aspirin above
    :data:`~physassist_env.clinical.antithrombotic.ASPIRIN_MAX_WITH_ANTICOAGULANT` mg a
    day on a discharge list that also carries an oral anticoagulant (aspirin 325 mg
    beside a new apixaban: 75-100 mg if an antiplatelet is still needed, else stopped;
    2023 ACC/AHA/ACCP/HRS AF guideline), else None."""
    ac = [drug_of(o) for o in going if drug_of(o) in ANTICOAGULANTS]
    dose = daily_dose([o for o in going if drug_of(o) == "aspirin"])
    if not ac or dose is None or dose.unit != "mg":
        return None
    if dose.amount <= ASPIRIN_MAX_WITH_ANTICOAGULANT:
        return None
    mg = R.fmt(dose.amount, 0)
    return (
        f"Flag: aspirin {mg} mg a day beside {ac[0]} raises the bleeding risk; if an"
        " antiplatelet is still needed, reduce the aspirin to 81 mg a day, else stop the"
        " aspirin (review with cardiology).",
        f"提示：阿司匹林每日 {mg} mg 与{drug_zh(ac[0])}合用增加出血风险；如仍需抗血小板，"
        "阿司匹林减至每日 81 mg，否则停用阿司匹林（与心内科商定）。",
        R.mention_item(
            f"Flags aspirin {mg} mg a day with {ac[0]} for review",
            f"提示阿司匹林每日 {mg} mg 与{drug_zh(ac[0])}合用需复核",
            ["81 mg", "bleeding risk", "reduce the aspirin", "stop the aspirin", "出血风险", "81 毫克"],
        ),
    )  # fmt: skip


def opioid_benzodiazepine_flag(
    going: list[MedOrder],
) -> tuple[str, str, RubricItem] | None:
    """(EN, ZH, rubric item) flagging an opioid and a benzodiazepine on one discharge
    list (:func:`~physassist_env.clinical.discharge.opioid_with_benzodiazepine`: FDA
    2016 boxed warning; CDC 2022 opioid guideline, recommendations 8 and 11), else
    None. Round 11 (questionable in the ninth reading, 10027445-27488741 t2)."""
    found = opioid_with_benzodiazepine(going)
    if found is None:
        return None
    opioid, benzo = found
    o_en, b_en = (
        drug_of(o) or _SALT.sub("", display_name(o.name)) for o in (opioid, benzo)
    )
    o_zh, b_zh = _zh_drug(opioid), _zh_drug(benzo)
    return (
        f"Flag: {o_en} (an opioid) and {b_en} (a benzodiazepine) on one list carry the"
        " FDA boxed warning of respiratory depression and sedation: decide whether the"
        f" {b_en} goes home; if both do, the lowest doses, a stated supply and naloxone.",
        f"提示：{o_zh}（阿片类）与{b_zh}（苯二氮䓬类）同在出院带药中，有 FDA 黑框警告"
        f"（呼吸抑制、过度镇静）：决定{b_zh}是否带回家；如两者都带，用最低剂量、写明用量并配备纳洛酮。",
        R.mention_item(
            f"Flags {o_en} with {b_en} (an opioid with a benzodiazepine: respiratory depression)",
            f"提示{o_zh}与{b_zh}合用（阿片类与苯二氮䓬类：呼吸抑制风险）",
            ["benzodiazepine", "respiratory depression", "sedation", "boxed warning",
             "naloxone", "苯二氮䓬", "呼吸抑制", "纳洛酮", "黑框警告"],
        ),
    )  # fmt: skip


def stent_day(ctx: TopicContext) -> tuple[str, str]:
    """``(day, title)`` of the first coronary stent placed in this episode and known at
    the session (:func:`~physassist_env.clinical.antithrombotic.coronary_stent`; the
    view is date-gated), ``("", "")`` for none."""
    found: list[tuple[str, str]] = []
    for res in ctx.toolkit.view.search(
        "Procedure", {"date": f"ge{ctx.facts.start[:10]}"}
    )[0]:
        code = res.get("code") or {}
        title = str(code.get("text") or "") or " ".join(
            str(c.get("display") or "") for c in code.get("coding") or []
        )
        when = str(
            res.get("performedDateTime")
            or (res.get("performedPeriod") or {}).get("start")
            or ""
        )[:10]
        if (
            coronary_stent(title)
            and ctx.facts.start[:10] <= when <= ctx.facts.current_date
        ):
            found.append((when, title))
    return min(found) if found else ("", "")


def _device_text(title: str) -> tuple[str, str]:
    """(EN, ZH) of the device a stent procedure placed, in the record's words: an
    ICD-10-PCS title names an "intraluminal device", not a stent, and the answer says
    only what the record shows."""
    if re.search(r"stent", title, re.I):
        return "a coronary stent", "冠状动脉支架"
    if re.search(r"drug-eluting", title, re.I):
        return (
            "a drug-eluting coronary intraluminal device",
            "冠状动脉药物洗脱腔内装置",
        )
    return "a coronary intraluminal device", "冠状动脉腔内装置"


def stent_without_p2y12(
    ctx: TopicContext, going: list[MedOrder], calls: list[ToolCall], obs: list[str]
) -> tuple[str, str, RubricItem] | None:
    """(EN, ZH, rubric item) flagging a discharge list with no P2Y12 inhibitor after a
    coronary stent placed this admission (:func:`stent_day`;
    :func:`~physassist_env.clinical.antithrombotic.missing_p2y12`: 2016 ACC/AHA DAPT
    focused update, 2025 ACS guideline, 2023 AF guideline with an anticoagulant), else
    None. The procedure it cites is looked up."""
    day, title = stent_day(ctx)
    if not day:
        return None
    ac = [drug_of(o) for o in going if drug_of(o) in ANTICOAGULANTS]
    flag = missing_p2y12(
        {drug_of(o) or "" for o in going}, (ac[0], drug_zh(ac[0])) if ac else None
    )
    if flag is None:
        return None
    ctx.run("Procedure.search", {"date_from": day, "date_to": day}, calls, obs)
    dev_en, dev_zh = _device_text(title)
    return (
        f"Flag: {dev_en} was placed on {day}; {flag[0]}",
        f"提示：{day} 置入{dev_zh}，{flag[1]}",
        R.mention_item(
            "Flags the missing P2Y12 inhibitor after the coronary device (clopidogrel)",
            f"提示冠脉介入术后缺少 P2Y12 抑制剂（{drug_zh('clopidogrel')}）",
            ["P2Y12", "clopidogrel", "Plavix", "ticagrelor", "prasugrel", "dual antiplatelet", "DAPT",
             drug_zh("clopidogrel"), drug_zh("ticagrelor"), "双联抗血小板"],
            critical=True,
        ),
    )  # fmt: skip


def ppi_ending_today(facts: AdmissionFacts) -> MedOrder | None:
    """A scheduled IV proton pump inhibitor given twice daily or more often
    (:data:`~physassist_env.clinical.discharge.TWICE_DAILY_OR_MORE`) whose order ends on the session day, when no PPI order
    is active: the drug was given that day, and a PPI is converted to oral, not
    stopped in silence (ACG 2021 upper GI and ulcer bleeding guideline, Laine L et al.,
    Am J Gastroenterol 2021;116:899-917: high-dose PPI for 3 days after endoscopic
    therapy, then oral twice daily to 14 days, then once daily; the IV and oral 40 mg
    doses are bioequivalent, FDA labels of Protonix and Protonix I.V.). The record's day
    gate shows an order stopped late on the session day as ended, and the oral order
    written for the next morning not yet (round 9b of the real-record reading)."""
    if any(PPI.search(f"{o.generic or ''} {o.name}") for o in facts.active_orders()):
        return None
    ending = [
        o
        for o in facts.orders
        if o.scheduled
        and iv_ppi(o)
        and TWICE_DAILY_OR_MORE.search(o.frequency)
        and o.status != "active"
        and o.end[:10] == facts.current_date
    ]
    return max(ending, key=lambda o: o.end) if ending else None


def steroid_through_stay(facts: AdmissionFacts, o: MedOrder) -> bool:
    """Whether ``o`` is an intravenous systemic glucocorticoid at a maintenance dose
    (:func:`~physassist_env.clinical.discharge.maintenance_glucocorticoid`) whose drug
    was first ordered this episode within
    :data:`~physassist_env.clinical.discharge.THROUGH_STAY_HOURS` of its start, by any
    route (methylprednisolone 4 mg daily by mouth, then IV): it goes home by mouth at
    the same dose, not dropped as "stays in hospital" (round 10c)."""
    if inpatient_only(o) != "intravenous":
        return False
    g = drug_of(o) or ""
    if not maintenance_glucocorticoid(g, getattr(daily_dose([o]), "amount", None)):
        return False
    firsts = [
        p.start
        for p in facts.orders
        if drug_of(p) == g
        and (not p.hadm_id or p.hadm_id == facts.hadm_id)
        and p.start[:10] >= facts.start[:10]
    ]
    return bool(firsts) and min(firsts)[:19] <= plus_hours(
        facts.start, THROUGH_STAY_HOURS
    )


def long_term_opioid(ctx: TopicContext, o: MedOrder) -> MedOrder | None:
    """Whether the opioid of IV order ``o`` is taken long term: a home drug, on the last
    discharge list, or given by mouth earlier this stay (methadone 10 mg PO TID, then 5
    mg IV q8h). Returns the earlier oral order where there is one, else ``o`` itself;
    None for an opioid started here (an acute IV course, whose stop the team decides)."""
    g = drug_of(o) or drug_key(o)
    oral = [
        p
        for p in ctx.facts.orders
        if drug_key(p) == drug_key(o)
        and p.start < o.start
        and p.dose is not None
        and not inpatient_only(p)
        and (not p.hadm_id or p.hadm_id == ctx.facts.hadm_id)
    ]
    if oral:
        return max(oral, key=lambda p: p.start)
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    if g in ctx.facts.home or (last is not None and g in last.generics):
        return o
    return None


def _per_day(o: MedOrder) -> float:
    """Doses a day of an order's frequency (TID and Q8H are both 3), 0 when unknown."""
    one = daily_dose([replace(o, dose=1.0, dose_range=None)])
    return getattr(one, "amount", 0.0) or 0.0


def converted_at_discharge(ctx: TopicContext, o: MedOrder) -> OralConversion | None:
    """How the discharge list writes an IV order of a drug whose abrupt stop harms
    (:func:`~physassist_env.clinical.discharge.no_abrupt_stop`: systemic glucocorticoids
    at any dose, long-term opioids, antiepileptics, beta-blockers), or None: converted to
    an oral form with its ratio where that is safe to state, else "convert, the dose set
    by the prescriber", never dropped in silence (round 11, unsafe class of the ninth
    reading; Endocrine Society 2016 adrenal insufficiency guideline; CDC 2022 opioid
    guideline, recommendation 5; NICE NG217; beta-blocker labels' boxed warning)."""
    found = no_abrupt_stop(o)
    if found is None or o.dose is None:
        return None
    kind, factor = found
    stop_en, stop_zh = "not to be stopped abruptly", "不可突然停用"
    if kind == "glucocorticoid":
        g = drug_of(o) or drug_key(o)
        daily = getattr(daily_dose([o]), "amount", None)
        high = not maintenance_glucocorticoid(g, daily)
        en = " (IV now: by mouth at discharge, IV:PO 1:1" + (
            "; above a maintenance dose: the prescriber writes the taper or the stop"
            " date, not dropped)"
            if high
            else ", same dose; not to be stopped abruptly)"
        )
        zh = "（静脉改口服，按 1:1 换算" + (
            "；高于维持剂量：由处方医生写明减量方案或停药日期，不可遗漏）"
            if high
            else "，剂量相同；不可突然停用）"
        )
        return OralConversion(kind, o.dose * (factor or 1.0), en, zh)
    if kind == "opioid":
        before = long_term_opioid(ctx, o)
        if before is None:
            return None
        earlier = before if before is not o else None
        ratio = f"IV:PO about 1:{R.fmt(factor, 0)}" if factor is not None else ""
        if (
            earlier is not None
            and factor is not None
            and earlier.dose is not None
            and _per_day(o) > 0
            and abs(earlier.dose * _per_day(earlier) - o.dose * factor * _per_day(o))
            < 1e-6
        ):
            # the IV dose converted is the oral dose before the IV: that regimen goes
            # home, as the record shows it
            return OralConversion(
                kind,
                None,
                " (IV now: back by mouth at discharge at the oral dose before the IV,"
                f" {ratio}; an opioid taken long term, {stop_en})",
                f"（静脉改回口服，恢复改静脉前的口服剂量，静脉与口服剂量约"
                f" 1:{R.fmt(factor, 0)}；长期使用的阿片类药物，{stop_zh}）",
                shown=earlier,
                lookup=True,
            )
        was_en = was_zh = ""
        if earlier is not None:
            reg = regimen_text(earlier)
            was_en = f", checked against the oral dose before the IV ({reg[0]})"
            was_zh = f"，并与改静脉前的口服剂量（{reg[1]}）核对"
        dose_en = (
            f"at {ratio}" if factor is not None else "the dose set by the prescriber"
        )
        dose_zh = (
            f"静脉与口服剂量约 1:{R.fmt(factor, 0)}"
            if factor is not None
            else "剂量由处方医生确定"
        )
        return OralConversion(
            kind,
            None,
            f" (IV now: by mouth at discharge, {dose_en}: IV and oral doses differ"
            f"{was_en}; an opioid taken long term, {stop_en})",
            f"（静脉改口服，{dose_zh}（静脉与口服剂量不同）"
            f"{was_zh}；长期使用的阿片类药物，{stop_zh}）",
            lookup=earlier is not None,
        )
    why_en = {
        "antiepileptic": "an antiepileptic",
        "beta-blocker": "a beta-blocker",
    }.get(kind, "a drug with a withdrawal syndrome")
    why_zh = {"antiepileptic": "抗癫痫药", "beta-blocker": "β受体阻滞剂"}.get(
        kind, "有撤药反应的药物"
    )
    return OralConversion(
        kind,
        None,
        " (IV now: by mouth at discharge, the dose set by the prescriber: IV and oral"
        f" doses differ; {why_en}, {stop_en})",
        f"（静脉改口服，剂量由处方医生确定（静脉与口服剂量不同）；{why_zh}，{stop_zh}）",
    )


def _iv_at_discharge(
    ctx: TopicContext, active: list[MedOrder], calls: list[ToolCall], obs: list[str]
) -> IvAtDischarge:
    """The IV anti-infectives and proton pump inhibitors running at discharge whose drug
    no going-home order carries (one order per drug).

    An anti-infective is switched to an oral agent or continued as OPAT, which the
    discharge arranges (IDSA 2018 OPAT guideline, Norris AH et al., Clin Infect Dis
    2019;68:e1-e35); for an infection known at the session whose treatment is weeks of
    IV therapy (brain abscess, endocarditis, osteomyelitis:
    :func:`~physassist_env.scenarios.derived.iv_course_indication`) it goes home as OPAT,
    the Condition look-up showing the indication added to the gold actions. An IV PPI is
    listed by mouth at the same dose (ACG 2021 upper GI bleeding guideline), also when
    its order ends on the session day itself with no later PPI order visible (round 9b:
    an IV pantoprazole for a bleeding ulcer stopped at 23:00 to go on by mouth the next
    morning is given that day: :func:`ppi_ending_today`); its order is looked up."""
    going = {drug_key(o) for o in active}
    ppi_going = any(
        ACID_SUPPRESSANT.search(f"{o.generic or ''} {o.name}") for o in active
    )
    abx: dict[str, MedOrder] = {}
    ppi: dict[str, MedOrder] = {}
    other: dict[str, MedOrder] = {}
    for o in ctx.facts.active_orders():
        key = drug_key(o)
        if not o.scheduled or key in going:
            continue
        acid = bool(ACID_SUPPRESSANT.search(f"{o.generic or ''} {o.name}"))
        if iv_anti_infective(o):
            abx.setdefault(key, o)
        elif iv_oral_same_dose(o) and acid and not ppi_going:
            # one acid suppressant goes home, a PPI before an H2 blocker
            if iv_ppi(o) and not any(iv_ppi(p) for p in ppi.values()):
                ppi.clear()
            if not ppi:
                ppi[key] = o
        elif (iv_oral_same_dose(o) and not acid) or steroid_through_stay(ctx.facts, o):
            other.setdefault(key, o)
    if not ppi_going and not any(iv_ppi(p) for p in ppi.values()):
        today = ppi_ending_today(ctx.facts)
        if today is not None:
            ppi = {drug_key(today): today}
            ctx.run(
                "MedicationRequest.search",
                {"medication": today.name, "date_from": today.start[:10]},
                calls,
                obs,
            )
    out = IvAtDischarge(oral=list(ppi.values())[:1] + list(other.values()))
    seen = going | set(abx) | set(ppi) | set(other)
    for o in ctx.facts.active_orders():
        key = drug_key(o)
        if not o.scheduled or key in seen:
            continue
        conv = converted_at_discharge(ctx, o)
        if conv is not None:
            if conv.lookup:
                # the earlier oral order the answer names is looked up
                ctx.run(
                    "MedicationRequest.search",
                    {"medication": o.name, "date_from": ctx.facts.start[:10]},
                    calls,
                    obs,
                )
            seen.add(key)
            out.converted[o.id] = conv
            out.oral.append(o)
    if not abx:
        return out
    drugs = out.anti_infectives = list(abx.values())
    # MIMIC-IV marks a non-formulary product "*NF*", and a salt ("Ertapenem Sodium")
    # is no part of the drug a plan names (the grader would read "sodium" as a subject)
    shown = [_SALT.sub("", _NON_FORMULARY.sub("", display_name(o.name))) for o in drugs]
    names_en = " and ".join(f"IV {n}" for n in shown)
    names_zh = "、".join(f"静脉{_zh_drug(o)}" for o in drugs)
    found = iv_course_indication(ctx.toolkit.view, ctx.facts)
    if found is not None:
        ctx.run("Condition.search", {}, calls, obs)
    elif (found := deep_culture_course(ctx.facts)) is not None:
        # round 17: the deep infection read from the stay's cultures (its codes come at
        # discharge); the culture look-up shows it
        ctx.run(
            "Observation.search",
            {"category": "microbiology", "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
    if found is not None:
        ind_en, ind_zh, weeks = found
        out.indication = ind_en
        # each drug named with its plan: the harm reader reads a listed IV antibiotic
        # with the words that follow it (clinical.harm.OPAT_PLAN)
        out.en = (
            " Going home through OPAT (outpatient parenteral antimicrobial therapy) for "
            f"the {ind_en} ({weeks} weeks of IV therapy): "
            + ", ".join(f"IV {n} (OPAT)" for n in shown)
            + "; arrange the line, the infusion service and weekly monitoring labs "
            "before discharge."
        )
        out.zh = (
            f"出院后经门诊静脉抗菌治疗（OPAT）继续治疗{ind_zh}（需静脉治疗 {weeks} 周）："
            + "、".join(f"静脉{_zh_drug(o)}（OPAT）" for o in drugs)
            + "；出院前安排好静脉通路、输液服务和每周监测化验。"
        )
        out.item = R.mention_item(
            f"Continues {names_en} at home through OPAT for the {ind_en}",
            f"{names_zh}经门诊静脉抗菌治疗（OPAT）在院外继续（{ind_zh}）",
            OPAT_TERMS,
        )
        return out
    # the off-list words open the sentence: the grader reads the drug as not listed
    out.en = (
        f" Not for home as written: {names_en}; before discharge, change it to an oral "
        "antibiotic or arrange OPAT (outpatient parenteral antimicrobial therapy)."
    )
    out.zh = (
        f"院内用药，不带回：{names_zh}；出院前改为口服抗菌药，或安排门诊静脉抗菌治疗"
        "（OPAT）。"
    )
    out.item = R.mention_item(
        f"Says {names_en} is switched to an oral agent or arranged as OPAT",
        f"指出{names_zh}出院前改为口服或安排门诊静脉抗菌治疗（OPAT）",
        ORAL_STEP_DOWN + OPAT_TERMS,
    )
    return out
