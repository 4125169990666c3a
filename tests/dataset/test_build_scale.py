"""Building at scale: worker processes over patient shards give byte-identical datasets;
the prefilter ranks patients before converting them; records are streamed."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from physassist_env.dataset import build as build_module
from physassist_env.dataset import shards
from physassist_env.dataset.build import (
    AUTO_WORKERS,
    auto_workers,
    build_dataset,
    rank_patients,
)
from physassist_env.dataset.writer import record_columns
from physassist_env.sources import open_source


def _digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


#: the small sharded build of this module: 12 patients in 4 shards of 3
KW = {"patients": 12, "test_per_cell": 1, "progress": False}
SHARD = 3


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The digest of the in-process build (:data:`KW`, shards of :data:`SHARD`), which
    the process-pool and Ray builds below must reproduce byte for byte."""
    out = tmp_path_factory.mktemp("w1") / "w1"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shards, "SHARD_PATIENTS", SHARD)
        build_dataset("synthetic", out, workers=1, **KW)
    return _digest(out)


def test_workers_give_byte_identical_builds(
    one_worker: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shards, "SHARD_PATIENTS", SHARD)  # 12 patients -> 4 shards
    # workers read and convert their own shard's patients and keep their columns
    build_dataset("synthetic", tmp_path / "w2-spool", workers=2, **KW)
    # and the writer's records: kept by the workers or converted again, the same bytes
    monkeypatch.setattr(build_module, "SPOOL_PATIENTS", 0)
    build_dataset("synthetic", tmp_path / "w2", workers=2, **KW)
    two = _digest(tmp_path / "w2")
    assert one_worker == two == _digest(tmp_path / "w2-spool")
    assert any(name.endswith(".parquet") for name in one_worker)


