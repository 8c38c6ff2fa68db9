"""The space-fleet agents: ``candidates`` (the legal choices, with sampled
moves), ``ai`` (the ``default`` agent, ``FleetAgent``), ``ai_eval`` (its
exchange model and hazards) and ``ai_ordnance`` (its ordnance and
close-action choices)."""
