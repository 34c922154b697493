"""`veriloop quickstart --json` end to end (shrunk by overrides), and SFT's loss masking."""

import json
import os
import subprocess
import sys
from pathlib import Path

import torch

VERILOOP = str(Path(sys.executable).with_name("veriloop"))
SMALL = ["model.size=xs", "sft.demos=40", "sft.epochs=1", "sft.batch_tokens=2048",
         "env.train_tasks=8", "env.eval_tasks=4", "env.max_turns=2", "rollout.prompts_per_step=2",
         "rollout.group_size=4", "rollout.max_new_tokens=12", "rollout.eval_samples=2",
         "optim.minibatch_size=8", "optim.micro_batch_size=8", "train.steps=2",
         "train.save_every=1", "train.threads=1"]


def test_quickstart_json_summary_and_run_dir(tmp_path):
    run = tmp_path / "qs"
    out = subprocess.run([VERILOOP, "quickstart", "--json", "--run-dir", str(run), *SMALL],
                         capture_output=True, text=True, check=False,
                         env={**os.environ, "OMP_NUM_THREADS": "1"}, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    for key in ("sft_heldout_pass@1", "rl_heldout_pass@1", "wall_time_s"):
        assert key in summary
    assert 0.0 <= summary["sft_heldout_pass@1"] <= 1.0 and summary["rl_steps"] == 2
    assert set(summary["rl_heldout_pass@k"]) == {"pass@1", "pass@2"}
    html = (run / "report.html").read_text()
    assert html.count("data:image/png;base64,") >= 4 and "held-out pass@1 after RL" in html
    for p in ("sft/config.yaml", "sft/metrics.jsonl", "sft/trajectories.sqlite", "sft/final",
              "rl/config.yaml", "rl/metrics.jsonl", "rl/trajectories.sqlite", "rl/tb",
              "rl/checkpoints/step-000002", "summary.json"):
        assert (run / p).exists(), p
    assert len((run / "rl" / "metrics.jsonl").read_text().splitlines()) == 2


def test_sft_loss_ignores_prompt_and_tool_tokens(tmp_path):
    """Changing tokens under a 0 loss mask as *targets* does not change the SFT loss terms."""
    from veriloop.run.config import load_config
    from veriloop.trainers.batch import forward_logprobs, pack
    from veriloop.trainers.common import policy_from_config

    cfg = load_config(None, ["model.size=xs"])
    model = policy_from_config(cfg.model).model
    seq = [5, 6, 7, 8, 9, 10, 11, 12]
    mask = [0, 0, 0, 1, 1, 0, 0, 1]  # prompt, action, tool output, action
    packed = pack([seq], [mask])
    lp = forward_logprobs(model, packed).logprobs
    loss = -(lp * packed.loss_mask).sum() / packed.loss_mask.sum()
    expected = -(lp[0, 2] + lp[0, 3] + lp[0, 6]) / 3  # targets 8, 9, 12
    torch.testing.assert_close(loss, expected)
