"""Celestial phenomena that act on their own: solar flares and radiation
bursts (start-of-turn rolls), the low-orbit pull, drifting and blazing hulks,
and reading phenomena from a map (celestial phenomena chapter;
spacefleet_core 1.8 hulks)."""

from __future__ import annotations

import math

from game.data.maps import MapFile

from . import geom
from .common import HULKS, Ctx, prof, shield_capacity
from .damage import catastrophe, critical, hull_damage, place_bm
from .events import FlareOccurred, OrdnanceRemoved, RadiationBurst, ShipPlaced, ShipStatus
from .shooting import SUNWARD_HEADING
from .state import Feature
from .tables import tables

KINDS = {"planet", "moon", "gas_cloud", "asteroid_field", "warp_rift"}


def features_from_map(m: MapFile) -> list[Feature]:
    """Phenomena of a map: features whose ``kind`` is planet, moon, gas_cloud,
    asteroid_field or warp_rift. Planets and moons take their centre and
    radius from ``properties`` (cx, cy, radius; mm) or from the polygon."""
    out = []
    for f in m.features:
        if f.kind not in KINDS:
            continue
        cx = cy = r = 0.0
        if f.kind in ("planet", "moon"):
            poly = f.polygon()
            c = poly.centroid
            cx = float(f.properties.get("cx", c.x))
            cy = float(f.properties.get("cy", c.y))
            r = float(f.properties.get("radius", math.sqrt(poly.area / math.pi)))
        size = str(f.properties.get("size", "small" if f.kind == "moon" else ""))
        if f.kind == "planet" and not size:
            diam = 2 * r / 10.0
            size = "small" if diam <= 15 else "medium" if diam <= 25 else "large"
        out.append(Feature(id=f.id, kind=f.kind, exterior=[tuple(p) for p in f.exterior],
                           holes=[[tuple(p) for p in h] for h in f.holes], cx=cx, cy=cy, radius=r,
                           size=size if f.kind in ("planet", "moon") else "",
                           low_orbit=bool(f.properties.get("low_orbit", False))))
    return out


def start_of_game_turn(ctx: Ctx) -> None:
    """Solar flare (once per game, a D6 per flare generated, 6 occurs) and
    radiation bursts (a D6 per burst generated, 5+ occurs, at most one a turn;
    interference D6 cuts every Ld for the turn)."""
    s = ctx.s
    t = tables().phenomena
    if s.radiation:
        ctx.emit(RadiationBurst(level=0))
    if s.solar_flares and not s.flare_done:
        for i in range(s.solar_flares):
            if ctx.roll("d6", f"solar flare {i + 1} (6: it erupts)").total >= t.flare_occurs_on:
                solar_flare(ctx)
                break
    burst = False
    for i in range(s.radiation_bursts):
        if ctx.roll("d6", f"radiation burst {i + 1} (5+: it occurs)").total >= t.radiation_occurs_on:
            burst = True
    if burst:
        level = ctx.roll("d6", "radiation burst interference level").total
        ctx.emit(RadiationBurst(level=level))


def solar_flare(ctx: Ctx) -> None:
    """A flare: a BM sunward of every ship on the main table; ships without
    shields take a hit and a critical on 4+; each ordnance marker goes on 4+."""
    s = ctx.s
    t = tables()
    ctx.emit(FlareOccurred())
    h = SUNWARD_HEADING[s.sunward]
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.status != "active" or sh.zone != "main":
            continue
        unshielded = shield_capacity(s, sh) == 0
        x, y = geom.step(sh.x, sh.y, h, sh.radius + t.constants.blast_marker_radius_mm * 0.9)
        place_bm(ctx, x, y)
        if unshielded:
            hull_damage(ctx, sid, 1, crits=False, why="solar flare")
            if s.ships[sid].status == "active" and prof(sh).capital:
                if ctx.roll("d6", f"solar flare critical on {sid} (4+)", side=sh.side).total >= t.phenomena.flare_unshielded_critical_on:
                    critical(ctx, sid)
    for o in list(s.ordnance):
        if o.zone == "main" and ctx.roll("d6", f"solar flare against ordnance {o.id} (4+: removed)").total >= t.phenomena.flare_ordnance_removed_on:
            ctx.emit(OrdnanceRemoved(id=o.id, why="burnt by the solar flare"))


def low_orbit_pull(ctx: Ctx) -> None:
    """Every ship in low orbit within 45 cm of the planet edge moves straight
    toward it by 5/8/10 cm (small/medium/large planet); off the edge it crashes."""
    s = ctx.s
    if s.low_orbit_planet is None:
        return
    planet = next(f for f in s.features if f.id == s.low_orbit_planet)
    lo = tables().low_orbit
    pull = tables().gravity_wells[planet.size or "small"].low_orbit_pull_cm * 10.0
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.status != "active" or sh.zone != "low_orbit" or sh.y > lo.grip_cm * 10.0:
            continue
        y = sh.y - pull
        if y < 0:
            ctx.emit(ShipStatus(ship=sid, status="destroyed", why="pulled down and crashed on the planet"))
        else:
            ctx.emit(ShipPlaced(ship=sid, x=sh.x, y=y, heading=sh.heading, zone="low_orbit"))


def pull_distance(size: str) -> float:
    """Low-orbit pull in mm for a planet size."""
    return tables().gravity_wells[size].low_orbit_pull_cm * 10.0


def drift_hulks(ctx: Ctx, side: str) -> None:
    """Hulks of ``side`` drift 4D6 cm straight ahead, leave a BM, and blazing
    ones roll on the catastrophic table again; a hulk meeting an asteroid
    field, planet or rift, or leaving the table, is gone."""
    s = ctx.s
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.side != side or sh.status not in HULKS:
            continue
        d = ctx.roll(tables().hulk_drift, f"the hulk of {sid} drifts (cm)", side=side).total * 10.0
        x, y = geom.step(sh.x, sh.y, sh.heading, d)
        path = [(sh.x, sh.y), (x, y)]
        w, h = s.table if sh.zone == "main" else s.low_orbit_size
        ctx.emit(ShipPlaced(ship=sid, x=x, y=y, heading=sh.heading, zone=sh.zone))
        gone = ""
        if sh.zone == "main":
            for f in s.features:
                if f.kind in ("asteroid_field", "planet", "moon", "warp_rift") and geom.path_touches(f, path, sh.radius):
                    gone = f"drifted into {f.id}"
                    break
        if not gone and not (0 <= x <= w and 0 <= y <= h):
            gone = "drifted off the table"
        if gone:
            ctx.emit(ShipStatus(ship=sid, status="destroyed", why=gone))
            continue
        place_bm(ctx, x, y, sh.zone)
        if sh.status == "blazing_hulk":
            ctx.emit(ShipStatus(ship=sid, status="active", why="blazing hulk rolls again"))
            catastrophe(ctx, sid)
