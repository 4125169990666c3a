"""Diagnosis titles in Chinese, keyed by ICD code family (ICD-9-CM and ICD-10-CM).

ZH gold answers name a coded diagnosis the way Chinese clinicians write it (中文诊断名),
with the ICD code beside it. A code is looked up by its longest matching prefix (dots
removed), so ``42823`` (acute on chronic systolic heart failure) finds its own entry and
``4289`` falls back to the ``428`` family (心力衰竭). ICD-9 V/E codes are listed in full
(``V140``, ``E9342``) so they never shadow ICD-10 chapters. A code outside the table has
no Chinese title (:func:`diagnosis_zh` returns ``""``); :func:`diagnosis_title_zh` then names
it from its English title (:data:`TITLE_ZH`), else keeps the English title once.
"""

from __future__ import annotations

import re

from physassist_env.vocab.drugs import GENERIC_ZH

#: ICD code prefix (no dot, uppercase) -> Chinese diagnosis title.
ICD_ZH: dict[str, str] = {
    # ---- ICD-9-CM
    "00845": "艰难梭菌肠炎",
    "038": "败血症",
    "244": "甲状腺功能减退症",
    "2512": "低血糖症",
    "250": "糖尿病",
    "2501": "糖尿病酮症酸中毒",
    "2502": "糖尿病高渗状态",
    "268": "维生素D缺乏",
    "272": "高脂血症",
    "2720": "高胆固醇血症",
    "274": "痛风",
    "2752": "镁代谢紊乱",
    "2761": "低钠血症",
    "2762": "酸中毒",
    "2767": "高钾血症",
    "2768": "低钾血症",
    "2780": "肥胖症",
    "280": "缺铁性贫血",
    "2851": "急性失血性贫血",
    "2859": "贫血",
    "2875": "血小板减少症",
    "29181": "酒精戒断综合征",
    "3000": "焦虑状态",
    "303": "酒精依赖",
    "3051": "烟草使用障碍",
    "311": "抑郁症",
    "32723": "阻塞性睡眠呼吸暂停",
    "3382": "慢性疼痛",
    "345": "癫痫",
    "401": "原发性高血压",
    "403": "高血压性肾病",
    "410": "急性心肌梗死",
    "4104": "急性下壁心肌梗死",
    "4107": "急性非ST段抬高型心肌梗死",
    "414": "冠状动脉粥样硬化性心脏病",
    "415": "肺栓塞",
    "4273": "心房颤动",
    "42732": "心房扑动",
    "428": "心力衰竭",
    "4280": "充血性心力衰竭",
    "42822": "慢性收缩性心力衰竭",
    "42823": "慢性收缩性心力衰竭急性加重",
    "434": "脑梗死",
    "443": "周围血管病",
    "486": "肺炎",
    "487": "流行性感冒",
    "4912": "慢性阻塞性支气管炎",
    "49121": "慢性阻塞性支气管炎急性加重",
    "493": "哮喘",
    "49392": "哮喘急性发作",
    "496": "慢性阻塞性肺疾病",
    "5070": "吸入性肺炎",
    "51881": "急性呼吸衰竭",
    "53081": "胃食管反流病",
    "560": "肠梗阻",
    "5621": "结肠憩室炎",
    "5640": "便秘",
    "5693": "直肠出血",
    "5712": "酒精性肝硬化",
    "5715": "肝硬化",
    "5722": "肝性脑病",
    "5750": "急性胆囊炎",
    "5770": "急性胰腺炎",
    "578": "消化道出血",
    "584": "急性肾损伤",
    "585": "慢性肾脏病",
    "5853": "慢性肾脏病3期",
    "5854": "慢性肾脏病4期",
    "5855": "慢性肾脏病5期",
    "5856": "终末期肾病",
    "5901": "急性肾盂肾炎",
    "5990": "尿路感染",
    "600": "良性前列腺增生",
    "682": "蜂窝织炎",
    "6826": "下肢蜂窝织炎",
    "7802": "晕厥",
    "7803": "惊厥",
    "78552": "感染性休克",
    "7865": "胸痛",
    "9950": "过敏性休克",
    "99591": "脓毒症",
    "99592": "严重脓毒症",
    "E9342": "抗凝药治疗中的不良反应",
    "V140": "青霉素过敏史",
    "V141": "其他抗生素过敏史",
    "V1582": "吸烟史",
    "V1588": "跌倒史",
    "V4986": "不复苏（DNR）状态",
    "V5861": "长期使用抗凝药",
    "V5863": "长期使用抗血小板/抗血栓药",
    "V5867": "长期使用胰岛素",
    # background history and documentation codes of the synthetic hospital (issue #23)
    "4534": "下肢深静脉血栓形成",
    "V1254": "短暂性脑缺血发作及脑梗死病史",
    "34590": "癫痫",
    "V5865": "长期使用类固醇",
    "V5869": "长期使用其他药物",
    "78097": "意识状态改变",
    "7159": "骨关节炎",
    "71596": "膝骨关节炎",
    # the ICD-9 principal code of an elective total knee arthroplasty (synth acute.py)
    "71516": "原发性局限性膝骨关节炎",
    "78052": "失眠",
    "7242": "腰痛",
    "73300": "骨质疏松症",
    "3659": "青光眼",
    "5533": "食管裂孔疝",
    "V4365": "膝关节置换术后",
    "V1272": "结肠息肉病史",
    "4779": "过敏性鼻炎",
    "56210": "结肠憩室病",
    "3469": "偏头痛",
    "3569": "周围神经病",
    "33394": "不宁腿综合征",
    "30981": "创伤后应激障碍",
    "2968": "双相情感障碍",
    "31401": "注意缺陷多动障碍",
    "3899": "听力减退",
    "3669": "白内障",
    "36250": "黄斑变性",
    "V431": "人工晶状体植入状态",
    "V4364": "髋关节置换术后",
    "6961": "银屑病",
    "6929": "皮炎",
    "7291": "肌痛",
    "7213": "腰椎病",
    "7140": "类风湿关节炎",
    "5641": "肠易激综合征",
    "5355": "胃炎",
    "5742": "胆囊结石",
    "2410": "甲状腺结节",
    "2662": "维生素B族缺乏",
    "V1302": "尿路感染病史",
    "V1261": "肺炎病史",
    "V173": "缺血性心脏病家族史",
    "V160": "消化道恶性肿瘤家族史",
    "V163": "乳腺癌家族史",
    "V180": "糖尿病家族史",
    "V1046": "前列腺癌病史",
    "V103": "乳腺癌病史",
    "78830": "尿失禁",
    "7804": "头晕",
    "3320": "帕金森病",
    "7812": "步态异常",
    "1101": "甲癣",
    # ---- ICD-10-CM
    "A047": "艰难梭菌肠炎",
    "A41": "脓毒症",
    "D50": "缺铁性贫血",
    "D62": "急性失血性贫血",
    "D64": "贫血",
    "D69": "血小板减少症",
    "E03": "甲状腺功能减退症",
    "E10": "1型糖尿病",
    "E101": "1型糖尿病酮症酸中毒",
    "E11": "2型糖尿病",
    "E110": "2型糖尿病高渗状态",
    "E1164": "2型糖尿病伴低血糖",
    "E55": "维生素D缺乏",
    "E66": "肥胖症",
    "E78": "高脂血症",
    "E8342": "低镁血症",
    "E871": "低钠血症",
    "E872": "酸中毒",
    "E875": "高钾血症",
    "E876": "低钾血症",
    "F10": "酒精相关障碍",
    "F102": "酒精依赖",
    "F1023": "酒精依赖伴戒断",
    "F17": "尼古丁依赖",
    "F32": "抑郁症",
    "F41": "焦虑障碍",
    "G4733": "阻塞性睡眠呼吸暂停",
    "G89": "慢性疼痛",
    "I10": "原发性高血压",
    "I16": "高血压危象",
    "I160": "高血压亚急症",
    "I21": "急性心肌梗死",
    "I214": "急性非ST段抬高型心肌梗死",
    "I25": "慢性缺血性心脏病",
    "I251": "冠状动脉粥样硬化性心脏病",
    "I26": "肺栓塞",
    "I48": "心房颤动",
    "I50": "心力衰竭",
    "I5022": "慢性收缩性心力衰竭",
    "I5023": "慢性收缩性心力衰竭急性加重",
    "I63": "脑梗死",
    "I73": "周围血管病",
    "J09": "流行性感冒",
    "J10": "流行性感冒",
    "J11": "流行性感冒",
    "J18": "肺炎",
    "J44": "慢性阻塞性肺疾病",
    "J441": "慢性阻塞性肺疾病急性加重",
    "J45": "哮喘",
    "J4590": "哮喘",
    "J45901": "哮喘急性发作",
    "J69": "吸入性肺炎",
    "J96": "呼吸衰竭",
    "K21": "胃食管反流病",
    "K56": "肠梗阻",
    "K59": "便秘",
    "K70": "酒精性肝病",
    "K703": "酒精性肝硬化",
    "K7031": "酒精性肝硬化伴腹水",
    "K72": "肝衰竭",
    "K74": "肝硬化",
    "K81": "胆囊炎",
    "K810": "急性胆囊炎",
    "K85": "急性胰腺炎",
    "K92": "消化道出血",
    "L03": "蜂窝织炎",
    "L031": "下肢蜂窝织炎",
    "M10": "痛风",
    "M1A": "慢性痛风",
    "M19": "骨关节炎",
    "N10": "急性肾盂肾炎",
    "N17": "急性肾损伤",
    "N18": "慢性肾脏病",
    "N183": "慢性肾脏病3期",
    "N184": "慢性肾脏病4期",
    "N185": "慢性肾脏病5期",
    "N186": "终末期肾病",
    "N390": "尿路感染",
    "N40": "良性前列腺增生",
    "R07": "胸痛",
    "R55": "晕厥",
    "R56": "惊厥",
    "R6520": "严重脓毒症",
    "R6521": "感染性休克",
    "T45515": "抗凝药不良反应",
    "Z7901": "长期使用抗凝药",
    "Z7902": "长期使用抗血小板/抗血栓药",
    "Z794": "长期使用胰岛素",
    "Z87891": "尼古丁依赖史",
    "Z88": "药物过敏史",
    "Z880": "青霉素过敏史",
    "Z9181": "跌倒史",
    # background history and documentation codes of the synthetic hospital (issue #23)
    "I824": "下肢深静脉血栓形成",
    "K5732": "结肠憩室炎",
    "Z8673": "短暂性脑缺血发作及脑梗死病史",
    "G40": "癫痫",
    "Z7952": "长期使用全身性类固醇",
    "Z7984": "长期使用口服降糖药",
    "Z79899": "长期使用其他药物",
    "Z66": "不复苏（DNR）状态",
    "R4182": "意识状态改变",
    "G470": "失眠",
    "M545": "腰痛",
    "M81": "骨质疏松症",
    "H40": "青光眼",
    "K449": "食管裂孔疝",
    "Z96651": "右膝关节置换术后",
    "Z86010": "结肠息肉病史",
    "J30": "过敏性鼻炎",
    "K5730": "结肠憩室病",
    "G43": "偏头痛",
    "G629": "多发性神经病",
    "G2581": "不宁腿综合征",
    "F431": "创伤后应激障碍",
    "F31": "双相情感障碍",
    "F90": "注意缺陷多动障碍",
    "H919": "听力减退",
    "H26": "白内障",
    "H353": "黄斑变性",
    "Z961": "人工晶状体植入状态",
    "Z96641": "右髋关节置换术后",
    "L40": "银屑病",
    "L30": "皮炎",
    "M797": "纤维肌痛",
    "M47816": "腰椎病",
    "M17": "膝骨关节炎",
    "M06": "类风湿关节炎",
    "K58": "肠易激综合征",
    "K297": "胃炎",
    "K802": "胆囊结石",
    "E041": "甲状腺结节",
    "E538": "维生素B族缺乏",
    "Z87440": "尿路感染病史",
    "Z8701": "肺炎病史",
    "Z8249": "缺血性心脏病家族史",
    "Z800": "消化道恶性肿瘤家族史",
    "Z803": "乳腺癌家族史",
    "Z833": "糖尿病家族史",
    "Z8546": "前列腺癌病史",
    "Z853": "乳腺癌病史",
    "R32": "尿失禁",
    "R42": "头晕",
    "G20": "帕金森病",
    "R2689": "步态异常",
    "B351": "甲癣",
}


