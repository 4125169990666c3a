"""One patient at a time from a build (PatientTable) and the lazy store over it: the same
answers as reading and indexing everything, with a bounded number of patients held."""

from __future__ import annotations

from pathlib import Path

import pytest

from physassist_env.dataset import load_records, load_sessions, write_dataset
from physassist_env.dataset import writer as writer_module
from physassist_env.dataset.licensing import SourceInfo, SourceKind
from physassist_env.dataset.patients import PatientTable
from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.ehr.lazy import LazyFhirStore
from physassist_env.ehr.render import render_resource
from physassist_env.ehr.store import SEARCH_PARAMS


@pytest.fixture(scope="module")
def small_groups(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory):
    """The small build rewritten with 3 patients per row group (many groups per file)."""
    out = tmp_path_factory.mktemp("groups") / "ds"
    sizes = dict(writer_module.ROW_GROUP_SIZE)
    writer_module.ROW_GROUP_SIZE["patients"] = 3
    try:
        write_dataset(
            out,
            load_sessions(built_dataset, split=None),
            load_records(built_dataset).values(),
            source=SourceInfo(kind=SourceKind.SYNTHETIC, name="test"),
        )
    finally:
        writer_module.ROW_GROUP_SIZE.update(sizes)
    return out, load_records(out)


def test_reads_each_patient_as_the_whole_read_does(small_groups):
    path, every = small_groups
    table = PatientTable(path, keep=2)
    assert table.patient_ids() == sorted(every) and len(table) == len(every)
    assert sum(f.metadata.num_row_groups for f in table._files) > 3
    for pid in reversed(table.patient_ids()):  # against file order, every group read
        assert table.record(pid) == every[pid]
    assert len(table._records) == 2  # only the last `keep` decoded records are held
    with pytest.raises(KeyError, match="no patient 'nobody'"):
        table.record("nobody")
    split = PatientTable(path, "test")
    assert set(split.patient_ids()) == set(load_records(path, split="test"))
    with pytest.raises(ValueError, match="no 'dev' split"):
        PatientTable(path, "dev")


