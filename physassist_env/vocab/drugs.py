"""Drug names of the one clinical vocabulary: generics with their Chinese names and brands.

The claim reader binds decisions and doses to these names, so "hold the Lasix" is a decision
about furosemide and "stop furosemide, not lisinopril" is not a decision about lisinopril.
Chinese names are the ones Chinese clinicians write (中文通用名).
"""

from __future__ import annotations

import functools
import re

#: Generic (lowercase EN) -> Chinese generic name.
GENERIC_ZH: dict[str, str] = {
    "acetaminophen": "对乙酰氨基酚",
    "albuterol": "沙丁胺醇",
    "allopurinol": "别嘌醇",
    "amiodarone": "胺碘酮",
    "amitriptyline": "阿米替林",
    "amlodipine": "氨氯地平",
    "amoxicillin": "阿莫西林",
    "amoxicillin-clavulanate": "阿莫西林克拉维酸",
    "ampicillin": "氨苄西林",
    "ampicillin-sulbactam": "氨苄西林舒巴坦",
    "apixaban": "阿哌沙班",
    "argatroban": "阿加曲班",
    "ascorbic acid": "维生素C",
    "aspirin": "阿司匹林",
    "atorvastatin": "阿托伐他汀",
    "azithromycin": "阿奇霉素",
    "bisacodyl": "比沙可啶",
    "buspirone": "丁螺环酮",
    "calcium gluconate": "葡萄糖酸钙",
    "captopril": "卡托普利",
    "carvedilol": "卡维地洛",
    "cefazolin": "头孢唑林",
    "cefepime": "头孢吡肟",
    "ceftriaxone": "头孢曲松",
    "cephalexin": "头孢氨苄",
    "ciprofloxacin": "环丙沙星",
    "citalopram": "西酞普兰",
    "clindamycin": "克林霉素",
    "clopidogrel": "氯吡格雷",
    "clotrimazole": "克霉唑",
    "colchicine": "秋水仙碱",
    "darunavir": "达芦那韦",
    "dextrose": "葡萄糖",
    "docusate": "多库酯钠",
    "digoxin": "地高辛",
    "diltiazem": "地尔硫䓬",
    "doxazosin": "多沙唑嗪",
    "doxycycline": "多西环素",
    "emtricitabine-tenofovir": "恩曲他滨替诺福韦",
    "enalapril": "依那普利",
    "enoxaparin": "依诺肝素",
    "eplerenone": "依普利酮",
    "famotidine": "法莫替丁",
    "ferrous sulfate": "硫酸亚铁",
    "fluticasone": "氟替卡松",
    "folic acid": "叶酸",
    "furosemide": "呋塞米",
    "gabapentin": "加巴喷丁",
    "glargine": "甘精胰岛素",
    "glipizide": "格列吡嗪",
    "glimepiride": "格列美脲",
    "gliclazide": "格列齐特",
    "bisoprolol": "比索洛尔",
    "haloperidol": "氟哌啶醇",
    "heparin": "肝素",
    "hydralazine": "肼屈嗪",
    "hydrochlorothiazide": "氢氯噻嗪",
    "ibuprofen": "布洛芬",
    "insulin": "胰岛素",
    "hydrocodone": "氢可酮",
    "ipratropium": "异丙托溴铵",
    "irbesartan": "厄贝沙坦",
    "isosorbide mononitrate": "单硝酸异山梨酯",
    "ketorolac": "酮咯酸",
    "labetalol": "拉贝洛尔",
    "lactulose": "乳果糖",
    "lamotrigine": "拉莫三嗪",
    "levetiracetam": "左乙拉西坦",
    "levofloxacin": "左氧氟沙星",
    "levothyroxine": "左甲状腺素",
    "lidocaine": "利多卡因",
    "lisinopril": "赖诺普利",
    "lorazepam": "劳拉西泮",
    "losartan": "氯沙坦",
    "magnesium oxide": "氧化镁",
    "magnesium sulfate": "硫酸镁",
    "methadone": "美沙酮",
    "multivitamin": "复合维生素",
    "nephrocaps": "复合维生素B",
    "nicotine": "尼古丁",
    "meropenem": "美罗培南",
    "metformin": "二甲双胍",
    "methylprednisolone": "甲泼尼龙",
    "metoprolol": "美托洛尔",
    "metronidazole": "甲硝唑",
    "mupirocin": "莫匹罗星",
    "naproxen": "萘普生",
    "nitrofurantoin": "呋喃妥因",
    "nitroglycerin": "硝酸甘油",
    "norepinephrine": "去甲肾上腺素",
    "octreotide": "奥曲肽",
    "omeprazole": "奥美拉唑",
    "ondansetron": "昂丹司琼",
    "oseltamivir": "奥司他韦",
    "oxycodone": "羟考酮",
    "pantoprazole": "泮托拉唑",
    "paroxetine": "帕罗西汀",
    "piperacillin": "哌拉西林他唑巴坦",
    "potassium chloride": "氯化钾",
    "prednisone": "泼尼松",
    "propranolol": "普萘洛尔",
    "quetiapine": "喹硫平",
    "quinidine": "奎尼丁",
    "ramipril": "雷米普利",
    "ranitidine": "雷尼替丁",
    "rifaximin": "利福昔明",
    "ritonavir": "利托那韦",
    "rivaroxaban": "利伐沙班",
    "rosuvastatin": "瑞舒伐他汀",
    "senna": "番泻叶",
    "sertraline": "舍曲林",
    "simvastatin": "辛伐他汀",
    "sodium polystyrene sulfonate": "聚磺苯乙烯钠",
    "spironolactone": "螺内酯",
    "sulfamethoxazole": "复方磺胺甲噁唑",
    "tamsulosin": "坦索罗辛",
    "thiamine": "维生素B1",
    "tiotropium": "噻托溴铵",
    "valsartan": "缬沙坦",
    "vancomycin": "万古霉素",
    "verapamil": "维拉帕米",
    "vitamin k": "维生素K",
    "warfarin": "华法林",
    # home drugs of background comorbidities and ward orders of the synthetic hospital
    # (issue #23)
    "pravastatin": "普伐他汀",
    "bupropion": "安非他酮",
    "clonazepam": "氯硝西泮",
    "melatonin": "褪黑素",
    "zolpidem": "唑吡坦",
    "cyclobenzaprine": "环苯扎林",
    "calcium carbonate": "碳酸钙",
    "vitamin d3": "维生素D3",
    "cyanocobalamin": "氰钴胺",
    "latanoprost": "拉坦前列素",
    "artificial tears": "人工泪液",
    "loratadine": "氯雷他定",
    "diphenhydramine": "苯海拉明",
    "meclizine": "美克洛嗪",
    "lithium": "碳酸锂",
    "methotrexate": "甲氨蝶呤",
    "carbidopa-levodopa": "卡比多巴左旋多巴",
    "ropinirole": "罗匹尼罗",
    "duloxetine": "度洛西汀",
    "prazosin": "哌唑嗪",
    "oxybutynin": "奥昔布宁",
    "anastrozole": "阿那曲唑",
    "triamcinolone": "曲安奈德",
    "miconazole": "咪康唑",
    "camphor-menthol": "樟脑薄荷",
    "influenza vaccine": "流感疫苗",
    "pneumococcal": "肺炎球菌疫苗",
    # MIMIC-IV demo discharge lists (gold_check's ZH-with-English count)
    "raltegravir": "拉替拉韦",
    "tamoxifen": "他莫昔芬",
    "pancrelipase": "胰脂肪酶",
    "micafungin": "米卡芬净",
    "gemfibrozil": "吉非罗齐",
    "fexofenadine": "非索非那定",
    "ferric gluconate": "葡萄糖酸铁钠",
    "ezetimibe": "依折麦布",
    "febuxostat": "非布司他",
    "vitamin": "维生素",
    "vitamin d": "维生素D",
    "hydromorphone": "氢吗啡酮",
    "morphine": "吗啡",
    # issue #35, eleventh pass: an allergen of the record (ALLERGY_RULES_OUT) is a drug an
    # answer may order
    "codeine": "可待因",
    "simethicone": "西甲硅油",
    "aluminum-magnesium": "氢氧化铝镁",
    "guaifenesin": "愈创甘油醚",
    "benzonatate": "苯佐那酯",
    "brimonidine": "溴莫尼定",
    "divalproex": "双丙戊酸钠",
    "trazodone": "曲唑酮",
    "sevelamer": "司维拉姆",
    "sucralfate": "硫糖铝",
    "midodrine": "米多君",
    "baclofen": "巴氯芬",
    "glucagon": "胰高血糖素",
    "glucose gel": "葡萄糖凝胶",
    "lactated ringers": "乳酸林格液",
    "sodium chloride": "氯化钠",
    # issue #37: generics on the MIMIC-IV demo's discharge lists that had no Chinese name
    "acyclovir": "阿昔洛韦",
    "alprazolam": "阿普唑仑",
    "amantadine": "金刚烷胺",
    "atenolol": "阿替洛尔",
    "calcitonin": "降钙素",
    "calcitriol": "骨化三醇",
    "calcium acetate": "醋酸钙",
    "calcium citrate": "枸橼酸钙",
    "carbamazepine": "卡马西平",
    "cefpodoxime": "头孢泊肟",
    "chlorhexidine": "氯己定",
    "chlorthalidone": "氯噻酮",
    "clobetasol": "氯倍他索",
    "clonidine": "可乐定",
    "collagenase": "胶原酶",
    "conjugated estrogens": "结合雌激素",
    "cytarabine": "阿糖胞苷",
    "dexamethasone": "地塞米松",
    "donepezil": "多奈哌齐",
    "dorzolamide": "多佐胺",
    "dronabinol": "屈大麻酚",
    "felodipine": "非洛地平",
    "fenofibrate": "非诺贝特",
    "fentanyl": "芬太尼",
    "finasteride": "非那雄胺",
    "fish oil": "鱼油",
    "fluconazole": "氟康唑",
    "fludrocortisone": "氟氢可的松",
    "fluoxetine": "氟西汀",
    "glutamine": "谷氨酰胺",
    "glyburide": "格列本脲",
    "hydrocerin": "润肤霜",
    "hydrocortisone": "氢化可的松",
    "hydroxyurea": "羟基脲",
    "isosorbide dinitrate": "硝酸异山梨酯",
    "lansoprazole": "兰索拉唑",
    "loperamide": "洛哌丁胺",
    "methimazole": "甲巯咪唑",
    "methocarbamol": "美索巴莫",
    "methylphenidate": "哌甲酯",
    "metoclopramide": "甲氧氯普胺",
    "metolazone": "美托拉宗",
    "milk of magnesia": "氢氧化镁",
    "mirtazapine": "米氮平",
    "neutra-phos": "磷酸盐补充剂",
    "nifedipine": "硝苯地平",
    "nimodipine": "尼莫地平",
    "nystatin": "制霉菌素",
    "olanzapine": "奥氮平",
    "opium tincture": "阿片酊",
    "perphenazine": "奋乃静",
    "petrolatum": "凡士林",
    "phenobarbital": "苯巴比妥",
    "phenytoin": "苯妥英",
    "phosphorus": "磷补充剂",
    "polyethylene glycol": "聚乙二醇",
    "prasugrel": "普拉格雷",
    "prednisolone": "泼尼松龙",
    "pregabalin": "普瑞巴林",
    "ramelteon": "雷美替胺",
    "riluzole": "利鲁唑",
    "risperidone": "利培酮",
    "ruxolitinib": "芦可替尼",
    "salmeterol": "沙美特罗",
    "sodium phosphate": "磷酸钠",
    "sulfasalazine": "柳氮磺吡啶",
    "terbinafine": "特比萘芬",
    "testosterone": "睾酮",
    "thyroid": "甲状腺片",
    "ticagrelor": "替格瑞洛",
    "timolol": "噻吗洛尔",
    "topiramate": "托吡酯",
    "torsemide": "托拉塞米",
    "tramadol": "曲马多",
    "ursodiol": "熊去氧胆酸",
    "valproic acid": "丙戊酸",
    "venetoclax": "维奈克拉",
    "zinc sulfate": "硫酸锌",
    "ziprasidone": "齐拉西酮",
    # issue #37: the MIMIC-IV demo's prescription names (ICU infusions, antibiotics,
    # antidotes) that had no Chinese name, so ZH gold named them in English
    "acetazolamide": "乙酰唑胺",
    "acetylcysteine": "乙酰半胱氨酸",
    "alteplase": "阿替普酶",
    "aminocaproic acid": "氨基己酸",
    "atropine": "阿托品",
    "aztreonam": "氨曲南",
    "bacitracin": "杆菌肽",
    "benztropine": "苯扎托品",
    "bumetanide": "布美他尼",
    "bupivacaine": "布比卡因",
    "calcium chloride": "氯化钙",
    "capsaicin": "辣椒碱",
    "carbamide peroxide": "过氧化脲",
    "carboplatin": "卡铂",
    "ceftazidime": "头孢他啶",
    "cetirizine": "西替利嗪",
    "chlorothiazide": "氯噻嗪",
    "cinacalcet": "西那卡塞",
    "cisatracurium": "顺阿曲库铵",
    "clarithromycin": "克拉霉素",
    "clevidipine": "氯维地平",
    "dabigatran": "达比加群酯",
    "daptomycin": "达托霉素",
    "desmopressin": "去氨加压素",
    "dexmedetomidine": "右美托咪定",
    "dextran": "右旋糖酐",
    "diatrizoate": "泛影葡胺",
    "diazepam": "地西泮",
    "dobutamine": "多巴酚丁胺",
    "dofetilide": "多非利特",
    "dopamine": "多巴胺",
    "doxercalciferol": "度骨化醇",
    "enalaprilat": "依那普利拉",
    "epinephrine": "肾上腺素",
    "epoetin alfa": "重组人促红素",
    "ertapenem": "厄他培南",
    "erythromycin": "红霉素",
    "escitalopram": "艾司西酞普兰",
    "esmolol": "艾司洛尔",
    "esomeprazole": "艾司奥美拉唑",
    "ferrous gluconate": "葡萄糖酸亚铁",
    "fosphenytoin": "磷苯妥英",
    "gentamicin": "庆大霉素",
    "glycerin": "甘油",
    "glycopyrrolate": "格隆溴铵",
    "hydroxychloroquine": "羟氯喹",
    "hydroxyzine": "羟嗪",
    "hyoscyamine": "莨菪碱",
    "ibrutinib": "伊布替尼",
    "indomethacin": "吲哚美辛",
    "iohexol": "碘海醇",
    "levalbuterol": "左沙丁胺醇",
    "linezolid": "利奈唑胺",
    "magnesium citrate": "枸橼酸镁",
    "mannitol": "甘露醇",
    "meperidine": "哌替啶",
    "methylnaltrexone": "甲基纳曲酮",
    "midazolam": "咪达唑仑",
    "milrinone": "米力农",
    "mineral oil": "液体石蜡",
    "moxifloxacin": "莫西沙星",
    "nadolol": "纳多洛尔",
    "naloxone": "纳洛酮",
    "neomycin": "新霉素",
    "neostigmine": "新斯的明",
    "niacin": "烟酸",
    "nicardipine": "尼卡地平",
    "nitroprusside": "硝普钠",
    "oxymetazoline": "羟甲唑啉",
    "pamidronate": "帕米膦酸二钠",
    "phenazopyridine": "非那吡啶",
    "phenylephrine": "去氧肾上腺素",
    "polymyxin": "多黏菌素",
    "colistin": "黏菌素",
    "imipenem": "亚胺培南",
    "potassium phosphate": "磷酸钾",
    "prochlorperazine": "丙氯拉嗪",
    "promethazine": "异丙嗪",
    "propofol": "丙泊酚",
    "protamine": "鱼精蛋白",
    "pyridoxine": "维生素B6",
    "racepinephrine": "消旋肾上腺素",
    "rasburicase": "拉布立海",
    "rocuronium": "罗库溴铵",
    "ropivacaine": "罗哌卡因",
    "scopolamine": "东莨菪碱",
    "sitagliptin": "西格列汀",
    "sodium bicarbonate": "碳酸氢钠",
    "sodium citrate": "枸橼酸钠",
    "sodium glycerophosphate": "甘油磷酸钠",
    "sotalol": "索他洛尔",
    "succinylcholine": "琥珀胆碱",
    "tigecycline": "替加环素",
    "tizanidine": "替扎尼定",
    "tobramycin": "妥布霉素",
    "vasopressin": "血管加压素",
    "vecuronium": "维库溴铵",
    # drugs of the closed-world harm list (physassist_env.clinical.harm, issue #35):
    # anticoagulants, aminoglycosides, NSAIDs and insulins an answer may add
    "penicillin": "青霉素",
    "dalteparin": "达肝素",
    "fondaparinux": "磺达肝癸钠",
    "edoxaban": "依度沙班",
    "bivalirudin": "比伐芦定",
    "amikacin": "阿米卡星",
    "diclofenac": "双氯芬酸",
    "celecoxib": "塞来昔布",
    "meloxicam": "美洛昔康",
    "lispro": "赖脯胰岛素",
    "aspart": "门冬胰岛素",
    "detemir": "地特胰岛素",
    # ward supportive orders and home drugs of the synthetic hospital's ward catalogue
    # (synth/knowledge/ward.py, issue #39): Chinese approved names (中国药品通用名称)
    "acamprosate": "阿坎酸",
    "alginic acid": "海藻酸",
    "alvimopan": "爱维莫潘",
    "ammonium lactate": "乳酸铵",
    "artificial saliva": "人工唾液",
    "azelastine": "氮卓斯汀",
    "betamethasone": "倍他米松",
    "bimatoprost": "贝美前列素",
    "brinzolamide": "布林佐胺",
    "budesonide-formoterol": "布地奈德福莫特罗",
    "calcipotriene": "卡泊三醇",
    "calcium polycarbophil": "聚卡波非钙",
    "carboxymethylcellulose": "羧甲基纤维素钠",
    "cholestyramine": "考来烯胺",
    "ciclopirox": "环吡酮胺",
    "cilostazol": "西洛他唑",
    "dicyclomine": "双环维林",
    "dimethicone": "二甲硅油",
    "doxepin": "多塞平",
    "dutasteride": "度他雄胺",
    "entacapone": "恩他卡朋",
    "ferric citrate": "枸橼酸铁",
    "iron sucrose": "蔗糖铁",
    "ketoconazole": "酮康唑",
    "ketotifen": "酮替芬",
    "lactobacillus": "乳杆菌",
    "lanthanum carbonate": "碳酸镧",
    "levocetirizine": "左西替利嗪",
    "menthol": "薄荷脑",
    "methylcellulose": "甲基纤维素",
    "mirabegron": "米拉贝隆",
    "mometasone": "莫米松",
    "montelukast": "孟鲁司特",
    "naltrexone": "纳曲酮",
    "olopatadine": "奥洛他定",
    "peg-3350 with electrolytes": "复方聚乙二醇电解质散",
    "pramipexole": "普拉克索",
    "psyllium": "欧车前",
    "rabeprazole": "雷贝拉唑",
    "rizatriptan": "利扎曲普坦",
    "roflumilast": "罗氟司特",
    "sorbitol": "山梨醇",
    "sumatriptan": "舒马普坦",
    "tdap": "百白破疫苗",
    "tolterodine": "托特罗定",
    "tranexamic acid": "氨甲环酸",
    "travoprost": "曲伏前列素",
    "trimethobenzamide": "曲美苄胺",
    "umeclidinium-vilanterol": "乌美溴铵维兰特罗",
    # the analyte "urea" (urea nitrogen, 尿素) keeps its name: the cream is named as a cream
    "urea cream": "尿素乳膏",
    "varenicline": "伐尼克兰",
    "wheat dextrin": "小麦糊精",
    "witch hazel": "金缕梅",
    "zinc oxide": "氧化锌",
    # the catalogue's widening (issue #39: distinct drugs)
    # AREDS formula (vitamins C, E, beta-carotene, zinc, copper): not "复合维生素", which a
    # Chinese answer reads as the multivitamin a patient may also be given
    "areds": "黄斑变性营养补充剂",
    "alfuzosin": "阿夫唑嗪",
    "benzocaine": "苯佐卡因",
    "cetylpyridinium": "西吡氯铵",
    "naphazoline": "萘甲唑啉",
    "cadexomer iodine": "卡地姆碘",
    "calamine": "炉甘石",
    "colesevelam": "考来维仑",
    "colloidal oatmeal": "胶体燕麦",
    "cromolyn": "色甘酸钠",
    "darbepoetin alfa": "达依泊汀α",
    "desloratadine": "地氯雷他定",
    "desonide": "地奈德",
    "dorzolamide-timolol": "多佐胺噻吗洛尔",
    "econazole": "益康唑",
    "epinastine": "依匹斯汀",
    "ferric carboxymaltose": "羧基麦芽糖铁",
    "fluticasone-vilanterol": "氟替卡松维兰特罗",
    "granisetron": "格拉司琼",
    "hypromellose": "羟丙甲纤维素",
    "icosapent ethyl": "二十碳五烯酸乙酯",
    "lanolin": "羊毛脂",
    "linaclotide": "利那洛肽",
    "lubiprostone": "鲁比前列酮",
    "mometasone-formoterol": "莫米松福莫特罗",
    "netarsudil": "奈舒地尔",
    "paricalcitol": "帕立骨化醇",
    "pentoxifylline": "己酮可可碱",
    "polyvinyl alcohol": "聚乙烯醇",
    "ranolazine": "雷诺嗪",
    "saccharomyces boulardii": "布拉氏酵母菌",
    "silodosin": "西洛多辛",
    "solifenacin": "索利那新",
    "suvorexant": "苏沃雷生",
    "tafluprost": "他氟前列素",
    "tazarotene": "他扎罗汀",
    "tiotropium-olodaterol": "噻托溴铵奥达特罗",
    "tolnaftate": "托萘酯",
    "trospium": "曲司氯铵",
    "vitamin e": "维生素E",
    "zafirlukast": "扎鲁司特",
    "zolmitriptan": "佐米曲普坦",
}