def diagnosis_zh(code: str) -> str:
    """The Chinese title of an ICD code by its longest prefix in :data:`ICD_ZH`
    (``""`` when the code's family is not in the table)."""
    key = code.upper().replace(".", "").strip()
    for n in range(len(key), 0, -1):
        if key[:n] in ICD_ZH:
            return ICD_ZH[key[:n]]
    return ""


#: ICD-9-CM chapters (numeric codes): (first, last three-digit category, Chinese name).
#: WHO ICD-9 / CDC ICD-9-CM tabular list chapter titles, in the Chinese of the
#: 国际疾病分类 ICD-9 中文版.
ICD9_CHAPTERS_ZH: tuple[tuple[int, int, str], ...] = (
    (1, 139, "感染性和寄生虫病"),
    (140, 239, "肿瘤"),
    (240, 279, "内分泌、营养和代谢疾病及免疫疾病"),
    (280, 289, "血液和造血器官疾病"),
    (290, 319, "精神障碍"),
    (320, 389, "神经系统和感觉器官疾病"),
    (390, 459, "循环系统疾病"),
    (460, 519, "呼吸系统疾病"),
    (520, 579, "消化系统疾病"),
    (580, 629, "泌尿生殖系统疾病"),
    (630, 679, "妊娠、分娩和产褥期并发症"),
    (680, 709, "皮肤和皮下组织疾病"),
    (710, 739, "肌肉骨骼系统和结缔组织疾病"),
    (740, 759, "先天性异常"),
    (760, 779, "围生期疾病"),
    (780, 799, "症状、体征和不明确情况"),
    (800, 999, "损伤和中毒"),
)
#: ICD-10-CM chapters: (first, last category, Chinese name); ICD-10 中文版 chapter titles.
ICD10_CHAPTERS_ZH: tuple[tuple[str, str, str], ...] = (
    ("A00", "B99", "某些传染病和寄生虫病"),
    ("C00", "D49", "肿瘤"),
    ("D50", "D89", "血液及造血器官疾病和某些免疫疾患"),
    ("E00", "E89", "内分泌、营养和代谢疾病"),
    ("F01", "F99", "精神和行为障碍"),
    ("G00", "G99", "神经系统疾病"),
    ("H00", "H59", "眼和附器疾病"),
    ("H60", "H95", "耳和乳突疾病"),
    ("I00", "I99", "循环系统疾病"),
    ("J00", "J99", "呼吸系统疾病"),
    ("K00", "K95", "消化系统疾病"),
    ("L00", "L99", "皮肤和皮下组织疾病"),
    ("M00", "M99", "肌肉骨骼系统和结缔组织疾病"),
    ("N00", "N99", "泌尿生殖系统疾病"),
    ("O00", "O9A", "妊娠、分娩和产褥期"),
    ("P00", "P96", "起源于围生期的某些情况"),
    ("Q00", "Q99", "先天性畸形、变形和染色体异常"),
    ("R00", "R99", "症状、体征和临床与实验室异常所见"),
    ("S00", "T88", "损伤、中毒和外因的某些其他后果"),
    ("V00", "Y99", "疾病和死亡的外因"),
    ("Z00", "Z99", "影响健康状态和与保健机构接触的因素"),
)


