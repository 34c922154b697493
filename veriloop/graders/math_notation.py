"""Notation math-verify misreads, rewritten as text before it parses an answer or a gold.

`math_extract.rewrite_for_parsing` applies these to both sides. Each one is a form answers and
golds really use that math-verify reads as another value (or not at all):

- Unicode symbols it does not read (`∈`, `∞`, `∅`, `·`, `ℝ`, the fraction slash in `1⁄2`, the
  minus sign `−` after a caret (`10^−5`) and the en dash typed for a minus (`3 – (−4)`)),
  Unicode superscripts (`162x⁴`, `10⁻³`: it drops them, reading 162x), and a root sign before
  a bracket (`√(x+1)`: it reads `\\sqrt` of the bracket alone).
- A number in another base, written with its base as a subscript (`52_8`, `4210_{7}`): it drops
  the subscript and reads 52, so `52_8` matched 52 though it is 42. The number is replaced by
  its value (in base ten) when every digit is a digit of that base.
- A signed exponent without braces (`5^-1`, `10^−5`): as TeX it reads the sign alone as the
  exponent; in typed algebra the exponent is the signed number (`5^{-1}`).
- A tower of powers (`2^3^2`): it reads (2^3)^2 = 64; a tower is read from the top down,
  2^(3^2) = 512, as in mathematics and in sympy.
- Numbers written in English words ("three", "twenty-one"), which it does not read.
- A fraction with an argument that is a single token without braces, a command (`\\frac\\pi2`,
  or beside a braced one, `\\frac{1}\\pi`): it reads the command's letters as the arguments
  (`\\frac{\\}{p}i2`), as TeX does not. `\\frac12` it reads itself.
- A parenthesized exponent (`2^((2)/(5))`, `x^( - (3)/(5))`, as sympy prints): it braces only up
  to the first ")" (`2^{(2}/(5))`), so the whole balanced group is braced here.
- An odd root of a negative number (`\\sqrt[3]{-8}`): it takes sympy's principal complex root
  (1 + 1.73i), where `\\sqrt[3]{}` means the real root, -2. (A rational power, `(-8)^{1/3}`,
  stays the principal root: that is how sympy and math-verify define the power.)
- A prime after a letter (`f'(x)`, `y''`): it drops the prime, so `f'(x)` read as `f(x)`. The
  prime becomes part of the name (`f_{p}`), so derivatives stay apart from their function.
- An option written inside the text block of its "or" (`5\\text{ or 6}`): read as a unit
  after 5, the text was dropped and the answer read as 5 alone, a hedge between 5 and 6 that
  matched either. The option moves out of the block (`5\\text{ or }6`), a list of options
  (this and the next are applied before the answer is extracted, by `check_equivalence`).
- A thin space after a thousands comma (`1,\\!000`, MATH's grouping) inside brackets: read as
  the pair (1, 0), `\\left(1,\\!000\\right)` matched `(1, 000)`. The grouped digits join
  (`(1000)`).
- "Or" written in another language between the options of a solution set (`x=2 ou x=-2`,
  `x=2 oder x=-2`, `x=2或x=-2`): the word becomes "or", which reads as the set of all options
  (a hedge is right only when every option is), as in English.
- A power of ten after a number with only a space as the product sign (`1.6 10^-19`, as mark
  schemes write standard form): it reads 1.6/10^19 as one product of digits; the space is a
  times sign here.
- A product of letters closing an expression (`x + ab`, `-ab + ab`): math-verify drops a
  trailing word it knows as a unit ("ab", "bc", "am", "st"), reading `x +`; after an operator
  the letters are variables, so they are braced one by one.
- An indexed name, a letter followed by digits (`v1`, `x12`, glued as `m1v1`): it reads `v1`
  as v times 1, so `v1` matched `v` and `x1 + x2` matched `3x`. The digits are the name's
  index (`v_{1}`), as in the CAS reading (`math_cas`). Before a caret or a bracket the digits
  stay a factor or a base (`n2^{n-1}` is n 2^{n-1}, as TeX sets it; `log2(8)`).
- An operator name as a subscript (`F_{\\max}`, `v_\\min`): it reads `\\max` as the function and
  fails on the whole equation, so `F_{\\max} = 5m\\omega^2R` read as nothing. The subscript is
  a label there (`F_{max}`), as `F_1` or `F_{\\text{max}}` are.
- A decimal with its repeating part in brackets (`0.(3)`, `0.1(6)`, `15.(9)`, as schools in
  Russia and much of Europe write it): it reads `0.(12)` as 0. times 12, so `0.(12)` and `0.(13)`
  were both 0. A text that is such a number alone is replaced by the fraction it writes
  (`0.(12)` is 4/33, `0.9(9)` is 1), before the answer is extracted, by `check_equivalence`.
- A quantity set with siunitx (`5\\unit{km}`, `\\qty{5}{km}`, `\\SI{5}{km}`, `\\si{km}`,
  `\\num{5}`): the command is none math-verify or the unit rules know, so `5000\\unit{m}` against
  `5\\unit{km}` read as two unrelated symbols. The unit becomes a text block (`5\\text{ km}`), as
  the unit rules read it (`math_quantity`, `math_extract.units_differ`: `5\\unit{m}` is still not
  `5\\unit{km}`), before the answer is extracted, by `check_equivalence`.
- A cube or fourth root sign (`∛8`, `∜(x+1)`): it does not read them; they are `\\sqrt[3]{}` and
  `\\sqrt[4]{}`, as `√` is `\\sqrt{}`.
- Maxima's constants (`%pi`, `%e`, `%i`, as its tests and printed results write them): it reads
  `%` as a percent or drops it, so `abs(%pi)` did not read as |π|. They are π, e and the
  imaginary unit (written `I`, as sympy prints it: a bare `i` may be an index).
"""

