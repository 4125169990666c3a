"""Realism of the synthetic hospital, side by side with the MIMIC-IV demo, plus a leakage check.

Generates ``--patients`` synthetic patients (or reads ``--synth`` if given), computes the same
chart statistics on it and on the MIMIC-IV demo (``--demo``, default ``../shared/data/mimic-iv-demo-2.2``),
prints a table with a per-metric ratio (synthetic / demo) or distance, and checks that no planted
drug-lab label can be predicted from features other than the lab's own value (spread, counts,
co-occurrence): the AUROC of each feature alone and of a cross-validated logistic model on all
of them must stay <= 0.6::

    python benchmarks/synth_realism.py --patients 1000 --seed 0 [--leak-patients 5000] [--json out.json]

Only aggregates are printed; no demo row leaves the process.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from physassist_env.synth.calibrate import DRUG_GROUPS

DEMO = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "mimic-iv-demo-2.2"
)
RAAS = DRUG_GROUPS["raas"][1]  # the drugs the shipped aggregates count as RAAS
LEAK_LIMIT = 0.6
VALUE_DRIVEN_DRUGS = (
    "Potassium Chloride",
    "Magnesium Sulfate",
    "Dextrose 50%",
    "Glucose Gel",
    "Calcium Gluconate",  # the shift after a potassium >= 6.0 (responses.treat_hyperkalaemia)
    "Insulin Regular Human",
    "Sodium Polystyrene Sulfonate",
)


def _lab_coded() -> set[str]:
    from physassist_env.synth.knowledge.secondary import LAB_CODED

    return {c for *_x, code in LAB_CODED for c, _t in code}


INR, NA, ALB, K, WBC, CR, GLU = 51237, 50983, 50862, 50971, 51301, 50912, 50931


def _read(root: Path, table: str, usecols: list[str] | None = None) -> pd.DataFrame:
    path = root / f"{table}.csv.gz"
    if not path.exists():
        return pd.DataFrame(columns=usecols or [])
    return pd.read_csv(path, usecols=usecols, low_memory=False)


def _identical_next_day(labs: pd.DataFrame, itemid: int) -> float:
    """Share of consecutive draws 18-30 h apart with the same value."""
    s = labs[labs.itemid == itemid].sort_values(["hadm_id", "charttime"])
    same_adm = s.hadm_id.eq(s.hadm_id.shift())
    dt = (s.charttime - s.charttime.shift()).dt.total_seconds() / 3600
    pair = same_adm & dt.between(18, 30)
    if pair.sum() == 0:
        return float("nan")
    return float((s.valuenum.eq(s.valuenum.shift()) & pair).sum() / pair.sum())


def _runs_of_five(labs: pd.DataFrame, itemid: int) -> float:
    """Share of admissions with >= 5 draws of ``itemid`` holding a run of 5+ identical values."""
    hits = total = 0
    for _h, g in (
        labs[labs.itemid == itemid].sort_values("charttime").groupby("hadm_id")
    ):
        v = g.valuenum.to_numpy()
        if len(v) < 5:
            continue
        total += 1
        run = best = 1
        for a, b in zip(v[:-1], v[1:], strict=True):
            run = run + 1 if a == b else 1
            best = max(best, run)
        hits += best >= 5
    return hits / total if total else float("nan")


def _monotonic_wbc(labs: pd.DataFrame) -> float:
    """Among admissions with a raised first WBC (> 11) and >= 4 draws: Spearman rho <= -0.9."""
    hits = total = 0
    for _h, g in labs[labs.itemid == WBC].sort_values("charttime").groupby("hadm_id"):
        v = g.valuenum.dropna().to_numpy()
        if len(v) < 4 or v[0] <= 11:
            continue
        total += 1
        r = pd.Series(v).rank().to_numpy()
        t = np.arange(len(v))
        rho = np.corrcoef(t, r)[0, 1] if r.std() > 0 else 0.0
        hits += rho <= -0.9
    return hits / total if total else float("nan")


def _ab_parts(ab: Any) -> tuple[str, ...]:
    """A susceptibility's antibiotic as its sorted components (``TRIMETHOPRIM/SULFA`` ->
    ``("sulfa", "trimethoprim")``)."""
    return tuple(sorted(p.strip() for p in str(ab).lower().split("/") if p.strip()))


def _drug_parts(drug: Any) -> tuple[str, ...]:
    """A prescription's first word as sorted components (``Piperacillin-Tazobactam`` ->
    ``("piperacillin", "tazobactam")``; ``Ciprofloxacin HCl`` -> ``("ciprofloxacin",)``)."""
    word = (str(drug).lower().split() or [""])[0]
    return tuple(sorted(p for p in word.replace("-", "/").split("/") if p))


def _same_antibiotic(ab: tuple[str, ...], drug: tuple[str, ...]) -> bool:
    """Same components, each one a prefix of the other (``tazo``/``tazobactam``,
    ``sulfa``/``sulfameth``); ampicillin is not ampicillin-sulbactam. Before, the first 8
    letters of the first word matched ampicillin to ampicillin-sulbactam and missed
    trimethoprim/sulfamethoxazole."""
    return len(ab) == len(drug) and all(
        len(min(a, d, key=len)) >= 4 and (a.startswith(d) or d.startswith(a))
        for a, d in zip(ab, drug, strict=True)
    )


def chart_metrics(root: Path) -> dict[str, Any]:
    """Chart statistics of one MIMIC-IV-layout folder (aggregates only)."""
    adm = _read(root, "hosp/admissions")
    adm["admittime"] = pd.to_datetime(adm.admittime)
    adm["dischtime"] = pd.to_datetime(adm.dischtime)
    n_adm = len(adm)
    hadms = set(adm.hadm_id)
    rx = _read(root, "hosp/prescriptions", ["hadm_id", "drug", "route"])
    dx = _read(root, "hosp/diagnoses_icd", ["hadm_id", "icd_code"])
    labs = _read(
        root,
        "hosp/labevents",
        ["hadm_id", "itemid", "charttime", "valuenum", "flag", "priority"],
    )
    labs = labs[labs.hadm_id.isin(hadms)].copy()
    labs["charttime"] = pd.to_datetime(labs.charttime)
    icu = _read(root, "icu/icustays", ["hadm_id"])
    micro = _read(
        root,
        "hosp/microbiologyevents",
        [
            "hadm_id",
            "micro_specimen_id",
            "spec_type_desc",
            "org_name",
            "ab_name",
            "interpretation",
        ],
    )
    per = lambda df: df.groupby("hadm_id").size().reindex(list(hadms), fill_value=0)  # noqa: E731
    m: dict[str, Any] = {"admissions": n_adm, "patients": int(adm.subject_id.nunique())}
    m["prescriptions per admission (median)"] = float(per(rx).median())
    m["distinct drugs"] = int(rx.drug.str.lower().nunique())
    m["diagnoses per admission (median)"] = float(per(dx).median())
    m["distinct diagnosis codes"] = int(dx.icd_code.nunique())
    m["lab rows per admission (median)"] = float(per(labs).median())
    m["abnormal lab rows per admission (median)"] = float(
        per(labs[labs.flag.eq("abnormal")]).median()
    )
    m["STAT share of lab rows"] = float(labs.priority.eq("STAT").mean())
    for name, item in (("INR", INR), ("Na", NA), ("albumin", ALB), ("K", K)):
        m[f"identical consecutive values 18-30 h apart: {name}"] = _identical_next_day(
            labs, item
        )
    m["series of 5+ identical draws: INR"] = _runs_of_five(labs, INR)
    m["WBC > 11 with a near-monotonic fall (rho <= -0.9)"] = _monotonic_wbc(labs)
    types = adm.admission_type.value_counts(normalize=True)
    m["admission types"] = int(len(types))
    m["largest admission type share"] = float(types.iloc[0])
    m["admission type shares"] = {str(k): round(float(v), 4) for k, v in types.items()}
    m["planned (ELECTIVE, SURGICAL SAME DAY) admissions"] = float(
        adm.admission_type.isin(["ELECTIVE", "SURGICAL SAME DAY ADMISSION"]).mean()
    )
    m["discharge locations"] = int(adm.discharge_location.nunique())
    m["in-hospital deaths"] = float(adm.hospital_expire_flag.mean())
    m["ICU admissions"] = float(adm.hadm_id.isin(set(icu.hadm_id)).mean())
    los = (adm.dischtime - adm.admittime).dt.total_seconds() / 86400
    m["length of stay days (median)"] = float(los.median())
    for t in ("icu/inputevents", "icu/outputevents", "icu/procedureevents", "hosp/poe"):
        m[f"{t.split('/')[1]} rows per admission"] = (
            len(_read(root, t, ["hadm_id"])) / n_adm
        )
    blood = micro[micro.spec_type_desc.eq("BLOOD CULTURE")]
    if len(blood):
        pos = blood.groupby("micro_specimen_id").org_name.apply(
            lambda s: s.notna().any()
        )
        m["positive blood cultures"] = float(pos.mean())
    else:
        m["positive blood cultures"] = float("nan")
    # admissions only (the demo's outpatient cultures have no hadm_id: as NaN each counted
    # as an admission of its own and the demo's share read 1.5 %)
    tested = micro.dropna(subset=["ab_name", "hadm_id"])
    given: dict[Any, list[tuple[str, ...]]] = {}
    for h, d in zip(rx.hadm_id, rx.drug, strict=True):
        given.setdefault(h, []).append(_drug_parts(d))
    res = tested[tested.interpretation.eq("R")]
    adm_tested = set(tested.hadm_id)
    adm_res_given = {
        h
        for h, ab in zip(res.hadm_id, res.ab_name, strict=True)
        if any(_same_antibiotic(_ab_parts(ab), d) for d in given.get(h, ()))
    }
    m["admissions with susceptibilities: an antibiotic given tested resistant"] = (
        len(adm_res_given) / len(adm_tested) if adm_tested else float("nan")
    )
    k_high = set(labs[(labs.itemid == K) & (labs.valuenum > 5.5)].hadm_id)
    raas = set(rx[rx.drug.str.lower().str.contains("|".join(RAAS), na=False)].hadm_id)
    vanco_iv = set(
        rx[
            rx.drug.str.lower().str.contains("vancomycin", na=False)
            & rx.route.fillna("").str.startswith("IV")
        ].hadm_id
    )
    m["admissions on IV vancomycin"] = len(vanco_iv & hadms) / n_adm
    m["admissions on a RAAS drug"] = len(raas & hadms) / n_adm
    m["admissions with K > 5.5"] = len(k_high & hadms) / n_adm
    m["K > 5.5 admissions on a RAAS drug"] = (
        len(k_high & raas) / len(k_high) if k_high else float("nan")
    )
    for name, item in (("K", K), ("creatinine", CR), ("INR", INR), ("glucose", GLU)):
        v = labs[labs.itemid == item].valuenum.dropna()
        m[f"{name} quantiles 5/50/95"] = [
            round(float(x), 2) for x in v.quantile([0.05, 0.5, 0.95])
        ]
    notes = root / "note" / "discharge.csv.gz"
    if notes.exists():
        m["note discharge disposition agrees with admissions"] = _disposition_agreement(
            notes, adm
        )
    return m


def _disposition_agreement(notes: Path, adm: pd.DataFrame) -> float:
    from physassist_env.sources.mimic import parse_discharge_sections

    loc = dict(zip(adm.hadm_id, adm.discharge_location.fillna(""), strict=True))
    ok = total = 0
    for r in pd.read_csv(notes, usecols=["hadm_id", "text"]).itertuples():
        disp = parse_discharge_sections(r.text).get("Discharge Disposition", "").strip()
        total += 1
        ok += _same_disposition(disp, loc.get(r.hadm_id, ""))
    return ok / total if total else float("nan")


def _same_disposition(note: str, table: str) -> bool:
    from physassist_env.synth.knowledge.calibration import note_disposition

    return note.lower() == note_disposition(table).lower()


# ---------------------------------------------------------------------- leakage
def auroc(score: np.ndarray, label: np.ndarray) -> float:
    """Mann-Whitney AUROC of ``score`` for the binary ``label`` (ties count half)."""
    pos, neg = score[label == 1], score[label == 0]
    if len(pos) == 0 or len(neg) == 0:
        return float("nan")
    ranks = pd.Series(np.concatenate([pos, neg])).rank().to_numpy()
    return float(
        (ranks[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2)
        / (len(pos) * len(neg))
    )


def _cv_logistic(x: np.ndarray, y: np.ndarray, folds: int = 5, seed: int = 0) -> float:
    """AUROC of an L2 logistic regression (standardised features), out-of-fold scores."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(y))
    scores = np.zeros(len(y))
    for f in range(folds):
        test = order[f::folds]
        train = np.setdiff1d(order, test)
        mu, sd = x[train].mean(0), x[train].std(0) + 1e-9
        a, b = (x[train] - mu) / sd, y[train]
        w, c = np.zeros(a.shape[1]), 0.0
        for _ in range(300):
            p = 1 / (1 + np.exp(-(a @ w + c)))
            w -= 0.1 * (a.T @ (p - b) / len(b) + 0.01 * w)
            c -= 0.1 * float((p - b).mean())
        scores[test] = ((x[test] - mu) / sd) @ w + c
    return auroc(scores, y)