def icd_chapter_zh(code: str) -> str:
    """The Chinese name of an ICD code's chapter, or ``""`` when the code does not say
    which revision it is (ICD-9 E-codes E800-E999 and ICD-10 E80-E89 share spellings,
    e.g. ``E8889`` is a fall in ICD-9 and a metabolic disorder in ICD-10)."""
    key = code.upper().replace(".", "").strip()
    if not key:
        return ""
    if key.isdigit() and len(key) >= 3:
        cat = int(key[:3])
        return next((zh for lo, hi, zh in ICD9_CHAPTERS_ZH if lo <= cat <= hi), "")
    if key[0] == "V" and key[1:].isdigit():  # ICD-9 supplementary V01-V91
        return "影响健康状况和与保健机构接触的因素"
    if key[0] == "E" and key[1:].isdigit() and key[1] == "9":  # ICD-9 E900-E999
        return "损伤和中毒的外部原因"
    if key[0] == "E" and key[1] == "8" and len(key) >= 5:
        return ""  # E8xx.x (ICD-9 external cause) or E8x.xx (ICD-10 metabolic)
    cat = key[:3]
    if len(cat) < 3 or not cat[0].isalpha():
        return ""
    return next((zh for lo, hi, zh in ICD10_CHAPTERS_ZH if lo <= cat <= hi), "")


