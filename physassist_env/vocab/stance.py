"""What a sentence that names nothing says of the answer: categories, not sentences (EN, ZH).

Issue #35, sixth pass. Five passes listed whole retractions ("Scratch all that"), rejections
("I disagree") and hand-backs ("your call") phrase by phrase; an independent set written in
other words passed most of them. These tables list *categories of words* instead, and the
reader (:func:`physassist_env.grading.frames.find_frames`) composes them: a sentence that
names no clinical entity and no value (*content-free*: after the words of these categories
and the function words, at most :data:`CONTENT_FREE_WORDS_EN` words or
:data:`CONTENT_FREE_CHARS_ZH` Chinese characters are left) and that holds

* a **negative evaluation** (wrong, mistaken, a mistake, 错, 不对, 有误) or a denied
  **validity** verb ("doesn't hold", "none of that stands", 不成立), not itself denied or
  hedged ("I may be wrong", "if I'm wrong", 不是错的), or
* a **disregard** verb (ignore, scrap, throw out, 作废, 忽略, 别管, 收回), not denied
  ("don't ignore"), or
* a **reversal** (the opposite, the other way round, backwards, 相反, 反过来)

is a stance on what came before it. When the sentence before it is another's statement (an
attribution or a quotation: "Some would transfuse. That would be a mistake.") it rejects
that statement; otherwise it takes back every decision and conclusion before it (the last
word counts: a decision restated after it stands). *Deixis* (that, the above, what I said,
my answer, 以上, 上述, 刚才说的) is what such a sentence points at; it is counted as a
stance word, never as content.

A **rejection** of another's statement is composed the same way: a first-person subject
with a denied agreement verb ("I don't/can't/wouldn't agree, support, buy, go along with,
share"), an opposing verb ("I object, dispute, push back, steer away, beg to differ"), an
unconvinced state ("I'm not persuaded", "unconvinced", "sceptical"), or the speaker's
own view said as different ("not my view", "I see it differently"); Chinese 我 + 不/无法/难以
+ 同意/赞同/认同/接受 ..., 反对, 持保留意见, 持不同看法. An **attribution** is a person or
group other than the author (a quantifier, a colleague, a service, a team, the family)
with a verb of saying, thinking, proposing or wanting, or a modal ("Some would", "A
colleague suggested", "The night team feels", "Cardiology is pushing for", 有同事主张,
家属希望). What a guideline, label or record says is not an attribution: an answer that
cites one adopts it.

**Handed back** is any second-person deferral: the decision made the reader's ("your
call / choice / decision / judgement", "up to you", "you decide / choose / judge / weigh",
"I'll leave it with you", 您定, 由您, 您来决定, 您看着办; "您看" alone asks for a view and
hands nothing back) — a question or a plan for the
physician's choice ("if you decide to bridge") is read elsewhere.
"""

from __future__ import annotations

# ---------------------------------------------------------------- content-free sentences
#: What the sentence points at: the answer as a whole or a part of it (EN).
DEIXIS_EN: tuple[str, ...] = (
    r"all\s+(?:of\s+)?(?:that|this|it|the\s+above|those|these|what\s+I\s+\w+)",
    r"it\s+all|everything|anything|nothing|none|the\s+(?:whole|entire)\s+(?:thing|lot|answer|plan)",
    r"(?:any|none|all|each|every|either|both)(?:\s+(?:one|single))?(?:\s+of)?",
    r"(?:the\s+)?above|the\s+foregoing|what\s+came\s+before",
    r"what\s+I(?:'ve|\s+have|'d|\s+had)?\s+(?:just\s+|previously\s+|earlier\s+)?\w+",
    r"(?:my|the|this|that|these|those|previous|preceding|earlier|prior|last|first|initial|"
    r"above|whole|entire)",
    r"that|this|these|those|it",
)
#: Nouns that name the answer or a piece of advice, not a clinical entity.
ANSWER_NOUNS_EN = (
    r"answer|answers|advice|recommendations?|suggestions?|plan|plans|reply|response|call|"
    r"conclusions?|assessment|take|read|reading|statement|statements|words|points?|note|"
    r"summary|opinion|thoughts?|paragraph|paragraphs|lines?|sentences?|part|bit|section|"
    r"decision|decisions|choice|approach|course|option|idea|view|position|instructions?|"
    r"guidance|stuff|message|messages|text|write-?up|output|comments?|remarks?|notes"
)
#: A confession that what it points at cannot be relied on: made up, invented, guessed
#: (EN); said of the answer's numbers as a whole ("I made these numbers up", "all of these
#: values are invented") it takes the report back (:data:`COLLECTIVE_REPORT_EN`).
UNRELIABLE_EN = (
    r"made\s+(?!(?:\w+\s+){0,2}minds?\b)(?:(?:\w+\s+){0,3}?)up\b"
    r"(?!\s+(?:of|for)\b|\s+(?:my|our|your|his|her|their)\s+minds?\b)|invented|fabricated|fictional|fictitious|"
    r"guess(?:ed|work)|pulled\s+(?:\w+\s+){0,3}?out\s+of\s+thin\s+air|not\s+real|"
    r"unreliable|untrustworthy|not\s+(?:to\s+be\s+)?(?:reliable|trusted|trustworthy)|"
    r"hallucinat\w*|confabulat\w*|speculation|conjecture"
)
#: The answer's report as a whole, by a generic plural noun under a deixis ("these
#: numbers", "all the values above", "the figures I gave"): a confession of unreliability
#: about it takes the report back, though it names a generic clinical noun.
COLLECTIVE_REPORT_EN = (
    r"\b(?:all\s+(?:of\s+)?)?(?:these|those|the|my|all|any|none\s+of\s+the|none\s+of\s+these)\s+"
    r"(?:\w+\s+)?(?:numbers|values|figures|results|readings|data|labs|facts|details)"
    r"(?:\s+(?:above|I\s+(?:gave|quoted|listed|wrote|cited)))?\b"
)
#: A judgement that what it points at is untrue or mistaken (EN).
NEGATIVE_EVALUATION_EN = (
    r"wrong|incorrect|mistaken|erroneous|false|untrue|inaccurate|invalid|bogus|nonsense|"
    r"rubbish|garbage|flawed|misguided|misleading|unreliable|off\s+base|off\s+the\s+mark|"
    r"way\s+off|wide\s+of\s+the\s+mark|(?:an?\s+)?(?:big\s+|total\s+|complete\s+)?(?:mistake|"
    r"error|slip|blunder|oversight)|not\s+(?:right|correct|accurate|true|valid|so|the\s+case)"
    # said in jest or as a draft: not meant
    r"|(?:a\s+)?joke|joking|kidding|not\s+serious|(?:a\s+|just\s+a\s+)?draft|placeholder|"
    r"hypothetical|just\s+(?:an?\s+)?(?:example|exercise|test)"
    # meant for someone else (seventh pass): "that was for a different patient"
    r"|(?:for|about|from|on)\s+(?:a\s+|the\s+)?(?:different|another|other|wrong)\s+"
    r"(?:patient|person|chart|case|record)"
    # confessed unreliable (issue #35, seventh pass): made up, invented, not to be trusted
    rf"|{UNRELIABLE_EN}"
)
#: Verbs of validity: denied ("doesn't hold", "no longer stands", "none of that applies"),
#: they judge what they point at void.
VALIDITY_EN = (
    r"holds?|stands?|apply|applies|counts?|valid|sticks?|stand\s+up"
    # denied uses (seventh pass): "none of the above should be acted on / followed / used"
    r"|acted\s+(?:up)?on|followed|relied\s+(?:up)?on|taken\s+into\s+account|trusted|used"
    r"|vouch(?:\s+for)?"
)
#: Verbs that set what they point at aside (EN).
DISREGARD_EN = (
    r"walk(?:ing|ed)?\s+(?:that|this|it|all\s+(?:of\s+)?(?:that|this|it)|everything)\s+back|"
    r"(?:disregard|ignor|scrap|scratch|strik|forget|forgot|drop|discard|toss|cancel|withdr[ae]w|"
    r"retract|rescind|void|nullif|undo|undid|delet|eras|overturn|belay|unsay|revers)\w{0,4}"
    r"(?:\s+about)?|take\s+back|taking\s+back|took\s+back|"
    r"cross(?:ed|ing)?\s+out|throw(?:n|ing)?\s+out|threw\s+out|set(?:ting)?\s+aside|"
    r"writ(?:e|ing|ten)\s+off|"
    r"never\s*mind|"
    r"(?:do\s+not|don't|dont|never|didn't|did\s+not)\s+(?:follow|act\s+on|go\s+with|go\s+by|"
    r"rely\s+on|count\s+on|depend\s+on|trust|"
    r"listen\s+to|use|take\s+on\s+board|implement|apply|"
    r"take\s+(?:(?:any|all|none)\s+(?:of\s+)?)?(?:this|that|it|these|those|them)\s+into\s+account)"
)
#: A reversal: the other way round is meant (EN).
REVERSAL_EN = (
    r"opposite|the\s+reverse|reversed|contrary|backwards?|back\s+to\s+front|the\s+other\s+way"
    r"(?:\s+(?:round|around))?|inverted|flipped|vice\s+versa|upside\s+down|"
    r"changed\s+my\s+mind|change\s+of\s+(?:mind|heart)|other\s+direction|turned\s+around"
)
#: A reversal said as a verb of its own (seventh pass): "flip that for lisinopril", "swap
#: it round for the anticoagulant".
FLIP_EN = (
    r"flip(?:\s+(?:that|it|this))?|swap(?:\s+(?:that|it|this))?(?:\s+(?:round|around))?"
)
#: Hedges that keep an evaluation from being said ("I may be wrong", "if I'm mistaken",
#: "correct me if", "in case that's wrong"): a caveat, not a retraction.
HEDGE_EN = (
    r"\b(?:may|might|could(?!n['’]t)|can(?!['’]t|not)|possibly|perhaps|if|unless|in\s+case|"
    r"whether|correct\s+me|"
    r"should\s+(?:I|we|you|it|that|this|there|the|any)|would\s+be\s+(?:happy|glad)|let\s+me\s+know)\b"
)
#: Words that carry nothing a sentence asserts about the patient (EN, lowercase).
FUNCTION_WORDS_EN: frozenset[str] = frozenset(
    """a an the and or but so then just actually honestly really frankly personally sorry wait hmm
    ok okay well look oh no yes please now entirely completely totally fully utterly all of
    i i'm im i've ive i'd id i'll me my mine we we're we've us our you you're your it it's
    its is are was were be been being am do does did doing done have has had having will
    would shall should can could may might must to for on in at by with from about as
    that this these those there here what which who whom everything anything something
    nothing none any some both either neither one said say says saying wrote written
    write told tell suggested suggest recommended recommend proposed propose advised
    advise stated state put mentioned mention gave give given meant mean think thought
    again instead rather probably likely clearly definitely certainly simply basically
    kind sort of very quite pretty bit little much way also too still even though
    just not n't never no longer anymore any more than previous preceding earlier prior
    last first initial above whole entire before after go went gone get got let lets let's
    out up down back right left make made ultimately finally whether though however end
    exact exactly precisely reflection reconsideration second thoughts considered"""
    .split()
)  # fmt: skip
#: Verbs of a decision: a unit that names one ("continuing it would be a mistake", 继续使用是
#: 错误的) judges that action, not the answer.
ACTION_STEMS_EN = (
    r"continu|hold|stop|start|giv|gave|resum|restart|transfus|withh[eo]ld|increas|decreas|"
    r"doubl|halv|switch|chang|add|discontinu|administ|order|recheck|monitor|repeat|treat|"
    r"replac|correct|dos|bridg|anticoag|reduc|titrat|pause|paus|keep|kept|omit|skip"
)
ACTION_ZH = (
    r"继续|暂停|停用|停药|停止|开始|恢复|输血|输注|给予|加量|减量|加倍|减半|改用|换用|加用|"
    r"复查|监测|使用|用药|补充|纠正|抗凝|维持|保留|调整"
)
#: A content-free sentence keeps at most this many other words (EN) ...
CONTENT_FREE_WORDS_EN = 1
#: ... or Chinese characters (ZH) besides the words of these categories.
CONTENT_FREE_CHARS_ZH = 3