def leakage(root: Path, label: str = "planted") -> dict[str, dict[str, Any]]:
    """Per monitoring pair: AUROC of non-value features for a truth label.

    Args:
        root: A synthetic hospital folder (with ``truth/patients.jsonl.gz``).
        label: ``planted`` (the generator's choice, the check) or ``unsafe`` (what the
            reported values show, natural crossings included; for information).
    """
    from physassist_env.synth import knowledge as kb

    with gzip.open(root / "truth" / "patients.jsonl.gz", "rt") as f:
        truth = [json.loads(line) for line in f]
    labs = _read(
        root,
        "hosp/labevents",
        ["hadm_id", "itemid", "charttime", "valuenum", "priority"],
    )
    labs["charttime"] = pd.to_datetime(labs.charttime)
    rx = _read(root, "hosp/prescriptions", ["hadm_id", "drug"])
    dx = _read(root, "hosp/diagnoses_icd", ["hadm_id", "icd_code"])
    adm = _read(root, "hosp/admissions", ["hadm_id", "admittime", "dischtime"])
    los = dict(
        zip(
            adm.hadm_id,
            (
                pd.to_datetime(adm.dischtime) - pd.to_datetime(adm.admittime)
            ).dt.total_seconds()
            / 86400,
            strict=True,
        )
    )
    n_rx = rx.groupby("hadm_id").size().to_dict()
    n_dx = dx.groupby("hadm_id").size().to_dict()
    # orders and codes that are rules applied to a lab value (repletion after a low potassium or
    # magnesium, a code for an abnormal value) are consequences of the value, not noise
    n_rx_free = (
        rx[~rx.drug.isin(VALUE_DRIVEN_DRUGS)].groupby("hadm_id").size().to_dict()
    )
    lab_coded = dx.icd_code.astype(str).isin(_lab_coded())
    n_dx_free = dx[~lab_coded].groupby("hadm_id").size().to_dict()
    n_lab = labs.groupby("hadm_id").size().to_dict()
    n_stat = labs[labs.priority.eq("STAT")].groupby("hadm_id").size().to_dict()
    monitored = labs[labs.itemid.isin({pair.itemid for pair in kb.MONITORING_PAIRS})]
    series = {
        k: g.sort_values("charttime")
        for k, g in monitored.groupby(["hadm_id", "itemid"])
    }
    out: dict[str, dict[str, Any]] = {}
    for pair in kb.MONITORING_PAIRS:
        feats: list[list[float]] = []
        ys: list[int] = []
        for t in truth:
            for a in t["admissions"]:
                for p in a["pairs"]:
                    if p["pair"] != pair.key:
                        continue
                    h = a["hadm_id"]
                    g = series.get((h, pair.itemid))
                    v = g.valuenum.to_numpy() if g is not None else np.array([])
                    diffs = np.abs(np.diff(v)) if len(v) > 1 else np.array([0.0])
                    feats.append(
                        [
                            float(v.std()) if len(v) else 0.0,
                            float(v.max() - v.min()) if len(v) else 0.0,
                            float(np.median(diffs)),
                            float(len(v)),
                            float(n_lab.get(h, 0)),
                            float(n_stat.get(h, 0)),
                            float(n_rx_free.get(h, 0)),
                            float(n_dx_free.get(h, 0)),
                            float(los.get(h, 0)),
                            float(a["icu"]),
                            float(len(a["pairs"])),
                            float(len(a["conditions"])),
                            float(n_rx.get(h, 0)),
                            float(n_dx.get(h, 0)),
                        ]
                    )
                    ys.append(int(p.get(label, p.get("unsafe", False))))
        names = [
            "lab SD",
            "lab range",
            "median step",
            "draws of the lab",
            "lab rows",
            "STAT rows",
            "prescriptions (not value-driven)",
            "diagnoses (not lab-coded)",
            "LOS",
            "ICU",
            "pairs in admission",
            "acute conditions",
        ]
        consequences = ["all prescriptions", "all diagnoses"]
        allx, y = np.array(feats), np.array(ys)
        x, cx = (
            (allx[:, : len(names)], allx[:, len(names) :]) if len(y) else (allx, allx)
        )
        res: dict[str, Any] = {"admissions": len(y), "positive": int(y.sum())}
        if len(y) and 0 < y.sum() < len(y):
            single = {n: auroc(x[:, i], y) for i, n in enumerate(names)}
            single = {n: max(v, 1 - v) for n, v in single.items()}
            worst = max(single, key=lambda n: single[n])
            res["worst feature"] = worst
            res["worst single AUROC"] = round(single[worst], 3)
            res["lab SD AUROC"] = round(single["lab SD"], 3)
            cv = (
                _cv_logistic(x, y)
                if y.sum() >= 5 and len(y) - y.sum() >= 5
                else float("nan")
            )
            # not flipped: the model is fit to predict the label, so an out-of-fold AUROC
            # below 0.5 is the known small-sample pessimism of cross-validation (no signal),
            # and reading it as 1 - AUROC turned a 0.34 into a "leak" of 0.66 (issue #23)
            res["all features (5-fold logistic) AUROC"] = round(cv, 3)
            res["value consequences AUROC"] = {
                n: round(max(v, 1 - v), 3)
                for n, v in (
                    (n, auroc(cx[:, i], y)) for i, n in enumerate(consequences)
                )
            }
        out[pair.key] = res
    return out


