"""The battle log in plain words: one sentence per event (``describe``) and the
SITREP cards' effects (``card_effect``), written from the event alone (the
names they need are in the event: :mod:`..names`)."""

from __future__ import annotations

from game.core.event import BattleEnded, DiceRolled, Event, Logged, PhaseBegan

from .. import events as E
from ..data import SitrepCard, data
from game.core.logtext import distance_words, plural

from ..names import UNITS, bearing_of, direction_words, display_name
from ..state import Fig


def parts_text(parts) -> str:
    """``"Assault rifle 1 +1 (point blank) = 2"``: a sum's first part and each
    labelled addition (one part alone: its label only)."""
    if not parts:
        return ""
    (label, n), rest = parts[0], parts[1:]
    if not rest:
        return label
    return f"{label} {n}" + "".join(f" {v:+d} ({k})" for k, v in rest) + f" = {n + sum(v for _, v in rest)}"



# ----------------------------------------------------------------------------- SITREP cards
def card_effect(card: SitrepCard) -> str:
    """What a SITREP card does, in plain words."""
    who = data().enemies[card.profile].name if card.profile in data().enemies else "Al Wahid Fighter"
    count = (card.count or "d6").upper()
    return {
        "activate_element": "the nearest enemy element acts at once",
        "activate_straggler": "the nearest straggler acts at once",
        "enemies_enter": f"{count} {who}s enter together at a random edge",
        "straggler_enters": f"one {who} enters alone at a random edge",
        "weapon_trouble": "the weapon of the soldier nearest the enemy jams",
        "civilians_panic": "every civilian runs one card length in a random direction",
        "smoke": f"smoke covers the enemy's likeliest target for {plural(card.duration_turns or 1, 'turn')}",
        "quiet": "nothing happens",
        "heal": "the most wounded soldier loses one wound",
        "discard_next": "the next card of the deck is thrown away unread",
        "enemies_hold": "the enemy does not move or shoot this phase",
        "enemy_rush": "enemies move two card lengths this phase",
        "sniper": f"a hidden sniper (threat level {card.tl}) fires at a random soldier",
    }[card.effect]


# ----------------------------------------------------------------------------- describe
_ORDER_WORDS = {"move": "a move", "advance": "an advance", "fire": "a fire", "suppress": "a suppression fire",
                "throw": "a throw", "gear": "a use-gear", "prone": "a go-prone", "stand": "a stand-up",
                "interact": "an interact", "aid": "a medical aid", "climb": "a climb", "clear_jam": "a clear-jam",
                "enter": "an enter-vehicle", "exit": "an exit-vehicle", "exfil": "an exfil", "drive": "a drive"}
_STATUS_WORDS = {"ok": "still in the fight", "down": "man down", "kia": "killed in action", "exfil": "out by exfil",
                 "gone": "gone"}
_OBJECTIVES = {
    "searched": lambda v: "The Humvee is searched for survivors",
    "survivor": lambda v: "A wounded survivor is found",
    "breached": lambda v: f"Target building {v[-1]} is breached ({len(v)} breached so far)" if v else "No building breached",
    "awad_found": lambda v: f"Awad is found in building {v}",
    "escaped": lambda v: "Awad has slipped away",
    "smoke_turn": lambda v: f"Red smoke is popped in turn {v}: exfil at the end of the next turn",
    "bomb": lambda v: "Awad's bomb goes off",
    "awad_captured": lambda v: "Awad is captured alive",
}


def _gear_words(q: dict) -> str:
    if not q:
        return "nothing left"
    return ", ".join(f"{data().gear[g].name if g in data().gear else g}" + (f" x{n}" if n >= 0 else "") for g, n in q.items())


