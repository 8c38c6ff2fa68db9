"""Movement (Foxhole, Game Sequence - Movement; Vehicles; Pioneers).

* Elements move in any direction; distances are from the element's centre.
* Infantry move 100 yards in dense terrain, 200 in normal going and 500
  non-tactically; elite and lightly equipped elements add 50 / 100 / 200,
  heavily equipped ones lose the same. Vehicles move by class (soft, light,
  heavy) from the vehicle table.
* A move over mixed going spends, for each stretch, its length over the
  allowance for that going; the parts add up to at most the whole allowance
  (ours: the text gives one allowance per going). Buildings move as dense
  terrain; open ground as normal going (ours).
* A non-tactical move keeps out of dense terrain and buildings, and is made
  in extended formation (ours: the text names extended formation as the one
  for travelling quickly).
* Infantry stop on the edge of open ground and may not enter it without a
  motivation roll that takes the -2 for open ground (:func:`open_cut`).
* One change between normal and extended formation per move, about the
  same centre.
* The centre may not enter impassable terrain except along a route a
  pioneer element opened (Pioneers).
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from ..geo import crossing_polys, footprint_at, geo_of, overlaps
from ..state import Element, FoxState
from ..tables import TABLES
from .common import dist, known_enemies

MV = TABLES.movement
EPS = 1e-6


def allowance_yards(e: Element, going: str) -> int:
    """The element's move in yards for ``going`` (dense, normal, non_tactical)."""
    if e.kind == "vehicle" and e.vehicle:
        return getattr(MV.vehicle[e.vehicle], going)
    g = getattr(MV.infantry, going)
    y = g.base
    if e.quality == TABLES.quality.elite:
        y += g.elite
    if e.equipment == "light":
        y += g.light
    elif e.equipment == "heavy":
        y += g.heavy
    return y


def allowance_mm(e: Element, going: str) -> float:
    """:func:`allowance_yards` as table mm."""
    return TABLES.yards(allowance_yards(e, going))


def on_foot(e: Element) -> bool:
    """Infantry, weapon crews and non-combatants (not vehicles)."""
    return e.kind != "vehicle"


def path_fraction(s: FoxState, e: Element, pts: list[tuple[float, float]], non_tactical: bool) -> tuple[float, str]:
    """The share of ``e``'s allowance a move along ``pts`` (its centre's path,
    start included) spends, and why it may not be made ("" when it may)."""
    g = geo_of(s)
    slow, total = g.lengths(pts)
    if total <= EPS:
        return 0.0, ""
    if non_tactical:
        if slow > EPS:
            return math.inf, "a non-tactical move keeps out of dense terrain and buildings"
        return total / allowance_mm(e, "non_tactical"), ""
    return slow / allowance_mm(e, "dense") + (total - slow) / allowance_mm(e, "normal"), ""


