"""Display hooks of Battlespace with real values (real geometry, scripted dice):
figures, markers, the actions offered at a point or a model, previews, labels."""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon

from game.core.dice import Dice
from game.rulesets.battlespace import RULESET as RS
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace import events as E
from game.rulesets.battlespace.rules.combat import aoe_polygon, bearing, fire_numbers, hit_chance, in_area
from game.rulesets.battlespace.rules.common import suppression_zones

from .helpers import battle, four

SIDE = "fireteam"
HUMVEE = {"id": "hv", "kind": "vehicle", "exterior": [[600, 600], [650, 600], [650, 626], [600, 626]], "height": 32.0,
          "tags": ["blocks_sight", "impassable", "cover"], "properties": {"vehicle_type": "humvee"}}


def _do(s, action, faces=()):
    """Check, resolve with scripted dice and apply ``action`` (the engine's order of things)."""
    assert RS.check(s, action).ok, RS.check(s, action)
    r = RS.resolve(s, action, Dice.scripted(list(faces)))
    for ev in r.events:
        RS.apply(s, ev)
    return r.events


def _fig(s, fid):
    return next(f for f in RS.figures(s) if f.id == fid)


def _activate(s, unit):
    _do(s, A.Activate(side=SIDE, unit=unit), [15])
    assert s.current == unit and s.figs[unit].orders == 2


# ----------------------------------------------------------------------------- figures
def test_figures__soldier_at_its_position_with_wound_down_and_kia_markers():
    """Battlespace: Hit Points: a wound shows as wounded:N, the 4th wound downs (down), the 5th removes (not drawn)."""
    s = battle(four(x=457, y=600, gear=(("frag_grenade", "team_leader"), (), (), ())), [("e", "fighter", 460, 200, "el")])
    f = _fig(s, "s0")
    assert (f.x, f.y, f.radius, f.side, f.label, f.group) == (457, 600, 12.5, SIDE, "Rey", SIDE)
    assert f.markers == () and f.altitude == 0.0
    assert f.profile[0].startswith("Sgt. Reyes") and f.profile[1] == "Accuracy +2  Fight +1  Initiative 7"
    assert f.profile[2] == "Gear: Frag grenades x2, Team leader"
    RS.apply(s, E.Wounded(unit="s0", amount=1, total=1, status="ok"))
    assert _fig(s, "s0").markers == ("wounded:1",)
    RS.apply(s, E.Changed(unit="s0", changes={"prone": True, "jammed": True}))
    assert _fig(s, "s0").markers == ("wounded:1", "prone", "jammed")
    RS.apply(s, E.Wounded(unit="s0", amount=3, total=4, status="down"))
    assert {"wounded:4", "down"} <= set(_fig(s, "s0").markers)
    RS.apply(s, E.Wounded(unit="s0", amount=1, total=5, status="kia"))
    assert "s0" not in {g.id for g in RS.figures(s)}
    e = _fig(s, "e")
    assert (e.x, e.y, e.side, e.group) == (460, 200, "enemy", "el")
    assert e.profile[1] == "Al Wahid Fighter: TL 10  Wounds 0/1  AK-47"


def test_figures__activation_orders_and_suppression_markers():
    """Battlespace: Suppression Fire: the enemy under the AoE is suppressed; the shooter keeps it up (suppressing)."""
    s = battle(four(x=457, y=600), [("e", "fighter", 460, 400, None)], features=())
    _activate(s, "s0")
    assert {"activated", "orders:2"} <= set(_fig(s, "s0").markers)
    _do(s, A.Suppress(side=SIDE, unit="s0", target="e"))
    assert "suppressing" in _fig(s, "s0").markers and "orders:0" in _fig(s, "s0").markers
    assert "suppressed" in _fig(s, "e").markers
    (shooter, card, lane), = suppression_zones(s)
    ms = {m.kind: m for m in RS.markers(s)}
    assert shooter == "s0" and ms["suppression"].side == SIDE
    assert Polygon(ms["suppression"].points).equals(card) and Polygon(ms["lane"].points).equals(lane)


