"""Morale, discipline and routs ([4.1]-[4.6], [6.4], [7.15]).

:func:`current_morale` is Table 4 on top of the base morale (with the commander's charisma
bonus, [4.9]); :func:`check_morale` rolls 2d10 against it ([4.3]) and applies a failure
([4.5]): closed formation opens, any other formation routs. :func:`losses_check` applies
Table 5's casualty triggers, once per attack ([4.4]). :func:`check_discipline` is [4.6]'s
check; a failure takes the unit out of command to attack on its own. :func:`rout` moves a
routing unit ([7.15]): away from what caused the check, its back to the enemy, through
friends (who check morale), off the table (removed), or destroyed when surrounded.
"""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import Polygon

from game.core.event import Target
from game.core.logtext import distance_words, units_of

from ..formation import block_of
from ..profiles import DATA
from ..state import Unit
from .command import command_penalty, commander_bonus
from .common import INCH, Emitter, angle_diff, mv_mm, norm, rating
from .contact import enemies_in_contact, face_of
from .words import says, their

TS = DATA.tables.situational
M = DATA.tables.movement


def current_morale(em_s, u: Unit, cause: str = "") -> tuple[int, list[tuple[str, int]]]:
    """[4.2] (base morale, Table 4's labelled factors) for a check caused by ``cause``
    ("magic", "commander killed", or anything else)."""
    s = em_s
    base = rating(u).morale
    mods: list[tuple[str, int]] = []
    lost = 1.0 - u.figures / u.original if u.original else 1.0
    if lost >= 0.75 - 1e-12:
        mods.append(("75% lost", TS.lost_three_quarters))
    elif lost >= 0.5 - 1e-12:
        mods.append(("50% lost", TS.lost_half))
    if any(face_of(u, s.units[e]) == "rear" for e in enemies_in_contact(s, u) if e in s.units):
        mods.append(("enemy at the rear", TS.enemy_at_rear))
    if command_penalty(s, u):
        mods.append(("out of command", TS.out_of_command))
    if cause == "magic":
        mods.append(("figure removed by magic", TS.removed_by_magic))
    if cause == "commander killed":
        mods.append(("commander killed", TS.commander_killed))
    if u.charge_failed and u.formation in ("open", "mob"):
        mods.append(("failed charge", TS.failed_charge_open))
    if _touches_terror(s, u):
        mods.append(("touching a level drainer or a creature it cannot harm", TS.drainer_or_unharmable))
    if u.formation == "closed":
        mods.append(("closed formation", TS.closed_formation))
    if u.kind == "mob" and mob_backed(s, u):
        mods.append(("regular infantry behind", TS.mob_backed))
    cb = commander_bonus(s, u)
    if cb:
        mods.append(cb)
    from . import creatures, markers, weather
    mods += markers.morale_mods(s, u) + weather.morale_mods(s, u) + creatures.morale_mods(s, u, cause)
    return base, mods


def _touches_terror(s, u: Unit) -> bool:
    from .common import profile
    for e in enemies_in_contact(s, u):
        eu = s.units.get(e)
        if eu is None:
            continue
        c = DATA.creatures[profile(eu).creature]
        if c.drains_levels or (c.magic_to_hit and not profile(u).magic_weapon):
            return True
    return False


def mob_backed(s, u: Unit) -> bool:
    """[2.10] a friendly regular infantry unit directly behind the mob, within 6"."""
    b = block_of(u)
    for o in s.units.values():
        if o.side != u.side or o.id == u.id or not o.on_table or o.kind not in ("regular", "elite", "berserker"):
            continue
        from .common import profile
        if profile(o).mount:
            continue
        ob = block_of(o)
        loc = b.to_local(np.array(ob.centre))
        if loc[0] >= -b.depth or abs(loc[1]) > b.width / 2 + ob.width / 2:
            continue
        gap = Polygon(ob.outline).distance(Polygon(b.outline))
        if gap <= TS.mob_backed_within_in * INCH + 1e-9:
            return True
    return False


def check_morale(em: Emitter, u: Unit, why: str, cause: str = "", source: tuple[float, float] | None = None,
                 attack: str | None = None) -> bool:
    """[4.3] roll 2d10: at most the current morale holds. A failure ([4.5]): closed formation
    opens (no move); open, skirmish or mob formation routs away from ``source``. ``attack``
    names the attack that called for it: one check per attack ([4.4]). Returns True when it holds."""
    u = em.unit(u.id)
    if not u.on_table or u.figures == 0:
        return True
    from .creatures import mindless
    if mindless(u):
        return True  # [13.9] mindless undead never check morale
    if attack is not None:
        done = em.checked.setdefault(u.id, set())
        if attack in done:
            return True
        done.add(attack)
    base, mods = current_morale(em.s, u, cause)
    roll = em.roll(DATA.tables.dice.morale, f"{u.name}: morale check ({why})", side=u.side,
                   target=Target(label="morale", base=base, mods=tuple(mods), at_most=True, words=("holds", "fails")))
    if roll.passed:
        return True
    u = em.unit(u.id)
    if u.routed:
        rout(em, u, source, "routs again", again=True)
    elif u.formation == "closed":
        em.change(u, f"{u.name} {says(u, 'breaks')} into open formation ([4.5])", formation="open", shield_wall=False, set_spears=False)
    else:
        rout(em, u, source, "routs")
    return False


