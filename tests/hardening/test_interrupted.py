"""Interrupted work: builds and evaluations killed (SIGKILL) at seeded random moments.

A killed build leaves the out folder absent, empty or holding the complete previous
build, and a rerun gives byte-identical files; a killed evaluation resumes to exactly
the per-episode scores of an uninterrupted run.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "physassist_env.cli.main"]
BUILD = [
    "build",
    "--source",
    "synthetic",
    "--patients",
    "25",
    "--test-per-cell",
    "1",
    "--no-progress",
]
KILLS = 3


def _files(path: Path) -> dict[str, str]:
    return {
        str(p.relative_to(path)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(path.rglob("*"))
        if p.is_file()
    }


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        CLI + args, cwd=cwd, capture_output=True, text=True, timeout=120
    )


def _kill_after(args: list[str], cwd: Path, delay: float) -> bool:
    """Start ``args``, SIGKILL it after ``delay`` s; True when it was still running."""
    proc = subprocess.Popen(
        CLI + args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    time.sleep(delay)
    alive = proc.poll() is None
    if alive:
        proc.kill()
    proc.wait(timeout=60)
    return alive


def _complete(path: Path) -> bool:
    manifest = json.loads((path / "physassist.json").read_text())
    files = _files(path)
    return all(files.get(rel) == sha for rel, sha in manifest["sha256"].items())


#: Wall seconds of the uninterrupted runs: the kills land at seeded fractions of them, so a
#: faster machine still kills mid-way (fixed 1-6 s delays had let a 25-patient build finish).
DURATION: dict[str, float] = {}


def _timed(args: list[str], cwd: Path, key: str) -> subprocess.CompletedProcess:
    t0 = time.perf_counter()
    res = _run(args, cwd)
    DURATION[key] = time.perf_counter() - t0
    return res


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ref") / "ds"
    res = _timed(BUILD + ["--out", str(out)], out.parent, "build")
    assert res.returncode == 0, res.stderr
    return out


def test_killed_build_leaves_no_partial_dataset(
    reference: Path, tmp_path: Path
) -> None:
    rng = random.Random(12)
    ref = _files(reference)
    out = tmp_path / "ds"
    killed = 0
    for attempt in range(KILLS):
        args = BUILD + ["--out", str(out)] + (["--overwrite"] if out.exists() else [])
        killed += _kill_after(
            args, tmp_path, rng.uniform(0.15, 0.85) * DURATION["build"]
        )
        if out.exists() and any(out.iterdir()):
            assert _complete(out), (
                f"attempt {attempt}: partial dataset {sorted(_files(out))}"
            )
            assert _files(out) == ref
    res = _run(BUILD + ["--out", str(out), "--overwrite"], tmp_path)
    assert res.returncode == 0, res.stderr
    assert _files(out) == ref
    # without --overwrite an existing build is never replaced
    res = _run(BUILD + ["--out", str(out)], tmp_path)
    assert res.returncode != 0 and "overwrite" in res.stderr
    print(
        f"\nbuild: {killed}/{KILLS} runs killed mid-way, rerun byte-identical ({len(ref)} files)"
    )
    assert killed >= 1


def _scores(run: Path) -> dict[tuple, list]:
    out: dict[tuple, list] = {}
    lines = (run / "episodes.jsonl").read_text().splitlines()
    for line in lines:
        r = json.loads(line)
        key = (r["session_id"], r["language"], r["trial"])
        assert key not in out, f"duplicate episode {key}"
        out[key] = [(t["result"] or {}).get("score") for t in r["turns"]]
    return out


def test_killed_eval_resumes_to_identical_results(
    reference: Path, tmp_path: Path
) -> None:
    rng = random.Random(7)
    base = [
        "eval",
        "--agent",
        "heuristic",
        "--dataset",
        str(reference),
        "--languages",
        "en,zh",
        "--k",
        "2",
        "--no-progress",
        "--concurrency",
        "2",
    ]
    res = _timed(base + ["--out", str(tmp_path / "full")], tmp_path, "eval")
    assert res.returncode == 0, res.stderr
    want = _scores(tmp_path / "full")
    run = tmp_path / "killed"
    killed = 0
    for _ in range(KILLS):
        killed += _kill_after(
            base + ["--out", str(run)],
            tmp_path,
            rng.uniform(0.15, 0.85) * DURATION["eval"],
        )
        if (run / "episodes.jsonl").exists():
            _scores_partial = (
                _scores  # each partial file: no duplicate, no torn record kept
            )
            got = (
                {k: v for k, v in _scores_partial(run).items()}
                if (run / "episodes.jsonl").read_bytes().endswith(b"\n")
                else None
            )
            if got is not None:
                assert all(want[k] == v for k, v in got.items())
    res = _run(base + ["--out", str(run)], tmp_path)
    assert res.returncode == 0, res.stderr
    got = _scores(run)
    assert got == want, "resumed run differs from the uninterrupted one"
    print(
        f"\neval: {killed}/{KILLS} runs killed mid-way, {len(got)} episodes, 0 lost, 0 duplicated"
    )
    assert killed >= 1