def test_figures__vehicle_rectangle_and_its_occupant():
    """Battlespace: Vehicles: a vehicle is drawn as its footprint; a soldier who enters is drawn inside it."""
    s = battle(four(x=457, y=600), [], features=(HUMVEE,))
    hv = _fig(s, "hv")
    assert (hv.x, hv.y, hv.radius, hv.width, hv.depth, hv.heading % 180) == (625, 613, 0.0, 26, 50, 0)
    assert hv.profile[0] == "Humvee (hv)" and hv.markers == ()
    s.figs["s0"].x, s.figs["s0"].y = 625.0, 587.0  # base contact with the humvee's north side
    _activate(s, "s0")
    _do(s, A.Enter(side=SIDE, unit="s0", vehicle="hv"))
    f = _fig(s, "s0")
    assert "in_vehicle" in f.markers and f.group is None and f.radius < 12.5
    assert Polygon(HUMVEE["exterior"]).contains(Point(f.x, f.y).buffer(f.radius))
    assert _fig(s, "hv").markers == ("crew:1",) and "Sgt. Reyes (driver)" in _fig(s, "hv").profile[-1]
    ids = [g.id for g in RS.figures(s)]
    assert ids.index("hv") < ids.index("s0")  # drawn over the vehicle


# ----------------------------------------------------------------------------- markers
def test_markers__mission1_objective_exfil_smoke_and_sitrep_card():
    """Battlespace: Mission 1: the Humvee to search (then searched), the exfil edge, smoke, the SITREP card drawn."""
    s = battle(four(x=457, y=800), [], features=(HUMVEE,), mission="m1_survivors")
    s.params["search_feature"] = "hv"
    ms = {m.id: m for m in RS.markers(s)}
    obj = ms["objective:hv"]
    assert obj.kind == "objective" and obj.label == "search for survivors (D20 13+)" and not obj.extra["searched"]
    assert Polygon(obj.points).contains(Polygon(HUMVEE["exterior"]))
    ex = ms["exit:s"]
    assert ex.label == "south edge: exfil open" and {round(y) for _, y in ex.points} == {889, 914}
    RS.apply(s, E.ObjectiveSet(key="searched", value=True))
    RS.apply(s, E.SmokeLaid(id="smoke1", ring=[(100, 100), (163, 100), (163, 188), (100, 188)], until_turn=2))
    RS.apply(s, E.CardDrawn(card="s12"))
    ms = {m.id: m for m in RS.markers(s)}
    assert ms["objective:hv"].label == "searched: no survivor"
    assert ms["smoke1"].kind == "smoke" and ms["smoke1"].label == "smoke (clears at the end of turn 2)"
    assert ms["sitrep"].label.startswith("SITREP: All quiet")


# ----------------------------------------------------------------------------- actions at a point
def test_point_actions__a_move_in_range_is_offered_first_and_legal():
    """Battlespace: Move (88 mm) and Advance (176 mm, two orders): the point's move is offered and check accepts it."""
    s = battle(four(x=457, y=600, gear=(("frag_grenade",), (), (), ())), [("e", "fighter", 460, 200, None)])
    _activate(s, "s0")
    acts = RS.point_actions(s, SIDE, "s0", 457, 540)
    assert acts[0] == A.Move(side=SIDE, unit="s0", x=457, y=540) and RS.check(s, acts[0]).ok
    assert A.Throw(side=SIDE, unit="s0", gear="frag_grenade", x=457, y=540) in acts
    adv = RS.point_actions(s, SIDE, "s0", 457, 450)[0]
    assert adv == A.Move(side=SIDE, unit="s0", x=457, y=450, advance=True) and RS.check(s, adv).ok
    # beyond an advance, short of the wall: the longest legal move toward the point is offered
    assert "at most 176 mm" in RS.check(s, A.Move(side=SIDE, unit="s0", x=457, y=320, advance=True)).reason
    far = RS.point_actions(s, SIDE, "s0", 457, 320)
    assert far[0] == A.Move(side=SIDE, unit="s0", x=457, y=600 - 176, advance=True) and RS.check(s, far[0]).ok


