"""Facts derived from :class:`~physassist_env.scenarios.features.AdmissionFacts` for the
clinical-work topics (scores, renal, electrolytes, antimicrobials, reconciliation).

Everything here reads only what the date-gated facts (or the session's date-gated view)
hold, so a topic built on it never states something the agent could not have found.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from physassist_env.clinical import warfarin as W
from physassist_env.clinical.antithrombotic import THERAPEUTIC, anticoagulant_intent
from physassist_env.clinical.course import direction as course_direction
from physassist_env.clinical.culture_reading import SKIN_COMMENSAL, is_screen
from physassist_env.clinical.discharge import (
    WEEKS_OF_IV_WINDOW_DAYS,
    deep_specimen_course,
    drug_key,
    iv_anti_infective,
    iv_oral_same_dose,
    weeks_of_iv,
)
from physassist_env.clinical.infection import not_an_infection
from physassist_env.clinical.oncology import antineoplastic, cancer_code
from physassist_env.clinical.scores import (
    AKI_RISE,
    StagedReading,
    egfr_ckd_epi_2021,
    kdigo_aki_stage,
)
from physassist_env.clinical.specimen import implausible, spurious
from physassist_env.ehr.store import EhrView
from physassist_env.scenarios.features import (
    EAR_EYE,
    FLUSH,
    AdmissionFacts,
    LabPoint,
    LabSeries,
    MedOrder,
    med_name,
)
from physassist_env.vocab.drugs import DRUG_BRANDS, GENERIC_ZH, record_name
from physassist_env.vocab.frequencies import doses_per_day

#: Drugs that prolong the QT interval, by their CredibleMeds QTdrugs category
#: (crediblemeds.org, accessed 2024; Woosley RL et al.): "known" risk of torsades de
#: pointes, or "conditional" (under conditions such as another QT drug, low potassium or
#: magnesium, or heart disease), limited to the names the one drug vocabulary
#: (vocab.drugs.GENERIC_ZH) knows; ziprasidone ("label") because its FDA label
#: contraindicates it with other QT-prolonging drugs (round 6b: the QT topic read
#: ondansetron but not the antipsychotics, antidepressants and donepezil beside it;
#: AHA/ACCF scientific statement on QT prolongation, Drew BJ et al., Circulation
#: 2010;121:1047-60).
QT_RISK: dict[str, str] = {
    "amiodarone": "known",
    "azithromycin": "known",
    "ciprofloxacin": "known",
    "citalopram": "known",
    "clarithromycin": "known",
    "donepezil": "known",
    "erythromycin": "known",
    "escitalopram": "known",
    "haloperidol": "known",
    "levofloxacin": "known",
    "methadone": "known",
    "moxifloxacin": "known",
    "ondansetron": "known",
    "sotalol": "known",
    "ziprasidone": "label",
    "fluoxetine": "conditional",
    "metoclopramide": "conditional",
    "quetiapine": "conditional",
    "trazodone": "conditional",
    # round 15 (reading k: sertraline left out of a QT list, 10019777-27738145 t3): the
    # antidepressants and antipsychotics of CredibleMeds' conditional list the
    # vocabulary knows
    "sertraline": "conditional",
    "paroxetine": "conditional",
    "amitriptyline": "conditional",
    "olanzapine": "conditional",
    "risperidone": "conditional",
    "hydroxyzine": "conditional",
    # round 16b (reading m: a running propofol infusion not counted, "citalopram is the
    # only QT-prolonging drug", 10004720-22081550 t2): the infusions and ICU drugs of
    # CredibleMeds' known and conditional lists the vocabulary knows
    "propofol": "known",
    "fluconazole": "known",
    "hydroxychloroquine": "known",
    "dofetilide": "known",
    "quinidine": "known",
    "metronidazole": "conditional",
}
#: CredibleMeds "possible risk" drugs (they prolong the QT interval, with no substantial
#: evidence of torsades de pointes at usual doses): not counted toward a QT-prolonging
#: combination, but named beside one as lower-risk contributors, because the risk adds
#: up (AHA/ACCF 2010, Drew BJ et al.; round 15, reading k: mirtazapine left out of
#: "ondansetron is the only QT-prolonging drug", 10002428-28676446 t3).
QT_POSSIBLE: tuple[str, ...] = (
    "mirtazapine",
    "tamoxifen",
    "lithium",
    "tizanidine",
    "granisetron",
    "promethazine",
    # round 16b: the ICU sedative infusion of the possible list
    "dexmedetomidine",
)

#: Antiplatelet and NSAID drugs, the "D" (drugs) of HAS-BLED (Pisters 2010).
BLEEDING_DRUGS: tuple[str, ...] = (
    "aspirin",
    "clopidogrel",
    "ibuprofen",
    "naproxen",
    "ketorolac",
)

#: P2Y12 inhibitors: with aspirin, dual antiplatelet therapy (2023 ACC/AHA/ACCP/HRS AF
#: guideline: an anticoagulant added to both is triple therapy).
P2Y12: tuple[str, ...] = ("clopidogrel", "prasugrel", "ticagrelor")

#: Anticoagulants (a patient "on anticoagulation" for HAS-BLED and bridging questions).
ANTICOAGULANTS: tuple[str, ...] = ("warfarin", "apixaban", "rivaroxaban")


# a pure function of a medication text: memoised
@functools.lru_cache(maxsize=8192)
def generic_in(name: str) -> str | None:
    """The generic drug a medication text names (longest vocabulary match, shortened
    record names written out: "Sulfameth/Trimethoprim DS" is sulfamethoxazole), or None."""
    low = record_name(name)
    hits = [g for g in GENERIC_ZH if g in low]
    return max(hits, key=len) if hits else None


@functools.lru_cache(maxsize=8192)
def components(name: str) -> tuple[str, ...]:
    """The generics a combination product's name carries, one per part of the name
    split at "-" or "/" ("Ipratropium-Albuterol Neb" -> ipratropium, albuterol;
    "Sulfameth/Trimethoprim" -> sulfamethoxazole, trimethoprim); ``()`` for a name
    with fewer than two parts naming a drug. A combination is read by its
    ingredients: each is ordered, and each counts for duplication (ISMP: combination
    products and therapeutic duplication; Joint Commission NPSG.03.06.01)."""
    parts = [generic_in(p) for p in re.split(r"[-/]", record_name(name))]
    found = tuple(dict.fromkeys(g for g in parts if g))
    return found if len(found) >= 2 else ()


@functools.lru_cache(maxsize=8192)
def brand_generic(name: str) -> str | None:
    """The generic of a brand name a medication text names as whole words ("Avapro
    300 mg" is irbesartan), the longest brand first, or None: a brand and its generic
    are one drug when lists are compared (Joint Commission NPSG.03.06.01; ISMP: brand
    vs generic duplication at transitions of care). Round 7b."""
    low = record_name(name)
    hits = [
        b for b in DRUG_BRANDS if b.isascii() and re.search(rf"\b{re.escape(b)}\b", low)
    ]
    return DRUG_BRANDS[max(hits, key=len)] if hits else None


def administered_generics(view: EhrView, facts: AdmissionFacts) -> set[str]:
    """Drugs (generic names, as :func:`drug_of` names them) the eMAR shows given this
    admission by the current date: completed administrations from the episode's start,
    ear / eye drops (no systemic dose) and line flushes excluded. Reconciliation counts them as ordered,
    whether or not the record holds their order (an observation stay's orders may be
    missing while its administrations are recorded)."""
    out: set[str] = set()
    for res in view.search(
        "MedicationAdministration",
        {"date": [f"ge{facts.start[:10]}"], "status": "completed"},
    )[0]:
        name = med_name(res)
        if EAR_EYE.search(name) or FLUSH.search(name):
            continue
        if (g := generic_in(name)) is not None:
            out.add(g)
    return out


def active_generics(facts: AdmissionFacts) -> dict[str, MedOrder]:
    """Generic name -> its active scheduled-or-not order (first one), flushes excluded."""
    out: dict[str, MedOrder] = {}
    for o in facts.active_orders():
        if o.flush:
            continue
        g = drug_of(o)
        if g and g not in out:
            out[g] = o
    return out


@dataclass(frozen=True)
class AkiFacts:
    """Creatinine-based AKI staging inputs (KDIGO 2012).

    Each reading is staged against its own baseline (:func:`aki_facts`); the answer
    reports the reading with the highest stage.

    Attributes:
        baseline: The reference creatinine (mg/dL) of the staged reading.
        peak: Highest creatinine of the admission so far (mg/dL).
        rise_48h: Largest rise between two values at most 48 h apart (mg/dL).
        latest: Most recent creatinine (mg/dL).
        stage: KDIGO stage 0-3 by creatinine (the highest of any reading so far).
        basis: ``"outpatient"``, ``"earlier stay"`` (a pre-admission value 7-365 days
            before the episode) or ``"prior 7 days"`` (the lowest value of the 7 days
            before the staged reading).
        baseline_time: When the baseline was drawn.
        reading: The staged reading (mg/dL): the one with the highest stage, the highest
            such value; without AKI, the one highest against its baseline.
        reading_time: When it was drawn.
        peak_unstaged: The highest value had no earlier value to be staged against (the
            episode's first value, nothing in the 7 days before it nor a pre-admission
            baseline).
    """

    baseline: float
    peak: float
    rise_48h: float
    latest: float
    stage: int
    basis: str = "prior 7 days"
    baseline_time: str = ""
    #: KDIGO stage of the latest value against its own baseline (a rise within the 48 h
    #: before it counts): the state at the session time. 0 after a stage 1-3 AKI is a
    #: recovered one (no AKI criterion met any more: ADQI 16, Chawla LS et al., Nat Rev
    #: Nephrol 2017;13:241-57); urgency follows this, not the peak (KDIGO 2012 5.1).
    current_stage: int = 0
    reading: float = 0.0
    reading_time: str = ""
    peak_unstaged: bool = False
    #: With basis "before an earlier AKI": the unresolved value the earlier stay ended on.
    tail: float = 0.0
    #: Renal replacement therapy started in this episode (``"haemodialysis"`` /
    #: ``"CRRT"``) and its first day: KDIGO 2012 (2.1, Table 2) stages the initiation of
    #: RRT as stage 3, and a creatinine after it follows the dialysis (a fall is
    #: clearance, not recovery); the creatinine stage is read before it.
    rrt: str = ""
    rrt_day: str = ""
    #: Dialysis still runs at the session (:func:`still_on_rrt`), and the last day the
    #: record shows it.
    on_rrt: bool = False
    rrt_last: str = ""
    #: When the continuous therapy was seen to stop (its period's end), "" when the
    #: record shows no end (:attr:`~physassist_env.scenarios.features.Dialysis.ended`).
    rrt_ended: str = ""
    #: A new AKI event at the latest value (:func:`new_rise`): its stage, the nadir it
    #: rose from (mg/dL, time) after the earlier AKI had recovered, and when the latest
    #: value was drawn; 0 / "" without one (round 8b).
    new_stage: int = 0
    new_from: float = 0.0
    new_from_time: str = ""
    new_time: str = ""
    #: An earlier stay's AKI this episode's readings are not staged against (round 9):
    #: (pre-illness value, its time, the last value before this episode, its time) when
    #: the staged reading is at or below that last value (:func:`aki_facts`); None
    #: otherwise.
    earlier_aki: tuple[float, str, float, str] | None = None
    #: The creatinine has been flat for :data:`PLATEAU_DAYS` days or more after the
    #: staged reading (every value since within less than the KDIGO 0.3 mg/dL step):
    #: (since, lowest, highest) of that plateau, None otherwise (:func:`plateau`).
    plateau: tuple[str, float, float] | None = None
    #: Post-bypass values of the 7 days before the staged reading lower than its
    #: baseline, left out of the baseline as haemodiluted
    #: (:func:`~physassist_env.clinical.scores.haemodiluted`): (time, mg/dL), oldest
    #: first. The answer names them, so "the lowest value of the 7 days before it" is
    #: not said of a value that is not the lowest (round 11).
    diluted: tuple[tuple[str, float], ...] = ()

    def plateau_text(self) -> tuple[str, str]:
        """(EN, ZH) sentence on an AKI whose peak is over a week old with the creatinine
        flat since (:attr:`plateau`), "" without one or once recovered: the episode was
        staged, but no AKI is under way now; above its baseline the kidney function has
        settled at a new level, acute kidney disease after the AKI (KDIGO 2012 2.1: AKI
        is a change within 7 days; ADQI 16, Chawla LS et al., Nat Rev Nephrol
        2017;13:241-57: AKD, 7-90 days after the AKI, without recovery to baseline;
        round 10b)."""
        if self.plateau is None or self.recovered:
            return "", ""
        since, lo, hi = self.plateau
        level = fmt1(lo) if lo == hi else f"{fmt1(lo)}-{fmt1(hi)}"
        day = self.reading_time[:10]
        # the staged reading is "that peak" only when it is the peak (round 11)
        that_en, that_zh = (
            ("That peak was", "该峰值出现于")
            if self.reading == self.peak
            else ("The staged value was drawn", "分期所依据的数值出现于")
        )
        return (
            f" {that_en} on {day}; the creatinine has been stable at {level} mg/dL since {since[:10]}, over a week: the acute injury is past, and the creatinine has settled above its baseline (acute kidney disease after the AKI), to be followed up (renal function and nephrotoxins).",
            f"{that_zh} {day}；{since[:10]} 起肌酐稳定于 {level} mg/dL，已超过一周：急性期已过，肌酐稳定于高于基线的水平（急性肾损伤后的急性肾脏病），需随访（肾功能及肾毒性药物）。",
        )

    def earlier_aki_text(self) -> tuple[str, str]:
        """(EN, ZH) sentence on an earlier stay's AKI the readings are not staged
        against (:attr:`earlier_aki`), "" without one: the creatinine has not risen above
        the value that stay ended on, more than 7 days ago, so there is no rise within
        the prior 7 days (KDIGO 2012 2.1): that AKI is resolved when the latest value is
        back at its pre-illness value, else recovering or settled at a new level."""
        if self.earlier_aki is None:
            return "", ""
        b0, t0, tail, t1 = self.earlier_aki
        resolved = self.latest <= b0 + 1e-9
        state_en, state_zh = (
            ("that AKI has resolved", "该次急性肾损伤已恢复")
            if resolved
            else (
                "that AKI is recovering or has settled at a new level, to be monitored",
                "该次急性肾损伤在恢复中或已稳定于新的水平，需继续监测",
            )
        )
        return (
            f" An earlier admission had an AKI (creatinine {fmt1(b0)} mg/dL on {t0[:10]} before it); that stay ended at {fmt1(tail)} mg/dL on {t1[:10]} and the creatinine has not risen above that since, so there is no rise against a baseline of the prior 7 days and no new AKI: {state_en}.",
            f"既往住院期间肌酐曾自 {t0[:10]} 的 {fmt1(b0)} mg/dL 升高；本次入院前最后一次为 {t1[:10]} 的 {fmt1(tail)} mg/dL，此后肌酐未再高于该值，相对前 7 天基线无升高，无新发急性肾损伤：{state_zh}。",
        )

    def new_rise_text(self) -> tuple[str, str]:
        """(EN, ZH) of the KDIGO criterion the new rise meets (:func:`new_rise`)."""
        hours = (_t(self.new_time) - _t(self.new_from_time)).total_seconds() / 3600
        if hours <= 48 and self.latest - self.new_from >= AKI_RISE - 1e-9:
            # no number with a unit: the criterion is no creatinine value of the record
            return (
                "a rise meeting the KDIGO 48-hour criterion",
                "48 小时内升幅达到 KDIGO 标准",
            )
        return (
            "1.5 times the nadir or more within 7 days",
            "7 天内升至最低值的一倍半以上",
        )

    @property
    def came_down(self) -> bool:
        """The latest creatinine lies below the peak by more than 10% of it (the
        general step of :func:`physassist_env.clinical.course.direction`, about the
        creatinine's reference change value; the 0.3 mg/dL minimum of a trend reading
        is KDIGO's for a rise): 1.2 -> 1.0 has come down, 1.0 -> 0.9 and 1.6 -> 1.6 have
        not."""
        return course_direction([self.peak, self.latest], 1) == "falling"

    @property
    def recovered(self) -> bool:
        """An AKI (stage 1-3 at its peak) that meets no AKI criterion at the latest
        value, which has come down from the peak (:attr:`came_down`). A latest value
        still at the peak that meets no criterion only because no lower value lies in
        the 7 days before it is no recovery (ADQI 16, Chawla LS et al., Nat Rev
        Nephrol 2017;13:241-57: recovery is a return towards the baseline; round 11:
        "the creatinine has come down" was said of a latest value equal to the peak)."""
        return self.stage > 0 and self.current_stage == 0 and self.came_down

    def not_down_text(self) -> tuple[str, str]:
        """(EN, ZH) sentence on an AKI whose latest value meets no KDIGO criterion but
        has not come down from the peak (:attr:`came_down`), with no plateau sentence
        (:meth:`plateau_text`); "" otherwise: the AKI has not recovered."""
        if (
            self.stage == 0
            or self.current_stage
            or self.came_down
            or self.plateau is not None
        ):
            return "", ""
        last, peak, b = fmt1(self.latest), fmt1(self.peak), fmt1(self.baseline)
        at_en, at_zh = (
            ("the latest value is the peak", "最近一次数值即为峰值")
            if last == peak
            else (
                f"the latest value, {last} mg/dL, is within the creatinine's variation of the peak of {peak} mg/dL",
                f"最近一次 {last} mg/dL 与峰值 {peak} mg/dL 相差在肌酐的波动范围内",
            )
        )
        return (
            f" The creatinine has not come down: {at_en}. It meets no KDIGO criterion against the values of the 7 days before it, but it stays above the baseline of {b} mg/dL, so the AKI has not recovered; the creatinine is rechecked.",
            f"肌酐未回落：{at_zh}。相对其前 7 天的数值未达 KDIGO 标准，但仍高于基线 {b} mg/dL，急性肾损伤尚未恢复，需复查肌酐。",
        )

    def diluted_text(self) -> tuple[str, str]:
        """(EN, ZH) clause naming the haemodiluted post-bypass values left out of the
        baseline (:attr:`diluted`), and the 48-hour rise from them when it reaches the
        KDIGO 0.3 mg/dL, which reads the dilution wearing off, not counted (ADQI 20,
        Nadim MK et al., J Am Heart Assoc 2018;7:e008834: the pre-operative value is
        the reference); ``("", "")`` without them."""
        if not self.diluted:
            return "", ""
        seen = list(dict.fromkeys((t[:10], fmt1(v)) for t, v in self.diluted))
        shown = ", ".join(f"{v} mg/dL on {d}" for d, v in seen)
        shown_zh = "，".join(f"{d} 的 {v} mg/dL" for d, v in seen)
        en = f"; the values after the cardiac operation ({shown}) are haemodiluted by the bypass and no baseline"
        zh = f"；心脏手术后较低的数值（{shown_zh}）为体外循环血液稀释所致，不作基线"
        hours = [
            (t, v)
            for t, v in self.diluted
            if 0 < (_t(self.reading_time) - _t(t)).total_seconds() / 3600 <= 48
        ]
        low = min(hours, key=lambda x: x[1], default=None)
        if low is not None and self.reading - low[1] >= AKI_RISE - 1e-9:
            r = fmt1(self.reading)
            # no number with a unit for the criterion: it is no value of the record
            en += f"; the rise from {fmt1(low[1])} to {r} mg/dL within 48 hours meets the KDIGO 48-hour criterion in number only, the dilution wearing off, and is not counted"
            zh += f"；48 小时内由 {fmt1(low[1])} 升至 {r} mg/dL 仅在数值上达到 KDIGO 48 小时标准，系稀释消退所致，不计入"
        return en, zh

    def baseline_text(self) -> tuple[str, str]:
        """(EN, ZH) of which value the baseline is, for the answer to say so (KDIGO 2012)."""
        day = self.baseline_time[:10]
        if self.basis == "outpatient":
            return (
                # KDIGO 2012 2.1 / Siew 2012: the baseline lies 7-365 days before the
                # episode; values of the last 7 days are readings staged against it,
                # so it is "the most recent" only of that window (round 7b)
                f"the most recent outpatient value drawn 7 days or more before the admission, on {day}",
                f"入院前 7 天以上最近一次门诊值，{day}",
            )
        if self.basis == "before an earlier AKI":
            tail = fmt1(self.tail)
            return (
                f"the value before an earlier admission's AKI, drawn {day}; that admission ended at {tail} mg/dL, an AKI not yet resolved, so its last value is no baseline",
                f"既往住院发生急性肾损伤之前的数值，{day}；该次住院出院时为 {tail} mg/dL，急性肾损伤尚未恢复，不能作为基线",
            )
        if self.basis == "recovery value":
            return (
                # the window searched is the year before (features.BASELINE_DAYS): older
                # values may exist and are no baseline, so "none before" is not said
                f"no value in the year before this admission: the creatinine was highest on admission and fell to this value, drawn {day}, so the AKI was present on admission and its recovery value is the baseline",
                f"入院前一年内无数值：肌酐入院时最高，之后降至此值（{day}），入院时即存在急性肾损伤，以恢复后的数值作为基线",
            )
        if self.basis == "off-dialysis low":
            return (
                f"the lowest value of this stay, drawn {day} off dialysis after the first AKI recovered; no value in the year before this admission",
                f"本次住院最低值（{day}，停透析后首次急性肾损伤恢复时）；入院前一年内无数值",
            )
        if self.basis == "earlier stay":
            return (
                f"the last value of an earlier admission, drawn {day}; no outpatient value in the year before",
                f"既往住院末次值，{day}；入院前一年内无门诊值",
            )
        if self.diluted:
            return (
                f"the lowest value of the 7 days before it other than the haemodiluted post-bypass values, drawn {day}",
                f"该次之前 7 天内除体外循环后血液稀释数值外的最低值，{day}",
            )
        return (
            f"the lowest value of the 7 days before it, drawn {day}",
            f"该次之前 7 天内的最低值，{day}",
        )

    def against_text(self) -> tuple[str, str]:
        """(EN, ZH) of the staged reading against its baseline: "peak creatinine P mg/dL
        against a baseline of B mg/dL (which)", naming the reading when it is not the
        peak (and why the peak is not the one staged)."""
        b, p, r = (fmt1(v) for v in (self.baseline, self.peak, self.reading))
        which_en, which_zh = self.baseline_text()
        dil_en, dil_zh = self.diluted_text()
        if self.reading == self.peak:
            return (
                f"peak creatinine {p} mg/dL against a baseline of {b} mg/dL ({which_en}){dil_en}",
                f"肌酐峰值 {p} mg/dL，基线 {b} mg/dL（{which_zh}）{dil_zh}",
            )
        why_en, why_zh = (
            (
                "reached after renal replacement therapy began",
                "出现在肾脏替代治疗开始之后",
            )
            if self.rrt and self.reading_time[:10] <= self.rrt_day
            else (
                "the episode's first value, with no earlier value to stage it against",
                "为本次病程首个数值，此前无可比较的数值",
            )
            if self.peak_unstaged
            else (
                "no higher stage against the values before it",
                "与其之前的数值相比未达更高分期",
            )
        )
        day = self.reading_time[:10]
        return (
            f"creatinine {r} mg/dL on {day} against a baseline of {b} mg/dL ({which_en}){dil_en}; the peak of {p} mg/dL was {why_en}",
            f"{day} 肌酐 {r} mg/dL，基线 {b} mg/dL（{which_zh}）{dil_zh}；峰值 {p} mg/dL {why_zh}",
        )


def _t(ts: str) -> datetime:
    return datetime.fromisoformat(ts[:19] if "T" in ts else ts[:10] + "T00:00:00")


#: End-stage kidney disease or dependence on dialysis, ICD-10-CM N18.6, Z99.2, Z49.x,
#: Z91.15; ICD-9-CM 585.6, V45.11, V45.12, V56.x. KDIGO 2012 AKI guideline (Kidney Int
#: Suppl 2012;2:1-138, section 2.1) defines AKI by a change in kidney function; in a
#: patient on maintenance dialysis creatinine follows the dialysis schedule, so staging
#: AKI by creatinine does not apply.
DIALYSIS_CODES = ("N186", "Z992", "Z49", "Z9115", "5856", "V4511", "V4512", "V56")


#: Drugs given to patients on maintenance dialysis: a renal vitamin (Nephrocaps,
#: Nephro-Vite, Rena-Vite), cinacalcet (Sensipar US label: secondary hyperparathyroidism
#: of CKD on dialysis) and phosphate binders (sevelamer, lanthanum, calcium acetate,
#: sucroferric oxyhydroxide, ferric citrate; KDIGO 2017 CKD-MBD guideline update, 4.1).
#: Ordered in the first days of an episode they are the patient's home regimen.
MAINTENANCE_DIALYSIS_DRUG = re.compile(
    r"\b(?:nephro-?caps|nephro-?vite|rena-?vite|cinacalcet|sensipar|sevelamer|renvela"
    r"|renagel|lanthanum|fosrenol|calcium\s+acetate|phoslo|velphoro|sucroferric"
    r"|ferric\s+citrate|auryxia)\b",
    re.I,
)
#: Days from the episode's start within which dialysis and those drugs show a patient
#: who came in on maintenance dialysis (the first session of an AKI needing dialysis
#: comes after the creatinine has risen, not on the day of arrival).
MAINTENANCE_START_DAYS = 2
#: eGFR (CKD-EPI 2021, mL/min/1.73 m2) below which a pre-admission creatinine is kidney
#: failure (KDIGO 2012 CKD guideline, category G5).
KIDNEY_FAILURE_EGFR = 15.0


def on_maintenance_dialysis(facts: AdmissionFacts) -> bool:
    """Whether the patient is on maintenance dialysis by the current date: ESKD or
    dialysis dependence coded on a Condition known then, or (round 8b) dialysis within
    :data:`MAINTENANCE_START_DAYS` days of the episode's start with the record of a
    dialysis patient beside it: a drug of :data:`MAINTENANCE_DIALYSIS_DRUG` ordered in
    those days, or a pre-admission creatinine in the kidney-failure range (eGFR below
    :data:`KIDNEY_FAILURE_EGFR`); haemodialysis on any day of the stay with such a
    creatinine (round 13: dialysis started in kidney failure, G5D). A maintenance session is no AKI stage 3: KDIGO 2012
    AKI guideline 2.1 defines AKI by a change in kidney function, and the creatinine of
    a dialysis patient follows the dialysis schedule (KDIGO 2012 CKD guideline, G5D)."""
    if facts.ever_had(*DIALYSIS_CODES) or facts.has_condition(
        *DIALYSIS_CODES, "N18.6", "Z99.2", "585.6", "V45.1"
    ):
        return True
    rrt = facts.dialysis
    if rrt is None or not rrt.first_day or not facts.start:
        return False
    # a pre-admission creatinine in the kidney-failure range (CKD G5) and haemodialysis
    # in the record, on any day of the stay: dialysis started in kidney failure is
    # maintenance dialysis (G5D), not an AKI to stage or to call recovering from the
    # creatinine (KDIGO 2012 CKD guideline 1.2, G5; KDIGO 2012 AKI guideline 2.1; round
    # 13, 10015860-24698912 t1: HD started on day 6 in a patient with a baseline of 5.0
    # mg/dL was staged and called "recovering, off dialysis")
    known = facts.baseline_creatinine
    failure = (
        known is not None
        and facts.age is not None
        and known.basis != "recovery value"
        and egfr_ckd_epi_2021(
            creatinine=known.value, age=facts.age, female=facts.female
        )
        < KIDNEY_FAILURE_EGFR
    )
    if failure and rrt.kind == "haemodialysis":
        return True
    first = _t(facts.start[:10])
    if _t(rrt.first_day) - first >= timedelta(days=MAINTENANCE_START_DAYS):
        return False
    early = first + timedelta(days=MAINTENANCE_START_DAYS)
    if any(
        MAINTENANCE_DIALYSIS_DRUG.search(o.name) and o.start and _t(o.start) < early
        for o in facts.orders
    ):
        return True
    return failure


def on_dialysis(facts: AdmissionFacts) -> str:
    """The renal replacement therapy a patient is on by the current date: ``"haemodialysis"``
    when ESKD / dialysis dependence is coded (:func:`on_maintenance_dialysis`) or the
    record shows haemodialysis (a procedure or an order to a dialysis protocol:
    :func:`~physassist_env.scenarios.features.dialysis_in_record`), ``"CRRT"`` for
    continuous therapy only, else ``""``. A patient on dialysis is dosed for the
    dialysis, not by a Cockcroft-Gault clearance (ASHP/IDSA/PIDS/SIDP 2020 vancomycin
    guideline; KDIGO 2012 AKI guideline 5.x)."""
    if facts.dialysis is not None and facts.dialysis.kind == "haemodialysis":
        return "haemodialysis"
    if on_maintenance_dialysis(facts):
        return "haemodialysis"
    return facts.dialysis.kind if facts.dialysis is not None else ""


#: Dialysis shown within this many days of the session still runs (intermittent
#: haemodialysis is given about three times a week).
RRT_CURRENT_DAYS = 3


#: Hours between the end of the newest CRRT period and the session day after which the
#: therapy is read as off: a shorter gap is an interruption (a filter change, a transfer,
#: a procedure) after which CRRT commonly resumes, its next period charted later (the
#: MIMIC-IV demo's CRRT runs are split by gaps of hours; round 11).
CRRT_OFF_HOURS = 24


def still_on_rrt(
    facts: AdmissionFacts, pts: list[LabPoint], first_day: str, last_day: str
) -> bool:
    """Whether renal replacement therapy still runs at the session: the record shows it
    within :data:`RRT_CURRENT_DAYS` days of the session day, or the creatinine since it
    began rose by 0.3 mg/dL or more between two draws of the last 72 h (the
    inter-dialytic rise of a dialysis-dependent patient, whose sessions the record need
    not list one by one). A creatinine that has only fallen for days with no dialysis
    shown is read off dialysis (KDIGO 2012 AKI guideline 5.4: RRT stops when intrinsic
    kidney function has recovered enough). Continuous therapy (CRRT) is read by its
    period (:class:`~physassist_env.scenarios.features.Dialysis`): it runs while its
    newest period has no end by the session, and is off once the record shows that
    period ended :data:`CRRT_OFF_HOURS` hours or more before the session day with no
    sign of dialysis on a later day (round 11: "dialysis still runs" was said well
    over a day after the CRRT had stopped)."""
    rrt = facts.dialysis
    now = _t(facts.current_date)
    if rrt is not None and rrt.kind == "CRRT":
        if rrt.runs:
            return True
        if (
            rrt.ended
            and last_day <= rrt.ended[:10]
            and now - _t(rrt.ended) >= timedelta(hours=CRRT_OFF_HOURS)
        ):
            return False
    if last_day and now - _t(last_day) <= timedelta(days=RRT_CURRENT_DAYS):
        return True
    after = [p for p in pts if p.time[:10] >= first_day]
    if not after:
        return False
    end = _t(after[-1].time)
    recent = [p for p in after if end - _t(p.time) <= timedelta(hours=72)]
    return any(
        b.value - a.value >= 0.3 for a, b in zip(recent, recent[1:], strict=False)
    )


def dialysis_running(facts: AdmissionFacts) -> bool:
    """Whether haemodialysis runs at the session, so the creatinine follows its sessions:
    maintenance dialysis (ESKD or dependence coded) always; dialysis of this episode for
    an AKI only while :func:`still_on_rrt` reads it as running (shown within
    :data:`RRT_CURRENT_DAYS` days, or an inter-dialytic rise). After the last session the
    creatinine is the kidney's own again and its trend is read (KDIGO 2012 AKI guideline
    5.4: RRT stops when intrinsic kidney function has recovered)."""
    if on_dialysis(facts) != "haemodialysis":
        return False
    rrt = facts.dialysis
    if on_maintenance_dialysis(facts) or rrt is None or not rrt.first_day:
        return True
    if rrt.first_day < facts.start[:10]:
        return True  # came in on dialysis
    cr = facts.labs.get("creatinine")
    pts = [p for p in cr.points if p.time] if cr is not None else []
    last = rrt.last_day or rrt.day or rrt.first_day
    return still_on_rrt(facts, pts, rrt.first_day, last)


def fmt1(value: float) -> str:
    """A creatinine as quoted (one decimal)."""
    return f"{value:.1f}"


def aki_facts(facts: AdmissionFacts) -> AkiFacts | None:
    """KDIGO creatinine staging of the admission so far, or None with fewer than 2
    values in mg/dL or no reading that has an earlier value to be staged against.

    KDIGO 2012 AKI guideline (Kidney Int Suppl 2012;2:1-138, section 2.1): AKI is a rise
    of >= 0.3 mg/dL within 48 hours, or to >= 1.5x a baseline "known or presumed to have
    occurred within the prior 7 days". Each reading is staged against its own baseline:
    the lowest value of the 7 days before it (this episode's earlier values and those
    of the days before the episode: an ED visit, an earlier admission), or the
    pre-admission baseline (:attr:`AdmissionFacts.baseline_creatinine`, 7-365 days
    before: Siew ED et al., Clin J Am Soc Nephrol 2012;7:712-9) when that is lower. A
    nadir reached after a reading is never its baseline (a creatinine of 0.9 on
    admission that falls to 0.4 over two weeks of cachexia is no AKI at admission), and
    only values known at the session time are read (``facts`` is the date-gated view's).
    Two exceptions (round 7b): with no baseline known and no value before the episode, a
    raised admission value that falls by a KDIGO criterion is an AKI present on
    admission, staged against the recovery value (basis ``"recovery value"``:
    :func:`~physassist_env.clinical.scores.recovery_baseline`); after cardiac surgery a
    post-bypass value lower than the pre-operative one is haemodiluted and no reference
    (:func:`~physassist_env.clinical.scores.haemodiluted`).
    The reading with the highest stage is reported; the latest reading's stage is the
    state now (:attr:`AkiFacts.current_stage`)."""
    from physassist_env.clinical.scores import (
        haemodiluted,
        kdigo_readings,
        recovery_baseline,
    )

    if on_maintenance_dialysis(facts):
        return None
    cr = facts.labs.get("creatinine")
    if cr is None or len(cr.points) < 2 or "mg" not in cr.latest.unit.lower():
        return None
    # a value the laboratory says may be falsely high (an interference comment on a
    # point-of-care creatinine) is no reading nor baseline (clinical.specimen; round 8b)
    pts = [p for p in cr.reliable if p.time]
    if len(pts) < 2:
        return None
    before = [
        p
        for p in facts.creatinine_before
        if p.time < pts[0].time
        and not spurious("creatinine", p.note)
        and not implausible("creatinine", p.value, p.unit)
    ]
    known = facts.baseline_creatinine
    rrt = facts.dialysis
    if rrt is not None and rrt.first_day:
        # on dialysis before this episode (an earlier stay or the month before), or from
        # its first two days with no earlier creatinine to tell an AKI that needed
        # dialysis from maintenance dialysis: creatinine follows the dialysis schedule,
        # and AKI staging by creatinine does not apply (KDIGO 2012 2.1)
        if rrt.first_day < facts.start[:10]:
            return None
        if (
            known is None
            and not before
            and _t(rrt.first_day) - _t(facts.start[:10]) < timedelta(days=2)
        ):
            return None
    peak = max(p.value for p in pts)
    all_pts = pts
    if rrt is not None and rrt.first_day:
        # the creatinine stage is read on the values up to the day dialysis began
        pts = [p for p in pts if p.time[:10] <= rrt.first_day] or pts[:2]
    series = [(p.time, p.value) for p in pts]
    ref = (known.value, known.time, known.basis) if known is not None else None
    if ref is None and not before:
        # an AKI present on admission: the recovery value is the baseline (round 7b)
        recovery = recovery_baseline(series, pts[0].flag.upper().startswith("H"))
        if recovery is not None:
            ref = (*recovery, "recovery value")
    op = facts.surgery
    prior = [(p.time, p.value) for p in before]
    # the pre-operative value may be an outpatient draw of the days before (round 9) or,
    # with none in those 7 days, the pre-admission baseline itself: the pre-operative
    # steady state is the reference a post-bypass value is read against (KDIGO 2012
    # 2.1; ADQI 20, Nadim MK et al., J Am Heart Assoc 2018;7:e008834), and round 9 read
    # only the 7 days before, so a pre-operative 1.2 drawn 26 days before left the
    # post-bypass 0.6 the baseline of a "stage 1" at 1.0 (round 10b)
    steady: list[tuple[str, float]] = []
    if known is not None and not prior:
        steady = [
            (known.tail_time, known.tail)
            if known.tail and known.tail_time
            else (known.time, known.value)
        ]
    diluted = (
        haemodiluted(steady + prior + series, op.day)
        if op is not None and op.kind == "cardiac"
        else ()
    )
    # a pre-illness baseline from before an earlier stay's AKI stages only a reading
    # above the level the creatinine had when this episode began: the value that stay
    # ended on, or a value of the days before the episode drawn after it
    # (scores.kdigo_readings; round 9)
    level: tuple[str, float] = ("", 0.0)
    if known is not None and known.tail:
        level = max([(known.tail_time, known.tail), *prior])
    settled = level[1]
    staged = kdigo_readings(
        series, prior, ref, not_reference=diluted, known_above=settled
    )
    if not staged:
        return None
    rise = max(r.rise_48h for r in staged)
    unstaged_peak = max(p.value for p in pts) == peak and not any(
        r.value == peak for r in staged
    )
    top = max(staged, key=lambda r: (r.stage, r.value, r.ratio))
    if top.stage == 0:
        top = max(staged, key=lambda r: (r.ratio, r.value))
    now = staged[-1].stage if staged[-1].time == pts[-1].time else 0
    again = new_rise(pts, staged, top) if rrt is None or not rrt.first_day else None
    if again is not None:
        now = max(now, again[0])
    stage, baseline, when, basis = top.stage, top.baseline, top.baseline_time, top.basis
    reading = LabPoint(top.time, top.value, cr.latest.unit, "")
    on_rrt = False
    if rrt is not None and rrt.first_day:
        # initiation of RRT is KDIGO stage 3 (KDIGO 2012 2.1, Table 2); while it runs
        # the creatinine is the dialysis' (a fall is clearance), so the AKI is not
        # "recovering" by it; off dialysis the latest value is read against the baseline
        stage = 3
        last_rrt = rrt.last_day or rrt.day or rrt.first_day
        on_rrt = still_on_rrt(facts, all_pts, rrt.first_day, last_rrt)
        now = (
            3
            if on_rrt
            else kdigo_aki_stage(
                baseline=baseline, peak=all_pts[-1].value, rise_48h=0.0
            )
        )
        episode = (
            post_rrt_episode(all_pts, rrt.ended) if rrt.ended and not on_rrt else None
        )
        if episode is not None:
            # the first AKI recovered off dialysis and a second one rose from that
            # nadir; with no earlier value than the stay's, the off-dialysis low is
            # the best estimate of the baseline, not the pre-dialysis recovery value
            # (KDIGO 2012 2.1; Siew ED et al., Clin J Am Soc Nephrol 2012;7:712-9)
            again = episode
            now = episode[0]
            nadir = episode[1]
            if basis == "recovery value" and nadir.value < baseline:
                baseline, when, basis = nadir.value, nadir.time, "off-dialysis low"
    # post-bypass values lower than the baseline in the 7 days before the staged
    # reading, left out of it as haemodiluted: named in the answer (round 11)
    left = tuple(
        (t, v)
        for t, v in steady + prior + series
        if t in diluted
        and v < baseline
        and 0 < (_t(reading.time) - _t(t)).total_seconds() <= 7 * 86400
    )
    return AkiFacts(
        baseline,
        peak,
        round(rise, 2),
        all_pts[-1].value,
        stage,
        basis,
        when,
        current_stage=now,
        reading=reading.value,
        reading_time=reading.time,
        peak_unstaged=unstaged_peak,
        tail=known.tail if known is not None and basis == known.basis else 0.0,
        rrt=rrt.kind if rrt is not None and rrt.first_day else "",
        rrt_day=rrt.first_day if rrt is not None else "",
        on_rrt=on_rrt,
        rrt_last=(rrt.last_day or rrt.day or rrt.first_day) if rrt is not None else "",
        rrt_ended=rrt.ended if rrt is not None and not on_rrt else "",
        new_stage=again[0] if again is not None else 0,
        new_from=again[1].value if again is not None else 0.0,
        new_from_time=again[1].time if again is not None else "",
        new_time=all_pts[-1].time if again is not None else "",
        earlier_aki=(
            (known.value, known.time, level[1], level[0])
            if known is not None and known.tail and basis != known.basis
            else None
        ),
        plateau=(
            plateau(all_pts, top)
            if again is None and not (rrt is not None and rrt.first_day)
            else None
        ),
        diluted=left,
    )


#: Hours off continuous renal replacement therapy before a creatinine nadir is the
#: kidney's own: a non-recovered kidney's creatinine rises within three days of the
#: filter stopping (KDIGO 2012 AKI guideline 5.4, stopping RRT when the kidney
#: recovers).
OFF_RRT_HOURS = 72


def post_rrt_episode(pts: list[LabPoint], ended: str) -> tuple[int, LabPoint] | None:
    """``(stage, nadir)`` of a second AKI after the first recovered off dialysis, else
    None: the creatinine's lowest value after the therapy stopped lies
    :data:`OFF_RRT_HOURS` hours or more after it (the kidney's own level, not the
    filter's), and a later value rose from it by the KDIGO 0.3 mg/dL within 48 h or to
    1.5 times it within 7 days: a new episode, staged against that nadir by the
    highest value since (KDIGO 2012 2.1; ADQI 16, Chawla LS et al., Nat Rev Nephrol
    2017;13:241-57: recovery is no AKI criterion met, a rise after it a new episode;
    round 16b, reading m, 10039708-28258130 t1: CRRT stopped, the creatinine fell to
    its lowest of the stay, then rose over fourfold, read as "has not recovered")."""
    stop = _t(ended[:19])
    off = [p for p in pts if _t(p.time) > stop]
    if len(off) < 3:
        return None
    nadir = min(off, key=lambda p: (p.value, p.time))
    if _t(nadir.time) - stop < timedelta(hours=OFF_RRT_HOURS):
        return None
    after = [p for p in off if p.time > nadir.time]
    onset = [
        p
        for p in after
        if (
            p.value - nadir.value >= AKI_RISE - 1e-9
            and _t(p.time) - _t(nadir.time) <= timedelta(hours=48)
        )
        or (
            p.value >= 1.5 * nadir.value
            and _t(p.time) - _t(nadir.time) <= timedelta(days=7)
        )
    ]
    if not onset:
        return None
    rise = (
        max(
            p.value - nadir.value
            for p in after
            if _t(p.time) - _t(nadir.time) <= timedelta(hours=48)
        )
        if any(_t(p.time) - _t(nadir.time) <= timedelta(hours=48) for p in after)
        else 0.0
    )
    stage = kdigo_aki_stage(
        baseline=nadir.value, peak=max(p.value for p in after), rise_48h=rise
    )
    return (stage, nadir) if stage else None


#: Days the creatinine must have been flat after an AKI's staged reading for the AKI to
#: read as over (KDIGO 2012 2.1: AKI is a change within 7 days; ADQI 16: beyond 7 days
#: a persisting change is acute kidney disease).
PLATEAU_DAYS = 7


def plateau(pts: list[LabPoint], top: StagedReading) -> tuple[str, float, float] | None:
    """(since, lowest, highest) when every value from ``since`` to the latest lies
    within less than the KDIGO 0.3 mg/dL step, ``since`` is after the staged reading
    ``top`` and :data:`PLATEAU_DAYS` days or more before the latest value; else None."""
    if top.stage < 1 or not pts:
        return None
    last = pts[-1]
    lo = hi = last.value
    since = last
    for p in reversed(pts[:-1]):
        if p.time <= top.time:
            break
        if max(hi, p.value) - min(lo, p.value) >= AKI_RISE - 1e-9:
            break
        lo, hi, since = min(lo, p.value), max(hi, p.value), p
    if (_t(last.time) - _t(since.time)) < timedelta(days=PLATEAU_DAYS):
        return None
    return since.time, lo, hi


def new_rise(
    pts: list[LabPoint], staged: list[StagedReading], top: StagedReading
) -> tuple[int, LabPoint] | None:
    """``(stage, nadir)`` when the latest creatinine is a new AKI after the staged one
    had recovered, else None.

    After the highest-stage reading ``top`` (of :func:`kdigo_readings`), the creatinine
    fell to a nadir that met no AKI criterion (a stage 0 reading: recovered, ADQI 16,
    Chawla LS et al., Nat Rev Nephrol 2017;13:241-57) and the latest value rises from
    that nadir by :data:`~physassist_env.clinical.scores.AKI_RISE` mg/dL or more within
    48 h, or to 1.5 times it within 7 days: a new AKI event now, staged against the
    nadir (KDIGO 2012 AKI guideline 2.1: the baseline is the lowest value of the prior
    7 days), not only the old peak against its baseline (round 8b)."""
    if top.stage < 1 or len(pts) < 3 or pts[-1].time <= top.time:
        return None
    last = pts[-1]

    def hours(p: LabPoint) -> float:
        return (_t(last.time) - _t(p.time)).total_seconds() / 3600

    week = [p for p in pts[:-1] if p.time > top.time and hours(p) <= 168]
    if not week:
        return None
    low = min(week, key=lambda p: (p.value, p.time))
    days2 = [p for p in week if hours(p) <= 48]
    low48 = min(days2, key=lambda p: (p.value, p.time)) if days2 else low
    rise = last.value - low48.value if days2 else 0.0
    stage = kdigo_aki_stage(baseline=low.value, peak=last.value, rise_48h=rise)
    nadir = low if last.value >= 1.5 * low.value else low48
    recovered = any(r.stage == 0 and top.time < r.time <= nadir.time for r in staged)
    return (stage, nadir) if stage and recovered else None


def rising_aki(facts: AdmissionFacts) -> tuple[float, float] | None:
    """(previous, latest) creatinine in mg/dL when an AKI (KDIGO stage 1 or more by
    :func:`aki_facts`) is still rising at the session time: the latest draw is the
    admission's highest so far and above the draw before it; else None.

    KDIGO 2012 AKI guideline (Kidney Int Suppl 2012;2:1-138, 2.1 and 3.1): monitor the
    creatinine until recovery; a patient whose creatinine is still climbing is not ready
    for a routine discharge, the rise is flagged and rechecked first. Only draws known at
    the session time are read (``facts`` is the view's)."""
    aki = aki_facts(facts)
    cr = facts.labs.get("creatinine")
    if aki is None or aki.stage < 1 or cr is None or len(cr.points) < 2:
        return None
    prev, last = cr.points[-2].value, cr.points[-1].value
    if last > prev and last >= aki.peak:
        return prev, last
    return None


def latest_systolic(view: EhrView, within_days: int = 365) -> tuple[float, str] | None:
    """(systolic BP in mmHg, date) of the newest blood pressure recorded by the view's
    date and at most ``within_days`` before it, or None (LOINC 85354-9 panel, 8480-6
    systolic component). An older reading says nothing about control now."""
    rows = view.search(
        "Observation",
        {"category": "vital-signs", "code": "http://loinc.org|85354-9", "_count": "1"},
    )[0]
    for res in rows:
        for comp in res.get("component") or []:
            codes_ = {
                c.get("code") for c in (comp.get("code") or {}).get("coding") or []
            }
            q = comp.get("valueQuantity") or {}
            when = str(res.get("effectiveDateTime", ""))[:10]
            if "8480-6" in codes_ and q.get("value") is not None and when:
                if (
                    view.as_of
                    and (
                        datetime.fromisoformat(view.as_of[:10])
                        - datetime.fromisoformat(when)
                    ).days
                    > within_days
                ):
                    return None
                return float(q["value"]), when
    return None


def glucose_counts(series: LabSeries) -> tuple[int, int, int]:
    """(readings, hypoglycaemic < 70 mg/dL, above 180 mg/dL) of a glucose series.

    Thresholds: ADA Standards of Care in Diabetes 2024, section 16 (hospital target
    140-180 mg/dL; level 1 hypoglycaemia < 70 mg/dL)."""
    # a result of a contaminated draw is no reading (LabSeries.reliable, CLSI GP41)
    vals = [p.value for p in series.reliable]
    return len(vals), sum(v < 70 for v in vals), sum(v > 180 for v in vals)


def time_in_range(series: LabSeries, low: float, high: float) -> float:
    """Fraction of values within [low, high] (a point estimate of INR time in range)."""
    vals = [p.value for p in series.points]
    return sum(low <= v <= high for v in vals) / len(vals) if vals else 0.0


def drug_of(order: MedOrder) -> str:
    """The drug an order is for, as reconciliation compares lists: its generic (the order's
    class member, else the vocabulary's longest match), else the record name without its
    strength (:func:`physassist_env.clinical.discharge.drug_key`), so a drug the vocabulary
    does not know is still named as a new start or a stop, never dropped silently."""
    return (
        order.generic
        or generic_in(order.name)
        or brand_generic(order.name)
        or drug_key(order)
    )


def new_this_admission(facts: AdmissionFacts) -> list[str]:
    """Scheduled regimens going home that are not home drugs: started this admission."""
    out = []
    for o in facts.going_home_orders():
        g = drug_of(o)
        if g and g not in facts.home and g not in out:
            out.append(g)
    return out


def stopped_home_drugs(facts: AdmissionFacts) -> list[str]:
    """Home drugs (:attr:`AdmissionFacts.home`) with no active order now: stopped or held."""
    active = set(active_generics(facts))
    return [g for g in sorted(facts.home) if g not in active]


@dataclass(frozen=True)
class DischargeList:
    """The regimens a patient went home on after the previous admission.

    Attributes:
        hadm_id: The previous admission.
        end: Its discharge time.
        generics: Generic names of the orders by a home route (oral, subcutaneous,
            inhaled, transdermal, ...) still running in its last 24 hours, scheduled or
            as needed, anti-infective courses included (a course may go on at home),
            without single doses, flushes, inpatient-only drugs, a sliding-scale insulin
            (an inpatient correction scale, not a home regimen: ADA Standards of Care
            2024, 16), rescue glucose gel, lozenges and bowel preparations (the
            record's last known home list).
    """

    hadm_id: str
    end: str
    generics: list[str]
    #: Generic -> its scheduled dose a day on that list (:func:`daily_dose`; a drug whose
    #: schedule cannot be counted, or with none recorded, is left out): what a dose
    #: change is read against.
    doses: dict[str, DailyDose] = field(default_factory=dict)
    #: Generic -> the basal insulin's dose a day on that list (:func:`basal_dose`).
    basal: dict[str, DailyDose] = field(default_factory=dict)
    #: Generic -> its as-needed dose on that list (:func:`prn_dose`).
    prn: dict[str, tuple[float, float, str]] = field(default_factory=dict)
    #: Generic -> ``"scheduled"`` when an order of it on that list had a fixed schedule,
    #: ``"as needed"`` when every one was PRN: a change between the two is a change to
    #: reconcile (hydromorphone 6-8 mg q3h scheduled -> 4-6 mg q4h as needed; round 9b).
    schedule: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DailyDose:
    """One drug's scheduled dose a day (dose x doses a day, summed over its orders in
    force) and the release formulations its orders name.

    Medication reconciliation compares the dose a day, not the dose an administration:
    25 mg TID = 37.5 mg BID = 75 mg a day, and metoprolol tartrate 50 mg BID ->
    succinate XL 100 mg daily is the same dose in a new formulation (Joint Commission
    NPSG.03.06.01: compare dose, route and frequency; ISMP: formulation changes at
    transitions of care)."""

    amount: float
    unit: str
    formulation: frozenset[str]
    #: A schedule of its orders is a weekly pattern (warfarin 5 mg 4X/WEEK + 2.5 mg
    #: 3X/WEEK): compared as a total a week (``amount`` x 7), as an anticoagulation
    #: clinic writes a warfarin dose (ACCP 2012 / CHEST VKA therapy: weekly dose
    #: adjustments; round 8).
    weekly: bool = False

    @property
    def per_week(self) -> float:
        """The dose a week (the dose a day x 7)."""
        return round(self.amount * 7, 3)


#: Release formulations an order name states (metoprolol succinate XL, bupropion SR
#: vs XL, diltiazem CD; none named is the immediate-release form, metoprolol tartrate
#: included): the same dose a day in another one is a formulation change, not a dose
#: change.
_FORMULATION = re.compile(
    r"\b(XL|XR|ER|SR|CR|LA|CD|24 ?HR?|extended[- ]release|sustained[- ]release"
    r"|succinate)\b",
    re.I,
)
#: Once-a-day slots a frequency may name instead of a count (an insulin dose "at
#: breakfast", "at bedtime").
_DAILY_SLOT = re.compile(
    r"^\s*(BREAKFAST|LUNCH|NOON|DINNER|SUPPER|HS|BEDTIME|DAILY\s?\d{1,2})\s*$", re.I
)
#: Every n hours (Q48H, Q72H: MIMIC-IV frequencies the schedule words do not list).
_EVERY_HOURS = re.compile(r"^\s*Q\s?(\d{1,3})\s?H\s*$", re.I)
#: Weekly schedules: n times a week (3X/WEEK), named weekdays (QMOWEFR, QTHUR, MWF).
_TIMES_A_WEEK = re.compile(r"^\s*(\d)\s*X\s*/\s*WEEK\s*$", re.I)
_WEEKDAY = re.compile(r"MO|TU|WE|TH|FR|SA|SU")
_WEEKDAYS = re.compile(
    r"^\s*Q?((?:MO|TU|WE|TH|FR|SA|SU)[A-Z]*(?:[/ ]?(?:MO|TU|WE|TH|FR|SA|SU)[A-Z]*)*"
    r"|M/?W/?F)\s*$",
    re.I,
)


def _per_week(frequency: str) -> float | None:
    """Doses a week of a weekly schedule (3X/WEEK -> 3, QMOWEFR -> 3, QTHUR -> 1), or
    None when ``frequency`` is not one."""
    m = _TIMES_A_WEEK.match(frequency or "")
    if m:
        return float(m.group(1))
    m = _WEEKDAYS.match(frequency or "")
    if m:
        body = m.group(1).upper()
        return (
            3.0
            if body.replace("/", "") == "MWF"
            else float(len(_WEEKDAY.findall(body)))
        )
    return None


def _per_day(frequency: str) -> float | None:
    if _DAILY_SLOT.match(frequency or ""):
        return 1.0
    week = _per_week(frequency)
    if week is not None:
        return week / 7
    m = _EVERY_HOURS.match(frequency or "")
    if m and int(m.group(1)) > 0:
        return 24 / int(m.group(1))
    return doses_per_day(frequency or "")


def _days(order: MedOrder) -> tuple[str, str]:
    """The calendar days an order is in force: (first, last), last ``"9999"`` if open."""
    return order.start[:10], order.end[:10] or "9999"


def same_days(a: MedOrder, b: MedOrder) -> bool:
    """Whether two orders are in force on the same days: each starts before the other's
    last day, or both run to the same last day (a morning and an evening row both
    running, both closed by the discharge), not one handed over to the other on a day
    (the one ends the day the other starts)."""
    (a0, a1), (b0, b1) = _days(a), _days(b)
    return (a0 < b1 and b0 < a1) or a1 == b1


#: Enteral routes one order is dispensed by (MIMIC-IV writes a prescriptions row per
#: product: a tablet "PO" and a liquid "NG" of one senna order): the same route for the
#: dose a day, so one order is not counted twice (round 9b: "senna a higher dose a day").
_ENTERAL = re.compile(r"^(?:PO|NG|OG|PO/NG|PO/OG|NG/OG|G TUBE|J TUBE|PEG|ORAL)$", re.I)


def enteral_route(route: str) -> str:
    """``"ENTERAL"`` for a route by mouth or tube (:data:`_ENTERAL`), else the route in
    capitals."""
    r = route.strip().upper()
    return "ENTERAL" if _ENTERAL.match(r) else r


#: An as-needed frequency (MIMIC-IV "Q4H:PRN", FHIR ``asNeeded`` rendered "PRN").
_AS_NEEDED = re.compile(r"\bPRN\b", re.I)


def schedule_of(orders: list[MedOrder]) -> str:
    """``"scheduled"`` when one of ``orders`` (of one drug) has a fixed schedule, else
    ``"as needed"`` (every order PRN), ``""`` when there is none."""
    if not orders:
        return ""
    if any(not _AS_NEEDED.search(o.frequency or "") for o in orders):
        return "scheduled"
    return "as needed"


#: A MIMIC-IV prescriptions row id, ``rx-<pharmacy_id>-<product row>``.
_RX_ROW = re.compile(r"^rx-(\d+)-\d+$")


def _order_group(o: MedOrder) -> str:
    """The order a row belongs to where the record says so (MIMIC-IV: the pharmacy id
    its product rows share), else ``""`` (rows of one start, route and frequency are
    then read as one order's products)."""
    m = _RX_ROW.match(o.id)
    return m.group(1) if m else ""


def _handed_over(o: MedOrder, last: MedOrder) -> bool:
    """Whether ``o``, another product of the drug (its record name differs), ended
    before ``last`` started: a conversion, not a second part of the dose."""
    return (
        bool(o.end)
        and o.end[:16] <= last.start[:16]
        and o.name.strip().lower() != last.name.strip().lower()
    )


def daily_dose(orders: list[MedOrder]) -> DailyDose | None:
    """The scheduled dose a day of one drug's ``orders`` (:class:`DailyDose`): each
    order's dose x its doses a day, summed (the product rows of one order counted
    once), an order replaced by a later one of the same
    route and frequency (an insulin slot re-written) left out; ``None`` when none is
    scheduled with a dose, the units differ or a schedule cannot be counted (then no
    dose change is claimed).

    Round 8 (Joint Commission NPSG.03.06.01: compare the dose the patient takes):
    rows of one start, route and frequency at different doses are one order's
    alternative products (a 20 mg and a 40 mg tablet row), one dose whose size the
    record does not settle, so no dose a day is claimed; a split dose (morning 20 units
    + evening 10 units) is a total a day only when both rows are in force on the same
    days (:func:`same_days`), else the later row is the regimen. Weekly schedules
    (3X/WEEK, QMOWEFR) count a seventh a day each and mark the dose ``weekly``.

    Round 10c: rows of two orders (two MIMIC-IV pharmacy ids: gabapentin 100 mg and
    300 mg nightly, both given) are a split dose and summed, not one order's products;
    a row of another product that ended before the latest row started is handed over
    to it (a conversion to another formulation at discharge), not added to it."""
    sched = [o for o in orders if o.scheduled and o.dose is not None]
    # one order dispensed as alternative products (capsule and liquid, tablet and cup:
    # MIMIC-IV writes a prescriptions row per product) is one dose, not a sum: rows of
    # the same start, route, frequency and dose are one order (NPSG.03.06.01; round 7b)
    once: dict[tuple[str, str, str, float, str], MedOrder] = {}
    for o in sched:
        key = (
            o.start,
            enteral_route(o.route),
            o.frequency.upper(),
            float(o.dose or 0),
            o.dose_unit.lower(),
        )
        once.setdefault(key, o)
    sched = list(once.values())
    products: dict[tuple[str, str, str, str], set[float]] = {}
    for o in sched:
        key3 = (o.start, enteral_route(o.route), o.frequency.upper(), _order_group(o))
        products.setdefault(key3, set()).add(float(o.dose or 0))
    if any(len(doses) > 1 for doses in products.values()):
        return None  # one order's products at different doses: the dose is not settled
    live = [
        o
        for o in sched
        if not any(
            p is not o
            and p.route == o.route
            and p.frequency == o.frequency
            and p.start > o.start
            for p in sched
        )
    ]
    # rows not in force on the same days are a sequence, not a split dose: the latest
    # starting row, and those running beside it, are the regimen
    # (round 10c) a row of another product that ended before the latest one started is
    # handed over to it (metoprolol tartrate q6h converted to succinate XL daily at
    # discharge): not a sum. Rows of one product (insulin slots closed by the discharge
    # before a next-morning slot's start) stay a split dose.
    if live:
        last = max(live, key=lambda o: o.start)
        live = [
            o
            for o in live
            if o is last or (same_days(o, last) and not _handed_over(o, last))
        ]
    if not live or len({o.dose_unit.lower() for o in live}) != 1:
        return None
    total = 0.0
    for o in live:
        n = _per_day(o.frequency)
        if n is None:
            return None
        total += o.dose * n
    forms = frozenset(
        m.group(1).upper().replace(" ", "")
        for o in live
        for m in _FORMULATION.finditer(o.name)
    )
    weekly = any(_per_week(o.frequency) is not None for o in live)
    return DailyDose(round(total, 6), live[0].dose_unit.lower(), forms, weekly)


#: Basal (long-acting) insulins by name, and a plain "Insulin" row given once at bedtime
#: (MIMIC-IV names every insulin "Insulin"; its HS slot is the basal dose): ADA Standards
#: of Care 2024, 9 (basal insulin: glargine, detemir, degludec, NPH).
_BASAL_INSULIN = re.compile(
    r"glargine|detemir|degludec|lantus|levemir|tresiba|toujeo|basaglar|semglee"
    r"|\bNPH\b|isophane|humulin n|novolin n",
    re.I,
)
_BEDTIME = re.compile(r"^\s*(Q?HS|BEDTIME)\s*$", re.I)
_PRANDIAL_INSULIN = re.compile(
    r"lispro|aspart|glulisine|regular|humalog|novolog|apidra", re.I
)


def basal_by_name(orders: list[MedOrder]) -> bool:
    """Whether one of ``orders`` names a basal (long-acting) insulin
    (:data:`_BASAL_INSULIN`): a plain "Insulin" row given at bedtime is the bedtime dose,
    and is not called basal (its product is not named; round 17b)."""
    return any(_BASAL_INSULIN.search(o.name) for o in orders)


def basal_dose(orders: list[MedOrder]) -> DailyDose | None:
    """The basal insulin's dose a day among one insulin's ``orders`` (:func:`daily_dose`
    of the long-acting rows, or of a plain insulin row given at bedtime), or None: a
    basal dose change (glargine 20 -> 14 units) is a change to name whatever the
    mealtime doses do (Joint Commission NPSG.03.06.01; ADA Standards of Care 2024, 16:
    the basal dose is adjusted on its own at discharge). Round 8."""
    basal = [
        o
        for o in orders
        if _BASAL_INSULIN.search(o.name)
        or (
            _BEDTIME.match(o.frequency or "")
            and re.search(r"\binsulin\b", o.name, re.I)
            and not _PRANDIAL_INSULIN.search(o.name)
        )
    ]
    return daily_dose(basal) if basal else None


def prn_dose(orders: list[MedOrder]) -> tuple[float, float, str] | None:
    """The as-needed dose of one drug's ``orders``: (low, high, unit), low == high for a
    single dose, from the as-needed orders with a dose or a dose range ("5-10 mg");
    None when there is none or they differ (then no change is claimed). Round 8."""
    found = {
        (o.dose, o.dose, o.dose_unit.lower())
        if o.dose is not None
        else (*o.dose_range, o.dose_unit.lower())
        for o in orders
        if re.search(r"\bPRN\b", o.frequency or "", re.I)
        and not o.placeholder
        and (o.dose is not None or o.dose_range is not None)
    }
    return found.pop() if len(found) == 1 else None


#: Routes of regimens taken at home (oral, enteral, subcutaneous, sublingual, inhaled,
#: transdermal, nasal, ophthalmic, buccal): a nicotine patch (TD) is on the list a
#: patient goes home with as much as a tablet. Topical orders (mouthwash, barrier creams)
#: are mostly ward care and stay off.
_HOME_ROUTE = re.compile(
    r"^(PO|NG|PO/NG|OG|ORAL|SC|SUBCUT|SL|IH|INHALATION|NEB|TD|NU|OU|OD|OS|BUCCAL"
    # round 16b (reading m: glaucoma eye drops and a topical cream left off the last
    # list, 10014354-22502504 t1): eye, ear, skin and vaginal preparations go home too
    r"|TP|TOPICAL|(?:RIGHT|LEFT|BOTH|EACH) (?:EYE|EAR)S?|EYES?|EARS?|AU|AD|AS|VG"
    r"|VAGINAL)\b",
    re.I,
)
#: Frequencies of a single dose, never a going-home regimen (a PRN order is: acetaminophen
#: PRN or senna PRN on the last list is a drug the patient had at home).
_SINGLE_DOSE = re.compile(r"\bONCE\b|\bX1\b|\bNOW\b|\bSTAT\b", re.I)
#: An order of the last stay that ended this many hours or more before its discharge was
#: not running at the discharge (round 6b): MIMIC-IV closes the orders open at discharge
#: at or after the discharge time, while one the team stopped that morning (the ICU's
#: chlorhexidine rinse, an electrolyte replacement, stress-ulcer famotidine) ends
#: before it (Joint Commission NPSG.03.06.01: the list is what the patient went home on).
DISCHARGE_HOURS = 2
#: Orders of a stay that are no home regimen even when open at its discharge (round 5):
#: the hypoglycaemia rescue protocol (glucose gel / tablets, ADA Standards of Care 2024,
#: 16: a hospital hypoglycaemia protocol), symptomatic lozenges and a one-off bowel
#: preparation (MoviPrep, GoLytely: a colonoscopy preparation, not a drug to resume).
#: A bowel preparation for colonoscopy (:func:`planned_colonoscopy`).
BOWEL_PREP = re.compile(
    r"moviprep|golytely|colyte|nulytely|suprep|plenvu|clenpiq|bowel prep", re.I
)
_NOT_A_HOME_REGIMEN = re.compile(
    r"glucose gel|dextrose gel|glucose tab|lozenge|moviprep|golytely|colyte|nulytely"
    r"|suprep|plenvu|clenpiq|bowel prep"
    # the ventilator bundle's chlorhexidine oral care (SHEA/IDSA 2022 VAP prevention): an
    # ICU order, never a home drug
    r"|chlorhexidine.*(oral rinse|mouthwash|oral care)",
    re.I,
)
#: Drugs given in hospital that are not home regimens even when running at discharge:
#: VTE prophylaxis (ACCP 2012 non-surgical VTE prevention: prophylaxis stops at
#: discharge) and acute-care agents.
INPATIENT_ONLY = (
    "heparin",
    "enoxaparin",
    "methylprednisolone",
    "ondansetron",
    "norepinephrine",
    "dextrose",
)


def last_discharge_list(view: EhrView, facts: AdmissionFacts) -> DischargeList | None:
    """The previous admission's discharge regimens, as known at the view's date.

    Admission medication reconciliation starts from the last known list (Joint
    Commission NPSG.03.06.01; WHO High 5s medication reconciliation SOP): here, the
    scheduled orders still running when the previous admission ended, of the latest
    stay before this one that has orders in the record (None when none of its orders
    is a home regimen: an older list is not reconciled instead), without the stay's
    rescue protocols, lozenges, bowel preparations and sliding scales.
    """
    from physassist_env.scenarios.features import _order, plus_hours

    ends = {}
    for e in view.search("Encounter")[0]:
        period = e.get("period") or {}
        end = str(period.get("end") or "")[:19]
        if (
            e.get("partOf")
            or not end
            or str(e.get("id")) == facts.hadm_id
            # a stay that ended before this episode began, on the same day too (an ICU
            # admission discharged straight into this one: its list is the last one;
            # round 9b)
            or end >= facts.start[:19].replace(" ", "T")
        ):
            continue
        ends[str(e.get("id"))] = end
    if not ends:
        return None
    orders = [
        _order(r) for r in view.search("MedicationRequest", {"_count": "1000"})[0]
    ]
    # the latest discharge before the session is the list (an older one is no reference
    # once a later stay has ended): the latest stay with orders in the record, and if
    # none of them went home, no list
    for hadm in sorted(ends, key=lambda h: ends[h], reverse=True):
        if not any(o.hadm_id == hadm for o in orders):
            continue  # no orders recorded for that stay (an ED visit): not a list
        # the list is what ran at the discharge: an order that ended before it (stopped
        # by the team, a course that expired, one replaced by a change order whose
        # successor is read instead) is not on it; an open order ends with the stay
        # (MIMIC-IV: "Discontinued via patient discharge", at or after the discharge)
        cutoff = plus_hours(ends[hadm], -DISCHARGE_HOURS)
        names = []
        by_drug: dict[str, list[MedOrder]] = {}
        for o in orders:
            if o.hadm_id != hadm or o.flush or not o.end or o.end < cutoff:
                continue
            if o.changed:
                continue
            if _SINGLE_DOSE.search(o.frequency or ""):
                continue
            if _NOT_A_HOME_REGIMEN.search(o.name) or o.placeholder == "sliding scale":
                continue
            # an IV proton pump inhibitor (or famotidine, levetiracetam...) running at
            # that discharge went home by mouth at the same dose
            # (clinical.discharge.iv_oral_same_dose; round 9b), other IV drugs did not
            if not _HOME_ROUTE.match(o.route or "") and not iv_oral_same_dose(o):
                continue
            g = drug_of(o)
            if g and g not in INPATIENT_ONLY:
                if g not in names:
                    names.append(g)
                by_drug.setdefault(g, []).append(o)
                # a combination product is each of its ingredients on the list (the
                # hydrocodone of hydrocodone-acetaminophen; ISMP; round 16b), its dose
                # read under its first generic only
                for part in components(o.name):
                    if part not in names and part not in INPATIENT_ONLY:
                        names.append(part)
        doses = {g: d for g, os_ in by_drug.items() if (d := daily_dose(os_))}
        basal = {g: d for g, os_ in by_drug.items() if (d := basal_dose(os_))}
        prn = {g: d for g, os_ in by_drug.items() if (d := prn_dose(os_))}
        schedule = {g: schedule_of(os_) for g, os_ in by_drug.items()}
        return (
            DischargeList(hadm, ends[hadm], sorted(names), doses, basal, prn, schedule)
            if names
            else None
        )
    return None


#: How long after a discharge its antiplatelets are still read as taken at home when the
#: current stay has no order of them: 12 months, the longest course of dual antiplatelet
#: therapy after an acute coronary syndrome or a stent (2016 ACC/AHA DAPT focused
#: update, Levine GN et al., Circulation 2016;134:e123-55). Round 9b.
HOME_ANTIPLATELET_DAYS = 365


def home_antiplatelets(view: EhrView, facts: AdmissionFacts) -> list[str]:
    """Aspirin and P2Y12 inhibitors the patient takes though no order of them is active:
    those of this stay whose order ends on the session day (a same-day observation stay
    closes its orders with the stay), and those on the last discharge list
    (:func:`last_discharge_list`) of a discharge within :data:`HOME_ANTIPLATELET_DAYS`
    of the session that this stay did not stop before the session day (2023
    ACC/AHA/ACCP/HRS AF guideline: the antithrombotic drugs already taken decide how an
    anticoagulant is added). Round 9b."""
    mine = [o for o in facts.orders if o.hadm_id in ("", facts.hadm_id)]
    active = {drug_of(o) for o in facts.active_orders()}
    today = {drug_of(o) for o in mine if o.end[:10] == facts.current_date}
    stopped = {drug_of(o) for o in mine} - active - today
    listed: set[str] = set()
    last = last_discharge_list(view, facts)
    # the last discharge list stands for what is taken only while this stay has no
    # active order of its own (a same-day observation stay): once the team has written
    # orders, a drug not ordered is not running, and earlier stays' lists are history
    # (round 11: aspirin "also running" beside rivaroxaban with no aspirin order,
    # 10014354-24980601 t1; Joint Commission NPSG.03.06.01)
    ordered = any(o.hadm_id in ("", facts.hadm_id) for o in facts.active_orders())
    if last is not None and not ordered:
        age = (
            date.fromisoformat(facts.current_date) - date.fromisoformat(last.end[:10])
        ).days
        if age <= HOME_ANTIPLATELET_DAYS:
            listed = set(last.generics) - stopped
    return [
        g
        for g in ("aspirin", *P2Y12)
        if g not in active and (g in today or g in listed)
    ]


def iv_course_indication(
    view: EhrView, facts: AdmissionFacts
) -> tuple[str, str, str] | None:
    """(EN, ZH, weeks) of an infection known at the session whose treatment is weeks of
    IV therapy (:data:`~physassist_env.clinical.discharge.WEEKS_OF_IV`: brain abscess,
    endocarditis, osteomyelitis), or None. Read from this admission's conditions, the
    stay it continues, and the codes of stays that started within the longest course
    (8 weeks) before the session day: an abscess coded on a stay two weeks ago names the
    course the IV drugs running now belong to; one coded years ago does not. Only what
    the date-gated view shows is read (the admission's own codes are written at its
    discharge)."""
    codes = [c for c, _ in facts.conditions] + [c for c, _ in facts.continued]
    since = (
        datetime.fromisoformat(facts.current_date[:10])
        - timedelta(days=WEEKS_OF_IV_WINDOW_DAYS)
    ).isoformat()[:10]
    recent = {
        str(e.get("id"))
        for e in view.search("Encounter")[0]
        if str((e.get("period") or {}).get("start") or "")[:10] >= since
    }
    codes += [c for c, _, hadm in facts.history if hadm in recent]
    for code in codes:
        found = weeks_of_iv(facts.icd.get(code, code))
        if found is not None:
            return found
    return None


def deep_culture_course(facts: AdmissionFacts) -> tuple[str, str, str] | None:
    """(EN, ZH, weeks) of a deep infection read from a pathogen grown this stay, known
    at the session, from a deep specimen
    (:func:`~physassist_env.clinical.discharge.deep_specimen_course`: pleural fluid,
    bone, a brain abscess drained), where the codes that would name it are written only
    at discharge; not a screen, skin commensal or contaminating flora. None otherwise."""
    kind = facts.surgery.kind if facts.surgery is not None else ""
    for c in sorted(facts.cultures, key=lambda c: str(c.get("time") or "")):
        org = str(c.get("organism") or "")
        if (
            not org
            or str(c.get("time") or "")[:10] < facts.start[:10]
            or is_screen(c)
            or not_an_infection(org)
            or SKIN_COMMENSAL.search(org)
        ):
            continue
        found = deep_specimen_course(str(c.get("specimen") or ""), kind)
        if found is not None:
            return found
    return None


def opat_indication(
    view: EhrView, facts: AdmissionFacts
) -> tuple[str, str, str] | None:
    """(EN, ZH, weeks) of the deep infection an IV anti-infective running now treats
    for weeks, so that it goes home through OPAT (:func:`iv_course_indication`, else
    :func:`deep_culture_course`; IDSA 2018 OPAT guideline), or None (round 17)."""
    if not any(iv_anti_infective(o) for o in facts.active_orders()):
        return None
    return iv_course_indication(view, facts) or deep_culture_course(facts)


@dataclass(frozen=True)
class HeldWarfarin:
    """A warfarin regimen held for a high INR (:func:`held_warfarin`): its last order,
    the INR it was held for and the latest INR."""

    order: MedOrder
    held_for: LabPoint
    latest: LabPoint


def held_warfarin(facts: AdmissionFacts) -> HeldWarfarin | None:
    """Warfarin whose orders of this admission lapsed after an INR above the 2-3 target
    (the regimen's last order ended within 24 h after it and none runs now, no other
    anticoagulant going home), in a patient with a lasting indication and no bleeding
    (coded, or haemoglobin below 8 g/dL or an acute 2 g/dL fall): a dose held, not a
    stop. It is held, the INR rechecked and warfarin resumed at an adjusted dose once
    the INR is in range, never restarted during a bleed (CHEST 2012, Holbrook A et al.,
    Chest 2012;141:e152S-e184S; 2017 ACC ECDP on bleeding on oral anticoagulants;
    :data:`~physassist_env.clinical.warfarin.LASTING_INDICATION`). None otherwise."""
    inr = facts.labs.get("inr")
    orders = [
        o
        for o in facts.orders
        if (o.generic or "").lower() == "warfarin"
        and (not o.hadm_id or o.hadm_id == facts.hadm_id)
    ]
    if inr is None or not orders:
        return None
    if any(o.status == "active" for o in orders) or any(
        drug_key(o) == "warfarin" or _ANTICOAGULANT.search(o.name)
        for o in facts.going_home_orders()
    ):
        return None
    if not (
        facts.ever_had(*W.LASTING_INDICATION)
        or facts.has_condition(*W.LASTING_INDICATION)
        or "warfarin" in facts.home
    ):
        return None
    hb = facts.labs.get("hemoglobin")
    if (
        facts.bleeding_coded()
        or facts.haemoglobin_fall() is not None
        or (hb is not None and "g/dl" in hb.latest.unit.lower() and hb.latest.value < 8)
    ):
        return None
    last = max(orders, key=lambda o: o.end or o.start)
    if not last.end:
        return None
    since = (
        datetime.fromisoformat(last.end[:19]) - timedelta(hours=W.HELD_WITHIN_HOURS)
    ).isoformat()
    high = [
        p
        for p in inr.points
        if since <= p.time[:19] <= last.end[:19] and p.value > W.TARGET[1]
    ]
    if not high:
        return None
    return HeldWarfarin(last, high[-1], inr.latest)


#: Oral anticoagulants whose stop this admission leaves a resumption to decide: warfarin
#: and the DOACs (2023 ACC/AHA/ACCP/HRS AF guideline; ACCP 2022 perioperative management).
ORAL_ANTICOAGULANTS: tuple[str, ...] = (
    "warfarin",
    "apixaban",
    "rivaroxaban",
    "dabigatran",
    "edoxaban",
)

#: Parenteral anticoagulation that counts as running (a bridge or a treatment dose):
#: low-molecular-weight heparin, fondaparinux, argatroban, bivalirudin or an IV heparin
#: infusion (subcutaneous heparin 5,000 units is prophylaxis, not anticoagulation).
_PARENTERAL_ANTICOAGULANT = re.compile(
    r"\b(enoxaparin|lovenox|dalteparin|fondaparinux|argatroban|bivalirudin)\b", re.I
)


def anticoagulation_running(facts: AdmissionFacts) -> bool:
    """Whether an anticoagulant is ordered now: an oral one (:data:`ORAL_ANTICOAGULANTS`)
    or a parenteral one (:data:`_PARENTERAL_ANTICOAGULANT`, or IV heparin)."""
    for o in facts.active_orders():
        name = o.name.lower()
        if drug_of(o) in ORAL_ANTICOAGULANTS or _PARENTERAL_ANTICOAGULANT.search(name):
            return True
        if "heparin" in name and o.route.upper().startswith("IV") and not o.flush:
            return True
    return False


def planned_colonoscopy(facts: AdmissionFacts) -> MedOrder | None:
    """The first bowel preparation (:data:`BOWEL_PREP`) ordered this admission by the
    session date, else None: a colonoscopy is planned, and an oral anticoagulant is held
    around it, then resumed once the endoscopist judges the bleeding risk allows
    (ACG-CAG 2022 periendoscopic management of anticoagulants and antiplatelets, Abraham
    NS et al., Am J Gastroenterol 2022;117:542-58: a DOAC is held 1-2 days before the
    procedure; ASGE 2016 antithrombotic management for endoscopy, Acosta RD et al.,
    Gastrointest Endosc 2016;83:3-16). Round 15, 10014354-22508257."""
    preps = [
        o
        for o in facts.orders
        if o.hadm_id in ("", facts.hadm_id)
        and BOWEL_PREP.search(o.name)
        and o.start[:10] >= facts.start[:10]
        and o.start[:10] <= facts.current_date[:10]
    ]
    return min(preps, key=lambda o: o.start, default=None)


def stopped_anticoagulant(facts: AdmissionFacts) -> MedOrder | None:
    """The last order of an oral anticoagulant ordered this admission when none is
    ordered now and no anticoagulant runs (held after a procedure or a bleed, or stopped
    for a reason the record does not name), else None. Its resumption is a decision to
    take, not a new start: the reason it was held decides when (2023 ACC/AHA/ACCP/HRS AF
    guideline, Joglar JA et al., Circulation 2024;149:e1-156; ACCP 2022 perioperative
    management of antithrombotic therapy, Douketis JD et al., Chest 2022;162:e207-43:
    a DOAC resumed 24 h after a low-to-moderate and 48-72 h after a high bleeding-risk
    procedure, warfarin the evening of or the day after it)."""
    orders = [
        o
        for o in facts.orders
        if drug_of(o) in ORAL_ANTICOAGULANTS
        and (not o.hadm_id or o.hadm_id == facts.hadm_id)
        and o.start[:10] >= facts.start[:10]
    ]
    if not orders or anticoagulation_running(facts):
        return None
    if any(o.status == "active" for o in orders):
        return None
    return max(orders, key=lambda o: (o.end or o.start, o.start))


#: Anticoagulants other than warfarin that a discharge list may carry (a switch from
#: warfarin, not a held dose).
_ANTICOAGULANT = re.compile(
    r"\b(apixaban|eliquis|rivaroxaban|xarelto|dabigatran|pradaxa|edoxaban|savaysa|"
    r"enoxaparin|lovenox|dalteparin|fondaparinux)\b",
    re.I,
)


def cancer_under_treatment(facts: AdmissionFacts) -> bool:
    """Whether the admission treats an active cancer: a malignancy coded by the session
    (this admission, the stay it continues, any earlier stay) and an antineoplastic
    ordered this admission (:mod:`physassist_env.clinical.oncology`)."""
    codes = [c for c, _ in facts.conditions + facts.continued]
    codes += [c for c, _, _ in facts.history]
    if not any(cancer_code(facts.icd.get(c, c)) for c in codes):
        return False
    return any(
        antineoplastic(f"{o.generic or ''} {o.name}")
        for o in facts.orders
        if not o.hadm_id or o.hadm_id == facts.hadm_id
    )


def _administered_at(res: dict) -> str:
    """When an administration was given (ISO, seconds), or ``""``."""
    period = res.get("effectivePeriod") or {}
    return str(res.get("effectiveDateTime") or period.get("start") or "")[:19]


def procedure_days(view: EhrView, facts: AdmissionFacts) -> set[str]:
    """Days (ISO dates) of the episode on which a coded procedure (an ICD-9 / ICD-10-PCS
    ``Procedure``) was performed, and each next day: the days a perioperative drug (an
    antifibrinolytic) is read as given for the procedure. The episode starts the day
    before the admission (the emergency department)."""
    first = (_t(facts.start[:10]) - timedelta(days=1)).date().isoformat()
    days: set[str] = set()
    for res in view.search("Procedure")[0]:
        coded = any(
            "icd" in str(c.get("system") or "").lower()
            for c in (res.get("code") or {}).get("coding") or []
        )
        when = str(
            res.get("performedDateTime")
            or (res.get("performedPeriod") or {}).get("start")
            or ""
        )[:10]
        if coded and when and first <= when <= facts.current_date:
            days |= {when, (_t(when) + timedelta(days=1)).date().isoformat()}
    return days


def reversal_given(
    view: EhrView, facts: AdmissionFacts, since: datetime | None = None
) -> bool:
    """Whether an anticoagulant reversal (:data:`~physassist_env.clinical.bleeding.REVERSAL`:
    prothrombin complex concentrate, idarucizumab, andexanet) was given this episode by
    the end of the session day, from ``since`` (default: the episode's start, the day
    before the admission): a dose administered, or a coded procedure of it
    (:data:`~physassist_env.clinical.bleeding.REVERSAL_PROCEDURES`, ICD-9 00.96). The
    patient was on an anticoagulant and bled (or was operated on at once): it is held,
    not started (AHA/ASA 2022 ICH guideline). Round 13, 10025463-24470193 t3."""
    from physassist_env.clinical.bleeding import REVERSAL, REVERSAL_PROCEDURES

    first = since or (_t(facts.start[:10]) - timedelta(days=1))
    end = _t(facts.current_date) + timedelta(days=1)
    for res in view.search(
        "MedicationAdministration",
        {"date": [f"ge{first.date().isoformat()}"], "status": "completed"},
    )[0]:
        when = _administered_at(res)
        if when and first <= _t(when) < end and REVERSAL.search(med_name(res)):
            return True
    for res in view.search("Procedure")[0]:
        codes = [
            str(c.get("code") or "").replace(".", "").upper()
            for c in (res.get("code") or {}).get("coding") or []
        ]
        when = str(
            res.get("performedDateTime")
            or (res.get("performedPeriod") or {}).get("start")
            or ""
        )[:10]
        if (
            when
            and first.date().isoformat() <= when <= facts.current_date
            and any(c in REVERSAL_PROCEDURES for c in codes)
        ):
            return True
    return False


def bleeding_now(view: EhrView, facts: AdmissionFacts, recent: bool = False) -> bool:
    """Whether the patient is bleeding now, by the one rule the grader's harm check
    reads (:func:`physassist_env.clinical.bleeding.active_bleeding`): a bleeding code of
    this episode known at the session (:meth:`AdmissionFacts.coded_bleed`), an acute
    haemoglobin fall (:meth:`AdmissionFacts.haemoglobin_fall`) or an anticoagulant
    reversal given this episode (:func:`reversal_given`). With ``recent``, a bleeding
    code recorded at an earlier stay's discharge within
    :data:`~physassist_env.clinical.bleeding.ACTIVE_BLEED_DAYS` counts too: the grader,
    which cannot tell the stays apart, reads the newest coded stay as this one, and a
    bleed three weeks ago is weighed before an anticoagulant is resumed (2020 ACC ECDP on
    bleeding on oral anticoagulants). Round 14."""
    from physassist_env.clinical.bleeding import active_bleeding, coded_bleed

    if recent:
        from physassist_env.scenarios.features import condition_code

        codes = [
            (coded[2], str(res.get("recordedDate") or ""))
            for res in view.search("Condition")[0]
            if (coded := condition_code(res)) is not None
        ]
        if coded_bleed(codes, "", facts.current_date) is not None:
            return True

    hb = facts.labs.get("hemoglobin")
    points = (
        [(p.time, p.value) for p in hb.points]
        if hb is not None and "g/dl" in hb.latest.unit.lower()
        else []
    )
    return active_bleeding(
        facts.episode_codes(),
        "",
        "",
        points,
        facts.female,
        reversal_given(view, facts),
    )


def home_anticoagulants(view: EhrView, facts: AdmissionFacts) -> list[str]:
    """Oral anticoagulants (:data:`ANTICOAGULANTS`) the patient was on at home though no
    order of them runs now: those on the last discharge list (:func:`last_discharge_list`)
    not stopped by this stay, read as taken when that discharge is within
    :data:`HOME_ANTIPLATELET_DAYS`, or when this episode shows it: an anticoagulant
    reversal given (:func:`reversal_given`) or, for warfarin, an INR of 2 or more
    this admission (:mod:`~physassist_env.clinical.warfarin` target 2-3). Such a patient is "on" the anticoagulant: the question is hold or resume, never
    start (2020 ACC ECDP on bleeding on oral anticoagulants; Joint Commission
    NPSG.03.06.01: the home list is what the patient takes). Round 13."""
    last = last_discharge_list(view, facts)
    if last is None:
        return []
    mine = [o for o in facts.orders if o.hadm_id in ("", facts.hadm_id)]
    active = {drug_of(o) for o in facts.active_orders()}
    stopped = {drug_of(o) for o in mine} - active
    listed = [g for g in ANTICOAGULANTS if g in last.generics and g not in active]
    listed = [g for g in listed if g not in stopped]
    if not listed:
        return []
    age = (
        date.fromisoformat(facts.current_date) - date.fromisoformat(last.end[:10])
    ).days
    if age <= HOME_ANTIPLATELET_DAYS or reversal_given(view, facts):
        return listed
    inr = facts.labs.get("inr")
    therapeutic = inr is not None and max(p.value for p in inr.points) >= 2.0
    return [g for g in listed if g == "warfarin" and therapeutic]


def bleeding_treatment(view: EhrView, facts: AdmissionFacts) -> tuple[str, str] | None:
    """A bleed treated now, as (EN, ZH) of the treatment, or None: in the
    :data:`~physassist_env.clinical.bleeding.TREATMENT_HOURS` before the end of the
    session day, :data:`~physassist_env.clinical.bleeding.MAJOR_BLEED_UNITS` or more
    red-cell units given (ISTH major bleeding) or an antifibrinolytic given or ordered,
    outside the day of an operation of the episode and the day after (a planned surgical
    loss is no bleed); an antifibrinolytic on the day of any coded procedure of the
    episode or the day after (:func:`procedure_days`) is perioperative, not a bleed
    (round 8). Anticoagulation is not started during it (2023
    ACC/AHA/ACCP/HRS AF guideline; 2017 ACC ECDP on bleeding on oral anticoagulants:
    decide when to start or resume once haemostasis is secured). Round 7b."""
    from physassist_env.clinical.bleeding import (
        ANTIFIBRINOLYTIC,
        MAJOR_BLEED_UNITS,
        RED_CELLS,
        TREATMENT_HOURS,
    )

    end = _t(facts.current_date) + timedelta(days=1)
    since = end - timedelta(hours=TREATMENT_HOURS)
    op = facts.surgery
    surgical = set()
    if op is not None and op.day:
        surgical = {op.day, (_t(op.day) + timedelta(days=1)).date().isoformat()}
    # an antifibrinolytic given around a coded procedure of the episode (tranexamic acid
    # for an orthopaedic, dental or endoscopic procedure) is prophylaxis, not a bleed
    # (CRASH-2 / NICE NG24 2015: tranexamic acid to reduce surgical blood loss; round 8)
    procedural = surgical | procedure_days(view, facts)
    units: set[str] = set()
    anti: set[str] = set()
    for res in view.search(
        "MedicationAdministration",
        {"date": [f"ge{since.date().isoformat()}"], "status": "completed"},
    )[0]:
        when = _administered_at(res)
        if not when or _t(when) < since or when[:10] in surgical:
            continue
        name = med_name(res)
        if RED_CELLS.search(name):
            units.add(str(res.get("id") or when))
        elif ANTIFIBRINOLYTIC.search(name) and when[:10] not in procedural:
            anti.add(name.split(" (")[0].strip())
    # an anticoagulant reversed in the window (round 13): a major or intracranial bleed
    # on an anticoagulant, whatever surgery follows (clinical.bleeding.REVERSAL)
    reversed_ = reversal_given(view, facts, since)
    for o in facts.orders:
        if (
            ANTIFIBRINOLYTIC.search(o.name)
            and o.start
            and _t(o.start) >= since
            and o.start[:10] not in procedural
        ):
            anti.add(o.name)
    found_en, found_zh = [], []
    if len(units) >= MAJOR_BLEED_UNITS:
        found_en.append("red-cell transfusions")
        found_zh.append("输注红细胞")
    if anti:
        found_en.append("an antifibrinolytic (aminocaproic or tranexamic acid)")
        found_zh.append("抗纤溶药物（氨基己酸或氨甲环酸）")
    if reversed_:
        found_en.append("anticoagulant reversal (prothrombin complex concentrate)")
        found_zh.append("抗凝逆转（凝血酶原复合物）")
    if not found_en:
        return None
    return (
        "active bleeding, treated now with " + " and ".join(found_en),
        "活动性出血，目前正在" + "和".join(found_zh) + "治疗",
    )


def anticoagulation_indication(
    view: EhrView, facts: AdmissionFacts
) -> tuple[str, str, str] | None:
    """An indication for anticoagulation other than the AF stroke score, as (EN, ZH,
    the resource type that shows it), or None: a mechanical heart valve
    (:data:`~physassist_env.clinical.warfarin.MECHANICAL_VALVE_PROCEDURES` and codes:
    a vitamin K antagonist whatever the CHA2DS2-VASc, 2020 ACC/AHA valvular heart
    disease guideline, class 1), else intravenous heparin running beside a warfarin
    order (a bridge to warfarin: the team anticoagulates for a reason of its own;
    CHEST 2012, Douketis JD et al., e326S). Round 7b; round 8: an ICD-9-CM "other
    replacement" code (35.22) is read as mechanical only beside a mechanical-valve
    diagnosis (Z95.2, V43.3) or a warfarin order in the record."""
    # an ICD-9 "other replacement" of a valve is mechanical only beside a mechanical-valve
    # code or warfarin in the record (round 8: 35.22 also codes non-tissue-graft valves
    # that need no warfarin)
    confirmed = facts.ever_had(*W.MECHANICAL_VALVE_CODES) or any(
        drug_of(o) == "warfarin" for o in facts.orders
    )
    for res in view.search("Procedure")[0]:
        for c in (res.get("code") or {}).get("coding") or []:
            code = str(c.get("code") or "").replace(".", "")
            if (
                code in W.MECHANICAL_VALVE_PROCEDURES
                and (confirmed or code not in W.UNCERTAIN_VALVE_PROCEDURES)
            ) or re.match(W.MECHANICAL_VALVE_PCS, code):
                day = str(
                    res.get("performedDateTime")
                    or (res.get("performedPeriod") or {}).get("start")
                    or ""
                )[:10]
                return (
                    f"a mechanical heart valve (valve replacement on {day}) needs warfarin whatever the score, and a DOAC is contraindicated",
                    f"机械瓣膜（{day} 瓣膜置换）无论评分均需华法林抗凝，禁用 DOAC",
                    "Procedure",
                )
    if facts.ever_had(*W.MECHANICAL_VALVE_CODES):
        return (
            "a prosthetic (mechanical) heart valve needs warfarin whatever the score, and a DOAC is contraindicated",
            "人工（机械）心脏瓣膜无论评分均需华法林抗凝，禁用 DOAC",
            "Condition",
        )
    active = facts.active_orders()
    # an IV heparin at a treatment dose: a flush, lock or circuit dose bridges nothing
    # (clinical.antithrombotic.anticoagulant_intent; CHEST 2012; round 15)
    heparin = any(
        drug_of(o) == "heparin"
        and "IV" in o.route.upper()
        and anticoagulant_intent("heparin", o.name, o.dose, o.route, o.frequency)
        == THERAPEUTIC
        for o in active
    )
    if heparin and any(drug_of(o) == "warfarin" for o in active):
        return (
            "intravenous heparin is bridging to warfarin, an anticoagulation the team has started for its own indication",
            "正在以静脉肝素桥接华法林，系团队因其自身指征已开始的抗凝",
            "MedicationRequest",
        )
    return None


def followup_procedure(view: EhrView, facts: AdmissionFacts) -> tuple[str, str, str]:
    """``(indication, day, title)`` of the episode's procedure that sets the follow-up
    service (:func:`~physassist_env.clinical.followup.procedure_indication`, ranked by
    :data:`~physassist_env.clinical.followup.INDICATIONS`), ``("", "", "")`` for none;
    only procedures known at the session (``view`` is date-gated). Round 8b."""
    from physassist_env.clinical.followup import INDICATIONS, procedure_indication

    found: list[tuple[str, str, str]] = []
    for res in view.search("Procedure", {"date": f"ge{facts.start[:10]}"})[0]:
        code = res.get("code") or {}
        name = str(code.get("text") or "") or " ".join(
            str(c.get("display") or "") for c in code.get("coding") or []
        )
        kind = procedure_indication(name)
        if kind:
            when = str(
                res.get("performedDateTime")
                or (res.get("performedPeriod") or {}).get("start")
                or ""
            )[:10]
            found.append((kind, when, name))
    rank = [k for k, _ in INDICATIONS]
    found.sort(key=lambda f: (rank.index(f[0]), f[1]))
    return found[0] if found else ("", "", "")


def _this_episode(facts: AdmissionFacts, o: MedOrder) -> bool:
    return (not o.hadm_id or o.hadm_id == facts.hadm_id) and o.start[
        :10
    ] >= facts.start[:10]


def warfarin_started(facts: AdmissionFacts) -> MedOrder | None:
    """The warfarin order of a warfarin start this admission, else None: warfarin ordered
    in this episode, running at the session, and not a home drug. Its INR is checked
    within 3-5 days of discharge (CHEST 2012 antithrombotic guideline, Holbrook A et
    al., Chest 2012;141:e152S-84S: frequent INR monitoring while a VKA is started;
    NICE CG144 / NG158). Round 8b."""
    if "warfarin" in facts.home:
        return None
    runs = [
        o
        for o in facts.active_orders()
        if drug_of(o) == "warfarin" and _this_episode(facts, o)
    ]
    return runs[-1] if runs else None


def dual_antiplatelet(
    facts: AdmissionFacts, view: EhrView | None = None
) -> MedOrder | None:
    """The P2Y12 inhibitor order of dual antiplatelet therapy given this admission
    (aspirin and clopidogrel, prasugrel or ticagrelor ordered in this episode), else
    None; with ``view``, only a P2Y12 inhibitor started this admission (not a home drug
    or on the last discharge list: round 11): prescribed after an acute coronary syndrome or a coronary stent, whose
    duration the cardiologist sets (2016 ACC/AHA DAPT focused update, Levine GN et al.,
    Circulation 2016;134:e123-55). Round 8b."""
    mine = [o for o in facts.orders if _this_episode(facts, o)]
    if not any(drug_of(o) == "aspirin" for o in mine):
        return None
    p2y12 = [o for o in mine if drug_of(o) in P2Y12]
    if view is not None and p2y12:
        # a P2Y12 inhibitor taken before (a home drug or on the last discharge list) is
        # chronic therapy continued, not the indication of this admission (round 11:
        # aspirin and prasugrel continued through a peripheral angiography,
        # 10040025-27259207 t3; 2016 ACC/AHA DAPT update: DAPT follows an ACS or a
        # coronary stent)
        last = last_discharge_list(view, facts)
        before = set(facts.home) | set(last.generics if last is not None else ())
        p2y12 = [o for o in p2y12 if drug_of(o) not in before]
    return p2y12[-1] if p2y12 else None
