"""Magic markers on units and individuals ([14.0]) and what they change: the marker strings
("haste:3", "held:2:5", "invisible:99"...), invisibility ([14.8]: -4 AC, hidden, placed on
contact), immobilized figures ([14.6] B), haste and bless ([14.7]), morale from bless, psionics
([14.21]), a bard's song ([14.22]) and a rod of victory ([14.20]). The rules read these; the
spells that set them are in :mod:`.magic`."""

from __future__ import annotations

from ..profiles import DATA
from ..spells import PASSIVE_ITEMS
from ..state import BSState, Unit
from .common import Emitter
from .words import says


def effect(u, name: str) -> list[str] | None:
    """The fields of marker ``name`` on a unit or individual ("haste:3" -> ["3"]), or None."""
    for e in u.effects:
        parts = e.split(":")
        if parts[0] == name:
            return parts[1:]
    return None


def with_effect(effects: list[str], name: str, *fields) -> list[str]:
    """``effects`` with marker ``name`` set (replacing one of the same name)."""
    return [e for e in effects if e.split(":")[0] != name] + [":".join([name, *map(str, fields)])]


def without(effects: list[str], name: str) -> list[str]:
    return [e for e in effects if e.split(":")[0] != name]


def reveal_contacts(em: Emitter) -> None:
    """[14.8] an invisible unit in base contact with an enemy is placed on the table (it keeps
    its -4 AC, as a detected unit)."""
    from .contact import enemies_in_contact
    for u in sorted(em.s.units.values(), key=lambda u: u.id):
        if u.on_table and invisible(u) and enemies_in_contact(em.s, u):
            em.change(u, f"{u.name} {says(u, 'is')} in base contact and is placed on the table ([14.8])",
                      effects=with_effect(without(u.effects, "invisible"), "detected", 1))


def is_illusion(u: Unit) -> bool:
    """[14.14] the unit is an illusion (the rules' knowledge; a view may not show it)."""
    return effect(u, "illusion") is not None


def knows(u: Unit, side: str | None) -> bool:
    """[14.11], [14.14] ``side`` knows the true nature of ``u`` (its own side always does)."""
    return side is None or u.side == side or side in (effect(u, "known") or [])


def view_masks(s: BSState, side: str | None) -> dict[str, list[str]]:
    """Unit id -> the markers ``side`` sees on it, for enemy units whose nature it does not
    know: an illusion shows as the troops it looks like ([14.14]); who knows what is hidden."""
    if side is None:
        return {}
    out = {}
    for k, u in s.units.items():
        if u.side != side and (is_illusion(u) or effect(u, "known") is not None) and not knows(u, side):
            out[k] = [e for e in u.effects if e.split(":")[0] not in ("illusion", "known")]
    return out


def invisible(u: Unit) -> bool:
    """[14.8] the unit is invisible and not detected."""
    return effect(u, "invisible") is not None


def held_figures(u: Unit) -> int:
    """[14.6] B figures of the unit immobilized (held, asleep, paralyzed)."""
    e = effect(u, "held")
    return min(u.figures, int(e[0])) if e else 0


def hasted(u) -> bool:
    return effect(u, "haste") is not None


def ac_mods(u: Unit) -> list[tuple[str, int]]:
    """[14.8] -4 AC while invisible (also once detected, until the invisibility breaks)."""
    if effect(u, "invisible") is not None or effect(u, "detected") is not None:
        return [("invisible", -4)]
    return []


def ar_mods(u: Unit) -> list[tuple[str, int]]:
    """[14.7] bless: -1 (better) to the attack rating."""
    return [("blessed", -1)] if effect(u, "bless") is not None else []


def damage_multiplier(u: Unit) -> int:
    """[14.7] haste: missiles or melee for double damage."""
    return 2 if hasted(u) else 1


def morale_mods(s: BSState, u: Unit) -> list[tuple[str, int]]:
    """Magic on morale: bless +1 ([14.7]), telempathic projection +-1 ([14.21]), a bard's song
    +1 (one bard, [14.22]), a rod of victory +1 for the side ([14.20])."""
    out = []
    if effect(u, "bless") is not None:
        out.append(("blessed", 1))
    e = effect(u, "morale")
    if e:
        out.append(("telempathic projection", int(e[0])))
    if bard_covers(s, u):
        out.append(("a bard's song", 1))
    if any(c.side == u.side and c.active and "rod_of_victory" in DATA.characters[c.profile].items for c in s.chars.values()):
        out.append(("rod of victory", PASSIVE_ITEMS["rod_of_victory"][1]))
    return out


def bard_covers(s: BSState, u: Unit) -> bool:
    """[14.22] a bard not commanding (or only charmed troops) sings to every friendly figure
    within his command radius; one bard's song at a time."""
    from .command import can_reach_all
    for c in sorted(s.chars.values(), key=lambda c: c.id):
        cp = DATA.characters[c.profile]
        if cp.class_ != "bard" or c.side != u.side or not c.active:
            continue
        if c.role in ("unit_commander", "brigade", "army"):
            continue
        if can_reach_all(s, c, u):
            return True
    return False


def charmed_from(u: Unit) -> str | None:
    """[14.6] A the side a charmed unit belongs to (None when not charmed)."""
    e = effect(u, "charmed")
    return e[0] if e else None


def unseen_by(s: BSState, side: str | None) -> list[str]:
    """[14.8] the units ``side`` cannot see: invisible enemy units (but those an information
    spell told it of, [14.11] B)."""
    if side is None:
        return []
    return [k for k, u in s.units.items() if u.side != side and invisible(u) and not knows(u, side)]


def seen_by(s: BSState, side: str | None) -> BSState:
    """The state as ``side`` knows it: without the invisible enemy units ([14.8]; the rules,
    standing in for the referee, keep them), enemy illusions shown as the troops they look
    like ([14.14], :func:`view_masks`), enemy casters' spells left out (ours: the spell an
    illusionist spent would give his illusion away). The state itself when nothing is hidden."""
    hide = unseen_by(s, side)
    if s.pending is not None and s.pending.kind == "withdrawal" and s.pending.unit in hide:
        hide = []
    masks = view_masks(s, side)
    books = [k for k, c in s.chars.items() if side is not None and c.side != side and c.spells]
    if not hide and not masks and not books:
        return s
    v = s.clone()
    v.units = {k: u for k, u in v.units.items() if k not in hide}
    for k, eff in masks.items():
        if k in v.units:
            v.units[k].effects = eff
    for k in books:  # an enemy's spell book is his own (ours): which spell went would tell an illusion
        v.chars[k].spells = []
    return v
