"""Battlespace's one sight adjudication: line of sight and cover.

The rules (shooting, enemy activation, civilians' first sight), the AI, the
previews and the app's line-of-sight overlay all call :func:`adjudicate` (or
:func:`sees`, its verdict alone). It is exact shadow casting on the geometry
layer (:mod:`game.geometry.shadows`):

* **The eye and the target** (Battlespace: Glossary, LoS "from the model's
  table level"): a model's eye is at the top of the model, 30 mm above what it
  stands on (15 mm prone or down; gaps.md). A target is its whole model: its
  25 mm base raised from the surface it stands on to its top.
* **Line of sight** (Fire Weapon, 360 degrees): some part of the target can be
  seen from the eye.
* **Obscured cover** (Advanced Rules - Cover): some part of the target is
  hidden from the eye.
* **Solid cover**: obscured, and in base contact (within 1.5 mm) with terrain
  that hides part of it. The surface a model stands on (a rooftop) is not
  terrain it is in contact with (ours: a model in the middle of a roof is
  obscured from below by the roof's edge, not in solid cover).
* **Blockers**: every terrain piece that blocks sight, up to its height;
  smoke, at any height; and models (Friendlies: a fireteam's own models do not
  block its sight, so models do otherwise). Ours: an enemy's sight is not
  blocked by other enemies (the enemy force is one team, as a fireteam is);
  civilians block soldiers' sight and never enemies' (Civilians), but a
  civilian hiding part of a soldier from an enemy is caught in the crossfire;
  a model that is down blocks at prone height; models in vehicles, carried or
  dragged models do not block.
* **Vehicles** (Vehicles): a model in a vehicle sees and is seen from the
  cabin (the vehicle does not block its own occupants' sight lines) and has
  obscured cover, solid in an armoured vehicle, whatever else hides it.

Results are cached per map (:class:`~.geo.TableGeo`) under a key that holds
every input (both models, every blocking model, every smoke cloud and, for an
enemy's view, every civilian: by id, name and position), so the cache never
carries one battle into another: the verdict names models and smoke, and the
civilians caught in a crossfire are removed by id.
"""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import LineString, Point, Polygon

from game.core.sight import BLOCKS, COVER, CROSSFIRE, HIDES, Crossing, SightRegion, SightVerdict, polygons_of
from game.geometry.shadows import Prism, hidden_region, model_sight
from game.geometry.shapes import Base

from .data import data
from .names import display_name
from .geo import R, TOL, geo_of
from .state import BSState, Fig

#: the rules this adjudication follows
CLAUSE = "Battlespace: Fire Weapon (LoS); Advanced Rules - Cover"
#: smoke blocks at any height
SMOKE_TOP = math.inf


def height(f: Fig) -> float:
    """A model's height above what it stands on (mm): 30 standing, 15 prone or down (gaps.md)."""
    return data().tables.prone_height_mm if (f.prone or f.status == "down") else data().tables.standing_height_mm


def eye(f: Fig) -> float:
    """A model's eye height above the table (mm): its surface plus its height."""
    return f.z + height(f)


def _blocking_models(s: BSState, viewer: Fig, target: Fig) -> list[Fig]:
    """Models that block ``viewer``'s sight (see the module notes), ``target`` excluded."""
    out = []
    for f in s.figs.values():
        if f.id in (viewer.id, target.id) or not f.on_table or f.vehicle or f.carried_by:
            continue
        if f.side == viewer.side:
            continue  # Friendlies (the enemy force is one team too)
        if f.kind == "civilian" and viewer.kind != "soldier":
            continue  # Civilians: they block soldiers' sight only
        out.append(f)
    return out


def _model_prism(f: Fig) -> Prism:
    return Prism(f.id, Point(f.x, f.y).buffer(R, quad_segs=16), f.z + height(f), 0.0, display_name(f), "model")


def _terrain_prisms(s: BSState, viewer: Fig, target: Fig) -> list[Prism]:
    g = geo_of(s)
    skip = {v for v in (viewer.vehicle, target.vehicle) if v}
    cone = LineString([(viewer.x, viewer.y), (target.x, target.y)]).buffer(R + 1.0) \
        if (viewer.x, viewer.y) != (target.x, target.y) else Point(target.x, target.y).buffer(R + 1.0)
    idx = g.index.tree.query(cone, predicate="intersects")
    out = []
    for i in np.sort(idx):
        p = g.index.pieces[int(i)]
        if p.id in g.prisms and p.id not in skip:
            out.append(g.prisms[p.id])
    return out


