"""Graders: the protocol and registry (`base`), and the built-in graders, registered on import."""

from veriloop.graders import (  # noqa: F401
    behavior,
    compose,
    guard,
    hacking,
    judge,
    math_equiv,
    numeric,
    rubric,
    strings,
)
from veriloop.graders.base import Grader, get_grader, list_graders, register_grader

__all__ = ["Grader", "get_grader", "list_graders", "register_grader"]
