"""Synthetic hospital: determinism, MIMIC-IV loading + FHIR validity, clinical coherence, CLI."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from pathlib import Path

import pyarrow.csv as pacsv
import pytest

from physassist_env.cli.main import main as cli_main
from physassist_env.clinical import scores
from physassist_env.fhir.validate import validate_record
from physassist_env.sources import open_source
from physassist_env.sources.mimic import parse_discharge_sections
from physassist_env.synth import COLUMNS, generate_hospital, meds
from physassist_env.synth import knowledge as kb
from physassist_env.synth.planting import EGFR_PAIRS

N = 40


@pytest.fixture(scope="module")
def hospital(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("synth")
    generate_hospital(out, N, seed=7, progress=False)
    return out


def _rows(root: Path, table: str) -> list[dict]:
    return pacsv.read_csv(root / f"{table}.csv.gz").to_pylist()


def _truth(root: Path) -> list[dict]:
    with gzip.open(root / "truth" / "patients.jsonl.gz", "rt") as f:
        return [json.loads(line) for line in f]


def test_same_seed_is_byte_identical_and_other_seed_differs(tmp_path: Path) -> None:
    a, b, c = (
        generate_hospital(tmp_path / n, 5, seed=s, progress=False)
        for n, s in (("a", 1), ("b", 1), ("c", 2))
    )
    for table in COLUMNS:
        rel = f"{table}.csv.gz"
        assert (a.out_dir / rel).read_bytes() == (b.out_dir / rel).read_bytes(), table
    assert (a.out_dir / "hosp/labevents.csv.gz").read_bytes() != (
        c.out_dir / "hosp/labevents.csv.gz"
    ).read_bytes()


# Layouts of the MIMIC-IV tables that the open demo does not ship (chartevents is left out of
# the demo's icu/ folder; notes are MIMIC-IV-Note). Source: https://mimic.mit.edu/docs/iv/
# (icu/chartevents) and https://physionet.org/content/mimic-iv-note/2.2/ (discharge, radiology).
NOT_IN_DEMO = {
    "icu/chartevents": (
        "subject_id",
        "hadm_id",
        "stay_id",
        "caregiver_id",
        "charttime",
        "storetime",
        "itemid",
        "value",
        "valuenum",
        "valueuom",
        "warning",
    ),
    "note/discharge": (
        "note_id",
        "subject_id",
        "hadm_id",
        "note_type",
        "note_seq",
        "charttime",
        "storetime",
        "text",
    ),
    "note/radiology": (
        "note_id",
        "subject_id",
        "hadm_id",
        "note_type",
        "note_seq",
        "charttime",
        "storetime",
        "text",
    ),
}


def test_columns_match_mimic(hospital: Path, mimic_demo_path: Path) -> None:
    """Every generated table's header is MIMIC-IV's: the demo's header (only the header row
    is read), or the documented layout for the tables the demo does not ship."""
    compared = 0
    for table in COLUMNS:
        demo = mimic_demo_path / f"{table}.csv.gz"
        if demo.exists():
            with gzip.open(demo, "rt") as f:
                want = tuple(f.readline().strip().split(","))
        else:
            want = NOT_IN_DEMO[table]
        with gzip.open(hospital / f"{table}.csv.gz", "rt") as f:
            assert tuple(f.readline().strip().split(",")) == want, table
        compared += demo.exists()
    assert compared >= len(COLUMNS) - len(NOT_IN_DEMO)


def test_ids_do_not_look_like_mimic(hospital: Path) -> None:
    for r in _rows(hospital, "hosp/patients"):
        assert r["subject_id"] >= 90000001 and 18 <= r["anchor_age"] <= 95


def test_loads_through_mimic_source_and_validates(
    hospital: Path, tmp_path: Path
) -> None:
    source = open_source("mimic-iv", hospital, cache_dir=tmp_path / "cache")
    ids = source.patient_ids()
    assert len(ids) == N
    kinds: set[str] = set()
    for record in source.records(ids[:12]):
        validate_record(record)
        kinds |= {r["resourceType"] for r in record.resources}
    assert {
        "Patient",
        "Encounter",
        "Condition",
        "Observation",
        "MedicationRequest",
        "MedicationAdministration",
        "DocumentReference",
        "DiagnosticReport",
    } <= kinds


def test_labs_within_bounds_and_doses_within_range(hospital: Path) -> None:
    for r in _rows(hospital, "hosp/labevents"):
        lo, hi = kb.LABS[r["itemid"]].bounds
        assert lo <= r["valuenum"] <= hi, r
        if r["itemid"] == 50971:
            assert 1.5 <= r["valuenum"] <= 9.5
    names = {d.name: d for d in kb.DRUGS.values()}
    for r in _rows(hospital, "hosp/prescriptions"):
        if r["drug_type"] == "BASE":
            assert (r["drug"], float(r["dose_val_rx"])) in meds.BASES.values(), r
            continue
        drug = [
            d
            for d in kb.DRUGS.values()
            if d.name == r["drug"] and d.route == r["route"]
        ]
        assert drug, r["drug"]
        # a PRN range order ("5-10") has both ends within the plausible range
        for dose in str(r["dose_val_rx"]).split("-"):
            assert drug[0].dose_range[0] <= float(dose) <= drug[0].dose_range[1], r
    assert names


def test_diagnoses_labs_and_drugs_agree_with_conditions(hospital: Path) -> None:
    dx = defaultdict(set)
    for r in _rows(hospital, "hosp/diagnoses_icd"):
        dx[r["hadm_id"]].add(str(r["icd_code"]))
    labs = defaultdict(set)
    for r in _rows(hospital, "hosp/labevents"):
        labs[r["hadm_id"]].add(r["itemid"])
    drugs = defaultdict(set)
    for r in _rows(hospital, "hosp/prescriptions"):
        drugs[r["hadm_id"]].add(r["drug"])
    for t in _truth(hospital):
        for adm in t["admissions"]:
            cond = kb.CONDITIONS[adm["primary"]]
            code = cond.icd9[0] if adm["icd_version"] == 9 else cond.icd10[0]
            assert code in dx[adm["hadm_id"]]
            # every lab the condition moves is measured (sparse tiers may skip extra panels)
            moved = set(cond.labs) & {i for p in ("chem7", "cbc") for i in kb.PANELS[p]}
            assert moved <= labs[adm["hadm_id"]], cond.key
            assert set(cond.drugs) <= {
                k for k, d in kb.DRUGS.items() if d.name in drugs[adm["hadm_id"]]
            } | set(t["home_meds"]), cond.key
            if cond.antibiotics:
                names = {
                    kb.DRUGS[k].name for regimen in cond.antibiotics for k in regimen
                }
                assert names & drugs[adm["hadm_id"]], cond.key
            assert {50971, 50912, 51301} <= labs[adm["hadm_id"]]


def test_drug_lab_pairs_at_intended_rate(hospital: Path) -> None:
    pairs = [p for t in _truth(hospital) for a in t["admissions"] for p in a["pairs"]]
    assert len(pairs) >= 30
    rate = sum(p["planted"] for p in pairs) / len(pairs)
    assert 0.1 <= rate <= 0.5
    by_key = {p.key: p for p in kb.MONITORING_PAIRS}
    for p in pairs:
        if p["planted"]:
            # the series' extreme reaches the planted target (or was already beyond it);
            # metformin's target is the patient's own eGFR edge (``planting``): unsafe
            pair = by_key[p["pair"]]
            lo, hi = pair.unsafe_values
            if p["pair"] in EGFR_PAIRS:
                assert p["unsafe"], p
            elif pair.unsafe_above is not None:
                assert p["value"] >= lo - 0.05, p
            else:
                assert p["value"] <= hi + 0.5, p


def test_discharge_note_agrees_with_tables(hospital: Path) -> None:
    adm = {r["hadm_id"]: r for r in _rows(hospital, "hosp/admissions")}
    rx = defaultdict(set)
    for r in _rows(hospital, "hosp/prescriptions"):
        if r["stoptime"] == adm[r["hadm_id"]]["dischtime"]:
            rx[r["hadm_id"]].add(r["drug"])
    titles = {
        (str(r["icd_code"]), r["icd_version"]): r["long_title"]
        for r in _rows(hospital, "hosp/d_icd_diagnoses")
    }
    dx = defaultdict(list)
    for r in _rows(hospital, "hosp/diagnoses_icd"):
        dx[r["hadm_id"]].append(titles[(str(r["icd_code"]), r["icd_version"])])
    for note in _rows(hospital, "note/discharge"):
        sections = parse_discharge_sections(note["text"])
        assert len(sections) == 15
        listed = {
            line.split(". ", 1)[1]
            for line in sections["Discharge Medications"].splitlines()
            if ". " in line
        }
        names = {  # the longest name: "Vancomycin Oral Liquid ..." is not "Vancomycin"
            max(
                (d.name for d in kb.DRUGS.values() if m.startswith(d.name + " ")),
                key=len,
            )
            for m in listed
        }
        assert names == rx[note["hadm_id"]]
        assert sections["Discharge Diagnosis"].splitlines() == dx[note["hadm_id"]]
        assert "Smoking:" in sections["Social History"]


def test_scores_computable(hospital: Path) -> None:
    labs = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        labs[(r["hadm_id"], r["itemid"])].append(r["valuenum"])
    omr = {
        r["subject_id"]: float(r["result_value"])
        for r in _rows(hospital, "hosp/omr")
        if r["result_name"] == "Weight (Lbs)"
    }
    patients = {r["subject_id"]: r for r in _rows(hospital, "hosp/patients")}
    checked = 0
    for t in _truth(hospital):
        p = patients[t["subject_id"]]
        for a in t["admissions"]:
            h = a["hadm_id"]
            cr = labs[(h, 50912)][0]
            value = scores.crcl(
                age=p["anchor_age"],
                weight_kg=omr[t["subject_id"]] / 2.20462,
                creatinine=cr,
                female=p["gender"] == "F",
            )
            assert 3 < value < 300
            v = a["admit_vitals"]
            if "CURB-65" in a["scores"]:
                s = scores.curb65(
                    confusion=a["confused"],
                    bun_mg_dl=labs[(h, 51006)][0],
                    rr=v["rr"],
                    sbp=v["sbp"],
                    dbp=v["dbp"],
                    age=p["anchor_age"],
                )
                assert 0 <= s <= 5
                checked += 1
            if "Child-Pugh" in a["scores"]:
                pts, _cls = scores.child_pugh(
                    bilirubin=labs[(h, 50885)][0],
                    albumin=labs[(h, 50862)][0],
                    inr=labs[(h, 51237)][0],
                    ascites=1,
                    encephalopathy=0,
                )
                assert 5 <= pts <= 15
                checked += 1
            if "SOFA" in a["scores"]:
                s = scores.sofa(
                    pf_ratio=None,
                    platelets=labs[(h, 51265)][0],
                    bilirubin=labs[(h, 50885)][0],
                    map_mmhg=(v["sbp"] + 2 * v["dbp"]) / 3,
                    vasopressor=True,
                    gcs=15,
                    creatinine=cr,
                )
                assert s >= 3
                checked += 1
    assert checked > 0


def test_knowledge_base_size_and_languages() -> None:
    acute = [c for c in kb.CONDITIONS.values() if c.acute]
    assert len(kb.CONDITIONS) >= 40 and len(acute) >= 30
    for c in kb.CONDITIONS.values():
        assert len(c.symptoms.en) == 3 and len(c.symptoms.zh) == 3
        for drug in (*c.drugs, *c.home, *(k for r in c.antibiotics for k in r)):
            assert drug in kb.DRUGS, (c.key, drug)
        for itemid in c.labs:
            assert itemid in kb.LABS


def test_cli_refuses_non_empty_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "x.txt").write_text("keep")
    assert (
        cli_main(["synth", "--patients", "2", "--out", str(tmp_path), "--no-progress"])
        == 2
    )
    assert "--overwrite" in capsys.readouterr().err
    assert (
        cli_main(
            [
                "synth",
                "--patients",
                "2",
                "--out",
                str(tmp_path),
                "--no-progress",
                "--overwrite",
            ]
        )
        == 0
    )
    assert (tmp_path / "hosp" / "labevents.csv.gz").exists()


def _auroc(score: list[float], label: list[int]) -> float:
    pos = [s for s, y in zip(score, label, strict=True) if y]
    neg = [s for s, y in zip(score, label, strict=True) if not y]
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def test_planted_label_not_readable_from_lab_spread(tmp_path: Path) -> None:
    """The within-admission spread of a monitored lab does not reveal a planted value."""
    generate_hospital(tmp_path, 250, seed=3, progress=False, tables=["hosp/labevents"])
    labs = defaultdict(list)
    for r in _rows(tmp_path, "hosp/labevents"):
        labs[(r["hadm_id"], r["itemid"])].append(r["valuenum"])
    by_pair = defaultdict(lambda: ([], []))
    for t in _truth(tmp_path):
        for a in t["admissions"]:
            for p in a["pairs"]:
                vals = labs.get((a["hadm_id"], p["itemid"]), [])
                if len(vals) < 2:
                    continue
                mean = sum(vals) / len(vals)
                sd = (sum((v - mean) ** 2 for v in vals) / len(vals)) ** 0.5
                by_pair[p["pair"]][0].append(sd)
                by_pair[p["pair"]][1].append(int(p["planted"]))
    checked = 0
    for key, (sd, planted) in by_pair.items():
        if sum(planted) >= 15 and len(planted) - sum(planted) >= 15:
            auc = _auroc(sd, planted)
            assert 0.3 <= auc <= 0.7, (key, auc)
            checked += 1
    assert checked >= 2


def test_no_flat_series_at_a_threshold(hospital: Path) -> None:
    """Unplanted monitored labs are not pinned: few long series repeat one value."""
    labs = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        labs[(r["hadm_id"], r["itemid"])].append(r["valuenum"])
    long_series = [v for v in labs.values() if len(v) >= 4]
    flat = [v for v in long_series if len(set(v)) == 1]
    assert long_series and len(flat) / len(long_series) < 0.1
    # the old generator clamped unplanted labs at limit - 0.3 (K 5.2, creatinine 1.6, INR 3.7)
    by_key = {p.key: p for p in kb.MONITORING_PAIRS}
    extremes = defaultdict(list)
    for t in _truth(hospital):
        for a in t["admissions"]:
            for p in a["pairs"]:
                if not p["planted"] and p["value"] is not None:
                    extremes[p["pair"]].append(p["value"])
    checked = 0
    for key, values in extremes.items():
        pair = by_key[key]
        if pair.unsafe_above is None or len(values) < 8:
            continue
        clamp = round(pair.unsafe_above - 0.3, 1)
        assert sum(v == clamp for v in values) / len(values) < 0.25, (key, values)
        checked += 1
    assert checked


def test_truth_pairs_agree_with_reported_values(hospital: Path) -> None:
    """Each pair's ``unsafe`` label is what the reported values show; metformin's
    creatinine by the gold's eGFR rule at the age and sex of the record (CKD-EPI 2021,
    FDA 2016: below 45), not by a creatinine limit."""
    from physassist_env.clinical.renal import egfr_action

    by_key = {p.key: p for p in kb.MONITORING_PAIRS}
    values = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        values[(r["hadm_id"], r["itemid"])].append(r["valuenum"])
    people = {r["subject_id"]: r for r in _rows(hospital, "hosp/patients")}
    admitted = {r["hadm_id"]: r for r in _rows(hospital, "hosp/admissions")}
    egfr_checked = 0
    for t in _truth(hospital):
        for a in t["admissions"]:
            for p in a["pairs"]:
                pair, vals = by_key[p["pair"]], values[(a["hadm_id"], p["itemid"])]
                if pair.key == "creatinine_metformin":
                    adm = admitted[a["hadm_id"]]
                    who = people[adm["subject_id"]]
                    age = who["anchor_age"] + adm["admittime"].year - who["anchor_year"]
                    female = who["gender"] == "F"
                    assert p["unsafe"] == (
                        egfr_action("metformin", max(vals), age, female) is not None
                    ), (p, age, female)
                    egfr_checked += 1
                elif pair.unsafe_above is not None:
                    assert p["unsafe"] == any(v > pair.unsafe_above for v in vals)
                else:
                    assert p["unsafe"] == any(v < pair.unsafe_below for v in vals)
                if p["planted"]:
                    assert p["unsafe"] and vals, p
    assert egfr_checked, "no metformin creatinine pair in the hospital"


def test_deaths_dispositions_and_notes_agree(hospital: Path) -> None:
    from physassist_env.synth.knowledge.calibration import note_disposition

    adm = {r["hadm_id"]: r for r in _rows(hospital, "hosp/admissions")}
    patients = {r["subject_id"]: r for r in _rows(hospital, "hosp/patients")}
    last = {}
    for r in sorted(adm.values(), key=lambda r: r["admittime"]):
        last[r["subject_id"]] = r["hadm_id"]
    assert len({r["admission_type"] for r in adm.values()}) >= 4
    for note in _rows(hospital, "note/discharge"):
        a = adm[note["hadm_id"]]
        disp = parse_discharge_sections(note["text"])["Discharge Disposition"].strip()
        assert disp == note_disposition(a["discharge_location"] or "")
        died = a["hospital_expire_flag"] == 1
        assert (
            died == (a["discharge_location"] == "DIED") == (a["deathtime"] is not None)
        )
        if died:
            assert disp == "Expired" and last[a["subject_id"]] == a["hadm_id"]
            assert patients[a["subject_id"]]["dod"] is not None


def test_course_trend_claims_hold(hospital: Path) -> None:
    labs = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        labs[(r["hadm_id"], r["itemid"])].append(r["valuenum"])
    for note in _rows(hospital, "note/discharge"):
        course = parse_discharge_sections(note["text"])["Brief Hospital Course"].lower()
        if "creatinine peaked and then improved" in course:
            v = labs[(note["hadm_id"], 50912)]
            top = max(v)
            assert top > v[0] and v[-1] < top and v.index(top) < len(v) - 1
        for phrase, item in (("wbc trended down", 51301), ("inr trended down", 51237)):
            if phrase in course:
                v = labs[(note["hadm_id"], item)]
                assert v[-1] < v[0], (phrase, v)


def test_icu_event_tables(hospital: Path) -> None:
    stays = {r["stay_id"]: r for r in _rows(hospital, "icu/icustays")}
    items = {r["itemid"]: r["linksto"] for r in _rows(hospital, "icu/d_items")}
    for table, time_col in (
        ("inputevents", "starttime"),
        ("outputevents", "charttime"),
        ("procedureevents", "starttime"),
    ):
        rows = _rows(hospital, f"icu/{table}")
        assert rows, table
        for r in rows:
            assert items[r["itemid"]] == table
            s = stays[r["stay_id"]]
            assert s["hadm_id"] == r["hadm_id"]
            assert str(r[time_col]) <= str(s["outtime"])


def test_low_potassium_is_repleted(hospital: Path) -> None:
    """Most low potassium results are replaced within 4 h; the planted share
    (``meds.UNANSWERED_POTASSIUM``) is left for the agent to catch."""
    from datetime import datetime, timedelta

    from physassist_env.synth.meds import UNANSWERED_POTASSIUM

    orders = defaultdict(list)
    for r in _rows(hospital, "hosp/prescriptions"):
        if r["drug"] == "Potassium Chloride":
            orders[r["hadm_id"]].append(r["starttime"])
    disch = {r["hadm_id"]: r["dischtime"] for r in _rows(hospital, "hosp/admissions")}
    low = answered = 0
    for r in _rows(hospital, "hosp/labevents"):
        if r["itemid"] == 50971 and r["valuenum"] < 3.5:
            t = r["charttime"]
            if isinstance(t, str):
                t = datetime.fromisoformat(t)
            if t > disch[r["hadm_id"]] - timedelta(hours=4):
                continue
            late = [o for o in orders[r["hadm_id"]] if t < o <= t + timedelta(hours=4)]
            answered += bool(late)
            low += 1
    assert low > 0
    # both sides exist, the answered ones about 1 - UNANSWERED_POTASSIUM of them
    assert 0 < answered < low
    assert answered / low >= 1 - UNANSWERED_POTASSIUM - 0.2


def test_calibration_aggregates_are_aggregates_and_reproducible() -> None:
    from physassist_env.synth.knowledge.calibration import AGGREGATES_FILE, aggregates

    shipped = aggregates()
    assert "ODbL" in shipped["provenance"]["licence"]
    text = AGGREGATES_FILE.read_text()
    assert "subject_id" not in text and "hadm_id" not in text
    assert AGGREGATES_FILE.stat().st_size < 40_000


def test_calibration_aggregates_are_derived_from_the_demo(
    mimic_demo_path: Path,
) -> None:
    from physassist_env.synth.calibrate import derive
    from physassist_env.synth.knowledge.calibration import aggregates

    assert (
        json.loads(json.dumps(derive(mimic_demo_path), sort_keys=True)) == aggregates()
    )


def test_truth_pairs_are_drawn_and_pt_follows_inr(hospital: Path) -> None:
    """Every truth pair's lab was drawn; a (planted) INR moves the PT of its specimen."""
    pairs = [p for t in _truth(hospital) for a in t["admissions"] for p in a["pairs"]]
    assert pairs and all(p["value"] is not None for p in pairs)
    by_spec: dict[int, dict[int, float]] = defaultdict(dict)
    for r in _rows(hospital, "hosp/labevents"):
        if r["itemid"] in (51237, 51274):
            by_spec[r["specimen_id"]][r["itemid"]] = r["valuenum"]
    both = [s for s in by_spec.values() if len(s) == 2]
    assert len(both) >= 20
    assert all(abs(s[51274] - 11 * s[51237]) < 2.5 for s in both)


