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
