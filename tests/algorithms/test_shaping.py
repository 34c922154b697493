"""Hand-worked numbers for reward shaping and dynamic sampling."""

import pytest
import torch

from veriloop.algorithms.dynamic_sampling import fill_batch, informative_groups
from veriloop.algorithms.shaping import event_rewards, length_cost, overlong_penalty, step_cost


def test_overlong_penalty_hand_worked():
    # max 20, buffer 8: soft zone starts at 12
    out = overlong_penalty(torch.tensor([5, 12, 16, 20, 21]), max_len=20, cache_len=8)
    torch.testing.assert_close(out, torch.tensor([0.0, 0.0, -0.5, -1.0, -1.0]))
    with pytest.raises(ValueError, match="cache_len"):
        overlong_penalty(torch.tensor([1]), 4, 8)


def test_costs():
    torch.testing.assert_close(length_cost(torch.tensor([10, 0]), 0.01), torch.tensor([-0.1, 0.0]))
    torch.testing.assert_close(step_cost(torch.tensor([3]), 0.05), torch.tensor([-0.15]))


def test_event_rewards():
    ev = [{"tool_call": 1}, {"format_error": 1}, {"answer": 1}]
    assert event_rewards(ev, {"format_error": -0.2, "tool_call": 0.05}) == [0.05, -0.2, 0.0]
    with pytest.raises(KeyError, match="format_error"):
        event_rewards(ev, {"fromat_error": -1})


def test_informative_groups():
    r = torch.tensor([[1.0, 1.0, 1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.5, 0.5, 0.0]])
    valid = torch.tensor([[1, 1, 1], [1, 1, 1], [1, 0, 1], [1, 1, 0]]).bool()
    # group 2 differs only through an invalid sample; group 3 likewise
    assert informative_groups(r, valid).tolist() == [False, True, False, False]


def test_fill_batch_keeps_sampling_and_counts_drops():
    stream = iter([0, 1, 0, 1, 1, 0, 1, 1, 1])  # 1 = informative group
    asked = []

    def sample(n):
        asked.append(n)
        return [next(stream) for _ in range(n)]

    out = fill_batch(sample, lambda gs: [g == 1 for g in gs], target=4, max_rounds=5)
    # round 1: 0 1 0 1 -> 2 kept, 2 dropped; round 2 asks 2: 1 0 -> 1 kept; round 3 asks 1: 1
    assert asked == [4, 2, 1]
    assert len(out.groups) == 4 and out.dropped == 3 and out.rounds == 3


def test_fill_batch_is_bounded():
    out = fill_batch(lambda n: [0] * n, lambda gs: [False] * len(gs), target=3, max_rounds=2)
    assert out.groups == [] and out.dropped == 6 and out.rounds == 2
