"""Inference methods live in the one `Registry`: built-ins load on first use, an unknown name is
one line with a did-you-mean hint, and a method of your own registers with a decorator."""

from __future__ import annotations

import subprocess
import sys

import pytest

from veriloop.errors import UserError
from veriloop.inference import Selection, SelectMethod, get_method, list_methods, register_method

BUILT_IN = ["best-of-n", "deepconf", "deepconf-online", "first", "genselect", "majority", "tree"]


def test_built_ins_are_listed_without_importing_them():
    code = ("import sys; from veriloop.inference import list_methods; print(list_methods()); "
            "print('veriloop.inference.tree' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.splitlines()
    assert out == [str(BUILT_IN), "False"]


def test_an_unknown_method_says_what_was_meant():
    with pytest.raises(UserError, match=r"inference method 'majorty' is not registered; "
                                        r"did you mean 'majority'\?"):
        get_method("majorty")


def test_a_built_in_is_built_with_its_options():
    assert get_method("deepconf", keep=0.25).name == "deepconf"


def test_a_method_of_your_own_registers_with_the_decorator():
    @register_method("last-test-only")
    def last() -> SelectMethod:
        """The last sample."""
        return SelectMethod("last", lambda ctx, task, cands: Selection(len(cands) - 1))

    assert "last-test-only" in list_methods()
    assert get_method("last-test-only").select(None, None, [1, 2, 3]).index == 2
