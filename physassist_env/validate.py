"""``validate_dataset``: prove that a dataset and its graders are sound.

In the spirit of ``openenv validate`` (whose semantic checks it names), one report says:

* ``oracle_max`` (hard): the oracle, replaying each turn's gold actions and answer,
  scores 1.0 on every turn (within ``oracle_tolerance``).
* ``floor_gap`` (hard): agents that do no work score near 0: ``no-tool`` (a fixed
  non-committal answer) and a do-nothing agent that always answers "I cannot determine
  this" each have a mean score of at most ``floor_margin``.
* ``gameability_gap`` (shown, not a hard check): the keyword/template heuristic's mean
  score and its gap to the oracle; a heuristic close to the oracle would mean the rubric
  rewards surface patterns.
* ``episode_determinism`` (hard): two runs of the same sessions and seeds give identical
  transcripts and scores (oracle and heuristic).
* ``no_solution_leakage`` (hard): nothing the agent sees (the system prompt, the tool
  schemas, the physician's requests, every tool result) contains a turn's gold answer or
  a rubric criterion, and no EHR result or request contains a fact that only the patient
  can tell (the wordings of withheld patient facts and of facts that patient-fact
  rubric items need).
* ``knowledge_free_bound`` (hard): policies that know no medicine, fitted on the
  dataset's train split only (:mod:`physassist_env.agents.knowledge_free`), must score
  low: the reward-searched ``knowledge-free`` policy an mRS of at most
  ``knowledge_free_bound`` (:data:`KNOWLEDGE_FREE_BOUND`, 0.55) and the ``extractor``
  (values, chart markers and trends, no decision) at most ``extractor_bound``
  (:data:`EXTRACTOR_BOUND`, 0.35). A benchmark they pass rewards template matching, not
  clinical reasoning. Shown beside the heuristic and the floors. Without a train split
  the check is reported as not applicable (not hard).
* ``agent_file_access`` (hard): an agent with file access that tries to read the gold
  (:class:`physassist_env.adapters.agent_view.GoldReaderAgent`: it plays a turn's gold
  whenever that turn's gold answer is in a file it can read) scores at most
  ``floor_margin`` when it can read the agent view hubs give (and any ``agent_paths``).
* ``grader_validity`` (reserved): the grader-validity table of
  ``benchmarks/grader_validity.py``; :func:`validate_dataset` takes it through its
  ``grader_validity`` argument (a callable from the dataset path to a JSON-able table)
  and reports it as is. Until it is wired, the section says so and is not a check.

Everything runs in-process with the rule grader and the scripted patient (offline and
deterministic). The LLM-judge grader is validated by ``benchmarks/judge_agreement.py``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from physassist_env.adapters.agent_view import (
    GoldReaderAgent,
    readable_text,
    write_agent_view,
)
from physassist_env.agents import make_agent
from physassist_env.agents.base import BaseAgent
from physassist_env.env.data import SplitData, resolve, split_data
from physassist_env.env.episode import patient_memory
from physassist_env.evaluation.records import EpisodeRecord, EvalConfig
from physassist_env.evaluation.runner import run_episode
from physassist_env.grading.validity import run_validity
from physassist_env.patient import build_memory
from physassist_env.patient.interview import TOOL_NAMES as INTERVIEW_TOOLS
from physassist_env.scenarios.model import PatientFactCheck, Session
from physassist_env.tool_schemas import all_tool_schemas

log = logging.getLogger(__name__)

#: The do-nothing agent's answer to every request.
CANNOT_DETERMINE = {"en": "I cannot determine this.", "zh": "我无法确定。"}
#: The highest mRS the reward-searched ``knowledge-free`` policy may reach.
KNOWLEDGE_FREE_BOUND = 0.55
#: The highest mRS the ``extractor`` (values, markers, trends, no decision) may reach.
EXTRACTOR_BOUND = 0.35
#: The knowledge-free agents of ``knowledge_free_bound`` and the fit they share.
KNOWLEDGE_FREE_AGENTS = ("knowledge-free", "extractor")
#: Patient-fact wordings shorter than this (normalised characters) are too generic to
#: search for as leaks.
MIN_FACT_WORDING = 12


class CannotDetermineAgent(BaseAgent):
    """A do-nothing floor: never calls a tool, always answers "I cannot determine this"."""

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The fixed refusal in the session's language."""
        return CANNOT_DETERMINE.get(self.context.get("language", "en"), "")


