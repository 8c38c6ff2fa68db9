"""Heroes and separate commanders in melee ([9.4]).

A. Character against figures: one figure fights a small or man-sized hero (three a large
one), by the melee procedure; each hit die of its damage is 4 hit points to the hero. The
hero attacks by the same procedure with his attack rating (THAC0 + 15 for a 1:1 figure,
Table 9): half a figure's hit dice or more wounds the figure, never more ([9.4] A).

B. Individual combat: two 1:1 figures in contact fight three AD&D melee rounds in the melee
phase ([1.6] A, [9.4] B): each round both roll initiative (d6, the higher strikes first,
ties together), then a d20 for each attack that must reach THAC0 - AC (a 20 always hits),
and the weapon's damage in hit points. Fighters strike as often as their level allows
([8.6], :func:`ratings.attacks_in_round`), in A on one attack roll. The Basic game has no individual combat ([5.0]).
"""

from __future__ import annotations

from game.core.event import Target

from ..events import Attack, Casualties
from ..profiles import DATA
from ..state import Individual, Unit
from . import crt
from .common import Emitter, profile, rating
from .contact import individuals_in_contact
from .ratings import attacks_in_round, character_ac, character_thac0, weak
from .words import says

TH = DATA.tables.heroes


def hero_ar(c: Individual) -> int:
    """[8.3] a 1:1 figure's attack rating: THAC0 + 15 (Table 9)."""
    return character_thac0(DATA.characters[c.profile]) + DATA.tables.ratio_adjustment["1"]


def _size(c: Individual) -> str:
    return DATA.creatures[DATA.characters[c.profile].creature].size


def _damage(c: Individual, size: str) -> str:
    w = DATA.melee[DATA.characters[c.profile].weapon]
    return w.l if size == "L" else w.sm


def wound_hero(em: Emitter, c: Individual, hp: int, why: str) -> None:
    c = em.s.chars[c.id]
    left = c.hp - hp
    if left <= 0:
        em.change_char(c, f"{c.name} {says(c, 'takes')} {hp} hit points ({why}) and falls", hp=0, status="dead")
        _commander_lost(em, c)
    else:
        em.change_char(c, f"{c.name} {says(c, 'takes')} {hp} hit points ({why}); {left} left", hp=left)


def _commander_lost(em: Emitter, c: Individual) -> None:
    """The units this commander led check morale ([4.4] Table 5: the commander is killed)."""
    from .morale import check_morale
    for u in list(em.s.units.values()):
        if u.side == c.side and u.on_table and u.commander == c.id:
            check_morale(em, u, f"{c.name} killed", cause="commander killed", attack=f"cmd:{c.id}")


def hero_vs_unit(em: Emitter, c: Individual, u: Unit) -> None:
    """[9.4] A between hero ``c`` and unit ``u`` in contact."""
    c = em.s.chars[c.id]
    u = em.s.units[u.id]
    # the figures attack the hero
    n = TH.figures_vs_large if _size(c) == "L" else TH.figures_vs_small
    n = min(n, u.figures)
    if u.status == "ok" and not u.fired and n:
        base = rating(u).ar
        ac = character_ac(DATA.characters[c.profile])
        r = em.roll(DATA.tables.dice.melee, f"{u.name} {says(u, 'attacks')} {c.name}: attack roll", [(f"AR {base}", base), (f"AC {ac}", -ac)],
                    side=u.side)
        per, rd = crt.hits(r.total, [d for d in _unit_damage(u, _size(c))])
        hp = per * n * TH.hp_per_hd
        em.emit(Attack(attacker=u.id, defender=c.id, attack_roll=r.total, readings=[x.text() for x in rd], per_figure=per,
                       figures=n, damage=per * n, text=f"CRT: attack roll {r.total}: {per} HD per figure x {n} = "
                                                          f"{per * n} HD = {hp} hit points to {c.name} ([9.4] A)"))
        if hp:
            wound_hero(em, c, hp, f"{u.name}'s attack")
    c = em.s.chars[c.id]
    if not c.active:
        return
    base = hero_ar(c)
    ac = rating(u).ac
    r = em.roll(DATA.tables.dice.melee, f"{c.name} attacks {u.name}: attack roll", [(f"AR {base}", base), (f"AC {ac}", -ac)],
                side=c.side)
    blows = attacks_in_round(DATA.characters[c.profile], weak(profile(u)), em.s.turn)
    per, rd = crt.hits(r.total, [_damage(c, rating(u).size)] * blows)
    half = rating(u).hd_per_figure / 2.0
    em.emit(Attack(attacker=c.id, defender=u.id, attack_roll=r.total, readings=[x.text() for x in rd], per_figure=per,
                   figures=1, damage=per, text=f"CRT: attack roll {r.total}: {per} HD against a figure of "
                                               f"{rating(u).hd_per_figure:g} HD: " + ("a wound" if per >= half else "no effect")
                                               + " ([9.4] A)"))
    if per >= half:
        u = em.s.units[u.id]
        em.emit(Casualties(unit=u.id, killed=0, figures=u.figures, wounded=min(u.figures, u.wounded + 1),
                           text=f"{u.name}: a figure wounded by {c.name}"))


