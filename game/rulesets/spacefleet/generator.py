"""Battlezone generators and the three set-up methods of the celestial-phenomena
chapter: a seeded, reproducible map maker.

The table is cut into 60 cm squares; each square holds a phenomenon on a D6
of 4+, rolled on the chosen battlezone's D6 table (or the zone is itself
rolled on a D6). At most one planet: a second is re-rolled. Planets roll for
moons (medium D3-1, large D6-2; placed 2D6 x 10 cm away in a random
direction) and large planets for rings (5+; D3 rings, each D6 cm wide,
starting D6 x 5 cm out, 1-4 dust, 5-6 asteroids). Clouds, fields and rifts
run parallel to the sunward edge, sized by the chapter's dice. Solar flares
and radiation bursts become scenario parameters. Pieces are never placed on
top of each other: a band that would overlap another piece is moved within
its area (:func:`_place_bands`).

Set-up (phenomena: placing celestial phenomena), each returning a
:class:`SetUp` (map, scenario params with a ``setup`` record, summary):

* :func:`setup_method1` -- one side lays out the phenomena (here the
  generator of a battlezone it names lays them for it); the other side
  picks its deployment edge, the placer takes the opposite one.
* :func:`setup_method2` -- the battlezone is rolled on a D6 (or agreed),
  then generated area by area (:func:`generate`).
* :func:`setup_method3` -- each side's secret battlezone number plus its
  fleet's attack rating; the higher total fights in its own pick
  (:func:`method3_battlezone`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon, box

from game.core.dice import Dice
from game.data.maps import MapFile, TerrainFeature, Zone, map_problems

from .data import tables
from .geom import circle_ring


#: Height of the pieces that block sight (planets, moons, asteroid fields,
#: rifts), for the app's line-of-sight overlay (the rules ignore it).
SIGHT_BLOCKER_MM = 1000.0

#: The six battlezones in the chapter's order: battlezone number n is ``ZONES[n - 1]``.
ZONES = ("flare_region", "mercurial_zone", "inner_biosphere", "primary_biosphere", "outer_reaches", "deep_space")

#: Table edges and the edge facing each (north is y = 0).
OPPOSITE_EDGE = {"north": "south", "south": "north", "east": "west", "west": "east"}

#: Depth of a side's deployment strip along its table edge, mm. Ours: the
#: chapter names only the edge; the bundled scenarios deploy 300 mm deep.
DEPLOY_DEPTH_MM = 300.0

#: Dice stream of the method 3 roll-off (kept apart from the map's stream,
#: so the map depends only on the seed and the battlezone).
METHOD3_STREAM = "battlezone-method3"

#: The two sides a set-up is made for unless told otherwise: those of the
#: bundled scenarios, in their seating order.
SIDES = ("imperial", "chaos")


def battlezone(value: str | int) -> str:
    """The battlezone named by ``value``: its number 1-6 (as int or text) or
    its name (``"outer_reaches"``).

    Raises:
        ValueError: a number outside 1-6 or an unknown name (phenomena:
            battlezones, numbered 1 flare region to 6 deep space).
    """
    text = str(value).strip()
    if text.lstrip("+-").isdigit():
        n = int(text)
        if not 1 <= n <= len(ZONES):
            raise ValueError(f"battlezone {n} is out of range 1-{len(ZONES)}")
        return ZONES[n - 1]
    if text in ZONES:
        return text
    raise ValueError(f"unknown battlezone {text!r} (known: "
                     + ", ".join(f"{i} {z}" for i, z in enumerate(ZONES, 1)) + ")")


def zone_number(zone: str) -> int:
    """The chapter's number (1-6) of battlezone ``zone``. Raises ValueError if unknown."""
    return ZONES.index(zone) + 1


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
    """Generate a map for battlezone ``zone`` (phenomena: set-up method 2 and
    the battlezone generators); None rolls the zone on a D6 first. The table
    is ``width_mm`` x ``height_mm`` (mm). Returns the map and the scenario
    ``params`` (battlezone, sunward, solar_flares, radiation_bursts). The same
    seed and zone always give the same map.

    Raises:
        KeyError: ``zone`` is not one of :data:`ZONES`.
    """
    t = tables().generators
    dice = Dice(seed, "battlezone-generator")
    if zone is None:
        zone = ZONES[dice.roll("d6", "battlezone").total - 1]
    sunward = t.sunward_d6[dice.roll("d6", "sunward edge").total - 1]
    table = t.zones[zone]
    area = t.area_cm * 10.0
    feats: list[TerrainFeature | None] = []
    bands: list[_Band] = []
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
                bands.append(_Band(len(feats), kind, px, py, max(along, 20.0), max(across, 20.0), (x0, y0, x0 + area, y0 + area)))
                feats.append(None)  # keeps the generation-order ids; placed below
    feats = _place_bands(feats, bands, sunward, width_mm, height_mm)
    m = MapFile(format_version=1, id=f"generated_{zone}_{seed}", name=f"Generated {zone.replace('_', ' ')} (seed {seed})",
                ruleset="spacefleet", table={"width_mm": width_mm, "height_mm": height_mm}, features=feats)
    bad = map_problems(m)
    if bad:  # a ring or moon clipped oddly: drop the offending features rather than fail
        names = {w.split(" ", 1)[1] for w, _ in bad if w.startswith("feature ")}
        m = m.model_copy(update={"features": [f for f in feats if f.id not in names]})
    return m, {"battlezone": zone, "sunward": sunward, "solar_flares": flares, "radiation_bursts": bursts}


