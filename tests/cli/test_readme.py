"""Every command of README.md, in order, in a temporary folder, on a tiny build.

The README's bash and python blocks are replayed as a new user would (the install itself
is this test environment's). To keep it to minutes, the embedded default dataset is a
tiny build (40 patients) placed where ``default_dataset`` looks, ``physassist build`` gets
``--patients 40 --test-per-cell 2`` and a few commands are shortened (:data:`SHORTER`);
the test checks that no full-size default was built behind its back, and prints the
slowest commands' seconds (``pytest -rP``).
Commands that need what a test cannot have (credentialed MIMIC-IV, your own FHIR export,
an OpenAI-compatible endpoint, the authors' release, an hour of training) are listed in
:data:`SKIP` with the reason; any other command must run and exit 0, so a README change
that breaks a command, or adds one this test does not know how to run, fails here.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.readme, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
WAIT_S = 300.0  # a guard against a hung command, far above a step on a loaded machine
DEMO = ROOT.parent / "shared" / "data" / "mimic-iv-demo-2.2"

#: (fragment of a command, why it is not run here)
SKIP = [
    ("pip install", "the install is the test environment's own"),
    ("python -m pytest", "the test suite itself"),
    ("python -m venv", "CI's hub environments (.ci/run makes and uses them)"),
    ("ruff ", "CI's lint step (.ci/run), not a README example"),
    ("~/mimic-iv-3.1", "needs credentialed MIMIC-IV"),
    ("--path export/", "needs your own FHIR export"),
    ("--agent openai", "needs an OpenAI-compatible endpoint"),
    ("python training/", "an hour or more on CPU; tests/training runs the scripts"),
    ("--source official", "needs the authors' release"),
    (
        "physassist serve-env",
        "a server that needs the [openenv] extra in its own environment",
    ),
    ("physassist serve-mcp", "a stdio server that needs the [mcp] extra"),
    (
        "physassist review --dataset",
        "a browser application; tests/server/test_review_browser.py drives it",
    ),
]
#: README fragment -> what runs here instead (same command, smaller)
SHORTER = {
    "physassist build ": "physassist build --patients 40 --test-per-cell 2 --no-progress ",
    # the hf agent on a tiny random model (../tiny-lm, made by ``workdir``): SmolLM2 (~35 s to
    # load in a fresh process, ~10 s per prompt) plays a whole session in
    # tests/agents/test_hf_agent.py::test_smollm2_runs_a_session (same run_eval, same
    # default model), and a fresh process runs the hf agent in its
    # test_concurrent_episodes_in_a_fresh_process
    "--agent hf --limit 20": (
        "--agent hf --model ../tiny-lm --limit 1 --languages en --max-tool-calls 1 "
        "--agent-arg max_new_tokens=8 --agent-arg device=cpu --no-progress"
    ),
    "synth --patients 100": "synth --patients 5",
    # the baselines (run from the clone's root in the README): the tiny default, fewer
    # bootstrap resamples; tests/evaluation/test_baselines_table.py checks the table
    "python baselines/reproduce.py": (
        f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'baselines' / 'reproduce.py'))} "
        "--n-boot 20"
    ),
    # validate's knowledge_free_bound: the policies are fitted on 6 of the 40-patient
    # build's train sessions (the full fit plays 250) and the bounds opened, since what
    # they score on such a build says nothing; tests/adapters/test_validate.py shows the
    # check pass and fail, docs/evaluation.md has the figures on real builds
    "validate --dataset physassistbench": (
        "validate --dataset physassistbench --knowledge-free-sessions 6 "
        "--knowledge-free-bound 1 --extractor-bound 1"
    ),
    # the demo's FHIR export: its first 10 patients (tests/sources/test_mimic.py converts
    # every demo patient; test_fhir_export.py exports 20 and rebuilds from them)
    "--out demo-fhir/": "--limit 10 --out demo-fhir/",
    # the demo served: one patient, the one the README's ehr command reads (loading all
    # 80 took a minute and 1.3 GB; tests/sources/test_mimic.py converts them all)
    "serve-fhir --source mimic-iv": "serve-fhir --patients 10000032 --source mimic-iv",
    "~/mimic-iv-demo-2.2": str(DEMO),
    "~/mimic-iv-demo": str(DEMO),
}


def readme_blocks() -> list[tuple[str, str]]:
    """``(language, code)`` of every bash and python block, in order."""
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```(bash|python)\n(.*?)```", text, flags=re.S)


def bash_commands(code: str) -> list[str]:
    """One command per line (continuations joined), ``&&`` chains split, comments kept."""
    joined = code.replace("\\\n", " ")
    out = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out += [part.strip() for part in line.split(" && ")]
    return out


def _skip_reason(command: str) -> str | None:
    for fragment, reason in SKIP:
        if fragment in command:
            return reason
    if "~/mimic-iv-demo" in command and not DEMO.is_dir():
        return f"needs the open MIMIC-IV demo in {DEMO}"
    if "--agent hf" in command and not all(
        importlib.util.find_spec(m) for m in ("torch", "transformers")
    ):
        return "the hf agent needs the [train] extra"
    return None


def _shorter(command: str) -> str:
    if command.startswith("physassist build") and not command.startswith(
        "physassist build "
    ):
        command += " "
    for fragment, replacement in SHORTER.items():
        command = command.replace(fragment, replacement)
    return command


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def workdir(
    tmp_path_factory: pytest.TempPathFactory, built_dataset: Path
) -> tuple[Path, dict[str, str]]:
    """An empty folder, an environment whose ``physassist`` is this checkout, a tiny
    build where the embedded default is looked for, and a tiny random chat model beside
    the folder (``../tiny-lm``) for ``eval --agent hf``."""
    base = tmp_path_factory.mktemp("readme")
    work = base / "work"
    work.mkdir()
    bin_dir = base / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "physassist"
    shim.write_text(
        f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m physassist_env.cli.main "$@"\n'
    )
    shim.chmod(0o755)
    env = dict(os.environ)
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p),
        PHYSASSIST_CACHE=str(base / "cache"),
        HF_DATASETS_CACHE=str(base / "hf-datasets"),
        HF_HUB_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        MPLBACKEND="Agg",
    )
    old = os.environ.get("PHYSASSIST_CACHE")
    os.environ["PHYSASSIST_CACHE"] = env["PHYSASSIST_CACHE"]
    try:
        from physassist_env.dataset.build import default_dataset_folder

        folder = default_dataset_folder()
    finally:
        if old is None:
            del os.environ["PHYSASSIST_CACHE"]
        else:
            os.environ["PHYSASSIST_CACHE"] = old
    folder.parent.mkdir(parents=True)
    shutil.copytree(built_dataset, folder)  # the same build (40 patients, 2 per cell)
    if all(importlib.util.find_spec(m) for m in ("torch", "transformers")):
        from tiny_lm import CHATML, build_tiny_lm

        build_tiny_lm(base / "tiny-lm", CHATML)  # ``--model ../tiny-lm`` (SHORTER)
    return work, env


def _serve(command: str, cwd: Path, env: dict[str, str]) -> None:
    """Start the server, wait for its 'serving' line and one answered request, stop it."""
    import httpx

    port = _free_port()
    command = command.replace("--port 8080", f"--port {port}")
    proc = subprocess.Popen(
        command,
        shell=True,
        cwd=cwd,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stderr is not None
        seen = []
        for _ in range(50):
            seen.append(proc.stderr.readline())
            if "serving" in seen[-1] or not seen[-1]:
                break
        assert "serving" in seen[-1] and f":{port}" in seen[-1], "".join(seen)
        # it listens once it said 'serving': a deadline only guards a hung server
        deadline, r = time.monotonic() + WAIT_S, None
        while r is None and time.monotonic() < deadline:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/metadata", timeout=WAIT_S)
            except httpx.TransportError:
                threading.Event().wait(0.1)
        assert r is not None, f"no answer from {command} within {WAIT_S} s"
        assert (
            r.status_code == 200 and r.json()["resourceType"] == "CapabilityStatement"
        )
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=WAIT_S)


def test_every_readme_command_runs_in_order(workdir) -> None:
    work, env = workdir
    ran: list[str] = []
    skipped: list[tuple[str, str]] = []
    seconds: list[tuple[float, str]] = []  # printed (pytest -rP) to see where time goes
    for language, code in readme_blocks():
        started = time.monotonic()
        if language == "python":
            proc = subprocess.run(
                [sys.executable, "-c", code],
                cwd=work,
                env=env,
                capture_output=True,
                text=True,
                timeout=2400,
            )
            assert proc.returncode == 0, f"{code}\n{proc.stderr[-3000:]}"
            ran.append(code.splitlines()[0])
            seconds.append((time.monotonic() - started, ran[-1]))
            continue
        for command in bash_commands(code):
            reason = _skip_reason(command)
            if reason:
                skipped.append((command, reason))
                continue
            command = _shorter(command)
            started = time.monotonic()
            if command.startswith("physassist serve-fhir") and "--port 8080" in command:
                _serve(command, work, env)
            else:
                proc = subprocess.run(
                    command,
                    shell=True,
                    cwd=work,
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=2400,
                )
                assert proc.returncode == 0, (
                    f"{command}\nstdout: {proc.stdout[-2000:]}\nstderr: {proc.stderr[-3000:]}"
                )
                assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
            ran.append(command)
            seconds.append((time.monotonic() - started, command))
    for took, command in sorted(seconds, reverse=True)[:12]:
        print(f"{took:7.1f} s  {command[:100]}")
    # the README's main job, its dataset, evaluation, report and EHR commands all ran
    for must in (
        "physassist eval --agent heuristic",
        "physassist build --patients 40",
        "physassist report runs/heuristic-test runs/oracle-test",
        "physassist view runs/heuristic-test",
        "physassist ehr --source synthetic --list-patients",
        "physassist serve-fhir --source synthetic",
        "physassist export --format official",
        "from datasets import load_dataset",
        "import gymnasium as gym",
    ):
        assert any(c.startswith(must) for c in ran), (must, ran)
    assert (work / "physassistbench" / "physassist.json").is_file()
    assert (work / "runs" / "heuristic-test" / "report" / "report.md").is_file()
    assert {c for c, _ in skipped} and all(r for _, r in skipped)
    # every command used the tiny default placed by ``workdir``: a second folder here is a
    # 1000-patient default built instead (the package's files changed during the run)
    defaults = sorted(
        p.name for p in (Path(env["PHYSASSIST_CACHE"]) / "datasets").iterdir()
    )
    assert len(defaults) == 1, defaults


def test_readme_commands_are_parsed() -> None:
    """The parser sees the README's blocks (guards against a silently empty replay)."""
    blocks = readme_blocks()
    commands = [
        c for lang, code in blocks if lang == "bash" for c in bash_commands(code)
    ]
    assert sum(lang == "python" for lang, _ in blocks) >= 3
    assert "physassist eval --agent heuristic" in commands
    assert any(
        c.startswith("physassist ehr --source mimic-iv") and "--date" in c
        for c in commands
    )
