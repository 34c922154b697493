"""The code world's episode: `run_python` (sandboxed experiments) and `submit` (ends it), and
the typed state its grader reads."""

from __future__ import annotations

from dataclasses import dataclass

from veriloop.envs.base import ToolEpisode
from veriloop.sandbox import Limits, Result, SandboxPool
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Task


@dataclass(frozen=True)
class CodeState:
    """What the grader receives: the submitted code (a `submit` call, or a final `<answer>`
    taken as code), whether `submit` was called, and how many programs were run."""

    submission: str | None = None
    submitted: bool = False
    runs: int = 0


def _format_run(r: Result) -> str:
    status = ("timed out" if r.timed_out else "killed: out of memory" if r.killed_for_memory
              else f"exit code {r.exit_code}")
    parts = [status]
    if r.stdout:
        parts.append("--- stdout ---\n" + r.stdout.rstrip("\n"))
    if r.stderr:
        parts.append("--- stderr ---\n" + r.stderr.rstrip("\n"))
    return "\n".join(parts)

def is_text(code: str) -> bool:
    """Whether `code` can be written as UTF-8 (no lone surrogates)."""
    try:
        code.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class CodeEpisode(ToolEpisode):
    """Tool episode whose `submit` call ends it (a final `<answer>` is taken as submitted code)."""

    def __init__(self, task: Task, pool: SandboxPool, limits: Limits,
                 max_output_chars: int) -> None:
        self.runs = 0
        self.submitted_code: str | None = None

        @tool
        def run_python(code: str) -> str:
            """Run a Python program in a sandbox and show its exit status, stdout and stderr.

            Args:
                code: the complete program to run
            """
            self.runs += 1
            if not is_text(code):
                return "error: the program is not valid Unicode text (a lone surrogate); fix it"
            return _format_run(pool.run(code=code, limits=limits))

        @tool
        def submit(code: str) -> str:
            """Submit your final solution; it is then tested. This ends the episode.

            Args:
                code: the complete code of the function, with its imports and helpers
            """
            self.submitted_code = code
            return "Submitted."

        super().__init__(task, ToolRegistry([run_python, submit],
                                            max_output_chars=max_output_chars),
                         finish=lambda: self.submitted_code)

    @property
    def state(self) -> CodeState:
        submitted = self.submitted_code is not None
        return CodeState(submission=self.submitted_code if submitted else self.final_answer,
                         submitted=submitted, runs=self.runs)
