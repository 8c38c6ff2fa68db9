"""Special creature abilities ([13.1]-[13.9]); the abilities are data in ``data/creatures.toml``.

- [13.1] a damage adjustment is a CRT column shift a plus (:func:`damage_shift`).
- [13.2] poison doing damage: extra damage read on the same attack roll, one column to the
  right for weak poison, two when undefined, three for strong (:func:`poison_shift`), no save.
- [13.3] a unit ending a melee phase touching what it cannot harm checks morale (part 1's
  Table 5 check, :func:`.morale._touches_terror`).
- [13.4] paralysis: the damage read on the D4 column paralyzes figures (a fraction counts a
  whole figure, :func:`paralyzed_figures`), each saving against paralyzation; no wounds.
- [13.5] level drainers do double damage; their foes check morale at -2 (part 1, Table 4).
- [13.6] awe and fear: every enemy unit within 12" checks morale once (-1 for dragons and
  creatures of 12 HD or more; +1 for an illusion; the checks are :mod:`.awe`).
- [13.7] breath weapons are artillery spells (:mod:`.magic`, ``breath`` in the creature).
- [13.8] regeneration: a wound heals after two rounds out of combat; a regenerating figure
  killed (not by fire or acid) rises two rounds later unless an enemy is within 1".
- [13.9] mindless undead never check morale or discipline; out of command they carry out
  their last order (as a mob does, [2.10]).
"""

from __future__ import annotations

import math

from game.core.logtext import plural

from ..formation import block_of
from ..profiles import DATA
from ..state import BSState, Unit
from .common import INCH, Emitter, profile, rating
from .words import says

POISON_SHIFT = {"weak": 1, "normal": 2, "strong": 3}
AWE_RANGE_IN = 12.0
AWE_DRAGON = -1
AWE_ILLUSION = 1
AWE_BIG_HD = 12
REGEN_ROUNDS = 2
REGEN_GUARD_IN = 1.0


def creature_of(u: Unit):
    return DATA.creatures[profile(u).creature]


def damage_shift(u: Unit) -> int:
    """[13.1] the creature's damage adjustment in CRT columns (one a plus)."""
    return creature_of(u).damage_bonus


def poison_shift(kind: str) -> int:
    """[13.2] columns to the right for the poison's extra damage (0: no poison)."""
    return POISON_SHIFT.get(kind, 0)


def poison_damage(attack_roll: int, damages: list[str], kind: str) -> int:
    """[13.2] extra hit dice a figure from poison: the same damage dice on the same roll, read
    ``poison_shift`` columns to the right."""
    from . import crt
    sh = poison_shift(kind)
    return crt.hits(attack_roll, damages, sh)[0] if sh else 0


def paralysis_hd(attack_roll: int) -> int:
    """[13.4] damage of a unit that only paralyzes: the D4 column, hit dice a figure."""
    from . import crt
    return crt.value(attack_roll, "D4")


def paralyzed_figures(damage_hd: float, hd_per_figure: float) -> int:
    """[13.4] figures paralyzed: any fraction of a figure paralyzes a whole one."""
    return int(math.ceil(damage_hd / hd_per_figure - 1e-9)) if damage_hd > 0 else 0


def drain_multiplier(u: Unit) -> int:
    """[13.5] level drainers do double damage in melee."""
    return 2 if creature_of(u).drains_levels else 1


def mindless(u: Unit) -> bool:
    """[13.9] mindless undead (zombies, skeletons)."""
    return creature_of(u).mindless


def awe_modifier(c, illusion: bool = False) -> int:
    """[13.6] the awe check's modifier: -1 for a dragon or a creature of 12+ HD, +1 if it is
    an illusion."""
    if illusion:
        return AWE_ILLUSION
    return AWE_DRAGON if (c.dragon or c.hd >= AWE_BIG_HD) else 0


