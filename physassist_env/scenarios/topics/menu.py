"""Which topics each scenario offers per task type, bound to the session's focus."""

from __future__ import annotations

from collections.abc import Callable

from physassist_env.scenarios.model import (
    Scenario,
    TaskType,
)
from physassist_env.scenarios.topics.antimicrobials import (
    conditional_cultures,
    deescalation,
    lactate_clearance,
    susceptibilities,
)
from physassist_env.scenarios.topics.base import Draft, TopicContext, requires
from physassist_env.scenarios.topics.described import described
from physassist_env.scenarios.topics.electrolytes import (
    glucose_pattern,
    hyperkalemia_plan,
    potassium_dose,
    replace_magnesium,
)
from physassist_env.scenarios.topics.gathering import (
    antibiotics_given,
    discharge_meds,
    infection_status,
    lab_and_med,
    labs_trend,
)
from physassist_env.scenarios.topics.hematology import (
    transfuse_order,
    transfusion_threshold,
    warfarin_inr,
)
from physassist_env.scenarios.topics.lookup import (
    culture_result,
    diagnoses,
    diagnosis_check,
    lab_latest,
    med_current,
)
from physassist_env.scenarios.topics.orders import (
    potassium_recheck,
    qt_combination,
    qt_flag,
)
from physassist_env.scenarios.topics.reasoning import (
    cha2ds2vasc,
    child_pugh,
    crcl_dosing,
    drug_lab_safety,
    treatment_response,
)
from physassist_env.scenarios.topics.reconciliation import (
    admission_reconciliation,
    discharge_changes,
)
from physassist_env.scenarios.topics.records import (
    allergies,
    allergy_check,
    allergy_recorded,
    lab_nadir,
    lab_peak,
    last_dose,
)
from physassist_env.scenarios.topics.renal import (
    aki_consult,
    kdigo_aki,
    nephrotoxin_review,
)
from physassist_env.scenarios.topics.scores import has_bled, meld_na
from physassist_env.scenarios.topics.vitals import lab_free_menu
from physassist_env.scenarios.topics.writes import (
    consult,
    flag_safety,
    followup,
    replace_potassium,
)

TopicFn = Callable[[TopicContext], "Draft | None"]

#: The weight of a lookup whose answer is a chart row copied verbatim (when a drug was last
#: given, its current order, a lab's latest value): on the default test split (issue #36) a
#: policy that knows no medicine scored 1.00 on ``last_dose``, 0.84-0.98 on ``med_current``
#: and 0.87-0.90 on ``lab_latest``, as the clinical heuristic did (0.91-1.00, 0.96,
#: 0.77-0.94), so these turns rank no one. At 0.2 they still made 187 of 1296 test turns
#: (14 %) and kept the knowledge-free policy at 0.550 / 0.541 (bound 0.55); they stay in the
#: menu at a twentieth of another topic's weight (the planner's weighted order,
#: ``planner.weighted_order``), for records whose other lookups (allergies, diagnoses, a
#: lab's peak or nadir, cultures) do not fit.
#: Session 11 (k36c): a lab's peak and nadir join them (the knowledge-free policy scored
#: 0.68-0.94 on ``lab_peak``, which took the turns ``lab_latest`` gave up), and so does
#: the data-gathering ``lab_and_med`` (a lab value and the dose of the drug it bears on,
#: both copied: 0.86-0.87 in both languages); ``diagnoses`` joins the medication-safety
#: lookups (the problem list a drug review starts from: indications and the conditions
#: that contraindicate a drug), where 56 of 81 test turns 0 had fallen to copy lookups.
#: Session 12 (k36d): ``last_dose`` and ``med_current`` name the drug by what it is ("her
#: ACE inhibitor", "the antibiotic": ``topics.described``), so the answer needs the drug
#: picked out of the orders first; a drug no description picks out alone is not asked
#: for (its named form was a copied row). They keep this weight.
COPY_LOOKUP_WEIGHT = 0.05


def weighted(fn: TopicFn, weight: float = COPY_LOOKUP_WEIGHT) -> TopicFn:
    """``fn`` with the weight the planner orders its candidates by (default 1.0)."""
    fn.weight = weight  # type: ignore[attr-defined]
    return fn


#: The weight of a drug lookup that names the drug (a chart row copied): the last resort
#: of a record whose other lookups, the described one included, do not fit (on the
#: MIMIC-IV demo, where admissions often have several antibiotics and no allergy
#: documentation, dropping the named form lost 56 of 200 test sessions).
NAMED_LOOKUP_WEIGHT = COPY_LOOKUP_WEIGHT**2


def drug_lookup(fn: Callable[..., Draft | None], generic: str) -> list[TopicFn]:
    """``fn`` (``last_dose``, ``med_current``) for ``generic``: asked for by what the
    drug is (``topics.described``) at :data:`COPY_LOOKUP_WEIGHT`, and by its name at
    :data:`NAMED_LOOKUP_WEIGHT`."""
    return [
        weighted(lambda c: fn(c, generic, described)),
        weighted(lambda c: fn(c, generic), NAMED_LOOKUP_WEIGHT),
    ]