def test_point_actions__a_soldier_not_activated_gets_the_rules_reason():
    """Battlespace: Player Phase: only the activated soldier takes orders (check says why)."""
    s = battle(four(x=457, y=600), [])
    acts = RS.point_actions(s, SIDE, "s1", 497, 560)
    assert acts[0].type == "bs_move" and RS.check(s, acts[0]).reason == "Cpl. Okafor is not the activated soldier"
    assert RS.point_actions(s, "enemy", "s1", 497, 560) == []


# ----------------------------------------------------------------------------- actions at a model / on himself
def test_figure_actions__activate_then_orders_on_himself_and_at_an_enemy():
    """Battlespace: Player Phase and Orders: activate first; then prone, end, fire / aimed fire / suppress at an enemy."""
    s = battle(four(x=457, y=600, gear=(("frag_grenade",), (), (), ())), [("e", "fighter", 460, 450, None)], features=())
    assert RS.figure_actions(s, SIDE, "s0", None) == [A.Activate(side=SIDE, unit="s0")]
    _activate(s, "s0")
    own = RS.figure_actions(s, SIDE, "s0", None)
    assert A.Prone(side=SIDE, unit="s0") in own and own[-1] == A.EndActivation(side=SIDE, unit="s0")
    assert RS.figure_actions(s, SIDE, "s1", None) == []  # s0 is activated
    at = RS.figure_actions(s, SIDE, "s0", "e")
    assert at[:3] == [A.Fire(side=SIDE, unit="s0", target="e"), A.Fire(side=SIDE, unit="s0", target="e", aimed=True),
                      A.Suppress(side=SIDE, unit="s0", target="e")]
    assert A.Throw(side=SIDE, unit="s0", gear="frag_grenade", x=460, y=450) in at
    assert all(RS.check(s, a).ok for a in at[:3])


# ----------------------------------------------------------------------------- previews
def test_preview__fire_odds_accuracy_1_against_tl12_in_solid_cover_are_8_in_20():
    """Battlespace: Fire Weapon and Cover: D20 + 1 - 2 >= 12 needs a natural 13+: 8 in 20 (aimed: 9 in 20)."""
    s = battle([("x", "cpl_okafor", 460, 600, [])] + four(x=100, y=800)[1:], [("e", "veteran", 460, 286, None)])
    _activate(s, "x")
    pv = RS.preview(s, A.Fire(side=SIDE, unit="x", target="e"))
    need, mods = fire_numbers(s, s.figs["x"], s.figs["e"])
    assert pv["odds"] == hit_chance(need, mods) == 8 / 20
    assert pv["need"] == "13+ on the D20 (TL 12; accuracy +1, solid cover -2)"
    aimed = RS.preview(s, A.Fire(side=SIDE, unit="x", target="e", aimed=True))
    assert aimed["odds"] == 9 / 20 and aimed["cost"] == "2 orders"
    # the wounds a hit deals, in the counted word (not "1 wound(s)")
    from game.rulesets.battlespace.data import data
    from game.rulesets.battlespace.rules.combat import soldier_weapon
    w = data().weapons[soldier_weapon(s, s.figs["x"])].wounds
    assert pv["text"][0].startswith(f"hit: {w} wound{'' if w == 1 else 's'};") and "(s)" not in pv["text"][0]


def test_preview__activation_odds_from_initiative():
    """Battlespace: Initiative: D20 >= 7 for Sgt. Reyes with no modifiers: 14 in 20."""
    s = battle(four(x=457, y=600), [])
    pv = RS.preview(s, A.Activate(side=SIDE, unit="s0"))
    assert pv["odds"] == 14 / 20 and pv["need"].startswith("7+")


