"""Writes interview_heldout.json: questions labelled once and never used to tune the patient.

``python tests/patient/data/make_interview_heldout.py``. Its numbers are reported, not tuned.
"""

import json
from pathlib import Path

A = "ask_patient"
rows = [
    (
        "hf1",
        "Why are you in the hospital?",
        [
            "sym:dyspnea:presence",
            "sym:edema:presence",
            "sym:cough:presence",
            "sym:weight_gain:presence",
        ],
        False,
    ),
    (
        "hf1",
        "Are you having a hard time breathing?",
        ["sym:dyspnea:presence", "sym:dyspnea:onset", "sym:dyspnea:provocation"],
        False,
    ),
    (
        "hf1",
        "Can you breathe when lying down?",
        ["sym:dyspnea:presence", "sym:dyspnea:onset", "sym:dyspnea:provocation"],
        False,
    ),
    ("hf1", "How many days has the breathing been bad?", ["sym:dyspnea:onset"], False),
    (
        "hf1",
        "Are your feet swollen?",
        ["sym:edema:presence", "sym:edema:onset", "sym:edema:region"],
        False,
    ),
    (
        "hf1",
        "Have you noticed your weight going up?",
        [
            "sym:weight_gain:presence",
            "sym:weight_gain:onset",
            "sym:weight_gain:severity",
        ],
        False,
    ),
    (
        "hf1",
        "Is the cough bringing anything up?",
        ["sym:cough:presence", "sym:cough:onset", "sym:cough:quality"],
        False,
    ),
    ("hf1", "Any pain or pressure in the chest?", ["sym:chest_pain:absent"], False),
    ("hf1", "Any temperature?", ["sym:fever:absent"], False),
    (
        "hf1",
        "Tell me which medicines you're on.",
        ["med:lisinopril:regimen", "med:furosemide:regimen", "med:metoprolol:regimen"],
        False,
    ),
    (
        "hf1",
        "Did you quit any of your lisinopril doses?",
        ["med:lisinopril:adherence"],
        True,
    ),
    ("hf1", "Why did you stop the lisinopril?", ["med:lisinopril:adherence"], True),
    (
        "hf1",
        "Are you still on your water pill every day?",
        ["med:furosemide:adherence"],
        False,
    ),
    (
        "hf1",
        "Have you been good with your meds?",
        ["med:furosemide:adherence", "med:metoprolol:adherence"],
        False,
    ),
    ("hf1", "Do you use tobacco products?", ["soc:smoking"], False),
    ("hf1", "How many beers a day?", ["soc:alcohol"], True),
    ("hf1", "Is anyone at home with you?", ["soc:living"], False),
    ("hf1", "What was your job?", ["soc:occupation"], False),
    ("hf1", "Can you climb stairs?", ["func:mobility"], False),
    ("hf1", "Are you allergic to penicillin?", ["allergy:penicillins"], False),
    (
        "hf1",
        "What illnesses do you have?",
        ["dx:heart_failure", "dx:hypertension", "dx:aki", "dx:hyperlipidemia"],
        False,
    ),
    (
        "hf1",
        "Do you have high blood pressure?",
        ["dx:hypertension", "warn:hypertension"],
        False,
    ),
    (
        "hf1",
        "Were any of your blood results off?",
        ["lab:potassium", "lab:creatinine"],
        False,
    ),
    ("hf1", "Do you know your creatinine?", ["lab:creatinine"], False),
    ("hf1", "Do you sleep well?", [], False),
    ("hf1", "你的腿肿了多长时间？", ["sym:edema:onset"], False),
    (
        "hf1",
        "你现在吃哪些药？",
        ["med:lisinopril:regimen", "med:furosemide:regimen", "med:metoprolol:regimen"],
        False,
    ),
    ("hf1", "赖诺普利是不是停了？", ["med:lisinopril:adherence"], True),
    ("hf1", "你每天喝多少酒？", ["soc:alcohol"], True),
    ("hf1", "你以前做什么工作？", ["soc:occupation"], False),
    ("hf1", "你胸口痛不痛？", ["sym:chest_pain:absent"], False),
    ("hf1", "你结婚了吗？", [], False),
    (
        "pna1",
        "What made you come in?",
        [
            "sym:dyspnea:presence",
            "sym:cough:presence",
            "sym:fever:presence",
            "sym:chest_pain:presence",
        ],
        False,
    ),
    (
        "pna1",
        "Have you been running a temperature?",
        ["sym:fever:presence", "sym:fever:onset"],
        False,
    ),
    (
        "pna1",
        "Does it hurt when you take a deep breath?",
        ["sym:chest_pain:provocation"],
        False,
    ),
    (
        "pna1",
        "On a scale of one to ten, how is the pain?",
        ["sym:chest_pain:severity"],
        False,
    ),
    ("pna1", "Which side is the chest pain on?", ["sym:chest_pain:region"], False),
    ("pna1", "How long have you been coughing?", ["sym:cough:onset"], False),
    ("pna1", "Do you take metformin every day?", ["med:metformin:adherence"], True),
    (
        "pna1",
        "Do you take your cholesterol pill?",
        ["med:atorvastatin:regimen", "med:atorvastatin:adherence"],
        False,
    ),
    ("pna1", "Do you drink any alcohol at all?", ["soc:alcohol"], False),
    ("pna1", "Any reactions to medications?", ["allergy:none"], False),
    (
        "pna1",
        "Do you have sugar problems?",
        ["dx:diabetes", "warn:diabetes", "func:diabetes"],
        False,
    ),
    ("pna1", "What was your white blood cell count?", ["lab:wbc"], False),
    ("pna1", "Do you take warfarin?", [], False),
    ("pna1", "你发烧多久了？", ["sym:fever:onset"], False),
    (
        "pna1",
        "你的痰是什么颜色的？",
        ["sym:cough:presence", "sym:cough:onset", "sym:cough:quality"],
        False,
    ),
    ("pna1", "二甲双胍有没有按时吃？", ["med:metformin:adherence"], True),
    ("pna1", "你一个人生活吗？", ["soc:living"], False),
    ("pna1", "你有没有高血压？", [], False),
]
items = [
    {
        "id": f"ho-{i:03d}",
        "patient": pid,
        "kind": "heldout",
        "tool": A,
        "arguments": {"question": q},
        "expected": exp,
        "targets_withheld": tw,
    }
    for i, (pid, q, exp, tw) in enumerate(rows)
]
out = Path(__file__).with_name("interview_heldout.json")
out.write_text(
    json.dumps(
        {
            "description": "Held-out questions, labelled before the patient was run on them; reported, never tuned.",
            "items": items,
        },
        ensure_ascii=False,
        indent=1,
    ),
    encoding="utf-8",
)
print(len(items), "->", out)
