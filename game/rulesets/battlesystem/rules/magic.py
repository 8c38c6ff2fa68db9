"""Magic ([14.1]-[14.22]): spells, spell-like abilities, breath weapons ([13.7]), magic items,
psionics and bards, as typed effects from ``data/spells.toml`` (:mod:`..spells`).

- [14.1] Casting: in the missile and magic step; a caster who moved this round may not cast
  (unless hasted); a caster whose unit touches an enemy may only aim at what it touches; a
  regular unit out of command passes a special morale check to use its innate magic; mobs
  use none ([2.10]).
- [14.2] Ranges are the book's inches on the table; areas convert by Table 17
  (:func:`table_inches`) and are laid as templates on the table (:func:`template`): a circle
  about the aimed point, a line from the aimed point away from the caster, a cone from the
  caster. The share of a figure's creatures inside is the share of its base inside, the base
  taken one size larger (Table 17's base column) in open or skirmish order.
- [14.3] One saving throw a figure (AD&D 1e saves, monsters as fighters of their hit dice);
  the optional bulk rule (:func:`bulk_failures`) with the scenario option ``bulk_saves``.
- [14.4] Range and sight are measured after the spell is declared: out of range or out of
  sight it fails and is spent. Sight for spells is :func:`..sight.spell_line` (units and woods
  block).
- [14.5] Damage in hit dice (:func:`direct_hd`, :func:`hp_to_hd`) to every creature in the
  area; a figure is removed, wounded, or its save decides (:func:`figure_fate`); lines fired
  from the front or rear, and the first half of a cone, only wound (:func:`only_wounds`).
- [14.6] hold (immobilized figures), [14.6] A charm (the commander and his unit change sides
  for 1d4 + CB rounds), [14.7] bonuses (haste: double damage; bless; a figure must be wholly
  affected), [14.8] invisibility (hidden from the other side's view, -4 AC, not a target),
  [14.9] fear (the unit routs when half its figures in the area fail), [14.10] summoned troops,
  [14.11] detection (reveals invisible units), [14.12] mirror image (:func:`mirror_image`),
  [14.13] movement (dimension door), [14.14] disbelief (:func:`disbelief`), [14.15] fog and
  walls of fire, [14.16] healing (:func:`wounds_healed`), [14.19] turning undead,
  [14.20] magic items, [14.21] psionics, [14.22] bards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from game.core.event import Target
from game.core.logtext import plural

from .. import actions as A
from ..events import Casualties, SpellCast, UnitCreated, WorldChanged
from ..formation import base_size, block_of
from ..profiles import DATA
from ..spells import MAGIC, SPELLS, Spell
from ..state import BSState, Individual, MagicArea, Unit
from .command import charisma_item_bonus  # noqa: F401 (re-exported)
from .common import INCH, Emitter, inches, profile, rating
from .illusions import disbelief, disbelief_morale_bonus  # noqa: F401 (re-exported, [14.14] A)
from .markers import knows
from .markers import (ac_mods, ar_mods, bard_covers, damage_multiplier, effect, hasted, held_figures,  # noqa: F401
                      invisible, morale_mods, reveal_contacts, with_effect, without)
from .saves import bulk_failures, individual_save, save_number, save_roll as _save_roll, unit_save  # noqa: F401
from .words import says, their

BASE_STEPS = [row[2] for row in MAGIC.area_table]


# -- [14.2] scale ----------------------------------------------------------------------------------

def table_inches(adnd_in: float) -> float:
    """[14.2] Table 17: an AD&D area measure (inches of 10 feet) on the table, inches. A value
    between rows takes the next row up; beyond the table three AD&D inches make one."""
    for adnd, table, _ in MAGIC.area_table:
        if adnd_in <= adnd + 1e-9:
            return table
    return adnd_in / MAGIC.scale_beyond


def effective_base_in(base_in: float, formation: str) -> float:
    """[14.2] Table 17's base column: in open or skirmish order a figure counts as the next
    base size up (a size between steps takes the step above it first)."""
    if formation not in ("open", "skirmish"):
        return base_in
    for step in BASE_STEPS:
        if step > base_in + 1e-9:
            return step
    return base_in


def caster_level(caster) -> int:
    """A caster's level (an individual's class level; a unit's creatures' hit dice)."""
    if isinstance(caster, Individual):
        cp = DATA.characters[caster.profile]
        return cp.level or int(cp.hd)
    return int(rating(caster).hd)


def spell_range_mm(sp: Spell, level: int) -> float:
    """[14.2] the spell's range on the table, mm (the book's inches)."""
    return (sp.range_in + sp.range_per_level_in * level) * INCH


def damage_expr(sp: Spell, level: int) -> str:
    """The spell's damage dice at caster ``level`` ("10d6"; a flat "44" stays as it is)."""
    if not sp.per_level:
        return sp.damage
    n = level if not sp.max_dice else min(level, sp.max_dice)
    _, sides, plus = _parse(sp.damage)
    return f"{n}x(1d{sides}+{plus})" if plus else f"{n}d{sides}"


def _parse(expr: str) -> tuple[int, int, int]:
    """(count, sides, plus a die) of "NdS", "NdS+P" or "Nx(1dS+P)"; a flat number: (0, 0, hp)."""
    e = expr.replace(" ", "")
    if e.isdigit():
        return 0, 0, int(e)
    if "x(" in e:
        n, inner = e.split("x(")
        c, s, p = _parse(inner.rstrip(")"))
        return int(n), s, p
    n, rest = e.lower().split("d")
    plus = 0
    if "+" in rest:
        rest, p = rest.split("+")
        plus = int(p)
    return int(n or 1), int(rest), plus


def direct_hd(expr: str) -> int | None:
    """[14.5] A: damage that reads as a D6 or D8 column on the CRT ([8.5]: the die and its
    plus) is that many hit dice; None when hit points must be rolled and divided by four."""
    from .crt import column_of
    n, sides, plus = _parse(expr)
    if n == 0:
        return None
    try:
        col, wraps = column_of(sides, plus)
    except ValueError:
        return None
    return n if wraps == 0 and col in ("D6", "D8") else None


def hp_to_hd(hp: float) -> int:
    """[14.5] A hit points to hit dice: a quarter, a half or more rounded up."""
    return int(math.floor(hp / 4.0 + 0.5))


def roll_hd(em: Emitter, expr: str, why: str, side: str | None = None) -> int:
    """[14.5] A the hit dice of damage each creature in the area takes (rolled when needed)."""
    d = direct_hd(expr)
    if d is not None:
        return d
    n, sides, plus = _parse(expr)
    if n == 0:
        return hp_to_hd(plus)
    hp = em.roll(f"{n}d{sides}", f"{why}: hit points of damage", [("plus", plus * n)] if plus else (), side=side).total
    return hp_to_hd(hp)


# -- [14.2] templates --------------------------------------------------------------------------------

def template(sp: Spell, origin: tuple[float, float], x: float, y: float) -> Polygon | None:
    """[14.2] the spell's area on the table (mm), aimed at (x, y) from ``origin``: a circle of
    the converted radius about the point; a line of the converted length and width running
    from the point away from the caster; a cone from the caster towards the point, as long as
    the converted length and as wide at its end as the converted width. None for spells with
    no area."""
    if sp.area == "circle":
        return Point(x, y).buffer(table_inches(sp.area_in) * INCH, quad_segs=16)
    if sp.area not in ("line", "cone"):
        return None
    h = math.atan2(y - origin[1], x - origin[0]) if (x, y) != tuple(origin) else 0.0
    ux, uy = math.cos(h), math.sin(h)
    length = table_inches(sp.area_in) * INCH
    width = table_inches(sp.width_in) * INCH
    if sp.area == "line":
        a = (x, y)
        b = (x + ux * length, y + uy * length)
        return LineString([a, b]).buffer(width / 2, cap_style="flat")
    ox, oy = origin
    ex, ey = ox + ux * length, oy + uy * length
    return Polygon([(ox, oy), (ex - uy * width / 2, ey + ux * width / 2), (ex + uy * width / 2, ey - ux * width / 2)])


