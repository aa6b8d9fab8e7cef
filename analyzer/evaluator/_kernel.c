/*
 * The evaluator kernel: the lookup tables of analyzer/evaluator/tables.py walked by plain C loops.
 *
 * Nothing here knows a poker rule. analyzer/evaluator/kernel.py builds the tables in Python
 * (tables.py, the one implementation) and hands them over once per ranking ("register"); this
 * file only adds card keys, checks the suit counters and reads the tables:
 *
 *   key  = 0x3333 + sum of the cards' keys   (rank-multiset key from bit 19, card count at
 *                                            bits 16-18, one 4-bit counter per suit)
 *   flush: key & 0x8888 names the suit with five cards or more -> flush[that suit's rank mask]
 *   else:  nonflush[size][key >> 19]
 *
 * Entry points (all take the slot number the Python side registered the ranking under, or for
 * strength_of the ranking object itself):
 *   register(slot, ranking, keys, nonflush5, nonflush6, nonflush7, flush)   tables as bytes
 *   strength_of(indices, ranking)   one hand of 5-7 card indices -> int
 *   batch(slot, hands, out)         C-contiguous (N, k) uint8 hands -> out int32[N]; returns -1,
 *                                   or the row of the first card outside the deck
 *   tally(slot, hands, board, remaining, pots, counts)
 *                                   every run-out of the board from ``remaining``: counts[p][h][j]
 *                                   (int64) += 1 where hand h is best in pot p with j others
 *                                   (counted by rank multisets, flush boards apart: see below)
 *
 * Built by setup.py as an optional extension; without it the numpy paths give the same
 * results (tests/analyzer/test_kernel.py compares them).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 3
#define SUIT_OFFSET 0x3333u
#define FLUSH_BITS 0x8888u
#define RANK_SHIFT 19
#define BAD_CARD (1ull << 59) /* the key of an index outside the deck: seven of them still fit */
#define MAX_HANDS 32
#define MAX_POTS 32

typedef struct {
    PyObject *ranking; /* the Ranking member (a strong reference), NULL while empty */
    uint64_t keys[256]; /* by card index; BAD_CARD for indices outside the deck (and >= 52) */
    int32_t *nonflush[8]; /* by hand size 5..7: strength by key >> 19, 0 where no multiset */
    Py_ssize_t nonflush_len[8];
    int32_t flush[1 << 13]; /* strength by a suit's 13-bit rank mask */
} Slot;

static Slot slots[SLOTS];
static PyObject *loader = NULL; /* kernel.py's function: ranking -> slot, registering on demand */

static inline unsigned suit_of(uint64_t flags) { return (unsigned)__builtin_ctzll(flags) >> 2; }

/* ---- registration ---- */

static int copy_table(PyObject *bytes, void *dest, Py_ssize_t size) {
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != size) {
        PyErr_SetString(PyExc_ValueError, "kernel: a table of the wrong size");
        return -1;
    }
    memcpy(dest, PyBytes_AS_STRING(bytes), (size_t)size);
    return 0;
}

static PyObject *k_register(PyObject *self, PyObject *args) {
    int slot;
    PyObject *ranking, *keys, *nf[3], *flush;
    if (!PyArg_ParseTuple(args, "iOSSSSS", &slot, &ranking, &keys, &nf[0], &nf[1], &nf[2], &flush))
        return NULL;
    if (slot < 0 || slot >= SLOTS) {
        PyErr_SetString(PyExc_ValueError, "kernel: no such slot");
        return NULL;
    }
    Slot *s = &slots[slot];
    if (s->ranking != NULL) /* tables are handed over once and never freed: a batch may be reading them */
        Py_RETURN_NONE;
    int64_t card_keys[52];
    if (copy_table(keys, card_keys, sizeof card_keys) < 0 || copy_table(flush, s->flush, sizeof s->flush) < 0)
        return NULL;
    for (int i = 0; i < 256; i++)
        s->keys[i] = i < 52 && card_keys[i] >= 0 ? (uint64_t)card_keys[i] : BAD_CARD;
    for (int size = 5; size <= 7; size++) {
        PyObject *table = nf[size - 5];
        Py_ssize_t bytes = PyBytes_GET_SIZE(table);
        int32_t *copy = PyMem_Malloc(bytes > 0 ? (size_t)bytes : 1);
        if (copy == NULL)
            return PyErr_NoMemory();
        memcpy(copy, PyBytes_AS_STRING(table), (size_t)bytes);
        PyMem_Free(s->nonflush[size]);
        s->nonflush[size] = copy;
        s->nonflush_len[size] = bytes / (Py_ssize_t)sizeof(int32_t);
    }
    Py_INCREF(ranking);
    Py_XSETREF(s->ranking, ranking);
    Py_RETURN_NONE;
}

