"""Previews of Battlespace actions for the desktop app (``preview``: odds and
the roll needed, path and stop, template and models touched, text) and the
range rings around a model (``figure_overlays``).

Nothing here decides a rule: legality stays with ``check``, numbers come from
the rule functions (``fire_numbers``/``hit_chance``, ``initiative_mods``,
``melee``, ``interact``, ``suppression_zones``, ``aoe_polygon``/``in_area``,
``climb_target``, ``order_cost``) and the card data. Where a chance is not a
single modified roll, the rule function itself is run once per die face on a
scratch copy (scripted dice) and the outcomes counted. Units: mm on the table; the texts a player reads give inches.
"""

from __future__ import annotations

import math

from shapely.ops import unary_union

from game.core.dice import Dice, DiceError
from game.core.logtext import distance_words, plural

from .. import actions as A
from ..apply import apply as apply_event
from ..data import data
from ..geo import R, geo_of, in_contact
from ..names import UNITS, display_name, feature_name
from ..rules.combat import aoe_polygon, bearing, fire_numbers, hit_chance, in_area, melee, point_blank, soldier_weapon
from ..rules.common import Emitter, suppressed, suppression_zones
from ..rules.missions import interact, interactions
from ..rules.orders import CLIMB_TALL, climb_target, enemy_contact, order_cost
from ..rules.vehicles import drive_reach
from ..sight import adjudicate
from ..state import BSState, Fig
from ..turn import initiative_mods, waiting
from .figures import ring_points

THROW_REACH = R + data().tables.throw.reach_mm  #: centre to reference point (orders.check_order)


def _dist(mm: float) -> str:
    """``mm`` (table mm) as the player reads it, in the ruleset's inches (gaps.md): ``"3.5 in"``."""
    return distance_words(mm, UNITS)


def _of(mm: float, limit_mm: float) -> str:
    """A distance against its limit in inches: ``"4.1 of 6.9 in"``."""
    return f"{_dist(mm).rsplit(' ', 1)[0]} of {_dist(limit_mm)}"


def _orders_text(s: BSState, f: Fig, a) -> str:
    _, n = order_cost(s, f, a)
    return "free" if n == 0 else f"{n} order" + ("s" if n > 1 else "")


def _mods_text(mods) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in mods)


def _need_text(need: int, mods, floor: int = 2) -> str:
    total = sum(v for _, v in mods)
    nat = max(floor, need - total)
    if nat > 20:
        return f"cannot succeed (TL {need}; {_mods_text(mods)})"
    return f"{nat}+ on the D20 (TL {need}; {_mods_text(mods)})"


def _face_chance(s: BSState, faces: int, run, success) -> float | None:
    """Run ``run(emitter)`` on a scratch copy once per face of the die and count
    ``success(state after)``: the exact chance by the rule functions themselves."""
    ok = 0
    for face in range(1, faces + 1):
        em = Emitter(s, Dice.scripted([face]), apply_event)
        try:
            run(em)
        except DiceError:
            return None
        ok += bool(success(em.s))
    return ok / faces


def _drift_direct(reroll: bool) -> float:
    """Chance the card lands on the aimed point (Battlespace: Drift; the grenadier re-rolls once)."""
    miss = (data().tables.drift.direct_from - 1) / 20.0
    return 1.0 - (miss * miss if reroll else miss)


def _exposure(s: BSState, f: Fig, x: float, y: float) -> str:
    probe = f.model_copy(update={"x": x, "y": y})
    seen = []
    for e in s.enemies():
        sg = adjudicate(s, e, probe)
        if sg.sees:
            seen.append(display_name(e) + ("" if sg.cover == "none" else f" ({sg.cover} cover)"))
    return "seen by " + ", ".join(seen) if seen else "out of every enemy's sight"


