"""The `math` world: exact gold answers (hand-worked and recomputed by sympy), disjoint seeded
splits, the worked-solution expert at 1.0 and the noisy expert below it, the math verifier's
verdicts on equivalent forms and sign errors, and the hacks it stops."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
import sympy

from veriloop.envs import get_env, list_envs
from veriloop.envs.base import ScriptedExpert
from veriloop.envs.math import LEVELS, MathEnv, make_problem, split_of
from veriloop.envs.math.exact import Surd, Work, decimal, square_part, surd, tex
from veriloop.envs.math.tasks import TOPICS, make_problems
from veriloop.errors import ConfigError
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import Message, Task

CONFIG = RolloutConfig(group_size=1, max_total_tokens=4096)


@pytest.fixture(scope="module")
def env():
    return MathEnv()


@pytest.fixture(scope="module")
def grader(env):
    g = env.grader()
    yield g
    g.close()


def _run(env, grader, tasks, policy):
    return RolloutRunner(env, policy, CONFIG, grader=grader).run(tasks)


def _replying(text_of):
    """A policy that answers each task with `text_of(task)`."""
    return ScriptedExpert(lambda task, messages: text_of(task), name="fixed")


def test_registered_and_discoverable_through_entry_points():
    from importlib.metadata import entry_points

    assert "math" in list_envs()
    assert "math" in {ep.name for ep in entry_points(group="veriloop.environments")}
    assert isinstance(get_env("math", levels=[1, 2]), MathEnv)
    with pytest.raises(KeyError, match="math"):
        get_env("maht")
    with pytest.raises(ConfigError, match="levels"):
        MathEnv(levels=[5])


def test_exact_values_by_hand():
    assert square_part(72) == (6, 2) and square_part(7) == (1, 7) and square_part(49) == (7, 1)
    assert surd(1, 72) == Surd(F(6), 2) and surd(3, 16) == F(12)
    assert tex(F(-3, 4)) == "-\\frac{3}{4}" and tex(F(7)) == "7"
    assert tex(Surd(F(3, 2), 2)) == "\\frac{3\\sqrt{2}}{2}" and tex(Surd(F(-1), 5)) == "-\\sqrt{5}"
    assert tex((F(7), F(-1, 2))) == "(7, -\\frac{1}{2})"
    assert decimal(F(162, 5)) == "32.4" and decimal(F(-1, 8)) == "-0.125"
    assert decimal(F(1, 3)) == "\\frac{1}{3}" and decimal(F(12)) == "12"


def _two_steps(w: Work):
    s = w.step(lambda v: f"2 + 3 = {tex(v)}", F(5), [F(6)])
    return w.step(lambda v: f"{tex(s)} \\times 4 = {tex(v)}", s * 4)


def test_a_slipped_step_carries_its_error_forward():
    clean, slipped = Work(), Work(slip=0)
    assert _two_steps(clean) == 20 and clean.lines == ["2 + 3 = 5", "5 \\times 4 = 20"]
    assert _two_steps(slipped) == 24 and slipped.lines == ["2 + 3 = 6", "6 \\times 4 = 24"]


def _sympy_value(v):
    if isinstance(v, tuple):
        return tuple(_sympy_value(x) for x in v)
    if isinstance(v, Surd):
        return sympy.Rational(v.coef.numerator, v.coef.denominator) * sympy.sqrt(v.radicand)
    return sympy.Rational(v.numerator, v.denominator)


def _sympy_answer(check: str):
    x, y = sympy.symbols("x y")
    got = sympy.sympify(check, locals={"x": x, "y": y}, rational=True)
    if isinstance(got, dict):  # a system: {x: .., y: ..}
        return (got[x], got[y])
    if isinstance(got, list):  # one linear equation: [root]
        [got] = got
    return got


@pytest.mark.parametrize("level", LEVELS)
def test_gold_answers_are_exact_and_agree_with_sympy(level):
    """Every topic's gold value (Fractions and integer radicals) equals sympy's evaluation of
    the problem's own expression, computed independently of the worked solution."""
    rng = random.Random(level)
    topics = set()
    for _ in range(60):
        p = make_problem(rng, level)
        topics.add(p.topic)
        want = _sympy_answer(p.check)
        got = _sympy_value(p.value)
        if isinstance(got, tuple):
            assert all(sympy.simplify(g - w) == 0 for g, w in zip(got, want, strict=True)), p
        else:
            assert sympy.simplify(got - want) == 0, (p.text, p.answer, want)
        assert p.solution.endswith("}") and "\\boxed{" in p.solution.splitlines()[-1]
        assert p.slips and all(s != p.solution for s in p.slips)
    assert topics == set(TOPICS[level])  # 60 draws reach every topic of the level


