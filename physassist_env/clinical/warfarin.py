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
"""

from __future__ import annotations

from typing import Literal

#: The INR target (CHEST 2012).
TARGET = (2.0, 3.0)
#: A single INR within this of the target range keeps the dose (Holbrook 2012, 2.1).
SMALL_DEVIATION = 0.5
#: From this INR warfarin is held (4.5-10 without, > 10 with oral vitamin K).
HOLD_FROM = 4.5
VITAMIN_K_ABOVE = 10.0
#: Days on a new order before its INR reflects the dose (Holbrook 2012: 5-7 days).
STEADY_DAYS = 5

WarfarinAction = Literal[
    "continue", "continue_recheck", "increase", "reduce", "hold", "hold_vitamin_k"
]


def in_target(inr: float) -> bool:
    """Whether an INR is within the 2.0-3.0 target."""
    return TARGET[0] <= inr <= TARGET[1]


def warfarin_action(latest: float, previous: float | None = None) -> WarfarinAction:
    """The dose decision for the ``latest`` INR, given the ``previous`` one (None: none
    known), in a patient who is not bleeding (bands in the module docstring)."""
    low, high = TARGET
    if in_target(latest):
        return "continue"
    single = previous is None or in_target(previous)
    if single and low - SMALL_DEVIATION <= latest <= high + SMALL_DEVIATION:
        return "continue_recheck"
    if latest < low:
        return "increase"
    if latest < HOLD_FROM:
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
