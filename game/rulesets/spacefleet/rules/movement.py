"""Movement phase: special orders and command checks, moves with turns and
gravity-well free turns, blast-marker slowdown, asteroid fields, warp rifts,
ramming, low orbit and disengaging (spacefleet_core 1.3, 1.4, 1.6; celestial
phenomena). Distances mm, angles degrees (positive = clockwise)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.event import Target
from game.core.logtext import plural

from .. import geom
from ..actions import Disengage, EnterLowOrbit, MoveShip
from ..data import tables
from ..events import DisengageTried, FieldDamageShared, FieldTested, ShipMoved, ShipPlaced, ShipStatus
from ..names import feature_name, the, unit_name
from ..state import SFState, Ship
from .common import (Ctx, base_shields, enemies, features_near, ignores_clouds, in_wells, ld_target, ld_test,
                     leadership, on_table, pool_hits, prof, remaining, shield_capacity, speed_mm, squadron,
                     under_fire)
from .damage import apply_hits, hull_damage
from .phenomena import cloud_test



@dataclass
class Plan:
    """A checked move: the path, final heading and what it touches."""

    ok: bool
    reason: str = ""
    path: list[tuple[float, float]] = field(default_factory=list)
    heading: float = 0.0
    distance: float = 0.0
    blast_loss: bool = False
    off_table: str = ""   # "", "main" (disengage), "planet" (low orbit), "edge" (leave low orbit)
    #: (least, most) mm the move was checked against (None: refused before the legs were traced)
    limits: tuple[float, float] | None = None
    #: the legs' summed length in mm, traced even for a refused move (0: not traced)
    asked: float = 0.0


def table_of(state: SFState, ship: Ship) -> tuple[float, float]:
    return state.table if ship.zone == "main" else state.low_orbit_size


def blast_contact(state: SFState, ship: Ship, path: list[tuple[float, float]]) -> bool:
    """Does the move cross blast markers, clouds or an asteroid field, or leave
    markers touching the base? One −5 cm loss at most (spacefleet_core 1.6;
    clouds do not count for an Eldar ship that passed its cloud test this
    game turn, celestial phenomena)."""
    c = tables().constants
    if under_fire(state, ship):
        return True
    r = ship.radius + c.blast_marker_radius_mm
    for b in state.blast_markers:
        if b.zone == ship.zone and geom.polyline_point_dist(path, b.x, b.y) <= r:
            return True
    if ship.zone == "main":
        kinds = ("asteroid_field",) if ignores_clouds(state, ship) else ("gas_cloud", "asteroid_field")
        for f in state.features:
            if f.kind in kinds and geom.path_touches(f, path, ship.radius):
                return True
    return False


def crosses_markers(state: SFState, ship: Ship, path: list[tuple[float, float]]) -> bool:
    """Blast markers (and clouds, unless the Eldar ship passed its cloud test)
    touching the base anywhere along ``path`` (mm), its start included: the
    move on which a 0-shield Eldar ship rolls for damage (spacefleet_core
    1.6, 1.12)."""
    r = ship.radius + tables().constants.blast_marker_radius_mm
    if any(b.zone == ship.zone and geom.polyline_point_dist(path, b.x, b.y) <= r for b in state.blast_markers):
        return True
    if ship.zone != "main" or ignores_clouds(state, ship):
        return False
    return any(f.kind == "gas_cloud" and geom.path_touches(f, path, ship.radius) for f in state.features)


def move_limits(state: SFState, ship: Ship, blast_loss: bool) -> tuple[float, float]:
    """(minimum, maximum) distance in mm for this move (spacefleet_core 1.4, 1.6).

    The minimum is half the profile speed (none on Burn Retros, in high orbit
    or in low orbit), never more than the maximum; the blast-marker loss cuts
    only the maximum."""
    c = tables().constants
    spec = tables().orders.get(ship.order or "") if ship.order != "brace_for_impact" else None
    vmax = speed_mm(ship)
    if ship.order == "all_ahead_full":
        vmax += ship.aaf_extra_mm
    if spec and spec.max == "half":
        vmax = vmax / 2.0
    if blast_loss:
        vmax = max(0.0, vmax - c.blast_speed_loss_mm)
    vmin = prof(ship).speed_cm * 10.0 / 2.0
    if spec and spec.min == "zero" or ship.zone == "low_orbit":
        vmin = 0.0
    if ship.order == "all_ahead_full":
        vmin = vmax
    return min(vmin, vmax), vmax


def aaf_stop(state: SFState, ship: Ship, path: list[tuple[float, float]]) -> float | None:
    """Where an All Ahead Full ship stops (mm along ``path``) because its base
    first touches a blast marker, a gas cloud or an asteroid field in the last
    5 cm of its full move, else None (spacefleet_core 1.6: a ship that cannot
    slow down stops where it touches a marker; celestial phenomena: clouds
    count as a marker and fields slow a ship as markers do, so they stop it
    too). Contact is exact (``geom``). Ours: what already touches the base at
    the start does not count (nor clouds for an Eldar ship that passed its
    cloud test this game turn); the first contact decides - one earlier than
    the last 5 cm costs the 5 cm loss instead."""
    c = tables().constants
    full = move_limits(state, ship, False)[1]
    r = ship.radius + c.blast_marker_radius_mm
    marks = [b for b in state.blast_markers if b.zone == ship.zone and math.hypot(b.x - ship.x, b.y - ship.y) > r + 1e-6]
    kinds = ("asteroid_field",) if ship.zone != "main" or ignores_clouds(state, ship) else ("gas_cloud", "asteroid_field")
    areas = [f for f in state.features if ship.zone == "main" and f.kind in kinds
             and not geom.disc_touches(f, ship.x, ship.y, ship.radius)]
    done = 0.0
    for a, b in zip(path, path[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        ds = [geom.first_touch(a[0], a[1], b[0], b[1], m.x, m.y, r) for m in marks]
        ds += [geom.path_first_touch(f, a, b, ship.radius) for f in areas]
        ds = [d for d in ds if d is not None]
        if ds:
            d = done + min(ds)
            return d if full - c.blast_speed_loss_mm - 0.5 <= d <= full + 0.5 else None
        done += seg
    return None


def allowed_turns(ship: Ship) -> int:
    if "engine_room" in ship.crits:
        return 0
    if ship.order and ship.order != "brace_for_impact":
        return tables().orders[ship.order].turns
    return 1


def _gravity_turn_problem(state: SFState, ship: Ship, turn: float, h: float, x: float, y: float,
                          max_free: float, when: str) -> str | None:
    """Why a free gravity-well turn of ``turn`` degrees from heading ``h`` at
    (x, y) mm is refused, or None: the stem must be in a well, and the turn
    toward that planet's centre, at most ``max_free`` degrees and never past
    it (spacefleet_core rulings, gravity wells). ``when`` names the moment in
    the message (e.g. " at the end")."""
    wells = in_wells(state, x, y) if ship.zone == "main" else []
    if not wells:
        return f"a free gravity turn{when} needs the stem in a gravity well"
    if not any(geom.gravity_turn_ok(turn, h, x, y, f.cx, f.cy, max_free) for f in wells):
        return "a free gravity turn must turn toward the planet's centre, at most 45 degrees and never past it"
    return None


def plan_move(state: SFState, a: MoveShip, edge_rule: bool = True) -> Plan:
    """Check a move and trace it (no dice). ``edge_rule``: apply the rule of
    a ship at Leadership 1 or less (:func:`edge_reason`)."""
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side:
        return Plan(False, f"{a.side} has no ship {a.ship!r}")
    if not on_table(ship):
        return Plan(False, f"{the(state, ship.id)} is not an active ship on the table")
    if ship.moved:
        return Plan(False, f"{the(state, ship.id)} has already moved this turn")
    t = tables()
    p = prof(ship)
    h = ship.heading
    x, y = ship.x, ship.y
    max_free = t.free_gravity_turn_deg
    if a.pre_turn and ship.eldar:
        return Plan(False, f"{the(state, ship.id)} is Eldar: it may take the free gravity-well turn only at the end of its move "
                           "(spacefleet_core rulings, gravity wells)")
    if a.pre_turn:
        why = _gravity_turn_problem(state, ship, a.pre_turn, h, x, y, max_free, "")
        if why:
            return Plan(False, why)
        h = geom.norm(h + a.pre_turn)
    spec = t.orders.get(ship.order or "")
    run = 0.0 if (ship.zone == "low_orbit") else t.constants.straight_run_mm[p.type]
    free_first = bool(spec and spec.turn_without_moving)
    turns = 0
    since = 0.0
    total = 0.0
    path = [(x, y)]
    limit = allowed_turns(ship)
    for i, (turn, d) in enumerate(a.legs):
        if d < 0 or not math.isfinite(d):
            return Plan(False, "leg distances must be positive")
        if turn:
            turns += 1
            if turns > limit:
                return Plan(False, f"{the(state, ship.id)} may make at most {plural(limit, 'turn')} this move")
            if abs(turn) > p.turns_deg + 1e-9:
                return Plan(False, f"{the(state, ship.id)} turns at most {p.turns_deg:g}°")
            need = 0.0 if (turns == 1 and free_first) else run
            if since < need - 0.5:
                return Plan(False, f"{the(state, ship.id)} must move {need / 10:g} cm straight before turning ({since / 10:.1f} cm so far)")
            h = geom.norm(h + turn)
            since = 0.0
        if d > 0:
            x, y = geom.step(x, y, h, d)
            path.append((x, y))
            since += d
            total += d
    loss = blast_contact(state, ship, path)
    vmin, vmax = move_limits(state, ship, loss)

    def refused(reason: str) -> Plan:
        return Plan(False, reason, blast_loss=loss, limits=(vmin, vmax), asked=total)
    # high orbit: a ship in a gravity well may hold station, unless on All Ahead Full, which must use its
    # whole distance (celestial phenomena: orbits; spacefleet_core 1.4)
    high_orbit = (total == 0 and ship.zone == "main" and ship.order != "all_ahead_full"
                  and bool(in_wells(state, ship.x, ship.y)))
    # the stop is looked for 0.5 mm past the end too: a move recorded to 0.01 mm may end just
    # short of the exact contact it halts on (ours, README: All Ahead Full stops)
    stop = aaf_stop(state, ship, path + [geom.step(x, y, h, 0.5)]) if ship.order == "all_ahead_full" else None
    if stop is not None and total > stop + 0.5:
        return refused(f"{the(state, ship.id)} touches a blast marker in the last 5 cm of its All Ahead Full move and stops "
                           f"there ({stop / 10:.1f} cm)")
    if stop is not None and abs(total - stop) <= 0.5:
        vmin = vmax = total  # the AAF ship halts where it touches the marker (spacefleet_core 1.6)
    if total > vmax + 0.5:
        return refused(f"{the(state, ship.id)} may move at most {vmax / 10:.1f} cm this turn (asked {total / 10:.1f} cm)")
    if total < vmin - 0.5 and not high_orbit:
        return refused(f"{the(state, ship.id)} must move at least {vmin / 10:.1f} cm (asked {total / 10:.1f} cm)")
    if a.post_turn:
        why = _gravity_turn_problem(state, ship, a.post_turn, h, x, y, max_free, " at the end")
        if why:
            return refused(why)
        h = geom.norm(h + a.post_turn)
    w, hgt = table_of(state, ship)
    off = ""
    if ship.zone == "main":
        if not (0 <= x <= w and 0 <= y <= hgt):
            off = "main"
    else:
        if y < 0:
            if p.capital:
                return refused("capital ships cannot land: the move leaves by the planet edge")
            off = "planet"
        elif not (0 <= x <= w and y <= hgt):
            if ship.entered_low_orbit_turn == state.player_turns:
                return refused("a ship may not enter and leave low orbit in the same turn")
            off = "edge"
    if a.ram is not None:
        tgt = state.ships.get(a.ram)
        if ship.order != "all_ahead_full":
            return refused("ramming needs All Ahead Full")
        if ship.ram_target != a.ram:
            return refused("a ram is declared with the All Ahead Full order and its Leadership test passed "
                               "before the ship moves (spacefleet_core 1.6)")
        if tgt is None or tgt.side == ship.side or not on_table(tgt) or tgt.zone != ship.zone:
            return refused(f"{a.ram!r} is not an enemy ship to ram")
        if geom.polyline_point_dist(path, tgt.x, tgt.y) > ship.radius + tgt.radius:
            return refused(f"the move does not pass over {the(state, tgt.id)}'s base")
    if not off:
        why = coherency_reason(state, ship, x, y)
        if why:
            return refused(why)
    if edge_rule and off not in ("main", "edge") and leadership(state, ship) <= 1:
        why = edge_reason(state, ship, x, y)
        if why:
            return refused(why)
    return Plan(True, "", path, h, total, loss, off, limits=(vmin, vmax), asked=total)


def edge_distance(state: SFState, ship: Ship, x: float, y: float) -> tuple[float, str]:
    """(distance mm, edge) from (x, y) to the nearest edge of the ship's
    table; in low orbit the planet edge does not count (leaving by it is a
    landing or a crash, not a way off the table)."""
    w, h = table_of(state, ship)
    edges = {"west": x, "east": w - x, "south": h - y}
    if ship.zone == "main":
        edges["north"] = y
    best = min(edges, key=lambda e: (edges[e], e))
    return edges[best], best


def edge_moves(state: SFState, ship: Ship) -> list[MoveShip]:
    """A few moves that head for the nearest table edge: straight at the
    least and the most distance, and turning toward the edge as far as the
    ship may after its straight run (or at once where it may turn first)."""
    p = prof(ship)
    _, edge = edge_distance(state, ship, ship.x, ship.y)
    want = {"north": -90.0, "south": 90.0, "east": 0.0, "west": 180.0}[edge]
    turn = max(-p.turns_deg, min(p.turns_deg, geom.norm(want - ship.heading))) if allowed_turns(ship) else 0.0
    spec = tables().orders.get(ship.order or "")
    run = 0.0 if ship.zone == "low_orbit" or (spec and spec.turn_without_moving) else \
        tables().constants.straight_run_mm[p.type]
    out = []
    for loss in (False, True):
        vmin, vmax = move_limits(state, ship, loss)
        for d in (vmin, vmax):
            out.append(MoveShip(side=ship.side, ship=ship.id, legs=((0.0, round(d, 2)),) if d > 0 else ()))
            if turn and d > run:
                legs = ((0.0, round(run, 2)), (round(turn, 3), round(d - run, 2))) if run else ((round(turn, 3), round(d, 2)),)
                out.append(MoveShip(side=ship.side, ship=ship.id, legs=legs))
    return out


def edge_reason(state: SFState, ship: Ship, x: float, y: float) -> str | None:
    """A ship at Leadership 1 or less may only disengage or head for the
    nearest table edge (spacefleet_core 1.3): its move must end nearer that
    edge than it started - or, when none of its moves can (it faces away and
    must first make its straight run), no farther from it than the best of
    :func:`edge_moves` (ours). None when the end (x, y) mm is allowed."""
    start, edge = edge_distance(state, ship, ship.x, ship.y)
    w, h = table_of(state, ship)
    end = {"west": x, "east": w - x, "south": h - y, "north": y}[edge]
    if end < start - 0.5:
        return None
    best = math.inf
    for m in edge_moves(state, ship):
        pl = plan_move(state, m, edge_rule=False)
        if pl.ok:
            ex, ey = pl.path[-1]
            best = min(best, {"west": ex, "east": w - ex, "south": h - ey, "north": ey}[edge] if not pl.off_table else -1.0)
    if best >= start - 0.5 and end <= best + 0.5:
        return None
    return (f"{the(state, ship.id)} has Leadership 1 or less: it may only disengage or head for the nearest table edge "
            f"({edge}, {start / 10:.1f} cm away)")


def coherency_reason(state: SFState, ship: Ship, x: float, y: float) -> str | None:
    """Squadron formation (spacefleet_core 1.11): a squadron ship ends its move
    within 15 cm (stem to stem) of a squadron-mate that has already moved this
    phase, or at least no farther from the nearest of them than it started."""
    if not ship.squadron:
        return None
    mates = [m for m in squadron(state, ship) if m.id != ship.id and m.moved and m.zone == ship.zone]
    if not mates:
        return None
    lim = tables().constants.coherency_mm + 0.5
    end = min(math.hypot(m.x - x, m.y - y) for m in mates)
    start = min(math.hypot(m.x - ship.x, m.y - ship.y) for m in mates)
    if end <= lim or end <= start + 0.5:
        return None
    return f"{the(state, ship.id)} must end within {lim / 10:.0f} cm of a squadron-mate that has moved (squadron formation)"


#: a 0-shield ship crossing blast markers takes 1 damage on a 6 (spacefleet_core 1.6)
MARKER_DAMAGE = Target(label="1 damage on", base=6, words=("1 damage", "no damage"))


def gravity_well_of(state: SFState, ship: Ship, turn: float, h: float, x: float, y: float) -> str:
    """The name of the planet or moon whose gravity well gives a free turn of
    ``turn`` degrees from heading ``h`` at (x, y) mm (the first that allows
    it; celestial phenomena: gravity wells), "" when there is no turn."""
    if not turn:
        return ""
    max_free = tables().free_gravity_turn_deg
    for f in in_wells(state, x, y) if ship.zone == "main" else []:
        if geom.gravity_turn_ok(turn, h, x, y, f.cx, f.cy, max_free):
            return feature_name(f)
    return ""


def resolve_move(ctx: Ctx, a: MoveShip, plan: Plan, why: str = "") -> None:
    """Apply a checked move and its consequences. The event keeps the move's
    turns (the free gravity-well turns with the planet that gives them) and
    legs, so the log shows every angle and distance; ``why`` says why the
    rules moved the ship (an automatic move)."""
    s = ctx.s
    ship = s.ships[a.ship]
    t = tables()
    path = tuple((round(px, 2), round(py, 2)) for px, py in plan.path)
    x, y = plan.path[-1]
    pre = gravity_well_of(s, ship, a.pre_turn, ship.heading, ship.x, ship.y)
    post = gravity_well_of(s, ship, a.post_turn, geom.norm(plan.heading - a.post_turn), x, y)
    ctx.emit(ShipMoved(ship=ship.id, x=x, y=y, heading=plan.heading, distance=plan.distance, path=path,
                       from_heading=ship.heading, pre_turn=a.pre_turn, legs=a.legs, post_turn=a.post_turn,
                       wells=(pre, post), why=why))
    ship = s.ships[a.ship]
    # 0-shield ships moving through blast markers (spacefleet_core 1.6; Eldar: core 1.12)
    if ship.eldar:
        _eldar_markers(ctx, ship.id, plan.path)
    elif base_shields(ship) == 0 and crosses_markers(s, ship, plan.path):
        _marker_damage(ctx, ship.id, plan.path, "without shields")
    if ship.zone == "main":
        _asteroids(ctx, ship.id, plan)
        if s.ships[ship.id].status == "active":
            _warp_rift(ctx, ship.id, plan)
    ship = s.ships[ship.id]
    if ship.status != "active":
        return
    if a.ram:
        _ram(ctx, ship.id, a.ram, plan.path)
        ship = s.ships[ship.id]
        if ship.status != "active":
            return
    if plan.off_table == "main":
        ctx.emit(ShipStatus(ship=ship.id, status="disengaged", why="moved off the table edge"))
    elif plan.off_table == "planet":
        ctx.emit(ShipStatus(ship=ship.id, status="landed", why="escort landed on the planet"))
    elif plan.off_table == "edge":
        leave_low_orbit(ctx, ship.id)


def _eldar_markers(ctx: Ctx, sid: str, path: list[tuple[float, float]]) -> None:
    """After an Eldar ship's move: its cloud test if the move touched a cloud
    and it has not tested this game turn (celestial phenomena: gas and dust
    clouds), then, as a 0-shield ship, 1 damage on a 6 if blast markers (or
    clouds that still count for it) touched the base on the way
    (spacefleet_core 1.6, 1.12)."""
    s = ctx.s
    ship = s.ships[sid]
    if ship.zone == "main" and any(f.kind == "gas_cloud" and geom.path_touches(f, path, ship.radius) for f in s.features):
        cloud_test(ctx, sid)
    ship = s.ships[sid]
    if ship.status == "active" and crosses_markers(s, ship, path):
        _marker_damage(ctx, sid, path, "(Eldar, no shields)")


def cloud_entry(state: SFState, ship: Ship, path) -> tuple[float, float] | None:
    """Where the stem was when the base first touched a gas cloud along
    ``path`` (mm; exact, ``geom.path_first_touch``; the start when it touched
    one already), None when it touched none that counts for the ship."""
    if ship.zone != "main" or ignores_clouds(state, ship):
        return None
    clouds = [f for f in state.features if f.kind == "gas_cloud"]
    if any(geom.disc_touches(f, path[0][0], path[0][1], ship.radius) for f in clouds):
        return path[0]
    for a, b in zip(path, path[1:]):
        ds = [d for f in clouds for d in [geom.path_first_touch(f, a, b, ship.radius)] if d is not None]
        if ds:
            return geom.step(a[0], a[1], geom.bearing(a[0], a[1], b[0], b[1]), min(ds))
    return None


def _marker_damage(ctx: Ctx, sid: str, path, who: str) -> None:
    """A 0-shield ship whose base touched blast markers or gas clouds on its
    move: 1 damage on a 6, once (spacefleet_core 1.6). Destroyed by it after
    touching a cloud, it explodes from where it entered the cloud (celestial
    phenomena: gas and dust clouds; ours: a cloud decides when markers and a
    cloud were both touched)."""
    s = ctx.s
    ship = s.ships[sid]
    if ctx.roll("d6", f"{ctx.name(sid)} {who} crosses blast markers", side=ship.side, target=MARKER_DAMAGE).passed:
        hull_damage(ctx, sid, 1, why="blast markers", origin=cloud_entry(s, ship, path))


def _asteroids(ctx: Ctx, sid: str, plan: Plan) -> None:
    """Navigating an asteroid field whose edge the base touched on the move
    (celestial phenomena): 2D6 (3D6 on All Ahead Full) at most the Ld; an
    escort re-rolls a failure once; a failure costs D6 damage, shields working
    but placing no markers. A squadron tests once, on its best Ld, when its
    first ship touches a field this turn: after a failure each capital ship
    that touches a field takes its own D6; an escort squadron's one D6 goes to
    the escorts that touch, in the order they move, each taking what its
    shields and hits can hold before the rest passes on (ours: what is left
    when the phase ends is lost)."""
    s = ctx.s
    ship = s.ships[sid]
    t = tables().phenomena
    fields = _touched(s, "asteroid_field", plan, ship)
    if not fields:
        return
    where = feature_name(fields[0])
    capital = prof(ship).capital
    sq = ship.squadron
    if sq and sq in s.field_tests:  # the squadron has tested this turn
        if not s.field_tests[sq]:
            _asteroid_damage(ctx, sid, where)
        return
    dice = t.asteroid_test_aaf if ship.order == "all_ahead_full" else t.asteroid_test
    best = max(squadron(s, ship), key=lambda m: leadership(s, m)) if sq else ship
    ld = ld_target(s, best, notation=dice)
    whose = f" (the squadron, on the Leadership of the {ctx.name(best.id)})" if sq else ""
    ok = ld_test(ctx, best, dice, ld, f"{ctx.name(sid)} navigates {where}{whose}", rerolled=not capital)
    if not ok and not capital:
        ok = ctx.roll(dice, f"{ctx.name(sid)}: escort re-roll for {where}", side=ship.side, target=ld).passed
    pool = 0
    if not ok and sq and not capital:
        pool = ctx.roll(t.asteroid_damage, f"asteroid impacts on the {unit_name(s, sq)}: damage shared by the escorts "
                                           "that touch the field, in the order they move", side=ship.side).total
    ctx.emit(FieldTested(ship=sid, squadron=sq, passed=ok, shared=pool, field=where))
    if not ok:
        _asteroid_damage(ctx, sid, where)


def _asteroid_damage(ctx: Ctx, sid: str, where: str) -> None:
    """A failed navigation test's damage to ship ``sid``: its own D6, or its
    share of its escort squadron's D6 (see :func:`_asteroids`)."""
    s = ctx.s
    ship = s.ships[sid]
    sq = ship.squadron
    if sq and not prof(ship).capital:
        left = s.field_pool.get(sq, 0)
        n = min(left, shield_capacity(s, ship) + remaining(ship))
        if n <= 0:
            return
        ctx.emit(FieldDamageShared(ship=sid, squadron=sq, amount=n, left=left - n))
    else:
        n = ctx.roll(tables().phenomena.asteroid_damage, f"asteroid impacts on the {ctx.name(sid)} in {where}",
                     side=ship.side).total
    apply_hits(ctx, sid, n, None, place_bms=False, why="asteroid impacts")


