"""``physassist review`` end to end in headless Chromium, as a physician uses it.

One scripted review of one session (the steps a reviewer takes: open the session from the
link, mark items with the keyboard, correct one, answer "fits this patient" for each turn,
about twenty key presses and one typed correction), a reload that shows the review kept,
``kill -9`` of the server with every confirmed review still on disk, a second reviewer's
file merged, and ``physassist review apply`` writing a card with coverage and kappa.
Screenshots go to the test's temporary folder (``REVIEW_SHOTS=folder`` copies them there,
which is how ``docs/review-*.png`` were made).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from physassist_env.cli.main import main
from physassist_env.dataset.loader import load_sessions
from physassist_env.dataset.review import current_reviews, read_reviews, review_files

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cdp import CHROMIUM, Browser  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (apt-get update && apt-get install -y chromium)",
)


#: How long a client waits for the server: a guard far above a request on a loaded
#: machine (httpx's default is 5 s), not a measure of speed.
WAIT_S = 120.0


def _serve(dataset: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """Start ``physassist review`` on a free port; its process and base URL (read from the
    line it prints once listening)."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "physassist_env.cli.main",
            "review",
            "--dataset",
            str(dataset),
            "--port",
            "0",
            *extra,
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=os.environ.copy(),
    )
    assert proc.stderr is not None
    for line in proc.stderr:
        m = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if m:
            return proc, m.group(1)
    raise AssertionError(f"the server did not start (exit {proc.wait()})")


def _items_state(b: Browser) -> list[list[str]]:
    return b.eval(
        "Array.from(document.querySelectorAll('.item')).map(x => "
        "[x.dataset.item, x.dataset.turn, (x.className.match(/v-(\\w+)/) || ['', ''])[1]])"
    )


