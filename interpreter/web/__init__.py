"""The web table (issue 17): a server that keeps every table's game and
sends each browser only what its player may see.

- :mod:`.server`: the Starlette application (HTTP routes, the WebSocket, the
  Origin check, JSON errors) and :func:`~.server.serve`, which runs it under uvicorn;
- :mod:`.tables`: a table (one :class:`~dummybridge.engine.game.Game`, its
  places, its lock, its bots) and the tables of one server;
- :mod:`.views`: the state a viewer is sent, built from the engine's
  observation for his player (spectators: what lies face up);
- :mod:`.deals`: a finished deal made public (its hands, calls, tricks,
  score and double-dummy analysis) and the downloads;
- :mod:`.protocol`: the messages a client may send, checked;
- :mod:`.store`: SQLite persistence (every action committed before it is
  acknowledged) and the rebuild on start;
- :mod:`.limits`: the server's limits and the per-connection rate limit.

The page itself is plain HTML, CSS and JavaScript in ``static/`` (package data).
"""
