"""CR topics on clinical scores: MELD-Na in cirrhosis, HAS-BLED in atrial fibrillation.

Formulas live in :mod:`physassist_env.clinical.scores` with their sources; the inputs come
from the date-gated facts (conditions of every admission known at the session date).
"""

from __future__ import annotations

from datetime import date, timedelta

from physassist_env.clinical import scores
from physassist_env.ehr.store import EhrView
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    BLEEDING_DRUGS,
    active_generics,
    latest_systolic,
    time_in_range,
)
from physassist_env.scenarios.features import AdmissionFacts
from physassist_env.scenarios.model import (
    Implicitness,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import Draft, TopicContext, days_old, requires
from physassist_env.scenarios.vocab import LABS, drug_zh

#: Cirrhosis (ICD-10 K70.3, K74.3-K74.6; ICD-9 571.2, 571.5, 571.6).
CIRRHOSIS = ("K703", "K743", "K744", "K745", "K746", "5712", "5715", "5716")
MELD_TERMS = ["MELD-Na", "MELD Na", "MELDNa", "MELD"]
HIGH_BLEEDING = [
    "high bleeding risk",
    "high risk of bleeding",
    "bleeding risk is high",
    "elevated bleeding risk",
    "increased bleeding risk",
    "raised bleeding risk",
    "出血风险高",
    "高出血风险",
    "出血风险升高",
    "出血风险增高",
]
LOW_BLEEDING = [
    "low bleeding risk",
    "low risk of bleeding",
    "bleeding risk is low",
    "reduced bleeding risk",
    "decreased bleeding risk",
    "出血风险低",
    "低出血风险",
    "出血风险较低",
]
MODERATE_BLEEDING = [
    "moderate bleeding risk",
    "moderate risk of bleeding",
    "bleeding risk is moderate",
    "intermediate bleeding risk",
    "intermediate risk of bleeding",
    "出血风险中等",
    "中等出血风险",
    "中度出血风险",
]
HAS_BLED_TERMS = ["HAS-BLED", "HASBLED", "HAS BLED"]


#: Results fetched per lab code by :func:`latest_each`: the newest draw and a few before
#: it (a code may match more than one test, e.g. a urine and a serum creatinine).
LATEST_PER_CODE = 5


def latest_each(
    ctx: TopicContext, codes: tuple[str, ...], calls: list[ToolCall], obs: list[str]
) -> None:
    """Gold calls for a score from the latest value of each lab: one
    ``Observation.search`` per code, so each lab's newest result is on its own page.
    One call for all codes returns the newest results of the codes together, and a lab
    drawn days before the others (an INR) falls off it while the answer cites it
    (h39k: ``meld_na`` "INR 1.7 is in no result seen")."""
    for code in codes:
        ctx.run(
            "Observation.search",
            {"code": code, "_count": LATEST_PER_CODE},
            calls,
            obs,
        )


#: Days an input of a MELD-Na may precede its newest input and still be of the same
#: draw set (the day before); older, it is dated (round 17).
MELD_SAME_DAYS = 1


@requires("lab")
def meld_na(ctx: TopicContext) -> Draft | None:
    """CR: MELD-Na in cirrhosis from the latest bilirubin, INR, creatinine and sodium."""
    f = ctx.facts
    labs = {k: f.labs.get(k) for k in ("bilirubin", "inr", "creatinine", "sodium")}
    if not f.ever_had(*CIRRHOSIS) or any(v is None for v in labs.values()):
        return None
    if f.on_drug(
        "warfarin"
    ):  # a warfarin INR does not measure liver synthesis (MELD invalid)
        return None
    if (
        "mg" not in labs["bilirubin"].latest.unit.lower()
        or "mg" not in labs["creatinine"].latest.unit.lower()
    ):  # type: ignore[union-attr]
        return None
    bili, inr, cr, na = (
        labs[k].latest for k in ("bilirubin", "inr", "creatinine", "sodium")
    )  # type: ignore[union-attr]
    # Recorded dependence on dialysis (Z99.2, V45.11) counts creatinine as 4.0, the OPTN
    # rule for dialysis at least twice in the week before (assumed current; OPTN 2016).
    dialysis = f.ever_had("Z992", "V4511")
    inputs = {
        "bilirubin": bili.value,
        "inr": inr.value,
        "creatinine": cr.value,
        "sodium": na.value,
        "dialysis": dialysis,
    }
    score, meld = scores.meld_na(**inputs)  # OPTN 2016 MELD-Na (Kim 2008)
    bounds = scores.meld_bounds(**inputs)
    calls: list[ToolCall] = []
    obs: list[str] = []
    latest_each(ctx, ("bilirubin", "INR", "creatinine", "sodium"), calls, obs)
    explicit = ctx.request(
        [
            Text(en="What's the MELD-Na?", zh="MELD-Na 评分是多少？"),
            Text(
                en="Can you work out a MELD-Na score for the liver?",
                zh="帮我算一下这个肝硬化病人的 MELD-Na。",
            ),
            Text(
                en="Where does the MELD-Na come out with today's labs?",
                zh="按今天的化验，MELD-Na 算出来多少分？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if len(ctx.previous) >= 2:
        implicit[Implicitness.AE] = Text(
            en="Putting those labs together, what's the MELD-Na?",
            zh="把这些化验放在一起，MELD-Na 多少分？",
        )
    vals = {
        "bili": R.fmt(bili.value, 1),
        "inr": R.fmt(inr.value, 1),
        "cr": R.fmt(cr.value, 1),
        "na": R.fmt(na.value, 0),
    }
    bound_en, bound_zh = _meld_bound_text(bounds, na.unit)
    # a score is as current as its oldest value: an input drawn before the window of
    # the newest (MELD_SAME_DAYS) says its date and is repeated for a current score
    # (round 17, reading m, 10005866-21636229 t2: an INR 3 days older than the rest;
    # OPTN MELD policy: the laboratory values are dated and recertified together)
    newest = max(p.time[:10] for p in (bili, inr, cr, na))
    old_en: list[str] = []
    old_zh: list[str] = []
    for key, label, p in (
        ("bili", ("bilirubin", "总胆红素"), bili),
        ("inr", ("INR", "INR"), inr),
        ("cr", ("creatinine", "肌酐"), cr),
        ("na", ("sodium", "血钠"), na),
    ):
        if days_old(p, newest) > MELD_SAME_DAYS:
            old_en.append(f"{label[0]} {vals[key]} from {p.time[:10]}")
            old_zh.append(f"{label[1]} {vals[key]} 为 {p.time[:10]} 的结果")
    stale_en = (
        f" The {', '.join(old_en)} {'is' if len(old_en) == 1 else 'are'} older than"
        f" the other values: repeat {'it' if len(old_en) == 1 else 'them'} for a"
        " current score."
        if old_en
        else ""
    )
    stale_zh = (
        f"{'、'.join(old_zh)}，早于其他化验：需复查后计算当前评分。" if old_zh else ""
    )
    behind = (date.fromisoformat(f.current_date[:10]) - date.fromisoformat(newest)).days
    if behind > MELD_SAME_DAYS:
        stale_en += (
            f" The newest of these values is from {newest}, {behind} days ago: repeat"
            " them for a current score."
        )
        stale_zh += f"这些化验中最新的为 {newest}（{behind} 天前）的结果：需复查后计算当前评分。"
    answer = Text(
        en=f"MELD-Na is {score}, from bilirubin {vals['bili']} mg/dL, INR {vals['inr']}, creatinine {vals['cr']} mg/dL and sodium {vals['na']} {na.unit}{bound_en}.{stale_en}",
        zh=f"MELD-Na 评分为 {score} 分，依据总胆红素 {vals['bili']} mg/dL、INR {vals['inr']}、肌酐 {vals['cr']} mg/dL、血钠 {vals['na']} {na.unit}{bound_zh}。{stale_zh}",
    )
    items = [
        R.item(
            f"Calculates a MELD-Na of {score}",
            f"计算出 MELD-Na 为 {score} 分",
            R.ValueCheck(value=score, unit="", tolerance=1, about=MELD_TERMS),
            tags=("value", "calculation"),
            critical=True,
        ),
        R.value_item(LABS["bilirubin"], bili.value, bili.unit),
        R.value_item(LABS["inr"], inr.value, inr.unit),
        R.value_item(LABS["creatinine"], cr.value, cr.unit),
        R.value_item(LABS["sodium"], na.value, na.unit),
        R.tool_item(
            ["Observation.search"],
            "bilirubin, INR, creatinine and sodium",
            "胆红素、INR、肌酐和血钠",
        ),
    ]
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="meld_na",
        entities=[
            "meld_na",
            "lab:bilirubin",
            "lab:inr",
            "lab:creatinine",
            "lab:sodium",
        ],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Observation"},
        record_facts=[f"MELD-Na {score} (MELD {meld})"]
        + [f"MELD {lab} counted as {v:g} ({why})" for lab, why, v in bounds],
        known={
            "lab:bilirubin:latest",
            "lab:inr:latest",
            "lab:creatinine:latest",
            "lab:sodium:latest",
        },
    )


#: Units the bound is said in (sodium takes the record's unit).
_BOUND_UNITS = {"bilirubin": "mg/dL", "inr": "", "creatinine": "mg/dL", "sodium": ""}


def _meld_bound_text(
    bounds: list[tuple[str, str, float]], na_unit: str
) -> tuple[str, str]:
    """The OPTN bounds applied, said so a clinician can check the number (EN, ZH): each
    value is "counted as" its bound, which the claim reader takes as a bound, not a result."""
    if not bounds:
        return "", ""
    en, zh = [], []
    for lab, why, value in bounds:
        name_en, name_zh = LABS[lab].en, LABS[lab].zh
        unit = _BOUND_UNITS[lab] or (na_unit if lab == "sodium" else "")
        v = f"{value:.0f}" if lab == "sodium" else f"{value:.1f}"
        vu = f"{v} {unit}".strip()
        side_en, side_zh = {
            "floor": ("the floor", "下限"),
            "cap": ("the cap", "上限"),
            "dialysis": ("the cap, on dialysis", "上限"),
            "low": ("the lower bound", "下限"),
            "high": ("the upper bound", "上限"),
        }[why]
        en.append(f"{name_en} counted as {vu} ({side_en})")
        zh.append(
            f"{'因透析，' if why == 'dialysis' else ''}{name_zh}按{side_zh} {vu} 计"
        )
    return (
        "; as the OPTN formula requires, " + ", ".join(en),
        "；按 OPTN 公式，" + "，".join(zh),
    )


#: HAS-BLED inputs by code (ICD-10 and ICD-9 without dots). Dialysis / kidney
#: transplant: Z99.2, V45.11, Z94.0, V42.0, N18.6, 585.6. Stroke: I60-I64, 430-434, 436,
#: Z86.73, V12.54. Bleeding history: haemorrhage codes (as AdmissionFacts
#: .anticoagulation_cautions). Anaemia (bleeding predisposition): D50-D64, 280-285.
#: Alcohol excess: F10, 303, 305.0.
_DIALYSIS = ("Z992", "V4511", "Z940", "V420", "N186", "5856")
_STROKE = (
    "I60",
    "I61",
    "I62",
    "I63",
    "I64",
    "430",
    "431",
    "432",
    "433",
    "434",
    "436",
    "Z8673",
    "V1254",
)
_BLEEDING = (
    "K920",
    "K921",
    "K922",
    "K625",
    "R58",
    "D62",
    "578",
    "5693",
    "4590",
    "2851",
    "5997",
    "R31",
)
_ANAEMIA = tuple(f"D{n}" for n in range(50, 65)) + (
    "280",
    "281",
    "282",
    "283",
    "284",
    "285",
)
_ALCOHOL = ("F10", "303", "3050")
#: Alcohol use disorder in remission (ICD-10-CM F10.11, F10.21, F10.91; ICD-9-CM 303.x3
#: and 305.03, fifth digit 3 "in remission"): no current alcohol excess, which HAS-BLED
#: counts (>= 8 drinks a week: Pisters R et al., Chest 2010;138:1093-100).
_ALCOHOL_REMISSION = ("F1011", "F1021", "F1091")
#: Coded long-term antiplatelet use (ICD-9-CM V58.63 antiplatelet, V58.66 aspirin;
#: ICD-10-CM Z79.02 antithrombotics/antiplatelets, Z79.82 aspirin): the "drugs" point of
#: HAS-BLED when coded this admission, whether or not an inpatient order is active.
_ANTIPLATELET_CODED = ("V5863", "V5864", "V5866", "Z7902", "Z791", "Z7982")
#: Round 17 (reading m, 10018081-23983182 t1): long-term antiplatelet or NSAID use (ICD-9-CM
#: V58.64, ICD-10-CM Z79.1 NSAIDs added) coded at the last discharge before this admission,
#: within this many days of the session, counts as well: the patient went home on it, and
#: HAS-BLED's D counts the concomitant antiplatelet/NSAID use (Pisters R et al., Chest
#: 2010;138:1093-100; 2020 ESC AF guideline, Hindricks G et al., Eur Heart J
#: 2021;42:373-498).
CODED_USE_DAYS = 365
#: Peptic ulcer disease (ICD-9-CM 531-534 gastric, duodenal, peptic, gastrojejunal ulcer;
#: ICD-10-CM K25-K28): a bleeding predisposition, HAS-BLED's B "bleeding history or
#: predisposition" (Pisters 2010; ESC 2020), as a coded GI bleed is (round 17).
_PEPTIC_ULCER = ("531", "532", "533", "534", "K25", "K26", "K27", "K28")


def coded_long_term_use(view: EhrView, f: AdmissionFacts) -> str:
    """How a long-term antiplatelet/NSAID use is coded as of the session
    (:data:`_ANTIPLATELET_CODED`): ``"this admission"``, ``"the discharge of <date>"``
    (the last earlier stay, begun within :data:`CODED_USE_DAYS` of the session) or
    ``""``."""
    if f.has_condition(*_ANTIPLATELET_CODED):
        return "this admission"
    since = (
        date.fromisoformat(f.current_date[:10]) - timedelta(days=CODED_USE_DAYS)
    ).isoformat()
    stays = sorted(
        (
            (
                str((e.get("period") or {}).get("start") or "")[:10],
                str((e.get("period") or {}).get("end") or "")[:10],
                str(e.get("id")),
            )
            for e in view.search("Encounter")[0]
            if str(e.get("id")) != f.hadm_id
            and str(e.get("id")) in {h for _, _, h in f.history}  # a coded stay
        ),
        reverse=True,
    )
    earlier = [s for s in stays if since <= s[0] < f.start[:10]]
    if not earlier:
        return ""
    start, end, hadm = earlier[0]
    heads = tuple(c.replace(".", "") for c in _ANTIPLATELET_CODED)
    if any(
        h == hadm and f.icd.get(c, c).upper().replace(".", "").startswith(heads)
        for c, _, h in f.history
    ):
        return f"the discharge of {end or start}"
    return ""


def alcohol_excess(f: AdmissionFacts) -> bool:
    """Whether a coded alcohol use disorder is current (not coded in remission)."""
    for code, _, _ in f.history:
        c = f.icd.get(code, code).upper().replace(".", "")
        if not c.startswith(_ALCOHOL):
            continue
        in_remission = c.startswith(_ALCOHOL_REMISSION) or (
            c[:1].isdigit() and len(c) == 5 and c.endswith("3")
        )
        if not in_remission:
            return True
    return False


@requires("condition")
def has_bled(ctx: TopicContext) -> Draft | None:
    """CR: HAS-BLED bleeding risk in atrial fibrillation (Pisters 2010), from every
    condition known at the session date, the latest blood pressure, labs and orders."""
    f = ctx.facts
    if f.age is None or not f.ever_had("I48", "42731"):
        return None
    # A bleeding-risk score is for deciding on anticoagulation in a patient who is not
    # bleeding: with haemorrhage coded this admission anticoagulation is held whatever the
    # score (2020 ESC AF guideline, Hindricks G et al., Eur Heart J 2021;42:373-498; 2023
    # ACC/AHA/ACCP/HRS AF guideline), so "a low bleeding risk" would be a wrong answer.
    if f.bleeding_coded(anticoagulant_adverse=False):
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Patient.read", {}, calls, obs)
    if "conditions" not in ctx.known:
        ctx.run("Condition.search", {}, calls, obs)
    ctx.run(
        "Observation.search",
        {"code": "blood pressure", "category": "vital-signs", "_count": 1},
        calls,
        obs,
    )
    latest_each(ctx, ("creatinine", "hemoglobin", "INR"), calls, obs)
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    sbp = latest_systolic(ctx.toolkit.view)
    cr = f.labs.get("creatinine")
    inr = f.labs.get("inr")
    hb = f.labs.get("hemoglobin")
    drugs = [g for g in active_generics(f) if g in BLEEDING_DRUGS]
    coded_use = "" if drugs else coded_long_term_use(ctx.toolkit.view, f)
    if coded_use:
        drugs = [
            "coded long-term antiplatelet/aspirin use"
            + ("" if coded_use == "this admission" else f" at {coded_use}")
        ]
    ulcer = f.ever_had(*_PEPTIC_ULCER)
    parts: list[tuple[str, str, bool]] = [
        # first, so that no lab name precedes the age in the answer
        (
            f"elderly (age {f.age})",
            f"高龄（{f.age} 岁）",
            f.age > 65,
        ),  # Pisters 2010: > 65
        (
            f"uncontrolled hypertension (SBP {R.fmt(sbp[0], 0)} mmHg on {sbp[1]})"
            if sbp
            else "",
            f"未控制的高血压（{sbp[1]} 收缩压 {R.fmt(sbp[0], 0)} mmHg）" if sbp else "",
            bool(sbp and sbp[0] > 160),  # Pisters 2010: SBP > 160 mmHg
        ),
        (
            "abnormal renal function",
            "肾功能异常",
            f.ever_had(*_DIALYSIS)
            or (
                cr is not None
                and "mg" in cr.latest.unit.lower()
                and cr.latest.value >= 2.26
            ),
        ),
        (
            "abnormal liver function (cirrhosis)",
            "肝功能异常（肝硬化）",
            f.ever_had(*CIRRHOSIS),
        ),
        ("prior stroke", "既往卒中", f.ever_had(*_STROKE)),
        (
            "bleeding history or predisposition (peptic ulcer disease) or anaemia"
            if ulcer
            else "bleeding history or anaemia",
            "出血史或出血倾向（消化性溃疡）或贫血" if ulcer else "出血史或贫血",
            ulcer
            or f.ever_had(*_BLEEDING)
            or f.ever_had(*_ANAEMIA)
            or (hb is not None and hb.latest.flag in ("L", "LL")),
        ),
        (
            "labile INR on warfarin",
            "华法林治疗下 INR 不稳定",
            # time in therapeutic range < 60% (Pisters 2010), over >= 3 INR values
            f.on_drug("warfarin")
            and inr is not None
            and len(inr.points) >= 3
            and time_in_range(inr, 2.0, 3.0) < 0.6,
        ),
        (
            "antiplatelet/NSAID use (" + ", ".join(drugs) + ")",
            "使用抗血小板药/NSAID（"
            + "、".join(
                (
                    "编码记录长期服用抗血小板药/阿司匹林"
                    + (
                        ""
                        if coded_use == "this admission"
                        else f"（{coded_use.rpartition(' ')[2]} 出院时）"
                    )
                )
                if " " in d
                else drug_zh(d)
                for d in drugs
            )
            + "）",
            bool(drugs),
        ),
        ("alcohol excess", "酗酒", alcohol_excess(f)),
    ]
    keys = (
        "elderly",
        "uncontrolled_htn",
        "abnormal_renal",
        "abnormal_liver",
        "stroke",
        "bleeding",
        "labile_inr",
        "drugs",
        "alcohol",
    )  # the order of ``parts``
    score = scores.has_bled(**{k: bool(p[2]) for k, p in zip(keys, parts, strict=True)})
    on = [p for p in parts if p[2]]
    high = score >= 3
    if sbp is None and score == 2:
        # the unknown blood pressure decides between moderate and high: no verdict
        return None
    explicit = ctx.request(
        [
            Text(en="What's the HAS-BLED score?", zh="HAS-BLED 评分多少？"),
            Text(
                en="How high is the bleeding risk by HAS-BLED?",
                zh="按 HAS-BLED 算，出血风险有多高？",
            ),
            Text(
                en="Before we talk anticoagulation, can you run the HAS-BLED?",
                zh="讨论抗凝之前，先帮我算个 HAS-BLED。",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if any(d.topic == "cha2ds2vasc" for d in ctx.previous):
        implicit[Implicitness.AE] = Text(
            en="And the bleeding side of that, what's the HAS-BLED?",
            zh="那出血这一头呢？HAS-BLED 多少？",
        )
    listed_en = ", ".join(p[0] for p in on) or "no risk factor recorded"
    listed_zh = "、".join(p[1] for p in on) or "未见记录的危险因素"
    if sbp is None:  # the H criterion could not be assessed: the score is a minimum
        listed_en += "; no blood pressure recorded, so hypertension is not counted and the score is a minimum"
        listed_zh += "；未见血压记录，高血压未计分，评分为最低估计"
    elif sbp[1] < f.start[:10]:
        # round 16: the H item is uncontrolled hypertension now (Pisters 2010: SBP > 160
        # mmHg; 2020 ESC AF guideline: a modifiable factor): a reading from before this
        # admission is dated and a current one asked for, not taken as the control now
        listed_en += (
            f"; the latest blood pressure on record (SBP {R.fmt(sbp[0], 0)} mmHg on"
            f" {sbp[1]}) is from before this admission, so recheck it now"
        )
        listed_zh += (
            f"；最近的血压记录（{sbp[1]} 收缩压 {R.fmt(sbp[0], 0)} mmHg）早于本次入院，"
            "请现在复测血压"
        )
    if (
        f.age <= 65
    ):  # say that age was considered and did not count (first, before any lab)
        listed_en = f"age {f.age} does not count; {listed_en}"
        listed_zh = f"年龄 {f.age} 岁不计分；{listed_zh}"
    if high:
        verdict_en = (
            "a high bleeding risk: correct the modifiable factors and review more often; "
            "on its own it is not a reason to withhold anticoagulation"
        )
        verdict_zh = (
            "出血风险高：应纠正可改变的危险因素并加强随访；单凭该评分不是停用抗凝的理由"
        )
        concl = R.conclusion_item(
            "Calls the bleeding risk high",
            "判断出血风险高",
            HIGH_BLEEDING,
            LOW_BLEEDING + ["high or low", "low or high", "高或低"],
        )
    elif score:
        # Lip GYH et al., J Am Coll Cardiol 2011;57:173-80 (HAS-BLED validation): 1-2 is an
        # intermediate risk, not a low one; "low" is still not wrong against ESC's >= 3 line.
        verdict_en, verdict_zh = (
            "a moderate bleeding risk, not high",
            "出血风险中等，不高",
        )
        concl = R.conclusion_item(
            "Calls the bleeding risk moderate or low (not high)",
            "判断出血风险中等或低（不高）",
            MODERATE_BLEEDING + LOW_BLEEDING + ["出血风险不高"],
            HIGH_BLEEDING + ["high or low", "low or high", "高或低"],
        )
    else:
        verdict_en, verdict_zh = "a low bleeding risk", "出血风险低"
        concl = R.conclusion_item(
            "Calls the bleeding risk low (not high)",
            "判断出血风险低（不高）",
            LOW_BLEEDING + ["出血风险不高"],
            HIGH_BLEEDING + ["high or low", "low or high", "高或低"],
        )
    # 2020 ESC AF guideline (Hindricks G et al., Eur Heart J 2021;42:373-498): HAS-BLED >= 3
    # flags high risk to address modifiable factors, not to withhold anticoagulation.
    answer = Text(
        en=f"HAS-BLED is {score} ({listed_en}): {verdict_en}.",
        zh=f"HAS-BLED 评分为 {score} 分（{listed_zh}）：{verdict_zh}。",
    )
    items = [
        R.item(
            f"Calculates a HAS-BLED of {score}",
            f"计算出 HAS-BLED 为 {score} 分",
            R.ValueCheck(value=score, unit="", tolerance=0, about=HAS_BLED_TERMS),
            tags=("value", "calculation"),
            critical=True,
        ),
        concl,
        R.mention_item(
            f"Accounts for age ({f.age})",
            f"考虑年龄（{f.age} 岁）",
            ["age", str(f.age), "年龄", "岁"],
        ),
        R.tool_item(
            ["Observation.search", "Patient.everything"],
            "blood pressure and labs",
            "血压和化验",
        ),
        R.no_fabrication_item(),
    ]
    types = {"Patient", "Observation", "MedicationRequest"} | (
        {"Condition"} if any(c.name == "Condition.search" for c in calls) else set()
    )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="has_bled",
        entities=["has_bled", "conditions"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types=types,
        record_facts=[f"HAS-BLED {score}: {listed_en}"],
        known={"conditions", "has_bled"},
        decision="high" if high else "not high",
    )
