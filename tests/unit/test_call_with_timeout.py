"""`call_with_timeout`: results and errors come back, a hung call times out without blocking
the next one, and worker threads are reused rather than started per call."""

import threading
import time

import pytest

from veriloop.rollout.runner import call_with_timeout


def test_value_and_error_come_back():
    assert call_with_timeout(lambda a, b: a + b, 2, 3, timeout=30) == 5
    with pytest.raises(KeyError, match="missing"):
        call_with_timeout(lambda: {}["missing"], timeout=30)


def _workers() -> int:
    return sum(t.name == "veriloop-call" for t in threading.enumerate())


def test_threads_are_reused_across_calls():
    before = _workers()
    idents = {call_with_timeout(threading.get_ident, timeout=30) for _ in range(50)}
    # a worker is idle again before its caller wakes, so sequential calls start at most one
    assert _workers() <= before + 1
    assert len(idents) <= before + 1
    assert threading.get_ident() not in idents  # never the caller's thread


def test_a_hung_call_times_out_and_keeps_its_worker():
    release = threading.Event()
    hung_thread: list[int] = []

    def hang() -> None:
        hung_thread.append(threading.get_ident())
        release.wait(60)

    with pytest.raises(TimeoutError, match="did not return within 0.2s"):
        call_with_timeout(hang, timeout=0.2)
    # while it hangs, the next calls run on other workers
    others = {call_with_timeout(threading.get_ident, timeout=30) for _ in range(5)}
    assert hung_thread[0] not in others
    release.set()
    # once it returns, its worker is idle again and serves calls (no thread leaked per call)
    deadline = time.monotonic() + 30
    seen: set[int] = set()
    while hung_thread[0] not in seen and time.monotonic() < deadline:
        seen.add(call_with_timeout(threading.get_ident, timeout=30))
        time.sleep(0.01)
    assert hung_thread[0] in seen


def test_a_forked_child_starts_its_own_workers():
    # the parent's idle workers are threads the child does not have: reusing one would hang
    import multiprocessing

    assert call_with_timeout(lambda: 1, timeout=30) == 1  # the parent now has an idle worker
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        assert pool.apply(call_with_timeout, (abs, -3), {"timeout": 30}) == 3
