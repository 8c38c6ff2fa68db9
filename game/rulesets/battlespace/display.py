"""Display hooks of Battlespace: what the desktop app draws and offers
(``figures``, ``markers``, ``terrain``, ``point_actions``, ``figure_actions``,
``preview``, ``describe_action``, ``figure_overlays``; see ``game/rulesets/README.md``).

Nothing here decides a rule: legality stays with ``check``, numbers come from
the rule functions (``fire_numbers``/``hit_chance``, ``initiative_mods``,
``melee``, ``interact``, ``suppression_zones``, ``aoe_polygon``/``in_area``,
``climb_target``, ``order_cost``) and the card data. Where a chance is not a
single modified roll, the rule function itself is run once per die face on a
scratch copy (scripted dice) and the outcomes counted.

Display decisions (no rule meaning): models have no facing, so a model's tick
points at the nearest opposing model; soldiers inside a vehicle are drawn in a
row along its long axis (the rules put them all at its centre); a carried or
dragged model is drawn small on its carrier; removed models (KIA, exfil, sent
away) are not drawn. Units: mm.
"""

from __future__ import annotations

import math
from functools import lru_cache

from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from game.core.dice import Dice, DiceError
from game.core.view import Figure, Marker
from game.geometry.terrain import TerrainPiece

from . import actions as A
from .apply import apply as apply_event
from .cards import DATA
from .geo import R, TOL, geo_of, in_contact
from .sight import adjudicate
from .missions import exfil_open, interactions
from .rules.combat import aoe_polygon, bearing, fire_numbers, hit_chance, in_area, melee, point_blank, soldier_weapon
from .rules.common import Emitter, suppressed, suppression_zones
from .rules.orders import CLIMB_TALL, climb_target, enemy_contact, on_exit, order_cost
from .state import BSState, Fig
from .turn import can_attempt, initiative_mods
from .vehicles import drive_reach

T = DATA.tables
M = T.modifiers
MT = T.mission
THROW_REACH = R + T.throw.reach_mm  #: centre to reference point (orders.check_order)
SHOWN = ("ok", "down")  #: statuses drawn; kia / exfil / gone are off the table
#: figure sides that are not fighting sides: the app colours a side it does not
#: seat by its name, and "aid" / "vehicle" would share the enemy's colour
DISPLAY_SIDE = {"aid": "hostage"}
VEHICLE_SIDE = "vehicles"


# ----------------------------------------------------------------------------- terrain
def terrain(s: BSState) -> list[TerrainPiece]:
    """The terrain as it stands now, in map order: the pieces the rules measure
    sight, cover and paths against (:func:`geo.geo_of`), so a driven vehicle
    is at its moved footprint (``state.terrain``, shifted by ``VehicleMoved``)."""
    return list(geo_of(s).pieces.values())


# ----------------------------------------------------------------------------- sides
def _is_team(side: str) -> bool:
    return side == "fireteam" or side.startswith("fireteam")


def enemies_of(s: BSState, side: str) -> set[str]:
    """The sides a figure of ``side`` draws sight lines to: the fireteams are allies of
    each other and face the enemy; the enemy faces every fireteam; civilians, hostages
    (aid workers), the survivor's side and vehicles face nobody and nobody faces them."""
    if side in s.teams or _is_team(side):
        return {"enemy"}
    if side == "enemy":
        return set(s.teams)
    return set()


def side_style(side: str) -> str:
    """Fireteams friendly, the enemy hostile, everyone else (civilians, hostages, vehicles) neutral."""
    if _is_team(side):
        return "friendly"
    return "hostile" if side == "enemy" else "neutral"


# ----------------------------------------------------------------------------- helpers
def _card_name(f: Fig) -> str:
    if f.kind == "soldier":
        return DATA.soldiers[f.card].name
    if f.kind == "enemy":
        return f.name or DATA.enemies[f.card].name
    return f.name or DATA.others[f.card].name


def _short(f: Fig) -> str:
    """The label drawn on the base: a soldier's surname (3 letters), else the id."""
    if f.kind == "soldier":
        return _card_name(f).split()[-1][:3]
    if f.kind == "survivor":
        return "SV"
    return f.id