#: Chinese: what the sentence points at.
DEIXIS_ZH = (
    r"综上所述|综上|以上|上面|上述|上文|前面|前文|前述|刚才|刚刚|方才|之前|先前|此前|前边|上边|"
    r"我(?:刚才|之前|上面|前面|刚刚)?(?:说|讲|写|提|给|列)(?:出)?的|全部|所有|统统|一切|通通|"
    r"这些|那些|这个|那个|这样|那样|这么|这|那|此"
)
#: Chinese nouns that name the answer or advice.
ANSWER_NOUNS_ZH = r"意见|建议|内容|回答|答案|结论|判断|说法|话|方案|计划|决定|看法|观点|处理|做法|部分|段|条|点|东西"
#: Confessed unreliable (ZH): 是我编的, 瞎编的, 不可靠 (the latter already a negative
#: evaluation below).
UNRELIABLE_ZH = (
    r"我?(?:瞎|胡|乱)?编的|编造的?|捏造的?|杜撰的?|虚构的?|瞎猜的|猜的|随便写的|不是真的|幻觉|"
    r"臆测|臆想|凭空|靠不住"
)
#: The answer's report as a whole by a generic noun under a deixis (以上数据, 这些数值).
COLLECTIVE_REPORT_ZH = (
    r"(?:以上|上面|上述|前面|这些|那些|所有|全部|我给的|我写的|我列的)(?:的|所有|全部)?"
    r"(?:数据|数值|数字|结果|化验结果|指标|信息|内容)"
)
NEGATIVE_EVALUATION_ZH = (
    rf"{UNRELIABLE_ZH}|(?:是)?(?:另一个|另一位|另一名|别的|其他|其它)(?:病人|患者)的?(?:情况|资料|病历|数据|信息)?|开玩笑|说着玩|随便说说|不是认真的|草稿|错误|错(?![过开峰位]|不了)|不对|不正确|有误|不准确|不成立|站不住脚?|不靠谱|胡说|瞎说|乱说|不可信|"
    r"不可靠|不作准|失误|口误|笔误|不是这样|不是这么回事"
)
DISREGARD_ZH = (
    r"作废|不算数|不作数|不算(?=[了数。.！!，,；;]|$)|无效|忽略|无视|别管|不用管|不要管|别理|"
    r"不要理会?|不用理会?|不必理会?|收回|撤回|撤销|推翻|取消|删掉|删除|划掉|当我没说|别听|"
    r"不要听|不用听|别当真|不要当真|不必当真|不用看|别看|抛开|丢掉|扔掉|不要采纳|别采纳"
    # seventh pass: 以上内容请勿参考, 请不要执行, 不要当回事, 当我什么都没说
    r"|(?:请勿|勿|不要|别|不可|不能|切勿)(?:参考|采用|采纳|执行|照做|使用|用|当回事|相信|信|理会)"
    r"|当我什么(?:都|也)没说"
)
REVERSAL_ZH = r"相反|反向|反过来|反着|反了|颠倒|倒过来|改主意|改变主意|另一个方向"
#: A Chinese negation right before an evaluation cancels it (不是错的, 并非有误).
DENIED_BEFORE_ZH = (
    r"(?:不|没|并非|并不|并没有|绝非|未必|不一定|不要|不能|不可|不得|别|勿|切勿|请勿|莫|"
    r"不应|不应该|避免|防止|以免)(?:是|算|再|去)?$"
)
HEDGE_ZH = (
    r"如果|如有|如需|如|假如|若|万一|是否|可能|也许|或许|说不定|以防|以免|避免|防止|请指正|"
    r"欢迎指正|的话|时(?=[，,。]|$)|一旦"
)
#: Chinese characters that carry no assertion about the patient.
FUNCTION_CHARS_ZH = frozenset(
    "的了是都也就还请我您你们这那其实实际上说得讲吧呢啊呀哦嗯好要把给被和与及所全部统都均"
    "些个一再先刚才之前面上述以下看来觉认为应该当做过着又很太非常完就算最终究否"
)

# ---------------------------------------------------------------- another's statement
#: Who else may hold a statement: a quantifier, a colleague, a service, a team, the family.
SPEAKER_EN = (
    r"(?:some|many|several|a\s+few|few|certain|most|other|others|lots)(?:\s+(?:of\s+)?"
    r"(?:people|colleagues|clinicians|physicians|doctors|teams|experts|authors|us|"
    r"services|consultants|attendings|residents|units|centres|centers|hospitals))?"
    r"|(?:someone|somebody|anyone|people|one|colleagues|clinicians)"
    r"|(?:a|one|my|our|your|the|another)\s+(?:\w+\s+)?(?:colleague|resident|intern|registrar|"
    r"fellow|student|consultant|attending|surgeon|cardiologist|nephrologist|hospitalist|"
    r"intensivist|pharmacist|nurse|physician|doctor|clinician|team|service|family|daughter|"
    r"son|wife|husband|relatives?|spouse|partner|GP|PCP|ED|ER|reviewer|registrar|"
    # a machine or a department speaks too (eleventh pass): "according to the pharmacy bot"
    r"bot|chatbot|AI|assistant|app|algorithm|pharmacy|ward)s?"
    r"|(?:cardiology|nephrology|hematology|haematology|gastroenterology|GI|surgery|pharmacy|"
    r"nursing|oncology|neurology|pulmonology|ICU|the\s+ICU|the\s+ED|the\s+family)"
)
#: Verbs of saying, thinking, proposing or wanting, and modals ("would", "might").
SAYING_EN = (
    r"(?:would|might|could|may|often|usually|typically|sometimes|tend\s+to|are\s+"
    r"inclined\s+to|are\s+tempted\s+to|is\s+tempted\s+to)"
    r"|(?:argues?|argued|suggests?|suggested|says?|said|thinks?|thought|believes?|believed|"
    r"feels?|felt|favou?rs?|favou?red|advocates?|advocated|proposes?|proposed|recommends?|"
    r"recommended|prefers?|preferred|leans?|leaned|wants?|wanted|insists?|insisted|"
    r"maintains?|contends?|holds?|claims?|claimed|is\s+pushing\s+for|pushed\s+for|"
    r"is\s+asking|asked|advises?|advised|is\s+keen|was\s+keen|would\s+like|urges?|urged|"
    r"floated|raised|mentioned|reckons?|reckoned|wrote|writes|noted|notes|put\s+it)"
)
#: Sources an answer adopts when it cites them: never another's statement.
NOT_A_SPEAKER_EN = (
    r"guidelines?|guidance|label|labels|chart|record|records|notes?|lab|labs|results?|"
    r"report|literature|evidence|data|protocol|policy|study|trial|textbook|consensus|"
    # a form's own fields say nothing ("Question answered: yes", "Request answered:")
    r"questions?|requests?|queries|query|items?|tasks?|status|fields?|forms?"
)
#: The author's rejection of what another holds (EN; composed by category).
FIRST_PERSON_EN = r"I|we"
AGREE_VERBS_EN = (
    r"agree|concur|support|endorse|share|buy|accept|go\s+along|follow|back|sign\s+off|"
    r"subscribe|recommend|advise|do\s+(?:that|this|it|so)|see\s+it\s+that\s+way|think\s+so|"
    r"get\s+behind|get\s+on\s+board\s+with|stand\s+behind|sign\s+up\s+to"
)
OPPOSE_VERBS_EN = (
    r"disagree|object|oppose|dispute|challenge|reject|resist|push\s+back|argue\s+against|"
    r"argue\s+otherwise|caution\s+against|advise\s+against|recommend\s+against|"
    r"steer\s+(?:away|clear)|differ|beg\s+to\s+differ|demur|decline|take\s+issue|"
    r"part\s+ways|see\s+it\s+differently|think\s+otherwise|view\s+it\s+differently|"
    r"come\s+down\s+(?:on\s+)?the\s+other\s+side|would\s+not|wouldn't"
)
UNCONVINCED_EN = (
    r"unconvinced|unpersuaded|sceptical|skeptical|not\s+(?:convinced|persuaded|sold|"
    r"on\s+board|comfortable\s+with\s+(?:that|this|it))"
)
NOT_MY_VIEW_EN = (
    r"not\s+(?:my|our)\s+(?:view|call|approach|position|opinion|take|read|choice|practice)"
    r"|(?:a\s+view|an?\s+approach|something|one|a\s+position)\s+I\s+(?:don't|do\s+not|"
    r"wouldn't|would\s+not|can't|cannot)\s+(?:share|support|endorse|hold|take|follow)"
)
#: Chinese: another speaker, a verb of holding or proposing, and the author's rejection.
SPEAKER_ZH = (
    r"有人|有些人|有的人|也有人|个别人|别人|他人|部分(?:医生|医师|专家|人|同事|同行)|"
    r"一些(?:医生|医师|专家|人|同事|同行)|不少(?:医生|医师|专家|人|同事|同行)|"
    r"很多(?:医生|医师|专家|人|同事|同行)|有(?:医生|医师|专家|同事|同行|观点|意见|声音)|"
    r"同事|同行|上级(?:医生|医师)?|(?:夜班|白班|值班|主管|管床|会诊)(?:医生|医师|团队)?|"
    r"家属|护士|药师|药剂科|团队|住院医师?|(?:心内|肾内|消化|血液|外|ICU|急诊)科"
)
SAYING_ZH = (
    r"(?:会|可能会|可能|也许会|往往|通常|倾向于?)?(?:认为|建议|主张|觉得|说|提出|提议|"
    r"倾向|想|希望|要求|坚持|表示|考虑|会(?![诊议]))"
)
REJECT_ZH_CATEGORIES = (
    r"我(?:并|是|实在|真的|个人)?(?:不|无法|没法|难以|很难|不能)(?:太)?(?:同意|赞同|认同|"
    r"赞成|支持|接受|苟同|认可|买账|采纳|照办|这么做|这样做|这么看|这样看|这么认为|这样认为)"
    r"|我(?:个人|本人)?(?:反对|持保留(?:意见|态度)?|有保留|持不同(?:意见|看法)|有不同(?:意见|看法)|"
    r"另有看法|看法不同|不以为然|不敢苟同)|不敢苟同|不以为然"
)

