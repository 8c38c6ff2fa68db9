"""The battle log's name for each kind of the WW2 skirmish event: the words on the
log's "Kind:" filter button (:func:`game.core.logtext.kind_label`), short
enough to fit it."""

LOG_KINDS: dict[str, str] = {
    "ww2_state_set": "battle state",
    "ww2_unit_set": "unit changes",
    "ww2_paid": "actions paid",
    "ww2_unit_moved": "moves",
    "ww2_model_damaged": "damage",
    "ww2_barricade_added": "barricades",
    "ww2_hand_set": "cards in hand",
    "ww2_mission_revealed": "missions shown",
    "ww2_pending_added": "waiting choices",
    "ww2_pending_done": "choices made",
    "ww2_note": "notes",
    "ww2_turn_began": "turn starts",
}