def preview(rs, s: BSState, action) -> dict:
    """What ``action`` would do: odds and the roll needed, path and stop, template and models touched, text."""
    f = s.figs.get(getattr(action, "unit", ""))
    if f is None:
        if isinstance(action, A.EndPlayerPhase):
            left = [display_name(o) for o in waiting(s, action.side)]
            if not left:
                return {"text": ["then the SITREP phase"]}
            return {"text": [f"{', '.join(left)}: initiative rolled now (a failure draws a SITREP card), "
                             "no orders given; then the SITREP phase"]}
        return {}
    if isinstance(action, A.Activate):
        return _pv_activate(s, f)
    if isinstance(action, A.Move):
        return _pv_move(s, f, action)
    if isinstance(action, A.Fire):
        return _pv_fire(s, f, action)
    if isinstance(action, A.Suppress):
        return _pv_suppress(s, f, action)
    if isinstance(action, (A.Throw, A.FireGear)):
        return _pv_area(s, f, action)
    if isinstance(action, A.Climb):
        return _pv_climb(s, f, action)
    if isinstance(action, A.Interact):
        return _pv_interact(s, f, action)
    out: dict = {"cost": _orders_text(s, f, action)} if not isinstance(action, A.EndActivation) else {}
    if isinstance(action, A.Aid):
        t = s.figs.get(action.target)
        if t is not None:
            out["text"] = [f"{display_name(t)}: {t.wounds} -> {max(0, t.wounds - 1)} wounds"]
    elif isinstance(action, A.Prone):
        out["text"] = ["standing: free" if action.stand else f"prone: enemy attacks on him need {data().tables.modifiers['prone']} less; cannot move"]
    elif isinstance(action, A.Enter) and action.vehicle in s.vehicles:
        vt = data().vehicles[s.vehicles[action.vehicle].type]
        out["text"] = [f"{vt.name}: {'solid' if vt.armored else 'obscured'} cover inside"]
    elif isinstance(action, A.EndActivation):
        out["text"] = [f"{display_name(f)} keeps {plural(f.orders, 'unused order')}" if f.orders else f"{display_name(f)} is done"]
    return out


def _pv_activate(s: BSState, f: Fig) -> dict:
    need = data().soldiers[f.card].initiative
    mods = initiative_mods(s, f)
    total = sum(v for _, v in mods)
    odds = sum(1 for face in range(1, 21) if face + total >= need) / 20.0
    text = [f"success: {data().tables.orders_per_activation} orders ({data().tables.orders_on_natural_20} on a natural 20); "
            "failure: a SITREP card and one move"]
    if enemy_contact(s, f):
        text.insert(0, "hand to hand first (base contact with an enemy)")
    return {"odds": odds, "need": f"{max(1, need - total)}+ on the D20 (Initiative {need}"
            + (f"; {_mods_text(mods)})" if mods else ")"), "text": text}


def _pv_drive(s: BSState, f: Fig, a: A.Move) -> dict:
    want, can, by = drive_reach(s, f, a.x, a.y)
    out: dict = {"path": [(f.x, f.y), (a.x, a.y)], "cost": f"drive {_of(want, data().tables.advance_mm)}, {_orders_text(s, f, a)}"}
    if want > 0 and can < want - 0.5:
        k = can / want
        out["stop"] = (f.x + (a.x - f.x) * k, f.y + (a.y - f.y) * k)
        out["text"] = [f"stops after {_dist(can)} against {by}"]
    return out


