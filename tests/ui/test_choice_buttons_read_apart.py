"""Choice buttons read apart: no two buttons the action bar offers share a
label (a placement names its grid square and feature, a target choice its
officer), and hovering one shows its spot or model on the table before it
commits (Foxhole: Mission Design, objectives; WW2 skirmish: Missions,
Assassination)."""

from __future__ import annotations

import re

from pathlib import Path

import pygame_gui
import pytest

from game.battle.loading import open_scenario
from game.battle.seats import Seat
from game.core.session import Battle
from game.ui.preview import action_label, distinct_labels
from tests.ui.conftest import pygame

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "maps").glob("*/*.scenario.json"))
SEARCH = ROOT / "maps" / "foxhole" / "search_and_destroy.scenario.json"


def _bars(rs, state, side, acts) -> list[list]:
    """What the action bar offers at a decision, as the battle scene builds
    it: for each of ``side``'s models, its own actions (``figure_actions``)
    then the actions that name no model (End phase...); with no model
    selected, those alone."""
    figs = list(rs.figures(state)) if hasattr(rs, "figures") else []
    ids = {f.id for f in figs} | ({f.group for f in figs if f.group} - {f.side for f in figs})
    glob = [a for a in acts if not any(isinstance(v, str) and v in ids for v in a.to_dict().values())]
    bars = [glob]
    if hasattr(rs, "figure_actions"):
        for f in figs:
            if f.side == side:
                own = list(rs.figure_actions(state, side, f.id, None))
                bars.append(own + [a for a in glob if str(a.to_dict()) not in {str(o.to_dict()) for o in own}])
    return bars


def _decisions(path, n: int = 3):
    """The first ``n`` decisions of a player side (the rules' own steps and
    forced single choices taken): ``(ruleset, state, legal actions)``."""
    rs, sc, m = open_scenario(path)
    b = Battle(rs, sc, m, 1)
    out = []
    for _ in range(12):
        side = b.active_side
        if side is None:
            break
        acts = list(rs.legal_actions(b.state, side))
        if len(acts) > 1:
            out.append((rs, b.state.model_copy(deep=True) if hasattr(b.state, "model_copy") else b.state, side, acts))
            if len(out) == n:
                break
        if not acts or not b.submit(acts[0]).ok:
            break
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem.replace(".scenario", ""))
def test_first_decisions__no_two_offered_buttons_share_a_label(path):
    """Over each bundled scenario's first player decisions, the actions one
    model (or no model) offers get labels that tell them apart: only
    placements may share a label before their place is added, and none
    needs numbering after."""
    for rs, state, side, acts in _decisions(path):
        for bar in _bars(rs, state, side, acts):
            labels = [action_label(a, rs, state) for a in bar]
            plain = [t for a, t in zip(bar, labels) if "x" not in a.to_dict()]
            assert len(plain) == len(set(plain)), (path.name, sorted(plain))
            pairs = distinct_labels(bar, lambda a: action_label(a, rs, state), lambda x, y: f"{x:.0f},{y:.0f}")
            shown = [t for _, t in pairs]
            assert len(shown) == len(set(shown)) and not any("#" in t for t in shown), (path.name, shown)


def test_assassination_target__buttons_name_the_officers_and_ring_them():
    rs, state, _, acts = next(d for d in _decisions(ROOT / "maps" / "ww2_skirmish" / "assassination.scenario.json")
                              if d[3][0].type == "ww2_choose_target")
    labels = [action_label(a, rs, state) for a in acts]
    assert labels == [f"Mark {state.units[a.unit].name}" for a in acts]
    assert len(set(labels)) == len(labels) == 2
    for a in acts:  # the hover preview rings that officer's model(s), none other
        assert rs.preview(state, a)["touches"] == list(state.units[a.unit].models)


@pytest.fixture(scope="module")
def fox(tmp_path_factory):
    """A Foxhole battle at objective placement, the defender (VC) at the table."""
    from tests.ui.conftest import headless_app
    from game.ui.scenes.battle import BattleScene

    tmp = tmp_path_factory.mktemp("fox")
    mp = pytest.MonkeyPatch()
    gen = headless_app(tmp, mp, size=(1280, 800))
    app = next(gen)
    scene = app.push(BattleScene.from_scenario(SEARCH, 1, {"vc": Seat("human"), "usmc": Seat("ai")},
                                               replay=tmp / "fox.jsonl"))
    app.drive(2)
    yield app, scene, tmp
    gen.close()
    mp.undo()


def test_objective_placement__buttons_name_squares_spread_over_the_table_and_preview_their_spot(fox):
    app, scene, tmp = fox
    s = scene.session
    assert s.battle.state.phase == "objectives"
    buttons = [b for b, a in scene._bar_buttons.items() if getattr(a, "type", "") == "fox_place_objective"]
    texts = [b.text for b in buttons]
    assert len(buttons) >= 4 and len(set(texts)) == len(texts), texts
    assert not any(re.search(r"in ([A-Z]+\d+) \(\1\)", t) for t in texts), texts  # not "in G3 (G3)"
    rows = {b.text.rstrip(")").rsplit("(", 1)[-1][1:] if "(" in b.text else b.text.split()[-1][1:] for b in buttons}
    assert len(rows) >= 3, texts  # not all along one edge
    b = buttons[2]
    a = scene._bar_buttons[b]
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=b))
    pv = scene.hover_preview
    assert pv is not None and (pv.template["x"], pv.template["y"]) == (a.x, a.y)
    before = len(s.battle.history)
    assert s.battle.state.objectives == [] and len(s.battle.history) == before  # nothing committed by a hover
    sx, sy = map(int, scene.view.camera.to_screen(a.x, a.y))
    shots = []
    for pv_on in (pv, None):  # the table with and without the hovered button's preview
        scene.hover_preview = pv_on
        surf = pygame.Surface(app.size)
        scene.draw(surf)
        shots.append(surf.get_at((sx, sy))[:3])
    assert shots[0] != shots[1]  # the spot is shaded on the table while the button is hovered
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b))
    app.drive(1)
    placed = s.battle.state.objectives
    assert [(o.x, o.y) for o in placed] == [(a.x, a.y)]
    assert scene.status == f"{b.text}: done"  # the objective just placed, not the next one's number
    assert all(not t.startswith("Place objective 1 ") for t in (x.text for x in scene._bar_buttons))
