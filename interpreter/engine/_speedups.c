/* dummybridge.engine._speedups: the card step of Game.apply() and Game.legal_actions(), in C.
 *
 * Nearly every action of a game is a card played in strict play by a player
 * who sees the hand he plays from (the game's "lean" play: game._lean).
 * In Python that step is a method call, a cffi call and about fifteen
 * attribute reads and writes: most of the interpreter's time (issue 3).
 * This module takes that step in C:
 *
 *   - GameBase.apply(action) for a card while the lean play is on: the C core
 *     plays it (dbr_position_step_packed, called through the function pointer
 *     the cffi module _core gives, so there is one copy of the card rules),
 *     then the same bookkeeping as the Python card step: the packed step, the
 *     log record, the actions, the hands, the trick in progress, the seat to
 *     act, and first_lead() or the end of the trick when they are due.
 *   - GameBase.legal_actions() while the lean play is on: the play actions of
 *     the legal cards the last step left (plays_of(), which the engine also
 *     uses for every set of cards it offers as plays).
 *   - trick_won(game, winner): the end of a trick, on every path (the Python
 *     card step calls it too): the trick and its record, the tricks won, the
 *     next leader, and end_play() after the last trick.
 *
 * Every other action, and a card the C core refuses, goes to the Python
 * methods _apply() and _legal_actions(), which are the reference: tests play
 * the same games through both and compare every record. The module decides no
 * card question itself and keeps no game state: what it reads and writes is
 * the game's own __dict__, by the names of the contract in hotpath.py, which
 * binds it once, with _bind(), when game.py is imported.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "dummybridge.h"

typedef int64_t (*step_fn)(dbr_position *pos, dbr_card card, unsigned flags);

/* Bound by _bind(), once, at the import of dummybridge.engine.game (hotpath.bind()). */
static step_fn bound_step;
static PyObject *action_type;    /* actions.Action */
static PyObject *operation_type; /* actions.Operation (a named tuple) */
static PyObject *played_kind;    /* OpKind.PLAY, the kind of a card's record */
static PyObject *empty_detail;   /* opkinds.NO_DETAIL, a play's detail */
static PyObject *left_of;        /* play.LEFT: the seat on each seat's left */
static PyObject *play_of;        /* play.PLAYS: the play action of each card */
static PyObject *card_of;        /* its inverse: {PLAYS[card]: card}, made by _bind() */
static PyObject *trick_type;     /* observation.Trick (a named tuple) */
static PyObject *trick_kind;     /* OpKind.TRICK, the kind of a trick's record */
static PyObject *trick_detail;   /* play.trick_detail, which builds a trick record's detail */
static PyObject *seats;          /* play.SEATS: the four seats */
static PyObject *cards;          /* play.CARDS: the 52 cards */
static PyObject *lazy_type;      /* _lazy.LazyDetail, and the descriptors of its three slots */
static PyObject *lazy_build, *lazy_raw, *lazy_data;

static PyObject *first_lead; /* play.first_lead(game): what the first lead exposes */
static PyObject *end_play;   /* play.end_play(game): after the last trick */

/* The names of the fields this module reads and writes, the game's and those
 * of its deal in progress, and of the two methods it falls back to: bound by
 * _bind() from the contract hotpath.py declares (HOT_FIELDS, HOT_DEAL_FIELDS
 * and HOT_METHODS), in the order of these enums. */
enum {
    F_LEAN,    /* whether the lean play is on: this module takes its cards */
    F_TO_ACT,  /* the seat to play */
    F_PS,      /* the PlayState: its .address is the C core's position */
    F_STEP,    /* the last packed step: the legal cards of the hand to play */
    F_LOG,     /* the log's entries (game._ops), a list of Operation */
    F_ACTIONS, /* the actions taken, a list */
    F_DEAL,    /* the deal in progress: its fields are the D_* */
    F_PACKED,  /* how many entries of the log are packed before F_LOG's (an int) */
    N_FIELDS
};
enum {
    D_HANDS,        /* the four hands as bits, a list */
    D_TRICK_CARDS,  /* the cards of the trick in progress, a list of card numbers */
    D_SEAT_ACTOR,   /* who plays each seat's cards, a tuple of four names */
    D_LEAD_DUE,     /* whether the next card is the deal's first lead */
    D_TRICK_LEADER, /* the seat that led the trick in progress */
    D_TRICKS,       /* the completed tricks, a list of Trick */
    D_TRICKS_WON,   /* the tricks won by each side, a list of two ints */
    N_DEAL_FIELDS
};
enum { M_APPLY, M_LEGAL_ACTIONS, N_METHODS };
static PyObject *field[N_FIELDS], *deal_field[N_DEAL_FIELDS], *method[N_METHODS];

