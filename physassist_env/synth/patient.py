"""One synthetic patient: admissions, labs, vitals, drugs, cultures, notes (rows per table)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from physassist_env.synth import knowledge as kb
from physassist_env.synth.icu import icu_events
from physassist_env.synth.knowledge import secondary as sec
from physassist_env.synth.knowledge.calibration import aggregates, note_disposition
from physassist_env.synth.knowledge.labs import (
    AB_ITEMS,
    GCS_TEXT,
    ORGANISMS,
    SPECIMENS,
    SUSCEPTIBILITY_PANEL,
)
from physassist_env.synth.notes import discharge_note, radiology_note
from physassist_env.synth.physiology import (
    draw_schedule,
    noisy_series,
    patient_baseline,
)

Rows = dict[str, list[dict[str, Any]]]
TIERS = ("sparse", "moderate", "rich")
YEAR_GROUPS = (
    (2008, "2008 - 2010"),
    (2011, "2011 - 2013"),
    (2014, "2014 - 2016"),
    (2017, "2017 - 2019"),
)

ICU_BACKGROUND = 0.3
"""Extra ICU probability for any admission (ICU share of the MIMIC-IV demo: 46 %)."""
DEATH_BASE, DEATH_ICU = 0.02, 0.075
"""In-hospital death probability: base + ICU (demo: 4.7 % of admissions)."""
EMERGENCY_TYPES = {"EW EMER.", "EU OBSERVATION", "DIRECT EMER."}
PLANNED_TYPES = {"ELECTIVE", "SURGICAL SAME DAY ADMISSION"}
BACKGROUND_ORDERS: tuple[tuple[tuple[str, ...], float], ...] = (
    (("heparin_sc", "enoxaparin"), 0.7),
    (("acetaminophen",), 0.75),
    (("ondansetron",), 0.35),
    (("oxycodone",), 0.25),
    (("pantoprazole",), 0.35),
    (("docusate",), 0.5),
    (("senna",), 0.45),
    (("polyethylene_glycol",), 0.3),
    (("bisacodyl",), 0.25),
    (("sodium_chloride_flush",), 0.6),
)
"""Common ward orders (drug alternatives, probability per admission)."""
SPARSE_EXTRAS = 0.2
"""Sparse-tier charts document little beyond the essentials: ward orders, background diagnoses
and screening cultures at this fraction of their usual probability."""
ANTICOAGULANT_CLASSES = {"anticoagulant", "vitamin K antagonist", "DOAC"}
"""No DVT prophylaxis on top of these."""
BLOOD_CULTURE_YIELD = 0.35
"""Blood cultures are positive in about a third of the source infection's probability."""
CONTAMINANT_RATE = 0.03
"""Skin contaminant (coagulase-negative staphylococcus) per negative blood culture bottle."""
RESISTANT_GIVEN = 0.04
"""Chance an isolate tests resistant to an empiric antibiotic actually given."""
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
    order: int = 20000001
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
    return t.isoformat(" ", "seconds")


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


def _observe_pair(
    p: dict[str, Any],
    pair: kb.MonitoringPair,
    series: list[tuple[datetime, float]],
    admit: datetime,
) -> None:
    """Record what the reported values show for a drug-lab pair (``unsafe``, day, value)."""
    p["unsafe"], p["day"], p["value"] = False, None, None
    if not series:
        return
    high = pair.unsafe_above is not None
    when, value = (max if high else min)(series, key=lambda x: x[1])
    p["day"] = round((when - admit).total_seconds() / 86400, 2)
    p["value"] = value
    p["unsafe"] = bool(
        value > pair.unsafe_above if high else value < (pair.unsafe_below or 0.0)
    )