@dataclass(frozen=True)
class Covered:
    """Creatures of one figure inside a template: ``index`` of the figure, ``inside`` of ``total``."""

    index: int
    inside: int
    total: int
    centre: tuple[float, float]


def covered(u: Unit, area: Polygon) -> list[Covered]:
    """[14.2] the unit's figures meeting ``area`` and how many of each figure's creatures are
    inside: the share of the figure's effective base (Table 17's column) inside, rounded half up."""
    if u.figures == 0 or area is None:
        return []
    b = block_of(u)
    w, d = base_size(u)
    ratio = rating(u).ratio
    gw = effective_base_in(w / INCH, u.formation) * INCH
    gd = effective_base_in(d / INCH, u.formation) * INCH
    from game.geometry.formation import rect_corners
    cs = b.centres
    corners = rect_corners(cs[:, 0], cs[:, 1], gw, gd, b.heading)
    polys = shapely.polygons(corners)
    hit = shapely.intersects(polys, area)
    out = []
    for i in np.nonzero(hit)[0]:
        share = shapely.area(shapely.intersection(polys[i], area)) / (gw * gd)
        n = min(ratio, int(math.floor(share * ratio + 0.5)))
        if n > 0:
            out.append(Covered(int(i), n, ratio, (float(cs[i][0]), float(cs[i][1]))))
    return out


# -- [14.5] B what happens to a figure --------------------------------------------------------------

@dataclass(frozen=True)
class Fate:
    """[14.5] B a figure's fate if its creatures save and if they fail: "removed", "wounded" or
    "unharmed". ``roll`` when the save decides."""

    saved: str
    failed: str

    @property
    def roll(self) -> bool:
        return self.saved != self.failed


def figure_fate(hd_each: float, damage_hd: float, save: str, inside: int, total: int, only_wound: bool = False) -> Fate:
    """[14.5] B: ``damage_hd`` hit dice to each of ``inside`` of the figure's ``total``
    creatures of ``hd_each`` hit dice. All die even if they save: removed; all live even if
    they fail: wounded; else the save decides. A figure only partly inside the area is at most
    wounded (ours); ``only_wound``: a line from the front or rear, or the first half of a cone."""
    def one(dmg: float) -> str:
        if dmg <= 0:
            return "unharmed"
        if dmg >= hd_each - 1e-9 and inside >= total and not only_wound:
            return "removed"
        return "wounded"
    saved_dmg = {"none": damage_hd, "half": damage_hd / 2.0, "negates": 0.0}[save]
    return Fate(one(saved_dmg), one(damage_hd))


def area_damage_hd(damage_hd: float, creatures: int) -> float:
    """[14.5] A special note: every creature in the area takes the damage (a figure of ten
    creatures under a 6 HD fireball takes 60 HD)."""
    return damage_hd * creatures


def only_wounds(sp: Spell, u: Unit, origin: tuple[float, float], figure_centre: tuple[float, float]) -> bool:
    """[14.5] B: a line (and a cone in the first half of its length) fired from in front of or
    behind a figure only wounds it; from the side it may remove figures in closed or open
    order. Front or rear: the line of fire within 45 degrees of the unit's facing axis (ours)."""
    if sp.area not in ("line", "cone"):
        return False
    if sp.area == "cone":
        length = table_inches(sp.area_in) * INCH
        if math.dist(origin, figure_centre) > length / 2:
            return False
    fire = math.degrees(math.atan2(figure_centre[1] - origin[1], figure_centre[0] - origin[0]))
    off = abs((fire - u.heading + 90.0) % 180.0 - 90.0)
    return off <= 45.0


def mirror_image(damage: float, images: int) -> float:
    """[14.12] mirror image: the damage is shared among the caster and its images, each image
    taking its share and vanishing; the caster keeps one share (40 HD with three images: 10)."""
    return damage / (images + 1)


def wounds_healed(cured_hd: float, hd_per_figure: float) -> int:
    """[14.16] one Wound marker off for each half of a figure's hit dice cured."""
    return int(math.floor(cured_hd / (hd_per_figure / 2.0) + 1e-9)) if hd_per_figure > 0 else 0


def healing_hd(sp: Spell) -> float:
    """[14.16] a cure spell heals 1 HD a spell level, heal and the like 2."""
    return float(sp.heal_hd_per_level * sp.level)


# -- who may cast what -----------------------------------------------------------------------------------

def caster_point(s: BSState, cid: str) -> tuple[float, float]:
    """Where a spell starts: an individual's base (with his unit: the centre of its front
    edge, :func:`.command.position`); a unit's front centre."""
    from .command import position
    if cid in s.units:
        u = s.units[cid]
        return (u.x, u.y)
    return position(s, s.chars[cid])


def known(s: BSState, cid: str) -> list[str]:
    """The spells (and breath, item powers) caster ``cid`` may still use."""
    if cid in s.chars:
        c = s.chars[cid]
        return [sp for sp in dict.fromkeys(c.spells) if sp in SPELLS] if c.active else []
    u = s.units.get(cid)
    if u is None or not u.on_table or u.status != "ok":
        return []
    br = DATA.creatures[profile(u).creature].breath
    if not br:
        return []
    used = effect(u, "breath_used")
    return [br] if (int(used[0]) if used else 0) < (SPELLS[br].uses or 1) else []


def _contact_unit(s: BSState, cid: str) -> Unit | None:
    if cid in s.units:
        return s.units[cid]
    c = s.chars[cid]
    return s.units.get(c.unit) if c.with_unit and c.unit else None


def why_not_cast(s: BSState, a: A.CastSpell) -> str | None:
    """[14.1] why ``a`` may not be declared now, or None. Range and sight are not checked here:
    they are measured after the declaration ([14.4])."""
    from .contact import enemies_in_contact
    if s.game == "basic":
        return "the Basic game has no magic"
    st = s.step
    if st is None or st.phase != "missile":
        return "magic is used in the missile and magic step ([14.1])"
    caster = s.chars.get(a.caster) or s.units.get(a.caster)
    if caster is None or caster.side != a.side:
        return f"{a.side} has no caster {a.caster!r}"
    if a.spell not in known(s, a.caster):
        return f"{caster.name} cannot use {SPELLS[a.spell].name if a.spell in SPELLS else a.spell!r} now"
    sp = SPELLS[a.spell]
    if isinstance(caster, Individual):
        if effect(caster, "stunned") is not None:
            return f"{caster.name} is stunned ([14.17])"
        if sp.caster == "psionic" and not DATA.characters[caster.profile].psionic:
            return f"{caster.name} has no psionic powers ([14.21])"
        mover = s.units.get(caster.unit) if caster.with_unit and caster.unit else None
        if (caster.moved > 1e-6 or (mover is not None and mover.moved > 1e-6)) and not hasted(caster):
            return f"{caster.name} moved this round and may not cast ([14.1])"
        if effect(caster, "cast") and int(effect(caster, "cast")[0]) == s.turn:
            return f"{caster.name} {says(caster, 'has')} already used magic this round ([14.1])"
    else:
        if caster.kind == "mob":
            return f"{caster.name} {says(caster, 'is')} a mob and uses no magic here ([14.1])"
        if caster.moved > DATA.tables.movement.split_fire_share * rating(caster).mv * INCH + 1e-6:
            return f"{caster.name} moved more than half its move ([14.1], ours)"
        if "missile" in caster.fired_in:
            return f"{caster.name} {says(caster, 'has')} used {their(caster)} magic this round"
        if caster.rallied:
            return f"{caster.name} rallied this round ([6.3])"
    w, h = s.table
    if not (0 <= a.x <= w and 0 <= a.y <= h):
        return "the point is off the table"
    if sp.area in ("unit", "individual"):
        t = s.units.get(a.target) if sp.area == "unit" else s.chars.get(a.target)
        if t is None or (isinstance(t, Unit) and not t.on_table) or (isinstance(t, Individual) and not t.active):
            return f"{a.target!r} is not a {'unit' if sp.area == 'unit' else 'character'} on the table"
        if t.side != a.side and isinstance(t, Unit) and invisible(t) and not knows(t, a.side):
            return f"{t.name} cannot be seen ([14.8])"
        if isinstance(t, Individual) and t.with_unit and t.unit in s.units and s.units[t.unit].formation in ("closed", "mob") \
                and sp.category != "information":
            return f"{t.name} {says(t, 'is')} inside a unit in {s.units[t.unit].formation} order and cannot be singled out ([14.4])"
        why = _why_not_target(s, a, sp, caster, t)
        if why:
            return why
    if sp.category == "special":
        why = why_not_wish(s, a, sp, caster)
        if why:
            return why
    cu = _contact_unit(s, a.caster)
    if cu is not None and sp.area not in ("self",):
        touching = enemies_in_contact(s, cu)
        if touching:
            ok = a.target in touching or any(Polygon(block_of(s.units[e]).outline).covers(Point(a.x, a.y))
                                             for e in touching if e in s.units)
            if not ok:
                return f"{caster.name} {says(caster, 'is')} in base contact and may only use magic on what it touches ([14.1])"
    if sp.category == "weather" and a.option not in weather_options():
        return f"control weather: choose one of {', '.join(weather_options())}"
    if sp.category == "bonus" and sp.morale and a.option not in ("raise", "lower"):
        return f"{sp.name}: choose raise or lower ([14.21])"
    return None


