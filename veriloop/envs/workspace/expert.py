"""Scripted demonstrator for the workspace: follows the task's plan, one tool call per turn.

Each message states the intent in a short sentence, then makes the call (Hermes format); the
plan already holds the clarifying question on ambiguous tasks and a request_confirmation before
each high-impact call. After an injected fault (an "Error 429" or "Error 5xx" observation) it
repeats the same call. Ids the tools create (drafts, new sheets) are read from the result of the
step that created them (`"save"` in the plan) and filled in where the plan says `"$name"`.

Asked for a summary (`veriloop.rendering.SUMMARY_REQUEST`, rollouts with
`context: summarize`), it writes one a person could also follow: how many plan steps are done,
the ids saved so far, and the calls made with their id arguments. After a summary replaced the
history it resumes from that summary's step count and saved ids, so its summaries are
demonstrations of the summaries a trained policy must write.

Noisy variants (`noise` = the share of episodes that get one, chosen per episode from the seed
and the task id): a wrong id and then the right call (recovery from a 404), a skipped
confirmation, a forgotten sub-goal (the last action is dropped), a redundant extra call.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Sequence
from typing import Any

from veriloop.envs.workspace.tasks.plan import CREATES
from veriloop.formats import HermesFormat
from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import SUMMARY_HEADER, SUMMARY_REQUEST, ByteRenderer
from veriloop.types import Message, Task, ToolCall

FAULT = re.compile(r"^\s*(?:Error: \w+: )?Error (429|5\d\d)\b")
STEPS_DONE = re.compile(r"^Steps done: (\d+)$", re.MULTILINE)
SAVED = re.compile(r"^Saved: (.*)$", re.MULTILINE)
CALLS = re.compile(r"^Calls: (.*)$", re.MULTILINE)
NOISES = ("wrong_argument", "skip_confirmation", "forget_subgoal", "redundant_call")
ID_ARGS = {"email_id": "e9999", "sheet_id": "f9999", "file_id": "f9999"}
INTENT = {
    "search_emails": "I will search the mail.",
    "read_email": "I will open email {email_id}.",
    "create_mail_folder": "I will create the folder {name}.",
    "move_emails": "I will move {n} emails to {folder}.",
    "draft_email": "I will draft the email first.",
    "send_email": "You confirmed, so I will send it.",
    "forward_email": "I will draft the forward.",
    "delete_emails": "I will move {n} emails to the trash, not delete them permanently.",
    "search_files": "I will look for the file.",
    "read_file": "I will read the file.",
    "read_sheet": "I will read the sheet.",
    "write_cells": "I will write the cells now.",
    "create_sheet": "I will create the sheet {name}.",
    "create_document": "I will create the doc {name}.",
    "update_document": "I will update the doc now.",
    "share_file": "I will share it with {email} as {role}.",
    "list_events": "I will check the calendar.",
    "free_busy": "I will check when everyone is free.",
    "create_event": "I will book '{title}' now.",
    "update_event": "I will move the event now.",
    "post_message": "I will post it in #{channel}.",
    "send_direct_message": "I will message {to} directly.",
    "ask_user": "The request is ambiguous, so I will ask.",
    "request_confirmation": "I need your confirmation before I continue.",
}


def intent(tool: str, arguments: dict[str, Any]) -> str:
    """A short sentence (at least four words) saying what the call is about to do."""
    fields = {**arguments, "n": len(arguments.get("email_ids", []))}
    try:
        return INTENT[tool].format(**fields)
    except (KeyError, IndexError):
        return f"I will call {tool} now."


def noisy_script(plan: list[dict[str, Any]], variant: str) -> list[dict[str, Any]]:
    """`plan` changed by one noise variant (see the module docstring)."""
    steps = copy.deepcopy(plan[:-1])
    calls = [i for i, s in enumerate(steps) if s["tool"] not in ("ask_user",)]
    if variant == "wrong_argument":
        for i, s in enumerate(steps):
            key = next((k for k in ID_ARGS if k in s["arguments"]), None)
            if key:
                steps.insert(i, {**s, "arguments": {**s["arguments"], key: ID_ARGS[key]},
                                 "save": None})
                return [*steps, plan[-1]]
        variant = "redundant_call"
    if variant == "skip_confirmation":
        confirm = [i for i, s in enumerate(steps) if s["tool"] == "request_confirmation"]
        if confirm:
            del steps[confirm[0]]
            return [*steps, plan[-1]]
        variant = "forget_subgoal"
    if variant == "forget_subgoal" and calls:
        del steps[calls[-1]]
        return [*steps, plan[-1]]
    reads = [i for i, s in enumerate(steps) if s["tool"].startswith(("search_", "list_"))]
    extra = ({**steps[reads[0]], "save": None} if reads
             else {"tool": "list_mail_folders", "arguments": {}})
    steps.insert(reads[0] + 1 if reads else 0, extra)
    return [*steps, plan[-1]]


def _resolve(value: Any, saved: dict[str, str]) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        return saved.get(value[1:], value)
    if isinstance(value, dict):
        return {k: _resolve(v, saved) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, saved) for v in value]
    return value


class WorkspaceExpert:
    """The workspace's scripted expert (noise 0 solves every task) and its noisy variants."""

    scripted = True  # a scripted demonstrator: no context window, no sampling

    name = "workspace-expert"

    def __init__(self, noise: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        self.noise, self.seed = noise, seed
        self.renderer = ByteRenderer()
        self._fmt = HermesFormat()

    def script(self, task: Task) -> list[dict[str, Any]]:
        """The steps this expert takes on `task`: its plan, or a noisy variant of it."""
        plan = task.verification["plan"]
        rng = random.Random(f"workspace-expert:{self.seed}:{task.id}")
        if self.noise and rng.random() < self.noise:
            return noisy_script(plan, rng.choice(NOISES))
        return plan

    def progress(self, task: Task, messages: Sequence[Message]
                 ) -> tuple[int, dict[str, str], bool]:
        """(plan steps done, ids saved from results, whether the last call hit a fault), read
        from the conversation (and from a summary of its earlier part, if one replaced it)."""
        script = self.script(task)
        pos, saved, retry = 0, {}, False
        for i, m in enumerate(messages):
            if m.role == "user" and m.content.startswith(SUMMARY_HEADER):
                done, kept = STEPS_DONE.search(m.content), SAVED.search(m.content)
                pos, retry = int(done[1]) if done else 0, False
                pairs = (p.split("=", 1) for p in (kept[1].split() if kept else ()))
                saved = {k: v for k, v in pairs}
            if m.role != "assistant" or pos >= len(script):
                continue
            result = next((r.content for r in messages[i + 1:i + 2] if r.role == "tool"), "")
            if FAULT.match(result):
                retry = True
                continue
            retry, step = False, script[pos]
            if step.get("save"):
                prefix = CREATES.get(step["tool"], "[a-z]{1,2}")
                found = re.search(rf"\b{prefix}\d{{4,}}\b", result)
                if found:
                    saved[step["save"]] = found[0]
            pos += 1
        return pos, saved, retry

    def summary(self, task: Task, messages: Sequence[Message]) -> str:
        """The expert's answer to a summary request: what a resumed expert needs, and the
        calls made so far with their id arguments (the facts a model would have to keep)."""
        pos, saved, _ = self.progress(task, messages)
        calls = [c for m in messages if m.role == "assistant" for c in m.tool_calls]
        earlier = [found[1] for m in messages if m.role == "user"
                   and m.content.startswith(SUMMARY_HEADER) and (found := CALLS.search(m.content))]
        done = earlier + [c.name + "".join(f" {v}" for k, v in sorted(c.arguments.items())
                                 if k.endswith("_id") and isinstance(v, str)) for c in calls]
        lines = [f"Steps done: {pos}",
                 f"Saved: {' '.join(f'{k}={v}' for k, v in sorted(saved.items()))}"]
        return "\n".join([*lines, *(["Calls: " + "; ".join(done)] if done else [])])

    def act(self, task: Task, messages: Sequence[Message]) -> str:
        if messages and messages[-1].role == "user" and messages[-1].content == SUMMARY_REQUEST:
            return self.summary(task, messages)
        script = self.script(task)
        pos, saved, retry = self.progress(task, messages)
        if pos >= len(script) - 1:
            return self._fmt.render_answer(script[-1]["answer"])
        step = script[pos]
        arguments = _resolve(step["arguments"], saved)
        prose = ("That failed on the server side, so I will retry the same call." if retry
                 else intent(step["tool"], arguments))
        return f"{prose}\n{self._fmt.render_call(ToolCall(name=step['tool'], arguments=arguments))}"

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        out = []
        for r in requests:
            if r.task is None:
                raise ValueError("the workspace expert needs GenerationRequest.task")
            out.append(Generation(text=self.act(r.task, r.messages)))
        return out

    def release(self, key: str) -> None:
        pass
