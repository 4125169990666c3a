"""``icu/icustays`` and ``icu/chartevents`` of an ICU stay (vitals easing from admission values, GCS)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import Chart, pick, ts
from physassist_env.synth.knowledge.labs import GCS_TEXT


def icu_stay(
    chart: Chart,
    hadm: int,
    admit: datetime,
    disch: datetime,
    vitals: dict[str, float],
    confused: bool,
    weight: float,
    tier: str,
) -> int:
    """Write the ICU stay and its vitals/GCS ``chartevents``; returns the ``stay_id``."""
    rng = chart.rng
    stay = chart.ids.next("stay")
    intime = admit + timedelta(hours=int(rng.integers(2, 6)))
    outtime = min(
        disch - timedelta(hours=12),
        intime + timedelta(days=float(rng.uniform(1.0, 3.5))),
    )
    outtime = max(outtime, intime + timedelta(hours=12))
    unit = "Medical Intensive Care Unit (MICU)"
    los = (outtime - intime).total_seconds() / 86400
    chart.add(
        "icu/icustays",
        {
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "stay_id": stay,
            "first_careunit": unit,
            "last_careunit": unit,
            "intime": ts(intime),
            "outtime": ts(outtime),
            "los": round(los, 4),
        },
    )
    step = {"sparse": 4, "moderate": 2, "rich": 1}[tier]
    hours = int(los * 24)
    gcs0 = (3, 4, 5) if confused else (4, 5, 6)
    # rows as lists in ``COLUMNS["icu/chartevents"]`` order (the writer's fast path; "" for
    # an empty field)
    rows = chart.rows.setdefault("icu/chartevents", [])
    slots = range(0, hours, step)
    # the noise and caregivers of every value of the stay in two draws (at most 9 items)
    noise = rng.standard_normal((len(slots), 9)).tolist()
    carers = rng.integers(1000, 1500, (len(slots), 9)).tolist()
    fio2 = float(pick(rng, (40, 50, 60)))
    sid = chart.sid
    consts: dict[int, tuple[float, float, float, int, str, float, dict]] = {}
    for n, h in enumerate(slots):
        f = math.exp(-h / 36)
        when = intime + timedelta(hours=h)
        charted, stored = ts(when), ts(when + timedelta(minutes=10))
        vals = {
            220045: 80 + (vitals["hr"] - 80) * f,
            220179: 125 + (vitals["sbp"] - 125) * f,
            220180: 72 + (vitals["dbp"] - 72) * f,
            220210: 16 + (vitals["rr"] - 16) * f,
            220277: 97 + (vitals["spo2"] - 97) * f,
        }
        vals[220181] = (vals[220179] + 2 * vals[220180]) / 3
        if h % 4 == 0:
            vals[223761] = 98.4 + (vitals["temp"] - 98.4) * f
        if h == 0:
            vals[226512] = weight
            if vitals["spo2"] < 94:
                vals[223835] = fio2
        slot_noise, slot_carers = noise[n], carers[n]
        for j, (itemid, v) in enumerate(vals.items()):
            c = consts.get(itemid)
            if c is None:
                c = consts[itemid] = _item_const(itemid)
            lo, hi, sd, decimals, unit, plain, texts = c
            v = float(min(max(v + sd * slot_noise[j], lo), hi))
            # ``round_to`` inlined (one call per row)
            v = float(round(v, decimals)) if decimals else float(round(v))
            cells = texts.get(v) if v else None
            if cells is None:
                cells = _value_cells(texts, v, plain)
            rows.append(
                [
                    sid,
                    hadm,
                    stay,
                    slot_carers[j],
                    charted,
                    stored,
                    itemid,
                    cells[0],
                    cells[1],
                    unit,
                    0,
                ]
            )
        if h % 4 == 0:
            improving = h >= 24
            scores = (4, 5 if improving else gcs0[1], 6 if improving else gcs0[2])
            if not confused:
                scores = (4, 5, 6)
            for itemid, s in zip((220739, 223900, 223901), scores, strict=True):
                rows.append(
                    [
                        sid,
                        hadm,
                        stay,
                        1000,
                        charted,
                        stored,
                        itemid,
                        GCS_TEXT[itemid][s],
                        s,
                        "",
                        0,
                    ]
                )
    return stay


def _item_const(itemid: int) -> tuple[float, float, float, int, str, float, dict]:
    """``(low bound, high bound, noise SD, decimals, unit, plain, texts)`` of a charted
    item (``plain``: values below it have at most 6 significant digits once rounded;
    ``texts``: the memo of :func:`_value_cells` for its ``plain``, kept across stays)."""
    item = kb.CHART_ITEMS[itemid]
    lo, hi = item.bounds
    sd = 1.5 if item.decimals == 0 else 0.2
    plain = 10.0 ** (6 - item.decimals)
    texts = _TEXTS.setdefault(plain, {})
    return lo, hi, sd, item.decimals, item.unit or "", plain, texts


_TEXTS: dict[float, dict[float, tuple[str, str]]] = {}
"""By ``plain`` (the cells depend on it and the value only): ``{rounded value: (value,
valuenum)}`` (a dict lookup is cheaper than a float format; a few hundred values per
item, bounded by ``_TEXTS_MAX``)."""
_TEXTS_MAX = 4096


def _value_cells(texts: dict, v: float, plain: float) -> tuple[str, str]:
    """``(value, valuenum)`` as written for the rounded value ``v``, memoised in
    ``texts`` (a nonzero value: ``-0.0`` equals ``0.0`` as a key but prints otherwise).
    ``valuenum`` is what csv writes for the int or float: a positive value of <= 6
    significant digits (below ``plain``) prints the same in ``:g`` (no float ``repr``)."""
    text = f"{v:g}"
    cells = (text, text if 0 < v < plain else str(int(v) if v.is_integer() else v))
    if v:
        if len(texts) >= _TEXTS_MAX:
            texts.clear()
        texts[v] = cells
    return cells