def _dx_titles() -> dict[tuple[str, int], str]:
    """ICD titles by (code, version): conditions first, then secondary codes."""
    out: dict[tuple[str, int], str] = {}
    for c in kb.CONDITIONS.values():
        out.setdefault((c.icd10[0], 10), c.icd10[1])
        out.setdefault((c.icd9[0], 9), c.icd9[1])
    extra = [code for *_x, code in sec.LAB_CODED] + [
        code for _k, code in sec.DRUG_CODED
    ]
    extra += [sec.PENICILLIN_ALLERGY, sec.DNR] + [code for _p, code in sec.BACKGROUND]
    for icd10, icd9 in extra:
        out.setdefault((icd10[0], 10), icd10[1])
        out.setdefault((icd9[0], 9), icd9[1])
    return out


DX_TITLES = _dx_titles()
"""Every diagnosis title the generator can code (``hosp/d_icd_diagnoses``)."""


def _share(
    rng: np.random.Generator, shares: dict[str, float], exclude: set[str] | None = None
) -> str | None:
    """A category drawn with the demo shares (``OTHER`` pooled cells dropped; ``UNKNOWN``: None)."""
    keys = [k for k in shares if k != "OTHER" and k not in (exclude or set())]
    p = np.array([shares[k] for k in keys])
    key = keys[int(rng.choice(len(keys), p=p / p.sum()))]
    return None if key in ("UNKNOWN", "?") else key


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
        self._extras = 1.0

    def _add(self, table: str, row: dict[str, Any]) -> None:
        self.rows.setdefault(table, []).append(row)

    # ------------------------------------------------------------------ patient
    def generate(self) -> tuple[Rows, Truth]:
        """Build all rows of the patient; returns ``(rows by table, ground truth)``."""
        rng = self.rng
        tier = TIERS[int(rng.choice(3, p=(0.3, 0.4, 0.3)))]
        self._extras = SPARSE_EXTRAS if tier == "sparse" else 1.0
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
        base = patient_baseline(rng, sex, diabetic="dm2" in chronic)
        for k in chronic:
            for itemid, eff in kb.CONDITIONS[k].labs.items():
                base[itemid] = float(rng.uniform(eff.low, eff.high))
        if "warfarin" in home:
            base[51237] = float(rng.uniform(1.7, 3.3))
        base[51221] = base[51222] * 3 + float(rng.normal(0, 0.8))
        base[51274] = 11.0 * base[51237] + float(rng.normal(0, 0.3))
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
            if info["died"]:
                self.rows["hosp/patients"][0]["dod"] = info["dischtime"][:10]
                break
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
        # planted unsafe monitoring values: one decision per (lab, direction) with the same
        # rate whatever else the admission is on, reached by shifting the whole series
        present_pairs = [
            (pair, [d for d in pair.drugs if d in active])
            for pair in kb.MONITORING_PAIRS
        ]
        present_pairs = [(pair, on) for pair, on in present_pairs if on]
        directions: dict[int, list[kb.MonitoringPair]] = {}
        for pair, _drugs in present_pairs:
            directions.setdefault(pair.itemid, []).append(pair)
        planted: dict[int, tuple[kb.MonitoringPair, float]] = {}
        for itemid, group in directions.items():
            kinds = list(dict.fromkeys(p.unsafe_above is not None for p in group))
            u = float(rng.random())
            k = int(u // kb.UNSAFE_RATE)
            if k < len(kinds):
                pair = next(
                    p for p in group if (p.unsafe_above is not None) == kinds[k]
                )
                planted[itemid] = (pair, float(rng.uniform(*pair.unsafe_values)))
        pairs: list[dict[str, Any]] = []
        for pair, on in present_pairs:
            chosen = planted.get(pair.itemid)
            pairs.append(
                {
                    "pair": pair.key,
                    "drugs": on,
                    "itemid": pair.itemid,
                    "planted": chosen is not None
                    and (chosen[0].unsafe_above is None) == (pair.unsafe_above is None),
                }
            )
        icu = rng.random() < cond.icu + (1 - cond.icu) * ICU_BACKGROUND
        died = bool(rng.random() < DEATH_BASE + DEATH_ICU * icu)
        if died:
            self._no_discharge_drugs(drugs, disch)
        confused = bool(rng.random() < cond.confusion)
        vitals = self._admit_vitals(conds)
        series = self._labs(
            hadm,
            admit,
            disch,
            conds,
            chronic_c,
            base,
            effects,
            planted,
            tier,
            "vancomycin" in active,
            "warfarin" in active,
        )
        self._repletion(hadm, series, drugs, disch)
        by_key = {p.key: p for p in kb.MONITORING_PAIRS}
        for p in pairs:
            _observe_pair(p, by_key[p["pair"]], series.get(p["itemid"], []), admit)
            if p["planted"] and not series.get(p["itemid"]):
                p["planted"] = False
        stay = None
        if icu:
            stay = self._icu(hadm, admit, disch, vitals, confused, weight, tier)
            self._add_rows(
                icu_events(
                    rng,
                    self.sid,
                    hadm,
                    self.rows["icu/icustays"][-1],
                    weight,
                    active,
                    vitals,
                    self.ids,
                )
            )
        self._micro(hadm, admit, cond, drugs, icu or vitals["temp"] >= 100.4)
        dx = self._diagnoses(
            hadm,
            conds,
            chronic_c,
            icd_version,
            admit,
            disch,
            series,
            {d["key"] for d in drugs},
            truth.allergies,
            died,
        )
        location = self._admission_rows(hadm, admit, disch, cond, stay, died)
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
                    disposition=note_disposition(location or ""),
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
            "died": died,
            "dischtime": ts(disch),
            "discharge_location": location,
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
        for c in conds:
            if c.antibiotics:
                inpatient += list(_pick(rng, c.antibiotics))
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
        # the usual inpatient orders of a hospital ward (prophylaxis, PRN symptom relief, bowel care)
        ordered = {p[0] for p in plan}
        anticoagulated = any(
            kb.DRUGS[k].drug_class in ANTICOAGULANT_CLASSES for k in ordered
        )
        for options, prob in BACKGROUND_ORDERS:
            key = _pick(rng, options)
            if anticoagulated and kb.DRUGS[key].drug_class in ANTICOAGULANT_CLASSES:
                continue
            if (
                key not in ordered
                and not set(options) & ordered
                and rng.random() < prob * self._extras
            ):
                ordered.add(key)
                stop = disch - timedelta(hours=int(rng.integers(2, 30)))
                start = admit + timedelta(hours=int(rng.integers(2, 12)))
                plan.append((key, start, max(stop, start + timedelta(hours=6)), False))
        out = []
        seen_discharge: set[str] = set()
        for key, start, stop, at_discharge in plan:
            if at_discharge and key in seen_discharge:
                continue
            if at_discharge:
                seen_discharge.add(key)
            out.append(
                self._order(hadm, key, start, stop, at_discharge, key in home, disch)
            )
        return out

    def _order(
        self,
        hadm: int,
        key: str,
        start: datetime,
        stop: datetime,
        at_discharge: bool,
        home: bool,
        disch: datetime,
        dose: float | None = None,
    ) -> dict[str, Any]:
        """One order: prescriptions, pharmacy and its eMAR rows; returns the order's facts."""
        rng = self.rng
        drug = kb.DRUGS[key]
        dose = float(_pick(rng, drug.doses)) if dose is None else dose
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
            "home": home,
        }
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
        return row

    def _repletion(
        self,
        hadm: int,
        series: dict[int, list[tuple[datetime, float]]],
        drugs: list[dict[str, Any]],
        disch: datetime,
    ) -> None:
        """Electrolyte repletion ordered after each low potassium or magnesium result."""
        rng = self.rng
        for itemid, key, limit, dose in (
            (50971, "potassium_chloride", 3.5, lambda v: 40.0 if v < 3.2 else 20.0),
            (50960, "magnesium_sulfate", 1.7, lambda v: 2.0),
        ):
            for when, v in series.get(itemid, []):
                start = when + timedelta(minutes=int(rng.integers(60, 200)))
                if v < limit and start < disch:
                    drugs.append(
                        self._order(
                            hadm,
                            key,
                            start,
                            start + timedelta(hours=1),
                            False,
                            False,
                            disch,
                            dose(v),
                        )
                    )

    def _add_rows(self, rows: dict[str, list[dict[str, Any]]]) -> None:
        for table, table_rows in rows.items():
            self.rows.setdefault(table, []).extend(table_rows)

    def _no_discharge_drugs(self, drugs: list[dict[str, Any]], disch: datetime) -> None:
        """The patient died: orders that ran to discharge stop at the time of death."""
        stop = ts(disch - timedelta(minutes=30))
        ids = {d["pharmacy_id"] for d in drugs if d["discharge"]}
        for d in drugs:
            d["discharge"] = False
        for table in ("hosp/prescriptions", "hosp/pharmacy"):
            for r in self.rows.get(table, []):
                if r["pharmacy_id"] in ids:
                    r["stoptime"] = stop
                    if table == "hosp/pharmacy":
                        r["status"] = "Discontinued"

    def _emar(self, hadm: int, row: dict[str, Any]) -> None:
        """eMAR rows of one order: scheduled doses (a few "Not Given"), PRN doses when needed,
        start/stop of infusions; charted minutes after the scheduled time."""
        rng = self.rng
        drug: kb.Drug = row["drug"]
        base, prn = drug.frequency.split()[0], drug.frequency.endswith("PRN")
        hours = FREQ_HOURS.get(base)
        if drug.frequency in ("CONTINUOUS", "ONCE") or hours is None:
            times = [row["start"] + timedelta(minutes=int(rng.integers(5, 40)))]
            events = ["Started" if drug.frequency == "CONTINUOUS" else "Administered"]
            if drug.frequency == "CONTINUOUS" and row["stop"] > times[0]:
                times.append(row["stop"])
                events.append("Stopped")
            sched = list(times)
        else:
            sched, t = [], row["start"].replace(minute=0, second=0)
            day = t.replace(hour=0)
            while day < row["stop"] and len(sched) < 60:
                for h in hours:
                    when = day + timedelta(hours=h)
                    if row["start"] <= when < row["stop"]:
                        sched.append(when)
                day += timedelta(days=1)
            if prn:
                sched = [x for x in sched if rng.random() < 0.35]
            late = rng.integers(0, 170 if prn else 45, len(sched)).tolist()
            times = [x + timedelta(minutes=m) for x, m in zip(sched, late, strict=True)]
            events = [
                "Administered" if prn or rng.random() > 0.06 else "Not Given"
                for _ in times
            ]
        for seq, (when, ev, due) in enumerate(
            zip(times, events, sched, strict=True), start=1
        ):
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
                    "scheduletime": ts(due),
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
                    "dose_given": f"{row['dose']:g}" if ev == "Administered" else None,
                    "dose_given_unit": drug.unit if ev == "Administered" else None,
                    "route": drug.route,
                },
            )

    # ---------------------------------------------------------------------- labs
    def _labs(
        self,
        hadm: int,
        admit: datetime,
        disch: datetime,
        conds: list[kb.Condition],
        chronic: list[kb.Condition],
        base: dict[int, float],
        effects: dict[int, tuple[float, kb.LabEffect]],
        planted: dict[int, tuple[kb.MonitoringPair, float]],
        tier: str,
        vanco: bool,
        warfarin: bool,
    ) -> dict[int, list[tuple[datetime, float]]]:
        """Draw schedule, panels and noisy series of one admission; writes labevents rows.

        Returns ``{itemid: [(charttime, reported value), ...]}``.
        """
        rng = self.rng
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
        panels = list(dict.fromkeys(panels))
        acute_panels = [
            p for p in panels if p in ("lactate", "cardiac", "abg", "lipase")
        ]
        schedule = draw_schedule(rng, admit, disch, tier, self.lab_scale)
        draws: list[tuple[datetime, str, list[str]]] = []
        for di, (when, priority) in enumerate(schedule):
            if di == 0:
                chosen = list(panels)
            elif priority == "STAT":
                chosen = [p for p in ("chem7", "cbc") if rng.random() < 0.6]
                chosen += [p for p in acute_panels if rng.random() < 0.5]
            else:
                chosen = ["chem7"]
                if rng.random() < 0.9:
                    chosen.append("cbc")
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
        at: dict[int, list[int]] = {}
        for k, (_when, _priority, chosen) in enumerate(draws):
            for panel in chosen:
                for itemid in kb.PANELS[panel]:
                    at.setdefault(itemid, []).append(k)
        values: dict[int, list[float]] = {}
        for itemid, ks in at.items():
            days = [(draws[k][0] - admit).total_seconds() / 86400 for k in ks]
            hours = [draws[k][0].hour for k in ks]
            b = base[itemid]
            if itemid in effects:
                adm, eff = effects[itemid]
                traj = [b + (adm - b) * _traj(eff.shape, eff.tau, t) for t in days]
            else:
                traj = [b] * len(days)
            scale = 2.4 if itemid == 51237 and warfarin else 1.0
            values[itemid] = noisy_series(rng, itemid, days, hours, traj, scale)
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
        for itemid, (pair, target) in planted.items():
            vals = values.get(itemid)
            if not vals:
                continue
            if pair.unsafe_above is not None:
                delta = max(0.0, target - max(vals))
            else:
                delta = min(0.0, target - min(vals))
            lo, hi = kb.LABS[itemid].bounds
            values[itemid] = [min(max(v + delta, lo), hi) for v in vals]
        out: dict[int, list[tuple[datetime, float]]] = {}
        pos: dict[int, int] = {}
        for when, priority, chosen in draws:
            stored = ts(when + timedelta(minutes=int(rng.integers(35, 150))))
            charted = ts(when)
            for panel in chosen:
                spec = self.ids.next("specimen")
                for itemid in kb.PANELS[panel]:
                    i = pos.get(itemid, 0)
                    pos[itemid] = i + 1
                    v = self._lab_row(
                        hadm, spec, itemid, charted, values[itemid][i], priority, stored
                    )
                    out.setdefault(itemid, []).append((when, v))
        return out

    def _lab_row(
        self,
        hadm: int,
        spec: int,
        itemid: int,
        charted: str,
        value: float,
        priority: str,
        stored: str,
    ) -> float:
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
                "charttime": charted,
                "storetime": stored,
                "value": text,
                "valuenum": value,
                "valueuom": item.unit,
                "ref_range_lower": item.ref_low,
                "ref_range_upper": item.ref_high,
                "flag": "abnormal" if abnormal else None,
                "priority": priority,
            },
        )
        return value

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
        febrile_or_icu: bool,
    ) -> None:
        """Cultures of the admission: the condition's culture (blood cultures are positive
        less often than the source), screening blood cultures in febrile or ICU patients,
        skin contaminants in single bottles, and resistance also to antibiotics given."""
        rng = self.rng
        if cond.culture is None:
            if not febrile_or_icu or rng.random() > 0.6 * self._extras:
                return
            culture: tuple[str, tuple[str, ...], float] = ("blood", (), 0.0)
        else:
            culture = cond.culture
        spec_key, orgs, p_pos = culture
        if spec_key == "blood":
            p_pos *= BLOOD_CULTURE_YIELD
        spec_itemid, spec_desc, test_itemid, test_name = SPECIMENS[spec_key]
        when = admit + timedelta(hours=1)
        given = {d["drug"].antibiotic for d in drugs if d["drug"].antibiotic}
        n_spec = 2 if spec_key == "blood" else 1
        positive = rng.random() < p_pos
        org = _pick(rng, orgs) if orgs and positive else None
        for _ in range(n_spec):
            mspec = self.ids.next("micro_specimen")
            contaminant = (
                spec_key == "blood" and org is None and rng.random() < CONTAMINANT_RATE
            )
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
            if contaminant:
                self._add(
                    "hosp/microbiologyevents",
                    {
                        **common,
                        "microevent_id": self.ids.next("micro_event"),
                        "org_itemid": 80155,
                        "org_name": "STAPHYLOCOCCUS, COAGULASE NEGATIVE",
                        "isolate_num": 1,
                        "comments": "Isolated from only one set in the previous five days. "
                        "Probable contaminant; sensitivity testing not performed.",
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
                    interp = "R" if rng.random() < RESISTANT_GIVEN else "S"
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
        series: dict[int, list[tuple[datetime, float]]],
        active: set[str],
        allergies: list[str],
        died: bool,
    ) -> list[str]:
        """Coded diagnoses: conditions, then lab-, drug- and allergy-coded, then background."""
        rng = self.rng
        v = 0 if version == 10 else 1
        codes = [c.icd10 if version == 10 else c.icd9 for c in [*conds, *chronic]]
        for itemid, op, limit, code in sec.LAB_CODED:
            vals = [x for _t, x in series.get(itemid, [])]
            if vals and (min(vals) < limit if op == "<" else max(vals) > limit):
                codes.append(code[v])
        for keys, code in sec.DRUG_CODED:
            if active & set(keys):
                codes.append(code[v])
        if "Penicillins" in allergies:
            codes.append(sec.PENICILLIN_ALLERGY[v])
        if died or rng.random() < 0.06:
            codes.append(sec.DNR[v])
        for p, code in sec.BACKGROUND:
            if rng.random() < p * self._extras:
                codes.append(code[v])
        titles = []
        seen = set()
        seq = 0
        for code, _title in codes:
            if code in seen:
                continue
            seen.add(code)
            title = DX_TITLES[(code, version)]
            seq += 1
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
        died: bool,
    ) -> str | None:
        """Write admissions, services and transfers rows; returns the discharge location."""
        rng = self.rng
        agg = aggregates()
        exclude = set() if cond.service == "SURG" else PLANNED_TYPES
        adm_type = _share(rng, agg["admission_type"], exclude) or "EW EMER."
        if adm_type in EMERGENCY_TYPES:
            location = "EMERGENCY ROOM"
        elif adm_type in PLANNED_TYPES:
            location = "PHYSICIAN REFERRAL"
        else:
            location = _share(rng, agg["admission_location"]) or "EMERGENCY ROOM"
        via_ed = location == "EMERGENCY ROOM"
        ed_in = admit - timedelta(hours=int(rng.integers(2, 8)))
        disch_loc = "DIED" if died else _share(rng, agg["discharge_location"], {"DIED"})
        self._add(
            "hosp/admissions",
            {
                "subject_id": self.sid,
                "hadm_id": hadm,
                "admittime": ts(admit),
                "dischtime": ts(disch),
                "deathtime": ts(disch) if died else None,
                "admission_type": adm_type,
                "admit_provider_id": f"P{int(rng.integers(10000, 99999))}",
                "admission_location": location,
                "discharge_location": disch_loc,
                "insurance": _share(rng, agg["insurance"]),
                "language": _share(rng, agg["language"]),
                "marital_status": _share(rng, agg["marital_status"]),
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
                "edregtime": ts(ed_in) if via_ed else None,
                "edouttime": ts(admit) if via_ed else None,
                "hospital_expire_flag": int(died),
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
        events = [("ED", "Emergency Department", ed_in, admit)] if via_ed else []
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
        return disch_loc

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
