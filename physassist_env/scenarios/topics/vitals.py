"""Lab-free topics: vital signs, and the drugs and diagnoses they bear on.

Planned only for records without laboratory Observations at the session date
(:attr:`AdmissionFacts.encounter_based`; the planner's ``lab_free`` focus), so lab-rich
builds never see them. Each topic reads the vital through the session's date-gated view
(:func:`physassist_env.scenarios.vitals.vital_series`) and states nothing its gold calls
did not return.
"""

from __future__ import annotations

from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.features import AdmissionFacts, MedOrder
from physassist_env.scenarios.model import (
    Implicitness,
    Scenario,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import Draft, TopicContext, cap, day, requires
from physassist_env.scenarios.vitals import (
    VITAL_RULES,
    VitalPoint,
    VitalRule,
    VitalSeries,
    days_between,
    generic_in,
)
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.decisions import CONTINUE, HOLD, MONITOR

#: A reading older than this says nothing about the patient now (days).
RECENT_DAYS = 365
#: Readings a trend spans: the last ones within this many days.
TREND_DAYS = 3 * 365
TREND_POINTS = 6


def series_of(facts: AdmissionFacts, key: str) -> VitalSeries | None:
    """The vital's series when its latest reading is recent (:data:`RECENT_DAYS`)."""
    s = facts.vitals.get(key)
    if s is None or not s.recent(facts.current_date, RECENT_DAYS):
        return None
    return s


def _search(ctx: TopicContext, s: VitalSeries, n: int, calls: list[ToolCall],
            obs: list[str]) -> bool:  # fmt: skip
    """Run the vital's search; whether every row it shows carries a value (a record whose
    newest rows have none, as the MIMIC-IV-on-FHIR ED vitals do, shows the agent nothing the
    answer could state: the topic is not asked)."""
    ctx.run(
        "Observation.search",
        {"code": s.vital.search, "category": "vital-signs", "_count": n},
        calls,
        obs,
    )
    rows = (
        [line for line in obs[-1].split("\n") if line.startswith("- ")] if obs else []
    )
    # a value is a number after the row's date ("| Body temperature = 37.6 Cel", "| Blood
    # pressure panel | Systolic Blood Pressure 140 mm[Hg], ..."); "| Body temperature" has none
    return bool(rows) and all(
        any(ch.isdigit() for ch in line.partition("|")[2]) for line in rows
    )


def _reading(s: VitalSeries, p: VitalPoint) -> tuple[str, str, str, str]:
    """(value with unit, flag EN, flag ZH, flag code) of a reading."""
    flag = s.flag(p)
    en, zh = R.FLAG_WORDS[flag]
    return f"{p.text(s.vital)} {s.vital.unit}", en, zh, flag


def _value_items(s: VitalSeries, p: VitalPoint, what: str = "latest") -> list:
    items = [R.value_item(s.vital.lab, p.value, s.vital.unit, what)]
    if p.second is not None:  # the diastolic of a blood pressure
        items.append(R.value_item(s.vital.lab, p.second, s.vital.unit, what))
        items[-1] = items[-1].model_copy(
            update={
                "criterion": Text(
                    en=f"States the {what} diastolic as {R.fmt(p.second, 0)} mmHg",
                    zh=f"给出舒张压为 {R.fmt(p.second, 0)} mmHg",
                )
            }
        )
    return items


@requires("vital")
def vital_latest(ctx: TopicContext, key: str) -> Draft | None:
    """IL: the latest reading of one vital sign, with its flag."""
    s = series_of(ctx.facts, key)
    if s is None or f"vital:{key}:latest" in ctx.known:
        return None
    lab, p = s.vital.lab, s.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    if not _search(ctx, s, 3, calls, obs):
        return None
    value, flag_en, flag_zh, flag = _reading(s, p)
    his, ta, names = ctx.he[2], ctx.ta, [f"vital:{key}"]
    explicit = ctx.request(
        [
            Text(en=f"What's {his} latest {lab.en}?", zh=f"{ta}最近一次{lab.zh}是多少？"),
            Text(en=f"Can you pull up {his} most recent {lab.en}?", zh=f"帮我查一下{ta}最近的{lab.zh}。"),
            Text(en=f"What was the last {lab.en} recorded?", zh=f"最后一次记录的{lab.zh}是多少？"),
            Text(en=f"Where's {his} {lab.en} at, last check?", zh=f"{ta}上次测的{lab.zh}多少？"),
        ],
        entities=names,
        time="latest",
    )  # fmt: skip
    implicit: dict[Implicitness, Text] = {}
    last = ctx.last_entities()
    if any(e.startswith("vital:") for e in last) and names[0] not in last:
        implicit[Implicitness.PE] = ctx.follow_up(
            Implicitness.PE, [Text(en=lab.en, zh=lab.zh)], entities=names
        )
    answer = Text(
        en=f"The most recent {lab.en} is {value} ({day(p.time)}), which is {flag_en}.",
        zh=f"最近一次{lab.zh}为 {value}（{day(p.time)}），{flag_zh}。",
    )
    items = _value_items(s, p) + [
        R.flag_item(lab, flag),
        R.tool_item(["Observation.search"], f"the {lab.en} reading", lab.zh),
    ]
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "vital_latest",
        names,
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation"},
        [f"{lab.en} {value} on {day(p.time)} ({flag_en})"],
        {f"vital:{key}:latest"},
    )


