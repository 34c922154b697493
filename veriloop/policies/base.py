"""The policy protocol and the generation types, whose home is `veriloop.policy` (the bottom
floor); this name stays so that code written against `veriloop.policies.base` keeps working."""

from veriloop.policy import DEFAULT_STOP, Generation, GenerationRequest, Policy, SamplingParams

__all__ = ["DEFAULT_STOP", "Generation", "GenerationRequest", "Policy", "SamplingParams"]
