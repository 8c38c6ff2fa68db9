"""What the desktop app draws for the space fleet (``figures``, ``markers``,
``figure_overlays``, ``enemies_of``, ``side_style``; see
``game/rulesets/README.md``). The other display hooks live beside it:
``choices`` (point and figure actions), ``previews``, ``descriptions``.

Nothing here decides a rule: numbers come from the rule functions
(``weapon_strength``, ``shield_capacity``, ``speed_mm``, ``leadership``...).

Display decisions (no rule meaning):

- Ships in low orbit live on a separate table (state coordinates: x along the
  orbit, y up from the planet edge). They are drawn in a band around the
  low-orbit planet (``frame``): x becomes the bearing from the planet's centre
  (the same bearing ``leave_low_orbit`` uses), y the height above the
  planet's edge, scaled so the whole low-orbit table fits in the planet's
  gravity well. Clicks in that band are mapped back to low-orbit coordinates.
- Ordnance markers are figures (id ``o<n>``, as ``Fire`` names them), so they
  can be clicked as targets.
- Hulks stay with their fleet's colour and carry a ``hulk``/``blazing`` marker.

Units: mm, degrees clockwise from +x.
"""

from __future__ import annotations


from game.core.view import Figure, Marker

from ..data import profile, ships, tables
from ..names import ORDER_NAMES, ordnance_name, ship_name
from ..rules.common import (HULKS, bm_touching, clouds_touching, crippled, leadership, prof, remaining,
                            shield_capacity, speed_mm, turrets, weapon_disabled, weapon_strength)
from ..rules.targets import ordnance_id
from ..state import SFState, Ship
from .frame import _drawn, _drawn_heading, _strength_word, _words

CRAFT_LABEL = {"torpedo": "T", "fighter": "F", "bomber": "B", "assault_boat": "AB"}
SHOWN = ("active",) + HULKS


# ----------------------------------------------------------------------------- figures

def weapon_line(sh: Ship, wi: int) -> str:
    """One profile line for weapon ``wi``: kind, range, firepower or strength now, arcs."""
    w = prof(sh).weapons[wi]
    n = weapon_strength(sh, w) if w.kind in ("battery", "lance", "torpedo") else w.strength
    rng = f"{w.range_cm:g} cm" if w.kind != "launch_bay" else "craft"
    if getattr(w, "min_range_cm", 0):
        rng = f"{w.min_range_cm:g}-{w.range_cm:g} cm"
    extra = f" ({', '.join(_words(c) for c in w.craft)})" if w.craft else ""
    state = ""
    if weapon_disabled(sh, w):
        state = " - knocked out"
    elif wi in sh.fired:
        state = " - used this turn"
    full = f"/{w.strength}" if n != w.strength else ""
    return f"{w.name}: {_words(w.kind)}, {rng}, {_strength_word(w.kind)} {n}{full}, {'/'.join(w.arcs)} arc{extra}{state}"


def _ship_markers(s: SFState, sh: Ship) -> list[str]:
    p = prof(sh)
    out = [f"hits:{remaining(sh)}/{p.hits}"]
    if sh.status == "blazing_hulk":
        return out + ["hulk", "blazing"]
    if sh.status == "drifting_hulk":
        return out + ["hulk"]
    if sh.eldar:
        out.append("holofields")
    elif p.shields:
        out.append(f"shields:{shield_capacity(s, sh)}")
    if crippled(sh):
        out.append("crippled")
    if sh.braced:
        out.append("braced")
    if sh.order and sh.order != "brace_for_impact":
        out.append(f"order:{sh.order}")
    bm = bm_touching(s, sh) + clouds_touching(s, sh)
    if bm:
        out.append(f"blast:{bm}")
    if sh.zone == "low_orbit":
        out.append("low_orbit")
    if sh.crits:
        out.append(f"crits:{len(sh.crits)}")
    if sh.stationary and sh.moved:
        out.append("stationary")
    if s.pending is not None and s.pending.target == sh.id:
        out.append("under_attack")
    return out


#: the table's badge for each special order
ORDER_BADGES = {"all_ahead_full": "AAF", "come_to_new_heading": "new heading", "burn_retros": "retros",
                "lock_on": "lock on", "reload_ordnance": "reload"}


