"""Turns in which the assistant must interview the patient (required at tier L3).

The gold action calls the patient-interview tool on the session's scripted patient; the
gold answer reports what the patient said, and :class:`PatientFactCheck` items require
the same facts, so only an assistant that actually asks can score.
"""

from __future__ import annotations

from typing import Any

from physassist_env.clinical.harm import ANTICOAGULANTS, ANTIPLATELETS
from physassist_env.ehr.store import FhirStore
from physassist_env.fhir.record import PatientRecord
from physassist_env.patient import PatientInterview, ScriptedPatient, build_memory
from physassist_env.patient.lexicon import BY_KEY
from physassist_env.patient.models import Adherence, PatientMemory
from physassist_env.patient.phrasing import verb_zh
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import bleeding_now as derived_bleeding_now
from physassist_env.scenarios.model import TaskType, Text, ToolCall, ToolSource
from physassist_env.scenarios.topics.base import Draft, TopicContext, cap, order_of
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.diagnoses import diagnosis_name_zh, diagnosis_title_zh
from physassist_env.vocab.frequencies import freq_zh
from physassist_env.vocab.lay import goes_by, lay_key, lay_names_for
from physassist_env.vocab.orders import unit_zh

INTERVIEW_TOOLS = ["medication_adherence", "ask_patient", "symptom_history"]

#: Adherence category -> (EN summary, ZH summary, accepted terms).
ADHERENCE_TERMS: dict[Adherence, tuple[str, str, list[str]]] = {
    Adherence.GOOD: (
        "takes it regularly as prescribed",
        "一直按时规律用药",
        [
            "regularly",
            "as prescribed",
            "every day",
            "adherent",
            "good adherence",
            "consistently",
            "按时",
            "规律",
        ],
    ),
    Adherence.POOR: (
        "often skips doses (poor adherence)",
        "经常漏服（依从性差）",
        [
            "skip",
            "skips",
            "miss",
            "misses",
            "poor adherence",
            "inconsistent",
            "irregular",
            "漏服",
            "漏打",
            "漏用",
            "漏贴",
            "不规律",
            "依从性差",
            "经常忘",
        ],
    ),
    Adherence.NEVER_FILLED: (
        "never filled the prescription",
        "从未取药",
        [
            "never filled",
            "never picked up",
            "didn't fill",
            "did not fill",
            "never started",
            "没有取药",
            "从未取药",
            "没取药",
        ],
    ),
    Adherence.RAN_OUT: (
        "ran out of it",
        "药已经用完了",
        ["ran out", "run out", "out of", "用完", "吃完", "断药"],
    ),
    Adherence.SELF_DISCONTINUED: (
        "stopped taking it on their own",
        "自行停药",
        [
            "stopped",
            "quit",
            "self-discontinued",
            "not taking",
            "no longer taking",
            "停用",
            "停药",
            "自行停",
            "不吃了",
        ],
    ),
}


class PatientTurns:
    """The session patient's memory and a scripted interview, for writing gold turns."""

    def __init__(
        self,
        record: PatientRecord,
        seed: int,
        as_of: str | None = None,
        store: FhirStore | None = None,
    ):
        """``as_of``: the session's current date; the patient knows nothing later.
        ``store``: a store built from ``record`` alone, reused for the date gate."""
        self.memory: PatientMemory = build_memory(
            record, seed, as_of=as_of, store=store
        )
        self.patient = ScriptedPatient(self.memory)

    def ask(
        self, tool: str, arguments: dict[str, Any], language: str = "en"
    ) -> tuple[str, list[str]]:
        """Ask the scripted patient once; returns (reply text, fact ids)."""
        result = PatientInterview(self.patient, language=language).call(tool, arguments)
        if not result.ok or result.reply is None:
            raise RuntimeError(
                f"gold interview {tool}({arguments}) failed: {result.text}"
            )
        return result.text, list(result.reply.fact_ids)


