"""Battlesystem's one sight adjudication ([10.1], [10.7], [10.9], [11.9]).

The missile rules, the AI, the previews and the app's line-of-sight overlay all call it.
Sight is judged figure by figure:

* **Arc** ([10.1]): a figure sees within 45 degrees either side of its facing, from the centre
  of its base; a target figure is in the arc when any part of its base is (exact: corners,
  edges and the apex against the two boundary rays).
* **Line** ([10.1]): exact 2.5D shadows (:func:`game.geometry.shadows.shadow_parts`, the
  shadows ``model_sight`` casts, taken once per seeing figure over all target figures): a
  figure is 30 mm tall (gaps.md) with its eye 25 mm above the ground it stands on (ours: just
  below its top, so that figures in between hide what is behind them), the target figure its
  base raised 30 mm from its ground; hills and buildings block up to their height, and every other unit
  blocks as its outline raised 30 mm (figures in formation: ours, see README). With indirect
  fire ([10.7]) friendly units do not block.
* **Woods** ([11.9]): sight reaches 1" into woods (6" for elves and other woodland creatures),
  measured along the line between the two figures' base centres: a figure deeper in woods is
  neither seen nor sees out.
* **Altitude** ([15.1]): a unit in the air has its figures (eyes and bodies) raised by its
  altitude (1", 4", 8"), so it sees and is seen over hills, walls and units lower than the
  line; the woods limit does not apply when either unit is in the air (ours: a flyer is above
  the canopy). A flying unit blocks sight only at its own height.

:func:`unit_sight` gives which figures of the viewer see and which figures of the target are
seen; "only those figures who can see the enemy unit can shoot" and "all enemy losses must be
taken from the figures visible" ([10.1]) read it. Results are cached by everything they
depend on (positions, formations, the map digest), never by ids alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon

from game.core.sight import BLOCKS, HIDES, Crossing, SightRegion, SightVerdict, polygons_of
from game.geometry.shadows import AREA_EPS, Prism, hidden_region, scale_interval, shadow_parts

from .formation import block_of, individual_corners, individual_size
from .geo import geo_of
from .profiles import DATA
from .rules.contact import unit_key
from .rules.flight import altitude_mm
from .state import BSState

T = DATA.tables
H = T.figure_height_mm
EYE = T.eye_height_mm
HALF = 45.0
CLAUSE = "Battlesystem [10.1] (45 degrees either side of the facing; partial sight), [11.9] (woods)"


@dataclass(frozen=True)
class UnitSight:
    """What one unit (or individual) sees of another, figure by figure.

    Attributes:
        viewer, target: ids.
        seers: the viewer's figures that see at least one target figure.
        seen: the target's figures seen by at least one of them.
        in_arc: some target figure lies in some viewer figure's arc.
        hiders: the terrain pieces and units that hide target figures from the viewer's
            figures in arc (by name), for the verdict.
        pairs: (viewer figure, target figure) pairs with sight.
    """

    viewer: str
    target: str
    seers: tuple[int, ...]
    seen: tuple[int, ...]
    in_arc: bool
    hiders: tuple[tuple[str, str], ...] = ()
    pairs: tuple[tuple[int, int], ...] = field(default=(), repr=False)


def _figs(s: BSState, oid: str):
    """(corners (N, 4, 2), centres (N, 2), heading) of a unit's or an individual's figures."""
    if oid in s.units:
        b = block_of(s.units[oid])
        return b.corners, b.centres, b.heading
    c = s.chars[oid]
    return individual_corners(c), np.array([[c.x, c.y]]), c.heading


def _side(s: BSState, oid: str) -> str:
    return s.units[oid].side if oid in s.units else s.chars[oid].side


def _woodland(s: BSState, oid: str) -> bool:
    if oid in s.units:
        p = DATA.units[s.units[oid].profile]
        return "woodland" in DATA.creatures[p.creature].abilities
    return "woodland" in DATA.creatures[DATA.characters[s.chars[oid].profile].creature].abilities


def rects_in_arc(apex: np.ndarray, heading: float, corners: np.ndarray, half: float = HALF) -> np.ndarray:
    """(N, M) True where rectangle ``corners[j]`` meets the sector of ``half`` degrees either
    side of ``heading`` with apex ``apex[i]`` (exact: a corner inside, the apex inside, or a
    boundary ray crossing an edge)."""
    A = np.asarray(apex, dtype=float).reshape(-1, 1, 1, 2)
    C = np.asarray(corners, dtype=float)[None]  # (1, M, 4, 2)
    d = C - A
    ang = np.degrees(np.arctan2(d[..., 1], d[..., 0]))
    diff = np.abs((ang - heading + 180.0) % 360.0 - 180.0)
    out = (diff <= half + 1e-9).any(-1)
    # apex inside the rectangle
    e = np.concatenate([C[:, :, 1:], C[:, :, :1]], axis=2) - C
    w = A - C
    cross = e[..., 0] * w[..., 1] - e[..., 1] * w[..., 0]
    out |= (cross >= 0).all(-1) | (cross <= 0).all(-1)
    for sgn in (-1.0, 1.0):
        a = math.radians(heading + sgn * half)
        ux, uy = math.cos(a), math.sin(a)
        den = ux * e[..., 1] - uy * e[..., 0]
        wx, wy = C[..., 0] - A[..., 0], C[..., 1] - A[..., 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            s_ = (wx * e[..., 1] - wy * e[..., 0]) / den
            t_ = (wx * uy - wy * ux) / den
        out |= ((den != 0) & (s_ >= 0) & (t_ >= -1e-9) & (t_ <= 1 + 1e-9)).any(-1)
    return out


def _unit_prisms(s: BSState, skip: set[str], friends_of: str | None) -> list[tuple[str, Prism]]:
    g = geo_of(s)
    out = []
    for u in s.units.values():
        if u.id in skip or not u.on_table or u.figures == 0:
            continue
        if friends_of is not None and u.side == friends_of:
            continue
        if "invisible" in {e.split(":")[0] for e in u.effects}:
            continue  # [14.8] an invisible unit hides nothing
        out.append((u.id, _unit_prism(g, u)))
    return out


def _unit_prism(g, u) -> Prism:
    """A unit's sight prism: its outline raised 30 mm from the ground under its centre (and
    by its altitude, [15.1]). Kept in the map's geometry (per thread), keyed by everything it
    depends on (the unit's placement, formation, altitude and name)."""
    key = unit_key(u) + (u.name,)
    memo = g.memo.setdefault("unit_prism", {})
    p = memo.get(key)
    if p is None:
        b = block_of(u)
        z = g.height_at(*b.centre)
        up = altitude_mm(u.altitude)
        p = Prism(u.id, Polygon(b.outline), z + up + H, z + up if up else 0.0, u.name, "unit")
        if len(memo) > 8192:
            memo.clear()
        memo[key] = p
    return p


_CACHE: dict = {}


def unit_sight(s: BSState, viewer_id: str, target_id: str, figures: tuple[int, ...] | None = None,
               indirect: bool = False) -> UnitSight:
    """Which figures of ``viewer_id`` (only ``figures`` of them, when given: the ranks that
    may shoot) see which figures of ``target_id`` (see the module notes). ``indirect``:
    [10.7] friendly units do not block."""
    vside = _side(s, viewer_id)
    key = (s.map_sha, _okey(s, viewer_id), _okey(s, target_id), figures, indirect,
           tuple(unit_key(u) + (u.side,) for u in s.units.values() if u.on_table), _world_key(s))
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    res = _unit_sight(s, viewer_id, target_id, figures, indirect, vside)
    if len(_CACHE) > 20000:
        _CACHE.clear()
    _CACHE[key] = res
    return res


def _world_key(s: BSState) -> tuple:
    return (s.weather, s.night, tuple((a.id, a.rounds, tuple(a.points[:1])) for a in s.areas if a.kind != "tornado"),
            tuple(sorted(u.id for u in s.units.values() if any(e.startswith("invisible") for e in u.effects))))


def sight_cap_mm(s: BSState) -> float | None:
    """[12.2] Table 16, [12.5] the farthest a figure sees, mm (None: no limit)."""
    from .rules.weather import sight_cap_mm as cap
    return cap(s)


#: ours: fog and a wall of fire rise this high, mm (they hide all behind them)
MAGIC_HEIGHT = {"fog": 200.0, "wall_of_fire": 200.0}


def magic_prisms(s: BSState) -> list[Prism]:
    """[14.15] fog and walls of fire on the table, as sight blockers."""
    return [Prism(a.id, Polygon(a.points), MAGIC_HEIGHT[a.kind], 0.0, a.name, a.kind) for a in s.areas if a.kind in MAGIC_HEIGHT]


@dataclass(frozen=True)
class SpellLine:
    """[14.4] the line from a caster to its aim: ``clear``, else ``why`` (what blocks it)."""

    clear: bool
    why: str = ""


def spell_line(s: BSState, origin: tuple[float, float], aim: tuple[float, float], skip: set[str]) -> SpellLine:
    """[14.4] sight for spells along the straight line from ``origin`` to ``aim`` (mm): woods
    (beyond the 1" the eye reaches into them, [11.9]), hills and buildings higher than both
    ends, fog and walls of fire, and every unit in between (any formation; the caster's own
    and the one aimed into do not count, nor the ids in ``skip``) break it; so do the weather's
    and the night's sight limits ([12.2], [12.5])."""
    from shapely.geometry import LineString, Point
    g = geo_of(s)
    if origin == aim:
        return SpellLine(True)
    line = LineString([origin, aim])
    cap = sight_cap_mm(s)
    if cap is not None and line.length > cap + 1e-9:
        return SpellLine(False, "the weather" if s.weather else "the night")
    if g.woods_depth(origin, aim) > T.woods_sight_in * T.inch_mm + 1e-9:
        return SpellLine(False, "woods")
    po, pa = Point(origin), Point(aim)
    top = max(g.height_at(*origin), g.height_at(*aim)) + EYE
    for p in list(g.prisms.near(line)) + magic_prisms(s):
        if p.polygon.intersects(line) and not p.polygon.covers(po) and not p.polygon.covers(pa) and p.top > top:
            return SpellLine(False, p.name or p.id)
    for u in s.units.values():
        if u.id in skip or not u.on_table or u.figures == 0 or any(e.startswith("invisible") for e in u.effects):
            continue
        out = Polygon(block_of(u).outline)
        if out.covers(pa) or out.covers(po):
            continue
        if out.intersects(line):
            return SpellLine(False, u.name)
    return SpellLine(True)


def _okey(s: BSState, oid: str) -> tuple:
    if oid in s.units:
        return unit_key(s.units[oid])
    c = s.chars[oid]
    return (c.id, c.profile, c.x, c.y, c.heading, c.status)


def _unit_sight(s: BSState, viewer_id: str, target_id: str, figures, indirect: bool, vside: str) -> UnitSight:
    g = geo_of(s)
    vc, vcen, vh = _figs(s, viewer_id)
    tc, tcen, th = _figs(s, target_id)
    idx = list(range(len(vcen))) if figures is None else [i for i in figures if i < len(vcen)]
    if not idx or len(tcen) == 0:
        return UnitSight(viewer_id, target_id, (), (), False)
    arc = rects_in_arc(vcen[idx], vh, tc)
    if not arc.any():
        return UnitSight(viewer_id, target_id, (), (), False)
    hull = shapely.convex_hull(shapely.multipoints(np.vstack([vc[idx].reshape(-1, 2), tc.reshape(-1, 2)])))
    terrain = [p for p in g.prisms.near(hull)]
    units = [(uid, p) for uid, p in _unit_prisms(s, {viewer_id, target_id}, vside if indirect else None)
             if p.polygon.intersects(hull)]
    magic = [a for a in s.areas if a.kind in MAGIC_HEIGHT and _area_prism(g, a).polygon.intersects(hull)]
    prisms = terrain + [p for _, p in units] + [_area_prism(g, a) for a in magic]
    cap = sight_cap_mm(s)
    # the verdict depends on nothing else: the two bodies, the shooters, the map, the units
    # and magic that may stand in between, and the weather's or night's limit
    local = (_okey(s, viewer_id), _okey(s, target_id), tuple(idx),
             tuple(unit_key(s.units[uid]) + (s.units[uid].name,) for uid, _ in units),
             tuple(_area_key(a) for a in magic), cap, bool(s.weather))
    memo = g.memo.setdefault("unit_sight", {})
    hit = memo.get(local)
    if hit is not None:
        return hit
    res = _shadowed(s, g, viewer_id, target_id, vc, vcen, tc, tcen, idx, arc, hull, prisms, cap)
    if len(memo) > 20000:
        memo.clear()
    memo[local] = res
    return res


def _area_key(a) -> tuple:
    return (a.id, a.kind, a.name, tuple(tuple(map(float, pt)) for pt in a.points))


def _area_prism(g, a) -> Prism:
    """[14.15] a fog or wall of fire as a sight blocker (kept per map and thread, by its shape)."""
    key = _area_key(a)
    memo = g.memo.setdefault("area_prism", {})
    p = memo.get(key)
    if p is None:
        if len(memo) > 1024:
            memo.clear()
        p = memo[key] = Prism(a.id, Polygon(a.points), MAGIC_HEIGHT[a.kind], 0.0, a.name, a.kind)
    return p


def _shadowed(s: BSState, g, viewer_id: str, target_id: str, vc, vcen, tc, tcen, idx, arc, hull, prisms,
              cap) -> UnitSight:
    """The figure-by-figure verdict of :func:`_unit_sight` once the blockers are known."""
    wood_lim = (T.woods_sight_woodland_in if _woodland(s, viewer_id) else T.woods_sight_in) * T.inch_mm
    v_up, t_up = _up(s, viewer_id), _up(s, target_id)
    has_woods = not g.woods_union.is_empty and g.woods_union.intersects(hull) and not (v_up or t_up)
    pairs = []
    hiders: dict[str, str] = {}
    vz = (g.heights_at(vcen[idx]) + v_up).tolist()
    tz = g.heights_at(tcen) + t_up
    feet = shapely.polygons(tc) if prisms else None
    polys = np.array([p.polygon for p in prisms], dtype=object)
    far = float(np.hypot(*(hull.bounds[2:4] - np.array(hull.bounds[:2])))) + 1.0
    for a, i in enumerate(idx):
        cand = [int(j) for j in np.nonzero(arc[a])[0]]
        if cap is not None:  # [12.2], [12.5] weather and night end sight
            far_ = [j for j in cand if math.dist(vcen[i], tcen[j]) > cap + 1e-9]
            if far_:
                hiders["weather"] = "the weather" if s.weather else "the night"
                cand = [j for j in cand if j not in far_]
        if has_woods:
            keep = []
            for j in cand:
                if g.woods_depth(tuple(vcen[i]), tuple(tcen[j])) > wood_lim + 1e-9:
                    hiders["woods"] = "woods"
                else:
                    keep.append(j)
            cand = keep
        if not cand:
            continue
        if not prisms:
            pairs += [(i, j) for j in cand]
            continue
        eye = (float(vcen[i][0]), float(vcen[i][1]))
        for z in sorted({float(tz[j]) for j in cand}):
            js = [j for j in cand if float(tz[j]) == z]
            shadows = []
            # a prism can hide a foot only if it meets the figure's view of the feet (the hull of
            # the eye and their corners): the others cast no shadow on them
            reach = shapely.convex_hull(shapely.multipoints(np.vstack([vcen[i][None], tc[js].reshape(-1, 2)])))
            for p, meets in zip(prisms, shapely.intersects(reach, polys)):
                if not meets:
                    continue
                iv = scale_interval(vz[a] + EYE, z + H, p.bottom, p.top)
                if iv is None:
                    continue
                parts = shadow_parts(p.polygon, eye, iv[0], iv[1], far)
                if len(parts):
                    shadows.append((p, shapely.union_all(parts)))
            if not shadows:
                pairs += [(i, j) for j in js]
                continue
            union = shapely.union_all([sh for _, sh in shadows])
            # a foot clear of every shadow keeps its whole area: only the others are cut
            left = np.full(len(js), np.inf)
            cut = shapely.intersects(union, feet[js])
            if cut.any():
                left[cut] = shapely.area(shapely.difference(feet[js][cut], union))
            for j, area in zip(js, left):
                if area > AREA_EPS:
                    pairs.append((i, j))
                else:
                    for p, sh in shadows:
                        if sh.intersects(feet[j]):
                            hiders[p.id] = p.name or p.id
    seers = tuple(sorted({i for i, _ in pairs}))
    seen = tuple(sorted({j for _, j in pairs}))
    return UnitSight(viewer_id, target_id, seers, seen, True, tuple(sorted(hiders.items())), tuple(pairs))


def _up(s: BSState, oid: str) -> float:
    """Height of a unit in the air above its ground, mm ([15.1]); 0 for everything else."""
    u = s.units.get(oid)
    return altitude_mm(u.altitude) if u is not None else 0.0


def _w(c: np.ndarray) -> float:
    return float(np.hypot(*(c[1] - c[0])))


def _d(c: np.ndarray) -> float:
    return float(np.hypot(*(c[2] - c[1])))


def adjudicate(s: BSState, viewer_id: str, target_id: str, figures=None, indirect: bool = False) -> SightVerdict:
    """The verdict for the overlay and the rules: ``sees`` when some figure of the viewer sees
    some figure of the target; ``visible_fraction`` the share of the target's figures seen;
    cover ``"partial"`` when some are hidden (losses come only from the seen ones, [10.1])."""
    us = unit_sight(s, viewer_id, target_id, figures, indirect)
    n = len(_figs(s, target_id)[1])
    frac = len(us.seen) / n if n else 0.0
    vname, tname = _name(s, viewer_id), _name(s, target_id)
    crossings = tuple(Crossing(k, v, BLOCKS if not us.seen else HIDES) for k, v in us.hiders)
    note = "" if us.in_arc else "outside 45 degrees either side of its facing"
    cover = "partial" if us.seen and len(us.seen) < n else "none"
    effect = f"only the {len(us.seen)} figures seen can be hit" if cover == "partial" else ""
    return SightVerdict(viewer_id, target_id, bool(us.seen), cover, frac, vname, tname, EYE, (0.0, H), crossings, (),
                        CLAUSE, effect, note, "partly seen" if cover == "partial" else "")


def _name(s: BSState, oid: str) -> str:
    return s.units[oid].name if oid in s.units else s.chars[oid].name


def hook_sight(s: BSState, viewer_id: str, target_id: str) -> SightVerdict | None:
    ok = lambda i: (i in s.units and s.units[i].on_table and s.units[i].figures) or (i in s.chars and s.chars[i].active
                                                                                    and not s.chars[i].with_unit)
    if not (ok(viewer_id) and ok(target_id)) or viewer_id == target_id:
        return None
    return adjudicate(s, viewer_id, target_id)


def hook_region(s: BSState, viewer_id: str) -> SightRegion | None:
    """Where none of the viewer's front-rank figures sees a standing figure: outside every
    figure's 90-degree arc, in the shadows of hills, buildings and other units, and deep in
    woods (beyond the 1" the text allows)."""
    if viewer_id in s.units:
        u = s.units[viewer_id]
        if not u.on_table or u.figures == 0:
            return None
        b = block_of(u)
        front = b.centres[: b.front_files]
        heading = b.heading
    elif viewer_id in s.chars and s.chars[viewer_id].active and not s.chars[viewer_id].with_unit:
        c = s.chars[viewer_id]
        front, heading = np.array([[c.x, c.y]]), c.heading
    else:
        return None
    g = geo_of(s)
    W, Hh = s.table
    far = math.hypot(W, Hh) * 2
    table = shapely.box(0, 0, W, Hh)
    units = [p for _, p in _unit_prisms(s, {viewer_id}, None)]
    terrain = list(g.prisms.prisms) + magic_prisms(s)
    seen_any = None
    up = _up(s, viewer_id)
    for x, y in front:
        z = g.height_at(x, y) + EYE + up
        hid = hidden_region((float(x), float(y)), z, g.height_at(x, y) + H, terrain + units, (W, Hh))
        sector = Polygon([(x, y)] + [(x + far * math.cos(math.radians(heading + a)), y + far * math.sin(math.radians(heading + a)))
                                     for a in np.linspace(-HALF, HALF, 9)])
        vis = sector.intersection(table)
        if not hid.is_empty:
            vis = vis.difference(hid)
        seen_any = vis if seen_any is None else seen_any.union(vis)
    cap = sight_cap_mm(s)
    if cap is not None and seen_any is not None:  # [12.2], [12.5] nothing is seen beyond the cap
        from shapely.geometry import MultiPoint
        seen_any = seen_any.intersection(MultiPoint([tuple(p) for p in front]).buffer(cap))
    hidden = table.difference(seen_any) if seen_any is not None else table
    if not g.woods_union.is_empty and not up:
        deep = g.woods_union.buffer(-T.woods_sight_in * T.inch_mm)
        if not deep.is_empty:
            hidden = hidden.union(deep.intersection(table))
    return SightRegion(viewer_id, polygons_of(hidden), (),
                       "for a standing figure (30 mm); beyond 45 degrees either side of the front rank's facing, "
                       "behind hills, buildings and units, deep in woods")


def individual_base_size() -> float:
    return individual_size()