static PyObject *k_set_loader(PyObject *self, PyObject *fn) {
    Py_INCREF(fn);
    Py_XSETREF(loader, fn);
    Py_RETURN_NONE;
}

/* the slot of a ranking: the registered object itself, else whatever the loader says */
static Slot *slot_of(PyObject *ranking) {
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].ranking == ranking)
            return &slots[i];
    if (loader == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "kernel: no tables loader");
        return NULL;
    }
    PyObject *got = PyObject_CallOneArg(loader, ranking);
    if (got == NULL)
        return NULL;
    long slot = PyLong_AsLong(got);
    Py_DECREF(got);
    if (slot == -1 && PyErr_Occurred())
        return NULL;
    if (slot < 0 || slot >= SLOTS || slots[slot].ranking == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "kernel: the loader gave no tables");
        return NULL;
    }
    return &slots[slot];
}

static Slot *slot_number(int slot) {
    if (slot < 0 || slot >= SLOTS || slots[slot].ranking == NULL) {
        PyErr_SetString(PyExc_ValueError, "kernel: no tables in that slot");
        return NULL;
    }
    return &slots[slot];
}

/* ---- one hand ---- */

static PyObject *k_strength_of(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "strength_of(indices, ranking)");
        return NULL;
    }
    Slot *s = slot_of(args[1]);
    if (s == NULL)
        return NULL;
    PyObject *seq = args[0], *fast = NULL;
    PyObject **items;
    Py_ssize_t n;
    if (PyList_CheckExact(seq)) {
        items = ((PyListObject *)seq)->ob_item;
        n = PyList_GET_SIZE(seq);
    } else if (PyTuple_CheckExact(seq)) {
        items = ((PyTupleObject *)seq)->ob_item;
        n = PyTuple_GET_SIZE(seq);
    } else {
        fast = PySequence_Fast(seq, "cards: expected a sequence of card indices");
        if (fast == NULL)
            return NULL;
        items = PySequence_Fast_ITEMS(fast);
        n = PySequence_Fast_GET_SIZE(fast);
    }
    if (n < 5 || n > 7) {
        Py_XDECREF(fast);
        return PyErr_Format(PyExc_ValueError, "cards: expected 5 to 7 cards, got %zd", n);
    }
    unsigned cards[7];
    uint64_t key = SUIT_OFFSET;
    for (Py_ssize_t j = 0; j < n; j++) {
        long c = PyLong_AsLong(items[j]);
        if (c == -1 && PyErr_Occurred()) {
            Py_XDECREF(fast);
            return NULL;
        }
        if (c < 0 || c > 51) {
            Py_XDECREF(fast);
            return PyErr_Format(PyExc_IndexError, "cards: expected card indices 0..51, got %ld", c);
        }
        cards[j] = (unsigned)c;
        key += s->keys[c];
    }
    Py_XDECREF(fast);
    int32_t value = 0;
    if (key >> 59) {
        /* a card outside the ranking's deck: no table entry, as the dict of the pure path */
    } else if (key & FLUSH_BITS) {
        unsigned suit = suit_of(key & FLUSH_BITS), mask = 0;
        for (Py_ssize_t j = 0; j < n; j++)
            if ((cards[j] & 3) == suit)
                mask |= 1u << (cards[j] >> 2);
        value = s->flush[mask];
    } else {
        uint64_t index = key >> RANK_SHIFT;
        if (index < (uint64_t)s->nonflush_len[n])
            value = s->nonflush[n][index];
    }
    if (value == 0) {
        PyObject *k = PyLong_FromUnsignedLongLong(key >> 16);
        if (k != NULL) {
            PyErr_SetObject(PyExc_KeyError, k);
            Py_DECREF(k);
        }
        return NULL;
    }
    return PyLong_FromLong(value);
}

