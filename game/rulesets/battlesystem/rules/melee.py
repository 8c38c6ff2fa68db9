"""Melee ([8.1]-[8.8], [7.14] break-through, [11.4]-[11.7], [11.9]).

An attack ([8.4]): the attacker's adjusted attack rating (Table 10 and the AD&D adjustments
the text names) less the defender's armour class, plus 2d6, is the attack roll; its damage
dice ([8.5], [8.6]; cavalry rider and mount together, [11.5]) are read on the CRT
(:mod:`.crt`) for hit dice per figure, times the attacking figures. The damage kills a figure
per its hit dice, and a remainder of a quarter of a figure's hit dice or more wounds one
([8.7]). Losses of a melee come off after both sides have attacked (simultaneous,
[8.0]); set spears strike a charging enemy first ([11.7]).
"""

from __future__ import annotations

import math

import numpy as np

from game.core.logtext import plural

from ..events import Attack, Casualties
from ..formation import block_of
from ..geo import geo_of
from ..profiles import DATA
from ..state import Unit
from . import crt
from .command import command_penalty, commander_fights_with_unit
from .common import INCH, Emitter, profile, rating
from .contact import contact_figs, engagements, face_of
from .ratings import damage as damage_dice
from .words import says, their

TM = DATA.tables.melee_ar


def eligible(s, att: Unit, defn: Unit, used: set[int] | None = None) -> tuple[int, list[str], list[int]]:
    """[8.1] the figures of ``att`` that fight ``defn``: those touching it; in closed formation
    one more to each side of them in their rank; pikes: every figure in the two ranks behind
    those, spears and pole arms one rank (an extra attack each). ``used``: figures already
    fighting another melee. Returns (attacks, labelled parts, figure indices)."""
    mine, _ = contact_figs(s, att, defn.id)
    used = used or set()
    front = [i for i in mine if i not in used]
    if not front:
        return 0, [], []
    b = block_of(att)
    parts = [f"{len(front)} in contact"]
    figs = set(front)
    if att.formation == "closed":
        extra = set()
        ranks: dict[int, list[int]] = {}
        for i in front:
            r, f, _ = b.rank_file(i)
            ranks.setdefault(r, []).append(f)
        for r, files in ranks.items():
            in_rank = min(b.files, b.count - r * b.files)
            for f in (min(files) - 1, max(files) + 1):
                if 0 <= f < in_rank:
                    j = r * b.files + f
                    if j not in figs and j not in used:
                        extra.add(j)
        if extra:
            parts.append(f"{len(extra)} beside them")
        figs |= extra
    n = len(figs)
    depth = 0
    kind = DATA.melee[att.weapon or profile(att).weapon].kind
    if att.formation == "closed" and kind in ("pike", "spear", "polearm"):
        rows = 2 if kind == "pike" else 1
        for i in sorted(figs):
            r, f, in_rank = b.rank_file(i)
            for k in range(1, rows + 1):
                rr = r + k
                # the figure directly behind: same offset across the (possibly shorter) rank
                if rr < b.ranks:
                    in_r = min(b.files, b.count - rr * b.files)
                    ff = f - (in_rank - in_r) / 2.0
                    if abs(ff - round(ff)) < 1e-9 and 0 <= round(ff) < in_r:
                        depth += 1
        if depth:
            parts.append(f"{depth} {DATA.melee[att.weapon or profile(att).weapon].name}s behind")
    return n + depth, parts, sorted(figs)


def higher_ground(s, a: Unit, b: Unit) -> bool:
    """``b`` stands on higher ground than ``a`` (its centre on more elevation levels)."""
    g = geo_of(s)
    ca, cb = block_of(a).centre, block_of(b).centre
    return g.level_at(*cb) > g.level_at(*ca)


def in_ditch(s, a: Unit) -> bool:
    """[11.9] the unit stands in a ditch, gulley or trench, fords a stream, or is in a swamp."""
    g = geo_of(s)
    from shapely.geometry import Point
    c = Point(*block_of(a).centre)
    return any(g.kind[i].ditch and g.poly[i].intersects(c) for i in g.feats)


