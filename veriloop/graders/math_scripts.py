"""Answers written with the conventions of other scripts, rewritten to the plain forms the rest of
the checker reads, on the gold and the answer alike, before extraction.

- **Compatibility characters**: fullwidth forms as an East Asian keyboard types them
  ("２x＋２", "27，13，26", "（1）"), vulgar fractions ("½"; "2½" is the mixed number 2 1/2) and
  the squared unit signs of CJK fonts ("㎠" is cm², "㎏" kg). Unicode's compatibility mapping
  (NFKC) is applied to these blocks only: on the whole text it would also turn "x²" into "x2".
- **East Asian answer phrases**: "정답은 8입니다" and "답: 8" (Korean), "答案是 8" and "答：8"
  (Chinese), "答えは 8 です" and "回答：8" (Japanese) name the answer as "Answer: 8" does; the
  copula after the value ("입니다", "です") is not part of it. A sentence that states one value of
  its subject ("斜边长为5。", "电功率为1100瓦。", "有給は10日です") states its answer, as "The
  number is 4." does (not when negated: "不是", "ではない"); a justification after it ("根据勾股定理...")
  is not part of it.
- **Japanese accounting minus**: "△1,000" and "▲1,000" are -1,000 (a triangle before a number;
  "△ABC" is a triangle).
- **Counters and unit characters after a number**: "8개", "1,000원", "十五只", "3人" count things,
  as "8 apples" does, and are dropped as a unit is; "150度" is 150° (度 is the degree sign).
  A remark in brackets after the answer, in words of another script ("x=2(중근)": a double
  root), is dropped too.
- **Chinese unit names after a number**: "10米/秒", "50焦", "100瓦", "2千克" are the SI
  quantities 10 m/s, 50 J, 100 W and 2 kg (and "米每秒" is m/s), so they compare with the same
  quantity in symbols or in other units (`math_quantity`); a name followed by more Chinese text
  is a word, not a unit ("5牛奶" is not 5 N).
- **Chinese numerals**: an answer that is a Chinese number ("十五", "三百零二", "两万") is its
  digits, and 又 between a whole number and a fraction is a mixed number ("2又1/2" is 2 1/2).

Why: before this, every such answer was unparseable (a letter neither ASCII nor Greek makes
`parse_whole` refuse the text) or read partly ("２x＋２" as nothing, "㎠" as a symbol), so a
right answer typed on a Korean or Chinese keyboard scored 0 (heldout14: a Korean tutor's suite,
10 of 33 of its equivalent pairs; a Chinese tutor's, 6 of 8). A dropped counter is a dropped
unit: "8개" against a gold "9" is still wrong, and counted words that change a value (万 in
"两万") are read as numbers, not dropped.
"""

from __future__ import annotations

import re
import unicodedata

_FULLWIDTH = re.compile(r"[\uff01-\uff5e\u3000]")
_VULGAR = re.compile(r"(\d?)\s*([\u00bc-\u00be\u2150-\u215e])")
# CJK squared unit signs whose NFKC form drops the power ("㎠" -> "cm2")
_SQUARED_UNITS = {
    "㎟": "mm²",
    "㎠": "cm²",
    "㎡": "m²",
    "㎢": "km²",
    "㎣": "mm³",
    "㎤": "cm³",
    "㎥": "m³",
    "㎦": "km³",
}
_UNIT_SIGNS = re.compile(r"[\u3380-\u33df\u2113]")  # ㎏ ㎞ ㎖ ... and ℓ

_ANCHORS = re.compile(
    r"(?<![가-힣])(?:정답|답)\s*(?:은|는|[:：])|答案\s*(?:是|为|為|[:：])|"
    r"(?<![\u4e00-\u9fff])答\s*[:：]|答え\s*(?:は|[:：])|(?:回答|解答)\s*[:：]"
)
_COPULA = re.compile(r"\s*(?:입니다|이다|예요|이에요|이요|です|である|だ)\s*[.。!！]?\s*$")
# counters (Korean, Chinese, Japanese) and currency characters after a number
_COUNTER = re.compile(
    r"(?<=[\d零〇一二两兩三四五六七八九十百千万萬亿億])\s*(?:개|명|원|마리|권|장|살|번|个|個|只|人|本|枚|匹|头|頭|台|册|冊|"
    r"円|元|岁|歳|件|张|張|条|條|块|塊|把|颗|顆|辆|輛|次|天|日|年|分钟|分鐘|秒)"
    r"(?![가-힣\u4e00-\u9fff])"
)
_DEGREE = re.compile(r"(?<=\d)\s*度")
# Chinese names of SI units (longest first) -> symbols
_CJK_UNITS = {
    "千米": "km", "公里": "km", "厘米": "cm", "毫米": "mm", "米": "m", "千克": "kg", "公斤": "kg",
    "毫克": "mg", "克": "g", "小时": "h", "分钟": "min", "秒": "s", "千焦": "kJ", "焦耳": "J",
    "焦": "J", "千瓦": "kW", "瓦特": "W", "瓦": "W", "牛顿": "N", "牛": "N", "千帕": "kPa",
    "帕斯卡": "Pa", "帕": "Pa", "千瓦时": "kWh", "千瓦時": "kWh", "伏特": "V", "伏": "V", "安培": "A", "安": "A", "欧姆": "Ω",
    "欧": "Ω", "赫兹": "Hz", "赫": "Hz", "库仑": "C", "库": "C", "毫升": "mL", "升": "L",
}
_CJK_UNIT = "(?:" + "|".join(sorted(_CJK_UNITS, key=len, reverse=True)) + ")"
_CJK_QUANTITY = re.compile(
    rf"(?<=\d)\s*({_CJK_UNIT})(?:\s*(/|每)\s*({_CJK_UNIT}))?(?![\u4e00-\u9fff])"
)
# a sentence stating one value of its subject, with an optional justification after it:
# "斜边长为5。根据勾股定理...", "该用电器的电功率为1100瓦。", "有給は10日です" (not "答案不是5")
_STATED_SENTENCE = re.compile(
    r"^[\u3040-\u30ff\u4e00-\u9fff]+(?<![不非没沒未])(?:为|為|是|等于|等於|は)\s*"
    r"(-?\d[\d,]*(?:\.\d+)?\s*[^\s。.！!？?\u3040-\u309f]{0,8}?)"
    r"\s*(?:です|である|だ)?\s*[。.！!]?\s*(?:(?:根据|根據|因为|因為|由于|由於)[^。]*[。.]?|[.…]+)?\s*$")
