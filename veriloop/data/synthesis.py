"""Task synthesis from solved tasks, in the manner of SvS (self-play with variational problems).

From a solved task and its solution the policy is asked for a *variation*: a new problem of the
same kind and a program that computes or solves it, as `<problem>...</problem>` followed by the
program in the environment's tag. A candidate becomes a task only if it passes validation:

- `arithmetic` (`<expression>`: a calculator expression): the expression evaluates (the
  environment's own safe evaluator) to an integer of magnitude below 10^6, every number in the
  expression appears in the problem text, and the problem is a sentence of some length (at
  least 20 characters). The answer is computed from the expression, never taken from the model.
- `workspace` (`<plan>`: a JSON list of `{"tool", "arguments"}` calls ending with
  `{"answer": ...}`, the format of the tasks' own reference plans): the gold calls are
  *executed* in the source task's world (the same seeded world, no injected faults) and every
  one must succeed with no safety violation; plans that need the user (`ask_user`,
  `request_confirmation`) are rejected, since the simulated user only knows the source task's
  answers. The checks come from what the calls did, never from the model's claims
  (`workspace_checks`): mail moved to a folder, a post in a channel, an event or file created,
  a file trashed; a plan that changes nothing is a question, and its answer must appear in the
  calls' outputs (grounded), checked with `answer_contains`. A change no check op expresses
  (e.g. a label, a draft) rejects the candidate. The task keeps the source's world, so the
  standard grader (task checks, efficiency against the plan's call count, safety) and the
  expert (which follows the plan) work on it unchanged.
- `code` (`<program>`: a Python function, solution included, and a HumanEval-style
  `def check(candidate):` of asserts): the tests are *run* in the environment's sandbox, and
  the candidate's own solution must pass them all while a stub (the signature returning None)
  must not, so the tests check something. The task's prompt is the function's signature and
  docstring, its canonical solution the body. The grader runs the prompt and the tests only in
  the sandbox (`veriloop.envs.judging.code_judge`, as for any task), and both are held to a
  whitelist first: the prompt is one undecorated `def` whose annotations are type names and
  whose defaults are literals (plus `from typing import ...`); the tests are one
  `check(candidate)` of at least 3 asserts built only from literals, comparisons, `not`,
  one comparison each, unary minus and calls of `abs`, `len`, `sorted`, `set`, `list`, `tuple`,
  `round` and of `candidate` with literal arguments only (no arithmetic that could blow up, no
  names, no attributes, nothing that short-circuits), at most 4,000 characters. Because the
  arguments are literals, the calls the sandbox makes are read from the test's syntax
  (`verification["calls"]`) instead of running the canonical solution to plan them, as
  HumanEval tasks do (in the sandbox too).
- For every environment, it is new: its normalized text, and the new task's question, equal no
  held-out (test-split) task, no source task and no earlier candidate.

So a synthesized task's gold answer or end state is right by construction (what "checkable"
means here). How it differs from SvS: no policy-gradient training of the synthesizer; the
variations are used as extra training tasks (`env.extra_train_tasks`).
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veriloop.envs.arithmetic import evaluate
from veriloop.envs.code import instruction
from veriloop.envs.judging import code_harness
from veriloop.envs.workspace import WorkspaceEpisode, build_world
from veriloop.policy import GenerationRequest, SamplingParams
from veriloop.types import Message, Task, ToolCall, Trajectory

PROMPT = ("Here is a solved problem.\nProblem: {problem}\nSolution: {solution}\n\nWrite one new "
          "problem of the same kind with different numbers or story, and an arithmetic "
          "expression that computes its answer. Reply exactly as "
          "<problem>TEXT</problem><expression>EXPRESSION</expression>.")
WORKSPACE_PROMPT = (
    "Here is a solved request.\nProblem: {problem}\nSolution: {solution}\n\nWrite one new "
    "request of the same kind about other people, items or text in the same workspace, and the "
    "tool calls that carry it out, as a JSON list of {{\"tool\": NAME, \"arguments\": {{...}}}} "
    "ending with {{\"answer\": FINAL_ANSWER}}. Reply exactly as "
    "<problem>TEXT</problem><plan>JSON</plan>.")
CODE_PROMPT = (
    "Here is a solved problem.\nProblem: {problem}\nSolution: {solution}\n\nWrite one new "
    "Python function problem of the same kind: a one-line description, then the function with "
    "its docstring and a correct body, followed by its tests as def check(candidate): with "
    "asserts on literal values. Reply exactly as <problem>DESCRIPTION</problem>"
    "<program>PYTHON</program>.")


@dataclass(frozen=True)
class Candidate:
    problem: str
    program: str  # arithmetic: an expression; workspace: a JSON plan
    source: str  # the solved task it varies


def parse_candidate(text: str, source: str, tag: str = "expression") -> Candidate | None:
    m = re.search(rf"<problem>(.*?)</problem>\s*<{tag}>(.*?)</{tag}>", text, re.DOTALL)
    if m is None:
        return None
    return Candidate(" ".join(m.group(1).split()), m.group(2).strip(), source)


def normalize(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def validate_arithmetic(c: Candidate) -> tuple[int | None, str]:
    """(answer, "") for a valid candidate, else (None, reason)."""
    if len(c.problem) < 20:
        return None, "too_short"
    try:
        value = evaluate(c.program)
    except Exception:  # noqa: BLE001 (any malformed expression is just an invalid candidate)
        return None, "bad_expression"
    if value != int(value) or abs(value) >= 10**6:
        return None, "bad_answer"
    words = set(re.findall(r"\d+", c.problem))
    if not set(re.findall(r"\d+", c.program)) <= words:
        return None, "numbers_not_in_problem"
    return int(value), ""


def arithmetic_task(c: Candidate, src: Task) -> Task | str:
    """The new task of a valid candidate, or the reason it is rejected."""
    answer, why = validate_arithmetic(c)
    if answer is None:
        return why
    return _task(c, src, metadata={"expression": c.program, "steps": [answer]},
                 verification={"answer": answer})


# tools whose calls need the simulated user, who only knows the source task's answers
_NEEDS_USER = frozenset({"ask_user", "request_confirmation"})


def _plan(program: str) -> tuple[list[dict[str, Any]], str] | str:
    """(calls, answer) of a JSON plan, or the rejection reason."""
    try:
        plan = json.loads(program)
    except ValueError:
        return "bad_plan"
    if not isinstance(plan, list) or len(plan) < 2 or not isinstance(plan[-1], dict) \
            or set(plan[-1]) != {"answer"} or not isinstance(plan[-1]["answer"], str):
        return "bad_plan"
    calls = plan[:-1]
    if len(calls) > 12 or not all(
            isinstance(s, dict) and set(s) == {"tool", "arguments"} and isinstance(s["tool"], str)
            and isinstance(s["arguments"], dict) for s in calls):
        return "bad_plan"
    if any(s["tool"] in _NEEDS_USER for s in calls):
        return "needs_user"
    return calls, plan[-1]["answer"].strip()


def workspace_checks(before: Any, after: Any) -> list[dict[str, Any]] | None:
    """Checks that hold exactly when the changes from world `before` to `after` were made
    (None: a change that no check op expresses). Reading (read flags, `touched`), the call
    log and folders created on the way are not changes a task asks for."""
    checks: list[dict[str, Any]] = []
    moved: dict[str, list[str]] = {}
    for eid, e in after.emails.items():
        old = before.emails.get(eid)
        if old is None:
            return None  # a draft, a send, a forward: needs confirmation or is not checkable
        if old.folder != e.folder:
            moved.setdefault(e.folder, []).append(eid)
        if (old.labels, old.subject, old.body, old.to) != (e.labels, e.subject, e.body, e.to):
            return None
    if set(before.emails) - set(after.emails):
        return None
    checks += [{"op": "emails_in_folder", "folder": f, "ids": sorted(ids)}
               for f, ids in sorted(moved.items())]
    known = {m.id for m in before.chat}
    for m in after.chat:
        if m.id not in known:
            if m.author != after.user.email:
                return None
            checks.append({"op": "channel_post", "channel": m.channel, "contains": [m.text]})
    for vid, ev in after.events.items():
        if vid not in before.events:
            checks.append({"op": "event_exists", "title": ev.title, "start": ev.start,
                           "end": ev.end, "attendees": sorted(ev.attendees)})
        elif before.events[vid] != ev:
            return None
    for fid, f in after.files.items():
        old = before.files.get(fid)
        if old is None:
            values = [v for v in (f.content, *map(str, f.cells.values())) if v.strip()]
            if not values:
                return None  # an empty file checks nothing
            checks.append({"op": "file_exists_with", "name": f.name, "kind": f.kind,
                           "contains": values[:5]})
        elif old.trashed != f.trashed:
            checks.append({"op": "file_trashed", "id": fid, "trashed": f.trashed})
        elif (old.content, old.cells, old.shared_with, old.labels, old.name) != (
                f.content, f.cells, f.shared_with, f.labels, f.name):
            return None
    return checks


def workspace_task(c: Candidate, src: Task) -> Task | str:
    """Execute the candidate's plan in the source task's world; the new task, or the reason it
    is rejected (see the module docstring)."""
    if len(c.problem) < 15:
        return "too_short"
    parsed = _plan(c.program)
    if isinstance(parsed, str):
        return parsed
    calls, answer = parsed
    world = build_world(src)
    before = copy.deepcopy(world)
    episode = WorkspaceEpisode(src, world)
    outputs = []
    for i, step in enumerate(calls):
        result = episode.registry.call(ToolCall(id=f"synth-{i}", name=step["tool"],
                                                arguments=step["arguments"]))
        if result.is_error:
            return "call_failed"
        outputs.append(result.content)
    if world.violations:
        return "unsafe"
    checks = workspace_checks(before, world)
    if checks is None:
        return "unverifiable_change"
    if not checks:  # a question: its answer must come from what the tools returned
        if not answer or not any(answer.lower() in o.lower() for o in outputs):
            return "ungrounded_answer"
        checks = [{"op": "answer_contains", "values": [answer]}]
    plan = [*calls, {"answer": answer}]
    verification = {**src.verification, "checks": checks, "subgoals": [],
                    "optimal_calls": len(calls), "plan": plan, "approvals": [],
                    "clarification": None, "allowed_confidential": [], "forbidden": []}
    apps = sorted({*src.metadata.get("apps", ())})
    return _task(c, src, metadata={**src.metadata, "apps": apps, "ambiguous": False,
                                   "adversarial": False}, verification=verification)


def _task(c: Candidate, src: Task, metadata: dict[str, Any],
          verification: dict[str, Any]) -> Task:
    system = tuple(m for m in src.prompt if m.role == "system")
    uid = hashlib.sha256(f"{src.env}:{c.problem}".encode()).hexdigest()[:10]
    return Task(id=f"synth-{uid}", env=src.env, difficulty=src.difficulty,
                prompt=(*system, Message(role="user", content=c.problem)),
                metadata={**metadata, "synthesized_from": src.id}, verification=verification)


_TYPE_NAMES = frozenset({"int", "float", "str", "bool", "bytes", "list", "dict", "tuple", "set",
                         "List", "Dict", "Tuple", "Set", "Optional", "Union", "Any", "None"})
_TEST_CALLS = frozenset({"candidate", "abs", "len", "sorted", "set", "list", "tuple", "round"})
_TEST_NODES = (ast.Assert, ast.Compare, ast.UnaryOp, ast.Call, ast.Constant, ast.List,
               ast.Tuple, ast.Dict, ast.Set, ast.Name, ast.Load, ast.cmpop, ast.Not, ast.USub,
               ast.keyword)


def _safe_annotation(node: ast.expr | None) -> bool:
    if node is None:
        return True
    return all(isinstance(n, (ast.Name, ast.Subscript, ast.Tuple, ast.Constant, ast.Load,
                              ast.BinOp, ast.BitOr)) and
               (not isinstance(n, ast.Name) or n.id in _TYPE_NAMES) for n in ast.walk(node))


def _safe_test(check: ast.FunctionDef) -> bool:
    """`check(candidate)` of plain asserts on literal calls (the plan is read from its syntax)."""
    if [a.arg for a in check.args.args] != ["candidate"] or check.decorator_list:
        return False
    for stmt in check.body:
        if not isinstance(stmt, ast.Assert) or stmt.msg is not None:
            return False
        for n in ast.walk(stmt):
            if not isinstance(n, _TEST_NODES):
                return False
            if isinstance(n, ast.Name) and n.id not in _TEST_CALLS:
                return False
            if isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name)
                                                and n.func.id in _TEST_CALLS):
                return False
            if isinstance(n, ast.UnaryOp) and not isinstance(n.op, (ast.USub, ast.Not)):
                return False
            if isinstance(n, ast.Compare) and len(n.ops) > 1:  # a chain short-circuits
                return False
    return sum(isinstance(s, ast.Assert) for s in check.body) >= 3


def _test_calls(check: ast.FunctionDef) -> list[list[Any]] | None:
    """Per assert, the calls of `candidate` in evaluation order as the code harness encodes
    them, read from literal arguments; None if one is not a literal."""
    plan = []
    for i, stmt in enumerate(check.body):
        calls = []
        for n in _in_evaluation_order(stmt):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) \
                    and n.func.id == "candidate":
                try:
                    args = [ast.literal_eval(a) for a in n.args]
                    kwargs = {k.arg: ast.literal_eval(k.value) for k in n.keywords}
                except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                    return None
                if None in kwargs:  # **mapping
                    return None
                calls.append({"args": code_harness.encode(args),
                              "kwargs": code_harness.encode(kwargs)})
        plan.append([i, calls])
    return plan


def _in_evaluation_order(node: ast.AST) -> list[ast.AST]:
    """Post-order: a call's arguments before the call, left operands before right ones."""
    out: list[ast.AST] = []
    for child in ast.iter_child_nodes(node):
        out.extend(_in_evaluation_order(child))
    out.append(node)
    return out


