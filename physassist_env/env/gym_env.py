"""``PhysAssist-v0``: the benchmark as a Gymnasium environment."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any, Literal

import gymnasium as gym

from physassist_env.ehr.output import ToolOutput, check_tool_output
from physassist_env.env.actions import parse_action
from physassist_env.env.data import resolve, split_data
from physassist_env.env.episode import DEFAULT_TOOL_BUDGET, Episode, TerminationReason
from physassist_env.env.spaces import UnicodeText
from physassist_env.grading import make_grader
from physassist_env.tool_schemas import all_tool_schemas


class PhysAssistEnv(gym.Env[str, Any]):
    """An LLM assistant helps a physician with one patient over a four-turn session.

    ## Description
    Each episode is one session of the PhysAssistBench benchmark (Du et al., 2026): a
    physician makes four short, often implicit requests about one admission; the
    assistant answers each by calling FHIR R4 tools on the patient's date-gated EHR,
    interviewing a record-grounded patient, asking the physician, or writing orders,
    and then answering in text. Each answer is graded against the turn's rubric.

    ## Action Space
    An assistant message: a string or an OpenAI-format dict. Tool calls may be OpenAI
    ``tool_calls``, Hermes/Qwen ``<tool_call>{...}</tool_call>`` text, or a bare JSON
    ``{"name": ..., "arguments": {...}}`` (several calls run in order). A message
    without a tool call is the answer to the physician and ends the turn. Anything
    unparseable becomes an error observation saying what was expected; the episode goes
    on. ``action_space`` is a permissive Unicode text space.

    ## Observation Space
    A string (:class:`UnicodeText`: English, Chinese, JSON) with what is new for the
    assistant: at reset the instructions and the first request; after tool calls their
    results, each as ``[ToolName] <result>``; after an answer the next request. With
    ``tool_output="text"`` (default) an EHR result is one line per resource and an
    error ``ERROR: ...``; with ``tool_output="fhir"`` it is FHIR R4 JSON on one line: a
    ``searchset`` Bundle for a search (notes as an ``OperationOutcome`` entry with
    ``search.mode = "outcome"``), the created resource for a create, an
    ``OperationOutcome`` for an error. Patient and physician replies are text either
    way, and so are the dataset's gold observations used for ``history="gold"``. ``info["messages"]`` holds
    the whole chat in OpenAI format and ``info["tools"]`` the tool schemas in the
    session's language.

    ## Rewards
    0 for intermediate steps; when a turn ends, the turn's rubric score in [0, 1]
    (points met over positive points; safety items subtract). Optional shaping:
    ``invalid_call_penalty`` is subtracted per invalid tool call or unparseable action.

    ## Starting State
    ``reset(seed=...)`` picks a session of the split with the env's seeded generator;
    ``options={"session_id": ...}`` picks one by id. The EHR is rebuilt from the
    dataset row's FHIR resources and gated at the session's current date.

    ## Episode End
    ``terminated`` after the last turn is answered. A turn also ends when its tool
    budget (``max_tool_calls_per_turn``) is exhausted, with what the assistant had said
    so far as its answer (``info["termination"] == "tool_budget"``). ``truncated`` when
    the step limit ``max_steps`` (a safety net) is reached.

    ## Info
    Always: ``messages``, ``tools``, ``session_id``, ``patient_id``, ``current_date``,
    ``language``, ``turn`` (index of the open turn), ``n_turns``, ``tool_budget_left``.
    When a turn ends: ``turn_index``, ``turn_score``, ``termination``. At the end:
    ``turn_scores``, ``verdicts`` (rubric items met / not met with reasons),
    ``session_pass`` ({0.6: bool, 0.75: bool}), ``mean_score``. Nothing graded (gold
    answers, rubric items, hidden patient facts) appears before the end.

    ## Arguments
    | argument | default | meaning |
    |---|---|---|
    | ``dataset`` | ``None`` | a built dataset folder; ``None`` = the embedded synthetic default (built on first use) |
    | ``split`` | ``"test"`` | ``train``, ``validation`` or ``test`` |
    | ``language`` | ``"en"`` | ``en`` or ``zh`` |
    | ``patient`` | ``"scripted"`` | ``scripted`` or ``llm`` (with ``patient_backend``) |
    | ``grader`` | ``"rules"`` | a registered grader name (``rules``, ``judge``) or a grader object |
    | ``history`` | ``"own"`` | ``own`` (the paper's setting) or ``gold`` (teacher-forced history) |
    | ``max_tool_calls_per_turn`` | 16 | the paper's per-turn budget |
    | ``implicit`` | ``True`` | implicit follow-ups, or the explicit paraphrases (ablation) |
    | ``tool_names`` | ``"dotted"`` | ``Observation.search`` or ``Observation_search`` in ``info["tools"]`` |
    | ``ehr`` | ``None`` | a FHIR R4 base URL: run the EHR tools against that server |
    | ``tool_output`` | ``"text"`` | ``text`` (compact lines) or ``fhir`` (FHIR R4 JSON) for EHR tool results |
    | ``invalid_call_penalty`` | 0.0 | reward shaping per invalid call |
    | ``max_steps`` | 200 | safety step limit per episode |

    ## Registered Configurations
    ``PhysAssist-v0`` (defaults), ``PhysAssistZh-v0`` (``language="zh"``),
    ``PhysAssistExplicit-v0`` (``implicit=False``), registered by ``import physassist_env``
    (``gym.make("physassist_env:PhysAssist-v0")`` imports the package itself).

    ## Vector Environments
    After ``import physassist_env``,
    ``gym.make_vec("PhysAssist-v0", num_envs=n, vectorization_mode="sync")`` works as is;
    ``"async"`` needs ``vector_kwargs={"shared_memory": False}`` (text cannot live in
    shared memory). Observations and actions are batched as tuples of strings.

    ## Version History
    * v0: initial release.

    Example:
        >>> import gymnasium as gym
        >>> import physassist_env  # registers the ids
        >>> env = gym.make("PhysAssist-v0", dataset=path)  # doctest: +SKIP
        >>> obs, info = env.reset(seed=0)  # doctest: +SKIP
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        dataset: str | Path | None = None,
        split: str = "test",
        language: str = "en",
        patient: str = "scripted",
        patient_backend: Any = None,
        grader: Any = "rules",
        grader_args: dict[str, Any] | None = None,
        history: str = "own",
        max_tool_calls_per_turn: int = DEFAULT_TOOL_BUDGET,
        implicit: bool = True,
        tool_names: Literal["dotted", "underscore"] = "dotted",
        ehr: str | None = None,
        tool_output: ToolOutput = "text",
        invalid_call_penalty: float = 0.0,
        max_steps: int = 200,
        render_mode: str | None = None,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not supported; use one of {self.metadata['render_modes']}"
            )
        if language not in ("en", "zh"):
            raise ValueError(
                f"language {language!r} is not supported; use 'en' or 'zh'"
            )
        self.tool_output = check_tool_output(tool_output)
        self.data = split_data(resolve(dataset), split)
        self.language = language
        self.patient_mode = patient
        self.patient_backend = patient_backend
        self.grader = (
            make_grader(grader, **(grader_args or {}))
            if isinstance(grader, str)
            else grader
        )
        self.history = history
        self.max_tool_calls = max_tool_calls_per_turn
        self.implicit = implicit
        self.ehr_url = ehr
        self.invalid_call_penalty = invalid_call_penalty
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.tools = all_tool_schemas(language, name_style=tool_names)
        self.observation_space = UnicodeText()
        self.action_space = UnicodeText()
        self.episode: Episode | None = None
        self._steps = 0

    # ------------------------------------------------------------------ API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        """Start a session.

        Args:
            seed: Seeds the env's generator, which picks the session.
            options: ``{"session_id": ...}`` to pick a session by id.

        Returns:
            The instructions and first request, and the info dict.

        Raises:
            KeyError: For an unknown ``session_id`` (with a few valid ones).
        """
        super().reset(seed=seed)
        options = options or {}
        if "session_id" in options:
            sid = options["session_id"]
            if sid not in self.data.by_id:
                raise KeyError(
                    f"session {sid!r} is not in the {self.data.split} split; e.g. {list(self.data.by_id)[:3]}"
                )
            session = self.data.by_id[sid]
        else:
            session = self.data.sessions[
                int(self.np_random.integers(len(self.data.sessions)))
            ]
        record = self.data.record(session.patient_id)
        self.episode = Episode(
            session,
            record,
            language=self.language,
            patient=self.patient_mode,
            patient_backend=self.patient_backend,
            patient_seed=self.data.seed,
            grader=self.grader,
            max_tool_calls_per_turn=self.max_tool_calls,
            history=self.history,
            implicit=self.implicit,
            store=None if self.ehr_url else self.data.store(session.patient_id),
            ehr=self.ehr_url,
            tool_output=self.tool_output,
        )
        self._steps = 0
        request = self.episode.next_request()
        obs = (
            f"{self.episode.messages[0]['content']}\n\n{self._physician(request or '')}"
        )
        return obs, self._info()

    def step(self, action: Any) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """Take one assistant message.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; see the class docstring.

        Raises:
            RuntimeError: When called before ``reset`` or after the episode ended.
        """
        ep = self.episode
        if ep is None or ep.done:
            raise RuntimeError(
                "call reset() before step(), and again after an episode ends"
            )
        self._steps += 1
        parsed = parse_action(action)
        reward = 0.0
        parts: list[str] = []
        extra: dict[str, Any] = {}
        if parsed.error:
            parts.append(ep.record_error(parsed.error))
            reward -= self.invalid_call_penalty
        elif parsed.calls:
            ids = ep.record_assistant(
                parsed.content, [(c.name, c.arguments, c.id) for c in parsed.calls]
            )
            for call, cid in zip(parsed.calls, ids, strict=True):
                if ep.tool_budget_left() <= 0:
                    parts.append(
                        f"[{call.name}] ERROR: the tool budget of this turn is used up"
                    )
                    break
                outcome = ep.call_tool(call.name, call.arguments, cid)
                parts.append(f"[{outcome.name}] {outcome.content}")
                if not outcome.ok:
                    reward -= self.invalid_call_penalty
        else:
            log = ep.answer(parsed.answer or "")
            reward += log.score
            extra = {
                "turn_index": log.index,
                "turn_score": log.score,
                "termination": str(log.termination),
            }
            nxt = ep.next_request()
            parts.append(self._physician(nxt) if nxt else self._closing())
        if ep.turn is not None and ep.tool_budget_left() <= 0:
            log = ep.answer(None, TerminationReason.TOOL_BUDGET)
            reward += log.score
            extra = {
                "turn_index": log.index,
                "turn_score": log.score,
                "termination": str(log.termination),
            }
            nxt = ep.next_request()
            parts.append(
                (
                    "The tool budget for this request is used up; moving on.\n"
                    if self.language == "en"
                    else "本请求的工具调用次数已用完，进入下一个请求。\n"
                )
                + (self._physician(nxt) if nxt else self._closing())
            )
        terminated = ep.done
        truncated = not terminated and self._steps >= self.max_steps
        info = self._info() | extra
        if terminated or truncated:
            info |= ep.session_summary()
        return "\n".join(parts), float(reward), terminated, truncated, info

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the transcript so far as text."""
        if self.render_mode != "ansi" or self.episode is None:
            return None
        lines = []
        for m in self.episode.messages:
            body = m.get("content") or ""
            if m.get("tool_calls"):
                body += " ".join(
                    f"<{c['function']['name']} {c['function']['arguments']}>"
                    for c in m["tool_calls"]
                )
            lines.append(
                f"[{m['role']}{'/' + m['name'] if m.get('name') else ''}] {body}"
            )
        return "\n".join(lines)

    def state_fingerprint(self) -> str:
        """A hash of the episode so far (messages and scores), for determinism tests."""
        ep = self.episode
        payload = {
            "messages": ep.messages if ep else [],
            "scores": [lg.score for lg in ep.logs] if ep else [],
        }
        return hashlib.sha256(
            json.dumps(
                payload, sort_keys=True, ensure_ascii=False, default=str
            ).encode()
        ).hexdigest()

    # ------------------------------------------------------------------ helpers
    def _physician(self, text: str) -> str:
        return f"Physician: {text}" if self.language == "en" else f"医生：{text}"

    def _closing(self) -> str:
        return (
            "The physician has no more requests. The session is over."
            if self.language == "en"
            else "医生没有其他请求了，本次会话结束。"
        )

    def _info(self) -> dict[str, Any]:
        ep = self.episode
        assert ep is not None
        s = ep.session
        log = ep.turn
        return {
            "messages": copy_messages(ep.messages),
            "tools": self.tools,
            "session_id": s.session_id,
            "patient_id": s.patient_id,
            "current_date": s.current_date,
            "language": self.language,
            "turn": log.index if log else None,
            "n_turns": len(s.turns),
            "tool_budget_left": ep.tool_budget_left(),
        }


_PLAIN = (str, int, float, bool, type(None))


def copy_messages(value: Any) -> Any:
    """A deep copy of chat messages (what ``copy.deepcopy`` gives, several times faster
    on their JSON shapes: dicts and lists are copied, plain values shared, anything else
    deep-copied)."""
    if isinstance(value, dict):
        return {
            k: v if isinstance(v, _PLAIN) else copy_messages(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [v if isinstance(v, _PLAIN) else copy_messages(v) for v in value]
    if isinstance(value, _PLAIN):
        return value
    return copy.deepcopy(value)