#: Brand and everyday names (lowercase) -> generic. Each is said in its own language only:
#: a request in English uses the ASCII names, one in Chinese the Chinese ones (the trade
#: names under which these products are sold in mainland China, as ward staff say them:
#: 倍他乐克 Betaloc, 罗氏芬 Rocephin, 特治星 Tazocin, 速尿 for furosemide ...).
DRUG_BRANDS: dict[str, str] = {
    "androgel": "testosterone",
    "moviprep": "polyethylene glycol",
    "miralax": "polyethylene glycol",
    "aquaphor": "petrolatum",
    "estrogens": "conjugated estrogens",
    "premarin": "conjugated estrogens",
    "sarna": "camphor-menthol",
    "multivitamins": "multivitamin",
    "dilaudid": "hydromorphone",
    "maalox": "aluminum-magnesium",
    "tylenol": "acetaminophen",
    "paracetamol": "acetaminophen",
    "zestril": "lisinopril",
    "prinivil": "lisinopril",
    "vasotec": "enalapril",
    "altace": "ramipril",
    "cozaar": "losartan",
    "diovan": "valsartan",
    "aldactone": "spironolactone",
    "glucophage": "metformin",
    "coumadin": "warfarin",
    "jantoven": "warfarin",
    "lanoxin": "digoxin",
    "vanc": "vancomycin",
    "vanco": "vancomycin",
    "zosyn": "piperacillin",
    "pip-tazo": "piperacillin",
    "piptazo": "piperacillin",
    "piperacillin-tazobactam": "piperacillin",
    "rocephin": "ceftriaxone",
    "maxipime": "cefepime",
    "ancef": "cefazolin",
    "keflex": "cephalexin",
    "augmentin": "amoxicillin-clavulanate",
    "amoxicillin-clavulanic acid": "amoxicillin-clavulanate",
    "levaquin": "levofloxacin",
    "cipro": "ciprofloxacin",
    "zithromax": "azithromycin",
    "z-pak": "azithromycin",
    "flagyl": "metronidazole",
    "merrem": "meropenem",
    "macrobid": "nitrofurantoin",
    "bactrim": "sulfamethoxazole",
    "tmp-smx": "sulfamethoxazole",
    "advil": "ibuprofen",
    "motrin": "ibuprofen",
    "toradol": "ketorolac",
    "lasix": "furosemide",
    "eliquis": "apixaban",
    "xarelto": "rivaroxaban",
    "lovenox": "enoxaparin",
    "plavix": "clopidogrel",
    "lipitor": "atorvastatin",
    "norvasc": "amlodipine",
    "lopressor": "metoprolol",
    "toprol": "metoprolol",
    "coreg": "carvedilol",
    "cordarone": "amiodarone",
    "protonix": "pantoprazole",
    "zofran": "ondansetron",
    "ativan": "lorazepam",
    "haldol": "haloperidol",
    "keppra": "levetiracetam",
    "synthroid": "levothyroxine",
    "lantus": "glargine",
    "glucotrol": "glipizide",
    "kcl": "potassium chloride",
    "k-dur": "potassium chloride",
    "kayexalate": "sodium polystyrene sulfonate",
    "levophed": "norepinephrine",
    "tamiflu": "oseltamivir",
    "flomax": "tamsulosin",
    "neurontin": "gabapentin",
    "速尿": "furosemide",
    "泰诺林": "acetaminophen",
    "必理通": "acetaminophen",
    "络活喜": "amlodipine",
    "立普妥": "atorvastatin",
    "波立维": "clopidogrel",
    "倍他乐克": "metoprolol",
    "可达龙": "amiodarone",
    "安体舒通": "spironolactone",
    "克赛": "enoxaparin",
    "拜瑞妥": "rivaroxaban",
    "艾乐妥": "apixaban",
    "罗氏芬": "ceftriaxone",
    "马斯平": "cefepime",
    "特治星": "piperacillin",
    "美平": "meropenem",
    "稳可信": "vancomycin",
    "可乐必妥": "levofloxacin",
    "希舒美": "azithromycin",
    "灭滴灵": "metronidazole",
    "奥格门汀": "amoxicillin-clavulanate",
    "格华止": "metformin",
    "来得时": "glargine",
    "洛赛克": "omeprazole",
    "枢复宁": "ondansetron",
    "开浦兰": "levetiracetam",
    "优甲乐": "levothyroxine",
    "科素亚": "losartan",
    "补达秀": "potassium chloride",
    "思力华": "tiotropium",
    "左洛复": "sertraline",
    "达菲": "oseltamivir",
    "芬必得": "ibuprofen",
    "万托林": "albuterol",
    "salbutamol": "albuterol",
    "prilosec": "omeprazole",
    "cardizem": "diltiazem",
    "spiriva": "tiotropium",
    "xifaxan": "rifaximin",
    "zoloft": "sertraline",
    "iron sulfate": "ferrous sulfate",
    # issue #37: record names of the MIMIC-IV demo (co-trimoxazole spelled out, US brands)
    "sulfamethoxazole-trimethoprim": "sulfamethoxazole",
    "trimethoprim-sulfamethoxazole": "sulfamethoxazole",
    "sulfamethoxazole/trimethoprim": "sulfamethoxazole",
    "trimethoprim/sulfamethoxazole": "sulfamethoxazole",
    # issue #35, sixteenth pass: the British and WHO name, and the Chinese trade name
    "co-trimoxazole": "sulfamethoxazole",
    "cotrimoxazole": "sulfamethoxazole",
    "septra": "sulfamethoxazole",
    "复方新诺明": "sulfamethoxazole",
    "达比加群": "dabigatran",
    "colistimethate": "colistin",
    # salt substitutes are potassium chloride (NoSalt, LoSalt; UK Kidney Association 2020
    # hyperkalaemia guideline: avoided in hyperkalaemia)
    "salt substitute": "potassium chloride",
    "potassium-rich salt": "potassium chloride",
    "potassium-rich salt substitute": "potassium chloride",
    "potassium salt substitute": "potassium chloride",
    "low-sodium salt": "potassium chloride",
    "nosalt": "potassium chloride",
    "losalt": "potassium chloride",
    "代盐": "potassium chloride",
    "含钾代盐": "potassium chloride",
    "低钠盐": "potassium chloride",
    "含钾盐": "potassium chloride",
    "多黏菌素E": "colistin",
    "primaxin": "imipenem",
    "泰能": "imipenem",
    "phytonadione": "vitamin k",
    "avapro": "irbesartan",
    "januvia": "sitagliptin",
    "xopenex": "levalbuterol",
    "fleet enema": "sodium phosphate",
    # ward catalogue record names (synth/knowledge/ward.py): brands of its generics
    "gaviscon": "alginic acid",
    "symbicort": "budesonide-formoterol",
    "anoro": "umeclidinium-vilanterol",
    "citrucel": "methylcellulose",
    "benefiber": "wheat dextrin",
    "metamucil": "psyllium",
    "calmoseptine": "zinc oxide",
    "preservision": "areds",
    "dulera": "mometasone-formoterol",
    "breo": "fluticasone-vilanterol",
    "stiolto": "tiotropium-olodaterol",
    "cosopt": "dorzolamide-timolol",
    "desitin": "zinc oxide",
    "artificial tear ointment": "artificial tears",
    # issue #35, eleventh pass: brand names a ward uses for the generics above (US
    # labels; the mainland-China trade names of the originator products)
    "toprol xl": "metoprolol",
    "zocor": "simvastatin",
    "crestor": "rosuvastatin",
    "pravachol": "pravastatin",
    "brilinta": "ticagrelor",
    "effient": "prasugrel",
    "levoxyl": "levothyroxine",
    "nexium": "esomeprazole",
    "pepcid": "famotidine",
    "celexa": "citalopram",
    "lexapro": "escitalopram",
    "prozac": "fluoxetine",
    "pradaxa": "dabigatran",
    "lyrica": "pregabalin",
    "humalog": "lispro",
    "novolog": "aspart",
    "levemir": "detemir",
    "seroquel": "quetiapine",
    "xanax": "alprazolam",
    "valium": "diazepam",
    "ambien": "zolpidem",
    "reglan": "metoclopramide",
    "colace": "docusate",
    "dulcolax": "bisacodyl",
    "imdur": "isosorbide mononitrate",
    "demadex": "torsemide",
    "bumex": "bumetanide",
    "aricept": "donepezil",
    "sinemet": "carbidopa-levodopa",
    "depakote": "divalproex",
    "dilantin": "phenytoin",
    "lamictal": "lamotrigine",
    "wellbutrin": "bupropion",
    "cymbalta": "duloxetine",
    "risperdal": "risperidone",
    "zyprexa": "olanzapine",
    "medrol": "methylprednisolone",
    "decadron": "dexamethasone",
    "zyloprim": "allopurinol",
    "pacerone": "amiodarone",
    "泰嘉": "clopidogrel",
    "泮立苏": "pantoprazole",
    "拜阿司匹灵": "aspirin",
    "拜阿司匹林": "aspirin",
    "舒降之": "simvastatin",
    "倍林达": "ticagrelor",
    "来士普": "escitalopram",
    "喜普妙": "citalopram",
    "拜新同": "nifedipine",
    "安博维": "irbesartan",
    "拜复乐": "moxifloxacin",
    "大扶康": "fluconazole",
    "乐瑞卡": "pregabalin",
    "思瑞康": "quetiapine",
    "再普乐": "olanzapine",
    "维思通": "risperidone",
    "思诺思": "zolpidem",
    "诺和锐": "aspart",
    "波依定": "felodipine",
    # issue #35, eleventh pass: the allergy list's "Sulfa (Sulfonamide Antibiotics)" named
    # as a drug to give ("start sulfa", 给一剂磺胺): a sulfonamide antibiotic
    "sulfa": "sulfamethoxazole",
    "sulfa antibiotic": "sulfamethoxazole",
    "sulfonamide antibiotic": "sulfamethoxazole",
    "磺胺": "sulfamethoxazole",
    "磺胺类抗生素": "sulfamethoxazole",
    # issue #35, sixteenth pass: a brand is the same drug as its generic (US labels;
    # the mainland-China trade names of the originator products). Short Chinese names that
    # occur inside ordinary words (可定 in 可定期, 代文, 艾多) are left out.
    "vancocin": "vancomycin",
    "tenormin": "atenolol",
    "inderal": "propranolol",
    "cardura": "doxazosin",
    "procardia": "nifedipine",
    "adalat": "nifedipine",
    "catapres": "clonidine",
    "microzide": "hydrochlorothiazide",
    "unasyn": "ampicillin-sulbactam",
    "cleocin": "clindamycin",
    "avelox": "moxifloxacin",
    "vibramycin": "doxycycline",
    "diflucan": "fluconazole",
    "zovirax": "acyclovir",
    "diabeta": "glyburide",
    "tricor": "fenofibrate",
    "zetia": "ezetimibe",
    "aleve": "naproxen",
    "naprosyn": "naproxen",
    "celebrex": "celecoxib",
    "ultram": "tramadol",
    "oxycontin": "oxycodone",
    "klonopin": "clonazepam",
    "benadryl": "diphenhydramine",
    "atarax": "hydroxyzine",
    "phenergan": "promethazine",
    "compazine": "prochlorperazine",
    "carafate": "sucralfate",
    "senokot": "senna",
    "arixtra": "fondaparinux",
    "fragmin": "dalteparin",
    "savaysa": "edoxaban",
    "inspra": "eplerenone",
    "hygroton": "chlorthalidone",
    "zaroxolyn": "metolazone",
    "tazocin": "piperacillin",
    "invanz": "ertapenem",
    "zyvox": "linezolid",
    "cubicin": "daptomycin",
    "solu-medrol": "methylprednisolone",
    "deltasone": "prednisone",
    "apresoline": "hydralazine",
    "isordil": "isosorbide dinitrate",
    "nitrostat": "nitroglycerin",
    "digitek": "digoxin",
    "humulin": "insulin",
    "novolin": "insulin",
    "duragesic": "fentanyl",
    "robaxin": "methocarbamol",
    "flexeril": "cyclobenzaprine",
    "lioresal": "baclofen",
    "mucinex": "guaifenesin",
    "claritin": "loratadine",
    "zyrtec": "cetirizine",
    "singulair": "montelukast",
    "proventil": "albuterol",
    "ventolin": "albuterol",
    "atrovent": "ipratropium",
    "flovent": "fluticasone",
    "imodium": "loperamide",
    "ditropan": "oxybutynin",
    "proscar": "finasteride",
    "plaquenil": "hydroxychloroquine",
    "trexall": "methotrexate",
    "mobic": "meloxicam",
    "indocin": "indomethacin",
    "tegretol": "carbamazepine",
    "topamax": "topiramate",
    "paxil": "paroxetine",
    "remeron": "mirtazapine",
    "desyrel": "trazodone",
    "buspar": "buspirone",
    "西普罗": "ciprofloxacin",
    "捷赐瑞": "lisinopril",
    "潘妥洛克": "pantoprazole",
    "可密定": "warfarin",
    "普拉固": "pravastatin",
    "耐信": "esomeprazole",
    "百忧解": "fluoxetine",
    "赛乐特": "paroxetine",
    "诺和灵": "insulin",
    "优泌林": "insulin",
    "力平之": "fenofibrate",
    "益适纯": "ezetimibe",
    "西乐葆": "celecoxib",
    "奥施康定": "oxycodone",
    "美施康定": "morphine",
    "多瑞吉": "fentanyl",
    "开瑞坦": "loratadine",
    "顺尔宁": "montelukast",
    "信必可": "budesonide-formoterol",
    "泰毕全": "dabigatran",
    "欣康": "isosorbide mononitrate",
    "瑞易宁": "glipizide",
    "捷诺维": "sitagliptin",
    "特子社复": "ceftazidime",
    "复达欣": "ceftazidime",
    "凯福隆": "ceftriaxone",
    "易蒙停": "loperamide",
    "杜密克": "lactulose",
}

