"""Figures and markers the app draws (no pygame).

One figure per unit: its block (``width``/``depth`` the outline, ``parts`` every base where
it stands, so losses show as figures gone from the rear), its name and figures left, state
badges (routed, out of command, wounded, shield wall, set spears, forced-march penalty) and
tooltip lines with its ratings, current morale and command. One figure per individual standing
apart from units. Markers: the objectives and the command radius of each commander standing
apart ([4.8]).
"""

from __future__ import annotations

from game.core.view import Figure, Marker

from ..formation import block_of, individual_size
from ..profiles import DATA
from ..rules.command import commanders_of, in_command, position, radius_mm
from ..rules.flight import altitude_mm, altitude_name
from ..rules.common import INCH, inches, mv_mm, profile, rating
from ..rules.morale import current_morale
from ..state import BSState, Unit


def unit_lines(s: BSState, u: Unit) -> tuple[str, ...]:
    """The tooltip of a unit: name, figures, ratings, morale now, command."""
    r = rating(u)
    p = profile(u)
    base, mods = current_morale(s, u)
    now = base + sum(v for _, v in mods)
    cmd = "skirmishers: no command effects" if u.kind == "skirmish" else (
        "mob: always out of command" if u.kind == "mob" else ("in command" if in_command(s, u) else "OUT OF COMMAND"))
    cs = commanders_of(s, u)
    lines = [f"{u.name} ({u.kind}, {u.formation} formation)",
             f"{u.figures} of {u.original} figures ({r.ratio}:1, {r.hd_per_figure:g} HD each)"
             + (f", {u.wounded} wounded" if u.wounded else ""),
             f"AR {r.ar + u.ar_penalty}  AC {r.ac}  MV {r.mv:g}\"  ML {r.morale}  DL {r.discipline}",
             f"weapon {DATA.melee[p.weapon].name}" + (f", {DATA.missiles[p.missile].name}" if p.missile else "")
             + (f", {DATA.tables.artillery[p.piece].name}" if p.piece else ""),
             f"morale now {now} ({', '.join(f'{k} {v:+d}' for k, v in mods) or 'no modifiers'})",
             cmd + (f"; commander {cs[0].name}" if cs else "")]
    if u.altitude > 0:
        lines.append(f"flying at {altitude_name(u.altitude)} ({inches(altitude_mm(u.altitude))} up, [15.1])"
                     + (", carrying bombs" if u.bombs else ""))
    if u.routed:
        lines.append("ROUTED: runs until rallied ([6.4])")
    if u.uncontrolled:
        lines.append("failed a discipline check: attacks on its own ([4.6])")
    if u.moved:
        lines.append(f"moved {inches(u.moved)} this round")
    d = _declared(s, u)
    if d is not None:  # [14.11] B
        from ..rules.intent import intent_words
        lines.append(f"declared for round {d[2]}: will {intent_words(s, d[0], d[1], u)}")
    return tuple(lines)


def _declared(s: BSState, u: Unit) -> tuple[str, str, int] | None:
    """[14.11] B the unit's declaration for this round or the next (intent, target, round)."""
    from ..rules.intent import declaration
    for turn in (s.turn, s.turn + 1):
        d = declaration(u, turn)
        if d is not None:
            return d[0], d[1], turn
    return None


def badges(s: BSState, u: Unit) -> tuple[str, ...]:
    out = []
    if u.routed:
        out.append("routed")
    if u.uncontrolled:
        out.append("uncontrolled")
    elif u.kind in ("regular", "elite", "berserker") and not u.routed and not in_command(s, u):
        out.append("out of command")
    if u.wounded:
        out.append(f"wounded:{u.wounded}")
    if u.shield_wall:
        out.append("shield wall")
    if u.set_spears:
        out.append("set spears")
    if u.ar_penalty:
        out.append(f"march:{u.ar_penalty}")
    from .magic import magic_badges
    out += magic_badges(u)
    d = _declared(s, u)
    if d is not None:
        out.append(f"declared:{d[0]}")  # [14.11] B
    if u.altitude > 0:
        out.append(f"flying:{u.altitude}")  # [15.1] the altitude marker
    if u.bombs > 0 and u.altitude > 0:
        out.append("bombs")
    return tuple(out)


def figures(s: BSState) -> list[Figure]:
    out = []
    for u in s.units.values():
        if not u.on_table or u.figures == 0:
            continue
        b = block_of(u)
        cx, cy = b.centre
        loc = b.to_local(b.centres)
        loc[:, 0] += b.depth / 2.0  # relative to the block's centre
        marks = [""] * u.figures
        for k in range(min(u.wounded, u.figures)):
            marks[u.figures - 1 - k] = "W"
        out.append(Figure(id=u.id, side=u.side, x=cx, y=cy, radius=0.0, width=max(b.width, 1.0),
                          depth=max(b.depth, 1.0), heading=u.heading, label=f"{u.name} {u.figures}",
                          markers=badges(s, u), profile=unit_lines(s, u),
                          parts=tuple((float(a), float(c)) for a, c in loc), part_size=(b.base_w, b.base_d),
                          part_marks=tuple(marks), altitude=altitude_mm(u.altitude)))
    s2 = individual_size()
    for c in s.chars.values():
        if not c.active or c.with_unit:
            continue
        cp = DATA.characters[c.profile]
        out.append(Figure(id=c.id, side=c.side, x=c.x, y=c.y, radius=0.0, width=s2, depth=s2, heading=c.heading,
                          label=c.name, markers=(f"hp:{c.hp}",) + (("stunned",) if any(e.startswith("stunned:") for e in c.effects) else ()),
                          profile=(f"{c.name} ({c.role.replace('_', ' ')})",
                                   f"{cp.class_ or cp.race} {cp.level or ''}".strip() + f", {c.hp} hp, charisma {cp.cha}",
                                   f"command radius {inches(radius_mm(c))}")))
    return out


def markers(s: BSState) -> list[Marker]:
    out = []
    for oid, (x, y, r) in s.objectives.items():
        out.append(Marker(id=oid, kind="objective", points=((x, y),), radius=r, label=s.objective_names.get(oid, oid)))
    for c in s.chars.values():
        if c.active and c.role in ("army", "brigade") and not c.with_unit:
            x, y = position(s, c)
            out.append(Marker(id=f"cr_{c.id}", kind="command", points=((x, y),), radius=radius_mm(c), side=c.side,
                              label=f"{c.name}'s command radius {inches(radius_mm(c))}"))
    from .magic import magic_markers
    return out + magic_markers(s)


def figure_overlays(s: BSState, figure_id: str) -> dict:
    """Rings round a selected unit: its move, its charge range, its missile ranges; round a
    commander his command radius."""
    if figure_id in s.units:
        u = s.units[figure_id]
        bands = [mv_mm(u), mv_mm(u) * DATA.tables.movement.charge]
        p = profile(u)
        if p.missile:
            w = DATA.missiles[p.missile]
            bands += [w.short_in * INCH, w.medium_in * INCH, w.long_in * INCH]
        return {"range_bands": sorted(set(round(b, 2) for b in bands))}
    if figure_id in s.chars:
        return {"range_bands": [radius_mm(s.chars[figure_id])]}
    return {}

