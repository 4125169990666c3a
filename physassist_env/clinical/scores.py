"""Clinical scores (formulas and sources in docs/synthetic-hospital.md), shared by the synthetic hospital and the session generator."""

from __future__ import annotations


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
