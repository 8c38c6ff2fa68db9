"""Words for the player: button labels (``describe_action``) and the
battle log's line for every event (``describe_event``), from the names the
events carry."""

from __future__ import annotations

import re

from game.core.event import BattleEnded, DiceRolled, Logged, PhaseBegan

from .. import actions as A
from .. import events as E

from ..data import profile
from game.core.logtext import compass_words, distance_words, ordinal

from ..names import CRAFT_NAMES, ORDER_NAMES, UNITS, ordnance_name, ship_name, the
from ..rules.common import current_side
from ..rules.targets import find_point
from .frame import _words


# ----------------------------------------------------------------------------- labels
def heading_words(h: float, bow: float | None = None) -> str:
    """A heading as every text shows it: the nearest compass point, as the
    battle log and the agent's reasons give it ("north-west"; ``h`` in
    degrees clockwise from the table's east, +x, with y pointing south).
    Given the ship's own heading ``bow``, the angle off the bow follows in
    the rules' turn terms ("north-west, 37° to port"; "dead ahead" within
    half a degree), so two headings near one compass point read apart."""
    words = compass_words(h)
    if bow is None:
        return words
    off = (h - bow + 180.0) % 360.0 - 180.0
    return f"{words}, {'dead ahead' if abs(off) < 0.5 else turn_words(round(off))}"


def turn_words(turn: float) -> str:
    """"9.7° to starboard": a turn's size (tenths of a degree) and side (+ is
    clockwise: starboard), the one form of a turn in labels, previews and the log."""
    size = round(abs(turn), 1)
    return f"{size:g}° to {'starboard' if turn > 0 else 'port'}"


def _who(state, ref: str | None) -> str:
    """A ship, marker, field or point as a label names it (no leading "the")."""
    if not ref:
        return ""
    pt = find_point(ref)
    if pt is not None:
        return f"the point ({pt[0]:.0f}, {pt[1]:.0f})"
    if state is None:
        return ref
    return the(state, ref).removeprefix("the ")


def describe_action(action, state=None) -> str:
    """A short button label: what the selected ship does, its target by name
    ("Fire port batteries at Murder class cruiser"), distances in cm,
    headings as compass points and turns by side (port or starboard); moves that differ
    only in a free gravity-well turn say so. Without ``state`` the weapon is
    its number and ships are their ids."""
    a = action
    if isinstance(a, A.MoveShip):
        dist = sum(d for _, d in a.legs)
        parts = [f"Move {dist / 10:.1f} cm"]
        parts += [f"turn {turn_words(tn)}" for tn, _ in a.legs if tn]
        if a.pre_turn:
            parts.append(f"gravity turn {turn_words(a.pre_turn)} first")
        if a.post_turn:
            parts.append(f"gravity turn {turn_words(a.post_turn)} at the end")
        text = ", ".join(parts)
        return f"Ram {_who(state, a.ram)}: {text[0].lower()}{text[1:]}" if a.ram else text
    if isinstance(a, A.Fire):
        w = _weapon_name(state, a.ship, a.weapon)
        part = f" ({a.fp} FP)" if a.fp else ""
        pool = f" with {len(a.pool)} squadron-mate{'s' if len(a.pool) != 1 else ''}" if a.pool else ""
        return f"Fire {w}{part}{pool} at {_who(state, a.target)}"
    if isinstance(a, A.Board):
        return f"{'Teleport attack on' if a.teleport else 'Board'} {_who(state, a.target)}"
    if isinstance(a, A.Launch):
        if a.craft == "torpedo":
            sh = state.ships.get(a.ship) if state is not None else None
            return f"Launch {_weapon_name(state, a.ship, a.weapon)} heading {heading_words(a.heading, sh.heading if sh else None)}"
        if a.wave is not None:
            return f"{_words(a.craft).capitalize()}s join the wave of {_who(state, f'o{a.wave}')}"
        if a.craft == "fighter" and a.target:  # the display offers fighters with a ship only on CAP
            return f"Fighters on CAP with {_who(state, a.target)}"
        if a.target:
            return f"Launch {_words(a.craft)}s at {_who(state, a.target)}"
        # two launch bays offer two launches: the bay tells them apart on the buttons
        return f"Launch {_words(a.craft)}s" + (f" from the {_weapon_name(state, a.ship, a.weapon)}" if state is not None else "")
    if isinstance(a, A.DeclareOrder):
        order = ORDER_NAMES.get(a.order, _words(a.order))
        return f"{order} to ram {_who(state, a.ram)}" if a.ram else order
    if isinstance(a, A.EnterLowOrbit):
        return "Enter low orbit"
    if isinstance(a, A.Disengage):
        return "Disengage"
    if isinstance(a, A.Brace):
        if state is None:
            return f"Brace {a.ship}"
        return f"Brace the {_who(state, a.ship)}" + _brace_why(state, a.ship)
    if isinstance(a, A.TakeIt):
        return "Take it (no brace)"
    if isinstance(a, A.EndPhase):
        return "End phase"
    if isinstance(a, A.RulesStep):
        return "Rules step"
    return ""


