"""WU topics: a write call (flag, referral, order) scored on its arguments."""

from __future__ import annotations

from datetime import date, timedelta

from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.model import (
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import (
    Draft,
    TopicContext,
    drawn_text,
    requires,
    short_title,
)
from physassist_env.scenarios.topics.electrolytes import oral_replacement_potassium
from physassist_env.scenarios.topics.renal import rising_aki_flag
from physassist_env.scenarios.vocab import (
    SafetyPair,
    drug_class_of,
    drug_zh,
)
from physassist_env.vocab.decisions import MONITOR
from physassist_env.vocab.diagnoses import diagnosis_title_zh
from physassist_env.vocab.drugs import drug_terms


@requires("lab")
def flag_safety(ctx: TopicContext, pair: SafetyPair, generic: str) -> Draft | None:
    """WU: a safety flag about a drug-lab pair."""
    series = ctx.facts.labs.get(pair.lab)
    if series is None:
        return None
    lab = series.lab
    zh_name = drug_zh(generic)
    code = f"{lab.en} on {generic}"
    latest = f"{R.fmt(series.latest.value, lab.decimals)} {series.latest.unit}".strip()
    detail = f"Monitor {lab.en} closely while on {generic}; latest {latest}."
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Flag.create",
        {"category": "safety", "code": code, "detail": detail},
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(
                en=f"Put a safety flag on the chart about the {lab.en} and the {generic}.",
                zh=f"在病历上加一个关于{lab.zh}和{zh_name}的安全警示。",
            ),
            Text(
                en=f"Flag the {generic} and {lab.en} issue in the chart.",
                zh=f"把{zh_name}和{lab.zh}的问题在病历里标个警示。",
            ),
            Text(
                en=f"Add a safety alert on the chart: {generic} with this {lab.en}.",
                zh=f"病历上加个安全提醒：{zh_name}和{lab.zh}。",
            ),
            Text(
                en=f"Can you chart a safety flag for the {generic} given the {lab.en}?",
                zh=f"帮我在病历里就{zh_name}和{lab.zh}加个安全标记。",
            ),
            Text(
                en=f"Make sure the chart carries a safety flag on {generic} and the {lab.en}.",
                zh=f"病历里要有{zh_name}和{lab.zh}的安全警示，加一下。",
            ),
            Text(
                en=f"Safety flag please: the {lab.en} on {generic}.",
                zh=f"加个安全警示：用{zh_name}期间的{lab.zh}。",
            ),
        ],
        entities=[f"lab:{lab.key}", f"drug:{generic}"],
    )
    answer = Text(
        en=f"Done: a safety flag '{code}' was added to the chart ({detail})",
        zh=f"已在病历中添加安全警示：使用{zh_name}期间密切监测{lab.zh}（最近一次 {latest}）。",
    )
    drug_terms = (
        [generic, zh_name]
        + [m for m in (drug_class_of(generic) or (None, ""))[0].members]
        if drug_class_of(generic)
        else [generic, zh_name]
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
            {"code|detail": drug_terms},
        ),
        R.write_item(
            f"The flag names the lab ({lab.en})",
            f"警示中注明化验（{lab.zh}）",
            "Flag.create",
            {"code|detail": lab.terms},
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
        {"Flag"},
        [],
        set(),
    )


