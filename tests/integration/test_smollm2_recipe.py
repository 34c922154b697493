"""The SmolLM2 tool-use recipe (`configs/smollm2_tools.yaml`), end to end: LoRA SFT and GRPO
on synthesized tool-use tasks, then BFCL's single-turn categories, which it never trained on,
with BFCL's own tools and under held-out tool variations, against the untouched model. Slow
(about an hour on 2 CPU cores; see README, "Real models and benchmarks")."""

from pathlib import Path

import pytest

pytest.importorskip("bfcl_eval")

from veriloop.policies import smollm2
from veriloop.run.quickstart import run_quickstart

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "smollm2_tools.yaml"


@pytest.mark.slow
@pytest.mark.timeout(7200)
@pytest.mark.skipif(not smollm2.available(), reason=smollm2.INSTALL_HINT)
def test_recipe_improves_held_out_bfcl(tmp_path):
    summary = run_quickstart(tmp_path, CONFIG, progress=False)
    print(summary["benchmarks"], summary["wall_time_s"])  # shown with -s
    for label in ("bfcl", "bfcl-held-out-variation"):
        table = summary["benchmarks"][label]
        assert table["all"]["rl"] >= table["all"]["base"] + 0.1, (label, table)
