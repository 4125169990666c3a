"""PhysAssistBench: an interactive doctor-patient-EHR benchmark as a dataset and environment.

The package turns patient records (MIMIC-IV tables, any FHIR R4 export, or the embedded
synthetic hospital) into canonical FHIR R4 records, serves them through the benchmark's
FHIR tools (:mod:`physassist_env.ehr`), and (in later modules) builds sessions, grades
answers and exposes a Gymnasium environment.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
