"""Optional paraphrasing of requests by a language model, kept only when checks pass.

For users with a model: each agent-visible request is sent to a chat backend with an
instruction to reword it. A rewrite is kept only when code confirms that it still says
what the turn needs (:func:`problems`): every entity the request named is still named
(by any vocabulary name), no entity the request left implicit is now named (the
implicitness survives), an abstract-anaphora request still refers back, no number was
added, and it stays as short as a spoken request. After the rewrites the session's gold
must still score 1.0 (:func:`~physassist_env.scenarios.generate.check_gold`). Kept
rewrites are recorded on the turn (``Turn.paraphrased``: the languages rewritten).
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Iterable
from typing import Protocol

from physassist_env.scenarios.model import Implicitness, Session, Text, Turn
from physassist_env.scenarios.requests.names import surfaces
from physassist_env.scenarios.requests.realise import MAX_EN_WORDS, MAX_ZH_CHARS

log = logging.getLogger(__name__)

#: Words by which a request refers back to what the session established (AE).
_REFERS_BACK = {
    "en": (
        "all that",
        "above",
        "so far",
        "that in mind",
        "together",
        "given",
        "everything",
    ),
    "zh": ("以上", "这些", "综合", "刚才", "前面", "上面"),
}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")

PROMPT = {
    "en": (
        "Reword this request a physician said to a clinical assistant, as another "
        "physician would say it. Keep the meaning, every drug, lab and time named, and "
        "keep anything referred to by 'it', 'that' or left unsaid unnamed. Do not add "
        "numbers. Reply with the reworded request only.\n\nRequest: {text}"
    ),
    "zh": (
        "把这句医生对临床助手说的话换一种说法，像另一位中国医生会说的那样。意思不变，"
        "提到的药物、化验和时间都要保留；用“它”“这个”指代或省略的内容不要点名。"
        "不要加数字。只回复改写后的那句话。\n\n原话：{text}"
    ),
}


class ChatBackend(Protocol):
    """Anything that turns chat messages into one reply string."""

    def generate(self, messages: list[dict[str, str]]) -> str:
        """The assistant reply to ``messages``."""
        ...


def _mentions(text: str, names: set[str], language: str) -> bool:
    if language == "zh":
        return any(n in text for n in names)
    low = text.lower()
    return any(
        re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", low) for n in names
    )


def problems(turn: Turn, language: str, rewrite: str) -> list[str]:
    """Why ``rewrite`` cannot replace the turn's request in ``language`` (empty: it can)."""
    original = turn.request.get(language)
    out = []
    if not rewrite.strip():
        return ["empty"]
    for entity in turn.entities:
        en, zh = surfaces(entity)
        names = zh | {n for n in en if n.isascii()} if language == "zh" else en
        if not names:
            continue
        before, after = (_mentions(t, names, language) for t in (original, rewrite))
        if before and not after:
            out.append(f"{entity} no longer named")
        if after and not before:
            out.append(f"{entity} named though the request left it implicit")
    if turn.implicitness == Implicitness.AE and not any(
        w in (rewrite.lower() if language == "en" else rewrite)
        for w in _REFERS_BACK[language]
    ):
        out.append("no longer refers back to the session (abstract anaphora lost)")
    added = set(_NUMBER.findall(rewrite)) - set(_NUMBER.findall(original))
    if added:
        out.append(f"adds numbers {sorted(added)}")
    too_long = (
        len(rewrite.split()) > MAX_EN_WORDS
        if language == "en"
        else len(rewrite) > MAX_ZH_CHARS
    )
    if too_long:
        out.append("too long")
    return out


def _clean(reply: str) -> str:
    text = reply.strip().splitlines()[0].strip() if reply.strip() else ""
    return text.strip().strip('"“”').strip()


def paraphrase_sessions(
    sessions: Iterable[Session], backend: ChatBackend
) -> tuple[list[Session], Counter[str]]:
    """Sessions with each request rewritten by ``backend`` where the rewrite passes the checks.

    Returns:
        The sessions (same order) and counts: ``tried``, ``kept``, ``rejected`` and
        ``failed`` (the backend raised); a rejected or failed rewrite keeps the original.

    Raises:
        GoldScoreError: If a session's gold no longer scores 1.0 after its rewrites.
    """
    from physassist_env.scenarios.generate import check_gold

    stats: Counter[str] = Counter()
    out = []
    for session in sessions:
        turns = []
        for turn in session.turns:
            texts = {"en": turn.request.en, "zh": turn.request.zh}
            done = []
            for language in ("en", "zh"):
                stats["tried"] += 1
                message = PROMPT[language].format(text=texts[language])
                try:
                    rewrite = _clean(
                        backend.generate([{"role": "user", "content": message}])
                    )
                except RuntimeError as exc:
                    stats["failed"] += 1
                    log.warning("paraphrase failed: %s", exc)
                    continue
                why = problems(turn, language, rewrite)
                if why or rewrite == texts[language]:
                    stats["rejected"] += 1
                    log.debug("rewrite %r rejected: %s", rewrite, "; ".join(why))
                    continue
                texts[language] = rewrite
                done.append(language)
                stats["kept"] += 1
            turns.append(
                turn.model_copy(update={"request": Text(**texts), "paraphrased": done})
                if done
                else turn
            )
        rewritten = session.model_copy(update={"turns": turns})
        check_gold(rewritten)
        out.append(rewritten)
    return out, stats
