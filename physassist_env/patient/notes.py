"""Facts from discharge-note sections (``record.meta["note_sections"]``): symptoms, social history.

Extraction is rule-based and conservative: a symptom is kept only when a lexicon term
occurs in the Chief Complaint or History of Present Illness and is not negated in its
sentence; OPQRST parts are kept only when their words occur in the same sentence.
Numbers in the wording are copied from the note text.
"""

from __future__ import annotations

import functools
import re

from physassist_env.patient import phrasing as P
from physassist_env.patient.lexicon import (
    BY_KEY,
    DRUGS,
    PAIN_SYMPTOMS,
    SYMPTOMS,
    Entity,
)
from physassist_env.patient.models import Adherence, Fact, SourceRef, Topic
from physassist_env.vocab.diagnoses import allergen_name_zh, allergy_zh

_SENT = re.compile(r"(?<=[.;!?])\s+|\n+")
_NEG = re.compile(r"\b(denies|denied|no|without|negative for)\b[^.;]*$")
_N = r"(\d+|one|two|three|four|five|six|seven|several|a few|a)"
_U = r"(day|week|month|hour|year)s?"
#: Explicit time expressions only ("5 days of", "for 2 weeks", "3 days ago", "x 4 days");
#: an age ("70 year old", "70-year-old", "70 yo") is never an onset.
_ONSET = re.compile(
    r"\b(?:for|x|over(?: the)?(?: past| last)?|within(?: the)?(?: past| last)?|in the (?:past|last)|since|about|approximately|~)\s*"
    + _N
    + r"\s*-?\s*"
    + _U
    + r"\b(?!\s*-?\s*old)"
    + r"|\b"
    + _N
    + r"\s*-?\s*"
    + _U
    + r"\s*(?:ago|prior|before|of|history)\b"
)
_SEVERITY = re.compile(r"\b(\d{1,2})\s*/\s*10\b")
_AMOUNT = re.compile(r"\b(\d+(?:\.\d+)?)\s*-?\s*(kg|lb|lbs|pounds)\b")
_NUM_ZH = {
    "one": "一",
    "two": "两",
    "three": "三",
    "four": "四",
    "five": "五",
    "six": "六",
    "seven": "七",
    "several": "几",
    "a few": "几",
    "a": "一",
}


def _onset_parts(m: re.Match[str]) -> tuple[str, str]:
    """(number, unit) of an :data:`_ONSET` match, whichever alternative matched."""
    g = [x for x in m.groups() if x]
    return g[0], g[1]


TRIGGERS: dict[str, tuple[str, str]] = {
    "lying flat": ("lying flat", "平躺"),
    "exertion": ("exertion", "活动"),
    "walking": ("walking", "走路"),
    "stairs": ("climbing stairs", "爬楼梯"),
    "eating": ("eating", "吃饭"),
    "deep breath": ("deep breaths", "深呼吸"),
    "coughing": ("coughing", "咳嗽"),
    "movement": ("moving", "活动"),
}
RELIEF: dict[str, tuple[str, str]] = {
    "rest": ("rest", "休息"),
    "sitting up": ("sitting up", "坐起来"),
    "nitro": ("nitroglycerin", "硝酸甘油"),
}
QUALITY: dict[str, tuple[str, str]] = {
    "pressure": ("like pressure", "像压着一样"),
    "sharp": ("sharp", "刺痛"),
    "dull": ("dull", "隐隐的"),
    "burning": ("burning", "烧灼样"),
    "crampy": ("crampy", "绞痛"),
}
QUALITY_COUGH: dict[str, tuple[str, str]] = {
    "yellow": ("bringing up yellow phlegm", "有黄痰"),
    "productive": ("bringing up phlegm", "有痰"),
    "dry": ("dry", "干咳"),
}
REGION: dict[str, tuple[str, str]] = {
    "left arm": ("my left arm", "左胳膊"),
    "jaw": ("my jaw", "下巴"),
    "back": ("my back", "后背"),
    "bilateral": ("both legs", "两条腿"),
    "right lower quadrant": ("the lower right of my belly", "右下腹"),
    "right-sided": ("the right side", "右边"),
    "left-sided": ("the left side", "左边"),
    "epigastric": ("the top of my belly", "上腹部"),
}
TIMING: dict[str, tuple[str, str]] = {
    "intermittent": ("it comes and goes", "时有时无"),
    "constant": ("it's constant", "一直都有"),
    "at night": ("it's worse at night", "晚上更明显"),
}


