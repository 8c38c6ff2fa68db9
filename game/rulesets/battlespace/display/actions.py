"""What the desktop app offers a selected soldier: ``point_actions`` (at a
table point), ``figure_actions`` (at another model or vehicle, or on himself),
the buttons' labels (``describe_action``) and the question asked before an
action that leaves something undone (``confirm``). Legality stays with
``check``: everything offered is checked there, and an action a feature
supports but the rules refuse now is still offered, so the app shows why.

Suggested moves end where the rules stop them or where the wanted action
becomes legal: a move aimed at a model or a feature ends in base contact with
it (exact contact, :func:`~..geo.move_end`); a move too long for the orders left
becomes the longest legal one; a move blocked by a wall or a building offers
the first straight leg around it and, at a wall in contact, the climb.
"""

from __future__ import annotations

import math
import re

from shapely.geometry import Point

from .. import actions as A
from ..data import data
from ..geo import R, TOL, geo_of, in_contact, move_end
from game.core.logtext import move_words, place_words

from ..names import UNITS, display_name, feature_name, landmarks, models_near, name_of
from ..rules.missions import interactions
from ..rules.orders import on_exit
from ..state import BSState, Fig
from ..turn import can_attempt, waiting



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


def _climbable_ids(s: BSState) -> set[str]:
    return {p.id for p in _climbables(s)}


# ----------------------------------------------------------------------------- moves
def _reach(s: BSState, f: Fig) -> list[tuple[bool, float]]:
    """The moves ``f`` may still make this activation, longest first: (advance, mm)."""
    out = []
    g = geo_of(s)
    if f.orders >= 2 and not f.move_only and "advance" not in f.used and not (f.on is None and g.in_hindering(f.x, f.y)):
        out.append((True, data().tables.advance_mm))
    if f.orders >= 1 and "move" not in f.used:
        out.append((False, data().tables.move_mm))
    return out


def move_toward(rs, s: BSState, f: Fig, x: float, y: float, target: Fig | None = None, drag: str | None = None) -> A.Move | None:
    """The move to offer toward (x, y): straight, as far as the rules let it go there
    (:func:`~..geo.move_end`: it ends in base contact with ``target`` when it gets
    that far, where it first touches a wall, a building or hindering terrain, never on
    a model), with the shortest order that covers it (a move, else an advance when he
    has the orders, else the longest legal move); None when he cannot move that way."""
    if f.vehicle:
        return None
    for advance, reach in sorted(_reach(s, f), key=lambda r: r[1]):
        ex, ey, _ = move_end(s, f, x, y, target=target, limit=reach, ignore=(drag,) if drag else ())
        d = math.hypot(ex - f.x, ey - f.y)
        # how far he must go: to the point, or (at a model) into base contact with it
        want = math.hypot(x - f.x, y - f.y) - (0.0 if target is None else 2 * R)
        if d < 0.5:
            return None
        a = A.Move(side=f.side, unit=f.id, x=ex, y=ey, advance=advance and d > data().tables.move_mm + 0.01, drag=drag)
        longest = reach == max(r for _, r in _reach(s, f))
        if (want <= reach + 0.01 or longest) and rs.check(s, a).ok:
            return a
    return None


def _around(rs, s: BSState, f: Fig, x: float, y: float) -> A.Move | None:
    """When the straight way to (x, y) runs into a wall or a building: the first
    straight leg of the shortest way around, as far as this activation allows."""
    if f.on is not None or f.vehicle:
        return None
    path = geo_of(s).approach(f.x, f.y, x, y)
    if not path.found or len(path.points) < 3:
        return None
    pts = [p for p in path.points if math.hypot(p[0] - f.x, p[1] - f.y) > 0.5]
    if len(pts) < 2:
        return None
    return move_toward(rs, s, f, pts[0][0], pts[0][1])


