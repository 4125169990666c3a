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
    the creatinine values of this request, by the gold's rule
    (:func:`physassist_env.clinical.scores.kdigo_readings`): each reading is staged
    against the lowest value of the 7 days before it, never a later nadir; the reading
    with the highest stage is reported with its baseline, the peak is the highest value.
    ``None`` with fewer than two values."""
    series = v.series("creatinine")
    if len(series) < 2:
        return None
    unit = series[0].unit
    vals = [
        (str(x.time).strip().replace(" ", "T"), _mg_dl(x.value or 0.0, x.unit))
        for x in reversed(series)
        if _when(x.time) is not None
    ]
    if len(vals) < 2:
        return None
    peak = max(x for _, x in vals)
    staged = scores.kdigo_readings(vals)
    if not staged:
        return Aki(0, vals[0][1], peak, vals[-1][1], unit)
    top = max(staged, key=lambda r: (r.stage, r.value, r.ratio))
    if top.stage == 0:
        top = max(staged, key=lambda r: (r.ratio, r.value))
    return Aki(top.stage, top.baseline, peak, vals[-1][1], unit)


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


def raas_hold_for_aki(stage: int) -> bool:
    """Withhold an ACE inhibitor or ARB in acute kidney injury of any KDIGO stage (NICE
    NG148 (2019) 1.3; KDIGO 2012 AKI guideline 3.1), whatever the potassium."""
    return stage >= 1


#: Coded diagnoses (ICD-10-CM / ICD-9-CM prefixes, dots removed) against an NSAID, with
#: why (EN, ZH): heart failure (2022 AHA/ACC/HFSA heart failure guideline: NSAIDs worsen
#: it), CKD stage 4-5 (KDIGO 2012 CKD guideline 4.4: avoid at GFR < 30), acute kidney
#: injury (KDIGO 2012 AKI guideline 3.1: avoid nephrotoxins), GI bleeding or peptic
#: ulcer (ACG 2021 upper GI bleeding guideline: NSAIDs stopped).
NSAID_BARRING_CODES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("I50", "428"), "NSAIDs worsen heart failure", "NSAIDs 可加重心力衰竭"),
    (
        ("N184", "N185", "N186", "5854", "5855", "5856"),
        "NSAIDs are avoided at a GFR under 30",
        "GFR 低于 30 时应避免使用 NSAIDs",
    ),
    (
        ("N17", "584"),
        "NSAIDs are nephrotoxic in acute kidney injury",
        "NSAIDs 在急性肾损伤时有肾毒性",
    ),
    (
        (
            "K920",
            "K921",
            "K922",
            "K25",
            "K26",
            "K27",
            "K28",
            "578",
            "531",
            "532",
            "533",
            "534",
        ),
        "NSAIDs worsen gastrointestinal bleeding and ulcers",
        "NSAIDs 可加重消化道出血和溃疡",
    ),
)


def nsaid_barring(codes: list[str]) -> tuple[str, str, str] | None:
    """(the first code that bars an NSAID, why EN, why ZH), or None."""
    for code in codes:
        c = code.upper().replace(".", "")
        for prefixes, en, zh in NSAID_BARRING_CODES:
            if c.startswith(prefixes):
                return code, en, zh
    return None


# ------------------------------------------------------------------------------ blood
#: Coronary heart disease by ICD-10 I20-I25 and ICD-9 410-414 (CMS tabular lists).
CORONARY = ("I20", "I21", "I22", "I23", "I24", "I25", "410", "411", "412", "413", "414")
#: Heart failure or coronary heart disease (ICD-10 I50, I20-I25; ICD-9 428, 410-414):
#: keep the potassium at 4.0 mmol/L or more (Cohn JN et al., Arch Intern Med
#: 2000;160:2429-36), as on digoxin.
HEART = ("I50", "428", *CORONARY)


def transfusion_threshold(coronary: bool) -> float:
    """Restrictive red-cell transfusion threshold in g/dL: 7 for hospitalised adults, 8 with
    pre-existing cardiovascular disease (AABB international guidelines, Carson JL et al.,
    JAMA 2023;330:1892-1902)."""
    return 8.0 if coronary else 7.0


#: Words of a red-cell transfusion in a procedure's name (ICD-10-PCS 30233N1, ICD-9 99.04):
#: one unit is given, then the haemoglobin is rechecked before another (AABB 2023; Choosing
#: Wisely, AABB 2014).
RED_CELL_WORDS = ("red blood cells", "red cells", "packed cells")


def warfarin_band(inr: float) -> str:
    """``sub``, ``ther`` or ``supra`` against the INR target of 2.0-3.0 for most warfarin
    indications (Holbrook A et al., Chest 2012;141(2 Suppl):e152S-e184S)."""
    return "sub" if inr < 2.0 else "ther" if inr <= 3.0 else "supra"


# ------------------------------------------------------------------------------ electrolytes
def potassium_replacement_meq(k: float, cardiac: bool = False) -> int:
    """Oral KCl to give for a potassium in mmol/L: 40 mEq for 3.0-3.4, 80 mEq in divided
    doses below 3.0; with heart disease or digoxin (target 4.0 or more, Cohn 2000) 40 mEq
    at 3.5-3.7 and 20 mEq at 3.8-3.9; otherwise none (each 10 mEq raises serum K by about
    0.1 mmol/L: Kardalas E et al., Endocr Connect 2018;7:R135-R146)."""
    if k < 3.0:
        return 80
    if k < 3.5:
        return 40
    if cardiac and k < 4.0:
        return 40 if k < 3.8 else 20
    return 0


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


# ------------------------------------------------------------------------------ consults
#: The specialty of an admitting problem, by ICD-10 / ICD-9 category of the principal
#: diagnosis (the organ system it belongs to, CMS ICD-10-CM tabular list): kidney and
#: electrolyte disorders, infections, heart, liver and gut, lungs, diabetes, stroke.
CONSULT_SERVICES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("N17", "N18", "N19", "E87", "584", "585", "276"), "nephrology"),
    (("A", "B", "J18", "J15", "N39", "L03", "038", "486", "599", "682", "008"), "infectious disease"),
    (("I20", "I21", "I25", "I48", "I50", "410", "411", "414", "427", "428"), "cardiology"),
    (("K70", "K72", "K74", "K85", "K92", "571", "577", "578"), "gastroenterology"),
    (("J44", "J45", "491", "493", "496"), "pulmonology"),
    (("E10", "E11", "E13", "250"), "endocrinology"),
    (("I63", "I64", "G45", "434", "435", "436"), "neurology"),
)  # fmt: skip

#: Critical (panic) limits, (below, above), conventional units (Kost GJ, JAMA
#: 1990;263:704; CAP Q-Probes 2008): a result past one needs action today.
CRITICAL = {
    "potassium": (2.8, 6.2),
    "sodium": (120.0, 160.0),
    "glucose": (40.0, 450.0),
    "hemoglobin": (6.0, None),
}


def consult_service(code: str) -> str | None:
    """The service for a principal diagnosis code (dots removed), or None."""
    code = code.upper()
    return next((s for heads, s in CONSULT_SERVICES if code.startswith(heads)), None)


def consult_urgent(service: str, v: TurnView, today: str) -> bool:
    """Whether the consult is urgent (seen today): a current critical result, or the
    service's problem acute on today's or yesterday's results (nephrology: KDIGO stage
    2-3 or K >= 6.0, KDIGO 2012 5.1; infectious disease: lactate > 2 mmol/L, Sepsis-3;
    cardiology: troponin above range, Fourth Universal Definition of MI 2018;
    gastroenterology: a haemoglobin fall of 2 g/dL within 48 h, ISTH 2005; endocrinology:
    glucose > 250 mg/dL with bicarbonate < 18 mmol/L, ADA 2009 DKA criteria). Goldman L et
    al., Arch Intern Med 1983;143:1753: a consult states its urgency."""
    from datetime import date, timedelta

    try:
        since = (date.fromisoformat(today[:10]) - timedelta(days=1)).isoformat()
    except ValueError:
        since = ""
    now = {}
    for k in (
        "potassium",
        "sodium",
        "glucose",
        "hemoglobin",
        "lactate",
        "troponin",
        "bicarbonate",
    ):
        x = v.latest(k)
        if x is not None and x.value is not None and x.time[:10] >= since:
            now[k] = x
    for k, (low, high) in CRITICAL.items():
        x = now.get(k)
        if x is not None and (
            (low is not None and x.value < low) or (high is not None and x.value > high)
        ):
            return True
    if service == "nephrology":
        aki = aki_of(v)
        k = now.get("potassium")
        return (aki is not None and aki.stage >= 2) or (
            k is not None and k.value >= 6.0
        )
    if service == "infectious disease":
        return "lactate" in now and now["lactate"].value > 2.0
    if service == "cardiology":
        return "troponin" in now and now["troponin"].flag in ("H", "HH")
    if service == "gastroenterology":
        hb = v.series("hemoglobin")
        return (
            len(hb) >= 2
            and max(x.value or 0.0 for x in hb[1:3]) - (hb[0].value or 0.0) >= 2.0
        )
    if service == "endocrinology":
        g, b = now.get("glucose"), now.get("bicarbonate")
        return g is not None and b is not None and g.value > 250 and b.value < 18
    return False  # fmt: skip


# ------------------------------------------------------------------------------ follow-up
def followup_plan(v: TurnView, principal: str) -> tuple[str, int]:
    """(service, days after today) of the follow-up after discharge: a creatinine still
    rising on the last draws, primary care with a recheck in 3 days (KDIGO 2012 AKI 2.1,
    3.1; NICE NG148 1.7); heart failure admitted, the heart failure clinic within 7 days
    (2022 AHA/ACC/HFSA guideline, early follow-up within 7 days); going home on insulin,
    the diabetes clinic within a month (ADA Standards of Care 2024, 16); otherwise
    primary care within 7 days (CMS transitional care management: within 7-14 days)."""
    cr = v.series("creatinine")
    aki = aki_of(v)
    if (
        aki is not None
        and aki.stage >= 1
        and len(cr) >= 2
        and (cr[0].value or 0.0) > (cr[1].value or 0.0)
        and (cr[0].value or 0.0) >= max(x.value or 0.0 for x in cr)
    ):
        return "primary care", 3
    if principal.upper().startswith(K_HF):
        return "heart failure clinic (cardiology)", 7
    if any(o.status == "active" and "insulin" in o.name.lower() for o in v.orders()):
        return "diabetes clinic (endocrinology)", 28
    return "primary care", 7


#: Heart failure codes (ICD-10 I50, I11.0, I13.0/I13.2; ICD-9 428).
K_HF = ("I50", "I110", "I130", "I132", "428")
