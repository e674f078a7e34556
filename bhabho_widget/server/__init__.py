"""Shared tables: several people at one game, each from their own notebook, each seeing
only their own hand. The top layer, over :mod:`bhabho_widget.table`.

- :mod:`.tables`: a shared table in plain Python (seats, tokens, the match, each seat's view);
- :mod:`.store`: the tables kept in SQLite, so a restart resumes them;
- :mod:`.protocol`: what a client may send (``protocol.json``), checked frame by frame;
- :mod:`.hub`: who a player is, asked of the JupyterHub when the server is a hub service;
- :mod:`.app`: the Starlette app served by uvicorn (``python -m bhabho_widget.server``).

The server needs the ``server`` extra (``pip install "bhabho-widget[server]"``): Starlette
and uvicorn. A player's kernel is the client: :meth:`bhabho_widget.Table.host` and
:meth:`bhabho_widget.Table.join`.
"""