class AgentScore(BaseModel):
    """One agent's scores over the validated sessions.

    Attributes:
        agent: ``oracle``, ``no-tool``, ``cannot-determine``, ``heuristic``,
            ``knowledge-free`` or ``extractor``.
        episodes: Episodes run (sessions x languages).
        turns: Turns graded.
        mean: Mean turn score.
        mrs: Mean over sessions (and languages) of the session's mean turn score.
        min: Lowest turn score.
        max: Highest turn score.
        errors: Episodes that failed (their error texts, at most 5).
    """

    agent: str
    episodes: int
    turns: int
    mean: float
    mrs: float | None = None
    min: float
    max: float
    errors: list[str] = Field(default_factory=list)


class Check(BaseModel):
    """One check of the report.

    Attributes:
        name: The check (``oracle_max``, ``floor_gap``, ``episode_determinism``,
            ``no_solution_leakage``, ``gameability_gap``).
        passed: Whether it holds (always ``True`` for a shown-only check).
        hard: Whether a failure makes ``physassist validate`` exit non-zero.
        detail: One line saying what was measured.
        failures: Offending sessions/turns/items (at most 20).
    """

    name: str
    passed: bool
    hard: bool = True
    detail: str
    failures: list[str] = Field(default_factory=list)


class ValidationReport(BaseModel):
    """The result of :func:`validate_dataset` (``--format json`` prints it).

    Attributes:
        dataset: The dataset folder.
        split: The validated split.
        languages: The languages run.
        sessions: Sessions validated per language.
        settings: ``oracle_tolerance``, ``floor_margin``, ``knowledge_free_bound``,
            ``extractor_bound``, ``knowledge_free_sessions`` (train sessions the
            knowledge-free fit may play) and ``knowledge_free_dataset`` (whose train
            split it was fitted on).
        scores: Per agent, its :class:`AgentScore`.
        checks: The checks in order.
        grader_validity: The grader-validity table of ``benchmarks/grader_validity.py``
            when a provider was given, else ``None`` (the report says it is not wired).
        passed: Whether every hard check passed.
    """

    dataset: str
    split: str
    languages: list[str]
    sessions: int
    settings: dict[str, float | str | None]
    scores: dict[str, AgentScore]
    checks: list[Check]
    grader_validity: dict[str, Any] | None = None
    passed: bool


def _config(dataset: Path, split: str, languages: list[str], seed: int) -> EvalConfig:
    return EvalConfig(
        run_id="validate",
        dataset=str(dataset),
        split=split,
        languages=languages,
        agent={"name": "validate", "args": {}},
        seed=seed,
    )


def _agent(name: str, args: dict[str, Any] | None = None) -> Any:
    if name == "cannot-determine":
        return CannotDetermineAgent()
    return make_agent(name, **(args or {}))


def run_agent(
    name: str,
    dataset: Path,
    split: str,
    sessions: Sequence[str],
    languages: Sequence[str],
    *,
    seed: int = 0,
    args: dict[str, Any] | None = None,
) -> list[EpisodeRecord]:
    """Run one agent (built with ``args``) over ``sessions`` x ``languages`` (failed
    episodes carry ``error``)."""
    config = _config(dataset, split, list(languages), seed)
    out = []
    for lang in languages:
        for sid in sessions:
            try:
                out.append(run_episode(config, (sid, lang, 0), _agent(name, args)))
            except Exception as exc:  # reported as an error of this agent, not a crash
                out.append(
                    EpisodeRecord(
                        session_id=sid,
                        language=lang,
                        trial=0,
                        error=f"{type(exc).__name__}: {exc}",
                    )
                )
    return out


def _scores(name: str, records: list[EpisodeRecord]) -> AgentScore:
    turns = [
        float(t.result.score or 0.0) for r in records if not r.error for t in r.turns
    ]
    sessions = [
        [float(t.result.score) for t in r.turns if t.result.score is not None]
        for r in records
        if not r.error
    ]
    sessions = [x for x in sessions if x]
    return AgentScore(
        agent=name,
        episodes=len(records),
        turns=len(turns),
        mean=round(sum(turns) / len(turns), 6) if turns else 0.0,
        mrs=round(sum(sum(x) / len(x) for x in sessions) / len(sessions), 6)
        if sessions
        else None,
        min=min(turns, default=0.0),
        max=max(turns, default=0.0),
        errors=[f"{r.session_id}/{r.language}: {r.error}" for r in records if r.error][
            :5
        ],
    )


