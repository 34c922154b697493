"""Fixtures: the xs tiny model built once per session, SmolLM2 when its wheel is installed."""

from __future__ import annotations

import pytest
import torch


@pytest.fixture(scope="session")
def tiny_path(tmp_path_factory):
    from veriloop.run.tiny import build_tiny

    return build_tiny(tmp_path_factory.mktemp("tiny") / "tiny-xs", size="xs", seed=0)


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
