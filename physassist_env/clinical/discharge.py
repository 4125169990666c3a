"""Which inpatient orders belong on a discharge medication list.

A discharge list names the regimens the patient takes home, once each (Joint Commission
NPSG.03.06.01, medication reconciliation: one accurate list given to the patient; WHO
High 5s medication reconciliation SOP). Orders that only make sense in hospital are left
off: unfractionated heparin (subcutaneous VTE prophylaxis is not continued after discharge
in medical patients, ACCP 2012 antithrombotic guideline, Kahn SR et al. Chest
2012;141(2 Suppl):e195S-226S, 2.7; an intravenous heparin infusion is an inpatient
therapy), continuous intravenous infusions, drugs given intravenously or by another
hospital-only parenteral route (``_INPATIENT_ROUTE``), and IV base solutions / diluents (MIMIC-IV
``prescriptions.drug_type = BASE``: saline, dextrose, water, "Bag", "Vial"). Flushes,
one-off, as-needed and placeholder orders are already excluded by
``MedOrder.scheduled``.

An intravenous antibiotic stays in hospital too: it goes home only within an outpatient
parenteral antimicrobial therapy plan (line, monitoring, infusion service; IDSA 2018 OPAT
guideline, Norris AH et al., Clin Infect Dis 2019;68:e1-e35), which a medication list does
not make; the discharge answer names the oral step-down or the OPAT plan instead
(:func:`iv_anti_infective`, :data:`WEEKS_OF_IV`), and an IV proton pump inhibitor goes
home by mouth (:func:`iv_ppi`).

Prophylactic doses of a low-molecular-weight heparin (enoxaparin 40 mg daily or 30 mg
twice daily, dalteparin 5,000 units daily) are VTE prophylaxis as well: not continued
after discharge in medical patients (ACCP 2012, Kahn SR et al., 2.7; ASH 2018 VTE
prophylaxis guideline, Schunemann HJ et al., Blood Adv 2018;2:3198: inpatient over
extended prophylaxis), but continued for up to 35 days after hip or knee arthroplasty
and hip-fracture surgery (ACCP 2012, Falck-Ytter Y et al., Chest 2012;141:e278S, 2.1.2,
2.2): ``extended_prophylaxis``. Treatment doses (enoxaparin 1 mg/kg) go home.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol, TypeVar

from physassist_env.clinical.harm import ANTI_INFECTIVE, NSAIDS
from physassist_env.clinical.infusion import CONTINUOUS


class OrderLike(Protocol):
    """What the rules read of an order (``scenarios.features.MedOrder`` fits)."""

    @property
    def name(self) -> str: ...
    @property
    def generic(self) -> str | None: ...
    @property
    def route(self) -> str: ...
    @property
    def start(self) -> str: ...
    @property
    def dose(self) -> float | None: ...


OrderT = TypeVar("OrderT", bound=OrderLike)

#: Unfractionated heparin by any route (a heparin flush is already not a regimen);
#: low-molecular-weight heparins are not matched (treatment doses go home).
_HEPARIN = re.compile(r"^\s*heparin\b", re.I)
#: IV base solutions and diluents (the MIMIC-IV demo's ``BASE`` drug names).
_DILUENT = re.compile(
    r"^\s*(?:(?:0\.9%|0\.45%)\s+sodium chloride|sodium chloride\s+0\.9%|"
    r"(?:5%|10%)\s+dextrose|dextrose\s+(?:5|10)%|iso-osmotic|lactated ringer(?:'?s)?|"
    r"sterile water|sw|ns|d5w|d5\s*1/2\s*ns|d5ns|bag|vial|soln|syringe)(?![\w%])",
    re.I,
)
#: Intravenous and other hospital-only parenteral routes (MIMIC-IV ``prescriptions.route``:
#: IV, IV DRIP, IVPCA, IV BOLUS, IVPB, EPIDURAL, INTRATHECAL, IO). A drug given this way is
#: switched to an oral form or stopped at discharge, never listed as a home regimen:
#: an IV antibiotic course converts to oral therapy or ends (IDSA/ATS 2019 CAP guideline,
#: Metlay JP et al., Am J Respir Crit Care Med 2019;200:e45-e67: switch to oral once
#: stable), and high-dose IV chemotherapy (cytarabine 2,970 mg IV q12h) is an inpatient
#: protocol. Home IV therapy (OPAT) is a separate, explicitly arranged service (IDSA 2018
#: OPAT guideline, Norris AH et al., Clin Infect Dis 2019;68:e1-e35) the record does not
#: show: the order is not a home regimen as written; the discharge answer plans it
#: (an oral step-down, or OPAT where the infection needs weeks of IV therapy).
_INPATIENT_ROUTE = re.compile(
    r"^\s*(?:IV\b|IVPB|IVPCA|IVS\b|INTRAVEN|EPIDURAL|ED\b|INTRATHECAL|IT\b|IO\b)",
    re.I,
)
#: The largest prophylactic dose of each low-molecular-weight heparin (per administration:
#: enoxaparin 40 mg daily or 30 mg q12h, dalteparin 5,000 units daily; ACCP 2012).
LMWH_PROPHYLAXIS_MAX = {"enoxaparin": 40.0, "dalteparin": 5000.0}
#: Principal diagnoses of an admission for hip or knee arthroplasty or hip-fracture
#: surgery (ICD-10 M16/M17 hip/knee osteoarthritis, S72.0-S72.2 proximal femur fracture,
#: Z47.1 aftercare after joint replacement; ICD-9 715.15/715.16/715.25/715.26/715.35/
#: 715.36/715.95/715.96, 820, V54.81): the admissions whose LMWH prophylaxis goes home.
#: Only the principal diagnosis counts: osteoarthritis coded in a medical admission's
#: background does not mean an operation.
EXTENDED_PROPHYLAXIS_CODES = (
    "M16",
    "M17",
    "S720",
    "S721",
    "S722",
    "Z471",
    "71515",
    "71516",
    "71525",
    "71526",
    "71535",
    "71536",
    "71595",
    "71596",
    "820",
    "V5481",
)


def extended_prophylaxis(principal_code: str) -> bool:
    """Whether an admission with this principal ICD code (dots ignored) is one after which
    LMWH prophylaxis continues at home (:data:`EXTENDED_PROPHYLAXIS_CODES`)."""
    return (
        principal_code.upper().replace(".", "").startswith(EXTENDED_PROPHYLAXIS_CODES)
    )


def lmwh_prophylaxis(order: OrderLike) -> bool:
    """Whether ``order`` is a prophylactic dose of a low-molecular-weight heparin."""
    name = order.name.lower()
    dose = getattr(order, "dose", None)
    return dose is not None and any(
        drug in name and dose <= top for drug, top in LMWH_PROPHYLAXIS_MAX.items()
    )


def inpatient_only(
    order: OrderLike, extended_prophylaxis: bool = False, after_cabg: bool = False
) -> str | None:
    """Why ``order`` stays in hospital (``"heparin"``, ``"VTE prophylaxis"``,
    ``"diluent"``, ``"infusion"``, ``"intravenous"``, ``"NSAID after CABG"``), or None
    when it may go home. ``extended_prophylaxis``: the admission is a hip or knee
    arthroplasty or hip-fracture surgery, after which LMWH prophylaxis goes home.
    ``after_cabg``: the episode held a coronary artery bypass graft, after which no NSAID
    goes home (FDA boxed warning on NSAIDs, 2005: contraindicated in the setting of CABG
    surgery; 2021 ACC/AHA/SCAI coronary revascularization guideline)."""
    if after_cabg and (
        (order.generic or "").lower() in NSAIDS
        or any(n in order.name.lower() for n in NSAIDS if ":" not in n)
    ):
        return "NSAID after CABG"
    if _HEPARIN.search(order.name):
        return "heparin"
    if not extended_prophylaxis and lmwh_prophylaxis(order):
        return "VTE prophylaxis"
    if _DILUENT.search(order.name):
        return "diluent"
    if CONTINUOUS.search(order.route or ""):
        return "infusion"
    if _INPATIENT_ROUTE.search(order.route or ""):
        return "intravenous"
    if ORAL_CARE_BUNDLE.search(order.name):
        return "ventilator oral care"
    return None


#: Chlorhexidine 0.12% oral rinse: the oral care of the ventilator bundle, an ICU
#: measure against ventilator-associated pneumonia (SHEA/IDSA/APIC 2022 compendium,
#: Klompas M et al., Infect Control Hosp Epidemiol 2022;43:687-713), not a home regimen
#: (round 10: it was listed on discharge lists).
ORAL_CARE_BUNDLE = re.compile(
    r"\bchlorhexidine\b.*\b(?:oral rinse|mouth ?wash|0\.12\s?%)", re.I
)

#: Oral or IV potassium and phosphate salts given to replete a low level (MIMIC-IV
#: "Potassium Chloride", "K-Dur", "Neutra-Phos", "K-Phos", "Sodium Phosphate"): a
#: repletion course written for a few doses in hospital, checked against the next level
#: (Cohn JN et al., Arch Intern Med 2000;160:2429-36, new guidelines for potassium
#: replacement in clinical practice: replace, then recheck). It goes home only as a
#: maintenance supplement beside a potassium-wasting diuretic (:data:`KALIURETIC`;
#: Cohn 2000: a supplement keeps the potassium at 4.0-5.0 mEq/L on a loop or thiazide
#: diuretic); a phosphate salt does not go home from the list (prescribed at discharge
#: only if the level stays low at the recheck).
POTASSIUM_SALT = re.compile(
    r"\b(?:potassium chloride|kcl|k-dur|klor-con|k-tab|micro-k|klor)\b", re.I
)
PHOSPHATE_SALT = re.compile(
    r"\b(?:neutra-?phos|k-phos|phospha|potassium phosphate|sodium phosphate|"
    r"sodium glycerophosphate)\b",
    re.I,
)
#: Loop and thiazide diuretics: the potassium-wasting diuretics beside which an oral
#: potassium supplement is a maintenance regimen (Cohn 2000; 2022 AHA/ACC/HFSA heart
#: failure guideline, Heidenreich PA et al.: monitor and replace potassium on diuretics).
KALIURETIC = re.compile(
    r"\b(?:furosemide|lasix|torsemide|bumetanide|bumex|ethacrynic|hydrochlorothiazide|"
    r"hctz|chlorthalidone|chlorothiazide|metolazone|indapamide)\b",
    re.I,
)


def repletion_only(order: OrderLike, going: Iterable[OrderLike]) -> bool:
    """Whether ``order`` is an inpatient electrolyte repletion, not a home regimen: a
    phosphate salt (:data:`PHOSPHATE_SALT`), or a potassium salt
    (:data:`POTASSIUM_SALT`) when no potassium-wasting diuretic (:data:`KALIURETIC`)
    is among ``going`` (the other orders going home)."""
    text = _drug_text(order)
    if PHOSPHATE_SALT.search(text):
        return True
    if not POTASSIUM_SALT.search(text):
        return False
    return not any(KALIURETIC.search(_drug_text(o)) for o in going)


#: As-needed drugs a discharge list names rather than drops: opioids and
#: benzodiazepines. They are high-alert drugs whose continuation or stop is decided
#: explicitly at discharge (Joint Commission NPSG.03.06.01, reconciliation; FDA 2016
#: boxed warning on opioids with benzodiazepines, FDA 2019 on gabapentinoids with
#: opioids: the combination is flagged at discharge; CDC 2022 opioid prescribing
#: guideline, recommendation 6: the discharge supply is stated), and the sedating
#: first-generation antihistamines taken with them (2023 AGS Beers Criteria: avoid, and
#: avoid three or more CNS-active drugs together). Other PRN orders (antiemetics,
#: laxatives) stay off the list; PRN analgesics by mouth: :data:`PRN_ANALGESIC`.
PRN_RECONCILED = re.compile(
    r"\b(oxycodone|hydromorphone|morphine|hydrocodone|tramadol|tapentadol|methadone|"
    r"fentanyl|codeine|percocet|dilaudid|lorazepam|diazepam|alprazolam|clonazepam|"
    r"oxazepam|temazepam|chlordiazepoxide|ativan|valium|xanax|klonopin|"
    r"diphenhydramine|hydroxyzine|promethazine|benadryl)\b",
    re.I,
)


#: Rescue drugs taken as needed, which a discharge list keeps (round 8b): sublingual
#: or spray nitroglycerin for angina (2012 ACCF/AHA stable ischaemic heart disease
#: guideline, class 1: every patient with coronary disease has sublingual nitroglycerin)
#: and an inhaled short-acting beta-agonist (GOLD 2024 report; GINA 2024: every patient
#: with COPD or asthma has a reliever inhaler).
RESCUE_PRN = re.compile(
    r"\bnitroglycerin\b.*\b(?:SL|sublingual|spray)\b|\bnitrostat\b"
    r"|\b(?:albuterol|salbutamol|levalbuterol|proair|ventolin|xopenex)\b",
    re.I,
)


#: As-needed non-opioid analgesics by mouth (paracetamol / acetaminophen, NSAIDs): the
#: pain plan goes home whole, the opioid beside them decided and the non-opioid named
#: with it (CDC 2022 opioid prescribing guideline, Dowell D et al., MMWR Recomm Rep
#: 2022;71(3):1-95, recommendation 2: maximise non-opioid therapy; Joint Commission
#: NPSG.03.06.01: the list names every drug the patient leaves with). Round 15b,
#: 10007795-28477357 t3: the list named a PRN albuterol but neither the PRN
#: hydromorphone nor the PRN acetaminophen.
PRN_ANALGESIC = re.compile(
    r"\b(acetaminophen|paracetamol|tylenol|ibuprofen|naproxen|motrin|advil)\b", re.I
)
#: A parenteral route: an as-needed IV / IM dose stays in hospital.
_PARENTERAL = re.compile(r"\b(iv|im|intravenous|intramuscular|sc|subcut)\b", re.I)


def prn_reconciled(order: OrderLike) -> bool:
    """Whether an as-needed order is one a discharge list names: a drug of
    :data:`PRN_RECONCILED` with a real dose or a dose range ("4-6 mg": round 9b, an
    opioid ordered by range is decided at discharge as much as one with a single dose),
    a non-parenteral analgesic of :data:`PRN_ANALGESIC` so dosed, or a rescue drug
    (:data:`RESCUE_PRN`)."""
    if RESCUE_PRN.search(order.name):
        return True
    dosed = order.dose is not None or getattr(order, "dose_range", None) is not None
    if dosed and PRN_ANALGESIC.search(order.name):
        return not _PARENTERAL.search(f"{order.route} {order.name}")
    return dosed and bool(PRN_RECONCILED.search(order.name))


#: Opioids and benzodiazepines (WHO ATC N02A, N05BA / N05CD), read by name: together on
#: a discharge list they carry the FDA 2016 boxed warning (profound sedation,
#: respiratory depression, coma and death; FDA Drug Safety Communication, 31 August
#: 2016): prescribe them together only where alternatives are inadequate, at the lowest
#: doses and shortest duration, and offer naloxone (CDC 2022 opioid prescribing
#: guideline, recommendations 8 and 11). Round 11.
OPIOID = re.compile(
    r"\b(oxycodone|hydromorphone|morphine|hydrocodone|tramadol|tapentadol|methadone|"
    r"fentanyl|codeine|oxymorphone|buprenorphine|percocet|dilaudid|ms contin)\b",
    re.I,
)
BENZODIAZEPINE = re.compile(
    r"\b(lorazepam|diazepam|alprazolam|clonazepam|oxazepam|temazepam|chlordiazepoxide|"
    r"midazolam|triazolam|ativan|valium|xanax|klonopin)\b",
    re.I,
)


def opioid_with_benzodiazepine(
    going: Iterable[OrderLike],
) -> tuple[OrderLike, OrderLike] | None:
    """The first opioid and the first benzodiazepine among the orders going home, when
    both are there (:data:`OPIOID`, :data:`BENZODIAZEPINE`: the FDA 2016 boxed warning),
    else None."""
    rows = list(going)
    opioid = next((o for o in rows if OPIOID.search(_drug_text(o))), None)
    benzo = next((o for o in rows if BENZODIAZEPINE.search(_drug_text(o))), None)
    return (opioid, benzo) if opioid is not None and benzo is not None else None


def drug_key(order: OrderLike) -> str:
    """The drug an order is for: its generic name, else its name without strength."""
    if order.generic:
        return order.generic.lower()
    return re.split(r"\s+\d", order.name.strip().lower(), maxsplit=1)[0]


def discharge_list(
    orders: Iterable[OrderT],
    extended_prophylaxis: bool = False,
    after_cabg: bool = False,
    repletion: bool = False,
) -> list[OrderT]:
    """The orders a discharge list names, one per drug: inpatient-only orders dropped
    (:func:`inpatient_only`), and of several orders for one drug the most recently started
    (the current regimen), in the position of that drug's first order; an inpatient
    electrolyte repletion (:func:`repletion_only`, round 10) is left off unless
    ``repletion``."""
    rows = [
        o for o in orders if not inpatient_only(o, extended_prophylaxis, after_cabg)
    ]
    kept: dict[str, OrderT] = {}
    for o in rows:
        key = drug_key(o)
        if key not in kept or (o.start or "") > (kept[key].start or ""):
            kept[key] = o
    going = list(kept.values())
    return [o for o in going if repletion or not repletion_only(o, going)]


#: Proton pump inhibitors: an IV dose (pantoprazole 40 mg IV) is converted to the same
#: dose by mouth when the patient eats, not dropped (oral and IV pantoprazole are
#: bioequivalent at 40 mg, FDA labels of Protonix and Protonix I.V.; ACG 2021 upper GI
#: bleeding guideline, Laine L et al., Am J Gastroenterol 2021;116:899-917: oral PPI after
#: the IV course).
PPI = re.compile(
    r"\b(pantoprazole|esomeprazole|omeprazole|lansoprazole|protonix)\b", re.I
)


#: Twice daily or more often: the treatment dosing of an IV PPI (ACG 2021: high-dose
#: PPI after endoscopic therapy of an ulcer bleed, or while a suspected upper GI bleed
#: awaits endoscopy), not once-daily stress-ulcer prophylaxis, which stops when the ICU
#: risk ends and does not go home (SCCM 2016 stress ulcer prophylaxis guidance; ASHP 1999
#: therapeutic guidelines).
TWICE_DAILY_OR_MORE = re.compile(r"\b(?:Q(?:12|8|6|4)H|BID|TID|QID)\b", re.I)


def ppi_bleed_dosing(order: OrderLike) -> bool:
    """Whether ``order`` is an intravenous PPI at treatment dosing: twice daily or more
    (:data:`TWICE_DAILY_OR_MORE`) or a continuous infusion, as for an upper GI bleed
    (ACG 2021)."""
    text = _drug_text(order)
    if not PPI.search(text):
        return False
    why = inpatient_only(order)
    freq = getattr(order, "frequency", "") or ""
    return why == "infusion" or (
        why == "intravenous" and bool(TWICE_DAILY_OR_MORE.search(freq))
    )


def _drug_text(order: OrderLike) -> str:
    return f"{order.generic or ''} {order.name}"


#: Other long-term drugs whose intravenous and oral doses are the same, so an IV order
#: goes home by mouth at the same dose rather than being dropped (round 9b): the H2
#: blocker famotidine (Pepcid and Pepcid injection labels: 20 mg IV or PO twice daily),
#: levetiracetam (Keppra injection label: the IV and oral total daily doses are the
#: same), lacosamide (Vimpat label: IV and oral at the same dose) and valproate (Depacon
#: label: the same total daily dose as oral valproate). An antiepileptic dropped from a
#: discharge list is a seizure risk (NICE NG217, 2022: do not stop antiseizure
#: medication abruptly).
ORAL_SAME_DOSE = re.compile(
    r"\b(famotidine|pepcid|levetiracetam|keppra|lacosamide|vimpat|valproate|valproic"
    r"|depacon)\b",
    re.I,
)
#: Acid suppressants (a PPI or an H2 blocker): one goes home, not two.
ACID_SUPPRESSANT = re.compile(PPI.pattern + r"|\b(famotidine|pepcid)\b", re.I)


def iv_oral_same_dose(order: OrderLike) -> bool:
    """Whether ``order`` is given intravenously and goes home by mouth at the same dose:
    a proton pump inhibitor (:data:`PPI`) or a drug of :data:`ORAL_SAME_DOSE`."""
    text = _drug_text(order)
    return inpatient_only(order) == "intravenous" and bool(
        PPI.search(text) or ORAL_SAME_DOSE.search(text)
    )


#: Systemic glucocorticoids and their prednisone-equivalent factor (mg of prednisone per
#: mg of the drug: methylprednisolone 4 mg = prednisolone 5 mg = prednisone 5 mg =
#: hydrocortisone 20 mg = dexamethasone 0.75 mg; 2024 ESE/Endocrine Society
#: glucocorticoid-induced adrenal insufficiency guideline, Beuschlein F et al., J Clin
#: Endocrinol Metab 2024;109:1657-83, table of equivalent doses). The IV and oral doses
#: are the same (Solu-Medrol / Medrol, Solu-Cortef / Cortef, dexamethasone labels).
PREDNISONE_EQUIVALENT: dict[str, float] = {
    "prednisone": 1.0,
    "prednisolone": 1.0,
    "methylprednisolone": 1.25,
    "hydrocortisone": 0.25,
    "dexamethasone": 6.67,
}
#: The largest maintenance dose a day (mg prednisone equivalent) this rule carries home
#: unchanged: a low, long-term dose, not a stress dose (hydrocortisone 50 mg q6h in
#: shock) or an acute high-dose course (methylprednisolone 40-125 mg), whose taper the
#: team writes.
MAINTENANCE_PREDNISONE_MAX = 10.0
#: Hours from the episode's start within which a glucocorticoid's first order of the
#: episode starts for it to count as given "through the stay" (a home drug continued).
THROUGH_STAY_HOURS = 48


def maintenance_glucocorticoid(generic: str, daily_mg: float | None) -> bool:
    """Whether ``daily_mg`` of ``generic`` is a maintenance systemic glucocorticoid
    (:data:`PREDNISONE_EQUIVALENT`, at most :data:`MAINTENANCE_PREDNISONE_MAX` mg of
    prednisone a day). Given through the stay (:data:`THROUGH_STAY_HOURS`), it goes home
    by mouth at the same dose unless a stop is recorded: stopping it abruptly risks
    adrenal insufficiency (Endocrine Society 2016 primary adrenal insufficiency
    guideline, Bornstein SR et al., J Clin Endocrinol Metab 2016;101:364-89; 2024
    ESE/Endocrine Society guideline above: do not stop long-term glucocorticoids
    abruptly). Round 10c."""
    factor = PREDNISONE_EQUIVALENT.get(generic)
    if factor is None or daily_mg is None or daily_mg <= 0:
        return False
    return daily_mg * factor <= MAINTENANCE_PREDNISONE_MAX + 1e-6


#: Drugs whose abrupt stop harms and whose IV order a discharge list converts to an
#: oral form rather than dropping (round 11, class 1 of the ninth reading: a
#: dexamethasone 10 mg IV q8h for cerebral oedema and a methadone 5 mg IV q8h left off a
#: list). Each with its drug class and the oral dose per IV dose where that ratio is
#: safe to state (None: "convert, the dose set by the prescriber"):
#:
#: * systemic glucocorticoids at any dose, 1:1 (the IV and oral doses are the same:
#:   Decadron, Solu-Medrol / Medrol, Solu-Cortef / Cortef labels); an abrupt stop risks
#:   adrenal insufficiency (Endocrine Society 2016 primary adrenal insufficiency
#:   guideline, Bornstein SR et al., J Clin Endocrinol Metab 2016;101:364-89; 2024
#:   ESE/Endocrine Society glucocorticoid-induced adrenal insufficiency guideline) and,
#:   for dexamethasone in cerebral oedema, rebound oedema; above a maintenance dose the
#:   prescriber writes the taper or the stop date;
#: * opioids taken long term (a home drug, on the last discharge list, or by mouth
#:   earlier this stay, read by the caller): methadone IV:PO about 1:2 (Dolophine
#:   label: parenteral to oral 1:2), the others set by the prescriber (IV and oral
#:   doses differ several-fold); an abrupt stop causes withdrawal (CDC 2022 opioid
#:   prescribing guideline, Dowell D et al., MMWR Recomm Rep 2022;71(3), recommendation
#:   5: do not stop opioids abruptly in patients on them long term);
#: * antiepileptics without a same-dose oral form here (phenytoin, fosphenytoin,
#:   phenobarbital; levetiracetam, lacosamide and valproate are :data:`ORAL_SAME_DOSE`):
#:   the dose set by the prescriber against levels (NICE NG217, 2022: do not stop
#:   antiseizure medication abruptly);
#: * beta-blockers (metoprolol, propranolol, labetalol, atenolol): IV and oral doses
#:   differ (metoprolol 5 mg IV is about 12.5 mg by mouth), the dose set by the
#:   prescriber; an abrupt stop risks rebound angina and myocardial infarction (boxed
#:   warning of the Lopressor, Inderal and Tenormin labels);
#: * clonidine (rebound hypertension on abrupt withdrawal, Catapres label) and baclofen
#:   (withdrawal seizures, hallucinations, Lioresal label): matched for completeness,
#:   neither has an IV form, so they fire only if a record gives one.
NO_ABRUPT_STOP: tuple[tuple[re.Pattern[str], str, float | None], ...] = (
    (
        re.compile(
            r"\b(dexamethasone|methylprednisolone|hydrocortisone|prednisolone|prednisone"
            r"|decadron|solu-?medrol|solu-?cortef)\b",
            re.I,
        ),
        "glucocorticoid",
        1.0,
    ),
    (re.compile(r"\bmethadone\b", re.I), "opioid", 2.0),
    (
        re.compile(
            r"\b(hydromorphone|dilaudid|morphine|oxycodone|fentanyl|oxymorphone)\b",
            re.I,
        ),
        "opioid",
        None,
    ),
    (
        re.compile(
            r"\b(phenytoin|fosphenytoin|dilantin|cerebyx|phenobarbital)\b", re.I
        ),
        "antiepileptic",
        None,
    ),
    (
        re.compile(r"\b(metoprolol|lopressor|propranolol|labetalol|atenolol)\b", re.I),
        "beta-blocker",
        None,
    ),
    (re.compile(r"\b(clonidine|baclofen)\b", re.I), "withdrawal", None),
)


def no_abrupt_stop(order: OrderLike) -> tuple[str, float | None] | None:
    """``(drug class, oral dose per IV dose or None)`` of an intravenous order of a drug
    whose abrupt stop harms (:data:`NO_ABRUPT_STOP`): it goes on the discharge list
    converted to an oral form, never dropped; None for any other order. An opioid counts
    only when taken long term, which the caller reads (round 11)."""
    if inpatient_only(order) != "intravenous":
        return None
    text = _drug_text(order)
    for pattern, kind, factor in NO_ABRUPT_STOP:
        if pattern.search(text):
            return kind, factor
    return None


def iv_anti_infective(order: OrderLike) -> bool:
    """Whether ``order`` is a systemic anti-infective given intravenously (by bolus or
    piggyback, not a continuous infusion): one to switch to oral or continue as OPAT at
    discharge (:data:`ANTI_INFECTIVE`)."""
    return inpatient_only(order) == "intravenous" and bool(
        ANTI_INFECTIVE.search(_drug_text(order))
    )


def iv_ppi(order: OrderLike) -> bool:
    """Whether ``order`` is a proton pump inhibitor given intravenously: converted to
    oral at discharge (:data:`PPI`)."""
    return inpatient_only(order) == "intravenous" and bool(
        PPI.search(_drug_text(order))
    )


#: Infections whose treatment is weeks of intravenous therapy, so an IV anti-infective
#: running for one goes home as OPAT (IDSA 2018 OPAT guideline), by ICD-10 / ICD-9
#: prefix (dots ignored), with their EN / ZH names and the course in weeks:
#: intracranial or intraspinal abscess 6-8 weeks IV (ESCMID 2018 brain abscess
#: guideline, Bodilsen J et al., Clin Microbiol Infect 2024;30:66-89; IDSA 2017
#: healthcare-associated ventriculitis and meningitis); infective endocarditis 4-6 weeks
#: (AHA 2015 scientific statement, Baddour LM et al., Circulation 2015;132:1435-86; ESC
#: 2023 endocarditis guideline); osteomyelitis 6 weeks (IDSA 2015 native vertebral
#: osteomyelitis, Berbari EF et al., Clin Infect Dis 2015;61:e26-46).
WEEKS_OF_IV: tuple[tuple[tuple[str, ...], str, str, str], ...] = (
    (("G06", "324"), "brain abscess", "脑脓肿", "6-8"),
    (("I33", "I38", "I39", "B376", "421", "4249"), "endocarditis", "心内膜炎", "4-6"),
    (("M86", "M462", "730"), "osteomyelitis", "骨髓炎", "6"),
)
#: How long before the session an earlier stay's code of such an infection still names
#: the course now running: the longest course of :data:`WEEKS_OF_IV` (8 weeks).
WEEKS_OF_IV_WINDOW_DAYS = 56


#: Round 17 (reading m, 10001217-24597018 t1/t3, 10014729-23300884 t3): the codes of this
#: admission are written at its discharge, so at the session the deep infection is read
#: from a pathogen grown from a deep specimen of the stay: pleural fluid (empyema:
#: weeks of antibiotics set by the response, commonly 2-6; BTS 2023 pleural disease
#: guideline, Roberts ME et al., Thorax 2023;78(Suppl 3):s1-s42), bone (osteomyelitis, 6
#: weeks: IDSA 2015) and an abscess or tissue specimen of a stay with a neurosurgical
#: operation (brain abscess, 6-8 weeks: ESCMID 2024). Each: (specimen pattern, the
#: operation kind it needs or "", EN, ZH, weeks).
DEEP_SPECIMEN_COURSE: tuple[tuple[re.Pattern[str], str, str, str, str], ...] = (
    (re.compile(r"pleural", re.I), "", "empyema", "脓胸", "2-6"),
    (re.compile(r"\bbone\b", re.I), "", "osteomyelitis", "骨髓炎", "6"),
    (re.compile(r"abscess|tissue|brain", re.I), "neurosurgical", "brain abscess", "脑脓肿", "6-8"),
)  # fmt: skip


def deep_specimen_course(specimen: str, operation: str) -> tuple[str, str, str] | None:
    """(EN, ZH, weeks) of the deep infection a pathogen grown from ``specimen`` names
    (:data:`DEEP_SPECIMEN_COURSE`; ``operation``: the episode's operation kind, ``""``
    for none), or None."""
    for pattern, needs, en, zh, weeks in DEEP_SPECIMEN_COURSE:
        if pattern.search(specimen or "") and (not needs or needs == operation):
            return en, zh, weeks
    return None


def weeks_of_iv(code: str) -> tuple[str, str, str] | None:
    """(EN, ZH, weeks) of the infection an ICD code names whose treatment is weeks of IV
    therapy (:data:`WEEKS_OF_IV`), or None."""
    key = code.upper().replace(".", "")
    for prefixes, en, zh, weeks in WEEKS_OF_IV:
        if key.startswith(prefixes):
            return en, zh, weeks
    return None
