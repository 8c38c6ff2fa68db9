"""The WW2 skirmish's agents: candidates, scoring and the default commander."""