def _touched(s: SFState, kind: str, plan: Plan, ship: Ship) -> list:
    """The features of ``kind`` that ``ship``'s base touches along the planned path."""
    return [f for f in s.features if f.kind == kind and geom.path_touches(f, plan.path, ship.radius)]


def _warp_rift(ctx: Ctx, sid: str, plan: Plan) -> None:
    """Entering a warp rift: 3D6 <= Ld or lost in the warp (a D6 of 1 after the
    game: lost forever); a pass repositions the ship 2D6 x 10 cm on."""
    s = ctx.s
    ship = s.ships[sid]
    t = tables().phenomena
    rifts = _touched(s, "warp_rift", plan, ship)
    if not rifts:
        return
    ld = ld_target(s, ship, notation=t.warp_rift_test)
    where = feature_name(rifts[0])
    if ld_test(ctx, ship, t.warp_rift_test, ld, f"{ctx.name(sid)} navigates {where}"):
        d = ctx.roll(t.warp_rift_reposition, f"{ctx.name(sid)}: how far beyond {where} it comes out (x10 cm)",
                     side=ship.side).total * 100.0
        w, h = s.table
        x, y = geom.step(ship.x, ship.y, ship.heading, d)
        x = min(max(x, ship.radius), w - ship.radius)
        y = min(max(y, ship.radius), h - ship.radius)
        ctx.emit(ShipPlaced(ship=sid, x=x, y=y, heading=ship.heading,
                            why=f"comes out {d / 10:g} cm beyond {where} along its heading, kept on the table"))
    else:
        fate = Target(label="lost forever on", base=t.lost_forever_on, at_most=True, words=("lost forever", "may come back"))
        forever = ctx.roll("d6", f"fate of the {ctx.name(sid)}, lost in the warp", side=ship.side, target=fate).passed
        ctx.emit(ShipStatus(ship=sid, status="lost_in_warp", lost_forever=forever, why=f"failed to navigate {where}"))


