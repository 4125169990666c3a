"""Haematology topics: restrictive transfusion thresholds (CR, WU) and the INR on
warfarin read against its therapeutic range (CR)."""

from __future__ import annotations

from datetime import date

from physassist_env.clinical import warfarin
from physassist_env.clinical.bleeding import (
    CIRRHOSIS_OR_VARICES,
    REBLEED_DROP,
    REBLEED_HOURS,
    VARICEAL_TARGET,
    VARICEAL_THRESHOLD,
    haemoglobin_fall,
    variceal_vasoactive,
)
from physassist_env.clinical.discharge import ppi_bleed_dosing
from physassist_env.clinical.heart_failure import HEART_FAILURE
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import drug_of
from physassist_env.scenarios.features import AdmissionFacts, MedOrder
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
    day,
    days_old,
    drawn_text,
    requires,
)
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.decisions import CONTINUE, HOLD, MONITOR
from physassist_env.vocab.drugs import display_name

#: Coronary disease (ICD-10 I20-I25, ICD-9 410-414): the 8 g/dL threshold applies.
_CARDIAC = ("I20", "I21", "I22", "I24", "I25", "410", "411", "412", "413", "414")
#: Acute coronary syndrome this admission: no restrictive threshold is recommended (AABB 2023).
_ACS = ("I21", "I22", "I24", "410", "411")

#: How an answer calls an INR on warfarin (sub-, within, supratherapeutic; EN and ZH).
SUB = [
    "subtherapeutic",
    "below the target",
    "below target",
    "below range",
    "低于目标",
    "未达标",
    "低于治疗范围",
    "低于目标范围",
]
THER = [
    "therapeutic",
    "in range",
    "within range",
    "within the target",
    "in the target range",
    "达标",
    "目标范围内",
    "在治疗范围内",
]
SUPRA = [
    "supratherapeutic",
    "above the target",
    "above target",
    "above range",
    "高于目标",
    "超过目标",
    "超出治疗范围",
    "高于治疗范围",
    "超出目标范围",
]
#: Words of a warfarin dose increase / decrease.
INCREASE = [
    "increase",
    "up-titrate",
    "uptitrate",
    "raise",
    "higher dose",
    "加量",
    "增加剂量",
    "增加",
]
LOWER = ["lower", "reduce", "decrease", "减量", "减少", "降低"]

TRANSFUSE = [
    "transfuse",
    "transfusion is indicated",
    "needs a transfusion",
    "give a unit",
    "give one unit",
    "需要输血",
    "建议输血",
    "有输血指征",
    "输注",
]
NO_TRANSFUSE = [
    "no transfusion",
    "transfusion is not indicated",
    "not indicated",
    "does not need a transfusion",
    "doesn't need a transfusion",
    "无需输血",
    "不需要输血",
    "暂不输血",
    "无输血指征",
]


#: Words of looking for a bleed (a haemoglobin fall to explain).
BLEEDING_WORDS = [
    "bleeding",
    "bleed",
    "blood loss",
    "hemorrhage",
    "haemorrhage",
    "出血",
    "失血",
]


#: How far above its restrictive threshold a haemoglobin may be for the transfusion
#: question to be asked (g/dL): near the threshold the answer turns on the threshold that
#: applies (7 or 8 g/dL) and on the value; at 12 g/dL nobody asks (issue #36).
NEAR_THRESHOLD = 1.5

#: Words of a red-cell transfusion in a procedure's name (ICD-10-PCS 30233N1 "Transfusion of
#: Nonautologous Red Blood Cells ...", ICD-9 99.04 "Transfusion of packed cells").
TRANSFUSION_PROCEDURE = ("red blood cells", "packed cells", "red cells")


def transfusions_since(ctx: TopicContext, day_: str) -> list[str]:
    """Days (YYYY-MM-DD) of red-cell transfusions recorded on ``day_`` or later, as known at
    the session date (the record's procedures; generator-side read of the view)."""
    found = ctx.toolkit.call("Procedure.search", {"date_from": day_})
    out = []
    for line in found.text.splitlines():
        parts = (
            [p.strip() for p in line[2:].split(" | ")] if line.startswith("- ") else []
        )
        if len(parts) >= 2 and any(
            w in parts[1].lower() for w in TRANSFUSION_PROCEDURE
        ):
            out.append(parts[0][:10])
    return out


RECHECK_FIRST = [
    "recheck",
    "repeat",
    "post-transfusion",
    "after the unit",
    "before another",
    "复查",
    "输血后",
]


