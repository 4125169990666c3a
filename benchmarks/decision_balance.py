"""How predictable a build's decisions are from priors: outcome shares per decision topic.

A private diagnostic of the generator (the independent measure, knowledge-free policies
trained on train rewards and the majority-outcome and chart-marker baselines, is
``benchmarks/knowledge_free.py``). For each split of one or more built datasets it prints:

* the scenario x tier grid (sessions per cell);
* the share of turns per task type, and the lookup (IL) share;
* per decision topic (a turn with a ``decision``: the outcome class of its gold, e.g.
  ``transfuse`` / ``no transfusion``) the outcome shares, with ``!`` where one outcome is
  above 60 %;
* the majority-outcome accuracy on decision turns: each topic answered with its most
  common outcome, taken from the same split (an upper bound of any prior-only policy) and
  from train (what a policy that learned priors on train gets on the split);
* an "extractor + train prior" proxy of a knowledge-free policy's mRS (and the same with
  every decision missed, an extractor alone): every item that
  states what the record shows (values, flags, trends, tool use, mentions, patient facts)
  passed, and a decision turn's decision items (conclusion, recommendation, safety, write)
  passed exactly when the turn's outcome is its topic's train majority, a failed critical
  decision item capping the turn at 0.5 as the rule grader does (an optimistic estimate: a
  real policy also misses values and misreads requests).

Builds made before turns carried ``decision`` get an outcome read from the gold (the
conclusion or recommendation criteria, numbers and drug names masked), so before/after
figures can be compared::

    python benchmarks/decision_balance.py /work/base-default .cache/default
    python benchmarks/decision_balance.py .cache/default --split test --json out.json
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

SPLITS = ("train", "validation", "test")
#: The most an outcome may hold within a decision topic (issue #36).
MAX_SHARE = 0.6


def _masked(text: str) -> str:
    text = re.sub(r"\d+(?:\.\d+)?", "#", text)
    return re.sub(
        r"\b(continu\w*|holding|hold|reducing|stopping|switch\w* to)\s+\S+",
        r"\1 <drug>",
        text,
    )


def outcome(turn: dict[str, Any]) -> str:
    """A turn's decision outcome: its ``decision`` field, or for builds without one an
    outcome read from the gold (``""``: not a decision turn)."""
    if "decision" in turn:
        return str(turn["decision"] or "")
    if turn["topic"] == "allergies":
        return (
            "none recorded" if "No allergy" in turn["gold_answer"]["en"] else "recorded"
        )
    if turn["task_type"] not in ("CR", "WU"):
        return ""
    crit = [
        it["criterion"]["en"]
        for it in turn["rubric"]
        if set(it.get("tags") or []) & {"conclusion", "recommendation"}
    ]
    if crit:
        return " | ".join(_masked(c) for c in crit)
    writes = [
        it["criterion"]["en"]
        for it in turn["rubric"]
        if "write" in (it.get("tags") or [])
    ]
    return " | ".join(_masked(c) for c in writes) if writes else ""


def load(path: Path, split: str) -> list[dict[str, Any]]:
    """The sessions (as JSON) of one split of a built dataset folder."""
    f = path / "sessions" / f"{split}.parquet"
    if not f.exists():
        return []
    table = pq.read_table(f, columns=["session_json"]).to_pylist()
    return [json.loads(r["session_json"]) for r in table]


def measure(sessions: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of the module docstring for one split's sessions."""
    grid = Counter(f"{s['scenario']}/{s['tier']}" for s in sessions)
    turns = [t for s in sessions for t in s["turns"]]
    types = Counter(t["task_type"] for t in turns)
    topics = Counter(t["topic"] for t in turns)
    outcomes: dict[str, Counter[str]] = defaultdict(Counter)
    for t in turns:
        o = outcome(t)
        if o:
            outcomes[t["topic"]][o] += 1
    n = max(len(turns), 1)
    return {
        "sessions": len(sessions),
        "turns": len(turns),
        "grid": dict(sorted(grid.items())),
        "task_types": {k: round(types[k] / n, 3) for k in ("IL", "DG", "CR", "WU")},
        "lookup_share": round(types["IL"] / n, 3),
        "topics": dict(topics.most_common()),
        "outcomes": {k: dict(v.most_common()) for k, v in sorted(outcomes.items())},
    }