#: Principal-diagnosis code prefixes -> consulting service. Fluid, electrolyte and acid-base
#: disorders (ICD-10 E87, ICD-9 276: hyperkalaemia, hyponatraemia, acidosis) go to nephrology,
#: not endocrinology (KDIGO 2020 potassium controversies conference, Clase CM et al.
#: Kidney Int 2020;97:42-61: dialysis or renal input for severe hyperkalaemia).
CONSULTS: list[tuple[tuple[str, ...], str, str, list[str]]] = [
    (
        ("N17", "584", "N18", "585", "E87", "276"),
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


@requires("condition")
def consult(ctx: TopicContext) -> Draft | None:
    """WU: an urgent consult from the service that fits the principal diagnosis."""
    principal = ctx.facts.conditions[0][0].upper() if ctx.facts.conditions else ""
    match = next(
        (c for c in CONSULTS if principal and principal.startswith(c[0])), None
    )
    if match is None:
        return None
    _, service, service_zh, terms = match
    calls: list[ToolCall] = []
    obs: list[str] = []
    note = f"Please evaluate: {short_title(ctx.facts.conditions[0][1])}."
    ctx.run(
        "ServiceRequest.create",
        {"service_type": f"{service} consult", "priority": "urgent", "note": note},
        calls,
        obs,
    )
    him = ctx.he[1]
    explicit = ctx.request(
        [
            Text(
                en=f"Get {service} to see {him} today, urgent.",
                zh=f"请{service_zh}今天来会诊，加急。",
            ),
            Text(
                en=f"Urgent {service} consult today, please.",
                zh=f"今天约个{service_zh}急会诊。",
            ),
            Text(
                en=f"Can you put in an urgent {service} consult for today?",
                zh=f"帮我申请今天的{service_zh}加急会诊。",
            ),
            Text(
                en=f"I need {service} to see {him} urgently today.",
                zh=f"需要{service_zh}今天尽快来看一下，加急。",
            ),
            Text(
                en=f"Put in a consult to {service}, urgent, today.",
                zh=f"开个{service_zh}会诊，今天，加急。",
            ),
            Text(
                en=f"Ask {service} to come by today, it's urgent.",
                zh=f"请{service_zh}今天过来会诊，比较急。",
            ),
        ]
    )
    answer = Text(
        en=f"Done: an urgent {service} consult was requested ({note})",
        zh=f"已申请{service_zh}加急会诊（会诊事由：{diagnosis_title_zh(*ctx.facts.conditions[0])}）。",
    )
    items = [
        R.write_item(
            f"Requests {'an' if service[:1].lower() in 'aeiou' else 'a'} {service} consult",
            f"申请{service_zh}会诊",
            "ServiceRequest.create",
            {"service_type": terms},
        ),
        R.write_item(
            "Marks it urgent",
            "标记为加急",
            "ServiceRequest.create",
            {"priority": ["urgent", "asap", "stat"]},
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
        {"ServiceRequest"},
        [],
        set(),
    )


@requires()
def followup(ctx: TopicContext) -> Draft | None:
    """WU: a routine primary-care follow-up a week after discharge."""
    target = (
        date.fromisoformat(ctx.facts.current_date) + timedelta(days=7)
    ).isoformat()
    calls: list[ToolCall] = []
    obs: list[str] = []
    # an AKI still rising is flagged before any discharge (KDIGO 2012, topics.renal)
    flag = rising_aki_flag(ctx, calls, obs)
    ctx.run(
        "ServiceRequest.create",
        {
            "service_type": "primary care follow-up",
            "priority": "routine",
            "target_date": target,
        },
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(
                en="Book a follow-up with primary care in a week.",
                zh="帮我预约一周后的全科门诊随访。",
            ),
            Text(
                en="Set up primary care follow-up in a week.",
                zh="约一周后全科门诊复诊。",
            ),
            Text(
                en="Can you arrange a PCP visit in a week?",
                zh="安排一下一周后去全科随访。",
            ),
            Text(
                en="Routine follow-up with primary care in a week, please.",
                zh="一周后全科常规随访，约一下。",
            ),
            Text(
                en="Get a primary care appointment booked for a week out.",
                zh="帮忙约个一周后的全科门诊。",
            ),
            Text(en="Order PCP follow-up in a week.", zh="开个一周后的全科随访。"),
        ]
    )
    answer = Text(
        en=f"Done: a routine primary care follow-up was requested for {target}.",
        zh=f"已预约 {target} 的全科常规随访。",
    )
    if flag is not None:
        answer = Text(en=f"{answer.en} {flag[0]}", zh=f"{answer.zh}{flag[1]}")
    items = [
        R.write_item(
            "Requests primary care follow-up",
            "申请全科随访",
            "ServiceRequest.create",
            {
                "service_type": [
                    "primary care",
                    "PCP",
                    "family medicine",
                    "general practice",
                    "GP",
                    "全科",
                    "家庭医生",
                    "社区",
                ]
            },
        ),
        R.write_item(
            "Sets a routine priority",
            "优先级为常规",
            "ServiceRequest.create",
            {"priority": ["routine"]},
        ),
        R.write_item(
            f"Targets about one week out ({target})",
            f"目标日期约一周后（{target}）",
            "ServiceRequest.create",
            {
                "target_date": [
                    (date.fromisoformat(target) + timedelta(days=d)).isoformat()
                    for d in range(-2, 3)
                ]
            },
        ),
    ]
    if flag is not None:
        items.append(flag[2])
    return Draft(
        TaskType.WU,
        ToolSource.WRITE,
        "followup",
        ["service:primary care"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {"ServiceRequest"} | ({"Observation"} if flag is not None else set()),
        [],
        set(),
    )


@requires("lab")
def replace_potassium(ctx: TopicContext) -> Draft | None:
    """WU: oral potassium replacement for a low potassium: a current 3.0-3.4 mmol/L with
    a creatinine below 2 mg/dL (:func:`~physassist_env.scenarios.topics.electrolytes
    .oral_replacement_potassium`; Cohn 2000). The answer states the value it acts on."""
    k = oral_replacement_potassium(ctx)
    if k is None:
        return None
    v = R.fmt(k.latest.value, 1)
    drawn_en, drawn_zh = drawn_text(k.latest, ctx.facts.current_date)
    when_en = drawn_en or k.latest.time[:10]
    when_zh = drawn_zh or k.latest.time[:10]
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "MedicationRequest.create",
        {
            "medication": "potassium chloride",
            "dose": "40 mEq",
            "route": "PO",
            "frequency": "once",
            # the order says the value it acts on (the answer states it too)
            "indication": f"hypokalemia (potassium {v} {k.latest.unit})",
        },
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(en="Order oral potassium replacement.", zh="开口服补钾。"),
            Text(en="Replete the potassium by mouth.", zh="口服补一下钾。"),
            Text(en="Can you put in oral potassium?", zh="帮我开个口服补钾。"),
            Text(en="Give PO potassium replacement.", zh="给口服氯化钾补钾。"),
            Text(en="Start oral potassium repletion.", zh="开始口服补钾。"),
            Text(en="Order potassium by mouth to replace it.", zh="开口服钾补一下。"),
        ]
    )
    answer = Text(
        en=f"Ordered potassium chloride 40 mEq PO once for hypokalemia (potassium {v} {k.latest.unit}, {when_en}); recheck potassium after.",
        zh=f"已开氯化钾 40 mEq 口服一次，用于低钾血症（血钾 {v} {k.latest.unit}，{when_zh}）；之后复查血钾。",
    )
    items = [
        R.write_item(
            "Orders potassium chloride",
            "开具氯化钾",
            "MedicationRequest.create",
            {"medication": ["potassium", *drug_terms("potassium chloride"), "钾"]},
            dose=(10, 80, "mEq"),
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
        [f"potassium {v} {k.latest.unit}"],
        set(),
    )
