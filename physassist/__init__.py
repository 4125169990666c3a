"""verifiers entry point: ``--env.taskset.id physassist`` (needs the ``[verifiers]`` extra).

verifiers imports a taskset id as a top-level module and takes the ``Taskset`` and
``Env`` subclasses it exports via ``__all__``; the implementation lives in
:mod:`physassist_env.adapters.verifiers_taskset`.
"""

from physassist_env.adapters.verifiers_taskset import (
    PhysAssistConfig,
    PhysAssistTaskset,
    PhysAssistVfEnv,
)

__all__ = ["PhysAssistConfig", "PhysAssistTaskset", "PhysAssistVfEnv"]