def truncate(pts: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """The polyline cut ``d`` mm along it (at least its first point)."""
    out = [pts[0]]
    left = d
    for a, b in zip(pts[:-1], pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if seg >= left - 1e-12:
            if left > EPS and seg > 0:
                t = left / seg
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return out
        out.append(b)
        left -= seg
    return out


def open_cut(s: FoxState, e: Element, pts: list[tuple[float, float]], into_open: bool) -> tuple[list, bool]:
    """Where an element on foot stops at the edge of open ground (Movement -
    Infantry). Without a roll for open ground the path ends where the centre
    first enters open ground; one that starts in open ground may only leave it
    (a path that stays in or comes back to open ground stops where it is).
    Returns (the path walked, whether it stopped at the edge)."""
    if into_open or not on_foot(e) or e.kind == "non_combatant" or len(pts) < 2:
        return pts, False
    iv = geo_of(s).open_intervals(pts)
    if not iv:
        return pts, False
    total = LineString(pts).length
    first_a, first_b = iv[0]
    if first_a <= EPS:
        # starts in open ground: it may leave it and not come back
        if first_b >= total - EPS or len(iv) > 1:
            cut = 0.0 if (first_b >= total - EPS) else iv[1][0]
            return truncate(pts, cut), True
        return pts, False
    return truncate(pts, first_a), True


def path_problem(s: FoxState, e: Element, pts: list[tuple[float, float]], end_formation: str, heading: float,
                 ignore: set[str] = frozenset()) -> str:
    """Why the centre's path ``pts`` may not be walked, or "": the base must
    stay on the table, the centre keep out of impassable terrain (except
    pioneers' routes), and the base end clear of every other element's base
    (touching is allowed)."""
    g = geo_of(s)
    half = TABLES.bases.square_mm / 2
    for x, y in pts[1:]:
        if not g.in_table(x, y, half if end_formation == "normal" else 0.0):
            return f"({x:.0f}, {y:.0f}) would take the base off the table"
    hit = g.impassable_hits(pts, crossing_polys(s))
    if hit:
        r = g.recs[hit[0]]
        return f"the move crosses {r.name or 'impassable terrain'}, which needs a pioneers' route"
    x, y = pts[-1]
    fp = footprint_at(e, x, y, end_formation, heading)
    for o in s.elements.values():
        if o.id == e.id or o.id in ignore or not o.on_table:
            continue
        if abs(o.x - x) > 80 or abs(o.y - y) > 80:
            continue
        from ..geo import footprint
        if overlaps(fp, footprint(o)):
            return f"the base would overlap {o.name if not o.unrevealed else 'another element'}"
    return ""


def closer_problem(s: FoxState, e: Element, pts: list[tuple[float, float]]) -> str:
    """A defensive element may not get closer to any known enemy at any point
    of its move (Motivation - Results, 0-4)."""
    if len(pts) < 2:
        return ""
    line = LineString(pts)
    x0, y0 = pts[0]
    for f in known_enemies(s, e.side):
        if line.distance(Point(f.x, f.y)) < dist(x0, y0, f.x, f.y) - 0.01:
            return f"a defensive element may not get closer to {f.name}"
    return ""


def route_problem(e: Element, pts: list[tuple[float, float]]) -> str:
    """An element on programmed moves (a scenario's route) keeps to it, in
    order, until the ambush is sprung (Game Sequence: scenario programmed moves)."""
    if not e.route:
        return ""
    route = LineString([(e.x, e.y)] + [tuple(p) for p in e.route])
    last = -1.0
    for p in pts[1:]:
        if route.distance(Point(p)) > 0.05:
            return "it follows its programmed route until the ambush is sprung"
        d = route.project(Point(p))
        if d < last - 0.05:
            return "it follows its programmed route forward"
        last = d
    return ""


def route_ahead(s: FoxState, e: Element, share: float) -> list[tuple[float, float]]:
    """The programmed route from the element as far as ``share`` of its
    allowance takes it over the going (bisection on the length, 0.1 mm)."""
    full = [(e.x, e.y)] + [tuple(p) for p in e.route]
    total = LineString(full).length if len(full) >= 2 else 0.0
    if total == 0.0 or share <= 0.0:
        return full[:1]
    return cut_at_share(s, e, full, share)


def cut_at_share(s: FoxState, e: Element, pts: list, share: float) -> list:
    """The path ``pts`` (mm) whole when ``e`` can move it with ``share`` of
    its allowance over the going, else cut where that share is spent
    (bisection on the length, 0.1 mm; points rounded to 0.01 mm)."""
    if path_fraction(s, e, pts, False)[0] <= share:
        return pts
    lo, hi = 0.0, LineString(pts).length
    while hi - lo > 0.1:
        mid = (lo + hi) / 2
        if path_fraction(s, e, truncate(pts, mid), False)[0] <= share:
            lo = mid
        else:
            hi = mid
    return [(round(x, 2), round(y, 2)) for x, y in truncate(pts, lo)]
