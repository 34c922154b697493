"""Context management pieces with hand-worked ids: a trajectory's contexts, one training
sequence per context, the context metrics, the window's exact ids, config checks, storage."""

from __future__ import annotations

import pytest
import torch

from veriloop.data.store import TrajectoryStore
from veriloop.eval.metrics import context_metrics
from veriloop.rendering import ByteRenderer
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.context import window_segment, with_summary_request
from veriloop.trainers.batch import TrainBatch
from veriloop.types import Message, Segment, Trajectory, Turn


def _turn(i: int, action: tuple[int, ...], obs: tuple[int, ...] = ()) -> Turn:
    return Turn(index=i, action_text=f"a{i}", action_ids=action,
                action_logprobs=tuple(-0.5 * (k + 1) for k in range(len(action))),
                observation_ids=obs)


def _summarised() -> Trajectory:
    """prompt [1, 2]; turn 0 (action 10 11, obs 12); turn 1 = summary (20); then a new context
    [1, 2, 3] with turn 2 (action 30, obs 31) and turn 3 (action 40)."""
    turns = (_turn(0, (10, 11), (12,)), _turn(1, (20,)), _turn(2, (30,), (31,)), _turn(3, (40,)))
    seg = Segment(start=2, reason="summary", prompt=(Message(role="user", content="s"),),
                  prompt_text="", prompt_ids=(1, 2, 3), summary_turn=1)
    return Trajectory(id="t", run_id="r", task_id="k", env="e", group_id="g", prompt_text="",
                      prompt_ids=(1, 2), turns=turns, segments=(seg,), done=True)


def test_contexts_are_the_prompts_and_turns_sampled():
    first, second = _summarised().contexts()
    assert first.token_ids == [1, 2, 10, 11, 12, 20] and first.loss_mask == [0, 0, 1, 1, 0, 1]
    assert first.logprobs == [0.0, 0.0, -0.5, -1.0, 0.0, -0.5]
    assert (first.start, first.end) == (0, 2)
    assert second.token_ids == [1, 2, 3, 30, 31, 40] and second.loss_mask == [0, 0, 0, 1, 0, 1]
    assert (second.start, second.end) == (2, 4)


def test_old_trajectories_have_one_context():
    old = _summarised().model_dump(exclude={"segments"})  # as stored before segments existed
    t = Trajectory.model_validate(old)
    (only,) = t.contexts()
    assert only.token_ids == t.token_ids and only.loss_mask == t.loss_mask
    assert only.logprobs == t.sampling_logprobs


def test_batch_has_one_sequence_per_context_with_its_trajectory_advantage():
    plain = _summarised().model_copy(update={"segments": (), "id": "p", "turns": (
        _turn(0, (10,), (12,)), _turn(1, (13,), (14,)))})
    batch = TrainBatch.of([_summarised(), plain], torch.tensor([1.0, 0.0]),
                          torch.tensor([0.5, -0.5]))
    assert batch.owner == [0, 0, 1]
    assert batch.sequences == [[1, 2, 10, 11, 12, 20], [1, 2, 3, 30, 31, 40], [1, 2, 10, 12, 13]]
    assert batch.rewards.tolist() == [1.0, 1.0, 0.0]
    assert batch.advantages.tolist() == [0.5, 0.5, -0.5]
    # position j predicts token j + 1: the second context's policy tokens 30 and 40
    assert batch.old_logprobs[1].tolist() == [0.0, 0.0, -0.5, 0.0, -0.5]
    assert batch.select([1], 5).owner == [0]


def test_context_metrics_by_hand():
    m = context_metrics([_summarised(), _summarised().model_copy(update={"segments": ()})])
    assert m["summarized"] == 0.5 and m["segments"] == 1.5
    # turns sampled at context lengths 2, 5 | 3, 5 and (one context) 2, 5, 6, 8
    assert m["context_tokens_per_turn"] == pytest.approx((2 + 5 + 3 + 5 + 2 + 5 + 6 + 8) / 8)


def test_window_keeps_exact_ids_behind_a_marker():
    r = ByteRenderer()
    prompt = (Message(role="system", content="sys"), Message(role="user", content="task"))
    turns = [_turn(i, (100 + i, r.end_id), (10, 200 + i)) for i in range(5)]
    seg = window_segment(prompt, (), r, turns, keep=2)
    head = r.render_prompt([*prompt, Message(role="user", content="[3 earlier turns omitted]")],
                           ()).ids
    assert seg.prompt_ids == (*head, 103, r.end_id, 10, 203, 104, r.end_id, 10, 204)
    assert seg.start == 5 and seg.reason == "window" and seg.prompt[2].content.startswith("[3 ")


def test_summary_request_is_recorded_in_the_observation_it_was_seen_in():
    r = ByteRenderer()
    t = Turn(index=0, action_text="x", action_ids=(120, r.end_id),
             observation=(Message(role="tool", content="ok"),))
    asked = with_summary_request(t, r)
    assert asked.observation[-1].role == "user" and "Summarise" in asked.observation[-1].content
    assert asked.observation_ids == r.render_observation(asked.observation, True).ids


def test_config_checks_the_summary_threshold():
    assert RolloutConfig(max_total_tokens=4000).summary_threshold == 3000
    with pytest.raises(ValueError, match="summarize_at .* must be below"):
        RolloutConfig(max_total_tokens=1000, summarize_at=1000)
    with pytest.raises(ValueError):
        RolloutConfig(context="compress")


def test_store_keeps_segments(tmp_path):
    with TrajectoryStore(tmp_path / "s.db") as store:
        store.append(_summarised())
        back = store.get("t")
    assert back.segments == _summarised().segments
    assert back.contexts() == _summarised().contexts()