/* Interned names of other objects' attributes. */
static PyObject *s_address;

#define LEGAL_MASK ((UINT64_C(1) << 52) - 1)

/* d[key] as a borrowed reference, or NULL (an error set only if the lookup failed). */
static PyObject *item(PyObject *d, PyObject *key) { return PyDict_GetItemWithError(d, key); }

/* out[i] = d[keys[i]] (borrowed) for the n keys: 0, or -1 at the first one
 * missing (an error set only if a lookup failed). */
static int items(PyObject *d, PyObject *const *keys, PyObject **out, int n) {
    for (int i = 0; i < n; i++)
        if ((out[i] = item(d, keys[i])) == NULL) return -1;
    return 0;
}

/* How many entries of the log are packed before the list of the others (the
 * game's F_PACKED): -1 with an error set if it is not a count. */
static Py_ssize_t packed_of(PyObject *d) {
    PyObject *packed = item(d, field[F_PACKED]);
    Py_ssize_t n = packed != NULL && PyLong_CheckExact(packed) ? PyLong_AsSsize_t(packed) : -1;
    if (n < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "the game's count of packed log entries is not one");
    return n;
}

/* Whether the game's __dict__ says the lean play is on. -1 on error. */
static int lean_on(PyObject *d) {
    PyObject *lean = item(d, field[F_LEAN]);
    if (lean == NULL) return PyErr_Occurred() ? -1 : 0;
    return lean == Py_True;
}

/* The __dict__ of the game's deal in progress (a new reference), or NULL: with
 * an error set only if that failed (none when the game has no deal). */
static PyObject *deal_dict(PyObject *d) {
    PyObject *deal = item(d, field[F_DEAL]);
    return deal == NULL ? NULL : PyObject_GenericGetDict(deal, NULL);
}

/* The C core's position of the PlayState ps (its .address, which never
 * changes), or NULL: with an error set only if the read failed. A game plays
 * all its deals in one PlayState, so the last one read is remembered, and
 * held, so that no other can take its place at the same address. */
static dbr_position *position_of(PyObject *ps) {
    static PyObject *known;
    static dbr_position *known_position;
    if (ps == known) return known_position;
    PyObject *address = PyObject_GetAttr(ps, s_address);
    if (address == NULL) return NULL;
    dbr_position *pos = (dbr_position *)PyLong_AsVoidPtr(address);
    Py_DECREF(address);
    if (pos == NULL) return NULL;
    Py_XSETREF(known, Py_NewRef(ps));
    known_position = pos;
    return pos;
}

/* A record: an instance of the named tuple `type` holding the n items (new
 * references taken), made as tuple.__new__(type, items) makes it. From
 * CPython 3.14 on a tuple caches its hash, which only the tuple type's own
 * constructor sets up, so there it is called; before, the items are filled
 * in place, as that constructor does. NULL with an error on failure. */
static PyObject *record(PyObject *type, PyObject *const *items, Py_ssize_t n) {
#if PY_VERSION_HEX < 0x030E0000
    PyObject *made = ((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, n);
    if (made == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) PyTuple_SET_ITEM(made, i, Py_NewRef(items[i]));
    return made;
#else
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) PyTuple_SET_ITEM(tuple, i, Py_NewRef(items[i]));
    PyObject *pack = PyTuple_Pack(1, tuple);
    Py_DECREF(tuple);
    PyObject *made = pack ? PyTuple_Type.tp_new((PyTypeObject *)type, pack, NULL) : NULL;
    Py_XDECREF(pack);
    return made;
#endif
}

