"""Orders written in response to a result (after ``labevents.labs``): VKA reversal dosed from
the INR reported at presentation, metformin held for the kidneys and resumed, hypoglycaemia
treated and its insulin reduced, a potassium >= 6.0 shifted and bound.

A planted drug-lab value (``planting``) is the event the agent has to catch, so a response
that would answer it is skipped when its pair is in ``planted`` (as in ``meds.review``): the pairs
whose drug-effect excursion peaks unsafe, planted or crossed by chance (``planting.unanswered``), so
the orders after an unsafe value do not tell a planted one from a spontaneous one (issue #39).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from physassist_env.clinical import renal
from physassist_env.clinical.allergy import allowed
from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import Chart, ts
from physassist_env.synth.knowledge.labs import (
    OXACILLIN_CLASS_RESISTANCE,
    TARGETED_AGENTS,
)
from physassist_env.synth.meds import _DETAIL_GAPS, _stop_order, once, order, pcc_dose
from physassist_env.synth.micro import Isolate

HB_ITEM = 51222
INR_ITEM = 51237
CREATININE = 50912
GLUCOSE = 50931
RESULT_MINUTES = (40, 91)
"""Minutes from a draw to the order it prompts (a STAT result is back in ~35-60 min)."""


def reverse_vka(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    weight: float,
    admit: datetime,
    disch: datetime,
) -> None:
    """4F-PCC and IV vitamin K for a major bleed on warfarin, given once the presentation INR
    is back and the PCC dosed from that INR (Kcentra label: 25/35/50 units/kg at INR 2-<4 /
    4-6 / > 6, capped at the 100 kg dose; ``meds.pcc_dose``). Before, the dose came from the
    patient's baseline INR, so a reported admission INR of 1.8 sat beside a 25 units/kg dose.
    A GI haemorrhage admitted with haemoglobin 6.5-8.5 g/dL is a major bleed (ACC 2020 ECDP,
    Tomaselli GF et al., JACC 2020;76:594): 4F-PCC with vitamin K 5-10 mg IV (CHEST 2012)."""
    rng = chart.rng
    inr = series.get(INR_ITEM)
    if inr:
        drawn, value = inr[0]
        given = drawn + timedelta(minutes=int(rng.integers(*RESULT_MINUTES)))
    else:  # no INR drawn: the fixed dose of the ECDP
        value, given = 1.0, admit + timedelta(hours=1)
    given = min(given, disch - timedelta(hours=2))
    for key, dose in (("pcc4", pcc_dose(weight, value)), ("vitamin_k_iv", None)):
        drugs.append(once(chart, hadm, key, given, disch, dose))


AKI_RISE = (0.3, 0.2)
"""A creatinine rise read as acute kidney injury within 48 h: >= 0.3 mg/dL (KDIGO 2012 stage 1)
that is also >= 20 % of the earlier value, i.e. beyond creatinine's reference change value
(~15-20 % from its analytical and within-subject variation; Fraser CG, Biological Variation,
AACC 2001; Ricos C et al., Scand J Clin Lab Invest 1999;59:491): at a creatinine of 1.5-2 mg/dL
a 0.3 step is within day-to-day variation and stopped metformin on noise."""


def _aki_or_low_egfr(
    values: list[tuple[datetime, float]], i: int, age: int, female: bool
) -> bool:
    """Whether creatinine result ``i`` means acute kidney injury (KDIGO 2012: a rise within
    48 h, ``AKI_RISE``, or to >= 1.5 times the lowest value of the past 7 days) or an eGFR
    below 30 (FDA metformin label 2016: contraindicated; CKD-EPI 2021)."""
    when, v = values[i]
    action = renal.egfr_action("metformin", v, age, female)
    if action is not None and action[0] == "stop":
        return True
    before = values[:i]
    week = [x for t, x in before if when - t <= timedelta(days=7)]
    two_days = [x for t, x in before if when - t <= timedelta(days=2)]
    low = min(two_days, default=v)
    return bool(
        (v - low >= AKI_RISE[0] and v >= low * (1 + AKI_RISE[1]))
        or (week and v >= 1.5 * min(week))
    )


def hold_metformin(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    planted: set[str],
    age: int,
    female: bool,
    disch: datetime,
) -> list[dict[str, Any]]:
    """Hold a running metformin order at the first creatinine showing AKI or an eGFR < 30
    (FDA metformin label 2016; ADA Standards of Care 2024, section 16: hold in AKI; NICE
    NG148 2019), 2-6 h after the draw; resume it (a new order to discharge, the next
    morning) at the first later result back within 0.3 mg/dL of the pre-injury value with an
    eGFR >= 45 (the label does not start metformin at 30-45). Before, metformin ran on at
    creatinine 2.1 after a colectomy. Returns the home order withdrawn before its first dose
    (an ``unordered`` entry, as ``meds.drug_plan`` gives, for the note). Skipped when the
    creatinine/metformin pair is planted (its unsafe value is the agent's to catch)."""
    if "creatinine_metformin" in planted:
        return []
    mine = [d for d in drugs if d["key"] == "metformin" and not d.get("held")]
    values = series.get(CREATININE, [])
    if not mine or not values:
        return []
    rng = chart.rng
    withdrawn: list[dict[str, Any]] = []
    i = 0
    while i < len(values):
        when = values[i][0]
        if when >= max(d["stop"] for d in mine):
            return withdrawn
        if not _aki_or_low_egfr(values, i, age, female):
            i += 1
            continue
        stop = when + timedelta(hours=int(rng.integers(2, 7)))
        running = [d for d in mine if d["stop"] > stop]
        if not running:
            return withdrawn
        last = max(running, key=lambda d: d["stop"])
        end, at_discharge, dose = last["stop"], last["discharge"], last["dose"]
        home = last["home"]
        for d in running:
            if d["start"] >= stop and d["home"] and not withdrawn:
                # never started: held at reconciliation, still a home drug for the note
                withdrawn.append(
                    {
                        **{k: d[k] for k in ("key", "name", "dose", "drug")},
                        "home": True,
                        "discharge": False,
                        "held": True,
                        "unordered": True,
                    }
                )
            _stop_order(chart, drugs, d, stop)
        pre = min(x for _t, x in values[: i + 1])
        resumed = None
        for j in range(i + 1, len(values)):
            later, v = values[j]
            if v - pre < 0.3 and renal.egfr_action("metformin", v, age, female) is None:
                start = (later + timedelta(days=1)).replace(hour=8, minute=0)
                if start < min(end, disch - timedelta(hours=1)):
                    resumed = _resume(
                        chart,
                        hadm,
                        drugs,
                        "metformin",
                        start,
                        end,
                        at_discharge,
                        dose,
                        disch,
                        home,
                    )
                break
        if resumed is None:
            return withdrawn
        for w in withdrawn:
            w["changed"] = True  # resumed: one home medication, not a held one
        mine, i = [resumed], j + 1  # a later injury holds it again
    return withdrawn


def _resume(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    key: str,
    start: datetime,
    stop: datetime,
    at_discharge: bool,
    dose: float,
    disch: datetime,
    home: bool = True,
) -> dict[str, Any]:
    """A new order of a home drug that was stopped or changed: one home medication for the
    note (the earlier orders are ``changed``, the new one a ``change_of``)."""
    earlier = [d for d in drugs if d["key"] == key]
    new = order(chart, hadm, key, start, stop, at_discharge, home, disch, dose)
    for d in earlier:
        d["changed"] = True
    if earlier:
        new["change_of"] = earlier[-1]["pharmacy_id"]
    drugs.append(new)
    return new


def _chart_given(chart: Chart, hadm: int, d: dict[str, Any], when: datetime) -> None:
    """One "Administered" eMAR event of an existing PRN order (a hypoglycaemia protocol dose)."""
    rows = chart.rows.setdefault("hosp/emar", [])
    pid = d["pharmacy_id"]
    seq = 1 + sum(1 for r in rows if r[5] == pid)
    emar_id = f"{chart.sid}-{pid % 1000000}-{seq}"
    drug: kb.Drug = d["drug"]
    rows.append(
        [
            chart.sid,
            hadm,
            emar_id,
            seq,
            None,
            pid,
            None,
            ts(when),
            drug.name,
            "Administered",
            ts(when),
            ts(when + timedelta(minutes=3)),
        ]
    )
    mid, tail = _DETAIL_GAPS
    dose = f"{d['dose']:g}"
    chart.rows.setdefault("hosp/emar_detail", []).append(
        [
            chart.sid,
            emar_id,
            seq,
            "1.1",
            None,
            pid,
            None,
            None,
            None,
            dose,
            drug.unit,
            dose,
            drug.unit,
            *mid,
            drug.route,
            *tail,
        ]
    )


HYPO_LEVEL2 = 54.0
INSULIN_CUT = 0.8
"""A hypoglycaemia on basal insulin reduces the dose by 20 % (ADA Standards of Care 2024,
section 16: review and change the regimen after a glucose < 70 mg/dL; reduce by 10-20 %)."""


def treat_hypoglycaemia(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    planted: set[str],
    disch: datetime,
) -> None:
    """Treat each glucose < 70 mg/dL (ADA Standards of Care 2024, sections 6 and 16: level 1
    < 70, level 2 < 54): 15 g oral glucose gel at level 1 (a dose of the hypoglycaemia
    protocol order when the patient has one, else a one-time order), 25 g IV dextrose 50 % at
    level 2; after the first, basal insulin is re-ordered 20 % lower and a sulfonylurea
    stopped. Before, a glucose of 64 went uncommented. Skipped when the glucose/insulin pair
    is planted (its low value is the agent's to catch)."""
    if "glucose_insulin" in planted:
        return
    rng = chart.rng
    # a hypoglycaemia admission's basal insulin was already reviewed (``meds.drug_plan``)
    reviewed = any(d.get("hypoglycaemia_review") for d in drugs)
    for when, v in series.get(GLUCOSE, []):
        if v >= 70:
            continue
        t = when + timedelta(minutes=int(rng.integers(*RESULT_MINUTES)))
        if t >= disch - timedelta(hours=1):
            break
        # a hypoglycaemia admission's own dextrose, just ordered and charted as given
        # within 2 h of the draw (its eMAR time may fall later: then the rescue is ours)
        own = {
            d["pharmacy_id"]
            for d in drugs
            if d["key"] == "dextrose50" and when < d["start"] <= t + timedelta(hours=1)
        }
        late = ts(when + timedelta(hours=2))
        given = bool(own) and any(
            r[5] in own and r[9] == "Administered" and r[7] <= late
            for r in chart.rows.get("hosp/emar", [])
        )
        if not given and v < HYPO_LEVEL2:
            drugs.append(once(chart, hadm, "dextrose50", t, disch, 25.0))
        elif not given:
            gel = [
                d
                for d in drugs
                if d["key"] == "glucose_gel" and d["start"] <= t < d["stop"]
            ]
            if gel:
                _chart_given(chart, hadm, gel[0], t)
            else:
                drugs.append(once(chart, hadm, "glucose_gel", t, disch, 15.0))
                _chart_given(
                    chart, hadm, drugs[-1], t
                )  # a PRN order has no eMAR row yet
        if reviewed:
            continue
        reviewed = True
        review = t + timedelta(hours=int(rng.integers(1, 5)))
        for key in ("glargine", "glipizide"):
            running = [
                d
                for d in drugs
                if d["key"] == key and d["stop"] > review and not d.get("held")
            ]
            if not running:
                continue
            last = max(running, key=lambda d: d["stop"])
            end, at_discharge, home = last["stop"], last["discharge"], last["home"]
            dose = min(d["dose"] for d in running)
            for d in running:
                _stop_order(chart, drugs, d, review)
            if key == "glargine" and review < end:
                lower = float(max(round(dose * INSULIN_CUT), 4))
                _resume(
                    chart,
                    hadm,
                    drugs,
                    key,
                    review,
                    end,
                    at_discharge,
                    lower,
                    disch,
                    home,
                )


SWITCH_HOURS = (2, 25)
"""Hours from the susceptibility result to the switch (IDSA: adjust to susceptibilities as soon
as they are known; within the day here, inside the 24-48 h the team reviews cultures)."""


POTASSIUM = 50971
HYPERKALAEMIA_TREAT = 6.0
"""Potassium (mEq/L) treated as an emergency (UK Kidney Association 2020: moderate >= 6.0,
severe >= 6.5; KDIGO 2020 controversies conference)."""
HYPERKALAEMIA_SHIFT = ("calcium_gluc", "insulin_iv", "dextrose50", "kayexalate")
"""Cardiac membrane protection, the shift (10 units regular insulin IV with 25 g glucose) and a
binder, as the UK Kidney Association 2020 hyperkalaemia guideline orders them."""


def treat_hyperkalaemia(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    planted: set[str],
    disch: datetime,
    own_treatment: bool,
) -> None:
    """Treat a potassium >= 6.0 mEq/L (``HYPERKALAEMIA_SHIFT``, one-time orders 40-90 min after
    the draw; again only for a draw 12 h or more after the last treated one). Before, a
    potassium of 6.5 in a septic patient went untreated. Skipped when the potassium/RAAS pair is
    planted (its high value is the agent's to catch); a hyperkalaemia admission's presenting
    value is treated by the condition's own orders (``own_treatment``)."""
    if "potassium_raas" in planted:
        return
    rng = chart.rng
    last: datetime | None = None
    for i, (when, v) in enumerate(series.get(POTASSIUM, [])):
        if v < HYPERKALAEMIA_TREAT or (own_treatment and i == 0):
            continue
        if last is not None and when - last < timedelta(hours=12):
            continue
        t = when + timedelta(minutes=int(rng.integers(*RESULT_MINUTES)))
        if t >= disch - timedelta(hours=1):
            break
        last = when
        for k, key in enumerate(HYPERKALAEMIA_SHIFT):
            start = t + timedelta(minutes=10 * k)
            drugs.append(
                once(
                    chart,
                    hadm,
                    key,
                    start,
                    disch,
                    25.0 if key == "dextrose50" else None,
                )
            )


def _active(profile: dict[str, str], antibiotic: str | None) -> bool:
    """Whether the isolate tested susceptible to ``antibiotic`` and is not made resistant to
    it by oxacillin resistance; a staphylococcus susceptible to oxacillin is susceptible to
    the beta-lactams not on its panel (cefazolin; CLSI M100 2023)."""
    if antibiotic is None or _resistant(profile, antibiotic):
        return False
    if antibiotic not in profile:
        return (
            profile.get("OXACILLIN") == "S" and antibiotic in OXACILLIN_CLASS_RESISTANCE
        )
    return profile[antibiotic] == "S"


def _resistant(profile: dict[str, str], antibiotic: str | None) -> bool:
    """Whether the isolate tested resistant to ``antibiotic``, or is a staphylococcus
    resistant to oxacillin and ``antibiotic`` a beta-lactam (``OXACILLIN_CLASS_RESISTANCE``)."""
    return antibiotic is not None and (
        profile.get(antibiotic) == "R"
        or (
            profile.get("OXACILLIN") == "R" and antibiotic in OXACILLIN_CLASS_RESISTANCE
        )
    )


def switch_resistant(
    chart: Chart,
    hadm: int,
    drugs: list[dict[str, Any]],
    isolates: list[Isolate],
    allergies: list[str],
    disch: datetime,
) -> None:
    """Answer an isolate resistant to the antibiotic running when its susceptibilities come
    back: stop that antibiotic and, unless another running one is active, start the first
    active agent of ``TARGETED_AGENTS`` for the source (not one the patient is allergic to),
    2-24 h after the result (Surviving Sepsis Campaign 2021: targeted therapy once the
    pathogen and susceptibilities are known; IDSA/SHEA stewardship guideline 2016). Before,
    an E. coli bacteraemia resistant to the running piperacillin-tazobactam went on with it
    to discharge. A result after discharge (or within an hour of it) is not acted on: the
    chart of a session before the result's store time shows neither."""
    rng = chart.rng
    for iso in isolates:
        running = [
            d
            for d in drugs
            if d["drug"].antibiotic and d["start"] <= iso.result < d["stop"]
        ]
        resistant = [
            d for d in running if _resistant(iso.profile, d["drug"].antibiotic)
        ]
        if not resistant:
            continue
        when = iso.result + timedelta(hours=int(rng.integers(*SWITCH_HOURS)))
        # an empiric course that ends before the switch needs none
        resistant = [d for d in resistant if d["stop"] > when]
        if not resistant or when >= disch - timedelta(hours=1):
            continue
        last = max(resistant, key=lambda d: d["stop"])
        end, at_discharge = last["stop"], last["discharge"]
        covered = any(
            _active(iso.profile, d["drug"].antibiotic) and d["stop"] > when
            for d in running
        )
        for d in resistant:
            _stop_order(chart, drugs, d, when)
        if covered:
            continue
        for key in TARGETED_AGENTS.get(iso.spec_key, ()):
            drug = kb.DRUGS[key]
            # no agent a recorded allergy rules out (``clinical.allergy``, the chart's and the
            # gold's one check: cephalosporins stay allowed in a penicillin allergy)
            if _active(iso.profile, drug.antibiotic) and allowed(drug.name, allergies):
                stop = max(end, when + timedelta(hours=12))
                drugs.append(
                    order(
                        chart,
                        hadm,
                        key,
                        when,
                        min(stop, disch),
                        at_discharge,
                        False,
                        disch,
                    )
                )
                break


TRANSFUSION_THRESHOLD = (7.0, 8.0)
"""Haemoglobin (g/dL) below which one unit of red cells is given: 7 for hospitalised adults,
8 with pre-existing cardiovascular disease (AABB International guidelines 2023, Carson JL et
al., JAMA 2023;330:1892: restrictive strategy, single units, reassess after each)."""
CARDIOVASCULAR = frozenset({"cad", "chf", "hf_exac", "nstemi", "stemi", "elective_pci"})
"""Conditions that raise the threshold to 8 g/dL (AABB 2023; MINT trial 2023)."""


def transfuse(
    chart: Chart,
    series: dict[int, list[tuple[datetime, float]]],
    conditions: set[str],
    disch: datetime,
) -> tuple[datetime, ...]:
    """Order times of red-cell units: one unit 40-90 min after each haemoglobin below the
    threshold (``TRANSFUSION_THRESHOLD``), not within 12 h of the previous unit (the next
    haemoglobin decides). Before, a haemoglobin of 6.4 stood in the chart with no
    transfusion order. The orders are written by ``poe.poe_orders`` (and a unit given in the
    ICU by ``icu.transfusion_event``)."""
    rng = chart.rng
    threshold = TRANSFUSION_THRESHOLD[bool(conditions & CARDIOVASCULAR)]
    out: list[datetime] = []
    for when, value in series.get(HB_ITEM, []):
        if value >= threshold or (out and when - out[-1] < timedelta(hours=12)):
            continue
        t = when + timedelta(minutes=int(rng.integers(*RESULT_MINUTES)))
        if t >= disch - timedelta(hours=1):
            break
        out.append(t)
    return tuple(out)
