"""Display hooks of the space-fleet ruleset: what the desktop app draws and
offers (``figures``, ``markers``, ``point_actions``, ``figure_actions``,
``preview``, ``describe_action``, ``describe_event``, ``figure_overlays``,
``enemies_of``, ``side_style``; see ``game/rulesets/README.md``).

Nothing here decides a rule: legality stays with ``check``; numbers come from
the rule functions (``plan_move``/``move_limits``, ``gunnery``,
``weapon_strength``, ``shield_capacity``, ``needs_priority_test``, the
gravity-turn limits in ``geom``). Where a chance is a 2D6 Leadership test
(orders, Brace, target priority, disengaging) the ruleset's own ``resolve``
is run on every one of the 36 throws (scripted dice) and the passes counted.

Display decisions (no rule meaning):

- Ships in low orbit live on a separate table (state coordinates: x along the
  orbit, y up from the planet edge). They are drawn in a band around the
  low-orbit planet: x becomes the bearing from the planet's centre (the same
  bearing ``leave_low_orbit`` uses), y the height above the planet's edge,
  scaled so the whole low-orbit table fits in the planet's gravity well.
  Clicks in that band are mapped back to low-orbit coordinates.
- Ordnance markers are figures (id ``o<n>``, as ``Fire`` names them), so they
  can be clicked as targets.
- Hulks stay with their fleet's colour and carry a ``hulk``/``blazing`` marker.

Units: mm, degrees clockwise from +x.
"""

from __future__ import annotations

import math

from game.core.dice import Dice, DiceError
from game.core.view import Figure, Marker

from . import actions as A
from . import geom
from .common import (HULKS, bm_touching, clouds_touching, crippled, gravity_turns, leadership, on_table, prof, remaining,
                     shield_capacity, speed_mm, turrets, weapon_disabled, weapon_strength)
from .candidates import cap_reach_mm, joinable_waves
from .movement import allowed_turns, move_limits, plan_move
from .names import CRAFT_NAMES, ORDER_NAMES, ordnance_name, ship_name
from .odds import boarding_numbers, catastrophe_numbers, fire_numbers, teleport_odds
from .ordnance import wave_of
from .shooting import find_ordnance, find_point, needs_priority_test, ordnance_id, phenomenon_at, point_target, target_reason
from .state import SFState, Ship
from .tables import profile, ships, tables

QUAD_CENTRE = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": -90.0}
CRAFT_LABEL = {"torpedo": "T", "fighter": "F", "bomber": "B", "assault_boat": "AB"}
SHOWN = ("active",) + HULKS


def _words(name: str) -> str:
    return str(name).replace("_", " ")


# ----------------------------------------------------------------------------- low orbit frame
def _lo_frame(s: SFState):
    """(cx, cy, planet radius, mm of band per low-orbit mm, low-orbit width) or None."""
    if s.low_orbit_planet is None:
        return None
    planet = next((f for f in s.features if f.id == s.low_orbit_planet), None)
    if planet is None:
        return None
    w, h = s.low_orbit_size
    depth = tables().gravity_wells[planet.size or "small"].well_cm * 10.0
    return planet.cx, planet.cy, planet.radius, depth / h, w


def lo_to_table(s: SFState, x: float, y: float) -> tuple[float, float]:
    """Where a low-orbit point is drawn on the main table (see the module notes)."""
    fr = _lo_frame(s)
    if fr is None:
        return (x, y)
    cx, cy, r, k, w = fr
    return geom.step(cx, cy, x / w * 360.0, r + max(0.0, y) * k)


def table_to_lo(s: SFState, x: float, y: float) -> tuple[float, float]:
    """The low-orbit point drawn at main-table point (x, y)."""
    fr = _lo_frame(s)
    if fr is None:
        return (x, y)
    cx, cy, r, k, w = fr
    ang = geom.bearing(cx, cy, x, y) % 360.0
    return (ang / 360.0 * w, (math.hypot(x - cx, y - cy) - r) / k)


def _lo_heading(s: SFState, x: float, h: float) -> float:
    """Drawn heading of a low-orbit heading ``h`` at low-orbit x (the band is a mirror image of the table)."""
    fr = _lo_frame(s)
    if fr is None:
        return h
    return geom.norm(x / fr[4] * 360.0 + 90.0 - h)


def _drawn(s: SFState, zone: str, x: float, y: float) -> tuple[float, float]:
    return (x, y) if zone == "main" else lo_to_table(s, x, y)


def _drawn_path(s: SFState, zone: str, pts) -> list[tuple[float, float]]:
    if zone == "main":
        return [(float(x), float(y)) for x, y in pts]
    out: list[tuple[float, float]] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        for i in range(8):
            t = i / 8
            out.append(lo_to_table(s, ax + (bx - ax) * t, ay + (by - ay) * t))
    out.append(lo_to_table(s, *pts[-1]))
    return out


def _drawn_heading(s: SFState, sh_or_zone, x: float, h: float, zone: str | None = None) -> float:
    z = zone if zone is not None else sh_or_zone.zone
    return h if z == "main" else _lo_heading(s, x, h)


# ----------------------------------------------------------------------------- figures
def _strength_word(kind: str) -> str:
    return {"battery": "FP", "lance": "strength", "torpedo": "strength", "launch_bay": "squadrons"}.get(kind, "strength")


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


def _ship_profile(s: SFState, sh: Ship) -> list[str]:
    p = prof(sh)
    name = f"{p.name}" + (f" '{sh.name}'" if sh.name else "")
    head = f"{name} ({sh.id}, {sh.side})"
    if sh.status in HULKS:
        return [head, f"{_words(sh.status)}: drifts 4D6 cm a turn and blocks lines of fire"]
    lines = [head,
             f"{p.type}, hits {remaining(sh)}/{p.hits}, speed {speed_mm(sh) / 10:g} cm, turns {p.turns_deg} deg, "
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
                          profile=tuple(_ship_profile(s, sh))))
    r = tables().constants.ordnance_radius_mm
    for o in s.ordnance:
        x, y = _drawn(s, o.zone, o.x, o.y)
        speed = tables().ordnance[o.kind]["speed_cm"]
        lines = [f"{CRAFT_NAMES[o.kind]} {ordnance_id(o)} ({o.side}, from {o.launcher})",
                 f"strength {o.strength}, speed {speed:g} cm"
                 + (f", heading for {o.target}" if o.target else "")]
        if o.attacked:
            lines.append("already attacked: " + ", ".join(o.attacked))
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
        notes.append("solar flare spent" if s.flare_done else f"solar flares possible ({s.solar_flares})")
    if notes:
        out.append(Marker(id="note", kind="note", points=((6.0, 6.0),), radius=1.0, label="  |  ".join(notes)))
    return out


