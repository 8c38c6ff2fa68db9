"""The actions the desktop app offers for a selected ship: at a table
point (moves toward it, torpedoes or the nova cannon at it), at another
figure (guns, boarding, ordnance, ramming, CAP, waves) and on itself
(orders, low orbit, disengaging, Brace, ending the phase). Legality stays
with ``check``."""

from __future__ import annotations

import math

from .. import actions as A
from .. import geom

from ..ai.candidates import cap_reach_mm, joinable_waves
from ..data import tables
from ..odds import fire_numbers
from ..rules.common import HULKS, gravity_turns, on_table, prof
from ..rules.movement import allowed_turns, move_limits, plan_move
from ..rules.targets import find_ordnance, point_target
from ..state import SFState, Ship
from .frame import table_to_lo


# ----------------------------------------------------------------------------- point actions
def _toward_zero(deg: float) -> float:
    """``deg`` cut to whole degrees toward 0: the free gravity turns a click
    suggests are whole degrees (what the preview says is what the log says),
    and one at its limit never goes past the planet's centre line."""
    return float(math.trunc(deg))


def whole_turn(deg: float) -> float:
    """A paid turn a click suggests, in whole degrees (spacefleet_core 1.6:
    turns are told in degrees; a fraction of one is nothing a player can
    measure on the table): ``0.4 -> 0.0`` (no turn), ``12.6 -> 13.0``."""
    return float(round(deg))


def _move_candidates(s: SFState, sh: Ship, tx: float, ty: float) -> list[A.MoveShip]:
    """Moves of ``sh`` aimed at (tx, ty) (its own table's coordinates): straight,
    and turning toward the point after each straight run allowed, with and
    without the free gravity-well turn toward the point at the start."""
    t = tables()
    p = prof(sh)
    run = 0.0 if sh.zone == "low_orbit" else t.constants.straight_run_mm[p.type]
    spec = t.orders.get(sh.order or "")
    free_first = bool(spec and spec.turn_without_moving) or run == 0
    nturns = allowed_turns(sh)
    pres = [0.0]
    if sh.zone == "main" and not sh.eldar:  # Eldar turn only at the end of the move (core rulings, gravity wells)
        want = geom.norm(geom.bearing(sh.x, sh.y, tx, ty) - sh.heading)
        for _, g in gravity_turns(s, sh.x, sh.y, sh.heading):
            pre = _toward_zero(g if abs(want) >= abs(g) else want)
            if want * g > 0 and pre:
                pres.append(pre)
    out: list[A.MoveShip] = []
    for loss in (False, True):
        vmin, vmax = move_limits(s, sh, loss)
        for pre in pres:
            h0 = geom.norm(sh.heading + pre)
            d = math.hypot(tx - sh.x, ty - sh.y)
            straight = min(max(d * max(0.0, math.cos(math.radians(geom.bearing(sh.x, sh.y, tx, ty) - h0))), vmin), vmax)
            out.append(A.MoveShip(side=sh.side, ship=sh.id, pre_turn=pre, legs=((0.0, round(straight, 1)),) if straight > 0 else ()))
            if nturns < 1:
                continue
            legs: list[tuple[float, float]] = []
            x, y, h, used = sh.x, sh.y, h0, 0.0
            for k in range(nturns):
                first = 0.0 if (k == 0 and free_first) else run
                first = min(first, max(0.0, vmax - used))
                if first > 0:
                    legs.append((0.0, first))
                    x, y = geom.step(x, y, h, first)
                    used += first
                want = geom.norm(geom.bearing(x, y, tx, ty) - h)
                turn = whole_turn(max(-p.turns_deg, min(p.turns_deg, want)))
                if not turn:
                    break
                h = geom.norm(h + turn)
                legs.append((turn, 0.0))
            rest = math.hypot(tx - x, ty - y)
            rest = min(max(rest, vmin - used), vmax - used)
            if rest > 0:
                legs.append((0.0, rest))
            merged: list[tuple[float, float]] = []
            for turn, dist in legs:
                if merged and turn == 0.0:
                    merged[-1] = (merged[-1][0], merged[-1][1] + dist)
                else:
                    merged.append((turn, dist))
            out.append(A.MoveShip(side=sh.side, ship=sh.id, pre_turn=pre,
                                  legs=tuple((tn, round(dd, 1)) for tn, dd in merged)))
    return out