def trend_points(facts: AdmissionFacts, s: VitalSeries) -> list[VitalPoint]:
    """The readings a trend spans: the last :data:`TREND_POINTS` within
    :data:`TREND_DAYS`, at least two on different days (else empty)."""
    pts = s.recent(facts.current_date, TREND_DAYS)[-TREND_POINTS:]
    return pts if len({p.time[:10] for p in pts}) >= 2 else []


@requires("vital")
def vital_trend(ctx: TopicContext, key: str) -> Draft | None:
    """DG: how a vital sign has moved over the recent readings, and where it is now."""
    s = series_of(ctx.facts, key)
    if s is None or f"vital:{key}:trend" in ctx.known:
        return None
    pts = trend_points(ctx.facts, s)
    if not pts:
        return None
    lab = s.vital.lab
    calls: list[ToolCall] = []
    obs: list[str] = []
    if not _search(ctx, s, len(pts), calls, obs):
        return None
    direction = s.trend(pts)
    t_en, t_zh = R.TREND_WORDS[direction]
    first, last = pts[0], pts[-1]
    value, flag_en, flag_zh, flag = _reading(s, last)
    a, b = first.text(s.vital), last.text(s.vital)
    his, ta, names = ctx.he[2], ctx.ta, [f"vital:{key}"]
    explicit = ctx.request(
        [
            Text(en=f"How has {his} {lab.en} been trending?", zh=f"{ta}的{lab.zh}最近是什么趋势？"),
            Text(en=f"Is {his} {lab.en} going up or down over the last visits?", zh=f"{ta}这几次的{lab.zh}是升还是降？"),
            Text(en=f"Walk me through {his} recent {lab.en} readings.", zh=f"说一下{ta}最近几次的{lab.zh}。"),
            Text(en=f"What's the {lab.en} doing over time?", zh=f"{lab.zh}这段时间怎么变化的？"),
        ],
        entities=names,
    )  # fmt: skip
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(names[0]):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(en="How has it been trending?", zh="它最近是什么趋势？"),
                Text(en="Is it going up or down?", zh="它是在升还是在降？"),
                Text(en="How has it moved over the last visits?", zh="这几次它是怎么变化的？"),
            ],
            entities=names,
        )  # fmt: skip
    answer = Text(
        en=f"Over {len(pts)} readings from {day(first.time)} to {day(last.time)}, the {lab.en} went "
        f"from {a} to {b} {s.vital.unit} ({t_en}); the latest, {value}, is {flag_en}.",
        zh=f"{day(first.time)} 至 {day(last.time)} 共 {len(pts)} 次测量，{lab.zh}从 {a} 变为 "
        f"{b} {s.vital.unit}（{t_zh}）；最近一次 {value}，{flag_zh}。",
    )
    items = [
        *_value_items(s, last),
        R.trend_item(lab, direction, a, b),
        R.flag_item(lab, flag),
    ]
    return Draft(
        TaskType.DG,
        ToolSource.EHR,
        "vital_trend",
        names,
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation"},
        [f"{lab.en} {a} -> {b} {s.vital.unit} ({t_en}), {day(first.time)} to {day(last.time)}"],
        {f"vital:{key}:trend", f"vital:{key}:latest"},
    )  # fmt: skip