def _ship_badges(s: SFState, sh: Ship) -> list[str]:
    """The few words under a ship's base, only what departs from the profile:
    hits left when damaged, shields when markers or criticals lower them, its
    order, braced, crippled, blast markers touching, low orbit, stationary,
    hulks; "attacked" while its Brace decision waits."""
    p = prof(sh)
    out = [f"{remaining(sh)}/{p.hits} hits"] if sh.damage else []
    if sh.status in HULKS:
        return out + ["blazing hulk" if sh.status == "blazing_hulk" else "hulk"]
    if p.shields and not sh.eldar and shield_capacity(s, sh) < p.shields:
        out.append(f"shields {shield_capacity(s, sh)}")
    if sh.order in ORDER_BADGES:
        out.append(ORDER_BADGES[sh.order])
    if sh.braced:
        out.append("braced")
    if crippled(sh):
        out.append("crippled")
    bm = bm_touching(s, sh) + clouds_touching(s, sh)
    if bm:
        out.append(f"BM {bm}")
    if sh.zone == "low_orbit":
        out.append("low orbit")
    if sh.stationary and sh.moved:
        out.append("still")
    if s.pending is not None and s.pending.target == sh.id:
        out.append("attacked")
    return out


def _ship_profile(s: SFState, sh: Ship) -> list[str]:
    p = prof(sh)
    head = f"{ship_name(s, sh.id)} ({sh.side})"
    if sh.status in HULKS:
        return [head, f"{_words(sh.status)}: drifts 4D6 cm a turn and blocks lines of fire"]
    lines = [head,
             f"{p.type}, hits {remaining(sh)}/{p.hits}, speed {speed_mm(sh) / 10:g} cm, turns {p.turns_deg:g}°, "
             f"Ld {leadership(s, sh)}",
             ("Eldar: holofields, no shields" if sh.eldar else f"shields {shield_capacity(s, sh)}/{p.shields}")
             + f", armour {p.armour.front}+ front / {p.armour.other}+ "
             f"other facings, turrets {turrets(sh)}"]
    lines += [weapon_line(sh, i) for i in range(len(p.weapons))]
    notes = []
    if sh.crits:
        notes.append("criticals: " + ", ".join(_words(c) for c in sh.crits))
    if any(w.kind == "torpedo" for w in p.weapons) and not sh.torpedoes_loaded:
        notes.append("torpedoes spent")
    if any(w.kind == "launch_bay" for w in p.weapons) and not sh.bays_loaded:
        notes.append("launch bays spent")
    if sh.order:
        notes.append(f"order: {ORDER_NAMES.get(sh.order, _words(sh.order))}")
    if notes:
        lines.append("; ".join(notes))
    return lines


def figures(s: SFState) -> list[Figure]:
    """Every ship on either table (hulks included) and every ordnance marker."""
    out: list[Figure] = []
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.status not in SHOWN:
            continue
        x, y = _drawn(s, sh.zone, sh.x, sh.y)
        out.append(Figure(id=sh.id, side=sh.side, x=x, y=y, radius=sh.radius,
                          heading=_drawn_heading(s, sh, sh.x, sh.heading), label=_label(sh),
                          markers=tuple(_ship_markers(s, sh)), group=sh.squadron,
                          profile=tuple(_ship_profile(s, sh)), badges=tuple(_ship_badges(s, sh))))
    r = tables().constants.ordnance_radius_mm
    for o in s.ordnance:
        x, y = _drawn(s, o.zone, o.x, o.y)
        speed = tables().ordnance[o.kind]["speed_cm"]
        lines = [f"{ordnance_name(s, o)} ({o.side})",
                 f"strength {o.strength}, speed {speed:g} cm"
                 + (f", heading for the {ship_name(s, o.target)}" if o.target else "")]
        if o.attacked:
            lines.append("already attacked this turn: " + ", ".join(ship_name(s, x) for x in o.attacked))
        out.append(Figure(id=ordnance_id(o), side=o.side, x=x, y=y, radius=r,
                          heading=_drawn_heading(s, None, o.x, o.heading, o.zone),
                          label=f"{CRAFT_LABEL[o.kind]}{o.strength}", markers=(f"{o.kind}:{o.strength}",),
                          profile=tuple(lines)))
    return out


def _label(sh: Ship) -> str:
    """Short base label (fits a 32 mm base at table zoom): three letters of the
    class, or two and the number of a squadron ship."""
    word = profile(sh.profile).name.split()[0]
    tail = sh.id[-1] if sh.id[-1].isdigit() else ""
    return (word[:2] + tail) if tail else word[:3]


# ----------------------------------------------------------------------------- markers
def _sunward_line(s: SFState) -> tuple[tuple[float, float], tuple[float, float]]:
    w, h = s.table
    return {"north": ((0.0, 2.0), (w, 2.0)), "south": ((0.0, h - 2.0), (w, h - 2.0)),
            "west": ((2.0, 0.0), (2.0, h)), "east": ((w - 2.0, 0.0), (w - 2.0, h))}[s.sunward]


