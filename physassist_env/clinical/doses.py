"""One administration recorded in two sources is one dose (round 12 of the real-record
reading, issue #37).

MIMIC-IV records an ICU dose in ``icu/inputevents`` and, for many admissions, the same
dose in ``hosp/emar``, minutes apart: "after 46 doses of piperacillin" counted each of
about 25 doses twice (10037861-24540843 t2). A dose count reads the administrations of
one drug and merges an ICU row with a ward (eMAR) row of the same drug drawn within
:data:`SAME_DOSE_MINUTES` of each other: no regimen of a scheduled drug repeats that fast
(the shortest common intervals are q4h-q6h; piperacillin-tazobactam q6h or q8h, Zosyn
label; vancomycin q8h-q48h, ASHP/IDSA/PIDS/SIDP 2020 vancomycin guideline), while two
charting systems record one bedside event within the hour (Johnson AEW et al., MIMIC-IV,
Sci Data 2023;10:1: eMAR and inputevents are independent records of administration).
"""

from __future__ import annotations

from datetime import datetime

#: An ICU row and an eMAR row of one drug this close (minutes) are one administration.
SAME_DOSE_MINUTES = 60.0


def _minutes(a: str, b: str) -> float:
    return abs(
        (
            datetime.fromisoformat(b[:19]) - datetime.fromisoformat(a[:19])
        ).total_seconds()
        / 60
    )


def count_doses(icu: list[str], ward: list[str]) -> int:
    """The doses of one drug given ``icu`` (start times of its ICU administrations, one
    per infusion) and ``ward`` (times of its eMAR administrations): each ICU dose with a
    ward dose within :data:`SAME_DOSE_MINUTES` not yet matched is counted once."""
    left = sorted(t for t in ward if t)
    n = len([t for t in ward if not t])
    for t in sorted(icu):
        if not t:
            n += 1
            continue
        near = [w for w in left if _minutes(t, w) <= SAME_DOSE_MINUTES]
        if near:
            left.remove(min(near, key=lambda w: _minutes(t, w)))
        n += 1
    return n + len(left)
