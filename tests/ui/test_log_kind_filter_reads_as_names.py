"""The log's Kind button names each kind of line in a few plain words (the
ruleset's own ``log_kinds``, else the shared names), never an event id, and
is wide enough to show every kind of its ruleset whole."""

from __future__ import annotations

import importlib
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import rulesets
from game.battle.seats import Seat
from game.core.event import Event
from game.core.logtext import CORE_KINDS, kind_label
from game.ui import fonts
from game.ui.log import event_kind
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
CONVOY = ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json"
RULESETS = ["battlespace", "spacefleet", "battlesystem", "foxhole", "ww2_skirmish"]


def _kinds(rid: str) -> list[str]:
    """Every log kind an event of ruleset ``rid`` can have."""
    rs = rulesets.get(rid)
    mod = importlib.import_module(f"game.rulesets.{rid}.events")
    out = set(CORE_KINDS)
    for c in vars(mod).values():
        if isinstance(c, type) and issubclass(c, Event) and "type" in c.model_fields:
            tag = c.model_fields["type"].default
            if isinstance(tag, str):
                try:
                    out.add(event_kind(c.model_construct(type=tag), rs.id))
                except Exception:  # noqa: BLE001 - a class that cannot be built bare: its tag as it is
                    out.add(tag)
    return sorted(out)


@pytest.mark.parametrize("rid", RULESETS)
def test_every_kind_of_every_ruleset_has_a_short_readable_name(rid):
    rs = rulesets.get(rid)
    for kind in _kinds(rid):
        label = kind_label(rs, kind)
        assert "_" not in label and label != kind.replace("_", " "), (kind, label)
        assert not label.split(" ")[0] in ("fox", "bs", "sf", "bts", "ww2"), (kind, label)
        assert 3 <= len(label) <= 18, (kind, label)


def test_core_kinds_read_as_words():
    rs = rulesets.get("foxhole")
    assert kind_label(rs, "why") == "reasons"
    assert kind_label(rs, "roll") == "dice rolls"
    assert kind_label(rs, "fox_objective_placed") == "objective placed"
    assert kind_label(rs, "fox_activation") == "element used"


def test_kind_button_names_each_kind_whole(app, tmp_path):
    scene = start_battle(app, CONVOY, {"arvn": Seat("human"), "vc": Seat("ai", "default")}, tmp_path / "r.jsonl")
    app.drive(1)
    kinds = scene.session.log.kinds()
    assert {"fox_objective_placed", "why", "roll"} <= set(kinds)
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.btn_kind)
    rs = scene.session.ruleset
    f = fonts.font(14)
    for kind in kinds:
        app.drive(1, [press])
        assert scene.kind_filter == kind
        label = kind_label(rs, kind)
        assert scene.btn_kind.text == f"Kind: {label}", kind  # whole: never cut with "..."
        assert f.size(scene.btn_kind.text)[0] <= scene.btn_kind.rect.width - 12
        if kind == "fox_objective_placed":
            app.screenshot(tmp_path / "kind-objective-placed.png")
    # the button shows the longest name of the ruleset whole, and stays inside the panel
    longest = max((kind_label(rs, k) for k in _kinds("foxhole")), key=lambda t: f.size(t)[0])
    assert f.size(f"Kind: {longest}")[0] <= scene.btn_kind.rect.width - 12
    assert scene.btn_kind.rect.right <= app.size[0]
    assert not scene.btn_kind.rect.colliderect(scene.btn_side.rect)


def test_replay_viewer_kind_button_names_each_kind_whole(app, tmp_path):
    from game.ui.scenes.replay import ReplayScene

    scene = app.push(ReplayScene(ROOT / "tests" / "golden" / "foxhole" / "patrol.replay.jsonl"))
    app.drive(1)
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.btn_kind)
    rs = scene.model.ruleset
    f = fonts.font(14)
    seen = []
    for kind in scene.model.log.kinds():
        app.drive(1, [press])
        app.drive(1)
        assert scene.kind_filter == kind
        assert scene.btn_kind.text == f"Kind: {kind_label(rs, kind)}", kind
        assert f.size(scene.btn_kind.text)[0] <= scene.btn_kind.rect.width - 12
        seen.append(scene.btn_kind.text)
        if kind == "fox_moved":
            app.screenshot(tmp_path / "replay-kind-moves.png")
    assert "Kind: moves" in seen and not [s for s in seen if "fox" in s or "_" in s]