from __future__ import annotations

import re
from fractions import Fraction

# Unicode symbols math-verify does not read (it reads ≤, ≠, ∉, ∪, ×, ÷, ± and ⋅ itself)
UNICODE_MACROS = {"∈": "\\in ", "∞": "\\infty ", "∅": "\\emptyset ", "·": "\\cdot ",
                  "ℝ": "\\mathbb{R}", "⁄": "/", "−": "-", "–": "-"}
# Unicode superscript digits and signs, as a model writes powers in plain text ("x⁴", "10⁻³")
_SUPERSCRIPT = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_ROOT_OF_BRACKET = re.compile(r"√\s*\(([^()]*)\)")
# a cube or fourth root sign before a bracket or one token: "∛8", "∜(x+1)"
_ROOT_INDEX = {"∛": "3", "∜": "4"}
_HIGHER_ROOT = re.compile(r"([∛∜])\s*(?:\(([^()]*)\)|(\d+(?:\.\d+)?|[A-Za-z]))")
# a logarithm's base as Unicode subscript digits: "log₁₀(1000)" is log base 10
_LOG_BASE = re.compile(r"(?<![A-Za-z])\\?log\s*([₀₁₂₃₄₅₆₇₈₉]+)")
_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
# a logarithm written `ln` on one side and as a bare `log` on the other (`natural_logs`)
_LN = re.compile(r"(?<![A-Za-z])\\?ln(?![A-Za-z])")
_BARE_LOG = re.compile(r"(?<![A-Za-z])(\\?)log(?![A-Za-z\d_₀-₉])(?!\s*_)")
# digits, then the base as a subscript: "52_8", "4210_{7}", "1011_2" (not "a_1", not "x_{12}")
_BASE_SUBSCRIPT = re.compile(r"(?<![\w.\\])([0-9][0-9A-Fa-f]*)_(?:\{\s*(\d{1,2})\s*\}|(\d{1,2}))(?![\w.])")
# "a^b^c" with plain tokens (a number, a letter or a braced group); "2^{3}^2" too. One token, as
# in TeX: "x^3y^5" is x^3 times y^5, no tower of 3y
_TOKEN = r"(?:\d+(?:\.\d+)?|[A-Za-z]|\{[^{}]*\})"
_TOWER = re.compile(r"\^\s*(" + _TOKEN + r")\s*\^\s*(" + _TOKEN + r")")
_FRAC_ARG = r"(\{[^{}]*\}|\\[A-Za-z]+|[0-9A-Za-z])"
_BARE_FRAC = re.compile(r"\\([dt]?frac)\s*" + _FRAC_ARG + r"\s*" + _FRAC_ARG)


