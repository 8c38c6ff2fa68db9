"""The agent casts area spells where they pay; the spell preview shows the template, the figures
it touches and the saves they need ([14.2]-[14.5])."""

from __future__ import annotations

import random

from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.ai.agent import GeneralAgent
from game.rulesets.battlesystem.ai.magic import area_value, best_cast
from game.rulesets.battlesystem.formation import block_of
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.spells import SPELLS

from .helpers import IN, at_step, make_state, person, unit


def clustered():
    """Mordrin 12" from a packed block of orcs (closed, 4 x 4), a lone orc figure far off, and
    his own spearmen 30" away on the flank."""
    s = make_state(unit("pack", "b", "orc_blades", 600, 500, 90, 16, files=4),
                   unit("lone", "b", "orc_spears", 150, 300, 90, 1),
                   unit("mine", "a", "valmark_spears", 1100, 1100, 270, 6),
                   person("m", "a", "mordrin", 600, 500 + 12 * IN, 270, "hero"))
    return at_step(s, "missile", "a")


def test_the_agent_fireballs_the_packed_enemy_block():
    """Battlesystem [14.5]: the agent lays its fireball over the densest enemy block, not the
    lone figure, and only where it pays."""
    s = clustered()
    a, value, why = best_cast(s, "a")
    assert isinstance(a, A.CastSpell) and a.spell in ("fireball", "ice_storm", "lightning_bolt", "cone_of_cold")
    pack = block_of(s.units["pack"]).outline
    assert min(p[0] for p in pack) <= a.x <= max(p[0] for p in pack)
    assert value >= 3.0
    agent = GeneralAgent(random.Random(1))
    chosen = agent.choose(RS, RS.view(s, "a"), "a")
    assert isinstance(chosen, A.CastSpell) and chosen.x == a.x and chosen.y == a.y


def test_the_agent_does_not_fireball_its_own_men():
    """Battlesystem [14.5] special note: an area spell spares nobody; the agent weighs friends'
    losses (x 1.5) against the enemy's: a fireball on its own block scores below zero, and the
    spell it picks is not laid there."""
    s = make_state(unit("e", "b", "orc_blades", 600, 500, 90, 4, files=4),
                   unit("mine", "a", "valmark_spears", 600, 500 + 0.01, 270, 16, files=4),
                   person("m", "a", "mordrin", 900, 500 + 14 * IN, 270, "hero"))
    s = at_step(s, "missile", "a")
    fx, fy = block_of(s.units["mine"]).centres[9]
    assert area_value(s, "a", SPELLS["fireball"], M.caster_point(s, "m"), float(fx), float(fy), 10) < -1.0
    got = best_cast(s, "a")
    if got is not None:
        a = got[0]
        from shapely.geometry import Point, Polygon
        assert not Polygon(block_of(s.units["mine"]).outline).contains(Point(a.x, a.y))
        assert got[1] >= 1.0


def test_spell_preview_lists_figures_and_saves():
    """Battlesystem [14.3], [14.5] B: the preview of a fireball over the orc block: the circle,
    the block touched, its figures removed (1 HD orcs die even if they save) or wounded."""
    s = clustered()
    cx, cy = block_of(s.units["pack"]).centres[5]
    a = A.CastSpell(side="a", caster="m", spell="fireball", x=float(cx), y=float(cy))
    p = RS.preview(s, a)
    assert len(p["template"]["points"]) > 16
    assert p["touches"] == ["pack"]
    line = next(t for t in p["text"] if t.startswith("Bloody Axe orcs"))
    assert "1 removed" in line and "0 saving" in line
    assert RS.describe_action(a) == "Cast fireball"
