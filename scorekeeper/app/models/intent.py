"""The guard every user intent runs under: one at a time per tab, and nothing escapes to Flet."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import flet as ft

from ...club import ClubError
from ...rules import RuleViolation
from ...store import NothingToUndo, StoreError
from ..problems import Problem
from .shell import Shell

log = logging.getLogger(__name__)


class HasShell(Protocol):
    """A model of a tab: it reaches the tab's :class:`Shell`."""

    @property
    def shell(self) -> Shell: ...


M = TypeVar("M", bound=HasShell)
R = TypeVar("R")


def intent(method: Callable[..., Awaitable[R]]) -> Callable[..., Awaitable[R | None]]:
    """Run an async model method as a user intent.

    A second tap while one intent is being written is ignored (``None``).
    The notice of the last action is cleared (the next action replaces it).
    A :class:`RuleViolation` (engine), :class:`StoreError` (store) or
    :class:`Problem` (the app's own check) becomes the shell's ``error``,
    worded by the view from its code; anything else is logged and shown as
    the translated ``unexpected`` problem (Flet would otherwise show the
    Python traceback in the page). The model and the shell are re-rendered
    once at the end.
    """

    @functools.wraps(method)
    async def wrapper(self: Any, *args: Any, **kwargs: Any) -> R | None:
        shell: Shell = self.shell
        if shell._busy:
            return None
        shell._busy = True
        shell.notice = None
        try:
            return await method(self, *args, **kwargs)
        except NothingToUndo:
            shell.error = Problem("nothing_to_undo")
        except (RuleViolation, Problem, ClubError) as err:  # ClubError: the club engine's (club.error.<code>)
            shell.error = err
        except StoreError as err:  # a damaged file moved aside, the store closed…: worded by its code, logged
            log.warning("store: %s", err.message)
            shell.error = err
        except Exception:  # noqa: BLE001 - the user gets a message, the log the traceback
            log.exception("intent %s failed", method.__name__)
            shell.error = Problem("unexpected")
        finally:
            shell._busy = False
            shell.settled()  # the route, the screen kept awake… follow what the intent left
            if isinstance(self, ft.Observable):
                self.notify()
            if self is not shell:
                shell.notify()
        return None

    return wrapper
