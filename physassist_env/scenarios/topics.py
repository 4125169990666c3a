"""Turn topics: each writes one physician request with its gold actions, answer and rubric.

A topic function takes the session's :class:`TopicContext` and returns a :class:`Draft`
or ``None`` when the admission cannot support it. Gold actions are executed on the
session's date-gated EHR view, and answers are written from what those calls returned,
so a gold answer never states anything the agent could not have found.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import numpy as np

from physassist_env.clinical import scores
from physassist_env.ehr.toolkit import EhrToolkit, ToolResult
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.features import AdmissionFacts, LabSeries, MedOrder
from physassist_env.scenarios.model import (
    Implicitness,
    RubricItem,
    Scenario,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.vocab import (
    ANTIBIOTICS,
    LABS,
    SafetyPair,
    drug_class_of,
    drug_zh,
)

HOLD = ["hold", "stop", "discontinue", "withhold", "pause", "暂停", "停用", "停药"]
CONTINUE = ["continue", "keep", "safe to continue", "继续", "可以继续"]
MONITOR = ["recheck", "repeat", "monitor", "trend", "follow", "复查", "监测", "复测"]
FREQ_SYNONYMS = {
    "daily": [
        "daily",
        "once a day",
        "once daily",
        "qd",
        "q24h",
        "每日一次",
        "每天一次",
        "每日",
    ],
    "q24h": [
        "daily",
        "once a day",
        "once daily",
        "qd",
        "q24h",
        "每日一次",
        "每天一次",
        "每24小时",
    ],
    "bid": [
        "bid",
        "twice a day",
        "twice daily",
        "q12h",
        "每日两次",
        "每天两次",
        "每12小时",
    ],
    "q12h": ["bid", "twice a day", "twice daily", "q12h", "每日两次", "每12小时"],
    "tid": ["tid", "three times a day", "q8h", "每日三次", "每8小时"],
    "q8h": ["tid", "three times a day", "q8h", "每日三次", "每8小时"],
    "qid": ["qid", "four times a day", "q6h", "每日四次", "每6小时"],
    "q6h": ["qid", "four times a day", "q6h", "每日四次", "每6小时"],
    "qhs": ["qhs", "at bedtime", "at night", "nightly", "睡前"],
}


@dataclass
class Draft:
    """A generated turn before ids and implicitness are fixed."""

    task_type: TaskType
    tool_source: ToolSource
    topic: str
    entities: list[str]
    explicit: Text
    implicit: dict[Implicitness, Text]
    gold_actions: list[ToolCall]
    gold_observations: list[str]
    gold_answer: Text
    rubric: list[RubricItem]
    resource_types: set[str]
    record_facts: list[str] = field(default_factory=list)
    known: set[str] = field(default_factory=set)
    patient_turn: bool = False


@dataclass
class TopicContext:
    """What topics may use: the admission's facts, gold tools, randomness and earlier turns."""

    facts: AdmissionFacts
    toolkit: EhrToolkit
    rng: np.random.Generator
    focus: dict[str, Any]
    previous: list[Draft] = field(default_factory=list)
    known: set[str] = field(default_factory=set)
    patient: Any = None  # physassist_env.scenarios.patient_turns.PatientTurns, when interviews are possible
    #: Results of read calls, shared across planning attempts on the same view and date.
    read_cache: dict[str, ToolResult] = field(default_factory=dict)

    @property
    def he(self) -> tuple[str, str, str]:
        """(subject, object, possessive) pronouns for the patient."""
        return ("she", "her", "her") if self.facts.female else ("he", "him", "his")

    def choose(self, options: list[Any]) -> Any:
        """A seeded choice."""
        return options[int(self.rng.integers(len(options)))]

    def run(
        self,
        name: str,
        arguments: dict[str, Any],
        calls: list[ToolCall],
        observations: list[str],
    ) -> ToolResult:
        """Execute a gold action on the session's view and record it (reads are memoised)."""
        key = f"{name}|{json.dumps(arguments, sort_keys=True)}"
        result = self.read_cache.get(key)
        if result is None:
            result = self.toolkit.call(name, arguments)
            if not name.endswith(".create"):
                self.read_cache[key] = result
        if not result.ok:
            raise RuntimeError(f"gold action {name}({arguments}) failed: {result.text}")
        calls.append(ToolCall(name=name, arguments=arguments))
        observations.append(result.text)
        return result

    def last_entities(self) -> list[str]:
        """Entities of the previous turn."""
        return self.previous[-1].entities if self.previous else []

    def mentioned(self, entity: str) -> bool:
        """Whether any earlier turn was about ``entity``."""
        return any(entity in d.entities for d in self.previous)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _day(ts: str) -> str:
    return ts[:10]


def _freq_terms(freq: str) -> list[str]:
    key = freq.strip().lower().replace(" ", "")
    return FREQ_SYNONYMS.get(key, [freq])


def _order_of(ctx: TopicContext, generic: str) -> MedOrder | None:
    for o in ctx.facts.orders:
        if o.generic == generic and o.status == "active":
            return o
    for o in ctx.facts.orders:
        if o.generic == generic:
            return o
    return None


