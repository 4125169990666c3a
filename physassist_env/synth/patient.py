"""One synthetic patient: admissions, labs, vitals, drugs, cultures, notes (rows per table)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from physassist_env.synth import knowledge as kb
from physassist_env.synth.knowledge.labs import (
    AB_ITEMS,
    GCS_TEXT,
    ORGANISMS,
    SPECIMENS,
    SUSCEPTIBILITY_PANEL,
)
from physassist_env.synth.notes import discharge_note, radiology_note

Rows = dict[str, list[dict[str, Any]]]
TIERS = ("sparse", "moderate", "rich")
YEAR_GROUPS = (
    (2008, "2008 - 2010"),
    (2011, "2011 - 2013"),
    (2014, "2014 - 2016"),
    (2017, "2017 - 2019"),
)

SECONDARY_ACUTE = ("aki", "hypokalemia", "hyponatremia", "uti", "anemia")
FREQ_HOURS = {
    "DAILY": (9,),
    "DAILY16": (16,),
    "QHS": (21,),
    "Q24H": (10,),
    "BID": (9, 21),
    "Q12H": (8, 20),
    "TID": (8, 14, 20),
    "Q8H": (6, 14, 22),
    "Q6H": (0, 6, 12, 18),
    "QACHS": (7, 12, 17, 21),
    "Q4H": (2, 6, 10, 14, 18, 22),
}


@dataclass
class Ids:
    """Running identifiers (deterministic: advanced in patient order)."""

    hadm: int = 80000001
    stay: int = 70000001
    labevent: int = 1
    specimen: int = 60000001
    pharmacy: int = 50000001
    micro_event: int = 1
    micro_specimen: int = 40000001
    transfer: int = 30000001
    note: int = 1

    def next(self, name: str) -> int:
        """Return the next id of ``name`` and advance it."""
        value = getattr(self, name)
        setattr(self, name, value + 1)
        return int(value)


@dataclass
class Truth:
    """Ground truth of one patient (written to ``truth/patients.jsonl.gz``, never a MIMIC table)."""

    subject_id: int
    tier: str
    literacy: str
    admissions: list[dict[str, Any]] = field(default_factory=list)
    home_meds: dict[str, dict[str, str]] = field(default_factory=dict)
    chronic: list[str] = field(default_factory=list)
    social: dict[str, str] = field(default_factory=dict)
    allergies: list[str] = field(default_factory=list)


def ts(t: datetime) -> str:
    """MIMIC timestamp text."""
    return t.strftime("%Y-%m-%d %H:%M:%S")


def _round(value: float, decimals: int) -> float:
    return float(round(value, decimals)) if decimals else float(round(value))


def _traj(shape: str, tau: float, t: float) -> float:
    """Fraction of the condition's deviation from baseline present at day ``t``."""
    if shape == "persist":
        return 1.0
    if shape == "peak":
        if t <= tau:
            return 0.6 + 0.4 * t / tau
        return math.exp(-(t - tau) / (1.5 * tau))
    return math.exp(-t / tau)


def _pick(rng: np.random.Generator, seq: Any) -> Any:
    return seq[int(rng.integers(len(seq)))]