def _why_not_target(s: BSState, a: A.CastSpell, sp: Spell, caster, t) -> str | None:
    """Who the spells on one individual ([14.17]), information ([14.11] B) and psionic combat
    ([14.21]) may be aimed at."""
    if sp.category == "individual" and t.side == a.side:
        return f"{sp.name} is aimed at an enemy hero or commander ([14.17])"
    if sp.category == "information":
        if t.side == a.side:
            return f"{sp.name} asks about the enemy ([14.11] B)"
        if a.option not in ("", "moves") or (a.option == "moves" and sp.reveals != "brigade"):
            return f"{sp.name}: {'ask with no option' if sp.reveals != 'brigade' else 'ask its forces, or moves'} ([14.11] B)"
        if sp.reveals == "brigade" and (not isinstance(t, Individual) or t.role not in ("brigade", "army")):
            return f"{sp.name} asks about a brigade: aim it at a brigade or army commander ([14.11] B)"
    if sp.category == "psionic":
        if not isinstance(caster, Individual) or caster.role == "member":
            return "psionic combat is for heroes and commanders only ([14.21])"
        if t.side == a.side or t.role == "member":
            return "psionic combat is fought against an enemy hero or commander ([14.21])"
        if not DATA.characters[t.profile].psionic:
            return f"{t.name} has no psionic powers: there is no psionic combat with him ([14.21])"
    return None


def weather_options() -> list[str]:
    from .weather import W
    return ["clear", "tornado"] + sorted(W.conditions)


def cast_options(s: BSState, side: str, first: bool = False) -> list[A.CastSpell]:
    """Every spell ``side`` may declare now, aimed at each enemy unit it would touch (area
    spells at the unit's centre), friendly units for bonuses and healing, the caster itself."""
    out: list[A.CastSpell] = []
    if s.game == "basic" or s.step is None or s.step.phase != "missile" or s.active != side:
        return out
    casters = [c.id for c in sorted(s.chars.values(), key=lambda c: c.id) if c.side == side and c.active and c.spells]
    casters += [u.id for u in sorted(s.living(side), key=lambda u: u.id) if DATA.creatures[profile(u).creature].breath]
    for cid in casters:
        for spid in known(s, cid):
            sp = SPELLS[spid]
            for a in _aims(s, side, cid, spid, sp):
                if why_not_cast(s, a) is None:
                    out.append(a)
                    if first:
                        return out
    return out


def _aims(s: BSState, side: str, cid: str, spid: str, sp: Spell) -> list[A.CastSpell]:
    x0, y0 = caster_point(s, cid)
    mk = lambda x, y, target="", option="": A.CastSpell(side=side, caster=cid, spell=spid, x=round(float(x), 2),
                                                        y=round(float(y), 2), target=target, option=option)
    enemies = [u for u in sorted(s.enemies_of(side), key=lambda u: u.id) if u.figures and not invisible(u)]
    friends = [u for u in sorted(s.living(side), key=lambda u: u.id) if u.figures]
    if sp.category == "special":
        out = [mk(*block_of(u).centre, target=u.id, option="restore") for u in friends if u.wounded or u.figures < u.original]
        if sp.reveals:
            out += [mk(c.x, c.y, target=c.id, option=o) for c in sorted(s.chars.values(), key=lambda c: c.id)
                    if c.side != side and c.active and c.role in ("brigade", "army") for o in ("learn", "moves")]
        return out
    if sp.area == "self":
        if sp.category == "weather":
            return [mk(x0, y0, option=o) for o in ("clear", "downpour", "tornado")]
        if sp.category == "movement":
            return []
        return [mk(x0, y0, target=cid)]
    if sp.area == "individual":
        options = ("", "moves") if sp.reveals == "brigade" else ("",)  # [14.11] B (a) forces or (b) moves
        return [mk(*_char_point(s, c), target=c.id, option=o) for c in sorted(s.chars.values(), key=lambda c: c.id)
                if c.side != side and c.active and (not c.with_unit or sp.category in ("information", "psionic"))
                for o in options]
    if sp.area == "point":
        if not enemies:
            return []
        e = min(enemies, key=lambda u: math.dist((u.x, u.y), (x0, y0)))
        d = math.dist((e.x, e.y), (x0, y0)) or 1.0
        r = min(spell_range_mm(sp, caster_level(s.chars.get(cid) or s.units.get(cid))), d / 2)
        return [mk(x0 + (e.x - x0) * r / d, y0 + (e.y - y0) * r / d)]
    if sp.area == "unit" and sp.category == "bonus" and sp.morale:
        return [mk(*block_of(u).centre, target=u.id, option="raise") for u in friends] + \
            [mk(*block_of(u).centre, target=u.id, option="lower") for u in enemies]
    if sp.area == "unit":
        pool = friends if (sp.category in ("healing", "invisibility") or (sp.category == "bonus" and sp.morale >= 0)) else enemies
        if sp.category == "healing":
            pool = [u for u in pool if u.wounded]
        return [mk(*block_of(u).centre, target=u.id) for u in pool]
    if sp.category == "detection":
        return [mk(*block_of(u).centre) for u in s.enemies_of(side) if u.figures and invisible(u)]
    return [mk(*block_of(u).centre) for u in enemies]


def _char_point(s: BSState, c: Individual) -> tuple[float, float]:
    from .command import position
    return position(s, c)


# -- resolution -------------------------------------------------------------------------------------------