def _smoke_prisms(s: BSState) -> list[Prism]:
    return [Prism(sm.id, Polygon(sm.ring), SMOKE_TOP, 0.0, "smoke", "smoke") for sm in s.smoke]


def _fig_key(f: Fig) -> tuple:
    return (f.id, f.card, f.name, f.x, f.y, f.z, height(f), f.vehicle, f.side, f.kind, f.on)


def _key(s: BSState, viewer: Fig, target: Fig, models: list[Fig], detail: bool) -> tuple:
    """The memo's key: everything the verdict reads, ids and names included (the
    verdict names the models and the civilians caught in a crossfire, and the
    memo outlives the battle: two battles of one worker that put other models on
    the same spots must not share a verdict)."""
    smoke = tuple((sm.id, tuple(map(tuple, sm.ring))) for sm in s.smoke)
    civ = ()
    if viewer.kind != "soldier":
        civ = tuple((c.id, c.name, c.x, c.y) for c in s.figs.values() if c.kind == "civilian" and c.status == "ok")
    return (_fig_key(viewer), _fig_key(target), tuple((m.id, m.card, m.name, m.x, m.y, m.z, height(m)) for m in models),
            smoke, civ, detail)


def _stands_on(target: Fig, prism: Prism) -> bool:
    return target.on == prism.id or (prism.kind not in ("model", "smoke") and prism.top <= target.z + 1e-6)


def _in_contact(target: Fig, prism: Prism) -> bool:
    """Base contact with terrain, exact: the base's edge within 1.5 mm of the piece."""
    return prism.polygon.distance(Point(target.x, target.y)) <= R + TOL


def adjudicate(s: BSState, viewer: Fig, target: Fig, detail: bool = False) -> SightVerdict:
    """Line of sight and cover of ``target`` from ``viewer`` (see the module notes).

    Args:
        s: the battle state.
        viewer, target: two models on the table.
        detail: also give the exact visible share of the target's model
            (``visible_fraction``; integrated over its height, slower). Without
            it ``visible_fraction`` is None; the verdict and cover are the same.

    Returns:
        a :class:`~game.core.sight.SightVerdict` (cover ``"none"``,
        ``"obscured"`` or ``"solid"``).
    """
    g = geo_of(s)
    models = _blocking_models(s, viewer, target)
    key = _key(s, viewer, target, models, detail)
    hit = g.cache.get(key)
    if hit is not None:
        return hit
    res = _adjudicate(s, viewer, target, models, detail)
    if len(g.cache) > 200_000:
        g.cache.clear()
    g.cache[key] = res
    return res


def sees(s: BSState, viewer: Fig, target: Fig) -> bool:
    """The verdict alone: ``viewer`` has a line of sight to ``target``."""
    return adjudicate(s, viewer, target).sees


