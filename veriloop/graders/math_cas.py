"""Answers and golds written in a computer-algebra system's plain syntax, read by sympy itself.

Golds exported from a CAS, and answers of models that were shown them, name operations the
way sympy does: `factorial(n)`, `factorial2(n)`, `summation(2*k - 1, (k, 1, n))` (or
`sum(...)`), `int(3*x*y, (x, 0, 2))` (or `integrate(...)`), `log(a, b)` for the logarithm of
a to base b, and calls that only rewrite a value (`expand(...)`, `factor`, `simplify`, `apart`,
`together`, `cancel`), read as their argument. math-verify reads LaTeX and plain arithmetic, not these calls, so it compared
`n!` with the symbol `factorial` times n, and a sum with a tuple. When either side makes such
a call, both are read here as sympy expressions (the sum or integral done), which also reads
`n!` and `n!!` and a product written without `*` (`6y`, `aB`), and compared by their
difference (or by evaluation, `math_numeric.agree_numerically`). A side in sympy's syntax that
calls a function math-verify reads as a product of letters (`asinh(a)`, `gcd(a, b)`, `Max(a,
b)`, `floor(x)`, `pi**Abs(x*y)`, `factorial(x + 1)`: how a parser's tests print an expected
value) is read by sympy against the other side in TeX read by math-verify
(`same_sympy_call_value`).

The text is model output, and sympy's parser evaluates Python: it is read only when every
character is arithmetic, brackets, commas and names, no name starts with `_` or follows a `.`,
and names resolve in a namespace of sympy's classes and the functions below only, with no
Python builtins, so `eval(...)` or `open(...)` in an answer is a symbol times a tuple, never a
call. A string literal cannot be written (no quotes), so nothing reaches a nested sympify.

Plain-text notation as calculators, CAS front ends and their users write it is read here too,
when both sides are plain text (no TeX) and one of them uses a form math-verify misreads: a
function raised to a power (`sin^2 x` is (sin x)^2; `tan^(-1)(x)` and `sin^-1 x` the inverse),
a function applied without brackets (`csc x`, `x ln x`, `sqrt x`), absolute-value bars
(`ln|x|`), functions it does not know (`cbrt`, `atan2`, `binom`, `floor`, `ceil`, `sec`,
`csc`, `cot`, `arccot`, `log_2(8)` for a base), a bare negative exponent (`3^-x`, `b^-1`),
and a product after a fraction (`1/3p` is p/3 and `3/2(y+5)` is (3/2)(y+5), read left to right
as sympy and calculators do; math-verify read the denominator as 3p; so is `1/2 mv^2`, the space a
product sign), `log10(x)` and `log2(x)` (a base in the name), and names with a digit (`x1`, `x2`)
when the gold uses such names (math-verify reads `x1` as x times 1). Once either side uses such a
name, `x1` is a name on both sides: `v1` is not `v`, nor `x1 + x2` 3x. Unicode superscripts
(`mv²`, `s⁻²`) are read as powers first. Two such equations are compared as relations
(`math_relations`).
"""

from __future__ import annotations

import re
from typing import Any

from veriloop.graders.math_numeric import agree_numerically
from veriloop.graders.math_relations import compare_relations

# lazy: sympy is imported inside the functions, as in the other math_* modules: it takes about
# a second to import and only the worker processes that check answers need it

_CALL = re.compile(r"(?<![\w.])(?:factorial2?|summation|sum|integrate|int|expand|factor|simplify"
                   r"|apart|together|cancel)\s*\(")
# calls that only rewrite their argument: its value, whatever form they would print
_SAME_VALUE = ("expand", "factor", "simplify", "apart", "together", "cancel")
_TWO_ARG_LOG = re.compile(r"(?<![\w.])log\s*\(([^(),]|\([^()]*\))+,")
_ALLOWED_TEXT = re.compile(r"^[\w\s+\-*/^().,!=]*$")
_NAME = re.compile(r"[A-Za-z_]\w*")
_FUNCTIONS = ("factorial", "factorial2", "summation", "integrate", "log", "ln", "exp", "sqrt",
              "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "acot", "asec",
              "acsc", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "cbrt", "atan2",
              "binomial", "floor", "ceiling", "Abs", "Max", "Min", "gcd", "lcm", "real_root", "pi",
              "oo", "E")


_FN = (r"(?<![A-Za-z_])(?:arc(?:sin|cos|tan|cot|sec|csc)|a(?:sin|cos|tan|cot)|sinh|cosh|tanh"
       r"|sin|cos|tan|cot|sec|csc|ln|log|exp|sqrt|cbrt)")
