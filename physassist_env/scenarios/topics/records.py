"""IL look-ups beyond the latest value: recorded allergies, a lab's peak or nadir this
admission, and when a drug was last given."""

from __future__ import annotations

import re

from physassist_env.clinical import glycaemia, renal
from physassist_env.clinical.allergy import allowed, ruling_allergy
from physassist_env.scenarios import rubric as R
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
    cap,
    day,
    requires,
)
from physassist_env.scenarios.topics.described import Described, Describer
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.diagnoses import allergy_zh
from physassist_env.vocab.drugs import drug_terms

#: Allergy names (lowercase fragment) -> Chinese, for ZH answers.
_ALLERGY_ZH = (
    ("penicillin", "青霉素"),
    ("sulfa", "磺胺类"),
    ("anticoagulant", "抗凝药"),
    ("lisinopril", "赖诺普利"),
    ("codeine", "可待因"),
    ("morphine", "吗啡"),
    ("aspirin", "阿司匹林"),
    ("contrast", "造影剂"),
    ("latex", "乳胶"),
)
#: Reactions (lowercase fragment) -> Chinese, shown after the substance.
_REACTION_ZH = (
    ("angioedema", "血管性水肿"),
    ("anaphyla", "过敏性休克"),
    ("rash", "皮疹"),
)
NONE_RECORDED = [
    "no allergy recorded",
    "no allergies recorded",
    "no allergies are recorded",
    "no allergy is recorded",
    "none recorded",
    "nothing recorded",
    "no recorded allergies",
    "no allergies on record",
    "no documented allergies",
    "no allergies documented",
    "no allergies or intolerances",
    "no allergies or adverse reactions",
    "未记录过敏",
    "没有记录过敏",
    "无过敏记录",
    "未见过敏记录",
]
#: An adverse reaction or intolerance said of the chart ("Also recorded: adverse drug
#: reaction ..."): contradicts "nothing recorded" when the chart holds none.
NO_REACTION_RECORDED = [
    "adverse drug reaction",
    "adverse drug reactions",
    "adverse reaction",
    "adverse reactions",
    "intolerance",
    "intolerances",
    "药物不良反应",
    "不耐受",
]

CONFIRM = [
    "confirm",
    "verify",
    "check with the patient",
    "ask the patient",
    "核实",
    "确认",
    "询问",
]


def _allergy_terms(name: str) -> list[str]:
    low = name.lower()
    pairs = _ALLERGY_ZH + _REACTION_ZH
    found = allergy_zh(name)  # the allergen as the ZH answer names it (利尿剂)
    shared = (
        [found, found.removesuffix("不良反应").removesuffix("过敏")] if found else []
    )
    return (
        [name]
        + [t for en, zh in pairs if en in low for t in (en, zh)]
        + [t for t in shared if t]
    )


def _allergy_zh(name: str) -> str:
    """A recorded allergy as a Chinese chart writes it: ``青霉素过敏``,
    ``赖诺普利过敏（血管性水肿）``; an adverse-effect code is ``抗凝药不良反应``."""
    low = name.lower()
    hits = [zh for en, zh in _ALLERGY_ZH if en in low]
    kind = "不良反应" if "adverse" in low else "过敏"
    reactions = [zh for en, zh in _REACTION_ZH if en in low]
    if not hits:
        # the shared allergen table (drug classes, named drugs); else the kind in Chinese
        # with the record's wording glossed (药物不良反应（Adverse effect of ...）)
        found = allergy_zh(name)
        if not found:
            return f"{'药物不良反应' if kind == '不良反应' else '过敏'}（{name}）"
        hits, kind = [found], ""
    return "、".join(hits) + kind + (f"（{'、'.join(reactions)}）" if reactions else "")


#: Reaction texts that name an anti-infective (a beta-lactam, sulfonamide, any antibiotic).
_ANTI_INFECTIVE = re.compile(
    r"penicillin|cephalosporin|beta-?lactam|carbapenem|sulfa|antibiotic|anti-?infective"
    r"|antibacterial|vancomycin|quinolone|macrolide|tetracycline|aminoglycoside",
    re.I,
)


