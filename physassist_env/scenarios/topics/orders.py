"""QT-prolonging drug combinations (CR, WU) and a potassium recheck ordered with the
urgency the value calls for (WU)."""

from __future__ import annotations

from datetime import date, timedelta

from physassist_env.clinical.specimen import haemolysed
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import QT_POSSIBLE, QT_RISK, drug_of
from physassist_env.scenarios.features import EAR_EYE, AdmissionFacts
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
    days_old,
    requires,
)
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.analytes import ANALYTES

QT_TERMS = ["QT", "QTc", "torsades", "TdP", "QT间期", "QT 间期", "尖端扭转"]
ECG_TERMS = ["ECG", "EKG", "electrocardiogram", "心电图"]
AT_RISK = ["risk", "combination", "additive", "interaction", "风险", "叠加", "联用"]
NO_COMBINATION = [
    "no QT-prolonging combination",
    "no combination",
    "no interacting combination",
    "only one",
    "only QT",
    "无联用",
    "没有联用",
    "无 QT 延长药物联用",
    "无QT延长药物联用",
    "仅一种",
    "只有一种",
]


#: Words of asking for an electrolyte not measured lately.
CHECK_LYTES = [
    "not been checked",
    "not checked",
    "not been measured",
    "not measured",
    "no recent",
    "needs checking",
    "need checking",
    "check",
    "recheck",
    "未测",
    "未查",
    "复查",
    "查一下",
    "复测",
    "再查",
    "再测",
    "重查",
    "repeat",
]
#: Claims that an electrolyte is not low (unsupported without a current value).
NOT_LOW = {
    "potassium": [
        "no hypokalemia",
        "no hypokalaemia",
        "无低钾",
        "没有低钾",
        "血钾正常",
    ],
    "magnesium": [
        "no hypomagnesemia",
        "no hypomagnesaemia",
        "无低镁",
        "没有低镁",
        "血镁正常",
    ],
}


def _unchecked(ctx: TopicContext) -> list[str]:
    """The electrolytes (``potassium``, ``magnesium``) without a value from the session
    day or the day before: nothing current can be said of them. On a QT-prolonging drug
    both are kept in the normal range and measured (AHA/ACCF scientific statement, Drew
    BJ et al., Circulation 2010;121:1047-60), so an answer asks for them rather than
    asserting "no hypokalaemia" from a value days old or never drawn."""
    out = []
    for key in ("potassium", "magnesium"):
        s = ctx.facts.labs.get(key)
        if s is None or days_old(s.latest, ctx.facts.current_date) > 1:
            out.append(key)
    return out


def qt_drugs(facts: AdmissionFacts) -> list[str]:
    """Every QT-prolonging drug (:data:`~physassist_env.scenarios.derived.QT_RISK`:
    CredibleMeds known and conditional risk, ziprasidone by its label) on an active
    order, scheduled or as needed, in order of the orders: the antipsychotic, the
    antidepressants and donepezil beside an ondansetron are all read (AHA/ACCF 2010,
    Drew BJ et al.: the risk adds up). An ear or eye preparation (erythromycin eye
    ointment, ciprofloxacin otic drops) gives no systemic dose and is left out."""
    out: list[str] = []
    for o in facts.active_orders():
        g = drug_of(o)
        if g in QT_RISK and g not in out and not o.flush and not EAR_EYE.search(o.name):
            out.append(g)
    return out


def qt_possible(facts: AdmissionFacts) -> list[str]:
    """The CredibleMeds "possible risk" drugs (:data:`~physassist_env.scenarios.derived.
    QT_POSSIBLE`) on an active order: named beside the QT drugs as lower-risk
    contributors, never counted toward a combination (round 15)."""
    out: list[str] = []
    for o in facts.active_orders():
        g = drug_of(o)
        if (
            g in QT_POSSIBLE
            and g not in out
            and not o.flush
            and not EAR_EYE.search(o.name)
        ):
            out.append(g)
    return out


