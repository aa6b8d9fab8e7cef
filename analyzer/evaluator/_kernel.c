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
 *   else:  nonflush[size] at the multiset key m = key >> 19, through a compact perfect hash:
 *          decode[cells[offset[m >> shift] + (m & column)]]
 *
 * The multiset keys are sparse (52 cards, seven cards: 50,388 multisets spread over keys up to
 * about 7.8 million, a dense int32 table of 31 MB that misses the cache on every hand). At
 * registration each size's dense table is packed by row displacement: the key's high bits name
 * a row, its low bits a column, and every row gets the offset where its occupied columns fall on
 * free cells of one shared array (first fit, fullest rows first), a perfect hash of the valid keys.
 * The cells hold uint16 class numbers (the distinct strengths in increasing order) and ``decode``
 * turns them back into the very strengths of the tables: 175 kB for the 7-card cells, 60 kB of
 * offsets and 30 kB for decode, instead of 31 MB. A table of at most DENSE_MAX keys (the 36-card
 * ones: 7 cards, 117,511 keys, 470 kB) is also kept as the plain array, which the loops read
 * instead: it fits the cache, and one load less per hand is faster there. ``keys_at`` (the multiset key each cell holds) is read only by
 * strength_of, which must refuse a multiset that does not exist (as the dict of the pure path).
 *
 * Entry points (all take the slot number the Python side registered the ranking under, or for
 * strength_of the ranking object itself):
 *   register(slot, ranking, keys, keys5, values5, keys6, values6, keys7, values7, flush)
 *                                   tables as bytes (each size's multiset keys and strengths)
 *   strength_of(indices, ranking)   one hand of 5-7 card indices -> int
 *   batch(slot, hands, out)         C-contiguous (N, k) uint8 hands -> out int32[N]; returns -1,
 *                                   or the row of the first card outside the deck
 *   tally_deals(slot, n, deals, board, pool, counts, weights)
 *                                   the same for many deals of n hands (one pot of them all), each
 *                                   from the pool less its own cards, counts[h][j] added up (times
 *                                   each deal's int64 weight, if weights is not empty)
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

/* one hand size's non-flush strengths by multiset key, packed (see the top of the file) */
typedef struct {
    uint64_t length;    /* the dense table's length: keys at or above it hold no multiset */
    int shift;          /* the row of a key is key >> shift, its column key & column */
    uint64_t column;
    uint32_t *offset;   /* by row */
    uint16_t *cells;    /* class numbers; 0: no multiset */
    uint32_t *keys_at;  /* the multiset key of each cell (UINT32_MAX where none) */
    Py_ssize_t size;    /* number of cells */
    int32_t *dense;     /* small tables (36 cards): also the plain array by key, read instead (one load less) */
} Compact;

/* a table of at most this many keys (512 kB) is also kept dense: the 36-card ones fit the cache anyway */
#define DENSE_MAX (1u << 17)

typedef struct {
    PyObject *ranking; /* the Ranking member (a strong reference), NULL while empty */
    uint64_t keys[256]; /* by card index; BAD_CARD for indices outside the deck (and >= 52) */
    Compact nonflush[8]; /* by hand size 5..7 */
    int32_t *decode;    /* strength by class number; decode[0] == 0 */
    int32_t flush[1 << 13]; /* strength by a suit's 13-bit rank mask */
} Slot;

/* the strength of a valid multiset key (anything below c->length reads a cell: never a crash) */
static inline int32_t packed_at(const Slot *s, const Compact *c, uint64_t m) {
    return s->decode[c->cells[c->offset[m >> c->shift] + (m & c->column)]];
}

static inline int32_t nonflush_at(const Slot *s, const Compact *c, uint64_t m) {
    return c->dense != NULL ? c->dense[m] : packed_at(s, c, m);
}

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

static int compare_int32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* the class number of a strength: its place among the sorted distinct strengths */
static uint16_t class_of(const int32_t *decode, Py_ssize_t classes, int32_t value) {
    Py_ssize_t lo = 0, hi = classes - 1;
    while (lo < hi) {
        Py_ssize_t mid = (lo + hi) / 2;
        if (decode[mid] < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (uint16_t)lo;
}

typedef struct {
    uint32_t row, count;
} RowCount;

static int fuller_first(const void *a, const void *b) {
    const RowCount *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return (x->row > y->row) - (x->row < y->row);
}

/* pack one size's table (``count`` multiset keys ``present``, increasing, below ``n``, and their
 * strengths ``vals``) with ``shift`` column bits into c;
 * returns the number of cells, -1 when out of memory, -2 when first fit overflows its room */
static Py_ssize_t pack_rows(const int32_t *vals, uint64_t n, const uint32_t *present, uint64_t count, int shift,
                            const int32_t *decode, Py_ssize_t classes, Compact *c) {
    const uint64_t width = 1ull << shift, rows = (n + width - 1) >> shift;
    RowCount *order = PyMem_Calloc(rows, sizeof *order);
    uint64_t *first = PyMem_Calloc(rows + 1, sizeof *first); /* row r's keys: present[first[r] .. first[r + 1]) */
    uint32_t *offset = PyMem_Calloc(rows, sizeof *offset);
    const uint64_t room = 4 * count + 2 * width; /* plenty: the cells come out about twice the keys at most */
    uint64_t *taken = PyMem_Calloc(room / 64 + 2, sizeof(uint64_t)); /* one bit a cell */
    uint16_t *cells = NULL;
    uint32_t *keys_at = NULL;
    Py_ssize_t size = -1;
    if (order == NULL || first == NULL || offset == NULL || taken == NULL)
        goto done;
    for (uint64_t j = 0; j < count; j++)
        order[present[j] >> shift].count++;
    for (uint64_t r = 0; r < rows; r++) {
        order[r].row = (uint32_t)r;
        first[r + 1] = first[r] + order[r].count;
    }
    qsort(order, rows, sizeof *order, fuller_first);
    uint64_t used = 0, first_free = 0;
    for (uint64_t i = 0; i < rows && order[i].count; i++) {
        const uint32_t *keys = present + first[order[i].row];
        const uint64_t m = order[i].count, mask = width - 1, lowest = keys[0] & mask, highest = keys[m - 1] & mask;
        while (taken[first_free / 64] == ~0ull)
            first_free += 64;
        /* first fit, 64 offsets at a time: bit b of ``clash`` says offset at + b puts a key on a taken cell */
        uint64_t at = first_free > lowest ? first_free - lowest : 0;
        for (;; at += 64) {
            if (at + highest + 64 >= room) {
                size = -2;
                goto done;
            }
            uint64_t clash = 0;
            for (uint64_t k = 0; k < m && clash != ~0ull; k++) {
                const uint64_t cell = at + (keys[k] & mask), w = cell / 64, bit = cell % 64;
                clash |= bit ? taken[w] >> bit | taken[w + 1] << (64 - bit) : taken[w];
            }
            if (clash != ~0ull) {
                at += (uint64_t)__builtin_ctzll(~clash);
                break;
            }
        }
        offset[order[i].row] = (uint32_t)at;
        for (uint64_t k = 0; k < m; k++)
            taken[(at + (keys[k] & mask)) / 64] |= 1ull << ((at + (keys[k] & mask)) % 64);
        if (at + highest + 1 > used)
            used = at + highest + 1;
    }
    size = (Py_ssize_t)(used + width); /* any column of any row stays inside */
    cells = PyMem_Calloc((size_t)size, sizeof *cells);
    keys_at = PyMem_Malloc((size_t)size * sizeof *keys_at);
    if (cells == NULL || keys_at == NULL) {
        size = -1;
        goto done;
    }
    memset(keys_at, 0xFF, (size_t)size * sizeof *keys_at);
    for (uint64_t j = 0; j < count; j++) {
        const uint32_t key = present[j];
        const uint64_t cell = offset[key >> shift] + (key & (width - 1));
        cells[cell] = class_of(decode, classes, vals[j]);
        keys_at[cell] = key;
    }
    c->length = n;
    c->shift = shift;
    c->column = width - 1;
    c->offset = offset;
    c->cells = cells;
    c->keys_at = keys_at;
    c->size = size;
    offset = NULL, cells = NULL, keys_at = NULL;
done:
    PyMem_Free(order);
    PyMem_Free(first);
    PyMem_Free(offset);
    PyMem_Free(taken);
    PyMem_Free(cells);
    PyMem_Free(keys_at);
    return size;
}

/* the smallest packing over a few row widths (the offsets count too: they are read as well) */
static int pack_best(const uint32_t *present, const int32_t *vals, uint64_t count, const int32_t *decode,
                     Py_ssize_t classes, Compact *out) {
    const uint64_t n = (uint64_t)present[count - 1] + 1;
    Compact best = {0};
    int failed = 0;
    for (int shift = 8; shift <= 10 && !failed; shift++) { /* the best (or close) for both decks: 52 cards 9 to 11 */
        Compact c = {0};
        Py_ssize_t got = pack_rows(vals, n, present, count, shift, decode, classes, &c);
        if (got == -1)
            failed = 1;
        if (got < 0)
            continue;
        if (best.cells == NULL || c.size * 2 + (Py_ssize_t)((n >> shift) * 4) <
                                      best.size * 2 + (Py_ssize_t)((best.length >> best.shift) * 4)) {
            Compact old = best;
            best = c;
            c = old;
        }
        PyMem_Free(c.offset);
        PyMem_Free(c.cells);
        PyMem_Free(c.keys_at);
    }
    if (!failed && best.cells != NULL && n <= DENSE_MAX) {
        best.dense = PyMem_Calloc(n, sizeof *best.dense);
        if (best.dense == NULL)
            failed = 1;
        for (uint64_t j = 0; !failed && j < count; j++)
            best.dense[present[j]] = vals[j];
    }
    if (failed || best.cells == NULL) {
        PyMem_Free(best.dense);
        PyMem_Free(best.offset);
        PyMem_Free(best.cells);
        PyMem_Free(best.keys_at);
        return -1;
    }
    *out = best;
    return 0;
}

static PyObject *k_register(PyObject *self, PyObject *args) {
    int slot;
    PyObject *ranking, *keys, *mk[3], *mv[3], *flush;
    if (!PyArg_ParseTuple(args, "iOSSSSSSSS", &slot, &ranking, &keys, &mk[0], &mv[0], &mk[1], &mv[1], &mk[2], &mv[2],
                          &flush))
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
    /* each size: multiset keys (uint32, increasing) and their strengths (int32, positive) */
    Py_ssize_t total = 1;
    for (int i = 0; i < 3; i++) {
        Py_ssize_t count = PyBytes_GET_SIZE(mk[i]) / 4;
        const uint32_t *present = (const uint32_t *)PyBytes_AS_STRING(mk[i]);
        int increasing = count > 0 && PyBytes_GET_SIZE(mk[i]) == 4 * count && PyBytes_GET_SIZE(mv[i]) == 4 * count;
        for (Py_ssize_t j = 1; increasing && j < count; j++)
            increasing = present[j] > present[j - 1];
        if (!increasing) {
            PyErr_SetString(PyExc_ValueError, "kernel: expected increasing multiset keys and one strength each");
            return NULL;
        }
        total += count;
    }
    /* the distinct strengths of every size, sorted: the class numbers (0 first: no multiset) */
    int32_t *values = PyMem_Malloc((size_t)total * sizeof *values);
    if (values == NULL)
        return PyErr_NoMemory();
    Py_ssize_t classes = 0;
    values[classes++] = 0;
    for (int i = 0; i < 3; i++) {
        memcpy(values + classes, PyBytes_AS_STRING(mv[i]), (size_t)PyBytes_GET_SIZE(mv[i]));
        classes += PyBytes_GET_SIZE(mv[i]) / 4;
    }
    qsort(values, (size_t)classes, sizeof *values, compare_int32);
    Py_ssize_t distinct = 0;
    for (Py_ssize_t j = 0; j < classes; j++)
        if (j == 0 || values[j] != values[distinct - 1])
            values[distinct++] = values[j];
    if (distinct > 65536 || values[0] != 0 || (distinct > 1 && values[1] <= 0)) {
        PyMem_Free(values);
        PyErr_SetString(PyExc_ValueError, "kernel: strengths must be positive and at most 65,535 of them");
        return NULL;
    }
    for (int size = 5; size <= 7; size++) {
        const uint32_t *present = (const uint32_t *)PyBytes_AS_STRING(mk[size - 5]);
        const int32_t *vals = (const int32_t *)PyBytes_AS_STRING(mv[size - 5]);
        if (pack_best(present, vals, (uint64_t)PyBytes_GET_SIZE(mk[size - 5]) / 4, values, distinct,
                      &s->nonflush[size]) < 0) {
            PyMem_Free(values);
            return PyErr_NoMemory();
        }
    }
    s->decode = values;
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
        const Compact *c = &s->nonflush[n];
        uint64_t index = key >> RANK_SHIFT;
        if (index < c->length && c->keys_at[c->offset[index >> c->shift] + (index & c->column)] == index)
            value = nonflush_at(s, c, index);
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
/* ``dense`` is a constant at each call site too: one loop reads the dense array, the other the packed cells */
static inline Py_ssize_t batch_rows(const Slot *s, const uint8_t *hands, Py_ssize_t n, const int k, int32_t *out,
                                    const int dense) {
    const uint64_t *keys = s->keys;
    const Compact *c = &s->nonflush[k];
    /* every table in a local: the stores to ``out`` then cannot make the compiler read them again */
    const uint64_t length = c->length, column = c->column;
    const int shift = c->shift;
    const int32_t *dense_table = c->dense, *decode = s->decode, *flush = s->flush;
    const uint16_t *cells = c->cells;
    const uint32_t *offset = c->offset;
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
            value = flush[mask];
        } else {
            uint64_t index = key >> RANK_SHIFT;
            value = index >= length ? 0 /* duplicates: meaningless, never a crash */
                    : dense         ? dense_table[index]
                                    : decode[cells[offset[index >> shift] + (index & column)]];
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
        case 5: bad = s->nonflush[5].dense ? batch_rows(s, h, n, 5, o, 1) : batch_rows(s, h, n, 5, o, 0); break;
        case 6: bad = s->nonflush[6].dense ? batch_rows(s, h, n, 6, o, 1) : batch_rows(s, h, n, 6, o, 0); break;
        default: bad = s->nonflush[7].dense ? batch_rows(s, h, n, 7, o, 1) : batch_rows(s, h, n, 7, o, 0); break;
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
    const Slot *slot;
    const Compact *nonflush;        /* 7-card strength by rank key */
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
    return nonflush_at(s, &s->nonflush[7], key >> RANK_SHIFT);
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
        value[h] = nonflush_at(t->slot, t->nonflush, rank + t->hand_rank[h]);
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

/* every run-out of one deal, added into t->counts (t->n, pots, pot_mask and counts set by the caller) */
static void walk_deal(const Slot *s, Tally *t, const uint8_t *hands, const uint8_t *board, Py_ssize_t nb,
                      const uint8_t *rest, Py_ssize_t nr) {
    const int k = (int)(5 - nb);
    t->wins0 = t->wins1 = 0;
    memset(t->avail, 0, sizeof t->avail);
    t->two = t->n == 2 && t->pots == 1 && t->pot_mask[0] == 3;
    t->slot = s;
    t->nonflush = &s->nonflush[7];
    t->flush = s->flush;
    uint64_t board_rank = 0;
    for (int r = 0; r < 13; r++)
        t->rank_key[r] = s->keys[4 * r] >> RANK_SHIFT;
    for (Py_ssize_t i = 0; i < nb; i++)
        board_rank += t->rank_key[board[i] >> 2];
    for (int h = 0; h < t->n; h++)
        t->hand_rank[h] = board_rank + t->rank_key[hands[2 * h] >> 2] + t->rank_key[hands[2 * h + 1] >> 2];
    if (k == 0) { /* the river: one showdown */
        int32_t value[MAX_HANDS];
        uint64_t key = SUIT_OFFSET, bits = 0;
        for (Py_ssize_t i = 0; i < nb; i++)
            key += s->keys[board[i]], bits += 1ull << (16 * (board[i] & 3) + (board[i] >> 2));
        for (int h = 0; h < t->n; h++) {
            uint8_t a = hands[2 * h], b = hands[2 * h + 1];
            value[h] = seven(s, key + s->keys[a] + s->keys[b],
                             bits + (1ull << (16 * (a & 3) + (a >> 2))) + (1ull << (16 * (b & 3) + (b >> 2))));
        }
        record(t, value, 1);
    } else {
        for (Py_ssize_t i = 0; i < nr; i++)
            t->avail[rest[i] >> 2]++;
        rank_walk(t, 0, k, 0, 1, 0); /* 1. by ranks alone */
        for (unsigned suit = 0; suit < 4; suit++) { /* 2. the boards where the suit makes a flush */
            Suit u;
            memset(&u, 0, sizeof u);
            u.k = k;
            unsigned board_mask = 0;
            for (Py_ssize_t i = 0; i < nb; i++)
                if ((board[i] & 3u) == suit)
                    u.known++, board_mask |= 1u << (board[i] >> 2);
            int most = 0;
            for (int h = 0; h < t->n; h++) {
                u.hand_mask[h] = board_mask;
                for (int c = 0; c < 2; c++)
                    if ((hands[2 * h + c] & 3u) == suit)
                        u.hand_count[h]++, u.hand_mask[h] |= 1u << (hands[2 * h + c] >> 2);
                most = u.hand_count[h] > most ? u.hand_count[h] : most;
            }
            uint8_t cards[13];
            memset(t->avail, 0, sizeof t->avail);
            for (Py_ssize_t i = 0; i < nr; i++) {
                if ((rest[i] & 3u) == suit)
                    cards[u.size++] = rest[i];
                else
                    t->avail[rest[i] >> 2]++; /* the other cards, by rank */
            }
            u.cards = cards;
            int least = 5 - most - u.known;
            for (int j = least > 0 ? least : 0; j <= k && j <= u.size; j++)
                suit_walk(t, &u, j, 0, 0, 0, 0);
        }
    }
    if (t->two) {
        /* total run-outs, C(nr, k) */
        long long total = 1;
        for (int i = 0; i < k; i++)
            total = total * (nr - i) / (i + 1);
        t->counts[0] += t->wins0; /* counts[0][h][j]: hand h, j others sharing */
        t->counts[2] += t->wins1;
        t->counts[1] += total - t->wins0 - t->wins1;
        t->counts[3] += total - t->wins0 - t->wins1;
    }
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
    memset(t.counts, 0, (size_t)counts.len);
    walk_deal(s, &t, hands, board, nb, rest, nr);
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&counts);
    Py_RETURN_NONE;
}

/* many deals on one board, one pot each among all their hands: every run-out of each deal from
 * ``pool`` (the deck without the board and the dead cards) less the deal's own cards, the counts
 * of all the deals added up. A range against a range is its deals (the combinations of the
 * ranges that share no card) walked in one call, with no Python between them. */
static PyObject *k_tally_deals(PyObject *self, PyObject *args) {
    int slot, n;
    PyObject *deals_obj, *board_obj, *pool_obj, *counts_obj, *weights_obj;
    if (!PyArg_ParseTuple(args, "iiSSSOS", &slot, &n, &deals_obj, &board_obj, &pool_obj, &counts_obj, &weights_obj))
        return NULL;
    Slot *s = slot_number(slot);
    if (s == NULL)
        return NULL;
    uint8_t board[5], pool[52];
    Py_ssize_t nb, np_;
    if (read_cards(board_obj, board, 5, &nb) < 0 || read_cards(pool_obj, pool, 52, &np_) < 0)
        return NULL;
    Py_ssize_t total = PyBytes_GET_SIZE(deals_obj);
    if (n < 2 || n > MAX_HANDS || total % (2 * n) || np_ - 2 * n < 5 - nb) {
        PyErr_SetString(PyExc_ValueError, "kernel: expected deals of two cards a hand, 2 to 32 hands, enough cards left");
        return NULL;
    }
    uint64_t in_pool = 0, all = 0, on_board = 0;
    for (Py_ssize_t i = 0; i < np_; i++)
        in_pool |= 1ull << pool[i], all |= s->keys[pool[i]];
    for (Py_ssize_t i = 0; i < nb; i++)
        on_board |= 1ull << board[i], all |= s->keys[board[i]];
    if (__builtin_popcountll(in_pool) != np_ || __builtin_popcountll(on_board) != nb || (in_pool & on_board) ||
        (all >> 59)) {
        PyErr_SetString(PyExc_ValueError, "kernel: the pool and the board must be distinct cards of the ranking's deck");
        return NULL;
    }
    Py_buffer counts;
    if (PyObject_GetBuffer(counts_obj, &counts, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
        return NULL;
    if (counts.len != (Py_ssize_t)sizeof(int64_t) * n * n) {
        PyBuffer_Release(&counts);
        PyErr_SetString(PyExc_ValueError, "kernel: counts must be int64 [hands][hands]");
        return NULL;
    }
    const uint8_t *deals = (const uint8_t *)PyBytes_AS_STRING(deals_obj);
    const Py_ssize_t count = total / (2 * n);
    const Py_ssize_t weighted = PyBytes_GET_SIZE(weights_obj);
    if (weighted != 0 && weighted != count * (Py_ssize_t)sizeof(int64_t)) {
        PyBuffer_Release(&counts);
        PyErr_SetString(PyExc_ValueError, "kernel: weights must be empty or one int64 a deal");
        return NULL;
    }
    int64_t weights[1];
    const char *weight_bytes = PyBytes_AS_STRING(weights_obj);
    Py_ssize_t bad = -1;
    Tally *t = PyMem_Calloc(1, sizeof *t);
    int64_t *one = PyMem_Calloc((size_t)n * n, sizeof *one); /* a weighted deal's own counts */
    if (t == NULL || one == NULL) {
        PyMem_Free(t);
        PyMem_Free(one);
        PyBuffer_Release(&counts);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS;
    memset(counts.buf, 0, (size_t)counts.len);
    t->n = n;
    t->pots = 1;
    t->pot_mask[0] = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
    int64_t *sums = counts.buf;
    t->counts = weighted ? one : sums;
    for (Py_ssize_t d = 0; d < count && bad < 0; d++) {
        const uint8_t *hands = deals + d * 2 * n;
        uint64_t mine = 0;
        for (int i = 0; i < 2 * n; i++)
            mine |= hands[i] < 64 ? 1ull << hands[i] : 0;
        if (__builtin_popcountll(mine) != 2 * n || (mine & ~in_pool)) {
            bad = d; /* a card twice, or not in the pool */
            break;
        }
        uint8_t rest[52];
        Py_ssize_t nr = 0;
        for (Py_ssize_t i = 0; i < np_; i++)
            if (!(mine >> pool[i] & 1))
                rest[nr++] = pool[i];
        if (!weighted) {
            walk_deal(s, t, hands, board, nb, rest, nr);
            continue;
        }
        memcpy(weights, weight_bytes + d * sizeof(int64_t), sizeof(int64_t));
        memset(one, 0, (size_t)n * n * sizeof *one);
        walk_deal(s, t, hands, board, nb, rest, nr);
        for (int i = 0; i < n * n; i++)
            sums[i] += weights[0] * one[i];
    }
    Py_END_ALLOW_THREADS;
    PyMem_Free(t);
    PyMem_Free(one);
    PyBuffer_Release(&counts);
    if (bad >= 0)
        return PyErr_Format(PyExc_ValueError, "kernel: deal %zd holds a card twice or outside the pool", bad);
    Py_RETURN_NONE;
}

static PyObject *k_layout(PyObject *self, PyObject *args) {
    int slot;
    if (!PyArg_ParseTuple(args, "i", &slot))
        return NULL;
    Slot *s = slot_number(slot);
    if (s == NULL)
        return NULL;
    PyObject *out = PyList_New(0);
    for (int size = 5; out != NULL && size <= 7; size++) {
        const Compact *c = &s->nonflush[size];
        PyObject *row = Py_BuildValue("(iinn)", size, c->shift, (Py_ssize_t)((c->length + c->column) >> c->shift), c->size);
        if (row == NULL || PyList_Append(out, row) < 0)
            Py_CLEAR(out);
        Py_XDECREF(row);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"layout", k_layout, METH_VARARGS, "layout(slot) -> [(hand size, column bits, rows, cells)]: the packed tables"},
    {"register", k_register, METH_VARARGS,
     "register(slot, ranking, keys, keys5, values5, keys6, values6, keys7, values7, flush)"},
    {"set_loader", k_set_loader, METH_O, "set_loader(fn): fn(ranking) registers its tables and returns the slot"},
    {"strength_of", (PyCFunction)(void (*)(void))k_strength_of, METH_FASTCALL,
     "strength_of(indices, ranking) -> int: the strength of 5 to 7 card indices"},
    {"batch", k_batch, METH_VARARGS, "batch(slot, hands, out) -> -1, or the first row with a card outside the deck"},
    {"tally_deals", k_tally_deals, METH_VARARGS,
     "tally_deals(slot, hands_per_deal, deals, board, pool, counts, weights): every run-out of many deals, added up"},
    {"tally", k_tally, METH_VARARGS, "tally(slot, hands, board, remaining, pot_masks, counts): every run-out"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "The evaluator kernel (see kernel.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
