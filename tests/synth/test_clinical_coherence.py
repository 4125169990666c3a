"""Synthetic hospital read as a physician would (issue #23, fourth round): orders follow the
patient, the season and the labs; admission types follow severity; the note's history is the
tables' history; drug shares and high-potassium causes as in the MIMIC-IV demo."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

import pyarrow.csv as pacsv
import pytest

from physassist_env.sources.mimic import parse_discharge_sections
from physassist_env.synth import generate_hospital, meds
from physassist_env.synth import knowledge as kb
from physassist_env.synth.admissions import OBSERVATION_TYPES, PLANNED_TYPES
from physassist_env.synth.knowledge import secondary as sec
from physassist_env.synth.patient import consistent

N = 150
K = 50971
RAAS = ("Lisinopril", "Losartan", "Spironolactone")


@pytest.fixture(scope="module")
def hospital(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("synth_coherence")
    generate_hospital(out, N, seed=11, progress=False)
    return out


def _rows(root: Path, table: str) -> list[dict]:
    opts = pacsv.ParseOptions(newlines_in_values=True)
    return pacsv.read_csv(root / f"{table}.csv.gz", parse_options=opts).to_pylist()


def _truth(root: Path) -> list[dict]:
    with gzip.open(root / "truth" / "patients.jsonl.gz", "rt") as f:
        return [json.loads(line) for line in f]


def _when(v: object) -> datetime:
    return v if isinstance(v, datetime) else datetime.fromisoformat(str(v))


def test_flu_vaccine_only_in_season(hospital: Path) -> None:
    """Influenza vaccine is given October-March (CDC ACIP), never in June."""
    shots = [
        _when(r["starttime"])
        for r in _rows(hospital, "hosp/prescriptions")
        if r["drug"] == kb.DRUGS["influenza_vaccine"].name
    ]
    assert shots, "no influenza vaccine ordered at all"
    assert all(t.month in meds.VACCINE_SEASON for t in shots)


def test_enoxaparin_prophylaxis_and_treatment_doses(hospital: Path) -> None:
    """Prophylaxis is 40 mg daily; treatment is 1 mg/kg q12h (ACCP 2012)."""
    weight: dict[int, float] = {}
    for r in _rows(hospital, "hosp/omr"):
        if r["result_name"] == "Weight (Lbs)":
            weight[r["subject_id"]] = float(r["result_value"]) / 2.20462
    orders = [
        r
        for r in _rows(hospital, "hosp/pharmacy")
        if r["medication"] == "Enoxaparin Sodium"
    ]
    rx = {
        r["pharmacy_id"]: float(r["dose_val_rx"])
        for r in _rows(hospital, "hosp/prescriptions")
        if r["drug"] == "Enoxaparin Sodium" and r["drug_type"] == "MAIN"
    }
    daily = [o for o in orders if o["frequency"] == "DAILY"]
    assert daily, "no enoxaparin prophylaxis ordered"
    assert all(rx[o["pharmacy_id"]] == 40 for o in daily)
    for o in orders:
        if o["frequency"] == "Q12H":
            kg = weight[o["subject_id"]]
            assert abs(rx[o["pharmacy_id"]] - min(max(kg, 40), 150)) <= 5.01


def test_admission_type_follows_severity(hospital: Path) -> None:
    """ICU stays and deaths are emergency/urgent admissions, not planned or observation."""
    icu = {r["hadm_id"] for r in _rows(hospital, "icu/icustays")}
    adm = _rows(hospital, "hosp/admissions")
    severe = [a for a in adm if a["hadm_id"] in icu or a["hospital_expire_flag"]]
    assert len(severe) > 20
    assert not [
        a for a in severe if a["admission_type"] in PLANNED_TYPES | OBSERVATION_TYPES
    ]
    mild = {a["admission_type"] for a in adm if a not in severe}
    assert mild & OBSERVATION_TYPES  # observation stays remain, for the mild ones


def test_reorder_of_a_monitored_drug_never_raises_the_dose(hospital: Path) -> None:
    """A mid-stay re-order of a drug with a monitored lab keeps or lowers the strength."""
    names = {kb.DRUGS[d].name for d in meds.MONITORED}
    by = defaultdict(list)
    for r in _rows(hospital, "hosp/prescriptions"):
        if r["drug"] in names and r["drug_type"] == "MAIN":
            by[(r["hadm_id"], r["drug"])].append(
                (_when(r["starttime"]), float(str(r["dose_val_rx"]).split("-")[0]))
            )
    reorders = [sorted(v) for v in by.values() if len(v) > 1]
    assert len(reorders) >= 5
    for seq in reorders:
        assert all(b[1] <= a[1] for a, b in zip(seq, seq[1:], strict=False)), seq


def test_planted_event_agrees_with_the_admission_reason() -> None:
    """No low potassium is planted on a hyperkalaemia admission (K 6.5 falling to 2.6): the
    opposite-direction pair is no candidate there (dropped from the truth with its value)."""
    qt = next(p for p in kb.MONITORING_PAIRS if p.key == "potassium_qt")
    raas = next(p for p in kb.MONITORING_PAIRS if p.key == "potassium_raas")
    hyperk = kb.CONDITIONS["hyperkalemia"].labs[K]
    hypok = kb.CONDITIONS["hypokalemia"].labs[K]

    def truth() -> list[dict]:
        return [
            {"pair": qt.key, "itemid": K, "planted": True},
            {"pair": raas.key, "itemid": K, "planted": False},
        ]

    pairs, planted = truth(), {K: (qt, 2.8)}
    consistent(pairs, planted, {K: (6.5, hyperk)})
    assert planted == {} and [p["pair"] for p in pairs] == [raas.key]
    pairs, planted = truth(), {K: (qt, 2.8)}
    consistent(pairs, planted, {K: (2.7, hypok)})  # low on low: consistent, kept
    assert K in planted and [p["pair"] for p in pairs] == [qt.key]
    pairs, planted = truth(), {K: (raas, 6.0)}
    consistent(pairs, planted, {K: (2.7, hypok)})
    assert planted == {}


def test_no_low_potassium_pair_on_a_potassium_raising_admission(
    hospital: Path,
) -> None:
    raising = {
        k for k, c in kb.CONDITIONS.items() if K in c.labs and c.labs[K].low > 4.2
    }
    qt_names = {
        kb.DRUGS[d].name
        for p in kb.MONITORING_PAIRS
        if p.key == "potassium_qt"
        for d in p.drugs
    }
    on_qt = {
        r["hadm_id"]
        for r in _rows(hospital, "hosp/prescriptions")
        if r["drug"] in qt_names
    }
    exposed = 0
    for t in _truth(hospital):
        for a in t["admissions"]:
            if set(a["conditions"]) & raising:
                exposed += a["hadm_id"] in on_qt
                assert "potassium_qt" not in {p["pair"] for p in a["pairs"]}
    assert exposed >= 3


def test_past_medical_history_lists_the_coded_background(hospital: Path) -> None:
    """The note's Past Medical History holds every background comorbidity coded in the
    admission's diagnoses_icd (one source of truth)."""
    modelled = {
        c for cond in kb.CONDITIONS.values() for c in (cond.icd10[0], cond.icd9[0])
    }  # a chronic condition's own code is in the PMH under the condition's name
    titles = {
        code[v][1]: code[v][0]
        for _p, code, _d, _only in sec.BACKGROUND
        for v in (0, 1)
        if code[v][0] not in modelled
    }
    coded = defaultdict(set)
    for r in _rows(hospital, "hosp/diagnoses_icd"):
        coded[r["hadm_id"]].add(str(r["icd_code"]))
    checked = 0
    for n in _rows(hospital, "note/discharge"):
        pmh = parse_discharge_sections(n["text"]).get("Past Medical History", "")
        for title, code in titles.items():
            if code in coded[n["hadm_id"]] and not title.lower().startswith(
                "family history"
            ):
                checked += 1
                assert f"- {title}" in pmh, (title, pmh)
    assert checked >= 50


