import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pyarrow.parquet as pq
import pytest

from veriloop.data.store import TrajectoryStore
from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.rollout.runner import RolloutConfig, RolloutRunner


def _rollouts(n=20, noise=0.5, run_id="run-a"):
    env = ArithmeticEnv()
    return RolloutRunner(env, ExpertPolicy(noise=noise), RolloutConfig(group_size=2, run_id=run_id)
                         ).run(env.tasks(n // 2, seed=0))


def test_round_trip_is_exact(tmp_path):
    trajs = _rollouts()
    with TrajectoryStore(tmp_path / "t.sqlite") as store:
        store.append_many(trajs, step=3)
        back = store.query(run_id="run-a")
    assert back == trajs  # every field, including token ids, logprobs and grades


def test_queries_by_run_task_grade_and_step(tmp_path):
    a, b = _rollouts(run_id="a"), _rollouts(run_id="b", noise=0.0)
    with TrajectoryStore(tmp_path / "t.sqlite") as store:
        store.append_many(a, step=0)
        store.append_many(b, step=1)
        assert store.count() == 40 and store.runs() == ["a", "b"]
        assert store.count(run_id="b", passed=True) == 20
        assert store.count(passed=True) == 20 + sum(t.passed for t in a)
        assert store.count(step=0) == 20
        assert store.count(min_score=1.0) == store.count(passed=True)
        task = a[0].task_id
        assert {t.task_id for t in store.query(task_id=task)} == {task}
        assert len(store.query(limit=5)) == 5
        assert store.get(a[3].id) == a[3]
        with pytest.raises(KeyError, match="no trajectory"):
            store.get("missing")


def test_duplicates_are_rejected_atomically(tmp_path):
    trajs = _rollouts()
    with TrajectoryStore(tmp_path / "t.sqlite") as store:
        store.append_many(trajs[:5])
        with pytest.raises(ValueError, match="already stored"):
            store.append_many(trajs[5:8] + trajs[:1])  # one duplicate: nothing of it is written
        assert store.count() == 5


def test_exports(tmp_path):
    trajs = _rollouts()
    with TrajectoryStore(tmp_path / "t.sqlite") as store:
        store.append_many(trajs)
        assert store.export_jsonl(tmp_path / "t.jsonl") == 20
        assert store.export_parquet(tmp_path / "t.parquet", passed=True) == sum(
            t.passed for t in trajs)
    rows = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert rows[0]["token_ids"] == trajs[0].token_ids and rows[0]["loss_mask"] == trajs[0].loss_mask
    table = pq.read_table(tmp_path / "t.parquet")
    assert table.num_rows == sum(t.passed for t in trajs)
    assert {"token_ids", "loss_mask", "score", "turns", "task_id"} <= set(table.column_names)


def test_not_a_store_gives_a_clear_error(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("this is not a database" * 100)
    with pytest.raises(ValueError, match="not a usable trajectory store"):
        TrajectoryStore(bad)


WRITER = """
import sys
from veriloop.data.store import TrajectoryStore
from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
env = ArithmeticEnv()
store = TrajectoryStore(sys.argv[1])
for i in range(10_000):
    for t in RolloutRunner(env, ExpertPolicy(noise=0.3), RolloutConfig(group_size=4, run_id="k")
                           ).run(env.tasks(2, seed=i)):
        store.append(t)
"""


def test_killed_writer_leaves_every_completed_row(tmp_path):
    path = tmp_path / "kill.sqlite"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)])
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            time.sleep(0.2)
            if path.exists():
                with sqlite3.connect(path, timeout=5) as db:
                    try:
                        if db.execute("SELECT COUNT(*) FROM trajectories").fetchone()[0] > 200:
                            break
                    except sqlite3.OperationalError:
                        pass
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(10)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with TrajectoryStore(path) as store:
        n = store.count()
        assert n > 200
        trajs = store.query()
    assert len(trajs) == n
    for t in trajs:  # every row is whole: all turns present, tokens consistent with the mask
        assert len(t.turns) >= 1 and t.turns[-1].index == len(t.turns) - 1
        assert len(t.token_ids) == len(t.loss_mask)
        assert t.grade is not None


def test_turn_rewards_round_trip(tmp_path):
    from veriloop.algorithms.shaping import BOOK_EVENT_WEIGHTS, Shaping

    shaping = Shaping(event_weights=BOOK_EVENT_WEIGHTS)
    trajs = [shaping.annotate(t) for t in _rollouts()]
    names = {r.name.split(":")[0] for t in trajs for u in t.turns for r in u.rewards}
    assert names == {"outcome", "event"}  # the grade's outcome and the dense events
    with TrajectoryStore(tmp_path / "t.sqlite") as store:
        store.append_many(trajs)
        assert store.query() == trajs


def test_stores_without_turn_rewards_are_migrated(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    from veriloop.data.store import _SCHEMA

    db.executescript(_SCHEMA.replace("rewards_json TEXT, ", ""))
    db.close()
    trajs = _rollouts(n=4)
    with TrajectoryStore(path) as store:
        store.append_many(trajs)
        assert store.query() == trajs


def _open_at(path, barrier, errors):
    barrier.wait()
    try:
        TrajectoryStore(path).close()
    except ValueError as e:
        errors.put(str(e))


def test_ranks_opening_a_new_store_at_once_all_succeed(tmp_path):
    # Regression (CI, torchrun test): two ranks created the same store at once; both saw the
    # migrated column missing and one failed with "duplicate column name: context_json", or
    # lost the race to switch the file to WAL ("database is locked").
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    errors = ctx.Queue()
    for round_ in range(10):
        barrier = ctx.Barrier(6)
        procs = [ctx.Process(target=_open_at, args=(tmp_path / f"s{round_}.sqlite", barrier, errors))
                 for _ in range(6)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(timeout=120)
        assert [p.exitcode for p in procs] == [0] * 6
    found = []
    while not errors.empty():
        found.append(errors.get())
    assert found == []
    with TrajectoryStore(tmp_path / "s0.sqlite") as store:
        store.append_many(_rollouts(n=2), step=0)
        assert len(store.query()) == 2