@dataclass(frozen=True)
class _Band:
    """A cloud, asteroid field or rift rolled for a 60 cm area, before it is
    placed: generation index, kind, wanted centre and size (mm), and the area
    (x0, y0, x1, y1) it belongs to."""

    index: int
    kind: str
    x: float
    y: float
    along: float
    across: float
    area: tuple[float, float, float, float]


#: Steps (mm) tried around a band's wanted centre when it would lie on top of
#: another phenomenon, nearest first; the centre stays inside its area.
_NUDGE_STEPS_MM = (0.0, 50.0, -50.0, 100.0, -100.0, 150.0, -150.0, 200.0, -200.0, 250.0, -250.0)


def _place_bands(feats: list, bands: list[_Band], sunward: str, W: float, H: float) -> list[TerrainFeature]:
    """Place the rolled bands so that no phenomenon lies on top of another
    (phenomena: placing celestial phenomena, "anywhere within the area" but
    not on top of each other). A planet with its moons and rings is placed
    first (its own moons and rings may overlap it: one system). Each band then
    takes the first clear centre in its own area, trying the wanted one
    first, then steps of 5 cm outward (:data:`_NUDGE_STEPS_MM`); a band with
    no clear place is left out (ours: the area is full). No dice are used,
    so every other piece of the map stays as rolled."""
    taken = [Polygon(f.exterior) for f in feats if f is not None]
    out = list(feats)
    tags_of = {"asteroid_field": ["blocks_sight", "difficult"], "warp_rift": ["blocks_sight"], "gas_cloud": ["obscures"]}
    for b in bands:
        x0, y0, x1, y1 = b.area
        spots = sorted(((b.x + dx, b.y + dy) for dx in _NUDGE_STEPS_MM for dy in _NUDGE_STEPS_MM),
                       key=lambda c: (abs(c[0] - b.x) + abs(c[1] - b.y), c))
        for px, py in spots:
            if not (x0 <= px <= x1 and y0 <= py <= y1):
                continue
            ring = _rect(px, py, b.along, b.across, sunward)
            ring = [(min(max(x, 0.0), W), min(max(y, 0.0), H)) for x, y in ring]
            poly = Polygon(ring)
            if poly.area > 0 and not any(poly.intersects(q) for q in taken):
                taken.append(poly)
                tags = tags_of[b.kind]
                out[b.index] = TerrainFeature(id=f"{b.kind}_{b.index + 1}", kind=b.kind, exterior=ring, tags=tags,
                                              height=SIGHT_BLOCKER_MM if "blocks_sight" in tags else 0)
                break
    return [f for f in out if f is not None]


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
    mr = t.moon_diameter_cm * 5.0
    placed = [(cx, cy, rad)]
    for k in range(moons):
        # 2D6 x 10 cm from the planet's edge to the moon's, in a direction rolled on a D12 (30 degrees a face);
        # a moon that would leave the table or lie on the planet or another moon rolls its direction again,
        # up to 12 times (ours)
        d = _roll(dice, t.moon_distance, "moon distance from the planet's edge (cm)") * 10.0
        for _ in range(12):
            ang = (dice.roll("d12", "moon direction (30 degrees a face, clockwise from east)").total - 1) * 30.0
            mx, my = cx + (rad + d + mr) * math.cos(math.radians(ang)), cy + (rad + d + mr) * math.sin(math.radians(ang))
            if (mr <= mx <= W - mr and mr <= my <= H - mr
                    and all(math.hypot(mx - px, my - py) > pr + mr for px, py, pr in placed)):
                placed.append((mx, my, mr))
                out.append(TerrainFeature(id=f"moon_{n + 1}_{k + 1}", kind="moon", exterior=circle_ring(mx, my, mr),
                                          height=SIGHT_BLOCKER_MM, tags=["blocks_sight"],
                                          properties={"cx": round(mx, 2), "cy": round(my, 2), "radius": mr,
                                                      "size": "small"}))
                break
    if size == "large" and dice.roll("d6", "rings").total >= t.rings_on:
        table = box(0.0, 0.0, W, H)
        for k in range(_roll(dice, t.rings_count, "how many rings")):
            start = rad + _roll(dice, t.ring_start, "ring distance (cm)") * 10.0
            width = max(10.0, _roll(dice, t.ring_width, "ring width (cm)") * 10.0)
            kind_ = "asteroid_field" if dice.roll("d6", "ring kind").total >= t.ring_asteroid_on else "gas_cloud"
            # a ring the table edge cuts keeps the part on the table (ours: the text sets no limit)
            ring = Polygon(circle_ring(cx, cy, start + width, 40), [list(reversed(circle_ring(cx, cy, start, 40)))])
            parts = ring.intersection(table)
            polys = [parts] if parts.geom_type == "Polygon" else [g for g in getattr(parts, "geoms", []) if g.geom_type == "Polygon"]
            polys = [g for g in polys if g.area >= 100.0]
            for j, g in enumerate(sorted(polys, key=lambda g: (g.bounds[0], g.bounds[1]))):
                ext = [(round(x, 2), round(y, 2)) for x, y in list(g.exterior.coords)[:-1]]
                holes = [[(round(x, 2), round(y, 2)) for x, y in list(h.coords)[:-1]] for h in g.interiors]
                suffix = "" if len(polys) == 1 else chr(ord("a") + j)
                out.append(TerrainFeature(id=f"ring_{n + 1}_{k + 1}{suffix}", kind=kind_, exterior=ext, holes=holes,
                                          height=SIGHT_BLOCKER_MM if kind_ == "asteroid_field" else 0,
                                          tags=["blocks_sight"] if kind_ == "asteroid_field" else ["obscures"]))
    return out