def test_vancomycin_and_raas_shares_and_high_potassium_causes(hospital: Path) -> None:
    """IV vancomycin and RAAS blockers as common as in the MIMIC-IV demo (29.8 %, 32.8 % of
    admissions), and a potassium > 5.5 often without a RAAS drug (demo: 19-33 % on one)."""
    hadms = {r["hadm_id"] for r in _rows(hospital, "hosp/admissions")}
    rx = _rows(hospital, "hosp/prescriptions")
    vanco = {
        r["hadm_id"]
        for r in rx
        if r["drug"] == "Vancomycin" and str(r["route"]).startswith("IV")
    }
    raas = {r["hadm_id"] for r in rx if r["drug"] in RAAS}
    high_k = {
        r["hadm_id"]
        for r in _rows(hospital, "hosp/labevents")
        if r["itemid"] == K and r["valuenum"] > 5.5
    }
    assert 0.2 <= len(vanco) / len(hadms) <= 0.4
    assert 0.22 <= len(raas) / len(hadms) <= 0.42
    assert len(high_k & raas) / len(high_k) < 0.7  # before: 0.77-0.79


def test_infection_response_checked_the_first_morning(hospital: Path) -> None:
    """An admission treated for an infection has a CBC the next morning (two WBC values at
    least) whenever it is still in hospital then: the treatment_response scenario needs it."""
    wbc = defaultdict(int)
    for r in _rows(hospital, "hosp/labevents"):
        if r["itemid"] == 51301:
            wbc[r["hadm_id"]] += 1
    checked = 0
    for t in _truth(hospital):
        for a in t["admissions"]:
            if not any(kb.CONDITIONS[c].antibiotics for c in a["conditions"]):
                continue
            admit = _when(
                next(
                    r["admittime"]
                    for r in _rows(hospital, "hosp/admissions")
                    if r["hadm_id"] == a["hadm_id"]
                )
            )
            morning = admit.replace(hour=6, minute=30) + timedelta(days=1)
            if _when(a["dischtime"]) - timedelta(hours=2) > morning:
                checked += 1
                assert wbc[a["hadm_id"]] >= 2, a["hadm_id"]
    assert checked >= 20


def test_thin_chart_codes_few_incidental_lab_abnormalities(hospital: Path) -> None:
    """Lab abnormalities are always coded in a full chart, in ~30 % of a sparse one."""
    tier = {a["hadm_id"]: t["tier"] for t in _truth(hospital) for a in t["admissions"]}
    series = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        series[(r["hadm_id"], r["itemid"])].append(r["valuenum"])
    dx = defaultdict(set)
    for r in _rows(hospital, "hosp/diagnoses_icd"):
        dx[r["hadm_id"]].add(str(r["icd_code"]))
    hits = {"sparse": [0, 0], "full": [0, 0]}
    for (hadm, itemid), vals in series.items():
        for lab, op, limit, code in sec.LAB_CODED:
            if lab != itemid or not (
                min(vals) < limit if op == "<" else max(vals) > limit
            ):
                continue
            key = "sparse" if tier[hadm] == "sparse" else "full"
            hits[key][0] += 1
            hits[key][1] += bool({c for c, _t in code} & dx[hadm])
    assert hits["full"][0] > 20 and hits["full"][1] == hits["full"][0]
    assert hits["sparse"][0] >= 10 and hits["sparse"][1] / hits["sparse"][0] < 0.6


# --- fifth round (issue #23): causes of hyperkalaemia, admission-type mix, ward extras with a
# reason, orders that follow a bleed or a contradicting result


def test_potassium_raas_planted_rarely_so_high_potassium_has_other_causes() -> None:
    """K/RAAS is planted in ~10 % of RAAS admissions (at 0.3 a K > 5.5 was on a RAAS drug in
    60 % of high-potassium admissions, demo 33 %); K/QT keeps the usual rate."""
    import numpy as np

    from physassist_env.synth.planting import PLANT_RATE, plan_unsafe

    rng = np.random.default_rng(0)
    n, high, low = 4000, 0, 0
    for _ in range(n):
        _pairs, planted = plan_unsafe(rng, {"lisinopril", "citalopram"})
        if K in planted:
            high += planted[K][0].key == "potassium_raas"
            low += planted[K][0].key == "potassium_qt"
    assert abs(high / n - PLANT_RATE["potassium_raas"]) < 0.02
    assert PLANT_RATE["potassium_raas"] <= 0.15
    assert abs(low / n - kb.UNSAFE_RATE) < 0.03