def _pv_move(s: BSState, f: Fig, a: A.Move) -> dict:
    if f.vehicle:
        return _pv_drive(s, f, a)
    g = geo_of(s)
    d = math.hypot(a.x - f.x, a.y - f.y)
    limit = data().tables.advance_mm if a.advance else data().tables.move_mm
    out: dict = {"path": [(f.x, f.y), (a.x, a.y)], "cost": f"{_of(d, limit)}, {_orders_text(s, f, a)}"}
    stop = g.hinder_stop(f.x, f.y, a.x, a.y) if f.on is None else math.inf
    far = min(stop, limit)
    if d > far + 0.5 and d > 0:
        k = far / d
        out["stop"] = (f.x + (a.x - f.x) * k, f.y + (a.y - f.y) * k)
    text = []
    if a.drag:
        text.append(f"dragging {a.drag}: -{data().tables.modifiers['dragging']} to his shots this turn")
    moved = f.model_copy(update={"x": a.x, "y": a.y})
    foes = [e for e in s.enemies() if in_contact(e, moved)]
    if foes:
        e = min(foes, key=lambda o: o.id)
        out["touches"] = [o.id for o in foes]
        s2 = s.model_copy(update={"figs": {**s.figs, f.id: moved}})
        odds = _face_chance(s2, 20, lambda em: melee(em, em.s.figs[f.id], em.s.figs[e.id]),
                            lambda st: st.figs[e.id].wounds > e.wounds)
        if odds is not None:
            out["odds"] = odds
        text.append(f"ends in base contact with {display_name(e)}: hand to hand")
    text.append(_exposure(s, f, a.x, a.y))
    out["text"] = text
    return out


def _pv_fire(s: BSState, f: Fig, a: A.Fire) -> dict:
    t = s.figs.get(a.target)
    if t is None or t.side != "enemy":
        return {}
    sg = adjudicate(s, f, t)
    if not sg.sees:
        return {"cost": _orders_text(s, f, a), "text": [f"no line of sight to {display_name(t)}"]}
    need, mods = fire_numbers(s, f, t, a.aimed)
    weapon = data().weapons[soldier_weapon(s, f)]
    w = weapon.wounds + (data().tables.modifiers["point_blank_wounds"] if point_blank(f, t) else 0)
    left = data().enemies[t.card].wounds - t.wounds
    text = [f"hit: {plural(w, 'wound')}" + (" (point blank)" if point_blank(f, t) else "") + f"; {display_name(t)} has {left} left"]
    if soldier_weapon(s, f) == "assault_rifle":
        text.append("a natural 1 jams the weapon")
    return {"odds": hit_chance(need, mods), "need": _need_text(need, mods), "cost": _orders_text(s, f, a), "text": text}


def _pv_suppress(s: BSState, f: Fig, a: A.Suppress) -> dict:
    t = s.figs.get(a.target)
    if t is None:
        return {}
    probe = f.model_copy(update={"suppress": [f.x, f.y, t.x, t.y]})
    s2 = s.model_copy(update={"figs": {**s.figs, f.id: probe}})
    zones = [z for z in suppression_zones(s2) if z[0] == f.id]
    out: dict = {"cost": _orders_text(s, f, a)}
    text = [f"suppressed enemies: TL -{data().tables.modifiers['suppressed_enemy_tl']}, no moving; lifted when {display_name(f)} takes another order"]
    if zones:
        _, card, lane = zones[0]
        out["template"] = {"points": list(ring_points(unary_union([card, lane])))}
        hit = [o for o in s2.figs.values() if o.on_table and o.id != f.id and not o.carried_by and suppressed(s2, o, zones)]
        out["touches"] = [o.id for o in hit]
        own = [display_name(o) for o in hit if o.side != "enemy"]
        if own:
            text.append(f"also under it: {', '.join(own)} (no moving; a soldier -{data().tables.modifiers['suppressed_soldier']} to every roll)")
    out["text"] = text
    return out


