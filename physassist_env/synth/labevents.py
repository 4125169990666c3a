"""``hosp/labevents`` of an admission: draw schedule, panels, noisy series, drug-effect excursions."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

import numpy as np

from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import Chart, ts
from physassist_env.synth.physiology import draw_schedule, noisy_series
from physassist_env.synth.planting import Watched, excursion
from physassist_env.synth.writer import COLUMNS

LAB_COLUMNS = (
    "labevent_id",
    "subject_id",
    "hadm_id",
    "specimen_id",
    "itemid",
    "order_provider_id",
    "charttime",
    "storetime",
    "value",
    "valuenum",
    "valueuom",
    "ref_range_lower",
    "ref_range_upper",
    "flag",
    "priority",
    "comments",
)
"""``hosp/labevents`` rows are lists in this order (the writer's fast path: one of the largest
tables; an empty field is ``""``, not None); checked against ``writer.COLUMNS`` at import.
``poe`` reads them by these positions."""
if COLUMNS["hosp/labevents"] != LAB_COLUMNS:
    raise RuntimeError("labevents row layout no longer matches writer.COLUMNS")
LAB_HADM, LAB_CHARTTIME, LAB_PRIORITY = (
    LAB_COLUMNS.index(c) for c in ("hadm_id", "charttime", "priority")
)


def _num(v: float | None) -> float | int | None:
    """A number as the CSV writer prints it (an integral float as an int)."""
    return int(v) if v.__class__ is float and v.is_integer() else v


ANAEMIA_WORKUP = (10.0, 0.2)
"""(haemoglobin g/dL, share): an admission whose haemoglobin is below this at presentation and
has no iron studies planned gets ferritin, iron and TIBC added to the admission draw in this
share of cases (anaemia work-up: ferritin first, AGA 2020 guideline on iron deficiency
anaemia, Ko CW et al., Gastroenterology 2020;159:1085; MIMIC-IV demo: 18 of 124 admissions
with an Hb < 8 had iron studies)."""
HB = 51222


def _traj(shape: str, tau: float, t: float) -> float:
    """Fraction of the condition's deviation from baseline present at day ``t``."""
    if shape == "persist":
        return 1.0
    if (
        shape == "onset"
    ):  # a drug effect that appears after ``tau`` days, full a day later
        return min(1.0, max(0.0, t - tau))
    if shape == "peak":
        if t <= tau:
            return 0.6 + 0.4 * t / tau
        return math.exp(-(t - tau) / (1.5 * tau))
    return math.exp(-t / tau)


