"""Independent leakage detector and realism table for the synthetic hospital (issue #39).

Written without reading ``physassist_env/synth``: it reads only what ``physassist synth``
writes (the MIMIC-IV-layout tables and notes, and ``truth/patients.jsonl.gz`` for the labels).

Labels: every admission pair in the truth file (``pair`` = potassium_raas, creatinine_metformin,
inr_warfarin, ...) is *planted* (the generator put an unsafe value there) or a *control* (the
same lab and drug together, not planted; some controls are unsafe on their own).  For each label
a detector sees only what a model could see in the tables, per admission:

* ``variability``: the pair's lab series (count, spread, jumps, how isolated the most extreme
  value is, where and when it falls, gaps and repeat draws around it, decimals, priority, the
  delay to result, how many other tests share its specimen);
* ``level``: the series' min/max/mean/flags;
* ``orders``: the pair's drug orders and administrations around the extreme value (start,
  stop, held doses), prescription and lab counts;
* ``notes``: discharge-note wording (length, words about the lab, "held", "elevated"...).

Four tasks per label, 5-fold stratified cross-validation, gradient boosting and logistic
regression, AUROC of the better model reported:

1. ``var|all``:     planted vs all controls, variability features only (the series alone);
2. ``var|unsafe``:  planted vs controls that are unsafe on their own, variability only (does
   the series' shape tell a planted unsafe value from a natural one?);
3. ``all|unsafe``:  the same with every feature;
4. ``all|all``:     planted vs all controls, every feature (includes the level, so it is
   expected near 1.0 wherever the controls are mostly safe; shown for completeness).

The realism table compares the synthetic hospital with the MIMIC-IV demo: prescriptions per
admission, distinct drugs, ICU input events per ICU stay, K > 5.5 on a RAAS drug.

Run::

    nice -n 10 physassist synth --patients 1000 --seed 39 --out .cache/H1000
    nice -n 10 python benchmarks/independent_leakage.py --hospital .cache/H1000 \\
        --demo /work/shared/data/mimic-iv-demo-2.2
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

# one OpenMP thread: gradient boosting spin-waits badly on a shared, loaded machine
os.environ.setdefault("OMP_NUM_THREADS", "1")

#: ACE inhibitors, ARBs, ARNI and mineralocorticoid antagonists (drugs that raise potassium;
#: KDIGO 2021 blood-pressure guideline / ACC-AHA 2022 heart-failure guideline).
RAAS = re.compile(
    r"(?:pril\b|sartan|sacubitril|spironolactone|eplerenone|aliskiren)", re.IGNORECASE
)
NOTE_WORDS = (
    "held",
    "hold",
    "elevated",
    "hyperkalemia",
    "acute kidney",
    "aki",
    "supratherapeutic",
    "hypoglycemia",
    "trough",
    "inr",
    "potassium",
    "creatinine",
    "glucose",
    "stopped",
    "discontinued",
    "reversed",
    "vitamin k",
    "kayexalate",
    "dialysis",
)
#: Drug words of each pair label (the drug side of the pair, matched in prescriptions).
PAIR_DRUGS = {
    "potassium_raas": RAAS.pattern,
    "potassium_qt": r"ondansetron|haloperidol|azithromycin|levofloxacin|amiodarone|methadone|quetiapine|citalopram|sotalol",
    "creatinine_metformin": r"metformin",
    "creatinine_vancomycin": r"vancomycin",
    "vancomycin_trough": r"vancomycin",
    "glucose_insulin": r"insulin",
    "inr_warfarin": r"warfarin",
}


def _read(root: Path, rel: str, **kw) -> pd.DataFrame:
    return pd.read_csv(root / rel, low_memory=False, **kw)


def load_truth(hospital: Path) -> pd.DataFrame:
    """One row per (admission, pair label): planted (1) or control (0), and unsafe."""
    rows = []
    with gzip.open(hospital / "truth" / "patients.jsonl.gz", "rt") as fh:
        for line in fh:
            p = json.loads(line)
            for a in p["admissions"]:
                for pair in a.get("pairs") or []:
                    rows.append(
                        {
                            "hadm_id": int(a["hadm_id"]),
                            "pair": pair["pair"],
                            "itemid": int(pair["itemid"]),
                            "planted": int(bool(pair["planted"])),
                            "unsafe": int(bool(pair["unsafe"])),
                        }
                    )
    df = pd.DataFrame(rows)
    # an admission can carry a pair label twice; planted wins
    return df.sort_values("planted").drop_duplicates(["hadm_id", "pair"], keep="last")


def _series_features(
    g: pd.DataFrame, admit: pd.Timestamp, los_h: float
) -> dict[str, float]:
    g = g.sort_values("charttime")
    v = g["valuenum"].to_numpy(dtype=float)
    t = ((g["charttime"] - admit).dt.total_seconds() / 3600.0).to_numpy()
    n = len(v)
    f: dict[str, float] = {"var_n": n}
    if n == 0:
        return f
    med = float(np.median(v))
    dev = np.abs(v - med)
    k = int(np.argmax(dev))
    diffs = np.abs(np.diff(v)) if n > 1 else np.array([0.0])
    gaps = np.diff(t) if n > 1 else np.array([0.0])
    sd = float(np.std(v))
    f.update(
        {
            "var_std": sd,
            "var_cv": sd / abs(float(np.mean(v))) if np.mean(v) else 0.0,
            "var_mad": float(np.median(dev)),
            "var_peak_z": float(dev[k] / (np.std(np.delete(v, k)) + 1e-6))
            if n > 2
            else 0.0,
            "var_peak_dev_rel": float(dev[k] / (abs(med) + 1e-6)),
            "var_max_jump_rel": float(diffs.max() / (abs(med) + 1e-6)),
            "var_jump_ratio": float(diffs.max() / (np.median(diffs) + 1e-6)),
            "var_peak_pos": k / max(n - 1, 1),
            "var_peak_time_frac": float(t[k] / los_h) if los_h > 0 else 0.0,
            "var_peak_hour": float(t[k]),
            "var_peak_clock": float(
                g["charttime"].iloc[k].hour + g["charttime"].iloc[k].minute / 60
            ),
            "var_gap_before": float(t[k] - t[k - 1]) if k > 0 else -1.0,
            "var_gap_after": float(t[k + 1] - t[k]) if k < n - 1 else -1.0,
            "var_median_gap": float(np.median(gaps)),
            "var_n_after_peak": n - 1 - k,
            "var_n_24h_after": int(((t > t[k]) & (t <= t[k] + 24)).sum()),
            "var_return": float(abs(v[k + 1] - med) / (dev[k] + 1e-6))
            if k < n - 1
            else -1.0,
            "var_prev_dev": float(abs(v[k - 1] - med) / (dev[k] + 1e-6))
            if k > 0
            else -1.0,
            "var_peak_decimals": len(str(g["value"].iloc[k]).split(".")[1])
            if "." in str(g["value"].iloc[k])
            else 0,
            "var_decimals_mean": float(
                np.mean(
                    [
                        len(str(x).split(".")[1]) if "." in str(x) else 0
                        for x in g["value"]
                    ]
                )
            ),
            "var_peak_stat": float(str(g["priority"].iloc[k]) == "STAT"),
            "var_stat_share": float((g["priority"].astype(str) == "STAT").mean()),
            "var_peak_delay_h": float(g["delay_h"].iloc[k]),
            "var_delay_ratio": float(
                g["delay_h"].iloc[k] / (g["delay_h"].median() + 1e-3)
            ),
            "var_peak_specimen_n": float(g["specimen_n"].iloc[k]),
            "var_specimen_ratio": float(
                g["specimen_n"].iloc[k] / (g["specimen_n"].median() + 1e-3)
            ),
            "var_peak_has_comment": float(isinstance(g["comments"].iloc[k], str)),
            "level_max": float(v.max()),
            "level_min": float(v.min()),
            "level_mean": float(v.mean()),
            "level_peak": float(v[k]),
            "level_flag_share": float(g["flag"].notna().mean()),
            "level_peak_flag": float(isinstance(g["flag"].iloc[k], str)),
        }
    )
    f["_peak_time"] = g["charttime"].iloc[k]
    return f


def build_features(hospital: Path, truth: pd.DataFrame) -> pd.DataFrame:
    """Per (admission, pair label) features of what a model could see."""
    adm = _read(
        hospital, "hosp/admissions.csv.gz", parse_dates=["admittime", "dischtime"]
    )
    adm = adm.set_index("hadm_id")
    items = set(truth["itemid"])
    hadms = set(truth["hadm_id"])
    labs = _read(
        hospital, "hosp/labevents.csv.gz", parse_dates=["charttime", "storetime"]
    )
    labs = labs[labs["hadm_id"].isin(hadms)]
    spec_n = labs.groupby("specimen_id")["itemid"].transform("size")
    labs = labs.assign(
        specimen_n=spec_n,
        delay_h=(labs["storetime"] - labs["charttime"]).dt.total_seconds() / 3600.0,
    )
    lab_n = labs.groupby("hadm_id").size()
    pair_labs = labs[labs["itemid"].isin(items)]
    rx = _read(
        hospital, "hosp/prescriptions.csv.gz", parse_dates=["starttime", "stoptime"]
    )
    rx = rx[rx["hadm_id"].isin(hadms)]
    emar = _read(hospital, "hosp/emar.csv.gz", parse_dates=["charttime"])
    emar = emar[emar["hadm_id"].isin(hadms)]
    notes = _read(hospital, "note/discharge.csv.gz")
    note_text = notes.groupby("hadm_id")["text"].apply(lambda s: "\n".join(s).lower())
    rx_by = dict(tuple(rx.groupby("hadm_id")))
    emar_by = dict(tuple(emar.groupby("hadm_id")))
    lab_by = dict(tuple(pair_labs.groupby(["hadm_id", "itemid"])))
    rows = []
    for r in truth.itertuples():
        a = adm.loc[r.hadm_id]
        los_h = (a["dischtime"] - a["admittime"]).total_seconds() / 3600.0
        g = lab_by.get((r.hadm_id, r.itemid), pd.DataFrame(columns=pair_labs.columns))
        f = _series_features(g, a["admittime"], los_h)
        peak = f.pop("_peak_time", None)
        drug_rx = PAIR_DRUGS.get(r.pair, "^$")
        prx = rx_by.get(r.hadm_id, pd.DataFrame(columns=rx.columns))
        d = prx[prx["drug"].astype(str).str.contains(drug_rx, case=False, regex=True)]
        pem = emar_by.get(r.hadm_id, pd.DataFrame(columns=emar.columns))
        de = pem[
            pem["medication"].astype(str).str.contains(drug_rx, case=False, regex=True)
        ]
        f.update(
            {
                "orders_rx_n": len(prx),
                "orders_distinct": prx["drug"].nunique(),
                "orders_pair_rx_n": len(d),
                "orders_lab_n": int(lab_n.get(r.hadm_id, 0)),
                "orders_los_h": los_h,
                "orders_emar_n": len(pem),
                "orders_pair_emar_n": len(de),
            }
        )
        if peak is not None and len(d):
            start = (d["starttime"] - peak).dt.total_seconds() / 3600.0
            stop = (d["stoptime"] - peak).dt.total_seconds() / 3600.0
            f["orders_start_rel_h"] = float(start.min())
            f["orders_stop_rel_h"] = float(stop.max())
            f["orders_stop_within_24h"] = float(((stop > 0) & (stop <= 24)).any())
            f["orders_rx_after_peak"] = float((start > 0).sum())
        if peak is not None and len(de):
            rel = (de["charttime"] - peak).dt.total_seconds() / 3600.0
            after = de[(rel > 0) & (rel <= 48)]
            f["orders_held_after"] = float(
                after["event_txt"]
                .astype(str)
                .str.contains("hold|not given", case=False)
                .sum()
            )
            f["orders_given_after"] = float(
                after["event_txt"]
                .astype(str)
                .str.contains("administered", case=False)
                .sum()
            )
        text = note_text.get(r.hadm_id, "")
        f["notes_len"] = len(text)
        for w in NOTE_WORDS:
            f[f"notes_{w.replace(' ', '_')}"] = text.count(w)
        f.update(
            {
                "hadm_id": r.hadm_id,
                "pair": r.pair,
                "planted": r.planted,
                "unsafe": r.unsafe,
            }
        )
        rows.append(f)
    return pd.DataFrame(rows)


def _auroc(
    x: pd.DataFrame, y: np.ndarray, seed: int
) -> tuple[float, float, list[tuple[str, float]]]:
    """(AUROC gradient boosting, AUROC logistic regression, top GBM features), 5-fold CV."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.impute import SimpleImputer
    from sklearn.inspection import permutation_importance
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    folds = min(5, int(min(y.sum(), len(y) - y.sum())))
    cv = StratifiedKFold(folds, shuffle=True, random_state=seed)
    gbm = HistGradientBoostingClassifier(
        max_iter=150, learning_rate=0.05, max_leaf_nodes=15, random_state=seed
    )
    lr = make_pipeline(
        SimpleImputer(strategy="median"),
        StandardScaler(),
        LogisticRegression(max_iter=2000, C=0.5),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p_gbm = cross_val_predict(gbm, x, y, cv=cv, method="predict_proba")[:, 1]
        p_lr = cross_val_predict(lr, x, y, cv=cv, method="predict_proba")[:, 1]
        gbm.fit(x, y)
        imp = permutation_importance(
            gbm, x, y, n_repeats=3, random_state=seed, scoring="roc_auc"
        )
    top = sorted(
        zip(x.columns, imp.importances_mean, strict=True), key=lambda kv: -kv[1]
    )[:5]
    return (
        roc_auc_score(y, p_gbm),
        roc_auc_score(y, p_lr),
        [(k, round(float(v), 3)) for k, v in top],
    )


def _print_result(r: dict[str, object]) -> None:
    if r["auroc"] is None:
        print(
            f"{r['pair']:24s} {r['task']:11s} {r['pos']:5d} {r['neg']:5d}  too few",
            flush=True,
        )
        return
    top = ", ".join(f"{k}={v}" for k, v in r["top"][:3])
    print(
        f"{r['pair']:24s} {r['task']:11s} {r['pos']:5d} {r['neg']:5d} {r['auroc_gbm']:6.3f} {r['auroc_lr']:6.3f}  {top}",
        flush=True,
    )


def detect(features: pd.DataFrame, seed: int = 0) -> list[dict[str, object]]:
    """AUROC per pair label and task (see the module docstring)."""
    out = []
    cols = [
        c for c in features.columns if c not in ("hadm_id", "pair", "planted", "unsafe")
    ]
    var_cols = [c for c in cols if c.startswith("var_")]
    for pair, g in sorted(features.groupby("pair")):
        for task, sel, use in (
            ("var|all", g, var_cols),
            ("var|unsafe", g[(g["planted"] == 1) | (g["unsafe"] == 1)], var_cols),
            ("all|unsafe", g[(g["planted"] == 1) | (g["unsafe"] == 1)], cols),
            ("all|all", g, cols),
        ):
            y = sel["planted"].to_numpy()
            n_pos, n_neg = int(y.sum()), int(len(y) - y.sum())
            if n_pos < 5 or n_neg < 5:
                out.append(
                    {
                        "pair": pair,
                        "task": task,
                        "pos": n_pos,
                        "neg": n_neg,
                        "auroc": None,
                    }
                )
                _print_result(out[-1])
                continue
            x = sel[use].astype(float)
            a_gbm, a_lr, top = _auroc(x, y, seed)
            out.append(
                {
                    "pair": pair,
                    "task": task,
                    "pos": n_pos,
                    "neg": n_neg,
                    "auroc_gbm": round(a_gbm, 3),
                    "auroc_lr": round(a_lr, 3),
                    "auroc": round(max(a_gbm, a_lr), 3),
                    "top": top,
                }
            )
            _print_result(out[-1])
    return out


def realism(root: Path, synthetic: bool) -> dict[str, float]:
    """Prescriptions per admission, distinct drugs, ICU inputs per stay, K > 5.5 on RAAS."""
    adm = _read(root, "hosp/admissions.csv.gz")
    rx = _read(root, "hosp/prescriptions.csv.gz", parse_dates=["starttime", "stoptime"])
    stays = _read(root, "icu/icustays.csv.gz")
    inputs = _read(root, "icu/inputevents.csv.gz", usecols=["stay_id"])
    labs = _read(
        root,
        "hosp/labevents.csv.gz",
        usecols=["hadm_id", "itemid", "charttime", "valuenum"],
        parse_dates=["charttime"],
    )
    k = labs[(labs["itemid"] == 50971) & labs["hadm_id"].notna()]
    raas = rx[rx["drug"].astype(str).str.contains(RAAS)]
    on_raas = 0
    high = 0
    for hadm, orders in raas.groupby("hadm_id"):
        kk = k[k["hadm_id"] == hadm]
        during = kk[
            np.logical_or.reduce(
                [
                    (kk["charttime"] >= s) & (kk["charttime"] <= e)
                    for s, e in zip(
                        orders["starttime"], orders["stoptime"], strict=True
                    )
                ]
            )
        ]
        if len(during):
            on_raas += 1
            high += int((during["valuenum"] > 5.5).any())
    return {
        "admissions": int(adm["hadm_id"].nunique()),
        "prescriptions_per_admission": round(
            len(rx) / max(adm["hadm_id"].nunique(), 1), 1
        ),
        "distinct_drugs": int(rx["drug"].str.lower().nunique()),
        "distinct_drugs_per_admission": round(
            rx.groupby("hadm_id")["drug"].nunique().mean(), 1
        ),
        "icu_stays": len(stays),
        "icu_inputs_per_stay": round(len(inputs) / max(len(stays), 1), 1),
        "raas_admissions_with_k": on_raas,
        "k_gt_5_5_on_raas_share": round(high / on_raas, 3) if on_raas else float("nan"),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--hospital", required=True, help="a `physassist synth` output folder"
    )
    p.add_argument(
        "--demo", default=None, help="the MIMIC-IV demo folder for the realism table"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", default=None)
    p.add_argument(
        "--features",
        default=None,
        help="cache the feature table here (pickle; reused when present)",
    )
    args = p.parse_args(argv)
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print(
            "the detector needs scikit-learn: pip install scikit-learn", file=sys.stderr
        )
        return 2
    hospital = Path(args.hospital)
    if not (hospital / "truth" / "patients.jsonl.gz").is_file():
        print(
            f"{hospital} has no truth/patients.jsonl.gz (not a `physassist synth` output)",
            file=sys.stderr,
        )
        return 2
    cached = Path(args.features) if args.features else None
    if cached and cached.is_file():
        feats = pd.read_pickle(cached)
    else:
        feats = build_features(hospital, load_truth(hospital))
        if cached:
            feats.to_pickle(cached)
    print(
        f"{'pair':24s} {'task':11s} {'pos':>5s} {'neg':>5s} {'GBM':>6s} {'LR':>6s}  top features (permutation AUROC drop)"
    )
    results = detect(feats, args.seed)
    table = {"synthetic": realism(hospital, True)}
    if args.demo and Path(args.demo).is_dir():
        table["mimic_iv_demo"] = realism(Path(args.demo), False)
    else:
        print(
            "[skip] no --demo folder: the realism table shows the synthetic side only"
        )
    print()
    keys = list(table["synthetic"])
    print(f"{'realism':32s} " + " ".join(f"{k:>14s}" for k in table))
    for key in keys:
        print(f"{key:32s} " + " ".join(f"{table[s][key]!s:>14s}" for s in table))
    if args.json:
        Path(args.json).write_text(
            json.dumps({"detector": results, "realism": table}, indent=1)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
