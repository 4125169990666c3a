"""Duration limits of analgesics.

Ketorolac tromethamine (US label, boxed warning; FDA-approved labeling for Toradol and
generics): the combined duration of intravenous, intramuscular and oral use must not
exceed 5 days (gastrointestinal bleeding, renal failure and cardiovascular risk rise
with longer use). Day 1 is the day of the first dose or order of the course.
"""

from __future__ import annotations

from datetime import date

#: Most days of combined IV/IM/oral ketorolac (US label).
KETOROLAC_MAX_DAYS = 5


def course_day(first: str, today: str) -> int:
    """The day of a course (1 on the day it started) on ``today``; ISO dates or times."""
    return (date.fromisoformat(today[:10]) - date.fromisoformat(first[:10])).days + 1