def active_order(facts: AdmissionFacts, generic: str) -> MedOrder | None:
    """The active order naming ``generic`` at the session date."""
    return next(
        (o for o in facts.active_orders() if generic_in(o.name, (generic,))), None
    )


def rule_pairs(facts: AdmissionFacts) -> list[tuple[VitalRule, str]]:
    """(rule, generic) of each active order a :data:`VITAL_RULES` rule applies to and
    whose vital has a recent reading."""
    out: list[tuple[VitalRule, str]] = []
    for rule in VITAL_RULES:
        if series_of(facts, rule.vital) is None:
            continue
        for o in facts.active_orders():
            g = generic_in(o.name, rule.members)
            if g and (rule, g) not in out:
                out.append((rule, g))
    return out


@requires("vital", "order")
def vital_drug_safety(ctx: TopicContext, rule: VitalRule, generic: str) -> Draft | None:
    """CR: can a drug continue given the vital sign it lowers? (hold below the rule's
    threshold: :data:`~physassist_env.scenarios.vitals.VITAL_RULES` cites the sources)."""
    s, order = series_of(ctx.facts, rule.vital), active_order(ctx.facts, generic)
    if s is None or order is None:
        return None
    lab, p = s.vital.lab, s.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    types = {"Observation"}
    if not _search(ctx, s, 3, calls, obs):
        return None
    if f"order:{generic}" not in ctx.known:
        ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
        types.add("MedicationRequest")
    value, flag_en, flag_zh, flag = _reading(s, p)
    zh_name = drug_zh(generic)
    limit = f"{R.fmt(rule.below, 0)} {s.vital.unit}"
    what_en = "systolic" if rule.vital == "bp" else lab.en
    what_zh = "收缩压" if rule.vital == "bp" else lab.zh
    unsafe = p.value < rule.below
    his, ta, names = ctx.he[2], ctx.ta, [f"vital:{rule.vital}", f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(en=f"Is it safe to keep giving {generic} with {his} {lab.en} where it is?", zh=f"以{ta}现在的{lab.zh}，{zh_name}还能继续用吗？"),
            Text(en=f"With this {lab.en}, can the {generic} carry on?", zh=f"{lab.zh}这样，{zh_name}还能接着用吗？"),
            Text(en=f"Should we hold the {generic}, given the {lab.en}?", zh=f"看{lab.zh}的情况，{zh_name}要不要停？"),
            Text(en=f"Is the {lab.en} OK for continuing {generic}?", zh=f"现在的{lab.zh}允许继续用{zh_name}吗？"),
        ],
        entities=names,
    )  # fmt: skip
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(en=f"Is it safe to keep it going with that {lab.en}?", zh=f"这个{lab.zh}，它还能继续用吗？"),
                Text(en=f"Should we hold it, given the {lab.en}?", zh=f"看{lab.zh}，这个药要不要停？"),
                Text(en=f"Can it carry on with the {lab.en} where it is?", zh=f"{lab.zh}这样，它还能接着用吗？"),
            ],
            entities=[f"vital:{rule.vital}"],
        )  # fmt: skip
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = ctx.follow_up(
            Implicitness.AE,
            [
                Text(en=f"should the {generic} continue?", zh=f"{zh_name}还要继续吗？"),
                Text(en=f"do we keep the {generic} going or hold it?", zh=f"{zh_name}是继续用还是先停？"),
                Text(en=f"is it safe to carry on with {generic}?", zh=f"{zh_name}还能安全地用下去吗？"),
            ],
            entities=[f"drug:{generic}"],
        )  # fmt: skip
    head_en = f"The latest {lab.en} is {value} ({day(p.time)}), which is {flag_en}."
    head_zh = f"最近一次{lab.zh}为 {value}（{day(p.time)}），{flag_zh}。"
    if unsafe:
        answer = Text(
            en=f"{head_en} With a {what_en} below {limit}, hold {generic} for now and recheck the {lab.en}.",
            zh=f"{head_zh}{what_zh}低于 {limit}，应暂停{zh_name}，并复查{lab.zh}。",
        )
        decision = [
            R.recommend_item(f"Recommends holding {generic}", f"建议暂停{zh_name}",
                             list(HOLD), [generic, zh_name, order.name]),
            R.negative_item(f"Recommends continuing {generic} unchanged", f"建议继续原剂量使用{zh_name}",
                            CONTINUE, [generic, zh_name]),
        ]  # fmt: skip
    else:
        answer = Text(
            en=f"{head_en} It is safe to continue {generic}; monitor the {lab.en}.",
            zh=f"{head_zh}可以继续使用{zh_name}，注意监测{lab.zh}。",
        )
        decision = [
            R.recommend_item(f"Says {generic} can be continued", f"指出可以继续使用{zh_name}",
                             CONTINUE, [generic, zh_name, order.name]),
            R.mention_item(f"Advises monitoring the {lab.en}", f"建议监测{lab.zh}", MONITOR),
        ]  # fmt: skip
    items = [*_value_items(s, p), R.flag_item(lab, flag), *decision]
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "vital_drug_safety",
        names,
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        types,
        [f"{lab.en} {value} on {day(p.time)}; {generic} active; hold below {limit}"],
        {f"vital:{rule.vital}:latest", f"order:{generic}"},
        decision="hold" if unsafe else "continue",
    )


