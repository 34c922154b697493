"""Issue 46 point 6: a task without tools gets a prompt that does not mention tools. Before,
every `ToolEpisode` (the one custom environments reuse) appended "Call a tool with
<tool_call>..." to the system prompt, tools or not."""

from veriloop.envs.base import ToolEpisode
from veriloop.envs.dataset.single_turn import SingleTurnEpisode
from veriloop.formats import HermesFormat
from veriloop.rollout.runner import with_instructions
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Message, Task

TASK = Task(id="t", env="custom", prompt=(Message(role="user", content="2+2?"),),
            verification={"answer": "4"})


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def test_an_episode_without_tools_is_told_only_how_to_answer():
    for episode in (ToolEpisode(TASK, ToolRegistry()), SingleTurnEpisode(TASK)):
        prompt = with_instructions(TASK.prompt, episode.instructions)
        system = prompt[0].content
        assert prompt[0].role == "system" and "<answer>ANSWER</answer>" in system
        assert "tool" not in system.lower()


def test_an_episode_with_tools_is_still_told_the_call_syntax():
    system = ToolEpisode(TASK, ToolRegistry([add])).instructions
    assert system.startswith('Call a tool with <tool_call>{"name": "TOOL"')
    assert system.endswith("Give the final answer with <answer>ANSWER</answer>.")


def test_the_no_action_error_of_a_toolless_episode_does_not_mention_tools():
    action = HermesFormat().parse("just text", ToolRegistry())
    assert action.error is not None and "<tool_call>" not in action.error.message
    assert action.error.message.endswith("Give the final answer with <answer>ANSWER</answer>.")
