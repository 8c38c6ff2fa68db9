"""What an action would do before it is taken: move paths, free
gravity-well turns and arcs; gunnery dice, column, shifts, odds and
expected hits; 2D6 test chances by running ``resolve`` on all 36 throws;
boarding, nova cannon, launch and wave previews (the rules' own numbers)."""

from __future__ import annotations

import math

from game.core.dice import Dice, DiceError
from game.core.logtext import plural

from .. import actions as A
from .. import events as E
from .. import geom

from ..ai.candidates import cap_reach_mm
from ..data import tables
from ..names import CRAFT_NAMES, ORDER_NAMES, ordnance_name, ship_name
from ..names import feature_name
from ..odds import boarding_numbers, catastrophe_numbers, fire_numbers, teleport_odds
from ..rules.common import HULKS, gravity_turns, on_table, prof, remaining, shield_capacity, weapon_strength
from ..rules.movement import move_limits, plan_move
from ..rules.ordnance import wave_of
from ..rules.shooting import needs_priority_test, target_reason
from ..rules.targets import find_ordnance, find_point, phenomenon_at
from ..state import SFState, Ship

from .frame import _drawn, _drawn_heading, _drawn_path, _strength_word, _words


QUAD_CENTRE = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": -90.0}


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
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, E.OrderTaken))
        spec = tables().orders.get(a.order)
        sh = s.ships.get(a.ship)
        text = [f"{ORDER_NAMES.get(a.order, a.order)}: {order_text(a.order, sh)}"]
        if a.ram and sh is not None and a.ram in s.ships:
            text.append(f"then the ramming test against the {ship_name(s, a.ram)} before the extra distance is rolled")
        if spec is not None and a.order != "brace_for_impact":
            text.append("a failed check ends the fleet's special orders this turn")
        return {"odds": odds, "need": "2D6 command check under Ld", "text": text}
    if isinstance(a, A.Brace):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, E.Braced))
        return {"odds": odds, "need": "2D6 under Ld",
                "text": ["braced: 4+ saves each hit, half firepower and ordnance until the end of the next turn"]}
    if isinstance(a, A.TakeIt):
        return {"text": ["no brace: the attack is rolled now"]}
    if isinstance(a, A.Disengage):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, E.DisengageTried))
        return {"odds": odds, "need": "2D6 under modified Ld",
                "text": ["passed: off the table (10% of its points to the enemy); failed: no shooting this turn"]}
    if isinstance(a, A.EnterLowOrbit):
        return {"text": ["onto the low-orbit table: pulled toward the planet each turn within 45 cm,",
                         "gunnery one column right, lances fire on 4+, no torpedoes"]}
    if isinstance(a, A.EndPhase):
        if s.phase == "movement":
            left = sorted(sh.id for sh in s.ships.values() if sh.side == a.side and on_table(sh) and not sh.moved)
            return {"text": [f"{', '.join(ship_name(s, x) for x in left)}: moved by the rules (straight ahead their least "
                             "distance)" if left else "every ship has moved",
                              "then the shooting phase"]}
        return {"text": ["then both fleets' ordnance moves and the end phase"]}
    return {}




def order_text(order: str, ship=None) -> str:
    """What a special order does, from the orders table (spacefleet_core
    1.4): the move allowed, turns, firepower and ordnance, the nova cannon,
    and the order's own effect."""
    spec = tables().orders[order]
    dice = prof(ship).aaf_dice if ship is not None else 4
    speed = {"zero": "0", "half": "half", "full": "full"}
    parts = [f"speed +{dice}D6 cm, all of it" if order == "all_ahead_full" else
             f"move {speed[spec.min]} to {spec.max} speed"]
    parts.append({0: "no turns", 1: "one turn", 2: "two turns"}.get(spec.turns, f"{spec.turns} turns")
                 + (", the first before moving if it likes" if spec.turn_without_moving else ""))
    parts.append("half firepower" if spec.halve_fire else "full firepower")
    if spec.ordnance_halved:
        parts.append("half ordnance")
    if not spec.nova:
        parts.append("no nova cannon")
    parts.append({"lock_on": "re-roll gunnery misses", "reload_ordnance": "reloads torpedoes and launch bays",
                  "brace_for_impact": "4+ saves against hull damage until the end of its next turn",
                  "all_ahead_full": "the only order that may ram"}.get(order, ""))
    return ", ".join(x for x in parts if x)


def move_cost(s: SFState, sh: Ship, pl) -> str:
    """The preview's distance line for a move planned as ``pl``
    (:func:`plan_move`): the distance the ship will move, which is the one its
    ``ShipMoved`` event carries (the legs' length along the path, spacefleet_core
    1.4), and the least and most distance the rules checked it against (the
    blast-marker loss of 1.6 and an All Ahead Full stop counted), as
    "20.0 cm of 10-20 cm"; a refused move gives the distance asked and the
    limits it broke ("30.0 cm asked, 15-25 cm allowed")."""
    vmin, vmax = pl.limits if pl.limits is not None else move_limits(s, sh, False)
    span = f"{vmin / 10:.3g}-{vmax / 10:.3g} cm"
    if pl.ok:
        return f"{pl.distance / 10:.1f} cm of {span}"
    return (f"{pl.asked / 10:.1f} cm asked, {span} allowed" if pl.limits is not None else f"{span} allowed")