#: The electrolyte targets on QT-prolonging drugs, above the lower reference limit:
#: potassium 4.0 mmol/L or more and magnesium 2.0 mg/dL or more (AHA/ACCF scientific
#: statement on torsade de pointes in hospital, Drew BJ et al., Circulation
#: 2010;121:1047-60: keep them in the upper normal range; 2017 AHA/ACC/HRS ventricular
#: arrhythmia guideline, Al-Khatib SM et al., Circulation 2018;138:e272-e391). A value
#: between the lower limit and the target is "low-normal", not "no hypokalaemia"
#: (round 15, reading k: potassium 3.3 and magnesium 1.6 "at the lower limit" read as
#: nothing to do, 10019777-27738145 t3, 10002428-28676446 t3, 10027445-29163082 t0).
QT_TARGETS = {"potassium": 4.0, "magnesium": 2.0}


def below_target(ctx: TopicContext) -> list[tuple[str, str, str]]:
    """The current potassium and magnesium (:func:`_unchecked`) that are not low (the
    combination rule's thresholds, 3.5 and 1.6) but below :data:`QT_TARGETS`, as (lab
    key, EN, ZH)."""
    stale = _unchecked(ctx)
    out = []
    for key, low in (("potassium", 3.5), ("magnesium", 1.6)):
        s = ctx.facts.labs.get(key)
        if s is None or key in stale:
            continue
        if key == "magnesium" and "mg" not in s.latest.unit.lower():
            continue
        v = s.latest.value
        if low <= v < QT_TARGETS[key]:
            out.append(
                (key, f"{key} {R.fmt(v, 1)}", f"{ANALYTES[key].zh} {R.fmt(v, 1)}")
            )
    return out


def _extras(ctx: TopicContext) -> tuple[str, str, list[str]]:
    """The lower-risk contributors and the electrolytes below target, said after the
    QT drugs (EN, ZH), and the possible-risk drugs named."""
    possible = qt_possible(ctx.facts)
    under = below_target(ctx)
    en = zh = ""
    if possible:
        en += (
            "; lower-risk contributors also ordered: "
            + " and ".join(possible)
            + " (possible QT risk)"
        )
        zh += (
            "；另有较低风险的叠加药物："
            + "、".join(drug_zh(g) for g in possible)
            + "（可能延长 QT）"
        )
    if under:
        en += (
            "; "
            + " and ".join(x[1] for x in under)
            # "under the target", not "low-normal": the claim reader reads "low" as
            # the flag, against a value in range
            + " under the QT target: on QT-prolonging drugs replete to the upper normal"
            " range (potassium four or more, magnesium two or more)"
        )
        zh += (
            "；"
            + "、".join(x[2] for x in under)
            + " 未达 QT 目标：使用延长 QT 药物时应补至正常高值（血钾不低于四、血镁不低于二）"
        )
    return en, zh, possible


def potassium_high(ctx: TopicContext) -> float | None:
    """The current potassium (:func:`_unchecked`) when it is above its reference range
    (the observation's own upper limit, 5.0 mmol/L without one), else None."""
    k = ctx.facts.labs.get("potassium")
    if k is None or "potassium" in _unchecked(ctx):
        return None
    high = k.latest.ref_high or 5.0
    return k.latest.value if k.latest.value > high else None


def repletion(ctx: TopicContext, lows: list[tuple[str, str, str]]) -> tuple[str, str]:
    """The electrolyte advice of a QT flag, as (EN, ZH) clauses: repletion to the upper
    normal range of only the electrolytes that are low or under :data:`QT_TARGETS`, and
    no potassium when the potassium is high (AHA/ACCF scientific statement, Drew BJ et
    al., Circulation 2010;121:1047-60: potassium 4.0 or more, magnesium 2.0 or more;
    the advice follows the value. Round 16b, reading m: "replete potassium" on a flag
    with potassium 5.5, 10014354-27562275 t3)."""
    keys = [x[0] for x in lows] + [x[0] for x in below_target(ctx)]
    keys = [k for k in ("potassium", "magnesium") if k in keys]
    en = zh = ""
    if keys:
        en = "; replete " + " and ".join(keys) + " to the upper normal range"
        zh = "；" + "、".join(ANALYTES[k].zh for k in keys) + "补至正常高值"
    high = potassium_high(ctx)
    if high is not None:
        en += f"; potassium {R.fmt(high, 1)} is high: give no potassium"
        zh += f"；血钾 {R.fmt(high, 1)} 偏高：不补钾"
    return en, zh


