"""Every legal action of the side to act can be reached from the battle
scene: on the action bar (with nothing selected, or with a figure the action
names selected; on any of its pages), or by a click on the table the scene
turns into it (select a figure the action names, then click the figure it
aims at or its point). A choice the scene hides leaves the player stuck, as
WW2's "weapon lost" once did (the squad's choice of which weapon goes named
the squad, not a model, and no menu offered it).

States: along each bundled scenario's golden replay (tools/regen_golden.py),
the first decision of each kind a side makes (a handful per scenario), every
side seated as a human."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat
from game.core.replay import read_replay
from game.ui.preview import end_point
from tools.regen_golden import SEED, bundled, golden_path

RULESETS = ["battlespace", "spacefleet", "battlesystem", "foxhole", "ww2_skirmish"]
#: decisions looked at per ruleset (the first of each kind; kept small: CI budget)
MOST_STATES = 6
#: how far into a golden replay to look (its first decisions hold most kinds)
MOST_ACTIONS = 160
SAVE = Path("/tmp/trial/evidence/ww2_stuck_weapon_lost.save.json")


def _key(a) -> str:
    return str(a.to_dict())


def unreachable(scene) -> list:
    """The viewer's legal actions the scene offers nowhere."""
    s = scene.session
    rs, state = s.ruleset, s.battle.state
    legal = list(rs.legal_actions(state, s.viewer))
    reached = {_key(a) for a, _ in scene.bar_labels(scene.offered_actions(None))}
    missing = []
    for a in legal:
        if _key(a) in reached:
            continue
        named = scene._named_own(a)
        d = a.to_dict()
        ok = False
        if not named and isinstance(d.get("x"), (int, float)):  # a spot: a click there with nothing selected
            scene.aim(d["x"], d["y"], None, lock=True)
            ok = any(_key(b) == _key(a) for b in scene.pending)
            scene.cancel()
        for fid in named:
            if any(_key(b) == _key(a) for b, _ in scene.bar_labels(scene.offered_actions(fid))):
                ok = True
                break
            scene.select(fid)
            targets = [v for v in d.values() if isinstance(v, str) and v in scene.view.by_id and v not in named]
            for t in targets:  # a click on the figure it aims at (the rules pick the spot beside it)
                scene.aim(0.0, 0.0, t, lock=True)
                if any(_key(b) == _key(a) or (b.type == a.type and "x" in d) for b in scene.pending):
                    ok = True
            pt = end_point(a)  # its point, or where its path ends (a move)
            if not ok and pt is not None:  # a click at its point
                scene.aim(*pt, None, lock=True)
                ok = any(b.type == a.type and set(scene._named_own(b)) == set(named) for b in scene.pending)
            scene.select(None)
            if ok:
                break
        if not ok:
            missing.append(d)
    return missing


def _states(rid: str):
    """(scenario path, action index) of the first decision of each kind a
    side makes in the bundled scenarios' golden replays, at most
    :data:`MOST_STATES`."""
    seen: set[str] = set()
    out, total = [], 0
    for r, path in bundled([rid]):
        rec = read_replay(golden_path(r, path))
        picks = []
        for i, line in enumerate(rec.actions[:MOST_ACTIONS]):
            t = line.action["type"]
            if t not in seen and line.action.get("side") != "rules" and total < MOST_STATES:
                seen.add(t)
                picks.append(i)
                total += 1
        if picks:
            out.append((path, rec, picks))
    return out


