"""Write Foxhole's bundled maps and scenarios (maps/foxhole/): Simple Assault,
Search and Destroy, Patrol, Convoy Ambush and Firebase Defence. The rule
text names these scenarios only; every value here is ours (gaps.md).

Usage: python tools/foxhole_maps.py [--out maps/foxhole]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def feat(fid, kind, ring, name="", height=0.0, blocks=False):
    tags = ["blocks_sight"] if blocks else []
    if kind == "impassable":
        tags.append("impassable")
    if kind in ("dense", "buildings"):
        tags.append("difficult")
    f = {"id": fid, "kind": kind, "name": name or kind, "exterior": ring, "height": height, "tags": tags}
    if kind in ("dense", "buildings"):
        f["move_cost"] = 2.0
    return f


def zone(zid, side, ring):
    return {"id": zid, "side": side, "polygon": ring}


def unit(uid, profile, **params):
    u = {"id": uid, "profile": profile}
    x = params.pop("x", None)
    y = params.pop("y", None)
    if x is not None:
        u["x"], u["y"] = x, y
    if params:
        u["params"] = params
    return u


def write(out: Path, name: str, m: dict, sc: dict) -> None:
    m = {"format_version": 1, "ruleset": "foxhole", "objectives": [], "exits": [], **m}
    sc = {"format_version": 1, "ruleset": "foxhole", "map": f"{name}.map.json", **sc}
    (out / f"{name}.map.json").write_text(json.dumps(m, indent=1, sort_keys=True) + "\n")
    (out / f"{name}.scenario.json").write_text(json.dumps(sc, indent=1, sort_keys=True) + "\n")


# ----------------------------------------------------------------------------- Simple Assault
def simple_assault(out: Path) -> None:
    """Falklands, a night attack on a held ridge: British paras against
    Argentine conscripts in trenches round a shepherds' settlement."""
    W = H = 600
    features = [
        feat("settlement", "buildings", rect(255, 255, 335, 325), "shepherds' settlement", 12, True),
        feat("trench_n", "trenches", rect(190, 150, 300, 172), "northern trench line"),
        feat("trench_n2", "trenches", rect(340, 205, 430, 225), "northern sangars"),
        feat("trench_s", "trenches", rect(300, 428, 410, 450), "southern trench line"),
        feat("trench_s2", "trenches", rect(170, 375, 260, 395), "southern sangars"),
        feat("gorse_w", "dense", [[40, 215], [140, 200], [160, 380], [60, 400]], "gorse thicket"),
        feat("gorse_e", "dense", [[460, 200], [560, 215], [540, 385], [440, 400]], "gorse thicket"),
        feat("field", "open", rect(345, 260, 440, 340), "sheep field"),
        feat("field2", "open", rect(160, 260, 245, 340), "peat cuttings"),
        feat("rocks_w", "impassable", [[150, 470], [195, 465], [200, 505], [155, 510]], "stone run", 15, True),
        feat("rocks_e", "impassable", [[405, 90], [450, 95], [445, 130], [400, 135]], "stone run", 15, True),
        feat("crag", "impassable", [[285, 350], [320, 345], [325, 372], [290, 378]], "crag", 15, True),
        feat("crag2", "impassable", [[280, 222], [315, 228], [310, 250], [275, 245]], "crag", 15, True),
    ]
    m = {"id": "fox_simple_assault", "name": "Simple Assault: the ridge", "table": {"width_mm": W, "height_mm": H},
         "features": features,
         "deployment_zones": []}
    sc = {"id": "fox_simple_assault", "name": "Simple Assault (Falklands)",
          "description": "British paras must take a primary and two secondary objectives from Argentine conscripts "
                         "dug in round a settlement. The defender picks its end of the ridge.",
          "sides": [{"id": "british", "name": "2 Para"}, {"id": "argentine", "name": "Argentine Army"}],
          "forces": {"british": [unit(f"para{i}", "para_section", name=f"Para rifle section {i}") for i in range(1, 7)]
                     + [unit("gpmg1", "para_gpmg", name="GPMG (SF) team 1")],
                     "argentine": [unit(f"arg{i}", "arg_conscripts", name=f"conscript section {i}") for i in range(1, 5)]
                     + [unit("argm1", "arg_marines", name="marine section 1"), unit("argmg1", "arg_mg", name="MAG team 1")]},
          "objectives": [{"id": "att", "side": "british", "kind": "mission",
                          "text": "Normal mission: take one primary and two secondary objectives"},
                         {"id": "def", "side": "argentine", "kind": "hold",
                          "text": "Hold until the attack loses the initiative or the turns run out"}],
          "turn_limit": 15,
          "params": {"attacker": "british", "defender": "argentine", "mission": "normal", "conflict": "falklands",
                     "locations": [{"name": "north", "control": rect(0, 0, W, 400), "start": rect(0, 500, W, H)},
                                   {"name": "south", "control": rect(0, 200, W, H), "start": rect(0, 0, W, 100)}],
                     "offboard": {"british": [{"asset": "naval_gunfire", "missions": 2}]}}}
    write(out, "simple_assault", m, sc)


