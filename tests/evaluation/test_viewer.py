"""``physassist view``: the static site, its escaping, and a headless Chromium load."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from physassist_env.cli.main import main
from physassist_env.evaluation import viewer
from physassist_env.evaluation.report import NotARunError
from physassist_env.scenarios.model import Evidence, Provenance, Text

EVIL = '<script>alert("pwned")</script>'
CRITERION = "States the latest potassium with its unit"
CRITERION_ZH = "说明最新的血钾及单位"


def _turn(sid: str, lang: str, i: int, score: float, answer: str) -> dict[str, Any]:
    return {
        "index": i,
        "request": f"What is the potassium? ({i})",
        "tool_calls": [
            {"name": "Observation.search", "arguments": {"code": "potassium"}},
            {"name": "medication_adherence", "arguments": {"medication": "lisinopril"}},
        ],
        "outcomes": [
            {
                "name": "Observation.search",
                "kind": "ehr",
                "ok": True,
                "text": "K 5.9 mmol/L (H)",
            },
            {
                "name": "medication_adherence",
                "kind": "patient",
                "ok": True,
                "text": "I take it every morning.",
            },
        ],
        "answer": answer,
        "termination": "answer_given",
        "result": {
            "run_id": "view-run",
            "session_id": sid,
            "language": lang,
            "scenario": "med_safety",
            "tier": "L2",
            "arc_index": 0,
            "turn_index": i,
            "task_type": "IL",
            "implicitness": "explicit",
            "score": score,
            "n_items": 2,
            "items": [
                {
                    "id": f"t{i}-i0",
                    "met": True,
                    "points": 1.0,
                    "tags": ["value"],
                    "reason": "mentions '5.9'",
                },
                {
                    "id": f"t{i}-i1",
                    "met": False,
                    "points": -2.0,
                    "tags": ["safety"],
                    "reason": f"reason with {EVIL}",
                },
            ],
            "grader": {"name": "rules", "args": {}},
        },
    }


@pytest.fixture
def run(tmp_path: Path) -> Path:
    path = tmp_path / "view-run"
    path.mkdir()
    config = {
        "run_id": "view-run",
        "dataset": str(tmp_path / "no-dataset"),
        "languages": ["en", "zh"],
        "agent": {"name": "hand", "args": {}},
    }
    (path / "config.json").write_text(json.dumps(config))
    episodes = [
        {
            "session_id": "sess-alpha",
            "language": "en",
            "trial": 0,
            "turns": [
                _turn("sess-alpha", "en", 0, 1.0, f"Potassium 5.9 mmol/L {EVIL}"),
                _turn("sess-alpha", "en", 1, 0.5, "ok"),
            ],
        },
        {
            "session_id": "sess-beta",
            "language": "zh",
            "trial": 0,
            "turns": [_turn("sess-beta", "zh", 0, 0.7, "血钾 5.9 mmol/L")],
        },
        {
            "session_id": "sess-gamma",
            "language": "en",
            "trial": 0,
            "error": "Boom <b>x</b>",
        },
    ]
    (path / "episodes.jsonl").write_text(
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in episodes)
    )
    return path


@pytest.fixture
def criteria(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rubric criteria as the dataset would give them (no dataset build needed)."""

    def fake(config: Any) -> dict[str, Any]:
        row = Evidence(
            resource="Observation/lab-42",
            table="hosp/labevents",
            row={"labevent_id": "42"},
            value=5.9,
            time="2180-05-06T08:00:00",
        )
        item = SimpleNamespace(
            id="t0-i0",
            criterion=Text(en=CRITERION, zh=CRITERION_ZH),
            provenance=Provenance(basis="record", evidence=[row]),
        )
        answer = [Provenance(basis="record", evidence=[row], claim="5.9 <i>mmol/L</i>")]
        turn = SimpleNamespace(rubric=[item], answer_provenance=answer)
        situ = Text(en="Hyperkalaemia on lisinopril", zh="高钾血症")
        return {
            sid: SimpleNamespace(turns=[turn, turn], situation=situ)
            for sid in ("sess-alpha", "sess-beta")
        }

    monkeypatch.setattr(viewer, "_criteria", fake)


def test_site_written_and_escaped(
    run: Path, criteria: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["view", str(run)]) == 0
    index = Path(capsys.readouterr().out.strip())
    assert index == (run / "site" / "index.html").resolve()
    html = index.read_text()
    for sid in ("sess-alpha", "sess-beta", "sess-gamma"):
        assert sid in html
    assert 'href="episodes/sess-alpha--en--t0.html"' in html
    page = (run / "site" / "episodes" / "sess-alpha--en--t0.html").read_text()
    assert EVIL not in page and "<b>x</b>" not in html
    assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;" in page
    assert (
        CRITERION in page
        and "Patient reply" in page
        and "I take it every morning." in page
    )
    assert "not met" in page and "-2" in page and "potassium" in page
    # provenance: the row the item and the gold answer's value rest on, escaped
    assert "Observation/lab-42" in page and "hosp/labevents labevent_id=42" in page
    assert "5.9 &lt;i&gt;mmol/L&lt;/i&gt;" in page and "<i>mmol" not in page
    zh = (run / "site" / "episodes" / "sess-beta--zh--t0.html").read_text()
    assert CRITERION_ZH in zh and CRITERION not in zh
    err = (run / "site" / "episodes" / "sess-gamma--en--t0.html").read_text()
    assert "Boom &lt;b&gt;x&lt;/b&gt;" in err
    for p in (run / "site").rglob("*.html"):  # self-contained: nothing fetched
        text = p.read_text()
        assert "http://" not in text and "https://" not in text and "<link" not in text


def test_without_dataset_and_errors(
    run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = viewer.write_site(run, tmp_path / "out")
    page = (index.parent / "episodes" / "sess-alpha--en--t0.html").read_text()
    assert "(criterion unavailable)" in page and "t0-i0" in page
    with pytest.raises(NotARunError):
        viewer.write_site(tmp_path / "nope")
    assert main(["view", str(tmp_path)]) == 2
    assert "not an evaluation run" in capsys.readouterr().err


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _chromium(
    url: str, tmp_path: Path, *extra: str
) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    cmd = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        f"--user-data-dir={profile}",
        "--window-size=1200,1400",
        *extra,
        url,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (apt-get update && apt-get install -y chromium)",
)
def test_chromium_loads_site(run: Path, criteria: None, tmp_path: Path) -> None:
    index = viewer.write_site(run)
    dom = _chromium(index.resolve().as_uri(), tmp_path, "--dump-dom").stdout
    assert "sess-alpha" in dom and "sess-beta" in dom and "sess-gamma" in dom
    assert '<table id="sessions">' in dom
    page = index.parent / "episodes" / "sess-alpha--en--t0.html"
    dom = _chromium(page.resolve().as_uri(), tmp_path, "--dump-dom").stdout
    assert CRITERION in dom and "sess-alpha" in dom
    assert "<script>alert" not in dom  # escaped text, never a script element
    assert "&lt;script&gt;" in dom
    shot = tmp_path / "episode.png"
    _chromium(page.resolve().as_uri(), tmp_path, f"--screenshot={shot}")
    assert shot.exists() and shot.read_bytes()[:4] == b"\x89PNG"
    assert shot.stat().st_size > 10_000