def test_holder_finds_the_patient_of_a_resource(small_groups):
    path, every = small_groups
    table = PatientTable(path)
    for pid in sorted(every)[::5]:
        for res in every[pid].resources[:: max(1, len(every[pid].resources) // 4)]:
            assert table.holder(res["resourceType"], res["id"]) == pid
    some = next(iter(every.values())).resources[1]
    wrong_type = "Flag" if some["resourceType"] != "Flag" else "Observation"
    assert table.holder(wrong_type, some["id"]) is None
    assert table.holder("Observation", 'no-such-id"') is None


def test_lazy_store_answers_as_the_whole_store(small_groups):
    path, every = small_groups
    whole = FhirStore.from_records(every.values())
    lazy = LazyFhirStore(PatientTable(path), keep=3)
    assert lazy.patient_ids == whole.patient_ids
    assert lazy.held == []  # opening reads no patient
    for pid in whole.patient_ids:
        as_of = max(
            r.get("period", {}).get("start", "")
            for r in every[pid].resources
            if r["resourceType"] == "Encounter"
        )[:10]
        for rtype in SEARCH_PARAMS:
            a = lazy.view(pid, as_of).search(rtype, {"_count": "1000"})
            b = whole.view(pid, as_of).search(rtype, {"_count": "1000"})
            assert a == b, (pid, rtype)
        lazy_tools = EhrToolkit(lazy.view(pid, as_of))
        whole_tools = EhrToolkit(whole.view(pid, as_of))
        for name, args in [
            ("Observation.search", {"code": "potassium"}),
            ("Patient.everything", {}),
            ("Encounter.search", {}),
        ]:
            assert lazy_tools.call(name, args).text == whole_tools.call(name, args).text
        assert len(lazy.held) <= 3
    # a read by id of a patient not held reads that patient
    pid = whole.patient_ids[0]
    res = every[pid].resources[-1]
    assert pid not in lazy.held
    entry = lazy.entry(res["resourceType"], res["id"])
    assert entry is not None and entry.resource == res and lazy.held[-1] == pid
    assert lazy.entry("Observation", "no-such-id") is None
    assert lazy.type_index("nobody", "Observation") is None
    # a patient read by id (GET /Patient/<id>) reads that patient's row group only, not
    # every group in search of the id (seconds per cold read on the default build)
    scans: list[tuple[str, str]] = []
    source = lazy._source
    holder = source.holder
    source.holder = lambda rtype, rid: scans.append((rtype, rid)) or holder(rtype, rid)
    try:
        for pid in [p for p in whole.patient_ids if p not in lazy.held][:3]:
            entry = lazy.entry("Patient", pid)
            assert (
                entry is not None
                and entry.resource == whole.entry("Patient", pid).resource
            )
        assert scans == []
        assert lazy.entry("Patient", "nobody") is None and scans == [
            ("Patient", "nobody")
        ]
    finally:
        source.holder = holder
    with pytest.raises(KeyError):
        lazy.view("nobody")


def test_lines_and_bundle_entries_are_memoised_but_equal(small_groups):
    path, every = small_groups
    pid = sorted(every)[0]
    store = LazyFhirStore(PatientTable(path), patients=[pid])
    assert store.patient_ids == [pid]
    view = store.view(pid)
    found, _ = view.search("Observation", {"_count": "50"})
    assert view.lines(found) == [render_resource(r) for r in found]
    first = view.matches(found)
    assert first == view.matches(found) and first[0] is view.matches(found)[0]
    assert first[0] == {
        "fullUrl": f"Observation/{found[0]['id']}",
        "resource": found[0],
        "search": {"mode": "match"},
    }
    copy = dict(found[0])  # not the store's own object: rendered afresh, not memoised
    assert view.lines([copy]) == [render_resource(found[0])]
    with pytest.raises(KeyError, match="no patient nobody"):
        LazyFhirStore(PatientTable(path), patients=[pid, "nobody"])


def test_the_resource_index_answers_without_reading_a_patient(small_groups):
    """Each patients file has an index beside it: a read by id and a search's candidate
    patients come from it, no row group of records read."""
    path, every = small_groups
    table = PatientTable(path)
    assert all(i is not None for i in table._indexes)
    for pid in sorted(every)[::4]:
        for res in every[pid].resources[:: max(1, len(every[pid].resources) // 3)]:
            assert table.holder(res["resourceType"], res["id"]) == pid
    assert table.holder("Observation", "no-such-id") is None
    assert table._groups == {}  # no records read
    whole = FhirStore.from_records(every.values())
    for rtype in SEARCH_PARAMS:
        having = {p for p in whole.patient_ids if whole.type_index(p, rtype)}
        assert table.candidates(rtype, []) == having, rtype
    queries = [
        ["potassium"], ["K"], ["肌酐"], ["creat,hemoglobin"], ["2823-3"],
        ["http://loinc.org|2823-3"], ["no such thing"], ["xx|2823-3"],
    ]  # fmt: skip
    for rtype in ("Observation", "Condition", "MedicationRequest"):
        for values in queries:
            alts = [a for v in values for a in v.split(",")]
            matching = {
                p
                for p in whole.patient_ids
                if (idx := whole.type_index(p, rtype))
                and any(idx.lookup(a) for a in alts)
            }
            found = table.candidates(rtype, values)
            assert found is not None and matching <= found, (rtype, values)
            if not matching:
                assert not found, (rtype, values)
    pid = sorted(every)[1]
    obs = next(r for r in every[pid].resources if r["resourceType"] == "Observation")
    assert table.candidates("Observation", [], [obs["id"], "nope"]) == {pid}
    assert table._groups == {}


def test_a_build_without_the_index_still_opens(small_groups, tmp_path, caplog):
    """A build written before the index (or with one that indexes another file) falls
    back to scanning, saying so once."""
    import shutil

    from physassist_env.dataset import patients as patients_module

    path, every = small_groups
    old = tmp_path / "old"
    shutil.copytree(path, old)
    for index in (old / "patients").glob("*.index.parquet"):
        index.unlink()
    stale = tmp_path / "stale"
    shutil.copytree(path, stale)
    (stale / "patients" / "test.index.parquet").write_bytes(
        (stale / "patients" / "train.index.parquet").read_bytes()
    )
    for folder in (old, stale):
        with caplog.at_level("WARNING", logger=patients_module.__name__):
            caplog.clear()
            table = PatientTable(folder)
            assert not caplog.records  # opening needs no index: nothing said
            assert table.candidates("Observation", []) is None
            pid = sorted(every)[2]
            res = every[pid].resources[-1]
            assert table.holder(res["resourceType"], res["id"]) == pid
            assert PatientTable(folder).candidates("Flag", []) is None
        lines = [r for r in caplog.records if "no resource index" in r.getMessage()]
        assert len(lines) == 1, folder


def test_searches_naming_no_patient_read_only_the_candidates(small_groups):
    """A server search without ``patient`` over the lazy store reads only the patients
    the index names, and answers as the whole store does (created resources included)."""
    from physassist_env.server.backend import ServerBackend

    path, every = small_groups
    whole = ServerBackend(FhirStore.from_records(every.values()))
    store = LazyFhirStore(PatientTable(path), keep=len(every))
    lazy = ServerBackend(store)
    pid = sorted(every)[3]
    obs = next(r for r in every[pid].resources if r["resourceType"] == "Observation")
    searches = [
        ("Observation", [("code", "potassium"), ("_count", "1000")]),
        ("Observation", [("code", "no such test")]),
        ("Observation", [("_id", obs["id"])]),
        ("Condition", [("code", "K,creatinine")]),
        ("Flag", []),
    ]
    for rtype, params in searches:
        a, b = lazy.search(rtype, params), whole.search(rtype, params)
        assert (a.resources, a.total) == (b.resources, b.total), (rtype, params)
    store._parts.clear()
    lazy.search("Observation", [("code", "no such test")])
    assert store.held == []  # no patient can match: none is read
    lazy.search("Observation", [("_id", obs["id"])])
    assert store.held == [pid]
    flag = {
        "resourceType": "Flag",
        "status": "active",
        "code": {"text": "fall risk"},
        "subject": {"reference": f"Patient/{pid}"},
    }
    for backend in (lazy, whole):
        backend.create("Flag", dict(flag))
    a, b = (
        lazy.search("Flag", [("code", "fall")]),
        whole.search("Flag", [("code", "fall")]),
    )
    assert a.total == b.total >= 1 and a.resources == b.resources
    # a lazy store holding 2 patients refuses a search that would read more, not one
    # its index narrows to fewer
    from physassist_env.ehr.outcome import ToolError

    small = ServerBackend(LazyFhirStore(PatientTable(path), keep=2))
    with pytest.raises(ToolError, match=r"would scan \d+ patients .*at most 2"):
        small.search("Observation", [("code", "potassium")])
    assert small.search("Observation", [("_id", obs["id"])]).total == 1
    assert small.search("Observation", [("code", "no such test")]).total == 0