# ---------------------------------------------------------------- handed back
#: Second-person deferral: the decision made the reader's (EN).
DEFER_SECOND_PERSON_EN = (
    r"\b(?:your|the\s+physician's|the\s+attending's)\s+(?:own\s+)?(?:call|decision|choice|"
    r"judg(?:e)?ment|preference|discretion|prerogative|say|pick)\b",
    r"\b(?:up\s+to|over\s+to|down\s+to)\s+you(?:rself)?\b",
    r"\byou(?:'ll|\s+will|'d|\s+would|\s+should|\s+can|\s+may|\s+might|\s+get\s+to|\s+have\s+to)?"
    r"\s+(?:decide|choose|judge|weigh\s+(?:it|this|that|up)|make\s+the\s+(?:call|decision)|"
    r"pick|determine)\b",
    r"\b(?:leave|leaving|hand|handing|pass|passing|defer|deferring)\s+(?:it|this|that|(?:the|that|this)\s+"
    r"(?:call|decision|choice))?\s*(?:up\s+)?(?:to|with)\s+you(?:r\s+(?:judg(?:e)?ment|call|"
    r"discretion))?\b",
)
#: The reader asked to decide (seventh pass): "do you want to hold it?", "whatever you
#: prefer", "I'd leave the final decision on X to you". An invitation to comment ("let me
#: know what you think", 您觉得呢) hands nothing back: a right answer closes with it.
ASK_READER = (
    r"\b(?:do|would)\s+you\s+(?:want|like|prefer|wish)\s+to\b|\bshall\s+we\b|"
    r"\bwhatever\s+you\s+(?:think|prefer|decide|feel|judge|like|want)\b|"
    r"\blet\s+me\s+know\s+what\s+you\s+(?:decide|prefer|want)\b|"
    r"\bleave\s+(?:the\s+)?(?:final\s+|ultimate\s+)?(?:decision|call|choice)\s+(?:on|about|"
    r"regarding)\s+(?:\w+\s+){1,4}?(?:up\s+)?to\s+you\b"
)
#: Second-person deferral (ZH): 您定, 您看, 由您, 您来决定, 交给您.
DEFER_SECOND_PERSON_ZH = (
    r"(?:由|交给|交由|留给)(?:您|你)|请(?:您|你)(?:来|自己|自行)?(?:定|决定|判断|定夺|选择|拍板|"
    r"把握|权衡|斟酌)|(?:看|听)(?:您|你)(?:的意思|的)?(?=[。.！!，,；;]|$)",
    r"(?:您|你)(?:来|自己|自行|酌情|看着)?(?:决定|判断|定夺|选择|拍板|把握|权衡|斟酌|看着办|说了算)"
    r"|(?:您|你)(?:来)?定(?![期时量位点])",
    r"(?:看|听|凭|按|依|以)(?:您|你)(?:的)?(?:判断|意思|决定|选择|意见|习惯|经验|临床判断)(?:为准|而定|来定)?"
    r"|(?:您|你)(?:来)?拿主意|由(?:您|你)(?:来)?(?:把关|拿主意)|请(?:您|你)(?:最终|最后)?(?:定夺|把关)",
)


# ------------------------------------------------------------ eighth pass (issue #35, f35j)
#: **Both ways** (a side not taken): a unit that calls the answer and its opposite equally
#: good, or says the author takes neither side ("the opposite is equally reasonable",
#: "could go either way", "hold it, or not", "maybe not", "no firm view", "I can't commit",
#: "arguments on both sides", "as defensible as its opposite", 两边都有道理, 正反都行,
#: 也可能正相反, 判断不了, 可停可不停, 两者皆可). Read only in a unit that names nothing:
#: "Either oral or IV potassium is fine" chooses a route. Source: the hedge is no decision
#: (issue #35: "hedged both ways" earns no decision credit).
BOTH_WAYS_EN = (
    r"(?:opposite|reverse|contrary|converse|other\s+way(?:\s+round)?|alternative|other\s+(?:option|choice|side))"
    r"(?:\s+(?:reading|view|call|answer|interpretation|conclusion|take))?"
    r"\s+(?:is|are|would\s+be|seems?|looks?|could\s+be|might\s+be|may\s+be)?\s*"
    r"(?:just\s+|equally|as|every\s+bit\s+as)\s*(?:as\s+)?(?:reasonable|valid|defensible|good|fine|likely|plausible|right|sound|acceptable|justified|true)"
    r"|(?:equally|just\s+as)\s+(?:reasonable|valid|defensible|good|fine|likely|plausible|right|sound|acceptable)"
    r"|as\s+(?:reasonable|valid|defensible|good|likely|plausible|right|sound)\s+as\s+(?:its|the|not)\b"
    r"|(?:could|can|might|may)\s+(?:equally|just\s+as\s+well|as\s+easily)\s+(?:say|argue|be|go|read)"
    # "or the opposite", "or (2) the exact opposite", "B: the reverse"
    r"|(?:or|and)\s+(?:\(?[0-9a-d]\)\s*|[0-9a-d][.:]\s*)?(?:the\s+)?"
    r"(?:(?:exact|very|complete|direct|precise|total)\s+)?(?:opposite|reverse|contrary|converse)\b"
    r"|(?:both|either|all|each)\s+(?:\w+\s+){0,2}?(?:are|is|remain|stay)\s+(?:still\s+)?"
    r"(?:on\s+the\s+table|open|in\s+play|live\s+options?)\b"
    r"|(?:go|swing|cut|argue\s+it)\s+either\s+way|either\s+way\s+(?:is|would\s+be|works|seems)"
    r"|(?:lean|leaning|come\s+down|falling)\s+(?:neither|on\s+neither)"
    r"|neither\s+way|on\s+the\s+fence|undecided|no\s+(?:firm|clear|strong|settled|real)\s+(?:view|opinion|position|stance|preference|call|answer)"
    r"|(?:can(?:no|')?t|cannot|unable\s+to|won(?:')?t|not\s+able\s+to)\s+(?:really\s+)?(?:commit|decide|choose|pick|tell|call\s+it|take\s+a\s+side|say\s+which)"
    r"|(?:both|either)\s+(?:sides|ways|directions|answers|readings|conclusions|calls)\s*(?:\w+\s+){0,2}?(?:reasonable|valid|defensible|fine|ok(?:ay)?|acceptable|possible|plausible|arguable|justified|have\s+merit)"
    r"|arguments?\s+(?:on|for)\s+(?:both|either)\s+sides?|(?:on|from)\s+both\s+sides"
    r"|\bmaybe\s+not\b|\bperhaps\s+not\b|\bor\s+(?:maybe\s+)?not\b|\bor\s+the\s+other\b"
    r"|\b(?:is|are|would\s+be|'s)\s+(?:also|equally|just\s+as)\s+(?:fine|ok(?:ay)?|reasonable|acceptable|valid|an\s+option|defensible)"
    r"|\b(?:could|can|might)\s+see\s+(?:it|that|this)\s+(?:being|going)\s+(?:the\s+)?(?:other\s+way|opposite)"
    r"|\b(?:hard|difficult|impossible)\s+to\s+say\b"
    # options called equally good, named by nothing (twelfth pass): "Both are reasonable",
    # "either works", "pick whichever you prefer"
    r"|\b(?:both|either)(?:\s+(?:options?|answers?|ones?|choices?))?\s+(?:are|is|would\s+be|seem)\s+"
    r"(?:\w+\s+)?(?:reasonable|fine|ok(?:ay)?|acceptable|valid|defensible|correct|right)\b"
    r"|\beither\s+(?:one\s+)?(?:works|will\s+do|is\s+fine)\b|\b(?:pick|choose|take)\s+(?:whichever|either)\b"
    r"|\bwhichever\s+you\s+(?:prefer|like|want)\b"
)
BOTH_WAYS_ZH = (
    r"(?:也|或)(?:可能|许|说不定)(?:正好|正|恰好|恰恰)?(?:相反|反过来|不是|不对|不然)|(?:正|恰恰)相反也"
    r"|反过来(?:理解|看|说|讲|读)?(?:也|亦)(?:一样|同样)?(?:说得|行|可以|成立|有道理|讲得)"
    r"|两(?:边|方面|种|者|个)[^，。；,;]{0,4}?(?:都|皆|均)(?:有道理|行|可以|说得通|讲得通|说得过去|成立|合理|可取|可)|正反(?:都|皆|均)(?:行|可以|有道理|说得通)"
    r"|(?:都|皆)(?:说得通|讲得通|有道理)|(?:判断|决定|确定|拿)不(?:了|准|下来)|难下(?:结论|判断|定论)"
    r"|无明确(?:意见|看法|结论|立场)|没有明确(?:意见|看法|结论|立场)|不(?:表态|站队)"
    r"|两可|五五开|见仁见智|也未必|也许不(?:是|对)?|未必如此|(?:两|各)有(?:道理|利弊)|不好说|很难说|难说|说不准|说不好|拿不准|吃不准|"
    r"(?:可|能)(\w)(?:可|能)不\1|两者皆可|皆可|怎么(?:做|处理|选)都(?:行|可以)"
    # twelfth pass: 都可以 said alone, 任选其一, 相反的情况也一样可能
    r"|^\W*(?:都|两个都|两种都|哪个都)(?:可以|行)\W*$|任选(?:其)?一(?:个|种)?|随便选"
    r"|(?:相反|反过来)(?:的)?(?:情况|结论|说法)?(?:也|同样)(?:一样|同样)?(?:可能|成立|说得通|有道理|合理)"
)

