"""Battlefield conditions (ww2_skirmish.txt: Battlefield Conditions).

A D6 on the table (1 Fog, 2 Rain, 3-4 Clear, 5 Frost, 6 Flood) for D3 + 3
turns; when they run out the battlefield changes: a new roll (ours). The
effects live where they act: Fog in :mod:`..sight` (-1 to hit beyond 12"),
Rain and Flood in :mod:`.movement` (-1"; -2" into a trench, then a D6: on
4+ one action only), Frost in :mod:`..sight` (trenches give no cover).
"""

from __future__ import annotations

from game.core.logtext import plural

from ..catalogue import T, condition_result
from ..events import StateSet
from .common import Emitter

WORDS = {"fog": "Fog: -1 to hit beyond 12\"", "rain": "Rain: -1\" to movement", "clear": "Clear: no modifiers",
         "frost": "Frost: trenches give no cover", "flood": "Flood: -2\" entering a trench, then a D6: on 4+ one action only"}

#: each condition as a noun, for "the flood passes", "the clear weather lasts 2 more turns"
NOUNS = {"fog": "fog", "rain": "rain", "clear": "clear weather", "frost": "frost", "flood": "flood"}


def roll_condition(em: Emitter, why: str) -> None:
    """Roll the condition and its duration (D3 + 3 turns)."""
    r = em.roll("d6", f"battlefield conditions ({why})")
    cond = condition_result(r.natural)
    d = em.roll(str(T.conditions.duration), "how many turns the conditions last", mods=(("", int(T.conditions.duration_plus)),))
    em.emit(StateSet(fields={"condition": cond, "condition_left": d.total},
                     text=f"the battlefield: {WORDS[cond]}, for {plural(d.total, 'turn')}"))


def turn_end(em: Emitter) -> None:
    """A turn of the conditions has passed; when none is left, roll again."""
    left = em.s.condition_left - 1
    noun = NOUNS.get(em.s.condition, em.s.condition)
    if left <= 0:
        em.emit(StateSet(fields={"condition_left": 0}, text=f"the {noun} passes"))
        roll_condition(em, "the last ran out")
    else:
        em.emit(StateSet(fields={"condition_left": left}, text=f"the {noun} lasts {plural(left, 'more turn')}"))
