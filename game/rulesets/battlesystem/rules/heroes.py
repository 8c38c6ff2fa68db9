"""Heroes and commanders ([9.1]-[9.4]): the fate of characters whose unit is eliminated
(Table 11), character-versus-figure combat and individual combat.
"""

from __future__ import annotations

from ..profiles import DATA
from ..state import Unit
from .common import Emitter
from .words import says


def unit_eliminated(em: Emitter, u: Unit) -> None:
    """The last figure of ``u`` is gone: the unit is destroyed, and each character fighting in
    it rolls on Table 11 ([9.1], [9.2]; in the Basic game, without individuals, the unit
    commander falls with his unit)."""
    if u.status in ("ok", "routed"):
        em.change(u, f"{u.name} {says(u, 'is')} destroyed", status="destroyed")
    for c in list(em.s.chars.values()):
        if not c.active or c.unit != u.id or not c.with_unit:
            continue
        if em.s.game == "basic":
            em.change_char(c, f"{c.name} {says(c, 'falls')} with {u.name}", status="lost")
            continue
        r = em.roll(DATA.tables.dice.fate, f"fate of {c.name} ([9.1] Table 11)", side=c.side)
        face = r.total
        fate = next(text for hi, text in DATA.tables.fate if face <= hi)
        status = {"killed, body lost": "lost", "killed, body on the field": "dead", "badly wounded": "wounded",
                  "unconscious": "unconscious"}[fate]
        em.change_char(c, f"{c.name}: {fate}", status=status)


def heroes_vs_units(em: Emitter) -> None:
    """[9.4] A: heroes in contact with enemy units (filled in by the Intermediate rules)."""
    from .individuals import hero_melee
    hero_melee(em)