def fingerprint(record: EpisodeRecord) -> str:
    """A hash of an episode's transcript and per-item verdicts (for determinism)."""
    payload = {
        "messages": record.messages,
        "turns": [
            {
                "score": t.result.score,
                "items": [(i.id, i.met) for i in t.result.items],
                "termination": t.termination,
            }
            for t in record.turns
        ],
        "error": record.error,
    }
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def _visible(record: EpisodeRecord, *, ehr_only: bool) -> list[str]:
    """What the agent saw in an episode: system, requests and tool results.

    With ``ehr_only`` the patient's interview replies are left out (they may tell
    patient facts, by design).
    """
    out = []
    for m in record.messages:
        if m.get("role") == "assistant":
            continue
        if ehr_only and m.get("role") == "tool" and m.get("name") in INTERVIEW_TOOLS:
            continue
        out.append(str(m.get("content") or ""))
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def _telling(text: str) -> bool:
    """Long enough that finding it in an observation means it leaked (a Chinese character
    counts twice): a two-character criterion such as 口服 ("by mouth") also occurs in an
    honest request ("开口服补钾")."""
    weight = sum(2 if "\u3400" <= ch <= "\u9fff" else 1 for ch in text)
    return weight >= MIN_FACT_WORDING


def leakage(
    session: Session,
    records: list[EpisodeRecord],
    language: str,
    tools_text: str,
    patient_facts: Sequence[Any] = (),
) -> list[str]:
    """Leaks of grader-only or patient-only text into what the agent saw; empty if none.

    Args:
        session: The session (with its gold answers and rubrics).
        records: Episodes of the session in ``language`` (any agents).
        language: Their language.
        tools_text: The tool schemas the agent was offered, as text.
        patient_facts: The patient's facts (:class:`physassist_env.patient.Fact`) that
            only an interview may reveal: their wordings must not appear anywhere but in
            the patient's replies.
    """
    seen = [_norm(t) for r in records for t in _visible(r, ehr_only=False)]
    seen.append(_norm(tools_text))
    no_patient = [_norm(t) for r in records for t in _visible(r, ehr_only=True)]
    no_patient.append(_norm(tools_text))
    found = []
    for turn in session.turns:
        where = f"{session.session_id}/{language}/turn {turn.index}"
        gold = _norm(turn.gold_answer.get(language))
        if gold and any(gold in s for s in seen):
            found.append(f"{where}: the gold answer appears in an observation")
        for item in turn.rubric:
            crit = _norm(item.criterion.get(language))
            if crit and _telling(crit) and any(crit in s for s in seen):
                found.append(
                    f"{where}: rubric item {item.id} appears in an observation"
                )
    for fact in patient_facts:
        for wording in {_norm(w) for w in (fact.zh if language == "zh" else fact.en)}:
            if len(wording) >= MIN_FACT_WORDING and any(
                wording in s for s in no_patient
            ):
                found.append(
                    f"{session.session_id}/{language}: patient fact {fact.id} ({wording!r}) appears outside the interview"
                )
    return found


def withheld_facts(session: Session, memory: Any) -> list[Any]:
    """The patient's facts a leak check covers: withheld ones and those rubric items need."""
    needed = {
        fid
        for turn in session.turns
        for item in turn.rubric
        if isinstance(item.check, PatientFactCheck)
        for fid in item.check.fact_ids
    }
    return [f for f in memory.facts if f.withheld or f.id in needed]


#: A wrong-answer class may pass at 0.75 in at most this share of turns, and a correct
#: rewording must pass in at least ``1 - GRADER_VALIDITY_MARGIN`` (the CI-sized goal).
GRADER_VALIDITY_MARGIN = 0.05