def _qty(q: int) -> str:
    return "" if q < 0 else f" x{q}"


def _gear_line(f: Fig) -> str:
    if not f.gear:
        return "Gear: none"
    return "Gear: " + ", ".join(f"{DATA.gear[g].name}{_qty(q)}" for g, q in f.gear.items())


def _total_wounds(f: Fig) -> int:
    if f.kind == "soldier":
        return T.wound_track.kia_at
    card = DATA.enemies.get(f.card) or DATA.others.get(f.card)
    return card.wounds if card else 1


@lru_cache(maxsize=64)
def _vehicle_box(ring: tuple) -> tuple[float, float, float, float, float]:
    """(cx, cy, width, depth, heading) of a vehicle footprint: its minimum rotated
    rectangle, depth along the long side, heading along it (degrees clockwise from +x)."""
    poly = Polygon(ring)
    rect = poly.minimum_rotated_rectangle
    pts = list(rect.exterior.coords)[:4]
    a, b = math.dist(pts[0], pts[1]), math.dist(pts[1], pts[2])
    if a >= b:
        (x0, y0), (x1, y1), depth, width = pts[0], pts[1], a, b
    else:
        (x0, y0), (x1, y1), depth, width = pts[1], pts[2], b, a
    h = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 180.0
    c = poly.centroid
    return (c.x, c.y, width, depth, h)


def _vehicle_feat(s: BSState, vid: str):
    return next((t for t in s.terrain if t.id == vid), None)


def _facing(f: Fig, s: BSState) -> float:
    """Tick direction: the suppression target, else the nearest opposing model."""
    if f.suppress:
        sx, sy, tx, ty = f.suppress
        if (sx, sy) != (tx, ty):
            return bearing((f.x, f.y), (tx, ty))
    if f.side == "enemy":
        foes = [o for o in s.figs.values() if o.kind in ("soldier", "hostage") and o.on_table and o.carried_by is None]
    elif f.kind == "soldier":
        foes = s.enemies()
    else:
        return 90.0
    best = min(foes, key=lambda o: (o.x - f.x) ** 2 + (o.y - f.y) ** 2, default=None)
    if best is None or (best.x, best.y) == (f.x, f.y):
        return 270.0 if f.side != "enemy" else 90.0
    return bearing((f.x, f.y), (best.x, best.y))


def _zones(s: BSState):
    """Active suppression against soldiers and against enemies (rules' own zones)."""
    return {"fireteam": suppression_zones(s, "fireteam"), "enemy": suppression_zones(s, "enemy")}


def _is_suppressed(s: BSState, f: Fig, zones) -> bool:
    key = "enemy" if f.side == "enemy" else "fireteam"
    return bool(zones[key]) and suppressed(s, f, zones[key])


def _in_melee(s: BSState, f: Fig) -> bool:
    if f.status != "ok":
        return False
    if f.kind == "soldier":
        return bool(enemy_contact(s, f))
    if f.side == "enemy":
        return any(o.kind == "soldier" and o.status == "ok" and in_contact(o, f) for o in s.figs.values())
    return False


