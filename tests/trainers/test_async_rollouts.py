"""Asynchronous rollouts: continuous episode scheduling (a slow episode holds up only its own
slot), the staleness bound (the producer waits; staler groups are dropped), versions recorded
on trajectories and turns, and the trainer end to end with weight sync into the sampling copy."""

import threading
import time
from pathlib import Path

import torch

from veriloop.data.store import TrajectoryStore
from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.envs.latency import LatencyEnv, pareto_latency
from veriloop.rollout.producer import RolloutProducer
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.rl_rollouts import VersionedPolicy

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


class Held(ArithmeticEnv):
    """Steps of the tasks in `held` block until `release` is set."""

    def __init__(self, held=()):
        super().__init__()
        self.held, self.release = set(held), threading.Event()

    def reset(self, task):
        episode = super().reset(task)
        inner = episode.step

        def step(message):
            if task.id in self.held:
                self.release.wait(20)
            return inner(message)

        episode.step = step
        return episode


def _stream(runner, tasks, slots, until):
    """Run `runner.run_continuous` over `tasks` in a thread; returns (groups, stop, thread)."""
    queue, groups, stop = list(tasks), [], threading.Event()

    def on_group(g):
        groups.append(g)
        until(groups)

    th = threading.Thread(target=runner.run_continuous,
                          args=(lambda: queue.pop(0) if queue else None, on_group, slots, stop))
    th.start()
    return groups, stop, th


def test_a_slow_episode_holds_up_only_its_own_slot():
    tasks = ArithmeticEnv().tasks(12, seed=0)
    env = Held(held={tasks[0].id})
    runner = RolloutRunner(env, VersionedPolicy(ExpertPolicy()),
                           RolloutConfig(group_size=1, env_workers=4))

    def until(groups):
        if len(groups) == 11:  # every other task went through the second slot meanwhile
            env.release.set()

    start = time.perf_counter()
    groups, stop, th = _stream(runner, tasks, 2, until)
    assert env.release.wait(15), f"only {len(groups)} groups finished past the held episode"
    deadline = time.time() + 15
    while len(groups) < 12 and time.time() < deadline:
        time.sleep(0.02)
    stop.set()
    th.join(20)
    assert time.perf_counter() - start < 15
    assert [g[0].task_id for g in groups][-1] == tasks[0].id
    assert sorted(g[0].task_id for g in groups) == sorted(t.id for t in tasks)
    assert all(g[0].passed and g[0].policy_version == 0 for g in groups)
    assert all(u.policy_version == 0 for g in groups for u in g[0].turns)


def _wait(cond, timeout=15):
    deadline = time.time() + timeout
    while not cond() and time.time() < deadline:
        time.sleep(0.02)
    assert cond()


def test_producer_waits_at_the_staleness_bound_and_drops_staler_groups():
    env, served = ArithmeticEnv(), VersionedPolicy(ExpertPolicy())
    tasks = iter(env.tasks(64, seed=1))
    admitted = []

    def next_task():
        admitted.append(next(tasks))
        return admitted[-1]

    runner = RolloutRunner(env, served, RolloutConfig(group_size=2, env_workers=4))
    p = RolloutProducer(runner, next_task, prompts_per_step=2, max_staleness=1, slots=8)
    fresh, stale = p.take(2, version=0)
    assert len(fresh) == 2 and not stale and all(len(g) == 2 for g in fresh)
    _wait(lambda: p.ready == 2)  # (0 + 1 + 1) x 2 groups may start at version 0, no more
    time.sleep(0.3)
    assert len(admitted) == 4 and p.ready == 2
    served.version = 2  # two updates later the two waiting groups are 2 versions old
    fresh, stale = p.take(2, version=2)
    p.stop()
    assert len(stale) == 2 and all(t.policy_version == 0 for g in stale for t in g)
    assert len(fresh) == 2 and all(t.policy_version == 2 for g in fresh for t in g)


