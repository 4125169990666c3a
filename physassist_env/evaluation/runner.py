"""``run_eval``: run an agent over sessions, concurrently, resumably, locally or on Ray.

``run_episode`` is re-exported from :mod:`physassist_env.evaluation.episodes`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from physassist_env.dataset import read_manifest
from physassist_env.env.data import resolve, split_data
from physassist_env.evaluation.episodes import (
    arun_episode,
    error_record,
    resolve_config,
    run_episode,
)
from physassist_env.evaluation.preflight import run_preflight
from physassist_env.evaluation.ray_backend import run_on_ray
from physassist_env.evaluation.records import (
    EpisodeRecord,
    EvalConfig,
    append_episode,
    read_episodes,
    versions,
    write_config,
)
from physassist_env.paths import (
    RunLock,
    make_private_dir,
    open_safe,
    sweep_partial_files,
)

log = logging.getLogger(__name__)
ERRORS = "errors.jsonl"

__all__ = ["ERRORS", "RunStopped", "episode_keys", "run_episode", "run_eval"]


class RunStopped(RuntimeError):
    """The run stopped at an episode whose failure would repeat in every other one
    (an endpoint that timed out or does not answer); says what was kept."""


def episode_keys(config: EvalConfig) -> list[tuple[str, str, int]]:
    """The (session_id, language, trial) keys a run covers, in order."""
    data = split_data(Path(config.dataset), config.split)
    sessions = [
        s
        for s in data.sessions
        if (not config.scenarios or s.scenario.value in config.scenarios)
        and (not config.tiers or s.tier.value in config.tiers)
    ]
    sessions = sessions[: config.limit] if config.limit else sessions
    return [
        (s.session_id, lang, trial)
        for trial in range(config.k)
        for lang in config.languages
        for s in sessions
    ]


def run_eval(
    config: EvalConfig,
    out: str | Path,
    *,
    progress: bool = True,
    on_episode: Callable[[EpisodeRecord], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> list[EpisodeRecord]:
    """Run (or resume) an evaluation into the run folder ``out``.

    The agent's pre-flight check runs first unless ``config.preflight`` is already set
    (:func:`~physassist_env.evaluation.preflight.run_preflight`; its notes are logged).
    Episodes already in ``out/episodes.jsonl`` are skipped; each finished episode is
    appended at once, so an interrupted run resumes with no duplicate and no loss.
    Episodes whose agent or infrastructure failed go to ``errors.jsonl`` and are
    retried by the next resume; a failure that would repeat in every episode (its
    exception's ``stops_run``: an endpoint that timed out or does not answer) stops
    the run at once, abandoning episodes in flight, and raises :class:`RunStopped`.
    ``KeyboardInterrupt`` (Ctrl-C) stops the run at once: it is re-raised without
    waiting for agent calls in flight, whose episodes are simply not kept.

    Args:
        config: The run's configuration.
        out: The run folder.
        progress: Show a progress bar.
        on_episode: Called with every finished (or failed) episode.
        on_start: Called once before any episode runs with ``(episodes already in the
            run folder, episodes the run covers)``: ``done > 0`` means a resume.

    Returns:
        Every completed episode of the run (earlier ones included).

    Raises:
        ValueError: When ``out`` holds a run with another configuration, or is not a
            folder.
        RunStopped: An episode failed in a way every other one would.
        physassist_env.agents.PreflightError: The agent's pre-flight check failed.
    """
    run = Path(out)
    if config.preflight is None:
        config = run_preflight(resolve_config(config))
    config = resolve_config(config).model_copy(
        update={
            "dataset": str(resolve(config.dataset)),
            "run_id": config.run_id or run.name,
            "versions": versions(),
        }
    )
    if run.exists() and not run.is_dir():
        raise ValueError(f"--out {run} is not a folder; choose another --out")
    run.mkdir(parents=True, exist_ok=True)
    if read_manifest(config.dataset).mimic_derived:
        make_private_dir(run)  # transcripts quote the records: credentialed data
    with RunLock(run):
        sweep_partial_files(run)  # what a killed writer of this folder left
        config = write_config(run, config)
        done = {r.key for r in read_episodes(run, repair=True)}
        keys = episode_keys(config)
        todo = [k for k in keys if k not in done]
        if on_start:
            on_start(len(keys) - len(todo), len(keys))
        bar = _Progress(len(todo), f"eval {config.agent['name']}", enabled=progress)
        store = _Store(run, bar, on_episode)
        try:
            if config.backend == "ray":
                run_on_ray(config, todo, store)
            else:
                _run_interruptible(
                    _run_local(config, todo, store), workers=max(1, config.concurrency)
                )
        finally:
            bar.close()
        store.raise_failure()
        if store.stopped is not None:
            raise RunStopped(
                f"stopped: {store.stopped}. {store.saved} episode(s) of this session "
                f"were saved in {run}; fix the cause and run the same command to resume "
                f"(the failed episode is in {run / ERRORS})"
            )
        return read_episodes(run)


def _run_interruptible(main: Coroutine[Any, Any, None], *, workers: int) -> None:
    """``asyncio.run(main)``, except that Ctrl-C does not wait for worker threads.

    ``asyncio.run`` joins the default executor before re-raising ``KeyboardInterrupt``,
    i.e. waits for every agent call in flight (seconds for a local model); here the
    executor is shut down without waiting and the interrupt propagates at once.
    """
    executor = ThreadPoolExecutor(
        max_workers=workers, thread_name_prefix="physassist-eval"
    )
    loop = asyncio.new_event_loop()
    loop.set_default_executor(executor)
    task = loop.create_task(main)
    try:
        loop.run_until_complete(task)
    except BaseException:
        task.cancel()
        with contextlib.suppress(BaseException):
            loop.run_until_complete(task)
        raise
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        loop.close()


class _Progress:
    """The episode progress bar, with rates measured from the first finished episode on.

    Loading the dataset, the agent (a model) and the first episode make the first
    episode much slower than the rest, so a rate over it predicts hours for a run of
    minutes; until an episode finishes the bar shows no rate and no ETA.
    """

    def __init__(self, total: int, desc: str, *, enabled: bool):
        self.total = total
        self.desc = desc
        self.enabled = enabled
        self.bar: Any = tqdm(
            total=total,
            desc=desc,
            unit="episode",
            disable=not enabled,
            leave=False,
            bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}, first episode]",
        )
        self.started = False

    def update(self, n: int = 1) -> None:
        """Count ``n`` finished episodes."""
        if self.started:
            self.bar.update(n)
            return
        self.bar.close()
        self.started = True
        self.bar = tqdm(
            total=self.total,
            desc=self.desc,
            unit="episode",
            disable=not self.enabled,
            initial=n,
        )

    def close(self) -> None:
        """Close the bar."""
        self.bar.close()


class RunWriteError(OSError):
    """The run folder could not be written (full disk, read-only ...); says what was kept."""


class _Store:
    """Appends finished episodes; after a write failure it stops new work and retries.

    Once a write fails, :attr:`failed` is set (no new episode starts); episodes still
    running are appended when they finish if the folder is writable again. Whatever is
    written is complete and kept; :meth:`raise_failure` reports the rest in one line.
    """

    def __init__(
        self,
        run: Path,
        bar: Any,
        on_episode: Callable[[EpisodeRecord], None] | None,
    ) -> None:
        self.run = run
        self.bar = bar
        self.on_episode = on_episode
        self.failed: OSError | None = None
        #: The error of the first episode whose failure stops the run.
        self.stopped: str | None = None
        #: Called once when an episode stops the run (cancels the others).
        self.on_stop: Callable[[], None] | None = None
        self.saved = 0
        self.unsaved = 0

    def __call__(self, record: EpisodeRecord) -> None:
        if record.stops_run and self.stopped is None:
            # "package.module.EndpointError: message" -> "message"
            error = (record.error or "").strip()
            self.stopped = error.split(": ", 1)[-1] if ": " in error else error
            if self.on_stop is not None:
                self.on_stop()
        try:
            if record.error:
                with open_safe(self.run, ERRORS, "a", encoding="utf-8") as fh:
                    fh.write(record.model_dump_json() + "\n")
                # an episode that stops the run is reported once, by RunStopped
                (log.info if record.stops_run else log.warning)(
                    "episode %s failed: %s", record.key, record.error
                )
            else:
                append_episode(self.run, record)
                self.saved += 1
        except OSError as exc:
            self.failed = self.failed or exc
            self.unsaved += record.error is None
            log.error("could not store episode %s: %s", record.key, exc)
            return
        self.bar.update(1)
        if self.on_episode:
            self.on_episode(record)

    def raise_failure(self) -> None:
        """Raise :class:`RunWriteError` when some write failed."""
        exc = self.failed
        if exc is None:
            return
        what = exc.strerror or str(exc)
        where = f": {exc.filename}" if exc.filename else ""
        raise RunWriteError(
            exc.errno or 0,
            f"could not write to the run folder {self.run} ({what}{where}); "
            f"{self.saved} episode(s) of this session were saved, {self.unsaved} finished one(s) "
            "could not be and will be run again; fix the folder and run the same command to resume",
        ) from exc


async def _run_local(
    config: EvalConfig,
    todo: list[tuple[str, str, int]],
    store: Callable[[EpisodeRecord], None],
) -> None:
    limit = asyncio.Semaphore(max(1, config.concurrency))

    async def one(key: tuple[str, str, int]) -> None:
        async with limit:
            if getattr(store, "failed", None) is not None:
                return  # the run folder cannot be written: start nothing new
            if getattr(store, "stopped", None) is not None:
                return  # an episode failed as every other one would
            try:
                record = await arun_episode(config, key)
            except Exception as exc:  # one episode's failure is recorded, not raised
                record = error_record(key, exc)
            store(record)

    tasks = [asyncio.ensure_future(one(k)) for k in todo]

    def stop_all() -> None:
        for task in tasks:
            if not task.done() and task is not asyncio.current_task():
                task.cancel()

    if isinstance(store, _Store):
        store.on_stop = stop_all
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException) and not isinstance(
            result, asyncio.CancelledError
        ):
            raise result
