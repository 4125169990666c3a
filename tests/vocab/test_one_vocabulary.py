"""One clinical vocabulary: analyte and drug names live in ``physassist_env.vocab`` only.

The scenario generator, the EHR search, the grader and the patient derive their tables from
it; a module that writes its own table of names (``{"k": "potassium", "钾": "potassium"}``)
can drift from the others, and the scan below finds it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from physassist_env.ehr.synonyms import ALIASES, expand
from physassist_env.patient import lexicon
from physassist_env.scenarios.vocab import ANTIBIOTICS, DRUG_CLASSES, LABS, drug_zh
from physassist_env.vocab.analytes import ANALYTES, LAB_NAMES
from physassist_env.vocab.drugs import (
    ANTIBIOTIC_CLASS,
    DRUG_BRANDS,
    GENERIC_ZH,
    SAFETY_CLASS_MEMBERS,
    SAFETY_CLASS_NAMES,
)
from physassist_env.vocab.lay import DRUG_LAY_NAMES
from physassist_env.vocab.subjects import EXTRA_ANALYTE_NAMES, analyte_key

PACKAGE = Path(__file__).resolve().parents[2] / "physassist_env"
_CJK_RE = re.compile("[\u4e00-\u9fff]")

#: Every analyte and drug name the vocabulary knows (lowercase).
NAMES: frozenset[str] = frozenset(
    n.lower()
    for n in (
        *(n for a in ANALYTES.values() for n in a.names),
        *LAB_NAMES,
        *EXTRA_ANALYTE_NAMES,
        *GENERIC_ZH,
        *GENERIC_ZH.values(),
        *DRUG_BRANDS,
    )
)

#: Modules allowed their own names, and why.
EXEMPT: dict[str, str] = {
    # the validity suite's variant generators must not share the grader's vocabulary,
    # or the suite would test the grader against itself
    # (tests/grading/test_validity.py::test_generators_are_independent_of_the_grader_reading)
    "grading/validity/wording.py": "independent of the grader by design",
    "grading/validity/variants.py": "independent of the grader by design",
    # independent test set A: written without reading the grader or its vocabulary
    # (tests/grading/test_independent_sets.py::test_modules_import_no_grader_reading_code)
    "grading/validity/independent_a.py": "independent of the grader by design",
    "grading/validity/independent_a_phrases.py": "independent of the grader by design",
    "grading/validity/independent_b.py": "independent of the grader by design",
    "grading/validity/independent_b_phrases.py": "independent of the grader by design",
    "grading/validity/independent_c.py": "independent of the grader by design",
    "grading/validity/independent_c_phrases.py": "independent of the grader by design",
    "grading/validity/independent_d.py": "independent of the grader by design",
    "grading/validity/independent_d_phrases.py": "independent of the grader by design",
    "grading/validity/independent_e.py": "independent of the grader by design",
    "grading/validity/independent_e_phrases.py": "independent of the grader by design",
    # set F's allergen table names codeine, which the vocabulary now knows (eleventh pass)
    "grading/validity/independent_f.py": "independent of the grader by design",
    "grading/validity/independent_f_phrases.py": "independent of the grader by design",
    "grading/validity/independent_g.py": "independent of the grader by design",
    "grading/validity/independent_g_phrases.py": "independent of the grader by design",
    "grading/validity/independent_h.py": "independent of the grader by design",
    "grading/validity/independent_h_phrases.py": "independent of the grader by design",
    "grading/validity/independent_i.py": "independent of the grader by design",
    "grading/validity/independent_i_phrases.py": "independent of the grader by design",
    "grading/validity/independent_j.py": "independent of the grader by design",
    "grading/validity/independent_j_phrases.py": "independent of the grader by design",
    "grading/validity/independent_k.py": "independent of the grader by design",
    "grading/validity/independent_k_phrases.py": "independent of the grader by design",
    "grading/validity/independent_l.py": "independent of the grader by design",
    "grading/validity/independent_l_phrases.py": "independent of the grader by design",
    "grading/validity/independent_m.py": "independent of the grader by design",
    "grading/validity/independent_m_phrases.py": "independent of the grader by design",
    "grading/validity/independent_n.py": "independent of the grader by design",
    "grading/validity/independent_n_phrases.py": "independent of the grader by design",
    "grading/validity/independent_o.py": "independent of the grader by design",
    "grading/validity/independent_o_phrases.py": "independent of the grader by design",
    "grading/validity/independent_p.py": "independent of the grader by design",
    "grading/validity/independent_p_phrases.py": "independent of the grader by design",
    "grading/validity/independent_q.py": "independent of the grader by design",
    "grading/validity/independent_q_phrases.py": "independent of the grader by design",
    "grading/validity/independent_r.py": "independent of the grader by design",
    "grading/validity/independent_r_phrases.py": "independent of the grader by design",
}
#: Modules that still keep a name table, owned by other work in progress (issue #15).
#: Remove an entry once its module reads physassist_env.vocab (the test says when).
PENDING: set[str] = set()
#: The modules this change made derive their names from the vocabulary.
DERIVED = (
    "ehr/synonyms.py",
    "scenarios/vocab.py",
    "grading/text.py",
    "grading/claims.py",
    "patient/lexicon.py",
)


def _strings(nodes: list[ast.expr]) -> list[str]:
    return [
        n.value
        for n in nodes
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def name_tables(source: str) -> list[tuple[int, list[str]]]:
    """Literals in ``source`` that spell out names of the vocabulary: (line, names).

    A literal is a name table when it holds two or more Chinese analyte or drug names (a
    translation or synonym list), or is a dict with three or more name keys whose values
    are names again (``{"k": "potassium", "cr": "creatinine", ...}``). Dicts keyed by
    names with other values (``{"hr": 80, "rr": 18}``) are data, not tables.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        keys: list[str] = []
        if isinstance(node, ast.Dict):
            keys = _strings([k for k in node.keys if k is not None])
            values = _strings(
                [
                    x
                    for v in node.values
                    for x in (
                        [v] if isinstance(v, ast.Constant) else getattr(v, "elts", [])
                    )
                ]
            )
            if sum(v.lower() in NAMES for v in values) < 2:
                keys = []
            strings = keys + values
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            strings = _strings(node.elts)
        elif isinstance(node, ast.Call):  # a constructor call with a names tuple
            strings = _strings(
                [
                    x
                    for a in node.args
                    for x in (
                        [a] if isinstance(a, ast.Constant) else getattr(a, "elts", [])
                    )
                ]
            )
        else:
            continue
        zh = sorted({s for s in strings if _CJK_RE.search(s) and s.lower() in NAMES})
        named_keys = [k for k in keys if k.lower() in NAMES]
        if len(zh) >= 2 or len(named_keys) >= 3:
            found.append((node.lineno, zh or named_keys))
    return found


