"""``physassist review`` access: the guard's Host and token rules, the token as a browser's
Basic password, and refused judgements."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from physassist_env.cli.main import main
from physassist_env.server.review import ReviewData, create_review_app


@pytest.fixture(scope="module")
def data(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> ReviewData:
    folder = tmp_path_factory.mktemp("review-access") / "data"
    shutil.copytree(built_dataset, folder)
    return ReviewData(folder)


def _basic(user: str, password: str) -> dict[str, str]:
    raw = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"authorization": f"Basic {raw}"}


def test_token_as_bearer_or_basic_password(data: ReviewData) -> None:
    app = create_review_app(data, allowed_hosts={"testserver"}, token="s3cret")
    with TestClient(app) as client:
        refused = client.get("/")
        assert refused.status_code == 401
        assert refused.headers["www-authenticate"].startswith("Basic")
        assert client.get("/", headers=_basic("dr", "wrong")).status_code == 401
        assert client.get("/", headers={"authorization": "Basic !!"}).status_code == 401
        assert client.get("/", headers=_basic("dr", "s3cret")).status_code == 200
        meta = client.get("/api/meta", headers={"authorization": "Bearer s3cret"})
        assert meta.status_code == 200 and meta.json()["sessions"] == len(data.sessions)
        other = client.get(
            "/", headers=_basic("dr", "s3cret") | {"host": "evil.example"}
        )
        assert other.status_code == 403


def test_bad_judgements_are_refused_and_nothing_is_written(data: ReviewData) -> None:
    app = create_review_app(data, allowed_hosts={"testserver"})
    s = next(iter(data.sessions.values()))
    item = s.turns[0].rubric[0].id
    bad = [
        {
            "reviewer": "dr",
            "session_id": s.session_id,
            "turn": 0,
            "item": item,
            "verdict": "meh",
        },
        {
            "reviewer": "../x",
            "session_id": s.session_id,
            "turn": 0,
            "item": item,
            "verdict": "wrong",
        },
        {
            "reviewer": "dr",
            "session_id": s.session_id,
            "turn": 9,
            "item": item,
            "verdict": "wrong",
        },
        {
            "reviewer": "dr",
            "session_id": s.session_id,
            "turn": 0,
            "item": None,
            "verdict": "wrong",
        },
        {
            "reviewer": "dr",
            "session_id": s.session_id,
            "turn": 0,
            "item": item,
            "fits": True,
        },
        ["not", "an", "object"],
    ]
    with TestClient(app) as client:
        for body in bad:
            r = client.post("/api/review", json=body)
            assert r.status_code == 422, (body, r.text)
        assert not (data.folder / "reviews").exists() or not list(
            (data.folder / "reviews").iterdir()
        )
        ok = client.post(
            "/api/review",
            json={
                "reviewer": "dr",
                "session_id": s.session_id,
                "turn": 0,
                "fits": True,
            },
        )
        assert (
            ok.status_code == 200 and ok.json()["saved"]["dataset"] == data.fingerprint
        )


def test_remote_bind_needs_opt_in_and_token(
    built_dataset: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PHYSASSIST_REVIEW_TOKEN", raising=False)
    args = ["review", "--dataset", str(built_dataset), "--host", "0.0.0.0"]
    assert main(args) == 2
    assert "--allow-remote" in capsys.readouterr().err
    assert main([*args, "--allow-remote"]) == 2
    assert "token" in capsys.readouterr().err