@dataclass(frozen=True)
class Method3Result:
    """Outcome of set-up method 3: ``totals`` (side -> battlezone number +
    attack rating), each roll-off round as side -> D6 (empty without a tie),
    the winning side and the battlezone number it chose."""

    totals: dict[str, int]
    roll_offs: list[dict[str, int]]
    winner: str
    zone: int


def method3(choices: dict[str, int], attack_ratings: dict[str, int], dice: Dice) -> Method3Result:
    """Set-up method 3 (phenomena: set-up method 3): each side secretly picks
    a battlezone number (1-6) and adds its fleet's attack rating; the higher
    total wins and the battle is fought in the winner's pick. A tie (ours:
    the text has none) is rolled off on a D6 per tied side, in side-name
    order, again and again until one side is highest.

    Raises:
        ValueError: fewer than two sides, a pick outside 1-6, a side without
            an attack rating, or a rating that is not a whole number >= 0.
    """
    if len(choices) < 2:
        raise ValueError("method 3 needs the battlezone choice of at least two sides")
    for side, z in choices.items():
        if isinstance(z, bool) or not isinstance(z, int) or not 1 <= z <= len(ZONES):
            raise ValueError(f"{side}: battlezone must be 1-{len(ZONES)}")
        r = attack_ratings.get(side)
        if r is None:
            raise ValueError(f"{side}: no attack rating")
        if isinstance(r, bool) or not isinstance(r, int) or r < 0:
            raise ValueError(f"{side}: attack rating must be a whole number >= 0")
    totals = {side: choices[side] + attack_ratings[side] for side in choices}
    best = max(totals.values())
    tied = sorted(s for s, v in totals.items() if v == best)
    rounds: list[dict[str, int]] = []
    while len(tied) > 1:
        rolls = {s: dice.roll("d6", f"battlezone roll-off for {s}", side=s).total for s in tied}
        rounds.append(rolls)
        top = max(rolls.values())
        tied = [s for s in tied if rolls[s] == top]
    return Method3Result(totals=totals, roll_offs=rounds, winner=tied[0], zone=choices[tied[0]])


