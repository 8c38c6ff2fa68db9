"""What the desktop app offers a selected soldier: ``point_actions`` (at a
table point), ``figure_actions`` (at another model or vehicle, or on himself)
and the buttons' labels (``describe_action``). Legality stays with ``check``.
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from .. import actions as A
from ..data import DATA
from ..geo import R, TOL, geo_of, in_contact
from ..rules.missions import interactions
from ..rules.orders import on_exit
from ..state import BSState, Fig
from ..turn import can_attempt

T = DATA.tables


def _soldier(s: BSState, side: str, fid: str) -> Fig | None:
    f = s.figs.get(fid)
    if f is None or f.side != side or f.kind != "soldier" or f.status != "ok":
        return None
    return f


def _near(poly, x: float, y: float, slack: float = 2.0) -> bool:
    return poly.distance(Point(x, y)) <= slack


def _climbables(s: BSState):
    g = geo_of(s)
    return g.elev + [q for q in g.pieces.values() if q.kind == "wall"]


def point_actions(rs, s: BSState, side: str, figure_id: str, x: float, y: float) -> list[A.Action]:
    """The selected soldier's actions aimed at table point (x, y).

    Terrain under the point first (search or breach it, enter the vehicle,
    climb it), then the move (an advance when beyond one move; variants
    dragging a downed comrade in contact), throws of the grenades he carries,
    exfil at an exfil edge, and, when the move itself is too long or stopped
    by hindering terrain, the longest legal move toward the point.
    """
    f = _soldier(s, side, figure_id)
    if f is None:
        return []
    u = f.id
    if f.midway:
        return [A.Climb(side=side, unit=u, feature=f.midway)]
    if f.vehicle:
        out: list[A.Action] = []
        if f.seat == "driver":
            d = math.hypot(x - f.x, y - f.y)
            k = min(1.0, (T.advance_mm - 0.05) / d) if d > 0 else 1.0
            out.append(A.Move(side=side, unit=u, x=f.x + (x - f.x) * k, y=f.y + (y - f.y) * k))
        out.append(A.Enter(side=side, unit=u, vehicle=f.vehicle, leave=True))
        if on_exit(s, f):
            out.append(A.Exfil(side=side, unit=u))
        return out
    g = geo_of(s)
    first: list[A.Action] = []
    p = s.params
    if s.mission == "m1_survivors" and not s.obj.get("searched") and p.get("search_feature") in g.pieces \
            and _near(g.pieces[p["search_feature"]].polygon, x, y, R):
        first.append(A.Interact(side=side, unit=u, what="search"))
    if s.mission == "m2_awad" and not s.obj.get("escaped") and not s.obj.get("awad_found"):
        for fid in p.get("targets", []):
            if fid in g.pieces and fid not in s.obj.get("breached", []) and _near(g.pieces[fid].polygon, x, y, R):
                first.append(A.Interact(side=side, unit=u, what=f"breach:{fid}"))
    for vid, v in s.vehicles.items():
        if vid in g.pieces and not v.disabled and _near(g.pieces[vid].polygon, x, y):
            first.append(A.Enter(side=side, unit=u, vehicle=vid))
    if f.on is not None:
        if not g.roof_of(f.on).covers(Point(x, y)):
            first.append(A.Climb(side=side, unit=u, feature=f.on))
    else:
        for piece in _climbables(s):
            if _near(piece.polygon, x, y):
                first.append(A.Climb(side=side, unit=u, feature=piece.id))
    d = math.hypot(x - f.x, y - f.y)
    advance = d > T.move_mm + 0.01
    moves = [A.Move(side=side, unit=u, x=x, y=y, advance=advance)]
    if not f.carrying:
        for o in s.figs.values():
            if o.kind == "soldier" and o.status == "down" and not o.carried_by and o.id != u \
                    and math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + TOL:
                moves.append(A.Move(side=side, unit=u, x=x, y=y, advance=advance, drag=o.id))
    throws = [A.Throw(side=side, unit=u, gear=gid, x=x, y=y) for gid, q in f.gear.items()
              if q != 0 and DATA.gear[gid].kind.startswith("throw")]
    out = first + moves + throws
    w, h = s.table
    if min(x, y, w - x, h - y) <= 2 * R and on_exit(s, f):
        out.append(A.Exfil(side=side, unit=u))
    if not rs.check(s, moves[0]).ok:
        toward = _toward(rs, s, f, x, y)
        if toward is not None:
            out.append(toward)
    return out


def _toward(rs, s: BSState, f: Fig, x: float, y: float) -> A.Move | None:
    """The longest legal move (advance when he has the orders) straight toward (x, y)."""
    g = geo_of(s)
    d = math.hypot(x - f.x, y - f.y)
    if d < 1.0:
        return None
    ux, uy = (x - f.x) / d, (y - f.y) / d
    stop = g.hinder_stop(f.x, f.y, x, y) if f.on is None else math.inf
    for adv in ((True, False) if f.orders >= 2 and not f.move_only else (False,)):
        reach = min(d, T.advance_mm if adv else T.move_mm, stop) - 0.05
        if adv and reach <= T.move_mm:
            continue
        for k in range(12):
            dd = reach - 6.0 * k
            if dd < 5.0:
                break
            a = A.Move(side=f.side, unit=f.id, x=f.x + ux * dd, y=f.y + uy * dd, advance=adv)
            if rs.check(s, a).ok:
                return a
    return None


def figure_actions(rs, s: BSState, side: str, figure_id: str, target_id: str | None) -> list[A.Action]:
    """The selected soldier's actions at another model or vehicle, or (``target_id``
    None) on himself: activate, prone / stand, clear jam, aid, interact, climb,
    enter / exit, exfil, end the activation."""
    f = _soldier(s, side, figure_id)
    if f is None:
        return []
    u = f.id
    if target_id is None:
        return _self_actions(rs, s, side, f)
    if target_id in s.vehicles:
        return [A.Enter(side=side, unit=u, vehicle=target_id, leave=f.vehicle == target_id)]
    t = s.figs.get(target_id)
    if t is None or not t.on_table or t.id == u:
        return []
    out: list[A.Action] = []
    if t.side == "enemy" and t.status == "ok":
        out += [A.Fire(side=side, unit=u, target=t.id), A.Fire(side=side, unit=u, target=t.id, aimed=True),
                A.Suppress(side=side, unit=u, target=t.id)]
        out += [A.FireGear(side=side, unit=u, gear=gid, target=t.id) for gid, q in f.gear.items()
                if q != 0 and DATA.gear[gid].kind == "fire_aoe"]
        if f.vehicle:  # from a vehicle he may only shoot (or exit)
            return out
        out += [A.Throw(side=side, unit=u, gear=gid, x=t.x, y=t.y) for gid, q in f.gear.items()
                if q != 0 and DATA.gear[gid].kind.startswith("throw")]
        charge = _contact_move(s, f, t)
        if charge is not None:
            out.append(charge)
        return out
    if t.kind not in ("civilian", "survivor") and not (t.wounds > 0 or t.status == "down"):
        return out
    if t.kind in ("soldier", "hostage") and t.wounds > 0 and t.side != "enemy":
        if DATA.soldiers[f.card].specialty == "medic":
            out.append(A.Aid(side=side, unit=u, target=t.id))
        out += [A.Aid(side=side, unit=u, target=t.id, gear=gid) for gid, q in f.gear.items()
                if q != 0 and DATA.gear[gid].kind == "heal"]
    if t.kind in ("civilian", "survivor"):
        out.append(A.Interact(side=side, unit=u, what=t.id))
    if t.carried_by is None and not t.vehicle and not in_contact(f, t):
        mv = _contact_move(s, f, t)
        if mv is not None:
            out.append(mv)
    return out


def _contact_move(s: BSState, f: Fig, t: Fig) -> A.Move | None:
    """A move ending in base contact with ``t`` on the straight line (hand to hand when ``t`` is an enemy)."""
    if in_contact(f, t) or f.vehicle or t.vehicle:
        return None
    d = math.hypot(t.x - f.x, t.y - f.y)
    if d < 1e-6:
        return None
    dd = d - (2 * R + 0.5)
    if dd > T.advance_mm:
        return None
    x, y = f.x + (t.x - f.x) / d * dd, f.y + (t.y - f.y) / d * dd
    return A.Move(side=f.side, unit=f.id, x=x, y=y, advance=dd > T.move_mm + 0.01)


def _self_actions(rs, s: BSState, side: str, f: Fig) -> list[A.Action]:
    u = f.id
    if s.current != u:
        return [A.Activate(side=side, unit=u)] if s.current is None and can_attempt(s, f) else []
    end = A.EndActivation(side=side, unit=u)
    if f.midway:
        return [A.Climb(side=side, unit=u, feature=f.midway), end]
    if f.vehicle:
        out: list[A.Action] = [A.Enter(side=side, unit=u, vehicle=f.vehicle, leave=True)]
        if f.jammed:
            out.append(A.ClearJam(side=side, unit=u))
        return out + [end]
    out = [A.Prone(side=side, unit=u, stand=f.prone)]
    if f.jammed:
        out.append(A.ClearJam(side=side, unit=u))
    heal = [gid for gid, q in f.gear.items() if q != 0 and DATA.gear[gid].kind == "heal"]
    medic = DATA.soldiers[f.card].specialty == "medic"
    for who in [f.id] + ([f.carrying] if f.carrying else []):
        o = s.figs.get(who)
        if o is not None and o.kind in ("soldier", "hostage") and o.wounds > 0:
            if medic:
                out.append(A.Aid(side=side, unit=u, target=o.id))
            out += [A.Aid(side=side, unit=u, target=o.id, gear=gid) for gid in heal]
    out += [A.Interact(side=side, unit=u, what=w) for w in interactions(s, f)]
    here = Point(f.x, f.y)
    for piece in _climbables(s):
        if f.on == piece.id or piece.polygon.distance(here) <= R + 3:
            a = A.Climb(side=side, unit=u, feature=piece.id)
            if rs.check(s, a).ok:
                out.append(a)
    g = geo_of(s)
    for vid, v in s.vehicles.items():
        if vid in g.pieces and not v.disabled and g.pieces[vid].polygon.distance(here) <= R + TOL + 0.5:
            out.append(A.Enter(side=side, unit=u, vehicle=vid))
    if on_exit(s, f):
        out.append(A.Exfil(side=side, unit=u))
    return out + [end]


def describe_action(action) -> str:
    """A short button label."""
    a = action
    if isinstance(a, A.Activate):
        return f"Activate {a.unit}"
    if isinstance(a, A.EndActivation):
        return f"End {a.unit}'s activation"
    if isinstance(a, A.EndPlayerPhase):
        return "End player phase"
    if isinstance(a, A.Move):
        s = f"{'Advance' if a.advance else 'Move'} to ({a.x:.0f}, {a.y:.0f})"
        return s + (f" dragging {a.drag}" if a.drag else "")
    if isinstance(a, A.Fire):
        return f"{'Aimed fire' if a.aimed else 'Fire'} at {a.target}"
    if isinstance(a, A.Suppress):
        return f"Suppress {a.target}"
    if isinstance(a, A.Throw):
        g = DATA.gear.get(a.gear)
        return f"Throw {g.name.rstrip('s').lower() if g else a.gear} at ({a.x:.0f}, {a.y:.0f})"
    if isinstance(a, A.FireGear):
        g = DATA.gear.get(a.gear)
        return f"{(g.name.split()[0] if g else a.gear)} at {a.target}"
    if isinstance(a, A.Prone):
        return "Stand up" if a.stand else "Go prone"
    if isinstance(a, A.Interact):
        if a.what == "search":
            return "Search for survivors"
        if a.what.startswith("breach:"):
            return f"Breach {a.what.split(':', 1)[1]}"
        if a.what == "red_smoke":
            return "Pop red smoke"
        if a.what == "survivor":
            return "Pick up the survivor"
        return f"Interact with {a.what}"
    if isinstance(a, A.Aid):
        g = DATA.gear.get(a.gear) if a.gear else None
        return f"Aid {a.target}" + (f" ({g.name})" if g else " (medic)")
    if isinstance(a, A.Climb):
        return f"Climb {a.feature}"
    if isinstance(a, A.ClearJam):
        return "Clear the jam"
    if isinstance(a, A.Enter):
        return f"{'Exit' if a.leave else 'Enter'} {a.vehicle}"
    if isinstance(a, A.Exfil):
        return "Exfil"
    if isinstance(a, A.SitrepPhase):
        return "SITREP phase"
    if isinstance(a, A.ClearPhase):
        return "Clear phase"
    return ""


__all__ = ["point_actions", "figure_actions", "describe_action"]
