"""Display hooks of the space-fleet ruleset (display.py): figures, markers,
point and figure actions, previews with the rules' own numbers, event words."""

from __future__ import annotations

import math

import pytest

from game.core.event import BattleEnded, DiceRolled, Logged, PhaseBegan
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.display import frame
from game.rulesets.spacefleet import events as E
from game.rulesets.spacefleet.actions import Brace, DeclareOrder, EndPhase, Fire, Launch, MoveShip, TakeIt
from game.rulesets.spacefleet.rules.gunnery import gunnery
from game.rulesets.spacefleet.state import BlastMarker, Ordnance, Pending
from game.rulesets.spacefleet.data import profile, tables

from .helpers import planet, ship, state


def _fig(st, fid):
    return next(f for f in RULESET.figures(st) if f.id == fid)


def test_figures__ship_base_heading_markers_and_profile():
    """spacefleet_core 1.1/1.2: bases 32 or 60 mm round, facing, hits, shields, orders, squadron and profile lines."""
    lu = ship("l", "lunar", 500, 300, heading=30, order="lock_on", damage=4)
    big = ship("b", "murder", 900, 300, heading=-90, squadron="sq1").model_copy(update={"radius": 30.0})
    st = state([lu, big])
    st.blast_markers.append(BlastMarker(id=1, x=500 + 16 + 10, y=300))
    f = _fig(st, "l")
    assert (f.x, f.y, f.radius, f.heading) == (500, 300, 16.0, 30)
    assert "hits:4/8" in f.markers and "crippled" in f.markers and "order:lock_on" in f.markers
    assert "blast:1" in f.markers
    # crippled: 2 shields halved to 1, minus the touching blast marker
    assert "shields:0" in f.markers
    assert f.profile[0] == "Lunar class cruiser (imperial)"
    assert "speed 15 cm" in f.profile[1] and "turns 45°" in f.profile[1]
    assert "armour 6+ front / 5+ other" in f.profile[2]
    assert any(ln.startswith("port lances: lance, 30 cm, strength 1/2, left arc") for ln in f.profile)
    g = _fig(st, "b")
    assert g.radius == 30.0 and g.group == "sq1" and g.markers[0] == "hits:8/8"


def test_figures__hulks_ordnance_and_low_orbit():
    """Hulks carry hulk/blazing; ordnance markers are figures named as Fire names them; low-orbit ships are drawn in the planet's band."""
    hk = ship("h", "murder", 400, 400, status="blazing_hulk")
    gone = ship("g", "sword", 450, 400, status="destroyed")
    lo = ship("o", "lunar", 600.0, 300.0, heading=0.0, zone="low_orbit")
    p = planet("p", 900, 600, 110, size="medium", low_orbit=True)
    st = state([hk, gone, lo], [p], low_orbit_planet="p")
    st.ordnance.append(Ordnance(id=7, side="chaos", kind="torpedo", x=300, y=300, heading=0, strength=6, launcher="h"))
    figs = {f.id: f for f in RULESET.figures(st)}
    assert "g" not in figs
    assert {"hulk", "blazing"} <= set(figs["h"].markers)
    assert figs["o7"].markers == ("torpedo:6",) and figs["o7"].radius == tables().constants.ordnance_radius_mm
    f = figs["o"]
    assert "low_orbit" in f.markers
    # x 600 of 1200 -> bearing 180 from the centre; y 300 of 600 -> half the 15 cm well above the edge
    assert f.x == pytest.approx(900 - 110 - 75) and f.y == pytest.approx(600)
    assert frame.table_to_lo(st, f.x, f.y) == pytest.approx((600.0, 300.0))


def test_markers__blast_wells_sunward_and_pending_attack():
    """Blast markers, gravity wells as rings (10/15/30 cm by size, moons small), the sunward edge, an attack awaiting Brace."""
    a, b = ship("a", "murder", 500, 300), ship("b", "lunar", 500, 500)
    st = state([a, b], [planet("p", 900, 600, 110, size="medium"), planet("m", 300, 900, 20, kind="moon")],
               sunward="east", battlezone="flare_region", phase="brace", pending=Pending(ship="a", weapon=0, target="b"))
    st.blast_markers.append(BlastMarker(id=3, x=10, y=20))
    ms = {m.id: m for m in RULESET.markers(st)}
    assert ms["bm:3"].kind == "blast" and ms["bm:3"].radius == tables().constants.blast_marker_radius_mm
    assert ms["well:p"].radius == 110 + 150 and ms["well:m"].radius == 20 + 100
    assert ms["sunward"].points[0][0] == st.table[0] - 2.0 and ms["sunward"].extra["doubled"]
    assert ms["attack"].extra == {"ship": "a", "target": "b", "weapon": 0}


