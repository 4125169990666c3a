"""What an agent-side process may be given, and a probe of what files give away.

Hubs run the model (and whatever tools its harness has) in a process of its own. None
of ours gives that process files: the OpenEnv client talks HTTP, the MCP client gets
tools, and the verifiers harness offers only the benchmark's tools. When a runtime does
need files about the tasks, it gets the **agent view**: :func:`write_agent_view` writes
each session's agent-visible facts (:func:`agent_task`: id, index, patient, admission,
current date, number of turns; the same dict as OpenEnv's task API) and the tool
schemas, and nothing a grader holds (gold calls and answers, rubrics, hidden patient
facts).

:func:`readable_text` reads every file under some folders the way a process with file
access could (Parquet cells, JSON strings, text), and :class:`GoldReaderAgent` answers
a turn with its gold exactly when that gold answer is in such text: an upper bound on
any agent that reads files to cheat. ``physassist validate`` runs it on the agent view
(and on any ``--agent-paths``) and fails when it scores above the floor.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from physassist_env.agents.base import BaseAgent
from physassist_env.env.data import split_data
from physassist_env.tool_schemas import all_tool_schemas

#: Most bytes :func:`readable_text` reads (a cheater reads what it can; the probe is bounded).
MAX_READ = 512_000_000
#: The refusal the gold reader gives when it found nothing.
NOT_FOUND = {"en": "I cannot determine this.", "zh": "我无法确定。"}


def agent_task(session: Any, index: int) -> dict[str, Any]:
    """A session's agent-visible facts (no gold, no rubric, no hidden patient fact)."""
    return {
        "id": session.session_id,
        "index": index,
        "patient_id": session.patient_id,
        "hadm_id": session.hadm_id,
        "current_date": session.current_date,
        "n_turns": len(session.turns),
    }


def write_agent_view(dataset: Path, split: str, out: Path) -> Path:
    """Write the agent view of ``split`` into ``out`` (``tasks.jsonl``, ``tools.json``)."""
    out.mkdir(parents=True, exist_ok=True)
    sessions = split_data(dataset, split).sessions
    with (out / "tasks.jsonl").open("w", encoding="utf-8") as f:
        for i, s in enumerate(sessions):
            f.write(json.dumps(agent_task(s, i), ensure_ascii=False) + "\n")
    tools = {lang: all_tool_schemas(lang) for lang in ("en", "zh")}
    (out / "tools.json").write_text(
        json.dumps(tools, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return out


def normalise(text: str) -> str:
    """Whitespace folded and case lowered, for finding one text in another."""
    return re.sub(r"\s+", " ", text).strip().lower()


def readable_text(roots: Iterable[str | Path], *, max_bytes: int = MAX_READ) -> str:
    """Everything readable under ``roots`` as one normalised text.

    Parquet files give every string cell (JSON in a cell is decoded too), JSON and
    JSONL files their strings, other files their UTF-8 text. Unreadable files are
    skipped; reading stops after ``max_bytes``.
    """
    parts: list[str] = []
    budget = max_bytes
    for root in roots:
        for path in _files(Path(root)):
            if budget <= 0:
                break
            try:
                size = path.stat().st_size
                if path.suffix == ".parquet":
                    texts = _strings(pq.read_table(path).to_pylist())
                else:
                    raw = path.read_bytes()[:budget].decode("utf-8", errors="ignore")
                    texts = (
                        _strings(_maybe_json(raw))
                        if path.suffix
                        in (
                            ".json",
                            ".jsonl",
                        )
                        else [raw]
                    )
            except (OSError, ValueError, TypeError):
                continue
            budget -= size
            parts.extend(texts)
    return normalise("\n".join(parts))


def _files(root: Path) -> Iterable[Path]:
    if root.is_file():
        yield root
        return
    for base, _, names in os.walk(root):
        for name in sorted(names):
            yield Path(base) / name


def _maybe_json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        rows = []
        for line in raw.splitlines():
            try:
                rows.append(json.loads(line))
            except ValueError:
                rows.append(line)
        return rows


def _strings(value: Any) -> list[str]:
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            if item[:1] in "[{":
                try:
                    stack.append(json.loads(item))
                except ValueError:
                    pass
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


class GoldReaderAgent(BaseAgent):
    """Cheats with whatever files reveal: on a turn whose gold answer is in ``corpus``
    it plays that turn's gold calls and answer (as if it had read them there); on any
    other turn it answers "I cannot determine this".

    Privileged (the runner hands it the gold session) only to test whether the gold is
    in the corpus; it never answers with gold the corpus does not hold.
    """

    privileged = True

    def __init__(self, corpus: str):
        super().__init__()
        self.corpus = corpus
        self.found = 0
        self.turns = 0

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The gold of the open turn when the files hold it, else the refusal."""
        session = self.context["gold_session"]
        language = self.context.get("language", "en")
        requests = [
            i
            for i, m in enumerate(messages)
            if m["role"] == "user" and not str(m.get("content", "")).startswith("ERROR")
        ]
        turn = session.turns[len(requests) - 1]
        answer = turn.gold_answer.get(language)
        done = sum(
            len(m.get("tool_calls") or [])
            for m in messages[requests[-1] :]
            if m["role"] == "assistant"
        )
        if done == 0:
            self.turns += 1
        in_files = bool(answer) and normalise(answer) in self.corpus
        if in_files and done == 0:
            self.found += 1
        if in_files and done < len(turn.gold_actions):
            call = turn.gold_actions[done]
            return {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": f"reader_{turn.index}_{done}",
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments},
                    }
                ],
            }
        return answer if in_files else NOT_FOUND.get(language, NOT_FOUND["en"])
