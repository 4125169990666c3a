"""Frames that change what a statement says: denied, left open or handed back (EN and ZH).

A decision or finding said inside a *reversing* frame is said the other way round
("Holding warfarin would be a mistake" continues warfarin; "It would be wrong to say that no
transfusion is indicated" says one is; 暂停华法林是错误的; 不建议暂停华法林); one said inside an
*open* frame is not said at all (a question, "whether to hold", 是否暂停, a decision handed
back: "your call", "up to you", 由您决定). The claim reader
(:mod:`physassist_env.grading.frames`) finds the frames and the words each one governs.

Each table lists regular-expression fragments (case-insensitive). Where a frame's words can
themselves be denied ("it would *not* be a mistake to hold", 不是错误的), :data:`FRAME_DENIAL`
before the frame cancels it: a denied reversal affirms.
"""

from __future__ import annotations

#: A judgement that a statement is untrue (after "would be", "is", "it's"...): it reverses
#: whatever it is said of, findings and decisions alike.
_UNTRUE_EN = (
    r"wrong|incorrect|inaccurate|not\s+right|not\s+correct|not\s+true|not\s+the\s+case"
    r"|false|misleading"
)
#: A judgement that an action is a bad one: it reverses decisions and conclusions, not
#: findings ("such a high INR is dangerous" still calls the INR high).
_UNWISE_EN = (
    r"(?:a\s+)?(?:big\s+|serious\s+|grave\s+|huge\s+)?(?:mistake|error|bad\s+idea|bad\s+call)"
    r"|unwise|ill[-\s]advised|inappropriate|not\s+appropriate|unsafe|dangerous|harmful|reckless"
    r"|unreasonable|unjustified|not\s+justified|premature"
)
_WRONG_EN = f"{_UNTRUE_EN}|{_UNWISE_EN}"
#: "would be", "is"... with an optional denial ("would not be", "isn't"): a denied frame
#: reverses nothing (:data:`FRAME_DENIED_EN`).
_BE_EN = (
    r"(?:would|could|might|will)(?:n't|\s+not|\s+never)?\s+(?:probably\s+|certainly\s+|"
    r"definitely\s+)?be"
    r"|(?:is|are|was|'s|’s)(?:n't|\s+not)?(?:\s+(?:probably|certainly|definitely|clearly))?"
)

#: English frames said *after* what they govern: "Calling it normal would be wrong"
#: (statements and decisions), "Holding warfarin would be a mistake" (decisions).
REVERSE_AFTER_EN: tuple[str, ...] = (rf"(?:{_BE_EN})\s+(?:{_UNTRUE_EN})\b",)
REVERSE_AFTER_EN_DECISION: tuple[str, ...] = (
    rf"(?:{_BE_EN})\s+(?:{_UNWISE_EN})\b",
    # "Anticoagulation isn't worth it here": not worth doing is advice against it
    r"(?:\bis|\bare|'s|’s|\bwould\s+be|\bwill\s+be)(?:n't|n’t|\s+not)\s+worth"
    r"(?:while|\s+it|\s+the\s+risk|\s+doing)?\b",
)

#: English frames said *before* what they govern, to the end of the clause (decisions): "It
#: would be a mistake to hold warfarin", "I'd advise against holding warfarin".
REVERSE_BEFORE_EN: tuple[str, ...] = (
    rf"\b(?:it|that|this)\s+(?:{_BE_EN})\s+(?:{_WRONG_EN})\s+(?:to|for\s+us\s+to|for\s+you\s+to)\b",
    r"\b(?:advise|advised|advising|recommend|recommended|recommending|argue|argued|caution|"
    r"cautioned|counsel|decide|decided|vote|warn|warned)\s+against\b",
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+against\b",
)

#: English frames that deny a whole statement, to the end of the sentence: "It would be wrong
#: to say that no transfusion is indicated", "It is not true that the potassium is high".
REVERSE_STATEMENT_EN: tuple[str, ...] = (
    rf"\b(?:it|that|this)\s+(?:{_BE_EN})\s+(?:{_WRONG_EN})\s+to\s+(?:say|claim|conclude|state|"
    r"suggest|think|assume|call\s+it|report)(?:\s+that)?\b",
    r"\b(?:it\s+is|it's|it’s)\s+(?:not\s+true|not\s+the\s+case|not\s+correct|false|incorrect|"
    r"wrong)\s+that\b",
    r"\bI\s+(?:disagree|don't\s+agree|do\s+not\s+agree)\s+(?:with\s+(?:the\s+idea\s+|the\s+view\s+)?"
    r"that|that|with)\b",
    r"\b(?:I\s+)?(?:wouldn't|would\s+not|can't|cannot|couldn't|could\s+not)\s+say\s+(?:that\b)?",
)

