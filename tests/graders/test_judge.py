"""LLM judge with a scripted judge policy: strict parsing, failure value, k aggregation,
position-swapped pairwise comparison, group ranking."""

import pytest
from graders_scripted import ScriptedJudge

from veriloop.graders import get_grader
from veriloop.graders.judge import (
    Judge,
    JudgeGrader,
    judge_group,
    parse_choice,
    parse_ranking,
    parse_score,
)
from veriloop.types import Message, Task, Trajectory

TASK = Task(id="t", env="x", prompt=(Message(role="user", content="What is 2+2?"),),
            verification={"answer": "4"})


def traj(answer):
    return Trajectory(id="r", run_id="r", task_id="t", env="x", group_id="g", prompt_text="q",
                      prompt_ids=(), final_answer=answer, done=True)


def test_strict_parsers():
    assert parse_score("reasoning...\nSCORE: 7") == 7.0
    assert parse_score("SCORE: **8.5**") == 8.5
    assert parse_score("SCORE: 7 ... on reflection SCORE: 7") == 7.0
    for bad in ("", ":", "Thought process:", "I'd give it a 7", "SCORE: 11", "SCORE: -1",
                "SCORE: 3 or maybe SCORE: 9", "score seven"):
        assert parse_score(bad) is None, bad
    assert parse_choice("VERDICT: tie", "VERDICT", ("A", "B", "TIE")) == "TIE"
    assert parse_choice("VERDICT: A ... VERDICT: B", "VERDICT", ("A", "B")) is None
    assert parse_ranking("RANKING: 2 > 3 > 1", 3) == [1, 2, 0]
    assert parse_ranking("RANKING: 2 > 2 > 1", 3) is None
    assert parse_ranking("RANKING: 1 > 2", 3) is None


def test_judge_grader_scores_and_renders_prompt():
    seen = []

    def reply(prompt):
        seen.append(prompt)
        return "The response is right.\nSCORE: 10" if "Response to grade:\n4" in prompt \
            else "Wrong.\nSCORE: 2"

    policy = ScriptedJudge(reply)
    g = JudgeGrader(policy, k=3)
    good = g(TASK, traj("4"), None)
    assert good.score == 1.0 and good.passed
    assert good.components == {"judge": 1.0, "judge_parsed": 1.0, "judge_unparseable": 0.0,
                               "judge_non_answer": 0.0}
    bad = g(TASK, traj("5"), None)
    assert bad.score == pytest.approx(0.2) and not bad.passed
    assert "What is 2+2?" in seen[0] and "Reference answer:\n4" in seen[0]
    assert policy.requests == 6 and len(policy.released) == 6


def test_unparseable_judgements_never_crash_and_are_counted():
    replies = iter(["SCORE: 8", ":", "Thought process:", "SCORE: 4", "", "blah", "nope"])
    g = JudgeGrader(ScriptedJudge(lambda p: next(replies)), k=2, failure_value=0.0)
    mixed = g(TASK, traj("4"), None)  # "SCORE: 8", ":" -> one parsed
    assert mixed.score == 0.8 and mixed.components["judge_unparseable"] == 1.0
    mixed = g(TASK, traj("4"), None)  # "Thought process:", "SCORE: 4"
    assert mixed.score == 0.4 and mixed.components["judge_parsed"] == 0.5
    dead = g(TASK, traj("4"), None)  # "", "blah" -> all unparseable
    assert dead.score == 0.0 and not dead.passed and dead.components["judge_unparseable"] == 2.0
    assert "unparseable" in dead.explanation
    assert g.stats.calls == 6 and g.stats.unparseable == 4


def test_non_answers_never_reach_a_fooled_judge():
    fooled = ScriptedJudge(lambda p: "SCORE: 10")  # a judge that rewards anything
    g = JudgeGrader(fooled)
    for junk in (":", "", "  ...", "Thought process:", "Let's solve this step by step.",
                 "Solution", "**Answer:**"):
        grade = g(TASK, traj(junk), None)
        assert grade.score == 0.0 and grade.components["judge_non_answer"] == 1.0, junk
    assert fooled.requests == 0
    assert g(TASK, traj("The answer is 4."), None).score == 1.0 and fooled.requests == 1
    assert JudgeGrader(fooled, reject_non_answers=False)(TASK, traj(":"), None).score == 1.0


