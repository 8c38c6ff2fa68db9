"""The battle log's name for each kind of Battlesystem event: the words on the
log's "Kind:" filter button (:func:`game.core.logtext.kind_label`), short
enough to fit it."""

LOG_KINDS: dict[str, str] = {
    "bts_round": "rounds",
    "bts_sequence": "sequence",
    "bts_step_done": "steps done",
    "bts_changed": "unit changes",
    "bts_individual": "heroes",
    "bts_casualties": "casualties",
    "bts_attack": "attacks",
    "bts_rally_attempt": "rallies",
    "bts_pending": "waiting choices",
    "bts_ended": "battle decided",
    "bts_spell": "spells",
    "bts_world": "weather, night",
    "bts_unit_created": "new units",
}
