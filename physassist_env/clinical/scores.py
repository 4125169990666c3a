"""Clinical scores shared by the synthetic hospital and the session generator.

Sources: each function's docstring; docs/synthetic-hospital.md (the hospital's scores) and
docs/clinical-topics.md (the topics that use them)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta


def curb65(
    *, confusion: bool, bun_mg_dl: float, rr: float, sbp: float, dbp: float, age: int
) -> int:
    """CURB-65 (Lim et al., Thorax 2003): BUN > 19 mg/dL (urea > 7 mmol/L), RR >= 30,
    SBP < 90 or DBP <= 60, age >= 65, confusion; one point each."""
    return (
        int(confusion)
        + int(bun_mg_dl > 19)
        + int(rr >= 30)
        + int(sbp < 90 or dbp <= 60)
        + int(age >= 65)
    )


def cha2ds2_vasc(
    *,
    age: int,
    female: bool,
    chf: bool,
    htn: bool,
    diabetes: bool,
    stroke: bool,
    vascular: bool,
) -> int:
    """CHA2DS2-VASc (Lip et al., Chest 2010)."""
    return (
        int(chf)
        + int(htn)
        + (2 if age >= 75 else 1 if age >= 65 else 0)
        + int(diabetes)
        + 2 * int(stroke)
        + int(vascular)
        + int(female)
    )


def child_pugh(
    *, bilirubin: float, albumin: float, inr: float, ascites: int, encephalopathy: int
) -> tuple[int, str]:
    """Child-Pugh score and class; ``ascites``/``encephalopathy`` are 0 none, 1 mild, 2 moderate-severe."""
    pts = (1 if bilirubin < 2 else 2 if bilirubin <= 3 else 3) + (
        1 if albumin > 3.5 else 2 if albumin >= 2.8 else 3
    )
    pts += (
        (1 if inr < 1.7 else 2 if inr <= 2.3 else 3) + 1 + ascites + 1 + encephalopathy
    )
    return pts, "A" if pts <= 6 else "B" if pts <= 9 else "C"


def crcl(*, age: int, weight_kg: float, creatinine: float, female: bool) -> float:
    """Cockcroft-Gault creatinine clearance (mL/min)."""
    value = (140 - age) * weight_kg / (72 * creatinine)
    return value * 0.85 if female else value


#: The body-mass index from which Cockcroft-Gault takes the adjusted body weight, kg/m2.
OBESE_BMI = 30.0


def ideal_body_weight(height_cm: float, female: bool) -> float:
    """Ideal body weight (kg) by Devine's formula (Devine BJ, Drug Intell Clin Pharm
    1974;8:650-5): 50 kg (men) or 45.5 kg (women) plus 2.3 kg per inch over five feet."""
    inches = max(height_cm / 2.54 - 60.0, 0.0)
    return (45.5 if female else 50.0) + 2.3 * inches


def dosing_weight(
    weight_kg: float, height_cm: float | None, female: bool
) -> tuple[float, str]:
    """The weight Cockcroft-Gault takes, and which it is: ``"adjusted"`` when the BMI is
    :data:`OBESE_BMI` or more (ideal body weight plus 0.4 of the excess: total body weight
    overstates the clearance in obesity; Winter MA et al., Pharmacotherapy
    2012;32:604-12; round 15, reading k), else ``"total"`` (no height known, or BMI
    below 30)."""
    if height_cm is None or height_cm <= 0:
        return weight_kg, "total"
    bmi = weight_kg / (height_cm / 100.0) ** 2
    if bmi < OBESE_BMI:
        return weight_kg, "total"
    ibw = ideal_body_weight(height_cm, female)
    if weight_kg <= ibw:
        return weight_kg, "total"
    return ibw + 0.4 * (weight_kg - ibw), "adjusted"


def egfr_ckd_epi_2021(*, creatinine: float, age: int, female: bool) -> float:
    """eGFR (mL/min/1.73 m2) by the race-free CKD-EPI 2021 creatinine equation.

    Inker LA et al., N Engl J Med 2021;385:1737-49: 142 x min(Scr/k, 1)^a x
    max(Scr/k, 1)^-1.200 x 0.9938^age (x 1.012 female); k 0.7 (F) / 0.9 (M), a -0.241
    (F) / -0.302 (M); creatinine in mg/dL.
    """
    k, a = (0.7, -0.241) if female else (0.9, -0.302)
    r = creatinine / k
    value = 142 * min(r, 1.0) ** a * max(r, 1.0) ** -1.200 * 0.9938**age
    return value * 1.012 if female else value


def sofa(
    *,
    pf_ratio: float | None,
    platelets: float,
    bilirubin: float,
    map_mmhg: float,
    vasopressor: bool,
    gcs: int,
    creatinine: float,
) -> int:
    """SOFA (Vincent et al., 1996), simplified: any vasopressor scores 3 for cardiovascular."""
    resp = (
        0
        if pf_ratio is None
        else (
            0
            if pf_ratio >= 400
            else 1
            if pf_ratio >= 300
            else 2
            if pf_ratio >= 200
            else 3
            if pf_ratio >= 100
            else 4
        )
    )
    coag = (
        0
        if platelets >= 150
        else 1
        if platelets >= 100
        else 2
        if platelets >= 50
        else 3
        if platelets >= 20
        else 4
    )
    liver = (
        0
        if bilirubin < 1.2
        else 1
        if bilirubin < 2
        else 2
        if bilirubin < 6
        else 3
        if bilirubin < 12
        else 4
    )
    cv = 3 if vasopressor else (1 if map_mmhg < 70 else 0)
    cns = (
        0 if gcs >= 15 else 1 if gcs >= 13 else 2 if gcs >= 10 else 3 if gcs >= 6 else 4
    )
    renal = (
        0
        if creatinine < 1.2
        else 1
        if creatinine < 2
        else 2
        if creatinine < 3.5
        else 3
        if creatinine < 5
        else 4
    )
    return resp + coag + liver + cv + cns + renal


#: OPTN/UNOS MELD bounds (OPTN policy 9.1, 2016): laboratory values below 1.0 count as 1.0,
#: creatinine above 4.0 mg/dL (or on dialysis at least twice, or CVVHD for 24 hours, in the
#: week before) counts as 4.0, sodium counts within 125-137 mmol/L.
MELD_FLOOR = 1.0
MELD_CREATININE_CAP = 4.0
MELD_SODIUM_BOUNDS = (125.0, 137.0)


def meld_bounds(
    *,
    bilirubin: float,
    inr: float,
    creatinine: float,
    sodium: float,
    dialysis: bool = False,
) -> list[tuple[str, str, float]]:
    """The OPTN bounds :func:`meld_na` applies to these inputs, as ``(input, why, value
    counted)``: ``why`` is ``floor`` (below 1.0), ``cap`` (creatinine above 4.0),
    ``dialysis`` (creatinine set to 4.0), ``low``/``high`` (sodium outside 125-137).
    Empty when every value is used as measured."""
    out: list[tuple[str, str, float]] = []
    if bilirubin < MELD_FLOOR:
        out.append(("bilirubin", "floor", MELD_FLOOR))
    if inr < MELD_FLOOR:
        out.append(("inr", "floor", MELD_FLOOR))
    if dialysis:
        out.append(("creatinine", "dialysis", MELD_CREATININE_CAP))
    elif creatinine > MELD_CREATININE_CAP:
        out.append(("creatinine", "cap", MELD_CREATININE_CAP))
    elif creatinine < MELD_FLOOR:
        out.append(("creatinine", "floor", MELD_FLOOR))
    low, high = MELD_SODIUM_BOUNDS
    if sodium < low:
        out.append(("sodium", "low", low))
    elif sodium > high:
        out.append(("sodium", "high", high))
    return out


def meld_na(
    *,
    bilirubin: float,
    inr: float,
    creatinine: float,
    sodium: float,
    dialysis: bool = False,
) -> tuple[int, int]:
    """(MELD-Na, MELD) as the OPTN/UNOS allocation policy computes them (2016).

    MELD(i) = 10 x (0.957 ln Cr + 0.378 ln bilirubin + 1.120 ln INR + 0.643), rounded to
    a tenth (Kamath PS et al., Hepatology 2001;33:464-70; Wiesner R et al.,
    Gastroenterology 2003;124:91-6); values below 1.0 are set to 1.0, creatinine is capped
    at 4.0 mg/dL. When MELD(i) > 11: MELD-Na = MELD(i) + 1.32 x (137 - Na) - 0.033 x
    MELD(i) x (137 - Na), sodium bounded to 125-137 mmol/L (Kim WR et al., N Engl J Med
    2008;359:1018-26). Both are capped at 40 and rounded to a whole number. With
    ``dialysis`` (at least twice in the week before) creatinine counts as 4.0 (OPTN).
    """
    from math import log

    cr = MELD_CREATININE_CAP if dialysis else min(max(creatinine, 1.0), 4.0)
    meld_i = round(
        10
        * (
            0.957 * log(cr)
            + 0.378 * log(max(bilirubin, 1.0))
            + 1.120 * log(max(inr, 1.0))
            + 0.643
        ),
        1,
    )
    na = min(max(sodium, 125.0), 137.0)
    with_na = (
        meld_i + 1.32 * (137 - na) - 0.033 * meld_i * (137 - na)
        if meld_i > 11
        else meld_i
    )
    return min(round(with_na), 40), min(round(meld_i), 40)


def has_bled(
    *,
    uncontrolled_htn: bool,
    abnormal_renal: bool,
    abnormal_liver: bool,
    stroke: bool,
    bleeding: bool,
    labile_inr: bool,
    elderly: bool,
    drugs: bool,
    alcohol: bool,
) -> int:
    """HAS-BLED (Pisters R et al., Chest 2010;138:1093-100): one point each for
    uncontrolled hypertension (SBP > 160 mmHg), abnormal renal function (dialysis,
    transplant, creatinine >= 2.26 mg/dL), abnormal liver function (cirrhosis, or
    bilirubin > 2x and AST/ALT > 3x the upper limit), stroke, bleeding history or
    predisposition (e.g. anaemia), labile INR (time in range < 60%), age > 65, drugs
    (antiplatelets, NSAIDs) and alcohol excess. A score >= 3 is high bleeding risk."""
    return sum(
        int(x)
        for x in (
            uncontrolled_htn,
            abnormal_renal,
            abnormal_liver,
            stroke,
            bleeding,
            labile_inr,
            elderly,
            drugs,
            alcohol,
        )
    )


def kdigo_aki_stage(*, baseline: float, peak: float, rise_48h: float) -> int:
    """KDIGO AKI stage by serum creatinine (KDIGO Clinical Practice Guideline for Acute
    Kidney Injury, Kidney Int Suppl 2012;2:1-138, section 2.1): stage 1 for 1.5-1.9x
    baseline or a rise >= 0.3 mg/dL within 48 h; stage 2 for 2.0-2.9x; stage 3 for >= 3.0x
    or a rise to >= 4.0 mg/dL. 0 when no criterion is met (urine output not assessed).

    The absolute criterion is a rise *to* 4.0 mg/dL from below it, once the AKI definition
    (>= 0.3 mg/dL within 48 h or >= 1.5x baseline) is met (KDIGO 2012, section 2.1 and the
    note to Table 2): a patient with advanced CKD whose baseline is already >= 4.0 is staged
    by the relative criteria (a 4.6 -> 5.1 mg/dL rise is stage 1, not stage 3)."""
    # values are quoted to 0.1 mg/dL: 0.6 / 0.4 is exactly 1.5x and meets the criterion,
    # though the float division gives 1.4999... (round 9)
    ratio = peak / baseline + 1e-9 if baseline > 0 else 0.0
    rise = rise_48h + 1e-9
    defined = ratio >= 1.5 or rise >= 0.3
    if ratio >= 3.0 or (peak >= 4.0 and baseline < 4.0 and defined):
        return 3
    if ratio >= 2.0:
        return 2
    if ratio >= 1.5 or rise >= 0.3:
        return 1
    return 0


@dataclass(frozen=True)
class StagedReading:
    """One creatinine reading staged against its own baseline (:func:`kdigo_readings`).

    Attributes:
        stage: KDIGO stage 0-3 of the reading.
        time: When it was drawn; value: mg/dL.
        baseline, baseline_time, basis: Its baseline, when that was drawn and which
            value it is (``"prior 7 days"`` or the ``known`` baseline's basis).
        rise_48h: Its rise over the lowest value of the 48 h before it (mg/dL).
    """

    stage: int
    time: str
    value: float
    baseline: float
    baseline_time: str
    basis: str
    rise_48h: float

    @property
    def ratio(self) -> float:
        """The reading over its baseline."""
        return self.value / self.baseline if self.baseline > 0 else 0.0


def _hours_between(a: str, b: str) -> float:
    def t(ts: str) -> datetime:
        return datetime.fromisoformat(ts[:19] if "T" in ts else ts[:10] + "T00:00:00")

    return (t(b) - t(a)).total_seconds() / 3600


def haemodiluted(points: Sequence[tuple[str, float]], operation_day: str) -> set[str]:
    """Times of the creatinine values (``points``: (ISO time, mg/dL), oldest first)
    drawn on the day of a cardiac operation on cardiopulmonary bypass or the day after
    that are lower than the last value drawn before the operation day: the pump prime
    and the fluids of bypass dilute the creatinine, so such a value is no baseline for
    the readings after it, though it stays a reading (KDIGO 2012 AKI guideline 2.1 and
    Appendix: the baseline reflects steady kidney function; ADQI 20 on cardiac
    surgery-associated AKI, Nadim MK et al., J Am Heart Assoc 2018;7:e008834: the
    pre-operative creatinine is the baseline; post-bypass haemodilution lowers the
    early post-operative value)."""
    if not operation_day:
        return set()
    pre = [v for t, v in points if t and t[:10] < operation_day]
    if not pre:
        return set()
    day = date.fromisoformat(operation_day[:10])
    window = {operation_day[:10], (day + timedelta(days=1)).isoformat()}
    return {t for t, v in points if t and t[:10] in window and v < pre[-1]}


#: KDIGO 2012 (2.1) absolute rise that defines AKI, mg/dL.
AKI_RISE = 0.3
#: Hours from the first value within which the episode's highest value shows an AKI
#: present on admission (KDIGO 2012 2.1: the 48 h of the absolute criterion).
ON_ADMISSION_HOURS = 48


def recovery_baseline(
    points: Sequence[tuple[str, float]], first_high: bool
) -> tuple[float, str] | None:
    """The recovery value (mg/dL, time) of an AKI present on admission, or None.

    With no value before the episode, an episode whose first value is above the
    laboratory's range (``first_high``), whose highest value is drawn within
    :data:`ON_ADMISSION_HOURS` of the first and which then falls by the KDIGO ratio
    criterion (to at most the highest / 1.5, round 8b) had its AKI before it
    came in: the baseline is inferred from the lowest value after the highest, the
    recovery value, not from the raised admission value (KDIGO 2012 AKI guideline 2.1
    and Appendix: when no baseline is known, a creatinine after recovery may serve;
    Siew ED, Matheny ME, Clin J Am Soc Nephrol 2015;10:1049-57; ADQI 16, Chawla LS et
    al., Nat Rev Nephrol 2017;13:241-57). A first value within the range that drifts
    down (weight loss, cachexia) is no AKI and gets None."""
    pts = [p for p in points if p[0]]
    if len(pts) < 2 or not first_high:
        return None
    top = max(range(len(pts)), key=lambda i: (pts[i][1], -i))
    if _hours_between(pts[0][0], pts[top][0]) > ON_ADMISSION_HOURS:
        return None
    after = pts[top + 1 :]
    if not after:
        return None
    low_t, low = min(after, key=lambda p: (p[1], p[0]))
    peak = pts[top][1]
    if peak < 1.5 * low:
        # the fall must stage the admission value as AKI against the recovery value: the
        # 0.3 mg/dL criterion is a rise seen within 48 h, which no value before the
        # first one shows, so a fall of 0.3-0.5 from a stably raised creatinine (5.1 to
        # 4.6, chronic kidney disease) is no AKI present on admission (round 8b)
        return None
    return low, low_t


def kdigo_readings(
    points: Sequence[tuple[str, float]],
    before: Sequence[tuple[str, float]] = (),
    known: tuple[float, str, str] | None = None,
    not_reference: Collection[str] = (),
    known_above: float = 0.0,
) -> list[StagedReading]:
    """Each creatinine reading (``points``: (ISO time, mg/dL), oldest first) staged
    against its own baseline, the readings that have one.

    KDIGO 2012 AKI guideline (Kidney Int Suppl 2012;2:1-138, section 2.1): AKI is a rise
    of >= 0.3 mg/dL within 48 hours, or to >= 1.5x a baseline "known or presumed to have
    occurred within the prior 7 days". A reading's baseline is the lowest value of the 7
    days before it (``before``: values before the first point, an ED visit or an earlier
    stay; and the earlier points), or ``known`` (value, time, basis: a pre-admission
    baseline, Siew ED et al., Clin J Am Soc Nephrol 2012;7:712-9) when that is lower. A
    nadir reached after a reading is never its baseline (a creatinine of 0.9 that falls
    to 0.4 over two weeks of cachexia is no AKI at 0.9). Values drawn at the times in
    ``not_reference`` (a haemodiluted post-bypass value: :func:`haemodiluted`) are
    staged but are no reference for later readings. ``known`` is the reference only of a
    reading above ``known_above`` (the value an earlier stay's AKI ended on, more than 7
    days before): a reading at or below it shows no rise within the prior 7 days, the
    earlier AKI recovering or settled at a new level, not a new AKI (KDIGO 2012 2.1;
    round 9). While a reading meets the ratio criterion its baseline is carried to the
    next reading (an AKI is judged against its pre-AKI baseline until it recovers, not
    against a 7-day window of its own raised values). One rule for the gold (``scenarios.derived.aki_facts``) and the heuristic
    baseline agent."""
    pts = [p for p in points if p[0]]
    prior = [q for q in before if pts and q[0] < pts[0][0]]
    out: list[StagedReading] = []
    # the baseline of an AKI still under way: it stands until a reading meets no
    # criterion against it (ADQI 16, Chawla LS et al., Nat Rev Nephrol 2017;13:241-57:
    # recovery is judged against the pre-AKI baseline), so an AKI lasting more than 7
    # days is not re-based on its own raised values (round 9: 3.7 against 1.5, then 2.6
    # "recovered" against a rolling 1.8)
    carried: tuple[float, str, str] | None = None
    for i, (when, value) in enumerate(pts):
        earlier = [
            q
            for q in [*prior, *pts[:i]]
            if 0 < _hours_between(q[0], when) <= 168 and q[0] not in not_reference
        ]
        r48 = max(
            [value - q[1] for q in earlier if _hours_between(q[0], when) <= 48] + [0.0]
        )
        ref: tuple[float, str, str] | None = None
        if earlier:
            low = min(earlier, key=lambda q: q[1])
            ref = (low[1], low[0], "prior 7 days")
        if (
            known is not None
            and value > known_above + 1e-9
            and (ref is None or known[0] < ref[0])
        ):
            ref = known
        if carried is not None and (ref is None or carried[0] < ref[0]):
            ref = carried
        if ref is None:
            continue
        stage = kdigo_aki_stage(baseline=ref[0], peak=value, rise_48h=r48)
        out.append(StagedReading(stage, when, value, ref[0], ref[1], ref[2], r48))
        ratio_met = kdigo_aki_stage(baseline=ref[0], peak=value, rise_48h=0.0)
        carried = ref if ratio_met else None
    return out
