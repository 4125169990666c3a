"""Independent grader-validity set I: registry shape, determinism, coverage, imports.

Checks the set itself, never the grader's pass rates (the lead measures those with
``benchmarks/independent_validity.py --set i``); nothing here grades an answer.
"""

from __future__ import annotations

import ast
import datetime as dt
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_i as I
from physassist_env.grading.validity import independent_i_phrases as P
from physassist_env.grading.validity.independent_i import SET_I
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

#: What set I may import from the package: the data model, the variant types, its phrases.
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.independent_i_phrases",
    "physassist_env.grading.validity.variants",
    "physassist_env.scenarios.model",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[tuple[str, str, int, str], str]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out = {}
    for case in cases:
        for name, (_, _, gen) in SET_I.items():
            v = gen(case, pools, rng)
            if v is not None:
                assert v.cls == name
                key = (case.session.session_id, case.language, case.turn.index, name)
                out[key] = v.answer
    return out


@pytest.fixture(scope="module")
def variants(cases):
    return _run(cases, 0)


def _gold(cases) -> dict[tuple[str, str, int], str]:
    return {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}


def test_registry_shape() -> None:
    known = registry(SET_I)
    for name, (kind, description, gen) in SET_I.items():
        assert name.startswith("i_") and kind in ("wrong", "correct")
        assert (kind == "correct") == name.startswith("i_right_")
        assert description and callable(gen)
        assert known[name][0] == kind
    kinds = Counter(kind for kind, _, _ in SET_I.values())
    assert kinds["wrong"] >= 22 and kinds["correct"] >= 10


def test_every_class_applies_in_both_languages(variants) -> None:
    seen = Counter((name, lang) for (_, lang, _, name) in variants)
    for name in SET_I:
        for lang in ("en", "zh"):
            assert seen[name, lang] > 0, f"{name} never applies in {lang}"


def test_deterministic_and_independent_of_the_shared_rng(cases, variants) -> None:
    assert _run(cases, 4242) == variants


def test_variants_differ_from_the_gold(cases, variants) -> None:
    gold = _gold(cases)
    for (sid, lang, idx, name), answer in variants.items():
        assert answer.strip() != gold[sid, lang, idx].strip(), name


def test_wordings_are_many_and_in_both_languages() -> None:
    tables = [v for k, v in vars(P).items() if k.isupper() and isinstance(v, dict)]
    for table in tables:
        if set(table) == {"en", "zh"} and isinstance(table["en"][0], str):
            if len(table["en"]) >= 8:
                assert len(table["zh"]) >= 8
            assert any(re.search(r"[\u4e00-\u9fff]", t) for t in table["zh"])


def test_hidden_gold_is_not_visible(cases, variants) -> None:
    gold = _gold(cases)
    for (sid, lang, idx, name), answer in variants.items():
        if name != "i_hidden":
            continue
        visible = re.sub(
            r"<!--.*?-->|<(span|details)[^>]*>.*?</\1>|\[[^\]]*\]\(# \"[^\"]*\"\)",
            "",
            answer,
            flags=re.S,
        )
        assert gold[sid, lang, idx] not in visible and visible.strip()


def test_other_language_is_the_other_gold(cases, variants) -> None:
    for case in cases:
        key = (
            case.session.session_id,
            case.language,
            case.turn.index,
            "i_other_language",
        )
        other = "en" if case.language == "zh" else "zh"
        if case.turn.gold_answer.get(other) != case.answer:
            assert variants[key] == case.turn.gold_answer.get(other)


def test_decision_is_not_asserted_where_it_is_handed_back(cases, variants) -> None:
    for case in cases:
        d = I.decision(case)
        if d is None:
            continue
        key = (case.session.session_id, case.language, case.turn.index, "i_handed_back")
        # the decision may survive only as a question (followed by "?"), never asserted
        assert not re.search(re.escape(d[1]) + r"(\s|$)", variants[key])


def test_additions_keep_the_gold_words(cases, variants) -> None:
    """Fabrications and extra orders keep every sentence of the gold."""
    gold = _gold(cases)
    added = [
        n for n in SET_I if n.startswith(("i_fabricated_", "i_harmful", "i_tenfold"))
    ]
    for (sid, lang, idx, name), answer in variants.items():
        if name in added:
            for s in I.sentences(gold[sid, lang, idx], lang)[1:]:
                assert s.strip().lower() in answer.lower(), name


def test_unit_conversions() -> None:
    assert I.convert_units("Creatinine is 1.9 mg/dL.", "en") == (
        "Creatinine is 168 µmol/L.",
        1,
    )
    assert I.convert_units("Glucose went from 180 to 90 mg/dL.", "en")[0] == (
        "Glucose went from 10.0 to 5.0 mmol/L."
    )
    assert I.convert_units("血红蛋白从 9.2 变为 11.4 g/dL。", "zh")[0] == (
        "血红蛋白从 92 变为 114 g/L。"
    )
    bare = "Glucose went from 132 to 122 mg/dL, turning at 130."
    assert I.convert_units(bare, "en") == (bare, 0)


def test_dates_and_flips() -> None:
    rng = np.random.default_rng(0)
    today = dt.date(2186, 5, 27)
    seen = {I.render_date(dt.date(2186, 5, 26), today, "en", rng) for _ in range(60)}
    assert "yesterday" in seen and "May 26" in seen and "the 26th" in seen
    zh = {I.render_date(dt.date(2186, 5, 25), today, "zh", rng) for _ in range(60)}
    assert "前天" in zh and "5月25日" in zh and "25号" in zh
    assert I.flip("WBC rising, potassium high.", "en") == "WBC falling, potassium low."
    assert I.flip("血钾偏低，呈上升。", "zh") == "血钾偏高，呈下降。"


def test_clearly_abnormal() -> None:
    row = {"name": "Potassium", "v": "6.1", "flag": "H", "lo": 3.5, "hi": 5.1}
    assert I.clearly_abnormal(row)
    assert not I.clearly_abnormal(row | {"v": "5.3"})
    assert not I.clearly_abnormal(
        {"name": "Lactate", "v": "0.3", "flag": "L", "lo": 0.5, "hi": 2}
    )


def test_modules_import_no_grader_code() -> None:
    for module in ("independent_i.py", "independent_i_phrases.py"):
        path = Path(I.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, f"{module} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
