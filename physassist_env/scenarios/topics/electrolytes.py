"""Electrolyte and glucose topics: potassium replacement with the dose the value calls
for (CR), acute hyperkalaemia management (CR), magnesium replacement (WU), the glucose
pattern on insulin (DG)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from physassist_env.clinical.critical import HYPOKALAEMIA_BELOW
from physassist_env.clinical.routes import systemic
from physassist_env.clinical.specimen import haemolysed
from physassist_env.clinical.steroids import PREDNISONE_EQUIVALENT
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    active_generics,
    drug_of,
    glucose_counts,
    on_maintenance_dialysis,
)
from physassist_env.scenarios.features import (
    AdmissionFacts,
    LabPoint,
    LabSeries,
    MedOrder,
    med_name,
)
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
    days_old,
    drawn_text,
    left_out,
    requires,
    specimen_text,
)
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.analytes import ANALYTES
from physassist_env.vocab.decisions import HOLD, MONITOR
from physassist_env.vocab.drugs import display_name, drug_terms
from physassist_env.vocab.frequencies import freq_zh
from physassist_env.vocab.orders import route_zh, unit_zh

REPLACE = [
    "replace",
    "replacement",
    "replete",
    "supplement",
    "需要补钾",
    "补钾",
    "补充",
]
NO_REPLACE = [
    "no replacement",
    "no need to replace",
    "does not need replacing",
    "doesn't need replacing",
    "not needed",
    "无需补钾",
    "不需要补钾",
    "不用补钾",
]
MAGNESIUM_TERMS = ["magnesium", "Mg", "镁"]


def renal_ok(ctx: TopicContext) -> bool:
    """Creatinine below 2 mg/dL: standard replacement doses apply (with renal
    impairment they are reduced: Kraft MD et al., Am J Health Syst Pharm
    2005;62:1663-82), so topics that give a standard dose need it."""
    cr = ctx.facts.labs.get("creatinine")
    return cr is not None and "mg" in cr.latest.unit.lower() and cr.latest.value < 2.0


def _low_magnesium(ctx: TopicContext) -> LabSeries | None:
    """The magnesium series when its current value (session day or the day before) is
    below 1.6 mg/dL, else None (Kraft MD et al., Am J Health Syst Pharm 2005;62:1663-82:
    replace below 1.6 mg/dL; a value in another unit is not read against it)."""
    mg = ctx.facts.labs.get("magnesium")
    if (
        mg is None
        or "mg" not in mg.latest.unit.lower()
        or mg.latest.value >= 1.6
        or not is_current(ctx, mg)
        or replaced_since_latest(ctx, "magnesium")
    ):
        return None
    return mg


def _magnesium_being_replaced(ctx: TopicContext) -> tuple[LabSeries, str] | None:
    """``(series, when)`` when the current magnesium is below 1.6 mg/dL and a magnesium
    replacement was already ordered or given after it (:func:`replaced_since_latest`):
    the low value is still named beside the potassium, with its replacement and a
    recheck, never left out (Huang CL, Kuo E. J Am Soc Nephrol 2007;18:2649-52:
    hypomagnesaemia makes hypokalaemia refractory; round 8b)."""
    mg = ctx.facts.labs.get("magnesium")
    if (
        mg is None
        or "mg" not in mg.latest.unit.lower()
        or mg.latest.value >= 1.6
        or not is_current(ctx, mg)
    ):
        return None
    when = replaced_since_latest(ctx, "magnesium")
    return (mg, when) if when else None


def _magnesium_dose(value: float) -> str:
    """IV magnesium sulfate for a low magnesium (mg/dL; Kraft 2005): 4 g below 1.0,
    else 2 g (standard doses; offered only with a creatinine below 2 mg/dL)."""
    return "4 g" if value < 1.0 else "2 g"


#: Words of giving magnesium (a magnesium replacement named as such).
MAGNESIUM_GIVE = [
    "magnesium sulfate",
    "magnesium sulphate",
    "IV magnesium",
    "replace the magnesium",
    "replace magnesium",
    "replete the magnesium",
    "replete magnesium",
    "magnesium replacement",
    "give magnesium",
    "硫酸镁",
    "补镁",
]


def oral_replacement_potassium(ctx: TopicContext) -> LabSeries | None:
    """The potassium series when a single oral dose of 40 mEq fits it: a current value
    (session day or the day before) of 3.0-3.4 mmol/L with a creatinine below 2 mg/dL
    (Cohn JN et al., Arch Intern Med 2000;160:2429-36: 40 mEq orally for 3.0-3.4; below
    3.0, 60-80 mEq in divided doses with an ECG; doses reduced in renal impairment), else
    None. An order is written on a value the agent can see is current, never on one days
    old."""
    k = ctx.facts.labs.get("potassium")
    if (
        k is None
        or not 3.0 <= k.latest.value < 3.5
        or not renal_ok(ctx)
        or not is_current(ctx, k)
        or replaced_since_latest(ctx, "potassium")
    ):
        return None
    return k


#: Order or administration names that replace an electrolyte (the drug, any salt or route).
_REPLACES = {
    "potassium": re.compile(
        r"\bpotassium (?:chl|chloride|phosphate|bicarbonate|citrate)|\bk-?dur\b|\bklor-?con",
        re.I,
    ),
    "magnesium": re.compile(r"\bmagnesium (?:sulfate|oxide|chloride)|\bmag-?ox", re.I),
}


def replaced_since_latest(ctx: TopicContext, key: str) -> str:
    """The time (``YYYY-MM-DD HH:MM``) of a replacement of ``key`` (``"potassium"`` or
    ``"magnesium"``) ordered or given after its latest value, ``""`` when none.

    A replacement already on its way is not ordered again: the next step is the recheck
    the dose calls for (Cohn JN et al., Arch Intern Med 2000;160:2429-36: recheck after
    each 40-60 mEq; ISMP 2018 high-alert medications: concentrated potassium), so "give
    potassium chloride 40 mEq" the evening it was given at 16:58 is a duplicate order."""
    series = ctx.facts.labs.get(key)
    if series is None or key not in _REPLACES:
        return ""
    since = series.latest.time[:16]
    pattern = _REPLACES[key]
    times = [
        o.start[:16]
        for o in ctx.facts.orders
        if pattern.search(o.name) and o.start[:16] >= since
    ]
    times += [when for when, _ in replacements_given(ctx, key, since)]
    return min(times).replace("T", " ") if times else ""


def replacements_given(
    ctx: TopicContext, key: str, since: str
) -> list[tuple[str, str]]:
    """``(time "YYYY-MM-DD HH:MM", dose text)`` of each administration of a replacement
    of ``key`` (:data:`_REPLACES`) at or after ``since``, oldest first: eMAR doses and
    ICU input events, an IV infusion dated by its start (``effectivePeriod``). A dose
    given after the low value is a replacement under way (Cohn JN et al., Arch Intern
    Med 2000;160:2429-36: recheck after each 40-60 mEq; round 9: 40 mEq IV of an ICU
    sliding scale infused after a 3.3 and "give 40 mEq" said again)."""
    return given_since(ctx, _REPLACES[key], since)


def given_since(
    ctx: TopicContext, pattern: re.Pattern[str], since: str
) -> list[tuple[str, str]]:
    """``(time "YYYY-MM-DD HH:MM", dose text)`` of each administration of
    :func:`administered`."""
    out = []
    for when, _, res in administered(ctx, pattern, since):
        dosage = res.get("dosage") or {}
        q = dosage.get("dose") or {}
        amount = (
            f"{R.fmt(float(q['value']), 0)} {q.get('unit') or ''}".strip()
            if q.get("value") is not None
            else ""
        )
        route = str((dosage.get("route") or {}).get("text") or "")
        out.append((when, " ".join(x for x in (amount, route) if x)))
    return out


def administered(
    ctx: TopicContext, pattern: re.Pattern[str], since: str
) -> list[tuple[str, str, dict[str, Any]]]:
    """``(time "YYYY-MM-DD HH:MM", medication name, resource)`` of each administration
    (eMAR dose or ICU input, an infusion dated by its start; completed or in progress:
    a dose charted not given is no dose) whose name matches ``pattern``, at or after
    ``since``, oldest first, as charted by the session date."""
    since = since[:16].replace("T", " ")
    out = []
    for res in ctx.toolkit.view.search(  # type: ignore[attr-defined]
        "MedicationAdministration", {"date": [f"ge{since[:10]}"]}
    )[0]:
        if str(res.get("status") or "completed") not in ("completed", "in-progress"):
            continue
        start = res.get("effectiveDateTime") or (res.get("effectivePeriod") or {}).get(
            "start"
        )
        when = str(start or "")[:16].replace("T", " ")
        name = med_name(res)
        if when and when >= since and pattern.search(name):
            out.append((when, name, res))
    return sorted(out, key=lambda x: x[0])