def ram_contact(path, ship: Ship, tgt: Ship) -> tuple[float, float]:
    """Where the rammer's stem is when its base first touches the target's
    along ``path`` (mm; exact, ``geom.first_touch``): the side it hits from.
    The path's end if it never touches."""
    for a, b in zip(path, path[1:]):
        d = geom.first_touch(a[0], a[1], b[0], b[1], tgt.x, tgt.y, ship.radius + tgt.radius)
        if d is not None:
            return geom.step(a[0], a[1], geom.bearing(a[0], a[1], b[0], b[1]), d) if d > 0 else a
    return path[-1]


def _ram(ctx: Ctx, sid: str, tid: str, path) -> None:
    """Ramming, its test already passed (``orders.ram_test``): a D6 per
    starting hit of the rammer against the armour of the target's facing it
    hits, and the target's reply - all its starting hits if rammed in the
    front, half otherwise - against the rammer's front armour; the facing is
    read where the rammer's base first touches the target's along its path;
    shields do not stop it, holofields roll against it (spacefleet_core 1.6, 1.12)."""
    s = ctx.s
    ship, tgt = s.ships[sid], s.ships[tid]
    cx, cy = ram_contact(path, ship, tgt)
    quads = geom.quadrants(tgt.heading, tgt.x, tgt.y, cx, cy)
    front_hit = quads == ("front",)  # on a quadrant boundary the rammer chooses: the side (spacefleet_core 1.1)
    armour = prof(tgt).armour.front if front_hit else prof(tgt).armour.other
    r = ctx.pool(prof(ship).hits, f"{ctx.name(sid)} rams the {ctx.name(tid)}"
                                  f"{' head-on' if front_hit else ''}: a die per starting hit",
                 Target(label="front armour" if front_hit else "side or rear armour", base=armour), side=ship.side)
    apply_hits(ctx, tid, pool_hits(r), None, shields=False, why=f"rammed by the {ctx.name(sid)}", holofield=True)
    back = prof(tgt).hits if front_hit else prof(tgt).hits // 2
    front = prof(ship).armour.front
    r = ctx.pool(back, f"the {ctx.name(tid)} strikes back at the {ctx.name(sid)}: a die per starting hit"
                       + (" (rammed head-on: all of them)" if front_hit else ", halved (not rammed in the front)"),
                 Target(label="front armour", base=front), side=tgt.side)
    apply_hits(ctx, sid, pool_hits(r), None, shields=False, why=f"ramming the {ctx.name(tid)}", holofield=True)


