"""Child process of the kill test: records planned matches event by event.

``python -m tests.store.kill_child DATA_DIR PLAN.json``. PLAN is a list of
``[match_id, document]``. For each match the child resumes after the actions
already in effect, records the rest through ``store.record`` and prints
``<match_id> <actions in effect>`` after each one is durably stored. Every
9th action is recorded, undone and recorded again, so kills also land on
undo events. Prints ``ready`` once the store is open and ``done`` at the end.
"""

from __future__ import annotations

import json
import sys

from scorekeeper.store import open_store
from scorekeeper.store.documents import document_actions


def main(data_dir: str, plan_path: str) -> None:
    with open(plan_path, encoding="utf-8") as handle:
        plan = json.load(handle)
    store = open_store(data_dir)
    print("ready", flush=True)
    for match_id, doc in plan:
        actions = document_actions(doc)
        for k in range(len(store.actions(match_id)), len(actions)):
            store.record(match_id, actions[k])
            if k % 9 == 4:
                store.undo(match_id)
                store.record(match_id, actions[k])
            print(f"{match_id} {k + 1}", flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