# ----------------------------------------------------------------------------- point actions
def _toward_zero(deg: float) -> float:
    """``deg`` cut to 3 decimals toward 0, so a free gravity turn at its limit
    never rounds past the planet's centre line."""
    return math.trunc(deg * 1000.0) / 1000.0


def _move_candidates(s: SFState, sh: Ship, tx: float, ty: float) -> list[A.MoveShip]:
    """Moves of ``sh`` aimed at (tx, ty) (its own table's coordinates): straight,
    and turning toward the point after each straight run allowed, with and
    without the free gravity-well turn toward the point at the start."""
    t = tables()
    p = prof(sh)
    run = 0.0 if sh.zone == "low_orbit" else t.constants.straight_run_mm[p.type]
    spec = t.orders.get(sh.order or "")
    free_first = bool(spec and spec.turn_without_moving) or run == 0
    nturns = allowed_turns(sh)
    pres = [0.0]
    if sh.zone == "main" and not sh.eldar:  # Eldar turn only at the end of the move (core rulings, gravity wells)
        want = geom.norm(geom.bearing(sh.x, sh.y, tx, ty) - sh.heading)
        for _, g in gravity_turns(s, sh.x, sh.y, sh.heading):
            if want * g > 0:
                pres.append(_toward_zero(g if abs(want) >= abs(g) else want))
    out: list[A.MoveShip] = []
    for loss in (False, True):
        vmin, vmax = move_limits(s, sh, loss)
        for pre in pres:
            h0 = geom.norm(sh.heading + pre)
            d = math.hypot(tx - sh.x, ty - sh.y)
            straight = min(max(d * max(0.0, math.cos(math.radians(geom.bearing(sh.x, sh.y, tx, ty) - h0))), vmin), vmax)
            out.append(A.MoveShip(side=sh.side, ship=sh.id, pre_turn=pre, legs=((0.0, round(straight, 1)),) if straight > 0 else ()))
            if nturns < 1:
                continue
            legs: list[tuple[float, float]] = []
            x, y, h, used = sh.x, sh.y, h0, 0.0
            for k in range(nturns):
                first = 0.0 if (k == 0 and free_first) else run
                first = min(first, max(0.0, vmax - used))
                if first > 0:
                    legs.append((0.0, first))
                    x, y = geom.step(x, y, h, first)
                    used += first
                want = geom.norm(geom.bearing(x, y, tx, ty) - h)
                turn = max(-p.turns_deg, min(p.turns_deg, want))
                if abs(turn) < 0.05:
                    break
                h = geom.norm(h + turn)
                legs.append((round(turn, 2), 0.0))
            rest = math.hypot(tx - x, ty - y)
            rest = min(max(rest, vmin - used), vmax - used)
            if rest > 0:
                legs.append((0.0, rest))
            merged: list[tuple[float, float]] = []
            for turn, dist in legs:
                if merged and turn == 0.0:
                    merged[-1] = (merged[-1][0], merged[-1][1] + dist)
                else:
                    merged.append((turn, dist))
            out.append(A.MoveShip(side=sh.side, ship=sh.id, pre_turn=pre,
                                  legs=tuple((tn, round(dd, 1)) for tn, dd in merged)))
    return out


def move_toward(s: SFState, sh: Ship, tx: float, ty: float) -> list[A.MoveShip]:
    """Legal moves toward (tx, ty) on the ship's own table, best first (the
    first candidate when none is legal, so the preview can say why).

    Order: the move ending nearest the point; among equally near ones, the one
    taking the free gravity-well turns its preview advertises (at the start
    and, when it ends in a well, at the end: celestial phenomena, gravity
    wells); then the one whose end heading best matches the bearing the
    player pointed along; then the fewest paid turns. The same move without
    the free end turn stays on offer right after it."""
    cands = _move_candidates(s, sh, tx, ty)
    pointed = geom.bearing(sh.x, sh.y, tx, ty) if math.hypot(tx - sh.x, ty - sh.y) > 1e-6 else sh.heading
    scored = []
    seen = set()

    def add(m: A.MoveShip, pl) -> None:
        ex, ey = pl.path[-1]
        paid = sum(1 for tn, _ in m.legs if tn)
        free = (1 if m.pre_turn else 0) + (1 if m.post_turn else 0)
        miss = abs(geom.norm(pl.heading - pointed))
        scored.append((round(math.hypot(tx - ex, ty - ey), 1), -free, round(miss, 1), paid, m))

    for m in cands:
        key = (m.pre_turn, m.legs)
        if key in seen:
            continue
        seen.add(key)
        pl = plan_move(s, m)
        if not pl.ok:
            continue
        add(m, pl)
        # the same move finished with the free gravity-well turn, when the end is in a well
        if sh.zone == "main" and pl.path:
            ex, ey = pl.path[-1]
            for _, g in gravity_turns(s, ex, ey, pl.heading):
                m2 = m.model_copy(update={"post_turn": _toward_zero(g)})
                pl2 = plan_move(s, m2)
                if pl2.ok:
                    add(m2, pl2)
                    break
    if not scored:
        return cands[:1]
    scored.sort(key=lambda e: e[:4])
    best = [scored[0][4]]
    if best[0].post_turn:  # the same move without the end turn, next
        plain = best[0].model_copy(update={"post_turn": 0.0})
        if any(e[4] == plain for e in scored):
            best.append(plain)
    for e in scored[1:]:
        if len(best) >= 4:
            break
        if e[4] not in best:
            best.append(e[4])
    return best


def point_actions(rs, s: SFState, side: str, figure_id: str, x: float, y: float) -> list[A.Action]:
    """Moves toward the point (movement phase), torpedoes launched at it (shooting phase)."""
    sh = s.ships.get(figure_id)
    if sh is None or sh.side != side or not on_table(sh):
        return []
    tx, ty = (x, y) if sh.zone == "main" else table_to_lo(s, x, y)
    if s.phase == "movement" and not sh.moved:
        return list(move_toward(s, sh, tx, ty))
    if s.phase == "shooting":
        out: list[A.Action] = []
        h = round(geom.bearing(sh.x, sh.y, tx, ty), 2)
        for wi, w in enumerate(prof(sh).weapons):
            if w.kind == "torpedo":
                out.append(A.Launch(side=side, ship=sh.id, weapon=wi, heading=h, craft="torpedo"))
            elif w.kind == "nova_cannon":  # the template may go anywhere in reach (spacefleet_core 1.7)
                out.append(A.Fire(side=side, ship=sh.id, weapon=wi, target=point_target(tx, ty)))
        return out
    return []


# ----------------------------------------------------------------------------- figure actions
def _expected(s: SFState, a: A.Fire) -> float:
    try:
        pv = fire_numbers(s, a)
    except Exception:  # noqa: BLE001 - sorting only
        return 0.0
    return pv.get("expected", 0.0) if pv else 0.0