#: Chinese frames said after what they govern: 说血钾正常是错误的 (statements and decisions),
#: 现在停药不妥 (decisions). The bare nouns need 是 before them (用药错误 is a medication
#: error, not a judgement).
REVERSE_AFTER_ZH: tuple[str, ...] = (
    r"(?:是|就是|会是|将是|属于)(?:一个|个|一种)?(?:错误的|错误|不对的|错的|不对|不正确的|不正确)"
    r"(?:做法|选择|决定|说法|判断)?",
)
REVERSE_AFTER_ZH_DECISION: tuple[str, ...] = (
    r"(?:是|就是|会是|将是)(?:一个|个|一种)?(?:危险的|有害的)(?:做法|选择|决定)?",
    r"不妥|不合适|不恰当|不可取|不明智|不划算|不值得|得不偿失|弊大于利",
)

#: Chinese frames said before what they govern, to the end of the clause (decisions):
#: 不建议暂停华法林.
REVERSE_BEFORE_ZH: tuple[str, ...] = (
    r"不建议|不推荐|不主张|反对|不应该|不应|不宜|不要|不可以|不能|切勿|切莫|千万别|别再",
)

#: Words before a frame that cancel it: "I would *not* advise against", 并非错误, 不是错误的.
FRAME_DENIAL_EN = r"(?:\b(?:not|never|hardly)|n't)\s*$"
FRAME_DENIAL_ZH = r"(?:不|并不|并非|绝非|并没有|没有|没什么|并无|无)$"
#: A frame's judgement words: a denial said before the last of them inside the frame ("would
#: *not* be a mistake", "isn't wrong") cancels the frame; "is not correct" is a judgement.
JUDGEMENT_EN = rf"{_WRONG_EN}|(?:'t|’t|not)\s+worth"

#: English open frames before what they govern, to the end of the clause: "whether to hold".
OPEN_BEFORE_EN: tuple[str, ...] = (
    r"\bwhether(?:\s+or\s+not)?\b",
    r"\bif\s+(?:we|you|I|they)\s+(?:should|need\s+to|ought\s+to|want\s+to)\b",
)

#: Handing the decision back ("your call", "up to you", "I defer to you"): the sentence it is
#: in is left open, and the sentence before when this one says nothing else. ("If you
#: decide to bridge, ..." hands back nothing: it plans for the physician's choice.)
DEFER_EN: tuple[str, ...] = (
    r"\byour\s+(?:call|decision|choice|judg(?:e)?ment|preference)\b",
    r"\byou\s+(?:decide|choose|make\s+the\s+call)\b",
    r"\bleave\s+the\s+(?:call|decision)\s+(?:on\s+this\s+|here\s+)?(?:up\s+)?to\s+you\b",
    r"\b(?:decision|call)\s+is\s+(?:best\s+)?(?:made|left)\s+(?:by|to)\s+(?:the\s+)?"
    r"(?:attending|team|treating|primary|physician|consultant)",
    # options laid out as equally good decide nothing: "both are reasonable", "either
    # is fine", "any of these works", "it could be read either way"
    r"\b(?:both|either)\b[^.;!?\n]{0,40}?\b(?:are|is|would\s+be|seem|look)\s+"
    r"(?:fine|reasonable|acceptable|defensible|okay|ok|valid|options?)\b",
    r"\bboth\s+(?:reasonable|defensible|acceptable|valid)\b",
    r"\bany\s+of\s+(?:these|them|those|the\s+above)\s+(?:works?|is\s+fine|are\s+fine|would\s+do)\b",
    r"\beither\s+(?:way|option|reading|choice)\s+(?:is\s+fine|works|fits|is\s+reasonable)\b",
    r"\b(?:happy|fine)\s+(?:to\s+go\s+)?either\s+way\b",
    r"\bcould\s+be\s+(?:read|called|seen|argued|taken)\s+(?:as\s+)?[^.;!?\n]{1,40}?\s+or\s+",
    r"\bdepending\s+on\s+(?:[^.;,!?\n]{0,30}\s)?(?:you|your)\b",
    r"\bup\s+to\s+you\b|\bfor\s+you\s+to\s+(?:decide|choose)\b",
    r"\bI(?:'ll|\s+will|\s+would|'d)?\s+(?:defer|leave\s+(?:it|that|this|the\s+decision|the\s+call)"
    r"(?:\s+up)?)\s+to\s+(?:you|the\s+team|the\s+attending|your\s+judg(?:e)?ment)\b",
    r"\bat\s+your\s+discretion\b",
)

#: A question's last words that only ask for agreement ("Hold warfarin, okay?", 对吧？):
#: the statement before them is made, not asked.
TAG_QUESTION = (
    r"(?:\b(?:right|okay|ok|agreed|alright|all\s+right|yes|correct|shall\s+we|sound\s+good|"
    r"make\s+sense|fair)|对吧|好吗|行吗|可以吗|是吧|对不对|好不好)\s*$"
)

