"""Interrupted writers: each one SIGKILLed at seeded points of its own progress.

Every writer runs under ``killpoints.py``, which counts the file-system events of an
uninterrupted run (files opened for writing, renames, removals, folder swaps) and then
kills a run at chosen events: seeded random ones, plus each folder swap and the step
after it. No wall-clock sleep decides where a kill lands, so a loaded machine kills at
the same points as an idle one.

* A build and an export (both formats) replacing an earlier output with ``--overwrite``:
  after each kill the output is exactly the old one or exactly the new one (every file's
  bytes and mode), and once the killed process's guard has run, no staging folder,
  scratch folder or pickled record is left anywhere.
* An evaluation: killed runs resume to exactly the per-episode scores of an
  uninterrupted run (no episode lost, none run twice).
* ``report`` and ``view``: every file is its old or its new version, never cut off.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

KILLPOINTS = Path(__file__).with_name("killpoints.py")
KILLS = 3  # seeded random kill points per writer, besides the swap points
SETTLE_S = 120.0  # the most a killed process's guard may take to clean up


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PHYSASSIST_CACHE"] = str(root / "cache")
    env["KILL_ROOT"] = str(root)
    env.pop("KILL_AT", None)
    env.pop("KILL_LOG", None)
    return env


def _run(
    args: list[str], root: Path, *, kill_at: int = 0, log: Path | None = None
) -> subprocess.CompletedProcess:
    env = _env(root)
    env["KILL_AT"] = str(kill_at)
    if log is not None:
        env["KILL_LOG"] = str(log)
    return subprocess.run(
        [sys.executable, str(KILLPOINTS), *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _snapshot(path: Path) -> dict[str, tuple[str, int]] | None:
    """``relative path -> (sha256, mode)`` of every file and folder; None when absent."""
    if not path.exists():
        return None
    out: dict[str, tuple[str, int]] = {".": ("dir", stat.S_IMODE(path.stat().st_mode))}
    for p in sorted(path.rglob("*")):
        mode = stat.S_IMODE(p.lstat().st_mode)
        rel = p.relative_to(path).as_posix()
        if p.is_symlink():
            out[rel] = ("link", mode)
        elif p.is_dir():
            out[rel] = ("dir", mode)
        else:
            out[rel] = (hashlib.sha256(p.read_bytes()).hexdigest(), mode)
    return out


def _partial(out: Path) -> Path:
    """A build's resume store beside ``out`` (finished patient shards, kept on purpose
    after a kill so that the same command goes on from them; issue #40)."""
    return out.parent / f".{out.name}.partial"


def _restore(saved: Path | None, out: Path) -> None:
    """``out`` as it was before the run, and no resume store: each kill point is measured
    against the same run (one that starts afresh)."""
    shutil.rmtree(_partial(out), ignore_errors=True)
    if out.exists():
        shutil.rmtree(out)
    if saved is not None:
        shutil.copytree(saved, out, copy_function=shutil.copy2)
        os.chmod(out, saved.stat().st_mode)


def _leftovers(root: Path, out: Path) -> list[str]:
    """Staging or set-aside folders beside ``out``, scratch folders, pickled records
    (``["(changing)"]`` while the killed process's guard is still removing them: a folder
    that vanishes under the walk means the clean-up is under way, not done)."""
    try:
        return _walk_leftovers(root, out)
    except FileNotFoundError:
        return ["(changing)"]


def _walk_leftovers(root: Path, out: Path) -> list[str]:
    beside = [
        p.name
        for p in out.parent.iterdir()
        if p.name.startswith((f".{out.name}.tmp-", f".{out.name}.old-"))
    ]
    scratch = root / "cache" / "tmp"
    live = [p.name for p in scratch.iterdir()] if scratch.is_dir() else []
    keep = _partial(out)
    pickles = [
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.suffix in (".pkl", ".columns") and p.is_file() and keep not in p.parents
    ]
    if keep.is_dir():  # the resume store holds its key and whole shards, nothing else
        pickles += [
            str(p.relative_to(root))
            for p in keep.iterdir()
            if not (p.name == "key.json" or p.name.startswith("shard-"))
        ]
    return beside + live + pickles


