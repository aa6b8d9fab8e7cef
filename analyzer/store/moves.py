"""The ``actions`` table of a chunk of hands, column by column: every forced post and action
read from the records' objects, and the chips each action added counted with numpy.

An action's amount is what it added to the player's total on its street: ``to`` less what
the player had in on that street before (live posts count on the first run of preflop
actions; a new street, or any change of street, starts from nothing), or nothing when the
action does not raise the player's total (a fold or check, ``to`` 0, adds nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import msgspec
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers.record import Action, Post, PostKind

_LIVE_NAMES = tuple(kind.value for kind in PostKind if kind.is_live)
_astuple: Final = msgspec.structs.astuple


def _row_type(record: type[msgspec.Struct], types: dict[str, pa.DataType]) -> pa.StructType:
    """A record's fields as an Arrow struct, in the record's field order (what ``astuple`` gives)."""
    return pa.struct([(field.name, types[field.name]) for field in msgspec.structs.fields(record)])


_POST_ROW = _row_type(
    Post, {"player": pa.string(), "kind": pa.string(), "amount": pa.int64(), "all_in": pa.bool_(), "line": pa.int32()}
)
_ACTION_ROW = _row_type(
    Action,
    {
        "street": pa.string(),
        "player": pa.string(),
        "kind": pa.string(),
        "to": pa.int64(),
        "all_in": pa.bool_(),
        "line": pa.int32(),
    },
)
_STREETS = ("preflop", "flop", "turn", "river")  # an Arrow array made at each call: no conversion at import
_LOWEST = np.iinfo(np.int64).min


def moves_columns(
    posts: list[Post], actions: list[Action], post_counts: Sequence[int], action_counts: Sequence[int]
) -> tuple[Any, Any, Any, list[pa.Array]]:
    """The rows of the hands' posts and actions, a hand's posts first: each row's hand
    number, its index within the hand, whether it is a post (numpy arrays), and the columns
    street, player, kind, to, amount, all-in, line. ``posts`` and ``actions`` are every
    hand's in turn, ``post_counts`` and ``action_counts`` how many each hand has."""
    n_posts = len(posts)
    hands = len(post_counts)
    hand_posts = np.array(post_counts, dtype=np.int64)
    hand_actions = np.array(action_counts, dtype=np.int64)
    post_hand = np.repeat(np.arange(hands, dtype=np.int64), hand_posts)
    action_hand = np.repeat(np.arange(hands, dtype=np.int64), hand_actions)
    # each record's fields read at once (a tuple in field order), converted in one pass
    p_player, p_kind, p_amount, p_all_in, p_line = pa.array(list(map(_astuple, posts)), type=_POST_ROW).flatten()
    a_street, a_player, a_kind, a_to, a_all_in, a_line = pa.array(
        list(map(_astuple, actions)), type=_ACTION_ROW
    ).flatten()
    names = pa.concat_arrays([p_player, a_player])
    codes = pc.index_in(names, value_set=pc.unique(names)).to_numpy(zero_copy_only=False).astype(np.int64)
    post_amount = p_amount.to_numpy(zero_copy_only=False)
    to = a_to.to_numpy(zero_copy_only=False)
    street_names = pa.array(_STREETS, type=pa.string())
    street_codes = pc.index_in(a_street, value_set=street_names).fill_null(-1).to_numpy(zero_copy_only=False)
    live = pc.is_in(p_kind, value_set=pa.array(_LIVE_NAMES, type=pa.string()))
    added = _added(
        action_hand,
        street_codes,
        codes[n_posts:],
        to,
        post_hand,
        codes[:n_posts],
        post_amount,
        live.to_numpy(zero_copy_only=False),
    )
    # the rows in order: a hand's posts, then its actions
    counts = hand_posts + hand_actions
    row_hand = np.repeat(np.arange(hands, dtype=np.int64), counts)
    within = np.arange(len(row_hand), dtype=np.int64) - (np.cumsum(counts) - counts)[row_hand]
    own_posts = hand_posts[row_hand]
    post_start = np.cumsum(hand_posts) - hand_posts
    action_start = np.cumsum(hand_actions) - hand_actions
    is_post = within < own_posts
    place = np.where(is_post, post_start[row_hand] + within, n_posts + action_start[row_hand] + within - own_posts)
    order = pa.array(place)

    def column(from_posts: pa.Array, from_actions: pa.Array) -> pa.Array:
        return pa.concat_arrays([from_posts, from_actions]).take(order)

    if (street_codes >= 0).all():  # the four streets: taken from their names by code
        street = street_names.take(pa.array(np.concatenate([np.zeros(n_posts, np.int8), street_codes])[place]))
    else:
        street = column(pa.array(["preflop"] * n_posts, type=pa.string()), a_street)
    columns = [
        street,
        names.take(order),
        column(p_kind, a_kind),
        pa.array(np.concatenate([post_amount, to])[place]),
        pa.array(np.concatenate([post_amount, added])[place]),
        column(p_all_in, a_all_in),
        column(p_line, a_line),
    ]
    return row_hand, within, is_post, columns


