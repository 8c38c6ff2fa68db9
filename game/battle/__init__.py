"""The turn controller: seats (human or agent), recording, replay loading and
verification, headless play and batch simulation."""
