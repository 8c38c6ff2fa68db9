"""Write the Battlesystem maps and scenarios into maps/battlesystem/.

- ``crossroads``: the Basic game (Part 2): two small armies meet where two roads cross on a
  4' x 4' table; the side holding the crossroads at the end wins.
- ``borderland_ford``: the Intermediate game (Part 3): mixed arms on a 6' x 4' table cut by
  a river with two fords, a wood on the north bank, a hill on the south bank and the road
  that crosses the river at the fords.

Units are placed by the centre of their front edge (mm), headings in degrees clockwise from
+x (90 faces south, 270 north). Run: .venv/bin/python tools/make_battlesystem_maps.py
"""

from __future__ import annotations

import json
import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "maps" / "battlesystem"
IN = 25.4


def rect(x0, y0, x1, y1):
    return [[round(x0, 2), round(y0, 2)], [round(x1, 2), round(y0, 2)], [round(x1, 2), round(y1, 2)], [round(x0, 2), round(y1, 2)]]


def blob(cx, cy, w, h, n=14, jitter=0.12, phase=0.0):
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        f = 1 + jitter * math.sin(3 * a + phase)
        pts.append([round(cx + w / 2 * f * math.cos(a), 2), round(cy + h / 2 * f * math.sin(a), 2)])
    return pts


def unit(uid, profile, x, y, heading, figures, files, formation=None, brigade=None):
    params = {"figures": figures, "files": files}
    if formation:
        params["formation"] = formation
    if brigade:
        params["brigade"] = brigade
    return {"id": uid, "profile": profile, "x": round(x, 2), "y": round(y, 2), "heading": heading, "params": params}


def person(pid, profile, x, y, heading, role, unit_id=None, **extra):
    params = {"role": role}
    if unit_id:
        params["unit"] = unit_id
    params.update(extra)
    return {"id": pid, "profile": profile, "x": round(x, 2), "y": round(y, 2), "heading": heading, "params": params}


def write(name, obj):
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / name).write_text(json.dumps(obj, indent=1, sort_keys=True) + "\n")


def crossroads():
    W = H = 48 * IN
    road = 2 * IN
    features = [
        {"id": "north_road", "kind": "road", "name": "the north road", "exterior": rect(W / 2 - road / 2, 0, W / 2 + road / 2, H),
         "height": 0},
        {"id": "east_road", "kind": "road", "name": "the east road", "exterior": rect(0, H / 2 - road / 2, W / 2 - road / 2, H / 2 + road / 2),
         "height": 0},
        {"id": "west_road", "kind": "road", "name": "the west road", "exterior": rect(W / 2 + road / 2, H / 2 - road / 2, W, H / 2 + road / 2),
         "height": 0},
    ]
    m = {"format_version": 1, "id": "crossroads", "name": "Battle at the crossroads", "ruleset": "battlesystem",
         "description": "Two roads cross in open farmland: the Basic game's battlefield.",
         "table": {"width_mm": W, "height_mm": H}, "features": features,
         "deployment_zones": [{"id": "valmark_zone", "side": "valmark", "polygon": rect(0, H - 9 * IN, W, H)},
                              {"id": "horde_zone", "side": "horde", "polygon": rect(0, 0, W, 9 * IN)}],
         "objectives": [{"id": "crossroads", "kind": "hold", "label": "the crossroads", "x": W / 2, "y": H / 2, "radius": 4 * IN}],
         "exits": []}
    write("crossroads.map.json", m)
    yv, yh = H - 8 * IN, 8 * IN
    valmark = [
        unit("spears", "valmark_spears", 250, yv, 270, 16, 8),
        unit("swords", "valmark_swords", 470, yv, 270, 16, 8),
        unit("dwarves", "dwarf_axes", 690, yv, 270, 16, 8),
        unit("levy", "valmark_levy", 930, yv, 270, 16, 4, "mob"),
        person("sgt_spears", "sergeant", 250, yv, 270, "unit_commander", "spears"),
        person("sgt_swords", "sergeant", 470, yv, 270, "unit_commander", "swords"),
        person("thane", "thane", 690, yv, 270, "unit_commander", "dwarves"),
        person("aldric", "aldric", 620, H - 3 * IN, 270, "army"),
    ]
    horde = [
        unit("blades", "orc_blades", 240, yh, 90, 20, 10),
        unit("orc_spears", "orc_spears", 480, yh, 90, 20, 10),
        unit("hobgoblins", "hobgoblin_pikes", 720, yh, 90, 16, 8),
        unit("gnolls", "gnoll_pack", 950, yh, 90, 12, 6),
        person("boss_blades", "orc_boss", 240, yh, 90, "unit_commander", "blades"),
        person("boss_spears", "orc_boss", 480, yh, 90, "unit_commander", "orc_spears"),
        person("hob_captain", "hobgoblin_captain", 720, yh, 90, "unit_commander", "hobgoblins"),
        person("gnoll_leader", "gnoll_leader", 950, yh, 90, "unit_commander", "gnolls"),
        person("gruumshka", "orc_chief", 600, 3 * IN, 90, "army"),
    ]
    sc = {"format_version": 1, "id": "crossroads", "name": "Battle at the crossroads (Basic game)",
          "description": "Valmark's men and dwarves meet an orc and gnoll war band where two roads cross. "
                         "Hold the crossroads when the eighth round ends, or drive the enemy from the field.",
          "ruleset": "battlesystem", "map": "crossroads.map.json",
          "sides": [{"id": "valmark", "name": "Valmark"}, {"id": "horde", "name": "the Horde"}],
          "forces": {"valmark": valmark, "horde": horde},
          "objectives": [{"id": "hold_v", "side": "valmark", "kind": "hold", "text": "Hold the crossroads or rout the Horde"},
                         {"id": "hold_h", "side": "horde", "kind": "hold", "text": "Hold the crossroads or rout Valmark"}],
          "turn_limit": 8, "params": {"game": "basic"}}
    write("crossroads.scenario.json", sc)


