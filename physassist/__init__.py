"""Hub entry points named ``physassist``.

* verifiers: ``--env.taskset.id physassist``. verifiers imports the taskset id as a
  top-level module and takes the ``Taskset``, ``Env`` and ``Harness`` subclasses it
  exports via ``__all__``; they live in :mod:`physassist_env.adapters.verifiers_taskset`
  (needs the ``[verifiers]`` extra) and are imported on first access, so that
  :mod:`physassist.client` loads without verifiers.
* OpenEnv: ``AutoEnv.from_env("physassist", base_url=...)`` finds the client classes in
  :mod:`physassist.client` (through the ``openenv-physassist`` distribution, see
  ``docs/adapters.md``; needs the ``[openenv]`` extra).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "PhysAssistConfig",
    "PhysAssistHarness",
    "PhysAssistTaskset",
    "PhysAssistVfEnv",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from physassist_env.adapters import verifiers_taskset

        return getattr(verifiers_taskset, name)
    raise AttributeError(f"module 'physassist' has no attribute {name!r}")