class PatientGenerator:
    """Generates one patient's rows; all randomness from the given generator.

    Args:
        rng: The patient's seeded generator.
        subject_id: The synthetic subject id (90000001+).
        ids: Shared running ids.
        lab_scale: Multiplier on lab draw frequency (benchmarks tune density).
    """

    def __init__(
        self,
        rng: np.random.Generator,
        subject_id: int,
        ids: Ids,
        lab_scale: float = 1.0,
    ) -> None:
        self.rng = rng
        self.sid = subject_id
        self.ids = ids
        self.lab_scale = lab_scale
        self.rows: Rows = {}

    def _add(self, table: str, row: dict[str, Any]) -> None:
        self.rows.setdefault(table, []).append(row)

    # ------------------------------------------------------------------ patient
    def generate(self) -> tuple[Rows, Truth]:
        """Build all rows of the patient; returns ``(rows by table, ground truth)``."""
        rng = self.rng
        tier = TIERS[int(rng.choice(3, p=(0.3, 0.4, 0.3)))]
        age = int(np.clip(rng.normal(66, 16), 18, 95))
        sex = "F" if rng.random() < 0.5 else "M"
        anchor_year = int(rng.integers(2110, 2190))
        group_start, group = YEAR_GROUPS[int(rng.integers(len(YEAR_GROUPS)))]
        truth = Truth(self.sid, tier, _pick(rng, kb.LITERACY))
        n_adm = {
            "sparse": 1,
            "moderate": int(rng.integers(1, 3)),
            "rich": int(rng.integers(2, 4)),
        }[tier]
        acute_keys = [c.key for c in kb.ACUTE]
        primaries = [_pick(rng, acute_keys) for _ in range(n_adm)]
        chronic: list[str] = []
        n_chronic = {"sparse": (0, 2), "moderate": (1, 3), "rich": (2, 5)}[tier]
        pool = [k for p in primaries for k in kb.CONDITIONS[p].comorbid]
        for _ in range(int(rng.integers(n_chronic[0], n_chronic[1] + 1))):
            if pool:
                k = _pick(rng, pool)
                if k not in chronic and not (k == "bph" and sex == "F"):
                    chronic.append(k)
        if age > 55 and "htn" not in chronic and rng.random() < 0.4:
            chronic.append("htn")
        truth.chronic = chronic
        truth.social = {
            "smoking": "current smoker, 1 pack per day"
            if "tobacco" in chronic
            else _pick(rng, kb.SMOKING[:2]),
            "alcohol": "drinks 4-6 beers daily"
            if "aud" in chronic
            else _pick(rng, kb.ALCOHOL[:3]),
            "living": _pick(rng, kb.LIVING),
            "occupation": _pick(rng, kb.OCCUPATION),
            "family": _pick(rng, kb.FAMILY),
        }
        truth.allergies = [_pick(rng, kb.ALLERGIES)] if rng.random() < 0.3 else []
        home: list[str] = []
        for k in chronic:
            for i, d in enumerate(kb.CONDITIONS[k].home):
                if d not in home and (i == 0 or rng.random() < 0.7):
                    home.append(d)
        cats = list(kb.ADHERENCE_P)
        for d in home:
            cat = cats[int(rng.choice(len(cats), p=list(kb.ADHERENCE_P.values())))]
            truth.home_meds[d] = {
                "adherence": cat,
                "reason": _pick(rng, kb.ADHERENCE[cat]),
            }
        height = float(np.clip(rng.normal(162 if sex == "F" else 176, 7), 145, 200))
        bmi = float(np.clip(rng.normal(34 if "obesity" in chronic else 26, 4), 16, 55))
        weight = bmi * (height / 100) ** 2
        base = {i: float(rng.normal(*it.normal)) for i, it in kb.LABS.items()}
        if sex == "F":
            base[51222] -= 1.3
            base[51221] -= 4
            base[50912] -= 0.15
        for k in chronic:
            for itemid, eff in kb.CONDITIONS[k].labs.items():
                base[itemid] = float(rng.uniform(eff.low, eff.high))
        self._patient_row(sex, age, anchor_year, group)
        start = datetime(anchor_year, 1, 1) + timedelta(
            days=int(rng.integers(0, 200)), hours=int(rng.integers(0, 24))
        )
        for n, primary in enumerate(primaries):
            real_year = (
                group_start + (start.year - anchor_year) + int(rng.integers(0, 3))
            )
            icd_version = 9 if real_year < 2015 else 10
            self._omr(start, weight, height, bmi, chronic)
            info = self._admission(
                start,
                kb.CONDITIONS[primary],
                chronic,
                home,
                truth,
                age,
                sex,
                weight,
                base,
                icd_version,
                tier,
                n,
            )
            truth.admissions.append(info)
            start = start + timedelta(days=int(rng.integers(40, 500)))
        return self.rows, truth

    def _patient_row(self, sex: str, age: int, anchor_year: int, group: str) -> None:
        self._add(
            "hosp/patients",
            {
                "subject_id": self.sid,
                "gender": sex,
                "anchor_age": age,
                "anchor_year": anchor_year,
                "anchor_year_group": group,
                "dod": None,
            },
        )

    def _omr(
        self,
        before: datetime,
        weight: float,
        height: float,
        bmi: float,
        chronic: list[str],
    ) -> None:
        rng = self.rng
        day = (before - timedelta(days=int(rng.integers(10, 120)))).strftime("%Y-%m-%d")
        sbp = int(rng.normal(145 if "htn" in chronic else 124, 10))
        for seq, (name, value) in enumerate(
            (
                ("Blood Pressure", f"{sbp}/{int(sbp * 0.6)}"),
                ("Weight (Lbs)", f"{weight * 2.20462:.1f}"),
                ("Height (Inches)", f"{height / 2.54:.1f}"),
                ("BMI (kg/m2)", f"{bmi:.1f}"),
            ),
            start=1,
        ):
            self._add(
                "hosp/omr",
                {
                    "subject_id": self.sid,
                    "chartdate": day,
                    "seq_num": seq,
                    "result_name": name,
                    "result_value": value,
                },
            )

    # ---------------------------------------------------------------- admission
    def _admission(
        self,
        admit: datetime,
        cond: kb.Condition,
        chronic: list[str],
        home: list[str],
        truth: Truth,
        age: int,
        sex: str,
        weight: float,
        base: dict[int, float],
        icd_version: int,
        tier: str,
        n: int,
    ) -> dict[str, Any]:
        rng = self.rng
        hadm = self.ids.next("hadm")
        los = int(rng.integers(cond.los[0], cond.los[1] + 1)) + (
            1 if tier == "rich" else 0
        )
        disch = admit + timedelta(days=los, hours=int(rng.integers(2, 8)))
        conds = [cond]
        if tier == "rich" and rng.random() < 0.5:
            extra = kb.CONDITIONS[_pick(rng, SECONDARY_ACUTE)]
            if extra.key != cond.key:
                conds.append(extra)
        chronic_c = [kb.CONDITIONS[k] for k in chronic]
        # admission values of each affected lab
        effects: dict[int, tuple[float, kb.LabEffect]] = {}
        for c in conds:
            for itemid, eff in c.labs.items():
                effects[itemid] = (float(rng.uniform(eff.low, eff.high)), eff)
        # drugs
        drugs = self._drug_plan(cond, conds, home, hadm, admit, disch, truth)
        active = {d["key"] for d in drugs}
        # planted unsafe monitoring values
        pairs: list[dict[str, Any]] = []
        overrides: dict[int, tuple[float, float]] = {}
        for pair in kb.MONITORING_PAIRS:
            present = [d for d in pair.drugs if d in active]
            if not present:
                continue
            unsafe = (
                bool(rng.random() < kb.UNSAFE_RATE) and pair.itemid not in overrides
            )
            day = float(rng.uniform(0.5, max(1.0, los - 1.0)))
            if unsafe:
                overrides[pair.itemid] = (day, float(rng.uniform(*pair.unsafe_values)))
            pairs.append(
                {
                    "pair": pair.key,
                    "drugs": present,
                    "itemid": pair.itemid,
                    "unsafe": unsafe,
                    "day": round(day, 2),
                    "value": overrides[pair.itemid][1] if unsafe else None,
                }
            )
        # avoid accidental unsafe values in safe pairs: clamp those labs to the safe side
        safe_clamp: dict[int, tuple[float | None, float | None]] = {}
        for p in pairs:
            if not p["unsafe"] and p["itemid"] not in overrides:
                pair = next(x for x in kb.MONITORING_PAIRS if x.key == p["pair"])
                lo, hi = safe_clamp.get(p["itemid"], (None, None))
                if pair.unsafe_above is not None:
                    hi = (
                        pair.unsafe_above - 0.3
                        if hi is None
                        else min(hi, pair.unsafe_above - 0.3)
                    )
                if pair.unsafe_below is not None:
                    lo = (
                        pair.unsafe_below + 5
                        if pair.itemid == 50931
                        else pair.unsafe_below + 0.3
                    )
                safe_clamp[p["itemid"]] = (lo, hi)
        icu = rng.random() < cond.icu
        confused = bool(rng.random() < cond.confusion)
        vitals = self._admit_vitals(conds)
        self._labs(
            hadm,
            admit,
            disch,
            los,
            conds,
            chronic_c,
            base,
            effects,
            overrides,
            safe_clamp,
            tier,
            "vancomycin" in active,
        )
        stay = None
        if icu:
            stay = self._icu(hadm, admit, disch, vitals, confused, weight, tier)
        self._micro(hadm, admit, cond, drugs)
        dx = self._diagnoses(hadm, conds, chronic_c, icd_version, admit, disch)
        self._admission_rows(hadm, admit, disch, cond, stay, tier)
        rad = self._radiology(hadm, admit, cond, tier)
        labs_summary = self._lab_summary(hadm)
        self._add(
            "note/discharge",
            {
                "note_id": f"{self.sid}-DS-{n + 1}",
                "subject_id": self.sid,
                "hadm_id": hadm,
                "note_type": "DS",
                "note_seq": n + 1,
                "charttime": ts(disch.replace(hour=0, minute=0, second=0)),
                "storetime": ts(disch + timedelta(hours=int(rng.integers(2, 30)))),
                "text": discharge_note(
                    cond=cond,
                    conds=conds,
                    chronic=chronic_c,
                    dx_titles=dx,
                    drugs=drugs,
                    truth=truth,
                    age=age,
                    sex=sex,
                    vitals=vitals,
                    confused=confused,
                    labs=labs_summary,
                    admit=admit,
                    disch=disch,
                    rad=rad,
                    rng=rng,
                ),
            },
        )
        return {
            "hadm_id": hadm,
            "primary": cond.key,
            "conditions": [c.key for c in conds],
            "icu": stay is not None,
            "confused": confused,
            "admit_vitals": vitals,
            "pairs": pairs,
            "icd_version": icd_version,
            "discharge_meds": [d["name"] for d in drugs if d["discharge"]],
            "scores": list(cond.scores),
        }

    def _admit_vitals(self, conds: list[kb.Condition]) -> dict[str, float]:
        rng = self.rng
        v = {
            "hr": rng.normal(80, 8),
            "sbp": rng.normal(128, 10),
            "dbp": rng.normal(74, 7),
            "rr": rng.normal(16, 1.5),
            "spo2": rng.normal(97, 1),
            "temp": rng.normal(98.3, 0.4),
        }
        for c in reversed(conds):
            for k, (lo, hi) in c.vitals.items():
                v[k] = rng.uniform(lo, hi)
        v["dbp"] = min(v["dbp"], v["sbp"] - 25)
        out = {k: float(round(x, 1 if k == "temp" else 0)) for k, x in v.items()}
        out["spo2"] = min(out["spo2"], 100.0)
        return out

    # --------------------------------------------------------------------- drugs
    def _drug_plan(
        self,
        cond: kb.Condition,
        conds: list[kb.Condition],
        home: list[str],
        hadm: int,
        admit: datetime,
        disch: datetime,
        truth: Truth,
    ) -> list[dict[str, Any]]:
        rng = self.rng
        plan: list[tuple[str, datetime, datetime, bool]] = []
        held = set()
        if any(c.key in ("aki", "hyperkalemia") for c in conds):
            held |= {
                "lisinopril",
                "losartan",
                "spironolactone",
                "metformin",
                "ibuprofen",
            }
        if cond.key == "supratherapeutic_inr":
            held.add("warfarin")
        for d in home:
            never = truth.home_meds.get(d, {}).get("adherence") == "never_filled"
            if d in held or never and rng.random() < 0.3:
                plan.append(
                    (d, admit + timedelta(hours=3), admit + timedelta(hours=20), False)
                )
            else:
                plan.append((d, admit + timedelta(hours=3), disch, True))
        inpatient = [x for c in conds for x in c.drugs]
        if cond.antibiotics:
            inpatient += list(_pick(rng, cond.antibiotics))
        for d in dict.fromkeys(inpatient):
            if d in home:
                continue
            stop = disch - timedelta(hours=int(rng.integers(4, 30)))
            if kb.DRUGS[d].frequency == "ONCE":
                stop = admit + timedelta(hours=3)
            elif (
                kb.DRUGS[d].drug_class in kb.drugs.ANTIBIOTIC_CLASSES
                or d == "vancomycin"
            ):
                stop = min(stop, admit + timedelta(days=int(rng.integers(3, 6))))
            plan.append(
                (
                    d,
                    admit + timedelta(hours=int(rng.integers(1, 4))),
                    max(stop, admit + timedelta(hours=4)),
                    False,
                )
            )
        for c in conds:
            for d in c.home:
                if d not in home and d not in {p[0] for p in plan if p[3]}:
                    if rng.random() < 0.85:
                        plan.append(
                            (
                                d,
                                disch - timedelta(hours=int(rng.integers(10, 24))),
                                disch,
                                True,
                            )
                        )
        out = []
        seen_discharge: set[str] = set()
        for key, start, stop, at_discharge in plan:
            if at_discharge and key in seen_discharge:
                continue
            if at_discharge:
                seen_discharge.add(key)
            drug = kb.DRUGS[key]
            dose = float(_pick(rng, drug.doses))
            pid = self.ids.next("pharmacy")
            row = {
                "key": key,
                "name": drug.name,
                "dose": dose,
                "drug": drug,
                "pharmacy_id": pid,
                "start": start,
                "stop": stop,
                "discharge": at_discharge,
                "home": key in home,
            }
            out.append(row)
            self._add(
                "hosp/prescriptions",
                {
                    "subject_id": self.sid,
                    "hadm_id": hadm,
                    "pharmacy_id": pid,
                    "poe_id": f"{self.sid}-{pid % 100000}",
                    "poe_seq": pid % 100000,
                    "starttime": ts(start),
                    "stoptime": ts(stop),
                    "drug_type": "MAIN",
                    "drug": drug.name,
                    "formulary_drug_cd": key.upper()[:10],
                    "prod_strength": f"{dose:g}{drug.unit}",
                    "form_rx": drug.form,
                    "dose_val_rx": f"{dose:g}",
                    "dose_unit_rx": drug.unit,
                    "form_val_disp": "1",
                    "form_unit_disp": drug.form,
                    "doses_per_24_hrs": drug.doses_per_24,
                    "route": drug.route,
                },
            )
            self._add(
                "hosp/pharmacy",
                {
                    "subject_id": self.sid,
                    "hadm_id": hadm,
                    "pharmacy_id": pid,
                    "starttime": ts(start),
                    "stoptime": ts(stop),
                    "medication": drug.name,
                    "proc_type": "Unit Dose",
                    "status": "Discontinued"
                    if stop < disch
                    else "Discontinued via patient discharge",
                    "entertime": ts(start - timedelta(minutes=20)),
                    "verifiedtime": ts(start - timedelta(minutes=5)),
                    "route": drug.route,
                    "frequency": drug.frequency.replace("DAILY16", "DAILY16"),
                    "disp_sched": ",".join(
                        str(h) for h in FREQ_HOURS.get(drug.frequency, ())
                    ),
                    "doses_per_24_hrs": drug.doses_per_24,
                },
            )
            self._emar(hadm, row)
        return out

    def _emar(self, hadm: int, row: dict[str, Any]) -> None:
        drug: kb.Drug = row["drug"]
        hours = FREQ_HOURS.get(drug.frequency)
        if drug.frequency in ("CONTINUOUS", "ONCE") or hours is None:
            times = [row["start"] + timedelta(minutes=15)]
            events = ["Started" if drug.frequency == "CONTINUOUS" else "Administered"]
        else:
            times, t = [], row["start"].replace(minute=0, second=0)
            day = t.replace(hour=0)
            while day < row["stop"] and len(times) < 60:
                for h in hours:
                    when = day + timedelta(hours=h)
                    if row["start"] <= when < row["stop"]:
                        times.append(when)
                day += timedelta(days=1)
            if drug.frequency.endswith("PRN"):
                times = times[::2]
            events = ["Administered"] * len(times)
        for seq, (when, ev) in enumerate(zip(times, events, strict=True), start=1):
            emar_id = f"{self.sid}-{row['pharmacy_id'] % 1000000}-{seq}"
            self._add(
                "hosp/emar",
                {
                    "subject_id": self.sid,
                    "hadm_id": hadm,
                    "emar_id": emar_id,
                    "emar_seq": seq,
                    "pharmacy_id": row["pharmacy_id"],
                    "charttime": ts(when),
                    "medication": drug.name,
                    "event_txt": ev,
                    "scheduletime": ts(when),
                    "storetime": ts(when + timedelta(minutes=3)),
                },
            )
            self._add(
                "hosp/emar_detail",
                {
                    "subject_id": self.sid,
                    "emar_id": emar_id,
                    "emar_seq": seq,
                    "parent_field_ordinal": "1.1",
                    "pharmacy_id": row["pharmacy_id"],
                    "dose_due": f"{row['dose']:g}",
                    "dose_due_unit": drug.unit,
                    "dose_given": f"{row['dose']:g}",
                    "dose_given_unit": drug.unit,
                    "route": drug.route,
                },
            )

    # ---------------------------------------------------------------------- labs
    def _labs(
        self,
        hadm: int,
        admit: datetime,
        disch: datetime,
        los: int,
        conds: list[kb.Condition],
        chronic: list[kb.Condition],
        base: dict[int, float],
        effects: dict[int, tuple[float, kb.LabEffect]],
        overrides: dict[int, tuple[float, float]],
        clamp: dict[int, tuple[float | None, float | None]],
        tier: str,
        vanco: bool,
    ) -> None:
        rng = self.rng
        panels = ["chem7", "cbc"]
        extra = [p for c in (*conds, *chronic) for p in c.panels]
        if tier != "sparse":
            panels += ["lytes"] + extra
        else:
            panels += extra[:2]
        if tier == "rich":
            panels += ["diff", "coag", "lft"]
        if vanco:
            panels.append("vanco")
        panels = list(dict.fromkeys(panels))
        per_day = {"sparse": 0.5, "moderate": 1.0, "rich": 2.0}[tier] * self.lab_scale
        n_draws = max(1, int(round((los + 1) * per_day)))
        span = max((disch - admit).total_seconds() / 86400 - 0.2, 0.1)
        draw_days = sorted(
            {
                0.05,
                *[float(x) for x in rng.uniform(0.2, span, n_draws - 1)],
                *[min(d, span) for d, _v in overrides.values()],
            }
        )
        for di, day in enumerate(draw_days):
            when = admit + timedelta(days=day)
            for panel in panels:
                # acute panels drawn every draw; one-off panels (a1c, tsh, iron) only first draw
                if panel in ("a1c", "tsh", "iron", "fibrinogen") and di > 0:
                    continue
                planted = any(abs(day - d) < 1e-9 for d, _v in overrides.values())
                if (
                    panel not in ("chem7", "cbc", "vanco")
                    and di > 0
                    and rng.random() < 0.35
                    and not planted
                ):
                    continue
                if panel == "vanco" and day < 0.4:
                    continue
                spec = self.ids.next("specimen")
                for itemid in kb.PANELS[panel]:
                    value = self._lab_value(
                        itemid, day, base, effects, overrides, clamp
                    )
                    self._lab_row(hadm, spec, itemid, when, value)

    def _lab_value(
        self,
        itemid: int,
        day: float,
        base: dict[int, float],
        effects: dict[int, tuple[float, kb.LabEffect]],
        overrides: dict[int, tuple[float, float]],
        clamp: dict[int, tuple[float | None, float | None]],
    ) -> float:
        item = kb.LABS[itemid]
        b = base[itemid]
        if itemid in effects:
            adm, eff = effects[itemid]
            value = b + (adm - b) * _traj(eff.shape, eff.tau, day)
        else:
            value = b
        if itemid in overrides:
            oday, oval = overrides[itemid]
            if abs(day - oday) < 0.6 or (oday > day and abs(day - oday) < 1e-9):
                value = oval
        noise = item.normal[1] * 0.15
        value = float(value + self.rng.normal(0, noise))
        if itemid == 51221:
            value = (
                base[51222] * 3 + (value - base[51221])
                if 51222 not in effects
                else value
            )
        lo, hi = clamp.get(itemid, (None, None))
        if lo is not None and value < lo:
            value = lo + abs(noise)
        if hi is not None and value > hi:
            value = hi - abs(noise)
        return float(np.clip(value, *item.bounds))

    def _lab_row(
        self, hadm: int, spec: int, itemid: int, when: datetime, value: float
    ) -> None:
        item = kb.LABS[itemid]
        value = _round(value, item.decimals)
        abnormal = (item.ref_low is not None and value < item.ref_low) or (
            item.ref_high is not None and value > item.ref_high
        )
        text = f"{value:.{item.decimals}f}"
        self._add(
            "hosp/labevents",
            {
                "labevent_id": self.ids.next("labevent"),
                "subject_id": self.sid,
                "hadm_id": hadm,
                "specimen_id": spec,
                "itemid": itemid,
                "charttime": ts(when),
                "storetime": ts(when + timedelta(minutes=75)),
                "value": text,
                "valuenum": value,
                "valueuom": item.unit,
                "ref_range_lower": item.ref_low,
                "ref_range_upper": item.ref_high,
                "flag": "abnormal" if abnormal else None,
                "priority": "ROUTINE",
            },
        )

    def _lab_summary(self, hadm: int) -> dict[int, list[float]]:
        out: dict[int, list[float]] = {}
        for r in self.rows.get("hosp/labevents", []):
            if r["hadm_id"] == hadm:
                out.setdefault(int(r["itemid"]), []).append(float(r["valuenum"]))
        return out

    # ----------------------------------------------------------------------- ICU
    def _icu(
        self,
        hadm: int,
        admit: datetime,
        disch: datetime,
        vitals: dict[str, float],
        confused: bool,
        weight: float,
        tier: str,
    ) -> int:
        rng = self.rng
        stay = self.ids.next("stay")
        intime = admit + timedelta(hours=int(rng.integers(2, 6)))
        outtime = min(
            disch - timedelta(hours=12),
            intime + timedelta(days=float(rng.uniform(1.0, 3.5))),
        )
        outtime = max(outtime, intime + timedelta(hours=12))
        unit = "Medical Intensive Care Unit (MICU)"
        los = (outtime - intime).total_seconds() / 86400
        self._add(
            "icu/icustays",
            {
                "subject_id": self.sid,
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
        for h in range(0, hours, step):
            f = math.exp(-h / 36)
            when = intime + timedelta(hours=h)
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
                    vals[223835] = float(_pick(rng, (40, 50, 60)))
            for itemid, v in vals.items():
                item = kb.CHART_ITEMS[itemid]
                v = float(
                    np.clip(
                        v + rng.normal(0, 1.5 if item.decimals == 0 else 0.2),
                        *item.bounds,
                    )
                )
                v = _round(v, item.decimals)
                self._add(
                    "icu/chartevents",
                    {
                        "subject_id": self.sid,
                        "hadm_id": hadm,
                        "stay_id": stay,
                        "caregiver_id": 1000 + int(rng.integers(0, 500)),
                        "charttime": ts(when),
                        "storetime": ts(when + timedelta(minutes=10)),
                        "itemid": itemid,
                        "value": f"{v:g}",
                        "valuenum": v,
                        "valueuom": item.unit,
                        "warning": 0,
                    },
                )
            if h % 4 == 0:
                improving = h >= 24
                scores = (4, 5 if improving else gcs0[1], 6 if improving else gcs0[2])
                if not confused:
                    scores = (4, 5, 6)
                for itemid, s in zip((220739, 223900, 223901), scores, strict=True):
                    self._add(
                        "icu/chartevents",
                        {
                            "subject_id": self.sid,
                            "hadm_id": hadm,
                            "stay_id": stay,
                            "caregiver_id": 1000,
                            "charttime": ts(when),
                            "storetime": ts(when + timedelta(minutes=10)),
                            "itemid": itemid,
                            "value": GCS_TEXT[itemid][s],
                            "valuenum": float(s),
                            "valueuom": None,
                            "warning": 0,
                        },
                    )
        return stay

    # --------------------------------------------------------------------- micro
    def _micro(
        self,
        hadm: int,
        admit: datetime,
        cond: kb.Condition,
        drugs: list[dict[str, Any]],
    ) -> None:
        if cond.culture is None:
            return
        rng = self.rng
        spec_key, orgs, p_pos = cond.culture
        spec_itemid, spec_desc, test_itemid, test_name = SPECIMENS[spec_key]
        when = admit + timedelta(hours=1)
        given = {d["drug"].antibiotic for d in drugs if d["drug"].antibiotic}
        n_spec = 2 if spec_key == "blood" else 1
        positive = rng.random() < p_pos
        org = _pick(rng, orgs) if orgs and positive else None
        for _ in range(n_spec):
            mspec = self.ids.next("micro_specimen")
            common = {
                "subject_id": self.sid,
                "hadm_id": hadm,
                "micro_specimen_id": mspec,
                "chartdate": ts(when.replace(hour=0, minute=0, second=0)),
                "charttime": ts(when),
                "spec_itemid": spec_itemid,
                "spec_type_desc": spec_desc,
                "test_seq": 1,
                "storedate": ts(
                    (when + timedelta(days=2)).replace(hour=0, minute=0, second=0)
                ),
                "storetime": ts(when + timedelta(days=2)),
                "test_itemid": test_itemid,
                "test_name": test_name,
            }
            if spec_key == "stool":
                comment = (
                    "Positive for toxigenic C. difficile by PCR."
                    if positive
                    else "Negative for toxigenic C. difficile by PCR."
                )
                self._add(
                    "hosp/microbiologyevents",
                    {
                        **common,
                        "microevent_id": self.ids.next("micro_event"),
                        "comments": comment,
                    },
                )
                continue
            if org is None:
                self._add(
                    "hosp/microbiologyevents",
                    {
                        **common,
                        "microevent_id": self.ids.next("micro_event"),
                        "comments": "NO GROWTH.",
                    },
                )
                continue
            org_itemid, org_name = ORGANISMS[org]
            tested, resistant = SUSCEPTIBILITY_PANEL[org]
            for ab in tested:
                if ab in given:
                    interp = "S"
                else:
                    interp = "R" if ab in resistant and rng.random() < 0.6 else "S"
                mic = {"S": ("<=1", "<=", 1.0), "R": (">=32", ">=", 32.0)}[interp]
                self._add(
                    "hosp/microbiologyevents",
                    {
                        **common,
                        "microevent_id": self.ids.next("micro_event"),
                        "org_itemid": org_itemid,
                        "org_name": org_name,
                        "isolate_num": 1,
                        "ab_itemid": AB_ITEMS[ab],
                        "ab_name": ab,
                        "dilution_text": mic[0],
                        "dilution_comparison": mic[1],
                        "dilution_value": mic[2],
                        "interpretation": interp,
                    },
                )

    # ---------------------------------------------------------------- diagnoses
    def _diagnoses(
        self,
        hadm: int,
        conds: list[kb.Condition],
        chronic: list[kb.Condition],
        version: int,
        admit: datetime,
        disch: datetime,
    ) -> list[str]:
        titles = []
        seen = set()
        for seq, c in enumerate([*conds, *chronic], start=1):
            code, title = c.icd9 if version == 9 else c.icd10
            if code in seen:
                continue
            seen.add(code)
            titles.append(title)
            self._add(
                "hosp/diagnoses_icd",
                {
                    "subject_id": self.sid,
                    "hadm_id": hadm,
                    "seq_num": seq,
                    "icd_code": code,
                    "icd_version": version,
                },
            )
        if version == 10:
            for seq, (code, _title) in enumerate(
                (p for c in conds for p in c.procedures), start=1
            ):
                day = admit + timedelta(days=min(1, (disch - admit).days))
                self._add(
                    "hosp/procedures_icd",
                    {
                        "subject_id": self.sid,
                        "hadm_id": hadm,
                        "seq_num": seq,
                        "chartdate": day.strftime("%Y-%m-%d"),
                        "icd_code": code,
                        "icd_version": 10,
                    },
                )
        return titles

    def _admission_rows(
        self,
        hadm: int,
        admit: datetime,
        disch: datetime,
        cond: kb.Condition,
        stay: int | None,
        tier: str,
    ) -> None:
        rng = self.rng
        ed_in = admit - timedelta(hours=int(rng.integers(2, 8)))
        home = rng.random() < 0.7
        self._add(
            "hosp/admissions",
            {
                "subject_id": self.sid,
                "hadm_id": hadm,
                "admittime": ts(admit),
                "dischtime": ts(disch),
                "admission_type": "EW EMER."
                if cond.service != "SURG" or rng.random() < 0.7
                else "URGENT",
                "admit_provider_id": f"P{int(rng.integers(10000, 99999))}",
                "admission_location": "EMERGENCY ROOM",
                "discharge_location": "HOME"
                if home
                else _pick(rng, ("HOME HEALTH CARE", "SKILLED NURSING FACILITY")),
                "insurance": _pick(rng, ("Medicare", "Medicaid", "Other")),
                "language": "ENGLISH",
                "marital_status": _pick(
                    rng, ("MARRIED", "SINGLE", "WIDOWED", "DIVORCED")
                ),
                "race": _pick(
                    rng,
                    (
                        "WHITE",
                        "BLACK/AFRICAN AMERICAN",
                        "HISPANIC/LATINO",
                        "ASIAN",
                        "OTHER",
                    ),
                ),
                "edregtime": ts(ed_in),
                "edouttime": ts(admit),
                "hospital_expire_flag": 0,
            },
        )
        self._add(
            "hosp/services",
            {
                "subject_id": self.sid,
                "hadm_id": hadm,
                "transfertime": ts(admit),
                "prev_service": None,
                "curr_service": cond.service,
            },
        )
        events = [("ED", "Emergency Department", ed_in, admit)]
        ward = {"CMED": "Cardiology", "NMED": "Neurology", "SURG": "Surgery"}.get(
            cond.service, "Medicine"
        )
        if stay is not None:
            icu_rows = self.rows["icu/icustays"][-1]
            intime = datetime.fromisoformat(icu_rows["intime"])
            outtime = datetime.fromisoformat(icu_rows["outtime"])
            events += [
                ("admit", ward, admit, intime),
                ("transfer", icu_rows["first_careunit"], intime, outtime),
                ("transfer", ward, outtime, disch),
            ]
        else:
            events.append(("admit", ward, admit, disch))
        for ev, unit, t0, t1 in events:
            self._add(
                "hosp/transfers",
                {
                    "subject_id": self.sid,
                    "hadm_id": hadm,
                    "transfer_id": self.ids.next("transfer"),
                    "eventtype": ev,
                    "careunit": unit,
                    "intime": ts(t0),
                    "outtime": ts(t1),
                },
            )
        self._add(
            "hosp/transfers",
            {
                "subject_id": self.sid,
                "hadm_id": hadm,
                "transfer_id": self.ids.next("transfer"),
                "eventtype": "discharge",
                "careunit": None,
                "intime": ts(disch),
                "outtime": None,
            },
        )

    def _radiology(
        self, hadm: int, admit: datetime, cond: kb.Condition, tier: str
    ) -> list[str]:
        rng = self.rng
        studies = list(cond.imaging)
        if tier == "sparse":
            studies = studies[:1]
        impressions = []
        for i, study in enumerate(studies, start=1):
            when = admit + timedelta(hours=int(rng.integers(1, 30)))
            nid = self.ids.next("note")
            self._add(
                "note/radiology",
                {
                    "note_id": f"{self.sid}-RR-{nid}",
                    "subject_id": self.sid,
                    "hadm_id": hadm,
                    "note_type": "RR",
                    "note_seq": i,
                    "charttime": ts(when),
                    "storetime": ts(when + timedelta(hours=2)),
                    "text": radiology_note(study, cond),
                },
            )
            impressions.append(f"{study.exam}: {study.impression}")
        return impressions
