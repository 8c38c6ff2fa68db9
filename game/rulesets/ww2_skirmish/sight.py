"""The WW2 skirmish's one sight adjudication: line of sight, cover, fog and elevation.

The rules (targets "in line of sight", cover, fog, high ground), the AI, the
previews and the app's overlay all call :func:`adjudicate`. It is exact
shadow casting on the geometry layer (:func:`game.geometry.shadows.model_sight`)
over the world of :mod:`.geo`: the battlefield surface with its trenches and
craters, barricades and other terrain as prisms.

* **Eye and target**: a model's eye is the top of the model (30 mm for
  infantry, gaps.md; the mech's height) above the surface it stands on; the
  target is its whole model, its round base raised from its surface to its top.
* **Line of sight** (Attacking: "in line of sight"): some part of the target
  can be seen past the solid terrain (the trench and crater walls, sandbags,
  walls, ruins, hills). See-through terrain (barbed wire, bushes, fences,
  smoke) never blocks. Models never block sight (ours).
* **Cover** (Terrain and Cover: a model 50% or more behind terrain is in
  cover): the share of the whole model (its volume, :attr:`ModelSight.volume_fraction`)
  behind terrain - solid or see-through - that the text lists as cover, from
  this viewer. Its class is heavy when the heavy-cover terrain alone hides
  50% or more, else light. The trench walls (the surface around a hole) are
  the hole's cover: heavy for a trench (Trenches), light for a crater or a
  shallow trench; in Frost, trenches give none. A see-through piece the
  viewer stands in does not count (it sees out of it).
* **Fog** (Fog): a target in a fog bank more than 12" away cannot be
  targeted (no line of sight), and attacks into a fog bank are -1 to hit;
  in the Fog condition an attack at more than 12" is -1 to hit.
* **Elevation**: from a surface at least 1" (ours) higher than the
  target's, +1 to hit; from one at least 1" lower, -1.

Cover effects: light -1 to hit; heavy -1 to hit and -1 to wound. The
geometric result is cached per table under a key that holds every input
(both models' positions, surfaces and heights), so no cache carries one
battle into another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Point, box

from game.core.sight import BLOCKS, COVER, HIDES, OBSCURES, Crossing, SightRegion, SightVerdict, percent, polygons_of
from game.geometry.shadows import Prism, hidden_region, model_sight, sight_cone
from game.geometry.shapes import Base

from .bodies import eye, foot, gap, height, radius
from .catalogue import DATA, T, inches
from .geo import GROUND, TableGeo, geo_of
from .state import Model, WWState

#: the rules this adjudication follows
CLAUSE = "ww2_skirmish: Attacking (line of sight); Terrain and Cover (50%); Trenches; Fog; Elevation"
SHARE = float(T.cover.hidden_share)


@dataclass(frozen=True)
class Geometry:
    """What the eye sees of the model, by the geometry alone (cached).

    sees: some part seen past solid terrain. seen: share (0..1) of the model
    seen past solid terrain (exact when ``exact``). hidden: share (0..1) of the model
    behind cover terrain (exact when ``exact``; else only its side of 50% is
    known, from the exact bounds of the top and foot). heavy_hidden: the same
    for heavy-cover terrain alone. hiders: (prism id, top mm, share hidden)
    of every piece hiding part of it.
    """

    sees: bool
    hidden: float
    exact: bool
    seen: float
    heavy_hidden: float
    hiders: tuple[tuple[str, float, float], ...]
    blockers: tuple[tuple[str, float, float], ...]


@dataclass(frozen=True)
class Sighting:
    """The verdict and what it does to an attack.

    verdict: the :class:`~game.core.sight.SightVerdict` (the overlay's).
    cover: "none", "light" or "heavy".
    hit_mods: labelled changes to the hit roll (negative: harder), e.g.
        ``("heavy cover", -1)``, ``("high ground", 1)``.
    wound_mods: labelled changes to the wound roll (heavy cover -1).
    """

    verdict: SightVerdict
    cover: str
    hit_mods: tuple[tuple[str, int], ...]
    wound_mods: tuple[tuple[str, int], ...]

    @property
    def sees(self) -> bool:
        """The viewer may target the model."""
        return self.verdict.sees


def _cover_of(g: TableGeo, pid: str, target_hole: str | None, frost: bool) -> str:
    """The cover class a prism gives the target (the ground: by the target's hole)."""
    c = g.cover_class.get(pid, "none")
    if c != "by_hole":
        return c
    if target_hole is None:
        return "light"
    k = DATA.kinds[target_hole]
    if frost and target_hole == "trench":
        return "none"
    return k.cover


def _geometry(s: WWState, viewer: Model, target: Model, exact: bool) -> Geometry:
    g = geo_of(s)
    vu, tu = s.units[viewer.unit], s.units[target.unit]
    ez = eye(s, viewer)
    z0 = foot(s, target)
    z1 = z0 + height(tu)
    hole = g.hole_at(target.x, target.y)
    hole_kind = hole[0].kind if hole else None
    frost = s.condition == "frost"
    key = ("sight", viewer.x, viewer.y, ez, target.x, target.y, z0, z1, radius(tu), hole_kind, frost, exact)
    got = g.cache.get(key)
    if got is not None:
        return got
    tb = Base.circle(target.x, target.y, radius(tu))
    E = (viewer.x, viewer.y)
    cone = sight_cone(E, tb)
    near = list(g.prism_set.prisms) if cone is None else g.prism_set.near(cone)
    vpt = Point(viewer.x, viewer.y)
    near = [p for p in near if p.id in g.solid or not p.polygon.intersects(vpt)]
    near = relevant(near, E, ez, tb, z0, cone)
    solid = [p for p in near if p.id in g.solid]
    ms_solid = model_sight(E, ez, tb, z0, z1, solid)
    sees = ms_solid.any_seen
    blockers = tuple((h.prism.id, h.prism.top, max(h.hidden_top, h.hidden_foot)) for h in ms_solid.hiders) if not sees else ()
    hidden, heavy_hidden, hiders, same = 0.0, 0.0, (), True
    if sees:
        cover = [p for p in near if _cover_of(g, p.id, hole_kind, frost) != "none"]
        same = {p.id for p in cover} == {p.id for p in solid}
        ms = ms_solid if same else model_sight(E, ez, tb, z0, z1, cover)
        hidden, exact = _hidden_share(ms, z0, z1, exact)
        hiders = tuple((h.prism.id, h.prism.top, max(h.hidden_top, h.hidden_foot)) for h in ms.hiders)
        if hidden >= SHARE:
            heavy = [p for p in cover if _cover_of(g, p.id, hole_kind, frost) == "heavy"]
            if len(heavy) == len(cover):
                heavy_hidden = hidden
            elif heavy:
                heavy_hidden, _ = _hidden_share(model_sight(E, ez, tb, z0, z1, heavy), z0, z1, False)
    seen = 0.0
    if sees:
        if exact:
            seen = 1.0 if ms_solid.all_seen else ms_solid.volume_fraction
        else:
            seen = 1.0 - hidden if same else max(0.0, 1.0 - hidden)
    res = Geometry(sees, hidden, exact, seen, heavy_hidden, hiders, blockers)
    if len(g.cache) > 100_000:
        g.cache.clear()
    g.cache[key] = res
    return res


def relevant(prisms, eye, ez: float, tb: Base, z0: float, cone) -> list:
    """The prisms cut to the part that can hide a point of the target (exact).

    A prism standing on the table with its top at or below the eye hides a
    point X (at least ``z0`` high) only where the line from the eye runs under
    its top: a fraction t of the way with t > t* = (eye - top) / (eye - z0),
    so never within t* x (the distance to the nearest point of the base) of the
    eye; and never at all when z0 is at or above its top. Cutting that disc
    away (an inscribed polygon: it removes less than the disc) keeps every
    point that can hide anything: the shadows over the target are unchanged.
    """
    out = []
    d_near = max(0.0, math.hypot(tb.x - eye[0], tb.y - eye[1]) - tb.radius)
    for p in prisms:
        if p.bottom > 0 or p.top > ez:
            out.append(p)
            continue
        if z0 >= p.top:
            continue
        rho = (ez - p.top) / (ez - z0) * d_near
        poly = p.polygon if cone is None else p.polygon.intersection(cone)
        if rho > 1e-6:
            poly = poly.difference(Point(eye).buffer(rho * (1 - 1e-9), quad_segs=16))
        if poly.is_empty or poly.area <= 0:
            continue
        out.append(Prism(p.id, poly, p.top, p.bottom, p.name, p.kind))
    return out


def _hidden_share(ms, z0: float, z1: float, exact: bool) -> tuple[float, bool]:
    """(share of the model hidden, exact?) from a :class:`ModelSight`.

    Exact (``ModelSight.volume_fraction``) when asked, else only as exact as
    the 50% rule needs: the seen share at a height never falls as the height
    rises (every prism stands on the table), so over a partition of the
    model's height the seen fraction at each slice's foot and top give a
    lower and an upper bound of the seen volume share; slices are split where
    the bounds differ most until they lie on one side of 50%, else the exact
    share is integrated. The share returned is then a bound on the right side
    of 50%, never across it."""
    if ms.all_seen:
        return 0.0, True
    if exact or z1 <= z0:
        return 1.0 - ms.volume_fraction, True
    if ms.top_fraction <= 1.0 - SHARE:
        return 1.0 - ms.top_fraction, False
    if ms.foot_fraction > 1.0 - SHARE:
        return 1.0 - ms.foot_fraction, False
    zs = [z0 + (z1 - z0) * k / 4 for k in range(5)]
    fs = [ms.foot_fraction] + [ms.fraction_at(z) for z in zs[1:-1]] + [ms.top_fraction]
    span = z1 - z0
    for _ in range(16):
        lo = sum(fs[i] * (zs[i + 1] - zs[i]) for i in range(len(zs) - 1)) / span
        hi = sum(fs[i + 1] * (zs[i + 1] - zs[i]) for i in range(len(zs) - 1)) / span
        if hi <= 1.0 - SHARE:
            return 1.0 - hi, False
        if lo > 1.0 - SHARE:
            return 1.0 - lo, False
        i = max(range(len(zs) - 1), key=lambda k: (fs[k + 1] - fs[k]) * (zs[k + 1] - zs[k]))
        zm = (zs[i] + zs[i + 1]) / 2
        zs.insert(i + 1, zm)
        fs.insert(i + 1, ms.fraction_at(zm))
    return 1.0 - ms.volume_fraction, True


def _name(s: WWState, pid: str, target: Model) -> str:
    g = geo_of(s)
    if pid == "ground":
        hole = g.hole_at(target.x, target.y)
        if hole is None:
            return "the trench walls"
        return f"the {hole[0].name or DATA.kinds[hole[0].kind].name} walls"
    p = g.prisms.get(pid)
    return p.name if p is not None and p.name else pid


def adjudicate(s: WWState, viewer: Model, target: Model, detail: bool = False) -> Sighting:
    """Line of sight, cover and the attack modifiers of ``target`` from ``viewer``
    (see the module notes).

    Args:
        s: the battle state.
        viewer, target: two models on the table.
        detail: give the exact visible share (the overlay); without it the share
            is exact only where the 50% decision needs it.

    Returns:
        a :class:`Sighting` (the verdict, its cover class and modifiers).
    """
    g = geo_of(s)
    vu, tu = s.units[viewer.unit], s.units[target.unit]
    dist = gap(s, viewer, target)
    names = (f"{vu.name} ({viewer.name})" if len(vu.models) > 1 else vu.name,
             f"{tu.name} ({target.name})" if len(tu.models) > 1 else tu.name)
    ez = eye(s, viewer)
    z0 = foot(s, target)
    span = (z0, z0 + height(tu))
    fog_bank = g.in_fog(target.x, target.y)
    if fog_bank and dist > inches(T.fog.limit_in) + 1e-9:
        v = SightVerdict(viewer.id, target.id, False, "none", 0.0, *names, ez, span,
                         (Crossing("fog", "fog bank", OBSCURES),), (), CLAUSE,
                         note=f"in a fog bank {dist / inches(1):.1f}\" away: beyond 12\"")
        return Sighting(v, "none", (), ())
    geo = _geometry(s, viewer, target, detail)
    if not geo.sees:
        cr = tuple(Crossing(pid, _name(s, pid, target), BLOCKS, top, 0.0, share) for pid, top, share in geo.blockers)
        v = SightVerdict(viewer.id, target.id, False, "none", 0.0, *names, ez, span, cr, (), CLAUSE)
        return Sighting(v, "none", (), ())
    cover = "none"
    if geo.hidden >= SHARE:
        cover = "heavy" if geo.heavy_hidden >= SHARE else "light"
    hit: list[tuple[str, int]] = []
    wound: list[tuple[str, int]] = []
    if cover == "light":
        hit.append(("light cover", -int(T.cover.light_hit)))
    elif cover == "heavy":
        hit.append(("heavy cover", -int(T.cover.heavy_hit)))
        wound.append(("heavy cover", -int(T.cover.heavy_wound)))
    if fog_bank:
        hit.append(("into fog", -int(T.fog.hit)))
    if s.condition == "fog" and dist > inches(T.conditions.fog_clear_in) + 1e-9:
        hit.append(("fog beyond 12\"", -int(T.conditions.fog_hit)))
    rise = foot(s, viewer) - z0
    if rise >= float(T.elevation.threshold_mm) - 1e-9:
        hit.append(("high ground", int(T.elevation.hit)))
    elif rise <= -float(T.elevation.threshold_mm) + 1e-9:
        hit.append(("uphill", -int(T.elevation.hit)))
    cr = []
    hole = g.hole_at(target.x, target.y)
    frost = s.condition == "frost"
    for pid, top, share in geo.hiders:
        gives = _cover_of(g, pid, hole[0].kind if hole else None, frost)
        role = COVER if cover != "none" and gives != "none" else HIDES
        cr.append(Crossing(pid, _name(s, pid, target), role, top, 0.0, share))
    cr.sort(key=lambda c: ({COVER: 0, HIDES: 1}[c.role], -c.hidden, c.id))
    effect = ", ".join(f"{v:+d} to hit ({k})" for k, v in hit)
    if wound:
        effect += ", " + ", ".join(f"{v:+d} to wound ({k})" for k, v in wound)
    note = ""
    if geo.hidden > 0 and not geo.exact:
        note = "over half hidden" if geo.hidden >= SHARE else "under half hidden"
    if frost and hole is not None and hole[0].kind == "trench":
        note = (note + "; " if note else "") + "frost: the trench gives no cover"
    if geo.hidden > 0 and geo.exact:
        note = (note + "; " if note else "") + f"{percent(geo.hidden)} behind terrain"
    v = SightVerdict(viewer.id, target.id, True, cover, geo.seen, *names, ez, span, tuple(cr), (), CLAUSE,
                     effect, note, f"{cover} cover" if cover != "none" else "")
    return Sighting(v, cover, tuple(hit), tuple(wound))


def sees(s: WWState, viewer: Model, target: Model) -> bool:
    """The verdict alone: ``viewer`` may target ``target``."""
    return adjudicate(s, viewer, target).sees


def region(s: WWState, viewer: Model) -> SightRegion:
    """Where ``viewer``'s sight does not reach a standing infantry model: wholly
    hidden (its top hidden), and partly hidden (its foot hidden, its top seen),
    on the surface and on every trench and crater floor. Solid terrain only,
    as :func:`adjudicate` judges line of sight."""
    g = geo_of(s)
    solid = [p for p in g.prisms.values() if p.id in g.solid]
    ez = eye(s, viewer)
    h = float(T.table.standing_height_mm)
    levels: dict[float, object] = {}
    surface = box(0.0, 0.0, *s.table)
    if g.holes:
        surface = surface.difference(g.hole_union)
        for _, p, floor in g.holes:
            levels[floor] = p if floor not in levels else levels[floor].union(p)
    levels[GROUND] = surface
    hidden, partial = [], []
    for z, area in levels.items():
        top = hidden_region((viewer.x, viewer.y), ez, z + h, solid, s.table)
        low = hidden_region((viewer.x, viewer.y), ez, z, solid, s.table)
        hidden.append(top.intersection(area))
        partial.append(low.difference(top).intersection(area))
    from shapely.ops import unary_union
    return SightRegion(viewer.id, polygons_of(unary_union(hidden)), polygons_of(unary_union(partial)),
                       f"for a standing infantry model (30 mm) where it stands; eye {ez:g} mm")


def distance_in(s: WWState, a: Model, b: Model) -> float:
    """Edge-to-edge distance between two models, inches."""
    return gap(s, a, b) / inches(1.0)


__all__ = ["adjudicate", "sees", "region", "Sighting", "CLAUSE", "math"]
