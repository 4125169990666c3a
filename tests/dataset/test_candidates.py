"""Candidate sessions kept serialised (issue #42): they round-trip, the split chosen from
their keys alone keeps the same sessions as the split of the objects, and the writer
reads stored sessions and records by reference, each once."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest
from dataset_fixtures import SYNTHETIC, make_records, make_sessions

from physassist_env.dataset import shards, write_dataset
from physassist_env.dataset.candidates import Candidate, CandidateFile
from physassist_env.dataset.stats import SessionCounts, compute_stats
from physassist_env.dataset.writer import (
    SessionRef,
    StoredRecord,
    StoredSessions,
    record_columns,
)
from physassist_env.scenarios.generate import (
    SessionKey,
    assign_splits,
    split_sessions,
)
from physassist_env.scenarios.model import Session
from physassist_env.sources import open_source

SPLIT = {"seed": 3, "test_per_cell": 1, "validation_fraction": 0.3}


@pytest.fixture(scope="module")
def candidates(
    synthetic_hospital: Path, tmp_path_factory: pytest.TempPathFactory
) -> list[tuple[str, list[Candidate]]]:
    """The candidates of the first 10 patients of the synthetic hospital."""
    cache = tmp_path_factory.mktemp("cache")
    src = open_source("mimic-iv", synthetic_hospital, cache_dir=cache)
    records = list(src.records())[:10]
    got = list(shards.candidates(records, seed=0, source="t", shard_size=4))
    assert sum(len(c) for _, c in got) >= 10  # enough to fill all three splits
    return got


def _digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_candidates_round_trip(
    candidates: list[tuple[str, list[Candidate]]],
) -> None:
    with CandidateFile() as file:
        for pid, got in candidates:
            for c in got:
                session = c.session()
                assert isinstance(session, Session) and session.patient_id == pid
                assert c.key == SessionKey.of(session)
                assert file.add(c) == c.key
        for _, got in candidates:
            for c in got:
                back = file.load(c.key.session_id)
                assert back.model_dump_json() == c.session().model_dump_json()
        with pytest.raises(ValueError, match="appears twice"):
            file.add(candidates[0][1][0])
        with pytest.raises(KeyError):
            file.load("no-such-session")


def test_split_of_keys_keeps_the_sessions_of_the_split_of_objects(
    candidates: list[tuple[str, list[Candidate]]],
) -> None:
    objects = {pid: [c.session() for c in got] for pid, got in candidates if got}
    want, want_unfilled = split_sessions(objects, **SPLIT)
    assert {s.split for s in want} == {"train", "validation", "test"}
    with CandidateFile() as file:
        keys = {pid: [file.add(c) for c in got] for pid, got in candidates if got}
        kept, unfilled = assign_splits(keys, **SPLIT)
        got = [file.load_for_split(k.session_id, split) for k, split in kept]
    assert unfilled == want_unfilled
    assert [s.model_dump_json() for s in got] == [s.model_dump_json() for s in want]
    assert [s.split for s in got] == [split for _, split in kept]


def test_stored_sessions_write_the_bytes_of_sessions_at_hand(
    candidates: list[tuple[str, list[Candidate]]],
    synthetic_hospital: Path,
    tmp_path: Path,
) -> None:
    """The writer given references (read once each, while writing) writes the files it
    writes from the sessions and records themselves."""
    src = open_source("mimic-iv", synthetic_hospital, cache_dir=tmp_path / "c")
    with CandidateFile() as file:
        keys = {pid: [file.add(c) for c in got] for pid, got in candidates if got}
        kept, _ = assign_splits(keys, **SPLIT)
        sessions = [file.load_for_split(k.session_id, s) for k, s in kept]
        used = sorted({s.patient_id for s in sessions})
        records = list(src.records(used))
        write_dataset(tmp_path / "objects", sessions, records, source=SYNTHETIC)

        reads: Counter[str] = Counter()

        def load(ref: SessionRef) -> Session:
            reads[ref.session_id] += 1
            return file.load_for_split(ref.session_id, ref.split)

        def stored(rec: object) -> StoredRecord:
            def read() -> dict[str, object]:
                reads[rec.patient_id] += 1  # type: ignore[attr-defined]
                return record_columns(rec)  # type: ignore[arg-type]

            return StoredRecord(rec.patient_id, read)  # type: ignore[attr-defined]

        refs = StoredSessions(
            [SessionRef(k.session_id, k.patient_id, s) for k, s in kept], load
        )
        write_dataset(tmp_path / "refs", refs, map(stored, records), source=SYNTHETIC)
    assert _digest(tmp_path / "refs") == _digest(tmp_path / "objects")
    assert set(reads) == {k.session_id for k, _ in kept} | set(used)
    assert set(reads.values()) == {1}  # each read once, when written


def test_a_stored_session_that_is_not_the_one_referred_to_is_refused(
    tmp_path: Path,
) -> None:
    sessions = make_sessions()
    refs = [SessionRef(s.session_id, s.patient_id, s.split) for s in sessions]
    wrong = StoredSessions(refs, lambda ref: sessions[0])
    with pytest.raises(ValueError, match="read back as"):
        write_dataset(tmp_path / "out", wrong, make_records(), source=SYNTHETIC)
    assert not (tmp_path / "out" / "physassist.json").exists()


def test_a_stored_record_of_another_patient_is_refused(tmp_path: Path) -> None:
    records = make_records()
    swapped = [
        StoredRecord(r.patient_id, lambda: records[0])
        for r in records  # every reference reads the first record
    ]
    with pytest.raises(ValueError, match="stored record of patient"):
        write_dataset(tmp_path / "out", make_sessions(), swapped, source=SYNTHETIC)


def test_stats_counted_one_session_at_a_time() -> None:
    """The writer counts each session as it writes it, in any order."""
    sessions = make_sessions()
    splits = {s.patient_id: s.split for s in sessions}
    counts = SessionCounts()
    for s in reversed(sessions):
        assert counts.add(s) is s
    stats = counts.stats(splits)
    assert stats == compute_stats(sessions, splits)
    present = [x for x in ("train", "validation", "test") if x in splits.values()]
    for split in present:
        mine = [s for s in sessions if s.split == split]
        assert stats["splits"]["sessions"][split] == len(mine)
        assert stats["splits"]["turns"][split] == sum(len(s.turns) for s in mine)
        assert stats["splits"]["patients"][split] == len({s.patient_id for s in mine})
    by_scenario = Counter(s.scenario.value for s in sessions)
    assert {r: c["total"] for r, c in stats["scenario"].items()} == dict(by_scenario)
    assert list(stats["splits"]["sessions"]) == [*present, "total"]
    with pytest.raises(KeyError, match="no session"):
        SessionCounts().stats({"p1": "test"})
