"""The space-fleet log names things, never the engine's counters or map ids
(text a player reads uses names): a gas cloud whose map name only repeats
its id is "the gas cloud"; an ordnance marker is told by its launcher (and
where it is when the launcher has another); the end phase's blast-marker roll reads as words (spacefleet_core 1.8: the
active player removes D6 blast markers touching no base); a turn reads the
same in a button label and in the log (spacefleet_core 1.6)."""

from __future__ import annotations

import re

from game.core.logtext import event_line
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import MoveShip
from game.rulesets.spacefleet.display.descriptions import describe_action
from game.rulesets.spacefleet.names import feature_name, ordnance_name
from game.rulesets.spacefleet.rules.endphase import remove_blast_markers
from game.rulesets.spacefleet.rules.movement import plan_move, resolve_move
from game.rulesets.spacefleet.state import BlastMarker, Ordnance

from .helpers import area, ctx, planet, ship, state

SIDES = {"imperial": "Imperial Navy", "chaos": "Chaos raiders"}


def test_feature_name__a_name_that_repeats_the_id_is_no_name():
    dust = area("dust", "gas_cloud", 0, 0, 100, 100)
    dust.name = "dust"
    belt = area("belt_0", "asteroid_field", 0, 0, 100, 100)
    belt.name = "belt 0"
    hesperus = planet("hesperus", 500, 500, 60)
    hesperus.name = "Hesperus"
    assert [feature_name(f) for f in (dust, belt, hesperus)] == ["the gas cloud", "the asteroid field", "the planet 'Hesperus'"]


def test_ordnance_name__by_launcher_and_where_when_it_has_two():
    st = state([ship("m", "murder", 300, 300), ship("l", "lunar", 900, 300)])
    one = Ordnance(id=39, side="chaos", kind="torpedo", x=600, y=300, heading=0, launcher="m")
    st.ordnance.append(one)
    assert ordnance_name(st, one) == "torpedo salvo of the Murder class cruiser"
    two = Ordnance(id=40, side="chaos", kind="torpedo", x=880, y=300, heading=0, launcher="m")
    st.ordnance.append(two)
    named = ordnance_name(st, two)
    assert named.startswith("torpedo salvo of the Murder class cruiser ") and "Lunar class cruiser" in named, named
    assert not re.search(r"\d", named)


def test_blast_marker_removal__the_roll_reads_as_a_sentence():
    st = state([ship("l", "lunar", 900, 300)], phase="end", active="chaos")
    st.blast_markers += [BlastMarker(id=22, x=200, y=900), BlastMarker(id=23, x=1500, y=900)]
    c = ctx(st, faces=[1])
    remove_blast_markers(c, "chaos")
    lines = [event_line(RULESET, ev, SIDES) for ev in c.events]
    assert lines[0] == "Blast markers removed in Chaos raiders' end phase (of the 2 touching no base): D6 roll 1"
    assert lines[1] == "A blast marker in the south-west of the table is removed", lines


def test_blast_markers__named_by_the_ship_they_touch_never_numbered():
    """spacefleet_core 1.8: markers a ship's shields take touch its base: the log says by which
    part of which ship, several placed at once in one line, a second placement by the same
    ship with the count its base then holds (no two lines of a turn alike), no marker number;
    the end phase's removals of one roll read as one line, counted by place."""
    from game.rulesets.spacefleet.rules.damage import place_bms_around

    st = state([ship("l", "lunar", 900, 300, heading=0)], phase="shooting")
    c = ctx(st)
    place_bms_around(c, "l", 2, (1200, 300))   # from ahead: the bow
    place_bms_around(c, "l", 1, (900, 0))      # from the north, the ship heading east: its port side
    lines = [event_line(RULESET, ev, SIDES) for ev in c.events]
    assert lines == ["2 blast markers are placed by the Lunar class cruiser's bow",
                     "A blast marker is placed by the Lunar class cruiser's port side (3 on its base now)"], lines
    st = c.s
    assert [b.id for b in st.blast_markers] == [1, 2, 3]
    from game.rulesets.spacefleet.names import marker_words
    assert marker_words(st, [(900, 300)]) == "on the Lunar class cruiser"  # at its stem: no side to name
    st.blast_markers += [BlastMarker(id=7, x=200, y=900), BlastMarker(id=8, x=210, y=905)]
    st.phase, st.active = "end", "chaos"
    c = ctx(st, faces=[6])
    remove_blast_markers(c, "chaos")
    lines = [event_line(RULESET, ev, SIDES) for ev in c.events]
    assert lines[1] == "2 blast markers in the south-west of the table are removed", lines
    assert [b.id for b in c.s.blast_markers] == [1, 2, 3]
    assert not any(re.search(r"marker \d", t) for t in lines)


def test_turn__the_label_and_the_log_agree():
    """A 9.7-degree turn: "turn 9.7° to port" on the button, "turns 9.7° to port" in the log."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], phase="movement")
    a = MoveShip(side="imperial", ship="l", legs=((0.0, 100.0), (-9.7, 50.0)))
    assert describe_action(a, st) == "Move 15.0 cm, turn 9.7° to port"
    c = ctx(st)
    resolve_move(c, a, plan_move(st, a))
    line = next(event_line(RULESET, ev) for ev in c.events if ev.type == "sf_moved")
    assert "turns 9.7° to port" in line and " deg" not in line, line
