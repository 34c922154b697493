"""Hand-worked numbers for the turn-level estimators, their token layout, and the equivalence
with the trajectory-level estimators when every episode is one turn without sub-goals."""

import pytest
import torch

from veriloop.algorithms.advantages import (
    GroupParams,
    gae,
    get_advantage,
    get_critic_estimator,
    group_tensors,
    list_advantages,
    terminal_rewards,
    whiten,
)
from veriloop.algorithms.turn_advantages import (
    TurnInputs,
    TurnParams,
    get_turn_advantage,
    returns_to_go,
    state_keys,
    subgoal_blame,
    turn_inputs,
    turn_rewards,
)
from veriloop.trainers.batch import (
    TrainBatch,
    per_turn_rewards,
    turn_metrics,
    turn_token_values,
)
from veriloop.trainers.rl_batch import Credit
from veriloop.types import Grade, Group, Subgoal, Trajectory, Turn, TurnReward


def _inputs(rewards, blame=None, states=None, passed=None, lengths=None):
    r = torch.tensor(rewards, dtype=torch.float32)  # [G, K, T]
    G, K, T = r.shape
    mask = torch.ones(G, K, T, dtype=torch.bool)
    if lengths is not None:
        mask = torch.arange(T)[None, None] < torch.tensor(lengths)[..., None]
    return TurnInputs(
        r, mask, torch.ones(G, K, dtype=torch.bool),
        torch.zeros(G, K) if passed is None else torch.tensor(passed, dtype=torch.float32),
        mask if blame is None else torch.tensor(blame),
        torch.arange(G * K * T).reshape(G, K, T) if states is None else torch.tensor(states))


def test_registered_beside_the_others():
    assert {"turn_grpo", "subgoal_slice", "gigpo", "turn_gae"} <= set(list_advantages())
    with pytest.raises(KeyError, match="turn-level"):
        get_advantage("turn_grpo")


def test_returns_to_go_discounts_per_turn():
    r = torch.tensor([[1.0, 0.0, 2.0]])
    assert returns_to_go(r, torch.ones(1, 3), 0.5).tolist() == [[1.5, 1.0, 2.0]]


def test_turn_grpo_hand_worked():
    # sample 0: 0.2 then 0.8; sample 1: nothing. gamma 0.5: G = [0.6, 0.8] and [0, 0];
    # the baseline is over the episodes' returns G_0 = [0.6, 0]: mean 0.3, std 0.3; the turns'
    # returns differ from their episode's G_0 by [0, 0.2] and [0, 0]: mean square 0.01, so the
    # scale is sqrt(0.09 + 0.01)
    x = _inputs([[[0.2, 0.8], [0.0, 0.0]]])
    a = get_turn_advantage("turn_grpo")(x, TurnParams(gamma=0.5, eps=0.0))
    s = 0.1 ** 0.5
    assert torch.allclose(a[0], torch.tensor([[0.3 / s, 0.5 / s], [-0.3 / s, -0.3 / s]]))


def test_turn_grpo_stays_bounded_when_the_episodes_score_alike():
    # regression (2026-11-26): both episodes total 1.0 (std 0), but sample 0 paid a -0.1
    # format penalty on its first turn, so its second turn's return is 1.1. Divided by the
    # episodes' std alone (+ eps 1e-6) that turn got an advantage of 1e5; now the scale is
    # sqrt(0 + 0.1^2 / 4) = 0.05 and it gets 0.1 / 0.05 = 2
    x = _inputs([[[-0.1, 1.1], [0.0, 1.0]]])
    a = get_turn_advantage("turn_grpo")(x, TurnParams())
    assert torch.allclose(a[0], torch.tensor([[0.0, 2.0], [0.0, 0.0]]), atol=1e-4)


def test_turn_grpo_ignores_padding_turns():
    x = _inputs([[[1.0, 9.0], [0.0, 9.0]]], lengths=[[1, 1]])
    a = get_turn_advantage("turn_grpo")(x, TurnParams(eps=0.0))
    assert a[0].tolist() == [[1.0, 0.0], [-1.0, 0.0]]


