"""Rule cases: shooting (spacefleet_core 1.7) and sunward fighting."""

from __future__ import annotations

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import Fire
from game.rulesets.spacefleet.rules.gunnery import gunnery
from game.rulesets.spacefleet.data import profile, tables

from .helpers import area, ctx, planet, ship, state

MURDER_BATTERY = profile("murder").weapons[1]  # starboard batteries, FP 10


def _murder_vs_lunar(distance_mm: float, **kw):
    # Murder at the origin facing +x, its starboard (right) broadside looks down +y;
    # the Lunar sits at +y facing back toward the Murder (closing).
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 300 + distance_mm, heading=-90)
    return state([m, lu], **kw), m, lu


def test_gunnery__fp10_closing_cruiser_mid_range_is_7_dice():
    """spacefleet_core 1.7 worked example: FP 10 at a closing cruiser reads column B, 7 dice, needing 6s against the Lunar's front."""
    st, m, lu = _murder_vs_lunar(200)
    g = gunnery(st, m, MURDER_BATTERY, 10, lu)
    assert (g.dice, "ABCDE"[g.column], g.armour) == (7, "B", 6)


def test_gunnery__fp10_closing_cruiser_within_15cm_is_9_dice():
    """spacefleet_core 1.7 worked example: within 15 cm one column left, column A, 9 dice."""
    st, m, lu = _murder_vs_lunar(150)
    assert gunnery(st, m, MURDER_BATTERY, 10, lu).dice == 9


def test_gunnery__fp10_closing_cruiser_beyond_30cm_is_5_dice():
    """spacefleet_core 1.7 worked example: beyond 30 cm one column right, column C, 5 dice."""
    st, m, lu = _murder_vs_lunar(350)
    assert gunnery(st, m, MURDER_BATTERY, 10, lu).dice == 5


def test_gunnery__firepower_above_20_adds_rows():
    """spacefleet_core 1.7: FP 32 reads row 20 plus row 12."""
    assert tables().gunnery.dice(32, 0) == 18 + 11


def test_gunnery__blast_marker_on_the_line_shifts_right():
    """spacefleet_core 1.7: a blast marker crossed by the line of fire shifts one column right."""
    from game.rulesets.spacefleet.state import BlastMarker
    st, m, lu = _murder_vs_lunar(200)
    st.blast_markers.append(BlastMarker(id=1, x=500, y=400))
    assert gunnery(st, m, MURDER_BATTERY, 10, lu).dice == 5


def test_sunward__close_range_shift_doubled_toward_the_sun():
    """Celestial phenomena, fighting sunward: in the flare region a target within 15 cm toward the sunward edge gets two left shifts."""
    m = ship("m", "murder", 500, 600, heading=0)
    lu = ship("l", "lunar", 500, 480, heading=0)      # abeam, 12 cm north (port side of the Murder)
    w = profile("murder").weapons[0]
    st = state([m, lu], battlezone="flare_region", sunward="north")
    assert "ABCDE"[gunnery(st, m, w, 10, lu).column] == "B"   # D - 2
    st2 = state([m, lu], battlezone="flare_region", sunward="south")
    assert "ABCDE"[gunnery(st2, m, w, 10, lu).column] == "C"  # D - 1
    st3 = state([m, lu], battlezone="deep_space", sunward="north")
    assert "ABCDE"[gunnery(st3, m, w, 10, lu).column] == "C"  # no sunward effect in deep space


def test_sunward__long_range_shift_doubled_toward_the_sun():
    """Celestial phenomena, fighting sunward: beyond 30 cm toward the sun take two right shifts (7 dice -> 4)."""
    st, m, lu = _murder_vs_lunar(400, battlezone="mercurial_zone", sunward="south")
    assert gunnery(st, m, MURDER_BATTERY, 10, lu).dice == 4   # B + 2 = D
    st2, m2, lu2 = _murder_vs_lunar(400, battlezone="mercurial_zone", sunward="north")
    assert gunnery(st2, m2, MURDER_BATTERY, 10, lu2).dice == 5   # B + 1 = C


