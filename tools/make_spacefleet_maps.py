"""Write the hand-made space-fleet maps and scenarios into maps/spacefleet/.

Each battlezone kind gets one cruiser clash of about 500 points a side on a
6' x 4' table (1829 x 1219 mm). Run: .venv/bin/python tools/make_spacefleet_maps.py
"""

from __future__ import annotations

import json
import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "maps" / "spacefleet"
W, H = 1829.0, 1219.0


def circle(cx, cy, r, n=32):
    return [[round(cx + r * math.cos(2 * math.pi * i / n), 2), round(cy + r * math.sin(2 * math.pi * i / n), 2)] for i in range(n)]


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def blob(cx, cy, w, h, n=10, jitter=0.15):
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        f = 1 + jitter * math.sin(3 * a + cx * 0.01)
        pts.append([round(cx + w / 2 * f * math.cos(a), 2), round(cy + h / 2 * f * math.sin(a), 2)])
    return pts


#: Height given to pieces that hide ships from one another (planets, moons,
#: asteroid fields, warp rifts), so the app's line-of-sight overlay shows them
#: blocking; a ship whose stem is on the piece sees and is seen, as the
#: ruleset's own planet rule says. The ruleset ignores tags and heights.
SIGHT_BLOCKER_MM = 1000


def planet(fid, cx, cy, diam_cm, size, low_orbit=False, kind="planet"):
    r = diam_cm * 5.0
    props = {"cx": cx, "cy": cy, "radius": r, "size": size}
    if low_orbit:
        props["low_orbit"] = True
    return {"id": fid, "kind": kind, "name": fid.replace("_", " "), "exterior": circle(cx, cy, r),
            "height": SIGHT_BLOCKER_MM, "tags": ["blocks_sight"], "properties": props}


def area(fid, kind, ring, holes=()):
    tags = {"asteroid_field": ["blocks_sight", "difficult"], "warp_rift": ["blocks_sight"], "gas_cloud": ["obscures"]}[kind]
    return {"id": fid, "kind": kind, "name": fid.replace("_", " "), "exterior": ring, "holes": [list(h) for h in holes],
            "height": SIGHT_BLOCKER_MM if "blocks_sight" in tags else 0, "tags": tags}


def annulus(cx, cy, r0, r1, n=40):
    return circle(cx, cy, r1, n), [list(reversed(circle(cx, cy, r0, n)))]


IMPERIAL_A = [("lunar", "lunar"), ("gothic", "gothic"), ("sword1", "sword"), ("sword2", "sword"), ("sword3", "sword"), ("sword4", "sword")]
IMPERIAL_B = [("dictator", "dictator"), ("lunar", "lunar"), ("cobra1", "cobra"), ("cobra2", "cobra"), ("cobra3", "cobra")]
#: the outer-reaches Lunar carries the nova cannon option (spacefleet_core 1.13)
IMPERIAL_NOVA = [("dictator", "dictator"), ("lunar", "lunar_nova"), ("cobra1", "cobra"), ("cobra2", "cobra"), ("cobra3", "cobra")]
CHAOS_A = [("murder", "murder"), ("carnage", "carnage"), ("slaughter", "slaughter")]
CHAOS_B = [("murder", "murder"), ("slaughter", "slaughter"), ("infidel1", "infidel"), ("infidel2", "infidel"), ("infidel3", "infidel"), ("infidel4", "infidel")]


def deploy(side, fleet, y, heading):
    out = []
    n = len(fleet)
    xs = [W / 2 + (i - (n - 1) / 2) * 150.0 for i in range(n)]
    for (uid, prof), x in zip(fleet, xs):
        u = {"id": f"{side[:3]}_{uid}", "profile": prof, "x": round(x, 1), "y": y, "heading": heading}
        if prof in ("sword", "cobra", "infidel", "iconoclast", "firestorm", "idolator"):
            u["group"] = f"{side[:3]}_{prof}_squadron"
        out.append(u)
    return out