def move_toward(s: SFState, sh: Ship, tx: float, ty: float) -> list[A.MoveShip]:
    """Legal moves toward (tx, ty) on the ship's own table, best first (the
    first candidate when none is legal, so the preview can say why).

    Order: the move ending nearest the point; among equally near ones, the one
    taking the free gravity-well turns its preview advertises (at the start
    and, when it ends in a well, at the end: celestial phenomena, gravity
    wells); then the one whose end heading best matches the bearing the
    player pointed along; then the fewest paid turns. The same move without
    the free end turn stays on offer right after it."""
    cands = _move_candidates(s, sh, tx, ty)
    pointed = geom.bearing(sh.x, sh.y, tx, ty) if math.hypot(tx - sh.x, ty - sh.y) > 1e-6 else sh.heading
    scored = []
    seen = set()

    def add(m: A.MoveShip, pl) -> None:
        ex, ey = pl.path[-1]
        paid = sum(1 for tn, _ in m.legs if tn)
        free = (1 if m.pre_turn else 0) + (1 if m.post_turn else 0)
        miss = abs(geom.norm(pl.heading - pointed))
        scored.append((round(math.hypot(tx - ex, ty - ey), 1), -free, round(miss, 1), paid, m))

    for m in cands:
        key = (m.pre_turn, m.legs)
        if key in seen:
            continue
        seen.add(key)
        pl = plan_move(s, m)
        if not pl.ok:
            continue
        add(m, pl)
        # the same move finished with the free gravity-well turn, when the end is in a well
        if sh.zone == "main" and pl.path:
            ex, ey = pl.path[-1]
            for _, g in gravity_turns(s, ex, ey, pl.heading):
                if not _toward_zero(g):
                    continue
                m2 = m.model_copy(update={"post_turn": _toward_zero(g)})
                pl2 = plan_move(s, m2)
                if pl2.ok:
                    add(m2, pl2)
                    break
    if not scored:
        return cands[:1]
    scored.sort(key=lambda e: e[:4])
    best = [scored[0][4]]
    if best[0].post_turn:  # the same move without the end turn, next
        plain = best[0].model_copy(update={"post_turn": 0.0})
        if any(e[4] == plain for e in scored):
            best.append(plain)
    for e in scored[1:]:
        if len(best) >= 4:
            break
        if e[4] not in best:
            best.append(e[4])
    return best


def point_actions(rs, s: SFState, side: str, figure_id: str, x: float, y: float) -> list[A.Action]:
    """Moves toward the point (movement phase), torpedoes launched at it (shooting phase)."""
    sh = s.ships.get(figure_id)
    if sh is None or sh.side != side or not on_table(sh):
        return []
    tx, ty = (x, y) if sh.zone == "main" else table_to_lo(s, x, y)
    if s.phase == "movement" and not sh.moved:
        return list(move_toward(s, sh, tx, ty))
    if s.phase == "shooting":
        out: list[A.Action] = []
        h = round(geom.bearing(sh.x, sh.y, tx, ty), 2)
        for wi, w in enumerate(prof(sh).weapons):
            if w.kind == "torpedo":
                out.append(A.Launch(side=side, ship=sh.id, weapon=wi, heading=h, craft="torpedo"))
            elif w.kind == "nova_cannon":  # the template may go anywhere in reach (spacefleet_core 1.7)
                out.append(A.Fire(side=side, ship=sh.id, weapon=wi, target=point_target(tx, ty)))
        return out
    return []


# ----------------------------------------------------------------------------- figure actions
def _expected(s: SFState, a: A.Fire) -> float:
    try:
        pv = fire_numbers(s, a)
    except Exception:  # noqa: BLE001 - sorting only
        return 0.0
    return pv.get("expected", 0.0) if pv else 0.0


def _legal_first(rs, s: SFState, acts: list) -> list:
    """``acts`` with the legal ones first (the rest stay so a preview can say why not)."""
    ok = [a for a in acts if rs.check(s, a).ok]
    return ok + [a for a in acts if a not in ok]


