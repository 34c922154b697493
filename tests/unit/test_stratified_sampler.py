"""Stratified epochs (`curriculum.kind: stratified`): every stratum spread evenly over an epoch,
so a step of a few prompts mixes the kinds of task in their pool shares; the same draws after a
resume; a plain shuffle unchanged; a missing key a clear error."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from veriloop.run.config import load_config
from veriloop.trainers.common import TaskSampler, task_sampler
from veriloop.types import Message, Task


def pool(shares: dict[str, int]) -> list[Task]:
    return [Task(id=f"{kind}_{i}", env="e", prompt=(Message(role="user", content="q"),),
                 metadata={"category": kind}) for kind, n in shares.items() for i in range(n)]


SHARES = {"simple": 40, "irrelevance": 20, "parallel": 20, "multiple": 20}  # 100 tasks


def test_every_window_of_draws_holds_each_stratum_near_its_share():
    s = TaskSampler(pool(SHARES), seed=0, stratify_by="category")
    draws = [t.metadata["category"] for t in s.next(300)]  # three epochs
    for epoch in range(3):
        assert Counter(draws[100 * epoch:100 * (epoch + 1)]) == Counter(SHARES)  # all, once
    # a stratum of n tasks in an epoch of 100 sits one per 100/n draws: any 10 consecutive
    # draws hold 4 (+-1) simple tasks and 2 (+-1) of each other kind
    for start in range(290):
        window = Counter(draws[start:start + 10])
        assert 3 <= window["simple"] <= 5
        assert all(1 <= window[k] <= 3 for k in ("irrelevance", "parallel", "multiple"))


def test_a_plain_shuffle_leaves_steps_of_one_kind_which_stratified_epochs_do_not():
    """What stratification is for: steps of 4 prompts, 25 per epoch. With a plain shuffle some
    steps lack the irrelevance tasks (a fifth of the pool) entirely, others hold two or more."""
    plain = TaskSampler(pool(SHARES), seed=0)
    strat = TaskSampler(pool(SHARES), seed=0, stratify_by="category")

    def irrelevance_per_step(s):
        return [sum(t.metadata["category"] == "irrelevance" for t in s.next(4))
                for _ in range(25)]

    p, q = irrelevance_per_step(plain), irrelevance_per_step(strat)
    assert max(p) >= 2 and p.count(0) >= 5  # the plain shuffle's clumps and gaps
    assert max(q) <= 1 and q.count(0) <= 20 - 5 + 1  # at most one a step: 20 spread over 25


def test_stratified_draws_resume_exactly_and_plain_order_is_unchanged():
    a = TaskSampler(pool(SHARES), seed=4, stratify_by="category")
    seq = [t.id for t in a.next(230)]
    b = TaskSampler(pool(SHARES), seed=4, stratify_by="category", position=117)
    assert [t.id for t in b.next(113)] == seq[117:]
    # the plain sampler's order is the seeded shuffle as before stratification existed
    order = list(range(100))
    random.Random("4:0").shuffle(order)
    tasks = pool(SHARES)
    assert [t.id for t in TaskSampler(tasks, seed=4).next(100)] == [tasks[i].id for i in order]


def test_config_builds_it_and_a_missing_key_is_a_clear_error():
    cfg = load_config(None, ["curriculum.kind=stratified"])
    s = task_sampler(cfg, pool(SHARES))
    assert isinstance(s, TaskSampler) and s.stratify_by == "category"
    cfg = load_config(None, ["curriculum.kind=stratified", "curriculum.stratify_by=level"])
    with pytest.raises(ValueError, match="stratify_by is 'level'.*curriculum.kind: none"):
        task_sampler(cfg, pool(SHARES))