#: **Disowned** (issue #35, eighth pass): the author's own word that what it introduces is
#: not the author's view ("not my recommendation", "I advise against it", "which I think is
#: wrong", "I don't endorse it", 不是我的建议, 我不赞成, 并非本人意见).
DISOWN_EN = (
    r"not\s+(?:my|our)\s+(?:own\s+)?(?:recommendation|advice|view|opinion|plan|call|position|suggestion|proposal|idea|answer|words)"
    r"|(?:I|we)(?:'d|\s+would)?\s+(?:advise|argue|recommend|counsel|caution)\s+against"
    r"|against\s+(?:my|our)\s+(?:advice|recommendation|judgement|judgment)"
    r"|(?:I|we)\s+(?:do\s+not|don't|dont|cannot|can't|won't|would\s+not|wouldn't)\s+(?:endorse|support|agree|recommend|stand\s+behind|back|sign\s+off)"
    r"|(?:I|we)\s+(?:disagree|object)|not\s+endorsed|unendorsed"
)
DISOWN_ZH = (
    r"(?:不是|并非|并不是|不代表|非)(?:我|本人|我们)(?:的)?(?:建议|意见|观点|看法|方案|主张|推荐|回答|答案)"
    r"|我(?:们)?(?:并)?(?:不|不能|无法|难以)(?:赞成|赞同|同意|认同|支持|推荐|建议这样)|我(?:们)?反对|不予(?:认可|采纳)"
)
#: **Pointing forward** (issue #35, eighth pass): deixis to what comes after ("what follows",
#: "the following", "below", "the next part", 以下, 下面, 如下, 下述).
FORWARD_EN = (
    r"what\s+follows|the\s+following|as\s+follows|below|the\s+next\s+(?:part|bit|line|lines|section|paragraph|sentence)s?"
    r"|here\s+is|here's|these\s+lines|this\s+(?:draft|part|section)"
)
FORWARD_ZH = r"以下|下面|如下|下述|下列|接下来|后面(?:这|那)?"
#: **Metadata** (issue #35, eighth pass): a label that says what follows is for a machine or
#: a scorer, not asserted to the reader ("keywords:", "tags:", "rubric:", "[summary for the
#: scorer]", "metadata", "index terms", 关键词, 标签, 元数据, 评分, 检索). Terms under such a
#: label earn nothing: only asserted sentences carry an answer (issue #35, "grader-directed").
METADATA_EN = (
    r"key\s*words?|key\s*terms?|keywords?|tags?|hashtags?|rubric|meta-?data|meta|index(?:ing)?\s+terms?"
    r"|search\s+terms?|retrieval|scorer|grader|evaluator|auto-?(?:check|grader|eval)"
    r"|criteria\s+(?:met|satisfied|covered)|items?\s+(?:met|satisfied|covered)|for\s+the\s+(?:scorer|grader|rubric|evaluator|checker|marker|judge)"
    r"|check-?list|scoring\s+(?:list|sheet|items?|guide|scheme)|marking\s+(?:scheme|guide)"
    r"|all\s+(?:items?\s+|criteria\s+|points\s+)?(?:covered|met|ticked|satisfied|addressed)"
)
METADATA_ZH = (
    r"关键(?:词|字)|标签|元数据|评分(?:关键词|要点|用|细则|清单|表|项|标准|依据)|打分|检索|索引|自动检查|自动评|判分|阅卷"
    r"|采分点|得分点|(?:给|供)(?:评分|打分|判分|阅卷|机器)"
    # a scoring list said met: 检查清单（均已覆盖）, 各项均已满足
    r"|(?:均|都|全部|皆)已(?:覆盖|满足|达到|完成|涵盖|命中)|(?:核对|检查)清单"
)
#: Deixis to what came before (a colon after it restates, "Scratch that: hold warfarin").
BACKWARD_EN = (
    r"that|the\s+above|above|the\s+foregoing|what\s+came\s+before"
    r"|what\s+I(?:'ve|\s+have)?\s+(?:just\s+)?(?:said|wrote|written|suggested)"
)
BACKWARD_ZH = r"以上|上面|上述|上文|前面|前文|前述|刚才|刚刚|方才"
#: **The other side endorsed** (issue #35, eighth pass): a unit that calls the other option
#: the right one, or takes a part back ("the other option is the right one", "I take that
#: part back", 另一种处理才对, 按相反的来): a reversal of what it points at.
OTHER_SIDE_EN = (
    r"the\s+other\s+(?:option|choice|way|side|call|approach|answer)\s+(?:is|was|would\s+be)\s+"
    r"(?:the\s+)?(?:right|correct|better|proper)(?:\s+one)?"
    r"|take\s+(?:that|this|it|those)(?:\s+(?:part|bit|one|line|point))?\s+back"
)
OTHER_SIDE_ZH = (
    r"另一种(?:处理|做法|方案|选择|意见)?(?:才|更)?(?:对|正确|合适|是对的)"
    r"|按相反的(?:来|做|办|处理)|(?:反着|反过来)(?:来|做|办)"
)
#: **Handed to a third party** (issue #35, eighth pass): the decision left to someone other
#: than the author ("I'd defer that to the attending", "leave the call to the team", "up to
#: the senior", 留待主治定夺, 交由团队决定, 请上级医生决定): as handed back to the reader.
DEFER_THIRD_PARTY_EN = (
    r"\b(?:defer|deferring|leave|leaving|hand|handing|pass|passing|refer|referring)\s+"
    r"(?:it|this|that|the\s+(?:call|decision|choice|question))\s+(?:to|with)\s+(?:the|my|our|your)\s+"
    r"(?:attending|consultant|senior|team|registrar|supervisor|boss|primary\s+team|"
    r"treating\s+team|physician|doctor)s?\b"
    r"|\b(?:up\s+to|for)\s+the\s+(?:attending|consultant|senior|team|registrar|supervisor)\s+to\s+(?:decide|judge|call)\b"
)
DEFER_THIRD_PARTY_ZH = (
    r"(?:留待|交由|交给|留给|由|请)(?:主治|上级|团队|主任|带组|主管|管床)?(?:医生|医师|团队|组)?"
    r"(?:来|去)?(?:定夺|决定|拍板|讨论决定|讨论定夺|判断|把关)"
    r"|(?:与否|是否)?交由(?:团队|上级|主治)(?:医生|医师)?讨论"
)
#: **The author's closing stance** (issue #35, ninth pass): a content-free sentence at the
#: end of an answer that says the author does not stand by what came before it: it is
#: unverified or not signed off ("I haven't verified that", "I'm not signing off on it"),
#: not to be acted on ("I wouldn't follow it", 我不会照这个做), not the author's ("their
#: view, not mine", 不代表我), no longer held ("but I no longer think so",
#: 但我现在不这么认为了), mocked ("Yeah, right", "good luck defending that", "what could
#: go wrong", 呵呵, 出了事别找我, 都不会这么说) or handed back to the reader whole ("Up to
#: you", 你自己定吧). The author's own last word decides: what it closes on is not
#: asserted (the answer fails as a whole).
CLOSING_DISOWN_EN = (
    r"(?:I|we)\s+(?:haven't|have\s+not|hadn't|didn't|did\s+not|can't|cannot|couldn't)\s+"
    r"(?:verified|verify|checked|check|confirmed|confirm|vouch(?:ed)?\s+for)\b"
    r"|\bnot\s+(?:signing|sign(?:ed)?)\s+off|(?:won't|will\s+not|wouldn't|would\s+not)\s+sign\s+off"
    r"|\b(?:I|we)(?:'d|\s+would)?\s*(?:wouldn't|would\s+not|won't|will\s+not|don't|do\s+not|"
    r"shouldn't|should\s+not|n't)\s+(?:follow|act\s+on|go\s+(?:with|by)|rely\s+on|trust|use|"
    r"stand\s+(?:by|behind)|vouch\s+for)\s+(?:it|that|this|them|those|these)\b"
    r"|\bnot\s+(?:mine|my\s+(?:own\s+)?(?:answer|words|view|position|take))\b"
    r"|\bnot\s+(?:something|anything|a\s+(?:plan|call|recommendation))\s+(?:I|we)(?:'d|\s+would|'ll|\s+will)?\s+"
    r"(?:act\s+on|follow|stand\s+(?:by|behind)|sign\s+off\s+on|endorse|recommend|trust|vouch\s+for)\b"
    r"|\b(?:I|we)\s+(?:no\s+longer|don't|do\s+not)\s+(?:think|believe|hold|stand\s+by)\s+"
    r"(?:so|that|this|it)\b"
    r"|\byeah,?\s+right\b|\bgood\s+luck\s+(?:with|defending|justifying|explaining)\b"
    r"|\bwhat\s+could\s+(?:possibly\s+)?go\s+wrong\b|\bnothing\s+could\s+(?:possibly\s+)?go\s+wrong\b"
    r"|\bdon't\s+blame\s+me\b|\bsaid\s+no\s+(?:[\w-]+\s+){0,3}ever\b|(?<!\w)/s\b"
    # mockery by an absent speaker (eleventh pass): "...said nobody who read the chart"
    r"|\b(?:said|says|thought|believed)\s+(?:nobody|no\s+one|no-one|no\s+sane\s+\w+)\b"
    # twelfth pass: a bare closing denial ("Obviously not."), an impossibility ("...and
    # pigs fly", "as if"), sarcasm named, the author discarding it ("I'd discard it")
    r"|^\W*(?:obviously|of\s+course|clearly|certainly|definitely|surely)\s+not\W*$"
    r"|\b(?:and\s+|when\s+)?pigs\s+(?:might\s+|can\s+|will\s+)?fly\b|^\W*as\s+if\W*$"
    r"|\bin\s+your\s+dreams\b|\bsarcas(?:m|tic(?:ally)?)\b"
    r"|\b(?:I'd|I\s+would|we'd|we\s+would|I'll|I\s+will|I'm\s+going\s+to)\s+(?:just\s+)?(?:discard|ignore|"
    r"disregard|bin|scrap|throw\s+out|set\s+aside)\s+(?:it|that|this|them|those)\b"
    r"|\b(?:I'd|I\s+would|we'd|we\s+would|I'll|I\s+will)\s+(?:just\s+)?(?:set|throw|put)\s+(?:it|that|this|them)\s+"
    r"(?:aside|out|away)\b"
)
CLOSING_DISOWN_ZH = (
    r"(?:我|本人)(?:可)?(?:不会|不打算|不敢|不能)(?:照(?:这个|此|着)?|按(?:这个|此|照)?)(?:做|执行|办)"
    r"|(?:没|未|没有)(?:核实|核对|验证|确认)(?:过)?|不代表(?:我|本人)|(?:不是|并非)我的(?:回答|答案|看法|意见)"
    r"|(?:现在|已经|如今)?不(?:这么|这样)(?:认为|看|想)了?"
    r"|(?:别|不要|不用|不必)(?:再)?(?:按|照)(?:着)?(?:上面|以上|上述|前面|这个|这些)(?:的|说的)?(?:做|来|执行|办)?"
    r"|呵呵|别找我|不关我的事|都不会这么(?:说|做|写)|(?:多么|真是)完美|你(?:自己)?(?:看着)?(?:定|决定)吧"
    # the author does not hold it true (twelfth pass): 我不认为这是对的, 我不觉得那正确
    r"|我(?:并|可|其实)?不(?:认为|觉得|相信|以为)(?:这|那|此|它)(?:个|些)?(?:说法)?(?:是)?(?:对的?|正确的?|成立|可信|靠谱)"
    r"|^\W*(?:当然|显然|肯定|明显)(?:不是|不对|不)\W*$|太阳(?:从|打)西边出来|想得美|才怪|白日做梦|做梦去吧"
    r"|怎么可能|[（(]?反讽[)）]?|讽刺(?:地说|一下)|(?:我)?(?:建议)?不予采纳|(?:我)?(?:建议|会)?(?:弃用|舍弃|丢弃)(?:它|之|此|这些)?(?=\W*$)"
)
#: **The author withholds its own voice** (issue #35, tenth pass), composed by category
#: rather than by phrase, for a closing sentence that states nothing: the author (I, we,
#: personally) denies agreeing, believing, endorsing, recommending or relying on what came
#: before ("Personally I disagree", "I don't share it and wouldn't act on it", "Not that
#: I'd actually recommend it", "I'm not convinced"), says it was not meant ("just for fun",
#: "kidding", "as if"), or says it no longer holds or must not be relied on ("it no longer
#: applies", "please don't rely on it"); in Chinese the same categories (我个人不认同, 这不是
#: 我的判断, 反正我不信, 当然我并不真的建议这样, 开玩笑的, 才怪呢, 说得好像真会这样似的,
#: 现在已不适用, 请勿采用).
_ENDORSE_EN = (
    rf"(?:{AGREE_VERBS_EN})|believe|trust|rely\s+on|count\s+on|depend\s+on|act\s+on|"
    r"go\s+(?:by|with)|stand\s+(?:by|behind)|vouch\s+for|mean\s+(?:it|that|this)|"
    r"suggest|propose|prescribe|want\s+(?:you\s+)?to|use"
)
#: The verbs of opposing, less the bare modal ("I would not stop it" names an action).
_OPPOSE_EN = OPPOSE_VERBS_EN.replace(r"|would\s+not|wouldn't", "")
AUTHOR_WITHHOLDS_EN = (
    # the author denies holding it: "I don't share it", "and wouldn't act on it",
    # "Not that I'd actually recommend it", "we never meant it"
    r"(?:\b(?:I|we)\b|\band\b|\bnot\s+that\s+(?:I|we)\b)[^.;!?\n]{0,24}?"
    r"(?:n't|n’t|\bnot\b|\bnever\b)\s+(?:\w+ly\s+|really\s+|quite\s+)?"
    r"(?:(?:say|think|see\s+how|pretend)\s+(?:that\s+)?(?:I|we)(?:'d|\s+would|\s+could)?\s+)?"
    rf"(?:{_ENDORSE_EN})\b"
    # "not what I'd do", "not something I'd actually recommend"
    r"|\bnot\s+(?:what|something|anything|a\s+thing)\s+(?:I|we)(?:'d|\s+would|'ll|\s+will|'m|\s+am)?"
    r"\s+(?:\w+ly\s+)?(?:do|doing|recommend|suggest|advise|say|choose|pick|"
    + _ENDORSE_EN
    + r")\b"
    r"|\bnot\s+that\s+(?:I|we)(?:'d|\s+would|'ll|\s+will)?\s+(?:\w+ly\s+)?(?:"
    + _ENDORSE_EN
    + r")\b"
    # the author opposes it or is unconvinced: "Personally I disagree", "I'm skeptical"
    rf"|\b(?:I|we)(?:'m|\s+am|'re|\s+are)?\s+(?:\w+ly\s+)?(?:{_OPPOSE_EN}|{UNCONVINCED_EN})\b"
    rf"|\b(?:{NOT_MY_VIEW_EN})\b|\bnot\s+(?:my|our)\s+(?:own\s+|actual\s+|real\s+|"
    r"personal\s+|genuine\s+|considered\s+|true\s+|clinical\s+)?(?:judg(?:e)?ment|decision|"
    r"advice|recommendation|words|answer|view|opinion|position|call|plan|assessment)\b"
    # mocked: "Yeah, sure", "that'll go great", a bare "Not."
    r"|\b(?:yeah|oh|ah)\s*,?\s+(?:sure|right|totally)\b|\b(?:that|this|it)(?:'ll|\s+will)\s+"
    r"(?:go|end|work\s+out|turn\s+out)\s+(?:great|well|brilliantly|perfectly|swimmingly)\b"
    r"|^\W*not\W*$"
    # not meant: "just for fun", "only kidding", "as if", "tongue in cheek"
    r"|\b(?:just|only|purely|all)\s+(?:for\s+fun|kidding|joking|in\s+jest|for\s+laughs|a\s+joke)\b"
    r"|\b(?:I'm|I\s+am|I\s+was|we're|we\s+were)\s+(?:only\s+|just\s+)?(?:kidding|joking)\b"
    r"|\bkidding\b|\bin\s+jest\b|\btongue[\s-]in[\s-]cheek\b|\bas\s+if\s*[.!…]*\s*$"
    r"|\b(?:don't|do\s+not|never)\s+take\s+(?:it|that|this)\s+seriously\b"
    # no longer holds, not to be relied on: "it no longer applies", "don't go by that"
    r"|\b(?:it|that|this|which|they|these|those)\s+(?:no\s+longer|doesn't|does\s+not|don't|"
    r"do\s+not|won't|will\s+not)\s+(?:apply|applies|hold|holds|stand|stands|count|counts)\b"
    r"|\b(?:please\s+)?(?:don't|do\s+not|never)\s+(?:rely|act|count|depend)\s+on\s+"
    r"(?:it|that|this|them|those|these)\b"
    r"|\b(?:please\s+)?(?:don't|do\s+not|never)\s+go\s+by\s+(?:it|that|this|them)\b"
)
AUTHOR_WITHHOLDS_ZH = (
    # the author denies holding it
    r"(?:我|本人|我们)(?:个人|本人)?(?:也|并|可|真的|实在|当然|反正|其实)*(?:不|没|并不|从不|绝不)"
    r"(?:真的|太|会|打算|想)?(?:信|相信|同意|认同|赞同|赞成|支持|认可|采纳|采用|照做|照办|建议|推荐|"
    r"主张|当真|这么认为|这样认为|这么看|这样看|这么想)"
    r"|(?:这|那|此)?(?:不是|并非|不代表)(?:我|本人|我们)(?:的|自己的)?(?:真实|真正|本人|个人|实际|"
    r"自己)?(?:的)?(?:判断|意见|看法|观点|决定|建议|结论|立场|回答)"
    r"|(?:我|本人)[^，。,.]{0,4}?(?:不会|不打算|不敢|不能|不想)(?:照|按|依)(?:着|这个|此|这样|"
    r"这么|上面|以上)?(?:来|做|办|执行|处理|走)"
    rf"|{REJECT_ZH_CATEGORIES}"
    # not meant
    r"|开(?:个)?玩笑|说着玩|闹着玩|随便说说|别当真|不要当真|不必当真|当不得真|才怪|"
    r"(?:说|讲|写)得(?:好像|跟真的一样|像真的)|似的\s*[。！!]?\s*$|你信吗|反话"
    # no longer holds, not to be relied on
    r"|(?:已|已经|现在|目前|如今)(?:已|已经)?(?:不再|不)适用|不再适用|(?:请)?(?:勿|不要|别)"
    r"(?:采用|采纳|依据|照做|参考|使用|照此)"
)
#: **The author declines to advise** (issue #35, tenth pass): an AI's disclaimer of what
#: it is or cannot do ("As an AI", "I'm a language model", "I can't give medical advice",
#: "I can't make treatment decisions", "I can't recommend anything clinically"), a
#: disclaimer of endorsement ("without endorsement", "not a recommendation") or the
#: physician who asked sent to "consult a qualified clinician"; in Chinese 作为AI, 我是语言
#: 模型, 不能提供医疗建议, 无法给出临床建议, 不代表我的意见, 请咨询有资质的医生. Said anywhere,
#: what the answer quotes or lists beside it is not the author's advice.
DECLINES_TO_ADVISE_EN = (
    r"\bas\s+an?\s+(?:AI|A\.I\.|artificial\s+intelligence|(?:large\s+)?language\s+model|LLM|"
    r"chatbot|AI\s+(?:assistant|model|system))\b"
    r"|\bI(?:'m|\s+am)\s+(?:just\s+|only\s+)?(?:an?\s+)?(?:AI|A\.I\.|artificial\s+intelligence|"
    r"(?:large\s+)?language\s+model|LLM|chatbot|AI\s+(?:assistant|model|system)|virtual\s+assistant)\b"
    r"|\bI\s+(?:can't|can’t|cannot|can\s+not|am\s+not\s+able\s+to|'m\s+not\s+able\s+to|"
    r"am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+(?:allowed|permitted|qualified)\s+to|"
    r"'m\s+not\s+(?:allowed|permitted|qualified)\s+to|don't|do\s+not)\s+"
    r"(?:give|provide|offer|make|render|dispense|recommend|advise|prescribe|diagnose)\s+"
    r"(?:\w+\s+){0,2}?(?:medical|clinical|treatment|therapeutic|health(?:care)?|anything|"
    r"professional)\b"
    r"|\bI\s+(?:can't|can’t|cannot|am\s+not\s+able\s+to|'m\s+not\s+able\s+to)\s+"
    r"(?:recommend|advise)\s+anything\b"
    # played, not meant (said anywhere): "role-playing the consultant", "in character",
    # "pretending to be", "playing devil's advocate"
    r"|\brole[\s-]?play(?:ing|ed)?\b|\b(?:in|out\s+of)\s+character\b|\bdevil's\s+advocate\b"
    r"|\bpretend(?:ing|ed)?\b|\bmake[\s-]believe\b|\bimpersonat\w*"
    r"|\b(?:without|no)\s+(?:any\s+)?endorsement\b|\bnot\s+(?:an?\s+)?(?:endorsement|"
    r"(?:medical\s+)?advice|recommendation)\b"
    r"|\b(?:please\s+)?(?:consult|see|ask|check\s+with|speak\s+(?:to|with)|talk\s+(?:to|with))\s+"
    r"(?:with\s+)?(?:a|your|an|the\s+treating)\s+(?:qualified\s+|licensed\s+|medical\s+|"
    r"healthcare\s+|health\s+care\s+|appropriate\s+)*(?:professional|physician|doctor|"
    r"clinician|provider|practitioner)s?\b"
)
DECLINES_TO_ADVISE_ZH = (
    r"作为(?:一个|一名)?(?:AI|人工智能|语言模型|AI助手|AI模型|大模型)|我(?:只)?是(?:一个|一名)?"
    r"(?:AI|人工智能|语言模型|AI助手|AI模型|大模型|聊天机器人)"
    r"|(?:不能|无法|不可以|没法|不便|不能够)(?:为您|为你)?(?:提供|给出|给予|作出|做出|做|下)?(?:任何)?"
    r"(?:医疗|医学|临床|治疗|诊疗|用药)(?:上的)?(?:建议|决定|意见|决策|诊断|指导)"
    r"|不代表(?:我|本人)(?:的)?(?:意见|观点|看法|立场)|不构成(?:任何)?(?:医疗|医学|临床)?(?:建议|意见)"
    r"|请(?:咨询|询问|就诊于|联系)(?:有资质的|专业的?|您的|你的|执业)?(?:医生|医师|专业人士|"
    r"医务人员|专业医务人员|临床医生)"
    # played, not meant: 角色扮演, 扮演, 假装, 模仿, 唱反调
    r"|角色扮演|扮演|假装|假扮|模仿(?:\S{0,6})?(?:语气|口吻)|唱(?:个)?反调|戏言"
)
#: **A visible non-answer** (issue #35, ninth pass): a content-free sentence saying there is
#: no answer ("Not enough information to say", "Nothing to report here", "I couldn't find
#: anything in the chart that answers this", 信息不足，无法判断, 病历里没找到...): beside a
#: statement elsewhere in the answer (a footnote, a fenced note, after padding) the answer
#: contradicts itself, and the reader is shown the non-answer.
NON_ANSWER_EN = (
    r"\bnot\s+enough\s+(?:information|info|data)\b|\binsufficient\s+(?:information|data)\b"
    r"|\bnothing\s+(?:to\s+(?:report|say|add)|(?:relevant|useful)\s+(?:to\s+report|here))\b"
    r"(?!\s+(?:else|more|further))"
    r"|\b(?:couldn't|could\s+not|can't|cannot|didn't|did\s+not)\s+(?:find|see|locate)\s+"
    r"(?:anything|any\s+(?:information|data|answer))\b(?!\s+(?:else|more|further))"
    r"|\b(?:unable|impossible)\s+to\s+(?:say|tell|answer|determine)\b|\bno\s+answer\s+(?:here|available)\b"
    # eleventh pass: "I can't answer that right now", "wasn't able to find enough to answer"
    r"|\b(?:can't|can’t|cannot|can\s+not|couldn't|could\s+not|wasn't\s+able\s+to|was\s+not\s+able\s+to|"
    r"am\s+not\s+able\s+to|'m\s+not\s+able\s+to)\s+(?:answer|find\s+enough|determine\s+(?:that|this|it))\b"
)
NON_ANSWER_ZH = (
    # eleventh pass: 暂无答案, 找不到足够信息, 无法作答, 回答不了
    r"暂无(?:答案|结论|回答)|(?:找不到|没有|缺乏)足够(?:的)?(?:信息|资料|数据)|无法作答|回答不了|答不上来|"
    r"信息不足|资料不足|数据不足|无法(?:判断|回答|确定)|没(?:有)?(?:什么)?可(?:说|报告|补充)的"
    r"|没(?:有)?找到(?:能|可以)?回答|无可奉告|没有相关(?:信息|内容)"
)
#: **Out of scope** (issue #35, eleventh pass): words that place what the answer says
#: outside this patient now: another patient ("my other patient", "the patient in bed
#: 12", "not this one", "wrong chart", "the man next door"), another time ("the previous
#: admission", "last year", "out of date", "no longer current", "was true until"), an
#: unreal world ("in theory", "hypothetically", "if we had checked", "had the labs been
#: drawn", "one would expect") or no look at this chart at all ("I haven't looked", "they
#: weren't reviewed"); in Chinese 另一位患者, 12 床, 隔壁床, 不是这位, 看错病历, 上次住院,
#: 去年, 已过时, 现在不适用, 假如, 如果真的, 理论上, 预计会是, 我没看. Read only in a
#: sentence or a preface that states nothing else (:func:`physassist_env.grading.frames.out_of_scope`).
SCOPE_ELSEWHERE_EN = (
    # another patient
    r"\b(?:my|the|an|one|your|our)\s+other\s+(?:patient|chart|bed|case)s?\b"
    r"|\b(?:another|a\s+different|someone\s+else's|somebody\s+else's)\s+(?:patient|chart|"
    r"person|case|record|bed)\b|\bsomeone\s+else\b|\bsomebody\s+else\b"
    r"|\b(?:bed|room|bay)\s*(?:no\.?\s*|number\s*|#\s*)?\d+[a-z]?\b|\bnext[\s-]door\b|\bnext\s+bed\b"
    r"|\b(?:neighbou?ring|adjacent)\s+(?:bed|patient|room)\b"
    r"|\bnot\s+(?:for\s+|about\s+)?this\s+(?:one|patient|person|chart|case|lady|gentleman|man|woman)\b"
    # fifteenth pass: a negation of what the text is based on or about ("not based on
    # this patient", "not taken from this chart", "not about the patient")
    r"|\bnot\s+(?:\w+(?:ed|en|wn)\s+)?(?:on|from|about|regarding|for|of)\s+(?:this|the|our|your)\s+"
    r"(?:patient|chart|case)\b(?!['’]s)"
    r"|\bwrong\s+(?:chart|patient|bed|record|file|notes?|person|case|room)\b"
    r"|\bmixed\s+up\s+(?:the\s+|two\s+|my\s+)?(?:charts|patients|notes|records|beds)\b"
    # fifteenth pass: a person named by title and surname, or a bed by its code ("in 7B"):
    # the chart's patient is "the patient" (records here are anonymous), so a named person
    # is someone else
    r"|(?-i:(?<!Dear\s)(?<!Hi\s)(?<!Hello\s)\b(?:Mr|Mrs|Ms|Mx)\.?\s+[A-Z][a-z]+)|(?-i:\b(?:in|at)\s+\d{1,3}[A-Z]\b)"
    # another time
    r"|\b(?:the|her|his|their|a|an|that|this)\s+(?:previous|prior|last|earlier|old|former|"
    r"past|other)\s+(?:admission|hospitali[sz]ation|stay|visit|encounter|episode|"
    r"presentation)s?\b"
    r"|\blast\s+(?:year|month|winter|summer|spring|autumn|fall)\b|\b(?:years?|months?)\s+ago\b"
    r"|\bout\s+of\s+date\b|\boutdated\b|\bsuperseded\b"
    r"|\bno\s+longer\s+(?:true|current|valid|accurate|the\s+case|relevant)\b"
    r"|\b(?:was|were)\s+(?:true|the\s+case|accurate|current|valid)\s+(?:until|back\s+then|then|"
    r"at\s+the\s+time)\b"
    r"|\b(?:doesn't|does\s+not|don't|do\s+not|no\s+longer|won't|will\s+not)\s+apply\s+"
    r"(?:now|today|anymore|any\s+more|here|to\s+(?:her|him|them|this|today))\b"
    r"|\bnot\s+(?:current|today's|for\s+today|for\s+this\s+(?:stay|admission|visit))\b"
)
#: ... an unreal world or no look at the chart: said in a closing sentence, these need
#: no pointing back ("In practice I haven't looked").
SCOPE_UNREAL_EN = (
    r"\bin\s+theory\b|\btheoretically\b|\bhypothetical(?:ly)?\b|\bin\s+principle\b"
    r"|\bimagin(?:e|ary|ing|ed)\b|\bsuppos(?:e|ing)\s+(?:that\s+)?(?:we|she|he|they|the)\b"
    r"|\bin\s+an?\s+(?:alternate|parallel|ideal|imaginary)\s+(?:world|universe|scenario)\b"
    r"|\bif\s+(?:we|I|you|she|he|they|one|someone)\s+(?:had|were|'d)\b"
    r"|\bhad\s+(?:the|we|I|she|he|they|you|anyone|someone)\b[^.;:!?\n]{0,40}?\b(?:been|done)\b"
    r"|\bwere\s+(?:she|he|they|the\s+patient)\s+not\b"
    r"|\b(?:would|might|could)\s+have\s+(?:found|expected|shown|seen|been)\b"
    r"|\b(?:one|we|you|I)\s+(?:would|might|could)\s+(?:expect|find|anticipate)\b"
    # no look at this patient's data
    r"|\b(?:I|we)\s+(?:still\s+|actually\s+)?(?:haven't|have\s+not|hadn't|didn't|did\s+not|"
    r"never)\s+(?:yet\s+|actually\s+)?(?:looked|look|reviewed|review|opened|open|read|seen|"
    r"pulled\s+up)\b"
    r"|\b(?:weren't|were\s+not|wasn't|was\s+not)\s+(?:actually\s+)?(?:reviewed|looked\s+at|"
    r"checked|read)\b"
    # the counterfactual mood (thirteenth pass): a subjunctive "were", a consequent that
    # would be said ("If this were ..., I'd say: ...", "Were the chart complete, the
    # answer would be: ...")
    r"|\bif\s+(?:this|that|it|there|the\s+\w+)\s+were\b(?!\s+to\b)|(?:^|(?<=[.!?]\s))were\s+(?:the|this|"
    r"it|there|she|he)\b(?!\s+to\b)|\b(?:would|'d)\s+(?:say|be|read|answer|conclude)\s*(?=[:：])"
    # what only an uninformed, hypothetical speaker would say: "...is what someone who
    # never opened the chart would say" (the speaker is unreal and described by a denial)
    r"|\bwhat\s+(?:someone|somebody|anyone|people|an?\s+\w+)\s+(?:who|that)\s+(?:\w+\s+){0,3}?"
    r"(?:never|hasn't|has\s+not|hadn't|didn't|did\s+not|doesn't|does\s+not|not)\b[^.!?\n]{0,60}?"
    r"\bwould\s+(?:say|write|conclude|think|do|suggest)\b"
)
SCOPE_ELSEWHERE_ZH = (
    # another patient
    r"(?:另|别|其他|其它)(?:一)?(?:位|个|名|床)?(?:的)?[\u4e00-\u9fff]{0,4}?(?:患者|病人|病例|病历)|隔壁(?:床|病床|的)?|邻床"
    r"|\d+[A-Za-z]?\s*(?:号)?床|(?<!亲爱的)[\u4e00-\u9fff](?:先生|女士|太太|小姐)(?!们|您好|你好)|不是(?:这|本|该)(?:一)?(?:位|个|名)(?:患者|病人)?|(?:并非|不是|非)[\u4e00-\u9fff]{1,4}?(?:本|该|这位|此)(?:患者|病人|病例|病历)|(?:看|拿|弄|搞|写)错(?:了)?"
    r"(?:病历|患者|病人|床|人)|(?:别人|他人)的(?:病历|情况)"
    # another time
    r"|(?:上|前|之前|以前|既往)(?:一)?次(?:住院|入院|就诊|来院|住的院)|之前(?:那次)?住院|以前住院"
    r"|\d+\s*(?:号)?(?:房|病房|房间|室)(?![\u3400-\u9fff]{0,2}(?:颤|扑|早))|不是(?:您|你)(?:的)?(?:这位|那位)"
    r"|旧(?:的)?病历|老病历"
    r"|去年|前年|几年前|(?:已|已经)?过时|(?:现在|目前|如今|今天|这次)(?:已|已经)?不(?:再)?适用|不再适用"
)
SCOPE_UNREAL_ZH = (
    r"假如|假设|假若|倘若|如果真的|要是真的|理论上|设想|想象(?:中|一下)|假想|预计会是|可能会发现"
    # no look at this patient's data
    r"|(?:我|病历|结果)?(?:还|并|其实|实际上)?(?:没|没有|未)(?:有)?(?:查|看|查看|翻看|打开|核对)(?:过)?"
    r"(?:病历|结果|化验)?(?=\s*(?:[。，,；;！!）)]|$))"
    # the counterfactual consequent before a colon: 答案会是：, 我会说：
    r"|(?:会|将会)(?:是|说)\s*(?=[：:])"
    # 没打开过病历的人才会这么说: only an uninformed speaker would say it
    r"|(?:没|未|不)[^，。！？\n]{1,12}?的人才会(?:这么|这样)?(?:说|写|做|想|认为)"
)

