"""``scorekeeper replay FILE [--json] [--lang L] [--house-rules JSON]``: referee a match record.

Under R14 ``misplay: penalty`` (the document's or ``--house-rules``'), a draw or pass the record proves
wrong is read as an offence at the table: recorded, penalised with its round's settlement and named on
standard error (:func:`~scorekeeper.rules.document.fold_recording_offences`); under ``refuse`` it is refused.

Prints a readable account of a match document in the chosen language (or the replay report as JSON,
:func:`~scorekeeper.rules.build_report`, which names the house rules it was refereed under). A document
that breaks a rule exits with code 2 and one line naming the round, the move and the rule, in the
chosen language too (:func:`~scorekeeper.refusals.refused_line`: the app's words).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..i18n import LANGUAGES, Translator
from ..refusals import refused_line
from ..rules import RuleViolation, build_report, strict_json
from ..rules.document import fold_recording_offences, parse_json
from ..rules.house import house_rules_text
from .command import EXIT_REFUSED


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def configure(parser: argparse.ArgumentParser) -> None:
    """The replay command's arguments: the file, ``--json``, ``--lang``, ``--house-rules``."""
    parser.add_argument("file", help="a scorekeeper-match/1 document ('-' reads standard input)")
    parser.add_argument("--json", action="store_true", help="print the replay report as JSON")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the account and of a refusal")
    parser.add_argument(
        "--house-rules",
        metavar="JSON",
        help='referee under these house rules instead of the document\'s own "house_rules" '
        "(a JSON object, e.g. '{\"continuation\": \"stop\"}'; '{}' for the game's own rules; "
        "docs/house-rules.md)",
    )


def run(args: argparse.Namespace) -> int:
    """Referee ``args.file``: 0 with the account (or report) on standard output, :data:`EXIT_REFUSED` with one
    ``refused: …`` line (or ``cannot read …``) on standard error."""
    try:
        data = _read(args.file)
    except OSError as err:
        print(f"cannot read {args.file}: {err.strerror or err}", file=sys.stderr)
        return EXIT_REFUSED
    from ..store.documents import check_nesting

    try:
        doc = parse_json(data)
        check_nesting(doc)  # before the engine, which quotes the values it refuses
        if args.house_rules is not None and isinstance(doc, dict):
            doc = _with_house_rules(doc, args.house_rules)
        match, offences = fold_recording_offences(doc, explain=not args.json)  # R14 penalty: proofs stand
    except RuleViolation as err:
        print(refused_line(Translator(args.lang), err), file=sys.stderr)
        return EXIT_REFUSED
    t = Translator(args.lang)
    for round_no, offence in offences:  # said on standard error: the document did not list them
        name = match.players[offence.player]
        print(t("ui.misplay_recorded", round=round_no, move=offence.move + 1, name=name), file=sys.stderr)
    if args.json:
        if match.house_rules:  # also said on standard error, as before the report carried them
            print(f"house rules: {house_rules_text(match.house_rules)}", file=sys.stderr)
        json.dump(build_report(match), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        from ..account import match_account

        sys.stdout.write(match_account(match, args.lang))
    return 0


def _with_house_rules(doc: dict[str, object], text: str) -> dict[str, object]:
    """The document with its ``"house_rules"`` replaced by ``--house-rules`` (``{}``: none)."""
    try:
        rules = strict_json.loads(text)  # bounded: nesting past 1,024 is a ValueError on every parser
    except ValueError:
        raise RuleViolation("", "house_rules_option", found=repr(text[:40])) from None
    out = {key: value for key, value in doc.items() if key != "house_rules"}
    if rules != {}:
        out["house_rules"] = rules
    return out