def test_high_potassium_mostly_without_a_raas_drug(hospital: Path) -> None:
    """Fewer admissions reach K > 5.5, and fewer of them on a RAAS drug (MIMIC-IV demo: 11.5 %
    of admissions, 33 % of them on one; at 1,000 patients before this round 23 %, 60 %): the
    rest are held RAAS orders on AKI, hyperkalaemia, DKA and HHS admissions."""
    rx = _rows(hospital, "hosp/prescriptions")
    raas = {r["hadm_id"] for r in rx if r["drug"] in RAAS}
    high_k = {
        r["hadm_id"]
        for r in _rows(hospital, "hosp/labevents")
        if r["itemid"] == K and r["valuenum"] > 5.5
    }
    hadms = {r["hadm_id"] for r in _rows(hospital, "hosp/admissions")}
    assert len(high_k) >= 20
    assert (
        len(high_k) / len(hadms) < 0.21
    )  # demo 11.5 %; before 25.6 % on this hospital
    assert len(high_k & raas) / len(high_k) < 0.58  # demo 33 %; before 65 % here


def test_kidney_held_home_drugs_mostly_not_ordered(hospital: Path) -> None:
    """A RAAS blocker or metformin held for the kidneys (AKI, sepsis, DKA, HHS, hyperkalaemia)
    is mostly held at reconciliation and never ordered, as in MIMIC (its "Hold Dose" eMAR
    events are rare); the note still lists it on admission and as held at discharge (before:
    every held drug was an order, so K > 5.5 on a RAAS order read 42 % against the demo's 33 %)."""
    from physassist_env.synth.meds import AKI_HELD, AKI_RISK

    ordered = defaultdict(set)
    for r in _rows(hospital, "hosp/prescriptions"):
        ordered[r["hadm_id"]].add(r["drug"])
    notes = {r["hadm_id"]: r["text"] for r in _rows(hospital, "note/discharge")}
    n = listed = with_order = 0
    for t in _truth(hospital):
        for a in t["admissions"]:
            if a["died"] or not set(a["conditions"]) & AKI_RISK:
                continue
            for key in set(t["home_meds"]) & AKI_HELD:
                name = kb.DRUGS[key].name
                n += 1
                with_order += name in ordered[a["hadm_id"]]
                sec = parse_discharge_sections(notes[a["hadm_id"]])
                course = sec["Brief Hospital Course"]
                listed += name in sec["Medications on Admission"] and (
                    "Held at discharge: " in course
                    and name in course.split("Held at discharge: ")[1]
                    # stopped by the patient for a side effect that forbids it (an ACE
                    # inhibitor's cough): not restarted at all (meds.intolerance_switch)
                    or f"{name} not restarted" in course
                )
    assert n >= 15, n
    assert with_order / n < 0.5, (with_order, n)
    assert listed == n


def test_admission_type_mix_follows_the_demo(hospital: Path) -> None:
    """The demo's admission-type shares are kept although severe admissions can only be
    emergency/urgent (before: EW EMER. 49.6 %, no ELECTIVE); a planned type only for a mild
    ``PLANNED_CONDITIONS`` or ``ELECTIVE_CONDITIONS`` admission."""
    from physassist_env.synth.admissions import ELECTIVE_CONDITIONS, PLANNED_CONDITIONS
    from physassist_env.synth.knowledge.calibration import aggregates

    demo = aggregates()["admission_type"]
    adm = _rows(hospital, "hosp/admissions")
    icu = {r["hadm_id"] for r in _rows(hospital, "icu/icustays")}
    primary = {
        a["hadm_id"]: a["primary"] for t in _truth(hospital) for a in t["admissions"]
    }
    shares = defaultdict(float)
    for a in adm:
        shares[a["admission_type"]] += 1 / len(adm)
        if a["admission_type"] in PLANNED_TYPES:
            assert primary[a["hadm_id"]] in PLANNED_CONDITIONS | ELECTIVE_CONDITIONS
            assert a["hadm_id"] not in icu and not a["hospital_expire_flag"]
    assert shares["ELECTIVE"] > 0
    assert shares["EW EMER."] < demo["EW EMER."] + 0.08
    for t in ("OBSERVATION ADMIT", "EU OBSERVATION", "URGENT"):
        assert abs(shares[t] - demo[t]) < 0.07, (t, shares[t], demo[t])


def test_elective_admissions_bring_planned_share_near_the_demo(hospital: Path) -> None:
    """Scheduled procedures (elective TKA, PCI, colectomy, cholecystectomy) are planned
    admissions of stable patients: planned type, no ICU, no death, a short stay, their
    procedure coded, prophylactic antibiotics stopped within 24 h; planned admissions
    (ELECTIVE + SURGICAL SAME DAY) near the demo's 11.5 % (before: 4.3 %, 4 of 38 principal
    conditions schedulable)."""
    from physassist_env.synth.admissions import ELECTIVE_CONDITIONS

    adm = {r["hadm_id"]: r for r in _rows(hospital, "hosp/admissions")}
    icu = {r["hadm_id"] for r in _rows(hospital, "icu/icustays")}
    primary = {
        a["hadm_id"]: a["primary"] for t in _truth(hospital) for a in t["admissions"]
    }
    alone = {
        a["hadm_id"]
        for t in _truth(hospital)
        for a in t["admissions"]
        if len(a["conditions"]) == 1
    }  # a second acute problem (e.g. a UTI) brings its own antibiotics
    elective = [h for h, p in primary.items() if p in ELECTIVE_CONDITIONS]
    assert len(elective) >= 10
    procs = defaultdict(set)
    for r in _rows(hospital, "hosp/procedures_icd"):
        procs[r["hadm_id"]].add(r["icd_code"])
    for h in elective:
        a = adm[h]
        assert a["admission_type"] in PLANNED_TYPES, a["admission_type"]
        assert 5 <= _when(a["admittime"]).hour < 9  # arrives for a morning operation
        assert h not in icu and not a["hospital_expire_flag"]
        assert (_when(a["dischtime"]) - _when(a["admittime"])).days <= 7
        cond = kb.CONDITIONS[primary[h]]
        if a["hadm_id"] in procs:
            assert cond.procedures[0][0] in procs[h]
    ab = {kb.DRUGS[k].name for k in meds.ANTIBIOTIC_KEYS}
    for r in _rows(hospital, "hosp/prescriptions"):
        if r["hadm_id"] in elective and r["hadm_id"] in alone and r["drug"] in ab:
            assert primary[r["hadm_id"]] in meds.SURGICAL_PROPHYLAXIS
            assert _when(r["stoptime"]) - _when(r["starttime"]) <= timedelta(hours=25)
    planned = sum(a["admission_type"] in PLANNED_TYPES for a in adm.values()) / len(adm)
    assert 0.08 < planned < 0.16, planned  # demo 11.5 %