def test_markers__well_labels_name_the_body_and_notes():
    """A well's label names its planet or moon in words (not its id); the low-orbit planet's says so."""
    st = state([ship("a", "murder", 500, 300)],
               [planet("hesperus", 900, 600, 110, size="medium", low_orbit=True), planet("hesperus_ii", 300, 900, 20, kind="moon")],
               low_orbit_planet="hesperus")
    ms = {m.id: m for m in RULESET.markers(st)}
    assert ms["well:hesperus"].label == "hesperus well 15 cm + low orbit"
    assert ms["well:hesperus_ii"].label == "hesperus ii well 10 cm"
    assert ms["well:hesperus_ii"].extra["feature"] == "hesperus_ii"


def test_describe__one_die_and_no_repeated_reason():
    """Event words: "1 die" (not "1 dice"); a status whose reason only repeats it is said once."""
    one = E.WeaponFired(ship="imp_gothic", weapon=0, target="cha_murder", dice=1, hits=0, weapon_name="port lances")
    assert RULESET.describe(one) == "imp_gothic fires port lances at cha_murder: 1 die, 0 hits"
    two = E.WeaponFired(ship="imp_gothic", weapon=0, target="cha_murder", dice=2, hits=1, weapon_name="port lances")
    assert RULESET.describe(two) == "imp_gothic fires port lances at cha_murder: 2 dice, 1 hit"
    assert RULESET.describe(E.ShipStatus(ship="imp_gothic", status="disengaged", why="disengaged")) == \
        "imp_gothic is disengaged"
    assert RULESET.describe(E.ShipStatus(ship="imp_gothic", status="disengaged", why="moved off the table edge")) == \
        "imp_gothic is disengaged (moved off the table edge)"
    assert RULESET.describe(E.ShipStatus(ship="h", status="drifting_hulk", why="Drifting hulk")) == "h is drifting hulk"
    assert RULESET.describe(E.ShipStatus(ship="h", status="drifting_hulk", why="catastrophic damage")) == \
        "h is drifting hulk (catastrophic damage)"


def test_point_actions__move_toward_a_point_is_legal_and_ends_near_it():
    """spacefleet_core 1.6: a click ahead and to starboard gives a legal move (straight run, then a turn toward it)."""
    lu = ship("l", "lunar", 500, 500, heading=0)
    st = state([lu], phase="movement")
    acts = RULESET.point_actions(st, "imperial", "l", 650, 580)
    assert acts and all(isinstance(a, MoveShip) for a in acts)
    m = acts[0]
    assert RULESET.check(st, m).ok
    assert m.legs[0] == (0.0, 100.0) and 0 < m.legs[1][0] <= 45
    pv = RULESET.preview(st, m)
    end = pv["path"][-1]
    assert math.hypot(end[0] - 650, end[1] - 580) < 25
    assert pv["cost"].startswith(f"{sum(d for _, d in m.legs) / 10:.1f} cm of 10-20 cm")


