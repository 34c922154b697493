"""The code blocks of README.md and docs/*.md, split into what tests/docs checks and runs.

A block is a fenced block at column 0. The line right above its fence may mark it:

- `<!-- not-run: REASON -->`: its commands are checked (a `veriloop` command must parse, and a
  training command's config must resolve) but not run; the reason says why and which test
  runs the real thing.
- `<!-- file: NAME -->`: its text is written to NAME in the page's directory (as is a block
  whose first line is a comment naming a file, `# my_envs.py`), for the blocks after it.

Shell commands are split into argv lists: `\\` continuations joined, comments (` # ...`
outside quotes) dropped, leading `VAR=value` assignments set aside.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```([\w-]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
MARK = re.compile(r"<!--\s*(not-run|file):\s*(.+?)\s*-->")
NAMED = re.compile(r"#\s*([\w.-]+\.(?:py|ya?ml|jsonl?))\s*(?:\(.*\))?")
SHELL = {"bash", "sh", "shell", "console"}


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    not_run: str | None  # the reason, when marked not-run
    file: str | None  # the file name it is written to, if any

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text()
    out = []
    for m in FENCE.finditer(text):
        before = text[:m.start()]
        above = before.rstrip("\n").rsplit("\n", 1)[-1].strip()
        mark = MARK.fullmatch(above)
        lang, body = m.group(1), m.group(2)
        named = NAMED.fullmatch(body.split("\n", 1)[0].strip())
        file = (mark.group(2) if mark and mark.group(1) == "file"
                else named.group(1) if named else None)
        out.append(Block(page, before.count("\n") + 1, lang, body,
                         mark.group(2) if mark and mark.group(1) == "not-run" else None, file))
    return out


def indented_fences(page: Path) -> list[int]:
    """Lines of fences not at column 0 (inside a list): FENCE would not see their blocks."""
    return [i for i, line in enumerate(page.read_text().splitlines(), 1)
            if line.lstrip().startswith("```") and not line.startswith("```")]


def strip_comment(line: str) -> str:
    """`line` without a shell comment: a `#` at the start or after a blank, outside quotes
    (`openai:<url>#<model>` keeps its `#`)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def commands(block: Block) -> list[str]:
    """The block's shell commands, one string each, continuations joined, comments dropped."""
    joined = re.sub(r"\\\n\s*", " ", block.text)
    return [c for c in (strip_comment(line).strip() for line in joined.splitlines()) if c]


def argv(command: str) -> tuple[dict[str, str], list[str]]:
    """(leading VAR=value assignments, the argv after them)."""
    words = shlex.split(command)
    env = {}
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    return env, words


def veriloop_args(words: list[str]) -> list[str] | None:
    """The arguments of the `veriloop` command in `words` (also under torchrun or a virtualenv
    path such as `.venv-scale/bin/veriloop`), None when there is none."""
    for i, w in enumerate(words):
        if Path(w).name == "veriloop":
            return words[i + 1:]
    return None
