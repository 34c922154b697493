"""veriloop: post-train LLM agents with RL on verifiable environments."""

import os
import sys

__version__ = "0.1.0"

# torch's CPU kernels run in an OpenMP thread team whose idle threads busy-wait (spin) before
# they sleep: by default for ~300,000 spins, long enough to bridge the gaps between the small
# kernels of a decode step, and long enough to take the cores from anything else that wants
# them. With other processes on the machine, decoding the tiny model with 2 threads went from
# 0.4 s to 3-15 s of CPU. A short spin (3,000) keeps the idle speed and loses little under
# load (benchmarks/contention.py); passive waiting (OMP_WAIT_POLICY=PASSIVE) is best under heavy
# load and ~35% slower idle. Applied unless the user set either variable; it takes effect only
# if torch (its OpenMP runtime) is not loaded yet.
if "torch" not in sys.modules and not {"OMP_WAIT_POLICY", "GOMP_SPINCOUNT"} & set(os.environ):
    os.environ["GOMP_SPINCOUNT"] = "3000"

# bm25s (corpus search, experience retrieval) imports JAX when it is installed and runs one
# computation at import, which makes JAX take 75% of a GPU's memory up front: on an H100 our
# trainer then ran out of memory with 60 of 79 GiB held outside PyTorch. JAX allocates on
# demand instead, unless the user set the variable.
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

