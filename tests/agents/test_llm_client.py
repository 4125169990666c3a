"""The shared OpenAI-compatible client (physassist_env.llm.openai_compat) against the mock server."""

from __future__ import annotations

import logging

import pytest
from mock_openai import MockOpenAI, Reply, text_reply

from physassist_env.llm.openai_compat import ChatClient, EndpointError

BODY = {"model": "mock", "messages": [{"role": "user", "content": "hello"}]}
KEY_ENV = "PHYSASSIST_TEST_LLM_KEY"
SECRET = "sk-llm-client-secret"


def _client(mock: MockOpenAI, purpose: str, **kw: object) -> ChatClient:
    return ChatClient(
        mock.base_url, "mock", purpose=purpose, api_key_env=KEY_ENV, backoff=0.0, **kw
    )


def test_retries_a_503_then_succeeds(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(KEY_ENV, SECRET)

    def script(body: dict, n: int) -> Reply:
        return Reply("busy", status=503) if n == 0 else text_reply("hi there")

    with MockOpenAI(script) as mock, caplog.at_level(logging.DEBUG):
        client = _client(mock, "agent")
        msg = client.complete(BODY)
    assert msg["content"] == "hi there"
    assert len(mock.requests) == 2 and client.requests == 2
    assert mock.requests[1]["headers"]["Authorization"] == f"Bearer {SECRET}"
    assert "HTTP 503" in caplog.text and SECRET not in caplog.text


def test_a_400_is_not_retried() -> None:
    with MockOpenAI(lambda body, n: Reply({"error": "bad"}, status=400)) as mock:
        client = _client(mock, "patient", max_retries=3)
        with pytest.raises(EndpointError, match="HTTP 400") as err:
            client.complete(BODY)
    assert err.value.status == 400 and len(mock.requests) == 1


def test_the_error_names_the_purpose(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, SECRET)
    with MockOpenAI(lambda body, n: Reply("down", status=500)) as mock:
        client = _client(mock, "judge", max_retries=1)
        with pytest.raises(EndpointError) as err:
            client.complete(BODY)
    text = str(err.value)
    assert text.startswith("judge model request to ") and "patient" not in text
    assert "2 attempt(s)" in text and "HTTP 500" in text and SECRET not in text
    assert len(mock.requests) == 2


def test_judge_backend_errors_say_judge() -> None:
    from physassist_env.grading.judge import make_backend

    with MockOpenAI(lambda body, n: Reply("down", status=502)) as mock:
        backend = make_backend("openai", "mock", base_url=mock.base_url)
        with pytest.raises(EndpointError, match=r"^judge model request") as err:
            backend.generate([{"role": "user", "content": "met?"}])
    # the judge grader retries calls itself, so its client does not
    assert err.value.status == 502 and len(mock.requests) == 1


def test_rejects_a_url_without_scheme() -> None:
    with pytest.raises(ValueError, match="http://"):
        ChatClient("localhost:8000/v1", "m", purpose="agent")