def method3_battlezone(choices: dict[str, int], attack_ratings: dict[str, int], dice) -> tuple[str, int]:
    """Set-up method 3 (phenomena: set-up method 3) as (winning side,
    battlezone number); see :func:`method3` for the rule, the tie roll-off
    and the errors (ValueError)."""
    r = method3(choices, attack_ratings, dice)
    return r.winner, r.zone


def method1_edges(placer: str, sides: list[str], pick: str) -> dict[str, str]:
    """Set-up method 1 (phenomena: set-up method 1): the side that did not
    place the phenomena chooses its table edge (``pick``: north, south, east
    or west); the placer takes the opposite one (ours: the text names only
    the chooser's edge). Returns side -> edge.

    Raises:
        ValueError: not exactly two sides, ``placer`` not one of them, or an
            unknown edge.
    """
    if len(sides) != 2 or len(set(sides)) != 2:
        raise ValueError("method 1 needs exactly two sides")
    if placer not in sides:
        raise ValueError(f"unknown side {placer!r} (known: {', '.join(sides)})")
    if pick not in OPPOSITE_EDGE:
        raise ValueError(f"unknown table edge {pick!r} (known: {', '.join(OPPOSITE_EDGE)})")
    chooser = next(s for s in sides if s != placer)
    return {chooser: pick, placer: OPPOSITE_EDGE[pick]}


def edge_strip(edge: str, width_mm: float, height_mm: float, depth_mm: float = DEPLOY_DEPTH_MM) -> list[tuple[float, float]]:
    """The deployment strip along table ``edge``: ``depth_mm`` deep (mm), the
    whole edge long. Raises KeyError for an unknown edge."""
    W, H, d = width_mm, height_mm, min(depth_mm, width_mm, height_mm)
    x0, y0, x1, y1 = {"north": (0.0, 0.0, W, d), "south": (0.0, H - d, W, H),
                      "west": (0.0, 0.0, d, H), "east": (W - d, 0.0, W, H)}[edge]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


#: The fleets a generated scenario starts with (the bundled cruiser clash of
#: about 500 points a side): (unit id suffix, profile, squadron) in line order,
#: the first list for the first side in seating order.
STANDARD_FLEETS = (
    (("lunar", "lunar", None), ("gothic", "gothic", None), ("sword1", "sword", "swords"), ("sword2", "sword", "swords"),
     ("sword3", "sword", "swords"), ("sword4", "sword", "swords")),
    (("murder", "murder", None), ("slaughter", "slaughter", None), ("infidel1", "infidel", "infidels"),
     ("infidel2", "infidel", "infidels"), ("infidel3", "infidel", "infidels"), ("infidel4", "infidel", "infidels")),
)