def ford():
    W, H = 72 * IN, 48 * IN
    ry0, ry1 = H / 2 - 1.5 * IN, H / 2 + 1.5 * IN
    f1 = (14 * IN, 26 * IN)
    f2 = (44 * IN, 56 * IN)
    features = [
        {"id": "river_w", "kind": "river", "name": "the Greywater", "exterior": rect(0, ry0, f1[0], ry1), "height": 0},
        {"id": "river_c", "kind": "river", "name": "the Greywater", "exterior": rect(f1[1], ry0, f2[0], ry1), "height": 0},
        {"id": "river_e", "kind": "river", "name": "the Greywater", "exterior": rect(f2[1], ry0, W, ry1), "height": 0},
        {"id": "west_ford", "kind": "ford", "name": "the west ford", "exterior": rect(f1[0], ry0, f1[1], ry1), "height": 0,
         "properties": {"fordable": True}},
        {"id": "east_ford", "kind": "ford", "name": "the east ford", "exterior": rect(f2[0], ry0, f2[1], ry1), "height": 0,
         "properties": {"fordable": True}},
        {"id": "road", "kind": "road", "name": "the border road", "exterior": rect(49 * IN, 0, 51 * IN, ry0), "height": 0},
        {"id": "road_s", "kind": "road", "name": "the border road", "exterior": rect(49 * IN, ry1, 51 * IN, H), "height": 0},
        {"id": "elfwood", "kind": "woods", "name": "the Elfwood", "exterior": blob(12 * IN, 14 * IN, 16 * IN, 9 * IN, phase=0.7),
         "height": 0, "cover": "obscured"},  # the kinds catalogue's cover for woods, so exports round-trip
        {"id": "watch_hill", "kind": "hill", "name": "Watch Hill", "exterior": blob(32 * IN, 36 * IN, 14 * IN, 8 * IN, phase=1.9),
         "height": 40, "properties": {"level": 1}},
    ]
    m = {"format_version": 1, "id": "borderland_ford", "name": "The borderland fords", "ruleset": "battlesystem",
         "description": "The Greywater runs east to west; two fords cross it, the border road the eastern one.",
         "table": {"width_mm": W, "height_mm": H}, "features": features,
         "deployment_zones": [{"id": "valmark_zone", "side": "valmark", "polygon": rect(0, H - 8 * IN, W, H)},
                              {"id": "horde_zone", "side": "horde", "polygon": rect(0, 0, W, 8 * IN)}],
         "objectives": [{"id": "east_ford", "kind": "hold", "label": "the east ford", "x": 50 * IN, "y": H / 2, "radius": 6 * IN},
                        {"id": "west_ford", "kind": "hold", "label": "the west ford", "x": 20 * IN, "y": H / 2, "radius": 6 * IN}],
         "exits": []}
    write("borderland_ford.map.json", m)
    yv, yh = H - 6 * IN, 6 * IN
    valmark = [
        unit("spears", "valmark_spears", 18 * IN, yv, 270, 16, 8),
        unit("swords", "valmark_swords", 28 * IN, yv, 270, 16, 8),
        unit("bows", "valmark_bows", 40 * IN, yv, 270, 16, 8, "open"),
        unit("lancers", "valmark_horse", 52 * IN, yv, 270, 8, 4),
        unit("scouts", "elf_scouts", 62 * IN, yv - 8 * IN, 270, 6, 3),
        unit("ballista", "valmark_ballista", 34 * IN, H - 1.5 * IN, 270, 1, 1),
        person("sgt_spears", "sergeant", 18 * IN, yv, 270, "unit_commander", "spears"),
        person("sgt_swords", "sergeant", 28 * IN, yv, 270, "unit_commander", "swords"),
        person("sgt_bows", "sergeant", 40 * IN, yv, 270, "unit_commander", "bows"),
        person("sgt_lancers", "sergeant", 52 * IN, yv, 270, "unit_commander", "lancers"),
        person("elowen", "elf_captain", 62 * IN, yv - 8 * IN, 270, "unit_commander", "scouts"),
        person("bertrand", "bertrand", 46 * IN, H - 2 * IN, 270, "hero", deputy_of="aldric"),
        person("aldric", "aldric", 30 * IN, H - 2 * IN, 270, "army"),
    ]
    horde = [
        unit("blades", "orc_blades", 16 * IN, yh, 90, 20, 10),
        unit("orc_spears", "orc_spears", 28 * IN, yh, 90, 20, 10),
        unit("archers", "orc_bows", 40 * IN, yh, 90, 16, 8, "open"),
        unit("hobgoblins", "hobgoblin_pikes", 52 * IN, yh, 90, 16, 8),
        unit("wolves", "goblin_wolves", 62 * IN, yh, 90, 8, 4),
        unit("ogres", "ogre_band", 46 * IN, yh + 6 * IN, 90, 4, 4),
        unit("catapult", "orc_catapult", 34 * IN, 1.5 * IN, 90, 1, 1),
        person("boss_blades", "orc_boss", 16 * IN, yh, 90, "unit_commander", "blades"),
        person("boss_spears", "orc_boss", 28 * IN, yh, 90, "unit_commander", "orc_spears"),
        person("boss_archers", "orc_boss", 40 * IN, yh, 90, "unit_commander", "archers"),
        person("hob_captain", "hobgoblin_captain", 52 * IN, yh, 90, "unit_commander", "hobgoblins"),
        person("goblin_boss", "goblin_boss", 62 * IN, yh, 90, "unit_commander", "wolves"),
        person("gorbag", "ogre_chief", 46 * IN, yh + 6 * IN, 90, "unit_commander", "ogres"),
        person("gruumshka", "orc_chief", 30 * IN, 2 * IN, 90, "army"),
    ]
    sc = {"format_version": 1, "id": "borderland_ford", "name": "The borderland fords (Intermediate game)",
          "description": "The Horde comes down to the Greywater to force the fords; Valmark's army marches to hold them. "
                         "The side holding more fords after round 10 wins, unless one army is driven from the field first.",
          "ruleset": "battlesystem", "map": "borderland_ford.map.json",
          "sides": [{"id": "valmark", "name": "Valmark"}, {"id": "horde", "name": "the Horde"}],
          "forces": {"valmark": valmark, "horde": horde},
          "objectives": [{"id": "fords_v", "side": "valmark", "kind": "hold", "text": "Hold the fords or rout the Horde"},
                         {"id": "fords_h", "side": "horde", "kind": "hold", "text": "Take the fords or rout Valmark"}],
          "turn_limit": 10, "params": {"game": "intermediate", "premeasure": True}}
    write("borderland_ford.scenario.json", sc)