#: Record products that are not drugs the claim reader binds (blood products, vaccines,
#: contrast media, dialysis fluids, lozenges; "albumin" is also a laboratory analyte)
#: (lowercase, whole words) -> the Chinese a ZH answer names them by
#: (:func:`name_zh`'s last resort).
PRODUCT_ZH: dict[str, str] = {
    "albumin": "人血白蛋白",
    "influenza virus vaccine": "流感疫苗",
    "hepatitis b vaccine": "乙肝疫苗",
    "pneumococcal": "肺炎球菌疫苗",
    "tuberculin": "结核菌素（PPD）",
    "barium sulfate": "硫酸钡造影剂",
    "prismasate": "连续肾脏替代治疗置换液",
    "caphosol": "磷酸钙漱口液",
    "cepacol": "润喉含片",
    "cepastat": "润喉含片",
    "chloraseptic": "咽喉喷雾剂",
    "bengay": "止痛乳膏",
    "artificial tear": "人工泪液",
    "orthopedic solution": "骨科冲洗液",
    # closed-world harm list (issue #35)
    "pradaxa": "dabigatran",
    "savaysa": "edoxaban",
    "arixtra": "fondaparinux",
    "fragmin": "dalteparin",
    "voltaren": "diclofenac",
    "celebrex": "celecoxib",
    "humalog": "lispro",
    "novolog": "aspart",
    "levemir": "detemir",
    "normal saline": "sodium chloride",
}

