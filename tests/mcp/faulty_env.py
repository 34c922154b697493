"""A one-tool environment whose tool fails as infrastructure (its sandbox is down), for serving
with `veriloop mcp serve --env tests/mcp/faulty_env.py:FaultyEnv`."""

from __future__ import annotations

from veriloop.envs import ToolEpisode
from veriloop.graders.numeric import numeric_grader
from veriloop.tools import ToolRegistry, tool
from veriloop.types import FaultKind, InfrastructureError, Message, Task


@tool
def run_job(name: str) -> str:
    """Run a job in the sandbox.

    Args:
        name: the job
    """
    raise InfrastructureError(f"sandbox is down (job {name})", FaultKind.SANDBOX)


class FaultyEnv:
    """Every call of its tool is an infrastructure fault."""

    name, max_turns = "faulty", 2

    def tasks(self, n, *, seed=0, split="train", difficulty=None):
        return [Task(id=f"faulty-{i}", env=self.name, verification={"answer": 0},
                     prompt=(Message(role="user", content="Run the nightly job."),))
                for i in range(n)]

    def reset(self, task):
        return ToolEpisode(task, ToolRegistry([run_job]))

    def grader(self):
        return numeric_grader()