def _legal_first(rs, s: SFState, acts: list) -> list:
    """``acts`` with the legal ones first (the rest stay so a preview can say why not)."""
    ok = [a for a in acts if rs.check(s, a).ok]
    return ok + [a for a in acts if a not in ok]


def figure_actions(rs, s: SFState, side: str, figure_id: str, target_id: str | None) -> list[A.Action]:
    """At an enemy ship: fire each weapon (best expected hits first), launch
    bombers and assault boats, torpedoes toward it; ram it on All Ahead Full or
    move toward it in the movement phase. At enemy ordnance: fire at it. At a
    hulk of either fleet: fire at it. At a friendly ship: fighters on CAP with
    it. At one of its own attack-craft markers: launch into that wave. On
    itself (``None``): orders, low orbit, disengage, fighters (free, into its
    waves, on CAP with itself and up to ``BAR_CAPS`` friends in reach), Brace
    or take it, end the phase."""
    sh = s.ships.get(figure_id)
    if sh is None or sh.side != side:
        return []
    if target_id is None:
        return _own_actions(rs, s, side, sh)
    if not on_table(sh):
        return []
    o = find_ordnance(s, target_id)
    tgt = s.ships.get(target_id)
    if o is not None and o.side == side:
        return _legal_first(rs, s, _wave_launches(s, sh, o.id)) if s.phase == "shooting" else []
    if tgt is not None and tgt.status in HULKS and s.phase != "movement":
        return _gun_actions(rs, s, sh, target_id, ("battery", "lance"))
    if tgt is not None and tgt.side == side:
        return _legal_first(rs, s, _cap_launches(sh, tgt.id)) if s.phase == "shooting" and tgt.id != sh.id else []
    if o is None and tgt is None:
        return []
    if s.phase == "movement":
        if tgt is None or sh.moved or tgt.zone != sh.zone:
            return []
        moves = move_toward(s, sh, tgt.x, tgt.y)
        if sh.order == "all_ahead_full":
            ram = [m.model_copy(update={"ram": tgt.id}) for m in moves[:1]]
            return ram + moves
        return moves
    # shooting phase (in other phases the same actions preview what the guns would do)
    kinds = ("battery", "lance", "nova_cannon") if tgt is not None else ("battery", "lance")
    fires = _gun_actions(rs, s, sh, target_id, kinds)
    legal = bool(fires) and rs.check(s, fires[0]).ok
    out: list[A.Action] = list(fires)
    if tgt is not None:
        for tele in (False, True):  # end-phase assaults (spacefleet_core 1.10)
            b = A.Board(side=side, ship=sh.id, target=tgt.id, teleport=tele)
            if rs.check(s, b).ok:
                out.append(b)
        h = round(geom.bearing(sh.x, sh.y, tgt.x, tgt.y), 2)
        for wi, w in enumerate(prof(sh).weapons):
            if w.kind == "torpedo":
                out.append(A.Launch(side=side, ship=sh.id, weapon=wi, heading=h, craft="torpedo"))
            elif w.kind == "launch_bay":
                for c in w.craft:
                    if c != "fighter":
                        out.append(A.Launch(side=side, ship=sh.id, weapon=wi, craft=c, target=tgt.id))
    return out if legal else _legal_first(rs, s, out)


def _gun_actions(rs, s: SFState, sh: Ship, target_id: str, kinds) -> list[A.Action]:
    """Fire each weapon of ``kinds`` at ``target_id``: the legal ones first, most expected hits first."""
    fires = [A.Fire(side=sh.side, ship=sh.id, weapon=wi, target=target_id)
             for wi, w in enumerate(prof(sh).weapons) if w.kind in kinds]
    legal = [a for a in fires if rs.check(s, a).ok]
    legal.sort(key=lambda a: -_expected(s, a))
    return legal or fires


def _bays(sh: Ship, craft: str | None = None) -> list[int]:
    """Indices of the ship's launch bays (carrying ``craft`` when given)."""
    return [wi for wi, w in enumerate(prof(sh).weapons) if w.kind == "launch_bay" and (craft is None or craft in w.craft)]


def _cap_launches(sh: Ship, friend_id: str) -> list[A.Launch]:
    """Fighters from each bay on CAP with ``friend_id`` (spacefleet_core 1.9)."""
    return [A.Launch(side=sh.side, ship=sh.id, weapon=wi, craft="fighter", target=friend_id) for wi in _bays(sh, "fighter")]


#: CAP buttons in a ship's own bar (the bar shows 8 buttons, End phase last)
BAR_CAPS = 3


def _bar_caps(rs, s: SFState, sh: Ship) -> list[A.Launch]:
    """CAP from the ship's own bar: the app selects a friendly figure when it
    is clicked, so the first bay that may launch fighters offers CAP with the
    ship itself and the nearest friendly ships its fighters reach (at most
    ``BAR_CAPS``, within ``cap_reach_mm``)."""
    friends = sorted((f for f in s.ships.values() if f.side == sh.side and on_table(f) and f.zone == sh.zone
                      and math.hypot(f.x - sh.x, f.y - sh.y) <= cap_reach_mm(f)),
                     key=lambda f: (math.hypot(f.x - sh.x, f.y - sh.y), f.id))[:BAR_CAPS]
    for wi in _bays(sh, "fighter"):
        caps = [A.Launch(side=sh.side, ship=sh.id, weapon=wi, craft="fighter", target=f.id) for f in friends]
        if caps and rs.check(s, caps[0]).ok:
            return [a for a in caps if rs.check(s, a).ok]
    return []


def _wave_launches(s: SFState, sh: Ship, lead_id: int | None = None) -> list[A.Launch]:
    """Each craft of each unused bay into the wave led by ``lead_id`` (else
    into every wave ``sh`` launched this turn) (spacefleet_core 1.9)."""
    leads = [o.id for o in joinable_waves(s, sh) if lead_id is None or o.id == lead_id]
    return [A.Launch(side=sh.side, ship=sh.id, weapon=wi, craft=c, wave=lid)
            for lid in leads for wi in _bays(sh) if wi not in sh.fired for c in prof(sh).weapons[wi].craft]


