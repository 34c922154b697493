import pytest

from veriloop.envs.arithmetic import calculator
from veriloop.formats import FormatErrorKind, HermesFormat, get_format
from veriloop.tools import ToolRegistry
from veriloop.types import ToolCall

REG = ToolRegistry([calculator])
FMT = HermesFormat()


def test_valid_call_and_answer_round_trip():
    call = ToolCall(name="calculator", arguments={"expression": "2 + 3"})
    action = FMT.parse("thinking... " + FMT.render_call(call), REG)
    assert action.error is None and action.calls[0].name == "calculator"
    assert action.calls[0].arguments == {"expression": "2 + 3"}
    assert FMT.parse(FMT.render_answer(" 42 "), REG).answer == "42"


def test_openai_style_string_arguments_are_accepted():
    text = '<tool_call>{"name": "calculator", "arguments": "{\\"expression\\": \\"1+1\\"}"}</tool_call>'
    assert FMT.parse(text, REG).calls[0].arguments == {"expression": "1+1"}


@pytest.mark.parametrize("text, kind", [
    ("The answer is 5.", FormatErrorKind.NO_ACTION),
    ('<tool_call>{"name": "calculator", "arguments": {"expression": "1"}</tool_call>',
     FormatErrorKind.BAD_JSON),
    ('<tool_call>{"name": "calculator", "arguments": {"expression": "1"}}', FormatErrorKind.BAD_JSON),
    ('<tool_call>["calculator"]</tool_call>', FormatErrorKind.BAD_CALL),
    ('<tool_call>{"name": "calculator", "arguments": [1]}</tool_call>', FormatErrorKind.BAD_CALL),
    ('<tool_call>{"name": "calc", "arguments": {"expression": "1"}}</tool_call>',
     FormatErrorKind.UNKNOWN_TOOL),
    ('<tool_call>{"name": "calculator", "arguments": {"expression": 1}}</tool_call>',
     FormatErrorKind.BAD_ARGUMENTS),
    ('<tool_call>{"name": "calculator", "arguments": {}}</tool_call>', FormatErrorKind.BAD_ARGUMENTS),
    (('<tool_call>{"name": "calculator", "arguments": {"expression": "1"}}</tool_call>'
      '<tool_call>{"name": "calculator", "arguments": {"expression": "2"}}</tool_call>'),
     FormatErrorKind.TOO_MANY_CALLS),
    (('<tool_call>{"name": "calculator", "arguments": {"expression": "1"}}</tool_call>'
      '<answer>1</answer>'), FormatErrorKind.MIXED),
])
def test_each_failure_kind(text, kind):
    action = FMT.parse(text, REG)
    assert action.error is not None and action.error.kind == kind, action
    assert not action.calls and action.answer is None
    assert str(action.error).startswith(kind.value)


def test_several_calls_allowed_when_configured():
    two = ('<tool_call>{"name": "calculator", "arguments": {"expression": "1"}}</tool_call>'
           '<tool_call>{"name": "calculator", "arguments": {"expression": "2"}}</tool_call>')
    action = FMT.parse(two, REG, max_calls=2)
    assert [c.arguments["expression"] for c in action.calls] == ["1", "2"]
    assert [c.id for c in action.calls] == ["call_0", "call_1"]


def test_registry_lookup_error_names_known_formats():
    with pytest.raises(KeyError, match="known: hermes"):
        get_format("react2")