#: Risk factors for drug-induced torsades de pointes beside the drugs and electrolytes
#: (AHA/ACCF 2010 scientific statement, Drew BJ et al., Table 2): female sex, age over
#: 65 and heart failure (ICD-10 I50 / I11.0, ICD-9 428).
def qt_risk_factors(facts: AdmissionFacts) -> list[tuple[str, str]]:
    """The patient's risk factors for drug-induced QT prolongation, as (EN, ZH)."""
    out = []
    if facts.female:
        out.append(("female sex", "女性"))
    if facts.age is not None and facts.age > 65:
        out.append((f"age {facts.age}", f"年龄 {facts.age} 岁"))
    if facts.ever_had("I50", "I110", "428"):
        out.append(("heart failure", "心力衰竭"))
    return out


def _qt_facts(ctx: TopicContext) -> tuple[list[str], list[tuple[str, str, str]]] | None:
    """(QT drugs on active orders, low electrolytes as (lab key, EN, ZH)), or None when
    no drug with known TdP risk is ordered. Only current values (:func:`_unchecked`)
    count as low."""
    drugs = qt_drugs(ctx.facts)
    if not drugs:
        return None
    lows = []
    stale = _unchecked(ctx)
    k = ctx.facts.labs.get("potassium")
    if k is not None and "potassium" not in stale and k.latest.value < 3.5:
        lows.append(
            (
                "potassium",
                f"potassium {R.fmt(k.latest.value, 1)}",
                f"血钾 {R.fmt(k.latest.value, 1)}",
            )
        )
    mg = ctx.facts.labs.get("magnesium")
    if (
        mg is not None
        and "magnesium" not in stale
        and "mg" in mg.latest.unit.lower()
        and mg.latest.value < 1.6
    ):
        lows.append(
            (
                "magnesium",
                f"magnesium {R.fmt(mg.latest.value, 1)}",
                f"血镁 {R.fmt(mg.latest.value, 1)}",
            )
        )
    return drugs, lows