def test_observation_stays_end_within_two_midnights(hospital: Path) -> None:
    """EU/ambulatory/direct observation stays last about a day (CMS two-midnight rule; demo
    median 0.7-1.0 days); before, they had the condition's stay (median 4.1 days)."""
    from physassist_env.synth.admissions import SHORT_STAY_TYPES

    short = [
        _when(a["dischtime"]) - _when(a["admittime"])
        for a in _rows(hospital, "hosp/admissions")
        if a["admission_type"] in SHORT_STAY_TYPES
    ]
    assert len(short) >= 20
    # two midnights at most: one day, two for an infection on antibiotics
    assert max(short) < timedelta(days=3)
    assert sorted(short)[len(short) // 2] < timedelta(days=2)


def test_dka_insulin_drip_stops_once_the_crisis_resolves() -> None:
    """DKA/HHS: IV insulin for 12-36 h, subcutaneous insulin started 2 h before it stops
    (ADA 2009); before, the drip ran until the day before discharge."""
    for cond in ("dka", "hhs"):
        for seed in range(15):
            drugs, _ = _plan(seed, cond, [])
            drip = next(d for d in drugs if d["key"] == "insulin_gtt")
            assert drip["stop"] - drip["start"] <= timedelta(hours=37)
            basal = [d["start"] for d in drugs if d["key"] == "glargine"]
            assert basal or cond == "hhs"  # type 1 diabetes goes home on basal insulin
            assert not basal or min(basal) <= drip["stop"], (
                cond
            )  # a re-order starts later


def test_dnr_follows_age(hospital: Path) -> None:
    """DNR coding of survivors follows age (SUPPORT 1996): rare under 50, common at 80+
    (before: 6 % at every age, a 38-year-old with a mild AKI coded DNR)."""
    from physassist_env.synth.diagnoses import dnr_probability

    assert dnr_probability(38) < 0.01 < dnr_probability(70) < dnr_probability(88)
    anchor = {
        r["subject_id"]: (r["anchor_age"], r["anchor_year"])
        for r in _rows(hospital, "hosp/patients")
    }
    dnr = {
        r["hadm_id"]
        for r in _rows(hospital, "hosp/diagnoses_icd")
        if r["icd_code"] in (sec.DNR[0][0], sec.DNR[1][0])
    }
    young, old = [], []
    for a in _rows(hospital, "hosp/admissions"):
        if a["hospital_expire_flag"]:
            continue
        age0, year0 = anchor[a["subject_id"]]
        age = age0 + _when(a["admittime"]).year - year0
        (young if age < 50 else old if age >= 80 else []).append(a["hadm_id"] in dnr)
    # (>= 15 young survivors: the seed's 150 patients held 19 once the ward supportive orders
    # moved the random stream, 20+ before)
    assert len(young) >= 15 and len(old) >= 20
    # 14 % at 80+: with ~50 such survivors, > 5 % fails by chance ~2 % of the time
    # (binomial); the former > 7 % failed ~4 % of the time (3 / 52 on one seed's draws)
    assert sum(young) <= 1 and sum(old) / len(old) > 0.05, (
        sum(young),
        sum(old),
        len(old),
    )


def test_ward_extras_have_a_reason(hospital: Path) -> None:
    """Sarna only with a pruritic condition, miconazole powder only with obesity/diabetes, a
    pneumococcal vaccine only at 65+ or with an ACIP risk condition, once per patient."""
    age = {r["subject_id"]: r["anchor_age"] for r in _rows(hospital, "hosp/patients")}
    reasons, codes, subject = {}, {}, {}
    for t in _truth(hospital):
        for a in t["admissions"]:
            reasons[a["hadm_id"]] = set(a["conditions"]) | set(t["chronic"])
            codes[a["hadm_id"]] = set(t["background"])
            subject[a["hadm_id"]] = t["subject_id"]
    name = {
        k: kb.DRUGS[k].name
        for k in ("sarna", "miconazole_powder", "pneumococcal_vaccine")
    }
    seen = defaultdict(int)
    shots = defaultdict(int)
    for r in _rows(hospital, "hosp/prescriptions"):
        h = r["hadm_id"]
        if r["drug"] == name["sarna"]:
            seen["sarna"] += 1
            assert reasons[h] & meds.PRURITUS_REASONS or codes[h] & meds.PRURITIC_CODES
        elif r["drug"] == name["miconazole_powder"]:
            seen["miconazole"] += 1
            assert reasons[h] & meds.INTERTRIGO_REASONS
        elif r["drug"] == name["pneumococcal_vaccine"]:
            seen["pneumococcal"] += 1
            shots[subject[h]] += 1
            assert age[subject[h]] >= 65 or reasons[h] & meds.PNEUMOCOCCAL_RISK
    assert min(seen.values(), default=0) >= 3 and len(seen) == 3, seen
    assert max(shots.values()) == 1


def _plan(
    seed: int, cond: str, home: list[str], inr: float | None = None
) -> tuple[list[dict], dict]:
    """``drug_plan`` of one admission; ``inr``: the presentation INR, to which a bleed on
    warfarin is reversed after the draw (``responses.reverse_vka``, as ``patient`` does)."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids
    from physassist_env.synth.patient import Truth
    from physassist_env.synth.responses import reverse_vka

    chart = Chart(np.random.default_rng(seed), 90000001, Ids())
    truth = Truth(90000001, "moderate", "high", chronic=["af"])
    truth.home_meds = {d: {"adherence": "adherent", "reason": ""} for d in home}
    admit = datetime(2150, 3, 1, 8)
    c = kb.CONDITIONS[cond]
    disch = admit + timedelta(days=4)
    drugs = meds.drug_plan(chart, c, [c], home, 80000001, admit, disch, truth)
    if inr is not None and "warfarin" in home and cond in meds.BLEEDING:
        series = {51237: [(admit + timedelta(minutes=30), inr)]}
        reverse_vka(chart, 80000001, drugs, series, 80.0, admit, disch)
    return drugs, chart.rows


def test_bleed_on_warfarin_holds_and_reverses_it() -> None:
    """A GI haemorrhage on warfarin: warfarin held from admission (no dose given), IV vitamin
    K given, no pharmacological DVT prophylaxis (CHEST 2012; ACC 2020 ECDP)."""
    for seed in range(20):
        drugs, rows = _plan(seed, "ugib", ["warfarin", "metoprolol"], inr=2.5)
        keys = {d["key"] for d in drugs}
        assert "vitamin_k_iv" in keys
        assert not keys & {"heparin_sc", "enoxaparin_ppx"}
        warf = [d for d in drugs if d["key"] == "warfarin"]
        assert warf and not any(d["discharge"] for d in warf)
        pids = {d["pharmacy_id"] for d in warf}
        events = [r[9] for r in rows.get("hosp/emar", []) if r[5] in pids]
        assert all(e == "Hold Dose" for e in events), events
    drugs, _rows2 = _plan(
        0, "pneumonia", ["warfarin"]
    )  # no bleed: continued, no reversal
    assert "vitamin_k_iv" not in {d["key"] for d in drugs}
    assert any(d["key"] == "warfarin" and d["discharge"] for d in drugs)


def test_major_bleed_on_warfarin_gets_pcc_with_vitamin_k() -> None:
    """A GI haemorrhage (haemoglobin 6.5-8.5: a major bleed) on warfarin is reversed with
    4F-PCC and IV vitamin K 5-10 mg together (ACC 2020 ECDP; CHEST 2012), the PCC dosed by
    INR and weight (Kcentra label), charted in prescriptions and eMAR (before: vitamin K only)."""
    for seed in range(10):
        drugs, rows = _plan(seed, "ugib", ["warfarin"], inr=2.0 + seed / 3)
        by_key = {d["key"]: d for d in drugs}
        assert {"pcc4", "vitamin_k_iv"} <= set(by_key)
        assert 5 <= by_key["vitamin_k_iv"]["dose"] <= 10
        assert by_key["pcc4"]["start"] <= by_key["vitamin_k_iv"]["start"] + timedelta(
            hours=1
        )
        pid = by_key["pcc4"]["pharmacy_id"]
        rx = [r for r in rows["hosp/prescriptions"] if r["pharmacy_id"] == pid]
        assert rx and rx[0]["route"] == "IV"
        assert any(r[5] == pid and r[9] == "Administered" for r in rows["hosp/emar"])
    assert meds.pcc_dose(80, 1.8) == 1000  # below INR 2: the fixed dose
    assert meds.pcc_dose(80, 3.0) == 2000  # 25 units/kg
    assert meds.pcc_dose(120, 3.0) == 2500  # capped
    assert meds.pcc_dose(80, 5.0) == 2800  # 35 units/kg
    assert meds.pcc_dose(80, 8.0) == 4000  # 50 units/kg
    drugs, _ = _plan(0, "pneumonia", ["warfarin"], inr=3.0)
    assert "pcc4" not in {d["key"] for d in drugs}


def test_stented_patient_goes_home_on_dual_antiplatelet_therapy() -> None:
    """After a drug-eluting stent (elective PCI, STEMI, NSTEMI) aspirin and clopidogrel are
    always discharge medications (ACC/AHA 2016 DAPT update; before: each at 85 %, a fifth of
    short elective PCI stays went home without clopidogrel)."""
    for cond in ("elective_pci", "stemi", "nstemi"):
        for seed in range(40):
            drugs, _ = _plan(seed, cond, [])
            home = {d["key"] for d in drugs if d["discharge"]}
            assert {"aspirin", "clopidogrel"} <= home, (cond, seed, home)


def test_metformin_and_raas_held_when_kidneys_at_risk() -> None:
    """Sepsis, DKA and HHS hold metformin and RAAS blockers like AKI does (NICE NG148)."""
    for cond in ("sepsis", "dka", "hhs", "aki"):
        drugs, _ = _plan(1, cond, ["metformin", "lisinopril"])
        assert not [
            d
            for d in drugs
            if d["key"] in ("metformin", "lisinopril") and d["discharge"]
        ]


def test_result_that_contradicts_an_order_stops_it() -> None:
    """An unplanted K > 6 stops a RAAS blocker, platelets < 50 stop heparin prophylaxis (no
    dose after the stop, no discharge order); a planted K/RAAS value is left unanswered."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids

    admit = datetime(2150, 3, 1, 8)
    disch = admit + timedelta(days=5)
    for planted, stopped in ((set(), True), ({"potassium_raas"}, False)):
        chart = Chart(np.random.default_rng(3), 90000001, Ids())
        drugs = [
            meds.order(chart, 80000001, "lisinopril", admit, disch, True, True, disch),
            meds.order(
                chart, 80000001, "heparin_sc", admit, disch, False, False, disch
            ),
        ]
        result = admit + timedelta(days=2, hours=-3)
        series = {
            K: [(admit, 4.9), (result, 6.3)],
            51265: [(admit, 140.0), (result, 42.0)],
        }
        meds.review(chart, drugs, series, planted)
        lis = next(d for d in drugs if d["key"] == "lisinopril")
        hep = next(d for d in drugs if d["key"] == "heparin_sc")
        assert hep["stop"] < result + timedelta(hours=7)
        assert (lis["stop"] < result + timedelta(hours=7)) is stopped
        assert lis["discharge"] is not stopped
        for d in (lis, hep):
            given = [
                _when(r[7])
                for r in chart.rows["hosp/emar"]
                if r[5] == d["pharmacy_id"] and r[9] == "Administered"
            ]
            assert all(t < d["stop"] for t in given)
        rx = {r["pharmacy_id"]: r for r in chart.rows["hosp/prescriptions"]}
        assert _when(rx[hep["pharmacy_id"]]["stoptime"]) == hep["stop"]
    # K 6.4 on the admission draw, the home RAAS order written 3 h later: withdrawn
    chart = Chart(np.random.default_rng(4), 90000001, Ids())
    late = admit + timedelta(hours=9)
    drugs = [meds.order(chart, 80000001, "losartan", late, disch, True, True, disch)]
    meds.review(chart, drugs, {K: [(admit, 6.4)]}, set())
    assert drugs == []
    assert not chart.rows["hosp/prescriptions"] and not chart.rows["hosp/emar"]


def test_treatment_dose_heparin_stopped_at_platelets_below_50() -> None:
    """Platelets < 50 K/uL on a heparin infusion or treatment enoxaparin stop it like
    prophylaxis (ASH 2018 HIT: stop all heparin when HIT is suspected; ISTH 2018): no dose
    after the stop (before: the infusion ran on to discharge)."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids

    admit = datetime(2150, 3, 1, 8)
    disch = admit + timedelta(days=5)
    for key in ("heparin_gtt", "enoxaparin"):
        chart = Chart(np.random.default_rng(5), 90000001, Ids())
        drugs = [meds.order(chart, 80000001, key, admit, disch, False, False, disch)]
        result = admit + timedelta(days=2)
        meds.review(chart, drugs, {51265: [(admit, 160.0), (result, 38.0)]}, set())
        d = drugs[0]
        assert d["stop"] < result + timedelta(hours=7), key
        rx = next(
            r
            for r in chart.rows["hosp/prescriptions"]
            if r["pharmacy_id"] == d["pharmacy_id"]
        )
        assert _when(rx["stoptime"]) == d["stop"]
        assert all(
            _when(r[7]) < d["stop"]
            for r in chart.rows["hosp/emar"]
            if r[5] == d["pharmacy_id"] and r[9] in ("Administered", "Started")
        )


def test_nitrofurantoin_is_never_the_regimen_of_a_febrile_admission():
    """Nitrofurantoin treats uncomplicated cystitis only (IDSA/ESCMID 2011); an admitted
    infection with fever (temperature range reaching 100.4 F) needs a systemic drug."""
    for c in kb.ACUTE:
        temp = (c.vitals or {}).get("temp")
        if temp and temp[1] >= 100.4:
            drugs = {d for regimen in c.antibiotics or () for d in regimen}
            assert "nitrofurantoin" not in drugs, c.key


# --- seventh round (synth5): responses to results, PCI loading, procedure holds -------------

CREAT, GLU, INR = 50912, 50931, 51237


def _orders(chart_rows: dict, key: str) -> list[dict]:
    name = kb.DRUGS[key].name
    return [
        r
        for r in chart_rows.get("hosp/prescriptions", [])
        if r["drug"] == name and r["drug_type"] == "MAIN"
    ]


def test_metformin_held_for_the_operation_or_contrast_then_resumed() -> None:
    """Metformin is held on the day of surgery and restarted the next morning (ADA 2024
    Standards, 16), and after a PCI's intra-arterial contrast restarted 48 h later or at
    discharge (FDA 2016 label); before, the home order ran from 3 h after arrival."""
    admit = datetime(2150, 3, 1, 8)
    for seed in range(10):
        for cond in ("elective_colectomy", "elective_tka", "elective_chole"):
            drugs, _ = _plan(seed, cond, ["metformin"])
            met = [d for d in drugs if d["key"] == "metformin"]
            assert met and min(d["start"] for d in met) >= admit.replace(
                hour=7
            ) + timedelta(days=1), (cond, seed)
            assert any(d["discharge"] for d in met)
        drugs, _ = _plan(seed, "elective_pci", ["metformin"])
        load = next(d for d in drugs if d["key"] == "clopidogrel_load")
        met = [d for d in drugs if d["key"] == "metformin"]
        disch = admit + timedelta(days=4)
        assert min(d["start"] for d in met) >= min(
            load["start"] + timedelta(hours=48), disch - timedelta(hours=1)
        )
    drugs, _ = _plan(
        0, "pneumonia", ["metformin"]
    )  # no procedure: continued from arrival
    assert min(
        d["start"] for d in drugs if d["key"] == "metformin"
    ) < admit + timedelta(hours=4)


def test_metformin_held_in_acute_kidney_injury_and_resumed() -> None:
    """A creatinine rise of >= 0.3 mg/dL in 48 h (KDIGO 2012 AKI) or an eGFR < 30 (FDA 2016)
    stops a running metformin order within 6 h; a later value back near the pre-injury level
    with an eGFR >= 45 resumes it the next morning to discharge; a planted creatinine/metformin
    value is left unanswered (before: metformin ran on at creatinine 2.1)."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids
    from physassist_env.synth.responses import hold_metformin

    admit = datetime(2150, 3, 1, 8)
    disch = admit + timedelta(days=6)
    series = {
        CREAT: [
            (admit + timedelta(hours=1), 0.9),
            (admit + timedelta(days=1, hours=-3), 1.4),  # +0.5 in a day: AKI
            (admit + timedelta(days=2, hours=-3), 1.2),
            (admit + timedelta(days=3, hours=-3), 1.0),  # recovered
        ]
    }
    for planted in (set(), {"creatinine_metformin"}):
        chart = Chart(np.random.default_rng(7), 90000001, Ids())
        start = admit + timedelta(hours=3)
        drugs = [
            meds.order(chart, 80000001, "metformin", start, disch, True, True, disch)
        ]
        withdrawn = hold_metformin(
            chart, 80000001, drugs, series, planted, 60, False, disch
        )
        assert withdrawn == []
        met = sorted(
            (d for d in drugs if d["key"] == "metformin"), key=lambda d: d["start"]
        )
        if planted:
            assert len(met) == 1 and met[0]["stop"] == disch
            continue
        first, again = met
        rise = series[CREAT][1][0]
        assert rise < first["stop"] <= rise + timedelta(hours=6)
        assert not first["discharge"] and first.get("changed")
        assert again["start"] == datetime(2150, 3, 4, 8) and again["discharge"]
        gap = [
            _when(r[7])
            for r in chart.rows["hosp/emar"]
            if r[9] == "Administered" and first["stop"] <= _when(r[7]) < again["start"]
        ]
        assert gap == []
    # eGFR < 30 on the admission draw of a woman of 80 (creatinine 2.0): never given
    chart = Chart(np.random.default_rng(8), 90000001, Ids())
    drugs = [meds.order(chart, 80000001, "metformin", start, disch, True, True, disch)]
    withdrawn = hold_metformin(
        chart,
        80000001,
        drugs,
        {CREAT: [(admit + timedelta(hours=1), 2.0)]},
        set(),
        80,
        True,
        disch,
    )
    assert not any(d["key"] == "metformin" and d["discharge"] for d in drugs)
    assert not [r for r in chart.rows["hosp/emar"] if r[9] == "Administered"]
    assert all(not d["discharge"] for d in drugs + withdrawn)


def test_no_metformin_given_past_a_creatinine_that_holds_it(hospital: Path) -> None:
    """Across the hospital: no metformin dose is given more than 6 h after a result showing
    an eGFR < 30 unless a later result cleared it or the pair is planted (before: metformin
    given beside unplanted creatinine values of 2-3 mg/dL)."""
    from physassist_env.clinical.scores import egfr_ckd_epi_2021

    planted = {
        a["hadm_id"]
        for t in _truth(hospital)
        for a in t["admissions"]
        for p in a["pairs"]
        if p["pair"] == "creatinine_metformin" and (p["planted"] or p.get("unanswered"))
    }
    pats = {r["subject_id"]: r for r in _rows(hospital, "hosp/patients")}
    admits = {r["hadm_id"]: r for r in _rows(hospital, "hosp/admissions")}
    creat: dict[int, list[tuple[datetime, float]]] = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        if r["itemid"] == CREAT and r["valuenum"] is not None:
            creat[r["hadm_id"]].append((_when(r["charttime"]), float(r["valuenum"])))
    name = kb.DRUGS["metformin"].name
    given = [
        (r["hadm_id"], _when(r["charttime"]))
        for r in _rows(hospital, "hosp/emar")
        if r["medication"] == name and r["event_txt"] == "Administered"
    ]
    checked, bad = 0, []
    for hadm, when in given:
        if hadm in planted or not creat.get(hadm):
            continue
        p = pats[admits[hadm]["subject_id"]]
        age = p["anchor_age"] + _when(admits[hadm]["admittime"]).year - p["anchor_year"]
        known = [v for t, v in sorted(creat[hadm]) if t < when - timedelta(hours=6)]
        if not known:
            continue
        checked += 1
        if (
            egfr_ckd_epi_2021(creatinine=known[-1], age=age, female=p["gender"] == "F")
            < 30
        ):
            bad.append((hadm, when, known[-1]))
    assert checked > 50
    assert not bad, bad[:5]


def test_clopidogrel_loaded_at_pci_then_daily() -> None:
    """A stent gets clopidogrel 600 mg at the PCI, then 75 mg daily from the next morning to
    discharge with aspirin (ACC/AHA 2016 DAPT; 2021 revascularisation): before, no load and
    NSTEMI started clopidogrel on the discharge morning."""
    admit = datetime(2150, 3, 1, 8)
    for cond in ("stemi", "nstemi", "elective_pci"):
        lo, hi = meds.PCI_HOURS[cond]
        for seed in range(15):
            drugs, rows = _plan(seed, cond, [])
            load = [d for d in drugs if d["key"] == "clopidogrel_load"]
            assert len(load) == 1 and load[0]["dose"] == 600, (cond, seed)
            t = load[0]["start"]
            assert admit + timedelta(hours=lo) <= t <= admit + timedelta(hours=hi)
            assert any(
                r[5] == load[0]["pharmacy_id"] and r[9] == "Administered"
                for r in rows["hosp/emar"]
            )
            daily = [d for d in drugs if d["key"] == "clopidogrel"]
            assert len(daily) >= 1 and all(d["dose"] == 75 for d in daily)
            first = min(d["start"] for d in daily)
            # the next morning's order, its first 09:00 dose 12-36 h after the load
            assert t + timedelta(hours=11) <= first <= t + timedelta(hours=35)
            assert any(d["discharge"] for d in daily)
    # on clopidogrel at home: continued, no load
    drugs, _ = _plan(0, "nstemi", ["clopidogrel"])
    assert "clopidogrel_load" not in {d["key"] for d in drugs}


def test_pcc_dosed_from_the_inr_reported_at_presentation() -> None:
    """4F-PCC is given after the admission INR and dosed from it (Kcentra label 25/35/50
    units/kg by INR 2-<4 / 4-6 / > 6; fixed 1000 units below 2, ACC 2020 ECDP), with IV
    vitamin K; before, the dose came from the patient's baseline INR (a reported 1.8 beside a
    25 units/kg dose)."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids
    from physassist_env.synth.responses import reverse_vka

    admit = datetime(2150, 3, 1, 8)
    disch = admit + timedelta(days=4)
    drawn = admit + timedelta(minutes=40)
    for inr, dose in ((1.8, 1000), (3.1, 2000), (4.6, 2800), (7.2, 4000)):
        chart = Chart(np.random.default_rng(9), 90000001, Ids())
        drugs: list[dict] = []
        reverse_vka(chart, 80000001, drugs, {INR: [(drawn, inr)]}, 80.0, admit, disch)
        by_key = {d["key"]: d for d in drugs}
        assert by_key["pcc4"]["dose"] == dose, inr
        assert 5 <= by_key["vitamin_k_iv"]["dose"] <= 10
        assert drawn < by_key["pcc4"]["start"] <= drawn + timedelta(hours=2)


def test_pcc_dose_matches_the_reported_admission_inr(hospital: Path) -> None:
    """In the hospital every 4F-PCC dose is in the Kcentra band of the last INR reported
    before it (the INR is drawn first)."""
    inr: dict[int, list[tuple[datetime, float]]] = defaultdict(list)
    for r in _rows(hospital, "hosp/labevents"):
        if r["itemid"] == INR and r["valuenum"] is not None:
            inr[r["hadm_id"]].append((_when(r["charttime"]), float(r["valuenum"])))
    pcc = [
        r
        for r in _rows(hospital, "hosp/prescriptions")
        if r["drug"] == kb.DRUGS["pcc4"].name
    ]
    for r in pcc:
        before = [v for t, v in sorted(inr[r["hadm_id"]]) if t < _when(r["starttime"])]
        assert before, r["hadm_id"]
        dose, value = float(r["dose_val_rx"]), before[0]
        if value < 2:
            assert dose == 1000, (r["hadm_id"], value, dose)
        else:  # the band's units/kg at a weight of 30 kg or more, capped at 100 kg
            per_kg = 25 if value < 4 else 35 if value <= 6 else 50
            assert 30 * per_kg - 100 <= dose <= 100 * per_kg, (value, dose)


def test_hypoglycaemia_treated_and_basal_insulin_reduced() -> None:
    """A glucose < 70 gets 15 g glucose gel (54-69) or 25 g IV dextrose 50 % (< 54) within 2 h,
    and glargine is re-ordered 20 % lower, a sulfonylurea stopped (ADA 2024 Standards 6 and
    16); a planted glucose/insulin value is left unanswered. Before: a 64 went uncommented."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids
    from physassist_env.synth.responses import treat_hypoglycaemia

    admit = datetime(2150, 3, 1, 8)
    disch = admit + timedelta(days=5)
    low = admit + timedelta(days=2, hours=-3)
    for value, rescue in ((64.0, "glucose_gel"), (48.0, "dextrose50")):
        for planted in (set(), {"glucose_insulin"}):
            chart = Chart(np.random.default_rng(10), 90000001, Ids())
            drugs = [
                meds.order(
                    chart, 80000001, "glargine", admit, disch, True, True, disch, 20.0
                ),
                meds.order(
                    chart, 80000001, "glucose_gel", admit, disch, False, False, disch
                ),
                meds.order(
                    chart, 80000001, "glipizide", admit, disch, True, True, disch
                ),
            ]
            series = {GLU: [(admit + timedelta(hours=1), 180.0), (low, value)]}
            treat_hypoglycaemia(chart, 80000001, drugs, series, planted, disch)
            name = kb.DRUGS[rescue].name
            given = [
                _when(r[7])
                for r in chart.rows["hosp/emar"]
                if r[8] == name and r[9] == "Administered"
            ]
            glargine = [d for d in drugs if d["key"] == "glargine"]
            glipizide = next(d for d in drugs if d["key"] == "glipizide")
            if planted:
                assert not given and len(glargine) == 1 and glipizide["discharge"]
                continue
            assert len(given) == 1 and low < given[0] <= low + timedelta(hours=2)
            home = [d for d in glargine if d["discharge"]]
            assert len(home) == 1 and home[0]["dose"] == 16
            assert not glipizide["discharge"] and glipizide["stop"] < disch


def test_every_unplanted_low_glucose_is_treated(hospital: Path) -> None:
    """Across the hospital each unplanted glucose < 70 reported at least 3 h before discharge
    is followed within 2 h by glucose gel or IV dextrose (before: none was)."""
    planted = {
        a["hadm_id"]
        for t in _truth(hospital)
        for a in t["admissions"]
        for p in a["pairs"]
        if p["pair"] == "glucose_insulin" and (p["planted"] or p.get("unanswered"))
    }
    disch = {
        r["hadm_id"]: _when(r["dischtime"]) for r in _rows(hospital, "hosp/admissions")
    }
    lows = [
        (r["hadm_id"], _when(r["charttime"]))
        for r in _rows(hospital, "hosp/labevents")
        if r["itemid"] == GLU and r["valuenum"] is not None and r["valuenum"] < 70
    ]
    rescue = {kb.DRUGS["glucose_gel"].name, kb.DRUGS["dextrose50"].name}
    given: dict[int, list[datetime]] = defaultdict(list)
    for r in _rows(hospital, "hosp/emar"):
        if r["medication"] in rescue and r["event_txt"] == "Administered":
            given[r["hadm_id"]].append(_when(r["charttime"]))
    checked = 0
    for hadm, when in lows:
        if hadm in planted or when > disch[hadm] - timedelta(hours=3):
            continue
        checked += 1
        assert any(when < g <= when + timedelta(hours=2) for g in given[hadm]), hadm
    assert checked >= 5


def test_hypoglycaemia_admission_gets_one_rescue_and_a_lower_basal_dose() -> None:
    """A hypoglycaemia admission's own dextrose answers the admission low (no second rescue
    beside it), and its glargine is still re-ordered 20 % lower (ADA 2024 Standards 16)."""
    import numpy as np

    from physassist_env.synth.chart import Chart, Ids
    from physassist_env.synth.responses import treat_hypoglycaemia

    admit = datetime(2150, 3, 1, 8)
    disch = admit + timedelta(days=4)
    drawn = admit + timedelta(minutes=30)
    chart = Chart(np.random.default_rng(12), 90000001, Ids())
    own = admit + timedelta(hours=1)
    drugs = [
        meds.order(chart, 80000001, "dextrose50", own, own, False, False, disch),
        meds.order(chart, 80000001, "glargine", admit, disch, True, True, disch, 30.0),
    ]
    treat_hypoglycaemia(chart, 80000001, drugs, {GLU: [(drawn, 62.0)]}, set(), disch)
    keys = [d["key"] for d in drugs]
    assert keys.count("dextrose50") == 1 and "glucose_gel" not in keys
    assert [d["dose"] for d in drugs if d["key"] == "glargine" and d["discharge"]] == [
        24.0
    ]