def labs(
    chart: Chart,
    hadm: int,
    admit: datetime,
    disch: datetime,
    conds: list[kb.Condition],
    chronic: list[kb.Condition],
    base: dict[int, float],
    effects: dict[int, tuple[float, kb.LabEffect]],
    watched: Watched,
    tier: str,
    vanco: bool,
    warfarin: bool,
) -> dict[int, list[tuple[datetime, float]]]:
    """Draw schedule, panels and noisy series of one admission; writes labevents rows.

    ``watched``: the monitored labs' drug-effect excursions (``planting.watch``: planted
    unsafe values and their controls). Returns ``{itemid: [(charttime, reported value), ...]}``.
    """
    rng = chart.rng
    panels = ["chem7", "cbc"]
    extra = [p for c in (*conds, *chronic) for p in c.panels]
    if tier != "sparse":
        panels += ["lytes", *extra]
    else:
        panels += extra[:2]
    if tier == "rich":
        panels += ["diff", "coag", "lft"]
    if vanco:
        panels.append("vanco")
    if warfarin and "coag" not in panels:
        panels.append("coag")
    presenting_hb = effects[HB][0] if HB in effects else base[HB]
    if (
        presenting_hb < ANAEMIA_WORKUP[0]
        and "iron" not in panels
        and rng.random() < ANAEMIA_WORKUP[1]
    ):
        panels.append("iron")
    panels = list(dict.fromkeys(panels))
    acute_panels = [p for p in panels if p in ("lactate", "cardiac", "abg", "lipase")]
    # an infection under treatment has its response checked: a CBC the first morning
    # (IDSA: reassess at 48-72 h; WBC trend as a marker of response)
    infected = any(c.antibiotics for c in conds)
    schedule = draw_schedule(
        rng, admit, disch, tier, chart.lab_scale, first_morning=infected
    )
    routine_seen = False
    draws: list[tuple[datetime, str, list[str]]] = []
    for di, (when, priority) in enumerate(schedule):
        if di == 0:
            chosen = list(panels)
        elif priority == "STAT":
            chosen = [p for p in ("chem7", "cbc") if rng.random() < 0.6]
            chosen += [p for p in acute_panels if rng.random() < 0.5]
        else:
            chosen = ["chem7"]
            if rng.random() < 0.9 or (infected and not routine_seen):
                chosen.append("cbc")
            routine_seen = True
            for p in panels:
                if p in ("chem7", "cbc", "a1c", "tsh", "iron", "fibrinogen"):
                    continue
                if p == "vanco" and when.hour > 8:
                    continue
                if rng.random() < 0.6:
                    chosen.append(p)
        if "vanco" in chosen and (when - admit).total_seconds() < 0.4 * 86400:
            chosen.remove("vanco")
        if chosen:
            draws.append((when, priority, chosen))
    protocol = [DRAW_PROTOCOLS[c.key] for c in conds if c.key in DRAW_PROTOCOLS]
    if protocol:
        hours, every, wanted = protocol[0]
        extra = [p for p in wanted if p in panels]
        for h in range(every, hours + 1, every):
            when = admit + timedelta(hours=h, minutes=int(rng.integers(0, 30)))
            if when < disch - timedelta(hours=2):
                draws.append((when, "STAT", extra))
        draws.sort(key=lambda d: d[0])
    at: dict[int, list[int]] = {}
    for k, (_when, _priority, chosen) in enumerate(draws):
        for panel in chosen:
            for itemid in kb.PANELS[panel]:
                at.setdefault(itemid, []).append(k)
    values: dict[int, list[float]] = {}
    draw_days = [(when - admit).total_seconds() / 86400 for when, _p, _c in draws]
    draw_hours = [when.hour for when, _p, _c in draws]
    for itemid, ks in at.items():
        days = [draw_days[k] for k in ks]
        hours = [draw_hours[k] for k in ks]
        b = base[itemid]
        if itemid in effects:
            adm, eff = effects[itemid]
            traj = [b + (adm - b) * _traj(eff.shape, eff.tau, t) for t in days]
        else:
            traj = [b] * len(days)
        scale = 2.4 if itemid == 51237 and warfarin else 1.0
        values[itemid] = noisy_series(rng, itemid, days, hours, traj, scale)
    for itemid, (pair, peak, planted) in watched.items():
        if values.get(itemid):
            days = [draw_days[k] for k in at[itemid]]
            values[itemid] = excursion(rng, days, values[itemid], pair, peak, planted)
    # derived after planting: a planted INR moves its PT, as one specimen would
    for derived, source, factor, sd in (
        (51221, 51222, 3.0, 0.7),
        (51274, 51237, 11.0, 0.3),
    ):
        if derived in values and source in values:
            by_k = dict(zip(at[source], values[source], strict=True))
            values[derived] = [
                by_k[k] * factor + float(rng.normal(0, sd)) if k in by_k else v
                for k, v in zip(at[derived], values[derived], strict=True)
            ]
    if PH in values and PCO2 in values and HCO3 in values:
        acid_base(rng, values, at, draw_days, compensated=PCO2 not in effects)
    out: dict[int, list[tuple[datetime, float]]] = {}
    ids, sid = chart.ids, chart.sid
    append = chart.rows.setdefault("hosp/labevents", []).append
    # per item: its values in draw order and its row constants (``_item_const``)
    items = {itemid: (iter(vals), _const(itemid)) for itemid, vals in values.items()}
    labevent = ids.labevent  # ``Ids.next("labevent")`` inlined (written back below)
    for when, priority, chosen in draws:
        stored = ts(when + _MINUTES[int(rng.integers(35, 150))])
        charted = ts(when)
        for panel in chosen:
            spec = ids.next("specimen")
            for itemid in kb.PANELS[panel]:
                # one row (the per-row work inlined: ~230 rows per patient)
                vals, (decimals, cells_of, tail) = items[itemid]
                # ``round_to`` inlined (``value`` may be an int clipped to a bound)
                value = next(vals)
                value = (
                    float(round(value, decimals)) if decimals else float(round(value))
                )
                cells = cells_of.get(value) if value else None
                if cells is None:
                    cells = _value_cells(itemid, value)
                text, valuenum, flag = cells
                append(
                    [
                        labevent,
                        sid,
                        hadm,
                        spec,
                        itemid,
                        "",
                        charted,
                        stored,
                        text,
                        valuenum,
                        *tail,
                        flag,
                        priority,
                        "",
                    ]
                )
                labevent += 1
                series = out.get(itemid)
                if series is None:
                    out[itemid] = [(when, value)]
                else:
                    series.append((when, value))
    ids.labevent = labevent
    return out


