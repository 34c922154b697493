"""`bfcl`: the Berkeley Function-Calling Leaderboard's Python categories, graded as BFCL does.

Data and backends come from the `bfcl-eval` wheel (`data`; installed `--no-deps`, none of its
provider SDKs are imported). Categories:

- single-turn `simple_python` (alias `simple`), `multiple`, `parallel`, `parallel_multiple`,
  `irrelevance`: one response, graded by BFCL's AST match against the possible answers
  (`ast_match`); irrelevance passes when the response makes no call;
- multi-turn `multi_turn_base`, `multi_turn_miss_func`, `multi_turn_miss_param`,
  `multi_turn_long_context`: a conversation of user turns whose calls run on BFCL's stateful
  backends (file system, messaging, trading, travel, vehicle ...), graded by the backends'
  final state and the calls' results against a replay of the ground truth, turn by turn
  (`grading`).

Function docs become `ToolSpec`s; calls use veriloop's tool-call format (`episode`). Each
task's `metadata["category"]` feeds the per-category breakdown of `veriloop eval`. The expert
plays the ground truth (`expert`). BFCL is a test set: see `tasks` on what the train/test split
means.

Option `tool_variation` ("train" or "held-out") gives every task a seeded variation of its
functions (`variation`: renamed tools and parameters, reordered parameters, paraphrased
descriptions, distractor tools) while grading stays BFCL's; train on "train", evaluate on
"held-out" (`veriloop eval --tool-variation held-out`) to measure accuracy under variations
never seen in training. `bfcl_synth` (`synth`) is training data that is not BFCL's test set.
"""

from __future__ import annotations

from veriloop.envs.bfcl.data import CATEGORIES, MULTI_TURN, SINGLE_TURN
from veriloop.envs.bfcl.env import BfclEnv
from veriloop.envs.bfcl.episode import BfclState
from veriloop.envs.bfcl.synth import BfclSynthEnv
from veriloop.envs.bfcl.toolbox import TOOLBOX

__all__ = ["CATEGORIES", "MULTI_TURN", "SINGLE_TURN", "TOOLBOX", "BfclEnv", "BfclState",
           "BfclSynthEnv"]
