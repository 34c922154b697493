"""The embedded tiny model: a byte-level BPE tokenizer trained on environment text, a chat
template with system / user / assistant / tool roles and Hermes tool calls, and a small
Llama-architecture model with random weights, saved as a normal Hugging Face directory.

Everything is deterministic from `(size, seed, vocab_size)`: the tokenizer corpus is a fixed
number of `arithmetic` tasks and scripted (noisy-expert) episodes, BPE training is
deterministic, and the weights come from a seeded `torch.Generator`. Loading the directory
needs `transformers` only:

    AutoModelForCausalLM.from_pretrained(path); AutoTokenizer.from_pretrained(path)

Chat layout (every boundary is a special token, so incremental rendering is token-exact):

    <|system|>{system}\\n\\nYou can call these tools:\\nname(arg: type, opt: type=default) summary...<|end|>
    <|user|>{text}<|end|><|assistant|>{text}<|end|><|tool|>{result}<|end|><|assistant|>

Tools are listed one line each as a signature and the tool's summary rather than as JSON
schemas: a small model reads every token of the prompt, and the schema's keys, argument
descriptions and quoting cost more tokens than everything else in a short task's prompt.
`<|end|>` is the end-of-turn token and the model's EOS. Unlike ChatML there is no newline after
the role or the end marker: a tiny model should not spend capacity on formatting tokens.

Building needs environment text, which this floor cannot import: `veriloop.run.tiny` plays the
corpus and calls `save_tiny`; `load_policy("tiny")` (through that module) builds the model once into `$VERILOOP_HOME/models/tiny-<size>-s<seed>`
(`VERILOOP_HOME` defaults to `~/.cache/veriloop`) and reuses it afterwards.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, trainers

SPECIAL_TOKENS = ("<|end|>", "<|system|>", "<|user|>", "<|assistant|>", "<|tool|>", "<|pad|>")
# Tags of the Hermes format get one (non-special, kept when decoding) token each.
TAG_TOKENS = ("<tool_call>", "</tool_call>", "<answer>", "</answer>")
EOT = "<|end|>"
PAD = "<|pad|>"
FORMAT_VERSION = 4  # bump when the corpus, template or architecture recipe changes (v4: the
# workspace episodes of the corpus changed; tests/policies/test_tiny_corpus.py catches that)

CHAT_TEMPLATE = (
    "{%- set sys = messages[0].content if messages and messages[0].role == 'system' else none -%}"
    "{%- if tools -%}"
    "<|system|>{% if sys is not none %}{{ sys + '\\n\\n' }}{% endif %}You can call these tools:"
    "{% for t in tools %}{%- set f = t.function if t.function is defined else t -%}"
    "{%- set props = f.parameters.properties if f.parameters is defined and "
    "f.parameters.properties is defined else {} -%}"
    "{{ '\\n' }}{{ f.name }}("
    "{%- for k, p in props.items() -%}{{ ', ' if not loop.first }}{{ k }}: "
    "{{- p.enum | join('|') if p.enum is defined else (p.type if p.type is defined else 'any') }}"
    "{{- '|null' if p.nullable }}"
    "{%- if p.default is defined %}={{ p.default | tojson }}{% endif -%}"
    "{%- endfor -%}) {{ f.description }}"
    "{% endfor %}<|end|>"
    "{%- elif sys is not none -%}<|system|>{{ sys }}<|end|>{%- endif -%}"
    "{%- for m in messages -%}"
    "{%- if not (loop.first and m.role == 'system') -%}"
    "<|{{ m.role }}|>{{ m.content if m.content is not none else '' }}"
    "{%- if m.tool_calls -%}{%- for c in m.tool_calls -%}"
    "<tool_call>{{ {'name': c.function.name, 'arguments': c.function.arguments} | tojson }}"
    "</tool_call>{%- endfor -%}{%- endif -%}<|end|>"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}<|assistant|>{%- endif -%}"
)


@dataclass(frozen=True)
class TinySize:
    hidden: int
    layers: int
    heads: int
    kv_heads: int
    intermediate: int


# Parameter counts below are with the default 1024-token vocabulary (tied embeddings).
SIZES: dict[str, TinySize] = {
    "xs": TinySize(hidden=64, layers=2, heads=4, kv_heads=2, intermediate=176),  # ~0.17M, tests
    "s": TinySize(hidden=128, layers=4, heads=4, kv_heads=2, intermediate=352),  # ~0.8M, default
    "m": TinySize(hidden=192, layers=6, heads=6, kv_heads=2, intermediate=512),  # ~2.5M
    "l": TinySize(hidden=320, layers=8, heads=8, kv_heads=4, intermediate=864),  # ~8.4M
}
DEFAULT_SIZE = "s"
DEFAULT_VOCAB = 1024
MAX_POSITIONS = 16384  # RoPE: no position weights; repo and workspace episodes pass 2048


def veriloop_home() -> Path:
    return Path(os.environ.get("VERILOOP_HOME") or Path.home() / ".cache" / "veriloop")


def tiny_dir(size: str = DEFAULT_SIZE, seed: int = 0, vocab_size: int = DEFAULT_VOCAB) -> Path:
    suffix = "" if vocab_size == DEFAULT_VOCAB else f"-v{vocab_size}"
    return veriloop_home() / "models" / f"tiny-{size}-s{seed}{suffix}"


def render_text(messages: list[dict], tools: list[dict] | None,
                add_generation_prompt: bool = False) -> str:
    """The chat template applied with plain Jinja (what `apply_chat_template` computes)."""
    # lazy: transformers takes 2-3 s to import; only rendering and building needs it
    from transformers.utils.chat_template_utils import render_jinja_template

    rendered, _ = render_jinja_template(conversations=[messages], tools=tools or None,
                                        chat_template=CHAT_TEMPLATE,
                                        add_generation_prompt=add_generation_prompt)
    return rendered[0]


def train_tokenizer(texts: list[str], vocab_size: int = DEFAULT_VOCAB):
    """Byte-level BPE (GPT-2 pre-tokenization) with the chat special tokens; every byte is in
    the base alphabet, so any text encodes."""
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size - len(TAG_TOKENS), special_tokens=list(SPECIAL_TOKENS), show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), min_frequency=2)
    tok.train_from_iterator(texts, trainer=trainer)
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in TAG_TOKENS])
    return tok


# ---------------------------------------------------------------------------------- build

def save_tiny(out_dir: str | Path, texts: list[str], size: str = DEFAULT_SIZE, seed: int = 0,
              vocab_size: int = DEFAULT_VOCAB, n_corpus_tasks: int = 3000) -> Path:
    """Train the tokenizer on `texts` (the corpus of `n_corpus_tasks` environment episodes
    that `veriloop.run.tiny.corpus` plays), initialise the model from `seed`, save both to
    `out_dir`."""
    # lazy: 2-5 s; `veriloop.policies` imports this module, and listings must not pay it
    import torch
    from transformers import (
        GenerationConfig,
        LlamaConfig,
        LlamaForCausalLM,
        PreTrainedTokenizerFast,
    )

    if size not in SIZES:
        raise ValueError(f"unknown tiny size {size!r}; known: {', '.join(SIZES)}")
    if vocab_size < 300:
        raise ValueError(f"vocab_size must be at least 300 (256 bytes + specials), got {vocab_size}")
    spec = SIZES[size]
    out = Path(out_dir)
    backend = train_tokenizer(texts, vocab_size)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=backend, eos_token=EOT, pad_token=PAD, bos_token=None,
        additional_special_tokens=[t for t in SPECIAL_TOKENS if t not in (EOT, PAD)],
        model_max_length=MAX_POSITIONS, padding_side="left", clean_up_tokenization_spaces=False)
    tokenizer.chat_template = CHAT_TEMPLATE

    config = LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=spec.hidden, num_hidden_layers=spec.layers,
        num_attention_heads=spec.heads, num_key_value_heads=spec.kv_heads,
        intermediate_size=spec.intermediate, max_position_embeddings=MAX_POSITIONS,
        rope_theta=10000.0, rms_norm_eps=1e-5, tie_word_embeddings=True, hidden_act="silu",
        eos_token_id=tokenizer.convert_tokens_to_ids(EOT),
        pad_token_id=tokenizer.convert_tokens_to_ids(PAD), bos_token_id=None,
        initializer_range=0.02, attention_bias=False, mlp_bias=False)
    devnull_state = torch.random.get_rng_state()
    try:
        torch.manual_seed(seed)  # HF initialises weights from the global generator
        model = LlamaForCausalLM(config)
    finally:
        torch.random.set_rng_state(devnull_state)
    model.generation_config = GenerationConfig(
        eos_token_id=config.eos_token_id, pad_token_id=config.pad_token_id, do_sample=False)

    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    meta = {"format_version": FORMAT_VERSION, "size": size, "seed": seed,
            "vocab_size": vocab_size, "corpus_tasks": n_corpus_tasks, **asdict(spec),
            "parameters": sum(p.numel() for p in model.parameters())}
    (out / "veriloop_tiny.json").write_text(json.dumps(meta, indent=2))
    return out


def is_built(path: Path) -> bool:
    meta = path / "veriloop_tiny.json"
    return meta.exists() and json.loads(meta.read_text()).get("format_version") == FORMAT_VERSION
