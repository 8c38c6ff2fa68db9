"""Shooting, hand-to-hand combat and area attacks (Battlespace: Orders; Advanced Rules)."""

from __future__ import annotations

import math


from game.core.event import Target
from game.geometry.shapes import Base, Template, card_template, displace, rectangle_template, template_hits

from ..data import data
from ..events import Attacked, Changed, Removed, Targeted, VehicleHit
from ..geo import R, edge_distance, in_contact
from game.core.logtext import move_words

from ..names import UNITS, display_name as nm, landmarks, models_near
from ..sight import adjudicate, crossfire
from ..state import BSState, Fig
from .capture import capturable, take_prisoner
from .common import CARRIED, Emitter, has_gear, lift_suppression, release_dragged, soldier_roll_mods, suppressed, wound, wound_penalty
from .vehicles import eject_all



def elevated_over(a: Fig, b: Fig) -> bool:
    """Battlespace: Elevation: ``a`` stands on elevation above ``b``."""
    return a.z > 0 and a.z > b.z + 1e-6


def point_blank(a: Fig, b: Fig) -> bool:
    """Battlespace: Point Blank Range: the target's base within one card length (88 mm)."""
    return edge_distance(a, b) <= data().tables.point_blank_mm


def soldier_weapon(s: BSState, f: Fig) -> str:
    """The weapon a soldier fires: the vehicle's mounted weapon for its gunner, else the primary."""
    if f.vehicle and f.seat == "gunner":
        vt = data().vehicles[s.vehicles[f.vehicle].type]
        if vt.weapon:
            return vt.weapon
    return "assault_rifle"


def fire_target(s: BSState, shooter: Fig, target: Fig, aimed: bool = False) -> tuple[Target, list[tuple[str, int]]]:
    """(the number to meet, itemised; roll modifiers) of a soldier's shooting attack on an enemy.

    Battlespace: Fire Weapon (D20 + Accuracy >= TL), Cover (-1 obscured, -2
    solid), Elevation (+2 from above; enemy above: TL +2), Suppression Fire
    (suppressed enemy: TL -2), Aimed Fire (+1; marksman +2), Man Down
    (dragging -3), 3rd wound -1, Night Combat -2; Weapon Jam (a natural 1
    always misses).
    """
    card = data().enemies[target.card]
    tmods: list[tuple[str, int]] = []
    if suppressed(s, target):
        tmods.append(("suppressed", -data().tables.modifiers["suppressed_enemy_tl"]))
    if elevated_over(target, shooter):
        tmods.append(("enemy above", data().tables.modifiers["elevation"]))
    need = Target(label="threat level", base=card.tl, mods=tuple(tmods), fail_on=(1,), words=("hit", "miss"))
    mods: list[tuple[str, int]] = [("accuracy", data().soldiers[shooter.card].accuracy)]
    acc = has_gear(shooter, "accuracy")
    if acc:
        mods.append((data().gear[acc].name, data().gear[acc].bonus))
    if aimed:
        marks = data().soldiers[shooter.card].specialty == "marksman"
        mods.append(("aimed fire (marksman)" if marks else "aimed fire", data().tables.modifiers["marksman_aimed"] if marks else data().tables.modifiers["aimed"]))
        scope = has_gear(shooter, "aim_bonus")
        if scope:
            mods.append((data().gear[scope].name, data().gear[scope].bonus))
    cov = adjudicate(s, shooter, target).cover
    if cov != "none":
        mods.append((f"{cov} cover", -data().tables.modifiers[cov]))
    if elevated_over(shooter, target):
        mods.append(("elevation", data().tables.modifiers["elevation"]))
    if shooter.dragging or shooter.carrying:
        mods.append(("dragging (sidearm)", -data().tables.modifiers["dragging"]))
    mods += soldier_roll_mods(s, shooter)
    return need, mods


def fire_numbers(s: BSState, shooter: Fig, target: Fig, aimed: bool = False) -> tuple[int, list[tuple[str, int]]]:
    """(number to meet, roll modifiers) of a soldier's shooting attack: :func:`fire_target` with the number summed."""
    need, mods = fire_target(s, shooter, target, aimed)
    return need.value, mods


def hit_chance(need: int, mods) -> float:
    """Chance that D20 + modifiers meets ``need`` (a natural 1 always misses: weapon jam)."""
    total = sum(v for _, v in mods)
    ok = sum(1 for face in range(2, 21) if face + total >= need)
    return ok / 20.0