#: Stems of a generated line stand this far in from their edge and this far apart (mm).
LINE_DEPTH_MM, LINE_GAP_MM = 170.0, 150.0


def standard_forces(m: MapFile, sides: tuple[str, ...], edges: dict[str, str] | None = None) -> dict[str, list[dict]]:
    """Scenario forces for a generated map: each side's :data:`STANDARD_FLEETS`
    line abreast :data:`LINE_DEPTH_MM` in from its table edge (``edges``;
    default the first side north, the second south), facing the other edge,
    stems :data:`LINE_GAP_MM` apart and centred; a stem that would stand on a
    planet, moon, asteroid field or rift slides along the line to the nearest
    clear spot. Returns side -> unit dicts (``id``, ``profile``, ``x``, ``y``
    mm, ``heading`` degrees, ``group``)."""

    W, H = m.table.width_mm, m.table.height_mm
    edges = edges or {sides[0]: "north", sides[1]: "south"}
    solid = [Polygon(f.exterior, f.holes) for f in m.features if f.kind != "gas_cloud"]
    out: dict[str, list[dict]] = {}
    for side, fleet in zip(sides, STANDARD_FLEETS):
        edge = edges[side]
        along = W if edge in ("north", "south") else H
        heading = {"north": 90.0, "south": -90.0, "west": 0.0, "east": 180.0}[edge]
        taken: list[float] = []
        units = []
        for k, (suffix, prof, group) in enumerate(fleet):
            want = along / 2 + (k - (len(fleet) - 1) / 2) * LINE_GAP_MM
            spots = sorted((want + d * 25.0 for d in range(-int(along // 25), int(along // 25) + 1)), key=lambda a: (abs(a - want), a))
            for a in spots:
                if not 40.0 <= a <= along - 40.0 or any(abs(a - t) < LINE_GAP_MM * 0.6 for t in taken):
                    continue
                x, y = {"north": (a, LINE_DEPTH_MM), "south": (a, H - LINE_DEPTH_MM),
                        "west": (LINE_DEPTH_MM, a), "east": (W - LINE_DEPTH_MM, a)}[edge]
                if not any(poly.buffer(20.0).contains(Point(x, y)) for poly in solid):
                    break
            taken.append(a)
            unit = {"id": f"{side}_{suffix}", "profile": prof, "x": round(x, 1), "y": round(y, 1), "heading": heading}
            if group:
                unit["group"] = f"{side}_{group}"
            units.append(unit)
        out[side] = units
    return out


@dataclass(frozen=True)
class SetUp:
    """A set-up's result: the ``map``, the scenario ``params`` (battlezone,
    sunward, solar_flares, radiation_bursts and a ``setup`` record of the
    method and its choices and rolls) and a one-line ``summary``."""

    method: int
    map: MapFile
    params: dict = field(default_factory=dict)
    summary: str = ""


def _conditions(params: dict) -> str:
    f, b = params["solar_flares"], params["radiation_bursts"]
    return (f"sunward {params['sunward']}, {f} solar flare{'s' if f != 1 else ''}, "
            f"{b} radiation burst{'s' if b != 1 else ''}")


def setup_method1(seed: int, placer: str, edge: str, zone: str, sides: tuple[str, ...] = SIDES,
                  width_mm: float = 1829.0, height_mm: float = 1219.0) -> SetUp:
    """Set-up method 1 (phenomena: set-up method 1): ``placer`` lays out all
    the phenomena, here with the generator of the battlezone ``zone`` it
    names (no battlezone roll; same seed and zone, same pieces as
    :func:`generate`); the other side picks its deployment ``edge`` and the
    placer deploys along the opposite one. ``sides`` are the battle's two
    side ids. The map gets one deployment strip per side,
    :data:`DEPLOY_DEPTH_MM` deep (mm).

    Raises:
        ValueError: an unknown side, edge or battlezone.
    """
    zone = battlezone(zone)
    sides = list(sides)
    edges = method1_edges(placer, sides, edge)
    m, params = generate(seed, zone, width_mm, height_mm)
    zones = [Zone(id=f"{s}_zone", side=s, polygon=edge_strip(edges[s], width_mm, height_mm)) for s in sides]
    m = m.model_copy(update={"deployment_zones": zones})
    chooser = next(s for s in sides if s != placer)
    params = {**params, "setup": {"method": 1, "placer": placer, "edges": edges}}
    summary = (f"set-up method 1: {placer} placed the phenomena (battlezone {zone_number(zone)} {zone}), "
               f"{chooser} picked the {edges[chooser]} edge, {placer} deploys {edges[placer]}; {_conditions(params)}")
    return SetUp(1, m, params, summary)


def setup_method2(seed: int, zone: str | None = None, width_mm: float = 1829.0, height_mm: float = 1219.0) -> SetUp:
    """Set-up method 2 (phenomena: set-up method 2): the battlezone is rolled
    on a D6 (``zone`` None) or agreed by the players (``zone`` given), then
    :func:`generate` fills the 60 cm areas. The map is exactly
    ``generate(seed, zone)``'s.

    Raises:
        ValueError: an unknown battlezone.
    """
    agreed = zone is not None
    zone_ = battlezone(zone) if agreed else None
    m, params = generate(seed, zone_, width_mm, height_mm)
    n = zone_number(params["battlezone"])
    params = {**params, "setup": {"method": 2, "zone_roll": None if agreed else n}}
    how = "agreed" if agreed else f"rolled {n} on a D6"
    summary = f"set-up method 2: battlezone {n} {params['battlezone']} ({how}); {_conditions(params)}"
    return SetUp(2, m, params, summary)


def setup_method3(seed: int, choices: dict[str, int | str], attack_ratings: dict[str, int],
                  sides: tuple[str, ...] = SIDES, width_mm: float = 1829.0, height_mm: float = 1219.0) -> SetUp:
    """Set-up method 3 (phenomena: set-up method 3): :func:`method3` on the
    sides' secret ``choices`` (battlezone numbers 1-6 or names) and fleet
    ``attack_ratings``, any tie rolled off on the dice stream
    :data:`METHOD3_STREAM` of ``seed``; then the winner's battlezone is
    generated (same pieces as ``generate(seed, zone)``). ``sides`` only
    orders the summary and record (sides not in it follow by name).

    Raises:
        ValueError: an unknown battlezone, a side without a rating, a bad
            rating, or fewer than two sides (see :func:`method3`).
    """
    order = [s for s in sides if s in choices] + sorted(s for s in choices if s not in sides)
    picks = {s: zone_number(battlezone(choices[s])) for s in order}
    res = method3(picks, attack_ratings, Dice(seed, METHOD3_STREAM))
    zone = ZONES[res.zone - 1]
    m, params = generate(seed, zone, width_mm, height_mm)
    params = {**params, "setup": {"method": 3, "choices": picks, "attack_ratings": dict(attack_ratings),
                                  "totals": res.totals, "roll_offs": res.roll_offs, "winner": res.winner}}
    totals = ", ".join(f"{s} {picks[s]}+{attack_ratings[s]}={res.totals[s]}" for s in picks)
    rolled = "".join(("; tie, roll-off " if i == 0 else "; tie again, ") + ", ".join(f"{s} {v}" for s, v in r.items())
                     for i, r in enumerate(res.roll_offs))
    summary = (f"set-up method 3: {totals}{rolled}; {res.winner} wins, battlezone {res.zone} {zone}; "
               f"{_conditions(params)}")
    return SetUp(3, m, params, summary)