def _adjudicate(s: BSState, viewer: Fig, target: Fig, models: list[Fig], detail: bool) -> SightVerdict:
    base = Base.circle(target.x, target.y, R)
    ez, z0, z1 = eye(viewer), target.z, eye(target)
    near = [m for m in models if _near_line(viewer, target, m)]
    prisms = _terrain_prisms(s, viewer, target) + _smoke_prisms(s) + [_model_prism(m) for m in near]
    ms = model_sight((viewer.x, viewer.y), ez, base, z0, z1, prisms)
    seen = ms.any_seen
    crossings: list[Crossing] = []
    cover, note, effect = "none", "", ""
    if seen and target.vehicle:
        vt = data().vehicles[s.vehicles[target.vehicle].type]
        cover = "solid" if vt.armored else "obscured"
        note = f"in {'an armoured' if vt.armored else 'a'} {vt.name}"
    hidden_part = seen and not ms.all_seen
    solid_ids: set[str] = set()
    if hidden_part:
        for h in ms.hiders:
            p = h.prism
            if p.kind not in ("model", "smoke") and not _stands_on(target, p) and _in_contact(target, p):
                solid_ids.add(p.id)
        if not target.vehicle:
            cover = "solid" if solid_ids else "obscured"
    if seen and (hidden_part or target.vehicle):
        effect = f"-{data().tables.modifiers[cover]} to the soldier's roll / threat level -{data().tables.modifiers[cover]}" if cover in data().tables.modifiers else ""
    for h in (ms.hiders_at(z1) if not seen else ms.hiders if hidden_part else ()):
        p = h.prism
        role = BLOCKS if not seen else (COVER if p.id in solid_ids else HIDES)
        crossings.append(Crossing(p.id, _name(s, p), role, p.top, p.bottom, max(h.hidden_top, h.hidden_foot)))
    crossings.sort(key=lambda c: ({BLOCKS: 0, COVER: 1, HIDES: 2}[c.role], -c.hidden, c.id))
    if seen and viewer.kind != "soldier" and target.kind != "civilian":
        crossings += _crossfire(s, viewer, target, base, ez, z0, z1, prisms)
    frac = ms.volume_fraction if detail else None
    return SightVerdict(viewer.id, target.id, seen, cover, frac, display_name(viewer), display_name(target),
                        ez, (z0, z1), tuple(crossings), (), CLAUSE, effect, note)


def _near_line(a: Fig, b: Fig, m: Fig) -> bool:
    """``m``'s base can meet the sight cone from ``a``'s eye to ``b``'s base (within
    two base radii of the centre line segment)."""
    dx, dy = b.x - a.x, b.y - a.y
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((m.x - a.x) * dx + (m.y - a.y) * dy) / L2))
    return math.hypot(a.x + t * dx - m.x, a.y + t * dy - m.y) < 2 * R + 1e-6


def _crossfire(s: BSState, viewer: Fig, target: Fig, base: Base, ez: float, z0: float, z1: float,
               prisms: list[Prism]) -> list[Crossing]:
    """Civilians who would hide part of ``target`` from an enemy ``viewer`` (Battlespace:
    Civilians: the attack is made and they are caught in the crossfire)."""
    civ = [c for c in s.figs.values() if c.kind == "civilian" and c.status == "ok" and c.id != target.id
           and not c.vehicle and _near_line(viewer, target, c)]
    if not civ:
        return []
    ms = model_sight((viewer.x, viewer.y), ez, base, z0, z1, [_model_prism(c) for c in civ])
    return [Crossing(h.prism.id, h.prism.name, CROSSFIRE, h.prism.top, 0.0, max(h.hidden_top, h.hidden_foot))
            for h in ms.hiders]


def _name(s: BSState, p: Prism) -> str:
    if p.name:
        return p.name
    f = geo_of(s).feats.get(p.id)
    return (f.name or f.kind) if f is not None else p.id


def crossfire(s: BSState, enemy: Fig, target: Fig) -> list[str]:
    """Ids of civilians caught in the crossfire of ``enemy``'s attack on ``target``."""
    return [c.id for c in adjudicate(s, enemy, target).crossings if c.role == CROSSFIRE]


def region(s: BSState, viewer: Fig) -> SightRegion:
    """Where ``viewer``'s sight does not reach a standing model on the ground:
    wholly hidden (its top hidden), and partly hidden (its foot hidden, its top
    seen). Same blockers as :func:`adjudicate` (a model of another side)."""
    g = geo_of(s)
    probe = viewer.model_copy(update={"side": "~", "kind": "soldier", "id": "~"})
    models = [m for m in _blocking_models(s, viewer, probe)]
    prisms = [p for pid, p in g.prisms.items() if pid != viewer.vehicle] + _smoke_prisms(s) + \
        [_model_prism(m) for m in models]
    ez = eye(viewer)
    top = hidden_region((viewer.x, viewer.y), ez, data().tables.standing_height_mm, prisms, s.table)
    foot = hidden_region((viewer.x, viewer.y), ez, 0.0, prisms, s.table)
    part = foot.difference(top) if not foot.is_empty else foot
    return SightRegion(viewer.id, polygons_of(top), polygons_of(part),
                       f"for a standing model (30 mm) on the ground; eye {ez:g} mm")
