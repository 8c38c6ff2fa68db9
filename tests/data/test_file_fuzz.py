"""A seeded sample of the file fuzzer (tools/fuzz_files.py runs the full
campaign in fresh processes): mutated maps, scenarios, replays, saves,
settings and Tiled/GeoJSON files through the CLI in this process. Every run
ends with exit status 0, or 2 with one line (verify: 1 with one line when a
replay diverges); none crashes with exit 1, hangs past 30 s, and anything
validate accepts, play and simulate run."""

from __future__ import annotations

import signal
from collections import Counter

import pytest

from tools import fuzz_files as fz

N_CASES = 260


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    work = tmp_path_factory.mktemp("fuzz")
    return work, fz.build_corpus(work, real=False)


def test_fuzzed_files__refused_in_one_line_or_run(corpus, capsys, monkeypatch):
    from game.cli import main

    work, base = corpus

    def on_alarm(signum, frame):
        raise fz.Hang()

    def call(argv):
        capsys.readouterr()
        old = signal.signal(signal.SIGALRM, on_alarm)
        signal.alarm(30)
        rc = 0
        try:
            main(argv)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except fz.Hang:
            rc = None
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        return rc, capsys.readouterr().err

    weights = dict(fz.WEIGHTS, settings=1)
    cases = fz.make_cases(7, N_CASES, work / "cases", base, weights)
    for case in cases:
        monkeypatch.chdir(case.folder)
        monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(case.folder))
        fz.run_inprocess(case, call)
    summary = fz.summarise(cases)
    assert summary["failures"] == []
    outcomes = Counter(o for c in cases for _, o, _ in c.results)
    assert outcomes["refused"] > N_CASES // 2
    # the sample reaches every kind, and valid files really are played
    assert set(summary["cases_per_kind"]) == set(fz.KINDS)
    played = [c for c in cases if any(cmd in ("play", "simulate") and o == "ok" for cmd, o, _ in c.results)]
    assert len(played) >= 5