def check_low_orbit(state: SFState, a: EnterLowOrbit) -> str | None:
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side or not on_table(ship):
        return f"{a.side} has no active ship {a.ship!r}"
    if state.low_orbit_planet is None:
        return "this battle has no low-orbit table"
    if ship.zone != "main" or ship.moved:
        return "a ship enters low orbit at the start of its move, from the main table"
    planet = next(f for f in state.features if f.id == state.low_orbit_planet)
    if planet not in in_wells(state, ship.x, ship.y):
        return f"{the(state, ship.id)} is not in the gravity well of {feature_name(planet)}"
    if leadership(state, ship) <= 1:
        return f"{the(state, ship.id)} has Leadership 1 or less: it may only disengage or head for the nearest table edge"
    return None


def resolve_low_orbit(ctx: Ctx, a: EnterLowOrbit) -> None:
    """Place the ship on the low-orbit table touching the edge away from the
    planet, at a position along the edge given by its bearing from the planet."""
    s = ctx.s
    ship = s.ships[a.ship]
    planet = next(f for f in s.features if f.id == s.low_orbit_planet)
    w, h = s.low_orbit_size
    ang = (geom.bearing(planet.cx, planet.cy, ship.x, ship.y) % 360.0) / 360.0
    x = min(max(ang * w, ship.radius), w - ship.radius)
    ctx.emit(ShipPlaced(ship=ship.id, x=x, y=h - ship.radius, heading=0.0, zone="low_orbit",
                        why=f"enters low orbit over {feature_name(planet)}"))
    ctx.emit(ShipMoved(ship=ship.id, x=x, y=h - ship.radius, heading=0.0, distance=0.0, from_heading=0.0,
                       why="its move this turn is entering low orbit"))