def test_latency_env_is_seeded_per_task_and_heavy_tailed():
    import random

    slept = []
    env = LatencyEnv(ArithmeticEnv(), seed=3, sleep=slept.append)
    task = env.tasks(1, seed=0)[0]
    expert = ExpertPolicy()
    for _ in range(2):
        ep = env.reset(task)
        ep.step(_msg(expert, task, ep))
    assert slept[0] != slept[1]  # the second episode of the task draws anew
    again = []
    env2 = LatencyEnv(ArithmeticEnv(), seed=3, sleep=again.append)
    ep = env2.reset(task)
    ep.step(_msg(expert, task, ep))
    assert again[0] == slept[0]
    rng = random.Random(0)
    draws = sorted(pareto_latency(rng, 0.05, 1.2, 5.0) for _ in range(20000))
    assert 0.07 < draws[10000] < 0.11 and 0.02 < sum(d > 1 for d in draws) / 20000 < 0.035


def _req(task, ep):
    from veriloop.policies.base import GenerationRequest

    return GenerationRequest(prompt_ids=(), messages=task.prompt, tools=ep.tools, task=task)


def _msg(expert, task, ep):
    from veriloop.types import Message

    return Message(role="assistant", content=expert.generate([_req(task, ep)], None)[0].text)


def _trainer(tmp_path, tiny, extra):
    cfg = load_config(CONFIGS / "grpo.yaml", [*tiny, "algorithm.kl_coef=0", *extra])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    return t


def test_async_trainer_bounds_staleness_and_syncs_weights(tmp_path, tiny):
    t = _trainer(tmp_path, tiny, ["rollout.asynchronous=true", "rollout.max_staleness=1",
                                  "algorithm.off_policy=decoupled", "optim.lr=0.01"])
    try:
        metrics = [t.step() for _ in range(3)]
        assert all(m["staleness_max"] <= 1 for m in metrics), metrics
        assert all("is_weight_mean" in m for m in metrics)
        served = t.rollouts.served.policy.model
        assert t.rollouts.served.version == 3
        for (name, a), b in zip(t.model.state_dict().items(), served.state_dict().values(),
                                strict=True):
            assert torch.equal(a, b), name  # the sampling copy serves the updated weights
        assert served is not t.model
        t.save()
    finally:
        t.close()
    with TrajectoryStore(t.paths.store) as store:
        trajs = store.query()
    assert len(trajs) >= 3 * 2 * 4
    assert {t.policy_version for t in trajs} <= {0, 1, 2}
    assert any(t.policy_version > 0 for t in trajs)
    assert all(t.policy_version == min(u.policy_version for u in t.turns) for t in trajs
               if t.turns)


def test_sync_trainer_records_the_version_of_each_step(tmp_path, tiny):
    t = _trainer(tmp_path, tiny, [])
    try:
        metrics = [t.step() for _ in range(2)]
        t.save()
    finally:
        t.close()
    assert [m["staleness_max"] for m in metrics] == [0.0, 0.0]
    with TrajectoryStore(t.paths.store) as store:
        for step in (1, 2):
            assert {x.policy_version for x in store.query(step=step)} == {step - 1}


def test_async_train_resume_stores_each_step_once(tmp_path, tiny):
    extra = ["rollout.asynchronous=true", "algorithm.off_policy=tis", "train.save_every=1"]
    t = _trainer(tmp_path, tiny, [*extra, "train.steps=2"])
    try:
        t.train(progress=False, heldout=False)
        assert t.rollouts.producer is None  # stopped at the end of train()
    finally:
        t.close()
    cfg = load_config(CONFIGS / "grpo.yaml", [*tiny, "algorithm.kl_coef=0", *extra,
                                              "train.steps=3"])
    t2 = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t2.setup(*build_env_and_grader(t2.cfg))
    try:
        assert t2.resume() and t2.step_count == 2 and t2.rollouts.served.version == 2
        t2.train(progress=False, heldout=False)
    finally:
        t2.close()
    with TrajectoryStore(t2.paths.store) as store:
        trajs = store.query()
        steps = {s: store.count(step=s) for s in (1, 2, 3)}
    assert len({x.id for x in trajs}) == len(trajs)
    assert all(n >= 2 * 4 for n in steps.values()), steps  # a step's groups (+ stale ones)
    assert max(x.policy_version for x in trajs) >= 2  # step 3 sampled with the resumed weights
