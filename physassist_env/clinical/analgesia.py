"""Duration limits of analgesics.

Ketorolac tromethamine (US label, boxed warning; FDA-approved labeling for Toradol and
generics): the combined duration of intravenous, intramuscular and oral use must not
exceed 5 days (gastrointestinal bleeding, renal failure and cardiovascular risk rise
with longer use). Day 1 is the day of the first dose or order of the course.

NSAIDs in the setting of coronary artery bypass grafting (FDA boxed warning on NSAIDs,
2005: contraindicated for peri-operative pain in CABG, a higher rate of myocardial
infarction and stroke), whatever the creatinine: :func:`nsaid_after_cabg`.

Ibuprofen with low-dose aspirin (FDA Information for Healthcare Professionals, concomitant
use of ibuprofen and aspirin, 2006): ibuprofen can block low-dose aspirin's antiplatelet
effect, :func:`blunts_aspirin`.
"""

from __future__ import annotations

from datetime import date

from physassist_env.clinical.harm import NSAIDS

#: Most days of combined IV/IM/oral ketorolac (US label).
KETOROLAC_MAX_DAYS = 5


def course_day(first: str, today: str) -> int:
    """The day of a course (1 on the day it started) on ``today``; ISO dates or times."""
    return (date.fromisoformat(today[:10]) - date.fromisoformat(first[:10])).days + 1


#: NSAIDs shown to interfere with low-dose aspirin's antiplatelet effect (FDA 2006
#: advisory on ibuprofen and aspirin).
ASPIRIN_INTERFERING = frozenset({"ibuprofen"})


def nsaid_after_cabg(generic: str, after_cabg: bool) -> bool:
    """Whether ``generic`` is an NSAID and the episode held a CABG (module docstring):
    then it is not continued, whatever its monitoring lab says."""
    return after_cabg and generic.lower() in NSAIDS


def blunts_aspirin(generic: str, on_aspirin: bool) -> bool:
    """Whether ``generic`` given with low-dose aspirin blunts its antiplatelet effect."""
    return on_aspirin and generic.lower() in ASPIRIN_INTERFERING
