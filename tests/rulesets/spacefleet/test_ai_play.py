"""The default space-fleet agent against its old blunders (each position
below was played wrongly by the agent before the exchange-model rewrite and
is played right now). Real rules and geometry, no mocks; dice scripted only
where a position is played on."""

from __future__ import annotations

import math
import random

import pytest

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.ai import ai
from game.rulesets.spacefleet.actions import DeclareOrder, EndPhase, Launch, MoveShip
from game.rulesets.spacefleet.geom import disc_touches, seg_point_dist
from game.rulesets.spacefleet.rules.movement import plan_move
from game.rulesets.spacefleet.state import BlastMarker, Ordnance
from game.rulesets.spacefleet.data import profile, tables

from .helpers import area, planet, play, ship, state


def _agent(seed: int = 1) -> ai.FleetAgent:
    return ai.FleetAgent(random.Random(seed))


def _torpedoes(pid: str) -> int:
    return next(i for i, w in enumerate(profile(pid).weapons) if w.kind == "torpedo")


def _movement_phase(st, side: str, limit: int = 20) -> list:
    """The agent's movement-phase choices until it ends the phase, each with
    its move's plan (None for other actions), traced before it is made
    (orders resolved with scripted 3s, i.e. passed; moves have no dice)."""
    agent, chosen = _agent(), []
    for _ in range(limit):
        a = agent.choose(RULESET, st, side)
        chosen.append((a, plan_move(st, a) if isinstance(a, MoveShip) else None))
        if isinstance(a, EndPhase):
            return chosen
        assert RULESET.check(st, a).ok, a
        play(st, a)
    raise AssertionError(f"no EndPhase after {limit} choices: {chosen}")


# -- torpedoes ------------------------------------------------------------------------------------

@pytest.mark.parametrize("blocker", ["planet", "asteroid_field"])
def test_torpedoes__no_salvo_down_a_lane_a_phenomenon_closes(blocker):
    """Celestial phenomena: torpedoes meeting a planet (or moon) are destroyed
    at its edge, and detonate on an asteroid field. A Murder 32 cm ahead of
    the Gothic stands behind one: the agent keeps its torpedoes (it used to
    launch them, looking only for ships in the lane). Played out, that salvo
    is lost before it reaches the Murder."""
    feature = planet("p", 500, 470, 80) if blocker == "planet" else area("a", "asteroid_field", 420, 430, 580, 520)
    st = state([ship("g", "gothic", 500, 300, heading=90), ship("m", "murder", 500, 620, heading=-90)], features=[feature])
    launch = Launch(side="imperial", ship="g", weapon=_torpedoes("gothic"), heading=90.0)
    assert _agent()._fire_value(st, st.ships["g"], launch) == 0.0
    assert _agent().choose(RULESET, st, "imperial") == EndPhase(side="imperial")
    events = play(st, launch)
    assert any(type(e).__name__ == "OrdnanceRemoved" and "detonate" in e.why for e in events)
    assert st.ordnance == [] and st.ships["m"].damage == 0 and st.pending is None


def test_torpedoes__aimed_at_an_enemy_off_the_bow():
    """Core 1.9: the salvo may be launched anywhere in the tubes' front arc.
    A Murder 25 cm away, 35 degrees off the Gothic's bow: the agent aims the
    salvo at it (it used to offer only a salvo straight ahead, which misses,
    and so kept its torpedoes), and the salvo reaches it on its launch move."""
    g = ship("g", "gothic", 500, 300, heading=90)
    bearing = 125.0
    m = ship("m", "murder", 500 + 250 * math.cos(math.radians(bearing)), 300 + 250 * math.sin(math.radians(bearing)))
    st = state([g, m])
    a = _agent().choose(RULESET, st, "imperial")
    assert isinstance(a, Launch) and a.craft == "torpedo" and abs(a.heading - bearing) < 1.0
    play(st, a)
    assert st.phase == "brace" and st.pending.target == "m" and st.pending.ordnance is not None


def test_torpedoes__kept_for_a_closer_shot_when_the_enemy_can_sidestep():
    """A salvo at an enemy 65 cm ahead reaches it only after the enemy's next
    move, which can easily take it out of the lane: the agent keeps its
    torpedoes for a closer shot; on its last turn it launches anyway."""
    st = state([ship("g", "gothic", 500, 200, heading=90), ship("m", "murder", 520, 850, heading=0)], turn_limit=8)
    assert _agent().choose(RULESET, st, "imperial") == EndPhase(side="imperial")
    st.turn = 8
    a = _agent().choose(RULESET, st, "imperial")
    assert isinstance(a, Launch) and a.craft == "torpedo"


# -- escorts and the table edge -------------------------------------------------------------------

def _swords_at_the_edge():
    """Turn 2 of a planet_low_orbit game: four unhurt Swords along the
    Imperial table edge, the Imperial cruisers ahead of them, three Chaos
    cruisers 60-65 cm away; special orders already failed this turn."""
    ships = [ship("imp_lunar", "lunar", 501, 362, 112), ship("imp_gothic", "gothic", 743, 323, 45),
             ship("imp_sword1", "sword", 1058, 170, 0, squadron="sw"), ship("imp_sword2", "sword", 1114, 170, 0, squadron="sw"),
             ship("imp_sword3", "sword", 921, 170, 180, squadron="sw"), ship("imp_sword4", "sword", 1071, 170, 180, squadron="sw"),
             ship("cha_murder", "murder", 764, 799, -90), ship("cha_carnage", "carnage", 857, 810, -74),
             ship("cha_slaughter", "slaughter", 988, 764, -112)]
    bms = [BlastMarker(id=1, x=744, y=350), BlastMarker(id=2, x=726, y=345), BlastMarker(id=3, x=518, y=384),
           BlastMarker(id=4, x=518, y=384)]
    return state(ships, phase="movement", orders_failed=True, blast_markers=bms)


