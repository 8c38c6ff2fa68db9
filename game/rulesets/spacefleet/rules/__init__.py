"""The rules of the space fleet, one module per part of the texts:
``common`` (effective values, the resolve context), ``orders`` (command
checks), ``movement``, ``targets``, ``gunnery``, ``shooting``, ``nova``,
``ordnance``, ``damage``, ``phenomena``, ``boarding``, ``endphase`` and
``victory`` (spacefleet_core; celestial phenomena)."""
