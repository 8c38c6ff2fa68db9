"""Hidden missions (ww2_skirmish.txt: Pre-Battle; Missions).

Each side is dealt two cards (the scenario's featured mission and one drawn
from the rest of the deck, the deck shuffled at set-up), keeps one - its
*active* mission - and holds the other as the *backup*. When the active
mission is completed or fails, it is revealed, the backup becomes active and
a new backup is drawn (ours: the text's "draw a new mission"). A completed
mission scores 1 victory point (ours).

A mission is revealed by its card's condition, by its holder at the start
of an activation, three turns after it became active, or when it is done;
until then the opponent's view holds only a placeholder (:func:`hide`).

The cards (all distances edge to edge, "in a trench": the model's centre in
the trench hole):

* **Overtake**: judged at the end: more of your models in the enemy trench
  than enemy models there. Revealed when 5+ of your units have a model within
  6" of the enemy trench.
* **Hold the Line**: fails as soon as 5+ enemy models stand in your trench;
  completed at the end if it never did. Revealed when an enemy model enters it.
* **Bite and Hold**: no man's land is cut into 6" bands counted from your
  trench. You control a band with more models in it than the enemy (and at
  least one). At the end of every second turn it is active, your deepest
  controlled band must be at least one band deeper than at the last check (at
  most the enemy trench's band); missing a check fails it; completed at the
  end if it never failed. Revealed at the start of turn 2 or when you control
  the midfield band.
* **Demolition**: place charges (Interact, a basic action) with a model
  within 1" of three different target points, then detonate them (Interact)
  anywhere: completed. Revealed at the start of turn 5 or with the third
  charge; fails at the end.
* **Assassination**: choose an enemy Rank unit; completed when it is
  eliminated by the end of turn 5, failed then (or at once if the enemy has
  no Rank unit). Revealed when the target loses a wound, or at the start of
  turn 3.
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from ..bodies import gap_point, radius
from ..catalogue import DATA, T, inches
from ..events import HandSet, MissionRevealed, PendingAdded
from ..geo import geo_of
from ..state import HIDDEN, Hand, WWState
from game.core.logtext import agree, plural

from .common import Emitter, side_noun, side_says

M = T.missions


def mission_name(mid: str | None) -> str:
    """A mission card's name ("a hidden mission" for the placeholder)."""
    if mid is None:
        return "no mission"
    if mid == HIDDEN:
        return "a hidden mission"
    return DATA.missions[mid].name


# -- measures --------------------------------------------------------------------------
def trench_poly(s: WWState, side: str):
    """The side's trench (all its trench holes), or None."""
    return geo_of(s).trenches.get(side)


def in_trench_count(s: WWState, side: str, owner: str) -> int:
    """Models of ``side`` standing in ``owner``'s trench."""
    g = geo_of(s)
    return sum(1 for u in s.units_of(side) for m in s.alive(u) if g.in_trench(m.x, m.y, owner))


def units_near_trench(s: WWState, side: str, owner: str, within_mm: float) -> int:
    """Units of ``side`` with a model whose base is within ``within_mm`` of ``owner``'s trench."""
    tp = trench_poly(s, owner)
    if tp is None:
        return 0
    n = 0
    for u in s.units_of(side):
        r = radius(u)
        if any(tp.distance(Point(m.x, m.y)) - r <= within_mm + 1e-6 for m in s.alive(u)):
            n += 1
    return n


def band_of(s: WWState, side: str, x: float, y: float) -> int:
    """The 6" band of no man's land the point lies in, counted from ``side``'s
    trench (0: in it) (Bite and Hold)."""
    tp = trench_poly(s, side)
    if tp is None:
        return 0
    d = tp.distance(Point(x, y))
    return 0 if d <= 0 else int(math.ceil(d / inches(M.bite_band_in) - 1e-9))


def last_band(s: WWState, side: str) -> int:
    """The band of the enemy trench from ``side``'s (the deepest there is)."""
    a, b = trench_poly(s, side), trench_poly(s, s.enemy_of(side))
    if a is None or b is None:
        return 1
    return max(1, int(math.ceil(a.distance(b) / inches(M.bite_band_in) - 1e-9)))


def mid_band(s: WWState, side: str) -> int:
    """The band holding the midline between the trenches."""
    a, b = trench_poly(s, side), trench_poly(s, s.enemy_of(side))
    if a is None or b is None:
        return 1
    return max(1, int(math.ceil(a.distance(b) / 2 / inches(M.bite_band_in) - 1e-9)))


