"""Graders: the protocol and registry (`base`), and the built-in graders, registered on import."""

from veriloop.graders import compose, hacking, judge, math_equiv, numeric, strings  # noqa: F401
from veriloop.graders.base import Grader, get_grader, list_graders, register_grader

__all__ = ["Grader", "get_grader", "list_graders", "register_grader"]