def sentences(text: str) -> list[str]:
    """Split note text into sentences (lowercased, whitespace collapsed)."""
    return [
        re.sub(r"\s+", " ", s).strip().lower()
        for s in _SENT.split(text or "")
        if s.strip()
    ]


@functools.lru_cache(maxsize=4096)
def _word_re(term: str) -> re.Pattern[str]:
    """``term`` as a whole word (compiled once: the lexicon has more terms than ``re``'s
    own cache holds, so searching by string recompiled them for every note)."""
    return re.compile(r"\b" + re.escape(term) + r"\b")


def _find(entity: Entity, sent: str) -> int:
    for term in entity.match:
        if term not in sent:  # a whole-word match is a substring first (cheap test)
            continue
        m = _word_re(term).search(sent)
        if m:
            return m.start()
    return -1


def _fact(
    fid: str,
    topic: Topic,
    aspect: str,
    entity: Entity | None,
    words: P.Wording,
    src: SourceRef,
    **kw: object,
) -> Fact:
    terms = list(entity.all_terms()) if entity else []
    return Fact(
        id=fid,
        topic=topic,
        aspect=aspect,
        entity=entity.key if entity else None,
        entity_terms=terms,
        en=words[0],
        zh=words[1],
        source=src,
        **kw,
    )  # type: ignore[arg-type]


@functools.lru_cache(maxsize=4096)
def _word_start_re(term: str) -> re.Pattern[str]:
    """``term`` at the start of a word (compiled once, like :func:`_word_re`)."""
    return re.compile(r"\b" + re.escape(term))


def _pick(table: dict[str, tuple[str, str]], sent: str) -> list[tuple[str, str]]:
    return [v for k, v in table.items() if _word_start_re(k).search(sent)]


#: HPI sentences that name a symptom without it being a presenting complaint: a home
#: drug stopped over a side effect ("Lisinopril: adherence self discontinued - stopped it
#: because of a dry cough") is medication history, not a cough now.
_NOT_PRESENTING = re.compile(r"\badherence\b|\bstopped it because\b")

#: A symptom term in a sentence that names another finding (symptom key -> pattern): a
#: swollen belly is abdominal distension (ascites, obstruction), not oedema, which is
#: dependent swelling of the legs, ankles or sacrum (Bates' Guide to Physical Examination,
#: 13th ed., ch. 12 and 11: abdominal distension vs peripheral oedema).
_OTHER_FINDING: dict[str, re.Pattern[str]] = {
    "edema": re.compile(
        r"\b(belly|abdomen|abdominal|stomach|tummy)\b[^.;,]*\bswollen\b"
        r"|\bswollen\b[^.;,]*\b(belly|abdomen|abdominal|stomach|tummy)\b"
    ),
}


def symptom_facts(key: str, sections: dict[str, str]) -> list[Fact]:
    """Symptom presence/absence and OPQRST parts from Chief Complaint + HPI of one admission
    (not from medication-history sentences, :data:`_NOT_PRESENTING`; not a term naming
    another finding, :data:`_OTHER_FINDING`)."""
    out: list[Fact] = []
    cc = sentences(sections.get("Chief Complaint", ""))
    hpi = [
        s
        for s in sentences(sections.get("History of Present Illness", ""))
        if not _NOT_PRESENTING.search(s)
    ]
    for ent in SYMPTOMS:
        topic = Topic.PAIN if ent.key in PAIN_SYMPTOMS else Topic.SYMPTOM
        hits: list[tuple[str, str, bool]] = []  # (section, sentence, negated)
        for section, sents in (
            ("Chief Complaint", cc),
            ("History of Present Illness", hpi),
        ):
            for s in sents:
                pos = _find(ent, s)
                other = _OTHER_FINDING.get(ent.key)
                if pos >= 0 and not (other and other.search(s)):
                    hits.append((section, s, bool(_NEG.search(s[:pos]))))
        if not hits:
            continue
        positive = [(sec, s) for sec, s, neg in hits if not neg]
        if not positive:
            sec = hits[0][0]
            out.append(
                _fact(
                    f"sym:{ent.key}:absent",
                    topic,
                    "absent",
                    ent,
                    P.absent(ent),
                    SourceRef(note_key=key, section=sec),
                )
            )
            continue
        sec, _ = positive[0]
        in_cc = any(s == "Chief Complaint" for s, _ in positive)
        out.append(
            _fact(
                f"sym:{ent.key}:presence",
                topic,
                "presence",
                ent,
                P.symptom(ent),
                SourceRef(note_key=key, section=sec),
                core=in_cc,
            )
        )
        out += _opqrst(key, ent, topic, positive)
    return out