@requires()
def allergies(ctx: TopicContext) -> Draft | None:
    """IL: the recorded allergies, or that none is recorded (never "no known allergies":
    an empty list is an absence of record, Joint Commission NPSG.03.06.01 reconciliation).

    "None recorded" is asked only of a source that keeps an allergy list
    (``AdmissionFacts.allergy_list``): MIMIC-IV without notes has none, so an empty search
    there is no answer (issue #36: the demo's bare question was 100 % "none recorded")."""
    if "allergies" in ctx.known:
        return None
    found = [a for a in ctx.facts.allergies if a]
    if not found and not ctx.facts.allergy_list:
        return None  # an adverse-effect code alone is no allergy list either
    # An ICD "adverse effect of <drug>" code is named as what it says (see below), neither
    # an allergy status (Z88 / V14) nor an intolerance.
    # Every recorded reaction is named (a list cut to two dropped a beta-lactam reaction
    # of a patient about to get antibiotics); anti-infective ones first, since they bear
    # on the next order most often (Joint Commission NPSG.03.06.01: a complete list).
    adverse = sorted(
        dict.fromkeys(a for a in ctx.facts.intolerances if a),
        key=lambda a: not _ANTI_INFECTIVE.search(a),
    )
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("AllergyIntolerance.search", {}, calls, obs)
    explicit = ctx.request(
        [
            Text(en="Any allergies on file?", zh="有过敏史记录吗？"),
            Text(en="What allergies does the chart list?", zh="病历里记了哪些过敏？"),
            Text(
                en="Before I order anything, is there a drug allergy recorded?",
                zh="开药前先问一下，有没有记录药物过敏？",
            ),
        ]
    )
    if found:
        en = "; ".join(found)
        zh = "；".join(dict.fromkeys(_allergy_zh(a) for a in found))
        answer = Text(
            en=f"Recorded allergies: {en}. Confirm the reaction with the patient before prescribing.",
            zh=f"病历记录的过敏：{zh}。开药前向患者核实过敏反应。",
        )
        items = [
            R.mention_item(
                f"Names the recorded allergy ({a})",
                f"指出记录的过敏（{_allergy_zh(a)}）",
                _allergy_terms(a),
                critical=True,
            )
            for a in list(dict.fromkeys(found))[:3]
        ]
        items += [
            R.mention_item(
                "Advises confirming with the patient", "建议向患者核实", CONFIRM
            ),
            R.tool_item(
                ["AllergyIntolerance.search", "Patient.everything"],
                "the allergy list",
                "过敏记录",
            ),
        ]
    else:
        answer = Text(
            en="No allergy is recorded in the chart (that is not the same as no known allergies; confirm with the patient).",
            zh="病历中未记录过敏（这不等于确认无过敏，需向患者核实）。",
        )
        items = [
            R.mention_item(
                "Says no allergy is recorded",
                "指出未记录过敏",
                NONE_RECORDED,
                critical=True,
                # nothing adverse recorded either: an answer naming a reaction or an
                # intolerance states what this chart does not hold (another patient's)
                contradicts=[] if adverse else NO_REACTION_RECORDED,
            ),
            R.mention_item(
                "Advises confirming with the patient", "建议向患者核实", CONFIRM
            ),
            R.tool_item(
                ["AllergyIntolerance.search", "Patient.everything"],
                "the allergy list",
                "过敏记录",
            ),
        ]
    if adverse:
        # An ICD adverse-effect code (T36-T50 with 5th/6th character 5; ICD-9-CM E930-E949)
        # says a drug properly given caused a reaction, not what the reaction was: it is
        # not an allergy status code (Z88 / V14), and it does not say the reaction was a
        # non-immune intolerance either (a drug rash coded beside it is a hypersensitivity).
        # The drug and the reaction are established before the drug or its class is given
        # again (ICD-10-CM Official Guidelines I.C.19.e.5.a; AAAAI/ACAAI Drug Allergy
        # Practice Parameter 2022).
        shown = "; ".join(adverse)
        shown_zh = "；".join(dict.fromkeys(_allergy_zh(a) for a in adverse))
        answer = Text(
            en=answer.en
            + f" Also coded: adverse effect of a drug ({shown}): a reaction of a type the code does not state (allergic or not); identify the drug and the reaction first.",
            zh=answer.zh
            + f"另有编码记录的药物不良反应（{shown_zh}）：编码未说明反应类型（是否为过敏）；需先明确具体药物和反应。",
        )
        items.insert(
            -1,
            R.item(
                f"Names the coded adverse drug effect ({adverse[0]})",
                f"指出编码记录的药物不良反应（{_allergy_zh(adverse[0])}）",
                R.MentionCheck(
                    terms=[t for t in _allergy_terms(adverse[0]) if t]
                    + ["adverse effect", "adverse reaction", "不良反应"],
                    contradicts=[],
                ),
                # what the chart holds besides "no allergy": a plain "nothing recorded"
                # (another patient's answer) must not pass at 0.75
                points=2.0,
                tags=("mention",),
            ),
        )
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="allergies",
        entities=["allergies"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"AllergyIntolerance"},
        record_facts=[f"allergies: {'; '.join(found) or 'none recorded'}"]
        + [f"adverse drug reactions: {'; '.join(adverse)}"] * bool(adverse),
        known={"allergies"},
        decision="recorded" if found else "none recorded",
    )