def do_cast(em: Emitter, a: A.CastSpell) -> None:
    """[14.1]-[14.4] the spell is spent; out of range or sight it fails; else its effect."""
    s = em.s
    cid = a.caster
    caster = s.chars.get(cid) or s.units.get(cid)
    sp = SPELLS[a.spell]
    level = caster_level(caster)
    if isinstance(caster, Unit) and caster.kind in ("regular", "elite") and not _in_command(s, caster):
        r = em.roll(DATA.tables.dice.morale, f"{caster.name}: out of command, a special morale check to use magic ([14.1])",
                    side=caster.side, target=Target(label="morale", base=rating(caster).morale, at_most=True,
                                                    words=("may use it", "may not")))
        if not r.passed:
            em.change(caster, f"{caster.name} does not use its magic", fired_in=caster.fired_in + ["missile"])
            return
    from .illusions import break_concentration
    break_concentration(em, cid)
    _spend(em, caster, a.spell)
    origin = caster_point(s, cid)
    why = out_of_reach(s, a, sp, level, origin)
    # [14.14] B an illusion is announced as a spell that brings troops, as a summoning is
    shown_id = "monster_summoning_i" if sp.category == "illusion" else a.spell
    shown = SPELLS[shown_id].name
    if why:
        em.emit(SpellCast(caster=cid, spell=shown_id, x=a.x, y=a.y, ok=False, text=f"{caster.name}'s {shown} {says(sp, 'fails')}: {why}"))
        return
    em.emit(SpellCast(caster=cid, spell=shown_id, x=a.x, y=a.y, ok=True,
                      text=f"{caster.name} {'breathes' if sp.caster == 'innate' else 'uses'} {shown}"))
    HANDLERS[sp.category](em, a, caster, sp, level, origin)


def out_of_reach(s: BSState, a: A.CastSpell, sp: Spell, level: int, origin: tuple[float, float]) -> str:
    """[14.4] why the declared spell fails on measuring (out of range, or its line of sight
    broken: :func:`..sight.spell_line`), or "" when it reaches. The victims of a bolt or a cone
    do not hide one another (ours); a unit aimed at is measured to its nearest edge."""
    from ..sight import spell_line
    caster = s.chars.get(a.caster) or s.units.get(a.caster)
    rng = spell_range_mm(sp, level)
    aim = (a.x, a.y)
    if sp.area == "self" or sp.category in ("information", "special"):
        return ""  # [14.11] B, [14.18] questions and wishes need neither range nor sight (ours)
    if sp.area == "unit" and a.target in s.units:
        d = Polygon(block_of(s.units[a.target]).outline).distance(Point(origin))
    elif sp.area == "individual" and a.target in s.chars:
        aim = _char_point(s, s.chars[a.target])
        d = math.dist(origin, aim)
    else:
        d = math.dist(origin, aim)
    if sp.area != "cone" and d > rng + 1e-6:
        return f"{inches(d)} away, beyond its range of {inches(rng)} ([14.4])"
    skip = {a.caster, a.target} | ({caster.unit} if isinstance(caster, Individual) and caster.unit else set())
    area = template(sp, origin, a.x, a.y) if sp.area in ("line", "cone") else None
    if area is not None:
        skip |= {u.id for u in s.living() if u.figures and area.intersects(Polygon(block_of(u).outline))}
    line = spell_line(s, origin, aim, skip)
    return "" if line.clear else f"{line.why} blocks the line of sight ([14.4])"


def _in_command(s: BSState, u: Unit) -> bool:
    from .command import in_command
    return in_command(s, u)


def _spend(em: Emitter, caster, spid: str) -> None:
    if isinstance(caster, Individual):
        left = list(caster.spells)
        left.remove(spid)
        em.change_char(caster, f"{caster.name} {says(caster, 'has')} {len(left)} spell{'s' if len(left) != 1 else ''} left", spells=left,
                       effects=with_effect(caster.effects, "cast", em.s.turn), move_done=True)
    else:
        used = effect(caster, "breath_used")
        n = (int(used[0]) if used else 0) + 1
        em.change(caster, f"{caster.name} {says(caster, 'has')} used {their(caster)} {SPELLS[spid].name} {n} time{'s' if n > 1 else ''}",
                  effects=with_effect(caster.effects, "breath_used", n), fired_in=caster.fired_in + ["missile"],
                  fired=caster.fired + 1, idle=False)


@dataclass
class Struck:
    """What an area attack did to one unit: figures removed, wound markers, figures failing."""

    removed: int = 0
    wounded: int = 0
    failed: int = 0
    affected: int = 0


def area_attack(em: Emitter, area: Polygon, expr: str, save: str, why: str, *, sp: Spell | None = None,
                origin: tuple[float, float] | None = None, save_vs: str = "spell", kill_below_hd: float = 0.0,
                side: str | None = None) -> dict[str, Struck]:
    """[14.5] damage every figure in ``area`` (both sides: an area spell spares nobody): the
    hit dice each creature takes (rolled once), then figure by figure its fate and, where the
    save decides, its saving throw ([14.3]; the optional bulk rule); removed figures come off,
    wounded ones take a Wound marker; each unit hit checks morale (a figure removed by magic,
    Table 4). ``kill_below_hd``: creatures under so many hit dice are killed outright (the
    tornado). Free-standing individuals take the hit points by AD&D rules (save for half),
    shared with their mirror images ([14.12])."""
    from .melee import apply_damage  # noqa: F401 (the same rule for the unit's end)
    from .morale import losses_check
    s = em.s
    hits = {u.id: covered(u, area) for u in sorted(s.living(), key=lambda u: u.id) if u.figures}
    hits = {k: v for k, v in hits.items() if v}
    chars = [c for c in sorted(s.chars.values(), key=lambda c: c.id)
             if c.active and not c.with_unit and area.intersects(Point(c.x, c.y).buffer(DATA.inches(0.25)))]
    if not hits and not chars:
        em.log(f"{why} touches no figure")
        return {}
    hd = roll_hd(em, expr, why, side)
    out: dict[str, Struck] = {}
    for uid, figs in hits.items():
        u = em.unit(uid)
        r = rating(u)
        hd_each = r.hd_per_figure / r.ratio
        need = unit_save(u, save_vs)
        st = Struck(affected=len(figs))
        auto = bulk_failures(len(figs), need) if em.s.options.get("bulk_saves") else 0
        for k, f in enumerate(figs):
            ow = sp is not None and origin is not None and only_wounds(sp, u, origin, f.centre)
            if kill_below_hd and hd_each < kill_below_hd:
                fate = Fate("removed" if f.inside >= f.total else "wounded", "removed" if f.inside >= f.total else "wounded")
            else:
                fate = figure_fate(hd_each, hd, save, f.inside, f.total, ow)
            if fate.roll:
                ok = False if k < auto else _save_roll(em, need, f"{u.name}, figure {f.index + 1}: saving throw against {why}",
                                                        u.side)
                res = fate.saved if ok else fate.failed
                st.failed += 0 if ok else 1
            else:
                res = fate.failed
            if res == "removed":
                st.removed += 1
            elif res == "wounded":
                st.wounded += 1
        out[uid] = st
        take(em, u, st.removed, st.wounded,
             f"{why}: {hd:g} HD to each creature, {area_damage_hd(hd, sum(f.inside for f in figs)):g} HD in all "
             f"on {len(figs)} figure{'s' if len(figs) != 1 else ''}")
    for c in chars:
        _hurt_individual(em, c, expr, save, why, save_vs)
    for uid, st in out.items():
        if st.removed:
            u = em.unit(uid)
            losses_check(em, u, u.figures + st.removed, f"figures removed by {why}", source=origin, cause="magic",
                         attack=f"magic:{em.s.turn}:{why}:{uid}")
    return out


def take(em: Emitter, u: Unit, removed: int, wounded: int, why: str) -> None:
    """Remove ``removed`` figures (from the rear, as other losses) and add ``wounded`` Wound
    markers to the unit ([14.5] B; two wounds make a loss at the end of the melee phase, [8.7])."""
    u = em.unit(u.id)
    removed = min(removed, u.figures)
    figs = u.figures - removed
    wounds = min(figs, u.wounded + wounded)
    words = [f"{plural(removed, 'figure')} removed"] if removed else []
    if wounded:
        words.append(f"{wounded} wounded")
    em.emit(Casualties(unit=u.id, killed=removed, figures=figs, wounded=wounds,
                       text=f"{u.name}: {why}: {', '.join(words) or 'no figure harmed'}; {plural(figs, 'figure')} left"))
    if figs == 0:
        from .heroes import unit_eliminated
        unit_eliminated(em, em.unit(u.id))


