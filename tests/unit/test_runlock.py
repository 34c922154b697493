"""Issue 43: the run lock's file goes away when its holder releases it, on a clean exit and on
an error that unwinds, and a process that locked the file just as it was deleted does not end
up holding the run beside the one that locked the new file."""

import os

import pytest

from veriloop.run.runlock import RunInUseError, RunLock


def test_a_clean_exit_removes_the_lock_file(tmp_path):
    with RunLock(tmp_path) as lock:
        assert lock.path.read_text().strip() == str(os.getpid())
        with pytest.raises(RunInUseError, match="in use by pid"):
            RunLock(tmp_path).acquire()
    assert not (tmp_path / ".lock").exists()
    RunLock(tmp_path).acquire().release()  # and the run can be taken again
    assert not (tmp_path / ".lock").exists()


def test_an_error_exit_removes_the_lock_file(tmp_path):
    with pytest.raises(RuntimeError, match="boom"), RunLock(tmp_path):
        raise RuntimeError("boom")
    assert not (tmp_path / ".lock").exists()


def test_locking_a_file_deleted_meanwhile_takes_the_new_one(tmp_path, monkeypatch):
    """The race: B opens .lock, A releases (deletes it), C creates a new .lock and locks it,
    then B's flock succeeds on the deleted file. B must see that and contend for C's file."""
    first = RunLock(tmp_path).acquire()
    holder: list[RunLock] = []
    real_flock = __import__("fcntl").flock
    calls = []

    def flock(fd, op):
        calls.append(op)
        if len(calls) == 1:  # B holds an fd to A's file: A releases, C takes the new file
            first.release()
            holder.append(RunLock(tmp_path).acquire())
        return real_flock(fd, op)

    monkeypatch.setattr("veriloop.run.runlock.fcntl.flock", flock)
    with pytest.raises(RunInUseError, match=f"pid {os.getpid()}"):
        RunLock(tmp_path).acquire()  # B: locked A's deleted file, retried, found C's held
    monkeypatch.undo()
    holder[0].release()
    assert not (tmp_path / ".lock").exists()
