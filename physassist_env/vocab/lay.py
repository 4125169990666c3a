"""How patients name drugs and tests, at three levels of health literacy (EN and ZH).

The scripted and LLM patients (:mod:`physassist_env.patient.lexicon`) read these names;
the high-literacy Chinese name is the drug's Chinese generic name (:data:`GENERIC_ZH`), and
the words that find a drug in record text are its generic and brand names
(:data:`DRUG_BRANDS`), so a drug is named the same way everywhere. Lab tests carry their
:class:`LayNames` on their :class:`~physassist_env.vocab.analytes.Analyte` entry.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from physassist_env.vocab.drugs import GENERIC_ZH


@dataclass(frozen=True)
class LayNames:
    """How a patient names a drug or test.

    Attributes:
        en: Wording at high, medium and low health literacy (English).
        zh: The same in Chinese.
        ask: Further question words (EN and ZH) that name it.
    """

    en: tuple[str, str, str]
    zh: tuple[str, str, str]
    ask: tuple[str, ...] = ()


def _drug(
    generic: str,
    en: tuple[str, str, str],
    zh: tuple[str, str],
    ask: tuple[str, ...] = (),
) -> tuple[str, LayNames]:
    """A drug's lay names; the high-literacy Chinese name is its generic name."""
    return generic, LayNames(en, (GENERIC_ZH[generic], *zh), ask)


