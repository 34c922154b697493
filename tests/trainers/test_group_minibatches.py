"""The update's minibatches hold whole groups: a group's samples share their prompt, and a
micro-batch lays a shared prompt out once, so a minibatch that mixed samples of many groups
laid each prompt out once per sample. Regression: BFCL's recipe v4 (two minibatches of 16 out
of 4 groups of 8) shuffled single samples and its update took 111-117 s a step instead of ~45."""

from pathlib import Path

import torch

from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.batch import TrainBatch
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _batch(sequences, masks) -> TrainBatch:
    B, L = len(sequences), max(map(len, sequences))
    return TrainBatch(sequences, masks, torch.zeros(B), torch.zeros(B, L))


def test_prompt_blocks_are_runs_of_one_prompt():
    # prompts [1, 2] x2, [1, 3] x1, [1, 2] again (a later group with the same prompt: a new run)
    seqs = [[1, 2, 7, 8], [1, 2, 9], [1, 3, 7], [1, 2, 5, 6]]
    masks = [[0, 0, 1, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1, 1]]
    assert _batch(seqs, masks).prompt_blocks() == [[0, 1], [2], [3]]
    # the prompt ends at the first policy token: a shared start inside answers does not join
    seqs = [[4, 5, 6], [4, 5, 6], [4, 6, 6]]
    masks = [[0, 1, 1], [0, 0, 1], [0, 1, 1]]
    assert _batch(seqs, masks).prompt_blocks() == [[0], [1], [2]]


def test_each_minibatch_is_whole_groups(tmp_path, tiny):
    cfg = load_config(CONFIGS / "grpo.yaml", [
        *tiny, "rollout.prompts_per_step=4", "optim.minibatch_size=8",
        "optim.micro_batch_size=8", "optim.epochs=2", "algorithm.kl_coef=0"])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    groups, _, _ = t.rollout(1)
    t.model.train()
    batch = t.make_batch(groups)
    blocks = batch.prompt_blocks()
    assert len(batch) == 16 and [len(b) for b in blocks] == [4, 4, 4, 4]
    seen: list[list[int]] = []
    real = t.batches.micro_batches

    def record(b, mb, *args, **kwargs):
        seen.append(list(mb))
        return real(b, mb, *args, **kwargs)

    t.batches.micro_batches = record
    t.update(batch, 1)
    assert len(seen) == 4  # 2 epochs x 2 minibatches
    for mb in seen:
        assert len(mb) == 8 and sorted(mb) == mb
        assert sorted(mb) == sorted(i for b in blocks if b[0] in mb for i in b)