COUNT_WORDS = (
    "rows per admission",
    "(median)",
    "types",
    "locations",
    "patients",
    "distinct",
)


def _fmt(v: Any, key: str = "") -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k} {x:.1%}" for k, x in v.items())
    if isinstance(v, float):
        if np.isnan(v):
            return "nan"
        share = 0 <= v <= 1 and not any(w in key for w in COUNT_WORDS)
        return f"{v:.1%}" if share else f"{v:.1f}"
    return str(v)


def _compare(s: Any, d: Any) -> str:
    if isinstance(s, dict) and isinstance(d, dict):  # category shares: total variation
        keys = sorted(set(s) | set(d))
        return (
            f"TV distance {sum(abs(s.get(k, 0) - d.get(k, 0)) for k in keys) / 2:.2f}"
        )
    if isinstance(s, list) and isinstance(d, list):
        return (
            "max |log ratio| "
            + f"{max(abs(np.log(max(a, 1e-3) / max(b, 1e-3))) for a, b in zip(s, d, strict=True)):.2f}"
        )
    if (
        isinstance(s, int | float)
        and isinstance(d, int | float)
        and d
        and not np.isnan(d)
    ):
        return f"x{s / d:.2f}"
    return "-"


def _print_leakage(
    title: str, leak: dict[str, dict[str, Any]], check: bool = False
) -> bool:
    print(f"\n{title}\n")
    print(
        "| pair | admissions | positive | lab SD AUROC | worst feature (AUROC) "
        "| all features, 5-fold logistic "
        "| consequences of the value: all prescriptions / all diagnoses |"
    )
    print("|---|---|---|---|---|---|---|")
    ok = True
    for k, r in leak.items():
        worst = r.get("worst single AUROC", float("nan"))
        cv = r.get("all features (5-fold logistic) AUROC", float("nan"))
        ok &= not (worst > LEAK_LIMIT or cv > LEAK_LIMIT)
        print(
            f"| {k} | {r['admissions']} | {r['positive']} | {r.get('lab SD AUROC', '-')} | "
            f"{r.get('worst feature', '-')} ({worst}) | {cv} | "
            f"{' / '.join(str(v) for v in r.get('value consequences AUROC', {}).values()) or '-'} |"
        )
    return ok or not check


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the comparison; returns ``{"synthetic", "demo", "leakage"}``."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--patients", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--synth", help="an existing synthetic hospital folder (skips generation)"
    )
    p.add_argument(
        "--leak-patients",
        type=int,
        default=0,
        help="run the leakage check on its own hospital of this many patients (only the "
        "tables it reads): the small pairs (vancomycin, warfarin: ~4-7 %% of admissions) need "
        "a few thousand patients before the worst of 12 feature AUROCs stops being noise",
    )
    p.add_argument("--demo", default=str(DEMO))
    p.add_argument("--json", help="also write the results here")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(a.synth) if a.synth else Path(tmp)
        if not a.synth:
            from physassist_env.synth import generate_hospital

            generate_hospital(root, a.patients, a.seed, progress=False)
        synth = chart_metrics(root)
        leak_root = root
        if a.leak_patients:
            from physassist_env.synth import generate_hospital

            leak_root = Path(tmp) / "leakage"
            generate_hospital(
                leak_root,
                a.leak_patients,
                a.seed,
                progress=False,
                tables=[
                    "hosp/labevents",
                    "hosp/prescriptions",
                    "hosp/diagnoses_icd",
                    "hosp/admissions",
                ],
            )
        leak = leakage(leak_root)
        leak_observed = leakage(leak_root, "unsafe")
    demo = chart_metrics(Path(a.demo)) if Path(a.demo).exists() else {}
    print(
        f"| metric | synthetic ({a.patients} patients) | MIMIC-IV demo | ratio / distance |"
    )
    print("|---|---|---|---|")
    for k, v in synth.items():
        d = demo.get(k, "-")
        print(f"| {k} | {_fmt(v, k)} | {_fmt(d, k)} | {_compare(v, d)} |")
    print()
    n_leak = a.leak_patients or a.patients
    ok = _print_leakage(
        f"planted label (the check, {n_leak} patients)", leak, check=True
    )
    _print_leakage(
        "observed label: reported values cross the limit (information)", leak_observed
    )
    print(
        f"\nleakage check (every planted-label AUROC <= {LEAK_LIMIT}): {'PASS' if ok else 'FAIL'}"
    )
    result = {
        "synthetic": synth,
        "demo": demo,
        "leakage": leak,
        "leakage_observed": leak_observed,
        "leakage_ok": ok,
    }
    if a.json:
        Path(a.json).write_text(json.dumps(result, indent=2, default=float))
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
