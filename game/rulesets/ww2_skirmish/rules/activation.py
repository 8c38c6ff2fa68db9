"""The command cache and what a unit may do in an activation (ww2_skirmish.txt:
Actions; Activation Phase).

* **Income**: at the start of each of its activations a side adds 3 actions,
  +1 for each Rank unit it has on the table (at most +2), to the actions it
  carried over; the cache holds at most 5 (what is over is lost).
* **Cost**: each action of an infantry or elite unit costs 1 from the cache,
  of a light mech 2, of a heavy mech 3 (whatever the action). Tactician
  (ours): the unit's first action in an activation is free.
* **Slots**: a unit does at most 2 actions an activation: a basic or group
  action uses one, an advanced action both (the text's (1) and (2)).
* **Units**: a side takes control of at most 3 units an activation, at most
  one of them an elite or a mech.
* **Carry-over**: what is left in the cache when the side ends its
  activation stays for its next one.
"""

from __future__ import annotations

from game.core.logtext import plural

from .. import actions as A
from ..catalogue import DATA, T
from ..events import Paid
from ..state import Unit, WWState
from .common import Emitter, perk, status_now

BASIC = (A.Move, A.Shoot, A.Fight, A.Throw, A.Rally, A.Interact)
ADVANCED = (A.Run, A.ShellUp, A.HoldTheLine, A.Ambush, A.GetToCover, A.Cooldown)
COMBAT = (A.Shoot, A.Fight, A.Throw, A.HoldTheLine, A.Ambush, A.GroupShoot, A.GroupAssault, A.AmbushFire)
HEAVY_CLASSES = ("elite", "light_mech", "heavy_mech")


def weight(action) -> int:
    """Slots of the unit's two the action uses (basic and group 1, advanced 2)."""
    if isinstance(action, ADVANCED):
        return int(T.weight["advanced"])
    if isinstance(action, (A.GroupShoot, A.GroupMove, A.GroupAssault)):
        return int(T.weight["group"])
    return int(T.weight["basic"])


def class_cost(u: Unit) -> int:
    """What one action of the unit costs from the cache (Actions)."""
    return int(T.class_cost[u.cls])


def cost(s: WWState, u: Unit) -> tuple[int, bool]:
    """(cost now, free): the class cost, or 0 for the first action of a Tactician unit."""
    if perk(u, "free_first_action") and u.id not in s.free_used and s.slots.get(u.id, 0) == 0:
        return 0, True
    return class_cost(u), False


def ranks(s: WWState, side: str) -> int:
    """Rank units of the side on the table."""
    return sum(1 for u in s.units_of(side) if u.rank)


def income(s: WWState, side: str) -> tuple[int, int]:
    """(income, the Rank bonus in it): 3 + one a Rank unit, at most +2."""
    bonus = min(int(T.cache.rank_max), int(T.cache.per_rank) * ranks(s, side))
    return int(T.cache.base) + bonus, bonus


def new_cache(carried: int, inc: int) -> int:
    """The cache at the start of an activation: carried + income, at most 5."""
    return min(int(T.cache.max), carried + inc)


def slots_left(s: WWState, u: Unit) -> int:
    """Action slots the unit has left this activation (2, or 1 after a Flood)."""
    limit = 1 if u.id in s.one_action else int(T.cache.actions_per_unit)
    return max(0, limit - s.slots.get(u.id, 0))


def may_activate(s: WWState, units: list[Unit]) -> str:
    """Why these units may not (also) act in this activation, or ''.
    At most 3 units an activation, at most one elite or mech."""
    act = list(s.activated)
    for u in units:
        if u.id not in act:
            act.append(u.id)
    if len(act) > int(T.cache.units_per_activation):
        return f"a side takes control of at most {T.cache.units_per_activation} units an activation"
    heavy = [i for i in act if s.units[i].cls in HEAVY_CLASSES]
    if len(heavy) > int(T.cache.heavy_per_activation):
        return "at most one elite or mech unit an activation"
    return ""


def can_act(s: WWState, u: Unit, action) -> str:
    """Why ``u`` may not take ``action`` now, or '' (the cache, slots,
    activation limits, cooldown and composure restrictions)."""
    if s.stage != "battle" or s.final:
        return "the battle has not begun" if s.stage != "battle" else "the battle is over"
    if s.pending:
        return "a decision is awaited first"
    if u.side != s.seq_side:
        return f"it is not {u.side}'s activation"
    if not s.on_table(u):
        return f"{u.name} is not on the table"
    why = may_activate(s, [u])
    if why:
        return why
    w = weight(action)
    if slots_left(s, u) < w:
        return f"{u.name} has {plural(slots_left(s, u), 'action')} left this activation; this one takes {w}"
    c, _ = cost(s, u)
    if s.cache.get(u.side, 0) < c:
        return f"the command cache holds {s.cache.get(u.side, 0)}; an action of {u.name} costs {c}"
    if u.cooldown and not isinstance(action, A.Cooldown):
        return f"{u.name} has {u.heat} heat tokens and must cool down"
    st = status_now(s, u)
    if st == "in_shock" and isinstance(action, COMBAT):
        return f"{u.name} is in shock: non-combat actions only"
    if st == "afraid" and not isinstance(action, A.Move):
        return f"{u.name} is afraid: it must move backwards or fall back"
    if isinstance(action, A.GetToCover) and st != "shell_shocked":
        return "only a shell-shocked unit may Get to Cover"
    if isinstance(action, A.Cooldown) and not DATA.units[u.profile].mech:
        return "only mechs cool down"
    return ""


def pay(em: Emitter, u: Unit, action, label: str) -> None:
    """The unit pays for its action (cache and slots) and is activated."""
    s = em.s
    c, free = cost(s, u)
    w = weight(action)
    left = s.cache.get(u.side, 0) - c
    how = "free (Tactician)" if free else f"{c} from the cache"
    em.emit(Paid(side=u.side, unit=u.id, cost=c, slots=w, free=free,
                 text=f"{u.name}: {label} ({how}, {left} left; {w} of its 2 actions)"))
    if u.ambush:
        em.set_unit(u, f"{u.name} leaves its ambush", ambush=False)