#: Hypertension codes (ICD-10 I10-I13, I15, I16; ICD-9 401-405).
HYPERTENSION = (
    "I10",
    "I11",
    "I12",
    "I13",
    "I15",
    "I16",
    "401",
    "402",
    "403",
    "404",
    "405",
)
#: Blood-pressure goal of treated hypertension: < 130/80 mmHg (2017 ACC/AHA BP guideline,
#: Whelton PK et al., Hypertension 2018;71:e13-e115, recommendation 8.1.5).
BP_GOAL = (130, 80)
AT_GOAL = ["at goal", "controlled", "at target", "达标", "控制良好", "已控制"]
ABOVE_GOAL = ["not at goal", "above goal", "uncontrolled", "not controlled", "未达标", "控制不佳", "未控制"]  # fmt: skip


def at_goal(p: VitalPoint) -> bool:
    """Below both limits of :data:`BP_GOAL`."""
    return p.value < BP_GOAL[0] and (p.second is None or p.second < BP_GOAL[1])


@requires("vital", "condition")
def bp_control(ctx: TopicContext) -> Draft | None:
    """CR: is a coded hypertension controlled? Latest blood pressure against the 2017
    ACC/AHA goal (< 130/80 mmHg, :data:`BP_GOAL`)."""
    s = series_of(ctx.facts, "bp")
    if s is None or not ctx.facts.ever_had(*HYPERTENSION) or "bp:control" in ctx.known:
        return None
    p = s.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    if not _search(ctx, s, 3, calls, obs):
        return None
    value = f"{p.text(s.vital)} {s.vital.unit}"
    ok = at_goal(p)
    his, ta = ctx.he[2], ctx.ta
    explicit = ctx.request(
        [
            Text(en=f"Is {his} hypertension controlled?", zh=f"{ta}的高血压控制得怎么样？"),
            Text(en=f"Is {his} blood pressure at goal?", zh=f"{ta}的血压达标了吗？"),
            Text(en="How well controlled is the blood pressure?", zh="血压控制得好不好？"),
            Text(en=f"Where is {his} BP relative to target?", zh=f"{ta}的血压离目标还差多少？"),
        ],
        entities=["vital:bp"],
    )  # fmt: skip
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("vital:bp"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(en="Is that at goal for a hypertensive?", zh="对高血压患者来说，这个达标吗？"),
                Text(en="Is that controlled?", zh="这样算控制住了吗？"),
                Text(en="Is it at target?", zh="这个到目标了吗？"),
            ],
            entities=["vital:bp"],
        )  # fmt: skip
    goal = f"{BP_GOAL[0]}/{BP_GOAL[1]} mmHg"
    if ok:
        verdict_en, verdict_zh = "at goal (controlled)", "已达标（控制良好）"
    else:
        verdict_en, verdict_zh = "not at goal (uncontrolled)", "未达标（控制不佳）"
    # No high/low word: the diagnosis's name reads as a "high" blood pressure.
    answer = Text(
        en=f"The latest blood pressure is {value} ({day(p.time)}): {verdict_en} against "
        f"the ACC/AHA goal for treated hypertension of below {goal}.",
        zh=f"最近一次血压为 {value}（{day(p.time)}）：按 ACC/AHA 高血压治疗目标（低于 {goal}），{verdict_zh}。",
    )
    items = [
        *_value_items(s, p),
        R.conclusion_item(
            f"Concludes the blood pressure is {'at goal' if ok else 'not at goal'}",
            f"结论为血压{'已达标' if ok else '未达标'}",
            AT_GOAL if ok else ABOVE_GOAL,
            ABOVE_GOAL if ok else AT_GOAL,
        ),
        R.mention_item(
            f"Names the goal ({goal})", f"给出目标值（{goal}）", ["130/80", "130"]
        ),
    ]
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "bp_control",
        ["vital:bp"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation"} | ({"Condition"} if len(calls) > 1 else set()),
        [f"blood pressure {value} on {day(p.time)}; goal < {goal}"],
        {"bp:control", "vital:bp:latest", "conditions"},
        decision="at goal" if ok else "not at goal",
    )


