"""An audit of a dataset's gold that does not trust the generator (``physassist audit``).

:func:`audit` re-reads every row a claim's provenance names from the raw MIMIC-IV CSV
files with its own reader (:mod:`.raw`) and checks value, unit, code, date and
availability against the session date (:mod:`.verify`).
"""

from physassist_env.audit.raw import RawTableError
from physassist_env.audit.verify import AuditReport, audit, claims_of, render

__all__ = ["AuditReport", "RawTableError", "audit", "claims_of", "render"]
