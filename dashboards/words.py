"""The dashboard's tables of words: a column, a verdict, a source, a page title, in English,
marked for the catalogs with ``N_`` and translated where they are shown (:func:`word`).

>>> from analyzer.i18n import use
>>> with use("de"):
...     word(VERDICTS, "warn"), word(COLUMNS, "pot")
('Warnungen', 'Pot')
"""

from __future__ import annotations

from analyzer.i18n import N_, _, pgettext

#: page slug -> title
PAGE_TITLES: dict[str, str] = {
    "audit": N_("Audit"),
    "settlement": N_("Settlement"),
    "players": N_("Players"),
    "frequencies": N_("Frequencies"),
    "replayer": N_("Replayer"),
    "equity": N_("Equity"),
    "diverge": N_("Other rules"),
    "quiz": N_("Quiz"),
    "recorder": N_("Recorder"),
    "casino": N_("Casino game"),
    "failed": N_("This page could not be shown ({kind}: {what}); the details are in the server log."),
}

#: where the hands come from -> how the sidebar names it
SOURCES: dict[str, str] = {
    "sample": N_("the sample night"),
    "upload": N_("uploaded files"),
    "files": N_("files given on the command line"),
    "store": N_("a store folder"),
}

#: a verdict -> its name in the filters and the counts
VERDICTS: dict[str, str] = {
    "ok": N_("ok"),
    "warn": N_("warnings"),
    "violation": N_("violations"),
    "unreadable": N_("unreadable"),
}

#: a table's column -> its heading
COLUMNS: dict[str, str] = {
    "hand": N_("hand"),
    "verdict": N_("verdict"),
    "problems": N_("problems"),
    "players": N_("players"),
    "player": N_("player"),
    "pot": N_("pot"),
    "rules": N_("rules"),
    "file": N_("file"),
    "line": N_("line"),
    "seat": N_("seat"),
    "start": N_("start"),
    "posted": N_("posted"),
    "invested": N_("invested"),
    "returned": N_("returned"),
    "won": N_("won"),
    "claimed": N_("paid (source)"),
    "rake": N_("rake"),
    "net": N_("net"),
    "stack": N_("stack"),
    "bet": N_("bet"),
    "in_hand": N_("in hand"),
    "cards": N_("cards"),
    "button": N_("button"),
    "run": N_("run"),
    "amount": N_("amount"),
    "eligible": N_("eligible"),
    "winners": N_("winners"),
    "correction": N_("correction"),
    "audited_net": N_("net as audited"),
    "paid": N_("paid"),
    "owed": N_("owed"),
    "codes": N_("problems"),
    "bought_in": N_("bought in"),
    "cashed_out": N_("cashed out"),
    "paid_by_hands": N_("hands as paid"),
    "owed_by_hands": N_("hands as audited"),
    "name": N_("hand"),
    "count": N_("count"),
    "total": N_("of"),
    "observed": N_("observed"),
    "low": N_("95%\u00a0low"),
    "high": N_("95%\u00a0high"),
    "exact": N_("exact"),
    "p_value": N_("p-value"),
    "one_in": N_("1 in"),
    "site": N_("site"),
    "position": N_("position"),
    "session": N_("session"),
    "hands": N_("hands"),
    "currency": N_("currency"),
    "showdown_net": N_("at showdown"),
    "non_showdown_net": N_("without showdown"),
    "allin_hands": N_("all-ins"),
    "adjusted_net": N_("all-in adjusted"),
    "win_rate": N_("win rate"),
    "adjusted_win_rate": N_("adjusted win rate"),
    "vpip": N_("VPIP"),
    "pfr": N_("PFR"),
    "three_bet": N_("3-bet"),
    "wtsd": N_("WTSD"),
    "wsd": N_("W$SD"),
    "af": N_("AF"),
    "imported": N_("imported"),
    "files": N_("files"),
    "stored": N_("stored"),
    "duplicate": N_("duplicate"),
    "rejected": N_("rejected"),
    "code": N_("code"),
    "message": N_("message"),
    "action_index": N_("action"),
    "rule": N_("rule"),
    "round": N_("round"),
    "outcome": N_("outcome"),
    "bets": N_("bets"),
    "stake": N_("stake"),
    "staked": N_("staked"),
    "odds": N_("odds"),
    "margin": N_("margin"),
    "hold": N_("hold"),
    "draw": N_("draw"),
    "status": N_("status"),
    "dealer": N_("dealer"),
    "board": N_("board"),
    "result": N_("result"),
}

#: the players page's views and colourings
PLAYER_VIEWS: dict[str, str] = {
    "results": N_("Winnings over the hands"),
    "grid": N_("Starting hands"),
    "positions": N_("By position"),
    "sessions": N_("By session"),
    "leaks": N_("Leaks"),
    "more": N_("Steals, 4-bets, c-bets"),
    "by_result": N_("result per hand"),
    "by_frequency": N_("how often dealt"),
}

#: the two ways of settling, and their help
SETTLEMENT_SIDES: dict[str, str] = {
    "as_paid": N_("As paid"),
    "as_audited": N_("As audited"),
    "as_paid_help": N_("What the chips said: each player's result in the ledger."),
    "as_audited_help": N_("The same with every correction the audit found, each traced to its hand."),
}


def word(table: dict[str, str], key: str) -> str:
    """The word for ``key`` in the language in force; a key the table lacks, as it is."""
    english = table.get(key)
    return _(english) if english else key


def street_name(street: str) -> str:
    """A betting round by its name in the language in force (the seeds' terms: Preflop, Flop,
    Turn, River); another name as it is.

    >>> from analyzer.i18n import use
    >>> with use("de"):
    ...     street_name("turn"), street_name("showdown")
    ('Turn', 'showdown')
    """
    names = {
        "preflop": pgettext("street", "preflop"),
        "flop": pgettext("street", "flop"),
        "turn": pgettext("street", "turn"),
        "river": pgettext("street", "river"),
    }
    return names.get(street, street)


def verdict_name(verdict: str) -> str:
    """One hand's or bet's verdict in the language in force (the filters' plurals are
    :data:`VERDICTS`); another value as it is.

    >>> from analyzer.i18n import use
    >>> with use("de"):
    ...     verdict_name("violation"), verdict_name("ok")
    ('Verstoß', 'in Ordnung')
    """
    names = {
        "ok": pgettext("verdict", "ok"),
        "note": pgettext("verdict", "note"),
        "warn": pgettext("verdict", "warning"),
        "violation": pgettext("verdict", "violation"),
        "unreadable": pgettext("verdict", "unreadable"),
    }
    return names.get(verdict, verdict)