#: "Can the patient have <drug>?" against a recorded allergy (issue #36, session 13): per
#: recorded allergen (a lowercase fragment of the allergy's text), a drug the allergy rules
#: out and one it does not, with the reason each way (EN, ZH). Which drug is asked is drawn,
#: so the answer needs the allergy read *and* the cross-reactivity known: the bare list is
#: a copy (a policy told the topic scored 0.94 / 0.89 on it). Which drugs an allergy rules
#: out is ``clinical.allergy`` (``vocab.drugs.ALLERGY_RULES_OUT``), the grader's own check.
#: Sources: penicillins - 2022 AAAAI/ACAAI drug allergy practice parameter (Khan DA et al.,
#: J Allergy Clin Immunol 2022;150:1333): avoid penicillins (piperacillin-tazobactam is
#: one); a cephalosporin with side chains unlike the penicillins' (cefepime) may be given
#: without testing. Sulfonamide antibiotics - the same parameter and Strom BL et al.,
#: N Engl J Med 2003;349:1628: no cross-reactivity with non-antibiotic sulfonamides
#: (furosemide). Codeine - the same parameter on opioid hypersensitivity: morphine, like
#: codeine, releases histamine; hydromorphone releases less. ACE-inhibitor angioedema - a
#: class effect (lisinopril label; 2017 ACC/AHA hypertension guideline): every ACE
#: inhibitor is ruled out; a calcium-channel blocker (amlodipine) shares no mechanism.
#: (The reasons name no reaction after a drug: "<drug> angioedema" reads as an allergy
#: claim to the grader, ``grading.additions``.)
ALLERGY_QUESTIONS: tuple[tuple[str, str, Text, str, Text], ...] = (
    (
        "penicillin",
        "piperacillin-tazobactam",
        Text(
            en="piperacillin is a penicillin",
            zh="哌拉西林属于青霉素类",
        ),
        "cefepime",
        Text(
            en="cefepime is a cephalosporin whose side chains are unlike any penicillin's, which the 2022 AAAAI/ACAAI drug-allergy practice parameter allows without testing",
            zh="头孢吡肟为侧链与青霉素不同的头孢菌素，2022 AAAAI/ACAAI 药物过敏实践参数认可无需皮试即可使用",
        ),
    ),
    (
        "sulfa",
        "sulfamethoxazole-trimethoprim",
        Text(
            en="sulfamethoxazole is a sulfonamide antibiotic",
            zh="磺胺甲噁唑属于磺胺类抗生素",
        ),
        "furosemide",
        Text(
            en="furosemide is a non-antibiotic sulfonamide, with no cross-reactivity with a sulfonamide-antibiotic allergy",
            zh="呋塞米为非抗生素类磺胺，与磺胺类抗生素过敏无交叉反应",
        ),
    ),
    (
        "codeine",
        "morphine",
        Text(
            en="morphine, like codeine, releases histamine strongly",
            zh="吗啡与可待因一样可强烈释放组胺",
        ),
        "hydromorphone",
        Text(
            en="hydromorphone is an opioid that releases much less histamine",
            zh="氢吗啡酮为组胺释放少的阿片类药物",
        ),
    ),
    (
        "lisinopril",
        "enalapril",
        Text(
            en="enalapril is an ACE inhibitor like lisinopril, and that reaction recurs across the class",
            zh="依那普利与赖诺普利同属 ACE 抑制剂，该反应为类效应",
        ),
        "amlodipine",
        Text(
            en="amlodipine is a calcium-channel blocker, which does not act on the renin-angiotensin system and does not share that reaction",
            zh="氨氯地平为钙通道阻滞剂，不作用于肾素-血管紧张素系统，不存在该类反应",
        ),
    ),
)
#: A conclusion that the drug is ruled out, and that it may be given (EN, ZH).
RULED_OUT = [
    "contraindicated",
    "ruled out",
    "rules it out",
    "avoid",
    "do not give",
    "should not be given",
    "not be given",
    "禁用",
    "不能用",
    "不宜使用",
    "避免使用",
]
MAY_GIVE = [
    "can be given",
    "may be given",
    "can have",
    "can use",
    "can give",
    "safe to give",
    "not contraindicated",
    "no contraindication",
    "可以使用",
    "可以用",
    "可以给",
    "无禁忌",
]


