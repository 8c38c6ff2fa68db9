"""Current morale, morale checks and their effects ([4.2]-[4.5], [2.10], [7.15]); the text's
worked examples with their exact values."""

from __future__ import annotations

import math

from game.core.event import DiceRolled
from game.rulesets.battlesystem.formation import block_of
from game.rulesets.battlesystem.rules.common import mv_mm
from game.rulesets.battlesystem.rules.morale import check_morale, current_morale, losses_check

from .helpers import IN, emitter, make_state, person, unit


def test_current_morale__fireball_example_is_14():
    """Battlesystem [4.2] example 1: orcs of base morale 12 under a fighter of charisma 17, in
    closed formation, a figure removed by magic: 12 + 1 (closed) + 2 (charisma) - 1 (magic) = 14."""
    s = make_state(unit("orcs", "a", "example_orcs", 400.0, 400.0, 270.0, 12, 6),
                   person("cpt", "a", "orc_example_fighter", 400.0, 400.0, 270.0, "unit_commander", "orcs"),
                   unit("far", "b", "orc_blades", 400.0, 60.0, 90.0, 10, 10))
    s.units["orcs"].figures = 9  # the fireball took a quarter: below half, no -2
    base, mods = current_morale(s, s.units["orcs"], "magic")
    assert base == 12
    assert mods == [("figure removed by magic", -1), ("closed formation", 1), ("fighter of [4.2]'s charisma 17", 2)]
    assert base + sum(v for _, v in mods) == 14


def test_current_morale__spectre_example_is_6():
    """Battlesystem [4.2] example 2: hill giants of base morale 13, over half lost, attacked
    from the rear by spectres (level drainers): 13 - 2 - 2 - 3 = 6."""
    s = make_state(unit("giants", "a", "example_hill_giants", 400.0, 400.0, 270.0, 6, 3),
                   unit("spectres", "b", "example_spectres", 400.0, 400.0 + 19.05 * 2 + 25.4 + 25.4 * 2, 270.0, 4, 4))
    g = s.units["giants"]
    g.figures = 2
    gb = block_of(g)
    # put the spectres' front edge on the giants' rear edge
    sp = s.units["spectres"]
    sp.y = gb.y + gb.depth
    base, mods = current_morale(s, g)
    assert base == 13
    assert sorted(mods) == sorted([("50% lost", -2), ("enemy at the rear", -2),
                                   ("touching a level drainer or a creature it cannot harm", -3)])
    assert base + sum(v for _, v in mods) == 6


def _lone(figures=16, formation=None, profile="valmark_spears"):
    return make_state(unit("u", "a", profile, 600.0, 600.0, 270.0, figures, 8, formation),
                      unit("foe", "b", "orc_blades", 600.0, 200.0, 90.0, 10, 10))


def test_morale_check__2d10_at_most_current_morale_holds():
    """Battlesystem [4.3]: 2d10 equal to or less than current morale holds. Valmark spearmen
    out of command: 13 + 1 (closed) - 2 (out of command) = 12: 6 + 6 holds, 6 + 7 fails."""
    em = emitter(_lone(), [6, 6])
    assert check_morale(em, em.unit("u"), "test") is True
    em = emitter(_lone(), [6, 7])
    assert check_morale(em, em.unit("u"), "test") is False
    roll = [e for e in em.events if isinstance(e, DiceRolled)][0]
    assert roll.target.value == 12 and roll.target.at_most


def test_failed_check__closed_formation_opens_without_moving():
    """Battlesystem [4.5]: a closed unit that fails breaks into open formation where it stands."""
    em = emitter(_lone(), [10, 10])
    check_morale(em, em.unit("u"), "test")
    u = em.unit("u")
    assert u.formation == "open" and u.status == "ok" and (u.x, u.y) == (600.0, 600.0)


def test_failed_check__open_formation_routs_a_move_and_a_third_away():
    """Battlesystem [4.5], [7.15]: an open unit that fails routs at once, its movement rate and
    a third more away from the enemy, its back to the enemy."""
    em = emitter(_lone(formation="open"), [10, 10])
    before = block_of(em.unit("u")).centre
    check_morale(em, em.unit("u"), "test")
    u = em.unit("u")
    assert u.status == "routed"
    after = block_of(u).centre
    assert math.isclose(math.dist(before, after), mv_mm(u) * 4 / 3, rel_tol=1e-9)
    assert math.isclose(u.heading % 360, 90.0)  # away from the orcs to the north


def test_table_5__a_quarter_lost_calls_for_a_check():
    """Battlesystem [4.4] Table 5: a check when a quarter of the original figures are gone,
    none for smaller losses."""
    em = emitter(_lone(), [1, 1])
    em.s.units["u"].figures = 13
    assert losses_check(em, em.unit("u"), 16, "losses") is None  # 3 of 16 lost
    em.s.units["u"].figures = 12
    assert losses_check(em, em.unit("u"), 13, "losses") is True  # the 4th: a quarter


def test_table_5__each_figure_after_half_and_one_check_an_attack():
    """Battlesystem [4.4]: after half are lost each figure lost calls for a check; one attack
    that meets two conditions calls for one check only."""
    em = emitter(_lone(), [1, 1, 1, 1])
    em.s.units["u"].figures = 7
    assert losses_check(em, em.unit("u"), 8, "losses", attack="one") is True
    em.s.units["u"].figures = 6
    assert losses_check(em, em.unit("u"), 7, "losses", attack="one") is True  # same attack: no second roll
    assert len([e for e in em.events if isinstance(e, DiceRolled)]) == 1


def test_mob_backed_by_regular_infantry__plus_2():
    """Battlesystem [2.10], Table 4: a mob with friendly regular infantry directly behind it,
    within 6", gets +2."""
    s = make_state(unit("mob", "a", "valmark_levy", 600.0, 500.0, 270.0, 16, 4, "mob"),
                   unit("inf", "a", "valmark_spears", 600.0, 500.0 + 4 * 19.05 + 5 * IN, 270.0, 16, 8),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    _, mods = current_morale(s, s.units["mob"])
    assert ("regular infantry behind", 2) in mods
    s.units["inf"].y += 2 * IN  # now 7" behind
    _, mods = current_morale(s, s.units["mob"])
    assert ("regular infantry behind", 2) not in mods
