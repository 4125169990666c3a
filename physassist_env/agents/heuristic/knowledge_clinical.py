"""The heuristic agent's own rules for the clinical-work intents, each cited.

Written for the agent from public references, not taken from the scenario generator; where
the two disagree the agent answers by its own rule and the grader decides. Values are in
the units the record reports (creatinine mg/dL, potassium mmol/L = mEq/L, magnesium mg/dL,
hemoglobin g/dL, glucose mg/dL, lactate mmol/L).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.view import TurnView
from physassist_env.clinical import scores


# ------------------------------------------------------------------------------ kidneys
@dataclass(frozen=True)
class Aki:
    """KDIGO staging inputs and result (creatinine in mg/dL)."""

    stage: int
    baseline: float
    peak: float
    latest: float
    unit: str


def _mg_dl(value: float, unit: str) -> float:
    # 1 mg/dL creatinine = 88.4 umol/L
    return value / 88.4 if "mol" in unit.lower() else value


def _when(time: str) -> datetime | None:
    try:
        return datetime.fromisoformat(time.strip())
    except ValueError:
        return None


def aki_of(v: TurnView) -> Aki | None:
    """KDIGO 2012 AKI stage by creatinine (Kidney Int Suppl 2012;2:1-138, section 2.1) from
    the creatinine values of this request: the baseline is the lowest value of the
    admission (KDIGO: the lowest value is a reasonable baseline when none is known), the
    peak the highest, and a rise of 0.3 mg/dL within 48 h counts for stage 1.
    ``None`` with fewer than two values."""
    series = v.series("creatinine")
    if len(series) < 2:
        return None
    unit = series[0].unit
    vals = [(_when(x.time), _mg_dl(x.value or 0.0, x.unit)) for x in reversed(series)]
    baseline = min(x for _, x in vals)
    peak = max(x for _, x in vals)
    rise = 0.0
    for i, (t0, x0) in enumerate(vals):
        for t1, x1 in vals[i + 1 :]:
            if t0 and t1 and (t1 - t0).total_seconds() <= 48 * 3600:
                rise = max(rise, x1 - x0)
    stage = scores.kdigo_aki_stage(baseline=baseline, peak=peak, rise_48h=rise)
    return Aki(stage, baseline, peak, vals[-1][1], unit)


def aki_consult_urgent(stage: int, potassium: float | None) -> bool:
    """Urgent nephrology input for stage 3 AKI or a potassium of 6.0 mmol/L or more
    (NICE NG148 (2019) 1.5: refer stage 3 AKI and AKI with complications; KDIGO 2012
    5.1: life-threatening hyperkalaemia is an emergent dialysis indication)."""
    return stage >= 3 or (potassium is not None and potassium >= 6.0)


#: Drug classes withheld in AKI: NSAIDs, ACE inhibitors, ARBs (KDIGO 2012 AKI guideline
#: 3.1: avoid nephrotoxins; NICE NG148 (2019) 1.3: stop NSAIDs, ACE inhibitors and ARBs).
NEPHROTOXIC_CLASSES = frozenset({"nsaid", "acei", "arb"})


def nephrotoxic(generic: str) -> bool:
    """Whether a drug is one to withhold in AKI."""
    return K.DRUG_CLASS.get(generic) in NEPHROTOXIC_CLASSES


# ------------------------------------------------------------------------------ blood
#: Coronary heart disease by ICD-10 I20-I25 and ICD-9 410-414 (CMS tabular lists).
CORONARY = ("I20", "I21", "I22", "I23", "I24", "I25", "410", "411", "412", "413", "414")


def transfusion_threshold(coronary: bool) -> float:
    """Restrictive red-cell transfusion threshold in g/dL: 7 for hospitalised adults, 8 with
    pre-existing cardiovascular disease (AABB international guidelines, Carson JL et al.,
    JAMA 2023;330:1892-1902)."""
    return 8.0 if coronary else 7.0


def warfarin_band(inr: float) -> str:
    """``sub``, ``ther`` or ``supra`` against the INR target of 2.0-3.0 for most warfarin
    indications (Holbrook A et al., Chest 2012;141(2 Suppl):e152S-e184S)."""
    return "sub" if inr < 2.0 else "ther" if inr <= 3.0 else "supra"


# ------------------------------------------------------------------------------ electrolytes
def potassium_replacement_meq(k: float) -> int:
    """Oral KCl to give for a potassium in mmol/L: none at 3.5 or more, 40 mEq for
    3.0-3.4, 80 mEq in divided doses below 3.0 (each 10 mEq raises serum K by about
    0.1 mmol/L: Kardalas E et al., Endocr Connect 2018;7:R135-R146; Cohn JN et al., Arch
    Intern Med 2000;160:2429-36)."""
    return 0 if k >= 3.5 else 40 if k >= 3.0 else 80


def hyperkalemia_grade(k: float) -> str:
    """``mild`` 5.5-5.9, ``moderate`` 6.0-6.4, ``severe`` 6.5 or more mmol/L (UK Kidney
    Association, Treatment of Acute Hyperkalaemia in Adults, 2020)."""
    return "severe" if k >= 6.5 else "moderate" if k >= 6.0 else "mild"


#: Drugs that raise potassium and are stopped in hyperkalaemia (UK Kidney Association
#: 2020): ACE inhibitors, ARBs, mineralocorticoid antagonists, NSAIDs, potassium
#: supplements, trimethoprim (co-trimoxazole).
K_RAISING_CLASSES = frozenset({"acei", "arb", "mra", "nsaid"})
K_RAISING_NAMES = ("potassium chloride", "sulfamethoxazole", "trimethoprim")


def raises_potassium(generic: str | None, order_name: str) -> bool:
    """Whether an order is a potassium-raising drug."""
    low = order_name.lower()
    return (
        generic is not None and K.DRUG_CLASS.get(generic) in K_RAISING_CLASSES
    ) or any(n in low for n in K_RAISING_NAMES)


def magnesium_dose(mg: float) -> str:
    """IV magnesium sulfate for a magnesium in mg/dL: 4 g below 1.0 (severe), else 2 g
    (Kraft MD et al., Am J Health Syst Pharm 2005;62:1663-82)."""
    return "4 g" if mg < 1.0 else "2 g"


def potassium_recheck_urgent(k: float) -> bool:
    """Recheck within hours below 3.0 or at 6.0 mmol/L and above (UK Kidney Association
    2020: recheck within 1-2 h of treating hyperkalaemia; Cohn 2000: severe hypokalaemia
    below 3.0 needs close monitoring); otherwise with the next routine labs."""
    return k < 3.0 or k >= 6.0


#: Hospital glucose target 140-180 mg/dL; level 1 hypoglycaemia below 70 mg/dL (ADA
#: Standards of Care in Diabetes 2024, sections 6 and 16).
GLUCOSE_HIGH, GLUCOSE_LOW = 180.0, 70.0


# ------------------------------------------------------------------------------ sepsis
def lactate_elevated(lactate: float) -> bool:
    """Lactate above 2 mmol/L (Sepsis-3, Singer M et al., JAMA 2016;315:801-10)."""
    return lactate > 2.0


def lactate_clearing(peak: float, latest: float) -> bool:
    """A fall of at least 10% from the peak (Nguyen HB et al., Crit Care Med
    2004;32:1637-42; Jones AE et al., JAMA 2010;303:739-46)."""
    return peak > 0 and round((peak - latest) / peak, 6) >= 0.10


# ------------------------------------------------------------------------------ QT
#: Drugs with a known risk of torsades de pointes (CredibleMeds QTdrugs list, "known
#: risk" category), as order names spell them.
QT_KNOWN_RISK = (
    "amiodarone",
    "azithromycin",
    "chlorpromazine",
    "ciprofloxacin",
    "citalopram",
    "clarithromycin",
    "donepezil",
    "droperidol",
    "erythromycin",
    "escitalopram",
    "fluconazole",
    "haloperidol",
    "levofloxacin",
    "methadone",
    "moxifloxacin",
    "ondansetron",
    "sotalol",
)


def qt_facts(v: TurnView) -> tuple[list[str], list[tuple[str, str]]]:
    """(active drugs with known TdP risk, low electrolytes as (EN, ZH) text): hypokalaemia
    below 3.5 mmol/L and hypomagnesaemia below 1.6 mg/dL add to the risk (AHA/ACCF
    statement on torsade de pointes in hospital, Drew BJ et al., Circulation
    2010;121:1047-60)."""
    drugs: list[str] = []
    for o in v.orders():
        if o.status != "active":
            continue
        low = o.name.lower()
        drugs += [d for d in QT_KNOWN_RISK if d in low and d not in drugs]
    lows: list[tuple[str, str]] = []
    k, mg = v.latest("potassium"), v.latest("magnesium")
    if k is not None and k.value is not None and k.value < 3.5:
        lows.append((f"potassium {k.value:g}", f"血钾 {k.value:g}"))
    if mg is not None and mg.value is not None and mg.value < 1.6:
        lows.append((f"magnesium {mg.value:g}", f"血镁 {mg.value:g}"))
    return drugs, lows


def coronary(conditions: list[P.Condition]) -> bool:
    """Whether any coded condition is coronary heart disease."""
    return P.has_code(conditions, CORONARY)


# ------------------------------------------------------------------------------ antibiotics
#: Directed therapy by organism, narrowest adequate agent first, as (panel name on the
#: report, generic to give). IDSA/SHEA antibiotic stewardship guideline (Barlam TF et al.,
#: Clin Infect Dis 2016;62:e51-e77: de-escalate to the narrowest agent the susceptibilities
#: allow); S. aureus: cefazolin for MSSA (oxacillin susceptible), vancomycin for MRSA (Liu C
#: et al., Clin Infect Dis 2011;52:e18-e55); enterococci: ampicillin, else vancomycin;
#: Enterobacterales: ampicillin, ceftriaxone, piperacillin-tazobactam, then a carbapenem;
#: Pseudomonas: cefepime, piperacillin-tazobactam, then meropenem.
DIRECTED: tuple[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], ...] = (
    (("staph",), (("oxacillin", "cefazolin"), ("vancomycin", "vancomycin"))),
    (("enterococcus",), (("ampicillin", "ampicillin"), ("vancomycin", "vancomycin"))),
    (
        ("pseudomonas",),
        (
            ("cefepime", "cefepime"),
            ("piperacillin", "piperacillin"),
            ("meropenem", "meropenem"),
        ),
    ),
    (
        (
            "escherichia",
            "e. coli",
            "klebsiella",
            "proteus",
            "enterobacter",
            "citrobacter",
            "serratia",
        ),
        (
            ("ampicillin", "ampicillin"),
            ("ceftriaxone", "ceftriaxone"),
            ("piperacillin", "piperacillin"),
            ("meropenem", "meropenem"),
        ),
    ),
)


def directed_agent(organism: str, susceptible: list[str]) -> str | None:
    """The narrowest agent of the organism's ladder its panel reports susceptible."""
    low = organism.lower()
    names = [s.lower() for s in susceptible]
    for fragments, ladder in DIRECTED:
        if any(f in low for f in fragments):
            for panel, agent in ladder:
                if any(n.startswith(panel) for n in names):
                    return agent
            return None
    return None
