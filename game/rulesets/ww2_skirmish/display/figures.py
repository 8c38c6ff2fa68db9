"""What the app draws (no pygame): figures with their facing arcs and
markers, the demolition points and charges, and the terrain as it stands
(the map's features and the barricades set up)."""

from __future__ import annotations

from shapely.geometry import Polygon

from game.core.logtext import plural
from game.core.view import Figure, Marker
from game.geometry.terrain import TerrainPiece

from ..bodies import radius
from ..catalogue import DATA, T
from ..geo import GROUND, geo_of
from ..rules.common import STATUS_WORDS, status_now
from ..state import WWState

#: the four 90-degree arcs (Facing Rule), as their boundaries relative to the facing
FACING_ARCS = (45.0, 135.0, 225.0, 315.0)


def profile_lines(s: WWState, uid: str) -> tuple[str, ...]:
    """Tooltip lines of a unit: name, class, profile, weapons, state."""
    u = s.units[uid]
    p = DATA.units[u.profile]
    alive = len(s.alive(u))
    lines = [u.name, f"{p.cls.replace('_', ' ')}{', Rank' if u.rank else ''}: {alive} of {plural(u.start_models, 'model')}",
             f"M {p.m:g}\"  WS {p.ws}+  T {p.t}  W {p.w}  AG {p.ag}+  LD {p.ld}+  CP {p.cp}+"]
    for wid, k in u.weapons.items():
        w = DATA.weapons[wid]
        if w.melee:
            lines.append(f"{w.name} ({k}): {w.long_in:g}\" melee, A {w.attacks}, Cal {w.caliber}, AP {w.ap}, D {w.damage}")
        else:
            lines.append(f"{w.name} ({k}): {w.short_in:g}\"/{w.long_in:g}\" {w.acc_short:+d}/{w.acc_long:+d}, "
                         f"A {w.attacks}, HC {w.hc}+, Cal {w.caliber}, AP {w.ap}, D {w.damage}"
                         + (f", R {w.radius_in:g}\"" if w.radius_in else "")
                         + (f" [{', '.join(w.traits)}]" if w.traits else ""))
    for wid, k in u.consumables.items():
        lines.append(f"{DATA.weapons[wid].name}: {k} left (shared)")
    if u.perks:
        lines.append("perks: " + ", ".join(f"{DATA.perks[x].name} ({DATA.perks[x].text})" for x in u.perks))
    st = status_now(s, u)
    state = [plural(u.tokens, 'composure token')] + ([STATUS_WORDS[st]] if st else [])
    if p.mech:
        state.append(f"heat {u.heat}" + (" - must cool down" if u.cooldown else ""))
    if u.ambush:
        state.append("in ambush")
    lines.append("; ".join(state))
    return tuple(lines)


def short_label(name: str, index: int = 0) -> str:
    """A label that fits on a base: the initials of the unit's name, and the
    model's number in a squad ("BRS2" for British Rifle Section #2)."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    ini = "".join(w[0].upper() for w in words)[:4] or name[:3]
    return f"{ini}{index}" if index else ini


def figures(s: WWState) -> list[Figure]:
    """Every model on the table with its base, facing arcs and markers."""
    g = geo_of(s)
    out = []
    for u in s.units.values():
        if not u.deployed:
            continue
        prof = profile_lines(s, u.id)
        marks = []
        if u.tokens:
            marks.append(f"tokens:{u.tokens}")
        st = status_now(s, u)
        if st:
            marks.append(st.replace("_", "-"))
        if u.ambush:
            marks.append("ambush")
        if u.heat:
            marks.append(f"heat:{u.heat}")
        if u.ran_until >= s.turn:
            marks.append("ran")
        if u.id in s.activated:
            marks.append("activated")
        for m in s.alive(u):
            mm = list(marks)
            w = DATA.units[u.profile].w
            if m.damage:
                mm.insert(0, f"wounded:{w - m.damage}")
            z = g.surface(m.x, m.y)
            out.append(Figure(id=m.id, side=u.side, x=m.x, y=m.y, radius=radius(u), heading=u.heading,
                              label=short_label(u.name, u.models.index(m.id) + 1 if len(u.models) > 1 else 0),
                              markers=tuple(mm), group=u.id if len(u.models) > 1 else None,
                              profile=(m.name,) + prof[1:] if len(u.models) > 1 else prof,
                              altitude=max(0.0, z - GROUND), facing_arcs=FACING_ARCS))
    return out


def markers(s: WWState) -> list[Marker]:
    """The charges placed at the demolition points that the viewer may see
    (the map draws the points themselves) and the trenches' owners."""
    out = []
    for o in s.objectives:
        who = [side for side, h in s.hands.items() if o.id in h.charges]
        if who:
            out.append(Marker(id=f"charge:{o.id}", kind="charge", points=((o.x, o.y),), radius=float(T.table.inch_mm) / 2,
                              label=f"charge ({', '.join(who)})", side=who[0]))
    g = geo_of(s)
    for side, p in g.trenches.items():
        c = p.representative_point()
        out.append(Marker(id=f"trench:{side}", kind="label", points=((c.x, c.y),), label=f"{side} trench", side=side))
    return out


def terrain(s: WWState) -> list[TerrainPiece]:
    """The terrain as the rules measure it: every map feature and barricade
    (holes and see-through pieces tagged for drawing)."""
    g = geo_of(s)
    cached = getattr(g, "_pieces", None)
    if cached is not None:
        return cached
    out = []
    for f in s.features:
        k = DATA.kinds[f.kind]
        tags = set()
        if k.solid and not k.hole:
            tags.add("blocks_sight")
        if not k.solid or k.fog:
            tags.add("obscures")
        if k.move == "impassable":
            tags.add("impassable")
        if k.move in ("difficult", "wire"):
            tags.add("difficult")
        if k.elevation:
            tags.add("elevation")
        if k.cover != "none":
            tags.add("cover")
        h = f.height if f.height > 0 else k.default_height_mm
        out.append(TerrainPiece(f.id, Polygon(f.exterior, f.holes), f.kind, h, frozenset(tags),
                                2.0 if k.move != "open" else 1.0, k.cover if k.cover != "none" else None))
    g._pieces = out
    return out
