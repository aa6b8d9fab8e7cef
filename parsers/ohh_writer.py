"""The OHH writer: records as OHH objects, one a hand, a blank line between them.

It follows the spec (``spec_version`` 1.4.6; action amounts are increments) and puts what
OHH cannot say (the Short Deck variant, the source's game words, stakes beyond blinds and
ante, bomb posts, returned bets, every cash out, award runs and descriptions, finishing
stacks, an unstated pot) in ``"sixplus"`` extension objects, so that a hand written and read
back by :mod:`parsers.ohh` gives the same record (source positions aside). Other readers see
a Hold'em hand and ignore the extension.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

import msgspec

from parsers.errors import T_, ParseError, RejectCode
from parsers.ohh_spec import BETTING, FORMAT, SPEC_VERSION
from parsers.record import STREETS, ActionKind, HandRecord, PostKind, Street, Variant, money_text

_BET_TYPES = {value: key for key, value in BETTING.items()}
_POST_NAMES = {
    PostKind.SMALL_BLIND: "Post SB",
    PostKind.BIG_BLIND: "Post BB",
    PostKind.STRADDLE: "Straddle",
    PostKind.ANTE: "Post Ante",
    PostKind.DEAD_BLIND: "Post Dead",
    PostKind.BUTTON_BLIND: "Post Extra Blind",
    PostKind.BOMB: "Post Ante",  # with "sixplus": {"kind": "bomb"}: OHH has no bomb pot
}


_encoder = msgspec.json.Encoder(decimal_format="number")


def write_ohh(records: Iterable[HandRecord]) -> str:
    """Records as OHH text: one pretty-printed object a hand, a blank line between them."""
    texts = [msgspec.json.format(_encoder.encode({"ohh": _ohh(r)}), indent=2).decode() for r in records]
    return "\n\n".join(texts) + ("\n" if texts else "")


def _money(amount: int, decimals: int) -> Decimal:
    return Decimal(money_text(amount, decimals))


def _unsupported(record: HandRecord, what: str) -> ParseError:
    return ParseError(
        expected=T_("a hold'em or short-deck hand"),
        found=what,
        format=FORMAT,
        hand_id=record.hand_id,
        code=RejectCode.UNSUPPORTED_GAME,
    )


_GAME_TYPES = {Variant.OMAHA: "Omaha", Variant.OMAHA5: "Omaha", Variant.OMAHA_HILO: "OmahaHiLo"}


def _ohh(record: HandRecord) -> dict[str, Any]:
    if record.game.variant is Variant.OTHER:
        raise _unsupported(record, str(record.game.declared or record.game.variant))
    dec = record.decimals
    ids = {s.player: i for i, s in enumerate(record.seats)}
    stakes = record.stakes
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": record.game.site,
        "network_name": record.game.site,
        "internal_version": "sixplus",
        "tournament": record.game.tournament,
        "game_number": record.hand_id,
        "start_date_utc": record.started_at or "",
        "table_name": record.table,
        "game_type": _GAME_TYPES.get(record.game.variant, "Holdem"),
        "bet_limit": {"bet_type": _BET_TYPES[record.game.betting], "bet_cap": _money(stakes.cap, dec)},
        "table_size": record.max_seats,
        "currency": record.currency,
        "dealer_seat": record.button,
        "small_blind_amount": _money(stakes.small_blind, dec),
        "big_blind_amount": _money(stakes.big_blind, dec),
        "ante_amount": _money(stakes.ante, dec),
        "players": [
            {
                "id": i,
                "seat": s.seat,
                "name": s.player,
                "display": s.player,
                "starting_stack": _money(s.stack, dec),
                "is_sitting_out": s.sitting_out,
            }
            for i, s in enumerate(record.seats)
        ],
        "rounds": _rounds(record, ids),
        "pots": _write_pots(record, ids),
    }
    if record.button is None:
        del ohh["dealer_seat"]
    if record.max_seats is None:
        del ohh["table_size"]
    if record.started_at is None:
        del ohh["start_date_utc"]
    extension = _extension(record)
    if extension:
        ohh["sixplus"] = extension
    return ohh


def _extension(record: HandRecord) -> dict[str, Any]:
    dec = record.decimals
    extension: dict[str, Any] = {}
    if record.game.variant in (Variant.SHORTDECK, Variant.OMAHA5):
        extension["variant"] = record.game.variant.value
    game_type = _GAME_TYPES.get(record.game.variant, "Holdem")
    if record.game.declared != f"{game_type} {_BET_TYPES[record.game.betting]}":
        extension["declared"] = record.game.declared
    if record.game.ranking is not None:
        extension["ranking"] = record.game.ranking
    if record.game.rules is not None:
        extension["rules"] = record.game.rules
    standard = {"ante", "small_blind", "big_blind", "cap"}
    extra = {
        f.name: _money(getattr(record.stakes, f.name), dec)
        for f in msgspec.structs.fields(record.stakes)
        if f.name not in standard and getattr(record.stakes, f.name)
    }
    if extra:
        extension["stakes"] = extra
    if record.finishing_stacks is not None:
        extension["finishing_stacks"] = [_money(v, dec) for v in record.finishing_stacks]
    ids = {s.player: i for i, s in enumerate(record.seats)}
    if record.returned:
        extension["returned"] = [{"player_id": ids[r.player], "amount": _money(r.amount, dec)} for r in record.returned]
    if record.cashouts:
        extension["cashouts"] = [
            {"player_id": ids[c.player], "amount": _money(c.amount, dec), "fee": _money(c.fee, dec)}
            for c in record.cashouts
        ]
    if not record.pots:
        extension["pots_stated"] = False
    return extension


def _rounds(record: HandRecord, ids: dict[str, int]) -> list[dict[str, Any]]:
    dec = record.decimals
    board = record.boards[0] if record.boards else ()
    cuts = {Street.PREFLOP: (0, 0), Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}
    last = max((STREETS.index(a.street) for a in record.actions), default=0)
    dealt_to = {0: 0, 3: 1, 4: 2, 5: 3}.get(len(board), 3)
    rounds: list[dict[str, Any]] = []
    number = 1
    totals: dict[str, int] = {}
    for index, street in enumerate(STREETS[: max(last, dealt_to) + 1]):
        low, high = cuts[street]
        actions: list[dict[str, Any]] = []
        if street is Street.PREFLOP:
            for post in record.posts:
                posted = _action(
                    number, ids[post.player], _POST_NAMES[post.kind], _money(post.amount, dec), post.all_in
                )
                if post.kind is PostKind.BOMB:
                    posted["sixplus"] = {"kind": "bomb"}
                actions.append(posted)
                number += 1
                if post.kind.is_live:
                    totals[post.player] = totals.get(post.player, 0) + post.amount
            for shown in record.shown:
                if shown.mucked:
                    actions.append(_action(number, ids[shown.player], "Dealt Cards", Decimal(0), False, shown.cards))
                    number += 1
        else:
            totals = {}
        for act in (a for a in record.actions if a.street is street):
            before = totals.get(act.player, 0)
            name = {ActionKind.BET: "Bet", ActionKind.RAISE: "Raise"}.get(act.kind, act.kind.value.capitalize())
            added = act.to - before if act.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) else 0
            if act.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
                totals[act.player] = act.to
            actions.append(_action(number, ids[act.player], name, _money(added, dec), act.all_in))
            number += 1
        item: dict[str, Any] = {"id": index, "street": street.value.capitalize(), "actions": actions}
        if high:
            item["cards"] = list(board[low:high])
        rounds.append(item)
    for run, extra in enumerate(record.boards[1:], start=1):
        start = next((i for i, (a, b) in enumerate(zip(board, extra)) if a != b), len(extra))
        for street in STREETS[1:]:
            low, high = cuts[street]
            if high > start and high <= len(extra):
                rounds.append(
                    {
                        "id": len(rounds),
                        "street": street.value.capitalize(),
                        "cards": list(extra[low:high]),
                        "actions": [],
                        "sixplus": {"run": run},
                    }
                )
    showdown = [
        _action(i + 1, ids[s.player], "Shows Cards", Decimal(0), False, s.cards)
        for i, s in enumerate(x for x in record.shown if not x.mucked)
    ]
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
    return rounds


def _action(
    number: int, player: int, name: str, amount: Decimal, all_in: bool, cards: tuple[str, ...] = ()
) -> dict[str, Any]:
    item: dict[str, Any] = {
        "action_number": number,
        "player_id": player,
        "action": name,
        "amount": amount,
        "is_allin": all_in,
    }
    if cards:
        item["cards"] = list(cards)
    return item


def _write_pots(record: HandRecord, ids: dict[str, int]) -> list[dict[str, Any]]:
    dec = record.decimals
    numbers = sorted({a.pot or 0 for a in record.awards} | set(range(len(record.pots))))
    rakes = [d for d in record.deductions if d.kind == "rake"]
    jackpots = [d for d in record.deductions if d.kind == "jackpot"]
    pots: list[dict[str, Any]] = []
    for i, number in enumerate(numbers):
        wins = [a for a in record.awards if (a.pot or 0) == number]
        rake = rakes[i].amount if i < len(rakes) else 0
        jackpot = jackpots[i].amount if i < len(jackpots) else 0
        amount = record.pots[number] if number < len(record.pots) else sum(a.amount for a in wins) + rake + jackpot
        items = []
        for win in wins:
            win_item: dict[str, Any] = {"player_id": ids[win.player], "win_amount": _money(win.amount, dec)}
            cashout = next((c for c in record.cashouts if c.player == win.player), None)
            if cashout is not None:
                win_item["cashout_amount"] = _money(cashout.amount, dec)
                win_item["cashout_fee"] = _money(cashout.fee, dec)
            extension = {k: v for k, v in (("run", win.run), ("description", win.description)) if v}
            if win.pot is None:
                extension["pot"] = "unspecified"
            if extension:
                win_item["sixplus"] = extension
            items.append(win_item)
        pots.append(
            {
                "number": number,
                "amount": _money(amount, dec),
                "rake": _money(rake, dec),
                "jackpot": _money(jackpot, dec),
                "player_wins": items,
            }
        )
    return pots
