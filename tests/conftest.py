"""Shared fixtures: small environments and policies built from the real components."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import torch

from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.policies.openai import OpenAIClient


def worker_threads(cores: int, workers: int) -> int:
    """Threads each of `workers` xdist processes may use so that together they fill `cores`
    once, not `workers` times over."""
    return max(1, cores // max(1, workers))


def pytest_configure(config):
    """Under pytest-xdist, cap each worker's torch (and, through the environment, every process
    it starts: CLI runs, benchmark scripts, torchrun ranks) to its share of the cores. torch's
    default is one thread per core in EVERY process, so two workers on 2 cores ran 4+ spinning
    OpenMP threads on 2 cores, and each waited on the other's. Tests that need a thread count
    set it themselves (`train.threads`, OMP_NUM_THREADS in their subprocess env)."""
    workers = os.environ.get("PYTEST_XDIST_WORKER_COUNT")
    if workers is None:  # one process: torch's default is right
        return
    threads = worker_threads(os.cpu_count() or 1, int(workers))
    torch.set_num_threads(threads)
    os.environ.setdefault("OMP_NUM_THREADS", str(threads))
    os.environ.setdefault("MKL_NUM_THREADS", str(threads))
    # HF tokenizers' Rust pool also starts one thread per core in each process
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


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