# ----------------------------------------------------------------------------- figures
def figures(s: BSState) -> list[Figure]:
    """Every model on the table, in drawing order: models on foot, vehicles, their
    occupants, then carried models (small, on their carrier)."""
    zones = _zones(s)
    vehicles: list[Figure] = []
    seats: dict[str, list[Fig]] = {}
    for f in s.figs.values():
        if f.vehicle and f.status in SHOWN:
            seats.setdefault(f.vehicle, []).append(f)
    spots: dict[str, tuple[float, float, float]] = {}
    for vid, v in s.vehicles.items():
        feat = _vehicle_feat(s, vid)
        if feat is None:
            continue
        vt = DATA.vehicles[v.type]
        cx, cy, w, d, h = _vehicle_box(tuple(map(tuple, feat.exterior)))
        crew = sorted(seats.get(vid, []), key=lambda o: ({"driver": 0, "gunner": 1}.get(o.seat or "", 2), o.id))
        marks = []
        if v.hits:
            marks.append(f"hits:{v.hits}")
        if v.immobile:
            marks.append("immobile")
        if crew:
            marks.append(f"crew:{len(crew)}")
        prot = "never disabled" if not vt.disable else f"disabled after {vt.protection} attacks on its occupants"
        prof = [f"{vt.name} ({vid})",
                f"Seats {vt.seats + vt.rear_seats}" + (f", {DATA.weapons[vt.weapon].name}" if vt.weapon else "")
                + (", armoured" if vt.armored else ""),
                ("Disabled: cannot be occupied" if v.disabled else f"Hits {v.hits}: {prot}")
                + ("" if v.disabled or not v.immobile else "; damaged: cannot drive")]
        if crew:
            prof.append("In it: " + ", ".join(f"{o.id} ({o.seat})" for o in crew))
        vehicles.append(Figure(id=vid, side=VEHICLE_SIDE, x=cx, y=cy, radius=0.0, width=w, depth=d, heading=h,
                          label=vt.name, markers=tuple(marks), profile=tuple(prof)))
        # occupants in a row along the long axis (display only)
        n = len(crew)
        if n:
            r = min(R, w * 0.32)
            step = min(2 * r + 1.0, (d - 2 * r) / max(n - 1, 1)) if n > 1 else 0.0
            hx, hy = math.cos(math.radians(h)), math.sin(math.radians(h))
            shift = step / 2 if n % 2 else 0.0  # keep the vehicle's centre clickable
            for i, o in enumerate(crew):
                k = (i - (n - 1) / 2) * step + shift
                spots[o.id] = (cx + hx * k, cy + hy * k, r)
    foot: list[Figure] = []
    inside: list[Figure] = []
    carried: list[Figure] = []
    for f in s.figs.values():
        if f.status not in SHOWN:
            continue
        fig = _figure(s, f, zones, spots.get(f.id))
        (carried if f.carried_by else inside if f.id in spots else foot).append(fig)
    return foot + vehicles + inside + carried


def _figure(s: BSState, f: Fig, zones, spot) -> Figure:
    marks: list[str] = []
    if f.wounds > 0:
        marks.append(f"wounded:{f.wounds}")
    if f.status == "down":
        marks.append("down")
    if f.prone:
        marks.append("prone")
    if f.status == "ok" and f.kind in ("soldier", "enemy") and _is_suppressed(s, f, zones):
        marks.append("suppressed")
    if f.suppress and f.status == "ok":
        marks.append("suppressing")
    if f.jammed:
        marks.append("jammed")
    if f.stunned:
        marks.append("stunned")
    if f.activated and f.status == "ok":
        marks.append("activated")
    if s.current == f.id:
        marks.append(f"orders:{f.orders}")
        if f.move_only:
            marks.append("move_only")
    if f.vehicle:
        marks.append("in_vehicle")
    if f.midway:
        marks.append("midway")
    if f.carrying:
        marks.append(f"{'dragging' if f.dragging else 'carrying'}:{f.carrying}")
    if f.carried_by:
        marks.append("carried")
    if _in_melee(s, f):
        marks.append("melee")
    if f.id in s.params.get("guards", []):
        marks.append("guard")
    x, y, r = (spot if spot else (f.x, f.y, R))
    if f.carried_by:
        r = R * 0.55
    group = None if (f.carried_by or f.vehicle) else (f.side if f.kind == "soldier" else f.group)
    return Figure(id=f.id, side=DISPLAY_SIDE.get(f.side, f.side), x=x, y=y, radius=r, heading=_facing(f, s), label=_short(f),
                  markers=tuple(marks), group=group, profile=tuple(_profile(s, f)), altitude=float(f.z))


