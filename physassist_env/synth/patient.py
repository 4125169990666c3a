"""One synthetic patient: demographics, history and the admissions that write its chart.

:class:`PatientGenerator` draws the patient and, per admission, calls the table-family modules
(``admissions``, ``meds``, ``labevents``, ``chartevents``, ``icu``, ``micro``, ``diagnoses``,
``radiology``, ``notes``) in a fixed order on one :class:`~physassist_env.synth.chart.Chart`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from physassist_env.synth import knowledge as kb
from physassist_env.synth.admissions import (
    ELECTIVE_CONDITIONS,
    SHORT_STAY_TYPES,
    SURGICAL_SERVICES,
    admission_rows,
    admission_type,
    admit_vitals,
    omr,
    patient_row,
    planned_probability,
    type_tables,
)
from physassist_env.synth.chart import Chart, Ids, Rows, pick, ts
from physassist_env.synth.chartevents import icu_stay
from physassist_env.synth.diagnoses import DX_TITLES, diagnoses
from physassist_env.synth.icu import DRIPS, icu_events, transfusion_event
from physassist_env.synth.knowledge import secondary as sec
from physassist_env.synth.knowledge.calibration import demo_count, note_disposition
from physassist_env.synth.knowledge.labs import LABS
from physassist_env.synth.labevents import lab_summary, labs
from physassist_env.synth.meds import (
    AKI_RISK,
    BLEEDING,
    allergy_safe,
    drug_plan,
    no_discharge_drugs,
    oral_after_targeted,
    repletion,
    review,
    sliding_scale,
    suspect_hit,
)
from physassist_env.synth.micro import micro
from physassist_env.synth.notes import discharge_note
from physassist_env.synth.physiology import patient_baseline
from physassist_env.synth.planting import (
    observe_pairs,
    plan_unsafe,
    unanswered,
    watch,
)
from physassist_env.synth.poe import poe_orders
from physassist_env.synth.radiology import radiology
from physassist_env.synth.responses import (
    hold_metformin,
    reverse_vka,
    switch_resistant,
    transfuse,
    treat_hyperkalaemia,
    treat_hypoglycaemia,
)

RAAS = {"lisinopril", "losartan", "spironolactone"}
K_ITEM = 50971
INR_ITEM = 51237
REVERSED_INR = (1.0, 1.3)
"""INR after 4F-PCC and IV vitamin K for a VKA-associated major bleed (4F-PCC corrects the INR
within 30 min and vitamin K sustains it, CHEST 2012, Holbrook A et al.; ACC 2020 ECDP): the INR
resolves to this with a 0.1-day constant from the admission draw (taken before the reversal)."""

__all__ = ["DX_TITLES", "Ids", "PatientGenerator", "Rows", "Truth"]

TIERS = ("sparse", "moderate", "rich")
YEAR_GROUPS = (
    (2008, "2008 - 2010"),
    (2011, "2011 - 2013"),
    (2014, "2014 - 2016"),
    (2017, "2017 - 2019"),
)

ICU_BACKGROUND = 0.34
"""Extra ICU probability for any non-elective admission (ICU share of the MIMIC-IV demo: 46 %;
0.3 before the elective conditions, raised so that the hospital's ICU share stays ~36 %)."""
DEATH_BASE, DEATH_ICU = 0.02, 0.075
"""In-hospital death probability: base + ICU (demo: 4.7 % of admissions)."""
INPATIENT_EXTRA_DAYS = 1
"""Days added to the condition's stay of a non-observation, non-elective admission: the MIMIC-IV
demo's inpatient types last a median 4.1-6.9 days (EW EMER. 5.5, URGENT 6.9, OBSERVATION ADMIT
4.7) against 4.1 for every type here before; with observation stays at one day
(``SHORT_STAY_TYPES``) the hospital's median fell to 3.2 days (demo 4.7) without it."""
SPARSE_EXTRAS = 0.2
"""Sparse-tier charts document little beyond the essentials: ward orders, background diagnoses
and screening cultures at this fraction of their usual probability."""
EMPIRIC_VANCOMYCIN = {"icu_infection": 0.9, "icu": 0.5, "infection": 0.5}
"""Empiric IV vancomycin (MRSA cover) by setting: an ICU admission with an infection, any
other ICU admission (febrile or line-bearing patients cultured and covered pending results), a
ward admission treated for an infection. Surviving Sepsis Campaign 2021 (empiric MRSA cover in
septic patients at high MRSA risk) and ATS/IDSA 2019 CAP (MRSA cover when risk factors); stopped
after 2-5 days as cultures return. Calibrated so that ~30 % of admissions get IV vancomycin as in
the MIMIC-IV demo (``drug_admission_share.vancomycin_iv``: 29.8 %)."""
NO_MRSA_COVER = frozenset({"cdiff"})
"""Infections that bring no empiric IV vancomycin on the ward: C. difficile colitis is treated
with oral vancomycin, and IV vancomycin does not reach the colon (IDSA/SHEA 2021, Johnson S et
al., Clin Infect Dis 2021;73:e1029); before, half of the ward C. difficile admissions got it."""
RAAS_SECOND_LINE = 0.65
"""Share of hypertensive patients given the condition's RAAS blocker beside amlodipine (ACC/AHA
2017: thiazide, CCB or ACEi/ARB are all first line): RAAS orders reach ~33 % of admissions as in
the demo (``drug_admission_share.raas``: 32.8 %). 0.4 while every held home drug was an order;
raised when most RAAS blockers held for the kidneys stopped being ordered (``meds.HELD_ORDERED``),
which brought K > 5.5 admissions on a RAAS order from 42 % to ~29 % (demo 33 %)."""
HEPARIN_HYPERKALAEMIA = 0.08
"""Share of admissions on heparin whose potassium rises 0.6-1.3 mEq/L from day 3 (heparin
suppresses aldosterone synthesis: hyperkalaemia in ~7-8 % of treated patients, Oster JR, Singer
I, Am J Med 1995;98:575): a high potassium without a RAAS drug."""

HIT_SUSPECTED: dict[str, float] = {
    "heparin_sc": 0.1,
    "heparin_gtt": 0.1,
    "enoxaparin": 0.02,
    "enoxaparin_ppx": 0.02,
}
"""Chance that a long heparin exposure (from the first day, running past the fall, with at
least three days of stay after it) brings a platelet fall of heparin-induced
thrombocytopenia. HIT occurs in up to ~1-5 % of patients on unfractionated heparin for 5+
days and about a fifth of that on LMWH (ASH 2018 HIT guideline, Cuker A et al., Blood Adv
2018;2:3360), and is suspected (an intermediate or high 4Ts score, tested) more often than
confirmed; the rates here are set higher on purpose, as so few admissions qualify (~1 %
of admissions: a stay of 7+ days on heparin from the first day) that the event would
otherwise not appear in a benchmark build (a few per 1,000 patients here). The count falls
to ``HIT_NADIR`` of the patient's baseline, starting on day 5-7 (an ``onset`` lab effect;
most HIT falls begin on day 5-7), and the team's answer is ``meds.suspect_hit``."""
HIT_NADIR = (0.25, 0.45)
HIT_ONSET = (4.0, 6.5)
PLT_ITEM = 51265
OTHER_THROMBOCYTOPENIA = frozenset({"sepsis", "cirrhosis", "cirrhosis_decomp", "ugib"})
"""Admissions with another possible cause of a platelet fall (4Ts 'other causes': 1 point)."""


def hit_onset(
    rng: np.random.Generator,
    drugs: list[dict[str, Any]],
    admit: datetime,
    disch: datetime,
) -> float | None:
    """The day a HIT platelet fall starts (``HIT_SUSPECTED``), or None: a heparin order from
    the first day that runs past the fall, at least three days of stay after it, and no oral
    anticoagulant (a patient on one is rarely also on heparin)."""
    if any(d["key"] in ("warfarin", "apixaban", "clopidogrel") for d in drugs):
        # on an oral anticoagulant heparin is rare; on clopidogrel (a stent, a stroke) the
        # DOAC that follows HIT would make a triple therapy the model does not weigh
        return None
    tau = float(rng.uniform(*HIT_ONSET))
    if disch < admit + timedelta(days=tau + 3):
        return None
    for key, rate in HIT_SUSPECTED.items():
        orders = [d for d in drugs if d["key"] == key]  # a re-ordered drug: two orders
        if (
            orders
            and min(d["start"] for d in orders) <= admit + timedelta(days=1)
            and max(d["stop"] for d in orders) >= admit + timedelta(days=tau + 1.5)
        ):
            return tau if rng.random() < rate else None
    return None


def icu_death_risk(cond: kb.Condition) -> tuple[float, float]:
    """Probabilities of an ICU stay and of an in-hospital death (no ICU, added with one) of an
    admission for ``cond``; an elective admission (``ELECTIVE_CONDITIONS``) has neither."""
    if cond.key in ELECTIVE_CONDITIONS:
        return 0.0, 0.0
    return cond.icu + (1 - cond.icu) * ICU_BACKGROUND, DEATH_BASE


SEVERE_SHARE = float(
    np.mean(
        [1 - (1 - icu_death_risk(c)[0]) * (1 - icu_death_risk(c)[1]) for c in kb.ACUTE]
    )
)
"""Share of admissions with an ICU stay or a death (principal conditions drawn uniformly)."""
PLANNED_BY_SERVICE = {
    surgical: float(
        np.sum(
            [
                planned_probability(c.key)
                * (1 - icu_death_risk(c)[0])
                * (1 - icu_death_risk(c)[1])
                for c in kb.ACUTE
                if (c.service in SURGICAL_SERVICES) is surgical
            ]
        )
        / len(kb.ACUTE)
    )
    for surgical in (False, True)
}
"""Expected shares of planned admissions on a medical and a surgical service."""
ADMISSION_TYPES = type_tables(
    SEVERE_SHARE, PLANNED_BY_SERVICE[False], PLANNED_BY_SERVICE[True]
)
"""Admission-type shares by severity class, fitted to the demo's marginal (``type_tables``)."""
SECONDARY_ACUTE = ("aki", "hypokalemia", "hyponatremia", "uti", "anemia")
OTHER_CODES = 6
"""Codes of a typical admission besides its background comorbidities (principal condition,
lab-, drug- and documentation-coded): the background history fills the rest of a diagnosis
count drawn from the demo's distribution."""


def reason_fits(reason: str, drug: kb.Drug) -> bool:
    """Whether a generic adherence reason fits ``drug`` (``knowledge.NEEDS``): a pill
    organiser only for oral tablets and capsules, a forgotten evening dose only for a drug
    taken in the evening (BID or more often, or at bedtime)."""
    need = kb.NEEDS.get(reason)
    if need == "pill":
        return drug.route == "PO" and drug.form in ("TAB", "CAP")
    if need == "evening":
        return drug.doses_per_24 >= 2 or drug.frequency == "QHS"
    return True


def adherence_reason(rng: np.random.Generator, drug: kb.Drug, category: str) -> str:
    """The patient's reason for their adherence ``category`` with ``drug``.

    A self-discontinued drug with labelled side effects (``knowledge.SIDE_EFFECTS``, by
    class) is stopped for one of them in ``SIDE_EFFECT_SHARE``, else for a generic reason
    (``knowledge.ADHERENCE``) that fits the drug (:func:`reason_fits`)."""
    effects = kb.SIDE_EFFECTS.get(drug.drug_class, ())
    if (
        category == "self_discontinued"
        and effects
        and rng.random() < kb.SIDE_EFFECT_SHARE
    ):
        return f"stopped it because of {pick(rng, effects)}"
    fitting = [r for r in kb.ADHERENCE[category] if reason_fits(r, drug)]
    return pick(rng, fitting or kb.ADHERENCE[category])


def background_history(
    rng: np.random.Generator,
    sex: str,
    chronic: list[str],
    home: list[str],
    extras: float = 1.0,
    smoking: str = "",
) -> tuple[int, ...]:
    """A patient's background comorbidities (indices into ``secondary.BACKGROUND``), and their
    home drugs appended to ``home``.

    As many as a diagnosis count drawn from the MIMIC-IV demo's per-admission distribution
    (``per_admission_quantiles.diagnoses``, median 14) leaves after the chronic conditions and
    ``OTHER_CODES``; chosen by prevalence weight without replacement (sex-specific ones only for
    that sex, none that repeats a chronic condition's code); one drug of a treatable one in
    ``BACKGROUND_TREATED`` (times ``extras``: a thin chart rarely reconciles them), never a
    second drug of a class (or duplication group, ``knowledge.drugs.THERAPEUTIC_GROUPS``)
    already taken.
    """
    total = demo_count(float(rng.random()), "diagnoses")
    n = max(0, round(total) - len(chronic) - OTHER_CODES)
    taken = {kb.CONDITIONS[k].icd10[0] for k in chronic}
    eligible = [
        i
        for i, (_p, code, _d, only) in enumerate(sec.BACKGROUND)
        if code[0][0] not in taken and only in ("", sex)
    ]
    weights = np.array([sec.BACKGROUND[i][0] for i in eligible])
    draw = rng.random(len(eligible)) ** (1 / weights)
    chosen = tuple(
        sorted(eligible[int(i)] for i in np.argsort(-draw, kind="stable")[:n])
    )
    if not smoking.startswith("former"):
        # a personal history of tobacco use is a former smoker's code (ICD-10-CM Z87.891:
        # "excludes1 tobacco dependence (F17.-)"); never smokers and current smokers lack it
        chosen = tuple(i for i in chosen if sec.BACKGROUND[i][1][0][0] != "Z87891")
    groups = {kb.drugs.therapeutic_group(d) for d in home}
    for i in chosen:
        options = sec.BACKGROUND[i][2]
        if options and rng.random() < sec.BACKGROUND_TREATED * extras:
            d = pick(rng, options)
            if d not in home and kb.drugs.therapeutic_group(d) not in groups:
                home.append(d)
                groups.add(kb.drugs.therapeutic_group(d))
    return chosen


T2DM_CODED = frozenset({"hhs", "hypoglycemia"})
"""Principal conditions whose code is a type 2 diabetes code: the patient has ``dm2``."""
HYPOGLYCAEMIC = frozenset({"glargine", "glipizide"})
"""Home drugs that cause hypoglycaemia (insulin, sulfonylurea)."""


def given_doses(
    chart: Chart, hadm: int, drugs: list[dict[str, Any]]
) -> list[tuple[str, datetime, float]]:
    """(drug key, time, dose) of every dose of ``hadm`` the eMAR charts as administered."""
    by_pid = {d["pharmacy_id"]: d for d in drugs if "pharmacy_id" in d}
    out = []
    for r in chart.rows.get("hosp/emar", []):
        if r[1] == hadm and r[9] == "Administered" and r[5] in by_pid:
            d = by_pid[r[5]]
            out.append((d["key"], datetime.fromisoformat(r[7]), d["dose"]))
    return out


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
    background: list[str] = field(default_factory=list)


def opposed(a: kb.Condition, b: kb.Condition) -> bool:
    """Whether two conditions move one lab in opposite directions (a hyperkalaemia admission
    with a second problem of hypokalaemia): they cannot both be an admission's. Before, the
    second one's effect replaced the first's, and a low-potassium QT pair stayed on a
    hyperkalaemia admission."""
    for itemid, ea in a.labs.items():
        eb = b.labs.get(itemid)
        if eb is None:
            continue
        normal = LABS[itemid].normal[0]
        if (ea.low > normal and eb.high < normal) or (
            ea.high < normal and eb.low > normal
        ):
            return True
    return False


def consistent(
    pairs: list[dict[str, Any]],
    planted: dict[int, tuple[kb.MonitoringPair, float]],
    effects: dict[int, tuple[float, kb.LabEffect]],
) -> None:
    """Keep drug-lab events consistent with the admission's own reason.

    A low potassium planted on a hyperkalaemia admission would read K 6.5 falling to 2.6 (and a
    high one on a hypokalaemia admission the reverse), so a pair whose unsafe direction is
    opposite to the admission's effect on its lab is not a candidate there: it is dropped from
    the truth pairs together with its planted value. Dropping the pair, not only the planted
    value, keeps the label independent of the condition (an unplanted-but-eligible K/QT pair on
    every hyperkalaemia admission would let the lab's range predict the label).
    """
    drop: set[str] = set()
    for itemid, (_value, eff) in effects.items():
        normal = LABS[itemid].normal[0]
        raised, lowered = eff.low > normal, eff.high < normal
        for pair in kb.MONITORING_PAIRS:
            if pair.itemid == itemid and (
                (pair.unsafe_above is None and raised)
                or (pair.unsafe_above is not None and lowered)
            ):
                drop.add(pair.key)
                if itemid in planted and planted[itemid][0].key == pair.key:
                    del planted[itemid]
    pairs[:] = [p for p in pairs if p["pair"] not in drop]


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
        self.chart = Chart(rng, subject_id, ids, lab_scale)
        self.background: tuple[int, ...] = ()

    def generate(self) -> tuple[Rows, Truth]:
        """Build all rows of the patient; returns ``(rows by table, ground truth)``."""
        rng = self.rng
        tier = TIERS[int(rng.choice(3, p=(0.3, 0.4, 0.3)))]
        self.chart.extras = SPARSE_EXTRAS if tier == "sparse" else 1.0
        age = int(np.clip(rng.normal(66, 16), 18, 95))
        sex = "F" if rng.random() < 0.5 else "M"
        anchor_year = int(rng.integers(2110, 2190))
        group_start, group = YEAR_GROUPS[int(rng.integers(len(YEAR_GROUPS)))]
        truth = Truth(self.chart.sid, tier, pick(rng, kb.LITERACY))
        n_adm = {
            "sparse": 1,
            "moderate": int(rng.integers(1, 3)),
            "rich": int(rng.integers(2, 4)),
        }[tier]
        acute_keys = [c.key for c in kb.ACUTE]
        primaries = [pick(rng, acute_keys) for _ in range(n_adm)]
        chronic: list[str] = []
        n_chronic = {"sparse": (0, 2), "moderate": (1, 3), "rich": (2, 5)}[tier]
        pool = [k for p in primaries for k in kb.CONDITIONS[p].comorbid]
        for _ in range(int(rng.integers(n_chronic[0], n_chronic[1] + 1))):
            if pool:
                k = pick(rng, pool)
                if k not in chronic and not (k == "bph" and sex == "F"):
                    chronic.append(k)
        # a principal condition coded as type 2 diabetes (HHS E11.00, hypoglycaemia E11.649)
        # comes with it; a DKA coded as type 1 (E10.10) excludes it (before: a hypoglycaemia
        # with no diabetes went home on new glargine; a DKA had T1 and T2 codes and metformin)
        if "dka" in primaries:
            chronic = [k for k in chronic if k != "dm2"]
        elif T2DM_CODED & set(primaries) and "dm2" not in chronic:
            chronic.append("dm2")
        if age > 55 and "htn" not in chronic and rng.random() < 0.4:
            chronic.append("htn")
        truth.chronic = chronic
        truth.social = {
            "smoking": "current smoker, 1 pack per day"
            if "tobacco" in chronic
            else pick(rng, kb.SMOKING[:2]),
            "alcohol": "drinks 4-6 beers daily"
            if "aud" in chronic
            else pick(rng, kb.ALCOHOL[:3]),
            "living": pick(rng, kb.LIVING),
            "occupation": pick(rng, kb.OCCUPATION),
            "family": pick(rng, kb.FAMILY),
        }
        truth.allergies = [pick(rng, kb.ALLERGIES)] if rng.random() < 0.3 else []
        home: list[str] = []
        for k in chronic:
            for i, d in enumerate(kb.CONDITIONS[k].home):
                second = RAAS_SECOND_LINE if k == "htn" and d in RAAS else 0.7
                if d not in home and (i == 0 or rng.random() < second):
                    home.append(d)
        if "hypoglycemia" in primaries and not HYPOGLYCAEMIC & set(home):
            # an admitted hypoglycaemia is a diabetic's insulin or sulfonylurea (ADA 2024
            # Standards 6): metformin alone does not cause it
            home.append("glargine")
        # no home drug the allergy list rules out
        home = allergy_safe(home, truth.allergies)
        self.background = background_history(
            rng, sex, chronic, home, self.chart.extras, truth.social["smoking"]
        )
        truth.background = [sec.BACKGROUND[i][1][0][0] for i in self.background]
        cats = list(kb.ADHERENCE_P)
        for d in home:
            cat = cats[int(rng.choice(len(cats), p=list(kb.ADHERENCE_P.values())))]
            truth.home_meds[d] = {
                "adherence": cat,
                "reason": adherence_reason(rng, kb.DRUGS[d], cat),
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
        patient_row(self.chart, sex, age, anchor_year, group)
        start = datetime(anchor_year, 1, 1) + timedelta(
            days=int(rng.integers(0, 200)), hours=int(rng.integers(0, 24))
        )
        for n, primary in enumerate(primaries):
            real_year = (
                group_start + (start.year - anchor_year) + int(rng.integers(0, 3))
            )
            icd_version = 9 if real_year < 2015 else 10
            omr(self.chart, start, weight, height, bmi, chronic)
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
                self.chart.rows["hosp/patients"][0]["dod"] = info["dischtime"][:10]
                break
            start = start + timedelta(days=int(rng.integers(40, 500)))
        return self.chart.rows, truth

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
        """Write one admission's rows (table families in a fixed order); returns its truth."""
        rng = self.rng
        hadm = self.chart.ids.next("hadm")
        if cond.key in ELECTIVE_CONDITIONS:
            # a scheduled procedure: the patient arrives early in the morning of the day of
            # the operation (first cases start ~07:30), not at a random hour
            admit = admit.replace(hour=int(rng.integers(5, 9)), minute=0)
        p_icu, p_death = icu_death_risk(cond)
        icu = bool(rng.random() < p_icu)
        died = bool(rng.random() < p_death + DEATH_ICU * icu)
        adm_type = admission_type(self.chart, cond, icu or died, ADMISSION_TYPES)
        los = int(rng.integers(cond.los[0], cond.los[1] + 1)) + (
            1 if tier == "rich" else 0
        )
        if adm_type in SHORT_STAY_TYPES:
            # an observation stay ends within two midnights (CMS 2013); an infection on
            # antibiotics stays to the second morning, for the response to the first doses
            # (24-48 h observation of cellulitis or pneumonia: IDSA 2014 SSTI, ATS/IDSA 2019)
            los = 2 if cond.antibiotics else 1
        elif cond.key not in ELECTIVE_CONDITIONS:
            los += INPATIENT_EXTRA_DAYS
        disch = admit + timedelta(days=los, hours=int(rng.integers(2, 8)))
        conds = [cond]
        if tier == "rich" and rng.random() < 0.5:
            extra = kb.CONDITIONS[pick(rng, SECONDARY_ACUTE)]
            if extra.key != cond.key and not opposed(cond, extra):
                conds.append(extra)
        chronic_c = [kb.CONDITIONS[k] for k in chronic]
        # admission values of each affected lab
        effects: dict[int, tuple[float, kb.LabEffect]] = {}
        for c in conds:
            for itemid, eff in c.labs.items():
                effects[itemid] = (float(rng.uniform(eff.low, eff.high)), eff)
        infected = any(c.antibiotics and c.key not in NO_MRSA_COVER for c in conds)
        setting = ("icu_" if icu else "") + ("infection" if infected else "")
        vanco = bool(
            rng.random()
            < EMPIRIC_VANCOMYCIN.get(setting.rstrip("_"), 0.0) * self.chart.extras
        )
        if not infected and any(c.key in AKI_RISK for c in conds):
            # no nephrotoxin without an indication in (or at high risk of) AKI (KDIGO 2012
            # AKI 3.8; before, an AKI or DKA in the ICU got 2-5 days of vancomycin as often as not)
            vanco = False
        # drugs
        drugs = drug_plan(
            self.chart,
            cond,
            conds,
            home,
            hadm,
            admit,
            disch,
            truth,
            weight=weight,
            empiric_vancomycin=vanco,
            age=age,
            icu=icu,
        )
        # held home drugs never ordered (``meds.HELD_ORDERED``): for the note's lists only
        unordered = [d for d in drugs if d.get("unordered")]
        drugs = [d for d in drugs if not d.get("unordered")]
        active = {d["key"] for d in drugs}
        pairs, planted = plan_unsafe(rng, active)
        consistent(pairs, planted, effects)
        lab_base = base
        reverse = "warfarin" in home and any(c.key in BLEEDING for c in conds)
        if reverse:
            # a bleed on warfarin: warfarin held and reversed (4F-PCC corrects within minutes,
            # vitamin K sustains it; ACC 2020 ECDP), so the INR falls from the
            # patient's level; no warfarin safety question is asked of it (the pair is dropped,
            # planted or not, so the label stays independent of the condition)
            lab_base = {**base, INR_ITEM: float(rng.uniform(*REVERSED_INR))}
            effects[INR_ITEM] = (base[INR_ITEM], kb.LabEffect(0, 0, "resolve", 0.1))
            pairs[:] = [p for p in pairs if p["pair"] != "inr_warfarin"]
            if INR_ITEM in planted and planted[INR_ITEM][0].key == "inr_warfarin":
                del planted[INR_ITEM]
        if (
            K_ITEM not in effects
            and active & {"heparin_sc", "heparin_gtt"}
            and rng.random() < HEPARIN_HYPERKALAEMIA
        ):
            rise = float(rng.uniform(0.6, 1.3))
            effects[K_ITEM] = (base[K_ITEM] + rise, kb.LabEffect(0, 0, "onset", 3.0))
        if PLT_ITEM not in effects and self.chart.extras >= 1:
            tau = hit_onset(rng, drugs, admit, disch)
            if tau is not None:  # heparin-induced thrombocytopenia from day tau
                low = base[PLT_ITEM] * float(rng.uniform(*HIT_NADIR))
                effects[PLT_ITEM] = (low, kb.LabEffect(0, 0, "onset", tau))
        confused = bool(rng.random() < cond.confusion)
        vitals = admit_vitals(self.chart, conds)
        # the age at this admission, as the record states it (anchor_age + years since)
        anchor_year = int(self.chart.rows["hosp/patients"][0]["anchor_year"])
        age_now = age + admit.year - anchor_year
        watched = watch(rng, pairs, planted, age_now, sex == "F")
        series = labs(
            self.chart,
            hadm,
            admit,
            disch,
            conds,
            chronic_c,
            lab_base,
            effects,
            watched,
            tier,
            "vancomycin" in active,
            "warfarin" in active,
        )
        repletion(self.chart, hadm, series, drugs, disch)
        # every drug-effect excursion that peaks unsafe, planted or not (``planting.unanswered``)
        planted_keys = unanswered(pairs, watched, age_now, sex == "F")
        for p in pairs:  # truth only: which pairs' values the team left to the agent
            p["unanswered"] = p["pair"] in planted_keys
        review(self.chart, drugs, series, planted_keys)
        hit = suspect_hit(
            self.chart,
            hadm,
            drugs,
            series,
            disch,
            icu=icu,
            other_cause=bool({c.key for c in conds} & OTHER_THROMBOCYTOPENIA),
        )
        sliding_scale(self.chart, drugs, series)
        if reverse:
            reverse_vka(self.chart, hadm, drugs, series, weight, admit, disch)
        unordered += hold_metformin(
            self.chart,
            hadm,
            drugs,
            series,
            planted_keys,
            age + admit.year - anchor_year,
            sex == "F",
            disch,
        )
        treat_hypoglycaemia(self.chart, hadm, drugs, series, planted_keys, disch)
        treat_hyperkalaemia(
            self.chart,
            hadm,
            drugs,
            series,
            planted_keys,
            disch,
            own_treatment=any(c.key == "hyperkalemia" for c in conds),
        )
        units = transfuse(
            self.chart, series, {c.key for c in conds} | set(chronic), disch
        )
        if died:
            no_discharge_drugs(self.chart, drugs, disch)
        observe_pairs(pairs, series, admit, age + admit.year - anchor_year, sex == "F")
        stay = None
        if icu:
            stay = icu_stay(
                self.chart, hadm, admit, disch, vitals, confused, weight, tier
            )
            self.chart.extend(
                icu_events(
                    rng,
                    self.chart.sid,
                    hadm,
                    self.chart.rows["icu/icustays"][-1],
                    weight,
                    active,
                    vitals,
                    self.chart.ids,
                    pressor_until=next(
                        (d["stop"] for d in drugs if d["key"] == "norepinephrine"), None
                    ),
                    given=given_doses(self.chart, hadm, drugs),
                    drips=[
                        (d["key"], d["start"], d["stop"], d["dose"])
                        for d in drugs
                        if d["key"] in DRIPS
                    ],
                )
            )
            stay_row = self.chart.rows["icu/icustays"][-1]
            intime = datetime.fromisoformat(stay_row["intime"])
            outtime = datetime.fromisoformat(stay_row["outtime"])
            for t in units:
                if intime <= t < outtime:
                    self.chart.add(
                        "icu/inputevents",
                        transfusion_event(
                            rng,
                            self.chart.sid,
                            hadm,
                            stay_row,
                            weight,
                            t,
                            self.chart.ids,
                        ),
                    )
        isolates = micro(
            self.chart,
            hadm,
            admit,
            cond,
            drugs,
            icu or vitals["temp"] >= 100.4,
            icu=icu,
        )
        switch_resistant(self.chart, hadm, drugs, isolates, truth.allergies, disch)
        oral_after_targeted(
            self.chart,
            hadm,
            drugs,
            [i.profile for i in isolates],
            truth.allergies,
            disch,
        )
        dx = diagnoses(
            self.chart,
            hadm,
            conds,
            chronic_c,
            icd_version,
            admit,
            disch,
            series,
            {d["key"] for d in drugs + unordered},  # long-term use: home list included
            truth.allergies,
            died,
            home_meds=bool(home),
            confused=confused,
            background=self.background,
            home=frozenset(home),
            age=age
            + admit.year
            - int(self.chart.rows["hosp/patients"][0]["anchor_year"]),
        )
        location = admission_rows(
            self.chart,
            hadm,
            admit,
            disch,
            cond,
            stay,
            died,
            severe=icu or died,
            types=ADMISSION_TYPES,
            adm_type=adm_type,
        )
        rad = radiology(self.chart, hadm, admit, cond, tier)
        labs_summary = lab_summary(series)
        v = 0 if icd_version == 10 else 1
        history = {sec.BACKGROUND[i][1][v][1] for i in self.background} - {
            t for c in chronic_c for t in (c.icd10[1], c.icd9[1])
        }  # a chronic condition is listed under its own name
        coded_history = [
            t for t in dx if t in history and not t.lower().startswith("family history")
        ]
        self.chart.add(
            "note/discharge",
            {
                "note_id": f"{self.chart.sid}-DS-{n + 1}",
                "subject_id": self.chart.sid,
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
                    drugs=drugs + unordered,
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
                    history=coded_history,
                ),
            },
        )
        poe_orders(
            self.chart,
            hadm,
            admit,
            disch,
            drugs,
            died=died,
            spo2=vitals["spo2"],
            age=age,
            transfusions=units,
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
            "suspected_hit": hit is not None,
        }
