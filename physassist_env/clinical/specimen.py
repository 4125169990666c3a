"""Whether a laboratory result comes from a haemolysed specimen.

Red cells release potassium when a sample haemolyses, so a haemolysed potassium can be
falsely high (pseudohyperkalaemia). Before treating hyperkalaemia, a spurious result is
excluded: a haemolysed sample is repeated urgently, without delaying treatment when the
ECG shows hyperkalaemic changes (UK Kidney Association, Clinical Practice Guidelines:
Treatment of Acute Hyperkalaemia in Adults, 2020, "exclude pseudohyperkalaemia"; Meng QH,
Wagar EA, Arch Pathol Lab Med 2015;139:1245-9). Laboratories report it in the result's
comment ("Hemolysis falsely elevates this test.", "HEMOLYZED SPECIMEN"); a comment that
says the sample was *not* haemolysed ("Specimen not Hemolyzed.", "NO HEMOLYSIS PRESENT")
is the opposite.
"""

from __future__ import annotations

import re

from physassist_env.vocab.units import unit_factors

_HAEMOLYSED = re.compile(r"ha?emoly[sz]", re.I)
_NOT = re.compile(
    r"\bnot\s+ha?emoly|\bno\s+ha?emoly|\bnon-?ha?emoly|\bwithout\s+ha?emoly|"
    r"\bverify\s+ha?emoly",  # "QNS TO VERIFY HEMOLYSIS": not known either way
    re.I,
)


def haemolysed(comment: str) -> bool:
    """Whether a result's comment reports a haemolysed specimen."""
    return (
        bool(comment) and bool(_HAEMOLYSED.search(comment)) and not _NOT.search(comment)
    )


#: Analytes a haemolysed specimen raises (released from red cells): potassium, lactate
#: dehydrogenase, AST, magnesium and phosphate (CLSI C56-A, Hemolysis, Icterus, and
#: Lipemia/Turbidity Indices as Indicators of Interference in Clinical Laboratory
#: Analysis, 2012; Lippi G et al., Clin Chem Lab Med 2011;49:1113-26). Such a result is
#: no point of a trend nor a peak: it is named and left out, and the sample repeated.
RAISED_BY_HAEMOLYSIS: frozenset[str] = frozenset(
    {"potassium", "ldh", "ast", "magnesium", "phosphate"}
)


#: A laboratory comment that the method may read this result falsely high: a drug or
#: other interference with the assay ("HYDROXYUREA MAY CAUSE FALSELY ELEVATED VALUES WITH
#: THIS METHOD. POINT OF CARE."). Such a value is no peak, no KDIGO reading and no point
#: of a trend; it is named and left out (CLSI EP07, Interference Testing in Clinical
#: Chemistry, 3rd ed. 2018; KDIGO 2012 AKI guideline 2.1 stages a change in kidney
#: function, which an analytical interference is not). Round 8b.
_FALSELY_RAISED = re.compile(
    r"falsely\s+(?:elevat|high|increas|rais)|false(?:ly)?\s+(?:elevation|increase)"
    r"|positive\s+interference",
    re.I,
)


def falsely_raised(comment: str) -> bool:
    """Whether a result's comment says the value may be falsely high (interference)."""
    return bool(comment) and bool(_FALSELY_RAISED.search(comment))


#: Drugs a laboratory's interference comment names (assay interferents of creatinine,
#: glucose and other point-of-care methods: hydroxyurea, N-acetylcysteine, ascorbic
#: acid, the catecholamines, icodextrin / maltose, flucytosine, cefoxitin).
INTERFERENT = re.compile(
    r"hydroxyurea|acetylcysteine|ascorbic acid|vitamin c\b|dopamine|dobutamine|"
    r"icodextrin|maltose|flucytosine|cefoxitin",
    re.I,
)