def _own_actions(rs, s: SFState, side: str, sh: Ship) -> list[A.Action]:
    out: list[A.Action] = []
    if s.phase == "brace" and s.pending is not None:
        tgt = s.ships.get(s.pending.target)
        if tgt is not None and tgt.side == side:
            out.append(A.Brace(side=side, ship=tgt.id))
        out.append(A.TakeIt(side=side))
        return out
    if not on_table(sh):
        return [A.EndPhase(side=side)] if s.phase in ("movement", "shooting") else []
    if s.phase == "movement":
        if not sh.moved:
            for order in A.ORDERS:
                a = A.DeclareOrder(side=side, ship=sh.id, order=order)
                if rs.check(s, a).ok:
                    out.append(a)
            lo = A.EnterLowOrbit(side=side, ship=sh.id)
            if rs.check(s, lo).ok:
                out.append(lo)
            vmin, _ = move_limits(s, sh, False)
            straight = A.MoveShip(side=side, ship=sh.id, legs=((0.0, round(vmin, 1)),) if vmin > 0 else ())
            if rs.check(s, straight).ok:
                out.append(straight)
        else:
            d = A.Disengage(side=side, ship=sh.id)
            if rs.check(s, d).ok:
                out.append(d)
    elif s.phase == "shooting":
        for wi, w in enumerate(prof(sh).weapons):
            if w.kind == "launch_bay" and "fighter" in w.craft:
                a = A.Launch(side=side, ship=sh.id, weapon=wi, craft="fighter")
                if rs.check(s, a).ok:
                    out.append(a)
            elif w.kind == "torpedo":
                a = A.Launch(side=side, ship=sh.id, weapon=wi, heading=round(sh.heading, 2), craft="torpedo")
                if rs.check(s, a).ok:
                    out.append(a)
        out += [a for a in _wave_launches(s, sh) if rs.check(s, a).ok]
        out += _bar_caps(rs, s, sh)
    if s.phase in ("movement", "shooting"):
        out.append(A.EndPhase(side=side))
    return out


# ----------------------------------------------------------------------------- preview
def chance_2d6(rs, s: SFState, action, passed) -> float | None:
    """The chance ``action``'s first 2D6 test passes, by running the ruleset's
    ``resolve`` on each of the 36 throws (later dice: 3s) and asking
    ``passed(events)`` (None when it cannot be worked out)."""
    ok = n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            try:
                r = rs.resolve(s, action, Dice.scripted([a, b] + [3] * 300))
            except DiceError:
                return None
            if not r.ok:
                return None
            got = passed(r.events)
            if got is None:
                return None
            n += 1
            ok += bool(got)
    return ok / n if n else None


def _first(events, cls, attr: str = "passed"):
    for e in events:
        if isinstance(e, cls):
            return getattr(e, attr)
    return None


def _arcs_of(sh: Ship, x: float, y: float, heading: float, arcs, radius: float) -> list[dict]:
    return [{"x": x, "y": y, "heading": geom.norm(heading + QUAD_CENTRE[q]), "width": 90.0, "radius": radius}
            for q in arcs]


def _weapon_arcs(s: SFState, sh: Ship, x: float, y: float, heading: float) -> list[dict]:
    """Each quadrant with a gun or lance, out to its longest reach."""
    reach: dict[str, float] = {}
    for w in prof(sh).weapons:
        if w.kind in ("battery", "lance"):
            for q in w.arcs:
                reach[q] = max(reach.get(q, 0.0), w.range_cm * 10.0)
    return [a for q, r in reach.items() for a in _arcs_of(sh, x, y, heading, [q], r)]


def preview(rs, s: SFState, action) -> dict:
    """What ``action`` would do: move path, free gravity turn and arcs; gunnery
    dice, column, shifts, odds and expected hits; 2D6 test chances; text."""
    a = action
    if isinstance(a, A.MoveShip):
        return _pv_move(s, a)
    if isinstance(a, A.Fire):
        sh = s.ships.get(a.ship)
        if sh is not None and 0 <= a.weapon < len(prof(sh).weapons) and prof(sh).weapons[a.weapon].kind == "nova_cannon":
            return _pv_nova(rs, s, a)
        return _pv_fire(rs, s, a)
    if isinstance(a, A.Board):
        return _pv_board(s, a)
    if isinstance(a, A.Launch):
        return _pv_launch(s, a)
    if isinstance(a, A.DeclareOrder):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, _ev().OrderTaken))
        spec = tables().orders.get(a.order)
        text = [f"{ORDER_NAMES.get(a.order, a.order)}: "
                + {"all_ahead_full": "+4D6 cm (must use it all), no turns, half firepower",
                   "come_to_new_heading": "two turns this move, half firepower",
                   "burn_retros": "move 0 to half speed, may turn before moving, half firepower",
                   "lock_on": "no turns, re-roll gunnery misses",
                   "reload_ordnance": "reload torpedoes and launch bays, half firepower",
                   "brace_for_impact": "4+ saves against hull damage, half firepower and ordnance"}.get(a.order, "")]
        if spec is not None and a.order != "brace_for_impact":
            text.append("a failed check ends the fleet's special orders this turn")
        return {"odds": odds, "need": "2D6 command check under Ld", "text": text}
    if isinstance(a, A.Brace):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, _ev().Braced))
        return {"odds": odds, "need": "2D6 under Ld",
                "text": ["braced: 4+ saves each hit, half firepower and ordnance until the end of the next turn"]}
    if isinstance(a, A.TakeIt):
        return {"text": ["no brace: the attack is rolled now"]}
    if isinstance(a, A.Disengage):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, _ev().DisengageTried))
        return {"odds": odds, "need": "2D6 under modified Ld",
                "text": ["passed: off the table (10% of its points to the enemy); failed: no shooting this turn"]}
    if isinstance(a, A.EnterLowOrbit):
        return {"text": ["onto the low-orbit table: pulled toward the planet each turn within 45 cm,",
                         "gunnery one column right, lances fire on 4+, no torpedoes"]}
    if isinstance(a, A.EndPhase):
        if s.phase == "movement":
            left = sorted(sh.id for sh in s.ships.values() if sh.side == a.side and on_table(sh) and not sh.moved)
            return {"text": [f"{', '.join(left)} go straight ahead their minimum" if left else "every ship has moved",
                              "then the shooting phase"]}
        return {"text": ["then both fleets' ordnance moves and the end phase"]}
    return {}


def _ev():
    from . import events
    return events


