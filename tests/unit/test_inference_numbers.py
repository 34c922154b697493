"""Hand-worked numbers for the inference methods: voting, DeepConf's confidences and threshold,
GenSelect's shuffled orders and votes, UCT."""

import math

import pytest

from veriloop.graders.numeric import numeric_grader
from veriloop.inference.deepconf import (
    bottom_confidence,
    calibrate_threshold,
    group_confidences,
    keep_most_confident,
    lowest_group_confidence,
    stop_point,
    tail_confidence,
)
from veriloop.inference.genselect import genselect_selection, orders, parse_pick, tally
from veriloop.inference.tree import Node, select_leaf, uct
from veriloop.inference.voting import grader_equivalence, majority_vote
from veriloop.types import Message, Task, Trajectory

TASK = Task(id="t", env="arithmetic", prompt=(Message(role="user", content="What is the value?"),),
            verification={"answer": "7"})


def test_votes_group_answers_by_the_graders_equivalence():
    eq = grader_equivalence(numeric_grader(), TASK)
    # "1/2", "0.5" and "0.50" are one answer for the numeric grader: 3 votes against 2
    vote = majority_vote(["1/2", "3", "0.5", "3", "0.50"], eq)
    assert vote.clusters == ((0, 2, 4), (1, 3))
    assert vote.weights == (3.0, 2.0)
    assert vote.winner == 0
    # with string equality the same answers split and "3" (2 votes) wins
    assert majority_vote(["1/2", "3", "0.5", "3", "0.50"]).winner == 1


def test_weighted_vote_ties_and_missing_answers():
    eq = grader_equivalence(numeric_grader(), TASK)
    # weights: cluster {0, 2, 4} = 0.1 + 0.1 + 0.1 = 0.3 < cluster {1, 3} = 0.9 + 0.9 = 1.8
    vote = majority_vote(["1/2", "3", "0.5", "3", "0.50"], eq, [0.1, 0.9, 0.1, 0.9, 0.1])
    assert vote.weights == pytest.approx((0.3, 1.8))
    assert vote.winner == 1
    assert majority_vote(["4", "5"], eq).winner == 0  # a tie: the answer seen first
    assert majority_vote([None, "5", None], eq).clusters == ((1,),)  # no answer, no vote
    assert majority_vote([None, None], eq).winner is None


def test_math_grader_equivalence_classes():
    from veriloop.graders.math_equiv import MathGrader

    grader = MathGrader(timeout=20.0)
    try:
        vote = majority_vote(["\\frac{1}{2}", "2", "0.5", "1/2"], grader_equivalence(grader, TASK))
    finally:
        grader.close()
    assert vote.clusters == ((0, 2, 3), (1,))


def test_group_tail_and_bottom_confidences():
    lps = [-1.0, -2.0, -3.0, -4.0]
    # windows of 2: (-1-2)/2, (-2-3)/2, (-3-4)/2
    assert group_confidences(lps, 2) == [-1.5, -2.5, -3.5]
    assert lowest_group_confidence(lps, 2) == -3.5
    assert tail_confidence(lps, 2) == -3.5
    assert tail_confidence(lps, 3) == -3.0
    assert bottom_confidence(lps, 2, percent=10) == -3.5  # ceil(0.3) = 1 group
    assert bottom_confidence(lps, 2, percent=50) == -3.0  # ceil(1.5) = 2 groups: (-3.5-2.5)/2
    assert group_confidences([-1.0, -3.0], 4) == [-2.0]  # shorter than a window: one group
    assert group_confidences([], 4) == []
    assert lowest_group_confidence([], 4) == -math.inf


def test_filter_and_threshold():
    confs = [-1.0, -5.0, -2.0, -3.0]
    assert keep_most_confident(confs, 0.5) == [0, 2]  # ceil(0.5 * 4) = 2 most confident
    assert keep_most_confident(confs, 0.6) == [0, 2, 3]  # ceil(2.4) = 3
    assert keep_most_confident([-1.0, -1.0, -1.0], 0.5) == [0, 1]  # ties: earlier traces
    # the threshold is the lowest confidence among the kept warm-up traces
    assert calibrate_threshold(confs, 0.5) == -2.0
    assert calibrate_threshold(confs, 0.9) == -5.0  # ceil(3.6) = 4: all kept
    assert calibrate_threshold(confs, 0.1) == -1.0


