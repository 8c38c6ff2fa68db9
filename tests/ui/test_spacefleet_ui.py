"""The battle scene on the space-fleet planet_low_orbit scenario: a human
Imperial fleet against the default Chaos AI. Select a ship, preview and
commit a move (undo, redo), the LoS overlay, close in and fire with the
rules' own odds, save and load, screenshot."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest

from game.battle.seats import Seat
from tests.ui.conftest import click, start_battle

SCENARIO = Path(__file__).resolve().parents[2] / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


def _start(app, tmp_path):
    return start_battle(app, SCENARIO, {"imperial": Seat("human")}, tmp_path / "sf.replay.jsonl")


_click = click


def _nearest_enemy(st, sh):
    foes = [e for e in st.ships.values() if e.side != sh.side and e.status == "active" and e.zone == sh.zone]
    return min(foes, key=lambda e: math.hypot(e.x - sh.x, e.y - sh.y), default=None)


def test_spacefleet_play_select_move_fire_save_load(app, tmp_path):
    from tests.ui.conftest import distinct_colours

    scene = _start(app, tmp_path)
    s = scene.session
    rs = s.ruleset
    assert s.viewer == "imperial" and scene.my_turn and s.battle.state.phase == "movement"
    cam = scene.view.camera
    st = s.battle.state
    # every ship is drawn at its state position with its base and markers
    for sh in st.ships.values():
        f = scene.view.by_id[sh.id]
        assert (f.x, f.y, f.radius) == (sh.x, sh.y, sh.radius)
        assert f.markers[0].startswith("hits:")
    # select the Lunar with a click on its base
    lu = st.ships["imp_lunar"]
    _click(app, cam.to_screen(lu.x, lu.y))
    assert scene.selected == "imp_lunar"
    app.drive(1)
    assert any(a.type == "sf_declare_order" for a in scene.bar_actions)
    # hover 15 cm ahead (the Lunar faces south): a legal move with its cost
    x0, y0 = lu.x, lu.y
    target = cam.to_screen(x0 + 20, y0 + 150)
    app.drive(2, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])
    pv = scene.preview
    assert pv is not None and pv.action.type == "sf_move" and pv.legal and "cm of" in pv.cost and len(pv.path) >= 2
    assert pv.arcs  # the broadside arcs from where it would end
    # its cost is written by the end of the path, clear of the path line, of every label and token
    from game.ui.render.overlays import clear_of_path
    from tests.ui.conftest import label_overlaps, label_token_overlaps

    cost = [r for t, r in scene.view.label_rects if t == pv.cost]
    assert len(cost) == 1 and clear_of_path(cost[0], [cam.to_screen(*p) for p in pv.path]), cost
    assert not label_overlaps(scene.view.label_rects) and not label_token_overlaps(scene.view)
    # too far: the rules' reason
    scene.aim(x0, y0 + 600, lock=True)
    assert scene.preview.action.type == "sf_move"
    # click the point twice: offered, then committed
    _click(app, target)
    assert scene.pending and scene.pending[0].type == "sf_move"
    _click(app, target)
    moved = s.battle.state.ships["imp_lunar"]
    assert moved.moved and moved.y > y0
    assert scene.view.by_id["imp_lunar"].y == moved.y
    # undo (no dice were rolled), then redo with Enter
    assert scene.undo() == 1 and s.battle.state.ships["imp_lunar"].y == y0
    _click(app, target)
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert s.battle.state.ships["imp_lunar"].y > y0
    # the LoS overlay from the Lunar to the Chaos ships only
    assert scene.view.los is not None and scene.view.los.viewer_id == "imp_lunar"
    assert {ln.target_id for ln in scene.view.los.lines} <= {sh.id for sh in st.ships.values() if sh.side == "chaos"}
    # close in turn by turn until a gun bears, then fire with the rules' odds shown
    fired = False
    for _ in range(60):
        if s.battle.over or fired:
            break
        if not scene.my_turn:
            scene.skip_ai()
            continue
        st = s.battle.state
        if st.phase == "brace":
            assert scene.commit([a for a in rs.legal_actions(st, "imperial") if a.type == "sf_take_it"][0])
            continue
        if st.phase == "movement":
            for sh in sorted(st.ships.values(), key=lambda x: x.id):
                sh = s.battle.state.ships[sh.id]
                if sh.side != "imperial" or sh.status != "active" or sh.moved:
                    continue
                foe = _nearest_enemy(s.battle.state, sh)
                if foe is None:
                    continue
                scene.select(sh.id)
                scene.aim(foe.x, foe.y, lock=True)
                if scene.preview is not None and scene.preview.legal:
                    assert scene.commit()
            assert scene.commit(rs.figure_actions(s.battle.state, "imperial", "imp_lunar", None)[-1], confirmed=True)  # End phase
            continue
        if st.phase == "shooting":
            for sh in sorted(st.ships.values(), key=lambda x: x.id):
                if sh.side != "imperial" or sh.status != "active":
                    continue
                for foe in [e for e in st.ships.values() if e.side == "chaos" and e.status == "active"]:
                    acts = rs.figure_actions(st, "imperial", sh.id, foe.id)
                    if acts and acts[0].type == "sf_fire" and rs.check(st, acts[0]).ok:
                        scene.select(sh.id)
                        scene.aim(foe.x, foe.y, target_id=foe.id, lock=True)
                        assert scene.pending[0].type == "sf_fire" and scene.preview.legal
                        assert scene.preview.odds is not None and any(ln.startswith("chance ") for ln in scene.preview.lines)
                        assert "D6, column" in scene.preview.need or "lances" in scene.preview.need
                        n = len(s.battle.history)
                        assert scene.commit()
                        assert len(s.battle.history) == n + 1
                        fired = True
                        break
                if fired:
                    break
            if not fired:
                assert scene.commit(rs.figure_actions(st, "imperial", "imp_lunar", None)[-1])
    assert fired, "no Imperial gun came to bear"
    scene.skip_ai()
    if s.battle.state.phase == "brace" and scene.my_turn:
        scene.commit([a for a in rs.legal_actions(s.battle.state, "imperial") if a.type == "sf_take_it"][0])
    app.drive(2)
    assert any(("fires" in ln.text or "aims" in ln.text) for ln in s.log.lines)
    assert not any(ln.text.strip().startswith("{") for ln in s.log.lines)
    shot = app.screenshot(tmp_path / "sf-after-shot.png")
    assert distinct_colours(pygame.image.load(str(shot))) > 50
    # save, then load it back
    save = scene.save_game(tmp_path / "sf.save.json")
    data = json.loads(save.read_text())
    n_hist = len(s.battle.history)
    assert len(data["actions"]) == n_hist
    assert scene.load_game(save)
    s = scene.session
    assert len(s.battle.history) == n_hist
    app.drive(1)
    assert scene.view.figures


def test_spacefleet_screenshot_is_not_blank(app, tmp_path):
    from tests.ui.conftest import distinct_colours

    scene = _start(app, tmp_path)
    scene.prepare_screenshot()
    app.drive(2)
    assert scene.selected is not None and scene.view.los is not None
    shot = app.screenshot(tmp_path / "sf.png")
    assert distinct_colours(pygame.image.load(str(shot))) > 50


def test_space_table_is_a_near_black_starfield_not_ground_green(app, tmp_path):
    """A space map (planets, asteroid fields) is drawn near-black with stars; a ground map keeps the green table."""
    from game.data.maps import load_map
    from game.ui.palette import DEFAULT, SPACE_TABLE, table_style
    from tests.ui.conftest import count_colour

    scene = _start(app, tmp_path)
    app.drive(1)
    assert scene.view.terrain.style == "space"
    assert scene.view.terrain.palette.table == SPACE_TABLE
    shot = pygame.image.load(str(app.screenshot(tmp_path / "sf-space.png")))
    x, y, w, h = scene.view.camera.viewport
    table_px = shot.subsurface(pygame.Rect(x, y, w, h))
    assert count_colour(table_px, DEFAULT.table, tol=6) == 0  # no ground green left
    assert count_colour(table_px, SPACE_TABLE, tol=6) > w * h // 4
    assert count_colour(table_px, (200, 200, 220), tol=60) > 50  # stars
    ground = load_map(Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission5.map.json")
    assert table_style(ground) == "ground"
    assert table_style(None, [], ruleset=type("R", (), {"table_style": "space"})()) == "space"


def test_shift_click_on_a_friendly_ship_offers_fighters_on_cap(app, tmp_path):
    """spacefleet_core 1.9 (CAP) in the app: with the Dictator selected in the
    shooting phase, a plain click on a friendly ship selects that ship, while
    Shift + click aims the Dictator's fighters at it (CAP)."""
    from game.rulesets.spacefleet.actions import EndPhase

    scene = start_battle(app, SCENARIO.with_name("mercurial_zone.scenario.json"), {"imperial": Seat("human")},
                         tmp_path / "cap.replay.jsonl")
    s = scene.session
    assert s.submit(EndPhase(side="imperial")).ok  # every ship moves its minimum: the shooting phase
    scene.refresh()
    st = s.battle.state
    assert st.phase == "shooting" and st.active == "imperial"
    carrier = next(sh for sh in st.ships.values() if sh.profile == "dictator" and sh.side == "imperial")
    friend = min((sh for sh in st.ships.values() if sh.side == "imperial" and sh.id != carrier.id),
                 key=lambda sh: math.hypot(sh.x - carrier.x, sh.y - carrier.y))
    cam = scene.view.camera
    _click(app, cam.to_screen(carrier.x, carrier.y))
    assert scene.selected == carrier.id
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        _click(app, cam.to_screen(friend.x, friend.y))
    finally:
        pygame.key.set_mods(0)
    assert scene.selected == carrier.id
    caps = [a for a in scene.pending if a.type == "sf_launch" and a.craft == "fighter" and a.target == friend.id]
    assert caps and all(rs_ok.ok for rs_ok in (s.ruleset.check(st, a) for a in caps))
    _click(app, cam.to_screen(friend.x, friend.y))  # no Shift: selects the friend
    assert scene.selected == friend.id