def _feature_actions(rs, s: BSState, f: Fig, fid: str, x: float | None = None, y: float | None = None) -> list[A.Action]:
    """Every action terrain feature ``fid`` supports for ``f`` (the search, a breach,
    entering a vehicle that is not disabled, a climb), legal now or not, and the move
    that brings him into base contact with it when he is not."""
    g = geo_of(s)
    piece = g.pieces.get(fid)
    if piece is None:
        return []
    u, side = f.id, f.side
    out: list[A.Action] = []
    p = s.params
    if s.mission == "m1_survivors" and not s.obj.get("searched") and p.get("search_feature") == fid:
        out.append(A.Interact(side=side, unit=u, what="search"))
    if s.mission == "m2_awad" and not s.obj.get("escaped") and not s.obj.get("awad_found") \
            and fid in p.get("targets", []) and fid not in s.obj.get("breached", []):
        out.append(A.Interact(side=side, unit=u, what=f"breach:{fid}"))
    v = s.vehicles.get(fid)
    if v is not None and not v.disabled:
        out.append(A.Enter(side=side, unit=u, vehicle=fid, leave=f.vehicle == fid))
    if fid in _climbable_ids(s) and f.on in (None, fid):
        out.append(A.Climb(side=side, unit=u, feature=fid))
    touching = piece.polygon.distance(Point(f.x, f.y)) <= R + TOL
    if not touching and f.on is None and not f.vehicle:
        if x is None or y is None or math.hypot(x - f.x, y - f.y) < 0.5:
            c = piece.polygon.centroid
            x, y = c.x, c.y
        if s.mission == "m2_awad" and any(isinstance(a, A.Interact) for a in out) and g.feats[fid].openings:
            o = g.feats[fid].openings[0]  # to the door, where a breach is made
            x, y = (o[0] + o[2]) / 2, (o[1] + o[3]) / 2
        mv = move_toward(rs, s, f, x, y)
        if mv is not None:
            out.insert(0, mv)
    legal = [a for a in out if rs.check(s, a).ok]
    return legal + [a for a in out if a not in legal]


def on_table(s: BSState, x: float, y: float) -> tuple[float, float]:
    """The nearest point to (x, y), mm, where a whole base stands on the table
    (its centre at least a base radius, 12.5 mm, inside every edge)."""
    w, h = s.table
    return min(max(x, R), w - R), min(max(y, R), h - R)