def _changes(ev: E.Changed) -> str:
    n, o, ch = ev.name or ev.unit, ev.other, ev.changes
    out: list[str] = []
    for k, v in ch.items():
        if k == "activated":
            out.append(f"{n} has acted this turn" if v else f"{n} may act again")
        elif k == "carrying":
            drag = ch.get("dragging")
            verb = "drags" if drag else "leads away" if str(v) == "awad" else "carries"
            out.append(f"{n} {verb} {o or v}" if v else f"{n} puts {o or 'the carried model'} down")
        elif k == "dragging":
            if "carrying" not in ch and not v:
                out.append(f"{n} stops dragging")
        elif k == "carried_by":
            out.append(f"{n} is picked up by {o or v}" if v else f"{n} is set down")
        elif k == "down_turn":
            out.append(f"{n} went down in turn {v}")
        elif k == "suppress":
            out.append(f"{n} lays down suppression fire" if v else f"{n}'s suppression fire stops")
        elif k == "jammed":
            out.append(f"{n}'s weapon jams" if v else f"{n} clears the jammed weapon")
        elif k == "stunned":
            out.append(f"{n} is stunned" if v else f"{n} shakes off the stun")
        elif k == "prone":
            out.append(f"{n} goes prone" if v else f"{n} stands up")
        elif k == "midway":
            down = ch.get("midway_down")
            out.append(f"{n} stops halfway {'down' if down else 'up'} the climb" if v else f"{n} is done climbing")
        elif k == "midway_down":
            continue
        elif k == "vehicle":
            seat = ch.get("seat")
            out.append(f"{n} gets into the {o or v}" + (f" as {seat}" if seat else "") if v else f"{n} gets out of the {o or 'vehicle'}")
        elif k == "gear":
            out.append(f"{n}'s loadout: {_gear_words(v or {})}")
        elif k == "reacted":
            out.append(f"{n} has reacted to the soldiers")
        elif k == "side":
            if ch.get("kind") == "prisoner":
                out.append(f"{n} is overpowered and taken prisoner")
            else:
                out.append(f"{n} pulls a weapon and turns hostile" if v == "enemy" else f"{n} changes sides")
        elif k == "status":
            out.append(f"{n} finds no room and is taken off the table" if v == "gone" else f"{n} is now {_STATUS_WORDS.get(v, v)}")
        elif k in ("seat", "z", "kind", "card", "group"):
            continue
        else:
            out.append(f"{n}: {k.replace('_', ' ')} changes")
    return "; ".join(out) or f"{n} is updated"


