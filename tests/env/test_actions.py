"""Every accepted tool-call encoding, and garbage, parse without raising."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from physassist_env.env.actions import MAX_ACTION_CHARS, parse_action


def test_openai_tool_calls_with_string_or_object_arguments():
    a = parse_action(
        {
            "role": "assistant",
            "content": "checking",
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {
                        "name": "Observation.search",
                        "arguments": '{"code": "K"}',
                    },
                },
                {
                    "id": "c2",
                    "type": "function",
                    "function": {
                        "name": "MedicationRequest.search",
                        "arguments": {"medication": "lisinopril"},
                    },
                },
            ],
        }
    )
    assert a.error is None and [c.name for c in a.calls] == [
        "Observation.search",
        "MedicationRequest.search",
    ]
    assert a.calls[0].arguments == '{"code": "K"}' and a.calls[1].arguments == {
        "medication": "lisinopril"
    }
    assert a.calls[0].id == "c1" and a.content == "checking"


def test_hermes_bare_json_and_lists():
    a = parse_action(
        '<think>plan</think>Let me look.<tool_call>{"name": "Observation.search", "arguments": {"code": "K"}}</tool_call><tool_call>{"name": "Patient.read", "arguments": {}}</tool_call>'
    )
    assert [c.name for c in a.calls] == [
        "Observation.search",
        "Patient.read",
    ] and a.content == "Let me look."
    assert (
        parse_action('{"name": "Patient.read", "parameters": {}}').calls[0].name
        == "Patient.read"
    )
    assert (
        len(parse_action('[{"name": "a", "arguments": {}}, {"name": "b"}]').calls) == 2
    )


def test_answers_and_think_blocks():
    a = parse_action(
        "<think>the potassium is high</think>Potassium is 5.8 mEq/L, high."
    )
    assert a.answer == "Potassium is 5.8 mEq/L, high." and not a.calls
    assert (
        parse_action('{"potassium": 5.8}').answer == '{"potassium": 5.8}'
    )  # JSON without a name is an answer
    assert parse_action({"role": "assistant", "content": "done"}).answer == "done"


def test_errors_say_what_was_expected():
    for bad in (
        '<tool_call>{"name": "x", "arguments": {</tool_call>',
        "<tool_call>[1,2]</tool_call>",
        "",
        "   ",
        42,
        None,
        {"tool_calls": "nope"},
        {"tool_calls": [{"function": {}}]},
        "x" * (MAX_ACTION_CHARS + 1),
    ):
        a = parse_action(bad)
        assert a.error and not a.calls and a.answer is None, bad
    assert (
        "expected" in parse_action("").error or "send either" in parse_action("").error
    )


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.binary().map(lambda b: b.decode("latin-1")),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=20),
            lambda c: (
                st.lists(c, max_size=4)
                | st.dictionaries(st.text(max_size=8), c, max_size=4)
            ),
            max_leaves=20,
        ),
    )
)
def test_parse_never_raises(value):
    action = (
        value
        if isinstance(value, str)
        else json.dumps(value)
        if not isinstance(value, dict)
        else value
    )
    a = parse_action(action)
    assert (a.error is not None) + bool(a.calls) + (a.answer is not None) == 1
