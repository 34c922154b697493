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
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from veriloop.types import Message, ToolSpec, Trajectory

# The fixed texts of summarising context management (`veriloop.rollout.context`): the runner
# writes them and scripted experts recognise them, so they live on this bottom floor.
SUMMARY_REQUEST = (
    "The conversation is getting too long for your context. Summarise your progress for "
    "yourself: what the task asks, what you have done so far, and every fact you still need "
    "(ids, names, numbers, dates). Reply with the summary only, no tool call; the earlier "
    "turns will be replaced by it.")
"""The fixed instruction that asks for a summary (a user message after the last observation)."""

SUMMARY_HEADER = "Summary of your progress so far (it replaces the earlier turns):"
"""Starts the user message that carries the summary into the next context."""


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


_PROBE = "\x00veriloop-probe\x00"


class HFChatRenderer:
    """A renderer on a Hugging Face tokenizer and its chat template.

    The prompt is the template applied to the conversation. Everything after it is derived
    from the template by probing a fixed conversation once: the text the template writes after
    an assistant message's content (its end-of-turn, e.g. `<|im_end|>` + `\\n` for ChatML) is
    split at the end-of-turn token; an action is `encode(text) + end-of-turn`, and an
    observation is the template's own text for `[..., assistant, *observation]` (with the
    generation prompt) minus its text up to the assistant content, encoded on its own.

    Incremental ids equal the full rendering's ids whenever the template renders a message
    independently of later ones and the tokenizer cannot merge tokens across a delta boundary
    (true at special tokens; see `tests/policies/test_rendering.py` for what holds per
    template). Templates without a `tools` section get the tool list appended to the system
    message, as `ByteRenderer` does. The calling convention itself is the episode's
    (`Episode.instructions`), which the rollout runner puts in the system prompt.
    """

    def __init__(self, tokenizer, name: str | None = None,
                 chat_template: str | None = None) -> None:
        self.tokenizer = tokenizer
        self.name = name or getattr(tokenizer, "name_or_path", "hf") or "hf"
        self.chat_template = chat_template or tokenizer.chat_template
        if not self.chat_template:
            raise ValueError(f"tokenizer {self.name!r} has no chat template; pass chat_template=")
        self.native_tools = "tools" in self.chat_template
        after = self._after_assistant_content()
        eos = tokenizer.eos_token
        # The end-of-turn is the template's text after the content up to and including the
        # EOS token (ChatML: "<|im_end|>"); what follows it ("\n") belongs to the next delta.
        cut = after.find(eos) + len(eos) if eos and eos in after else len(after)
        self.eot_text, self._after_eot = after[:cut], after[cut:]
        if not self.eot_text:
            raise ValueError(f"cannot find the end-of-turn marker of template {self.name!r}")
        self.eot_ids = tuple(self._encode(self.eot_text))
        self.stop_token_ids = tuple(sorted({self.eot_ids[-1], *self._eos_ids()}))
        self._memo = _Memo(512)

    # -- template access

    def _eos_ids(self) -> list[int]:
        eos = self.tokenizer.eos_token_id
        return [] if eos is None else ([eos] if isinstance(eos, int) else list(eos))

    def _encode(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def _chat(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> list[dict]:
        msgs = [m.to_chat() for m in messages]
        for i, m in enumerate(msgs):  # the runner keeps parsed calls next to the Hermes text
            if m.get("tool_calls") and "<tool_call>" in (m.get("content") or ""):
                msgs[i] = {k: v for k, v in m.items() if k != "tool_calls"}
        if tools and not self.native_tools:
            extra = tools_system_text(tools)
            if msgs and msgs[0]["role"] == "system":
                msgs[0] = {**msgs[0], "content": f"{msgs[0]['content']}\n\n{extra}"}
            else:
                msgs.insert(0, {"role": "system", "content": extra})
        return msgs

    def template_text(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
                      add_generation_prompt: bool = True) -> str:
        """The template's full rendering of a conversation, as text."""
        native = [t.to_openai() for t in tools] if tools and self.native_tools else None
        return self.tokenizer.apply_chat_template(
            self._chat(messages, tools), tools=native, tokenize=False,
            add_generation_prompt=add_generation_prompt, chat_template=self.chat_template)

    def _probe_base(self) -> list[Message]:
        return [Message(role="system", content="s"), Message(role="user", content="u"),
                Message(role="assistant", content=_PROBE)]

    def _after_assistant_content(self) -> str:
        text = self.template_text(self._probe_base(), add_generation_prompt=False)
        return text[text.index(_PROBE) + len(_PROBE):]

    # -- ChatRenderer

    def render_prompt(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Rendered:
        # memoised: a GRPO group's samples (and repeated observations, below) render the same
        # messages; the template and tokenizer cost ~0.3 ms a call, the key ~10 us a message
        def render() -> Rendered:
            text = self.template_text(messages, tools, add_generation_prompt=True)
            return Rendered(text=text, ids=tuple(self._encode(text)))

        return self._memo.get(("prompt", _key(messages), _key(tools)), render)

    def render_action(self, text: str) -> Rendered:
        ids = self._encode(text) + list(self.eot_ids)
        return Rendered(text=text + self.eot_text, ids=tuple(ids))

    def render_observation(self, messages: Sequence[Message], action_closed: bool) -> Rendered:
        return self._memo.get(("observation", _key(messages), action_closed),
                              lambda: self._render_observation(messages, action_closed))

    def _render_observation(self, messages: Sequence[Message], action_closed: bool) -> Rendered:
        full = self.template_text([*self._probe_base(), *messages], add_generation_prompt=True)
        delta = full[full.index(_PROBE) + len(_PROBE):]
        if not delta.startswith(self.eot_text):
            raise ValueError(f"template {self.name!r} does not end an assistant turn with "
                             f"{self.eot_text!r} before an observation; cannot render deltas")
        ids = [] if action_closed else list(self.eot_ids)
        ids += self._encode(delta[len(self.eot_text):])
        return Rendered(text=self.decode(ids), ids=tuple(ids))

    def closes_turn(self, ids: Sequence[int]) -> bool:
        return bool(ids) and ids[-1] in self.stop_token_ids

    def decode(self, ids: Sequence[int]) -> str:
        return self.tokenizer.decode(list(ids), skip_special_tokens=False)



def _key(items: Sequence[Message] | Sequence[ToolSpec]) -> tuple[str, ...]:
    return tuple(m.model_dump_json() for m in items)


class _Memo:
    """A thread-safe bounded LRU map of rendered results (the runner renders from threads)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple, Rendered] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, make: Callable[[], Rendered]) -> Rendered:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        with self._lock:
            self._items[key] = value
            if len(self._items) > self.size:
                self._items.popitem(last=False)
        return value


def rerender(traj: Trajectory, renderer: ChatRenderer) -> Trajectory:
    """The same conversation rendered with `renderer`: prompt (recorded messages and tools),
    each action encoded from its text, each observation as a delta, no sampling logprobs.

    This is only right for text that the model did not sample (scripted or other models'
    demonstrations): a model's own samples must keep their exact ids. The prompts of later
    contexts (`Trajectory.segments`) are rendered from their messages. Raises ValueError for a
    trajectory stored without its prompt messages."""
    if not traj.prompt:
        raise ValueError(f"trajectory {traj.id} has no recorded prompt messages (stored by an "
                         "older veriloop); roll the demonstrations out again")
    prompt = renderer.render_prompt(traj.prompt, traj.tools)
    turns = []
    for t in traj.turns:
        action = renderer.render_action(t.action_text)
        obs = Rendered(text="", ids=())
        if t.observation_ids:  # the runner renders an observation only when the episode goes on
            obs = renderer.render_observation(t.observation, renderer.closes_turn(action.ids))
        turns.append(t.model_copy(update={
            "action_ids": action.ids, "action_logprobs": None,
            "observation_text": obs.text, "observation_ids": obs.ids}))
    segments = []
    for s in traj.segments:
        rendered = renderer.render_prompt(s.prompt, traj.tools)
        segments.append(s.model_copy(update={"prompt_text": rendered.text,
                                             "prompt_ids": rendered.ids}))
    return traj.model_copy(update={"prompt_text": prompt.text, "prompt_ids": prompt.ids,
                                   "turns": tuple(turns), "segments": tuple(segments)})
