"""The embedded default source: a seeded synthetic hospital in the MIMIC-IV table layout.

Use :func:`generate_hospital` (or ``physassist synth``) and read the result with
``open_source("mimic-iv", out_dir)``.
"""

from __future__ import annotations

from physassist_env.synth.hospital import (
    FIRST_SUBJECT_ID,
    SynthSummary,
    generate_hospital,
)
from physassist_env.synth.writer import COLUMNS

__all__ = ["COLUMNS", "FIRST_SUBJECT_ID", "SynthSummary", "generate_hospital"]