def campaign():
    """The Valmark march: the crossroads battle, then the return to the crossroads in the
    Advanced game, where Valmark's giant eagles join (a flying unit, [15.0]); the survivors
    and experience of the first battle take the field in the second ([16.1], [16.2])."""
    H = 48 * IN
    first = json.loads((OUT / "crossroads.scenario.json").read_text())
    yv = H - 8 * IN
    sc = dict(first)
    sc["forces"] = {k: list(v) for k, v in first["forces"].items()}
    sc["forces"]["valmark"].append(unit("eagles", "giant_eagles", 1120, yv, 270, 6, 3, "open"))
    sc.update({"id": "crossroads_return", "name": "Return to the crossroads (Advanced game)",
               "description": "A week after the first clash the Horde comes back to the crossroads. What is left of "
                              "both armies meets again, and the giant eagles of the Greyspire fly for Valmark: they "
                              "cross the field above the fighting and drop rocks on the orcs. Hold the crossroads "
                              "when the eighth round ends.",
               "params": {"game": "advanced", "points": 12500, "power_level": "low_magic"}})
    write("crossroads_return.scenario.json", sc)
    write("valmark_march.campaign.json", {
        "format_version": 1, "id": "valmark_march", "name": "The Valmark march (campaign)", "ruleset": "battlesystem",
        "description": "Two battles at the crossroads: the survivors of the first, and what they learnt, fight the second.",
        "battles": [{"scenario": "crossroads.scenario.json", "name": "the battle at the crossroads"},
                    {"scenario": "crossroads_return.scenario.json", "name": "the return to the crossroads"}]})
    write("valmark_host.roster.json", {
        "format_version": 1, "name": "Valmark host", "side": "valmark",
        "lines": [{"kind": "unit", "profile": "valmark_spears", "figures": 16},
                  {"kind": "unit", "profile": "valmark_swords", "figures": 16},
                  {"kind": "unit", "profile": "giant_eagles", "figures": 6},
                  {"kind": "character", "profile": "aldric", "items": ["plate_mail_1"]},
                  {"kind": "character", "name": "Wizard of the march", "classes": [{"class": "magic_user", "level": 3}]}]})


if __name__ == "__main__":
    crossroads()
    ford()
    campaign()
    print(f"wrote {sorted(p.name for p in OUT.glob('*.json'))}")