# ----------------------------------------------------------------------------- Search and Destroy
def search_and_destroy(out: Path) -> None:
    """Vietnam: a Marine company sweeps a hamlet in the jungle; VC hide among
    the villagers; a helicopter brings in a second wave; a river cuts the
    table with one ford, and the engineers can open another crossing."""
    W, H = 720, 600
    features = [
        feat("hamlet", "buildings", rect(300, 150, 390, 225), "hamlet", 12, True),
        feat("hamlet2", "buildings", rect(470, 240, 530, 290), "huts", 12, True),
        feat("paddy", "open", rect(400, 120, 520, 220), "paddy field"),
        feat("paddy2", "open", rect(180, 250, 290, 320), "paddy field"),
        feat("jungle_w", "dense", [[20, 20], [250, 30], [240, 200], [30, 230]], "jungle"),
        feat("jungle_e", "dense", [[560, 40], [700, 30], [700, 330], [560, 320]], "jungle"),
        feat("jungle_c", "dense", [[330, 260], [440, 250], [450, 320], [340, 330]], "bamboo"),
        feat("river_w", "impassable", [[0, 360], [330, 350], [330, 372], [0, 384]], "river"),
        feat("river_e", "impassable", [[385, 350], [720, 340], [720, 364], [385, 372]], "river"),
        feat("jungle_s", "dense", [[40, 430], [230, 420], [220, 540], [50, 560]], "jungle"),
        feat("jungle_s2", "dense", [[480, 420], [680, 430], [690, 560], [470, 550]], "jungle"),
    ]
    m = {"id": "fox_search_and_destroy", "name": "Search and Destroy: the hamlet",
         "table": {"width_mm": W, "height_mm": H}, "features": features,
         "deployment_zones": [zone("control", "vc", rect(0, 0, W, 400)), zone("start", "usmc", rect(0, 500, W, H))]}
    vc = [unit("vc1", "vc_main_force", name="VC main force section 1", hidden="concealed"),
          unit("vc2", "vc_main_force", name="VC main force section 2", hidden="concealed"),
          unit("vcmg", "vc_mg", name="VC machine-gun team", hidden="concealed"),
          unit("vc3", "vc_local_force", name="VC local force section 1", hidden="confused"),
          unit("vc4", "vc_local_force", name="VC local force section 2", hidden="confused"),
          unit("vil1", "villagers", name="villagers 1"), unit("vil2", "villagers", name="villagers 2"),
          unit("vil3", "villagers", name="villagers 3")]
    us = [unit(f"m{i}", "us_marines", name=f"USMC rifle squad {i}") for i in range(1, 6)]
    us += [unit("m60", "us_marines_mg", name="USMC M60 team"), unit("eng", "us_engineers", name="USMC engineer squad")]
    us += [unit(f"h{i}", "us_marines", name=f"USMC heliborne squad {i}", insertion="lift1") for i in (1, 2)]
    sc = {"id": "fox_search_and_destroy", "name": "Search and Destroy (Vietnam)",
          "description": "US Marines sweep a hamlet for two primary objectives (a weapons cache and a tunnel "
                         "entrance among six possible sites). The VC hide among the villagers.",
          "sides": [{"id": "usmc", "name": "US Marines"}, {"id": "vc", "name": "Viet Cong"}],
          "forces": {"usmc": us, "vc": vc},
          "objectives": [{"id": "att", "side": "usmc", "kind": "mission", "text": "Priority mission: take both primary objectives"},
                         {"id": "def", "side": "vc", "kind": "hold", "text": "Keep the cache and the tunnels until the sweep fails"}],
          "turn_limit": 15,
          "params": {"attacker": "usmc", "defender": "vc", "mission": "priority", "conflict": "vietnam",
                     "insertions": [{"id": "lift1", "side": "usmc", "method": "helicopter", "earliest": 2}]}}
    write(out, "search_and_destroy", m, sc)


