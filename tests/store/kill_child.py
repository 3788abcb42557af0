"""Child process of the kill test: records planned matches event by event.

``python -m tests.store.kill_child DATA_DIR PLAN.json``. PLAN is a list of
``[match_id, document]``. For each match the child resumes after the actions
already in effect, records the rest through ``store.record`` and prints
``<match_id> <actions in effect> <events in the log> <record|wrong|fix>``
after each change is durably stored. Every 9th action is recorded, undone and recorded again, so
kills also land on undo events. Every 7th action, when it is a placement with
another open spot its tile fits (:func:`wrong_spot`), is first recorded at
that wrong spot and then fixed by a correction (``store.fix``), the way a
table fixes a mistake; a line is printed after each, so kills land right
after a reported correction too. Prints ``ready`` once the store is open and
``done`` at the end.
"""

from __future__ import annotations

import json
import sys

from scorekeeper.rules import Match, Play
from scorekeeper.rules.fix import ReplaceMove, position
from scorekeeper.store import open_store
from scorekeeper.store.documents import document_actions


def wrong_spot(doc: dict, k: int):
    """The k-th action (0-based) of ``doc`` at another open spot its tile fits, or ``None``:
    chosen the same way by the child and the test, for actions with ``k % 7 == 3``."""
    actions = document_actions(doc)
    move = actions[k]
    if k % 7 != 3 or type(move) is not Play or move.spot is None:
        return None
    match = Match.replay(doc["variant"], doc["players"], doc["partnerships"], actions[:k])
    others = [s for s in match.round.layout.spots_for(move.tile) if s != move.spot]
    return Play(move.player, move.tile, others[0], move.drawn) if others else None


def main(data_dir: str, plan_path: str) -> None:
    with open(plan_path, encoding="utf-8") as handle:
        plan = json.load(handle)
    store = open_store(data_dir)
    print("ready", flush=True)

    def report(match_id: str, what: str) -> None:
        print(f"{match_id} {len(store.actions(match_id))} {store.version(match_id)} {what}", flush=True)

    for match_id, doc in plan:
        actions = document_actions(doc)
        done = store.actions(match_id)
        if done and done[-1][1] != actions[len(done) - 1]:  # killed between the wrong spot and its fix
            round_no, move_no = position(store.open_match(match_id), len(done) - 1)
            store.fix(match_id, ReplaceMove(round_no, move_no, actions[len(done) - 1]))
            report(match_id, "fix")
        for k in range(len(store.actions(match_id)), len(actions)):
            wrong = wrong_spot(doc, k)
            if wrong is not None:
                store.record(match_id, wrong)
                report(match_id, "wrong")
                round_no, move_no = position(store.open_match(match_id), k)
                store.fix(match_id, ReplaceMove(round_no, move_no, actions[k]))
                report(match_id, "fix")
                continue
            store.record(match_id, actions[k])
            if k % 9 == 4:
                store.undo(match_id)
                store.record(match_id, actions[k])
            report(match_id, "record")
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
