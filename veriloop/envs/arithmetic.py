"""`arithmetic`: multi-step arithmetic word problems solved with a `calculator` tool.

Each problem is a short story whose quantity changes through `difficulty` operations (add,
remove, buy boxes of k, double/triple, share equally); the answer is an integer. The agent is
expected to call `calculator` with an expression and then answer `<answer>N</answer>`; grading
is exact numeric match. Train and test splits are disjoint by construction (a problem's split is
a hash of its text).

Two scripted policies come with it and produce demonstrations for SFT:
- `ExpertPolicy`: one calculator call with the full expression, then the tool's result as answer.
- `NoisyExpertPolicy`: a configurable fraction of episodes go wrong, either skipping the tool and
  answering with a plausible slip (dropped last step, off-by-one, off-by-ten, swapped operator),
  or breaking the tool-call format (bad JSON, unknown tool, wrong argument type, missing tags)
  and then, unless it recovers (`recovery` probability), answering with a slip.
"""

from __future__ import annotations

import ast
import hashlib
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass

from veriloop.envs.base import Episode, ToolEpisode
from veriloop.formats import HermesFormat
from veriloop.graders.base import Grader
from veriloop.graders.numeric import numeric_grader
from veriloop.policies.base import Generation, GenerationRequest, SamplingParams
from veriloop.rollout.tokenize import ByteRenderer, ChatRenderer
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Message, Task, ToolCall

SYSTEM_PROMPT = ("Solve the problem. Use the calculator tool for the arithmetic, then give the "
                 "final answer as <answer>NUMBER</answer>.")

_NAMES = ["Ava", "Ben", "Cleo", "Dan", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kim", "Leo",
          "Mia", "Nia", "Omar", "Pia", "Raj", "Sue", "Tom", "Uma", "Vic", "Wen", "Yara", "Zed"]
_ITEMS = ["apples", "books", "coins", "stamps", "marbles", "pens", "cards", "shells", "eggs",
          "stickers", "beads", "cookies"]
_MAX_DIFFICULTY = 5


# ---------------------------------------------------------------------------------- calculator

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
           ast.Pow: operator.pow}


def evaluate(expression: str) -> float | int:
    """Evaluate +, -, *, /, //, %, ** and parentheses over numbers, nothing else."""
    if len(expression) > 200:
        raise ValueError("expression longer than 200 characters")

    def ev(node: ast.AST) -> float | int:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = ev(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            left, right = ev(node.left), ev(node.right)
            if isinstance(node.op, ast.Pow) and abs(right) > 64:
                raise ValueError("exponent too large")
            return _BINOPS[type(node.op)](left, right)
        raise ValueError(f"unsupported syntax: {ast.dump(node)[:40]}")

    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError as e:
        raise ValueError(f"cannot parse expression: {e.msg}") from None
    return ev(tree)


def format_number(value: float) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value) if isinstance(value, int) else f"{value:.6f}".rstrip("0").rstrip(".")


