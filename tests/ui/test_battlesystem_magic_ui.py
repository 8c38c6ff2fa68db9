"""Magic in the Battlesystem app ([14.2]-[14.5], [14.8]): a fireball placed over the skeleton
legion previews its template with the figures it touches and the saves they need; an invisible
unit is absent from the other side's table (a screenshot to look at)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.formation import block_of
from tests.rulesets.battlesystem.helpers import IN, at_step
from tests.ui.conftest import count_colour

ROOT = Path(__file__).resolve().parents[2]
BARROW = ROOT / "maps" / "battlesystem" / "barrow_downs.scenario.json"


def test_fireball_preview_and_invisible_enemies(app, tmp_path):
    import os
    from game.ui.scenes.battle import BattleScene
    scene = app.push(BattleScene.from_scenario(BARROW, 3, {"valmark": Seat(kind="human")}, screenshot_mode=True))
    app.drive(1)
    b = scene.session.battle
    s = at_step(b.state, "missile", "valmark")
    s.chars["mordrin"].x, s.chars["mordrin"].y = 14 * IN, 22 * IN
    s.units["ghouls"].effects = ["invisible:99"]
    b.state = s
    scene.refresh()
    assert "ghouls" not in scene.view.by_id and "skeletons" in scene.view.by_id
    cx, cy = block_of(s.units["skeletons"]).centres[3]
    a = A.CastSpell(side="valmark", caster="mordrin", spell="fireball", x=float(cx), y=float(cy))
    scene.select("mordrin")
    scene.preview = scene.preview_of(a)
    assert scene.preview.legal and scene.preview.touches == ("skeletons",)
    assert scene.preview.template and len(scene.preview.template["points"]) > 16
    assert any("skeleton legion" in t and "removed" in t for t in scene.preview.lines)
    scene.view.anim.snap()
    app.drive(2)
    out = app.screenshot(tmp_path / "battlesystem_fireball_preview.png")
    keep = os.environ.get("BATTLETABLE_SCREENSHOTS")
    if keep:
        app.screenshot(Path(keep) / "battlesystem_fireball_preview.png")
    img = pygame.image.load(str(out))
    assert count_colour(img, (255, 140, 40), tol=40) > 50  # the template's outline
