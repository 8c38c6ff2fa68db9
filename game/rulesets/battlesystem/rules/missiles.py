"""Missiles and artillery ([10.0]-[10.11], [11.9]).

A volley ([10.0]): the figures that may shoot - the first two ranks of bowmen in closed or
open order, the first rank otherwise, every figure of skirmishers - and of those only the
ones that see the target ([10.1], :mod:`..sight`); the melee procedure with Table 13's
modifiers for the range, the target's formation and cover and the shooters' horses; losses
come off at once and only from the target's figures that are seen ([10.1]).

When ([10.2]): the initial missile phase for units with two or more shots a round (one shot
there), one pass-through shot during the enemy's movement ([10.6]: after the enemy has moved,
at a unit that moved or that charged the firers), the rest in the missile phase; Table 12
limits movement and shots ([10.4]); no fire in base contact nor at a unit in woods beyond its
edge ([11.9]). Thrown weapons use up volleys ([10.3]). Mounted archers may split their move
with a volley ([10.5]).

Artillery ([10.9], [10.10]): the crew's THAC0 is the attack rating (+2 with a replacement
crew), the target's armour class is fixed (catapult 5, ballista 10), catapults have a minimum
range and fire every other round and may shoot indirectly; a wounded crew fires at half rate.
"""

from __future__ import annotations

from functools import lru_cache

from shapely.geometry import Point, Polygon

from game.geometry.contact import convex_separation
from game.geometry.formation import Block

from .. import actions as A
from ..events import Attack
from ..formation import block_of
from ..geo import geo_of
from ..profiles import DATA
from ..state import BSState, Unit
from . import crt
from .command import in_command
from .common import INCH, Emitter, inches, mv_mm, profile, rating
from .contact import enemies_in_contact
from .movement import missile_class
from .words import says, their

TA = DATA.tables.missile_ar
TMM = DATA.tables.missile_movement


def shots_allowed(u: Unit) -> int:
    """[10.0], [10.4] Table 12: shots the unit may fire this round, given how far it moved."""
    p = profile(u)
    if p.piece:
        return 1
    if not p.missile:
        return 0
    rate = DATA.missiles[p.missile].rate
    mm = TMM.get(missile_class(u) or "")
    most = min(rate, mm.max_shots) if mm else rate
    if u.moved > 1e-6 and mm is not None:
        if mm.move_after_fire <= 0:
            return 0
        if u.moved > mm.move_after_fire * mv_mm(u) + 1e-6:
            return 0
        most = min(most, 1)
    return most


def shooting_figures(u: Unit) -> tuple[int, ...]:
    """[10.0] the figures that may shoot: two ranks of bowmen, one of other missiles; every
    figure of skirmishers; the piece of an artillery unit."""
    b = block_of(u)
    if u.formation == "skirmish" or profile(u).piece:
        return tuple(range(u.figures))
    kind = DATA.missiles[profile(u).missile].kind if profile(u).missile else ""
    ranks = 2 if kind == "bow" and u.formation in ("closed", "open") else 1
    return tuple(range(min(u.figures, ranks * b.files)))


def ranges_in(u: Unit) -> tuple[float, float, float, float]:
    """(minimum, short, medium, long) range, mm."""
    p = profile(u)
    if p.piece:
        a = DATA.tables.artillery[p.piece]
        return a.min_in * INCH, a.short_in * INCH, a.medium_in * INCH, a.long_in * INCH
    w = DATA.missiles[p.missile]
    return 0.0, w.short_in * INCH, w.medium_in * INCH, w.long_in * INCH


def _dist(u: Unit, t: Unit, seers: tuple[int, ...], seen: tuple[int, ...]) -> float:
    """Edge to edge from the nearest seeing figure to the nearest seen figure, mm."""
    return _figure_gap(block_of(u), block_of(t), seers, seen)


@lru_cache(maxsize=4096)
def _figure_gap(a: Block, b: Block, seers: tuple[int, ...], seen: tuple[int, ...]) -> float:
    """:func:`_dist` of two blocks (a pure function of them: memoised by value)."""
    return float(max(0.0, convex_separation(a.corners[list(seers)], b.corners[list(seen)]).min()))