def _profile(s: BSState, f: Fig) -> list[str]:
    name = _card_name(f)
    wt = T.wound_track
    if f.kind == "soldier":
        c = DATA.soldiers[f.card]
        lines = [f"{name} ({f.id}, {f.side})",
                 f"Accuracy +{c.accuracy}  Fight +{c.fight}  Initiative {c.initiative}"
                 + ("" if c.specialty == "none" else f"  | {c.specialty.replace('_', ' ')}"),
                 _gear_line(f),
                 f"Wounds {f.wounds}: -{wt.penalty} to rolls from {wt.penalty_at}, down at {wt.down_at}, KIA at {wt.kia_at}"]
        if s.current == f.id:
            lines.append(f"Orders left {f.orders}" + (f"; used: {', '.join(f.used)}" if f.used else ""))
        elif f.vehicle:
            lines.append(f"In {f.vehicle} ({f.seat})")
        return lines
    if f.kind == "enemy":
        c = DATA.enemies[f.card]
        return [f"{name} ({f.id})" + (f", element {f.group}" if f.group else ", straggler"),
                f"TL {c.tl}  Wounds {f.wounds}/{c.wounds}  {DATA.weapons[c.weapon].name}"]
    lines = [f"{name} ({f.id})", f"Wounds {f.wounds}/{_total_wounds(f)}"]
    if f.kind == "civilian":
        lines.append("blocks the soldiers' sight (not the enemy's)")
    if f.carried_by:
        lines.append(f"carried by {f.carried_by}")
    return lines


# ----------------------------------------------------------------------------- markers
def _edge_strip(s: BSState, e) -> list[tuple[float, float]]:
    """Where a base touches exfil edge ``e`` (a strip one base deep). The first point lies
    on its inner side, 70% along (the app writes a polygon marker's label there, clear of
    a central deployment zone)."""
    w, h = s.table
    end = e.end if e.end is not None else (w if e.edge in ("north", "south") else h)
    a, b, d = e.start, end, 2 * R
    m = a + 0.7 * (b - a)
    return {"north": [(m, d), (b, d), (b, 0.0), (a, 0.0), (a, d)],
            "south": [(m, h - d), (b, h - d), (b, h), (a, h), (a, h - d)],
            "west": [(d, m), (d, b), (0.0, b), (0.0, a), (d, a)],
            "east": [(w - d, m), (w - d, b), (w, b), (w, a), (w - d, a)]}[e.edge]


def _ring(poly) -> tuple[tuple[float, float], ...]:
    if poly.geom_type != "Polygon":
        poly = max(getattr(poly, "geoms", [poly]), key=lambda p: p.area)
    return tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])


def _feature_ring(s: BSState, fid: str, grow: float = 4.0):
    """The outline of feature ``fid`` grown by ``grow`` mm, starting at its lowest
    left corner (the app writes a polygon marker's label at its first point)."""
    g = geo_of(s)
    if fid not in g.pieces:
        return None
    ring = _ring(g.pieces[fid].polygon.buffer(grow, join_style="mitre"))
    k = min(range(len(ring)), key=lambda i: (-round(ring[i][1], 1), ring[i][0]))
    return ring[k:] + ring[:k]


def markers(s: BSState) -> list[Marker]:
    """Objectives with their state, exfil edges, suppression fire (AoE and lane), smoke, the last SITREP card."""
    out: list[Marker] = []
    out += _objective_markers(s)
    for e in s.exits:
        if s.mission == "m3_ambush":
            state = "no exfil: hold out"
        elif s.mission == "m4_hostages":
            st = s.obj.get("smoke_turn")
            state = ("LZ: pop red smoke first" if st is None
                     else f"LZ: extraction at the end of turn {st + MT['smoke_exfil_after_turns']}")
        else:
            state = "exfil open" if exfil_open(s) else "exfil closed"
        out.append(Marker(id=f"exit:{e.id}", kind="exfil", points=tuple(_edge_strip(s, e)), label=f"{e.edge} edge: {state}",
                          extra={"edge": e.edge, "side": e.side}))
    for against, zs in _zones(s).items():
        for shooter, card, lane in zs:
            f = s.figs[shooter]
            out.append(Marker(id=f"suppress:{shooter}", kind="suppression", points=_ring(card),
                              label=f"suppression fire ({shooter})", side=f.side, extra={"shooter": shooter}))
            if lane is not card:
                out.append(Marker(id=f"lane:{shooter}", kind="lane", points=_ring(lane), side=f.side,
                                  extra={"shooter": shooter}))
    for sm in s.smoke:
        out.append(Marker(id=sm.id, kind="smoke", points=tuple(map(tuple, sm.ring)),
                          label=f"smoke (clears at the end of turn {sm.until_turn})", extra={"until_turn": sm.until_turn}))
    parts, extra = [], {"night": s.night}
    if s.night:
        parts.append("Night")
    if s.discard:
        card = DATA.sitrep_by_id[s.discard[-1]]
        parts.append(f"SITREP: {card.title}  (deck {len(s.deck)})")
        extra["card"] = card.id
    if parts:  # a note in the table's corner
        out.append(Marker(id="sitrep", kind="sitrep", points=((4.0, 4.0),), radius=1.0, label="  |  ".join(parts), extra=extra))
    return out


