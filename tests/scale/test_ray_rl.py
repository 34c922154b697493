"""`veriloop train CONFIG --ray ADDRESS` on a real local Ray cluster (CPU): the quickstart
recipe, shrunk, runs its RL steps with the rollouts on two Ray actors.

- A rollout actor's process is SIGKILLed while it rolls out step 2: the run still completes,
  its groups are rolled out again on a fresh actor, and every stored trajectory is whole and
  stored once.
- The same config and seeds sample the same tokens with and without Ray, and with the episodes
  and grading in environment and grader actors of their own (`--ray-env-workers`,
  `--ray-grader-workers`); an environment actor killed mid-episode faults only its episodes
  (infrastructure faults) and is restarted.
- An actor and its replacement both killed: the chunk comes back as `worker_lost` faults.
- The trainer process killed mid-run and resumed with `--ray`: each step stored once.
- Without Ray installed, `--ray` is one error line with the install command (exit 2); so is
  an address where no cluster answers.
"""

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veriloop.data.store import TrajectoryStore

VERILOOP = str(Path(sys.executable).with_name("veriloop"))
CONFIG = str(Path(__file__).resolve().parents[2] / "configs" / "quickstart.yaml")
PROMPTS, GROUP, STEPS = 4, 4, 3
# the untrained quickstart model writes until the token budget: long episodes (a few seconds
# a step), so the kill lands inside a rollout
ARGS = [f"rollout.prompts_per_step={PROMPTS}", f"rollout.group_size={GROUP}",
        "rollout.max_new_tokens=48", "rollout.max_total_tokens=1200", "env.max_turns=12",
        "env.eval_tasks=0", "optim.minibatch_size=16", "optim.micro_batch_size=8",
        f"train.steps={STEPS}", "train.save_every=2", "train.threads=1"]
needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                               reason="Ray is not installed (pip install 'veriloop[ray]')")


def _train(run_dir, *extra, args=ARGS):
    return subprocess.Popen([VERILOOP, "train", CONFIG, *args, "--run-dir", str(run_dir),
                             "--json", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "OMP_NUM_THREADS": "1"})


def _finish(proc, timeout=420):
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def _stored(run_dir):
    with TrajectoryStore(run_dir / "trajectories.sqlite") as s:
        return list(s.iter_with_steps(run_id=run_dir.name))


@pytest.fixture(scope="module")
def cluster():
    """A local Ray cluster (2 CPUs) that this test process is connected to; its address."""
    import ray

    from veriloop.trainers.ray_pool import NAMESPACE

    ray.init(num_cpus=2, include_dashboard=False, namespace=NAMESPACE)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def _kill_when_rolling_out(run_name, step, proc, killed):
    """SIGKILL the process of the first actor seen rolling out `step` (its `status()`)."""
    import ray

    from veriloop.trainers.ray_pool import NAMESPACE

    names = [f"rollout-{run_name}-{proc.pid}-{i}.0" for i in range(2)]
    deadline = time.time() + 300
    while proc.poll() is None and time.time() < deadline:
        for name in names:
            try:
                status = ray.get(ray.get_actor(name, namespace=NAMESPACE).status.remote(),
                                 timeout=30)
            except (ValueError, ray.exceptions.RayError):
                continue  # not started yet
            if status["step"] == step:
                os.kill(status["pid"], signal.SIGKILL)
                killed.update(status, name=name)
                return
        time.sleep(0.01)