def _opqrst(
    key: str, ent: Entity, topic: Topic, positive: list[tuple[str, str]]
) -> list[Fact]:
    out: list[Fact] = []
    seen: set[str] = set()
    n_en, n_zh = ent.en, ent.zh
    for sec, s in positive:
        src = SourceRef(note_key=key, section=sec)
        m = _ONSET.search(s)
        if m and "onset" not in seen:
            seen.add("onset")
            num, unit = _onset_parts(m)
            zh_num = _NUM_ZH.get(num, num)
            en = f"about {num} {unit}{'' if num in ('one', 'a') else 's'}"
            b0, b1 = P.bare(n_en[0]), P.bare(n_en[1])
            zh = f"大概{zh_num}{P.UNIT_ZH[unit]}"
            out.append(
                _fact(
                    f"sym:{ent.key}:onset",
                    topic,
                    "onset",
                    ent,
                    (
                        # the note counts from the admission, not from the session
                        # date: "3 days of cough" said on day 5 of the stay is "3 days
                        # before I came in", never "3 days ago" (issue #39)
                        [
                            f"the {b0} started {en} before I came in",
                            f"the {b1} began {en} before I came in",
                            f"it started {en} before I came in",
                        ],
                        [
                            f"{n_zh[0]}是来医院前{zh}开始的",
                            f"来医院前{zh}开始{n_zh[1]}",
                            f"来医院前{zh}开始的",
                        ],
                    ),
                    src,
                )
            )
        worse = (
            _pick(TRIGGERS, s)
            if re.search(r"worse|exacerbat|with exertion|on exertion", s)
            else []
        )
        better = _pick(RELIEF, s) if re.search(r"better|reliev|improv", s) else []
        if (worse or better) and "provocation" not in seen:
            seen.add("provocation")
            w_en = " and ".join(w[0] for w in worse)
            w_zh = "和".join(w[1] for w in worse)
            b_en = " and ".join(b[0] for b in better)
            b_zh = "和".join(b[1] for b in better)
            en = (
                (f"it gets worse with {w_en}" if w_en else "")
                + ("; " if w_en and b_en else "")
                + (f"{b_en} helps" if b_en else "")
            )
            zh = (
                (f"{w_zh}时更厉害" if w_zh else "")
                + ("，" if w_zh and b_zh else "")
                + (f"{b_zh}能缓解" if b_zh else "")
            )
            out.append(
                _fact(
                    f"sym:{ent.key}:provocation",
                    topic,
                    "provocation",
                    ent,
                    (
                        [f"the {P.bare(n_en[0])}: {en}", en, en],
                        [f"{n_zh[0]}：{zh}", zh, zh],
                    ),
                    src,
                )
            )
        qual = (
            _pick(QUALITY_COUGH if ent.key == "cough" else QUALITY, s)
            if ent.key in PAIN_SYMPTOMS or ent.key == "cough"
            else []
        )
        if qual and "quality" not in seen:
            seen.add("quality")
            q_en = ", ".join(q[0] for q in qual)
            q_zh = "，".join(q[1] for q in qual)
            out.append(
                _fact(
                    f"sym:{ent.key}:quality",
                    topic,
                    "quality",
                    ent,
                    (
                        [
                            f"the {P.bare(n_en[0])} is {q_en}",
                            f"it feels {q_en}",
                            f"it's {q_en}",
                        ],
                        [f"{n_zh[0]}是{q_zh}", f"感觉{q_zh}", q_zh],
                    ),
                    src,
                )
            )
        reg = _pick(REGION, s) if ent.key in PAIN_SYMPTOMS or ent.key == "edema" else []
        if reg and "region" not in seen:
            seen.add("region")
            r_en = " and ".join(r[0] for r in reg)
            r_zh = "和".join(r[1] for r in reg)
            out.append(
                _fact(
                    f"sym:{ent.key}:region",
                    topic,
                    "region",
                    ent,
                    (
                        [
                            f"the {P.bare(n_en[0])} involves {r_en}",
                            f"I feel it in {r_en}",
                            f"it's in {r_en}",
                        ],
                        [f"{n_zh[0]}在{r_zh}", f"在{r_zh}", f"{r_zh}"],
                    ),
                    src,
                )
            )
        sev = (
            _SEVERITY.search(s)
            if ent.key in PAIN_SYMPTOMS
            else _AMOUNT.search(s)
            if ent.key == "weight_gain"
            else None
        )
        if sev and "severity" not in seen:
            seen.add("severity")
            if "/" in sev.group(0):
                v = sev.group(1)
                words = (
                    [
                        f"the {P.bare(n_en[0])} is {v} out of 10",
                        f"about {v} out of 10",
                        f"really bad, {v} out of 10",
                    ],
                    [f"{n_zh[0]}有{v}分（满分10分）", f"大概{v}分", f"很厉害，{v}分"],
                )
            else:
                v, u = sev.group(1), sev.group(2)
                words = (
                    [
                        f"I gained about {v} {u}",
                        f"I put on about {v} {u}",
                        f"I got heavier, about {v} {u}",
                    ],
                    [f"我重了大约{v}{u}", f"体重长了大约{v}{u}", f"重了{v}{u}左右"],
                )
            out.append(
                _fact(f"sym:{ent.key}:severity", topic, "severity", ent, words, src)
            )
        tim = _pick(TIMING, s)
        if tim and "timing" not in seen:
            seen.add("timing")
            out.append(
                _fact(
                    f"sym:{ent.key}:timing",
                    topic,
                    "timing",
                    ent,
                    ([tim[0][0]] * 3, [tim[0][1]] * 3),
                    src,
                )
            )
    return out


