"""Ctrl-C during ``physassist eval``: one line, no traceback, no wait for agent calls in
flight; the same command then says what it resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# A no-tool agent that hangs (60 s per call) after two episodes when SLEEPY=1.
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
            time.sleep(60)
        return super().act(messages, tools)

@register_agent("sleepy")
def sleepy():
    return Sleepy()

sys.exit(main(sys.argv[1:]))
"""


def _wait_for_lines(path: Path, n: int, proc: subprocess.Popen, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and len(path.read_text().splitlines()) >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.2)
    raise AssertionError(f"{path} never reached {n} lines")


def test_ctrl_c_keeps_episodes_and_the_rerun_resumes(built_dataset, tmp_path):
    out = tmp_path / "run"
    cmd = [sys.executable, "-c", SCRIPT, "eval", "--agent", "sleepy"]
    cmd += ["--dataset", str(built_dataset), "--limit", "3", "--languages", "en"]
    cmd += ["--concurrency", "1", "--no-progress", "--out", str(out)]
    proc = subprocess.Popen(
        cmd,
        env=dict(os.environ, SLEEPY="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for_lines(out / "episodes.jsonl", 2, proc, timeout=300)
    time.sleep(0.5)  # the third episode is now inside its 60 s agent call
    proc.send_signal(signal.SIGINT)
    # far less than the agent call in flight: the run does not wait for it
    _, err = proc.communicate(timeout=30)
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
