"""The lookup tables behind the fast evaluators, built once per process on first use.

Every card gets one integer *key*; the key of a hand is the sum of its cards' keys::

    key(card) = RANK_KEYS[rank] << 19 | 1 << 16 | 1 << 4 * suit

so the sum holds, side by side, a rank-multiset key (bits 19 and up), the number of cards
(bits 16-18) and one 4-bit counter per suit (bits 0-15). Starting the sum at ``0x3333``
makes bit 3 of a suit's counter flip exactly when that suit holds five cards or more, so
``key & 0x8888`` says "flush" at once. Five to seven cards cannot hold a flush and a full
house (or four of a kind) together, so a flush hand is judged by its suit's ranks alone.

``RANK_KEYS`` is the greedy sequence (each key the smallest that keeps every multiset of
up to seven ranks, at most four of a kind, apart from every other of the same size); the
multiset sums then index a table of the best non-flush strength directly. With the nine
short-deck ranks a 7-card sum stays below 117,511, so that table (470 kB) sits in cache.

Building one ranking's tables takes up to a second of CPU, so they are built once, not in every
process: ``setup.py`` writes them beside this module when the package is built (:func:`main`),
and a process that finds none there builds them on first use and keeps them in the user's cache
(``$SIXPLUS_CACHE``, else ``$XDG_CACHE_HOME/sixplus`` or ``~/.cache/sixplus``). A cached file is
named after the code that builds it (a hash of this module's and
:mod:`~analyzer.evaluator.categories`' sources and the Python version) and starts with the SHA-256
of its contents: a file from other code, or a damaged one, is never read, only rebuilt. Loading
one takes a few milliseconds for the short deck (10,230 multisets) and about 15 ms of CPU in a fresh
process for 52 cards (73,775 multisets, a 780 kB file): unmarshalling the dict is that cost, the
SHA-256 check of the whole file about 1 ms of it (measured for issue 13's start-up).
Strengths are those of :mod:`analyzer.evaluator.reference` (the tests compare them all).
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import sys
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from analyzer.evaluator.categories import CATEGORY_SHIFT, ORDER, POSITION, Category, Ranking

#: greedy additive keys: multisets (counts <= 4, at most 7 ranks) of one size have distinct sums
RANK_KEYS: tuple[int, ...] = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_SHIFT = 19  # where the rank-multiset key starts in a hand key
COUNT_SHIFT = 16  # where the card count starts
SUIT_OFFSET = 0x3333  # start of the sum: a suit counter reaching 5 sets its bit 3
FLUSH_BITS = 0x8888
#: a flush's suit from ``key & FLUSH_BITS``
FLUSH_SUIT: dict[int, int] = {0x8 << (4 * suit): suit for suit in range(4)}
#: a card that is not in the deck gets this rank key: any sum holding it has no table entry
NOT_IN_DECK = 1 << 40

C = Category


def lowest_rank(ranking: Ranking) -> int:
    """The lowest rank of the ranking's deck: 6 for the short deck, 2 for 52 cards."""
    return 2 if ranking is Ranking.STANDARD else 6


def card_keys(ranking: Ranking) -> tuple[int, ...]:
    """The key of each card index 0..51 under the ranking's deck (cards outside it never match).

    >>> keys = card_keys(Ranking.STRAIGHT_OVER_TRIPS)
    >>> keys[16] == 1 << 16 | 1  # the six of clubs: rank key 0, one card, one club
    True
    """
    low = lowest_rank(ranking)
    out = []
    for index in range(52):
        rank, suit = index // 4 + 2, index % 4
        rank_key = RANK_KEYS[rank - low] if rank >= low else NOT_IN_DECK
        out.append(rank_key << RANK_SHIFT | 1 << COUNT_SHIFT | 1 << (4 * suit))
    return tuple(out)


def pack(ranking: Ranking, category: Category, ranks: list[int] | tuple[int, ...]) -> int:
    """A strength: the category's position, then up to five ranks, four bits each.

    >>> hex(pack(Ranking.STANDARD, Category.ONE_PAIR, [14, 13, 9, 7]))
    '0x1ed970'
    """
    value = POSITION[ranking][category] << CATEGORY_SHIFT
    for i, rank in enumerate(ranks[:5]):
        value |= rank << (16 - 4 * i)
    return value


def _windows(ranking: Ranking) -> tuple[tuple[int, int], ...]:
    """(rank mask, top card) of every straight of the ranking's deck, best first."""
    low = lowest_rank(ranking)
    out = [(0x1F << (top - 6), top) for top in range(14, low + 3, -1)]
    wheel = low + 3  # A-2-3-4-5 (52 cards) or A-6-7-8-9 (36 cards)
    out.append((1 << 12 | 0xF << (low - 2), wheel))
    return tuple(out)


def straight_top(mask: int, ranking: Ranking) -> int:
    """The top card of the best straight in a rank mask (bit ``rank - 2``), or 0.

    >>> straight_top(rank_mask([14, 6, 7, 8, 9, 12]), Ranking.STRAIGHT_OVER_TRIPS)
    9
    >>> straight_top(rank_mask([14, 6, 7, 8, 9]), Ranking.STANDARD)
    0
    >>> straight_top(rank_mask([14, 2, 3, 4, 5, 6]), Ranking.STANDARD)
    6
    """
    for window, top in _windows(ranking):
        if mask & window == window:
            return top
    return 0