@requires("order")
def qt_combination(ctx: TopicContext) -> Draft | None:
    """CR: is there a QT-prolonging combination on the orders?

    Two or more drugs with known risk of torsades de pointes (CredibleMeds), or one with
    hypokalaemia or hypomagnesaemia, is a combination that needs an ECG (QTc) and the
    electrolytes corrected (AHA/ACCF scientific statement on prevention of torsade de
    pointes in hospital settings, Drew BJ et al., Circulation 2010;121:1047-60).
    """
    qt = _qt_facts(ctx)
    if qt is None:
        return None
    drugs, lows = qt
    risky = len(drugs) >= 2 or bool(lows)
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    ctx.run(
        "Observation.search", {"code": "potassium,magnesium", "_count": 10}, calls, obs
    )
    explicit = ctx.request(
        [
            Text(
                en="Any QT-prolonging combination on the current meds?",
                zh="现在的用药里有没有延长 QT 的药物联用？",
            ),
            Text(
                en="Is the QT risk from the current orders a concern?",
                zh="目前的医嘱有 QT 延长风险吗？",
            ),
            Text(
                en="Can you check the med list for QT problems?",
                zh="帮我看看用药有没有 QT 间期的问题。",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="With all those meds, is QT a worry?",
            zh="这些药放在一起，QT 要不要担心？",
        )
    d_en = " and ".join(drugs)
    d_zh = "、".join(drug_zh(g) for g in drugs)
    extra_en, extra_zh, possible = _extras(ctx)
    # a value said under the QT target is looked up on its own, so it is seen (the
    # combined search shows the newest ten rows, which one analyte may fill)
    for key, _, _ in below_target(ctx):
        ctx.run("Observation.search", {"code": key, "_count": 3}, calls, obs)
    if risky:
        why_en = d_en + (" with " + " and ".join(x[1] for x in lows) if lows else "")
        why_zh = d_zh + ("，且" + "、".join(x[2] for x in lows) if lows else "")
        why_en += extra_en
        why_zh += extra_zh
        factors = qt_risk_factors(ctx.facts)
        if factors:
            why_en += "; risk factors that add to it: " + ", ".join(
                x[0] for x in factors
            )
            why_zh += "；另有增加风险的因素：" + "、".join(x[1] for x in factors)
        answer = Text(
            en=f"Yes, there is a QT risk combination: {why_en}. Get an ECG to check the QTc"
            + (", correct the electrolytes" if lows else "")
            + ", and consider an alternative to one of the drugs if the QTc is prolonged.",
            zh=f"有 QT 延长风险的联用：{why_zh}。建议查心电图看 QTc"
            + ("，纠正电解质" if lows else "")
            + "，若 QTc 延长考虑换用其中一种药。",
        )
        concl = R.conclusion_item(
            "Identifies a QT-risk combination",
            "识别出 QT 延长风险的联用",
            AT_RISK,
            NO_COMBINATION,
        )
        items = [
            concl,
            R.mention_item(
                f"Names the drug(s) ({d_en})",
                f"指出相关药物（{d_zh}）",
                [t for g in drugs for t in (g, drug_zh(g))],
                critical=True,
            ),
            R.mention_item(
                "Asks for an ECG / QTc", "建议查心电图/QTc", ECG_TERMS + ["QTc"]
            ),
            R.tool_item(["MedicationRequest.search"], "the active orders", "当前医嘱"),
        ]
        if lows:
            items.insert(
                3,
                R.mention_item(
                    "Names the low electrolyte",
                    "指出电解质偏低",
                    [
                        t
                        for x in lows
                        for t in (
                            x[0],
                            ANALYTES[x[0]].zh,
                            *(y for y in ANALYTES[x[0]].synonyms if not y.isascii()),
                        )
                    ],
                ),
            )
    else:
        # what is known of the electrolytes: current values only (_unchecked)
        stale = _unchecked(ctx)
        names = {k: (k, ANALYTES[k].zh) for k in ("potassium", "magnesium")}
        ok: list[str] = []
        now = None
        if not stale:
            lytes_en, lytes_zh = (
                "there is no hypokalemia or hypomagnesemia",
                "也没有低钾或低镁",
            )
        else:
            miss_en = " and ".join(names[k][0] for k in stale)
            miss_zh = "和".join(names[k][1] for k in stale)
            ok = [k for k in ("potassium", "magnesium") if k not in stale]
            # the current one is said as it reads (a potassium of 5.8 is not low, but it is
            # not "normal" either: it had been called normal whatever its value)
            now = ctx.facts.labs[ok[0]].latest if ok else None
            word_en, word_zh = R.FLAG_WORDS.get(
                now.flag if now else "", R.FLAG_WORDS[""]
            )
            lytes_en = (
                f"the {ok[0]} is {word_en} ({now.value:g} {now.unit}), but "
                if ok and now
                else ""
            ) + (
                f"the {miss_en} {'needs' if len(stale) == 1 else 'need'} checking"
                " (none drawn today or yesterday; a low value adds to the QT risk)"
            )
            lytes_zh = (
                f"{names[ok[0]][1]}{word_zh}（{now.value:g} {now.unit}），但"
                if ok and now
                else ""
            ) + f"{miss_zh}需要复查（今天和昨天均无结果，偏低会增加 QT 延长风险）"
        if possible or below_target(ctx):
            # a low-normal value is not "no hypokalaemia" said bare, and a possible-risk
            # drug is named (round 15)
            if below_target(ctx) and not stale:
                lytes_en, lytes_zh = (
                    "neither potassium nor magnesium is below its reference range",
                    "血钾、血镁均未低于参考范围",
                )
            lytes_en += extra_en
            lytes_zh += extra_zh
        answer = Text(
            en=f"No QT-prolonging combination: {d_en} is the only QT-prolonging drug ordered, and {lytes_en}. No change is needed for QT reasons"
            + (", beyond the repletion" if below_target(ctx) else "")
            + ".",
            zh=f"无 QT 延长药物联用：{d_zh}是唯一有 QT 延长风险的药物，{lytes_zh}。"
            + ("除补充电解质外，" if below_target(ctx) else "")
            + "无需因 QT 调整用药。",
        )
        items = [
            R.conclusion_item(
                "States there is no QT-risk combination",
                "指出无 QT 延长风险的联用",
                NO_COMBINATION,
                ["combination of", "two QT", "两种"],
            ),
            R.mention_item(
                f"Names the QT drug ({d_en})",
                f"指出有 QT 风险的药物（{d_zh}）",
                [t for g in drugs for t in (g, drug_zh(g))],
                critical=True,
            ),
            R.mention_item(
                "Checks the electrolytes",
                "核对电解质",
                [
                    "no hypokalemia",
                    "no hypokalaemia",
                    "没有低钾",
                    "无低钾",
                    *(
                        n
                        for k in ("potassium", "magnesium")
                        for n in (k, ANALYTES[k].zh)
                    ),
                ],
            ),
            R.tool_item(["MedicationRequest.search"], "the active orders", "当前医嘱"),
        ]
        if stale and ok and now is not None:
            # the current electrolyte's value and reading are graded (a "normal or abnormal"
            # hedge, or the value said of another analyte, fails); they stand in for the
            # generic "checks the electrolytes" item (a turn has at most 6 items)
            lab = ctx.facts.labs[ok[0]].lab
            items = [i for i in items if i.criterion.en != "Checks the electrolytes"]
            items += [
                R.value_item(lab, now.value, now.unit),
                R.flag_item(lab, now.flag or "N"),
            ]
        if stale:
            items.insert(
                3,
                R.conclusion_item(
                    f"Asks for a current {' and '.join(stale)} (none from today or yesterday)",
                    f"要求复查{'和'.join(names[k][1] for k in stale)}（今天和昨天均未测）",
                    CHECK_LYTES,
                    [t for k in stale for t in NOT_LOW[k]],
                ),
            )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="qt_combination",
        entities=["qt"] + [f"drug:{g}" for g in drugs],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"MedicationRequest", "Observation"},
        decision="combination" if risky else "no combination",
        record_facts=[
            f"QT drugs: {d_en}" + (f"; {', '.join(x[1] for x in lows)}" if lows else "")
        ],
        known={"qt"},
    )