#: Therapy classes an answer may name instead of a drug (lowercase EN and ZH) -> class key.
THERAPY_CLASSES: dict[str, str] = {
    "antibiotic": "antibiotic",
    "antibiotics": "antibiotic",
    "abx": "antibiotic",
    "antibiotic coverage": "antibiotic",
    "coverage": "antibiotic",
    "抗生素": "antibiotic",
    "抗菌药": "antibiotic",
    "抗感染": "antibiotic",
    "anticoagulation": "anticoagulation",
    "anticoagulant": "anticoagulation",
    "doac": "anticoagulation",
    "抗凝": "anticoagulation",
    "抗凝治疗": "anticoagulation",
    "ace inhibitor": "acei",
    "acei": "acei",
    "ace抑制剂": "acei",
    "arb": "arb",
    "nsaid": "nsaid",
    "nsaids": "nsaid",
    "diuretic": "diuretic",
    "利尿剂": "diuretic",
    # therapies the closed-world harm list reads (physassist_env.clinical.harm, issue #35):
    # red-cell transfusion, iodinated contrast, IV fluids, chemotherapy
    "transfusion": "transfusion",
    "blood transfusion": "transfusion",
    "red cell transfusion": "transfusion",
    "red blood cell transfusion": "transfusion",
    "rbc transfusion": "transfusion",
    "packed red cells": "transfusion",
    "packed red blood cells": "transfusion",
    "packed cells": "transfusion",
    "red cells": "transfusion",
    "red blood cells": "transfusion",
    "prbc": "transfusion",
    "prbcs": "transfusion",
    "unit of blood": "transfusion",
    "units of blood": "transfusion",
    "输血": "transfusion",
    "红细胞": "transfusion",
    "悬浮红细胞": "transfusion",
    "浓缩红细胞": "transfusion",
    "去白细胞悬浮红细胞": "transfusion",
    "iv contrast": "contrast",
    "intravenous contrast": "contrast",
    "iodinated contrast": "contrast",
    "contrast dye": "contrast",
    "contrast agent": "contrast",
    "contrast medium": "contrast",
    "contrast-enhanced ct": "contrast",
    "contrast ct": "contrast",
    "ct with contrast": "contrast",
    "造影剂": "contrast",
    "碘造影剂": "contrast",
    "增强ct": "contrast",
    "iv fluids": "iv_fluid",
    "iv fluid": "iv_fluid",
    "ivf": "iv_fluid",
    "maintenance fluids": "iv_fluid",
    "补液": "iv_fluid",
    "静脉补液": "iv_fluid",
    "chemotherapy": "chemotherapy",
    "chemo": "chemotherapy",
    "化疗": "chemotherapy",
}