#: Words that open a question ("Should we hold warfarin, given the INR?"): the question
#: then spans its whole sentence; otherwise only the clause the question mark ends
#: ("Continue lisinopril, recheck tomorrow?" asks only about the recheck).
QUESTION_OPENER = (
    r"^\W*(?:should|shall|do|does|did|is|are|was|were|can|could|would|will|may|might|must|"
    r"what|which|when|where|why|how|who|whether|any|anything)\b"
)

#: Chinese open frames before what they govern, to the end of the clause: 是否暂停, 要不要停.
OPEN_BEFORE_ZH: tuple[str, ...] = (
    r"是否|要不要|需不需要|需要不需要|该不该|应不应该|能不能|可不可以|用不用|停不停|继不继续",
)

#: Chinese hand-backs: 由您决定, 您来定, 看您, 听您的.
DEFER_ZH: tuple[str, ...] = (
    r"由(?:您|你)(?:来)?(?:决定|定夺|判断|定)|(?:您|你)(?:来)?(?:决定|定夺|定吧|拿主意)"
    r"|(?:您|你)来定|请(?:您|你)(?:决定|定夺|判断)|看您(?:的意思)?|看你的(?:意思|偏好|习惯|选择)"
    r"|听(?:您|你)的|(?:您|你)说了算|(?:您|你)看着办|交给(?:您|你)|由主管医生决定"
    r"|由主治(?:医生|医师)?[^，。；,;]{0,8}决定",
    # options laid out as equally good: 停或继续都行, 都是合理的选择, 两种解读都说得通
    # (decisions on both sides of 或/还是/不: "口服或随餐都可以" chooses how, not whether)
    r"(?:停|继续|续用|用|补|加量|减量|抗凝|输|算|换|维持|给|开始|暂停)[^，。；,;]{0,10}"
    r"(?:或|还是|不)[^，。；,;]{0,10}都(?:可以|行|说得过去|说得通|是合理的|合理|没问题)"
    r"|取决于(?:您|你)",
)

#: A Chinese question without a question mark: 吗 at the end of the sentence.
QUESTION_END_ZH = r"吗\s*[。.]?\s*$"
#: 吗 ending a clause inside a sentence ("赖诺普利要继续吗，注意监测"): that clause asks.
QUESTION_CLAUSE_ZH = r"吗\s*(?=[，,；;])"

#: A word that opens the statement a frame said after it judges: "Saying (that) X would be
#: wrong", 说X是错误的, 认为X是不对的. The frame then governs from this word on, across
#: commas and parentheses, within its sentence.
STATEMENT_OPENER = (
    r"\b(?:saying|to\s+say|claiming|to\s+claim|calling)\b|说|认为|称|断定"
)

#: Where a frame said after what it governs looks back to: the clause's start, or one of
#: these words (a reason or a consequence starts a new statement: "Continue lisinopril
#: because holding it would be a mistake").
FRAME_BACK_STOP_EN = (
    r"\b(?:because|since|as|so|therefore|thus|while|whereas|although|though|which|given|"
    r"otherwise|then)\b|\s[-–—]+\s|—|–"
)
FRAME_BACK_STOP_ZH = r"因为|由于|所以|因此|否则|然后|而且|而|——"

#: Words of degree: a negation that reaches a flag or trend through one ("not critically
#: high", "not low enough to transfuse", "not rising as fast", 不太高, 没有严重升高) denies
#: the degree, not the direction: the value is still high, low, rising.
DEGREE_BETWEEN = (
    r"\b(?:critically|dangerously|severely|markedly|significantly|very|extremely|that|too|"
    r"alarmingly|grossly|terribly|hugely|so|particularly|especially|overly|excessively|"
    r"substantially|much|strikingly|worryingly)\b|太|很|特别|非常|十分|严重|明显|那么|多么|过于"
)
DEGREE_AFTER = (
    r"\s*(?:enough\b|as\s+(?:fast|quickly|much|steeply|sharply|rapidly)\b|that\s+(?:fast|"
    r"quickly|much)\b|to\s+the\s+point)|到需要|到要|到必须"
)

#: Words that make a decision a plan under a condition ("restart it once the INR is back in
#: range", "hold it if the potassium rises", 待回到 2-3 后减量): said anywhere in the decision's
#: clause, or opening the clause right after it.
CONDITION = (
    r"\b(?:if|once|when|whenever|unless|otherwise|as\s+soon\s+as|provided|in\s+case)\b"
    r"|如果|假如|若|一旦|待|等到|倘若|万一|否则"
)
#: Words that make the decision after them a later step ("hold it until the INR is below
#: 3, then restart", 之后再恢复): said before the decision in its clause.
LATER = (
    r"\b(?:then|later|afterwards|after\s+that|until|eventually|thereafter)\b"
    r"|然后|之后|以后|再|届时"
)