def test_escorts__unhurt_escorts_in_a_fight_stay_on_the_table_and_close():
    """Core 1.6: a ship that moves off the table has disengaged (the enemy
    scores 10% of it). The agent used to send one of these Swords off the
    table edge and the others along it, away from the fight; now every Sword
    stays on the table and ends nearer the enemy than it started."""
    st = _swords_at_the_edge()
    start = {sid: (sh.x, sh.y) for sid, sh in st.ships.items()}
    chaos = [sh for sh in st.ships.values() if sh.side == "chaos"]

    def nearest(x, y):
        return min(math.hypot(c.x - x, c.y - y) for c in chaos)

    plans = [pl for a, pl in _movement_phase(st, "imperial") if isinstance(a, MoveShip)]
    assert len(plans) == 6
    assert all(pl.ok and pl.off_table == "" for pl in plans)
    assert all(sh.status == "active" for sh in st.ships.values())
    for sid in ("imp_sword1", "imp_sword2", "imp_sword3", "imp_sword4"):
        assert nearest(st.ships[sid].x, st.ships[sid].y) < nearest(*start[sid])


def test_edge__an_end_position_that_forces_the_ship_off_next_turn_is_priced():
    """Core 1.6: a cruiser moves at least half its speed and only after its
    10 cm straight run may it turn 45 degrees. Facing the edge 4 cm from it,
    every legal move next turn leaves the table: ``_edge_risk`` charges the
    disengagement (10% of the points to the enemy) and the lost guns; 30 cm
    from it, or running along it, there is no charge."""
    st = state([ship("l", "lunar", 900, 300, heading=-90), ship("m", "murder", 900, 900)], phase="movement")
    lunar = st.ships["l"]
    assert ai._edge_risk(st, lunar, 900, 40, -90.0) == pytest.approx(profile("lunar").points * 1.1)
    assert ai._edge_risk(st, lunar, 900, 300, -90.0) == 0.0
    assert ai._edge_risk(st, lunar, 900, 40, 0.0) == 0.0


# -- orders ---------------------------------------------------------------------------------------

def test_orders__all_ahead_full_to_close_while_nothing_is_in_reach():
    """Imperial cruisers 88 cm from Chaos ships with 45-60 cm guns: nothing of
    theirs can reach the enemy this turn, so the agent orders All Ahead Full
    (core 1.4: 4D6 cm more, fire halved) to close fast, prow on; it used to
    move at ordinary speed and spend several turns under long-range fire."""
    st = state([ship("l", "lunar", 500, 170, 90), ship("g", "gothic", 700, 170, 90),
                ship("m", "murder", 600, 1049, -90), ship("c", "carnage", 750, 1049, -90)], phase="movement")
    a = _agent().choose(RULESET, st, "imperial")
    assert isinstance(a, DeclareOrder) and a.order == "all_ahead_full"


# -- hazards --------------------------------------------------------------------------------------

def test_hazards__leaves_an_enemy_salvo_lane():
    """Core 1.9: an enemy salvo flies 30 cm straight on in each ordnance phase
    and attacks the first base it touches. A Lunar 25 cm ahead of a Strength
    6 Chaos salvo on the same line: the agent used to steam on along the
    lane toward the Murder; now it ends out of the salvo's next two moves."""
    salvo = Ordnance(id=9, side="chaos", kind="torpedo", x=450, y=500, heading=0, strength=6, launcher="m", phases=1,
                     moved_this_turn=False)
    st = state([ship("l", "lunar", 700, 500, 0), ship("m", "murder", 1500, 520, 180)], phase="movement",
               orders_failed=True, ordnance=[salvo])
    a = _agent().choose(RULESET, st, "imperial")
    x, y = plan_move(st, a).path[-1]
    reach = tables().constants.ordnance_radius_mm + st.ships["l"].radius
    assert seg_point_dist(450, 500, 450 + 2 * tables().constants.torpedo_speed_mm, 500, x, y)[0] > reach


def test_hazards__a_ship_forced_into_an_asteroid_field_does_not_stay_in_it():
    """Celestial phenomena: every move that touches an asteroid field takes a
    Leadership test (D6 hits on a failure). A Lunar 3 cm from a field,
    heading into it, cannot avoid touching it this turn; the agent used to
    end inside it (another test next turn), now it turns out of it."""
    f = area("belt", "asteroid_field", 679, 551, 881, 668)
    st = state([ship("l", "lunar", 650, 560, 0), ship("m", "murder", 1200, 900, 180), ship("c", "carnage", 1100, 950, 180)],
               features=[f], phase="movement", orders_failed=True)
    a = _agent().choose(RULESET, st, "imperial")
    x, y = plan_move(st, a).path[-1]
    assert not disc_touches(f, x, y, st.ships["l"].radius)


# -- determinism ----------------------------------------------------------------------------------

def test_agent__deterministic_per_view_whatever_its_rng():
    """The agent's choice depends only on the view (no dice, no rng)."""
    st = _swords_at_the_edge()
    picks = {repr(ai.FleetAgent(random.Random(seed)).choose(RULESET, st.model_copy(deep=True), "imperial"))
             for seed in (1, 2, 3)}
    assert len(picks) == 1
