"""Shooting phase: target priority, the Gunnery table and its column shifts
(range, blast markers, aspect, sunward doubling, low orbit), lances, fire at
ordnance (spacefleet_core 1.7; celestial phenomena)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import geom
from .actions import Fire
from shapely.geometry import Point
from shapely.ops import nearest_points

from game.core.event import Target

from .common import (HULKS, Ctx, ceil_half, crippled, halve_for_order,
                     inside_asteroids, ld_target, leadership, on_table, pool_faces, prof,
                     remaining, shield_capacity, squadron, weapon_disabled, weapon_strength)
from .names import feature_name, order_words
from .damage import apply_hits, catastrophe, place_bm
from .sight import shifts, sight
from .events import BlastMarkerPlaced, OrdnanceRemoved, PriorityTest, WeaponFired
from .state import Feature, Ordnance, SFState, Ship
from .tables import Weapon, tables

SUNWARD_HEADING = {"north": -90.0, "south": 90.0, "east": 0.0, "west": 180.0}


def ordnance_id(o: Ordnance) -> str:
    return f"o{o.id}"


def find_ordnance(state: SFState, target: str) -> Ordnance | None:
    if not target.startswith("o"):
        return None
    for o in state.ordnance:
        if ordnance_id(o) == target:
            return o
    return None


FIELD_PREFIX = "f:"


def field_target(f: Feature) -> str:
    """The Fire target string naming an asteroid field."""
    return FIELD_PREFIX + f.id


def find_field(state: SFState, target: str) -> Feature | None:
    """The asteroid field a Fire target names (``f:<feature id>``), or None."""
    if not target.startswith(FIELD_PREFIX):
        return None
    return next((f for f in state.features if f.kind == "asteroid_field" and f.id == target[len(FIELD_PREFIX):]), None)


POINT_PREFIX = "p:"


def point_target(x: float, y: float) -> str:
    """The Fire target string of a table point (mm, one decimal): the nova
    cannon's template may be placed anywhere it can reach (spacefleet_core 1.7)."""
    return f"{POINT_PREFIX}{x:.1f},{y:.1f}"


