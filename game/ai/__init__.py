"""Generic agents driven by each ruleset's candidate generators and scoring."""
