"""Ctrl-C during ``physassist eval``: one line, no traceback, no wait for agent calls in
flight; the same command then says what it resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# A no-tool agent that, when SLEEPY=1, hangs in its first call after two episodes (an hour:
# far longer than any test waits), first creating the file HANGING names.
SCRIPT = """
import os, sys, time
from physassist_env.agents.base import register_agent
from physassist_env.agents.simple import NoToolAgent
from physassist_env.cli.main import main

class Sleepy(NoToolAgent):
    started = 0
    def start(self, context):
        super().start(context)
        type(self).started += 1
    def act(self, messages, tools):
        if os.environ.get("SLEEPY") == "1" and type(self).started > 2:
            open(os.environ["HANGING"], "w").close()
            time.sleep(3600)
        return super().act(messages, tools)

@register_agent("sleepy")
def sleepy():
    return Sleepy()

sys.exit(main(sys.argv[1:]))
"""


def _wait_for(path: Path, proc: subprocess.Popen, guard: float = 600) -> None:
    """Wait until ``path`` exists (the event); ``guard`` seconds only stop a hung run."""
    end = time.monotonic() + guard
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, f"{path} never appeared"
        time.sleep(0.1)


def test_ctrl_c_keeps_episodes_and_the_rerun_resumes(built_dataset, tmp_path):
    out = tmp_path / "run"
    cmd = [sys.executable, "-c", SCRIPT, "eval", "--agent", "sleepy"]
    cmd += ["--dataset", str(built_dataset), "--limit", "3", "--languages", "en"]
    cmd += ["--concurrency", "1", "--no-progress", "--out", str(out)]
    hanging = tmp_path / "hanging"
    proc = subprocess.Popen(
        cmd,
        env=dict(os.environ, SLEEPY="1", HANGING=str(hanging)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(hanging, proc)  # two episodes kept, the third in its hour-long call
        proc.send_signal(signal.SIGINT)
        # the run does not wait for the call in flight (an hour); the guard stops a hang
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        f"interrupted: 2 of 3 episodes kept in {out}; run the same command to resume"
    )
    again = subprocess.run(
        cmd,
        env=dict(os.environ, SLEEPY="0"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert (
        f"resuming {out}: 2 of 3 episodes already done, running the other 1"
        in again.stderr
    )
    assert again.stdout.startswith(f"3/3 episodes in {out}")
