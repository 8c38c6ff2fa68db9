"""Celestial phenomena that act on their own: solar flares and radiation
bursts (start-of-turn rolls), the low-orbit pull, drifting and blazing hulks,
and reading phenomena from a map (celestial phenomena chapter;
spacefleet_core 1.8 hulks)."""

from __future__ import annotations

import math

from game.core.event import Target
from game.core.logtext import ordinal
from game.data.maps import MapFile

from .. import geom

from ..data import tables
from ..events import (FlareAttackDeclared, FlareHit, FlareOccurred, KinTested, OrdnanceRemoved, RadiationBurst,
                      ShipPlaced, ShipStatus)
from ..names import feature_name
from ..state import Feature
from .common import HULKS, Ctx, cloud_contact, ld_target, ld_test, prof, shield_capacity
from .damage import apply_hits, catastrophe, critical, place_bm
from .gunnery import SUNWARD_HEADING


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
                           low_orbit=bool(f.properties.get("low_orbit", False)), name=f.name))
    return out


def start_of_game_turn(ctx: Ctx) -> None:
    """Solar flares (a D6 for each flare generated that has not yet occurred,
    a 6 makes it occur: each generated flare occurs at most once a game, ours)
    and radiation bursts (a D6 per burst generated, 5+ occurs, at most one a
    turn; interference D6 cuts every Ld for the turn). A flare's hits on
    unshielded ships are queued (``SFState.flare_hits``) for
    :func:`flare_hits`, each after its Brace window."""
    s = ctx.s
    t = tables().phenomena
    if s.radiation:
        ctx.emit(RadiationBurst(level=0))
    for i in range(s.flares_occurred, s.solar_flares):
        which = f"the {ordinal(i + 1)} solar flare" if s.solar_flares > 1 else "the solar flare"
        if ctx.roll("d6", which, target=Target(label="erupts on", base=t.flare_occurs_on,
                                                               words=("erupts", "quiet"))).passed:
            solar_flare(ctx)
    burst = False
    for i in range(s.radiation_bursts):
        which = f"the {ordinal(i + 1)} radiation burst" if s.radiation_bursts > 1 else "the radiation burst"
        if ctx.roll("d6", which, target=Target(label="occurs on", base=t.radiation_occurs_on,
                                                                   words=("occurs", "quiet"))).passed:
            burst = True
    if burst:
        level = ctx.roll("d6", "radiation burst interference (Leadership lost this turn)").total
        ctx.emit(RadiationBurst(level=level))


def solar_flare(ctx: Ctx) -> None:
    """A flare (celestial phenomena: solar flares): each Eldar ship first
    tests to ignore it (a pass: it turns away and moves, ``flare_evasion``);
    then every other ship on the main table is judged - with or without
    shields - before any of the flare's markers is placed, so no ship's fate
    depends on the order they are taken in; each gets a blast marker on its
    sunward side; the unshielded ones are queued for the flare's hit
    (``flare_hits``); each ordnance marker goes on 4+."""
    s = ctx.s
    t = tables()
    ships = [sid for sid in sorted(s.ships) if s.ships[sid].status == "active" and s.ships[sid].zone == "main"]
    evaded = set()
    for sid in ships:
        if s.ships[sid].eldar and kin_test(ctx, sid, "solar_flare"):
            flare_evasion(ctx, sid)
            evaded.add(sid)
    ships = [sid for sid in ships if sid not in evaded]
    bare = [sid for sid in ships if shield_capacity(s, s.ships[sid]) == 0]
    ctx.emit(FlareOccurred(bare=tuple(bare), number=s.flares_occurred + 1))
    h = SUNWARD_HEADING[s.sunward]
    for sid in ships:
        sh = s.ships[sid]
        x, y = geom.step(sh.x, sh.y, h, sh.radius + t.constants.blast_marker_radius_mm * 0.9)
        place_bm(ctx, x, y)
    for o in list(s.ordnance):
        burnt = Target(label="burnt on", base=t.phenomena.flare_ordnance_removed_on, words=("burnt", "comes through"))
        if o.zone == "main" and ctx.roll("d6", f"the solar flare against the {ctx.oname(o.id)}", target=burnt).passed:
            ctx.emit(OrdnanceRemoved(id=o.id, why="burnt by the solar flare"))


def flare_hit(ctx: Ctx, sid: str) -> None:
    """The flare's hit on an unshielded ship (celestial phenomena): one hit,
    shields no help, a braced ship's 4+ save works (spacefleet_core 1.4);
    if it reaches the hull, a capital ship suffers a critical on 4+ (core
    1.14, ambiguity 6)."""
    s = ctx.s
    sh = s.ships[sid]
    ctx.emit(FlareHit(ship=sid))
    if sh.status != "active":
        return
    before = sh.damage
    apply_hits(ctx, sid, 1, None, shields=False, crits=False, why="solar flare")
    sh = s.ships[sid]
    if sh.status == "active" and sh.damage > before and prof(sh).capital:
        crit = Target(label="critical score", base=tables().phenomena.flare_unshielded_critical_on)
        if ctx.roll("d6", f"the solar flare against the unshielded {ctx.name(sid)}", side=sh.side, target=crit).passed:
            critical(ctx, sid)


def flare_hits(ctx: Ctx, may_brace) -> bool:
    """Work through the queued flare hits: a ship that may still brace
    (``may_brace(ship)``) gets a Brace window first (the rules step pauses;
    spacefleet_core 1.4: brace before any damage roll); returns True when
    paused, False when every hit is done."""
    s = ctx.s
    while s.flare_hits:
        sid = s.flare_hits[0]
        sh = s.ships[sid]
        if sh.status == "active" and may_brace(sh):
            ctx.emit(FlareAttackDeclared(target=sid, defender=sh.side))
            return True
        flare_hit(ctx, sid)
    return False


