"""The game sequence (Foxhole, Game Sequence; Turn Sequence; End Game).

A game turn is a turn of each side, the attacker first unless the scenario
has the defender making programmed moves first. A side's turn:

1. the commander's command points: one die, spent on motivation rolls this
   turn (ours: unspent points are lost at the turn's end);
2. insertion arrival rolls and arrivals, and off-board dice and strikes
   (ours: at the start of the side's turn);
3. close assaults, when any element could make one (Close Assaults: at the
   beginning of the turn);
4. every element is used, one at a time, in any order: it holds (no roll),
   or rolls for motivation and then moves (or stays); it then takes fire
   from every enemy capable of firing on it;
5. the end: the attacker loses the initiative (and the battle) if all its
   elements are suppressed or none of them would advance this turn.

The battle is won at once by the attacker when its mission's objectives are
all achieved; the defender wins when the attacker loses the initiative,
has no element left, or the turn limit passes (ours: the mission has failed).
"""

from __future__ import annotations


from . import events as E
from .geo import grid_ref
from .rules import assault as AS
from .rules import insertion as INS
from .rules import missions as MI
from .rules import pioneers as PI
from .rules import support as SUP
from .rules.common import Emitter, public_name, yards_of
from .rules.fire import end_of_use_fire, resolve_attack
from .rules.hidden import sweep
from .rules.interrupt import interrupt_shot, interrupters
from .rules.movement import path_fraction, open_cut
from .state import FoxState, PendingMove
from .tables import TABLES


def second(s: FoxState) -> str:
    return s.enemy_of(s.first)


def unused(s: FoxState, side: str) -> list[str]:
    """Elements of ``side`` on the table still to be used this turn."""
    return [e.id for e in s.elements.values() if e.side == side and e.on_table and not e.used]


def decide(em: Emitter, winner: str | None, reason: str) -> None:
    if not em.s.decided:
        em.emit(E.Decided(winner=winner, reason=reason, who=em.s.side_name(winner)))


def begin_battle(em: Emitter) -> None:
    """Set-up done: the first side's first turn."""
    start_side_turn(em, em.s.first, turn=1)


def start_side_turn(em: Emitter, side: str, turn: int | None = None) -> None:
    s = em.s
    t = s.turn if turn is None else turn
    em.emit(E.Phase(turn=t, phase="command", side=side, who=em.s.side_name(side)))
    em.emit(E.TurnReset(side=side, who=s.side_name(side)))
    r = em.roll(TABLES.command.die, f"command points of the {s.side_name(side)} commander", side=side)
    em.emit(E.CommandPoints(side=side, points=r.total, who=s.side_name(side)))
    INS.turn_start(em, side)
    SUP.turn_start(em, side)
    sweep(em)
    MI.discover(em)
    if check_end(em):
        return
    if AS.any_assault(s, side):
        em.emit(E.Phase(turn=t, phase="assault", side=side, who=em.s.side_name(side)))
    else:
        em.emit(E.Phase(turn=t, phase="activation", side=side, who=em.s.side_name(side)))
        if not unused(s, side):
            end_side_turn(em, side)


def check_end(em: Emitter) -> bool:
    """The mission achieved, or the attacker with no element left: decide."""
    s = em.s
    if s.decided:
        return True
    if MI.mission_done(s):
        decide(em, s.attacker, "every objective of the attacker's mission achieved")
        return True
    left = [e for e in s.elements.values() if e.side == s.attacker and e.where in ("table", "reserve", "carried")
            and e.kind != "non_combatant"]
    if not left:
        decide(em, s.defender, "the attacker has no elements left")
        return True
    return False


def end_side_turn(em: Emitter, side: str) -> None:
    """The end of ``side``'s turn: the initiative check, then the next turn."""
    s = em.s
    if check_end(em):
        return
    mine = [e for e in s.elements.values() if e.side == s.attacker and e.on_table and e.combatant]
    if mine and all(e.suppressed for e in mine):
        decide(em, s.defender, "every attacking element is suppressed: the attack has lost the initiative")
        return
    if side == s.attacker and s.attacker not in s.advanced:
        decide(em, s.defender, "no attacking element would advance: the attack has lost the initiative")
        return
    if side == second(s):
        if s.turn >= s.turn_limit:
            decide(em, s.defender, f"the attacker did not achieve its mission by the end of turn {s.turn_limit}")
            return
        start_side_turn(em, s.first, turn=s.turn + 1)
    else:
        start_side_turn(em, second(s))


def finish_activation(em: Emitter, element_id: str, fire: bool = True, exclude: set[str] = frozenset()) -> None:
    """The element's use is over: spotting, the fire it takes, a pioneer's
    route, objectives found and taken; then the next element or the turn's end."""
    s = em.s
    side = s.elements[element_id].side
    sweep(em)
    if fire:
        end_of_use_fire(em, element_id, exclude)
    sweep(em)
    PI.after_use(em, element_id)
    MI.discover(em)
    MI.achieve(em, element_id)
    end_without_fire(em, element_id)


