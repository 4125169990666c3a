"""Derive the generator's calibration aggregates from the MIMIC-IV demo (aggregates only).

Run once by a maintainer (the output ships as ``knowledge/mimic_demo_aggregates.json``)::

    python -m physassist_env.synth.calibrate ../shared/data/mimic-iv-demo-2.2

Only counts per admission, value quantiles, category shares and rates are written: no row, no
identifier, nothing per patient. Category shares keep only values seen in at least
``MIN_COUNT`` admissions (small cells are pooled into ``OTHER``).
"""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path
from typing import Any

import pandas as pd

from physassist_env.synth.knowledge.calibration import AGGREGATES_FILE
from physassist_env.synth.knowledge.labs import LABS

log = logging.getLogger(__name__)
MIN_COUNT = 3
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
DRUG_GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "vancomycin_iv": ("IV", ("vancomycin",)),
    "raas": (
        "",
        (
            "lisinopril",
            "losartan",
            "spironolactone",
            "enalapril",
            "captopril",
            "valsartan",
            "irbesartan",
            "eplerenone",
            "benazepril",
            "ramipril",
            "quinapril",
            "sacubitril",
        ),
    ),
    "potassium_chloride": ("", ("potassium chloride",)),
    "heparin": ("", ("heparin",)),
}
"""Drug groups whose share of admissions is shipped (``drug_admission_share``): ``(route
prefix or "" for any route, drug-name substrings)``, matched on lower-cased prescriptions."""
PROVENANCE = {
    "source": "MIMIC-IV Clinical Database Demo v2.2 (Johnson A, Bulgarelli L, Pollard T, Horng S, "
    "Celi LA, Mark R), PhysioNet, https://doi.org/10.13026/dp1f-ex47",
    "licence": "Open Data Commons Open Database License v1.0 (ODbL); this file is a derived "
    "database of aggregates and is shared under the same licence",
    "content": "aggregates only: counts per admission, value quantiles, category shares, rates; "
    f"categories seen in fewer than {MIN_COUNT} admissions are pooled",
    "script": "python -m physassist_env.synth.calibrate <demo folder>",
}


def _read(root: Path, table: str, cols: list[str]) -> pd.DataFrame:
    return pd.read_csv(root / f"{table}.csv.gz", usecols=cols, low_memory=False)


def _shares(s: pd.Series) -> dict[str, float]:
    counts = s.fillna("UNKNOWN").astype(str).value_counts()
    kept = counts[counts >= MIN_COUNT]
    out = {k: round(float(v / counts.sum()), 4) for k, v in kept.items()}
    rest = counts[counts < MIN_COUNT].sum()
    if rest:
        out["OTHER"] = round(float(rest / counts.sum()), 4)
    return out


def _quant(s: pd.Series) -> list[float]:
    return [round(float(x), 3) for x in s.quantile(list(QUANTILES))]


def derive(root: Path) -> dict[str, Any]:
    """Aggregates of the MIMIC-IV demo at ``root`` (``hosp/``, ``icu/``)."""
    adm = _read(
        root,
        "hosp/admissions",
        [
            "hadm_id",
            "admittime",
            "dischtime",
            "admission_type",
            "admission_location",
            "discharge_location",
            "insurance",
            "marital_status",
            "language",
            "hospital_expire_flag",
        ],
    )
    hadms = list(adm.hadm_id)
    los = (
        pd.to_datetime(adm.dischtime) - pd.to_datetime(adm.admittime)
    ).dt.total_seconds() / 86400
    icu = _read(root, "icu/icustays", ["hadm_id", "stay_id", "los", "first_careunit"])
    rx = _read(root, "hosp/prescriptions", ["hadm_id", "drug", "route", "drug_type"])
    ph = _read(root, "hosp/pharmacy", ["hadm_id", "frequency", "route"])
    dx = _read(root, "hosp/diagnoses_icd", ["hadm_id", "icd_code"])
    labs = _read(
        root, "hosp/labevents", ["hadm_id", "itemid", "valuenum", "flag", "priority"]
    )
    labs = labs[labs.hadm_id.isin(set(hadms))]
    emar = _read(root, "hosp/emar", ["hadm_id", "event_txt"])
    per = lambda df: df.groupby("hadm_id").size().reindex(hadms, fill_value=0)  # noqa: E731
    distinct_rx = rx.assign(d=rx.drug.str.lower()).groupby("hadm_id").d.nunique()
    stays = icu.stay_id.nunique()
    lab_stats: dict[str, Any] = {}
    for itemid in sorted(LABS):
        s = labs[labs.itemid == itemid]
        v = s.valuenum.dropna()
        if len(v) < 20:
            continue
        lab_stats[str(itemid)] = {
            "label": LABS[itemid].label,
            "rows": int(len(s)),
            "quantiles": _quant(v),
            "abnormal_rate": round(float(s.flag.eq("abnormal").mean()), 4),
            "admissions_measured": round(float(s.hadm_id.nunique() / len(hadms)), 4),
        }
    return {
        "provenance": PROVENANCE,
        "admissions": len(hadms),
        "admission_type": _shares(adm.admission_type),
        "admission_location": _shares(adm.admission_location),
        "discharge_location": _shares(adm.discharge_location),
        "insurance": _shares(adm.insurance),
        "marital_status": _shares(adm.marital_status),
        "language": _shares(adm.language),
        "in_hospital_death_rate": round(float(adm.hospital_expire_flag.mean()), 4),
        "icu_admission_rate": round(
            float(adm.hadm_id.isin(set(icu.hadm_id)).mean()), 4
        ),
        "icu_first_careunit": _shares(icu.first_careunit),
        "icu_los_days_quantiles": _quant(icu.los),
        "los_days_quantiles": _quant(los),
        "per_admission_quantiles": {
            "prescriptions": _quant(per(rx)),
            "distinct_drugs": _quant(distinct_rx.reindex(hadms, fill_value=0)),
            "diagnoses": _quant(per(dx)),
            "lab_rows": _quant(per(labs)),
            "abnormal_lab_rows": _quant(per(labs[labs.flag.eq("abnormal")])),
            "emar_rows": _quant(per(emar)),
        },
        "per_icu_stay": {
            t: round(len(_read(root, f"icu/{t}", ["stay_id"])) / max(stays, 1), 1)
            for t in ("inputevents", "outputevents", "procedureevents")
        },
        "lab_priority": _shares(labs.priority),
        "lab_abnormal_rate": round(float(labs.flag.eq("abnormal").mean()), 4),
        "prescription_route": _shares(rx.route),
        "prescription_drug_type": _shares(rx.drug_type),
        "pharmacy_frequency": _shares(ph.frequency),
        "emar_event": _shares(emar.event_txt),
        "labs": lab_stats,
        "drug_admission_share": {
            name: round(
                float(
                    rx[
                        rx.route.fillna("").str.startswith(route)
                        & rx.drug.str.lower().str.contains("|".join(names), na=False)
                    ].hadm_id.nunique()
                    / len(hadms)
                ),
                4,
            )
            for name, (route, names) in DRUG_GROUPS.items()
        },
    }


def main(argv: list[str] | None = None) -> None:
    """CLI: derive the aggregates and write them (default: the shipped JSON)."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("demo", type=Path, help="MIMIC-IV demo folder (hosp/, icu/)")
    p.add_argument("--out", type=Path, default=AGGREGATES_FILE)
    a = p.parse_args(argv)
    data = derive(a.demo)
    a.out.write_text(
        json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    log.info("wrote %s", a.out)


if __name__ == "__main__":
    main()
