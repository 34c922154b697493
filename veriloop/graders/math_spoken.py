"""Numbers said in English words, as a voice or chat tutor receives them ("minus one third",
"half", "minus 15", "-1 over 7", "two and a half"), read into digits ("-1/3") before extraction.

Why: extraction reads digits and drops words around them, so "minus 15" kept only 15 (a
dropped sign, graded equal to 15) and "minus one over seven" no number at all. Only a whole
answer made of such words is read (a sentence around a number is left to extraction), with a
sign word, a fraction word or several words: a single word ("three") is read by
`math_notation.number_word` already. Fraction words that name one value are read: "over" and
"divided by" for a fraction bar, "half", "third", "quarter", ... for a unit fraction. "by"
alone is not ("5 by 8" is also a size, 5 × 8): a convention documented with collection 14
(`suite_pairs_c14.LEFT_OUT`).

An expression said in words (`spoken_expression`: "x divided by two", "four x squared minus
three x minus seven", "the square root of 2", and the root's name in Hebrew, Russian, Spanish,
French and German) is read the same way, into `x/2`, `4x^2-3x-7`, `\\sqrt{2}`: numbers and
one-letter variables joined by operator words, "squared", "cubed", "to the power of". Every
word must be read, and one of them must be such a word: a sentence is left to extraction.
"""

from __future__ import annotations

import re
from fractions import Fraction

_SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen"]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_SCALES = {"thousand": 1000, "million": 10**6, "billion": 10**9}
_ORDINALS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5,
             "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
             "twelfth": 12, "twentieth": 20, "hundredth": 100, "thousandth": 1000}
_SIGN_WORDS = ("minus", "negative")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def spoken_number(text: str | None) -> str | None:
    """`text` as digits ("-1/3", "-15", "5/2") when the whole of it is a number said in words
    with a sign word, a fraction word or more than one word; else None."""
    if not text:
        return None
    words = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text.strip().rstrip(".").lower()).split()
    if not words or not any(w.isalpha() for w in words) or len(words) > 12:
        return None
    negative = words[0] in _SIGN_WORDS
    value = _value(words[1:] if negative else words)
    if value is None or (len(words) == 1 and words[0] not in _ORDINALS):
        return None
    value = -value if negative else value
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _value(words: list[str]) -> Fraction | None:
    """A number phrase: a count, "A over B", "A divided by B", "A <ordinal>s", "A and a half"."""
    for bar in (["over"], ["divided", "by"]):
        for i in range(1, len(words) - len(bar) + 1):
            if words[i:i + len(bar)] == bar:
                num, den = _count(words[:i]), _count(words[i + len(bar):])
                return num / den if num is not None and den else None
    if "and" in words and words[-1] in _ORDINALS:  # "two and a half", "one and three quarters"
        i = len(words) - 1 - words[::-1].index("and")
        whole, part = _count(words[:i]), _unit_fraction(words[i + 1:])
        return whole + part if whole is not None and part is not None else None
    if words and words[-1].rstrip("s") in _ORDINALS or words[-1:] == ["halves"]:
        return _unit_fraction(words)
    return _count(words)


def _unit_fraction(words: list[str]) -> Fraction | None:
    """"half", "a half", "one third", "two thirds", "three quarters"."""
    if not words:
        return None
    name = words[-1] if words[-1] in _ORDINALS else words[-1][:-1]
    den = _ORDINALS.get(name)
    num = Fraction(1) if words[:-1] in ([], ["a"], ["an"]) else _count(words[:-1])
    return num / den if den and num is not None else None


def _count(words: list[str]) -> Fraction | None:
    """A whole count in words or digits: "15", "-1", "one hundred and five", "twenty one"."""
    if len(words) == 1 and _NUMBER.fullmatch(words[0]):
        return Fraction(words[0])
    total, current, seen = 0, 0, False
    for w in words:
        if w in _SMALL:
            current += _SMALL.index(w)
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred" and seen:
            current *= 100
        elif w in _SCALES and seen:
            total, current = total + current * _SCALES[w], 0
        elif w == "and" and seen:
            continue
        else:
            return None
        seen = True
    return Fraction(total + current) if seen else None


# an expression said in words: operator words between operands, powers after them, a root
# before one; "the square root of" in a few languages too ("שורש 2", "корень из 2")
_OPERATORS = {("plus",): "+", ("minus",): "-", ("times",): "*", ("multiplied", "by"): "*",
              ("divided", "by"): "/", ("over",): "/"}
_POWERS = {("squared",): "^2", ("cubed",): "^3"}
_ROOTS = (("the", "square", "root", "of"), ("square", "root", "of"), ("root", "of"), ("sqrt", "of"),
          ("שורש",), ("корень", "из"), ("корень",), ("raíz", "cuadrada", "de"), ("raíz", "de"),
          ("racine", "carrée", "de"), ("racine", "de"), ("wurzel", "aus"), ("wurzel", "von"))


def spoken_expression(text: str | None) -> str | None:
    """`text` as an expression ("x/2", "4x^2-3x-7", "\\\\sqrt{2}") when the whole of it is one
    said in words: numbers in words or digits, one-letter variables, "plus", "minus", "times",
    "divided by", "over", "squared", "cubed", "to the power of" and a square root's name; with
    at least one such word. Else None (prose, or a number alone: `spoken_number`)."""
    if not text or len(text) > 120:
        return None
    words = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text.strip().rstrip(".").lower()).split()
    out, i, said, operand = [], 0, False, False
    while i < len(words):
        step = _operator_at(words, i)
        if step:
            size, piece, kind = step
            if kind == "root":
                if operand:
                    return None
                out.append("\\sqrt{")
            else:
                if not operand and (kind == "power" or piece != "-"):
                    return None  # a power or a binary operator needs an operand before it
                out.append(piece)
                operand = kind == "power"
            i, said = i + size, True
            continue
        j = i
        while j < len(words) and _count(words[i:j + 1]) is not None and not _operator_at(words, j):
            j += 1
        if j > i:
            value = _count(words[i:j])
            piece, i = str(value), j
        elif re.fullmatch(r"[a-z]", words[i]):
            piece, i = words[i], i + 1
        else:
            return None
        if operand and not piece[0].isalpha():
            return None  # two numbers side by side
        out.append(("*" if operand and out and out[-1][-1:].isalpha() else "") + piece)
        operand = True
        while out.count("\\sqrt{") > "".join(out).count("}") and operand:
            out.append("}")
    if not said or not operand:
        return None
    return "".join(out)


def _operator_at(words: list[str], i: int) -> tuple[int, str, str] | None:
    """(words used, text, kind) of an operator, power or root word starting at words[i]."""
    for phrase, piece in _OPERATORS.items():
        if tuple(words[i:i + len(phrase)]) == phrase:
            return len(phrase), piece, "op"
    for phrase, piece in _POWERS.items():
        if tuple(words[i:i + len(phrase)]) == phrase:
            return len(phrase), piece, "power"
    if words[i:i + 4] == ["to", "the", "power", "of"] and i + 4 < len(words):
        n = _count(words[i + 4:i + 5])
        if n is not None:
            return 5, f"^{n}", "power"
    for phrase in _ROOTS:
        if tuple(words[i:i + len(phrase)]) == phrase:
            return len(phrase), "", "root"
    return None