def point_actions(rs, s: BSState, side: str, figure_id: str, x: float, y: float) -> list[A.Action]:
    """The selected soldier's actions aimed at table point (x, y), the legal ones first.

    A point off the table is taken as the nearest point where a base stands on
    it (:func:`on_table`), so no suggested move, throw or preview leaves the
    table; exfil is offered at (or beyond) an exfil edge. A feature under the
    point (the search, a breach, a vehicle, a wall or roof to climb: every action it supports, and the move into base contact with
    it); the move to the point, or the longest legal move toward it, or the
    first leg around what blocks the way and the climb of a wall he touches;
    variants dragging a downed comrade in contact; throws of the grenades he
    carries; exfil at an exfil edge.
    """
    f = _soldier(s, side, figure_id)
    if f is None:
        return []
    u = f.id
    if f.midway:
        return [A.Climb(side=side, unit=u, feature=f.midway)]
    aim_x, aim_y = x, y
    x, y = on_table(s, x, y)
    if f.vehicle:
        out: list[A.Action] = []
        if f.seat == "driver":
            d = math.hypot(x - f.x, y - f.y)
            k = min(1.0, (data().tables.advance_mm - 0.05) / d) if d > 0 else 1.0
            out.append(A.Move(side=side, unit=u, x=f.x + (x - f.x) * k, y=f.y + (y - f.y) * k))
        out.append(A.Enter(side=side, unit=u, vehicle=f.vehicle, leave=True))
        if on_exit(s, f):
            out.append(A.Exfil(side=side, unit=u))
        return out
    g = geo_of(s)
    here = Point(x, y)
    feats: list[A.Action] = []
    for piece in g.index.pieces_touching(here, tolerance=R):
        feats += [a for a in _feature_actions(rs, s, f, piece.id, x, y) if a not in feats]
    if f.on is not None and not g.roof_of(f.on).covers(here):
        feats.append(A.Climb(side=side, unit=u, feature=f.on))
    d = math.hypot(x - f.x, y - f.y)
    direct = A.Move(side=side, unit=u, x=x, y=y, advance=d > data().tables.move_mm + 0.01)
    moves: list[A.Action] = []
    if rs.check(s, direct).ok:
        moves.append(direct)
    elif not feats:
        toward = move_toward(rs, s, f, x, y)
        if toward is not None:
            moves.append(toward)
        ex, ey, by = move_end(s, f, x, y)
        blocker = g.pieces.get(by or "")
        if blocker is not None and blocker.has("impassable"):
            if blocker.id in _climbable_ids(s) and blocker.polygon.distance(Point(f.x, f.y)) <= R + TOL:
                moves.append(A.Climb(side=side, unit=u, feature=blocker.id))
            leg = _around(rs, s, f, x, y)
            if leg is not None and leg not in moves:
                # the straight move is kept only when it gets to the wall (to climb it);
                # stopped short of it by his orders, it would be a second "Advance toward"
                if toward is not None and blocker.polygon.distance(Point(toward.x, toward.y)) > R + TOL:
                    moves.remove(toward)
                moves.append(leg)
        if not moves:
            moves.append(direct)  # refused: the app shows why
    drags: list[A.Action] = []
    if not f.carrying:
        for o in s.figs.values():
            if o.kind == "soldier" and o.status == "down" and not o.carried_by and o.id != u \
                    and math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + TOL:
                mv = moves[0] if moves and isinstance(moves[0], A.Move) else direct
                drags.append(mv.model_copy(update={"drag": o.id}))
    throws = [A.Throw(side=side, unit=u, gear=gid, x=x, y=y) for gid, q in f.gear.items()
              if q != 0 and data().gear[gid].kind.startswith("throw")]
    out = feats + moves + drags + throws
    w, h = s.table
    if min(aim_x, aim_y, w - aim_x, h - aim_y) <= 2 * R and on_exit(s, f):
        out.append(A.Exfil(side=side, unit=u))
    legal = [a for a in out if rs.check(s, a).ok]
    return legal + [a for a in out if a not in legal]


def figure_actions(rs, s: BSState, side: str, figure_id: str, target_id: str | None) -> list[A.Action]:
    """The selected soldier's actions at another model or vehicle, or (``target_id``
    None) on himself: activate, prone / stand, clear jam, aid, interact, climb,
    enter / exit, exfil, end the activation. At a vehicle: every action it
    supports (the search of Mission 1's Humvee, entering one that is not
    disabled), with the move into base contact with it."""
    f = _soldier(s, side, figure_id)
    if f is None:
        return []
    u = f.id
    if target_id is None:
        return _self_actions(rs, s, side, f)
    if target_id in s.vehicles:
        if f.vehicle == target_id:
            return [A.Enter(side=side, unit=u, vehicle=target_id, leave=True)]
        return _feature_actions(rs, s, f, target_id)
    t = s.figs.get(target_id)
    if t is None or not t.on_table or t.id == u:
        return []
    out: list[A.Action] = []
    if t.side == "enemy" and t.status == "ok":
        out += [A.Fire(side=side, unit=u, target=t.id), A.Fire(side=side, unit=u, target=t.id, aimed=True),
                A.Suppress(side=side, unit=u, target=t.id)]
        out += [A.FireGear(side=side, unit=u, gear=gid, target=t.id) for gid, q in f.gear.items()
                if q != 0 and data().gear[gid].kind == "fire_aoe"]
        if f.vehicle:  # from a vehicle he may only shoot (or exit)
            return out
        out += [A.Throw(side=side, unit=u, gear=gid, x=t.x, y=t.y) for gid, q in f.gear.items()
                if q != 0 and data().gear[gid].kind.startswith("throw")]
        charge = _contact_move(rs, s, f, t)
        if charge is not None:
            out.append(charge)
        return out
    if t.kind not in ("civilian", "survivor", "prisoner") and not (t.wounds > 0 or t.status == "down"):
        return out
    if t.kind in ("soldier", "hostage") and t.wounds > 0 and t.side != "enemy":
        if data().soldiers[f.card].specialty == "medic":
            out.append(A.Aid(side=side, unit=u, target=t.id))
        out += [A.Aid(side=side, unit=u, target=t.id, gear=gid) for gid, q in f.gear.items()
                if q != 0 and data().gear[gid].kind == "heal"]
    if t.kind in ("civilian", "survivor", "prisoner"):
        out.append(A.Interact(side=side, unit=u, what=t.id))
    if t.carried_by is None and not t.vehicle and not in_contact(f, t):
        mv = _contact_move(rs, s, f, t)
        if mv is not None:
            out.insert(0, mv)
    legal = [a for a in out if rs.check(s, a).ok]
    return legal + [a for a in out if a not in legal]