@requires()
def allergy_check(ctx: TopicContext) -> Draft | None:
    """IL: "can the patient have <drug>?" against the recorded allergy: the drug asked is
    drawn between one the allergy rules out and one it does not
    (:data:`ALLERGY_QUESTIONS`, ``clinical.allergy``), so the answer combines the chart's
    allergy with what the drug is. None when no recorded allergy has a question."""
    if "allergies" in ctx.known:
        return None
    found = list(dict.fromkeys(a for a in ctx.facts.allergies if a))
    options = [
        (allergy, q)
        for allergy in found
        for q in ALLERGY_QUESTIONS
        if ruling_allergy(q[1], [allergy]) and allowed(q[3], found)
    ]
    if not options:
        return None
    allergy, (_, barred, why_barred, fine, why_fine) = ctx.choose(options)
    ruled_out = bool(ctx.rng.integers(2))
    drug = barred if ruled_out else fine
    dz = drug_zh(drug)
    he, _, _ = ctx.he
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("AllergyIntolerance.search", {}, calls, obs)
    explicit = ctx.request(
        [
            Text(
                en=f"Can {he} have {drug}? Check the allergy list first.",
                zh=f"{ctx.ta}能用{dz}吗？先看一下过敏记录。",
            ),
            Text(
                en=f"I'm thinking of {drug}: anything on the allergy list against it?",
                zh=f"我打算用{dz}，过敏记录里有没有相关禁忌？",
            ),
            Text(
                en=f"Before I write for {drug}: does the allergy history allow it?",
                zh=f"开{dz}之前问一下：过敏史允许用吗？",
            ),
        ]
    )
    az = _allergy_zh(allergy)
    if ruled_out:
        answer = Text(
            en=f"No: {drug} is contraindicated. The chart records an allergy to {allergy}, and {why_barred.en}. Choose another agent, and confirm the reaction with the patient.",
            zh=f"不能用{dz}，应禁用：病历记录了{az}，而{why_barred.zh}。应换用其他药物，并向患者核实过敏反应。",
        )
        verdict = R.conclusion_item(
            f"Says {drug} is ruled out by the allergy",
            f"指出该过敏禁用{dz}",
            RULED_OUT,
            MAY_GIVE,
        )
    else:
        answer = Text(
            en=f"Yes, {drug} can be given. The chart records an allergy to {allergy}, but {why_fine.en}. Confirm the reaction with the patient first.",
            zh=f"可以使用{dz}。病历记录了{az}，但{why_fine.zh}。用药前向患者核实过敏反应。",
        )
        verdict = R.conclusion_item(
            f"Says the allergy does not rule out {drug}",
            f"指出该过敏不妨碍使用{dz}",
            MAY_GIVE,
            RULED_OUT,
        )
    items = [
        R.mention_item(
            f"Names the recorded allergy ({allergy})",
            f"指出记录的过敏（{az}）",
            _allergy_terms(allergy),
            critical=True,
        ),
        verdict,
        R.mention_item(
            "Advises confirming with the patient", "建议向患者核实", CONFIRM
        ),
        R.tool_item(
            ["AllergyIntolerance.search", "Patient.everything"],
            "the allergy list",
            "过敏记录",
        ),
    ]
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="allergy_check",
        entities=["allergies", f"drug:{drug}"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"AllergyIntolerance"},
        record_facts=[f"allergies: {'; '.join(found)}"],
        known={"allergies"},
        decision="ruled out" if ruled_out else "may be given",
    )


def allergy_recorded(ctx: TopicContext) -> bool:
    """Whether the chart records an allergy or an adverse drug effect (the bare allergy
    lookup has something to find beyond "none recorded")."""
    return any(ctx.facts.allergies) or any(ctx.facts.intolerances)


