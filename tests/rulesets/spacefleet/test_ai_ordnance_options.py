"""Attack-craft waves, CAP, fire at hulks and assault declarations in the
action candidates, the default agent and the display hooks
(spacefleet_core 1.8, 1.9, 1.10). Real rules and geometry; dice scripted."""

from __future__ import annotations

import random

import pytest

from game.core.ruleset import RULES_SIDE
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.ai import ai
from game.rulesets.spacefleet.actions import Board, EndPhase, Fire, Launch, RulesStep
from game.rulesets.spacefleet.ai.candidates import HULK_SHOTS_PER_SHIP, cap_reach_mm, enumerate_actions
from game.rulesets.spacefleet.display.descriptions import describe_action
from game.rulesets.spacefleet.odds import catastrophe_numbers
from game.rulesets.spacefleet.state import BlastMarker, Ordnance

from game.rulesets.spacefleet.data import profile

from .helpers import play, ship, state



def _agent_turn(st, side="imperial", limit=20):
    """The default agent's shooting-phase choices until it ends the phase (each resolved with 3s)."""
    agent, chosen = ai.FleetAgent(random.Random(7)), []
    for _ in range(limit):
        a = agent.choose(RULESET, st, side)
        chosen.append(a)
        if isinstance(a, EndPhase):
            return chosen
        assert RULESET.check(st, a).ok, a
        play(st, a)
    raise AssertionError(f"no EndPhase after {limit} choices: {chosen}")


def _carrier_position():
    """A Dictator (d) with a Lunar 15 cm astern of its beam (l); a Murder (m)
    55 cm ahead of d; a Sword (s) in base contact with an Iconoclast (i)
    whose only shield is down (a blast marker on its far side); a Murder
    hulk (h) 20 cm off the Lunar's starboard side."""
    ships = [ship("d", "dictator", 300, 500), ship("l", "lunar", 300, 650), ship("s", "sword", 1200, 300),
             ship("m", "murder", 850, 500, heading=180), ship("i", "iconoclast", 1231, 300, heading=180),
             ship("h", "murder", 300, 850, status="drifting_hulk")]
    return state(ships, blast_markers=[BlastMarker(id=1, x=1255, y=300)])


# -- candidates -----------------------------------------------------------------------------------

def test_candidates__waves_cap_hulk_shots_and_assaults_are_offered_and_legal():
    """core 1.9: once d's port bay has launched bombers at m, its starboard bay
    may join that wave (fighters or bombers) or fly CAP with d or l (both within
    its 30 cm launch move); core 1.8: l may fire at the hulk h with its
    strongest starboard gun (batteries, FP 6); core 1.10: s may board i or
    teleport onto it (shields down)."""
    st = _carrier_position()
    play(st, Launch(side="imperial", ship="d", weapon=0, craft="bomber", target="m"))
    (lead,) = st.ordnance
    assert (lead.kind, lead.x, lead.y) == ("bomber", 500.0, 500.0)
    acts = enumerate_actions(RULESET, st, "imperial", random.Random(1))
    assert all(RULESET.check(st, a).ok for a in acts)
    launches = {(a.weapon, a.craft, a.target, a.wave) for a in acts if isinstance(a, Launch) and a.ship == "d"}
    assert {(1, "fighter", None, lead.id), (1, "bomber", None, lead.id)} <= launches
    assert {(1, "fighter", "d", None), (1, "fighter", "l", None)} <= launches
    assert not any(a.craft == "fighter" and a.target == "s" for a in acts if isinstance(a, Launch))  # beyond 30 cm
    hulk_shots = [a for a in acts if isinstance(a, Fire) and a.target == "h"]
    assert hulk_shots == [Fire(side="imperial", ship="l", weapon=3, target="h")]
    boards = {(a.ship, a.target, a.teleport) for a in acts if isinstance(a, Board)}
    assert boards == {("s", "i", False), ("s", "i", True)}


def test_candidates__hulk_shots_capped_per_ship_nearest_first():
    """Three hulks in the Lunar's starboard arc: only the nearest two are offered
    (HULK_SHOTS_PER_SHIP), so random play is not swamped by hulk shots."""
    hulks = [ship(f"h{k}", "murder", 300 + 60 * k, 650 + 50 * k, status="drifting_hulk") for k in range(3)]
    st = state([ship("l", "lunar", 300, 500), ship("m", "murder", 1500, 1100)] + hulks)
    shots = [a for a in enumerate_actions(RULESET, st, "imperial", None) if isinstance(a, Fire)]
    assert HULK_SHOTS_PER_SHIP == 2
    assert [a.target for a in shots] == ["h0", "h1"] and {a.weapon for a in shots} == {3}
    assert all(RULESET.check(st, a).ok for a in shots)


def test_candidates__cap_reach_is_the_fighters_launch_move_to_contact():
    """core 1.9: fighters move 30 cm; contact is base plus marker radius (16 + 12.5 mm)."""
    assert cap_reach_mm(ship("l", "lunar", 0, 0)) == pytest.approx(300 + 16 + 12.5)


