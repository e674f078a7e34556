"""The table, at the top: what a person plays and learns with.

- :mod:`.session`: a table in plain Python (``TableSession``: the person's moves, the bots'
  pace, the view the browser gets); :mod:`.lesson`: lessons and exercises over a recorded game;
- :mod:`.widget`: the notebook widgets (``Table``, ``Lesson``), thin over the two above;
- :mod:`.protocol`: what the browser may send and what it is sent (``protocol.json``);
- ``static/``: the front end's bundle, built from ``src_js/``.
"""
