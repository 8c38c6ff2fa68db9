"""Write the Battlesystem Advanced-game scenarios (``maps/battlesystem/barrow_downs.*``,
``barrow_phantoms.scenario.json``): spell-casters, undead, weather magic and (barrow_downs)
Valmark's hippogriff riders, a flying unit ([12.0]-[15.4]). Run: ``python tools/make_battlesystem_magic_maps.py``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_battlesystem_maps import IN, blob, person, rect, unit, write  # noqa: E402


def barrow_downs():
    W = H = round(48 * IN, 3)
    features = [
        {"id": "barrow", "kind": "hill", "name": "the barrow", "exterior": blob(W / 2, 15 * IN, 12 * IN, 6 * IN, phase=0.7),
         "height": 25, "properties": {"level": 1}},
        {"id": "wood", "kind": "woods", "cover": "obscured", "name": "the yew wood", "exterior": blob(8 * IN, 26 * IN, 9 * IN, 7 * IN, phase=1.9),
         "height": 0},
        {"id": "track", "kind": "road", "name": "the corpse road", "exterior": rect(W / 2 - IN, 0, W / 2 + IN, H), "height": 0},
    ]
    m = {"format_version": 1, "id": "barrow_downs", "name": "The barrow downs", "ruleset": "battlesystem",
         "description": "Open downs round an old barrow, a yew wood to the west, the corpse road running north.",
         "table": {"width_mm": W, "height_mm": H}, "features": features,
         "deployment_zones": [{"id": "valmark_zone", "side": "valmark", "polygon": rect(0, H - 10 * IN, W, H)},
                              {"id": "dead_zone", "side": "dead", "polygon": rect(0, 0, W, 10 * IN)}],
         "objectives": [{"id": "barrow", "kind": "hold", "label": "the barrow", "x": W / 2, "y": 15 * IN, "radius": 5 * IN},
                        {"id": "road", "kind": "hold", "label": "the corpse road", "x": W / 2, "y": H / 2, "radius": 4 * IN}],
         "exits": []}
    write("barrow_downs.map.json", m)
    yv, yd = H - 7 * IN, 7 * IN
    valmark = [
        unit("spears", "valmark_spears", 14 * IN, yv, 270, 12, 6),
        unit("swords", "valmark_swords", 24 * IN, yv, 270, 12, 6),
        unit("bows", "valmark_bows", 34 * IN, yv, 270, 12, 6, "open"),
        unit("horse", "valmark_horse", 42 * IN, yv, 270, 6, 3),
        unit("hippogriffs", "hippogriff_riders", 5 * IN, yv, 270, 4, 2, "open"),
        person("sgt_spears", "sergeant", 14 * IN, yv, 270, "unit_commander", "spears"),
        person("sgt_swords", "sergeant", 24 * IN, yv, 270, "unit_commander", "swords"),
        person("sgt_bows", "sergeant", 34 * IN, yv, 270, "unit_commander", "bows"),
        person("bertrand", "bertrand", 42 * IN, yv, 270, "unit_commander", "horse"),
        person("aldric", "aldric", 24 * IN, H - 3 * IN, 270, "army"),
        person("mordrin", "mordrin", 19 * IN, H - 4 * IN, 270, "hero"),
        person("hild", "hild", 29 * IN, H - 4 * IN, 270, "hero"),
        person("tamsin", "tamsin", 34 * IN, H - 3 * IN, 270, "hero"),
    ]
    dead = [
        unit("skeletons", "skeleton_legion", 14 * IN, yd, 90, 12, 6),
        unit("zombies", "zombie_horde", 24 * IN, yd, 90, 12, 6),
        unit("ghouls", "ghoul_pack", 34 * IN, yd, 90, 6, 6),
        unit("orcs", "orc_blades", 42 * IN, yd, 90, 12, 6),
        person("boss_skel", "orc_boss", 14 * IN, yd, 90, "unit_commander", "skeletons"),
        person("boss_zomb", "orc_boss", 24 * IN, yd, 90, "unit_commander", "zombies"),
        person("boss_orcs", "orc_boss", 42 * IN, yd, 90, "unit_commander", "orcs"),
        person("ulgrim", "dark_priest", 24 * IN, 3 * IN, 90, "army"),
        person("vorlag", "necromancer", 30 * IN, 3 * IN, 90, "hero"),
    ]
    barrow_scenario("barrow_downs", "The barrow downs (Advanced game)",
                    "Vorlag the Black has raised the dead of the barrows; Valmark brings a wizard and a priestess "
                    "to lay them again, and hippogriff riders who fly over the yew wood. Both sides can call on "
                    "the weather. Hold the barrow and the corpse road "
                    "when the tenth round ends, or drive the enemy from the field.",
                    valmark, dead, 10, {})


def barrow_phantoms():
    """A small Advanced battle on the barrow downs' map for illusions, disbelief, information,
    spells on individuals, wishes and psionics ([14.11], [14.14], [14.17], [14.18], [14.21]):
    Ysolde (illusions, vision, power word stun, psionics) and Brother Anselm (command,
    divination, true seeing) for Valmark; Morgath (phantasmal force, wishes, power word stun,
    psionics) for the Dead; high magic at 100,000 points: two wishes a side."""
    H = round(48 * IN, 3)
    yv, yd = H - 7 * IN, 7 * IN
    valmark = [
        unit("spears", "valmark_spears", 16 * IN, yv, 270, 12, 6),
        unit("swords", "valmark_swords", 28 * IN, yv, 270, 12, 6),
        unit("horse", "valmark_horse", 40 * IN, yv, 270, 6, 3),
        person("sgt_spears", "sergeant", 16 * IN, yv, 270, "unit_commander", "spears"),
        person("sgt_swords", "sergeant", 28 * IN, yv, 270, "unit_commander", "swords"),
        person("bertrand", "bertrand", 40 * IN, yv, 270, "unit_commander", "horse"),
        person("aldric", "aldric", 28 * IN, H - 3 * IN, 270, "army"),
        person("ysolde", "ysolde", 22 * IN, H - 4 * IN, 270, "hero"),
        person("anselm", "anselm", 34 * IN, H - 4 * IN, 270, "hero"),
    ]
    dead = [
        unit("skeletons", "skeleton_legion", 16 * IN, yd, 90, 12, 6),
        unit("orcs", "orc_blades", 28 * IN, yd, 90, 12, 6),
        unit("ghouls", "ghoul_pack", 40 * IN, yd, 90, 6, 6),
        person("boss_skel", "orc_boss", 16 * IN, yd, 90, "unit_commander", "skeletons"),
        person("boss_orcs", "orc_boss", 28 * IN, yd, 90, "unit_commander", "orcs"),
        person("ulgrim", "dark_priest", 28 * IN, 3 * IN, 90, "army"),
        person("morgath", "morgath", 34 * IN, 4 * IN, 90, "hero"),
    ]
    barrow_scenario("barrow_phantoms", "Phantoms of the barrow (Advanced game)",
                    "Morgath of the barrows fights with phantoms as well as the dead; Valmark's illusionist and "
                    "priest must tell true foes from false. High magic: each side may use two wishes. Hold the "
                    "barrow and the corpse road when the eighth round ends, or drive the enemy from the field.",
                    valmark, dead, 8, {"power_level": "high_magic", "points": 100000})


def barrow_scenario(sid: str, name: str, description: str, valmark: list, dead: list, turns: int, params: dict) -> None:
    """Write an Advanced-game scenario on the barrow downs' map: Valmark against the Dead, each
    side holding the barrow and the road."""
    sc = {"format_version": 1, "id": sid, "name": name, "description": description,
          "ruleset": "battlesystem", "map": "barrow_downs.map.json",
          "sides": [{"id": "valmark", "name": "Valmark"}, {"id": "dead", "name": "the Dead of the barrows"}],
          "forces": {"valmark": valmark, "dead": dead},
          "objectives": [{"id": "hold_v", "side": "valmark", "kind": "hold", "text": "Hold the barrow and the road or rout the dead"},
                         {"id": "hold_d", "side": "dead", "kind": "hold", "text": "Hold the barrow and the road or rout Valmark"}],
          "turn_limit": turns, "params": {"game": "advanced", "premeasure": True, **params}}
    write(f"{sid}.scenario.json", sc)


if __name__ == "__main__":
    barrow_downs()
    barrow_phantoms()
    print("wrote barrow_downs.map.json, barrow_downs.scenario.json, barrow_phantoms.scenario.json")