def test_planet_los__blocked_when_no_stem_on_the_template():
    """spacefleet_core rulings / celestial phenomena, planets: a planet between the stems blocks the line of fire."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 550, heading=-90)
    st = state([m, lu], features=[planet("p", 500, 420, 50)], active="chaos")
    why = RULESET.check(st, Fire(side="chaos", ship="m", weapon=1, target="l"))
    assert not why.ok and "blocks" in why.reason


def test_planet_los__clear_when_the_target_stem_is_on_the_template():
    """Celestial phenomena, planets: a ship whose stem is on the template sees and is seen."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 450, heading=-90)
    st = state([m, lu], features=[planet("p", 500, 430, 50)], active="chaos")
    assert RULESET.check(st, Fire(side="chaos", ship="m", weapon=1, target="l")).ok


def test_planet_los__base_overlap_without_the_stem_does_not_count():
    """Celestial phenomena, planets: a base overlapping the template (stem off it) is not 'on' it, so the planet still blocks."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 500, heading=-90)    # stem 10 mm outside the planet, base overlaps it
    st = state([m, lu], features=[planet("p", 500, 430, 60)], active="chaos")
    assert not RULESET.check(st, Fire(side="chaos", ship="m", weapon=1, target="l")).ok


def test_asteroid_shooting__both_inside_within_10cm_allowed_without_close_shift():
    """Celestial phenomena, asteroid fields: ships both inside may fire up to 10 cm, with no left shift for close range."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 390, heading=0)
    st = state([m, lu], features=[area("ast", "asteroid_field", 400, 200, 700, 500)], active="chaos")
    assert RULESET.check(st, Fire(side="chaos", ship="m", weapon=1, target="l")).ok
    assert "ABCDE"[gunnery(st, m, MURDER_BATTERY, 10, lu).column] == "D"   # abeam, no close-range shift


def test_asteroid_shooting__beyond_10cm_inside_is_out_of_range():
    """Celestial phenomena, asteroid fields: weapons reach no more than 10 cm inside a field."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 420, heading=0)
    st = state([m, lu], features=[area("ast", "asteroid_field", 400, 200, 700, 500)], active="chaos")
    r = RULESET.check(st, Fire(side="chaos", ship="m", weapon=1, target="l"))
    assert not r.ok and "reaches 10 cm" in r.reason


def test_asteroid_shooting__no_fire_into_or_out_of_a_field():
    """Celestial phenomena, asteroid fields: no shooting into or out of a field, and a field between the stems blocks."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 550, heading=0)
    st = state([m, lu], features=[area("ast", "asteroid_field", 400, 200, 700, 400)], active="chaos")
    assert not RULESET.check(st, Fire(side="chaos", ship="m", weapon=1, target="l")).ok
    st2 = state([m, lu], features=[area("ast", "asteroid_field", 400, 380, 700, 450)], active="chaos")
    assert "asteroid" in RULESET.check(st2, Fire(side="chaos", ship="m", weapon=1, target="l")).reason


def test_lances__hit_on_4_and_shields_place_blast_markers():
    """spacefleet_core 1.7-1.8: lances hit on 4+; each hit a shield absorbs places a blast marker; the rest hit the hull."""
    from game.rulesets.spacefleet.rules.shooting import resolve_attack
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 800, 300, heading=180)   # dead ahead of the Murder's prow lances
    st = state([m, lu], active="chaos")
    c = ctx(st, [4, 6])            # two lance dice: two hits
    resolve_attack(c, "m", 2, "l")
    assert len(c.s.blast_markers) == 2 and c.s.ships["l"].damage == 0
    c = ctx(c.s, [5, 3, 2])        # one hit, shields full of markers: hull; crit roll 2 (no critical)
    resolve_attack(c, "m", 2, "l")
    assert c.s.ships["l"].damage == 1 and not c.s.ships["l"].crits