def _objective_markers(s: BSState) -> list[Marker]:
    out: list[Marker] = []
    p = s.params
    if s.mission == "m1_survivors" and p.get("search_feature"):
        fid = p["search_feature"]
        sv = s.obj.get("survivor")
        if not s.obj.get("searched"):
            state = f"search for survivors (D20 {MT['survivor_need']}+)"
        elif sv is None:
            state = "searched: no survivor"
        else:
            o = s.figs[sv]
            where = ({"exfil": "out", "kia": "killed"}.get(o.status)
                     or (f"carried by {o.carried_by}" if o.carried_by else "on the ground"))
            state = f"searched: survivor found, {where}"
        ring = _feature_ring(s, fid)
        if ring:
            out.append(Marker(id=f"objective:{fid}", kind="objective", points=ring, label=state,
                              extra={"searched": bool(s.obj.get("searched")), "survivor": sv}))
    elif s.mission == "m2_awad":
        breached = s.obj.get("breached", [])
        found = s.obj.get("awad_found")
        for fid in p.get("targets", []):
            if fid == found:
                state = f"{fid}: Awad found" + (" - BOMB went off" if s.obj.get("bomb") else " (a natural 1 sets off the bomb)")
            elif fid in breached:
                state = f"{fid}: breached, empty"
            elif s.obj.get("escaped"):
                state = f"{fid}: Awad escaped"
            else:
                state = f"{fid}: not breached"
            ring = _feature_ring(s, fid)
            if ring:
                out.append(Marker(id=f"objective:{fid}", kind="objective", points=ring, label=state,
                                  extra={"breached": fid in breached, "awad": fid == found, "bomb": bool(s.obj.get("bomb"))}))
    elif s.mission == "m4_hostages":
        aid = [a for a in s.figs.values() if a.kind == "hostage" and a.on_table]
        st = s.obj.get("smoke_turn")
        if aid:
            cx, cy = sum(a.x for a in aid) / len(aid), sum(a.y for a in aid) / len(aid)
            label = "aid workers: pop red smoke beside them" if st is None else f"red smoke (turn {st})"
            out.append(Marker(id="objective:red_smoke", kind="objective" if st is None else "red_smoke",
                              points=((cx, cy),), radius=T.card.long_mm if st is not None else 2 * R, label=label,
                              extra={"smoke_turn": st}))
    return out


# ----------------------------------------------------------------------------- actions
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


# ----------------------------------------------------------------------------- preview
def _orders_text(s: BSState, f: Fig, a) -> str:
    _, n = order_cost(s, f, a)
    return "free" if n == 0 else f"{n} order" + ("s" if n > 1 else "")


def _mods_text(mods) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in mods)


def _need_text(need: int, mods, floor: int = 2) -> str:
    total = sum(v for _, v in mods)
    nat = max(floor, need - total)
    if nat > 20:
        return f"cannot succeed (TL {need}; {_mods_text(mods)})"
    return f"{nat}+ on the D20 (TL {need}; {_mods_text(mods)})"


def _face_chance(s: BSState, faces: int, run, success) -> float | None:
    """Run ``run(emitter)`` on a scratch copy once per face of the die and count
    ``success(state after)``: the exact chance by the rule functions themselves."""
    ok = 0
    for face in range(1, faces + 1):
        em = Emitter(s, Dice.scripted([face]), apply_event)
        try:
            run(em)
        except DiceError:
            return None
        ok += bool(success(em.s))
    return ok / faces