def find_point(target: str) -> tuple[float, float] | None:
    """The table point a Fire target names (``p:<x>,<y>``), or None."""
    if not target.startswith(POINT_PREFIX):
        return None
    try:
        x, y = (float(v) for v in target[len(POINT_PREFIX):].split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def phenomenon_at(state: SFState, x: float, y: float) -> Feature | None:
    """The planet, moon or asteroid field under (x, y): what a nova cannon may
    aim at directly (spacefleet_core rulings: D6 blast markers at its edge)."""
    for f in state.features:
        if f.kind in ("planet", "moon", "asteroid_field") and geom.point_in(f, x, y):
            return f
    return None


def field_aim(f: Feature, x: float, y: float) -> tuple[float, float]:
    """The point of the field nearest to (x, y): where fire at the field is measured to."""
    poly = geom.polygon(f)[0]
    p = nearest_points(poly.exterior, Point(x, y))[0]
    return (p.x, p.y)


def can_shoot(state: SFState, ship: Ship) -> str | None:
    """Why a ship may not shoot at all now, or None."""
    if not on_table(ship):
        return f"{ship.id} is not an active ship on the table"
    if ship.disengage_failed:
        return f"{ship.id} failed to disengage and may not shoot this turn"
    if leadership(state, ship) <= 1:
        return f"{ship.id} has Leadership 1 or less and may not shoot"
    if ship.zone == "main" and inside_asteroids(state, ship.x, ship.y) and (ship.braced or crippled(ship)):
        return f"{ship.id} is braced or crippled inside an asteroid field and may not shoot"
    return None


def weapon_range(state: SFState, ship: Ship, w: Weapon, tx: float, ty: float) -> float:
    """Weapon range in mm, cut to 10 cm between ships inside asteroid fields."""
    r = w.range_cm * 10.0
    if ship.zone == "main" and inside_asteroids(state, ship.x, ship.y) and inside_asteroids(state, tx, ty):
        r = min(r, tables().constants.asteroid_range_mm)
    return r


def target_reason(state: SFState, ship: Ship, wi: int, target: str) -> str | None:
    """Why weapon ``wi`` of ``ship`` may not fire at ``target`` (ignoring priority), or None."""
    p = prof(ship)
    if not 0 <= wi < len(p.weapons):
        return f"{ship.id} has no weapon {wi}"
    w = p.weapons[wi]
    if w.kind not in ("battery", "lance", "nova_cannon"):
        return f"{w.name} is ordnance: launch it instead"
    if wi in ship.fired:
        return f"{ship.id}'s {w.name} has already fired this turn"
    if weapon_disabled(ship, w):
        return f"{ship.id}'s {w.name} is knocked out by a critical"
    if w.kind == "nova_cannon":
        return nova_reason(state, ship, w, target)
    fld = find_field(state, target)
    if fld is not None:
        return field_reason(state, ship, w, fld)
    o = find_ordnance(state, target)
    if o is not None:
        if o.side == ship.side:
            return "that ordnance is friendly"
        if o.zone != ship.zone:
            return "that ordnance is on another table"
        tx, ty, tr = o.x, o.y, tables().constants.ordnance_radius_mm
    else:
        t = state.ships.get(target)
        if t is not None and t.status in HULKS and t.id != ship.id:
            pass  # fire at a hulk of either fleet: a new catastrophic roll if it hits (spacefleet_core 1.8)
        elif t is None or t.side == ship.side or not on_table(t):
            return f"{target!r} is not an enemy ship, hulk or ordnance marker on the table"
        if t.zone != ship.zone:
            return f"{t.id} is on another table (low orbit)"
        tx, ty, tr = t.x, t.y, t.radius
    if not set(geom.quadrants(ship.heading, ship.x, ship.y, tx, ty)) & set(w.arcs):
        return f"{target} is outside the {'/'.join(w.arcs)} arc of {w.name}"
    d = math.hypot(tx - ship.x, ty - ship.y)
    rng = weapon_range(state, ship, w, tx, ty)
    if d > rng + 1e-6:
        return f"{target} is {d / 10:.1f} cm away; {w.name} reaches {rng / 10:g} cm"
    why = sight(state, ship, tx, ty, state.ships.get(target))
    if why:
        return why
    return None


def nova_reason(state: SFState, ship: Ship, w: Weapon, target: str) -> str | None:
    """Why the nova cannon may not be aimed at ``target`` (spacefleet_core 1.7:
    not on AAF, Come to New Heading, Burn Retros or Brace, nor crippled; the
    template's edge 30-150 cm away, in arc, in sight; celestial phenomena:
    useless inside an asteroid field, never through one)."""
    spec = tables().orders.get(ship.order or "")
    if ship.braced or (spec is not None and not spec.nova):
        return f"{ship.id} may not fire its nova cannon on {(ship.order or 'brace_for_impact').replace('_', ' ')}"
    if crippled(ship):
        return f"{ship.id} is crippled and may not fire its nova cannon"
    if ship.zone == "main" and inside_asteroids(state, ship.x, ship.y):
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
        return f"{target} is outside the {'/'.join(w.arcs)} arc of {w.name}"
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


def field_reason(state: SFState, ship: Ship, w: Weapon, f: Feature) -> str | None:
    """Why a battery or lance may not fire at the asteroid field ``f``: in arc,
    in range and in sight of the field's nearest point, from outside it."""
    if ship.zone != "main":
        return "the asteroid field is on the main table"
    if inside_asteroids(state, ship.x, ship.y):
        return "no shooting out of an asteroid field"
    px, py = field_aim(f, ship.x, ship.y)
    d = math.hypot(px - ship.x, py - ship.y)
    if not set(geom.quadrants(ship.heading, ship.x, ship.y, px, py)) & set(w.arcs):
        return f"the asteroid field {f.id} is outside the {'/'.join(w.arcs)} arc of {w.name}"
    if d > w.range_cm * 10.0 + 1e-6:
        return f"the asteroid field {f.id} is {d / 10:.1f} cm away; {w.name} reaches {w.range_cm:g} cm"
    if d > 1.0:
        qx, qy = px + (ship.x - px) / d, py + (ship.y - py) / d
        return sight(state, ship, qx, qy)
    return None


def pool_reason(state: SFState, ship: Ship, a: Fire) -> str | None:
    """Why squadron-mates' batteries may not join ``a`` (spacefleet_core 1.11:
    a squadron adds its firepower up before the table, in groups by aspect
    and range): batteries of other ships of the squadron, each able to fire
    at the target and reading the same column and armour as the lead."""
    w = prof(ship).weapons[a.weapon]
    tgt = state.ships.get(a.target)
    if w.kind != "battery" or tgt is None:
        return "only batteries firing at a ship may be pooled"
    if not ship.squadron:
        return f"{ship.id} is not in a squadron"
    g = gunnery(state, ship, w, weapon_strength(ship, w), tgt)
    seen = set()
    for sid, wi in a.pool:
        m = state.ships.get(sid)
        if m is None or m.id == ship.id or m.side != ship.side or m.squadron != ship.squadron:
            return f"{sid!r} is not another ship of {ship.id}'s squadron"
        if sid in seen:
            return f"{sid} may add only one battery to the volley"
        seen.add(sid)
        why = can_shoot(state, m) or target_reason(state, m, wi, a.target)
        if why:
            return why
        mw = prof(m).weapons[wi]
        if mw.kind != "battery":
            return "only batteries are pooled"
        if m.priority != "passed" and a.target not in nearest_targets(state, m, wi):
            return f"{sid} must fire at its nearest enemy (it took no target-priority test)"
        gm = gunnery(state, m, mw, weapon_strength(m, mw), tgt)
        if (gm.column, gm.armour) != (g.column, g.armour):
            return f"{sid} sees {a.target} on another column or facing; it fires as a separate group"
    return None


def pooled_firepower(state: SFState, ship: Ship, w: Weapon, pool) -> int:
    """Total firepower of a pooled volley: escort squadrons halve the total for
    orders (not each ship); capital ships halve each ship's own (spacefleet_core 1.11)."""
    members = [(ship, w)] + [(state.ships[sid], prof(state.ships[sid]).weapons[wi]) for sid, wi in pool]
    if not prof(ship).capital:
        total = sum(mw.strength for _, mw in members)
        return ceil_half(total) if halve_for_order(ship) else total
    return sum(weapon_strength(m, mw) for m, mw in members)


def nearest_targets(state: SFState, ship: Ship, wi: int) -> set[str]:
    """The nearest eligible enemy ship(s) for this weapon (ties all count)."""
    best, out = math.inf, set()
    for t in state.ships.values():
        if t.side == ship.side or not on_table(t) or t.zone != ship.zone:
            continue
        if target_reason(state, ship, wi, t.id) is None:
            d = round(math.hypot(t.x - ship.x, t.y - ship.y), 3)
            if d < best:
                best, out = d, {t.id}
            elif d == best:
                out.add(t.id)
    return out


def check_fire(state: SFState, a: Fire) -> str | None:
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side:
        return f"{a.side} has no ship {a.ship!r}"
    why = can_shoot(state, ship) or target_reason(state, ship, a.weapon, a.target)
    if why:
        return why
    if a.pool:
        why = pool_reason(state, ship, a)
        if why:
            return why
    if find_field(state, a.target) is not None:
        return f"{ship.id} failed its Leadership test and may not fire at the asteroid field" if ship.priority == "failed" else None
    if find_point(a.target) is not None:
        if ship.priority == "failed" and not _point_on_nearest(state, ship, a):
            return f"{ship.id} failed its target-priority test and must aim at the nearest enemy"
        return None
    if ship.priority == "failed" and find_ordnance(state, a.target) is None and a.target not in nearest_targets(state, ship, a.weapon):
        return f"{ship.id} failed its target-priority test and must fire at the nearest enemy"
    return None


def _point_on_nearest(state: SFState, ship: Ship, a: Fire) -> bool:
    """A nova cannon aimed at a point counts as aimed at the nearest enemy
    when the point lies on one of the nearest eligible targets' bases (ours)."""
    pt = find_point(a.target)
    near = nearest_targets(state, ship, a.weapon)
    return pt is not None and any(math.hypot(state.ships[n].x - pt[0], state.ships[n].y - pt[1]) <= state.ships[n].radius
                                  for n in near if n in state.ships)


def needs_priority_test(state: SFState, ship: Ship, a: Fire) -> bool:
    if find_point(a.target) is not None:  # a point: tested unless it is on the nearest enemy (ours)
        return ship.priority == "none" and not _point_on_nearest(state, ship, a)
    if find_field(state, a.target) is not None:
        return ship.priority != "passed"  # a test even when the field is the only target (celestial phenomena)
    return (ship.priority == "none" and find_ordnance(state, a.target) is None
            and a.target not in nearest_targets(state, ship, a.weapon))


def priority_test(ctx: Ctx, ship_id: str) -> bool:
    """Target priority: 2D6 <= Ld to fire at other than the nearest (spacefleet_core 1.7)."""
    ship = ctx.s.ships[ship_id]
    roll = ctx.roll("2d6", f"{ctx.name(ship_id)}: target-priority test (to fire past the nearest enemy)", side=ship.side,
                    target=ld_target(ctx.s, ship))
    ok = roll.passed
    ctx.emit(PriorityTest(ship=ship_id, passed=ok))
    return ok


COLUMNS = "ABCDE"


@dataclass(frozen=True)
class Gunnery:
    """How a battery volley is read on the Gunnery table: the ``base`` column
    for the target's type and aspect, the labelled column ``steps`` (range,
    blast markers, low orbit, holofields), the ``column`` read (kept on the
    table's five columns), the ``dice`` it gives, the ``armour`` they need
    and the ``facing`` it is read on (front, left, right, rear)."""

    column: int
    dice: int
    armour: int
    aspect: str
    steps: tuple[tuple[str, int], ...] = ()
    base: int = 0
    base_label: str = ""
    facing: str = "front"

    @property
    def shifts(self) -> tuple[str, ...]:
        """The column shifts in words ("close range -1", "blast markers +1")."""
        return tuple(f"{k} {v:+d}" for k, v in self.steps)

    def parts(self) -> str:
        """"column B (capital ship abeam) +1 (blast markers) = C": the base
        column, each shift and the column read (a shift past the table's edge
        is taken back by a labelled step, so the parts add up)."""
        steps = list(self.steps)
        raw = self.base + sum(v for _, v in steps)
        if raw != self.column:
            steps.append(("no column beyond " + COLUMNS[self.column], self.column - raw))
        head = f"column {COLUMNS[self.base]} ({self.base_label})"
        if not steps:
            return head
        return head + "".join(f" {v:+d} ({k})" for k, v in steps) + f" = {COLUMNS[self.column]}"

    def armour_target(self) -> Target:
        """The score each die needs: the armour of the facing the volley is read on."""
        return Target(label=armour_label(self.facing), base=self.armour)


def armour_label(facing: str) -> str:
    """"front armour", "side armour", "rear armour" for a quadrant of the target."""
    return {"front": "front armour", "rear": "rear armour"}.get(facing, "side armour")


def sunward(state: SFState, ship: Ship, tx: float, ty: float) -> tuple[bool, bool]:
    """(may be sunward, may be not): the target lies in the firer's compass
    quadrant facing the sunward edge (celestial phenomena: fighting sunward);
    on a boundary both answers are possible and the shooter picks."""
    if state.battlezone not in tables().phenomena.sunward_zones or ship.zone != "main":
        return (False, True)
    q = geom.quadrants(SUNWARD_HEADING[state.sunward], ship.x, ship.y, tx, ty)
    return ("front" in q, q != ("front",))


def gunnery(state: SFState, ship: Ship, w: Weapon, fp: int, target: Ship) -> Gunnery:
    """Dice and armour for ``fp`` firepower at ``target``: base column by type
    and aspect, then range shifts (doubled sunward), one right for blast
    markers, one right in low orbit, one right for an Eldar target's
    holofields; the shooter picks the better answer on a quadrant boundary
    (spacefleet_core 1.1, 1.7, 1.12)."""
    t = tables()
    c = t.constants
    d = math.hypot(target.x - ship.x, target.y - ship.y)
    cols = t.gunnery.base_column
    pa = prof(target)
    kind = "capital" if pa.capital else "escort"
    inside = ship.zone == "main" and inside_asteroids(state, ship.x, ship.y) is not None
    bm = fire_through_markers(state, ship, target)
    best: Gunnery | None = None
    aspects = geom.quadrants(target.heading, target.x, target.y, ship.x, ship.y)
    sun_opts = sunward(state, ship, target.x, target.y)
    for q in aspects:
        asp = {"front": "closing", "rear": "away"}.get(q, "abeam")
        armour = pa.armour.front if q == "front" else pa.armour.other
        for sun in (True, False):
            if not sun_opts[0 if sun else 1]:
                continue
            steps: list[tuple[str, int]] = []
            base = cols["defences"] if target.stationary else cols[f"{kind}:{asp}"]
            base_label = "stationary: defences" if target.stationary else f"{'capital ship' if pa.capital else 'escort'} {asp}"
            k = 2 if sun else 1
            sun_word = ", doubled sunward" if sun else ""
            if d <= c.close_range_mm and not inside:
                steps.append((f"close range{sun_word}", -k))
            elif d > c.long_range_mm and not w.no_long_range_shift:
                steps.append((f"long range{sun_word}", k))
            if bm:
                steps.append(("blast markers", 1))
            if ship.zone == "low_orbit":
                steps.append(("low orbit", t.low_orbit.column_shift))
            if holofields_up(target):
                steps.append(("holofields", t.eldar.holofield_column_shift))
            col = max(0, min(4, base + sum(v for _, v in steps)))
            g = Gunnery(col, t.gunnery.dice(fp, col), armour, "stationary" if target.stationary else asp,
                        tuple(steps), base, base_label, q)
            if best is None or g.dice * (7 - g.armour) > best.dice * (7 - best.armour):
                best = g
    assert best is not None
    return best


def fire_through_markers(state: SFState, ship: Ship, target: Ship) -> bool:
    """The blast-marker right shift applies: a marker (or cloud) touches the
    firer or the target, or lies on the line of fire (spacefleet_core 1.7).
    An Eldar firer that passed its cloud test leaves clouds out; the target's
    own test does not change what the cloud does to the firer (celestial
    phenomena: gas and dust clouds; ours)."""
    return bool(shifts(state, ship, target))


def holofields_up(target: Ship) -> bool:
    """An active Eldar ship's holofields work (a hulk has none; spacefleet_core 1.12)."""
    return target.eldar and target.status == "active"


def lance_armour(target: Ship) -> int:
    return 4


def squadron_targets(state: SFState, ship: Ship, wi: int, fp: int, tgt: Ship, g: Gunnery | None) -> list[tuple[Ship, int]]:
    """Ships of the target's squadron the volley may hit, nearest first, each
    with the score a die needs against it: for batteries only those read on
    the chosen target's column or an easier one (spacefleet_core 1.11)."""
    w = prof(ship).weapons[wi]
    out = []
    for m in squadron(state, tgt):
        if m.zone != tgt.zone:
            continue
        if m.id != tgt.id and target_reason(state, ship, wi, m.id) is not None:
            continue
        if w.kind == "battery":
            gm = gunnery(state, ship, w, fp, m)
            if m.id != tgt.id and g is not None and gm.column > g.column:
                continue
            need = gm.armour if m.id != tgt.id or g is None else g.armour
        else:
            need = lance_armour(m)
        out.append((m, need))
    out.sort(key=lambda p: (round(math.hypot(p[0].x - ship.x, p[0].y - ship.y), 3), p[0].id))
    return out


def allocate_hits(state: SFState, eligible: list[tuple[Ship, int]], faces) -> dict[str, int]:
    """Dice to ships (spacefleet_core 1.11): the lowest dice first, each to the
    nearest ship it can damage that is not yet taken out by the hits already
    given to it (shield capacity + hits left); the last ship takes the rest."""
    got: dict[str, int] = {}
    cap = {m.id: shield_capacity(state, m) + remaining(m) for m, _ in eligible}
    for f in sorted(faces):
        fits = [m for m, need in eligible if f >= need]
        if not fits:
            continue
        room = [m for m in fits if got.get(m.id, 0) < cap[m.id]]
        m = room[0] if room else fits[-1]
        got[m.id] = got.get(m.id, 0) + 1
    return got


def halvings(ship: Ship, w: Weapon) -> list[str]:
    """Why the weapon's firepower or strength is halved now, in the order
    :func:`weapon_strength` halves it (special orders or Brace, crippling)."""
    out: list[str] = []
    if w.kind in ("battery", "lance"):
        if halve_for_order(ship):
            spec = tables().orders.get(ship.order or "")
            out.append(order_words(ship.order) if spec is not None and spec.halve_fire else "braced")
    elif ship.braced:
        out.append("braced")
    if crippled(ship):
        out.append("crippled")
    return out


def _halved(n: int, reasons) -> tuple[int, str]:
    text = ""
    for why in reasons:
        n = ceil_half(n)
        text += f", halved ({why}) = {n}"
    return n, text


def firepower_text(state: SFState, ship: Ship, w: Weapon, pool=()) -> str:
    """The volley's firepower (batteries) or strength (lances) itemised, as
    :func:`weapon_strength` and :func:`pooled_firepower` reckon it:
    "firepower 6, halved (Lock On) = 3"; a pooled escort volley "firepower 2
    + 2 (Sword class frigate 2) = 4" (spacefleet_core 1.4, 1.7, 1.8, 1.11)."""
    word = "firepower" if w.kind == "battery" else "strength"
    if not pool:
        return f"{word} {w.strength}" + _halved(w.strength, halvings(ship, w))[1]
    members = [(ship, w)] + [(state.ships[sid], prof(state.ships[sid]).weapons[wi]) for sid, wi in pool]
    from .names import ship_name
    if not prof(ship).capital:
        total = sum(mw.strength for _, mw in members)
        parts = f"{word} {w.strength}" + "".join(f" + {mw.strength} ({ship_name(state, m.id)})" for m, mw in members[1:])
        reasons = halvings(ship, w)[:1] if halve_for_order(ship) else []
        return parts + f" = {total}" + _halved(total, reasons)[1]
    each = [(m, weapon_strength(m, mw)) for m, mw in members]
    return (f"{word} {each[0][1]}" + "".join(f" + {n} ({ship_name(state, m.id)})" for m, n in each[1:])
            + f" = {sum(n for _, n in each)}")


def _volley(ctx: Ctx, ship: Ship, w: Weapon, what: str, fp_text: str, reading: str, n: int, need: Target,
            lock: bool, side: str) -> tuple[int, ...]:
    """Roll a volley of ``n`` dice against ``need`` (each die) and Lock On's
    re-roll of the misses; returns every die that counts (the re-rolled misses
    replaced). No dice: nothing is rolled and the log says so."""
    purpose = f"the {ctx.name(ship.id)} fires {w.name} at {what}: {fp_text}{reading} = {n} {'die' if n == 1 else 'dice'}"
    r = ctx.pool(n, purpose, need, side=side)
    faces = pool_faces(r)
    miss = sum(1 for f in faces if not need.meets(f))
    if lock and miss:
        again = ctx.pool(miss, f"the {ctx.name(ship.id)} on Lock On re-rolls {miss} "
                               f"miss{'es' if miss != 1 else ''}", need, side=side)
        faces = tuple(f for f in faces if need.meets(f)) + pool_faces(again)
    return faces


def resolve_attack(ctx: Ctx, ship_id: str, wi: int, target: str, pool=()) -> None:
    """Fire one weapon (or a squadron's pooled batteries): batteries on the
    Gunnery table, lances 4+ (6 against ordnance and asteroid fields), the nova
    cannon's template; Lock On re-rolls misses; hits spread over the target's
    squadron nearest first and go through shields (spacefleet_core 1.7, 1.8,
    1.11; low orbit lances fire on 4+). Every roll itemises the firepower,
    the column and the score each die needs; a volley of no dice rolls
    nothing and says so."""
    s = ctx.s
    ship = s.ships[ship_id]
    w = prof(ship).weapons[wi]
    fp = pooled_firepower(s, ship, w, pool) if pool else weapon_strength(ship, w)
    fp_text = firepower_text(s, ship, w, pool)
    lock = ship.order == "lock_on"
    o = find_ordnance(s, target)
    if w.kind in ("lance", "nova_cannon") and ship.zone == "low_orbit":
        need = Target(label="fires in low orbit on", base=tables().low_orbit.lance_fire_needs, words=("fires", "does not fire"))
        if not ctx.roll("d6", f"the {ctx.name(ship_id)}'s {w.name} in low orbit", side=ship.side, target=need).passed:
            ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=w.name, note="failed to fire in low orbit"))
            return
    if w.kind == "nova_cannon":
        resolve_nova(ctx, ship_id, wi, target)
        return
    fld = find_field(s, target)
    if o is not None or fld is not None:
        n = tables().gunnery.dice(fp, 4) if w.kind == "battery" else fp
        what = f"the {ctx.oname(o.id)}" if o is not None else feature_name(fld)
        reading = " on column E" if w.kind == "battery" else ""
        need = Target(label="the score against ordnance" if o is not None else "the score against an asteroid field", base=6)
        faces = _volley(ctx, ship, w, what, fp_text, reading, n, need, False, ship.side)
        hits = sum(1 for f in faces if need.meets(f))
        ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=w.name, dice=n, hits=hits,
                             note="" if n else f"no dice rolled ({fp_text}{reading} = 0 dice)"))
        if o is not None and hits:  # any hit destroys the whole wave (core 1.9)
            for x in ([y for y in s.ordnance if y.wave == o.wave and y.side == o.side and y.kind != "torpedo"]
                      if o.kind != "torpedo" and o.wave else [o]):
                ctx.emit(OrdnanceRemoved(id=x.id, why=f"shot down by the {ctx.name(ship_id)}"))
        if fld is not None:
            field_blast_markers(ctx, fld, ship.x, ship.y, hits)
        return
    tgt = s.ships[target]
    if tgt.status in HULKS:
        _fire_at_hulk(ctx, ship, wi, w, fp, tgt, lock, pool)
        return
    g = None
    if w.kind == "battery":
        g = gunnery(s, ship, w, fp, tgt)
        need, n, reading = g.armour, g.dice, f" on {g.parts()}"
        label = armour_label(g.facing)
    else:
        need, n, reading, label = lance_armour(tgt), fp, "", "lance score"
    eligible = squadron_targets(s, ship, wi, fp, tgt, g) if tgt.squadron else [(tgt, need)]
    floor = min(nd for _, nd in eligible)
    if floor != need:
        label = "the lowest score in the squadron"
    faces = _volley(ctx, ship, w, f"the {ctx.name(tgt.id)}", fp_text, reading, n, Target(label=label, base=floor),
                    lock, ship.side)
    if len(eligible) == 1:
        got = {tgt.id: sum(1 for f in faces if f >= need)}
    else:
        got = allocate_hits(s, eligible, faces)
    hits = sum(got.values())
    if not n:
        note = f"no dice rolled ({fp_text}{reading} = 0 dice)"
    elif len(eligible) > 1 and hits:
        note = "hits: " + ", ".join(f"{got[m.id]} on the {ctx.name(m.id)}" for m, _ in eligible if got.get(m.id))
    else:
        note = ""
    ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=w.name, dice=n, hits=hits, note=note))
    for sid, wj in pool:
        ctx.emit(WeaponFired(ship=sid, weapon=wj, target=target, weapon_name=prof(s.ships[sid]).weapons[wj].name,
                             note=f"pooled into the {ctx.name(ship_id)}'s volley"))
    for m, _ in eligible:
        if got.get(m.id):
            apply_hits(ctx, m.id, got[m.id], (ship.x, ship.y), why=f"{w.name} of the {ctx.name(ship_id)}",
                       holofield=w.kind == "lance")