/* A _lazy.LazyDetail of build(*raw), made as its __init__ makes it (it sets
 * the three slots: _build, _raw, and _data to None), without a Python call. */
static PyObject *lazy(PyObject *build, PyObject *raw) {
    PyObject *made = ((PyTypeObject *)lazy_type)->tp_alloc((PyTypeObject *)lazy_type, 0);
    if (made == NULL) return NULL;
    if (Py_TYPE(lazy_build)->tp_descr_set(lazy_build, made, build) < 0 ||
        Py_TYPE(lazy_raw)->tp_descr_set(lazy_raw, made, raw) < 0 ||
        Py_TYPE(lazy_data)->tp_descr_set(lazy_data, made, Py_None) < 0) {
        Py_DECREF(made);
        return NULL;
    }
    return made;
}

/* The end of a trick won by seat `winner` (0..3), as the game keeps it (d is
 * its __dict__, dd its deal's): the Trick in the deal's tricks, its tricks
 * won, the "trick" record in the log (its detail built when first read), the
 * winner to lead, and end_play(game) after the last trick. 0, or -1 with an
 * error set (and then nothing changed, unless memory ran out or end_play()
 * raised). */
static int trick_end(PyObject *self, PyObject *d, PyObject *dd, long winner) {
    PyObject *const keys[5] = {deal_field[D_TRICK_CARDS], deal_field[D_TRICK_LEADER],
                               deal_field[D_TRICKS], deal_field[D_TRICKS_WON], deal_field[D_HANDS]};
    PyObject *got[5];
    PyObject *log = item(d, field[F_LOG]);
    Py_ssize_t packed = packed_of(d);
    if (packed < 0) return -1;
    if (log == NULL || items(dd, keys, got, 5) < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "trick_won: the game is not in its play");
        return -1;
    }
    PyObject *trick = got[0], *leader = got[1], *tricks = got[2], *won = got[3], *hands = got[4];
    if (!PyList_CheckExact(trick) || PyList_GET_SIZE(trick) != 4 || !PyList_CheckExact(log) ||
        !PyList_CheckExact(tricks) || !PyList_CheckExact(won) || PyList_GET_SIZE(won) != 2 ||
        !PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 4) {
        PyErr_SetString(PyExc_RuntimeError, "trick_won: not a game's complete trick");
        return -1;
    }
    PyObject *count = PyList_GET_ITEM(won, winner & 1);
    long before = PyLong_Check(count) ? PyLong_AsLong(count) : -1;
    if (before < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "trick_won: not a count");
        return -1;
    }
    PyObject *played = PyTuple_New(4);
    if (played == NULL) return -1;
    for (Py_ssize_t i = 0; i < 4; i++) {
        PyObject *card = PyList_GET_ITEM(trick, i);
        long c = PyLong_Check(card) ? PyLong_AsLong(card) : -1;
        if (c < 0 || c > 51) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "trick_won: not a card");
            Py_DECREF(played);
            return -1;
        }
        PyTuple_SET_ITEM(played, i, Py_NewRef(PyTuple_GET_ITEM(cards, c)));
    }
    /* Everything made before anything changes. */
    PyObject *seat = PyTuple_GET_ITEM(seats, winner);
    PyObject *done_items[3] = {leader, played, seat};
    PyObject *done = record(trick_type, done_items, 3);
    PyObject *number = PyLong_FromSsize_t(PyList_GET_SIZE(tricks) + 1);
    PyObject *raw = number ? PyTuple_Pack(3, number, played, leader) : NULL;
    PyObject *detail = raw ? lazy(trick_detail, raw) : NULL;
    PyObject *at = PyLong_FromSsize_t(packed + PyList_GET_SIZE(log));
    PyObject *op = NULL;
    if (detail != NULL && at != NULL) {
        PyObject *op_items[6] = {at, trick_kind, seat, Py_None, Py_None, detail};
        op = record(operation_type, op_items, 6);
    }
    PyObject *after = PyLong_FromLong(before + 1);
    PyObject *fresh = PyList_New(0);
    Py_XDECREF(number);
    Py_XDECREF(raw);
    Py_XDECREF(detail);
    Py_XDECREF(at);
    Py_DECREF(played);
    int failed = done == NULL || op == NULL || after == NULL || fresh == NULL;
    failed = failed || PyList_Append(tricks, done) < 0;
    if (!failed) {
        PyList_SetItem(won, winner & 1, after); /* steals after */
        after = NULL;
    }
    failed = failed || PyList_Append(log, op) < 0;
    failed = failed || /* (leader is not used below) */
             PyDict_SetItem(dd, deal_field[D_TRICK_LEADER], seat) < 0;
    failed = failed || PyDict_SetItem(dd, deal_field[D_TRICK_CARDS], fresh) < 0;
    Py_XDECREF(done);
    Py_XDECREF(op);
    Py_XDECREF(after);
    Py_XDECREF(fresh);
    if (failed) return -1;
    int more = PyObject_IsTrue(PyList_GET_ITEM(hands, winner));
    if (more < 0) return -1;
    if (more) return PyDict_SetItem(d, field[F_TO_ACT], seat);
    PyObject *r = PyObject_CallOneArg(end_play, self);
    Py_XDECREF(r);
    return r == NULL ? -1 : 0;
}