#: Adherence wording, most specific first. An explicit "adherence <category>" wins;
#: negated good adherence ("non-adherent", "not compliant") is poor, never good.
_ADH = (
    (
        r"adherence:? (?:is )?never[ _]filled|never filled|did not fill|didn't fill|never picked up|never started",
        Adherence.NEVER_FILLED,
    ),
    (
        r"adherence:? (?:is )?ran[ _]out|ran out|run out|out of (?:his|her|the) ",
        Adherence.RAN_OUT,
    ),
    (
        r"adherence:? (?:is )?self[ _-]discontinued|self[- ]discontinu|stopped (?:taking )?(?:it|the|his|her|this)"
        r"|stopped taking|discontinued .*on (?:his|her) own|quit taking|no longer takes?",
        Adherence.SELF_DISCONTINUED,
    ),
    (
        r"adherence:? (?:is )?poor|non-?adheren|non-?complian|not (?:been )?(?:taking|compliant|adherent)"
        r"|poor (?:adherence|compliance)|missed|missing doses|misses doses|skipp|skips"
        r"|inconsistent|irregular|forgets|only when",
        Adherence.POOR,
    ),
    (
        r"adherence:? (?:is )?good|good (?:adherence|compliance)|(?<!non-)(?<!non)adherent|(?<!non-)(?<!non)compliant"
        r"|takes (?:it|them|all)[^.]*(?:every day|daily|as prescribed|regularly)|never misses",
        Adherence.GOOD,
    ),
)
_REASONS = (
    ("co-?pay", "copay"),
    ("cost|afford|expensive", "cost"),
    ("pharmacy did not have|pharmacy didn't have", "pharmacy"),
    ("refill", "refill"),
    ("travel", "travel"),
    ("read online|online", "online"),
    ("dizz", "dizzy"),
    ("cough", "cough"),
    # drug-class side effects the synthetic notes give (synth.knowledge.SIDE_EFFECTS)
    ("muscle ache|muscle pain|myalgia", "muscle"),
    ("upset stomach|stomach upset", "stomach"),
    ("diarrh", "diarrhoea"),
    ("urinat", "urination"),
    ("breast", "breast"),
    ("ankle swelling|swollen ankles", "ankles"),
    ("tired|fatigue", "tired"),
    ("nause", "nausea"),
    ("trouble sleeping|insomnia", "insomnia"),
    ("constipat", "constipation"),
    ("bruis", "bruising"),
    ("rash", "rash"),
    ("dry mouth", "dry_mouth"),
    ("hoarse", "hoarse"),
    ("drows", "drowsy"),
    ("headache", "headache"),
    ("joint pain", "joints"),
    ("low blood sugar|hypoglyc", "hypo"),
    ("red eyes", "red_eyes"),
    ("nosebleed", "nosebleeds"),
    ("side effect", "side"),
    ("evening dose", "evening"),
    ("busy", "busy"),
    ("only when feeling unwell|only when (?:he|she) feels unwell", "unwell"),
    ("forget|forgot", "forget"),
    ("felt fine|feel fine|feels fine", "feel"),
    ("pill organi[sz]er", "organiser"),
    ("spouse helps|wife helps|husband helps", "spouse"),
)