def _fire_at_hulk(ctx: Ctx, ship: Ship, wi: int, w: Weapon, fp: int, hulk: Ship, lock: bool, pool) -> None:
    """Fire at a hulk (spacefleet_core 1.8): rolled as at the ship it was
    (its armour; no shields, no Brace); if the volley scores any hit the hulk
    rolls once more on the catastrophic table, once per volley."""
    s = ctx.s
    if w.kind == "battery":
        g = gunnery(s, ship, w, fp, hulk)
        need, n, reading = g.armour_target(), g.dice, f" on {g.parts()}"
    else:
        need, n, reading = Target(label="lance score", base=lance_armour(hulk)), fp, ""
    faces = _volley(ctx, ship, w, f"the hulk of the {ctx.name(hulk.id)}", firepower_text(s, ship, w, pool), reading, n,
                    need, lock, ship.side)
    hits = sum(1 for f in faces if need.meets(f))
    ctx.emit(WeaponFired(ship=ship.id, weapon=wi, target=hulk.id, weapon_name=w.name, dice=n, hits=hits,
                         note="at a hulk" if n else f"no dice rolled ({firepower_text(s, ship, w, pool)}{reading} = 0 dice)"))
    for sid, wj in pool:
        ctx.emit(WeaponFired(ship=sid, weapon=wj, target=hulk.id, weapon_name=prof(s.ships[sid]).weapons[wj].name,
                             note=f"pooled into the {ctx.name(ship.id)}'s volley"))
    if hits:
        catastrophe(ctx, hulk.id)


