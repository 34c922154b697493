"""Context management: what the rollout runner does when an episode's history grows too long.

Selected by `RolloutConfig.context`:

- `none`: the context only grows; an episode that reaches `max_total_tokens` ends with a
  CONTEXT fault.
- `window`: a sliding window over the tool history. The policy sees the system prompt, the
  task, a visible marker (`[N earlier turns omitted]`) and the last `window_turns` turns. Kept
  turns keep the ids they were sampled and observed with, so a window context is its prompt
  rendering followed by those exact ids. Once the window is full every new turn starts a new
  context, so training sees each turn once as a policy action and up to `window_turns - 1`
  more times as context (no chunked eviction).
- `summarize`: as in ReSum (Wu et al., 2025), when the context reaches `summarize_at` tokens
  the policy is asked, with the fixed `SUMMARY_REQUEST`, to summarise its progress; the next
  context is the system prompt, the task and that summary. Unlike ReSum, which trains a
  separate summary tool, the summary here is the policy's own action, sampled in the old
  context and trained on with the episode's advantage. With `summarizer` set, a separate model
  writes it instead; its text enters the new context as an observation and is not trained on.

Each rewrite starts a `Segment` of the trajectory; `Trajectory.contexts()` gives every context
exactly as the policy saw it, which is what the trainer trains on. Observations that tools cut
keep their visible marker (`veriloop.tools.TRUNCATION_MARKER`) in every context.
"""

from __future__ import annotations

from collections.abc import Sequence

from veriloop.rendering import (  # the summary texts live there: scripted experts read them too
    SUMMARY_HEADER,
    SUMMARY_REQUEST,
    ChatRenderer,
    Rendered,
)
from veriloop.types import Message, Segment, ToolSpec, Turn


def omitted_marker(n: int) -> str:
    return f"[{n} earlier turns omitted]"


def turn_messages(turn: Turn) -> list[Message]:
    """A turn as conversation messages: the assistant's action, then its observation."""
    return [Message(role="assistant", content=turn.action_text, tool_calls=turn.tool_calls),
            *turn.observation]


def with_summary_request(turn: Turn, renderer: ChatRenderer) -> Turn:
    """`turn` with the summary request appended to its observation (the request is part of the
    context the summary is sampled in, so it is recorded where it was seen)."""
    messages = (*turn.observation, Message(role="user", content=SUMMARY_REQUEST))
    obs = renderer.render_observation(messages, renderer.closes_turn(turn.action_ids))
    return turn.model_copy(update={"observation": messages, "observation_text": obs.text,
                                   "observation_ids": obs.ids})


def window_segment(prompt: Sequence[Message], tools: Sequence[ToolSpec],
                   renderer: ChatRenderer, turns: Sequence[Turn], keep: int) -> Segment:
    """The next context of a sliding window: prompt, omission marker, the last `keep` turns (as
    their recorded ids), for the turn after `turns`."""
    kept = turns[len(turns) - keep:]
    head = [*prompt, Message(role="user", content=omitted_marker(len(turns) - keep))]
    rendered = renderer.render_prompt(head, tools)
    ids = list(rendered.ids)
    for t in kept:
        ids += [*t.action_ids, *t.observation_ids]
    messages = tuple(head + [m for t in kept for m in turn_messages(t)])
    return Segment(start=len(turns), reason="window", prompt=messages,
                   prompt_text=renderer.decode(ids), prompt_ids=tuple(ids))


def summary_segment(prompt: Sequence[Message], tools: Sequence[ToolSpec],
                    renderer: ChatRenderer, summary: str, start: int,
                    summary_turn: int | None) -> Segment:
    """The context after a summary: prompt, then the summary as a user message."""
    messages = (*prompt, Message(role="user", content=f"{SUMMARY_HEADER}\n{summary.strip()}"))
    rendered: Rendered = renderer.render_prompt(messages, tools)
    return Segment(start=start, reason="summary", prompt=messages, prompt_text=rendered.text,
                   prompt_ids=rendered.ids, summary_turn=summary_turn)
