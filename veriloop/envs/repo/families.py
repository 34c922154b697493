"""The bug families of the `repo` environment: a correct module, the seeded bug, tests.

Each family is one small module of a package (`PKG` is replaced by the repository's package name)
with a bug introduced by replacing `fix` (the correct snippet) by `bug`. `visible` tests ship in
the repository and fail on the bug; `hidden` tests are added at grading time and cover cases the
visible test does not (a fix that only special-cases the visible test fails them). Cross-file
families (difficulty 3: `veriloop.envs.repo.cross_file`, last in `FAMILIES`) put the bug in a
helper module that the tested module imports.
Difficulty: 1 = one wrong expression next to the failing assertion; 2 = a logic error that needs
the function understood; 3 = the failing test points at a different file than the bug.
"""

from __future__ import annotations

from veriloop.envs.repo.cross_file import CROSS_FILE
from veriloop.envs.repo.family import Family, family

SINGLE_MODULE: tuple[Family, ...] = (
    family("off_by_one_sum", 1, "series.py", '''
"""Sums over sequences."""


def total(values):
    """Sum of all values."""
    result = 0
    for i in range(len(values)):
        result += values[i]
    return result
''', "range(len(values))", "range(len(values) - 1)",
       "from PKG.series import total\n\n\ndef test_total():\n    assert total([1, 2, 3]) == 6\n",
       "from PKG.series import total\n\n\ndef test_total_empty_and_single():\n"
       "    assert total([]) == 0\n    assert total([5]) == 5\n"
       "    assert total([-1, 1, 10]) == 10\n"),
    family("max_comparison", 1, "ranking.py", '''
"""Picking the best item."""


def largest(values):
    """The largest value (values is not empty)."""
    best = values[0]
    for v in values[1:]:
        if v > best:
            best = v
    return best
''', "if v > best:", "if v < best:",
       "from PKG.ranking import largest\n\n\ndef test_largest():\n"
       "    assert largest([3, 9, 2]) == 9\n",
       "from PKG.ranking import largest\n\n\ndef test_largest_more():\n"
       "    assert largest([-5, -2, -9]) == -2\n    assert largest([7]) == 7\n"
       "    assert largest([1, 1, 4, 4]) == 4\n"),
    family("clamp_bound", 1, "bounds.py", '''
"""Keeping numbers in range."""


def clamp(x, lo, hi):
    """x limited to the closed interval [lo, hi]."""
    return max(lo, min(x, hi))
''', "min(x, hi)", "min(x, hi - 1)",
       "from PKG.bounds import clamp\n\n\ndef test_clamp_high():\n"
       "    assert clamp(15, 0, 10) == 10\n",
       "from PKG.bounds import clamp\n\n\ndef test_clamp_cases():\n"
       "    assert clamp(-3, 0, 10) == 0\n"
       "    assert clamp(10, 0, 10) == 10\n    assert clamp(4, 0, 10) == 4\n"
       "    assert clamp(2.5, 1.5, 2.0) == 2.0\n"),
    family("integer_division_mean", 1, "averages.py", '''
"""Averages."""


def mean(values):
    """Arithmetic mean of a non-empty sequence."""
    return sum(values) / len(values)
''', "sum(values) / len(values)", "sum(values) // len(values)",
       "from PKG.averages import mean\n\n\ndef test_mean():\n    assert mean([1, 2]) == 1.5\n",
       "from PKG.averages import mean\n\n\ndef test_mean_more():\n    assert mean([2, 4]) == 3\n"
       "    assert abs(mean([0.1, 0.2, 0.4]) - 0.7 / 3) < 1e-12\n"
       "    assert mean([-1, -2]) == -1.5\n"),
    family("missing_empty_guard", 2, "stats.py", '''
"""Summary statistics that tolerate empty input."""


def average(values):
    """Mean of the values, 0.0 for an empty sequence."""
    if not values:
        return 0.0
    return sum(values) / len(values)
''', "    if not values:\n        return 0.0\n", "",
       "from PKG.stats import average\n\n\ndef test_average_empty():\n"
       "    assert average([]) == 0.0\n",
       "from PKG.stats import average\n\n\ndef test_average_values():\n"
       "    assert average([]) == 0.0\n    assert average([3]) == 3\n"
       "    assert average([1, 2, 6]) == 3\n"),
    family("mutable_default", 2, "tags.py", '''
"""Tag lists."""


def add_tag(tag, tags=None):
    """A new list: `tags` (default: none) plus `tag`."""
    if tags is None:
        tags = []
    tags = list(tags)
    tags.append(tag)
    return tags
''', "def add_tag(tag, tags=None):\n"
       "    \"\"\"A new list: `tags` (default: none) plus `tag`.\"\"\"\n"
       "    if tags is None:\n        tags = []\n    tags = list(tags)\n",
       "def add_tag(tag, tags=[]):\n"
       "    \"\"\"A new list: `tags` (default: none) plus `tag`.\"\"\"\n",
       "from PKG.tags import add_tag\n\n\ndef test_add_tag_fresh_lists():\n"
       "    assert add_tag('a') == ['a']\n    assert add_tag('b') == ['b']\n",
       "from PKG.tags import add_tag\n\n\ndef test_add_tag_does_not_mutate():\n"
       "    base = ['x']\n    assert add_tag('y', base) == ['x', 'y']\n    assert base == ['x']\n"
       "    assert add_tag('z') == ['z']\n"),
    family("strip_whitespace", 1, "names.py", '''
"""Normalising user names."""


def normalize(name):
    """Lower-case name without surrounding whitespace."""
    return name.strip().lower()
''', "name.strip().lower()", "name.lower()",
       "from PKG.names import normalize\n\n\ndef test_normalize():\n"
       "    assert normalize('  Alice ') == 'alice'\n",
       "from PKG.names import normalize\n\n\ndef test_normalize_more():\n"
       "    assert normalize('BOB') == 'bob'\n    assert normalize('\\tEve\\n') == 'eve'\n"),
    family("wrong_config_key", 1, "settings.py", '''
"""Reading settings with defaults."""


def timeout(config):
    """The configured timeout in seconds (30 when unset)."""
    return float(config.get("timeout", 30))
''', 'config.get("timeout", 30)', 'config.get("time_out", 30)',
       "from PKG.settings import timeout\n\n\ndef test_timeout_set():\n"
       "    assert timeout({'timeout': 5}) == 5.0\n",
       "from PKG.settings import timeout\n\n\ndef test_timeout_default_and_str():\n"
       "    assert timeout({}) == 30.0\n    assert timeout({'timeout': '2.5'}) == 2.5\n"),
    family("sort_order", 1, "leaderboard.py", '''
"""Leaderboards."""


def top(scores, n):
    """The n highest (name, score) pairs, best first."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    return ranked[:n]
''', "key=lambda kv: kv[1], reverse=True", "key=lambda kv: kv[1]",
       "from PKG.leaderboard import top\n\n\ndef test_top_one():\n"
       "    assert top({'a': 1, 'b': 5, 'c': 3}, 1) == [('b', 5)]\n",
       "from PKG.leaderboard import top\n\n\ndef test_top_two():\n"
       "    assert top({'a': 1, 'b': 5, 'c': 3}, 2) == [('b', 5), ('c', 3)]\n"
       "    assert top({}, 3) == []\n"),
    family("operator_precedence", 1, "geometry.py", '''
"""Areas."""

import math


def ring_area(outer, inner):
    """Area between two concentric circles."""
    return math.pi * (outer ** 2 - inner ** 2)
''', "math.pi * (outer ** 2 - inner ** 2)", "math.pi * outer ** 2 - inner ** 2",
       "import math\n\nfrom PKG.geometry import ring_area\n\n\ndef test_ring_area():\n"
       "    assert abs(ring_area(2, 1) - 3 * math.pi) < 1e-9\n",
       "import math\n\nfrom PKG.geometry import ring_area\n\n\ndef test_ring_area_more():\n"
       "    assert ring_area(1, 1) == 0\n    assert abs(ring_area(3, 2) - 5 * math.pi) < 1e-9\n"),
    family("float_equality", 2, "numeric.py", '''
"""Floating point comparisons."""


def is_close(a, b, rel=1e-9):
    """Whether a and b are equal up to relative tolerance `rel`."""
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))
''', "abs(a - b) <= rel * max(1.0, abs(a), abs(b))", "a == b",
       "from PKG.numeric import is_close\n\n\ndef test_is_close_sum():\n"
       "    assert is_close(0.1 + 0.2, 0.3)\n",
       "from PKG.numeric import is_close\n\n\ndef test_is_close_more():\n"
       "    assert not is_close(1.0, 1.1)\n    assert is_close(1e20, 1e20 * (1 + 1e-12))\n"
       "    assert is_close(2.0, 2.0)\n"),
    family("slice_zero", 2, "windows.py", '''
"""Taking parts of sequences."""


def last_n(items, n):
    """The last n items (none for n == 0)."""
    if n <= 0:
        return []
    return list(items[-n:])
''', "    if n <= 0:\n        return []\n", "",
       "from PKG.windows import last_n\n\n\ndef test_last_zero():\n"
       "    assert last_n([1, 2, 3], 0) == []\n",
       "from PKG.windows import last_n\n\n\ndef test_last_more():\n"
       "    assert last_n([1, 2, 3], 2) == [2, 3]\n"
       "    assert last_n([1, 2, 3], 0) == []\n    assert last_n((4, 5), 5) == [4, 5]\n"),
    family("running_total", 2, "cumulative.py", '''
"""Running totals."""


def running_total(values):
    """Prefix sums: [v0, v0 + v1, ...]."""
    out = []
    acc = 0
    for v in values:
        acc += v
        out.append(acc)
    return out
''', "        out.append(acc)", "        out.append(v)",
       "from PKG.cumulative import running_total\n\n\ndef test_running_total():\n"
       "    assert running_total([1, 2, 3]) == [1, 3, 6]\n",
       "from PKG.cumulative import running_total\n\n\ndef test_running_total_more():\n"
       "    assert running_total([]) == []\n    assert running_total([5, -5, 2]) == [5, 0, 2]\n"),
    family("not_found_sentinel", 1, "lookup.py", '''
"""Searching sequences."""


def find_index(items, target):
    """Index of the first `target` in items, or -1 if absent."""
    for i, item in enumerate(items):
        if item == target:
            return i
    return -1
''', "    return -1\n", "    return 0\n",
       "from PKG.lookup import find_index\n\n\ndef test_missing():\n"
       "    assert find_index(['a', 'b'], 'z') == -1\n",
       "from PKG.lookup import find_index\n\n\ndef test_found():\n"
       "    assert find_index(['a', 'b'], 'b') == 1\n"
       "    assert find_index(['a', 'b'], 'a') == 0\n    assert find_index([], 1) == -1\n"),
    family("invert_mapping", 1, "mapping.py", '''
"""Dictionary helpers."""


def invert(d):
    """Swap keys and values."""
    return {v: k for k, v in d.items()}
''', "{v: k for k, v in d.items()}", "{k: v for k, v in d.items()}",
       "from PKG.mapping import invert\n\n\ndef test_invert():\n"
       "    assert invert({'a': 1}) == {1: 'a'}\n",
       "from PKG.mapping import invert\n\n\ndef test_invert_more():\n    assert invert({}) == {}\n"
       "    assert invert({'x': 'y', 'z': 'w'}) == {'y': 'x', 'w': 'z'}\n"),
    family("pagination_offset", 2, "paging.py", '''
"""Paginating lists."""


def page(items, number, size):
    """Page `number` (1-based) of `items` with `size` items per page."""
    start = (number - 1) * size
    return items[start:start + size]
''', "start = (number - 1) * size", "start = number * size",
       "from PKG.paging import page\n\n\ndef test_first_page():\n"
       "    assert page(list(range(10)), 1, 3) == [0, 1, 2]\n",
       "from PKG.paging import page\n\n\ndef test_other_pages():\n"
       "    assert page(list(range(10)), 4, 3) == [9]\n"
       "    assert page(list(range(10)), 2, 5) == [5, 6, 7, 8, 9]\n"
       "    assert page([], 1, 3) == []\n"),
    family("csv_split", 1, "csvline.py", '''
"""Parsing one CSV line (no quoting)."""


def parse_line(line):
    """Fields of a comma-separated line, surrounding spaces removed."""
    return [field.strip() for field in line.split(",")]
''', 'line.split(",")', "line.split()",
       "from PKG.csvline import parse_line\n\n\ndef test_parse():\n"
       "    assert parse_line('a, b,c') == ['a', 'b', 'c']\n",
       "from PKG.csvline import parse_line\n\n\ndef test_parse_more():\n"
       "    assert parse_line('new york, paris') == ['new york', 'paris']\n"
       "    assert parse_line('x,,y') == ['x', '', 'y']\n"),
    family("wrong_exception", 2, "convert.py", '''
"""Lenient conversions."""


def safe_int(text, default=0):
    """int(text), or `default` when text is not an integer."""
    try:
        return int(text)
    except ValueError:
        return default
''', "except ValueError:", "except TypeError:",
       "from PKG.convert import safe_int\n\n\ndef test_bad_text():\n"
       "    assert safe_int('abc') == 0\n",
       "from PKG.convert import safe_int\n\n\ndef test_more():\n    assert safe_int('12') == 12\n"
       "    assert safe_int('1.5', -1) == -1\n    assert safe_int(' 7 ') == 7\n"),
    family("leap_year", 2, "calendar_rules.py", '''
"""Gregorian calendar rules."""


def is_leap(year):
    """Whether `year` is a leap year."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
''', "year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)",
       "year % 4 == 0 and year % 100 != 0",
       "from PKG.calendar_rules import is_leap\n\n\ndef test_2000():\n    assert is_leap(2000)\n",
       "from PKG.calendar_rules import is_leap\n\n\ndef test_more_years():\n"
       "    assert is_leap(2024) and not is_leap(1900) and not is_leap(2023) and is_leap(1600)\n"),
    family("temperature_parens", 1, "temperature.py", '''
"""Unit conversion."""


def to_celsius(fahrenheit):
    """Degrees Fahrenheit to degrees Celsius."""
    return (fahrenheit - 32) * 5 / 9
''', "(fahrenheit - 32) * 5 / 9", "fahrenheit - 32 * 5 / 9",
       "from PKG.temperature import to_celsius\n\n\ndef test_boiling():\n"
       "    assert abs(to_celsius(212) - 100) < 1e-9\n",
       "from PKG.temperature import to_celsius\n\n\ndef test_more():\n"
       "    assert abs(to_celsius(32)) < 1e-9\n    assert abs(to_celsius(-40) + 40) < 1e-9\n"),
    family("case_insensitive_count", 2, "wordcount.py", '''
"""Counting words."""

from collections import Counter


def word_counts(text):
    """Occurrences of each word, ignoring case."""
    return Counter(word.lower() for word in text.split())
''', "Counter(word.lower() for word in text.split())", "Counter(word for word in text.split())",
       "from PKG.wordcount import word_counts\n\n\ndef test_case():\n"
       "    assert word_counts('The the')['the'] == 2\n",
       "from PKG.wordcount import word_counts\n\n\ndef test_more():\n"
       "    c = word_counts('A b a B c')\n    assert c == {'a': 2, 'b': 2, 'c': 1}\n"),
    family("unique_order", 2, "dedupe.py", '''
"""Removing duplicates."""


def unique(items):
    """Items without repeats, in order of first appearance."""
    seen = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out
''', '''    seen = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out
''', "    return sorted(set(items))\n",
       "from PKG.dedupe import unique\n\n\ndef test_order_kept():\n"
       "    assert unique([3, 1, 3, 2, 1]) == [3, 1, 2]\n",
       "from PKG.dedupe import unique\n\n\ndef test_more():\n    assert unique([]) == []\n"
       "    assert unique(['b', 'a', 'b']) == ['b', 'a']\n"),
    family("binary_search_bound", 2, "bsearch.py", '''
"""Binary search."""


def contains(sorted_items, target):
    """Whether target is in the sorted sequence."""
    lo, hi = 0, len(sorted_items) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if sorted_items[mid] == target:
            return True
        if sorted_items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return False
''', "while lo <= hi:", "while lo < hi:",
       "from PKG.bsearch import contains\n\n\ndef test_single():\n    assert contains([4], 4)\n",
       "from PKG.bsearch import contains\n\n\ndef test_more():\n    items = [1, 3, 5, 7, 9]\n"
       "    assert all(contains(items, x) for x in items)\n"
       "    assert not any(contains(items, x) for x in (0, 2, 10))\n"),
    family("fibonacci_base", 1, "sequences.py", '''
"""Integer sequences."""


def fib(n):
    """The n-th Fibonacci number (fib(0) == 0, fib(1) == 1)."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
''', "a, b = 0, 1", "a, b = 1, 1",
       "from PKG.sequences import fib\n\n\ndef test_fib_zero():\n    assert fib(0) == 0\n",
       "from PKG.sequences import fib\n\n\ndef test_fib_more():\n"
       "    assert [fib(i) for i in range(8)] == [0, 1, 1, 2, 3, 5, 8, 13]\n"),
    family("flatten_tuples", 2, "nesting.py", '''
"""Flattening nested sequences."""


def flatten(items):
    """All leaves of nested lists and tuples, depth first."""
    out = []
    for item in items:
        if isinstance(item, (list, tuple)):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out
''', "isinstance(item, (list, tuple))", "isinstance(item, list)",
       "from PKG.nesting import flatten\n\n\ndef test_tuples():\n"
       "    assert flatten([1, (2, 3)]) == [1, 2, 3]\n",
       "from PKG.nesting import flatten\n\n\ndef test_more():\n"
       "    assert flatten([[1, [2, (3, [4])]], 'ab']) == [1, 2, 3, 4, 'ab']\n"
       "    assert flatten([]) == []\n"),
    family("money_format", 1, "money.py", '''
"""Formatting amounts."""


def format_amount(amount, currency="EUR"):
    """'12.50 EUR' style text with two decimals."""
    return f"{amount:.2f} {currency}"
''', '{amount:.2f}', '{amount:.1f}',
       "from PKG.money import format_amount\n\n\ndef test_format():\n"
       "    assert format_amount(12.5) == '12.50 EUR'\n",
       "from PKG.money import format_amount\n\n\ndef test_more():\n"
       "    assert format_amount(3, 'USD') == '3.00 USD'\n"
       "    assert format_amount(0.125) == '0.12 EUR'\n"),
    family("chunk_tail", 2, "batching.py", '''
"""Splitting work into batches."""


def chunks(items, size):
    """Consecutive slices of at most `size` items covering all items."""
    return [items[i:i + size] for i in range(0, len(items), size)]
''', "range(0, len(items), size)", "range(0, len(items) - size, size)",
       "from PKG.batching import chunks\n\n\ndef test_chunks():\n"
       "    assert chunks([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]\n",
       "from PKG.batching import chunks\n\n\ndef test_more():\n"
       "    assert chunks([1, 2], 2) == [[1, 2]]\n"
       "    assert chunks([], 3) == []\n    assert chunks([1, 2, 3], 1) == [[1], [2], [3]]\n"),
    family("gcd_return", 1, "arith.py", '''
"""Integer arithmetic."""


def gcd(a, b):
    """Greatest common divisor of two non-negative integers."""
    while b:
        a, b = b, a % b
    return a
''', "    return a\n", "    return b\n",
       "from PKG.arith import gcd\n\n\ndef test_gcd():\n    assert gcd(12, 18) == 6\n",
       "from PKG.arith import gcd\n\n\ndef test_more():\n    assert gcd(7, 0) == 7\n"
       "    assert gcd(17, 5) == 1\n    assert gcd(0, 9) == 9\n"),
    family("palindrome_filter", 2, "palindrome.py", '''
"""Palindromes."""


def is_palindrome(text):
    """Whether text reads the same backwards, ignoring case and non-alphanumerics."""
    chars = [c.lower() for c in text if c.isalnum()]
    return chars == chars[::-1]
''', "[c.lower() for c in text if c.isalnum()]", "[c.lower() for c in text]",
       "from PKG.palindrome import is_palindrome\n\n\ndef test_sentence():\n"
       "    assert is_palindrome('A man, a plan, a canal: Panama')\n",
       "from PKG.palindrome import is_palindrome\n\n\ndef test_more():\n"
       "    assert is_palindrome('No lemon, no melon')\n    assert not is_palindrome('abc')\n"),
    family("rotate_direction", 2, "rotation.py", '''
"""Rotating lists."""


def rotate_right(items, k):
    """items rotated k places to the right."""
    if not items:
        return []
    k %= len(items)
    return items[-k:] + items[:-k] if k else list(items)
''', "items[-k:] + items[:-k]", "items[k:] + items[:k]",
       "from PKG.rotation import rotate_right\n\n\ndef test_rotate():\n"
       "    assert rotate_right([1, 2, 3, 4], 1) == [4, 1, 2, 3]\n",
       "from PKG.rotation import rotate_right\n\n\ndef test_more():\n"
       "    assert rotate_right([1, 2, 3], 5) == [2, 3, 1]\n    assert rotate_right([], 2) == []\n"
       "    assert rotate_right([1, 2], 2) == [1, 2]\n"),
    family("merge_precedence", 2, "options.py", '''
"""Merging option dictionaries."""


def merged(defaults, overrides):
    """defaults updated by overrides (overrides win)."""
    return {**defaults, **overrides}
''', "{**defaults, **overrides}", "{**overrides, **defaults}",
       "from PKG.options import merged\n\n\ndef test_override_wins():\n"
       "    assert merged({'a': 1}, {'a': 2}) == {'a': 2}\n",
       "from PKG.options import merged\n\n\ndef test_more():\n"
       "    assert merged({'a': 1, 'b': 2}, {'b': 3, 'c': 4}) == {'a': 1, 'b': 3, 'c': 4}\n"),
)

# the order is the tasks' (a seed picks families by position): single-module ones first
FAMILIES: tuple[Family, ...] = SINGLE_MODULE + CROSS_FILE

FAMILY_NAMES = tuple(f.name for f in FAMILIES)