#: Organ or site of a neoplasm title (lowercase pattern) -> Chinese, for
#: :data:`TITLE_ZH`'s "malignant neoplasm of <site>".
SITE_ZH: tuple[tuple[str, str], ...] = (
    (r"gallbladder", "胆囊"),
    (r"esophag", "食管"),
    (r"bronchus|lung", "肺"),
    (r"liver|intrahepatic", "肝"),
    (r"pancrea", "胰腺"),
    (r"rectum|rectal", "直肠"),
    (r"colon", "结肠"),
    (r"stomach", "胃"),
    (r"breast", "乳腺"),
    (r"prostate", "前列腺"),
    (r"bladder", "膀胱"),
    (r"kidney", "肾"),
    (r"brain", "脑"),
    (r"bone", "骨"),
    (r"ovary", "卵巢"),
    (r"lymph node", "淋巴结"),
    (r"digestive organs", "消化器官"),
    (r"testis", "睾丸"),
    (r"tongue", "舌"),
    (r"thyroid", "甲状腺"),
)

#: English title pattern (case-insensitive, most specific first) -> Chinese diagnosis
#: name, for codes outside :data:`ICD_ZH` (the MIMIC-IV demo's uncharted diagnoses named
#: in gold answers, and common ward diagnoses). Chinese names as in 国际疾病分类 ICD-10
#: 中文版 (国家卫生健康委 疾病分类与代码 GB/T 14396-2016).
TITLE_ZH: tuple[tuple[str, str], ...] = (
    # issue #37: the MIMIC-IV demo's first three coded diagnoses of every admission that
    # had no Chinese name (specific phrases; general words are at the end)
    (r"benign neoplasm of heart", "心脏良性肿瘤"),
    (r"hemorrhoids", "痔"),
    (r"body mass index \(bmi\) 40\.0-44\.9, adult", "成人体重指数 40.0-44.9"),
    (r"other respiratory abnormalities", "其他呼吸异常"),
    (r"^palpitations", "心悸"),
    (
        r"neoplasm of unspecified nature of endocrine glands",
        "内分泌腺和神经系统性质未特指的肿瘤",
    ),
    (r"scoliosis", "脊柱侧凸"),
    (r"hepatorenal syndrome", "肝肾综合征"),
    (r"personal history of sudden cardiac arrest", "心脏骤停个人史"),
    (r"personal history of malignant neoplasm of thyroid", "甲状腺恶性肿瘤个人史"),
    (r"postprocedural fever", "术后发热"),
    (r"disruption of external operation \(surgical\) wound", "手术切口裂开"),
    (r"disruption of wound", "伤口裂开"),
    (r"attention to ileostomy", "回肠造口护理"),
    (r"acute vascular insufficiency of intestine", "急性肠缺血"),
    (r"vascular insufficiency of intestine", "肠缺血"),
    (r"mechanical complication of insulin pump", "胰岛素泵机械性并发症"),
    (
        r"mechanical complication of automatic implantable cardiac defibrillator",
        "植入式心律转复除颤器机械性并发症",
    ),
    (r"viral intestinal infection", "病毒性肠道感染"),
    (r"portal vein thrombosis", "门静脉血栓形成"),
    (r"umbilical hernia", "脐疝"),
    (r"peritoneal adhesions", "腹膜粘连"),
    (r"streptococcus infection", "链球菌感染"),
    (r"^other and unspecified escherichia coli", "大肠埃希菌感染"),
    (r"other specified peritonitis", "腹膜炎"),
    (r"dysphagia following cerebral infarction", "脑梗死后吞咽困难"),
    (r"hemiplegia and hemiparesis following cerebral infarction", "脑梗死后偏瘫"),
    (r"localized swelling, mass and lump, left upper limb", "左上肢局部肿胀或肿块"),
    (r"anesthesia of skin", "皮肤感觉缺失"),
    (r"non-pressure chronic ulcer of .*foot", "足部非压力性慢性溃疡"),
    (r"ulcer of other part of foot", "足部溃疡"),
    (r"^fall on same level from slipping", "同一平面滑倒、绊倒或踩空跌倒"),
    (r"^fall from other slipping", "滑倒、绊倒或踩空跌倒"),
    (r"^unspecified fall", "跌倒"),
    (r"bathroom in nursing home as the place", "外因发生地点：养老院浴室"),
    (r"^unspecified place or not applicable", "外因发生地点未特指"),
    (
        r"infection and inflammatory reaction due to other cardiac and vascular devices",
        "心血管装置、植入物及移植物引起的感染和炎症反应",
    ),
    (
        r"schizoaffective disorder, chronic with acute exacerbation",
        "慢性分裂情感性障碍急性加重",
    ),
    (r"schizoaffective disorder", "分裂情感性障碍"),
    (r"paranoid type schizophrenia", "偏执型精神分裂症"),
    (r"cystic kidney disease", "囊性肾病"),
    (r"acute bronchitis", "急性支气管炎"),
    (r"^disorientation", "定向障碍"),
    (r"^headache", "头痛"),
    (r"generalized hyperhidrosis", "全身性多汗症"),
    (
        r"symptoms and signs concerning food and fluid intake",
        "涉及饮食和液体摄入的其他症状和体征",
    ),
    (r"conversion disorder", "转换障碍"),
    (r"encounter for antineoplastic chemotherapy", "抗肿瘤化学治疗"),
    (r"hemorrhage of anus and rectum", "肛门和直肠出血"),
    (r"displacement of vascular dialysis catheter", "血液透析导管移位"),
    (r"alcoholic polyneuropathy", "酒精性多发性神经病"),
    (r"thiamine deficiency", "维生素B1缺乏"),
    (r"poisoning by insulins and antidiabetic agents", "胰岛素及降糖药中毒"),
    (r"multiple fractures of ribs", "多发肋骨骨折"),
    (r"fracture of one rib", "单根肋骨骨折"),
    (r"contusion of toe", "趾挫伤"),
    (r"hypovolemic shock", "低血容量性休克"),
    (r"nonrheumatic aortic \(valve\) stenosis", "非风湿性主动脉瓣狭窄"),
    (r"pancytopenia", "全血细胞减少"),
    (r"late effects of cerebrovascular disease", "脑血管病后遗症"),
    (r"manic episode", "躁狂发作"),
    (r"chronic pulmonary edema", "慢性肺水肿"),
    (r"acute edema of lung", "急性肺水肿"),
    (r"hyperplasia of renal artery", "肾动脉纤维肌性增生"),
    (
        r"atherosclerosis of native arteries of extremities with gangrene",
        "四肢动脉粥样硬化伴坏疽",
    ),
    (r"infection following a procedure", "操作后感染"),
    (r"diverticulosis of intestine.*with bleeding", "肠憩室病伴出血"),
    (r"presence of aortocoronary bypass graft", "冠状动脉旁路移植术后状态"),
    (r"presence of coronary angioplasty implant", "冠状动脉介入植入物状态"),
    (
        r"percutaneous transluminal coronary angioplasty status",
        "经皮冠状动脉介入术后状态",
    ),
    (r"drug-induced mood disorder", "药物所致心境障碍"),
    (r"mood \[affective\] disorder", "心境障碍"),
    (r"unspecified injury of head", "头部损伤"),
    (r"unspecified injury of left shoulder and upper arm", "左肩和上臂损伤"),
    (r"unspecified injury of left hip", "左髋损伤"),
    (r"psychosis", "精神病性障碍"),
    (r"traumatic hemothorax", "创伤性血胸"),
    (r"mixed acid-base balance disorder", "混合性酸碱平衡紊乱"),
    (r"angina pectoris", "心绞痛"),
    (r"flatulence, eructation, and gas pain", "胃肠胀气"),
    (r"osteoarthrosis", "骨关节病"),
    (r"barrett's esophagus", "巴雷特食管"),
    (r"ankylosing spondylitis", "强直性脊柱炎"),
    (r"other specified forms of effusion, except tuberculous", "非结核性积液"),
    (r"accidental puncture", "操作中意外穿刺或撕裂"),
    (r"^unspecified infectious and parasitic diseases", "感染性和寄生虫病"),
    (r"multiple sclerosis", "多发性硬化"),
    (r"autistic disorder", "孤独症"),
    (r"hypernatremia", "高钠血症"),
    (r"acetonuria", "酮尿"),
    (r"sarcoidosis", "结节病"),
    (r"other diseases of lung", "其他肺部疾病"),
    (r"^loss of weight", "体重减轻"),
    (r"cardiac arrest", "心脏骤停"),
    (r"injury to liver", "肝损伤"),
    (r"obstruction of bile duct", "胆管梗阻"),
    (r"necrotizing fasciitis", "坏死性筋膜炎"),
    (r"infective endocarditis", "感染性心内膜炎"),
    (r"bipolar i disorder", "双相I型障碍"),
    (r"sacrococcygeal disorders", "骶尾部疾病"),
    (r"epigastric pain", "上腹痛"),
    (r"sick sinus syndrome", "病态窦房结综合征"),
    (r"fistula of stomach and duodenum", "胃十二指肠瘘"),
    (r"^hemiplegia", "偏瘫"),
    (r"cardiac tamponade", "心脏压塞"),
    (r"dependence on renal dialysis", "依赖肾透析"),
    (r"dependence on machines, supplemental oxygen", "依赖辅助供氧"),
    (r"dependence on respirator", "依赖呼吸机"),
    (r"^cachexia", "恶病质"),
    (r"^alkalosis", "碱中毒"),
    (r"candidiasis", "念珠菌病"),
    (r"anuria and oliguria", "无尿和少尿"),
    (r"^atelectasis", "肺不张"),
    (r"tumor lysis syndrome", "肿瘤溶解综合征"),
    (r"retinal vascular occlusion", "视网膜血管阻塞"),
    (r"non-?hodgkin", "非霍奇金淋巴瘤"),
    (r"hodgkin's disease", "霍奇金淋巴瘤"),
    (r"acute and subacute forms of ischemic heart disease", "急性和亚急性缺血性心脏病"),
    (
        r"thrombosis of deep veins of (right |left )?upper extremity",
        "上肢深静脉血栓形成",
    ),
    (r"^cervicalgia", "颈痛"),
    (r"mononeuritis", "单神经炎"),
    (r"drug abuse", "药物滥用"),
    (r"cocaine use", "可卡因使用"),
    (r"psychoactive substance abuse", "精神活性物质滥用"),
    (r"other acute pain", "急性疼痛"),
    (r"^bacteremia", "菌血症"),
    (r"^traumatic subarachnoid hemorrhage", "外伤性蛛网膜下腔出血"),
    (r"pain in right shoulder", "右肩痛"),
    (r"pain in left shoulder", "左肩痛"),
    (
        r"age-related osteoporosis with current pathological fracture",
        "老年性骨质疏松伴病理性骨折",
    ),
    (r"^dysphagia", "吞咽困难"),
    # earlier additions
    (r"other postoperative infection", "术后感染"),
    (r"injury to other intra-abdominal organs", "腹腔内其他器官损伤"),
    (r"atrioventricular block, complete", "三度房室传导阻滞"),
    (r"mobitz", "二度房室传导阻滞"),
    (r"atrioventricular block", "房室传导阻滞"),
    (r"intracranial abscess", "颅内脓肿"),
    (r"injury to thoracic aorta", "胸主动脉损伤"),
    (r"subarachnoid hemorrhage following injury", "外伤性蛛网膜下腔出血"),
    (
        r"nontraumatic subarachnoid hemorrhage|^subarachnoid hemorrhage",
        "蛛网膜下腔出血",
    ),
    (r"hemorrhage complicating a procedure", "手术操作并发出血"),
    (r"cerebral laceration and contusion", "脑挫裂伤"),
    (r"severe protein-calorie malnutrition", "重度蛋白质-能量营养不良"),
    (r"protein-calorie malnutrition", "蛋白质-能量营养不良"),
    (r"mycoses", "真菌病"),
    (r"abscess of liver", "肝脓肿"),
    (r"peritoneal abscess", "腹腔脓肿"),
    (r"rheumatic disorders of both aortic and tricuspid", "风湿性主动脉瓣和三尖瓣疾病"),
    (r"multiple involvement of mitral and aortic valves", "二尖瓣和主动脉瓣联合病变"),
    (r"cardiomyopathy due to drug", "药物性心肌病"),
    (r"cardiomyopath", "心肌病"),
    (r"pressure ulcer", "压力性损伤"),
    (r"compression of brain", "脑受压"),
    (r"cerebral edema", "脑水肿"),
    (r"intermediate coronary syndrome", "不稳定型心绞痛"),
    (r"empyema", "脓胸"),
    (
        r"mechanical complication of nervous system device",
        "神经系统植入装置机械性并发症",
    ),
    (r"mechanical complication due to insulin pump", "胰岛素泵机械性并发症"),
    (r"amyotrophic lateral sclerosis", "肌萎缩侧索硬化"),
    (r"disorders of neurohypophysis", "神经垂体疾病"),
    (r"unspecified viral hepatitis c", "丙型病毒性肝炎"),
    (r"viral hepatitis", "病毒性肝炎"),
    (r"opioid abuse", "阿片类物质滥用"),
    (r"occlusion and stenosis of .*carotid artery", "颈动脉闭塞和狭窄"),
    (r"anoxic brain damage", "缺氧性脑损伤"),
    (r"dissection of abdominal aorta", "腹主动脉夹层"),
    (r"open fracture of shaft of femur", "股骨干开放性骨折"),
    (r"fracture of .*cervical vertebra", "颈椎骨折"),
    (r"fracture of .*vertebra", "椎骨骨折"),
    (r"gastrojejunal ulcer", "胃空肠吻合口溃疡"),
    (r"complications of other bariatric procedure", "减重手术并发症"),
    (r"viral infections? of unspecified site", "病毒感染"),
    (r"fracture of intertrochanteric section", "股骨转子间骨折"),
    (r"hypoxemia", "低氧血症"),
    (r"paroxysmal ventricular tachycardia", "阵发性室性心动过速"),
    (r"necrosis of liver", "肝坏死"),
    (r"traumatic shock", "创伤性休克"),
    (r"acute pulmonary edema", "急性肺水肿"),
    (r"otitis externa", "外耳道炎"),
    (r"cardiogenic shock", "心源性休克"),
    (r"microscopic hematuria", "镜下血尿"),
    (r"gross hematuria", "肉眼血尿"),
    (r"hematuria", "血尿"),
    (r"multiple myeloma", "多发性骨髓瘤"),
    (r"acute myeloid leukemia", "急性髓系白血病"),
    (r"obstructive hydrocephalus", "梗阻性脑积水"),
    (r"hydrocephalus", "脑积水"),
    (
        r"mental disorder due to known physiological condition",
        "躯体疾病所致精神障碍",
    ),
    (r"aortic valve disorder", "主动脉瓣疾病"),
    (r"mitral valve disorder", "二尖瓣疾病"),
    (r"calculus of bile duct", "胆管结石"),
    (r"cerebral aneurysm, nonruptured", "未破裂脑动脉瘤"),
    (r"cerebral aneurysm", "脑动脉瘤"),
    (r"chronic hepatitis c with hepatic coma", "慢性丙型肝炎伴肝昏迷"),
    (r"chronic (viral )?hepatitis c", "慢性丙型肝炎"),
    (r"chronic lymphocytic leukemia", "慢性淋巴细胞白血病"),
    (r"duodenal ulcer with hemorrhage", "十二指肠溃疡伴出血"),
    (r"duodenal ulcer", "十二指肠溃疡"),
    (r"gastric ulcer with hemorrhage", "胃溃疡伴出血"),
    (r"gastric ulcer", "胃溃疡"),
    (r"colostomy status", "结肠造口状态"),
    (r"compression of vein", "静脉受压"),
    (r"cyst and pseudocyst of pancreas", "胰腺囊肿和假性囊肿"),
    (r"^dehydration", "脱水"),
    (r"acute pericarditis", "急性心包炎"),
    (r"disease of pericardium", "心包疾病"),
    (r"fracture of shaft of (right |left )?tibia", "胫骨骨干骨折"),
    (r"intertrochanteric fracture", "股骨转子间骨折"),
    (r"fracture of neck of femur", "股骨颈骨折"),
    (r"dissection of aorta", "主动脉夹层"),
    (r"hemangioma of intracranial", "颅内血管瘤"),
    (r"human immunodeficiency virus", "HIV 感染"),
    (
        r"hypertensive heart and chronic kidney disease with heart failure",
        "高血压性心脏病和慢性肾脏病伴心力衰竭",
    ),
    (r"hypertensive heart and chronic kidney disease", "高血压性心脏病和慢性肾脏病"),
    (r"hypertensive chronic kidney disease", "高血压性慢性肾脏病"),
    (r"hypertensive heart disease", "高血压性心脏病"),
    (r"iatrogenic pneumothorax", "医源性气胸"),
    (r"pneumothorax", "气胸"),
    (r"infarction of spleen", "脾梗死"),
    (r"intracerebral hemorrhage", "脑出血"),
    (r"lower abdominal pain", "下腹痛"),
    (r"abdominal pain", "腹痛"),
    (r"major depressive (affective )?disorder, recurrent", "复发性重度抑郁障碍"),
    (r"major depressive", "重度抑郁障碍"),
    (r"ovarian cyst", "卵巢囊肿"),
    (r"ascites", "腹水"),
    (r"iatrogenic hypotension", "医源性低血压"),
    (r"hypotension", "低血压"),
    (r"psychoactive substance-induced mood disorder", "精神活性物质所致心境障碍"),
    (r"psychoactive substance use", "精神活性物质使用障碍"),
    (r"secondary pulmonary hypertension", "继发性肺动脉高压"),
    (r"pulmonary hypertension", "肺动脉高压"),
    (r"portal hypertension", "门静脉高压"),
    (r"hypoglycemi", "低血糖"),
    (r"pleural effusion", "胸腔积液"),
    (r"poisoning by insulin and oral hypoglycemic", "胰岛素及口服降糖药中毒"),
    (r"secondary diabetes mellitus", "继发性糖尿病"),
    (r"esophageal varices with bleeding", "食管静脉曲张出血"),
    (r"esophageal varices", "食管静脉曲张"),
    (r"spinal stenosis, lumbar", "腰椎管狭窄"),
    (r"spinal stenosis", "椎管狭窄"),
    (r"subdural hemorrhage following injury", "外伤性硬膜下出血"),
    (r"subdural hemorrhage", "硬膜下出血"),
    (r"suicidal ideation", "自杀意念"),
    (r"thrombosis due to vascular prosthetic", "血管假体、植入物及移植物血栓形成"),
    (r"acute appendicitis", "急性阑尾炎"),
    (r"cardiac dysrhythmia", "心律失常"),
    (r"atrial flutter", "心房扑动"),
    (r"atrial fibrillation", "心房颤动"),
    (r"respiratory failure", "呼吸衰竭"),
    (r"pulmonary embolism", "肺栓塞"),
    (r"cerebral infarction", "脑梗死"),
    (r"myocardial infarction", "心肌梗死"),
    (r"coronary atherosclerosis", "冠状动脉粥样硬化"),
    (r"heart failure", "心力衰竭"),
    (r"gastrointestinal hemorrhage", "消化道出血"),
    (r"cholecystitis", "胆囊炎"),
    (r"pancreatitis", "胰腺炎"),
    (r"cirrhosis", "肝硬化"),
    (r"intestinal obstruction", "肠梗阻"),
    (r"diverticulitis", "憩室炎"),
    (r"pneumonia", "肺炎"),
    (r"sepsis|septicemia", "脓毒症"),
    (r"urinary tract infection", "尿路感染"),
    (r"cellulitis", "蜂窝织炎"),
    (r"osteomyelitis", "骨髓炎"),
    (r"alcohol withdrawal", "酒精戒断"),
    (r"hepatic encephalopathy", "肝性脑病"),
    (r"encephalopathy", "脑病"),
    (r"delirium", "谵妄"),
    (r"dementia", "痴呆"),
    (r"syncope", "晕厥"),
    (r"chest pain", "胸痛"),
    (r"anemia", "贫血"),
    (r"hyponatremia|hyposmolality", "低钠血症"),
    (r"hyperkalemia", "高钾血症"),
    (r"epilepsy|seizure", "癫痫"),
    (r"^(unspecified )?essential (\(primary\) )?hypertension|^hypertension", "高血压"),
)


