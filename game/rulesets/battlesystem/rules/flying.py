"""Battlesystem [15.1]-[15.4] Flying movement and combat (the Advanced game).

* **Movement** ([15.1]): a unit of flying creatures (``data/flyers.toml``) in the air moves
  at its flying rate; rising one altitude level costs 1/3 of that rate, coming down is free.
  The levels are low (1"), medium (4") and high (8"); a unit rising above high has left the
  battlefield (removed from play, not routed: it escaped upward). Changes of direction in
  the air are limited each game round by size (smaller than man-size 180 degrees, man-size
  90, larger 45; magical flight 180); a mounted flyer or one carrying bombs is one category
  worse, one that has flown at most half its flying rate this round one category better.
* **Formations** ([15.2]): open or skirmish order in the air; closed order only on the ground.
* **Who meets whom**: units at the same level touch and block each other; a unit at low
  altitude also meets units on the ground (it swoops to fight them); medium and high flyers
  pass over the ground, its units and its terrain (ours, see the README).
* **Combat** ([15.3]): a ground unit attacked by a unit in flight has its AC worsened by 2;
  missiles shot from the air count short range as medium and medium as long (not for magical
  flight). A winged unit that takes any damage in the air lands at once where it is (the
  1/3 move the text allows while landing is not offered: ours) and may not fly again in the
  same round; a unit with a Wound marker may not take off again.
* **Bombing** ([15.4]): a flyer carrying bombs drops them, in the missile phase, on a ground
  unit beneath it (their outlines overlap in plan): the melee procedure with 2d6 a bomb and
  the target's AC replaced by 10 / 8 / 4 for low / medium / high altitude. Each figure
  carries ``bombs`` man-sized weights (roster data) and drops them all at once.

Flight is an Advanced-game rule: in the Basic and Intermediate games flyers stay on the
ground (:func:`can_fly`)."""

from __future__ import annotations

from game.core.logtext import plural

from ..state import BSState, Unit
from .flight import (CLAUSE_MOVE, Flyer, altitude_mm, altitude_name, beneath, bomb_ac, bomb_options, can_fly,  # noqa: F401
                     climb_options, fly_rate_mm, flyer, flying_data, forced_landing, landing_place, levels_meet,
                     overlapped, shifted_band, top_level, turn_category, turn_changes, turn_limit,
                     turned_this_round, unit_flyer, why_not_bomb, air_attack_mods, heading_change)
from .words import says, their


def check_turn(s: BSState, u: Unit, plan) -> str | None:
    """Why a manoeuvre of a unit in the air turns it more than [15.1] allows this round, or
    more than the half-rate bonus allows once it has flown past half its rate."""
    if u.altitude <= 0 or plan.block is None:
        return None
    turn = heading_change(u.heading, plan.block.heading)
    done = turned_this_round(s, u)
    after = u.moved + plan.cost
    limit = turn_limit(s, u, after)
    if done + turn > limit + 1e-6:
        return (f"{u.name} may turn {limit:g} degrees a round in the air ({done:g} already, {turn:.0f} more asked) "
                f"({CLAUSE_MOVE})")
    return None


def plan_climb(s: BSState, u: Unit, levels: int):
    """A change of altitude by ``levels`` (positive up). Returns a movement :class:`Plan`
    (changes and cost) or an illegal one with the reason."""
    from .movement import Plan, may_manoeuvre, no, remaining
    if not can_fly(s, u):
        why = "flying is an Advanced-game rule ([15.0])" if unit_flyer(u) is not None else f"{u.name} cannot fly"
        return no(why)
    if levels == 0:
        return no("a change of altitude needs a number of levels")
    why = may_manoeuvre(s, u, "climb")
    if why:
        return no(why)
    new = u.altitude + levels
    if new < 0:
        return no(f"{u.name} {says(u, 'is')} {altitude_name(u.altitude)}: it cannot go lower")
    changes: dict = {"altitude": new}
    cost = 0.0
    if levels > 0:
        if u.altitude == 0:
            if u.wounded:
                return no(f"{u.name} {says(u, 'carries')} a Wound marker and may not take flight again ([15.3])")
            if u.landed_round == s.turn and s.turn > 0:
                return no(f"{u.name} {says(u, 'was')} forced down this round; it may fly again next round ([15.3])")
            if u.formation == "closed":
                return no(f"{u.name} must open its ranks before it flies: flyers are in open or skirmish order ([15.2])")
        from ..profiles import DATA
        rate = DATA.inches(unit_flyer(u).fly_mv)
        cost = levels * flying_data().climb_share * rate
        if u.altitude == 0:
            # taking off: the unit's allowance becomes its flying rate (what it used on the ground counts)
            left = max(0.0, rate - u.moved)
        else:
            left = remaining(s, u)
        if cost > left + 1e-6:
            return no(f"rising {levels} level{'s' if levels != 1 else ''} costs {cost / DATA.tables.inch_mm:.1f}\", "
                      f"{u.name} {says(u, 'has')} {left / DATA.tables.inch_mm:.1f}\" of flight left ([15.1])")
        if new > top_level():
            changes = {"altitude": new, "status": "off_table", "flown_off": True}
    from ..formation import block_of
    if levels < 0 and new <= 1:
        under = overlapped(s, u, block_of(u), new)
        if under:
            return no(f"{u.name} cannot come down onto {under}: move clear of it first")
    return Plan(True, block=block_of(u), cost=cost, changes=changes)