def note_adherence(
    key: str, sections: dict[str, str]
) -> dict[str, tuple[Adherence, str | None, tuple[str, str] | None, SourceRef]]:
    """Adherence stated in the HPI or medication sections, per drug key (good or a problem).

    A sentence counts for a drug only when it names the drug; the first statement found
    for a drug wins. The reason is kept when the sentence gives one of the known reasons.
    """
    out: dict[str, tuple[Adherence, str | None, tuple[str, str] | None, SourceRef]] = {}
    for section in (
        "History of Present Illness",
        "Medications on Admission",
        "Brief Hospital Course",
    ):
        for s in sentences(sections.get(section, "")):
            for drug in DRUGS:
                if drug.key in out or _find(drug, s) < 0:
                    continue
                for pattern, status in _ADH:
                    if re.search(pattern, s):
                        reason = next((k for p, k in _REASONS if re.search(p, s)), None)
                        m = _ONSET.search(s)
                        ago = None
                        if m:
                            num, unit = _onset_parts(m)
                            ago = (
                                f"{num} {unit}{'' if num in ('one', 'a') else 's'}",
                                f"{_NUM_ZH.get(num, num)}{P.UNIT_ZH[unit]}",
                            )
                        out[drug.key] = (
                            status,
                            reason,
                            ago,
                            SourceRef(note_key=key, section=section),
                        )
                        break
    return out


_OCCUPATION = {
    "bus driver": "公交司机",
    "teacher": "老师",
    "nurse": "护士",
    "construction": "建筑工人",
    "accountant": "会计",
    "engineer": "工程师",
    "farmer": "农民",
    "cook": "厨师",
    "electrician": "电工",
    "office": "办公室职员",
}
_LIVING = {
    "alone": ("I live alone", "我一个人住"),
    "wife": ("I live with my wife", "我和老伴（妻子）住"),
    "husband": ("I live with my husband", "我和丈夫住"),
    "daughter": ("I live with my daughter", "我和女儿住"),
    "son": ("I live with my son", "我和儿子住"),
    "family": ("I live with my family", "我和家人住"),
    "nursing": ("I live in a nursing home", "我住在养老院"),
    "facility": ("I live in a care facility", "我住在护理机构"),
}


