"""Geometry memos are per thread (game.core.caches).

GEOS prepared geometries are not safe to first-use from two threads at once
(libgeos/geos#825); two battles played in threads crashed the interpreter in
the path finder. Each thread now builds its own map geometry, and within one
thread the memo still serves every battle on that map.
"""

from __future__ import annotations

import threading
from pathlib import Path

from game.battle.loading import open_scenario
from game.core.caches import PerThread, per_thread_lru_cache
from game.core.session import Battle

ROOT = Path(__file__).resolve().parents[2]


def _in_thread(fn):
    out = []
    t = threading.Thread(target=lambda: out.append(fn()))
    t.start()
    t.join()
    return out[0]


def test_per_thread__each_thread_sees_its_own_entries():
    memo = PerThread()
    memo["k"] = 1
    assert _in_thread(lambda: memo.get("k")) is None
    assert _in_thread(lambda: (memo.__setitem__("k", 2), memo["k"])[1]) == 2
    assert memo["k"] == 1 and len(memo) == 1
    memo.clear()
    assert len(memo) == 0


def test_per_thread_lru_cache__memoises_within_a_thread_only():
    calls = []

    @per_thread_lru_cache(maxsize=4)
    def square(x):
        calls.append(x)
        return [x * x]

    a = square(3)
    assert square(3) is a and calls == [3]
    b = _in_thread(lambda: square(3))
    assert b == [9] and b is not a and calls == [3, 3]


def test_geo_of__one_table_geometry_per_thread_per_map():
    """Battlespace geometry of Mission 1 (terrain index, path finder) is
    shared by battles in one thread and never handed to another thread."""
    from game.rulesets.battlespace.geo import geo_of

    rs, sc, m = open_scenario(ROOT / "maps" / "battlespace" / "mission1.scenario.json")
    s1 = Battle(rs, sc, m, 1).state
    s2 = Battle(rs, sc, m, 2).state
    g = geo_of(s1)
    assert geo_of(s2) is g
    other = _in_thread(lambda: geo_of(s1))
    assert other is not g and other.table == g.table
    assert sorted(other.pieces) == sorted(g.pieces)