def figure_actions(rs, s: SFState, side: str, figure_id: str, target_id: str | None) -> list[A.Action]:
    """At an enemy ship: fire each weapon (best expected hits first), launch
    bombers and assault boats, torpedoes toward it; ram it on All Ahead Full or
    move toward it in the movement phase. At enemy ordnance: fire at it. At a
    hulk of either fleet: fire at it. At a friendly ship: fighters on CAP with
    it. At one of its own attack-craft markers: launch into that wave. On
    itself (``None``): orders, low orbit, disengage, fighters (free, into its
    waves, on CAP with itself and up to ``BAR_CAPS`` friends in reach), Brace
    or take it, end the phase."""
    sh = s.ships.get(figure_id)
    if sh is None or sh.side != side:
        return []
    if target_id is None:
        return _own_actions(rs, s, side, sh)
    if not on_table(sh):
        return []
    o = find_ordnance(s, target_id)
    tgt = s.ships.get(target_id)
    if o is not None and o.side == side:
        return _legal_first(rs, s, _wave_launches(s, sh, o.id)) if s.phase == "shooting" else []
    if tgt is not None and tgt.status in HULKS and s.phase != "movement":
        return _gun_actions(rs, s, sh, target_id, ("battery", "lance"))
    if tgt is not None and tgt.side == side:
        return _legal_first(rs, s, _cap_launches(sh, tgt.id)) if s.phase == "shooting" and tgt.id != sh.id else []
    if o is None and tgt is None:
        return []
    if s.phase == "movement":
        if tgt is None or sh.moved or tgt.zone != sh.zone:
            return []
        moves = move_toward(s, sh, tgt.x, tgt.y)
        if sh.ram_target == tgt.id:  # its ram declared and tested with the order (spacefleet_core 1.6)
            ram = [m.model_copy(update={"ram": tgt.id}) for m in moves[:1]]
            return ram + moves
        declare = A.DeclareOrder(side=side, ship=sh.id, order="all_ahead_full", ram=tgt.id)
        if tgt.side != side and rs.check(s, declare).ok:
            return [declare] + moves
        return moves
    # shooting phase (in other phases the same actions preview what the guns would do)
    kinds = ("battery", "lance", "nova_cannon") if tgt is not None else ("battery", "lance")
    fires = _gun_actions(rs, s, sh, target_id, kinds)
    legal = bool(fires) and rs.check(s, fires[0]).ok
    out: list[A.Action] = list(fires)
    if tgt is not None:
        for tele in (False, True):  # end-phase assaults (spacefleet_core 1.10)
            b = A.Board(side=side, ship=sh.id, target=tgt.id, teleport=tele)
            if rs.check(s, b).ok:
                out.append(b)
        h = round(geom.bearing(sh.x, sh.y, tgt.x, tgt.y), 2)
        for wi, w in enumerate(prof(sh).weapons):
            if w.kind == "torpedo":
                out.append(A.Launch(side=side, ship=sh.id, weapon=wi, heading=h, craft="torpedo"))
            elif w.kind == "launch_bay":
                for c in w.craft:
                    if c != "fighter":
                        out.append(A.Launch(side=side, ship=sh.id, weapon=wi, craft=c, target=tgt.id))
    return out if legal else _legal_first(rs, s, out)


def _gun_actions(rs, s: SFState, sh: Ship, target_id: str, kinds) -> list[A.Action]:
    """Fire each weapon of ``kinds`` at ``target_id``: the legal ones first, most expected hits first."""
    fires = [A.Fire(side=sh.side, ship=sh.id, weapon=wi, target=target_id)
             for wi, w in enumerate(prof(sh).weapons) if w.kind in kinds]
    legal = [a for a in fires if rs.check(s, a).ok]
    legal.sort(key=lambda a: -_expected(s, a))
    return legal or fires


def _bays(sh: Ship, craft: str | None = None) -> list[int]:
    """Indices of the ship's launch bays (carrying ``craft`` when given)."""
    return [wi for wi, w in enumerate(prof(sh).weapons) if w.kind == "launch_bay" and (craft is None or craft in w.craft)]


