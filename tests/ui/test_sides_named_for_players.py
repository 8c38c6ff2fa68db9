"""Text a player reads names a side by the scenario's name for it
(``Scenario.side_name``: Battlespace's ``fireteam`` is "Fireteam Alpha"),
never by its id: the battle header, the end-of-battle summary, the menu's
seat choices, the hot-seat handover and decision banner, the log's Side
filter, the score, tooltips, and the headless CLI's result line (``GameResult``
and the ``--json`` output keep ids)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.battle.runner import GameResult, result_line
from game.battle.seats import Seat
from game.data.scenario import load_scenario
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.summary import SummaryScene
from game.core.logtext import name_sides

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1_2x2.scenario.json"
SF = ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"
FOX = ROOT / "maps" / "foxhole" / "search_and_destroy.scenario.json"


def test_scenario_side_name__name_else_id():
    sc = load_scenario(M1)[0]
    assert sc.side_name("fireteam") == "Fireteam Alpha"
    assert sc.side_name("rules") == "rules"  # a side the scenario does not seat: its id
    assert sc.side_name(None) == ""
    nameless = sc.model_copy(update={"sides": [s.model_copy(update={"name": ""}) for s in sc.sides]})
    assert nameless.side_name("fireteam") == "fireteam"


def test_result_line__names_the_winner_json_keeps_ids(tmp_path):
    sc = load_scenario(M1)[0]
    res = GameResult(1, "fireteam", "the survivor is out", 4, 30, None)
    assert result_line(res, sc) == "Battle over after 4 turns and 30 actions: Fireteam Alpha wins (the survivor is out)."
    assert result_line(GameResult(1, None, "turn limit", 15, 90, None), sc).endswith(": a draw (turn limit).")


def test_name_sides__rewrites_whole_words_and_possessives():
    sc = load_scenario(SF)[0]
    assert name_sides("chaos's turn: movement phase", sc) == "Chaos raiders' turn: movement phase"
    assert name_sides("imperial decides, during chaos's shooting", sc) == \
        "Imperial Navy decides, during Chaos raiders' shooting"
    assert name_sides("chaotic imperials", sc) == "chaotic imperials"  # only whole words


def test_battle_header_and_summary__side_names(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(M1, 1, {"fireteam": Seat("human")}, replay=tmp_path / "r.jsonl",
                                               screenshot_mode=True))
    app.drive(2)
    scene.skip_ai()
    app.drive(1)
    head = scene.header_text(1600)
    assert head.endswith("|  Fireteam Alpha to act (you)"), head
    # a Reyes tooltip: the bracketed side id of his profile reads as the side's name
    reyes = scene.view.by_id["reyes"]
    scene.view.mouse = scene.view.camera.to_screen(reyes.x, reyes.y)
    assert scene.view.tooltip_lines()[0] == "Sgt. Reyes (Fireteam Alpha)"
    app.screenshot(tmp_path / "header.png")
    # the battle ends: header and summary name the winner
    b = scene.session.battle
    b.state.winner, b.state.over, b.state.end_reason = "fireteam", True, "the survivor is out"
    assert scene.header_text(1600) == "Battle over - Fireteam Alpha (the survivor is out)"
    from types import SimpleNamespace

    out = SimpleNamespace(winner="fireteam", reason="the survivor is out", score={"fireteam": 2, "enemy": 0})
    summary = app.push(SummaryScene(out, 4, 30, tmp_path / "r.jsonl", lambda: None, lambda: None,
                                    side_name=b.scenario.side_name, sides=b.scenario))
    app.drive(1)
    assert summary.lines[0] == "Winner: Fireteam Alpha"
    assert "Score: Fireteam Alpha 2, Al Wahid 0" in summary.lines
    app.screenshot(tmp_path / "summary.png")


def test_menu_seats__side_names(app, tmp_path):
    menu = app.push(MenuScene(scenario=FOX, seed=1))
    app.drive(2)
    assert [lab.text for lab in menu._seat_labels] == ["US Marines", "Viet Cong"]
    assert list(menu.seats()) == ["usmc", "vc"]  # the seats themselves stay keyed by id
    app.screenshot(tmp_path / "menu.png")


def test_hot_seat__handover_banner_and_log_filter_name_sides(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(SF, 1, {"imperial": Seat("human"), "chaos": Seat("human")},
                                               replay=tmp_path / "sf.jsonl", screenshot_mode=True))
    app.drive(2)
    scene.skip_ai()  # the rules' steps before the first decision
    s = scene.session
    assert scene.decision_banner() == "Imperial Navy's turn: movement phase"
    for _ in range(60):  # imperial's turn played through by ending each phase, to chaos's turn
        if s.waiting_for == "chaos":
            break
        if s.waiting_for is None:
            scene.skip_ai()  # the rules' steps between phases
            continue
        assert scene.my_turn
        assert scene.commit(scene._legal_now()[-1]), scene.status
        app.drive(1)
    banner = scene.decision_banner()
    assert banner == "Chaos raiders' turn: movement phase", banner
    assert s.viewer == "chaos" and scene.header_text(1600).endswith("Chaos raiders to act (you)")
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.btn_side)
    seen = []
    for _ in range(len(s.log.sides())):
        app.drive(1, [press])
        seen.append(scene.btn_side.text)
    assert "Side: Imperial Navy" in seen and "Side: Chaos raiders" in seen
    assert not any(t in ("Side: imperial", "Side: chaos") for t in seen)


def test_handover_screen__names_the_side(app, tmp_path):
    from game.ui.scenes.handover import HandoverScene

    sc = load_scenario(FOX)[0]
    h = app.push(HandoverScene("usmc", lambda: None, name=sc.side_name("usmc")))
    app.drive(1)
    assert h.title == "Pass to US Marines" and "I am US Marines" in h.buttons
    assert h.side == "usmc"