def write(stem, name, desc, features, params, imperial, chaos, turns=8):
    m = {"format_version": 1, "id": stem, "name": name, "description": desc, "ruleset": "spacefleet",
         "table": {"width_mm": W, "height_mm": H}, "features": features,
         "deployment_zones": [{"id": "imperial_zone", "side": "imperial", "polygon": rect(0, 0, W, 300)},
                              {"id": "chaos_zone", "side": "chaos", "polygon": rect(0, H - 300, W, H)}]}
    sc = {"format_version": 1, "id": stem, "name": name, "description": desc, "ruleset": "spacefleet",
          "map": f"{stem}.map.json", "sides": [{"id": "imperial", "name": "Imperial Navy"}, {"id": "chaos", "name": "Chaos raiders"}],
          "forces": {"imperial": deploy("imperial", imperial, 170.0, 90.0), "chaos": deploy("chaos", chaos, H - 170.0, -90.0)},
          "turn_limit": turns, "params": params}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{stem}.map.json").write_text(json.dumps(m, indent=1, sort_keys=True) + "\n")
    (OUT / f"{stem}.scenario.json").write_text(json.dumps(sc, indent=1, sort_keys=True) + "\n")


def main():
    write("flare_region", "Flare region: sun-scorched clash",
          "Close to the star: a solar flare and a radiation burst may strike; firing sunward doubles range shifts.",
          [area("asteroids_west", "asteroid_field", blob(380, 610, 150, 100)),
           planet("ember", 1400, 600, 12, "small"),
           area("flare_remnant", "gas_cloud", blob(900, 420, 200, 60))],
          {"battlezone": "flare_region", "sunward": "east", "solar_flares": 2, "radiation_bursts": 1}, IMPERIAL_A, CHAOS_A)
    write("mercurial_zone", "Mercurial zone: filament ambush",
          "Solar filaments (gas clouds) cut the table; one flare and one radiation burst are possible.",
          [area("filament_1", "gas_cloud", blob(600, 560, 260, 60)),
           area("filament_2", "gas_cloud", blob(1250, 680, 240, 50)),
           area("rocks", "asteroid_field", blob(920, 360, 120, 90))],
          {"battlezone": "mercurial_zone", "sunward": "north", "solar_flares": 1, "radiation_bursts": 1}, IMPERIAL_B, CHAOS_A)
    belt = [area(f"belt_{i}", "asteroid_field", blob(170 + i * 298, 610 + (i % 2) * 40, 200, 110)) for i in range(6)]
    write("asteroid_belt", "Inner biosphere: through the asteroid belt",
          "A broken asteroid belt spans the table; ships must thread the gaps or risk the rocks.",
          belt, {"battlezone": "inner_biosphere", "sunward": "west", "radiation_bursts": 1}, IMPERIAL_A, CHAOS_A)
    lo_planet = planet("hesperus", 914, 610, 22, "medium", low_orbit=True)
    moons = [planet("hesperus_i", 914 + 380, 610 - 250, 4, "small", kind="moon"),
             planet("hesperus_ii", 914 - 420, 610 + 200, 5, "small", kind="moon")]
    write("planet_low_orbit", "Primary biosphere: the battle for Hesperus",
          "A medium world with two moons and a low-orbit table; its gravity well bends every course.",
          [lo_planet] + moons + [area("debris", "gas_cloud", blob(1500, 350, 120, 60))],
          {"battlezone": "primary_biosphere", "sunward": "south"}, IMPERIAL_A, CHAOS_A)
    ring_outer, ring_holes = annulus(914, 610, 245, 270)
    gas_outer, gas_holes = annulus(914, 610, 300, 325)
    write("outer_reaches", "Outer reaches: the ringed giant",
          "A large gas giant with an asteroid ring and a dust ring, and a moon.",
          [planet("gehenna", 914, 610, 32, "large"), area("gehenna_ring_rocks", "asteroid_field", ring_outer, ring_holes),
           area("gehenna_ring_dust", "gas_cloud", gas_outer, gas_holes),
           planet("gehenna_moon", 250, 350, 5, "small", kind="moon")],
          {"battlezone": "outer_reaches", "sunward": "north"}, IMPERIAL_NOVA, CHAOS_B)
    write("deep_space", "Deep space: the jump point",
          "Near a jump point: a warp rift, a rogue planet, a dust cloud and scattered rocks.",
          [area("rift", "warp_rift", rect(860, 560, 960, 660)),
           planet("rogue", 350, 610, 10, "small"),
           area("dust", "gas_cloud", blob(1400, 500, 160, 70)),
           area("rocks_east", "asteroid_field", blob(1600, 760, 110, 90))],
          {"battlezone": "deep_space", "sunward": "north"}, IMPERIAL_A, CHAOS_B)


if __name__ == "__main__":
    main()