def _settle(root: Path, out: Path) -> list[str]:
    """Wait for the killed process's guard to clean up; what is left after SETTLE_S."""
    deadline = time.monotonic() + SETTLE_S
    while (left := _leftovers(root, out)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@dataclass
class Outcome:
    events: int = 0
    points: list[int] = field(default_factory=list)
    old: int = 0
    new: int = 0
    finished: int = 0


def _kill_points(events: list[str], rng: random.Random) -> list[int]:
    """Seeded random events, each folder swap, and the step after the last swap."""
    n = len(events)
    points = {rng.randint(1, n) for _ in range(KILLS)}
    swaps = [i + 1 for i, e in enumerate(events) if e == "physassist.exchange"]
    points |= set(swaps) | {s + 1 for s in swaps if s < n}
    return sorted(points)


def _check_replacement(
    root: Path, out: Path, old_args: list[str], new_args: list[str], seed: int
) -> Outcome:
    """Kill ``new_args`` (which replaces ``old_args``' output) at its kill points."""
    res = _run(old_args, root)
    assert res.returncode == 0, res.stderr
    saved = root / "saved-old"
    shutil.copytree(out, saved, copy_function=shutil.copy2)
    os.chmod(saved, out.stat().st_mode)
    old = _snapshot(out)
    log = root / "events.txt"
    res = _run(new_args, root, log=log)
    assert res.returncode == 0, res.stderr
    new = _snapshot(out)
    assert new != old, "the two runs must give different outputs"
    events = log.read_text().split()
    assert "physassist.exchange" in events, "the output was not swapped in"
    outcome = Outcome(
        events=len(events), points=_kill_points(events, random.Random(seed))
    )
    for k in outcome.points:
        _restore(saved, out)
        res = _run(new_args, root, kill_at=k)
        if res.returncode == 0:
            outcome.finished += 1  # ran differently: fewer events than the count
        else:
            assert res.returncode == -9, f"kill at event {k}: {res.stderr[-2000:]}"
        left = _settle(root, out)
        assert not left, f"kill at event {k} of {len(events)} left {left}"
        now = _snapshot(out)
        assert now in (old, new), (
            f"kill at event {k} of {len(events)} ({events[k - 1]}): the output is "
            "neither the old nor the new one"
        )
        if now == old:
            outcome.old += 1
        else:
            outcome.new += 1
    # after a kill, a rerun gives the new output (a build goes on from the shards it
    # kept) and leaves no resume store
    _restore(saved, out)
    _run(new_args, root, kill_at=max(1, len(events) // 2))
    res = _run(new_args, root)
    assert res.returncode == 0, res.stderr
    assert _snapshot(out) == new
    assert not _partial(out).exists()
    assert outcome.old and outcome.new, (
        outcome
    )  # kills landed before and after the swap
    return outcome


def _report(name: str, o: Outcome) -> None:
    print(
        f"\n{name}: {o.events} events, killed at {len(o.points) - o.finished} of "
        f"{len(o.points)} points {o.points}: old output {o.old}, new output {o.new}, "
        "never a mix; nothing left behind"
    )


BUILD = [
    "build",
    "--source",
    "synthetic",
    "--patients",
    "12",
    "--test-per-cell",
    "1",
    "--workers",
    "1",
    "--no-progress",
]


def test_killed_build_leaves_the_old_or_the_new_dataset(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    outcome = _check_replacement(
        tmp_path,
        out,
        BUILD + ["--seed", "0", "--out", str(out)],
        BUILD + ["--seed", "1", "--out", str(out), "--overwrite"],
        seed=12,
    )
    _report("build --overwrite", outcome)
    # without --overwrite an existing build is never replaced
    res = _run(BUILD + ["--out", str(out)], tmp_path)
    assert res.returncode == 2 and "--overwrite" in res.stderr


def test_killed_official_export_leaves_the_old_or_the_new_export(
    built_dataset: Path, tmp_path: Path
) -> None:
    out = tmp_path / "release"
    base = ["export", "--format", "official", "--dataset", str(built_dataset)]
    outcome = _check_replacement(
        tmp_path,
        out,
        base + ["--split", "test", "--out", str(out)],
        base + ["--split", "all", "--out", str(out), "--overwrite"],
        seed=13,
    )
    _report("export --format official --overwrite", outcome)


def test_killed_fhir_ndjson_export_leaves_the_old_or_the_new_export(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    out = tmp_path / "fhir"
    base = ["export", "--format", "fhir-ndjson", "--source", "mimic-iv"]
    base += ["--path", str(synthetic_hospital), "--out", str(out)]
    outcome = _check_replacement(
        tmp_path,
        out,
        base + ["--limit", "2"],
        base + ["--limit", "4", "--overwrite"],
        seed=14,
    )
    _report("export --format fhir-ndjson --overwrite", outcome)
    # the synthetic hospital in MIMIC-IV layout is recognised as synthetic (its truth
    # file and generated subject ids): not credentialed, so not owner-only (a real
    # MIMIC-IV source's owner-only export: tests/hardening/test_private_data.py)
    modes = {rel: mode for rel, (_, mode) in _snapshot(out).items()}
    assert modes.pop(".") == 0o755 and set(modes.values()) == {0o644}, modes


def _scores(run: Path) -> dict[tuple, list]:
    out: dict[tuple, list] = {}
    for line in (run / "episodes.jsonl").read_text().splitlines():
        r = json.loads(line)
        key = (r["session_id"], r["language"], r["trial"])
        assert key not in out, f"duplicate episode {key}"
        out[key] = [(t["result"] or {}).get("score") for t in r["turns"]]
    return out


def test_killed_eval_resumes_to_identical_results(
    built_dataset: Path, tmp_path: Path
) -> None:
    rng = random.Random(7)
    base = [
        "eval",
        "--agent",
        "heuristic",
        "--dataset",
        str(built_dataset),
        "--languages",
        "en,zh",
        "--k",
        "2",
        "--limit",
        "6",
        "--no-progress",
        "--concurrency",
        "2",
    ]
    log = tmp_path / "events.txt"
    res = _run(base + ["--out", str(tmp_path / "full")], tmp_path, log=log)
    assert res.returncode == 0, res.stderr
    n = len(log.read_text().split())
    want = _scores(tmp_path / "full")
    run = tmp_path / "killed"
    killed = 0
    for _ in range(KILLS):
        # a resumed run has fewer events left: kill within its first half
        res = _run(base + ["--out", str(run)], tmp_path, kill_at=rng.randint(2, n // 2))
        killed += res.returncode == -9
        if (run / "episodes.jsonl").exists():
            raw = (run / "episodes.jsonl").read_bytes()
            if raw.endswith(
                b"\n"
            ):  # each complete line: no duplicate, the right scores
                assert all(want[k] == v for k, v in _scores(run).items())
    res = _run(base + ["--out", str(run)], tmp_path)
    assert res.returncode == 0, res.stderr
    got = _scores(run)
    assert got == want, "resumed run differs from the uninterrupted one"
    assert not [p for p in run.iterdir() if ".tmp-" in p.name]
    print(
        f"\neval: {killed}/{KILLS} runs killed at seeded events of {n}, "
        f"{len(got)} episodes, 0 lost, 0 duplicated"
    )
    assert killed >= 1


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_killed_report_and_view_leave_whole_files(
    built_dataset: Path, tmp_path: Path
) -> None:
    """Each file of a report or site is its old or its new version (they are written
    file by file, each one atomically), and the next run sweeps what a kill left."""
    runs = []
    for limit in ("2", "4"):
        run = tmp_path / f"run{limit}"
        args = ["eval", "--agent", "heuristic", "--dataset", str(built_dataset)]
        args += ["--limit", limit, "--no-progress", "--out", str(run)]
        assert _run(args, tmp_path).returncode == 0
        runs.append(run)
    rng = random.Random(15)
    for command in ("report", "view"):
        out = tmp_path / command
        old_args = [command, str(runs[0]), "--out", str(out)]
        new_args = [command, str(runs[1]), "--out", str(out)]
        assert _run(old_args, tmp_path).returncode == 0
        old = _files(out)
        log = tmp_path / "events.txt"
        assert _run(new_args, tmp_path, log=log).returncode == 0
        new = _files(out)
        events = len(log.read_text().split())
        for _ in range(KILLS):
            _run(old_args, tmp_path)
            res = _run(new_args, tmp_path, kill_at=rng.randint(1, events))
            assert res.returncode in (0, -9)
            for rel, data in _files(out).items():
                if ".tmp-" in rel:
                    continue  # a killed writer's partial file, swept by the next run
                assert data in (old.get(rel), new.get(rel)), (
                    f"{command}: {rel} is cut off"
                )
        assert _run(new_args, tmp_path).returncode == 0
        now = _files(out)
        assert not [rel for rel in now if ".tmp-" in rel]  # swept
        assert all(now[rel] == data for rel, data in new.items())