/* ---- many hands ---- */

/* k is a constant at each call site, so the compiler unrolls the card loops */
static inline Py_ssize_t batch_rows(const Slot *s, const uint8_t *hands, Py_ssize_t n, const int k, int32_t *out) {
    const uint64_t *keys = s->keys;
    const int32_t *nonflush = s->nonflush[k];
    const uint64_t length = (uint64_t)s->nonflush_len[k];
    for (Py_ssize_t i = 0; i < n; i++) {
        const uint8_t *h = hands + i * k;
        uint64_t key = SUIT_OFFSET;
        for (int j = 0; j < k; j++)
            key += keys[h[j]];
        if (__builtin_expect((key >> 59) != 0, 0))
            return i;
        int32_t value;
        if (__builtin_expect((key & FLUSH_BITS) != 0, 0)) {
            unsigned suit = suit_of(key & FLUSH_BITS), mask = 0;
            for (int j = 0; j < k; j++)
                mask |= ((h[j] & 3u) == suit) << (h[j] >> 2);
            value = s->flush[mask];
        } else {
            uint64_t index = key >> RANK_SHIFT;
            value = index < length ? nonflush[index] : 0; /* duplicates: a meaningless 0, never a crash */
        }
        out[i] = value;
    }
    return -1;
}

static PyObject *k_batch(PyObject *self, PyObject *args) {
    int slot;
    PyObject *hands_obj, *out_obj;
    if (!PyArg_ParseTuple(args, "iOO", &slot, &hands_obj, &out_obj))
        return NULL;
    Slot *s = slot_number(slot);
    if (s == NULL)
        return NULL;
    Py_buffer hands, out;
    if (PyObject_GetBuffer(hands_obj, &hands, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (PyObject_GetBuffer(out_obj, &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&hands);
        return NULL;
    }
    Py_ssize_t bad = -1;
    int ok = hands.ndim == 2 && hands.itemsize == 1 && out.ndim == 1 && out.itemsize == 4 &&
             hands.shape[1] >= 5 && hands.shape[1] <= 7 && out.shape[0] == hands.shape[0] &&
             (hands.format == NULL || strcmp(hands.format, "B") == 0) && out.format != NULL &&
             (strcmp(out.format, "i") == 0 || strcmp(out.format, "=i") == 0);
    if (ok) {
        const uint8_t *h = hands.buf;
        int32_t *o = out.buf;
        Py_ssize_t n = hands.shape[0];
        Py_BEGIN_ALLOW_THREADS;
        switch (hands.shape[1]) {
        case 5: bad = batch_rows(s, h, n, 5, o); break;
        case 6: bad = batch_rows(s, h, n, 6, o); break;
        default: bad = batch_rows(s, h, n, 7, o); break;
        }
        Py_END_ALLOW_THREADS;
    }
    PyBuffer_Release(&hands);
    PyBuffer_Release(&out);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "kernel: expected (N, 5..7) uint8 hands and an int32 out of N");
        return NULL;
    }
    return PyLong_FromSsize_t(bad);
}

/* ---- every run-out ----
 *
 * The run-outs are counted by ranks; only the boards on which some hand makes a flush are
 * looked at suit by suit:
 *
 *   1. every multiset of ranks the cards to come can make, weighted by the number of ways the
 *      remaining cards deal it (the product over ranks of C(cards of the rank left, how many)),
 *      each hand valued by its ranks alone (the non-flush table);
 *   2. a hand makes a flush only in a suit the final board holds three times or more, and a
 *      five-card board holds at most one such suit; so for each suit, the boards on which some
 *      hand reaches five cards of it (the suit's cards to come chosen card by card, the other
 *      cards by rank again: they cannot make a flush) are counted once more with their true
 *      values and once less with the rank values of step 1.
 *
 * On every other board nobody has a flush, and its rank values are its true values. Heads-up
 * preflop on 52 cards this visits about 6,000 rank multisets and 30,000 flush boards instead
 * of 1,712,304 run-outs. */