def soldier_fires(em: Emitter, shooter: Fig, target: Fig, aimed: bool = False) -> None:
    """Resolve a soldier's shooting attack (Battlespace: Fire Weapon; Weapon Jam; Point Blank)."""
    s = em.s
    need, mods = fire_target(s, shooter, target, aimed)
    r = em.roll("d20", f"{nm(shooter)} fires at {nm(target)}", mods, shooter.side, need)
    if r.natural == 1 and soldier_weapon(s, shooter) == "assault_rifle":
        em.emit(Attacked(attacker=shooter.id, target=target.id, kind="fire", hit=False, need=need.value))
        em.emit(Changed(unit=shooter.id, changes={"jammed": True}))
        return
    hit = r.passed
    em.emit(Attacked(attacker=shooter.id, target=target.id, kind="fire", hit=hit, need=need.value))
    if hit:
        wound(em, target, *shot_wounds(s, shooter, target, soldier_weapon(s, shooter)))


def shot_wounds(s: BSState, shooter: Fig, target: Fig, weapon: str) -> tuple[int, str, tuple[tuple[str, int], ...]]:
    """(the weapon's wounds, its name, the extra wounds) of a shot that hits:
    Battlespace: Point Blank Range adds a wound when the bases are within one
    card length. Arguments for :func:`wound` after the target."""
    w = data().weapons[weapon]
    extra = (("point blank", data().tables.modifiers["point_blank_wounds"]),) if point_blank(shooter, target) else ()
    return w.wounds, w.name, extra


def enemy_target(s: BSState, enemy: Fig, target: Fig) -> Target:
    """The number a soldier must meet on D20 to avoid ``enemy``'s attack, itemised.

    Battlespace: Threat Level; Cover (TL -1 obscured, -2 solid); Go Prone (-1);
    Elevation (enemy above: +2); Suppression Fire (a suppressed enemy's TL is at
    -2, also when it attacks: the same TL is the number to avoid); plate carrier
    (ours, -1). Mission 4's aid workers are treated as soldiers when targeted, so
    they have cover as a soldier on the same spot would.
    """
    mods: list[tuple[str, int]] = []
    if suppressed(s, enemy):
        mods.append(("suppressed", -data().tables.modifiers["suppressed_enemy_tl"]))
    if target.kind in ("soldier", "hostage") and target.status == "ok":
        cov = adjudicate(s, enemy, target).cover
        if cov != "none":
            mods.append((f"{cov} cover", -data().tables.modifiers[cov]))
        if target.prone:
            mods.append(("prone", -data().tables.modifiers["prone"]))
        arm = has_gear(target, "armor")
        if arm:
            mods.append((data().gear[arm].name, -data().gear[arm].tl_bonus))
    if elevated_over(enemy, target):
        mods.append(("enemy above", data().tables.modifiers["elevation"]))
    return Target(label="threat level", base=data().enemies[enemy.card].tl, mods=tuple(mods), words=("avoided", "hit"))


def enemy_need(s: BSState, enemy: Fig, target: Fig) -> int:
    """The number a soldier must meet on D20 to avoid ``enemy``'s attack (:func:`enemy_target` summed)."""
    return enemy_target(s, enemy, target).value


def enemy_attacks(em: Emitter, enemy: Fig, target: Fig) -> None:
    """An enemy's shooting attack: the soldier rolls D20 to avoid it (Battlespace: Enemy AI: Combat).

    A downed soldier cannot roll and takes the wound (No Mercy). Civilians on
    the line are caught in the crossfire and removed. Attacks on a vehicle's
    occupants count toward disabling it; an MRAP negates small-arms wounds.
    """
    s = em.s
    em.emit(Targeted(unit=target.id, attacker=enemy.id))
    caught = crossfire(s, enemy, target)  # Battlespace: Civilians: judged at the moment of the attack
    weapon = data().weapons[data().enemies[enemy.card].weapon]
    need = enemy_target(s, enemy, target)
    if target.status == "down":
        hit = True
        em.emit(Attacked(attacker=enemy.id, target=target.id, kind="enemy_fire", hit=True, need=need.value))
    else:
        mods = soldier_roll_mods(s, target) if target.kind == "soldier" else []
        r = em.roll("d20", f"{nm(target)} tries to avoid {nm(enemy)}'s fire", mods, target.side, need)
        hit = not r.passed
        em.emit(Attacked(attacker=enemy.id, target=target.id, kind="enemy_fire", hit=hit, need=need.value))
    if target.vehicle:
        v = s.vehicles[target.vehicle]
        vt = data().vehicles[v.type]
        hits = v.hits + 1
        dis = vt.disable and hits >= vt.protection
        em.emit(VehicleHit(vehicle=v.id, hits=hits, disabled=dis))
        if hit and vt.negates_small_arms and weapon.small_arms:
            em.log(f"the {vt.name} negates the small-arms wound")
            hit = False
        if dis:
            eject_all(em, v.id)
    if hit:
        wound(em, em.s.figs[target.id], *shot_wounds(s, enemy, target, data().enemies[enemy.card].weapon))
    for cid in caught:
        c = em.s.figs[cid]
        if c.status == "ok":
            em.emit(Removed(unit=c.id, status="kia"))
            em.log(f"{nm(c)} is caught in the crossfire")