def _drift_direct(reroll: bool) -> float:
    """Chance the card lands on the aimed point (Battlespace: Drift; the grenadier re-rolls once)."""
    miss = (T.drift.direct_from - 1) / 20.0
    return 1.0 - (miss * miss if reroll else miss)


def _exposure(s: BSState, f: Fig, x: float, y: float) -> str:
    probe = f.model_copy(update={"x": x, "y": y})
    seen = []
    for e in s.enemies():
        sg = adjudicate(s, e, probe)
        if sg.sees:
            seen.append(f"{e.id}" + ("" if sg.cover == "none" else f" ({sg.cover})"))
    return "seen by " + ", ".join(seen) if seen else "out of every enemy's sight"


def preview(rs, s: BSState, action) -> dict:
    """What ``action`` would do: odds and the roll needed, path and stop, template and models touched, text."""
    f = s.figs.get(getattr(action, "unit", ""))
    if f is None:
        if isinstance(action, A.EndPlayerPhase):
            left = [o.id for o in s.figs.values() if o.side == action.side and can_attempt(s, o)]
            return {"text": [f"{', '.join(left) or 'nobody'} will not act this turn; then the SITREP phase"]}
        return {}
    if isinstance(action, A.Activate):
        return _pv_activate(s, f)
    if isinstance(action, A.Move):
        return _pv_move(s, f, action)
    if isinstance(action, A.Fire):
        return _pv_fire(s, f, action)
    if isinstance(action, A.Suppress):
        return _pv_suppress(s, f, action)
    if isinstance(action, (A.Throw, A.FireGear)):
        return _pv_area(s, f, action)
    if isinstance(action, A.Climb):
        return _pv_climb(s, f, action)
    if isinstance(action, A.Interact):
        return _pv_interact(s, f, action)
    out: dict = {"cost": _orders_text(s, f, action)} if not isinstance(action, A.EndActivation) else {}
    if isinstance(action, A.Aid):
        t = s.figs.get(action.target)
        if t is not None:
            out["text"] = [f"{t.id}: {t.wounds} -> {max(0, t.wounds - 1)} wounds"]
    elif isinstance(action, A.Prone):
        out["text"] = ["standing: free" if action.stand else f"prone: enemy attacks on him need {M['prone']} less; cannot move"]
    elif isinstance(action, A.Enter) and action.vehicle in s.vehicles:
        vt = DATA.vehicles[s.vehicles[action.vehicle].type]
        out["text"] = [f"{vt.name}: {'solid' if vt.armored else 'obscured'} cover inside"]
    elif isinstance(action, A.EndActivation):
        out["text"] = [f"{f.id} keeps {f.orders} unused order(s)" if f.orders else f"{f.id} is done"]
    return out


def _pv_activate(s: BSState, f: Fig) -> dict:
    need = DATA.soldiers[f.card].initiative
    mods = initiative_mods(s, f)
    total = sum(v for _, v in mods)
    odds = sum(1 for face in range(1, 21) if face + total >= need) / 20.0
    text = [f"success: {T.orders_per_activation} orders ({T.orders_on_natural_20} on a natural 20); "
            "failure: a SITREP card and one move"]
    if enemy_contact(s, f):
        text.insert(0, "hand to hand first (base contact with an enemy)")
    return {"odds": odds, "need": f"{max(1, need - total)}+ on the D20 (Initiative {need}"
            + (f"; {_mods_text(mods)})" if mods else ")"), "text": text}


def _pv_drive(s: BSState, f: Fig, a: A.Move) -> dict:
    want, can, by = drive_reach(s, f, a.x, a.y)
    out: dict = {"path": [(f.x, f.y), (a.x, a.y)], "cost": f"drive {want:.0f} of {T.advance_mm:g} mm, {_orders_text(s, f, a)}"}
    if want > 0 and can < want - 0.5:
        k = can / want
        out["stop"] = (f.x + (a.x - f.x) * k, f.y + (a.y - f.y) * k)
        out["text"] = [f"stops after {can:.0f} mm against {by}"]
    return out