/* The card step of a lean game. Returns a new reference to the log record;
 * NULL with no error set when the fast path does not apply and nothing was
 * changed (the caller then takes the Python path, which also names the rule
 * an illegal card breaks); NULL with an error set on failure. */
static PyObject *lean_step(PyObject *self, PyObject *d, PyObject *dd, long card, PyObject *action);

static PyObject *lean_card(PyObject *self, PyObject *d, PyObject *action) {
    if (bound_step == NULL) return NULL; /* not bound (game.py binds it at its import) */
    int on = lean_on(d);
    if (on <= 0) return NULL;
    /* A play action is one of the 52 (actions are interned): its card, or no card. */
    PyObject *index = PyDict_GetItemWithError(card_of, action);
    if (index == NULL) return NULL;
    long card = PyLong_AsLong(index);
    PyObject *dd = deal_dict(d);
    if (dd == NULL) return NULL;
    PyObject *op = lean_step(self, d, dd, card, action);
    Py_DECREF(dd);
    return op;
}

/* lean_card()'s step, once the card is known (dd is the deal's __dict__). */
static PyObject *lean_step(PyObject *self, PyObject *d, PyObject *dd, long card, PyObject *action) {
    /* Everything read and checked before the C core plays the card. */
    PyObject *const keys[4] = {field[F_TO_ACT], field[F_PS], field[F_LOG], field[F_ACTIONS]};
    PyObject *const deal_keys[3] = {deal_field[D_HANDS], deal_field[D_TRICK_CARDS],
                                    deal_field[D_SEAT_ACTOR]};
    PyObject *got[7];
    if (items(d, keys, got, 4) < 0 || items(dd, deal_keys, got + 4, 3) < 0) return NULL;
    PyObject *to_act = got[0], *ps = got[1], *log = got[2], *actions = got[3], *hands = got[4],
             *trick = got[5], *actors = got[6];
    if (!PyLong_Check(to_act) || !PyList_CheckExact(log) || !PyList_CheckExact(actions) ||
        !PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 4 || !PyList_CheckExact(trick) ||
        !PyTuple_CheckExact(actors) || PyTuple_GET_SIZE(actors) != 4)
        return NULL;
    long seat = PyLong_AsLong(to_act);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (seat < 0 || seat > 3) return NULL;
    PyObject *held = PyList_GET_ITEM(hands, seat);
    unsigned long long bits = PyLong_AsUnsignedLongLong(held);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    dbr_position *pos = position_of(ps);
    if (pos == NULL) return NULL; /* an error is set, or no position: the Python path */

    /* The same bookkeeping as play.card(), the record made first. */
    Py_ssize_t packed = packed_of(d);
    if (packed < 0) return NULL;
    PyObject *n = PyLong_FromSsize_t(packed + PyList_GET_SIZE(log));
    if (n == NULL) return NULL;
    PyObject *items[6] = {n,      played_kind, to_act, PyTuple_GET_ITEM(actors, seat),
                          action, empty_detail};
    PyObject *op = record(operation_type, items, 6);
    Py_DECREF(n);
    if (op == NULL) return NULL;

    /* Everything made: the C core plays the card, or refuses it. */
    int64_t step = bound_step(pos, (dbr_card)card, 0);
    if (step < 0) {
        Py_DECREF(op);
        return NULL; /* refused, nothing changed: the Python path says why */
    }

    /* From here on the card is played: only a failure to allocate (MemoryError)
     * or an error raised by first_lead() or end_play() can stop the step. */
    Py_INCREF(to_act); /* the seat outlives the writes to the dict below */
    PyObject *step_obj = PyLong_FromLongLong(step);
    PyObject *rest = PyLong_FromUnsignedLongLong(bits & ~(1ULL << card));
    PyObject *card_obj = PyLong_FromLong(card);
    int failed = step_obj == NULL || rest == NULL || card_obj == NULL;
    failed = failed || PyDict_SetItem(d, field[F_STEP], step_obj) < 0;
    failed = failed || PyList_Append(log, op) < 0;
    failed = failed || PyList_Append(actions, action) < 0;
    if (!failed) {
        PyList_SetItem(hands, seat, rest); /* steals rest */
        rest = NULL;
    }
    failed = failed || PyList_Append(trick, card_obj) < 0;
    Py_XDECREF(step_obj);
    Py_XDECREF(rest);
    Py_XDECREF(card_obj);
    int64_t winner = step >> DBR_STEP_WINNER_SHIFT;
    if (!failed && winner) {
        failed = trick_end(self, d, dd, (long)(winner - 1)) < 0;
    } else if (!failed) {
        PyObject *due = item(dd, deal_field[D_LEAD_DUE]);
        int first = due == NULL ? (PyErr_Occurred() ? -1 : 0) : PyObject_IsTrue(due);
        if (first > 0) { /* strict play: no card is ever taken back */
            PyObject *r = PyObject_CallOneArg(first_lead, self);
            first = r == NULL ? -1 : 0;
            Py_XDECREF(r);
        }
        failed =
            first < 0 || PyDict_SetItem(d, field[F_TO_ACT], PyTuple_GET_ITEM(left_of, seat)) < 0;
    }
    Py_DECREF(to_act);
    if (failed) {
        Py_DECREF(op);
        return NULL;
    }
    return op;
}

