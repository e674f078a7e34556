"""The rules engine (``docs/rules.md``): everything one round of Bhabho is, and nothing else.

- :mod:`.cards`: cards, hand masks, ranking; :mod:`.rules`: the variants and presets;
- :mod:`.legal`: which cards may be played (rules 3, 4 and 6), the one definition;
- :mod:`.game`: one round: tricks, tochoo, escapes, the draw, takes, the end, stalemates;
- :mod:`.draw`: the draw from the waste pile (rule 6), the one definition;
- :mod:`.state`: the records of a round's state (how it began, the state of play);
- :mod:`.events`: what each step did, in words; :mod:`.errors`: the errors, each a ``ValueError``;
- :mod:`.seat_view`: what one seat may know (all a bot or a front end is given);
- :mod:`.records`: game records (JSON); :mod:`.position`: a position as one line of text;
  :mod:`.html`: static pictures of a game and a view.

It imports only :mod:`bhabho_widget.i18n` and the standard library.
"""