@needs_ray
def test_killed_rollout_actor_run_completes_and_stores_each_trajectory_once(tmp_path, cluster):
    run = tmp_path / "run"
    t0 = time.time()
    proc = _train(run, "--ray", cluster)
    killed: dict = {}
    killer = threading.Thread(target=_kill_when_rolling_out, args=(run.name, 2, proc, killed))
    killer.start()
    summary = _finish(proc)
    killer.join(timeout=60)
    assert killed, "no rollout actor was seen rolling out step 2"
    assert summary["steps"] == STEPS and summary["ray_workers"] == 2
    assert summary["ray_restarts"] == 1 and summary["worker_lost_episodes"] == 0
    # the death was noticed during step 2 (the actor had not returned), and step 2 re-ran its
    # groups on the fresh actor
    rows = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    assert [r["workers_restarted"] for r in rows] == [0, 1, 1]

    stored = _stored(run)
    assert summary["stored_trajectories"] == len(stored) == STEPS * PROMPTS * GROUP
    ids = [t.id for _, t in stored]
    assert len(set(ids)) == len(ids)
    keys = Counter((step, t.task_id, t.sample_index) for step, t in stored)
    assert set(keys.values()) == {1}
    for step in range(1, STEPS + 1):
        of_step = [t for s, t in stored if s == step]
        assert Counter(t.task_id for t in of_step) == Counter(
            {task: GROUP for task in {t.task_id for t in of_step}})
        assert len(of_step) == PROMPTS * GROUP
        assert {t.policy_version for t in of_step} == {step - 1}
    for _, t in stored:  # whole: every turn sampled and observed, graded, no lost worker
        assert t.turns and t.grade is not None and not t.is_infra_error, t.id
        assert all(len(u.action_logprobs or ()) == len(u.action_ids) for u in t.turns)
        assert len(t.token_ids) == len(t.loss_mask) == len(t.sampling_logprobs)
    print(f"\nkilled {killed['name']} (pid {killed['pid']}) in step 2; run took "
          f"{time.time() - t0:.1f} s")


@needs_ray
def test_same_tokens_with_and_without_ray(tmp_path, cluster):
    args = [f"rollout.prompts_per_step={PROMPTS}", f"rollout.group_size={GROUP}",
            "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
            "env.eval_tasks=0", "optim.minibatch_size=16", "optim.micro_batch_size=8",
            "train.steps=2", "train.threads=1"]
    local = _finish(_train(tmp_path / "local", args=args))
    remote = _finish(_train(tmp_path / "ray", "--ray", cluster, args=args))
    assert local["steps"] == remote["steps"] == 2 and remote["ray_restarts"] == 0
    # episodes in 2 environment actors and grading in a grader actor: the same again
    apart = _finish(_train(tmp_path / "apart", "--ray", cluster, "--ray-env-workers", "2",
                           "--ray-grader-workers", "1", args=args))
    assert apart["ray_env_workers"] == 2 and apart["ray_grader_workers"] == 1

    def sampled(run_dir):
        return sorted((step, t.task_id, t.sample_index, t.policy_version,
                       tuple(tuple(u.action_ids) for u in t.turns),
                       tuple(u.observation_text for u in t.turns), t.score)
                      for step, t in _stored(run_dir))

    a, b, c = sampled(tmp_path / "local"), sampled(tmp_path / "ray"), sampled(tmp_path / "apart")
    assert len(a) == 2 * PROMPTS * GROUP and a == b == c
    assert not any(t.is_infra_error or t.grade is None for _, t in _stored(tmp_path / "apart"))
    assert {step for step, *_ in a} == {1, 2}


