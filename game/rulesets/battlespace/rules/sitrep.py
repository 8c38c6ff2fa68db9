"""The SITREP deck: drawing, reshuffling and the cards' typed effects
(Battlespace: Sitrep Phase; the cards of gaps.md in ``data/sitrep.json``)."""

from __future__ import annotations

import math
import re

from game.core.event import Target

from ..data import SitrepCard, data
from ..events import CardDrawn, Changed, FigAdded, Healed, PhaseFlags, SmokeLaid
from ..geo import R, geo_of
from ..names import display_name as nm, generic_name
from ..state import BSState, Fig
from .civilians import run, sweep
from .combat import aoe_polygon, contact_fights, wound
from .common import Emitter, has_gear, soldier_roll_mods, status_after
from .deck import discard_top, ensure_deck
from .enemy import activate, groups, place_element, targets

EDGES = ("north", "east", "south", "west")


def radio_operator(s: BSState) -> Fig | None:
    """A soldier with the radio operator specialty or the radio gear, able to act (gaps.md),
    or one inside a vehicle equipped with comms (Vehicles table: the Humvee; ours)."""
    for f in sorted(s.soldiers(), key=lambda f: f.id):
        if f.status == "ok" and (data().soldiers[f.card].specialty == "radio_operator" or has_gear(f, "radio")):
            return f
    for f in sorted(s.soldiers(), key=lambda f: f.id):
        v = s.vehicles.get(f.vehicle or "")
        if f.status == "ok" and v is not None and not v.disabled and data().vehicles[v.type].comms:
            return f
    return None


def draw(em: Emitter, why: str) -> None:
    """Draw a SITREP card and resolve it at once; with a radio operator, draw two and keep the milder."""
    if not ensure_deck(em):
        return
    card_id = em.s.deck[0]
    if radio_operator(em.s) is not None:
        em.emit(CardDrawn(card=card_id, applies=False, instead=instead_words(em.s, data().sitrep_by_id[card_id])))
        if ensure_deck(em):
            other = em.s.deck[0]
            em.emit(CardDrawn(card=other, applies=False, instead=instead_words(em.s, data().sitrep_by_id[other])))
            keep = min((card_id, other), key=lambda c: (data().sitrep_by_id[c].harm, c))
            em.log(f"the radio operator keeps {data().sitrep_by_id[keep].title} (drawn because {why})")
            card_id = keep
        resolve_card(em, data().sitrep_by_id[card_id])
        return
    em.emit(CardDrawn(card=card_id, applies=True, instead=instead_words(em.s, data().sitrep_by_id[card_id])))
    em.log(f"Drawn because {why}")
    resolve_card(em, data().sitrep_by_id[card_id])


def edge_point(em: Emitter, purpose: str) -> tuple[float, float, float]:
    """A random table edge (D4) and a point along it (D20 twentieths); returns x, y and the inward heading."""
    s = em.s
    w, h = s.table
    e = em.roll("d4", f"{purpose}: edge").natural
    k = em.roll("d20", f"{purpose}: place along the edge").natural
    f = (k - 0.5) / 20.0
    inset = R + 1.0
    edge = EDGES[e - 1]
    if edge == "north":
        return f * w, inset, 90.0
    if edge == "south":
        return f * w, h - inset, 270.0
    if edge == "east":
        return w - inset, f * h, 180.0
    return inset, f * h, 0.0


def _free_near(s: BSState, x: float, y: float, heading: float) -> tuple[float, float] | None:
    g = geo_of(s)
    for k in range(0, 40):
        for sign in (1, -1):
            off = sign * k * 12.0
            px = x - math.sin(math.radians(heading)) * off
            py = y + math.cos(math.radians(heading)) * off
            if g.point_free(px, py) and not any(math.hypot(px - f.x, py - f.y) < 2 * R for f in s.figs.values() if f.on_table):
                return px, py
    return None


def fielded(s: BSState, profile: str) -> str:
    """The enemy card a SITREP card naming ``profile`` brings in this mission:
    Fighters in the missions listed in ``fighters_only`` (Mission 1, the first
    game: Set Up's note), else ``profile``."""
    return "fighter" if s.mission in data().tables.mission.get("fighters_only", []) else profile


def instead_words(s: BSState, card: SitrepCard) -> str:
    """What the card brings instead of the enemies it names, said as the log
    says it ("Mission 1 fields no Veterans, so a Fighter enters"); "" when it
    brings what it names or brings none."""
    if card.effect not in ("enemies_enter", "straggler_enters"):
        return ""
    named = card.profile or "fighter"
    got = fielded(s, named)
    if got == named:
        return ""
    short = {k: c.name.removeprefix("Al Wahid ") for k, c in data().enemies.items()}
    m = re.match(r"m(\d+)_", s.mission or "")
    where = f"Mission {m.group(1)}" if m else "this mission"
    many = "so they enter as " + short[got] + "s" if card.effect == "enemies_enter" else f"so a {short[got]} enters"
    return f"{where} fields no {short[named]}s, {many}"