# ------------------------------------------------ a quotation the author rejects (twelfth pass)
#: Words before a quotation, in its sentence, that deny or reject what it says (issue #35,
#: twelfth pass): 'It would be wrong to conclude: "..."', '(Not: "...")', 'rather than
#: "..."', 'I can't agree with "..."', 不能得出“…”的结论, 而不是“…”, 我不认为“…”. What the
#: quotation says is then not the author's (a quoted option named to be rejected).
QUOTE_REJECTED_BEFORE_EN = (
    # an example is not the author's: 'e.g. "..."', 'for instance "..."'
    r"(?:\bnot|\bnever|\brather\s+than|\binstead\s+of|\bas\s+opposed\s+to|\bin\s+place\s+of"
    r"|\be\.g\.|\bfor\s+(?:example|instance)|\bsuch\s+as)"
    r"[\s:,(\-\u2014\u2013]*$"
    r"|\b(?:can't|cannot|can\s+not|could\s+not|couldn't|would\s+not|wouldn't|should\s+not|"
    r"shouldn't|do\s+not|don't|must\s+not|mustn't)\s+(?:\w+\s+)?(?:conclude|say|claim|write|"
    r"state|accept|agree\s+with|support|endorse|sign\s+off\s+on|go\s+along\s+with|call\s+it|"
    r"document|chart)\b"
    r"|\b(?:I|we)\s+(?:\w+\s+)?(?:doubt|reject|dispute|disagree\s+with|rule\s+out|ruled\s+out|"
    r"question)\b"
    r"|\b(?:wrong|incorrect|false|mistaken|inaccurate|a\s+mistake|an\s+error|misleading|"
    r"unsupported)\s+to\s+(?:say|conclude|write|claim|state|think|assume|call\s+it|read\s+it\s+as)\b"
    r"|\b(?:not\s+true|untrue|false|not\s+the\s+case|not\s+correct|incorrect|wrong)\s+that\b"
    r"|\bno\s+(?:basis|grounds|evidence|support)\s+(?:for|to\s+say)\b"
)
QUOTE_REJECTED_BEFORE_ZH = (
    r"(?:并非|并不是|不是|而不是|而非|绝非|与其说|例如|比如|譬如|举例(?:来说|而言)?)[\s:：，,（(]*$"
    r"|(?:不能|不可|不可以|无法|不应|不应该|不该|不宜|别|不要)(?:据此)?(?:得出|说|认为|下|写|断定|判断为|"
    r"视为|当作|记为|接受)"
    r"|我(?:并)?(?:怀疑|不相信|不认为|否认|反对|不同意|不认同|不赞同|排除了?|否定了?)"
    r"|没有(?:依据|证据|根据)(?:说|表明|支持)"
)
#: Words after a quotation, to the end of its sentence, that judge it wrong or say the
#: author rejected it: '"..." - that would be incorrect here', '"..." is not supported',
#: '"..." was considered and ruled out', “…”——这里那是错的, “…”，已排除, “…”并不成立.
QUOTE_REJECTED_AFTER_EN = (
    r"^[\s\"”'’)\]]*[-\u2014\u2013,:;(]?\s*(?:but\s+)?(?:that|this|it|which)?(?:'s|\s+is|\s+was|\s+would\s+be|"
    r"\s+will\s+be|'d\s+be)?\s*(?:not\s+(?:right|correct|true|accurate|the\s+case|supported|"
    r"my\s+(?:view|reading|conclusion|assessment))|wrong|incorrect|false|inaccurate|mistaken|"
    r"a\s+mistake|an\s+error|misleading|unsupported|untrue|not\s+so)\b"
    r"|^[^.;!?\n]{0,40}?\b(?:ruled\s+(?:it\s+|that\s+)?out|rejected|dismissed|excluded|"
    r"(?:is|was|are|were)(?:n't|\s+not)\s+(?:right|correct|true|accurate|the\s+case|supported)|"
    r"(?:is|was|would\s+be)\s+(?:wrong|incorrect|false|inaccurate|mistaken|misleading|untrue))\b"
)
QUOTE_REJECTED_AFTER_ZH = (
    r"^[^。；;！!？?\n]{0,16}?(?:是|就是|那是|这是|都是)?(?:错的|错误的?|不对的?|不正确|并不正确|不成立|"
    r"并不成立|站不住脚?|不准确|不符合事实|不符合病历|不属实|没有依据|缺乏依据|说错了)"
    r"|^[^。；;！!？?\n]{0,16}?(?:已|已经|被|予以|均已)?(?:排除|否定|否决|驳回|推翻)"
)

