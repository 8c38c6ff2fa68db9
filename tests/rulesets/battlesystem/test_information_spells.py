"""Detection and information spells (Battlesystem [14.11] A and B): what the caster's side
learns, shown only in that side's view."""

from __future__ import annotations

from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.rules import illusions as I
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.legality import why_not

from .helpers import at_step, do, make_state, person, unit
from .test_illusions_and_disbelief import ILL, cast_illusion


def with_seer(t, who="ysolde", x=600.0, y=380.0):
    """``t`` with a caster of side a (Ysolde, or Brother Anselm) at (x, y), in a's missile step."""
    s = make_state(person("z", "a", who, x, y, 90, "hero"))
    t = t.clone()
    t.chars["z"] = s.chars["z"]
    return at_step(t, "missile", "a")


def test_detect_illusion__the_caster_sees_through_and_only_his_side_knows():
    """Battlesystem [14.11] A: detect illusion (a cone from the caster, ours) shows the caster
    the illusion; his side's view marks it, the spearmen have not seen through it themselves."""
    t, _ = cast_illusion()
    t = with_seer(t, "ysolde", 450.0, 560.0)  # 1" short of it: the cone is 3 1/3" long (10 AD&D inches)
    t2, _ = do(t, A.CastSpell(side="a", caster="z", spell="detect_illusion", x=450.0, y=650.0), [])
    assert I.sees_through(t2.chars["z"], ILL) and not I.sees_through(t2.units["e"], ILL)
    assert M.effect(t2.units[ILL], "known") == ["a"]
    assert "illusion:m:1" in RS.view(t2, "a").units[ILL].effects
    # aimed away the cone misses it
    t3, _ = do(t, A.CastSpell(side="a", caster="z", spell="detect_illusion", x=900.0, y=560.0), [])
    assert not I.knows(t3.units[ILL], "a")


def test_true_seeing__places_invisible_units_and_shows_illusions():
    """Battlesystem [14.11] A, [14.8]: true seeing (12" of sight, a cone from the caster) puts an
    invisible unit back on the table for all and shows an illusion to the caster's side."""
    t, _ = cast_illusion()
    t.units["o"].effects = ["invisible:99"]
    t.units["o"].x, t.units["o"].y, t.units["o"].heading = 350.0, 640.0, 0.0
    assert "o" not in RS.view(t, "a").units
    t = with_seer(t, "anselm", 420.0, 400.0)
    t2, _ = do(t, A.CastSpell(side="a", caster="z", spell="true_seeing", x=420.0, y=700.0), [])
    assert not M.invisible(t2.units["o"]) and "o" in RS.view(t2, "a").units
    assert I.knows(t2.units[ILL], "a") and "illusion:m:1" in RS.view(t2, "a").units[ILL].effects


def test_divination__the_true_nature_of_one_unit_for_the_asking_side_only():
    """Battlesystem [14.11] B (ours: divination answers what one enemy unit truly is): asked of
    the illusion it shows as one in the asker's view; asked of real troops the view shows them
    known and real. It needs neither range nor sight (ours)."""
    t, _ = cast_illusion()
    t = with_seer(t, "anselm", 100.0, 100.0)
    t2, _ = do(t, A.CastSpell(side="a", caster="z", spell="divination", x=0.0, y=0.0, target=ILL), [])
    assert "illusion:m:1" in RS.view(t2, "a").units[ILL].effects
    assert RS.view(t2, "b").units[ILL].effects == t2.units[ILL].effects
    t3, _ = do(t, A.CastSpell(side="a", caster="z", spell="divination", x=0.0, y=0.0, target="o"), [])
    assert RS.view(t3, "a").units["o"].effects == ["known:a"]
    assert "asks about the enemy" in why_not(t, A.CastSpell(side="a", caster="z", spell="divination", x=0.0, y=0.0, target="e"))


def brigade_state():
    """Side b: a brigade commander (Hobgoblin captain) over orcs, invisible orcs and gnolls whose
    unit commander is Elowen (magic resistance 90%)."""
    s = make_state(unit("e", "a", "valmark_spears", 600, 300, 90, 4, files=4),
                   person("z", "a", "ysolde", 300, 300, 90, "hero"),
                   unit("o", "b", "orc_blades", 300, 900, 270, 4, files=4, brigade="bc"),
                   unit("i", "b", "orc_blades", 600, 900, 270, 4, files=4, brigade="bc"),
                   unit("g", "b", "gnoll_pack", 900, 900, 270, 4, files=4, brigade="bc"),
                   person("bc", "b", "hobgoblin_captain", 600, 1100, 270, "brigade"),
                   person("el", "b", "elf_captain", 900, 900, 270, "unit_commander", "g"))
    s.units["i"].effects = ["invisible:99"]
    return at_step(s, "missile", "a")


def test_vision__one_brigades_forces_invisible_ones_too_but_not_under_a_resistant_commander():
    """Battlesystem [14.11] B (a): vision shows the asker one enemy brigade: the invisible orcs
    appear in Valmark's view only (the state keeps them invisible, [14.8]); the gnolls under
    Elowen, who resists magic, are not told of."""
    s = brigade_state()
    assert "i" not in RS.view(s, "a").units
    t, r = do(s, A.CastSpell(side="a", caster="z", spell="vision", x=600.0, y=1100.0, target="bc"), [])
    assert "i" in RS.view(t, "a").units and M.invisible(t.units["i"])
    assert I.knows(t.units["o"], "a") and not I.knows(t.units["g"], "a")
    assert "Elowen is proof against information magic" in " ".join(getattr(e, "text", "") for e in r.events)
    from game.rulesets.battlesystem.rules.markers import unseen_by
    assert unseen_by(s, "a") == ["i"] and unseen_by(t, "a") == []


def test_vision__a_resistant_brigade_commander_tells_nothing():
    """Battlesystem [14.11] B special note: a commander with magic resistance is proof against
    information magic: the question is spent for nothing."""
    s = brigade_state()
    s.chars["el"].role = "brigade"
    s.chars["el"].unit = None
    t, r = do(s, A.CastSpell(side="a", caster="z", spell="vision", x=900.0, y=900.0, target="el"), [])
    assert "vision" not in t.chars["z"].spells
    assert not any(I.knows(u, "a") for u in t.units.values() if u.side == "b")
