"""What happens as a side's step begins and ends, whether it has a choice in it, and the end
of the round ([1.7]) with the battle's result.

As a movement step begins ([7.0]): the side's units that touch an enemy are marked as engaged
([7.8]); the discipline checks of Table 7 are rolled ([4.6]: a mob or berserkers seeing an
enemy within charge range; any unit seeing a hated enemy within charge range); then the units
the rules move by themselves move: routs ([6.4], [7.15]), units out of control after a failed
discipline check ([4.6]) and mobs following their last order ([2.10]).
"""

from __future__ import annotations

import math

import numpy as np

from ..events import Ended, Sequenced
from ..formation import block_of
from ..profiles import DATA
from ..state import BSState, Step, Unit
from .command import can_reach_all, commanders_of
from .common import Emitter, mv_mm, profile, rating
from .contact import in_contact
from .words import says, their

M = DATA.tables.movement


def begin_step(em: Emitter, st: Step) -> None:
    """Mark the head step begun (its log line) and do what happens automatically as it begins."""
    if st.begun:
        return
    s = em.s
    queue = [st.model_copy(update={"begun": True})] + [x.model_copy() for x in s.queue[1:]]
    em.emit(Sequenced(phase=_phase_of(st.phase), queue=queue,
                      text=f"{s.side_names.get(st.side, st.side)}: {_label(st.phase)}"))
    if st.phase == "move":
        _begin_move(em, st.side)


def _phase_of(step_phase: str) -> str:
    return {"choose_first": "movement", "move": "movement", "pass_fire": "movement", "withdrawal": "movement"}.get(
        step_phase, step_phase)


def label(phase: str) -> str:
    """A phase or step's name as a player reads it."""
    return {"initiative": "initiative", "initial_missile": "initial missile fire", "rally": "rally",
            "choose_first": "movement (who moves first)", "move": "movement", "pass_fire": "pass-through fire",
            "withdrawal": "movement (follow a withdrawal?)", "missile": "missile fire", "artillery": "artillery",
            "melee": "melee", "end": "end of the round"}.get(phase, phase)


_label = label


def _begin_move(em: Emitter, side: str) -> None:
    from .morale import check_discipline
    s = em.s
    for u in sorted(s.living(side), key=lambda u: u.id):
        u = em.unit(u.id)
        eng = in_contact(em.s, u)
        if eng != u.engaged_start:
            em.change(u, f"{u.name} {says(u, 'begins')} {their(u)} move in base contact: it may only wrap around, withdraw or flee ([7.8])"
                      if eng else f"{u.name} {says(u, 'is')} free of the enemy", engaged_start=eng)
    # [4.6] Table 7 at the beginning of the movement phase
    for u in sorted(em.s.living(side), key=lambda u: u.id):
        u = em.unit(u.id)
        if u.status != "ok" or u.uncontrolled or in_contact(em.s, u):
            continue
        near = enemies_within_charge(em.s, u)
        if not near:
            continue
        hated = DATA.creatures[profile(u).creature].hated
        if u.kind in ("mob", "berserker"):
            check_discipline(em, u, f"sees {em.s.units[near[0]].name} within charge range")
        elif any(DATA.units[em.s.units[e].profile].creature in hated for e in near):
            e = next(e for e in near if DATA.units[em.s.units[e].profile].creature in hated)
            check_discipline(em, u, f"sees hated {em.s.units[e].name} within charge range")
    from .awe import awe_checks
    awe_checks(em, side)
    from .auto import auto_moves
    auto_moves(em, side)


def enemies_within_charge(s: BSState, u: Unit) -> list[str]:
    """Enemy units within ``u``'s charge range (1 1/2 moves; skirmishers' and individuals' is
    their move, [7.14]), nearest first, edge to edge."""
    from shapely.geometry import Polygon
    rng = mv_mm(u) * (1.0 if u.kind == "skirmish" else M.charge)
    me = Polygon(block_of(u).outline)
    out = []
    for e in s.enemies_of(u.side):
        if e.status != "ok" or e.figures == 0:
            continue
        d = me.distance(Polygon(block_of(e).outline))
        if d <= rng + 1e-9:
            out.append((d, e.id))
    return [i for _, i in sorted(out)]


def has_choice(s: BSState, st: Step) -> bool:
    """The side at the head of the queue has something to decide in its step."""
    if st.phase == "choose_first":
        return sum(1 for x in s.sides if s.living(x)) > 1
    if st.phase == "move":
        for u in s.living(st.side):
            if u.status == "ok" and not u.move_done and u.kind != "mob" and not u.uncontrolled and not u.rallied:
                return True
        return any(c.side == st.side and c.active and not c.with_unit and not c.move_done for c in s.chars.values())
    if st.phase == "rally":
        return bool(rally_options(s, st.side))
    if st.phase in ("initial_missile", "missile", "artillery", "pass_fire"):
        from .missiles import fire_options
        if st.phase == "missile" and s.game == "advanced":
            from .flight import bomb_options
            if bomb_options(s, st.side):
                return True  # [15.4] bombs are dropped in the missile phase
        if fire_options(s, st.side, st.phase, first=True):
            return True
        if st.phase == "missile":
            from .illusions import disbelief_options
            from .magic import cast_options, turn_options
            return bool(cast_options(s, st.side, first=True) or turn_options(s, st.side) or disbelief_options(s, st.side))
        return False
    return False


