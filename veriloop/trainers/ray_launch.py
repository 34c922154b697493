"""The trainer as a torch.distributed job on a Ray cluster (`veriloop train CONFIG --ray ADDRESS
--ray-trainers N`).

Ray places N `TrainerRank` actors (one CPU each, spread over the nodes when it can); each runs
`veriloop train` in a subprocess with the environment a torchrun launch gives (RANK, WORLD_SIZE,
LOCAL_RANK, MASTER_ADDR and MASTER_PORT of rank 0's node), so the ranks form the same gloo (CPU)
or nccl (GPU) group and train exactly as under `torchrun` (`veriloop.trainers.distributed`):
each rolls out a contiguous share of every step's tasks, the gradients are summed across ranks,
and rank 0 alone writes the run. The driver only launches and waits: it prints rank 0's output
and fails with the first failing rank's last error line. The run directory must be one path
that every node sees (a shared filesystem), as under torchrun on several nodes.

As under torchrun: kind `rl`, synchronous rollouts on the local engine, no rollout actors.
The ranks train as the config's `train.parallel` says (`ddp`, or `fsdp` shards). Not here:
restarting a rank that dies (the job
fails; `veriloop train --resume RUN --ray ADDRESS --ray-trainers N` continues it from its last
checkpoint).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from veriloop.errors import UserError
from veriloop.trainers.config import RunConfig, config_yaml


class TrainerRank:
    """One rank's process on a node (started with `ray.remote`)."""

    def address(self) -> tuple[str, int]:
        """This node's IP address and a free TCP port on it (rank 0: the group's rendezvous)."""
        import ray  # lazy: ray is optional (the `ray` extra)

        with socket.socket() as s:
            s.bind(("", 0))
            port = s.getsockname()[1]
        return ray.util.get_node_ip_address(), port

    def run(self, args: list[str], config_yaml: str | None, rank: int, world: int,
            master: tuple[str, int]) -> dict[str, Any]:
        """`veriloop train ARGS` as rank `rank` of `world` (`config_yaml`: the resolved config,
        written to a file that replaces the `{config}` argument); its exit code and output."""
        with tempfile.TemporaryDirectory(prefix="veriloop-rank-") as tmp:
            if config_yaml is not None:
                path = Path(tmp) / "config.yaml"
                path.write_text(config_yaml)
                args = [str(path) if a == "{config}" else a for a in args]
            env = {**os.environ, "RANK": str(rank), "LOCAL_RANK": "0", "WORLD_SIZE": str(world),
                   "LOCAL_WORLD_SIZE": "1", "MASTER_ADDR": master[0],
                   "MASTER_PORT": str(master[1])}
            proc = subprocess.run([sys.executable, "-m", "veriloop.cli", "train", *args],
                                  capture_output=True, text=True, env=env, check=False)
        return {"rank": rank, "returncode": proc.returncode, "stdout": proc.stdout,
                "stderr": proc.stderr[-5000:]}


def check(cfg: RunConfig, trainers: int, rollout_actors: bool) -> None:
    """What a Ray-launched torch.distributed job supports, as one-line errors."""
    if trainers < 2:
        raise UserError("--ray-trainers needs at least 2 ranks (one rank is a plain run: drop it)")
    if cfg.kind != "rl" or cfg.rollout.asynchronous or cfg.rollout.engine != "local":
        raise UserError("--ray-trainers trains kind: rl with synchronous rollouts on the local "
                        "engine (as torchrun does)")
    if rollout_actors:
        raise UserError("--ray-trainers ranks roll out their own shares; drop --ray-workers, "
                        "--ray-env-workers and --ray-grader-workers")


def launch(cfg: RunConfig, root: Path, trainers: int, json_out: bool, resume: bool) -> str:
    """Run the job on the cluster this process is connected to; rank 0's output."""
    import ray  # lazy: ray is optional (the `ray` extra)

    root = root.resolve()
    if cfg.init is not None:
        cfg = cfg.model_copy(update={"init": str(Path(cfg.init).resolve())})
    args = ["--resume", str(root)] if resume else ["{config}", "--run-dir", str(root)]
    text = None if resume else config_yaml(cfg)
    if json_out:
        args.append("--json")
    actor = ray.remote(num_cpus=1)(TrainerRank)
    ranks = [actor.options(scheduling_strategy="SPREAD").remote() for _ in range(trainers)]
    try:
        master = ray.get(ranks[0].address.remote())
        results = ray.get([r.run.remote(args, text, i, trainers, master)
                           for i, r in enumerate(ranks)])
    finally:
        for r in ranks:
            ray.kill(r, no_restart=True)
    for res in results:
        if res["returncode"] != 0:
            lines = [x for x in res["stderr"].strip().splitlines() if x.strip()]
            last = lines[-1] if lines else f"exit code {res['returncode']}"
            raise UserError(f"rank {res['rank']} of {trainers} failed: {last}")
    return results[0]["stdout"]
