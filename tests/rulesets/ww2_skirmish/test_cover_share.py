"""Cover by the share of the model hidden (ww2_skirmish: Terrain and Cover:
50% or more of the model behind terrain is in cover; Heavy Cover; Incendiary).

The geometry is built so the share is known exactly: the viewer stands in a
crater whose depth puts its eye (30 mm above its floor) level with the top of
a long sandbag wall against the target's base; the wall's shadow is then flat
at the wall's top, and a 30 mm model standing behind it is hidden to the
wall's height: 14.7 mm is 49%, 15.3 mm is 51%."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish.rules.attacks import plan_shot
from game.rulesets.ww2_skirmish.sight import adjudicate

from .helpers import battle


def _table(wall_mm: float, viewer_y: float = 1000.0):
    crater = {"id": "c", "kind": "crater", "height": 0, "properties": {"depth_mm": 30.0 - wall_mm},
              "exterior": [[550, viewer_y - 50], [650, viewer_y - 50], [650, viewer_y + 50], [550, viewer_y + 50]]}
    wall = {"id": "w", "kind": "sandbags", "height": wall_mm, "exterior": [[450, 413], [750, 413], [750, 418], [450, 418]]}
    return battle([("r1", "british_sergeant", 600, viewer_y, 270)], [("b1", "german_feldwebel", 600, 400, 90)],
                  features=[crater, wall])


@pytest.mark.parametrize(("wall", "hidden", "cover"), [(14.7, 0.49, "none"), (15.3, 0.51, "heavy")])
def test_cover_at_49_and_51_percent_hidden(wall, hidden, cover):
    s = _table(wall)
    exact = adjudicate(s, s.models["r1"], s.models["b1"], detail=True)
    assert 1.0 - exact.verdict.visible_fraction == pytest.approx(hidden, abs=2e-3)
    assert exact.cover == cover
    quick = adjudicate(s, s.models["r1"], s.models["b1"])   # the rules' call: exact only as far as 50% needs
    assert quick.cover == cover and quick.sees
    if cover == "heavy":
        assert quick.hit_mods == (("heavy cover", -1),) and quick.wound_mods == (("heavy cover", -1),)
    else:
        assert quick.hit_mods == () and quick.wound_mods == ()


def test_incendiary_weapons_ignore_cover():
    """Incendiary: a flamethrower 5.3" away ignores the heavy cover a rifle would suffer."""
    s = _table(15.3, viewer_y=560.0)
    s.units["r1"].weapons = {"lifebuoy": 1, "sten": 1}
    flame = plan_shot(s, s.units["r1"], s.units["b1"], "lifebuoy")
    sten = plan_shot(s, s.units["r1"], s.units["b1"], "sten")
    assert flame.ok and sten.ok
    assert [k for k, _ in flame.shots[0].hit_mods + flame.shots[0].wound_mods if "cover" in k] == []
    assert ("heavy cover", -1) in sten.shots[0].hit_mods and ("heavy cover", -1) in sten.shots[0].wound_mods
