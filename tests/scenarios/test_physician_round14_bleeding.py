"""Gold a physician signs on real records, round 14 (issue #37): one reader of "bleeding
now" (docs/real-records.md, "Round 14: one reader of bleeding now, the insulin pump and
the round-12 reading's wrong claims"). The topics and the grader's harm check read
active bleeding by one rule (:func:`physassist_env.clinical.bleeding.active_bleeding`),
so an anticoagulant of the last discharge list is resumed where neither reads a bleed
and held where both do. Hand-made records in MIMIC-IV format (invented values, never
MIMIC's); the last tests read the MIMIC-IV demo and skip without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import (
    ADM,
    LAB,
    Stays,
    adm,
    demo_contexts,
    hb,
    order_tables,
    records,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical.bleeding import ACTIVE_BLEED_DAYS, active_bleeding
from physassist_env.grading.chart import read_chart
from physassist_env.scenarios.derived import bleeding_now, home_anticoagulants
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.vocab.zh_text import untranslated_english

# the earlier stay ended 3 weeks before the session
_S = Stays("94", "93", prior=("2150-02-01 10:00:00", "2150-02-08 16:00:00"))
_STAY, _PRIOR, _END, _DAY = _S.stay, _S.prior, _S.stay[1], _S.day
_h, _p, _home, _c = _S.hadm, _S.earlier_hadm, _S.home, _S.context
_PIDS = ("7401", "7402", "7403")


_ORDERS = [
    _home(p, i, "Rivaroxaban", "20", "mg", "PO", "DAILY") for i, p in enumerate(_PIDS)
] + [
    # an order of this stay (not an anticoagulant) so the record has orders now
    (p, _h(p), 10 + i, "2150-03-01 08:00:00", _END, "Pantoprazole", "40", "mg", "PO",
     "Q24H", "Active")
    for i, p in enumerate(_PIDS)
]  # fmt: skip

_CODES = [(1, "I4891"), (2, "I10"), (3, "I509")]

TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "M", 66, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        ADM,
        [adm(p, _h(p), *_STAY) for p in _PIDS]
        + [adm(p, _p(p), *_PRIOR) for p in _PIDS],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I4891", 10, "Unspecified atrial fibrillation"],
            ["I10", 10, "Essential (primary) hypertension"],
            ["I509", 10, "Heart failure, unspecified"],
            ["K625", 10, "Hemorrhage of anus and rectum"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [[p, _p(p), s, c, 10] for p in _PIDS for s, c in _CODES]
        # 7403: a rectal haemorrhage coded at the discharge three weeks ago
        + [["7403", _p("7403"), 4, "K625", 10]],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [[51222, "Hemoglobin", "Blood", "Hematology"]],
    ),
    "hosp/labevents": (
        LAB,
        [
            # 7401 and 7403: a steady haemoglobin; 7402: an acute fall of 2.3 g/dL
            *(
                hb(p, _h(p), t, v)
                for p, vals in (
                    ("7401", (12.1, 12.0)),
                    ("7402", (13.1, 10.8)),
                    ("7403", (12.1, 12.0)),
                )
                for t, v in zip(
                    ("2150-03-04 06:00:00", "2150-03-05 06:00:00"), vals, strict=True
                )
            ),
        ],
    ),
    **order_tables(_ORDERS),
}


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r14b", TABLES, _PIDS)


def _grader_reads(ctx: TopicContext) -> bool:
    """The grader's reading of active bleeding from what an anticoagulation answer looks
    up: every condition, the haemoglobin since the admission and the medication
    administrations."""
    obs = [
        ctx.toolkit.call(name, args).text
        for name, args in (
            ("Condition.search", {"_count": 200}),
            ("Observation.search", {"code": "hemoglobin", "date_from": ctx.facts.start[:10]}),
            ("MedicationAdministration.search", {"date_from": ctx.facts.start[:10]}),
        )
    ]  # fmt: skip
    return read_chart(obs).facts.bleeding


# ------------------------------------------------------------ the one rule, plain values
def test_the_rule_reads_codes_of_this_episode_a_fall_and_a_reversal() -> None:
    now, since = "2150-03-05", "2150-02-28"
    assert active_bleeding([("K625", "2150-03-01 10:00")], since, now)
    # an earlier stay's code, before this episode began
    assert not active_bleeding([("K625", "2150-02-08 16:00")], since, now)
    # older than ACTIVE_BLEED_DAYS, even read with no episode start (the grader's case)
    assert not active_bleeding([("K625", "2150-01-01 16:00")], "", now)
    assert ACTIVE_BLEED_DAYS == 30
    # microscopic haematuria is no bleed (AUA/SUFU 2020)
    assert not active_bleeding([("R311", "2150-03-01 10:00")], since, now)
    # an acute fall of 2 g/dL within 48 h, ending in anaemia (ISTH 2005)
    fall = [("2150-03-04T06:00", 13.1), ("2150-03-05T06:00", 10.8)]
    assert active_bleeding([], since, now, fall)
    assert active_bleeding([], since, now, reversal=True)
    assert not active_bleeding([], since, now, [("2150-03-04T06:00", 12.1)])


# ------------------------------------------- the anticoagulant of the last list, resumed
def test_a_home_anticoagulant_with_no_bleed_is_resumed_not_started(real):
    """Rivaroxaban on the last discharge list, none ordered, no bleed: "anticoagulation
    is recommended" (10014354-22508257 and -24096336) is now confirm and resume."""
    ctx = _c(real, "7401")
    assert home_anticoagulants(ctx.toolkit.view, ctx.facts) == ["rivaroxaban"]
    assert not bleeding_now(ctx.toolkit.view, ctx.facts, recent=True)
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "decide resumption"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "resume it, rather than starting a new anticoagulant" in en
    assert "anticoagulation is recommended" not in en
    assert "利伐沙班" in zh and "确认仍在服用后恢复" in zh
    assert not untranslated_english(zh), zh
    _gold_ok(d, ctx)