DRAW_PROTOCOLS: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "dka": (24, 4, ("chem7", "abg")),
    "hhs": (24, 4, ("chem7", "abg")),
    "hyponatremia": (24, 6, ("chem7",)),
}
"""Condition -> (first hours, every N hours, panels): STAT draws a protocol orders on top of the
routine ones. DKA and HHS: electrolytes, BUN, creatinine and venous pH every 2-4 h until
resolved (ADA consensus, Kitabchi AE et al., Diabetes Care 2009;32:1335); severe hyponatraemia:
sodium at 6 and 12 h and then while correcting (European guideline, Spasovski G et al., Eur J
Endocrinol 2014;170:G1). Before: a sodium of 117 was next measured 3.5 days later, an HHS in
the ICU had three draws in five days."""
PH, PCO2, BASE_EXCESS, HCO3 = 50820, 50818, 50802, 50882
"""Blood-gas pH, pCO2 and base excess, and the chemistry bicarbonate they follow."""


def acid_base(
    rng: np.random.Generator,
    values: dict[int, list[float]],
    at: dict[int, list[int]],
    draw_days: list[float],
    *,
    compensated: bool,
) -> None:
    """Make each blood gas agree with the bicarbonate of its moment, in place.

    pH is not a lab with a noise of its own: it follows bicarbonate and pCO2 by the
    Henderson-Hasselbalch equation (pH = 6.1 + log10(HCO3 / (0.0307 x pCO2))), and base
    excess by the Van Slyke equation (0.93 x (HCO3 - 24.4 + 14.8 x (pH - 7.4))). Without a
    respiratory condition of its own (``compensated``), pCO2 is the expected respiratory
    compensation: Winters' formula 1.5 x HCO3 + 8 +/- 2 below 22 mEq/L (Albert MS, Dell RB,
    Winters RW, Ann Intern Med 1967;66:312), 0.7 x HCO3 + 21 above 28 (Javaheri S, Am Rev
    Respir Dis 1982). The bicarbonate is the chemistry value of the same draw, or of the
    nearest one. Before: pH was drawn with a 7.5 % coefficient of variation (0.55 pH units)
    and clipped, so 31 % of gases read 7.70 and 29 % below 7.0, whatever the bicarbonate."""
    chem = list(zip(at[HCO3], values[HCO3], strict=True))
    pco2 = dict(zip(at[PCO2], values[PCO2], strict=True))
    ph_at = at[PH]
    new_ph, new_pco2, gas_hco3 = [], [], []
    for k in ph_at:
        hco3 = min(chem, key=lambda kv: abs(draw_days[kv[0]] - draw_days[k]))[1]
        p = pco2.get(k, 40.0)
        if compensated and hco3 < 22:
            p = 1.5 * hco3 + 8 + float(rng.normal(0, 1.0))
        elif compensated and hco3 > 28:
            p = 0.7 * hco3 + 21 + float(rng.normal(0, 1.0))
        p = min(max(p, 10.0), 130.0)
        ph = 6.1 + math.log10(hco3 / (0.0307 * p)) + float(rng.normal(0, 0.01))
        new_pco2.append(p)
        new_ph.append(min(max(ph, 6.8), 7.7))
        gas_hco3.append(hco3)
    # each gas: (pH, pCO2, the bicarbonate it was computed from)
    by_k = dict(zip(ph_at, zip(new_ph, new_pco2, gas_hco3, strict=True), strict=True))
    values[PH] = new_ph
    values[PCO2] = [
        by_k[k][1] if k in by_k else v
        for k, v in zip(at[PCO2], values[PCO2], strict=True)
    ]
    if BASE_EXCESS in values:
        out = []
        for k, v in zip(at[BASE_EXCESS], values[BASE_EXCESS], strict=True):
            if k not in by_k:
                out.append(v)
                continue
            ph, _pco2, hco3 = by_k[k]
            out.append(
                0.93 * (hco3 - 24.4 + 14.8 * (ph - 7.4)) + float(rng.normal(0, 0.5))
            )
        values[BASE_EXCESS] = out