def _pv_move(s: BSState, f: Fig, a: A.Move) -> dict:
    if f.vehicle:
        return _pv_drive(s, f, a)
    g = geo_of(s)
    d = math.hypot(a.x - f.x, a.y - f.y)
    limit = T.advance_mm if a.advance else T.move_mm
    out: dict = {"path": [(f.x, f.y), (a.x, a.y)], "cost": f"{d:.0f} of {limit:g} mm, {_orders_text(s, f, a)}"}
    stop = g.hinder_stop(f.x, f.y, a.x, a.y) if f.on is None else math.inf
    far = min(stop, limit)
    if d > far + 0.5 and d > 0:
        k = far / d
        out["stop"] = (f.x + (a.x - f.x) * k, f.y + (a.y - f.y) * k)
    text = []
    if a.drag:
        text.append(f"dragging {a.drag}: -{M['dragging']} to his shots this turn")
    moved = f.model_copy(update={"x": a.x, "y": a.y})
    foes = [e for e in s.enemies() if in_contact(e, moved)]
    if foes:
        e = min(foes, key=lambda o: o.id)
        out["touches"] = [o.id for o in foes]
        s2 = s.model_copy(update={"figs": {**s.figs, f.id: moved}})
        odds = _face_chance(s2, 20, lambda em: melee(em, em.s.figs[f.id], em.s.figs[e.id]),
                            lambda st: st.figs[e.id].wounds > e.wounds)
        if odds is not None:
            out["odds"] = odds
        text.append(f"ends in base contact with {e.id}: hand to hand")
    text.append(_exposure(s, f, a.x, a.y))
    out["text"] = text
    return out


def _pv_fire(s: BSState, f: Fig, a: A.Fire) -> dict:
    t = s.figs.get(a.target)
    if t is None or t.side != "enemy":
        return {}
    sg = adjudicate(s, f, t)
    if not sg.sees:
        return {"cost": _orders_text(s, f, a), "text": [f"no line of sight to {t.id}"]}
    need, mods = fire_numbers(s, f, t, a.aimed)
    weapon = DATA.weapons[soldier_weapon(s, f)]
    w = weapon.wounds + (M["point_blank_wounds"] if point_blank(f, t) else 0)
    left = DATA.enemies[t.card].wounds - t.wounds
    text = [f"hit: {w} wound(s)" + (" (point blank)" if point_blank(f, t) else "") + f"; {t.id} has {left} left"]
    if soldier_weapon(s, f) == "assault_rifle":
        text.append("a natural 1 jams the weapon")
    return {"odds": hit_chance(need, mods), "need": _need_text(need, mods), "cost": _orders_text(s, f, a), "text": text}


def _pv_suppress(s: BSState, f: Fig, a: A.Suppress) -> dict:
    t = s.figs.get(a.target)
    if t is None:
        return {}
    probe = f.model_copy(update={"suppress": [f.x, f.y, t.x, t.y]})
    s2 = s.model_copy(update={"figs": {**s.figs, f.id: probe}})
    against = "fireteam" if f.side == "enemy" else "enemy"
    zones = [z for z in suppression_zones(s2, against) if z[0] == f.id]
    out: dict = {"cost": _orders_text(s, f, a)}
    if zones:
        _, card, lane = zones[0]
        out["template"] = {"points": list(_ring(unary_union([card, lane])))}
        out["touches"] = [o.id for o in s2.figs.values() if o.status == "ok" and o.id != f.id
                          and (o.side == "enemy") == (against == "enemy") and suppressed(s2, o, zones)]
    out["text"] = [f"suppressed enemies: TL -{M['suppressed_enemy_tl']}, no moving; lifted when {f.id} takes another order"]
    return out