def leave_low_orbit(ctx: Ctx, sid: str) -> None:
    """Back to the main table touching the planet's edge, facing away from it."""
    s = ctx.s
    ship = s.ships[sid]
    planet = next(f for f in s.features if f.id == s.low_orbit_planet)
    w, _ = s.low_orbit_size
    ang = min(max(ship.x, 0.0), w) / w * 360.0
    x, y = geom.step(planet.cx, planet.cy, ang, planet.radius + ship.radius)
    ctx.emit(ShipPlaced(ship=sid, x=x, y=y, heading=geom.norm(ang), zone="main",
                        why=f"leaves low orbit at the edge of {feature_name(planet)}"))


def check_disengage(state: SFState, a: Disengage) -> str | None:
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side or not on_table(ship):
        return f"{a.side} has no active ship {a.ship!r}"
    if not ship.moved:
        return "a ship tests to disengage at the end of its move"
    if ship.disengage_failed or ship.fired:
        return f"{the(state, ship.id)} has already tried to disengage this turn"
    return None


def disengage_target(state: SFState, ship: Ship) -> tuple[int, list[tuple[str, int]]]:
    """Ld and modifiers for a disengage test (spacefleet_core 1.6)."""
    t = tables()
    c = t.constants
    mods = []
    nbm = sum(1 for b in state.blast_markers if b.zone == ship.zone and math.hypot(b.x - ship.x, b.y - ship.y) <= c.disengage_bm_mm + ship.radius)
    if nbm:
        mods.append(("blast markers within 5 cm", t.disengage["per_bm_within"] * nbm))
    if ship.zone == "low_orbit" or features_near(state, ship.x, ship.y, c.disengage_near_mm) or state.radiation:
        mods.append(("celestial phenomenon within 15 cm", t.disengage["phenomenon_within"]))
    ne = sum(1 for e in enemies(state, ship.side) if e.zone == ship.zone and math.hypot(e.x - ship.x, e.y - ship.y) <= c.disengage_near_mm)
    ne += sum(1 for o in state.ordnance if o.side != ship.side and o.zone == ship.zone and math.hypot(o.x - ship.x, o.y - ship.y) <= c.disengage_near_mm)
    if ne:
        mods.append(("enemies within 15 cm", t.disengage["per_enemy_within"] * ne))
    return leadership(state, ship), mods


def resolve_disengage(ctx: Ctx, a: Disengage) -> None:
    s = ctx.s
    ship = s.ships[a.ship]
    _, mods = disengage_target(s, ship)
    target = ld_target(s, ship, mods, cap_mods=False)
    passed = ctx.roll("2d6", f"{ctx.name(ship.id)} tries to disengage", mods=(), side=ship.side, target=target).passed
    ctx.emit(DisengageTried(ship=ship.id, passed=passed))
    if passed:
        ctx.emit(ShipStatus(ship=ship.id, status="disengaged", why="disengaged"))
