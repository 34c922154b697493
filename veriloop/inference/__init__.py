"""Inference-time scaling: spend more compute at test time for better answers, over any policy
and environment. Each method is a named registry entry (`get_method(name, **options)`):

- `first`: the first sample (greedy with temperature 0);
- `majority`: majority vote over final answers grouped by the environment's grader;
- `deepconf`, `deepconf-online`: confidence-filtered, confidence-weighted voting (DeepConf);
- `best-of-n`: the candidate a verifier, LLM judge or reward model scores highest;
- `genselect`: the model picks the best of N candidates, over shuffled orders, by votes;
- `tree`: LATS-style tree search over tool-using episodes with UCT and replayed snapshots.
"""

from veriloop.inference.base import (
    Choice,
    InferenceContext,
    Selection,
    SelectMethod,
    get_method,
    list_methods,
    policy_tokens,
    register_method,
)

__all__ = ["Choice", "InferenceContext", "SelectMethod", "Selection", "get_method",
           "list_methods", "policy_tokens", "register_method"]