def _code_parts(program: str) -> tuple[str, str, str, str, list[list[Any]]] | str:
    """(entry point, prompt, canonical solution, test, calls) of a candidate program, or why
    not."""
    if len(program) > 8000:
        return "too_long"
    try:
        tree = ast.parse(program)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return "bad_program"
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    check = next((f for f in funcs if f.name == "check"), None)
    solved = [f for f in funcs if f.name != "check"]
    others = [n for n in tree.body if not isinstance(n, ast.FunctionDef)]
    if check is None or len(solved) != 1 or any(
            not (isinstance(n, ast.ImportFrom) and n.module == "typing") for n in others):
        return "bad_program"
    fn = solved[0]
    doc = ast.get_docstring(fn, clean=False)
    args = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
    if not doc or fn.decorator_list or fn.args.vararg or fn.args.kwarg \
            or not all(_safe_annotation(a.annotation) for a in args) \
            or not _safe_annotation(fn.returns) \
            or not all(isinstance(d, ast.Constant) for d in [*fn.args.defaults,
                                                             *fn.args.kw_defaults] if d):
        return "unsafe_prompt"
    test = ast.unparse(check)
    calls = _test_calls(check) if len(test) <= 4000 and _safe_test(check) else None
    if calls is None:
        return "unsafe_test"
    body = fn.body[1:]  # after the docstring
    if not body:
        return "no_solution"
    signature = copy.copy(fn)
    signature.body = [fn.body[0]]  # the docstring only
    header = ast.unparse(signature)
    imports = "".join(ast.unparse(n) + "\n" for n in others)
    solution = "".join("    " + line + "\n" for stmt in body
                       for line in ast.unparse(stmt).splitlines())
    return fn.name, imports + header + "\n", solution, test + "\n", calls


