"""Writes interview_eval.json from the hand-written labels below: ``python tests/patient/data/make_interview_eval.py``."""
import json

A = "ask_patient"
HF_CC = ["sym:dyspnea:presence", "sym:edema:presence", "sym:cough:presence", "sym:weight_gain:presence"]
HF_DYS = ["sym:dyspnea:presence", "sym:dyspnea:onset", "sym:dyspnea:provocation"]
HF_EDEMA = ["sym:edema:presence", "sym:edema:onset", "sym:edema:region"]
HF_WT = ["sym:weight_gain:presence", "sym:weight_gain:onset", "sym:weight_gain:severity"]
HF_COUGH = ["sym:cough:presence", "sym:cough:onset", "sym:cough:quality"]
HF_REG = ["med:lisinopril:regimen", "med:furosemide:regimen", "med:metoprolol:regimen"]
HF_SOC = ["soc:smoking", "soc:drugs", "soc:living", "soc:occupation"]
HF_DX = ["dx:heart_failure", "dx:hypertension", "dx:aki", "dx:hyperlipidemia"]
HF_WARN = ["warn:heart_failure", "warn:hypertension", "warn:aki"]
HF_SYMPTOM_TOOL = HF_DYS + ["sym:edema:presence", "sym:edema:onset", "sym:edema:region", "sym:cough:presence", "sym:cough:onset",
                            "sym:cough:quality", "sym:fever:absent", "sym:chest_pain:absent"] + HF_WT
LIS_ADH = "med:lisinopril:adherence"

