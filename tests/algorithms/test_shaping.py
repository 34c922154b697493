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


def _turn(calls, errors, fmt=None):
    from veriloop.types import ToolCall, ToolResult

    cs = tuple(ToolCall(name=n, arguments=a, id=str(i)) for i, (n, a) in enumerate(calls))
    rs = tuple(ToolResult(call_id=str(i), name=n, content="e" if err else "ok", is_error=err)
               for i, ((n, _), err) in enumerate(zip(calls, errors)))
    return {"action_text": "a", "action_ids": (1,), "tool_calls": cs, "tool_results": rs,
            "format_error": fmt}


def _events_traj(ambiguous):
    from veriloop.types import Grade, Trajectory, Turn

    turns = [_turn([("search", {"q": 1})], [True]),  # error
             _turn([("search", {"q": 2}), ("read", {"id": 1})], [False, False]),  # recovery
             _turn([("search", {"q": 2})], [False]),  # repeat of a call that succeeded
             _turn([("ask_user", {"question": "which?"})], [False]),
             _turn([], [], fmt="bad json")]
    return Trajectory(id="t", run_id="r", task_id="k", env="e", group_id="g", prompt_text="p",
                      prompt_ids=(1,), turns=tuple(Turn(index=i, **u) for i, u in enumerate(turns)),
                      grade=Grade(score=1.0, components={"ambiguous": float(ambiguous)}))


def test_turn_events_from_the_trajectory():
    from veriloop.algorithms.shaping import BOOK_EVENT_WEIGHTS, turn_events

    ev = turn_events(_events_traj(ambiguous=True))
    assert [e["tool_success"] for e in ev] == [0, 2, 1, 1, 0]
    assert [e["tool_error"] for e in ev] == [1, 0, 0, 0, 0]
    assert [e["recovery"] for e in ev] == [0, 1, 0, 0, 0]
    assert [e["repeat"] for e in ev] == [0, 0, 1, 0, 0]
    assert [e["clarify"] for e in ev] == [0, 0, 0, 1, 0]
    assert [e["format_error"] for e in ev] == [0, 0, 0, 0, 1]
    assert event_rewards(ev, BOOK_EVENT_WEIGHTS) == pytest.approx(
        [-0.03, 0.1 + 0.08, 0.05 - 0.1, 0.05 + 0.05, 0.0])
    # asking is rewarded only when the grader marked the task ambiguous
    assert [e["clarify"] for e in turn_events(_events_traj(ambiguous=False))] == [0] * 5


def test_annotate_records_event_rewards_on_their_turns():
    from veriloop.algorithms.shaping import BOOK_EVENT_WEIGHTS, Shaping

    s = Shaping(event_weights=BOOK_EVENT_WEIGHTS)
    t = s.annotate(_events_traj(ambiguous=True))
    assert [[(r.name, r.value) for r in u.rewards] for u in t.turns][:3] == [
        [("event:tool_error", -0.03)],
        [("event:tool_success", 0.1), ("event:recovery", 0.08)],
        [("event:tool_success", 0.05), ("event:repeat", -0.1)]]
    # the trajectory reward counts each event once, annotated or not
    assert float(s.rewards([t])[0]) == pytest.approx(1.0 - 0.03 + 0.18 - 0.05 + 0.10)
    assert float(s.rewards([t])[0]) == pytest.approx(float(s.rewards([_events_traj(True)])[0]))
    assert sum(r.value for u in t.turns for r in u.rewards) == pytest.approx(0.2)