def _threshold(ctx: TopicContext) -> tuple[float, str, str] | None:
    """(Hb threshold g/dL, EN basis, ZH basis), or None when a threshold does not apply.

    AABB International Guidelines (Carson JL et al., JAMA 2023;330:1892-1902): a
    restrictive threshold of 7 g/dL for hospitalised adults, 8 g/dL with pre-existing
    cardiovascular disease; no recommendation in acute coronary syndrome, and active
    bleeding is managed by haemorrhage protocols, not thresholds.
    """
    f = ctx.facts
    hb = f.labs.get("hemoglobin")
    if hb is None or "g/dl" not in hb.latest.unit.lower():
        return None
    if f.bleeding_coded() or f.has_condition(*_ACS):
        return None
    if variceal_treatment(f) is not None:
        # a variceal bleed under a vasoactive drug is a treated bleed with its own
        # threshold, whatever the coronary history (Baveno VII 2022; round 12,
        # 10039708-24928679 t3: 7.8 g/dL read against the coronary 8 g/dL)
        low, high = VARICEAL_TARGET
        return (
            VARICEAL_THRESHOLD,
            f"acute variceal bleeding in cirrhosis, treated now (target {low:g}-{high:g} g/dL; Baveno VII 2022)",
            f"正在治疗的肝硬化急性静脉曲张出血（目标 {low:g}-{high:g} g/dL；Baveno VII 2022）",
        )
    if f.ever_had(*_CARDIAC):
        return 8.0, "patients with coronary disease", "冠心病患者"
    return 7.0, "hospitalised adults", "住院成人"


def variceal_treatment(facts: AdmissionFacts) -> MedOrder | None:
    """The intravenous vasoactive order of an acute variceal bleed
    (:func:`~physassist_env.clinical.bleeding.variceal_vasoactive`) of this admission,
    running on the session day, in a patient with cirrhosis or varices known at the
    session (:data:`~physassist_env.clinical.bleeding.CIRRHOSIS_OR_VARICES`), or None
    (Baveno VII 2022)."""
    if not facts.ever_had(*CIRRHOSIS_OR_VARICES):
        return None
    found = [
        o
        for o in facts.orders
        if variceal_vasoactive(f"{o.generic or ''} {o.name}", o.route)
        and (not o.hadm_id or o.hadm_id == facts.hadm_id)
        and o.start[:10] <= facts.current_date
        and (not o.end or o.end[:10] >= facts.current_date)
    ]
    return max(found, key=lambda o: o.start) if found else None


#: Words that flag a haemoglobin fall as possible rebleeding (EN, ZH).
REBLEED_WORDS = [
    "rebleed",
    "re-bleed",
    "rebleeding",
    "bleeding again",
    "再出血",
    "再次出血",
]


def gi_bleed_treatment(facts: AdmissionFacts) -> MedOrder | None:
    """The IV proton pump inhibitor at bleed dosing (twice daily or more, or an infusion:
    :func:`~physassist_env.clinical.discharge.ppi_bleed_dosing`) of this admission,
    started by the session day: an upper GI bleed treated now (ACG 2021), or None."""
    found = [
        o
        for o in facts.orders
        if ppi_bleed_dosing(o)
        and (not o.hadm_id or o.hadm_id == facts.hadm_id)
        and o.start[:10] <= facts.current_date
        and (not o.end or o.end[:10] >= facts.current_date)
    ]
    return max(found, key=lambda o: o.start) if found else None


def rebleed_fall(ctx: TopicContext) -> tuple[tuple[str, float], MedOrder] | None:
    """((time, g/dL) the fall started from, the PPI order) of a haemoglobin fall of
    :data:`~physassist_env.clinical.bleeding.REBLEED_DROP` g/dL or more within
    :data:`~physassist_env.clinical.bleeding.REBLEED_HOURS` h while an upper GI bleed is
    treated (:func:`gi_bleed_treatment`): possible rebleeding (ACG 2021; round 10,
    10019917 t1: 10.2 -> 8.3 g/dL in 13 h on IV pantoprazole twice daily), or None."""
    ppi = gi_bleed_treatment(ctx.facts)
    if ppi is None:
        return None
    fall = ctx.facts.haemoglobin_fall(REBLEED_DROP, REBLEED_HOURS)
    return (fall, ppi) if fall is not None else None