#: Session 13 (k36e): the bare allergy list is a copy too (a policy told the topic scored
#: 0.94 / 0.89 on its 85 test turns: the answer is the search result, or "none recorded").
#: The allergy is asked against a drug instead (``records.allergy_check``: "can she have
#: <drug>?", the drug drawn between one the allergy rules out and one it does not); the
#: bare list stays at :data:`COPY_LOOKUP_WEIGHT` where the chart records an allergy or an
#: adverse drug effect, and where it records none, at :data:`NAMED_LOOKUP_WEIGHT`, the last
#: resort of a sparse record (on the MIMIC-IV demo, which codes almost no allergies, the
#: bare question was 99 % "none recorded"). Session 14 (k36f): "none recorded" is asked only
#: of a source that keeps an allergy list (``AdmissionFacts.allergy_list``); the demo keeps
#: none (no allergy table, no notes), so there only a coded allergy is asked about.
def allergy_lookups() -> list[TopicFn]:
    """The allergy questions of an IL slot, with their weights.

    The last resort (the bare list at :data:`NAMED_LOOKUP_WEIGHT`) is, where the source
    keeps no allergy list, the lookup the chart can answer instead
    (:func:`instead_of_allergies`): the slot is kept, at the same weight, so no session
    and no scenario / tier cell is lost to the allergy gating (session 15, k36g)."""
    return [
        allergy_check,
        weighted(lambda c: allergies(c) if allergy_recorded(c) else None),
        weighted(lambda c: allergy_or_order(c), NAMED_LOOKUP_WEIGHT),
    ]


@requires()
def allergy_or_order(ctx: TopicContext) -> Draft | None:
    """The bare allergy list, or where the source keeps none (and codes no allergy) the
    order lookup asked in its place (:func:`instead_of_allergies`); the lab-free menu
    (``vitals.lab_free_menu``) asks it too."""
    return allergies(ctx) or (
        None if ctx.facts.allergy_list else instead_of_allergies(ctx)
    )


@requires("order")
def instead_of_allergies(ctx: TopicContext) -> Draft | None:
    """The lookup asked in the allergy slot of a source that keeps no allergy list (no
    allergy table, no notes: MIMIC-IV hosp, the MIMIC-IV-on-FHIR demo), where "none
    recorded" is no answer (``records.allergies``). Before a drug is given its current
    order is checked, which the source does keep (ISMP 2020 medication reconciliation):
    an active order named by what the drug is ("her beta blocker": ``med_current`` with
    :func:`~physassist_env.scenarios.topics.described.described`, the drug picked out of
    the orders first), else when a drug so named was last given (``last_dose``), else an
    order named outright. The drugs are tried in an order drawn from the topic's own
    generator; None where the admission has no order to ask about (session 15, k36g: on
    the MIMIC-IV demo the gated slot had cost 18 of 186 test sessions)."""
    active = sorted({o.generic for o in ctx.facts.active_orders() if o.generic})
    given = sorted(ctx.facts.given)
    order = [active[int(i)] for i in ctx.rng.permutation(len(active))]
    doses = [given[int(i)] for i in ctx.rng.permutation(len(given))]
    tries = (
        [lambda g=g: med_current(ctx, g, described) for g in order]
        + [lambda g=g: last_dose(ctx, g, described) for g in doses]
        + [lambda g=g: med_current(ctx, g) for g in order]
    )
    for attempt in tries:
        draft = attempt()
        if draft is not None:
            return draft
    return None


#: Session 14 (k36f): the bare diagnosis list is a copy too (a policy told the topic scored
#: 0.66 / 0.60 on its 267 test turns, 21 % of them, EN / ZH, on the default of ``ee5a5c4``).
#: The list is asked joined to a decision that needs it (``lookup.diagnosis_check``: "can
#: she have ibuprofen?" against the coded diagnoses and the creatinine) at full weight;
#: the bare list weighs :data:`DIAGNOSES_WEIGHT`, still above the other copy lookups
#: (the told policy scored 0.64-1.00 on those, so they are no better a last resort).
DIAGNOSES_WEIGHT = 0.2


def diagnosis_lookups() -> list[TopicFn]:
    """The diagnosis questions of an IL slot, with their weights."""
    return [diagnosis_check, weighted(lambda c: diagnoses(c), DIAGNOSES_WEIGHT)]


