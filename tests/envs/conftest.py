"""The dataset environment's tests share the e2e tests' CLI runner (`cli_run`), which lives in
tests/e2e; pytest puts only this directory on the path when run on its own."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
