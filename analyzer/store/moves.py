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

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers.record import Action, Post, PostKind

_LIVE: Final = frozenset(kind for kind in PostKind if kind.is_live)
_STREETS = ("preflop", "flop", "turn", "river")  # an Arrow array made at each call: no conversion at import
_LOWEST = np.iinfo(np.int64).min


def moves_columns(
    posts: list[Post], actions: list[Action], post_counts: Sequence[int], action_counts: Sequence[int]
) -> tuple[Any, Any, Any, list[pa.Array]]:
    """The rows of the hands' posts and actions, a hand's posts first: each row's hand
    number, its index within the hand, whether it is a post (numpy arrays), and the columns
    street, player, kind, to, amount, all-in, line. ``posts`` and ``actions`` are every
    hand's in turn, ``post_counts`` and ``action_counts`` how many each hand has."""
    n_posts, n_actions = len(posts), len(actions)
    hands = len(post_counts)
    hand_posts = np.array(post_counts, dtype=np.int64)
    hand_actions = np.array(action_counts, dtype=np.int64)
    post_hand = np.repeat(np.arange(hands, dtype=np.int64), hand_posts)
    action_hand = np.repeat(np.arange(hands, dtype=np.int64), hand_actions)
    names = pa.array([p.player for p in posts] + [a.player for a in actions], type=pa.string())
    codes = pc.index_in(names, value_set=pc.unique(names)).to_numpy(zero_copy_only=False).astype(np.int64)
    post_amount = np.fromiter([p.amount for p in posts], dtype=np.int64, count=n_posts)
    post_kinds = [p.kind for p in posts]
    to = np.fromiter([a.to for a in actions], dtype=np.int64, count=n_actions)
    street_names = pa.array(_STREETS, type=pa.string())
    streets = pa.array([a.street for a in actions], type=pa.string())
    street_codes = pc.index_in(streets, value_set=street_names).fill_null(-1).to_numpy(zero_copy_only=False)
    added = _added(
        action_hand,
        street_codes,
        codes[n_posts:],
        to,
        post_hand,
        codes[:n_posts],
        post_amount,
        np.fromiter([kind in _LIVE for kind in post_kinds], dtype=bool, count=n_posts),
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

    def column(from_posts: list[Any] | Any, from_actions: list[Any] | Any, kind: pa.DataType) -> pa.Array:
        both = pa.concat_arrays([pa.array(from_posts, type=kind), pa.array(from_actions, type=kind)])
        return both.take(order)

    if (street_codes >= 0).all():  # the four streets: taken from their names by code
        street = street_names.take(pa.array(np.concatenate([np.zeros(n_posts, np.int8), street_codes])[place]))
    else:
        street = column(pa.array(["preflop"] * n_posts, type=pa.string()), streets, pa.string())
    columns = [
        street,
        names.take(order),
        column(post_kinds, [a.kind for a in actions], pa.string()),
        pa.array(np.concatenate([post_amount, to])[place]),
        pa.array(np.concatenate([post_amount, added])[place]),
        column([p.all_in for p in posts], [a.all_in for a in actions], pa.bool_()),
        column([p.line for p in posts], [a.line for a in actions], pa.int32()),
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
