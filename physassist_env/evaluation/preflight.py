"""The agent's pre-flight check: once per run, before the first episode.

An agent with a ``preflight()`` method (see :mod:`physassist_env.agents.base`) checks
what every episode needs (optional packages, a reachable endpoint, the model) and finds
out what the run must apply to every episode (e.g. prompted tools for an endpoint that
drops them). :func:`run_preflight` records the result in the run's configuration, so
``config.json`` says why a run used the tools it used.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from physassist_env.agents.base import Preflight
from physassist_env.evaluation.episodes import agent_for
from physassist_env.evaluation.records import EvalConfig

log = logging.getLogger(__name__)


def run_preflight(
    config: EvalConfig, *, say: Callable[[str], None] | None = None
) -> EvalConfig:
    """``config`` with ``preflight`` filled in by its agent's check.

    Args:
        config: The run configuration.
        say: Called with each note of the check (default: a log warning).

    Returns:
        The configuration with ``preflight = {"args", "notes", "facts"}``.

    Raises:
        physassist_env.agents.PreflightError: The agent cannot run (one line).
        ImportError: A package the agent needs is missing (with the install line).
    """
    agent = agent_for(config.model_copy(update={"preflight": None}))
    check = getattr(agent, "preflight", None)
    found = check() if callable(check) else Preflight()
    for note in found.notes:
        (say or log.warning)(note)
    return config.model_copy(
        update={
            "preflight": {
                "args": dict(found.args),
                "notes": list(found.notes),
                "facts": dict(found.facts),
            }
        }
    )
