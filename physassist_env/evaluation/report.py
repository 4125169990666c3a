"""Reports over evaluation runs: the paper's main table, breakdowns, pass^k, plots.

:func:`build_report` reads one or several run folders (``config.json`` +
``episodes.jsonl``, see :mod:`physassist_env.evaluation.records`) and computes every
number with :mod:`physassist_env.grading.metrics` (no metric is re-implemented here);
:func:`render_markdown` lays them out as in the paper (several runs side by side) and
:func:`render_plots` draws PNG figures with matplotlib's Agg backend.

The report is a JSON-serialisable dict::

    {"n_boot": 1000, "seed": 0, "thresholds": ["0.60", "0.75"],
     "runs": [{"run": "runs/x", "label": "x", "config": {...},
               "main": {lang: {"mRS": {"L1", "L2", "L3", "all"},
                               "pass_at_turn": {"0.60", "0.75"},
                               "pass_at_session": {"0.60", "0.75"}}},
               "breakdowns": {"scenario": ..., "task_type": ..., ...},
               "tools": {lang: {...}},
               "pass_hat_k": {lang: {"0.60": {"1": .., "2": ..}, "0.75": {...}}},
               "usage": {...},                # tokens, time and cost, see below
               "agreement": {...}}]}          # only for a judge-graded run, see below
     "usage_by_model": [...]}

Usage: every turn of a run records what the agent spent on it (``TurnUsage``: requests,
prompt / completion / cached tokens, seconds inside the agent). ``usage`` sums them per
episode (a session in one language and trial; ``sessions`` lists each) and over the run
(``totals``, and ``per_session`` mean / median / max). With a price table
(:func:`load_prices`: USD per million tokens per model) it adds ``cost``. Runs recorded
before usage was have ``recorded_episodes`` 0 and ``None`` token counts.

Every ``main`` cell is ``{"value", "lo", "hi"}`` (the statistic and its 95% percentile
bootstrap interval over session ids); a cell without data is ``None`` throughout.

Rule-vs-judge agreement: a run graded by the judge gets an ``agreement`` section when
rule verdicts for the *same outputs* are available, i.e. another run of the report was
graded by the rules on the same dataset and split and some of its turns have exactly
the same answer and tool calls (same session, language, trial and turn), as a
deterministic agent gives. Items of those turns are compared with
:func:`physassist_env.grading.agreement.agreement` (rules as the reference). A run with
only one grader has no ``agreement`` key.
"""

from __future__ import annotations

import json
import logging
import math
from pathlib import Path
from typing import Any

from physassist_env.dataset.review.reviewed_ids import reviewed_session_ids
from physassist_env.evaluation.records import (
    CONFIG,
    EPISODES,
    EpisodeRecord,
    EvalConfig,
    read_config,
    read_episodes,
    turn_results,
)
from physassist_env.grading.agreement import agreement
from physassist_env.grading.grader import ItemGrade
from physassist_env.grading.metrics import (
    THRESHOLDS,
    TIERS,
    breakdown,
    group_sessions,
    main_table_ci,
    pass_hat_k,
    tool_statistics,
)
from physassist_env.paths import (
    make_private_dir,
    open_safe,
    sweep_partial_files,
    write_text_safe,
)

log = logging.getLogger(__name__)

#: Breakdowns every report holds (fields of :class:`TurnResult`).
BREAKDOWNS: tuple[str, ...] = (
    "scenario",
    "tier",
    "task_type",
    "implicitness",
    "literacy",
    "turn_index",
)
_THR = tuple(f"{t:.2f}" for t in THRESHOLDS)


class NotARunError(ValueError):
    """A folder given to the report or the viewer is not an evaluation run."""


def check_run(run: str | Path) -> Path:
    """Return ``run`` as a path after checking that it is a run folder.

    Raises:
        NotARunError: If the folder is missing or has no ``config.json``.
    """
    path = Path(run)
    if not path.is_dir():
        raise NotARunError(f"{path} is not a folder (expected an evaluation run)")
    if not (path / CONFIG).exists():
        raise NotARunError(
            f"{path} is not an evaluation run (no {CONFIG}); make one with "
            f"`physassist eval --out {path}`"
        )
    return path