@requires("lab")
def transfusion_threshold(ctx: TopicContext) -> Draft | None:
    """CR: does the haemoglobin call for a red-cell transfusion (restrictive threshold)?"""
    th = _threshold(ctx)
    if th is None:
        return None
    limit, basis_en, basis_zh = th
    hb = ctx.facts.labs["hemoglobin"]
    p = hb.latest  # the latest haemoglobin known at the session
    # A transfusion decision rests on a current haemoglobin (AABB 2023): one more than
    # 2 days old is not asked about; one from an earlier day is dated and repeated first.
    age = days_old(p, ctx.facts.current_date)
    # asked near the threshold, or after an acute fall (a bleed to look for, whatever the
    # value: clinical.bleeding); not at a stable 12 g/dL
    # (round 10: or a 1 g/dL fall within 24 h while an upper GI bleed is treated)
    rebleed = rebleed_fall(ctx) if ctx.facts.haemoglobin_fall() is None else None
    if age > 2 or (
        p.value >= limit + NEAR_THRESHOLD
        and ctx.facts.haemoglobin_fall() is None
        and rebleed is None
    ):
        return None
    drawn_en, drawn_zh = drawn_text(p, ctx.facts.current_date)
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "lab:hemoglobin:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": "hemoglobin", "_count": 5}, calls, obs)
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    if not calls:
        ctx.run(
            "Observation.search",
            {"code": "hemoglobin", "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
    v, lim = R.fmt(p.value, 1), R.fmt(limit, 0)
    fall = ctx.facts.haemoglobin_fall()
    if fall is not None and not any(
        c.name == "Observation.search"
        and c.arguments.get("date_from", "9999") <= fall[0][:10]
        for c in calls
    ):
        # the value the fall started from is read, not only the latest
        ctx.run(
            "Observation.search",
            {"code": "hemoglobin", "date_from": fall[0][:10]},
            calls,
            obs,
        )
    explicit = ctx.request(
        [
            Text(
                en="Does the hemoglobin call for a transfusion?",
                zh="这个血红蛋白需要输血吗？",
            ),
            Text(
                en="Should we transfuse at this hemoglobin?",
                zh="血红蛋白这个水平，要不要输血？",
            ),
            Text(en="Is there an indication for blood today?", zh="今天有输血指征吗？"),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:hemoglobin"):
        implicit[Implicitness.NA] = Text(
            en="Do we need to transfuse for that?", zh="这个值需要输血吗？"
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="All told, does this need blood?", zh="综合来看，需要输血吗？"
        )
    below = p.value < limit
    # A unit already given on the day of this haemoglobin or since is reassessed before
    # another: single-unit transfusion, then a repeat haemoglobin (AABB 2023; Choosing
    # Wisely, AABB 2014: "don't transfuse more units than necessary"). The record dates a
    # transfusion procedure by day, so the gold reads the procedures from that day on.
    given = transfusions_since(ctx, p.time[:10]) if below else []
    if given:
        ctx.run("Procedure.search", {"date_from": p.time[:10]}, calls, obs)
    # An acute fall (>= 2 g/dL within 48 h to below the WHO anaemia threshold; ISTH 2005
    # major-bleeding criterion, clinical.bleeding) is a loss to explain whatever the
    # threshold says: look for bleeding and repeat the haemoglobin (AABB 2023 thresholds
    # apply to stable patients, not to one who may be bleeding).
    fall_en = fall_zh = ""
    if rebleed is not None:
        # a smaller fall while an upper GI bleed is treated: possible rebleeding, to
        # reassess whatever the threshold says (ACG 2021; clinical.bleeding.REBLEED_DROP)
        (r_t, r_v), ppi = rebleed
        ctx.run(
            "Observation.search",
            {"code": "hemoglobin", "date_from": r_t[:10]},
            calls,
            obs,
        )
        ctx.run(
            "MedicationRequest.search",
            {"medication": ppi.name, "date_from": ppi.start[:10]},
            calls,
            obs,
        )
        # the fall is said by its two values: a difference reads as a haemoglobin value
        when = r_t[:16].replace("T", " ")
        name = display_name(ppi.name)
        fall_en = (
            f" {'It' if below else 'But it'} fell within 24 hours (from {R.fmt(r_v, 1)} g/dL on"
            f" {when}) while an upper GI bleed is treated ({name} IV"
            f" {ppi.frequency}): possible rebleeding. Reassess now (pulse, blood"
            " pressure, melaena or haematemesis), repeat the hemoglobin within hours"
            " and call gastroenterology if it keeps falling."
        )
        fall_zh = (
            f"{'' if below else '但'}24 小时内由 {R.fmt(r_v, 1)} g/dL（{when}）降至此值，且正在按上消化道"
            f"出血治疗（静脉{drug_zh(ppi.generic or name)}）：警惕再出血。立即重新评估（心率、"
            "血压、有无黑便或呕血），数小时内复查血红蛋白，持续下降则联系消化科。"
        )
    if fall is not None:
        f_v = R.fmt(fall[1], 1)
        fall_en = (
            f" It fell from {f_v} g/dL ({fall[0][:16].replace('T', ' ')}) within 48 hours:"
            " assess for bleeding and repeat the hemoglobin today."
        )
        fall_zh = (
            f"48 小时内由 {f_v} g/dL（{fall[0][:16].replace('T', ' ')}）降至此值，"
            "需警惕出血并查找原因，今天复查血红蛋白。"
        )
    if given:
        answer = Text(
            en=f"Not another unit yet: hemoglobin is {v} g/dL ({drawn_en or day(p.time)}), below the restrictive threshold of {lim} g/dL for {basis_en}, but a red-cell transfusion is already recorded on {given[-1]}. Repeat the hemoglobin to see the response to that unit before deciding on another."
            + fall_en,
            zh=f"暂不追加输血：血红蛋白 {v} g/dL（{drawn_zh or day(p.time)}），低于{basis_zh}的限制性输血阈值 {lim} g/dL，但 {given[-1]} 已记录输注红细胞。先复查血红蛋白评估输血效果，再决定是否追加。"
            + fall_zh,
        )
        concl = R.conclusion_item(
            f"Says a unit was already given ({given[-1]}) and the hemoglobin is rechecked before another",
            f"指出 {given[-1]} 已输注红细胞，追加前先复查血红蛋白",
            RECHECK_FIRST,
            [
                "transfuse another",
                "another unit now",
                "give another unit",
                "再输 1 单位",
            ],
        )
    elif below:
        answer = Text(
            en=f"Yes: hemoglobin is {v} g/dL ({drawn_en or day(p.time)}), below the restrictive threshold of {lim} g/dL for {basis_en}. "
            + (
                "Confirm it with a repeat hemoglobin today; if still below, transfuse one unit"
                if age > 0
                else "Transfuse one unit"
            )
            + " of packed red cells, then recheck the hemoglobin."
            + fall_en,
            zh=f"需要：血红蛋白 {v} g/dL（{drawn_zh or day(p.time)}），低于{basis_zh}的限制性输血阈值 {lim} g/dL。"
            + ("请今天先复查血红蛋白，仍低于阈值则" if age > 0 else "建议")
            + "输注 1 单位悬浮红细胞，之后复查血红蛋白。"
            + fall_zh,
        )
        concl = R.conclusion_item(
            "Concludes a transfusion is indicated",
            "判断有输血指征",
            TRANSFUSE,
            NO_TRANSFUSE,
        )
    else:
        # a value equal to the threshold is at it, not above it (transfuse below it)
        side_en, side_zh = (
            ("above", "高于") if float(v) > float(lim) else ("at", "等于")
        )
        answer = Text(
            en=f"No transfusion is indicated: hemoglobin is {v} g/dL ({drawn_en or day(p.time)}), {side_en} the restrictive threshold of {lim} g/dL for {basis_en}."
            + (fall_en or " Monitor the hemoglobin."),
            zh=f"无需输血：血红蛋白 {v} g/dL（{drawn_zh or day(p.time)}），{side_zh}{basis_zh}的限制性输血阈值 {lim} g/dL。"
            + (fall_zh or "继续监测血红蛋白。"),
        )
        concl = R.conclusion_item(
            "Concludes no transfusion is indicated",
            "判断无需输血",
            NO_TRANSFUSE,
            TRANSFUSE,
        )
    items = [
        # the number the decision rests on: a wrong haemoglobin is a wrong answer
        R.value_item(hb.lab, p.value, p.unit).model_copy(update={"critical": True}),
        concl,
        R.mention_item("Plans to recheck the hemoglobin", "计划复查血红蛋白", MONITOR),
        R.tool_item(
            [c.name for c in calls], "the hemoglobin and history", "血红蛋白和病史"
        ),
    ]
    if 7.0 <= p.value < limit:  # coronary disease raises the threshold and decides here
        items.insert(
            2,
            R.mention_item(
                "Applies the threshold for coronary disease",
                "按冠心病患者的阈值判断",
                [
                    "coronary",
                    "cardiac",
                    "cardiovascular",
                    "heart disease",
                    "冠心病",
                    "心脏",
                ],
            ),
        )
    if rebleed is not None:
        items.insert(
            2,
            R.mention_item(
                f"Flags the fall from {R.fmt(rebleed[0][1], 1)} g/dL as possible rebleeding to reassess",
                f"指出血红蛋白由 {R.fmt(rebleed[0][1], 1)} g/dL 下降，警惕再出血并重新评估",
                REBLEED_WORDS,
            ),
        )
    if fall is not None:
        items.insert(
            2,
            R.mention_item(
                f"Notes the fall from {R.fmt(fall[1], 1)} g/dL and looks for bleeding",
                f"指出血红蛋白由 {R.fmt(fall[1], 1)} g/dL 下降并评估出血",
                BLEEDING_WORDS,
                critical=True,
            ),
        )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="transfusion_threshold",
        entities=["lab:hemoglobin", "transfusion"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[f"hemoglobin {v} g/dL; threshold {lim} g/dL ({basis_en})"]
        + (
            [f"hemoglobin fell from {R.fmt(fall[1], 1)} g/dL within 48 h"]
            if fall
            else []
        )
        + (
            [
                f"hemoglobin fell from {R.fmt(rebleed[0][1], 1)} g/dL within 24 h on a treated GI bleed"
            ]
            if rebleed
            else []
        ),
        known={"lab:hemoglobin:latest", "conditions"}
        if "Condition.search" in [c.name for c in calls]
        else {"lab:hemoglobin:latest"},
        decision="recheck after the unit given"
        if given
        else "transfuse"
        if below
        else "no transfusion",
    )


#: How long one red-cell unit runs with heart failure (EN, ZH): 3-4 hours, the most a
#: unit may hang (BSH 2017 administration of blood components; TACO checklist 2018).
SLOW_HOURS = "3-4 hours"
SLOW_HOURS_ZH = "3-4 小时"


@requires("lab")
def transfuse_order(ctx: TopicContext) -> Draft | None:
    """WU: order one unit of red cells when the haemoglobin is below the threshold
    (single-unit transfusion, then reassess: AABB 2023; Choosing Wisely, AABB 2014)."""
    th = _threshold(ctx)
    if th is None:
        return None
    hb = ctx.facts.labs["hemoglobin"]
    # blood is ordered on a haemoglobin of the session day only (AABB 2023)
    if hb.latest.value >= th[0] or days_old(hb.latest, ctx.facts.current_date) > 0:
        return None
    v = R.fmt(hb.latest.value, 1)
    # the threshold is named with its population (AABB 2023; Baveno VII 2022; round 12)
    note = f"Hemoglobin {v} g/dL, below the restrictive threshold of {th[0]:g} g/dL for {th[1]}; transfuse 1 unit, recheck hemoglobin after."
    calls: list[ToolCall] = []
    obs: list[str] = []
    if hb.latest.value >= 7.0 and "conditions" not in ctx.known:
        # only the coronary threshold (8 g/dL) allows blood at 7-8 g/dL: the history
        # that sets it is read before the order, so the record shown holds its basis
        ctx.run("Condition.search", {}, calls, obs)
    # urgent below the threshold every adult shares (7 g/dL) or on an acute fall; a
    # stable value between 7 and the coronary threshold of 8 g/dL is a routine request
    # (AABB 2023, Carson JL et al., JAMA 2023;330:1892-902; round 16b, reading m:
    # "urgent" for a stable, rising Hb of 7.8, 10018081-23983182 t3)
    stable = hb.latest.value >= 7.0 and ctx.facts.haemoglobin_fall() is None
    # the priority is said, and with heart failure known at the session the unit runs
    # slowly with the fluid balance watched: transfusion-associated circulatory overload
    # is likeliest there (round 17, reading m, 10018081-23983182 t3; AABB 2023, Carson
    # JL et al., JAMA 2023;330:1892-902; BSH/SHOT TACO checklist, Robinson S et al.,
    # Transfus Med 2018;28:112-7: slow rate, consider a diuretic)
    failure = ctx.facts.ever_had(*HEART_FAILURE)
    if stable:
        note += " Routine priority: the hemoglobin is stable, with no acute fall."
    if failure:
        note += f" Heart failure is recorded: run the unit slowly, over {SLOW_HOURS}, watch the fluid balance for overload, and consider a diuretic."
    ctx.run(
        "ServiceRequest.create",
        {
            "service_type": "transfusion of packed red blood cells",
            "priority": "routine" if stable else "urgent",
            "note": note,
        },
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            # not the product's amount: one unit, then a recheck (issue #36)
            Text(
                en="Order the transfusion this hemoglobin calls for.",
                zh="按这个血红蛋白水平，开需要的输血。",
            ),
            Text(
                en="Please put in the blood transfusion it needs.",
                zh="请按需要申请输血。",
            ),
            Text(
                en="Go ahead and order blood for the hemoglobin, as much as indicated.",
                zh="给血红蛋白开输血吧，按指征定量。",
            ),
        ]
    )
    answer = Text(
        en=f"Done: a transfusion of 1 unit of packed red blood cells was requested ({note})",
        zh=f"已申请输注悬浮红细胞 1 单位（血红蛋白 {v} g/dL，低于{th[2]}的限制性输血阈值 {th[0]:g} g/dL；输后复查血红蛋白）。"
        + ("常规优先级：血红蛋白稳定，无急性下降。" if stable else "")
        + (
            f"有心力衰竭记录：缓慢输注（{SLOW_HOURS_ZH}），注意出入量、警惕容量负荷过重，可考虑利尿剂。"
            if failure
            else ""
        ),
    )
    items = [
        R.write_item(
            "Requests a red-cell transfusion",
            "申请输注红细胞",
            "ServiceRequest.create",
            {
                "service_type": [
                    "transfusion",
                    "red blood cell",
                    "red cell",
                    "PRBC",
                    "pRBC",
                    "packed",
                    "blood",
                    "输血",
                    "红细胞",
                ]
            },
        ),
        R.write_item(
            "Asks for a single unit",
            "注明 1 个单位",
            "ServiceRequest.create",
            {
                "service_type|note": [
                    "1 unit",
                    "one unit",
                    "single unit",
                    "1 U",
                    "1u",
                    "1 单位",
                    "1单位",
                    "一个单位",
                    "1个单位",
                ]
            },
        ),
        R.mention_item("Plans a hemoglobin recheck", "计划复查血红蛋白", MONITOR),
    ]
    if failure:
        items.append(
            R.mention_item(
                "Runs the unit slowly with the recorded heart failure",
                "因心力衰竭缓慢输注",
                ["slowly", "slow", "over 3", "over 4", "overload", "缓慢", "容量负荷"],
            )
        )
    return Draft(
        task_type=TaskType.WU,
        tool_source=ToolSource.WRITE,
        topic="transfuse_order",
        entities=["lab:hemoglobin", "transfusion"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"ServiceRequest"},
    )


def warfarin_dose_action(f: AdmissionFacts) -> tuple[str, float] | None:
    """The dose decision (:func:`physassist_env.clinical.warfarin.warfarin_action`) for
    the scheduled warfarin order running now and the latest INR, with the INR:
    ``(action, INR)``; None without such an order, without an INR from the session day
    or the two before (Holbrook 2012: adjust on the INR measured), or when the INR
    cannot yet show the regimen (:func:`~physassist_env.clinical.warfarin.
    dose_is_judgeable`). The anticoagulation answer reads it (round 15, reading k:
    "continue the warfarin" at INR 1.7, "hold until the bleeding risk settles" at INR
    3.2 with no bleed); bleeding is the caller's to read first."""
    inr = f.labs.get("inr")
    # the scheduled regimen, else the order running now (a dose-per-INR placeholder
    # with the day's dose written as a one-off order, as hospitals dose warfarin)
    ordered = [o for o in f.active_orders() if drug_of(o) == "warfarin"]
    order = next((o for o in ordered if o.scheduled), None) or min(
        ordered, key=lambda o: o.start, default=None
    )
    if inr is None or order is None or days_old(inr.latest, f.current_date) > 2:
        return None
    started = order.start[:10] or f.current_date
    running = (date.fromisoformat(f.current_date) - date.fromisoformat(started)).days
    if not warfarin.dose_is_judgeable("warfarin" in f.home, running):
        return None
    v = inr.latest.value
    previous = inr.points[-2].value if len(inr.points) > 1 else None
    change = warfarin.recent_dose_change(f.orders, inr.latest.time)
    return warfarin.warfarin_action(v, previous, change), v


@requires("lab")
def warfarin_inr(ctx: TopicContext) -> Draft | None:
    """CR: the INR on warfarin read against the 2.0-3.0 target and what to do with the dose.

    The dose decision is :func:`physassist_env.clinical.warfarin.warfarin_action` (CHEST
    2012, Holbrook A et al., Chest 2012;141(2 Suppl):e152S-e184S; Ansell 2008): 2-3
    continue; a single INR within 0.5 of the range continue and recheck; below that
    increase; above it up to 4.5 lower or omit a dose; 4.5-10 hold; above 10 hold and give
    oral vitamin K. Patients with bleeding coded, or an acute haemoglobin fall read as the
    grader reads active bleeding (men's anaemia threshold when in doubt), are not offered
    this topic: a bleed on warfarin is assessed first (2020 ACC ECDP, Tomaselli), and
    bleeding reversal is a different question.
    """
    f = ctx.facts
    inr = f.labs.get("inr")
    rng = f.interpretation_range("inr")
    # The regimen is a scheduled order: a one-off ("5 mg ONCE"), PRN or "check with MD
    # for dose" placeholder order is not the dose the INR reflects (MedOrder.scheduled).
    order = next(
        (o for o in f.active_orders() if o.generic == "warfarin" and o.scheduled),
        None,
    )
    if inr is None or rng is None or order is None or f.bleeding_coded():
        return None
    hb = f.labs.get("hemoglobin")
    if hb is not None and haemoglobin_fall(
        ((p.time, p.value) for p in hb.points), female=False
    ):
        return None
    # Dose decisions rest on a current INR (Holbrook 2012: adjust on the INR measured,
    # recheck after changes): an INR more than 2 days old is not asked about; one from
    # an earlier day is dated in the answer, which asks for a repeat INR first.
    age = days_old(inr.latest, f.current_date)
    if age > 2:
        return None
    drawn_en, drawn_zh = drawn_text(inr.latest, f.current_date)
    recheck_en = " Repeat the INR today before changing the dose." if age > 0 else ""
    recheck_zh = "调整剂量前先复查 INR。" if age > 0 else ""
    # The INR reflects a dose change only after 5-7 days (clinical.warfarin): judge the
    # dose only for a home warfarin user or an order running for at least 5 days.
    started = order.start[:10] or f.current_date
    running = (date.fromisoformat(f.current_date) - date.fromisoformat(started)).days
    if not warfarin.dose_is_judgeable("warfarin" in f.home, running):
        return None
    v = inr.latest.value
    previous = inr.points[-2].value if len(inr.points) > 1 else None
    change = warfarin.recent_dose_change(f.orders, inr.latest.time)
    action = warfarin.warfarin_action(v, previous, change)
    shown = R.fmt(v, 1)
    was_en = f" (previous INR {R.fmt(previous, 1)})" if previous is not None else ""
    was_zh = f"（上次 INR {R.fmt(previous, 1)}）" if previous is not None else ""
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "lab:inr:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": "INR", "_count": 5}, calls, obs)
    ctx.run("MedicationRequest.search", {"medication": "warfarin"}, calls, obs)
    zh = drug_zh("warfarin")
    explicit = ctx.request(
        [
            Text(
                en="Is the INR where we want it on the warfarin, and what do we do with the dose?",
                zh="吃着华法林，INR 达标了吗？剂量怎么调？",
            ),
            Text(
                en="How's the INR on warfarin, and does the dose need changing?",
                zh="华法林治疗下 INR 怎么样？剂量要不要改？",
            ),
            Text(
                en="Warfarin check: is the INR therapeutic, and what's the plan for tonight's dose?",
                zh="看一下华法林：INR 在目标范围吗？今晚的剂量怎么给？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:inr") or ctx.antecedent("drug:warfarin"):
        implicit[Implicitness.NA] = Text(
            en="Is that in range, and what do we do with the dose?",
            zh="这个达标吗？剂量怎么处理？",
        )
    extra: list = []
    when = f" ({drawn_en})" if drawn_en else ""
    when_zh = f"（{drawn_zh}）" if drawn_zh else ""
    if action == "continue_recheck":
        # a single INR out of range by <= 0.5: keep the dose (Holbrook 2012, 2.1)
        low = v < 2.0
        band, terms, opp = (
            ("sub", SUB, THER + SUPRA) if low else ("supra", SUPRA, SUB + THER)
        )
        side_en = "below" if low else "above"
        side_zh = "低于" if low else "高于"
        answer = Text(
            en=f"INR is {shown}{when}, slightly {side_en} the target for warfarin (2-3){was_en}: a single value just outside the range (by no more than half a point).{' Repeat the INR today.' if age > 0 else ''} {warfarin.ADVICE[action][0]}",
            zh=f"INR {shown}{when_zh}，略{side_zh}目标范围（华法林 2-3）{was_zh}，为单次轻度偏离（偏离在半个单位以内）。{'今天复查 INR。' if age > 0 else ''}{warfarin.ADVICE[action][1]}",
        )
        rec = R.recommend_item(
            "Recommends continuing the current warfarin dose",
            "建议继续目前的华法林剂量",
            CONTINUE,
            ["warfarin", zh, order.name],
        )
        neg = R.negative_item(
            "Recommends holding warfarin", "建议暂停华法林", HOLD, ["warfarin", zh]
        )
        extra = [R.mention_item("Advises rechecking the INR", "建议复查 INR", MONITOR)]
    elif action == "keep_after_change" and change is not None:
        # the INR does not show a dose change of the last days yet (clinical.warfarin;
        # round 10b)
        low = v < 2.0
        band, terms, opp = (
            ("sub", SUB, THER + SUPRA) if low else ("supra", SUPRA, SUB + THER)
        )
        ch_en, ch_zh = change.text()
        answer = Text(
            en=f"INR is {shown}{when}, {'subtherapeutic' if low else 'supratherapeutic'} for warfarin (target 2-3){was_en}. Warfarin goes on: {ch_en}. {warfarin.ADVICE[action][0]}",
            zh=f"INR {shown}{when_zh}，{'低于' if low else '超出'}目标范围（华法林 2-3）{was_zh}。华法林继续使用：{ch_zh}。{warfarin.ADVICE[action][1]}",
        )
        rec = R.recommend_item(
            "Recommends keeping the current warfarin dose",
            "建议维持目前的华法林剂量",
            CONTINUE + ["维持"],
            ["warfarin", zh, order.name, "dose", "剂量"],
        )
        neg = R.negative_item(
            "Recommends holding warfarin", "建议暂停华法林", HOLD, ["warfarin", zh]
        )
        extra = [R.mention_item("Advises rechecking the INR", "建议复查 INR", MONITOR)]
    elif v < 2.0:
        band, terms, opp = "sub", SUB, THER + SUPRA
        # doses given in hospital: adherence is not the question (round 10b)
        given = "increase_given" if f.given.get("warfarin") else "increase"
        answer = Text(
            en=f"INR is {shown}{when}, subtherapeutic for warfarin (target 2-3){was_en}.{recheck_en} {warfarin.ADVICE[given][0]}",
            zh=f"INR {shown}{when_zh}，低于目标范围（华法林 2-3）{was_zh}。{recheck_zh}{warfarin.ADVICE[given][1]}",
        )
        rec = R.mention_item(
            "Recommends increasing the warfarin dose",
            "建议增加华法林剂量",
            INCREASE,
        )
        neg = R.negative_item(
            "Recommends holding warfarin", "建议暂停华法林", HOLD, ["warfarin", zh]
        )
    elif action == "continue":
        band, terms, opp = "ther", THER, SUB + SUPRA
        answer = Text(
            en=f"INR is {shown}{when}, within the warfarin target of 2-3 (therapeutic). {warfarin.ADVICE['continue'][0]}",
            zh=f"INR {shown}{when_zh}，在目标范围内（华法林 2-3），已达标。{warfarin.ADVICE['continue'][1]}",
        )
        rec = R.recommend_item(
            "Recommends continuing the warfarin dose",
            "建议继续目前的华法林剂量",
            CONTINUE,
            ["warfarin", zh, order.name],
        )
        neg = R.negative_item(
            "Recommends holding warfarin", "建议暂停华法林", HOLD, ["warfarin", zh]
        )
    elif action == "reduce":
        # above 3 but below 4.5, not a single small deviation: lower or omit a dose
        # (Ansell 2008)
        band, terms, opp = "supra", SUPRA, SUB + THER
        answer = Text(
            en=f"INR is {shown}{when}, supratherapeutic for warfarin (target 2-3){was_en}.{recheck_en} {warfarin.ADVICE['reduce'][0]}",
            zh=f"INR {shown}{when_zh}，超出目标范围（华法林 2-3）{was_zh}。{recheck_zh}{warfarin.ADVICE['reduce'][1]}",
        )
        rec = R.recommend_item(
            "Recommends holding a dose or lowering the warfarin dose",
            "建议华法林暂停一次或减量",
            HOLD + LOWER,
            ["warfarin", zh, order.name, "dose", "剂量"],
        )
        neg = R.negative_item(
            "Recommends continuing warfarin unchanged",
            "建议继续原剂量华法林",
            CONTINUE,
            ["warfarin", zh],
        )
    else:
        band, terms, opp = "supra", SUPRA, SUB + THER
        answer = Text(
            en=f"INR is {shown}{when}, supratherapeutic for warfarin (target 2-3). {warfarin.ADVICE[action][0]}",
            zh=f"INR {shown}{when_zh}，超出目标范围（华法林 2-3）。{warfarin.ADVICE[action][1]}",
        )
        rec = R.recommend_item(
            "Recommends holding warfarin",
            "建议暂停华法林",
            HOLD,
            ["warfarin", zh, order.name],
        )
        neg = R.negative_item(
            "Recommends continuing warfarin unchanged",
            "建议继续原剂量华法林",
            CONTINUE,
            ["warfarin", zh],
        )
    concl = R.conclusion_item(
        {
            "sub": "Calls the INR subtherapeutic",
            "ther": "Calls the INR therapeutic",
            "supra": "Calls the INR supratherapeutic",
        }[band],
        {
            "sub": "指出 INR 未达标",
            "ther": "指出 INR 达标",
            "supra": "指出 INR 超出目标范围",
        }[band],
        terms,
        opp,
    )
    items = [
        R.value_item(inr.lab, v, inr.latest.unit),
        concl,
        rec,
        neg,
        *extra,
        R.tool_item(["MedicationRequest.search"], "the warfarin order", "华法林医嘱"),
    ]
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="warfarin_inr",
        entities=["drug:warfarin", "lab:inr"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[f"INR {shown} on warfarin (target 2-3)"],
        known={"lab:inr:latest", "order:warfarin"},
        decision=action,
    )
