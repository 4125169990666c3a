"""The request realiser: varied, natural requests, with phrasing families held out for test.

Modules: :mod:`.families` (registers, families, their split partition), :mod:`.wording`
(lead-ins, politeness, framings, time expressions, ellipsis and event-reference frames),
:mod:`.names` (abbreviations and brand names from the vocabulary), :mod:`.registers`
(register transforms) and :mod:`.realise` (composition, and the variant kept per split).
"""

from physassist_env.scenarios.requests.families import (
    FAMILIES,
    Family,
    Register,
    families,
    partition_of_split,
)
from physassist_env.scenarios.requests.realise import (
    Pending,
    Realised,
    finalise,
    pending,
    phrase_for_split,
    realise,
    realise_turn,
    variant,
)

__all__ = [
    "FAMILIES",
    "Family",
    "Pending",
    "Realised",
    "Register",
    "families",
    "finalise",
    "partition_of_split",
    "pending",
    "phrase_for_split",
    "realise",
    "realise_turn",
    "variant",
]
