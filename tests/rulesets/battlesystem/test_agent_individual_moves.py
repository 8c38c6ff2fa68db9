"""The agent moves an individual only by a move that goes somewhere as the action carries it
(Battlesystem [9.1]: individuals move on their own; a move stopped at once by a friend's base
would be legal, change nothing and be chosen again for ever)."""

from __future__ import annotations

from game.rulesets.battlesystem.ai.agent import clear_move
from game.rulesets.battlesystem.rules.movement import plan_individual

from .helpers import make_state, person, unit


def test_a_move_blocked_once_rounded_is_not_chosen():
    """Ulgrim beside Vorlag (the positions of a barrow downs game that never ended): towards the
    exact point he would go 69.8 mm, towards the point rounded to 0.01 mm, as the action
    carries it, Vorlag's base stops him at once; the agent does not choose that move, and
    chooses one that goes clear."""
    s = make_state(person("ulgrim", "b", "dark_priest", 646.2, 394.62, 112.80119291328138, "army"),
                   person("vorlag", "b", "necromancer", 654.7606123034958, 384.30906170246465, 115.49976998000345, "hero"),
                   unit("e", "a", "valmark_spears", 300, 1000, 270, 4, files=4))
    c = s.chars["ulgrim"]
    assert round(plan_individual(s, c, 619.1393290699154, 458.98530916698604).length, 1) == 69.8
    assert plan_individual(s, c, 619.14, 458.99).length == 0.0
    assert clear_move(s, c, 619.1393290699154, 458.98530916698604) is None
    a = clear_move(s, c, 629.9635974419493, 433.23918550019164)
    assert a is not None and (a.x, a.y) == (629.96, 433.24)