# ------------------------------------------------ a summary that says the opposite (twelfth pass)
#: A whole-answer verdict that nothing is to be done (issue #35, twelfth pass): "nothing to
#: do", "no action needed", "no change", "carry on as usual", "continue as before", 无需处理,
#: 不用处理, 不做调整, 照常, 维持原方案. Said alone (a bottom line, a TL;DR, a summary in
#: either language) it is a decision about the whole answer: it says the opposite of a body
#: that stops, starts, reduces or changes a drug, or confirms an order it placed.
NOTHING_TO_DO_EN = (
    r"\bnothing\s+(?:to\s+do|needs?\s+(?:to\s+be\s+)?(?:done|changed)|to\s+change|needed|required)\b"
    r"|\bno\s+(?:action|actions|change|changes|intervention|adjustments?|treatment\s+changes?|"
    r"(?:need|reason)\s+to\s+(?:do|change)\s+anything)\b"
    r"|\b(?:carry|go)\s+on\s+as\s+(?:usual|before|normal)\b|\b(?:continue|proceed)\s+as\s+"
    r"(?:before|usual|is|planned)\b|\bas\s+you\s+were\b|\bstay\s+the\s+course\b"
    r"|\bleave\s+(?:everything|it\s+all|things)\s+(?:as\s+(?:is|it\s+is)|alone)\b"
    r"|\bbusiness\s+as\s+usual\b|\bdon't\s+(?:do|change)\s+anything\b"
)
NOTHING_TO_DO_ZH = (
    r"无需(?:任何)?(?:处理|调整|干预|改动|变动|操作)|不用(?:任何)?(?:处理|调整|干预|改动|管)"
    r"|不需要(?:任何)?(?:处理|调整|干预|改动)|(?:不用|无需|不必)做任何事|什么都不用做"
    r"|不做(?:任何)?(?:调整|改动|处理|变动)|照常(?:就行|即可|就好|进行|处理)?(?=\s*(?:[。，,；;！!）)]|$))"
    r"|维持原(?:方案|治疗|医嘱|计划)"
    r"|维持现状|一切照旧|按原方案"
)
#: A whole-answer verdict that all is normal: "all normal", "everything is fine", "nothing
#: abnormal", "no issues", 一切正常, 都没问题, 无异常. Said alone it also says the opposite of
#: a body that calls a result high, low or abnormal.
ALL_NORMAL_EN = (
    r"\b(?:all|everything|it's\s+all|it\s+is\s+all|all\s+(?:the\s+)?results?|results?\s+(?:are\s+)?all)"
    r"\s+(?:is\s+|are\s+|looks?\s+|looking\s+|seems?\s+|came\s+back\s+)?(?:normal|fine|good|ok(?:ay)?|"
    r"well|unremarkable|reassuring|within\s+normal\s+limits)\b"
    r"|\bnothing\s+(?:abnormal|wrong|of\s+concern|to\s+worry\s+about|concerning|remarkable)\b"
    # plural only: "No problem!" / "No issue, happy to help" are politeness, not a verdict
    r"|\bno\s+(?:issues|problems|concerns|abnormalit(?:y|ies))\b"
)
ALL_NORMAL_ZH = (
    r"一切(?:都)?正常|(?:结果)?(?:全)?都(?:很)?正常|均(?:属)?正常|无(?:任何)?异常|没(?:有)?(?:任何)?异常"
    # 都没问题, 没什么问题; a bare 没问题！ is "no problem", politeness, not a verdict
    r"|(?:都|全都|一切都)没(?:什么|有)?问题|没(?:什么|有什么)问题|一切(?:都)?(?:好|挺好|良好)"
)
#: What limits such a verdict to the rest ("otherwise no change", "nothing else to do",
#: 其他无需处理): it is then no verdict on the whole answer.
NOTHING_ELSE = (
    r"\b(?:otherwise|other|else|further|beyond|apart|besides|except|aside|remaining|rest|"
    r"additional|more)\b|其他|其余|其它|另外|此外|除了?|之外|以外|别的"
)
#: An order the answer confirms it placed: "Done: ...", "was requested", 已申请, 已预约.
WRITE_DONE = (
    r"\bdone\s*:|\b(?:was|were|has\s+been|have\s+been)\s+(?:requested|ordered|placed|booked|"
    r"scheduled|added|sent|entered|written)\b|已(?:申请|开具?|预约|添加|安排|下达|加上|录入|提交)"
)