def melee(em: Emitter, soldier: Fig, enemy: Fig) -> None:
    """Hand-to-hand combat (Battlespace: Hand to Hand Combat).

    D20 + Fight >= TL: the enemy takes 1 wound (+1 on a natural 20); otherwise
    the soldier takes 1 (+1 on a natural 1). Each extra soldier in contact
    with the enemy lowers the TL by 1, each extra enemy in contact with the
    soldier raises it by 1; a suppressed enemy's TL is at -2. A natural 20
    always wins and a natural 1 always loses (ours: the text gives each an
    extra wound, so each decides the fight). A dragged model is put down
    beside the dragger; suppression ends. Mission 2: a soldier who wins
    against Awad takes him prisoner (:mod:`.capture`).
    """
    s = em.s
    lift_suppression(em, soldier)
    if soldier.carrying and s.figs[soldier.carrying].kind not in CARRIED:
        release_dragged(em, soldier)
        s = em.s
        soldier = s.figs[soldier.id]
    if soldier.dragging or soldier.carrying:
        em.emit(Changed(unit=soldier.id, changes={"dragging": False}))
    extra_s = sum(1 for f in s.figs.values() if f.kind == "soldier" and f.status == "ok" and f.id != soldier.id
                  and in_contact(f, enemy))
    extra_e = sum(1 for f in s.enemies() if f.id != enemy.id and in_contact(f, soldier))
    tmods: list[tuple[str, int]] = []
    if extra_s:
        tmods.append((f"{extra_s} more soldier{'s' if extra_s != 1 else ''} in contact", -extra_s * data().tables.modifiers["melee_extra_soldier"]))
    if extra_e:
        tmods.append((f"{extra_e} more enem{'ies' if extra_e != 1 else 'y'} in contact", extra_e * data().tables.modifiers["melee_extra_enemy"]))
    if suppressed(s, enemy):
        tmods.append(("suppressed", -data().tables.modifiers["suppressed_enemy_tl"]))
    need = Target(label="threat level", base=data().enemies[enemy.card].tl, mods=tuple(tmods), pass_on=(20,), fail_on=(1,),
                  words=("wins", "loses"))
    mods = [("fight", data().soldiers[soldier.card].fight)] + soldier_roll_mods(s, soldier)
    r = em.roll("d20", f"hand to hand: {nm(soldier)} against {nm(enemy)}", mods, soldier.side, need)
    if r.passed:
        em.emit(Attacked(attacker=soldier.id, target=enemy.id, kind="melee", hit=True, need=need.value))
        if capturable(em.s, enemy):  # Mission 2: overpowered, Awad is taken alive (ours)
            take_prisoner(em, em.s.figs[soldier.id], em.s.figs[enemy.id])
            return
        nat20 = (("a natural 20", data().tables.modifiers["natural_20_melee_wounds"]),) if r.natural == 20 else ()
        wound(em, enemy, 1, "hand to hand", nat20)
    else:
        em.emit(Attacked(attacker=enemy.id, target=soldier.id, kind="melee", hit=True, need=need.value))
        nat1 = (("a natural 1", data().tables.modifiers["natural_1_melee_wounds"]),) if r.natural == 1 else ()
        wound(em, soldier, 1, "hand to hand", nat1)