groups = {"hf1": [
    # (kind, tool, [questions or argument dicts], expected, targets_withheld)
    ("vague", A, ["What brings you in today?", "What's going on with you?", "How are you feeling?", "What seems to be the problem?",
                  "Tell me about your symptoms.", "whats bothering you", "Wat brings you in todya?", "What happened, why did you come in?"], HF_CC, False),
    ("zh", A, ["你哪里不舒服？", "你今天怎么了？", "说说你的症状", "你有什么症状？", "这次为什么来医院？"], HF_CC, False),
    ("paraphrase", A, ["Tell me about your shortness of breath.", "Can you describe the breathing trouble?", "Tell me more about the breathlessness.",
                       "tell me about ur shortnes of breath", "说说你喘不上气的情况", "呼吸困难的情况讲一下"], HF_DYS, False),
    ("paraphrase", A, ["When did the shortness of breath start?", "How long have you been short of breath?", "Since when have you had trouble breathing?",
                       "wen did the breathing trouble begin", "气短是什么时候开始的？", "喘不上气多久了？"], ["sym:dyspnea:onset"], False),
    ("paraphrase", A, ["What makes your breathing worse?", "Does anything make the shortness of breath better or worse?", "Is it worse when you lie flat?",
                       "什么情况下气短会加重？", "喘气在什么时候更厉害？"], ["sym:dyspnea:provocation"], False),
    ("paraphrase", A, ["Any swelling in your legs?", "Have your ankles been swollen?", "Any sweling in your legs?", "腿肿吗？", "你的脚踝有水肿吗？"], HF_EDEMA, False),
    ("paraphrase", A, ["When did the leg swelling start?", "腿肿多久了？"], ["sym:edema:onset"], False),
    ("paraphrase", A, ["Have you gained any weight?", "Has your weight changed lately?", "体重有变化吗？", "Have you put on wieght?"], HF_WT, False),
    ("paraphrase", A, ["How much weight have you put on?"], ["sym:weight_gain:severity"], False),
    ("paraphrase", A, ["Do you have a cough?", "Any coughing?", "你咳嗽吗？"], HF_COUGH, False),
    ("paraphrase", A, ["What is the cough like?", "What kind of cough is it?"], ["sym:cough:quality"], False),
    ("negative", A, ["Any chest pain?", "Have you had chest pian?", "胸口疼吗？", "Do you have pain in your chest?"], ["sym:chest_pain:absent"], False),
    ("negative", A, ["Do you have a fever?", "Any fevers or chills?", "发烧了吗？"], ["sym:fever:absent"], False),
    ("negative", A, ["Any fever or chest pain?"], ["sym:fever:absent", "sym:chest_pain:absent"], False),
    ("paraphrase", A, ["What medications do you take?", "What medicines are you on?", "Which pills do you take at home?", "wat medicaitons do u take",
                       "你平时吃什么药？", "你在用哪些药物？"], HF_REG, False),
    ("targeted", A, ["Do you ever skip your lisinopril?", "Have you been taking your lisinopril?", "Have you stopped taking lisinopril?",
                     "Are you taking your blood pressure pill every day?", "Do you ever forget to take lisinopril?", "赖诺普利你有按时吃吗？",
                     "降压药你停了吗？", "have you been takin your lisinoprill?"], [LIS_ADH], True),
    ("tool", "medication_adherence", [{"medication": "lisinopril"}, {"medication": "Lisinopril 10mg"}, {"medication": "赖诺普利"},
                                      {"medication": "blood pressure pill"}], ["med:lisinopril:regimen", LIS_ADH], True),
    ("paraphrase", A, ["How much lisinopril do you take?", "What dose of lisinopril are you on?", "赖诺普利吃多少？"], ["med:lisinopril:regimen"], False),
    ("tool", "medication_adherence", [{"medication": "furosemide"}, {"medication": "Lasix"}, {"medication": "water pill"}, {"medication": "呋塞米"}],
     ["med:furosemide:regimen", "med:furosemide:adherence"], False),
    ("paraphrase", A, ["Do you take your water pill regularly?", "利尿药你按时吃吗？", "Do you ever miss your furosemide?"], ["med:furosemide:adherence"], False),
    ("paraphrase", A, ["Do you take your metoprolol as prescribed?"], ["med:metoprolol:adherence"], False),
    ("untargeted", A, ["Do you ever miss doses of your medicines?", "你有没有漏服过药？", "Do you take all your pills as prescribed?",
                       "Do you forget your medications sometimes?"], ["med:furosemide:adherence", "med:metoprolol:adherence"], False),
    ("tool", "social_history", [{}], HF_SOC, False),
    ("paraphrase", A, ["Tell me about your lifestyle.", "What are your habits like?", "说说你的生活习惯"], HF_SOC, False),
    ("paraphrase", A, ["Do you smoke?", "Have you ever smoked?", "Any tobacco use?", "Do you smoak?", "你抽烟吗？", "有吸烟史吗？"], ["soc:smoking"], False),
    ("targeted", A, ["Do you drink alcohol?", "How much do you drink?", "Do you drink beer or wine?", "你喝酒吗？", "平时饮酒吗？", "do u drink alchohol"],
     ["soc:alcohol"], True),
    ("paraphrase", A, ["Do you use any recreational drugs?", "Any illicit drug use?", "你吸毒吗？"], ["soc:drugs"], False),
    ("paraphrase", A, ["Who do you live with?", "Do you live alone?", "你和谁住？", "你一个人住吗？"], ["soc:living"], False),
    ("paraphrase", A, ["What do you do for work?", "Are you retired?", "你是做什么工作的？", "你退休了吗？"], ["soc:occupation"], False),
    ("tool", "functional_status", [{}], ["func:heart_failure", "func:mobility"], False),
    ("paraphrase", A, ["How are you managing with daily activities?", "日常生活能自理吗？"], ["func:heart_failure", "func:mobility"], False),
    ("paraphrase", A, ["How do you get around?", "Can you walk on your own?", "Do you use a cane or walker?", "你走路需要拐杖吗？"], ["func:mobility"], False),
    ("tool", "pain_assessment", [{}], ["sym:chest_pain:absent"], False),
    ("paraphrase", A, ["Are you in any pain?", "Does anything hurt?", "你有哪里疼吗？"], ["sym:chest_pain:absent"], False),
    ("tool", "symptom_history", [{}], HF_SYMPTOM_TOOL, False),
    ("tool", "symptom_history", [{"focus": "swelling"}, {"focus": "腿肿"}], HF_EDEMA, False),
    ("tool", "symptom_history", [{"focus": "when it started"}], ["sym:dyspnea:onset", "sym:edema:onset", "sym:cough:onset", "sym:weight_gain:onset"], False),
    ("paraphrase", A, ["Any allergies?", "Are you allergic to any medications?", "Any alergies?", "你对什么药过敏吗？", "有过敏史吗？"], ["allergy:penicillins"], False),
    ("paraphrase", A, ["What medical conditions do you have?", "Any past medical history?", "你有什么慢性病？", "以前得过什么病？"], HF_DX, False),
    ("paraphrase", A, ["Do you have heart failure?", "Tell me about your weak heart."], ["dx:heart_failure", "warn:heart_failure", "func:heart_failure"], False),
    ("paraphrase", A, ["What warning signs did the doctors tell you to watch for?", "医生让你注意什么？", "What should you watch out for?"], HF_WARN, False),
    ("paraphrase", A, ["What did they tell you about your blood tests?", "Any abnormal lab results?", "你的化验结果怎么样？"], ["lab:potassium", "lab:creatinine"], False),
    ("paraphrase", A, ["How was your potassium?", "你的血钾怎么样？", "What did they say about your potasium?"], ["lab:potassium"], False),
    ("paraphrase", A, ["What were your kidney function results?", "肌酐怎么样？"], ["lab:creatinine"], False),
    ("no_answer", A, ["Do you have any pets?", "Have you traveled recently?", "What's your favorite food?", "Any family history of cancer?",
                      "Do you have diabetes?", "Have you had any headaches?", "你有糖尿病吗？", "Did you have surgery before?", "Do you have any kids?",
                      "你养宠物吗？", "asdf qwerty"], [], False),
    ("no_answer", "medication_adherence", [{"medication": "warfarin"}, {"medication": "aspirin"}], [], False),
], "pna1": [
    ("vague", A, ["What brought you to the hospital?", "What's wrong?", "How are you feeling today?", "你怎么不舒服？", "这次为什么来医院？", "wats wrong"],
     ["sym:dyspnea:presence", "sym:cough:presence", "sym:fever:presence", "sym:chest_pain:presence"], False),
    ("paraphrase", A, ["When did the fever start?", "How long have you had a fever?", "发烧几天了？", "wen did the fevr start"], ["sym:fever:onset"], False),
    ("paraphrase", A, ["Have you had fevers?", "Any chils?", "你发烧吗？"], ["sym:fever:presence", "sym:fever:onset"], False),
    ("paraphrase", A, ["Are you coughing anything up?", "Tell me about the cough.", "你咳嗽有痰吗？", "What color is your phlegm?"],
     ["sym:cough:presence", "sym:cough:onset", "sym:cough:quality"], False),
    ("tool", "pain_assessment", [{}], ["sym:chest_pain:presence", "sym:chest_pain:provocation", "sym:chest_pain:quality", "sym:chest_pain:region",
                                       "sym:chest_pain:severity"], False),
    ("paraphrase", A, ["Tell me about the chest pain.", "说说你的胸痛", "Describe your chest pain please"],
     ["sym:chest_pain:presence", "sym:chest_pain:provocation", "sym:chest_pain:quality", "sym:chest_pain:region", "sym:chest_pain:severity"], False),
    ("paraphrase", A, ["How bad is the pain out of 10?", "Rate your pain from 0 to 10.", "胸口疼打几分？", "How severe is the chest pain?"],
     ["sym:chest_pain:severity"], False),
    ("paraphrase", A, ["Where exactly is the pain?", "疼在哪？"], ["sym:chest_pain:region"], False),
    ("paraphrase", A, ["What does the pain feel like?", "Is the chest pain sharp or dull?", "胸痛是什么样的感觉？"], ["sym:chest_pain:quality"], False),
    ("paraphrase", A, ["Does anything make the chest pain worse?", "What makes the pain better or worse?", "胸痛什么时候加重？"], ["sym:chest_pain:provocation"], False),
    ("paraphrase", A, ["Are you short of breath?", "Any trouble breathing?", "你喘不喘？"], ["sym:dyspnea:presence", "sym:dyspnea:provocation"], False),
    ("paraphrase", A, ["What medicines do you take?", "List your medications for me.", "你吃哪些药？"],
     ["med:ceftriaxone:regimen", "med:azithromycin:regimen", "med:metformin:regimen", "med:atorvastatin:regimen"], False),
    ("targeted", A, ["Do you ever forget your metformin?", "Have you been taking your metformin?", "二甲双胍有没有漏吃？", "Do you skip your sugar pill?",
                     "降糖药你按时吃吗？", "do you miss doses of metformn?"], ["med:metformin:adherence"], True),
    ("tool", "medication_adherence", [{"medication": "metformin"}, {"medication": "sugar pill"}, {"medication": "二甲双胍"}],
     ["med:metformin:regimen", "med:metformin:adherence"], True),
    ("tool", "medication_adherence", [{"medication": "atorvastatin"}, {"medication": "Lipitor"}], ["med:atorvastatin:regimen", "med:atorvastatin:adherence"], False),
    ("untargeted", A, ["Do you miss any doses of your medications?", "Are you good about taking your pills every day?", "你平时按时吃药吗？",
                       "Do you ever forget to take your medicine?"], ["med:atorvastatin:adherence"], False),
    ("tool", "social_history", [{}], ["soc:smoking", "soc:alcohol", "soc:living", "soc:occupation"], False),
    ("paraphrase", A, ["Do you smoke?", "你抽烟吗？", "Any cigarettes?"], ["soc:smoking"], False),
    ("paraphrase", A, ["Do you drink?", "你喝酒吗？", "Any alcohol?"], ["soc:alcohol"], False),
    ("paraphrase", A, ["Do you live by yourself?", "Who lives with you?"], ["soc:living"], False),
    ("tool", "functional_status", [{}], ["func:pneumonia", "func:diabetes", "func:mobility"], False),
    ("paraphrase", A, ["Can you walk by yourself?", "你能自己走路吗？"], ["func:mobility"], False),
    ("paraphrase", A, ["Any drug allergies?", "你有过敏吗？", "Are you allergic to anything?"], ["allergy:none"], False),
    ("paraphrase", A, ["What conditions do you have?", "你有什么病？"], ["dx:pneumonia", "dx:diabetes"], False),
    ("paraphrase", A, ["Do you have diabetes?", "你有糖尿病吗？"], ["dx:diabetes", "warn:diabetes", "func:diabetes"], False),
    ("paraphrase", A, ["What did they say about your white count?", "白细胞怎么样？"], ["lab:wbc"], False),
    ("paraphrase", A, ["Was your blood sugar high?", "你的血糖高吗？"], ["lab:glucose"], False),
    ("paraphrase", A, ["What should you watch out for at home?", "医生让你注意什么？"], ["warn:pneumonia", "warn:diabetes"], False),
    ("no_answer", A, ["Do you have pets?", "Have you had surgery?", "Any leg swelling?", "你头疼吗？", "Any problems with your kidneys?",
                      "Do you use street drugs?", "Do you have heart failure?", "Any family history of heart disease?"], [], False),
]}

items = []
for pid, gs in groups.items():
    for kind, tool, qs, expected, targets in gs:
        for q in qs:
            args = q if isinstance(q, dict) else {"question": q}
            items.append({"id": f"{pid}-{len(items):03d}", "patient": pid, "kind": kind, "tool": tool, "arguments": args,
                          "expected": expected, "targets_withheld": targets})
print(len(items))
json.dump({"description": "Labelled interview questions over the fixture records in tests/patient/conftest.py (pinned personas). "
           "expected: fact ids the scripted patient should state; targets_withheld: the question asks specifically for a withheld fact.",
           "items": items}, open(__import__("pathlib").Path(__file__).with_name("interview_eval.json"), "w"), ensure_ascii=False, indent=1)
