"""Shared fixtures: small environments and policies built from the real components."""

from __future__ import annotations

from pathlib import Path

import pytest

from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.policies.openai import OpenAIClient


@pytest.fixture
def arithmetic() -> ArithmeticEnv:
    return ArithmeticEnv()


@pytest.fixture
def expert() -> ExpertPolicy:
    return ExpertPolicy()


# Imported by every Python started with this directory first on PYTHONPATH (as sitecustomize):
# a fake clock for the OpenAI client's retry backoff. The client still makes every attempt its
# `max_retries` allows and fails the same way; it only skips the sleeps (0.5 s doubling, ~7.5 s
# an episode), which were most of the run time of tests whose server is unreachable on purpose.
NO_BACKOFF = '''from veriloop.policies.openai import OpenAIClient

OpenAIClient._sleep_for = lambda self, attempt, retry_after: 0.0
'''


@pytest.fixture
def no_backoff(tmp_path_factory) -> Path:
    """A directory to put first on a subprocess's PYTHONPATH: its OpenAI client retries
    without waiting between attempts."""
    assert callable(getattr(OpenAIClient, "_sleep_for", None)), \
        "OpenAIClient._sleep_for moved: update NO_BACKOFF in tests/conftest.py"
    path = tmp_path_factory.mktemp("no_backoff")
    (path / "sitecustomize.py").write_text(NO_BACKOFF)
    return path
