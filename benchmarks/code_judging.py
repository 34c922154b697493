"""What judging a `code` submission in a sandbox run of its own costs (issue 43), one run.

Since issue 43 a task's code (test, prompt, canonical solution) never runs in the trainer's
process: a grade is the candidate's sandbox run (`code_harness`) plus a judge run
(`code_judge.replay`), and each task is planned once in the sandbox (`code_judge.plan`, cached
per environment). Before, the plan and the judge ran in the trainer's process, so a grade cost
about the candidate's run alone; that run is the baseline here, measured in the same rounds.

Per HumanEval task (canonical solutions, interleaved rounds) it reports the median wall time
of a whole grade (`HiddenTests.run`) and of its judge run alone (`HiddenTests.replay` on the
same evidence); the candidate's run is their difference. The first plan of each task is timed
once. The machine's load is recorded: every figure is a chain of process starts, which wait
for a CPU on a loaded machine.

    python benchmarks/code_judging.py --tasks 10 --repeats 5
"""

from __future__ import annotations

import argparse
import statistics
import time

from veriloop.benchmarking import conditions, emit, interleave, parse_args
from veriloop.envs.code import RESULTS, CodeEnv

QUICK = {"tasks": 2, "repeats": 1}
JSON_KEYS = ("benchmark", "tasks", "repeats", "grade_ms", "judge_ms", "candidate_run_ms",
             "judge_share", "first_plan_ms", "conditions_before", "load_avg_after")


def _timed_by_caller(_: object) -> None:
    """None: `interleave` then times the call around it."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=10, help="HumanEval tasks (test split, seed 0)")
    ap.add_argument("--repeats", type=int, default=5, help="measured rounds per task")
    args = parse_args(ap, QUICK)
    before = conditions()
    env = CodeEnv(pool_size=1)
    grades, judges, plans = [], [], []
    try:
        tests = env.tests
        for task in env.tasks(args.tasks, seed=0):
            v = task.verification
            code = v["prompt"] + v["canonical_solution"]
            start = time.perf_counter()
            tests.planned_calls(v)
            plans.append(time.perf_counter() - start)
            verdict, result = tests.run(v, code)
            if not verdict.all_passed:
                raise SystemExit(f"error: {task.id}'s canonical solution failed: "
                                 f"{verdict.reason}")
            evidence = result.files.get(RESULTS, "")
            times = interleave({"grade": lambda v=v, code=code: _timed_by_caller(
                                    tests.run(v, code)),
                                "judge": lambda v=v, e=evidence: _timed_by_caller(
                                    tests.replay(v, e))},
                               repeats=args.repeats)
            grades += times["grade"]
            judges += times["judge"]
    finally:
        env.close()
    grade, judge = statistics.median(grades), statistics.median(judges)
    out = {"benchmark": "code_judging", "tasks": args.tasks, "repeats": args.repeats,
           "grade_ms": round(grade * 1000, 1), "judge_ms": round(judge * 1000, 1),
           "candidate_run_ms": round((grade - judge) * 1000, 1),
           "judge_share": round(judge / grade, 3),
           "first_plan_ms": round(statistics.median(plans) * 1000, 1),
           "conditions_before": before, "load_avg_after": conditions()["load_avg"]}
    emit(out, JSON_KEYS)


if __name__ == "__main__":
    main()
