"""On-policy distillation inside the RL trainer (`algorithm.distill_teacher`): the batch's
advantages gain the teacher's per-token term, computed here directly from the teacher's own
forward; a teacher identical to the student adds nothing; a server teacher (`veriloop serve`'s
scoring endpoint, as vLLM's) gives the same log-probs as the local one; a teacher with another
tokenizer is refused; training with a teacher pulls the student towards it."""

from __future__ import annotations

import threading

import openai
import pytest
import torch
from test_signal_control import _trainer  # the grpo.yaml trainer on the tiny model

from veriloop.errors import ConfigError
from veriloop.policies.sampler import sequence_logprobs
from veriloop.policies.serve import make_server
from veriloop.policy_specs import load_policy
from veriloop.run.tiny import ensure_tiny
from veriloop.trainers.common import save_model
from veriloop.trainers.teacher import ServerTeacher, build_teacher
from veriloop.types import Message

WIDER = ["rollout.group_size=8", "rollout.prompts_per_step=4", "optim.minibatch_size=32",
         "optim.micro_batch_size=32"]  # 32 samples a step: a steadier per-token estimate


def _batch(t, step=1):
    groups = t.reward(t.rollout(step).groups)
    return t.make_batch(groups)


def test_advantages_gain_the_teachers_term(tmp_path, tiny):
    teacher_dir = ensure_tiny("s", seed=0)  # another model, the same tokenizer
    w = 0.5
    t = _trainer(tmp_path / "run", tiny, [f"algorithm.distill_teacher={teacher_dir}",
                                          f"algorithm.distill_weight={w}"])
    plain = _trainer(tmp_path / "plain", tiny)
    batch, base = _batch(t), _batch(plain)  # the same seeds: the same rollouts
    assert batch.sequences == base.sequences
    assert batch.advantages.dim() == 2 and base.advantages.dim() == 1
    teacher = load_policy(str(teacher_dir), dtype="float32").model.eval()
    mask = batch.loss_mask
    for b, seq in enumerate(batch.sequences):
        with torch.no_grad():  # the teacher's own forward, one unpacked sequence
            lp = sequence_logprobs(teacher, torch.tensor([seq]))[0]  # [n-1]
        n = len(lp)
        want = (base.advantages[b] + w * (lp - batch.old_logprobs[b, :n])) * mask[b, :n]
        assert torch.allclose(batch.advantages[b, :n], want, atol=1e-4)
        assert not batch.advantages[b, n:].any()
    kl = float(((batch.old_logprobs - torch.stack([
        torch.nn.functional.pad(sequence_logprobs(teacher, torch.tensor([s]))[0].detach(),
                                (0, batch.old_logprobs.shape[1] - len(s) + 1))
        for s in batch.sequences])) * mask).sum() / mask.sum())
    assert batch.stats["distill_reverse_kl"] == pytest.approx(kl, abs=1e-4)
    assert kl > 0.01  # two different untrained (near-uniform) models still disagree
    t.close()
    plain.close()


def test_the_student_as_its_own_teacher_adds_nothing(tmp_path, tiny):
    # grpo.yaml samples at temperature 1 and the decode is float32: the sampling log-probs are
    # the teacher's (the same weights) to float rounding
    student = ensure_tiny("xs", seed=0)
    t = _trainer(tmp_path / "self", tiny, [f"algorithm.distill_teacher={student}"])
    batch = _batch(t)
    assert abs(batch.stats["distill_reverse_kl"]) < 1e-3
    t.close()


def test_a_teacher_with_another_tokenizer_is_refused(tmp_path, tiny):
    other = ensure_tiny("xs", seed=1)  # its tokenizer is trained on a reshuffled corpus
    with pytest.raises(ConfigError, match="another tokenizer"):
        _trainer(tmp_path / "bad", tiny, [f"algorithm.distill_teacher={other}"])
    with pytest.raises(ConfigError, match="algorithm.distill_teacher: .*no such directory"):
        _trainer(tmp_path / "missing", tiny, [f"algorithm.distill_teacher={tmp_path}/none"])