def unicode_symbols(s: str) -> str:
    """Unicode math symbols and superscripts as the TeX math-verify reads (module doc)."""
    s = _ROOT_OF_BRACKET.sub(r"\\sqrt{\1}", s)
    s = _HIGHER_ROOT.sub(lambda m: "\\sqrt[" + _ROOT_INDEX[m.group(1)] + "]{" + (m.group(2) or m.group(3))
                         + "}", s)
    s = _LOG_BASE.sub(lambda m: "\\log_{" + m.group(1).translate(_SUBSCRIPT_DIGITS) + "}", s)
    s = re.sub("[" + "".join(UNICODE_MACROS) + "]", lambda m: UNICODE_MACROS[m.group(0)], s)
    return _SUPERSCRIPT.sub(lambda m: "^{" + m.group(0).translate(_SUPERSCRIPT_DIGITS) + "}", s)


def _in_base_ten(m: re.Match[str]) -> str:
    digits, base = m.group(1), int(m.group(2) or m.group(3))
    try:
        return str(int(digits, base)) if 2 <= base <= 16 else m.group(0)
    except ValueError:  # "52_3": a 5 is no digit in base 3, so this is not a base subscript
        return m.group(0)


def base_subscripts(s: str) -> str:
    """`52_8` -> `42`: a number with its base as a subscript, as its value (module doc)."""
    return _BASE_SUBSCRIPT.sub(_in_base_ten, s)


_SIGNED_EXPONENT = re.compile(r"\^\s*([+-])\s*(\d+(?:\.\d+)?|[A-Za-z])(?![\w.])")


def signed_exponents(s: str) -> str:
    """`5^-1` -> `5^{-1}`: a sign after a caret belongs to the exponent (module doc)."""
    return _SIGNED_EXPONENT.sub(r"^{\1\2}", s)


def power_towers(s: str) -> str:
    """`2^3^2` -> `2^{3^{2}}`: a tower of powers read from the top down (module doc)."""
    while (m := _TOWER.search(s)):
        top = m.group(2)
        top = top if top.startswith("{") else "{" + top + "}"
        s = s[:m.start()] + "^{" + m.group(1) + "^" + top + "}" + s[m.end():]
    return s


def bare_fractions(s: str) -> str:
    """`\\frac\\pi2` -> `\\frac{\\pi}{2}`, `\\frac{1}\\pi` -> `\\frac{1}{\\pi}`: single-token
    arguments without braces, beside a braced one or not (module doc)."""
    def braced(m: re.Match[str]) -> str:
        top, bottom = (a if a.startswith("{") else "{" + a + "}" for a in m.group(2, 3))
        return f"\\{m.group(1)}{top}{bottom}"

    return _BARE_FRAC.sub(braced, s)


_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def number_word(s: str) -> int | None:
    """0..99 written in English words ("three", "twenty-one"), else None."""
    w = s.strip().lower().replace(" ", "-")
    if w in _UNITS:
        return _UNITS.index(w)
    tens, _, unit = w.partition("-")
    if tens in _TENS and (not unit or unit in _UNITS[1:10]):
        return 20 + 10 * _TENS.index(tens) + (_UNITS.index(unit) if unit else 0)
    return None


def close_paren(s: str, i: int) -> int | None:
    """Index just after the ")" that closes the "(" before s[i], or None when unbalanced."""
    depth = 1
    while i < len(s) and depth:
        depth += {"(": 1, ")": -1}.get(s[i], 0)
        i += 1
    return None if depth else i


_PAREN_EXPONENT = re.compile(r"\^\s*\(")


def paren_exponents(s: str) -> str:
    """`2^((2)/(5))` -> `2^{((2)/(5))}`: the whole balanced group after a caret, braced."""
    start = 0
    while (m := _PAREN_EXPONENT.search(s, start)):
        i = close_paren(s, m.end())
        if i is None:
            return s  # unbalanced: left for the parser to refuse
        s = s[:m.start()] + "^{" + s[m.end() - 1:i] + "}" + s[i:]
        start = m.start() + 2
    return s


