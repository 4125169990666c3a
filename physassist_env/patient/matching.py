"""Deterministic question understanding: which topics, aspects and entities a question names.

No model is involved. Terms are matched whole and **longest first**: once "高血压" or
"pulmonary hypertension" is matched, its characters are used up, so "血" cannot also
find haemoglobin and "hypertension" cannot find high blood pressure. A few qualified
terms (:data:`BLOCKERS`: "ejection fraction", "hemoglobin a1c", "射血分数"...) use up
their span and name no entity. Typos are corrected only towards drug, diagnosis and lab
names (a word of at least six letters, same first letter, ``difflib`` cutoff 0.85), never
towards common words, so "fraction" cannot become "reaction". Entities are those of one
patient's memory (their lexicon names, lay names and record names), so "water pill",
"Lasix" and "利尿药" all find furosemide.

Intent: :func:`intent` says whether a question is something a patient cannot know
(imaging measurements, an exact lab number), off-topic (no health meaning), or ordinary.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from physassist_env.patient.lexicon import (
    ASPECT_TERMS,
    DIAGNOSES,
    DRUGS,
    ENTITIES,
    LABS,
    TOPIC_TERMS,
)
from physassist_env.patient.models import PatientMemory

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_CJK = re.compile(r"[\u4e00-\u9fff]")
STOPWORDS = frozenset(
    "a an the and or but if of to in on at for with about from by as is are was were be been being do does did have has had "
    "you your yours i me my mine we our it its this that these those there here what which who whom how why when where any "
    "some all can could would should will shall may might must not no yes please tell me us let know just also very really "
    "ever still much many more most other than then so too up down out over under again now today recently lately currently "
    "been into onto doing done get got getting give gave take took taking taken go going went come came one two three four "
    "five six seven eight nine ten anything something everything nothing well okay ok hi hello sir madam mr mrs ms doctor "
    "they them their he she him her his hers whether since like".split()
)


def is_chinese(text: str) -> bool:
    """True when the text contains CJK characters."""
    return bool(_CJK.search(text or ""))


def norm_term(term: str) -> str:
    """A term as matched against English questions: tokens joined by single spaces."""
    return " ".join(_TOKEN.findall(term.lower()))


def _vocab() -> frozenset[str]:
    """Words typos may be corrected to: drug, diagnosis and lab names of six letters or more."""
    words: set[str] = set()
    for e in (*DRUGS, *DIAGNOSES, *LABS):
        for t in (*e.match, *e.en, *e.ask):
            if not is_chinese(t):
                words.update(w for w in _TOKEN.findall(t.lower()) if len(w) >= 6)
    return frozenset(words)


VOCAB = _vocab()
_VOCAB_LIST = sorted(VOCAB)

#: Qualified terms that must not be read as the shorter term inside them; they use up
#: their span. Values: ``imaging`` (a measurement only a scan gives: the patient cannot
#: know it) or ``other`` (a different test or disease the lexicon does not hold).
BLOCKERS: dict[str, str] = {
    "ejection fraction": "imaging",
    "ef": "imaging",
    "echo": "imaging",
    "echocardiogram": "imaging",
    "ct": "imaging",
    "ct scan": "imaging",
    "cat scan": "imaging",
    "mri": "imaging",
    "x ray": "imaging",
    "xray": "imaging",
    "chest film": "imaging",
    "ultrasound": "imaging",
    "scan": "imaging",
    "angiogram": "imaging",
    "stenosis": "imaging",
    "射血分数": "imaging",
    "心超": "imaging",
    "彩超": "imaging",
    "超声": "imaging",
    "b超": "imaging",
    "核磁": "imaging",
    "片子": "imaging",
    "拍片": "imaging",
    "x光": "imaging",
    "狭窄": "imaging",
    # tests and procedures whose result only a clinician reads (the patient was not told it)
    "stress test": "imaging",
    "ekg": "imaging",
    "ecg": "imaging",
    "electrocardiogram": "imaging",
    "biopsy": "imaging",
    "colonoscopy": "imaging",
    "endoscopy": "imaging",
    "cardiac cath": "imaging",
    "catheterization": "imaging",
    "pathology": "imaging",
    "心电图": "imaging",
    "胃镜": "imaging",
    "肠镜": "imaging",
    "活检": "imaging",
    "病理": "imaging",
    "造影": "imaging",
    "平板运动": "imaging",
    # operations and events no patient memory holds: a question that presupposes one
    # ("since your hip replacement last year...") is not confirmed (issue #39)
    "surgery": "procedure",
    "surgeries": "procedure",
    "operation": "procedure",
    "operated": "procedure",
    "replacement": "procedure",
    "hip replacement": "procedure",
    "knee replacement": "procedure",
    "transplant": "procedure",
    "bypass": "procedure",
    "stent": "procedure",
    "stents": "procedure",
    "pacemaker": "procedure",
    "amputation": "procedure",
    "appendectomy": "procedure",
    "cholecystectomy": "procedure",
    "hysterectomy": "procedure",
    "stroke": "procedure",
    "fracture": "procedure",
    "broken hip": "procedure",
    "broke your": "procedure",
    "cancer": "procedure",
    "chemotherapy": "procedure",
    "chemo": "procedure",
    "手术": "procedure",
    "开刀": "procedure",
    "置换": "procedure",
    "移植": "procedure",
    "搭桥": "procedure",
    "支架": "procedure",
    "起搏器": "procedure",
    "截肢": "procedure",
    "中风": "procedure",
    "脑卒中": "procedure",
    "骨折": "procedure",
    "癌": "procedure",
    "化疗": "procedure",
    "pulmonary hypertension": "other",
    "portal hypertension": "other",
    "hemoglobin a1c": "other",
    "haemoglobin a1c": "other",
    "a1c": "other",
    "hba1c": "other",
    "urine creatinine": "other",
    "albumin creatinine": "other",
    "blood vessel": "other",
    "blood vessels": "other",
    "肺动脉高压": "other",
    "门静脉高压": "other",
    "糖化血红蛋白": "other",
    "糖化": "other",
    "尿肌酐": "other",
    "尿蛋白": "other",
    "血管": "other",
    "血型": "other",
}

#: Words of questions about something other than the patient's health.
OFF_TOPIC = (
    "weather",
    "football",
    "soccer",
    "baseball",
    "basketball",
    "movie",
    "movies",
    "film",
    "capital",
    "president",
    "election",
    "stock",
    "stocks",
    "recipe",
    "song",
    "sing",
    "joke",
    "favorite color",
    "favourite colour",
    "television",
    "tv show",
    "vacation",
    "holiday",
    "homework",
    "math",
    "天气",
    "足球",
    "篮球",
    "电影",
    "首都",
    "总统",
    "股票",
    "菜谱",
    "做菜",
    "唱歌",
    "笑话",
    "颜色",
    "电视剧",
    "旅游",
    "选举",
    # everyday life with no health meaning (issue #39: shopping, phones, sport, travel
    # were answered with a symptom fact through "where" / "like" / "kind")
    "shopping",
    "supermarket",
    "phone",
    "phones",
    "cellphone",
    "smartphone",
    "computer",
    "internet",
    "sport",
    "sports",
    "tennis",
    "golf",
    "hockey",
    "team",
    "game",
    "games",
    "travel",
    "travelled",
    "traveled",
    "traveling",
    "travelling",
    "abroad",
    "flight",
    "restaurant",
    "music",
    "book",
    "books",
    "hobby",
    "hobbies",
    "pet",
    "pets",
    "dog",
    "cat",
    "car",
    "garden",
    "gardening",
    "news",
    "politics",
    "weekend",
    "birthday",
    "购物",
    "买东西",
    "超市",
    "商店",
    "手机",
    "电脑",
    "网球",
    "高尔夫",
    "运动队",
    "比赛",
    "旅行",
    "出国",
    "出差",
    "飞机",
    "餐厅",
    "饭店",
    "音乐",
    "看书",
    "爱好",
    "宠物",
    "养狗",
    "养猫",
    "开车",
    "汽车",
    "新闻",
    "政治",
    "周末",
    "生日",
)
#: A yes/no question: an auxiliary first (EN) or a question particle (ZH).
_YES_NO = re.compile(
    r"^\W*(?:did|do|does|is|was|were|are|has|have|had|could|can|would)\b"
    r"|吗\W*$|有没有|是不是"
)
#: Words that ask for an exact number.
_EXACT = re.compile(
    r"\b(exact|exactly|value|values|reading|readings|how high|how low)\b"
    r"|\bwhat (?:was|is|were) (?:your|the|my)\b[^?]*\b(?:level|number|count|result)s?\b"
    r"|\bwhat (?:was|is|were) (?:your|the|my) (?:cholesterol|ldl|hdl|triglycerides?"
    r"|blood pressure|bp|oxygen|pulse|heart rate|temperature)\b"
    r"|\b(?:the|a|what) number\b|\bnumbers? (?:from|on|of|for)\b|\bread (?:me|out)\b"
    r"|具体|多少|数值|几点几|数字|读一下|念一下"
)
#: Measurements a patient is not told as a number and the record does not hold as one the
#: patient was told (vital signs, lipid levels): an exact-number question about one is
#: something the patient cannot know, whatever diagnosis its words also name
#: ("What was your blood pressure reading?" is not "do you have hypertension?").
_MEASURED = re.compile(
    r"\b(blood pressure|bp|oxygen|saturation|sats|pulse|heart rate|temperature"
    r"|cholesterol|ldl|hdl|triglycerides?)\b|血压|血氧|心率|脉搏|体温|胆固醇|血脂"
)


@lru_cache(maxsize=65536)
def correct(token: str) -> str:
    """Snap a misspelt drug/diagnosis/lab name to the lexicon word (unchanged when nothing is close).

    Only words of six letters or more are corrected, only towards :data:`VOCAB` words with
    the same first letter and length within one, so ordinary words keep their meaning.
    """
    if token in VOCAB or token in STOPWORDS or len(token) < 6 or token.isdigit():
        return token
    close = [
        c
        for c in difflib.get_close_matches(token, _VOCAB_LIST, n=3, cutoff=0.85)
        if abs(len(c) - len(token)) <= 1 and c[0] == token[0]
    ]
    return close[0] if close else token


@dataclass
class Analysis:
    """What one question asks about.

    Attributes:
        language: ``en`` or ``zh``.
        topics: Topic words found (``medication``, ``social``...).
        aspects: Aspect words found (``onset``, ``adherence``, ``smoking``...).
        entities: Memory entity keys named (``lisinopril``, ``dyspnea``...).
        lexicon_entities: Lexicon entities named that the memory does not have.
        blocked: :data:`BLOCKERS` kinds found (``imaging``, ``other``).
        off_topic: An :data:`OFF_TOPIC` word was found.
        exact: The question asks for an exact number.
        yes_no: A yes/no question ("Did the doctor say it was your heart?", "...吗？").
        measured: The question names a measurement the patient is not told as a number
            (:data:`_MEASURED`: vital signs, lipid levels).
    """

    language: str
    topics: set[str] = field(default_factory=set)
    aspects: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    lexicon_entities: set[str] = field(default_factory=set)
    blocked: set[str] = field(default_factory=set)
    off_topic: bool = False
    yes_no: bool = False
    exact: bool = False
    measured: bool = False

    def empty(self) -> bool:
        """True when nothing in the question was understood."""
        return not (
            self.topics or self.aspects or self.entities or self.lexicon_entities
        )


def _split(
    terms: dict[str, tuple[str, ...] | list[str]],
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    en: list[tuple[str, str]] = []
    zh: list[tuple[str, str]] = []
    for key, ts in terms.items():
        for t in ts:
            if is_chinese(t):
                zh.append((t, key))
            else:
                n = norm_term(t)
                if n:
                    en.append((f" {n} ", key))
    return en, zh


_TOPIC_EN, _TOPIC_ZH = _split(TOPIC_TERMS)
_ASPECT_EN, _ASPECT_ZH = _split(ASPECT_TERMS)
_LEX_EN, _LEX_ZH = _split(
    {e.key: [t for t in e.all_terms() if len(t) > 1] for e in ENTITIES}
)
_BLOCK_EN, _BLOCK_ZH = _split({k: [k] for k in BLOCKERS})
_BLOCK_EN = [(t, BLOCKERS[k]) for t, k in _BLOCK_EN]
_BLOCK_ZH = [(t, BLOCKERS[k]) for t, k in _BLOCK_ZH]


class QuestionIndex:
    """Matches questions against one memory's entities and the shared topic/aspect words.

    Args:
        memory: The patient's memory; its facts' ``entity_terms`` name the entities.
    """

    def __init__(self, memory: PatientMemory):
        terms: dict[str, list[str]] = {}
        for f in memory.facts:
            key = f.entity or f"_{f.id}"
            if f.entity_terms:
                terms.setdefault(key, []).extend(f.entity_terms)
        ent_en, ent_zh = _split(
            {k: [t for t in dict.fromkeys(v) if len(t) > 1] for k, v in terms.items()}
        )
        self._en_terms = _terms([_BLOCK_EN_B, ("entity", ent_en), _LEX_EN_B])
        self._zh_terms = _terms([_BLOCK_ZH_B, ("entity", ent_zh), _LEX_ZH_B])
        self.memory_entities = set(terms)
        self._cache: dict[str, Analysis] = {}

    def analyse(self, question: str) -> Analysis:
        """Topics, aspects and entities named by a question (EN or ZH; whole terms, longest first)."""
        hit = self._cache.get(question)
        if hit is not None:
            return hit
        zh = is_chinese(question)
        out = Analysis("zh" if zh else "en")
        low = question.lower()
        tokens = _TOKEN.findall(low)
        variants = [
            " " + " ".join(tokens) + " ",
            " " + " ".join(correct(t) for t in tokens) + " ",
            " "
            + " ".join(
                t[:-1]
                if len(t) > 3
                and t.endswith("s")
                and not t.endswith("ss")
                and t not in STOPWORDS
                else t
                for t in tokens
            )
            + " ",
        ]
        targets = {
            "topic": out.topics,
            "aspect": out.aspects,
            "entity": out.entities,
            "lexicon": out.lexicon_entities,
            "block": out.blocked,
        }
        for text in dict.fromkeys(variants):
            rest = _consume(text, self._en_terms, targets)
            _consume(rest, _WORDS_EN, targets)
        if zh:
            rest = _consume(low, self._zh_terms, targets)
            _consume(rest, _WORDS_ZH, targets)
        out.lexicon_entities -= out.entities | self.memory_entities
        padded = variants[0]
        out.off_topic = any(
            (f" {w} " in padded) if not is_chinese(w) else (w in low) for w in OFF_TOPIC
        )
        out.yes_no = bool(_YES_NO.search(low))
        out.exact = bool(_EXACT.search(low)) or bool(re.search(r"\d", low))
        out.measured = bool(_MEASURED.search(low))
        if len(self._cache) < 4096:
            self._cache[question] = out
        return out


def _consume(
    text: str,
    terms: list[tuple[str, str, str]],
    targets: dict[str, set[str]],
) -> str:
    """Match terms longest first; a matched span is used up (no term inside it matches again).

    Returns:
        The text with used-up spans masked, for the topic and aspect words to be matched on.
    """
    chars = list(text)
    for term, kind, key in terms:
        start = text.find(term)
        while start >= 0:
            end = start + len(term)
            # EN terms carry their surrounding spaces; the spaces may be shared.
            lo, hi = (start + 1, end - 1) if term.startswith(" ") else (start, end)
            if "\x00" not in chars[lo:hi]:
                targets[kind].add(key)
                chars[lo:hi] = ["\x00"] * (hi - lo)
            start = text.find(term, start + 1)
    return "".join(chars)


def _terms(
    tables: list[tuple[str, list[tuple[str, str]]] | _Buckets],
) -> list[tuple[str, str, str]]:
    """(term, kind, key) longest first; at equal length, earlier tables first (each in
    its own order). A table may come pre-bucketed (:func:`_buckets`): the shared tables
    are, so a memory's index only buckets its own entities."""
    buckets = [t if isinstance(t, dict) else _buckets(*t) for t in tables]
    out: list[tuple[str, str, str]] = []
    for n in sorted({n for b in buckets for n in b}, reverse=True):
        for b in buckets:
            out += b.get(n, ())
    return out


