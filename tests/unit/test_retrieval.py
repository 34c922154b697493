"""Experience retrieval: BM25 finds the solved task sharing the query's words, never the task
itself, and the examples land under the prompt; `veriloop eval --experience` uses them."""

import json
import subprocess
import sys

from veriloop.data.retrieval import ExperienceIndex, few_shot_note, with_examples
from veriloop.types import Grade, Message, Task, Trajectory, Turn


def traj(i, task, question, answer, passed=True, extra_turns=0):
    turns = tuple(Turn(index=k, action_ids=(1,) * (1 + extra_turns), observation_ids=(),
                       action_text=f"<answer>{answer}</answer>", observation_text="")
                  for k in range(1))
    return Trajectory(id=f"x{i}", run_id="r", task_id=task, env="e", group_id=task,
                      sample_index=i, policy="p", prompt=(Message(role="user", content=question),),
                      prompt_text=question, prompt_ids=(1,) * 3, turns=turns,
                      grade=Grade(score=float(passed), passed=passed))


TRAJS = [traj(0, "apples", "Tom has apples and buys more apples", 8),
         traj(1, "apples", "Tom has apples and buys more apples", 9, extra_turns=5),  # longer
         traj(2, "sweets", "Anna shares sweets equally among friends", 3),
         traj(3, "pencils", "boxes of pencils doubled", 40, passed=False)]  # failed: not indexed


def test_index_keeps_shortest_solution_per_solved_task():
    index = ExperienceIndex.from_trajectories(TRAJS)
    assert len(index) == 2
    assert {e.task_id: e.solution for e in index.items}["apples"] == "<answer>8</answer>"


def test_search_ranks_by_shared_words_and_excludes_the_task():
    index = ExperienceIndex.from_trajectories(TRAJS)
    found = index.search("How many apples does Tom have now", k=2)
    assert [e.task_id for e in found] == ["apples"]  # sweets shares no word: score 0, dropped
    assert index.search("Tom apples", k=2, exclude="apples") == []
    assert [e.task_id for e in index.search("sweets shared with friends", k=1)] == ["sweets"]
    assert ExperienceIndex([]).search("anything", 3) == []


def test_with_examples_appends_a_worked_example():
    index = ExperienceIndex.from_trajectories(TRAJS)
    task = Task(id="q", env="e", prompt=(Message(role="user", content="Tom buys apples"),),
                verification={"answer": 1})
    t = with_examples(task, index, 2)
    note = few_shot_note(index.search("Tom buys apples", 2))
    assert t.prompt[0].content == "Tom buys apples" + note
    assert "Task: Tom has apples and buys more apples\nSolution: <answer>8</answer>" in note
    assert t.metadata["retrieved"] == ["apples"] and t.verification == task.verification


def test_eval_with_experience_cli(tmp_path):
    def veriloop(*args):
        return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], check=False,
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)

    made = veriloop("rollout", "--env", "arithmetic", "--policy", "expert", "--tasks", "6",
                    "--split", "train", "--out", "exp")
    assert made.returncode == 0, made.stderr
    proc = veriloop("eval", "--env", "arithmetic", "--policy", "expert", "--tasks", "3",
                    "--experience", "exp/trajectories.sqlite", "--shots", "2", "--out", "ev",
                    "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1])["pass_at"]["pass@1"] == 1.0
    from veriloop.data.store import TrajectoryStore

    with TrajectoryStore(tmp_path / "ev" / "trajectories.sqlite") as s:
        prompts = [t.prompt_text for t in s.query()]
    assert any("Solved examples of similar tasks" in p for p in prompts)
    bad = veriloop("eval", "--env", "arithmetic", "--policy", "expert", "--tasks", "1",
                   "--experience", "missing.sqlite", "--out", "ev2")
    assert bad.returncode == 2 and bad.stderr.strip().splitlines()[-1].startswith("error:")
