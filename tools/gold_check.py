"""Check a MIMIC-IV build for what issue #16 asks to be zero, reading the raw tables.

1. Results visible before they were available: every lab and microbiology Observation the
   agent can see at a session's date (the same date-gated view the tools use), looked up
   in the raw CSV by its row key; counted when the row's ``storetime`` / ``storedate``
   (or, where empty, its chart time) is after the session date.
2. Sessions whose premise does not hold, recomputed from the record at the session date:
   :func:`~physassist_env.scenarios.planner.premise_problems`, discharge planning only for
   admissions the raw ``admissions`` row says ended alive, a discharge list without
   inpatient-only orders, a drug named once, peaks / nadirs asked only on the abnormal side.
3. ZH gold answers with English drug or diagnosis names
   (:func:`~physassist_env.vocab.zh_text.untranslated_english`).

Usage: ``python tools/gold_check.py --dataset D --path MIMIC_DEMO`` (prints counts and examples).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from physassist_env import load_dataset
from physassist_env.audit.raw import rows_by_key
from physassist_env.clinical.discharge import inpatient_only
from physassist_env.ehr.store import FhirStore
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import premise_problems
from physassist_env.sources import open_source
from physassist_env.sources.mimic.rowkeys import row_key
from physassist_env.vocab.zh_text import untranslated_english

#: raw table -> (availability columns in order of preference)
AVAILABLE = {
    "hosp/labevents": ("storetime", "charttime"),
    "hosp/microbiologyevents": ("storetime", "storedate", "charttime", "chartdate"),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--path", required=True, help="MIMIC-IV demo root")
    args = ap.parse_args()
    ds = load_dataset(path=args.dataset)
    sessions = [json.loads(r["session_json"]) for split in ds for r in ds[split]]
    pids = sorted({s["patient_id"] for s in sessions})
    records = {
        r.patient_id: r for r in open_source("mimic-iv", args.path).records(pids)
    }
    hadms = {(str(s["hadm_id"]),) for s in sessions}
    raw_adm = {
        k[0]: rows[0]
        for k, rows in rows_by_key(
            Path(args.path), "hosp/admissions", ("hadm_id",), hadms
        ).items()
    }

    wanted: dict[str, set[tuple[str, ...]]] = {t: set() for t in AVAILABLE}
    columns: dict[str, tuple[str, ...]] = {}
    visible: list[tuple[str, str, tuple[str, ...]]] = []  # (session, table, key)
    premise: Counter[str] = Counter()
    examples: list[str] = []
    zh_english = 0
    zh_examples: list[str] = []
    for s in sessions:
        rec = records[s["patient_id"]]
        store = FhirStore.from_records([rec])
        view = store.view(rec.patient_id, s["current_date"])
        for res in view.search("Observation")[0]:
            found = row_key("Observation", str(res.get("id")))
            if found and found[0] in AVAILABLE:
                key = tuple(found[1].values())
                columns[found[0]] = tuple(found[1])
                wanted[found[0]].add(key)
                visible.append((s["session_id"], found[0], key))
        enc = next(e for e in admissions(rec) if str(e["id"]) == str(s["hadm_id"]))
        facts = admission_facts(view, enc)
        adm = raw_adm.get(str(s["hadm_id"]), {})
        facts.discharged_alive = not (adm.get("deathtime") or "").strip()
        turns = [_T(t) for t in s["turns"]]
        problems = premise_problems(Scenario(s["scenario"]), facts, turns)
        for t in s["turns"]:
            problems += _turn_problems(t, facts)
        for p in problems:
            premise[p.split(":")[0]] += 1
            if len(examples) < 8:
                examples.append(f"{s['session_id']}: {p}")
        for t in s["turns"]:
            eng = untranslated_english(t["gold_answer"]["zh"])
            if eng:
                zh_english += 1
                if len(zh_examples) < 12:
                    zh_examples.append(f"{t['topic']}: {', '.join(eng[:4])}")
    late = matched = 0
    late_examples: list[str] = []
    day_of = {x["session_id"]: x["current_date"] for x in sessions}
    for table, cols in columns.items():
        rows = rows_by_key(Path(args.path), table, cols, wanted[table])
        for sid, tab, key in visible:
            if tab != table or key not in rows:
                continue
            row = rows[key][0]
            matched += 1
            avail = next((row[c] for c in AVAILABLE[table] if row.get(c)), "")
            day = day_of[sid]
            if avail[:10] > day[:10]:
                late += 1
                if len(late_examples) < 5:
                    late_examples.append(f"{sid}: {table} {key} available {avail}")
    n_turns = sum(len(s["turns"]) for s in sessions)
    print(f"sessions {len(sessions)}, turns {n_turns}")
    print(
        f"visible lab/micro results: {len(visible)}, found in the raw tables: {matched};"
        f" available after the session date: {late}"
    )
    for e in late_examples:
        print("  -", e)
    print(
        f"sessions/turns whose premise does not hold: {sum(premise.values())} {dict(premise)}"
    )
    for e in examples:
        print("  -", e)
    print(f"ZH gold answers with English names: {zh_english} of {n_turns}")
    for e in zh_examples:
        print("  -", e)


class _T:
    def __init__(self, t: dict) -> None:
        self.topic = t["topic"]
        self.entities = t["entities"]


def _turn_problems(t: dict, facts) -> list[str]:
    out = []
    if t["topic"] in ("lab_peak", "lab_nadir"):
        lab = next(e.split(":", 1)[1] for e in t["entities"] if e.startswith("lab:"))
        series = facts.labs.get(lab)
        if series is not None:
            p = series.highest if t["topic"] == "lab_peak" else series.lowest
            side = ("H", "HH") if t["topic"] == "lab_peak" else ("L", "LL")
            if p.flag not in side:
                out.append(f"{t['topic']} on the normal side: {lab} {p.value} {p.flag}")
    if t["topic"] == "discharge_meds":
        names = [o.name for o in facts.going_home_orders()]
        if len(names) != len({n.lower() for n in names}):
            out.append(f"discharge list names a drug twice: {names}")
        # an inpatient-only order named on the list, unless the drug is listed for an
        # order of the same name that goes home (furosemide PO beside furosemide IV)
        going = {n.lower() for n in names}
        bad = [
            o.name
            for o in facts.active_orders()
            if inpatient_only(o)
            and o.name in t["gold_answer"]["en"]
            and o.name.lower() not in going
        ]
        if bad:
            out.append(f"discharge list with inpatient-only orders: {bad}")
    return out


if __name__ == "__main__":
    main()
