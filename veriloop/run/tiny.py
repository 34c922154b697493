"""The embedded tiny model, built from environment text: the corpus its tokenizer is trained on
(`arithmetic` and `workspace` episodes played by their noisy experts) and the cached build that
`load_policy("tiny")` triggers on first use.

This sits in the build layer because it needs both floors below it: environments (to play the
corpus) and the policy backend (`veriloop.policies.tiny`: template, tokenizer, weights). The
policy registry (`veriloop.policy_specs`) declares the `tiny*` specs as this module's loaders.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from veriloop.envs import get_env
from veriloop.envs.arithmetic import ExpertPolicy
from veriloop.envs.base import Environment, expert_for
from veriloop.policies.cached_build import build_once
from veriloop.policies.loaders import hf_policy
from veriloop.policies.tiny import (
    DEFAULT_SIZE,
    DEFAULT_VOCAB,
    SIZES,
    is_built,
    render_text,
    save_tiny,
    tiny_dir,
)
from veriloop.policy import GenerationRequest, Policy, SamplingParams
from veriloop.types import Message, Task


def corpus(n_tasks: int = 3000, seed: int = 0, n_workspace: int = 600) -> list[str]:
    """Environment text for BPE training, laid out in the chat template: `arithmetic` prompts
    (both difficulty ranges), expert and noisy-expert actions, calculator results and
    format-error observations; and `workspace` episodes of its noisy expert over all levels
    (mail, files, sheets, calendar and chat text, tool signatures). The corpus depends only on
    `seed` (and the environments' code)."""
    env = get_env("arithmetic")
    expert = ExpertPolicy(noise=0.5, format_share=0.5, recovery=0.5, seed=seed)
    texts = episode_texts(env, expert, env.tasks(n_tasks, seed=seed, split="train"))
    if n_workspace:
        ws = get_env("workspace", tool_scope="task", fault_rate=0.1)
        texts += episode_texts(ws, expert_for(ws, noise=0.5, seed=seed),
                               ws.tasks(n_workspace, seed=seed, split="train"))
    return texts


def episode_texts(env: Environment, expert: Policy, tasks: list[Task]) -> list[str]:
    """Each task played by `expert` in `env`, rendered with the chat template."""
    texts: list[str] = []
    for i, task in enumerate(tasks):
        episode = env.reset(task)
        tools = [t.to_openai() for t in episode.tools]
        messages = list(task.prompt)
        for _ in range(env.max_turns):
            req = GenerationRequest(prompt_ids=(), messages=tuple(messages), task=task,
                                    sample_index=i % 3)
            action = expert.generate([req], SamplingParams())[0].text
            messages.append(Message(role="assistant", content=action))
            obs = episode.step(messages[-1])
            messages.extend(obs.messages)
            if obs.done:
                break
        episode.close()
        texts.append(render_text([m.to_chat() for m in messages], tools))
    return texts




def build_tiny(out_dir: str | Path, size: str = DEFAULT_SIZE, seed: int = 0,
               vocab_size: int = DEFAULT_VOCAB, n_corpus_tasks: int = 3000) -> Path:
    """Play the corpus, train the tokenizer, initialise the model from `seed`, save both to
    `out_dir`."""
    if size not in SIZES:
        raise ValueError(f"unknown tiny size {size!r}; known: {', '.join(SIZES)}")
    return save_tiny(out_dir, corpus(n_corpus_tasks, seed=seed), size=size, seed=seed,
                     vocab_size=vocab_size, n_corpus_tasks=n_corpus_tasks)


def ensure_tiny(size: str = DEFAULT_SIZE, seed: int = 0, vocab_size: int = DEFAULT_VOCAB,
                rebuild: bool = False) -> Path:
    """The cached tiny model directory, built on first use, once, under a file lock and
    atomically: concurrent callers wait for one build and never see a half-written directory."""
    def build(tmp: Path) -> None:
        build_tiny(tmp, size=size, seed=seed, vocab_size=vocab_size)

    return build_once(tiny_dir(size, seed, vocab_size), is_built, build, rebuild=rebuild)


def load_tiny(target: str = "", size: str | None = None, seed: int = 0,
              vocab_size: int = DEFAULT_VOCAB, **options: Any) -> Policy:
    """The embedded tiny model (options: size, seed, vocab_size).

    Built once into $VERILOOP_HOME/models and reused."""
    size = size or target or DEFAULT_SIZE
    if size not in SIZES:
        raise ValueError(f"unknown tiny size {size!r}; known: {', '.join(SIZES)}")
    path = ensure_tiny(size, seed=int(seed), vocab_size=int(vocab_size))
    return hf_policy(path, f"tiny-{size}", **options)


def _tiny_sized(size: str) -> Any:
    def load(target: str = "", **options: Any) -> Policy:
        options.setdefault("size", size)  # an explicit size option wins, as it always did
        return load_tiny(target, **options)

    load.__doc__ = f"The embedded tiny model at size {size} (tiny with size={size})."
    return load


load_tiny_xs = _tiny_sized("xs")
load_tiny_s = _tiny_sized("s")
load_tiny_m = _tiny_sized("m")
load_tiny_l = _tiny_sized("l")
