"""Long workspace episodes: an L5 task whose full history exceeds the context budget ends with
a CONTEXT fault without context management and completes when the expert summarises."""

from __future__ import annotations

import pytest

from veriloop.envs import get_env
from veriloop.eval.metrics import context_metrics
from veriloop.rollout.context import SUMMARY_HEADER
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import FaultKind


@pytest.fixture(scope="module")
def long_task():
    env = get_env("workspace")
    task = next(t for t in env.tasks(4, difficulty=5) if "weekly_report" in t.id)
    full = RolloutRunner(env, env.expert(), RolloutConfig(max_total_tokens=1 << 20)).run([task])
    return env, task, full[0]


def _run(env, task, context: str, budget: int, **options):
    cfg = RolloutConfig(max_total_tokens=budget, context=context, **options)
    return RolloutRunner(env, env.expert(), cfg).run([task])[0]


def test_l5_completes_with_summaries_and_faults_without(long_task):
    env, task, full = long_task
    assert full.passed and not full.segments
    history = len(full.token_ids) - len(full.prompt_ids)
    budget = len(full.prompt_ids) + history // 2  # the full history does not fit
    assert len(full.token_ids) > budget

    plain = _run(env, task, "none", budget)
    assert plain.fault is not None and plain.fault.kind == FaultKind.CONTEXT

    # room above the threshold for one more observation, the request and the summary
    summed = _run(env, task, "summarize", budget, summarize_at=budget - history // 4)
    assert summed.fault is None and summed.done and summed.passed
    assert summed.segments and all(s.reason == "summary" for s in summed.segments)
    # every context was below the budget when the policy sampled its last action (a scripted
    # expert's text is not capped by the remaining budget as a model's generation is)
    assert all(len(c.token_ids) - len(summed.turns[c.end - 1].action_ids) < budget
               for c in summed.contexts())
    # the expert's summaries carry the ids it saved, and its plan resumes where it was
    last = summed.segments[-1].prompt[-1].content
    assert last.startswith(SUMMARY_HEADER) and "Steps done: " in last
    env_calls = [c for u in summed.turns for c in u.tool_calls]
    assert [c.name for c in env_calls] == [c.name for u in full.turns for c in u.tool_calls]
    m = context_metrics([plain, summed])
    assert m["summarized"] == 0.5 and m["segments"] == (2 + len(summed.segments)) / 2
    assert m["context_tokens_per_turn"] < budget


def test_window_keeps_the_last_turns_with_a_marker(long_task):
    _, task, _ = long_task
    t = _run(get_env("workspace", max_turns=6), task, "window", 1 << 20, window_turns=3,
             loop_limit=0)
    assert [s.start for s in t.segments] == [4, 5]
    for s in t.segments:
        omitted = s.start - 3
        assert s.prompt[len(t.prompt)].content == f"[{omitted} earlier turns omitted]"
        kept = t.turns[omitted:s.start]
        tail = [i for u in kept for i in (*u.action_ids, *u.observation_ids)]
        assert list(s.prompt_ids[-len(tail):]) == tail  # kept turns keep their exact ids


def test_a_separate_summariser_writes_untrained_summaries(long_task):
    env, task, full = long_task
    history = len(full.token_ids) - len(full.prompt_ids)
    budget = len(full.prompt_ids) + history // 2
    cfg = RolloutConfig(max_total_tokens=budget, context="summarize",
                        summarize_at=budget - history // 4)
    t = RolloutRunner(env, env.expert(), cfg, summarizer=env.expert()).run([task])[0]
    assert t.passed and t.segments
    assert all(s.summary_turn is None for s in t.segments)
    assert len(t.turns) == len(full.turns)  # no summary turns among the policy's actions