def test_drips_have_a_base_row_and_reorders_keep_one_discharge_order(
    hospital: Path,
) -> None:
    """IV piggybacks/drips carry a BASE diluent row on their pharmacy_id; a re-ordered drug
    has consecutive orders, at most one of them running to discharge."""
    rx = _rows(hospital, "hosp/prescriptions")
    main = {r["pharmacy_id"]: r for r in rx if r["drug_type"] == "MAIN"}
    base = {r["pharmacy_id"] for r in rx if r["drug_type"] == "BASE"}
    keyed = {d.name: k for k, d in kb.DRUGS.items()}
    piggy = {p for p, r in main.items() if keyed.get(r["drug"]) in meds.BASES}
    assert piggy and piggy <= base <= set(main)
    adm = {r["hadm_id"]: r["dischtime"] for r in _rows(hospital, "hosp/admissions")}
    at_disch = defaultdict(int)
    by_drug = defaultdict(int)
    for r in main.values():
        by_drug[(r["hadm_id"], r["drug"], r["route"])] += 1
        if r["stoptime"] == adm[r["hadm_id"]]:
            at_disch[(r["hadm_id"], r["drug"], r["route"])] += 1
    assert max(at_disch.values()) == 1
    assert any(n > 1 for n in by_drug.values())


def test_poe_orders_agree_with_tables(hospital: Path) -> None:
    """POE: each prescription points at a Medications order; D/C and Change transactions
    point at a real order; code status is DNR exactly when the admission is coded DNR;
    poe_seq runs per subject in order time."""
    poe = _rows(hospital, "hosp/poe")
    by_id = {r["poe_id"]: r for r in poe}
    assert len(by_id) == len(poe)
    for r in _rows(hospital, "hosp/prescriptions"):
        assert by_id[r["poe_id"]]["order_type"] == "Medications"
        assert by_id[r["poe_id"]]["hadm_id"] == r["hadm_id"]
    for r in poe:
        if r["transaction_type"] in ("D/C", "Change"):
            old = by_id[r["discontinue_of_poe_id"]]
            assert old["discontinued_by_poe_id"] == r["poe_id"]
    dnr = {
        r["hadm_id"]
        for r in _rows(hospital, "hosp/diagnoses_icd")
        if str(r["icd_code"]) in ("Z66", "V4986")
    }
    detail = {
        r["poe_id"]: r["field_value"]
        for r in _rows(hospital, "hosp/poe_detail")
        if r["field_name"] == "Code status"
    }
    admits = [r for r in poe if r["order_subtype"] == "Admit"]
    assert len(admits) == len(_rows(hospital, "hosp/admissions"))
    for r in admits:
        assert (detail[r["poe_id"]] == "DNR/DNI") == (r["hadm_id"] in dnr)
    last: dict[int, tuple[int, str]] = {}
    for r in sorted(poe, key=lambda r: (r["subject_id"], r["poe_seq"])):
        prev = last.get(r["subject_id"])
        assert prev is None or str(r["ordertime"]) >= prev[1]
        last[r["subject_id"]] = (r["poe_seq"], str(r["ordertime"]))