def _hurt_individual(em: Emitter, c: Individual, expr: str, save: str, why: str, save_vs: str) -> None:
    """[14.5] A against an individual: AD&D damage in hit points (half on a save), shared with
    mirror images ([14.12])."""
    n, sides, plus = _parse(expr)
    hp = plus if n == 0 else em.roll(f"{n}d{sides}", f"{why} on {c.name}: hit points", [("plus", plus * n)] if plus else (),
                                     side=c.side).total
    if save != "none" and _save_roll(em, individual_save(c, save_vs), f"{c.name}: saving throw against {why}", c.side):
        hp = 0 if save == "negates" else hp // 2
    imgs = effect(c, "mirror_image")
    ch: dict = {}
    if imgs and int(imgs[0]) > 0 and hp > 0:
        k = int(imgs[0])
        hp = int(math.ceil(mirror_image(hp, k)))
        ch["effects"] = without(c.effects, "mirror_image")
    left = c.hp - hp
    ch["hp"] = left
    if left <= 0:
        ch["status"] = "dead"
    em.change_char(c, f"{c.name} {says(c, 'takes')} {hp} hit points from {why}" + (" and dies" if left <= 0 else f" ({left} left)"), **ch)


# -- the categories ---------------------------------------------------------------------------------

def _artillery(em, a, caster, sp, level, origin) -> None:
    s = em.s
    expr = damage_expr(sp, level)
    if sp.area == "unit":
        _missiles(em, a, caster, sp, level)
        return
    if sp.area == "individual":
        _hurt_individual(em, s.chars[a.target], expr, sp.save, sp.name, sp.save_vs)
        return
    area = template(sp, origin, a.x, a.y)
    area_attack(em, area, expr, sp.save, f"{caster.name}'s {sp.name}", sp=sp, origin=origin, save_vs=sp.save_vs,
                side=a.side)


