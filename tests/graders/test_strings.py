from veriloop.graders import get_grader
from veriloop.types import Message, Task, Trajectory


def _ep(final, **verification):
    task = Task(id="t", env="x", prompt=(Message(role="user", content="q"),),
                verification=verification)
    traj = Trajectory(id="r", run_id="r", task_id="t", env="x", group_id="t", prompt_text="q",
                      prompt_ids=(), final_answer=final, done=True)
    return task, traj


def test_exact_and_normalized_match():
    assert get_grader("exact_match")(*_ep(" Paris ", answer="Paris"), None).passed
    assert not get_grader("exact_match")(*_ep("paris", answer="Paris"), None).passed
    sm = get_grader("string_match")
    assert sm(*_ep("$\\boxed{ Paris }$.", answer="paris"), None).passed
    assert not sm(*_ep("5!", answer="5"), None).passed
    assert not sm(*_ep(None, answer="5"), None).passed


SCHEMA = {"type": "object", "required": ["name", "age"],
          "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}}}


def test_json_match_schema_and_value():
    g = get_grader("json_match")
    ok = g(*_ep('```json\n{"age": 3, "name": "Ada"}\n```', schema=SCHEMA,
                answer={"name": "Ada", "age": 3}), None)
    assert ok.passed and ok.components == {"valid_json": 1.0, "schema_valid": 1.0, "correct": 1.0}
    wrong = g(*_ep('{"name": "Ada", "age": 4}', schema=SCHEMA, answer='{"name":"Ada","age":3}'),
              None)
    assert not wrong.passed and wrong.components["schema_valid"] == 1.0
    bad = g(*_ep('{"name": "Ada", "age": -1}', schema=SCHEMA), None)
    assert bad.components == {"valid_json": 1.0, "schema_valid": 0.0, "correct": 0.0}
    assert "age" in bad.explanation
    notjson = g(*_ep("{name: Ada}", schema=SCHEMA), None)
    assert notjson.components["valid_json"] == 0.0 and "not JSON" in notjson.explanation
