"""Graders: the protocol and the `GRADERS` registry (`base`), and the built-in graders, which
register themselves when this package is imported (so any import of a grader module fills the
registry first)."""

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
from veriloop.graders.base import GRADERS, Grader, get_grader, list_graders, register_grader

__all__ = ["GRADERS", "Grader", "get_grader", "list_graders", "register_grader"]