def losses_check(em: Emitter, u: Unit, before: int, why: str, source=None, attack: str | None = None,
                 cause: str = "") -> bool | None:
    """[4.4] Table 5: a check after losing a quarter or a half of the original figures, or any
    figure once half are lost (one check for the attack). None when no check is due."""
    u = em.unit(u.id)
    after = u.figures
    if after >= before or after == 0:
        return None
    q = DATA.tables.checks.lost
    lost0, lost1 = u.original - before, u.original - after
    due = any(lost0 < share * u.original <= lost1 for share in q) or lost0 >= q[-1] * u.original
    if cause == "magic":
        due = True
    if not due:
        return None
    return check_morale(em, u, why, cause, source, attack)


def discipline_target(u: Unit) -> Target:
    r = rating(u)
    return Target(label="discipline", base=r.discipline, at_most=True, words=("obeys", "fails"))


def check_discipline(em: Emitter, u: Unit, why: str) -> bool:
    """[4.6] roll 2d10 against the discipline rating (0: fails by itself). A failure: the unit
    goes out of command, opens its ranks, and attacks the enemy on its own until it or the enemy
    routs or is destroyed. Returns True when it obeys."""
    u = em.unit(u.id)
    from .creatures import mindless
    if mindless(u):
        return True  # [13.9] mindless undead never check discipline
    t = discipline_target(u)
    if t.base <= 0:
        em.log(f"{u.name} {says(u, 'has')} a discipline of 0: the check fails ([4.6])", u.side)
        passed = False
    else:
        passed = em.roll(DATA.tables.dice.morale, f"{u.name}: discipline check ({why})", side=u.side, target=t).passed
    if passed:
        return True
    changes = {"uncontrolled": "discipline"}
    if u.formation == "closed":
        changes["formation"] = "open"
    em.change(u, f"{u.name} {says(u, 'goes')} out of command and attacks on {their(u)} own ([4.6])", **changes)
    return False


# --------------------------------------------------------------------------- routs [7.15]

def rout(em: Emitter, u: Unit, source: tuple[float, float] | None, verb: str = "routs", again: bool = False,
         distance: float | None = None, heading: float | None = None) -> None:
    """[4.5], [7.15] the unit routs: a Rout marker, open formation, and an immediate move of
    1 1/3 moves (a full move when ``again``: [6.4]) away from ``source``, its back to the enemy."""
    u = em.unit(u.id)
    if not u.on_table:
        return
    if heading is None:
        heading = rout_heading(em.s, u, source)
    form = "open" if u.kind in ("regular", "elite", "berserker") else u.formation
    first, _, rest = verb.partition(" ")
    em.change(u, f"{u.name} {says(u, first)}{' ' + rest if rest else ''}" + ("" if again else " ([4.5])"), status="routed", formation=form,
              shield_wall=False, set_spears=False, rout_heading=heading, uncontrolled="")
    dist = distance if distance is not None else mv_mm(u) * (1.0 if again else M.rout)
    where = block_of(em.unit(u.id))
    rout_move(em, em.unit(u.id), dist, heading)
    _skirmishers_check(em, em.unit(u.id), where)


def rout_heading(s, u: Unit, source: tuple[float, float] | None) -> float:
    """[7.15] away from what caused the check, towards the unit's own table edge when that
    differs by more than 90 degrees (turned 45 degrees towards it; see README)."""
    cx, cy = block_of(u).centre
    home = s.home.get(u.side)
    if source is None:
        enemies = [block_of(e).centre for e in s.enemies_of(u.side) if e.figures]
        if enemies:
            d = np.hypot(*(np.array(enemies) - (cx, cy)).T)
            source = tuple(enemies[int(np.argmin(d))])
    if source is None or (abs(source[0] - cx) < 1e-9 and abs(source[1] - cy) < 1e-9):
        return home if home is not None else norm(u.heading + 180.0)
    away = norm(math.degrees(math.atan2(cy - source[1], cx - source[0])))
    if home is not None and abs(angle_diff(home, away)) > 90.0:
        away = norm(away + math.copysign(45.0, angle_diff(home, away)))
    return away


