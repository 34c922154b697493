"""Writes `math_pairs.jsonl`, the labeled answer pairs that `veriloop graders audit` measures
math verifiers on. Written for veriloop; the labels are by meaning, decided by hand per template
(a template fixes which forms are equivalent), not by running any checker.

Each line: {"gold", "answer", "equivalent", "category"} plus optional "simplest_form" (the task
demands simplest form) and "question" (the task's text, for answers that only restate it).
Run `python -m veriloop.graders.data.build_math_pairs` to regenerate.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).with_name("math_pairs.jsonl")


def _p(rows: list[dict], cat: str, gold: str, answer: str, eq: bool, **extra: object) -> None:
    rows.append({"gold": gold, "answer": answer, "equivalent": eq, "category": cat, **extra})


def integers(rows: list[dict]) -> None:
    for n in (7, 42, 128, 1024, -15, 2026, 99, 360):
        _p(rows, "integer", str(n), str(n), True)
        _p(rows, "integer", str(n), f"\\boxed{{{n}}}", True)
        _p(rows, "integer", str(n), f"The final answer is {n}.", True)
        _p(rows, "integer", str(n), f"{n}.0", True)
        _p(rows, "integer", str(n), str(n + 1), False)
        _p(rows, "integer", str(n), str(-n), False)
        _p(rows, "integer", str(n), f"{n}0", False)


def fractions(rows: list[dict]) -> None:
    for p, q in ((3, 4), (1, 8), (5, 2), (7, 16), (-2, 5), (9, 20)):
        f = Fraction(p, q)
        tex = f"\\frac{{{p}}}{{{q}}}" if p > 0 else f"-\\frac{{{-p}}}{{{q}}}"
        dec = str(float(f))
        _p(rows, "fraction", tex, f"{p}/{q}", True)
        _p(rows, "fraction", tex, dec, True)
        _p(rows, "fraction", tex, tex.replace("\\frac", "\\dfrac"), True)
        _p(rows, "fraction", f"{p}/{q}", tex, True)
        _p(rows, "fraction", tex, f"{q}/{p}", False)
        _p(rows, "fraction", tex, f"{p}/{q + 1}", False)
        # the same value written unreduced: fine unless simplest form is demanded
        _p(rows, "simplest_form", tex, f"{2 * p}/{2 * q}", True)
        _p(rows, "simplest_form", tex, f"{2 * p}/{2 * q}", False, simplest_form=True)
        _p(rows, "simplest_form", tex, f"{p}/{q}", True, simplest_form=True)


def decimals_percent(rows: list[dict]) -> None:
    for d, pct in (("0.25", "25"), ("0.125", "12.5"), ("0.6", "60"), ("1.5", "150")):
        _p(rows, "decimal", d, d + "0", True)
        _p(rows, "decimal", d, d.lstrip("0") if d.startswith("0") else d, True)
        _p(rows, "percent", f"{pct}\\%", f"{pct}%", True)
        _p(rows, "percent", f"{pct}\\%", d, True)
        _p(rows, "percent", f"{pct}\\%", f"{pct}", True)  # the % sign is conventionally optional
        _p(rows, "percent", d, f"{pct}\\%", True)
        _p(rows, "percent", d, pct, False)  # 25 is not 0.25 when no percent is written
        _p(rows, "decimal", d, str(float(d) * 10), False)
    for a, b in (("3.14", "3.15"), ("0.001", "0.01"), ("2.5", "25"), ("1.0001", "1.001")):
        _p(rows, "decimal", a, b, False)
    _p(rows, "decimal", "1000000", "1,000,000", True)
    _p(rows, "decimal", "1500", "1.5 \\times 10^{3}", True)
    _p(rows, "decimal", "1500", "1.5 \\times 10^{4}", False)
    _p(rows, "decimal", "0.0005", "5 \\times 10^{-4}", True)


def latex_expr(rows: list[dict]) -> None:
    eq = [("\\frac{\\sqrt{2}}{2}", "\\sqrt{2}/2"), ("\\frac{\\pi}{2}", "\\pi/2"),
          ("2\\sqrt{3}", "\\sqrt{12}"), ("(x+1)^2", "x^2+2x+1"), ("x^2-9", "(x-3)(x+3)"),
          ("\\frac{1}{\\sqrt{2}}", "\\frac{\\sqrt{2}}{2}"), ("3+4i", "4i+3"),
          ("e^{2}", "e^2"), ("\\sqrt[3]{8}", "2"), ("\\log_2 8", "3"), ("2^{10}", "1024"),
          ("\\frac{3\\pi}{4}", "0.75\\pi"), ("\\sin^2 x + \\cos^2 x", "1"),
          ("\\frac{a+b}{2}", "\\frac{b+a}{2}"), ("6\\sqrt{2}", "\\sqrt{72}"),
          ("\\left(\\frac{1}{2}\\right)^3", "\\frac{1}{8}"), ("2x+3", "3+2x")]
    neq = [("\\frac{\\sqrt{2}}{2}", "\\sqrt{2}"), ("\\frac{\\pi}{2}", "\\pi"),
           ("2\\sqrt{3}", "3\\sqrt{2}"), ("(x+1)^2", "x^2+1"), ("x^2-9", "(x-3)^2"),
           ("3+4i", "3-4i"), ("e^{2}", "2e"), ("\\log_2 8", "8"), ("2^{10}", "1000"),
           ("\\frac{3\\pi}{4}", "\\frac{4\\pi}{3}"), ("\\frac{a+b}{2}", "\\frac{a-b}{2}"),
           ("2x+3", "2x-3"), ("\\sqrt{5}", "5"), ("x^3", "3x"), ("\\frac{1}{x}", "x")]
    for g, a in eq:
        _p(rows, "latex", g, a, True)
    for g, a in neq:
        _p(rows, "latex", g, a, False)
    for g, a, ok in (("2\\sqrt{2}", "\\sqrt{8}", False), ("2\\sqrt{2}", "2\\sqrt{2}", True),
                     ("\\frac{\\sqrt{2}}{2}", "\\frac{1}{\\sqrt{2}}", False),
                     ("\\frac{\\sqrt{2}}{2}", "\\frac{\\sqrt{2}}{2}", True),
                     ("3", "6/2", False), ("3", "3", True), ("3", "3/1", False),
                     ("\\frac{5}{6}", "\\frac{1}{2}+\\frac{1}{3}", False),
                     ("\\frac{5}{6}", "\\frac{5}{6}", True), ("8", "2^3", False),
                     ("3\\sqrt{5}", "\\sqrt{45}", False), ("3\\sqrt{5}", "3\\sqrt{5}", True),
                     ("\\frac{3}{2}", "1.5", True), ("\\frac{3}{2}", "\\frac{6}{4}", False)):
        _p(rows, "simplest_form", g, a, ok, simplest_form=True)
    for g, a in (("2\\sqrt{2}", "\\sqrt{8}"), ("3", "6/2"), ("8", "2^3"),
                 ("\\frac{5}{6}", "\\frac{1}{2}+\\frac{1}{3}"), ("3\\sqrt{5}", "\\sqrt{45}")):
        _p(rows, "simplest_form", g, a, True)  # same pairs, simplest form not demanded


def intervals_sets(rows: list[dict]) -> None:
    for g, a, ok in (
        ("(1,2]", "(1, 2]", True), ("(1,2]", "[1,2)", False), ("(1,2]", "(1,2)", False),
        ("[0,\\infty)", "[0, \\infty)", True), ("[0,\\infty)", "(0,\\infty)", False),
        ("(-\\infty,3)", "x<3", True), ("(-\\infty,3)", "x \\le 3", False),
        ("[-1,1]", "-1 \\le x \\le 1", True), ("[-1,1]", "-1 < x < 1", False),
        ("(-\\infty,-2)\\cup(2,\\infty)", "(-\\infty,-2) \\cup (2,\\infty)", True),
        ("(-\\infty,-2)\\cup(2,\\infty)", "(-2,2)", False),
        ("(2,5)", "2<x<5", True), ("(2,5)", "(2,5]", False),
        ("\\{1,2,3\\}", "\\{3,1,2\\}", True), ("\\{1,2,3\\}", "\\{1,2\\}", False),
        ("\\{1,2,3\\}", "\\{1,2,3,4\\}", False), ("\\{-1, 1\\}", "\\{1,-1\\}", True),
        ("\\{-1, 1\\}", "\\{1\\}", False), ("\\emptyset", "\\{\\}", True),
        ("\\{0\\}", "\\emptyset", False),
    ):
        _p(rows, "interval_set", g, a, ok)
    # list answers ("all solutions, comma separated") that differ in exactly one term
    for base in ((1, 2, 3, 4), (2, 3, 5, 7, 11), (-3, 0, 3), (10, 20, 30), (1, 4, 9, 16, 25)):
        g = ", ".join(map(str, base))
        _p(rows, "list", g, ", ".join(map(str, reversed(base))), True)
        _p(rows, "list", g, ", ".join(map(str, base[:-1] + (base[-1] + 1,))), False)
        _p(rows, "list", g, ", ".join(map(str, base[:-1])), False)
        _p(rows, "list", g, ", ".join(map(str, base + (base[-1] * 2,))), False)
    _p(rows, "list", "2, 3", "x=2 \\text{ or } x=3", True)
    _p(rows, "list", "2, 3", "x=2 \\text{ or } x=4", False)
    _p(rows, "list", "1,2,3", "123", False)
    _p(rows, "tuple", "(3, 4)", "(3,4)", True)
    _p(rows, "tuple", "(3, 4)", "(4, 3)", False)
    _p(rows, "tuple", "(1, -2, 5)", "(1, -2, 5)", True)
    _p(rows, "tuple", "(1, -2, 5)", "(1, 2, 5)", False)


def equations(rows: list[dict]) -> None:
    for g, a, ok in (
        ("y=2x+1", "y = 2x + 1", True), ("y=2x+1", "y-2x-1=0", True),
        ("y=2x+1", "2y=4x+2", True), ("y=2x+1", "y=2x-1", False), ("y=2x+1", "y=x+1", False),
        ("x^2+y^2=25", "x^2+y^2-25=0", True), ("x^2+y^2=25", "x^2+y^2=5", False),
        ("x=5", "5", True), ("x=5", "x = 5", True), ("x=5", "x=-5", False),
        # different equations that both become "... = 0": a checker that moves every term
        # to one side and compares the (zero) right-hand sides wrongly accepts these
        ("x+y=3", "x-y=1", False), ("2x=4", "3x=9", False), ("x^2=4", "x^2=9", False),
        ("x-1=0", "x-2=0", False), ("y=3x", "y=-3x", False), ("a+b=c", "a-b=c", False),
        ("3x-6=0", "x-2=0", True),
    ):
        _p(rows, "equation", g, a, ok)


def factorials(rows: list[dict]) -> None:
    for n, v in ((4, 24), (5, 120), (6, 720), (7, 5040)):
        _p(rows, "factorial", str(v), f"{n}!", True)
        _p(rows, "factorial", f"{n}!", str(v), True)
        _p(rows, "factorial", str(n), f"{n}!", False)  # stripping "!" as punctuation breaks this
        _p(rows, "factorial", f"{n}!", f"{n - 1}!", False)
        _p(rows, "factorial", str(v), f"{n + 1}!", False)
    _p(rows, "factorial", "\\frac{10!}{3!7!}", "120", True)
    _p(rows, "factorial", "\\frac{10!}{3!7!}", "\\frac{10!}{3!6!}", False)
    _p(rows, "factorial", "\\binom{10}{3}", "120", True)
    _p(rows, "factorial", "\\binom{10}{3}", "\\binom{10}{4}", False)
    _p(rows, "factorial", "8!", "40320", True)
    _p(rows, "factorial", "8!", "40321", False)


def restatements(rows: list[dict]) -> None:
    for q, gold, restated, right in (
        ("Compute $\\binom{10}{3}$.", "120", "\\binom{10}{3}", "120"),
        ("What is $17 \\times 23$?", "391", "17 \\times 23", "391"),
        ("Simplify $\\sqrt{72}$.", "6\\sqrt{2}", "\\sqrt{72}", "6\\sqrt{2}"),
        ("Evaluate $2^{12}$.", "4096", "2^{12}", "4096"),
        ("Find $\\frac{3}{4} + \\frac{1}{6}$.", "\\frac{11}{12}", "\\frac{3}{4} + \\frac{1}{6}",
         "\\frac{11}{12}"),
        ("What is $7!$ divided by $5!$?", "42", "7!/5!", "42"),
        ("Compute $\\log_3 81$.", "4", "\\log_3 81", "4"),
        ("What is $15\\%$ of $80$?", "12", "15\\% \\cdot 80", "12"),
    ):
        _p(rows, "restates_question", gold, restated, False, question=q)
        _p(rows, "restates_question", gold, right, True, question=q)


def non_answers(rows: list[dict]) -> None:
    for gold, ans in (
        ("4", ":"), ("12", "Thought process:"), ("4", "Let me think step by step."),
        ("4", "To solve this we add the two numbers and then divide the total by 4."),
        ("7", ""), ("7", "   "), ("\\frac{1}{2}", "The answer is"), ("3", "Answer:"),
        ("9", "I am not sure what the answer should be."), ("2", "See the explanation above."),
        ("5", "\\boxed{}"), ("10", "We need to find the value of x such that 2x = 10 holds."),
        ("6", "First, note that 2 and 3 multiply nicely; the rest follows."),
        ("1", "Thought process: the problem asks for the smallest positive integer."),
        ("100", "..."), ("0", "N/A"), ("8", "**Final Answer**"),
        ("3", "The question asks how many sides a triangle has."),
        ("24", "Step 1: compute 4 factorial. Step 2: report it."),
        ("\\frac{3}{4}", "As computed, the ratio follows from 3 over 4 parts of the whole."),
    ):
        _p(rows, "non_answer", gold, ans, False)


def wrapped(rows: list[dict]) -> None:
    for gold, ans, ok in (
        ("12", "After adding, we get 12.\n\nFinal answer: 12", True),
        ("12", "Thus $\\boxed{12}$.", True), ("12", "Therefore the answer is $\\boxed{13}$.", False),
        ("\\frac{2}{3}", "So the probability is \\boxed{\\frac{2}{3}}", True),
        ("\\frac{2}{3}", "I first thought \\boxed{\\frac{3}{2}}, but it is \\boxed{\\frac{2}{3}}.",
         True),
        ("\\frac{2}{3}", "It is \\boxed{\\frac{2}{3}}... no wait, \\boxed{\\frac{1}{3}}.", False),
        ("5", "5 cm", True), ("5", "5\\text{ cm}", True), ("5", "6 cm", False),
        ("90^\\circ", "90", True), ("45", "45^\\circ", True), ("\\$18.50", "18.5", True),
        ("\\$18.50", "18.05", False),
    ):
        _p(rows, "wrapped", gold, ans, ok)


def pathological(rows: list[dict]) -> None:
    _p(rows, "pathological", "1", "10^{10^{10^{10}}}", False)
    _p(rows, "pathological", "2", "((((((((((((((((x))))))))))))))))^{99999}", False)


def held_out(rows: list[dict]) -> None:
    """Written after the verifier was tuned on the rest and run once as they stand; the audit
    reports this category on its own (`by_category`)."""
    for gold, ans, ok in (
        ("\\frac{1}{3}", "0.333", False), ("\\frac{1}{3}", "0.\\overline{3}", True),
        ("2", "x=2", True), ("3", "three", True), ("\\sqrt{2}", "1.414", False),
        ("\\pi", "3.14159", False), ("-3", "- 3", True), ("1/2", "\\frac12", True),
        ("(0, 1)", "(0,1)", True), ("a^2+b^2", "b^2+a^2", True),
        ("6", "The answer is 6 because 2 times 3 is 6.", True),
        ("6", "The answer is 7, not 6.", False), ("x^2", "x**2", True),
        ("12", "12 apples", True), ("4", "\\boxed{4}\\boxed{5}", False),
        ("2", "$2$ or $-2$", False), ("1000", "10^3", True), ("1000", "1e3", True),
        ("3.5", "7/2", True), ("3.5", "3\\frac{1}{2}", True),
    ):
        _p(rows, "held_out", gold, ans, ok)


def build() -> list[dict]:
    rows: list[dict] = []
    for part in (integers, fractions, decimals_percent, latex_expr, intervals_sets, equations,
                 factorials, restatements, non_answers, wrapped, pathological, held_out):
        part(rows)
    return rows


def main() -> None:
    rows = build()
    with OUT.open("w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    pos = sum(r["equivalent"] for r in rows)
    print(f"wrote {len(rows)} pairs ({pos} equivalent, {len(rows) - pos} not) to {OUT}")


if __name__ == "__main__":
    main()
