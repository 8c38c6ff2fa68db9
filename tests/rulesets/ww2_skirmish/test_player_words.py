"""What a WW2 skirmish player reads: inches as the rules write them (3.9"),
facings as a compass point with the one degree format (90°), a feature of
several of one name told by its grid square ("the barbed wire at C2"), and
the side panel headed as the app heads its lines ("Conditions: ...",
"The red command cache", which the app names "The British command cache")."""

from __future__ import annotations

from game.core.logtext import event_line
from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.display.actions import describe_action, describe_action_in
from game.rulesets.ww2_skirmish.display.panel import side_panel
from game.rulesets.ww2_skirmish.display.preview import preview

from .helpers import INCH, act, battle, emitter

SIDES = {"red": "British", "blue": "German"}
SGT = ("r1", "british_sergeant", 600, 1000, 270)
FAR = ("b1", "german_feldwebel", 600, 100, 90)
TRENCH = {"id": "rt", "kind": "trench", "name": "red fire trench", "height": 0,
          "exterior": [[100, 1080], [1100, 1080], [1100, 1160], [100, 1160]], "properties": {"side": "red"}}


def wire(fid: str, x: float, y: float) -> dict:
    """A 2" x 1" strip of barbed wire (its name shared by every strip) west-east at (x, y) mm."""
    return {"id": fid, "kind": "barbed_wire", "name": "barbed wire", "height": 10,
            "exterior": [[x, y], [x + 2 * INCH, y], [x + 2 * INCH, y + INCH], [x, y + INCH]]}


def test_move__inches_and_the_wire_by_its_square():
    """Basic Actions, Move: a 3" move north ends by one of two strips of wire;
    the log says 3" (no " in") and names that strip by its grid square."""
    s = battle([SGT], [FAR], features=[wire("w1", 560, 850), wire("w2", 200, 300)])
    evs = act(s, A.Move(side="red", unit="r1", x=600, y=1000 - 3 * INCH, heading=270))
    line = next(event_line(RULESET, e, SIDES) for e in evs if e.type == "ww2_unit_moved")
    assert line == 'British Sergeant moves 3" toward the barbed wire at D6 and faces north', line


def test_deploy_label__place_compass_and_degrees():
    """Setup Phase: the set-up button says where and which way, 90° as every ruleset writes it."""
    s = battle([SGT], [FAR], features=[TRENCH])
    a = A.Deploy(side="red", unit="r1", x=600, y=1120, heading=90)
    assert describe_action_in(s, a) == "Set up in the red fire trench, facing south (90°)"
    assert describe_action(a) == "Set up here, facing south (90°)"
    assert describe_action(A.Move(side="red", unit="r1", x=0, y=0, heading=270)) == "Move, facing north (270°)"


def test_move_preview__degrees_and_inches():
    s = battle([SGT], [FAR])
    pv = preview(RULESET, s, A.Move(side="red", unit="r1", x=600, y=1000 - 2 * INCH, heading=270))
    assert pv["cost"] == '2" of 4"', pv["cost"]
    assert pv["text"][0] == "ends facing north (270°): front arc 45° either side"
    assert not any("deg" in t for t in pv["text"])


def test_side_panel__headed_lines_and_the_side_as_a_word():
    s = battle([SGT], [FAR], condition="rain")
    s.condition_left = 1
    lines = side_panel(s, "red")
    assert lines[0].startswith("The red command cache: 5 now")
    assert lines[1].startswith("The blue command cache: 5 banked")
    assert lines[2].startswith("Conditions: ") and lines[2].endswith(", 1 turn left"), lines[2]
    assert any(t.startswith("Your mission: ") for t in lines)
    assert "The blue mission: hidden" in side_panel(RULESET.view(s, "red"), "red")
    assert all(t.strip()[:1].isupper() for t in lines), lines


def test_squad_model_name__its_unit_said_once():
    """A squad member reads "German Rifle Squad 1 #3" (it read "German Rifle Squad 1 #3 of German Rifle Squad 1")."""
    from game.rulesets.ww2_skirmish.rules.common import mname

    s = battle([SGT], [("b1", "german_rifle_squad", 600, 100, 90)])
    u = s.units["b1"]
    names = [mname(s, m) for m in u.models]
    assert names[2] == f"{u.name} #3" and all(n.count(u.name) == 1 for n in names), names