#: Generic (a key of :data:`GENERIC_ZH`) -> lay names, in the patient's order.
DRUG_LAY_NAMES: dict[str, LayNames] = dict(
    [
        _drug(
            "lisinopril",
            (
                "lisinopril",
                "lisinopril, my blood pressure pill",
                "the blood pressure pill",
            ),
            ("赖诺普利（降压药）", "降压药"),
            (
                "ace inhibitor",
                "bp pill",
                "blood pressure pill",
                "blood pressure pills",
                "blood pressure medicine",
                "blood pressure medication",
                "pressure pill",
            ),
        ),
        _drug(
            "furosemide",
            ("furosemide", "Lasix, my water pill", "the water pill"),
            ("利尿药呋塞米", "排水的药"),
            ("water pill", "diuretic", "利尿"),
        ),
        _drug(
            "metformin",
            ("metformin", "metformin, my sugar pill", "the sugar pill"),
            ("降糖药二甲双胍", "降糖药"),
            ("sugar pill", "降糖"),
        ),
        _drug(
            "warfarin",
            ("warfarin", "warfarin, my blood thinner", "the blood thinner"),
            ("抗凝药华法林", "稀释血液的药"),
            ("blood thinner", "抗凝"),
        ),
        _drug(
            "metoprolol",
            ("metoprolol", "metoprolol, my heart pill", "the heart pill"),
            ("美托洛尔（心脏药）", "心脏药"),
            ("beta blocker",),
        ),
        _drug(
            "atorvastatin",
            (
                "atorvastatin",
                "atorvastatin, my cholesterol pill",
                "the cholesterol pill",
            ),
            ("降脂药阿托伐他汀", "降血脂的药"),
            ("statin", "他汀"),
        ),
        _drug(
            "aspirin",
            ("aspirin", "baby aspirin", "aspirin"),
            ("阿司匹林", "阿司匹林"),
            (),
        ),
        _drug(
            "insulin",
            ("insulin", "insulin shots", "the sugar shots"),
            # nouns without the verb: the patient's phrasing adds 打 (我打降糖针)
            ("胰岛素针", "降糖针"),
            ("打的降糖针", "打针"),
        ),
        _drug(
            "ceftriaxone",
            ("ceftriaxone", "the antibiotic drip", "the drip for infection"),
            ("输液的抗生素", "消炎的吊瓶"),
            (),
        ),
        _drug(
            "azithromycin",
            ("azithromycin", "the Z-pack antibiotic", "the antibiotic pills"),
            ("抗生素阿奇霉素", "消炎药"),
            ("z-pack", "zpack"),
        ),
        _drug(
            "vancomycin",
            ("vancomycin", "a strong IV antibiotic", "the strong drip"),
            ("强效抗生素", "很强的消炎吊瓶"),
            (),
        ),
        _drug(
            "amlodipine",
            ("amlodipine", "amlodipine, a pressure pill", "the other pressure pill"),
            ("降压药氨氯地平", "另一种降压药"),
            (),
        ),
        _drug(
            "spironolactone",
            ("spironolactone", "spironolactone, a water pill", "the other water pill"),
            ("利尿药螺内酯", "另一种排水药"),
            (),
        ),
        _drug(
            "heparin",
            ("heparin", "blood thinner shots", "the belly shots"),
            ("抗凝针", "肚皮上的针"),
            ("肚子上打的针", "打针"),
        ),
        _drug(
            "acetaminophen",
            ("acetaminophen", "Tylenol", "a painkiller"),
            ("泰诺", "止痛药"),
            ("painkiller",),
        ),
        _drug(
            "albuterol",
            ("albuterol", "my rescue inhaler", "the puffer"),
            ("急救喷雾", "喷的药"),
            ("inhaler", "喷雾"),
        ),
        _drug(
            "levothyroxine",
            ("levothyroxine", "my thyroid pill", "the thyroid pill"),
            ("甲状腺药", "甲状腺的药"),
            (),
        ),
        _drug(
            "omeprazole",
            ("omeprazole", "my stomach pill", "the stomach pill"),
            ("胃药", "护胃的药"),
            (),
        ),
        _drug(
            "pantoprazole",
            ("pantoprazole", "pantoprazole, my stomach pill", "the stomach pill"),
            ("胃药泮托拉唑", "护胃的药"),
            (),
        ),
        _drug(
            "losartan",
            ("losartan", "losartan, my blood pressure pill", "the blood pressure pill"),
            ("降压药氯沙坦", "降压药"),
            (),
        ),
        _drug(
            "carvedilol",
            ("carvedilol", "carvedilol, my heart pill", "the heart pill"),
            ("心脏药卡维地洛", "心脏药"),
            (),
        ),
        _drug(
            "hydralazine",
            ("hydralazine", "hydralazine, a pressure pill", "the other pressure pill"),
            ("降压药肼屈嗪", "另一种降压药"),
            (),
        ),
        _drug(
            "clopidogrel",
            ("clopidogrel", "Plavix, my heart stent pill", "the stent pill"),
            ("波立维", "防血栓的药"),
            (),
        ),
        _drug(
            "apixaban",
            ("apixaban", "Eliquis, my blood thinner", "the blood thinner"),
            ("抗凝药阿哌沙班", "稀释血液的药"),
            (),
        ),
        _drug(
            "diltiazem",
            ("diltiazem", "diltiazem, my heart rate pill", "the heart rate pill"),
            ("控制心率的地尔硫䓬", "控制心跳的药"),
            (),
        ),
        _drug(
            "digoxin",
            ("digoxin", "digoxin, my heart pill", "the heart pill"),
            ("强心药地高辛", "强心药"),
            (),
        ),
        _drug(
            "amiodarone",
            ("amiodarone", "amiodarone, my heart rhythm pill", "the heart rhythm pill"),
            ("抗心律失常药胺碘酮", "管心跳节律的药"),
            (),
        ),
        _drug(
            "glipizide",
            ("glipizide", "glipizide, my other sugar pill", "the other sugar pill"),
            ("降糖药格列吡嗪", "另一种降糖药"),
            (),
        ),
        _drug(
            "prednisone",
            ("prednisone", "prednisone, a steroid", "the steroid pills"),
            ("激素泼尼松", "激素药"),
            (),
        ),
        _drug(
            "tiotropium",
            ("tiotropium", "Spiriva, my daily inhaler", "the daily inhaler"),
            ("每天吸的噻托溴铵", "每天吸的药"),
            (),
        ),
        _drug(
            "lactulose",
            ("lactulose", "lactulose, a laxative syrup", "the syrup"),
            ("通便的乳果糖", "通便的糖浆"),
            (),
        ),
        _drug(
            "rifaximin",
            ("rifaximin", "rifaximin, a gut antibiotic", "the gut antibiotic"),
            ("肠道抗生素利福昔明", "肠道消炎药"),
            (),
        ),
        _drug(
            "citalopram",
            ("citalopram", "citalopram, my mood pill", "the mood pill"),
            ("抗抑郁药西酞普兰", "管情绪的药"),
            (),
        ),
        _drug(
            "sertraline",
            ("sertraline", "sertraline, my mood pill", "the mood pill"),
            ("抗抑郁药舍曲林", "管情绪的药"),
            (),
        ),
        _drug(
            "allopurinol",
            ("allopurinol", "allopurinol, my gout pill", "the gout pill"),
            ("治痛风的别嘌醇", "痛风药"),
            (),
        ),
        _drug(
            "tamsulosin",
            ("tamsulosin", "tamsulosin, my prostate pill", "the prostate pill"),
            ("前列腺药坦索罗辛", "前列腺的药"),
            (),
        ),
        _drug(
            "levetiracetam",
            ("levetiracetam", "Keppra, my seizure pill", "the seizure pill"),
            ("抗癫痫药左乙拉西坦", "防抽搐的药"),
            (),
        ),
        _drug(
            "ferrous sulfate",
            ("ferrous sulfate", "iron pills", "the iron pills"),
            ("补铁药", "补血的铁片"),
            (),
        ),
    ]
)