def _close_quarters(tmp_path) -> Path:
    """The deep-space map with a Lunar and a Murder 20 cm apart, the Murder to
    the Lunar's starboard: the first shot opens a Brace window (a Slaughter
    far off, a second Chaos ship to select meanwhile)."""
    base = Path(__file__).resolve().parents[2] / "maps" / "spacefleet"
    sc = json.loads((base / "deep_space.scenario.json").read_text())
    (tmp_path / "deep_space.map.json").write_text((base / "deep_space.map.json").read_text())
    sc["map"] = "deep_space.map.json"  # a map is named relative to its scenario
    sc["forces"] = {"imperial": [{"id": "imp_lunar", "profile": "lunar", "x": 900.0, "y": 400.0, "heading": 0.0,
                                  "params": {"ld": 8}}],
                    "chaos": [{"id": "cha_murder", "profile": "murder", "x": 1000.0, "y": 600.0, "heading": 0.0,
                               "params": {"ld": 8}},
                              {"id": "cha_slaughter", "profile": "slaughter", "x": 300.0, "y": 900.0, "heading": 180.0,
                               "params": {"ld": 8}}]}
    path = tmp_path / "close.scenario.json"
    path.write_text(json.dumps(sc))
    return path


def test_hot_seat_without_hidden_information_asks_brace_in_place(app, tmp_path):
    """spacefleet hides nothing: two human fleets share the screen. The
    Lunar's shot at the Murder asks Chaos to brace there and then - a banner
    says who decides and why; no full-screen handover - and the decision goes
    back to the Imperial player the same way. Buttons name ships and weapons."""
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(_close_quarters(tmp_path), 1,
                                               {"imperial": Seat("human"), "chaos": Seat("human")},
                                               replay=tmp_path / "hs.replay.jsonl"))
    app.drive(2)
    scene.skip_ai()  # the rules' start-of-turn step
    s = scene.session
    assert app.top is scene and s.viewer == "imperial" and scene.my_turn
    rs = s.ruleset
    end = next(a for a in rs.legal_actions(s.battle.state, "imperial") if a.type == "sf_end_phase")
    assert scene.commit(end, confirmed=True)  # the Lunar moves its least distance straight on; the shooting phase
    app.drive(2)
    scene.select("imp_lunar")
    acts = rs.figure_actions(s.battle.state, "imperial", "imp_lunar", "cha_murder")
    fire = next(a for a in acts if a.type == "sf_fire" and rs.check(s.battle.state, a).ok)
    assert rs.describe_action(fire, s.battle.state) == "Fire starboard lances at Murder class cruiser"
    assert scene.commit(fire)
    app.drive(3)
    assert app.top is scene and s.viewer == "chaos" and scene.my_turn
    banner = scene.decision_banner()
    assert banner.startswith("Chaos raiders decides: brace the Murder class cruiser against the Lunar class cruiser's "
                             "starboard lances") and "during Imperial Navy's shooting" in banner
    app.drive(1)
    labels = {rs.describe_action(a, s.battle.state) for a in scene.bar_actions}
    assert {"Brace the Murder class cruiser (under fire from the Lunar class cruiser)", "Take it (no brace)"} <= labels
    # whichever ship is selected, the brace offered is the attacked ship's, and its button says why (core 1.4)
    scene.select("cha_slaughter")
    app.drive(1)
    braces = [a for a in scene.bar_actions if a.type == "sf_brace"]
    assert [a.ship for a in braces] == ["cha_murder"]
    assert scene.label_of(braces[0]).endswith("(under fire from the Lunar class cruiser)")
    scene.select(None)
    app.drive(1)
    app.screenshot(tmp_path / "brace_in_place.png")
    take = next(a for a in scene.bar_actions if a.type == "sf_take_it")
    assert scene.commit(take)
    app.drive(3)
    assert app.top is scene and s.viewer == "imperial" and scene.my_turn
    assert scene.decision_banner() == "Imperial Navy's turn: shooting phase"
