"""Shared fixtures: small environments and policies built from the real components."""

from __future__ import annotations

import pytest

from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy


@pytest.fixture
def arithmetic() -> ArithmeticEnv:
    return ArithmeticEnv()


@pytest.fixture
def expert() -> ExpertPolicy:
    return ExpertPolicy()
