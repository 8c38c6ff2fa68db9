"""Turn flow: Player phase (initiative activation, co-op alternation), SITREP phase,
Clear phase (Battlespace: Turn Phases)."""

from __future__ import annotations

import math

from game.core.event import PhaseBegan, Target
from game.core.ruleset import RULES_SIDE

from . import actions as A
from .data import data
from .events import Activated, ActivationEnded, Changed, Handover, PhaseFlags, Removed, SmokeCleared, TurnCleared, Wounded
from .geo import R, fits_card
from .names import display_name as nm
from .rules.combat import melee
from .rules.common import Emitter, has_gear, release_dragged, soldier_roll_mods
from .rules.enemy import activate, groups
from .rules.missions import clear_check
from .rules.orders import enemy_contact
from .rules.sitrep import draw
from .state import BSState, Fig



def can_attempt(s: BSState, f: Fig) -> bool:
    return f.kind == "soldier" and f.status == "ok" and not f.activated


def cohesion(s: BSState, f: Fig) -> bool:
    """Battlespace: Cohesion: every able soldier of ``f``'s fireteam stands within one
    card area (63 x 88 mm). Downed soldiers contribute to no modifier (Man Down) and
    soldiers gone by exfil are off the table, so they do not count; the last able
    soldier of a team is within one card area by himself (ours, the text read as
    written)."""
    team = [o for o in s.figs.values() if o.side == f.side and o.kind == "soldier" and o.status == "ok"]
    return bool(team) and fits_card([(o.x, o.y) for o in team])


def initiative_mods(s: BSState, f: Fig) -> list[tuple[str, int]]:
    """Cohesion +1, team leader within 88 mm +1 (ours), night -1, 3rd wound -1, suppression -2."""
    mods = []
    if cohesion(s, f):
        mods.append(("cohesion", data().tables.modifiers["cohesion"]))
    for o in s.figs.values():
        gid = has_gear(o, "leader") if o.side == f.side and o.status == "ok" and o.id != f.id else None
        if gid and math.hypot(o.x - f.x, o.y - f.y) - 2 * R <= data().gear[gid].radius_mm:
            mods.append(("team leader", data().gear[gid].bonus))
            break
    return mods + soldier_roll_mods(s, f, initiative=True)


def initiative_target(f: Fig) -> Target:
    """Battlespace: Initiative: the soldier's card Initiative, met or beaten on the D20 to activate."""
    return Target(label="Initiative", base=data().soldiers[f.card].initiative, words=("activates", "fails"))


def attempt(em: Emitter, f: Fig) -> None:
    """One soldier's initiative attempt (Battlespace: Player Phase): hand to hand
    first if he is in base contact with an enemy (Hand to Hand Combat: again at each
    activation); then D20 >= his Initiative activates him with 2 orders (3 on a
    natural 20); a failure draws a SITREP card at once and leaves him one move order."""
    foes = enemy_contact(em.s, f)
    if foes:
        melee(em, f, min(foes, key=lambda e: e.id))
        if em.s.figs[f.id].status != "ok":
            em.emit(Changed(unit=f.id, changes={"activated": True}))
            return
    f = em.s.figs[f.id]
    need = initiative_target(f)
    r = em.roll("d20", f"initiative of {nm(f)}", initiative_mods(em.s, f), f.side, need)
    if r.passed:
        extra = r.natural == 20
        em.emit(Activated(unit=f.id, orders=data().tables.orders_on_natural_20 if extra else data().tables.orders_per_activation))
    else:
        draw(em, f"{nm(f)} failed the initiative roll")
        f = em.s.figs[f.id]
        if f.status == "ok":
            em.emit(Activated(unit=f.id, orders=1, move_only=True))
        else:
            em.emit(Changed(unit=f.id, changes={"activated": True}))


def resolve_activate(em: Emitter, a: A.Activate) -> None:
    """The fireteam attempts to activate soldier ``a.unit`` (:func:`attempt`)."""
    f = em.s.figs[a.unit]
    attempt(em, f)
    if em.s.current is None:
        handover(em, f.side)


