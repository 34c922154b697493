"""Finding the final answer in a model's text, and the textual rewrites math-verify needs.

See `veriloop.graders.math_equiv` for the rules (its module docstring) and the equivalence check
that uses them. Everything here is plain string work: no sympy, no parsing of math.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from veriloop.graders import math_notation as notation
from veriloop.graders import math_plain as plain

# GSM8K's final-answer line ("work ... #### 72") is an anchor like "Answer:"; so is the word in
# the languages of European schools' checkers ("Ответ: 0.5", "Réponse : 3")
_ANCHOR = re.compile(r"(?:final\s+answer|answer|ответ|відповідь|réponse|respuesta|resposta|risposta"
                     r"|antwort)\s*(?:is|:|=)?\s*[:=]?|(?<!#)####(?!#)\s*:?", re.IGNORECASE)
# Greek letters spelled out in a plain-text answer ("beta + gamma", "2 theta") are names, not
# prose or units
_GREEK = plain.GREEK
_MATH_WORDS = frozenset([
    "or", "and", "in", "pi", "inf", "infty", "sin", "cos", "tan", "cot", "sec", "csc", "log",
    "ln", "exp", "sqrt", "frac", "cm", "mm", "km", "kg", "m", "s", "degrees", "degree", "units",
    "unit", "dollars", "cents", "mod", "abs", "asin", "acos", "atan", "arcsin", "arccos", "arctan",
    "sinh", "cosh", "tanh", "cbrt", "acot", "arccot", "asec", "arcsec", "acsc", "arccsc", *_GREEK])
# an anchored answer often goes on to justify itself: "The answer is 6 because ..."
_JUSTIFICATION = re.compile(r"\s*,?\s*\b(?:because|since|as|so that|which|given that)\b.*$",
                            re.IGNORECASE | re.DOTALL)
_SENTENCE_END = re.compile(r"\.\s+[A-Z].*$", re.DOTALL)
# a remark after the value: where it is attained, or the same value restated ("7+e^{-4}, attained
# at (-2,3)", "-1/4 (i.e., -$0.25)")
_REMARK = re.compile(r"\s*(?:,\s*(?:attained|achieved|reached)\b.*|\(\s*(?:i\.e\.|e\.g\.)[^()]*\))\s*\.?\s*$",
                     re.IGNORECASE | re.DOTALL)
_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_GREEK_WORD = re.compile(r"[\u0370-\u03ff]{2,}")
_GLUED_LETTERS = re.compile(r"(?<=[\d+\-*/^=(])[A-Za-z]{2,4}(?![A-Za-z])|(?<![A-Za-z\\])[A-Za-z]{2,4}(?=[\d+\-*/^=)])")


# a box command whose backslash is not escaped: in "\\boxed{42}" the "\\" is a TeX line break and
# "boxed" a word, no box; after an odd run of backslashes ("\\\boxed{42}") the box is real
_BOX = re.compile(r"(?<!\\)(?:\\\\)*(\\(?:boxed|fbox)\s*\{)")


def last_boxed(text: str) -> str | None:
    """Content of the last `\\boxed{...}` / `\\fbox{...}` (braces balanced), or None."""
    starts = [m.end() for m in _BOX.finditer(text)]
    if not starts:
        return None
    i, depth = starts[-1], 1
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return text[i:j]
    return None


def strip_delims(s: str) -> str:
    s = re.sub(r"(?<![\\,;])[,;]$", "", s.strip().rstrip(".").strip()).strip()  # "42," "42;"
    for a, b in (('\\"', '\\"'), ('"', '"'), ("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]"),
                 ("`", "`")):  # a markdown code span: "`4/7`"
        if s.startswith(a) and s.endswith(b) and len(s) >= len(a) + len(b):
            s = s[len(a):len(s) - len(b)].strip()
    s = re.sub(r"(?<!\\)\\$", "", s.rstrip(".").strip()).strip()
    # a closing math delimiter whose opening was cut off with the text before it ("49\\)",
    # "6 \\text{ hours} \\]"), or an opening one never closed: it delimits nothing
    for a, b in (("\\(", "\\)"), ("\\[", "\\]")):
        opens, closes = len(re.findall(re.escape(a), s)), len(re.findall(re.escape(b), s))
        if opens != closes and min(opens, closes) == 0:
            s = re.sub(r"\s*(?<!\\)" + re.escape(b if closes else a) + r"\s*", " ", s).strip()
    if re.fullmatch(r"(?:(?<!\\)\$[^$]+\$|[\s,;\d.\-])+", s):  # "$\\frac{1}{3}$ , 0": $ per item
        s = re.sub(r"(?<!\\)\$", "", s).strip()
    # one "}" too many after the answer, as copied out of "\\boxed{...}}": it closes nothing
    extra = len(re.findall(r"(?<!\\)\}", s)) - len(re.findall(r"(?<!\\)\{", s))
    while extra > 0 and re.search(r"(?<!\\)\}$", s):
        s, extra = s[:-1].rstrip(), extra - 1
    return s


def _without_text_blocks(s: str) -> str:
    return re.sub(r"\\(?:text|mathrm|textbf|mbox)\s*\{[^{}]*\}", " ", s)


def _repeating(m: re.Match[str]) -> str:
    sign, whole, fixed, rep = m.group(1), m.group(2) or "0", m.group(3), m.group(4)
    num = int(whole + fixed + rep) - int(whole + fixed)
    den = 10 ** len(fixed) * (10 ** len(rep) - 1)
    return f"{sign}\\frac{{{num}}}{{{den}}}"


_SINGLE_NUMBER = re.compile(r"^\s*-?[\d\s,.\\]*\d\s*$")


def normalize_numbers(s: str) -> str:
    """Digit grouping and decimal commas in an answer that is ONE number: "1 000", "1\\,000",
    "1{,}000" and "1,000.99" lose their separators; "1000,99" and "2,74" (a comma followed by
    one, two or four-plus digits, as continental Europe writes decimals) become "1000.99" and
    "2.74". Lists ("1, 2", "1,2,3") are left alone."""
    t = s.replace("{,}", ",").replace("\\,", " ").replace("\\ ", " ")
    core = strip_delims(t)
    if not _SINGLE_NUMBER.match(core) or not re.search(r"\d[\s,]\d", core):
        return s
    if re.fullmatch(r"\s*-?(?:\d+,(?:\d{1,2}|\d{4,})|0,\d+)\s*", core):
        return core.replace(",", ".").strip()
    if re.fullmatch(r"\s*-?\d{1,3}(?:(?: \d{3})+|(?:,\d{3})+)(?:\.\d+)?\s*", core):
        return re.sub(r"[ ,]", "", core)
    return s


# "4 4/9", "4\\ \\frac{4}{9}": a whole number and a proper fraction side by side on one line
# ("7\n2/5" is two answers, not 7 2/5)
_MIXED = re.compile(r"(?<![\d.,/}])(\d+)(?:[ \t]|\\[ ,;!])+(?:(\d+)/(\d+)|\\[dt]?frac\{(\d+)\}\{(\d+)\})"
                    r"(?![\d./^])")


def _mixed(m: re.Match[str]) -> str:
    whole, num, den = m.group(1), m.group(2) or m.group(4), m.group(3) or m.group(5)
    if int(num) >= int(den):
        return m.group(0)  # "2 5/3" is no mixed number: left as written
    return f"\\left({whole}+\\frac{{{num}}}{{{den}}}\\right)"


# "1 000", "2\\,500 000": digit groups of three, which math-verify reads as a product (2·000 = 0)
_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:(?: |\\[,;: ]|~)\d{3})+(?![\d.,/])")
# percent written as a word or abbreviation after a number or a group: "28pct", "5 percentage"
_PERCENT_WORD = re.compile(r"(?<=[\d})])\s*(\\(?:text|mbox|mathrm)\s*\{\s*)?"
                           r"(?:per\s*cent(?:age)?|percentage|pct)(?![A-Za-z])(?(1)\s*\})",
                           re.IGNORECASE)


# function names written as in Python or sympy ("sin(x)**2", "Abs(x)"): math-verify's LaTeX
# reader takes a bare "sin" for the product s*i*n
_PLAIN_FUNCTION = re.compile(r"(?<![\\A-Za-z])(arcsin|arccos|arctan|asin|acos|atan|sinh|cosh|"
                             r"tanh|sin|cos|tan|sec|csc|cot|exp|log|ln)(?=\s*\()")
_INVERSE = {"asin": "arcsin", "acos": "arccos", "atan": "arctan"}
_ABS = re.compile(r"(?<![\\A-Za-z])[Aa]bs\s*\(")
# a number glued to a function as its argument ("6cos4" is 6 cos(4)); not to log, whose digits
# name a base ("log2(8)")
_GLUED_ARGUMENT = re.compile(r"(?<![\\A-Za-z])(sinh|cosh|tanh|sin|cos|tan|sec|csc|cot|ln)"
                             r"(\d+(?:\.\d+)?)(?![\w.(^])")
# a function name before its argument without brackets ("cos 4", "sin x"): as a TeX command it
# reads as the function applied; math-verify reads the bare letters as a product c*o*s*4. Not
# "sec", a unit word ("30 sec")
_BARE_CALL = re.compile(r"(?<![\\A-Za-z])(arcsin|arccos|arctan|sinh|cosh|tanh|sin|cos|tan|csc|cot|"
                        r"exp|log|ln)\s+(?=[A-Za-z0-9])")
_SQRT = re.compile(r"(?<![\\A-Za-z])sqrt\s*\(")
# a function call as an exponent: "x^\\log(y)" is read as (x^\\log)(y) unless braced
_CALL_EXPONENT = re.compile(r"\^\s*(?=\\(?:arcsin|arccos|arctan|sinh|cosh|tanh|sin|cos|tan|sec|"
                            r"csc|cot|exp|log|ln)\s*\()")


def plain_functions(s: str) -> str:
    """Python/sympy function names as LaTeX: "sin(x)" -> "\\sin(x)", "atan(x)" -> "\\arctan(x)",
    "Abs(x+Abs(y))" -> "\\lvert x+\\lvert y\\rvert \\rvert ", "sqrt((2x+10)/10)" ->
    "\\sqrt{(2x+10)/10}" (the whole balanced argument: math-verify's own rewrite stops at the
    first ")"), "x^log(y)" -> "x^{\\log(y)}", "6cos4" -> "6\\cos(4)" and "cos 4" -> "\\cos 4"."""
    s = _BARE_CALL.sub(r"\\\1 ", _GLUED_ARGUMENT.sub(r"\1(\2)", s))
    s = _PLAIN_FUNCTION.sub(lambda m: "\\" + _INVERSE.get(m.group(1), m.group(1)), s)
    # \lvert, not a bare bar: "3 |-4|" after a number reads as a closing bar ("|b| - 3|c|" is
    # |b*|-3|*c| to math-verify)
    for pattern, left, right in ((_ABS, "\\lvert ", "\\rvert "), (_SQRT, "\\sqrt{", "}")):
        while (m := list(pattern.finditer(s))):
            start, i = m[-1].start(), notation.close_paren(s, m[-1].end())  # the last holds no other
            if i is None:
                return s  # unbalanced: left for the parser to refuse
            s = s[:start] + left + s[m[-1].end():i - 1] + right + s[i:]
    while (m := _CALL_EXPONENT.search(s)):
        i = notation.close_paren(s, s.index("(", m.end()) + 1)
        if i is None:
            break
        s = s[:m.start()] + "^{" + s[m.end():i] + "}" + s[i:]
    return s


def _paired_bars(s: str) -> str:
    """Absolute-value bars written plainly ("|x - 1| + 2|x|") as `\\lvert`/`\\rvert`, paired
    from the left: a bar after an operator, a bracket or another bar opens, any other bar closes
    the open one. math-verify read the bar after "2" as a closing bar (|x - 1 + 2| x). Left
    alone: text with an odd number of bars ("\\{x | x > 0\\}", "P(A|B)") or with bars already
    marked (`\\left|`, `\\lvert`, `\\mid`)."""
    marked = re.search(r"\\(?:left|right|[lr]vert|mid|vert)|\\\|", s)
    if s.count("|") < 2 or s.count("|") % 2 or marked:
        return s
    out, depth, prev = [], 0, ""
    for ch in s:
        if ch == "|":
            opening = depth == 0 or not prev or prev in "+-*/=(,[{|^"
            depth += 1 if opening else -1
            if depth < 0:
                return s
            out.append("\\lvert " if opening else "\\rvert ")
            prev = "|" if opening else ")"
            continue
        out.append(ch)
        if not ch.isspace():
            prev = ch
    return "".join(out) if depth == 0 else s


def percent_words(s: str) -> str:
    """"28pct", "4 4/9percent", "5 percentage", "3 per cent" -> "28%", ...: the word is the
    percent sign. Left alone, "0.28 pct" would read as 0.28 (the word dropped as a unit)."""
    s = _PERCENT_WORD.sub("%", s)
    return re.sub(r"\bper\s+cent\b", "percent", s, flags=re.IGNORECASE)  # "5 \\text{ per cent}"


_NUMBERED = re.compile(r"[(（]\s*(\d+)\s*[)）]")


def numbered_parts(text: str | None) -> str | None:
    """The answers of a numbered list as one tuple, in order: "(1) 9021. (2) 1909." ->
    "(9021, 1909)", as an exercise with parts (1), (2), ... is answered; None when `text` is not such a list (it
    starts with "(1)", numbers its parts 1, 2, ... in order, and every part holds an answer)."""
    if not text or not _NUMBERED.match(text.strip()):
        return None
    marks = list(_NUMBERED.finditer(text))
    if len(marks) < 2 or [int(m.group(1)) for m in marks] != list(range(1, len(marks) + 1)):
        return None
    ends = [m.start() for m in marks[1:]] + [len(text)]
    parts = [text[m.end():end].strip().strip(".,;。，；").strip() for m, end in zip(marks, ends)]
    return "(" + ", ".join(parts) + ")" if all(parts) else None


_UPRIGHT_FUNCTIONS = "sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|arcsin|arccos|arctan|ln|log|exp"


def _set_builders(s: str) -> list[tuple[int, int, str, str]]:
    """(start, end, member expression, condition) of every `\\{ ... : ... \\}` or
    `\\{ ... \\mid ... \\}` in `s`, braces balanced, the split at the outermost colon or bar."""
    out = []
    for m in re.finditer(r"\\\{", s):
        depth, i = 0, m.end()
        split = None
        while i < len(s):
            if s.startswith("\\{", i) or s[i] == "{":
                depth += 1
            elif s.startswith("\\}", i):
                if depth == 0:
                    break
                depth -= 1
            elif s[i] == "}":
                depth -= 1
            elif depth == 0 and split is None and (s[i] == ":" or s.startswith("\\mid", i)):
                split = (i, i + (1 if s[i] == ":" else 4))
            i += 2 if s[i] == "\\" else 1
        if split and i < len(s):
            out.append((m.start(), i + 2, s[m.end():split[0]], s[split[1]:i]))
    return out


_INDEX_RANGE = re.compile(r"^\s*([A-Za-z])\s*(?:=|\\in\s*\\\{)\s*(-?\d+(?:\s*,\s*-?\d+)*)"
                          r"(?:\s*,\s*(?:\\ldots|\\dots|\.\.\.)\s*,\s*(-?\d+))?\s*(?:\\\})?\s*$")


def finite_set_builders(s: str) -> str:
    """A set written by a rule over a finite list of indices, as the set of its members:
    `\\{e^{k\\pi i/3}:k=0,1,...,5\\}` -> `\\{e^{(0)\\pi i/3}, ..., e^{(5)\\pi i/3}\\}`. math-verify
    reads the rule's index list as members of the set ({1, 2, 3, 4, 5, ...}), so a union with
    `\\{0,2\\}` matched a union with `\\{0\\}`. Other set-builders are left as written (and
    refused by `parse_whole`)."""
    for start, end, member, condition in reversed(_set_builders(s)):
        m = _INDEX_RANGE.match(condition)
        if not m:
            continue
        values = [int(v) for v in re.findall(r"-?\d+", m.group(2))]
        if m.group(3) is not None:  # "k = 0, 1, ..., 5"
            values = list(range(values[0], int(m.group(3)) + 1, (values[1] - values[0]) if len(values) > 1 else 1))
        if not values or len(values) > 24:
            continue
        index = re.compile(r"(?<![\\A-Za-z])" + m.group(1) + r"(?![A-Za-z])")
        members = [index.sub(f"({v})", member.strip()) for v in values]
        s = s[:start] + "\\{" + ", ".join(members) + "\\}" + s[end:]
    return s


def has_set_builder(s: str) -> bool:
    """`s` writes a set by a rule (`\\{x^n : n \\ge 0\\}`), which math-verify misreads."""
    return bool(_set_builders(s))


def rewrite_for_parsing(s: str) -> str:
    """Forms math-verify does not read, rewritten to ones it does: number words, Python's
    `**`, function names as in Python (`sin(x)`, `Abs(x)`), e-notation (`1e3`), repeating decimals (`0.\\overline{3}`), mixed numbers (`4 4/9`),
    digit groups inside an expression (`1 000 4/9`), a percent sign after a group or fraction
    (`\\frac{7}{3}\\%`: math-verify reads `%` after a plain number only), plain `√3`, `π` and `pi`,
    Euler's number as `\\mathrm{e}` (math-verify reads it as a symbol named e) and a function name
    set upright as CAS TeX printers write it (`\\mathrm{cos}`), the forms of
    `math_notation` (Unicode symbols and superscripts, `52_8`, `2^3^2`, `\\frac\\pi2`) and of
    `math_plain` (Greek names, letters after a number, semicolon tuples), an
    unbraced radicand after a root index (`\\sqrt[3]2`), a command as the one-token
    argument of `^` or `\\sqrt` (`2^\\frac{1}{2}`, `\\sqrt\\frac{3}{5}`), `sqrt2`, a bare function
    argument before a "/" and another function (`\\sin x/\\cos x`), an `x` between two numbers as a product sign (`3 x 4`), and the logical
    or (`\\lor`, `\\vee`: math-verify keeps only its last option; "or" makes a set of all)."""
    n = notation.number_word(s)
    if n is not None:
        return str(n)
    s = finite_set_builders(s)  # "\\{e^{k\\pi i/3}:k=0,...,5\\}": its members
    s = _GROUPED.sub(lambda m: re.sub(r"\D", "", m.group(0)), s)
    s = _FRACTION_CALL.sub(r"\\frac{\1}{\2}", s)  # Python's Fraction(30, 1)
    # digit groups in a fraction's parts: "\frac{945}{16,384}" (a part is one number)
    s = re.sub(r"(\\[dt]?frac\s*\{|\}\s*\{)(\d{1,3}(?:,\d{3})+)(?=\})",
               lambda m: m.group(1) + m.group(2).replace(",", ""), s)
    s = re.sub(r"(?<![\\A-Za-z])sqrt\s*\{", r"\\sqrt{", s)  # "2sqrt{13}": TeX's root, unescaped
    s = re.sub(r"(?<=\d)\s*\\([dt]?binom)(?![A-Za-z])", r"\\cdot\\\1", s)  # "63 \binom{64}{2}"
    # the plus-minus sign typed on a keyboard: "+/-" anywhere, "+-" where no operand comes
    # before it ("+-5", "x = +-2"; "3+-5" is 3 + (-5))
    s = re.sub(r"\+\s*/\s*-", "±", s)
    s = re.sub(r"(^\s*|[=(,;:]\s*)\+\s*-(?=\s*[\d\\A-Za-z(])", r"\1±", s)
    # "+2,500" in an expression; "\pi\ " a space (not the row break "\\" before a space)
    s = re.sub(r"(?<!\\)\\ ", " ", _expression_groups(s))
    s = plain.greek_names(plain.semicolon_tuples(plain_functions(_paired_bars(s))))
    s = notation.power_towers(notation.bare_fractions(notation.base_subscripts(s)))
    s = notation.odd_real_roots(notation.primed_names(s))  # "\\sqrt[3]{-8}", "f'(x)"
    s = notation.indexed_names(s)  # "v1", "x1 + x2": names, not v times 1
    s = notation.operator_subscripts(s)  # "F_{\\max}": a label, not the function max
    s = notation.trailing_letters(notation.or_words(s))  # "x=2 ou x=-2", "x + ab"
    s = re.sub(r"\\(?:mathrm|rm|operatorname)\s*\{\s*e\s*\}", "e", s)
    s = re.sub(r"\\(?:mathrm|rm)\s*\{\s*diag\s*\}", r"\\operatorname{diag}", s)  # as `\operatorname`
    s = re.sub(r"\\(pm|mp)(?=[A-Za-z](?![A-Za-z]))", r"\\\1 ", s)  # "\pmx": the sign before x
    # a function name set upright, as LaTeX printers of CAS write it: "\mathrm{cos}\left(x\right)"
    s = re.sub(r"\\(?:mathrm|rm|operatorname)\s*\{\s*(" + _UPRIGHT_FUNCTIONS + r")\s*\}", r"\\\1 ", s)
    s = notation.signed_exponents(notation.unicode_symbols(s))  # "√(x+1)", "1⁄2", "x⁴", "5^-1"
    s = notation.space_times_ten(s)  # "1.6 10^{-19}": mark schemes' standard form
    # plain-text forms: "√3", "π", "pi/2" (math-verify reads a bare "pi" as p*i)
    s = re.sub(r"√\s*(\d+(?:\.\d+)?|[A-Za-z])", r"\\sqrt{\1}", s).replace("√", "\\sqrt")
    s = re.sub(r"π|(?<![\\A-Za-z])pi(?![A-Za-z])", r"\\pi ", s)
    s = re.sub(r"(?<![\\A-Za-z])sqrt\s*(\d+(?:\.\d+)?)(?![\d.])", r"\\sqrt{\1}", s)  # "sqrt2"
    # a command with its arguments as the one-token argument of ^ or \sqrt, as KaTeX reads
    # it: "2^\frac{1}{2}", "\sqrt\frac{3}{5}"
    s = re.sub(r"(\^|\\sqrt(?:\s*\[[^\[\]]*\])?)\s*(\\[dt]?frac\s*\{[^{}]*\}\s*\{[^{}]*\}|\\sqrt\s*\{[^{}]*\})",
               r"\1{\2}", s)
    # a function's bare argument ends at a "/" before another function: "\sin x/\cos x"
    s = re.sub(r"\\(sin|cos|tan|cot|sec|csc|ln|log)\s+([A-Za-z0-9])\s*/\s*(?=\\(?:sin|cos|tan|cot|sec|csc|ln|log)\b)",
               r"\\\1(\2)/", s)
    # as in TeX, one token after the index is the radicand: "\\sqrt[3]27" is \\sqrt[3]{2}7
    s = re.sub(r"\\sqrt\s*\[([^\[\]]*)\]\s*([0-9A-Za-z])", r"\\sqrt[\1]{\2}", s)
    s = re.sub(r"(?<=\d)\s+x\s+(?=\d)", r" \\times ", s)  # "3 x 4": between numbers, a product
    s = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?)\s*[xX]\s*10\s*\^", r"\1\\times 10^", s)  # "3x10^8"
    # a number in brackets after a number or a bracket is a factor: math-verify reads "1(2)"
    # and "(1)(2)" as 3
    s = re.sub(r"(?<=[\d)])\s*\((?=\s*-?\d+(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)?\s*\))", r"\\cdot(",
               s)  # ... and "2(1/2)" is 1, not the mixed number 2 1/2
    s = re.sub(r"\\(?:lor|vee)(?![A-Za-z])", r"\\text{ or }", s)
    # the logical and joins statements into a system, as a comma does: math-verify keeps only
    # its last statement, so "x=0 \\land y=42" read as 42
    s = re.sub(r"\\(?:land|wedge)(?![A-Za-z])", ", ", s)
    s = re.sub(r"(?<=[\d)}])or(?=[A-Za-z(\\])", " or ", s)  # "W(x)=1orW(x)=-1"
    s = _MIXED.sub(_mixed, s)
    s = re.sub(r"(?<=[)}])\s*\\?%", r"\\cdot\\frac{1}{100}", s)
    s = notation.paren_exponents(s.replace("**", "^"))  # sympy's "2**((2)/(5))"
    s = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?)[eE]([+-]?\d+)(?![\w.])", r"\1\\times 10^{\2}", s)
    # a number, then two letters or more spaced apart ("3 a b"): a product, not a unit
    s = _SPACED_LETTERS.sub(lambda m: m.group(1) + "".join("{" + c + "}" for c in m.group(2).split()), s)
    if _OPERATOR.search(s):  # in an expression, "5c" is 5 times c, not 5 in a unit c
        s = _UNIT_LETTER.sub(r"\1{\2}", plain.letters_after_numbers(s))
        # ... but a braced letter that is a whole side of an equation is a set to math-verify:
        # "a = {d}" in brackets instead ("d=a" against "a=d")
        s = re.sub(r"(=\s*)\{([cdghlmost])\}(?=\s*(?:$|[,;)\]]))", r"\1(\2)", s)
    return re.sub(r"(-?)(\d*)\.(\d*)\\overline\{(\d+)\}", _repeating, s)


# a comma-grouped number next to an operator, where nothing else uses a comma: "y = 250x + 2,500",
# "1,000*x", "2^10 = 1,024"
_TERM_GROUPS = re.compile(r"((?:^|[+\-*/=(])\s*)(\d{1,3}(?:,\d{3})+)(?![\d,.])"
                          r"(?=\s*(?:$|[+\-*/)}\]=^×]|\\cdot|\\times))")


def _expression_groups(s: str) -> str:
    """Digit groups of a number inside an expression joined ("x + 2,500" -> "x + 2500") when
    every comma of `s` is in such a number: a list ("1, 2,500") keeps its commas, and a lone
    number ("1,000") is left to `normalize_numbers`."""
    groups = [m for m in _TERM_GROUPS.finditer(s)
              if m.group(1).strip() or s[m.end():].strip()]  # an operator on one side at least
    if not groups or s.count(",") != sum(m.group(2).count(",") for m in groups):
        return s
    starts = {m.start() for m in groups}
    return _TERM_GROUPS.sub(lambda m: m.group(1) + m.group(2).replace(",", "")
                            if m.start() in starts else m.group(0), s)


_FRACTION_CALL = re.compile(r"(?<![\w.])Fraction\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_SPACED_LETTERS = re.compile(r"^(\s*-?\s*\d+(?:\.\d+)?)((?:\s+[A-Za-z](?![A-Za-z])){2,})\s*$")
# a lone letter c, d, g, h, l, m, o, s or t: math-verify drops it as a unit after a number or
# at the end ("5 - 5c" read as 0, "2t + 1" as 3, "5 - c" as "5 -", "a \\cdot c" and "a c" as a);
# in braces it is a variable
_UNIT_LETTER = re.compile(r"((?:[\d+\-*/=(,]|\\cdot|\\times)\s*|(?<![A-Za-z\\])[A-Za-z]\s+)"
                          r"([cdghlmost])(?![A-Za-z_])")
_OPERATOR = re.compile(r"[^\s]\s*[-+*/=^]|\\(?:frac|cdot|times)")


_SCIENTIFIC = re.compile(r"(?<![\w.^{])(-?\d+(?:\.\d+)?)\s*(?:\\times|\\cdot)\s*10\s*\^\s*"
                         r"(?:\{\s*(-?\d{1,3})\s*\}|(\d))(?![\w.])")


def decimal_scientific(s: str) -> str:
    """`2.3148 \\times 10^{-3}` -> `0.0023148`: math-verify leaves a float over a power of ten
    unevaluated and then finds it unequal to the rational it rounds (1/432)."""
    def plain(m: re.Match[str]) -> str:
        value = Decimal(m.group(1)).scaleb(int(m.group(2) or m.group(3)))
        return format(value, "f")

    return _SCIENTIFIC.sub(plain, s)


def looks_like_math(s: str) -> bool:
    """True for a bare answer ("3/4", "x = 2 or x = 3", "5 cm", "\\pi"); False for prose,
    empty text and punctuation-only text (":")."""
    # "∅", "∞" and a Greek letter ("θ") are answers too
    if not re.search(r"[0-9A-Za-z\\√Α-Ωα-ωϑϕϵ" + "".join(notation.UNICODE_MACROS) + "]", s):
        return False
    if notation.number_word(s) is not None or plain.word_expression(s):
        return True  # "mass * acceleration + force": named quantities, an operator between each
    # letters glued to a number or an operator are factors, not words: "6xz", "+xy", "yz^2"
    bare = _GLUED_LETTERS.sub(" ", _without_text_blocks(s))
    words = [w for w in _WORD.findall(bare) if w.lower() not in _MATH_WORDS]
    words += _GREEK_WORD.findall(bare)  # Greek prose; one Greek letter is a symbol
    if len(words) >= 3:
        return False
    # "Thought process", "See above": words and nothing mathematical
    return not (words and not re.search(r"[0-9\\=+\-*/^⁰¹²³⁴⁵⁶⁷⁸⁹⁻]", s))  # "mol dm⁻³"


def all_boxed(text: str) -> list[tuple[int, int, str]]:
    """(start, end, content) of every `\\boxed{...}` / `\\fbox{...}`, braces balanced."""
    out = []
    for m in _BOX.finditer(text):
        depth = 1
        for j in range(m.end(), len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                out.append((m.start(1), j + 1, text[m.end():j]))
                break
    return [b for b in out if not any(o[0] < b[0] < o[1] for o in out)]  # outermost only


# what may stand between boxes that together form one answer ("\boxed{1} and \boxed{2}"):
# list words and separators within one line and sentence. A period or line break between boxes
# makes them separate answers, of which the last counts: joining those into one list turned
# "\boxed{2}.\n ... \boxed{3}" into the set {2, 3}, matching a set-valued gold.
_LIST_GLUE = re.compile(r"^(?:[ \t,;$]|\\[()\[\]]|\\quad|\\qquad|\\,|\\ |and|or|"
                        r"\\text\s*\{\s*(?:and|or|,)?\s*\}|&)*\Z", re.IGNORECASE)
_CHAT_TOKENS = re.compile(r"<\|[^|>]*\|>\s*\w*\s*$|</?think>", re.IGNORECASE)
_INLINE_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
_COURTESY = re.compile(r"(?:I hope (?:it|this) is correct|Hope (?:it|this) helps)\W*$",
                       re.IGNORECASE)
_IS_VALUE = re.compile(r".*(?:\b(?:is|are|equals|was|be|(?:comes|works)\s+out\s+to)|'s)\s+([^\s].*)$",
                       re.IGNORECASE | re.DOTALL)
# a conclusion that states its value with a verb other than "is": "Thus, we get 42", "After
# simplification we get 1/2"
_CONCLUDED_VALUE = re.compile(r"^\W*(?:therefore|thus|hence|so|after\s+[a-z]+(?:\s+[a-z]+)?)\b,?\s*(?:we|I)\s+"
                              r"(?:get|obtain|have|find)\s+(?:that\s+)?([^\s].*)$",
                              re.IGNORECASE | re.DOTALL)
# the words before a value that state it: "is", "equals", "we get", "=", ":"
_STATES = re.compile(r"(?:\b(?:is|are|was|equals?|gets?|got|obtain|find|gives?|becomes?|be)|[=:])\s*$",
                     re.IGNORECASE)
# ... or a conclusion word before it ("Therefore $x \\geq 5$ ..."), or the words after it name it
# the answer ("... $x \\geq 5$ is the solution.", "... $42$ is our answer.")
_CONCLUDES = re.compile(r"\b(?:therefore|thus|hence|so|finally)\s*,?\s*$", re.IGNORECASE)
_NAMED_ANSWER = re.compile(r"\s*(?:is|are|was)(?:\s+(?:the|our|my|a|an|final|only|required))*"
                           r"(?:\s+(?:answers?|solutions?|results?|values?))?\s*[.!]?\s*$", re.IGNORECASE)
# a sentence whose subject is a pronoun states its value: "It is 4.", "That's x = 2"
_PRONOUN_VALUE = re.compile(r"\s*(?:it|this|that)\s*(?:is|was|equals|'s)\s+(.+?)\s*\.?\s*",
                            re.IGNORECASE | re.DOTALL)
_LEADING_NUMBER = re.compile(r"^\$?(-?\d[\d,]*(?:\.\d+)?)\$?(?=\s|$|[€$£%°²³A-Za-z])")
# a unit after a number ("35 cm", "4\\text{ kg}", "90^\\circ"): dropped from gold and answer alike
# (not after an exponent: the "s" of "m^2 s^-2" is a factor, not a unit of the number 2); the
# unit names math-verify drops itself are here too, so `units_differ` sees them ("4.5 gm"); a
# compound unit ("ml/dose") is not dropped by its first half
_UNIT = re.compile(r"(?<=\d)(?<!\^\d)(?<!\^-\d)(?<!\^\{\d)(?<!\^\{-\d)(?<!\^\d\d)\s*"
                   r"(?:\\text\s*\{\s*|\\mbox\s*\{\s*|\\mathrm\s*\{\s*)?(?:gm|grams?|kilograms?|milligrams?|lbs?|"
                   r"ft|yd|yards?|miles?|gallons?|gal|quarts?|qt|pints?|pt|cups?|ounces?|oz|pounds?|hrs?|yrs?|litres?|"
                   r"liters?|ml|mL|L|cm|mm|km|m|kg|mg|g|s|sec|"
                   r"seconds?|min|minutes?|h|hours?|days?|weeks?|months?|years?|units?|degrees?|"
                   r"meters?|inches|feet|°|\^\s*\\circ|\^\s*\{\\circ\})(?:\^?[23²³])?\s*\}?"
                   r"(?:\^\s*\{?[23]\}?)?(?![A-Za-z/])")  # not half of "ml/dose", "m/s"
# a letter in any script: a word character that is no digit, superscript or vulgar fraction
_LETTER = r"[^\W\d_\u00b2\u00b3\u00b9\u00bc-\u00be\u2070-\u209f\u2150-\u218f]"
# a lone number followed by words or a \text block: "3 apples", "64 square feet", "5 \text{ dollars}"
_NUMBER_THEN_WORDS = re.compile(
    r"^(\s*-?\$?\d[\d,]*(?:\.\d+)?)\s*(?:\\text\s*\{[^{}]*\}|\\mbox\s*\{[^{}]*\}|"
    r"(?!(?:pi|sqrt|sin|cos|tan|log|ln|exp|or|and|mod|inf|infty|percent|per|"
    + "|".join(_GREEK) + r")\b)" + _LETTER + "{2,}"  # words in any script: "51 đô la"
    r"(?:\s+" + _LETTER + r"{2,}){0,2})(?:\s*\^\s*\{?[23]\}?)?\s*$")
# words that change the number's value are no unit: "5 thousand", "3 quarters", "5 squared"
_VALUE_WORDS = re.compile(r"\b(?:dozens?|hundreds?|thousands?|millions?|billions?|trillions?|"
                          r"squared|cubed|factorial|halves|thirds?|quarters?|\w+ths?|"
                          # in other languages: Vietnamese, French/Spanish, German, Indian
                          r"nghìn|ngàn|triệu|tỷ|tỉ|vạn|trăm|mille|milliers?|mil|millón|millones|"
                          r"milliards?|tausend|millionen|milliarden|lakhs?|crores?)\b",
                          re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)*(?:[eE][+-]?\d+)?(?![\w])")  # "2.5e3" is one


# "<think>...</think>\n<answer>4</answer>": the answer tag of reasoning-model prompts
_ANSWER_TAG = re.compile(r"<answer>(.*?)</answer>", re.DOTALL | re.IGNORECASE)


def _answer_tag(text: str) -> str | None:
    """The content of the last `<answer>...</answer>` when no box follows it, else None."""
    tags = list(_ANSWER_TAG.finditer(text))
    if not tags or any(b[0] > tags[-1].end() for b in all_boxed(text)):
        return None
    return tags[-1].group(1)


def boxed_answer(text: str) -> str | None:
    """The last box, or the run of boxes at the end that read as one list answer
    ("\\boxed{1} and \\boxed{2}" -> "1, 2"); None without a box."""
    boxes = all_boxed(text)
    if not boxes:
        return None
    run = [boxes[-1]]
    for prev in reversed(boxes[:-1]):
        glue = text[prev[1]:run[0][0]]
        joined = _LIST_GLUE.match(glue) or (
            len(glue) <= 40 and re.search(r"\band\b", glue) and not re.search(r"[.\n]", glue)
            and not re.search(r"\b(?:but|not|instead|actually|wait|no)\b", glue,
                                   re.IGNORECASE))
        if not joined:  # "\\boxed{1} and \\boxed{2}" is a list; boxes far apart are not
            break
        run.insert(0, prev)
    parts = [strip_delims(b[2]) for b in run]
    return ", ".join(p for p in parts if p) or None


def _final_sentence_value(text: str) -> str | None:
    """For text with neither box nor anchor: the last math span or stated value of its last
    sentence that holds one ("Therefore $x \\geq 5$ is the solution." -> "x \\geq 5", "Thus,
    we get 42" -> "42")."""
    text = _COURTESY.sub("", _CHAT_TOKENS.sub("", text).strip()).strip()
    sentences = [x for x in re.split(r"(?<=[.!?])\s+(?=[A-Z\\$])", text) if x.strip()]
    def spans(s: str) -> list[str]:
        return [next(g for g in m.groups() if g is not None) for m in _INLINE_MATH.finditer(s)]

    for sentence in reversed(sentences[-3:]):
        stated = (_IS_VALUE.search(sentence.rstrip(". "))
                  or _CONCLUDED_VALUE.search(sentence.rstrip(". ")))
        if stated:  # "... is 34", "... is $\\frac{1}{2}$"
            value = stated.group(1)
            if spans(value):
                return strip_delims(spans(value)[-1])
            lead = _LEADING_NUMBER.match(value)  # "there are 12 sequences", "it's 1,000.99m²"
            if lead and re.match(r"\s*[A-Za-z]{3,}|[€$£²³]|m²", value[lead.end():]):
                return lead.group(1)
            if looks_like_math(strip_delims(value)):
                return strip_delims(value)
        # the sentence's last math span, when the sentence ends with it or states it: "The
        # statement discusses \\(9\\) possibilities." mentions a value and answers nothing
        last = list(_INLINE_MATH.finditer(sentence))
        if last and (not re.search(r"[A-Za-z]", sentence[last[-1].end():])
                     or _STATES.search(sentence[:last[-1].start()])
                     or _CONCLUDES.search(sentence[:last[-1].start()])
                     or _NAMED_ANSWER.match(sentence[last[-1].end():])):
            return strip_delims(spans(sentence)[-1])
    return None


# a chat template's special tokens left in a completion ("39<|im_end|>") are not text, nor
# is the role name that can follow the last one ("<|im_end|>user")
_SPECIAL_TOKEN = re.compile(r"<\|[A-Za-z0-9_]+\|>(?:\s*\w*\s*$)?")
# markdown emphasis around a word or number ("**73**", "_120°_"), not Python's `x**2` or a
# LaTeX subscript `a_1`: the marker follows no word character and precedes none when closing
_EMPHASIS = re.compile(r"(?<![\w\\^_{}*)\]])(\*\*|__|\*|_)(?=[^\s*_])([^*_\n]+?)(?<=\S)\1(?![\w*])")


def _plain_text(text: str) -> str:
    """`text` without chat-template tokens and markdown emphasis markers: formatting, which
    hid the answer from extraction ("✅ Final Answer: **73**" read as "**73**")."""
    return _EMPHASIS.sub(r"\2", _SPECIAL_TOKEN.sub(" ", text))


# "Let me compute 64 first, therefore 36", "First 2/3, finally 7/8": a conclusion word before
# the value it concludes
_CONCLUSION = re.compile(r"\b(?:therefore|thus|hence|so|finally)\b\s*,?", re.IGNORECASE)


def _after_thinking(text: str) -> str:
    """The reply after the last `</think>` when it says anything: the thinking is not the
    answer, so a box left inside it does not answer for a reply that follows ("<think>\\boxed{42}
    </think>I'm not sure." answers nothing). A reply that is only the thinking keeps it all."""
    end = text.lower().rfind("</think>")
    reply = text[end + len("</think>"):] if end >= 0 else ""
    return reply if reply.strip() else text


def _concluded_value(whole: str) -> str | None:
    """The one value after the last conclusion word of a short plain answer with several
    numbers ("First 64, therefore 36" -> "36"), or None when what follows is more than a value."""
    marks = list(_CONCLUSION.finditer(whole))
    if not marks:
        return None
    tail = whole[marks[-1].end():].strip().rstrip(".!")
    words = [w for w in re.findall(r"[A-Za-z]{2,}", _without_text_blocks(tail))
             if w.lower() not in _MATH_WORDS]
    several = re.search(r"[,;]|\b(?:or|and)\b", tail)  # a list or a hedge is no one value
    if not tail or words or several or not _NUMBER.search(tail) or not looks_like_math(tail):
        return None
    return strip_delims(tail)


# a plain reply that shows its working ends with the value it states: "17 times 23 is 391.",
# "... so it prints 4", "... giving 16." (not after "=": a calculation is checked as a statement,
# so a false one, "2+2=5", states no value)
_FINAL_STATED = re.compile(r"\b(?:is|equals|gives|giving|prints|leaves|leaving|makes|yields)\s+"
                           r"(-?\d[\d,]*(?:\.\d+)?)\s*[.!]?\s*$", re.IGNORECASE)
# the reply doubts what it states: no value of it is the answer ("I think it is 4")
_HEDGED = re.compile(r"\b(?:maybe|perhaps|probably|possibly|might|guess|think|believe|not\s+sure|"
                     r"unsure|about|around|approximately|roughly|nearly|almost)\b|\?", re.IGNORECASE)
# the clauses of a worked reply: "12*8 = 96, 18*2 = 36, 96+36 = 132", "so 3**2=9 then 2**9=512"
_CLAUSE_BREAK = re.compile(r"\s*(?:[,;]|\bthen\b|\bso\b|\band\b)\s*", re.IGNORECASE)
# a calculation between numbers: an operator on the left of "=", a number on the right (not
# "x = 3", one value of a list of solutions)
_CALCULATION = re.compile(r"[\d\s().]*\d[\d\s().]*[-+*/^×·][\d\s+\-*/^().×·]*=\s*-?\d[\d,]*"
                          r"(?:\.\d+)?\s*\.?")


def _worked_value(text: str) -> str | None:
    """The value a plain reply of working ends with (no TeX, no box, no anchor): the number its
    last clause states ("... is 391."), or its last calculation when it has more than one step
    ("12*8 = 96, 18*2 = 36, 96+36 = 132" -> "96+36 = 132", which is checked as a calculation);
    None for a reply that hedges or ends otherwise."""
    core = text.strip()
    if not core or re.search(r"[\\$]", core) or _HEDGED.search(core):
        return None
    stated = _FINAL_STATED.search(core)
    if stated:
        return stated.group(1)
    clauses = [c for c in _CLAUSE_BREAK.split(core) if c.strip()]
    if len(clauses) > 1 and "=" in clauses[-2] + clauses[-1] and _CALCULATION.fullmatch(clauses[-1]):
        return clauses[-1].strip().rstrip(".")
    return None


# a reply that corrects itself ("但实际上 ... 应为 2"): it states two answers, so its last span
# is not its answer
_CJK_CORRECTION = re.compile(r"但实际上|但實際上|实际上|實際上|其实|其實|更正|纠正|糾正|应为|應為|应该是|應該是")
# the number right after GSM8K's "####", before prose: "42 is my answer, see page 3"
_MARKED_NUMBER = re.compile(r"(?<!#)####(?!#)\s*(-?\d[\d,]*(?:\.\d+)?)\s+(?:is|was)\s+(?:my|the|our)\s+"
                            r"(?:final\s+)?answer\b", re.IGNORECASE)
# a reply that is one sentence naming its number the answer, the number first: "42 is the answer."
_STATED_FIRST = re.compile(r"\s*(-?\d[\d,]*(?:\.\d+)?)\s+is\s+(?:my|the|our)\s+(?:final\s+)?answer"
                           r"\s*[.!]?\s*", re.IGNORECASE)
# a last line that labels its value: "Maximum discount: 15%.", "Here's how: 2"
_LABELLED = re.compile(r"^([A-Za-z][A-Za-z' ]{0,40}):\s*(-?\$?\d[\d,]*(?:\.\d+)?\s*%?)\s*\.?$")


def _labelled_value(text: str) -> str | None:
    """The value on a reply's last line after a label of words ("Maximum discount: 15%." ->
    "15%"), unless the label negates or doubts it ("Wrong guess: 42")."""
    last = text.strip().splitlines()[-1].strip() if text.strip() else ""
    m = _LABELLED.match(last)
    if not m or _DISOWNING.search(m.group(1)) or _NEGATED_CLAUSE.search(m.group(1)) \
            or _HEDGED_CLAUSE.search(m.group(1)) or re.search(r"\b(?:step|part|case|question)\b", m.group(1), re.IGNORECASE):
        return None
    return m.group(2).strip()


def _first_then(text: str) -> str | None:
    """"first 10, then 42" -> "42": a reply that lists its steps in order ends with the last."""
    m = re.fullmatch(r"\s*first\b[^.;]*?,?\s*then\s+(-?\d[\d,]*(?:\.\d+)?)\s*\.?\s*", text,
                     re.IGNORECASE)
    return m.group(1) if m else None


def _last_line_value(text: str) -> str | None:
    """The lone number on the last line of a reply whose earlier lines are prose
    ("reasoning 99\\n42" -> "42"): the reply ends with its answer."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    words = [w for ln in lines[:-1] for w in re.findall(r"[A-Za-z]{3,}", ln)
             if w.lower() not in _MATH_WORDS]
    last = strip_delims(lines[-1]) if len(lines) > 1 else ""
    return last if words and _NUMBER.fullmatch(last) else None


# an answer its own text disowns: an anchor labelled wrong ("Wrong answer: 42", "This is not the
# final answer: 42", "错误答案：42"), or a value said to be wrong or nonsense ("\\boxed{42\\text{
# wrong}}", "12胡说")
_DISOWNING = re.compile(r"(?:\b(?:wrong|incorrect|rejected|discarded|invalid|false)|\bnot(?:\s+(?:the|my|"
                        r"a|an|our|your))?|错误的?|不正确的?|不是)\s*$", re.IGNORECASE)
_DISOWNED_VALUE = re.compile(r"[\d}]\s*(?:\\text\s*\{\s*)?(?:is\s+)?(?:(?:wrong|incorrect|false|"
                             r"not\s+(?:correct|right)|nonsense|(?:just\s+)?(?:kidding|joking))\b|"
                             # the same in Chinese, Japanese and Korean words after the value
                             # ("12胡说": 12, nonsense; "12不对": 12, not right)
                             r"[(（]?\s*(?:这是|這是|是)?(?:错|錯|不对|不對|不正确|不正確|胡说|胡說|瞎说|"
                             r"瞎說|乱说|亂說|瞎猜|乱写|亂寫|开玩笑|開玩笑|違う|ちがう|間違い|うそ|嘘|"
                             r"틀림|틀렸|아님|아니))", re.IGNORECASE)


# the clause that states a value negates or doubts it: "It won't be 42.", "He doesn't think the
# answer is 42.", "It's incorrect that the answer is 42", "maybe 2000", "I think it is 391"
_NEGATED_CLAUSE = re.compile(r"n't\b|n’t\b|\b(?:never|cannot)\b|\b(?:is|are|was|were|be|'s)\s+not\b|"
                             r"\bnot\s+(?:be|equal|the|my|our)\b|"
                             r"\b(?:incorrect|wrong|false|untrue|unlikely)\s+(?:that|guess|answer)\b",
                             re.IGNORECASE)
_HEDGED_CLAUSE = re.compile(r"\b(?:maybe|perhaps|probably|possibly|presumably|might|guess|guessing|"
                            r"think|thinks|believe|believes|suppose|likely|not\s+sure|unsure)\b",
                            re.IGNORECASE)
# where the clause stating a value begins: a sentence end, a comma or semicolon, "but", a new line
_CLAUSE_START = re.compile(r".*(?:[.!?;,\n](?!\d)|\bbut\b|[。！？；，])", re.IGNORECASE | re.DOTALL)


def _doubted(text: str, found: str) -> bool:
    """The clause of `text` that states `found` negates or doubts it, or a question mark
    follows the value: such a value is no answer."""
    at = text.rfind(found)
    if at < 0:
        return False
    before = text[:at]
    start = _CLAUSE_START.match(before)
    clause = before[start.end():] if start else before
    after = text[at + len(found):]
    # the word must bear on this value: "the number is not 10 which is 1,000.99" negates 10
    doubts = [m for p in (_NEGATED_CLAUSE, _HEDGED_CLAUSE) for m in p.finditer(clause)]
    # "could be 5", "It may be 5": a modal that opens the clause (not "points that could be in it")
    modal = re.match(r"\s*(?:(?:it|this|that|the\s+answer)\s+)?(?:could|may)\s+be\b(?!.*\d.*$)", clause,
                     re.IGNORECASE)
    return any(not re.search(r"\d", clause[m.end():]) for m in doubts) or bool(modal) \
        or bool(re.match(r"[\s$)}\]]*[?？]", after))


def extract_answer(text: str | None) -> str | None:
    """The final answer inside a model's text, or None when there is none (see module doc).
    A value its text disowns is no answer: an anchor labelled wrong or not final is skipped
    (the last anchor that is not decides, and with none the text answers nothing), and a value
    said to be wrong or false is none; nor is a value its own clause negates or doubts ("It
    won't be 42.", "maybe 2000", "I think it is 391", "42?")."""
    found = _extract(text)
    if found is None:
        return None
    # the words after the value in the text, too: extraction keeps "12" of "12 nonsense"
    said = text[text.rfind(found) + len(found) - 1:] if text and found in text else found
    if _DISOWNED_VALUE.search(found) or _DISOWNED_VALUE.match(said):
        return None
    # the reply as extraction reads it: after the thinking, tags ("<answer>") are no words
    reply = re.sub(r"</?[A-Za-z_]+>", " ", _after_thinking(_plain_text(text))) if text else ""
    return None if reply and _doubted(reply, found) else found


def _disowned(text: str, anchor: re.Match[str]) -> bool:
    line = text[:anchor.start()].rsplit("\n", 1)[-1]
    return bool(_DISOWNING.search(line))


def _extract(text: str | None) -> str | None:
    if text is None:
        return None
    text = _after_thinking(_plain_text(text))
    tagged = _answer_tag(text)
    if tagged is not None:
        return extract_answer(tagged) if tagged.strip() else None
    every_anchor = list(_ANCHOR.finditer(text))
    anchors = [m for m in every_anchor if not _disowned(text, m)]
    boxes = all_boxed(text)
    if not boxes and every_anchor and not anchors:
        return None  # "Wrong answer: 42" and nothing else: the text disowns its only value
    if boxes and not (anchors and anchors[-1].start() > boxes[-1][1]):
        return boxed_answer(text)
    marked = _MARKED_NUMBER.search(text) or _STATED_FIRST.fullmatch(text)
    if marked:  # "#### 42 is my answer, see page 3": GSM8K's marker holds one number
        return marked.group(1)  # ... as does a reply that is "42 is the answer."
    if anchors:
        rest = _CHAT_TOKENS.sub("", text[anchors[-1].end():]).strip()
        lines = [ln for ln in rest.splitlines() if ln.strip()]
        # display math may hold its value on the next lines ("Answer \\[ 9 \\]"); inline math
        # (\\( \\), $ $) may not span lines, as in LaTeX
        if lines and lines[0].strip() in ("\\[", "$$"):
            tail = " ".join(lines)
        else:
            tail = lines[0] if lines else ""
        tail = strip_delims(_SENTENCE_END.sub("", _JUSTIFICATION.sub("", _REMARK.sub("", tail))))
        pronoun = _PRONOUN_VALUE.fullmatch(tail.lstrip(",;: "))
        if pronoun:  # "no boxed answer, it is 7": the sentence after the anchor names its value
            return strip_delims(pronoun.group(1))
        if tail and looks_like_math(tail):
            return tail
        if not tail:  # "... is our answer." : the anchor ends the sentence
            return _final_sentence_value(text[:anchors[-1].start()])
        # "Final Answer: The largest $n$ is 34." / "Final Answer: It started 3 hours ago."
        numbers = _NUMBER.findall(_without_text_blocks(tail))
        return _final_sentence_value(tail) or (numbers[0] if len(numbers) == 1 else None)
    whole = strip_delims(_REMARK.sub("", _last_line_value(text) or text))
    worked = _worked_value(whole) or _labelled_value(whole) or _first_then(whole)
    if worked is not None:  # "17 times 23 is 391.", "Maximum discount: 15%.", "first 7 then 42"
        return worked
    pronoun = _PRONOUN_VALUE.fullmatch(whole)
    if pronoun:  # "It is 4.": the sentence names its value
        return strip_delims(pronoun.group(1))
    spans = [next(g for g in m.groups() if g is not None) for m in _INLINE_MATH.finditer(whole)]
    outside = _INLINE_MATH.sub(" ", whole)
    cjk = re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", outside)
    if len(spans) == 1 and re.search(_LETTER + "{2,}", re.sub(r"\\[A-Za-z]+", "", outside)) \
            and (cjk or "$$" in whole or looks_like_math(whole)):
        return strip_delims(spans[0])  # "So I get \\(\\frac{-4}{9}\\).", "Therefore, $$3!$$": one span in prose
    if len(spans) > 1 and cjk \
            and not _CJK_CORRECTION.search(outside) \
            and not outside.strip(" .。") .endswith(tuple("，,")) and whole.rstrip(" .。").endswith(("$", "\\)", "\\]")):
        return strip_delims(spans[-1])  # "... 两边同时除以 2，得出 $x = \\frac{3}{2}$。": the last span
    if looks_like_math(whole):
        numbers = _NUMBER.findall(whole)
        concluded = _concluded_value(whole) if len(numbers) > 1 else None
        if concluded:
            return concluded
        # a function name is not prose: "sqrt(12)" is not the number 12, "abs(x)<1" not 1
        prose = [w for w in re.findall(r"[A-Za-z]{3,}", _without_text_blocks(whole))
                 if w.lower() not in _MATH_WORDS]
        # ... nor a name before a square bracket: "Rational[2,19]" applies a function
        if len(numbers) == 1 and prose and not re.search(r"\\[A-Za-z]|[=+*/^%<>()]|[A-Za-z]\[", whole) \
                and not _PERCENT_WORD.search(whole) and not _VALUE_WORDS.search(whole):
            return numbers[0]  # "Soucis : 2,74 $ a": one number among a word or two
        return whole
    return _final_sentence_value(text)



# inside a trig function a degree mark is a value, not a unit: sin(90^\circ - x) is cos(x)
_TRIG = re.compile(r"\\?(?:sin|cos|tan|cot|sec|csc)\b")
_DEGREE = re.compile(r"(?<=\d)\s*(?:°|\^\s*\\circ|\^\s*\{\\circ\})")


def drop_units(s: str, keep: frozenset[str] = frozenset()) -> str:
    """A unit after a number removed ("35 cm" -> "35", "90^\\circ" -> "90"); a lone number
    keeps only itself ("3 apples" -> "3", "10 square units" -> "10"). Degrees in an expression
    with a trig function become radians ("\\sin(90^\\circ-x)" -> "\\sin(90\\cdot\\frac{\\pi}{180}-x)"):
    dropping the mark there would change the value. Letters that are all in `keep` (the gold's
    variables, `letter_variables`) are factors, not a unit: "4n + 2m" against `4n + 2m` keeps
    its m, "3xy" against `3xy` its xy."""
    if _TRIG.search(s):  # "sin(90 degrees)": the word is the degree mark
        s = _DEGREE.sub(lambda _: "\\cdot\\frac{\\pi}{180}", re.sub(r"(?<=\d)\s*degrees?\b", "°", s))

    def unit(m: re.Match[str]) -> str:
        letters = re.sub(r"\\(?:text|mbox)|[^A-Za-z]", "", m.group(0))
        return m.group(0) if letters and set(letters) <= keep else ""

    s = _UNIT.sub(unit, s)
    m = _NUMBER_THEN_WORDS.match(s)
    if m and keep and set(re.sub(r"[^A-Za-z]", "", s[m.end(1):])) <= keep:
        return s
    return m.group(1).strip() if m and not scaled_number(s) else s


_NAMES = re.compile(r"\\(?:text|mbox|mathrm)\s*\{[^{}]*\}|\\[A-Za-z]+|\b(?:ln|pi)\b")


def letter_variables(s: str) -> frozenset[str]:
    """The letters `s` uses as variables: those in runs of one or two letters outside LaTeX
    commands and text blocks ("1 * 3 * x *y" -> {x, y}, "4n + 2m" -> {n, m}); a word of three
    letters or more ("cos", "apples") names no variable."""
    runs = re.findall(r"[A-Za-z]+", _NAMES.sub(" ", s))
    return frozenset(c for r in runs if len(r) <= 2 for c in r)


_NUMBER_LETTERS = re.compile(r"\s*([-+−]?\s*\d+(?:\.\d+)?)\s*([A-Za-z]{2,})\s*")


def letters_after_a_number(answer: str, gold: str) -> str:
    """`1.5ab` is 1.5 a b, not 1.5 in a unit "ab" (math-verify drops unit words it knows),
    when the gold uses each letter as a variable and does not write the letters as one word."""
    m = _NUMBER_LETTERS.fullmatch(answer)
    if m is None or not set(m.group(2)) <= letter_variables(gold):
        return answer
    if re.search(r"(?<![A-Za-z])" + m.group(2) + r"(?![A-Za-z])", gold):
        return answer  # "3 km" against "3km": the gold's own word
    return m.group(1) + "".join("{" + c + "}" for c in m.group(2))


def letter_calls_as_products(answer: str, gold: str) -> str:
    """`x(x)` is x times x, not a function x applied to x, when the gold uses x as a variable
    and applies no function named x (`f(x)` against `f(x) = 2x` stays a call)."""
    for v in set(re.findall(r"(?<![A-Za-z\\])([A-Za-z])\s*\(", answer)):
        call = re.compile(r"(?<![A-Za-z\\])" + v + r"\s*\(")
        if v in letter_variables(gold) and not call.search(gold):
            answer = call.sub(lambda _, v=v: v + "\\cdot(", answer)
    return answer


_SAME_UNIT = {"sec": "s", "second": "s", "minute": "min", "hour": "h", "meter": "m", "inche": "inch",
              "feet": "foot", "°": "degree", "^\\circ": "degree", "^{\\circ}": "degree",
              "gm": "g", "gram": "g", "kilogram": "kg", "milligram": "mg", "hr": "h", "hrs": "h",
              "yr": "year", "yrs": "year", "litre": "l", "liter": "l", "ft": "foot", "lb": "pound",
              "lbs": "pound", "L": "l", "mL": "ml", "gallon": "gal", "quart": "qt",
              "pint": "pt", "ounce": "oz", "yard": "yd"}


def _units_of(s: str) -> set[str]:
    """The units written after numbers in `s` ("12 km" -> {km}, "1 L + 2 gal" -> {l, gal})."""
    found = [re.sub(r"\\(?:text|mbox)\s*\{|[\s{}]", "", m.group(0)) for m in _UNIT.finditer(s)]
    words = [re.sub(r"(?<=[a-z]{3})s$", "", f.replace("²", "^2").replace("³", "^3")) for f in found]
    return {_SAME_UNIT.get(w, w) for w in words if w}


def units_differ(gold: str, answer: str) -> bool:
    """Both sides name units, not the same ones ("12 km", "12 m"; "1 L + 2 gal" against
    "1 gal + 2 gal"): `drop_units` leaves 12, 12 and 1 + 2, 1 + 2."""
    g, a = _units_of(gold), _units_of(answer)
    if not (g and a) or g == a:
        return False
    # letters with powers in an algebraic expression are variables: "4m^2+12mn+9n^2" against
    # "(-2m-3n)^2" names m^2 on one side and m on the other, but a bracket raises both
    bases = [{re.sub(r"\^\d+$", "", u) for u in x} for x in (g, a)]
    algebraic = any(re.search(r"[()]|[A-Za-z]\s*\*?\s*[A-Za-z]", x) for x in (gold, answer))
    return not (bases[0] == bases[1] and all(len(b) == 1 for b in bases[0]) and algebraic)


def scaled_number(s: str) -> bool:
    """A lone number whose words change its value ("5 thousand", "2 \\text{ dozen}", "3 quarters"):
    math-verify would drop the words and read the bare number."""
    m = _NUMBER_THEN_WORDS.match(s)
    return bool(m and _VALUE_WORDS.search(s[m.end(1):]))


_APPROX = re.compile(r"\\approx|≈|\\simeq|\\thickapprox|\b(?:approximately|approx\.?|about|roughly|"
                     r"around|nearly|almost|circa)\b", re.IGNORECASE)


def exact_part(s: str) -> str | None:
    """`s` when it states no approximation; the exact side of "\\frac{\\sqrt3}{3} \\approx 0.577";
    None for an approximate answer ("\\approx 3", "x \\approx 3", "about 3"): approximately
    equal is not equal, and grading "\\approx 3" as 3 rewards a guess stated as one."""
    m = _APPROX.search(s)
    if not m:
        return s
    left = s[:m.start()].strip().rstrip("=").strip()
    if not left or re.fullmatch(r"[A-Za-z](?:_\{?\w+\}?)?(?:\([^()]*\))?", left):
        return None
    return left


_DECIMAL = re.compile(r"[-−]?\d+\.(\d+)")


def approximated_decimal(s: str, gold: str) -> str | None:
    """The value in "V ≈ 5.09" or "≈ 33167.52" when the gold is a decimal and the answer gives
    it to the gold's places: a decimal gold is itself rounded, so stating that its value is
    approximate is no hedge. None otherwise: "x ≈ 3" for 3 stays a guess (`exact_part`)."""
    m = _APPROX.search(s)
    g = _DECIMAL.fullmatch(strip_delims(gold).strip())
    if m is None or g is None or re.search(r"\d", s[:m.start()]):
        return None  # no approximation, no decimal gold, or an exact value on the left
    value = s[m.end():].strip().rstrip(".").strip()
    a = _DECIMAL.fullmatch(value)
    if a is None or len(a.group(1)) < len(g.group(1)):
        return None
    places = Decimal(1).scaleb(-len(g.group(1)))
    rounded = Decimal(value.replace("−", "-")).quantize(places, rounding=ROUND_HALF_UP)
    return value if rounded == Decimal(g.group(0).replace("−", "-")) else None


# a quantity named by its notation, not an unknown to solve for: a norm, a field degree
_NAMED_QUANTITY = re.compile(r"^\s*(?:\\lVert.+?\\rVert|\\\|.+?\\\||\[\s*[A-Za-z](?:_\{?\w+\}?)?\s*:\s*"
                             r"(?:\\mathbb\s*\{?\s*[A-Z]\s*\}?|[A-Za-z](?:_\{?\w+\}?)?)\s*\])\s*=(?!=)\s*(.+)$")


def named_quantity_value(s: str) -> str | None:
    """The value in "\\lVert T^n\\rVert = \\frac1{n!}" or "[K:\\mathbb Q] = 16": the left side names
    the quantity asked for (a norm, the degree of a field extension), as "x = 5" names x."""
    m = _NAMED_QUANTITY.match(s)
    return m.group(1).strip() if m and "=" not in m.group(1) else None


def is_single_number(s: str) -> bool:
    """One number, possibly with digit grouping or a decimal comma ("1 000", "2,74")."""
    return bool(_SINGLE_NUMBER.match(strip_delims(s)))