def _contact_move(rs, s: BSState, f: Fig, t: Fig) -> A.Move | None:
    """The move toward ``t`` that ends in base contact with it, exactly (hand to hand
    when ``t`` is an enemy), or as far toward it as this activation allows."""
    if in_contact(f, t) or f.vehicle or t.vehicle or abs(t.z - f.z) > 1.0:
        return None
    return move_toward(rs, s, f, t.x, t.y, target=t)


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
    heal = [gid for gid, q in f.gear.items() if q != 0 and data().gear[gid].kind == "heal"]
    medic = data().soldiers[f.card].specialty == "medic"
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


# ----------------------------------------------------------------------------- words
def confirm(s: BSState, action) -> str | None:
    """The question the app asks before ``action``, or None. Ending the player phase
    with soldiers not yet activated: they all roll initiative now, a failure draws a
    SITREP card, and none of them is given an order (Battlespace: Player Phase)."""
    if isinstance(action, A.EndPlayerPhase):
        left = waiting(s, action.side)
        if left:
            names = ", ".join(display_name(f) for f in left)
            return (f"{names} {'has' if len(left) == 1 else 'have'} not been activated. Each rolls initiative now "
                    "(a failure draws a SITREP card) and is given no orders. End the player phase?")
    return None


def describe_aimed(state: BSState, action, aim) -> str | None:
    """The label of a move offered toward ``aim`` (a model's or a vehicle's id,
    or a table point (x, y) mm) that does not get there: "Advance toward
    reyes (out of reach)" when the orders left cannot cover the distance
    (toward a point: the move's length and way as the log gives them, "Move
    3.5 in toward okafor (out of reach)"),
    "... (as far as he can go)" when terrain stops him first; None for any
    other action (the plain label serves)."""
    a, s = action, state
    if not isinstance(a, A.Move) or a.drag or aim is None:
        return None
    f = s.figs.get(a.unit)
    if f is None:
        return None
    if isinstance(aim, str):
        t = s.figs.get(aim)
        piece = geo_of(s).pieces.get(aim)
        if t is not None:
            there, who = math.hypot(a.x - t.x, a.y - t.y) <= 2 * R + TOL, _name(s, aim)
        elif piece is not None:
            there, who = piece.polygon.distance(Point(a.x, a.y)) <= R + TOL, feature_name(s, aim)
        else:
            return None
    else:
        gx, gy = on_table(s, *aim)
        there, who = math.hypot(a.x - gx, a.y - gy) <= 0.5, None
    if there:
        return None
    limit = data().tables.advance_mm if a.advance else data().tables.move_mm
    why = "out of reach" if math.hypot(a.x - f.x, a.y - f.y) >= limit - 0.5 else "as far as he can go"
    if who is None:  # a point: the move's own length and way, as the log will give them
        return f"{action_words(s, a)} ({why})"
    return f"{'Advance' if a.advance else 'Move'} toward {who} ({why})"


def _name(s: BSState | None, fid: str | None) -> str:
    """A model in a label: its id, which the app's namer turns into the name the
    player reads (a name here would be named twice: "Fighter a0" holds "a0")."""
    return fid or ""


