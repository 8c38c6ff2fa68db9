"""Magic in the app (no pygame): the template a spell would lay and the figures it touches with
the saves they need ([14.2]-[14.5]); spells offered at a clicked point or unit; lasting magic
areas as markers; badges for magic markers on units ([14.0]: charm, invisible, immobilized)."""

from __future__ import annotations

from game.core.logtext import plural
from game.core.view import Marker

from .. import actions as A
from ..formation import block_of
from ..spells import SPELLS
from ..state import BSState
from ..rules import magic as M
from ..rules.common import rating


def cast_preview(s: BSState, a: A.CastSpell) -> dict:
    """The spell's template at the aimed point, the units it touches, and for each the figures
    inside, what the damage does to them and the d20 their saving throw needs ([14.3], [14.5]).
    The range is shown only with the scenario option ``premeasure`` ([3.5]); sight is not
    pre-judged: both are measured when the spell is declared ([14.4])."""
    sp = SPELLS.get(a.spell)
    if sp is None or a.caster not in {**s.units, **s.chars}:
        return {}
    caster = s.chars.get(a.caster) or s.units.get(a.caster)
    level = M.caster_level(caster)
    origin = M.caster_point(s, a.caster)
    text = [f"{caster.name}: {sp.name} ({sp.category}, level {sp.level})"]
    out: dict = {"text": text}
    area = M.template(sp, origin, a.x, a.y)
    if area is not None:
        out["template"] = {"points": [tuple(map(float, p)) for p in area.exterior.coords[:-1]]}
    elif sp.area == "unit" and a.target in s.units:
        out["touches"] = [a.target]
    if s.options.get("premeasure"):
        out["range_bands"] = [M.spell_range_mm(sp, level)] if sp.range_in else []
    if area is None:
        return out
    expr = M.damage_expr(sp, level) if sp.damage else ""
    hd = M.direct_hd(expr) if expr else None
    if expr:
        text.append(f"damage {expr}: " + (f"{hd} HD to every creature" if hd is not None
                                          else "hit points rolled, a quarter as hit dice ([14.5] A)"))
    touched = []
    for u in sorted(s.living(), key=lambda u: u.id):
        figs = M.covered(u, area)
        if not figs:
            continue
        touched.append(u.id)
        r = rating(u)
        hd_each = r.hd_per_figure / r.ratio
        need = M.unit_save(u, sp.save_vs)
        if sp.category == "artillery":
            dmg = hd if hd is not None else 0
            fates = [M.figure_fate(hd_each, dmg, sp.save, f.inside, f.total, M.only_wounds(sp, u, origin, f.centre))
                     for f in figs]
            rolls = sum(1 for f in fates if f.roll)
            gone = sum(1 for f in fates if not f.roll and f.failed == "removed")
            hurt = len(fates) - rolls - gone
            friend = " (a friend!)" if u.side == caster.side else ""
            text.append(f"{u.name}{friend}: {len(figs)} figure{'s' if len(figs) != 1 else ''} in the area: "
                        f"{gone} removed, {hurt} wounded, {rolls} saving on {need}+ (d20)"
                        + ("" if hd is not None else " (once the hit points are rolled)"))
        elif sp.save != "none":
            text.append(f"{u.name}: {len(figs)} figure{'s' if len(figs) != 1 else ''} in the area, saving on {need}+ (d20)")
        else:
            text.append(f"{u.name}: {len(figs)} figure{'s' if len(figs) != 1 else ''} in the area")
    out["touches"] = touched
    if not touched:
        text.append("the area touches no figure")
    return out


def cast_at_point(s: BSState, side: str, caster_id: str, x: float, y: float) -> list:
    """Area spells of the selected caster aimed at the clicked point (missile and magic step)."""
    st = s.step
    if st is None or st.phase != "missile" or s.active != side:
        return []
    c = s.chars.get(caster_id) or s.units.get(caster_id)
    if c is None or c.side != side:
        return []
    out = []
    for sp_id in M.known(s, caster_id):
        sp = SPELLS[sp_id]
        if sp.area in ("circle", "line", "cone", "point"):
            a = A.CastSpell(side=side, caster=caster_id, spell=sp_id, x=round(x, 2), y=round(y, 2))
            if M.why_not_cast(s, a) is None:
                out.append(a)
    return out


