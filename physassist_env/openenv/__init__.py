"""``PhysAssist-v0`` as an OpenEnv environment (needs the ``[openenv]`` extra).

* :mod:`.models`: the pydantic ``Action`` / ``Observation`` / ``State`` of the wire.
* :mod:`.environment`: :class:`PhysAssistEnvironment`, an OpenEnv ``Environment``
  over the Gymnasium env (the same episode core), with the task API and sessions.
* :mod:`.app`: :func:`make_app`, the FastAPI app ``physassist serve-env`` serves.

Import the submodules; this package imports nothing from ``openenv`` itself.
"""