def test_subgoal_slice_puts_a_failure_on_its_first_failed_subgoal():
    # passed sample 1.0, failed 0.0 whose first failed sub-goal spans turns 1-2
    x = _inputs([[[0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]],
                blame=[[[True, True, True], [False, True, True]]], passed=[[1.0, 0.0]])
    a = get_turn_advantage("subgoal_slice")(x, TurnParams(eps=0.0))
    assert a[0].tolist() == [[1.0, 1.0, 1.0], [0.0, -1.0, -1.0]]


def test_subgoal_slice_spreads_a_failed_but_better_than_average_episode():
    # all three fail; rewards 0, 0.2, 0.1: the 0.2 episode has a positive advantage
    x = _inputs([[[0.0, 0.0], [0.0, 0.2], [0.0, 0.1]]],
                blame=[[[False, True], [False, True], [False, True]]])
    a = get_turn_advantage("subgoal_slice")(x, TurnParams(eps=0.0))
    s = (2 / 300) ** 0.5  # population std of 0, 0.2, 0.1
    assert torch.allclose(a[0], torch.tensor([[0.0, -0.1 / s], [0.1 / s, 0.1 / s], [0.0, 0.0]]))


def test_gigpo_hand_worked():
    # both start from state 0; then sample 0 sees state 1, sample 1 state 2 (each seen once).
    # episode GRPO: totals 1, 0 -> +1, -1; step group of state 0: returns 1, 0 -> +1, -1
    x = _inputs([[[0.0, 1.0], [0.0, 0.0]]], states=[[[0, 1], [0, 2]]])
    a = get_turn_advantage("gigpo")(x, TurnParams(step_weight=0.5, eps=0.0))
    assert a[0].tolist() == [[1.5, 1.0], [-1.5, -1.0]]
    # a state revisited across samples at different turns shares a baseline
    x = _inputs([[[0.0, 1.0], [0.0, 0.0]]], states=[[[0, 1], [1, 2]]])
    a = get_turn_advantage("gigpo")(x, TurnParams(step_weight=1.0, eps=0.0))
    # step groups: {s0t0: 1}, {s0t1: 1, s1t0: 0} -> +1 / -1, {s1t1: 0}
    assert a[0].tolist() == [[1.0, 2.0], [-2.0, -1.0]]


def test_turn_gae_puts_each_turn_reward_on_its_last_token():
    # tokens: turn 1 = 0, 1; tool output 2; turn 2 = 3. Rewards 0.5 (turn 1), 1 (turn 2)
    placed = torch.tensor([[0.0, 0.5, 0.0, 1.0]])
    mask = torch.tensor([[1.0, 1.0, 0.0, 1.0]])
    adv, ret = gae(placed, torch.zeros(1, 4), mask, 1.0, 1.0)
    assert adv.tolist() == [[1.5, 1.5, 0.0, 1.0]]
    a, r = get_critic_estimator("turn_gae")(placed, torch.zeros(1, 4), mask, 1.0, 1.0)
    assert torch.allclose(a, whiten(adv, mask)) and torch.equal(r, ret)


# -- from trajectories ------------------------------------------------------------------------


def _traj(turns, score=0.0, subgoals=(), tid="t", prompt="p"):
    """turns: (action_ids, observation_ids, observation_text, rewards) each."""
    return Trajectory(
        id=tid, run_id="r", task_id="task", env="e", group_id="g", prompt_text=prompt,
        prompt_ids=(1, 2),
        turns=tuple(Turn(index=i, action_text="a", action_ids=a, action_logprobs=(0.0,) * len(a),
                         observation_ids=o, observation_text=ot, rewards=tuple(rw))
                    for i, (a, o, ot, rw) in enumerate(turns)),
        grade=Grade(score=score, subgoals=tuple(subgoals)))


def test_with_grade_places_subgoals_and_the_rest_of_the_score():
    t = _traj([((3,), (4,), "x", ()), ((5,), (6,), "y", ()), ((7,), (), "", ())])
    g = Grade(score=0.7, subgoals=(Subgoal(name="a", turn=0, value=0.1),
                                  Subgoal(name="b", turn=None), Subgoal(name="c", turn=1,
                                                                        value=0.1)))
    out = t.with_grade(g)
    assert [[(r.name, round(r.value, 6)) for r in u.rewards] for u in out.turns] == [
        [("subgoal:a", 0.1)], [("subgoal:c", 0.1)], [("outcome", 0.5)]]
    assert out.grade == g
    # shaping moves the total; the rest stays on the last turn
    assert turn_rewards(out, 1.0) == pytest.approx([0.1, 0.1, 0.8])


def test_subgoal_blame_spans():
    four = [((3,), (), "", ())] * 4

    def blame(*goals):
        return subgoal_blame(_traj(four, subgoals=[Subgoal(name=n, turn=t) for n, t in goals]))

    assert blame(("a", 0), ("b", None), ("c", 2)) == [False, True, True, True]
    assert blame(("a", 3), ("b", None)) == [False, False, False, True]  # nothing left: last
    assert blame(("a", 2), ("b", 0), ("c", None)) == [False, False, False, True]
    assert blame(("a", 1), ("b", 2)) == [True] * 4  # none failed
    assert blame() == [True] * 4


def test_state_keys_are_the_observation_a_turn_answers():
    a = _traj([((3,), (4,), "same", ()), ((5,), (), "", ())], prompt="p")
    b = _traj([((6,), (4,), "same", ()), ((7,), (), "", ())], prompt="p")
    assert state_keys(a) == state_keys(b) and state_keys(a)[0] != state_keys(a)[1]


def test_turn_token_values_follow_the_batch_layout():
    # tokens 1 2 | 3 4 | 5 | 6 : turn 0 = 3 4, observation 5, turn 1 = 6
    t = _traj([((3, 4), (5,), "o", ()), ((6,), (), "", ())])
    batch = TrainBatch.of([t], torch.zeros(1))
    L = batch.old_logprobs.shape[1]
    assert batch.loss_mask.tolist() == [[0, 1, 1, 0, 1]]
    assert turn_token_values([t], [[2.0, 3.0]], L).tolist() == [[0, 2, 2, 0, 3]]
    assert turn_token_values([t], [[2.0, 3.0]], L, last_only=True).tolist() == [[0, 0, 2, 0, 3]]
    # a turn without policy tokens passes its value on
    e = _traj([((), (5,), "o", ()), ((6,), (), "", ())])
    assert turn_token_values([e], [[2.0, 3.0]], 3, last_only=True).tolist() == [[0, 0, 5]]


def test_turn_metrics():
    t = _traj([((3,), (4,), "x", (TurnReward(name="event:tool_success", value=0.05),)),
               ((5,), (), "", (TurnReward(name="outcome", value=1.0),))])
    m = turn_metrics([t], torch.tensor([1.05]), torch.tensor([0.5]))
    assert m["turn/reward_mean"] == pytest.approx(0.525) and m["turn/adv_mean"] == 0.5
    assert m["turn/per_episode"] == 2 and m["turn/reward_event"] == pytest.approx(0.025)


# -- equivalence ------------------------------------------------------------------------------


def _one_turn_groups(rewards):
    """Groups of one-turn trajectories with distinct observations and no sub-goals."""
    return [[_traj([((3, 4 + k), (), "", ())], score=float(r), tid=f"{g}-{k}", prompt=f"{g}{k}")
             for k, r in enumerate(row)] for g, row in enumerate(rewards.tolist())]


@pytest.mark.parametrize("name", ["turn_grpo", "subgoal_slice", "gigpo"])
def test_one_turn_episodes_equal_grpo(name):
    torch.manual_seed(0)
    rewards = torch.rand(3, 4)  # [G, K]
    passed = (rewards > 0.5).float()
    valid = torch.ones(3, 4, dtype=torch.bool)
    valid[1, 2] = False
    groups = [Group.of(g) for g in _one_turn_groups(rewards)]
    tensors = group_tensors(groups)._replace(rewards=rewards, passed=passed, valid=valid)
    x = turn_inputs(groups, tensors)
    a = get_turn_advantage(name)(x, TurnParams(gamma=1.0))  # [G, K, 1]
    ref = get_advantage("grpo")(rewards, valid)  # [G, K]
    assert torch.allclose(a[..., 0], ref, atol=1e-6)
    # and on the tokens, as the trainer builds them
    trajs = [t for g, row in zip(groups, valid.tolist()) for t, v in zip(g.samples, row) if v]
    keep = torch.ones(len(trajs), dtype=torch.bool)
    L = TrainBatch.of(trajs, torch.zeros(len(trajs))).old_logprobs.shape[1]
    turn = Credit(None, get_turn_advantage(name), TurnParams())
    group = Credit(get_advantage("grpo"), None, GroupParams())
    tokens = turn(groups, tensors, keep, trajs, L)  # [B, L]
    per_seq = group(groups, tensors, keep, trajs, L)  # [B]
    mask = TrainBatch.of(trajs, torch.zeros(len(trajs))).loss_mask
    assert torch.allclose(tokens, per_seq[:, None] * mask, atol=1e-6)
    # neg_weight scales the negative ones and pos_weight the positive ones, alike on both paths
    assert bool((per_seq < 0).any()) and bool((per_seq > 0).any())
    for weights, want in (({"neg_weight": 0.3}, torch.where(per_seq < 0, 0.3 * per_seq, per_seq)),
                          ({"pos_weight": 0.1}, torch.where(per_seq > 0, 0.1 * per_seq, per_seq))):
        turn = Credit(None, get_turn_advantage(name), TurnParams(), **weights)
        group = Credit(get_advantage("grpo"), None, GroupParams(), **weights)
        tokens = turn(groups, tensors, keep, trajs, L)
        scaled = group(groups, tensors, keep, trajs, L)
        assert torch.allclose(scaled, want, atol=1e-6)
        assert torch.allclose(tokens, scaled[:, None] * mask, atol=1e-6)


def test_one_turn_turn_gae_equals_gae():
    torch.manual_seed(0)
    trajs = [_traj([((3, 4, 5)[:n], (), "", ())], tid=str(n)) for n in (1, 2, 3)]
    rewards = torch.tensor([0.3, -1.0, 2.0])
    batch = TrainBatch.of(trajs, rewards)
    mask, L = batch.loss_mask, batch.loss_mask.shape[1]
    values = torch.randn(3, L) * mask
    placed = per_turn_rewards(trajs, rewards, L)
    assert torch.equal(placed, terminal_rewards(rewards, mask))
    a1, r1 = get_critic_estimator("turn_gae")(placed, values, mask, 0.9, 0.8)
    a2, r2 = get_critic_estimator("gae")(rewards, values, mask, 0.9, 0.8)
    assert torch.allclose(a1, a2) and torch.allclose(r1, r2)