def test_preview__move_shows_the_free_gravity_turn():
    """Celestial phenomena, gravity wells: the free turn allowed (toward the centre, 45 at most) is previewed as ``turn``."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 700, 700, 50, size="large")], phase="movement")
    pv = RULESET.preview(st, MoveShip(side="imperial", ship="l", pre_turn=45.0, legs=((0.0, 100.0),)))
    assert pv["turn"] == {"x": 500, "y": 500, "heading": 22.5, "width": 45.0, "radius": 48.0}
    assert any("free gravity turn toward the planet: up to 45° to starboard" in t for t in pv["text"])
    # a point past the planet's centre line gets the gravity turn first
    acts = RULESET.point_actions(st, "imperial", "l", 520, 700)
    assert acts[0].pre_turn == 45.0 and RULESET.check(st, acts[0]).ok


def test_preview__fire_odds_from_the_gunnery_table():
    """spacefleet_core 1.7 worked example: FP 10 at a closing cruiser, column B, 7 dice needing 6s."""
    m = ship("m", "murder", 500, 300, heading=0)
    lu = ship("l", "lunar", 500, 500, heading=-90)
    st = state([m, lu], active="chaos")
    a = Fire(side="chaos", ship="m", weapon=1, target="l")
    assert RULESET.check(st, a).ok
    g = gunnery(st, m, profile("murder").weapons[1], 10, lu)
    pv = RULESET.preview(st, a)
    assert g.dice == 7 and pv["odds"] == pytest.approx(1 - (5 / 6) ** 7)
    assert pv["need"].startswith("6+ on 7D6, column B (closing")
    assert "expected hits 1.2" in pv["text"]
    assert pv["arcs"] == [{"x": 500, "y": 300, "heading": 90.0, "width": 90.0, "radius": 450.0}]
    # figure_actions offers the legal weapons, most expected hits first
    acts = RULESET.figure_actions(st, "chaos", "m", "l")
    fires = [x for x in acts if isinstance(x, Fire)]
    assert fires and all(RULESET.check(st, x).ok for x in fires)


def test_preview__command_check_odds_by_the_rules_own_resolve():
    """spacefleet_core 1.3: 2D6 <= Ld 8 passes 26 times in 36; Brace under fire tests at Ld 7 (21 in 36)."""
    st = state([ship("l", "lunar", 500, 500, ld=8), ship("m", "murder", 900, 500)], phase="movement")
    pv = RULESET.preview(st, DeclareOrder(side="imperial", ship="l", order="lock_on"))
    assert pv["odds"] == pytest.approx(26 / 36)
    st2 = state([ship("l", "lunar", 500, 500, ld=8), ship("m", "murder", 500, 300)], phase="brace", active="imperial",
                pending=Pending(ship="m", weapon=1, target="l"))
    st2.blast_markers.append(BlastMarker(id=1, x=500, y=520))
    assert RULESET.preview(st2, Brace(side="imperial", ship="l"))["odds"] == pytest.approx(21 / 36)
    own = RULESET.figure_actions(st2, "imperial", "l", None)
    assert [a.type for a in own] == ["sf_brace", "sf_take_it"] and own[1] == TakeIt(side="imperial")


def test_figure_actions__own_ship_orders_and_end_phase():
    """The bar on a selected ship: its legal orders, a straight minimum move, then End phase."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 900, 500)], phase="movement")
    acts = RULESET.figure_actions(st, "imperial", "l", None)
    assert acts[-1] == EndPhase(side="imperial")
    assert {a.order for a in acts if isinstance(a, DeclareOrder)} == {"all_ahead_full", "come_to_new_heading",
                                                                       "burn_retros", "lock_on", "brace_for_impact"}
    assert all(RULESET.check(st, a).ok for a in acts)


def test_point_actions__torpedoes_at_a_point():
    """spacefleet_core 1.9: torpedoes launched toward a point in the front arc; the preview traces their first move."""
    st = state([ship("l", "lunar", 500, 500, heading=0), ship("m", "murder", 900, 900)])
    acts = RULESET.point_actions(st, "imperial", "l", 800, 500)
    assert acts == [Launch(side="imperial", ship="l", weapon=4, heading=0.0, craft="torpedo")]
    assert RULESET.check(st, acts[0]).ok
    pv = RULESET.preview(st, acts[0])
    assert pv["path"] == [(500.0, 500.0), (800.0, 500.0)]