def _unit_damage(u: Unit, size: str) -> list[str]:
    from .ratings import damage
    return damage(profile(u), size)


def individual_combat(em: Emitter, a: Individual, b: Individual) -> None:
    """[9.4] B: three AD&D melee rounds between two individuals in contact."""
    for rnd in range(1, TH.rounds_per_phase + 1):
        a, b = em.s.chars[a.id], em.s.chars[b.id]
        if not (a.active and b.active):
            return
        ia = em.roll("d6", f"{a.name}: initiative (round {rnd} of individual combat)", side=a.side).total
        ib = em.roll("d6", f"{b.name}: initiative (round {rnd} of individual combat)", side=b.side).total
        order = [(a, b), (b, a)] if ia > ib else [(b, a), (a, b)] if ib > ia else [(a, b), (b, a)]
        together = ia == ib
        dealt = []
        for x, y in order:
            x, y = em.s.chars[x.id], em.s.chars[y.id]
            if not x.active or (not y.active and not together):
                continue
            need = character_thac0(DATA.characters[x.profile]) - character_ac(DATA.characters[y.profile])
            blows = attacks_in_round(DATA.characters[x.profile], weak(DATA.characters[y.profile]),
                                     (em.s.turn - 1) * TH.rounds_per_phase + rnd)
            for _ in range(blows):
                if not together and not em.s.chars[y.id].active:
                    break
                r = em.roll("d20", f"{x.name} strikes at {y.name}", side=x.side,
                            target=Target(label="THAC0 - AC", base=need, pass_on=(20,), words=("hit", "miss")))
                if r.passed:
                    dmg = em.roll(_damage(x, _size(y)), f"{x.name}'s damage to {y.name}", side=x.side).total
                    if together:
                        dealt.append((y, dmg, x.name))
                    else:
                        wound_hero(em, y, dmg, f"{x.name}'s blow")
        for y, dmg, who in dealt:
            wound_hero(em, y, dmg, f"{who}'s blow")


def hero_melee(em: Emitter) -> None:
    """Every hero or separate commander in contact: individual combat first ([1.6] A), then
    heroes against units ([9.4] A). Not in the Basic game ([5.0])."""
    if em.s.game == "basic":
        return
    done = set()
    for c in sorted(em.s.chars.values(), key=lambda c: c.id):
        c = em.s.chars[c.id]
        if not c.active or c.with_unit:
            continue
        chars, _ = individuals_in_contact(em.s, c)
        for o in chars:
            key = tuple(sorted((c.id, o)))
            if key in done:
                continue
            done.add(key)
            individual_combat(em, c, em.s.chars[o])
    for c in sorted(em.s.chars.values(), key=lambda c: c.id):
        c = em.s.chars[c.id]
        if not c.active or c.with_unit:
            continue
        _, units = individuals_in_contact(em.s, c)
        for uid in units[:1]:
            hero_vs_unit(em, c, em.s.units[uid])