def grader_validity_provider(
    split: str, languages: Sequence[str], limit: int | None
) -> Callable[[Path], dict[str, Any]]:
    """A provider of the grader-validity table for :func:`validate_dataset`: per class of
    wrong and correct variant, the share of turns passing at 0.75 under the rule grader
    (:func:`physassist_env.grading.validity.run_validity`), and whether every wrong class
    stays within :data:`GRADER_VALIDITY_MARGIN`."""

    def provide(path: Path) -> dict[str, Any]:
        data = split_data(path, split)
        sessions = data.sessions[:limit] if limit else data.sessions
        result = run_validity(sessions, list(languages))
        classes = {
            name: {
                "kind": row["kind"],
                "applicable": row.get("applicable"),
                "pass_rate": row["pass_rate"],
                "mean_score": row.get("mean_score"),
            }
            for name, row in result["classes"].items()
        }
        wrong_ok = all(
            r["pass_rate"] is None or r["pass_rate"] <= GRADER_VALIDITY_MARGIN
            for r in classes.values()
            if r["kind"] == "wrong"
        )
        right_ok = all(
            r["pass_rate"] is None or r["pass_rate"] >= 1 - GRADER_VALIDITY_MARGIN
            for r in classes.values()
            if r["kind"] == "correct"
        )
        return {
            "classes": classes,
            "throughput": result.get("throughput"),
            "wrong_within_margin": wrong_ok,
            "correct_within_margin": right_ok,
        }

    return provide


def validate_dataset(
    dataset: str | Path | None = None,
    *,
    split: str = "test",
    languages: Sequence[str] = ("en", "zh"),
    limit: int | None = None,
    seed: int = 0,
    oracle_tolerance: float = 1e-6,
    floor_margin: float = 0.1,
    grader_validity: Callable[[Path], dict[str, Any]] | None = None,
    knowledge_free_bound: float = KNOWLEDGE_FREE_BOUND,
    extractor_bound: float = EXTRACTOR_BOUND,
    knowledge_free_sessions: int | None = None,
    knowledge_free_dataset: str | Path | None = None,
    agent_paths: Sequence[str | Path] = (),
) -> ValidationReport:
    """Run every check on a dataset split.

    Args:
        dataset: A built dataset folder (``None``: the embedded synthetic default).
        split: The split to validate.
        languages: Languages to run (each session in each).
        limit: Only the first ``limit`` sessions of the split.
        seed: The episodes' seed (both determinism runs use it).
        oracle_tolerance: How far below 1.0 an oracle turn may score.
        floor_margin: The highest mean score a floor agent may have.
        grader_validity: A provider of the grader-validity table (see the module
            docstring); ``None`` leaves that section empty.
        knowledge_free_bound: The highest mRS the ``knowledge-free`` policy may reach.
        extractor_bound: The highest mRS the ``extractor`` may reach.
        knowledge_free_sessions: Train sessions their fit may play (``None``: the fit's
            default, :data:`physassist_env.agents.knowledge_free.fit.MAX_SESSIONS`).
        knowledge_free_dataset: Fit them on this dataset's train split instead (for a
            build whose own train split is too small to learn from, e.g. the MIMIC-IV demo).
        agent_paths: Files or folders an agent-side process can read, besides the
            agent view (``agent_file_access``).

    Returns:
        The report; ``report.passed`` is ``False`` when a hard check failed.
    """
    path = resolve(dataset)
    data = split_data(path, split)
    sessions = data.sessions[:limit] if limit else data.sessions
    ids = [s.session_id for s in sessions]
    langs = list(languages)
    runs = {
        name: run_agent(name, path, split, ids, langs, seed=seed)
        for name in ("oracle", "no-tool", "cannot-determine", "heuristic")
    }
    fit_path = resolve(knowledge_free_dataset) if knowledge_free_dataset else path
    has_train = _has_train(fit_path)
    if has_train:
        kf_args = {"dataset": str(fit_path), "max_sessions": knowledge_free_sessions}
        for name in KNOWLEDGE_FREE_AGENTS:
            runs[name] = run_agent(
                name, path, split, ids, langs, seed=seed, args=kf_args
            )
    scores = {name: _scores(name, recs) for name, recs in runs.items()}
    checks = [
        _oracle_check(runs["oracle"], scores["oracle"], oracle_tolerance),
        _floor_check(scores, floor_margin),
        knowledge_free_check(
            scores, knowledge_free_bound, extractor_bound, applicable=has_train
        ),
        _gameability(scores),
        _determinism(runs, path, split, ids, langs, seed),
        _leakage_check(sessions, runs, langs, data),
        agent_file_access_check(
            path, split, ids, langs, seed=seed, margin=floor_margin, paths=agent_paths
        ),
    ]
    table = grader_validity(path) if grader_validity is not None else None
    return ValidationReport(
        dataset=str(path),
        split=split,
        languages=langs,
        sessions=len(ids),
        settings={
            "oracle_tolerance": oracle_tolerance,
            "floor_margin": floor_margin,
            "knowledge_free_bound": knowledge_free_bound,
            "extractor_bound": extractor_bound,
            "knowledge_free_sessions": knowledge_free_sessions,
            "knowledge_free_dataset": str(fit_path),
        },
        scores=scores,
        checks=checks,
        grader_validity=table,
        passed=all(c.passed for c in checks if c.hard),
    )