def code_task(c: Candidate, src: Task, env: Any = None) -> Task | str:
    """Run the candidate's tests on its solution and on a stub in `env`'s sandbox (a `code`
    environment); the new task, or the reason it is rejected (see the module docstring)."""
    if len(c.problem) < 15:
        return "too_short"
    parts = _code_parts(c.program)
    if isinstance(parts, str):
        return parts
    entry, prompt, solution, test, calls = parts
    verification = {"test": test, "entry_point": entry, "prompt": prompt,
                    "canonical_solution": solution, "calls": calls}
    try:
        verdict, _ = env.tests.run(verification, solution)
        stub, _ = env.tests.run(verification, "    return None\n")
    except (SyntaxError, ValueError, TypeError):  # the judge refused the task's code
        return "bad_program"
    if not verdict.all_passed:
        return "solution_fails_tests"
    if stub.all_passed:
        return "tests_pass_a_stub"

    task = _task(c, src, metadata={"entry_point": entry, "source": src.id},
                 verification=verification)
    return task.model_copy(update={"prompt": (*task.prompt[:-1],
                                              Message(role="user",
                                                      content=instruction(prompt)))})


@dataclass(frozen=True)
class Synthesizer:
    """How one environment's variations are asked for, parsed and turned into tasks."""

    prompt: str  # with {problem} and {solution}
    tag: str  # the program's tag after <problem>
    # the task, or why the candidate is rejected; the environment is passed to those needing it
    make: Callable[..., Task | str]
    needs_env: bool = False


