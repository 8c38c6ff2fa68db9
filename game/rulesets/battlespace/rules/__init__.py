"""Rule pieces of Battlespace: shared helpers, combat, orders, turn flow."""