#: Drug classes that share a lab-monitoring safety rule: key -> (EN name, ZH name).
SAFETY_CLASS_NAMES: dict[str, tuple[str, str]] = {
    "acei": ("ACE inhibitor", "ACE抑制剂"),
    "arb": ("ARB", "血管紧张素受体拮抗剂"),
    "k_sparing": ("potassium-sparing diuretic", "保钾利尿剂"),
    "metformin": ("metformin", "二甲双胍"),
    "vancomycin": ("vancomycin", "万古霉素"),
    "nsaid": ("NSAID", "非甾体抗炎药"),
    "warfarin": ("warfarin", "华法林"),
    "insulin": ("insulin", "胰岛素"),
    "digoxin": ("digoxin", "地高辛"),
}
#: The generics (keys of :data:`GENERIC_ZH`) of each safety class.
SAFETY_CLASS_MEMBERS: dict[str, tuple[str, ...]] = {
    "acei": ("lisinopril", "enalapril", "captopril", "ramipril"),
    "arb": ("losartan", "valsartan", "irbesartan"),
    "k_sparing": ("spironolactone", "eplerenone"),
    "metformin": ("metformin",),
    "vancomycin": ("vancomycin",),
    "nsaid": ("ibuprofen", "naproxen", "ketorolac"),
    "warfarin": ("warfarin",),
    "insulin": ("insulin",),
    "digoxin": ("digoxin",),
}
#: A recorded allergy (lowercase fragments of its text) -> the generics (word-initial
#: fragments of drug names) it rules out. Sources: penicillins - the 2022 AAAAI/ACAAI drug
#: allergy practice parameter (Khan DA et al., J Allergy Clin Immunol 2022;150:1333):
#: avoid penicillins; cephalosporins with dissimilar side chains (cefazolin, ceftriaxone,
#: cefepime) and carbapenems may be given without testing in a non-anaphylactic history, so
#: they are not listed. Sulfonamide antibiotics - the same parameter: no cross-reactivity
#: with non-antibiotic sulfonamides (furosemide, thiazides; Strom BL et al., N Engl J Med
#: 2003;349:1628). Codeine - the same parameter on opioid hypersensitivity: most reactions
#: are mast-cell (histamine) release, strongest with codeine and morphine; use a less
#: histamine-releasing opioid (hydromorphone, oxycodone, fentanyl). ACE-inhibitor
#: angioedema - a class contraindication (lisinopril label; 2017 ACC/AHA hypertension
#: guideline); an ARB may be used with caution, so ARBs are not listed.
ALLERGY_RULES_OUT: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("penicillin", "amoxicillin", "ampicillin", "augmentin", "pcn", "青霉素"),
        ("penicillin", "piperacillin", "ampicillin", "amoxicillin", "oxacillin",
         "nafcillin", "dicloxacillin", "unasyn", "zosyn", "augmentin"),
    ),
    (
        ("sulfa", "sulfonamide", "sulfamethoxazole", "bactrim", "磺胺"),
        ("sulfamethoxazole", "sulfameth", "bactrim", "tmp-smx", "trimethoprim-sulfa"),
    ),
    (("codeine", "可待因"), ("codeine", "morphine")),
    (
        ("lisinopril", "enalapril", "ramipril", "captopril", "ace inhibitor"),
        ("lisinopril", "enalapril", "captopril", "ramipril", "benazepril", "quinapril"),
    ),
    # issue #35, eighth pass: a recorded reaction to iodinated contrast rules out giving it
    # again unplanned (ACR Manual on Contrast Media 2023: a prior allergic-like reaction is
    # the main risk factor; premedicate or use another study)
    (("iodinated contrast", "contrast media", "contrast dye", "造影剂"), ("contrast",)),
)  # fmt: skip
#: What to give instead of a generic a recorded allergy rules out (:data:`ALLERGY_RULES_OUT`):
#: piperacillin(-tazobactam) -> cefepime + metronidazole (IDSA complicated intra-abdominal
#: infection 2010, Solomkin JS et al., Clin Infect Dis 2010;50:133: a cephalosporin plus
#: metronidazole; a cephalosporin is given in a non-anaphylactic penicillin allergy, 2022
#: AAAAI/ACAAI practice parameter); amoxicillin(-clavulanate) -> ciprofloxacin + metronidazole
#: (the same guideline's oral regimen for beta-lactam allergy); sulfamethoxazole ->
#: cephalexin (IDSA skin and soft-tissue 2014); morphine -> hydromorphone (a less
#: histamine-releasing opioid); lisinopril -> losartan (an ARB, with caution, after ACE-inhibitor
#: angioedema: 2017 ACC/AHA hypertension guideline; 2022 AHA/ACC/HFSA heart-failure guideline).
ALLERGY_ALTERNATIVES: dict[str, tuple[str, ...]] = {
    "piperacillin": ("cefepime", "metronidazole"),
    "amoxicillin": ("ciprofloxacin", "metronidazole"),
    "sulfamethoxazole": ("cephalexin",),
    "morphine": ("hydromorphone",),
    "lisinopril": ("losartan",),
}
#: Antibiotic and antiviral generics (keys of :data:`GENERIC_ZH`) -> their class.
ANTIBIOTIC_CLASS: dict[str, str] = {
    "ceftriaxone": "cephalosporin",
    "cefepime": "cephalosporin",
    "cefazolin": "cephalosporin",
    "piperacillin": "penicillin",
    "ampicillin": "penicillin",
    "amoxicillin": "penicillin",
    "vancomycin": "glycopeptide",
    "levofloxacin": "fluoroquinolone",
    "ciprofloxacin": "fluoroquinolone",
    "azithromycin": "macrolide",
    "metronidazole": "nitroimidazole",
    "meropenem": "carbapenem",
    "nitrofurantoin": "nitrofuran",
    "sulfamethoxazole": "sulfonamide",
    "doxycycline": "tetracycline",
    "oseltamivir": "antiviral",
    # anti-infectives the MIMIC-IV demo gives that a list of "antibiotics given" must not
    # drop (clindamycin in necrotising fasciitis: IDSA SSTI guideline, Stevens DL et al.,
    # Clin Infect Dis 2014;59:e10-52)
    "clindamycin": "lincosamide",
    "linezolid": "oxazolidinone",
    "daptomycin": "lipopeptide",
    # round 13: an antipseudomonal cephalosporin given post-dialysis; "currently on"
    # lists that dropped it hid the drug a resistant Pseudomonas made inactive
    # (10015860-24698912 t3; IDSA 2024 AMR guidance, Tamma PD et al.)
    "ceftazidime": "cephalosporin",
}