def melee_ar(s, att: Unit, defn: Unit, *, free_attack: bool = False, flank_attack: bool = False) -> tuple[int, list[tuple[str, int]]]:
    """[8.3] the attacker's base AR and the labelled modifiers of Table 10 and the text's AD&D
    examples: open or skirmish formation +1; out of command +1; defender on higher ground +1
    (see README); charging in closed formation -1 ([7.14]); the unit commander fighting with it
    -1; flank -1 and rear -2; a cavalry charge -2 unless met by set spears ([11.4]); orcs and
    goblins in daylight +1; a forced march's penalty ([7.13]); fighting out of a ditch, stream
    or swamp +4 ([11.9]); the free attack at a fleeing unit -2 ([8.8])."""
    base = rating(att).ar
    mods: list[tuple[str, int]] = []
    if att.formation in ("open", "skirmish"):
        mods.append((f"{att.formation} formation", TM.open_or_skirmish))
    if command_penalty(s, att):
        mods.append(("out of command", TM.out_of_command))
    if higher_ground(s, att, defn):
        mods.append(("defender on higher ground", TM.defender_higher))
    charging = att.charged == defn.id
    if charging and att.formation == "closed" and att.kind in ("regular", "elite", "berserker"):
        mods.append(("charging in closed formation", TM.charging_closed))
    if commander_fights_with_unit(s, att):
        mods.append(("commander fights with the unit", TM.commander_with_unit))
    if free_attack:
        mods.append(("attacking a fleeing unit from behind", TM.fleeing_free_attack))
    else:
        face = "flank" if flank_attack else face_of(defn, att)
        if face == "flank":
            mods.append(("attacking a flank", TM.flank))
        elif face == "rear":
            mods.append(("attacking the rear", TM.rear))
    if charging and profile(att).mount and not defn.set_spears:
        mods.append(("cavalry charge", TM.cavalry_charge))
    pen = DATA.creatures[profile(att).creature].daylight_penalty
    if pen:
        mods.append(("daylight", pen))
    from . import markers, weather
    mods += markers.ar_mods(att) + weather.melee_mods(s, att)
    if att.ar_penalty:
        mods.append(("forced march", att.ar_penalty * TM.forced_march_step))
    if in_ditch(s, att) and not in_ditch(s, defn):
        mods.append(("fighting up from a ditch, stream or swamp", TM.ditch_or_stream))
    return base, mods


def defender_ac(s, att: Unit, defn: Unit, *, missile: bool = False) -> tuple[int, list[tuple[str, int]]]:
    """The defender's AC and the shield wall's bonus to its front ([11.6]: 2 in melee, 4
    against missiles)."""
    ac = rating(defn).ac
    mods: list[tuple[str, int]] = []
    if defn.shield_wall and face_of(defn, att) == "front":
        mods.append(("shield wall", -(4 if missile else 2)))
    from .markers import ac_mods
    mods += ac_mods(defn)
    if att.altitude > 0:
        from .flight import air_attack_mods
        mods += air_attack_mods(att, defn)
    return ac, mods