def _tables_by_module() -> dict[str, list[tuple[int, list[str]]]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("vocab/"):
            continue
        tables = name_tables(path.read_text(encoding="utf-8"))
        if tables:
            out[rel] = tables
    return out


@pytest.mark.parametrize(
    "source",
    [
        '{"k": "potassium", "钾": "potassium", "血钾": "potassium", "cr": "creatinine"}',
        'SYN = {"potassium": ["K", "血钾", "钾"], "sodium": ["Na", "血钠"]}',
        'LAB = _lab("potassium", "potassium", "血钾", ("K", "钾"))',
        'ZH = {"lisinopril": "赖诺普利", "warfarin": "华法林"}',
    ],
)
def test_the_scan_finds_a_name_table(source: str) -> None:
    assert name_tables(source)


@pytest.mark.parametrize(
    "source",
    [
        'VITALS = {"hr": 80, "rr": 18, "spo2": 97, "temp": 37.0}',
        'ORDER = ("potassium", "creatinine", "sodium")',
        'x = ANALYTES["potassium"].zh',
    ],
)
def test_the_scan_leaves_data_and_keys_alone(source: str) -> None:
    assert not name_tables(source)


def test_derived_modules_spell_no_names() -> None:
    tables = _tables_by_module()
    assert not {m: tables[m] for m in DERIVED if m in tables}


def test_no_module_outside_the_vocabulary_keeps_a_name_table() -> None:
    tables = _tables_by_module()
    unexpected = {
        m: t for m, t in tables.items() if m not in EXEMPT and m not in PENDING
    }
    assert not unexpected, (
        "these modules spell out analyte/drug names; read them from physassist_env.vocab "
        f"instead: {unexpected}"
    )
    done = sorted(PENDING - set(tables))
    assert not done, f"{done} no longer keep a name table: remove them from PENDING"


def test_scenario_labs_and_drugs_are_named_by_the_vocabulary() -> None:
    for key, lab in LABS.items():
        a = ANALYTES[key]
        assert (lab.en, lab.zh, lab.synonyms) == (a.en, a.zh, a.synonyms)
    assert set(DRUG_CLASSES) == set(SAFETY_CLASS_NAMES)
    for key, cls in DRUG_CLASSES.items():
        assert (cls.en, cls.zh) == SAFETY_CLASS_NAMES[key]
        assert cls.members == {g: GENERIC_ZH[g] for g in SAFETY_CLASS_MEMBERS[key]}
    assert ANTIBIOTICS == {
        g: (c, c, GENERIC_ZH[g]) for g, c in ANTIBIOTIC_CLASS.items()
    }
    assert drug_zh("omeprazole") == GENERIC_ZH["omeprazole"]


def test_ehr_search_understands_every_vocabulary_name() -> None:
    for a in ANALYTES.values():
        assert expand(a.en.lower()) == a.search_term
        assert expand(a.zh.lower()) == a.search_term
    for generic, zh in GENERIC_ZH.items():
        assert expand(zh.lower()) in (
            generic,
            *(a.search_term for a in ANALYTES.values()),
        )
    for brand, generic in DRUG_BRANDS.items():
        assert ALIASES[brand] == generic
    assert expand("k") == "potassium" and expand("钾") == "potassium"
    assert expand("bun") == "urea nitrogen" and expand("vanc") == "vancomycin"
    # tests before drugs; a synonym narrower than the record name is searched as written
    assert expand("葡萄糖") == "glucose"
    assert expand("total bilirubin") == "total bilirubin"


def test_patient_names_drugs_and_tests_as_the_vocabulary_does() -> None:
    drugs = {e.key: e for e in lexicon.DRUGS}
    assert len(drugs) == len(DRUG_LAY_NAMES)
    for generic, lay in DRUG_LAY_NAMES.items():
        e = drugs[generic.replace(" ", "_")]
        assert (e.en, e.zh, e.ask) == (lay.en, lay.zh, lay.ask)
        assert e.zh[0] == GENERIC_ZH[generic]
        brands = {b for b, g in DRUG_BRANDS.items() if g == generic}
        assert set(e.match) == {generic} | brands
    for e in lexicon.LABS:
        (a,) = [a for a in ANALYTES.values() if analyte_key(a.key) == e.key]
        assert a.lay is not None
        assert (e.match, e.en, e.zh, e.ask) == (
            a.record_words,
            a.lay.en,
            a.lay.zh,
            a.lay.ask,
        )