def config_summary(config: EvalConfig, records: list[EpisodeRecord]) -> dict[str, Any]:
    """What a reader needs to know about a run (agent, model, grader, k, size)."""
    args = config.agent.get("args") or {}
    grader_args = config.grader.get("args") or {}
    ok = [r for r in records if r.error is None]
    return {
        "run_id": config.run_id,
        "agent": config.agent.get("name"),
        "model": args.get("model"),
        "grader": config.grader.get("name"),
        "judge_model": grader_args.get("model"),
        "k": config.k,
        "languages": list(config.languages),
        "split": config.split,
        "dataset": config.dataset,
        "patient": config.patient,
        "history": config.history,
        "max_tool_calls_per_turn": config.max_tool_calls_per_turn,
        "episodes": len(ok),
        "failed_episodes": len(records) - len(ok),
        "turns": sum(len(r.turns) for r in ok),
        "package_version": config.versions.get("physassistbench"),
        "tools": ((config.preflight or {}).get("facts") or {}).get("tools"),
        "preflight_notes": list((config.preflight or {}).get("notes") or []),
    }


# ---------------------------------------------------------------- usage and cost
TOKEN_KEYS = ("prompt_tokens", "completion_tokens", "cached_tokens")
USAGE_KEYS = ("requests", *TOKEN_KEYS, "agent_seconds", "seconds")
#: Fields of a price table entry (USD per million tokens); ``cached_input`` optional.
PRICE_FIELDS = ("input", "output", "cached_input")


def load_prices(path: str | Path) -> dict[str, dict[str, float]]:
    """A price table: ``{MODEL: {"input": USD, "output": USD, "cached_input": USD}}``.

    Prices are USD per million tokens; ``cached_input`` (prompt tokens the server
    served from its cache) defaults to ``input``. MODEL is a run's model name (its
    ``--model``) or its label.

    Raises:
        ValueError: A file that is not such a table, naming the entry and the shape.
    """
    shape = '{"MODEL": {"input": USD_PER_1M, "output": USD_PER_1M, "cached_input": USD_PER_1M}}'
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"--prices {path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"--prices {path}: not readable JSON ({exc})") from None
    if not isinstance(data, dict) or not data:
        raise ValueError(f"--prices {path}: expected a JSON object {shape}")
    out: dict[str, dict[str, float]] = {}
    for model, entry in data.items():
        if not isinstance(entry, dict):
            raise ValueError(
                f"--prices {path}: {model!r} must be an object like {shape[11:-1]}; got {entry!r}"
            )
        unknown = sorted(set(entry) - set(PRICE_FIELDS))
        missing = [k for k in ("input", "output") if k not in entry]
        bad = [
            k
            for k, v in entry.items()
            if k in PRICE_FIELDS
            and (isinstance(v, bool) or not isinstance(v, int | float) or v < 0)
        ]
        if unknown or missing or bad:
            what = "; ".join(
                x
                for x in (
                    f"unknown field(s) {', '.join(unknown)}" if unknown else "",
                    f"missing {', '.join(missing)}" if missing else "",
                    f"{', '.join(bad)} must be numbers >= 0" if bad else "",
                )
                if x
            )
            raise ValueError(
                f"--prices {path}: {model!r}: {what}; expected {shape[11:-1]} (USD per million tokens)"
            )
        out[str(model)] = {
            "input": float(entry["input"]),
            "output": float(entry["output"]),
            "cached_input": float(entry.get("cached_input", entry["input"])),
        }
    return out


def episode_usage(record: EpisodeRecord) -> dict[str, Any]:
    """What one episode cost: requests, tokens, seconds in the agent and in total."""
    row: dict[str, Any] = {
        "session_id": record.session_id,
        "language": record.language,
        "trial": record.trial,
        "recorded": any(t.usage is not None for t in record.turns),
        "requests": 0,
        "prompt_tokens": None,
        "completion_tokens": None,
        "cached_tokens": None,
        "agent_seconds": 0.0,
        "seconds": record.seconds,
    }
    for turn in record.turns:
        if turn.usage is None:
            continue
        row["requests"] += turn.usage.requests
        row["agent_seconds"] = round(row["agent_seconds"] + turn.usage.seconds, 4)
        for key in TOKEN_KEYS:
            value = getattr(turn.usage, key)
            if value is not None:
                row[key] = (row[key] or 0) + value
    return row


def _cost(totals: dict[str, Any], price: dict[str, float]) -> float | None:
    """USD of ``totals`` at ``price`` (per million tokens); ``None`` without token counts."""
    prompt, completion = totals.get("prompt_tokens"), totals.get("completion_tokens")
    if prompt is None or completion is None:
        return None
    cached = min(totals.get("cached_tokens") or 0, prompt)
    return (
        (prompt - cached) * price["input"]
        + cached * price["cached_input"]
        + completion * price["output"]
    ) / 1e6


