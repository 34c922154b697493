from hypothesis import given
from hypothesis import strategies as st

from veriloop.envs.arithmetic import calculator
from veriloop.rendering import ByteRenderer
from veriloop.types import Message

R = ByteRenderer()
text = st.text(max_size=40)


@given(system=text, user=text, turns=st.lists(st.tuples(text, text), max_size=4),
       stop_on_string=st.booleans())
def test_incremental_rendering_equals_full_rendering(system, user, turns, stop_on_string):
    prompt = [Message(role="system", content=system), Message(role="user", content=user)]
    ids = list(R.render_prompt(prompt, [calculator.spec]).ids)
    history = list(prompt)
    for action, observation in turns:
        act = R.render_action(action).ids
        if stop_on_string:  # the policy stopped on a stop string: no end-of-turn in its ids
            act = act[:-1]
        ids += act
        obs = [Message(role="tool", content=observation)]
        ids += R.render_observation(obs, R.closes_turn(act)).ids
        history += [Message(role="assistant", content=action), *obs]
    # rendering the whole conversation at once gives the same ids, minus the final prompt
    full = R.render_prompt(history, [calculator.spec]).ids
    assert tuple(ids) == full
    assert R.decode(ids) == R.render_prompt(history, [calculator.spec]).text
