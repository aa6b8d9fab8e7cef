"""The PHH writer: records as ``.phh`` (one hand) or ``.phhs`` (several) text.

Players are written in PHH order (first after the button, the button last), forced bets
as the ``antes`` and ``blinds_or_straddles`` arrays (a dead blind joins the player's ante; a
live big blind posted out of position is pokerkit's negative "post bet"), actions as street
totals, shows after the whole board (pokerkit accepts that for every hand, all-in or not).
A hand written and read back by :mod:`parsers.phh` gives the same record, source positions
aside. What PHH has no field for is named in a ``#`` comment above the hand; a hand PHH
cannot express raises :class:`~parsers.errors.ParseError` (``UNSUPPORTED_GAME``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from parsers.errors import T_, ParseError, RejectCode
from parsers.phh_spec import FIXED, FORMAT, SUPPORTED
from parsers.record import STREETS, ActionKind, HandRecord, PostKind, Seat, money_text

_CODES = {value: key for key, value in SUPPORTED.items()}


def write_phh(records: Iterable[HandRecord]) -> str:
    """Records as PHH: one hand gives a ``.phh`` document, several a ``.phhs`` file."""
    texts = [_write_hand(r) for r in records]
    if len(texts) == 1:
        return texts[0]
    return "".join(f"[{i}]\n{t}\n" for i, t in enumerate(texts, start=1))


def _unsupported(record: HandRecord, what: str) -> ParseError:
    return ParseError(
        expected=T_("a hand PHH can express (NT, NS, FT, PO or FO/8, one board, no bomb pot)"),
        found=what,
        format=FORMAT,
        hand_id=record.hand_id,
        code=RejectCode.UNSUPPORTED_GAME,
    )


def _write_hand(record: HandRecord) -> str:
    code = _CODES.get((record.game.variant, record.game.betting))
    if code is None:
        raise _unsupported(record, f"{record.game.variant} {record.game.betting}")
    if len(record.boards) > 1:
        raise _unsupported(record, f"{len(record.boards)} boards")
    if any(p.kind is PostKind.BOMB for p in record.posts):
        raise _unsupported(record, "a bomb pot")
    seats = _phh_order(record)
    names = [s.player for s in seats]
    index = {name: i for i, name in enumerate(names)}
    count = len(seats)
    antes, blinds = _forced_arrays(record, index, code)
    dec = record.decimals
    fields: list[tuple[str, str]] = [("variant", _string(code))]
    fields.append(("antes", _list(antes, dec)))
    fields.append(("blinds_or_straddles", _list(blinds, dec)))
    stakes = record.stakes
    if code in FIXED:
        fields.append(("small_bet", money_text(stakes.small_bet or stakes.big_blind, dec)))
        fields.append(("big_bet", money_text(stakes.big_bet or 2 * (stakes.small_bet or stakes.big_blind), dec)))
    else:
        fields.append(("min_bet", money_text(stakes.min_bet or stakes.big_blind or stakes.button_blind, dec)))
    fields.append(("starting_stacks", _list([s.stack for s in seats], dec)))
    fields.append(("actions", "[\n" + "".join(f"  {_string(a)},\n" for a in _actions(record, index)) + "]"))
    fields.append(("players", "[" + ", ".join(_string(n) for n in names) + "]"))
    fields.append(("seats", "[" + ", ".join(str(s.seat) for s in seats) + "]"))
    if record.awards:
        won = [0] * count
        for award in record.awards:
            won[index[award.player]] += award.amount
        fields.append(("winnings", _list(won, dec)))
    if record.finishing_stacks is not None:
        fields.append(("finishing_stacks", _list(list(record.finishing_stacks), dec)))
    fields.extend(_optional_fields(record))
    omitted = _omitted(record)
    head = f"# not expressible in PHH, left out: {'; '.join(omitted)}\n" if omitted else ""
    return head + "".join(f"{key} = {value}\n" for key, value in fields)


def _phh_order(record: HandRecord) -> list[Seat]:
    """Seats from the first after the button round to the button (PHH's p1 .. pN)."""
    playing = {p.player for p in record.posts} | {a.player for a in record.actions}
    seats = [s for s in record.seats if not s.sitting_out or s.player in playing]
    if record.button is None or seats[-1].seat == record.button:
        return seats
    ordered = sorted(seats, key=lambda s: s.seat)
    after = [s for s in ordered if s.seat > record.button]
    return after + [s for s in ordered if s.seat <= record.button]


def _forced_arrays(record: HandRecord, index: dict[str, int], code: str) -> tuple[list[int], list[int]]:
    count = len(index)
    antes = [0] * count
    blinds = [0] * count

    def entry(player: str) -> int:
        return count - 1 - index[player] if count == 2 else index[player]

    nominal = {
        PostKind.SMALL_BLIND: record.stakes.small_blind,
        PostKind.BIG_BLIND: record.stakes.big_blind,
        PostKind.BUTTON_BLIND: record.stakes.button_blind,
        PostKind.STRADDLE: record.stakes.straddle,
        PostKind.ANTE: record.stakes.ante,
    }
    for post in record.posts:
        amount = max(post.amount, nominal.get(post.kind, 0)) if post.all_in else post.amount
        if not post.kind.is_live:
            antes[entry(post.player)] += amount
        elif post.kind is PostKind.BIG_BLIND and entry(post.player) != 1:
            blinds[entry(post.player)] -= amount  # pokerkit's live "post bet"
        else:
            blinds[entry(post.player)] += amount
    return antes, blinds


def _actions(record: HandRecord, index: dict[str, int]) -> list[str]:
    shown = {s.player: s for s in record.shown}
    lines = []
    for player, i in index.items():
        cards = shown[player].cards if player in shown else ("??", "??")
        lines.append(f"d dh p{i + 1} {''.join(cards)}")
    board = record.boards[0] if record.boards else ()
    dealt = 0
    folded: set[str] = set()
    all_in: set[str] = {p.player for p in record.posts if p.all_in}
    for action in record.actions:
        want = {0: 0, 1: 3, 2: 4, 3: 5}[STREETS.index(action.street)]
        if want > dealt:
            cards = tuple(board[dealt:want]) + ("??",) * (want - max(dealt, len(board)))
            lines.append(f"d db {''.join(cards)}")
            dealt = want
        tag = f"p{index[action.player] + 1}"
        if action.kind is ActionKind.FOLD:
            folded.add(action.player)
            lines.append(f"{tag} f")
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            lines.append(f"{tag} cc")
        else:
            lines.append(f"{tag} cbr {money_text(action.to, record.decimals)}")
        if action.all_in:
            all_in.add(action.player)
    showdown = [s for s in record.shown if s.player not in folded and (not s.mucked or len(index) - len(folded) > 1)]
    shows = [f"p{index[s.player] + 1} sm" + ("" if s.mucked else f" {''.join(s.cards)}") for s in showdown]
    remaining = [board[dealt:3]] if dealt < 3 and len(board) >= 3 else []
    remaining += [board[i : i + 1] for i in range(max(dealt, 3), len(board))]
    lines.extend(f"d db {''.join(cards)}" for cards in remaining if cards)
    lines.extend(shows)  # after the whole board: pokerkit accepts that for all-in hands too
    return lines


def _optional_fields(record: HandRecord) -> list[tuple[str, str]]:
    fields: list[tuple[str, str]] = []
    if record.game.site:
        fields.append(("venue", _string(record.game.site)))
    if record.currency != "CHIPS":
        fields.append(("currency", _string(record.currency)))
    if record.table:
        fields.append(("table", _string(record.table)))
    if record.max_seats is not None:
        fields.append(("seat_count", str(record.max_seats)))
    if re.fullmatch(r"[0-9]+", record.hand_id):
        fields.append(("hand", record.hand_id))
    match = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}:\d{2}:\d{2}))?)?)?", record.started_at or "")
    if match:
        for key, value in zip(("year", "month", "day", "time"), match.groups()):
            if value is not None:
                fields.append((key, value if key == "time" else str(int(value))))
    return fields


def _omitted(record: HandRecord) -> list[str]:
    dec = record.decimals
    left_out = [f"{d.kind} {money_text(d.amount, dec)}" for d in record.deductions]
    left_out += [f"cash out {c.player} {money_text(c.amount, dec)}" for c in record.cashouts]
    left_out += [f"returned {r.player} {money_text(r.amount, dec)}" for r in record.returned]
    if record.pots or record.total_pot is not None:
        left_out.append("pot amounts")
    if any(a.pot is not None or a.run or a.description for a in record.awards):
        left_out.append("award pots and descriptions")
    return left_out


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are valid TOML escapes).

    >>> _string('Tom "the bomb"')
    '"Tom \\\\"the bomb\\\\""'
    """
    return json.dumps(text, ensure_ascii=False)


def _list(values: list[int], decimals: int) -> str:
    return "[" + ", ".join(money_text(v, decimals) for v in values) + "]"