def drug_not_taken(comment: str, exposures: frozenset[str] | None) -> bool:
    """Whether an interference comment names only drugs (:data:`INTERFERENT`) the
    patient was not exposed to (``exposures``: lowercased names of the drugs ordered or
    given this admission; None when unknown): the generic disclaimer of a method, not a
    result the drug touched. An interferent acts only when it is in the specimen (CLSI
    EP07, Interference Testing in Clinical Chemistry, 3rd ed. 2018; round 16b, reading
    m: a point-of-care creatinine left out as "falsely raised" by hydroxyurea in a
    patient never given it, 10001217-24597018 t2)."""
    if exposures is None:
        return False
    named = {m.group(0).lower() for m in INTERFERENT.finditer(comment or "")}
    if not named:
        return False
    return not any(d in e for d in named for e in exposures)


def spurious(
    analyte: str, comment: str, exposures: frozenset[str] | None = None
) -> bool:
    """Whether a result of ``analyte`` (a lab key) with this comment is unreliable: a
    haemolysed specimen of an analyte haemolysis raises, or any result the laboratory
    says its method may read falsely high (:func:`falsely_raised`), unless the drug the
    comment names was not taken (:func:`drug_not_taken`)."""
    if analyte in RAISED_BY_HAEMOLYSIS and haemolysed(comment):
        return True
    return (
        falsely_raised(comment)
        and not haemolysed(comment)
        and not drug_not_taken(comment, exposures)
    )


#: Adult serum or plasma values beyond which a result is physiologically implausible,
#: per analyte key: (lowest plausible, highest plausible, unit family), None where no
#: bound is set. Such a value is an analytical or pre-analytical error (a diluted
#: sample drawn from a line, a mislabelled tube, a transcription error), never a
#: baseline, a peak, a nadir, a point of a trend or the driver of a decision: it is
#: named and left out (CLSI AUTO10-A, Autoverification of Clinical Laboratory Test
#: Results, 2006: "absurd value" limits, results incompatible with life or with the
#: specimen, are held, not reported as such; KDIGO 2012 AKI guideline 2.1 and Appendix:
#: the baseline reflects steady-state kidney function). A creatinine below 0.2 mg/dL
#: (18 umol/L) is below what the muscle mass of any adult generates (adult reference
#: intervals start at 0.4-0.6 mg/dL; Kashani K et al., Creatinine: from physiology to
#: clinical application, Eur J Intern Med 2020;72:9-14); potassium below 1.5 or above
#: 10 mmol/L, sodium below 100 or above 190 mmol/L and haemoglobin below 2 or above 25
#: g/dL are beyond the values survived (AUTO10-A absurd-value examples). Round 17b,
#: reading n: an implausibly low creatinine staged as the baseline of an AKI
#: (10016742-28506150 t1).
PLAUSIBLE: dict[str, tuple[float | None, float | None, str]] = {
    "creatinine": (0.2, None, "mg/dL"),
    "potassium": (1.5, 10.0, "mmol/L"),
    "sodium": (100.0, 190.0, "mmol/L"),
    "hemoglobin": (2.0, 25.0, "g/dL"),
}


def implausible(analyte: str, value: float, unit: str = "") -> bool:
    """Whether ``value`` (in ``unit``) of ``analyte`` (a lab key) lies outside the
    physiologically plausible bounds of :data:`PLAUSIBLE`; False for an analyte without
    bounds or a unit it cannot convert (the vocabulary's conversions,
    :func:`~physassist_env.vocab.units.unit_factors`)."""
    bounds = PLAUSIBLE.get(analyte)
    if bounds is None:
        return False
    lo, hi, base = bounds
    if unit:
        factors = unit_factors(unit, base, analyte)
        if not factors:
            return False
        factor, offset = factors[0]
        value = value * factor + offset
    return (lo is not None and value < lo) or (hi is not None and value > hi)


#: A repeat this soon (hours) that reads less than half the glucose contradicts it: no
#: treatment lowers a glucose that fast (an insulin infusion lowers it by 50-75 mg/dL an
#: hour: ADA 2024 hyperglycaemic crises), so the first sample was contaminated.
REPEAT_HOURS = 2.0


def _hours(a: str, b: str) -> float:
    from datetime import datetime

    return (
        datetime.fromisoformat(b[:19]) - datetime.fromisoformat(a[:19])
    ).total_seconds() / 3600