@requires("order")
def qt_flag(ctx: TopicContext) -> Draft | None:
    """WU: a safety flag on a QT-prolonging combination (same rule as :func:`qt_combination`)."""
    qt = _qt_facts(ctx)
    if qt is None:
        return None
    drugs, lows = qt
    if len(drugs) < 2 and not lows:
        return None
    d_en = " + ".join(drugs)
    rep_en, rep_zh = repletion(ctx, lows)
    detail = (
        f"{d_en}"
        + (f" with {', '.join(x[1] for x in lows)}" if lows else "")
        + ": check QTc on ECG before further doses"
        + rep_en
        + "."
    )
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Flag.create",
        {"category": "safety", "code": "QT prolongation risk", "detail": detail},
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            Text(
                en="Flag the QT risk on the chart.",
                zh="在病历上加一个 QT 延长风险的警示。",
            ),
            Text(
                en="Put a safety flag up about the QT-prolonging meds.",
                zh="给延长 QT 的用药加个安全警示。",
            ),
            Text(
                en="Add a chart alert for the QT interaction.",
                zh="病历上标注一下 QT 相互作用的风险。",
            ),
        ]
    )
    answer = Text(
        en=f"Done: a safety flag 'QT prolongation risk' was added ({detail})",
        zh=f"已添加安全警示“QT 延长风险”（{'、'.join(drug_zh(g) for g in drugs)}{'，' + '、'.join(x[2] for x in lows) if lows else ''}：继续用药前查心电图 QTc"
        + rep_zh
        + "）。",
    )
    items = [
        R.write_item(
            "Creates a chart flag with category 'safety'",
            "创建类别为“safety（安全）”的病历警示",
            "Flag.create",
            {"category": ["safety"]},
        ),
        R.write_item(
            f"The flag names the drugs ({d_en})",
            f"警示中注明药物（{'、'.join(drug_zh(g) for g in drugs)}）",
            "Flag.create",
            {"code|detail": [t for g in drugs for t in (g, drug_zh(g))]},
        ),
        R.write_item(
            "The flag is about the QT interval",
            "警示内容为 QT 间期",
            "Flag.create",
            {"code|detail": QT_TERMS},
        ),
    ]
    return Draft(
        task_type=TaskType.WU,
        tool_source=ToolSource.WRITE,
        topic="qt_flag",
        entities=["qt"] + [f"drug:{g}" for g in drugs],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Flag"},
    )


