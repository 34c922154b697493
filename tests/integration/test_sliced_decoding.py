"""`rollout.slice_tokens`: turns decoded a slice at a time, episodes joining between slices, give
the same episodes as turns decoded whole. Checked with a byte-level policy that behaves like the
sampler (it stops on a stop string only within its own output of one call, and would otherwise
go on writing), so a stop string split across two slices must still end the turn where it
completes; and with the tiny model decoding greedily."""

import pytest

from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.policies.base import Generation
from veriloop.rollout.runner import RolloutConfig, RolloutRunner

JUNK = b" and more text the turn must not keep</answ"


class BytePolicy(ExpertPolicy):
    """The expert's turn as bytes, then junk; at most `max_new_tokens` bytes a call, from where
    the episode's previous call left off (its prompt ends with what it wrote so far)."""

    def __init__(self):
        super().__init__(noise=0.3, format_share=1.0, recovery=0.5)
        self.turns: dict[str, tuple[int, int]] = {}  # key -> (prompt length at turn start, written)
        self.calls = 0

    def generate(self, requests, params):
        self.calls += 1
        out = []
        for req, g in zip(requests, super().generate(requests, params), strict=True):
            start, written = self.turns.get(req.key, (-1, 0))
            if len(req.prompt_ids) != start + written:  # a new turn
                start, written = len(req.prompt_ids), 0
            full = g.text.encode() + JUNK
            ids = full[written:written + (req.max_new_tokens or params.max_new_tokens)]
            finish = "length"
            for k in range(1, len(ids) + 1):  # the sampler's check: its own output only
                if any(s in ids[:k].decode(errors="ignore") for s in params.stop):
                    ids, finish = ids[:k], "stop"
                    break
            self.turns[req.key] = (start, written + len(ids))
            out.append(Generation(text=ids.decode(errors="ignore"), token_ids=tuple(ids),
                                  logprobs=tuple(-0.01 * (written + i) for i in range(len(ids))),
                                  finish_reason=finish))
        return out


def _episodes(slice_tokens, slots=None, max_new_tokens=256):
    env, policy = ArithmeticEnv(), BytePolicy()
    cfg = RolloutConfig(group_size=3, slice_tokens=slice_tokens, slots=slots,
                        max_new_tokens=max_new_tokens)
    trajs = RolloutRunner(env, policy, cfg).run(env.tasks(4, seed=1))
    return [(t.task_id, t.sample_index, t.grade.score if t.grade else None,
             [(u.action_text, u.action_ids, u.action_logprobs, u.finish_reason)
              for u in t.turns]) for t in trajs], policy.calls


@pytest.mark.parametrize("slice_tokens,slots", [(1, None), (3, 5), (7, 2), (10_000, None)])
def test_sliced_turns_give_the_same_episodes(slice_tokens, slots):
    whole, whole_calls = _episodes(None)
    sliced, sliced_calls = _episodes(slice_tokens, slots)
    assert sliced == whole
    texts = [text for *_, turns in whole for text, *_ in turns]
    ended = [t for t in texts if "</tool_call>" in t or "</answer>" in t]
    assert len(ended) > 12 and all(t.endswith(("</tool_call>", "</answer>")) for t in ended)
    assert any("more text" in t for t in texts)  # the noisy expert's unclosed calls go on
    if slice_tokens < 10:
        assert sliced_calls > whole_calls


def test_a_turn_cut_by_its_budget_ends_at_the_budget_when_sliced():
    whole, _ = _episodes(None, max_new_tokens=12)
    sliced, _ = _episodes(5, max_new_tokens=12)
    assert sliced == whole
    assert any(reason == "length" and len(ids) == 12
               for *_, turns in whole for _, ids, _, reason in turns)


def test_tiny_model_greedy_episodes_are_the_same_sliced(tmp_path):
    from veriloop.policies.hf import HFPolicy
    from veriloop.policies.tiny import ensure_tiny

    env = ArithmeticEnv()
    policy = HFPolicy.from_pretrained(ensure_tiny(size="xs"), device="cpu")
    runs = []
    for s in (None, 5):
        cfg = RolloutConfig(group_size=2, slice_tokens=s, temperature=0.0, max_new_tokens=24,
                            max_turns=3)
        trajs = RolloutRunner(env, policy, cfg).run(env.tasks(3, seed=2))
        runs.append([[(u.action_ids, u.finish_reason) for u in t.turns] for t in trajs])
        for t in trajs:
            for u in t.turns:
                assert len(u.action_logprobs) == len(u.action_ids) <= 24
                assert u.action_text == policy.tokenizer.decode(list(u.action_ids),
                                                                skip_special_tokens=True)
    assert runs[0] == runs[1]
    assert sum(len(u) for t in runs[0] for u in t) > 0


def test_seeded_sliced_sampling_repeats_whatever_order_episodes_first_decode():
    from veriloop.policies.hf import HFPolicy
    from veriloop.policies.tiny import ensure_tiny
    from veriloop.trainers.common import DeterministicKeys

    env = ArithmeticEnv()
    keyed = DeterministicKeys(HFPolicy.from_pretrained(ensure_tiny(size="xs"), device="cpu"))
    cfg = RolloutConfig(group_size=2, slice_tokens=4, slots=3, temperature=1.0, seed=7,
                        max_new_tokens=16, max_turns=3)
    runs = []
    for _ in range(2):
        keyed.reset()
        trajs = RolloutRunner(env, keyed, cfg).run(env.tasks(3, seed=5))
        runs.append([[u.action_ids for u in t.turns] for t in trajs])
    assert runs[0] == runs[1]
    assert len({ids for t in runs[0] for ids in t}) > 3  # sampled, not all alike