def end_without_fire(em: Emitter, element_id: str) -> None:
    """The use of an element ends (one that has faded away or been destroyed
    ends here, taking no fire): then the next element or the turn's end."""
    s = em.s
    side = s.elements[element_id].side
    em.emit(E.ActivationEnded(element=element_id, name=public_name(s.elements[element_id])))
    if check_end(em):
        return
    if s.phase != "activation" or s.active != side:
        em.emit(E.Phase(turn=s.turn, phase="activation", side=side, who=em.s.side_name(side)))
    if not unused(s, side):
        end_side_turn(em, side)


def after_assault_move(em: Emitter, side: str) -> None:
    """After an assault move: end the turn if nothing is left to use."""
    s = em.s
    if check_end(em):
        return
    if not unused(s, side) and not any(a.attackers for a in s.assaults):
        end_side_turn(em, side)


def end_assaults(em: Emitter, side: str) -> None:
    """Close the assault step: fire at the assaulters, the assaults fought,
    then the rest of the turn."""
    s = em.s
    if s.assaults:
        AS.resolve_assaults(em)
        sweep(em)
        for rec in s.assaults:
            for a in rec.attackers:
                MI.achieve(em, a)
        MI.discover(em)
    if check_end(em):
        return
    em.emit(E.Phase(turn=s.turn, phase="activation", side=side, who=em.s.side_name(side)))
    if not unused(s, side):
        end_side_turn(em, side)


def start_move(em: Emitter, element_id: str, path: list, formation, heading, non_tactical: bool) -> None:
    """A move declared: cut at the edge of open ground, then either the other
    side's interrupt window or the move itself."""
    s = em.s
    e = s.elements[element_id]
    a = s.current
    pts = [(e.x, e.y)] + [tuple(p) for p in path]
    cut, stopped = open_cut(s, e, pts, a.into_open if a else False)
    frac, _ = path_fraction(s, e, cut, non_tactical)
    pending = PendingMove(element=e.id, path=cut, formation=formation, heading=heading, non_tactical=non_tactical,
                          stopped_at_open=stopped, fraction=frac)
    who = interrupters(s, e, cut) if len(cut) >= 2 else []
    if who:
        pending.eligible = who
        em.emit(E.PendingSet(pending=pending, names=tuple(public_name(s.elements[w]) for w in who)))
        em.emit(E.Phase(turn=s.turn, phase="interrupt", side=s.enemy_of(e.side), who=s.side_name(s.enemy_of(e.side))))
        return
    complete_move(em, pending, None)


def complete_move(em: Emitter, pending: PendingMove, interrupter: str | None) -> None:
    """The move, after the interrupt window (``interrupter``: the element that
    fired, or None)."""
    s = em.s
    e = s.elements[pending.element]
    side = e.side
    if s.pending is not None:
        em.emit(E.PendingSet(pending=None, names=(f"{public_name(s.elements[interrupter])} fires in the first half of the move"
                                                  if interrupter else "no interrupt fire",)))
    if s.phase != "activation" or s.active != side:
        em.emit(E.Phase(turn=s.turn, phase="activation", side=side, who=em.s.side_name(side)))
    cut = [tuple(p) for p in pending.path]
    if interrupter is not None:
        f = s.elements[interrupter]
        sh = interrupt_shot(s, f, e, cut)
        if sh is not None:
            result = resolve_attack(em, e.id, [sh], True, pending.non_tactical, "interrupt fire", at=sh.point)
            if result != "none":
                if s.elements[e.id].on_table:
                    em.emit(E.SentBack(element=e.id, name=public_name(e), x=cut[0][0], y=cut[0][1]))
                if s.elements[e.id].where != "destroyed":
                    finish_activation(em, e.id, exclude={interrupter})
                else:
                    end_without_fire(em, e.id)
                return
    moved_pts = cut[1:]
    length = sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in zip(cut[:-1], cut[1:]))
    em.emit(E.Moved(element=e.id, name=public_name(e), path=tuple(moved_pts), formation=pending.formation,
                    heading=pending.heading, non_tactical=pending.non_tactical, stopped_at_open=pending.stopped_at_open,
                    fraction=pending.fraction, yards=yards_of(length),
                    grid=grid_ref(*(cut[-1]), s.table)))
    if moved_pts:
        PI.close_if_moved(em, e.id)
    a = s.current
    if pending.stopped_at_open and a is not None and a.rolls < 2 and a.used_fraction < 1.0 - 1e-6:
        return  # it may roll again for the open ground, move on elsewhere, or stay
    finish_activation(em, e.id, exclude={interrupter} if interrupter else frozenset())
