"""Optional LM paraphrasing: rewrites kept only when entities, implicitness and gold survive."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))

from mock_openai import MockOpenAI, completion  # noqa: E402

from physassist_env.cli.main import main  # noqa: E402
from physassist_env.patient.llm import OpenAICompatBackend  # noqa: E402
from physassist_env.scenarios.model import Implicitness  # noqa: E402
from physassist_env.scenarios.requests.names import canonical, surfaces  # noqa: E402
from physassist_env.scenarios.requests.paraphrase import (  # noqa: E402
    paraphrase_sessions,
    problems,
)


def _rewriter():
    """Rewrites by a preamble; every third request is 'rewritten' into something that
    drops what it was about and adds a number (must be rejected)."""

    def script(body, n):
        prompt = body["messages"][-1]["content"]
        zh = "原话：" in prompt
        text = prompt.split("原话：" if zh else "Request: ", 1)[1]
        if n % 3 == 2:
            return completion({"content": "那个指标是 7 吗？" if zh else "Is it 7?"})
        return completion({"content": ("请问，" + text) if zh else f'"So, {text}"'})

    return script


def test_rewrites_are_kept_only_when_they_pass(synthetic_generated):
    sessions = synthetic_generated.sessions[:6]
    with MockOpenAI(_rewriter()) as mock:
        out, stats = paraphrase_sessions(
            sessions, OpenAICompatBackend(mock.base_url, "mock")
        )
        asked = len(mock.requests)
    turns = sum(len(s.turns) for s in sessions)
    assert asked == stats["tried"] == 2 * turns
    assert stats["kept"] > 0 and stats["rejected"] > 0
    assert stats["kept"] + stats["rejected"] == stats["tried"]
    for before, after in zip(sessions, out, strict=True):
        for a, b in zip(before.turns, after.turns, strict=True):
            assert a.gold_answer == b.gold_answer and a.rubric == b.rubric
            assert a.implicitness == b.implicitness
            assert "7" not in b.request.en and "7" not in b.request.zh
            for lang in ("en", "zh"):
                if lang in b.paraphrased:
                    assert b.request.get(lang) != a.request.get(lang)
                else:
                    assert b.request.get(lang) == a.request.get(lang)


def test_problems_name_what_a_rewrite_lost(synthetic_generated):
    turns = [t for s in synthetic_generated.sessions for t in s.turns]
    named = next(
        t
        for t in turns
        if t.implicitness == Implicitness.EXPLICIT
        and any(
            e.startswith("lab:")
            and any(n.lower() in t.request.en.lower() for n in surfaces(e)[0])
            for e in t.entities
        )
    )
    assert problems(named, "en", named.request.en) == []
    assert any("no longer named" in p for p in problems(named, "en", "What is it?"))
    assert any(
        "adds numbers" in p for p in problems(named, "en", named.request.en + " 42")
    )
    assert problems(named, "en", " ".join(["word"] * 30))[-1] == "too long"
    ae = next((t for t in turns if t.implicitness == Implicitness.AE), None)
    if ae is not None:
        assert any("refers back" in p for p in problems(ae, "en", "Is it working?"))
    hidden = [
        (t, e)
        for t in turns
        if t.implicitness in (Implicitness.NA, Implicitness.PE)
        for e in t.entities
        if (names := surfaces(e)[0])
        and not any(n.lower() in t.request.en.lower() for n in names)
    ]
    assert hidden, "no implicit turn leaves an entity unnamed"
    for t, e in hidden[:10]:
        spelled = f"{t.request.en} ({canonical(e)[0]})"
        assert any("left it implicit" in p for p in problems(t, "en", spelled)), spelled


def test_cli_paraphrase_needs_a_model_and_an_endpoint(tmp_path, capsys):
    code = main(
        [
            "build",
            "--out",
            str(tmp_path / "o"),
            "--paraphrase",
            "openai",
            "--model",
            "m",
        ]
    )
    assert code == 2
    assert "--base-url" in capsys.readouterr().err