def menu(scenario: Scenario, ctx: TopicContext) -> dict[TaskType, list[TopicFn]]:
    """The candidate topics of a scenario per task type, bound to the session's focus."""
    f = ctx.focus
    if f.get("lab_free"):  # a record without labs (planner.lab_free_focus)
        return lab_free_menu(scenario, ctx)
    m: dict[TaskType, list[TopicFn]] = {t: [] for t in TaskType}
    if scenario == Scenario.MED_SAFETY:
        pair, generic, other = f["pair"], f["drug"], f.get("other_lab")
        m[TaskType.IL] = [
            weighted(lambda c: lab_latest(c, pair.lab)),
            *drug_lookup(med_current, generic),
        ]
        m[TaskType.DG] = [weighted(lambda c: lab_and_med(c, pair.lab, generic))] + (
            [lambda c: labs_trend(c, pair.lab, other)] if other else []
        )
        m[TaskType.CR] = [
            lambda c: drug_lab_safety(c, pair, generic),
            lambda c: crcl_dosing(c, generic),
        ]
        m[TaskType.WU] = [lambda c: flag_safety(c, pair, generic), consult]
        m[TaskType.IL] += [
            *allergy_lookups(),
            *diagnosis_lookups(),
            *drug_lookup(last_dose, generic),
            weighted(lambda c: lab_peak(c, pair.lab)),
            weighted(lambda c: lab_nadir(c, pair.lab)),
        ]
        m[TaskType.DG] += [glucose_pattern, admission_reconciliation]
        m[TaskType.CR] += [
            lambda c: nephrotoxin_review(c, generic),
            warfarin_inr,
            hyperkalemia_plan,
            potassium_dose,
            qt_combination,
            kdigo_aki,
            has_bled,
        ]
        m[TaskType.WU] += [qt_flag, potassium_recheck, replace_magnesium]
    elif scenario == Scenario.DIAGNOSTIC_WORKUP:
        k1, k2 = f["labs"][:2]
        m[TaskType.IL] = [
            weighted(lambda c: lab_latest(c, k1)),
            weighted(lambda c: lab_latest(c, k2)),
            *diagnosis_lookups(),
        ]
        m[TaskType.DG] = [lambda c: labs_trend(c, k1, k2), infection_status]
        m[TaskType.CR] = [cha2ds2vasc, child_pugh] + [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ]
        m[TaskType.WU] = [consult, replace_potassium]
        m[TaskType.IL] += allergy_lookups() + [
            weighted(lambda c, k=k, fn=fn: fn(c, k))
            for k in (k1, k2)
            for fn in (lab_peak, lab_nadir)
        ]
        m[TaskType.DG] += [
            conditional_cultures,
            glucose_pattern,
            admission_reconciliation,
        ]
        m[TaskType.CR] += [
            meld_na,
            has_bled,
            kdigo_aki,
            transfusion_threshold,
            potassium_dose,
            hyperkalemia_plan,
            qt_combination,
        ]
        m[TaskType.WU] += [
            aki_consult,
            transfuse_order,
            replace_magnesium,
            potassium_recheck,
            qt_flag,
        ]
    elif scenario == Scenario.TREATMENT_RESPONSE:
        abx = f["antibiotic"]
        m[TaskType.IL] = [
            weighted(lambda c: lab_latest(c, "wbc")),
            culture_result,
            weighted(lambda c: lab_latest(c, "lactate")),
        ]
        m[TaskType.DG] = [infection_status, antibiotics_given]
        m[TaskType.CR] = [lambda c: treatment_response(c, abx)] + [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ]
        m[TaskType.WU] = [consult]
        m[TaskType.IL] += [
            susceptibilities,
            *drug_lookup(last_dose, abx),
            weighted(lambda c: lab_peak(c, "wbc")),
            weighted(lambda c: lab_peak(c, "lactate")),
            # before and during antibiotics: the allergy list, the order, the diagnosis
            # (an admission without cultures still has these to gather)
            *allergy_lookups(),
            *drug_lookup(med_current, abx),
            *diagnosis_lookups(),
        ]
        m[TaskType.DG] += [
            conditional_cultures,
            lambda c: labs_trend(c, "wbc", "creatinine"),
            weighted(lambda c: lab_and_med(c, "wbc", abx)),
        ]
        # the kidneys on antibiotics (vancomycin, aminoglycosides, piperacillin-
        # tazobactam: KDIGO 2012 AKI guideline 3.1, avoid or monitor nephrotoxins)
        m[TaskType.CR] += [deescalation, lactate_clearance, qt_combination, kdigo_aki]
        m[TaskType.WU] += [qt_flag, aki_consult]
    else:  # discharge planning
        meds = f.get("active", [])
        m[TaskType.IL] = diagnosis_lookups() + [
            fn for g in meds[:3] for fn in drug_lookup(med_current, g)
        ]
        m[TaskType.DG] = [discharge_meds] + (
            [lambda c: labs_trend(c, *f["labs"][:2])]
            if len(f.get("labs", [])) >= 2
            else []
        )
        m[TaskType.CR] = [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ] + [
            lambda c, p=p, g=g: drug_lab_safety(c, p, g) for p, g in f.get("pairs", [])
        ]
        m[TaskType.WU] = [followup, consult]
        m[TaskType.IL] += allergy_lookups() + [
            fn for g in meds[:3] for fn in drug_lookup(last_dose, g)
        ]
        m[TaskType.DG] += [discharge_changes, glucose_pattern]
        m[TaskType.CR] += [
            warfarin_inr,
            kdigo_aki,
            has_bled,
            transfusion_threshold,
            potassium_dose,
        ]
        m[TaskType.WU] += [potassium_recheck]
    return m