def test_aggregation_modes():
    def scripted(values):
        it = iter(values)
        return ScriptedJudge(lambda p: f"SCORE: {next(it)}")

    assert JudgeGrader(scripted([2, 4, 9]), k=3, aggregate="median")(TASK, traj("4"),
                                                                      None).score == 0.4
    assert JudgeGrader(scripted([7, 7, 2]), k=3, aggregate="majority")(TASK, traj("4"),
                                                                        None).score == 0.7
    with pytest.raises(ValueError, match="aggregate"):
        JudgeGrader(scripted([]), aggregate="max")


def test_pairwise_position_swap_cancels_order_bias():
    always_a = Judge(ScriptedJudge(lambda p: "VERDICT: A"))  # pure position bias
    r = always_a.compare("q", "first answer", "second answer")
    assert r.p_first_better == 0.5 and not r.consistent and r.verdicts == ("A", "A")

    def prefers_four(p):
        a = p.split("Response A:\n")[1].split("\n")[0]
        return "VERDICT: A" if a == "4" else "VERDICT: B"

    r = Judge(ScriptedJudge(prefers_four)).compare("q", "4", "5")
    assert r.p_first_better == 1.0 and r.consistent and r.unparseable == 0
    r = Judge(ScriptedJudge(lambda p: "hmm")).compare("q", "4", "5")
    assert r.p_first_better == 0.5 and r.unparseable == 2


def test_group_ranking_averages_orders():
    # ranks by the number in each response (higher is better), whatever the order shown
    def rank(p):
        import re
        vals = {int(i): int(v) for i, v in re.findall(r"Response (\d+):\n(\d+)", p)}
        order = sorted(vals, key=lambda i: -vals[i])
        return "RANKING: " + " > ".join(map(str, order))

    judge = Judge(ScriptedJudge(rank))
    scores, bad = judge.rank_group("q", ["10", "30", "20"], orders=3)
    assert scores == [0.0, 1.0, 0.5] and bad == 0
    grades = judge_group(judge, TASK, [traj("10"), traj("30"), traj("20")], orders=2)
    assert [g.score for g in grades] == [0.0, 1.0, 0.5]
    assert grades[0].components == {"judge_rank": 0.0, "judge_unparseable": 0.0}
    garbled = Judge(ScriptedJudge(lambda p: "RANKING: 1 > 1 > 2"))
    scores, bad = garbled.rank_group("q", ["a", "b", "c"], orders=2)
    assert scores == [0.5, 0.5, 0.5] and bad == 2 and garbled.stats.unparseable == 2


def test_registered_judge_takes_a_policy_object():
    g = get_grader("judge", policy=ScriptedJudge(lambda p: "SCORE: 5"), k=2)
    assert g(TASK, traj("4"), None).score == 0.5


def test_judge_through_an_openai_compatible_server():
    """The judge is any backend: here a scripted model served by `veriloop serve`'s server and
    reached through the OpenAI-compatible client policy."""
    import threading

    from veriloop.policies.serve import make_server

    def reply(prompt):
        if "Response to grade:\n4" in prompt:
            return "Correct.\nSCORE: 9"
        return "Thought process:"  # unparseable

    server = make_server(ScriptedJudge(reply), port=0, model_name="judge", quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        g = get_grader("judge", policy=f"openai:http://127.0.0.1:{port}/v1#judge", k=2)
        ok = g(TASK, traj("4"), None)
        assert ok.score == pytest.approx(0.9) and ok.components["judge_parsed"] == 1.0
        bad = g(TASK, traj("5"), None)
        assert bad.score == 0.0 and bad.components["judge_unparseable"] == 2.0
        assert g.stats.unparseable == 2
    finally:
        server.shutdown()
        server.server_close()
