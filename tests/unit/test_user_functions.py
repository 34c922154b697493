"""`load_user_function`, the one lookup behind user graders (`grader.name: f.py:fn`) and
dataset rewards (`env.options.reward: f.py:fn`): both paths give the same function and word
a bad spec the same way, naming what to write instead."""

import pytest

from veriloop.graders.base import get_grader
from veriloop.user_modules import load_user_function


@pytest.fixture
def rewards(tmp_path):
    path = tmp_path / "my_rewards.py"
    path.write_text("def score(completion):\n    return 1.0\n\nNOT_A_FUNCTION = 3\n")
    return path


def test_a_file_spec_gives_its_function_once_per_process(rewards):
    module, attr, fn = load_user_function(f"{rewards}:score", "reward")
    again = load_user_function(f"{rewards}:score", "grader")
    assert attr == "score" and fn("x") == 1.0
    assert again[2] is fn and again[0] is module  # one import, shared by graders and rewards


@pytest.mark.parametrize(("spec", "words"), [
    ("score", "give file.py:function"),           # no module half
    ("{path}:", "give file.py:function"),        # no function half
    ("{path}:missing", "defines no function 'missing'"),
    ("{path}:NOT_A_FUNCTION", "defines no function 'NOT_A_FUNCTION'"),
    ("/nowhere/r.py:score", "does not exist"),
])
def test_bad_specs_are_one_clear_value_error(rewards, spec, words):
    spec = spec.format(path=rewards)
    with pytest.raises(ValueError, match=words) as e:
        load_user_function(spec, "reward")
    assert str(e.value).startswith(f"reward {spec!r}")


def test_the_grader_registry_words_a_missing_function_the_same_way(rewards):
    with pytest.raises(KeyError, match="defines no function 'missing'"):
        get_grader(f"{rewards}:missing")