def response_window(
    facts: AdmissionFacts, generic: str
) -> tuple[VitalPoint, VitalPoint] | None:
    """(baseline, latest) blood pressure around an antihypertensive's start: the last
    reading on or before the start day and the latest reading at least 14 days after it
    (2017 ACC/AHA: reassess about a month after starting or changing treatment)."""
    s, order = series_of(facts, "bp"), active_order(facts, generic)
    if s is None or order is None or not order.start:
        return None
    start = order.start[:10]
    before = [p for p in s.points if p.time[:10] <= start]
    after = [p for p in s.points if days_between(start, p.time) >= 14]
    if not before or not after:
        return None
    return before[-1], after[-1]


@requires("vital", "order")
def bp_response(ctx: TopicContext, generic: str) -> Draft | None:
    """CR: has the blood pressure responded to an antihypertensive? The baseline at its
    start against the latest reading, judged by the 2017 ACC/AHA goal (< 130/80 mmHg)."""
    window = response_window(ctx.facts, generic)
    if window is None or f"response:{generic}" in ctx.known:
        return None
    s = ctx.facts.vitals["bp"]
    base, last = window
    order = active_order(ctx.facts, generic)
    assert order is not None  # response_window checked it
    calls: list[ToolCall] = []
    obs: list[str] = []
    types = {"Observation"}
    if f"order:{generic}" not in ctx.known:
        ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
        types.add("MedicationRequest")
    n = len([p for p in s.points if p.time >= base.time])
    if not _search(ctx, s, n, calls, obs):
        return None
    lab = s.vital.lab
    zh_name = drug_zh(generic)
    a, b = base.text(s.vital), last.text(s.vital)
    direction = s.trend([base, last])
    t_en, t_zh = R.TREND_WORDS[direction]
    ok = at_goal(last)
    goal = f"{BP_GOAL[0]}/{BP_GOAL[1]} mmHg"
    his, ta, names = ctx.he[2], ctx.ta, ["vital:bp", f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(en=f"Has {his} blood pressure responded to the {generic}?", zh=f"{ta}用{zh_name}后血压有改善吗？"),
            Text(en=f"Is the {generic} working on {his} BP?", zh=f"{zh_name}对{ta}的血压有效吗？"),
            Text(en=f"Since starting {generic}, where's the blood pressure?", zh=f"开始用{zh_name}以后，血压怎么样了？"),
            Text(en=f"Did the {generic} bring the BP down to goal?", zh=f"{zh_name}把血压降到目标了吗？"),
        ],
        entities=names,
    )  # fmt: skip
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(en="Has the blood pressure responded to it?", zh="用了它以后血压有改善吗？"),
                Text(en="Is it working on the BP?", zh="它对血压有效吗？"),
                Text(en="Since it was started, is the BP at goal?", zh="开始用它以后，血压达标了吗？"),
            ],
            entities=["vital:bp"],
        )  # fmt: skip
    if ok:
        verdict_en, verdict_zh = "at goal (controlled)", "已达标（控制良好）"
    else:
        verdict_en, verdict_zh = "not at goal (uncontrolled)", "未达标（控制不佳）"
    answer = Text(
        en=f"{cap(generic)} was started on {order.start[:10]}. Blood pressure went from {a} "
        f"({day(base.time)}) to {b} mmHg ({day(last.time)}), {t_en}; it is {verdict_en} "
        f"against the ACC/AHA goal of below {goal}.",
        zh=f"{zh_name}于 {order.start[:10]} 开始使用。血压从 {a}（{day(base.time)}）变为 {b} mmHg"
        f"（{day(last.time)}），{t_zh}；按 ACC/AHA 低于 {goal} 的目标，{verdict_zh}。",
    )
    items = [
        *_value_items(s, last),
        R.trend_item(lab, direction, a, b),
        R.conclusion_item(
            f"Concludes the blood pressure is {'at goal' if ok else 'not at goal'} on {generic}",
            f"结论为用{zh_name}后血压{'已达标' if ok else '未达标'}",
            AT_GOAL if ok else ABOVE_GOAL,
            ABOVE_GOAL if ok else AT_GOAL,
        ),
    ]
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "bp_response",
        names,
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        types,
        [
            f"{generic} started {order.start[:10]}; blood pressure {a} -> {b} mmHg ({t_en})"
        ],
        {f"response:{generic}", f"order:{generic}", "vital:bp:latest"},
        decision="at goal" if ok else "not at goal",
    )