def test_turn_start__one_turn_count_and_the_side_as_a_plural_noun():
    """Sequence of Play: a turn's start reads "Turn 2 of 8 begins: the British act first", the side
    as the other lines name it (it read "the British side acts first", the adjective, because the
    line was written without the side's name; before that "Turn 2: activation, turn 2 of 8
    (British)"). A turn start recorded before version 7 keeps its old words."""
    from game.core.event import PhaseBegan
    from game.rulesets.ww2_skirmish.turn import begin_turn

    s = battle([SGT], [FAR])
    em = emitter(s, [1] * 40)
    begin_turn(em, 2)
    starts = [e for e in em.events if isinstance(e, PhaseBegan)]
    assert [event_line(RULESET, e, SIDES) for e in starts] == ["Turn 2 of 8 begins: the British act first"]
    assert em.s.turn == 2 and em.s.phase == "activation, turn 2 of 8"
    old = PhaseBegan(turn=2, phase="activation, turn 2 of 8", side="red")
    assert event_line(RULESET, old, SIDES) == "Turn 2 of 8 begins: the British side acts first"


def test_conditions__a_turn_passing_names_the_weather():
    """Battlefield Conditions: "the flood lasts 2 more turns", "the clear weather passes" (it read
    "the battlefield stays flood for 2 more turns", "the clear passes")."""
    from game.rulesets.ww2_skirmish.rules.conditions import turn_end

    from .helpers import emitter

    s = battle([SGT], [FAR], condition="flood")
    s.condition_left = 3
    em = emitter(s, [])
    turn_end(em)
    assert event_line(RULESET, em.events[0], SIDES) == "The flood lasts 2 more turns"
    s = battle([SGT], [FAR], condition="clear")
    s.condition_left = 1
    em = emitter(s, [4, 2])
    turn_end(em)
    assert event_line(RULESET, em.events[0], SIDES) == "The clear weather passes"


def test_shot__the_unit_fires_its_weapon():
    """Shooting: "British Sergeant fires its Webley revolver at German Feldwebel (front arc)"
    (it read "fires Webley revolver at")."""
    from game.rulesets.ww2_skirmish.catalogue import DATA

    s = battle([("r1", "british_sergeant", 600, 600, 270)], [("b1", "german_feldwebel", 600, 600 - 6 * INCH, 90)])
    wid = next(w for w in s.units["r1"].weapons if not DATA.weapons[w].melee)
    evs = act(s, A.Shoot(side="red", unit="r1", target="b1", weapon=wid), [1] * 20)
    lines = [event_line(RULESET, e, SIDES) for e in evs]
    want = f"British Sergeant fires its {DATA.weapons[wid].name} at German Feldwebel (front arc)"
    assert want in lines, lines


def test_profile__one_model_in_the_singular():
    """A single model's tooltip reads "1 of 1 model" (it read "1 of 1 model(s)"); a squad's "of 10 models"."""
    from game.rulesets.ww2_skirmish.display.figures import profile_lines

    s = battle([SGT], [("b1", "german_rifle_squad", 600, 100, 90)])
    assert profile_lines(s, "r1")[1].endswith(": 1 of 1 model"), profile_lines(s, "r1")
    n = s.units["b1"].start_models
    assert profile_lines(s, "b1")[1].endswith(f" of {n} models"), profile_lines(s, "b1")


def test_conditions_duration__the_fixed_three_is_said_once():
    """Battlefield Conditions: the conditions last D3 + 3 turns; the roll line reads "D3 roll 2 +3 = 5"
    (it read "D3 roll 2 +3 (+3) = 5": the fixed part of the dice expression was labelled with itself)."""
    from game.rulesets.ww2_skirmish.rules.conditions import roll_condition

    from .helpers import emitter

    s = battle([SGT], [FAR])
    em = emitter(s, [4, 4])  # a D3 is a D6 halved, rounding up: a 4 reads 2
    roll_condition(em, "the start of the battle")
    rolls = [e for e in em.events if e.type == "dice_rolled"]
    assert rolls[1].dice_text() == "D3 roll 2 +3 = 5", rolls[1].dice_text()
    assert em.s.condition_left == 5
