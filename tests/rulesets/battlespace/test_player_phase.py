"""Battlespace: Player Phase - an initiative roll is attempted for every soldier
each turn (the phase cannot skip one), the default agent plays it so, the app
asks before ending the phase with soldiers left; a prone soldier who fails his
roll may stand to use his move; Cohesion for the last able soldier."""

from __future__ import annotations

from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.seats import seats_for
from game.core.dice import Dice
from game.core.engine import step
from game.core.event import DiceRolled
from game.core.session import Battle
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.geo import R
from game.rulesets.battlespace.turn import cohesion, initiative_mods

from .helpers import MAPS, battle, four

SIDE = "fireteam"


def _quiet_deck(s):
    """The top SITREP card says nothing happens (no dice of its own)."""
    s.deck = ["s12"] + [c for c in s.deck if c != "s12"]


def test_end_player_phase__each_soldier_left_rolls_initiative_and_a_failure_draws_a_card():
    """Battlespace: Player Phase: the phase is over once an initiative roll has been attempted for
    each soldier; ending it rolls for the three left (15, 3, 15: the failure draws the SITREP card)
    and gives them no orders."""
    s = battle(four(), [("e", "fighter", 457, 200, None)], features=())
    _quiet_deck(s)
    assert step(RULESET, s, A.Activate(side=SIDE, unit="s0"), Dice.scripted([15])).ok
    assert step(RULESET, s, A.EndActivation(side=SIDE, unit="s0"), Dice.scripted([])).ok
    r = step(RULESET, s, A.EndPlayerPhase(side=SIDE), Dice.scripted([15, 3, 15]))
    assert r.ok
    rolls = [e for e in r.events if isinstance(e, DiceRolled)]
    assert [e.purpose for e in rolls] == ["initiative of Cpl. Okafor", "initiative of Spc. Lindqvist", "initiative of Pfc. Tanaka"]
    assert [e.passed for e in rolls] == [True, False, True]
    assert [e.card for e in r.events if e.type == "bs_card_drawn"] == ["s12"]
    assert all(s.figs[u].activated and s.figs[u].orders == 0 for u in ("s1", "s2", "s3"))
    assert s.phase == "sitrep" and s.current is None


def test_end_player_phase__the_app_asks_first_and_names_who_is_left():
    """Ending the phase with soldiers not activated asks first (the ruleset's ``confirm``), naming
    them and saying what happens; with nobody left there is no question."""
    s = battle(four(), [("e", "fighter", 457, 200, None)], features=())
    q = RULESET.confirm(s, A.EndPlayerPhase(side=SIDE))
    assert q.startswith("Sgt. Reyes, Cpl. Okafor, Spc. Lindqvist, Pfc. Tanaka have not been activated")
    assert "rolls initiative" in q and "SITREP card" in q and "no orders" in q
    assert RULESET.confirm(s, A.Activate(side=SIDE, unit="s0")) is None
    text = RULESET.preview(s, A.EndPlayerPhase(side=SIDE))["text"][0]
    assert text.startswith("Sgt. Reyes, Cpl. Okafor") and "initiative rolled now" in text


def _player_phases(name: str, seed: int) -> dict[int, tuple[set, set]]:
    """Play bundled scenario ``name`` with the default agents; per turn, the soldiers able both
    when the fireteam's player phase began and when it ended, and those who rolled initiative."""
    rs, sc, m = open_scenario(MAPS / f"{name}.scenario.json")
    b = Battle(rs, sc, m, seed)
    Controller(b, seats_for(rs.sides(sc), {})).advance(max_actions=5000)
    s = rs.setup(sc, m, Dice(seed))

    def able() -> set:
        return {f.id for f in s.figs.values() if f.side == SIDE and f.kind == "soldier" and f.status == "ok"}

    names = {f.name: f.id for f in s.figs.values() if f.kind == "soldier"}
    turns: dict[int, tuple[set, set]] = {}
    start: set = able()
    for entry in b.history.entries:
        for ev in entry.events:
            was = s.phase
            if isinstance(ev, DiceRolled) and ev.purpose.startswith("initiative of "):
                turns.setdefault(s.turn, (set(), set()))[1].add(names[ev.purpose.removeprefix("initiative of ")])
            rs.apply(s, ev)
            if was == "player" and s.phase == "sitrep":
                turns.setdefault(s.turn, (set(), set()))[0].update(start & able())
            elif was != "player" and s.phase == "player":
                start = able()
    return turns


def test_default_agent__attempts_initiative_for_every_able_soldier_each_turn():
    """Battlespace: Player Phase, played by the default agent (Mission 2, seed 3: before, the last
    soldier standing was never rolled for and the mission was lost): every soldier able all
    through the player phase rolls initiative in it."""
    turns = _player_phases("mission2", 3)
    assert len(turns) >= 2
    for turn, (able, rolled) in turns.items():
        assert able <= rolled, (turn, able - rolled)


def test_failed_initiative__a_prone_soldier_stands_for_free_and_makes_his_move():
    """Battlespace: Player Phase (a failure leaves a move order) and Go Prone/Stand Up (a free
    order): ours, he may stand first, else the move he is left could never be made."""
    s = battle(four(), [("e", "fighter", 457, 200, None)], features=())
    _quiet_deck(s)
    s.figs["s0"].prone = True
    assert step(RULESET, s, A.Activate(side=SIDE, unit="s0"), Dice.scripted([2])).ok
    assert s.figs["s0"].move_only and s.figs["s0"].orders == 1
    assert not RULESET.check(s, A.Prone(side=SIDE, unit="s0")).ok  # nothing but the move and standing up
    assert step(RULESET, s, A.Prone(side=SIDE, unit="s0", stand=True), Dice.scripted([])).ok
    assert step(RULESET, s, A.Move(side=SIDE, unit="s0", x=457, y=540), Dice.scripted([])).ok
    assert (s.figs["s0"].x, s.figs["s0"].y, s.figs["s0"].prone) == (457, 540, False)


def test_cohesion__the_last_able_soldier_has_it_and_the_downed_do_not_count():
    """Battlespace: Cohesion (all the team's soldiers within one card area: +1 initiative); a
    downed soldier contributes to no modifier (Man Down). Ours: the last able soldier is within
    one card area by himself, so he has it."""
    s = battle(four(x=100, y=600), [], features=())
    s.figs["s0"].x = 600.0  # far from the others: no cohesion
    assert not cohesion(s, s.figs["s0"])
    for u in ("s1", "s2", "s3"):
        s.figs[u].status = "down"
    assert cohesion(s, s.figs["s0"]) and ("cohesion", 1) in initiative_mods(s, s.figs["s0"])
    s.figs["s1"].status = "ok"  # a second able soldier far away: none again
    assert not cohesion(s, s.figs["s0"])


def test_failed_initiative__a_soldier_at_the_exfil_edge_may_still_leave():
    """Battlespace: Player Phase (a failure leaves a move order) and Missions (move off the mission
    area via the exfil edge): ours, leaving by the edge is that move, so a soldier already touching
    it leaves even on a failed roll."""
    s = battle(four(x=457, y=914 - R), [("e", "fighter", 457, 200, None)], features=(), mission="m5_retreat")
    _quiet_deck(s)
    assert step(RULESET, s, A.Activate(side=SIDE, unit="s0"), Dice.scripted([2])).ok
    assert s.figs["s0"].move_only
    assert step(RULESET, s, A.Exfil(side=SIDE, unit="s0"), Dice.scripted([])).ok
    assert s.figs["s0"].status == "exfil"
