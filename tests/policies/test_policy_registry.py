"""`load_policy` is a lookup in `POLICIES`, the one Registry: each spec form resolves to its
entry, the forms that name the same model load the same weights, and an unknown spec is the
registry's one-line "did you mean" error (a ValueError, as it always was)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
import torch

from veriloop.errors import ConfigError
from veriloop.policies import POLICIES, load_policy, register_policy, resolve_spec
from veriloop.policies.openai import OpenAIPolicy


def test_each_spec_form_resolves_to_its_entry(tmp_path):
    run = tmp_path / "my-run"
    (run / "final").mkdir(parents=True)
    (run / "final" / "config.json").write_text("{}")
    ckpt = tmp_path / "ckpt"
    ckpt.mkdir()
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    assert resolve_spec("tiny") == ("tiny", "")
    assert resolve_spec(" tiny-xs ") == ("tiny-xs", "")
    assert resolve_spec("smollm2") == ("smollm2", "")
    assert resolve_spec("smollm2-135m-instruct") == ("smollm2-135m-instruct", "")
    assert resolve_spec("gemma3") == ("gemma3", "")
    assert resolve_spec("openai:http://h:8000/v1#m") == ("openai", "http://h:8000/v1#m")
    assert resolve_spec(str(run)) == ("run", str(run))
    assert resolve_spec(str(ckpt)) == ("checkpoint", str(ckpt))
    assert resolve_spec(str(gguf)) == ("gguf", str(gguf))
    assert resolve_spec(f"checkpoint:{ckpt}") == ("checkpoint", str(ckpt))
    assert {"tiny", "tiny-xs", "tiny-s", "tiny-m", "tiny-l", "smollm2-135m", "gemma3-270m",
            "openai", "checkpoint", "run", "gguf"} <= set(POLICIES.names())


def _weights(policy) -> dict[str, torch.Tensor]:
    return dict(policy.model.state_dict())


def test_a_directory_a_prefixed_directory_and_a_run_load_the_same_model(tiny_path, tmp_path):
    run = tmp_path / "sft-run"
    run.mkdir()
    shutil.copytree(tiny_path, run / "final")
    plain = load_policy(str(tiny_path))
    prefixed = load_policy(f"checkpoint:{tiny_path}")
    from_run = load_policy(str(run))
    assert plain.name == prefixed.name == "tiny-xs"
    assert from_run.name == "sft-run"  # a run is named after its directory, not "final"
    a, b, c = _weights(plain), _weights(prefixed), _weights(from_run)
    assert a.keys() == b.keys() == c.keys()
    assert all(torch.equal(a[k], b[k]) and torch.equal(a[k], c[k]) for k in a)


def test_openai_spec_builds_a_client_without_calling_the_server():
    policy = load_policy("openai:http://127.0.0.1:9/v1#served-name", max_retries=0)
    assert isinstance(policy, OpenAIPolicy) and policy.model == "served-name"
    with pytest.raises(ValueError, match="needs a model name"):
        load_policy("openai:http://127.0.0.1:9/v1")


def test_an_unknown_spec_is_the_registrys_did_you_mean_line(tmp_path):
    with pytest.raises(ConfigError) as e:
        load_policy("tiny-xl")
    msg = str(e.value)
    assert isinstance(e.value, ValueError) and "\n" not in msg
    assert msg.startswith("model 'tiny-xl' is not registered; did you mean 'tiny-l'?")
    assert "known: checkpoint, gemma3, gemma3-270m, gguf, openai, run," in msg
    assert "openai:<base_url>#<model>" in msg
    with pytest.raises(ConfigError, match=r"'.*missing' is not registered; .*no such directory"):
        load_policy(str(tmp_path / "missing"))
    with pytest.raises(ValueError, match="unknown tiny size 'xxl'; known: xs, s, m, l"):
        load_policy("tiny", size="xxl")
    with pytest.raises(ConfigError, match="no finished run there"):
        load_policy(f"run:{tmp_path}")
    with pytest.raises(ConfigError, match="no such .gguf file"):
        load_policy(f"gguf:{tmp_path / 'x.gguf'}")


def test_a_registered_loader_gets_the_target_after_its_name():
    seen: list[tuple[str, dict]] = []

    def echo(target: str, **options):
        """A test loader that records what it was given."""
        seen.append((target, options))
        return "a policy"

    POLICIES.add("test-echo", echo, replace=True)
    try:  # the registry is process-wide: a name left behind shows in other tests' listings
        assert load_policy("test-echo:some/where#x", temperature=0.5) == "a policy"
        assert load_policy("test-echo") == "a policy"
    finally:
        POLICIES.remove("test-echo")
    assert "test-echo" not in POLICIES
    assert seen == [("some/where#x", {"temperature": 0.5}), ("", {})]
    with pytest.raises(ValueError, match="registered twice"):
        register_policy("tiny")(echo)


def test_an_unknown_model_on_the_command_line_is_one_line_exit_2(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "veriloop.cli", "eval", "--env", "arithmetic", "--model",
         "smolm2", "--tasks", "1", "--out", str(tmp_path / "e")],
        check=False, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert "model 'smolm2' is not registered; did you mean 'smollm2'?" in lines[0]
