"""Token-exact chat rendering.

A renderer turns a conversation into token ids incrementally: the prompt once, then for every
turn the action (as sampled, or encoded from text for text-only policies) and the observation as
a *delta* appended to what is already there. Prefix tokens therefore never change between turns,
which is what lets trainers consume the ids a rollout produced instead of re-tokenizing text.

`ByteRenderer` is a dependency-free renderer (UTF-8 bytes plus five role tokens) used by the
scripted experts and by tests; model backends bring renderers built on their own tokenizer and
chat template.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from veriloop.types import Message, ToolSpec


@dataclass(frozen=True)
class Rendered:
    text: str
    ids: tuple[int, ...]


@runtime_checkable
class ChatRenderer(Protocol):
    name: str

    def render_prompt(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Rendered:
        """The conversation so far, ending with the assistant's generation prompt."""
        ...

    def render_action(self, text: str) -> Rendered:
        """Ids of an assistant action given as text, including its end-of-turn marker."""
        ...

    def render_observation(self, messages: Sequence[Message], action_closed: bool) -> Rendered:
        """Delta after an action: the end-of-turn marker if the action lacked it (it stopped on a
        stop string), the observation messages, and the next generation prompt."""
        ...

    def closes_turn(self, ids: Sequence[int]) -> bool:
        """Whether an action's ids already end the assistant turn."""
        ...

    def decode(self, ids: Sequence[int]) -> str: ...


def tools_system_text(tools: Sequence[ToolSpec]) -> str:
    """The tool list as it is shown to models whose template has no native tool section."""
    lines = ["You can call these tools:"]
    lines += [json.dumps(t.to_openai()["function"], sort_keys=True) for t in tools]
    return "\n".join(lines)


class ByteRenderer:
    """UTF-8 bytes are ids 0-255; role markers and end-of-turn are ids 256-260.

    Layout: `<|role|>content<|end|>\\n` per message, generation prompt `<|assistant|>`.
    """

    name = "bytes"
    SPECIALS = ("<|system|>", "<|user|>", "<|assistant|>", "<|tool|>", "<|end|>")
    vocab_size = 256 + len(SPECIALS)

    def __init__(self) -> None:
        self._id = {s: 256 + i for i, s in enumerate(self.SPECIALS)}
        self.end_id = self._id["<|end|>"]

    def _message(self, m: Message) -> list[int]:
        return [self._id[f"<|{m.role}|>"], *m.content.encode(), self.end_id, *b"\n"]

    def _rendered(self, ids: list[int]) -> Rendered:
        return Rendered(text=self.decode(ids), ids=tuple(ids))

    def render_prompt(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Rendered:
        msgs = list(messages)
        if tools:
            extra = tools_system_text(tools)
            if msgs and msgs[0].role == "system":
                msgs[0] = Message(role="system", content=f"{msgs[0].content}\n\n{extra}")
            else:
                msgs.insert(0, Message(role="system", content=extra))
        ids = [i for m in msgs for i in self._message(m)] + [self._id["<|assistant|>"]]
        return self._rendered(ids)

    def render_action(self, text: str) -> Rendered:
        return self._rendered([*text.encode(), self.end_id])

    def render_observation(self, messages: Sequence[Message], action_closed: bool) -> Rendered:
        ids = ([] if action_closed else [self.end_id]) + [*b"\n"]
        ids += [i for m in messages for i in self._message(m)] + [self._id["<|assistant|>"]]
        return self._rendered(ids)

    def closes_turn(self, ids: Sequence[int]) -> bool:
        return bool(ids) and ids[-1] == self.end_id

    def decode(self, ids: Sequence[int]) -> str:
        out, buf = [], bytearray()
        for i in ids:
            if i < 256:
                buf.append(i)
                continue
            out.append(buf.decode(errors="replace"))
            buf = bytearray()
            out.append(self.SPECIALS[i - 256])
        out.append(buf.decode(errors="replace"))
        return "".join(out)