def contaminated_glucose(
    glucose: list[tuple[str, float]], potassium: list[tuple[str, float, str]]
) -> set[str]:
    """Times of glucose results from a contaminated draw (a sample taken above an
    infusion of dextrose and electrolytes): a glucose that a repeat within
    :data:`REPEAT_HOURS` reads at less than half, drawn with a potassium flagged high
    that is not high on the next potassium by then. Such a value is no highest value
    nor a point of a trend: it is named and left out (CLSI GP41, collection of
    diagnostic venous blood specimens: no sample above an infusion; Lippi G et al.,
    Clin Chem Lab Med 2006;44:358-65, preanalytical errors).

    ``glucose`` is (time, value) and ``potassium`` (time, value, flag), ISO times."""
    out: set[str] = set()
    for t, v in glucose:
        repeat = [
            w
            for u, w in glucose
            if u > t and _hours(t, u) <= REPEAT_HOURS and w < v / 2
        ]
        if not repeat:
            continue
        same = [f for u, _, f in potassium if u[:16] == t[:16]]
        later = [
            f for u, _, f in potassium if u > t and _hours(t, u) <= REPEAT_HOURS + 0.5
        ]
        if (
            any(f in ("H", "HH") for f in same)
            and later
            and later[0] not in ("H", "HH")
        ):
            out.add(t)
    return out


#: A potassium that the next potassium, drawn within :data:`REPEAT_HOURS`, reads within
#: the reference range and more than this far (mmol/L) from it is contradicted by that
#: repeat (round 11).
K_REPEAT_CHANGE = 1.5


def contradicted_potassium(potassium: list[tuple[str, float, str]]) -> set[str]:
    """Times of potassium results, flagged high or low, that the next potassium drawn
    within :data:`REPEAT_HOURS` reads within the reference range (flag neither high nor
    low) and more than :data:`K_REPEAT_CHANGE` mmol/L away: no treatment moves a
    potassium that fast (insulin with glucose lowers it by 0.6-1.0 mmol/L in an hour,
    salbutamol by 0.5-1.0: UK Kidney Association, Treatment of Acute Hyperkalaemia in
    Adults, 2020; intravenous potassium at 10-20 mmol/h raises it by less), so the
    isolated value is spurious: pseudohyperkalaemia of a haemolysed, contaminated or
    delayed sample, or a blood-gas value discordant with the laboratory's (Smellie WSA,
    Spurious hyperkalaemia, BMJ 2007;334:693-5; CLSI GP41). Such a value is no extreme
    nor a point of a trend: it is named and left out, the repeat is what is acted on.

    A value whose previous result lies on the same side of the range is a point of a
    real course (a treated hyperkalaemia falling 6.8, 6.2, 5.8, then 4.1 after insulin),
    not an isolated one, and is kept.

    ``potassium`` is (time, value, flag), ISO times, oldest first."""
    out: set[str] = set()
    for i, ((t, v, f), (u, w, g)) in enumerate(
        zip(potassium, potassium[1:], strict=False)
    ):
        side = _side(f)
        if (
            side
            and not _side(g)
            and _hours(t, u) <= REPEAT_HOURS
            and abs(w - v) > K_REPEAT_CHANGE
            and not (i and _side(potassium[i - 1][2]) == side)
        ):
            out.add(t)
    return out


def _side(flag: str) -> str:
    """ "high", "low" or "" for a laboratory flag."""
    f = flag.upper()
    return "high" if f in ("H", "HH") else "low" if f in ("L", "LL") else ""


#: LOINC codes of whole-blood results (a blood gas or point-of-care analyser) of analytes
#: also measured on serum or plasma: potassium 6298-4, sodium 2947-0, glucose 2339-0
#: (MIMIC-IV ``d_labitems`` fluid "Blood", category "Blood Gas": itemids 50822, 50824,
#: 50809). A whole-blood potassium runs lower than the serum one (no release from
#: platelets during clotting) and a whole-blood glucose differs from the plasma one, so
#: the two specimen types are not one series without saying which is which (CLSI C46-A2,
#: Blood Gas and pH Analysis and Related Measurements, 2009; CLSI POCT12-A3, 2013;
#: UK Kidney Association 2020 hyperkalaemia guideline: a blood-gas potassium guides
#: initial care and is confirmed on a laboratory sample).
WHOLE_BLOOD_LOINC: frozenset[str] = frozenset({"6298-4", "2947-0", "2339-0"})


