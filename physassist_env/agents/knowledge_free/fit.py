"""Fit the knowledge-free table on a dataset's train split, and cache it.

Fitting reads the **train split only** (``split_data(path, "train")``; the test and
validation splits are never opened) and runs in two phases:

1. **Learn** (no environment, :func:`learn_table`): entity aliases and codes, companions,
   the request -> topic classifier, decision-text candidates and the trend threshold from
   every train session; call templates from up to :data:`CALL_TURNS` turns per topic, whose
   admission dates are read with the same ``Encounter.search`` the agent makes.
2. **Reward search** (:func:`reward_search`, :func:`choose`): a sample of train sessions
   (:func:`sample_sessions`) is played in every language through ``PhysAssist-v0`` (split
   ``train``, rule grader, scripted patient) by the policy told the train topic. At each
   answer every (facts profile, decision candidate) pair of the topic is graded with
   :meth:`~physassist_env.env.episode.Episode.grade_answer` (the reward the environment
   would pay for that answer) and the rewards are kept under each decision key of the turn
   (:meth:`~.plan.Planner.keys`: chart marker, trend and entities, most specific first).
   A key seen at least :data:`MIN_TURNS` times gets the pair with the best mean reward;
   rarer keys are left out and the planner backs off to a less specific one.

**Cost.** The sample is at most ``max_sessions`` sessions (:data:`MAX_SESSIONS`, 250); topics
take turns, rarest first, each taking its next session in a seeded order until it has
:data:`PER_TOPIC` turns. Each sampled session is played once per language; each answer of a
topic with a decision candidate costs ``2 x candidates`` gradings (two facts profiles; 1 +
at most 8 + 4 per marker state candidates, :func:`~.learn.learn_decisions`). The table
records the sessions, episodes, gradings and seconds (``table["fit"]``). On the default
build (2,837 train sessions): 500 episodes, 23,420 gradings, about 5 minutes on the loaded
two-core development machine (docs/evaluation.md).

**Determinism and cache.** Everything is ordered and seeded, so the same train split and
settings give the same table. It is cached as JSON under
``$PHYSASSIST_CACHE/knowledge_free/<fingerprint>.json`` (see
:func:`~physassist_env.dataset.build.default_cache_dir`), keyed by the SHA-256 of the train
split's session and patient files, :data:`FIT_VERSION` and the settings, and in memory per
process. Bump :data:`FIT_VERSION` whenever fitting changes what it produces.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import threading
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from physassist_env.agents.knowledge_free.chart import encounter_start, parse_result
from physassist_env.agents.knowledge_free.learn import (
    LANGUAGES,
    learn_calls,
    learn_companions,
    learn_decisions,
    learn_entities,
    learn_topics,
    learn_trend_threshold,
)
from physassist_env.agents.knowledge_free.policy import KnowledgeFreeAgent
from physassist_env.dataset import read_manifest
from physassist_env.dataset.build import default_cache_dir
from physassist_env.ehr import EhrToolkit
from physassist_env.env.data import SplitData, resolve, split_data
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.paths import write_text_safe
from physassist_env.scenarios.model import Session

log = logging.getLogger(__name__)

#: Bumped whenever fitting changes what it produces (old cache files are then ignored).
FIT_VERSION = 1
#: Most train sessions the reward search plays (each in every language).
MAX_SESSIONS = 250
#: Turns per topic the sample aims for.
PER_TOPIC = 24
#: Turns per topic the call templates are learned from.
CALL_TURNS = 40
#: Fewest train turns of a decision key for a choice of its own (else the planner backs
#: off to a less specific key).
MIN_TURNS = 3
#: The split fitting reads; no other is opened.
FIT_SPLIT = "train"

_MEMORY: dict[str, dict[str, Any]] = {}
_LOCK = threading.Lock()


def sample_sessions(
    sessions: Sequence[Session], *, max_sessions: int, per_topic: int, seed: int
) -> list[Session]:
    """A sample covering every topic: topics take turns, rarest first, each taking its next
    session (in a seeded order) while it has fewer than ``per_topic`` turns, until
    ``max_sessions`` sessions are taken or no topic wants more."""
    order = sorted(sessions, key=lambda s: s.session_id)
    random.Random(seed).shuffle(order)
    freq = Counter(t.topic for s in order for t in s.turns)
    pools: dict[str, list[Session]] = {}
    for s in order:
        for topic in dict.fromkeys(t.topic for t in s.turns):
            pools.setdefault(topic, []).append(s)
    topics = sorted(pools, key=lambda tp: (freq[tp], tp))
    have: Counter[str] = Counter()
    taken: set[str] = set()
    out: list[Session] = []
    progress = True
    while progress and len(out) < max_sessions:
        progress = False
        for topic in topics:
            if have[topic] >= per_topic or len(out) >= max_sessions:
                continue
            pool = pools[topic]
            while pool and pool[0].session_id in taken:
                pool.pop(0)
            if not pool:
                continue
            s = pool.pop(0)
            taken.add(s.session_id)
            out.append(s)
            have.update(t.topic for t in s.turns)
            progress = True
    return out


def admission_dates(
    data: SplitData, sessions: Sequence[Session]
) -> dict[str, str | None]:
    """Each session's admission start as the agent reads it (``Encounter.search``)."""
    out = {}
    for s in sessions:
        view = data.store(s.patient_id).view(s.patient_id, s.current_date)
        result = EhrToolkit(view, language="en").call("Encounter.search", {})
        out[s.session_id] = encounter_start(
            [parse_result("Encounter.search", result.text)], s.hadm_id
        )
    return out


