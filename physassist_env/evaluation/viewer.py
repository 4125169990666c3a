"""A static HTML site to browse the sessions of an evaluation run (``physassist view``).

:func:`write_site` writes ``index.html`` (one row per episode: session, language, trial,
scenario, tier, per-turn scores, with a filter box and sortable columns) and one page per
episode under ``episodes/``: for each turn the physician's request, every tool call with
its arguments and its result (patient replies highlighted), the answer, the rubric items
with their criterion text in the episode's language, met / not met, points, the
grader's reason and the record rows the item rests on (its provenance: FHIR reference,
raw table and row key), the rows each value of the gold answer rests on, and the turn
score.

The site is self-contained (inline CSS and a few lines of inline JavaScript, no network)
and every piece of text from the run is HTML-escaped: model output is untrusted. Rubric
criteria are grader-only data read from the run's dataset; the site is meant for people
after the run, never for the agent. When the dataset cannot be read, item ids are shown
instead of the criteria.
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path
from typing import Any

from physassist_env.dataset import load_sessions
from physassist_env.evaluation.records import (
    EpisodeRecord,
    EvalConfig,
    TurnRecord,
    private_run,
    read_config,
    read_episodes,
)
from physassist_env.evaluation.report import check_run
from physassist_env.paths import make_private_dir, sweep_partial_files, write_text_safe

log = logging.getLogger(__name__)

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC",sans-serif;
margin:1.5em auto;max-width:1100px;padding:0 1em;color:#1d2330;background:#fbfbfd}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccd}
table{border-collapse:collapse;width:100%;font-size:.9em}
th,td{border:1px solid #d5d8e0;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#eef0f6;cursor:pointer;user-select:none}
tr:nth-child(even) td{background:#f6f7fb}
.score{font-variant-numeric:tabular-nums;text-align:right;white-space:nowrap}
.good{background:#dff3e4!important}.mid{background:#fff4d6!important}.bad{background:#fbe2e2!important}
.na{color:#888}
.turn{border:1px solid #ccd;border-radius:6px;padding:.6em 1em;margin:1em 0;background:#fff}
.req{background:#eaf1ff;border-left:4px solid #3b6fd8;padding:.4em .8em;white-space:pre-wrap}
.call{margin:.5em 0;border-left:4px solid #9aa3b5;padding:.3em .8em;background:#f7f8fa}
.call.patient{border-left-color:#d88a1d;background:#fff6e8}
.call.physician{border-left-color:#7a4fd8;background:#f4efff}
.call.failed{border-left-color:#c83232}
.answer{background:#eefaf0;border-left:4px solid #2f9a4a;padding:.4em .8em;white-space:pre-wrap}
pre{white-space:pre-wrap;word-break:break-word;margin:.3em 0;font-size:.85em;max-height:22em;overflow:auto}
.tag{display:inline-block;font-size:.75em;background:#e3e6ee;border-radius:3px;padding:0 .35em;margin-right:.2em}
.met{color:#1b7a35;font-weight:600}.notmet{color:#b02525;font-weight:600}.unjudged{color:#777}
.meta{color:#555;font-size:.9em}#filter{width:22em;padding:.3em;margin:.5em 0}
.prov{font-size:.85em;margin:.2em 0}
.error{background:#fbe2e2;padding:.5em;border-left:4px solid #c83232;white-space:pre-wrap}
"""

_JS = """
const f=document.getElementById('filter');
const rows=[...document.querySelectorAll('#sessions tbody tr')];
f.addEventListener('input',()=>{const q=f.value.toLowerCase();
rows.forEach(r=>{r.style.display=r.textContent.toLowerCase().includes(q)?'':'none';});});
document.querySelectorAll('#sessions th').forEach((th,i)=>th.addEventListener('click',()=>{
const tb=document.querySelector('#sessions tbody');const asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';
const key=r=>{const c=r.children[i];const v=c.dataset.v!==undefined?c.dataset.v:c.textContent;
const n=parseFloat(v);return isNaN(n)?v.toLowerCase():n;};
[...tb.rows].sort((a,b)=>{const x=key(a),y=key(b);return (x<y?-1:x>y?1:0)*(asc?1:-1);})
.forEach(r=>tb.appendChild(r));}));
"""


