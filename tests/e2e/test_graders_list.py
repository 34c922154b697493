"""`veriloop graders list` (issue 44, deliverable 9): every grader with its description and its
options, from its pydantic model when it declares one (an installed plugin here), else from its
factory's signature; `--json` says the same; a plugin that fails to import is listed with its
error and hides nothing else; an unknown grader in a config is one line with the close name."""

import json
from pathlib import Path

from cli_run import one_error_line, veriloop, veriloop_here

from veriloop.graders import GRADERS

CONFIGS = Path(__file__).resolve().parents[2] / "configs"

PLUGIN = '''
from pydantic import BaseModel, Field

from veriloop.types import Grade


class Options(BaseModel):
    value: float = Field(0.5, description="the score every answer gets")
    label: str = Field(description="a name for the logs")
    tags: list[str] = Field(default_factory=list)


def make(**options):
    """Scores every answer the same (a test plugin)."""
    o = Options(**options)
    return lambda task, trajectory, state: Grade(score=o.value)


make.Options = Options
'''


def install_plugin(root: Path) -> Path:
    """A package found through its dist-info (as pip leaves it): two grader entry points, one
    whose module does not import."""
    (root / "plug_graders.py").write_text(PLUGIN)
    (root / "broken_graders.py").write_text("import not_a_module_anywhere\n")
    dist = root / "plug_graders-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: plug-graders\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[veriloop.graders]\nplugged = plug_graders:make\n"
                                           "broken = broken_graders:make\n")
    return root


def test_graders_list_json_has_every_grader_with_its_options(tmp_path):
    proc = veriloop(tmp_path, "graders", "list", "--json", pythonpath=install_plugin(tmp_path))
    assert proc.returncode == 0, proc.stderr
    listed = {g["name"]: g for g in json.loads(proc.stdout)}
    assert set(GRADERS.names()) | {"plugged", "broken"} == set(listed)
    numeric = listed["numeric"]
    assert numeric["source"] == "built-in" and numeric["description"].startswith("1.0 when")
    assert [(o["name"], o["type"], o["default"], o["required"]) for o in numeric["options"]] \
        == [("rel_tol", "float", "0.0", False), ("abs_tol", "float", "0.0", False)]
    judge = {o["name"]: o for o in listed["judge"]["options"]}
    assert judge["policy"]["required"] and judge["k"]["default"] == "1"
    assert listed["exact_match"]["options"] == []
    # from the plugin's pydantic model: types, defaults, descriptions, a required field
    plugged = listed["plugged"]
    assert plugged["source"] == "plug_graders"
    assert plugged["description"] == "Scores every answer the same (a test plugin)."
    assert plugged["options"] == [
        {"name": "value", "type": "float", "default": "0.5", "required": False,
         "description": "the score every answer gets"},
        {"name": "label", "type": "str", "default": None, "required": True,
         "description": "a name for the logs"},
        {"name": "tags", "type": "list[str]", "default": "list()", "required": False,
         "description": ""}]
    assert listed["broken"]["options"] == []
    assert "cannot be imported" in listed["broken"]["description"]
    assert "not_a_module_anywhere" in listed["broken"]["description"]


def test_graders_list_text_shows_descriptions_and_options(tmp_path):
    proc = veriloop(tmp_path, "graders", "list", pythonpath=install_plugin(tmp_path))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    numeric = lines.index(next(x for x in lines if x.startswith("numeric  ")))
    assert lines[numeric + 1:numeric + 3] == ["    rel_tol: float = 0.0",
                                              "    abs_tol: float = 0.0"]
    assert "    value: float = 0.5  the score every answer gets" in lines
    assert "    label: str (required)  a name for the logs" in lines
    assert "    components: Sequence[Mapping[str, Any]] (required)" in lines
    headers = [x.split()[0] for x in lines if not x.startswith(" ")]
    assert headers == sorted(GRADERS.names() + ["plugged", "broken"])


def test_an_unknown_grader_in_a_config_is_one_line_with_the_close_name(tmp_path):
    line = one_error_line(veriloop_here(tmp_path, "train", CONFIGS / "grpo.yaml",
                                        "grader.name=numerc", "--run-dir", "rl"))
    assert "'numerc' is not registered; did you mean 'numeric'?" in line
    assert "or give my_rewards.py:function" in line
    assert not (tmp_path / "rl").exists()
