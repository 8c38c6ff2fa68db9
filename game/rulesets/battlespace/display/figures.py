"""What the desktop app draws for Battlespace: ``figures`` (every model and
vehicle with its markers and profile), ``markers`` (objectives, exfil edges,
suppression, smoke, the last SITREP card), ``terrain``, and how sides are
coloured (``enemies_of``, ``side_style``); see ``game/rulesets/README.md``.

Nothing here decides a rule. Display decisions (no rule meaning): models have
no facing, so a model's tick points at the nearest opposing model; soldiers
inside a vehicle are drawn in a row along its long axis (the rules put them
all at its centre); a carried or dragged model is drawn small on its carrier;
removed models (KIA, exfil, sent away) are not drawn. Units: mm.
"""

from __future__ import annotations

import math
from functools import lru_cache

from shapely.geometry import Polygon

from game.core.view import Figure, Marker
from game.geometry.terrain import TerrainPiece

from ..data import data
from ..geo import R, geo_of, in_contact
from ..names import display_name, feature_name, name_of
from ..rules.combat import bearing
from ..rules.common import suppressed, suppression_zones
from ..rules.missions import exfil_count, exfil_open
from ..rules.orders import enemy_contact
from ..state import BSState, Fig

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
def _short(s: BSState, f: Fig) -> str:
    """The label drawn on the base, never an id: a soldier's surname (3
    letters); a numbered model the initial of its card and its number ("F3"
    for Fighter 3); another its name's last word (3 letters)."""
    if f.kind == "survivor":
        return "SV"
    words = display_name(f).split()
    if f.kind != "soldier" and words[-1].isdigit() and len(words) > 1:
        return words[-2][:1].upper() + words[-1]
    return words[-1][:3].capitalize() if f.kind != "soldier" else words[-1][:3]


def _qty(q: int) -> str:
    return "" if q < 0 else f" x{q}"


def _gear_line(f: Fig) -> str:
    if not f.gear:
        return "Gear: none"
    return "Gear: " + ", ".join(f"{data().gear[g].name}{_qty(q)}" for g, q in f.gear.items())


def _total_wounds(f: Fig) -> int:
    if f.kind == "soldier":
        return data().tables.wound_track.kia_at
    card = data().enemies.get(f.card) or data().others.get(f.card)
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
    """Every active suppression fire (the rules' own zones)."""
    return suppression_zones(s)


def _is_suppressed(s: BSState, f: Fig, zones) -> bool:
    return bool(zones) and suppressed(s, f, zones)


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
        vt = data().vehicles[v.type]
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
                f"Seats {vt.seats + vt.rear_seats}" + (f", {data().weapons[vt.weapon].name}" if vt.weapon else "")
                + (", armoured" if vt.armored else ""),
                ("Disabled: cannot be occupied" if v.disabled else f"Hits {v.hits}: {prot}")
                + ("" if v.disabled or not v.immobile else "; damaged: cannot drive")]
        if crew:
            prof.append("In it: " + ", ".join(f"{display_name(o)} ({o.seat})" for o in crew))
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
    if f.status == "ok" and _is_suppressed(s, f, zones):
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
    return Figure(id=f.id, side=DISPLAY_SIDE.get(f.side, f.side), x=x, y=y, radius=r, heading=_facing(f, s), label=_short(s, f),
                  markers=tuple(marks), group=group, profile=tuple(_profile(s, f)), altitude=float(f.z))


def _profile(s: BSState, f: Fig) -> list[str]:
    name = display_name(f)
    wt = data().tables.wound_track
    if f.kind == "soldier":
        c = data().soldiers[f.card]
        lines = [f"{name} ({f.id}, {f.side})",
                 f"Accuracy +{c.accuracy}  Fight +{c.fight}  Initiative {c.initiative}"
                 + ("" if c.specialty == "none" else f"  | {c.specialty.replace('_', ' ')}"),
                 _gear_line(f),
                 f"Wounds {f.wounds}: -{wt.penalty} to rolls from {wt.penalty_at}, down at {wt.down_at}, KIA at {wt.kia_at}"]
        if s.current == f.id:
            lines.append(f"Orders left {f.orders}" + (f"; used: {', '.join(f.used)}" if f.used else ""))
        elif f.vehicle:
            lines.append(f"In {feature_name(s, f.vehicle)} ({f.seat})")
        return lines
    if f.kind == "enemy":
        c = data().enemies[f.card]
        return [f"{name} ({f.id})" + (f", element {f.group}" if f.group else ", straggler"),
                f"{c.name}: TL {c.tl}  Wounds {f.wounds}/{c.wounds}  {data().weapons[c.weapon].name}"]
    lines = [f"{name} ({f.id})", f"Wounds {f.wounds}/{_total_wounds(f)}"]
    if f.kind == "civilian":
        lines.append("blocks the soldiers' sight (not the enemy's)")
    if f.carried_by:
        lines.append(f"{'led' if f.kind == 'prisoner' else 'carried'} by {name_of(s, f.carried_by)}")
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


def ring_points(poly) -> tuple[tuple[float, float], ...]:
    if poly.geom_type != "Polygon":
        poly = max(getattr(poly, "geoms", [poly]), key=lambda p: p.area)
    return tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])