def end_activation(em: Emitter, unit: str) -> None:
    f = em.s.figs[unit]
    release_dragged(em, f)
    if em.s.current == unit:
        em.emit(ActivationEnded(unit=unit))
    handover(em, f.side)


def handover(em: Emitter, side: str) -> None:
    """After an activation: the other fireteam if it has soldiers to activate (co-op
    alternation), else the same one, else the SITREP phase."""
    s = em.s
    if s.current is not None:
        return
    teams = s.teams
    i = teams.index(side) if side in teams else 0
    order = teams[i + 1:] + teams[: i + 1]
    for t in order:
        if any(can_attempt(s, f) for f in s.figs.values() if f.side == t):
            if t != s.active:
                em.emit(Handover(active=t, phase="player"))
            return
    em.emit(Handover(active=RULES_SIDE, phase="sitrep"))


def waiting(s: BSState, side: str) -> list[Fig]:
    """The soldiers of ``side`` who have not attempted initiative this turn and can."""
    return [f for f in s.figs.values() if f.side == side and can_attempt(s, f)]


def resolve_end_phase(em: Emitter, side: str) -> None:
    """Battlespace: Player Phase: the phase ends once an initiative roll has been
    attempted for every soldier. Ending it, each able soldier of ``side`` who has
    not attempted yet attempts now, in turn (:func:`attempt`: a failure draws a
    SITREP card), and is issued no orders (a soldier may be given "up to" two)."""
    for f in waiting(em.s, side):
        f = em.s.figs[f.id]
        if not can_attempt(em.s, f):
            continue
        attempt(em, f)
        if em.s.current == f.id:
            em.emit(ActivationEnded(unit=f.id))
    handover(em, side)


def resolve_sitrep(em: Emitter) -> None:
    """Draw a SITREP card and resolve it; then every enemy the card did not activate acts.

    Battlespace: Sitrep Phase: only the card drawn in this phase counts, so an enemy
    a card activated during the Player phase (a failed initiative) acts again now.
    A hold or rush drawn in the Player phase carries into this phase."""
    for f in list(em.s.figs.values()):
        if f.side == "enemy" and f.status == "ok" and f.activated:
            em.emit(Changed(unit=f.id, changes={"activated": False}))
    # "Enemy regroups" / "Enemy rush" drawn on a failed initiative in this turn's Player
    # phase (no enemy activates there) hold / rush this SITREP phase (ours; flags end at Clear)
    em.emit(PhaseFlags(hold=em.s.hold, rush=em.s.rush, targeted=[], start=True))
    draw(em, "it is the SITREP phase")
    if not em.s.hold:
        for ids in groups(em.s):
            activate(em, ids, rush=em.s.rush)
    else:
        em.log("the enemy holds this phase")
    em.emit(Handover(active=RULES_SIDE, phase="clear"))


def resolve_clear(em: Emitter) -> None:
    """Clear phase: objectives and failure conditions, bleeding out, markers and durations."""
    s = em.s
    if s.bleeding_out:
        for f in list(s.figs.values()):
            if f.kind == "soldier" and f.status == "down" and s.turn - f.down_turn >= data().tables.bleed_out_turns:
                em.emit(Wounded(unit=f.id, amount=0, total=f.wounds, status="kia"))
                em.log(f"{nm(f)} bled out")
    clear_check(em)
    if em.s.result is not None:
        return
    for sm in list(em.s.smoke):
        if sm.until_turn <= s.turn:
            em.emit(SmokeCleared(id=sm.id))
    em.emit(TurnCleared(turn=s.turn + 1))
    em.emit(PhaseBegan(turn=s.turn + 1, phase="player", side=_first_team(em.s)))


def _first_team(s: BSState) -> str:
    for t in s.teams:
        if any(can_attempt(s, f) for f in s.figs.values() if f.side == t):
            return t
    return s.teams[0]


__all__ = ["resolve_activate", "end_activation", "resolve_end_phase", "resolve_sitrep", "resolve_clear",
           "can_attempt", "handover", "Removed"]