SYNTHESIZERS: dict[str, Synthesizer] = {
    "arithmetic": Synthesizer(PROMPT, "expression", arithmetic_task),
    "workspace": Synthesizer(WORKSPACE_PROMPT, "plan", workspace_task),
    "code": Synthesizer(CODE_PROMPT, "program", code_task, needs_env=True),
}


@dataclass
class Synthesis:
    tasks: list[Task] = field(default_factory=list)
    rejected: Counter = field(default_factory=Counter)  # reason -> count

    def summary(self) -> dict[str, Any]:
        return {"synthesized": len(self.tasks), "rejected": dict(self.rejected)}


def question(task_or_traj: Any) -> str:
    return "\n".join(m.content for m in task_or_traj.prompt if m.role == "user")


def _solution(traj: Trajectory) -> str:
    return " ".join("".join(f"{t.action_text}{t.observation_text}" for t in traj.turns).split())


def variation_requests(policy: Any, solved: Sequence[Trajectory],
                       prompt: str = PROMPT) -> list[GenerationRequest]:
    reqs = []
    for i, t in enumerate(solved):
        msgs = (Message(role="user", content=prompt.format(problem=question(t),
                                                           solution=_solution(t)[:1200])),)
        reqs.append(GenerationRequest(prompt_ids=tuple(policy.renderer.render_prompt(msgs, ()).ids),
                                      messages=msgs, key=f"synth-{t.id}", sample_index=i))
    return reqs