@pytest.mark.parametrize("rid", RULESETS)
def test_every_legal_action_is_on_the_bar_or_a_table_click_away(app, tmp_path, rid):
    from game.ui.scenes.battle import BattleScene
    from game import rulesets

    rs = rulesets.get(rid)
    checked = 0
    for path, rec, picks in _states(rid):
        scene = BattleScene.from_scenario(path, SEED, {side: Seat("human") for side in _sides(path)},
                                          replay=tmp_path / f"{path.stem}.replay.jsonl")
        app.push(scene)
        s = scene.session
        for i, line in enumerate(rec.actions[: max(picks) + 1]):
            action = rs.parse_action(line.action)
            if i in picks:
                s.viewer = action.side
                s.controller.handover_to = None
                scene.select(None)
                scene.refresh()
                assert s.waiting_for == action.side
                missing = unreachable(scene)
                assert not missing, f"{path.name} decision {i}: {len(missing)} legal actions the scene offers nowhere, e.g. {missing[:3]}"
                checked += 1
            assert s.battle.submit(action).ok
        app.pop()
        scene.exit()
    assert checked >= 3


def _sides(path: Path) -> list[str]:
    from game.battle.loading import open_scenario

    rs, sc, _ = open_scenario(path)
    return list(rs.sides(sc))


def test_weapon_lost__the_squads_choice_is_on_the_bar_with_nothing_selected(app, tmp_path):
    """WW2 (weapon lost): when a squad loses a model its player chooses which
    weapon goes; the choice names the squad, not a model, and no model's menu
    offers it, so the bar offers it with nothing selected, under the
    ruleset's labels."""
    from game import rulesets
    from game.ui.scenes.battle import BattleScene

    rs = rulesets.get("ww2_skirmish")
    path = next(p for r, p in bundled(["ww2_skirmish"]) if p.name == "bite_and_hold.scenario.json")
    rec = read_replay(golden_path("ww2_skirmish", path))
    i = next(k for k, line in enumerate(rec.actions) if line.action["type"] == "ww2_choose_loss")
    scene = app.push(BattleScene.from_scenario(path, SEED, {side: Seat("human") for side in _sides(path)},
                                               replay=tmp_path / "w.replay.jsonl"))
    s = scene.session
    for line in rec.actions[:i]:
        assert s.battle.submit(rs.parse_action(line.action)).ok
    side = rec.actions[i].action["side"]
    s.viewer, s.controller.handover_to = side, None
    scene.select(None)
    app.drive(1)
    legal = rs.legal_actions(s.battle.state, side)
    assert legal and all(a.type == "ww2_choose_loss" for a in legal)
    assert [a.to_dict() for a in scene.bar_actions] == [a.to_dict() for a in legal]
    labels = [b.text for b in scene._bar_buttons]
    assert all(t.startswith("Lose a") for t in labels) and len(set(labels)) == len(legal)
    assert scene.turn_hint() == "Your turn: choose one of the buttons below."
    assert not unreachable(scene)


def test_nothing_selected__a_ships_listed_moves_wait_for_the_ship(app, tmp_path):
    """A figure's own listed actions (a space-fleet ship's moves) are on the bar
    when the ship is selected, not with nothing selected: the bar then showed
    "Move 12.5 cm" for no ship named, 43 pages of them, at the first decision."""
    from game.ui.scenes.battle import BattleScene

    path = next(p for r, p in bundled(["spacefleet"]) if p.name == "planet_low_orbit.scenario.json")
    scene = app.push(BattleScene.from_scenario(path, SEED, {side: Seat("human") for side in _sides(path)},
                                               replay=tmp_path / "s.replay.jsonl"))
    s = scene.session
    rs = s.ruleset
    rec = read_replay(golden_path("spacefleet", path))
    i = next(k for k, line in enumerate(rec.actions) if line.action["type"] == "sf_move")
    for line in rec.actions[:i]:
        assert s.battle.submit(rs.parse_action(line.action)).ok
    side = rec.actions[i].action["side"]
    s.viewer, s.controller.handover_to = side, None
    scene.select(None)
    scene.refresh()
    app.drive(1)
    bare = scene.offered_actions(None)
    assert all(not scene._named_own(a) for a in bare), [a.to_dict() for a in bare[:3]]
    ship = next(f.id for f in scene.view.figures if f.side == side)
    mine = scene.offered_actions(ship)
    assert any(a.type == "sf_move" and ship in scene._named_own(a) for a in mine)
    assert not unreachable(scene)