def test_preview__a_move_into_contact_shows_the_hand_to_hand_odds():
    """Battlespace: Hand to Hand Combat: D20 + Fight 2 >= TL 10 wins on a natural 8+: 13 in 20."""
    s = battle([("x", "cpl_okafor", 460, 600, [])] + four(x=100, y=800)[1:], [("e", "fighter", 460, 520, None)], features=())
    _activate(s, "x")
    mv = [a for a in RS.figure_actions(s, SIDE, "x", "e") if a.type == "bs_move"]
    assert mv and RS.check(s, mv[0]).ok
    pv = RS.preview(s, mv[0])
    assert pv["odds"] == 13 / 20 and pv["touches"] == ["e"] and pv["path"][0] == (460, 600)
    assert "hand to hand" in pv["text"][0]


def test_preview__move_path_stop_and_cost():
    """Battlespace: Move: 88 mm; a longer move shows where it would have to stop. The
    cost is read in the ruleset's inches (gaps.md; style.json ``units``): 60 of 88 mm is 2.4 of 3.5 in."""
    s = battle(four(x=457, y=600), [], features=())
    _activate(s, "s0")
    pv = RS.preview(s, A.Move(side=SIDE, unit="s0", x=457, y=540))
    assert pv["path"] == [(457, 600), (457, 540)] and pv["cost"] == "2.4 of 3.5 in, 1 order" and "stop" not in pv
    pv = RS.preview(s, A.Move(side=SIDE, unit="s0", x=457, y=400))
    assert pv["stop"] == (457, 600 - 88)


def test_preview__advance_cost_reads_inches_not_mm():
    """Battlespace: Advance (176 mm, two orders): the cost a player reads is in inches,
    103 mm of 176 being 4.1 of 6.9 in; no preview text names millimetres."""
    s = battle(four(x=457, y=600), [], features=())
    _activate(s, "s0")
    pv = RS.preview(s, A.Move(side=SIDE, unit="s0", x=457, y=497, advance=True))
    assert pv["cost"] == "4.1 of 6.9 in, 2 orders"
    assert " mm" not in " ".join([pv["cost"], *pv.get("text", [])])


def test_preview__grenade_template_is_the_card_and_touches_the_models_under_it():
    """Battlespace: Throw and Drift: the card laid from the point away from the thrower; a direct hit on 9+ (12 in 20),
    a grenadier re-rolls (1 - (8/20)^2)."""
    s = battle(four(x=457, y=600, gear=(("frag_grenade",), (), (), ("frag_grenade",))),
               [("e", "fighter", 460, 520, None), ("f", "fighter", 470, 480, None)], features=())
    _activate(s, "s0")
    a = A.Throw(side=SIDE, unit="s0", gear="frag_grenade", x=460, y=530)
    assert RS.check(s, a).ok
    pv = RS.preview(s, a)
    poly = aoe_polygon(460, 530, bearing((457, 600), (460, 530)), False)
    assert Polygon(pv["template"]["points"]).equals(poly)
    assert pv["touches"] == [o.id for o in in_area(s, poly)] and set(pv["touches"]) == {"e", "f"}
    assert pv["odds"] == 12 / 20
    grenadier = RS.preview(s, A.Throw(side=SIDE, unit="s3", gear="frag_grenade", x=580, y=530))
    assert math.isclose(grenadier["odds"], 1 - (8 / 20) ** 2)


def test_preview__suppression_template_touches_the_models_it_would_suppress():
    """Battlespace: Suppression Fire: the card AoE on the target and the lane from the shooter;
    every model under them, the shooter's teammate beside him in the 63 mm lane too (named)."""
    s = battle(four(x=457, y=600), [("e", "fighter", 460, 400, None), ("f", "fighter", 480, 420, None),
                                    ("g", "fighter", 800, 200, None)], features=())
    _activate(s, "s0")
    pv = RS.preview(s, A.Suppress(side=SIDE, unit="s0", target="e"))
    assert set(pv["touches"]) == {"e", "f", "s1"} and pv["cost"] == "2 orders"
    assert any("Cpl. Okafor" in t for t in pv["text"])
    assert Polygon(pv["template"]["points"]).contains(Polygon([(460, 390), (470, 400), (460, 410), (450, 400)]))


