"""Shooting, hand-to-hand combat and area attacks (Battlespace: Orders; Advanced Rules)."""

from __future__ import annotations

import math


from game.geometry.shapes import Base, Template, card_template, displace, rectangle_template, template_hits

from ..cards import DATA
from ..describe import display_name as nm
from ..events import Attacked, Changed, Removed, Targeted, VehicleHit
from ..geo import R, edge_distance, in_contact
from ..sight import adjudicate, crossfire
from ..state import BSState, Fig
from .common import Emitter, has_gear, lift_suppression, soldier_roll_mods, suppressed, wound, wound_penalty

T = DATA.tables
M = T.modifiers


def elevated_over(a: Fig, b: Fig) -> bool:
    """Battlespace: Elevation: ``a`` stands on elevation above ``b``."""
    return a.z > 0 and a.z > b.z + 1e-6


def point_blank(a: Fig, b: Fig) -> bool:
    """Battlespace: Point Blank Range: the target's base within one card length (88 mm)."""
    return edge_distance(a, b) <= T.point_blank_mm


def soldier_weapon(s: BSState, f: Fig) -> str:
    """The weapon a soldier fires: the vehicle's mounted weapon for its gunner, else the primary."""
    if f.vehicle and f.seat == "gunner":
        vt = DATA.vehicles[s.vehicles[f.vehicle].type]
        if vt.weapon:
            return vt.weapon
    return "assault_rifle"


def fire_numbers(s: BSState, shooter: Fig, target: Fig, aimed: bool = False) -> tuple[int, list[tuple[str, int]]]:
    """(number to meet, roll modifiers) of a soldier's shooting attack on an enemy.

    Battlespace: Fire Weapon (D20 + Accuracy >= TL), Cover (-1 obscured, -2
    solid), Elevation (+2 from above; enemy above: TL +2), Suppression Fire
    (suppressed enemy: TL -2), Aimed Fire (+1; marksman +2), Man Down
    (dragging -3), 3rd wound -1, Night Combat -2.
    """
    card = DATA.enemies[target.card]
    need = card.tl
    if suppressed(s, target):
        need -= M["suppressed_enemy_tl"]
    if elevated_over(target, shooter):
        need += M["elevation"]
    mods: list[tuple[str, int]] = [("accuracy", DATA.soldiers[shooter.card].accuracy)]
    acc = has_gear(shooter, "accuracy")
    if acc:
        mods.append((DATA.gear[acc].name, DATA.gear[acc].bonus))
    if aimed:
        marks = DATA.soldiers[shooter.card].specialty == "marksman"
        mods.append(("aimed fire (marksman)" if marks else "aimed fire", M["marksman_aimed"] if marks else M["aimed"]))
        scope = has_gear(shooter, "aim_bonus")
        if scope:
            mods.append((DATA.gear[scope].name, DATA.gear[scope].bonus))
    cov = adjudicate(s, shooter, target).cover
    if cov != "none":
        mods.append((f"{cov} cover", -M[cov]))
    if elevated_over(shooter, target):
        mods.append(("elevation", M["elevation"]))
    if shooter.dragging or shooter.carrying:
        mods.append(("dragging (sidearm)", -M["dragging"]))
    mods += soldier_roll_mods(s, shooter)
    return need, mods


def hit_chance(need: int, mods) -> float:
    """Chance that D20 + modifiers meets ``need`` (a natural 1 always misses: weapon jam)."""
    total = sum(v for _, v in mods)
    ok = sum(1 for face in range(2, 21) if face + total >= need)
    return ok / 20.0


