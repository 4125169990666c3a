"""GRPO's group-relative advantages from a verifiers run of ``physassist``.

A GRPO step samples a group of rollouts per task (``vf-eval physassist -r G``, or the
verifiers env server a trainer such as prime-rl drives) and weights each rollout's
tokens by its advantage: its reward minus the group's mean, divided by the group's
standard deviation. This script reads a run's ``traces.jsonl`` and prints, per task,
the rewards and advantages a trainer would use, and the share of groups with no reward
spread (they carry no gradient).

    python training/vf_advantages.py runs/vf/*/traces.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

EPS = 1e-4


def group_rewards(path: Path) -> dict[str, list[float]]:
    """``task key -> rewards`` of every finished rollout in a ``traces.jsonl``."""
    groups: dict[str, list[float]] = defaultdict(list)
    for line in path.read_text().splitlines():
        for trace in json.loads(line)["traces"]:
            reward = (trace.get("rewards") or {}).get("physassist_score")
            if trace.get("ok") and reward is not None:
                groups[trace["task"]["key"]].append(float(reward["score"]))
    return dict(groups)


def advantages(rewards: list[float]) -> list[float]:
    """GRPO's ``(r - mean) / (std + eps)`` within one group."""
    mean = statistics.fmean(rewards)
    std = statistics.pstdev(rewards) if len(rewards) > 1 else 0.0
    return [(r - mean) / (std + EPS) for r in rewards]


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit 2 when the file holds no scored rollout."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("traces", type=Path, help="a vf-eval run's traces.jsonl")
    args = p.parse_args(argv)
    groups = group_rewards(args.traces)
    if not groups:
        print(f"no scored rollout in {args.traces}")
        return 2
    flat = 0
    for key, rewards in sorted(groups.items()):
        adv = advantages(rewards)
        flat += max(rewards) == min(rewards)
        shown = "  ".join(
            f"{r:.3f}/{a:+.2f}" for r, a in zip(rewards, adv, strict=True)
        )
        print(f"{key:<40} reward/advantage: {shown}")
    n = sum(len(r) for r in groups.values())
    mean = statistics.fmean(r for rs in groups.values() for r in rs)
    print(
        f"{len(groups)} groups, {n} rollouts, mean reward {mean:.3f}; "
        f"{flat} groups without reward spread (no gradient)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