def social_facts(key: str, sections: dict[str, str]) -> list[Fact]:
    """Smoking, alcohol, drug use, living situation and occupation from 'Social History'."""
    text = " ".join(sentences(sections.get("Social History", "")))
    if not text:
        return []
    src = SourceRef(note_key=key, section="Social History")
    out: list[Fact] = []

    def add(aspect: str, en: list[str], zh: list[str], sensitive: bool = False) -> None:
        out.append(
            Fact(
                id=f"soc:{aspect}",
                topic=Topic.SOCIAL,
                aspect=aspect,
                en=en,
                zh=zh,
                source=src,
                critical=sensitive,
            )
        )

    py = re.search(r"(\d+)\s*(?:pack[- ]?years?|py\b)", text)
    quit_ = re.search(r"quit (?:smoking )?(\d+) (year|month)s? ago", text)
    if re.search(
        r"former smoker|ex-?smoker|quit smoking|quit \d+|remote (tobacco|smoking)", text
    ):
        extra_en = f", about {py.group(1)} pack-years" if py else ""
        extra_zh = f"，大约{py.group(1)}包年" if py else ""
        q_en = f" and quit {quit_.group(1)} {quit_.group(2)}s ago" if quit_ else ""
        q_zh = f"，{quit_.group(1)}{P.UNIT_ZH[quit_.group(2)]}前戒了" if quit_ else ""
        add(
            "smoking",
            [
                f"I used to smoke{extra_en}{q_en}",
                f"I used to smoke{q_en}",
                "I smoked before but I stopped",
            ],
            [
                f"我以前抽烟{extra_zh}{q_zh}",
                f"我以前抽烟{q_zh}",
                "我以前抽，后来不抽了",
            ],
        )
    elif re.search(r"current smoker|smokes|active smoker|\d+ (cigarettes|ppd)", text):
        ppd = re.search(r"(\d+(?:\.\d+)?)\s*(ppd|packs? per day)", text)
        a_en = f", about {ppd.group(1)} packs a day" if ppd else ""
        a_zh = f"，每天大约{ppd.group(1)}包" if ppd else ""
        add(
            "smoking",
            [f"I smoke{a_en}", f"I smoke{a_en}", "yes, I smoke"],
            [f"我抽烟{a_zh}", f"我抽烟{a_zh}", "我抽烟"],
            True,
        )
    elif re.search(
        r"never smok|denies (tobacco|smoking)|no (tobacco|smoking)|non-?smoker", text
    ):
        add(
            "smoking",
            ["I've never smoked", "I don't smoke", "no, I never smoked"],
            ["我从不抽烟", "我不抽烟", "不抽，从来没抽过"],
        )

    amt = re.search(
        r"(\d+(?:\s*-\s*\d+)?)\s*(beers?|drinks?|glasses of wine|glasses)\s*(?:per|a|/)\s*(day|week|night)",
        text,
    )
    if amt:
        n, what, per = amt.group(1).replace(" ", ""), amt.group(2), amt.group(3)
        zh_what = "瓶啤酒" if "beer" in what else "杯酒"
        zh_per = {"day": "每天", "week": "每周", "night": "每晚"}[per]
        add(
            "alcohol",
            [
                f"I have {n} {what} a {per}",
                f"I drink {n} {what} a {per}",
                f"I have a few {what} a {per}",
            ],
            [
                f"我{zh_per}喝{n}{zh_what}",
                f"{zh_per}喝{n}{zh_what}",
                f"{zh_per}喝几{zh_what}",
            ],
            True,
        )
    elif re.search(
        r"denies (alcohol|etoh)|no (alcohol|etoh)|does not drink|doesn't drink", text
    ):
        add(
            "alcohol",
            ["I don't drink alcohol", "I don't drink", "no, I don't drink"],
            ["我不喝酒", "我不喝酒", "不喝"],
        )
    elif re.search(
        r"\b(alcohol|etoh) (use|abuse)|heavy (drink|alcohol)|drinks? daily", text
    ):
        add(
            "alcohol",
            ["I drink alcohol every day", "I drink quite a bit", "I drink a lot"],
            ["我每天喝酒", "我喝得挺多", "我喝很多酒"],
            True,
        )

    if re.search(
        r"no (illicit|ivdu|recreational|drug use)|denies (illicit|drug|ivdu|recreational)",
        text,
    ):
        add(
            "drugs",
            ["I don't use any recreational drugs", "no street drugs", "no, no drugs"],
            ["我不吸毒", "不碰毒品", "没有，不吸毒"],
        )
    elif re.search(r"cocaine|heroin|ivdu|marijuana|illicit drug use", text):
        add(
            "drugs",
            ["I have used street drugs", "I've used some drugs", "I did some drugs"],
            ["我用过毒品", "我碰过毒品", "吸过"],
            True,
        )

    for word, (en, zh) in _LIVING.items():
        if re.search(r"lives? (with|in|alone)[^.]*\b" + word, text) or (
            word == "alone" and "lives alone" in text
        ):
            add("living", [en, en, en], [zh, zh, zh])
            break
    occ = next((k for k in _OCCUPATION if k in text), None)
    if "retired" in text:
        en = f"I'm a retired {occ}" if occ else "I'm retired"
        zh = f"我退休了，以前是{_OCCUPATION[occ]}" if occ else "我退休了"
        add("occupation", [en, en, "I don't work anymore"], [zh, zh, "我不上班了"])
    elif occ and re.search(r"works? as|employed", text):
        add(
            "occupation",
            [f"I work as a {occ}", f"I work as a {occ}", f"I'm a {occ}"],
            [f"我是{_OCCUPATION[occ]}"] * 3,
        )
    return out