static PyObject *GameBase_apply(PyObject *self, PyObject *const *args, Py_ssize_t nargsf,
                                PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && kwnames == NULL && Py_TYPE(args[0]) == (PyTypeObject *)action_type) {
        PyObject *d = PyObject_GenericGetDict(self, NULL);
        if (d == NULL) return NULL;
        PyObject *op = lean_card(self, d, args[0]);
        Py_DECREF(d);
        if (op != NULL || PyErr_Occurred()) return op;
    }
    if (method[M_APPLY] == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "apply: the module is not bound");
        return NULL;
    }
    PyObject *apply = PyObject_GetAttr(self, method[M_APPLY]);
    if (apply == NULL) return NULL;
    PyObject *r = PyObject_Vectorcall(apply, args, nargs, kwnames);
    Py_DECREF(apply);
    return r;
}

/* The play actions of a set of cards (bits 0-51), in card order: clubs to
 * spades, each from the two up. */
static PyObject *plays(uint64_t set) {
    Py_ssize_t count = 0;
    for (uint64_t b = set; b; b &= b - 1) count++;
    PyObject *out = PyTuple_New(count);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; set; set &= set - 1, i++) {
#if defined(__GNUC__) || defined(__clang__)
        int c = __builtin_ctzll(set); /* the lowest card left */
#else
        int c = 0;
        while (!(set >> c & 1)) c++;
#endif
        PyTuple_SET_ITEM(out, i, Py_NewRef(PyTuple_GET_ITEM(play_of, c)));
    }
    return out;
}