typedef struct {
    int n, pots, two;
    const int32_t *nonflush;        /* 7-card strength by rank key */
    const int32_t *flush;           /* strength by a suit's 13-bit rank mask */
    uint64_t hand_rank[MAX_HANDS];  /* rank key of the hand's cards and the known board */
    uint64_t rank_key[13];          /* rank key of one card of each rank */
    int avail[13];                  /* cards of each rank the walk may deal */
    uint32_t pot_mask[MAX_POTS];
    int64_t *counts;                /* [pots][n][n]: counts[p][h][j], j others sharing */
    int64_t wins0, wins1;           /* heads-up, one pot */
    /* the suit being corrected: hands with five of it on this board, and their flush values */
    int flushing[MAX_HANDS];
    int32_t flush_value[MAX_HANDS];
} Tally;

static inline int32_t seven(const Slot *s, uint64_t key, uint64_t bits) {
    if (__builtin_expect((key & FLUSH_BITS) != 0, 0)) {
        unsigned suit = suit_of(key & FLUSH_BITS);
        return s->flush[(bits >> (16 * suit)) & 0x1FFF];
    }
    return s->nonflush[7][key >> RANK_SHIFT];
}

/* ``w`` boards (w may be negative: a correction) on which the hands have these values */
static inline void record(Tally *t, const int32_t *value, int64_t w) {
    if (t->two) {
        t->wins0 += w * (value[0] > value[1]);
        t->wins1 += w * (value[1] > value[0]);
        return;
    }
    const int n = t->n;
    for (int p = 0; p < t->pots; p++) {
        uint32_t mask = t->pot_mask[p], best_mask = 0;
        int32_t best = -1;
        int sharing = 0;
        for (int h = 0; h < n; h++) {
            if (!(mask >> h & 1))
                continue;
            if (value[h] > best) {
                best = value[h];
                best_mask = 1u << h;
                sharing = 1;
            } else if (value[h] == best) {
                best_mask |= 1u << h;
                sharing++;
            }
        }
        int64_t *row = t->counts + (Py_ssize_t)p * n * n;
        while (best_mask) {
            int h = __builtin_ctz(best_mask);
            best_mask &= best_mask - 1;
            row[h * n + sharing - 1] += w;
        }
    }
}

static inline void visit_ranks(Tally *t, uint64_t rank, int64_t w, int correcting) {
    int32_t value[MAX_HANDS], actual[MAX_HANDS];
    for (int h = 0; h < t->n; h++)
        value[h] = t->nonflush[rank + t->hand_rank[h]];
    if (!correcting) {
        record(t, value, w);
        return;
    }
    for (int h = 0; h < t->n; h++)
        actual[h] = t->flushing[h] ? t->flush_value[h] : value[h];
    record(t, actual, w);
    record(t, value, -w);
}

/* every multiset of ``left`` ranks from rank ``r`` up, within ``avail``, with its number of deals */
static void rank_walk(Tally *t, int r, int left, uint64_t rank, int64_t w, int correcting) {
    if (left == 0) {
        visit_ranks(t, rank, w, correcting);
        return;
    }
    for (; r < 13; r++) {
        const int a = t->avail[r];
        uint64_t rk = rank;
        int64_t ways = 1;
        for (int c = 1; c <= a && c <= left; c++) {
            rk += t->rank_key[r];
            ways = ways * (a - c + 1) / c; /* C(a, c) */
            rank_walk(t, r + 1, left - c, rk, w * ways, correcting);
        }
    }
}

typedef struct {
    int k, known;                   /* cards to come; the known board's cards of the suit */
    int hand_count[MAX_HANDS];      /* each hand's cards of the suit */
    unsigned hand_mask[MAX_HANDS];  /* their ranks, with the known board's of the suit */
    const uint8_t *cards;           /* the remaining cards of the suit */
    int size;
} Suit;

/* every choice of ``j`` of the suit's cards to come (from ``start``), then the rest by rank */
static void suit_walk(Tally *t, const Suit *u, int j, int start, int chosen, uint64_t rank, unsigned mask) {
    if (chosen == j) {
        for (int h = 0; h < t->n; h++) {
            t->flushing[h] = u->hand_count[h] + u->known + j >= 5;
            t->flush_value[h] = t->flushing[h] ? t->flush[u->hand_mask[h] | mask] : 0;
        }
        rank_walk(t, 0, u->k - j, rank, 1, 1);
        return;
    }
    for (int i = start; i <= u->size - (j - chosen); i++) {
        unsigned r = u->cards[i] >> 2;
        suit_walk(t, u, j, i + 1, chosen + 1, rank + t->rank_key[r], mask | 1u << r);
    }
}

