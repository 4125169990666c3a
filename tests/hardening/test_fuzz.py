"""Property-based fuzzing of everything a model (or a FHIR client) can send.

Counts of inputs tried are in ``hardening_fuzz.COUNTS`` (printed at the end of the
module; ``benchmarks/fuzz.py`` runs the same targets at a larger scale).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hardening_fuzz import (
    COUNTS,
    fuzz_env,
    fuzz_patient_tools,
    fuzz_server,
    fuzz_toolkit,
)

from physassist_env.dataset import load_records
from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.server import BackgroundServer, create_app

N_ENV, N_PATIENT, N_TOOLKIT, N_SERVER = 600, 200, 1000, 600


#: How long a client waits for the server: a guard far above a request on a loaded
#: machine (httpx's default is 5 s), not a measure of speed.
WAIT_S = 120.0


@pytest.fixture(scope="module", autouse=True)
def report_counts() -> Iterator[None]:
    """Print the counts of inputs tried once the module's fuzzers have run (``-s``)."""
    yield
    print("\nhardening fuzz counts:", dict(sorted(COUNTS.items())))


@pytest.fixture(scope="module")
def env(built_dataset: Path) -> PhysAssistEnv:
    e = PhysAssistEnv(dataset=built_dataset, split="test", max_tool_calls_per_turn=16)
    e.reset(seed=0)
    return e


@pytest.fixture(scope="module")
def records(built_dataset: Path) -> list:
    return list(load_records(built_dataset, split="test").values())


@pytest.fixture(scope="module")
def client(records: list) -> Iterator[httpx.Client]:
    with BackgroundServer(create_app(FhirStore.from_records(records))) as srv:
        with httpx.Client(base_url=srv.url, timeout=WAIT_S) as c:
            yield c


def test_env_actions_never_crash(env: PhysAssistEnv) -> None:
    before = COUNTS["env_action"]
    fuzz_env(env, N_ENV)
    assert COUNTS["env_action"] - before >= N_ENV // 2


def test_patient_tools_never_crash(env: PhysAssistEnv) -> None:
    before = COUNTS["patient_tool"]
    fuzz_patient_tools(env, N_PATIENT)
    assert COUNTS["patient_tool"] - before >= N_PATIENT // 2


@pytest.mark.parametrize("language", ["en", "zh"])
def test_ehr_toolkit_never_raises(records: list, language: str) -> None:
    rec = records[0]
    view = FhirStore.from_records([rec]).view(rec.patient_id, None)
    before = COUNTS["toolkit_call/errors"]
    fuzz_toolkit(EhrToolkit(view, language=language), N_TOOLKIT // 2)
    assert COUNTS["toolkit_call/errors"] > before


def test_fhir_server_never_500(client: httpx.Client) -> None:
    before = COUNTS["server_request"]
    fuzz_server(client, N_SERVER)
    assert COUNTS["server_request"] - before >= N_SERVER // 2