def drug_names() -> dict[str, str]:
    """Every drug or therapy name (lowercase EN, ZH) -> subject key (``drug:<generic>``)."""
    names: dict[str, str] = {}
    for generic, zh in GENERIC_ZH.items():
        names[generic] = f"drug:{generic}"
        names[zh] = f"drug:{generic}"
    for brand, generic in DRUG_BRANDS.items():
        names[brand] = f"drug:{generic}"
    for name, cls in THERAPY_CLASSES.items():
        names[name] = f"drug:class:{cls}"
    return names


#: Shortened generic names MIMIC-IV prescriptions print (``Sulfameth/Trimethoprim DS``).
_RECORD_SHORT_NAMES = {"sulfameth": "sulfamethoxazole", "digox": "digoxin"}


#: Abbreviations a drug name keeps as written (salts, release forms, solutions).
_KEEP_UPPER = {"HCL": "HCl", "XL": "XL", "ER": "ER", "SR": "SR", "CR": "CR", "DR": "DR",
               "XR": "XR", "DS": "DS", "ODT": "ODT", "NS": "NS", "D5W": "D5W", "EC": "EC",
               "IV": "IV", "PO": "PO", "HCTZ": "HCTZ", "NPH": "NPH", "PF": "PF"}  # fmt: skip