def learn_table(data: SplitData, *, seed: int = 0) -> dict[str, Any]:
    """Phase 1: everything learned without the environment (call templates from a sample
    of :data:`CALL_TURNS` turns per topic, whose admission dates are read as the agent
    reads them)."""
    sessions = data.sessions
    entities = learn_entities(sessions)
    call_sample = sample_sessions(
        sessions, max_sessions=len(sessions), per_topic=CALL_TURNS, seed=seed
    )
    admissions = admission_dates(data, call_sample)
    calls = learn_calls(
        [
            (t, admissions[s.session_id], s.current_date)
            for s in call_sample
            for t in s.turns
        ],
        entities["codes"],
    )
    return {
        "entities": entities,
        "topics": learn_topics(sessions, entities["aliases"]),
        "companions": learn_companions(sessions),
        "calls": calls,
        "candidates": learn_decisions(sessions, entities["aliases"], entities["rows"]),
        "trend_threshold": learn_trend_threshold(sessions),
    }


def reward_search(
    table: dict[str, Any],
    path: Path,
    sample: Sequence[Session],
    languages: Sequence[str] = LANGUAGES,
) -> tuple[dict[str, Any], dict[str, int]]:
    """Phase 2: grade every candidate at every answer of the sample; returns the rewards
    ``{lang: {topic: {decision key: [[rewards of pair i] ...]}}}`` (pair ``i`` = facts
    profile ``i // len(candidates)`` with candidate ``i % len(candidates)``) and the
    counts of episodes and gradings."""
    rewards: dict[str, dict[str, dict[str, list[list[float]]]]] = {}
    counts = {"episodes": 0, "gradings": 0}
    for lang in languages:
        env = PhysAssistEnv(dataset=path, split=FIT_SPLIT, language=lang)
        per_lang = rewards.setdefault(lang, {})
        for s in sample:
            _, info = env.reset(options={"session_id": s.session_id})
            agent = KnowledgeFreeAgent(table, decide=False, topic_oracle=True)
            agent.start(
                {
                    "session_id": s.session_id,
                    "patient_id": s.patient_id,
                    "hadm_id": s.hadm_id,
                    "current_date": s.current_date,
                    "language": lang,
                    "gold_session": s,
                }
            )
            done = False
            while not done:
                action = agent.act(info["messages"], info["tools"])
                episode = env.episode
                ctx = agent.last
                cands = table["candidates"][lang].get(ctx.topic, [""]) if ctx else []
                if isinstance(action, str) and ctx and episode and len(cands) > 1:
                    scores = []  # profile-major: combination p * len(cands) + k
                    for facts in ctx.facts:
                        for cand in cands:
                            text = agent.planner.compose(
                                facts, cand, ctx.entities, lang
                            )
                            scores.append(
                                float(episode.grade_answer(text).score or 0.0)
                            )
                            counts["gradings"] += 1
                    per_topic = per_lang.setdefault(ctx.topic, {})
                    for key in ctx.keys:
                        row = per_topic.setdefault(key, [[] for _ in scores])
                        for k, score in enumerate(scores):
                            row[k].append(score)
                agent.last = None
                _, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            counts["episodes"] += 1
        env.close()
    return rewards, counts


