"""Battlezone generators (celestial phenomena, set-up method 2): a seeded,
reproducible map maker.

The table is cut into 60 cm squares; each square holds a phenomenon on a D6
of 4+, rolled on the chosen battlezone's D6 table (or the zone is itself
rolled on a D6). At most one planet: a second is re-rolled. Planets roll for
moons (medium D3-1, large D6-2; placed 2D6 x 10 cm away in a random
direction) and large planets for rings (5+; D3 rings, each D6 cm wide,
starting D6 x 5 cm out, 1-4 dust, 5-6 asteroids). Clouds, fields and rifts
run parallel to the sunward edge, sized by the chapter's dice. Solar flares
and radiation bursts become scenario parameters.
"""

from __future__ import annotations

import math
import re

from game.core.dice import Dice
from game.data.maps import MapFile, TerrainFeature, map_problems

from .geom import circle_ring
from .tables import tables

#: Height of the pieces that block sight (planets, moons, asteroid fields,
#: rifts), for the app's line-of-sight overlay (the rules ignore it).
SIGHT_BLOCKER_MM = 1000.0

ZONES = ("flare_region", "mercurial_zone", "inner_biosphere", "primary_biosphere", "outer_reaches", "deep_space")


def _roll(dice: Dice, expr: str, purpose: str) -> int:
    """Roll the chapter's expressions: 'D6', 'D3', 'D3+1', 'D6-2', '2D6x10', 'D6x5', '0'."""
    m = re.fullmatch(r"(\d*D\d)([+-]\d+)?(?:x(\d+))?", expr)
    if not m:
        return int(expr)
    v = dice.roll(m.group(1).lower(), purpose).total + int(m.group(2) or 0)
    return max(0, v) * int(m.group(3) or 1)


def _rect(cx: float, cy: float, along: float, across: float, sunward: str) -> list[tuple[float, float]]:
    """A band ``along`` x ``across`` mm, its long side parallel to the sunward edge."""
    w, h = (along, across) if sunward in ("north", "south") else (across, along)
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]


