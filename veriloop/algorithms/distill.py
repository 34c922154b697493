"""On-policy distillation: a teacher scores the student's own tokens (issue 48).

The student samples as in any RL step; a teacher then gives the log-probability of every token
the student chose, in the student's own context. The per-token reverse KL from the student to
the teacher, estimated on the sampled token, is

    KL_t = log pi_student(y_t | y_<t) - log pi_teacher(y_t | y_<t)

and its negative is a dense per-token reward: tokens the teacher finds likely are pushed up,
tokens it finds unlikely are pushed down, on states the student actually reaches (no exposure
bias, unlike SFT on the teacher's own traces). This is generalized knowledge distillation with
student-generated data and the reverse KL (Agarwal et al. 2024, "On-Policy Distillation of
Language Models: Learning from Self-Generated Mistakes"), optimized as a policy gradient with a
discount of 0 per token, as Thinking Machines' "On-Policy Distillation" (Lu et al. 2025) and
Qwen3's distillation stage do. The verifiable reward's advantage is kept, so a step learns from
the task's outcome and from the teacher at once:

    A_t = A_task (the configured estimator's, per sequence or per token) - weight * KL_t

`weight` 0 is plain RL; a large weight is (almost) pure distillation. The student's log-probs
are the sampling ones (the batch's old policy), so the term is fixed during the update, like
any advantage, and the clipped ratio keeps the step small.

What it does not do: the estimate uses only the sampled token (no full-vocabulary KL, which an
OpenAI-compatible teacher cannot give); a teacher with another tokenizer cannot score the
student's tokens and is refused when the teacher is built (`veriloop.trainers.teacher`).
"""

from __future__ import annotations

from torch import Tensor


def distill_advantages(advantages: Tensor, student: Tensor, teacher: Tensor, mask: Tensor,
                       weight: float) -> Tensor:
    """The task advantages ([B] per sequence or [B, L] per token) with the teacher's per-token
    term added on policy tokens: A + weight * (teacher - student) where mask > 0 -> [B, L].
    `student`, `teacher`, `mask` are [B, L] in the `TrainBatch` layout (position j scores
    token j + 1)."""
    L = student.shape[1]
    base = advantages[:, None].expand(-1, L) if advantages.dim() == 1 else advantages[:, :L]
    on = (mask[:, :L] > 0).to(student.dtype)
    return (base + weight * (teacher - student) * on) * on


def reverse_kl(student: Tensor, teacher: Tensor, mask: Tensor) -> float:
    """The mean per-token reverse KL estimate (student - teacher log-prob of the sampled token)
    over policy tokens; 0.0 without any."""
    on = mask > 0
    if not bool(on.any()):
        return 0.0
    return float((student - teacher)[on].mean())
