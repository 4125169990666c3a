"""IL topics: one tool call for one data point."""

from __future__ import annotations

import re

from physassist_env.clinical import scores
from physassist_env.clinical.allergy import ruling_allergy
from physassist_env.clinical.analgesia import nsaid_barring
from physassist_env.clinical.combination import dose_split
from physassist_env.clinical.culture_reading import (
    headline_isolate,
    is_screen,
    other_isolates,
    pending_identification,
    positive_detections,
    significance_uncertain,
)
from physassist_env.clinical.harm import ANTICOAGULANTS, ANTIPLATELETS, NSAIDS
from physassist_env.clinical.infusion import continuous, latest_rate
from physassist_env.clinical.routes import route_indication, separate_regimens
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import bleeding_now as derived_bleeding_now
from physassist_env.scenarios.derived import drug_of
from physassist_env.scenarios.features import LabSeries, MedOrder, organism_terms
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
    day,
    grew_zh,
    regimen_of,
    requires,
    same_slot_twins,
    short_title,
    superseded,
)
from physassist_env.scenarios.topics.described import Describer
from physassist_env.scenarios.topics.electrolytes import insulin_regimen
from physassist_env.scenarios.topics.lab_reading import lab_reading
from physassist_env.scenarios.topics.records import MAY_GIVE, RULED_OUT
from physassist_env.scenarios.vocab import (
    drug_zh,
)
from physassist_env.vocab.diagnoses import diagnosis_name_zh, diagnosis_title_zh
from physassist_env.vocab.drugs import COMPONENT_ZH, display_name, drug_terms, name_zh
from physassist_env.vocab.frequencies import freq_terms, freq_zh
from physassist_env.vocab.microbiology import (
    culture_zh,
    no_significant_growth,
    not_grown,
    organism_text_en,
    organism_text_zh,
)
from physassist_env.vocab.orders import route_zh, status_zh, unit_zh


@requires("lab")
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
    unit = f" {p.unit}" if p.unit else ""
    # round 16: the series' direction and the deciding threshold (topics.lab_reading)
    more = lab_reading(ctx, lab_key)
    reading = R.read_value(
        p.value, more.flag or p.flag, ctx.facts.interpretation_range(lab_key)
    )
    flag_en, flag_zh = reading.en, reading.zh
    ta, names = ctx.ta, [f"lab:{lab_key}"]
    explicit = ctx.request(
        [
            Text(en=f"What's {his} latest {lab.en}?", zh=f"{ta}最新的{lab.zh}是多少？"),
            Text(
                en=f"Can you pull up {his} latest {lab.en}?",
                zh=f"帮我查一下{ta}最新的{lab.zh}。",
            ),
            Text(
                en=f"What did the latest {lab.en} come back at?",
                zh=f"最新的{lab.zh}出来是多少？",
            ),
            Text(
                en=f"Where's {his} {lab.en} at, latest?", zh=f"{ta}的{lab.zh}最新多少？"
            ),
            Text(en=f"Check the latest {lab.en} for me?", zh=f"看一下最新的{lab.zh}。"),
            Text(
                en=f"Any update on {his} {lab.en}? Latest value?",
                zh=f"{lab.zh}最新结果有吗？多少？",
            ),
        ],
        entities=names,
        time="latest",
    )
    implicit: dict[Implicitness, Text] = {}
    last = ctx.last_entities()
    if any(e.startswith("lab:") for e in last) and f"lab:{lab_key}" not in last:
        implicit[Implicitness.PE] = ctx.follow_up(
            Implicitness.PE, [Text(en=lab.en, zh=lab.zh)], entities=names
        )
    answer = Text(
        en=f"The most recent {lab.en} is {v}{unit} ({day(p.time)}), which is {flag_en}{more.en}.",
        zh=f"最近一次{lab.zh}为 {v}{unit}（{day(p.time)}），{flag_zh}{more.zh}。",
    )
    items = [
        R.value_item(lab, p.value, p.unit),
        R.flag_item(lab, reading),
        *more.items,
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
        [f"{lab.en} {v}{unit} on {day(p.time)} ({flag_en})"],
        {f"lab:{lab_key}:latest"},
    )


#: A record name that is a combination product: two drug words joined by "-" or "/"
#: ("Ampicillin-Sulbactam", "Sulfameth/Trimethoprim", "Oxycodone-Acetaminophen").
COMBINATION_PRODUCT = re.compile(r"^\s*[A-Za-z]{3,}\s*[-/]\s*[A-Za-z]{3,}")