def test_ray_missing_is_one_error_line(tmp_path, monkeypatch):
    from veriloop.cli import app

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    result = CliRunner().invoke(app, ["train", CONFIG, "train.steps=1", "--run-dir",
                                      str(tmp_path / "run"), "--ray", "local"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --ray needs Ray")
    assert "pip install 'veriloop[ray]'" in lines[0]
    assert not (tmp_path / "run" / "config.yaml").exists()  # failed before the run started


@needs_ray
def test_chunk_whose_retry_dies_too_is_marked_worker_lost(cluster):
    """One actor; it and its replacement are killed mid-rollout: the chunk comes back as
    `worker_lost` trajectories (one per episode, excluded from training), not retried again."""
    import ray

    from veriloop.run.build import BUILDERS, build_env
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.ray_pool import NAMESPACE, RayRolloutPool
    from veriloop.types import FaultKind

    cfg = load_config(CONFIG, [a for a in ARGS if a.startswith(("rollout.", "env."))])
    pool = RayRolloutPool(cfg, 1, "twice", BUILDERS)
    killed = []

    def kill_each_generation():
        deadline = time.time() + 240
        while len(killed) < 2 and time.time() < deadline:
            try:
                actor = ray.get_actor(f"rollout-twice-{os.getpid()}-0.{len(killed)}",
                                      namespace=NAMESPACE)
                status = ray.get(actor.status.remote(), timeout=30)
            except (ValueError, ray.exceptions.RayError):
                status = {"step": None}
            if status["step"] == 1:
                os.kill(status["pid"], signal.SIGKILL)
                killed.append(status["pid"])
            time.sleep(0.01)

    try:
        pool.load_weights(policy_from_config(cfg.model).model, 0)
        tasks = build_env(cfg).tasks(2, seed=0, split="train", difficulty=1)
        rc = cfg.rollout.model_copy(update={"group_size": 2, "seed": 1, "run_id": "twice"})
        killer = threading.Thread(target=kill_each_generation)
        killer.start()
        trajs, _ = pool.run(tasks, rc, step=1)
        killer.join(timeout=60)
    finally:
        pool.close()
    assert len(killed) == 2 and pool.restarts == 2 and pool.lost == 4
    assert [(t.task_id, t.sample_index) for t in trajs] == [
        (task.id, g) for task in tasks for g in range(2)]
    assert all(t.fault.kind == FaultKind.WORKER_LOST and t.is_infra_error and not t.turns
               and t.grade is None for t in trajs)


@needs_ray
def test_killed_driver_resumes_with_ray_and_stores_each_step_once(tmp_path, cluster):
    """The trainer process itself is SIGKILLed during step 4 (its actors die with it, as
    non-detached actors of its job); `--resume RUN --ray` finishes, each step stored once."""
    args = [f"rollout.prompts_per_step={PROMPTS}", f"rollout.group_size={GROUP}",
            "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
            "env.eval_tasks=0", "optim.minibatch_size=16", "optim.micro_batch_size=8",
            "train.steps=6", "train.save_every=2", "train.threads=1"]
    run = tmp_path / "run"
    proc = _train(run, "--ray", cluster, args=args)
    metrics = run / "metrics.jsonl"
    deadline = time.time() + 300
    while not (metrics.exists() and '{"step": 3,' in metrics.read_text()):
        assert proc.poll() is None, proc.communicate()[1][-3000:]
        assert time.time() < deadline, "timed out waiting for step 3"
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    resumed = subprocess.Popen([VERILOOP, "train", "--resume", str(run), "--json", "--ray",
                                cluster], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
    summary = _finish(resumed)
    assert summary["resumed"] and summary["steps"] == 6
    stored = _stored(run)
    assert len({t.id for _, t in stored}) == len(stored) == 6 * PROMPTS * GROUP
    assert Counter(step for step, _ in stored) == {s: PROMPTS * GROUP for s in range(1, 7)}


@needs_ray
def test_no_cluster_at_the_address_is_one_error_line(tmp_path):
    # a fresh process: this one may be connected to the fixture's cluster
    out = subprocess.run([VERILOOP, "train", CONFIG, "train.steps=1", "--run-dir",
                          str(tmp_path / "run"), "--ray", "127.0.0.1:1"], capture_output=True,
                         text=True, timeout=120, check=False)
    assert out.returncode == 2, out.stderr[-3000:]
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: no Ray cluster answers at --ray "
                                                   "127.0.0.1:1"), out.stderr[-3000:]
    assert "--ray local" in lines[0]
    assert not (tmp_path / "run" / "config.yaml").exists()


@needs_ray
def test_killed_environment_actor_faults_its_episodes_and_restarts(cluster):
    """Episodes live in one environment actor; its process is SIGKILLed while the policy
    thinks: the episodes' next steps fail as `env_crash` infrastructure faults (excluded from
    training, never graded), Ray restarts the actor, and the next episodes run normally."""
    import ray

    from veriloop.envs import expert_for
    from veriloop.rollout.runner import RolloutRunner
    from veriloop.run.build import BUILDERS, build_env
    from veriloop.run.config import load_config
    from veriloop.trainers.ray_envs import (
        EnvWorker,
        GraderWorker,
        RemoteEnv,
        RemoteGrader,
        start_actors,
    )
    from veriloop.types import FaultKind

    cfg = load_config(CONFIG, ["env.max_turns=4"])
    (actor,) = start_actors(EnvWorker, cfg, BUILDERS, 1, f"env-kill-{os.getpid()}")
    (grader,) = start_actors(GraderWorker, cfg, BUILDERS, 1, f"grader-kill-{os.getpid()}")
    local = build_env(cfg)
    env = RemoteEnv(local, [actor])
    expert = expert_for(local)
    killed = []

    class KillingExpert:  # the expert, but the environment actor dies before its first reply
        name, renderer, scripted = expert.name, expert.renderer, True

        def generate(self, requests, params):
            if not killed:
                pid = ray.get(actor.status.remote())["pid"]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            return expert.generate(requests, params)

        def release(self, key):
            expert.release(key)

    tasks = local.tasks(2, seed=0, split="train", difficulty=1)
    rc = cfg.rollout.model_copy(update={"group_size": 2, "max_total_tokens": 1 << 30})
    try:
        lost = RolloutRunner(env, KillingExpert(), rc, grader=RemoteGrader([grader])).run(tasks)
        assert len(lost) == 4 and all(
            t.fault is not None and t.fault.kind == FaultKind.ENV_CRASH and t.is_infra_error
            and t.grade is None for t in lost), [t.fault for t in lost]
        deadline = time.time() + 120  # Ray restarts the actor
        while True:
            try:
                assert ray.get(actor.status.remote(), timeout=30)["pid"] != killed[0]
                break
            except ray.exceptions.RayError:
                assert time.time() < deadline, "the environment actor was not restarted"
                time.sleep(0.5)
        again = RolloutRunner(env, expert, rc, grader=RemoteGrader([grader])).run(tasks)
        assert all(t.passed and not t.is_infra_error for t in again), [(t.fault, t.score) for t in again]
        assert ray.get(actor.status.remote())["live"] == 0  # every episode closed
    finally:
        ray.kill(actor, no_restart=True)
        ray.kill(grader, no_restart=True)


def test_env_and_grader_actors_without_ray_is_one_error_line(tmp_path):
    from veriloop.cli import app

    result = CliRunner().invoke(app, ["train", CONFIG, "train.steps=1", "--run-dir",
                                      str(tmp_path / "run"), "--ray-env-workers", "2"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "add --ray local" in lines[0], result.output
    assert not (tmp_path / "run" / "config.yaml").exists()


@needs_ray
def test_ray_trainers_train_as_one_process(tmp_path, cluster):
    """`--ray-trainers 2`: Ray places two ranks that form a gloo group as under torchrun; the
    run stores the tokens one process samples and ends with its parameters (float order)."""
    import torch
    from safetensors.torch import load_file

    grpo = str(Path(CONFIG).with_name("grpo.yaml"))
    overrides = ["model.size=xs", "train.precision=fp32", "train.steps=2", "train.threads=1",
                 "env.train_tasks=8", "env.eval_tasks=0", "rollout.prompts_per_step=3",
                 "rollout.group_size=2", "rollout.max_new_tokens=16", "optim.minibatch_size=6",
                 "optim.micro_batch_size=2", "optim.lr=0.01", "algorithm.kl_coef=0"]
    one, two = tmp_path / "one", tmp_path / "two"
    _finish(subprocess.Popen([VERILOOP, "train", grpo, *overrides, "--run-dir", str(one),
                              "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "OMP_NUM_THREADS": "1"}))
    summary = _finish(subprocess.Popen(
        [VERILOOP, "train", grpo, *overrides, "--run-dir", str(two), "--json", "--ray", cluster,
         "--ray-trainers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "OMP_NUM_THREADS": "1"}))
    assert summary["steps"] == 2 and summary["stored_trajectories"] == 2 * 3 * 2

    def tokens(run):
        return sorted((step, t.task_id, t.sample_index, tuple(t.token_ids))
                      for step, t in _stored(run))

    assert tokens(two) == tokens(one) and len(tokens(one)) == 12
    single, ranked = (load_file(r / "final" / "model.safetensors") for r in (one, two))
    for name, p in single.items():
        assert torch.allclose(ranked[name], p, atol=2e-4, rtol=0), name


def test_ray_trainers_need_ray_rl_and_no_rollout_actors(tmp_path):
    from veriloop.cli import app
    from veriloop.errors import UserError
    from veriloop.run.config import load_config
    from veriloop.trainers import ray_launch

    result = CliRunner().invoke(app, ["train", CONFIG, "--run-dir", str(tmp_path / "r"),
                                      "--ray-trainers", "2"])
    assert result.exit_code == 2 and "add --ray local" in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1
    rl = load_config(CONFIG, [])
    ray_launch.check(rl, 2, False)
    for cfg, n, actors, words in ((rl, 1, False, "at least 2 ranks"),
                                  (rl, 2, True, "drop --ray-workers"),
                                  (load_config(CONFIG, ["kind=sft"]), 2, False, "kind: rl"),
                                  (load_config(CONFIG, ["rollout.asynchronous=true"]), 2, False,
                                   "synchronous")):
        with pytest.raises(UserError, match=words):
            ray_launch.check(cfg, n, actors)
