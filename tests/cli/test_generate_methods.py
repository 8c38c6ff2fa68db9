"""`battletable generate spacefleet --method N`: the three set-up methods of
the celestial-phenomena chapter (phenomena: placing celestial phenomena,
methods 1-3) from the command line, with seeded or scripted dice, the
method 3 roll-off, byte-identical files for the same seed and options, and
one line on stderr with exit status 2 for every bad option."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from game.core.dice import Dice
from game.data.io import dumps
from game.data.maps import load_map
from game.editor.cli import app
from game.rulesets.spacefleet.generator import generate, method1_edges, method3, method3_battlezone
from tests.data.test_bad_files import run_cli

runner = CliRunner()


def gen(tmp_path, *args: str, name: str = "g"):
    """Run ``generate spacefleet`` writing ``name``.map.json (and .scenario.json)."""
    out, sc = tmp_path / f"{name}.map.json", tmp_path / f"{name}.scenario.json"
    r = runner.invoke(app, ["generate", "spacefleet", *args, "--out", str(out), "--scenario", str(sc)])
    return r, out, sc


# -- method 2 (the default): the battlezone rolled on a D6, or agreed ---------------------

def test_method2__default_rolls_the_zone_and_keeps_todays_map(tmp_path):
    """phenomena: set-up method 2, the D6 picks the generator; the map is generate(seed)'s, byte for byte."""
    out = tmp_path / "d.map.json"
    r = runner.invoke(app, ["generate", "spacefleet", "--seed", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert r.stdout == (f"generated 6 pieces for spacefleet (seed 3) into {out}: set-up method 2: battlezone 5 "
                        "outer_reaches (rolled 5 on a D6); sunward west, 0 solar flares, 0 radiation bursts\n")
    assert out.read_text() == dumps(generate(3)[0])
    r2, out2, sc2 = gen(tmp_path, "--method", "2", "--seed", "3")
    assert r2.exit_code == 0 and out2.read_text() == out.read_text()
    params = json.loads(sc2.read_text())["params"]
    assert params == {"battlezone": "outer_reaches", "sunward": "west", "solar_flares": 0, "radiation_bursts": 0,
                      "setup": {"method": 2, "zone_roll": 5}}


def test_method2__agreed_zone_by_number_or_name(tmp_path):
    """phenomena: set-up method 2, the players may agree on the generator instead of rolling it."""
    r, out, sc = gen(tmp_path, "--zone", "2", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(": set-up method 2: battlezone 2 mercurial_zone (agreed); sunward south, "
                             "1 solar flare, 1 radiation burst\n")
    assert out.read_text() == dumps(generate(3, "mercurial_zone")[0])
    assert json.loads(sc.read_text())["params"]["setup"] == {"method": 2, "zone_roll": None}
    r2, out2, _ = gen(tmp_path, "--zone", "mercurial_zone", "--seed", "3", name="named")
    assert r2.exit_code == 0 and out2.read_text() == out.read_text()


# -- method 1: one side places, the other picks its edge -----------------------------------

def test_method1__the_other_side_picks_its_edge_and_the_map_has_the_strips(tmp_path):
    """phenomena: set-up method 1: imperial lays out the table, chaos picks west, imperial deploys east (ours)."""
    r, out, sc = gen(tmp_path, "--method", "1", "--placer", "imperial", "--edge", "west", "--zone", "6", "--seed", "4")
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(": set-up method 1: imperial placed the phenomena (battlezone 6 deep_space), chaos picked "
                             "the west edge, imperial deploys east; sunward east, 0 solar flares, 0 radiation bursts\n")
    m = load_map(out)
    assert [f.id for f in m.features] == [f.id for f in generate(4, "deep_space")[0].features]
    zones = {z.side: z.polygon for z in m.deployment_zones}
    assert zones == {"imperial": [(1529.0, 0.0), (1829.0, 0.0), (1829.0, 1219.0), (1529.0, 1219.0)],
                     "chaos": [(0.0, 0.0), (300.0, 0.0), (300.0, 1219.0), (0.0, 1219.0)]}
    sc_data = json.loads(sc.read_text())
    assert sc_data["map"] == "g.map.json"
    # the standard fleets stand in their own strips, line abreast 17 cm in, facing the enemy edge
    imp, cha = sc_data["forces"]["imperial"], sc_data["forces"]["chaos"]
    assert [u["profile"] for u in imp] == ["lunar", "gothic", "sword", "sword", "sword", "sword"]
    assert [u["profile"] for u in cha] == ["murder", "slaughter", "infidel", "infidel", "infidel", "infidel"]
    assert {(u["x"], u["heading"]) for u in imp} == {(1659.0, 180.0)} and {(u["x"], u["heading"]) for u in cha} == {(170.0, 0.0)}
    assert {u.get("group") for u in imp} == {None, "imperial_swords"}
    assert sc_data["params"]["setup"] == {"method": 1, "placer": "imperial", "edges": {"chaos": "west", "imperial": "east"}}
    assert run_cli("validate", str(out), str(sc)).returncode == 0


def test_method1__chaos_places_imperial_takes_north(tmp_path):
    """phenomena: set-up method 1 with the other placer: the chooser gets its edge, the placer the opposite one."""
    r, out, _ = gen(tmp_path, "--method", "1", "--placer", "chaos", "--edge", "north", "--zone", "flare_region", "--seed", "4")
    assert r.exit_code == 0, r.output
    assert "chaos placed the phenomena (battlezone 1 flare_region), imperial picked the north edge, chaos deploys south" in r.stdout
    zones = {z.side: z.polygon for z in load_map(out).deployment_zones}
    assert zones["imperial"] == [(0.0, 0.0), (1829.0, 0.0), (1829.0, 300.0), (0.0, 300.0)]
    assert zones["chaos"] == [(0.0, 919.0), (1829.0, 919.0), (1829.0, 1219.0), (0.0, 1219.0)]


def test_method1__other_sides(tmp_path):
    """phenomena: set-up method 1 between two other side ids (``--sides``, seating order kept in the scenario)."""
    r, out, sc = gen(tmp_path, "--method", "1", "--sides", "red,blue", "--placer", "blue", "--edge", "south",
                     "--zone", "4", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "blue placed the phenomena (battlezone 4 primary_biosphere), red picked the south edge, blue deploys north" in r.stdout
    assert {z.side: z.id for z in load_map(out).deployment_zones} == {"red": "red_zone", "blue": "blue_zone"}
    assert [s["id"] for s in json.loads(sc.read_text())["sides"]] == ["red", "blue"]


def test_method1_edges__refuses_bad_input():
    """phenomena: set-up method 1 helper: an unknown placer or edge is a ValueError, not a KeyError."""
    assert method1_edges("chaos", ["imperial", "chaos"], "south") == {"imperial": "south", "chaos": "north"}
    with pytest.raises(ValueError, match="unknown side 'orks'"):
        method1_edges("orks", ["imperial", "chaos"], "west")
    with pytest.raises(ValueError, match="unknown table edge 'up'"):
        method1_edges("imperial", ["imperial", "chaos"], "up")


# -- method 3: battlezone number + attack rating ----------------------------------------------

def test_method3__higher_total_fights_in_its_pick(tmp_path):
    """phenomena: set-up method 3: imperial 3+2=5 < chaos 5+1=6, so outer reaches (5); no roll."""
    r, out, sc = gen(tmp_path, "--method", "3", "--choice", "imperial=3", "--choice", "chaos=5",
                     "--attack-rating", "imperial=2", "--attack-rating", "chaos=1", "--seed", "9")
    assert r.exit_code == 0, r.output
    assert r.stdout == (f"generated 9 pieces for spacefleet (seed 9) into {out} and {sc}: set-up method 3: "
                        "imperial 3+2=5, chaos 5+1=6; chaos wins, battlezone 5 outer_reaches; sunward north, "
                        "0 solar flares, 0 radiation bursts\n")
    assert out.read_text() == dumps(generate(9, "outer_reaches")[0])
    setup = json.loads(sc.read_text())["params"]["setup"]
    assert setup == {"method": 3, "choices": {"imperial": 3, "chaos": 5}, "attack_ratings": {"imperial": 2, "chaos": 1},
                     "totals": {"imperial": 5, "chaos": 6}, "roll_offs": [], "winner": "chaos"}


def test_method3__tie_rolled_off_once(tmp_path):
    """phenomena: set-up method 3, tie (ours): 6 all, roll-off chaos 2 imperial 4, imperial fights in zone 3."""
    r, out, sc = gen(tmp_path, "--method", "3", "--choice", "imperial=inner_biosphere", "--choice", "chaos=5",
                     "--attack-rating", "imperial=3", "--attack-rating", "chaos=1", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert r.stdout.endswith(": set-up method 3: imperial 3+3=6, chaos 5+1=6; tie, roll-off chaos 2, imperial 4; "
                             "imperial wins, battlezone 3 inner_biosphere; sunward west, 1 solar flare, 0 radiation bursts\n")
    params = json.loads(sc.read_text())["params"]
    assert params["battlezone"] == "inner_biosphere" and params["solar_flares"] == 1
    assert params["setup"]["roll_offs"] == [{"chaos": 2, "imperial": 4}] and params["setup"]["winner"] == "imperial"
    assert load_map(out).id == "generated_inner_biosphere_1"


def test_method3__tie_rolled_off_twice(tmp_path):
    """phenomena: set-up method 3, tie (ours): equal roll-offs are rolled again (4-4, then chaos 6-5)."""
    r, _, sc = gen(tmp_path, "--method", "3", "--choice", "imperial=3", "--choice", "chaos=5",
                   "--attack-rating", "imperial=3", "--attack-rating", "chaos=1", "--seed", "7")
    assert r.exit_code == 0, r.output
    assert "; tie, roll-off chaos 4, imperial 4; tie again, chaos 6, imperial 5; chaos wins, battlezone 5 outer_reaches;" in r.stdout
    assert json.loads(sc.read_text())["params"]["setup"]["roll_offs"] == [{"chaos": 4, "imperial": 4}, {"chaos": 6, "imperial": 5}]


def test_method3__scripted_roll_off():
    """phenomena: set-up method 3 with scripted dice: rounds in side-name order (chaos, imperial) until one is higher."""
    r = method3({"imperial": 2, "chaos": 4}, {"imperial": 3, "chaos": 1}, Dice.scripted([3, 3, 1, 6]))
    assert (r.totals, r.roll_offs, r.winner, r.zone) == ({"imperial": 5, "chaos": 5},
                                                         [{"chaos": 3, "imperial": 3}, {"chaos": 1, "imperial": 6}], "imperial", 2)
    assert method3_battlezone({"imperial": 6, "chaos": 1}, {"imperial": 0, "chaos": 2}, Dice.scripted([])) == ("imperial", 6)
    with pytest.raises(ValueError, match="chaos: no attack rating"):
        method3({"imperial": 2, "chaos": 4}, {"imperial": 3}, Dice.scripted([]))
    with pytest.raises(ValueError, match="imperial: battlezone must be 1-6"):
        method3({"imperial": 7, "chaos": 4}, {"imperial": 3, "chaos": 1}, Dice.scripted([]))


# -- reproducibility -----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("--seed", "11"),
    ("--method", "1", "--placer", "chaos", "--edge", "east", "--zone", "4", "--seed", "11"),
    ("--method", "3", "--choice", "imperial=2", "--choice", "chaos=6", "--attack-rating", "imperial=4",
     "--attack-rating", "chaos=0", "--seed", "11"),
])
def test_same_seed_and_options__byte_identical_files(tmp_path, args):
    """Seeded set-up: the same seed and options write the same map and scenario, byte for byte."""
    a = gen(tmp_path, *args, name="a")
    b = gen(tmp_path, *args, name="b")
    assert a[0].exit_code == 0 and b[0].exit_code == 0
    assert a[1].read_bytes() == b[1].read_bytes()
    assert a[2].read_text().replace("a.map.json", "b.map.json") == b[2].read_text()


def test_method3__option_order_does_not_matter(tmp_path):
    """Seeded set-up: giving the sides in another order writes the same files and line."""
    a = gen(tmp_path, "--method", "3", "--choice", "imperial=3", "--choice", "chaos=5", "--attack-rating", "imperial=3",
            "--attack-rating", "chaos=1", "--seed", "7", name="a")
    b = gen(tmp_path, "--method", "3", "--attack-rating", "chaos=1", "--choice", "chaos=5", "--attack-rating", "imperial=3",
            "--choice", "imperial=3", "--seed", "7", name="b")
    assert a[1].read_bytes() == b[1].read_bytes()
    assert a[0].stdout.split(": ", 1)[1] == b[0].stdout.split(": ", 1)[1]


# -- bad options: one line on stderr, exit 2, nothing written ----------------------------------

M3 = ("--method", "3", "--choice", "imperial=3", "--choice", "chaos=5")

BAD = [
    (("--method", "4"), "--method: must be 1, 2 or 3, not '4'"),
    (("--sides", "imperial"), "--sides: 'imperial' is not two different side ids, e.g. imperial,chaos"),
    (("--sides", "chaos,chaos"), "--sides: 'chaos,chaos' is not two different side ids, e.g. imperial,chaos"),
    (("--method", "3", "--sides", "red,blue", "--choice", "imperial=3"), "--choice: unknown side 'imperial' (known: red, blue)"),
    (("--method", "two"), "--method: must be 1, 2 or 3, not 'two'"),
    (("--seed", "x"), "--seed: 'x' is not a whole number"),
    (("--zone", "7"), "--zone: battlezone 7 is out of range 1-6"),
    (("--zone", "nebula"), "--zone: unknown battlezone 'nebula' (known: 1 flare_region, 2 mercurial_zone, "
                           "3 inner_biosphere, 4 primary_biosphere, 5 outer_reaches, 6 deep_space)"),
    (("--method", "1"), "--placer: set-up method 1 needs the side that placed the phenomena (imperial or chaos)"),
    (("--method", "1", "--placer", "orks"), "--placer: unknown side 'orks' (known: imperial, chaos)"),
    (("--method", "1", "--placer", "imperial"),
     "--edge: set-up method 1 needs the table edge the other side picks (north, south, east or west)"),
    (("--method", "1", "--placer", "imperial", "--edge", "up"),
     "--edge: unknown table edge 'up' (known: north, south, east, west)"),
    (("--method", "1", "--placer", "imperial", "--edge", "west"),
     "--zone: set-up method 1 needs the battlezone whose generator lays out the placer's phenomena (1-6 or a name)"),
    (("--method", "1", "--placer", "imperial", "--edge", "west", "--zone", "0"), "--zone: battlezone 0 is out of range 1-6"),
    (("--placer", "imperial"), "--placer: only set-up method 1 takes it (this is method 2)"),
    (("--method", "1", "--choice", "imperial=2"), "--choice: only set-up method 3 takes it (this is method 1)"),
    (("--method", "3", "--edge", "west"), "--edge: only set-up method 1 takes it (this is method 3)"),
    (("--method", "3"), "--choice: set-up method 3 needs each side's secret battlezone (imperial=BATTLEZONE chaos=BATTLEZONE)"),
    ((*M3, "--zone", "3"), "--zone: set-up method 3 decides the battlezone from --choice and --attack-rating; leave --zone out"),
    (("--method", "3", "--choice", "imperial=3"), "--choice: no battlezone for chaos"),
    (("--method", "3", "--choice", "imperial3"), "--choice: 'imperial3' is not SIDE=BATTLEZONE"),
    (("--method", "3", "--choice", "orks=3"), "--choice: unknown side 'orks' (known: imperial, chaos)"),
    (("--method", "3", "--choice", "imperial=3", "--choice", "imperial=4"), "--choice: imperial is given twice"),
    (("--method", "3", "--choice", "imperial=3", "--choice", "chaos=9"), "--choice: chaos: battlezone 9 is out of range 1-6"),
    (M3, "--attack-rating: set-up method 3 needs each side's fleet attack rating (imperial=RATING chaos=RATING)"),
    ((*M3, "--attack-rating", "imperial=2"), "--attack-rating: no attack rating for chaos"),
    ((*M3, "--attack-rating", "imperial=2", "--attack-rating", "chaos=-1"),
     "--attack-rating: chaos: '-1' is not a whole number 0 or more"),
    ((*M3, "--attack-rating", "imperial=2", "--attack-rating", "chaos=high"),
     "--attack-rating: chaos: 'high' is not a whole number 0 or more"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(BAD)])
def test_bad_option__one_line_exit_2(tmp_path, args, message):
    out = tmp_path / "x.map.json"
    r = runner.invoke(app, ["generate", "spacefleet", *args, "--out", str(out)])
    assert r.exit_code == 2
    assert r.stderr == f"error: {message}\n" and r.stdout == ""
    assert not out.exists()


def test_bad_outputs_and_other_rulesets__one_line_exit_2(tmp_path):
    cases = [
        (["spacefleet", "--out", str(tmp_path / "x.map.json"), "--scenario", str(tmp_path / "x.json")],
         f"error: --scenario: {tmp_path / 'x.json'}: the output must end in .scenario.json\n"),
        (["spacefleet", "--out", str(tmp_path / "x.txt")], f"error: --out: {tmp_path / 'x.txt'}: the output must end in .map.json\n"),
        (["battlespace", "--zone", "3", "--out", str(tmp_path / "x.map.json")],
         "error: --zone: only the spacefleet generator takes it, not 'battlespace'\n"),
        (["battlespace", "--method", "2", "--out", str(tmp_path / "x.map.json")],
         "error: --method: only the spacefleet generator takes it, not 'battlespace'\n"),
    ]
    for args, err in cases:
        r = runner.invoke(app, ["generate", *args])
        assert (r.exit_code, r.stderr) == (2, err)
    assert list(tmp_path.iterdir()) == []
    r = runner.invoke(app, ["generate", "battlespace", "--seed", "5", "--out", str(tmp_path / "b.map.json")])
    assert r.exit_code == 0 and r.stdout == f"generated {len(load_map(tmp_path / 'b.map.json').features)} pieces for battlespace (seed 5) into {tmp_path / 'b.map.json'}\n"


def test_bad_option_through_the_real_command__no_traceback(tmp_path):
    """The installed entry point: one stderr line, exit 2 (no usage box, no traceback)."""
    r = run_cli("generate", "spacefleet", "--method", "3", "--choice", "imperial=3", "--choice", "chaos=5",
                "--attack-rating", "imperial=1", "--out", str(tmp_path / "x.map.json"))
    assert (r.returncode, r.stderr, r.stdout) == (2, "error: --attack-rating: no attack rating for chaos\n", "")
    ok = run_cli("generate", "spacefleet", "--method", "3", "--choice", "imperial=3", "--choice", "chaos=5",
                 "--attack-rating", "imperial=2", "--attack-rating", "chaos=1", "--seed", "9", "--out", str(tmp_path / "y.map.json"))
    assert ok.returncode == 0 and ok.stderr == ""
    assert ok.stdout.endswith("chaos wins, battlezone 5 outer_reaches; sunward north, 0 solar flares, 0 radiation bursts\n")


def test_generated_scenario_is_playable_and_no_stem_on_a_solid_phenomenon(tmp_path):
    """A generated scenario plays to its end as written; the standard fleets'
    stems keep clear of planets, moons, asteroid fields and rifts (they slide
    along their line)."""
    from shapely.geometry import Point, Polygon

    for seed in (3, 4, 9, 15):
        r, out, sc = gen(tmp_path, "--seed", str(seed), "--force", name=f"s{seed}")
        assert r.exit_code == 0, r.output
        m = load_map(out)
        solid = [Polygon(f.exterior, f.holes) for f in m.features if f.kind != "gas_cloud"]
        for units in json.loads(sc.read_text())["forces"].values():
            assert len(units) == 6
            for u in units:
                assert not any(p.contains(Point(u["x"], u["y"])) for p in solid), (seed, u)
    res = run_cli("play", str(sc), "--headless", "--quiet", "--replay", str(tmp_path / "g.replay.jsonl"))
    assert res.returncode == 0 and res.stdout.startswith("Battle over after ")