@requires("order")
def med_current(
    ctx: TopicContext, generic: str, describe: Describer | None = None
) -> Draft | None:
    """IL: the dose, route and frequency of one active order: the scheduled regimen
    before a one-off (``regimen_of``).

    With ``describe`` the request names the drug by what it is ("her ARB", "the
    antibiotic": :mod:`~physassist_env.scenarios.topics.described`), the answer names it
    first and a critical item checks that it does; None where the description does not
    pick the drug out alone or the order has no dose to state."""
    order = regimen_of(ctx, generic)
    if order is None or f"order:{generic}" in ctx.known:
        return None
    described = describe(ctx, generic) if describe is not None else None
    if describe is not None and (described is None or order.dose is None):
        return None
    if order.dose is None and order.placeholder:
        return _placeholder_order(ctx, order, generic)
    if order.dose is None or not order.frequency:
        return None
    he, _, _ = ctx.he
    zh_name = drug_zh(generic)
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
    dose = R.fmt(order.dose, 4)
    ta, names = ctx.ta, [f"drug:{generic}"]
    explicit = ctx.request(
        [
            Text(
                en=f"What dose of {generic} is {he} on?",
                zh=f"{ta}现在{zh_name}用的什么剂量？",
            ),
            Text(
                en=f"How is {he} getting {generic} right now?",
                zh=f"{zh_name}现在是怎么用的？",
            ),
            Text(
                en=f"What's the {generic} order? Dose and frequency.",
                zh=f"{zh_name}医嘱是怎么开的？剂量和频次。",
            ),
            Text(
                en=f"How much {generic} is {he} getting, and how often?",
                zh=f"{zh_name}现在用多少，一天几次？",
            ),
            Text(
                en=f"Remind me of {ctx.he[2]} {generic} dosing?",
                zh=f"{ta}的{zh_name}剂量是多少来着？",
            ),
            Text(
                en=f"What's {he} on for {generic}, dose-wise?",
                zh=f"{zh_name}目前剂量多少？怎么给的？",
            ),
        ],
        entities=names,
    )
    implicit: dict[Implicitness, Text] = {}
    if described is not None:
        his = ctx.he[2]
        explicit = ctx.request(
            [
                Text(
                    en=f"Which {described.en} is {he} on, and at what dose?",
                    zh=f"{ta}在用哪种{described.zh}？剂量多少？",
                ),
                Text(
                    en=f"What's {his} {described.en} order? Drug, dose and frequency.",
                    zh=f"{ta}的{described.zh}医嘱是什么药？剂量和频次。",
                ),
                Text(
                    en=f"Remind me which {described.en} {he} is getting, and how often?",
                    zh=f"{ta}现在用的{described.zh}是哪个？一天几次？",
                ),
            ]
        )
    elif ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = ctx.follow_up(
            Implicitness.NA,
            [
                Text(en=f"What dose is {he} on?", zh="现在用的什么剂量？"),
                Text(en="How is it dosed right now?", zh="它现在怎么用的？"),
                Text(en=f"How much of it is {he} getting?", zh="这个药现在用多少？"),
            ],
        )
    elif any(e.startswith("drug:") for e in ctx.last_entities()):
        implicit[Implicitness.PE] = ctx.follow_up(
            Implicitness.PE, [Text(en=generic, zh=zh_name)], entities=names
        )
    product, product_zh = cap(generic), zh_name
    if generic == "insulin" or COMBINATION_PRODUCT.match(order.name):
        # which insulin: glargine is not regular insulin; a combination product keeps its
        # full name, its dose being that of the combination (ampicillin-sulbactam 3 g is
        # not ampicillin 3 g: ISMP, name the drug as ordered; round 6b)
        product = display_name(order.name)
        product_zh = name_zh(order.name) or zh_name
    # a continuous infusion's dose is its rate, never the bag's amount (clinical.infusion)
    if continuous(order.name, order.route, order.frequency):
        if described is not None:
            return None
        return _infusion(
            ctx, order, generic, (product, product_zh), (explicit, implicit), calls, obs
        )
    # a fixed-ratio combination says its split (ampicillin-sulbactam 3 g = 2 g + 1 g:
    # clinical.combination, the product labels)
    split = dose_split(order.name, order.dose or 0.0, order.dose_unit)
    split_en = split_zh = ""
    if split is not None:
        first, second, x, y = split
        u = order.dose_unit
        split_en = f" ({first} {R.fmt(x, 3)} {u} + {second} {R.fmt(y, 3)} {u})"
        split_zh = (
            f"（{COMPONENT_ZH[first]}与{COMPONENT_ZH[second]}分别为 {R.fmt(x, 3)} "
            f"{unit_zh(u)} 和 {R.fmt(y, 3)} {unit_zh(u)}）"
        )
    answer = Text(
        en=f"{product} {dose} {order.dose_unit}{split_en} {order.route} {order.frequency}, ordered {day(order.start)}, status {order.status}.",
        zh=f"{product_zh} {dose} {unit_zh(order.dose_unit)}{split_zh}，{route_zh(order.route)}，{freq_zh(order.frequency)}，{day(order.start)} 开具，{status_zh(order.status)}。",
    )
    # an inpatient insulin regimen is basal plus correction (ADA Standards of Care 2024,
    # section 16): "what insulin is she on" is answered with every active insulin order
    # (the regimen: scheduled doses and the correction scale, not one-off doses; each once)
    # a later order of the same slot supersedes an earlier one (topics.base.superseded):
    # only the orders in force are listed
    active = ctx.facts.active_orders()
    others = [
        o
        for o in active
        if generic == "insulin"
        and o.generic == generic
        and o is not order
        and (o.scheduled or o.placeholder == "sliding scale")
        and not superseded(o, active)
    ]
    extra = list(
        dict.fromkeys(
            r for r in (insulin_regimen(o, None) for o in others) if r is not None
        )
    )
    mine = insulin_regimen(order, None) if generic == "insulin" else None
    extra = [r for r in extra if r != mine]
    if extra:
        answer = Text(
            en=answer.en + " Also active: " + "; ".join(en for en, _ in extra) + ".",
            zh=answer.zh + "另有在用：" + "；".join(zh for _, zh in extra) + "。",
        )
    # the same drug by another route class at once is another regimen (IV and oral
    # vancomycin: IDSA/SHEA 2021), reported with its route (clinical.routes; round 12)
    routes = [
        o
        for o in active
        if generic != "insulin"
        and drug_of(o) == generic
        and o is not order
        and o.scheduled
        and separate_regimens(order.route, o.route)
    ]
    if routes:
        why = [route_indication(generic, x.route) for x in (order, *routes)]
        answer = Text(
            en=answer.en.rstrip(".")
            + (f" ({why[0][0]})" if why[0][0] else "")
            + ". A separate regimen by another route is active too: "
            + "; ".join(
                f"{display_name(o.name)} {R.fmt(o.dose or 0, 4)} {o.dose_unit} {o.route} {o.frequency}, ordered {day(o.start)}"
                + (f" ({w[0]})" if w[0] else "")
                for o, w in zip(routes, why[1:], strict=True)
            )
            + ".",
            zh=answer.zh.rstrip("。")
            + (f"（{why[0][1]}）" if why[0][1] else "")
            + "。另有不同途径的独立方案在用："
            + "；".join(
                f"{name_zh(o.name) or zh_name} {R.fmt(o.dose or 0, 4)} {unit_zh(o.dose_unit)}，{route_zh(o.route)}，{freq_zh(o.frequency)}，{day(o.start)} 开具"
                + (f"（{w[1]}）" if w[1] else "")
                for o, w in zip(routes, why[1:], strict=True)
            )
            + "。",
        )
    twins = [o for o in same_slot_twins(order, active) if o in others]
    if twins:
        doses = [f"{R.fmt(o.dose, 4)} {o.dose_unit}" for o in twins if o.dose]
        doses_zh = [
            f"{R.fmt(o.dose, 4)} {unit_zh(o.dose_unit)}" for o in twins if o.dose
        ]
        answer = Text(
            en=answer.en
            + f" A second {order.frequency} order ({', '.join(doses)}) was written at the same time and the orders do not name the product: check with the prescriber whether these are two insulins or a duplicate before the next dose.",
            zh=answer.zh
            + f"同一时间另开有一条{freq_zh(order.frequency)}医嘱（{'、'.join(doses_zh)}），医嘱未写明胰岛素品种：下次给药前需与开单医生确认是两种胰岛素还是重复医嘱。",
        )
    items = [
        R.item(
            f"States the {generic} dose as {dose} {order.dose_unit}",
            f"给出{zh_name}剂量为 {dose} {order.dose_unit}",
            R.ValueCheck(
                value=order.dose,
                unit=order.dose_unit,
                tolerance=0.0,
                about=list(dict.fromkeys([generic, zh_name, order.name, product_zh])),
            ),
            # the dose is the fact bound to the drug: said of another drug (or missing),
            # the frequency and the tool call alone must not pass
            points=2.0,
            tags=("value",),
        ),
        R.item(
            f"States the frequency ({order.frequency})",
            f"说明给药频次（{freq_zh(order.frequency)}）",
            R.MentionCheck(
                terms=freq_terms(order.frequency)
                + [order.frequency, freq_zh(order.frequency)],
                contradicts=[],
            ),
            # dose and frequency are the order's two facts, weighed alike: with a third
            # item (the insulin correction scale) a wrong frequency must not pass at 0.75
            points=2.0,
            tags=("mention",),
        ),
        R.tool_item(
            ["MedicationRequest.search"], f"the {generic} order", f"{zh_name}医嘱"
        ),
    ]
    if described is not None:
        answer = Text(
            en=f"{cap(described.en)}: {generic}. {answer.en}",
            zh=f"{described.zh}为{zh_name}。{answer.zh}",
        )
        items.insert(
            0,
            R.mention_item(
                f"Names the {described.en} ({generic})",
                f"指出是哪种{described.zh}（{zh_name}）",
                [*drug_terms(generic), zh_name],
                critical=True,
            ),
        )
    if any("sliding scale" in en for en, _ in extra):
        items.insert(
            -1,
            R.mention_item(
                "Mentions the correction (sliding-scale) insulin also ordered",
                "提到同时开具的校正（按血糖调整）胰岛素",
                ["sliding scale", "sliding-scale", "correction", "校正", "按血糖"],
            ),
        )
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


