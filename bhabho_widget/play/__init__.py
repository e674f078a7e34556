"""Players and many games, over the engine.

- :mod:`.bots`: the bot interface, the random and rules-of-thumb bots; :mod:`.search`: the
  search bot and the estimator the coach uses; :mod:`.registry`: the bot levels by name;
- :mod:`.determinize`: games built from what a seat knows, with the hidden cards dealt (the
  search bots' deals);
- :mod:`.driver`: bots at a table and rule 7's order of offers; :mod:`.match`: a session of rounds;
- :mod:`.batch`: many games at once with numpy; :mod:`.arena`: seat-rotated tournaments;
- :mod:`.stats`: intervals and paired differences; :mod:`.bench`: games per second, run on demand.
"""
