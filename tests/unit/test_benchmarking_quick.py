"""`veriloop.benchmarking.parse_args` and `emit`, which every benchmarks/ script uses: --quick
replaces the defaults but not what the command line says, and a JSON line whose keys differ from
the script's JSON_KEYS is still printed but fails the run."""

import argparse
import json

import pytest

from veriloop.benchmarking import emit, parse_args


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--size", default="s")
    return ap


def test_quick_replaces_defaults_and_explicit_arguments_win():
    quick = {"steps": 1, "size": "xs"}
    full = parse_args(parser(), quick, [])
    assert (full.steps, full.size, full.quick) == (30, "s", False)
    small = parse_args(parser(), quick, ["--quick"])
    assert (small.steps, small.size, small.quick) == (1, "xs", True)
    mixed = parse_args(parser(), quick, ["--quick", "--steps", "3"])
    assert (mixed.steps, mixed.size) == (3, "xs")
    args, rest = parse_args(parser(), quick, ["--quick", "optim.lr=0"], known=True)
    assert (args.steps, rest) == (1, ["optim.lr=0"])


def test_emit_prints_one_json_line_and_fails_on_other_keys(capsys):
    emit({"a": 1, "b": [2]}, ("b", "a"))
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == {"a": 1, "b": [2]}
    with pytest.raises(SystemExit) as e:
        emit({"a": 1, "c": 3}, ("a", "b"))
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == {"a": 1, "c": 3}
    assert "missing ['b']" in str(e.value) and "not listed ['c']" in str(e.value)