def attack(em: Emitter, att: Unit, defn: Unit, figures: int, parts: list[str], *, free_attack: bool = False,
           double: bool = False, label: str = "attacks", flank_attack: bool = False) -> float:
    """[8.4] one attack of ``figures`` figures of ``att`` on ``defn``: rolls 2d6, reads the CRT;
    returns the hit dice of damage (the :class:`Attack` event explains it)."""
    s = em.s
    base, mods = melee_ar(s, att, defn, free_attack=free_attack, flank_attack=flank_attack)
    ac, acm = defender_ac(s, att, defn)
    ac_total = ac + sum(v for _, v in acm)
    roll_mods = [(f"AR {base}", base)] + mods + [(f"AC {ac}", -ac)] + [(k, -v) for k, v in acm]
    verb, _, rest = label.partition(" ")  # "strikes the fleeing": the verb agrees with the attacker's name
    r = em.roll(DATA.tables.dice.melee, f"{att.name} {says(att, verb)}{' ' + rest if rest else ''} {defn.name}: attack roll",
                roll_mods, side=att.side)
    ar = r.total
    from . import creatures, markers, weather
    dice = damage_dice(profile(att), rating(defn).size)
    if creatures.creature_of(att).paralyzes:
        # [13.4] damage that only paralyzes: the D4 column, figures paralyzed, no wounds
        per = creatures.paralysis_hd(ar)
        em.emit(Attack(attacker=att.id, defender=defn.id, attack_roll=ar, readings=[f"D4 = {per}"], per_figure=per,
                       figures=figures, damage=0.0,
                       text=f"CRT: attack roll {ar}: paralysis on the D4 column, {per} HD per figure x {plural(figures, 'figure')} "
                            f"([13.4])"))
        creatures.paralyze(em, att, defn, per * figures)
        return 0.0
    per, readings = crt.hits(ar, dice, creatures.damage_shift(att))
    poison = creatures.creature_of(att).poison
    if poison:
        per += creatures.poison_damage(ar, dice, poison)
    mult = (2 if double else 1) * creatures.drain_multiplier(att) * markers.damage_multiplier(att)
    dmg = per * figures * mult + weather.extra_damage(s, defn, figures)
    note = " x2 (set spears against a charge)" if double else ""
    if poison:
        note += f" (with {poison} poison, [13.2])"
    if creatures.drain_multiplier(att) > 1:
        note += " x2 (level drain, [13.5])"
    if markers.damage_multiplier(att) > 1:
        note += " x2 (haste, [14.7])"
    em.emit(Attack(attacker=att.id, defender=defn.id, attack_roll=ar, readings=[x.text() for x in readings],
                   per_figure=per, figures=figures, damage=dmg,
                   text=f"CRT: attack roll {ar} ({_ac_words(ac_total)}): {'; '.join(x.text() for x in readings)} "
                        f"HD per figure x {plural(figures, 'figure')} ({', '.join(parts)}){note} = {dmg:g} HD of damage to "
                        f"{defn.name} ({rating(defn).hd_per_figure:g} HD a figure)"))
    return dmg


def _ac_words(ac: int) -> str:
    return f"against AC {ac}"


def apply_damage(em: Emitter, u: Unit, hd: float, why: str, *, visible: int | None = None) -> tuple[int, bool]:
    """[8.7] take ``hd`` hit dice of damage: a figure killed for each full figure's hit dice,
    a wound for a remainder of a quarter of a figure or more. ``visible``: at most this many
    figures may be killed (missile fire at a partly seen unit, [10.1]). Returns (killed, wounded)."""
    u = em.unit(u.id)
    if hd <= 0 or u.figures == 0:
        return 0, False
    per = rating(u).hd_per_figure
    killed = int(math.floor(hd / per + 1e-9))
    rem = hd - killed * per
    wound = rem >= per / 4.0 - 1e-9
    cap = u.figures if visible is None else min(u.figures, visible)
    if killed >= cap:
        killed, wound = cap, wound and cap < u.figures
    figures = u.figures - killed
    wounded = min(figures, u.wounded + (1 if wound and figures > 0 else 0))
    from .creatures import note_fallen
    note_fallen(em, u, killed, why)
    u = em.unit(u.id)
    words = []
    if killed:
        words.append(f"{killed} figure{'s' if killed != 1 else ''} killed")
    if wound and figures > 0:
        words.append("a figure wounded")
    if not words:
        words.append("no figure lost (less than a quarter of a figure's hit dice left over)")
    em.emit(Casualties(unit=u.id, killed=killed, figures=figures, wounded=wounded,
                       text=f"{u.name}: {hd:g} HD of damage ({why}): {', '.join(words)}; {plural(figures, 'figure')} left"))
    if u.altitude > 0:
        from .flight import forced_landing
        forced_landing(em, u, hd)
    if figures == 0:
        from .heroes import unit_eliminated
        unit_eliminated(em, em.unit(u.id))
    elif killed and u.formation == "open":
        fill = killed * DATA.tables.movement.open_fill_per_figure_in * INCH
        em.change(em.unit(u.id), f"{u.name} {says(u, 'closes')} the gaps in {their(u)} open ranks: {killed}\" of movement ([7.3])",
                  moved=em.unit(u.id).moved + fill)
    return killed, wound


