"""Math grader error classes read from the spent `heldout21` split (issue 43, math25), one test per
class; the held-out rates themselves are in test_math_heldout.py.

heldout21 was measured once at FP 9/139, FN 49/202 with the grader of math24 (0cb48fc), counts
only; math25 read its 58 failures after committing collection 24 as heldout22 (13948e5). The false
positives come first: a negated statement of the value ("It won't be 42."), a set written by a rule
over a list of indices (read as a list, so a union with `\\{0,2\\}` matched one with `\\{0\\}`) and
a row matrix against a tuple; with them the hedged replies known before ("maybe 2000", "I think it
is 391"). Left, as conventions or larger work (see test_math_heldout.py): several plus-minus signs
in one expression (linked or independent signs, by convention), a bracketed pair read as a list
(`[2, 4]` for `\\{2, 4\\}`), a percent against a plain number ("1,000%" for 10), families of
functions with their parameters renamed, the binary entropy function `H_2`, roots of unity listed
against their rule, Chinese labelled results ("最优值为12") and an amount against a rate ("4475.00
USD per month").
Each class test has heldout21's own rows (marked with their suite: copied cases keep their
provenance), new instances that fail at 13948e5, and guards that must stay as they are (a wrong
value in the same form stays wrong). The checks call `check_equivalence` in-process.
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence

# heldout21's suites (suite_pairs_c23.py)
RUBRIC_NEGATION = "a rubric scorer's tests (index file 57395225400, tests for scoring.py)"
REASONING_EQUIV = ("a reasoning pipeline's maths-equivalence tests (index files 62277001325 and "
                   "62081193774)")
JP_MATH_EVAL = "a Japanese LLM-evaluation project's math_eval pytest suite (index file 48296181216)"
JFINQA = "a Japanese financial-QA benchmark's golden scoring tests (index file 52867170625)"
EXTRACTION_MATCH = "an LLM-output extraction library's bun tests (index file 42169159275)"
R1_REWARD_EXAMPLES = "an OpenRLHF fork's reward-function examples (index file 7806971738)"
MULTILINGUAL_REWARD = "a small GRPO project's reward tests (index file 47088821433)"
CN_COMPARATIVE_EVAL = "a Chinese STEM tutor's comparative-evaluation tests (index file 62789892781)"
GSM_EXACT_REWARD = "a GRPO study's exact-answer reward tests (index file 62077859686)"
PEAR_VERIFIERS = "a multimodal RL project's answer verifier tests (index file 56513309520)"
AGEVAL_NUMERIC = "an agent-evaluation framework's scorer tests (index file 60672830891)"
TESSERA_PROBES = "an enterprise-agent eval's deterministic scoring tests (index file 60798139830)"
JP_KNOWLEDGE_QA = "a Japanese knowledge-base assistant's evaluation tests (index file 71053105273)"


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("42", "He doesn't think the answer is 42.", False),  # RUBRIC_NEGATION
        ("42", "I don't believe it's 42.", False),  # RUBRIC_NEGATION
        ("42", "She didn't say it was 42.", False),  # RUBRIC_NEGATION
        ("42", "It won't be 42.", False),  # RUBRIC_NEGATION
        ("42", "It wouldn't be 42.", False),  # RUBRIC_NEGATION
        ("42", "It shouldn't be 42.", False),  # RUBRIC_NEGATION
        ("42", "It's incorrect that the answer is 42.", False),  # RUBRIC_NEGATION
        ("7", "The result isn't 7.", False),
        ("7", "It can never be 7", False),
        ("7", "Wrong guess: 7", False),
        ("42", "The answer is 42.", True),  # guards: a plain statement, a correction after
        ("6", "The answer is not 5, it is 6", True),  # the negated value, a negation in
        ("9", "Since 3 is not prime, the answer is 9", True),  # another clause,
        ("42", "The wrong answer is 41; the right answer is 42", True),
        ("42", "\\boxed{42}", True),  # and a box, stay as they were
    ],
)
def test_a_negated_statement_of_the_value_is_no_answer(gold, answer, equivalent):
    # the lone number of the sentence was taken as its answer, whatever the words around it said
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2000", "maybe 2000", False),  # known before this round: hedged replies
        ("391", "I think it is 391", False),
        ("5", "The answer is probably 5.", False),
        ("5", "It might be 5", False),
        ("5", "could be 5", False),
        ("42", "42?", False),
        ("42", "<think>I think 5</think> The answer is maybe 42", False),
        ("42", "<think>I think 5</think> The answer is 42", True),  # guards: doubt inside the
        ("2", "<think>1+1=2</think><answer>2</answer>", True),  # thinking,
        ("42", "Let me think. The answer is 42.", True),  # in another sentence, stays
    ],
)
def test_a_hedged_value_is_no_answer(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\{0\\}\\cup\\{e^{k\\pi i/3}:k=0,1,2,3,4,5\\}",
         "\\{0,2\\}\\cup\\{e^{k\\pi i/3}:k=0,1,2,3,4,5\\}", False),  # REASONING_EQUIV
        ("\\{k^2 : k = 1, 2, 3\\}", "\\{1, 4, 9\\}", True),
        ("\\{k^2 : k = 1, 2, 3\\}", "\\{1, 2, 3, 9\\}", False),
        ("\\{2k : k = 1, \\ldots, 4\\}", "\\{2, 4, 6, 8\\}", True),
        ("\\{x^m:m\\in\\mathbb Z_{\\ge0}\\}", "\\{1, 2, 3\\}", False),  # infinitely many: refused
    ],
)
def test_a_set_by_a_rule_over_indices_is_the_set_of_its_members(gold, answer, equivalent):
    # math-verify read "\{f(k) : k = 0,1,...,5\}" as the list {1, 2, 3, 4, 5, ...}
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\begin{pmatrix}0.5&\\frac14&3\\end{pmatrix}", "(\\frac12,0.25,3)", False),  # REASONING_EQUIV
        ("\\begin{pmatrix}1.1\\\\0.5\\end{pmatrix}", "(11/10,1/2)^{\\mathsf T}", True),  # REASONING_EQUIV
        ("(11/10,1/2)^{\\mathsf T}", "\\boxed{$\\begin{pmatrix}11/10\\\\1/2\\end{pmatrix}$.}",
         True),  # REASONING_EQUIV
        ("\\begin{pmatrix}1&2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}", False),
        ("\\begin{pmatrix}1\\\\2\\end{pmatrix}", "(1, 2)^T", True),
        ("\\begin{pmatrix}0.5\\\\\\frac14\\\\3\\end{pmatrix}", "(\\frac12,0.25,3)", True),  # guards:
        ("\\begin{pmatrix}1&2\\end{pmatrix}", "\\begin{bmatrix}1&2\\end{bmatrix}", True),  # a column
        ("[0.5, 1]", "\\begin{matrix} \\frac12 \\\\ 1 \\end{matrix}", True),  # and a row as before
        ("\\begin{pmatrix}1.1&0.5\\end{pmatrix}", "(11/10,1/2)^{\\mathsf T}", False),
    ],
)
def test_a_row_matrix_is_not_a_column_vector(gold, answer, equivalent):
    # a tuple is a column vector (also written transposed, "(1, 2)^T"); a one-row matrix a row
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("$x = 2, 4$", "$x = 3 \\pm 1$", True),  # JP_MATH_EVAL
        ("$x = -1, 1, 7$", "$x = 1, 3 \\pm 4$", True),  # JP_MATH_EVAL
        ("\\[x = - 3,1 \\pm 2i\\]", "$x = -3, 1 - 2i, 1 + 2i$", True),  # JP_MATH_EVAL
        ("これは$\\pm x$です", "これは$\\pmx$です", True),  # JP_MATH_EVAL
        ("x = 2, 4", "x = 3 \\pm 2", False),  # guards: other values,
        ("1+\\sqrt2, 1-\\sqrt2", "1 \\pm \\sqrt2", True),
        ("$6, 0, 2, -4$", "$1 \\pm 2 \\pm 3$", False),  # two signs in one entry: a convention
        ("x", "\\pmb{x}", False),  # and bold type, no sign
    ],
)
def test_plus_minus_against_the_values_listed(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("1", "$e^{ix} / (\\cos x + i \\sin x)$", True),  # JP_MATH_EVAL
        ("1", "$e^{ix} * (\\cos x - i \\sin x)$", True),  # JP_MATH_EVAL
        ("1", "e^{ix} * (\\cos x + i \\sin x)", False),  # guards: e^{2ix} is not 1,
        ("-1", "e^{i\\pi}", True),  # and the unit in an exponent as before
    ],
)
def test_euler_formula_makes_i_the_imaginary_unit(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("-1000", "△1,000", True),  # JFINQA
        ("-1000", "Answer: △1,000", True),  # JFINQA
        ("10.5", "回答: 10.5", True),  # JFINQA
        ("10.5", "回答：10.5", True),  # JFINQA
        ("-250", "▲250", True),
        ("1000", "△1,000", False),  # guards: the sign counts,
        ("10.5", "回答: 11.5", False),  # and the value
    ],
)
def test_japanese_accounting_minus_and_answer_label(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("5", "斜边长为5。根据勾股定理...", True),  # CN_COMPARATIVE_EVAL
        ("1100W", "该用电器的电功率为1100瓦。", True),  # CN_COMPARATIVE_EVAL
        ("1kWh", "消耗电能为1千瓦时。", True),  # CN_COMPARATIVE_EVAL
        ("2m/s²", "加速度为2 m/s²。", True),  # CN_COMPARATIVE_EVAL
        ("１０日", "有給は10日です", True),  # JP_KNOWLEDGE_QA
        ("5", "斜边长为6。", False),  # guards: another value,
        ("5", "答案不是5", False),  # a negated statement,
        ("10日", "有給は10日ではありません", False),
    ],
)
def test_a_cjk_sentence_stating_one_value(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("x = \\frac{3}{2}", ("首先，我们知道二次方程 $2x - 3 = 0$。\n移项得到 $2x = 3$。\n"
                             "两边同时除以 2，得出 $x = \\frac{3}{2}$。"), True),  # R1_REWARD_EXAMPLES
        ("x = \\frac{3}{2}", "解方程 $2x - 3 = 0$。\n移项得到 $2x = 3$。\n两边同时除以 2，得出 $x = 1.5$。",
         True),  # R1_REWARD_EXAMPLES
        ("E = mc^2", "爱因斯坦公式 $E = c^2 m$ 适用于质量与能量的转换。", True),  # R1_REWARD_EXAMPLES
        ("E = mc^2", "根据物理公式：$E = mc^3$。\n但实际上光速的指数应为 2，因此正确公式是 $E = mc^2$。",
         False),  # R1_REWARD_EXAMPLES, a guard: a reply that corrects itself states two answers
        ("x = 2", "解方程 $x + 1 = 4$。\n得出 $x = 3$。", False),  # and a wrong last step
    ],
)
def test_a_cjk_reply_of_working_ends_with_its_math(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("42", "so #### 42 is my answer, see page 3", True),  # GSM_EXACT_REWARD
        ("42", "first 10, then 42", True),  # PEAR_VERIFIERS
        ("42", "first 7 then 42", True),  # AGEVAL_NUMERIC
        ("2500", "result 2.5e3", True),  # AGEVAL_NUMERIC
        ("15%", "Maximum discount: 15%.", True),  # TESSERA_PROBES
        ("2", "1+1=?\n\nHere's how: 2", True),  # MULTILINGUAL_REWARD
        ("$3!$", "Therefore, $$3!$$", True),  # R1_REWARD_EXAMPLES
        ("300000000", "3x10^8", True),  # EXTRACTION_MATCH
        ("300000000", "3X10^8", True),  # EXTRACTION_MATCH
        ("10", "first 10, then 42", False),  # guards: the earlier value,
        ("5", "Step 1: 5", False),  # a step's number,
        ("30000000", "3x10^8", False),  # another power
    ],
)
def test_extraction_surfaces_of_a_final_value(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\frac{1}{n!}", "\\lVert T^n\\rVert=\\frac1{n!}", True),  # REASONING_EQUIV
        ("16", "[K:\\mathbb Q]=16", True),  # REASONING_EQUIV
        ("\\begin{bmatrix}0.5&0\\\\0&3\\end{bmatrix}", "\\mathrm{diag}(\\tfrac12,3)", True),  # REASONING_EQUIV
        ("8", "[K:\\mathbb Q]=16", False),  # guards: another value,
        ("3", "x+1=3", False),  # and an equation to solve, not a named quantity
    ],
)
def test_a_named_quantity_and_an_upright_diag(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent
