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
               "agreement": {...}}]}          # only for a judge-graded run, see below

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
from physassist_env.paths import open_safe, write_text_safe

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
    }


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
    runs: list[Path], *, n_boot: int = 1000, seed: int = 0
) -> dict[str, Any]:
    """Compute the report of one or several runs.

    Args:
        runs: Run folders (each with ``config.json`` and ``episodes.jsonl``).
        n_boot: Bootstrap resamples for the confidence intervals.
        seed: Seed of the bootstrap generator (the report is reproducible).

    Returns:
        The JSON-serialisable report (layout in the module docstring).

    Raises:
        NotARunError: If a folder is not an evaluation run.
        ValueError: If ``runs`` is empty or ``n_boot < 1``.
    """
    if not runs:
        raise ValueError("give at least one run folder")
    if n_boot < 1:
        raise ValueError(f"n_boot must be >= 1, got {n_boot}")
    paths = [check_run(r) for r in runs]
    configs = [read_config(p) for p in paths]
    records = [read_episodes(p) for p in paths]
    labels = _labels(paths, configs)
    out_runs: list[dict[str, Any]] = []
    for path, config, recs, label in zip(paths, configs, records, labels, strict=True):
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
        }
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
    lines += [
        "",
        f"Cells: value [95% bootstrap interval over sessions, {report['n_boot']} "
        f"resamples, seed {report['seed']}].",
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
    report: dict[str, Any], out_dir: Path, *, plots: bool = True
) -> list[Path]:
    """Write ``report.md``, ``report.json`` and (with ``plots`` and matplotlib installed,
    see :func:`plots_available`) the PNGs into ``out_dir``; return the paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
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