#: Chinese of the infusion-rate units MIMIC-IV charts (``inputevents.rateuom``).
_RATE_ZH = {
    "units/hour": "单位/小时",
    "mg/hour": "毫克/小时",
    "mcg/hour": "微克/小时",
    "mcg/kg/min": "微克/千克/分钟",
    "mcg/min": "微克/分钟",
    "mL/hour": "毫升/小时",
}
#: Words that say an infusion is titrated to a protocol (EN, ZH).
TITRATED = [
    "titrat",
    "per protocol",
    "by protocol",
    "protocol",
    "滴定",
    "按方案",
    "按流程",
    "方案调整",
    "根据血糖调整",
]


def _infusion(
    ctx: TopicContext,
    order: MedOrder,
    generic: str,
    names: tuple[str, str],
    requests: tuple[Text, dict[Implicitness, Text]],
    calls: list[ToolCall],
    obs: list[str],
) -> Draft:
    """IL, a continuous infusion: the amount on the order is the bag's content, the dose
    is the rate charted on the infusion record (the newest, looked up), else the rate the
    titration protocol sets, which the order does not hold (clinical.infusion: ADA 2024
    s16, ISMP; round 17b)."""
    product, product_zh = names
    ctx.run("MedicationAdministration.search", {"medication": generic}, calls, obs)
    given, _ = ctx.toolkit.view.search(
        "MedicationAdministration", {"medication": generic}
    )
    rate = latest_rate(given)
    bag = f"{R.fmt(order.dose or 0, 4)} {order.dose_unit}".strip()
    bag_zh = f"{R.fmt(order.dose or 0, 4)} {unit_zh(order.dose_unit)}".strip()
    head_en = (
        f"{product} by continuous IV infusion, ordered {day(order.start)}, status"
        f" {order.status}. The {bag} on the order is the content of the bag, not a dose:"
        " the dose is the infusion rate, titrated per protocol"
    )
    head_zh = (
        f"{product_zh}持续静脉输注，{day(order.start)} 开具，{status_zh(order.status)}。"
        f"医嘱中的 {bag_zh} 是输液袋内的总量，不是剂量：剂量是输注速度，按方案滴定调整"
    )
    items: list[RubricItem] = []
    if rate is not None:
        r = R.fmt(rate.value, 1)
        r_zh = f"{r} {_RATE_ZH.get(rate.unit) or unit_zh(rate.unit)}"
        when = rate.time[:16].replace("T", " ")
        en = f"{head_en}; the latest charted rate is {r} {rate.unit} (since {when}), check the pump for the current rate."
        zh = f"{head_zh}；最近记录的速度为 {r_zh}（{when} 起），当前速度以输液泵为准。"
        # the rate as written (a mention: the quantity reader has no rate units)
        per = [
            rate.unit,
            "units/h",
            "units/hr",
            "U/h",
            "units per hour",
            "units an hour",
        ]
        items.append(
            R.mention_item(
                f"States the infusion rate as {r} {rate.unit}",
                f"给出输注速度 {r_zh}",
                list(dict.fromkeys(f"{r} {u}" for u in per))
                + [r_zh, f"{r}单位/小时", f"每小时 {r} 单位", f"每小时{r}单位"],
                critical=True,
            )
        )
    else:
        en = f"{head_en}; the record charts no rate: read the current rate on the pump or the infusion record."
        zh = f"{head_zh}；病历中没有记录输注速度：当前速度请看输液泵或输注记录。"
    items += [
        R.mention_item(
            "Says it runs as a continuous infusion titrated per protocol",
            "指出为按方案滴定的持续输注",
            TITRATED + ["continuous", "infusion", "drip", "持续", "泵入", "输注"],
        ),
        R.mention_item(
            f"Says the {bag} on the order is the bag's content, not a dose",
            f"指出医嘱中的 {bag_zh} 是输液袋总量而非剂量",
            [
                "bag",
                "not a dose",
                "not the dose",
                "concentration",
                "in 100 mL",
                "units/mL",
                "袋",
                "不是剂量",
                "并非剂量",
                "浓度",
            ],
        ),
        R.tool_item(
            ["MedicationRequest.search"],
            f"the {generic} order",
            f"{drug_zh(generic)}医嘱",
        ),
    ]
    explicit, implicit = requests
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "med_current",
        [f"drug:{generic}"],
        explicit,
        implicit,
        calls,
        obs,
        Text(en=en, zh=zh),
        items,
        {"MedicationRequest", "MedicationAdministration"},
        [
            f"{order.name} {order.route} {order.frequency} ({order.status}): bag {bag}"
            + (
                f", rate {R.fmt(rate.value, 1)} {rate.unit}"
                if rate
                else ", no rate charted"
            )
        ],
        {f"order:{generic}"},
    )


