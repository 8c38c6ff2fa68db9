"""Models as bodies on the table: bases, heights, distances and facing arcs.

Bases are round: 25 mm for infantry and elites, larger for mechs (the
profile's ``base_mm``). A model's height (30 mm standing, gaps.md; the
profile's ``height_mm`` for mechs) stands on the surface under its centre
(:meth:`TableGeo.surface`). Distances between models are edge to edge
(gaps.md); a unit's position is the centroid of its models.

Facing (Facing Rule): four 90-degree arcs about the unit's heading: front
(45 degrees either side of it), right, rear and left.
"""

from __future__ import annotations

import math

from game.geometry.shapes import Base

from .catalogue import DATA, T, inches
from .geo import geo_of
from .state import Model, Unit, WWState


def radius(u: Unit) -> float:
    """The unit's base radius, mm."""
    return DATA.units[u.profile].base_mm / 2.0


def height(u: Unit) -> float:
    """The unit's model height, mm."""
    return DATA.units[u.profile].height_mm


def base(s: WWState, m: Model) -> Base:
    """The model's round base (mm), facing its unit's heading."""
    u = s.units[m.unit]
    return Base.circle(m.x, m.y, radius(u), heading=u.heading, id=m.id)


def foot(s: WWState, m: Model) -> float:
    """The height of the surface the model stands on, mm."""
    return geo_of(s).surface(m.x, m.y)


def eye(s: WWState, m: Model) -> float:
    """The model's eye: the top of the model above the table, mm."""
    return foot(s, m) + height(s.units[m.unit])


def gap(s: WWState, a: Model, b: Model) -> float:
    """Edge-to-edge distance between two models' bases, mm (0 when touching)."""
    ra, rb = radius(s.units[a.unit]), radius(s.units[b.unit])
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - ra - rb)


def gap_point(s: WWState, m: Model, x: float, y: float) -> float:
    """Edge of the model's base to the point (x, y), mm."""
    return max(0.0, math.hypot(m.x - x, m.y - y) - radius(s.units[m.unit]))


def centroid(s: WWState, u: Unit) -> tuple[float, float]:
    """Centre of the unit's living models (all of them if none lives), mm."""
    ms = s.alive(u) or [s.models[i] for i in u.models]
    return (sum(m.x for m in ms) / len(ms), sum(m.y for m in ms) / len(ms))


def unit_gap(s: WWState, a: Unit, b: Unit) -> float:
    """The smallest edge-to-edge distance between two units' living models, mm."""
    best = math.inf
    for m in s.alive(a):
        for n in s.alive(b):
            best = min(best, gap(s, m, n))
    return best


def engaged(s: WWState, u: Unit) -> bool:
    """The unit has an enemy model within the engagement range (ours: 1"): it is
    in combat and may only Fall Back to leave (Fall Back)."""
    reach = inches(T.combat.engaged_in)
    for e in s.units_of(s.enemy_of(u.side)):
        if unit_gap(s, u, e) <= reach:
            return True
    return False


def arc_from(target: Unit, tx: float, ty: float, ax: float, ay: float) -> str:
    """Which of the target's arcs ("front", "side", "rear") the attacker's point
    (ax, ay) is in, the target standing at (tx, ty) facing its unit's heading
    (Facing Rule: four 90-degree arcs, the front 45 degrees either side of the
    facing). A point on a boundary is in both arcs; the attacker gets the
    worse one for the target (ours). A point on the target's own centre is in front."""
    if (ax, ay) == (tx, ty):
        return "front"
    off = angle_diff(math.degrees(math.atan2(ay - ty, ax - tx)), target.heading)
    if off >= 135.0 - 1e-9:
        return "rear"
    if off >= 45.0 - 1e-9:
        return "side"
    return "front"


def formation(x: float, y: float, heading: float, n: int, r: float) -> list[tuple[float, float]]:
    """Centres of ``n`` bases of radius ``r`` set up abreast (a line across the
    heading) centred on (x, y), ``formation_gap_mm`` apart (ours)."""
    step = 2 * r + float(T.table.formation_gap_mm)
    sx, sy = -math.sin(math.radians(heading)), math.cos(math.radians(heading))
    off = (n - 1) / 2.0
    return [(x + (i - off) * step * sx, y + (i - off) * step * sy) for i in range(n)]


def angle_diff(a: float, b: float) -> float:
    """Smallest difference between two headings, degrees (0..180)."""
    d = (a - b) % 360.0
    return min(d, 360.0 - d)
