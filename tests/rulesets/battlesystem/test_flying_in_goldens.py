"""The Advanced scenario ``barrow_downs`` has spell-casters, weather magic and a flying unit
(Valmark's hippogriff riders), and its golden replay (tests/golden/battlesystem, default
against default) shows the default agent flying it: the riders rise from the ground
(Battlesystem [15.1] altitudes) and fight a ground unit from low altitude with that unit's
armour class two worse ([15.3]). (A flyer hurt in the air lands: `test_flying.py`.)

The golden is read from its recorded events (no agent runs here); the states are rebuilt with
the ruleset's own ``apply``, event by event, so each attack is judged with the altitudes of the
moment it was made."""

from __future__ import annotations

import re
from functools import cache

from game import rulesets
from game.core.engine import apply_recorded
from game.core.replay import read_replay
from game.core.session import Battle
from game.rulesets.battlesystem.rules.common import rating
from game.rulesets.battlesystem.rules.flight import can_fly, flying_data
from tools.regen_golden import bundled, golden_path

RS = rulesets.get("battlesystem")


@cache
def _flight() -> dict:
    """What the flyers of the ``barrow_downs`` golden did: ``rose`` (units that left the ground
    by a Climb), ``air_attacks`` ((attacker, the defender's own AC, the AC the attack was read
    against) for melee attacks made from the air on a ground unit), ``landed`` (flyers brought down by damage)."""
    path = next(golden_path(r, p) for r, p in bundled(["battlesystem"]) if p.name == "barrow_downs.scenario.json")
    rec = read_replay(path)
    h = rec.header
    st = Battle(RS, h.scenario, h.map, h.seed).state
    out = {"flyers": {u.id for u in st.units.values() if can_fly(st, u)}, "rose": set(), "air_attacks": []}
    for line in rec.actions:
        a = line.action
        for raw in line.events:
            ev = RS.parse_event(raw)
            if raw["type"] == "bts_attack":
                att, dfd = st.units.get(raw["attacker"]), st.units.get(raw["defender"])
                if att is not None and dfd is not None and att.altitude >= 1 and dfd.altitude <= 0:
                    m = re.search(r"against AC (-?\d+)", raw.get("text") or "")
                    out["air_attacks"].append((att.id, rating(dfd).ac, int(m.group(1)) if m else None))
            before = {u.id: u.altitude for u in st.units.values()}
            apply_recorded(RS, st, [ev])
            for uid, alt in before.items():
                now = st.units[uid].altitude if uid in st.units else alt
                if a["type"] == "bts_climb" and a.get("unit") == uid and alt <= 0 < now:
                    out["rose"].add(uid)
    return out


def test_barrow_downs_has_a_flying_unit_and_the_agent_takes_it_up():
    got = _flight()
    assert got["flyers"] == {"hippogriffs"}
    assert got["rose"] == {"hippogriffs"}


def test_the_flyers_fight_a_ground_unit_from_the_air():
    got = _flight()
    assert got["air_attacks"], "no melee attack from the air in the barrow_downs golden"
    assert {a for a, _, _ in got["air_attacks"]} == {"hippogriffs"}
    # [15.3] the ground unit is two AC worse against them
    assert flying_data().ground_ac_penalty == 2
    assert all(read == own + 2 for _, own, read in got["air_attacks"]), got["air_attacks"]

