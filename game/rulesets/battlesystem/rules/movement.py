"""Movement ([7.6]-[7.15], [11.8]): every manoeuvre as a :class:`Plan` computed once and used
by ``check`` (its reason), ``resolve`` (its end), the preview (its path, cost and stop) and
the AI.

Moves are measured from the front ([7.7]): the distance the centre of the front edge travels
(the block moves rigidly, so every figure travels as far). A move is swept exactly
(:func:`game.geometry.contact.translate_entry` and ``rotate_entry``) against every other
figure, individual, water or building edge and the table edge, and stops at the first
contact ([7.8]); a contact with an enemy figure brings the units into melee, and the block
then closes up to the enemy's face ("closing the door", see README). Costs: a wheel is the
outer front corner's arc ([7.9]); a facing change 1/3 or 1/2 of the move; a frontage change
1" a figure ([7.10]); a formation change 1/3 ([7.6]); terrain per [11.8] Table 14.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from game.core.logtext import plural
from game.geometry.contact import convex_overlapping, convex_touching, rotate_entry, translate_entry
from game.geometry.formation import Block

from ..formation import block_of, individual_corners, individual_size, mob_files
from ..geo import geo_of
from ..profiles import DATA
from ..state import BSState, Individual, Unit
from .command import in_command
from .common import INCH, angle_diff, inches, mv_mm, norm, profile, rating
from .contact import face_of, in_contact, unit_key
from .words import says, their

M = DATA.tables.movement


# --------------------------------------------------------------------------- obstacles and sweeps

@dataclass
class Obstacles:
    """What a moving block may touch: other figures' bases (quads), blocked terrain edges and
    the table edge (segments)."""

    quads: np.ndarray
    owner: list[str]
    kind: list[str]  # "unit" or "individual"
    side: list[str]
    segs: np.ndarray
    seg_owner: list[str]

    def __post_init__(self) -> None:
        self._qlo = self.quads.min(1) if len(self.quads) else np.zeros((0, 2))
        self._qhi = self.quads.max(1) if len(self.quads) else np.zeros((0, 2))
        self._slo = self.segs.min(1) if len(self.segs) else np.zeros((0, 2))
        self._shi = self.segs.max(1) if len(self.segs) else np.zeros((0, 2))

    def near(self, lo, hi, margin: float = 1e-3) -> "Obstacles":
        """Only the bases and edges whose boxes meet the box ``lo``-``hi`` grown by ``margin`` mm."""
        lo = np.asarray(lo, dtype=float) - margin
        hi = np.asarray(hi, dtype=float) + margin
        q = np.nonzero(((self._qhi >= lo) & (self._qlo <= hi)).all(1))[0] if len(self.quads) else np.zeros(0, dtype=int)
        e = np.nonzero(((self._shi >= lo) & (self._slo <= hi)).all(1))[0] if len(self.segs) else np.zeros(0, dtype=int)
        return Obstacles(self.quads[q], [self.owner[i] for i in q], [self.kind[i] for i in q],
                         [self.side[i] for i in q], self.segs[e], [self.seg_owner[i] for i in e])


def obstacles(s: BSState, mover_id: str, *, pass_friends: bool = False, skirmish_pass: bool = False,
              ignore: frozenset[str] = frozenset(), table: bool = True) -> Obstacles:
    """Every base and edge a move of ``mover_id`` may touch. ``pass_friends``: friendly units
    are not obstacles (a rout breaking around them, [7.15]); ``skirmish_pass``: friendly
    skirmishers are not ([7.4])."""
    key = ("obs", mover_id, pass_friends, skirmish_pass, ignore, table, s.map_sha,
           tuple(unit_key(u) + (u.side, u.kind) for u in s.units.values()),
           tuple((c.id, c.x, c.y, c.heading, c.status, c.with_unit) for c in s.chars.values()))
    hit = _OBS.get(key)
    if hit is not None:
        return hit
    me = s.units.get(mover_id) or s.chars.get(mover_id)
    side = me.side
    level = getattr(me, "altitude", 0)  # [15.1] flyers meet only the levels they can touch
    quads, owner, kind, sides = [], [], [], []
    for u in s.units.values():
        if u.id == mover_id or u.id in ignore or not u.on_table or u.figures == 0:
            continue
        if (level or u.altitude) and not _levels_meet(me, u):
            continue
        if u.side == side and (pass_friends or (skirmish_pass and u.formation == "skirmish")):
            continue
        c = block_of(u).corners
        quads.append(c)
        owner += [u.id] * len(c)
        kind += ["unit"] * len(c)
        sides += [u.side] * len(c)
    for c in s.chars.values():
        if c.id == mover_id or c.id in ignore or not c.active or c.with_unit or level > 1:
            continue
        if pass_friends and c.side == side:
            continue
        quads.append(individual_corners(c))
        owner.append(c.id)
        kind.append("individual")
        sides.append(c.side)
    g = geo_of(s)
    segs = [g.blocked_segments] if not level else []  # flyers pass over blocked terrain ([15.1])
    seg_owner = _blocked_owners(g) if not level else []
    if table:
        segs.append(g.table_segments)
        seg_owner = seg_owner + ["table edge"] * 4
    out = Obstacles(np.concatenate(quads) if quads else np.zeros((0, 4, 2)), owner, kind, sides,
                    np.concatenate(segs) if segs else np.zeros((0, 2, 2)), seg_owner)
    if len(_OBS) > 2048:
        _OBS.clear()
    _OBS[key] = out
    return out


_OBS: dict = {}


def _levels_meet(a, b) -> bool:
    if not isinstance(a, Unit):
        return b.altitude <= 1
    from .flight import levels_meet
    return levels_meet(a, b)


def _blocked_owners(g) -> list[str]:
    out = []
    for i in g.blocked:
        p = g.poly[i]
        for ring in (p.exterior, *p.interiors):
            out += [i] * (len(ring.coords) - 1)
    return out


@dataclass(frozen=True)
class Hit:
    """Where a sweep stopped: the share of the motion done and what was touched."""

    share: float = 1.0
    kind: str | None = None  # "unit", "individual", "terrain", "table"
    id: str | None = None
    side: str | None = None

    @property
    def hit(self) -> bool:
        return self.kind is not None


def _hit_from(obs: Obstacles, t_q: float, j_q: int, t_s: float, j_s: int) -> Hit:
    if math.isinf(t_q) and math.isinf(t_s):
        return Hit()
    if t_q <= t_s:
        return Hit(min(1.0, t_q), obs.kind[j_q], obs.owner[j_q], obs.side[j_q])
    oid = obs.seg_owner[j_s]
    return Hit(min(1.0, t_s), "table" if oid == "table edge" else "terrain", oid, None)


def sweep_translate(corners: np.ndarray, d: tuple[float, float], obs: Obstacles) -> Hit:
    """First contact of bases ``corners`` moved by ``d`` (exact)."""
    lo, hi = corners.reshape(-1, 2).min(0), corners.reshape(-1, 2).max(0)
    obs = obs.near(np.minimum(lo, lo + d), np.maximum(hi, hi + d))
    tq, _, jq = translate_entry(corners, d, obs.quads) if len(obs.quads) else (math.inf, -1, -1)
    ts, _, js = translate_entry(corners, d, obs.segs) if len(obs.segs) else (math.inf, -1, -1)
    return _hit_from(obs, tq, jq, ts, js)


def sweep_rotate(corners: np.ndarray, pivot, angle: float, obs: Obstacles) -> Hit:
    """First contact of bases ``corners`` turned ``angle`` degrees about ``pivot`` (exact)."""
    r = float(np.hypot(*(corners.reshape(-1, 2) - pivot).T).max())
    obs = obs.near(np.asarray(pivot) - r, np.asarray(pivot) + r)
    aq, _, jq = rotate_entry(corners, pivot, angle, obs.quads) if len(obs.quads) else (math.inf, -1, -1)
    as_, _, js = rotate_entry(corners, pivot, angle, obs.segs) if len(obs.segs) else (math.inf, -1, -1)
    tq = aq / angle if math.isfinite(aq) else math.inf
    ts = as_ / angle if math.isfinite(as_) else math.inf
    return _hit_from(obs, tq, jq, ts, js)


def overlaps(corners: np.ndarray, obs: Obstacles) -> Hit:
    """Anything the bases ``corners`` overlap where they stand (deeper than touching)."""
    if len(corners) == 0:
        return Hit()
    obs = obs.near(corners.reshape(-1, 2).min(0), corners.reshape(-1, 2).max(0))
    if len(obs.quads):
        bad = np.nonzero(convex_overlapping(corners, obs.quads).any(0))[0]
        if len(bad):
            j = int(bad[0])
            return Hit(0.0, obs.kind[j], obs.owner[j], obs.side[j])
    if len(obs.segs):
        bad = np.nonzero(convex_overlapping(corners, obs.segs).any(0))[0]
        if len(bad):
            oid = obs.seg_owner[int(bad[0])]
            return Hit(0.0, "table" if oid == "table edge" else "terrain", oid, None)
    return Hit()


def touches_enemy(s: BSState, u: Unit, b: Block) -> list[str]:
    """Enemy units or individuals the block ``b`` of ``u`` touches."""
    if b.count == 0:
        return []
    obs = obstacles(s, u.id).near(b.outline.min(0), b.outline.max(0))
    if len(obs.quads) == 0:
        return []
    hits = np.nonzero(convex_touching(b.corners, obs.quads).any(0))[0]
    return sorted({obs.owner[j] for j in hits if obs.side[j] != u.side})


# --------------------------------------------------------------------------- terrain costs [11.8]

def _ignores(u: Unit, ability: str) -> bool:
    if not ability:
        return False
    p = profile(u)
    c = DATA.creatures[p.mount or p.creature]
    return ability in c.abilities


def terrain_cost(s: BSState, u: Unit, b0: Block, b1: Block, length: float, path: list[tuple[float, float]]) -> tuple[float, list[str]]:
    """[11.8] Table 14: the movement a manoeuvre costs over terrain: ``length`` mm, more for the
    part of the front centre's ``path`` in woods, rough ground or swamp (rates 2/3, 1/2; the
    creatures named ignore them), plus 1/3 of the move to cross an obstacle and 1/3 per level
    climbed; three quarters of it when the whole unit moves along a road ([11.8] Road: +1/3).
    Returns (cost mm, labelled notes)."""
    g = geo_of(s)
    mv = mv_mm(u)
    cost = length
    notes: list[str] = []
    if s.game == "basic" or u.altitude > 0:
        return cost, notes  # terrain costs are Intermediate rules ([7.0]); flyers pass over it ([15.1])
    if not (b0.count and b1.count):
        return cost, notes
    swept = shapely.convex_hull(shapely.multipoints(np.vstack([b0.outline, b1.outline] + ([np.asarray(path)] if path else []))))
    near = set(g.pieces_at(swept))
    if not near:
        return cost, notes
    line = LineString(path) if len(path) > 1 and length > 0 else None
    if line is not None:
        for i in g.slow:
            if i not in near:
                continue
            k = g.kind[i]
            if _ignores(u, k.ignore):
                continue
            inside = float(g.poly[i].intersection(line).length)
            if inside > 1e-9:
                extra = inside * (1.0 / k.rate - 1.0)
                cost += extra
                notes.append(f"{k.name} +{inches(extra)}")
    hull0 = Polygon(b0.outline)
    for i in g.obstacles:
        if i in near and not g.poly[i].intersects(hull0):
            extra = g.kind[i].cross * mv
            cost += extra
            notes.append(f"crossing {g.kind[i].name} +{inches(extra)}")
    if any(i in near for i in g.hills):
        lv0 = g.level_at(b0.x, b0.y)
        lv1 = g.level_at(b1.x, b1.y)
        if lv1 > lv0:
            k = next((g.kind[i] for i in g.hills), None)
            share = k.climb if k else 1 / 3
            extra = (lv1 - lv0) * share * mv
            cost += extra
            notes.append(f"climbing {plural(lv1 - lv0, 'level')} +{inches(extra)}")
    if any(i in near for i in g.roads) and g.on_road(swept):
        cost *= 1.0 / (1.0 + g.kind[g.roads[0]].road_bonus)
        notes.append("on the road (x3/4)")
    return cost, notes


def closed_forbidden(s: BSState, b: Block) -> str | None:
    """[11.8] the terrain a closed formation may not stand in (woods, rough, swamp, water), by name."""
    g = geo_of(s)
    if not g.no_closed or b.count == 0:
        return None
    poly = Polygon(b.outline)
    near = set(g.pieces_at(poly))
    for i in g.no_closed:
        if i not in near:
            continue
        if g.poly[i].intersection(poly).area > 1e-6:
            return g.kind[i].name
    return None


def crosses_obstacle(s: BSState, b0: Block, b1: Block) -> str | None:
    """An obstacle ([11.8]) the move from ``b0`` to ``b1`` enters, by name."""
    g = geo_of(s)
    if not g.obstacles:
        return None
    hull0 = Polygon(b0.outline)
    swept = shapely.convex_hull(shapely.multipoints(np.vstack([b0.outline, b1.outline])))
    near = set(g.pieces_at(swept))
    for i in g.obstacles:
        if i in near and not g.poly[i].intersects(hull0):
            return g.kind[i].name
    return None


# --------------------------------------------------------------------------- allowance

def missile_class(u: Unit) -> str | None:
    """[10.4] Table 12's class of the unit's missile weapon."""
    p = profile(u)
    if not p.missile:
        return None
    kind = DATA.missiles[p.missile].kind
    if p.mount:
        return {"bow": "mounted_bow", "crossbow": "mounted_crossbow"}.get(kind, kind)
    return kind


def allowance(s: BSState, u: Unit) -> float:
    """The movement (mm) the unit may use this phase in all ([7.0]; [7.13] forced march;
    [10.4] Table 12 after firing; [11.6] shield wall; [10.10] wounded crew; [6.3] rallied)."""
    base = mv_mm(u)
    if u.forced_march:
        base *= M.forced_march
    if u.fired:
        mc = missile_class(u)
        mm = DATA.tables.missile_movement.get(mc) if mc else None
        share = mm.move_after_fire if (mm is not None and u.fired == 1) else 0.0
        base *= share
    if u.shield_wall:
        base *= M.shield_wall_rate
    if profile(u).piece and u.wounded:
        base = 0.0
    from .markers import held_figures
    from .weather import move_factor
    if held_figures(u):
        base = 0.0  # [14.6] B the unit will not leave its immobilized figures (ours)
    return base * move_factor(s)  # [12.2] Table 16


def remaining(s: BSState, u: Unit) -> float:
    return max(0.0, allowance(s, u) - u.moved)


# --------------------------------------------------------------------------- plans

@dataclass
class Plan:
    """What a manoeuvre would do. ``legal`` False with ``reason`` when it may not be made.

    Attributes:
        block: the unit's block at the end (None when illegal before moving).
        cost: movement used, mm. ``length``: distance travelled by the front centre, mm.
        path: the front centre's path, mm. ``stop``: where it stops early (contact), or None.
        contact: the enemy unit or individual it ends touching, if any.
        hit: what stopped it. ``changes``: unit fields to set. ``notes``: labelled costs.
    """

    legal: bool
    reason: str = ""
    block: Block | None = None
    cost: float = 0.0
    length: float = 0.0
    path: list[tuple[float, float]] = field(default_factory=list)
    stop: tuple[float, float] | None = None
    contact: str | None = None
    hit: Hit = Hit()
    changes: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def no(reason: str) -> Plan:
    return Plan(False, reason)


def may_manoeuvre(s: BSState, u: Unit, what: str, auto: bool = False) -> str | None:
    """Why ``u`` may not make an ordinary manoeuvre now ([7.8], [7.12]-[7.15], [2.10], [6.3]).
    ``auto``: a move the rules make by themselves (a mob's order, a unit out of control)."""
    if u.status != "ok":
        return f"{u.name} {says(u, 'is')} routed and moves only by the rules ([7.15])"
    if u.kind == "mob" and not auto:
        return f"{u.name} {says(u, 'is')} a mob: it moves only by {their(u)} orders ([2.10])"
    if u.uncontrolled and not auto:
        return f"{u.name} failed a discipline check and attacks on its own ([4.6])"
    if u.rallied and what != "formation":
        return f"{u.name} rallied this round: it may change formation but not move ([6.3])"
    if u.move_done:
        return f"{u.name} {says(u, 'has')} finished moving this phase"
    if u.engaged_start or in_contact(s, u):
        return f"{u.name} {says(u, 'is')} in base contact: it may only wrap around, withdraw or flee ([7.8])"
    if profile(u).piece and what not in ("advance", "wheel", "facing"):
        return f"{u.name} {says(u, 'is')} artillery: it only moves and turns ([10.9])"
    return None


def _sweep_limits(s: BSState, u: Unit, skirmish: bool) -> Obstacles:
    return obstacles(s, u.id, skirmish_pass=skirmish)


def plan_advance(s: BSState, u: Unit, distance: float, offset: float = 0.0, *, budget: float | None = None,
                 forced: bool = False, auto: bool = False) -> Plan:
    """[7.7]-[7.9] straight or oblique move (offset within 45 degrees, facing kept), stopping
    at the first contact ([7.8])."""
    why = may_manoeuvre(s, u, "advance", auto)
    if why:
        return no(why)
    if not (distance > 0):
        return no("a move needs a positive distance")
    if u.formation != "skirmish" and abs(offset) > M.oblique_max_deg + 1e-9:
        return no(f"a unit in {u.formation} formation moves at most {M.oblique_max_deg:g} degrees oblique "
                  "without wheeling ([7.9])")
    if forced and not in_command(s, u) and u.kind != "skirmish":
        return no(f"{u.name} {says(u, 'is')} out of command and may not force march ([7.13])")
    left = remaining(s, u) if budget is None else budget
    if distance > left + 1e-6:
        return no(f"{u.name} {says(u, 'has')} {inches(left)} of movement left, not {inches(distance)}")
    b0 = block_of(u)
    h = math.radians(u.heading + offset)
    d = (distance * math.cos(h), distance * math.sin(h))
    hit = sweep_translate(b0.corners, d, _sweep_limits(s, u, u.formation == "skirmish"))
    done = distance * hit.share
    b1 = b0.advanced(done, offset)
    plan = Plan(True, block=b1, length=done, path=[(b0.x, b0.y), (b1.x, b1.y)], hit=hit)
    if hit.hit:
        plan.stop = (b1.x, b1.y)
    if hit.kind in ("unit", "individual") and hit.side != u.side:
        enemy = s.units.get(hit.id)
        if u.formation == "skirmish" and (enemy is not None and enemy.formation != "skirmish"):
            return no(f"skirmishers never move into base contact with {enemy.name} ([7.4])")
        plan.contact = hit.id
    cost, notes = terrain_cost(s, u, b0, b1, done, plan.path)
    plan.cost, plan.notes = cost, notes
    if cost > left + 1e-6:
        return no(f"the move costs {inches(cost)}, {u.name} {says(u, 'has')} {inches(left)} left")
    return _terrain_ok(s, u, b0, plan)


def _terrain_ok(s: BSState, u: Unit, b0: Block, plan: Plan) -> Plan:
    b1 = plan.block
    if s.game == "basic":
        return plan  # terrain has no effect in the Basic game ([7.0])
    if plan.changes.get("formation", u.formation) == "closed":
        obst = crosses_obstacle(s, b0, b1)
        if obst:
            plan.changes["formation"] = "open"
            plan.notes.append(f"crossing the {obst} opens its ranks ([11.8])")
    if plan.changes.get("formation", u.formation) == "closed":
        bad = closed_forbidden(s, b1)
        if bad:
            return no(f"no unit may stand in closed formation in {bad}: open the ranks first ([11.8])")
    return plan


def plan_wheel(s: BSState, u: Unit, pivot: str, angle: float, *, budget: float | None = None,
               auto: bool = False, free: bool = False) -> Plan:
    """[7.9] wheel about the front corner of one flank; costs the outer corner's arc.
    ``free``: part of another manoeuvre that checked the unit already (a charge)."""
    why = None if free else may_manoeuvre(s, u, "wheel", auto)
    if why:
        return no(why)
    if u.formation == "skirmish":
        return no("skirmishers change direction at will: move them obliquely instead ([7.9])")
    if u.shield_wall:
        return no(f"{u.name} {says(u, 'is')} in a shield wall: it changes facing only by a facing change ([11.6])")
    if not (0 < abs(angle) <= 180):
        return no("a wheel turns between 0 and 180 degrees")
    b0 = block_of(u)
    pv = b0.pivot(pivot)
    hit = sweep_rotate(b0.corners, pv, angle, _sweep_limits(s, u, False))
    done = angle * hit.share
    b1 = b0.wheeled(pivot, done)
    arc = b0.wheel_cost(done)
    cost, notes = terrain_cost(s, u, b0, b1, arc, [])
    plan = Plan(True, block=b1, cost=cost, length=arc, path=_arc_path(b0, pivot, done), hit=hit, notes=notes)
    if hit.hit:
        plan.stop = (b1.x, b1.y)
    if hit.kind in ("unit", "individual") and hit.side != u.side:
        plan.contact = hit.id
    left = remaining(s, u) if budget is None else budget
    if cost > left + 1e-6:
        return no(f"the wheel costs {inches(cost)} (the outer figure's arc), {u.name} {says(u, 'has')} {inches(left)} left")
    return _terrain_ok(s, u, b0, plan)


def _arc_path(b: Block, pivot: str, angle: float, steps: int = 12) -> list[tuple[float, float]]:
    """The outer front corner's arc (for the preview)."""
    other = "right" if pivot == "left" else "left"
    px, py = map(float, b.pivot(pivot))
    sx, sy = map(float, b.pivot(other))
    dx, dy = sx - px, sy - py
    out = []
    for k in range(steps + 1):  # game.geometry.formation.rotate_points, point by point
        a = math.radians(angle * k / steps)
        c, s = math.cos(a), math.sin(a)
        out.append((dx * c - dy * s + px, dx * s + dy * c + py))
    return out


def _static_change(s: BSState, u: Unit, b1: Block, cost: float, what: str, changes: dict) -> Plan:
    """A manoeuvre in place (facing, frontage, formation): the new footprint may not overlap
    anything, nor touch an enemy it did not touch ([7.10])."""
    obs = obstacles(s, u.id)
    ov = overlaps(b1.corners, obs)
    if ov.hit:
        return no(f"{u.name} {says(u, 'has')} no room to {what}: it would overlap {_name(s, ov.id)}")
    new_enemies = set(touches_enemy(s, u, b1)) - set(touches_enemy(s, u, block_of(u)))
    if new_enemies:
        return no("no figure may move into base contact while the unit is re-formed ([7.10])")
    left = remaining(s, u)
    if cost > left + 1e-6:
        return no(f"to {what} costs {inches(cost)}, {u.name} {says(u, 'has')} {inches(left)} left")
    plan = Plan(True, block=b1, cost=cost, changes=changes)
    if changes.get("formation", u.formation) == "closed":
        bad = closed_forbidden(s, b1)
        if bad:
            return no(f"no unit may stand in closed formation in {bad} ([11.8])")
    return plan


def _reform_guard(s: BSState, u: Unit, what: str) -> str | None:
    """Why ``u`` may not change its ``what`` ("facing", "frontage", "formation") now ([7.8]-[7.10])."""
    why = may_manoeuvre(s, u, what)
    if why:
        return why
    if u.pinned:
        return f"{u.name} {says(u, 'was')} contacted after losing the initiative: no {what} change this phase ([7.8])"
    if u.formation == "skirmish" and what != "formation":
        return ("skirmishers change direction at will: move them obliquely instead ([7.9])" if what == "facing"
                else "skirmishers have no frontage ([7.10])")
    return None


def plan_face(s: BSState, u: Unit, turn: int) -> Plan:
    """[7.9] right or left face (1/3 of the move), about face (1/2)."""
    why = _reform_guard(s, u, "facing")
    if why:
        return no(why)
    share = M.face_about if turn == 180 else M.face_quarter
    cost = share * mv_mm(u)
    if u.shield_wall:
        cost = mv_mm(u) * M.shield_wall_rate
        if turn == 180:
            return no("a shield wall turns at most 90 degrees in a round ([11.6])")
    b1 = block_of(u).faced(turn)
    plan = _static_change(s, u, b1, cost, "face about" if turn == 180 else "change facing",
                          {"x": b1.x, "y": b1.y, "heading": b1.heading, "files": b1.files})
    return plan


def plan_frontage(s: BSState, u: Unit, files: int) -> Plan:
    """[7.10] add or take away figures in the front rank: 1" a figure."""
    why = _reform_guard(s, u, "frontage")
    if why:
        return no(why)
    b0 = block_of(u)
    files = max(1, min(int(files), u.figures))
    if files == b0.files:
        return no(f"{u.name} already has {files} figures in front")
    way = 1 if files > b0.files else -1
    if u.frontage_way and u.frontage_way != way:
        return no(f"{u.name} may not both widen and narrow its frontage in one movement phase ([7.10])")
    cost = abs(files - b0.files) * M.frontage_per_figure_in * INCH
    b1 = b0.with_files(files)
    return _static_change(s, u, b1, cost, "change frontage", {"files": files, "frontage_way": way})


def plan_reform(s: BSState, u: Unit, formation: str) -> Plan:
    """[7.6] closed to open or back: 1/3 of the move; closed order needs the unit in command."""
    why = _reform_guard(s, u, "formation")
    if why:
        return no(why)
    if u.kind not in ("regular", "elite", "berserker"):
        return no(f"a {u.kind} unit keeps its own formation ([7.1])")
    if formation == u.formation:
        return no(f"{u.name} {says(u, 'is')} already in {formation} formation")
    if formation == "closed" and u.kind == "berserker":
        return no("berserkers never form closed order ([2.11])")
    if formation == "closed" and not in_command(s, u):
        return no(f"{u.name} must be in command to form closed order ([4.7], [7.2])")
    b1 = block_of(u, formation=formation)
    return _static_change(s, u, b1, M.formation_change * mv_mm(u), f"form {formation} order",
                          {"formation": formation, "shield_wall": False, "set_spears": False})


def plan_charge(s: BSState, u: Unit, target: str, pivot: str = "left", wheel: float = 0.0, offset: float = 0.0,
                auto: bool = False) -> Plan:
    """[7.14] charge: an optional wheel, then straight ahead until contact with ``target``.

    Checked: regular units and mobs only; not after moving or firing this round; in command
    (a failed discipline check excepted); 1 1/2 moves at most; at least 2/3 of a move before
    contact; the last third straight (the wheel may use at most 2/3 of the charge); no
    obstacle crossed and no climb ([11.8])."""
    if u.kind in ("skirmish", "artillery"):
        return no(f"{u.kind} units do not charge ([7.14])")
    why = may_manoeuvre(s, u, "charge", auto or u.kind == "mob")
    if why:
        return no(why)
    if u.move_began:
        return no(f"{u.name} {says(u, 'has')} already moved this phase: a charge is {their(u)} whole move (see README)")
    if u.fired:
        return no(f"{u.name} fired this round and may not charge ([10.4])")
    if u.kind != "mob" and not in_command(s, u) and not u.uncontrolled:
        return no(f"{u.name} {says(u, 'is')} out of command and may not charge ([7.14])")
    if target in u.no_charge:
        return no(f"{u.name} stayed in place after a fighting withdrawal and may not charge that unit this round ([7.12])")
    t = s.units.get(target) or s.chars.get(target)
    if t is None or t.side == u.side or (isinstance(t, Unit) and not t.on_table) or (isinstance(t, Individual) and not t.active):
        return no(f"{target!r} is not an enemy on the table")
    if abs(offset) > M.oblique_max_deg + 1e-9:
        return no(f"the straight part of a charge may be at most {M.oblique_max_deg:g} degrees oblique ([7.9])")
    mv = mv_mm(u)
    total = M.charge * mv
    b0 = block_of(u)
    path = [(b0.x, b0.y)]
    spent = 0.0
    notes = []
    b1 = b0
    if wheel:
        pw = plan_wheel(s, u, pivot, wheel, budget=total, free=True)
        if not pw.legal:
            return pw
        if pw.hit.hit:
            return no(f"the wheel would be stopped by {_name(s, pw.hit.id)} before the charge")
        b1 = pw.block
        spent = pw.cost
        path += pw.path
        notes += pw.notes
    left = total - spent
    h = math.radians(b1.heading + offset)
    d = (left * math.cos(h), left * math.sin(h))
    hit = sweep_translate(b1.corners, d, obstacles(s, u.id))
    if not hit.hit or hit.id != target:
        what = f"{_name(s, hit.id)}" if hit.hit else "nothing"
        return no(f"straight ahead {u.name} would meet {what}, not {_name(s, target)} (charge range {inches(total)})")
    run = left * hit.share
    b2 = b1.advanced(run, offset)
    path.append((b2.x, b2.y))
    cost, more = terrain_cost(s, u, b1, b2, run, [(b1.x, b1.y), (b2.x, b2.y)])
    notes += more
    if spent + cost > total + 1e-6:
        return no(f"the charge costs {inches(spent + cost)}, its range is {inches(total)} ([7.14])")
    if spent + run < M.charge_min_before_contact * mv - 1e-6:
        return no(f"a charge needs at least {inches(M.charge_min_before_contact * mv)} of run before contact "
                  f"(here {inches(spent + run)}) ([7.14])")
    if spent > (1 - M.charge_straight_share) * (spent + run) + 1e-6:
        return no("the last third of a charge must be straight ([7.14])")
    obst = crosses_obstacle(s, b1, b2)
    if obst:
        return no(f"no charge across the {obst} ([11.8])")
    g = geo_of(s)
    if g.level_at(b2.x, b2.y) > g.level_at(b0.x, b0.y):
        return no("units may not charge uphill ([11.8])")
    plan = Plan(True, block=b2, cost=spent + cost, length=spent + run, path=path, stop=(b2.x, b2.y),
                contact=target, hit=hit, notes=notes)
    return _terrain_ok(s, u, b0, plan)


def plan_withdraw(s: BSState, u: Unit) -> Plan:
    """[7.12] fighting withdrawal: in contact at the start of the phase, in command, a
    movement rate of 3" or more; 3" straight back, not into contact with another enemy."""
    from .contact import enemies_in_contact
    if u.status != "ok" or u.kind == "mob":
        return no(f"{u.name} may not make a fighting withdrawal")
    if u.move_done or u.move_began:
        return no(f"{u.name} {says(u, 'has')} already moved this phase")
    enemies = enemies_in_contact(s, u)
    if not (u.engaged_start and enemies):
        return no(f"{u.name} {says(u, 'is')} not in base contact at the start of {their(u)} movement phase ([7.12])")
    if is_regular_unit(u) and not in_command(s, u):
        return no(f"{u.name} must be in command to withdraw ([4.7])")
    if allowance(s, u) < M.min_rate_for_withdrawal_in * INCH - 1e-6:
        return no(f"a fighting withdrawal needs a movement rate of {M.min_rate_for_withdrawal_in:g}\" ([7.12])")
    dist = M.withdrawal_in * INCH
    b0 = block_of(u)
    back = _away_heading(s, u, enemies)
    d = (dist * math.cos(math.radians(back)), dist * math.sin(math.radians(back)))
    obs = obstacles(s, u.id, ignore=frozenset(enemies))
    hit = sweep_translate(b0.corners, d, obs)
    if hit.hit:
        return no(f"{u.name} {says(u, 'has')} no room to withdraw 3\": {_name(s, hit.id)} is in the way")
    b1 = b0.translated(*d)
    if [e for e in touches_enemy(s, u, b1)]:
        return no("a fighting withdrawal may not end in contact with another enemy ([7.12])")
    return Plan(True, block=b1, cost=dist, length=dist, path=[(b0.x, b0.y), (b1.x, b1.y)])


def is_regular_unit(u: Unit) -> bool:
    return u.kind in ("regular", "elite", "berserker")


def _away_heading(s: BSState, u: Unit, enemies: list[str]) -> float:
    """Straight back from the enemies in contact: opposite the unit's facing when they are in
    front, else away from their centre."""
    front = [e for e in enemies if e in s.units and face_of(u, s.units[e]) == "front"]
    if front or not enemies:
        return norm(u.heading + 180.0)
    cx, cy = block_of(u).centre
    ex = np.mean([block_of(s.units[e]).centre for e in enemies if e in s.units], axis=0)
    return norm(math.degrees(math.atan2(cy - ex[1], cx - ex[0])))


def plan_flee(s: BSState, u: Unit) -> Plan:
    """[8.8] flee a melee: about face (free) and a full move away from the enemy."""
    from .contact import enemies_in_contact
    if u.status != "ok" or u.kind == "mob":
        return no(f"{u.name} may not flee")
    if u.move_done or u.move_began:
        return no(f"{u.name} {says(u, 'has')} already moved this phase")
    enemies = enemies_in_contact(s, u)
    if not enemies:
        return no(f"{u.name} {says(u, 'is')} not in a melee ([8.8])")
    away = _away_heading(s, u, enemies)
    b0 = block_of(u)
    bf = b0.faced(180) if abs(angle_diff(away, u.heading)) > 90 else b0
    if abs(angle_diff(away, u.heading)) > 90:
        # the about face re-forms about the centre: fleeing figures leave from where they stand
        bf = replace(bf, heading=norm(away))
        fx, fy = math.cos(math.radians(away)), math.sin(math.radians(away))
        cx, cy = b0.centre
        bf = replace(bf, x=cx + fx * bf.depth / 2, y=cy + fy * bf.depth / 2)
    dist = mv_mm(u)
    d = (dist * math.cos(math.radians(away)), dist * math.sin(math.radians(away)))
    obs = obstacles(s, u.id, ignore=frozenset(enemies))
    hit = sweep_translate(bf.corners, d, obs)
    done = dist * hit.share
    b1 = bf.translated(d[0] * hit.share, d[1] * hit.share)
    return Plan(True, block=b1, cost=dist, length=done, path=[(b0.x, b0.y), (b1.x, b1.y)], hit=hit,
                stop=(b1.x, b1.y) if hit.hit else None)


def plan_special(s: BSState, u: Unit, what: str) -> Plan:
    """[11.6] shield wall / [11.7] set spears: in command, in closed formation at the start of
    the phase, before moving; large shields for a wall, spears or pikes to set. Spears may not
    be set once an enemy charge has reached the unit this round (:func:`chargers_of`): the
    text sets them before the unit moves, against a charge still to come (README, Deviations
    and decisions)."""
    if u.status != "ok" or u.move_began or u.move_done:
        return no(f"{u.name} must declare it before it moves ([11.6], [11.7])")
    if u.formation != "closed" or not in_command(s, u):
        return no(f"{u.name} must be in command and in closed formation ([11.6], [11.7])")
    p = profile(u)
    if what == "shield_wall":
        if p.shield != "large":
            return no(f"{u.name} {says(u, 'has')} no large shields ([11.6])")
        if u.shield_wall:
            return no(f"{u.name} {says(u, 'is')} already in a shield wall")
        return Plan(True, block=block_of(u), changes={"shield_wall": True})
    if DATA.melee[p.weapon].kind not in ("spear", "pike"):
        return no(f"{u.name} {says(u, 'has')} no spears or pikes ([11.7])")
    if u.set_spears:
        return no(f"{u.name} {says(u, 'has')} already set {their(u)} spears")
    landed = chargers_of(s, u)
    if landed:
        names = " and ".join(c.name for c in landed)
        verb = "have" if len(landed) > 1 else says(landed[0], "has")
        return no(f"{u.name} may not set {their(u)} spears: {names} {verb} already charged "
                  f"{'them' if their(u) == 'their' else 'it'} this round, and spears are set before the charge ([11.7])")
    cost = M.set_spears * mv_mm(u)
    if cost > remaining(s, u) + 1e-6:
        return no(f"setting spears costs {inches(cost)} ([11.7])")
    return Plan(True, block=block_of(u), cost=cost, changes={"set_spears": True})


def chargers_of(s: BSState, u: Unit) -> list[Unit]:
    """[11.7] the enemy units whose charge has already reached ``u`` this round (their
    ``charged`` names it), by name: too late for ``u`` to set spears against them."""
    return sorted((e for e in s.units.values() if e.side != u.side and e.charged == u.id and e.on_table),
                  key=lambda e: e.name)


def charge_candidates(s: BSState, u: Unit, target: str) -> list[tuple[str, float, float]]:
    """(pivot, wheel, offset) ways to charge ``target``: straight at its nearest figure within
    45 degrees oblique, or a wheel to face it first (either flank), or half of each."""
    t = s.units.get(target)
    b = block_of(u)
    if t is not None:
        tc = block_of(t).centres
    elif target in s.chars:
        c = s.chars[target]
        tc = np.array([[c.x, c.y]])
    else:
        return []
    loc = b.to_local(tc)
    k = int(np.argmin(np.hypot(loc[:, 0], loc[:, 1])))
    aim = math.degrees(math.atan2(loc[k, 1], loc[k, 0]))
    cen = math.degrees(math.atan2(loc[:, 1].mean(), loc[:, 0].mean()))
    out: list[tuple[str, float, float]] = []
    lim = M.oblique_max_deg
    for a in (aim, cen):
        if abs(a) <= lim:
            out.append(("left", 0.0, a))
    for a in (cen, aim):
        if abs(a) > 1.0:
            piv = "right" if a > 0 else "left"
            out.append((piv, a, 0.0))
            out.append(("left" if a > 0 else "right", a, 0.0))
            if abs(a) / 2 <= lim:
                out.append((piv, a / 2, a / 2))
    seen, uniq = set(), []
    for o in out:
        key = (o[0], round(o[1], 6), round(o[2], 6))
        if key not in seen:
            seen.add(key)
            uniq.append(o)
    return uniq


def best_charge(s: BSState, u: Unit, target: str, auto: bool = False) -> tuple[tuple[str, float, float], Plan] | None:
    """The first legal way to charge ``target`` (see :func:`charge_candidates`) and its plan."""
    for piv, wh, off in charge_candidates(s, u, target):
        p = plan_charge(s, u, target, piv, wh, off, auto=auto)
        if p.legal:
            return (piv, wh, off), p
    return None


# --------------------------------------------------------------------------- closing the door

def conform(s: BSState, u: Unit, b: Block, enemy_id: str) -> Block:
    """After a move stops on contact with ``enemy_id``: turn the block about its touching
    front corner until its front is flush with the face it touched, when that takes at most
    45 degrees and nothing else is in the way ([7.8]: the other figures go on until they
    touch). Returns the block where it ends."""
    e = s.units.get(enemy_id)
    if e is None or b.count == 0 or e.figures == 0:
        return b
    eb = block_of(e)
    probe = u.model_copy(update={"x": b.x, "y": b.y, "heading": b.heading, "files": b.files})
    face = face_of(e, probe)
    want = {"front": e.heading + 180.0, "rear": e.heading}.get(face)
    if want is None:
        # a flank: face the side it touched
        loc = eb.to_local(np.array(b.centre))
        want = e.heading + (90.0 if loc[1] < 0 else -90.0) + 180.0
    delta = angle_diff(want, b.heading)
    if abs(delta) < 1e-6 or abs(delta) > 45.0:
        return b
    left, right = b.front_corners
    el = [tuple(p) for p in eb.outline]
    poly = Polygon(el)
    side = "left" if poly.distance(Point(left)) <= poly.distance(Point(right)) else "right"
    obs = obstacles(s, u.id)
    hit = sweep_rotate(b.corners, b.pivot(side), delta, obs)
    if hit.hit and hit.id != enemy_id:
        return b
    nb = b.wheeled(side, delta * hit.share)
    if overlaps(nb.corners, obs).hit:
        return b
    return nb


# --------------------------------------------------------------------------- individuals

def plan_individual(s: BSState, c: Individual, x: float, y: float) -> Plan:
    """An individual's move (heroes and commanders standing apart): straight to (x, y),
    stopped by the first contact; its movement rate, with terrain per [11.8]."""
    from .ratings import character_mv
    if not c.active:
        return no(f"{c.name} {says(c, 'is')} out of the battle")
    if c.with_unit:
        return no(f"{c.name} {says(c, 'fights')} with his unit and moves with it ([9.2])")
    if c.move_done:
        return no(f"{c.name} {says(c, 'has')} already moved this phase")
    dx, dy = x - c.x, y - c.y
    dist = math.hypot(dx, dy)
    if dist <= 0:
        return no("a move needs a positive distance")
    heading = norm(math.degrees(math.atan2(dy, dx)))
    s2 = individual_size()
    b0 = Block(c.x + math.cos(math.radians(heading)) * s2 / 2, c.y + math.sin(math.radians(heading)) * s2 / 2,
               heading, 1, 1, s2, s2)
    obs = obstacles(s, c.id)
    hit = sweep_translate(b0.corners, (dx, dy), obs)
    done = dist * hit.share
    ex, ey = c.x + dx * hit.share, c.y + dy * hit.share
    mv = character_mv(DATA.characters[c.profile]) * INCH
    left = mv - c.moved
    cost = done
    g = geo_of(s)
    line = LineString([(c.x, c.y), (ex, ey)]) if done > 0 else None
    if line is not None:
        for i in g.slow:
            k = g.kind[i]
            inside = float(g.poly[i].intersection(line).length)
            cost += inside * (1.0 / k.rate - 1.0)
    if cost > left + 1e-6:
        return no(f"{c.name} may move {inches(left)} more; this move costs {inches(cost)}")
    plan = Plan(True, cost=cost, length=done, path=[(c.x, c.y), (ex, ey)], hit=hit,
                stop=(ex, ey) if hit.hit else None, changes={"x": ex, "y": ey, "heading": heading})
    if hit.kind in ("unit", "individual") and hit.side != c.side:
        plan.contact = hit.id
    return plan


def _name(s: BSState, oid: str | None) -> str:
    if oid is None:
        return "nothing"
    if oid in s.units:
        return s.units[oid].name
    if oid in s.chars:
        return s.chars[oid].name
    g = geo_of(s)
    if oid in g.feats:
        f = g.feats[oid]
        return f.name or g.kind[oid].name
    return oid


def mob_block(u: Unit) -> int:
    """[2.10] a mob's frontage."""
    return mob_files(u.figures)


def name_of(s: BSState, oid: str | None) -> str:
    """The name of a unit, individual or terrain feature (for the log)."""
    return _name(s, oid)


def rating_mv_in(u: Unit) -> float:
    return rating(u).mv
