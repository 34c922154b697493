"""The README's environment example, taken from README.md itself, in one unpackaged file: rolled
out with its expert, SFT'd on the expert's demonstrations and RL-trained, all from the CLI."""

import json
import re
import subprocess
import sys
from pathlib import Path

from veriloop.data.store import TrajectoryStore

ROOT = Path(__file__).resolve().parents[2]
TINY = ["model.size=xs", "train.threads=1"]


def readme_environment() -> str:
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Writing an environment"):]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def veriloop(cwd, *args):
    proc = subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_readme_environment_rolls_out_sfts_and_trains_from_the_cli(tmp_path):
    (tmp_path / "my_envs.py").write_text(readme_environment())
    summary = json.loads(veriloop(tmp_path, "rollout", "--env-module", "my_envs.py", "--env",
                                  "population", "--policy", "expert", "--tasks", "4", "--json",
                                  "--out", "rollout"))
    assert summary["success_rate"] == 1.0 and summary["trajectories"] == 4
    with TrajectoryStore(tmp_path / "rollout" / "trajectories.sqlite") as store:
        traj = store.query(limit=1)[0]
    # the prompt states the calling convention and the answer syntax before the first action
    assert '<tool_call>{"name": "TOOL"' in traj.prompt_text and "<answer>" in traj.prompt_text
    assert traj.format_violations == 0

    env = "env.name=my_envs.py:PopulationEnv"
    veriloop(tmp_path, "train", str(ROOT / "configs" / "sft.yaml"), env, *TINY,
             "sft.demo_noise=0", "sft.demos=16", "sft.epochs=3", "sft.batch_tokens=1024",
             "sft.warmup_steps=1", "env.eval_tasks=2", "--run-dir", "sft")
    sft_rows = [json.loads(x) for x in (tmp_path / "sft" / "metrics.jsonl").read_text().splitlines()]
    sft_rows = [r for r in sft_rows if "loss" in r]  # (not the held-out evaluation at step 0)
    assert sft_rows[-1]["loss"] < sft_rows[0]["loss"]
    veriloop(tmp_path, "train", str(ROOT / "configs" / "grpo.yaml"), env, *TINY, "init=sft",
             "train.steps=2", "rollout.prompts_per_step=2", "rollout.group_size=2",
             "optim.minibatch_size=4", "optim.micro_batch_size=4", "env.train_tasks=4",
             "env.eval_tasks=2", "--run-dir", "rl")
    rl_rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text().splitlines()]
    assert [r["step"] for r in rl_rows if "loss" in r][-1] == 2
    assert (tmp_path / "rl" / "final" / "config.json").exists()