# ----------------------------------------------------------------------------- Patrol
def patrol(out: Path) -> None:
    """Malaya: an SAS patrol with a British section hunts an insurgent camp in
    the jungle; a kampong stands between the camp and the patrol."""
    W = H = 600
    features = [
        feat("jungle_nw", "dense", [[20, 60], [220, 70], [210, 220], [30, 230]], "jungle"),
        feat("jungle_ne", "dense", [[380, 70], [580, 60], [570, 230], [390, 220]], "jungle"),
        feat("kampong", "buildings", rect(250, 270, 340, 330), "kampong", 12, True),
        feat("clearing", "open", rect(360, 270, 460, 330), "clearing"),
        feat("clearing2", "open", rect(140, 270, 240, 330), "rubber tappers' clearing"),
        feat("jungle_sw", "dense", [[20, 370], [210, 380], [220, 540], [30, 530]], "jungle"),
        feat("jungle_se", "dense", [[390, 380], [580, 370], [570, 530], [380, 540]], "jungle"),
        feat("gully", "impassable", [[270, 60], [330, 60], [325, 160], [275, 160]], "limestone outcrop", 15, True),
        feat("gully2", "impassable", [[275, 440], [325, 440], [330, 540], [270, 540]], "limestone outcrop", 15, True),
    ]
    m = {"id": "fox_patrol", "name": "Patrol: the kampong", "table": {"width_mm": W, "height_mm": H},
         "features": features,
         "deployment_zones": []}
    sc = {"id": "fox_patrol", "name": "Patrol (Malaya)",
          "description": "An SAS patrol and a British section search the jungle round a kampong for an insurgent "
                         "camp: one primary and two secondary objectives. Insurgents hide among the villagers.",
          "sides": [{"id": "sas", "name": "SAS patrol"}, {"id": "mnla", "name": "MNLA insurgents"}],
          "forces": {"sas": [unit(f"sas{i}", "sas_patrol", name=f"SAS patrol {i}") for i in (1, 2, 3)]
                     + [unit("brit1", "british_section", name="British rifle section 1"),
                        unit("brit2", "british_section", name="British rifle section 2")],
                     "mnla": [unit("ins1", "mnla_insurgents", name="insurgent section 1", hidden="concealed"),
                              unit("ins2", "mnla_insurgents", name="insurgent section 2", hidden="concealed"),
                              unit("mob1", "mnla_irregulars", name="irregulars", hidden="confused"),
                              unit("kv1", "kampong_villagers", name="villagers 1"),
                              unit("kv2", "kampong_villagers", name="villagers 2")]},
          "objectives": [{"id": "att", "side": "sas", "kind": "mission", "text": "Normal mission: one primary and two secondary objectives"},
                         {"id": "def", "side": "mnla", "kind": "hold", "text": "Stay hidden and hold the camp"}],
          "turn_limit": 15,
          "params": {"attacker": "sas", "defender": "mnla", "mission": "normal", "conflict": "malaya",
                     "locations": [{"name": "north", "control": rect(0, 0, W, 400), "start": rect(0, 500, W, H)},
                                   {"name": "south", "control": rect(0, 200, W, H), "start": rect(0, 0, W, 100)}]}}
    write(out, "patrol", m, sc)