def paralyze(em: Emitter, att: Unit, dfn: Unit, damage_hd: float) -> None:
    """[13.4] figures of ``dfn`` touched by a paralyzing unit: each saves against paralyzation
    (none for the immune) or is immobilized for 3d4 rounds (MM ghoul)."""
    from .markers import held_figures, with_effect
    from .saves import save_roll as _save_roll, unit_save
    dfn = em.unit(dfn.id)
    if creature_of(dfn).immune_paralysis or dfn.figures == 0:
        em.log(f"{dfn.name} cannot be paralyzed")
        return
    n = min(dfn.figures - held_figures(dfn), paralyzed_figures(damage_hd, rating(dfn).hd_per_figure))
    need = unit_save(dfn, "paralyzation")
    held = sum(1 for k in range(n) if not _save_roll(em, need, f"{dfn.name}, figure {k + 1}: saving throw against "
                                                                f"{att.name}'s paralysis", dfn.side))
    if held:
        rounds = em.roll("3d4", f"rounds {dfn.name} stay paralyzed", side=att.side).total
        em.change(dfn, f"{held} figure{'s' if held > 1 else ''} of {dfn.name} paralyzed by {att.name} ([13.4])",
                  effects=with_effect(dfn.effects, "held", held_figures(dfn) + held, rounds))


def morale_mods(s: BSState, u: Unit, cause: str) -> list[tuple[str, int]]:
    """[13.6] the awe check's -1 (dragon, 12+ HD) or +1 (illusion)."""
    if cause.startswith("awe:"):
        v = int(cause.split(":")[1])
        return [("dragon or mighty creature" if v < 0 else "an illusion", v)] if v else []
    return []


def note_fallen(em: Emitter, u: Unit, killed: int, why: str) -> None:
    """[13.8] regenerating figures killed other than by fire or acid stay on the table with two
    Wound markers (counted on the unit, ``fallen``) and rise two rounds later."""
    if killed <= 0 or not creature_of(u).regenerates or "fire" in why or "acid" in why:
        return
    from .markers import effect, with_effect
    u = em.unit(u.id)
    prior = effect(u, "fallen")
    n = (int(prior[0]) if prior else 0) + killed
    em.change(u, f"{killed} {u.name} fall{'s' if killed == 1 else ''} but may regenerate ([13.8])",
              effects=with_effect(u.effects, "fallen", n, em.s.turn + REGEN_ROUNDS))


def end_of_round(em: Emitter) -> None:
    """[13.8] regeneration at the end of each round: a unit two rounds out of combat loses a
    Wound marker; fallen figures rise when their time comes and no enemy stands within 1"."""
    from shapely.geometry import Polygon
    from ..events import Casualties
    from .contact import in_contact
    from .markers import effect, with_effect, without
    s = em.s
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if not creature_of(u).regenerates or (u.status != "ok" and not (u.status == "destroyed" and effect(u, "fallen"))):
            continue
        u = em.unit(u.id)
        quiet = effect(u, "quiet")
        fought = u.attacked or u.fired > 0 or (u.figures > 0 and in_contact(s, u))
        q = 0 if fought else (int(quiet[0]) if quiet else 0) + 1
        eff = with_effect(u.effects, "quiet", q)
        wounded = u.wounded
        if q >= REGEN_ROUNDS and u.wounded:
            wounded -= 1
            eff = with_effect(eff, "quiet", 0)
        f = effect(u, "fallen")
        figures = u.figures
        if f and s.turn >= int(f[1]):
            near = False
            if u.figures:
                me = Polygon(block_of(u).outline)
                near = any(me.distance(Polygon(block_of(e).outline)) <= REGEN_GUARD_IN * INCH + 1e-9
                           for e in s.enemies_of(u.side) if e.figures)
            if near:
                em.log(f"an enemy within 1\" stops the fallen {u.name} regenerating ([13.8])", u.side)
            else:
                figures = min(u.original, u.figures + int(f[0]))
                eff = without(eff, "fallen")
        if figures != u.figures or wounded != u.wounded:
            em.emit(Casualties(unit=u.id, killed=u.figures - figures, figures=figures, wounded=min(wounded, figures),
                               text=f"{u.name} {says(u, 'regenerates')}: {plural(figures, 'figure')}, "
                                    f"{min(wounded, figures)} wounded ([13.8])"))
            if u.status == "destroyed" and figures:
                em.change(em.unit(u.id), f"{u.name} rise again", status="ok")
        if eff != em.unit(u.id).effects:
            em.change(em.unit(u.id), "", effects=eff)


def last_order(u: Unit) -> str:
    """[13.9] what a mindless unit did in its last movement step in command: charge, advance
    or halt."""
    if u.charged:
        return "charge"
    return "advance" if u.move_began else "halt"
