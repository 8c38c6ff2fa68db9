"""Motivation (Foxhole, Game Sequence - Motivation; Elements - Motivation).

An element used to move makes a command roll: 1D6 plus its motivation, +1
for each command point the commander adds, -1 if it is suppressed, -2 at
reduced strength and -2 when it is asked to move into, or further into,
open ground; the modifiers together are at most +4. The total gives:

* below 0: it fades away;
* 0 to 4: defensive (it may move only if it gets no closer to any known enemy);
* 5 to 8: it may advance, and its suppression is removed;
* above 8: it must advance, and its suppression is removed.

A mob starts at motivation 3 and loses 1 each time its roll gives no advance.
Non-combatants are not under command (ours): they move without a roll.
"""

from __future__ import annotations

from game.core.event import Target

from .. import events as E
from ..state import Element, FoxState, Result
from .common import Emitter, public_name
from ..tables import TABLES

MR = TABLES.motivation_roll
NAMES = {3: "gung-ho", 2: "normal", 1: "uneasy", 0: "no motivation"}


def motivation_label(e: Element) -> str:
    """``"gung-ho"``, ``"normal"``, ``"uneasy"`` or ``"mob, now 2"``."""
    if e.mob:
        return f"mob {e.motivation}"
    return NAMES.get(e.motivation, f"motivation {e.motivation}")


def roll_modifiers(e: Element, cp: int, into_open: bool) -> list[tuple[str, int]]:
    """The labelled modifiers of ``e``'s motivation roll, the +4 cap applied
    as its own labelled modifier (Motivation - Modifiers)."""
    mods: list[tuple[str, int]] = []
    if e.motivation:
        mods.append((motivation_label(e), e.motivation))
    if cp:
        mods.append((f"{cp} command point{'s' if cp != 1 else ''}", cp * MR.per_command_point))
    if e.suppressed:
        mods.append(("suppressed", MR.suppressed))
    if e.reduced:
        mods.append(("reduced strength", MR.reduced))
    if into_open:
        mods.append(("into open ground", MR.into_open))
    total = sum(v for _, v in mods)
    if total > MR.cap:
        mods.append((f"at most +{MR.cap}", MR.cap - total))
    return mods


def modifier_total(e: Element, cp: int, into_open: bool) -> int:
    """The sum of :func:`roll_modifiers` (at most +4)."""
    return sum(v for _, v in roll_modifiers(e, cp, into_open))


def band(total: int) -> Result:
    """The result of a motivation total (Motivation - Results)."""
    if total < 0:
        return "fade"
    if total < MR.may_advance_from:
        return "defensive"
    if total < MR.must_advance_from:
        return "may"
    return "must"


RESULT_WORDS = {"fade": "fades away", "defensive": "is defensive (no closer to any known enemy)",
                "may": "may advance", "must": "must advance"}


def chances(e: Element, cp: int, into_open: bool) -> dict[str, float]:
    """The chance of each result (sixths of a D6) for the AI and the previews."""
    m = modifier_total(e, cp, into_open)
    out = {"fade": 0.0, "defensive": 0.0, "may": 0.0, "must": 0.0}
    for face in range(1, 7):
        out[band(face + m)] += 1 / 6
    return out


def resolve_roll(em: Emitter, e: Element, cp: int, into_open: bool, assault: bool = False) -> Result:
    """Make ``e``'s motivation roll (or its free move for non-combatants);
    emit the roll, the result, the mob's fall and a fade. Returns the result."""
    s: FoxState = em.s
    secret = e.unrevealed
    if e.kind == "non_combatant":
        em.emit(E.Motivated(element=e.id, name=e.name, side=e.side, result="may", total=0, free=True,
                            private=e.side if secret else None))
        return "may"
    mods = roll_modifiers(e, cp, into_open)
    target = Target(label="may advance at", base=MR.may_advance_from, words=("advances", "no advance"))
    what = "close assault" if assault else "motivation"
    r = em.roll(MR.die, f"{what} roll of {e.name if secret else public_name(e)}", mods, e.side, target, secret=secret)
    result = band(r.total)
    em.emit(E.Motivated(element=e.id, name=e.name if secret else public_name(e), side=e.side, result=result,
                        total=r.total, cp=cp, into_open=into_open, private=e.side if secret else None))
    if e.mob and result in ("fade", "defensive"):
        new = max(TABLES.motivation.mob_floor, e.motivation - 1)
        if new != e.motivation:
            em.emit(E.MobFell(element=e.id, name=e.name if secret else public_name(e), motivation=new,
                              private=e.side if secret else None))
    if result == "fade":
        em.emit(E.Faded(element=e.id, name=public_name(s.elements[e.id])))
    return result
