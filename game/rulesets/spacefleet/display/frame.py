"""Where things are drawn: the low-orbit table mapped into the low-orbit
planet's gravity well on the main table (x the bearing from the planet, y
the height above its edge), and clicks there mapped back; shared words."""

from __future__ import annotations

import math

from .. import geom

from ..data import tables
from ..state import SFState


def _words(name: str) -> str:
    return str(name).replace("_", " ")


# ----------------------------------------------------------------------------- low orbit frame
def _lo_frame(s: SFState):
    """(cx, cy, planet radius, mm of band per low-orbit mm, low-orbit width) or None."""
    if s.low_orbit_planet is None:
        return None
    planet = next((f for f in s.features if f.id == s.low_orbit_planet), None)
    if planet is None:
        return None
    w, h = s.low_orbit_size
    depth = tables().gravity_wells[planet.size or "small"].well_cm * 10.0
    return planet.cx, planet.cy, planet.radius, depth / h, w


def lo_to_table(s: SFState, x: float, y: float) -> tuple[float, float]:
    """Where a low-orbit point is drawn on the main table (see the module notes)."""
    fr = _lo_frame(s)
    if fr is None:
        return (x, y)
    cx, cy, r, k, w = fr
    return geom.step(cx, cy, x / w * 360.0, r + max(0.0, y) * k)


def table_to_lo(s: SFState, x: float, y: float) -> tuple[float, float]:
    """The low-orbit point drawn at main-table point (x, y)."""
    fr = _lo_frame(s)
    if fr is None:
        return (x, y)
    cx, cy, r, k, w = fr
    ang = geom.bearing(cx, cy, x, y) % 360.0
    return (ang / 360.0 * w, (math.hypot(x - cx, y - cy) - r) / k)


def _lo_heading(s: SFState, x: float, h: float) -> float:
    """Drawn heading of a low-orbit heading ``h`` at low-orbit x (the band is a mirror image of the table)."""
    fr = _lo_frame(s)
    if fr is None:
        return h
    return geom.norm(x / fr[4] * 360.0 + 90.0 - h)


def _drawn(s: SFState, zone: str, x: float, y: float) -> tuple[float, float]:
    return (x, y) if zone == "main" else lo_to_table(s, x, y)


def _drawn_path(s: SFState, zone: str, pts) -> list[tuple[float, float]]:
    if zone == "main":
        return [(float(x), float(y)) for x, y in pts]
    out: list[tuple[float, float]] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        for i in range(8):
            t = i / 8
            out.append(lo_to_table(s, ax + (bx - ax) * t, ay + (by - ay) * t))
    out.append(lo_to_table(s, *pts[-1]))
    return out


def _drawn_heading(s: SFState, sh_or_zone, x: float, h: float, zone: str | None = None) -> float:
    z = zone if zone is not None else sh_or_zone.zone
    return h if z == "main" else _lo_heading(s, x, h)

def _strength_word(kind: str) -> str:
    return {"battery": "FP", "lance": "strength", "torpedo": "strength", "launch_bay": "squadrons"}.get(kind, "strength")
