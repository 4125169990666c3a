"""``hosp/diagnoses_icd`` and ``hosp/procedures_icd`` of an admission, and every codable title."""

from __future__ import annotations

from datetime import datetime, timedelta

from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import Chart
from physassist_env.synth.knowledge import secondary as sec


def _dx_titles() -> dict[tuple[str, int], str]:
    """ICD titles by (code, version): conditions first, then secondary codes."""
    out: dict[tuple[str, int], str] = {}
    for c in kb.CONDITIONS.values():
        out.setdefault((c.icd10[0], 10), c.icd10[1])
        out.setdefault((c.icd9[0], 9), c.icd9[1])
    extra = [code for *_x, code in sec.LAB_CODED] + [
        code for _k, code in sec.DRUG_CODED
    ]
    extra += [sec.PENICILLIN_ALLERGY, sec.DNR, sec.HOME_MEDS, sec.CONFUSION]
    extra += [code for _p, code, *_x in sec.BACKGROUND]
    for icd10, icd9 in extra:
        out.setdefault((icd10[0], 10), icd10[1])
        out.setdefault((icd9[0], 9), icd9[1])
    return out


DX_TITLES = _dx_titles()
"""Every diagnosis title the generator can code (``hosp/d_icd_diagnoses``)."""


DNR_BY_AGE = ((50, 0.005), (65, 0.03), (80, 0.07), (200, 0.14))
"""Chance a surviving admission is coded DNR, by age (upper bound exclusive): DNR orders
follow age and prognosis (SUPPORT, Hakim RB et al., Ann Intern Med 1996;125:284), so a
38-year-old admitted for a mild AKI is almost never DNR; ~6 % overall at this hospital's
ages (before: 6 % at every age)."""


def dnr_probability(age: int) -> float:
    """``DNR_BY_AGE`` at ``age``."""
    return next(p for upper, p in DNR_BY_AGE if age < upper)


def diagnoses(
    chart: Chart,
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
    home_meds: bool = False,
    confused: bool = False,
    background: tuple[int, ...] = (),
    age: int = 66,
    home: frozenset[str] = frozenset(),
) -> list[str]:
    """Coded diagnoses: conditions, then lab-, drug-, home-medication-, confusion- and
    allergy-coded, then the patient's background comorbidities (indices into
    ``secondary.BACKGROUND``, each coded at ``BACKGROUND_CODED``). A drug of
    ``secondary.LONG_TERM_ONLY_AT_HOME`` codes long-term use only when it is on ``home``."""
    rng = chart.rng
    v = 0 if version == 10 else 1
    codes = [c.icd10 if version == 10 else c.icd9 for c in [*conds, *chronic]]
    for itemid, op, limit, code in sec.LAB_CODED:
        vals = [x for _t, x in series.get(itemid, [])]
        if vals and (min(vals) < limit if op == "<" else max(vals) > limit):
            if chart.extras >= 1 or rng.random() < sec.THIN_CHART_LAB_CODED:
                codes.append(code[v])
    for keys, code in sec.DRUG_CODED:
        taken = active & set(keys)
        if taken and not taken <= sec.LONG_TERM_ONLY_AT_HOME - home:
            # a long-term-use code is documentation, as the home-medication code below: a
            # sparse chart codes it at ``extras`` (drawn only there, so a full chart's stream
            # is unchanged); it kept sparse infection admissions at the planner's "5
            # diagnoses" point (the treatment_response x L1 cell, issue #39)
            if chart.extras >= 1 or rng.random() < chart.extras:
                codes.append(code[v])
    # documentation codes: a sparse (short, thinly documented) chart often omits them
    if home_meds and rng.random() < chart.extras:
        codes.append(sec.HOME_MEDS[v])
    if confused and rng.random() < chart.extras:
        codes.append(sec.CONFUSION[v])
    if "Penicillins" in allergies:
        codes.append(sec.PENICILLIN_ALLERGY[v])
    if died or rng.random() < dnr_probability(age):
        codes.append(sec.DNR[v])
    coded = sec.BACKGROUND_CODED if chart.extras >= 1 else sec.THIN_CHART_CODED
    for i in background:
        if rng.random() < coded:
            codes.append(sec.BACKGROUND[i][1][v])
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
        chart.add(
            "hosp/diagnoses_icd",
            {
                "subject_id": chart.sid,
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
            chart.add(
                "hosp/procedures_icd",
                {
                    "subject_id": chart.sid,
                    "hadm_id": hadm,
                    "seq_num": seq,
                    "chartdate": day.strftime("%Y-%m-%d"),
                    "icd_code": code,
                    "icd_version": 10,
                },
            )
    return titles