def field_blast_markers(ctx: Ctx, f: Feature, fx: float, fy: float, n: int) -> None:
    """A blast marker per 6 scored on an asteroid field (or per point of a
    nova cannon's direct hit on a planet, moon or field), touching its edge on
    the side the fire came from (celestial phenomena, asteroid fields; only a
    field's markers are shed by the field in the end phase)."""
    if n <= 0:
        return
    px, py = field_aim(f, fx, fy)
    r = tables().constants.blast_marker_radius_mm
    h = geom.bearing(px, py, fx, fy)
    for k in range(n):
        off = ((k + 1) // 2) * 2.0 * r * (1 if k % 2 else -1)
        x, y = geom.step(px, py, h, r)
        x, y = geom.step(x, y, h + 90.0, off)
        ctx.emit(BlastMarkerPlaced(id=ctx.s.next_id, x=x, y=y, zone="main",
                                   field=f.id if f.kind == "asteroid_field" else None))


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
        note = f"scattered {dist / 10:g} cm at bearing {(k - 1) * 30.0:.0f}"
    hit_ids = sorted(sid for sid, v in s.ships.items()
                     if v.status == "active" and v.zone == ship.zone and math.hypot(v.x - cx, v.y - cy) <= R + v.radius + 1e-6)
    body = phenomenon_at(s, cx, cy) if ship.zone == "main" and sd <= nv.scatter_hit_faces else None
    if body is not None:
        note += f", a direct hit on {feature_name(body)}"
    ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=prof(ship).weapons[wi].name, dice=0,
                         hits=len(hit_ids), note=f"nova template at ({cx:.0f}, {cy:.0f}), {note}"))
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
