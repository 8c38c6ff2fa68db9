"""The nova cannon (spacefleet_core 1.7): where its template may be
placed, its scatter, the hits under it, and direct hits on planets, moons
and asteroid fields (spacefleet_core rulings)."""

from __future__ import annotations

import math

from game.core.event import Target

from .. import geom

from ..data import Weapon, tables
from ..events import OrdnanceRemoved, WeaponFired
from game.core.logtext import compass_words

from ..names import where_words, feature_name, order_words, the
from ..sight import sight
from ..state import SFState, Ship
from .common import Ctx, crippled, in_field, inside_asteroids, on_table, prof
from .damage import apply_hits, place_bm
from .targets import field_aim, field_blast_markers, find_point, phenomenon_at


def nova_reason(state: SFState, ship: Ship, w: Weapon, target: str) -> str | None:
    """Why the nova cannon may not be aimed at ``target`` (spacefleet_core 1.7:
    not on AAF, Come to New Heading, Burn Retros or Brace, nor crippled; the
    template's edge 30-150 cm away, in arc, in sight; celestial phenomena:
    useless inside an asteroid field, never through one)."""
    spec = tables().orders.get(ship.order or "")
    if ship.braced or (spec is not None and not spec.nova):
        return f"{the(state, ship.id)} may not fire its nova cannon on {order_words(ship.order or 'brace_for_impact')}"
    if crippled(ship):
        return f"{the(state, ship.id)} is crippled and may not fire its nova cannon"
    if in_field(state, ship):
        return "nova cannons do not work inside an asteroid field"
    pt = find_point(target)
    t = None
    if pt is not None:
        tx, ty = pt
        W, H = state.table if ship.zone == "main" else state.low_orbit_size
        if not (0 <= tx <= W and 0 <= ty <= H):
            return "the nova cannon's template must be placed on the table"
    else:
        t = state.ships.get(target)
        if t is None or t.side == ship.side or not on_table(t) or t.zone != ship.zone:
            return f"{target!r} is not an enemy ship or a table point to aim the nova cannon at"
        tx, ty = t.x, t.y
    if not set(geom.quadrants(ship.heading, ship.x, ship.y, tx, ty)) & set(w.arcs):
        return f"{the(state, target)} is outside the {'/'.join(w.arcs)} arc of {w.name}"
    edge = math.hypot(tx - ship.x, ty - ship.y) - tables().nova.template_radius_mm
    if edge < w.min_range_cm * 10.0 - 1e-6 or edge > w.range_cm * 10.0 + 1e-6:
        return f"the template's edge would be {edge / 10:.1f} cm away; it must be {w.min_range_cm:g}-{w.range_cm:g} cm"
    fld = inside_asteroids(state, tx, ty) if pt is not None and ship.zone == "main" else None
    if fld is not None:  # aimed at an asteroid field: sight to its near edge, never through another
        px, py = field_aim(fld, ship.x, ship.y)
        d = math.hypot(px - ship.x, py - ship.y)
        if d > 1.0:
            return sight(state, ship, px + (ship.x - px) / d, py + (ship.y - py) / d)
        return None
    return sight(state, ship, tx, ty, t)


def resolve_nova(ctx: Ctx, ship_id: str, wi: int, target: str) -> None:
    """The nova cannon (spacefleet_core 1.7): the template is aimed at the
    target's stem and scatters (a D6 scatter die: ``scatter_hit_faces`` or less
    stays; else a direction die of 30-degree steps and 1D6/2D6/3D6 cm by the
    distance to the template's edge); every base touching the template takes
    1 hit, one under the centre hole D6; ordnance touched is removed; a miss
    leaves one blast marker."""
    s = ctx.s
    ship = s.ships[ship_id]
    pt = find_point(target)
    ax, ay = pt if pt is not None else (s.ships[target].x, s.ships[target].y)
    nv = tables().nova
    R = nv.template_radius_mm
    edge_cm = (math.hypot(ax - ship.x, ay - ship.y) - R) / 10.0
    dice = next(n for lim, n in nv.scatter if edge_cm <= lim + 1e-9)
    cx, cy = ax, ay
    on = Target(label="on target on", base=nv.scatter_hit_faces, at_most=True, words=("on target", "scatters"))
    sd = ctx.roll("d6", f"the {ctx.name(ship_id)}'s nova cannon: scatter die", side=ship.side, target=on).total
    note = "on target"
    if sd > nv.scatter_hit_faces:
        k = ctx.roll(nv.direction_die, "nova cannon scatter direction (30 degrees a step clockwise from east)",
                     side=ship.side).total
        dist = ctx.roll(dice, f"nova cannon scatter distance (cm; {dice.upper()} as the template's edge is "
                              f"{edge_cm:.0f} cm away)", side=ship.side).total * 10.0
        cx, cy = geom.step(cx, cy, (k - 1) * 30.0, dist)
        note = f"scattered {dist / 10:g} cm {compass_words((k - 1) * 30.0)}"
    hit_ids = sorted(sid for sid, v in s.ships.items()
                     if v.status == "active" and v.zone == ship.zone and math.hypot(v.x - cx, v.y - cy) <= R + v.radius + 1e-6)
    body = phenomenon_at(s, cx, cy) if ship.zone == "main" and sd <= nv.scatter_hit_faces else None
    if body is not None:
        note += f", a direct hit on {feature_name(body)}"
    ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=prof(ship).weapons[wi].name, dice=0,
                         hits=len(hit_ids), note=f"nova template {where_words(s, cx, cy, ship.zone)}, {note}"))
    orad = tables().constants.ordnance_radius_mm
    for o in list(s.ordnance):
        if o.zone == ship.zone and math.hypot(o.x - cx, o.y - cy) <= R + orad:
            ctx.emit(OrdnanceRemoved(id=o.id, why=f"caught by the nova cannon of the {ctx.name(ship_id)}"))
    if body is not None:  # spacefleet_core rulings: a direct hit on a planet, moon or field: D6 BMs at its edge
        n = ctx.roll(nv.direct_hit, f"nova cannon direct hit on {feature_name(body)}: blast markers at its edge",
                     side=ship.side).total
        field_blast_markers(ctx, body, ship.x, ship.y, n)
        if not hit_ids:
            return
    if not hit_ids:
        place_bm(ctx, cx, cy, ship.zone)
        return
    for sid in hit_ids:
        v = s.ships[sid]
        if v.status != "active":
            continue
        n = 1
        if math.hypot(v.x - cx, v.y - cy) <= nv.hole_radius_mm + v.radius + 1e-6:
            n = ctx.roll(nv.direct_hit, f"the {ctx.name(sid)} under the nova cannon's centre hole: hits",
                         side=ship.side).total
        apply_hits(ctx, sid, n, (ship.x, ship.y), why=f"nova cannon of the {ctx.name(ship_id)}", holofield=True)  # core 1.12: saves apply
