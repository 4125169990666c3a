"""Knowledge-free policies and outcome baselines: does the benchmark need clinical reasoning?

Runs, on the test split and through the real evaluation path
(:func:`physassist_env.evaluation.runner.run_episode`, i.e. the rewards ``PhysAssist-v0``
pays with the rule grader and the scripted patient): the oracle, the heuristic, the
knowledge-free policy (topic guessed from the request, and told the topic), the extractor,
no-tool and cannot-determine. Prints one table per language with mRS, Pass@Turn(0.75),
Pass@Session(0.75) and mRS on CR turns, the knowledge-free classifier's topic accuracy,
and the data-only baselines on decision items (majority outcome, chart marker) with the
per-topic outcome table (:mod:`physassist_env.agents.knowledge_free.outcomes`). The
knowledge-free policies are fitted on the train split of ``--fit-dataset`` (default: the
dataset itself) and the fit is cached (``$PHYSASSIST_CACHE/knowledge_free``).

Run::

    python benchmarks/knowledge_free.py --dataset /path/to/build --out kf.json
    python benchmarks/knowledge_free.py --dataset D --languages en --limit 40
    python benchmarks/knowledge_free.py --dataset MIMIC --fit-dataset DEFAULT   # fit elsewhere
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

THRESHOLD = 0.75
TASK_TYPES = ("IL", "DG", "CR", "WU")
AGENTS = (
    "oracle",
    "heuristic",
    "knowledge-free",
    "knowledge-free-told-topic",
    "extractor",
    "no-tool",
    "cannot-determine",
)


def make_parser() -> argparse.ArgumentParser:
    """Command-line parser."""
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--dataset", default=None, help="a built dataset (default: the embedded one)"
    )
    p.add_argument(
        "--fit-dataset",
        default=None,
        help="fit the knowledge-free policies on this dataset's train split (default: --dataset)",
    )
    p.add_argument("--languages", nargs="+", default=["en", "zh"], choices=["en", "zh"])
    p.add_argument(
        "--limit", type=int, default=None, help="only the first N test sessions"
    )
    p.add_argument("--agents", nargs="+", default=list(AGENTS), choices=list(AGENTS))
    p.add_argument(
        "--max-sessions", type=int, default=None, help="train sessions the fit may play"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=None, help="write the full result as JSON")
    return p


def _agent(name: str, fit_path: str, max_sessions: int | None) -> Any:
    from physassist_env.agents import make_agent
    from physassist_env.validate import CannotDetermineAgent

    if name == "cannot-determine":
        return CannotDetermineAgent()
    if name == "knowledge-free-told-topic":
        return make_agent(
            "knowledge-free",
            dataset=fit_path,
            topic_oracle=True,
            max_sessions=max_sessions,
        )
    if name in ("knowledge-free", "extractor"):
        return make_agent(name, dataset=fit_path, max_sessions=max_sessions)
    return make_agent(name)


def run_agent(
    name: str,
    dataset: Path,
    fit_path: str,
    sessions: list[str],
    languages: list[str],
    *,
    seed: int,
    max_sessions: int | None,
) -> tuple[list[Any], int]:
    """Every turn result of ``name`` over sessions x languages, and the failed episodes."""
    from physassist_env.evaluation.records import EvalConfig
    from physassist_env.evaluation.runner import run_episode

    config = EvalConfig(
        run_id=f"knowledge-free-bench/{name}",
        dataset=str(dataset),
        split="test",
        languages=languages,
        agent={"name": "oracle" if name == "oracle" else "no-tool", "args": {}},
        seed=seed,
    )
    results, failed = [], 0
    for lang in languages:
        for sid in sessions:
            try:
                record = run_episode(
                    config, (sid, lang, 0), _agent(name, fit_path, max_sessions)
                )
            except Exception as exc:  # counted and reported, the table goes on
                print(
                    f"{name} {sid}/{lang}: {type(exc).__name__}: {exc}", file=sys.stderr
                )
                failed += 1
                continue
            results += [t.result for t in record.turns]
    return results, failed


def table(
    results: list[Any], language: str, topics: dict[tuple[str, int], str] | None = None
) -> dict[str, Any]:
    """mRS, Pass@Turn(0.75), Pass@Session(0.75), mRS on CR turns, mRS and share of turns
    per task type, and (given ``topics``: (session, turn) -> topic) mRS and turns per
    topic, in one language."""
    from physassist_env.grading import mrs, pass_at_session, pass_at_turn

    rows = [r for r in results if r.language == language]
    cr = [r for r in rows if r.task_type == "CR"]

    def r4(x: float | None) -> float | None:
        return None if x is None else round(x, 4)

    return {
        "mRS": r4(mrs(rows)),
        "pass_at_turn": r4(pass_at_turn(rows, THRESHOLD)),
        "pass_at_session": r4(pass_at_session(rows, THRESHOLD)),
        "mRS_CR": r4(mrs(cr)),
        "turns": len(rows),
        "by_task_type": {
            t: {
                "mRS": r4(mrs([r for r in rows if r.task_type == t])),
                "share": round(sum(r.task_type == t for r in rows) / len(rows), 4)
                if rows
                else None,
            }
            for t in TASK_TYPES
        },
    } | ({"by_topic": by_topic(rows, topics)} if topics else {})


def by_topic(
    rows: list[Any], topics: dict[tuple[str, int], str]
) -> dict[str, dict[str, float | int | None]]:
    """mRS and turn count per topic (the turn's topic from the test sessions)."""
    from physassist_env.grading import mrs

    groups: dict[str, list[Any]] = {}
    for r in rows:
        groups.setdefault(topics.get((r.session_id, r.turn_index), "?"), []).append(r)
    return {
        t: {"mRS": None if (m := mrs(g)) is None else round(m, 4), "turns": len(g)}
        for t, g in sorted(groups.items())
    }


def topic_accuracy(
    fit_path: str, test: list[Any], languages: list[str], max_sessions: int | None
) -> dict[str, float]:
    """Share of test turns whose topic the knowledge-free classifier guesses right."""
    from physassist_env.agents.knowledge_free import fitted_table
    from physassist_env.agents.knowledge_free.plan import Planner

    planner = Planner(fitted_table(fit_path, max_sessions=max_sessions))
    out = {}
    for lang in languages:
        turns = [t for s in test for t in s.turns]
        hits = sum(
            planner.topic(t.request.get(lang), t.index, lang) == t.topic for t in turns
        )
        out[lang] = round(hits / len(turns), 4) if turns else 0.0
    return out


def main(args: argparse.Namespace) -> dict[str, Any]:
    """Run everything and return the result (printed as Markdown by :func:`render`)."""
    from physassist_env.agents.knowledge_free import fitted_table
    from physassist_env.agents.knowledge_free.outcomes import evaluate
    from physassist_env.env.data import resolve, split_data

    dataset = resolve(args.dataset)
    fit_path = str(resolve(args.fit_dataset) if args.fit_dataset else dataset)
    test = split_data(dataset, "test").sessions
    test = test[: args.limit] if args.limit else test
    ids = [s.session_id for s in test]
    topics = {(s.session_id, t.index): t.topic for s in test for t in s.turns}
    t0 = time.perf_counter()
    fitted = fitted_table(fit_path, max_sessions=args.max_sessions)
    fit_seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "dataset": str(dataset),
        "fit_dataset": fit_path,
        "test_sessions": len(ids),
        "languages": args.languages,
        "fit": fitted["fit"],
        "fit_seconds_this_run": round(fit_seconds, 1),
        "agents": {},
    }
    for name in args.agents:
        t1 = time.perf_counter()
        results, failed = run_agent(
            name,
            dataset,
            fit_path,
            ids,
            args.languages,
            seed=args.seed,
            max_sessions=args.max_sessions,
        )
        out["agents"][name] = {
            lang: table(results, lang, topics) for lang in args.languages
        } | {"failed_episodes": failed, "seconds": round(time.perf_counter() - t1, 1)}
        print(f"ran {name}: {out['agents'][name]}", file=sys.stderr)
    out["topic_accuracy"] = topic_accuracy(
        fit_path, test, args.languages, args.max_sessions
    )
    train = split_data(Path(fit_path), "train").sessions
    out["outcomes"] = evaluate(train, test, fitted["entities"]["rows"], args.languages)
    return out


