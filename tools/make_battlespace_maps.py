"""Write the bundled Battlespace maps and scenarios (maps/battlespace/*.json).

The layouts follow the five printed missions of the rule text (deployment,
enemies, objectives, exfil edges), on a 914 x 914 mm table (3' x 3') plus a
610 x 610 mm (2' x 2') variant of Mission 1. Run: ``python tools/make_battlespace_maps.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "maps" / "battlespace"
BLD = ["blocks_sight", "impassable", "elevation", "cover"]


def rect(x, y, w, h):
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]


def building(fid, x, y, w, h, height=60.0, door="south", name="building"):
    doors = {"south": ([x + w / 2 - 12, y + h], [x + w / 2 + 12, y + h]), "north": ([x + w / 2 - 12, y], [x + w / 2 + 12, y]),
             "west": ([x, y + h / 2 - 12], [x, y + h / 2 + 12]), "east": ([x + w, y + h / 2 - 12], [x + w, y + h / 2 + 12])}
    a, b = doors[door]
    return {"id": fid, "kind": "building", "name": name, "exterior": rect(x, y, w, h), "height": height, "tags": BLD,
            "cover": "solid", "openings": [{"id": "door", "kind": "door", "a": a, "b": b}]}


def wall(fid, x, y, w, h, height=25.0):
    return {"id": fid, "kind": "wall", "name": "low wall", "exterior": rect(x, y, w, h), "height": height,
            "tags": ["blocks_sight", "impassable", "cover"], "cover": "solid"}


def vehicle(fid, x, y, vtype="humvee", disabled=False, w=50, h=26, hits=0, immobile=False):
    props = {"vehicle_type": vtype, "disabled": disabled}
    if hits or immobile:  # a damaged vehicle: attacks already taken toward its protection, cannot drive
        props.update(hits=hits, immobile=immobile)
    return {"id": fid, "kind": "vehicle", "name": vtype, "exterior": rect(x, y, w, h), "height": 32.0,
            "tags": ["blocks_sight", "impassable", "cover"], "cover": "solid", "properties": props}


def rubble(fid, x, y, w, h):
    return {"id": fid, "kind": "rubble", "name": "rubble (hindering)", "exterior": rect(x, y, w, h), "height": 10.0,
            "tags": ["hindering"]}


def team(cx, cy, side="fireteam", ids=("reyes", "okafor", "lindqvist", "tanaka"), on=None,
         cards=("sgt_reyes", "cpl_okafor", "spc_lindqvist", "pfc_tanaka"),
         gear=(["frag_grenade", "team_leader"], ["medic_bag"], ["acog", "frag_grenade"], ["ifak", "smoke_grenade"]),
         offs=((-15, -16), (15, -16), (-15, 16), (15, 16))):
    out = []
    for i, (uid, card, g) in enumerate(zip(ids, cards, gear)):
        p = {"gear": list(g)}
        if on:
            p["on"] = on
        out.append({"id": uid, "profile": card, "x": cx + offs[i][0], "y": cy + offs[i][1], "group": side, "params": p})
    return out


def bravo(cx, cy):
    """The second fireteam of a co-op game (Bravo), its own cards and 12 points of gear."""
    return team(cx, cy, side="fireteam2", ids=("moreau", "haddad", "kowalski", "abara"),
                cards=("spc_moreau", "cpl_haddad", "pvt_kowalski", "sgt_abara"),
                gear=(["saw"], ["radio", "ifak"], ["frag_grenade"], ["team_leader", "smoke_grenade"]))


def enemy(eid, profile, x, y, group=None, on=None):
    u = {"id": eid, "profile": profile, "x": x, "y": y}
    if group:
        u["group"] = group
    if on:
        u["params"] = {"on": on}
    return u


def element(prefix, profile, x, y, n, group=None):
    return [enemy(f"{prefix}{i}", profile, x + (i % 2) * 27 - 13, y + (i // 2) * 28, group or prefix) for i in range(n)]


def deploy(side, cx, cy):
    return {"id": f"deploy_{side}", "side": side, "polygon": rect(cx - 31.5, cy - 44, 63, 88)}


def write(name, mp, sc):
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.map.json").write_text(json.dumps(mp, indent=1, sort_keys=True) + "\n")
    sc["map"] = f"{name}.map.json"
    (OUT / f"{name}.scenario.json").write_text(json.dumps(sc, indent=1, sort_keys=True) + "\n")


SIDES = [{"id": "fireteam", "name": "Fireteam Alpha"}, {"id": "enemy", "name": "Al Wahid", "playable": False}]


def mission1(size=914.0, name="mission1", staging=False, coop=False):
    k = size / 914.0
    S = lambda v: round(v * k, 1)  # noqa: E731
    feats = [
        vehicle("humvee", S(432), S(420), disabled=True),
        building("b1", S(90), S(120), S(120), S(90), door="south"), building("b2", S(640), S(110), S(140), S(100), door="west"),
        building("b3", S(120), S(470), S(110), S(120), door="east"), building("b4", S(650), S(480), S(120), S(110), door="west"),
        building("b5", S(330), S(80), S(100), S(70), height=45.0, door="south"),
        wall("w1", S(300), S(300), S(90), 6), wall("w2", S(540), S(420), 6, S(80)), wall("w3", S(380), S(620), S(110), 6),
        rubble("r1", S(270), S(470), S(60), S(40)), rubble("r2", S(560), S(260), S(50), S(50)),
        vehicle("sedan", S(700), S(700), vtype="sedan", disabled=True, w=S(44), h=S(22)),
        wall("w4", S(200), S(700), 6, S(90)),
    ]
    mp = {"format_version": 1, "id": name, "name": "Mission 1: the ambushed patrol" + (" (2' x 2')" if k < 1 else "") + (" (co-op)" if coop else ""),
          "ruleset": "battlespace", "table": {"width_mm": size, "height_mm": size}, "features": feats,
          "deployment_zones": ([deploy("fireteam", S(357), size - 50), deploy("fireteam2", S(557), size - 50)] if coop
                               else [deploy("fireteam", S(457), size - 50)]),
          "objectives": [{"id": "humvee", "kind": "vehicle", "label": "Search the Humvee", "x": S(457), "y": S(433), "radius": 30}],
          "exits": [{"id": "exfil_south", "edge": "south", "side": "fireteam"}]}
    enemies = ([] if staging else element("a", "fighter", S(450), S(190), 3) + [
                                                                            enemy("st2", "fighter", S(610), S(360))])
    sc = {"format_version": 1, "id": name, "name": mp["name"], "ruleset": "battlespace",
          "description": "A patrol was hit on its way back to the FOB. Reach the Humvee, search it for survivors "
                         "(D20 13+: one wounded survivor, to be carried), and bring at least three soldiers and any survivor "
                         "out by the south edge. First-game suggestion: Al Wahid Fighters only.",
          "sides": SIDES if not coop else [{"id": "fireteam", "name": "Fireteam Alpha"}, {"id": "fireteam2", "name": "Fireteam Bravo"},
                                            {"id": "enemy", "name": "Al Wahid", "playable": False}],
          "forces": ({"fireteam": team(S(357), size - 50), "fireteam2": bravo(S(557), size - 50), "enemy": enemies} if coop
                     else {"fireteam": team(S(457), size - 50), "enemy": enemies}),
          "objectives": [{"id": "search", "side": "fireteam", "kind": "interact", "text": "Search the Humvee for survivors"},
                         {"id": "exfil", "side": "fireteam", "kind": "exfil", "text": "3 soldiers and any survivor reach the south edge"}],
          "turn_limit": 15, "special_rules": [],
          "params": {"mission": "m1_survivors", "search_feature": "humvee", "exfil_needed": 3, "staging": staging}}
    write(name, mp, sc)


def mission2():
    feats = [
        building("t1", 300, 120, 110, 90, door="south", name="target building 1"),
        building("t2", 600, 380, 120, 100, door="west", name="target building 2"),
        building("t3", 330, 650, 110, 100, door="north", name="target building 3"),
        building("h1", 560, 110, 90, 80, door="south"), building("h2", 740, 640, 100, 110, door="west"),
        building("h3", 130, 380, 80, 90, door="east"),
        wall("w1", 250, 300, 140, 6), wall("w2", 470, 540, 6, 100), wall("w3", 700, 250, 120, 6),
        rubble("r1", 450, 280, 50, 60), rubble("r2", 220, 560, 60, 40),
        vehicle("tech", 480, 760, vtype="technical", disabled=True, w=44, h=22),
    ]
    mp = {"format_version": 1, "id": "mission2", "name": "Mission 2: the bomb maker of Mohashan", "ruleset": "battlespace",
          "table": {"width_mm": 914, "height_mm": 914}, "features": feats, "deployment_zones": [deploy("fireteam", 50, 457)],
          "objectives": [{"id": f"t{i}", "kind": "building", "label": f"target building {i}", "x": x, "y": y}
                         for i, (x, y) in ((1, (355, 165)), (2, (660, 430)), (3, (385, 700)))],
          # ours: the text names no exfil edge ("leave the mission area"); any edge but the east (the village side)
          "exits": [{"id": "exfil_west", "edge": "west", "side": "fireteam"}, {"id": "exfil_north", "edge": "north", "side": "fireteam"},
                    {"id": "exfil_south", "edge": "south", "side": "fireteam"}]}
    # ours: the village's fighters start east of the target buildings, out of sight of the
    # western insertion point (a night raid that is not detected at once)
    enemies = (element("a", "fighter", 790, 190, 3) + element("b", "fighter", 850, 560, 2)
               + [enemy("st1", "fighter", 880, 380)])
    sc = {"format_version": 1, "id": "mission2", "name": mp["name"], "ruleset": "battlespace",
          "description": "Night. Breach the three target buildings (D6 5+, +1 for each building breached, this one included: "
                         "Awad and one soldier are inside), capture Awad (win hand to hand against him, then take him out) "
                         "or kill him, and leave with at least one soldier. A natural 1 on a D20 while a soldier is in "
                         "Awad's building sets off his bomb (5 wounds to everyone inside).",
          "sides": SIDES, "forces": {"fireteam": team(50, 457, ids=("reyes", "okafor", "lindqvist", "abara"),
                                                cards=("sgt_reyes", "cpl_okafor", "spc_lindqvist", "sgt_abara"),
                                                gear=(["nvg", "breaching_charge"], ["nvg", "ifak"], ["nvg"], ["nvg", "frag_grenade"])),
                                     "enemy": enemies},
          "objectives": [{"id": "awad", "side": "fireteam", "kind": "kill", "text": "Locate and capture or kill Awad"},
                         {"id": "exfil", "side": "fireteam", "kind": "exfil", "text": "Leave with at least one soldier"}],
          "turn_limit": 8, "special_rules": ["night"],
          "params": {"mission": "m2_awad", "targets": ["t1", "t2", "t3"], "civilians": [[560, 840], [700, 560]]}}
    write("mission2", mp, sc)


def mission3():
    feats = [
        vehicle("lead_humvee", 380, 440, disabled=True),
        # "your team's humvee has also sustained damage" (ours): it cannot drive and has
        # taken 3 of its 5 attacks (protection): two more disable it; cover, gun and comms work
        vehicle("our_humvee", 500, 440, hits=3, immobile=True),
        building("b1", 120, 150, 120, 100), building("b2", 640, 130, 130, 110, door="west"),
        building("b3", 110, 640, 120, 110, door="north"), building("b4", 660, 650, 120, 100, door="west"),
        wall("w1", 330, 300, 120, 6), wall("w2", 470, 580, 120, 6), wall("w3", 300, 520, 6, 80),
        rubble("r1", 600, 400, 50, 50), rubble("r2", 250, 380, 50, 60), building("b5", 400, 110, 90, 70, height=45.0),
    ]
    mp = {"format_version": 1, "id": "mission3", "name": "Mission 3: ambush on the road", "ruleset": "battlespace",
          "table": {"width_mm": 914, "height_mm": 914}, "features": feats, "deployment_zones": [deploy("fireteam", 470, 500)],
          "objectives": [], "exits": []}
    enemies = (element("a", "fighter", 460, 230, 3) + element("b", "fighter", 780, 450, 3)
               + [enemy("st1", "veteran", 200, 450), enemy("st2", "fighter", 450, 760)])
    sc = {"format_version": 1, "id": "mission3", "name": mp["name"], "ruleset": "battlespace",
          "description": "The lead Humvee is disabled by an RPG and yours is damaged. Hold out for five turns until the "
                         "quick reaction force arrives: at least one soldier must survive.",
          "sides": SIDES, "forces": {"fireteam": team(470, 505), "enemy": enemies},
          "objectives": [{"id": "survive", "side": "fireteam", "kind": "survive", "text": "At least one soldier survives 5 turns"}],
          "turn_limit": 5, "special_rules": [], "params": {"mission": "m3_ambush"}}
    write("mission3", mp, sc)


def mission4():
    feats = [
        wall("cw1", 380, 150, 200, 6), wall("cw2", 380, 150, 6, 140), wall("cw3", 574, 150, 6, 140),
        building("b1", 420, 40, 120, 80, door="south", name="compound house"),
        building("b2", 120, 200, 120, 100, door="east"), building("b3", 700, 220, 110, 110, door="west"),
        building("b4", 150, 560, 110, 100), building("b5", 640, 560, 120, 110, door="west"),
        rubble("r1", 420, 420, 60, 40), rubble("r2", 300, 380, 40, 60),
        vehicle("suv", 560, 450, vtype="suv", disabled=False, w=48, h=24), wall("w4", 380, 680, 120, 6),
    ]
    mp = {"format_version": 1, "id": "mission4", "name": "Mission 4: the hostages", "ruleset": "battlespace",
          "table": {"width_mm": 914, "height_mm": 914}, "features": feats, "deployment_zones": [deploy("fireteam", 457, 860)],
          "objectives": [{"id": "aid", "kind": "person", "label": "aid workers", "x": 478, "y": 220, "radius": 40}],
          "exits": [{"id": "smoke_lz", "edge": "south", "side": "fireteam"}]}
    # ours: the guards stand at the compound gate; the patrol element and the veteran start
    # behind the west and east houses, out of sight of the aid workers
    enemies = ([enemy("g1", "fighter", 440, 240), enemy("g2", "fighter", 520, 240)]
               + element("a", "fighter", 60, 330, 3) + [enemy("st1", "veteran", 860, 300)])
    sc = {"format_version": 1, "id": "mission4", "name": mp["name"], "ruleset": "battlespace",
          "description": "Kill the two fighters guarding the three aid workers before the end of turn 5, get the workers "
                         "within a card of a soldier and pop red smoke: exfil comes at the end of the next turn. At least "
                         "one aid worker must survive. The aid workers are targeted like soldiers.",
          "sides": SIDES, "forces": {"fireteam": team(457, 860), "enemy": enemies},
          "objectives": [{"id": "guards", "side": "fireteam", "kind": "kill", "text": "Eliminate the two guards by turn 5"},
                         {"id": "smoke", "side": "fireteam", "kind": "interact", "text": "Pop red smoke with the aid workers"}],
          "turn_limit": 7, "special_rules": [],
          "params": {"mission": "m4_hostages", "guards": ["g1", "g2"], "guard_deadline": 5,
                     "aid_workers": [[455, 205], [485, 205], [515, 205]], "civilians": [[300, 700]]}}
    write("mission4", mp, sc)


def mission5():
    feats = [
        building("roof", 560, 400, 130, 110, height=60.0, door="west", name="rooftop position"),
        building("b1", 120, 120, 120, 100), building("b2", 420, 140, 100, 90, door="south"),
        building("b3", 150, 600, 120, 110, door="north"), building("b4", 420, 650, 110, 100, door="north"),
        building("b5", 740, 160, 110, 100, door="south"),
        wall("w1", 330, 380, 6, 120), wall("w2", 230, 330, 90, 6), wall("w3", 620, 600, 120, 6),
        rubble("r1", 420, 420, 50, 50), rubble("r2", 250, 480, 50, 50), vehicle("car", 780, 700, vtype="sedan", w=44, h=22),
    ]
    mp = {"format_version": 1, "id": "mission5", "name": "Mission 5: the retreat from Dahath", "ruleset": "battlespace",
          "table": {"width_mm": 914, "height_mm": 914}, "features": feats, "deployment_zones": [deploy("fireteam", 587, 455)],
          "objectives": [], "exits": [{"id": "exfil_west", "edge": "west", "side": "fireteam"}]}
    # ours: one straggler has the rooftop under fire; the elements close in from the east
    # corners and edge, the team starts on the west half of the roof
    enemies = (element("a", "fighter", 880, 440, 3) + element("b", "fighter", 860, 40, 3)
               + [enemy("st1", "fighter", 760, 330)])
    sc = {"format_version": 1, "id": "mission5", "name": mp["name"], "ruleset": "battlespace",
          "description": "Under fire on a rooftop with enemy elements closing in: climb down and fall back west. At least "
                         "two soldiers must leave the table within seven turns.",
          "sides": SIDES, "forces": {"fireteam": team(587, 455, on="roof", offs=((-13, -30), (13, -12), (-13, 30), (13, 13))), "enemy": enemies},
          "objectives": [{"id": "retreat", "side": "fireteam", "kind": "exfil", "text": "Two soldiers leave by the west edge"}],
          "turn_limit": 7, "special_rules": [], "params": {"mission": "m5_retreat", "exfil_needed": 2}}
    write("mission5", mp, sc)


if __name__ == "__main__":
    mission1()
    mission1(610.0, "mission1_2x2", staging=True)
    mission1(name="mission1_coop", coop=True)
    mission2()
    mission3()
    mission4()
    mission5()
