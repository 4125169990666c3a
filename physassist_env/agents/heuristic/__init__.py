"""``heuristic``: the rule-based template-matching baseline (see :mod:`.agent`).

Modules, each with one job: :mod:`.terms` (names from the public vocabulary),
:mod:`.intents` (keyword rules), :mod:`.plans` (tool calls per intent), :mod:`.parse`
(tool output readers), :mod:`.view` (this request's results), :mod:`.knowledge` (the
agent's own cited clinical rules), :mod:`.answers` (answer per intent).
"""

from __future__ import annotations

from physassist_env.agents.heuristic.agent import HeuristicAgent, heuristic

__all__ = ["HeuristicAgent", "heuristic"]