def esc(value: Any) -> str:
    """HTML-escape any value (quotes included)."""
    return html.escape("" if value is None else str(value), quote=True)


def episode_filename(record: EpisodeRecord) -> str:
    """A safe, unique file name for an episode page."""
    base = f"{record.session_id}--{record.language}--t{record.trial}"
    return re.sub(r"[^A-Za-z0-9._-]+", "_", base) + ".html"


def _score_class(score: float | None) -> str:
    if score is None:
        return "na"
    return "good" if score >= 0.75 else "mid" if score >= 0.60 else "bad"


def _score_td(score: float | None) -> str:
    text = "–" if score is None else f"{score:.2f}"
    v = "" if score is None else f"{score:.4f}"
    return f'<td class="score {_score_class(score)}" data-v="{esc(v)}">{text}</td>'


def _page(title: str, body: str, script: str = "") -> str:
    js = f"<script>{script}</script>" if script else ""
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{_CSS}</style></head>"
        f"<body>{body}{js}</body></html>\n"
    )


def _criteria(config: EvalConfig) -> dict[str, Any]:
    """``{session_id: Session}`` from the run's dataset, or ``{}`` when unavailable."""
    try:
        return {
            s.session_id: s for s in load_sessions(config.dataset, split=config.split)
        }
    except Exception as exc:  # noqa: BLE001 - the site still works without criteria
        log.warning(
            "rubric criteria unavailable (dataset %r: %s); showing item ids",
            config.dataset,
            exc,
        )
        return {}


def _session_info(record: EpisodeRecord) -> tuple[str, str]:
    for t in record.turns:
        r = t.result
        return str(getattr(r.scenario, "value", r.scenario)), str(
            getattr(r.tier, "value", r.tier)
        )
    return "", ""


def _args_text(args: Any) -> str:
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except json.JSONDecodeError:
            return args
    return json.dumps(args, ensure_ascii=False, indent=1, default=str)


def _usage_text(turn: TurnRecord) -> str:
    """`` · model: N requests, P prompt / C completion tokens (K cached), S s`` (or nothing)."""
    u = turn.usage
    if u is None:
        return ""
    tokens = ""
    if u.prompt_tokens is not None or u.completion_tokens is not None:
        cached = "" if u.cached_tokens is None else f" ({u.cached_tokens} cached)"
        tokens = (
            f", {u.prompt_tokens if u.prompt_tokens is not None else '–'} prompt / "
            f"{u.completion_tokens if u.completion_tokens is not None else '–'} "
            f"completion tokens{cached}"
        )
    return esc(f" · agent: {u.requests} requests{tokens}, {u.seconds:.2f} s")


