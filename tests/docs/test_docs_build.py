"""The docs site builds with MkDocs in strict mode (warnings are errors: a broken link or anchor,
a page missing from the nav), as `make docs` builds it; and the README stays a front door."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# no --quiet: it hides the warnings that --strict counts, and the build then passes
MKDOCS = [sys.executable, "-m", "mkdocs", "build", "--strict"]


def build(project: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*MKDOCS, "--config-file", str(project / "mkdocs.yml"),
                           "--site-dir", str(site)], capture_output=True, text=True,
                          timeout=300, check=False)


def test_docs_build_strict(tmp_path):
    proc = build(ROOT, tmp_path / "site")
    assert proc.returncode == 0, proc.stderr[-3000:]
    pages = {p.stem for p in (ROOT / "docs").glob("*.md")}
    built = {p.parent.name for p in (tmp_path / "site").glob("*/index.html")}
    assert pages - {"index"} <= built, f"pages not built: {pages - {'index'} - built}"


def test_a_broken_link_fails_the_strict_build(tmp_path):
    """Strictness is real: the same site with one link to a missing page does not build."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    page = project / "docs" / "quickstart.md"
    page.write_text(page.read_text() + "\nSee [a page that is not there](no-such-page.md).\n")
    proc = build(project, tmp_path / "site")
    assert proc.returncode != 0 and "no-such-page.md" in proc.stderr


def test_every_docs_page_is_in_the_nav():
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in (ROOT / "docs").glob("*.md"):
        assert f": {page.name}" in nav, f"{page.name} is not in mkdocs.yml's nav"


def test_readme_is_a_front_door():
    """At most 250 lines, its links into docs/ resolve, and no dated measurement (those live in
    benchmarks/RESULTS.md with their date and machine)."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 250
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), f"README links to {target}, which does not exist"
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text), "a dated figure belongs in RESULTS.md"
    assert "make quickstart" in text and "make test" in text


def test_every_path_the_docs_name_exists():
    """A file the README or a docs page names in code (`veriloop/...`, `tests/...`,
    `configs/...`, `benchmarks/...`, `examples/...`) exists: modules move (issue 44), and a page
    that points at the old place has drifted."""
    named = re.compile(r"`((?:veriloop|tests|configs|benchmarks|examples)/[\w/.-]*\w)`")
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    missing = [f"{page.name}: {path}" for page in pages for path in named.findall(page.read_text())
               if not (ROOT / path).exists()]
    assert not missing, f"the docs name paths that do not exist: {missing}"


def _table_rows(text: str, start: str, end: str) -> list[list[str]]:
    """The body rows of the markdown table between the lines `start` and `end`, as cells."""
    body = text.split(start, 1)[1].split(end, 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in body.strip().splitlines() if line.startswith("|")]
    return rows[2:]  # below the header and its rule


def test_the_readmes_learning_figures_are_rows_of_results():
    """Every row of the README's learning table (issue 45) repeats a row that
    `benchmarks/learning.py --append-results` wrote into RESULTS.md: the same world and seed,
    the same SFT and RL scores and the same Δ with its CI, so a figure cannot be typed in."""
    readme = (ROOT / "README.md").read_text()
    results = (ROOT / "benchmarks" / "RESULTS.md").read_text()
    shown = _table_rows(readme, "<!-- learning figures -->", "<!-- end of learning figures -->")
    measured = {(r[0], r[1]): r for r in _table_rows(
        results, "<!-- learning table: written by benchmarks/learning.py --append-results -->",
        "<!-- end of learning table -->")}
    assert shown, "the README has no learning table"
    for world, seed, model, heldout, sft, rl, delta, *_ in shown:
        row = measured.get((world, seed))
        assert row is not None, f"README shows {world} seed {seed}, which RESULTS.md lacks"
        assert (row[2], row[4], row[6], row[7], row[8].split(";")[0]) == (
            model, heldout, sft, rl, delta), f"README's {world} seed {seed} differs from RESULTS.md"
