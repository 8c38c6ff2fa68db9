"""The turn (ww2_skirmish.txt: Activation Phase; Battlefield Conditions; Missions).

A turn is one activation of each side, the offence first (ours). In its
activation a side's command cache is refilled (:mod:`.rules.activation`),
then it takes control of up to 3 units, each doing up to 2 actions, and
ends it when it chooses, carrying the rest of the cache over.

At the end of a side's activation its mechs' heat changes: a mech that
acted gains a heat token, one that did not loses one; at 3 tokens it must
cool down (an advanced action, its only one) the next turn. A mech that
cooled down gains none.

At the end of the turn: mission checks, the conditions' countdown; after the
last turn the missions are judged and the battle ends.
"""

from __future__ import annotations

from game.core.logtext import plural
from game.core.ruleset import RULES_SIDE

from .catalogue import DATA, T
from .events import StateSet, TurnBegan
from .rules import conditions, missions
from .rules.activation import income, new_cache
from .rules.common import Emitter, side_says
from .state import WWState


def active_side(s: WWState) -> str | None:
    """The side to act: the first awaited decision's, else by stage."""
    if s.over:
        return None
    if s.pending:
        return s.pending[0].side
    if s.stage == "start":
        return RULES_SIDE
    if s.stage == "role":
        return s.priority
    if s.stage == "missions":
        for side in (s.offence, s.defence):
            if side and s.hands[side].kept is None and s.hands[side].drawn:
                return side
        return RULES_SIDE
    if s.stage == "deploy":
        return s.deploy_next
    if s.stage == "battle":
        return s.seq_side
    return None


def begin_turn(em: Emitter, turn: int) -> None:
    """A new turn: reveals by turn, then the offence's activation."""
    em.emit(TurnBegan(turn=turn, phase=f"activation, turn {turn} of {em.s.turn_limit}", side=em.s.offence,
                      text=f"Turn {turn} of {em.s.turn_limit} begins: {side_says(em.s, em.s.offence, 'acts', 'first')}"))
    missions.turn_start(em)
    begin_sequence(em, em.s.offence)


def begin_sequence(em: Emitter, side: str) -> None:
    """The side's activation begins: its cache is refilled (carried + income, at most 5)."""
    s = em.s
    carried = s.cache.get(side, 0)
    inc, bonus = income(s, side)
    cache = new_cache(carried, inc)
    lost = carried + inc - cache
    text = (f"The {side} activation: command cache {carried} carried over + {inc} "
            f"({T.cache.base}{f' + {bonus} for Rank units' if bonus else ''}) = {cache}"
            + (f" ({lost} over the limit of {T.cache.max} lost)" if lost else ""))
    em.emit(StateSet(fields={"seq_side": side, "seq_count": s.seq_count + 1, "seq_started": False, "activated": [],
                             "slots": {}, "free_used": [], "one_action": [], "cooled": [],
                             "cache": {**s.cache, side: cache}, "carried": {**s.carried, side: carried}},
                     text=text))


def end_sequence(em: Emitter) -> None:
    """The side ends its activation: heat, carry-over, then the next activation or the turn's end."""
    s = em.s
    side = s.seq_side
    for u in s.units_of(side):
        if not DATA.units[u.profile].mech:
            continue
        if u.id in s.cooled:
            continue
        if u.id in s.activated:
            heat = u.heat + 1
            must = heat >= int(T.heat.max)
            em.set_unit(u, f"{u.name} gains a heat token ({heat})" + (": it must cool down next turn" if must else ""),
                        heat=heat, cooldown=must or u.cooldown)
        elif u.heat > 0:
            em.set_unit(u, f"{u.name} sheds a heat token ({u.heat - 1})", heat=u.heat - 1,
                        cooldown=u.cooldown and u.heat - 1 >= int(T.heat.max))
    left = em.s.cache.get(side, 0)
    em.emit(StateSet(fields={"seq_side": None, "activated": [], "slots": {}},
                     text=side_says(em.s, side, "ends", f"its activation, carrying {plural(left, 'action')} over")))
    if em.s.seq_count < 2:
        begin_sequence(em, em.s.enemy_of(side))
    else:
        end_turn(em)


def end_turn(em: Emitter) -> None:
    """The end of a turn (see the module notes)."""
    missions.turn_end(em)
    conditions.turn_end(em)
    s = em.s
    if s.turn >= s.turn_limit:
        em.emit(StateSet(fields={"final": True, "stage": "over"}, text=f"the last turn ({s.turn}) is over"))
        missions.final_judgement(em)
        return
    begin_turn(em, s.turn + 1)