#: An order the answer undoes (issue #35, thirteenth pass; read with :data:`WRITE_DONE`:
#: the answer reports placing an order and also says to cancel it, two decisions on one
#: order): a verb that undoes an order with a pronoun or an order noun as its object
#: ("cancel it", "withdraw the referral", 撤销该医嘱, 取消会诊), or an order said to be not
#: needed ("that order is not needed", 该医嘱不需要). The nouns name orders by kind, not by
#: the service ordered.
ORDER_NOUNS_EN = (
    r"orders?|requests?|requisitions?|consults?|consultations?|referrals?|appointments?|"
    r"bookings?|follow-?ups?|visits?|tests?|labs?|draws?"
)
ORDER_NOUNS_ZH = r"医嘱|会诊|预约|申请|随访|转诊|检查|复查|化验"
#: The words of an order's noun phrase before its head noun, the service it orders
#: (sixteenth pass: "cancel the potassium level order", "withdraw the diabetes clinic
#: (endocrinology) follow-up", "the creatinine 1.9 mg/dL on metformin order"): at most
#: six words, parentheses allowed, no clause break.
_ORDER_NP_EN = r"(?:[\w()/.'-]+\s+){0,6}?"
UNDO_ORDER_EN = (
    r"\b(?:cancel|withdraw|rescind|revoke|retract|call\s+off|scrap|delete|void|undo|"
    rf"discontinue)\s+(?:it|that|this|them|(?:the|that|this|these|those|my|our)\s+{_ORDER_NP_EN}(?:{ORDER_NOUNS_EN}))\b"
    rf"|\b(?:the|that|this|these|those|my|our)\s+{_ORDER_NP_EN}(?:{ORDER_NOUNS_EN})\s+(?:is|are|was|were)\s+"
    r"(?:not\s+(?:needed|necessary|required|indicated|warranted)|unnecessary|unneeded|"
    r"unwarranted|superfluous)\b"
)
UNDO_ORDER_ZH = (
    rf"(?:撤销|取消|撤回|作废|删除|删掉|停掉)(?:该|这个|这条|此|这项|那个)?(?:{ORDER_NOUNS_ZH})?"
    rf"|(?:该|这个|这条|此|这项|那个)(?:{ORDER_NOUNS_ZH})(?:不需要|不必要|没必要|无需|不用|多余)"
)