def soldier_fires(em: Emitter, shooter: Fig, target: Fig, aimed: bool = False) -> None:
    """Resolve a soldier's shooting attack (Battlespace: Fire Weapon; Weapon Jam; Point Blank)."""
    s = em.s
    need, mods = fire_numbers(s, shooter, target, aimed)
    r = em.roll("d20", f"{nm(shooter)} fires at {nm(target)} (needs {need})", mods, shooter.side)
    if r.natural == 1 and soldier_weapon(s, shooter) == "assault_rifle":
        em.emit(Attacked(attacker=shooter.id, target=target.id, kind="fire", hit=False, need=need))
        em.emit(Changed(unit=shooter.id, changes={"jammed": True}))
        em.log(f"{nm(shooter)}'s weapon jams on a natural 1")
        return
    hit = r.natural != 1 and r.total >= need
    em.emit(Attacked(attacker=shooter.id, target=target.id, kind="fire", hit=hit, need=need))
    if hit:
        w = DATA.weapons[soldier_weapon(s, shooter)].wounds
        if point_blank(shooter, target):
            w += M["point_blank_wounds"]
        wound(em, target, w, "shot")


def enemy_need(s: BSState, enemy: Fig, target: Fig) -> int:
    """The number a soldier must meet on D20 to avoid ``enemy``'s attack.

    Battlespace: Threat Level; Cover (TL -1 obscured, -2 solid); Go Prone (-1);
    Elevation (enemy above: +2); Suppression Fire (a suppressed enemy's TL is at
    -2, also when it attacks: the same TL is the number to avoid); plate carrier (ours, -1).
    """
    need = DATA.enemies[enemy.card].tl
    if suppressed(s, enemy):
        need -= M["suppressed_enemy_tl"]
    if target.kind == "soldier" and target.status == "ok":
        cov = adjudicate(s, enemy, target).cover
        if cov != "none":
            need -= M[cov]
        if target.prone:
            need -= M["prone"]
        arm = has_gear(target, "armor")
        if arm:
            need -= DATA.gear[arm].tl_bonus
    if elevated_over(enemy, target):
        need += M["elevation"]
    return need