@lru_cache(maxsize=4096)
def _outline_gap(a: Block, b: Block) -> float:
    """Separation of two blocks' outlines, mm (:func:`convex_separation`; memoised by value)."""
    return float(convex_separation(a.outline[None], b.outline[None])[0, 0])


def volley(s: BSState, u: Unit, t: Unit, phase: str) -> dict | None:
    """Everything about ``u`` firing at ``t`` now, or None when it may not (the reason in
    :func:`why_not_fire`)."""
    info = _volley(s, u, t, phase)
    return info if isinstance(info, dict) else None


def split_fire(u: Unit) -> bool:
    """[10.5] archers mounted on other creatures (or centaurs) may shoot in the course of their
    own move: after at most half of it, then move on with the rest."""
    return missile_class(u) == "mounted_bow"


def _volley(s: BSState, u: Unit, t: Unit, phase: str):
    from ..sight import unit_sight
    p = profile(u)
    if not (p.missile or p.piece):
        return f"{u.name} {says(u, 'has')} no missile weapons ([10.1])"
    if phase == "move":
        if not split_fire(u):
            return "only mounted archers shoot in the course of their own move (split fire, [10.5])"
        if u.move_done:
            return f"{u.name} {says(u, 'has')} finished moving this phase"
        if "move" in u.fired_in:
            return f"{u.name} {says(u, 'has')} already split {their(u)} move with a volley ([10.5])"
        if u.moved > DATA.tables.movement.split_fire_share * mv_mm(u) + 1e-6:
            return f"{u.name} {says(u, 'has')} used more than half {their(u)} move: split fire comes after half at most ([10.5])"
    if u.status != "ok":
        return f"{u.name} {says(u, 'is')} routed"
    if u.rallied:
        return f"{u.name} rallied this round and may not shoot ([6.3])"
    if t.side == u.side or not t.on_table or t.figures == 0:
        return f"{t.name} {says(t, 'is')} not an enemy unit on the table"
    from .markers import charmed_from, invisible
    from .weather import missiles_forbidden
    if t.side == charmed_from(u):
        return f"{u.name} {says(u, 'is')} charmed: it cannot shoot at {their(u)} own side ([14.6] A)"
    if invisible(t):
        return f"{t.name} cannot be seen ([14.8])"
    if missiles_forbidden(s):
        return missiles_forbidden(s)
    piece = DATA.tables.artillery.get(p.piece) if p.piece else None
    if piece is not None:
        if phase not in ("artillery", "pass_fire"):
            return "artillery fires in the artillery step ([1.5] C)"
        if u.reload > 0:
            return f"{u.name} {says(u, 'is')} reloading ([10.9])"
    elif phase == "artillery":
        return f"{u.name} {says(u, 'is')} not artillery"
    allowed = shots_allowed(u)
    if u.fired >= allowed:
        return f"{u.name} {says(u, 'has')} no shot left this round ([10.2], Table 12)"
    if phase == "initial_missile":
        if piece is not None or DATA.missiles[p.missile].rate < 2:
            return "only units with two or more shots a round fire in the initial missile phase ([10.2])"
        if "initial_missile" in u.fired_in:
            return f"{u.name} {says(u, 'has')} fired {their(u)} initial-phase shot ([10.2])"
    if phase == "pass_fire":
        if "pass_fire" in u.fired_in:
            return f"{u.name} {says(u, 'has')} taken {their(u)} pass-through shot ([10.2])"
        if not (t.move_began or t.charged == u.id):
            return f"{t.name} did not move this phase: pass-through fire is at moving units ([10.6])"
    contact = enemies_in_contact(s, u)
    if contact and not (phase == "pass_fire" and t.id in contact and t.charged == u.id):
        return f"{u.name} {says(u, 'is')} in base contact and cannot use missiles ([10.1])"
    if u.ammo == 0:
        return f"{u.name} {says(u, 'has')} thrown all {their(u)} missiles ([10.3])"
    g = geo_of(s)
    centre_t = Point(*block_of(t).centre)
    if g.woods and any(g.poly[w].contains(centre_t) for w in g.woods):
        inner = g.woods_union.buffer(-T_EDGE)
        if not inner.is_empty and Polygon(block_of(t).outline).within(inner.buffer(1e-6)):
            return f"{t.name} {says(t, 'is')} inside the woods: missiles may only hit units at the edge ([11.9])"
    mn, short, med, long_ = ranges_in(u)
    if _outline_gap(block_of(u), block_of(t)) > long_ + 1e-6:
        return f"{t.name} {says(t, 'is')} beyond long range ({inches(long_)})"
    figs = shooting_figures(u)
    indirect = False
    us = unit_sight(s, u.id, t.id, figs)
    if not us.seen and (piece is None or piece.indirect) and (piece is not None or in_command(s, u)):
        alt = unit_sight(s, u.id, t.id, figs, indirect=True)
        if alt.seen and _indirect_ok(s, u, t, alt):
            us, indirect = alt, True
    if not us.seen:
        return f"no figure of {u.name} that may shoot sees {t.name} ([10.1])"
    d = _dist(u, t, us.seers, us.seen)
    if d > long_ + 1e-6:
        return f"{t.name} {says(t, 'is')} {inches(d)} away, beyond long range ({inches(long_)})"
    if d < mn - 1e-6:
        return f"{t.name} {says(t, 'is')} {inches(d)} away, inside the {piece.name}'s minimum range ({inches(mn)}) ([10.9])"
    band = "short" if d <= short + 1e-6 else "medium" if d <= med + 1e-6 else "long"
    if u.altitude > 0:
        from .flight import shifted_band
        band = shifted_band(u, band)  # [15.3] shooting from the air
    return {"seers": us.seers, "seen": us.seen, "distance": d, "band": band, "indirect": indirect, "piece": piece}