def do_climb(em, a) -> None:
    from .act import apply_plan
    from ..profiles import DATA
    u = em.unit(a.unit)
    plan = plan_climb(em.s, u, a.levels)
    new = u.altitude + a.levels
    if plan.changes.get("flown_off"):
        text = f"{u.name} {says(u, 'climbs')} above 8\" and leaves the battlefield ([15.1])"
    elif a.levels > 0:
        text = (f"{u.name} {says(u, 'rises')} to {altitude_name(new)} (uses {plan.cost / DATA.tables.inch_mm:.1f}\", [15.1])")
    else:
        text = f"{u.name} {says(u, 'comes')} down to {altitude_name(new)} (free, [15.1])"
    apply_plan(em, u, plan, text)


# -- damage, combat, bombing ([15.3], [15.4]) ------------------------------------------------------------

def bomb_roll(s: BSState, u: Unit) -> tuple[int, int, list[tuple[str, int]]]:
    """(AR, AC, roll modifiers) of a bombing run ([15.4]): the unit's attack rating against
    the altitude's AC."""
    from .common import rating
    ar = rating(u).ar + u.ar_penalty
    ac = bomb_ac(u.altitude)
    return ar, ac, [(f"AR {ar}", ar), (f"bomb from {altitude_name(u.altitude)}: as AC {ac}", -ac)]


def do_bomb(em, a) -> None:
    """[15.4] drop every figure's bombs on the unit beneath: 2d6 a man-sized weight read on the
    CRT with the altitude's AC; the losses come off at once."""
    from ..events import Attack
    from ..profiles import DATA
    from . import crt
    from .common import rating
    from .melee import apply_damage
    from .morale import losses_check
    s = em.s
    u, t = em.unit(a.unit), em.unit(a.target)
    ar, ac, mods = bomb_roll(s, u)
    r = em.roll(DATA.tables.dice.melee, f"{u.name} {says(u, 'drops')} bombs on {t.name}: attack roll", mods, side=u.side)
    dice = [flying_data().bomb_damage] * u.bombs
    per, readings = crt.hits(r.total, dice)
    n = u.figures
    dmg = per * n
    em.emit(Attack(attacker=u.id, defender=t.id, attack_roll=r.total, readings=[x.text() for x in readings],
                   per_figure=per, figures=n, damage=dmg,
                   text=f"CRT: attack roll {r.total} (bombs, as AC {ac}): {'; '.join(x.text() for x in readings)} HD per "
                        f"figure x {plural(n, 'figure')} = {dmg:g} HD of damage to {t.name} ({rating(t).hd_per_figure:g} HD a figure)"))
    em.change(u, f"{u.name} {says(u, 'has')} dropped {their(u)} bombs ([15.4])", bombs=0, fired=u.fired + 1,
              fired_in=u.fired_in + ["missile"], idle=False)
    before = em.unit(t.id).figures
    apply_damage(em, em.unit(t.id), dmg, f"bombs of {u.name}")
    losses_check(em, em.unit(t.id), before, f"losses to {u.name}'s bombs", source=(u.x, u.y),
                 attack=f"bomb:{s.turn}:{u.id}")