def _brace_why(state, ship_id: str) -> str:
    """Why that ship is asked to brace, for its button (whichever ship is
    selected, the decision is the attacked ship's, spacefleet_core 1.4):
    " (under fire from the Lunar class cruiser)", or " (under attack by
    ordnance)"; empty when no attack waits on it."""
    p = getattr(state, "pending", None)
    if state.phase != "brace" or p is None or p.target != ship_id:
        return ""
    if p.ordnance is not None:
        return " (under attack by ordnance)"
    return f" (under fire from the {_who(state, p.ship)})"


def confirm(state, action) -> str | None:
    """The question the app asks before ``action``, or None: ending the
    movement phase with ships not yet moved, which the rules then move each
    straight ahead its least distance (toward the nearest edge at Ld 1 or
    less; spacefleet_core 1.3, Movement), named and counted."""
    if not isinstance(action, A.EndPhase) or state.phase != "movement":
        return None
    left = [sh for sid, sh in sorted(state.ships.items())
            if sh.side == action.side and sh.status == "active" and not sh.moved]
    if not left:
        return None
    n = len(left)
    names = ", ".join(_who(state, sh.id) for sh in left)
    return (f"End the movement phase? {n} ship{'s have' if n != 1 else ' has'} not moved ({names}): "
            f"the rules move {'each' if n != 1 else 'it'} straight ahead its least distance.")


def action_words(state, action) -> str:
    """The action in a sentence for an AI's reason (read in the log and its
    hover): ships and weapons by name, a torpedo salvo's heading as a compass
    point ("Launch prow torpedoes heading south-east"), never a table point."""
    a = action
    if isinstance(a, A.Launch) and a.craft == "torpedo":
        return f"Launch {_weapon_name(state, a.ship, a.weapon)} heading {compass_words(a.heading)}"
    text = describe_action(a, state)
    return re.sub(r"the point \(\d+, \d+\)", "a point in space", text)


def _weapon_name(state, ship_id: str, wi: int) -> str:
    """The weapon's profile name ("port batteries"); without the state (or an
    unknown ship or weapon) its number."""
    sh = state.ships.get(ship_id) if state is not None else None
    if sh is not None and 0 <= wi < len(profile(sh.profile).weapons):
        return profile(sh.profile).weapons[wi].name
    return f"weapon {wi}"


def decision_note(state, side: str) -> str:
    """Why ``side`` is asked to act now, for the hot-seat banner: a Brace for
    Impact! decision in the other fleet's turn names the ship, its attacker
    and whose turn it is (spacefleet_core 1.4); otherwise the side's own turn
    and phase."""
    s = state
    cur = current_side(s)
    p = s.pending
    if s.phase == "brace" and p is not None and p.target in s.ships:
        if p.flare:
            by, when = "the solar flare's hit", "the start of the turn"
        elif p.ordnance is not None:
            o = next((x for x in s.ordnance if x.id == p.ordnance), None)
            by = f"the {ordnance_name(s, o)}" if o is not None else "ordnance"
            when = f"{cur}'s {'ordnance phase' if p.resume == 'ordnance' else 'shooting'}"
        else:
            by = f"the {ship_name(s, p.ship)}'s {_weapon_name(s, p.ship, p.weapon)}"
            when = f"{cur}'s shooting"
        return (f"{side} decides: brace the {ship_name(s, p.target)} against {by}, or take it? "
                f"(Brace for Impact is asked before the attack is rolled, during {when})")
    if side == cur:
        return f"{side}'s turn: {s.phase} phase"
    return f"{side} to act"


def _event_weapon(ev) -> str:
    """The weapon an event names: the name it carries (set by the rules when
    the event is made), so the log never depends on what display code ran."""
    return ev.weapon_name or f"weapon {ev.weapon}"


def _cm(mm: float) -> str:
    """A distance in the log, in the ruleset's centimetres ("22.5 cm")."""
    return distance_words(mm, UNITS)