@pytest.fixture(scope="module")
def served():
    policy = load_policy(str(ensure_tiny("s", seed=0)), dtype="float32")
    server = make_server(policy, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield policy, f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_server_teacher_scores_as_the_local_model(served):
    policy, url = served
    ids = list(policy.renderer.render_prompt(
        (Message(role="user", content="Ava has 3 pens and buys 4 more."),), ()).ids)
    teacher = build_teacher(f"openai:{url}#{policy.name}", policy.tokenizer)
    assert isinstance(teacher, ServerTeacher)
    got = teacher.score(ids)
    with torch.no_grad():
        want = sequence_logprobs(policy.model, torch.tensor([ids]))[0].tolist()
    assert len(got) == len(ids) - 1 and max(map(abs, (a - b for a, b in zip(
        got, want, strict=True)))) < 1e-4
    # the official client reads the same answer (legacy completions, echo, no generation)
    r = openai.OpenAI(base_url=url, api_key="none", max_retries=0).completions.create(
        model=policy.name, prompt=ids, echo=True, max_tokens=0, logprobs=0)
    assert r.choices[0].logprobs.token_logprobs[0] is None
    assert r.choices[0].logprobs.token_logprobs[1:] == pytest.approx(got, abs=1e-6)


@pytest.mark.parametrize("body, message", [
    ({"prompt": "text", "echo": True, "max_tokens": 0}, "list of token ids"),
    ({"prompt": [1, 2], "max_tokens": 0}, "only scores tokens"),
    ({"prompt": [1, 2], "echo": True, "max_tokens": 5}, "only scores tokens"),
    ({"prompt": [1, 10**9], "echo": True, "max_tokens": 0}, "outside the model's vocabulary"),
])
def test_score_endpoint_refuses_what_it_cannot_do(served, body, message):
    import httpx

    _, url = served
    r = httpx.post(f"{url}/completions", json=body, timeout=60)
    assert r.status_code == 400 and message in r.json()["error"]["message"]


def _full_kl(student, teacher, sequences, masks) -> float:
    """The exact reverse KL(student || teacher) over the whole vocabulary, averaged over the
    positions that predict a policy token of `sequences`."""
    total, count = 0.0, 0
    with torch.no_grad():
        for seq, mask in zip(sequences, masks, strict=True):
            ids = torch.tensor([seq])
            ls = torch.log_softmax(student(ids).logits[0, :-1].float(), -1)  # [n-1, V]
            lt = torch.log_softmax(teacher(ids).logits[0, :-1].float(), -1)
            on = torch.tensor(mask[1:], dtype=torch.bool)
            total += float((ls.exp() * (ls - lt)).sum(-1)[on].sum())
            count += int(on.sum())
    return total / count


def test_training_with_a_teacher_moves_the_student_towards_it(tmp_path, tiny):
    """Pure distillation (the untrained student fails every task, so the task advantages are
    0): the exact reverse KL to the teacher, on contexts the student sampled before training,
    falls; without a teacher the same run does not move at all."""
    policy = load_policy(str(ensure_tiny("s", seed=0)), dtype="float32")
    teacher = policy.model.eval()
    with torch.no_grad():  # a confident teacher: its logits x4 (the final norm's scale)
        teacher.model.norm.weight.mul_(4.0)
    teacher_dir = save_model(teacher, policy.tokenizer, tmp_path / "teacher")
    kls = {}
    for name, extra in (("distill", [f"algorithm.distill_teacher={teacher_dir}",
                                     "algorithm.distill_weight=1"]), ("plain", [])):
        t = _trainer(tmp_path / name, tiny, [*WIDER, "optim.lr=1e-3", "optim.warmup_steps=0",
                                             "train.steps=6", *extra])
        fixed = _batch(t)
        before = _full_kl(t.model, teacher, fixed.sequences, fixed.masks)
        for _ in range(6):  # measured: 0.429 -> 0.365, falling every step
            t.step()
        kls[name] = before, _full_kl(t.model, teacher, fixed.sequences, fixed.masks)
        t.close()
    assert kls["distill"][1] < 0.92 * kls["distill"][0], kls
    assert kls["plain"][1] == pytest.approx(kls["plain"][0], rel=1e-3), kls