T_EDGE = DATA.tables.woods_sight_in * INCH


def _indirect_ok(s: BSState, u: Unit, t: Unit, us) -> bool:
    """[10.7] archers in command firing over friendly troops at least 3" away."""
    kind = DATA.missiles[profile(u).missile].kind if profile(u).missile else ""
    if not profile(u).piece and kind != "bow":
        return False
    me = Polygon(block_of(u).outline)
    lim = DATA.tables.movement.indirect_min_in * INCH
    for f in s.units.values():
        if f.side == u.side and f.id != u.id and f.on_table and f.figures:
            if me.distance(Polygon(block_of(f).outline)) < lim - 1e-9:
                return False
    return True


def fire_options(s: BSState, side: str, phase: str, first: bool = False) -> list[tuple[str, str]]:
    """(unit, target) pairs that may fire now ([10.2]); ``first``: stop at the first one."""
    if s.game == "basic":
        return []
    out = []
    for u in sorted(s.living(side), key=lambda u: u.id):
        p = profile(u)
        if not (p.missile or p.piece) or u.status != "ok":
            continue
        if (phase == "artillery") != bool(p.piece) and phase != "pass_fire":
            continue
        if u.fired >= shots_allowed(u):
            continue
        for t in sorted(s.enemies_of(side), key=lambda t: t.id):
            if t.status == "ok" or t.routed:
                if volley(s, u, t, phase) is not None:
                    out.append((u.id, t.id))
                    if first:
                        return out
    return out


def why_not_fire(s: BSState, a: A.Fire, phase: str) -> str | None:
    if s.game == "basic":
        return "the Basic game has no missiles"
    if phase not in ("initial_missile", "missile", "artillery", "pass_fire", "move"):
        return "missiles fire in the missile phases ([1.2], [1.4], [1.5])"
    u = s.units.get(a.unit)
    if u is None or u.side != a.side or not u.on_table:
        return f"{a.side} has no unit {a.unit!r} on the table"
    t = s.units.get(a.target)
    if t is None:
        return f"{a.target!r} is not a unit"
    got = _volley(s, u, t, phase)
    return None if isinstance(got, dict) else got


