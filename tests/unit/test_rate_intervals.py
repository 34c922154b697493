"""The rates of `veriloop eval --reflexion` (success@n) and `--inference` (accuracy at N) carry
their 95% Wilson intervals, hand-computed here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from veriloop.eval.reflexion import ReflectionMemory, ReflexionResult
from veriloop.eval.scaling import point
from veriloop.inference import Choice


def test_reflexion_success_at_n_has_its_interval():
    # 1 of 3: centre (1/3 + z²/6) / (1 + z²/3) = 0.42692, half-width
    # z / 2.28051 * sqrt((1/3)(2/3)/3 + z²/36) = 0.36542 -> [0.0615, 0.7923]; 3 of 3: the upper
    # end is 1 and the lower 3 / (3 + z²) = 0.4385
    summary = ReflexionResult([1 / 3, 1.0], [], ReflectionMemory(), tasks=3).summary()
    assert summary["success@1"] == pytest.approx(0.3333)
    assert (summary["success@1_ci_low"], summary["success@1_ci_high"]) == (0.0615, 0.7923)
    assert (summary["success@2_ci_low"], summary["success@2_ci_high"]) == (0.4385, 1.0)


def test_inference_accuracy_has_its_interval():
    def choice(passed: bool) -> Choice:
        return Choice("t", SimpleNamespace(passed=passed), tokens=10, candidates=1)

    # 2 of 4: centre 0.5, half-width z / (2 sqrt(4 + z²)) = 1.95996 / 5.60052 = 0.34996
    p = point([choice(True), choice(True), choice(False), choice(False)], 4)
    assert (p["accuracy"], p["accuracy_ci_low"], p["accuracy_ci_high"]) == (0.5, 0.15, 0.85)