# -- the default agent ----------------------------------------------------------------------------

def test_agent__launches_bombers_then_its_fighters_into_their_wave():
    """core 1.9: with both bays loaded and the Murder 55 cm away (within the
    bombers' 60 cm before they run out), the Dictator launches bombers and its
    fighters join that wave as escorts instead of flying free."""
    st = state([ship("d", "dictator", 300, 500), ship("m", "murder", 850, 500, heading=180)])
    chosen = _agent_turn(st)
    launches = [a for a in chosen if isinstance(a, Launch) and a.craft != "torpedo"]
    assert [(a.craft, a.target) for a in launches] == [("bomber", "m"), ("fighter", None)]
    bomber_id = next(o.id for o in st.ordnance if o.kind == "bomber")
    assert launches[1].wave == bomber_id
    assert {(o.kind, o.wave) for o in st.ordnance if o.kind != "torpedo"} == {("bomber", bomber_id), ("fighter", bomber_id)}


def test_agent__keeps_bombers_when_no_target_is_in_reach():
    """Bombers 20 cm a move for three moves: a Murder 100 cm off is out of reach, so the bays stay loaded."""
    st = state([ship("d", "dictator", 300, 500), ship("m", "murder", 1300, 500, heading=180)])
    chosen = _agent_turn(st)
    assert not any(isinstance(a, Launch) and a.craft != "torpedo" for a in chosen)
    assert st.ships["d"].bays_loaded


def test_agent__flies_cap_over_the_lunar_a_salvo_is_heading_for_and_it_stops_the_salvo():
    """core 1.9: a Strength 6 Chaos salvo runs at the Lunar; no enemy ship is in
    bomber reach, so the Dictator's fighters go on CAP with the Lunar (not with
    itself, not free); in the ordnance phase the salvo meets them: the salvo
    and one fighter are removed and the Lunar takes no damage."""
    st = state([ship("d", "dictator", 300, 500), ship("l", "lunar", 300, 650),
                ship("m", "murder", 1700, 1100, heading=180)],
               ordnance=[Ordnance(id=9, side="chaos", kind="torpedo", x=600, y=650, heading=180, strength=6,
                                  launcher="m", phases=1, moved_this_turn=False)])
    a = ai.FleetAgent(random.Random(3)).choose(RULESET, st, "imperial")
    assert (a.ship, a.craft, a.target, a.wave) == ("d", "fighter", "l", None) and RULESET.check(st, a).ok
    play(st, a)
    cap = next(o for o in st.ordnance if o.kind == "fighter")
    assert cap.target == "l" and cap.strength == 2
    play(st, EndPhase(side="imperial"))
    assert st.phase == "ordnance" and st.active == RULES_SIDE
    play(st, RulesStep(side=RULES_SIDE))
    assert [(o.kind, o.strength) for o in st.ordnance] == [("fighter", 1)]
    assert st.ships["l"].damage == 0


def test_agent__fires_at_a_hulk_only_when_its_blast_would_catch_enemies():
    """core 1.8: three Iconoclasts (1 shield) sit 7 cm from a Murder hulk, out
    of the Lunar's 30 cm guns: a hit on the hulk rolls again on the
    catastrophic table (plasma drive overload 9-11, warp implosion 12, blast
    3D6 cm) and is worth firing at; with Imperial Swords there instead it is not."""
    foes = [ship("c1", "iconoclast", 300, 860, heading=180), ship("c2", "iconoclast", 360, 830, heading=180),
            ship("c3", "iconoclast", 240, 830, heading=180)]
    hulk = ship("h", "murder", 300, 790, status="drifting_hulk")
    st = state([ship("l", "lunar", 300, 500), hulk] + foes)
    n = catastrophe_numbers(st, st.ships["h"])
    assert n["p_blast"] == pytest.approx(10 / 36) and set(n["hits"]) == {"c1", "c2", "c3"}
    a = ai.FleetAgent(random.Random(2)).choose(RULESET, st, "imperial")
    assert a == Fire(side="imperial", ship="l", weapon=3, target="h") and RULESET.check(st, a).ok
    friends = state([ship("l", "lunar", 300, 500), hulk] + [f.model_copy(update={"side": "imperial", "profile": "sword"})
                                                             for f in foes] + [ship("m", "murder", 1700, 1100)])
    assert ai.FleetAgent(random.Random(2)).choose(RULESET, friends, "imperial") == EndPhase(side="imperial")