def _pv_move(s: SFState, a: A.MoveShip) -> dict:
    sh = s.ships.get(a.ship)
    if sh is None:
        return {}
    pl = plan_move(s, a)
    t = tables()
    vmin, vmax = move_limits(s, sh, pl.blast_loss if pl.ok else False)
    out: dict = {}
    text: list[str] = []
    if pl.path:
        out["path"] = _drawn_path(s, sh.zone, pl.path)
        out["cost"] = f"{pl.distance / 10:.1f} cm of {vmin / 10:g}-{vmax / 10:g} cm"
    else:
        out["cost"] = f"{vmin / 10:g}-{vmax / 10:g} cm allowed"
    # the free gravity-well turn at the start (and at the end of the move)
    if sh.zone == "main":
        for f, g in gravity_turns(s, sh.x, sh.y, sh.heading):
            out["turn"] = {"x": sh.x, "y": sh.y, "heading": geom.norm(sh.heading + g / 2), "width": abs(g),
                           "radius": 3 * sh.radius}
            text.append(f"free gravity turn toward {f.id}: up to {abs(g):.0f} deg to "
                        f"{'starboard' if g > 0 else 'port'}" + (f" (taken: {a.pre_turn:+.0f})" if a.pre_turn else ""))
            break
        if pl.ok:
            ex, ey = pl.path[-1]
            h_end = geom.norm(pl.heading - a.post_turn)
            for f, g in gravity_turns(s, ex, ey, h_end):
                if "turn" not in out:
                    out["turn"] = {"x": ex, "y": ey, "heading": geom.norm(h_end + g / 2), "width": abs(g),
                                   "radius": 3 * sh.radius}
                text.append(f"ends in {f.id}'s well: free turn up to {abs(g):.0f} deg"
                            + (f" (taken: {a.post_turn:+.0f})" if a.post_turn else ""))
                break
    if pl.ok:
        ex, ey = pl.path[-1]
        dx, dy = _drawn(s, sh.zone, ex, ey)
        out["arcs"] = _weapon_arcs(s, sh, dx, dy, _drawn_heading(s, sh, ex, pl.heading))
        if pl.blast_loss:
            text.append(f"blast markers or a cloud: -{t.constants.blast_speed_loss_mm / 10:g} cm")
        if pl.distance < t.constants.stationary_below_mm:
            text.append("under 5 cm: fired at on the Defences column")
        off = {"main": "leaves the table: disengages", "planet": "lands on the planet",
               "edge": "leaves low orbit back to the main table"}.get(pl.off_table)
        if off:
            text.append(off)
        for f in s.features:
            if sh.zone == "main" and f.kind in ("asteroid_field", "warp_rift") and geom.path_touches(f, pl.path, sh.radius):
                text.append(f"enters {_words(f.kind)} {f.id}: Leadership test")
        if a.ram:
            text.append(f"rams {a.ram}: Ld test, then a D6 per starting hit against its armour")
    out["text"] = text
    return out


def _pv_fire(rs, s: SFState, a: A.Fire) -> dict:
    sh = s.ships.get(a.ship)
    if sh is None or not 0 <= a.weapon < len(prof(sh).weapons):
        return {}
    w = prof(sh).weapons[a.weapon]
    c = tables().constants
    ox, oy = _drawn(s, sh.zone, sh.x, sh.y)
    out: dict = {"arcs": _arcs_of(sh, ox, oy, _drawn_heading(s, sh, sh.x, sh.heading), w.arcs, w.range_cm * 10.0),
                 "range_bands": [c.close_range_mm, c.long_range_mm]}
    tgt = s.ships.get(a.target)
    o = find_ordnance(s, a.target)
    if (tgt is None and o is None) or w.kind not in ("battery", "lance"):
        return out
    tx, ty = (tgt.x, tgt.y) if tgt is not None else (o.x, o.y)
    dist = math.hypot(tx - sh.x, ty - sh.y)
    text = [f"{w.name}: {_strength_word(w.kind)} {weapon_strength(sh, w)}, range {dist / 10:.1f} of {w.range_cm:g} cm"]
    why = target_reason(s, sh, a.weapon, a.target)
    if why is not None and "already fired" not in why and "knocked out" not in why:
        out["text"] = text
        return out
    try:
        n = fire_numbers(s, a)
    except Exception:  # noqa: BLE001 - a preview never breaks the UI
        out["text"] = text
        return out
    out["odds"] = n["odds"]
    out["need"] = f"{n['need']}+ on {n['dice']}D6, {n['reading']}" + (" (Lock On re-rolls misses)" if n["lock"] else "")
    text.append(f"expected hits {n['expected']:.1f}")
    if n["fire_p"] < 1:
        text.append(f"in low orbit the lances fire only on {tables().low_orbit.lance_fire_needs}+")
    if tgt is not None and tgt.status in HULKS:
        text += _hulk_text(s, tgt)
        out["touches"] = sorted(catastrophe_numbers(s, tgt)["hits"])
    elif tgt is not None:
        cap = shield_capacity(s, tgt)
        text.append(f"{tgt.id}: {cap} shield(s) up, {remaining(tgt)} hits left"
                    + (", braced (4+ saves)" if tgt.braced else ", may brace before the roll"))
    if tgt is not None:
        if needs_priority_test(s, sh, a):
            odds = chance_2d6(rs, s, a, lambda ev: _first(ev, _ev().PriorityTest))
            text.append("not the nearest target: Leadership test first"
                        + (f" ({odds:.0%} to pass)" if odds is not None else ""))
    out["text"] = text
    return out


def _hulk_text(s: SFState, hulk: Ship) -> list[str]:
    """Preview lines of fire at a hulk (spacefleet_core 1.8): any hit rolls
    once more on the catastrophic table; who a blast could hurt."""
    n = catastrophe_numbers(s, hulk)
    lines = [f"hulk of {hulk.id}: any hit makes one new catastrophic roll ({n['p_blast']:.0%} it explodes)"]
    if n["hits"]:
        lines.append("expected damage if hit: " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(n["hits"].items())))
    else:
        lines.append("no ship is near enough to be caught by a blast")
    return lines


def _pv_nova(rs, s: SFState, a: A.Fire) -> dict:
    """The nova cannon's template where it is aimed, the scatter it risks and
    what it would hit if it stays (spacefleet_core 1.7)."""
    sh = s.ships[a.ship]
    w = prof(sh).weapons[a.weapon]
    nv = tables().nova
    pt = find_point(a.target)
    tgt = s.ships.get(a.target)
    if pt is None and tgt is None:
        return {}
    ax, ay = pt if pt is not None else (tgt.x, tgt.y)
    R = nv.template_radius_mm
    edge_cm = (math.hypot(ax - sh.x, ay - sh.y) - R) / 10.0
    dice = next(n for lim, n in nv.scatter if edge_cm <= lim + 1e-9)
    stay = nv.scatter_hit_faces / 6.0
    dx, dy = _drawn(s, sh.zone, ax, ay)
    under = sorted(v.id for v in s.ships.values() if v.status == "active" and v.zone == sh.zone
                   and math.hypot(v.x - ax, v.y - ay) <= R + v.radius + 1e-6)
    text = [f"{w.name}: template edge {edge_cm:.1f} cm away ({w.min_range_cm:g}-{w.range_cm:g} cm)",
            f"on target {stay:.0%}; otherwise scatters {dice.upper()} cm",
            "if it stays: " + (", ".join(under) + " take 1 hit each (D6 under the centre hole)" if under
                               else "nothing touched: a blast marker")]
    body = phenomenon_at(s, ax, ay) if sh.zone == "main" else None
    if body is not None:
        text.append(f"a direct hit on {body.id} puts D6 blast markers at its edge")
    why = target_reason(s, sh, a.weapon, a.target)
    if why is None and needs_priority_test(s, sh, a):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, _ev().PriorityTest))
        text.append("not the nearest enemy: Leadership test first" + (f" ({odds:.0%} to pass)" if odds is not None else ""))
    return {"template": {"x": dx, "y": dy, "radius": R}, "touches": under, "odds": stay,
            "need": f"1-{nv.scatter_hit_faces} on the scatter die", "text": text}


