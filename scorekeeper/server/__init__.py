"""Who may connect to the served app, and with which role (issue 14).

An ASGI layer (:mod:`.guard`) in front of Flet's ASGI app checks ``Host`` and
``Origin`` on every request and, when the server listens beyond loopback, the
table's key: a join link carries it once (``?key=…``) and the device then holds
an HttpOnly, SameSite=Strict cookie. Each device has a role (:mod:`.roles`:
host, scorer, viewer) and maybe the match its link named; the app reads it per
session (:func:`.session.access_for`) and writes through a store that refuses
what the role may not do (:mod:`.store_guard`). :class:`.admission.Admission`
holds the keys, the joined devices and their connections. See docs/server.md.

This package knows nothing of Flet's controls; it imports the store's errors only.
"""