def display_name(name: str) -> str:
    """A record's drug name as an answer writes it: capitalised words instead of the
    all-capitals of pharmacy systems ("METOPROLOL TARTRATE" -> "Metoprolol Tartrate") and
    of tall-man lettering ("RiTONAvir" -> "Ritonavir", "hydrALAZINE" -> "Hydralazine"),
    with abbreviations of salts and release forms kept (HCl, XL, DS). Names already in
    ordinary case are returned unchanged. The one display form for drug names in answers.
    """
    import re

    def word(m: re.Match[str]) -> str:
        w = m.group(0)
        if w.upper() in _KEEP_UPPER and (w.isupper() or w == _KEEP_UPPER[w.upper()]):
            return _KEEP_UPPER[w.upper()]
        upper_inside = sum(c.isupper() for c in w[1:])
        if (w.isupper() and len(w) > 3) or (len(w) >= 5 and upper_inside >= 2):
            return w[:1].upper() + w[1:].lower()
        return w

    return re.sub(r"[A-Za-z]+", word, name)


def record_name(name: str) -> str:
    """A record's drug name, lowercase, with the shortened generics pharmacy systems print
    written out (``"Sulfameth/Trimethoprim DS"`` -> ``"sulfamethoxazole/trimethoprim ds"``),
    so the vocabulary's names are found in it. An underscore is a space: MIMIC-IV's
    pharmacy marks formulary variants with one (``"SulfaSALAzine_"``), which hid the name
    from the whole-word match."""
    low = name.lower().replace("_", " ").strip()
    for short, full in _RECORD_SHORT_NAMES.items():
        low = _whole_word(short).sub(full, low)
    return low


@functools.cache
def _whole_word(name: str, plural: bool = False) -> re.Pattern[str]:
    """``name`` as whole words (``s?`` after it when ``plural``), compiled once: the
    tables hold more names than ``re``'s own cache, which recompiled them all for each
    new record name."""
    return re.compile(rf"\b{re.escape(name)}{'s?' if plural else ''}\b")


# memoised: a record repeats its drug names and the tables are constant
@functools.lru_cache(maxsize=4096)
def name_zh(name: str) -> str:
    """The Chinese generic name of a drug as the record names it (``"Metoprolol Succinate
    XL"`` -> 美托洛尔, ``"Lasix"`` -> 呋塞米), by the longest generic or brand name the
    record name contains as whole words, else a product of :data:`PRODUCT_ZH`
    (人血白蛋白); ``""`` when none is known."""
    low = record_name(name)
    best, size = "", 0
    for generic, zh in GENERIC_ZH.items():
        # a plural record name ("Multivitamins") names the same drug
        if len(generic) > size and _whole_word(generic, True).search(low):
            best, size = zh, len(generic)
    for brand, generic in DRUG_BRANDS.items():
        if len(brand) > size and _whole_word(brand).search(low):
            best, size = GENERIC_ZH.get(generic, ""), len(brand)
    combo = _COMBINATION.match(low)
    if combo and size < len(combo.group(0)):
        # a combination product ("Hydrocodone-Acetaminophen") is named by all its parts
        # (氢可酮对乙酰氨基酚), never by one of them alone; with a part unknown it is a
        # compound preparation of the known ones (复方对乙酰氨基酚), as Chinese names go
        parts = [_part_zh(p) for p in combo.group(0).split("-")]
        if any(parts):
            return (
                "".join(parts) if all(parts) else "复方" + "".join(filter(None, parts))
            )
    if not best:  # a product that is not a drug of the tables (人血白蛋白, 流感疫苗)
        best = next(
            (zh for p, zh in PRODUCT_ZH.items() if _whole_word(p, True).search(low)), ""
        )
    return best


#: A combination product's leading name: two or more words joined by hyphens.
_COMBINATION = re.compile(r"^[a-z]+(?:-[a-z]+)+")


def _part_zh(part: str) -> str:
    """The Chinese name of one part of a combination product, ``""`` when unknown."""
    return GENERIC_ZH.get(part) or GENERIC_ZH.get(DRUG_BRANDS.get(part, ""), "")


#: Generic -> therapeutic class (WHO ATC classification, 2024 index: C09AA ACE inhibitors,
#: C09CA ARBs, C03DA aldosterone antagonists, A10BA biguanides, A10A insulins, A10BB
#: sulfonylureas, B01AA vitamin K antagonists, C01AA digitalis glycosides, B01AB heparins,
#: J01XA glycopeptides, M01AE/M01AB NSAIDs, C03CA loop and C03AA thiazide diuretics,
#: C07AB/C07AG beta blockers, B01AF direct factor Xa inhibitors).
ATC_CLASS: dict[str, str] = {
    "lisinopril": "acei",
    "enalapril": "acei",
    "captopril": "acei",
    "ramipril": "acei",
    "losartan": "arb",
    "valsartan": "arb",
    "irbesartan": "arb",
    "spironolactone": "mra",
    "eplerenone": "mra",
    "metformin": "biguanide",
    "insulin": "insulin",
    "glargine": "insulin",
    "glipizide": "sulfonylurea",
    "glimepiride": "sulfonylurea",
    "gliclazide": "sulfonylurea",
    "warfarin": "vka",
    "digoxin": "digitalis",
    "heparin": "heparin",
    "enoxaparin": "heparin",
    "vancomycin": "glycopeptide",
    "ibuprofen": "nsaid",
    "naproxen": "nsaid",
    "ketorolac": "nsaid",
    "furosemide": "loop",
    "hydrochlorothiazide": "thiazide",
    "metoprolol": "beta_blocker",
    "carvedilol": "beta_blocker",
    "labetalol": "beta_blocker",
    "apixaban": "xa_inhibitor",
    "rivaroxaban": "xa_inhibitor",
}