def _pv_board(s: SFState, a: A.Board) -> dict:
    """Boarding: both boarding values and modifiers and the chance to win
    the D6 roll-off; teleport attack: the Hit-and-Run odds (spacefleet_core 1.10)."""
    me, t = s.ships.get(a.ship), s.ships.get(a.target)
    if me is None or t is None:
        return {}
    if a.teleport:
        cap = prof(t).capital
        return {"odds": teleport_odds(t), "need": "2+ on D6" if cap else "4+ on D6",
                "touches": [t.id],
                "text": [f"teleport attack on {t.id} in the end phase: a Hit-and-Run",
                         "a critical of the D6's result (1 fails)" if cap else "the escort is destroyed on 4+"]
                + (["braced: the critical is saved on 4+"] if t.braced else [])}
    n = boarding_numbers(s, me, t)
    win = sum(p for m, p in n["margins"].items() if m > 0)
    tie = n["margins"].get(0, 0.0)
    return {"odds": win, "need": f"D6{n['mod']:+d} against D6{n['enemy_mod']:+d}", "touches": [t.id],
            "text": [f"boarding {t.id} in the end phase: value {n['value']} against {n['enemy_value']} "
                     "(hits left, defender's turrets)",
                     f"win {win:.0%}, tie (nothing happens) {tie:.0%}, lose {1 - win - tie:.0%}",
                     "the loser takes the margin as damage (no shields, no Brace), then both roll for criticals"]}


def _pv_launch(s: SFState, a: A.Launch) -> dict:
    sh = s.ships.get(a.ship)
    if sh is None or not 0 <= a.weapon < len(prof(sh).weapons):
        return {}
    w = prof(sh).weapons[a.weapon]
    speed = tables().ordnance[a.craft]["speed_cm"] * 10.0
    ox, oy = _drawn(s, sh.zone, sh.x, sh.y)
    out: dict = {}
    if a.craft == "torpedo":
        end = geom.step(sh.x, sh.y, a.heading, speed)
        out["path"] = _drawn_path(s, sh.zone, [(sh.x, sh.y), end])
        out["arcs"] = _arcs_of(sh, ox, oy, _drawn_heading(s, sh, sh.x, sh.heading), w.arcs, speed)
        out["cost"] = f"{speed / 10:g} cm a turn"
        n = weapon_strength(sh, w)
        out["text"] = [f"salvo of strength {n}: attacks the first ships it touches (friends too), turrets first"]
    elif a.wave is not None:
        return _pv_wave(s, sh, a)
    else:
        tgt = s.ships.get(a.target) if a.target else None
        if tgt is not None:
            d = math.hypot(tgt.x - sh.x, tgt.y - sh.y)
            stop = tgt.radius + tables().constants.ordnance_radius_mm if tgt.side == sh.side else 0.0
            end = geom.step(sh.x, sh.y, geom.bearing(sh.x, sh.y, tgt.x, tgt.y), max(0.0, min(d - stop, speed)))
            out["path"] = _drawn_path(s, sh.zone, [(sh.x, sh.y), end])
        out["cost"] = f"{speed / 10:g} cm a turn"
        what = {"fighter": "intercept enemy ordnance", "bomber": "D6 - turrets attacks on the lowest armour",
                "assault_boat": "hit-and-run: a critical on 2+"}.get(a.craft, "")
        out["text"] = [f"{CRAFT_NAMES.get(a.craft, a.craft)}: {what}"]
        if a.craft == "fighter" and tgt is not None and tgt.side == sh.side:  # CAP (spacefleet_core 1.9)
            out["touches"] = [tgt.id]
            out["text"] = [f"fighters on CAP with {tgt.id}: they stay in contact with it",
                           f"the first enemy marker (or wave) about to attack {tgt.id} is removed with one fighter"]
            if out.get("path") and math.hypot(tgt.x - sh.x, tgt.y - sh.y) > cap_reach_mm(tgt):
                out["text"].append(f"{tgt.id} is beyond this launch move: no cover until they reach it")
    return out


def _pv_wave(s: SFState, sh: Ship, a: A.Launch) -> dict:
    """Launching into a wave (spacefleet_core 1.9): placed with its lead, it
    flies at the wave's slowest speed; escorting fighters add bomber attacks."""
    lead = next((o for o in s.ordnance if o.id == a.wave), None)
    if lead is None:
        return {"text": [f"no wave o{a.wave} to join"]}
    kinds = sorted({o.kind for o in wave_of(s, lead)} | {a.craft})
    slow = min(tables().ordnance[k]["speed_cm"] for k in kinds) * 10.0
    tgt = s.ships.get(lead.target or "")
    out: dict = {"cost": f"{slow / 10:g} cm a turn (the wave's slowest)"}
    text = [f"{CRAFT_NAMES.get(a.craft, a.craft)} joins wave o{lead.id} ({', '.join(_words(k) for k in kinds)})"
            + (f" heading for {tgt.id}" if tgt is not None else "")]
    if tgt is not None:
        out["touches"] = [tgt.id]
        d = math.hypot(tgt.x - lead.x, tgt.y - lead.y)
        end = geom.step(lead.x, lead.y, geom.bearing(lead.x, lead.y, tgt.x, tgt.y), min(d, slow))
        out["path"] = _drawn_path(s, lead.zone, [(lead.x, lead.y), end])
    if "fighter" in kinds and "bomber" in kinds:
        text.append("each surviving fighter adds 1 attack to a bomber squadron (at most one each)")
    text.append("turrets fire once at the whole wave, fighters first; one hit by gunfire removes the whole wave")
    out["text"] = text
    return out