def test_a_home_anticoagulant_is_held_in_an_acute_haemoglobin_fall(real):
    ctx = _c(real, "7402")
    assert bleeding_now(ctx.toolkit.view, ctx.facts)
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "hold for bleeding"
    assert "hold the rivaroxaban now" in d.gold_answer.en


def test_no_resumption_beside_a_running_heparin(real):
    """With a heparin or LMWH order running the question is a switch: the resume branch
    does not answer it (the default build's apixaban beside enoxaparin)."""
    ctx = _c(real, "7401")
    ctx.facts.orders = [
        *ctx.facts.orders,
        type(ctx.facts.orders[0])(
            "e1", "Enoxaparin Sodium", "enoxaparin", 40.0, "mg", "SC", "DAILY",
            "active", "2150-03-01T08:00:00", "",
        ),
    ]  # fmt: skip
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "resume it" not in d.gold_answer.en


def test_a_bleed_coded_three_weeks_ago_is_not_resumed_over(real):
    """A rectal haemorrhage coded at the discharge three weeks before: the grader, which
    cannot tell the stays apart, reads it as this admission's; the topic does not say
    "resume it, no bleeding recorded" over it."""
    ctx = _c(real, "7403")
    assert not bleeding_now(ctx.toolkit.view, ctx.facts)  # not this episode's
    assert bleeding_now(ctx.toolkit.view, ctx.facts, recent=True)
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "resume it" not in d.gold_answer.en


@pytest.mark.parametrize("pid", _PIDS)
def test_the_topic_and_the_grader_read_bleeding_alike(real, pid: str) -> None:
    """The reading the anticoagulation answer rests on and the grader's harm check
    agree on every hand-made patient."""
    ctx = _c(real, pid)
    assert bleeding_now(ctx.toolkit.view, ctx.facts, recent=True) == _grader_reads(ctx)


# ---------------------------------------------------------------------- the MIMIC demo
_DEMO = {
    "rivaroxaban_1": ("10014354", "22508257", "2148-05-11"),
    "rivaroxaban_2": ("10014354", "24096336", "2149-06-19"),
    "pcc": ("10025463", "24470193", "2137-10-08"),
}


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """The sessions of the round-12 reading: rivaroxaban resumed, not recommended anew;
    the PCC-reversed warfarin still held (properties only; no row is quoted)."""
    ctx = demo_contexts(tmp_path, _DEMO)
    c = ctx("rivaroxaban_2")
    d = RS.cha2ds2vasc(c)
    assert d is not None and d.decision == "decide resumption"
    assert "resume it" in d.gold_answer.en
    for key in ("rivaroxaban_1", "rivaroxaban_2"):
        c = ctx(key)
        assert bleeding_now(c.toolkit.view, c.facts, recent=True) == _grader_reads(c)
    # rivaroxaban_1 has heparin line flushes running, no anticoagulant (round 15), and a
    # bowel preparation ordered: the rivaroxaban stays held for the colonoscopy
    d = RS.cha2ds2vasc(ctx("rivaroxaban_1"))
    assert d is not None and d.decision == "decide resumption"
    assert "held for the procedure" in d.gold_answer.en
    d = RS.cha2ds2vasc(ctx("pcc"))
    assert d is not None and d.decision == "hold for bleeding"


def _disagreements(recs) -> tuple[int, list[tuple[str, str]]]:
    """Over every admission of ``recs`` with an AF code, at its last day: the number
    read, and those where the grader reads a bleed the anticoagulation answer does not
    (the harmful direction: the gold would resume what the grader calls harm). The
    topic may read a bleed the grader cannot see (a red-cell row it did not look up)."""
    from _real_records import context

    from physassist_env.ehr.store import FhirStore
    from physassist_env.scenarios.generate import admissions

    n, out = 0, []
    for rec in recs:
        store = FhirStore.from_records([rec])
        for enc in admissions(rec):
            end = str((enc.get("period") or {}).get("end") or "")[:10]
            if not end:
                continue
            c = context(rec, store, str(enc["id"]), end)
            if not c.facts.ever_had("I48", "42731"):
                continue
            n += 1
            topic = bleeding_now(c.toolkit.view, c.facts, recent=True)
            if _grader_reads(c) and not topic:
                out.append((rec.patient_id, str(enc["id"])))
    return n, out


def test_the_topic_and_the_grader_agree_on_the_synthetic_hospital(synthetic_records):
    n, disagree = _disagreements(synthetic_records)
    assert n > 0
    assert not disagree, disagree


def test_the_topic_and_the_grader_agree_on_every_demo_admission(tmp_path: Path) -> None:
    from _real_records import demo_root

    from physassist_env.sources.mimic.source import MimicSource

    n, disagree = _disagreements(
        MimicSource(demo_root(), cache_dir=tmp_path / "cache").records()
    )
    assert n > 0
    assert not disagree, disagree