def title_zh(title: str) -> str:
    """The Chinese name of a diagnosis from its English record title (:data:`TITLE_ZH`,
    a neoplasm by :data:`SITE_ZH`); ``""`` when the title has none."""
    low = title.strip().lower()
    m = re.match(r"(secondary )?malignant neoplasm of (.+)", low)
    if m:
        site = next((zh for pat, zh in SITE_ZH if re.search(pat, m.group(2))), "")
        if site:
            return f"{site}{'继发' if m.group(1) else ''}恶性肿瘤"
    return next((zh for pat, zh in TITLE_ZH if re.search(pat, low)), "")


def diagnosis_title_zh(code: str, title: str) -> str:
    """How a ZH answer names a coded diagnosis: the Chinese title of the code's family;
    else the Chinese name the record's English title has (:func:`title_zh`); else the
    record's title glossed after the descriptor 编码诊断 ("coded diagnosis":
    编码诊断（Mixed acid-base balance disorder）), the one form a Chinese answer keeps an
    English name in (``vocab.zh_text``). Never a Chinese ICD chapter name standing for the
    diagnosis (循环系统疾病（Mitral valve disorders）: the chapter is not a diagnosis). The
    ICD code is written beside it either way."""
    return diagnosis_name_zh(code, title) or (
        f"{UNNAMED_DIAGNOSIS_ZH}（{title.strip()}）" if title.strip() else ""
    )