static PyObject *GameBase_legal_actions(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *d = PyObject_GenericGetDict(self, NULL);
    if (d == NULL) return NULL;
    int on = play_of == NULL ? 0 : lean_on(d);
    PyObject *step = on > 0 ? item(d, field[F_STEP]) : NULL;
    if (step != NULL && PyLong_CheckExact(step)) {
        long long packed = PyLong_AsLongLong(step);
        if (packed >= 0) {
            Py_DECREF(d);
            return plays((uint64_t)packed & LEGAL_MASK);
        }
    }
    Py_DECREF(d);
    if (PyErr_Occurred()) return NULL;
    if (method[M_LEGAL_ACTIONS] == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "legal_actions: the module is not bound");
        return NULL;
    }
    return PyObject_CallMethodNoArgs(self, method[M_LEGAL_ACTIONS]);
}

PyDoc_STRVAR(GameBase_apply_doc,
             "apply($self, action, *, player=None)\n--\n\n"
             "Take ``action`` for the player to act, and return its log entry.\n\n"
             "The game then runs every step that needs no decision (a forced\n"
             "declaration, a trick won, the score, the next deal) before returning.\n\n"
             ":param action: an :class:`Action` or its text (``\"play SA\"``).\n"
             ":param player: who acts; by default the player to act. In laws mode\n"
             "    another player may make a call out of turn in the auction (see\n"
             "    :meth:`out_of_turn_actions`).\n"
             ":raises IllegalActionError: if it is not legal now (nothing changes).\n"
             ":raises InvalidNotationError: for text that is no action.");

PyDoc_STRVAR(GameBase_legal_actions_doc,
             "legal_actions($self)\n--\n\n"
             "The actions open to the player to act now (empty when the game is over).\n\n"
             "In the play the C core decides which cards may be played; a player\n"
             "who may not see the hand he plays from can only play a card blind.\n"
             "Where the rules give him the choice, he may also look at a hand.");

static PyMethodDef GameBase_methods[] = {
    {"apply", (PyCFunction)(void (*)(void))GameBase_apply, METH_FASTCALL | METH_KEYWORDS,
     GameBase_apply_doc},
    {"legal_actions", GameBase_legal_actions, METH_NOARGS, GameBase_legal_actions_doc},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GameBase_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dummybridge.engine._speedups.GameBase",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = PyDoc_STR("The base of engine.game.Game: apply() and legal_actions(), with the card "
                        "step of the lean play in C."),
    .tp_methods = GameBase_methods,
    .tp_new = PyType_GenericNew,
};

static PyObject *speedups_plays_of(PyObject *Py_UNUSED(module), PyObject *arg) {
    if (!PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "plays_of: a set of cards is an int, not %.100s",
                     Py_TYPE(arg)->tp_name);
        return NULL;
    }
    unsigned long long set = PyLong_AsUnsignedLongLong(arg);
    if (set == (unsigned long long)-1 && PyErr_Occurred()) { /* < 0, or too big */
        PyErr_Clear();
        set = UINT64_MAX;
    }
    if (set & ~LEGAL_MASK) {
        PyErr_SetString(PyExc_ValueError, "plays_of: a set of cards is 52 bits (0 <= set < 2**52)");
        return NULL;
    }
    if (play_of == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "plays_of: the module is not bound");
        return NULL;
    }
    return plays(set);
}

static PyObject *speedups_trick_won(PyObject *Py_UNUSED(module), PyObject *args) {
    PyObject *game;
    int winner;
    if (!PyArg_ParseTuple(args, "O!i:trick_won", &GameBase_type, &game, &winner)) return NULL;
    if (winner < 0 || winner > 3) {
        PyErr_Format(PyExc_ValueError, "trick_won: no seat %d", winner);
        return NULL;
    }
    if (lazy_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "trick_won: the module is not bound");
        return NULL;
    }
    PyObject *d = PyObject_GenericGetDict(game, NULL);
    if (d == NULL) return NULL;
    PyObject *dd = deal_dict(d);
    int status = dd == NULL ? -1 : trick_end(game, d, dd, winner);
    if (dd == NULL && !PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "trick_won: the game has no deal");
    Py_XDECREF(dd);
    Py_DECREF(d);
    if (status < 0) return NULL;
    Py_RETURN_NONE;
}