def render(result: dict[str, Any]) -> str:
    """The result as Markdown tables."""
    lines = [
        f"# Knowledge-free check: {result['dataset']} (test, {result['test_sessions']} sessions)",
        "",
        f"Fitted on the train split of {result['fit_dataset']}: {result['fit']['sample_sessions']} "
        f"of {result['fit']['train_sessions']} train sessions played per language, "
        f"{result['fit']['gradings']} candidate gradings, {result['fit']['seconds']} s.",
        "",
    ]
    for lang in result["languages"]:
        lines += [
            f"## {lang}",
            "",
            "| policy | mRS | Pass@Turn(0.75) | Pass@Session(0.75) | mRS on CR turns "
            "| mRS on IL / DG / CR / WU turns |",
            "|---|---|---|---|---|---|",
        ]
        for name, per in result["agents"].items():
            row = per[lang]
            cells = [
                "-" if row[k] is None else f"{row[k]:.3f}"
                for k in ("mRS", "pass_at_turn", "pass_at_session", "mRS_CR")
            ]
            by = row.get("by_task_type", {})
            cells.append(
                " / ".join(
                    "-" if by.get(t, {}).get("mRS") is None else f"{by[t]['mRS']:.3f}"
                    for t in TASK_TYPES
                )
            )
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        shares = next(iter(result["agents"].values()), {}).get(lang, {})
        if shares.get("by_task_type"):
            lines += [
                "",
                "Turns per task type: "
                + ", ".join(
                    f"{t} {100 * shares['by_task_type'][t]['share']:.1f} %"
                    for t in TASK_TYPES
                    if shares["by_task_type"][t]["share"] is not None
                )
                + ".",
            ]
        names = [n for n, per in result["agents"].items() if per[lang].get("by_topic")]
        if names:
            lines += [
                "",
                "| topic | turns | " + " | ".join(names) + " |",
                "|---|---|" + "---|" * len(names),
            ]
            first = result["agents"][names[0]][lang]["by_topic"]
            for topic, row in first.items():
                cells = [
                    result["agents"][n][lang]["by_topic"].get(topic, {}).get("mRS")
                    for n in names
                ]
                lines.append(
                    f"| {topic} | {row['turns']} | "
                    + " | ".join("-" if c is None else f"{c:.3f}" for c in cells)
                    + " |"
                )
        oc = result["outcomes"][lang]
        lines += [
            "",
            f"Topic guessed right (knowledge-free classifier): {result['topic_accuracy'][lang]:.3f}. "
            f"Decision items on test: {oc['items']}; majority-outcome accuracy "
            f"{oc['majority_outcome']:.3f}, chart-marker accuracy {oc['chart_marker']:.3f}.",
            "",
            "| topic | decision items | test majority share | majority-outcome acc | chart-marker acc |",
            "|---|---|---|---|---|",
        ]
        for topic, row in oc["topics"].items():
            lines.append(
                f"| {topic} | {row['items']} | {row['majority_share']:.3f} | "
                f"{row['majority_outcome']:.3f} | {row['chart_marker']:.3f} |"
            )
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    ns = make_parser().parse_args()
    res = main(ns)
    print(render(res))
    if ns.out:
        Path(ns.out).write_text(
            json.dumps(res, indent=2, ensure_ascii=False), encoding="utf-8"
        )