def diagnosis_name_zh(code: str, title: str) -> str:
    """The Chinese name of a coded diagnosis (its code family's, else its English
    title's: :func:`title_zh`), ``""`` when neither is known: the Chinese term a rubric
    item accepts beside the English title and the code."""
    return diagnosis_zh(code) or title_zh(title)


#: The descriptor a diagnosis title without a Chinese name is glossed after.
UNNAMED_DIAGNOSIS_ZH = "编码诊断"


#: Allergen pattern (case-insensitive) -> Chinese allergen, for allergy statements.
ALLERGEN_ZH: tuple[tuple[str, str], ...] = (
    (r"penicillin", "青霉素"),
    (r"cephalosporin", "头孢菌素"),
    (r"sulfa|sulfonamide", "磺胺类药物"),
    (r"iodinated contrast|contrast", "碘造影剂"),
    (r"codeine", "可待因"),
    (r"morphine", "吗啡"),
    (r"opioid|opiate|narcotic", "阿片类药物"),
    (r"aspirin", "阿司匹林"),
    (r"nsaid|non-?steroidal", "非甾体抗炎药"),
    (r"latex", "乳胶"),
    (r"shellfish", "贝类"),
    (r"peanut", "花生"),
    (r"\biodine", "碘"),
    (r"anti-?infective", "抗感染药"),
    (r"antibiotic|antibacterial", "抗生素"),
    (r"anticoagulant", "抗凝药"),
    (r"diuretic", "利尿剂"),
    (r"antineoplastic|immunosuppress", "抗肿瘤及免疫抑制药"),
    (r"adrenal cortical steroid|corticosteroid|glucocorticoid", "糖皮质激素"),
    (r"antihypertensive", "降压药"),
    (r"diagnostic agent", "诊断用药"),
    (r"uric acid", "降尿酸药"),
    (r"antipsychotic|neuroleptic|tranquili", "抗精神病药"),
    (r"analgesic|antipyretic", "解热镇痛药"),
    (r"hypoglycemic", "降糖药"),
    (r"drugs and medicinal substances", "其他药物"),
)


