"""The line-of-sight overlay shows the rules' own verdict (design.md: One truth
for sight): over more than 1,000 random viewer/target pairs per ruleset, on
every bundled map, the overlay's verdict, visible share and cover equal what
the rules act on (the Fire order's legality, the roll's cover modifier, the
gunnery table's blast-marker shift). Screenshots of the overlay with a target
in partial cover, in both rulesets."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.battle.loading import open_scenario
from game.core.dice import Dice
from game.ui.los import compute_los

ROOT = Path(__file__).resolve().parents[2]
BS = sorted((ROOT / "maps" / "battlespace").glob("*.scenario.json"))
SF = sorted((ROOT / "maps" / "spacefleet").glob("*.scenario.json"))


def _fig(rs, state, fid):
    return next(f for f in rs.figures(state) if f.id == fid)


def _overlay_verdict(rs, state, viewer, target):
    los = compute_los(rs, state, _fig(rs, state, viewer), [_fig(rs, state, target)])
    assert los.lines and {ln.target_id for ln in los.lines} == {target}
    return los.lines[0].verdict


def test_battlespace__overlay_equals_the_rules_on_1000_random_pairs():
    from game.rulesets.battlespace.geo import geo_of
    from game.rulesets.battlespace.rules.combat import fire_numbers
    from game.rulesets.battlespace.sight import sees

    rng = random.Random(11)
    n = partial = 0
    per_map = -(-1050 // len(BS))
    for path in BS:
        rs, sc, m = open_scenario(path)
        s = rs.setup(sc, m, Dice(1))
        g = geo_of(s)
        soldiers = [f for f in s.figs.values() if f.kind == "soldier"]
        enemies = [f for f in s.figs.values() if f.side == "enemy"]
        W, H = s.table
        done = 0
        while done < per_map:
            a, b = rng.choice(soldiers), rng.choice(enemies)
            ax, ay, bx, by = (rng.uniform(20, W - 20), rng.uniform(20, H - 20), rng.uniform(20, W - 20),
                              rng.uniform(20, H - 20))
            if not (g.point_free(ax, ay) and g.point_free(bx, by)):
                continue
            a.x, a.y, b.x, b.y = ax, ay, bx, by
            a.prone, b.prone = rng.random() < 0.2, rng.random() < 0.2
            v = _overlay_verdict(rs, s, a.id, b.id)
            assert v.sees == sees(s, a, b)
            if v.sees:
                cover = [name for name, _ in fire_numbers(s, a, b)[1] if name.endswith(" cover")]
                assert cover == ([] if v.cover == "none" else [f"{v.cover} cover"])
                assert v.visible_fraction > 0.0
                assert (v.visible_fraction < 1.0) == (v.cover != "none")
                partial += 0.0 < v.visible_fraction < 1.0
            else:
                assert v.visible_fraction == 0.0 and v.label() == "no line of sight"
            done += 1
        n += done
    assert n >= 1000 and partial >= 30


def test_spacefleet__overlay_equals_the_rules_on_1000_random_pairs():
    from game.rulesets.spacefleet.rules.gunnery import fire_through_markers
    from game.rulesets.spacefleet.sight import sight

    rng = random.Random(12)
    n = shifted = blocked = 0
    per_map = -(-1020 // len(SF))
    for path in SF:
        rs, sc, m = open_scenario(path)
        s = rs.setup(sc, m, Dice(1))
        ships = list(s.ships.values())
        W, H = s.table
        for _ in range(per_map):
            a = rng.choice(ships)
            b = rng.choice([x for x in ships if x.side != a.side])
            a.x, a.y, b.x, b.y = (rng.uniform(30, W - 30), rng.uniform(30, H - 30), rng.uniform(30, W - 30),
                                  rng.uniform(30, H - 30))
            v = _overlay_verdict(rs, s, a.id, b.id)
            assert v.sees == (sight(s, a, b.x, b.y, b) is None)
            assert v.lines == (((a.x, a.y), (b.x, b.y)),)
            assert v.visible_fraction == (1.0 if v.sees else 0.0)
            if v.sees:
                assert (v.cover != "none") == fire_through_markers(s, a, b)
                shifted += v.cover != "none"
            blocked += not v.sees
            n += 1
    assert n >= 1000 and blocked >= 50


def _scene_with_cover(app, path, side, tmp_path):
    from game.battle.seats import Seat
    from tests.ui.conftest import start_battle

    scene = start_battle(app, path, {side: Seat("human")}, tmp_path / "los.replay.jsonl")
    for f in scene.view.figures:
        if f.side != side:
            continue
        scene.select(f.id)
        if scene.view.los is not None and any(ln.state == "cover" for ln in scene.view.los.lines):
            return scene
    return None


def test_overlay_screenshot__battlespace_partial_cover(app, tmp_path):
    """Mission 5 from the roof: fighters below partly hidden by the roof's edge;
    the lines are yellow and labelled with the share seen and the cover; the
    tooltip names the heights compared."""
    scene = _scene_with_cover(app, ROOT / "maps" / "battlespace" / "mission5.scenario.json", "fireteam", tmp_path)
    assert scene is not None
    los = scene.view.los
    ln = next(ln for ln in los.lines if ln.state == "cover")
    assert "visible" in ln.label and ln.label.endswith("cover")
    assert los.region is not None and los.region.hidden
    app.drive(1)
    shot = app.screenshot(tmp_path / "los-battlespace.png")
    assert shot.exists()
    from tests.ui.conftest import count_colour

    assert count_colour(app.screen, app.palette.partial, 25) > 100


def test_overlay_screenshot__spacefleet_blocked_and_clear(app, tmp_path):
    """Asteroid belt: the lines run stem to stem, red and dashed where a field
    blocks them; the shading lies behind the fields."""
    from game.battle.seats import Seat
    from tests.ui.conftest import start_battle

    scene = start_battle(app, ROOT / "maps" / "spacefleet" / "asteroid_belt.scenario.json", {"imperial": Seat("human")},
                         tmp_path / "sf.replay.jsonl")
    ids = [f.id for f in scene.view.figures if f.side == "imperial"]
    scene.select(ids[0])
    los = scene.view.los
    assert {ln.state for ln in los.lines} <= {"clear", "cover", "blocked"} and los.lines
    assert all(ln.label in ("clear", "no line of sight") or "shift" in ln.label for ln in los.lines)
    app.drive(1)
    assert app.screenshot(tmp_path / "los-spacefleet.png").exists()
