"""An interrupted simulate leaves no worker behind: SIGTERM ends the run and
its workers at once; SIGKILL of the parent ends the workers too (they watch
for their parent's death)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT

SCENARIO = str(ROOT / "maps/spacefleet/deep_space.scenario.json")


def _children(pid: int, running: str = "") -> list[int]:
    """The pids of ``pid``'s child processes (whose command line holds ``running``, when given)."""
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if running in line]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def _start(tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "game", "simulate", SCENARIO, "--games", "40", "--jobs", "2",
                          "--out", str(tmp_path / "out")], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    for _ in range(300):
        kids = _children(p.pid)
        if len(kids) >= 2:
            return p, kids
        time.sleep(0.1)
    p.kill()
    pytest.fail("simulate started no workers")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_interrupted_simulate__stops_its_workers(tmp_path, sig):
    p, kids = _start(tmp_path)
    p.send_signal(sig)
    p.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(_alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [k for k in kids if _alive(k)]
    for k in left:
        os.kill(k, signal.SIGKILL)
    assert left == []
    if sig == signal.SIGTERM:
        assert p.returncode == 130 and p.stderr.read().decode() .strip().endswith("interrupted")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_interrupted_verify_sample__starts_no_more_and_ends_the_running_ones(tmp_path, sig=signal.SIGTERM):
    """Interrupted while re-verifying its sample, simulate ends the verify processes running and starts no
    more (it used to wait for the whole sample)."""
    p = subprocess.Popen([sys.executable, "-m", "game", "simulate", SCENARIO, "--games", "2", "--jobs", "1",
                          "--verify-sample", "2", "--out", str(tmp_path / "out")], cwd=tmp_path,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    kids: list[int] = []
    for _ in range(1200):
        kids = _children(p.pid, " verify ")
        if kids or p.poll() is not None:
            break
        time.sleep(0.05)
    assert kids, "simulate never started a verification"
    p.send_signal(sig)
    started_after = set()
    deadline = time.monotonic() + 20
    while p.poll() is None and time.monotonic() < deadline:
        started_after |= set(_children(p.pid, " verify ")) - set(kids)
        time.sleep(0.02)
    p.wait(timeout=5)
    assert started_after == set()
    assert p.returncode == 130 and p.stderr.read().decode().strip().endswith("interrupted")
    deadline = time.monotonic() + 10
    while any(_alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [k for k in kids if _alive(k)] == []