#: Generic -> therapeutic group within which one drug replaces another on admission
#: (WHO ATC 2024: A02B drugs for peptic ulcer and GORD, C07 beta blockers, B01A
#: antithrombotic anticoagulants, C10AA statins, C09 renin-angiotensin agents, C03C loop
#: diuretics, C08CA dihydropyridines, N02BF gabapentinoids, A10A insulins, N05BA
#: benzodiazepine anxiolytics, N02A opioids, N06AB SSRIs, C01DA organic nitrates). A drug of
#: the last discharge list whose group has another drug ordered now was substituted
#: (therapeutic interchange), not omitted (Joint Commission NPSG.03.06.01: reconcile
#: each drug, a substitution is named as such).
SUBSTITUTION_GROUP: dict[str, str] = {
    **dict.fromkeys(
        [
            "omeprazole",
            "pantoprazole",
            "esomeprazole",
            "lansoprazole",
            "rabeprazole",
            "ranitidine",
            "famotidine",
        ],
        "A02B",
    ),  # fmt: skip
    **dict.fromkeys(
        [
            "metoprolol",
            "propranolol",
            "carvedilol",
            "atenolol",
            "labetalol",
            "bisoprolol",
            "nadolol",
        ],
        "C07",
    ),  # fmt: skip
    **dict.fromkeys(
        [
            "warfarin",
            "apixaban",
            "rivaroxaban",
            "dabigatran",
            "edoxaban",
            "heparin",
            "enoxaparin",
            "dalteparin",
            "fondaparinux",
        ],
        "B01A",
    ),  # fmt: skip
    **dict.fromkeys(
        ["atorvastatin", "simvastatin", "rosuvastatin", "pravastatin", "lovastatin"],
        "C10AA",
    ),  # fmt: skip
    **dict.fromkeys(
        [
            "lisinopril",
            "enalapril",
            "captopril",
            "ramipril",
            "losartan",
            "valsartan",
            "irbesartan",
        ],
        "C09",
    ),  # fmt: skip
    **dict.fromkeys(["furosemide", "torsemide", "bumetanide"], "C03C"),
    **dict.fromkeys(["amlodipine", "nifedipine", "felodipine"], "C08CA"),
    **dict.fromkeys(["gabapentin", "pregabalin"], "N02BF"),
    **dict.fromkeys(["insulin", "glargine"], "A10A"),
    # round 13: SSRIs (N06AB: fluoxetine -> citalopram, 10023239-21759936 t3) and the
    # long-acting organic nitrates (C01DA: isosorbide dinitrate -> isosorbide
    # mononitrate, 10023117-28887654 t1) replace one another: resuming the home drug
    # beside its replacement doubles the class (serotonin syndrome and QT with two
    # SSRIs, FDA citalopram label; hypotension with two nitrates). Nitroglycerin is left
    # out: a sublingual as-needed dose is a rescue, no substitute for the daily nitrate.
    **dict.fromkeys(
        [
            "fluoxetine",
            "citalopram",
            "escitalopram",
            "sertraline",
            "paroxetine",
            "fluvoxamine",
        ],
        "N06AB",
    ),  # fmt: skip
    **dict.fromkeys(["isosorbide dinitrate", "isosorbide mononitrate"], "C01DA"),
    # round 9b: benzodiazepine anxiolytics (N05BA: lorazepam -> diazepam) and opioid
    # analgesics (N02A: hydrocodone -> oxycodone) replace one another too
    **dict.fromkeys(
        [
            "lorazepam",
            "diazepam",
            "alprazolam",
            "clonazepam",
            "oxazepam",
            "chlordiazepoxide",
        ],
        "N05BA",
    ),  # fmt: skip
    **dict.fromkeys(
        [
            "oxycodone",
            "hydrocodone",
            "hydromorphone",
            "morphine",
            "tramadol",
            "tapentadol",
        ],
        "N02A",
    ),  # fmt: skip
}

#: Chinese names (中文通用名) of the components of fixed-ratio combination antibiotics,
#: for the dose split only (``clinical.combination.dose_split``): the components are
#: not drugs of their own here (:data:`GENERIC_ZH` names the products).
COMPONENT_ZH: dict[str, str] = {
    "ampicillin": "氨苄西林",
    "sulbactam": "舒巴坦",
    "piperacillin": "哌拉西林",
    "tazobactam": "他唑巴坦",
    "ceftolozane": "头孢洛扎",
    "ceftazidime": "头孢他啶",
    "avibactam": "阿维巴坦",
}

#: Drugs of symptom relief a reconciliation names last (laxatives, simple analgesics,
#: lozenges, cough and skin remedies, vitamins): an omitted anticoagulant or
#: antihypertensive matters before an omitted stool softener.
SYMPTOMATIC = re.compile(
    r"docusate|senna|sennosides|bisacodyl|polyethylene glycol|lactulose|milk of magnesia"
    r"|magnesium hydroxide|acetaminophen|paracetamol|cepacol|lozenge|menthol|benzocaine"
    r"|simethicone|benzonatate|guaifenesin|multivitamin|vitamin|artificial tear"
    r"|sodium chloride|calamine|sarna|lidocaine|nicotine|melatonin|ondansetron"
    # the ward catalogue's bulk laxatives, barrier and skin creams, mouth care, probiotic
    r"|psyllium|methylcellulose|polycarbophil|wheat dextrin|sorbitol|zinc oxide"
    r"|dimethicone|witch hazel|urea cream|ammonium lactate|artificial saliva|lactobacillus"
    r"|saccharomyces|lanolin|colloidal oatmeal|hypromellose|polyvinyl alcohol|cetylpyridinium",
    re.I,
)


def reconciliation_rank(generic: str) -> int:
    """Order in which a reconciliation names omitted drugs: 0 for a drug of a chronic
    therapeutic group (:data:`SUBSTITUTION_GROUP`, :data:`ATC_CLASS`), 2 for symptom
    relief (:data:`SYMPTOMATIC`), 1 otherwise."""
    g = generic.lower()
    if g in SUBSTITUTION_GROUP or g in ATC_CLASS:
        return 0
    return 2 if SYMPTOMATIC.search(g) else 1


#: Systemic antibacterials (WHO ATC group J01) among the generics of the clinical vocabulary.
SYSTEMIC_ANTIBACTERIALS: frozenset[str] = frozenset(
    {
        "amoxicillin",
        "amoxicillin-clavulanate",
        "ampicillin",
        "azithromycin",
        "cefazolin",
        "cefepime",
        "ceftriaxone",
        "cephalexin",
        "ciprofloxacin",
        "doxycycline",
        "levofloxacin",
        "meropenem",
        "metronidazole",
        "nitrofurantoin",
        "piperacillin",
        "sulfamethoxazole",
        "vancomycin",
    }
)


def drug_terms(generic: str) -> list[str]:
    """The generic, its brand and short names (:data:`DRUG_BRANDS`) and its Chinese name."""
    brands = [b for b, g in DRUG_BRANDS.items() if g == generic]
    return [generic, *brands, *([GENERIC_ZH[generic]] if generic in GENERIC_ZH else [])]