def _toward(way: str) -> str:
    """" toward the planet" from a move's recorded way, when it names a place
    (a compass way says no more than the heading that follows it)."""
    return f" {way}" if way.startswith(("toward ", "into ")) else ""


def _markers(n: int, done: str, where: str) -> str:
    """Blast markers placed or removed at once, as one line: "a blast marker
    is placed by the Gothic class cruiser's bow", "2 blast markers in the
    middle of the table are removed", "3 blast markers are placed: 2 by ...,
    1 by ..." (``where``: :func:`..names.marker_words`)."""
    what = "a blast marker" if n == 1 else f"{n} blast markers"
    verb = "is" if n == 1 else "are"
    if where[:1].isdigit():
        return f"{what} {verb} {done}: {where}"
    if done == "placed":
        return f"{what} {verb} {done}" + (f" {where}" if where else "")
    return f"{what}" + (f" {where}" if where else "") + f" {verb} {done}"


def move_words(ev) -> str:
    """A ship's move in words, every turn and leg with its angle and distance:
    "20 cm (a free gravity-well turn 45° to starboard toward the planet,
    10 cm, turns 45° to port, 10 cm) toward the gas cloud, turning from
    south to west": distances in cm, turns in tenths of a degree (as the labels), headings as
    compass points, no table coordinates."""
    steps: list[str] = []
    if ev.pre_turn:
        steps.append(f"a free gravity-well turn {turn_words(ev.pre_turn)}" + (f" toward {ev.wells[0]}" if ev.wells[0] else ""))
    for turn, d in ev.legs:
        if turn:
            steps.append(f"turns {turn_words(turn)}")
        if d:
            steps.append(_cm(d))
    if ev.post_turn:
        steps.append(f"a free gravity-well turn {turn_words(ev.post_turn)} at the end"
                     + (f" toward {ev.wells[1]}" if ev.wells[1] else ""))
    plain = all(not t for t, _ in ev.legs) and not ev.pre_turn and not ev.post_turn
    how = "straight ahead" if plain else ", ".join(steps)
    before, after = compass_words(ev.from_heading), compass_words(ev.heading)
    head = f"heading {after}" if before == after or plain else f"turning from {before} to {after}"
    return f"{_cm(ev.distance)} {how if plain else '(' + how + ')'}{_toward(ev.way)}, {head}"


