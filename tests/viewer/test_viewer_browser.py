"""The viewer in a real headless browser (Playwright driving the Debian `chromium` that
`make system` installs): load a run made by the test, filter to a failed trajectory, open it,
find its tool calls and grade; a screenshot is written as a test artefact
($VERILOOP_ARTIFACTS, default the test's temporary directory)."""

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
from viewer_run import make_run

from veriloop.viewer.app import HOST, create_app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture
def server(tmp_path):
    import uvicorn

    make_run(tmp_path / "rl")
    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(tmp_path), host=HOST, port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not srv.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://{HOST}:{port}"
    srv.should_exit = True
    thread.join(10)


def test_filter_to_a_failed_trajectory_and_find_its_tool_calls(server, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[dev]'")
    if not Path(CHROMIUM).exists():
        pytest.skip("no chromium: `make system` installs the Debian package")
    artifacts = Path(os.environ.get("VERILOOP_ARTIFACTS", tmp_path))
    artifacts.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(server)
            page.click("text=rl")
            assert "12 of 12 matching" in page.inner_text("main")
            page.select_option("select[name=passed]", "no")
            page.click("#apply")
            page.wait_for_url("**passed=no**")
            assert "6 of 6 matching" in page.inner_text("main")
            assert "pass" not in [c.inner_text() for c in page.query_selector_all("td span")]
            page.click("a.traj >> nth=0")
            page.wait_for_selector(".tool-call")
            calls = [c.inner_text() for c in page.query_selector_all(".tool-call")]
            assert calls and all("calculator" in c for c in calls)
            text = page.inner_text("main")
            assert "failed" in text and "expected" in text  # the grade and its explanation
            page.screenshot(path=str(artifacts / "viewer_trajectory.png"), full_page=True)
        finally:
            browser.close()
    assert (artifacts / "viewer_trajectory.png").stat().st_size > 10_000