# ----------------------------------------------------------------------- IL topics
def lab_latest(ctx: TopicContext, lab_key: str) -> Draft | None:
    """IL: the latest value of one lab, with its flag."""
    series = ctx.facts.labs.get(lab_key)
    if series is None or f"lab:{lab_key}:latest" in ctx.known:
        return None
    lab, p = series.lab, series.latest
    _, _, his = ctx.he
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Observation.search", {"code": lab.en, "_count": 5}, calls, obs)
    v = R.fmt(p.value, lab.decimals)
    flag_en, flag_zh = R.FLAG_WORDS.get(p.flag, R.FLAG_WORDS[""])
    explicit = ctx.choose(
        [
            Text(
                en=f"What's {his} latest {lab.en}?",
                zh=f"{'她' if ctx.facts.female else '他'}最新的{lab.zh}是多少？",
            ),
            Text(
                en=f"Can you pull up {his} most recent {lab.en}?",
                zh=f"帮我查一下{'她' if ctx.facts.female else '他'}最近一次的{lab.zh}。",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    last = ctx.last_entities()
    if any(e.startswith("lab:") for e in last) and f"lab:{lab_key}" not in last:
        implicit[Implicitness.PE] = Text(en=f"And the {lab.en}?", zh=f"那{lab.zh}呢？")
    answer = Text(
        en=f"The most recent {lab.en} is {v} {p.unit} ({_day(p.time)}), which is {flag_en}.",
        zh=f"最近一次{lab.zh}为 {v} {p.unit}（{_day(p.time)}），{flag_zh}。",
    )
    items = [
        R.value_item(lab, p.value, p.unit),
        R.flag_item(lab, p.flag),
        R.tool_item(["Observation.search"], f"the {lab.en} result", lab.zh),
    ]
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "lab_latest",
        [f"lab:{lab_key}"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"Observation"},
        [f"{lab.en} {v} {p.unit} on {_day(p.time)} ({flag_en})"],
        {f"lab:{lab_key}:latest"},
    )


def med_current(ctx: TopicContext, generic: str) -> Draft | None:
    """IL: the dose, route and frequency of one active order."""
    order = _order_of(ctx, generic)
    if order is None or order.dose is None or f"order:{generic}" in ctx.known:
        return None
    he, _, _ = ctx.he
    zh_name = drug_zh(generic)
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
    dose = R.fmt(order.dose, 2)
    explicit = ctx.choose(
        [
            Text(
                en=f"What dose of {generic} is {he} on?",
                zh=f"{'她' if ctx.facts.female else '他'}现在{zh_name}用的什么剂量？",
            ),
            Text(
                en=f"How is {he} getting {generic} right now?",
                zh=f"{zh_name}现在是怎么用的？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.mentioned(f"drug:{generic}"):
        implicit[Implicitness.NA] = Text(
            en=f"What dose is {he} on?", zh="现在用的什么剂量？"
        )
    elif any(e.startswith("drug:") for e in ctx.last_entities()):
        implicit[Implicitness.PE] = Text(
            en=f"And the {generic}?", zh=f"那{zh_name}呢？"
        )
    answer = Text(
        en=f"{_cap(generic)} {dose} {order.dose_unit} {order.route} {order.frequency}, ordered {_day(order.start)}, status {order.status}.",
        zh=f"{zh_name}（{generic}）{dose} {order.dose_unit}，{order.route}，{order.frequency}，{_day(order.start)} 开具，状态 {order.status}。",
    )
    items = [
        R.item(
            f"States the {generic} dose as {dose} {order.dose_unit}",
            f"给出{zh_name}剂量为 {dose} {order.dose_unit}",
            R.ValueCheck(value=order.dose, unit=order.dose_unit, tolerance=0.0),
            tags=("value",),
        ),
        R.mention_item(
            f"States the frequency ({order.frequency})",
            f"说明给药频次（{order.frequency}）",
            _freq_terms(order.frequency) + [order.frequency],
        ),
        R.tool_item(
            ["MedicationRequest.search"], f"the {generic} order", f"{zh_name}医嘱"
        ),
    ]
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "med_current",
        [f"drug:{generic}"],
        explicit,
        implicit,
        calls,
        obs,
        answer,
        items,
        {"MedicationRequest"},
        [
            f"{order.name} {dose} {order.dose_unit} {order.route} {order.frequency} ({order.status})"
        ],
        {f"order:{generic}"},
    )


def diagnoses(ctx: TopicContext) -> Draft | None:
    """IL: what the patient was admitted with (coded diagnoses)."""
    conds = ctx.facts.conditions
    if not conds or "conditions" in ctx.known:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Condition.search", {"clinical_status": "active"}, calls, obs)
    (code1, title1) = conds[0]
    he, _, _ = ctx.he
    explicit = ctx.choose(
        [
            Text(
                en=f"What was {he} admitted with?",
                zh=f"{'她' if ctx.facts.female else '他'}这次住院的诊断是什么？",
            ),
            Text(
                en="What are the diagnoses on this admission?",
                zh="这次住院有哪些诊断？",
            ),
        ]
    )
    if len(conds) < 2:
        return None
    main = _short_title(title1)
    code2, title2 = conds[1]
    second = _short_title(title2)
    answer = Text(
        en=f"The principal diagnosis is {title1} ({code1}); also coded: {title2} ({code2}).",
        zh=f"主要诊断为 {title1}（{code1}）；其他诊断：{title2}（{code2}）。",
    )
    items = [
        R.mention_item(
            f"Names the principal diagnosis ({main})",
            f"说出主要诊断（{main}）",
            [title1, main, code1],
        ),
        R.mention_item(
            f"Names a secondary diagnosis ({second})",
            f"说出次要诊断（{second}）",
            [title2, second, code2],
        ),
        R.tool_item(
            ["Condition.search", "Patient.everything"],
            "the coded diagnoses",
            "诊断记录",
        ),
    ]
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "diagnoses",
        ["conditions"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {"Condition"},
        [f"principal diagnosis {title1} ({code1})"],
        {"conditions"},
    )


def _short_title(title: str) -> str:
    cut = title.split(",")[0].split("(")[0].strip()
    return cut or title


def culture_result(ctx: TopicContext) -> Draft | None:
    """IL: what grew on the admission's cultures."""
    cultures = ctx.facts.cultures
    if not cultures or "cultures" in ctx.known:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Observation.search",
        {"category": "microbiology", "date_from": ctx.facts.start[:10]},
        calls,
        obs,
    )
    positive = [c for c in cultures if c["organism"]]
    explicit = ctx.choose(
        [
            Text(
                en="Did anything grow on the cultures?", zh="培养有结果吗？长了什么？"
            ),
            Text(en="What do the cultures show so far?", zh="目前培养结果怎么样？"),
        ]
    )
    if positive:
        c = positive[-1]
        answer = Text(
            en=f"The {c['test'].lower()} from {_day(c['time'])} grew {c['organism']}.",
            zh=f"{_day(c['time'])} 的{c['test']}培养出 {c['organism']}。",
        )
        terms = [c["organism"], c["organism"].split()[0]] if c["organism"] else []
        first = R.mention_item(
            f"Names the organism ({c['organism']})",
            f"说出培养出的病原体（{c['organism']}）",
            terms,
        )
        facts = [f"{c['test']} {_day(c['time'])}: {c['organism']}"]
    else:
        c = cultures[-1]
        answer = Text(
            en=f"No growth: the cultures so far show no organism (latest {c['test'].lower()}, {_day(c['time'])}).",
            zh=f"目前培养均无生长（最近一次为 {_day(c['time'])} 的{c['test']}）。",
        )
        first = R.mention_item(
            "States that the cultures show no growth",
            "说明培养无生长",
            ["no growth", "negative", "nothing grew", "无生长", "阴性", "未生长"],
        )
        facts = [f"{c['test']} {_day(c['time'])}: no growth"]
    test_name = c["test"]
    items = [
        first,
        R.mention_item(
            f"Names the culture ({test_name})",
            f"说出培养类型（{test_name}）",
            [test_name, test_name.split(",")[0], test_name.split()[0]],
        ),
        R.tool_item(["Observation.search"], "the culture results", "培养结果"),
    ]
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "culture_result",
        ["cultures"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {"Observation"},
        facts,
        {"cultures"},
    )


# ----------------------------------------------------------------------- DG topics
def _trend_text(series: LabSeries) -> tuple[str, str, str, str]:
    lab = series.lab
    a, b = (
        R.fmt(series.first.value, lab.decimals),
        R.fmt(series.latest.value, lab.decimals),
    )
    t = series.trend()
    en, zh = R.TREND_WORDS[t]
    return (
        f"{lab.en} went from {a} to {b} {series.latest.unit} ({en})",
        f"{lab.zh}从 {a} 变为 {b} {series.latest.unit}（{zh}）",
        a,
        b,
    )


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
    explicit = Text(
        en=f"How have the {l1.en} and {l2.en} trended since admission?",
        zh=f"入院以来{l1.zh}和{l2.zh}的变化趋势怎么样？",
    )
    implicit: dict[Implicitness, Text] = {}
    if f"lab:{key1}" in ctx.last_entities():
        implicit[Implicitness.NA] = Text(
            en=f"How has that trended since admission, along with the {l2.en}?",
            zh=f"入院以来它的变化趋势如何？{l2.zh}呢？",
        )
    elif f"lab:{key2}" in ctx.last_entities():
        implicit[Implicitness.NA] = Text(
            en=f"How has that trended since admission, along with the {l1.en}?",
            zh=f"入院以来它的变化趋势如何？{l1.zh}呢？",
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en=f"In light of all that, which way are the {l1.en} and {l2.en} heading?",
            zh=f"结合以上情况，{l1.zh}和{l2.zh}是什么走势？",
        )
    t1en, t1zh, a1, b1 = _trend_text(s1)
    t2en, t2zh, a2, b2 = _trend_text(s2)
    answer = Text(
        en=f"Since admission, {t1en}; {t2en}.", zh=f"入院以来，{t1zh}；{t2zh}。"
    )
    items = [
        R.value_item(l1, s1.latest.value, s1.latest.unit),
        R.trend_item(l1, s1.trend(), a1, b1),
        R.value_item(l2, s2.latest.value, s2.latest.unit),
        R.trend_item(l2, s2.trend(), a2, b2),
        R.tool_item(["Observation.search"], "both lab series", "两项化验结果"),
    ]
    if (
        s1.trend() == s2.trend()
    ):  # one trend word cannot distinguish the two labs; keep one
        items.pop(3)
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


def lab_and_med(ctx: TopicContext, lab_key: str, generic: str) -> Draft | None:
    """DG: a lab value and the order it bears on (two resource types)."""
    series, order = ctx.facts.labs.get(lab_key), _order_of(ctx, generic)
    if series is None or order is None or order.dose is None:
        return None
    lab, p = series.lab, series.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Observation.search", {"code": lab.en, "_count": 5}, calls, obs)
    ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
    _, _, his = ctx.he
    zh_name = drug_zh(generic)
    v, dose = R.fmt(p.value, lab.decimals), R.fmt(order.dose, 2)
    flag_en, flag_zh = R.FLAG_WORDS.get(p.flag, R.FLAG_WORDS[""])
    explicit = Text(
        en=f"Where's {his} {lab.en} now, and what dose of {generic} is {ctx.he[0]} on?",
        zh=f"{lab.zh}现在多少？{zh_name}用的什么剂量？",
    )
    implicit: dict[Implicitness, Text] = {}
    if f"lab:{lab_key}" in ctx.last_entities():
        implicit[Implicitness.NA] = Text(
            en=f"Where is it now, and what dose of {generic} is {ctx.he[0]} getting?",
            zh=f"它现在多少？{zh_name}用的什么剂量？",
        )
    elif f"drug:{generic}" in ctx.last_entities():
        implicit[Implicitness.NA] = Text(
            en=f"What dose is {ctx.he[0]} on, and where's the {lab.en}?",
            zh=f"用的什么剂量？{lab.zh}现在多少？",
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en=f"Given all that, where's the {lab.en} now and the {generic} dose?",
            zh=f"综合以上，{lab.zh}现在多少？{zh_name}剂量呢？",
        )
    answer = Text(
        en=f"{_cap(lab.en)} is {v} {p.unit} ({flag_en}, {_day(p.time)}); {generic} is ordered at {dose} {order.dose_unit} {order.route} {order.frequency} ({order.status}).",
        zh=f"{lab.zh}为 {v} {p.unit}（{flag_zh}，{_day(p.time)}）；{zh_name}医嘱为 {dose} {order.dose_unit}，{order.route}，{order.frequency}（{order.status}）。",
    )
    items = [
        R.value_item(lab, p.value, p.unit),
        R.flag_item(lab, p.flag),
        R.item(
            f"States the {generic} dose as {dose} {order.dose_unit}",
            f"给出{zh_name}剂量 {dose} {order.dose_unit}",
            R.ValueCheck(value=order.dose, unit=order.dose_unit),
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
            f"{lab.en} {v} {p.unit} ({flag_en})",
            f"{order.name} {dose} {order.dose_unit} {order.frequency}",
        ],
        {f"lab:{lab_key}:latest", f"order:{generic}"},
    )


def infection_status(ctx: TopicContext) -> Draft | None:
    """DG: white count trend plus culture results."""
    wbc = ctx.facts.labs.get("wbc")
    if wbc is None or len(wbc.points) < 2 or not ctx.facts.cultures:
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
    ten, tzh, a, b = _trend_text(wbc)
    positive = [c for c in ctx.facts.cultures if c["organism"]]
    org_en = positive[-1]["organism"] if positive else "no growth"
    org_zh = positive[-1]["organism"] if positive else "无生长"
    explicit = Text(
        en="Where are we with the infection? White count and cultures.",
        zh="感染情况怎么样？看看白细胞和培养结果。",
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="Given all that, where does the infection stand? Counts and cultures.",
            zh="综合这些，感染现在怎么样？白细胞和培养呢？",
        )
    if "lab:wbc" in ctx.last_entities():
        implicit[Implicitness.NA] = Text(
            en="How has it trended, and what did the cultures show?",
            zh="它的趋势如何？培养结果呢？",
        )
    answer = Text(
        en=f"The {ten}. Cultures: {org_en}.", zh=f"{tzh}。培养结果：{org_zh}。"
    )
    org_terms = (
        [org_en, org_en.split()[0]]
        if positive
        else ["no growth", "negative", "nothing grew", "无生长", "阴性", "未生长"]
    )
    items = [
        R.value_item(wbc.lab, wbc.latest.value, wbc.latest.unit),
        R.trend_item(wbc.lab, wbc.trend(), a, b),
        R.mention_item(
            f"Reports the culture result ({org_en})",
            f"报告培养结果（{org_zh}）",
            org_terms,
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


def antibiotics_given(ctx: TopicContext) -> Draft | None:
    """DG: antibiotics actually administered, and the culture results."""
    given = [g for g in ctx.facts.given if g in ANTIBIOTICS]
    if not given or not ctx.facts.cultures:
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
    positive = [c for c in ctx.facts.cultures if c["organism"]]
    org = positive[-1]["organism"] if positive else ""
    he = ctx.he[0]
    explicit = Text(
        en=f"Which antibiotics has {he} actually received, and what grew?",
        zh=f"{'她' if ctx.facts.female else '他'}实际用了哪些抗生素？培养长了什么？",
    )
    implicit: dict[Implicitness, Text] = {}
    if "cultures" in ctx.last_entities():
        implicit[Implicitness.NA] = Text(
            en=f"And what has {he} actually been given for it?",
            zh="针对它实际用了哪些抗生素？",
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="With all that in mind, what antibiotics has he actually had, and what grew?".replace(
                "he", he, 1
            ),
            zh="结合以上情况，实际用了哪些抗生素？培养长了什么？",
        )
    names_en = ", ".join(f"{g} ({ctx.facts.given[g]} doses)" for g in given)
    names_zh = "、".join(f"{drug_zh(g)}（{ctx.facts.given[g]} 剂）" for g in given)
    answer = Text(
        en=f"Administered antibiotics: {names_en}. Cultures: {org or 'no growth'}.",
        zh=f"已给予的抗生素：{names_zh}。培养结果：{org or '无生长'}。",
    )
    items = [
        R.mention_item(
            f"Names {g} as given", f"指出已给予{drug_zh(g)}", [g, drug_zh(g)]
        )
        for g in given[:2]
    ]
    items.append(
        R.mention_item(
            f"Reports the culture result ({org or 'no growth'})",
            "报告培养结果",
            [org, org.split()[0]]
            if org
            else ["no growth", "negative", "无生长", "阴性"],
        )
    )
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
        [f"given: {names_en}", f"cultures: {org or 'no growth'}"],
        {"given", "cultures"},
    )


def discharge_meds(ctx: TopicContext) -> Draft | None:
    """DG: the active medication list plus allergies before discharge."""
    active = [o for o in ctx.facts.active_orders() if o.generic or o.dose is not None]
    if len(active) < 2:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    ctx.run("AllergyIntolerance.search", {}, calls, obs)
    _, _, his = ctx.he
    explicit = Text(
        en=f"Before discharge, go over {his} active meds and allergies.",
        zh="出院前，帮我核对一下目前在用的药物和过敏史。",
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="With all that settled, what is she going home on, and any allergies?".replace(
                "she", ctx.he[0]
            ),
            zh="这些都清楚了，出院带哪些药？有过敏吗？",
        )
    meds = active[:3]
    found = [a for a in ctx.facts.allergies if a]
    allergy_en = ", ".join(found) if found else "no known allergies"
    allergy_zh = "、".join(found) if found else "无已知过敏"
    answer = Text(
        en=f"Active medications: {'; '.join(o.name for o in active)}. Allergies: {allergy_en}.",
        zh=f"目前在用药物：{'；'.join(o.name for o in active)}。过敏：{allergy_zh}。",
    )
    items = [
        R.mention_item(
            f"Lists {o.name}", f"列出{o.name}", [o.name, o.generic or o.name.split()[0]]
        )
        for o in meds
    ]
    items.append(
        R.mention_item(
            f"Reports allergies ({allergy_en})",
            f"报告过敏情况（{allergy_zh}）",
            [found[0]]
            if found
            else [
                "no known allergies",
                "no allergies",
                "NKDA",
                "无已知过敏",
                "无过敏",
                "没有过敏",
            ],
        )
    )
    items.append(
        R.tool_item(
            ["AllergyIntolerance.search", "Patient.everything"],
            "the allergy list",
            "过敏记录",
        )
    )
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
        items[:6],
        {"MedicationRequest", "AllergyIntolerance"},
        [f"active: {', '.join(o.name for o in active)}", f"allergies: {allergy_en}"],
        {"orders", "allergies"},
    )


# ----------------------------------------------------------------------- CR topics
def drug_lab_safety(ctx: TopicContext, pair: SafetyPair, generic: str) -> Draft | None:
    """CR: is it safe to continue a drug given its monitoring lab? (negative safety item when unsafe)."""
    series, order = ctx.facts.labs.get(pair.lab), _order_of(ctx, generic)
    if series is None or order is None:
        return None
    lab, p = series.lab, series.latest
    calls: list[ToolCall] = []
    obs: list[str] = []
    types: set[str] = set()
    if f"lab:{pair.lab}:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": lab.en, "_count": 5}, calls, obs)
        types.add("Observation")
    if f"order:{generic}" not in ctx.known:
        ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
        types.add("MedicationRequest")
    if not calls:  # everything was established earlier: check what was actually given
        ctx.run(
            "MedicationAdministration.search",
            {"medication": generic, "_count": 5},
            calls,
            obs,
        )
        types.add("MedicationAdministration")
    unsafe = pair.unsafe(p.value, ctx.facts.female)
    zh_name = drug_zh(generic)
    v = R.fmt(p.value, lab.decimals)
    flag_en, flag_zh = R.FLAG_WORDS.get(p.flag, R.FLAG_WORDS[""])
    explicit = Text(
        en=f"Is it safe to keep giving {generic} with {ctx.he[2]} {lab.en} where it is?",
        zh=f"以{'她' if ctx.facts.female else '他'}现在的{lab.zh}，{zh_name}还能继续用吗？",
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.mentioned(f"drug:{generic}"):
        implicit[Implicitness.NA] = Text(
            en=f"Is it safe to keep it going with that {lab.en}?",
            zh=f"这个{lab.zh}水平，还能继续用吗？",
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en=f"Given all that, should the {generic} continue?",
            zh=f"综合这些情况，{zh_name}还要继续吗？",
        )
    if unsafe:
        answer = Text(
            en=f"{_cap(lab.en)} is {v} {p.unit}, which is {flag_en}. With this value, hold {generic} for now and recheck the {lab.en}.",
            zh=f"{lab.zh}为 {v} {p.unit}，{flag_zh}。在这个水平下应暂停{zh_name}，并复查{lab.zh}。",
        )
        items = [
            R.value_item(lab, p.value, p.unit),
            R.flag_item(lab, p.flag),
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
    else:
        answer = Text(
            en=f"{_cap(lab.en)} is {v} {p.unit}, which is {flag_en}. It is safe to continue {generic}; monitor the {lab.en}.",
            zh=f"{lab.zh}为 {v} {p.unit}，{flag_zh}。可以继续使用{zh_name}，注意监测{lab.zh}。",
        )
        items = [
            R.value_item(lab, p.value, p.unit),
            R.flag_item(lab, p.flag),
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
    if calls and calls[0].name != "MedicationAdministration.search":
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
        [f"{lab.en} {v} {p.unit} ({flag_en})", f"{order.name} {order.status}"],
        {f"lab:{pair.lab}:latest", f"order:{generic}"},
    )


RENAL_DRUGS = {
    "metformin": 30.0,
    "vancomycin": 50.0,
    "enoxaparin": 30.0,
    "gabapentin": 60.0,
    "nitrofurantoin": 30.0,
}


def crcl_dosing(ctx: TopicContext, generic: str) -> Draft | None:
    """CR: Cockcroft-Gault creatinine clearance and whether a renally cleared drug needs adjusting."""
    f = ctx.facts
    cr = f.labs.get("creatinine")
    order = _order_of(ctx, generic)
    if (
        cr is None
        or order is None
        or f.age is None
        or f.weight_kg is None
        or generic not in RENAL_DRUGS
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
    value = scores.crcl(
        age=f.age, weight_kg=f.weight_kg, creatinine=cr.latest.value, female=f.female
    )  # Cockcroft-Gault
    limit = RENAL_DRUGS[generic]
    zh_name = drug_zh(generic)
    shown = R.fmt(value, 0)
    adjust = value < limit
    explicit = Text(
        en=f"What's {ctx.he[2]} creatinine clearance, and does the {generic} need adjusting?",
        zh=f"算一下肌酐清除率，{zh_name}需要调整吗？",
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.mentioned(f"drug:{generic}"):
        implicit[Implicitness.NA] = Text(
            en="What's the creatinine clearance, and does that dose need adjusting?",
            zh="肌酐清除率是多少？这个剂量要调整吗？",
        )
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en=f"Given all that, does the {generic} dose need adjusting for the kidneys?",
            zh=f"综合这些，{zh_name}需要按肾功能调整吗？",
        )
    crv = R.fmt(cr.latest.value, 1)
    if adjust:
        action_en, action_zh = (
            f"{generic} should be stopped or dose-reduced for renal function",
            f"应停用{zh_name}或按肾功能减量",
        )
        rec = R.recommend_item(
            f"Recommends stopping or reducing {generic}",
            f"建议停用或减量{zh_name}",
            [
                "stop",
                "hold",
                "reduce",
                "adjust",
                "lower",
                "decrease",
                "discontinue",
                "停用",
                "减量",
                "调整",
                "暂停",
            ],
            [generic, zh_name],
        )
    else:
        action_en, action_zh = (
            f"no dose adjustment of {generic} is needed",
            f"{zh_name}无需调整剂量",
        )
        rec = R.mention_item(
            f"States no renal adjustment of {generic} is needed",
            f"指出{zh_name}无需调整",
            [
                "no adjustment",
                "no dose adjustment",
                "does not need",
                "doesn't need",
                "no change",
                "not needed",
                "无需调整",
                "不需要调整",
                "无需减量",
            ],
        )
    answer = Text(
        en=f"Cockcroft-Gault creatinine clearance is about {shown} mL/min (age {f.age}, weight {R.fmt(f.weight_kg, 1)} kg, creatinine {crv} mg/dL{', female' if f.female else ''}); {action_en} ({'below' if adjust else 'above'} the renal dosing threshold for {generic}).",
        zh=f"按 Cockcroft-Gault 公式，肌酐清除率约 {shown} mL/min（年龄 {f.age}，体重 {R.fmt(f.weight_kg, 1)} kg，肌酐 {crv} mg/dL{'，女性' if f.female else ''}）；{action_zh}（{'低于' if adjust else '高于'}{zh_name}的肾功能剂量阈值）。",
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
    )


def treatment_response(ctx: TopicContext, generic: str) -> Draft | None:
    """CR: is the antibiotic working, judged by the white count trend."""
    wbc = ctx.facts.labs.get("wbc")
    if wbc is None or len(wbc.points) < 2 or generic not in ctx.facts.given:
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
    explicit = Text(en=f"Is the {generic} working?", zh=f"{zh_name}有效吗？")
    implicit: dict[Implicitness, Text] = {}
    if ctx.mentioned(f"drug:{generic}"):
        implicit[Implicitness.NA] = Text(en="Is it working?", zh="它有效吗？")
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en=f"Putting that together, is the {generic} doing its job?",
            zh=f"综合来看，{zh_name}起效了吗？",
        )
    n = ctx.facts.given[generic]
    responding = trend == "falling" or (
        trend == "stable" and wbc.latest.flag in ("", "N")
    )
    if responding:
        verdict_en = (
            "responding, with the white count falling"
            if trend == "falling"
            else "responding, with the white count stable in the normal range"
        )
        verdict_zh = (
            "有效：白细胞下降" if trend == "falling" else "有效：白细胞平稳且在正常范围"
        )
        concl = R.mention_item(
            "Concludes the infection is responding",
            "判断治疗有效",
            [
                "responding",
                "improving",
                "working",
                "effective",
                "better",
                "有效",
                "好转",
                "改善",
            ],
        )
        rec = R.recommend_item(
            f"Recommends continuing {generic}",
            f"建议继续{zh_name}",
            CONTINUE,
            [generic, zh_name],
        )
    else:
        verdict_en, verdict_zh = (
            f"not responding, with the white count {trend}",
            f"疗效不佳：白细胞{R.TREND_WORDS[trend][1]}",
        )
        concl = R.mention_item(
            "Concludes the infection is not responding",
            "判断疗效不佳",
            [
                "not responding",
                "not improving",
                "not working",
                "worsening",
                "failing",
                "无效",
                "未好转",
                "恶化",
                "疗效不佳",
            ],
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
    answer = Text(
        en=f"After {n} doses of {generic}, WBC went from {a} to {b} {wbc.latest.unit}: {verdict_en}. "
        + (
            f"Continue {generic}."
            if responding
            else f"Reassess and consider broadening the antibiotic coverage beyond {generic}."
        ),
        zh=f"已给予{zh_name} {n} 剂，白细胞从 {a} 变为 {b} {wbc.latest.unit}：{verdict_zh}。"
        + (f"建议继续{zh_name}。" if responding else "建议重新评估并考虑升级抗生素。"),
    )
    items = [
        R.value_item(wbc.lab, wbc.latest.value, wbc.latest.unit),
        R.trend_item(wbc.lab, trend, a, b),
        concl,
        rec,
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
        [f"WBC {a} -> {b}", f"{generic} {n} doses given"],
        {"lab:wbc:trend", "given"},
    )


def cha2ds2vasc(ctx: TopicContext) -> Draft | None:
    """CR: CHA2DS2-VASc in atrial fibrillation, and whether to anticoagulate."""
    f = ctx.facts
    if f.age is None or not f.has_condition("I48", "42731"):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Patient.read", {}, calls, obs)
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    chf = f.has_condition("I50", "428", "I11.0", "I110")
    htn = f.has_condition("I10", "I11", "I12", "I13", "401", "402", "403", "404")
    dm = f.has_condition("E10", "E11", "250")
    stroke = f.has_condition("I63", "I64", "G45", "Z8673", "433", "434", "435", "V1254")
    vasc = f.has_condition(
        "I21", "I22", "I25", "I70", "I73", "410", "412", "414", "440", "443"
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
    explicit = Text(
        en="What's the CHA2DS2-VASc, and does this patient need anticoagulation?",
        zh="CHA2DS2-VASc 评分多少？需要抗凝吗？",
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="Given all that, where does the CHA2DS2-VASc land, and should we anticoagulate?",
            zh="综合这些，CHA2DS2-VASc 多少分？要抗凝吗？",
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
    age_part = (
        "age >= 75" if f.age >= 75 else "age 65-74" if f.age >= 65 else "age < 65"
    )
    rec_en = (
        "anticoagulation is recommended"
        if needs
        else "anticoagulation is not routinely indicated"
    )
    rec_zh = "建议启动抗凝治疗" if needs else "一般无需常规抗凝"
    answer = Text(
        en=f"CHA2DS2-VASc is {score} ({age_part}{', ' + ', '.join(parts) if parts else ''}); {rec_en}.",
        zh=f"CHA2DS2-VASc 评分为 {score} 分（{age_part}{'，' + '、'.join(parts) if parts else ''}）；{rec_zh}。",
    )
    if needs:
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
        rec = R.mention_item(
            "States anticoagulation is not routinely indicated",
            "指出一般无需抗凝",
            [
                "not indicated",
                "not needed",
                "not required",
                "no anticoagulation",
                "not routinely",
                "无需抗凝",
                "不需要抗凝",
                "一般无需",
            ],
        )
    items = [
        R.item(
            f"Calculates a CHA2DS2-VASc of {score}",
            f"计算出 CHA2DS2-VASc 为 {score} 分",
            R.ValueCheck(value=score, unit="", tolerance=0),
            tags=("value", "calculation"),
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
        | (
            {"Condition"} if any(c.name == "Condition.search" for c in calls) else set()
        ),
        [f"CHA2DS2-VASc {score}"],
        {"conditions", "cha2ds2vasc"},
    )


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
    ascites = 2 if f.has_condition("R18", "K7031", "7895") else 0
    enceph = 2 if f.has_condition("K729", "K7290", "5722", "K7682") else 0
    points, cls = scores.child_pugh(
        bilirubin=bili, albumin=alb, inr=inr, ascites=ascites, encephalopathy=enceph
    )
    explicit = Text(en="What's the Child-Pugh class?", zh="Child-Pugh 分级是多少？")
    answer = Text(
        en=f"Child-Pugh score {points}, class {cls} (bilirubin {R.fmt(bili, 1)} mg/dL, albumin {R.fmt(alb, 1)} g/dL, INR {R.fmt(inr, 1)}, ascites {'present' if ascites else 'absent'}, encephalopathy {'present' if enceph else 'absent'}).",
        zh=f"Child-Pugh 评分 {points} 分，{cls} 级（胆红素 {R.fmt(bili, 1)} mg/dL，白蛋白 {R.fmt(alb, 1)} g/dL，INR {R.fmt(inr, 1)}，腹水{'有' if ascites else '无'}，肝性脑病{'有' if enceph else '无'}）。",
    )
    items = [
        R.item(
            f"Calculates a Child-Pugh score of {points}",
            f"计算出 Child-Pugh 评分 {points} 分",
            R.ValueCheck(value=points, unit="", tolerance=0),
            tags=("value", "calculation"),
        ),
        R.mention_item(
            f"States class {cls}",
            f"给出 {cls} 级",
            [
                f"class {cls}",
                f"Child-Pugh {cls}",
                f"{cls} 级",
                f"{cls}级",
                f"Child {cls}",
            ],
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
        [f"Child-Pugh {points} ({cls})"],
        {"lab:bilirubin:latest", "lab:albumin:latest", "lab:inr:latest", "conditions"},
    )


# ----------------------------------------------------------------------- WU topics
def flag_safety(ctx: TopicContext, pair: SafetyPair, generic: str) -> Draft | None:
    """WU: a safety flag about a drug-lab pair."""
    series = ctx.facts.labs.get(pair.lab)
    if series is None:
        return None
    lab = series.lab
    zh_name = drug_zh(generic)
    code = f"{lab.en} on {generic}"
    detail = f"Monitor {lab.en} closely while on {generic}; latest {R.fmt(series.latest.value, lab.decimals)} {series.latest.unit}."
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Flag.create",
        {"category": "safety", "code": code, "detail": detail},
        calls,
        obs,
    )
    explicit = Text(
        en=f"Put a safety flag on the chart about the {lab.en} and the {generic}.",
        zh=f"在病历上加一个关于{lab.zh}和{zh_name}的安全警示。",
    )
    answer = Text(
        en=f"Done: a safety flag '{code}' was added to the chart ({detail})",
        zh=f"已在病历中添加安全警示“{code}”（{detail}）",
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


CONSULTS: list[tuple[tuple[str, ...], str, str, list[str]]] = [
    (
        ("N17", "584", "N18", "585"),
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
        ("E10", "E11", "250", "E87", "276"),
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
    note = f"Please evaluate: {_short_title(ctx.facts.conditions[0][1])}."
    ctx.run(
        "ServiceRequest.create",
        {"service_type": f"{service} consult", "priority": "urgent", "note": note},
        calls,
        obs,
    )
    explicit = Text(
        en=f"Get {service} to see {ctx.he[1]} today, urgent.",
        zh=f"请{service_zh}今天来会诊，加急。",
    )
    answer = Text(
        en=f"Done: an urgent {service} consult was requested ({note})",
        zh=f"已申请{service_zh}加急会诊（{note}）",
    )
    items = [
        R.write_item(
            f"Requests a {service} consult",
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


def followup(ctx: TopicContext) -> Draft | None:
    """WU: a routine primary-care follow-up a week after discharge."""
    target = (
        date.fromisoformat(ctx.facts.current_date) + timedelta(days=7)
    ).isoformat()
    calls: list[ToolCall] = []
    obs: list[str] = []
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
    explicit = Text(
        en="Book a follow-up with primary care in a week.",
        zh="帮我预约一周后的全科门诊随访。",
    )
    answer = Text(
        en=f"Done: a routine primary care follow-up was requested for {target}.",
        zh=f"已预约 {target} 的全科常规随访。",
    )
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
        {"ServiceRequest"},
        [],
        set(),
    )


def replace_potassium(ctx: TopicContext) -> Draft | None:
    """WU: oral potassium replacement for a low potassium."""
    k = ctx.facts.labs.get("potassium")
    if k is None or k.latest.value >= 3.5:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "MedicationRequest.create",
        {
            "medication": "potassium chloride",
            "dose": "40 mEq",
            "route": "PO",
            "frequency": "once",
            "indication": "hypokalemia",
        },
        calls,
        obs,
    )
    explicit = Text(en="Order oral potassium replacement.", zh="开口服补钾。")
    answer = Text(
        en="Ordered potassium chloride 40 mEq PO once for hypokalemia; recheck potassium after.",
        zh="已开氯化钾 40 mEq 口服一次，用于低钾血症；之后复查血钾。",
    )
    items = [
        R.write_item(
            "Orders potassium chloride",
            "开具氯化钾",
            "MedicationRequest.create",
            {"medication": ["potassium", "kcl", "氯化钾", "钾"]},
            dose=(10, 80, "mEq"),
        ),
        R.write_item(
            "By mouth",
            "口服",
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
        {"MedicationRequest"},
        [],
        set(),
    )


TopicFn = Callable[[TopicContext], "Draft | None"]


def menu(scenario: Scenario, ctx: TopicContext) -> dict[TaskType, list[TopicFn]]:
    """The candidate topics of a scenario per task type, bound to the session's focus."""
    f = ctx.focus
    m: dict[TaskType, list[TopicFn]] = {t: [] for t in TaskType}
    if scenario == Scenario.MED_SAFETY:
        pair, generic, other = f["pair"], f["drug"], f.get("other_lab")
        m[TaskType.IL] = [
            lambda c: lab_latest(c, pair.lab),
            lambda c: med_current(c, generic),
        ]
        m[TaskType.DG] = [lambda c: lab_and_med(c, pair.lab, generic)] + (
            [lambda c: labs_trend(c, pair.lab, other)] if other else []
        )
        m[TaskType.CR] = [
            lambda c: drug_lab_safety(c, pair, generic),
            lambda c: crcl_dosing(c, generic),
        ]
        m[TaskType.WU] = [lambda c: flag_safety(c, pair, generic), consult]
    elif scenario == Scenario.DIAGNOSTIC_WORKUP:
        k1, k2 = f["labs"][:2]
        m[TaskType.IL] = [
            lambda c: lab_latest(c, k1),
            lambda c: lab_latest(c, k2),
            diagnoses,
        ]
        m[TaskType.DG] = [lambda c: labs_trend(c, k1, k2), infection_status]
        m[TaskType.CR] = [cha2ds2vasc, child_pugh] + [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ]
        m[TaskType.WU] = [consult, replace_potassium]
    elif scenario == Scenario.TREATMENT_RESPONSE:
        abx = f["antibiotic"]
        m[TaskType.IL] = [
            lambda c: lab_latest(c, "wbc"),
            culture_result,
            lambda c: lab_latest(c, "lactate"),
        ]
        m[TaskType.DG] = [infection_status, antibiotics_given]
        m[TaskType.CR] = [lambda c: treatment_response(c, abx)] + [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ]
        m[TaskType.WU] = [consult]
    else:  # discharge planning
        meds = f.get("active", [])
        m[TaskType.IL] = [diagnoses] + [
            lambda c, g=g: med_current(c, g) for g in meds[:3]
        ]
        m[TaskType.DG] = [discharge_meds] + (
            [lambda c: labs_trend(c, *f["labs"][:2])]
            if len(f.get("labs", [])) >= 2
            else []
        )
        m[TaskType.CR] = [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ] + [
            lambda c, p=p, g=g: drug_lab_safety(c, p, g) for p, g in f.get("pairs", [])
        ]
        m[TaskType.WU] = [followup, consult]
    return m