def test_online_stop_point():
    lps = [-0.1, -0.1, -3.0, -3.0, -0.1]
    # windows of 2: -0.1, -1.55, -3.0, -1.55; the first below -1.0 ends at token 3
    assert stop_point(lps, 2, -1.0) == 3
    assert stop_point(lps, 2, -3.5) is None
    assert stop_point(lps, 2, -2.0) == 4  # -3.0 is the first window below -2.0
    assert stop_point([-2.0], 4, -1.0) == 1  # shorter than a window: judged at its end
    assert stop_point([-0.5], 4, -1.0) is None


def test_genselect_orders_are_rotations_of_one_shuffle():
    shown = orders(4, 4, seed=3)
    assert sorted(shown[0]) == [0, 1, 2, 3]
    assert shown[1] == shown[0][1:] + shown[0][:1]
    for position in range(4):  # every candidate sits in every position exactly once
        assert sorted(o[position] for o in shown) == [0, 1, 2, 3]
    assert orders(4, 4, seed=3) == shown  # seeded
    assert any(orders(4, 1, seed=s)[0] != [0, 1, 2, 3] for s in range(5))  # really shuffled


def test_genselect_tally_maps_positions_back():
    shown = [[2, 0, 1], [0, 1, 2], [1, 2, 0]]
    # always the first position: one vote each, no candidate favoured
    assert tally([0, 0, 0], shown, 3) == [1, 1, 1]
    # position 1 of order 0 is candidate 0; position 2 of order 2 is candidate 0
    assert tally([1, None, 2], shown, 3) == [2, 0, 0]
    assert parse_pick("so <answer>2</answer>", 3) == 1
    assert parse_pick("Solution 3 is right", 3) == 2
    assert parse_pick("<answer>7</answer>", 3) is None
    assert parse_pick("no idea", 3) is None


def _traj(answer):
    return Trajectory(id=answer, run_id="r", task_id="t", env="e", group_id="g", prompt_text="",
                      prompt_ids=(), final_answer=answer, done=True)


def test_genselect_position_bias_cancels_and_content_wins():
    cands = [_traj("11"), _traj("42"), _traj("13")]
    # a selector that always names position 1: every candidate gets one vote, the first wins
    index, details = genselect_selection(TASK, cands, lambda ps: ["<answer>1</answer>"] * len(ps),
                                         3, seed=0)
    assert details["votes"] == [1, 1, 1] and index == 0

    def by_content(prompts):  # names the position at which "42" is shown
        out = []
        for p in prompts:
            blocks = p.split("Solution ")[1:]
            out.append(f"<answer>{next(i + 1 for i, b in enumerate(blocks) if '42' in b)}"
                       "</answer>")
        return out

    index, details = genselect_selection(TASK, cands, by_content, 3, seed=0)
    assert details["votes"] == [0, 3, 0] and index == 1


def test_uct_worked_numbers():
    # 3.0 / 4 + 1.0 * sqrt(ln 16 / 4) = 0.75 + 0.83255
    assert uct(3.0, 4, 16, 1.0) == pytest.approx(1.582554, abs=1e-6)
    assert uct(3.0, 4, 16, 0.0) == 0.75
    assert uct(0.0, 0, 5, 1.0) == math.inf
    root = Node(visits=2)
    a = Node(parent=root, visits=1, value_sum=1.0)  # 1.0 + sqrt(ln 2) = 1.8326
    b = Node(parent=root, visits=1, value_sum=0.5)  # 0.5 + sqrt(ln 2) = 1.3326
    root.children = [b, a]
    assert root.best_child(1.0) is a
    # with a large exploration constant the less visited child wins:
    # a: 2/3 + 3 sqrt(ln 4 / 3) = 2.706, b: 0 + 3 sqrt(ln 4 / 1) = 3.532
    root.visits, a.visits, a.value_sum, b.visits, b.value_sum = 4, 3, 2.0, 1, 0.0
    assert root.best_child(3.0) is b
    assert root.best_child(0.1) is a
    c = Node(parent=a)
    a.children = [c]
    assert select_leaf(root, 0.1) is c


def test_backup_adds_to_every_ancestor():
    root = Node()
    child = Node(parent=root)
    root.children = [child]
    leaf = Node(parent=child)
    child.children = [leaf]
    leaf.backup(0.5)
    leaf.backup(1.0)
    assert (root.visits, root.value_sum, child.visits, leaf.value_sum) == (2, 1.5, 2, 1.5)
