"""SFT -> GRPO on `research` level 1 with the embedded pretrained model (SmolLM2-135M-Instruct,
full fine-tuning), from the shipped config `configs/research_smollm2.yaml`: held-out reward of
the SFT model against the GRPO model on the 14 held-out level-1 questions (a column of each
dataset that no training question names), 4 samples each at the training temperature (both
evaluations share their sampling keys).

The config's `rollout.slots: 8` keeps 8 episodes live at a time. All 28 at once took 22.6 GB
and the kernel killed the process; with the chunked prefill (2026-11-26) they peak at 13.7 GB but
take 722 s against 500 s for 8 live (5.7 GB) on 2 cores, so 8 stays.

Run as this test (GRPO at lr 3e-6 with `mask_unfinished`, 4 prompts x 4 samples, 6 steps) on a
fresh clone at e135337 (2026-11-27, 14:03-16:45, 162 min; the suite ran beside it for the first
50 min): it passed, held-out 0.622 -> 0.643. The SFT demonstrations were valid (42, mean score
0.96). Per question +0.021 with a standard error of 0.040 (8 better, 6 worse): within noise, so
a rerun may fail. Training score 0.562, 0.776, 0.674, 0.676, 0.711, 0.672. Flags, before ->
after over 56 episodes: unbacked claims 16 -> 5, misquoted citations 18 -> 11, unfinished 13 ->
19, malformed calls 63 -> 74.
An earlier run (2026-11-27, a fresh clone at 46c8aa6 whose `.venv` was a symbolic link to
another checkout's, 126 min) was invalid: `python` was not on the sandbox's PATH (fixed since in
`veriloop.sandbox.bwrap`, which now also refuses to start when it cannot run python), so every
script exited 127, all 42 expert demonstrations failed (0.36 each) and the SFT learned from
them (held-out 0.291 -> 0.294). The research grader was also
hardened after 46c8aa6 (an adversarial review's 11 hacks; `test_research_grader_hacks.py`). Run as a script of the same steps in one process from the clean
SFT model (2026-11-27, 124 min without the SFT: evaluations 28 min each, steps 9-12 min) it
passed: held-out 0.639 -> 0.685, per question +0.047 with a standard error of 0.050 (6 better,
5 worse, 3 the same), unfinished episodes 13 -> 8 and malformed calls 63 -> 38 of 56 episodes,
success 0.57 -> 0.64; training score 0.594, 0.655, 0.569, 0.778, 0.638, 0.588. The first
positive change over six steps, and the malformed calls fell as intended, but the gain is within
one standard error: the test may still fail on a rerun. Earlier, on 2 CPU cores (2026-11-26,
these settings run as a script in two parts, SFT and then RL from its model):
- SFT took 19 min (loss 1.51 -> 0.014). The SFT model solved 4 of 4 held-out questions greedily
  (score 0.99 each). Sampled at temperature 1.0 it fails about half the time, mostly on malformed
  tool calls it then repeats until the turn budget runs out: the GRPO headroom.
- The evaluation is noisy: the same SFT model scored 0.543 on the 14 x 2 episodes with one set
  of sampling keys (questions 4 at a time), 0.728 with another (8 live episodes, rolling; the
  same 0.728 again on 2026-11-26) and 0.868 with 28 live episodes.
  Before and after share their keys, but the episodes are not common random numbers: runs
  with the same seed, tasks and model scored 0.44 (three runs) and 0.69 (one, beside the test
  suite) on their first step's 8 episodes, before any update. Cause not found.
- GRPO at 2 prompts x 4 samples a step (the same tasks in every run below):
  - lr 2e-5: training reward 0.44, 0.54, 0.34, 0.28, 0.22; stopped.
  - lr 3e-6 (this config), 6 steps, 4-10 min each: training reward 0.44, 0.61, 0.68, 0.54,
    0.71, 0.70; held-out 0.543 -> 0.517 (questions 4 at a time).
  - lr 5e-6, 8 steps, -0.1 per format error: training reward 0.44, 0.54, 0.61, 0.38, 0.69,
    0.60, 0.53, 0.51; held-out 0.728 -> 0.596 (this test's evaluation): format errors 22 -> 49,
    step-budget failures 6 -> 13 of 28.
  - lr 3e-6, 4 prompts x 4 samples, 3 steps (9-22 min each, beside other jobs): training
    reward 0.81, 0.73, 0.71; held-out 0.728 -> 0.745. Per episode: 4 better, 4 worse, 20 the
    same. That is noise, not a gain.
  - Positive advantages only (`algorithm.neg_weight: 0`), seq_mean_token_mean, -0.1 per format
    error, lr 5e-6, 4 prompts x 4 samples, 6 steps (7-12 min each): training reward 0.65, 0.74,
    0.62, 0.73, 0.76, 0.70; held-out 0.728 -> 0.702. Format errors 22 -> 15 and step-budget
    failures 6 -> 4 of 28, but more analysis scripts failed (execution ok 0.79 -> 0.71) and
    correctness fell (0.68 -> 0.61): fewer malformed calls, no gain in reward.
  - The same at lr 2e-5, 2 prompts x 4 samples (the tasks of the first three runs): training
    reward 0.44, 0.30, 0.47 against 0.44, 0.61, 0.68 at lr 3e-6, entropy 0.08 -> 0.12; stopped.
  - The same at lr 1e-5: training reward 0.69, 0.55, 0.89, 0.43 (no trend); stopped for time.
  - Later on 2026-11-26, all from the same SFT model, 4 prompts x 4 samples, the same tasks
    and sampling keys in every run (step 0 scores 0.651 in each; the positive-only lr 5e-6 run
    above scored 0.735, 0.62 and 0.73 on steps 1-3):
    - lr 1e-5 with an entropy penalty (`target_entropy: 0.005`, `entropy_controller: pi`,
      so the coefficient sits at -entropy_max_coef): max coef 0.05 gave step 1 0.518, entropy
      0.055 -> 0.084; max coef 0.5 gave 0.552, entropy 0.054 -> 0.079. Stopped after step 1:
      the penalty did not hold the entropy down, and one update at lr 1e-5 already cost more
      than the lr 5e-6 run's.
    - LoRA (rank 32, alpha 32, lr 5e-5, on every projection) instead of full fine-tuning, to
      confine the noisy update to a small subspace ("LoRA without regret", Schulman et al.
      2025): training reward 0.651, 0.736, 0.518, 0.739, entropy 0.055, 0.046, 0.102, 0.065;
      held-out 0.728 -> 0.657 (6 episodes better, 8 worse, 14 the same; format errors 22 ->
      29, step-budget failures 6 -> 8 of 28). Lower entropy after step 1, no gain.
  - The per-turn run above (turn_grpo, -0.1 per format error) had a step-0 gradient norm of
    5,803: turn_grpo divided by the std of the episodes' returns, 0 in a group that scored
    alike, while the format penalties made the turns' returns differ (advantages near 1e5).
    Fixed on 2026-11-26 (`veriloop.algorithms.turn_advantages`). Repeated after the fix for
    2 steps (lr 5e-6, 4 prompts x 4 samples): step-0 gradient norm 0.562, training score
    0.651, 0.697; held-out 0.728 -> 0.760 (7 episodes better, 5 worse, 16 the same; paired
    difference +0.031 with a standard error of 0.041): the first positive figure, within noise.
  - This test itself with those settings in the config (turn_grpo, -0.1 per format error, lr
    5e-6, 4 prompts x 4 samples, 4 steps) and 4 samples per held-out question, on a fresh
    clone (2026-11-26, 99 min; SFT 19 min gave a model identical to the one above): training
    score 0.651, 0.667, 0.572, 0.723; held-out 0.630 -> 0.577. Per question the mean change
    was -0.053 with a standard error of 0.026 (4 questions better, 9 worse, 1 the same): a
    loss, so the 2-step gain was noise. The config went back to GRPO at lr 3e-6.
  - This test with W-REINFORCE in the config (Zhu et al. 2025: GRPO advantages, positive ones
    x 0.1, `algorithm.pos_weight: 0.1`; lr 5e-6, 4 prompts x 4 samples, 4 steps), on a fresh
    clone (2026-11-26, 103 min; the same SFT model): training score 0.656, 0.612, 0.564,
    0.718; held-out 0.622 -> 0.577, per question -0.045 with a standard error of 0.038 (5
    better, 8 worse, 1 the same; one question fell by 0.44). The idea was that GRPO's
    positive update raises the rare tokens a lucky sample drew, the slips behind the malformed
    calls, while the negative update moves a slip's probability to the tokens the model
    prefers; it did not gain either. The config went back to GRPO at lr 3e-6.
  - One-batch probe (2026-11-26; the measure of `benchmarks/update_probe.py`, run as a scratch
    script of the same method): from the SFT model, one update on the same 16 step-1 rollouts
    (4 prompts x 4, scores 0.12-0.96), judged by the change in the log-probability of the
    scripted expert's 14 held-out episodes (about 550 policy tokens each; -3.17 before). The
    config's GRPO at lr 3e-6: -0.065 (1 of 14 rose); at lr 1e-6: -0.017 (2 rose), so the
    first-order effect is negative and a smaller step does not turn it; seq_mean_token_mean:
    -0.059; a random +-3e-6 sign step of the same size: -0.0002; plain SGD at lr 0.1: -50.8;
    positive advantages only (`algorithm.neg_weight: 0`): +0.061 (11 of 14 rose, expected
    departures from the expert's text -0.045 per episode), and at lr 1e-5 +0.055 (8 rose, more
    spread). The negative half of GRPO's update is what moves the model away from the
    held-out behaviour here: a failed episode (a slip in the analysis script, then a report
    and a submit like the successful ones) shares most of its tokens with the successes, and
    pushing them down lowers them everywhere.
  - Positive-only at lr 3e-6 (the probe's best), 4 prompts x 4 samples, 3 steps, from the same
    SFT model with this test's evaluation (2026-11-26, a script in one process, 77 min):
    training score 0.651, 0.722, 0.634 (entropy 0.055, 0.035, 0.091); held-out 0.620 -> 0.605,
    per question -0.015 with a standard error of 0.026 (3 better, 7 worse, 4 the same); format
    errors 17.4% -> 15.8% of calls, step-budget failures 15 -> 12 of 56. The probe's gain on
    one batch did not carry into the sampled reward: no gain.
  - A shorter SFT, to leave GRPO more headroom (2026-11-27, scripts in one process, this
    test's evaluation): 1 epoch on the 42 demonstrations (9 min, loss 1.51 -> 0.12) scored
    0.11-0.15 on each of the first 16 held-out episodes (no correct finding; stopped). 2 epochs
    on 24 demonstrations (10 min, loss -> 0.03-0.05): held-out 0.234, success 2 of 56, 44% of
    tool calls malformed (88% of episodes had one). Then positive-only GRPO
    (`algorithm.neg_weight: 0`), lr 1e-5, 4 prompts x 4 samples, 4 steps (7-13 min each):
    training score 0.248, 0.201, 0.228, 0.143, malformed calls per episode 3.0, 2.8, 3.1, 4.1,
    entropy 0.32, 0.39, 0.22, 0.37; held-out 0.234 -> 0.212, per question -0.022 with a
    standard error of 0.019 (4 better, 10 worse). Reinforcing the better of mostly failed
    samples did not cut the malformed calls: no gain from the weaker start either.
  - SFT on the noisy expert's demonstrations (`sft.demo_noise: 0.5`, the SFT default: half the
    demonstrations fabricate a number, cite a document not in the corpus or submit a stub), so
    that GRPO has faults with a clear reward gap to remove, and `algorithm.mask_unfinished`
    (episodes out of turns get no update: a slip repeated to the end stops pushing down the
    tokens it shares with successes); GRPO at lr 5e-6, 4 prompts x 4 samples, 6 steps. This
    test on a fresh clone (2026-11-27, 150 min: SFT 13 min, evaluations 33 min each, steps
    10-11 min): held-out 0.231 -> 0.223, per question -0.008 with a standard error of 0.017 (5
    better, 9 worse); training score 0.199, 0.222, 0.231, 0.197, 0.250, 0.249. The noisy SFT
    model is far weaker than the clean one (0.23 against 0.62): 91 malformed calls, 15
    misquoted and 9 hallucinated citations in 56 episodes. Unfinished episodes went from 14 to
    32 of 56: with them masked nothing pushed the policy to finish. No gain; the config went
    back to GRPO at lr 3e-6 on the clean expert.
- On a GPU (2026-11-26, an H100 for 15 minutes, `benchmarks/research_sft_grpo_gpu.sh`): the same
  SFT took 26-29 s (loss 1.51 -> 0.003), but the evaluation of 14 x 8 episodes, all live at
  once, ran out of GPU memory in the sampler's one-pass prefill (chunked since), so there is no
  GRPO result from it.
- On an H200 (2026-11-26, 15 minutes, the same script with a third, positive-only arm): SFT
  61.5 s; the SFT model's held-out evaluation, 14 x 8 episodes at temperature 1 with 48 live,
  took 199 s (mean score 0.566, success 0.43), which left the arms no time for a GRPO step before
  their own evaluations, and those ran past the call's limit. Generation bounds the GPU path:
  112 episodes in 199 s is a third of what a 15-minute GRPO comparison needs (ten steps of 64
  episodes and two evaluations in the 8 minutes a call leaves; benchmarks/RESULTS.md, "on an
  H200").
- Sampling and training log-probs agree on these episodes (max difference 1e-4 over 2,900
  policy tokens), so the update sees the tokens the sampler drew. Our reading, not tested: on
  2 cores a run affords about 100 episodes an hour, too few for GRPO to move this model by
  more than the evaluation's noise (about 0.06 standard error on 28 episodes); a higher lr
  breaks the model before it helps. Next to try: a GPU session, with hundreds of episodes a
  step and 4+ samples per held-out question.

The tiny models do not learn this task on 2 cores. The xs model (4 demonstrations, 40 epochs)
ended SFT at loss 2.28. The s model with 4,096-token SFT batches memorised its demonstrations
(loss 0.03) but greedily wrote the wrong dataset into its first search and degenerate tool calls
after the first error, on training and held-out questions alike. Its held-out reward stayed at
0.147-0.149 (originality and efficiency only) before and after GRPO, with 11 level-1 training
questions and again with the 42 of the current split.
"""