def rank_mask(ranks: list[int] | tuple[int, ...]) -> int:
    """Bit ``rank - 2`` set for each rank."""
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    return mask


def _order(ranking: Ranking) -> tuple[Category, ...]:
    """The categories a hand without a flush can make, best first."""
    return tuple(c for c in reversed(ORDER[ranking]) if c not in (C.FLUSH, C.STRAIGHT_FLUSH))


def nonflush_strength(groups: list[tuple[int, int]], ranking: Ranking, straights: tuple[int, ...]) -> int:
    """The best five of a rank multiset (5 to 7 cards) when no five share a suit.

    ``groups`` are (rank, count) pairs, ranks falling; ``straights`` maps a rank mask to
    its straight's top card (0 for none).

    >>> sd = Ranking.TRIPS_OVER_STRAIGHT
    >>> hex(nonflush_strength([(14, 3), (9, 1), (8, 1), (7, 1), (6, 1)], sd, straight_table(sd)))
    '0x4e9800'
    """
    present = [r for r, _ in groups]
    for category in _ORDERS[ranking]:
        if category is C.STRAIGHT:
            top = straights[rank_mask(present)]
            if top:
                return pack(ranking, C.STRAIGHT, [top])
            continue
        need = _SHAPES[category]
        core: list[int] = []
        for n in need:
            for r, count in groups:
                if count >= n and r not in core:
                    core.append(r)
                    break
        if len(core) < len(need):
            continue
        kickers = [r for r in present if r not in core][: _KICKERS[category]]
        return pack(ranking, category, core + kickers)
    raise AssertionError("unreachable: every multiset of five ranks or more has a high card")


#: each category's groups (the counts it needs, most important first) and its number of kickers
_SHAPES: dict[Category, tuple[int, ...]] = {
    C.FOUR_OF_A_KIND: (4,),
    C.FULL_HOUSE: (3, 2),
    C.THREE_OF_A_KIND: (3,),
    C.TWO_PAIR: (2, 2),
    C.ONE_PAIR: (2,),
    C.HIGH_CARD: (),
}
_KICKERS: dict[Category, int] = {
    C.FOUR_OF_A_KIND: 1,
    C.FULL_HOUSE: 0,
    C.THREE_OF_A_KIND: 2,
    C.TWO_PAIR: 1,
    C.ONE_PAIR: 3,
    C.HIGH_CARD: 5,
}
_ORDERS: dict[Ranking, tuple[Category, ...]] = {r: _order(r) for r in Ranking}


def straight_table(ranking: Ranking) -> tuple[int, ...]:
    """The top card of the best straight for each 13-bit rank mask (0 for none)."""
    table = [0] * (1 << 13)
    for window, top in reversed(_windows(ranking)):  # better straights overwrite
        for mask in range(1 << 13):
            if mask & window == window:
                table[mask] = top
    return tuple(table)


def flush_strength(mask: int, ranking: Ranking, straights: tuple[int, ...]) -> int:
    """The best five of one suit's ranks, given as a rank mask with five bits or more.

    >>> sd = Ranking.STRAIGHT_OVER_TRIPS
    >>> hex(flush_strength(rank_mask([14, 6, 7, 8, 9]), sd, straight_table(sd)))  # A-6-7-8-9 suited
    '0x890000'
    """
    top = straights[mask]
    if top:
        return pack(ranking, C.STRAIGHT_FLUSH, [top])
    return pack(ranking, C.FLUSH, [r for r in range(14, 1, -1) if mask >> (r - 2) & 1][:5])


def rank_multisets(ranking: Ranking) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """Every multiset of 5 to 7 ranks of the ranking's deck, at most four of a rank, as
    (size, [(rank, count), ...] with ranks falling)."""
    ranks = list(range(14, lowest_rank(ranking) - 1, -1))

    def walk(start: int, size: int, groups: list[tuple[int, int]]) -> Iterator[tuple[int, list[tuple[int, int]]]]:
        if size >= 5:
            yield size, groups
        for i in range(start, len(ranks)):  # the next rank present, below the last one
            for n in range(1, min(4, 7 - size) + 1):
                yield from walk(i + 1, size + n, [*groups, (ranks[i], n)])

    return walk(0, 0, [])


def multiset_key(groups: list[tuple[int, int]], ranking: Ranking) -> int:
    """The rank-multiset part of a hand key (bits 19 and up, shifted down)."""
    low = lowest_rank(ranking)
    return sum(RANK_KEYS[r - low] * n for r, n in groups)


@dataclass(frozen=True, slots=True)
class Tables:
    """One ranking's tables.

    ``nonflush`` maps ``key >> 16`` (multiset key and card count) to the strength;
    ``flush`` maps a 13-bit suit mask (five bits or more) to the strength, 0 elsewhere.
    """

    ranking: Ranking
    keys: tuple[int, ...]
    nonflush: dict[int, int]
    flush: tuple[int, ...]


