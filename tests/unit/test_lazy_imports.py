"""Every import inside a function says why it is there (issue 44, deliverable 4; STYLE.md 19):
an in-function import is kept only for an optional or heavy dependency (vllm, ray, playwright,
transformers ...) or for the command line's start-up time, and carries a `# lazy: <reason>`
comment. Any other import belongs at the top of its module.

The comment counts when it is on the import's own lines, on the comment lines right above it,
or above the first of a run of consecutive imports it introduces (`# lazy: ... (all below)`)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "veriloop"
MARK = "# lazy:"


def _covered(lines: list[str], node: ast.stmt) -> bool:
    """`# lazy:` on the statement's lines or in the comment block right above it."""
    assert node.end_lineno is not None
    if any(MARK in line for line in lines[node.lineno - 1:node.end_lineno]):
        return True
    i = node.lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        if lines[i].strip().startswith(MARK):
            return True
        i -= 1
    return False


def _bodies(tree: ast.AST):
    """The statement lists inside functions (their bodies and every nested block)."""
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                for field in ("body", "orelse", "finalbody", "handlers"):
                    block = getattr(node, field, None)
                    if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                        yield block


def unexplained(source: str) -> list[int]:
    """Line numbers of the in-function imports of `source` without a `# lazy:` reason."""
    lines = source.splitlines()
    bad: set[int] = set()
    for block in _bodies(ast.parse(source)):
        first = None  # the first import of the run of consecutive imports being read
        for stmt in block:
            if not isinstance(stmt, (ast.Import, ast.ImportFrom)):
                first = None
                continue
            first = first or stmt
            if not (_covered(lines, stmt) or _covered(lines, first)):
                bad.add(stmt.lineno)
    return sorted(bad)


def test_the_check_finds_an_unexplained_import_and_accepts_the_explained_ones():
    source = '''
import os

def a():
    import json
    return json

def b():
    import vllm  # lazy: vllm is optional (GPU machines)
    # lazy: CLI start-up time (all below)
    from veriloop.run import train
    from veriloop.run import build
    x = 1
    import ray
    if x:
        # why not
        import yaml
    return vllm, train, build, ray, yaml

def c():
    try:
        import torch  # lazy: torch is heavy
    except ImportError:
        import numpy
'''
    assert unexplained(source) == [5, 14, 17, 24]


def test_every_in_function_import_in_veriloop_gives_its_reason():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += [f"{path.relative_to(PACKAGE.parent)}:{n}" for n in unexplained(path.read_text())]
    assert not found, ("in-function imports without a '# lazy: <reason>' comment (move each to "
                       "the top of its module unless it guards an optional or heavy dependency "
                       "or the CLI's start-up time):\n" + "\n".join(found))
