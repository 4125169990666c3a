"""Clinician reviews: the append-only files, merging, the apply rule, kappa, export, queue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from physassist_env.dataset.loader import load_sessions, read_manifest
from physassist_env.dataset.review import (
    Correction,
    Review,
    append_review,
    apply_reviews,
    bug_reports,
    cohen_kappa,
    current_reviews,
    dataset_fingerprint,
    item_hash,
    queue,
    read_reviews,
    render_bug_reports,
    review_files,
    review_summary,
)
from physassist_env.scenarios.model import Session


def _review(s: Session, turn: int, item: int | None, reviewer: str, **kw) -> Review:
    it = s.turns[turn].rubric[item] if item is not None else None
    return Review(
        reviewer=reviewer,
        time=kw.pop("time", "2026-01-01T00:00:00Z"),
        session_id=s.session_id,
        turn=turn,
        item=it.id if it else None,
        item_hash=item_hash(it) if it else "",
        **kw,
    )


@pytest.fixture(scope="module")
def sessions(built_dataset: Path) -> list[Session]:
    return load_sessions(built_dataset, None)


def test_append_is_durable_and_a_cut_line_loses_only_itself(tmp_path: Path, sessions):
    s = sessions[0]
    append_review(tmp_path, _review(s, 0, 0, "drA", verdict="correct"))
    path = tmp_path / "reviews" / "drA.jsonl"
    with path.open("ab") as fh:  # a writer killed in the middle of a line
        fh.write(b'{"reviewer": "drA", "time": "2026-')
    append_review(tmp_path, _review(s, 0, 1, "drA", verdict="wrong"))
    got = read_reviews(review_files(tmp_path))
    assert [(r.item, r.verdict) for r in got] == [
        (s.turns[0].rubric[0].id, "correct"),
        (s.turns[0].rubric[1].id, "wrong"),
    ]
    with pytest.raises(ValueError, match="reviewer id"):
        _review(s, 0, 0, "../etc", verdict="correct")


def test_latest_wins_per_reviewer_and_reviewers_merge(sessions):
    s = sessions[0]
    a1 = _review(s, 0, 0, "drA", verdict="wrong", time="2026-01-01T00:00:00Z")
    a2 = _review(s, 0, 0, "drA", verdict="correct", time="2026-01-02T00:00:00Z")
    b = _review(s, 0, 0, "drB", verdict="unsafe")
    withdrawn = _review(s, 0, 1, "drA", verdict=None, time="2026-01-03T00:00:00Z")
    earlier = _review(s, 0, 1, "drA", verdict="wrong", time="2026-01-01T00:00:00Z")
    got = current_reviews([a2, b, a1, earlier, withdrawn])  # order of files is free
    assert {(r.reviewer, r.item, r.verdict) for r in got} == {
        ("drA", s.turns[0].rubric[0].id, "correct"),
        ("drB", s.turns[0].rubric[0].id, "unsafe"),
    }


def _value_item(session) -> tuple[int, int, float] | None:
    """(turn, item index, value) of a value item quoted exactly once in both gold answers."""
    import re

    for t in session.turns:
        for k, i in enumerate(t.rubric):
            if i.check.kind != "value":
                continue
            v = i.check.value
            quotes = {f"{v:.{d}f}" for d in range(5) if float(f"{v:.{d}f}") == v}
            counts = [
                sum(
                    len(re.findall(rf"(?<![\d.]){re.escape(q)}(?![\d]|\.\d)", text))
                    for q in quotes
                )
                for text in (t.gold_answer.en, t.gold_answer.zh)
            ]
            if counts == [1, 1]:
                return t.index, k, v
    return None


def test_apply_rule(sessions):
    s = next(
        x
        for x in sessions
        if any(i.critical for i in x.turns[1].rubric) and _value_item(x) is not None
    )
    ti, value_idx, old = _value_item(s)
    t0 = s.turns[ti]
    # the item judged unsafe below is one whose loss only drops it (not a decision item,
    # which would exclude the session)
    others = [
        k for k in range(len(t0.rubric)) if k != value_idx and not t0.rubric[k].critical
    ]
    new_value = old + 41.0
    fix = Correction(en="Corrected wording", zh="更正", value=new_value)
    reviews = [
        _review(s, ti, value_idx, "drA", verdict="wrong", correction=fix),
        _review(s, ti, others[0], "drA", verdict="unsafe"),
        _review(s, ti, value_idx, "drB", verdict="correct"),
    ]
    out = apply_reviews([s], reviews)
    assert out.corrected == 1 and out.dropped == 1 and not out.excluded
    turn = out.sessions[0].turns[ti]
    new = {i.id: i for i in turn.rubric}
    fixed = new[t0.rubric[value_idx].id]
    assert (
        fixed.criterion.en == "Corrected wording" and "review:corrected" in fixed.tags
    )
    assert fixed.check.value == new_value
    # the gold answer quotes the corrected value, so gold and rubric still agree
    for text in (turn.gold_answer.en, turn.gold_answer.zh):
        assert any(f"{new_value:.{d}f}" in text for d in range(5))
    assert turn.gold_answer.en != t0.gold_answer.en
    assert t0.rubric[others[0]].id not in new
    # a wording correction of a wrong decision cannot be carried by its check: the item
    # is dropped, and (being the decision) the session is excluded
    crit = next(k for k, i in enumerate(s.turns[1].rubric) if i.critical)
    reword = Correction(en="Hold the drug instead", zh="改为停用")
    out = apply_reviews(
        [s], [_review(s, 1, crit, "drA", verdict="wrong", correction=reword)]
    )
    assert out.corrected == 0 and s.session_id in out.excluded
    # a debatable item takes the new wording and keeps its check
    out = apply_reviews(
        [s], [_review(s, 1, crit, "drA", verdict="debatable", correction=reword)]
    )
    kept = next(i for i in out.sessions[0].turns[1].rubric if i.critical)
    assert kept.criterion.en == "Hold the drug instead"
    assert kept.check == s.turns[1].rubric[crit].check
    # a critical item judged wrong without correction excludes the session
    crit = next(k for k, i in enumerate(s.turns[1].rubric) if i.critical)
    out = apply_reviews([s], [_review(s, 1, crit, "drA", verdict="wrong")])
    assert s.session_id in out.excluded and not out.sessions
    # a turn that does not fit the patient excludes it too
    out = apply_reviews([s], [_review(s, 2, None, "drA", fits=False)])
    assert "does not fit" in out.excluded[s.session_id]
    # a review of an item that changed since is stale, not applied
    stale = _review(s, 0, others[0], "drA", verdict="unsafe").model_copy(
        update={"item_hash": "0" * 16}
    )
    out = apply_reviews([s], [stale])
    assert out.stale == 1 and out.dropped == 0 and out.sessions == [s]


def test_cohen_kappa_known_values():
    assert cohen_kappa([]) is None
    assert cohen_kappa([("correct", "correct")] * 4) == 1.0
    # 2x2 textbook case: po = 0.7, pe = 0.5 -> 0.4
    pairs = (
        [("correct", "correct")] * 20
        + [("wrong", "wrong")] * 15
        + [("correct", "wrong")] * 5
        + [("wrong", "correct")] * 10
    )
    assert cohen_kappa(pairs) == pytest.approx(0.4)


def test_summary_coverage_rates_and_kappa(sessions):
    s = sessions[0]
    reviews = [_review(s, t.index, None, "drA", fits=True) for t in s.turns]
    for t in s.turns:
        for k in range(len(t.rubric)):
            reviews.append(_review(s, t.index, k, "drA", verdict="correct"))
            reviews.append(
                _review(s, t.index, k, "drB", verdict="wrong" if k == 0 else "correct")
            )
    summary = review_summary(sessions, reviews)
    cell = summary["coverage"][s.scenario.value][s.tier.value]
    assert cell[0] == 1 and cell[1] >= 1
    assert summary["reviewed_sessions"] == [s.session_id]
    n_items = sum(len(t.rubric) for t in s.turns)
    assert summary["kappa"]["items"] == n_items
    assert summary["by_reviewer"]["drA"]["error_rate"] == 0.0
    assert summary["by_reviewer"]["drB"]["error_rate"] == pytest.approx(
        round(len(s.turns) / n_items, 4)
    )
    json.dumps(summary)


def test_export_groups_by_topic_and_class(sessions):
    s = sessions[0]
    reviews = [
        _review(s, 0, 0, "drA", verdict="unsafe", comment="would harm"),
        _review(s, 1, None, "drA", fits=False, comment="not this patient"),
        _review(s, 2, 0, "drA", verdict="correct"),
    ]
    data = bug_reports(sessions, reviews)
    assert data["counts"] == {"unsafe": 1, "wrong": 0, "misfit": 1, "debatable": 0}
    assert data["topics"][s.turns[0].topic]["unsafe"][0]["comment"] == "would harm"
    text = render_bug_reports(data)
    assert f"## {s.turns[0].topic}" in text and "would harm" in text


def test_queue_filters_and_stratified_sample(sessions, tmp_path: Path):
    rows = queue(sessions, [], per_cell=1)
    cells = {(s.scenario.value, s.tier.value) for s in sessions}
    assert len(rows) == len(cells)
    assert rows == queue(list(reversed(sessions)), [], per_cell=1)  # order-free sample
    s = sessions[0]
    done = [_review(s, t.index, None, "drA", fits=True) for t in s.turns] + [
        _review(s, t.index, k, "drA", verdict="correct")
        for t in s.turns
        for k in range(len(t.rubric))
    ]
    todo = queue(sessions, done, state="todo")
    assert s.session_id not in {r["session_id"] for r in todo}
    assert len(todo) == len(sessions) - 1
    assert all(r["tier"] == "L1" for r in queue(sessions, [], tier="L1"))
    audit = tmp_path / "audit.json"
    audit.write_text(
        json.dumps(
            {
                "examples": {"contradicted": [f"{s.session_id} t2 t2-i0 (x): bad"]},
                "clinical": {"examples": {}},
            }
        )
    )
    from physassist_env.dataset.review import audit_flags

    flags = audit_flags(audit, [x.session_id for x in sessions])
    assert flags == {s.session_id: {2}}
    only = queue(sessions, [], flagged=flags, only_flagged=True)
    assert [r["session_id"] for r in only] == [s.session_id]


def test_fingerprint_follows_the_sessions_files(built_dataset: Path):
    sha = read_manifest(built_dataset).sha256
    fp = dataset_fingerprint(sha)
    assert len(fp) == 16
    changed = {
        k: ("0" * 64 if k.startswith("sessions/") else v) for k, v in sha.items()
    }
    assert dataset_fingerprint(changed) != fp
