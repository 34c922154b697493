"""A small run for the viewer tests: arithmetic episodes (the expert's calculator call, then a
right or, on odd samples, a wrong answer) over two steps, flags on some grades, one
infrastructure fault, and metrics.jsonl."""

import json

from veriloop.data.store import TrajectoryStore
from veriloop.envs import get_env
from veriloop.policies.base import Generation
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.types import Fault, FaultKind


class HalfWrong:
    """The expert, except that odd samples answer -1 after their calculator call."""

    name = "half-wrong"

    def __init__(self, env):
        self.expert = env.expert(0.0)
        self.renderer = self.expert.renderer

    def generate(self, requests, params):
        out = []
        for r, g in zip(requests, self.expert.generate(requests, params), strict=True):
            text = "<answer>-1</answer>" if r.sample_index % 2 and "<answer>" in g.text \
                else g.text
            ids = self.renderer.render_action(text).ids
            out.append(Generation(text=text, token_ids=ids, logprobs=(-0.2,) * len(ids)))
        return out

    def release(self, key):
        pass


def make_run(run_dir):
    env = get_env("arithmetic")
    runner = RolloutRunner(env, HalfWrong(env), RolloutConfig(group_size=2, seed=0,
                                                              run_id="viewer-test"))
    with TrajectoryStore(run_dir / "trajectories.sqlite") as store:
        for step in (1, 2):
            trajs = runner.run(env.tasks(3, seed=step))
            trajs[0] = trajs[0].model_copy(update={"grade": trajs[0].grade.model_copy(
                update={"flags": ("tamper: wrote the answer file",)})})
            if step == 2:
                trajs[1] = trajs[1].model_copy(update={"fault": Fault(
                    kind=FaultKind.ENV_TIMEOUT, reason="step hung for 60s")})
            store.append_many(trajs, step=step)
    (run_dir / "metrics.jsonl").write_text("".join(
        json.dumps({"step": s, "reward/mean": 0.1 * s, "loss": 1.0 / s}) + "\n"
        for s in range(1, 6)))
    return run_dir
