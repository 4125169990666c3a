"""Medication reconciliation (DG): the last discharge list against this admission's
orders, on admission (continued or not) and at discharge (new and stopped).

Source of the rule: Joint Commission NPSG.03.06.01 (compare the medications the patient
was taking with those ordered, at admission and at discharge); WHO High 5s medication
reconciliation SOP. The "last known list" is the previous admission's discharge regimens
(:func:`~physassist_env.scenarios.derived.last_discharge_list`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from physassist_env.clinical import renal
from physassist_env.clinical.antithrombotic import prophylactic_anticoagulant
from physassist_env.clinical.discharge import (
    PRN_ANALGESIC,
    PRN_RECONCILED,
    inpatient_only,
    iv_anti_infective,
)
from physassist_env.clinical.infection import long_term_prophylaxis
from physassist_env.clinical.inhalers import anticholinergic_pair
from physassist_env.clinical.steroids import adrenal_risk
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import (
    ANTICOAGULANTS,
    BLEEDING_DRUGS,
    INPATIENT_ONLY,
    DischargeList,
    active_generics,
    administered_generics,
    aki_facts,
    basal_by_name,
    basal_dose,
    components,
    daily_dose,
    drug_of,
    last_discharge_list,
    opat_indication,
    prn_dose,
    schedule_of,
)
from physassist_env.scenarios.features import (
    AdmissionFacts,
    MedOrder,
    day_before,
    plus_hours,
)
from physassist_env.scenarios.model import (
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import (
    Draft,
    TopicContext,
    day,
    days_old,
    requires,
)
from physassist_env.scenarios.topics.electrolytes import K_RAISING
from physassist_env.scenarios.topics.reasoning import bleeding_reasons
from physassist_env.scenarios.topics.renal import NEPHROTOXIC_HOLD, rising_aki_flag
from physassist_env.scenarios.topics.safety import discharge_safety
from physassist_env.scenarios.vocab import ANTIBIOTICS, drug_zh
from physassist_env.vocab.analytes import ANALYTES
from physassist_env.vocab.drugs import (
    SUBSTITUTION_GROUP,
    display_name,
    drug_terms,
    reconciliation_rank,
)
from physassist_env.vocab.frequencies import freq_zh
from physassist_env.vocab.orders import route_zh, unit_zh

NOT_ORDERED = [
    "not ordered",
    "not on",
    "no longer",
    "not continued",
    "stopped",
    "held",
    "missing",
    "未开",
    "已停",
    "未继续",
    "停用",
    "没有开",
    "未医嘱",
]


def _zh(names: list[str]) -> str:
    return "、".join(drug_zh(g) for g in names)


def _gather(ctx: TopicContext, calls: list[ToolCall], obs: list[str]) -> None:
    ctx.run("Encounter.search", {}, calls, obs)
    ctx.run("MedicationRequest.search", {"_count": 200}, calls, obs)


def _drug_item(
    en: str, zh: str, names: list[str], *, critical: bool = False
) -> R.RubricItem:
    return R.mention_item(
        en, zh, [t for g in names for t in (g, drug_zh(g))], critical=critical
    )


#: Words of giving a reason a drug is held, by kind of reason.
_REASON_TERMS = {
    "surgery": [
        "operation",
        "surgery",
        "surgical",
        "operative",
        "perioperative",
        "CABG",
        "手术",
        "围手术期",
    ],
    "bleeding": [
        "bleed",
        "bleeding",
        "hemorrhage",
        "haemorrhage",
        "hemoglobin",
        "haemoglobin",
        "INR",
        "出血",
        ANALYTES["hemoglobin"].zh,
    ],
    "kidney": [
        "AKI",
        "kidney",
        "renal",
        "creatinine",
        "eGFR",
        "肾",
        ANALYTES["creatinine"].zh,
    ],
    "potassium": [
        "potassium",
        "hyperkalemia",
        "hyperkalaemia",
        ANALYTES["potassium"].zh,
        "高钾",
    ],
}


def held_for_a_reason(
    ctx: TopicContext, missing: list[str]
) -> dict[str, tuple[str, str, str]]:
    """Drugs of the last discharge list not ordered now whose hold the record explains,
    as generic -> (EN reason, ZH reason, kind of reason): resuming them would be wrong
    until the reason has settled.

    * Anticoagulants, antiplatelets and NSAIDs with a bleeding reason (active bleeding
      coded, haemoglobin below 8 g/dL or an acute fall, INR above 3:
      :func:`~physassist_env.scenarios.topics.reasoning.bleeding_reasons`): 2020 ACC
      Expert Consensus Decision Pathway on bleeding on oral anticoagulants (Tomaselli GF
      et al., J Am Coll Cardiol 2020;76:594-622): hold, restart once haemostasis allows.
    * ACE inhibitors, ARBs and NSAIDs in an acute kidney injury (KDIGO stage 1 or more;
      KDIGO 2012 3.1, NICE NG148 1.3), and potassium-raising drugs with a current
      potassium of 5.5 mmol/L or more (UK Kidney Association 2020).
    * Metformin below an eGFR of 30 (contraindicated; FDA Drug Safety Communication 2016,
      :func:`physassist_env.clinical.renal.egfr_action`).
    """
    f = ctx.facts
    out: dict[str, tuple[str, str, str]] = {}
    bleeding = bleeding_reasons(f)
    aki = aki_facts(f)
    k = f.labs.get("potassium")
    high_k = (
        k is not None
        and days_old(k.latest, f.current_date) <= 1
        and k.latest.value >= 5.5
    )
    cr = f.labs.get("creatinine")
    # an operation of the episode on the session day or the day before: a haemoglobin
    # fall then is the operative loss, and an antithrombotic is held around the
    # operation, restarted when the surgical team judges the bleeding risk allows (2021
    # ACC/AHA/SCAI coronary revascularization guideline; 2016 ACC/AHA DAPT focused
    # update: clopidogrel stopped before CABG, resumed after it; round 14, 10005348 t2:
    # clopidogrel "held for a haemoglobin fall" on the day of valve and bypass surgery)
    op = f.surgery
    operated = (
        op is not None
        and bool(op.day)
        and day_before(f.current_date) <= op.day <= f.current_date
        and not f.bleeding_coded()
    )
    for g in missing:
        if operated and bleeding and (g in ANTICOAGULANTS or g in BLEEDING_DRUGS):
            out[g] = (
                f"held around the operation of {op.day}, the haemoglobin fall its"
                " operative loss: the surgical team decides when to restart it",
                f"围手术期暂停（{op.day} 手术，血红蛋白下降为术中失血），停药期限由手术团队决定",
                "surgery",
            )
        elif bleeding and (g in ANTICOAGULANTS or g in BLEEDING_DRUGS):
            out[g] = (bleeding[0][0], bleeding[0][1], "bleeding")
        elif aki is not None and aki.stage >= 1 and g in NEPHROTOXIC_HOLD:
            out[g] = (
                f"acute kidney injury, KDIGO stage {aki.stage}",
                f"急性肾损伤 KDIGO {aki.stage} 期",
                "kidney",
            )
        elif high_k and g in K_RAISING:
            v = R.fmt(k.latest.value, 1)
            out[g] = (
                f"potassium {v} {k.latest.unit}",
                f"血钾 {v} {k.latest.unit}",
                "potassium",
            )
        elif (
            g == "metformin"
            and cr is not None
            and f.age is not None
            and "mg" in cr.latest.unit.lower()
            and (act := renal.egfr_action(g, cr.latest.value, f.age, f.female))
            and act[0] == "stop"
        ):
            out[g] = (
                "eGFR below 30, where it is contraindicated",
                "eGFR 低于 30，属禁忌",
                "kidney",
            )
    return out


#: An order ending this close to the encounter's end ended with the stay (hours).
STAY_END_HOURS = 2


def ended_with_stay(order: MedOrder, facts: AdmissionFacts) -> bool:
    """Whether ``order`` of this admission ended because the stay ended, not because the
    team stopped it: completed or stopped at, or within :data:`STAY_END_HOURS` of, the
    encounter's end (MIMIC-IV writes a stay's open orders "completed" at discharge)."""
    if order.status not in ("completed", "stopped") or not order.end or not facts.end:
        return False
    if order.hadm_id and order.hadm_id != facts.hadm_id:
        return False
    return order.end[:19] >= plus_hours(facts.end, -STAY_END_HOURS)


def dose_changes(
    ctx: TopicContext, last: DischargeList, continued: list[str]
) -> dict[str, tuple[str, str]]:
    """Continued drugs whose running dose a day or formulation differs from the last
    discharge list's, as generic -> (EN, ZH) kind of the change, e.g. ``("a lower dose a
    day now", "现每日剂量较低")``: a continued drug at another dose is a change to
    reconcile and say, not "continued" (Joint Commission NPSG.03.06.01: compare the dose,
    route and frequency; ISMP).

    Doses are compared a day (:func:`~physassist_env.scenarios.derived.daily_dose`), so
    25 mg TID and 37.5 mg BID are the same, torsemide 60 mg daily -> 60 mg BID is
    higher and digoxin daily -> every other day lower; the same dose a day in another
    release formulation (metoprolol tartrate BID -> succinate XL daily) is "the same
    dose a day, new formulation". Only where both sides can be counted, in the same
    unit. Round 8: a weekly pattern (warfarin 5 mg 4X/WEEK + 2.5 mg 3X/WEEK) is
    compared as its total a week; a basal insulin dose change is named on its own
    (:func:`~physassist_env.scenarios.derived.basal_dose`), and an as-needed dose or
    dose range ("5-10 mg") that changed is named
    (:func:`~physassist_env.scenarios.derived.prn_dose`)."""
    out = {}
    for g in continued:
        then = last.doses.get(g)
        # a running order that stays in hospital (IV pantoprazole beside the home
        # tablet) is a route, not a home dose: the comparison reads what may go home
        orders = [
            o
            for o in ctx.facts.active_orders()
            if drug_of(o) == g and inpatient_only(o) is None
        ]
        now = daily_dose(orders)
        said: list[tuple[str, str]] = []
        if then is not None and now is not None and now.unit == then.unit:
            new_form = now.formulation != then.formulation
            weekly = now.weekly or then.weekly
            if abs(now.amount - then.amount) > 1e-6 * max(then.amount, 1.0):
                # the direction only: the two doses side by side in the answer read as
                # an instruction to give the old one (the harm reader's tenfold check);
                # a weekly pattern (warfarin) is compared as its total a week (round 8)
                lower = now.amount < then.amount
                en = (
                    ("a lower total dose a week now" if weekly else "a lower dose a day now")
                    if lower
                    else ("a higher total dose a week now" if weekly else "a higher dose a day now")
                )  # fmt: skip
                zh = (
                    ("现每周总剂量较低" if weekly else "现每日剂量较低")
                    if lower
                    else ("现每周总剂量较高" if weekly else "现每日剂量较高")
                )
                said.append(
                    (f"{en}, new formulation", f"{zh}，剂型已换")
                    if new_form
                    else (en, zh)
                )
            elif new_form:
                said.append(
                    ("the same dose a day, new formulation", "每日剂量相同，剂型已换")
                )
        # the basal insulin dose is named on its own, whatever the mealtime doses do
        # (NPSG.03.06.01; ADA Standards of Care 2024, 16; round 8)
        b_then, b_now = last.basal.get(g), basal_dose(orders)
        if (
            b_then is not None
            and b_now is not None
            and b_now.unit == b_then.unit
            and abs(b_now.amount - b_then.amount) > 1e-6 * max(b_then.amount, 1.0)
        ):
            lower = b_now.amount < b_then.amount
            # a plain "Insulin" at bedtime is its bedtime dose: no product is inferred
            # from the timing (round 17b)
            kind = (
                ("basal", "基础胰岛素")
                if basal_by_name(orders)
                else ("bedtime", "睡前胰岛素")
            )
            said.append(
                (f"a lower {kind[0]} dose now", f"{kind[1]}剂量较低")
                if lower
                else (f"a higher {kind[0]} dose now", f"{kind[1]}剂量较高")
            )
        # an as-needed dose (or dose range, "5-10 mg") changed: said as one (round 8)
        p_then, p_now = last.prn.get(g), prn_dose(orders)
        if (
            then is None
            and now is None
            and p_then is not None
            and p_now is not None
            and p_then[2] == p_now[2]
            and p_then[:2] != p_now[:2]
        ):
            if p_now[0] >= p_then[0] and p_now[1] >= p_then[1]:
                said.append(("a higher as-needed dose now", "现按需剂量较高"))
            elif p_now[0] <= p_then[0] and p_now[1] <= p_then[1]:
                said.append(("a lower as-needed dose now", "现按需剂量较低"))
            else:
                said.append(
                    ("another as-needed dose range now", "现按需剂量范围已改变")
                )
        # given only intravenously now, by mouth at the last discharge (pantoprazole 40
        # mg PO BID -> IV BID, methylprednisolone PO -> IV): a change of route to
        # reconcile, and to reverse before discharge (NPSG.03.06.01; round 9b)
        iv_now = [
            o
            for o in ctx.facts.active_orders()
            if drug_of(o) == g and inpatient_only(o) == "intravenous"
        ]
        if iv_now and not orders:
            said.append(
                ("now intravenous, by mouth at the last discharge", "现为静脉给药，上次出院时为口服")
            )  # fmt: skip
        # scheduled at the last discharge, as needed now (or the reverse): a change of
        # schedule is reconciled like a change of dose (NPSG.03.06.01: compare the
        # frequency; round 9b: hydromorphone q3h scheduled -> q4h as needed), for the
        # high-alert drugs whose schedule is decided explicitly (opioids,
        # benzodiazepines, sedating antihistamines: clinical.discharge.PRN_RECONCILED),
        # not a laxative or paracetamol taken as needed instead of regularly
        s_then, s_now = last.schedule.get(g, ""), schedule_of(orders)
        # round 16b (reading m: paracetamol 1 g TID at the last discharge, as needed
        # now, not named, 10014729-23300884 t3): a scheduled analgesic of the pain plan
        # (clinical.discharge.PRN_ANALGESIC) is reconciled as well (CDC 2022 opioid
        # guideline, Dowell 2022: the non-opioid schedule is part of the pain plan)
        if (
            s_then
            and s_now
            and s_then != s_now
            and (PRN_RECONCILED.search(g) or PRN_ANALGESIC.search(g))
        ):
            said.append(
                ("now as needed, scheduled at the last discharge", "现改为按需使用，上次出院时为定时使用")
                if s_now == "as needed"
                else ("now scheduled, as needed at the last discharge", "现改为定时使用，上次出院时为按需使用")
            )  # fmt: skip
        if said:
            out[g] = ("; ".join(a for a, _ in said), "；".join(b for _, b in said))
    return out


def substitutions(
    gone: list[str],
    now: Iterable[str],
    last: DischargeList,
    prophylaxis: Iterable[str] = (),
) -> dict[str, str]:
    """Drugs of the last discharge list no longer ordered (``gone``) that another drug of
    their therapeutic group (:data:`~physassist_env.vocab.drugs.SUBSTITUTION_GROUP`),
    ordered ``now`` and not on the last list, replaced: old generic -> its replacement
    (omeprazole -> pantoprazole, simvastatin -> atorvastatin). A therapeutic interchange
    is named as such, not as a stop and a new start (Joint Commission NPSG.03.06.01).
    A drug of ``prophylaxis`` (ordered now only at a VTE-prophylaxis dose:
    :func:`prophylaxis_only`) replaces nothing: heparin 5,000 units SC is no substitute
    for warfarin (CHEST 2012; round 12, 10018081-28861356 t1)."""
    out = {}
    skip = set(prophylaxis)
    for g in gone:
        group = SUBSTITUTION_GROUP.get(g.lower())
        rep = next(
            (
                a
                for a in sorted(now)
                if group
                and a != g
                and a not in skip
                and SUBSTITUTION_GROUP.get(a.lower()) == group
                and a not in last.generics
            ),
            "",
        )
        if rep:
            out[g] = rep
    return out


def prophylaxis_only(facts: AdmissionFacts) -> dict[str, list[MedOrder]]:
    """Anticoagulants running now only at a VTE-prophylaxis dose
    (:func:`~physassist_env.clinical.antithrombotic.prophylactic_anticoagulant`): generic
    -> its orders. A drug with any treatment-dose order running is not one."""
    out: dict[str, list[MedOrder]] = {}
    treated: set[str] = set()
    for o in facts.active_orders():
        if o.flush:
            continue  # a heparin line flush is no anticoagulant at all
        g = drug_of(o)
        if prophylactic_anticoagulant(g, o.dose, o.route, o.frequency):
            out.setdefault(g, []).append(o)
        else:
            treated.add(g)
    return {g: v for g, v in out.items() if g not in treated}


def current_drugs(ctx: TopicContext) -> tuple[set[str], set[str], set[str]]:
    """(running, ordered this admission, given this admission) drugs, as reconciliation
    names them (:func:`~physassist_env.scenarios.derived.drug_of`).

    Order status is read with the stay (round 5 of the real-record reading): an order that
    ended because the stay ended (:func:`ended_with_stay`: a same-day observation stay
    discharged that evening) was not stopped by the team and still runs, and a drug the
    eMAR shows given this admission was ordered, and runs where the record holds no order
    for it (Joint Commission NPSG.03.06.01: reconcile against what the patient actually
    receives)."""
    f = ctx.facts
    given = administered_generics(ctx.toolkit.view, f)
    running = [o for o in f.active_orders() if not o.flush] + [
        o for o in f.orders if ended_with_stay(o, f)
    ]
    # a combination product is read by its ingredients: ipratropium-albuterol nebs
    # running are albuterol ordered (round 14b, 10019003-26703331 t1; ISMP)
    active = (
        set(active_generics(f))
        | {drug_of(o) for o in f.orders if ended_with_stay(o, f)}
        | {g for o in running for g in components(o.name)}
        | {g for g in given if not any(drug_of(o) == g for o in f.orders)}
    )
    ordered = {drug_of(o) for o in f.orders} | {
        g for o in f.orders if not o.flush for g in components(o.name)
    }
    return active, active | ordered | given, given


#: A last discharge list older than this many days is a reference to confirm, not the
#: current home list: the best possible medication history takes the patient's own
#: account and a second source (Joint Commission NPSG.03.06.01; WHO High 5s medication
#: reconciliation SOP, 2014: a structured history from at least two sources). Round 9b.
OLD_LIST_DAYS = 365


def list_age_note(last: DischargeList, current_date: str) -> tuple[str, str]:
    """(EN, ZH) sentence saying the last discharge list's age when it is older than
    :data:`OLD_LIST_DAYS` (an order set of a stay years ago, often post-operative), else
    empty strings."""
    days = (date.fromisoformat(current_date) - date.fromisoformat(last.end[:10])).days
    if days <= OLD_LIST_DAYS:
        return "", ""
    months = round(days / 30.4)
    en_age = f"{months} months" if months < 24 else f"{round(days / 365.25, 1):g} years"
    zh_age = f"{months} 个月" if months < 24 else f"{round(days / 365.25, 1):g} 年"
    return (
        f" That list is {en_age} old (the orders at the end of that stay): confirm the"
        " current home medications with the patient or the pharmacy.",
        f"该出院用药单已是 {zh_age}前（为那次住院结束时的医嘱）：需与患者或药房核实目前在家用药。",
    )


@requires("order")
def admission_reconciliation(ctx: TopicContext) -> Draft | None:
    """DG: which regimens of the last discharge list are ordered this admission, and which
    are not (to be continued, or their omission documented)."""
    last: DischargeList | None = last_discharge_list(ctx.toolkit.view, ctx.facts)
    if last is None:
        return None
    # continued: an order active now; a drug ordered this admission and since stopped
    # (carvedilol switched to metoprolol, torsemide to IV furosemide) is no longer
    # continued and is named with the others (Joint Commission NPSG.03.06.01)
    f = ctx.facts
    active, ordered, given = current_drugs(ctx)
    cont = [g for g in last.generics if g in active]
    # a drug replaced by another of its therapeutic group (omeprazole by pantoprazole)
    # is a substitution, and an anti-infective of the last list a course of that stay:
    # named as such, neither is an omission (Joint Commission NPSG.03.06.01)
    prophylaxis = prophylaxis_only(f)
    subs = substitutions(
        [g for g in last.generics if g not in active], active, last, prophylaxis
    )
    # a prophylactic dose taken long term (co-trimoxazole one tablet a day for SBP or
    # Pneumocystis prophylaxis) is a home drug, not a course (clinical.infection)
    courses = [
        g
        for g in last.generics
        if g not in active
        and g in ANTIBIOTICS
        and g not in subs
        and not (
            g in last.doses
            and long_term_prophylaxis(g, last.doses[g].amount, last.doses[g].unit)
        )
    ]
    kept = [g for g in last.generics if g not in subs and g not in courses]
    stopped_here = [g for g in kept if g in ordered and g not in active]
    missing = [g for g in kept if g not in ordered] + stopped_here
    if not missing:
        return None
    # the drugs that matter first, symptom relief last (vocab.drugs.reconciliation_rank)
    missing.sort(key=reconciliation_rank)
    calls: list[ToolCall] = []
    obs: list[str] = []
    _gather(ctx, calls, obs)
    if any(g in given for g in last.generics):
        # what was given is read too: it counts as ordered
        ctx.run(
            "MedicationAdministration.search",
            {"date_from": f.start[:10], "_count": 200},
            calls,
            obs,
        )
    explicit = ctx.request(
        [
            Text(
                en="Were the meds from the last discharge picked up on this admission?",
                zh="上次出院带的药，这次入院都续上了吗？",
            ),
            Text(
                en="Can you reconcile the last discharge list against what's ordered now?",
                zh="把上次出院用药和现在的医嘱核对一下。",
            ),
            Text(
                en="Anything from the last discharge meds that isn't ordered here?",
                zh="上次出院的药里，有没有这次没开的？",
            ),
        ]
    )
    d = day(last.end)
    # Only the drugs not ordered are named (the continued ones are counted), so the
    # answer binds each name to "not ordered" without a list of both kinds.
    changed = dose_changes(ctx, last, cont)
    same = len(cont) - len(changed)
    rest_en = (
        " The other one was continued."
        if same == 1
        else f" The other {same} were continued."
        if same
        else ""
    )
    rest_zh = f"其余 {same} 种已续开。" if same else ""
    if changed:
        rest_en += (
            " Continued with another dose a day, schedule, route or formulation than at the last discharge: "
            + "; ".join(f"{g} ({a})" for g, (a, _) in changed.items())
            + "."
        )
        rest_zh += (
            "与上次出院相比每日剂量、用法、途径或剂型已改变："
            + "；".join(f"{drug_zh(g)}（{b}）" for g, (_, b) in changed.items())
            + "。"
        )
    held = held_for_a_reason(ctx, missing)
    open_ = [g for g in missing if g not in held]
    # the rows each reason rests on are read too
    since = ctx.facts.start[:10]
    for kind in dict.fromkeys(r[2] for r in held.values()):
        if kind == "surgery":
            day_ = ctx.facts.surgery.day  # type: ignore[union-attr]
            ctx.run(
                "Procedure.search", {"date_from": day_, "date_to": day_}, calls, obs
            )
            ctx.run(
                "Observation.search",
                {"code": "hemoglobin", "date_from": since},
                calls,
                obs,
            )
        elif kind == "bleeding":
            ctx.run("Condition.search", {}, calls, obs)
            ctx.run(
                "Observation.search",
                {"code": "hemoglobin,INR", "date_from": since},
                calls,
                obs,
            )
        else:
            code = "creatinine" if kind == "kidney" else "potassium"
            ctx.run(
                "Observation.search", {"code": code, "date_from": since}, calls, obs
            )
    held_en = held_zh = ""
    if held:
        held_en = (
            " Held for a reason in the record: "
            + "; ".join(f"{g} ({r[0]})" for g, r in held.items())
            + ": keep "
            + ("it" if len(held) == 1 else "them")
            + (
                " held until then."
                if all(r[2] == "surgery" for r in held.values())
                else " held until that has settled."
            )
        )
        held_zh = (
            "记录中有暂停理由："
            + "；".join(f"{drug_zh(g)}（{r[1]}）" for g, r in held.items())
            + (
                "，在此之前继续暂停。"
                if all(r[2] == "surgery" for r in held.values())
                else "，在此缓解前继续暂停。"
            )
        )
    if not open_:
        decide_en, decide_zh = "", ""
    elif held:
        decide_en = " Decide for the others whether to resume them, or document why they are held."
        decide_zh = "其余逐一决定是否续用，或记录暂停的原因。"
    else:
        decide_en = " Decide for each whether to resume it, or document why it is held."
        decide_zh = "逐一决定是否续用，或记录暂停的原因。"
    never = [g for g in missing if g not in stopped_here]
    parts_en = []
    parts_zh = []
    if stopped_here:
        parts_en.append(
            f"stopped this admission after being ordered: {', '.join(stopped_here)}"
        )
        parts_zh.append(f"本次开过但目前已停：{_zh(stopped_here)}")
    if never:
        parts_en.append(f"not ordered on this admission: {', '.join(never)}")
        parts_zh.append(f"本次未开：{_zh(never)}")
    # an anticoagulant of the last list not ordered while only a prophylactic dose of
    # another runs: anticoagulation is off, not substituted (CHEST 2012; round 12)
    off = [
        g
        for g in missing
        if g not in subs
        and SUBSTITUTION_GROUP.get(g.lower()) == "B01A"
        and g not in prophylaxis
    ]
    if off and prophylaxis:
        ppx = [o for orders in prophylaxis.values() for o in orders]
        ppx_en = ", ".join(
            f"{display_name(o.name)} {o.dose or 0:g} {o.dose_unit} {o.route} {o.frequency}".strip()
            for o in ppx
        )
        ppx_zh = "、".join(
            f"{drug_zh(drug_of(o))} {o.dose or 0:g} {unit_zh(o.dose_unit)}（{route_zh(o.route)}，{freq_zh(o.frequency)}）"
            for o in ppx
        )
        parts_en.append(
            f"anticoagulation off: {', '.join(off)} is not ordered and {ppx_en} is a"
            " VTE-prophylaxis dose, no substitute for it"
        )
        parts_zh.append(
            f"抗凝已停：本次未开{_zh(off)}，现用的{ppx_zh}为预防静脉血栓的剂量，"
            "不能替代其抗凝"
        )
    if subs:
        parts_en.append(
            # a therapeutic interchange is not resumed beside its replacement: that
            # doubles the class (Joint Commission NPSG.03.06.01; round 13)
            "replaced by a drug of the same group (do not resume both): "
            + ", ".join(f"{g} by {r}" for g, r in subs.items())
        )
        parts_zh.append(
            "已换用同类药物（勿两者同时使用）："
            + "，".join(f"{drug_zh(g)}换为{drug_zh(r)}" for g, r in subs.items())
        )
    if courses:
        parts_en.append(
            f"anti-infective courses of that stay, not an omission unless still due: {', '.join(courses)}"
        )
        parts_zh.append(
            f"上次住院的抗感染疗程（除非仍需继续，否则不属漏开）：{_zh(courses)}"
        )
    # a systemic glucocorticoid of the last list not ordered now: stopping it abruptly
    # risks adrenal insufficiency (clinical.steroids; Endocrine Society/ESE 2024; round
    # 15, 10027445-29163082 t3)
    steroids = [
        g
        for g in missing
        if g in last.doses
        and last.doses[g].unit == "mg"
        and adrenal_risk(g, last.doses[g].amount)
    ]
    if steroids:
        parts_en.append(
            f"{' and '.join(steroids)} is a systemic glucocorticoid: stopping it abruptly"
            " risks adrenal insufficiency, so confirm the current dose and continue or"
            " taper it (stress doses in acute illness)"
        )
        parts_zh.append(
            f"{_zh(steroids)}为全身性糖皮质激素：突然停用有肾上腺皮质功能不全的风险，"
            "需确认目前剂量，继续使用或逐渐减量（急性疾病时给予应激剂量）"
        )
    age_en, age_zh = list_age_note(last, f.current_date)
    # the ingredients of what runs are read for duplication too: a long- and a
    # short-acting inhaled anticholinergic together (GOLD 2024; round 14b,
    # 10019003-26703331 t1: tiotropium with ipratropium-albuterol nebs)
    inhaled = [
        (g, o)
        for o in f.active_orders()
        if not o.flush
        for g in (components(o.name) or (drug_of(o),))
    ]
    pair = anticholinergic_pair((g, o.route) for g, o in inhaled)
    dup_en = dup_zh = ""
    if pair:
        lama, sama = pair
        combo = next(
            (o for g, o in inhaled if sama in g.lower() and components(o.name)), None
        )
        dup_en = (
            f" Two inhaled anticholinergics are ordered together: {lama} (long-acting)"
            f" and {sama} (short-acting"
            + (f", in {display_name(combo.name)}" if combo else "")
            + "); GOLD 2024 advises against combining them: review which one to keep."
        )
        dup_zh = (
            f"目前同时开有两种吸入抗胆碱能药：{drug_zh(lama)}（长效）和{drug_zh(sama)}"
            + ("（短效，含于复方雾化剂中）" if combo else "（短效）")
            + "；长效与短效抗胆碱能药不宜合用，需评估保留哪一种。"
        )
    answer = Text(
        en=f"From the last discharge list ({d}), {'; '.join(parts_en)}.{rest_en}{held_en}{dup_en}{decide_en}{age_en}",
        zh=f"对照上次出院用药（{d}），{'；'.join(parts_zh)}。{rest_zh}{held_zh}{dup_zh}{decide_zh}{age_zh}",
    )
    # one item per drug not ordered (up to 3; the first critical), so another patient's
    # list that shares a common drug does not pass
    items = [
        _drug_item(
            f"Names {g} as not ordered now"
            if g in never
            else f"Names {g} as no longer active (stopped this admission)",
            f"指出本次未开{drug_zh(g)}"
            if g in never
            else f"指出{drug_zh(g)}本次开过但已停",
            [g],
            critical=i == 0,
        )
        # up to 3 (2 when a held drug's reason or a dose change is an item too: at most
        # 6 items that pay)
        for i, g in enumerate(missing[: 2 if held or changed else 3])
    ]
    if held:
        g, (r_en, r_zh, kind) = next(iter(held.items()))
        items.append(
            R.mention_item(
                f"Says why {g} is held ({r_en})",
                f"说明{drug_zh(g)}暂停的原因（{r_zh}）",
                _REASON_TERMS[kind],
                critical=True,
            )
        )
    if changed and not held:
        g = next(iter(changed))
        items.append(
            _drug_item(
                f"Names the dose change of {g} since the last discharge",
                f"指出{drug_zh(g)}剂量较上次出院有变",
                [g],
            )
        )
    items += [
        R.mention_item("Says they are not ordered now", "指出本次未开", NOT_ORDERED),
        R.mention_item(
            f"Dates the last discharge ({d})", f"给出上次出院日期（{d}）", [d, d[5:]]
        ),
    ]
    if pair:
        items.append(
            R.mention_item(
                "Names the two inhaled anticholinergics ordered together",
                "指出同时开有两种吸入抗胆碱能药",
                ["anticholinergics", "anticholinergic", "抗胆碱能药", "抗胆碱能"],
            )
        )
    items.append(
        R.tool_item(
            ["MedicationRequest.search"],
            "the orders of both admissions",
            "两次住院的医嘱",
        )
    )
    # a drug held for a reason the record gives is not restarted now (issue #35)
    items += [
        R.restart_held_item(g, drug_zh(g), r[0], r[1], [*drug_terms(g), drug_zh(g)])
        for g, r in held.items()
    ]
    return Draft(
        task_type=TaskType.DG,
        tool_source=ToolSource.EHR,
        topic="admission_reconciliation",
        entities=["reconciliation"] + [f"drug:{g}" for g in missing],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c.name.split(".")[0] for c in calls},
        record_facts=[
            f"last discharge {d}: {', '.join(last.generics)}; not ordered: {', '.join(missing)}"
        ]
        + [f"{g} held: {r[0]}" for g, r in held.items()],
        known={"orders:all"},
    )


@requires("order")
def discharge_changes(ctx: TopicContext) -> Draft | None:
    """DG: what is new on the going-home list and what from the last discharge list is no
    longer ordered (both must be told to the patient and the next prescriber)."""
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    if last is None:
        return None
    going = []
    for o in ctx.facts.going_home_orders():
        g = drug_of(o)
        if g and g not in going and g not in INPATIENT_ONLY:  # no VTE prophylaxis
            going.append(g)
    new = [g for g in going if g not in last.generics]
    active = current_drugs(ctx)[0]
    stopped = [g for g in last.generics if g not in active]
    if not new or not stopped:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    _gather(ctx, calls, obs)
    explicit = ctx.request(
        [
            Text(
                en="For the discharge, what's new and what's been stopped compared with the last discharge?",
                zh="出院前对一下，跟上次出院比，哪些药是新加的，哪些停了？",
            ),
            Text(
                en="What med changes do we need to flag on discharge versus the last list?",
                zh="和上次的出院用药比，这次出院要交代哪些变化？",
            ),
            Text(
                en="Reconcile the going-home meds against last time: new starts and stops?",
                zh="把这次出院带药跟上次核对一下：新开了什么，停了什么？",
            ),
        ]
    )
    d = day(last.end)
    # one drug replaced by another of its group (simvastatin by atorvastatin) is said
    # as a substitution (NPSG.03.06.01; the one rule of admission_reconciliation)
    subs = substitutions(stopped, new, last)
    sub_en = (
        "; of these, "
        + ", ".join(
            f"{g} was stopped and replaced by {rep}, of the same drug class"
            for g, rep in subs.items()
        )
        if subs
        else ""
    )
    sub_zh = (
        "；其中"
        + "、".join(
            f"{drug_zh(g)}已停用，换用同类药物{drug_zh(rep)}" for g, rep in subs.items()
        )
        if subs
        else ""
    )
    # a dose change is said of a drug that goes home (one staying in hospital, an IV
    # opioid as needed, is no home dose: round 8)
    changed = dose_changes(
        ctx, last, [g for g in last.generics if g in active and g in going]
    )
    dose_en = (
        "; dose a day, schedule, route or formulation changed since then: "
        + ", ".join(f"{g} ({a})" for g, (a, _) in changed.items())
        if changed
        else ""
    )
    dose_zh = (
        "；每日剂量、用法、途径或剂型较上次改变："
        + "、".join(f"{drug_zh(g)}（{b}）" for g, (_, b) in changed.items())
        if changed
        else ""
    )
    age_en, age_zh = list_age_note(last, ctx.facts.current_date)
    # an IV anti-infective for a deep infection goes home through OPAT: a change the
    # summary states, not a drug left in hospital (round 17, reading m, 10014729-23300884
    # t3: IV vancomycin for an empyema penalised as "stays in hospital"; IDSA 2018 OPAT)
    deep = opat_indication(ctx.toolkit.view, ctx.facts)
    opat = (
        sorted(
            {drug_of(o) for o in ctx.facts.active_orders() if iv_anti_infective(o)}
            - {""}
        )
        if deep is not None
        else []
    )
    opat_en = (
        f" Also going home through OPAT (outpatient parenteral antimicrobial therapy)"
        f" for the {deep[0]} ({deep[2]} weeks): "
        # each drug with its plan: the harm reader reads the words after a listed IV
        # antibiotic (clinical.harm.OPAT_PLAN)
        + ", ".join(f"IV {g} (OPAT)" for g in opat)
        + ", with its end date and weekly monitoring labs."
        if deep is not None and opat
        else ""
    )
    opat_zh = (
        f"另经门诊静脉抗菌治疗（OPAT）在院外继续治疗{deep[1]}（{deep[2]} 周）："
        + "、".join(f"静脉{drug_zh(g)}（OPAT）" for g in opat)
        + "，写明停药日期并每周监测化验。"
        if deep is not None and opat
        else ""
    )
    answer = Text(
        en=f"Compared with the last discharge ({d}): new this time: {', '.join(new)}; stopped since then: {', '.join(stopped)}{sub_en}{dose_en}. These changes go on the discharge summary and should be explained to the patient.{opat_en}{age_en}",
        zh=f"与上次出院（{d}）相比：本次新加{_zh(new)}；上次出院带药中本次已停用：{_zh(stopped)}{sub_zh}{dose_zh}。这些变化要写进出院小结，并向患者交代清楚。{opat_zh}{age_zh}",
    )
    items = [
        _drug_item(
            f"Names the new drug(s) ({', '.join(new[:3])})",
            f"指出新加的药（{_zh(new[:3])}）",
            new[:3],
            critical=True,
        ),
        _drug_item(
            f"Names what is no longer ordered ({', '.join(stopped)})",
            f"指出不再使用的药（{_zh(stopped)}）",
            stopped,
            critical=True,
        ),
        R.mention_item(
            f"Dates the last discharge ({d})", f"给出上次出院日期（{d}）", [d, d[5:]]
        ),
        R.mention_item(
            "Says the changes go on the discharge paperwork / to the patient",
            "指出需写入出院小结并交代患者",
            # what is said to whom, never the bare word "patient" (a pasted tool list,
            # "Patient.read", says it too)
            [
                "discharge summary",
                "discharge paperwork",
                "discharge papers",
                "discharge instructions",
                "explained to the patient",
                "explain to the patient",
                "explain them to the patient",
                "tell the patient",
                "counsel the patient",
                "go over with the patient",
                "出院小结",
                "交代",
                "告知患者",
                "向患者",
            ],
        ),
        R.tool_item(
            ["MedicationRequest.search"],
            "the orders of both admissions",
            "两次住院的医嘱",
        ),
    ]
    if subs:
        g, rep = next(iter(subs.items()))
        items.insert(
            2,
            R.mention_item(
                f"Names the substitution ({rep} for {g})",
                f"指出同类换药（{drug_zh(rep)}替换{drug_zh(g)}）",
                [
                    "replaces",
                    "replaced",
                    "replacing",
                    "switched",
                    "substituted",
                    "substitution",
                    "instead of",
                    "替换",
                    "换用",
                    "改用",
                ],
            ),
        )
    # an AKI still rising is flagged before any discharge (KDIGO 2012, topics.renal)
    flag = rising_aki_flag(ctx, calls, obs)
    if flag is not None:
        answer = Text(en=f"{answer.en} {flag[0]}", zh=f"{answer.zh}{flag[1]}")
        items.append(flag[2])
    # no drug that stays in hospital or was stopped goes home (issue #35); the OPAT
    # anti-infectives go home by plan
    staying = discharge_safety(ctx, set(going) | set(opat))
    if staying is not None:
        items.append(staying)
    return Draft(
        task_type=TaskType.DG,
        tool_source=ToolSource.EHR,
        topic="discharge_changes",
        entities=["reconciliation", "discharge"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Encounter", "MedicationRequest"}
        | ({"Observation"} if flag is not None else set()),
        record_facts=[f"new: {', '.join(new)}; stopped: {', '.join(stopped)} (vs {d})"],
        known={"orders:all"},
    )