def generate(seed: int, zone: str | None = None, width_mm: float = 1829.0, height_mm: float = 1219.0) -> tuple[MapFile, dict]:
    """Generate a map for ``zone`` (rolled when None). Returns the map and the
    scenario ``params`` (battlezone, sunward, solar_flares, radiation_bursts).
    The same seed always gives the same map."""
    t = tables().generators
    dice = Dice(seed, "battlezone-generator")
    if zone is None:
        zone = ZONES[dice.roll("d6", "battlezone").total - 1]
    sunward = t.sunward_d6[dice.roll("d6", "sunward edge").total - 1]
    table = t.zones[zone]
    area = t.area_cm * 10.0
    feats: list[TerrainFeature] = []
    flares = bursts = 0
    planet_done = False
    nx, ny = int(width_mm // area), int(height_mm // area)
    for i in range(nx):
        for j in range(ny):
            if dice.roll("d6", f"area {i},{j} holds a phenomenon on {t.area_has_phenomenon_on}+").total < t.area_has_phenomenon_on:
                continue
            x0, y0 = i * area, j * area
            for _ in range(10):
                entry = table[dice.roll("d6", f"{zone} generator for area {i},{j}").total - 1]
                if entry.startswith("planet") and planet_done:
                    continue
                break
            else:
                continue
            if entry == "burst_or_flare":
                entry = "radiation_burst" if dice.roll("d6", "burst or flare").total <= 3 else "solar_flare"
            if entry == "solar_flare":
                flares += 1
                continue
            if entry == "radiation_burst":
                bursts += 1
                continue
            count = 1
            kind = entry
            if " " in entry:
                expr, kind = entry.split(" ")
                count = max(1, _roll(dice, expr, f"how many {kind}"))
            cx, cy = x0 + area / 2, y0 + area / 2
            if kind.startswith("planet"):
                planet_done = True
                feats.extend(_planet(dice, kind, cx, cy, width_mm, height_mm, len(feats)))
                continue
            sizes = {"gas_cloud": t.gas_cloud_size, "asteroid_field": t.asteroid_size, "warp_rift": t.warp_rift_size}[kind]
            for k in range(count):
                across = _roll(dice, sizes["width"], f"{kind} width (cm)") * 10.0
                along = _roll(dice, sizes["length"], f"{kind} length (cm)") * 10.0
                off = (k - (count - 1) / 2) * (area / max(count, 1))
                px, py = (cx, cy + off) if sunward in ("north", "south") else (cx + off, cy)
                ring = _rect(px, py, max(along, 20.0), max(across, 20.0), sunward)
                ring = [(min(max(x, 0.0), width_mm), min(max(y, 0.0), height_mm)) for x, y in ring]
                tags = {"asteroid_field": ["blocks_sight", "difficult"], "warp_rift": ["blocks_sight"], "gas_cloud": ["obscures"]}[kind]
                feats.append(TerrainFeature(id=f"{kind}_{len(feats) + 1}", kind=kind, exterior=ring, tags=tags,
                                            height=SIGHT_BLOCKER_MM if "blocks_sight" in tags else 0))
    m = MapFile(format_version=1, id=f"generated_{zone}_{seed}", name=f"Generated {zone.replace('_', ' ')} (seed {seed})",
                ruleset="spacefleet", table={"width_mm": width_mm, "height_mm": height_mm}, features=feats)
    bad = map_problems(m)
    if bad:  # a ring or moon clipped oddly: drop the offending features rather than fail
        names = {w.split(" ", 1)[1] for w, _ in bad if w.startswith("feature ")}
        m = m.model_copy(update={"features": [f for f in feats if f.id not in names]})
    return m, {"battlezone": zone, "sunward": sunward, "solar_flares": flares, "radiation_bursts": bursts}


def _planet(dice: Dice, kind: str, cx: float, cy: float, W: float, H: float, n: int) -> list[TerrainFeature]:
    t = tables().generators
    parts = kind.split(":")[1:]
    r = dice.roll("d6", "planet size").total
    size = "small"
    for p in parts:
        m = re.fullmatch(r"([a-z]+)(\d)", p)
        if m and r <= int(m.group(2)):
            size = m.group(1)
            break
    lo, hi = t.planet_diameter_cm[size]
    diam = lo + (hi - lo) * (dice.roll("d6", "planet diameter").total - 1) / 5.0
    rad = diam * 5.0
    cx = min(max(cx, rad), W - rad)
    cy = min(max(cy, rad), H - rad)
    out = [TerrainFeature(id=f"planet_{n + 1}", kind="planet", exterior=circle_ring(cx, cy, rad),
                          height=SIGHT_BLOCKER_MM, tags=["blocks_sight"], properties={"cx": round(cx, 2), "cy": round(cy, 2), "radius": rad, "size": size})]
    moons = _roll(dice, t.moons[size], "moons")
    for k in range(moons):
        d = _roll(dice, t.moon_distance, "moon distance (cm)") * 10.0
        d = max(d, rad + 40.0)
        ang = dice.roll("d6", "moon direction (x60 degrees)").total * 60.0
        mx, my = cx + d * math.cos(math.radians(ang)), cy + d * math.sin(math.radians(ang))
        mr = t.moon_diameter_cm * 5.0
        if mr <= mx <= W - mr and mr <= my <= H - mr:
            out.append(TerrainFeature(id=f"moon_{n + 1}_{k + 1}", kind="moon", exterior=circle_ring(mx, my, mr),
                                      height=SIGHT_BLOCKER_MM, tags=["blocks_sight"], properties={"cx": round(mx, 2), "cy": round(my, 2), "radius": mr, "size": "small"}))
    if size == "large" and dice.roll("d6", "rings").total >= t.rings_on:
        for k in range(_roll(dice, t.rings_count, "how many rings")):
            start = rad + _roll(dice, t.ring_start, "ring distance (cm)") * 10.0
            width = max(10.0, _roll(dice, t.ring_width, "ring width (cm)") * 10.0)
            kind_ = "asteroid_field" if dice.roll("d6", "ring kind").total >= t.ring_asteroid_on else "gas_cloud"
            outer = circle_ring(cx, cy, start + width, 40)
            if any(not (0 <= x <= W and 0 <= y <= H) for x, y in outer):
                continue
            inner = list(reversed(circle_ring(cx, cy, start, 40)))
            out.append(TerrainFeature(id=f"ring_{n + 1}_{k + 1}", kind=kind_, exterior=outer, holes=[inner],
                                      height=SIGHT_BLOCKER_MM if kind_ == "asteroid_field" else 0,
                                      tags=["blocks_sight"] if kind_ == "asteroid_field" else ["obscures"]))
    return out


def method3_battlezone(choices: dict[str, int], attack_ratings: dict[str, int], dice) -> tuple[str, int]:
    """Set-up method 3 of the celestial-phenomena chapter: each side secretly
    picks a battlezone (1-6) and adds it to its fleet's attack rating; the
    higher total fights in its own pick. Ties (ours): both roll a D6 until one
    is higher. Returns (winning side, battlezone number)."""
    for side, z in choices.items():
        if not 1 <= int(z) <= 6:
            raise ValueError(f"{side}: battlezone must be 1-6")
    totals = {side: int(choices[side]) + int(attack_ratings.get(side, 0)) for side in choices}
    best = max(totals.values())
    tied = sorted(s for s, v in totals.items() if v == best)
    while len(tied) > 1:
        rolls = {s: dice.roll("d6", f"battlezone roll-off for {s}", side=s).total for s in tied}
        top = max(rolls.values())
        tied = [s for s in tied if rolls[s] == top]
    return tied[0], int(choices[tied[0]])


def method1_edges(placer: str, sides: list[str], pick: str) -> dict[str, str]:
    """Set-up method 1: the side that did not place the phenomena chooses its
    table edge (``pick``); the placer takes the opposite one."""
    opposite = {"north": "south", "south": "north", "east": "west", "west": "east"}
    chooser = next(s for s in sides if s != placer)
    return {chooser: pick, placer: opposite[pick]}
