"""The viewer's pages over a run made by the test (Starlette's test client): filters by grade,
flag, fault and step, a trajectory's turns, tokens and grade, a group side by side, curves."""

import re

import pytest
from starlette.testclient import TestClient
from viewer_run import make_run

from veriloop.errors import MissingFileError
from veriloop.viewer.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    make_run(root / "rl")
    return TestClient(create_app(root))


def _count(html):
    return int(re.search(r"(\d+) of (\d+) matching", html).group(1))


def test_index_lists_the_run(client):
    html = client.get("/").text
    assert "/run/rl" in html and ">12<" in html  # 2 steps x 3 tasks x 2 samples


def test_filters(client):
    assert _count(client.get("/run/rl").text) == 12
    assert _count(client.get("/run/rl?passed=no").text) == 6  # the odd samples answer -1
    assert _count(client.get("/run/rl?passed=yes").text) == 6
    assert _count(client.get("/run/rl?step=2").text) == 6
    assert _count(client.get("/run/rl?flag=tamper").text) == 2  # one per step
    assert _count(client.get("/run/rl?fault=env_timeout").text) == 1
    assert _count(client.get("/run/rl?fault=none").text) == 11
    assert _count(client.get("/run/rl?min_score=0.5&step=1").text) == 3
    assert _count(client.get("/run/rl?step=x").text) == 12  # an unreadable filter is ignored
    assert "env_timeout" in client.get("/run/rl").text  # the fault kinds to choose from


def test_out_of_range_numbers_are_a_clear_400(client):
    # issue 43: ?step= beyond SQLite's 64-bit integers raised OverflowError: a 500 page
    for query, key, low in (("step=99999999999999999999", "step", "-9223372036854775808"),
                            ("step=-99999999999999999999", "step", "-9223372036854775808"),
                            ("limit=99999999999999999999", "limit", "1"),
                            ("limit=-5", "limit", "1")):
        r = client.get(f"/run/rl?{query}")
        assert r.status_code == 400, (query, r.status_code)
        assert r.text == (f"{query} is out of range; give a whole number from {low} to "
                          f"9223372036854775807, or leave {key} empty")
    assert _count(client.get("/run/rl?step=9223372036854775807").text) == 0  # in range: no rows


def test_trajectory_page_shows_turns_grade_and_tokens(client):
    html = client.get("/run/rl?passed=no&step=1").text
    tid = re.search(r"/run/rl/t/(\w+)", html).group(1)
    page = client.get(f"/run/rl/t/{tid}").text
    assert "call <b>calculator</b>" in page and "tool-call" in page
    assert "failed" in page and "component: correct" in page
    assert "logprob -0.200" in page and "mask 0" in page  # policy and prompt tokens
    assert "&lt;answer&gt;-1&lt;/answer&gt;" in page  # escaped text


def test_group_side_by_side_and_curves(client):
    html = client.get("/run/rl").text
    gid = re.search(r"/run/rl/g/(\w+)", html).group(1)
    page = client.get(f"/run/rl/g/{gid}").text
    assert page.count("sample ") >= 2 and "passed" in page and "failed" in page
    curves = client.get("/run/rl/curves").text
    assert "data-name='loss'" in curves and "data-name='reward/mean'" in curves
    assert "step 5: 0.5" in curves  # hover value of the last reward point
    assert client.get("/run/nosuch").status_code == 404
    assert client.get("/run/rl/t/nosuch").status_code == 404


def test_missing_directory_is_a_user_error(tmp_path):
    with pytest.raises(MissingFileError):
        create_app(tmp_path / "nope")


def test_view_of_a_directory_without_runs_is_one_error_line(tmp_path):
    import subprocess
    import sys

    for target in (tmp_path, tmp_path / "missing"):
        proc = subprocess.run([sys.executable, "-m", "veriloop.cli", "view", str(target)],
                              capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.startswith("error: ") and len(proc.stderr.strip().splitlines()) == 1