def _pv_area(s: BSState, f: Fig, a) -> dict:
    g = data().gear.get(a.gear)
    if g is None:
        return {}
    if isinstance(a, A.Throw):
        x, y, centred = a.x, a.y, False
    else:
        t = s.figs.get(a.target)
        if t is None:
            return {}
        x, y, centred = t.x, t.y, True
    away = bearing((f.x, f.y), (x, y)) if (x, y) != (f.x, f.y) else 0.0
    poly = aoe_polygon(x, y, away, centred)
    hit = [o.id for o in in_area(s, poly) if o.id != f.id or g.kind != "throw_smoke"]
    out: dict = {"template": {"points": list(ring_points(poly))}, "touches": hit, "cost": _orders_text(s, f, a)}
    gren = data().soldiers[f.card].specialty == "grenadier"
    text = []
    if g.drift:
        out["odds"] = _drift_direct(gren)
        text.append(f"lands where aimed {out['odds']:.0%}" + (" (grenadier re-roll)" if gren else "")
                    + f", else drifts {_dist(data().tables.drift.distance_mm)}")
    if g.kind in ("throw_aoe", "fire_aoe"):
        text.append(f"each enemy under it: D20 >= its TL; soldiers avoid on {g.avoid_tl}+")
    elif g.kind == "throw_smoke":
        text.append(f"blocks all sight until the end of turn {s.turn + g.duration_turns}")
    elif g.kind == "throw_stun":
        text.append("enemies under it lose their next activation")
    if isinstance(a, A.Throw):
        text.append(f"reach {_of(math.hypot(a.x - f.x, a.y - f.y), THROW_REACH)}")
    out["text"] = text
    return out


def _pv_climb(s: BSState, f: Fig, a: A.Climb) -> dict:
    g = geo_of(s)
    piece = g.pieces.get(a.feature)
    out: dict = {"cost": _orders_text(s, f, a)}
    if piece is None:
        return out
    text = ["ends the activation"]
    if f.midway and f.midway_down:
        tgt = (f.x, f.y, 0.0, None)
        text.insert(0, "finish the climb down")
    elif f.midway:
        tgt = climb_target(s, f.model_copy(update={"midway": None}), a.feature)
        text.insert(0, "finish the climb")
    elif f.on == a.feature and piece.height > CLIMB_TALL:
        tgt = None
        text.insert(0, f"{_dist(piece.height)} is over {_dist(CLIMB_TALL)}: stops midway down, 2 more orders later")
    elif f.on is None and piece.kind != "wall" and piece.height > CLIMB_TALL:
        tgt = None
        text.insert(0, f"{_dist(piece.height)} is over {_dist(CLIMB_TALL)}: stops midway, 2 more orders later")
    else:
        tgt = climb_target(s, f, a.feature)
    if tgt is not None:
        out["path"] = [(f.x, f.y), (tgt[0], tgt[1])]
        if tgt[2] > f.z:
            text.append(f"up {_dist(tgt[2] - f.z)}: +{data().tables.modifiers['elevation']} shooting down")
    out["text"] = text
    return out


def _pv_interact(s: BSState, f: Fig, a: A.Interact) -> dict:
    out: dict = {"cost": _orders_text(s, f, a)}
    if a.what not in interactions(s, f):
        return out
    if a.what == "search":
        odds = _face_chance(s, 20, lambda em: interact(em, em.s.figs[f.id], "search"),
                            lambda st: st.obj.get("survivor") is not None)
        if odds is not None:
            out["odds"] = odds
            out["need"] = f"{data().tables.mission['survivor_need']}+ on the D20 for a survivor"
    elif a.what.startswith("breach:"):
        odds = _face_chance(s, 6, lambda em: interact(em, em.s.figs[f.id], a.what),
                            lambda st: st.obj.get("awad_found") is not None)
        if odds is not None:
            out["odds"] = odds
            out["text"] = [f"chance Awad is in {feature_name(s, a.what.split(':', 1)[1])}"]
    elif a.what == "red_smoke":
        out["text"] = [f"extraction at the end of turn {s.turn + data().tables.mission['smoke_exfil_after_turns']} if the guards are dead"]
    elif a.what in s.figs:
        o = s.figs[a.what]
        out["text"] = [{"survivor": "pick up and carry the survivor", "prisoner": f"lead {display_name(o)} away"}.get(o.kind, f"send {display_name(o)} away")]
    return out


def figure_overlays(s: BSState, figure_id: str) -> dict:
    """Range rings around a model: move, throw reach, point blank (centre to centre), advance."""
    return {"range_bands": [data().tables.move_mm, THROW_REACH, 2 * R + data().tables.point_blank_mm, data().tables.advance_mm]}


__all__ = ["preview", "figure_overlays", "THROW_REACH"]