#: What the patient's account does to the plan (the turn's decision, ``Draft.decision``):
#: a drug taken as prescribed is what the order assumes, so the ordered dose stands; a drug
#: not taken as prescribed (doses skipped, never filled, ran out, stopped) means the
#: response seen at home was on less drug than listed: the order is reconciled against what
#: the patient actually takes before the full dose is continued, restarted or escalated
#: (The Joint Commission NPSG.03.06.01: compare what the patient actually takes with the
#: orders and resolve the discrepancy; 2018 ESC/ESH hypertension guideline, section 8.2:
#: exclude non-adherence before calling a treatment ineffective or escalating it).
#: (EN sentence, ZH sentence, terms) per side; each side's terms contradict the other's.
ADHERENCE_PLAN: dict[bool, tuple[str, str, list[str]]] = {
    True: (
        "This matches the order: the ordered dose can be continued as ordered.",
        "与医嘱一致：可按原医嘱继续。",
        ["continued as ordered", "continue as ordered", "按原医嘱继续"],
    ),
    False: (
        "The listed dose is not what the patient has been taking: reconcile the order "
        "against the actual home use before continuing, restarting or escalating the "
        "full dose.",
        "病历所列剂量并非患者实际用量：继续、重启或加量前需先做用药重整，核对实际在家用量。",
        ["reconcile", "reconciliation", "用药重整"],
    ),
}

#: The plan for an antithrombotic in a chart with active bleeding (:func:`bleeding_now`),
#: whatever the patient's adherence, as ``ADHERENCE_PLAN``'s sides with the decision
#: first: an anticoagulant is held, never continued as ordered (2020 ACC ECDP on
#: bleeding on oral anticoagulants, Tomaselli GF et al., J Am Coll Cardiol
#: 2020;76:594-622; AHA/ASA 2022 spontaneous ICH guideline: anticoagulation reversed and
#: held); an antiplatelet is reviewed for the bleed, not simply continued (Tomaselli 2020:
#: every antithrombotic reviewed; ACG 2021 upper-GI bleeding guideline, Laine L et al.:
#: low-dose aspirin for secondary prevention resumed as soon as haemostasis allows).
#: ``{drug}`` / ``{drug_zh}`` are the drug's names.
BLEED_PLAN: dict[str, tuple[str, str, str, list[str]]] = {
    "hold for bleeding": (
        "With the bleed this admission, {drug} is held, not continued as ordered: "
        "whether and when to restart it is decided once haemostasis is secured.",
        "本次住院有出血，{drug_zh}应暂停，不能按原医嘱继续：止血确切后再决定是否及何时恢复。",
        ["held", "hold", "withheld", "暂停", "停用"],
    ),
    "review for bleeding": (
        "With the bleed this admission, {drug} is not simply continued as ordered: it is "
        "reviewed for the bleed (held or resumed as soon as haemostasis allows).",
        "本次住院有出血，{drug_zh}不能简单按原医嘱继续：需结合出血情况复核（暂停，或止血后尽早恢复）。",
        ["review", "reviewed", "held", "hold", "复核", "暂停"],
    ),
}


def bleeding_now(ctx: TopicContext) -> bool:
    """Whether the chart shows active bleeding at the session date, by the one rule the
    topics and the grader's harm check share (:func:`physassist_env.scenarios.derived.
    bleeding_now`, with a bleed coded at a discharge within the grader's window)."""
    return derived_bleeding_now(ctx.toolkit.view, ctx.facts, recent=True)


