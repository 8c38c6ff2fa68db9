"""A move offered toward a model or a point it cannot reach this activation
is one button that says so ("Advance toward ... (out of reach)"), not two
near-identical "Advance to" buttons; the action bar wraps onto a second row
rather than dropping it (Battlespace: Movement - an advance is two moves)."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.rulesets.battlespace import actions as A
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def _okafor_activated(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    scene.select("okafor")
    assert scene.commit(A.Activate(side="fireteam", unit="okafor"))  # seed 1: D20 9 +2 = 11 vs 8
    st = scene.session.battle.state
    assert st.current == "okafor" and st.figs["okafor"].orders == 2
    return scene, st


def _moves(scene):
    return [(scene.label_of(a), a) for a in scene.bar_actions if isinstance(a, A.Move)]


def test_an_enemy_out_of_reach__one_advance_toward_it(app, tmp_path):
    scene, st = _okafor_activated(app, tmp_path)
    scene.aim(0, 0, "a0", lock=True)
    app.drive(2)
    moves = _moves(scene)
    assert len(moves) == 1
    label, mv = moves[0]
    name = scene.view.namer.figures["a0"]
    assert label == f"Advance toward {name} (out of reach)"
    assert mv.advance and abs(((mv.x - 472) ** 2 + (mv.y - 848) ** 2) ** 0.5 - 176) < 0.5  # the whole advance
    assert scene.session.ruleset.check(st, mv).ok
    app.screenshot(tmp_path / "advance-toward.png")


def test_a_point_out_of_reach__one_move_toward_it(app, tmp_path):
    scene, st = _okafor_activated(app, tmp_path)
    scene.aim(450, 100, lock=True)  # 750 mm north, a low wall in the straight way
    app.drive(2)
    moves = _moves(scene)
    assert len(moves) == 1, [m[0] for m in moves]
    label, mv = moves[0]
    assert label.startswith("Advance ") and label.endswith("(out of reach)")
    assert scene.session.ruleset.check(st, mv).ok
    scene.aim(472, 848 - 60, lock=True)  # in reach: the plain label
    app.drive(1)
    assert [m[0].startswith("Move to") for m in _moves(scene)] == [True]


def test_a_point_out_of_reach__the_button_names_the_way_as_the_log_will(app, tmp_path):
    """The button of a move toward a point names its length and way in the
    words the log then uses ("Move 3.5 in toward Cpl. Okafor"), not the grid
    square clicked ("Move toward D5")."""
    scene, st = _okafor_activated(app, tmp_path)
    scene.aim(450, 100, lock=True)
    app.drive(2)
    (label, mv), = _moves(scene)
    assert label.endswith(" (out of reach)")
    way = label.removeprefix("Advance ").removesuffix(" (out of reach)")
    assert way[0].isdigit() and " in " in way
    before = len(scene.session.log.lines)
    assert scene.commit(mv)
    said = [scene.view.namer(ln.text) for ln in scene.session.log.lines[before:]]
    assert any(t.endswith(way) or f" {way} " in t or f" {way}," in t for t in said), (way, said)