from collections import Counter
from pathlib import Path

import pytest
import torch

from veriloop.run.build import build_env, build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import SFTTrainer

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "research_smollm2.yaml"


@pytest.mark.slow
@pytest.mark.timeout(10800)
def test_grpo_raises_research_level1_heldout_reward(tmp_path):
    cfg = load_config(CONFIG, ["train.save_every=0"])
    torch.set_num_threads(cfg.train.threads)
    sft = SFTTrainer(cfg.model_copy(update={"kind": "sft"}), tmp_path / "sft",
                     policy_from_config(cfg.model), progress=False)
    sft.setup(build_env(sft.cfg))
    sft.train()
    model = sft.save_final()
    rl = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": str(model)}), tmp_path / "rl",
                   policy_from_config(cfg.model, init=model))
    rl.setup(*build_env_and_grader(rl.cfg))
    tasks = list(rl.eval_tasks)
    assert len(tasks) == 14 and {t.difficulty for t in tasks} == {1}
    assert not {t.id for t in tasks} & {t.id for t in rl.sampler.tasks}

    def reward() -> tuple[float, dict[str, list[float]], Counter]:  # slots: 8 live at once
        per_task: dict[str, list[float]] = {}
        seen: Counter = Counter()  # flag kinds, unfinished episodes, malformed calls

        def keep(t) -> None:
            if t.grade is not None:
                per_task.setdefault(t.task_id, []).append(t.grade.score)
                seen.update({f.split(":")[0] for f in t.grade.flags})
                seen.update(unfinished=not t.done, malformed_calls=t.format_violations)

        r = rl.evaluate(samples=4, temperature=cfg.rollout.temperature, on_trajectory=keep)
        return r["mean_score"], per_task, seen

    before, before_tasks, before_seen = reward()
    curve = [rl.step()["score"] for _ in range(cfg.train.steps)]
    after, after_tasks, after_seen = reward()
    rl.close()
    diffs = [sum(after_tasks[k]) / len(after_tasks[k]) - sum(v) / len(v)
             for k, v in before_tasks.items() if after_tasks.get(k)]
    print({"before": before, "after": after, "curve": curve,  # shown with -s
           "per_question_diff": [round(d, 3) for d in diffs],
           "before_seen": dict(before_seen), "after_seen": dict(after_seen)})
    assert after > before, (before, after, curve)
