"""`veriloop graders audit` end to end, as a user runs it."""

import json
import subprocess
import sys

LABELS = [
    {"gold": "\\frac{1}{2}", "answer": "0.5", "equivalent": True},
    {"gold": "\\frac{1}{2}", "answer": "2/4", "equivalent": False, "simplest_form": True},
    {"gold": "5", "answer": "5!", "equivalent": False},
    {"gold": "120", "answer": "5!", "equivalent": True},
    {"gold": "4", "answer": "Thought process:", "equivalent": False},
]


def veriloop(*args):
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_audit_json_with_baseline(tmp_path):
    labels = tmp_path / "labels.jsonl"
    labels.write_text("\n".join(json.dumps(r) for r in LABELS) + "\n")
    r = veriloop("graders", "audit", "--grader", "math", "--labels", str(labels),
                 "--baseline", "string_match", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["n"] == 5 and out["positives"] == 2 and out["negatives"] == 3
    assert out["false_positive_rate"] == 0.0 and out["false_negative_rate"] == 0.0
    assert out["true_positives"] == 2 and out["true_negatives"] == 3
    base = out["baseline"]
    assert base["grader"] == "string_match" and base["false_negatives"] == 2
    assert base["false_negative_rate"] == 1.0


def test_audit_bad_inputs_fail_clearly(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"gold": "1", "answer": "1"}\n')
    r = veriloop("graders", "audit", "--labels", str(bad), "--json")
    assert r.returncode != 0 and "missing equivalent" in r.stderr
    r = veriloop("graders", "audit", "--grader", "nope", "--labels", str(bad))
    assert r.returncode != 0
    r = veriloop("graders", "audit", "--grader", "nope", "--json")
    assert r.returncode != 0 and "not registered" in r.stderr


def test_audit_a_grader_from_a_yaml_config(tmp_path):
    labels = tmp_path / "labels.jsonl"
    labels.write_text("\n".join(json.dumps(r) for r in LABELS) + "\n")
    cfg = tmp_path / "g.yaml"
    cfg.write_text("name: composite\noptions:\n  components:\n"
                   "    - {name: exact, grader: string_match}\n")
    r = veriloop("graders", "audit", "--config", str(cfg), "--labels", str(labels), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["grader"] == str(cfg) and out["false_negatives"] == 2