def describe(ev: Event) -> str:
    """One plain sentence for the battle log (never empty for a Battlespace event)."""
    t = type(ev)
    if t is Logged:
        return ev.text
    if t is DiceRolled:
        return ev.describe()
    if t is PhaseBegan:
        return f"Turn {ev.turn}: {ev.phase} phase" + (f" ({ev.side})" if ev.side else "")
    if t is BattleEnded:
        return f"Battle over: {ev.winner or 'nobody'} wins ({ev.reason})"
    n = getattr(ev, "name", "") or getattr(ev, "unit", "")
    if t is E.Activated:
        if ev.move_only:
            return f"{n} hesitates: one move order only"
        return f"{n} activates: {plural(ev.orders, 'order')}"
    if t is E.OrderUsed:
        what = _ORDER_WORDS.get(ev.order, f"a {ev.order.replace('_', ' ')}")
        return f"{n} gives {what} order ({ev.cost} order{'s' if ev.cost != 1 else ''})" if ev.cost else f"{n} gives {what} order (free)"
    if t is E.ActivationEnded:
        return f"{n} is done for this turn"
    if t is E.Handover:
        if ev.phase == "player":
            return f"Player phase: {ev.name or ev.active} to act"
        return {"sitrep": "SITREP phase: the enemy acts", "clear": "Clear phase: objectives are checked"}.get(
            ev.phase, f"{ev.phase.capitalize()} phase")
    if t is E.Placed:
        on = ev.on_name or ev.on
        up = f" onto {on}" if on else (f", {distance_words(ev.z, UNITS)} up" if ev.z > 0 else "")
        if ev.dist >= 0.5:
            return f"{n} moves {distance_words(ev.dist, UNITS)} {ev.way or direction_words(ev.bearing)}{up}"
        height = f"on {on}" if on else (f"{distance_words(ev.z, UNITS)} up" if ev.z > 0 else "on the ground")
        return f"{n} is now {height}"
    if t is E.Changed:
        return _changes(ev)
    if t is E.Attacked:
        a, b = ev.attacker_name or ev.attacker, ev.target_name or ev.target
        if ev.kind == "enemy_fire":
            return f"{a} shoots at {b}: " + ("hit" if ev.hit else "avoided")
        if ev.kind == "melee":
            return f"{a} wins the hand-to-hand fight with {b}"
        return f"{a}: {ev.kind.replace('_', ' ')} at {b}: " + ("hit" if ev.hit else "miss")
    if t is E.Wounded:
        if ev.amount == 0:
            return f"{n} is {_STATUS_WORDS.get(ev.status, ev.status)} ({ev.total} wounds)"
        why = f" ({parts_text(ev.parts)})" if ev.parts else ""
        return (f"{n} takes {ev.amount} wound{'s' if ev.amount != 1 else ''}{why}, {ev.total} in all: "
                f"{_STATUS_WORDS.get(ev.status, ev.status)}")
    if t is E.Healed:
        return f"{n} is patched up: {ev.total} wound{'s' if ev.total != 1 else ''} left, {_STATUS_WORDS.get(ev.status, ev.status)}"
    if t is E.Removed:
        return {"kia": f"{n} is killed and removed", "exfil": f"{n} leaves the mission area by exfil",
                "gone": f"{n} leaves the mission area"}.get(ev.status, f"{n} is removed ({ev.status})")
    if t is E.FigAdded:
        f = Fig.model_validate(ev.fig)
        return f"{display_name(f)} appears {ev.where or 'on the table'}"
    if t is E.CardDrawn:
        card = data().sitrep_by_id.get(ev.card)
        if card is None:
            return f"SITREP card {ev.card}"
        text = f"SITREP: {card.title}: {ev.instead}" if ev.instead else f"SITREP: {card.title} - {card_effect(card)}"
        return text if ev.applies else text + " (drawn, set aside)"
    if t is E.DeckShuffled:
        return f"The SITREP discard pile is shuffled into a new deck of {len(ev.order)} cards"
    if t is E.SmokeLaid:
        return f"Smoke covers the area {ev.where or 'around its target'} until the end of turn {ev.until_turn}"
    if t is E.SmokeCleared:
        return "The smoke clears"
    if t is E.VehicleHit:
        v = ev.name or ev.vehicle
        return f"The {v} has taken {ev.hits} attack{'s' if ev.hits != 1 else ''}" + (": disabled, everyone gets out" if ev.disabled else "")
    if t is E.VehicleMoved:
        v = ev.name or ev.vehicle
        way = f" {ev.way or direction_words(bearing_of(ev.dx, ev.dy))}" if ev.dist >= 0.5 else ""
        return (f"The {v} drives {distance_words(ev.dist, UNITS)}{way}"
                + (f", stopped by {ev.stopped_by}" if ev.stopped_by else ""))
    if t is E.ObjectiveSet:
        fn = _OBJECTIVES.get(ev.key)
        return fn(ev.value) if fn else f"Objective {ev.key.replace('_', ' ')} updated"
    if t is E.PhaseFlags:
        if ev.start:
            carried = [w for w, on in (("the enemy holds its positions", ev.hold), ("the enemy rushes", ev.rush)) if on]
            return ("SITREP phase begins: no soldier has been targeted yet"
                    + (f"; {' and '.join(carried)} (a card drawn earlier this turn)" if carried else ""))
        if ev.hold:
            return "The enemy holds its positions this phase"
        if ev.rush:
            return "The enemy rushes this phase: two card lengths of movement"
        return "SITREP phase begins: no soldier has been targeted yet"
    if t is E.Targeted:
        who = ev.attacker_name or ev.attacker
        return f"{who} takes aim at {n}" if who else f"Enemies take aim at {n}"
    if t is E.MissionEnded:
        return f"Mission {'accomplished' if ev.success else 'failed'}: {ev.reason}"
    if t is E.TurnCleared:
        return f"Activation markers cleared; turn {ev.turn} begins"
    return ev.type.replace("_", " ")
