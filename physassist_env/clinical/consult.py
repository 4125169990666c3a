"""How soon a consulting service should see the patient: urgent (today) or routine.

A consult request states its question and its urgency (Goldman L, Lee T, Rudd P. Ten
commandments for effective consultations. Arch Intern Med 1983;143:1753-5). The urgency
follows whether the problem the service is asked about is acute on the results known at
the session, by one rule per service (and a critical result for any service):

* any result past a critical limit (:mod:`physassist_env.clinical.critical`; TJC
  NPSG.02.03.01): it needs action today;
* nephrology: KDIGO stage 2-3 AKI at the session (not a recovered one's peak) or a potassium of 6.0 mmol/L or more (KDIGO 2012 AKI
  guideline 5.1; NICE NG148 (2019) 1.5: refer stage 3 AKI and AKI with complications);
* infectious disease: a lactate above 2 mmol/L, hypoperfusion in infection (Sepsis-3,
  Singer M et al., JAMA 2016;315:801; Surviving Sepsis Campaign 2021);
* cardiology: a troponin above the laboratory's upper limit, myocardial injury (Fourth
  Universal Definition of Myocardial Infarction, Thygesen K et al., Circulation
  2018;138:e618);
* gastroenterology: an acute haemoglobin fall (ISTH major bleeding, Schulman 2005;
  :func:`physassist_env.clinical.bleeding.haemoglobin_fall`): a bleed is scoped within
  24 h (ACG upper GI bleeding guideline, Laine L et al., Am J Gastroenterol
  2021;116:899);
* endocrinology: a glucose above 250 mg/dL with a bicarbonate below 18 mmol/L, the
  diabetic ketoacidosis criteria (ADA hyperglycaemic crises consensus, Kitabchi AE et al.,
  Diabetes Care 2009;32:1335).

Otherwise the consult is routine.
"""

from __future__ import annotations

from physassist_env.clinical.critical import critical_side
from physassist_env.vocab.analytes import ANALYTES

#: Services this module rules on (the consult topic's services).
SERVICES = (
    "nephrology",
    "infectious disease",
    "cardiology",
    "gastroenterology",
    "pulmonology",
    "endocrinology",
    "neurology",
)


def urgent_reason(
    service: str,
    latest: dict[str, tuple[float, str]],
    aki_stage: int = 0,
    haemoglobin_fall: bool = False,
) -> tuple[str, str] | None:
    """Why a consult to ``service`` is urgent, as (EN, ZH) finding, or None (routine).

    ``latest``: lab key -> (value, laboratory flag) of the current values (the session day
    or the day before) in the record's conventional units; ``aki_stage`` the KDIGO stage of the
    latest creatinine against the baseline (the state at the session: an AKI whose
    creatinine has recovered is 0, however high its peak; KDIGO 2012 2.1 and 5.1); ``haemoglobin_fall`` whether an acute fall is known.
    """
    for lab, (value, _) in sorted(latest.items()):
        side = critical_side(lab, value)
        if side is not None:
            return (
                f"critical {lab} {value:g}",
                f"危急值：{(ANALYTES[lab].zh if lab in ANALYTES else lab)} {value:g}",
            )
    k = latest.get("potassium", (0.0, ""))[0]
    if service == "nephrology" and (aki_stage >= 2 or k >= 6.0):
        return (
            (f"KDIGO stage {aki_stage} AKI", f"KDIGO {aki_stage}期急性肾损伤")
            if aki_stage >= 2
            else (f"potassium {k:g}", f"血钾 {k:g}")
        )
    if service == "infectious disease" and latest.get("lactate", (0.0, ""))[0] > 2.0:
        v = latest["lactate"][0]
        return f"lactate {v:g} mmol/L", f"乳酸 {v:g} mmol/L"
    if service == "cardiology" and latest.get("troponin", (0.0, ""))[1] in ("H", "HH"):
        v = latest["troponin"][0]
        return f"raised troponin {v:g}", f"肌钙蛋白升高 {v:g}"
    if service == "gastroenterology" and haemoglobin_fall:
        return "an acute hemoglobin fall", "血红蛋白急性下降"
    if (
        service == "endocrinology"
        and latest.get("glucose", (0.0, ""))[0] > 250
        and latest.get("bicarbonate", (99.0, ""))[0] < 18
    ):
        g, b = latest["glucose"][0], latest["bicarbonate"][0]
        return (
            f"glucose {g:g} with bicarbonate {b:g}",
            f"血糖 {g:g}，碳酸氢根 {b:g}",
        )
    return None