def _oracle_check(records: list[EpisodeRecord], score: AgentScore, tol: float) -> Check:
    bad = [f"{r.session_id}/{r.language}: {r.error}" for r in records if r.error]
    for r in records:
        for t in r.turns:
            s = t.result.score
            if s is None or s < 1.0 - tol:
                missed = [i.id for i in t.result.items if i.points > 0 and not i.met]
                bad.append(
                    f"{r.session_id}/{r.language}/turn {t.index}: {s} (missed {', '.join(missed) or '-'})"
                )
    return Check(
        name="oracle_max",
        passed=not bad and score.turns > 0,
        detail=f"oracle mean {score.mean:.4f}, min {score.min:.4f} over {score.turns} turns (must be 1.0)",
        failures=bad[:20],
    )


def _floor_check(scores: dict[str, AgentScore], margin: float) -> Check:
    floors = [scores["no-tool"], scores["cannot-determine"]]
    bad = [
        f"{f.agent}: mean {f.mean:.4f} > {margin}" for f in floors if f.mean > margin
    ] + [e for f in floors for e in f.errors]
    return Check(
        name="floor_gap",
        passed=not bad,
        detail=", ".join(f"{f.agent} {f.mean:.4f}" for f in floors)
        + f" (each must be <= {margin}; oracle gap {scores['oracle'].mean - max(f.mean for f in floors):.4f})",
        failures=bad,
    )


def _has_train(path: Path) -> bool:
    """Whether the dataset has a train split with sessions (the knowledge-free fit's data)."""
    try:
        split_data(path, "train")
    except (ValueError, FileNotFoundError, KeyError):
        return False
    return True


def knowledge_free_check(
    scores: dict[str, AgentScore],
    bound: float,
    extractor_bound: float,
    *,
    applicable: bool,
) -> Check:
    """``knowledge_free_bound``: the knowledge-free policies' mRS against their bounds."""
    if not applicable:
        return Check(
            name="knowledge_free_bound",
            passed=True,
            hard=False,
            detail="not applicable: the dataset has no train split to fit the knowledge-free policies on",
        )
    kf, ex = scores["knowledge-free"], scores["extractor"]
    floor = max(scores["no-tool"].mrs or 0.0, scores["cannot-determine"].mrs or 0.0)
    bad = [
        f"{s.agent}: mRS {s.mrs or 0.0:.4f} > {b}"
        for s, b in ((kf, bound), (ex, extractor_bound))
        if (s.mrs or 0.0) > b
    ] + [e for s in (kf, ex) for e in s.errors]
    return Check(
        name="knowledge_free_bound",
        passed=not bad,
        detail=(
            f"knowledge-free {kf.mrs or 0.0:.4f} (must be <= {bound}), extractor "
            f"{ex.mrs or 0.0:.4f} (must be <= {extractor_bound}); heuristic "
            f"{scores['heuristic'].mrs or 0.0:.4f}, oracle {scores['oracle'].mrs or 0.0:.4f}, "
            f"floors <= {floor:.4f} (mRS)"
        ),
        failures=bad,
    )


def _gameability(scores: dict[str, AgentScore]) -> Check:
    h, o = scores["heuristic"], scores["oracle"]
    return Check(
        name="gameability_gap",
        passed=True,
        hard=False,
        detail=f"heuristic (keyword intents + templates) {h.mean:.4f} vs oracle {o.mean:.4f}: gap {o.mean - h.mean:.4f}",
        failures=h.errors,
    )


def _determinism(
    runs: dict[str, list[EpisodeRecord]],
    path: Path,
    split: str,
    ids: list[str],
    langs: list[str],
    seed: int,
) -> Check:
    bad = []
    compared = 0
    for name in ("oracle", "heuristic"):
        again = run_agent(name, path, split, ids, langs, seed=seed)
        for a, b in zip(runs[name], again, strict=True):
            compared += 1
            if fingerprint(a) != fingerprint(b):
                bad.append(f"{name} {a.session_id}/{a.language}: transcripts differ")
    return Check(
        name="episode_determinism",
        passed=not bad,
        detail=f"{compared} episodes (oracle, heuristic) run twice with seed {seed}: {compared - len(bad)} identical",
        failures=bad[:20],
    )