static int read_cards(PyObject *obj, uint8_t *out, Py_ssize_t most, Py_ssize_t *count) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) > most) {
        PyErr_SetString(PyExc_ValueError, "kernel: expected card indices as bytes");
        return -1;
    }
    *count = PyBytes_GET_SIZE(obj);
    memcpy(out, PyBytes_AS_STRING(obj), (size_t)*count);
    for (Py_ssize_t i = 0; i < *count; i++)
        if (out[i] > 51) {
            PyErr_SetString(PyExc_ValueError, "kernel: a card index above 51");
            return -1;
        }
    return 0;
}

static PyObject *k_tally(PyObject *self, PyObject *args) {
    int slot;
    PyObject *hands_obj, *board_obj, *rest_obj, *pots_obj, *counts_obj;
    if (!PyArg_ParseTuple(args, "iSSSOO", &slot, &hands_obj, &board_obj, &rest_obj, &pots_obj, &counts_obj))
        return NULL;
    Slot *s = slot_number(slot);
    if (s == NULL)
        return NULL;
    Tally t;
    memset(&t, 0, sizeof t);
    uint8_t hands[2 * MAX_HANDS], board[5], rest[52];
    Py_ssize_t nh, nb, nr;
    if (read_cards(hands_obj, hands, 2 * MAX_HANDS, &nh) < 0 || read_cards(board_obj, board, 5, &nb) < 0 ||
        read_cards(rest_obj, rest, 52, &nr) < 0)
        return NULL;
    if (nh % 2 || nh < 4 || nr < 5 - nb) {
        PyErr_SetString(PyExc_ValueError, "kernel: expected two cards a hand, two hands or more, enough cards left");
        return NULL;
    }
    t.n = (int)(nh / 2);
    const int k = (int)(5 - nb);
    PyObject *pots = PySequence_Fast(pots_obj, "kernel: pots as hand masks");
    if (pots == NULL)
        return NULL;
    t.pots = (int)PySequence_Fast_GET_SIZE(pots);
    if (t.pots < 1 || t.pots > MAX_POTS) {
        Py_DECREF(pots);
        PyErr_SetString(PyExc_ValueError, "kernel: 1 to 32 pots");
        return NULL;
    }
    for (int p = 0; p < t.pots; p++) {
        unsigned long mask = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(pots, p));
        if (PyErr_Occurred() || mask == 0 || mask >> t.n) {
            Py_DECREF(pots);
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "kernel: a pot's hand mask");
            return NULL;
        }
        t.pot_mask[p] = (uint32_t)mask;
    }
    Py_DECREF(pots);
    /* every card once and in the deck: the 7-card table then holds every key the walk can make */
    uint64_t seen = 0, all = 0;
    Py_ssize_t total_cards = 0;
    for (Py_ssize_t i = 0; i < nh; i++, total_cards++)
        seen |= 1ull << hands[i], all |= s->keys[hands[i]];
    for (Py_ssize_t i = 0; i < nb; i++, total_cards++)
        seen |= 1ull << board[i], all |= s->keys[board[i]];
    for (Py_ssize_t i = 0; i < nr; i++, total_cards++)
        seen |= 1ull << rest[i], all |= s->keys[rest[i]];
    if (__builtin_popcountll(seen) != total_cards) {
        PyErr_SetString(PyExc_ValueError, "kernel: a card twice");
        return NULL;
    }
    if (all >> 59) {
        PyErr_SetString(PyExc_ValueError, "kernel: a card outside the ranking's deck");
        return NULL;
    }
    Py_buffer counts;
    if (PyObject_GetBuffer(counts_obj, &counts, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
        return NULL;
    if (counts.len != (Py_ssize_t)sizeof(int64_t) * t.pots * t.n * t.n) {
        PyBuffer_Release(&counts);
        PyErr_SetString(PyExc_ValueError, "kernel: counts must be int64 [pots][hands][hands]");
        return NULL;
    }
    t.counts = counts.buf;
    Py_BEGIN_ALLOW_THREADS;
    t.two = t.n == 2 && t.pots == 1 && t.pot_mask[0] == 3;
    t.nonflush = s->nonflush[7];
    t.flush = s->flush;
    uint64_t board_rank = 0;
    for (int r = 0; r < 13; r++)
        t.rank_key[r] = s->keys[4 * r] >> RANK_SHIFT;
    for (Py_ssize_t i = 0; i < nb; i++)
        board_rank += t.rank_key[board[i] >> 2];
    for (int h = 0; h < t.n; h++)
        t.hand_rank[h] = board_rank + t.rank_key[hands[2 * h] >> 2] + t.rank_key[hands[2 * h + 1] >> 2];
    if (k == 0) { /* the river: one showdown */
        int32_t value[MAX_HANDS];
        uint64_t key = SUIT_OFFSET, bits = 0;
        for (Py_ssize_t i = 0; i < nb; i++)
            key += s->keys[board[i]], bits += 1ull << (16 * (board[i] & 3) + (board[i] >> 2));
        for (int h = 0; h < t.n; h++) {
            uint8_t a = hands[2 * h], b = hands[2 * h + 1];
            value[h] = seven(s, key + s->keys[a] + s->keys[b],
                             bits + (1ull << (16 * (a & 3) + (a >> 2))) + (1ull << (16 * (b & 3) + (b >> 2))));
        }
        record(&t, value, 1);
    } else {
        for (Py_ssize_t i = 0; i < nr; i++)
            t.avail[rest[i] >> 2]++;
        rank_walk(&t, 0, k, 0, 1, 0); /* 1. by ranks alone */
        for (unsigned suit = 0; suit < 4; suit++) { /* 2. the boards where the suit makes a flush */
            Suit u;
            memset(&u, 0, sizeof u);
            u.k = k;
            unsigned board_mask = 0;
            for (Py_ssize_t i = 0; i < nb; i++)
                if ((board[i] & 3u) == suit)
                    u.known++, board_mask |= 1u << (board[i] >> 2);
            int most = 0;
            for (int h = 0; h < t.n; h++) {
                u.hand_mask[h] = board_mask;
                for (int c = 0; c < 2; c++)
                    if ((hands[2 * h + c] & 3u) == suit)
                        u.hand_count[h]++, u.hand_mask[h] |= 1u << (hands[2 * h + c] >> 2);
                most = u.hand_count[h] > most ? u.hand_count[h] : most;
            }
            uint8_t cards[13];
            memset(t.avail, 0, sizeof t.avail);
            for (Py_ssize_t i = 0; i < nr; i++) {
                if ((rest[i] & 3u) == suit)
                    cards[u.size++] = rest[i];
                else
                    t.avail[rest[i] >> 2]++; /* the other cards, by rank */
            }
            u.cards = cards;
            int least = 5 - most - u.known;
            for (int j = least > 0 ? least : 0; j <= k && j <= u.size; j++)
                suit_walk(&t, &u, j, 0, 0, 0, 0);
        }
    }
    if (t.two) {
        /* total run-outs, C(nr, k) */
        long long total = 1;
        for (int i = 0; i < k; i++)
            total = total * (nr - i) / (i + 1);
        t.counts[0] = t.wins0; /* counts[0][h][j]: hand h, j others sharing */
        t.counts[2] = t.wins1;
        t.counts[1] = t.counts[3] = total - t.wins0 - t.wins1;
    }
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&counts);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"register", k_register, METH_VARARGS, "register(slot, ranking, keys, nonflush5, nonflush6, nonflush7, flush)"},
    {"set_loader", k_set_loader, METH_O, "set_loader(fn): fn(ranking) registers its tables and returns the slot"},
    {"strength_of", (PyCFunction)(void (*)(void))k_strength_of, METH_FASTCALL,
     "strength_of(indices, ranking) -> int: the strength of 5 to 7 card indices"},
    {"batch", k_batch, METH_VARARGS, "batch(slot, hands, out) -> -1, or the first row with a card outside the deck"},
    {"tally", k_tally, METH_VARARGS, "tally(slot, hands, board, remaining, pot_masks, counts): every run-out"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "The evaluator kernel (see kernel.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
