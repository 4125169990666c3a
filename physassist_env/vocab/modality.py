"""Frames that change what a statement says: denied, left open or handed back (EN and ZH).

A decision or finding said inside a *reversing* frame is said the other way round
("Holding warfarin would be a mistake" continues warfarin; "It would be wrong to say that no
transfusion is indicated" says one is; 暂停华法林是错误的; 不建议暂停华法林); one said inside an
*open* frame is not said at all (a question, "whether to hold", 是否暂停, a decision handed
back: "your call", "up to you", 由您决定). The claim reader
(:mod:`physassist_env.grading.frames`) finds the frames and the words each one governs.

Each table lists regular-expression fragments (case-insensitive). Where a frame's words can
themselves be denied ("it would *not* be a mistake to hold", 不是错误的), :data:`FRAME_DENIAL`
before the frame cancels it: a denied reversal affirms. A retraction of the whole answer
(:data:`RETRACT_EN`) voids the decisions before it; a decision said as another's
(:data:`ATTRIBUTE_BEFORE_EN`) is open unless rejected (:data:`REJECT_EN`) or endorsed
(:data:`ENDORSE_EN`).
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
#: A judgement that an action is a good one: denied ("isn't the right move", "is not
#: advisable", "wouldn't be wise") it reverses the decision it is said of (seventh pass).
_WISE_EN = (
    r"(?:the\s+|a\s+)?(?:right|best|correct|ideal|wise|smart|sensible|good|safe)\s+(?:move|call|"
    r"choice|approach|option|course|step|plan|idea|way\s+to\s+go|thing\s+to\s+do)"
    r"|advisable|wise|sensible|prudent|the\s+way\s+to\s+go|the\s+answer|a\s+good\s+idea"
)
_WISE_DENIED_EN = (
    r"(?:\bis|\bare|'s|’s|\bwould|\bwill|\bwas)(?:n't|n’t|\s+not)\s+(?:be\s+)?(?:really\s+|"
    rf"quite\s+|necessarily\s+)?(?:{_WISE_EN})\b"
)
REVERSE_AFTER_EN_DECISION: tuple[str, ...] = (
    rf"(?:{_BE_EN})\s+(?:{_UNWISE_EN})\b",
    # "Anticoagulation isn't worth it here": not worth doing is advice against it
    r"(?:\bis|\bare|'s|’s|\bwould\s+be|\bwill\s+be)(?:n't|n’t|\s+not)\s+worth"
    r"(?:while|\s+it|\s+the\s+risk|\s+doing)?\b",
)

#: The side of a choice the author sets aside, said after these words to the end of their
#: clause (issue #35, seventh pass): "rather than continuing it", "instead of holding",
#: "as opposed to stopping"; 与其继续（，不如暂停）, 暂停而不是继续, 而非.
ALTERNATIVE_EN = (
    r"\b(?:rather\s+than|instead\s+of|in\s+place\s+of|as\s+opposed\s+to|in\s+preference\s+to|"
    r"in\s+lieu\s+of)\b"
)
ALTERNATIVE_ZH = r"与其|而不是|而非|而不要"
#: A comparison that prefers one action over another: "better to hold it than to continue
#: it", 暂停比继续更稳妥 (the action after "than" / 比 is set aside).
COMPARED_EN = (
    r"(?<!rather\s)(?<!other\s)\bthan\s+(?:to\s+)?(?=(?:continu|hold|stop|giv|start|transfus|keep|resum|restart|withh|"
    r"discontinu|switch|add|increas|decreas|reduc|treat|replac|wait|observ|watch)\w*)"
)
COMPARED_ZH = r"比(?=(?:继续|暂停|停用|停药|输血|补钾|补充|加量|减量|观察|等待|维持|开始|恢复|抗凝|用药|换药))"
#: An option weighed (可以考虑继续, 固然可以) and then another preferred after 但/不过
#: (:data:`PREFERRED_AFTER_ZH`: 更稳妥的是暂停, 我还是建议暂停): the weighed option is set aside.
CONSIDERED_ZH = r"(?:也|虽然|虽|或|固然)?可以?考虑|(?:虽然|虽)(?:也)?可以|固然可以"
PREFERRED_AFTER_ZH = r"(?:但|不过|然而|只是)[^。；;]{0,12}?(?:更|还是|我(?:更|还是)?(?:建议|倾向|主张|认为)|首选|最好|宜)"
#: Chinese words that endorse what follows though they hold 不: 不如暂停 ("better to hold"),
#: 不妨复查 ("might as well recheck").
PREFER_ZH = r"(?:还|倒|反而)?不如|不妨"

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
    # doubting a statement denies it (twelfth pass): "I doubt that ...", "I seriously doubt"
    r"\bI\s+(?:really\s+|seriously\s+|strongly\s+|very\s+much\s+)?doubt\s+(?:that\b)?",
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
#: A good judgement of an action denied, said after the action (issue #35, seventh pass):
#: "Continuing it isn't the right move", "is not advisable", 继续用药不是正确的做法, 并非上策.
#: The action is the alternative the author sets aside.
REVERSE_AFTER_CHOICE: tuple[str, ...] = (
    _WISE_DENIED_EN,
    r"(?:不是|并非|并不是|绝非|算不上)(?:一个|个|一种)?(?:正确|好|明智|合适|恰当|最好|最佳|稳妥)"
    r"(?:的)?(?:做法|选择|办法|方案|决定|处理|选项)|(?:不是|并非|算不上)上策|不可行",
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
JUDGEMENT_EN = (
    rf"{_WRONG_EN}|(?:'t|’t|not)\s+worth|(?:'t|’t|not)\s+(?:be\s+)?(?:really\s+|quite\s+|"
    rf"necessarily\s+)?(?:{_WISE_EN})"
)

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
    # handed back in other words (issue #35, fifth pass): "something you may want to weigh",
    # "worth discussing with the team whether", "I'll let you decide"
    r"\b(?:something|one)\s+(?:you|the\s+team)\s+(?:may|might|could|will|would)\s+want\s+to\s+"
    r"(?:weigh|consider|decide|think\s+(?:about|over)|mull\s+over)\b",
    r"\byou\s+(?:may|might|will|would)\s+(?:want|wish|need)\s+to\s+(?:weigh|decide|make\s+the\s+call)\b",
    r"\b(?:worth|best)\s+(?:discussing|discussed|deciding|decided|talking\s+through|raising)\s+"
    r"(?:with|by|among)\s+(?:the\s+)?(?:team|attending|consultant|you|your\s+team)\b",
    r"\b(?:I'?ll|I\s+will|I'd|I\s+would)\s+let\s+you\s+(?:decide|choose|make\s+the\s+call|weigh)\b",
    r"\b(?:the\s+)?(?:decision|call|choice)\s+(?:is|rests|lies|remains)\s+(?:entirely\s+)?with\s+you\b",
    r"\bat\s+your\s+(?:clinical\s+)?judg(?:e)?ment\b",
    r"\b(?:hold|continue|stop|give|start|transfuse|resume|restart|treat|anticoagulate|replace)\w*"
    r"\b[^.;!?\n]{0,40}?\bor\s+not\b",
    r"\b(?:is|would\s+be|remains)\s+(?:a|one|an)\s+(?:reasonable\s+|possible\s+|valid\s+)?option\b"
    r"|\boption\s+to\s+(?:discuss|consider|weigh)\b",
    r"\bif\s+you\s+(?:think|feel|believe|judge|deem|consider)\b",
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
    # 您来权衡, 您酌情决定, 与团队讨论后决定
    r"(?:您|你)(?:来|自行|自己)?(?:权衡|斟酌|把握|拿捏|拍板)|(?:您|你)?(?:酌情|自行)(?:决定|定夺|判断)"
    r"|请(?:您|你)拍板|如果(?:您|你)(?:觉得|认为)|(?:您|你)(?:觉得|认为)(?:需要|有必要|合适)的话"
    r"|请(?:您|你)?(?:权衡|斟酌)|(?:与|和|跟)(?:团队|上级|主治|您)[^，。；,;]{0,6}?(?:讨论|商量|商议)"
    r"后?(?:再)?(?:决定|定夺|定)",
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
    r"|如果|假如|若|一旦|待|等到|倘若|万一|否则|的话"
    # 如 alone is a condition only with a consequent word after it (如复查恶化应…; not 例如)
    r"|(?<![例比假譬诸])如(?![果下上此何同今期实])(?=[^，。；,;]{1,12}?(?:应|则|就|再|需|可))"
)
#: A Chinese condition word said after its protasis (指标恢复的话): the action words before
#: it in its clause belong to the condition.
CONDITION_AFTER = r"的话"
#: Words that open a hypothetical: a flag or trend said after them in their clause is the
#: plan's condition, not a finding now ("once the potassium is back to normal, restart it",
#: 若血钾恢复正常，再继续). "when" and "after" also narrate what happened, so they are not
#: among them.
HYPOTHETICAL = (
    r"\b(?:if|once|unless|as\s+soon\s+as|provided(?:\s+that)?|in\s+case|until|should\s+(?:it|the))\b"
    r"|如果|假如|若|一旦|待|等到|倘若|万一|直到|直至|的话"
)
#: Words that make the decision after them a later step ("hold it until the INR is below
#: 3, then restart", 之后再恢复): said before the decision in its clause.
LATER = (
    r"\b(?:then|later|afterwards|after\s+that|until|eventually|thereafter)\b"
    r"|然后|之后|以后|再|届时"
)

#: Taking the answer back as a whole (issue #35, fifth pass): a sentence whose meaning is a
#: retraction of what came before, naming no drug, value or decision ("Scratch all that",
#: "Disregard the above", "I take that back", "the opposite call is probably right", "I'd
#: go the other way", 以上意见作废, 上面说的不算, 当我没说, 应该反过来). The decisions and
#: conclusions before it are void (left open); what it names itself is never a retraction
#: ("Scratch the vitamin K idea", "Ignore the older INR" take back one thing, which the
#: reader reads as such). The object of the English verbs must be the answer itself
#: (that, all that, the above, what I said, my advice): a demonstrative before a noun
#: ("ignore that INR") is not.
_RETRACT_OBJECT_EN = (
    r"(?:all\s+(?:of\s+)?)?(?:that|this|it\s+all|the\s+above|everything(?:\s+(?:above|"
    r"I(?:'ve|\s+have)?\s+(?:just\s+)?said))?|what\s+I(?:'ve|\s+have)?\s+(?:just\s+)?"
    r"(?:said|wrote|written|suggested|recommended|proposed)|my\s+(?:previous\s+|earlier\s+|"
    r"above\s+|last\s+|initial\s+|first\s+)?(?:advice|answer|recommendations?|suggestions?|"
    r"plan|reply|response|call|statement|conclusion)(?:\s+above)?)"
)
#: What may follow a retraction's object: the sentence's end, a clause break, or a word
#: that adds nothing ("Scratch that, ...", "Forget all that entirely.").
_RETRACT_END_EN = (
    r"(?=\s*(?:[,.;:!?)\u2014\u2013-]|$)|\s+(?:and|then|now|entirely|completely|please|"
    r"actually|though|too)\b)"
)
RETRACT_EN: tuple[str, ...] = (
    rf"\b(?:scratch|strike|forget|disregard|ignore|cancel|belay|discount|never\s*mind)\s+"
    rf"{_RETRACT_OBJECT_EN}{_RETRACT_END_EN}",
    r"\bI\s+take\s+(?:that|this|it|all\s+that|it\s+all|everything)\s+back\b",
    rf"\bI\s+(?:take\s+back|retract|withdraw|rescind)\s+{_RETRACT_OBJECT_EN}{_RETRACT_END_EN}",
    r"\b(?:that|this|the\s+above|all\s+of\s+(?:that|the\s+above)|my\s+(?:previous\s+|earlier\s+|"
    r"above\s+)?(?:advice|answer|recommendation|suggestion|plan))\s+(?:no\s+longer\s+stands|"
    r"(?:does\s+not|doesn't)\s+stand|is\s+(?:void|withdrawn|retracted|cancell?ed|null\s+and\s+void))\b",
    # the other way round is right: the whole decision reversed, naming nothing
    r"\b(?:the\s+)?(?:opposite|reverse|contrary)\s+(?:call|decision|choice|"
    r"course|approach|plan|option|tack|answer|conclusion)\s+(?:is|would\s+be|seems|looks|may\s+be|"
    r"might\s+be)\s+(?:probably\s+|actually\s+|likely\s+|more\s+|in\s+fact\s+)?(?:right|correct|"
    r"better|safer|wiser|preferable|appropriate|the\s+(?:right|better|safer|correct)\s+(?:one|call|"
    r"plan|choice))\b",
    r"\bthe\s+(?:other\s+way\s+(?:round|around)|reverse|opposite)\s+(?:is|would\s+be|seems)\s+"
    r"(?:probably\s+|actually\s+|likely\s+)?(?:better|right|safer|correct|wiser|the\s+(?:safer|"
    r"better|right)\s+(?:plan|call|choice|one))\b",
    r"\b(?:I'd|I\s+would|I'll|I\s+will|we\s+should|I'm\s+going\s+to|I\s+might|let's)\s+"
    r"(?:actually\s+|probably\s+|rather\s+|instead\s+|honestly\s+)?(?:go|lean|come\s+down|err)\s+"
    r"(?:on\s+)?the\s+(?:other|opposite)\s+(?:way|side)\b",
    r"\b(?:I'd|I\s+would|we\s+should|I'll|I\s+will|better\s+to|let's)\s+(?:actually\s+|probably\s+|"
    r"rather\s+|instead\s+)?do\s+the\s+(?:opposite|reverse)\b",
    # the answer said to be wrong, opening its sentence: "That was wrong.", "All of the
    # above is incorrect.", "My advice above doesn't hold."
    r"(?:^|(?<=[.!?;\n]))\s*(?:(?:actually|wait|sorry|no|hmm|ok(?:ay)?)[,\s]+)*(?:that|this|all\s+"
    r"(?:of\s+)?(?:that|this|the\s+above)|the\s+above|everything(?:\s+above|\s+I(?:'ve|\s+have)?\s+"
    r"(?:just\s+)?said)?|what\s+I(?:'ve|\s+have)?\s+(?:just\s+)?said|my\s+(?:previous\s+|earlier\s+|"
    r"above\s+|last\s+)?(?:advice|answer|recommendation|suggestion|plan|reply|response)(?:\s+above)?)"
    r"\s+(?:was|is|were|are)\s+(?:all\s+|completely\s+|entirely\s+|probably\s+|actually\s+)?"
    r"(?:wrong|incorrect|mistaken|false|backwards|not\s+right|not\s+correct|a\s+mistake|an\s+error)\b",
    r"\b(?:that|this|my\s+(?:previous\s+|earlier\s+|above\s+)?(?:advice|answer|recommendation|"
    r"suggestion|plan)(?:\s+above)?)\s+(?:doesn't|does\s+not|no\s+longer)\s+(?:hold|apply|stand)\b",
    # reversed whole: "the opposite is true", "I had that backwards", "reverse all of that"
    r"\bthe\s+(?:opposite|reverse|contrary)\s+is\s+(?:actually\s+|probably\s+)?(?:true|the\s+case)\b",
    r"\b(?:it's|it\s+is)\s+(?:actually\s+)?the\s+other\s+way\s+(?:round|around)\b",
    r"\bI\s+(?:had|got|have|'ve\s+got)\s+(?:that|this|it)\s+(?:the\s+wrong\s+way\s+round|backwards|"
    r"back\s+to\s+front)\b",
    rf"\b(?:I'd\s+|I\s+would\s+|let\s+me\s+)?(?:reverse|flip|undo)\s+{_RETRACT_OBJECT_EN}{_RETRACT_END_EN}",
    r"\blet\s+me\s+take\s+(?:that|this|it|all\s+that)\s+back\b",
    r"(?:^|(?<=[.!?;:\n]))\s*(?:(?:no|just|so|instead|rather|actually|wait)[,\s]+)*do\s+the\s+"
    r"(?:opposite|reverse)\b",
    r"\b(?:I've|I\s+have|I)\s+changed\s+my\s+mind\b",
    # "On second thought, no.", "Actually, no." said alone
    r"(?:^|(?<=[.!?;\n]))\s*(?:(?:actually|wait|hmm|sorry|on\s+(?:second|further)\s+thoughts?|"
    r"on\s+reflection|upon\s+reflection|thinking\s+(?:again|about\s+it))[,\s:\u2014-]*)+no\s*"
    r"(?=[.!;]|$)",
)
RETRACT_ZH: tuple[str, ...] = (
    r"(?:(?:以上|上面|上述)(?:的|所)?(?:说的话|说的|所说|意见|建议|内容|回答|结论|判断|说法|话)?"
    r"|(?:前面|前述|刚才|之前|我)(?:的|所)?(?:说的话|说的|所说|意见|建议|回答|结论|判断|说法|话))"
    r"(?:全部|都|均|统统|一概)?(?:作废|不算数|不作数|不算(?![高低多少大小重])|无效|请忽略|不成立)",
    r"(?:收回|撤回|推翻)(?:以上|上面|上述|前面|刚才|之前|我)(?:的|所)?(?:说的|意见|建议|说法|话|"
    r"回答|结论)?",
    r"(?:收回|撤回)(?:这个|这些|此)?(?:意见|建议|说法|结论)",
    r"请?(?:忽略|无视|不要理会|别管|别理)(?:以上|上面|上述|前面|刚才|之前|我)(?:的|所)?(?:说的|"
    r"意见|建议|内容|回答|话)?",
    r"当我没说",
    r"(?:应该|应当|还是|最好|不如|倒觉得应该|觉得应该)(?:反过来|反着来)|反过来(?:做|处理)?(?:才对|"
    r"更好|更合适|更稳妥|更安全)|反着来",
    r"相反的(?:做法|决定|选择|方案|处理)(?:可能|也许|或许|反而)?(?:更|才)(?:对|好|合适|正确|"
    r"稳妥|安全)",
    # the answer said to be wrong: 以上全错, 前面的都不对, 刚才说错了, 以上建议撤回
    r"(?:以上|上面|上述|前面|前述|刚才|之前)(?:的|所)?(?:说的|意见|建议|内容|回答|结论|判断|说法|话)?"
    r"(?:全部|全|都|均|统统)?(?:是)?(?:错的|错了|错误的|不对|说错了|有误|撤回|收回|取消|作罢|"
    r"错(?=[。！!.，,；;]|$))",
    r"(?:我|刚才)?(?:说|写|搞|弄|讲)反了|我改主意了|改变主意",
    r"(?:^|(?<=[。！？；\n]))\s*(?:其实|实际上|不过)?(?:正好|恰恰|刚好)相反",
    r"(?:应该|应当|还是|最好|不如)相反",
)

#: A decision put in someone else's mouth (issue #35, fifth pass): "Some would transfuse",
#: "The suggestion to hold warfarin", "the team wants to continue it", 有人认为暂停华法林.
#: Said before what it governs, to the end of the clause. What another holds is not the
#: answer's decision: it is open, unless the answer rejects it (:data:`REJECT_EN`: the
#: opposite is decided) or endorses it (:data:`ENDORSE_EN`: it is the answer's).
ATTRIBUTE_BEFORE_EN: tuple[str, ...] = (
    r"\b(?:some|many|other|others|most)\s+(?:people\s+|colleagues\s+|clinicians\s+|physicians\s+|"
    r"doctors\s+|teams\s+|experts\s+|authors\s+|of\s+us\s+|services\s+)?(?:would|might|may|could|"
    r"will|do|often|prefer\s+to|like\s+to)\s+(?:argue\s+(?:for|to)\s+|suggest\s+|recommend\s+|"
    r"advocate\s+|favou?r\s+|prefer\s+(?:to\s+)?|choose\s+to\s+|want\s+to\s+|opt\s+to\s+|say\s+"
    r"(?:to\s+|that\s+|we\s+should\s+)?)?",
    r"\b(?:some|many|others|most)\s+(?:people\s+|colleagues\s+|clinicians\s+|physicians\s+|"
    r"doctors\s+|experts\s+)?(?:suggest|recommend|advocate|favou?r|prefer|argue\s+for|say)\b",
    r"\bthe\s+(?:textbook|standard|usual|conventional|reflexive|knee-jerk|default)\s+(?:answer|"
    r"approach|move|advice|teaching|reflex|response)\s+(?:is|would\s+be)\s+(?:to\s+)?",
    r"\b(?:one|someone|somebody|a\s+colleague)\s+(?:could|might|may|would)\s+(?:argue|suggest|say|"
    r"propose)(?:\s+(?:for|that|to|we\s+should))?\b",
    r"\bthe\s+(?:suggestion|idea|proposal|temptation|instinct|urge|impulse|argument|notion)\s+"
    r"(?:to|that|of|for)\b",
    r"\b(?:the\s+)?(?:team|resident|intern|pharmacist|pharmacy|nurse|nursing\s+staff|family)\s+"
    r"(?:wants|wanted|suggests|suggested|proposes|proposed|is\s+asking|asked|would\s+like|"
    r"recommends|recommended|advises|advised|favou?rs|favou?red)\s+"
    r"(?:us\s+)?(?:to\s+)?",
    r"\bit\s+(?:has\s+been|was|is\s+often|is\s+sometimes)\s+(?:suggested|argued|proposed)\s+"
    r"(?:that|to)?",
    r"\bthere\s+is\s+(?:an?\s+)?(?:argument|case|school\s+of\s+thought)\s+(?:for|that|to)\b",
)
ATTRIBUTE_BEFORE_ZH: tuple[str, ...] = (
    r"(?:有人|有些人|有的人|也有人|部分(?:医生|医师|专家|人)|有(?:医生|专家|同事|观点|意见)|"
    r"一些(?:医生|专家|人))(?:会|可能会|可能|也许会)?(?:认为|建议|主张|觉得|说|提出|倾向于|"
    r"选择|考虑|会)(?:应该|应|要)?",
    r"(?:团队|住院医师?|药师|药剂科|护士|家属)(?:想|希望|建议|提出|主张|要求)(?:要)?",
)
#: The same said after what it governs ("Holding warfarin has been suggested", 暂停华法林的
#: 建议): back to the clause's start; it changes a decision only when rejected.
ATTRIBUTE_AFTER_EN: tuple[str, ...] = (
    r"\b(?:has\s+been|was|is\s+being|is\s+often)\s+(?:suggested|proposed|floated|raised|"
    r"advocated)\b",
    r"\bis\s+what\s+(?:some|many|others|most|people|colleagues|the\s+team)(?:\s+\w+)?\s+(?:would|"
    r"might|often)\s+(?:do|suggest|recommend|say)\b",
    r"\bis\s+the\s+(?:usual|standard|textbook|common|conventional)\s+(?:line|answer|advice|"
    r"teaching|reflex)\b",
)
ATTRIBUTE_AFTER_ZH: tuple[str, ...] = (
    r"的(?:建议|提议|想法|说法|观点|意见|主张)|这个(?:说法|建议|提议|想法|观点)",
)
#: The answer rejecting what another holds, said after it in its sentence or as the next
#: sentence alone ("; I disagree.", "is one I'd push back on", 我不同意, 我持保留意见).
REJECT_EN: tuple[str, ...] = (
    r"\bI(?:'d|\s+would)?\s+(?:push\s+back\s+on|argue\s+against|reject|resist)\b",
    r"\bI(?:'d|\s+would)\s+not\s+(?:go\s+along\s+with|support|endorse|follow)\b",
    r"\bI\s+(?:disagree|don't\s+agree|do\s+not\s+agree|don't\s+buy|do\s+not\s+buy|"
    r"don't\s+think\s+so|do\s+not\s+think\s+so|am\s+not\s+convinced|'m\s+not\s+convinced)\b"
    r"(?!\s+(?:with|that)\b)",
    r"\bI'm\s+not\s+convinced\b|\bI\s+wouldn't\s*(?=[.;!]|$)",
    r"\b(?:but\s+)?not\s+(?:me|for\s+me|here|in\s+this\s+case)\s*(?=[.;!]|$)",
    r"\bI(?:'m|\s+am)\s+not\s+on\s+board\b|\bI\s+have\s+(?:serious\s+)?reservations\b",
    r"\bI\s+(?:don't|do\s+not)\s+think\s+(?:that's|that\s+is|it's|it\s+is)\s+(?:right|correct|wise|"
    r"appropriate|needed|necessary|indicated|the\s+right\s+call)\b",
    r"\bI(?:'d|\s+would)\s+argue\s+(?:it's|it\s+is|that's|that\s+is)\s+(?:wrong|a\s+mistake|not\s+right|"
    r"misguided)\b",
    r"\bnot\s+(?:something|one)\s+I(?:'d|\s+would)\s+(?:support|endorse|do|recommend|follow)\b",
)
REJECT_ZH: tuple[str, ...] = (
    r"我(?:并|是)?(?:不同意|不赞同|不认同|不赞成|不支持|不这么认为|不这样认为|不敢苟同|持保留意见|"
    r"持反对意见|有保留|不这么看|不这样看|不认可|不以为然|不会这么做|不会这样做|不这么做|不这样做)"
    r"|不敢苟同|不以为然",
)
#: The answer endorsing what another holds: the decision is the answer's own.
ENDORSE_EN: tuple[str, ...] = (
    r"\bI\s+(?:fully\s+|completely\s+)?(?:agree|concur|support\s+(?:that|this|it))\b",
    r"\bwhich\s+I\s+(?:agree\s+with|support|endorse)\b",
    r"\bI(?:'d|\s+would)\s+do\s+the\s+same\b|\b(?:and\s+)?(?:so\s+would|as\s+would)\s+I\b",
    r"\b(?:that's|that\s+is)\s+what\s+I(?:'d|\s+would)?\s+(?:do|recommend|suggest)\b",
    r"\bI\s+(?:would|do|will)\s+too\b",
    r"\b(?:rightly|correctly)\b",
)
ENDORSE_ZH: tuple[str, ...] = (
    r"我(?:也|完全)?(?:同意|赞同|认同|赞成|支持)|我也(?:会|建议|倾向于)(?:这样|这么)",
)

# ------------------------------------------------------------ eighth pass (issue #35, f35j)
#: An option weighed and then rejected in its sentence ("I considered continuing metformin
#: and decided against it", 考虑过维持原剂量，但不采纳): the option is set aside, as after
#: "rather than" (:data:`ALTERNATIVE_EN`).
CONSIDERED_EN = (
    r"\b(?:I|we)\s+(?:also\s+|did\s+|have\s+|had\s+)?(?:consider(?:ed)?|weigh(?:ed)?|thought\s+about|"
    r"entertained|contemplated|looked\s+at|debated)\b"
)
CONSIDERED_PAST_ZH = r"(?:曾|也)?(?:考虑过|想过|斟酌过|权衡过|评估过)"
REJECTED_AFTER_EN = (
    r"\b(?:decided\s+against|ruled\s+(?:it|that|this)?\s*out|rejected|dismissed|set\s+(?:it|that)\s+aside|"
    r"chose\s+not|decided\s+not|(?:it\s+)?(?:was|is)\s+not\s+(?:chosen|adopted|the\s+right)|"
    r"went\s+against|passed\s+on|but\s+(?:not|no|won't|wouldn't|didn't)|"
    r"but\s+(?:it|that|this)\s+(?:is|was)(?:n't|\s+not)\s+(?:right|appropriate|suitable|indicated|the\s+right)|"
    r"but\s+(?:it|that|this)\s+(?:isn't|wasn't|doesn't|does\s+not)\b|"
    # the author declining the option it weighed, by a pronoun (eleventh pass): "I
    # considered X and would not do that", "... but won't go that way", "... and advise
    # against it"
    r"(?:would|will|'d|should|do|did)(?:n't|n’t|\s+not)\s+(?:do|go\s+with|choose|pick|take|"
    r"recommend|advise|suggest|pursue|favou?r|go)\s+(?:that|it|this|so|them|that\s+way|"
    r"that\s+route|there)\b|won't\s+(?:do|go\s+with|choose|recommend)\s+(?:that|it|this|so)\b|"
    r"(?:advise|argue|decide|recommend)d?\s+against\s+(?:that|it|this|them)\b)"
)
REJECTED_AFTER_ZH = (
    r"不采纳|未采纳|没(?:有)?采纳|不予采纳|不采用|否决|排除|放弃|不选|未选|作罢|没选|不取"
    r"|(?:但|不过)(?:这里|此处|本例|目前)?(?:并)?不(?:合适|适合|适用|可取|妥当)"
    # a bare rejection closing the clause that weighed the option (eleventh pass):
    # 考虑过X，不建议。/ 想过X，但我不会这么做
    r"|(?:我|但|但我|不过)?(?:并)?(?:不建议|不推荐|不主张|不赞成|不会这么做|不会这样做|"
    r"不打算这么做)(?=\s*(?:[。；;！!）)]|$))"
)
#: **Named, then rejected** (issue #35, ninth pass): a predicate after an option that says
#: the author does not choose it ("X is not what I'm recommending", "X was considered and
#: rejected", X已考虑并排除, X不是我的建议): the option before it is rejected, not endorsed.
REJECTED_PREDICATE_EN = (
    r"\b(?:is|was|are|were)(?:n't|\s+not)\s+what\s+(?:I|we)(?:'m|'re|\s+am|\s+are)?\s+"
    r"(?:recommend|suggest|advis|propos|going\s+with)\w*"
    r"|\b(?:was|were|has\s+been|have\s+been)\s+(?:considered|weighed)\s+and\s+"
    r"(?:rejected|ruled\s+out|set\s+aside|dismissed|excluded)\b"
    # judged wrong after it is named (tenth pass): "To continue it would be the wrong call",
    # "stopping it now would be a mistake", "restarting it is ill-advised"
    r"|\b(?:would|will|might|could)\s+be\s+(?:the\s+|a\s+|an\s+)?(?:\w+\s+)?(?:wrong|mistaken|"
    r"incorrect|inappropriate|unwarranted|unjustified|unsafe|ill-advised|misguided|premature|"
    r"mistake|error|blunder)\b"
    r"|\b(?:is|are)\s+(?:the\s+|a\s+)?(?:wrong|ill-advised|misguided|a\s+mistake|an\s+error)\b"
    r"|\b(?:is|are|was|were)\s+(?:not|n't)\s+(?:the\s+right|a\s+good|the\s+correct)\s+"
    r"(?:call|move|choice|decision|approach|plan|option)\b"
)
REJECTED_PREDICATE_ZH = r"(?:已|已经|均已|也已)(?:考虑|斟酌|权衡|评估)(?:过)?(?:并|后|且)?(?:已)?(?:排除|否决|放弃|不采纳)"
#: A verb of disregard: the finding after it is its object, so a negation or a rejected
#: frame before the verb reverses the disregard, not the finding ("Rather than ignoring the
#: QT risk, ...", "(Not ignoring the QT risk.)", 不要忽略QT风险: the risk stands).
DISREGARD_VERB = (
    r"\b(?:ignor|overlook|disregard|dismiss|neglect|downplay|discount|brush\w*\s+aside)\w*"
    r"|忽略|忽视|无视|轻视|漠视|不顾"
)
#: Condition words the seventh pass lacked: an inverted "should" ("Should the potassium
#: drop below 3.5, replace it"), "in the event", and a contingency label (备用方案, 预案).
CONDITION_EXTRA = (
    r"(?:^|(?<=[\s(（.;:]))[Ss]hould\s+(?:the|it|she|he|they|her|his|there|that|this|any|labs?)\b"
    r"|\bin\s+the\s+event\b|\bcontingency\b|\bfallback\b|\bbackup\s+plan\b"
    r"|备用方案|预案|应急方案|(?<![例比假譬诸])如(?![果下上此何同今期实])(?=[^，。；,;]{1,12}?[，,])"
)