def test_describe__plain_words_for_every_event():
    """Every event the ruleset emits reads as words, never a dict dump."""
    samples = [
        DiceRolled(purpose="command check", notation="2d6", faces=(3, 4), natural=7, total=7),
        PhaseBegan(turn=1, phase="movement"), BattleEnded(winner=None, reason="tied"), Logged(text="hello"),
        E.TurnBegan(turn=2, side="chaos", player=1), E.PhaseChanged(phase="shooting", active="imperial"),
        E.OrderTaken(ship="l", order="all_ahead_full", passed=True, aaf_extra_mm=140.0),
        E.OrderTaken(ship="l", order=None, passed=False), E.OrdersEnded(side="imperial"),
        E.ShipMoved(ship="l", x=1, y=2, heading=3, distance=150), E.ShipPlaced(ship="l", x=1, y=2, heading=0, zone="low_orbit"),
        E.ShipStatus(ship="l", status="drifting_hulk", why="catastrophic damage"), E.ShipDamaged(ship="l", amount=2, why="lances"),
        E.CriticalHit(ship="l", crit="engine_room"), E.CriticalRepaired(ship="l", crit="engine_room"),
        E.BlastMarkerPlaced(id=1, x=5, y=6), E.BlastMarkerRemoved(id=1),
        E.WeaponFired(ship="l", weapon=0, target="m", dice=2, hits=1, note="lances hit on 4+"),
        E.PriorityTest(ship="l", passed=False), E.AttackDeclared(ship="l", weapon=0, target="m", defender="chaos"),
        E.AttackCleared(), E.Braced(ship="m", passed=True), E.BraceEnded(ship="m"),
        E.OrdnanceLaunched(id=4, side="imperial", kind="torpedo", x=1, y=1, heading=0, strength=6, launcher="l"),
        E.OrdnanceMoved(id=4, x=1, y=1, heading=0), E.OrdnanceChanged(id=4, strength=5, attacked="m"),
        E.OrdnanceRemoved(id=4, why="shot down"), E.Reloaded(ship="l", torpedoes=True),
        E.DisengageTried(ship="l", passed=False), E.FlareOccurred(), E.RadiationBurst(level=3),
        E.GameFinished(reason="turn limit"),
        E.RerollUsed(side="imperial", ship="l"),
        E.BoardingFought(attacker="l", defender="m", attacker_score=6, defender_score=3, result="driven_back"),
        E.AssaultDeclared(ship="l", target="m"), E.TeleportAttack(ship="l", target="m"),
        E.TurretsEngaged(ship="m", against="craft"),
        E.KinTested(ship="e", passed=True, phenomenon="solar_flare"), E.HolofieldSaves(ship="m", hits=2, saved=1),
        E.OrdnanceAttackDeclared(ordnance=4, kind="torpedo", target="m", defender="chaos", resume="ordnance"),
        E.ShootingBegan(unit="m", ship="m", previous="l", unit_name="Murder class cruiser",
                        previous_name="Lunar class cruiser"),
        E.FieldTested(ship="l", squadron="sq", passed=False, shared=4, field="the asteroid field 'rocks'"),
        E.FieldDamageShared(ship="l", squadron="sq", amount=2, left=2),
        E.FlareAttackDeclared(target="l", defender="imperial"), E.FlareHit(ship="l"),
    ]
    covered = {type(e) for e in samples}
    assert set(E.SF_EVENTS) <= covered
    for ev in samples:
        text = RULESET.describe(ev)
        assert text and "{" not in text and "sf_" not in text, (ev, text)
    assert RULESET.describe(E.OrderTaken(ship="l", order="all_ahead_full", passed=True, aaf_extra_mm=140.0)) == \
        "l goes on All Ahead Full (+14 cm)"
    assert RULESET.describe(E.RadiationBurst(level=3)) == "a radiation burst: Leadership -3 this turn"
    for cls in E.SF_EVENTS:  # events added later still read as words
        if cls not in covered:
            fields = {k: ("x" if f.annotation is str else 0) for k, f in cls.model_fields.items()
                      if k != "type" and f.is_required()}
            text = RULESET.describe(cls(**fields))
            assert text and "{" not in text


def test_sides__styles_and_enemies():
    st = state([ship("l", "lunar", 500, 500)])
    assert RULESET.side_style("imperial") == "friendly" and RULESET.side_style("chaos") == "hostile"
    assert RULESET.side_style("rules") == "neutral"
    assert RULESET.enemies_of(st, "imperial") == {"chaos"}
    assert RULESET.describe_action(MoveShip(side="imperial", ship="l", legs=((0.0, 100.0), (45.0, 50.0))), st) == \
        "Move 15.0 cm, turn 45° to starboard"