_ACTIVITY = (
    (r"bedbound|bed-bound", ("I'm stuck in bed, I can't walk", "我下不了床，走不了路")),
    (
        r"requires assistance|walker|cane|with aid",
        ("I need a walker or a cane to get around", "我走路要靠助行器或拐杖"),
    ),
    (
        r"ambulatory - independent|independent",
        ("I can walk around on my own", "我能自己走动"),
    ),
)


def functional_facts(key: str, sections: dict[str, str]) -> list[Fact]:
    """Mobility from 'Discharge Condition' (activity status) or 'Social History'."""
    for section in ("Discharge Condition", "Social History"):
        text = " ".join(sentences(sections.get(section, "")))
        if section == "Social History" and not re.search(
            r"walker|cane|wheelchair|bedbound", text
        ):
            continue
        for pattern, (en, zh) in _ACTIVITY:
            if re.search(pattern, text):
                return [
                    Fact(
                        id="func:mobility",
                        topic=Topic.FUNCTIONAL,
                        aspect="mobility",
                        en=[en] * 3,
                        zh=[zh] * 3,
                        source=SourceRef(note_key=key, section=section),
                    )
                ]
    return []


def history_from_note(sections: dict[str, str]) -> list[str]:
    """Lexicon diagnosis keys named in 'Past Medical History'."""
    text = sections.get("Past Medical History", "").lower()
    return [
        k
        for k, e in BY_KEY.items()
        if e.kind == "diagnosis" and any(_word_re(t).search(text) for t in e.match)
    ]


def intolerance_wording(agent: str, zh: str) -> P.Wording:
    """A recorded adverse drug reaction as a patient tells it: a bad reaction, never an
    allergy ("adverse effect of <drug>" is an intolerance, ICD-10-CM Official Guidelines
    I.C.19.e.5.a). ``agent`` is the drug (class) in English, ``zh`` in Chinese or ``""``."""
    drug_zh = zh or "一种药"
    return (
        [
            f"I had a bad reaction to {agent} once, I don't think it was an allergy",
            f"{agent} gave me a side effect before",
            f"{agent} didn't agree with me once",
        ],
        [
            f"我用{drug_zh}出过不良反应，不是过敏",
            f"以前用{drug_zh}有过副作用",
            f"{drug_zh}我用过出过问题",
        ],
    )


_ALLERGY_STATUS_RE = re.compile(
    r"^(?:personal history of )?allergy status to\s+|^(?:personal )?history of allergy to\s+"
)


def allergy_wording(name: str) -> P.Wording:
    """'I'm allergic to penicillin' / '我对青霉素过敏'; Chinese never carries the English name.

    The allergen's Chinese name comes from
    :func:`~physassist_env.vocab.diagnoses.allergen_name_zh` or the drug lexicon; an
    allergen without one is said as "a medicine whose name I can't say" in Chinese.
    """
    # an ICD allergy-status title ("Allergy status to penicillin", Z88.0 / V14.0) names
    # the allergen after its heading: the patient says "penicillin"
    low = name.strip().lower()
    if _ALLERGY_STATUS_RE.search(low):
        low = _ALLERGY_STATUS_RE.sub("", low).removesuffix(" status").strip()
    plain = re.sub(r"\s*\(.*?\)", "", low).strip()
    zh = allergen_name_zh(plain) or None
    if zh is None:
        drug = next(
            (d for d in DRUGS if any(_word_re(t).search(plain) for t in d.match)),
            None,
        )
        zh = drug.zh[0] if drug else None
    if zh is None:  # a drug class (sulfonamides, narcotics) from the one vocabulary
        zh = allergy_zh(plain).removesuffix("过敏") or None
    zh_high = f"我对{zh}过敏" if zh else "我对一种药过敏，英文名字我说不上来"
    return (
        [
            f"I'm allergic to {low}",
            f"I'm allergic to {plain}",
            f"{plain} doesn't agree with me",
        ],
        [zh_high, zh_high, f"{zh}我不能用" if zh else "有一种药我不能用"],
    )


def allergies_from_note(text: str) -> list[str] | None:
    """Allergen names in an 'Allergies' section; ``[]`` for 'no known allergies'; ``None`` if absent."""
    if not text or not text.strip():
        return None
    low = text.lower()
    if re.search(
        r"no known (drug )?allergies|nkda|\bnka\b|patient recorded as having no known",
        low,
    ):
        return []
    parts = [p.strip(" .") for p in re.split(r"[,\n/;]", text) if p.strip(" .")]
    return [p for p in parts if len(p) <= 40]
