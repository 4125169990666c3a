"""The fixed-ratio split of a combination antibiotic's dose.

A beta-lactam / beta-lactamase-inhibitor product is ordered by its combined dose, and
that dose is not the beta-lactam's: ampicillin-sulbactam 3 g is ampicillin 2 g with
sulbactam 1 g (Unasyn label, 2:1), so "ampicillin 3 g" is another dose. The split is
said with the combined dose, as the label states it (ISMP, name and dose drugs as
ordered; US labels: Unasyn 2:1, Zosyn 8:1, Zerbaxa 2:1, Avycaz 4:1).
"""

from __future__ import annotations

import re

#: (pattern of the product's name, first component, second component, parts of the
#: first, parts of the second): the label's fixed ratio of the combined dose.
FIXED_RATIO: tuple[tuple[re.Pattern[str], str, str, int, int], ...] = (
    (re.compile(r"ampicillin\W+sulbactam|\bunasyn\b", re.I), "ampicillin", "sulbactam", 2, 1),
    (re.compile(r"piperacillin\W+tazobactam|\bzosyn\b", re.I), "piperacillin", "tazobactam", 8, 1),
    (re.compile(r"ceftolozane\W+tazobactam|\bzerbaxa\b", re.I), "ceftolozane", "tazobactam", 2, 1),
    (re.compile(r"ceftazidime\W+avibactam|\bavycaz\b", re.I), "ceftazidime", "avibactam", 4, 1),
)  # fmt: skip


def dose_split(
    name: str, dose: float, unit: str
) -> tuple[str, str, float, float] | None:
    """``(first, second, first dose, second dose)`` of a fixed-ratio combination product
    ordered as ``dose`` ``unit`` (g or mg), else None (a single drug, another unit, or a
    product whose ratio varies by formulation, such as amoxicillin-clavulanate)."""
    if dose <= 0 or unit.strip().lower() not in ("g", "mg"):
        return None
    for pattern, first, second, a, b in FIXED_RATIO:
        if pattern.search(name):
            return first, second, dose * a / (a + b), dose * b / (a + b)
    return None
