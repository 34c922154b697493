"""The Ray actors build a run's components with the run layer's builders (issue 44: one
environment builder). They sit on the trainers' floor, below `veriloop.run`, so the driver hands
them `veriloop.run.build.BUILDERS`; here the actor classes run in-process (no Ray needed) with
builders that record their calls, and a rollout actor samples exactly what a local runner over
the same builders samples."""

from __future__ import annotations

from veriloop.rollout.runner import RolloutRunner
from veriloop.run.build import BUILDERS, build_env, build_grader, build_policy
from veriloop.run.config import load_config
from veriloop.trainers.common import Builders
from veriloop.trainers.ray_envs import EnvWorker, GraderWorker
from veriloop.trainers.ray_pool import RolloutWorker
from veriloop.trainers.rl_rollouts import DeterministicKeys, VersionedPolicy


def recording(calls: list[str]) -> Builders:
    """BUILDERS, each call noted in `calls`."""

    def env(cfg):
        calls.append("env")
        return BUILDERS.env(cfg)

    def grader(cfg, env):
        calls.append("grader")
        return BUILDERS.grader(cfg, env)

    def policy(cfg):
        calls.append("policy")
        return BUILDERS.policy(cfg)

    return Builders(env=env, grader=grader, policy=policy)


def test_environment_and_grader_actors_build_through_the_builders(tiny):
    cfg = load_config(None, [*tiny, "env.max_turns=3", "grader.name=exact_match"])
    calls: list[str] = []
    envs = EnvWorker(cfg, recording(calls))
    assert calls == ["env"] and envs.env.max_turns == 3  # the run's step budget
    graders = GraderWorker(cfg, recording(calls))
    assert calls == ["env", "env", "grader"]
    # the config's grader.name, not the environment's own: the one grader choice
    assert graders.grader.__qualname__ == "exact_match.<locals>.grade"


def test_a_rollout_actor_samples_what_a_local_runner_samples(tiny):
    cfg = load_config(None, [*tiny, "grader.name=exact_match"])
    calls: list[str] = []
    worker = RolloutWorker(cfg, recording(calls))
    assert calls == ["policy", "env", "grader"]
    tasks = build_env(cfg).tasks(2, seed=0, split="train", difficulty=1)
    rc = cfg.rollout.model_copy(update={"group_size": 2, "seed": 1, "run_id": "w"})
    remote, _ = worker.run(tasks, rc, 0, 1, (-1, []))  # version -1: no weights to load
    env = build_env(cfg)
    policy = build_policy(cfg)
    policy.model.eval()
    local = RolloutRunner(env, DeterministicKeys(VersionedPolicy(policy, version=-1)), rc,
                          grader=build_grader(cfg, env)).run(tasks)
    assert [t.token_ids for t in remote] == [t.token_ids for t in local]
    assert [(t.task_id, t.score) for t in remote] == [(t.task_id, t.score) for t in local]
    assert len(remote) == 4
