"""Foxhole's events and actions in plain words, from the event alone
(names were written into each event when it was made). Distances are in
yards, places by the table grid (A1, B2...)."""

from __future__ import annotations

from game.core.event import BattleEnded, Event, Logged, PhaseBegan
from game.core.logtext import agree, plural, plural_name

from .. import events as E
from ..state import possessive

RESULT = {"fade": "fades away", "defensive": "is defensive: it may move but get no closer to any known enemy",
          "may": "may advance (suppression removed)", "must": "must advance (suppression removed)"}
ORDERS = {"at_will": "fire at will", "ambush": "ambush (fire at close range only)", "hold": "hold fire"}


def _nums(ns) -> str:
    ns = list(ns)
    if not ns:
        return "none"
    if len(ns) == 1:
        return str(ns[0])
    return ", ".join(str(n) for n in ns[:-1]) + f" and {ns[-1]}"


def _sets_up(side: str, what: str, grid: str, how: str = "") -> str:
    """The one form of every set-up line: "Set-up by <side>: <what> in <grid
    square>" (``how`` appends a formation). No verb follows the side's name,
    so the line reads right for a singular name ("NVA") and a plural one
    ("MNLA insurgents") alike."""
    return f"Set-up by {side}: {what} in {grid}{how}"


def _attacked(ev: E.Attacked) -> str:
    q = ev.quality
    bands = f"total {ev.total}: suppressed at {q + 5}, reduced at {q + 6}, destroyed at {q + 7}"
    word = {"none": "no effect", "suppressed": "suppressed", "reduced": "reduced strength",
            "destroyed": "destroyed"}[ev.result]
    return f"{ev.what} at {ev.name}: {word} ({bands})"


def _status(ev: E.StatusSet) -> str:
    if ev.where == "destroyed":
        return f"{ev.name} is destroyed"
    if ev.where == "table":
        return f"{ev.name} gets off the wreck, suppressed"
    if ev.reduced:
        return f"{ev.name} is reduced to half strength and suppressed"
    if ev.suppressed:
        return f"{ev.name} is suppressed"
    if ev.suppressed is False:
        return f"{ev.name} is no longer suppressed"
    return f"{ev.name} changes"


PHASES = {"location": "the defender chooses its end of the table", "objectives": "the defender places six possible objectives",
          "reveal": "the defender shows objectives to the attacker", "mission": "the attacker chooses its mission",
          "deploy": "{own} turn to set up", "command": "{own} turn begins", "assault": "{own} close assaults",
          "activation": "{own} elements act", "interrupt": "{who} may interrupt the move"}


def _who(ev: Event, side: str | None) -> str:
    """The side's name as the event carries it (``who``), else its id (events of
    versions before 3 carry no name)."""
    return getattr(ev, "who", "") or side or ""


def _phase(ev: PhaseBegan) -> str:
    what = PHASES.get(ev.phase, ev.phase)
    if ev.phase in ("location", "objectives", "reveal", "mission"):
        return f"Set-up: {what}"
    # the side's name in the possessive ("MNLA insurgents' turn begins"), or
    # before a modal verb: either reads right whether the name is plural or not
    who = _who(ev, ev.side)
    what = what.format(own=possessive(who), who=who) if "{" in what else f"{who} {what}"
    return f"Set-up: {what}" if ev.phase == "deploy" else f"Turn {ev.turn}: {what}"


def roll_line(ev) -> str:
    """A roll's log line (``DiceRolled.describe``) with the ``(secret)`` mark
    left out of its purpose: :func:`private_to` keeps such a line to its side."""
    from ..rules.common import SECRET
    return f"{ev.purpose.removeprefix(SECRET)}: {ev.dice_text()}"