def synthesize(env_name: str, policy: Any, solved: Sequence[Trajectory], sources: Sequence[Task],
               held_out: Sequence[Task], temperature: float = 1.0, max_new_tokens: int = 256,
               seed: int = 0, env: Any = None) -> Synthesis:
    """One variation per solved trajectory (passed, fault-free), validated and deduplicated
    against `held_out` (the test split), the `sources` and each other. `env` is the
    environment, for those whose validation runs in it (`code`: its sandbox)."""
    if env_name not in SYNTHESIZERS:
        raise KeyError(f"no task synthesis for environment '{env_name}'; known: "
                       f"{', '.join(SYNTHESIZERS)}")
    spec = SYNTHESIZERS[env_name]
    if spec.needs_env and env is None:
        raise ValueError(f"synthesis for '{env_name}' validates in the environment: pass env")
    by_id = {t.id: t for t in sources}
    solved = [t for t in solved if t.passed and not t.is_infra_error and t.task_id in by_id]
    out = Synthesis()
    if not solved:
        return out
    reqs = variation_requests(policy, solved, spec.prompt)
    gens = policy.generate(reqs, SamplingParams(temperature=temperature, seed=seed, stop=(),
                                                max_new_tokens=max_new_tokens))
    seen = {normalize(question(t)) for t in [*held_out, *sources]}
    for t, g, r in zip(solved, gens, reqs, strict=True):
        policy.release(r.key)
        c = parse_candidate(g.text, t.task_id, spec.tag)
        if c is None:
            out.rejected["unparsed"] += 1
            continue
        key = normalize(c.problem)
        if key in seen:
            out.rejected["duplicate"] += 1
            continue
        task = spec.make(c, by_id[t.task_id], env) if spec.needs_env \
            else spec.make(c, by_id[t.task_id])
        if isinstance(task, str):
            out.rejected[task] += 1
            continue
        asked = normalize(question(task))
        if asked in seen:  # e.g. a code task whose function equals a held-out one
            out.rejected["duplicate"] += 1
            continue
        seen.update((key, asked))
        out.tasks.append(task)
    return out
