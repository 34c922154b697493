"""A BFCL message may hold several calls: sampling must not end it at the first `</tool_call>`.

The rollout runner passes the environment's `stop` strings (`veriloop.envs.base.turn_stop`) to
the policy. With the default ones, every message of a parallel task was cut after its first
call, so SmolLM2 scored 0 on BFCL's parallel categories after SFT on demonstrations that made
two to four calls (issue 45, seed-0 cells of 2026-11-28)."""

from __future__ import annotations

import pytest

pytest.importorskip("bfcl_eval")

from veriloop.envs import get_env
from veriloop.envs.base import turn_stop
from veriloop.envs.bfcl import BfclEnv
from veriloop.policy import DEFAULT_STOP, Generation
from veriloop.rollout.runner import RolloutConfig, RolloutRunner


class StoppingExpert:
    """The scripted expert's messages, cut as a sampler cuts them: after the first stop string
    of the sampling parameters (kept in the output)."""

    def __init__(self, env) -> None:
        self.expert = env.expert()
        self.name, self.renderer = "stopping-expert", self.expert.renderer
        self.stops: list[tuple[str, ...]] = []

    def generate(self, requests, params):
        self.stops.append(tuple(params.stop))
        out = []
        for g in self.expert.generate(requests, params):
            ends = [g.text.find(s) + len(s) for s in params.stop if s in g.text]
            out.append(Generation(text=g.text[:min(ends)] if ends else g.text))
        return out

    def release(self, key: str) -> None:
        pass


def test_a_parallel_task_keeps_every_call_of_its_message():
    env = BfclEnv(categories=["parallel", "parallel_multiple"])
    tasks = env.tasks(4, seed=0, split="test")
    policy = StoppingExpert(env)
    trajs = RolloutRunner(env, policy, RolloutConfig(group_size=1)).run(tasks)
    assert policy.stops and all("</tool_call>" not in s for s in policy.stops)
    assert all(t.passed for t in trajs), [t.grade.explanation for t in trajs if not t.passed]
    assert all(t.turns[0].action_text.count("</tool_call>") >= 2 for t in trajs)


def test_the_default_stop_ends_a_message_at_its_call():
    # one call a message, whose result the next turn reads: the default everywhere else
    env = get_env("arithmetic")
    assert turn_stop(env) == DEFAULT_STOP and "</tool_call>" in DEFAULT_STOP
    assert turn_stop(BfclEnv()) == ("</answer>",)
    assert turn_stop(get_env("bfcl_synth")) == ("</answer>",)