def spawn(em: Emitter, profile: str, count: int, purpose: str) -> None:
    """Battlespace: Spawning Enemies: ``count`` models enter at a random edge
    (an element when 2+), of the card the mission fields (:func:`fielded`)."""
    profile = fielded(em.s, profile)
    x, y, head = edge_point(em, purpose)
    spot = _free_near(em.s, x, y, head)
    if spot is None:
        em.log("no room at that edge: the enemies do not enter")
        return
    n0 = em.s.counter
    gid = f"el{n0}" if count > 1 else None
    new = []
    for i in range(count):
        fid = f"e{n0 + i}"
        fig = Fig(id=fid, side="enemy", kind="enemy", card=profile, name=generic_name(em.s.figs, profile),
                  x=spot[0], y=spot[1], group=gid)
        em.emit(FigAdded(fig=fig.model_dump()))
        new.append(fid)
    lead = em.s.figs[new[0]]
    place_element(em, lead, [em.s.figs[i] for i in new[1:]], head + 180.0)
    for fid in new[1:]:
        f = em.s.figs[fid]
        if (f.x, f.y) == (lead.x, lead.y):
            em.emit(Changed(unit=fid, changes={"status": "gone"}))
    contact_fights(em, new)


def resolve_card(em: Emitter, card: SitrepCard) -> None:
    """Run one card's effect; a card that cannot apply is ignored (and discarded)."""
    s = em.s
    eff = card.effect
    if eff == "activate_element" or eff == "activate_straggler":
        # Enemy Straggler / Enemy Element: a group of two or more able models is an
        # element; one alone - a straggler, or the last of an element - is a straggler
        want_el = eff == "activate_element"
        for ids in groups(s):
            if (len(ids) >= 2) == want_el:
                activate(em, ids)
                return
        em.log("the card cannot apply and is discarded")
    elif eff == "enemies_enter":
        n = em.roll(card.count or "d6", f"{card.title}: how many enter").total
        spawn(em, card.profile or "fighter", n, card.title)
    elif eff == "straggler_enters":
        spawn(em, card.profile or "fighter", 1, card.title)
    elif eff == "weapon_trouble":
        cands = [f for f in s.soldiers() if f.status == "ok" and not f.jammed]
        if not cands:
            em.log("the card cannot apply and is discarded")
            return
        en = s.enemies()
        f = min(cands, key=lambda f: (min((math.hypot(f.x - e.x, f.y - e.y) for e in en), default=0.0), f.id))
        em.emit(Changed(unit=f.id, changes={"jammed": True}))
    elif eff == "civilians_panic":
        civ = [f for f in s.figs.values() if f.kind == "civilian" and f.status == "ok"]
        if not civ:
            em.log("no civilians: the card is discarded")
        for c in civ:
            r = em.roll("d20", f"{nm(c)} panics: direction")
            h = math.radians((r.natural - 1) * 18.0)
            run(em, em.s.figs[c.id], math.cos(h), math.sin(h), data().tables.move_mm)
        sweep(em)  # Civilians: a panicked civilian may now see a soldier
    elif eff == "smoke":
        tg = [f for f in targets(s) if f.status == "ok"]
        if not tg:
            return
        f = min(tg, key=lambda f: (data().soldiers[f.card].initiative if f.kind == "soldier" else 99, f.id))
        poly = aoe_polygon(f.x, f.y, 90.0, True)
        em.emit(SmokeLaid(id=f"smoke{s.counter}", ring=[tuple(p) for p in list(poly.exterior.coords)[:-1]],
                          until_turn=s.turn + card.duration_turns - 1))
    elif eff == "quiet":
        pass  # the card's own line says nothing happens
    elif eff == "heal":
        hurt = [f for f in s.soldiers() if f.wounds > 0]
        if not hurt:
            em.log("no wounded soldier: the card is discarded")
            return
        f = max(hurt, key=lambda f: (f.wounds, f.id))
        total = f.wounds - 1
        em.emit(Healed(unit=f.id, total=total, status=status_after(f, total)))
    elif eff == "discard_next":
        if discard_top(em):
            em.log("the next SITREP card is discarded unread")
    elif eff == "enemies_hold":
        em.emit(PhaseFlags(hold=True, rush=s.rush, targeted=s.targeted))
    elif eff == "enemy_rush":
        em.emit(PhaseFlags(hold=s.hold, rush=True, targeted=s.targeted))
    elif eff == "sniper":
        tg = [f for f in s.soldiers() if f.status == "ok" and f.vehicle is None]
        if not tg:
            em.log("the card cannot apply and is discarded")
            return
        r = em.roll(f"d{len(tg)}" if len(tg) > 1 else "d2", "sniper picks a target")
        f = sorted(tg, key=lambda f: f.id)[(r.natural - 1) % len(tg)]
        need = Target(label="the sniper's threat level", base=card.tl, words=("avoided", "hit"))
        rr = em.roll("d20", f"{nm(f)} tries to avoid the sniper", soldier_roll_mods(s, f), f.side, need)
        if not rr.passed:
            wound(em, f, 1, "sniper")


__all__ = ["draw", "spawn", "resolve_card", "ensure_deck"]
