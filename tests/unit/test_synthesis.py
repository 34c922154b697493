"""Task synthesis: a variation becomes a task only when valid and new; its gold answer comes
from the expression; none equals a test-split task; synthesized tasks pass their own validation
and are solved by the environment's expert (the answer is right)."""

from veriloop.data.synthesis import (
    Candidate,
    parse_candidate,
    synthesize,
    validate_arithmetic,
)
from veriloop.envs import expert_for, get_env
from veriloop.policies import load_policy
from veriloop.policies.base import Generation
from veriloop.rollout.runner import RolloutConfig, RolloutRunner


def test_validation_reasons():
    ok = Candidate("Tom has 12 apples and buys 30 more. How many now?", "12 + 30", "s")
    assert validate_arithmetic(ok) == (42, "")
    assert validate_arithmetic(Candidate("short 1 2", "1 + 2", "s"))[1] == "too_short"
    assert validate_arithmetic(Candidate(ok.problem, "12 +", "s"))[1] == "bad_expression"
    assert validate_arithmetic(Candidate(ok.problem, "12 / 30", "s"))[1] == "bad_answer"
    assert validate_arithmetic(Candidate(ok.problem, "12 + 31", "s"))[1] == "numbers_not_in_problem"
    assert parse_candidate("x <problem> A  b </problem> <expression> 1+2 </expression>", "s") == \
        Candidate("A b", "1+2", "s")
    assert parse_candidate("no tags", "s") is None


class Writer:
    """Replies with scripted variations, in request order."""

    name = "writer"

    def __init__(self, renderer, replies):
        self.renderer, self.replies = renderer, list(replies)

    def generate(self, requests, params):
        assert all("Here is a solved problem" in r.messages[0].content for r in requests)
        return [Generation(text=self.replies[i]) for i in range(len(requests))]

    def release(self, key):
        pass


def test_synthesize_validates_and_dedups_against_the_test_split():
    env = get_env("arithmetic")
    train = env.tasks(4, seed=0, split="train")
    test = env.tasks(5, seed=0, split="test")
    solved = RolloutRunner(env, expert_for(env), RolloutConfig(max_total_tokens=1 << 30)).run(train)
    new = "A baker has 17 rolls and bakes 25 more, then sells 9. How many rolls are left?"
    replies = [f"<problem>{new}</problem><expression>17 + 25 - 9</expression>",
               (f"<problem>{test[0].prompt[-1].content}</problem>"
               f"<expression>{test[0].metadata['expression']}</expression>"),  # a test task
               f"<problem>{new.upper()}</problem><expression>17 + 25 - 9</expression>",  # repeat
               "I cannot do that"]
    writer = Writer(load_policy("tiny-xs").renderer, replies)
    out = synthesize("arithmetic", writer, solved, train, test)
    assert out.rejected == {"duplicate": 2, "unparsed": 1}
    assert len(out.tasks) == 1
    task = out.tasks[0]
    assert task.verification == {"answer": 33} and task.prompt[-1].content == new
    assert task.metadata["synthesized_from"] == train[0].id
    assert task.prompt[0] == train[0].prompt[0]  # the environment's system prompt
    test_texts = {t.prompt[-1].content for t in test}
    assert all(t.prompt[-1].content not in test_texts for t in out.tasks)
    # its own validation passes, and the expert (calculator on the expression) solves it
    assert validate_arithmetic(Candidate(new, task.metadata["expression"], "s"))[0] == 33
    graded = RolloutRunner(env, expert_for(env), RolloutConfig(max_total_tokens=1 << 30)).run(
        out.tasks)
    assert graded[0].passed