def controlled_band(s: WWState, side: str) -> int:
    """The deepest band ``side`` controls (0: none)."""
    mine: dict[int, int] = {}
    theirs: dict[int, int] = {}
    for u in s.units.values():
        if not s.on_table(u):
            continue
        for m in s.alive(u):
            b = band_of(s, side, m.x, m.y)
            if b <= 0:
                continue
            d = mine if u.side == side else theirs
            d[b] = d.get(b, 0) + 1
    won = [b for b, n in mine.items() if n > theirs.get(b, 0)]
    return max(won) if won else 0


def charge_points_near(s: WWState, side: str) -> list[str]:
    """Target points a model of ``side`` has within 1" of its base, uncharged by the side."""
    h = s.hands[side]
    reach = inches(M.demolition_within_in)
    out = []
    for o in s.objectives:
        if o.id in h.charges:
            continue
        for u in s.units_of(side):
            if any(gap_point(s, m, o.x, o.y) <= reach + 1e-6 for m in s.alive(u)):
                out.append(o.id)
                break
    return out


# -- the hand ------------------------------------------------------------------------------
def active(s: WWState, side: str) -> str | None:
    """The side's active mission (None: none left; :data:`HIDDEN` in a view that hides it)."""
    return s.hands[side].kept if side in s.hands else None


def hide(h: Hand, known: bool) -> Hand:
    """The hand as the opponent sees it: unrevealed cards, the choice of target
    and the deck become placeholders (``known``: the opponent may see the active card)."""
    out = h.model_copy(deep=True)
    out.drawn = [HIDDEN for _ in h.drawn]
    out.backup = HIDDEN if h.backup else None
    out.deck = [HIDDEN for _ in h.deck]
    if not known:
        out.kept = HIDDEN if h.kept else None
        out.target = HIDDEN if h.target else None
        out.charges = [HIDDEN for _ in h.charges]
        out.progress = 0
    return out


def reveal(em: Emitter, side: str, why: str) -> None:
    """Reveal the side's active mission (logged with its name)."""
    h = em.s.hands[side]
    if h.revealed or h.kept in (None, HIDDEN):
        return
    tgt = ""
    if h.kept == "assassination" and h.target:
        tgt = f" (target: {em.s.units[h.target].name})"
    em.emit(MissionRevealed(side=side, mission=h.kept, target=h.target,
                            text=side_says(em.s, side, "reveals", f"its mission: {mission_name(h.kept)}{tgt} ({why})")))


def finish(em: Emitter, side: str, completed: bool, why: str) -> None:
    """The active mission is done: revealed, scored when completed, and the
    backup becomes active with a new backup drawn."""
    s = em.s
    h = s.hands[side]
    if h.kept in (None, HIDDEN):
        return
    reveal(em, side, "the mission is done")
    h = em.s.hands[side]
    done = h.kept
    vp = int(M.vp) if completed else 0
    word = "completes" if completed else "fails"
    em.emit(HandSet(side=side, fields={"vp": h.vp + vp, "record": h.record + [(done, "completed" if completed else "failed", s.turn)]},
                    text=side_says(em.s, side, word, f"{mission_name(done)} ({why})") + (f": +{vp} victory point" if vp else "")))
    h = em.s.hands[side]
    if em.s.final:
        return
    nxt = h.backup
    deck = list(h.deck)
    new_backup = deck.pop(0) if deck else None
    em.emit(HandSet(side=side, fields={"kept": nxt, "backup": new_backup, "deck": deck, "revealed": False,
                                       "target": None, "progress": 0, "charges": [], "active_since": s.turn},
                    text=(side_says(em.s, side, "turns", "to its backup mission") + (" and " + agree("draws", side_noun(em.s, side)[1]) + " a new backup" if new_backup else "")
                          if nxt else side_says(em.s, side, "has", "no mission left"))))
    if nxt == "assassination":
        ask_target(em, side)


def rank_targets(s: WWState, side: str) -> list[str]:
    """The enemy Rank units an Assassination of ``side`` may choose."""
    return [u.id for u in s.units_of(s.enemy_of(side)) if u.rank] + \
        [u.id for u in s.units.values() if u.side != side and u.rank and not u.deployed]


def ask_target(em: Emitter, side: str) -> None:
    """Assassination: the side chooses its target (a decision), or the mission
    fails at once when the enemy has no Rank unit."""
    opts = rank_targets(em.s, side)
    if not opts:
        finish(em, side, False, "the enemy has no Rank unit")
        return
    em.emit(PendingAdded(kind="target", side=side, options=opts, text=side_says(em.s, side, "is", "to choose a target for a hidden mission")))