def kin_test(ctx: Ctx, sid: str, phenomenon: str) -> bool:
    """An Eldar ship's Leadership test to ignore a gas/dust cloud or a solar
    flare (celestial phenomena): 2D6 <= its Ld, with no Under Fire or Enemy
    Contacts modifiers (Bridge Smashed and radiation count, core 1.14
    ambiguity 5); an escort re-rolls a failure once for free (that is the
    test's one re-roll), a capital ship may spend a fleet commander's re-roll
    (spacefleet_core 1.1). Emits ``KinTested``; True on a pass."""
    sh = ctx.s.ships[sid]
    capital = prof(sh).capital
    dice = tables().eldar.phenomenon_test
    ld = ld_target(ctx.s, sh, notation=dice)
    what = "gas/dust cloud" if phenomenon == "gas_cloud" else "solar flare"
    ok = ld_test(ctx, sh, dice, ld, f"the {ctx.name(sid)} (Eldar) tests to ignore the {what}", rerolled=not capital)
    if not ok and not capital:
        ok = ctx.roll(dice, f"the {ctx.name(sid)}: escort re-roll against the {what}", side=sh.side, target=ld).passed
    ctx.emit(KinTested(ship=sid, passed=ok, phenomenon=phenomenon))
    return ok


def cloud_test(ctx: Ctx, sid: str) -> None:
    """An Eldar ship's gas/dust-cloud test, once per game turn: the first time
    a cloud touches it in that turn (at the start of a player turn, or on the
    move that brings it into contact). A pass lasts to the end of the game
    turn (celestial phenomena: gas and dust clouds; ours)."""
    sh = ctx.s.ships[sid]
    if sh.eldar and sh.status == "active" and sh.cloud_turn != ctx.s.turn:
        kin_test(ctx, sid, "gas_cloud")


def cloud_tests(ctx: Ctx) -> None:
    """At the start of each player turn every Eldar ship touching a gas/dust
    cloud that has not tested this game turn tests now, before anything else
    of that turn can use the cloud (celestial phenomena; ours)."""
    s = ctx.s
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.eldar and sh.status == "active" and cloud_contact(s, sh):
            cloud_test(ctx, sid)


def room_ahead(x: float, y: float, heading: float, r: float, w: float, h: float) -> float:
    """How far (mm) a base of radius ``r`` at (x, y) may go along ``heading``
    before it would leave a ``w`` x ``h`` mm table (0 when already at or over
    the edge)."""
    dx, dy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    room = math.inf
    for pos, d, size in ((x, dx, w), (y, dy, h)):
        if d > 1e-9:
            room = min(room, (size - r - pos) / d)
        elif d < -1e-9:
            room = min(room, (r - pos) / d)
    return max(0.0, room)


def flare_evasion(ctx: Ctx, sid: str) -> None:
    """An Eldar ship that passed its test against a solar flare turns to face
    directly away from the sunward edge and moves 2D6 cm straight on
    (celestial phenomena: solar flares). Ours: it is placed, not moved (no
    blast-marker loss or damage; it flies over planets and moons like any
    ship); it stops where its base would first touch an asteroid field or
    warp rift it was not already touching (no navigation test) and where the
    base would leave the table."""
    s = ctx.s
    sh = s.ships[sid]
    h = geom.norm(SUNWARD_HEADING[s.sunward] + 180.0)
    rolled = ctx.roll(tables().eldar.flare_move_cm, f"the {ctx.name(sid)} turns away from the solar flare and moves (cm)",
                      side=sh.side).total * 10.0
    d = min(rolled, room_ahead(sh.x, sh.y, h, sh.radius, *s.table))
    stops = "" if d == rolled else "the table edge"
    end = geom.step(sh.x, sh.y, h, d)
    for f in s.features:
        if f.kind in ("asteroid_field", "warp_rift") and not geom.disc_touches(f, sh.x, sh.y, sh.radius):
            stop = geom.path_first_touch(f, (sh.x, sh.y), end, sh.radius)
            if stop is not None and stop < d:
                d, stops = stop, feature_name(f)
    x, y = geom.step(sh.x, sh.y, h, d)
    why = f"turns to heading {round(h) % 360}, away from the sunward edge, and moves {rolled / 10:g} cm"
    ctx.emit(ShipPlaced(ship=sid, x=x, y=y, heading=h, why=why + (f", stopped at {stops}" if stops else "")))


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
            ctx.emit(ShipStatus(ship=sid, status="destroyed", why=f"pulled down {pull / 10:g} cm and crashed on the planet"))
        else:
            ctx.emit(ShipPlaced(ship=sid, x=sh.x, y=y, heading=sh.heading, zone="low_orbit",
                                why=f"pulled {pull / 10:g} cm toward {feature_name(planet)} ({planet.size or 'small'} planet)"))


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
        d = ctx.roll(tables().hulk_drift, f"the hulk of the {ctx.name(sid)} drifts (cm)", side=side).total * 10.0
        x, y = geom.step(sh.x, sh.y, sh.heading, d)
        path = [(sh.x, sh.y), (x, y)]
        w, h = s.table if sh.zone == "main" else s.low_orbit_size
        ctx.emit(ShipPlaced(ship=sid, x=x, y=y, heading=sh.heading, zone=sh.zone,
                            why=f"the hulk drifts {d / 10:g} cm straight ahead"))
        gone = ""
        if sh.zone == "main":
            for f in s.features:
                if f.kind in ("asteroid_field", "planet", "moon", "warp_rift") and geom.path_touches(f, path, sh.radius):
                    gone = f"drifted into {feature_name(f)}"
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