def flu_season_start(day_: str) -> str:
    """The first day of the influenza season ``day_`` falls in (August 1: ACIP vaccinates
    from when the season's vaccine is available, ideally by the end of October)."""
    year, month = int(day_[:4]), int(day_[5:7])
    return f"{year if month >= 8 else year - 1}-08-01"


FLU_DUE = ["is due", "due now", "should be vaccinated", "应接种", "需要接种"]
FLU_DONE = ["up to date", "already vaccinated", "本季已接种", "已按时接种"]


@requires("immunization")
def influenza_vaccine(ctx: TopicContext) -> Draft | None:
    """CR: is an influenza vaccine due? ACIP/CDC adult immunization schedule: one dose
    every season for every adult (Grohskopf LA et al., MMWR Recomm Rep 2023;72(2):1-25);
    a dose since the current season began (:func:`flu_season_start`) makes it up to date.
    Asked only of a record that holds immunizations (a record without any cannot tell)."""
    if "vaccine:influenza" in ctx.known:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    result = ctx.run("Procedure.search", {"code": "influenza"}, calls, obs)
    given = sorted(
        str(e["resource"].get("occurrenceDateTime") or "")[:10]
        for e in (result.resource or {}).get("entry") or []
        if e["resource"].get("resourceType") == "Immunization"
        and e["resource"].get("status") == "completed"
    )
    given = [d for d in given if d]
    season = flu_season_start(ctx.facts.current_date)
    done = bool(given) and given[-1] >= season
    last_en = (
        f"the last recorded dose was on {given[-1]}" if given else "none is recorded"
    )
    last_zh = f"最近一次记录的接种在 {given[-1]}" if given else "没有接种记录"
    his, ta = ctx.he[2], ctx.ta
    explicit = ctx.request(
        [
            Text(en=f"Is {his} flu shot due?", zh=f"{ta}该打流感疫苗了吗？"),
            Text(en="Does the patient need an influenza vaccine this season?", zh="这个季节患者需要接种流感疫苗吗？"),
            Text(en=f"Is {ctx.he[0]} up to date on the flu vaccine?", zh=f"{ta}的流感疫苗打了吗？"),
            Text(en="Check whether a flu shot is due.", zh="看一下是否需要打流感疫苗。"),
        ],
    )  # fmt: skip
    if done:
        answer = Text(
            en=f"Influenza vaccine: {last_en}, in the season that began on {season}, so "
            f"{ctx.he[0]} is up to date for this season (CDC: one dose every season).",
            zh=f"流感疫苗：{last_zh}，在 {season} 开始的本季内，本季已接种（CDC：每季接种一次）。",
        )
    else:
        answer = Text(
            en=f"Influenza vaccine: {last_en}; no dose since this season began on {season}, "
            f"so a dose is due now (CDC: one dose every season for every adult).",
            zh=f"流感疫苗：{last_zh}；自本季（{season} 起）没有接种，现在应接种（CDC：成人每季接种一次）。",
        )
    items = [
        R.tool_item(["Procedure.search"], "the vaccination record", "疫苗接种记录"),
        R.conclusion_item(
            f"Concludes the influenza vaccine is {'up to date' if done else 'due'}",
            f"结论为流感疫苗{'本季已接种' if done else '应接种'}",
            FLU_DONE if done else FLU_DUE,
            FLU_DUE if done else FLU_DONE,
        ),
    ]
    if given:
        items.append(
            R.mention_item(
                f"Gives the last dose's date ({given[-1]})",
                f"给出最近一次接种日期（{given[-1]}）",
                [given[-1]],
            )
        )
    return Draft(
        TaskType.CR,
        ToolSource.EHR,
        "influenza_vaccine",
        [],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {"Immunization"},
        [f"influenza vaccine {last_en}; season from {season}"],
        {"vaccine:influenza"},
        decision="up to date" if done else "due",
    )


