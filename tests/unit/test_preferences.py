"""Preference pair construction: better/worse by grade on the same task, and branches that
share leading turns."""

from veriloop.data.preferences import branch_pairs, grade_pairs, shared_turns
from veriloop.types import Fault, FaultKind, Grade, Trajectory, Turn


def _turn(a, o=(9,)):
    return Turn(index=0, action_ids=tuple(a), observation_ids=tuple(o), action_text="",
                observation_text="")


def traj(i, task, score, actions=((1, 2),), infra=False):
    fault = Fault(kind=FaultKind.ENV_CRASH, reason="boom") if infra else None
    return Trajectory(id=f"x{i}", run_id="r", task_id=task, env="e", group_id=task,
                      sample_index=i, policy="p", prompt=(), prompt_text="", prompt_ids=(5, 6),
                      turns=tuple(_turn(a) for a in actions), fault=fault,
                      grade=Grade(score=score, passed=score >= 1))


def test_grade_pairs_best_separated_first_each_used_once():
    trajs = [traj(0, "a", 1.0), traj(1, "a", 0.0), traj(2, "a", 0.5), traj(3, "a", 0.0),
             traj(4, "b", 1.0), traj(5, "b", 1.0),  # tie: no pair
             traj(6, "c", 1.0), traj(7, "c", 0.0, infra=True)]  # fault: no pair
    pairs = grade_pairs(trajs, max_per_task=4)
    got = [(p.chosen.id, p.rejected.id, p.margin) for p in pairs]
    # task a: candidates by margin: (x0,x1) 1, (x0,x3) 1, (x2,x1) .5, (x2,x3) .5, (x0,x2) .5
    # x0 takes x1; x0 is used as chosen, so (x0,x3) is skipped; x2 takes x3 (x1 used as rejected)
    assert got == [("x0", "x1", 1.0), ("x2", "x3", 0.5)]
    assert [(p.chosen.id, p.rejected.id) for p in grade_pairs(trajs, max_per_task=1)] == [
        ("x0", "x1")]
    assert grade_pairs(trajs, min_margin=0.75, max_per_task=4)[-1].rejected.id == "x1"


def test_branch_pairs_need_shared_turns():
    root = (1, 2)
    trajs = [traj(0, "a", 1.0, actions=(root, (3,))), traj(1, "a", 0.0, actions=(root, (4,))),
             traj(2, "a", 0.0, actions=((7,), (3,)))]
    assert shared_turns(trajs[0], trajs[1]) == 1 and shared_turns(trajs[0], trajs[2]) == 0
    pairs = branch_pairs(trajs)
    assert [(p.chosen.id, p.rejected.id, p.branch_turn) for p in pairs] == [("x0", "x1", 1)]
    # plain grade pairing also pairs the non-branch (x0 chosen once: with x1 or x2 by id order)
    assert len(grade_pairs(trajs)) == 1


def test_branch_rollouts_replay_the_prefix_and_sample_the_rest():
    from veriloop.data.preferences import branch_rollouts
    from veriloop.envs import expert_for, get_env
    from veriloop.rollout.runner import RolloutConfig, RolloutRunner

    env = get_env("arithmetic")
    tasks = env.tasks(4, seed=0, split="train")
    rc = RolloutConfig(max_total_tokens=1 << 30)
    sources = RolloutRunner(env, expert_for(env), rc).run(tasks)
    assert all(len(s.turns) == 2 and s.passed for s in sources)
    # the noisy expert answers wrongly in some branches after the replayed (correct) call
    branches = branch_rollouts(env, expert_for(env, noise=0.7, seed=3), sources, tasks, 1, 4,
                               rc.model_copy(update={"seed": 5}))
    assert len(branches) == 16
    src = {s.task_id: s for s in sources}
    for b in branches:
        assert shared_turns(src[b.task_id], b) >= 1
        assert b.turns[0].action_ids == src[b.task_id].turns[0].action_ids
    pairs = branch_pairs([*sources, *branches], max_per_task=1)
    assert pairs and all(p.branch_turn >= 1 and p.margin > 0 for p in pairs)
    assert any(not b.passed for b in branches)