def _leakage_check(
    sessions: list[Session],
    runs: dict[str, list[EpisodeRecord]],
    langs: list[str],
    data: SplitData,
) -> Check:

    tools = {
        lang: json.dumps(all_tool_schemas(lang), ensure_ascii=False) for lang in langs
    }
    by_key: dict[tuple[str, str], list[EpisodeRecord]] = {}
    for recs in runs.values():
        for r in recs:
            if not r.error:
                by_key.setdefault((r.session_id, r.language), []).append(r)
    found = []
    n_facts = 0
    for s in sessions:
        memory = patient_memory(
            data.record(s.patient_id), data.seed, build_memory, s.current_date
        )
        facts = withheld_facts(s, memory)
        n_facts += len(facts)
        for lang in langs:
            found += leakage(
                s, by_key.get((s.session_id, lang), []), lang, tools[lang], facts
            )
    return Check(
        name="no_solution_leakage",
        passed=not found,
        detail=(
            f"{len(sessions) * len(langs)} session/language pairs: gold answers and rubric criteria "
            f"searched in every observation of all agents, {n_facts} withheld or graded patient facts "
            "in everything but the patient's replies"
        ),
        failures=found[:20],
    )


def agent_file_access_check(
    dataset: Path,
    split: str,
    ids: Sequence[str],
    languages: Sequence[str],
    *,
    seed: int = 0,
    margin: float = 0.1,
    paths: Sequence[str | Path] = (),
) -> Check:
    """``agent_file_access``: the gold reader, given the agent view of ``split`` and
    ``paths`` to read, must score at most ``margin`` (hard)."""
    config = _config(dataset, split, list(languages), seed)
    with tempfile.TemporaryDirectory(prefix="physassist-agent-view-") as tmp:
        view = write_agent_view(dataset, split, Path(tmp) / "agent-view")
        corpus = readable_text([view, *paths])
    records, found, turns = [], 0, 0
    for lang in languages:
        for sid in ids:
            agent = GoldReaderAgent(corpus)
            try:
                records.append(run_episode(config, (sid, lang, 0), agent))
            except Exception as exc:  # an error of this agent, not a crash
                records.append(
                    EpisodeRecord(
                        session_id=sid, language=lang, trial=0, error=f"{exc}"
                    )
                )
            found, turns = found + agent.found, turns + agent.turns
    score = _scores("gold-reader", records)
    read = ", ".join(["the agent view", *map(str, paths)])
    return Check(
        name="agent_file_access",
        passed=score.mean <= margin and not score.errors,
        detail=(
            f"an agent reading {read} found the gold answer of {found} of {turns} turns; "
            f"mean {score.mean:.4f} (must be <= {margin})"
        ),
        failures=score.errors,
    )


def render_text(report: ValidationReport) -> str:
    """The report as plain text (what ``physassist validate`` prints)."""
    lines = [
        f"physassist validate: {report.dataset} [{report.split}], {report.sessions} sessions x {', '.join(report.languages)}",
        "",
        "scores (rule grader, scripted patient):",
    ]
    for s in report.scores.values():
        lines.append(
            f"  {s.agent:<17} mean {s.mean:.4f}  mRS {s.mrs or 0.0:.4f}  min {s.min:.4f}  max {s.max:.4f}  ({s.turns} turns, {len(s.errors)} errors)"
        )
    lines += ["", "checks:"]
    for c in report.checks:
        mark = ("PASS" if c.passed else "FAIL") if c.hard else "INFO"
        lines.append(f"  [{mark}] {c.name}: {c.detail}")
        lines += [f"         - {f}" for f in c.failures]
    lines.append("")
    if report.grader_validity is None:
        lines.append(
            "grader_validity: not included (the table of benchmarks/grader_validity.py; see docs/adapters.md)"
        )
    else:
        lines.append("grader_validity:")
        lines += [
            f"  {line}"
            for line in json.dumps(
                report.grader_validity, indent=2, ensure_ascii=False
            ).splitlines()
        ]
    lines += ["", "result: " + ("PASS" if report.passed else "FAIL")]
    return "\n".join(lines)
