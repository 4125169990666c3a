"""A digest of everything the oracle sees and earns through ``PhysAssistEnv``, to show
that a change (e.g. a speed-up) leaves observations and rewards byte-identical.

Plays every session of a split with its gold tool calls and gold answer, in each
language, and hashes (sha256) every observation, reward, ``terminated``/``truncated``
flag and ``info`` (JSON, keys sorted) of every ``reset`` and ``step``. Run it with the
code before and after a change on the same build and compare the printed digests.

Run::

    python benchmarks/oracle_digest.py --dataset D --split test
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "c",
                "type": "function",
                "function": {"name": name, "arguments": args},
            }
        ],
    }


def _text(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()


def main(dataset: str | None, split: str, languages: list[str]) -> dict[str, Any]:
    """Play the oracle over the split; the digests per language and over all."""
    from physassist_env.env import PhysAssistEnv

    out: dict[str, Any] = {}
    total = hashlib.sha256()
    for language in languages:
        env = PhysAssistEnv(dataset=dataset, split=split, language=language)
        h = hashlib.sha256()
        steps = 0
        reward_sum = 0.0
        for s in env.data.sessions:
            obs, info = env.reset(options={"session_id": s.session_id})
            h.update(_text([obs, info]))
            for turn in s.turns:
                actions: list[Any] = [
                    _call(c.name, c.arguments) for c in turn.gold_actions
                ]
                actions.append(turn.gold_answer.get(language))
                for action in actions:
                    if env.episode is None or env.episode.done:
                        break
                    result = env.step(action)
                    h.update(_text(list(result)))
                    steps += 1
                    reward_sum += result[1]
        out[language] = {
            "sessions": len(env.data.sessions),
            "steps": steps,
            "reward_sum": round(reward_sum, 6),
            "sha256": h.hexdigest(),
        }
        total.update(h.digest())
    out["sha256"] = total.hexdigest()
    return out


if __name__ == "__main__":
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--dataset", default=None, help="a built dataset folder")
    p.add_argument("--split", default="test")
    p.add_argument("--languages", default="en,zh")
    a = p.parse_args()
    print(json.dumps(main(a.dataset, a.split, a.languages.split(",")), indent=2))