# -- checks ----------------------------------------------------------------------------------
def after_action(em: Emitter) -> None:
    """Card conditions checked after every action: reveals, Hold the Line
    failing, Assassination completed."""
    s = em.s
    if s.stage != "battle" or s.final:
        return
    for side in s.sides:
        h = em.s.hands[side]
        k = h.kept
        if k in (None, HIDDEN):
            continue
        enemy = s.enemy_of(side)
        if k == "overtake" and not h.revealed:
            n = units_near_trench(em.s, side, enemy, inches(M.overtake_within_in))
            if n >= int(M.overtake_units):
                reveal(em, side, f"{n} units within {M.overtake_within_in}\" of the enemy trench")
        elif k == "hold_the_line":
            n = in_trench_count(em.s, enemy, side)
            if n and not h.revealed:
                reveal(em, side, "the enemy entered its trench")
            if n >= int(M.hold_enemies):
                finish(em, side, False, f"{n} enemy models stand in its trench")
        elif k == "bite_and_hold" and not h.revealed:
            if controlled_band(em.s, side) >= mid_band(em.s, side):
                reveal(em, side, "it controls the midfield")
        elif k == "assassination" and h.target:
            tu = em.s.units.get(h.target)
            if tu is not None and not any(em.s.models[m].alive for m in tu.models):
                finish(em, side, True, f"{tu.name} is eliminated")
            elif tu is not None and not h.revealed and any(em.s.models[m].damage > 0 for m in tu.models):
                reveal(em, side, f"{tu.name} lost a wound")


def turn_start(em: Emitter) -> None:
    """Reveals by turn (Bite and Hold: turn 2; Assassination: turn 3; Demolition: turn 5)."""
    s = em.s
    for side in s.sides:
        k = s.hands[side].kept
        if k == "bite_and_hold" and s.turn >= 2:
            reveal(em, side, "turn 2")
        elif k == "assassination" and s.turn >= int(M.assassination_reveal_turn):
            reveal(em, side, f"turn {M.assassination_reveal_turn}")
        elif k == "demolition" and s.turn >= int(M.demolition_reveal_turn):
            reveal(em, side, f"turn {M.demolition_reveal_turn}")


def turn_end(em: Emitter) -> None:
    """Checks at the end of a turn: Bite and Hold every second turn,
    Assassination's deadline, and the reveal three turns after a mission
    became active."""
    for side in em.s.sides:
        h = em.s.hands[side]
        k = h.kept
        if k in (None, HIDDEN):
            continue
        t = em.s.turn
        held = t - h.active_since + 1
        if k == "bite_and_hold" and held >= 1 and held % int(M.bite_every_turns) == 0:
            need = min(h.progress + 1, last_band(em.s, side))
            got = controlled_band(em.s, side)
            if got >= need:
                em.emit(HandSet(side=side, fields={"progress": h.progress + 1},
                                text=side_says(em.s, side, "holds", f"a band {got * M.bite_band_in}\" out from its trench")
                                if h.revealed else side_says(em.s, side, "checks", "its hidden mission")))
            else:
                finish(em, side, False, f"it controls no band {need * M.bite_band_in}\" out at the end of turn {t}")
        elif k == "assassination" and t >= int(M.assassination_by_turn):
            finish(em, side, False, f"the target still stands at the end of turn {M.assassination_by_turn}")
        h = em.s.hands[side]
        if h.kept not in (None, HIDDEN) and not h.revealed and t - h.active_since + 1 >= int(M.reveal_after_turns):
            reveal(em, side, f"{M.reveal_after_turns} turns have passed")


def final_judgement(em: Emitter) -> None:
    """The end of the battle: every active mission is judged (Missions)."""
    for side in em.s.sides:
        h = em.s.hands[side]
        k = h.kept
        if k in (None, HIDDEN):
            continue
        enemy = em.s.enemy_of(side)
        if k == "overtake":
            mine, theirs = in_trench_count(em.s, side, enemy), in_trench_count(em.s, enemy, enemy)
            finish(em, side, mine > theirs, f"{mine} of its models in the enemy trench against {theirs}")
        elif k == "hold_the_line":
            finish(em, side, True, "the line held")
        elif k == "bite_and_hold":
            finish(em, side, True, f"{h.progress} checks passed")
        elif k == "demolition":
            finish(em, side, False, f"{plural(len(h.charges), 'charge')} placed, none set off")
        elif k == "assassination":
            finish(em, side, False, "the target survived")