# the plain-text forms math-verify misreads (module doc), one alternative each
_PLAIN_FORMS = re.compile(
    _FN + r"\s*\^"                                  # sin^2 x, tan^(-1)(x)
    + r"|" + _FN + r"\s+[A-Za-z0-9(]"                 # csc x, sin 2x
    + r"|(?<![A-Za-z_])(?:cbrt|atan2|binom|floor|ceil|sec|csc|cot|arccot|acot|log|ln|exp)\s*\("
    + r"|(?<![A-Za-z_])log_\w"                         # log_2(8)
    + r"|\^\s*-"                                      # 3^-x
    + r"|(?<![\w.])\d+\s*/\s*\d+(?:\.\d+)?\s*(?:[A-Za-z](?![A-Za-z])|\()"  # 1/3p, 3/2(y+5)
    + r"|(?<![\w.])\d+\s*/\s*\d+\s+[A-Za-z]"      # 1/2 mv^2: a space, then the factor
    + r"|(?<![A-Za-z_])log\d+\s*\("                    # log10(100), log2(8)
    + r"|\dpi(?![A-Za-z])")                           # sin(7pi)
_NOT_PLAIN = re.compile(r"[\\{}\[\]|%$]|[^\x00-\x7f]")  # TeX, sets, intervals, Unicode
_INVERSES = {"sin": "asin", "cos": "acos", "tan": "atan", "cot": "acot", "sec": "asec",
             "csc": "acsc", "sinh": "asinh", "cosh": "acosh", "tanh": "atanh"}
_RENAMED = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arccot": "acot",
            "arcsec": "asec", "arccsc": "acsc", "ln": "log", "binom": "binomial",
            "ceil": "ceiling", "abs": "Abs"}
# the argument of a function written without brackets: a term with its power (`ln x^2` is
# ln(x^2), as the power binds first)
_BARE_ARG = r"(?:\d*\.?\d*[A-Za-z]\w*|\d+(?:\.\d+)?)(?:\^[\w.]+)?"


# a name of a letter and digits (`x1`, `a12`), not a number's e-notation or a function's base
_DIGIT_NAME = re.compile(r"(?<![\w.])[A-Za-z]\d+(?![\w.])")
_SUPERSCRIPTS = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")


def uses_plain_notation(gold: str, answer: str) -> bool:
    """Whether both sides are plain text and one of them uses a form math-verify misreads, or
    the gold names a variable with a digit (`x1`)."""
    gold, answer = gold.replace("**", "^"), answer.replace("**", "^")  # Python's power: `sin**3(x)`
    return not (_NOT_PLAIN.search(gold) or _NOT_PLAIN.search(answer)) and bool(
        _PLAIN_FORMS.search(gold) or _PLAIN_FORMS.search(answer) or _DIGIT_NAME.search(gold))


def _superscript_powers(text: str) -> str:
    """`mv²` -> `mv^(2)`, `s⁻²` -> `s^(-2)`: Unicode superscripts as plain-text powers."""
    return _SUPERSCRIPTS.sub(
        lambda m: "^(" + m.group(0).translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")) + ")",
        text)


def _close(s: str, i: int) -> int | None:
    """Index just past the bracket that closes the one opened before position i."""
    depth = 1
    for j in range(i, len(s)):
        depth += {"(": 1, ")": -1}.get(s[j], 0)
        if depth == 0:
            return j + 1
    return None


def _explicit_calls(s: str) -> str:
    """Plain-text function notation as sympy calls: `sin^2 x` -> (sin(x))**2, `tan^(-1)(x)`
    -> atan(x), `csc x` -> csc(x), `log_2(8)` -> log(8, 2), `arccot` -> acot."""
    s = re.sub(r"(?<![A-Za-z_])log(\d+)\s*\(", r"log_\1(", s)  # log10(100): the base in the name
    s = re.sub(r"(?<![A-Za-z_])log_\(?(\w+)\)?\s*\(",
               lambda m: "log(" + "\x00" + m.group(1) + "\x00", s)
    while "\x00" in s:  # the base moves after the argument: log(8, 2)
        i = s.index("\x00")
        j = s.index("\x00", i + 1)
        base, end = s[i + 1:j], _close(s, j + 1)
        if end is None:
            return s.replace("\x00", "")
        s = s[:i] + s[j + 1:end - 1] + ", " + base + ")" + s[end:]
    head = re.compile(_FN + r"(?![\w])(?:\s*\^\s*(\(\s*-?\s*\w+\s*\)|-?\s*\d+))?\s*")
    out, pos = [], 0
    while (m := head.search(s, pos)):
        name = m.group(0).split("^")[0].strip()
        power = (m.group(1) or "").replace(" ", "").strip("()")
        rest = s[m.end():]
        if rest.startswith("("):
            end = _close(s, m.end() + 1)
            if end is None:
                break
            arg = s[m.end() + 1:end - 1]
        elif (b := re.match(_BARE_ARG, rest)) and b.group(0):
            end, arg = m.end() + b.end(), b.group(0)
        else:
            out.append(s[pos:m.end()])
            pos = m.end()
            continue
        name = _RENAMED.get(name, name)
        if power == "-1":
            call = f"{_INVERSES.get(name, name + '**(-1)')}({arg})"
        elif power:
            call = f"({name}({arg}))**({power})"
        else:
            call = f"{name}({arg})"
        out.append(s[pos:m.start()] + call)
        pos = end
    s = "".join(out) + s[pos:]
    return re.sub(r"(?<![A-Za-z_])(binom|ceil|abs|arc(?:sin|cos|tan|cot|sec|csc))(?=\s*\()",
                  lambda m: _RENAMED[m.group(1)], s)


