import pytest


@pytest.fixture(scope="module")
def code_env():
    """A `code` environment with a small sandbox pool, closed after the module."""
    from veriloop.envs.code import CodeEnv

    e = CodeEnv(pool_size=2, timeout_s=3.0)
    yield e
    e.close()