@requires("lab")
def potassium_recheck(ctx: TopicContext) -> Draft | None:
    """WU: order a potassium recheck with the urgency the value calls for.

    Below 3.0 or at 6.0 mmol/L and above: recheck within hours (urgent; UK Kidney
    Association 2020 hyperkalaemia guideline: recheck within 1-2 h of treatment;
    Cohn JN et al., Arch Intern Med 2000;160:2429-36 for replacement). Otherwise an
    abnormal value is rechecked with the next morning's labs (routine, tomorrow).
    """
    k = ctx.facts.labs.get("potassium")
    if k is None or k.latest.flag in ("", "N"):
        return None
    v = k.latest.value
    # A haemolysed high potassium may be spurious: repeated urgently before treatment
    # (UK Kidney Association 2020; clinical.specimen).
    spurious = v >= 5.5 and haemolysed(k.latest.note)
    urgent = v < 3.0 or v >= 6.0 or spurious
    # An abnormal value more than a day old is rechecked today, not left another day.
    age = days_old(k.latest, ctx.facts.current_date)
    stale = not urgent and age > 1
    tomorrow = (
        date.fromisoformat(ctx.facts.current_date) + timedelta(days=1)
    ).isoformat()
    args = {
        "service_type": "potassium level",
        "priority": "urgent" if urgent else "routine",
    }
    if not urgent:
        args["target_date"] = ctx.facts.current_date if stale else tomorrow
    args["note"] = f"Potassium {R.fmt(v, 1)} {k.latest.unit}" + (
        " (haemolysed sample): repeat." if spurious else ": recheck."
    )
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("ServiceRequest.create", args, calls, obs)
    explicit = ctx.request(
        [
            Text(
                en="Order a repeat potassium, timed to how off it is.",
                zh="复查一下血钾，按异常程度定时间。",
            ),
            Text(
                en="Put in a potassium recheck with the right urgency.",
                zh="开个血钾复查，缓急你来定。",
            ),
            Text(
                en="Recheck the potassium: set the priority it needs.",
                zh="血钾要复查，按需要设优先级。",
            ),
        ]
    )
    when_en = (
        "urgently, within hours" + (" (the sample was haemolysed)" if spurious else "")
        if urgent
        else f"for today ({ctx.facts.current_date}): the last value is {age} days old"
        if stale
        else f"routinely with tomorrow's labs ({tomorrow})"
    )
    when_zh = (
        "加急，数小时内" + ("（标本溶血）" if spurious else "")
        if urgent
        else f"今天（{ctx.facts.current_date}）复查：上次结果已是 {age} 天前"
        if stale
        else f"常规，随明早化验（{tomorrow}）"
    )
    answer = Text(
        en=f"Done: a potassium recheck was ordered {when_en} (potassium {R.fmt(v, 1)} {k.latest.unit}).",
        zh=f"已开血钾复查，{when_zh}（血钾 {R.fmt(v, 1)} {k.latest.unit}）。",
    )
    items = [
        R.write_item(
            "Orders a potassium level",
            "开具血钾检测",
            "ServiceRequest.create",
            {
                "service_type": [
                    "potassium",
                    "K",
                    "BMP",
                    "basic metabolic",
                    "electrolytes",
                    "chem",
                    "血钾",
                    "电解质",
                    "生化",
                ]
            },
        ),
        R.write_item(
            "Urgent (the value is dangerous)" if urgent else "Routine (not dangerous)",
            "加急（数值危险）" if urgent else "常规（数值不危险）",
            "ServiceRequest.create",
            {"priority": ["urgent", "asap", "stat"] if urgent else ["routine"]},
        ),
        R.mention_item(
            "Confirms the order",
            "确认已开单",
            ["ordered", "requested", "recheck", "已开", "复查", "已申请"],
        ),
    ]
    if stale:
        items.append(
            R.write_item(
                f"Due today: the last value is {age} days old",
                f"今天复查：上次结果已是 {age} 天前",
                "ServiceRequest.create",
                {
                    "target_date|note": [
                        ctx.facts.current_date,
                        "today",
                        "now",
                        "今天",
                        "今日",
                    ]
                },
            )
        )
    return Draft(
        task_type=TaskType.WU,
        tool_source=ToolSource.WRITE,
        topic="potassium_recheck",
        entities=["lab:potassium"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        # one write, no read: a session uses a resource type at most twice (planner,
        # tests/scenarios/test_sessions.py), and the value is usually read by an earlier turn
        resource_types={"ServiceRequest"},
        decision="urgent" if urgent else "routine",
    )