def _added(
    hand: Any, street: Any, player: Any, to: Any, post_hand: Any, post_player: Any, post_amount: Any, live: Any
) -> Any:
    """What each action added (see the module docstring), for actions in order."""
    n = len(to)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    # runs of one street within a hand: a run starts where the street differs from the
    # action before (the first action of a hand from preflop)
    first = np.ones(n, dtype=bool)
    first[1:] = hand[1:] != hand[:-1]
    before_street = np.empty(n, dtype=street.dtype)
    before_street[0] = 0
    before_street[1:] = street[:-1]
    before_street[first] = 0
    change = (street != before_street).astype(np.int64)
    run = np.cumsum(change)
    starts = np.flatnonzero(first)
    run -= np.repeat(run[starts] - change[starts], np.diff(np.append(starts, n)))
    # what a player had in when the street's betting began: live posts, on the first run
    width = int(max(player.max(initial=0), post_player.max(initial=0))) + 1
    base = np.zeros(n, dtype=np.int64)
    if live.any():
        keys, where = np.unique(post_hand[live] * width + post_player[live], return_inverse=True)
        posted = np.zeros(len(keys), dtype=np.int64)
        np.add.at(posted, where, post_amount[live])
        key = hand * width + player
        found = np.minimum(np.searchsorted(keys, key), len(keys) - 1)
        hit = (keys[found] == key) & (run == 0)
        base[hit] = posted[found[hit]]
    # the player's total before each action: the most of the base and every earlier nonzero
    # ``to`` of the same player in the same run (each group in order, a running maximum by
    # doubling steps: after the step of k, an action holds the most of its last 2k)
    order = np.lexsort((player, run, hand))  # stable: each group in action order
    group_hand, group_run, group_player = hand[order], run[order], player[order]
    same = np.zeros(n, dtype=bool)  # the action before is in the same group
    same[1:] = (
        (group_hand[1:] == group_hand[:-1])
        & (group_run[1:] == group_run[:-1])
        & (group_player[1:] == group_player[:-1])
    )
    group = np.cumsum(~same)
    sorted_to = to[order]
    best = np.where(sorted_to != 0, sorted_to, _LOWEST)
    step = 1
    while step < n:
        reach = np.zeros(n, dtype=bool)
        reach[step:] = group[step:] == group[:-step]
        if not reach.any():
            break
        shifted = np.full(n, _LOWEST, dtype=np.int64)
        shifted[step:] = best[:-step]
        best = np.where(reach, np.maximum(best, shifted), best)
        step *= 2
    previous = np.full(n, _LOWEST, dtype=np.int64)
    previous[1:] = np.where(same[1:], best[:-1], _LOWEST)
    before = np.maximum(previous, base[order])
    gain = np.where((sorted_to != 0) & (sorted_to > before), sorted_to - before, 0)
    added = np.empty(n, dtype=np.int64)
    added[order] = gain
    return added
