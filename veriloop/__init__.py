"""veriloop: post-train LLM agents with RL on verifiable environments."""

__version__ = "0.1.0"