def markers(s: SFState) -> list[Marker]:
    """Blast markers, gravity wells (rings), the low-orbit band, the sunward
    edge, an attack waiting for a Brace decision, radiation and flare notes."""
    t = tables()
    out: list[Marker] = []
    for f in s.features:
        if f.kind not in ("planet", "moon"):
            continue
        size = "small" if f.kind == "moon" else (f.size or "small")
        depth = t.gravity_wells[size].well_cm * 10.0
        name = getattr(f, "name", "") or _words(f.id)  # the map's name where the state keeps one, else the id in words
        label = f"{name} well {depth / 10:g} cm" + (" + low orbit" if f.id == s.low_orbit_planet else "")
        out.append(Marker(id=f"well:{f.id}", kind="gravity_well", points=((f.cx, f.cy),), radius=f.radius + depth,
                          label=label, extra={"feature": f.id, "depth": depth, "size": size}))
    br = t.constants.blast_marker_radius_mm
    for b in s.blast_markers:
        x, y = _drawn(s, b.zone, b.x, b.y)
        out.append(Marker(id=f"bm:{b.id}", kind="blast", points=((x, y),), radius=br,
                          extra={"zone": b.zone}))
    a, b = _sunward_line(s)
    doubled = s.battlezone in t.phenomena.sunward_zones
    out.append(Marker(id="sunward", kind="sunward", points=(a, b), radius=1.0,
                      label=f"sunward edge ({s.sunward})" + ("; range shifts doubled toward it" if doubled else ""),
                      extra={"edge": s.sunward, "doubled": doubled}))
    if s.pending is not None and s.pending.ship in s.ships and s.pending.target in s.ships:
        at, tg = s.ships[s.pending.ship], s.ships[s.pending.target]
        w = prof(at).weapons[s.pending.weapon]
        out.append(Marker(id="attack", kind="attack", points=(_drawn(s, at.zone, at.x, at.y), _drawn(s, tg.zone, tg.x, tg.y)),
                          label=f"{ship_name(s, at.id)}'s {w.name} at the {ship_name(s, tg.id)}: brace?", side=at.side,
                          extra={"ship": at.id, "target": tg.id, "weapon": s.pending.weapon}))
    if s.pending is not None and s.pending.flare and s.pending.target in s.ships:
        tg = s.ships[s.pending.target]
        (ax, ay), (bx, by) = _sunward_line(s)
        edge = (tg.x, ay) if ay == by else (ax, tg.y)
        out.append(Marker(id="attack", kind="attack", points=(edge, (tg.x, tg.y)),
                          label=f"the solar flare at the {ship_name(s, tg.id)}: brace?",
                          extra={"flare": True, "target": tg.id}))
    if s.pending is not None and s.pending.ordnance is not None and s.pending.target in s.ships:
        o = next((x for x in s.ordnance if x.id == s.pending.ordnance), None)
        tg = s.ships[s.pending.target]
        if o is not None:
            out.append(Marker(id="attack", kind="attack", points=(_drawn(s, o.zone, o.x, o.y), _drawn(s, tg.zone, tg.x, tg.y)),
                              label=f"{ordnance_name(s, o)} at the {ship_name(s, tg.id)}: brace?", side=o.side,
                              extra={"ordnance": o.id, "target": tg.id}))
    notes = []
    if s.radiation:
        notes.append(f"radiation burst: Ld -{s.radiation} this turn")
    if s.solar_flares:
        left = s.solar_flares - s.flares_occurred
        notes.append(f"solar flares still possible: {left}" if left else "every solar flare has occurred")
    if notes:
        out.append(Marker(id="note", kind="note", points=((6.0, 6.0),), radius=1.0, label="  |  ".join(notes)))
    return out


# ----------------------------------------------------------------------------- sides, overlays
FLEETS = {p.fleet for p in ships().values()}


def side_style(side: str) -> str:
    """Imperial fleets friendly-coloured, other fleets hostile, anything else neutral."""
    if side == "imperial":
        return "friendly"
    return "hostile" if side in FLEETS else "neutral"


def enemies_of(s: SFState, side: str) -> set[str]:
    """The other fleets of the battle."""
    return {x for x in (s.order or s.sides) if x != side}


def figure_overlays(s: SFState, figure_id: str) -> dict:
    """Range rings: close and long gunnery ranges, then each weapon's reach."""
    c = tables().constants
    bands = {c.close_range_mm, c.long_range_mm}
    sh = s.ships.get(figure_id)
    if sh is not None:
        bands |= {w.range_cm * 10.0 for w in prof(sh).weapons if w.kind in ("battery", "lance")}
    return {"range_bands": sorted(bands)}