_REMARK = re.compile(r"(?<=\S)\s*[(（]\s*[^\x00-\x7f()（）\d]+\s*[)）]\s*$")
_MIXED_YOU = re.compile(r"(\d+)\s*又\s*(?=\d+\s*/\s*\d+|\\frac)")

_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "兩": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
_LARGE_UNITS = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_NUMERAL = re.compile(
    "[负負]?[" + "".join(_DIGITS) + "".join(_SMALL_UNITS) + "".join(_LARGE_UNITS) + "]+"
)


def other_scripts(text: str | None) -> str | None:
    """`text` with the forms of the module doc rewritten; None stays None."""
    if not text:
        return text
    s = compatibility_forms(text)
    if not re.search(r"[^\x00-\x7f]", s):
        return s
    s = re.sub(r"(?<![A-Za-z])[△▲]\s*(?=\d)", "-", s)  # "△1,000": Japanese accounts' minus
    stated = _STATED_SENTENCE.match(s.strip())
    if stated and not re.search(r"では(?:ない|ありません)|じゃない", s):
        s = stated.group(1)
    s = _ANCHORS.sub("Answer: ", s)
    s = _COPULA.sub("", s)
    s = _REMARK.sub("", s)
    s = _MIXED_YOU.sub(r"\1 ", s)
    s = _DEGREE.sub("°", s)
    s = _CJK_QUANTITY.sub(_si_unit, s)  # "10米/秒" is 10 m/s: before "秒" is read as a counter
    s = _COUNTER.sub("", s)
    s = s.replace("、", ",").replace("。", ".")
    value = chinese_number(s)
    return value if value is not None else s


def _si_unit(m: re.Match[str]) -> str:
    unit = _CJK_UNITS[m.group(1)]
    return f" {unit}/{_CJK_UNITS[m.group(3)]}" if m.group(2) else f" {unit}"


def compatibility_forms(s: str) -> str:
    """Fullwidth forms, vulgar fractions and CJK unit signs as plain text (module doc)."""
    s = _FULLWIDTH.sub(lambda m: unicodedata.normalize("NFKC", m.group(0)), s)

    def fraction(m: re.Match[str]) -> str:
        whole, frac = m.group(1), unicodedata.normalize("NFKC", m.group(2)).replace("⁄", "/")
        return f"{whole} {frac}" if whole else frac

    s = _VULGAR.sub(fraction, s)
    return _UNIT_SIGNS.sub(
        lambda m: _SQUARED_UNITS.get(m.group(0)) or unicodedata.normalize("NFKC", m.group(0)), s
    )


def chinese_number(s: str) -> str | None:
    """The digits of an answer that is one Chinese number ("十五" -> "15", "三百零二" -> "302",
    "两万" -> "20000"), or None."""
    core = s.strip().strip(".")
    if not core or not _NUMERAL.fullmatch(core):
        return None
    negative = core[0] in "负負"
    body = core.lstrip("负負")
    if body in ("零", "〇"):
        return "0"
    total, section, digit = 0, 0, None
    for ch in body:
        if ch in "零〇":  # a place holder: "三百零二" is 302
            if digit is not None:
                return None
            continue
        if ch in _DIGITS:
            if digit is not None:
                return None  # "二三": two digits in a row is no number
            digit = _DIGITS[ch]
        elif ch in _SMALL_UNITS:
            section += (1 if digit is None else digit) * _SMALL_UNITS[ch]
            digit = None
        else:
            total += (section + (digit or 0)) * _LARGE_UNITS[ch]
            section, digit = 0, None
    total += section + (digit or 0)
    return str(-total if negative else total)