def _feature_ring(s: BSState, fid: str, grow: float = 4.0):
    """The outline of feature ``fid`` grown by ``grow`` mm, starting at its lowest
    left corner (the app writes a polygon marker's label at its first point)."""
    g = geo_of(s)
    if fid not in g.pieces:
        return None
    ring = ring_points(g.pieces[fid].polygon.buffer(grow, join_style="mitre"))
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
                     else f"LZ: extraction at the end of turn {st + data().tables.mission['smoke_exfil_after_turns']}")
        else:
            state = "exfil open" if exfil_open(s) else "exfil closed"
        out.append(Marker(id=f"exit:{e.id}", kind="exfil", points=tuple(_edge_strip(s, e)), label=f"{e.edge} edge: {state}",
                          extra={"edge": e.edge, "side": e.side}))
    for shooter, card, lane in _zones(s):
        f = s.figs[shooter]
        out.append(Marker(id=f"suppress:{shooter}", kind="suppression", points=ring_points(card),
                          label=f"suppression fire ({display_name(f)})", side=f.side, extra={"shooter": shooter}))
        if lane is not card:
            out.append(Marker(id=f"lane:{shooter}", kind="lane", points=ring_points(lane), side=f.side,
                              extra={"shooter": shooter}))
    for sm in s.smoke:
        out.append(Marker(id=sm.id, kind="smoke", points=tuple(map(tuple, sm.ring)),
                          label=f"smoke (clears at the end of turn {sm.until_turn})", extra={"until_turn": sm.until_turn}))
    parts, extra = [], {"night": s.night}
    if s.night:
        parts.append("Night")
    if s.discard:
        card = data().sitrep_by_id[s.discard[-1]]
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
            state = f"search for survivors (D20 {data().tables.mission['survivor_need']}+)"
        elif sv is None:
            state = "searched: no survivor"
        else:
            o = s.figs[sv]
            where = ({"exfil": "out", "kia": "killed"}.get(o.status)
                     or (f"carried by {name_of(s, o.carried_by)}" if o.carried_by else "on the ground"))
            state = f"searched: survivor found, {where}"
        ring = _feature_ring(s, fid)
        if ring:
            out.append(Marker(id=f"objective:{fid}", kind="objective", points=ring, label=state,
                              extra={"searched": bool(s.obj.get("searched")), "survivor": sv}))
    elif s.mission == "m2_awad":
        breached = s.obj.get("breached", [])
        found = s.obj.get("awad_found")
        for fid in p.get("targets", []):
            name = feature_name(s, fid)
            if fid == found:
                state = f"{name}: Awad found" + (" - BOMB went off" if s.obj.get("bomb") else " (a natural 1 sets off the bomb)")
            elif fid in breached:
                state = f"{name}: breached, empty"
            elif s.obj.get("escaped"):
                state = f"{name}: Awad escaped"
            else:
                state = f"{name}: not breached"
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
                              points=((cx, cy),), radius=data().tables.card.long_mm if st is not None else 2 * R, label=label,
                              extra={"smoke_turn": st}))
    return out


__all__ = ["figures", "markers", "terrain", "enemies_of", "side_style", "ring_points"]


# ----------------------------------------------------------------------------- objectives
def objective_status(s: BSState) -> dict[str, tuple[str, str]]:
    """Each objective of the state's mission, for the app's objectives panel (ticked
    when done, crossed when failed): ``objective id -> (state, note)``, state
    ``"done"``, ``"failed"`` or ``"open"``. Keys are the objective ids the bundled
    scenarios use per mission (``search``, ``exfil``, ``awad``, ``survive``,
    ``guards``, ``smoke``, ``retreat``). Nothing here decides a rule: the counts are
    the ones the Clear Phase checks (:func:`..rules.missions.clear_check`) and the
    mission result once the battle is over."""
    p = s.params
    out_n = exfil_count(s)
    won = s.over and s.winner == "fireteam"
    lost = s.over and not won

    def res(done: bool, note: str = "") -> tuple[str, str]:
        return ("done" if done else ("failed" if lost else "open"), note)

    def out_of(need: int) -> str:
        # "2 of 3 out" while short; past the count, "4 out (3 needed)" (it read "4 of 3 out")
        return f"{out_n} of {need} out" if out_n <= need else f"{out_n} out ({need} needed)"

    m = s.mission
    if m == "m1_survivors":
        need = p.get("exfil_needed", 3)
        found = ("survivor found" if s.obj.get("survivor") else "no survivor") if s.obj.get("searched") else ""
        return {"search": res(bool(s.obj.get("searched")), found), "exfil": res(won, out_of(need))}
    if m == "m2_awad":
        awad = s.figs.get("awad")
        if s.obj.get("escaped"):
            got = ("failed", "escaped")
        elif awad is not None and awad.kind == "prisoner":
            got = res(awad.status == "exfil", "taken out a prisoner" if awad.status == "exfil" else "captured: take him out")
        else:
            got = res(awad is not None and awad.status == "kia", "found" if awad is not None and awad.status == "ok" else "")
        return {"awad": got, "exfil": res(won, f"{out_n} out")}
    if m == "m3_ambush":
        return {"survive": res(won, f"turn {s.turn} of {s.turn_limit}")}
    if m == "m4_hostages":
        guards = [s.figs[g] for g in p.get("guards", []) if g in s.figs]
        down = sum(1 for g in guards if g.status == "kia")
        late = not down == len(guards) and s.turn >= p.get("guard_deadline", 5)
        return {"guards": ("failed", "too late") if late else res(bool(guards) and down == len(guards),
                                                                   f"{down} of {len(guards)} down"),
                "smoke": res(s.obj.get("smoke_turn") is not None)}
    if m == "m5_retreat":
        need = p.get("exfil_needed", 2)
        return {"retreat": res(won or out_n >= need, out_of(need))}
    return {}