# the radicand after the sign: one number, letter or numeric fraction (a sum stays as it is)
_ODD_ROOT = re.compile(r"\\sqrt\s*\[\s*(\d+)\s*\]\s*\{\s*-\s*(\d+(?:\.\d+)?|[A-Za-z]|"
                       r"\\[dt]?frac\s*\{\d+\}\s*\{\d+\})\s*\}")


def odd_real_roots(s: str) -> str:
    """`\\sqrt[3]{-8}` -> `(-\\sqrt[3]{8})`: an odd root of a negative number is the real root."""
    return _ODD_ROOT.sub(lambda m: f"(-\\sqrt[{m.group(1)}]{{{m.group(2)}}})"
                         if int(m.group(1)) % 2 else m.group(0), s)


def primed_names(s: str) -> str:
    """`f'(x)` -> `f_{p}(x)`, `y''` -> `y_{pp}`: a prime after a letter is part of the name."""
    return re.sub(r"(?<![\\A-Za-z])([A-Za-z])('+|′+)",
                  lambda m: m.group(1) + "_{" + "p" * len(m.group(2)) + "}", s)


# a word of letters, each but the first possibly indexed (`v1`, `m1v1`, `mv0`, `x1x2`), with at least
# one index: not part of a word or a command (`\\frac12`), not a number's e-notation (`1e5`), not a
# base before a caret (`n2^{n-1}`), not a function's name or base (`log2`, `sin2`)
_INDEXED_WORD = re.compile(r"(?<![\w.\\])(?:[A-Za-z]\d*)*[A-Za-z]\d+(?:[A-Za-z]\d*)*(?![\w.]|\s*[\^(])")
_FUNCTION_HEAD = re.compile(r"(?:arc|a)?(?:sin|cos|tan|cot|sec|csc)h?|ln|log|exp|sqrt|cbrt|lg")


def indexed_names(s: str) -> str:
    """`v1` -> `v_{1}`, `x1 + x2` -> `x_{1} + x_{2}`, `m1v1` -> `m_{1}v_{1}`: a letter's
    digits index its name."""
    def name(m: re.Match[str]) -> str:
        if _FUNCTION_HEAD.match(m.group(0)):
            return m.group(0)
        return re.sub(r"([A-Za-z])(\d+)", r"\1_{\2}", m.group(0))

    return _INDEXED_WORD.sub(name, s)


_OPERATOR_SUBSCRIPT = re.compile(r"_\s*(?:\{\s*\\(max|min|sup|inf)\s*\}|\\(max|min|sup|inf)(?![A-Za-z]))")


def operator_subscripts(s: str) -> str:
    """`F_{\\max}` -> `F_{max}`: an operator name as a subscript labels the name."""
    return _OPERATOR_SUBSCRIPT.sub(lambda m: "_{" + (m.group(1) or m.group(2)) + "}", s)


# "or" in languages other than English, between options: whole words in Latin or Cyrillic script,
# and the CJK words, which are written without spaces
_OR_WORDS = re.compile(r"(?<=\S)\s+(?:ou|oder|o|или|hoặc)\s+(?=\S)|\s*(?:或|または|또는)\s*")


def or_words(s: str) -> str:
    """`x=2 ou x=-2` -> `x=2 or x=-2`: "or" in another language between the options of a
    relation's solutions. Only in a relation: elsewhere a lone "o" may be a variable."""
    return _OR_WORDS.sub(" or ", s) if re.search(r"[=<>≤≥]", s) else s


_SPACE_TIMES_TEN = re.compile(r"(?<![\w.^{])(\d+(?:\.\d+)?)\s+(?=10\s*\^)")


def space_times_ten(s: str) -> str:
    """`1.6 10^-19` -> `1.6\\times 10^-19`: a space before a power of ten is a product sign."""
    return _SPACE_TIMES_TEN.sub(r"\1\\times ", s)


# a run of two or three letters after an operator at the end of the text, not a name math-verify
# reads as a function or constant
_TRAILING_LETTERS = re.compile(r"(?<=[-+*/=(])(\s*)([a-z]{2,3})\s*$")
_NAMES = {"pi", "ln", "log", "exp", "sin", "cos", "tan", "cot", "sec", "csc", "inf", "deg", "mod"}


