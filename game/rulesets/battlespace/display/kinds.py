"""The battle log's name for each kind of Battlespace event: the words on the
log's "Kind:" filter button (:func:`game.core.logtext.kind_label`), short
enough to fit it."""

LOG_KINDS: dict[str, str] = {
    "bs_activated": "activations",
    "bs_order_used": "orders",
    "bs_activation_ended": "activation ends",
    "bs_handover": "handovers",
    "bs_placed": "placements",
    "bs_changed": "status changes",
    "bs_attacked": "attacks",
    "bs_wounded": "wounds",
    "bs_healed": "healing",
    "bs_removed": "removals",
    "bs_fig_added": "arrivals",
    "bs_card_drawn": "cards drawn",
    "bs_deck_shuffled": "deck shuffles",
    "bs_smoke_laid": "smoke laid",
    "bs_smoke_cleared": "smoke cleared",
    "bs_vehicle_hit": "vehicle hits",
    "bs_vehicle_moved": "vehicle moves",
    "bs_objective": "objectives",
    "bs_phase_flags": "SITREP flags",
    "bs_targeted": "targets",
    "bs_mission_ended": "mission end",
    "bs_turn_cleared": "turn cleanup",
}