def _stats(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"mean": None, "median": None, "max": None}
    ordered = sorted(values)
    mid = len(ordered) // 2
    median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    return {"mean": sum(values) / len(values), "median": median, "max": ordered[-1]}


def usage_summary(
    records: list[EpisodeRecord], price: dict[str, float] | None = None
) -> dict[str, Any]:
    """Tokens, time and (with ``price``) cost of a run's finished episodes.

    Returns:
        ``{"episodes", "recorded_episodes", "totals": {...}, "per_session": {key:
        {"mean", "median", "max"}}, "cost": {...} | None, "sessions": [...]}``; token
        totals are ``None`` when no episode reported them.
    """
    rows = [episode_usage(r) for r in records if r.error is None]
    recorded = [r for r in rows if r["recorded"]]
    totals: dict[str, Any] = {
        "requests": sum(r["requests"] for r in rows),
        "agent_seconds": round(sum(r["agent_seconds"] for r in rows), 3),
        "seconds": round(sum(r["seconds"] for r in rows), 3),
    }
    for key in TOKEN_KEYS:
        values = [r[key] for r in rows if r[key] is not None]
        totals[key] = sum(values) if values else None
    per_session = {
        key: _stats([float(r[key]) for r in recorded if r[key] is not None])
        for key in USAGE_KEYS
    }
    per_session["seconds"] = _stats([float(r["seconds"]) for r in rows])
    cost = None
    if price is not None:
        usd = _cost(totals, price)
        cost = {
            "usd": usd,
            "usd_per_session": None if usd is None or not rows else usd / len(rows),
            "price": dict(price),
        }
    return {
        "episodes": len(rows),
        "recorded_episodes": len(recorded),
        "totals": totals,
        "per_session": per_session,
        "cost": cost,
        "sessions": rows,
    }


