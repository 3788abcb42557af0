"""Flet's diff (1.0.5) made to free each update's patch at once: a fix for every tab, on every platform.

Applied by :func:`~scorekeeper.app.main.make_main` (so a phone app, ``flet run`` and both servers have it);
the web server's own fix, of flet-web's ``FletApp.send_message``, is :mod:`scorekeeper.serve.flet_fixes`.
Applied only to the Flet it was written for (:data:`FLET_VERSION`, and the original method's code as
expected); anything else is left alone and said in the log (debug), so a Flet upgrade can never run a copy
of old code.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

FLET_VERSION = "1.0.5"  # the Flet these fixes were written for (and scorekeeper.serve.flet_fixes')
MARK = "_scorekeeper_quiet"  # set on a replacement method: applying a fix twice changes nothing


def unlinked_diff_nodes() -> bool:
    """Make Flet's ``DiffBuilder.teardown`` unlink every node of its list of patch operations.

    The diff keeps its operations in a circular doubly linked list of ``[previous, next, operation]``
    nodes. Its teardown ("break cycles … to allow GC") resets only the root: the nodes still point at each
    other, so every update's patch — its operations and the values they carry — was left for the garbage
    collector instead of being freed at once (with the size handlers' cycle, ``screens/table.py``, the
    cyclic garbage of a club night that grew its oldest generation by over a million objects in 4.5 min,
    docs/server.md). The replacement clears each node, runs Flet's own teardown, then clears the head
    (which that leaves pointing at itself). Only ``ObjectPatch.from_diff`` makes a builder, and tears it
    down once it is done with it.

    Returns True when the method is (now, or already) the unlinking one, False when this Flet is not the one
    it was written for (nothing changed). Idempotent; process-wide.
    """
    from flet.controls import object_patch
    from flet.version import flet_version

    builder: Any = object_patch.DiffBuilder
    original = builder.teardown
    if getattr(original, MARK, False):
        return True
    if flet_version != FLET_VERSION or "_DiffBuilder__root" not in original.__code__.co_names:
        log.debug("Flet %s: DiffBuilder.teardown left as it is", flet_version)
        return False

    def teardown(self: Any) -> None:
        root = self._DiffBuilder__root  # the original's private list head (name-mangled)
        node = root[1] if root else root
        while node and node is not root:
            following = node[1]
            node.clear()
            node = following
        original(self)
        root.clear()  # the original leaves the head pointing at itself: the one builder that made it is done

    teardown.__doc__ = original.__doc__
    teardown.__wrapped__ = original  # type: ignore[attr-defined]
    setattr(teardown, MARK, True)
    builder.teardown = teardown
    return True