def test_point_actions__enter_takes_the_advertised_free_gravity_turns_first():
    """Celestial phenomena, gravity wells: a click straight ahead ending in the well puts the move finished
    with the free end turn toward the centre first (its preview says "taken"), the same move without it second."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 700, 700, 50, size="large")], phase="movement")
    acts = RULESET.point_actions(st, "imperial", "l", 600, 500)
    assert acts[0].pre_turn == 0.0 and acts[0].legs == ((0.0, 100.0),) and acts[0].post_turn == 45.0
    assert RULESET.check(st, acts[0]).ok
    assert any("ends in the well of the planet: free turn up to 45° (taken: +45°)" in t
               for t in RULESET.preview(st, acts[0])["text"])
    assert acts[1].post_turn == 0.0 and acts[1].legs == acts[0].legs
    # a click off the bow: the free start turn toward the point, and the end turn cut toward zero so it stays legal
    acts = RULESET.point_actions(st, "imperial", "l", 650, 580)
    a = acts[0]
    assert (a.pre_turn, a.legs, a.post_turn) == (28.0, ((0.0, 170.0),), 39.0)  # whole degrees, cut toward zero
    assert RULESET.check(st, a).ok
    assert acts[1] == a.model_copy(update={"post_turn": 0.0})
    # out of any well: no free turns, nearest end first
    st2 = state([ship("l", "lunar", 500, 500, heading=0)], phase="movement")
    b = RULESET.point_actions(st2, "imperial", "l", 600, 500)[0]
    assert (b.pre_turn, b.legs, b.post_turn) == (0.0, ((0.0, 100.0),), 0.0)


def test_preview__a_pooled_volley_reads_the_squadrons_firepower():
    """spacefleet_core 1.11: four Swords pool their batteries (4 FP each) at
    a Murder abeam 25 cm off: the preview reads 16 FP, 6 dice on column D
    needing 5+ (not the lead ship's 4 FP and one die)."""
    sw = [ship(f"s{i}", "sword", 400 + 60 * i, 500, heading=0, squadron="sq") for i in range(4)]
    st = state(sw + [ship("m", "murder", 550, 700, side="chaos")])
    a = Fire(side="imperial", ship="s0", weapon=0, target="m", pool=tuple((f"s{i}", 0) for i in range(1, 4)))
    assert RULESET.check(st, a).ok
    pv = RULESET.preview(st, a)
    assert pv["need"].startswith("5+ on 6D6")
    assert pv["text"][0].startswith("battery: FP 16 (with 3 squadron-mates)")
    assert pv["odds"] == pytest.approx(1 - (2 / 3) ** 6)


def test_preview__reload_ordnance_keeps_full_firepower():
    """spacefleet_core 1.4: Reload Ordnance does not halve firepower (the data
    says so, and the preview now reads the data)."""
    st = state([ship("l", "lunar", 500, 500)], phase="movement")
    text = RULESET.preview(st, DeclareOrder(side="imperial", ship="l", order="reload_ordnance"))["text"]
    assert "full firepower" in text[0] and "half firepower" not in text[0]


def test_labels__one_heading_convention_and_gravity_turns_said():
    """Every text gives headings as the battle log and the agent's reasons
    do, by compass point (-53 and 307 degrees clockwise from east are one
    heading and both read north-east), turns by side, and two moves that
    differ only in the free gravity-well turn say how. A torpedo button adds
    the angle off the bow, so two launches toward one compass point read
    apart."""
    from game.rulesets.spacefleet.display.descriptions import describe_action, heading_words

    assert heading_words(-53.0) == heading_words(307.0) == "north-east"
    assert heading_words(81.4) == "south" and heading_words(359.6) == "east"
    assert heading_words(-53.0, bow=0.0) == "north-east, 53° to port"
    assert heading_words(-40.0, bow=0.0) == "north-east, 40° to port"
    assert heading_words(0.2, bow=0.0) == "east, dead ahead"
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 700, 700, 50, size="large")], phase="movement")
    plain = MoveShip(side="imperial", ship="l", legs=((0.0, 100.0),))
    grav = MoveShip(side="imperial", ship="l", pre_turn=45.0, legs=((0.0, 100.0),))
    assert describe_action(plain, st) == "Move 10.0 cm"
    assert describe_action(grav, st) == "Move 10.0 cm, gravity turn 45° to starboard first"
    wi = next(i for i, w in enumerate(profile("lunar").weapons) if w.kind == "torpedo")
    launch = Launch(side="imperial", ship="l", weapon=wi, craft="torpedo", heading=-53.0)
    assert describe_action(launch, st) == "Launch prow torpedoes heading north-east, 53° to port"
    assert describe_action(launch) == "Launch weapon %d heading north-east" % wi