# ----------------------------------------------------------------------------- labels
def describe_action(action) -> str:
    """A short button label."""
    a = action
    if isinstance(a, A.MoveShip):
        dist = sum(d for _, d in a.legs)
        turns = [t for t, _ in a.legs if t]
        s = f"{'Ram ' + a.ram + ': ' if a.ram else ''}Move {a.ship} {dist / 10:.1f} cm"
        if turns:
            s += " turning " + ", ".join(f"{t:+.0f}" for t in turns)
        if a.pre_turn:
            s += f", gravity {a.pre_turn:+.0f} first"
        if a.post_turn:
            s += f", gravity {a.post_turn:+.0f} at end"
        return s
    if isinstance(a, A.Fire):
        w = _weapon_name(a.ship, a.weapon)
        pt = find_point(a.target)
        if pt is not None:
            return f"Fire {w} at ({pt[0]:.0f}, {pt[1]:.0f})"
        return f"Fire {w} at {a.target}"
    if isinstance(a, A.Board):
        return f"{'Teleport attack on' if a.teleport else 'Board'} {a.target}"
    if isinstance(a, A.Launch):
        if a.craft == "torpedo":
            return f"Torpedoes heading {a.heading:.0f}"
        if a.wave is not None:
            return f"{_words(a.craft).capitalize()}s join wave o{a.wave}"
        if a.craft == "fighter" and a.target:  # the display offers fighters with a ship only on CAP
            return f"Fighters on CAP with {a.target}"
        return f"Launch {_words(a.craft)}s" + (f" at {a.target}" if a.target else "")
    if isinstance(a, A.DeclareOrder):
        return ORDER_NAMES.get(a.order, _words(a.order))
    if isinstance(a, A.EnterLowOrbit):
        return "Enter low orbit"
    if isinstance(a, A.Disengage):
        return f"Disengage {a.ship}"
    if isinstance(a, A.Brace):
        return f"Brace {a.ship}"
    if isinstance(a, A.TakeIt):
        return "Take it (no brace)"
    if isinstance(a, A.EndPhase):
        return "End phase"
    if isinstance(a, A.RulesStep):
        return "Rules step"
    return ""


def _weapon_name(ship_id: str, wi: int) -> str:
    """Button labels only see the action, not the state: the weapon's index
    (its name and numbers are in the preview, which sees the state)."""
    return f"weapon {wi}"


def _event_weapon(ev) -> str:
    """The weapon an event names: the name it carries (set by the rules when
    the event is made), so the log never depends on what display code ran."""
    return ev.weapon_name or f"weapon {ev.weapon}"


def _ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "4th", ... "11th", "21st"."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _turn_words(turn: float) -> str:
    """"45 deg to starboard": a turn's size and side (+ is clockwise: starboard)."""
    return f"{round(abs(turn), 1):g} deg to {'starboard' if turn > 0 else 'port'}"


def move_words(ev) -> str:
    """A ship's move in words, every turn and leg with its angle and distance:
    "20.0 cm: a free gravity-well turn 45 deg to starboard toward the planet,
    10.0 cm straight, turns 45 deg to port, 10.0 cm; heading 90 -> 180"."""
    steps: list[str] = []
    if ev.pre_turn:
        steps.append(f"a free gravity-well turn {_turn_words(ev.pre_turn)}" + (f" toward {ev.wells[0]}" if ev.wells[0] else ""))
    for turn, d in ev.legs:
        if turn:
            steps.append(f"turns {_turn_words(turn)}")
        if d:
            steps.append(f"{d / 10:.1f} cm")
    if ev.post_turn:
        steps.append(f"a free gravity-well turn {_turn_words(ev.post_turn)} at the end"
                     + (f" toward {ev.wells[1]}" if ev.wells[1] else ""))
    plain = all(not t for t, _ in ev.legs) and not ev.pre_turn and not ev.post_turn
    how = "straight ahead" if plain else ", ".join(steps)
    head = f"heading {ev.heading:.0f}" if round(ev.heading) == round(ev.from_heading) or plain else \
        f"heading {ev.from_heading:.0f} -> {ev.heading:.0f}"
    return f"{ev.distance / 10:.1f} cm {how if plain else '(' + how + ')'} to ({ev.x:.0f}, {ev.y:.0f}), {head}"