# ----------------------------------------------------------------------------- Convoy Ambush
def convoy_ambush(out: Path) -> None:
    """Vietnam: an ARVN convoy with a US escort must push along a jungle road
    past a VC ambush to its objectives (the defender's six places either
    side of the road)."""
    W, H = 640, 420
    features = [
        feat("jungle_nw", "dense", [[180, 0], [380, 0], [380, 140], [180, 150]], "jungle"),
        feat("jungle_ne", "dense", [[430, 0], [640, 0], [640, 150], [430, 140]], "jungle"),
        feat("jungle_sw", "dense", [[180, 275], [380, 285], [380, 420], [180, 420]], "jungle"),
        feat("jungle_se", "dense", [[430, 285], [640, 275], [640, 420], [430, 420]], "jungle"),
        feat("clearing", "open", rect(300, 165, 380, 255), "old rice fields"),
        feat("village", "buildings", rect(480, 165, 540, 200), "roadside village", 12, True),
        feat("ditch_n", "impassable", [[220, 150], [230, 150], [230, 185], [220, 185]], "culvert ditch"),
        feat("ditch_s", "impassable", [[220, 240], [230, 240], [230, 275], [220, 275]], "culvert ditch"),
        feat("rocks", "impassable", [[580, 220], [610, 220], [610, 250], [580, 250]], "rock pile", 15, True),
    ]
    m = {"id": "fox_convoy_ambush", "name": "Convoy Ambush: Route 13", "table": {"width_mm": W, "height_mm": H},
         "features": features,
         "deployment_zones": [zone("control", "vc", rect(210, 0, W, H)), zone("start", "arvn", rect(0, 100, 110, 320))]}
    arvn = [unit("apc", "m113", name="M113 APC"), unit("truck1", "deuce_and_a_half", name="M35 truck 1"),
            unit("truck2", "deuce_and_a_half", name="M35 truck 2")]
    arvn += [unit(f"rgr{i}", "arvn_rangers", name=f"ARVN ranger section {i}") for i in (1, 2, 3, 4)]
    arvn += [unit("usmg", "us_mg", name="US M60 team"), unit("usadv", "us_infantry", name="US advisor squad")]
    vc = [unit("vc1", "vc_main_force", name="VC main force section 1", hidden="concealed"),
          unit("vc2", "vc_main_force", name="VC main force section 2", hidden="concealed"),
          unit("vcmg", "vc_mg", name="VC machine-gun team", hidden="concealed"),
          unit("vc4", "vc_local_force", name="VC local force section 1", hidden="confused"),
          unit("vil1", "villagers", name="villagers 1"), unit("vil2", "villagers", name="villagers 2")]
    sc = {"id": "fox_convoy_ambush", "name": "Convoy Ambush (Vietnam)",
          "description": "An ARVN convoy with a US advisor team pushes east along the road: one primary and two "
                         "secondary objectives. The VC wait in ambush in the jungle either side.",
          "sides": [{"id": "arvn", "name": "ARVN convoy"}, {"id": "vc", "name": "Viet Cong"}],
          "forces": {"arvn": arvn, "vc": vc},
          "objectives": [{"id": "att", "side": "arvn", "kind": "mission", "text": "Normal mission: push through and take three objectives"},
                         {"id": "def", "side": "vc", "kind": "hold", "text": "Stop the convoy"}],
          "turn_limit": 15,
          "params": {"attacker": "arvn", "defender": "vc", "mission": "normal", "conflict": "vietnam",
                     "offboard": {"arvn": [{"asset": "artillery", "missions": 1}]}}}
    write(out, "convoy_ambush", m, sc)