_MINUTES = tuple(timedelta(minutes=m) for m in range(150))
"""``timedelta(minutes=m)`` for the storage delays of a draw (35-149 minutes)."""


_ITEM_CONST: dict[int, tuple] = {}
"""Per lab item: (item, decimals, value format, ref_low, ref_high, (unit, lower, upper) as
written as text, "" for None, {value: its cells}); built on first use so a row costs no
repeated attribute and number formatting."""
_CELLS_MAX = 4096
"""Reported values memoised per item (its cells: a dict lookup is cheaper than a float
format; a rounded value has a few thousand possible values at most, the bound is a guard)."""


def _const(itemid: int) -> tuple:
    """``(decimals, {value: cells}, (unit, lower, upper))`` of ``itemid``'s rows, rebuilt
    when ``kb.LABS`` holds another item for it."""
    const = _ITEM_CONST.get(itemid)
    if const is None or const[0] is not kb.LABS[itemid]:
        const = _ITEM_CONST[itemid] = _item_const(kb.LABS[itemid])
    return const[1], const[6], const[5]


def _item_const(item: kb.LabItem) -> tuple:
    """The constant part of ``item``'s rows (see ``_ITEM_CONST``)."""
    return (
        item,
        item.decimals,
        f".{item.decimals}f",
        item.ref_low,
        item.ref_high,
        tuple(
            "" if v is None else str(v)
            for v in (item.unit, _num(item.ref_low), _num(item.ref_high))
        ),
        {},
    )


def _value_cells(itemid: int, value: float) -> tuple[str, str, str]:
    """``(value, valuenum, flag)`` as written for a reported (rounded) ``value`` of
    ``itemid``, memoised in its ``_ITEM_CONST`` entry (a nonzero value: ``-0.0`` equals
    ``0.0`` as a key but prints otherwise). ``valuenum`` is what csv writes for the int or
    float, from the formatted text without a float ``repr`` (see :func:`valuenum_text`)."""
    _item, _decimals, fmt, ref_low, ref_high, _tail, cells_of = _ITEM_CONST[itemid]
    text = format(value, fmt)
    abnormal = (ref_low is not None and value < ref_low) or (
        ref_high is not None and value > ref_high
    )
    cells = (
        text,
        str(int(value)) if value.is_integer() else text.rstrip("0"),
        "abnormal" if abnormal else "",
    )
    if value:
        if len(cells_of) >= _CELLS_MAX:
            cells_of.clear()
        cells_of[value] = cells
    return cells


def lab_summary(
    series: dict[int, list[tuple[datetime, float]]],
) -> dict[int, list[float]]:
    """Reported values by item id, in charting order (from :func:`labs`' return value)."""
    return {itemid: [v for _t, v in points] for itemid, points in series.items()}


def valuenum_text(value: float, decimals: int) -> str:
    """``valuenum`` of a value rounded to ``decimals`` places, as the CSV writer writes it
    (``str(int(value))`` if integral, else ``repr(value)``), from ``format(value, ".Nf")``:
    the digits of a value rounded to N places, trailing zeros dropped, are its shortest
    round-trip text (two such decimals differ by >= 10**-N, far above a double's spacing
    below 1e12), i.e. its ``repr``. The labevents loop inlines this."""
    if value.is_integer():
        return str(int(value))
    return format(value, f".{decimals}f").rstrip("0")