def usage_by_model(report_runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The runs' usage summed per (agent, model)."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for run in report_runs:
        key = (str(run["config"]["agent"]), str(run["config"]["model"] or "–"))
        usage = run["usage"]
        group = groups.setdefault(
            key,
            {
                "agent": key[0],
                "model": key[1],
                "runs": [],
                "episodes": 0,
                **{k: None for k in TOKEN_KEYS},
                "requests": 0,
                "agent_seconds": 0.0,
                "seconds": 0.0,
                "usd": None,
            },
        )
        group["runs"].append(run["label"])
        group["episodes"] += usage["episodes"]
        for k in ("requests", "agent_seconds", "seconds"):
            group[k] = round(group[k] + usage["totals"][k], 3)
        for k in TOKEN_KEYS:
            if usage["totals"][k] is not None:
                group[k] = (group[k] or 0) + usage["totals"][k]
        usd = (usage.get("cost") or {}).get("usd")
        if usd is not None:
            group["usd"] = (group["usd"] or 0.0) + usd
    return list(groups.values())


def _price_for(
    prices: dict[str, dict[str, float]] | None, config: EvalConfig, label: str
) -> dict[str, float] | None:
    if not prices:
        return None
    model = (config.agent.get("args") or {}).get("model")
    for key in (model, label):
        if key is not None and str(key) in prices:
            return prices[str(key)]
    log.warning("no price for run %s (model %r) in the price table", label, model)
    return None


def _pass_hat(results: list[Any], k_max: int) -> dict[str, dict[str, Any]]:
    by_lang: dict[str, list[Any]] = {}
    for s in group_sessions(results):
        by_lang.setdefault(s.language, []).append(s)
    out: dict[str, dict[str, Any]] = {}
    for lang, sessions in sorted(by_lang.items()):
        out[lang] = {
            f"{t:.2f}": {
                str(k): pass_hat_k(sessions, k, t) for k in range(1, k_max + 1)
            }
            for t in THRESHOLDS
        }
    return out


def _turn_key(rec: EpisodeRecord, index: int) -> tuple[str, str, int, int]:
    return (rec.session_id, rec.language, rec.trial, index)


def _output_of(turn: Any) -> str:
    return json.dumps(
        [turn.answer, turn.tool_calls], sort_keys=True, ensure_ascii=False, default=str
    )


def _items(turn: Any) -> list[ItemGrade]:
    return [
        ItemGrade(
            id=i.id,
            met=bool(i.met),
            points=i.points,
            reason=i.reason,
            tags=list(i.tags),
            judged=i.met is not None,
        )
        for i in turn.result.items
    ]


def rule_judge_agreement(
    judge_records: list[EpisodeRecord], rule_records: list[EpisodeRecord]
) -> dict[str, Any] | None:
    """Item-level agreement on the turns two runs answered identically.

    Args:
        judge_records: Episodes of a run graded by the judge.
        rule_records: Episodes of a run graded by the rules (the reference).

    Returns:
        :func:`physassist_env.grading.agreement.agreement`'s dict plus ``"turns"`` (turns
        paired), or ``None`` when no turn has the same output in both runs.
    """
    rules = {
        _turn_key(r, t.index): t
        for r in rule_records
        if r.error is None
        for t in r.turns
    }
    left: list[ItemGrade] = []
    right: list[ItemGrade] = []
    paired = 0
    for rec in judge_records:
        if rec.error is not None:
            continue
        for t in rec.turns:
            other = rules.get(_turn_key(rec, t.index))
            if other is None or _output_of(other) != _output_of(t):
                continue
            a, b = _items(other), _items(t)
            if [i.id for i in a] != [i.id for i in b]:
                continue
            left.extend(a)
            right.extend(b)
            paired += 1
    if not paired:
        return None
    return {"turns": paired, **agreement(left, right)}


def _labels(paths: list[Path], configs: list[EvalConfig]) -> list[str]:
    labels = [c.run_id or p.name for p, c in zip(paths, configs, strict=True)]
    seen: dict[str, int] = {}
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
    out = []
    for i, (label, p) in enumerate(zip(labels, paths, strict=True)):
        out.append(label if seen[label] == 1 else f"{label} ({p.parent.name or i})")
    if len(set(out)) < len(out):
        out = [f"{label} #{i + 1}" for i, label in enumerate(out)]
    return out


def build_report(
    runs: list[Path],
    *,
    n_boot: int = 1000,
    seed: int = 0,
    prices: dict[str, dict[str, float]] | None = None,
    reviewed_only: bool = False,
) -> dict[str, Any]:
    """Compute the report of one or several runs.

    Args:
        runs: Run folders (each with ``config.json`` and ``episodes.jsonl``).
        n_boot: Bootstrap resamples for the confidence intervals.
        seed: Seed of the bootstrap generator (the report is reproducible).
        prices: A price table (:func:`load_prices`) for the cost estimate.
        reviewed_only: Score only the sessions clinicians fully reviewed in each run's
            dataset (:func:`~physassist_env.dataset.review.reviewed_ids.reviewed_session_ids`);
            each run then has ``reviewed_only: {"sessions", "episodes"}``.

    Returns:
        The JSON-serialisable report (layout in the module docstring).

    Raises:
        NotARunError: If a folder is not an evaluation run.
        ValueError: If ``runs`` is empty or ``n_boot < 1``, or with ``reviewed_only``
            when a run's dataset has no reviewed session.
    """
    if not runs:
        raise ValueError("give at least one run folder")
    if n_boot < 1:
        raise ValueError(f"n_boot must be >= 1, got {n_boot}")
    paths = [check_run(r) for r in runs]
    configs = [read_config(p) for p in paths]
    records = [read_episodes(p) for p in paths]
    kept: list[dict[str, int] | None] = [None] * len(paths)
    if reviewed_only:
        for k, (config, recs) in enumerate(zip(configs, records, strict=True)):
            ids = reviewed_session_ids(config.dataset)
            if not ids:
                raise ValueError(
                    f"--reviewed-only: the dataset {config.dataset} of {paths[k]} has no "
                    "fully reviewed session (physassist review, docs/review.md)"
                )
            records[k] = [r for r in recs if r.session_id in ids]
            kept[k] = {"sessions": len(ids), "episodes": len(records[k])}
    labels = _labels(paths, configs)
    out_runs: list[dict[str, Any]] = []
    for path, config, recs, label, only in zip(
        paths, configs, records, labels, kept, strict=True
    ):
        if not (path / EPISODES).exists() or not recs:
            log.warning("%s has no finished episode yet", path)
        results = turn_results(recs)
        entry: dict[str, Any] = {
            "run": str(path),
            "label": label,
            "config": config_summary(config, recs),
            "main": main_table_ci(results, n_boot=n_boot, seed=seed),
            "breakdowns": {by: breakdown(results, by) for by in BREAKDOWNS},
            "tools": tool_statistics(results),
            "pass_hat_k": _pass_hat(results, max(1, config.k)),
            "usage": usage_summary(recs, _price_for(prices, config, label)),
        }
        if only is not None:
            entry["reviewed_only"] = only
        if config.grader.get("name") != "rules":
            for other_cfg, other_recs, other_label in zip(
                configs, records, labels, strict=True
            ):
                if (
                    other_cfg.grader.get("name") == "rules"
                    and other_cfg.dataset == config.dataset
                    and other_cfg.split == config.split
                ):
                    agr = rule_judge_agreement(recs, other_recs)
                    if agr is not None:
                        entry["agreement"] = {"rules_run": other_label, **agr}
                        break
        out_runs.append(entry)
    return {
        "n_boot": n_boot,
        "seed": seed,
        "thresholds": list(_THR),
        "runs": out_runs,
        "usage_by_model": usage_by_model(out_runs),
    }


# ---------------------------------------------------------------- Markdown
def _num(v: float | int | None, digits: int = 3) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return f"{v:.{digits}f}"


def _cell(c: dict[str, Any] | None) -> str:
    if not c or c.get("value") is None:
        return "–"
    if c.get("lo") is None or c.get("hi") is None:
        return _num(c["value"])
    return f"{c['value']:.3f} [{c['lo']:.3f}, {c['hi']:.3f}]"


def _esc(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
    ]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def _languages(report: dict[str, Any]) -> list[str]:
    langs: set[str] = set()
    for run in report["runs"]:
        langs.update(run["main"])
    return sorted(langs)


MAIN_HEADER: list[str] = (
    ["Run"]
    + [f"mRS {t}" for t in (*TIERS, "all")]
    + [f"Pass@Turn {t}" for t in _THR]
    + [f"Pass@Session {t}" for t in _THR]
)


#: The report's abbreviations, spelled out once under the header (docs/grading.md,
#: "Scores", gives the formulas).
REPORT_TERMS = (
    "Terms: mRS = mean rubric score (each session's mean turn score, averaged over "
    "sessions); L1/L2/L3 = data-richness tiers (patient-interview turns required at L3); "
    "Pass@Turn t (P@T) = share of scored turns scoring >= t; Pass@Session t (P@S) = "
    "share of sessions whose every turn scores >= t; pass^k = chance that k independent "
    "trials of a session all pass it at t (unbiased estimate over sessions with k or "
    "more trials)."
)


def render_markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: run summary, main table per language, then breakdowns.

    The main table follows the paper's layout: one row per run, columns mRS for L1, L2,
    L3 and all tiers, Pass@Turn and Pass@Session at 0.60 and 0.75; each cell shows the
    value and its 95% bootstrap interval in brackets; ``–`` marks a cell without data.
    """
    runs = report["runs"]
    lines = ["# PhysAssistBench report", ""]
    lines += _table(
        [
            "Run",
            "Agent",
            "Model",
            "Grader",
            "k",
            "Languages",
            "Episodes",
            "Failed",
            "Turns",
        ],
        [
            [
                _esc(r["label"]),
                _esc(r["config"]["agent"]),
                _esc(r["config"]["model"] or "–"),
                _esc(r["config"]["grader"]),
                str(r["config"]["k"]),
                ",".join(r["config"]["languages"]),
                str(r["config"]["episodes"]),
                str(r["config"]["failed_episodes"]),
                str(r["config"]["turns"]),
            ]
            for r in runs
        ],
    )
    for r in runs:
        if "reviewed_only" in r:
            only = r["reviewed_only"]
            lines += [
                "",
                f"{_esc(r['label'])}: scores of the {only['episodes']} episodes of "
                f"clinician-reviewed sessions only ({only['sessions']} reviewed in the "
                "dataset; --reviewed-only).",
            ]
    for r in runs:
        for note in r["config"].get("preflight_notes") or []:
            lines += ["", f"- {_esc(r['label'])}: {_esc(note)}"]
    lines += [
        "",
        f"Cells: value [95% bootstrap interval over sessions, {report['n_boot']} "
        f"resamples, seed {report['seed']}].",
        "",
        REPORT_TERMS,
        "",
        "## Main table",
    ]
    for lang in _languages(report):
        lines += ["", f"### {lang.upper()}", ""]
        rows = []
        for r in runs:
            m = r["main"].get(lang)
            if m is None:
                continue
            rows.append(
                [_esc(r["label"])]
                + [_cell(m["mRS"].get(t)) for t in (*TIERS, "all")]
                + [_cell(m["pass_at_turn"].get(t)) for t in _THR]
                + [_cell(m["pass_at_session"].get(t)) for t in _THR]
            )
        lines += _table(MAIN_HEADER, rows)
    lines += ["", "## pass^k", ""]
    kmax = max((r["config"]["k"] for r in runs), default=1)
    header = ["Run", "Lang", "Threshold"] + [f"pass^{k}" for k in range(1, kmax + 1)]
    rows = []
    for r in runs:
        for lang, by_t in r["pass_hat_k"].items():
            for t, vals in by_t.items():
                rows.append(
                    [_esc(r["label"]), lang, t]
                    + [_num(vals.get(str(k))) for k in range(1, kmax + 1)]
                )
    lines += _table(header, rows)
    lines += ["", "## Breakdowns"]
    for by in BREAKDOWNS:
        for lang in _languages(report):
            values: list[str] = []
            for r in runs:
                for v in r["breakdowns"][by].get(lang, {}):
                    if v not in values:
                        values.append(v)
            if not values:
                continue
            lines += ["", f"### By {by.replace('_', ' ')} ({lang.upper()})", ""]
            header = [by]
            for r in runs:
                prefix = f"{r['label']} " if len(runs) > 1 else ""
                header += [f"{prefix}mRS", f"{prefix}P@T 0.75"]
                if by in ("scenario", "tier", "literacy"):
                    header.append(f"{prefix}P@S 0.75")
                header.append(f"{prefix}turns")
            rows = []
            for v in sorted(values):
                row = [_esc(v)]
                for r in runs:
                    cell = r["breakdowns"][by].get(lang, {}).get(v)
                    session_level = by in ("scenario", "tier", "literacy")
                    if cell is None:
                        row += ["–"] * (4 if session_level else 3)
                        continue
                    row += [_num(cell["mRS"]), _num(cell["pass_at_turn"].get("0.75"))]
                    if session_level:
                        row.append(_num(cell.get("pass_at_session", {}).get("0.75")))
                    row.append(str(cell["turns"]))
                rows.append(row)
            lines += _table([_esc(h) for h in header], rows)
    lines += ["", "## Tool statistics", ""]
    keys = [
        "turns",
        "calls_per_turn",
        "invalid_call_rate",
        "budget_exhaustion_rate",
        "clarifications_per_turn",
        "unjudged_items",
        "unscored_turns",
    ]
    rows = [
        [_esc(r["label"]), lang] + [_num(stats.get(k), 2) for k in keys]
        for r in runs
        for lang, stats in r["tools"].items()
    ]
    lines += _table(["Run", "Lang"] + keys, rows)
    lines += _usage_markdown(report)
    agreements = [r for r in runs if "agreement" in r]
    if agreements:
        lines += ["", "## Rule vs judge agreement", ""]
        rows = [
            [
                _esc(r["label"]),
                _esc(r["agreement"]["rules_run"]),
                str(r["agreement"]["turns"]),
                str(r["agreement"]["items"]),
                _num(r["agreement"]["accuracy"]),
                _num(r["agreement"]["cohen_kappa"]),
                str(r["agreement"]["unjudged"]),
            ]
            for r in agreements
        ]
        lines += _table(
            [
                "Judge run",
                "Rules run",
                "Turns",
                "Items",
                "Accuracy",
                "Cohen's kappa",
                "Unjudged",
            ],
            rows,
        )
    return "\n".join(lines) + "\n"


def _tokens(v: float | int | None) -> str:
    return "–" if v is None else f"{v:,.0f}"


def _usd(v: float | None) -> str:
    return "–" if v is None else f"{v:.4f}" if v < 1 else f"{v:,.2f}"


def _usage_markdown(report: dict[str, Any]) -> list[str]:
    """The usage section: per run, means per session (episode), totals and cost."""
    runs = report["runs"]
    lines = [
        "",
        "## Usage and cost",
        "",
        "Per session: a session in one language and trial (an episode), mean over the "
        "run's finished episodes. Agent s: seconds inside the agent (model calls "
        "included); s: the whole episode (tools, patient, grading too). Cost: USD from "
        "the price table (`--prices`); – without one or without token counts.",
        "",
    ]
    header = [
        "Run",
        "Model",
        "Episodes",
        "Requests / session",
        "Prompt tok / session",
        "Completion tok / session",
        "Cached %",
        "Agent s / session",
        "s / session",
        "Prompt tok total",
        "Completion tok total",
        "Cost USD",
        "USD / session",
    ]
    rows = []
    for r in runs:
        u = r["usage"]
        mean = {k: v["mean"] for k, v in u["per_session"].items()}
        t = u["totals"]
        cached = (
            "–"
            if not t["prompt_tokens"] or t["cached_tokens"] is None
            else f"{100 * t['cached_tokens'] / t['prompt_tokens']:.0f}"
        )
        cost = u.get("cost") or {}
        rows.append(
            [
                _esc(r["label"]),
                _esc(r["config"]["model"] or "–"),
                f"{u['episodes']}"
                + (
                    ""
                    if u["recorded_episodes"] == u["episodes"]
                    else f" ({u['recorded_episodes']} with usage)"
                ),
                _num(mean["requests"], 1),
                _tokens(mean["prompt_tokens"]),
                _tokens(mean["completion_tokens"]),
                cached,
                _num(mean["agent_seconds"], 2),
                _num(mean["seconds"], 2),
                _tokens(t["prompt_tokens"]),
                _tokens(t["completion_tokens"]),
                _usd(cost.get("usd")),
                _usd(cost.get("usd_per_session")),
            ]
        )
    lines += _table(header, rows)
    by_model = report.get("usage_by_model") or []
    if len(runs) > 1 and by_model:
        lines += ["", "### By model", ""]
        lines += _table(
            [
                "Agent",
                "Model",
                "Runs",
                "Episodes",
                "Requests",
                "Prompt tokens",
                "Completion tokens",
                "Cached tokens",
                "Agent seconds",
                "Cost USD",
            ],
            [
                [
                    _esc(g["agent"]),
                    _esc(g["model"]),
                    str(len(g["runs"])),
                    str(g["episodes"]),
                    str(g["requests"]),
                    _tokens(g["prompt_tokens"]),
                    _tokens(g["completion_tokens"]),
                    _tokens(g["cached_tokens"]),
                    _num(g["agent_seconds"], 1),
                    _usd(g["usd"]),
                ]
                for g in by_model
            ],
        )
    return lines


# ---------------------------------------------------------------- plots
def _series(report: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(legend label, run entry, language) for every run × language."""
    out = []
    for r in report["runs"]:
        for lang in sorted(r["main"]):
            out.append((f"{r['label']} ({lang})", r, lang))
    return out


#: What the breakdown codes mean (the plots' legends; docs/evaluation.md).
CODE_NAMES: dict[str, dict[str, str]] = {
    "task_type": {
        "IL": "IL information lookup",
        "DG": "DG data gathering",
        "CR": "CR clinical reasoning",
        "WU": "WU write/update",
    },
    "implicitness": {
        "explicit": "explicit",
        "NA": "NA nominal anaphora",
        "PE": "PE predicate ellipsis",
        "AE": "AE abstract anaphora",
    },
}
#: Extras that draw the plots (matplotlib).
PLOT_INSTALL = 'pip install "physassistbench[report]"'


def plots_available() -> bool:
    """Whether matplotlib is installed (without it reports are tables only)."""
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


def _bars(
    ax: Any,
    categories: list[str],
    series: list[tuple[str, list[float | None], list[tuple[float, float] | None]]],
) -> None:
    """Grouped bars with their values printed above them (3 decimals).

    A value of exactly 0 gets an outlined stub so that it reads as "0", not "missing";
    a missing value gets "n/a".
    """
    import numpy as np

    x = np.arange(len(categories))
    width = 0.8 / max(1, len(series))
    small = len(categories) * len(series) > 16
    for i, (label, values, cis) in enumerate(series):
        vals = [float("nan") if v is None else v for v in values]
        err = None
        if any(c is not None for c in cis):
            lo = [
                0.0 if c is None or v is None else max(0.0, v - c[0])
                for v, c in zip(values, cis, strict=True)
            ]
            hi = [
                0.0 if c is None or v is None else max(0.0, c[1] - v)
                for v, c in zip(values, cis, strict=True)
            ]
            err = [lo, hi]
        pos = x + (i - (len(series) - 1) / 2) * width
        bars = ax.bar(
            pos,
            [0.008 if v == 0 else v for v in vals],  # a stub, labelled 0.000
            width,
            label=label,
            yerr=err,
            capsize=2 if err else 0,
            edgecolor="black",
            linewidth=0.5,
        )
        tops = [
            (v if v is not None else 0.0) + (e if err else 0.0)
            for v, e in zip(values, err[1] if err else [0.0] * len(values), strict=True)
        ]
        for bar, v, top in zip(bars, values, tops, strict=True):
            ax.annotate(
                "n/a" if v is None else f"{v:.3f}",
                (bar.get_x() + bar.get_width() / 2, top),
                xytext=(0, 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=6 if small else 7,
                rotation=90 if small else 0,
            )
    ax.set_xticks(x)
    ax.set_xticklabels(categories)
    ax.set_ylim(0, 1.2)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.grid(axis="y", alpha=0.3)


def _code_legend(ax: Any, names: dict[str, str], cats: list[str]) -> None:
    """A note under the axis spelling out the category codes."""
    text = "   ".join(names.get(c, c) for c in cats if names.get(c, c) != c)
    if text:
        ax.text(
            0.5,
            -0.13,
            text,
            transform=ax.transAxes,
            ha="center",
            va="top",
            fontsize=8,
        )


def render_plots(report: dict[str, Any], out_dir: Path) -> list[Path]:
    """Draw the report's figures as PNG files (matplotlib, Agg backend).

    Files: ``scores_by_task_type.png`` and ``scores_by_implicitness.png`` (mRS per value,
    one bar per run and language), ``pass_rates.png`` (Pass@Turn vs Pass@Session at 0.60
    and 0.75 with their 95% intervals).

    Args:
        report: A report from :func:`build_report`.
        out_dir: Folder for the PNGs (created).

    Returns:
        The paths written.

    Raises:
        ImportError: Without matplotlib (the message gives the install command).
    """
    if not plots_available():
        raise ImportError(f"plots need matplotlib: {PLOT_INSTALL}")
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    series = _series(report)
    written: list[Path] = []
    for by, title in (
        ("task_type", "mRS by task type"),
        ("implicitness", "mRS by implicitness"),
    ):
        cats: list[str] = []
        for _, r, lang in series:
            for v in r["breakdowns"][by].get(lang, {}):
                if v not in cats:
                    cats.append(v)
        order = list(CODE_NAMES[by])
        cats.sort(key=lambda c: (order.index(c) if c in order else len(order), c))
        fig, ax = plt.subplots(figsize=(max(7.0, 1.6 * len(cats) + 4), 4.5))
        _bars(
            ax,
            cats,
            [
                (
                    label,
                    [
                        (r["breakdowns"][by].get(lang, {}).get(c) or {}).get("mRS")
                        for c in cats
                    ],
                    [None] * len(cats),
                )
                for label, r, lang in series
            ],
        )
        ax.set_title(title)
        ax.set_ylabel("mRS")
        _code_legend(ax, CODE_NAMES[by], cats)
        if series:
            ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
        fig.tight_layout()
        path = _save_png(fig, out_dir, f"scores_by_{by}.png")
        plt.close(fig)
        written.append(path)
    cats = [f"Pass@Turn\n{t}" for t in _THR] + [f"Pass@Session\n{t}" for t in _THR]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    data = []
    for label, r, lang in series:
        m = r["main"][lang]
        cells = [m["pass_at_turn"].get(t) for t in _THR] + [
            m["pass_at_session"].get(t) for t in _THR
        ]
        data.append(
            (
                label,
                [None if c is None else c.get("value") for c in cells],
                [
                    None
                    if c is None or c.get("lo") is None or c.get("hi") is None
                    else (c["lo"], c["hi"])
                    for c in cells
                ],
            )
        )
    _bars(ax, cats, data)
    ax.set_title("Turn vs session pass rates (95% intervals)")
    ax.set_ylabel("pass rate")
    if series:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    path = _save_png(fig, out_dir, "pass_rates.png")
    plt.close(fig)
    written.append(path)
    return written


def write_report(
    report: dict[str, Any], out_dir: Path, *, plots: bool = True, private: bool = False
) -> list[Path]:
    """Write ``report.md``, ``report.json`` and (with ``plots`` and matplotlib installed,
    see :func:`plots_available`) the PNGs into ``out_dir``; return the paths.

    ``private``: make ``out_dir`` owner-only (the report of a MIMIC-derived run,
    :func:`~physassist_env.evaluation.records.private_run`)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if private:
        make_private_dir(out_dir)
    sweep_partial_files(out_dir)  # what a killed writer left
    md = write_text_safe(out_dir, "report.md", render_markdown(report))
    js = write_text_safe(
        out_dir, "report.json", json.dumps(report, indent=2, ensure_ascii=False)
    )
    pngs = render_plots(report, out_dir) if plots and plots_available() else []
    return [md, js, *pngs]


def _save_png(fig: Any, out_dir: Path, name: str) -> Path:
    """Save a figure as ``out_dir/name`` through :func:`open_safe` (no link followed)."""
    with open_safe(out_dir, name, "wb") as fh:
        fig.savefig(fh, format="png", dpi=120, bbox_inches="tight")
    return out_dir / name