def choose(
    rewards: dict[str, Any], *, min_turns: int = MIN_TURNS
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Per language, topic and decision key, the candidate with the best mean reward over
    the key's train turns (ties go to the more frequent candidate); keys seen fewer than
    ``min_turns`` times are left out (the planner then backs off to a less specific key).

    Returns:
        ``({lang: {topic: {key: pair index}}}, summary)``; the summary gives per key the
        turns, the chosen pair and every pair's mean (pair 0 is the empty text with all
        order rows: the extractor's answer).
    """
    choice: dict[str, Any] = {}
    summary: dict[str, Any] = {}
    for lang, topics in sorted(rewards.items()):
        for topic, keys in sorted(topics.items()):
            picks, info = {}, {}
            for key, rows in sorted(keys.items()):
                n = len(rows[0])
                if n < min_turns and key:
                    continue
                means = [sum(r) / n for r in rows]
                k = max(range(len(rows)), key=lambda i: (round(means[i], 9), -i))
                picks[key] = k
                info[key] = {
                    "turns": n,
                    "chosen": k,
                    "means": [round(m, 4) for m in means],
                }
            choice.setdefault(lang, {})[topic] = picks
            summary.setdefault(lang, {})[topic] = info
    return choice, summary


def fingerprint(path: Path, settings: dict[str, Any]) -> str:
    """The cache key: the train split's file hashes, :data:`FIT_VERSION` and the settings."""
    info = read_manifest(path)
    files = {
        kind: (info.files.get(kind) or {}).get(FIT_SPLIT, "")
        for kind in ("sessions", "patients")
    }
    hashes = {k: info.sha256.get(f, "") for k, f in files.items()}
    if not all(hashes.values()):  # no recorded hash: hash the files themselves
        hashes = {
            k: hashlib.sha256((path / f).read_bytes()).hexdigest() if f else ""
            for k, f in files.items()
        }
    blob = json.dumps(
        {"version": FIT_VERSION, "train": hashes, "settings": settings}, sort_keys=True
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def cache_file(key: str, cache_dir: str | Path | None = None) -> Path:
    """Where the table with cache key ``key`` is kept."""
    root = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return root / "knowledge_free" / f"{key}.json"


def fit(
    dataset: str | Path | None = None,
    *,
    max_sessions: int = MAX_SESSIONS,
    per_topic: int = PER_TOPIC,
    seed: int = 0,
    search: bool = True,
    languages: Sequence[str] = LANGUAGES,
) -> dict[str, Any]:
    """Fit a table on the train split of ``dataset`` (no cache; see the module docstring)."""
    t0 = time.perf_counter()
    path = resolve(dataset)
    data = split_data(path, FIT_SPLIT)
    sample = sample_sessions(
        data.sessions, max_sessions=max_sessions, per_topic=per_topic, seed=seed
    )
    table = learn_table(data, seed=seed)
    counts = {"episodes": 0, "gradings": 0}
    table["choice"], table["rewards"] = {}, {}
    if search:
        rewards, counts = reward_search(table, path, sample, languages)
        table["choice"], table["rewards"] = choose(rewards)
    table["fit"] = {
        "version": FIT_VERSION,
        "split": FIT_SPLIT,
        "train_sessions": len(data.sessions),
        "sample_sessions": len(sample),
        "sample_turns": sum(len(s.turns) for s in sample),
        "languages": list(languages),
        "seed": seed,
        "max_sessions": max_sessions,
        "per_topic": per_topic,
        **counts,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    return table


def fitted_table(
    dataset: str | Path | None = None,
    *,
    max_sessions: int | None = None,
    per_topic: int | None = None,
    seed: int = 0,
    search: bool = True,
    cache: bool = True,
    cache_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The table fitted on ``dataset``'s train split: from memory, the cache file, or fitted
    now (and cached). ``search=False`` skips the reward search (enough for the extractor)."""
    path = resolve(dataset)
    settings = {
        "max_sessions": max_sessions or MAX_SESSIONS,
        "per_topic": per_topic or PER_TOPIC,
        "seed": seed,
        "search": search,
    }
    key = fingerprint(path, settings)
    with _LOCK:
        if key in _MEMORY and cache:
            return _MEMORY[key]
        file = cache_file(key, cache_dir)
        if cache and file.is_file():
            try:
                table = json.loads(file.read_text(encoding="utf-8"))
                if table.get("fit", {}).get("version") == FIT_VERSION:
                    _MEMORY[key] = table
                    return table
            except (OSError, ValueError) as exc:
                log.warning(
                    "ignoring the unreadable knowledge-free cache %s: %s", file, exc
                )
        table = fit(
            path,
            max_sessions=settings["max_sessions"],
            per_topic=settings["per_topic"],
            seed=seed,
            search=search,
        )
        table["fit"]["fingerprint"] = key
        table = json.loads(
            json.dumps(table, ensure_ascii=False)
        )  # as a cache read gives it
        if cache:
            tmp = f"{file.name}.tmp{os.getpid()}"
            write_text_safe(
                file.parent, tmp, json.dumps(table, ensure_ascii=False, sort_keys=True)
            )
            os.replace(file.parent / tmp, file)
            _MEMORY[key] = table
        return table


def clear_memory() -> None:
    """Forget the tables held in memory (the cache files stay)."""
    with _LOCK:
        _MEMORY.clear()


__all__ = [
    "CALL_TURNS",
    "FIT_SPLIT",
    "FIT_VERSION",
    "MAX_SESSIONS",
    "MIN_TURNS",
    "PER_TOPIC",
    "cache_file",
    "choose",
    "clear_memory",
    "fingerprint",
    "fit",
    "fitted_table",
    "reward_search",
    "sample_sessions",
]