/* tables[name], a new reference, if it is an instance of `kind` (and of
 * `size` items if a tuple); else NULL with ValueError. */
static PyObject *bound(PyObject *tables, const char *name, PyTypeObject *kind, Py_ssize_t size) {
    PyObject *value = PyDict_GetItemString(tables, name);
    int fits = value != NULL && PyObject_TypeCheck(value, kind) &&
               (size < 0 || PyTuple_GET_SIZE(value) == size);
    if (!fits) {
        PyErr_Format(PyExc_ValueError, "_bind: no %s in the tables", name);
        return NULL;
    }
    return Py_NewRef(value);
}

/* The n names of the tuple `names` (checked by bound()), interned, into out
 * (new references): 0, or -1 with ValueError if one is not a str. */
static int names_of(PyObject *names, const char *what, PyObject **out, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name = PyTuple_GET_ITEM(names, i);
        if (!PyUnicode_CheckExact(name)) {
            PyErr_Format(PyExc_ValueError, "_bind: the %s must be names (str)", what);
            return -1;
        }
        out[i] = Py_NewRef(name);
        PyUnicode_InternInPlace(&out[i]);
    }
    return 0;
}

#define BOUND 17 /* the tables _bind() takes by name */

static PyObject *speedups_bind(PyObject *Py_UNUSED(module), PyObject *args) {
    unsigned long long step_address;
    PyObject *tables;
    if (!PyArg_ParseTuple(args, "KO!:_bind", &step_address, &PyDict_Type, &tables)) return NULL;
    if (step_address == 0) {
        PyErr_SetString(PyExc_ValueError, "_bind: no step function");
        return NULL;
    }
    static const struct {
        const char *name;
        PyTypeObject *kind;
        Py_ssize_t size;
    } wanted[] = {
        {"Action", &PyType_Type, -1},
        {"Operation", &PyType_Type, -1},
        {"PLAYED", &PyUnicode_Type, -1},
        {"EMPTY", &PyBaseObject_Type, -1},
        {"LEFT", &PyTuple_Type, 4},
        {"PLAYS", &PyTuple_Type, 52},
        {"Trick", &PyType_Type, -1},
        {"TRICK", &PyUnicode_Type, -1},
        {"trick_detail", &PyFunction_Type, -1},
        {"SEATS", &PyTuple_Type, 4},
        {"CARDS", &PyTuple_Type, 52},
        {"first_lead", &PyFunction_Type, -1},
        {"end_play", &PyFunction_Type, -1},
        {"FIELDS", &PyTuple_Type, N_FIELDS},
        {"DEAL_FIELDS", &PyTuple_Type, N_DEAL_FIELDS},
        {"METHODS", &PyTuple_Type, N_METHODS},
        {"LazyDetail", &PyType_Type, -1},
    };
    _Static_assert(sizeof wanted / sizeof wanted[0] == BOUND, "BOUND counts the tables");
    PyObject *got[BOUND + 3] = {NULL};
    enum { N_NAMES = N_FIELDS + N_DEAL_FIELDS + N_METHODS };
    PyObject *names[N_NAMES] = {NULL};
    int ok = 1;
    for (int i = 0; i < BOUND && ok; i++)
        ok = (got[i] = bound(tables, wanted[i].name, wanted[i].kind, wanted[i].size)) != NULL;
    ok = ok && names_of(got[BOUND - 4], "FIELDS", names, N_FIELDS) == 0 &&
         names_of(got[BOUND - 3], "DEAL_FIELDS", names + N_FIELDS, N_DEAL_FIELDS) == 0 &&
         names_of(got[BOUND - 2], "METHODS", names + N_FIELDS + N_DEAL_FIELDS, N_METHODS) == 0;
    int fits = ok && PyType_IsSubtype((PyTypeObject *)got[1], &PyTuple_Type) &&
               PyType_IsSubtype((PyTypeObject *)got[6], &PyTuple_Type);
    const char *slot_names[3] = {"_build", "_raw",
                                 "_data"}; /* LazyDetail's, set as __init__ does */
    for (int i = 0; i < 3 && fits; i++) {
        got[BOUND + i] = PyObject_GetAttrString(got[BOUND - 1], slot_names[i]);
        fits = got[BOUND + i] != NULL && Py_TYPE(got[BOUND + i])->tp_descr_set != NULL;
    }
    if (ok && !fits) {
        PyErr_Clear(); /* an AttributeError for a missing slot: say what is wrong */
        PyErr_SetString(PyExc_ValueError, "_bind: Operation and Trick must be named tuples, "
                                          "LazyDetail a class with slots");
    }
    PyObject *cards_of = fits ? PyDict_New() : NULL; /* {PLAYS[card]: card} */
    for (Py_ssize_t c = 0; c < 52 && cards_of != NULL; c++) {
        PyObject *number = PyLong_FromSsize_t(c);
        if (number == NULL || PyDict_SetItem(cards_of, PyTuple_GET_ITEM(got[5], c), number) < 0)
            Py_CLEAR(cards_of);
        Py_XDECREF(number);
    }
    fits = fits && cards_of != NULL;
    if (!ok || !fits) {
        for (int i = 0; i < BOUND + 3; i++) Py_XDECREF(got[i]);
        for (int i = 0; i < N_NAMES; i++) Py_XDECREF(names[i]);
        return NULL;
    }
    /* where each table goes; the names (NULL here) go to field[], deal_field[], method[] */
    PyObject **slots[] = {
        &action_type, &operation_type, &played_kind, &empty_detail, &left_of,
        &play_of,     &trick_type,     &trick_kind,  &trick_detail, &seats,
        &cards,       &first_lead,     &end_play,    NULL,          NULL,
        NULL,         &lazy_type,      &lazy_build,  &lazy_raw,     &lazy_data,
    };
    _Static_assert(sizeof slots / sizeof slots[0] == BOUND + 3, "a slot for each table");
    for (int i = 0; i < BOUND + 3; i++) {
        if (slots[i] != NULL)
            Py_XSETREF(*slots[i], got[i]);
        else
            Py_DECREF(got[i]);
    }
    PyObject **named[N_NAMES];
    for (int i = 0; i < N_FIELDS; i++) named[i] = &field[i];
    for (int i = 0; i < N_DEAL_FIELDS; i++) named[N_FIELDS + i] = &deal_field[i];
    for (int i = 0; i < N_METHODS; i++) named[N_FIELDS + N_DEAL_FIELDS + i] = &method[i];
    for (int i = 0; i < N_NAMES; i++) Py_XSETREF(*named[i], names[i]);
    Py_XSETREF(card_of, cards_of);
    bound_step = (step_fn)(uintptr_t)step_address;
    Py_RETURN_NONE;
}

