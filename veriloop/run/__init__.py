"""The build layer: a run from a config, between the components below and the CLI above.

- `config`: load a YAML config with dotted overrides (`load_config`, `load_run_config`);
- `preflight`: every check of a config, run directory and checkpoint before a model loads;
- `runlock`: one process per run directory;
- `build`: the environment, grader, policy, rollout engine and trackers a config names;
- `heldout`: the run's held-out evaluation (over `veriloop.eval.heldout.evaluate_heldout`);
- `train`: a training run from a checked config; `quickstart`: the SFT -> GRPO main job;
- `rollouts`: rollouts and evaluations stored and summarized (`veriloop rollout`, `eval`).

Trainers and evaluations receive what these build; nothing below this package imports it.
"""