def _pv_area(s: BSState, f: Fig, a) -> dict:
    g = DATA.gear.get(a.gear)
    if g is None:
        return {}
    if isinstance(a, A.Throw):
        x, y, centred = a.x, a.y, False
    else:
        t = s.figs.get(a.target)
        if t is None:
            return {}
        x, y, centred = t.x, t.y, True
    away = bearing((f.x, f.y), (x, y)) if (x, y) != (f.x, f.y) else 0.0
    poly = aoe_polygon(x, y, away, centred)
    hit = [o.id for o in in_area(s, poly) if o.id != f.id or g.kind != "throw_smoke"]
    out: dict = {"template": {"points": list(_ring(poly))}, "touches": hit, "cost": _orders_text(s, f, a)}
    gren = DATA.soldiers[f.card].specialty == "grenadier"
    text = []
    if g.drift:
        out["odds"] = _drift_direct(gren)
        text.append(f"lands where aimed {out['odds']:.0%}" + (" (grenadier re-roll)" if gren else "")
                    + f", else drifts {T.drift.distance_mm:g} mm")
    if g.kind in ("throw_aoe", "fire_aoe"):
        text.append(f"each enemy under it: D20 >= its TL; soldiers avoid on {g.avoid_tl}+")
    elif g.kind == "throw_smoke":
        text.append(f"blocks all sight until the end of turn {s.turn + g.duration_turns}")
    elif g.kind == "throw_stun":
        text.append("enemies under it lose their next activation")
    if isinstance(a, A.Throw):
        text.append(f"reach {math.hypot(a.x - f.x, a.y - f.y):.0f} of {THROW_REACH:g} mm")
    out["text"] = text
    return out


def _pv_climb(s: BSState, f: Fig, a: A.Climb) -> dict:
    g = geo_of(s)
    piece = g.pieces.get(a.feature)
    out: dict = {"cost": _orders_text(s, f, a)}
    if piece is None:
        return out
    text = ["ends the activation"]
    if f.midway and f.midway_down:
        tgt = (f.x, f.y, 0.0, None)
        text.insert(0, "finish the climb down")
    elif f.midway:
        tgt = climb_target(s, f.model_copy(update={"midway": None}), a.feature)
        text.insert(0, "finish the climb")
    elif f.on == a.feature and piece.height > CLIMB_TALL:
        tgt = None
        text.insert(0, f"{piece.height:g} mm is over {CLIMB_TALL:g} mm: stops midway down, 2 more orders later")
    elif f.on is None and piece.kind != "wall" and piece.height > CLIMB_TALL:
        tgt = None
        text.insert(0, f"{piece.height:g} mm is over {CLIMB_TALL:g} mm: stops midway, 2 more orders later")
    else:
        tgt = climb_target(s, f, a.feature)
    if tgt is not None:
        out["path"] = [(f.x, f.y), (tgt[0], tgt[1])]
        if tgt[2] > f.z:
            text.append(f"up {tgt[2] - f.z:g} mm: +{M['elevation']} shooting down")
    out["text"] = text
    return out


def _pv_interact(s: BSState, f: Fig, a: A.Interact) -> dict:
    from .missions import interact

    out: dict = {"cost": _orders_text(s, f, a)}
    if a.what not in interactions(s, f):
        return out
    if a.what == "search":
        odds = _face_chance(s, 20, lambda em: interact(em, em.s.figs[f.id], "search"),
                            lambda st: st.obj.get("survivor") is not None)
        if odds is not None:
            out["odds"] = odds
            out["need"] = f"{MT['survivor_need']}+ on the D20 for a survivor"
    elif a.what.startswith("breach:"):
        odds = _face_chance(s, 6, lambda em: interact(em, em.s.figs[f.id], a.what),
                            lambda st: st.obj.get("awad_found") is not None)
        if odds is not None:
            out["odds"] = odds
            out["text"] = [f"chance Awad is in {a.what.split(':', 1)[1]}"]
    elif a.what == "red_smoke":
        out["text"] = [f"extraction at the end of turn {s.turn + MT['smoke_exfil_after_turns']} if the guards are dead"]
    elif a.what in s.figs:
        o = s.figs[a.what]
        out["text"] = ["pick up and carry the survivor" if o.kind == "survivor" else f"send {o.id} away"]
    return out


# ----------------------------------------------------------------------------- labels
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


def figure_overlays(s: BSState, figure_id: str) -> dict:
    """Range rings around a model: move, throw reach, point blank (centre to centre), advance."""
    return {"range_bands": [T.move_mm, THROW_REACH, 2 * R + T.point_blank_mm, T.advance_mm]}


__all__ = ["figures", "markers", "point_actions", "figure_actions", "preview", "describe_action", "figure_overlays"]