def _cap_launches(sh: Ship, friend_id: str) -> list[A.Launch]:
    """Fighters from each bay on CAP with ``friend_id`` (spacefleet_core 1.9)."""
    return [A.Launch(side=sh.side, ship=sh.id, weapon=wi, craft="fighter", target=friend_id) for wi in _bays(sh, "fighter")]


#: CAP buttons in a ship's own bar (the bar shows 8 buttons, End phase last)
BAR_CAPS = 3


def _bar_caps(rs, s: SFState, sh: Ship) -> list[A.Launch]:
    """CAP from the ship's own bar: the app selects a friendly figure when it
    is clicked, so the first bay that may launch fighters offers CAP with the
    ship itself and the nearest friendly ships its fighters reach (at most
    ``BAR_CAPS``, within ``cap_reach_mm``)."""
    friends = sorted((f for f in s.ships.values() if f.side == sh.side and on_table(f) and f.zone == sh.zone
                      and math.hypot(f.x - sh.x, f.y - sh.y) <= cap_reach_mm(f)),
                     key=lambda f: (math.hypot(f.x - sh.x, f.y - sh.y), f.id))[:BAR_CAPS]
    for wi in _bays(sh, "fighter"):
        caps = [A.Launch(side=sh.side, ship=sh.id, weapon=wi, craft="fighter", target=f.id) for f in friends]
        if caps and rs.check(s, caps[0]).ok:
            return [a for a in caps if rs.check(s, a).ok]
    return []


def _wave_launches(s: SFState, sh: Ship, lead_id: int | None = None) -> list[A.Launch]:
    """Each craft of each unused bay into the wave led by ``lead_id`` (else
    into every wave ``sh`` launched this turn) (spacefleet_core 1.9)."""
    leads = [o.id for o in joinable_waves(s, sh) if lead_id is None or o.id == lead_id]
    return [A.Launch(side=sh.side, ship=sh.id, weapon=wi, craft=c, wave=lid)
            for lid in leads for wi in _bays(sh) if wi not in sh.fired for c in prof(sh).weapons[wi].craft]


def _own_actions(rs, s: SFState, side: str, sh: Ship) -> list[A.Action]:
    out: list[A.Action] = []
    if s.phase == "brace" and s.pending is not None:
        tgt = s.ships.get(s.pending.target)
        if tgt is not None and tgt.side == side:
            out.append(A.Brace(side=side, ship=tgt.id))
        out.append(A.TakeIt(side=side))
        return out
    if not on_table(sh):
        return [A.EndPhase(side=side)] if s.phase in ("movement", "shooting") else []
    if s.phase == "movement":
        if not sh.moved:
            for order in A.ORDERS:
                a = A.DeclareOrder(side=side, ship=sh.id, order=order)
                if rs.check(s, a).ok:
                    out.append(a)
            lo = A.EnterLowOrbit(side=side, ship=sh.id)
            if rs.check(s, lo).ok:
                out.append(lo)
            vmin, _ = move_limits(s, sh, False)
            straight = A.MoveShip(side=side, ship=sh.id, legs=((0.0, round(vmin, 1)),) if vmin > 0 else ())
            if rs.check(s, straight).ok:
                out.append(straight)
        else:
            d = A.Disengage(side=side, ship=sh.id)
            if rs.check(s, d).ok:
                out.append(d)
    elif s.phase == "shooting":
        for wi, w in enumerate(prof(sh).weapons):
            if w.kind == "launch_bay" and "fighter" in w.craft:
                a = A.Launch(side=side, ship=sh.id, weapon=wi, craft="fighter")
                if rs.check(s, a).ok:
                    out.append(a)
            elif w.kind == "torpedo":
                a = A.Launch(side=side, ship=sh.id, weapon=wi, heading=round(sh.heading, 2), craft="torpedo")
                if rs.check(s, a).ok:
                    out.append(a)
        out += [a for a in _wave_launches(s, sh) if rs.check(s, a).ok]
        out += _bar_caps(rs, s, sh)
    if s.phase in ("movement", "shooting"):
        out.append(A.EndPhase(side=side))
    return out