def allergen_name_zh(text: str) -> str:
    """The Chinese name of the allergen ``text`` names (``"penicillins"`` -> 青霉素), ``""``
    when :data:`ALLERGEN_ZH` has none."""
    for pattern, zh in ALLERGEN_ZH:
        if re.search(pattern, text, re.I):
            return zh
    return ""


def adverse_agent(title: str) -> str:
    """The drug (class) an ICD adverse-effect title names, lowercase: ``"Adverse effect of
    loop [high-ceiling] diuretics, initial encounter"`` -> ``loop diuretics``, ``"Other
    diuretics causing adverse effects in therapeutic use"`` -> ``diuretics``; ``""`` when
    the title is not an adverse-effect title (ICD-10-CM T36-T50 "adverse effect of",
    ICD-9-CM E930-E949 "causing adverse effects in therapeutic use")."""
    low = re.sub(r"\s*\[[^\]]*\]", "", title.strip().lower())
    m = re.match(
        r"adverse effect of (.+?)(?:, (?:initial|subsequent) encounter|, sequela)?$",
        low,
    )
    m = m or re.match(r"(.+?) causing adverse effects?\b", low)
    if not m:
        return ""
    agent = re.sub(
        r"^(?:other and unspecified|other specified|unspecified|other)\s+",
        "",
        m.group(1),
    )
    return re.sub(r",\s*$", "", agent).strip()


def allergy_zh(text: str) -> str:
    """A recorded allergy or adverse drug reaction in Chinese (``"Allergy status to
    penicillin"`` -> 青霉素过敏, ``"Anticoagulants causing adverse effects..."`` ->
    抗凝药不良反应; ``""`` when the allergen is not in :data:`ALLERGEN_ZH`)."""
    kind = "不良反应" if re.search(r"adverse", text, re.I) else "过敏"
    for pattern, zh in ALLERGEN_ZH:
        if re.search(pattern, text, re.I):
            return f"{zh}{kind}"
    for generic, zh in GENERIC_ZH.items():  # an allergy to a named drug (赖诺普利过敏)
        if re.search(rf"\b{re.escape(generic)}\b", text, re.I):
            return f"{zh}{kind}"
    return ""
