"""tests/conftest.py caps torch's threads per pytest-xdist worker, so that `make test`'s workers
share the cores instead of each running one OpenMP thread per core."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import torch

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def load_conftest():
    spec = importlib.util.spec_from_file_location("tests_root_conftest", CONFTEST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_worker_threads_split_the_cores():
    worker_threads = load_conftest().worker_threads
    assert worker_threads(2, 2) == 1
    assert worker_threads(16, 2) == 8
    assert worker_threads(16, 3) == 5
    assert worker_threads(2, 4) == 1  # never 0
    assert worker_threads(8, 0) == 8


def test_under_xdist_the_worker_and_its_subprocesses_get_their_share(monkeypatch):
    conftest = load_conftest()
    before = torch.get_num_threads()
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "TOKENIZERS_PARALLELISM"):
        monkeypatch.setenv(name, "x")  # records the value to restore, even when unset
        monkeypatch.delenv(name)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "x")
    monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT")
    try:
        torch.set_num_threads(3)
        conftest.pytest_configure(None)  # one process: left alone
        assert torch.get_num_threads() == 3 and "OMP_NUM_THREADS" not in os.environ
        monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "2")
        conftest.pytest_configure(None)
        assert torch.get_num_threads() == 2
        assert os.environ["OMP_NUM_THREADS"] == "2" and os.environ["MKL_NUM_THREADS"] == "2"
        assert os.environ["TOKENIZERS_PARALLELISM"] == "false"
    finally:
        torch.set_num_threads(before)
