"""The runner under failure: crashing and hanging environments, loops, budgets, policy and
grader faults. Uses the real arithmetic environment, wrapped to misbehave on chosen tasks."""

import threading
from types import SimpleNamespace

import pytest

import veriloop.rollout.live as live_mod
import veriloop.rollout.runner as runner_mod
from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.policies.base import Generation
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import FaultKind, InfrastructureError


class Faulty(ArithmeticEnv):
    """Episodes of tasks in `crash` raise in step; those in `hang` block until released."""

    def __init__(self, crash=(), hang=(), crash_reset=()):
        super().__init__()
        self.crash, self.hang, self.crash_reset = set(crash), set(hang), set(crash_reset)
        self.release = threading.Event()

    def reset(self, task):
        if task.id in self.crash_reset:
            raise OSError("could not start the container")
        episode = super().reset(task)
        inner = episode.step

        def step(message):
            if task.id in self.crash:
                raise RuntimeError("environment exploded")
            if task.id in self.hang:
                self.release.wait()  # a runner that waited for it would hang the test
            return inner(message)

        episode.step = step
        return episode


class CountingPolicy(ExpertPolicy):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.batches = []

    def generate(self, requests, params):
        self.batches.append(len(requests))
        return super().generate(requests, params)


def test_crash_and_hang_fail_their_episodes_and_the_rest_completes():
    tasks = ArithmeticEnv().tasks(12, seed=0)
    env = Faulty(crash={tasks[1].id, tasks[5].id}, hang={tasks[3].id},
                 crash_reset={tasks[7].id})
    stored = []
    # the step timeout has room for a starved machine; the hung step never returns by itself
    trajs = RolloutRunner(env, ExpertPolicy(), RolloutConfig(step_timeout=3.0),
                          on_trajectory=stored.append).run(tasks)
    env.release.set()
    assert len(trajs) == len(stored) == 12
    by_task = {t.task_id: t for t in trajs}
    for i in (1, 5):
        f = by_task[tasks[i].id].fault
        assert f.kind == FaultKind.ENV_CRASH and "environment exploded" in f.reason and f.is_infra
    hung = by_task[tasks[3].id]
    assert hung.fault.kind == FaultKind.ENV_TIMEOUT and "within 3s" in hung.fault.reason
    assert by_task[tasks[7].id].fault.kind == FaultKind.ENV_CRASH
    assert "could not start" in by_task[tasks[7].id].fault.reason
    failed = {tasks[i].id for i in (1, 3, 5, 7)}
    for t in trajs:
        if t.task_id in failed:
            assert t.is_infra_error and t.grade is None
        else:
            assert t.passed and t.fault is None


def test_all_waiting_episodes_share_one_generate_call():
    policy = CountingPolicy(noise=1.0, format_share=1.0, recovery=1.0)
    RolloutRunner(ArithmeticEnv(), policy, RolloutConfig(group_size=4)).run(
        ArithmeticEnv().tasks(5, seed=0))
    assert policy.batches == [20, 20, 20]  # bad call, retry, answer: three rounds of 20


class Open(ArithmeticEnv):
    """Counts the episodes open at once (reset to close)."""

    def __init__(self):
        super().__init__()
        self.open = self.most = 0
        self.lock = threading.Lock()

    def reset(self, task):
        episode = super().reset(task)
        with self.lock:
            self.open += 1
            self.most = max(self.most, self.open)
        inner = episode.close

        def close():
            with self.lock:
                self.open -= 1
            return inner()

        episode.close = close
        return episode


def test_slots_bound_the_live_episodes_and_later_ones_start_as_others_finish():
    tasks = ArithmeticEnv().tasks(5, seed=0)
    policy, env = CountingPolicy(noise=1.0, format_share=1.0, recovery=1.0), Open()
    trajs = RolloutRunner(env, policy, RolloutConfig(group_size=4, slots=6)).run(tasks)
    # 20 episodes of 3 rounds each (bad call, retry, answer), 6 at a time: 6, 6, 6, then 2
    assert policy.batches == [6] * 9 + [2] * 3
    assert env.most == 6 and env.open == 0
    assert [(t.task_id, t.sample_index) for t in trajs] == [
        (task.id, g) for task in tasks for g in range(4)]
    assert all(t.passed for t in trajs)


def test_slots_count_the_episode_timeout_from_each_episodes_start(clock):
    env = SlowSteps(clock, max_turns=50)
    trajs = RolloutRunner(env, Looper(), RolloutConfig(loop_limit=0, episode_timeout=0.5,
                                                       slots=1)).run(env.tasks(2, seed=0))
    # the second episode waited 0.6 s for the first; each still gets its own 0.5 s (counted
    # from the run's start, the second would end after one turn)
    assert all(t.fault.kind == FaultKind.EPISODE_TIMEOUT and len(t.turns) == 2 for t in trajs)


class Looper(ExpertPolicy):
    """Calls the calculator with the same arguments forever."""

    def _act(self, req):
        return '<tool_call>{"name": "calculator", "arguments": {"expression": "1+1"}}</tool_call>'


def test_loop_detection_and_step_budget():
    env, tasks = ArithmeticEnv(max_turns=10), ArithmeticEnv().tasks(2, seed=0)
    trajs = RolloutRunner(env, Looper(), RolloutConfig(loop_limit=3)).run(tasks)
    assert all(t.fault.kind == FaultKind.LOOP and len(t.turns) == 3 for t in trajs)
    assert all(not t.is_infra_error and t.grade is not None and t.score == 0 for t in trajs)
    trajs = RolloutRunner(ArithmeticEnv(max_turns=4), Looper(), RolloutConfig(loop_limit=0)).run(
        tasks)
    assert all(t.fault.kind == FaultKind.STEP_BUDGET and len(t.turns) == 4 for t in trajs)