def describe(ev: Event) -> str:
    """The log line of a Foxhole event (never empty); an element by its one
    name, the scenario's, as the event carries it ("villagers 2": the same
    words the side panel, the tooltip and the agent's reasons use)."""
    t = type(ev)
    if t is PhaseBegan or t is E.Phase:
        return _phase(ev)
    if t is Logged:
        return ev.text
    if t is BattleEnded:  # the line before it (Decided) names the winner; the core event carries only its id
        return f"Battle over: {ev.reason}"
    if t is E.LocationChosen:
        who = _who(ev, ev.side)
        return f"{who} {agree('defends', plural_name(who))} from the {ev.location} end of the table"  # "MNLA insurgents defend"
    if t is E.ObjectivePlaced:
        return _sets_up(_who(ev, ev.private) or "the defender", f"possible objective {ev.number}", ev.grid)
    if t is E.ObjectivesRevealed:
        where = _nums(f"{n} in {g}" for n, g in zip(ev.numbers, ev.grids))
        return f"the defender shows the attacker possible objective{'s' if len(ev.numbers) != 1 else ''} {where}"
    if t is E.ObjectiveFound:
        return f"{ev.by} finds objective {ev.number} in {ev.grid}"
    if t is E.ObjectiveAchieved:
        return f"{ev.name} takes objective {ev.number} in {ev.grid}"
    if t is E.IntelSet:
        if ev.reveal is not None:
            return f"the defender must show where {ev.reveal} objective{'s are' if ev.reveal != 1 else ' is'}"
        return f"the defender's intel roll is {ev.total}"
    if t is E.MissionChosen:
        sec = f"; secondary objectives {_nums(ev.secondary)}" if ev.secondary else ""
        many = "s" if len(ev.primary) > 1 else ""
        return f"the attacker's {ev.kind} mission: primary objective{many} {_nums(ev.primary)}{sec}"
    if t is E.PrimaryConfirmed:
        many = "s" if len(ev.numbers) > 1 else ""
        return f"the defender's intel: the attacker confirms its primary objective{many} {_nums(ev.numbers)}"
    if t is E.MarkersAssigned:
        pairs = sorted(ev.markers.items(), key=lambda kv: int(kv[1]))
        return f"{possessive(_who(ev, ev.side))} list of hidden elements: " + ", ".join(f"#{m} is {ev.names.get(eid, eid)}" for eid, m in pairs)
    if t is E.Deployed:
        form = ", in extended formation" if ev.formation == "extended" else ""
        if not ev.side:  # recorded by version 1, whose event did not name the side
            return f"{ev.name} sets up in {ev.grid}{form}"
        return _sets_up(_who(ev, ev.side), ev.name, ev.grid, form)
    if t is E.InsertionPlanned:
        return f"the {ev.method} insertion {ev.insertion} is planned for turn {ev.turn} in {ev.grid}"
    if t is E.ArrivalSet:
        if ev.shift == 0:
            when = "on time"
        elif ev.shift < 0:
            when = f"{-ev.shift} turn{'s' if ev.shift < -1 else ''} early"
        else:
            when = f"{ev.shift} turn{'s' if ev.shift > 1 else ''} late"
        return f"the {ev.method} insertion {ev.insertion} will arrive {when}, on turn {ev.turn}"
    if t is E.Landed:
        how = {"para": "drops", "helicopter": "lands by helicopter", "glider": "lands by glider"}.get(ev.method, "arrives")
        return f"{ev.name} {how} in {ev.grid}" + (f" ({ev.note})" if ev.note else "")
    if t is E.CommandPoints:
        return f"command points for {_who(ev, ev.side)} this turn: {ev.points}"
    if t is E.TurnReset:
        return f"every element of {_who(ev, ev.side)} is ready to be used"
    if t is E.ActivationBegan:
        return f"{ev.name} is used" + (" for a close assault" if ev.assault else "")
    if t is E.Motivated:
        if ev.free:
            return f"{ev.name} moves freely (non-combatants make no motivation roll)"
        return f"{ev.name} {RESULT[ev.result]}"
    if t is E.MobFell:
        return f"{ev.name}, a mob that would not advance, falls to motivation {ev.motivation}"
    if t is E.Moved:
        form = {"extended": ", in extended formation", "normal": ", in normal formation"}.get(ev.formation or "", "")
        if not ev.path:
            return f"{ev.name} changes to {ev.formation} formation"
        how = " non-tactically" if ev.non_tactical else ""
        stop = "; it stops at the edge of open ground" if ev.stopped_at_open else ""
        if ev.yards == 0:  # under half a yard (yards are whole, rounded): it did not go anywhere
            return f"{ev.name} stays in {ev.grid}{form}{stop}"
        return f"{ev.name} moves {plural(ev.yards, 'yard')}{how} to {ev.grid}{form}{stop}"
    if t is E.SentBack:
        return f"{ev.name} is driven back to where it started its move"
    if t is E.PendingSet:
        if ev.pending is None:
            return ev.names[0] if ev.names else "the move goes on"
        return f"interrupt fire possible from {', '.join(ev.names)}"
    if t is E.FireOrderSet:
        return f"{ev.name}'s standing order: {ORDERS.get(ev.order, ev.order)}"
    if t is E.Revealed:
        return f"unidentified element #{ev.marker} is revealed as {ev.name} ({ev.hidden.replace('_', '-')}): {ev.how}"
    if t is E.Attacked:
        return _attacked(ev)
    if t is E.StatusSet:
        return _status(ev)
    if t is E.Faded:
        return f"{ev.name} fades away"
    if t is E.ActivationEnded:
        return f"{ev.name} is done for this turn"
    if t is E.AssaultContact:
        role = "the primary attacker" if ev.primary else "in support"
        if ev.yards == 0:  # already where it assaults from (under half a yard away)
            return f"{ev.name}, already in contact, assaults {ev.target_name} {'as ' if ev.primary else ''}{role}"
        return f"{ev.name} closes {plural(ev.yards, 'yard')} to assault {ev.target_name}, {role}"
    if t is E.PrimaryDesignated:
        if ev.element is None:
            return f"no attacker on {ev.target_name} is fit to lead the assault: it fails"
        return f"{ev.name} takes over as primary attacker on {ev.target_name}"
    if t is E.AssaultsOver:
        return "the close assaults are over"
    if t is E.StrikeDesignated:
        return f"the {ev.name} is given a target in {ev.grid}, action number {ev.strike.number}"
    if t is E.StrikeTotal:
        return f"the {ev.name} has {ev.total} towards action number {ev.number}"
    if t is E.StrikeFired:
        return f"the {ev.name} fires on {ev.grid}"
    if t is E.Embussed:
        return f"{ev.name} embusses on the {ev.vehicle_name}"
    if t is E.Debussed:
        return f"{ev.name} debusses from the {ev.vehicle_name}"
    if t is E.CrossingOpened:
        return f"{ev.name} opens a route across the {ev.feature_name}"
    if t is E.CrossingClosed:
        return f"{ev.name} leaves its route across the obstacle"
    if t is E.Sprung:
        return f"the ambush is sprung ({ev.reason})"
    if t is E.Decided:
        who = _who(ev, ev.winner)
        return f"won by {who}: {ev.reason}" if who else f"no winner: {ev.reason}"
    return ""


def private_to(ev: Event) -> str | None:
    """The side only whose log may show ``ev`` (None: both). Rolls made in
    secret carry the ``(secret)`` purpose and the side they were made for."""
    from game.core.event import DiceRolled
    from ..rules.common import SECRET
    if isinstance(ev, DiceRolled):
        return ev.side if ev.purpose.startswith(SECRET) else None
    return getattr(ev, "private", None)