def _extreme(ctx: TopicContext, lab_key: str, peak: bool) -> Draft | None:
    series = ctx.facts.labs.get(lab_key)
    if series is None or len(series.points) < 3:
        return None
    point = series.highest if peak else series.lowest
    if (
        point is series.latest
        or point.value == series.latest.value
        or point.value == series.first.value
    ):
        return None  # the extreme is the latest or first value: not a separate question
    if point.flag not in (("H", "HH") if peak else ("L", "LL")):
        # Only the abnormal side is asked: a "nadir potassium" of a hyperkalaemic
        # patient, or a peak inside the reference range, is not a question a physician
        # asks (the laboratory's flag in that direction; interpretation H/L).
        return None
    lab = series.lab
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Observation.search",
        {"code": lab.en, "date_from": ctx.facts.start[:10], "_count": 100},
        calls,
        obs,
    )
    v = R.fmt(point.value, lab.decimals)
    word_en, word_zh = ("highest", "最高") if peak else ("lowest", "最低")
    explicit = ctx.request(
        [
            Text(
                en=f"What was the {word_en} {lab.en} this admission?",
                zh=f"这次住院{lab.zh}{word_zh}到多少？",
            ),
            Text(
                en=f"How {'high' if peak else 'low'} did the {lab.en} get?",
                zh=f"{lab.zh}{word_zh}的时候是多少？",
            ),
            Text(
                en=f"What's the {'peak' if peak else 'nadir'} {lab.en} since admission?",
                zh=f"入院以来{lab.zh}的{'峰值' if peak else '最低值'}是多少？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"lab:{lab_key}"):
        implicit[Implicitness.NA] = Text(
            en=f"How {'high' if peak else 'low'} did it get this admission?",
            zh=f"这次住院它{word_zh}到多少？",
        )
    elif any(e.startswith("lab:") for e in ctx.last_entities()):
        implicit[Implicitness.PE] = Text(
            en=f"And the {word_en} {lab.en}?", zh=f"那{lab.zh}{word_zh}呢？"
        )
    answer = Text(
        en=f"The {word_en} {lab.en} this admission was {v} {point.unit}, on {day(point.time)}.",
        zh=f"本次住院{lab.zh}{word_zh}为 {v} {point.unit}（{day(point.time)}）。",
    )
    items = [
        R.item(
            f"States the {word_en} {lab.en} as {v} {point.unit}",
            f"给出{lab.zh}{word_zh}值 {v} {point.unit}",
            R.ValueCheck(
                value=round(point.value, lab.decimals),
                unit=point.unit,
                decimals=lab.decimals,
                conversions=lab.conversions,
                about=lab.terms,
            ),
            tags=("value",),
        ),
        R.mention_item(
            f"Gives the date ({day(point.time)})",
            f"给出日期（{day(point.time)}）",
            [day(point.time), day(point.time)[5:]],
        ),
        R.tool_item(["Observation.search"], f"the {lab.en} series", f"{lab.zh}序列"),
    ]
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="lab_peak" if peak else "lab_nadir",
        entities=[f"lab:{lab_key}"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Observation"},
        record_facts=[f"{word_en} {lab.en} {v} {point.unit} on {day(point.time)}"],
        known={f"lab:{lab_key}:trend"},
    )


#: Labs whose peak matters (kidney, infection, perfusion, myocardium, potassium, glucose).
PEAK_LABS = (
    "creatinine",
    "wbc",
    "lactate",
    "potassium",
    "glucose",
    "bilirubin",
    "troponin",
    "inr",
)
#: Labs whose nadir matters (bleeding, marrow, sodium, potassium, glucose).
NADIR_LABS = ("hemoglobin", "platelets", "sodium", "potassium", "glucose", "wbc")


@requires("lab")
def lab_peak(ctx: TopicContext, lab_key: str) -> Draft | None:
    """IL: the highest value of a lab this admission (its date too)."""
    return _extreme(ctx, lab_key, peak=True) if lab_key in PEAK_LABS else None


@requires("lab")
def lab_nadir(ctx: TopicContext, lab_key: str) -> Draft | None:
    """IL: the lowest value of a lab this admission (its date too)."""
    return _extreme(ctx, lab_key, peak=False) if lab_key in NADIR_LABS else None


#: Ways to say a record shows only some doses (EN and ZH).
WARD_DOSES_UNSEEN = [
    "not in the record",
    "not in this record",
    "not recorded",
    "not documented",
    "cannot be seen",
    "can't be seen",
    "last recorded",
    "last documented",
    "only the ICU",
    "ward MAR",
    "未记录",
    "没有记录",
    "无法看到",
    "看不到",
    "最后一次记录",
    "病房给药记录",
]


def _administration_time(res: dict) -> str:
    """A MedicationAdministration's time, ``YYYY-MM-DDTHH:MM``."""
    t = (
        res.get("effectiveDateTime")
        or (res.get("effectivePeriod") or {}).get("start")
        or ""
    )
    return str(t)[:16]


def _administration_systemic(generic: str, res: dict) -> bool:
    """Whether one administration of ``generic`` reached the circulation (oral vancomycin
    did not: :func:`physassist_env.clinical.renal.systemic`)."""
    route = str(((res.get("dosage") or {}).get("route") or {}).get("text") or "")
    name = str((res.get("medicationCodeableConcept") or {}).get("text") or "")
    return renal.systemic(generic, route, name)


def _pump_since(ctx: TopicContext, last: str) -> str:
    """The start of this admission's order of the patient's own insulin pump
    (:func:`physassist_env.clinical.glycaemia.is_insulin_pump`) that runs at the session
    or ran after the last charted insulin ``last``, ``""`` when none: the first such
    order's start (a renewed order continues the same pump)."""
    f = ctx.facts
    pumps = sorted(
        o.start
        for o in f.orders
        if o.hadm_id in ("", f.hadm_id)
        and glycaemia.is_insulin_pump(o.name)
        and o.start
        and o.start[:10] <= f.current_date
        and (o.status == "active" or (o.end or "")[:16] > last[:16])
    )
    return pumps[0] if pumps else ""


@requires("administration")
def last_dose(
    ctx: TopicContext, generic: str, describe: Describer | None = None
) -> Draft | None:
    """IL: when a drug was last given (the medication administration record, ward and ICU).

    For a drug whose enteral form acts in the gut (oral vancomycin for C. difficile,
    :data:`~physassist_env.clinical.renal.NOT_ABSORBED_ENTERALLY`) the answer gives the
    last systemic (IV) and the last enteral dose apart: they are two treatments, and only
    the IV doses time levels and the next IV dose (ASHP/IDSA/PIDS/SIDP 2020 vancomycin
    consensus; IDSA/SHEA C. difficile 2017). The record's gaps are named only where they
    apply: with ICU doses only and ward time after the last recorded dose.

    With ``describe`` the request names the drug by what it is ("her ACE inhibitor",
    "the antibiotic": :mod:`~physassist_env.scenarios.topics.described`), the answer names
    it and a critical item checks that it does; None where the description does not pick
    the drug out alone."""
    if generic not in ctx.facts.given:
        return None
    described = describe(ctx, generic) if describe is not None else None
    if describe is not None and described is None:
        return None
    params = {
        "medication": generic,
        "date_from": ctx.facts.start[:10],
        "status": "completed",
    }
    fhir = {
        "medication": generic,
        "date": [f"ge{ctx.facts.start[:10]}"],
        "status": "completed",
    }
    rows = [
        r
        for r in ctx.toolkit.view.search("MedicationAdministration", fhir)[0]
        if _administration_time(r)
    ]
    rows.sort(key=_administration_time, reverse=True)
    if not rows:
        return None
    by_route: dict[bool, int] = {}  # systemic? -> position of its latest row
    for k, r in enumerate(rows):
        by_route.setdefault(_administration_systemic(generic, r), k)
    count = max(5, max(by_route.values()) + 1)
    if count > 50:  # the other route's last dose lies too far back to show
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("MedicationAdministration.search", {**params, "_count": count}, calls, obs)
    last = _administration_time(rows[0])
    when = last.replace("T", " ")
    zh = drug_zh(generic)
    if described is not None:
        if (
            len(by_route) == 2
            or generic in renal.NOT_ABSORBED_ENTERALLY
            or (not ctx.facts.ward_administrations and ctx.facts.ward_time_after(last))
        ):
            return None
        return _described_last_dose(ctx, described, calls, obs, last)
    explicit = ctx.request(
        [
            Text(
                en=f"When did {ctx.he[0]} last get {generic}?",
                zh=f"{zh}最后一次是什么时候给的？",
            ),
            Text(
                en=f"When was the last dose of {generic} given?",
                zh=f"{zh}上一剂是几点给的？",
            ),
            Text(
                en=f"What time did the last {generic} go in?",
                zh=f"最近一次{zh}是什么时候用的？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent(f"drug:{generic}"):
        implicit[Implicitness.NA] = Text(
            en="When was the last dose given?", zh="最后一剂是什么时候给的？"
        )
    elif any(e.startswith("drug:") for e in ctx.last_entities()):
        implicit[Implicitness.PE] = Text(
            en=f"And when did the last {generic} go in?",
            zh=f"那{zh}最后一次是什么时候？",
        )
    answer = Text(
        en=f"The last {generic} dose was given on {when}.",
        zh=f"最后一剂{zh}于 {when} 给药。",
    )
    items = [
        R.mention_item(
            f"Gives the date of the last dose ({last[:10]})",
            f"给出最后一剂的日期（{last[:10]}）",
            [last[:10], last[5:10]],
        ),
        R.mention_item(
            f"Gives the time ({last[11:16]})",
            f"给出时间（{last[11:16]}）",
            [last[11:16]],
        ),
        R.tool_item(
            ["MedicationAdministration.search"],
            f"the {generic} administrations",
            f"{zh}给药记录",
        ),
    ]
    if len(by_route) == 2:
        iv = _administration_time(rows[by_route[True]])
        po = _administration_time(rows[by_route[False]])
        iv_when, po_when = iv.replace("T", " "), po.replace("T", " ")
        answer = Text(
            en=f"The last intravenous {generic} dose was given on {iv_when}; oral "
            f"{generic} (for C. difficile: it acts in the gut and is not absorbed) was "
            f"last given on {po_when}.",
            zh=f"最后一次静脉{zh}于 {iv_when} 给药；口服{zh}（治疗艰难梭菌，在肠道内起效、"
            f"不吸收）最后一次于 {po_when} 给药。",
        )
        items = [
            R.mention_item(
                f"Gives the last IV dose ({iv[:10]} {iv[11:16]})",
                f"给出最后一次静脉给药（{iv[:10]} {iv[11:16]}）",
                [iv[11:16]],
                critical=True,
            ),
            R.mention_item(
                f"Gives the last oral dose ({po[:10]} {po[11:16]})",
                f"给出最后一次口服给药（{po[:10]} {po[11:16]}）",
                [po[11:16]],
            ),
            R.mention_item(
                "Tells the IV from the oral doses",
                "区分静脉与口服给药",
                ["oral", "PO", "enteral", "by mouth", "口服", "肠内"],
                critical=True,
            ),
            items[-1],
        ]
    elif generic in renal.NOT_ABSORBED_ENTERALLY:
        route_en, route_zh = (
            ("intravenous", "静脉") if True in by_route else ("oral", "口服")
        )
        answer = Text(
            en=f"The last {generic} dose ({route_en}) was given on {when}.",
            zh=f"最后一剂{zh}（{route_zh}）于 {when} 给药。",
        )
    if not ctx.facts.ward_administrations and ctx.facts.ward_time_after(last):
        # Only ICU administrations are in this record (MIMIC-IV: ward eMAR rows exist for
        # some admissions only) and the patient was on the ward after the last one: the
        # answer says what the record cannot show rather than passing a days-old ICU dose
        # off as the last one (Joint Commission NPSG.03.06.01: the medication record, not
        # an assumption, establishes what was given). A patient in the ICU from that dose
        # to now has a complete record: no caveat.
        answer = Text(
            en=f"{answer.en} That is the last recorded dose (ICU record): the patient was "
            "on the ward after it and ward doses are not in this record, so a later dose "
            "on the ward cannot be seen: check the ward medication administration record "
            "before the next dose.",
            zh=f"{answer.zh}这是病历中最后一次记录的给药（ICU 记录）：此后患者在普通病房，"
            "本次住院的病房给药未记录在病历中，病房之后是否给过药无法看到：下一剂前请核对"
            "病房给药记录。",
        )
        items.insert(
            -1,
            R.mention_item(
                "Says ward doses are not in the record (the last recorded dose)",
                "指出病房给药未记录在病历中（仅为最后一次记录的给药）",
                WARD_DOSES_UNSEEN,
                critical=True,
            ),
        )
    pump = _pump_since(ctx, last) if generic == "insulin" else ""
    if pump:
        # the patient runs her own insulin pump since then: its doses are not charted,
        # so the record has no last dose to give (ADA 2024 section 16, insulin pumps;
        # clinical.glycaemia.INSULIN_PUMP; round 14, 10023239-21759936 t2)
        ctx.run("MedicationRequest.search", {"medication": "insulin"}, calls, obs)
        pump_day = pump[:16].replace("T", " ")
        before = last[:16] < pump[:16]
        staff_en = "Before the pump, insulin" if before else "Insulin"
        staff_zh = "使用胰岛素泵之前，" if before else ""
        answer = Text(
            en=f"The patient is on {ctx.he[2]} own insulin pump (continuous subcutaneous"
            f" insulin, self-administered; ordered from {pump_day}): its basal and bolus"
            " doses are not in the medication administration record, so the record gives"
            " no last insulin dose: check the pump's history with the patient."
            f" {staff_en} given by staff was last charted on {when}.",
            zh=f"患者正在使用自己的胰岛素泵（持续皮下胰岛素输注，自行给药；医嘱自 {pump_day} 起）："
            "泵的基础率和追加剂量不在给药记录中，病历无法给出最后一剂胰岛素：请与患者核对胰岛素泵"
            f"的记录。{staff_zh}医护给药最后一次记录于 {when}。",
        )
        items = [
            R.mention_item(
                "Names the patient's own insulin pump (its doses are not charted)",
                "指出患者使用自己的胰岛素泵（剂量未记录在给药记录中）",
                ["insulin pump", "pump", "CSII", "胰岛素泵"],
                critical=True,
            ),
            R.mention_item(
                f"Gives the last insulin charted by staff ({last[:10]})",
                f"给出医护最后一次记录的胰岛素（{last[:10]}）",
                [last[:10], last[5:10]],
            ),
            R.tool_item(
                ["MedicationRequest.search"],
                "the insulin orders",
                "胰岛素医嘱",
            ),
            items[-1],
        ]
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="last_dose",
        entities=[f"drug:{generic}"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"MedicationAdministration"},
        record_facts=[f"last {generic} {when}"],
        known={f"given:{generic}:last"},
    )


def _described_last_dose(
    ctx: TopicContext,
    described: Described,
    calls: list[ToolCall],
    obs: list[str],
    last: str,
) -> Draft:
    """IL: the last dose of a drug the request names by its class (``last_dose`` with a
    describer): which drug it is, then when it was last given (one route: a drug given
    by two route classes or with ICU-only records keeps its named form's caveats, so it
    is not described)."""
    generic, when = described.generic, last.replace("T", " ")
    zh = drug_zh(generic)
    his, ta = ctx.he[2], ctx.ta
    explicit = ctx.request(
        [
            Text(
                en=f"When did {ctx.he[0]} last get {his} {described.en}? Which one is it?",
                zh=f"{ta}用的{described.zh}是哪个？最后一次是什么时候给的？",
            ),
            Text(
                en=f"Which {described.en} is {ctx.he[0]} on, and when was the last dose given?",
                zh=f"{ta}在用哪种{described.zh}？上一剂是几点给的？",
            ),
            Text(
                en=f"What time did {his} last {described.en} dose go in, and what is it?",
                zh=f"最近一次{described.zh}是什么时候用的？用的是哪个药？",
            ),
        ]
    )
    answer = Text(
        en=f"{cap(described.en)}: {generic}. The last {generic} dose was given on {when}.",
        zh=f"{described.zh}为{zh}。最后一剂{zh}于 {when} 给药。",
    )
    items = [
        R.mention_item(
            f"Names the {described.en} ({generic})",
            f"指出是哪种{described.zh}（{zh}）",
            [*drug_terms(generic), zh],
            critical=True,
        ),
        R.mention_item(
            f"Gives the date of the last dose ({last[:10]})",
            f"给出最后一剂的日期（{last[:10]}）",
            [last[:10], last[5:10]],
        ),
        R.mention_item(
            f"Gives the time ({last[11:16]})",
            f"给出时间（{last[11:16]}）",
            [last[11:16]],
        ),
        R.tool_item(
            ["MedicationAdministration.search"],
            f"the {generic} administrations",
            f"{zh}给药记录",
        ),
    ]
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="last_dose",
        entities=[f"drug:{generic}"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"MedicationAdministration"},
        record_facts=[f"last {generic} {when}"],
        known={f"given:{generic}:last"},
    )
