"""The `repo` environment's cross-file bug families (difficulty 3): the bug sits in a helper
module that the tested module imports (`Family.extra` holds the tested module), so the failing
test points at a different file than the bug."""

from __future__ import annotations

from veriloop.envs.repo.family import Family, family

CROSS_FILE: tuple[Family, ...] = (
    family("cents_rounding", 3, "units.py", '''
"""Money units."""


def to_cents(amount):
    """Amount in currency units to integer cents, rounded to the nearest cent."""
    return round(amount * 100)
''', "round(amount * 100)", "int(amount * 100)",
       "from PKG.cart import total_cents\n\n\ndef test_cart_total():\n"
       "    assert total_cents([0.29, 1.15]) == 144\n",
       "from PKG.cart import total_cents\nfrom PKG.units import to_cents\n\n\ndef test_more():\n"
       "    assert to_cents(0.57) == 57\n    assert total_cents([]) == 0\n"
       "    assert total_cents([19.99, 0.01]) == 2000\n",
       {"cart.py": '"""Shopping cart totals."""\n\nfrom PKG.units import to_cents\n\n\n'
                   'def total_cents(prices):\n    """Sum of the prices in cents."""\n'
                   '    return sum(to_cents(p) for p in prices)\n'}),
    family("tokenizer_split", 3, "textutil.py", '''
"""Text helpers."""


def tokenize(text):
    """Lower-case words of text, split on any whitespace."""
    return [w.lower() for w in text.split()]
''', "text.split()", 'text.split(" ")',
       "from PKG.index import build_index\n\n\ndef test_index_tabs():\n"
       "    assert build_index(['red\\tfish'])['fish'] == [0]\n",
       "from PKG.index import build_index\n\n\ndef test_more():\n"
       "    idx = build_index(['Red fish', 'blue  fish'])\n    assert idx['fish'] == [0, 1]\n"
       "    assert '' not in idx and idx['red'] == [0]\n",
       {"index.py": '"""Inverted index."""\n\nfrom PKG.textutil import tokenize\n\n\n'
                    'def build_index(docs):\n    """word -> sorted list of document numbers."""\n'
                    '    index = {}\n    for i, doc in enumerate(docs):\n'
                    '        for word in sorted(set(tokenize(doc))):\n'
                    '            index.setdefault(word, []).append(i)\n    return index\n'}),
    family("february_days", 3, "dates.py", '''
"""Calendar arithmetic."""


def days_in_month(year, month):
    """Number of days in a month of the Gregorian calendar."""
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31
''', "return 29 if leap else 28", "return 28 if leap else 29",
       "from PKG.schedule import month_end\n\n\ndef test_feb_end():\n"
       "    assert month_end(2023, 2) == '2023-02-28'\n",
       "from PKG.schedule import month_end\n\n\ndef test_more():\n"
       "    assert month_end(2024, 2) == '2024-02-29'\n"
       "    assert month_end(2023, 4) == '2023-04-30'\n"
       "    assert month_end(2023, 12) == '2023-12-31'\n",
       {"schedule.py": '"""Billing schedule."""\n\nfrom PKG.dates import days_in_month\n\n\n'
                       'def month_end(year, month):\n'
                       '    """ISO date of the last day of the month."""\n'
                       '    return f"{year:04d}-{month:02d}-{days_in_month(year, month):02d}"\n'}),
    family("discount_percent", 3, "pricing.py", '''
"""Price rules."""


def apply_discount(price, percent):
    """price reduced by `percent` per cent, never below zero."""
    return max(0.0, price * (1 - percent / 100))
''', "price * (1 - percent / 100)", "price * (1 - percent)",
       "from PKG.checkout import final_price\n\n\ndef test_final_price():\n"
       "    assert abs(final_price(200.0, 'SAVE10') - 180.0) < 1e-9\n",
       "from PKG.checkout import final_price\n\n\ndef test_more():\n"
       "    assert final_price(50.0, None) == 50.0\n"
       "    assert abs(final_price(80.0, 'HALF') - 40.0) < 1e-9\n",
       {"checkout.py": '"""Checkout."""\n\nfrom PKG.pricing import apply_discount\n\n'
                       'CODES = {"SAVE10": 10, "HALF": 50}\n\n\n'
                       'def final_price(price, code):\n    """Price after the discount code."""\n'
                       '    if code is None:\n        return price\n'
                       '    return apply_discount(price, CODES[code])\n'}),
)