# ------------------------------------------------ scope: this patient, now (twelfth pass)
#: Another time, ahead or behind, said as a scope (issue #35, twelfth pass; read with
#: :data:`SCOPE_ELSEWHERE_EN` / ``_ZH``): "in about two weeks", "next month", "the next
#: admission", "after discharge", "once she's home", "projected", "previously", "until
#: this morning"; 两周后, 下个月, 下次住院, 出院后, 预计, 以前, 直到今早.
SCOPE_OTHER_TIME_EN = (
    r"\bin\s+(?:about\s+|around\s+|roughly\s+)?(?:a|one|two|three|four|five|six|a\s+few|several|\d+)"
    r"\s+(?:days?|weeks?|months?|years?)(?:'\s*time)?\b"
    r"|\b(?:next|following|coming)\s+(?:week|month|year|admission|visit|stay|encounter)\b"
    r"|\bold\s+(?:chart|notes?|records?|admission|discharge\s+summary|data)\b"
    r"|\b(?:after|post[-\s]?)discharge\b|\bonce\s+(?:she|he|they|the\s+patient)(?:'s|\s+is|\s+are|'re)"
    r"\s+(?:home|discharged|out)\b|\bfrom\s+next\s+(?:week|month)\b|\bprojected\b"
    r"|\b(?:expected|anticipated|predicted)\s+(?:picture|situation|course|state|findings?)\b"
    r"|\bin\s+the\s+future\b|\bdown\s+the\s+(?:road|line)\b"
    r"|\bpreviously\b|\bformerly\b|\bhistorically\b"
    r"|\buntil\s+(?:this\s+morning|yesterday|last\s+(?:night|week)|recently|earlier\s+today)\b"
    r"|\bno\s+longer\s+(?:holds?|stands?|applies|apply)\b"
    # a time pointed back at (thirteenth pass): the other time named before ("Ask me after
    # discharge. At that point: ...")
    r"|\b(?:at\s+that\s+(?:point|time|stage)|by\s+then|by\s+that\s+(?:point|time)|until\s+then)\b"
    # a past state: "used to be", "until the last draw", "last time", "the 2019 stay"
    r"|\bused\s+to\s+be\b|\buntil\s+the\s+(?:last|previous|latest|most\s+recent|prior)\s+\w+"
    r"|\blast\s+time\b|\b(?:19|20)\d\d\s+(?:stay|admission|visit|hospitali[sz]ation|encounter)\b"
)
SCOPE_OTHER_TIME_ZH = (
    r"(?:大约|大概)?(?:[一二两三四五六七八九十几\d]+)\s*(?:天|周|个月|月|年)(?:以)?后"
    r"|下(?:个)?(?:周|月|星期)|明年|下次(?:住院|入院|就诊)|出院(?:以)?后|回家(?:以)?后|预计|预期"
    r"|以前|之前|从前|曾经|直到(?:今早|今天早上|昨天|昨晚|最近)|(?:昨天|今早)之前"
    r"|到那时|到时候|在那之前|到(?:昨天|今早|昨晚|上周)为止|(?:19|20)\d\d\s*年那次(?:住院|入院|就诊)"
)
#: A closing statement that what came before is not so now: "not now", "for today,
#: nothing", "currently not applicable", "not current", "things have changed since", 今天
#: 没有, 目前不适用, 不是现在, 并非目前情况, 之后情况有变. Like an unreal scope it needs no
#: pointing back.
SCOPE_NOT_NOW_EN = (
    r"\bnot\s+(?:now|current|currently\s+(?:applicable|valid|relevant|true|the\s+case)|"
    r"the\s+current\s+(?:picture|situation|state))\b"
    r"|\b(?:currently|presently|at\s+present|right\s+now|for\s+today|today|for\s+now)\s*[,:]?\s*"
    r"(?:it\s+is\s+|it's\s+)?(?:not\s+applicable|n/a|nothing|none|not\s+relevant|not\s+the\s+case|"
    r"doesn't\s+apply|does\s+not\s+apply)\b"
    r"|\b(?:things|the\s+situation|the\s+picture|everything|it)\s+(?:has|have)\s+(?:since\s+)?changed\b"
    r"|\b(?:I\s+have\s+|there\s+is\s+)?no\s+(?:update|current\s+(?:data|information|picture))\b"
    r"|\b(?:outdated|out\s+of\s+date|no\s+longer\s+(?:current|valid|true|the\s+case))\b"
    # not this patient: "but that isn't our patient"
    r"|\b(?:isn't|is\s+not|not)\s+(?:our|my|your)\s+(?:patient|case|lady|gentleman|man|woman)\b"
    # no longer so (thirteenth pass): "Not any more.", "superseded since", "That has since
    # changed", "not the current one"
    r"|\bnot\s+any\s*more\b|\bsuperseded\b|\b(?:that|this|all\s+(?:of\s+)?that)\s+(?:has|have)\s+"
    r"(?:since\s+)?changed\b|\bnot\s+the\s+current\s+(?:one|stay|admission|visit)\b"
)
SCOPE_NOT_NOW_ZH = (
    r"不是现在|并非(?:目前|现在|当前|如今)(?:的)?(?:情况)?|(?:今天|目前|现在|当前|如今)(?:并)?(?:没有|无|不是这样)"
    r"(?=\s*(?:[。，,；;！!）)]|$))|(?:之后|此后|后来|现在)情况(?:已经?|有|已有)?(?:变|变化|改变)"
    r"|(?:我)?没有(?:最新|更新)|目前(?:尚)?不适用|(?:已|已经)过时"
    r"|(?:我们|咱们|您|你)(?:的)?这位(?:患者|病人)?(?:并)?不是|不是我们(?:这位|的)(?:患者|病人)?"
    # no longer so (thirteenth pass): 今早已经不是这样了, 现在已经不是了, 不是这次, 之后已被推翻
    r"|(?:已经?|已)不(?:再)?是(?:这样)?了|不是这次(?:住院)?|(?:之后|此后)已(?:被)?推翻"
)
#: The answer as an example, a template or a format, not this patient's: "for example, an
#: answer could look like", "a typical reply", "sample output", "illustrative only",
#: "replace with the real findings", "one would typically"; 举个例子, 例如, 示例, 仅为示例,
#: 只是格式, 请替换为真实结果, 一般来说. Like an unreal scope it needs no pointing back.
SCOPE_EXAMPLE_EN = (
    r"\bfor\s+(?:example|instance)\b|\be\.g\.|\b(?:a|an|the)\s+(?:typical|sample|example|model|"
    r"template|generic|illustrative|textbook|standard)\s+(?:reply|answer|response|output|note|"
    r"case|patient|wording)\b|\bsample\s+(?:output|answer|reply|response|text)\b"
    r"|\billustrative(?:\s+only)?\b|\bfor\s+illustration\b|\b(?:general|expected|usual)\s+format\b"
    r"|\breplace\s+(?:this\s+|it\s+)?with\s+(?:the\s+)?(?:real|actual|patient's)\b"
    r"|\b(?:one|you|we)\s+would\s+typically\b|\bas\s+a\s+(?:rule|general\s+rule)\b"
    r"|\b(?:actual|real|current|the\s+patient's)\s+(?:data|results|chart|labs|records?)\s+(?:not|never)\s+"
    r"(?:yet\s+)?(?:reviewed|checked|looked\s+at|seen)\b|\b(?:haven't|have\s+not|didn't|did\s+not)\s+(?:actually\s+)?checked\s+"
    r"(?:this|the)\s+patient\b"
)
SCOPE_EXAMPLE_ZH = (
    r"举(?:个|一个)?例子|比如说?|例如|示例|范例|样例|模板|仅为示例|只是(?:个)?(?:格式|示例|例子)"
    r"|请替换为(?:真实|实际)|一般来说|通常来说|教科书(?:上|里)?|典型的(?:回复|回答|答案)"
    r"|(?:实际|真实|目前|当前|现在|本次)(?:的)?(?:资料|数据|结果|病历)(?:还|尚)?(?:未|没)(?:有)?(?:看|查|核对)"
)

#: A label opening the answer in brackets that disowns all of it (issue #35, twelfth pass):
#: "[DRAFT - NOT REVIEWED]", "(not for clinical use)", 【草稿，未审核】, （勿用）.
DRAFT_LABEL = (
    r"\bdraft\b|\bnot\s+(?:yet\s+)?(?:reviewed|checked|verified|final)\b|\bnot\s+for\s+(?:clinical|"
    r"actual|real)\s+use\b|\bdo\s+not\s+(?:use|act\s+on|follow)\b|\bplaceholder\b|\bunreviewed\b"
    r"|草稿|未审核|未经审核|未核实|不可用于临床|勿用|不要使用|仅供占位|占位"
)


# ------------------------------------------------ an option rejected by its sentence (fifteenth pass)
#: What rejects the one phrase a short sentence names (issue #35, fifteenth pass): a
#: negation, a verb of rejecting or excluding, "against" / "away from" (the category, EN
#: and ZH: "I ruled out X", "X is not the right call", "I'd steer away from X", 已排除X,
#: X不成立, 我不会选X, 不考虑X). Counted: two of them cancel ("I would not rule out X").
OPTION_REJECTION_EN = (
    r"n't|n’t|\b(?:not|no|never|neither|nor)\b|\b(?:rul(?:e|ed|ing)\s+out|exclud\w*|reject\w*|"
    r"dismiss\w*|declin\w*|discard\w*|against|away\s+from|clear\s+of|instead\s+of|rather\s+than)\b"
)
#: 不过 is "but", a conjunction, unless a degree follows (不过高 "not too high"), and
#: 差不多 "about the same" negates nothing (sixteenth pass: "不过 honestly, 我会 X",
#: "这和X的可能性差不多" reject no X).
OPTION_REJECTION_ZH = r"(?<!差)不(?!过(?!高|低|量|多|少|快|慢|大|度|早|晚))|没|无|非|未|别|勿|排除|否决|放弃|弃用|摒弃|否定|而非"
#: A condition or question in the sentence: the rejection is not said now.
OPTION_UNSAID = r"[?？]|\b(?:if|unless|whether|once|until)\b|如果|若|假如|是否|吗|的话"