def rally_options(s: BSState, side: str) -> list[tuple[str, str]]:
    """(commander, unit) pairs that may try a rally or an order now ([6.0]-[6.7], [2.10])."""
    tried, used = set(s.rally_tried), set(s.rally_used)
    out = []
    for u in sorted(s.living(side), key=lambda u: u.id):
        if u.id in tried:
            continue
        if not (u.routed or u.uncontrolled or u.kind == "mob"):
            continue
        if in_contact(s, u):
            continue
        for c in commanders_of(s, u):
            if c.id in used:
                continue
            if can_reach_all(s, c, u):
                out.append((c.id, u.id))
    return out


def finish_step(em: Emitter, st: Step | None) -> None:
    """As a side's movement step ends, its mindless undead in command remember what they did,
    the order they carry out once out of command ([13.9])."""
    if st is None or st.phase != "move":
        return None
    from .command import in_command
    from .creatures import last_order, mindless
    for u in sorted(em.s.living(st.side), key=lambda u: u.id):
        if mindless(u) and u.status == "ok" and in_command(em.s, u) and u.mob_order != last_order(u):
            em.change(u, "", mob_order=last_order(u))
    return None


def end_of_round(em: Emitter) -> None:
    """[1.7] the end of the round: forced-march penalties recover for units that did nothing
    and were not attacked ([7.13]); catapults reload ([10.9]); the rally records are cleared;
    at the last round the battle's result is decided."""
    s = em.s
    for u in sorted(s.living(), key=lambda u: u.id):
        u = em.unit(u.id)
        if u.ar_penalty and u.idle and not u.attacked:
            em.change(u, f"{u.name} {says(u, 'rests')}: {their(u)} attack rating recovers by one ([7.13])", ar_penalty=u.ar_penalty - 1)
        if u.reload:
            em.change(u, f"{u.name} {says(u, 'reloads')}" + (f" ({u.reload - 1} round to go)" if u.reload > 1 else ": ready to fire"),
                      reload=u.reload - 1)
    from . import creatures, magic, tornado, weather
    magic.end_of_round(em)
    weather.end_of_round(em)
    tornado.end_of_round(em)
    creatures.end_of_round(em)
    check_end(em)
    if em.s.result is None and s.turn >= s.turn_limit:
        decide_at_limit(em)


def control(s: BSState) -> dict[str, str | None]:
    """Objective id -> the side holding it: a side with an unrouted unit with a figure within
    the objective and no enemy unit there (ours)."""
    out = {}
    for oid, (x, y, r) in s.objectives.items():
        holders = set()
        for u in s.living():
            if u.status != "ok" or u.figures == 0:
                continue
            c = block_of(u).centres
            if (np.hypot(c[:, 0] - x, c[:, 1] - y) <= r).any():
                holders.add(u.side)
        out[oid] = next(iter(holders)) if len(holders) == 1 else None
    return out


def strength(s: BSState, side: str) -> float:
    """Share of the side's hit dice still on the table and not routed (ours, for the result)."""
    real = [u for u in s.units.values() if u.side == side and not any(e.startswith("illusion:") for e in u.effects)]
    total = sum(u.original * rating(u).hd_per_figure for u in real)  # [14.14] illusions count for nothing (ours)
    left = sum(u.figures * rating(u).hd_per_figure for u in real if u.status == "ok")
    return left / total if total else 0.0


def decide_at_limit(em: Emitter) -> None:
    """The last round is over (ours, see README): the side holding more objectives wins; with
    none or equal, the side with the larger share of its hit dice left; equal shares draw."""
    s = em.s
    held = control(s)
    counts = {side: sum(1 for v in held.values() if v == side) for side in s.sides}
    best = max(counts.values()) if counts else 0
    top = [x for x, n in counts.items() if n == best]
    if best > 0 and len(top) == 1:
        w = top[0]
        names = ", ".join(s.objective_names.get(o, o) for o, v in held.items() if v == w)
        em.emit(Ended(winner=w, reason=f"{s.side_names.get(w, w)} holds {names} at the end of round {s.turn}",
                      text=f"The battle ends: {s.side_names.get(w, w)} holds {names}"))
        return
    shares = {x: strength(s, x) for x in s.sides}
    hi = max(shares.values())
    top = [x for x, v in shares.items() if math.isclose(v, hi, abs_tol=1e-9)]
    if len(top) == 1:
        w = top[0]
        em.emit(Ended(winner=w, reason=f"{s.side_names.get(w, w)} has more of its army left ({hi:.0%})",
                      text=f"The battle ends at round {s.turn}: {s.side_names.get(w, w)} has {hi:.0%} of its army left"))
    else:
        em.emit(Ended(winner=None, reason="equal strength at the last round", text="The battle ends in a draw"))


def check_end(em: Emitter) -> None:
    """A side with no unrouted unit left loses (ours, see README); all such sides: a draw."""
    s = em.s
    if s.result is not None:
        return
    standing = [x for x in s.sides if any(u.status == "ok" and u.figures > 0 for u in s.units.values() if u.side == x)]
    if len(standing) == len(s.sides):
        return
    if len(standing) == 1:
        w = standing[0]
        em.emit(Ended(winner=w, reason="the enemy army is destroyed or routed",
                      text=f"The battle ends: {s.side_names.get(w, w)} holds the field"))
    elif not standing:
        em.emit(Ended(winner=None, reason="both armies destroyed or routed", text="The battle ends: no army holds the field"))