def rout_move(em: Emitter, u: Unit, dist: float, heading: float) -> None:
    """Move a routing unit ``dist`` mm along ``heading`` (or up to 90 degrees off it when that
    way is blocked), through friendly units, and turn it to face the way it runs ([7.15]). With
    no way of 1" or more, blocked by enemy units in closed or open formation (or the terrain),
    it is destroyed."""
    from .movement import obstacles, overlaps, sweep_translate
    s = em.s
    u = em.unit(u.id)
    b0 = block_of(u)
    obs = obstacles(s, u.id, pass_friends=True, table=False)
    gap = DATA.tables.movement.rout_gap_in * INCH
    best = None
    blockers = set()
    for turn in (0.0, 45.0, -45.0, 90.0, -90.0):
        h = norm(heading + turn)
        d = (dist * math.cos(math.radians(h)), dist * math.sin(math.radians(h)))
        hit = sweep_translate(b0.corners, d, obs)
        done = dist * hit.share
        if not hit.hit or done >= gap - 1e-9:
            best = (h, d, hit.share, done)
            break
        blockers.add((hit.kind, hit.id))
    if best is None:
        trapped = all(k == "terrain" or (k == "unit" and s.units[i].side != u.side and s.units[i].formation in ("closed", "open"))
                      for k, i in blockers)
        if trapped:
            em.change(u, f"{u.name} {says(u, 'is')} surrounded with no gap of 1\" to escape and is destroyed ([7.15])",
                      status="destroyed")
            return
        best = (heading, (0.0, 0.0), 0.0, 0.0)
    h, d, share, done = best
    b1 = b0.translated(d[0] * share, d[1] * share)
    # break around friends: re-form beyond any friendly unit it ends on ([7.15])
    friends = obstacles(s, u.id, table=False)
    extra = 0.0
    hx, hy = math.cos(math.radians(h)), math.sin(math.radians(h))
    while overlaps(b1.corners, friends).hit and extra < 40 * INCH:
        b1 = b1.translated(hx * INCH, hy * INCH)
        extra += INCH
    # its back to the enemy: face the way it runs, re-formed about its centre, when there is room
    cx, cy = b1.centre
    facing = block_of(u, x=b1.x, y=b1.y, heading=h)
    facing = facing.translated(cx + hx * facing.depth / 2 - facing.x, cy + hy * facing.depth / 2 - facing.y)
    if not overlaps(facing.corners, friends).hit:
        b1 = facing
    crossed = _crossed_friends(s, u, b0, b1)
    w, ht = s.table
    out = any(not (0 <= x <= w and 0 <= y <= ht) for x, y in b1.centres)
    if out:
        em.change(u, f"{u.name} {says(u, 'routs')} off the table and is removed ([7.15])", x=b1.x, y=b1.y, heading=b1.heading,
                  files=b1.files, status="off_table")
    else:
        em.change(u, f"{u.name} {says(u, 'runs')} {distance_words(done + extra, units_of('battlesystem'))}", x=b1.x, y=b1.y,
                  heading=b1.heading, files=b1.files)
    for f in crossed:
        fu = em.unit(f)
        if fu.status == "ok":
            check_morale(em, fu, f"{u.name} {says(u, 'routs')} into it", source=b0.centre, attack=f"rout:{u.id}:{s.turn}")


def _crossed_friends(s, u: Unit, b0, b1) -> list[str]:
    import shapely
    swept = shapely.convex_hull(shapely.multipoints(np.vstack([b0.outline, b1.outline])))
    out = []
    for o in s.units.values():
        if o.side == u.side and o.id != u.id and o.on_table and o.figures:
            if (o.altitude or u.altitude) and o.altitude != u.altitude:
                continue  # a rout on the ground runs under friends in the air ([15.1])
            if Polygon(block_of(o).outline).intersection(swept).area > 1e-6:
                out.append(o.id)
    return sorted(out)


def _skirmishers_check(em: Emitter, u: Unit, b) -> None:
    """[2.9], [4.4] friendly skirmishers within their movement rate of a unit that routs check;
    the distance is measured from where the unit stood when it routed (the block ``b``)."""
    for o in list(em.s.units.values()):
        if o.side != u.side or o.id == u.id or o.status != "ok" or o.formation != "skirmish":
            continue
        d = Polygon(block_of(o).outline).distance(Polygon(b.outline)) if b.count else math.inf
        if d <= mv_mm(o) + 1e-9:
            check_morale(em, o, f"{u.name} {says(u, 'routs')} nearby", attack=f"routnear:{u.id}:{em.s.turn}")