def whole_blood(loinc_codes: list[str] | tuple[str, ...] | set[str]) -> bool:
    """Whether a result coded with ``loinc_codes`` was measured on whole blood."""
    return any(c in WHOLE_BLOOD_LOINC for c in loinc_codes)


#: Hours before a whole-blood (blood gas) value within which a laboratory (serum or
#: plasma) value of the same analyte is still the one a treatment decision reads. Round 12.
SERUM_DECIDES_HOURS = 12.0


def decision_index(points: list[tuple[str, bool]]) -> int | None:
    """The index of the value a repletion or treatment order reads, of ``points`` ((time,
    measured on whole blood), oldest first): the latest value when it is a laboratory one;
    when the latest is a whole-blood (blood gas) value, the newest laboratory value of the
    :data:`SERUM_DECIDES_HOURS` before it, or None when there is none (a serum repeat is
    asked first). Whole-blood and serum potassium are distinct specimens (a blood-gas
    value can read 0.3-0.5 mmol/L lower or higher): a blood-gas value guides initial care
    and is confirmed on a laboratory sample before a dose is written (UK Kidney
    Association 2020 hyperkalaemia guideline; CLSI C46-A2; round 12, 10025463-24470193
    t3: potassium ordered for a blood-gas 3.4 two hours after a serum 4.4)."""
    if not points:
        return None
    t_last, wb_last = points[-1]
    if not wb_last:
        return len(points) - 1
    for i in range(len(points) - 2, -1, -1):
        t, wb = points[i]
        if _hours(t, t_last) > SERUM_DECIDES_HOURS:
            return None
        if not wb:
            return i
    return None


#: Hours on either side within which both neighbours of a creatinine must lie to
#: contradict it (round 12).
CR_NEIGHBOUR_HOURS = 24.0
#: A creatinine is contradicted when it lies below half of the lower neighbour while the
#: neighbours agree within :data:`CR_NEIGHBOURS_AGREE` (relative to the lower): a reduced
#: GFR does not halve the creatinine and restore it within a day (the creatinine
#: half-life lengthens from about 4 h to 24-72 h as the GFR falls: Chiou WL, J Clin
#: Pharmacol 1975), and a dialysis session's fall rebounds only partly within a day.
#: Only a low value is read so: a lone high value may be the peak of an AKI that
#: recovered, which is said, not hidden (KDIGO 2012 AKI 2.1).
CR_NEIGHBOURS_AGREE = 0.25


def contradicted_creatinine(creatinine: list[tuple[str, float]]) -> set[str]:
    """Times of creatinine results that both neighbours, each within
    :data:`CR_NEIGHBOUR_HOURS`, contradict: the value lies below half of the lower
    neighbour, and the neighbours agree within :data:`CR_NEIGHBOURS_AGREE`. Such a lone
    low value (a diluted sample drawn from a line, a mislabelled tube) is no baseline nor
    trend point: it is named and left out
    (CLSI GP41; Lippi G et al., Clin Chem Lab Med 2006;44:358-65; round 12,
    10037861-24540843 t3: a 0.9 drawn between 2.5 and 2.7 taken as the AKI baseline).

    ``creatinine`` is (time, value), ISO times, oldest first."""
    out: set[str] = set()
    for (a, va), (t, v), (b, vb) in zip(
        creatinine, creatinine[1:], creatinine[2:], strict=False
    ):
        lo, hi = min(va, vb), max(va, vb)
        if (
            lo > 0
            and _hours(a, t) <= CR_NEIGHBOUR_HOURS
            and _hours(t, b) <= CR_NEIGHBOUR_HOURS
            and hi - lo <= CR_NEIGHBOURS_AGREE * lo
            and v < lo / 2
        ):
            out.add(t)
    return out