# ----------------------------------------------------------------------------- Firebase Defence
def firebase_defence(out: Path) -> None:
    """Vietnam: NVA assault a US firebase; the firebase's patrols are out on
    programmed routes (the defender moves first); paratroops drop in."""
    W, H = 600, 600
    features = [
        feat("bunkers", "buildings", rect(270, 340, 330, 390), "command bunkers", 12, True),
        feat("perimeter_n", "trenches", rect(210, 290, 390, 310), "northern perimeter"),
        feat("perimeter_w", "trenches", rect(210, 310, 230, 430), "western perimeter"),
        feat("perimeter_e", "trenches", rect(370, 310, 390, 430), "eastern perimeter"),
        feat("perimeter_s", "trenches", rect(210, 430, 390, 450), "southern perimeter"),
        feat("cleared", "open", rect(170, 250, 430, 290), "cleared fire lane"),
        feat("jungle_nw", "dense", [[0, 100], [200, 110], [190, 220], [0, 240]], "jungle"),
        feat("jungle_ne", "dense", [[400, 110], [600, 100], [600, 240], [410, 220]], "jungle"),
        feat("jungle_w", "dense", [[0, 300], [150, 290], [150, 520], [0, 540]], "jungle"),
        feat("jungle_e", "dense", [[450, 290], [600, 300], [600, 540], [450, 520]], "jungle"),
        feat("ridge", "impassable", [[265, 150], [335, 150], [330, 185], [270, 185]], "rock ridge", 15, True),
    ]
    m = {"id": "fox_firebase_defence", "name": "Firebase Defence: FSB Judy", "table": {"width_mm": W, "height_mm": H},
         "features": features,
         "deployment_zones": [zone("control", "us", rect(0, 200, W, H)), zone("start", "nva", rect(0, 0, W, 90))]}
    us = [unit(f"gi{i}", "us_infantry", name=f"US rifle squad {i}", dug_in=True, x=x, y=y)
          for i, (x, y) in enumerate([(250, 300), (350, 300), (220, 380), (380, 380)], 1)]
    us += [unit("m60", "us_mg", name="US M60 team", dug_in=True, x=300, y=300)]
    us += [unit("pat1", "us_infantry", name="US patrol squad 1", x=100, y=260,
                route=[[80, 200], [120, 140], [200, 100]]),
           unit("pat2", "us_infantry", name="US patrol squad 2", x=500, y=260,
                route=[[520, 200], [480, 140], [400, 100]])]
    us += [unit(f"abn{i}", "us_rangers", name=f"airborne ranger team {i}", insertion="drop1") for i in (1, 2)]
    nva = [unit(f"nva{i}", "nva_infantry", name=f"NVA rifle section {i}") for i in range(1, 8)]
    nva += [unit("sap1", "nva_assault", name="NVA sapper section 1"), unit("sap2", "nva_assault", name="NVA sapper section 2"),
            unit("nvamg", "nva_mg", name="NVA machine-gun section"), unit("nvamo", "nva_mortar", name="NVA mortar section")]
    sc = {"id": "fox_firebase_defence", "name": "Firebase Defence (Vietnam)",
          "description": "NVA sappers and infantry attack a US firebase while two of its patrols are out on their "
                         "routes (the firebase moves first). Priority mission: two primary objectives. US "
                         "airborne rangers drop in as reinforcements.",
          "sides": [{"id": "nva", "name": "NVA"}, {"id": "us", "name": "US Army"}],
          "forces": {"nva": nva, "us": us},
          "objectives": [{"id": "att", "side": "nva", "kind": "mission", "text": "Priority mission: take both primary objectives"},
                         {"id": "def", "side": "us", "kind": "hold", "text": "Hold the firebase"}],
          "turn_limit": 15,
          "params": {"attacker": "nva", "defender": "us", "first": "defender", "mission": "priority", "conflict": "vietnam",
                     "insertions": [{"id": "drop1", "side": "us", "method": "para", "earliest": 3}],
                     "offboard": {"nva": [{"asset": "artillery", "missions": 2}], "us": [{"asset": "air_strike", "missions": 1}]}}}
    write(out, "firebase_defence", m, sc)


def main(out: Path = typer.Option(ROOT / "maps" / "foxhole", help="folder to write")) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for fn in (simple_assault, search_and_destroy, patrol, convoy_ambush, firebase_defence):
        fn(out)
        typer.echo(f"wrote {fn.__name__}")


if __name__ == "__main__":
    typer.run(main)