def enemy_attacks(em: Emitter, enemy: Fig, target: Fig) -> None:
    """An enemy's shooting attack: the soldier rolls D20 to avoid it (Battlespace: Enemy AI: Combat).

    A downed soldier cannot roll and takes the wound (No Mercy). Civilians on
    the line are caught in the crossfire and removed. Attacks on a vehicle's
    occupants count toward disabling it; an MRAP negates small-arms wounds.
    """
    s = em.s
    em.emit(Targeted(unit=target.id))
    caught = crossfire(s, enemy, target)  # Battlespace: Civilians: judged at the moment of the attack
    weapon = DATA.weapons[DATA.enemies[enemy.card].weapon]
    need = enemy_need(s, enemy, target)
    if target.status == "down":
        hit = True
        em.emit(Attacked(attacker=enemy.id, target=target.id, kind="enemy_fire", hit=True, need=need))
    else:
        mods = soldier_roll_mods(s, target) if target.kind == "soldier" else []
        r = em.roll("d20", f"{nm(target)} avoids {nm(enemy)}'s fire (needs {need})", mods, target.side)
        hit = r.total < need
        em.emit(Attacked(attacker=enemy.id, target=target.id, kind="enemy_fire", hit=hit, need=need))
    if target.vehicle:
        v = s.vehicles[target.vehicle]
        vt = DATA.vehicles[v.type]
        hits = v.hits + 1
        dis = vt.disable and hits >= vt.protection
        em.emit(VehicleHit(vehicle=v.id, hits=hits, disabled=dis))
        if hit and vt.negates_small_arms and weapon.small_arms:
            em.log(f"the {vt.name} negates the small-arms wound")
            hit = False
        if dis:
            from .orders import eject_all
            eject_all(em, v.id)
    if hit:
        w = weapon.wounds + (M["point_blank_wounds"] if point_blank(enemy, target) else 0)
        wound(em, em.s.figs[target.id], w, "shot")
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
    beside the dragger; suppression ends.
    """
    s = em.s
    lift_suppression(em, soldier)
    if soldier.carrying and s.figs[soldier.carrying].kind != "survivor":
        from .orders import release_dragged
        release_dragged(em, soldier)
        s = em.s
        soldier = s.figs[soldier.id]
    if soldier.dragging or soldier.carrying:
        em.emit(Changed(unit=soldier.id, changes={"dragging": False}))
    extra_s = sum(1 for f in s.figs.values() if f.kind == "soldier" and f.status == "ok" and f.id != soldier.id
                  and in_contact(f, enemy))
    extra_e = sum(1 for f in s.enemies() if f.id != enemy.id and in_contact(f, soldier))
    need = DATA.enemies[enemy.card].tl - extra_s * M["melee_extra_soldier"] + extra_e * M["melee_extra_enemy"]
    if suppressed(s, enemy):
        need -= M["suppressed_enemy_tl"]
    mods = [("fight", DATA.soldiers[soldier.card].fight)] + soldier_roll_mods(s, soldier)
    r = em.roll("d20", f"hand to hand: {nm(soldier)} against {nm(enemy)} (needs {need})", mods, soldier.side)
    if r.natural == 20 or (r.natural != 1 and r.total >= need):
        em.emit(Attacked(attacker=soldier.id, target=enemy.id, kind="melee", hit=True, need=need))
        wound(em, enemy, 1 + (M["natural_20_melee_wounds"] if r.natural == 20 else 0), "melee")
    else:
        em.emit(Attacked(attacker=enemy.id, target=soldier.id, kind="melee", hit=True, need=need))
        wound(em, soldier, 1 + (M["natural_1_melee_wounds"] if r.natural == 1 else 0), "melee")


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
    dr = T.drift
    r = em.roll("d20", f"drift of {who}'s grenade")
    if r.natural < dr.direct_from and reroll:
        r = em.roll("d20", f"grenadier re-rolls the drift of {who}'s grenade")
    if r.natural >= dr.direct_from:
        return x, y
    h = away + (r.natural - 1) * dr.degrees_per_step
    w, hh = em.s.table
    nx, ny = displace((x, y), h, dr.distance_mm)
    return min(max(nx, 0.0), w), min(max(ny, 0.0), hh)


def aoe_polygon(x: float, y: float, away: float, centred: bool):
    """The card AoE: laid with a short edge on the point (thrown) or centred on it (fired)."""
    if centred:
        return rectangle_template(x, y, T.card.short_mm, T.card.long_mm, away).polygon
    return card_template((x, y), away, T.card.short_mm, T.card.long_mm).polygon


def in_area(s: BSState, poly) -> list[Fig]:
    figs = [f for f in s.figs.values() if f.on_table and f.carried_by is None]
    if not figs:
        return []
    hits = template_hits(Template("rectangle", poly), [Base.circle(f.x, f.y, R, id=f.id) for f in figs])
    return [figs[h.index] for h in hits]


def aoe_attack(em: Emitter, thrower: Fig, gear_id: str, poly) -> None:
    """Frag grenade or launcher round: each enemy under the card is attacked
    (D20 >= its TL, suppression lowering it), each soldier or aid worker must roll
    the gear's avoid TL (downed models cannot), civilians are removed."""
    g = DATA.gear[gear_id]
    for f in in_area(em.s, poly):
        f = em.s.figs[f.id]
        if not f.on_table:
            continue
        if f.side == "enemy":
            need = DATA.enemies[f.card].tl - (M["suppressed_enemy_tl"] if suppressed(em.s, f) else 0)
            r = em.roll("d20", f"{g.name} against {nm(f)} (needs {need})", [], thrower.side)
            if r.total >= need:
                wound(em, f, g.wounds, "blast")
        elif f.kind == "civilian":
            em.emit(Removed(unit=f.id, status="kia"))
        elif f.status == "down":
            wound(em, f, g.wounds, "blast")
        else:
            mods = soldier_roll_mods(em.s, f) if f.kind == "soldier" else []
            r = em.roll("d20", f"{nm(f)} avoids the {g.name} (needs {g.avoid_tl})", mods, f.side)
            if r.total < g.avoid_tl:
                wound(em, f, g.wounds, "blast")


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


__all__ = ["fire_numbers", "hit_chance", "soldier_fires", "enemy_attacks", "melee", "contact_fights", "enemy_need", "point_blank",
           "drift_point", "aoe_polygon", "aoe_attack", "in_area", "bearing", "wound_penalty"]
