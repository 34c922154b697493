"""The arithmetic world's one tool, `calculator`, and the safe evaluator behind it: numbers,
+ - * / // % ** and parentheses only, parsed with `ast` (never `eval`), so a model cannot run
code through the tool."""

from __future__ import annotations

import ast
import operator

from veriloop.tools import tool

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
