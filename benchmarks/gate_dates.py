"""Count what the date gate lets through after the session's day, on any source.

For every patient and every anchor encounter (no ``partOf``) the session's day is the
one the planner uses (``current_date_for``: the day before discharge, or the admission
day of a one-day visit). At that day it counts

* ``tool_resources_later``: resources returned by any read tool (each tool asked for
  1,000 results) whose JSON holds a date after the day, with the element that holds it;
* ``tool_texts_later``: tool texts (what a model reads) holding such a date;
* ``memory_later``: resources of the patient's memory (``StoreView.visible_resources``,
  every type, also those no tool serves) holding such a date;
* ``memory_of_later_encounters``: memory resources whose encounter starts after the day.

Usage::

    PYTHONPATH=. python benchmarks/gate_dates.py --source fhir \
        --path ../shared/data/mimic-iv-fhir-demo-2.1.0 [--limit N] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from typing import Any

from physassist_env.ehr import TOOL_KINDS, EhrToolkit, FhirStore, ToolKind
from physassist_env.fhir.record import reference_id
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import current_date_for
from physassist_env.sources import open_source

CALLS = [
    (name, {} if name == "Patient.read" else {"_count": 1000})
    for name, kind in TOOL_KINDS.items()
    if kind == ToolKind.READ
]
_DAY = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def dates_after(text: str, day: str) -> list[str]:
    """The ``YYYY-MM-DD`` dates in ``text`` after ``day`` (kept here, not imported, so
    the script also measures code from before the gate had such a helper)."""
    return [d for d in _DAY.findall(text) if d > day[:10]]


def _later_paths(node: Any, day: str, path: str) -> set[str]:
    """Element paths (list indexes dropped) whose value holds a date after ``day``."""
    if isinstance(node, dict):
        return set().union(
            *(_later_paths(v, day, f"{path}.{k}") for k, v in node.items())
        )
    if isinstance(node, list):
        return set().union(*(_later_paths(v, day, path) for v in node))
    return {path} if isinstance(node, str) and dates_after(node, day) else set()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", default="fhir")
    ap.add_argument("--path", required=True)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--json", default=None, help="write the counts here too")
    args = ap.parse_args()
    out: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    for rec in open_source(args.source, args.path, limit=args.limit).records():
        store = FhirStore.from_records([rec])
        pid = rec.patient_id
        starts = {
            e["id"]: str((e.get("period") or {}).get("start") or "")[:10]
            for e in rec.of_type("Encounter")
        }
        days = sorted(
            {
                current_date_for(e, Scenario.DISCHARGE_PLANNING)
                for e in rec.of_type("Encounter")
                if not e.get("partOf") and (e.get("period") or {}).get("start")
            }
        )
        for day in days:
            out["days"] += 1
            toolkit = EhrToolkit(store.view(pid, day))
            seen: set[tuple[str, str]] = set()
            for name, call_args in CALLS:
                result = toolkit.call(name, call_args)
                out["tool_texts_later"] += bool(dates_after(result.text, day))
                res = result.resource
                entries = (
                    [e["resource"] for e in res.get("entry", [])]
                    if res.get("resourceType") == "Bundle"
                    else [res]
                )
                for r in entries:
                    key = (r.get("resourceType", ""), str(r.get("id")))
                    if key in seen:
                        continue
                    seen.add(key)
                    out["tool_resources"] += 1
                    if dates_after(json.dumps(r), day):
                        out["tool_resources_later"] += 1
                        paths.update(_later_paths(r, day, key[0]))
            for r in store.view(pid, day).visible_resources():
                out["memory_resources"] += 1
                out["memory_later"] += bool(dates_after(json.dumps(r), day))
                ref = r.get("encounter") or r.get("context")
                enc = reference_id(ref, "Encounter") if isinstance(ref, dict) else None
                if enc and starts.get(enc, "") > day:
                    out["memory_of_later_encounters"] += 1
                    out[f"memory_of_later_encounters:{r['resourceType']}"] += 1
    report = {"counts": dict(out), "later_elements": dict(paths.most_common())}
    print(json.dumps(report, indent=1))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(report, fh, indent=1)


if __name__ == "__main__":
    main()
