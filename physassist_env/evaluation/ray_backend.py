"""``--backend ray``: shard a run's episodes over a Ray cluster (a local one by default)."""

from __future__ import annotations

from collections.abc import Callable

from physassist_env.evaluation.episodes import error_record, run_episode
from physassist_env.evaluation.records import EpisodeRecord, EvalConfig


def run_on_ray(
    config: EvalConfig,
    todo: list[tuple[str, str, int]],
    store: Callable[[EpisodeRecord], None],
    *,
    shards: int | None = None,
) -> None:
    """Run ``todo`` as Ray tasks (one shard each) and store records as shards finish.

    Connects to ``RAY_ADDRESS`` when set, else starts a local Ray. The driver alone
    writes the run folder, so resume semantics are those of the local backend. A shard
    stops at an episode whose failure stops the run (``stops_run``); the driver then
    reports it as the local backend does.

    Raises:
        ImportError: With the install command when Ray is missing.
    """
    try:
        import ray
    except ImportError as exc:
        raise ImportError(
            'the Ray backend needs Ray: pip install "physassistbench[ray]"'
        ) from exc
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False)
    n = shards or max(
        1, min(len(todo), int(ray.available_resources().get("CPU", 1)) * 2)
    )
    chunks = [todo[i::n] for i in range(n) if todo[i::n]]

    @ray.remote
    def shard(cfg_json: str, keys: list[tuple[str, str, int]]) -> list[str]:
        cfg = EvalConfig.model_validate_json(cfg_json)
        out = []
        for key in keys:
            try:
                rec = run_episode(cfg, tuple(key))  # type: ignore[arg-type]
            except Exception as exc:  # recorded as an error episode, retried on resume
                rec = error_record(tuple(key), exc)  # type: ignore[arg-type]
            out.append(rec.model_dump_json())
            if rec.stops_run:
                break  # the endpoint fails every episode the same way
        return out

    pending = [shard.remote(config.model_dump_json(), chunk) for chunk in chunks]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for line in ray.get(ready[0]):
            store(EpisodeRecord.model_validate_json(line))
