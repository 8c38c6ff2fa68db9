"""Foxhole in the desktop app: hot-seat play where each side sees only what
it knows (Foxhole, Hidden Units; Mission Design: the defender does not
necessarily know the attacker's objectives), the handover between them
hiding the table, and an AI battle played to its end. Screenshots are
checked for content."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.rulesets.foxhole.ai.agent import FoxholeAgent
from game.ui.scenes.battle import BattleScene
from tests.ui.conftest import count_colour, distinct_colours

ROOT = Path(__file__).resolve().parents[2]
SEARCH = ROOT / "maps" / "foxhole" / "search_and_destroy.scenario.json"
ORDER = ["usmc", "vc"]


def _play_as_humans(app, scene, until, limit=400, fast=False):
    """Commit the commander agent's choices for whichever human is seated,
    taking the seat at every handover, until ``until(state)`` holds at a
    handover (the scene's state then belongs to the side about to sit);
    ``fast``: no frame drawn between the choices."""
    s = scene.session
    agents = {side: FoxholeAgent(random.Random(3)) for side in ORDER}
    for _ in range(limit):
        if app.top.name == "handover":
            if until(s.battle.state):
                return
            app.top.press(app.top.ready_label)
            continue
        assert app.top is scene
        side = s.viewer
        act = agents[side].choose(s.ruleset, s.view(), side)
        assert scene.commit(act), scene.status
        if not fast:
            app.drive(1)
        elif s.ai_to_act:
            scene.skip_ai()  # the rules' own steps, without drawing a frame
    raise AssertionError("the battle never reached the wanted point")


def test_hot_seat__each_side_sees_only_its_own_list_and_objectives(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(SEARCH, 1, {"usmc": Seat("human"), "vc": Seat("human")},
                                               replay=tmp_path / "fox.replay.jsonl"))
    app.drive(1)
    s = scene.session
    # play the set-up through to the attacker's first activation of turn 1
    _play_as_humans(app, scene, lambda st: st.phase == "activation" and st.turn >= 1 and st.active == "usmc")
    assert app.top.name == "handover" and app.top.side == "usmc"
    shot = pygame.image.load(str(app.screenshot(tmp_path / "fox-handover.png")))
    for side in ORDER:  # the previous side's table, list and objectives are covered
        assert count_colour(shot, app.palette.side(side, ORDER), 12) == 0
    app.top.press("I am US Marines")
    assert s.viewer == "usmc"
    # the other side's last feedback line (its set-up "done") is not left on screen
    assert scene.status == "" and scene.preview is None
    scene.refresh()
    truth = s.battle.state
    hidden = [e for e in truth.elements.values() if e.side == "vc" and e.unrevealed and e.on_table]
    assert hidden, "search and destroy starts with VC elements hidden"
    ids = {f.id for f in scene.view.figures}
    # the attacker sees identical markers, never the hidden elements' ids or names
    assert not ids & {e.id for e in hidden}
    marks = [f for f in scene.view.figures if f.id.startswith("marker-")]
    # alike but for their numbers (Hidden Units: each is marked or numbered)
    assert len(marks) == len(hidden) and len({(f.width, f.depth, f.stands, f.markers) for f in marks}) == 1
    assert sorted(f.label for f in marks) == sorted(f"#{e.marker}" for e in hidden)
    brief = " ".join(s.ruleset.briefing(s.view()))
    assert not any(e.name in brief for e in hidden)
    unknown = [o for o in truth.objectives if not (o.known or o.achieved)]
    labels = [m.label for m in scene.view.markers if m.kind == "objective"]
    assert len(labels) == len(truth.objectives) - len(unknown)
    shot = pygame.image.load(str(app.screenshot(tmp_path / "fox-attacker.png")))
    assert distinct_colours(shot) > 50

    # on to the defender: the handover again, then its own list and no attacker's secondaries
    _play_as_humans(app, scene, lambda st: st.active == "vc")
    app.top.press("I am Viet Cong")
    assert s.viewer == "vc" and scene.status == ""
    scene.refresh()
    brief = s.ruleset.briefing(s.view())
    mine = [e for e in s.battle.state.elements.values() if e.side == "vc" and e.unrevealed and e.on_table]
    assert all(any(e.name in line for line in brief) for e in mine)
    assert not any("secondary" in line for line in brief)
    shot = pygame.image.load(str(app.screenshot(tmp_path / "fox-defender.png")))
    assert distinct_colours(shot) > 50


def test_ai_battle__played_to_its_end_in_the_app(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(ROOT / "maps" / "foxhole" / "patrol.scenario.json", 1, {},
                                               replay=tmp_path / "fox-ai.replay.jsonl"))
    app.drive(1)
    for _ in range(50):
        if scene.session.battle.over:
            break
        scene.skip_ai()
        app.drive(1)
    assert scene.session.battle.over
    app.drive(2)
    shot = pygame.image.load(str(app.screenshot(tmp_path / "fox-end.png")))
    assert distinct_colours(shot) > 50


def test_handover__sums_up_what_the_other_side_did_and_nothing_private_to_it(app, tmp_path):
    """Foxhole hot seat (Hidden Units): the handover screen lists what the other player
    did since this side last acted, and none of the lines private to the other side
    (its hidden list, its set-up) - the summary is read before the table is shown."""
    scene = app.push(BattleScene.from_scenario(SEARCH, 1, {"usmc": Seat("human"), "vc": Seat("human")},
                                               replay=tmp_path / "sum.replay.jsonl"))
    app.drive(1)
    summaries = []
    for _ in range(200):
        if app.top.name == "handover":
            side = app.top.side
            log = scene.session.log
            private_other = {ln.text for ln in log.lines if ln.private not in (None, side)}
            shown = app.top.lines[app.top.lines.index("Since your last move:") + 1:] if "Since your last move:" in app.top.lines else []
            assert not any(t[2:] in private_other for t in shown), (shown, private_other)
            if shown:
                summaries.append((side, shown, private_other))
            app.top.press(app.top.ready_label)
            app.drive(1)
            continue
        if app.top is scene and not scene.my_turn:
            scene.skip_ai()
            app.drive(2)
            continue
        acts = scene.session.ruleset.legal_actions(scene.session.battle.state, scene.session.viewer) if scene.my_turn else []
        if not acts:
            app.drive(1)
            continue
        scene.commit(acts[0])
        app.drive(1)
        if len(summaries) >= 2:
            break
    assert len(summaries) >= 2, summaries
    assert any(private for _, _, private in summaries)  # there was something private to keep back


def test_objectives__a_click_places_one_where_clicked_or_says_why_not(app, tmp_path):
    """Foxhole, Mission Design: with nothing selected, a click in the objectives
    step asks for a possible objective at exactly that point; one the rules
    refuse (2 mm from the table's corner: no element could stand on it) shows
    the rules' reason on the status line instead of nothing happening."""
    convoy = ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json"
    scene = app.push(BattleScene.from_scenario(convoy, 1, {"arvn": Seat("ai", "default"), "vc": Seat("human")},
                                               replay=tmp_path / "fox.replay.jsonl"))
    app.drive(1)
    s = scene.session
    for _ in range(50):
        if s.battle.state.phase == "objectives" and s.viewer == "vc" and scene.my_turn:
            break
        if s.ai_to_act:
            scene.skip_ai()
        else:
            side = s.viewer
            act = FoxholeAgent(random.Random(3)).choose(s.ruleset, s.view(), side)
            assert scene.commit(act), scene.status
        app.drive(1)
    assert s.battle.state.phase == "objectives"
    scene.selected = None
    w, h = s.battle.state.table
    scene.aim(w - 2.0, 2.0, lock=True)
    assert scene.pending == [] and "inside the table edge" in scene.status
    app.drive(1)
    app.screenshot(tmp_path / "fox-objective-refused.png")
    scene.aim(500.0, 210.0, lock=True)
    assert [(a.x, a.y) for a in scene.pending] == [(500.0, 210.0)] and scene.status == ""
    assert scene.commit()
    assert [(o.x, o.y) for o in s.battle.state.objectives] == [(500.0, 210.0)]