# ---------------------------------------------------------------- lay names as subjects
_CJK = re.compile("[\u3400-\u9fff]")
_ARTICLE = re.compile(r"^(?:the|my|a|an|her|his|their|your)\s+", re.I)


def lay_norm(name: str) -> str:
    """A lay name as a key: lowercase, without a leading article or possessive
    (``the water pill`` -> ``water pill``)."""
    return _ARTICLE.sub("", name.strip().lower()).strip()


def _pieces(generic: str) -> set[str]:
    """The lay names a drug goes by, each comma or bracket part alone
    (``Lasix, my water pill`` -> ``lasix``, ``water pill``)."""
    lay = DRUG_LAY_NAMES[generic]
    out = set()
    for name in (*lay.en, *lay.zh, *lay.ask):
        for part in re.split(r"[,，（）()]", name):
            if lay_norm(part):
                out.add(lay_norm(part))
    return out


def _within(name: str, other: str) -> bool:
    """Whether ``name`` is said inside ``other`` (whole words; Chinese: as characters)."""
    if _CJK.search(name):
        return name in other
    return re.search(rf"(?<![a-z]){re.escape(name)}(?![a-z])", other) is not None


#: Drug-class words patients and clinicians use for any drug of the class (none of them
#: names one drug): the drugs of :data:`DRUG_LAY_NAMES` they may mean.
CLASS_LAY_NAMES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("diuretic", "water pills", "利尿药", "利尿剂", "排水药", "排尿的药"),
        ("furosemide", "spironolactone"),
    ),
    **dict.fromkeys(
        ("blood thinner", "blood thinners", "抗凝药", "抗凝血药"),
        ("warfarin", "apixaban", "heparin"),
    ),
    **dict.fromkeys(
        ("blood pressure pill", "blood pressure medicine", "血压药"),
        ("lisinopril", "losartan", "amlodipine", "hydralazine", "metoprolol"),
    ),
}


#: Lay class names that name a whole therapy class of :data:`~physassist_env.vocab.drugs.THERAPY_CLASSES`
#: (its class key): "start a blood thinner" starts anticoagulation.
CLASS_LAY_THERAPY: dict[str, str] = {
    "blood thinner": "anticoagulation",
    "blood thinners": "anticoagulation",
    "抗凝药": "anticoagulation",
    "抗凝血药": "anticoagulation",
    "water pills": "diuretic",
    "利尿药": "diuretic",
    "排水药": "diuretic",
}


@functools.lru_cache(maxsize=1)
def _goers() -> dict[str, frozenset[str]]:
    """Lay name -> the drugs that go by it (by it or by a longer name holding it: "water
    pill" is furosemide's and, inside "the other water pill", spironolactone's)."""
    pieces = {g: _pieces(g) for g in DRUG_LAY_NAMES}
    names = {p for ps in pieces.values() for p in ps} | set(CLASS_LAY_NAMES)
    return {
        n: frozenset(g for g, ps in pieces.items() if any(_within(n, p) for p in ps))
        | frozenset(g for g in CLASS_LAY_NAMES.get(n, ()) if g in DRUG_LAY_NAMES)
        for n in names
    }


def goes_by(generic: str, name: str) -> bool:
    """Whether a patient or clinician may mean ``generic`` by the lay name ``name``."""
    return generic in _goers().get(lay_norm(name), frozenset())


def lay_key(name: str) -> str:
    """The subject key of a lay drug name (``the blood thinner`` -> ``lay:blood thinner``),
    or ``""`` when ``name`` is no lay name. Lay names key themselves, never a drug: which
    drug one means depends on the patient (warfarin or apixaban; the item constructor lists
    the names its drug goes by alone for that patient, :func:`lay_names_for`)."""
    n = lay_norm(name)
    return f"lay:{n}" if n in _goers() else ""


def lay_names() -> list[str]:
    """Every lay drug name (lowercase, without articles)."""
    return sorted(_goers())


def lay_names_for(generic: str, others: Iterable[str]) -> list[str]:
    """The lay names ``generic`` goes by that none of ``others`` (the patient's other drugs)
    goes by: the names an answer may use for it without ambiguity, for this patient."""
    others = [o for o in others if o != generic and o in DRUG_LAY_NAMES]
    if generic not in DRUG_LAY_NAMES:
        return []
    return sorted(
        n
        for n, gs in _goers().items()
        if generic in gs and not any(o in gs for o in others)
    )