def contact_fights(em: Emitter, enemy_ids) -> set[str]:
    """Battlespace: Hand to Hand Combat: a soldier and an enemy that come into base
    contact fight at once. Each enemy of ``enemy_ids`` now touching an able soldier
    fights him (the lowest id); returns the ids of the enemies that fought."""
    fought: set[str] = set()
    for eid in enemy_ids:
        e = em.s.figs.get(eid)
        if e is None or e.status != "ok" or e.side != "enemy":
            continue
        foes = [t for t in em.s.figs.values() if t.kind == "soldier" and t.status == "ok" and in_contact(t, e)]
        if foes:
            fought.add(eid)
            melee(em, min(foes, key=lambda t: t.id), e)
    return fought


def drift_point(em: Emitter, x: float, y: float, away: float, reroll: bool, who: str) -> tuple[float, float]:
    """Battlespace: Drift: D20 9-20 a direct hit; 1-8 the card moves 88 mm, 1 straight
    on and each next number 45 degrees clockwise (gaps.md). A grenadier re-rolls once."""
    dr = data().tables.drift
    direct = Target(label="a direct hit on", base=dr.direct_from, words=("on target", "drifts"))
    r = em.roll("d20", f"drift of {who}'s grenade", (), None, direct)
    if not r.passed and reroll:
        r = em.roll("d20", f"grenadier re-rolls the drift of {who}'s grenade", (), None, direct)
    if r.passed:
        return x, y
    turn = (r.natural - 1) * dr.degrees_per_step
    h = away + turn
    w, hh = em.s.table
    nx, ny = displace((x, y), h, dr.distance_mm)
    nx, ny = min(max(nx, 0.0), w), min(max(ny, 0.0), hh)
    em.log(f"{who}'s grenade drifts {move_words(x, y, nx, ny, UNITS, landmarks(em.s), models=models_near(em.s))}: "
           f"{'straight on' if not turn else f'{turn:.0f}° clockwise from straight on'} (D20 roll {r.natural})")
    return nx, ny


def aoe_polygon(x: float, y: float, away: float, centred: bool):
    """The card AoE: laid with a short edge on the point (thrown) or centred on it (fired)."""
    if centred:
        return rectangle_template(x, y, data().tables.card.short_mm, data().tables.card.long_mm, away).polygon
    return card_template((x, y), away, data().tables.card.short_mm, data().tables.card.long_mm).polygon


def in_area(s: BSState, poly) -> list[Fig]:
    figs = [f for f in s.figs.values() if f.on_table and f.carried_by is None]
    if not figs:
        return []
    hits = template_hits(Template("rectangle", poly), [Base.circle(f.x, f.y, R, id=f.id) for f in figs])
    return [figs[h.index] for h in hits]


def aoe_attack(em: Emitter, thrower: Fig, gear_id: str, poly) -> None:
    """Frag grenade or launcher round: each enemy under the card is attacked
    (D20 >= its TL, suppression lowering it; the thrower's own roll penalties - 3rd
    wound, under suppression fire, night - apply, as they do to all his rolls:
    Hit Points, Suppression Fire, Night Combat), each soldier or aid worker must
    roll the gear's avoid TL (downed models cannot), civilians are removed."""
    g = data().gear[gear_id]
    own = soldier_roll_mods(em.s, em.s.figs[thrower.id])
    for f in in_area(em.s, poly):
        f = em.s.figs[f.id]
        if not f.on_table:
            continue
        if f.side == "enemy":
            sup = (("suppressed", -data().tables.modifiers["suppressed_enemy_tl"]),) if suppressed(em.s, f) else ()
            need = Target(label="threat level", base=data().enemies[f.card].tl, mods=sup, words=("hit", "miss"))
            r = em.roll("d20", f"{g.name} against {nm(f)}", own, thrower.side, need)
            if r.passed:
                wound(em, f, g.wounds, g.name)
        elif f.kind == "civilian":
            em.emit(Removed(unit=f.id, status="kia"))
        elif f.status == "down":
            wound(em, f, g.wounds, g.name)
        else:
            mods = soldier_roll_mods(em.s, f) if f.kind == "soldier" else []
            need = Target(label=f"the {g.name}'s threat level", base=g.avoid_tl, words=("avoided", "hit"))
            r = em.roll("d20", f"{nm(f)} tries to avoid the {g.name}", mods, f.side, need)
            if not r.passed:
                wound(em, f, g.wounds, g.name)


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


__all__ = ["fire_numbers", "fire_target", "enemy_target", "shot_wounds", "hit_chance", "soldier_fires", "enemy_attacks", "melee", "contact_fights", "enemy_need", "point_blank",
           "drift_point", "aoe_polygon", "aoe_attack", "in_area", "bearing", "wound_penalty"]
