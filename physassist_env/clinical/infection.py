"""When an antibiotic's effect can be judged from the record.

* A **culture finding that is not an infection to treat**: a colony count below the
  significance threshold (a urine culture below 10^5 CFU/mL, or a report of "<10,000
  organisms/ml"; IDSA guideline on asymptomatic bacteriuria, Nicolle LE et al., Clin
  Infect Dis 2019;68:e83-e110, and IDSA/ASM guide to microbiology, Miller JM et al., Clin
  Infect Dis 2018;67:e1-e94), commensal or mixed flora, or a contaminated specimen.
* An **abnormal baseline**: a response to therapy is judged on a marker that was abnormal
  when treatment began; a white count that was normal from the start cannot show a
  response (SIRS criteria, WBC > 12 or < 4 x10^9/L, Bone RC et al., Chest
  1992;101:1644-55; leukocytosis above the usual adult upper reference limit of 11).
"""

from __future__ import annotations

import re

#: Upper limit of the adult white count (x10^9/L, K/uL) above which it can show a response.
WBC_HIGH = 11.0

_COUNT = re.compile(
    r"(?P<op><=?|less than)?\s*(?:(?P<low>\d[\d,]*)\s*-\s*)?(?P<n>\d[\d,]*)\s*"
    r"(?:organisms|cfu|colonies)",
    re.I,
)
_NOT_PATHOGEN = re.compile(
    r"commensal|normal flora|mixed bacterial|mixed flora|contaminat|skin flora|"
    r"workup discontinued",
    re.I,
)
#: Significant bacteriuria: 10^5 CFU/mL in a clean-catch urine (IDSA 2019).
SIGNIFICANT_CFU = 100_000


def not_an_infection(finding: str) -> bool:
    """Whether a culture finding is not an infection to treat: a colony count below
    :data:`SIGNIFICANT_CFU` ("<10,000 organisms/ml", "10,000-100,000 CFU/mL"), commensal,
    mixed or contaminating flora. A named organism without a count is a finding (False)."""
    if _NOT_PATHOGEN.search(finding):
        return True
    m = _COUNT.search(finding)
    if m is None:
        return False
    n = int(m.group("n").replace(",", ""))
    return bool(m.group("op")) or bool(m.group("low")) or n < SIGNIFICANT_CFU


def no_significant_growth(finding: str) -> bool:
    """Whether a culture finding is only a colony count reported as below a limit
    ("<10,000 organisms/ml"): a physician reads it as no significant growth (IDSA 2019)."""
    m = _COUNT.search(finding)
    if m is None or not m.group("op"):
        return False
    rest = re.sub(r"/\s*ml", "", finding[: m.start()] + finding[m.end() :], flags=re.I)
    return not re.search(r"[A-Za-z]", rest)


def judgeable_wbc_baseline(first_wbc: float) -> bool:
    """Whether a white count trend can show a response: it started above
    :data:`WBC_HIGH` (a leukopenic start, < 4, recovers upwards and is not read here)."""
    return first_wbc > WBC_HIGH
