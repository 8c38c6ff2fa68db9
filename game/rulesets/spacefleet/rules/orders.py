"""Special orders (spacefleet_core 1.3, 1.4): who may declare one, and
the command check that grants it (a squadron on its best Leadership, Under
Fire and Enemy Contacts, the first failure ending the fleet's orders)."""

from __future__ import annotations

from ..actions import DeclareOrder
from ..data import tables
from ..events import OrdersEnded, OrderTaken, Reloaded
from ..names import order_words, the
from ..state import SFState
from .common import (Ctx, enemy_contacts, ld_target, ld_test, leadership, on_table, prof, squadron,
                     squadron_ld_target, under_fire)


def check_order(state: SFState, a: DeclareOrder) -> str | None:
    """Why a special order may not be declared now, or None (spacefleet_core 1.3-1.4)."""
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side:
        return f"{a.side} has no ship {a.ship!r}"
    if not on_table(ship):
        return f"{the(state, ship.id)} is not an active ship on the table"
    if ship.moved:
        return "orders are declared before the ship moves"
    if ship.order is not None:
        return f"{the(state, ship.id)} is already on {order_words(ship.order)}"
    if ship.braced:
        return f"{the(state, ship.id)} braced and may take no special orders this turn"
    if a.order != "brace_for_impact" and leadership(state, ship) <= 1:
        return (f"{the(state, ship.id)} has Leadership 1 or less: it may only disengage or head for the nearest table edge, "
                "on no special order but Brace for Impact (spacefleet_core 1.3)")
    if state.orders_failed and a.order != "brace_for_impact":
        return "a failed command check ended special orders for this fleet this turn"
    if a.order == "reload_ordnance" and ship.torpedoes_loaded and ship.bays_loaded:
        return f"{the(state, ship.id)} has nothing to reload"
    if a.ram is not None:
        tgt = state.ships.get(a.ram)
        if a.order != "all_ahead_full":
            return "only All Ahead Full allows a ram (spacefleet_core 1.4)"
        if tgt is None or tgt.side == ship.side or not on_table(tgt) or tgt.zone != ship.zone:
            return f"{a.ram!r} is not an enemy ship on the table to ram"
    return None


def ram_test(ctx: Ctx, sid: str, tid: str) -> bool:
    """The ramming Leadership test, taken when the ram is declared, before
    the All Ahead Full dice: 1D6, 2D6 or 3D6 at most the Ld as the target is
    larger, the same size or smaller (spacefleet_core 1.6)."""
    s = ctx.s
    ship, tgt = s.ships[sid], s.ships[tid]
    t = tables()
    a, b = t.size_rank[prof(ship).type], t.size_rank[prof(tgt).type]
    size = "smaller" if b < a else "same" if b == a else "larger"
    dice = t.ram_test[size]
    return ctx.roll(dice, f"{ctx.name(sid)} tries to ram the {ctx.name(tid)} ({dice.upper()}: a {size} target)",
                    side=ship.side, target=ld_target(s, ship, notation=dice)).passed


def resolve_order(ctx: Ctx, a: DeclareOrder) -> None:
    """Command check 2D6 <= Ld (best in the squadron), −1 Under Fire, +1 Enemy
    Contacts, Ld at most 10, 11-12 always fail; a declared ram's Leadership
    test comes next, then AAF rolls its extra distance (spacefleet_core 1.3,
    1.4, 1.6)."""
    s = ctx.s
    ship = s.ships[a.ship]
    t = tables()
    mods = []
    if any(under_fire(s, m) for m in squadron(s, ship)):
        mods.append(("under fire", -1))
    if enemy_contacts(s, ship.side):
        mods.append(("enemy contacts", +1))
    best, target = squadron_ld_target(s, ship, mods)
    whose = f" on the Leadership of the {ctx.name(best.id)}" if best.id != ship.id else ""
    passed = ld_test(ctx, ship, "2d6", target, f"{ctx.name(ship.id)}: command check for {order_words(a.order)}{whose}",
                     command=True)
    extra = 0.0
    ram = a.ram if passed and a.ram is not None and ram_test(ctx, a.ship, a.ram) else None
    if passed and a.order == "all_ahead_full":
        n = max(prof(m).aaf_dice for m in squadron(s, ship))
        extra = ctx.roll(f"{n}d6", f"{ctx.name(ship.id)}: All Ahead Full extra distance (cm)", side=a.side).total * 10.0
    for m in squadron(s, ship):
        if m.moved:
            continue
        ctx.emit(OrderTaken(ship=m.id, order=a.order if passed else None, passed=passed, aaf_extra_mm=extra,
                            ram=ram if m.id == a.ship else None))
        if passed and a.order == "reload_ordnance":
            ctx.emit(Reloaded(ship=m.id, torpedoes=True, bays=True))
    if not passed and not s.orders_failed:
        ctx.emit(OrdersEnded(side=a.side))