def is_current(ctx: TopicContext, series: LabSeries) -> bool:
    """Whether an electrolyte can be acted on: its latest value is from the session day
    or the day before. Replacement and hyperkalaemia treatment are dosed on a current
    level and rechecked within hours (Cohn 2000; UK Kidney Association 2020); a level
    several days old calls for a new level, not a dose."""
    return days_old(series.latest, ctx.facts.current_date) <= 1


#: A potassium (mmol/L) below which the replacement question is worth asking: at 4.6 nobody
#: asks; between 3.5 and 4.0 the answer turns on the heart (issue #36).
K_ASKED_BELOW = 4.0
#: Heart failure, coronary disease (ICD-10 I50, I20-I25; ICD-9 428, 410-414): the
#: potassium target is 4.0 mmol/L or more (Cohn 2000), as on digoxin.
CARDIAC_CODES = (
    "I50",
    "428",
    "I20",
    "I21",
    "I22",
    "I24",
    "I25",
    "410",
    "411",
    "412",
    "414",
)


def cardiac_target(ctx: TopicContext) -> bool:
    """Whether the potassium target is 4.0 mmol/L or more: heart failure or coronary
    disease known at the session date, or digoxin (Cohn JN et al., Arch Intern Med
    2000;160:2429-36: keep K >= 4.0 in heart failure, after myocardial infarction and on
    digoxin; 2022 AHA/ACC/HFSA heart failure guideline: avoid hypokalaemia), or cardiac
    surgery this episode (2014 AATS peri-operative atrial fibrillation guideline, Frendl
    G et al., J Thorac Cardiovasc Surg 2014;148:e153-93: potassium kept at 4.0 or more
    after cardiac surgery; :mod:`physassist_env.clinical.surgery`)."""
    op = ctx.facts.surgery
    return (
        ctx.facts.ever_had(*CARDIAC_CODES)
        or ctx.facts.on_drug("digoxin")
        or (op is not None and op.kind == "cardiac")
    )


def cardiac_target_text(ctx: TopicContext) -> tuple[str, str]:
    """(EN, ZH) of what sets this patient's potassium target of 4.0 mmol/L
    (:func:`cardiac_target`), the patient's own reason, not the list of all of them
    (round 11: "heart disease, digoxin or cardiac surgery" was said of a young patient
    whose only reason was an aortic repair on bypass): the operation of this episode
    (named as the record names it), digoxin, or the coded heart disease."""
    op = ctx.facts.surgery
    if op is not None and op.kind == "cardiac":
        return (
            f"that cardiac surgery ({op.text}, {op.day}) sets",
            f"本次心脏手术（{op.day}）后",
        )
    if ctx.facts.on_drug("digoxin"):
        return "that digoxin sets", "使用地高辛时"
    return (
        "that heart failure or coronary disease sets",
        "心力衰竭或冠心病患者",
    )


def cardiac_target_now(ctx: TopicContext) -> bool:
    """Whether the cardiac target of 4.0 mmol/L rests on this episode (cardiac surgery,
    digoxin, heart failure or coronary disease coded for this admission), not on a code
    of an admission years before: an order request for a potassium of 3.8-3.9, within
    the laboratory's range, fits only then (Cohn 2000; round 9: "replete potassium" at
    3.8 on a heart-failure code four years old read as a request a physician would not
    make)."""
    op = ctx.facts.surgery
    return (
        ctx.facts.has_condition(*CARDIAC_CODES)
        or ctx.facts.on_drug("digoxin")
        or (op is not None and op.kind == "cardiac")
    )


def potassium_given_since(ctx: TopicContext, since: str) -> list[MedOrder]:
    """Potassium chloride orders started at or after ``since`` (the draw time of the value
    being judged), as known at the session date: a replacement already under way."""
    return [
        o
        for o in ctx.facts.orders
        if "potassium chloride" in o.name.lower() and o.start[:16] >= since[:16]
    ]


def standing_potassium_text(standing: list[MedOrder]) -> tuple[str, str]:
    """(EN, ZH) naming the scheduled potassium chloride orders running beside a dose given
    or ordered after the draw (one per dose, route and frequency: the product rows of
    one order are one), or ``("", "")``: the standing order goes on and is counted in
    the day's potassium, rechecked before its next doses (round 10; Cohn 2000)."""
    seen: dict[tuple[Any, ...], MedOrder] = {}
    for o in standing:
        seen.setdefault((o.dose, o.dose_unit, o.route, o.frequency), o)
    if not seen:
        return "", ""
    en, zh = [], []
    for o in seen.values():
        amount = f"{R.fmt(o.dose, 0)} {o.dose_unit}" if o.dose is not None else ""
        en.append(
            f"potassium chloride {amount} {o.route} {o.frequency} (ordered {day(o.start)})".replace(
                "  ", " "
            )
        )
        zh.append(
            f"氯化钾 {amount} {route_zh(o.route)} {freq_zh(o.frequency)}（{day(o.start)} 开具）".replace(
                "  ", " "
            )
        )
    return (
        f" A standing order also runs: {'; '.join(en)}; count it in the day's total.",
        f"另有长期补钾医嘱在执行：{'；'.join(zh)}，计入当日补钾总量。",
    )


def running_potassium(ctx: TopicContext) -> MedOrder | None:
    """A potassium chloride order in force at the session (active, scheduled or as needed:
    a replacement protocol), the newest; None when none runs. A replacement due is given
    under it, by its route (an IV protocol for a patient who cannot take it by mouth), and
    no second order is written (ISMP 2018 high-alert medications: concentrated
    potassium; Joint Commission NPSG.03.06.01)."""
    running = [
        o
        for o in ctx.facts.active_orders()
        if "potassium chloride" in o.name.lower()
        and (o.scheduled or "PRN" in o.frequency.upper())
    ]
    return max(running, key=lambda o: o.start) if running else None


def potassium_meq(value: float, cardiac: bool) -> int:
    """mEq of oral potassium chloride for a potassium in mmol/L: 80 in divided doses below
    3.0, 40 at 3.0-3.4; with a cardiac target of 4.0 (Cohn 2000), enough to reach it at
    about 10 mEq per 0.1 mmol/L (Gennari FJ, N Engl J Med 1998;339:451-8; Kardalas E et
    al., Endocr Connect 2018;7:R135): 20 at 3.8-3.9, 40 at 3.5-3.7; 0 otherwise."""
    if value < 3.0:
        return 80
    if value < 3.5:
        return 40
    if cardiac and value < 4.0:
        return 20 if value >= 3.8 else 40
    return 0


