"""`veriloop config --docs` is generated from the config classes; docs/config.md is that text."""

from pathlib import Path

import pytest
from pydantic import BaseModel

from veriloop.cli import app
from veriloop.trainers.config import RunConfig
from veriloop.trainers.config_docs import config_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "config.md"


def run(capsys, *args):
    with pytest.raises(SystemExit) as exit_:
        app(args=list(args), prog_name="veriloop")
    out = capsys.readouterr()
    return exit_.value.code, out.out, out.err


def test_docs_page_is_up_to_date(capsys):
    code, out, _ = run(capsys, "config", "--docs")
    assert code == 0 and out == config_reference()
    assert DOC.read_text() == out, ("docs/config.md is stale; regenerate it with "
                                    "`python -m veriloop.cli config --docs > docs/config.md`")


def test_every_field_is_documented_with_its_default_and_bounds():
    text = config_reference()
    for section, field in RunConfig.model_fields.items():
        kind = field.annotation
        assert field.description, f"{section} has no docstring"
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            assert f"## `{section}:`" in text
            for name, sub in kind.model_fields.items():
                assert sub.description, f"{section}.{name} has no docstring"
                assert f"| `{name}` |" in text
    assert "| `lr` | `float` | `0.0001` | AdamW learning rate (0 computes gradients without moving the weights). (≥ 0) |" in text
    assert "| `group_size` | `int` | `1` |" in text


def test_config_prints_the_resolved_config(capsys):
    code, out, _ = run(capsys, "config", "train.steps=7", "optim.lr=0.5")
    assert code == 0 and "  steps: 7\n" in out and "  lr: 0.5\n" in out
    code, _, err = run(capsys, "config", "train.steps=0")
    assert code == 2 and err.startswith("error: invalid config: train.steps")