def consolidate_wounds(em: Emitter) -> None:
    """[8.7] at the end of a melee phase no unit keeps two wounded figures: for each pair one
    is removed and the other returns to health."""
    for u in list(em.s.units.values()):
        if u.on_table and u.wounded >= 2:
            gone = u.wounded // 2
            figs = max(0, u.figures - gone)
            em.emit(Casualties(unit=u.id, killed=gone, figures=figs, wounded=u.wounded % 2,
                               text=f"{u.name}: two wounds on one figure: {gone} removed, the other recovers ([8.7])"))
            if figs == 0:
                from .heroes import unit_eliminated
                unit_eliminated(em, em.unit(u.id))


def may_fight(s, u: Unit, attacked: bool) -> str | None:
    """Why ``u`` does not attack in this melee ([6.3], [6.4], [10.2])."""
    if u.status != "ok":
        return "routed"
    if u.fired:
        return "used its missiles this round ([10.2])"
    if u.rallied and not attacked:
        return "rallied this round and was not attacked ([6.3])"
    return None


def resolve_melee(em: Emitter, a_id: str, b_id: str, used: dict[str, set[int]]) -> None:
    """One melee between two units in contact ([8.4] A-G): the side with the initiative first,
    both attacks on the units as they stood, then the losses and the morale checks."""
    from .morale import losses_check, rout
    s = em.s
    a, b = s.units[a_id], s.units[b_id]
    if not (a.on_table and b.on_table and a.figures and b.figures):
        return
    first, second = (a, b) if s.order.index(a.side) <= s.order.index(b.side) else (b, a)
    key = f"melee:{s.turn}:{first.id}:{second.id}"
    plans = []
    for att, dfn in ((first, second), (second, first)):
        why = may_fight(em.s, att, attacked=True)
        n, parts, figs = eligible(em.s, att, dfn, used.setdefault(att.id, set()))
        from .markers import held_figures
        if held_figures(att) and n:
            n = max(0, n - held_figures(att))  # [14.6] B immobilized figures do not fight
            parts = parts + [f"{held_figures(att)} held"]
        if why or n == 0:
            if why and n:
                em.log(f"{att.name} {says(att, 'does')} not fight {dfn.name}: {why}", att.side)
            plans.append(None)
        else:
            plans.append((att, dfn, n, parts, figs))
    # [11.7] set spears strike a charging enemy first, its losses off at once
    order = [0, 1]
    early = None
    for k, p in enumerate(plans):
        if p and p[1].charged == p[0].id and p[0].set_spears:
            early = k
    if early is not None:
        order = [early, 1 - early]
    damage: dict[str, float] = {}
    for k in order:
        p = plans[k]
        if p is None:
            continue
        att, dfn, n, parts, figs = p
        att = em.unit(att.id)
        dfn = em.unit(dfn.id)
        if att.figures == 0 or not att.on_table:
            continue
        if early is not None and k != early:
            n2, parts, figs = eligible(em.s, att, dfn, used.get(att.id, set()))
            if n2 == 0:
                em.log(f"{att.name} {says(att, 'has')} no figures left to strike back", att.side)
                continue
            n = n2
        used[att.id].update(figs)
        dmg = attack(em, att, dfn, n, parts, double=(k == early))
        if k == early:
            before = em.unit(dfn.id).figures
            apply_damage(em, em.unit(dfn.id), dmg, f"set spears of {att.name}")
            losses_check(em, em.unit(dfn.id), before, f"losses to {att.name}", source=block_of(att).centre, attack=key)
        else:
            damage[dfn.id] = damage.get(dfn.id, 0.0) + dmg
        extra = wrap_attack(em, em.unit(att.id), em.unit(dfn.id))
        if extra:
            damage[dfn.id] = damage.get(dfn.id, 0.0) + extra
    befores = {uid: em.unit(uid).figures for uid in damage}
    for uid, dmg in damage.items():
        other = second.id if uid == first.id else first.id
        apply_damage(em, em.unit(uid), dmg, f"melee with {s.units[other].name}")
    for uid in damage:
        u = em.unit(uid)
        other = em.unit(second.id if uid == first.id else first.id)
        if u.routed and u.on_table:
            rout(em, u, block_of(other).centre, "routs again, attacked while routed ([6.4])", again=True)
            continue
        losses_check(em, u, befores[uid], f"losses to {other.name}", source=block_of(other).centre, attack=key)