@requires("lab")
def potassium_dose(ctx: TopicContext) -> Draft | None:
    """CR: does the potassium need replacing, and with how much.

    Three facts decide (Cohn JN et al., Arch Intern Med 2000;160:2429-36; Gennari FJ, N
    Engl J Med 1998;339:451-8): the value (below 3.5 mmol/L: 40 mEq orally at 3.0-3.4,
    60-80 mEq in divided doses with an ECG below 3.0), the target (4.0 or more with heart
    failure, coronary disease or digoxin, so 3.5-3.9 is replaced there although the
    laboratory calls it normal) and whether a dose was already ordered after that draw
    (then the potassium is rechecked before more is given: replacement is titrated on
    repeat levels). Asked only below 4.0 mmol/L on a current value (the session day or
    the day before), with a creatinine below 2 mg/dL (otherwise doses are reduced case by
    case, Kraft 2005).
    """
    k = ctx.facts.labs.get("potassium")
    # the dose reads the serum series: a newer blood-gas value is a distinct specimen
    # (clinical.specimen.decision_index; round 12)
    point = k.decision_point if k is not None else None
    if (
        k is None
        or point is None
        or point.value >= K_ASKED_BELOW
        or not renal_ok(ctx)
        or not is_current(ctx, k)
    ):
        return None
    p = point
    v = R.fmt(p.value, 1)
    cardiac = cardiac_target(ctx)
    dose = potassium_meq(p.value, cardiac)
    # a replacement already ordered after the draw, or a scheduled potassium order in
    # force: "continue the ordered replacement and recheck", never "no replacement is
    # needed" beside it (Cohn 2000: replacement is titrated on repeat levels; Joint
    # Commission NPSG.03.06.01: the answer reads the orders in force; round 8b)
    given = potassium_given_since(ctx, p.time)
    # doses given after the draw without an order of this record's (an ICU sliding
    # scale's infusion, an eMAR dose): a replacement under way too (round 9)
    doses = [] if given else replacements_given(ctx, "potassium", p.time)
    scheduled = [
        o
        for o in ctx.facts.active_orders()
        if "potassium chloride" in o.name.lower() and o.scheduled
    ]
    # A low magnesium read with the potassium is replaced too: magnesium deficiency
    # drives renal potassium loss and makes hypokalaemia refractory to potassium alone
    # (Huang CL, Kuo E. J Am Soc Nephrol 2007;18:2649-52; Cohn 2000); the dose is
    # Kraft 2005's, as in replace_magnesium (creatinine < 2 mg/dL is this topic's premise).
    mg = _low_magnesium(ctx)
    mg_en = mg_zh = ""
    mg_looked = False  # a magnesium replacement already ordered is looked up
    if mg is not None:
        m_v, m_dose = R.fmt(mg.latest.value, 1), _magnesium_dose(mg.latest.value)
        mg_en = (
            f" Magnesium is low at {m_v} {mg.latest.unit} ({day(mg.latest.time)}): give"
            f" magnesium sulfate {m_dose} IV, since a low magnesium drives potassium"
            " loss, and recheck both."
        )
        mg_zh = (
            f"血镁偏低，{m_v} {mg.latest.unit}（{day(mg.latest.time)}）：静脉给予硫酸镁"
            f" {m_dose}（低镁会导致钾丢失），之后复查血钾和血镁。"
        )
    elif (being := _magnesium_being_replaced(ctx)) is not None:
        # a low magnesium already being replaced is named with its replacement (round 8b)
        mg = being[0]
        mg_looked = True
        m_v = R.fmt(mg.latest.value, 1)
        mg_en = (
            f" Magnesium is low at {m_v} {mg.latest.unit} ({day(mg.latest.time)}) and a"
            " magnesium dose was already ordered after that draw: recheck the magnesium"
            " with the potassium and give magnesium again if it is still low, since a"
            " low magnesium drives potassium loss."
        )
        mg_zh = (
            f"血镁偏低，{m_v} {mg.latest.unit}（{day(mg.latest.time)}），该结果之后已开具"
            "补镁：与血钾一起复查血镁，仍低则再次补镁（低镁会导致钾丢失）。"
        )
    # a magnesium measured with the potassium (the same day) and not low is named, not
    # "checked" again (round 9: "check the magnesium" beside a magnesium of 2.6 drawn
    # with the potassium)
    mg_seen_en = mg_seen_zh = ""
    m_now = ctx.facts.labs.get("magnesium")
    if (
        mg is None
        and m_now is not None
        and "mg" in m_now.latest.unit.lower()
        and m_now.latest.value >= 1.6
        and m_now.latest.time[:10] >= p.time[:10]
    ):
        m_v, m_u = R.fmt(m_now.latest.value, 1), m_now.latest.unit
        m_day = day(m_now.latest.time)
        mg_seen_en = f", and recheck the potassium after; the magnesium ({m_day}) is {m_v} {m_u}, not low, so none is needed."
        mg_seen_zh = f"，补后复查血钾；血镁（{m_day}）{m_v} {m_u}，不低，无需补镁。"
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Observation.search", {"code": "potassium,magnesium", "_count": 10}, calls, obs
    )
    if p.value >= 3.5 and "conditions" not in ctx.known:
        # between 3.5 and 4.0 the target decides: heart disease is looked up
        ctx.run("Condition.search", {}, calls, obs)
    if mg_looked and mg is not None:
        ctx.run(
            "MedicationRequest.search",
            {"medication": "magnesium", "date_from": mg.latest.time[:10]},
            calls,
            obs,
        )
    if doses:  # the doses given after the draw are looked up
        ctx.run(
            "MedicationAdministration.search",
            {"medication": "potassium", "date_from": p.time[:10]},
            calls,
            obs,
        )
    if dose or given or scheduled:  # a replacement already ordered is looked for
        since = min([p.time[:10], *(o.start[:10] for o in scheduled if o.start)])
        ctx.run(
            "MedicationRequest.search",
            {"medication": "potassium chloride", "date_from": since},
            calls,
            obs,
        )
    explicit = ctx.request(
        [
            Text(
                en="Does the potassium need replacing, and how much?",
                zh="血钾要不要补？补多少？",
            ),
            Text(
                en="What are we doing about the potassium: replace it, and with what dose?",
                zh="血钾怎么处理？要补的话剂量多少？",
            ),
            Text(
                en="Is a potassium replacement due, and what dose?",
                zh="现在需要补钾吗？补多少量？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:potassium"):
        implicit[Implicitness.NA] = Text(
            en="Does that need replacing, and how much?", zh="这个要补吗？补多少？"
        )
    # Hypokalaemia is a potassium below 3.5 mmol/L (Cohn 2000), whatever the laboratory's
    # range says: MIMIC-IV's range starts at 3.3, so a 3.3 carries no flag there.
    flag = "L" if p.value < HYPOKALAEMIA_BELOW and p.flag not in ("L", "LL") else p.flag
    flag_en, flag_zh = R.FLAG_WORDS.get(flag, R.FLAG_WORDS[""])
    # a value from the day before is dated as such (topics.base.drawn_text)
    drawn_en, drawn_zh = drawn_text(p, ctx.facts.current_date)
    when_en, when_zh = drawn_en or day(p.time), drawn_zh or day(p.time)
    if specimen_text(k, [p])[0]:  # a blood-gas value among serum ones (CLSI C46-A2)
        when_en, when_zh = (
            f"{when_en}, whole blood (blood gas)",
            f"{when_zh}，全血（血气）",
        )
    below_target = (
        cardiac and p.value >= 3.5
    )  # within the lab's range, below the target
    if below_target:
        why_en, why_zh = cardiac_target_text(ctx)
        head_en = (
            f"potassium is {v} {p.unit} ({when_en}), within the laboratory's range but"
            f" below the target of 4.0 mmol/L or more {why_en}."
        )
        head_zh = f"血钾 {v} {p.unit}（{when_zh}），虽在化验参考范围内，但低于{why_zh} 4.0 mmol/L 以上的目标。"
        value_items = [R.value_item(k.lab, p.value, p.unit)]
    else:
        head_en = f"potassium is {v} {p.unit} ({when_en}), {flag_en}."
        head_zh = f"血钾 {v} {p.unit}（{when_zh}），{flag_zh}。"
        value_items = [R.value_item(k.lab, p.value, p.unit), R.flag_item(k.lab, flag)]
    if p is not k.latest:
        # the newer whole-blood value is named as a distinct specimen, not acted on
        wb = k.latest
        head_en += (
            f" A newer whole-blood (blood gas) potassium of {R.fmt(wb.value, 1)} ({wb.time[:16].replace('T', ' ')})"
            " is a different specimen: the serum value decides; repeat a serum potassium if in doubt."
        )
        head_zh += (
            f"其后的全血（血气）血钾 {R.fmt(wb.value, 1)}（{wb.time[:16].replace('T', ' ')}）为不同标本："
            "以血清结果为准，如有疑问复查血清钾。"
        )
    cardiac_item = R.mention_item(
        "Applies the cardiac target of 4.0 mmol/L or more",
        "按心脏病患者血钾目标 4.0 mmol/L 以上判断",
        # the target itself, not any word of the heart ("heart" or 目标 alone meet nothing)
        [
            "4.0 mmol",
            "4 mmol",
            "4.0 meq",
            "4 meq",
            "target of 4",
            "at least 4",
            "≥ 4",
            "≥4",
            "4.0 以上",
            "4.0以上",
            "不低于 4",
            "不低于4",
            "目标 4",
            "目标为 4",
        ],
        critical=True,
    )
    # a standing order running beside a once dose given or ordered after the draw is
    # named with it: the day's potassium is both (round 10, 10022017 t1; Cohn 2000:
    # replacement is titrated on the total given and the repeat level)
    standing_en, standing_zh = standing_potassium_text(
        [o for o in scheduled if o not in given]
    )
    if doses and (dose or not scheduled):
        g_when, g_what = (
            doses[0][0],
            "; ".join(f"{w or 'a dose'} at {t}" for t, w in doses),
        )
        g_zh = "；".join(f"{t} {w}".strip() for t, w in doses)
        again_en, again_zh = (
            ("replace again only if it is still low", "仍低再补")
            if dose
            else (
                "give more only if the recheck calls for it",
                "按复查结果决定是否再补",
            )
        )
        answer = Text(
            en=f"It has been replaced already: {head_en} Potassium was given after that draw ({g_what}).{standing_en} Give no further dose now: recheck the potassium first, and {again_en}."
            + mg_en,
            zh=f"已补钾：{head_zh}该结果之后已给予钾（{g_zh}）。{standing_zh}目前不再追加：先复查血钾，{again_zh}。"
            + mg_zh,
        )
        items = [
            *value_items,
            R.conclusion_item(
                f"Says potassium was already given after the draw ({g_when}) and no further dose is due before a recheck",
                f"指出该结果后已补钾（{g_when}），复查前不再追加",
                ["already", "was given", "already given", "已补", "已给", "已输"],
                ["give potassium chloride now", "start replacement now"],
            ),
            R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR)
            if mg is None
            else _magnesium_item(mg),
        ]
        decision = "already replaced: recheck"
    elif given and (dose or not scheduled):
        o = given[-1]
        # a normal value is not called "still low" (round 8b)
        again_en, again_zh = (
            ("replace again only if it is still low", "仍低再补")
            if dose
            else (
                "give more only if the recheck calls for it",
                "按复查结果决定是否再补",
            )
        )
        o_dose = f"{R.fmt(o.dose, 0)} {o.dose_unit}".strip() if o.dose else ""
        o_when = o.start[:16].replace("T", " ")
        answer = Text(
            en=f"It is being replaced already: {head_en} Potassium chloride {o_dose} {o.route} was ordered at {o_when}, after that draw.{standing_en} Give no further dose now: recheck the potassium after it, and {again_en}.".replace(
                "  ", " "
            )
            + mg_en,
            zh=f"已开补钾医嘱：{head_zh}该结果之后于 {o_when} 已开氯化钾 {o_dose} {route_zh(o.route)}。{standing_zh}目前不再追加：补钾后复查血钾，{again_zh}。".replace(
                "  ", " "
            )
            + mg_zh,
        )
        items = [
            *value_items,
            R.conclusion_item(
                f"Says potassium chloride was already ordered after the draw ({o_when}) and no further dose is due before a recheck",
                f"指出该结果后已开氯化钾（{o_when}），复查前不再追加",
                [
                    "already",
                    "was ordered",
                    "already ordered",
                    "already given",
                    "已开",
                    "已补",
                    "已给",
                ],
                ["give potassium chloride now", "start replacement now"],
            ),
            R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR)
            if mg is None
            else _magnesium_item(mg),
        ]
        decision = "already replaced: recheck"
    elif scheduled and not dose:
        shown_en, shown_zh = [], []
        for o in scheduled:
            o_dose = f"{R.fmt(o.dose, 0)} {o.dose_unit}".strip() if o.dose else ""
            shown_en.append(
                f"potassium chloride {o_dose} {o.route} {o.frequency} is running"
                f" (ordered {day(o.start)})".replace("  ", " ")
            )
            shown_zh.append(
                f"氯化钾 {o_dose} {route_zh(o.route)} {freq_zh(o.frequency)} 正在执行"
                f"（{day(o.start)} 开具）"
            )
        later = [o for o in given if o not in scheduled]
        if later:
            o = later[-1]
            o_dose = f"{R.fmt(o.dose, 0)} {o.dose_unit}".strip() if o.dose else ""
            o_when = o.start[:16].replace("T", " ")
            shown_en.append(
                f"potassium chloride {o_dose} {o.route} was ordered at {o_when}, after"
                " that draw".replace("  ", " ")
            )
            shown_zh.append(
                f"该结果之后于 {o_when} 已开氯化钾 {o_dose} {route_zh(o.route)}".replace(
                    "  ", " "
                )
            )
        what_en = "; ".join(shown_en)
        what_en = what_en[:1].upper() + what_en[1:]
        answer = Text(
            en=f"Potassium is being replaced already: {head_en} {what_en}: continue the"
            " ordered replacement and recheck the potassium after it, with no extra dose"
            " beyond it now." + mg_en,
            zh=f"已在补钾：{head_zh}{'；'.join(shown_zh)}：继续执行已开的补钾医嘱，之后复查血钾，"
            "目前不额外追加。" + mg_zh,
        )
        items = [
            *value_items,
            R.conclusion_item(
                "Continues the potassium replacement already ordered, then rechecks",
                "继续执行已开的补钾医嘱并复查",
                [
                    "continue",
                    "already ordered",
                    "already running",
                    "already being replaced",
                    "is running",
                    "继续",
                    "已开",
                    "正在执行",
                ],
                [
                    "no replacement is needed",
                    "no replacement needed",
                    "no need to replace",
                    "无需补钾",
                    "不需要补钾",
                    "不用补钾",
                ],
            ),
            R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR)
            if mg is None
            else _magnesium_item(mg),
        ]
        decision = "continue the ordered replacement"
    elif not dose:
        answer = Text(
            en=f"No replacement is needed: {head_en}" + (mg_en or " Monitor it."),
            zh=f"无需补钾：{head_zh}" + (mg_zh or "继续监测。"),
        )
        items = [
            *value_items,
            R.conclusion_item(
                "Concludes no replacement is needed",
                "判断无需补钾",
                NO_REPLACE,
                REPLACE,
            ),
            R.mention_item("Plans to keep monitoring it", "计划继续监测", MONITOR)
            if mg is None
            else _magnesium_item(mg),
        ]
        decision = "no replacement"
    elif (run := running_potassium(ctx)) is not None:
        # a replacement order already runs: give under it, by its route, no second order
        r_dose = f"{R.fmt(run.dose, 0)} {run.dose_unit}".strip() if run.dose else ""
        r_what = f"potassium chloride {r_dose} {run.route} {run.frequency}".replace(
            "  ", " "
        )
        r_zh = f"氯化钾 {r_dose} {route_zh(run.route)} {freq_zh(run.frequency)}"
        answer = Text(
            en=f"Yes, replace it: {head_en} A potassium order is already running ({r_what}, ordered {day(run.start)}): give the replacement under it, by its route, rather than writing a second order, and recheck the potassium after."
            + mg_en,
            zh=f"需要补钾：{head_zh}已有在用的补钾医嘱（{r_zh}，{day(run.start)} 开具）：按该医嘱及其给药途径补钾，不要另开第二条医嘱，补后复查血钾。"
            + mg_zh,
        )
        items = [
            *value_items,
            R.conclusion_item(
                "Concludes potassium should be replaced",
                "判断需要补钾",
                REPLACE,
                NO_REPLACE,
            ),
            R.mention_item(
                "Gives it under the potassium order already running, not a second order",
                "按已在用的补钾医嘱给药，不另开医嘱",
                [
                    "already running",
                    "already ordered",
                    "existing order",
                    "running order",
                    "under it",
                    "current order",
                    "已有",
                    "在用",
                    "现有医嘱",
                ],  # fmt: skip
                critical=True,
            ),
            R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR),
        ]
        decision = "replace under the running order"
    else:
        severe = p.value < 3.0
        dose_en = "80 mEq in two divided doses" if severe else f"{dose} mEq"
        # On invasive ventilation nothing is given by mouth: per feeding tube, else IV at
        # the protocol's rate (peripheral lines usually 10 mEq an hour: Kraft MD et al.,
        # Am J Health Syst Pharm 2005;62:1663-82; ISMP concentrated potassium).
        vent = ctx.facts.ventilated
        if vent:
            ctx.run(
                "Procedure.search",
                {"date_from": ctx.facts.start[:10]},
                calls,
                obs,
            )
        route_en = (
            "per feeding tube (or IV at the infusion rate the potassium protocol allows,"
            f" if there is no tube), not by mouth: the patient is on {vent.lower()}"
            if vent
            else "by mouth"
        )
        by_zh = "经鼻胃管/喂养管给予（无管路时按规定速度静脉输注），患者正在有创机械通气，不经口服用"
        answer = Text(
            en=f"Yes, replace it: {head_en} Give potassium chloride {dose_en} {route_en}"
            + (", get an ECG" if severe else "")
            + (
                ", and recheck the potassium after." + mg_en
                if mg
                else mg_seen_en
                or ", check the magnesium, and recheck the potassium after."
            ),
            zh=(
                f"需要补钾：{head_zh}氯化钾 "
                + ("80 mEq，分两次" if severe else f"{dose} mEq")
                + f"，{by_zh}"
                + ("，并查心电图" if severe else "")
                if vent
                else f"需要补钾：{head_zh}口服氯化钾 "
                + ("80 mEq，分两次给予，并查心电图" if severe else f"{dose} mEq")
            )
            + (
                "，补后复查血钾。" + mg_zh
                if mg
                else mg_seen_zh or "，同时查血镁，补后复查血钾。"
            ),
        )
        items = [
            *value_items,
            R.conclusion_item(
                "Concludes potassium should be replaced",
                "判断需要补钾",
                REPLACE,
                NO_REPLACE,
            ),
            R.item(
                f"Gives a dose of about {dose_en}",
                f"给出剂量 {'约 80' if severe else dose} mEq",
                # any number of the answer: "K+ chloride 40 mEq" names the salt in too many ways
                R.ValueCheck(value=dose, tolerance=20 if severe else 0),
                tags=("value", "dose"),
                critical=True,
            ),
            R.mention_item("Checks the magnesium too", "同时关注血镁", MAGNESIUM_TERMS)
            if mg is None
            else _magnesium_item(mg),
            R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR),
        ]
        if vent:  # the route is the safety point on the ventilator (Kraft 2005)
            items.insert(
                2,
                R.mention_item(
                    "Gives it per tube or IV, not by mouth (invasive ventilation)",
                    "经管路或静脉给予，不口服（有创机械通气）",
                    ["tube", "NG", "IV", "intravenous", "管", "静脉"],
                    critical=True,
                ),
            )
        decision = "replace"
    if below_target:
        items.insert(1, cardiac_item)
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="potassium_dose",
        entities=["lab:potassium"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items[:6],
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[f"potassium {v} {p.unit}"]
        + ([f"magnesium {R.fmt(mg.latest.value, 1)} {mg.latest.unit}"] if mg else [])
        + (["heart disease or digoxin: target K >= 4.0"] if cardiac else [])
        + ([f"potassium chloride ordered {given[-1].start}"] if given else []),
        known={"lab:potassium:latest", "lab:magnesium:latest"}
        | (
            {"conditions"}
            if any(c.name == "Condition.search" for c in calls)
            else set()
        ),
        decision=decision,
    )