def test_agent__declares_boarding_on_the_crippled_enemy_not_the_nearest():
    """core 1.10: astern of the Lunar (where none of its weapons bear) a fresh
    Murder touches it 30.5 mm away (stem to stem) and a crippled one 31.5 mm away;
    undeclared, the nearer fresh one would be boarded, so the agent declares
    the crippled one (worth more: +2 for crippled, its lower boarding value)."""
    import math
    fresh = ship("m1", "murder", 500 + 30.5 * math.cos(math.radians(140)), 500 + 30.5 * math.sin(math.radians(140)))
    weak = ship("m2", "murder", 500 + 31.5 * math.cos(math.radians(220)), 500 + 31.5 * math.sin(math.radians(220)), damage=5)
    st = state([ship("l", "lunar", 500, 500), fresh, weak])
    boards = [a for a in _agent_turn(st) if isinstance(a, Board)]
    assert boards == [Board(side="imperial", ship="l", target="m2")]
    assert st.assaults == {"l": "m2"}


# -- display --------------------------------------------------------------------------------------

def test_display__cap_on_a_friendly_ship_and_in_the_own_bar():
    """A Dictator aimed at a friendly Lunar offers its fighters on CAP with it
    (legal, labelled, previewed up to contact); as the app selects a friendly
    ship that is clicked, its own bar offers CAP with itself and the Lunar too."""
    st = _carrier_position()
    acts = RULESET.figure_actions(st, "imperial", "d", "l")
    assert acts[:2] == [Launch(side="imperial", ship="d", weapon=w, craft="fighter", target="l") for w in (0, 1)]
    assert all(RULESET.check(st, a).ok for a in acts)
    assert describe_action(acts[0]) == "Fighters on CAP with l"
    pv = RULESET.preview(st, acts[0])
    assert pv["touches"] == ["l"] and pv["path"][-1] == pytest.approx((300.0, 650.0 - 16 - 12.5))
    assert any("CAP with the Lunar class cruiser" in t for t in pv["text"])
    own = RULESET.figure_actions(st, "imperial", "d", None)
    caps = [(a.weapon, a.target) for a in own if isinstance(a, Launch) and a.target is not None]
    assert caps == [(0, "d"), (0, "l")]  # the first fighter bay, nearest first; s is beyond the launch move
    assert own[-1] == EndPhase(side="imperial") and len(own) <= 8  # the app's bar shows 8 buttons
    assert all(RULESET.check(st, a).ok for a in own)


def test_display__joining_a_wave_from_its_marker_and_the_own_bar():
    """After the bombers launch, a click on their marker (or the ship's own bar)
    offers each craft of the other bay into that wave, labelled and previewed."""
    st = _carrier_position()
    play(st, Launch(side="imperial", ship="d", weapon=0, craft="bomber", target="m"))
    (lead,) = st.ordnance
    acts = RULESET.figure_actions(st, "imperial", "d", f"o{lead.id}")
    assert acts == [Launch(side="imperial", ship="d", weapon=1, craft=c, wave=lead.id) for c in ("fighter", "bomber")]
    assert all(RULESET.check(st, a).ok for a in acts)
    assert describe_action(acts[0], st) == "Fighters join the wave of bomber squadron of the Dictator class cruiser"
    pv = RULESET.preview(st, acts[0])
    assert pv["touches"] == ["m"] and pv["cost"].startswith("20 cm")
    assert any("adds 1 attack" in t for t in pv["text"])
    own = RULESET.figure_actions(st, "imperial", "d", None)
    assert acts[0] in own and own[-1] == EndPhase(side="imperial")


def test_display__fire_at_hulks_of_either_fleet():
    """A click on a hulk, enemy or friendly, offers the guns that can hit it,
    the preview naming the new catastrophic roll and who its blast could reach."""
    st = _carrier_position()
    st.ships["h2"] = ship("h2", "lunar", 380, 800, status="blazing_hulk")
    for hid in ("h", "h2"):
        acts = RULESET.figure_actions(st, "imperial", "l", hid)
        assert acts and all(isinstance(a, Fire) and a.target == hid for a in acts)
        assert all(RULESET.check(st, a).ok for a in acts)
    acts = RULESET.figure_actions(st, "imperial", "l", "h")
    assert {a.weapon for a in acts} == {1, 3}  # starboard lances and batteries; port guns do not bear
    expected = [RULESET.preview(st, a)["odds"] for a in acts]
    pv = RULESET.preview(st, acts[0])
    assert any(t.startswith("the hulk of the Murder class cruiser 1: a hit makes one new catastrophic roll for this "
                            "ship's fire (28%") for t in pv["text"])
    assert pv["touches"] == [] and "no ship is near enough to be caught by a blast" in pv["text"]  # 18.4 cm > 3D6 cm
    pv2 = RULESET.preview(st, RULESET.figure_actions(st, "imperial", "l", "h2")[0])
    assert pv2["touches"] == ["l"]  # 15.4 cm from h2's stem to l's base: a 16+ on 3D6 reaches it
    weapon = profile("lunar").weapons[acts[0].weapon].name
    assert describe_action(acts[0], st) == f"Fire {weapon} at Murder class cruiser 1" and all(0 < x < 1 for x in expected)