def test_one_worker_of_a_larger_build_is_a_worker_process(
    one_worker: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above ``ONE_WORKER_IN_PROCESS`` patients, ``workers=1`` runs the session pass in
    one worker process (the hospital written in parts beside it): the in-process bytes."""
    monkeypatch.setattr(shards, "SHARD_PATIENTS", SHARD)
    monkeypatch.setattr(build_module, "ONE_WORKER_IN_PROCESS", SHARD)
    started: list[int] = []
    real = shards.start_pool
    monkeypatch.setattr(shards, "start_pool", lambda n: started.append(n) or real(n))
    build_dataset("synthetic", tmp_path / "w1-pool", workers=1, **KW)
    assert started == [1]
    assert _digest(tmp_path / "w1-pool") == one_worker


def test_fhir_workers_read_spooled_records(
    synthetic_records: list, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source that workers cannot open themselves (a FHIR export): the reading
    process converts and spools each record, the workers read the files; same bytes."""
    from physassist_env.sources.fhir_ndjson import export_fhir_ndjson

    export_fhir_ndjson(synthetic_records[:8], tmp_path / "fhir")
    monkeypatch.setattr(shards, "SHARD_PATIENTS", 2)
    kw = {"test_per_cell": 1, "progress": False}
    build_dataset("fhir", tmp_path / "w1", path=tmp_path / "fhir", workers=1, **kw)
    build_dataset("fhir", tmp_path / "w2", path=tmp_path / "fhir", workers=2, **kw)
    assert _digest(tmp_path / "w1") == _digest(tmp_path / "w2")


def test_worker_read_errors_name_the_file(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    """Workers convert their own patients from the reading process's Parquet cache,
    which ingests every table first: a corrupt table is reported by name, as in process."""
    import gzip
    import shutil

    from physassist_env.sources import SourceError

    broken = tmp_path / "h"
    shutil.copytree(synthetic_hospital, broken)
    labs = broken / "hosp" / "labevents.csv.gz"
    data = gzip.compress(gzip.decompress(labs.read_bytes()))
    labs.write_bytes(data[: len(data) // 2])
    for workers in (1, 2):
        with pytest.raises(SourceError, match=r"labevents\.csv\.gz"):
            build_dataset(
                "mimic-iv",
                tmp_path / f"out{workers}",
                path=broken,
                workers=workers,
                test_per_cell=1,
                progress=False,
            )


def test_data_account_merge_is_the_serial_account(
    synthetic_records: list,
) -> None:
    from physassist_env.dataset.account import DataAccount

    serial = DataAccount(keep=3)
    list(serial.watch(synthetic_records[:6]))
    merged = DataAccount(keep=3)
    for part in (synthetic_records[:2], synthetic_records[2:6]):
        got = DataAccount()
        list(got.watch(part))
        merged.merge(got)
    assert merged == serial


def test_auto_workers_one_per_shard_and_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "SHARD_PATIENTS", 10)
    monkeypatch.setattr(
        "os.sched_getaffinity", lambda _pid: {0, 1, 2, 3}, raising=False
    )
    assert auto_workers(0) == 1 and auto_workers(10) == 1  # one shard: in process
    assert auto_workers(11) == 2 == AUTO_WORKERS  # capped at AUTO_WORKERS
    monkeypatch.setattr("os.sched_getaffinity", lambda _pid: {0}, raising=False)
    assert auto_workers(1000) == 1  # never more than the usable CPUs


def test_shards_keep_order_and_reset_balance(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    src = open_source("mimic-iv", synthetic_hospital, cache_dir=tmp_path / "c")
    records = list(src.records())[:5]
    got = list(shards.candidates(records, seed=0, source="t", shard_size=2))
    assert [pid for pid, _ in got] == [r.patient_id for r in records]
    # a shard's result depends only on its own records
    alone = shards.shard_candidates(records[2:4], 0, "t")
    assert got[2:4] == alone
    # a record sent as its pickled file gives the same sessions
    files = []
    for i, r in enumerate(records[2:4]):
        (tmp_path / f"{i}.pkl").write_bytes(pickle.dumps(r))
        files.append(shards.RecordFile(r.patient_id, tmp_path / f"{i}.pkl"))
    assert shards.shard_candidates(files, 0, "t") == alone
    # ... and keeps the writer's columns of each patient with sessions
    for f, r, (_, sessions) in zip(files, records[2:4], alone, strict=True):
        kept = f.columns_path.exists()
        assert kept == bool(sessions)
        if kept:
            cols = pickle.loads(f.columns_path.read_bytes())
            assert cols == record_columns(r)
    assert [len(s) for s in shards.iter_shards(range(5), 2)] == [2, 2, 1]  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="backend"):
        list(shards.candidates(records, seed=0, source="t", backend="dask"))


def test_prefilter_ranks_by_data_and_drops_unadmitted(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    src = open_source("mimic-iv", synthetic_hospital, cache_dir=tmp_path / "c")
    ids = src.patient_ids()
    ranked = rank_patients(src, ids)
    admitted = src.subject_counts("admissions")
    assert set(ranked) == {p for p in ids if admitted[int(p)] > 0}
    labs = src.subject_counts("labevents")
    orders = src.subject_counts("prescriptions")
    emar = src.subject_counts("emar")
    dx = src.subject_counts("diagnoses_icd")
    scores = [labs[int(p)] + orders[int(p)] + emar[int(p)] + dx[int(p)] for p in ranked]
    assert scores == sorted(scores, reverse=True)


def test_ray_backend_gives_the_same_bytes(
    one_worker: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    ray_local,
) -> None:
    monkeypatch.setattr(shards, "SHARD_PATIENTS", SHARD)  # the local build's shards
    build_dataset("synthetic", tmp_path / "ray", workers=2, backend="ray", **KW)
    assert _digest(tmp_path / "ray") == one_worker


_RAY_BUILD = """
import json, sys
import ray
from physassist_env.dataset import shards
from physassist_env.dataset.build import build_dataset
shards.SHARD_PATIENTS = int(sys.argv[2])
build_dataset("synthetic", sys.argv[1], workers=2, backend="ray", **json.loads(sys.argv[3]))
nodes = [n for n in ray.nodes() if n["Alive"]]
print(json.dumps({"nodes": len(nodes), "cpus": ray.cluster_resources().get("CPU")}))
"""


def _ray_node(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """``ray start ... --block`` in its own process group, returned once the node says
    it started (read from its output: an event, not a sleep)."""
    proc = subprocess.Popen(
        ["ray", "start", *args, "--block"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,
    )
    seen = []
    assert proc.stdout is not None
    for line in proc.stdout:
        seen.append(line)
        if "Ray runtime started" in line:
            return proc
    raise AssertionError("ray start ended without starting:\n" + "".join(seen[-20:]))


def _stop(proc: subprocess.Popen[str]) -> None:
    """End a ``ray start --block`` and every process of its group."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=60)
            return
        except subprocess.TimeoutExpired:
            continue


def test_ray_cluster_of_two_nodes_gives_the_same_bytes(
    one_worker: dict[str, str], tmp_path: Path
) -> None:
    """A Ray cluster started as a user would (``ray start --head`` and a second node
    joining it): the head offers no CPU, so every shard runs on the second node; the
    build connects by address and writes the same bytes as the in-process build."""
    pytest.importorskip("ray")
    if shutil.which("ray") is None:
        pytest.skip("the ray command is not on PATH")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "RAY_AUTH_MODE": "disabled",  # a local test cluster: no token to hand around
        "RAY_USAGE_STATS_ENABLED": "0",
    }
    env.pop("RAY_ADDRESS", None)
    head_args = [
        "--head",
        f"--port={port}",
        "--num-cpus=0",
        "--include-dashboard=false",
    ]
    # Ray's socket paths must stay under 108 bytes: a short folder of its own
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    head = _ray_node([*head_args, f"--temp-dir={temp}"], env)
    try:
        node = _ray_node([f"--address=127.0.0.1:{port}", "--num-cpus=1"], env)
        try:
            run = subprocess.run(
                [sys.executable, "-c", _RAY_BUILD, str(tmp_path / "out"), str(SHARD),
                 json.dumps(KW)],
                env={**env, "RAY_ADDRESS": f"127.0.0.1:{port}"},
                capture_output=True,
                text=True,
                timeout=1200,
            )  # fmt: skip
        finally:
            _stop(node)
    finally:
        _stop(head)
        shutil.rmtree(temp, ignore_errors=True)
    assert run.returncode == 0, run.stderr[-3000:]
    cluster = json.loads(run.stdout.strip().splitlines()[-1])
    assert cluster == {"nodes": 2, "cpus": 1.0}  # the shards ran on the joined node
    assert _digest(tmp_path / "out") == one_worker


def test_hospital_in_parts_is_the_one_hospital(tmp_path: Path) -> None:
    """The build writes its synthetic hospital one shard at a time (_hospital_shards):
    parts written in order with one running ``Ids`` hold the rows of the whole one."""
    import gzip

    from physassist_env.synth import generate_hospital
    from physassist_env.synth.chart import Ids

    generate_hospital(tmp_path / "whole", 5, 3, progress=False, compresslevel=0)
    ids = Ids()
    for k, (first, n) in enumerate([(0, 2), (2, 2), (4, 1)]):
        generate_hospital(
            tmp_path / f"part-{k}", n, 3, progress=False, compresslevel=0,
            first=first, ids=ids,
        )  # fmt: skip
    tables = sorted(
        p.relative_to(tmp_path / "whole")
        for p in (tmp_path / "whole").rglob("*.csv.gz")
    )
    assert len(tables) > 10
    for table in tables:
        whole = gzip.decompress((tmp_path / "whole" / table).read_bytes())
        lines = whole.decode().splitlines()
        parts = [
            gzip.decompress((tmp_path / f"part-{k}" / table).read_bytes())
            .decode()
            .splitlines()
            for k in range(3)
        ]
        if table.name.startswith("d_"):  # dictionaries: whole in every part
            assert all(p == lines for p in parts), table
        else:  # the header once, then each part's rows in order
            assert all(p[0] == lines[0] for p in parts), table
            assert [row for p in parts for row in p[1:]] == lines[1:], table


def test_address_needs_the_ray_backend(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from physassist_env.cli.main import main

    argv = [
        "build",
        "--patients",
        "12",
        "--address",
        "auto",
        "--out",
        str(tmp_path / "o"),
    ]
    assert main(argv) == 2
    assert "--address needs --backend ray" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