def describe_event(ev) -> str:
    """Plain words for every event of the ruleset (and the core ones): ships,
    ordnance and phenomena by name (the names the event carries), rolls
    itemised by ``DiceRolled.describe``."""
    from game.core.event import BattleEnded, DiceRolled, Logged, PhaseBegan

    E = _ev()
    if isinstance(ev, DiceRolled):
        return ev.describe()
    if isinstance(ev, Logged):
        return ev.text
    if isinstance(ev, PhaseBegan):
        return f"turn {ev.turn}: {ev.phase} phase" + (f" for {ev.side}" if ev.side else "")
    if isinstance(ev, BattleEnded):
        return f"the battle is over: {ev.winner or 'a draw'} ({ev.reason})"
    names = ev.names if hasattr(ev, "names") else {}
    n = (lambda key: f"the {names[key]}" if key in names else key)
    o = (lambda oid: f"the {names[f'o{oid}']}" if f"o{oid}" in names else f"ordnance marker {oid}")
    if isinstance(ev, E.TurnBegan):
        return f"turn {ev.turn}: {ev.side} to play"
    if isinstance(ev, E.PhaseChanged):
        return f"{ev.phase} phase" + (f" ({ev.active} to act)" if ev.active else "")
    if isinstance(ev, E.OrderTaken):
        if ev.passed and ev.order:
            extra = f" (+{ev.aaf_extra_mm / 10:g} cm)" if ev.aaf_extra_mm else ""
            return f"{n(ev.ship)} goes on {ORDER_NAMES.get(ev.order, _words(ev.order))}{extra}"
        return f"{n(ev.ship)} fails its command check"
    if isinstance(ev, E.OrdersEnded):
        return f"{ev.side} can give no more special orders this turn"
    if isinstance(ev, E.ShipMoved):
        if not ev.distance and not ev.pre_turn and not ev.post_turn:
            return f"{n(ev.ship)} does not move" + (f" ({ev.why})" if ev.why else "")
        return f"{n(ev.ship)} moves {move_words(ev)}" + (f" ({ev.why})" if ev.why else "")
    if isinstance(ev, E.ShipPlaced):
        where = "on the low-orbit table" if ev.zone == "low_orbit" else "on the table"
        how = f"is carried {ev.distance / 10:.1f} cm at bearing {ev.bearing:.0f} to" if ev.distance else f"is placed {where} at"
        return f"{n(ev.ship)} {how} ({ev.x:.0f}, {ev.y:.0f}), heading {ev.heading:.0f}" + (f": {ev.why}" if ev.why else "")
    if isinstance(ev, E.ShipStatus):
        if ev.status == "active":
            return f"{n(ev.ship)} burns on" + (f" ({ev.why})" if ev.why else "")
        forever = " for good" if ev.lost_forever else ""
        said = _words(ev.status)
        why = "" if not ev.why or _words(ev.why).strip().lower() == said.lower() else f" ({ev.why})"
        return f"{n(ev.ship)} is {said}{forever}{why}"
    if isinstance(ev, E.ShipDamaged):
        return f"{n(ev.ship)} takes {ev.amount} damage" + (f" ({_words(ev.why)})" if ev.why else "")
    if isinstance(ev, E.CriticalHit):
        moved = f" (table roll {ev.roll}: no such result for this ship, moved up to {ev.row})" if ev.row and ev.row != ev.roll else ""
        nth = f" (its {_ordinal(ev.number)})" if ev.number else ""
        return f"{n(ev.ship)} suffers a critical hit{nth}: {_words(ev.crit)}{moved}"
    if isinstance(ev, E.CriticalRepaired):
        return f"{n(ev.ship)}'s crew repair {_words(ev.crit)}"
    if isinstance(ev, E.BlastMarkerPlaced):
        where = " in low orbit" if ev.zone == "low_orbit" else ""
        return f"blast marker {ev.id} is placed at ({ev.x:.0f}, {ev.y:.0f}){where}"
    if isinstance(ev, E.BlastMarkerRemoved):
        return f"blast marker {ev.id}" + (f" at ({ev.x:.0f}, {ev.y:.0f})" if ev.x or ev.y else "") + " is removed"
    if isinstance(ev, E.WeaponFired):
        w = _event_weapon(ev)
        if not ev.dice:
            return f"{n(ev.ship)}'s {w} at {_target_words(ev)}: {ev.note or 'no shot'}"
        return (f"{n(ev.ship)} fires {w} at {_target_words(ev)}: {ev.dice} {'die' if ev.dice == 1 else 'dice'}, "
                f"{ev.hits} hit{'s' if ev.hits != 1 else ''}" + (f" ({ev.note})" if ev.note else ""))
    if isinstance(ev, E.AssaultDeclared):
        return f"{n(ev.ship)} will {'teleport onto' if ev.teleport else 'board'} {n(ev.target)} in the end phase"
    if isinstance(ev, E.TeleportAttack):
        return f"{n(ev.ship)} makes a teleport attack on {n(ev.target)}"
    if isinstance(ev, E.KinTested):
        what = "the gas/dust cloud" if ev.phenomenon == "gas_cloud" else "the solar flare"
        return f"{n(ev.ship)} {'passes' if ev.passed else 'fails'} its Leadership test to ignore {what}"
    if isinstance(ev, E.HolofieldSaves):
        return (f"{n(ev.ship)}'s holofields turn {ev.saved} of {ev.hits} hit{'s' if ev.hits != 1 else ''} into misses"
                + (f" ({ev.why})" if ev.why else ""))
    if isinstance(ev, E.TurretsEngaged):
        return f"{n(ev.ship)}'s turrets engage {'torpedoes' if ev.against == 'torpedo' else 'attack craft'} this phase"
    if isinstance(ev, E.OrdnanceAttackDeclared):
        return f"{o(ev.ordnance)} reaches {n(ev.target)}: {ev.defender} may brace"
    if isinstance(ev, E.BoardingFought):
        return (f"{n(ev.attacker)} boards {n(ev.defender)}: {ev.attacker_score} against {ev.defender_score}"
                + (f" ({_words(ev.result)})" if ev.result else ""))
    if isinstance(ev, E.PriorityTest):
        return f"{n(ev.ship)} {'passes' if ev.passed else 'fails'} its target-priority test"
    if isinstance(ev, E.AttackDeclared):
        pooled = f" (with {', '.join(n(sid) for sid, _ in ev.pool)})" if ev.pool else ""
        return f"{n(ev.ship)} aims {_event_weapon(ev)}{pooled} at {_target_words(ev)}: {ev.defender} may brace"
    if isinstance(ev, E.AttackCleared):
        return "the attack goes ahead"
    if isinstance(ev, E.Braced):
        return f"{n(ev.ship)} {'braces for impact' if ev.passed else 'fails to brace'}"
    if isinstance(ev, E.BraceEnded):
        return f"{n(ev.ship)} is no longer braced"
    if isinstance(ev, E.OrdnanceLaunched):
        at = f" at {n(ev.target)}" if ev.target else f", heading {ev.heading:.0f}"
        return f"{n(ev.launcher)} launches {CRAFT_NAMES.get(ev.kind, _words(ev.kind))} {ev.id} (strength {ev.strength}){at}"
    if isinstance(ev, E.OrdnanceMoved):
        if not ev.distance:
            return f"{o(ev.id)} flies with its wave at ({ev.x:.0f}, {ev.y:.0f})"
        return f"{o(ev.id)} moves {ev.distance / 10:.1f} cm at heading {ev.heading:.0f} to ({ev.x:.0f}, {ev.y:.0f})"
    if isinstance(ev, E.OrdnanceChanged):
        return (f"{o(ev.id)} attacked {n(ev.attacked)}: strength now {ev.strength}" if ev.attacked
                else f"{o(ev.id)} is down to strength {ev.strength}")
    if isinstance(ev, E.OrdnanceRemoved):
        return f"{o(ev.id)} is removed" + (f" ({ev.why})" if ev.why else "")
    if isinstance(ev, E.Reloaded):
        parts = []
        if ev.torpedoes is not None:
            parts.append("torpedoes " + ("reloaded" if ev.torpedoes else "spent"))
        if ev.bays is not None:
            parts.append("launch bays " + ("reloaded" if ev.bays else "spent"))
        return f"{n(ev.ship)}: {' and '.join(parts) or 'ordnance unchanged'}"
    if isinstance(ev, E.DisengageTried):
        return f"{n(ev.ship)} {'disengages' if ev.passed else 'fails to disengage and may not shoot this turn'}"
    if isinstance(ev, E.RerollUsed):
        return f"{ev.side}'s fleet commander spends a re-roll on {n(ev.ship)}'s failed test"
    if isinstance(ev, E.FlareOccurred):
        return "a solar flare erupts"
    if isinstance(ev, E.RadiationBurst):
        return f"a radiation burst: Leadership -{ev.level} this turn" if ev.level else "the radiation burst fades"
    if isinstance(ev, E.GameFinished):
        return f"the battle ends: {ev.reason}"
    return _generic(ev)


def _target_words(ev) -> str:
    """What a fire event aims at: a ship, a marker, a phenomenon or a table point, by name."""
    t = ev.target
    if t in ev.names:
        return f"the {ev.names[t]}"
    if t.startswith("o") and t[1:].isdigit():
        return f"ordnance marker {t[1:]}"
    pt = find_point(t)
    if pt is not None:
        return f"the point ({pt[0]:.0f}, {pt[1]:.0f})"
    if t.startswith("f:"):
        return f"the phenomenon {t[2:].replace('_', ' ')}"
    return t


def _generic(ev) -> str:
    """Any other event (added later): its type and fields in words."""
    d = ev.to_dict() if hasattr(ev, "to_dict") else dict(ev)
    kind = str(d.pop("type", "event")).removeprefix("sf_")
    parts = []
    for k, v in d.items():
        if v in (None, "", (), []):
            continue
        if isinstance(v, (list, tuple)):
            v = ", ".join(str(x) if not isinstance(x, (list, tuple)) else " ".join(map(str, x)) for x in v)
        parts.append(f"{_words(k)} {v}")
    return _words(kind) + (": " + "; ".join(parts) if parts else "")


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


__all__ = ["figures", "markers", "point_actions", "figure_actions", "preview", "describe_action", "describe_event",
           "figure_overlays", "enemies_of", "side_style", "lo_to_table", "table_to_lo", "move_toward", "chance_2d6"]