def test_splits_are_disjoint_seeded_and_levelled(env):
    train, test = env.tasks(600, seed=3), env.tasks(200, seed=3, split="test")
    assert not {t.id for t in train} & {t.id for t in test}
    assert not {t.prompt[-1].content for t in train} & {t.prompt[-1].content for t in test}
    # disjoint by the mathematics too: the key is the topic and numbers without the names
    keys = {s: {p.key for p in make_problems(n, 3, s, LEVELS)} for s, n in
            (("train", 600), ("test", 200))}
    assert not keys["train"] & keys["test"] and len(keys["train"]) == 600
    assert all(split_of(k) == s for s, ks in keys.items() for k in ks)
    assert [t.id for t in env.tasks(20, seed=3)] == [t.id for t in train[:20]]
    assert [t.id for t in env.tasks(20, seed=4)] != [t.id for t in train[:20]]
    assert {t.metadata["level"] for t in train} == set(LEVELS)
    assert all(t.metadata["category"] == f"L{t.difficulty}" == f"L{t.metadata['level']}"
               for t in train)
    assert {t.difficulty for t in env.tasks(10, difficulty=3)} == {3}
    assert {t.difficulty for t in MathEnv(levels=[2, 4]).tasks(40)} == {2, 4}
    assert {t.difficulty for t in MathEnv(levels=3).tasks(10)} == {3}
    with pytest.raises(ValueError, match="difficulty"):
        env.tasks(1, difficulty=5)


def test_the_prompt_asks_for_a_box_and_mentions_no_tool(env):
    [task] = env.tasks(1, difficulty=4)
    episode = env.reset(task)
    assert episode.tools == () and episode.instructions == ""
    system = task.prompt[0].content
    assert "\\boxed{" in system and "tool" not in system.lower()
    assert task.verification["answer"] not in task.prompt[-1].content.split()
    obs = episode.step(Message(role="assistant", content="x = 2\nAnswer: \\boxed{2}"))
    assert obs.done and obs.final_answer.endswith("\\boxed{2}")
    assert episode.state.final_answer == obs.final_answer


def test_expert_scores_one_and_the_noisy_expert_less(env, grader):
    tasks = [t for lv in LEVELS for t in env.tasks(6, seed=lv, split="test", difficulty=lv)]
    expert = _run(env, grader, tasks, env.expert())
    assert [t.grade.score for t in expert] == [1.0] * len(tasks), \
        [t.grade.explanation for t in expert if t.grade.score < 1]
    noisy_policy = env.expert(noise=0.5, seed=1)
    noisy = _run(env, grader, tasks, noisy_policy)
    scores = [t.grade.score for t in noisy]
    assert 0 < sum(scores) < len(tasks)
    # exactly the episodes that wrote a slipped solution fail
    slipped = [noisy_policy.solution(t) != t.verification["solution"] for t in tasks]
    assert [s == 0.0 for s in scores] == slipped
    assert all(t.grade.score == 0.0 for t in _run(env, grader, tasks[:8], env.expert(noise=1.0)))


def _task(answer: str, question: str = "What fraction of the pizza is left?") -> Task:
    return Task(id=f"t-{answer}", env="math", prompt=(Message(role="user", content=question),),
                verification={"answer": answer, "simplest_form": True})


@pytest.mark.parametrize("reply, passed", [
    ("\\boxed{\\frac{3}{4}}", True), ("\\boxed{3/4}", True), ("\\boxed{0.75}", True),
    ("1 - 1/4 = 3/4\nAnswer: \\boxed{\\dfrac{3}{4}}", True),
    ("\\boxed{-\\frac{3}{4}}", False),  # a sign error
    ("\\boxed{\\frac{4}{3}}", False), ("\\boxed{0.7}", False),  # wrong
    ("\\boxed{\\frac{6}{8}}", False),  # not in lowest terms, as the task asks
    ("\\boxed{\\frac{3}{4}} \\boxed{\\frac{4}{3}}", False),  # hedging with two boxes
    ("\\boxed{\\frac{4}{3}} or \\boxed{\\frac{3}{4}}", False),
    ("\\boxed{\\frac{3}{4}, \\frac{4}{3}}", False), ("\\boxed{\\frac{3}{4} \\text{ or } -3}", False),
    ("The answer is \\frac{3}{4} or \\frac{4}{3}.", False),  # hedging without a box
    ("\\boxed{0.75 \\pm 0.5}", False), ("\\boxed{\\approx 0.75}", False),  # no exact value
    ("I am not sure.", False),
])
def test_grader_accepts_equivalent_forms_and_rejects_errors(env, grader, reply, passed):
    [traj] = _run(env, grader, [_task("\\frac{3}{4}")], _replying(lambda t: reply))
    assert traj.grade.passed is passed, traj.grade.explanation


def test_grader_rejects_a_restated_question_and_unevaluated_arithmetic(env, grader):
    nested = env.tasks(1, seed=7, difficulty=4)[0]
    while nested.metadata["topic"] != "nested":
        nested = next(t for t in env.tasks(40, seed=8, difficulty=4)
                      if t.metadata["topic"] == "nested")
    question = nested.prompt[-1].content.split("$")[1]  # the expression to compute
    story = next(t for t in env.tasks(40, seed=9, difficulty=1) if t.metadata["topic"] == "add")
    a, b = (int(w) for w in story.prompt[-1].content.split() if w.isdigit())
    replies = {nested.id: f"\\boxed{{{question}}}", story.id: f"\\boxed{{{a} + {b}}}"}
    hacked = _run(env, grader, [nested, story], _replying(lambda t: replies[t.id]))
    assert [t.grade.score for t in hacked] == [0.0, 0.0], [t.grade.explanation for t in hacked]
    assert "restates_question" in hacked[0].grade.explanation
    honest = _run(env, grader, [nested, story], env.expert())
    assert [t.grade.score for t in honest] == [1.0, 1.0]
