"""What to do with a warfarin dose given the INR: the one rule every topic applies.

Target INR 2.0-3.0 for atrial fibrillation and venous thromboembolism (CHEST guideline,
Holbrook A et al., Chest 2012;141(2 Suppl):e152S-e184S). Bands, in a patient who is not
bleeding (bleeding is a reversal question, not a dose question):

* 2.0-3.0: therapeutic, continue the dose.
* a **single** INR out of range by 0.5 or less (1.5-1.99 or 3.01-3.5) after a
  therapeutic one: continue the current dose and recheck the INR within 1-2 weeks
  (Holbrook 2012, recommendation 2.1, grade 2C). With no earlier INR to tell, the value is
  taken as single (nothing shows an unstable INR).
* below 2.0 otherwise: subtherapeutic, increase the weekly dose and recheck.
* above 3.0 and below 4.5 otherwise: lower or omit a dose, recheck, resume at a lower
  dose (Ansell J et al., Chest 2008;133(6 Suppl):160S-198S).
* 4.5-10: hold warfarin, no routine vitamin K; above 10: hold and give oral vitamin K
  (Holbrook 2012, recommendations 8.1-8.2; Ageno W et al., Chest 2012;141:e44S-e88S).

An INR reflects a dose change only after 5-7 days (Holbrook 2012): a dose is judged for
a home warfarin user or an order running for at least :data:`STEADY_DAYS` days.

After a change of the daily dose, an INR drawn within :data:`RESPONSE_DAYS` days still
shows the doses before it (the INR reflects the doses of 2-3 days earlier: warfarin
(Coumadin) label, 12.2, peak effect 72-96 h after a dose; Holbrook 2012; Witt DM et al.,
ASH 2018 VTE guideline on anticoagulation therapy, Blood Adv 2018;2:3257-91): an INR out
of range in the direction the change was made to correct keeps the new dose and is
rechecked in 1-2 days (``"keep_after_change"``), not changed again (round 10b). In
hospital, with the doses given by the nurses (the administration record), adherence is
not the cause of a low INR (:data:`ADVICE` ``"increase_given"``). Before a higher dose
the bleeding risk is weighed (:func:`bleeding_risks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal, Protocol

#: The INR target (CHEST 2012).
TARGET = (2.0, 3.0)
#: A single INR within this of the target range keeps the dose (Holbrook 2012, 2.1).
SMALL_DEVIATION = 0.5
#: From this INR warfarin is held (4.5-10 without, > 10 with oral vitamin K).
HOLD_FROM = 4.5
VITAMIN_K_ABOVE = 10.0
#: Days on a new order before its INR reflects the dose (Holbrook 2012: 5-7 days).
STEADY_DAYS = 5

#: Days after a change of the daily dose within which the INR still reflects the doses
#: before it (warfarin label: peak effect 72-96 h after a dose; the INR reflects the
#: doses of 2-3 days earlier).
RESPONSE_DAYS = 3

WarfarinAction = Literal[
    "continue",
    "continue_recheck",
    "increase",
    "reduce",
    "hold",
    "hold_vitamin_k",
    "keep_after_change",
]


class _Order(Protocol):
    generic: str | None
    dose: float | None
    dose_unit: str
    start: str

    @property
    def scheduled(self) -> bool: ...


@dataclass(frozen=True)
class DoseChange:
    """A change of the scheduled daily warfarin dose: the day the new order started,
    the dose before and after (``unit`` each dose)."""

    day: str
    before: float
    after: float
    unit: str

    @property
    def raised(self) -> bool:
        """Whether the dose was raised."""
        return self.after > self.before

    def text(self) -> tuple[str, str]:
        """(EN, ZH) "the current 2.5 mg daily dose started on D (1 mg before it)"."""
        b, a, u = f"{self.before:g}", f"{self.after:g}", self.unit
        return (
            f"the current warfarin dose, {a} {u} a day, started on {self.day} (warfarin {b} {u} a day before it)",
            f"目前每日 {a} {u} 的华法林剂量自 {self.day} 起使用（此前为 {b} {u}）",
        )


def recent_dose_change(orders: Sequence[_Order], inr_time: str) -> DoseChange | None:
    """The change of the scheduled warfarin dose that the INR drawn at ``inr_time``
    cannot show yet (the new order started fewer than :data:`RESPONSE_DAYS` days
    before the draw, on or before its day), or None."""
    regimen = sorted(
        (o for o in orders if o.generic == "warfarin" and o.scheduled and o.start),
        key=lambda o: o.start,
    )
    regimen = [o for o in regimen if o.start[:10] <= inr_time[:10]]
    if len(regimen) < 2:
        return None
    now = regimen[-1]
    earlier = [o for o in regimen if o.start < now.start]
    if not earlier or now.dose is None or earlier[-1].dose is None:
        return None
    before = earlier[-1].dose
    days = (date.fromisoformat(inr_time[:10]) - date.fromisoformat(now.start[:10])).days
    if abs(now.dose - before) < 1e-9 or days >= RESPONSE_DAYS:
        return None
    return DoseChange(now.start[:10], before, now.dose, now.dose_unit)


def in_target(inr: float) -> bool:
    """Whether an INR is within the 2.0-3.0 target."""
    return TARGET[0] <= inr <= TARGET[1]


def warfarin_action(
    latest: float, previous: float | None = None, change: DoseChange | None = None
) -> WarfarinAction:
    """The dose decision for the ``latest`` INR, given the ``previous`` one (None: none
    known) and a ``change`` of the dose the INR cannot show yet
    (:func:`recent_dose_change`), in a patient who is not bleeding (bands in the module
    docstring)."""
    low, high = TARGET
    if in_target(latest):
        return "continue"
    single = previous is None or in_target(previous)
    if single and low - SMALL_DEVIATION <= latest <= high + SMALL_DEVIATION:
        return "continue_recheck"
    if latest < low:
        return (
            "keep_after_change" if change is not None and change.raised else "increase"
        )
    if latest < HOLD_FROM:
        if change is not None and not change.raised:
            return "keep_after_change"
        return "reduce"
    return "hold_vitamin_k" if latest > VITAMIN_K_ABOVE else "hold"


def dose_is_judgeable(home_user: bool, days_on_order: int) -> bool:
    """Whether the INR reflects the current regimen: a home warfarin user, or an order
    running for at least :data:`STEADY_DAYS` days."""
    return home_user or days_on_order >= STEADY_DAYS


#: What the answer advises for each :func:`warfarin_action`, (EN, ZH): one wording for every
#: topic that judges a warfarin dose (bands and sources in the module docstring).
ADVICE: dict[str, tuple[str, str]] = {
    "continue": (
        "Continue the current warfarin dose and monitor the INR.",
        "继续目前的华法林剂量，监测 INR。",
    ),
    "continue_recheck": (
        "Continue the current warfarin dose and recheck the INR within one to two weeks (sooner while in hospital).",
        "继续目前的华法林剂量，一到两周内复查 INR（住院期间可更早）。",
    ),
    "increase": (
        "Check adherence and interacting drugs, increase the weekly warfarin dose modestly, and recheck the INR in a few days.",
        "先核实服药依从性和相互作用药物，再适当增加华法林周剂量，几天后复查 INR。",
    ),
    "increase_given": (
        "The doses were given in hospital (the administration record), so adherence is not the cause: check interacting drugs, increase the weekly warfarin dose modestly, and recheck the INR in a few days.",
        "住院期间华法林均按医嘱给药（给药记录），依从性不是原因：核查相互作用药物，再适当增加华法林周剂量，几天后复查 INR。",
    ),
    "keep_after_change": (
        "The INR reflects the doses of 2-3 days before, so it does not show the current dose yet: keep the current warfarin dose and recheck the INR in 1-2 days.",
        "INR 反映的是 2-3 天前的剂量，尚不能体现目前剂量的效果：维持目前的华法林剂量，1-2 天后复查 INR。",
    ),
    "reduce": (
        "Hold tonight's warfarin dose or lower the dose, recheck the INR daily, and give a lower weekly dose once it is back to 2-3.",
        "今晚华法林暂停一次或减量，每日复查 INR，回到 2-3 后下调周剂量。",
    ),
    "hold": (
        "Hold warfarin, recheck the INR daily, and lower the maintenance dose once it is back to 2-3.",
        "暂停华法林，每日复查 INR，待回到 2-3 后减少剂量。",
    ),
    "hold_vitamin_k": (
        "Hold warfarin, give oral vitamin K, recheck the INR daily, and lower the maintenance dose once it is back to 2-3.",
        "暂停华法林，口服维生素K，每日复查 INR，待回到 2-3 后减少剂量。",
    ),
}


#: Codes of a lasting indication for warfarin (ICD-10 / ICD-9 prefixes, dots ignored):
#: atrial fibrillation or flutter (I48, 427.31/427.32), venous thromboembolism (I26,
#: I82, 415.1, 453), a mechanical or prosthetic heart valve (Z95.2, V43.3), a history of
#: VTE (Z86.71, V12.51) and long-term anticoagulant use (Z79.01, V58.61). With one of
#: these, a warfarin dose held for a high INR is resumed, not stopped (CHEST 2012,
#: Holbrook A et al.; 2017 ACC ECDP on bleeding in patients on oral anticoagulants,
#: Tomaselli GF et al., J Am Coll Cardiol 2017;70:3042-67: restart once the INR allows).
LASTING_INDICATION = (
    "I48",
    "42731",
    "42732",
    "I26",
    "I82",
    "4151",
    "453",
    "Z952",
    "V433",
    "Z8671",
    "V1251",
    "Z7901",
    "V5861",
)
#: Hours after a supratherapeutic INR within which the warfarin regimen's last order
#: ended for the end to read as the dose held for that INR (the next daily dose).
HELD_WITHIN_HOURS = 24


#: A mechanical heart valve: an indication for a vitamin K antagonist whatever the
#: CHA2DS2-VASc, and DOACs are contraindicated (2020 ACC/AHA valvular heart disease
#: guideline, Otto CM et al., Circulation 2021;143:e72-e227, 11.3: VKA for every
#: mechanical valve, class 1; 2021 ESC/EACTS VHD guideline). Procedure codes: ICD-9-CM
#: 35.22 / 35.24 / 35.26 / 35.28 ("other replacement" of the aortic, mitral, pulmonary,
#: tricuspid valve: not the tissue graft of 35.21/.23/.25/.27); ICD-10-PCS 02R[FGHJ]{0,4}JZ
#: (replacement with a synthetic substitute). Diagnosis codes: ICD-10-CM Z95.2 (presence
#: of a prosthetic heart valve; Z95.3 is the xenogenic one), ICD-9-CM V43.3 (heart valve
#: replaced by other means; V42.2 is the tissue one). Round 7b.
#: Round 8: the ICD-9-CM "other replacement" codes include any valve that is not a tissue
#: graft (a stentless or homograft valve is coded there too), so they are read as
#: mechanical only beside a mechanical-valve diagnosis code or a warfarin order in the
#: record (:data:`UNCERTAIN_VALVE_PROCEDURES`); the ICD-10-PCS synthetic substitute is
#: mechanical by itself.
MECHANICAL_VALVE_PROCEDURES = ("3522", "3524", "3526", "3528")
UNCERTAIN_VALVE_PROCEDURES = MECHANICAL_VALVE_PROCEDURES
MECHANICAL_VALVE_PCS = r"^02R[FGHJ][04]JZ$"
MECHANICAL_VALVE_CODES = ("Z952", "V433")


#: Age from which warfarin's bleeding risk is raised (HAS-BLED "elderly", Pisters R et
#: al., Chest 2010;138:1093-100; CHEST 2018 AF guideline, Lip GYH et al., Chest
#: 2018;154:1121-201: age 75 or more a major bleeding risk on a vitamin K antagonist).
ELDERLY_FROM = 75
#: Platelets (K/uL) below which bleeding risk on an anticoagulant is raised
#: (thrombocytopenia below 100 K/uL: CHEST 2018; HAS-BLED "bleeding predisposition").
LOW_PLATELETS = 100.0
#: eGFR (mL/min/1.73 m2) below which kidney disease raises the bleeding risk (HAS-BLED
#: abnormal renal function; KDIGO 2012 CKD G4-G5).
LOW_EGFR = 30.0


def bleeding_risks(
    age: int | None,
    antiplatelets: Sequence[tuple[str, str]] = (),
    platelets: float | None = None,
    egfr: float | None = None,
) -> list[tuple[str, str]]:
    """(EN, ZH) bleeding risk factors to weigh before a higher warfarin dose (the
    sources of :data:`ELDERLY_FROM`, :data:`LOW_PLATELETS`, :data:`LOW_EGFR`; an
    antiplatelet beside an anticoagulant, 2023 ACC/AHA/ACCP/HRS AF guideline;
    ``antiplatelets``: (EN, ZH) names)."""
    out: list[tuple[str, str]] = []
    if age is not None and age >= ELDERLY_FROM:
        out.append((f"age {age}", f"{age} 岁"))
    for drug, zh in antiplatelets:
        out.append((f"{drug} taken as well", f"同时使用{zh}"))
    if platelets is not None and platelets < LOW_PLATELETS:
        out.append((f"platelets {platelets:g} K/uL", f"血小板 {platelets:g}×10^9/L"))
    if egfr is not None and egfr < LOW_EGFR:
        out.append((f"eGFR about {egfr:.0f}", f"估算肾小球滤过率约 {egfr:.0f}"))
    return out


def bleeding_text(risks: Sequence[tuple[str, str]]) -> tuple[str, str]:
    """(EN, ZH) sentence naming ``risks`` (:func:`bleeding_risks`), "" without any."""
    if not risks:
        return "", ""
    en = "; ".join(r[0] for r in risks)
    zh = "；".join(r[1] for r in risks)
    return (
        f" Bleeding risk to weigh in any dose decision: {en}.",
        f"需权衡的出血风险：{zh}。",
    )
