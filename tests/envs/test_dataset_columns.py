"""Issue 46 (acceptance e): the column mapping on hand-made rows in TRL's standard and
conversational formats and verl's parquet schema, and the errors a misfit row or a missing
column gives."""

import pytest

from veriloop.envs.dataset.columns import BadRow, Columns
from veriloop.errors import UserError
from veriloop.types import Message, ToolSpec

TOOL = {"type": "function", "function": {"name": "get_weather", "description": "Weather.",
                                         "parameters": {"type": "object", "properties": {
                                             "city": {"type": "string"}}}}}


def test_trl_standard_row_is_a_user_prompt_and_its_answer():
    row = {"prompt": "What is 2+2?", "answer": "4", "level": 1}
    cols = Columns.resolve(row)
    assert cols.names["prompt"] == "prompt" and cols.names["answer"] == "answer"
    parts = cols.parts(row, system_prompt="Be brief.")
    assert parts.prompt == (Message(role="system", content="Be brief."),
                            Message(role="user", content="What is 2+2?"))
    assert parts.answer == "4" and parts.tools == () and parts.tests == ()
    assert parts.columns == row  # extra columns (level) reach reward functions by name


def test_trl_conversational_messages_end_in_the_reference_answer():
    row = {"messages": [{"role": "system", "content": "You add."},
                        {"role": "user", "content": "1+1?"},
                        {"role": "assistant", "content": "2"}]}
    cols = Columns.resolve(row)
    assert cols.names["prompt"] == "messages" and cols.names["answer"] is None
    parts = cols.parts(row, system_prompt="ignored: the row has its own")
    assert [m.role for m in parts.prompt] == ["system", "user"]
    assert parts.prompt[0].content == "You add." and parts.answer == "2"


def test_trl_conversational_prompt_with_a_solution_column():
    row = {"prompt": [{"role": "user", "content": "Capital of France?"}], "solution": "Paris",
           "system": "Answer in one word."}
    parts = Columns.resolve(row).parts(row)
    assert parts.prompt == (Message(role="system", content="Answer in one word."),
                            Message(role="user", content="Capital of France?"))
    assert parts.answer == "Paris"


def test_verl_row_loads_unchanged():
    row = {"data_source": "openai/gsm8k",
           "prompt": [{"role": "user", "content": "Natalia sold 48 clips..."}],
           "ability": "math", "reward_model": {"style": "rule", "ground_truth": "72"},
           "extra_info": {"split": "train", "index": 0}}
    features = {"data_source": None, "prompt": None, "ability": None,
                "reward_model": {"style": None, "ground_truth": None}, "extra_info": None}
    cols = Columns.resolve(features)
    assert cols.names["answer"] == "reward_model.ground_truth"
    parts = cols.parts(row)
    assert parts.answer == "72" and parts.prompt[-1].content == "Natalia sold 48 clips..."
    assert parts.columns["data_source"] == "openai/gsm8k"
    assert parts.columns["extra_info"] == {"split": "train", "index": 0}


def test_tools_tests_and_schema_columns():
    row = {"prompt": "Weather in Paris?", "tools": [TOOL],
           "answer": {"name": "get_weather", "arguments": {"city": "Paris"}},
           "tests": "assert f(1) == 2", "schema": '{"type": "object"}'}
    parts = Columns.resolve(row).parts(row)
    assert parts.tools == (ToolSpec(name="get_weather", description="Weather.",
                                    parameters=TOOL["function"]["parameters"]),)
    assert parts.tests == ("assert f(1) == 2",) and parts.schema == {"type": "object"}
    # CSV stores lists as JSON text: the same tools
    as_text = {**row, "tools": '[{"name": "get_weather", "description": "Weather."}]'}
    assert Columns.resolve(as_text).parts(as_text).tools[0].name == "get_weather"


def test_mapped_columns_and_dotted_struct_fields():
    row = {"q": "2*3?", "meta": {"gold": "6"}}
    cols = Columns.resolve({"q": None, "meta": {"gold": None}},
                           {"prompt": "q", "answer": "meta.gold"})
    assert cols.parts(row).answer == "6" and cols.parts(row).prompt[-1].content == "2*3?"


def test_a_missing_column_names_it_and_the_columns_found():
    with pytest.raises(UserError) as e:
        Columns.resolve({"text": None, "label": None}, source="data.jsonl")
    assert str(e.value) == ("data.jsonl has no prompt column (looked for prompt, messages, "
                            "question, problem); columns found: text, label; map one with "
                            "env.options.columns.prompt")
    with pytest.raises(UserError, match=r"data.jsonl has no column 'gold' \(env.options.columns"
                                        r".answer\); columns found: prompt, label"):
        Columns.resolve({"prompt": None, "label": None}, {"answer": "gold"}, "data.jsonl")
    cols = Columns.resolve({"prompt": None})
    with pytest.raises(UserError, match="has no answer column .* which reward 'exact' needs; "
                                        "columns found: prompt"):
        cols.require("answer", "reward 'exact'", {"prompt": None}, "data.jsonl")


@pytest.mark.parametrize("row, words", [
    ({"prompt": 7}, ("column 'prompt' must be text or a list of {role, content} messages, "
                     "got int")),
    ({"prompt": ""}, "column 'prompt' is empty"),
    ({"prompt": [{"role": "robot", "content": "hi"}]}, "message 0 must be"),
    ({"prompt": "hi", "tools": [{"description": "no name"}]}, "each tool must be"),
    ({"prompt": "hi", "tests": [1, 2]}, "column 'tests' must be Python test code"),
])
def test_a_row_that_does_not_fit_says_why(row, words):
    with pytest.raises(BadRow) as e:
        Columns.resolve(row).parts(row)
    assert words in str(e.value)
