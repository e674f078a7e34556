"""Shared tables and classes: several people at one game, each from their own notebook, each
seeing only their own hand; a teacher's class of up to 300 students. The top layer, over
:mod:`bhabho_widget.table`.

- :mod:`.config`: the server's settings, one frozen :class:`~.config.ServerConfig` (the
  command line is built from it);
- :mod:`.tables`: a shared table in plain Python (seats, tokens, the match, each seat's view);
- :mod:`.classes`: classes in plain Python and the class hall that serves them;
- :mod:`.store`: the tables and classes kept in SQLite, so a restart resumes them;
- :mod:`.hub`: who a player is, asked of the JupyterHub when the server is a hub service;
- :mod:`.connection`: one client's websocket and its close codes;
- :mod:`.limits`: the one rate limiter, and the wrong guesses it counts;
- :mod:`.routes`: the dispatch table (message type, handler, who may send it);
- :mod:`.host`: what the class hall may ask of the table server (its public interface);
- :mod:`.app`: the table server and its Starlette app served by uvicorn
  (``python -m bhabho_widget.server``).

What a client may send is ``bhabho_widget/table/server_protocol.json``, checked frame by frame
(:func:`bhabho_widget.table.protocol.check_frame`). The server needs the ``server`` extra
(``pip install "bhabho-widget[server]"``): Starlette, uvicorn and websockets. A player's
kernel is the client: :meth:`bhabho_widget.Table.host`, :meth:`bhabho_widget.Table.join`
and :class:`bhabho_widget.Class`.
"""