def trailing_letters(s: str) -> str:
    """`x + ab` -> `x + {a}{b}`: letters after an operator are variables, not a unit to drop."""
    m = _TRAILING_LETTERS.search(s)
    if not m or m.group(2) in _NAMES:
        return s
    return s[:m.start()] + m.group(1) + "".join("{" + c + "}" for c in m.group(2))


def natural_logs(gold: str, answer: str) -> tuple[str, str]:
    """A bare `log` is the natural logarithm when the other side writes `ln`: `\\ln x` against
    a gold `log(x)` (as sympy and CAS export it). math-verify reads a bare `\\log` as base 10,
    which is right only when both sides write it so; a two-argument `log(a, b)` has its base."""
    if bool(_LN.search(gold)) == bool(_LN.search(answer)):
        return gold, answer

    def natural(t: str) -> str:
        return t if re.search(r"log\s*\([^()]*,", t) else _BARE_LOG.sub(r"\1ln", t)

    return natural(gold), natural(answer)


_OR_IN_TEXT = re.compile(r"\\(?:text|mbox|mathrm)\s*\{\s*or\s+([^{}]*?\d[^{}]*?)\s*\}")
_THIN_THOUSANDS = re.compile(r"(?<=\d),\s*\\!\s*(?=\d{3}(?!\d))")


def or_out_of_text(s: str) -> str:
    """`5\\text{ or 6}` -> `5\\text{ or }6`: an option is no unit of the value before it."""
    return _OR_IN_TEXT.sub(r"\\text{ or }\1", s)


_SI_QUANTITY = re.compile(r"\\(?:qty|SI)\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_SI_UNIT = re.compile(r"\\(?:unit|si)\s*\{([^{}]*)\}")
_SI_NUMBER = re.compile(r"\\num\s*\{([^{}]*)\}")


def siunitx(s: str) -> str:
    """`5\\unit{km}`, `\\qty{5}{km}`, `\\SI{5}{km}` -> `5\\text{ km}`; `\\num{5}` -> `5` (module doc)."""
    s = _SI_QUANTITY.sub(lambda m: m.group(1).strip() + "\\text{ " + m.group(2).strip() + "}", s)
    s = _SI_UNIT.sub(lambda m: "\\text{ " + m.group(1).strip() + "}", s)
    return _SI_NUMBER.sub(lambda m: m.group(1).strip(), s)


_MAXIMA_CONSTANT = re.compile(r"%(pi|e|i)(?![A-Za-z0-9_])")


def maxima_constants(s: str) -> str:
    """`%pi`, `%e`, `%i` -> `\\pi`, `e`, `I`: Maxima's names of its constants (module doc); `I`
    is the unit as sympy writes it, where a bare `i` could be an index (`math_complex`)."""
    return _MAXIMA_CONSTANT.sub(lambda m: {"pi": "\\pi ", "e": "e", "i": "I"}[m.group(1)], s)


def thin_space_thousands(s: str) -> str:
    """`1,\\!000` -> `1000`: a comma before a thin space groups digits, it separates no items."""
    return _THIN_THOUSANDS.sub("", s)


_REPEATING = re.compile(r"\s*(-?)\s*(\d*)\.(\d*)\(\s*(\d+)\s*\)\s*\.?\s*")


def repeating_decimal(s: str | None) -> str | None:
    """`0.(12)` -> `4/33`, `-1.9(0)` -> `-19/10`: a text that is one decimal with its repeating
    part in brackets, as the fraction it writes; None for any other text."""
    m = _REPEATING.fullmatch(s or "")
    if not m or not (m.group(2) or m.group(3) or m.group(4)):
        return None
    sign, whole, fixed, period = m.groups()
    value = Fraction(int(whole or "0")) + Fraction(int(fixed or "0"), 10 ** len(fixed))
    value += Fraction(int(period), (10 ** len(period) - 1) * 10 ** len(fixed))
    return f"{'-' if sign else ''}{value.numerator}/{value.denominator}"