def describe_event(ev) -> str:
    """Plain words for every event of the ruleset (and the core ones): ships,
    ordnance and phenomena by name (the names the event carries), rolls
    itemised by ``DiceRolled.describe``."""
    if isinstance(ev, DiceRolled):
        return ev.describe()
    if isinstance(ev, Logged):
        return ev.text
    if isinstance(ev, PhaseBegan):
        return f"turn {ev.turn}: {ev.phase} phase" + (f" for {ev.side}" if ev.side else "")
    if isinstance(ev, BattleEnded):
        return f"the battle is over: {ev.winner or 'a draw'} ({ev.reason})"
    names = ev.names if hasattr(ev, "names") else {}
    n = (lambda key: f"the {names[key]}" if key in names else key)
    o = (lambda oid: f"the {names[f'o{oid}']}" if f"o{oid}" in names else f"ordnance marker {oid}")
    if isinstance(ev, E.TurnBegan):
        return f"turn {ev.turn}: {ev.side} to play"
    if isinstance(ev, E.PhaseChanged):
        return f"{ev.phase} phase" + (f" ({ev.active} to act)" if ev.active else "")
    if isinstance(ev, E.OrderTaken):
        if ev.passed and ev.order:
            extra = f" (+{ev.aaf_extra_mm / 10:g} cm)" if ev.aaf_extra_mm else ""
            return f"{n(ev.ship)} goes on {ORDER_NAMES.get(ev.order, _words(ev.order))}{extra}"
        return f"{n(ev.ship)} fails its command check"
    if isinstance(ev, E.OrdersEnded):
        return f"{ev.side} can give no more special orders this turn"
    if isinstance(ev, E.ShipMoved):
        if not ev.distance and not ev.pre_turn and not ev.post_turn:
            return f"{n(ev.ship)} does not move" + (f" ({ev.why})" if ev.why else "")
        return f"{n(ev.ship)} moves {move_words(ev)}" + (f" ({ev.why})" if ev.why else "")
    if isinstance(ev, E.ShipPlaced):
        where = "on the low-orbit table" if ev.zone == "low_orbit" else "on the table"
        how = f"is carried {_cm(ev.distance)} {compass_words(ev.bearing)}" if ev.distance else f"is placed {where}"
        at = f" {ev.where}" if ev.where else ""
        return f"{n(ev.ship)} {how}{at}, heading {compass_words(ev.heading)}" + (f": {ev.why}" if ev.why else "")
    if isinstance(ev, E.ShipStatus):
        if ev.status == "active":
            return f"{n(ev.ship)} burns on" + (f" ({ev.why})" if ev.why else "")
        forever = " for good" if ev.lost_forever else ""
        said = _words(ev.status)
        why = "" if not ev.why or _words(ev.why).strip().lower() == said.lower() else f" ({_words(ev.why)})"
        return f"{n(ev.ship)} is {said}{forever}{why}"
    if isinstance(ev, E.ShipDamaged):
        return f"{n(ev.ship)} takes {ev.amount} damage" + (f" ({_words(ev.why)})" if ev.why else "")
    if isinstance(ev, E.CriticalHit):
        moved = f" (table roll {ev.roll}: no such result for this ship, moved up to {ev.row})" if ev.row and ev.row != ev.roll else ""
        nth = f" (its {ordinal(ev.number)})" if ev.number else ""
        return f"{n(ev.ship)} suffers a critical hit{nth}: {_words(ev.crit)}{moved}"
    if isinstance(ev, E.CriticalRepaired):
        return f"{n(ev.ship)}'s crew repair {_words(ev.crit)}" + (f" ({ev.count} criticals of this kind)" if ev.count > 1 else "")
    if isinstance(ev, E.BlastMarkerPlaced):
        where = ev.where or ("in low orbit" if ev.zone == "low_orbit" else "")
        return _markers(1 + len(ev.more), "placed", where)
    if isinstance(ev, E.BlastMarkerRemoved):
        return _markers(1 + len(ev.more), "removed", ev.where)
    if isinstance(ev, E.WeaponFired):
        w = _event_weapon(ev)
        if not ev.dice:
            return f"{n(ev.ship)}'s {w} at {_target_words(ev)}: {ev.note or 'no shot'}"
        return (f"{n(ev.ship)} fires {w} at {_target_words(ev)}: {ev.dice} {'die' if ev.dice == 1 else 'dice'}, "
                f"{ev.hits} hit{'s' if ev.hits != 1 else ''}" + (f" ({ev.note})" if ev.note else ""))
    if isinstance(ev, E.AssaultDeclared):
        return f"{n(ev.ship)} will {'teleport onto' if ev.teleport else 'board'} {n(ev.target)} in the end phase"
    if isinstance(ev, E.TeleportAttack):
        return f"{n(ev.ship)} makes a teleport attack on {n(ev.target)}"
    if isinstance(ev, E.KinTested):
        what = "the gas/dust cloud" if ev.phenomenon == "gas_cloud" else "the solar flare"
        return f"{n(ev.ship)} {'passes' if ev.passed else 'fails'} its Leadership test to ignore {what}"
    if isinstance(ev, E.HolofieldSaves):
        return (f"{n(ev.ship)}'s holofields turn {ev.saved} of {ev.hits} hit{'s' if ev.hits != 1 else ''} into misses"
                + (f" ({ev.why})" if ev.why else ""))
    if isinstance(ev, E.TurretsEngaged):
        return f"{n(ev.ship)}'s turrets engage {'torpedoes' if ev.against == 'torpedo' else 'attack craft'} this phase"
    if isinstance(ev, E.OrdnanceAttackDeclared):
        return f"{o(ev.ordnance)} reaches {n(ev.target)}: {ev.defender} may brace"
    if isinstance(ev, E.BoardingFought):
        return (f"{n(ev.attacker)} boards {n(ev.defender)}: {ev.attacker_score} against {ev.defender_score}"
                + (f" ({_words(ev.result)})" if ev.result else ""))
    if isinstance(ev, E.FieldTested):
        whose = " for its squadron" if ev.squadron else ""
        field = ev.field or "the asteroid field"
        if ev.passed:
            return f"{n(ev.ship)} navigates {field}{whose}"
        share = f": {ev.shared} damage shared by its escorts that touch a field this turn" if ev.shared else ""
        return f"{n(ev.ship)} fails to navigate {field}{whose}{share}"
    if isinstance(ev, E.FieldDamageShared):
        return (f"{n(ev.ship)} takes {ev.amount} of its squadron's asteroid damage "
                f"({ev.left} left for the next escort that touches a field)")
    if isinstance(ev, E.ShootingBegan):
        done = f"; the {ev.previous_name} has finished shooting" if ev.previous_name else ""
        return f"the {ev.unit_name or ev.unit} begins its shooting{done}"
    if isinstance(ev, E.PriorityTest):
        return f"{n(ev.ship)} {'passes' if ev.passed else 'fails'} its target-priority test"
    if isinstance(ev, E.AttackDeclared):
        pooled = f" (with {', '.join(n(sid) for sid, _ in ev.pool)})" if ev.pool else ""
        return f"{n(ev.ship)} aims {_event_weapon(ev)}{pooled} at {_target_words(ev)}: {ev.defender} may brace"
    if isinstance(ev, E.AttackCleared):
        return "the attack goes ahead"
    if isinstance(ev, E.Braced):
        return f"{n(ev.ship)} {'braces for impact' if ev.passed else 'fails to brace'}"
    if isinstance(ev, E.BraceEnded):
        return f"{n(ev.ship)} is no longer braced"
    if isinstance(ev, E.OrdnanceLaunched):
        at = f" at {n(ev.target)}" if ev.target else f", heading {compass_words(ev.heading)}"
        return f"{n(ev.launcher)} launches a {CRAFT_NAMES.get(ev.kind, _words(ev.kind))} (strength {ev.strength}){at}"
    if isinstance(ev, E.OrdnanceMoved):
        if not ev.distance:
            return f"{o(ev.id)} flies with its wave"
        return f"{o(ev.id)} moves {_cm(ev.distance)} {ev.way or compass_words(ev.heading)}"
    if isinstance(ev, E.OrdnanceChanged):
        return (f"{o(ev.id)} attacked {n(ev.attacked)}: strength now {ev.strength}" if ev.attacked
                else f"{o(ev.id)} is down to strength {ev.strength}")
    if isinstance(ev, E.OrdnanceRemoved):
        return f"{o(ev.id)} is removed" + (f" ({ev.why})" if ev.why else "")
    if isinstance(ev, E.Reloaded):
        parts = []
        if ev.torpedoes is not None:
            parts.append("torpedoes " + ("reloaded" if ev.torpedoes else "spent"))
        if ev.bays is not None:
            parts.append("launch bays " + ("reloaded" if ev.bays else "spent"))
        return f"{n(ev.ship)}: {' and '.join(parts) or 'ordnance unchanged'}"
    if isinstance(ev, E.DisengageTried):
        return f"{n(ev.ship)} {'disengages' if ev.passed else 'fails to disengage and may not shoot this turn'}"
    if isinstance(ev, E.RerollUsed):
        return f"{ev.side}'s fleet commander spends a re-roll on {n(ev.ship)}'s failed test"
    if isinstance(ev, E.FlareOccurred):
        bare = ", ".join(n(s) for s in ev.bare)
        return "a solar flare erupts" + (f": without shields, {bare} will take a hit" if bare else "")
    if isinstance(ev, E.FlareAttackDeclared):
        return f"the solar flare is about to hit {n(ev.target)}: {ev.defender} may brace"
    if isinstance(ev, E.FlareHit):
        return f"the solar flare's hit strikes {n(ev.ship)}"
    if isinstance(ev, E.RadiationBurst):
        return f"a radiation burst: Leadership -{ev.level} this turn" if ev.level else "the radiation burst fades"
    if isinstance(ev, E.GameFinished):
        return f"the battle ends: {ev.reason}"
    return _generic(ev)


def _target_words(ev) -> str:
    """What a fire event aims at: a ship, a marker, a phenomenon or a table point, by name."""
    t = ev.target
    if t in ev.names:
        return f"the {ev.names[t]}"
    if t.startswith("o") and t[1:].isdigit():
        return f"ordnance marker {t[1:]}"
    pt = find_point(t)
    if pt is not None:
        return "a point in space"
    if t.startswith("f:"):
        return f"the phenomenon {t[2:].replace('_', ' ')}"
    return t


def _generic(ev) -> str:
    """Any other event (added later): its type and fields in words."""
    d = ev.to_dict() if hasattr(ev, "to_dict") else dict(ev)
    kind = str(d.pop("type", "event")).removeprefix("sf_")
    parts = []
    for k, v in d.items():
        if v in (None, "", (), []):
            continue
        if isinstance(v, (list, tuple)):
            v = ", ".join(str(x) if not isinstance(x, (list, tuple)) else " ".join(map(str, x)) for x in v)
        parts.append(f"{_words(k)} {v}")
    return _words(kind) + (": " + "; ".join(parts) if parts else "")