def test_review_in_the_browser(built_dataset: Path, tmp_path: Path) -> None:
    dataset = tmp_path / "data"
    shutil.copytree(built_dataset, dataset)
    sessions = {s.session_id: s for s in load_sessions(dataset, None)}
    session = next(
        s
        for s in sorted(sessions.values(), key=lambda s: s.session_id)
        if len(s.turns[0].rubric) >= 3
        and any(i.check.kind == "value" for i in s.turns[0].rubric)
    )
    n_items = sum(len(t.rubric) for t in session.turns)
    shots = tmp_path / "shots"
    shots.mkdir()
    proc, url = _serve(dataset, "--reviewer", "drA")
    browser = Browser(tmp_path / "profile")
    try:
        # the queue, stratified: one session per scenario x tier cell
        browser.goto(url)
        browser.wait_for("document.body.dataset.ready === '1'")
        browser.eval(
            "(() => { const x = document.querySelector('#f-per-cell'); x.value = '1';"
            " x.dispatchEvent(new Event('change')); })()"
        )
        cells = {(s.scenario, s.tier) for s in sessions.values()}
        browser.wait_for(
            f"document.querySelectorAll('#queue .row').length === {len(cells)}"
        )
        # step 1: open the session (a link to it, as a queue click does)
        browser.goto(url + "#" + session.session_id)
        browser.wait_for(
            f"document.querySelectorAll('.item').length === {n_items} "
            "&& document.body.dataset.ready === '1'"
        )
        browser.screenshot(shots / "review-session.png")
        text = browser.eval("document.querySelector('#main').innerText")
        assert session.turns[0].request.en.split()[0] in text
        assert session.turns[0].request.zh[:4] in text  # Chinese beside English
        # steps 2-n: every item by keyboard: first unsafe, second wrong, the rest correct
        first_turn = session.turns[0]
        for k in range(n_items):
            key = "u" if k == 0 else "w" if k == 1 else "c"
            browser.key(key)
            want = {"u": "unsafe", "w": "wrong", "c": "correct"}[key]
            browser.wait_for(
                f"document.querySelectorAll('.item')[{k}].classList.contains('v-{want}')"
            )
            browser.key("j")
        # each turn fits the patient (y on an item of the turn)
        for t in session.turns:
            browser.eval(
                f'document.querySelector(\'button[data-fits="yes"][data-turn="{t.index}"]\').click()'
            )
            browser.wait_for(
                f'document.querySelector(\'button[data-fits="yes"][data-turn="{t.index}"]\')'
                ".classList.contains('on')"
            )
        # correct the value item of turn 0: open it with 'e', type, save
        vk = next(k for k, i in enumerate(first_turn.rubric) if i.check.kind == "value")
        value_item = first_turn.rubric[vk]
        browser.eval(
            f"document.querySelectorAll('.item')[{vk}].querySelector('[data-edit]').click()"
        )
        browser.wait_for("document.activeElement.tagName === 'TEXTAREA'")
        browser.type("Corrected by the reviewer")
        browser.eval(
            f"document.querySelector('#fix-value-{value_item.id}-0').value = '7.5'"
        )
        browser.eval(
            f"document.querySelectorAll('.item')[{vk}].querySelector('[data-save]').click()"
        )
        browser.wait_for(
            f"document.querySelectorAll('.item')[{vk}].dataset.saved !== undefined"
        )
        browser.screenshot(shots / "review-correction.png")
        before = _items_state(browser)
        # reload: the review is kept
        browser.page("Page.reload")
        browser.wait_for(
            f"document.body.dataset.ready === '1' && document.querySelectorAll('.item').length === {n_items}"
        )
        assert _items_state(browser) == before
        assert (
            browser.eval(f"document.querySelector('#fix-en-{value_item.id}-0').value")
            == "Corrected by the reviewer"
        )
        browser.eval(
            "(() => { const x = document.querySelector('#f-state'); x.value = 'reviewed';"
            " x.dispatchEvent(new Event('change')); })()"
        )
        browser.wait_for(
            f"Array.from(document.querySelectorAll('#queue .row')).some(r => r.dataset.session === '{session.session_id}')"
        )
        browser.screenshot(shots / "review-queue.png")
    finally:
        browser.close()
        # kill -9: nothing confirmed to the browser may be lost
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    mine = current_reviews(read_reviews(review_files(dataset)))
    assert {r.reviewer for r in mine} == {"drA"}
    items = {(r.turn, r.item): r for r in mine if r.item}
    assert len(items) == n_items
    assert sum(r.fits is True for r in mine) == len(session.turns)
    fixed = items[(0, value_item.id)]
    assert fixed.correction is not None and fixed.correction.value == 7.5
    assert fixed.correction.en == "Corrected by the reviewer"

    # a second reviewer on a fresh server (reviewer id from the page, here the API)
    proc, url = _serve(dataset)
    try:
        with httpx.Client(base_url=url, timeout=WAIT_S) as client:
            for t in session.turns:
                for i in t.rubric:
                    r = client.post(
                        "/api/review",
                        json={
                            "reviewer": "drB",
                            "session_id": session.session_id,
                            "turn": t.index,
                            "item": i.id,
                            "verdict": "correct",
                        },
                    )
                    assert r.status_code == 200, r.text
            bad = client.post(
                "/api/review",
                json={"reviewer": "drB", "session_id": "nope", "turn": 0, "item": "x"},
            )
            assert bad.status_code == 422
            kept = client.get(
                f"/api/session/{session.session_id}", params={"reviewer": "drA"}
            ).json()
            assert kept["turns"][0]["items"][vk]["review"]["correction"]["value"] == 7.5
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert {p.name for p in review_files(dataset)} == {"drA.jsonl", "drB.jsonl"}

    # apply: a new dataset whose card shows coverage and kappa
    out = tmp_path / "reviewed"
    assert main(["review", "apply", "--dataset", str(dataset), "--out", str(out)]) == 0
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "### Clinician review" in card and "Cohen's kappa" in card
    review = json.loads((out / "physassist.json").read_text())["build"]["review"]
    assert review["reviewers"] == ["drA", "drB"]
    assert review["reviewed_sessions"] == [session.session_id]
    assert review["kappa"]["items"] == n_items
    assert review["corrected"] == 1
    if first_turn.rubric[0].critical or first_turn.rubric[1].critical:
        assert session.session_id in review["excluded"]
    else:
        kept_session = next(
            s for s in load_sessions(out, None) if s.session_id == session.session_id
        )
        ids = {i.id for i in kept_session.turns[0].rubric}
        assert first_turn.rubric[0].id not in ids or vk == 0
    exported = tmp_path / "bugs.md"
    assert (
        main(["review", "export", "--dataset", str(dataset), "--out", str(exported)])
        == 0
    )
    assert "unsafe" in exported.read_text(encoding="utf-8")
    for png in shots.iterdir():
        assert png.read_bytes()[:4] == b"\x89PNG"
    keep = os.environ.get("REVIEW_SHOTS")
    if keep:
        shutil.copytree(shots, keep, dirs_exist_ok=True)
