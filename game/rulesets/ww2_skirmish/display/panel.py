"""The side panel's lines (no pygame): the viewer's command cache with its
carry-over, the battlefield conditions, and the missions as the viewer may
know them (its own cards; the other side's only once revealed). Built from
the viewer's ``view``, so nothing hidden can reach it. Each line is headed
as the app's panel heads its lines ("Conditions: ...", "Your mission: ...",
"  Goal: ..."), a side's things named with the side as a word ("The red
command cache", which the app reads "The British command cache")."""

from __future__ import annotations

from game.core.logtext import plural

from ..catalogue import DATA, T
from ..rules.activation import income
from ..rules.conditions import WORDS
from ..rules.missions import mission_name
from ..state import HIDDEN, WWState


def cache_line(s: WWState, side: str) -> str:
    """``"The red command cache: 4 now (2 carried over + 3 income, at most 5)"``."""
    cache, carried = s.cache.get(side, 0), s.carried.get(side, 0)
    inc, bonus = income(s, side)
    if s.seq_side == side:
        return (f"The {side} command cache: {cache} now ({carried} carried over + {inc} income, "
                f"at most {T.cache.max})")
    nxt = min(int(T.cache.max), cache + inc)
    return f"The {side} command cache: {cache} banked; next activation {cache} + {inc} = {nxt} (at most {T.cache.max})"


def mission_lines(s: WWState, side: str, own: bool) -> list[str]:
    """The side's missions as the viewer may read them."""
    h = s.hands[side]
    who = "Your" if own else f"The {side}"
    out = []
    if h.drawn and h.kept is None:
        if own:
            out.append("Drawn: " + " / ".join(mission_name(m) for m in h.drawn) + " (keep one, the other is the backup)")
        else:
            out.append(f"The {side} side is choosing between two hidden missions")
    elif h.kept is None:
        out.append(f"{who} missions: none left")
    else:
        state = "revealed" if h.revealed else "hidden from the enemy"
        name = mission_name(h.kept)
        out.append(f"{who} mission: {name} ({state})" if h.kept != HIDDEN else f"{who} mission: hidden")
        if own and h.kept in DATA.missions:
            out.append(f"  Goal: {DATA.missions[h.kept].goal}")
        if h.target and h.target != HIDDEN and h.target in s.units:
            out.append(f"  Target: {s.units[h.target].name}")
        if h.kept == "demolition" and h.charges and HIDDEN not in h.charges:
            out.append(f"  Charges placed: {len(h.charges)} of {T.missions.demolition_points}")
        if h.kept == "bite_and_hold" and (own or h.revealed):
            out.append(f"  Checks passed: {h.progress}")
        if h.backup:
            out.append(f"  Backup: {mission_name(h.backup)}" if own else "  Backup: hidden")
    out.append(f"  Victory points: {h.vp}" + "".join(f"; {mission_name(m)} {r} (turn {t})" for m, r, t in h.record))
    return out


def side_panel(s: WWState, side: str | None) -> list[str]:
    """Lines for the app's side panel, from the view of ``side`` (None: a spectator sees both)."""
    out = []
    order = [side] + [x for x in s.sides if x != side] if side in s.sides else list(s.sides)
    for sd in order:
        out.append(cache_line(s, sd))
    cond = s.condition
    out.append(f"Conditions: {WORDS.get(cond, cond)}" + (f", {plural(s.condition_left, 'turn')} left" if s.condition_left else ""))
    for sd in order:
        out += mission_lines(s, sd, own=(side is None or sd == side))
    return out
