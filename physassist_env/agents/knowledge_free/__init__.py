"""Knowledge-free policies: do the benchmark's rewards need clinical reasoning?

Two agents that know no medicine, fitted only on the train split of the dataset they play:

* ``extractor``: guesses the request's topic, makes the read calls train gold calls made
  for that topic, and restates what the chart shows: values with units and dates as
  printed, the chart's own H/L markers as its only flags, first-versus-last arithmetic
  trends, highest/lowest values, lists of rows, the patient's words. No decision.
* ``knowledge-free``: the same, plus write calls, plus a decision text mined from train
  gold answers (their number-free clauses, entity names as slots) and chosen per (topic,
  chart-marker state of the main lab) by the mean reward it earned on train sessions
  (:mod:`.fit`). ``topic_oracle=True`` (benchmarks only) is told each turn's topic.

Everything they say is learned from train data (:mod:`.learn`) or copied from the chart
(:mod:`.chart`). A benchmark whose decisions such a policy gets right is measuring
template matching, not clinical reasoning; ``physassist validate`` bounds their mean score
(``knowledge_free_bound``) and ``benchmarks/knowledge_free.py`` reports them beside the
heuristic. :mod:`.outcomes` has the data-only baselines (majority outcome, chart marker).
"""

from __future__ import annotations

from physassist_env.agents.base import register_agent
from physassist_env.agents.knowledge_free.fit import fitted_table
from physassist_env.agents.knowledge_free.policy import KnowledgeFreeAgent

__all__ = ["KnowledgeFreeAgent", "extractor", "fitted_table", "knowledge_free"]


@register_agent("knowledge-free")
def knowledge_free(
    dataset: str | None = None,
    topic_oracle: bool = False,
    max_sessions: int | None = None,
    seed: int = 0,
) -> KnowledgeFreeAgent:
    """The reward-searched knowledge-free policy, fitted on the train split of ``dataset``
    (``None``: the embedded default; give the dataset the run plays);
    ``topic_oracle=True`` is told each turn's topic (a benchmark upper variant)."""
    table = fitted_table(dataset, max_sessions=max_sessions, seed=seed)
    return KnowledgeFreeAgent(table, decide=True, topic_oracle=topic_oracle)


@register_agent("extractor")
def extractor(
    dataset: str | None = None, max_sessions: int | None = None, seed: int = 0
) -> KnowledgeFreeAgent:
    """The extractor: the learned read calls, the chart restated, no decision (fitted on
    the train split of ``dataset`` without the reward search)."""
    table = fitted_table(dataset, max_sessions=max_sessions, seed=seed, search=False)
    return KnowledgeFreeAgent(table, decide=False, reads_only=True)