def missile_ar(s: BSState, u: Unit, t: Unit, info: dict) -> tuple[int, list[tuple[str, int]]]:
    """[10.8] Table 13 on the base AR (artillery: the crew's THAC0, [10.10])."""
    p = profile(u)
    mods: list[tuple[str, int]] = []
    if info["piece"] is not None:
        base = DATA.units[u.profile] and rating(u).thac0
        if u.crew_replaced:
            mods.append(("replacement crew", TA.replacement_crew))
    else:
        base = rating(u).ar
        if t.formation in ("open", "skirmish"):
            mods.append((f"target in {t.formation} formation", TA.target_open_or_skirmish))
        cover = _cover(s, t)
        if cover:
            mods.append(cover)
        elif t.shield_wall:
            from .contact import face_of
            if face_of(t, u) == "front":
                mods.append(("target in a shield wall", TA.target_behind_wall_or_shield_wall))
        if p.mount:
            mods.append(("mounted", TA.mounted))
    if info["indirect"]:
        mods.append(("indirect fire", TA.indirect))
    if info["band"] == "medium":
        mods.append(("medium range", TA.medium_range))
    elif info["band"] == "long":
        mods.append(("long range", TA.long_range))
    if u.ar_penalty:
        mods.append(("forced march", u.ar_penalty))
    from . import markers, weather
    mods += weather.missile_mods(s, u) + markers.ar_mods(u)
    return base, mods


def _cover(s: BSState, t: Unit) -> tuple[str, int] | None:
    """[10.8] the target in woods or behind a hedge (+2), in a building or behind a wall (+4):
    its outline meets the feature."""
    g = geo_of(s)
    out = Polygon(block_of(t).outline)
    best = None
    for fid in g.pieces_at(out):
        k = g.kind[fid]
        if k.missile_cover and (best is None or k.missile_cover > best[1]):
            best = (f"target in {k.name}" if k.woods else f"target behind {k.name}", k.missile_cover)
    return best


def do_fire(em: Emitter, a: A.Fire) -> None:
    """One volley ([10.0]): roll, read the CRT, remove the losses at once from the seen figures."""
    from .melee import apply_damage
    from .morale import losses_check, rout
    s = em.s
    st = s.step
    phase = st.phase if st is not None else "missile"
    u, t = em.unit(a.unit), em.unit(a.target)
    info = volley(s, u, t, phase)
    base, mods = missile_ar(s, u, t, info)
    piece = info["piece"]
    if piece is not None:
        ac = piece.target_ac
        ac_label = f"fixed AC {ac}"
        n = 1
        dmg_dice = [piece.damage]
    else:
        from .markers import ac_mods
        ac = rating(t).ac + sum(v for _, v in ac_mods(t))
        ac_label = f"AC {ac}"
        n = len(info["seers"])
        from .ratings import missile_damage
        dmg_dice = missile_damage(profile(u), rating(t).size)
    roll_mods = [(f"AR {base}", base)] + mods + [(ac_label, -ac)]
    r = em.roll(DATA.tables.dice.melee, f"{u.name} {says(u, 'shoots')} at {t.name} ({info['band']} range, {inches(info['distance'])}): "
                                        f"attack roll", roll_mods, side=u.side)
    per, readings = crt.hits(r.total, dmg_dice)
    from .markers import damage_multiplier
    dmg = per * n * damage_multiplier(u)
    seen = len(info["seen"])
    em.emit(Attack(attacker=u.id, defender=t.id, attack_roll=r.total, readings=[x.text() for x in readings], per_figure=per,
                   figures=n, damage=dmg,
                   text=f"CRT: attack roll {r.total} (against {ac_label}): {'; '.join(x.text() for x in readings)} HD per "
                        f"figure x {n} figure{'s' if n != 1 else ''} that see{'s' if n == 1 else ''} = {dmg:g} HD of damage to "
                        f"{t.name} ({rating(t).hd_per_figure:g} HD a figure; {seen} of its figures seen)"))
    ch = {"fired": u.fired + 1, "fired_in": u.fired_in + [phase], "idle": False}
    if u.ammo > 0:
        ch["ammo"] = u.ammo - 1
    if piece is not None:
        rate = piece.every * (2 if u.wounded else 1)
        ch["reload"] = rate - 1
    em.change(u, f"{u.name} {says(u, 'has')} fired {u.fired + 1} time{'s' if u.fired else ''} this round", **ch)
    before = em.unit(t.id).figures
    apply_damage(em, em.unit(t.id), dmg, f"missiles of {u.name}", visible=seen)
    t = em.unit(t.id)
    if t.routed and t.on_table and before > t.figures and phase in ("melee",):
        rout(em, t, block_of(u).centre, "routs again", again=True)
    losses_check(em, t, before, f"losses to {u.name}'s missiles", source=block_of(u).centre,
                 attack=f"fire:{s.turn}:{phase}:{u.id}:{u.fired}")