#: What a placeholder order is (``MedOrder.placeholder``): EN and ZH wording, and the terms
#: an answer may use for it. A sliding scale, "check with MD for dose" or a zero dose is
#: not a dose: quoting "0 units" as the dose is the error-prone "as directed" order the
#: ISMP list of error-prone abbreviations and the Joint Commission "do not use" list warn
#: about; sliding-scale insulin is dosed against point-of-care glucose (ADA Standards of
#: Care in Diabetes 2024, section 16: correction insulin in hospital).
_PLACEHOLDER_WORDS: dict[str, tuple[str, str, list[str]]] = {
    "sliding scale": (
        "a sliding scale (no fixed dose; each dose follows the glucose readings)",
        "按血糖调整的滑动剂量（无固定剂量，每次剂量根据血糖结果确定）",
        ["sliding scale", "sliding-scale", "correction scale", "no fixed dose",
         "per scale", "滑动剂量", "按血糖调整", "根据血糖", "无固定剂量"],
    ),
    "dose per prescriber": (
        "no fixed dose: the dose is set by the prescriber each time (\"check with MD for dose\")",
        "医嘱未写固定剂量，剂量由医生每次另行确定",
        ["no fixed dose", "set by the prescriber", "check with MD", "per MD",
         "per prescriber", "dose to be determined", "无固定剂量", "医生另行确定",
         "医生确定", "未写固定剂量", "未写剂量"],
    ),
    "no dose": (
        "no dose on the order (dose 0, as directed)",
        "医嘱未写剂量（剂量为 0，遵医嘱）",
        ["no dose", "no fixed dose", "dose not specified", "not specified",
         "as directed", "未写剂量", "未注明剂量", "无固定剂量"],
    ),
}  # fmt: skip


