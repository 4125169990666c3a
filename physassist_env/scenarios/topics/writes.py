"""WU topics: a write call (flag, referral, order) scored on its arguments."""

from __future__ import annotations

from datetime import date, timedelta

from physassist_env.clinical import glycaemia
from physassist_env.clinical.analgesia import KETOROLAC_MAX_DAYS, nsaid_after_cabg
from physassist_env.clinical.consult import urgent_reason
from physassist_env.clinical.followup import (
    ACS_CODES,
    BILE_DUCT_STONE_CODES,
    CKD_SEVERE_CODES,
    SERVICE_SPECIALTY,
    STROKE_CODES,
    ULCER_BLEED_CODES,
    service_code,
)
from physassist_env.clinical.heart_failure import HEART_FAILURE
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    aki_facts,
    cancer_under_treatment,
    dual_antiplatelet,
    followup_procedure,
    on_maintenance_dialysis,
    opat_indication,
    rising_aki,
    warfarin_started,
)
from physassist_env.scenarios.features import day_before
from physassist_env.scenarios.model import (
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import (
    Draft,
    TopicContext,
    cap,
    days_old,
    drawn_text,
    ketorolac_course,
    nth,
    requires,
    short_title,
)
from physassist_env.scenarios.topics.electrolytes import (
    cardiac_target,
    cardiac_target_now,
    is_current,
    potassium_given_since,
    potassium_meq,
    renal_ok,
    replaced_since_latest,
    running_potassium,
)
from physassist_env.scenarios.topics.reasoning import cautious_increase, drug_lab_safety
from physassist_env.scenarios.topics.renal import (
    rising_aki_flag,
    stable_reduced_function,
)
from physassist_env.scenarios.vocab import (
    SafetyPair,
    drug_class_of,
    drug_zh,
)
from physassist_env.vocab.decisions import MONITOR
from physassist_env.vocab.diagnoses import diagnosis_title_zh
from physassist_env.vocab.drugs import drug_terms

#: A drug-lab safety decision (``reasoning.safety_decision``) -> (EN, ZH) action of the
#: flag's detail and the words a flag stating it must use.
FLAG_ACTIONS = {
    "hold": ("hold it", "暂停", ["hold", "withhold", "stop", "暂停", "停用"]),
    "reduce": ("reduce the dose", "减量", ["reduce", "lower", "decrease", "减量"]),
    "increase": (
        "increase the dose",
        "加量",
        ["increase", "intensify", "加量", "增加"],
    ),
    "continue": (
        "continue with monitoring",
        "继续使用并监测",
        ["continue", "monitor", "继续", "监测"],
    ),
}


@requires("lab")
def flag_safety(ctx: TopicContext, pair: SafetyPair, generic: str) -> Draft | None:
    """WU: a safety flag on a drug stating what the chart shows and what to do: the lab
    value and its reading in the code, the action (hold, reduce, increase, or continue
    with monitoring) in the detail. The action is the drug-lab safety decision of
    :func:`~physassist_env.scenarios.topics.reasoning.drug_lab_safety` (its rules and
    sources), which the request does not name: it names the drug only, so the flag's
    content comes from the record, not from the request."""
    judged = drug_lab_safety(ctx, pair, generic)  # the decision; its reads are not kept
    series = ctx.facts.labs.get(pair.lab)
    if judged is None or series is None or judged.decision not in FLAG_ACTIONS:
        return None
    lab, p = series.lab, series.latest
    # the flag names the value that makes the drug unsafe, not the latest: on insulin,
    # the hypoglycaemia the regimen is lowered for (the lowest reading < 70 mg/dL since
    # the day before: clinical.glycaemia.recent_hypoglycaemia, ADA 2024 s16; round 12,
    # 10023239-21759936 t3: a flag "glucose 121, not high: reduce" beside a 62)
    hypo = (
        glycaemia.recent_hypoglycaemia((q.time, q.value) for q in series.points)
        if pair.drug_class == "insulin" and judged.decision in ("reduce", "hold")
        else None
    )
    latest = p
    if hypo is not None:
        p = next(q for q in series.points if q.time == hypo[0] and q.value == hypo[1])
    zh_name = drug_zh(generic)
    value = R.fmt(p.value, lab.decimals)
    vu = f"{value} {p.unit}".strip()
    reading = R.read_value(p.value, p.flag, ctx.facts.interpretation_range(pair.lab))
    act_en, act_zh, act_terms = FLAG_ACTIONS[judged.decision]
    earlier = (
        cautious_increase(ctx, pair, generic) if judged.decision == "increase" else None
    )
    if earlier is not None:
        # after hypoglycaemia earlier this admission the increase is cautious (round 17,
        # reasoning.cautious_increase: ADA 2024 sections 9 and 16, 10% steps)
        lv = f"{R.fmt(earlier[1], lab.decimals)} mg/dL"
        act_en = (
            f"increase the dose cautiously, about {glycaemia.CAUTIOUS_STEP_PERCENT}% at"
            f" a time (the glucose was {lv} on {earlier[0][:10]}: hypoglycemia earlier"
            " this admission)"
        )
        act_zh = (
            f"谨慎加量，每次约 {glycaemia.CAUTIOUS_STEP_PERCENT}%（{earlier[0][:10]} 血糖为"
            f" {lv}：本次住院早些时候出现过低血糖）"
        )
    renal = [f for f in judged.record_facts if f.startswith("creatinine ")]
    code = f"{lab.en} {vu} on {generic}"
    detail = (
        f"{cap(lab.en)} {vu} ({reading.label_en}) on {p.time[:10]}"
        + (f"; {renal[0]}" if renal else "")
        + f": {act_en}."
    )
    hypo_zh = ""
    if hypo is not None:
        when = p.time[:16].replace("T", " ")
        now = f"{R.fmt(latest.value, lab.decimals)} {latest.unit}".strip()
        code = f"hypoglycemia {vu} on {generic}"
        detail = (
            f"Hypoglycemia: {lab.en} {vu} on {when} on {generic} (latest {now} on"
            f" {latest.time[:10]})" + (f"; {renal[0]}" if renal else "") + f": {act_en}"
            ", and recheck the glucose before meals and at bedtime."
        )
        hypo_zh = (
            f"已在病历中添加安全警示：{zh_name}，低血糖：{when} {lab.zh} {vu}（最近一次 {now}，"
            f"{latest.time[:10]}）：{act_zh}，并在餐前和睡前复查血糖。"
        )
    # ketorolac at its 5-day limit is stopped for the limit, not for the lab (US label
    # boxed warning): the flag says so, counted as the session's other turns count it
    course = (
        ketorolac_course(ctx)
        if generic == "ketorolac" and judged.decision == "hold"
        else None
    )
    limit = course if course is not None and course[0] >= KETOROLAC_MAX_DAYS else None
    if limit is not None:
        n, first = limit
        code = f"{generic} 5-day limit"
        detail = (
            f"{cap(generic)} on the {nth(n)} day of its course (first dose or order "
            f"{first}); combined IV/IM/oral use is limited to five days: stop it."
        )
    # an NSAID after CABG is stopped for the operation, not for the lab (FDA boxed
    # warning, 2005; the reason drug_lab_safety gives): the flag states that reason, as
    # it states ketorolac's limit (round 7b)
    op = ctx.facts.surgery
    cabg = (
        op.day
        if limit is None
        and judged.decision == "hold"
        and op is not None
        and nsaid_after_cabg(generic, op.cabg)
        else ""
    )
    if cabg:
        code = f"{generic} after CABG"
        detail = (
            f"{cap(generic)} is an NSAID, contraindicated after coronary artery bypass "
            f"grafting (CABG on {cabg}; FDA boxed warning), whatever the {lab.en} "
            f"({vu}): stop it and use a non-NSAID analgesic."
        )
    calls: list[ToolCall] = []
    obs: list[str] = []
    if hypo is not None:
        # the low reading is read, not only the latest
        ctx.run(
            "Observation.search",
            {"code": lab.en, "date_from": p.time[:10]},
            calls,
            obs,
        )
    elif f"lab:{pair.lab}:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": lab.en, "_count": 5}, calls, obs)
    if cabg:
        ctx.run("Procedure.search", {"date_from": cabg, "date_to": cabg}, calls, obs)
    ctx.run(
        "Flag.create",
        {"category": "safety", "code": code, "detail": detail},
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(
                en=f"Put a safety flag on the chart for the {generic}, saying what to do with it.",
                zh=f"在病历上给{zh_name}加一个安全警示，写明怎么处理。",
            ),
            Text(
                en=f"Flag the {generic} in the chart with what the labs show and the plan.",
                zh=f"把{zh_name}在病历里标个警示，写上化验情况和处理。",
            ),
            Text(
                en=f"Can you chart a safety flag on the {generic}, with the finding and the action?",
                zh=f"帮我在病历里给{zh_name}加个安全标记，写明发现和处理。",
            ),
            Text(
                en=f"Safety flag on the {generic}, please: what we found and what we do.",
                zh=f"给{zh_name}加个安全警示：写清发现了什么、怎么处理。",
            ),
        ],
        entities=[f"drug:{generic}"],
    )
    answer = Text(
        en=f"Done: a safety flag '{code}' was added to the chart ({detail})",
        zh=f"已在病历中添加安全警示：{zh_name}为非甾体抗炎药，冠状动脉旁路移植术后禁用（{cabg} 行 CABG；FDA 黑框警告），与{lab.zh}（{vu}）无关：停用，改用非甾体抗炎药以外的镇痛药。"
        if cabg
        else hypo_zh
        if hypo_zh and limit is None
        else f"已在病历中添加安全警示：{zh_name}，{lab.zh} {vu}（{reading.label_zh}，{p.time[:10]}）：{act_zh}。"
        if limit is None
        else f"已在病历中添加安全警示：{zh_name}，疗程第 {limit[0]} 天（首次用药或医嘱 {limit[1]}），静脉、肌注和口服合计最长 5 天：停用。",
    )
    drug_names = [generic, zh_name] + (
        list(drug_class_of(generic)[0].members) if drug_class_of(generic) else []
    )
    items = [
        R.write_item(
            "Creates a chart flag with category 'safety'",
            "创建类别为“safety（安全）”的病历警示",
            "Flag.create",
            {"category": ["safety"]},
        ),
        R.write_item(
            f"The flag names the drug ({generic})",
            f"警示中注明药物（{zh_name}）",
            "Flag.create",
            {"code|detail": drug_names},
        ),
        R.write_item(
            "The flag states ketorolac's 5-day limit",
            "警示中写明酮咯酸最长使用 5 天",
            "Flag.create",
            {"code|detail": ["5-day", "5 days", "five days", "5 天", "五天"]},
        )
        if limit is not None
        else R.write_item(
            "The flag states the CABG as the reason",
            "警示中写明冠状动脉旁路移植术（CABG）为原因",
            "Flag.create",
            {"code|detail": ["CABG", "bypass", "冠状动脉旁路", "搭桥"]},
        )
        if cabg
        else R.write_item(
            f"The flag states the {lab.en} it rests on ({vu})",
            f"警示中写明依据的{lab.zh}（{vu}）",
            "Flag.create",
            {"code|detail": [value]},
        ),
        R.write_item(
            f"The flag states the action ({act_en})",
            f"警示中写明处理（{act_zh}）",
            "Flag.create",
            {"detail|code": act_terms},
        ),
    ]
    return Draft(
        TaskType.WU,
        ToolSource.WRITE,
        "flag_safety",
        [f"drug:{generic}", f"lab:{pair.lab}"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {c.name.split(".")[0] for c in calls},
        [f"{lab.en} {vu} ({reading.label_en}): {act_en}"]
        + renal
        + ([f"ketorolac day {limit[0]} of 5: stop"] if limit is not None else [])
        + ([f"{generic} after CABG on {cabg}: stop"] if cabg else []),
        set(),
        decision=judged.decision,
    )


#: Principal-diagnosis code prefixes -> consulting service. Fluid, electrolyte and acid-base
#: disorders (ICD-10 E87, ICD-9 276: hyperkalaemia, hyponatraemia, acidosis) go to nephrology,
#: not endocrinology (KDIGO 2020 potassium controversies conference, Clase CM et al.
#: Kidney Int 2020;97:42-61: dialysis or renal input for severe hyperkalaemia).
CONSULTS: list[tuple[tuple[str, ...], str, str, list[str]]] = [
    (
        # not volume depletion (E86, ICD-9 276.5x "dehydration"/"hypovolaemia"): fluids
        # by the primary team, no nephrology question (KDIGO 2012 AKI 3.1)
        (
            "N17",
            "584",
            "N18",
            "585",
            "E87",
            "2760",
            "2761",
            "2762",
            "2763",
            "2764",
            "2766",
            "2767",
            "2768",
            "2769",
        ),
        "nephrology",
        "肾内科",
        ["nephrology", "renal", "kidney", "肾内科", "肾脏"],
    ),
    (
        ("A41", "038", "J18", "486", "N39", "599", "L03", "682", "A04", "00845"),
        "infectious disease",
        "感染科",
        ["infectious disease", "ID", "infection", "感染科", "感染"],
    ),
    (
        ("I48", "42731", "I50", "428", "I21", "410", "I20", "411"),
        "cardiology",
        "心内科",
        ["cardiology", "cardiac", "heart", "cardiologist", "心内科", "心脏"],
    ),
    (
        ("K70", "K74", "571", "K92", "578", "K85", "577"),
        "gastroenterology",
        "消化科",
        ["gastroenterology", "GI", "hepatology", "liver", "消化科", "肝病", "消化内科"],
    ),
    (
        ("J44", "491", "496", "J45", "493"),
        "pulmonology",
        "呼吸科",
        ["pulmonology", "pulmonary", "respiratory", "lung", "呼吸科", "呼吸内科"],
    ),
    (
        ("E10", "E11", "250"),
        "endocrinology",
        "内分泌科",
        ["endocrinology", "endocrine", "diabetes", "内分泌科", "内分泌"],
    ),
    (
        ("I63", "434", "G45", "435"),
        "neurology",
        "神经内科",
        ["neurology", "neuro", "stroke", "神经内科", "神经科"],
    ),
]


#: Labs each service's urgency reads (``clinical.consult``), beside the critical-limit ones.
ACUITY_LABS = {
    "nephrology": ("creatinine", "potassium"),
    "infectious disease": ("lactate",),
    "cardiology": ("troponin",),
    "gastroenterology": ("hemoglobin",),
    "endocrinology": ("glucose", "bicarbonate"),
}
_CRITICAL_LABS = ("potassium", "sodium", "glucose", "hemoglobin")


def current_values(
    ctx: TopicContext, keys: tuple[str, ...]
) -> dict[str, tuple[float, str]]:
    """Lab key -> (latest value, flag) for ``keys`` whose latest value is from the session
    day or the day before (an older value does not make today's consult urgent)."""
    out = {}
    for k in keys:
        s = ctx.facts.labs.get(k)
        if s is not None and days_old(s.latest, ctx.facts.current_date) <= 1:
            out[k] = (s.latest.value, s.latest.flag)
    return out


@requires("condition")
def consult(ctx: TopicContext) -> Draft | None:
    """WU: the consult the admission's principal diagnosis calls for, at the priority its
    current results call for (:mod:`physassist_env.clinical.consult`). The request names
    neither the service nor the priority: the agent reads the diagnosis for the service
    and the results for the urgency, and the note states the finding."""
    principal = ctx.facts.conditions[0][0].upper() if ctx.facts.conditions else ""
    code = ctx.facts.icd.get(principal, principal)
    match = next((c for c in CONSULTS if code and code.startswith(c[0])), None)
    if match is None:
        return None
    _, service, service_zh, terms = match
    glucose = ctx.facts.labs.get("glucose")
    if (
        glucose is not None
        and days_old(glucose.latest, ctx.facts.current_date) <= 1
        and glucose.latest.value
        * (18.0 if "mmol" in glucose.latest.unit.lower() else 1.0)
        < glycaemia.HYPOGLYCAEMIA
    ):
        # hypoglycaemia now is treated first and the insulin / sulfonylurea plan
        # reviewed, then a consult reconsidered: a consult note that reads "no acute
        # finding" beside a glucose of 29 is not one a physician signs (ADA Standards of
        # Care 2024, sections 6 and 16: treat < 70 mg/dL at once, recheck in 15 minutes)
        return None
    keys = tuple(dict.fromkeys(ACUITY_LABS.get(service, ()) + _CRITICAL_LABS))
    aki = aki_facts(ctx.facts) if service == "nephrology" else None
    reason = urgent_reason(
        service,
        current_values(ctx, keys),
        aki.current_stage if aki else 0,  # the state now, not the peak (KDIGO 2012)
        ctx.facts.haemoglobin_fall() is not None,
    )
    priority = "urgent" if reason else "routine"
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    ctx.run(
        "Observation.search",
        {"code": ",".join(keys), "date_from": day_before(ctx.facts.current_date)},
        calls,
        obs,
    )
    title = short_title(ctx.facts.conditions[0][1])
    title_zh = diagnosis_title_zh(*ctx.facts.conditions[0])
    why_en = f"; urgent for {reason[0]}" if reason else ""
    why_zh = f"；因{reason[1]}加急" if reason else ""
    note = f"Please evaluate: {title}{why_en}."
    ctx.run(
        "ServiceRequest.create",
        {"service_type": f"{service} consult", "priority": priority, "note": note},
        calls,
        obs,
    )
    him, ta = ctx.he[1], ctx.ta
    explicit = ctx.request(
        [
            Text(
                en=f"Get the right specialty to see {him} about what {ctx.he[0]} came in with, as soon as it needs.",
                zh=f"针对{ta}这次入院的问题，请合适的专科会诊，按病情定缓急。",
            ),
            Text(
                en="Put in the consult this admission needs, with the right priority.",
                zh="这次住院该请哪个科会诊就开哪个，优先级按病情定。",
            ),
            Text(
                en=f"Who should see {him} for the main problem? Put the consult in, urgent only if it is.",
                zh=f"{ta}的主要问题该请哪个科？开会诊，确实紧急再加急。",
            ),
            Text(
                en="Order the specialist consult for the admitting problem, timed to how acute it is.",
                zh="为入院的主要问题申请专科会诊，按轻重缓急定时间。",
            ),
            Text(
                en=f"Which service should weigh in on {him}? Request it, and flag it urgent only if the chart says so.",
                zh=f"{ta}需要哪个专科参与？申请会诊，病历支持再标加急。",
            ),
            Text(
                en="Send the consult request this stay calls for, picking the team and the priority yourself.",
                zh="这次住院需要的会诊你来开：科室和缓急你定。",
            ),
        ]
    )
    answer = Text(
        en=f"Done: {'an urgent' if reason else 'a routine'} {service} consult was requested for {title}"
        + (
            f" (urgent: {reason[0]})."
            if reason
            else " (no acute finding on today's results)."
        ),
        zh=f"已申请{service_zh}{'加急' if reason else '常规'}会诊（会诊事由：{title_zh}{why_zh}）。",
    )
    items = [
        R.write_item(
            f"Requests {'an' if service[:1].lower() in 'aeiou' else 'a'} {service} consult (the principal diagnosis)",
            f"申请{service_zh}会诊（依据主要诊断）",
            "ServiceRequest.create",
            {"service_type": terms},
        ),
        R.write_item(
            f"Sets the priority to {priority}"
            + (f" ({reason[0]})" if reason else " (no acute finding)"),
            f"优先级为{'加急' if reason else '常规'}",
            "ServiceRequest.create",
            {"priority": ["urgent", "asap", "stat"] if reason else ["routine"]},
        ),
        R.mention_item(
            "Confirms the consult was requested",
            "确认已申请会诊",
            ["consult", "requested", "ordered", "会诊", "已申请"],
        ),
    ]
    return Draft(
        TaskType.WU,
        ToolSource.WRITE,
        "consult",
        [f"service:{service}"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {c.name.split(".")[0] for c in calls},
        [f"principal diagnosis {title}"] + ([f"urgent: {reason[0]}"] if reason else []),
        {"conditions"},
        decision=f"{service}, {priority}",
    )


# Heart failure as the principal diagnosis (clinical.heart_failure.HEART_FAILURE): seen
# within 7 days of discharge (2022 AHA/ACC/HFSA heart failure guideline,
# 10.2: an early follow-up, generally within 7 days, class 2a; Hernandez AF et al., JAMA
# 2010;303:1716).

#: Mental and behavioural disorders an admission for which is followed up by mental
#: health (ICD-10-CM F20-F48; ICD-9-CM 295-301, 311).
MENTAL_HEALTH = ("F2", "F3", "F40", "F41", "F42", "F43", "F44", "F45", "F48", "295", "296", "297", "298", "300", "301", "311")  # fmt: skip


#: Operation kind (:data:`physassist_env.clinical.surgery.SURGERY_KINDS`) -> (service, ZH
#: service, accepted service words, decision) of the follow-up after it: the operating
#: service (2020 ACC/AHA valvular and 2021 ACC/AHA/SCAI revascularization guidelines; AAOS,
#: BOAST 2013; NCCN oesophageal and lung cancer surveillance after resection; AANS/CNS and
#: 2023 AHA/ASA aSAH guideline follow-up imaging; :mod:`physassist_env.clinical.surgery`).
SURGICAL_FOLLOWUP: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "cardiac": (
        "cardiac surgery and cardiology",
        "心外科和心内科门诊",
        (
            "cardiac surgery",
            "cardiothoracic",
            "cardiology",
            "cardiologist",
            "心外科",
            "心内科",
            "心脏外科",
        ),  # fmt: skip
        "cardiac surgery and cardiology, 14 days",
    ),
    "orthopaedic": (
        "orthopaedics (fracture clinic)",
        "骨科（骨折）门诊",
        (
            "orthopaedic",
            "orthopedic",
            "orthopaedics",
            "orthopedics",
            "fracture clinic",
            "骨科",
        ),  # fmt: skip
        "orthopaedics, 14 days",
    ),
    "thoracic": (
        "thoracic surgery",
        "胸外科门诊",
        (
            "thoracic surgery",
            "thoracic surgeon",
            "cardiothoracic",
            "thoracic",
            "胸外科",
        ),  # fmt: skip
        "thoracic surgery, 14 days",
    ),
    "neurosurgical": (
        "neurosurgery",
        "神经外科门诊",
        ("neurosurgery", "neurosurgical", "neurosurgeon", "神经外科"),
        "neurosurgery, 14 days",
    ),
}


def severe_ckd(ctx: TopicContext) -> bool:
    """Chronic kidney disease G4-G5 not on dialysis: coded by the session
    (:data:`~physassist_env.clinical.followup.CKD_SEVERE_CODES`), or a creatinine above
    its range throughout with no AKI and a latest eGFR below 30 (``renal
    .stable_reduced_function``). Specialist kidney care is due below a GFR of 30 (KDIGO
    2012 CKD guideline 5.1.1). Round 8b."""
    f = ctx.facts
    if on_maintenance_dialysis(f):
        return False
    if f.has_condition(*CKD_SEVERE_CODES) or f.ever_had(*CKD_SEVERE_CODES):
        return True
    aki = aki_facts(f)
    if aki is None or "creatinine" not in f.labs:
        return False
    chronic = stable_reduced_function(ctx, aki, f.labs["creatinine"])
    return chronic is not None and chronic[0] < 30


CARDIOLOGY = [
    "cardiology",
    "cardiologist",
    "cardiac",
    "electrophysiology",
    "心内科",
    "心脏",
]
#: Procedure indication (:mod:`physassist_env.clinical.followup`) -> (service, ZH
#: service, reason, accepted service words, days, decision) of the follow-up after it
#: (sources in that module). Round 8b.
PROCEDURE_FOLLOWUP: dict[str, tuple[str, str, str, tuple[str, ...], int, str]] = {
    "aneurysm": (
        "neurosurgery (neurointerventional)",
        "神经外科（神经介入）门诊",
        "after endovascular aneurysm treatment on {day}",
        ("neurosurgery", "neurosurgical", "neurointervention", "neuro-interventional", "interventional neuroradiology", "neuro-IR", "神经外科", "神经介入"),
        14,
        "neurosurgery, 14 days",
    ),
    "pci": (
        "cardiology",
        "心内科",
        "after PCI on {day}; with a cardiac rehabilitation referral",
        tuple(CARDIOLOGY),
        14,
        "cardiology, 14 days",
    ),
    "ablation": (
        "cardiology (electrophysiology)",
        "心内科（电生理）",
        "after catheter ablation on {day}",
        tuple(CARDIOLOGY),
        14,
        "cardiology, 14 days",
    ),
    "ugi_bleed": (
        "gastroenterology",
        "消化内科",
        "after control of an upper GI bleed on {day}: H. pylori result and PPI plan",
        ("gastroenterology", "gastroenterologist", "GI clinic", "GI follow", "hepatology", "消化内科", "消化科"),
        14,
        "gastroenterology, 14 days",
    ),
    "tavr": (
        "structural heart cardiology",
        "心内科（结构性心脏病）",
        "after transcatheter aortic valve replacement on {day}: 30-day visit with an echocardiogram, renal function and the antithrombotic plan",
        tuple(CARDIOLOGY) + ("structural heart", "valve clinic", "TAVR clinic", "结构性心脏病"),
        14,
        "structural cardiology, 14 days",
    ),
    "pericardial": (
        "cardiology (with a repeat echocardiogram)",
        "心内科（复查超声心动图）",
        "after pericardial drainage on {day}: repeat echocardiogram",
        tuple(CARDIOLOGY) + ("echocardiogram", "echo", "超声心动图"),
        14,
        "cardiology with echo, 14 days",
    ),
    "carotid": (
        "vascular surgery",
        "血管外科",
        "after carotid revascularisation on {day}: wound and neurological check, duplex plan",
        ("vascular surgery", "vascular surgeon", "vascular clinic", "vascular", "血管外科"),
        14,
        "vascular surgery, 14 days",
    ),
    "peripheral": (
        "vascular surgery",
        "血管外科",
        "after lower-limb arterial angiography on {day}: revascularisation plan and wound check",
        ("vascular surgery", "vascular surgeon", "vascular clinic", "vascular", "血管外科"),
        14,
        "vascular surgery, 14 days",
    ),
    "biliary": (
        "gastroenterology (with surgery for cholecystectomy)",
        "消化内科（并外科评估胆囊切除）",
        "after endoscopic bile-duct stone removal on {day}: cholecystectomy planning",
        ("gastroenterology", "gastroenterologist", "GI clinic", "GI follow", "ERCP", "general surgery", "surgery clinic", "cholecystectomy", "消化内科", "消化科", "外科"),
        14,
        "gastroenterology, 14 days",
    ),
    "breast": (
        "breast surgery",
        "乳腺外科",
        "post-operative visit after the operation on {day}",
        ("breast surgery", "breast surgeon", "surgical oncology", "surgery clinic", "surgeon", "乳腺外科", "外科"),
        14,
        "breast surgery, 14 days",
    ),
    "general": (
        "general surgery",
        "普外科",
        "post-operative visit after the operation on {day}",
        ("general surgery", "surgery clinic", "surgeon", "surgical", "普外科", "外科"),
        14,
        "general surgery, 14 days",
    ),
}  # fmt: skip


def admitting_specialty(ctx: TopicContext) -> str:
    """The specialty of this admission's admitting service
    (:data:`~physassist_env.clinical.followup.SERVICE_SPECIALTY`), ``""`` for none."""
    for e in ctx.toolkit.view.search("Encounter")[0]:
        if str(e.get("id")) == ctx.facts.hadm_id:
            return SERVICE_SPECIALTY.get(service_code(e), "")
    return ""


def followup_plan(ctx: TopicContext) -> tuple[str, str, str, list[str], int, str]:
    """(service, ZH service, reason, accepted service words, days after the session, decision)
    of the follow-up a discharge needs, first rule that applies:

    * a discharge to hospice: the palliative care / hospice team within 3 days (NCCN
      Palliative Care; NICE NG142);
    * an AKI still rising at discharge: primary care with a creatinine recheck within 3
      days (KDIGO 2012 AKI guideline 2.1, 3.1: monitor until recovery; NICE NG148 (2019)
      1.7: follow-up of renal function after AKI);
    * maintenance dialysis (:func:`~physassist_env.scenarios.derived
      .on_maintenance_dialysis`): the outpatient dialysis unit for the next session
      within 48-72 h (KDIGO 2012 CKD guideline, G5D: thrice-weekly haemodialysis; a
      missed session raises mortality, Foley RN et al., N Engl J Med 2011;365:1099-107);
    * warfarin started this admission (:func:`~physassist_env.scenarios.derived
      .warfarin_started`): an INR check within 3-5 days (CHEST 2012, Holbrook);
    * an operation in this episode: the operating service within 14 days
      (:data:`SURGICAL_FOLLOWUP`: cardiac surgery and cardiology, the fracture clinic,
      thoracic surgery, neurosurgery), and a procedure of
      :data:`PROCEDURE_FOLLOWUP` (endovascular aneurysm treatment, PCI, catheter
      ablation, control of an upper GI bleed, a breast or abdominal operation) the
      service it needs within 14 days;
    * an active cancer under treatment (a cancer code known at the session and an
      antineoplastic ordered this admission: :func:`~physassist_env.scenarios.derived
      .cancer_under_treatment`): the treating oncology team within 7 days (ASCO/ONS 2016
      chemotherapy safety standards; NCCN continuity of care);
    * a mental illness as the principal diagnosis (this admission's, else that of the
      stay it continues, ``AdmissionFacts.continued``): psychiatry within 7 days
      (:data:`MENTAL_HEALTH`; NCQA HEDIS FUH);
    * heart failure coded this admission (principal or secondary): the heart failure
      (cardiology) clinic within 7 days (:data:`HEART_FAILURE`; 2022 AHA/ACC/HFSA HF
      guideline, early post-discharge follow-up);
    * an acute coronary syndrome coded by the session or dual antiplatelet therapy this
      admission: cardiology within 14 days with cardiac rehabilitation (2014 AHA/ACC
      NSTE-ACS; 2016 ACC/AHA DAPT update); an ulcer bleed coded: gastroenterology (ACG
      2021); CKD G4-G5 coded, or a latest eGFR below 30 with no AKI, not on dialysis:
      nephrology within 14 days (KDIGO 2012 CKD guideline 5.1.1);
    * going home on insulin: the diabetes (endocrinology) clinic within a month (ADA
      Standards of Care 2024, 16: follow-up within 1 month of discharge for every patient
      with hyperglycaemia in hospital);
    * otherwise primary care within 7 days (CMS transitional care management: a visit
      within 7 to 14 days of discharge).
    """
    # this admission's principal diagnosis, else that of the stay it continues (its own
    # codes are written at discharge)
    diagnoses = ctx.facts.conditions or ctx.facts.continued
    principal = diagnoses[0][0] if diagnoses else ""
    code = ctx.facts.icd.get(principal, principal).upper().replace(".", "")
    coded = [
        ctx.facts.icd.get(c, c).upper().replace(".", "")
        for c, _ in ctx.facts.conditions
    ]
    primary = ["primary care", "PCP", "family medicine", "general practice", "GP", "全科", "家庭医生", "社区"]  # fmt: skip
    if "HOSPICE" in ctx.facts.discharge_disposition:
        # a discharge to hospice is followed by the hospice / palliative care team, not a
        # disease clinic or a creatinine recheck (NCCN Palliative Care; NICE NG142 (2019)
        # end of life care: care coordinated by the palliative care team)
        return (
            "palliative care (hospice)",
            "姑息治疗（安宁疗护）",
            "discharge to hospice",
            [
                "palliative",
                "hospice",
                "comfort care",
                "end-of-life",
                "姑息",
                "安宁",
                "临终关怀",
            ],  # fmt: skip
            3,
            "palliative care, 3 days",
        )
    if rising_aki(ctx.facts) is not None:
        return (
            "primary care",
            "全科",
            "creatinine recheck",
            primary,
            3,
            "primary care, 3 days",
        )
    if on_maintenance_dialysis(ctx.facts):
        # the next maintenance session is the follow-up that cannot wait (round 8b)
        return (
            "outpatient dialysis unit (nephrology)",
            "门诊透析中心（肾内科）",
            "next maintenance dialysis session within 48-72 h",
            ["dialysis", "nephrology", "renal", "kidney", "透析", "肾内科", "肾脏"],
            3,
            "dialysis unit, 2-3 days",
        )
    if warfarin_started(ctx.facts) is not None:
        return (
            "anticoagulation clinic (INR check)",
            "抗凝门诊（复查 INR）",
            "warfarin started this admission: INR check in 3-5 days",
            ["INR", "anticoagulation", "coagulation clinic", "warfarin clinic", "抗凝", "凝血"],
            3,
            "INR check, 3 days",
        )  # fmt: skip
    op = ctx.facts.surgery
    deep = opat_indication(ctx.toolkit.view, ctx.facts)
    if deep is not None:
        # an IV antibiotic for a deep infection going home through OPAT is followed by
        # infectious diseases (the OPAT clinic) within a week, with weekly labs; the
        # operating service sees the patient too (IDSA 2018 OPAT guideline, Norris AH et
        # al., Clin Infect Dis 2019;68:e1-e35: ID oversight, weekly CBC and chemistry;
        # round 17, reading m, 10001217-24597018 t3: neurology alone for a brain abscess)
        return (
            "infectious diseases (OPAT clinic)",
            "感染科（OPAT 门诊）",
            f"IV antibiotics for the {deep[0]} through OPAT ({deep[2]} weeks): weekly"
            " blood count, creatinine and liver tests, the end date and the response"
            + (
                f"; the operating service as well after the operation on {op.day}"
                if op is not None
                else ""
            ),
            ["infectious disease", "ID clinic", "OPAT", "感染科", "门诊静脉"],
            7,
            "infectious diseases, 7 days",
        )
    kind, when, _ = followup_procedure(ctx.toolkit.view, ctx.facts)
    if op is not None and op.kind in SURGICAL_FOLLOWUP and kind != "tavr":
        # after an operation the service that operated sees the patient (wound, imaging,
        # the operation's own complications), not primary care alone
        service, service_zh, accepted, decision = SURGICAL_FOLLOWUP[op.kind]
        return (
            service,
            service_zh,
            f"after {'neurosurgery' if op.kind == 'neurosurgical' else op.kind + ' surgery'} on {op.day}"
            # cardiac rehabilitation after CABG or valve surgery (round 10c: 2018
            # AHA/ACC secondary prevention / 2021 ACC/AHA/SCAI revascularization
            # guideline, class I after CABG; 2020 ACC/AHA valve guideline)
            + (
                "; with a cardiac rehabilitation referral"
                if op.kind == "cardiac"
                else ""
            ),
            list(accepted),
            14,
            decision,
        )
    if kind:
        service, service_zh, why, accepted, days, decision = PROCEDURE_FOLLOWUP[kind]
        return (
            service,
            service_zh,
            why.format(day=when),
            list(accepted),
            days,
            decision,
        )
    if cancer_under_treatment(ctx.facts):
        # an active cancer under treatment is followed by the treating oncology team
        # (the next cycle, counts and toxicity: ASCO/ONS 2016; NCCN), not primary care
        return (
            "oncology",
            "肿瘤科",
            "active cancer under treatment",
            [
                "oncology",
                "oncologist",
                "hematology",
                "haematology",
                "heme/onc",
                "肿瘤科",
                "肿瘤",
                "血液科",
            ],  # fmt: skip
            7,
            "oncology, 7 days",
        )
    if code.startswith(MENTAL_HEALTH):
        # a hospitalisation for a mental illness: follow-up with a mental health
        # practitioner within 7 days (NCQA HEDIS FUH; APA practice guideline for MDD)
        return (
            "psychiatry (mental health)",
            "精神科（心理健康）门诊",
            "mental health admission",
            [
                "psychiatry",
                "psychiatric",
                "mental health",
                "behavioral health",
                "behavioural health",
                "精神科",
                "心理",
            ],  # fmt: skip
            7,
            "psychiatry, 7 days",
        )
    if any(c.startswith(HEART_FAILURE) for c in coded):
        # heart failure coded this admission, principal or not (a stay with cardiogenic
        # shock and acute-on-chronic HF goes to the HF clinic before the diabetes clinic)
        cardio = [
            "cardiology",
            "heart failure",
            "HF clinic",
            "cardiac",
            "心内科",
            "心衰",
        ]
        return (
            "heart failure clinic (cardiology)",
            "心内科心衰门诊",
            "heart failure",
            cardio,
            7,
            "cardiology, 7 days",
        )
    known = [
        ctx.facts.icd.get(c, c).upper().replace(".", "")
        for c, _ in ctx.facts.conditions + ctx.facts.continued
    ]
    if any(c.startswith(ACS_CODES) for c in known) or dual_antiplatelet(
        ctx.facts, ctx.toolkit.view
    ):
        return (
            "cardiology",
            "心内科",
            "acute coronary syndrome or dual antiplatelet therapy; with a cardiac rehabilitation referral",
            list(CARDIOLOGY),
            14,
            "cardiology, 14 days",
        )
    if code.startswith(BILE_DUCT_STONE_CODES):
        service, service_zh, _, accepted, days, decision = PROCEDURE_FOLLOWUP["biliary"]
        return (service, service_zh, "bile-duct stone: ERCP and cholecystectomy planning", list(accepted), days, decision)  # fmt: skip
    if code.startswith(STROKE_CODES):
        # the admission's stroke or TIA: the stroke clinic (AHA/ASA 2021 secondary
        # prevention; clinical.followup.STROKE_CODES), round 9b
        return (
            "neurology (stroke clinic)",
            "神经内科（卒中门诊）",
            "ischaemic stroke or TIA: secondary prevention",
            ["neurology", "neurologist", "stroke clinic", "stroke", "神经内科", "卒中"],
            14,
            "neurology, 14 days",
        )
    if any(c.startswith(ULCER_BLEED_CODES) for c in known):
        service, service_zh, _, accepted, days, decision = PROCEDURE_FOLLOWUP[
            "ugi_bleed"
        ]
        return (service, service_zh, "ulcer bleed: H. pylori result and PPI plan", list(accepted), days, decision)  # fmt: skip
    # no code known yet for this admission (written at discharge): the admitting service
    # stands for its main problem, seen before a background clinic (round 10c:
    # clinical.followup.SERVICE_SPECIALTY, AHA/ASA 2021)
    specialty = "" if diagnoses else admitting_specialty(ctx)
    if specialty == "neurology":
        return (
            "neurology",
            "神经内科",
            "admitted under neurology: the admission's main problem",
            ["neurology", "neurologist", "stroke clinic", "stroke", "神经内科", "卒中"],
            14,
            "neurology, 14 days",
        )
    if specialty == "cardiology":
        return (
            "cardiology",
            "心内科",
            "admitted under cardiology: the admission's main problem",
            list(CARDIOLOGY),
            14,
            "cardiology, 14 days",
        )
    if severe_ckd(ctx):
        return (
            "nephrology",
            "肾内科",
            "chronic kidney disease G4-G5, not on dialysis",
            ["nephrology", "nephrologist", "renal clinic", "kidney clinic", "肾内科", "肾脏"],
            14,
            "nephrology, 14 days",
        )  # fmt: skip
    if any(o.generic == "insulin" for o in ctx.facts.going_home_orders()):
        endo = ["endocrinology", "diabetes", "endocrine", "内分泌", "糖尿病"]
        return (
            "diabetes clinic (endocrinology)",
            "内分泌科糖尿病门诊",
            "diabetes on insulin",
            endo,
            28,
            "diabetes clinic, 1 month",
        )
    return (
        "primary care",
        "全科",
        "post-discharge review",
        primary,
        7,
        "primary care, 7 days",
    )


@requires()
def followup(ctx: TopicContext) -> Draft | None:
    """WU: the follow-up after discharge that the record calls for (:func:`followup_plan`):
    the service and the date come from the chart (a rising creatinine, heart failure,
    insulin at discharge), not from the request, which asks only for "the follow-up"."""
    service, service_zh, reason, accepted, days, decision = followup_plan(ctx)
    target = (
        date.fromisoformat(ctx.facts.current_date) + timedelta(days=days)
    ).isoformat()
    calls: list[ToolCall] = []
    obs: list[str] = []
    # an AKI still rising is flagged before any discharge (KDIGO 2012, topics.renal)
    flag = rising_aki_flag(ctx, calls, obs)
    if "conditions" not in ctx.known and flag is None:
        ctx.run("Condition.search", {}, calls, obs)
    if ctx.facts.surgery is not None and reason.startswith("after "):
        # the operation that sets the service is looked up
        op = ctx.facts.surgery
        ctx.run(
            "Procedure.search", {"date_from": op.day, "date_to": op.day}, calls, obs
        )
    # what sets the service is looked up (round 8b)
    if any(reason.startswith(v[2].split("{")[0]) for v in PROCEDURE_FOLLOWUP.values()):
        _, when, _ = followup_procedure(ctx.toolkit.view, ctx.facts)
        ctx.run("Procedure.search", {"date_from": when, "date_to": when}, calls, obs)
    if decision.startswith("dialysis unit") and ctx.facts.dialysis is not None:
        seen = ctx.facts.dialysis
        ctx.run(
            f"{seen.resource}.search",
            {"date_from": seen.first_day or seen.day, "date_to": seen.day},
            calls,
            obs,
        )
    if reason.startswith("admitted under"):
        # the admitting service that stands for the main problem is looked up
        ctx.run("Encounter.search", {}, calls, obs)
    if decision.startswith("INR"):
        ctx.run("MedicationRequest.search", {"medication": "warfarin"}, calls, obs)
    if reason.startswith("acute coronary"):
        ctx.run(
            "MedicationRequest.search",
            {"date_from": ctx.facts.start[:10], "_count": 200},
            calls,
            obs,
        )
    if decision.startswith("nephrology"):
        ctx.run(
            "Observation.search",
            {"code": "creatinine", "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
    if decision.startswith("diabetes"):
        ctx.run(
            "MedicationRequest.search",
            {"medication": "insulin", "status": "active"},
            calls,
            obs,
        )
    if decision.startswith("oncology"):
        # the treatment that sets the service is looked up, and the cancer it treats
        ctx.run(
            "MedicationRequest.search",
            {"date_from": ctx.facts.start[:10], "_count": 200},
            calls,
            obs,
        )
        if not any(c.name == "Condition.search" for c in calls):
            ctx.run("Condition.search", {}, calls, obs)
    ctx.run(
        "ServiceRequest.create",
        {
            "service_type": f"{service} follow-up",
            "priority": "routine",
            "target_date": target,
            "note": reason,
        },
        calls,
        obs,
    )
    # the discharge plan is the physician's to tell: the record the agent reads does not
    # show where the patient goes, so a discharge to hospice is said in the request
    cores = [
        Text(
            en="The patient is being discharged to hospice. Book the follow-up this needs.",
            zh="患者将出院转安宁疗护。把需要的随访约好。",
        ),
        Text(
            en="Going to hospice from here: set up whatever follow-up is needed after discharge.",
            zh="出院后转安宁疗护：需要什么随访就约什么。",
        ),
        Text(
            en="Discharge is to hospice. Who should see the patient after discharge, and when? Book it.",
            zh="出院去向是安宁疗护。出院后该由谁随访、什么时候？帮忙约上。",
        ),
    ]
    explicit = ctx.request(
        cores
        if decision.startswith("palliative")
        else [
            Text(
                en="Book the follow-up this discharge needs.",
                zh="把这次出院需要的随访约好。",
            ),
            Text(
                en="Set up whatever follow-up the patient needs after discharge, when it is due.",
                zh="出院后需要什么随访就约什么，按时间安排。",
            ),
            Text(
                en="Arrange the right clinic follow-up for after discharge.",
                zh="安排出院后合适的门诊随访。",
            ),
            Text(
                en="Who should see the patient after discharge, and when? Book it.",
                zh="出院后该去哪个门诊、什么时候复诊？帮忙约上。",
            ),
        ]
    )
    when_en = {3: "in 3 days", 7: "in 7 days", 14: "in 2 weeks", 28: "within a month"}[
        days
    ]
    when_zh = {3: "3 天后", 7: "7 天后", 14: "2 周后", 28: "1 个月内"}[days]
    answer = Text(
        en=f"Done: a routine {service} follow-up was requested for {target} ({when_en}; {reason}).",
        zh=f"已预约{service_zh}随访，{when_zh}（{target}）"
        # the ZH answer names the referral the EN reason carries (round 10c)
        + ("，并转诊心脏康复" if "cardiac rehabilitation" in reason else "")
        + "。",
    )
    if flag is not None:
        answer = Text(en=f"{answer.en} {flag[0]}", zh=f"{answer.zh}{flag[1]}")
    window = {3: range(2, 5), 7: range(5, 15), 14: range(7, 22), 28: range(14, 32)}[
        days
    ]
    today = date.fromisoformat(ctx.facts.current_date)
    items = [
        R.write_item(
            f"Requests {service} follow-up ({reason})",
            f"申请{service_zh}随访",
            "ServiceRequest.create",
            {"service_type": accepted},
        ),
        R.write_item(
            f"Targets {when_en} ({target})",
            f"目标日期为{when_zh}（{target}）",
            "ServiceRequest.create",
            {"target_date": [(today + timedelta(days=d)).isoformat() for d in window]},
        ),
    ]
    items.append(
        R.write_item(
            "Sets a routine priority",
            "优先级为常规",
            "ServiceRequest.create",
            {"priority": ["routine"]},
        )
    )
    if flag is not None:
        items.append(flag[2])
    return Draft(
        TaskType.WU,
        ToolSource.WRITE,
        "followup",
        [f"service:{service}"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {c.name.split(".")[0] for c in calls},
        [f"follow-up: {service} {when_en} ({reason})"],
        set(),
        decision=decision,
    )


@requires("lab")
def replace_potassium(ctx: TopicContext) -> Draft | None:
    """WU: oral potassium replacement with the dose the chart calls for: 40 mEq for a
    current (today or yesterday) potassium of 3.0-3.4 mmol/L, and with heart failure,
    coronary disease or digoxin (target 4.0 or more) 40 mEq at 3.5-3.7 and 20 mEq at
    3.8-3.9 (``electrolytes.potassium_meq``; Cohn 2000; Gennari 1998), with a creatinine below
    2 mg/dL, and no dose already ordered after that draw. The request names neither the
    dose nor the value: the answer states the value it acts on."""
    k = ctx.facts.labs.get("potassium")
    # the order reads the serum series: a newer blood-gas value is a distinct specimen,
    # confirmed on a laboratory sample first (clinical.specimen.decision_index; round 12)
    p = k.decision_point if k is not None else None
    if k is None or p is None or not (3.0 <= p.value < 4.0):
        return None
    cardiac = cardiac_target(ctx)
    if p.value >= 3.5 and not cardiac:
        return None
    if p.value >= 3.8 and not cardiac_target_now(ctx):
        return None  # a 20 mEq top-up on an old code is no order to ask for (round 9)
    if not renal_ok(ctx) or not is_current(ctx, k):
        return None  # a value days old, or kidneys that call for a reduced dose
    if potassium_given_since(ctx, p.time) or replaced_since_latest(ctx, "potassium"):
        return None  # already replaced after that draw (an order or a dose given, ICU
        # input events included: round 9): a recheck, not another dose
    if running_potassium(ctx) is not None:
        return None  # a replacement order runs: a second order would duplicate it
    dose = potassium_meq(p.value, cardiac)
    v = R.fmt(p.value, 1)
    drawn_en, drawn_zh = drawn_text(p, ctx.facts.current_date)
    when_en = drawn_en or p.time[:10]
    when_zh = drawn_zh or p.time[:10]
    why_en = (
        "below the target of 4.0 with heart disease"
        if p.value >= 3.5
        else "hypokalemia"
    )
    why_zh = "合并心脏病，低于 4.0 的目标" if p.value >= 3.5 else "低钾血症"
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "MedicationRequest.create",
        {
            "medication": "potassium chloride",
            "dose": f"{dose} mEq",
            "route": "PO",
            "frequency": "once",
            # the order says the value it acts on (the answer states it too)
            "indication": f"{why_en} (potassium {v} {p.unit})",
        },
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(en="Order the potassium replacement the level calls for.", zh="按血钾水平开补钾医嘱。"),
            Text(en="Put in oral potassium at the dose it needs.", zh="开口服补钾，剂量按需要定。"),
            Text(en="Replete the potassium: write the order, dose as appropriate.", zh="补一下钾：开医嘱，剂量你来定。"),
            Text(en="Can you order the right potassium dose for today?", zh="帮我开今天合适剂量的补钾。"),
        ]
    )  # fmt: skip
    answer = Text(
        en=f"Ordered potassium chloride {dose} mEq PO once ({why_en}: potassium {v} {p.unit}, {when_en}); recheck potassium after.",
        zh=f"已开氯化钾 {dose} mEq 口服一次（{why_zh}：血钾 {v} {p.unit}，{when_zh}）；之后复查血钾。",
    )
    items = [
        R.write_item(
            f"Orders potassium chloride {dose} mEq",
            f"开具氯化钾 {dose} mEq",
            "MedicationRequest.create",
            {"medication": ["potassium", *drug_terms("potassium chloride"), "钾"]},
            dose=(dose, dose, "mEq"),
        ),
        R.write_item(
            "Orders it by mouth",
            "医嘱给药途径为口服",
            "MedicationRequest.create",
            {"route": ["po", "oral", "by mouth", "口服"]},
        ),
        R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR),
    ]
    return Draft(
        TaskType.WU,
        ToolSource.WRITE,
        "replace_potassium",
        ["lab:potassium", "drug:potassium chloride"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        # one write, no read: a session uses a resource type at most twice (planner,
        # tests/scenarios/test_sessions.py), and the value is usually read by an earlier turn
        {"MedicationRequest"},
        [f"potassium {v} {p.unit}"]
        + (["heart disease or digoxin: target K >= 4.0"] if cardiac else []),
        set(),
        decision=f"potassium chloride {dose} mEq",
    )
