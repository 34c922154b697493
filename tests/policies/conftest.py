"""Fixtures: the xs tiny model once per session, SmolLM2 when its wheel is installed."""

from __future__ import annotations

import shutil

import pytest
import torch

from veriloop.run.tiny import ensure_tiny


@pytest.fixture(scope="session")
def tiny_path(tmp_path_factory):
    """A private copy of the cached xs tiny model (seed 0) named `tiny-xs`. The cache
    ($VERILOOP_HOME/models) is built once per machine and shared with every CLI test that loads
    `model.size=xs`, where building here cost each xdist worker a build (test_tiny.py checks
    that fresh builds are deterministic). The copy (1 MB) keeps tests off the shared one."""
    return shutil.copytree(ensure_tiny("xs", seed=0), tmp_path_factory.mktemp("tiny") / "tiny-xs")


@pytest.fixture(scope="session")
def tiny_policy(tiny_path):
    from veriloop.policies.hf import HFPolicy

    return HFPolicy.from_pretrained(tiny_path, name="tiny-xs")


@pytest.fixture
def one_thread():
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)
