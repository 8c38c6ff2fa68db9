"""Rule cases: catastrophic damage and criticals (spacefleet_core 1.8)."""

from __future__ import annotations

from game.rulesets.spacefleet.rules.damage import catastrophe, critical

from .helpers import ctx, ship, state


def _one(faces, others=()):
    st = state([ship("l", "lunar", 500, 500, damage=8)] + list(others))
    c = ctx(st, faces)
    catastrophe(c, "l")
    return c.s


def test_catastrophic__2_to_6_drifting_hulk_one_marker():
    """spacefleet_core 1.8: 2-6 leaves a drifting hulk and 1 blast marker."""
    s = _one([1, 1])
    assert s.ships["l"].status == "drifting_hulk" and len(s.blast_markers) == 1
    assert _one([3, 3]).ships["l"].status == "drifting_hulk"


def test_catastrophic__7_8_blazing_hulk():
    """spacefleet_core 1.8: 7-8 leaves a blazing hulk and 1 blast marker."""
    s = _one([3, 4])
    assert s.ships["l"].status == "blazing_hulk" and len(s.blast_markers) == 1
    assert _one([4, 4]).ships["l"].status == "blazing_hulk"


def test_catastrophic__9_to_11_plasma_drive_overload():
    """spacefleet_core 1.8: 9-11 removes the ship, leaves half its starting hits in markers and fires that many
    lance shots at every ship within 3D6 cm."""
    near = ship("n", "murder", 560, 500)   # 6 cm away: inside a 9 cm blast
    far = ship("f", "murder", 900, 500)
    s = _one([4, 5, 3, 3, 3, 4, 4, 4, 4, 1, 1], [near, far])   # roll 9, radius 9 cm, 4 lance dice all hit
    assert s.ships["l"].status == "destroyed"
    assert s.ships["n"].damage == 2 and s.ships["f"].damage == 0   # 2 shields absorb, 2 to the hull (crit dice 1)


def test_catastrophic__12_warp_drive_implosion():
    """spacefleet_core 1.8: 12 removes the ship with as many markers as its starting hits, blast radius 3D6 cm."""
    s = _one([6, 6, 1, 1, 1])
    assert s.ships["l"].status == "destroyed" and len(s.blast_markers) == 8


def test_critical__inapplicable_result_moves_up():
    """spacefleet_core 1.8: a Gothic has no dorsal weapons, so a 2 becomes the next result that applies."""
    st = state([ship("g", "gothic", 500, 500)])
    c = ctx(st, [1, 1])
    critical(c, "g")
    assert c.s.ships["g"].crits == ["starboard_armament"]


def test_critical__escort_destroyed():
    """spacefleet_core 1.8 (FAQ): an escort suffering a critical is destroyed."""
    st = state([ship("s", "sword", 500, 500)])
    c = ctx(st)
    critical(c, "s")
    assert c.s.ships["s"].status == "destroyed"