static PyMethodDef speedups_methods[] = {
    {"_bind", speedups_bind, METH_VARARGS,
     PyDoc_STR("_bind(step_address, tables): bind the card step to the address of "
               "dbr_position_step_packed, the tables and the names of the fields it uses "
               "(hotpath.bind() calls this once, when game.py is imported).")},
    {"trick_won", speedups_trick_won, METH_VARARGS,
     PyDoc_STR("trick_won(game, winner): the end of the trick the seat numbered winner "
               "won: the trick and its record, the tricks won, the next leader, and "
               "end_play(game) after the last trick.")},
    {"plays_of", speedups_plays_of, METH_O,
     PyDoc_STR("plays_of(cards): the play actions of a set of cards (bits 0-51), in card "
               "order.")},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dummybridge.engine._speedups",
    .m_doc = PyDoc_STR("The card step of Game.apply() and Game.legal_actions(), in C."),
    .m_size = -1,
    .m_methods = speedups_methods,
};

static int intern(PyObject **slot, const char *name) {
    *slot = PyUnicode_InternFromString(name);
    return *slot == NULL ? -1 : 0;
}

PyMODINIT_FUNC PyInit__speedups(void) {
    if (intern(&s_address, "address") < 0) return NULL;
    if (PyType_Ready(&GameBase_type) < 0) return NULL;
    PyObject *m = PyModule_Create(&speedups_module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "GameBase", (PyObject *)&GameBase_type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