def _pv_move(s: SFState, a: A.MoveShip) -> dict:
    sh = s.ships.get(a.ship)
    if sh is None:
        return {}
    pl = plan_move(s, a)
    t = tables()
    out: dict = {"cost": move_cost(s, sh, pl)}
    text: list[str] = []
    if pl.path:
        out["path"] = _drawn_path(s, sh.zone, pl.path)
    # the free gravity-well turn at the start (and at the end of the move)
    if sh.zone == "main":
        for f, g in gravity_turns(s, sh.x, sh.y, sh.heading):
            out["turn"] = {"x": sh.x, "y": sh.y, "heading": geom.norm(sh.heading + g / 2), "width": abs(g),
                           "radius": 3 * sh.radius}
            text.append(f"free gravity turn toward {feature_name(f)}: up to {abs(g):.0f}° to "
                        f"{'starboard' if g > 0 else 'port'}" + (f" (taken: {a.pre_turn:+.0f}°)" if a.pre_turn else ""))
            break
        if pl.ok:
            ex, ey = pl.path[-1]
            h_end = geom.norm(pl.heading - a.post_turn)
            for f, g in gravity_turns(s, ex, ey, h_end):
                if "turn" not in out:
                    out["turn"] = {"x": ex, "y": ey, "heading": geom.norm(h_end + g / 2), "width": abs(g),
                                   "radius": 3 * sh.radius}
                text.append(f"ends in the well of {feature_name(f)}: free turn up to {abs(g):.0f}°"
                            + (f" (taken: {a.post_turn:+.0f}°)" if a.post_turn else ""))
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
                text.append(f"touches {feature_name(f)}: Leadership test")
        if a.ram:
            text.append(f"rams the {ship_name(s, a.ram)}: a D6 per starting hit against the armour it meets")
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
    if n["fp"] != weapon_strength(sh, w):  # a pooled volley (its squadron's firepower) or a split one (its share)
        how = f"with {len(a.pool)} squadron-mate{'s' if len(a.pool) != 1 else ''}" if a.pool else "split"
        text[0] = f"{w.name}: {_strength_word(w.kind)} {n['fp']} ({how}), range {dist / 10:.1f} of {w.range_cm:g} cm"
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
        text.append(f"{ship_name(s, tgt.id)}: {plural(cap, 'shield')} up, {remaining(tgt)} hits left"
                    + (", braced (4+ saves)" if tgt.braced else ", may brace before the roll"))
    if tgt is not None:
        if needs_priority_test(s, sh, a):
            odds = chance_2d6(rs, s, a, lambda ev: _first(ev, E.PriorityTest))
            text.append("not the nearest target: Leadership test first"
                        + (f" ({odds:.0%} to pass)" if odds is not None else ""))
    out["text"] = text
    return out


def _hulk_text(s: SFState, hulk: Ship) -> list[str]:
    """Preview lines of fire at a hulk (spacefleet_core 1.8): any hit rolls
    once more on the catastrophic table; who a blast could hurt."""
    n = catastrophe_numbers(s, hulk)
    lines = [f"the hulk of the {ship_name(s, hulk.id)}: a hit makes one new catastrophic roll for this ship's fire "
             f"({n['p_blast']:.0%} it explodes)"]
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
            "if it stays: " + (", ".join(ship_name(s, x) for x in under) + " take 1 hit each (D6 under the centre hole)" if under
                               else "nothing touched: a blast marker")]
    body = phenomenon_at(s, ax, ay) if sh.zone == "main" else None
    if body is not None:
        text.append(f"a direct hit on {feature_name(body)} puts D6 blast markers at its edge")
    why = target_reason(s, sh, a.weapon, a.target)
    if why is None and needs_priority_test(s, sh, a):
        odds = chance_2d6(rs, s, a, lambda ev: _first(ev, E.PriorityTest))
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
                "text": [f"teleport attack on the {ship_name(s, t.id)} in the end phase: a Hit-and-Run",
                         "a critical of the D6's result (1 fails)" if cap else "the escort is destroyed on 4+"]
                + (["braced: the critical is saved on 4+"] if t.braced else [])}
    n = boarding_numbers(s, me, t)
    win = sum(p for m, p in n["margins"].items() if m > 0)
    tie = n["margins"].get(0, 0.0)
    return {"odds": win, "need": f"D6{n['mod']:+d} against D6{n['enemy_mod']:+d}", "touches": [t.id],
            "text": [f"boarding the {ship_name(s, t.id)} in the end phase: value {n['value']} against {n['enemy_value']} "
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
            out["text"] = [f"fighters on CAP with the {ship_name(s, tgt.id)}: they stay in contact with it",
                           "the first enemy marker (or wave) about to attack it is removed with one fighter"]
            if out.get("path") and math.hypot(tgt.x - sh.x, tgt.y - sh.y) > cap_reach_mm(tgt):
                out["text"].append(f"the {ship_name(s, tgt.id)} is beyond this launch move: no cover until they reach it")
    return out


def _pv_wave(s: SFState, sh: Ship, a: A.Launch) -> dict:
    """Launching into a wave (spacefleet_core 1.9): placed with its lead, it
    flies at the wave's slowest speed; escorting fighters add bomber attacks."""
    lead = next((o for o in s.ordnance if o.id == a.wave), None)
    if lead is None:
        return {"text": [f"no wave {a.wave} to join"]}
    kinds = sorted({o.kind for o in wave_of(s, lead)} | {a.craft})
    slow = min(tables().ordnance[k]["speed_cm"] for k in kinds) * 10.0
    tgt = s.ships.get(lead.target or "")
    out: dict = {"cost": f"{slow / 10:g} cm a turn (the wave's slowest)"}
    text = [f"{CRAFT_NAMES.get(a.craft, a.craft)} joins the wave of the {ordnance_name(s, lead)} "
            f"({', '.join(_words(k) for k in kinds)})" + (f" heading for the {ship_name(s, tgt.id)}" if tgt is not None else "")]
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
