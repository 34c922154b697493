"""veriloop: post-train LLM agents with RL on verifiable environments."""

import os
import sys

__version__ = "0.1.0"

# torch's CPU kernels run in an OpenMP thread team whose idle threads busy-wait (spin) for a
# while before sleeping. When another process wants the same cores (a second job, a sandbox, the
# other side of a benchmark) the spinning threads take the cores from it and from each other:
# decoding the tiny model with 2 threads took 3-15 s of CPU for what 1 s does when the threads
# sleep instead (benchmarks/contention.py). Passive waiting is the default here unless the user
# set a policy; it only takes effect if torch (its OpenMP runtime) is not loaded yet.
if "torch" not in sys.modules:
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