def _turn_html(turn: TurnRecord, session: Any, language: str) -> str:
    r = turn.result
    gold_turn = None
    if session is not None and 0 <= turn.index < len(session.turns):
        gold_turn = session.turns[turn.index]
    criteria: dict[str, Any] = {}
    sources: dict[str, Any] = {}
    if gold_turn is not None:
        criteria = {i.id: i.criterion.get(language) for i in gold_turn.rubric}
        sources = {i.id: getattr(i, "provenance", None) for i in gold_turn.rubric}
    score = "–" if r.score is None else f"{r.score:.2f}"
    parts = [
        f'<div class="turn" id="turn-{turn.index}">',
        f"<h2>Turn {turn.index + 1} · {esc(r.task_type)} · {esc(r.implicitness)} · "
        f'score <span class="score {_score_class(r.score)}">{score}</span></h2>',
        f'<p class="meta">termination: {esc(turn.termination)} · tool calls: '
        f"{r.tool_calls} (invalid {r.invalid_calls}) · clarifications: "
        f"{r.clarifications} · items: {r.n_items} (unjudged {r.n_unjudged})"
        f"{_usage_text(turn)}</p>",
        f'<div class="req"><b>Physician:</b> {esc(turn.request)}</div>',
    ]
    n = max(len(turn.tool_calls), len(turn.outcomes))
    for i in range(n):
        call = turn.tool_calls[i] if i < len(turn.tool_calls) else {}
        out = turn.outcomes[i] if i < len(turn.outcomes) else {}
        kind = str(out.get("kind", "ehr"))
        ok = out.get("ok", True)
        name = call.get("name") or out.get("name") or "?"
        classes = "call " + re.sub(r"[^a-z]", "", kind) + ("" if ok else " failed")
        label = {
            "patient": "Patient reply",
            "physician": "Physician reply",
        }.get(kind, "Result" if ok else "Error")
        parts.append(
            f'<div class="{esc(classes)}"><b>{esc(name)}</b> '
            f'<span class="tag">{esc(kind)}</span>'
            f"<pre>{esc(_args_text(call.get('arguments', {})))}</pre>"
            f"<b>{esc(label)}:</b><pre>{esc(out.get('text', ''))}</pre></div>"
        )
    answer = turn.answer if turn.answer is not None else "(no answer)"
    parts.append(f'<div class="answer"><b>Answer:</b> {esc(answer)}</div>')
    rows = []
    for item in r.items:
        if item.met is None:
            verdict = '<span class="unjudged">unjudged</span>'
        elif item.met:
            verdict = '<span class="met">met</span>'
        else:
            verdict = '<span class="notmet">not met</span>'
        tags = "".join(f'<span class="tag">{esc(t)}</span>' for t in item.tags)
        rows.append(
            f"<tr><td>{esc(item.id)}</td>"
            f"<td>{esc(criteria.get(item.id, '(criterion unavailable)'))} {tags}</td>"
            f'<td class="score">{item.points:g}</td><td>{verdict}</td>'
            f"<td>{esc(item.reason)}</td><td>{provenance_html(sources.get(item.id))}</td></tr>"
        )
    parts.append(
        '<table class="rubric"><thead><tr><th>Item</th><th>Criterion</th>'
        "<th>Points</th><th>Verdict</th><th>Reason</th><th>Rests on</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    claims = getattr(gold_turn, "answer_provenance", None) or []
    if claims:
        parts.append(
            '<p class="meta">Values of the gold answer rest on:</p><ul class="prov">'
            + "".join(f"<li>{esc(p.claim)}: {provenance_html(p)}</li>" for p in claims)
            + "</ul>"
        )
    parts.append("</div>")
    return "".join(parts)


def provenance_html(provenance: Any, limit: int = 6) -> str:
    """The record rows an item or answer value rests on (basis, FHIR reference, raw
    table and row key, time), escaped; ``–`` when it has none."""
    if provenance is None:
        return '<span class="na">–</span>'
    rows = []
    for e in provenance.evidence[:limit]:
        key = " ".join(f"{k}={v}" for k, v in e.row.items())
        raw = f" · {e.table} {key}" if e.table else ""
        when = f" · {e.time[:16]}" if e.time else ""
        rows.append(f'{esc(e.resource)}<span class="na">{esc(raw + when)}</span>')
    more = len(provenance.evidence) - limit
    if more > 0:
        rows.append(f'<span class="na">… {more} more</span>')
    return f'<span class="tag">{esc(provenance.basis)}</span>' + "<br>".join(rows)


def episode_page(record: EpisodeRecord, config: EvalConfig, session: Any = None) -> str:
    """The HTML page of one episode.

    Args:
        record: The episode.
        config: The run's configuration (shown in the header).
        session: The dataset's :class:`~physassist_env.scenarios.model.Session` (for the
            criterion texts), or ``None``.

    Returns:
        A complete, self-contained HTML document.
    """
    scenario, tier = _session_info(record)
    title = f"{record.session_id} ({record.language}, trial {record.trial})"
    scores = [t.result.score for t in record.turns]
    body = [
        '<p><a href="../index.html">← all sessions</a></p>',
        f"<h1>{esc(title)}</h1>",
        f'<p class="meta">run {esc(config.run_id)} · agent '
        f"{esc(config.agent.get('name'))} · grader {esc(config.grader.get('name'))} · "
        f"scenario {esc(scenario)} · tier {esc(tier)} · {record.seconds:.1f} s</p>",
    ]
    if session is not None:
        body.append(
            f'<p class="meta">Situation: {esc(session.situation.get(record.language))}</p>'
        )
    if record.error:
        body.append(
            f'<div class="error"><b>Episode failed:</b> {esc(record.error)}</div>'
        )
    body.append(
        "<table><thead><tr>"
        + "".join(f"<th>Turn {i + 1}</th>" for i in range(len(scores)))
        + "</tr></thead><tbody><tr>"
        + "".join(_score_td(s) for s in scores)
        + "</tr></tbody></table>"
    )
    body += [_turn_html(t, session, record.language) for t in record.turns]
    return _page(title, "".join(body))


def index_page(
    records: list[EpisodeRecord], config: EvalConfig, n_turns: int = 4
) -> str:
    """The HTML index of a run: one row per episode, with links to the episode pages."""
    width = max([n_turns, *(len(r.turns) for r in records)])
    rows = []
    for rec in records:
        scenario, tier = _session_info(rec)
        scores = [t.result.score for t in rec.turns]
        scores += [None] * (width - len(scores))
        scored = [s for s in scores if s is not None]
        mean = sum(scored) / len(scored) if scored else None
        link = f"episodes/{episode_filename(rec)}"
        rows.append(
            f'<tr><td><a href="{esc(link)}">{esc(rec.session_id)}</a></td>'
            f"<td>{esc(rec.language)}</td><td>{rec.trial}</td><td>{esc(scenario)}</td>"
            f"<td>{esc(tier)}</td>"
            + "".join(_score_td(s) for s in scores)
            + _score_td(mean)
            + f"<td>{'error' if rec.error else ''}</td></tr>"
        )
    header = (
        ["Session", "Lang", "Trial", "Scenario", "Tier"]
        + [f"T{i + 1}" for i in range(width)]
        + ["Mean", "Error"]
    )
    agent = config.agent.get("name")
    model = (config.agent.get("args") or {}).get("model")
    body = (
        f"<h1>Run {esc(config.run_id)}</h1>"
        f'<p class="meta">agent {esc(agent)}{" · model " + esc(model) if model else ""}'
        f" · grader {esc(config.grader.get('name'))} · split {esc(config.split)} · "
        f"languages {esc(', '.join(config.languages))} · k {config.k} · "
        f"{len(records)} episodes</p>"
        '<input id="filter" type="search" placeholder="filter (session, scenario, '
        'tier, language...)">'
        '<table id="sessions"><thead><tr>'
        + "".join(f"<th>{esc(h)}</th>" for h in header)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        '<p class="meta">Click a column header to sort. Scores: green ≥ 0.75, '
        "yellow ≥ 0.60, red below.</p>"
    )
    return _page(f"Run {config.run_id}", body, _JS)


def write_site(run: str | Path, out: str | Path | None = None) -> Path:
    """Write the static site of a run.

    Args:
        run: The run folder.
        out: Output folder (default ``RUN/site``).

    Returns:
        The path of ``index.html``.

    Raises:
        NotARunError: If ``run`` is not an evaluation run.
    """
    run = check_run(run)
    config = read_config(run)
    records = sorted(
        read_episodes(run), key=lambda r: (r.session_id, r.language, r.trial)
    )
    sessions = _criteria(config) if records else {}
    site = Path(out) if out is not None else run / "site"
    if private_run(run):
        make_private_dir(site)  # a MIMIC-derived run's pages quote its records
    pages = site / "episodes"
    pages.mkdir(parents=True, exist_ok=True)
    sweep_partial_files(site, recursive=True)  # what a killed writer left
    for rec in records:
        write_text_safe(
            site,
            Path("episodes") / episode_filename(rec),
            episode_page(rec, config, sessions.get(rec.session_id)),
        )
    index = write_text_safe(site, "index.html", index_page(records, config))
    log.info("wrote %d episode pages to %s", len(records), pages)
    return index