def test_token_budget_ends_episode_with_context_fault():
    trajs = RolloutRunner(ArithmeticEnv(), Looper(),
                          RolloutConfig(loop_limit=0, max_total_tokens=700)).run(
        ArithmeticEnv().tasks(3, seed=0))
    assert all(t.fault.kind == FaultKind.CONTEXT for t in trajs)


class Broken(ExpertPolicy):
    def generate(self, requests, params):
        raise ConnectionError("model server went away")


def test_policy_failure_is_an_infrastructure_fault():
    trajs = RolloutRunner(ArithmeticEnv(), Broken()).run(ArithmeticEnv().tasks(3, seed=0))
    assert all(t.fault.kind == FaultKind.POLICY_ERROR and t.is_infra_error for t in trajs)
    assert "went away" in trajs[0].fault.reason


def test_grader_crash_is_an_infrastructure_fault():
    def grader(task, traj, state):
        raise KeyError("gold")

    trajs = RolloutRunner(ArithmeticEnv(), ExpertPolicy(), grader=grader).run(
        ArithmeticEnv().tasks(2, seed=0))
    assert all(t.fault.kind == FaultKind.GRADER_ERROR and t.grade is None for t in trajs)


class TokenPolicy(ExpertPolicy):
    """Returns its own token ids and logprobs, ending on a stop string (no end-of-turn)."""

    def generate(self, requests, params):
        out = []
        for g in super().generate(requests, params):
            ids = tuple(g.text.encode())
            out.append(Generation(text=g.text, token_ids=ids, logprobs=tuple(-0.5 for _ in ids)))
        return out


@pytest.mark.parametrize("policy", [ExpertPolicy(), TokenPolicy()])
def test_trajectory_tokens_equal_full_rendering_and_mask_covers_actions(policy):
    env = ArithmeticEnv()
    task = env.tasks(1, seed=4)[0]
    traj = RolloutRunner(env, policy).run([task])[0]
    r = policy.renderer
    history = traj.messages()  # the recorded prompt: the task's, with the calling syntax
    # the runner's incremental ids equal a one-shot rendering of the conversation up to the
    # last action, followed by that action's ids
    full = r.render_prompt(history[:-1], env.reset(task).tools).ids
    assert len(traj.turns) == 2
    assert tuple(traj.token_ids) == full + traj.turns[-1].action_ids
    mask, ids = traj.loss_mask, traj.token_ids
    actions = [i for i, m in zip(ids, mask, strict=True) if m]
    assert actions == [i for t in traj.turns for i in t.action_ids]
    if isinstance(policy, TokenPolicy):
        assert traj.sampling_logprobs.count(-0.5) == sum(mask)


class Slow(Looper):
    """Each generation takes 0.3 s of the runner's (simulated) clock."""

    def __init__(self, clock, **kw):
        super().__init__(**kw)
        self.clock = clock

    def generate(self, requests, params):
        self.clock.now += 0.3
        return super().generate(requests, params)


class SlowSteps(ArithmeticEnv):
    """Each environment step takes 0.3 s of the runner's (simulated) clock."""

    def __init__(self, clock, **kw):
        super().__init__(**kw)
        self.clock = clock

    def reset(self, task):
        episode = super().reset(task)
        inner = episode.step

        def step(*args, **kwargs):
            self.clock.now += 0.3
            return inner(*args, **kwargs)

        episode.step = step
        return episode


@pytest.fixture
def clock(monkeypatch):
    """The runner's clock (and its episodes' budget checks'), advanced only by `Slow`: the
    timeout tests do not depend on how fast this machine runs them."""
    clock = SimpleNamespace(now=0.0)
    for module in (runner_mod, live_mod):
        monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=lambda: clock.now))
    return clock


def test_episode_wall_clock_timeout_is_an_infrastructure_fault(clock):
    env = SlowSteps(clock, max_turns=50)
    trajs = RolloutRunner(env, Looper(), RolloutConfig(loop_limit=0, episode_timeout=0.5)
                          ).run(env.tasks(1, seed=0))
    # 0.3 s of its own a step: past 0.5 s at its 2nd step
    assert all(t.fault.kind == FaultKind.EPISODE_TIMEOUT and t.is_infra_error for t in trajs)
    assert all(len(t.turns) == 2 for t in trajs)


def test_slow_generation_is_never_an_infrastructure_fault(clock):
    """A slow policy (or a loaded machine decoding a large batch) must not turn long episodes,
    often failing ones, into infrastructure faults that leave the scores: generation time does
    not count against episode_timeout; the policy's own budgets end such episodes."""
    env = ArithmeticEnv(max_turns=6)
    trajs = RolloutRunner(env, Slow(clock), RolloutConfig(loop_limit=0, episode_timeout=0.5)
                          ).run(env.tasks(2, seed=0))
    assert clock.now >= 6 * 0.3  # each batch took 0.3 s, far beyond the 0.5 s budget in all
    assert all(t.fault.kind == FaultKind.STEP_BUDGET and not t.is_infra_error for t in trajs)
    assert all(len(t.turns) == 6 for t in trajs)


def test_grader_infrastructure_error_keeps_its_kind():
    def grader(task, traj, state):
        raise InfrastructureError("sandbox could not start", kind=FaultKind.SANDBOX)

    trajs = RolloutRunner(ArithmeticEnv(), ExpertPolicy(), grader=grader).run(
        ArithmeticEnv().tasks(2, seed=0))
    assert all(t.fault.kind == FaultKind.SANDBOX and t.is_infra_error for t in trajs)