def _placeholder_order(ctx: TopicContext, order: MedOrder, generic: str) -> Draft:
    """IL: an order without a dose fact (sliding scale, dose per prescriber) described as
    such; no dose item, since there is no dose to state."""
    he, _, _ = ctx.he
    zh_name = drug_zh(generic)
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
    what_en, what_zh, terms = _PLACEHOLDER_WORDS.get(
        order.placeholder, _PLACEHOLDER_WORDS["no dose"]
    )
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
    route = f", {order.route}" if order.route else ""
    route_cn = f"，{route_zh(order.route)}" if order.route else ""
    freq = f", {order.frequency}" if order.frequency else ""
    freq_cn = f"，{freq_zh(order.frequency)}" if order.frequency else ""
    answer = Text(
        en=f"{cap(generic)} is ordered as {what_en}{route}{freq}, ordered {day(order.start)}, status {order.status}.",
        zh=f"{zh_name}医嘱为{what_zh}{route_cn}{freq_cn}，{day(order.start)} 开具，{status_zh(order.status)}。",
    )
    items = [
        R.mention_item(
            f"Says the {generic} order has no fixed dose ({order.placeholder})",
            f"说明{zh_name}医嘱无固定剂量（{what_zh}）",
            terms,
        ),
        R.tool_item(
            ["MedicationRequest.search"], f"the {generic} order", f"{zh_name}医嘱"
        ),
    ]
    if order.frequency:  # a rubric has 3-6 items: the schedule is the third fact
        items.insert(
            1,
            R.mention_item(
                f"States the frequency ({order.frequency})",
                f"说明给药频次（{freq_zh(order.frequency)}）",
                freq_terms(order.frequency)
                + [order.frequency, freq_zh(order.frequency)],
            ),
        )
    return Draft(
        TaskType.IL,
        ToolSource.EHR,
        "med_current",
        [f"drug:{generic}"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items,
        {"MedicationRequest"},
        [f"{order.name}: {order.placeholder}, no dose fact ({order.status})"],
        {f"order:{generic}"},
    )


@requires("condition")
def diagnoses(ctx: TopicContext) -> Draft | None:
    """IL: what the patient was admitted with (coded diagnoses)."""
    conds = ctx.facts.conditions
    if not conds or "conditions" in ctx.known:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Condition.search", {"clinical_status": "active"}, calls, obs)
    (code1, title1) = conds[0]
    shown = " ".join(obs).replace(".", "")
    if any(code.replace(".", "") not in shown for code, _ in conds[:2]):
        return None  # the answer says only what the search shows (a date-gated record)
    he, _, _ = ctx.he
    explicit = ctx.request(
        [
            Text(
                en=f"What was {he} admitted with?", zh=f"{ctx.ta}这次住院的诊断是什么？"
            ),
            Text(
                en="What are the diagnoses on this admission?",
                zh="这次住院有哪些诊断？",
            ),
            Text(
                en=f"Why is {he} in hospital? Coded diagnoses, please.",
                zh=f"{ctx.ta}这次因为什么住院？诊断有哪些？",
            ),
            Text(
                en="What's the admitting diagnosis, and what else is coded?",
                zh="入院诊断是什么？还有哪些其他诊断？",
            ),
            Text(
                en="Run me through the diagnosis list for this stay.",
                zh="把这次住院的诊断列一下。",
            ),
            Text(
                en=f"What's {he} carrying as diagnoses this admission?",
                zh="这次住院都挂了哪些诊断？",
            ),
        ]
    )
    if len(conds) < 2:
        return None
    main = short_title(title1)
    code2, title2 = conds[1]
    second = short_title(title2)
    zh1, zh2 = diagnosis_title_zh(code1, title1), diagnosis_title_zh(code2, title2)
    answer = Text(
        en=f"The principal diagnosis is {title1} ({code1}); also coded: {title2} ({code2}).",
        # Chinese diagnosis names (中文诊断名) with the ICD code beside them
        zh=f"主要诊断为{zh1}（{code1}）；其他诊断：{zh2}（{code2}）。",
    )
    items = [
        R.mention_item(
            f"Names the principal diagnosis ({main})",
            f"说出主要诊断（{zh1}）",
            [title1, main, code1, diagnosis_name_zh(code1, title1)],
        ),
        R.mention_item(
            f"Names a secondary diagnosis ({second})",
            f"说出次要诊断（{zh2}）",
            [title2, second, code2, diagnosis_name_zh(code2, title2)],
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


#: Contaminating, mixed or commensal flora (a count below the limit is not this): never
#: "the positive" of a culture answer (IDSA/ASM 2018; round 16b).
_FLORA = re.compile(r"flora|contamina|commensal", re.I)


#: The drug :func:`diagnosis_check` asks about: one NSAID, so the request never tells the
#: outcome (the patient's diagnoses and creatinine do).
DIAGNOSIS_CHECK_DRUG = "ibuprofen"


def _aki_met(series: LabSeries) -> bool:
    """Whether any creatinine reading of the admission meets a KDIGO 2012 AKI criterion
    (2.1.1: a rise >= 0.3 mg/dL in 48 h or to >= 1.5x the 7-day baseline;
    ``clinical.scores.kdigo_readings``), the acute kidney injury an NSAID is avoided in."""
    points = [
        (p.time, p.value / 88.4 if "mol" in p.unit.lower() else p.value)
        for p in series.points
    ]
    return any(r.stage >= 1 for r in scores.kdigo_readings(points))


@requires("condition")
def diagnosis_check(ctx: TopicContext) -> Draft | None:
    """IL: "can she have ibuprofen for the pain?" against the coded diagnoses: the
    diagnosis list joined to the decision it serves (issue #36, session 14; the bare list
    was a copy that a policy told the topic scored 0.66 on).

    Ruled out where a coded diagnosis bars an NSAID (heart failure, CKD stage 4-5, acute
    kidney injury, GI bleeding or ulcer: ``clinical.analgesia.nsaid_barring``, sources
    there); may be given, as a short course, only where no diagnosis of this or an
    earlier admission bars it, no anticoagulant or antiplatelet runs (bleeding: ACG 2021,
    2023 AGS Beers Criteria), the episode held no CABG (``analgesia.nsaid_after_cabg``)
    and the latest creatinine is within its reference range with no reading of the
    admission meeting a KDIGO AKI criterion (:func:`_aki_met`). None otherwise, and
    where an NSAID already runs (a continue question, not this one)."""
    conds = ctx.facts.conditions
    if not conds or "conditions" in ctx.known:
        return None
    drug = DIAGNOSIS_CHECK_DRUG
    active = ctx.facts.active_orders()
    if any((o.generic or "") in NSAIDS for o in active):
        return None
    if ctx.facts.surgery is not None and ctx.facts.surgery.cabg:
        return None
    # an NSAID already given this admission (a duplicate, ISMP 2020) or barred by a
    # recorded allergy is another question (``allergy_check``)
    if any(g in NSAIDS for g in ctx.facts.given) or ruling_allergy(
        drug, [a for a in ctx.facts.allergies if a]
    ):
        return None
    icd = ctx.facts.icd
    barring = nsaid_barring([icd.get(c, c) for c, _ in conds])
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Condition.search", {"clinical_status": "active"}, calls, obs)
    shown = " ".join(obs).replace(".", "")
    code1, title1 = conds[0]
    if code1.replace(".", "") not in shown:
        return None  # the answer says only what the search shows
    lab = point = None
    if barring is not None:
        code, title = next((c, t) for c, t in conds if icd.get(c, c) == barring[0])
        if code.replace(".", "") not in shown:
            return None
    else:
        history = [icd.get(c, c) for c, _, _ in ctx.facts.history]
        if nsaid_barring(history) is not None:
            return None
        if any((o.generic or "") in ANTICOAGULANTS | ANTIPLATELETS for o in active):
            return None
        # active bleeding (the rule the grader's harm check shares: an NSAID started in a
        # bleed, ACG 2021) or platelets under 50 (ISTH 2018: no antithrombotic effect
        # added) leave no "may be given"
        platelets = ctx.facts.labs.get("platelets")
        if derived_bleeding_now(ctx.toolkit.view, ctx.facts, recent=True) or (
            platelets is not None and platelets.latest.value < 50
        ):
            return None
        series = ctx.facts.labs.get("creatinine")
        if series is None:
            return None
        point = series.latest
        if point.flag not in ("", "N") or _aki_met(series):
            return None
        lab = series.lab
        ctx.run(
            "Observation.search",
            {"code": lab.en, "date_from": ctx.facts.start[:10], "_count": 5},
            calls,
            obs,
        )
    he, _, his = ctx.he
    dz = drug_zh(drug)
    explicit = ctx.request(
        [
            Text(
                en=f"Can {he} have {drug} for the pain? Check the diagnosis list first.",
                zh=f"{ctx.ta}能用{dz}止痛吗？先看一下诊断。",
            ),
            Text(
                en=f"I'm thinking of {drug} for {his} pain: anything in the diagnoses against it?",
                zh=f"我打算给{ctx.ta}用{dz}止痛，诊断里有没有禁忌？",
            ),
            Text(
                en=f"Before I write for {drug}: do {his} diagnoses allow it?",
                zh=f"开{dz}之前问一下：{ctx.ta}的诊断允许用吗？",
            ),
        ]
    )
    tool = R.tool_item(
        ["Condition.search", "Patient.everything"], "the coded diagnoses", "诊断记录"
    )
    if barring is not None:
        zh_title = diagnosis_title_zh(code, title)
        answer = Text(
            en=f"No: avoid {drug}. The diagnosis list codes {title} ({code}), and {barring[1]}. Choose an analgesic other than an NSAID.",
            zh=f"不能用{dz}，应避免使用：诊断中有{zh_title}（{code}），而{barring[2]}。应换用其他类镇痛药。",
        )
        items = [
            R.mention_item(
                f"Names the diagnosis that bars it ({short_title(title)})",
                f"指出禁忌的诊断（{zh_title}）",
                [title, short_title(title), code, diagnosis_name_zh(code, title)],
                critical=True,
            ),
            R.conclusion_item(
                f"Says {drug} is to be avoided",
                f"指出应避免使用{dz}",
                RULED_OUT,
                MAY_GIVE,
            ),
            tool,
        ]
        facts = [f"{title} ({code}) bars an NSAID"]
    else:
        assert lab is not None and point is not None
        v = R.fmt(point.value, lab.decimals)
        zh1 = diagnosis_title_zh(code1, title1)
        answer = Text(
            en=f"Yes, {drug} can be given as a short course: no coded diagnosis is against it (principal diagnosis {title1} ({code1})), and the latest {lab.en} is {v} {point.unit} ({day(point.time)}), within the reference range. Use the lowest effective dose for the shortest time.",
            zh=f"可以使用{dz}（短期）：编码诊断中无禁忌（主要诊断为{zh1}（{code1}）），最近一次{lab.zh}为 {v} {point.unit}（{day(point.time)}），在参考范围内。应以最低有效剂量、最短疗程使用。",
        )
        items = [
            R.conclusion_item(
                f"Says {drug} may be given",
                f"指出可以使用{dz}",
                MAY_GIVE,
                RULED_OUT,
            ),
            R.value_item(lab, point.value, point.unit),
            tool,
        ]
        facts = [f"no coded diagnosis bars an NSAID; {lab.en} {v} {point.unit}"]
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="diagnosis_check",
        entities=["conditions", f"drug:{drug}"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Condition"} | ({"Observation"} if lab else set()),
        record_facts=facts,
        known={"conditions"},
        decision="ruled out" if barring is not None else "may be given",
    )


@requires("microbiology")
def culture_result(ctx: TopicContext) -> Draft | None:
    """IL: what grew on the admission's cultures (cultures or findings only: a negative
    stain, screen or serology is no culture, clinical.infection.is_culture)."""
    # a screening swab (nares MRSA, rectal VRE) is colonisation, not a clinical culture:
    # it never heads the answer and is said as carriage (clinical.culture_reading.
    # is_screen; IDSA/ATS 2016 HAP/VAP; round 15b, 10005817-28661809)
    found = ctx.facts.culture_results()
    cultures = [c for c in found if not is_screen(c)]
    carried = [
        c
        for c in found
        if is_screen(c)
        and c["organism"]
        and not re.search(r"\bno\b|not isolated|negative", c["organism"], re.I)
    ]
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
    explicit = ctx.request(
        [
            Text(
                en="Did anything grow on the cultures?", zh="培养有结果吗？长了什么？"
            ),
            Text(en="What do the cultures show so far?", zh="目前培养结果怎么样？"),
            Text(en="Any growth on micro?", zh="微生物培养有阳性吗？"),
            Text(
                en="Are the cultures back? What grew?", zh="培养回报了吗？长出什么菌？"
            ),
            Text(en="What's the micro showing?", zh="病原学结果怎么样？"),
            Text(
                en="Anything positive on the cultures yet?",
                zh="培养目前有没有阳性结果？",
            ),
        ]
    )
    if positive:
        # the pathogen grown leads (blood, then sterile sites, then the others), not a
        # serology or antigen finding (IDSA/ASM 2018, Miller et al.; round 14b,
        # 10007818-22987108 t0: an EBV VCA-IgG over an E. coli bacteraemia); without
        # growth, the finding read before
        # where no pathogen grew, a positive detection (C. difficile PCR, influenza
        # antigen) heads, and every other one is named; contaminating or mixed flora
        # is never "the positive" (IDSA/ASM 2018; round 16b, 10037928-23721604 t0)
        isolate = headline_isolate(cultures)
        detections = positive_detections(cultures)
        c = dict(isolate or (detections[-1] if detections else positive[-1]))
        pending = pending_identification(c["organism"])
        # a PCR, antigen or toxin assay detects, it does not grow anything
        shown = no_significant_growth(c["organism"]) or not_grown(
            c["test"], c["organism"]
        )
        answer = Text(
            en=f"The {c['test'].lower()} from {day(c['time'])} "
            + (
                f"showed {organism_text_en(c['organism'])}."
                if shown
                else f"grew {c['organism']}"
                + (" (identification to follow)." if pending else ".")
            ),
            zh=f"{day(c['time'])} 的"
            + (
                f"{culture_zh(c['test'])}结果为{organism_text_zh(c['organism'])}。"
                if shown
                else f"{grew_zh(culture_zh(c['test']))}{organism_text_zh(c['organism'])}"
                + ("（菌种鉴定待回报）。" if pending else "。")
            ),
        )
        if not shown and significance_uncertain(c):
            # the laboratory's caveat goes with the isolate (round 17, class 7:
            # clinical.culture_reading.significance_uncertain; IDSA/ASM 2018)
            answer = Text(
                en=answer.en
                + " The laboratory reports contamination with mixed flora and the"
                " isolate's clinical significance as uncertain: interpret it with"
                " caution, and repeat a properly collected specimen if it would change"
                " treatment.",
                zh=answer.zh
                + "但检验科注明标本混有杂菌污染、该分离菌的临床意义不确定：需谨慎解读，"
                "如会影响治疗，应规范留取标本复查。",
            )
        # every source of the stay is read, not one culture: the other pathogens grown
        # are named with their specimen (round 13, 10015860-24698912 t0: a blood
        # culture named as the whole answer, the tissue's Pseudomonas and B. fragilis
        # left out; clinical.culture_reading.other_isolates)
        others = (
            other_isolates(cultures, c["organism"])
            if isolate
            else [d for d in detections if d["id"] != c["id"]]
        )
        if others:
            answer = Text(
                en=answer.en
                + (
                    " Also grown this stay: "
                    if isolate
                    else " Also positive this stay: "
                )
                + "; ".join(
                    f"{o['organism']} ({o['test'].lower()}, {day(o['time'])}"
                    + (
                        "; identification to follow"
                        if pending_identification(o["organism"])
                        else ""
                    )
                    + (
                        "; the laboratory reports contamination with mixed flora,"
                        " clinical significance uncertain"
                        if significance_uncertain(o)
                        else ""
                    )
                    + ")"
                    for o in others
                )
                + ".",
                zh=answer.zh
                + ("本次住院还培养出：" if isolate else "本次住院其他阳性结果：")
                + "；".join(
                    f"{organism_text_zh(o['organism'])}（{culture_zh(o['test'])}，{day(o['time'])}"
                    + (
                        "，菌种鉴定待回报"
                        if pending_identification(o["organism"])
                        else ""
                    )
                    + (
                        "，检验科注明混有杂菌污染、临床意义不确定"
                        if significance_uncertain(o)
                        else ""
                    )
                    + "）"
                    for o in others
                )
                + "。",
            )
        flora = [
            x
            for x in positive
            if _FLORA.search(x["organism"])
            and x["id"] != c["id"]
            and not re.search(r"stain|smear", x["test"], re.I)
        ]
        if _FLORA.search(c["organism"]) and not shown:
            answer = Text(
                en=answer.en
                + " That is contaminating or mixed flora, not a positive result: no"
                " pathogen has grown.",
                zh=answer.zh + "此为污染或混合菌群，并非阳性结果：未培养出病原体。",
            )
        elif flora and not _FLORA.search(c["organism"]):
            f = flora[-1]
            answer = Text(
                en=answer.en
                + f" The {f['test'].lower()} of {day(f['time'])} grew contaminating or"
                " mixed flora: not a positive result.",
                zh=answer.zh
                + f"{day(f['time'])} 的{culture_zh(f['test']) or f['test']}为污染或混合菌群，并非阳性结果。",
            )
        terms = organism_terms(c["organism"])
        first = R.mention_item(
            f"Names the organism ({c['organism']})",
            f"说出培养出的病原体（{organism_text_zh(c['organism'])}）",
            terms,
        )
        facts = [f"{c['test']} {day(c['time'])}: {c['organism']}"]
        if others:
            facts.append("also grown: " + ", ".join(o["organism"] for o in others))
    else:
        others = []
        c = cultures[-1]
        answer = Text(
            en=f"No growth: the cultures so far show no organism (latest {c['test'].lower()}, {day(c['time'])}).",
            zh=f"目前培养均无生长（最近一次为 {day(c['time'])} 的{culture_zh(c['test'])}）。",
        )
        first = R.mention_item(
            "States that the cultures show no growth",
            "说明培养无生长",
            ["no growth", "negative", "nothing grew", "无生长", "阴性", "未生长"],
        )
        facts = [f"{c['test']} {day(c['time'])}: no growth"]
    if carried:
        s_ = carried[-1]
        answer = Text(
            en=f"{answer.en} The {s_['test'].lower()} of {day(s_['time'])} ({s_['organism']}) is a screening swab: carriage (colonisation), not a clinical isolate, and it does not show infection.",
            zh=f"{answer.zh}{day(s_['time'])} 的{culture_zh(s_['test']) or s_['test']}（{organism_text_zh(s_['organism'])}）为筛查拭子：提示定植，并非临床分离株，不代表感染。",
        )
    test_name = c["test"]
    items = [
        first,
        R.mention_item(
            f"Names the culture ({test_name})",
            f"说出培养类型（{culture_zh(test_name)}）",
            [
                test_name,
                test_name.split(",")[0],
                test_name.split()[0],
                culture_zh(test_name),
            ],
        ),
        R.tool_item(["Observation.search"], "the culture results", "培养结果"),
    ]
    if others:
        items.append(
            R.mention_item(
                "Names the other pathogens grown this stay",
                "说出本次住院培养出的其他病原体",
                [t for o in others for t in organism_terms(o["organism"])],
            )
        )
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