def _same_plain_relation(gold: str, answer: str) -> bool | None:
    """Two plain-text equations compared as relations; None when either side is unreadable."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    sides = [re.split(r"(?<![<>=!])=(?!=)", t) for t in (gold, answer)]
    if any(len(p) != 2 for p in sides):
        return None
    names = bool(_DIGIT_NAME.search(gold) or _DIGIT_NAME.search(answer))
    read = [[read_cas(side, plain=True, digit_names=names) for side in p] for p in sides]
    if any(x is None for p in read for x in p):
        return None
    return compare_relations([sympy.Eq(*read[0], evaluate=False)],
                             [sympy.Eq(*read[1], evaluate=False)])


def _bars(text: str) -> str:
    """`ln|x|` -> `ln(Abs(x))`: absolute-value bars in plain text (no TeX, no set braces)."""
    return text if re.search(r"[\\{}]", text) else re.sub(r"\|([^|]+)\|", r"(Abs(\1))", text)


def uses_cas_syntax(text: str) -> bool:
    """Whether `text` calls a CAS function math-verify does not read (see module doc)."""
    return bool(_CALL.search(text) or _TWO_ARG_LOG.search(text))


def _namespace() -> dict[str, Any]:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    ns: dict[str, Any] = {"__builtins__": {}}
    for name in ("Integer", "Float", "Rational", "Symbol", "Function", "Mul", "Add", "Pow",
                 "Tuple", *_FUNCTIONS):
        ns[name] = getattr(sympy, name)
    for name in _SAME_VALUE:  # `expand((a+b)^3)` is (a+b)^3: no expansion run on model text
        ns[name] = _same_value
    return ns


def _same_value(expr: Any, *_: Any) -> Any:
    return expr


def read_cas(text: str, plain: bool = False, digit_names: bool = False) -> Any | None:
    """`text` as a sympy expression with sums and integrals done, or None when it is not
    plain CAS syntax (or holds anything the parser could run as Python). `plain`: plain-text
    notation (module doc), where `e` is Euler's number. `digit_names`: `x1` is a name (a side
    uses such names), not x times 1."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)
    from sympy.parsing.sympy_parser import (
        factorial_notation,
        implicit_multiplication,
        parse_expr,
        split_symbols,
        standard_transformations,
    )

    s = text.strip().strip("$").strip()
    if not s or not _ALLOWED_TEXT.match(s) or "__" in s or re.search(r"\.\s*[A-Za-z_]", s):
        return None
    if any(n.startswith("_") for n in _NAME.findall(s)) or re.search(r"(?<![!<>=])=(?!=)", s):
        return None  # an equation or assignment is not an expression
    if plain:  # Python's `**` is the caret here: `sin x**2` is sin(x^2), `sin**3(x)` sin(x)^3
        s = _explicit_calls(s.replace("**", "^"))
        # an `x` with spaces between two numbers is a product sign: `4.8 x 10^-5`
        s = re.sub(r"(?<=\d)\s+x\s+(?=\d)", " * ", s)
    if digit_names:  # sympy's symbol splitting would read x1 as x*1; x_1 it keeps whole
        s = _DIGIT_NAME.sub(lambda m: m.group(0)[0] + "_" + m.group(0)[1:], s)
    s = re.sub(r"(?<![\w.])sum\s*\(", "summation(", s)
    s = re.sub(r"(?<![\w.])int\s*\(", "integrate(", s).replace("^", "**")
    transformations = (*standard_transformations, factorial_notation, split_symbols,
                       implicit_multiplication)
    try:
        names = _namespace() | ({"e": sympy.E} if plain else {})
        expr = parse_expr(s, global_dict=names, transformations=transformations)
        if not isinstance(expr, sympy.Basic):
            expr = sympy.sympify(expr) if isinstance(expr, (int, float, bool)) else None
        return expr.doit() if isinstance(expr, sympy.Basic) else None
    except (SyntaxError, TypeError, ValueError, AttributeError, NameError, ZeroDivisionError,
            RecursionError, sympy.SympifyError, NotImplementedError):
        return None