def _magnesium_item(mg: LabSeries) -> R.RubricItem:
    """The critical item of a low magnesium read with the potassium: it is replaced."""
    return R.mention_item(
        f"Replaces the low magnesium ({R.fmt(mg.latest.value, 1)} {mg.latest.unit})",
        f"补充偏低的血镁（{R.fmt(mg.latest.value, 1)} {mg.latest.unit}）",
        MAGNESIUM_GIVE,
        critical=True,
    )


#: Drugs that raise potassium, held in hyperkalaemia (UK Kidney Association, Clinical
#: Practice Guidelines: Treatment of Acute Hyperkalaemia in Adults, 2020): ACE
#: inhibitors, ARBs, potassium-sparing diuretics, potassium supplements, NSAIDs,
#: trimethoprim.
K_RAISING = (
    "lisinopril",
    "enalapril",
    "captopril",
    "ramipril",
    "losartan",
    "valsartan",
    "irbesartan",
    "spironolactone",
    "eplerenone",
    "potassium chloride",
    "ibuprofen",
    "naproxen",
    "ketorolac",
    "sulfamethoxazole",
)


@requires("lab")
def hyperkalemia_plan(ctx: TopicContext) -> Draft | None:
    """CR: what to do about a potassium of 5.5 mmol/L or more.

    UK Kidney Association 2020 hyperkalaemia guideline; ERC Guidelines 2021 (special
    circumstances): 5.5-5.9 mild, stop potassium-raising drugs and recheck; 6.0-6.4
    moderate, ECG and insulin-glucose; 6.5 or more severe, ECG, IV calcium gluconate to
    protect the myocardium, insulin-glucose, and potassium-raising drugs stopped.
    """
    k = ctx.facts.labs.get("potassium")
    if k is None or k.latest.value < 5.5 or not is_current(ctx, k):
        return None
    p = k.latest
    v = R.fmt(p.value, 1)
    drugs = [g for g in active_generics(ctx.facts) if g in K_RAISING]
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "lab:potassium:latest" not in ctx.known:
        ctx.run("Observation.search", {"code": "potassium", "_count": 5}, calls, obs)
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    explicit = ctx.request(
        [
            Text(en="The potassium is up: what's the plan?", zh="血钾高了，怎么处理？"),
            Text(
                en="How do you want to manage the potassium?",
                zh="这个血钾你打算怎么处理？",
            ),
            Text(
                en="What should we do about the high potassium right now?",
                zh="高钾现在该怎么处理？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:potassium"):
        implicit[Implicitness.NA] = Text(
            en="How do we manage that?", zh="这个怎么处理？"
        )
    severe, moderate = p.value >= 6.5, 6.0 <= p.value < 6.5
    if haemolysed(p.note):
        return _haemolysed_potassium(ctx, k, calls, obs, explicit, implicit)
    names_en = " and ".join(drugs)
    names_zh = "、".join(drug_zh(d) for d in drugs)
    # round 10: a mild hyperkalaemia that persists gets an ECG and a search for its
    # cause, and a high glucose on the same draw is named as a shift out of cells
    # (persistent_hyperkalaemia, glucose_shift)
    persists = None if severe or moderate else persistent_hyperkalaemia(k)
    shift = glucose_shift(ctx, p.time)
    if shift is not None:
        ctx.run(
            "Observation.search",
            {"code": "glucose", "date_from": shift.time[:10]},
            calls,
            obs,
        )
    # A value from the day before is repeated now: the shift therapy is given on a
    # current potassium (UK Kidney Association 2020 treats and rechecks within hours),
    # while the ECG and the calcium that protects the heart do not wait.
    stale = days_old(p, ctx.facts.current_date) > 0
    # round 16: treatment charted as given after the draw is named, and the next step is
    # the repeat potassium, not the same treatment again (hyperkalaemia_treated)
    treated = hyperkalaemia_treated(ctx, p.time)
    if treated:
        ctx.run(
            "MedicationAdministration.search",
            {"date_from": p.time[:10]},
            calls,
            obs,
        )
    if_en = " if the repeat is still 6.0 or more" if stale else ""
    if_zh = "（复查仍≥6.0 时）" if stale else ""
    steps_en, steps_zh = [], []
    if treated:
        steps_en.append(
            "repeat the potassium now"
            + (
                " (an hour after the insulin, then at 2, 4 and 6 hours)"
                if "insulin" in treated
                else ""
            )
            + " to see whether the treatment has brought it down"
        )
        steps_zh.append(
            "立即复查血钾"
            + (
                "（胰岛素后 1 小时，再于 2、4、6 小时复查）"
                if "insulin" in treated
                else ""
            )
            + "，评估治疗后是否下降"
        )
    elif stale:
        steps_en.append("repeat the potassium now")
        steps_zh.append("立即复查血钾")
    if (severe or moderate) and "calcium" in treated:
        steps_en.append(
            "get an ECG now and give the calcium again only if it still shows"
            " hyperkalaemic changes"
        )
        steps_zh.append("立即查心电图，仍有高钾心电图改变时再给钙剂")
    elif severe or moderate:
        steps_en.append("get an ECG now")
        steps_zh.append("立即查心电图")
    elif persists is not None:
        since = persists.time[:16].replace("T", " ")
        steps_en.append(
            f"get an ECG, since the potassium has been high on every draw since {since}, and look"
            " for the cause (potassium intake and supplements, potassium-raising drugs,"
            " the kidney function, a shift out of cells)"
        )
        steps_zh.append(
            f"查心电图（自 {since} 起每次血钾均偏高），并查找原因（钾摄入及补钾、升钾药物、"
            "肾功能、钾向细胞外转移）"
        )
    if shift is not None:
        g_v = R.fmt(shift.value, 0)
        steps_en.append(
            f"the glucose on the same draw is {g_v} {shift.unit}: hyperglycaemia with too"
            " little insulin shifts potassium out of cells, so treat the glucose"
        )
        steps_zh.append(
            f"同次抽血血糖 {g_v} {shift.unit}：高血糖（胰岛素不足）使钾向细胞外转移，需处理高血糖"
        )
    if severe and "calcium" not in treated:
        steps_en.append("give IV calcium gluconate to protect the heart")
        steps_zh.append("静推葡萄糖酸钙保护心肌")
    if (severe or moderate) and "insulin" not in treated:
        steps_en.append(
            "give insulin with dextrose to shift potassium into cells" + if_en
        )
        steps_zh.append(f"{if_zh}胰岛素加葡萄糖促进钾向细胞内转移")
    if "insulin" in treated:
        steps_en.append(
            "check the glucose hourly for at least six hours after the insulin"
            " (hypoglycaemia)"
        )
        steps_zh.append("胰岛素后至少 6 小时每小时监测血糖（防低血糖）")
    # on maintenance dialysis, insulin-glucose only shifts potassium: removal is by
    # dialysis, the definitive treatment (UK Kidney Association hyperkalaemia guideline
    # 2020; KDIGO Controversies Conference on potassium, Clase CM et al., Kidney Int
    # 2020;97:42-61), and the glucose is watched (hypoglycaemia is commoner in ESKD)
    dialysis = (severe or moderate) and on_maintenance_dialysis(ctx.facts)
    if dialysis:
        if "conditions" not in ctx.known:
            ctx.run("Condition.search", {}, calls, obs)
        steps_en.append(
            "arrange urgent dialysis to remove the potassium (on maintenance dialysis), "
            "watching the glucose after the insulin"
        )
        steps_zh.append("（维持性透析患者）尽快安排透析清除血钾，胰岛素后监测血糖")
    if drugs:
        steps_en.append(f"hold the {names_en}")
        steps_zh.append(f"暂停{names_zh}")
    if not stale and not treated:
        steps_en.append("recheck the potassium")
        steps_zh.append("复查血钾")
    grade_en = "severe" if severe else "moderate" if moderate else "mild"
    grade_zh = "重度" if severe else "中度" if moderate else "轻度"
    drawn_en, drawn_zh = drawn_text(p, ctx.facts.current_date)
    drawn_at = p.time[:16].replace("T", " ")
    given_en, given_zh = _treated_text(treated, ctx.facts.current_date)
    treated_en = (
        f" It has already been treated since that draw ({drawn_at}): {given_en}."
        " Do not repeat that treatment blindly; next"
        if treated
        else ""
    )
    treated_zh = (
        f"该结果（{drawn_at}）之后已给予治疗：{given_zh}。不要盲目重复给药；下一步"
        if treated
        else ""
    )
    answer = Text(
        en=f"Potassium is {v} {p.unit} ({drawn_en or day(p.time)}), {grade_en} hyperkalemia"
        + ("." + treated_en + ": " if treated else ": ")
        + "; ".join(steps_en)
        + ".",
        zh=f"血钾 {v} {p.unit}（{drawn_zh or day(p.time)}），{grade_zh}高钾血症"
        + ("。" + treated_zh + "：" if treated else "：")
        + "；".join(steps_zh)
        + "。",
    )
    items = [R.value_item(k.lab, p.value, p.unit), R.flag_item(k.lab, p.flag or "H")]
    if treated:
        items.append(
            R.conclusion_item(
                f"Says the potassium was already treated after the draw ({given_en}) and the next step is the repeat potassium",
                f"指出该结果后已给予治疗（{given_zh}），下一步为复查血钾",
                [
                    "already",
                    "has been treated",
                    "was treated",
                    "已给予",
                    "已给",
                    "已治疗",
                ],
                ["untreated", "not been treated", "未治疗"],
            )
        )
        items.append(
            R.mention_item(
                "Repeats the potassium now",
                "立即复查血钾",
                MONITOR,
            )
        )
    if "insulin" in treated:
        items.append(
            R.mention_item(
                "Checks the glucose after the insulin",
                "胰岛素后监测血糖",
                ["glucose", "hypoglycaemia", "hypoglycemia", "血糖", "低血糖"],
            )
        )
    if drugs:
        items.append(
            R.recommend_item(
                f"Recommends holding {names_en}",
                f"建议暂停{names_zh}",
                HOLD,
                [t for d in drugs for t in (d, drug_zh(d))],
            )
        )
    if shift is not None:
        items.append(
            R.mention_item(
                f"Names the glucose of {R.fmt(shift.value, 0)} {shift.unit} as a shift of potassium out of cells",
                f"指出血糖 {R.fmt(shift.value, 0)} {shift.unit} 使钾向细胞外转移",
                ["glucose", "hyperglycemia", "hyperglycaemia", "血糖"],
            )
        )
    if severe or moderate or persists is not None:
        items.append(
            R.mention_item(
                "Asks for an ECG",
                "要求查心电图",
                ["ECG", "EKG", "electrocardiogram", "心电图"],
            )
        )
    if severe and "calcium" not in treated:
        items.append(
            R.mention_item(
                "Gives IV calcium",
                "静脉给予钙剂",
                [
                    "calcium",
                    "钙剂",
                    *drug_terms("calcium gluconate"),
                    *drug_terms("calcium chloride"),
                ],
            )
        )
    elif moderate and "insulin" not in treated:
        items.append(
            R.mention_item(
                "Gives insulin with dextrose",
                "给予胰岛素加葡萄糖",
                ["insulin", "胰岛素"],
            )
        )
    if dialysis:
        items.insert(
            2,
            R.mention_item(
                "Arranges urgent dialysis (the patient is on maintenance dialysis)",
                "安排紧急透析（维持性透析患者）",
                ["dialysis", "hemodialysis", "haemodialysis", "透析"],
                critical=True,
            ),
        )
    if len(items) < 4:
        items.append(
            R.mention_item("Plans a potassium recheck", "计划复查血钾", MONITOR)
        )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="hyperkalemia_plan",
        entities=["lab:potassium"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items[:6],
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[f"potassium {v} {p.unit}"]
        + ([f"on {names_en}"] if drugs else []),
        known={"lab:potassium:latest"},
        decision=f"{grade_en}: treated, repeat" if treated else grade_en,
    )


#: A glucose at or above this (mg/dL) on the potassium's draw is named as a shift of
#: potassium out of cells: hyperglycaemia with insulin deficiency raises the potassium
#: by hypertonicity and the lack of insulin (KDIGO Controversies Conference on potassium,
#: Clase CM et al., Kidney Int 2020;97:42-61: transcellular shift among the causes to
#: look for; Palmer BF, Clegg DJ, Adv Physiol Educ 2016;40:480-90). 250 mg/dL is the
#: ADA threshold of a hyperglycaemic crisis work-up (ADA 2024 Standards, 16).
SHIFT_GLUCOSE = 250.0
#: Hours between the potassium and the glucose read as one draw.
SAME_DRAW_HOURS = 2


def persistent_hyperkalaemia(k: LabSeries) -> LabPoint | None:
    """The first of the consecutive potassium values of 5.5 mmol/L or more that end with
    the latest (not haemolysed), when there are two or more: a hyperkalaemia that
    persists, which gets an ECG and a search for its cause, not only a recheck (KDIGO
    Controversies Conference 2020, Clase CM et al.; 2020 AHA guidelines for CPR and ECC,
    electrolyte abnormalities: the ECG shows the cardiac effect; round 10:
    10014354-27562275, 5.5-5.7 for two days answered "recheck"). None otherwise."""
    pts = [q for q in k.points if not haemolysed(q.note)]
    run: list[LabPoint] = []
    for q in reversed(pts):
        if q.value < 5.5:
            break
        run.append(q)
    return run[-1] if len(run) >= 2 else None


def glucose_shift(ctx: TopicContext, when: str) -> LabPoint | None:
    """A glucose of :data:`SHIFT_GLUCOSE` mg/dL or more drawn within
    :data:`SAME_DRAW_HOURS` h of the potassium at ``when``, or None."""
    glu = ctx.facts.labs.get("glucose")
    if glu is None:
        return None
    t0 = datetime.fromisoformat(when[:19])
    near = [
        q
        for q in glu.points
        if "mg/dl" in q.unit.lower()
        and q.value >= SHIFT_GLUCOSE
        and abs((datetime.fromisoformat(q.time[:19]) - t0).total_seconds())
        <= SAME_DRAW_HOURS * 3600
    ]
    return near[-1] if near else None


#: The emergency treatments of hyperkalaemia read from the administrations (UK Kidney
#: Association 2020 hyperkalaemia guideline; KDIGO Controversies Conference on potassium,
#: Clase CM et al., Kidney Int 2020;97:42-61): IV calcium (gluconate or chloride, not the
#: carbonate or acetate of a phosphate binder), insulin with dextrose (an insulin named
#: for hyperkalaemia, or one given within :data:`SHIFT_PAIR_MINUTES` of 50% dextrose: a
#: sliding-scale dose is no shift therapy) and a potassium binder. ``(EN, ZH)`` names.
K_TREATMENTS: dict[str, tuple[re.Pattern[str], str, str]] = {
    "calcium": (
        re.compile(r"\bcalcium (?:gluconate|chloride)\b", re.I),
        "IV calcium gluconate",
        "静脉葡萄糖酸钙",
    ),
    "insulin": (
        re.compile(r"\binsulin\b", re.I),
        "insulin with dextrose",
        "胰岛素加葡萄糖",
    ),
    "binder": (
        re.compile(
            r"polystyrene|kayexalate|patiromer|veltassa|zirconium|lokelma", re.I
        ),
        "a potassium binder",
        "降钾结合剂",
    ),
}
_DEXTROSE_BOLUS = re.compile(r"\bdextrose 50|\bd50\b|\bd50w\b", re.I)
_FOR_HYPERKALAEMIA = re.compile(r"hyperkal", re.I)
#: Minutes between an insulin dose and a 50% dextrose read as one shift treatment.
SHIFT_PAIR_MINUTES = 60


def hyperkalaemia_treated(ctx: TopicContext, since: str) -> dict[str, str]:
    """``treatment -> time "YYYY-MM-DD HH:MM"`` (first dose) of each emergency treatment
    of :data:`K_TREATMENTS` administered at or after ``since`` (the draw of the potassium
    judged), as charted by the session date. A potassium already treated is not treated
    again blindly: the next step is the repeat potassium at 1, 2, 4 and 6 hours after
    the insulin, the glucose after it, and the calcium again only for persisting ECG
    changes (UK Kidney Association 2020; round 16: "give IV calcium" for a 6.9 after
    calcium, insulin-dextrose and a binder had been given)."""
    out: dict[str, str] = {}
    dextrose = [t for t, _, _ in administered(ctx, _DEXTROSE_BOLUS, since)]
    for key, (pattern, _, _) in K_TREATMENTS.items():
        given = administered(ctx, pattern, since)
        times = [t for t, _, _ in given]
        if key == "insulin":
            times = [
                t
                for t, name, _ in given
                if _FOR_HYPERKALAEMIA.search(name)
                or any(abs(_minutes(t, d)) <= SHIFT_PAIR_MINUTES for d in dextrose)
            ]
        if times:
            out[key] = min(times)
    return out


def _treated_text(treated: dict[str, str], current_date: str) -> tuple[str, str]:
    """(EN, ZH) of the treatments of :func:`hyperkalaemia_treated`, those of one time
    together, the time without its date on the session day."""
    by_time: dict[str, list[str]] = {}
    for key, when in sorted(treated.items(), key=lambda x: x[1]):
        by_time.setdefault(when, []).append(key)
    en, zh = [], []
    for when, keys in by_time.items():
        at = when[11:] if when[:10] == current_date else when
        names = [K_TREATMENTS[k][1] for k in keys]
        en.append(
            (
                ", ".join(names[:-1]) + " and " + names[-1]
                if len(names) > 1
                else names[0]
            )
            + f" at {at}"
        )
        zh.append(f"{at} " + "、".join(K_TREATMENTS[k][2] for k in keys))
    return "; ".join(en), "；".join(zh)


def _minutes(a: str, b: str) -> float:
    """Minutes from ``b`` to ``a`` (both ``YYYY-MM-DD HH:MM``)."""
    return (
        datetime.fromisoformat(a[:16]) - datetime.fromisoformat(b[:16])
    ).total_seconds() / 60


#: Words of a haemolysed (possibly spurious) potassium.
HAEMOLYSIS = [
    "hemolysed",
    "hemolyzed",
    "haemolysed",
    "haemolyzed",
    "hemolysis",
    "haemolysis",
    "pseudohyperkalemia",
    "pseudohyperkalaemia",
    "spurious",
    "falsely",
    "溶血",
    "假性高钾",
]


def _haemolysed_potassium(
    ctx: TopicContext,
    k: LabSeries,
    calls: list[ToolCall],
    obs: list[str],
    explicit: Text,
    implicit: dict[Implicitness, Text],
) -> Draft:
    """The hyperkalaemia plan when the latest potassium comes from a haemolysed sample
    (clinical.specimen): exclude pseudohyperkalaemia first, repeat urgently on a
    non-haemolysed sample; from 6.0 mmol/L an ECG now, treating at once if it shows
    hyperkalaemic changes (UK Kidney Association 2020)."""
    p = k.latest
    v = R.fmt(p.value, 1)
    drawn_en, drawn_zh = drawn_text(p, ctx.facts.current_date)
    ecg = p.value >= 6.0
    answer = Text(
        en=f"Potassium is {v} {p.unit} ({drawn_en or day(p.time)}), but the sample is"
        " haemolysed, which falsely raises the potassium: repeat it urgently on a"
        " non-haemolysed sample before treating"
        + (
            "; get an ECG now and treat at once if it shows hyperkalaemic changes"
            if ecg
            else ""
        )
        + ".",
        zh=f"血钾 {v} {p.unit}（{drawn_zh or day(p.time)}），但标本溶血，可使血钾假性升高："
        "请立即用未溶血的标本复查血钾，确认后再处理"
        + ("；现在查心电图，如有高钾心电图改变立即治疗" if ecg else "")
        + "。",
    )
    items = [
        R.value_item(k.lab, p.value, p.unit),
        R.mention_item(
            "Notes the sample is haemolysed (possibly spurious)",
            "指出标本溶血（可能为假性升高）",
            HAEMOLYSIS,
            critical=True,
        ),
        R.mention_item("Repeats the potassium", "复查血钾", MONITOR + ["repeat"]),
    ]
    if ecg:
        items.append(
            R.mention_item(
                "Asks for an ECG now",
                "要求现在查心电图",
                ["ECG", "EKG", "electrocardiogram", "心电图"],
            )
        )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="hyperkalemia_plan",
        entities=["lab:potassium"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[f"potassium {v} {p.unit} (haemolysed sample)"],
        known={"lab:potassium:latest"},
        decision="repeat first (haemolysed)",
    )


@requires("lab")
def replace_magnesium(ctx: TopicContext) -> Draft | None:
    """WU: IV magnesium sulfate for a low magnesium, dosed by severity.

    Kraft MD et al., Am J Health Syst Pharm 2005;62:1663-82: 1.0-1.5 mg/dL, 1-2 g IV
    (up to 4 g); below 1.0 mg/dL, 4-8 g over 12-24 h; reduce by half with renal
    impairment (this topic is offered only with a creatinine below 2 mg/dL).
    """
    mg = _low_magnesium(ctx)
    if mg is None or not renal_ok(ctx) or replaced_since_latest(ctx, "magnesium"):
        return None
    severe = mg.latest.value < 1.0
    dose = _magnesium_dose(mg.latest.value)
    v = R.fmt(mg.latest.value, 1)
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "MedicationRequest.create",
        {
            "medication": "magnesium sulfate",
            "dose": dose,
            "route": "IV",
            "frequency": "once",
            # the order says the value it acts on (the answer states it too)
            "indication": f"hypomagnesemia (magnesium {v} {mg.latest.unit})",
        },
        calls,
        obs,
    )
    explicit = ctx.request(
        [
            # neither the dose nor the route: the level decides them (issue #36)
            Text(
                en="Order the magnesium replacement the level calls for.",
                zh="按血镁水平开补镁医嘱。",
            ),
            Text(
                en="Put in the magnesium replacement it needs.",
                zh="按需要开补镁医嘱。",
            ),
            Text(
                en="Can you order magnesium for that level?",
                zh="这个血镁水平，帮我开补镁。",
            ),
        ]
    )
    answer = Text(
        en=f"Ordered magnesium sulfate {dose} IV once for hypomagnesemia (magnesium {v} mg/dL); recheck magnesium after.",
        zh=f"已开硫酸镁 {dose} 静脉一次，用于低镁血症（血镁 {v} mg/dL）；补后复查血镁。",
    )
    items = [
        R.write_item(
            "Orders magnesium sulfate at a dose fitting the level",
            "开具硫酸镁，剂量与血镁水平相符",
            "MedicationRequest.create",
            {
                "medication": [
                    "magnesium",
                    drug_zh("magnesium sulfate"),
                    *(y for y in ANALYTES["magnesium"].synonyms if not y.isascii()),
                ]
            },
            dose=(4, 8, "g") if severe else (1, 4, "g"),
        ),
        R.write_item(
            "Intravenously",
            "静脉给药",
            "MedicationRequest.create",
            {"route": ["iv", "intravenous", "静脉"]},
        ),
        R.mention_item("Plans a magnesium recheck", "计划复查血镁", MONITOR),
    ]
    return Draft(
        task_type=TaskType.WU,
        tool_source=ToolSource.WRITE,
        topic="replace_magnesium",
        entities=["lab:magnesium", "drug:magnesium sulfate"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"MedicationRequest"},
        decision="magnesium 4 g" if severe else "magnesium 2 g",
    )


_INSULIN_ZH = (
    ("glargine", "甘精胰岛素"),
    ("detemir", "地特胰岛素"),
    ("lispro", "赖脯胰岛素"),
    ("aspart", "门冬胰岛素"),
    ("nph", "中效胰岛素"),
    ("regular", "普通胰岛素"),
)


#: Insulin products by NDC (the product a bare "Insulin" order dispenses; FDA NDC
#: directory): labeler-product -> (EN product, key into :data:`_INSULIN_ZH`).
_INSULIN_NDC = {
    "00088-2220": ("insulin glargine", "glargine"),  # Lantus
    "00002-7510": ("insulin lispro", "lispro"),  # Humalog
    "00169-7501": ("insulin aspart", "aspart"),  # NovoLog
    "00002-8715": ("insulin NPH/regular 70/30", "nph"),  # Humulin 70/30
    "00002-8215": ("insulin regular", "regular"),  # Humulin R
    "00002-8315": ("insulin NPH", "nph"),  # Humulin N
}
#: Regimen kind of an insulin product (ADA Standards of Care 2024, section 16: basal,
#: prandial (bolus) and correction (sliding scale) insulin in hospital).
_INSULIN_KIND = {
    "glargine": ("basal", "基础"),
    "detemir": ("basal", "基础"),
    "nph": ("basal", "基础"),
    "lispro": ("bolus", "餐时"),
    "aspart": ("bolus", "餐时"),
}


def insulin_regimen(
    order: MedOrder, res: dict[str, Any] | None
) -> tuple[str, str] | None:
    """(EN, ZH) description of an insulin order's regimen: product, dose, route,
    frequency and kind (basal, bolus, sliding scale, infusion), or None when the order
    names no regimen (a "check with MD" or zero-dose placeholder without a sliding scale).

    The product comes from the order's name, else its NDC (``res``: the MedicationRequest).
    """
    low = order.name.lower()
    key = next((en for en, _ in _INSULIN_ZH if en in low), "")
    src = ("", "")  # where the product comes from when the name does not say it
    product = display_name(order.name)
    if not key and res is not None:
        for c in (res.get("medicationCodeableConcept") or {}).get("coding") or []:
            code = str(c.get("code") or "").replace("-", "")
            hit = next(
                (
                    v
                    for k, v in _INSULIN_NDC.items()
                    if code.startswith(k.replace("-", ""))
                ),
                None,
            )
            if hit:
                # the order names only "Insulin": the product is said with its source
                # (named as the record names it, never inferred from the dose's timing:
                # ISMP; round 17b, reading n, 10014354-23132022 t1)
                product, key = hit
                src = ("; product by the order's NDC code", "；品种据医嘱 NDC 编码")
                break
    base_zh = next((zh for en, zh in _INSULIN_ZH if en == key), "胰岛素")
    route = order.route
    freq = order.frequency
    if order.placeholder == "sliding scale" or "sliding" in low:
        return (
            f"{product} by sliding scale (correction{src[0]}){' ' + route if route else ''}",
            f"{base_zh}按血糖调整剂量（校正胰岛素{src[1]}）{route_zh(route) if route else ''}",
        )
    if "infusion" in low or "drip" in low:
        return f"{product} IV infusion", f"{base_zh}静脉泵入"
    if order.dose is None or not freq:
        return None
    kind_en, kind_zh = _INSULIN_KIND.get(key, ("", ""))
    dose = f"{order.dose:g} {order.dose_unit}".strip()
    en = f"{product} {dose} {route} {freq}".replace("  ", " ").strip()
    dose_zh = f"{order.dose:g} {unit_zh(order.dose_unit)}".strip()
    zh = f"{base_zh} {dose_zh} {route_zh(route)} {freq_zh(freq)}".replace(
        "  ", " "
    ).strip()
    if kind_en or src[0]:
        en += f" ({(kind_en + src[0]) if kind_en else src[0][2:]})"
        zh += f"（{(kind_zh + src[1]) if kind_zh else src[1][1:]}）"
    return en, zh


def steroid_before_highs(
    facts: AdmissionFacts, highest: LabPoint
) -> tuple[MedOrder, str, str] | None:
    """A systemic glucocorticoid of this admission (:data:`~physassist_env.clinical
    .steroids.PREDNISONE_EQUIVALENT`, not a local form) started before the highest
    glucose and still running then, with its EN and ZH clause: glucocorticoids raise the
    glucose (steroid-induced hyperglycaemia, mostly afternoon and evening readings), and
    the insulin is matched to the steroid dose (ADA Standards of Care in Diabetes 2024,
    section 16, glucocorticoid therapy). None otherwise. Round 17b, reading n
    (10014354-23132022 t1: a glucocorticoid begun before the rise unnamed)."""
    for o in sorted(facts.orders, key=lambda o: o.start):
        g = drug_of(o)
        if (
            g not in PREDNISONE_EQUIVALENT
            or o.hadm_id not in ("", facts.hadm_id)
            or not systemic(o.name, o.route)
            or not o.start
            or o.start[:19] > highest.time[:19]
            or (o.end and o.end[:19] < highest.time[:19])
        ):
            continue
        dose = f" {R.fmt(o.dose, 4)} {o.dose_unit}" if o.dose is not None else ""
        dose_zh = (
            f" {R.fmt(o.dose, 4)} {unit_zh(o.dose_unit)}" if o.dose is not None else ""
        )
        return (
            o,
            f" {cap(g)}{dose} was started on {day(o.start)}, before the high readings:"
            " a systemic glucocorticoid raises the glucose (mostly afternoon and evening"
            " readings), so the insulin is matched to the steroid dose and reduced as it"
            " is tapered (ADA 2024).",
            f"{day(o.start)} 起使用{drug_zh(g)}{dose_zh}，早于血糖升高：全身糖皮质激素会升高"
            "血糖（以午后和晚间为主），胰岛素剂量需与激素剂量匹配，激素减量时相应减少"
            "（ADA 2024）。",
        )
    return None


#: Words that name a glucocorticoid as the cause of a high glucose (EN, ZH).
STEROID_CAUSE = [
    "steroid",
    "glucocorticoid",
    "corticosteroid",
    *PREDNISONE_EQUIVALENT,
    "激素",
    "糖皮质激素",
    *(drug_zh(g) for g in PREDNISONE_EQUIVALENT),  # the vocabulary's Chinese names
]


HYPO = ["hypoglycemia", "hypoglycaemia", "hypo", "低血糖", "低葡萄糖"]
NO_HYPO = [
    "no hypoglycemia",
    "no hypoglycaemia",
    "no hypos",
    "无低血糖",
    "没有低血糖",
    "未出现低血糖",
    "无低葡萄糖",
    "没有低葡萄糖",
]


@requires("lab")
def glucose_pattern(ctx: TopicContext) -> Draft | None:
    """DG: the glucose pattern since admission on insulin (range, readings above target,
    any hypoglycaemia) with the insulin orders.

    ADA Standards of Care in Diabetes 2024, section 16: hospital glucose target
    140-180 mg/dL; level 1 hypoglycaemia below 70 mg/dL.
    """
    f = ctx.facts
    glu = f.labs.get("glucose")
    insulin = [o for o in f.active_orders() if "insulin" in o.name.lower()]
    if (
        glu is None
        or len(glu.points) < 3
        or not insulin
        or "mg" not in glu.latest.unit.lower()
    ):
        return None
    n, lows, highs = glucose_counts(glu)
    lo, hi = glu.lowest, glu.highest
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Observation.search",
        {"code": "glucose", "date_from": f.start[:10], "_count": 100},
        calls,
        obs,
    )
    ctx.run("MedicationRequest.search", {"medication": "insulin"}, calls, obs)
    explicit = ctx.request(
        [
            Text(
                en="How have the sugars been on the insulin since admission?",
                zh="入院以来打着胰岛素，血糖控制得怎么样？",
            ),
            Text(
                en="Any lows or highs on the insulin? Give me the glucose picture.",
                zh="用胰岛素以来有没有低血糖或者高血糖？说说血糖情况。",
            ),
            Text(
                en="What's the glucose pattern been, and what insulin is ordered?",
                zh="血糖走势怎么样？现在胰岛素怎么开的？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:glucose") or ctx.antecedent("drug:insulin"):
        implicit[Implicitness.NA] = Text(
            en="How has that been running since admission?", zh="入院以来它一直怎么样？"
        )
    regimens = [
        r
        for o in insulin
        if (r := insulin_regimen(o, ctx.toolkit.view.read("MedicationRequest", o.id)))
    ]
    names = "; ".join(dict.fromkeys(en for en, _ in regimens))
    names_zh = "；".join(dict.fromkeys(zh for _, zh in regimens))
    hypo_en = (
        f"{lows} episode{'s' if lows > 1 else ''} of hypoglycemia (below 70)"
        if lows
        else "no hypoglycemia"
    )
    hypo_zh = f"{lows} 次低血糖（低于 70）" if lows else "无低血糖"
    lo_v, hi_v = R.fmt(lo.value, 0), R.fmt(hi.value, 0)
    # a result of a contaminated draw is no highest value: named and left out (CLSI GP41)
    left_en, left_zh = left_out(glu)
    # a whole-blood (blood gas) lowest or highest is said as such (CLSI C46-A2)
    wb_en, wb_zh = specimen_text(glu, [lo, hi])
    left_en, left_zh = left_en + wb_en, left_zh + wb_zh
    answer = Text(
        en=f"Since admission the lowest glucose was {lo_v} {glu.latest.unit} and the highest {hi_v} {glu.latest.unit}, over {n} readings, {highs} of them above 180, with {hypo_en}{left_en}."
        + (f" Insulin ordered: {names}." if names else ""),
        zh=f"入院以来血糖最低 {lo_v} {glu.latest.unit}，最高 {hi_v} {glu.latest.unit}，共测 {n} 次，其中 {highs} 次高于 180，{hypo_zh}{left_zh}。"
        + (f"胰岛素医嘱：{names_zh}。" if names_zh else ""),
    )
    # a glucocorticoid started before the highs is their likely cause (ADA 2024 s16)
    steroid = steroid_before_highs(f, hi) if highs else None
    if steroid is not None:
        answer = Text(en=answer.en + steroid[1], zh=answer.zh + steroid[2])
    items = [
        R.item(
            f"States the lowest glucose, {lo_v} {glu.latest.unit}",
            f"给出最低血糖 {lo_v} {glu.latest.unit}",
            R.ValueCheck(
                value=round(lo.value),
                unit=glu.latest.unit,
                decimals=0,
                conversions=glu.lab.conversions,
                about=glu.lab.terms,
            ),
            tags=("value",),
        ),
        R.item(
            f"States the highest glucose, {hi_v} {glu.latest.unit}",
            f"给出最高血糖 {hi_v} {glu.latest.unit}",
            R.ValueCheck(
                value=round(hi.value),
                unit=glu.latest.unit,
                decimals=0,
                conversions=glu.lab.conversions,
                about=glu.lab.terms,
            ),
            tags=("value",),
        ),
        R.conclusion_item(
            "Reports the hypoglycemia" if lows else "States there was no hypoglycemia",
            "指出出现过低血糖" if lows else "指出无低血糖",
            HYPO if lows else NO_HYPO,
            NO_HYPO if lows else HYPO,
        ),
        R.tool_item(["MedicationRequest.search"], "the insulin orders", "胰岛素医嘱"),
    ]
    if steroid is not None:
        g = drug_of(steroid[0])
        ctx.run("MedicationRequest.search", {"medication": g}, calls, obs)
        items.insert(
            3,
            R.mention_item(
                f"Names {g} (a glucocorticoid) as a cause of the high readings",
                f"指出{drug_zh(g)}（糖皮质激素）是血糖升高的原因之一",
                STEROID_CAUSE,
            ),
        )
    return Draft(
        task_type=TaskType.DG,
        tool_source=ToolSource.EHR,
        topic="glucose_pattern",
        entities=["lab:glucose", "drug:insulin"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Observation", "MedicationRequest"},
        record_facts=[
            f"glucose {lo_v}-{hi_v} over {n} readings; {lows} < 70, {highs} > 180"
        ],
        known={"lab:glucose:latest", "lab:glucose:trend", "order:insulin"},
    )