def lab_free_menu(scenario: Scenario, ctx: TopicContext) -> dict[TaskType, list]:
    """The topics of a lab-free session (focus ``lab_free``), per task type."""
    from physassist_env.scenarios.topics.lookup import diagnoses
    from physassist_env.scenarios.topics.menu import allergy_or_order
    from physassist_env.scenarios.topics.reasoning import cha2ds2vasc
    from physassist_env.scenarios.topics.scores import has_bled
    from physassist_env.scenarios.topics.writes import followup

    f = ctx.focus
    keys: list[str] = f["vitals"]
    m: dict[TaskType, list] = {t: [] for t in TaskType}
    m[TaskType.IL] = [lambda c, k=k: vital_latest(c, k) for k in keys] + [
        allergy_or_order,  # the order where the source keeps no allergy list
        diagnoses,
    ]
    m[TaskType.DG] = [lambda c, k=k: vital_trend(c, k) for k in keys]
    m[TaskType.WU] = [followup]
    if scenario == Scenario.MED_SAFETY:
        rule, generic = f["rule"], f["drug"]
        m[TaskType.CR] = [lambda c: vital_drug_safety(c, rule, generic)]
    elif scenario == Scenario.DIAGNOSTIC_WORKUP:
        m[TaskType.CR] = [bp_control, cha2ds2vasc, has_bled, influenza_vaccine]
    else:  # treatment response
        generic = f["drug"]
        m[TaskType.CR] = [lambda c: bp_response(c, generic)]
    return m