@tool
def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression with + - * / // % ** and parentheses.

    Args:
        expression: the expression to evaluate, e.g. "(12 + 30) * 4"
    """
    try:
        return format_number(evaluate(expression))
    except ZeroDivisionError:
        raise ValueError("division by zero") from None


# ---------------------------------------------------------------------------------- problems

@dataclass(frozen=True)
class Problem:
    text: str
    expression: str
    answer: int
    steps: tuple[int, ...]  # running value after each operation (for plausible slips)


def _wrap(expr: str) -> str:
    return f"({expr})" if ("+" in expr or "-" in expr) else expr


def make_problem(rng: random.Random, difficulty: int) -> Problem:
    name, item = rng.choice(_NAMES), rng.choice(_ITEMS)
    value = rng.randint(5, 60)
    expr = str(value)
    sentences = [f"{name} has {value} {item}."]
    steps = []
    for _ in range(difficulty):
        op = rng.choice(["add", "sub", "boxes", "mul", "div"])
        if op == "sub" and value < 4:
            op = "add"
        if op == "div":
            divisors = [k for k in (2, 3, 4, 5) if value % k == 0 and value // k > 0]
            if not divisors:
                op = "boxes"
            else:
                k = rng.choice(divisors)
                sentences.append(f"{name} splits them into {k} equal piles and keeps one pile.")
                expr, value = f"{_wrap(expr)} / {k}", value // k
        if op == "add":
            b = rng.randint(2, 50)
            verb = rng.choice(["finds", "buys", "is given"])
            sentences.append(f"{name} {verb} {b} more {item}.")
            expr, value = f"{expr} + {b}", value + b
        elif op == "sub":
            b = rng.randint(1, value - 1)
            verb = rng.choice(["gives away", "loses", "sells"])
            sentences.append(f"{name} {verb} {b} {item}.")
            expr, value = f"{expr} - {b}", value - b
        elif op == "boxes":
            k, b = rng.randint(2, 9), rng.randint(2, 12)
            sentences.append(f"{name} buys {k} boxes with {b} {item} in each box.")
            expr, value = f"{expr} + {k} * {b}", value + k * b
        elif op == "mul":
            k = rng.choice([2, 3])
            word = {2: "doubles", 3: "triples"}[k]
            sentences.append(f"The number of {item} {name} has {word}.")
            expr, value = f"{_wrap(expr)} * {k}", value * k
        steps.append(value)
    sentences.append(f"How many {item} does {name} have now?")
    assert evaluate(expr) == value, (expr, value)
    return Problem(text=" ".join(sentences), expression=expr, answer=value, steps=tuple(steps))


def _split_of(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return "test" if digest[0] % 10 == 0 else "train"


class ArithmeticEnv:
    """Word problems with a calculator; `difficulty` is the number of operations (1-5)."""

    name = "arithmetic"

    def __init__(self, max_turns: int = 4, max_output_chars: int = 200,
                 recovery: float = 0.0) -> None:
        self.max_turns = max_turns
        self.max_output_chars = max_output_chars
        self.recovery = recovery  # the noisy expert's chance to recover from a broken call

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        if split not in ("train", "test"):
            raise ValueError(f"split must be 'train' or 'test', got {split!r}")
        if difficulty is not None and not 1 <= difficulty <= _MAX_DIFFICULTY:
            raise ValueError(f"difficulty must be in 1..{_MAX_DIFFICULTY}, got {difficulty}")
        rng = random.Random(f"arithmetic:{seed}")
        out: list[Task] = []
        seen: set[str] = set()
        while len(out) < n:
            d = difficulty or rng.randint(1, _MAX_DIFFICULTY)
            p = make_problem(rng, d)
            if _split_of(p.text) != split or p.text in seen:
                continue
            seen.add(p.text)
            uid = hashlib.sha256(p.text.encode()).hexdigest()[:10]
            out.append(Task(
                id=f"arith-{split}-{uid}", env=self.name, difficulty=d,
                prompt=(Message(role="system", content=SYSTEM_PROMPT),
                        Message(role="user", content=p.text)),
                metadata={"expression": p.expression, "steps": list(p.steps)},
                verification={"answer": p.answer},
            ))
        return out

    def reset(self, task: Task) -> Episode:
        return ToolEpisode(task, ToolRegistry([calculator], max_output_chars=self.max_output_chars))

    def expert(self, noise: float = 0.0, seed: int = 0) -> ExpertPolicy:
        """The scripted demonstrator; `noise` > 0 gives the noisy expert."""
        return ExpertPolicy(noise=noise, recovery=self.recovery, seed=seed)

    def grader(self) -> Grader:
        return numeric_grader()


# ---------------------------------------------------------------------------------- experts

def plausible_slip(answer: int, steps: Sequence[int], rng: random.Random) -> int:
    """A wrong answer of the kind people make: drop the last step, off by one or ten, or flip
    the sign of the last change."""
    prev = steps[-2] if len(steps) >= 2 else None
    options = [answer + 1, answer - 1, answer + 10, answer - 10]
    if prev is not None:
        options += [prev, prev - (answer - prev)]
    options = [o for o in options if o != answer]
    return rng.choice(options)


_BROKEN_CALLS = (
    lambda e: '<tool_call>{"name": "calculator", "arguments": {"expression": "' + e + '"}</tool_call>',
    lambda e: '<tool_call>{"name": "calc", "arguments": {"expression": "' + e + '"}}</tool_call>',
    lambda e: '<tool_call>{"name": "calculator", "arguments": {"expression": 0}}</tool_call>',
    lambda e: f"calculator({e})",
)


class ExpertPolicy:
    """Scripted demonstrator: calculator call with the full expression, then the answer.

    `noise` > 0 turns it into the noisy expert (see module docstring); `format_share` is the
    share of noisy episodes that break the format instead of skipping the tool.
    """

    scripted = True  # a scripted demonstrator: no context window, no sampling

    def __init__(self, noise: float = 0.0, format_share: float = 0.5, recovery: float = 0.0,
                 seed: int = 0, renderer: ChatRenderer | None = None) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        self.noise, self.format_share, self.recovery, self.seed = noise, format_share, recovery, seed
        self.name = "expert" if noise == 0 else f"noisy-expert({noise:g})"
        self.renderer = renderer or ByteRenderer()
        self._fmt = HermesFormat()

    def _mode(self, task: Task, sample: int) -> tuple[str, random.Random]:
        rng = random.Random(f"{self.seed}:{task.id}:{sample}")
        if rng.random() >= self.noise:
            return "clean", rng
        if rng.random() < self.format_share:
            return ("format-recover" if rng.random() < self.recovery else "format"), rng
        return "slip", rng

    def _act(self, req: GenerationRequest) -> str:
        task = req.task
        if task is None:
            raise ValueError("the scripted expert needs GenerationRequest.task")
        mode, rng = self._mode(task, req.sample_index)
        expr = task.metadata["expression"]
        answer = int(task.verification["answer"])
        turn = sum(m.role == "assistant" for m in req.messages)
        call = self._fmt.render_call(ToolCall(name="calculator", arguments={"expression": expr}))
        slip = self._fmt.render_answer(str(plausible_slip(answer, task.metadata["steps"], rng)))
        last = req.messages[-1].content if turn else ""
        if mode == "slip":
            return slip
        if mode == "format" or (mode == "format-recover" and turn == 0):
            return rng.choice(_BROKEN_CALLS)(expr) if turn == 0 else slip
        # clean, or recovering after a broken call
        if not req.messages or req.messages[-1].role != "tool" or last.startswith("Error"):
            return call
        return self._fmt.render_answer(last)

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        return [Generation(text=self._act(r)) for r in requests]

    def release(self, key: str) -> None:
        pass