def test_describe_action__button_labels():
    assert RS.describe_action(A.Fire(side=SIDE, unit="s0", target="e", aimed=True)) == "Aimed fire at e"
    assert RS.describe_action(A.Move(side=SIDE, unit="s0", x=10, y=20, advance=True)) == "Advance to (10, 20)"
    assert RS.describe_action(A.Throw(side=SIDE, unit="s0", gear="frag_grenade", x=1, y=2)) == "Throw frag grenade at (1, 2)"
    assert RS.describe_action(A.Interact(side=SIDE, unit="s0", what="search")) == "Search for survivors"
    assert RS.describe_action(A.Prone(side=SIDE, unit="s0", stand=True)) == "Stand up"


def test_preview__search_and_breach_odds_come_from_the_interaction_itself():
    """Battlespace: Mission 1 (a survivor on D20 13+: 8 in 20) and Mission 2 (Awad in the first building
    breached on D6 + 1 >= 5: 3 in 6), counted by running the interaction once per face."""
    s = battle(four(x=457, y=800), [], features=(HUMVEE,), mission="m1_survivors")
    s.params["search_feature"] = "hv"
    s.figs["s0"].x, s.figs["s0"].y = 625.0, 587.0
    _activate(s, "s0")
    search = RS.point_actions(s, SIDE, "s0", 625, 613)[0]
    assert search == A.Interact(side=SIDE, unit="s0", what="search") and RS.check(s, search).ok
    assert RS.preview(s, search)["odds"] == 8 / 20
    house = {"id": "t1", "kind": "building", "exterior": [[300, 300], [400, 300], [400, 380], [300, 380]], "height": 60.0,
             "tags": ["blocks_sight", "impassable", "elevation"], "openings": [{"id": "door", "a": [340, 380], "b": [364, 380]}]}
    s = battle(four(x=457, y=800), [], features=(house,), mission="m2_awad")
    s.params["targets"] = ["t1"]
    s.figs["s0"].x, s.figs["s0"].y = 352.0, 393.0
    _activate(s, "s0")
    breach = RS.point_actions(s, SIDE, "s0", 352, 360)[0]
    assert breach == A.Interact(side=SIDE, unit="s0", what="breach:t1") and RS.check(s, breach).ok
    assert RS.preview(s, breach)["odds"] == 3 / 6
    assert {m.label for m in RS.markers(s) if m.kind == "objective"} == {"building t1: not breached"}  # no name: kind and id


def test_enemies_of__fireteams_are_allies_and_bystanders_are_nobodys_enemies():
    """UI hook enemies_of: fireteams see the enemy; the enemy sees both fireteams; civilians, hostages
    and vehicles get no sight lines either way."""
    from pathlib import Path

    from game.battle.loading import open_scenario

    maps = Path(__file__).resolve().parents[3] / "maps" / "battlespace"
    _, sc, m = open_scenario(maps / "mission1_coop.scenario.json")
    s = RS.setup(sc, m, Dice(1))
    assert RS.enemies_of(s, "fireteam") == {"enemy"} == RS.enemies_of(s, "fireteam2")
    assert RS.enemies_of(s, "enemy") == {"fireteam", "fireteam2"}
    for side in ("civilian", "hostage", "vehicles"):
        assert RS.enemies_of(s, side) == set()
    sides = {f.side for f in RS.figures(s)}
    assert all(RS.side_style(x) in ("friendly", "hostile", "neutral") for x in sides)
    assert [RS.side_style(x) for x in ("fireteam", "fireteam2", "enemy", "civilian", "hostage", "vehicles")] == \
        ["friendly", "friendly", "hostile", "neutral", "neutral", "neutral"]