def melee_phase(em: Emitter) -> None:
    """[1.6] B, [8.0]: every melee, in the order the side with the initiative prefers (its
    units by name), then the end of the phase: wounds ([8.7]), charges that found no enemy
    ([7.14]), and the checks of units touching what they cannot harm (Table 5)."""
    from .morale import check_morale
    s = em.s
    pairs = []
    rank = {side: i for i, side in enumerate(s.order)}
    for e in engagements(s):
        a, b = s.units[e.a], s.units[e.b]
        lead = a if rank.get(a.side, 9) <= rank.get(b.side, 9) else b
        pairs.append((rank.get(lead.side, 9), lead.name, lead.id, (b if lead is a else a).id))
    pairs.sort()
    used: dict[str, set[int]] = {}
    for _, _, x, y in pairs:
        resolve_melee(em, x, y, used)
    from .heroes import heroes_vs_units
    heroes_vs_units(em)
    consolidate_wounds(em)
    end_wraps(em)
    for u in list(em.s.units.values()):
        u = em.unit(u.id)
        if not u.on_table:
            continue
        if u.charged and not _touching_any(em.s, u):
            if u.formation == "closed":
                em.change(u, f"{u.name} {says(u, 'ends')} {their(u)} charge out of contact and opens its ranks ([7.14])", formation="open")
            else:
                em.change(u, f"{u.name} {says(u, 'ends')} {their(u)} charge out of contact: -3 morale this round ([7.14])", charge_failed=True)
    from .morale import _touches_terror
    for u in list(em.s.units.values()):
        u = em.unit(u.id)
        if u.on_table and _touches_terror(em.s, u):
            check_morale(em, u, "touching a creature it cannot harm", attack=f"terror:{s.turn}:{u.id}")


def _touching_any(s, u: Unit) -> bool:
    from .contact import enemies_in_contact
    return bool(enemies_in_contact(s, u))


def min_damage_kills(s, att: Unit, defn: Unit, figures: int, targets: int) -> bool:
    """[7.14] break-through: even the worst roll (12 on 2d6) would kill the ``targets`` figures."""
    base, mods = melee_ar(s, att, defn)
    ac, acm = defender_ac(s, att, defn)
    worst = base + sum(v for _, v in mods) - ac - sum(v for _, v in acm) + 12
    per, _ = crt.hits(worst, damage_dice(profile(att), rating(defn).size))
    return per * figures >= rating(defn).hd_per_figure * targets > 0


def contact_counts(s, att: Unit, defn: Unit) -> tuple[int, int]:
    mine, theirs = contact_figs(s, att, defn.id)
    return len(mine), len(theirs)


def losses_from_figures(u: Unit) -> np.ndarray:
    """Figure indices in the order closed and mob formations lose them: from the rear ([7.2], [7.5])."""
    return np.arange(u.figures)[::-1]


def wrap_attack(em: Emitter, att: Unit, dfn: Unit) -> float:
    """[7.11] the wrapped figures' attack on the enemy's flanks (0 without a wrap)."""
    if att.wrap <= 0 or att.status != "ok":
        return 0.0
    n = min(2 * att.wrap, max(0, att.figures - block_of(att).front_files))
    if n <= 0:
        return 0.0
    flank = dfn.model_copy()
    return attack(em, att, flank, n, [f"{n} wrapped round the flanks"], label="wraps round", flank_attack=True)


def end_wraps(em: Emitter) -> None:
    """[7.11] at the end of the melee a unit that wrapped around is in open formation."""
    for u in sorted(em.s.units.values(), key=lambda u: u.id):
        if u.wrap and u.on_table:
            em.change(u, f"{u.name} {says(u, 'ends')} the melee in open formation after wrapping around ([7.11])",
                      wrap=0, formation="open" if u.formation == "closed" else u.formation)