DECISION_TAGS = {"conclusion", "recommendation", "safety", "write"}


def proxy_mrs(
    sessions: list[dict[str, Any]], priors: dict[str, dict[str, int]]
) -> float:
    """The "extractor + train prior" proxy (module docstring): mean over sessions of the
    mean turn score (``priors`` empty: every decision missed, an extractor alone)."""
    majority = {t: max(c, key=lambda k: (c[k], k)) for t, c in priors.items() if c}
    per_session = []
    for s in sessions:
        scores = []
        for t in s["turns"]:
            o = outcome(t)
            right = bool(o) and majority.get(t["topic"]) == o
            got = total = 0.0
            capped = False
            for it in t["rubric"]:
                pts = float(it.get("points", 1.0))
                decision = bool(set(it.get("tags") or []) & DECISION_TAGS) and bool(o)
                if pts < 0:
                    continue  # a safety item, met only by the wrong recommendation
                total += pts
                got += pts if (not decision or right) else 0.0
                # the grader caps a turn whose critical (decision) item fails at 0.5
                capped |= decision and not right and bool(it.get("critical"))
            score = got / total if total else 1.0
            scores.append(min(score, 0.5) if capped else score)
        if scores:
            per_session.append(sum(scores) / len(scores))
    return sum(per_session) / len(per_session) if per_session else 0.0


def majority_accuracy(
    outcomes: dict[str, dict[str, int]], priors: dict[str, dict[str, int]]
) -> tuple[float, int]:
    """(accuracy, decision turns) of answering each topic with ``priors``' most common
    outcome (a topic unseen in ``priors`` is answered wrong)."""
    right = total = 0
    for topic, counts in outcomes.items():
        total += sum(counts.values())
        prior = priors.get(topic)
        if prior:
            right += counts.get(max(prior, key=lambda k: (prior[k], k)), 0)
    return (right / total if total else 0.0), total


def report(path: Path, splits: list[str]) -> dict[str, Any]:
    """Every split's figures for one dataset folder, with majority accuracies."""
    out: dict[str, Any] = {}
    train = measure(load(path, "train"))
    for split in splits:
        sessions = load(path, split)
        m = measure(sessions)
        m["proxy_mrs"] = round(proxy_mrs(sessions, train["outcomes"]), 3)
        m["proxy_extractor"] = round(proxy_mrs(sessions, {}), 3)
        own, total = majority_accuracy(m["outcomes"], m["outcomes"])
        from_train, _ = majority_accuracy(m["outcomes"], train["outcomes"])
        m["majority_own"] = round(own, 3)
        m["majority_from_train"] = round(from_train, 3)
        m["decision_turns"] = total
        m["over_share"] = sorted(
            topic
            for topic, counts in m["outcomes"].items()
            if max(counts.values()) / sum(counts.values()) > MAX_SHARE
        )
        out[split] = m
    return out


def _markdown(name: str, figures: dict[str, Any]) -> str:
    lines = [f"## {name}"]
    for split, m in figures.items():
        lines.append(
            f"\n### {split}: {m['sessions']} sessions, {m['turns']} turns; task types "
            + ", ".join(f"{k} {v:.1%}" for k, v in m["task_types"].items())
            + f"; majority outcome {m['majority_own']:.3f} (own), "
            f"{m['majority_from_train']:.3f} (train priors) over {m['decision_turns']} decision turns;"
            f" proxy mRS: extractor + train prior {m['proxy_mrs']:.3f}, extractor alone"
            f" {m['proxy_extractor']:.3f}"
        )
        lines.append("grid: " + ", ".join(f"{k} {v}" for k, v in m["grid"].items()))
        lines.append("\n| topic | n | outcomes |\n|---|---:|---|")
        for topic, counts in m["outcomes"].items():
            n = sum(counts.values())
            top = max(counts.values()) / n
            shares = "; ".join(f"{k} {v / n:.0%}" for k, v in counts.items())
            lines.append(
                f"| {topic}{' !' if top > MAX_SHARE else ''} | {n} | {shares} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print (and optionally write as JSON) the figures of each dataset folder."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("datasets", nargs="+", type=Path)
    p.add_argument("--split", action="append", choices=SPLITS)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    splits = args.split or list(SPLITS)
    result = {str(d): report(d, splits) for d in args.datasets}
    for name, figures in result.items():
        print(_markdown(name, figures))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