def cast_at_figure(s: BSState, side: str, caster_id: str, target_id: str) -> list:
    """Spells aimed at a clicked unit or character (and a cleric's turning)."""
    st = s.step
    if st is None or st.phase != "missile" or s.active != side:
        return []
    out: list = []
    t = s.units.get(target_id) or s.chars.get(target_id)
    if t is None:
        return out
    x, y = block_of(t).centre if target_id in s.units else (t.x, t.y)
    for sp_id in M.known(s, caster_id):
        sp = SPELLS[sp_id]
        mk = lambda **kw: A.CastSpell(side=side, caster=caster_id, spell=sp_id, x=round(float(x), 2), y=round(float(y), 2), **kw)
        if sp.category == "special":  # [14.18] a wish: restore a unit, or learn a brigade
            tries = [mk(target=target_id, option="restore"), mk(target=target_id, option="learn"), mk(target=target_id, option="moves")]
        elif sp.reveals == "brigade":  # [14.11] B vision: (a) a brigade's forces or (b) its moves next round
            tries = [mk(target=target_id), mk(target=target_id, option="moves")]
        elif sp.area in ("unit", "individual") and sp.morale:  # [14.21] telempathic projection
            tries = [mk(target=target_id, option="raise"), mk(target=target_id, option="lower")]
        elif sp.area in ("unit", "individual"):
            tries = [mk(target=target_id)]
        elif sp.area in ("circle", "line", "cone"):
            tries = [mk()]
        else:
            continue
        out += [a for a in tries if M.why_not_cast(s, a) is None]
    if target_id in s.units and s.units[target_id].side != side:
        from ..rules.illusions import why_not_disbelieve
        d = A.Disbelieve(side=side, unit=target_id)  # [14.14] A
        if why_not_disbelieve(s, d) is None:
            out.append(d)
    if target_id in s.units:
        tu = A.TurnUndead(side=side, cleric=caster_id, unit=target_id)
        if caster_id in s.chars and M.why_not_turn(s, tu) is None:
            out.append(tu)
    return out


def magic_markers(s: BSState) -> list[Marker]:
    """Fog, walls of fire and the tornado on the table ([14.15], [12.3] B)."""
    kind = {"fog": "smoke", "wall_of_fire": "blast", "tornado": "blast"}
    return [Marker(id=a.id, kind=kind[a.kind], points=tuple(a.points), label=f"{a.name} ({plural(a.rounds, 'round')})", side=a.side or None)
            for a in s.areas]


def magic_badges(u) -> list[str]:
    """Magic markers on a unit or individual ([14.0]): charmed, invisible (or detected), held
    figures, haste, bless; an illusion ([14.14], only where the viewing side knows it), stunned
    ([14.17])."""
    out = []
    for name in ("charmed", "invisible", "detected", "haste", "bless", "illusion", "stunned"):
        if M.effect(u, name) is not None:
            out.append(name)
    if M.held_figures(u):
        out.append(f"immobilized:{M.held_figures(u)}")
    return out


def describe_cast(a) -> str:
    """The button text for a spell or a turning (names, not ids)."""
    if isinstance(a, A.TurnUndead):
        return "Turn undead"
    if isinstance(a, A.Disbelieve):
        return "Try to disbelieve"
    sp = SPELLS.get(a.spell)
    name = sp.name if sp else a.spell
    if a.option == "moves":  # [14.11] B (b)
        return f"{name[:1].upper() + name[1:]}: where will this brigade move next round?"
    if sp is not None and sp.reveals == "intent":
        return f"{name[:1].upper() + name[1:]}: what will this unit do next round?"
    return f"{name.capitalize()}: {a.option.replace('_', ' ')}" if a.option else f"Cast {name}"
