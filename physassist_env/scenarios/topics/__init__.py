"""Turn topics: each writes one physician request with its gold actions, answer and rubric.

A topic function takes the session's :class:`TopicContext` and returns a :class:`Draft`
or ``None`` when the admission cannot support it. Gold actions are executed on the
session's date-gated EHR view, and answers are written from what those calls returned,
so a gold answer never states anything the agent could not have found.
"""

from __future__ import annotations

from physassist_env.scenarios.topics.base import Draft, TopicContext
from physassist_env.scenarios.topics.menu import TopicFn, menu
from physassist_env.scenarios.topics.reasoning import RENAL_DRUGS

__all__ = ["RENAL_DRUGS", "Draft", "TopicContext", "TopicFn", "menu"]
