import pydantic
import pytest

from veriloop.types import Fault, FaultKind, Message, Trajectory, Turn


def test_token_stream_mask_and_logprobs_align():
    t = Trajectory(id="t", run_id="r", task_id="x", env="e", group_id="g", prompt_text="p",
                   prompt_ids=(1, 2, 3),
                   turns=(Turn(index=0, action_text="a", action_ids=(4, 5), action_logprobs=(-.1, -.2),
                               observation_ids=(6,)),
                          Turn(index=1, action_text="b", action_ids=(7,), action_logprobs=(-.3,))))
    assert t.token_ids == [1, 2, 3, 4, 5, 6, 7]
    assert t.loss_mask == [0, 0, 0, 1, 1, 0, 1]
    assert t.sampling_logprobs == [0, 0, 0, -.1, -.2, 0, -.3]


def test_missing_logprobs_give_none():
    t = Trajectory(id="t", run_id="r", task_id="x", env="e", group_id="g", prompt_text="p",
                   prompt_ids=(1,), turns=(Turn(index=0, action_text="a", action_ids=(4,)),))
    assert t.sampling_logprobs is None


def test_frozen_and_strict():
    m = Message(role="user", content="hi")
    with pytest.raises(pydantic.ValidationError):
        m.content = "changed"
    with pytest.raises(pydantic.ValidationError):
        Message(role="robot", content="x")
    with pytest.raises(pydantic.ValidationError):
        Message(role="user", content="x", colour="red")


def test_fault_kinds_split_agent_and_infra():
    agent = {FaultKind.FORMAT, FaultKind.TOOL_ERROR, FaultKind.STEP_BUDGET, FaultKind.LOOP,
             FaultKind.CONTEXT}
    for kind in FaultKind:
        assert Fault(kind=kind, reason="").is_infra == (kind not in agent)