def patient_adherence(
    ctx: TopicContext, generic: str, task_type: TaskType
) -> Draft | None:
    """Patient turn: how the patient really takes a drug (DG adds the ordered dose from the record)."""
    pt: PatientTurns | None = ctx.patient
    if pt is None:
        return None
    adherence = pt.memory.persona.adherence.get(generic)
    fact = next(
        (f for f in pt.memory.facts if f.id == f"med:{generic}:adherence"), None
    )
    if adherence not in ADHERENCE_TERMS or fact is None:
        return None
    order = order_of(ctx, generic)
    if task_type == TaskType.DG and (order is None or order.dose is None):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    types: set[str] = set()
    zh_name = drug_zh(generic)
    # what the patient's words must be said about: the drug by any of its names, except lay
    # names another of the patient's drugs also goes by (the blood thinner: warfarin or
    # apixaban), plus the lay names it goes by alone for this patient
    others = {
        f.id.split(":")[1]
        for f in pt.memory.facts
        if f.id.startswith("med:") and f.id.split(":")[1] != generic
    }
    about = [
        generic,
        zh_name,
        *([order.name] if order else []),
        *(
            t
            for t in fact.entity_terms
            if not (lay_key(t) and any(goes_by(o, t) for o in others))
        ),
        *lay_names_for(generic, others),
    ]
    if task_type == TaskType.DG:
        ctx.run("MedicationRequest.search", {"medication": generic}, calls, obs)
        types.add("MedicationRequest")
    reply_en, fact_ids = pt.ask("medication_adherence", {"medication": generic})
    reply_zh, _ = pt.ask("medication_adherence", {"medication": generic}, "zh")
    calls.append(
        ToolCall(name="medication_adherence", arguments={"medication": generic})
    )
    obs.append(reply_en)
    summary_en, summary_zh, terms = ADHERENCE_TERMS[adherence]
    # the verb by the drug's form: 打胰岛素, 用吸入剂, 贴贴剂, 吃药 (patient/phrasing.py)
    v = verb_zh(BY_KEY.get(generic), order.name if order else generic)
    if adherence == Adherence.POOR and v != "吃":
        summary_zh = f"经常漏{v}（依从性差）"  # an injection is not 漏服
    as_prescribed = adherence == Adherence.GOOD
    plan_en, plan_zh, plan_terms = ADHERENCE_PLAN[as_prescribed]
    contra = ADHERENCE_PLAN[not as_prescribed][2]
    decision = "continue as ordered" if as_prescribed else "reconcile first"
    plan_item = (
        (
            "Says what it means for the order: continue as ordered",
            "指出对医嘱的影响：按原医嘱继续",
        )
        if as_prescribed
        else (
            "Says the order must be reconciled with what the patient actually takes",
            "指出需按患者实际用量做用药重整",
        )
    )
    # an order no longer active at the session (discontinued, completed) is not "ordered":
    # the home use and the orders differ, a discrepancy to reconcile (Joint Commission
    # NPSG.03.06.01), never "continue as ordered"
    stopped = order is not None and order.status != "active"
    if stopped and as_prescribed:
        plan_en = (
            f"No {generic} order is active now, so the home use and the orders differ: "
            "reconcile them before the drug is continued or restarted."
        )
        plan_zh = f"目前没有有效的{zh_name}医嘱，在家用药与医嘱不一致：继续或重启前需先做用药重整。"
        plan_terms, contra = ADHERENCE_PLAN[False][2], ADHERENCE_PLAN[True][2]
        decision = "reconcile first"
        plan_item = (
            "Says the stopped order and the home use must be reconciled",
            "指出已停医嘱与在家用药需做用药重整",
        )
    # an antithrombotic in a bleeding chart is held or reviewed whatever the adherence
    # (BLEED_PLAN; ACC ECDP 2020, AHA/ASA 2022, ACG 2021)
    if generic in ANTICOAGULANTS | ANTIPLATELETS and bleeding_now(ctx):
        decision = (
            "hold for bleeding" if generic in ANTICOAGULANTS else "review for bleeding"
        )
        en, zh, plan_terms = BLEED_PLAN[decision]
        plan_en = en.format(drug=generic)
        plan_zh = zh.format(drug_zh=zh_name)
        contra = ADHERENCE_PLAN[True][2]
        plan_item = (
            f"Says {generic} is {'held' if generic in ANTICOAGULANTS else 'reviewed'} for the bleed, not continued as ordered",
            f"指出因出血{zh_name}{'暂停' if generic in ANTICOAGULANTS else '需复核'}，不按原医嘱继续",
        )
    he, him, his = ctx.he
    if task_type == TaskType.DG:
        assert order is not None and order.dose is not None
        dose = R.fmt(order.dose, 4)
        explicit = ctx.request(
            [
                Text(
                    en=f"What dose of {generic} is ordered, and ask {him} if {he}'s actually been taking it at home.",
                    zh=f"{zh_name}医嘱剂量是多少？再问问{ctx.ta}在家有没有按时{v}。",
                ),
                Text(
                    en=f"Check the {generic} order, then ask {him} how {he} takes it at home.",
                    zh=f"看下{zh_name}医嘱剂量，再问问{ctx.ta}在家怎么{v}的。",
                ),
                Text(
                    en=f"What's {he} on for {generic}? And ask if {he} takes it at home.",
                    zh=f"{zh_name}开的多少？问问{ctx.ta}在家{v}不{v}。",
                ),
                Text(
                    en=f"{generic} dose per the order, and does {he} really take it at home? Ask {him}.",
                    zh=f"{zh_name}医嘱剂量多少？在家真的按时{v}吗？问一下{ctx.ta}。",
                ),
                Text(
                    en=f"Find the ordered {generic} dose and ask {him} about taking it at home.",
                    zh=f"查下{zh_name}的医嘱剂量，再问{ctx.ta}在家的用药情况。",
                ),
                Text(
                    en=f"How much {generic} is ordered? Ask {him} whether {he} takes it at home.",
                    zh=f"{zh_name}医嘱用多少？问{ctx.ta}在家有没有{v}。",
                ),
            ],
            entities=[f"drug:{generic}"],
        )
        if stopped:
            # say it was stopped, and when (the order's end), not that it is ordered
            when = order.end[:16].replace("T", " ")
            order_en = (
                f"{cap(generic)} was ordered at {dose} {order.dose_unit} {order.frequency} "
                f"and stopped{f' on {when}' if when else ''}; no {generic} order is active now."
            )
            order_zh = (
                f"{zh_name}曾开医嘱 {dose} {unit_zh(order.dose_unit)}，{freq_zh(order.frequency)}，"
                f"{f'已于 {when} ' if when else '已'}停用，目前无有效医嘱。"
            )
        else:
            order_en = f"{cap(generic)} is ordered at {dose} {order.dose_unit} {order.frequency}."
            order_zh = f"{zh_name}医嘱为 {dose} {unit_zh(order.dose_unit)}，{freq_zh(order.frequency)}。"
        answer = Text(
            en=f'{order_en} At home the patient {summary_en} ({generic}): "{reply_en}" {plan_en}',
            zh=f"{order_zh}患者在家{summary_zh}（{zh_name}）：“{reply_zh}”{plan_zh}",
        )
        record_items = [
            R.item(
                f"States the ordered {generic} dose ({dose} {order.dose_unit})",
                f"给出{zh_name}医嘱剂量（{dose} {order.dose_unit}）",
                R.ValueCheck(
                    value=order.dose,
                    unit=order.dose_unit,
                    about=[generic, zh_name, order.name],
                ),
                # the ordered dose is one of the turn's two questions: an answer that
                # leaves it out (another patient's non-DG answer, same drug and
                # adherence) must not pass at 0.8
                points=2.0,
                tags=("value", "record"),
            ),
            R.tool_item(
                ["MedicationRequest.search"], f"the {generic} order", f"{zh_name}医嘱"
            ),
        ]
    else:
        regimen = next(
            (f for f in pt.memory.facts if f.id == f"med:{generic}:regimen"), None
        )
        if regimen is None or regimen.id not in fact_ids:
            return None
        explicit = ctx.request(
            [
                Text(
                    en=f"Ask {him} whether {he}'s been taking {his} {generic} at home.",
                    zh=f"问问{ctx.ta}在家{zh_name}{v}得怎么样。",
                ),
                Text(
                    en=f"Find out from {him} how {he} takes {his} {generic} at home.",
                    zh=f"问下{ctx.ta}在家{zh_name}是怎么{v}的。",
                ),
                Text(
                    en=f"Is {he} actually taking the {generic} at home? Ask {him}.",
                    zh=f"{ctx.ta}在家真的在{v}{zh_name}吗？问一下。",
                ),
                Text(
                    en=f"Check with {him} about {his} {generic} at home.",
                    zh=f"跟{ctx.ta}确认下在家{zh_name}的使用情况。",
                ),
                Text(
                    en=f"Ask about adherence to {generic} at home.",
                    zh=f"问问在家{zh_name}的依从性。",
                ),
                Text(
                    en=f"Does {he} take {his} {generic} as prescribed at home? Ask {him}.",
                    zh=f"{ctx.ta}在家{zh_name}有没有按医嘱{v}？问问。",
                ),
            ],
            entities=[f"drug:{generic}"],
        )
        answer = Text(
            en=f'About {generic}, the patient {summary_en}: "{reply_en}" {plan_en}',
            zh=f"关于{zh_name}，患者{summary_zh}：“{reply_zh}”{plan_zh}",
        )
        record_items = [
            R.patient_fact_item(
                "Reports how the patient says they take it",
                "报告患者自述的服用方法",
                [regimen.id],
                [
                    t
                    for text in [*regimen.en, *regimen.zh]
                    for t in _regimen_terms(text)
                ],
                about=about,
            )
        ]
    items = [
        R.patient_fact_item(
            f"Reports that the patient {summary_en}",
            f"报告患者{summary_zh}",
            [fact.id],
            terms,
            critical=True,  # what the patient does with the drug is the turn's finding
            about=about,
        ),
        R.conclusion_item(*plan_item, plan_terms, contra),
        R.mention_item(
            f"Names the drug ({generic})",
            f"说出药物（{zh_name}）",
            [generic, zh_name, *fact.entity_terms[:2]],
        ),
        R.tool_item(INTERVIEW_TOOLS, "the patient's own account", "患者本人的陈述"),
        *record_items,
    ]
    reason = [f for f in fact_ids if f.endswith(":reason")]
    if reason:
        items.insert(
            1,
            R.patient_fact_item(
                "Reports the patient's reason",
                "报告患者给出的原因",
                reason,
                _reason_terms(pt, reason[0]),
            ),
        )
    return Draft(
        task_type,
        ToolSource.MIXED if types else ToolSource.PATIENT,
        "patient_adherence",
        [f"drug:{generic}", "patient"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items[:7],
        types,
        [f"patient says: {reply_en}"],
        {f"order:{generic}", "patient"},
        patient_turn=True,
        decision=decision,
    )


def _regimen_terms(text: str) -> list[str]:
    """Dose and frequency phrases of a regimen sentence (``I take 40 mg of X, once a day``)."""
    import re

    terms = [
        m.group(0)
        for m in re.finditer(r"\d+(?:\.\d+)?\s*(?:[A-Za-z]+|毫克|单位|片)", text)
    ]
    parts = re.split(r"[,，]", text)
    tail = parts[-1].strip() if len(parts) > 1 else ""
    return [t for t in [*terms, tail] if t] or [text]


def _reason_terms(pt: PatientTurns, fact_id: str) -> list[str]:
    fact = next(f for f in pt.memory.facts if f.id == fact_id)
    return [w for w in fact.entity_terms if w] or [fact.en[0]]


def patient_symptoms(ctx: TopicContext, task_type: TaskType) -> Draft | None:
    """Patient turn: the presenting symptoms in the patient's words (DG adds the coded diagnosis)."""
    pt: PatientTurns | None = ctx.patient
    if pt is None:
        return None
    symptoms = [
        f
        for f in pt.memory.facts
        if f.topic == "symptom" and f.aspect == "presence" and not f.withheld
    ]
    if len(symptoms) < 1 or (task_type == TaskType.DG and not ctx.facts.conditions):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    types: set[str] = set()
    if task_type == TaskType.DG:
        ctx.run("Condition.search", {"clinical_status": "active"}, calls, obs)
        types.add("Condition")
    reply_en, fact_ids = pt.ask("symptom_history", {})
    reply_zh, _ = pt.ask("symptom_history", {}, "zh")
    calls.append(ToolCall(name="symptom_history", arguments={}))
    obs.append(reply_en)
    said = [f for f in symptoms if f.id in fact_ids][:2]
    if len(said) < (1 if task_type == TaskType.DG else 2):
        return None
    he, him, _ = ctx.he
    names = [f.entity or f.entity_terms[0] for f in said]
    items = [
        R.patient_fact_item(
            f"Reports the patient's {n}", f"报告患者的{n}", [f.id], f.entity_terms
        )
        for n, f in zip(names, said, strict=True)
    ]
    items.append(
        R.tool_item(INTERVIEW_TOOLS, "the patient's symptom history", "患者的症状史")
    )
    if task_type == TaskType.DG:
        code, title = ctx.facts.conditions[0]
        short = title.split(",")[0].split("(")[0].strip()
        explicit = ctx.request(
            [
                Text(
                    en=f"Ask {him} what brought {him} in, and what's the working diagnosis?",
                    zh="问问患者这次为什么来，目前的诊断是什么？",
                ),
                Text(
                    en=f"What brought {him} in? Ask {him}, and give me the diagnosis.",
                    zh="问下患者哪里不舒服来的，诊断是什么？",
                ),
                Text(
                    en=f"Get {ctx.he[2]} story of why {he} came in, and the diagnosis.",
                    zh="让患者说说这次来的原因，再看下诊断。",
                ),
                Text(
                    en=f"Ask {him} about the symptoms that brought {him} in; what's the diagnosis?",
                    zh="问问患者因为什么症状来的？诊断呢？",
                ),
                Text(
                    en=f"Take a quick history from {him} and tell me the working diagnosis.",
                    zh="简单问下病史，目前诊断是什么？",
                ),
                Text(
                    en=f"Why did {he} come in, in {ctx.he[2]} words, and what's it coded as?",
                    zh="患者自己说为什么来？诊断编的是什么？",
                ),
            ]
        )
        answer = Text(
            en=f'The patient reports: "{reply_en}" The principal diagnosis is {title} ({code}).',
            zh=f"患者自述：“{reply_zh}” 主要诊断为{diagnosis_title_zh(code, title)}（{code}）。",
        )
        items.append(
            R.mention_item(
                f"Names the principal diagnosis ({short})",
                f"说出主要诊断（{diagnosis_title_zh(code, short)}）",
                [title, short, code, diagnosis_name_zh(code, title)],
            )
        )
    else:
        explicit = ctx.request(
            [
                Text(
                    en=f"Ask {him} what symptoms brought {him} in.",
                    zh="问问患者这次是因为什么症状来的。",
                ),
                Text(
                    en=f"What brought {him} in? Ask {him}.",
                    zh="问下患者这次哪里不舒服。",
                ),
                Text(
                    en=f"Get the presenting symptoms from {him}.",
                    zh="问一下患者的主诉。",
                ),
                Text(
                    en=f"Ask {him} how this all started.",
                    zh="问问患者这次是怎么开始不舒服的。",
                ),
                Text(
                    en=f"Find out from {him} what made {him} come in.",
                    zh="问问患者为什么来医院。",
                ),
                Text(
                    en=f"Have {him} describe the symptoms that brought {him} here.",
                    zh="让患者说说这次来的症状。",
                ),
            ]
        )
        answer = Text(
            en=f'The patient reports: "{reply_en}"', zh=f"患者自述：“{reply_zh}”"
        )
    return Draft(
        task_type,
        ToolSource.MIXED if types else ToolSource.PATIENT,
        "patient_symptoms",
        ["patient", "symptoms"],
        explicit,
        {},
        calls,
        obs,
        answer,
        items[:7],
        types,
        [f"patient says: {reply_en}"],
        {"patient", "conditions"} if types else {"patient"},
        patient_turn=True,
    )