def action_words(state: BSState, action) -> str:
    """The action in a sentence a player reads (an AI's reason in the log):
    models by name, never ids; a move or a throw by its distance in inches
    and where it goes (``game.core.logtext``), never table coordinates."""
    a, s = action, state
    f = s.figs.get(getattr(a, "unit", "") or "")
    if isinstance(a, A.Move) and f is not None:
        text = (f"{'Advance' if a.advance else 'Move'} "
                f"{move_words(f.x, f.y, a.x, a.y, UNITS, landmarks(s), models=models_near(s, f.id))}")
        return text + (f" dragging {name_of(s, a.drag)}" if a.drag else "")
    if isinstance(a, A.Throw):
        g = data().gear.get(a.gear)
        where = place_words(a.x, a.y, s.table, UNITS, landmarks(s), models=models_near(s, getattr(a, "unit", None)))
        return f"Throw {g.name.rstrip('s').lower() if g else a.gear}, to land {where}"
    text = describe_action(a, s)
    if not s.figs:
        return text
    ids = "|".join(re.escape(fid) for fid in sorted(s.figs, key=len, reverse=True))
    return re.sub(rf"(?<![\w'.])({ids})(?![\w'])", lambda m: name_of(s, m.group(1)), text)


def describe_action(action, state: BSState | None = None) -> str:
    """A short button label, models by id (the app names them); with ``state``,
    features by name ("Climb the garden wall") and the verb the model calls for
    ("Send civ1 away")."""
    a, s = action, state
    who = _name(s, getattr(a, "unit", None))
    if isinstance(a, A.Activate):
        return f"Activate {who}"
    if isinstance(a, A.EndActivation):
        return f"End {who}'s activation"
    if isinstance(a, A.EndPlayerPhase):
        return "End player phase"
    if isinstance(a, A.Move):
        text = f"{'Advance' if a.advance else 'Move'} to ({a.x:.0f}, {a.y:.0f})"
        return text + (f" dragging {_name(s, a.drag)}" if a.drag else "")
    if isinstance(a, A.Fire):
        return f"{'Aimed fire' if a.aimed else 'Fire'} at {_name(s, a.target)}"
    if isinstance(a, A.Suppress):
        return f"Suppress {_name(s, a.target)}"
    if isinstance(a, A.Throw):
        g = data().gear.get(a.gear)
        return f"Throw {g.name.rstrip('s').lower() if g else a.gear} at ({a.x:.0f}, {a.y:.0f})"
    if isinstance(a, A.FireGear):
        g = data().gear.get(a.gear)
        return f"{(g.name.split()[0] if g else a.gear)} at {_name(s, a.target)}"
    if isinstance(a, A.Prone):
        return "Stand up" if a.stand else "Go prone"
    if isinstance(a, A.Interact):
        if a.what == "search":
            return "Search for survivors"
        if a.what.startswith("breach:"):
            return f"Breach {feature_name(s, a.what.split(':', 1)[1])}"
        if a.what == "red_smoke":
            return "Pop red smoke"
        if a.what == "survivor":
            return "Pick up the survivor"
        if a.what == "awad":
            return f"Lead {_name(s, a.what)} away"
        if s is not None and a.what in s.figs and s.figs[a.what].kind == "civilian":
            return f"Send {_name(s, a.what)} away"
        return f"Interact with {_name(s, a.what)}"
    if isinstance(a, A.Aid):
        g = data().gear.get(a.gear) if a.gear else None
        return f"Aid {_name(s, a.target)}" + (f" ({g.name})" if g else " (medic)")
    if isinstance(a, A.Climb):
        return f"Climb {feature_name(s, a.feature)}"
    if isinstance(a, A.ClearJam):
        return "Clear the jam"
    if isinstance(a, A.Enter):
        return f"{'Exit' if a.leave else 'Enter'} {feature_name(s, a.vehicle)}"
    if isinstance(a, A.Exfil):
        return "Exfil"
    if isinstance(a, A.SitrepPhase):
        return "SITREP phase"
    if isinstance(a, A.ClearPhase):
        return "Clear phase"
    return ""


__all__ = ["point_actions", "figure_actions", "describe_action", "describe_aimed", "confirm", "move_toward", "feature_name",
           "on_table"]