def settled_exactly(g, a) -> bool | None:
    """Whether two values read by `read_cas` are equal, when that is settled without sampling:
    other than expressions they compare as they are, a value with no value (`zoo`, `nan`) is no
    credit, a difference that simplifies to 0 is equality; None otherwise."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not (isinstance(g, sympy.Expr) and isinstance(a, sympy.Expr)):
        return g == a
    if g.has(sympy.zoo, sympy.nan) or a.has(sympy.zoo, sympy.nan):
        return False  # no value, no credit
    if sympy.simplify(g - a) == 0:
        return True
    return None


# sympy's names for functions math-verify reads as products of letters in plain text ("asinh(a)"
# is a*s*i*n*h*a to it), or that it reads only as TeX (`\\max`, `\\lfloor x \\rfloor`, `n!`)
_SYMPY_CALL = re.compile(r"(?<![\w.])(?:a(?:sin|cos|tan)h|gcd|lcm|floor|ceiling|Max|Min|Abs|"
                         r"factorial|binomial)\s*\(")


def same_sympy_call_value(gold: str, answer: str, parse: Any) -> bool | None:
    """Whether a side in sympy's own syntax that calls one of its functions math-verify misreads
    (`asinh(a)`, `Max(a, b)`, `pi**Abs(x*y)`, `factorial(x + 1)`: how a parser's test suite
    prints its expected value) equals the other side in TeX (`\\sinh^{-1}(a)`, `\\max(a, b)`,
    `\\pi^{|xy|}`, `\\left(x + 1\\right)!`), read by math-verify (`parse`); None when neither
    side is such a call against TeX, or a side cannot be read."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    for cas, tex in ((gold, answer), (answer, gold)):
        if not _SYMPY_CALL.search(cas) or "\\" in cas or "\\" not in tex:
            continue
        c = read_cas(cas)
        t = next((x for x in parse(tex) if isinstance(x, sympy.Expr)), None)
        if c is None or t is None:
            return None
        # math-verify's symbols carry assumptions: the same names as plain symbols
        t = t.xreplace({x: sympy.Symbol(x.name) for x in t.free_symbols})
        settled = settled_exactly(c, t)
        return settled if settled is not None else bool(agree_numerically(c, t))
    return None


def numbers_agree(g: Any, a: Any) -> bool:
    """Whether two real numbers read by `read_cas` agree to 12 digits: floats from the same
    decimal digits differ in their last bits (`1.6 10^-19` against `1.6e-19`), and a value sympy
    does not simplify to the other (`atan(1/3) + atan(1/7)` against `atan(1/2)`) is still that
    number. Evaluation at points (`agree_numerically`) needs a variable."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not (isinstance(g, sympy.Expr) and isinstance(a, sympy.Expr) and g.is_number
            and a.is_number) or g.has(sympy.I) or a.has(sympy.I):
        return False
    gv, av = complex(sympy.N(g, 30)), complex(sympy.N(a, 30))
    return abs(gv - av) <= 1e-12 * max(abs(gv), abs(av))


def same_cas_value(gold: str, answer: str) -> bool | None:
    """Whether gold and answer are equal when either uses CAS syntax (`factorial(n)` = `n!`,
    a sum against its closed form); None when neither does or a side cannot be read."""
    gold, answer = _bars(_superscript_powers(gold)), _bars(_superscript_powers(answer))
    plain = uses_plain_notation(gold, answer)
    if not (plain or uses_cas_syntax(gold) or uses_cas_syntax(answer)):
        return None
    if plain and "=" in gold and "=" in answer:
        return _same_plain_relation(gold, answer)
    names = bool(_DIGIT_NAME.search(gold) or _DIGIT_NAME.search(answer))
    g, a = read_cas(gold, plain, names), read_cas(answer, plain, names)
    if g is None or a is None:
        return None
    settled = settled_exactly(g, a)
    if settled is not None:
        return settled
    if numbers_agree(g, a):
        return True
    if any(x.name == "i" for x in a.free_symbols):
        return None  # `exp(i*pi)`: whether i is the imaginary unit is math_complex's to read
    return bool(agree_numerically(g, a))
