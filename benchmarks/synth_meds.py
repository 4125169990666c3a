"""Medication realism of a synthetic hospital (issue #23, synth7): what a physician reading the
medication lists would flag, counted::

    python benchmarks/synth_meds.py --patients 300 --seed 5 [--synth FOLDER]

- side-effect adherence reasons that are not a labelled effect of the drug's class
  (``knowledge.SIDE_EFFECTS``; for a generator without that table, a dry cough on anything but
  an ACE inhibitor and dizziness on a drug without it among its common effects);
- discharge lists with an IV antibiotic;
- infection admissions (``knowledge.drugs.COURSE_DAYS``) discharged alive with an IV antibiotic
  running into the discharge day (what the discharge scenarios read as going home: orders active
  the day before discharge), and with a course shorter than the guideline's minimum and no
  antibiotic going home;
- admissions with an order of a drug the patient's recorded allergy forbids
  (``knowledge.ALLERGY_CLASSES``);
- suspected HIT admissions (argatroban orders).
"""

from __future__ import annotations

import argparse
import collections
import csv
import gzip
import json
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from physassist_env.synth import generate_hospital
from physassist_env.synth import knowledge as kb

DIZZY_CLASSES = frozenset(
    c
    for c, effects in getattr(kb, "SIDE_EFFECTS", {}).items()
    if "dizziness" in effects
) or frozenset(
    {"ACE inhibitor", "ARB", "beta blocker", "alpha blocker", "loop diuretic"}
)
ALLERGY_CLASSES = getattr(kb, "ALLERGY_CLASSES", None) or {
    "Penicillins": {"penicillin/beta-lactamase inhibitor"},
    "Sulfa (Sulfonamide Antibiotics)": {"sulfonamide"},
    "Lisinopril (angioedema)": {"ACE inhibitor"},
}
SIDE_WORDS = ("cough", "dizz", "stopped it because of")


def _rows(root: Path, table: str):
    with gzip.open(root / f"{table}.csv.gz", "rt") as f:
        yield from csv.DictReader(f)


def _truth(root: Path) -> list[dict]:
    with gzip.open(root / "truth" / "patients.jsonl.gz", "rt") as f:
        return [json.loads(line) for line in f]


def adherence_mismatch(truth: list[dict]) -> tuple[int, int]:
    """(side-effect reasons, of them not a labelled effect of the drug's class)."""
    known = getattr(kb, "SIDE_EFFECTS", None)
    n = bad = 0
    for t in truth:
        for key, info in t["home_meds"].items():
            reason = info["reason"]
            if not any(w in reason for w in SIDE_WORDS) or "felt fine" in reason:
                continue
            n += 1
            cls = kb.DRUGS[key].drug_class
            effect = reason.removeprefix("stopped it because of ")
            if known is not None:
                ok = effect in known.get(cls, ())
            else:
                ok = ("cough" in effect and cls == "ACE inhibitor") or (
                    "dizz" in effect and cls in DIZZY_CLASSES
                )
            bad += not ok
    return n, bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--patients", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--synth", type=Path, help="an already generated hospital")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = args.synth or Path(tmp) / "h"
        if args.synth is None:
            generate_hospital(root, args.patients, args.seed, progress=False)
        report(root)


def report(root: Path) -> None:
    """Print the counts for the hospital in ``root``."""
    truth = _truth(root)
    n, bad = adherence_mismatch(truth)
    print(
        f"side-effect adherence reasons: {n}, not the drug class's: {bad} ({100 * bad / max(1, n):.0f} %)"
    )
    adm = {r["hadm_id"]: r for r in _rows(root, "hosp/admissions")}
    conds = {str(a["hadm_id"]): a["conditions"] for t in truth for a in t["admissions"]}
    allergies = {str(t["subject_id"]): t["allergies"] for t in truth}
    abx_names = {
        d.name
        for k, d in kb.DRUGS.items()
        if d.drug_class in kb.drugs.ANTIBIOTIC_CLASSES or k == "vancomycin"
    }
    keys = collections.defaultdict(set)
    for k, d in kb.DRUGS.items():
        keys[d.name].add(k)
    abx = collections.defaultdict(list)
    home_lists = collections.defaultdict(list)
    forbidden, argatroban = set(), set()
    for r in _rows(root, "hosp/prescriptions"):
        if r["drug_type"] != "MAIN":
            continue
        a = adm[r["hadm_id"]]
        if r["drug"] in abx_names:
            abx[r["hadm_id"]].append(r)
        if r["stoptime"] == a["dischtime"] and not a["deathtime"]:
            home_lists[r["hadm_id"]].append(r)
        recorded = allergies[r["subject_id"]]
        if any(
            kb.DRUGS[k].drug_class in ALLERGY_CLASSES.get(a, ())
            for k in keys[r["drug"]]
            for a in recorded
        ):
            forbidden.add(r["hadm_id"])
        if r["drug"] == "Argatroban":
            argatroban.add(r["hadm_id"])
    lists = [h for h in home_lists if home_lists[h]]
    iv_home = [
        h
        for h in lists
        if any(r["drug"] in abx_names and r["route"] == "IV" for r in home_lists[h])
    ]
    print(f"discharge lists: {len(lists)}, with an IV antibiotic: {len(iv_home)}")
    minimum = {c: lo for c, (lo, _hi) in getattr(kb.drugs, "COURSE_DAYS", {}).items()} or {
        "pneumonia": 5, "sepsis": 7, "uti": 7, "pyelo": 7, "cholecystitis": 4,
        "diverticulitis": 4, "cellulitis": 5, "copd_exac": 5, "cdiff": 10,
    }  # fmt: skip
    infected = [
        h for h, a in adm.items() if not a["deathtime"] and set(conds[h]) & set(minimum)
    ]
    running = short = 0
    for h in infected:
        a = adm[h]
        admit = datetime.fromisoformat(a["admittime"])
        disch = datetime.fromisoformat(a["dischtime"])
        session = (disch - timedelta(days=1)).date()
        session = disch.date() if session <= admit.date() else session
        orders = abx[h] + [
            r for r in home_lists[h] + [] if r["drug"] == kb.DRUGS["vancomycin_po"].name
        ]
        running += any(
            r["route"] == "IV"
            and datetime.fromisoformat(r["starttime"]).date()
            <= session
            < datetime.fromisoformat(r["stoptime"]).date()
            for r in abx[h]
        )
        need = min(minimum[c] for c in conds[h] if c in minimum)
        last = max(
            (datetime.fromisoformat(r["stoptime"]) for r in orders), default=admit
        )
        going = any(r["stoptime"] == a["dischtime"] for r in orders)
        short += (last - admit) < timedelta(days=need - 0.5) and not going
    pct = 100 / max(1, len(infected))
    print(
        f"infection admissions discharged alive: {len(infected)}; IV antibiotic running into "
        f"the discharge day {running} ({running * pct:.0f} %); course shorter than the "
        f"guideline minimum with nothing at home {short} ({short * pct:.0f} %)"
    )
    print(f"admissions with a drug the recorded allergy forbids: {len(forbidden)}")
    print(f"suspected HIT (argatroban) admissions: {len(argatroban)}")


if __name__ == "__main__":
    main()
