"""Environments from unpackaged files and modules: `file.py:Class`, `module:Class`,
`load_env_module`, and the errors that say what to give instead."""

import pytest

from veriloop.envs import get_env, list_envs, load_env_module

SOURCE = '''
from veriloop.envs import register_env
from veriloop.envs.arithmetic import ArithmeticEnv


@register_env("file-arith")
class FileArith(ArithmeticEnv):
    name = "file-arith"
'''


def test_file_and_module_forms(tmp_path):
    path = tmp_path / "my_envs.py"
    path.write_text(SOURCE)
    env = get_env(f"{path}:FileArith", max_turns=2)
    assert env.name == "file-arith" and env.max_turns == 2
    assert load_env_module(str(path)) is load_env_module(str(path))  # imported once
    assert "file-arith" in list_envs() and get_env("file-arith").name == "file-arith"
    assert type(get_env("veriloop.envs.arithmetic:ArithmeticEnv")).__name__ == "ArithmeticEnv"


def test_errors_say_what_to_give(tmp_path):
    with pytest.raises(ValueError, match="does not exist; give the path of a Python file"):
        load_env_module(str(tmp_path / "missing.py"))
    with pytest.raises(ValueError, match="cannot be imported"):
        get_env("no_such_module_xyz:Env")
    (tmp_path / "empty.py").write_text("")
    with pytest.raises(KeyError, match="defines no 'Env'"):
        get_env(f"{tmp_path / 'empty.py'}:Env")
    with pytest.raises(KeyError, match="is not registered; known: .*arithmetic.*my_envs.py"):
        get_env("nope")