_Buckets = dict[int, list[tuple[str, str, str]]]


def _buckets(kind: str, table: list[tuple[str, str]]) -> _Buckets:
    """A table's (term, kind, key) rows by stripped term length, in table order."""
    out: _Buckets = {}
    for term, key in table:
        out.setdefault(len(term.strip()), []).append((term, kind, key))
    return out


def intent(a: Analysis, literacy: str) -> str:
    """What kind of question this is for a patient of this literacy.

    Returns:
        ``off_topic`` (nothing about health), ``not_recorded`` (an operation or event
        the patient's memory cannot hold: the premise is not confirmed), ``cannot_know``
        (an imaging measurement or a test only a clinician reads, a different test or
        disease blocked from matching, an exact vital sign or lipid number),
        ``exact_lab`` (an exact lab number at high literacy: only the direction the
        patient was told, never the number; ``cannot_know`` at medium and low literacy), ``unclear`` (only a generic follow-up word, nothing about health) or
        ``ask``. ``literacy`` is kept for callers; no kind depends on it now.
    """
    health = a.topics or a.aspects or a.entities or a.lexicon_entities or a.blocked
    if a.off_topic and not (a.entities or a.lexicon_entities or a.blocked):
        return "off_topic"
    if "procedure" in a.blocked:
        return "not_recorded"
    if "imaging" in a.blocked:
        return "cannot_know"
    if "other" in a.blocked and not a.entities:
        return "cannot_know"
    # A patient is told a result was high or low, not its number: no record says a doctor
    # told the patient a value (and when), so an exact number is not known at any
    # literacy. At high literacy the patient still says what it was told (high / low)
    # without a number; at medium and low literacy it does not know.
    if a.exact and "lab" in a.topics | _lab_topics(a):
        return "exact_lab" if literacy == "high" else "cannot_know"
    if a.exact and a.measured and not _lab_topics(a):
        return "cannot_know"
    # Only a generic follow-up word ("like", "kind", "where", "often") and nothing about
    # health: "Do you like tennis?" is not a question about a symptom's quality.
    if not (
        a.topics or a.entities or a.lexicon_entities or a.blocked
    ) and a.aspects <= {
        "quality",
        "region",
        "timing",
    }:
        return "unclear" if not a.off_topic else "off_topic"
    return "ask" if health or not a.off_topic else "off_topic"


_LAB_KEYS = frozenset(e.key for e in LABS)


def _lab_topics(a: Analysis) -> set[str]:
    return {"lab"} if (a.entities | a.lexicon_entities) & _LAB_KEYS else set()


# Topic and aspect words: matched after entities, outside the spans entities used up;
# they do not use up spans themselves (a word may be a topic and an aspect).
_BLOCK_EN_B, _BLOCK_ZH_B = _buckets("block", _BLOCK_EN), _buckets("block", _BLOCK_ZH)
_LEX_EN_B, _LEX_ZH_B = _buckets("lexicon", _LEX_EN), _buckets("lexicon", _LEX_ZH)
_WORDS_EN = _terms([("topic", _TOPIC_EN), ("aspect", _ASPECT_EN)])
_WORDS_ZH = _terms([("topic", _TOPIC_ZH), ("aspect", _ASPECT_ZH)])