def build(ranking: Ranking) -> Tables:
    """Build one ranking's tables (52 cards: about 74,000 multisets)."""
    straights = straight_table(ranking)
    nonflush: dict[int, int] = {}
    for size, groups in rank_multisets(ranking):
        nonflush[multiset_key(groups, ranking) << 3 | size] = nonflush_strength(groups, ranking, straights)
    flush = [0] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            flush[mask] = flush_strength(mask, ranking, straights)
    return Tables(ranking, card_keys(ranking), nonflush, tuple(flush))


def _source_key() -> str:
    """A hash of the code that builds the tables and of the Python that marshals them."""
    digest = hashlib.sha256(f"{sys.version_info[:2]} marshal {marshal.version}".encode())
    here = Path(__file__).resolve().parent
    for name in ("tables.py", "categories.py"):
        source = here / name
        digest.update(source.read_bytes() if source.exists() else name.encode())
    return digest.hexdigest()[:16]


SOURCE_KEY = _source_key()
#: the tables written when the package is built (setup.py), beside this module
BUILT = Path(__file__).resolve().parent


def cache_dir() -> Path:
    """Where a process keeps the tables it had to build (``$SIXPLUS_CACHE`` first)."""
    if os.environ.get("SIXPLUS_CACHE"):
        return Path(os.environ["SIXPLUS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sixplus"


def cache_name(ranking: Ranking) -> str:
    """The file name of a ranking's cached tables: the ranking and the code that built them."""
    return f"tables-{ranking.value}-{SOURCE_KEY}.bin"


def dump(tables: Tables) -> bytes:
    """A ranking's tables as bytes: the SHA-256 of the rest, then the marshalled tables."""
    payload = marshal.dumps((tables.ranking.value, tables.keys, tables.nonflush, tables.flush))
    return hashlib.sha256(payload).digest() + payload


def load(data: bytes, ranking: Ranking) -> Tables | None:
    """The tables :func:`dump` wrote, or None if the bytes are damaged or of another ranking.

    >>> t = build(Ranking.TRIPS_OVER_STRAIGHT)
    >>> load(dump(t), Ranking.TRIPS_OVER_STRAIGHT) == t
    True
    >>> load(dump(t)[:-1], Ranking.TRIPS_OVER_STRAIGHT), load(dump(t), Ranking.STANDARD)
    (None, None)
    """
    digest, payload = data[:32], data[32:]
    if hashlib.sha256(payload).digest() != digest:
        return None
    name, keys, nonflush, flush = marshal.loads(payload)
    if name != ranking.value:
        return None
    return Tables(ranking, keys, nonflush, flush)


def write(tables: Tables, folder: Path) -> Path:
    """Write a ranking's tables into a folder at once (a reader sees the old file or the new one)."""
    import tempfile  # only when tables are written: its import costs a start-up a few milliseconds

    folder.mkdir(parents=True, exist_ok=True)
    target = folder / cache_name(tables.ranking)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tables-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(dump(tables))
        os.chmod(temporary, 0o644)  # readable by every user of an installed package
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def cached(ranking: Ranking) -> Tables:
    """A ranking's tables: as built with the package, else from the user's cache, else built now
    (and kept in the user's cache when it can be written)."""
    for folder in (BUILT, cache_dir()):
        try:
            data = (folder / cache_name(ranking)).read_bytes()
        except OSError:
            continue
        tables = load(data, ranking)
        if tables is not None:
            return tables
    tables = build(ranking)
    with contextlib.suppress(OSError):  # a read-only home: the tables live in this process only
        write(tables, cache_dir())
    return tables


class _Cache(dict[Ranking, Tables]):
    """Tables by ranking, each loaded (or built) when first asked for (a plain string works as a key too)."""

    def __missing__(self, key: Ranking) -> Tables:
        ranking = Ranking(key)
        tables = cached(ranking)
        self[ranking] = tables
        return tables


TABLES: dict[Ranking, Tables] = _Cache()


def tables(ranking: Ranking) -> Tables:
    return TABLES[ranking]


def dense_nonflush(ranking: Ranking, size: int) -> array[int]:
    """The non-flush strengths of one hand size (5, 6 or 7) as a flat int32 array indexed by the
    multiset key (``key >> RANK_SHIFT``), 0 where no multiset has that key: the layout the numpy
    batch and the C kernel read."""
    entries = [(k >> 3, v) for k, v in TABLES[ranking].nonflush.items() if k & 7 == size]
    out = array("i", bytes(4 * (max(k for k, _ in entries) + 1)))
    for k, v in entries:
        out[k] = v
    return out


def main(argv: list[str]) -> int:
    """Build every ranking's tables into the folder ``argv[0]`` (beside this module without one):
    what ``setup.py`` runs when the package is built."""
    folder = Path(argv[0]) if argv else BUILT
    for stale in folder.glob("tables-*.bin"):
        stale.unlink()
    for ranking in Ranking:
        print(write(build(ranking), folder))
    return 0
