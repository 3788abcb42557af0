"""A league across venues over NATS JetStream (issue 25, docs/league.md): first slice.

Nothing here imports ``nats`` at module level: the embedded default (one laptop, no server) never
loads it. The modules, one job each:

- :mod:`.config`: the league file (TOML), bounded and validated; credentials kept out of ``repr``.
- :mod:`.subjects`: subject names per league, venue and match, and the headers of one event's
  message (message id, expected last subject sequence).
"""
