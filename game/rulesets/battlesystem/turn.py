"""The sequence of play ([1.1]-[1.7]; the Basic game's shorter sequence, Part 2).

A round is a queue of steps (:class:`~.state.Step`), each taken by one side or by the rules:

- initiative (rules): each side rolls 1d6 (or 1d20, the optional rule), ties re-rolled; the
  order of the rolls is the order of the sides (Side A, B, C...) for the round ([1.1], [5.1]);
- initial missile fire (Intermediate): A, then B ([1.2]);
- rally: A, then B ([1.3]);
- movement: A chooses who moves first; each side moves, then every other side may take
  pass-through fire at the units that moved ([1.4]);
- missile fire and artillery (Intermediate): A, then B, for each ([1.5]);
- melee (rules, [1.6]) and the end of the round (rules, [1.7]).

A side's step is skipped when it has nothing to do in it; the automatic moves (routs [6.4],
units that failed a discipline check [4.6], mobs following their orders [2.10]) and the
discipline checks of Table 7 happen as a side's movement step begins.
"""

from __future__ import annotations

from game.core.ruleset import RULES_SIDE

from .events import RoundBegan, Sequenced, StepDone
from .profiles import DATA
from .rules.common import Emitter
from .rules.steps import label
from .state import BSState, Step

BASIC = ("rally", "movement", "melee", "end")
INTERMEDIATE = ("initial_missile", "rally", "movement", "missile", "artillery", "melee", "end")


def phase_names(s: BSState) -> tuple[str, ...]:
    """The phases after initiative: the Basic game's shorter sequence (Part 2) or the full one."""
    return BASIC if s.game == "basic" else INTERMEDIATE


def _steps(s: BSState, phase: str, order: list[str]) -> list[Step]:
    if phase in ("melee", "end"):
        return [Step(phase=phase, side=RULES_SIDE)]
    if phase == "movement":
        return [Step(phase="choose_first", side=order[0])]
    return [Step(phase=phase, side=side) for side in order]


def begin_round(em: Emitter) -> None:
    """[1.1] a new round: clear the round's records, roll initiative, queue the phases."""
    s = em.s
    turn = s.turn + 1 if s.order else s.turn
    em.emit(RoundBegan(turn=turn, text=f"Round {turn} begins"))
    order = roll_initiative(em)
    queue = [st for ph in phase_names(em.s) for st in _steps(em.s, ph, order)]
    em.emit(Sequenced(phase="initiative", queue=queue, order=order, first_mover=None,
                      text="Initiative: " + ", then ".join(em.s.side_names.get(x, x) for x in order)))
    from .rules.illusions import owed_saves
    owed_saves(em)  # [14.14] A saves owed from the last round's disbelief
    settle(em)


def roll_initiative(em: Emitter) -> list[str]:
    """[1.1], [5.1] each side rolls; all ties re-rolled until every side's place is decided."""
    s = em.s
    die = DATA.tables.dice.initiative_optional if s.options.get("initiative_d20") else DATA.tables.dice.initiative
    sides = [x for x in s.sides if s.living(x)] or list(s.sides)
    ranked: list[list[str]] = [sides]
    out: list[str] = []
    while ranked:
        group = ranked.pop(0)
        if len(group) == 1:
            out.append(group[0])
            continue
        rolls = {side: em.roll(die, f"{s.side_names.get(side, side)}: initiative", side=side).total for side in group}
        by = sorted(set(rolls.values()), reverse=True)
        ranked = [[x for x in group if rolls[x] == v] for v in by] + ranked
    return out


def settle(em: Emitter) -> None:
    """Begin the step at the head of the queue: do what happens automatically as it begins and
    skip it (and the next) while its side has nothing to choose."""
    from .rules.steps import begin_step, has_choice
    for _ in range(64):
        s = em.s
        if s.result is not None or s.pending is not None:
            return
        st = s.step
        if st is None:
            return
        if st.side == RULES_SIDE:
            return
        if st.phase == "move" and not st.begun:
            begin_step(em, st)  # the automatic moves come first
            continue
        if has_choice(s, st):
            if not st.begun:
                begin_step(em, st)
            return
        name = s.side_names.get(st.side, st.side)
        em.emit(StepDone(side=st.side, text=f"{name} ends its {label(st.phase)}" if st.begun
                         else f"{name}: nothing to do in the {label(st.phase)}"))


def end_step(em: Emitter, side: str) -> None:
    """The side at the head of the queue is done: the next step begins."""
    st = em.s.step
    from .rules.steps import finish_step
    finish_step(em, st)
    em.emit(StepDone(side=side, text=f"{em.s.side_names.get(side, side)} ends its {label(st.phase)}"))
    settle(em)


def choose_first(em: Emitter, first: str) -> None:
    """[1.4] Side A chose who moves first: each side moves in turn (the others in initiative
    order), each move followed by every other side's pass-through fire."""
    s = em.s
    movers = [first] + [x for x in s.order if x != first]
    steps: list[Step] = []
    for m in movers:
        steps.append(Step(phase="move", side=m))
        if s.game != "basic":
            steps += [Step(phase="pass_fire", side=o) for o in s.order if o != m]
    rest = s.queue[1:]
    em.emit(Sequenced(phase="movement", queue=steps + rest, first_mover=first,
                      text=_first_words(s, first)))
    settle(em)


def rules_step(em: Emitter) -> None:
    """The rules' own step at the head of the queue: initiative, melee or the end of the round."""
    from .rules.melee import melee_phase
    from .rules.steps import end_of_round
    s = em.s
    st = s.step
    if st is None or st.phase == "initiative":
        begin_round(em)
        return
    if st.phase == "melee":
        em.emit(Sequenced(phase="melee", queue=s.queue, text="Melee phase"))
        melee_phase(em)
        em.emit(StepDone(side=RULES_SIDE, text="The melee phase is over"))
        settle(em)
        return
    if st.phase == "end":
        em.emit(Sequenced(phase="end", queue=s.queue, text="End of the round"))
        end_of_round(em)
        if em.s.result is None:
            em.emit(Sequenced(phase="initiative", queue=[Step(phase="initiative", side=RULES_SIDE)],
                              text=f"Round {em.s.turn} is over"))
        return
    raise ValueError(f"no rules step for phase {st.phase}")


def _first_words(s: BSState, first: str) -> str:
    """[1.4] The log line of side A's choice of who moves first: "Valmark chooses to move first" when
    it chose itself (it read "Valmark has Valmark move first"), else "Valmark has the Horde move first".
    A side is one army in the log, as in every side-level line."""
    chooser = s.side_names.get(s.order[0], s.order[0])
    if first == s.order[0]:
        return f"{chooser} chooses to move first"
    return f"{chooser} has {s.side_names.get(first, first)} move first"
