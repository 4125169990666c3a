"""Check a built MIMIC-IV dataset: results visible before available, and session premises.

Reads the raw MIMIC-IV source again (the current converter, which keeps each row's
store time), puts every session's patient in a store, and counts at each session's
date:

* ``leaks_event_gate``: resources an event-date-only gate shows although they were
  released (``issued`` / record time) after the session date -- what the gate did
  before availability was taken into account;
* ``leaks_now``: resources the current gate (``EhrView.search``) returns whose
  availability key is after the session date (must be 0);
* ``premise_problems``: sessions whose premise does not hold
  (:func:`physassist_env.scenarios.planner.premise_problems`).

Usage::

    PYTHONPATH=. python benchmarks/gate_premises.py --dataset DIR \
        --path ../shared/data/mimic-iv-demo-2.2
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from physassist_env.dataset.loader import load_sessions
from physassist_env.ehr.dates import available_key, visible_at
from physassist_env.ehr.store import FhirStore
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.planner import discharged_alive, premise_problems
from physassist_env.sources.mimic.source import MimicSource

TYPES = (
    "Observation",
    "DiagnosticReport",
    "MedicationAdministration",
    "Procedure",
    "DocumentReference",
    "AllergyIntolerance",
    "Condition",
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--path", required=True, help="the MIMIC-IV folder")
    args = ap.parse_args()
    sessions = load_sessions(args.dataset, split=None)
    pids = sorted({s.patient_id for s in sessions})
    store = FhirStore.from_records(MimicSource(args.path, patient_ids=pids).records())
    out: Counter[str] = Counter()
    examples: list[str] = []
    for s in sessions:
        t = s.current_date
        view = store.view(s.patient_id, t)
        leaked = 0
        for rtype in TYPES:
            idx = store.type_index(s.patient_id, rtype)
            for e in idx.entries if idx else ():
                if visible_at(e.key, t) and e.avail and not visible_at(e.avail, t):
                    leaked += 1
                    out[f"leaks_event_gate:{rtype}"] += 1
            found, _ = view.search(rtype, {"_count": "1000"})
            now = [r for r in found if not visible_at(available_key(r), t)]
            out["leaks_now"] += len(now)
        out["leaks_event_gate"] += leaked
        out["sessions_with_event_gate_leaks"] += bool(leaked)
        enc = store.entry("Encounter", s.hadm_id)
        if enc is None:
            out["sessions_without_encounter"] += 1
            continue
        facts = admission_facts(view, enc.resource)
        facts.discharged_alive = discharged_alive(store, s.patient_id, enc.resource)
        problems = premise_problems(s.scenario, facts, s.turns)
        out["sessions"] += 1
        if problems:
            out["premise_problems"] += 1
            if len(examples) < 8:
                examples.append(f"{s.session_id}: {'; '.join(problems)}")
    print(json.dumps(dict(sorted(out.items())), indent=1))
    for line in examples:
        print(line)


if __name__ == "__main__":
    main()
