"""The WW2 sides are named by adjectives ("British", "German"); where a side
is the subject of a sentence a player reads it as a plural noun with a
plural verb: "The Germans win priority", "the British keep one of their two
missions" (they read "German wins priority", "British keeps one of its two
missions", "British's command cache"). Pre-Battle: Priority, Missions;
Squad Weapons (the owner chooses the weapon lost); Sequence of Play."""

from __future__ import annotations

from game.core.logtext import event_line
from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish.display.panel import side_panel
from game.rulesets.ww2_skirmish.rules.common import lose_weapon, side_says
from game.rulesets.ww2_skirmish.rules.setup import resolve_keep, resolve_role, resolve_start
from game.rulesets.ww2_skirmish.turn import end_sequence

from .helpers import battle, emitter

SIDES = {"red": "British", "blue": "German"}
SGT = ("r1", "british_sergeant", 600, 1000, 270)
FAR = ("b1", "german_feldwebel", 600, 100, 90)


def lines(events) -> list[str]:
    return [event_line(RULESET, e, SIDES) for e in events]


def test_side_says__plural_noun_and_verb():
    s = battle([SGT], [FAR])
    assert side_says(s, "blue", "wins", "priority") == "the Germans win priority"
    assert side_says(s, "red", "keeps", "one of its two missions") == "the British keep one of their two missions"
    assert side_says(s, "red", "has", "no mission left") == "the British have no mission left"
    s.side_names = {}  # a state saved before sides had names: the id, singular, as before
    assert side_says(s, "red", "wins", "priority") == "red wins priority"


def test_priority_role_and_missions__read_as_plural_nouns():
    s = battle([SGT], [FAR])
    s.stage = "start"
    for h in s.hands.values():
        h.kept, h.backup, h.drawn = None, None, ["demolition", "bite_and_hold"]
    em = emitter(s, [1, 4] + [3] * 10)
    resolve_start(em)
    got = lines(em.events)
    assert got[:3] == ["The British roll for priority: D6 roll 1", "The Germans roll for priority: D6 roll 4",
                       "The Germans win priority and choose offence or defence"], got
    em = emitter(em.s, [])
    resolve_role(em, "blue", "offence")
    resolve_keep(em, "red", "demolition")
    got = lines(em.events)
    assert "The Germans take the offence, the British the defence" in got, got
    assert "The British keep one of their two missions, hidden, and hold the other back" in got, got
    assert not any("'s " in t or "British keeps" in t or "German " in t for t in got), got


def test_weapon_lost__the_owner_chooses_which():
    """Squad Weapons: a squad with two kinds of weapon left loses one of the owner's choice."""
    s = battle([("r1", "british_rifle_section", 600, 1000, 270)], [FAR])
    u = s.units["r1"]
    assert len([w for w, k in u.weapons.items() if k > 0]) > 1, u.weapons
    em = emitter(s, [])
    lose_weapon(em, u)
    assert lines(em.events) == [f"The British choose which weapon {u.name} loses with the model"]


def test_activation_end__plural_side_and_their_carry_over():
    s = battle([SGT], [FAR])
    s.cache = {"red": 1, "blue": 5}
    em = emitter(s, [3] * 10)
    end_sequence(em)
    assert "The British end their activation, carrying 1 action over" in lines(em.events), lines(em.events)


def test_side_panel__the_other_mission_by_adjective():
    """The panel names a side's things with the side as an adjective: "The German mission: hidden"."""
    from game.core.logtext import name_sides

    s = battle([SGT], [FAR])
    panel = [name_sides(t, SIDES) for t in side_panel(RULESET.view(s, "red"), "red")]
    assert "The German mission: hidden" in panel, panel
    assert panel[0].startswith("The British command cache: "), panel
    assert not any("British's" in t or "German's" in t for t in panel), panel