def magic_missiles(sp: Spell, level: int) -> int:
    """PHB magic missile: one missile, and one more for each two levels above the first."""
    return 1 + max(0, (level - 1) // sp.missiles_per_levels) if sp.missiles_per_levels else 1


def _missiles(em, a, caster, sp, level) -> None:
    """[14.5] A: missiles at one unit, each a creature's worth of damage (magic missile: 1 HD)."""
    from .melee import apply_damage
    from .morale import losses_check
    u = em.unit(a.target)
    n = magic_missiles(sp, level)
    per = roll_hd(em, sp.damage, sp.name, a.side)
    before = u.figures
    apply_damage(em, u, per * n * damage_multiplier_of(caster), f"{n} x {sp.name} of {caster.name}")
    losses_check(em, em.unit(u.id), before, f"{sp.name} of {caster.name}", cause="magic" if em.unit(u.id).figures < before else "",
                 attack=f"magic:{em.s.turn}:{caster.id}")


def damage_multiplier_of(caster) -> int:
    return 2 if hasted(caster) else 1


def _rounds(sp: Spell, level: int) -> int:
    return max(1, sp.rounds + sp.rounds_per_level * level)


def _hold(em, a, caster, sp, level, origin) -> None:
    """[14.6] B: each figure in the area whose creatures the spell can take (at most
    ``creatures`` a figure, no more hit dice than ``max_hd``) saves or is immobilized."""
    s = em.s
    area = template(sp, origin, a.x, a.y)
    for u in sorted(s.living(), key=lambda u: u.id):
        if u.side == a.side:
            continue
        figs = covered(u, area)
        r = rating(u)
        if not figs:
            continue
        if sp.creatures and r.ratio > sp.creatures:
            em.log(f"{sp.name} cannot take all {r.ratio} creatures of a figure of {u.name} ([14.6], ours)")
            continue
        if sp.max_hd and r.hd > sp.max_hd + 1e-9:
            em.log(f"{u.name} {says(u, 'is')} too strong for {sp.name}")
            continue
        need = unit_save(u, "spell")
        n = 0
        for f in figs:
            if f.inside < f.total:
                continue
            if sp.save == "none" or not _save_roll(em, need, f"{u.name}, figure {f.index + 1}: saving throw against {sp.name}", u.side):
                n += 1
        if n:
            u = em.unit(u.id)
            em.change(u, f"{n} figure{'s' if n > 1 else ''} of {u.name} held by {sp.name} for {_rounds(sp, level)} rounds ([14.6] B)",
                      effects=with_effect(u.effects, "held", held_figures(u) + n, _rounds(sp, level)))


def _charm(em, a, caster, sp, level, origin) -> None:
    """[14.6] A: a commander who fails his save, and the unit he commands, serve the other side
    for 1d4 + his charisma bonus rounds; then the unit is out of command."""
    from .ratings import charisma_bonus
    s = em.s
    c = s.chars[a.target]
    if _save_roll(em, individual_save(c, "spell"), f"{c.name}: saving throw against {sp.name}", c.side):
        em.log(f"{c.name} resists the charm")
        return
    n = em.roll("d4", f"{c.name}: rounds under the charm", [("charisma bonus", charisma_bonus(DATA.characters[c.profile].cha))],
                side=a.side).total
    em.change_char(c, f"{c.name} {says(c, 'is')} charmed and serves {s.side_names.get(a.side, a.side)} for {plural(n, 'round')} ([14.6] A)",
                   side=a.side, effects=with_effect(c.effects, "charmed", c.side, n))
    u = s.units.get(c.unit) if c.unit else None
    if u is not None and u.commander == c.id and u.on_table:
        em.change(u, f"{u.name} {says(u, 'follows')} {their(u)} charmed commander", side=a.side, effects=with_effect(u.effects, "charmed", u.side, n))


def _bonus(em, a, caster, sp, level, origin) -> None:
    """[14.7] every creature of every figure must be affected, or nothing happens."""
    u = em.unit(a.target)
    r = rating(u)
    cap = sp.creatures or sp.creatures_per_level * level
    if r.ratio > cap:
        em.log(f"{sp.name} cannot affect all {r.ratio} creatures of a figure of {u.name}: no effect ([14.7])")
        return
    key = {"haste": "haste", "bless": "bless"}.get(a.spell, "morale")
    sign = -1 if a.option == "lower" else 1  # [14.21] telempathic projection raises or lowers morale
    fields = (_rounds(sp, level),) if key != "morale" else (sign * sp.morale, _rounds(sp, level))
    em.change(u, f"{u.name} {says(u, 'is')} under {sp.name} for {_rounds(sp, level)} rounds ([14.7])", effects=with_effect(u.effects, key, *fields))


def _invisibility(em, a, caster, sp, level, origin) -> None:
    """[14.8] the unit turns invisible and takes skirmish order."""
    u = em.unit(a.target)
    em.change(u, f"{u.name} {says(u, 'vanishes')} from sight ([14.8]); invisible figures fight in skirmish order",
              effects=with_effect(without(u.effects, "detected"), "invisible", _rounds(sp, level)), formation="skirmish")


def _detection(em, a, caster, sp, level, origin) -> None:
    """[14.11] A detection: invisible enemy units the area meets are placed on the table (still
    -4 AC, [14.8]); illusions it meets are seen through by the caster and known to his side
    only (detect illusion, true seeing)."""
    from .illusions import is_illusion, see_through
    area = template(sp, origin, a.x, a.y) or Point(a.x, a.y).buffer(1.0)
    for u in sorted(em.s.living(), key=lambda u: u.id):
        if u.side == a.side or not area.intersects(Polygon(block_of(u).outline)):
            continue
        if sp.detects in ("invisible", "both") and invisible(u):
            em.change(u, f"{u.name} {says(u, 'is')} detected and placed on the table ([14.8])",
                      effects=with_effect(without(u.effects, "invisible"), "detected", 1))
        if sp.detects in ("illusion", "both") and is_illusion(em.unit(u.id)) and isinstance(caster, Individual):
            see_through(em, em.unit(u.id), [em.s.chars[caster.id]], a.side)


def _information(em, a, caster, sp, level, origin) -> None:
    """[14.11] B a question answered to the caster's side only: the true nature of one enemy
    unit (divination, ours), or the forces of one brigade (vision, a wish: every unit of it,
    invisible ones included, shows in the side's view as what it is). Units led by a hero or
    commander with magic resistance are not told of, and the question is spent."""
    from .illusions import learn
    s = em.s
    if sp.reveals == "intent" or a.option == "moves":
        from .intent import ask
        ask(em, a, caster, sp, level)  # [14.11] B what the enemy will do next round
        return
    side = s.side_names.get(a.side, a.side)
    if sp.reveals == "unit":
        units = [s.units[a.target]]
    else:
        boss = s.chars[a.target]
        if DATA.characters[boss.profile].magic_resistance:
            em.log(f"{boss.name} is proof against information magic: {side} learns nothing ([14.11] B)", a.side)
            return
        units = [u for u in sorted(s.units.values(), key=lambda u: u.id) if u.side == boss.side and u.on_table
                 and (u.brigade == boss.id if boss.role == "brigade" else not u.brigade)]
    told = 0
    for u in units:
        c = s.chars.get(u.commander) if u.commander else None
        if c is not None and DATA.characters[c.profile].magic_resistance:
            em.log(f"{c.name} is proof against information magic: nothing is learnt of {u.name} ([14.11] B)", a.side)
            continue
        learn(em, em.unit(u.id), a.side, f"{side} learns what {u.name} truly are ([14.11] B)")
        told += 1
    if not told:
        em.log(f"{side} learns nothing new from {sp.name}", a.side)


def stun_rounds(sp: Spell, hp: int) -> str:
    """[14.17] the dice of rounds stunned for a victim of ``hp`` hit points ("" for none)."""
    for most, dice in sp.stun:
        if hp <= most:
            return dice
    return ""


def stun(em: Emitter, c: Individual, dice: str, why: str, side: str) -> None:
    """[14.17] the individual is stunned for ``dice`` rounds: he neither commands, casts nor
    moves (ours)."""
    n = int(dice) if dice.isdigit() else em.roll(dice, f"{c.name}: rounds stunned", side=side).total
    c = em.s.chars[c.id]
    em.change_char(c, f"{c.name} is stunned for {n} round{'s' if n != 1 else ''} by {why} ([14.17])",
                   effects=with_effect(c.effects, "stunned", n))


def _individual(em, a, caster, sp, level, origin) -> None:
    """[14.17] a spell on one enemy hero or commander: his saving throw where the spell allows
    one (command: only a victim of ``save_from_level`` or more), then stunned for the rounds
    of his hit points, or slain (his units check morale, Table 5)."""
    from .individuals import wound_hero
    s = em.s
    c = s.chars[a.target]
    cp = DATA.characters[c.profile]
    may_save = sp.save != "none" and (cp.level or int(cp.hd)) >= sp.save_from_level
    if may_save and _save_roll(em, individual_save(c, sp.save_vs), f"{c.name}: saving throw against {sp.name}", c.side):
        em.log(f"{c.name} shrugs off {sp.name}")
        return
    if sp.individual == "slay":
        wound_hero(em, c, c.hp, sp.name)
        return
    dice = stun_rounds(sp, c.hp)
    if not dice:
        em.log(f"{c.name} is too strong for {sp.name} ([14.17])")
        return
    stun(em, c, dice, sp.name, a.side)


def _psionic(em, a, caster, sp, level, origin) -> None:
    """[14.21] psionic combat between two psionic heroes or commanders (ours: each rolls 1d20
    and adds his level; the lower total is dazed for 1d4 rounds, the defender winning ties)."""
    s = em.s
    c = s.chars[a.target]
    lv = lambda x: DATA.characters[x.profile].level or int(DATA.characters[x.profile].hd)
    att = em.roll("d20", f"{caster.name}: psionic attack", [("level", lv(caster))], side=a.side).total
    dfn = em.roll("d20", f"{c.name}: psionic defence", [("level", lv(c))], side=c.side).total
    loser = c if att > dfn else s.chars[caster.id]
    em.log(f"Psionic combat: {caster.name} {att} against {c.name} {dfn} ([14.21])")
    stun(em, loser, stun_rounds(sp, loser.hp) or "1", sp.name, a.side)


def wishes_allowed(s: BSState, side: str) -> int | None:
    """[16.3] A, [14.18] how many wishes a side may use in the battle: none unless the
    scenario's power level is high magic (one for each ``wish_points``) or anything goes
    (None: no limit)."""
    from .points import points_data
    d = points_data()
    lvl = next((x for x in d.power_levels if x.id == s.options.get("power_level")), None)
    if lvl is None or lvl.wishes == "none":
        return 0
    if lvl.wishes == "unlimited":
        return None
    return int(s.options.get("points") or 0) // d.rates.wish_points


def wishes_used(s: BSState, side: str) -> int:
    return sum(int(effect(c, "wished")[0]) for c in s.chars.values() if c.side == side and effect(c, "wished"))


def why_not_wish(s: BSState, a: A.CastSpell, sp: Spell, caster) -> str | None:
    """[14.18] a wish (or limited wish) within the power level's limit, used for one of the
    effects the text gives it: ``restore`` a friendly unit ([14.16]: Wound markers off, or a
    figure back) or ``learn`` an enemy brigade's forces ([14.11] B)."""
    if a.spell == "wish":
        cap = wishes_allowed(s, a.side)
        if cap is not None and wishes_used(s, a.side) >= cap:
            return (f"{sp.name}: the power level allows {cap} wish{'es' if cap != 1 else ''} a side and no more "
                    f"([16.3], [14.18])")
    if a.option == "restore":
        u = s.units.get(a.target)
        if u is None or not u.on_table or u.side != a.side or not (u.wounded or u.figures < u.original):
            return f"{sp.name}: restore a friendly unit with wounds or losses ([14.16])"
        return None
    if a.option in ("learn", "moves") and sp.reveals:
        c = s.chars.get(a.target)
        if c is None or not c.active or c.side == a.side or c.role not in ("brigade", "army"):
            return f"{sp.name}: ask about an enemy brigade or army commander ([14.11] B)"
        return None
    return f"{sp.name}: choose restore{', learn or moves' if sp.reveals else ''} ([14.18])"


def _special(em, a, caster, sp, level, origin) -> None:
    """[14.18] a wish or a limited wish: restore (Wound markers off first; with none, a fallen
    figure stands again, [14.16]) or learn an enemy brigade's forces ([14.11] B). The referee's
    literal reading of free-form wishes is not played (see README)."""
    if a.spell == "wish" and isinstance(caster, Individual):
        c = em.s.chars[caster.id]
        em.change_char(c, "", effects=with_effect(c.effects, "wished", (int(effect(c, "wished")[0]) if effect(c, "wished") else 0) + 1))
    if a.option in ("learn", "moves"):
        _information(em, a, caster, sp, level, origin)
        return
    u = em.unit(a.target)
    if u.wounded:
        off = min(u.wounded, sp.wounds)
        em.emit(Casualties(unit=u.id, killed=0, figures=u.figures, wounded=u.wounded - off,
                           text=f"{sp.name} on {u.name}: {off} Wound marker{'s' if off != 1 else ''} removed ([14.16])"))
    elif sp.raises and u.figures < u.original:
        back = min(sp.raises, u.original - u.figures)
        em.emit(Casualties(unit=u.id, killed=-back, figures=u.figures + back, wounded=u.wounded,
                           text=f"{sp.name} on {u.name}: {back} figure{'s' if back != 1 else ''} back on its feet ([14.16])"))
    else:
        em.log(f"{sp.name} on {u.name} does nothing ([14.16])")


def _fear(em, a, caster, sp, level, origin) -> None:
    """[14.9] figures in the area save; a unit routs when half or more of its figures there fail
    (ours). [14.20] drums of panic: every enemy unit with a figure in range checks morale."""
    from .morale import check_morale, rout
    area = template(sp, origin, a.x, a.y)
    for u in sorted(em.s.living(), key=lambda u: u.id):
        if u.side == a.side or u.status != "ok":
            continue
        figs = covered(u, area)
        if not figs:
            continue
        if sp.morale_check:
            check_morale(em, u, f"{sp.name} of {caster.name} ([14.20])", source=origin)
            continue
        need = unit_save(u, "spell")
        fails = sum(1 for f in figs if not _save_roll(em, need, f"{u.name}, figure {f.index + 1}: saving throw against {sp.name}", u.side))
        if fails * 2 >= len(figs):
            rout(em, em.unit(u.id), origin, f"routs in terror ({fails} of {len(figs)} figures failed, [14.9])")


def _defence(em, a, caster, sp, level, origin) -> None:
    """[14.12] mirror image: 1d4 images take shares of the damage."""
    n = em.roll(sp.images or "1d4", f"{caster.name}: {sp.name}", side=a.side).total
    if isinstance(caster, Individual):
        em.change_char(caster, f"{caster.name} {says(caster, 'is')} surrounded by {n} images ([14.12])",
                       effects=with_effect(caster.effects, "mirror_image", n))


def _movement(em, a, caster, sp, level, origin) -> None:
    """[14.13] dimension door: the caster steps to the point (an individual apart from units)."""
    if isinstance(caster, Individual) and not caster.with_unit:
        em.change_char(caster, f"{caster.name} steps through a dimension door", x=a.x, y=a.y)


def _terrain(em, a, caster, sp, level, origin) -> None:
    """[14.15] fog (a circle) or a wall of fire (a line) lasting its duration: both block
    sight (:mod:`..sight`); a wall of fire burns what stands in it each round's end."""
    area = template(sp, origin, a.x, a.y)
    kind = "fog" if a.spell.startswith("fog") else "wall_of_fire"
    pts = [tuple(map(float, p)) for p in area.exterior.coords[:-1]]
    m = MagicArea(id=f"{a.spell}{em.s.turn}{caster.id}", kind=kind, name=sp.name, side=a.side, points=pts,
                  rounds=_rounds(sp, level))
    em.emit(WorldChanged(changes={"areas": [x.model_dump() for x in em.s.areas] + [m.model_dump()]},
                         text=f"{caster.name} raises a {sp.name} for {plural(m.rounds, 'round')} ([14.15])"))
    if kind == "wall_of_fire":
        area_attack(em, area, sp.damage, "none", sp.name, side=a.side)


def _healing(em, a, caster, sp, level, origin) -> None:
    """[14.16] cured hit dice add up on the unit; each half of a figure's hit dice takes one
    Wound marker off."""
    u = em.unit(a.target)
    prior = float(effect(u, "healed")[0]) if effect(u, "healed") else 0.0
    total = prior + healing_hd(sp)
    off = min(u.wounded, wounds_healed(total, rating(u).hd_per_figure))
    rest = total - off * rating(u).hd_per_figure / 2.0
    em.emit(Casualties(unit=u.id, killed=0, figures=u.figures, wounded=u.wounded - off,
                       text=f"{sp.name} cures {healing_hd(sp):g} HD on {u.name}: {off} Wound marker{'s' if off != 1 else ''} "
                            f"removed ([14.16])"))
    em.change(em.unit(u.id), "", effects=with_effect(em.unit(u.id).effects, "healed", round(rest, 3)) if u.wounded - off
              else without(em.unit(u.id).effects, "healed"))


def _create(em, a, caster, sp, level, origin) -> None:
    """[14.10] summoned troops: a new unit at the point, facing the nearest enemy, for the
    spell's duration (at least one figure). [14.14] B an illusion of troops comes the same way,
    ``figures`` figures of its look, marked for the rules (and its caster's side) as an illusion
    (:mod:`.illusions`); the other sides see summoned troops."""
    s = em.s
    p = DATA.units[sp.summons]
    from .ratings import rate
    ratio = rate(p, 1).ratio
    if sp.category == "illusion":
        figs = sp.figures
        n = figs * ratio
    else:
        n = em.roll(sp.count, f"{sp.name}: creatures summoned", side=a.side).total
        figs = max(1, int(math.floor(n / ratio + 0.5)))
    enemies = s.enemies_of(a.side)
    head = 0.0
    if enemies:
        e = min(enemies, key=lambda u: math.dist((u.x, u.y), (a.x, a.y)))
        head = math.degrees(math.atan2(e.y - a.y, e.x - a.x)) % 360
    uid = f"summoned{s.turn}{caster.id}"
    u = Unit(id=uid, side=a.side, profile=sp.summons, name=p.name, kind="skirmish", formation="skirmish", x=a.x, y=a.y,
             heading=head, files=figs, figures=figs, original=figs, weapon=p.weapon,
             effects=[f"summoned:{_rounds(sp, level)}"]
             + ([f"illusion:{caster.id}:{int(sp.missing_sense)}"] if sp.category == "illusion" else []), move_done=True)
    if not _room_for(s, u):
        em.log(f"{caster.name}'s spell finds no room at the point: the creatures do not come ([14.10], ours)", a.side)
        return
    em.emit(UnitCreated(unit=u.model_dump(), text=f"{caster.name} summons {n} creatures: {p.name}, {figs} figure"
                                                  f"{'s' if figs > 1 else ''} ([14.10])"))


def _room_for(s: BSState, u: Unit) -> bool:
    """The new unit's bases lie on the table and touch no other unit's."""
    from game.geometry.contact import convex_overlapping
    c = block_of(u).corners
    w, h = s.table
    if c[..., 0].min() < 0 or c[..., 1].min() < 0 or c[..., 0].max() > w or c[..., 1].max() > h:
        return False
    for o in s.living():
        if o.figures and convex_overlapping(c, block_of(o).corners).any():
            return False
    return True


def _weather(em, a, caster, sp, level, origin) -> None:
    """[12.4] control weather: a Table 16 condition, fair weather, or a tornado ([12.3] B)."""
    if a.option == "tornado":
        summon_tornado(em, a.side)
        return
    from .weather import cast_control_weather
    cast_control_weather(em, caster.name, a.side, a.option)


HANDLERS = {"artillery": _artillery, "hold": _hold, "charm": _charm, "bonus": _bonus, "invisibility": _invisibility,
            "detection": _detection, "fear": _fear, "defence": _defence, "movement": _movement, "terrain": _terrain,
            "healing": _healing, "create": _create, "weather": _weather, "illusion": _create, "information": _information,
            "individual": _individual, "special": _special, "psionic": _psionic}


# -- [14.19] clerics and undead ---------------------------------------------------------------------

def turning_need(cleric_level: int, undead: str) -> int:
    """DMG turning table: the d20 needed (0: turned, -1: destroyed, 99: no chance)."""
    row = MAGIC.turning.table[undead]
    return row[min(cleric_level, len(row)) - 1]


def turned_figures(creatures: int, ratio: int) -> int:
    """[14.19] figures turned (or destroyed): the creatures in whole figures, at least one."""
    return max(1, creatures // ratio)


def turn_options(s: BSState, side: str) -> list[A.TurnUndead]:
    out = []
    if s.game == "basic" or s.step is None or s.step.phase != "missile" or s.active != side:
        return out
    for c in sorted(s.chars.values(), key=lambda c: c.id):
        if c.side != side or not c.active or DATA.characters[c.profile].class_ not in ("cleric", "paladin"):
            continue
        for u in sorted(s.enemies_of(side), key=lambda u: u.id):
            a = A.TurnUndead(side=side, cleric=c.id, unit=u.id)
            if why_not_turn(s, a) is None:
                out.append(a)
    return out


def why_not_turn(s: BSState, a: A.TurnUndead) -> str | None:
    """[14.19] a cleric may try to turn an undead unit each round until he fails against it."""
    st = s.step
    if s.game == "basic" or st is None or st.phase != "missile":
        return "clerics turn undead in the missile and magic step ([14.1], ours)"
    c = s.chars.get(a.cleric)
    if c is None or c.side != a.side or not c.active:
        return f"{a.side} has no cleric {a.cleric!r}"
    cp = DATA.characters[c.profile]
    if cp.class_ not in ("cleric", "paladin"):
        return f"{c.name} {says(c, 'is')} not a cleric"
    if effect(c, "cast") and int(effect(c, "cast")[0]) == s.turn:
        return f"{c.name} {says(c, 'has')} already used his powers this round"
    u = s.units.get(a.unit)
    if u is None or not u.on_table or u.side == a.side:
        return f"{a.unit!r} is not an enemy unit on the table"
    und = DATA.creatures[profile(u).creature].undead
    if not und or und not in MAGIC.turning.table:
        return f"{u.name} are not undead the tables know"
    if f"turn_failed:{c.id}" in u.effects:
        return f"{c.name} failed to turn {u.name} and may not try again ([14.19])"
    level = cp.level - (2 if cp.class_ == "paladin" else 0)
    if level < 1 or turning_need(level, und) >= 99:
        return f"{c.name} cannot turn {u.name}"
    d = Polygon(block_of(u).outline).distance(Point(caster_point(s, c.id)))
    if d > MAGIC.turn_range_in * INCH + 1e-6:
        return f"{u.name} {says(u, 'is')} {inches(d)} away, beyond {inches(MAGIC.turn_range_in * INCH)} (ours)"
    return None


def do_turn(em: Emitter, a: A.TurnUndead) -> None:
    """[14.19] roll the DMG table; on a success 2d6 undead are turned (they rout) or destroyed,
    at least one figure either way; a failure ends this cleric's tries on that unit."""
    from .morale import rout
    s = em.s
    c = s.chars[a.cleric]
    u = em.unit(a.unit)
    cp = DATA.characters[c.profile]
    level = cp.level - (2 if cp.class_ == "paladin" else 0)
    need = turning_need(level, DATA.creatures[profile(u).creature].undead)
    em.change_char(c, "", effects=with_effect(c.effects, "cast", s.turn), move_done=True)
    if need > 0:
        r = em.roll("d20", f"{c.name} {says(c, 'turns')} {u.name}", side=a.side,
                    target=Target(label="turning", base=need, at_most=False, words=("turns them", "fails")))
        if not r.passed:
            em.change(u, f"{c.name} may not try to turn {u.name} again ([14.19])",
                      effects=u.effects + [f"turn_failed:{c.id}"])
            return
    n = em.roll(MAGIC.turning.dice, f"{c.name}: undead affected", side=a.side).total
    figs = min(u.figures, turned_figures(n, rating(u).ratio))
    destroyed = need < 0
    take(em, u, figs, 0, f"{'destroyed' if destroyed else 'turned'} by {c.name} ({n} undead, at least a figure, [14.19])")
    u = em.unit(u.id)
    if not destroyed and u.on_table and u.figures and figs * 2 >= u.figures + figs:
        rout(em, u, caster_point(s, c.id), "flees the cleric ([14.19])")


# -- the end of the round -----------------------------------------------------------------------------

#: markers that run down at the end of a round, and the field of their count
COUNTDOWN = {"haste": 1, "bless": 1, "invisible": 1, "summoned": 1, "held": 2, "morale": 2, "charmed": 2}
EXPIRY = {"held": "the held figures move again",
          "charmed": "the charm ends: the unit turns on its strange commander and is out of command ([14.6] A)"}


def end_of_round(em: Emitter) -> None:
    """Durations run down: markers with a round count lose one; held figures wake, charms end
    (the unit goes out of command, [14.6] A), summoned troops vanish; fog and walls fade; a
    wall of fire burns what stands in it."""
    s = em.s
    from .illusions import lapse
    lapse(em)
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if not u.effects or not u.on_table:
            continue
        new, notes, ch = [], [], {}
        for e in u.effects:
            parts = e.split(":")
            at = COUNTDOWN.get(parts[0])
            if at is None:
                new.append(e)
                continue
            left = int(parts[at]) - 1
            if left > 0:
                new.append(":".join(parts[:at] + [str(left)] + parts[at + 1:]))
                continue
            notes.append(EXPIRY.get(parts[0], f"{parts[0]} ends"))
            if parts[0] == "summoned":
                ch["status"] = "off_table"
            elif parts[0] == "charmed":
                ch.update(side=parts[1], commander=None)
        if new != u.effects or ch:
            em.change(u, f"{u.name}: {', '.join(notes)}" if notes else "", effects=new, **ch)
    for c in sorted(s.chars.values(), key=lambda c: c.id):
        e = effect(c, "stunned")
        if e:
            left = int(e[0]) - 1
            em.change_char(c, "" if left > 0 else f"{c.name} is no longer stunned",
                           effects=with_effect(c.effects, "stunned", left) if left > 0 else without(c.effects, "stunned"))
            c = em.s.chars[c.id]
        e = effect(c, "charmed")
        if e:
            left = int(e[1]) - 1
            if left > 0:
                em.change_char(c, "", effects=with_effect(c.effects, "charmed", e[0], left))
            else:
                em.change_char(c, f"{c.name} {says(c, 'is')} free of the charm", side=e[0], effects=without(c.effects, "charmed"))
    keep = []
    for m in em.s.areas:
        if m.kind == "tornado":
            keep.append(m)
            continue
        if m.kind == "wall_of_fire":
            area_attack(em, Polygon(m.points), SPELLS["wall_of_fire"].damage, "none", m.name)
        if m.rounds > 1:
            keep.append(m.model_copy(update={"rounds": m.rounds - 1}))
    if [m.model_dump() for m in keep] != [m.model_dump() for m in em.s.areas]:
        em.emit(WorldChanged(changes={"areas": [m.model_dump() for m in keep]}, text="Magic on the table runs down"))


# -- [12.3] B the tornado a control weather calls (it moves in :mod:`.tornado`) -----------------

def summon_tornado(em, side: str) -> None:
    """[12.3] B a tornado enters from a random edge (1d4: top, right, bottom, left, at a
    random point along it) and stays 1-10 turns."""
    from .weather import W
    s = em.s
    W_, H_ = s.table
    edge = em.roll("d4", "[12.3] B the tornado's edge (top, right, bottom, left)").total
    along = em.roll("d100", "[12.3] B where along the edge").total / 100.0
    x, y = [(along * W_, 0.0), (W_, along * H_), (along * W_, H_), (0.0, along * H_)][edge - 1]
    turns = em.roll(W.tornado_turns, "[12.3] B the tornado lasts (turns)").total
    r = MAGIC.tornado_width_in * INCH / 2
    pts = circle_points(x, y, r)
    area = MagicArea(id=f"tornado{s.turn}", kind="tornado", name="tornado", side=side, points=pts,
                     rounds=turns * W.tornado_rounds_per_turn)
    em.emit(WorldChanged(changes={"areas": [a.model_dump() for a in s.areas] + [area.model_dump()]},
                         text=f"A tornado sweeps onto the table ([12.3] B) for {plural(turns, 'turn')}"))


def circle_points(x: float, y: float, r: float, n: int = 24) -> list[tuple[float, float]]:
    """A circle of radius ``r`` mm about (x, y) as ``n`` points."""
    return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)) for k in range(n)]
