"""Side colours (distinct, neutral sides muted, ``side_style``), sight lines
only to enemies (``enemies_of``, else the other sides of ``state.sides``),
and the bottom bar showing the selection, the action label, its odds and the
preview text at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat
from game.ui.palette import COLOUR_BLIND, DEFAULT, PALETTES, SideColours
from game.ui.preview import Preview
from game.ui.sides import enemy_sides

ROOT = Path(__file__).resolve().parents[2]
BS = ROOT / "maps" / "battlespace"
COOP = BS / "mission1_coop.scenario.json"
MISSION1 = BS / "mission1.scenario.json"
MISSION2 = BS / "mission2.scenario.json"
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"
needs_coop = pytest.mark.skipif(not COOP.exists(), reason="Battlespace co-op mission 1 is not bundled")


def _battle(app, scenario, seats, tmp_path):
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(scenario, 1, seats, replay=tmp_path / "t.replay.jsonl",
                                               screenshot_mode=True))
    app.drive(1)
    return scene


def _table_sides(scene) -> set[str]:
    st = scene.session.view()
    return set(st.sides) | {f.side for f in scene.view.figures} | {m.side for m in scene.view.markers if m.side}


# ----------------------------------------------------------------------------- colours
@pytest.mark.parametrize("pal", [DEFAULT, COLOUR_BLIND])
def test_side_colours__synthetic_sides__all_distinct_in_order(pal):
    """state.sides take the side hues in order; the other sides follow sorted,
    neutral ones (not in state.sides, no hook) in the muted neutrals."""
    c = SideColours(pal, ["fireteam", "fireteam2", "enemy"], ["vehicles", "civilian", "hostage"])
    assert c("fireteam") == pal.sides[0] and c("fireteam2") == pal.sides[1] and c("enemy") == pal.sides[2]
    assert [c("civilian"), c("hostage"), c("vehicles")] == list(pal.neutrals[:3])
    assert len({c(s) for s in ["fireteam", "fireteam2", "enemy", "vehicles", "civilian", "hostage"]}) == 6
    assert c("civilian") != c("fireteam2")  # the reported collision (both blue)
    assert not set(pal.neutrals) & set(pal.sides)


def test_side_colours__many_sides__never_repeat_and_are_stable():
    names = [f"s{i}" for i in range(30)]
    c = SideColours(DEFAULT, names[:4], names[4:])
    cols = [c(n) for n in names]
    assert len(set(cols)) == 30
    late = c("latecomer")  # first seen later: a new colour, nobody else changes
    assert late not in cols and [c(n) for n in names] == cols
    again = SideColours(DEFAULT, names[:4], reversed(names[4:]))
    assert [again(n) for n in names] == cols  # deterministic: others sorted


def test_side_colours__side_style_hook():
    """``side_style`` decides: a playable-looking side styled neutral is muted,
    a non-playable one styled hostile takes a side hue; bad answers fall back."""
    style = {"hostage": "neutral", "enemy": "hostile", "cartel": "hostile", "fireteam": "friendly"}
    c = SideColours(DEFAULT, ["fireteam", "enemy", "hostage"], ["cartel", "weird"], lambda s: style.get(s, "bogus"))
    assert c("fireteam") == DEFAULT.sides[0] and c("enemy") == DEFAULT.sides[1]
    assert c("hostage") == DEFAULT.neutrals[0]
    assert c("cartel") == DEFAULT.sides[2]
    assert c.style("weird") == "neutral" and c("weird") == DEFAULT.neutrals[1]


@needs_coop
@pytest.mark.parametrize("pal", sorted(PALETTES))
def test_coop_mission__every_side_on_the_table_has_its_own_colour(app, tmp_path, pal):
    app.settings.palette = pal
    scene = _battle(app, COOP, {"fireteam": Seat("human"), "fireteam2": Seat("human")}, tmp_path)
    sides = _table_sides(scene)
    assert {"fireteam", "fireteam2", "enemy", "vehicles"} <= sides
    cols = {s: scene.view.colours(s) for s in sides}
    assert len(set(cols.values())) == len(sides), cols
    p = PALETTES[pal]
    st = scene.session.view()
    assert [cols[s] for s in st.sides] == list(p.sides[:len(st.sides)])  # by the order of state.sides
    assert cols["vehicles"] in p.neutrals  # not in state.sides and no hook: neutral
    # the figures are drawn in those colours
    from tests.ui.conftest import count_colour

    app.drive(1)
    for s in ("fireteam", "fireteam2", "enemy"):
        assert count_colour(app.screen, cols[s], 4) > 20, s


@pytest.mark.skipif(not MISSION2.exists(), reason="Battlespace mission 2 is not bundled")
def test_civilians_are_muted_and_unlike_any_fighting_side(app, tmp_path):
    scene = _battle(app, MISSION2, {"fireteam": Seat("human")}, tmp_path)
    sides = _table_sides(scene)
    assert "civilian" in sides
    c = scene.view.colours
    assert c("civilian") in app.palette.neutrals
    assert len({c(s) for s in sides}) == len(sides)


# ----------------------------------------------------------------------------- sight lines
@needs_coop
def test_los__without_enemies_of__lines_to_the_other_sides_of_state_sides(app, tmp_path, monkeypatch):
    scene = _battle(app, COOP, {"fireteam": Seat("human"), "fireteam2": Seat("human")}, tmp_path)
    rs = scene.session.ruleset
    if hasattr(type(rs), "enemies_of"):
        monkeypatch.delattr(type(rs), "enemies_of")  # the fallback for rulesets without the hook
    assert not hasattr(rs, "enemies_of")
    st = scene.session.view()
    me = next(f for f in scene.view.figures if f.side == "fireteam")
    scene.select(me.id)
    want = sorted(f.id for f in scene.view.figures if f.side in st.sides and f.side != "fireteam")
    assert sorted(ln.target_id for ln in scene.view.los.lines) == want
    assert not any(scene.view.by_id[ln.target_id].side == "vehicles" for ln in scene.view.los.lines)


@needs_coop
def test_los__enemies_of_hook__lines_only_to_hostile_figures(app, tmp_path, monkeypatch):
    """With ``enemies_of``, no sight line goes to the allied fireteam or the vehicles."""
    scene = _battle(app, COOP, {"fireteam": Seat("human"), "fireteam2": Seat("human")}, tmp_path)
    rs = scene.session.ruleset
    assert enemy_sides(rs, scene.session.view(), "fireteam") == {"enemy"}  # Battlespace's own hook
    me = next(f for f in scene.view.figures if f.side == "fireteam")
    scene.select(me.id)
    hostile = sorted(f.id for f in scene.view.figures if f.side == "enemy")
    assert hostile
    lines = scene.view.los.lines
    assert len(lines) == len(hostile) and sorted(ln.target_id for ln in lines) == hostile
    app.drive(1)
    app.screenshot(tmp_path / "coop-los.png")


def test_los__toy_duel__fallback_draws_to_the_other_side(app, tmp_path):
    scene = _battle(app, DUEL, {"red": Seat("human")}, tmp_path)
    scene.select("r1")
    blue = sorted(f.id for f in scene.view.figures if f.side == "blue")
    assert sorted(ln.target_id for ln in scene.view.los.lines) == blue


# ----------------------------------------------------------------------------- bottom bar
def _size_app(tmp_path, monkeypatch, size):
    from game.ui.app import App
    from game.ui.settings import Settings

    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    return App(size=size, settings=Settings(), headless=True)


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_bottom_bar__long_preview__label_odds_need_and_every_text_line_shown(tmp_path, monkeypatch, size):
    """A preview with odds used to push the action label out, and its ``text``
    never showed: now every part is drawn, wrapped to the bar."""
    from game.ui import fonts
    from game.ui.scenes.layout import bottom_rect

    a = _size_app(tmp_path, monkeypatch, size)
    try:
        scene = _battle(a, DUEL, {"red": Seat("human")}, tmp_path)
        scene.select("r1")
        act = scene.session.ruleset.figure_actions(scene.session.battle.state, "red", "r1", None)[0]
        long = "the target is in light cover behind the low wall, so the shot is harder " * 3
        scene.preview = Preview(act, True, cost="1 order", odds=0.42, need="4+ on d6", text=[long.strip(), "jams on a 1"])
        scene.set_status("")
        a.drive(1)
        drawn = scene.bottom_text
        joined = " ".join(drawn)
        from game.ui.preview import action_label

        assert drawn[0].startswith(action_label(act, scene.session.ruleset))
        assert len(drawn) == 5  # label, odds and need, the long text wrapped on two lines, the last text
        assert "chance 42%" in joined and "needs 4+ on d6" in joined
        assert " ".join(long.split()) in " ".join(joined.split()) and "jams on a 1" in joined
        width = bottom_rect(a.size, scene.bottom_height()).width - 20
        assert all(fonts.font(13).size(t)[0] <= width for t in drawn)
        a.screenshot(tmp_path / f"bar-{size[0]}.png")
    finally:
        while a.stack:
            a.stack.pop().exit()


@pytest.mark.skipif(not MISSION1.exists(), reason="Battlespace mission 1 is not bundled")
@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_bottom_bar__battlespace_fire__selected_label_odds_and_text(tmp_path, monkeypatch, size):
    a = _size_app(tmp_path, monkeypatch, size)
    try:
        scene = _battle(a, MISSION1, {"fireteam": Seat("human")}, tmp_path)
        s = scene.session
        rs = s.ruleset
        me = next(f for f in scene.view.figures if f.side == "fireteam")
        scene.select(me.id)
        act = [x for x in rs.figure_actions(s.battle.state, "fireteam", me.id, None) if x.type == "bs_activate"]
        assert act and scene.commit(act[0])
        scene.select(me.id)
        for o in scene.view.los_targets(me):
            scene.aim(o.x, o.y, target_id=o.id, lock=True)
            if scene.preview.legal and scene.preview.odds is not None:
                break
        pv = scene.preview
        if not (pv.legal and pv.odds is not None):
            pytest.skip("no enemy to shoot at from the first soldier")
        a.drive(1)
        joined = " ".join(" ".join(scene.bottom_text).split())
        label = scene.view.namer(rs.describe_action(pv.action))  # the ruleset's label, ids as names
        assert scene.bottom_text[0].startswith(label) and label != rs.describe_action(pv.action)  # named, not "at a0"
        assert f"chance {pv.odds:.0%}" in joined and " ".join(f"needs {pv.need}".split()) in joined
        assert pv.text and all(" ".join(scene.view.namer(t).split()) in joined for t in pv.text)
        a.screenshot(tmp_path / f"bs-bar-{size[0]}.png")
    finally:
        while a.stack:
            a.stack.pop().exit()
