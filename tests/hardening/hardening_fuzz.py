"""Fuzz targets and hypothesis strategies shared by the hardening tests and ``benchmarks/fuzz.py``.

Each ``check_*`` function feeds one adversarial input to a target, asserts that nothing
raised, that the error (if any) says ``ERROR`` with a specific diagnostic, and counts the
input in :data:`COUNTS`. ``run_all(scale)`` runs every target with hypothesis and returns
the counts (inputs tried, errors seen, unhandled exceptions).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any
from urllib.parse import quote

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from physassist_env.ehr.toolkit import TOOL_METHODS, TOOL_PARAMS
from physassist_env.env.prompts import ANSWER_TOOL, PHYSICIAN_TOOL
from physassist_env.patient.interview import TOOL_NAMES as PATIENT_TOOLS

#: ``target -> inputs tried`` and ``target/errors -> error observations checked``.
COUNTS: Counter[str] = Counter()

#: Text of a catch-all handler (an exception that no specific check anticipated).
INTERNAL = re.compile(
    r"failed: [A-Z]\w*(Error|Exception)|could not answer \(|internal error"
)

ALL_TOOLS = [*TOOL_METHODS, *PATIENT_TOOLS, PHYSICIAN_TOOL, ANSWER_TOOL]
PARAM_NAMES = sorted({p for spec in TOOL_PARAMS.values() for p in spec}) + [
    "question",
    "focus",
    "answer",
    "patient_id",
    "subject_id",
    "hadm_id",
]

# ------------------------------------------------------------------ strategies
nasty_text = st.one_of(
    st.text(max_size=60),
    st.text(
        alphabet=st.characters(min_codepoint=0, max_codepoint=0x1F), max_size=20
    ),  # control characters
    st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "\ud800",  # lone surrogate
            "\U0001f600" * 3,
            "血钾 正常吗？",
            "‮RTL",
            "None",
            "null",
            "2024-13-45",
            "ge2020-01-01",
            "le",
            "1e309",
            "-1",
            "0",
            "../../etc/passwd",
            "'; DROP TABLE x; --",
            "<script>alert(1)</script>",
            "%00",
            "a" * 2001,
            "x" * 40_000,
        ]
    ),
)

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        nasty_text,
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.one_of(st.sampled_from(PARAM_NAMES), st.text(max_size=8)),
            children,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


def _nested(depth: int, kind: str) -> Any:
    """A dict or list nested ``depth`` levels deep, built without recursion."""
    top: Any = {} if kind == "dict" else []
    cur = top
    for _ in range(depth):
        nxt: Any = {} if kind == "dict" else []
        if kind == "dict":
            cur["a"] = nxt
        else:
            cur.append(nxt)
        cur = nxt
    return top


huge_ints = st.integers(4_301, 6_000).map(lambda d: 10**d)
#: Python values a model wrapper can hand over that JSON cannot carry (or only unboundedly).
hostile_values = st.one_of(
    huge_ints,
    huge_ints.map(lambda n: -n),
    st.sets(st.integers(), max_size=3),
    st.frozensets(st.text(max_size=3), max_size=3),
    st.binary(max_size=10),
    st.builds(bytearray, st.binary(max_size=5)),
    st.sampled_from([100_000, 5_000, 65]).flatmap(
        lambda d: st.sampled_from(["dict", "list"]).map(lambda k: _nested(d, k))
    ),
    st.just(object()),
    st.just(complex(1, 2)),
    st.dictionaries(
        st.tuples(st.integers(), st.integers()), st.integers(), min_size=1, max_size=2
    ),
    st.dictionaries(st.sampled_from(PARAM_NAMES), huge_ints, min_size=1, max_size=2),
)
hostile_arguments = st.one_of(
    hostile_values,
    st.dictionaries(
        st.sampled_from(PARAM_NAMES), hostile_values, min_size=1, max_size=3
    ),
    st.integers(4_301, 6_000).map(lambda d: '{"count": 1' + "0" * d + "}"),  # JSON text
)

tool_names = st.one_of(
    st.sampled_from(ALL_TOOLS),
    st.sampled_from(ALL_TOOLS).map(lambda n: n.replace(".", "_")),
    st.sampled_from(ALL_TOOLS).map(str.lower),
    st.sampled_from(ALL_TOOLS).map(lambda n: f"  {n}\n"),
    nasty_text,
)

tool_arguments = st.one_of(
    st.dictionaries(st.sampled_from(PARAM_NAMES), json_values, max_size=5),
    st.dictionaries(st.text(max_size=10), json_values, max_size=3),
    json_values,
    json_values.map(lambda v: json.dumps(v)),
    json_values.map(lambda v: json.dumps(v)[:-1]),  # broken JSON
    st.integers(1, 3000).map(lambda d: "[" * d + "]" * d),  # deep nesting
    st.integers(1, 3000).map(lambda d: '{"a":' * d + "1" + "}" * d),
)


def _deep(d: int) -> str:
    return (
        '{"name": "Observation.search", "arguments": '
        + '{"a":' * d
        + "1"
        + "}" * d
        + "}"
    )


text_actions = st.one_of(
    st.text(max_size=200),
    nasty_text,
    st.builds(
        lambda n, a: json.dumps({"name": n, "arguments": a}, ensure_ascii=False),
        tool_names,
        tool_arguments,
    ),
    st.builds(
        lambda n, a, cut: json.dumps({"name": n, "arguments": a})[:cut],
        tool_names,
        tool_arguments,
        st.integers(0, 60),
    ),  # truncated JSON
    st.integers(1, 10_000).map(_deep),
    st.integers(1, 15_000).map(lambda d: "<tool_call>" + "[" * d),
    st.integers(1, 15_000).map(lambda d: "[" * d + "]" * d),
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "<tool_call>",
                    "</tool_call>",
                    "<think>",
                    "</think>",
                    "{",
                    "}",
                    '"name"',
                    ":",
                    '"arguments"',
                    ",",
                    '"Observation.search"',
                    "[",
                    "]",
                ]
            ),
            st.sampled_from(ALL_TOOLS).map(json.dumps),
            nasty_text,
        ),
        max_size=25,
    ).map("".join),  # <tool_call> soup
    st.builds(
        lambda n, a: (
            f"<tool_call>{json.dumps({'name': n, 'arguments': a})}</tool_call>"
        ),
        tool_names,
        tool_arguments,
    ),
    st.integers(32_000, 33_000).map(lambda n: "a" * n),
    st.builds(  # integers longer than Python's 4,300-digit str<->int limit, in JSON text
        lambda n, d, tag: (
            f'<tool_call>{{"name": "{n}", "arguments": {{"count": {"9" * d}}}}}</tool_call>'
            if tag
            else f'{{"name": "{n}", "arguments": {{"value": -{"1" * d}}}}}'
        ),
        st.sampled_from(ALL_TOOLS),
        st.integers(4_290, 6_000),
        st.booleans(),
    ),
    st.integers(4_290, 6_000).map(lambda d: "7" * d),
)

dict_actions = st.one_of(
    st.builds(
        lambda calls, content: {
            "role": "assistant",
            "content": content,
            "tool_calls": calls,
        },
        st.lists(
            st.one_of(
                st.builds(
                    lambda n, a, i: {
                        "id": i,
                        "type": "function",
                        "function": {"name": n, "arguments": a},
                    },
                    tool_names,
                    tool_arguments,
                    st.one_of(st.none(), st.text(max_size=5), st.integers()),
                ),
                json_values,
            ),
            min_size=1,
            max_size=3,
        ),
        st.one_of(st.none(), nasty_text, json_values),
    ),
    st.dictionaries(
        st.sampled_from(["content", "tool_calls", "role", "function"]),
        json_values,
        max_size=3,
    ),
    st.builds(  # sets, bytes, huge integers, 100k-deep nesting as arguments, ids or content
        lambda n, a, i, c: {
            "role": "assistant",
            "content": c,
            "tool_calls": [
                {"id": i, "type": "function", "function": {"name": n, "arguments": a}}
            ],
        },
        tool_names,
        st.one_of(hostile_arguments, tool_arguments),
        st.one_of(st.none(), st.text(max_size=3), hostile_values),
        st.one_of(st.none(), nasty_text, hostile_values),
    ),
    st.dictionaries(
        st.sampled_from(["content", "tool_calls", "role", "function"]),
        hostile_values,
        min_size=1,
        max_size=2,
    ),
)

actions = st.one_of(text_actions, dict_actions, json_values, hostile_values)


# ------------------------------------------------------------------ checks
def _diagnostic(text: str) -> bool:
    """An error text says ERROR and something specific (more than a bare word)."""
    m = re.search(r"ERROR:?\s*(.*)", text, re.DOTALL)
    return bool(m) and len(m.group(1).strip()) >= 12


def check_env_action(env: Any, action: Any) -> None:
    """One env.step: never raises; every failed call and unparsable action says why."""
    if env.episode is None or env.episode.done:
        env.reset(seed=COUNTS["env_action"])
    ep = env.episode
    n_before = sum(len(lg.outcomes) for lg in ep.logs)
    n_invalid_before = sum(lg.invalid_calls for lg in ep.logs)
    COUNTS["env_action"] += 1
    obs, reward, terminated, truncated, info = env.step(action)
    assert isinstance(obs, str) and isinstance(reward, float)
    outcomes = [o for lg in ep.logs for o in lg.outcomes][n_before:]
    for o in outcomes:
        assert not INTERNAL.search(o.text), (action, o.text)
        if not o.ok:
            COUNTS["env_action/errors"] += 1
            assert _diagnostic(o.text), (action, o.text)
    parse_errors = (
        sum(lg.invalid_calls for lg in ep.logs)
        - n_invalid_before
        - sum(not o.ok for o in outcomes)
    )
    if parse_errors:
        COUNTS["env_action/errors"] += 1
        assert _diagnostic(obs), (action, obs)
    json.dumps(info["messages"], ensure_ascii=False)  # the chat stays serialisable
    if terminated or truncated:
        env.reset(seed=COUNTS["env_action"])


def check_toolkit(toolkit: Any, name: Any, arguments: Any) -> None:
    """One EhrToolkit.call: never raises, errors are OperationOutcomes that say why."""
    COUNTS["toolkit_call"] += 1
    result = toolkit.call(name, arguments)
    assert not INTERNAL.search(result.text), (name, arguments, result.text)
    if not result.ok:
        COUNTS["toolkit_call/errors"] += 1
        assert result.resource["resourceType"] == "OperationOutcome"
        assert _diagnostic(result.text), (name, arguments, result.text)


def check_patient_tool(env: Any, name: str, arguments: Any) -> None:
    """A patient/physician tool call through env.step as an OpenAI tool call."""
    COUNTS["patient_tool"] += 1
    check_env_action(
        env,
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {"id": "c", "function": {"name": name, "arguments": arguments}}
            ],
        },
    )
    COUNTS["env_action"] -= 1


# ------------------------------------------------------------------ server
RESOURCE_TYPES = [
    "Patient",
    "Encounter",
    "Condition",
    "Observation",
    "MedicationRequest",
    "MedicationAdministration",
    "Procedure",
    "DiagnosticReport",
    "DocumentReference",
    "AllergyIntolerance",
    "CarePlan",
    "ServiceRequest",
    "Flag",
]
SEARCH_NAMES = [
    "code",
    "patient",
    "subject",
    "date",
    "status",
    "category",
    "_sort",
    "_count",
    "_offset",
    "_id",
    "_format",
    "_summary",
    "clinical-status",
    "code:text",
    "date:missing",
    "value-quantity",
    "_include",
    "_elements",
]
query_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            "ge2020",
            "le2099-12-31",
            "gt2020-01-01T00:00:00Z",
            "eq",
            "2020-02-30",
            "-date",
            "date",
            "foo",
            "-1",
            "0",
            "99999999999999999999",
            "http://loinc.org|",
            "|",
            "||",
            ",,,",
            "Patient/",
            "x" * 5000,
            "\x00",
            "json",
            "xml",
        ]
    ),
)
query_pairs = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(SEARCH_NAMES), st.text(max_size=12)), query_text
    ),
    max_size=6,
)
paths = st.one_of(
    st.sampled_from(RESOURCE_TYPES),
    st.sampled_from(RESOURCE_TYPES).map(lambda t: f"{t}/_search"),
    st.builds(
        lambda t, i: f"{t}/{i}", st.sampled_from(RESOURCE_TYPES), st.text(max_size=12)
    ),
    st.builds(lambda i: f"Patient/{i}/$everything", st.text(max_size=8)),
    st.text(max_size=20),
    st.just("metadata"),
)
content_types = st.one_of(
    st.sampled_from(
        [
            "application/fhir+json",
            "application/json",
            "application/x-www-form-urlencoded",
            "text/plain",
            "application/xml",
            "",
            "multipart/form-data; boundary=x",
            "application/fhir+json; charset=latin-1",
        ]
    ),
    st.text(max_size=15),
)


def _body(resource_type: str, value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, dict):
        value = {"resourceType": resource_type, **value}
    return json.dumps(value).encode()


bodies = st.one_of(
    st.binary(max_size=200),
    json_values,
    st.dictionaries(
        st.sampled_from(
            [
                "medicationCodeableConcept",
                "subject",
                "status",
                "intent",
                "code",
                "category",
                "dosageInstruction",
                "id",
                "meta",
            ]
        ),
        json_values,
        max_size=5,
    ),
    st.integers(1, 5000).map(lambda d: ("[" * d + "]" * d).encode()),
    st.integers(1, 5000).map(lambda d: ('{"a":' * d + "1" + "}" * d).encode()),
    st.just(b"x" * 1_100_000),
    st.just(b"\xff\xfe\x00{"),
)


def check_server(
    client: Any, method: str, path: str, pairs: list, ctype: str, body: Any
) -> None:
    """One HTTP request: never a 500; every error is an OperationOutcome with diagnostics."""
    COUNTS["server_request"] += 1
    rtype = path.split("/")[0] or "Patient"
    headers = {"content-type": ctype} if ctype else {}
    try:
        resp = client.request(
            method,
            "/" + quote(path, safe="/$"),
            params=pairs,
            content=_body(rtype, body) if method == "POST" else None,
            headers=headers,
        )
    except (UnicodeEncodeError, httpx.InvalidURL, httpx.LocalProtocolError):
        # httpx refuses to send a URL/header that is not encodable; nothing reached the server
        COUNTS["server_request/not_sendable"] += 1
        return
    assert resp.status_code < 500, (
        method,
        path,
        pairs,
        resp.status_code,
        resp.text[:500],
    )
    if method == "HEAD":
        return
    data = resp.json()
    if resp.status_code >= 400:
        COUNTS["server_request/errors"] += 1
        assert data["resourceType"] == "OperationOutcome", data
        diag = data["issue"][0]["diagnostics"]
        assert isinstance(diag, str) and len(diag) >= 12, data


# ------------------------------------------------------------------ runners
def _settings(n: int) -> settings:
    return settings(
        max_examples=n,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )


def fuzz_env(env: Any, n: int) -> None:
    """Run ``n`` random actions through ``env.step``."""

    @_settings(n)
    @given(actions)
    def run(action: Any) -> None:
        check_env_action(env, action)

    run()


def fuzz_patient_tools(env: Any, n: int) -> None:
    """Run ``n`` random patient/physician/answer tool calls through ``env.step``."""

    @_settings(n)
    @given(
        st.sampled_from(
            [*PATIENT_TOOLS, PHYSICIAN_TOOL, ANSWER_TOOL, "patient.ask", "Ask_Patient"]
        ),
        st.one_of(tool_arguments, hostile_arguments),
    )
    def run(name: str, arguments: Any) -> None:
        check_patient_tool(env, name, arguments)

    run()


def fuzz_toolkit(toolkit: Any, n: int) -> None:
    """Run ``n`` random EHR tool calls through ``EhrToolkit.call``."""

    @_settings(n)
    @given(
        st.one_of(tool_names, hostile_values),
        st.one_of(tool_arguments, hostile_arguments),
    )
    def run(name: Any, arguments: Any) -> None:
        check_toolkit(toolkit, name, arguments)

    run()


def fuzz_server(client: Any, n: int) -> None:
    """Run ``n`` random HTTP requests against a live FHIR server."""

    @_settings(n)
    @given(
        st.sampled_from(["GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE"]),
        paths,
        query_pairs,
        content_types,
        bodies,
    )
    def run(method: str, path: str, pairs: list, ctype: str, body: Any) -> None:
        check_server(client, method, path, pairs, ctype, body)

    run()
