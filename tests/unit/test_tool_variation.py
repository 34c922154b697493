"""Tool variation: seeded, invertible on calls, and train / held-out families disjoint."""

from __future__ import annotations

import random

import pytest

from veriloop.tool_variation import (
    FAMILIES,
    HELD_OUT,
    NOT_OFFERED,
    TRAIN,
    paraphrase,
    styled,
    vary,
    words,
)
from veriloop.types import ToolCall, ToolSpec


def spec(name, description, **params):
    return ToolSpec(name=name, description=description, parameters={
        "type": "object", "properties": {p: {"type": t, "description": f"The {p}."}
                                         for p, t in params.items()},
        "required": list(params)[:1]})


SPECS = [
    spec("get_user_id", "Get the id of the specified user.", user_name="string"),
    spec("send_message", "Send a message to a user. Use get_user_id first.",
         receiver_id="string", message="string", urgent="boolean"),
    spec("math.factorial", "Calculate the factorial of a number.", number="integer"),
    spec("listFiles", "Returns a list of files in the current directory.", all="boolean"),
]


def test_words_and_styles_hand_checked():
    assert words("get_user.id") == words("getUserId") == words("GetUserID") == ["get", "user", "id"]
    assert words("math.factorial2") == ["math", "factorial", "2"]
    assert styled(["run", "get", "id"], "snake") == "run_get_id"
    assert styled(["perform", "get", "id"], "camel") == "performGetId"
    assert paraphrase("Retrieve the specified file. Get it.", TRAIN) == \
        "Fetch the given file. Fetch it."
    assert paraphrase("Retrieve the specified file. Get it.", HELD_OUT) == \
        "Obtain the indicated file. Obtain it."


def test_seeded_and_every_part_varied():
    a, b = vary(SPECS, "train", seed=3), vary(SPECS, "train", seed=3)
    assert a == b
    assert vary(SPECS, "train", seed=4) != a
    varied = {a.names[s.name]: s for s in SPECS}
    assert set(varied) | set(a.distractors) == {t.name for t in a.tools}
    assert 1 <= len(a.distractors) <= 3 and not set(a.distractors) & set(a.names.values())
    for tool in a.tools:
        if tool.name in a.distractors:
            continue
        original = varied[tool.name]
        assert tool.name != original.name and tool.name.split("_")[0] in TRAIN.verbs
        assert tool.description != original.description
        props = tool.parameters["properties"]
        renamed = a.params[original.name]
        assert sorted(props) == sorted(renamed.values())
        for p, q in renamed.items():  # types and nested schemas kept
            assert props[q]["type"] == original.parameters["properties"][p]["type"]
        assert tool.parameters["required"] == [renamed[original.parameters["required"][0]]]
    # the mention of get_user_id in send_message's description follows the rename
    send = next(t for t in a.tools if t.name == a.names["send_message"])
    assert a.names["get_user_id"] in send.description and "get_user_id" not in send.description


def test_reorders_and_renames_parameters_across_seeds():
    orders, renamed = set(), 0
    for seed in range(30):
        v = vary(SPECS, "held-out", seed=seed)
        send = next(t for t in v.tools if t.name == v.names["send_message"])
        back = {q: p for p, q in v.params["send_message"].items()}
        orders.add(tuple(back[q] for q in send.parameters["properties"]))
        renamed += sum(p != q for p, q in v.params["send_message"].items())
    assert len(orders) == 6  # all orders of three parameters occur
    assert 0.4 * 90 < renamed < 0.8 * 90  # about 60% of parameters renamed


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_forward_then_backward_is_the_identity(family):
    rng = random.Random(0)
    for seed in range(20):
        v = vary(SPECS, family, seed=seed)
        for s in SPECS:
            args = {p: rng.random() for p in s.parameters["properties"]}
            call = ToolCall(name=s.name, arguments=args, id="c1")
            there = v.forward(call)
            assert there.name != s.name and there.id == "c1"
            assert v.backward(there) == call
    with pytest.raises(ValueError, match="not one of the varied tools"):
        v.forward(ToolCall(name="nope"))


def test_original_names_are_not_accepted_back():
    v = vary(SPECS, "train", seed=1, param_rename=1.0)
    assert v.backward(ToolCall(name="send_message")).name == NOT_OFFERED + "send_message"
    varied = v.names["send_message"]
    back = v.backward(ToolCall(name=varied, arguments={"message": "hi"}))
    assert back.name == "send_message" and back.arguments == {NOT_OFFERED + "message": "hi"}
    d = v.distractors[0]
    assert v.backward(ToolCall(name=d, arguments={"x": 1})) == ToolCall(name=d, arguments={"x": 1})


def test_distractors_avoid_the_task_topic():
    weather = [spec("weather.get_forecast", "Weather forecast for a city.", city="string")]
    for seed in range(30):
        v = vary(weather, "train", seed=seed, distractors=(3, 3))
        assert not any("weather" in d for d in v.distractors)
        assert len(v.distractors) == 3


def test_families_share_no_vocabulary():
    def vocab(f):
        return {"verbs": set(f.verbs), "synonyms": set(f.synonyms.values()),
                "affixes": {w for _, w in f.affixes}, "templates": set(f.templates),
                "phrases": set(f.phrases.values()), "styles": {f.style},
                "distractors": {d[0] for d in f.distractors}}

    train, held = vocab(TRAIN), vocab(HELD_OUT)
    for part in train:
        assert not train[part] & held[part], part
    every_train = set().union(*train.values())
    assert not every_train & set().union(*held.values())


def test_no_held_out_name_or_phrasing_appears_in_train_variations():
    names, params, texts = {"train": set(), "held-out": set()}, {"train": set(), "held-out": set()}, \
        {"train": [], "held-out": []}
    for family in FAMILIES:
        for seed in range(60):
            v = vary(SPECS, family, seed=seed)
            names[family] |= {t.name for t in v.tools}
            params[family] |= {q for m in v.params.values() for p, q in m.items() if p != q}
            texts[family] += [t.description for t in v.tools]
    assert not names["train"] & names["held-out"]
    assert not params["train"] & params["held-out"]
    for family, other in (("train", HELD_OUT), ("held-out", TRAIN)):
        fragments = [part.strip() for t in other.templates for part in t.split("{d}") if
                     part.strip()]
        assert len(fragments) == 3
        assert not any(f in text for f in fragments for text in texts[family])
    assert all(n.split("_")[0] in TRAIN.verbs for n in names["train"])
    assert all(words(n)[0] in HELD_OUT.verbs for n in names["held-out"])


def test_unknown_family_is_an_error():
    with pytest.raises(ValueError, match="unknown tool-variation family 'test'; known: train"):
        vary(SPECS, "test")
