"""Variety of the generated requests, and phrasing held out for the test split.

Builds sessions for a small synthetic hospital, recording what the request realiser was given
for each intent (topic x implicitness), then reports:

* distinct surface forms per intent and language, in train/validation families and in test
  families (each intent re-realised with ``--n`` seeds for one patient and its entities, so
  the count is of phrasings, not of patients or drug names);
* the phrasing families the train/validation and test splits use, and those shared (0);
* exact request texts shared between train/validation and test turns.

::

    python benchmarks/request_variety.py --patients 60 --seed 0 --json request_variety.json

Writes the JSON (``--json``) and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any


def measure(patients: int, seed: int, n: int) -> dict[str, Any]:
    """The figures of the module docstring for a ``patients``-patient synthetic hospital."""
    from physassist_env.scenarios.generate import candidate_sessions, split_sessions
    from physassist_env.scenarios.planner import Balance
    from physassist_env.scenarios.requests.variety import (
        family_overlap,
        recorded_intents,
        recording,
        surface_forms,
    )
    from physassist_env.sources import open_source
    from physassist_env.synth import generate_hospital

    with tempfile.TemporaryDirectory() as tmp:
        generate_hospital(Path(tmp) / "h", patients, seed, progress=False)
        records = list(
            open_source(
                "mimic-iv", Path(tmp) / "h", cache_dir=Path(tmp) / "c"
            ).records()
        )
    start = time.perf_counter()
    balance = Balance()
    per_patient = {}
    with recording() as calls:
        for r in records:
            sessions = candidate_sessions(r, seed, balance, "synthetic")
            if sessions:
                per_patient[r.patient_id] = sessions
        intents = recorded_intents(
            [s for ss in per_patient.values() for s in ss], calls
        )
    build_s = time.perf_counter() - start
    split, _ = split_sessions(per_patient, seed=seed, test_per_cell=2)
    rows = []
    for key, intent in sorted(intents.items()):
        tr_en, tr_zh = surface_forms(intent, "train", n)
        te_en, te_zh = surface_forms(intent, "test", n)
        rows.append(
            {
                "intent": key,
                "train_en": len(tr_en),
                "train_zh": len(tr_zh),
                "test_en": len(te_en),
                "test_zh": len(te_zh),
                "shared_texts": len(tr_en & te_en) + len(tr_zh & te_zh),
            }
        )
    texts = {"train": set(), "test": set()}
    for s in split:
        side = "test" if s.split == "test" else "train"
        texts[side] |= {t.request.en for t in s.turns} | {t.request.zh for t in s.turns}
    return {
        "patients": patients,
        "seed": seed,
        "seeds_per_intent": n,
        "sessions": len(split),
        "test_sessions": sum(s.split == "test" for s in split),
        "planning_seconds": round(build_s, 1),
        "intents": rows,
        "min_forms": {
            k: min(r[k] for r in rows)
            for k in ("train_en", "train_zh", "test_en", "test_zh")
        },
        "families": family_overlap(split),
        "request_texts_shared_train_test": len(texts["train"] & texts["test"]),
    }


def table(result: dict[str, Any]) -> str:
    """A Markdown table of distinct surface forms per intent."""
    lines = [
        "| intent | train/val EN | train/val ZH | test EN | test ZH | shared |",
        "|---|---|---|---|---|---|",
    ]
    for r in result["intents"]:
        lines.append(
            f"| {r['intent']} | {r['train_en']} | {r['train_zh']} | {r['test_en']} | {r['test_zh']} | {r['shared_texts']} |"
        )
    m = result["min_forms"]
    fam = result["families"]
    lines += [
        "",
        f"minimum per intent: train/val EN {m['train_en']}, ZH {m['train_zh']}; "
        f"test EN {m['test_en']}, ZH {m['test_zh']} ({result['seeds_per_intent']} seeds each)",
        f"families: train/val {fam['train_validation']}; test {fam['test']}; "
        f"shared {len(fam['shared'])}",
        f"request texts shared between train/val and test turns: "
        f"{result['request_texts_shared_train_test']} "
        f"({result['sessions']} sessions, {result['test_sessions']} test)",
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--patients", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n", type=int, default=400, help="seeds per intent")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    result = measure(args.patients, args.seed, args.n)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    print(table(result))


if __name__ == "__main__":
    main()
