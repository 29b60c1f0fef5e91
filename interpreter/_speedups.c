/* dummybridge._speedups: the card step of Game.apply() and Game.legal_actions(), in C.
 *
 * Nearly every action of a game is a card played in strict play by a player
 * who sees the hand he plays from (the state.Game "lean" play: self._lean).
 * In Python that step is a method call, a cffi call and about fifteen
 * attribute reads and writes: most of the interpreter's time (issue 3).
 * This module takes that step in C:
 *
 *   - GameBase.apply(action) for a card while self._lean is true: the C core
 *     plays it (dbr_position_step_packed, called through the function pointer
 *     the cffi module _core gives, so there is one copy of the card rules),
 *     then the same bookkeeping as state.Game._play(): self._step, the log
 *     record, self.actions, self.hands, self._trick_cards, self.to_act, and
 *     the Python methods _first_lead() and _trick_won() when they are due.
 *   - GameBase.legal_actions() while self._lean is true: the play actions of
 *     the legal cards the last step left in self._step (plays_of(), which
 *     state.py also uses for every set of cards it offers as plays).
 *
 * Every other action, and a card the C core refuses, goes to the Python
 * methods _apply() and _legal_actions(), which are the reference: tests play
 * the same games through both and compare every record. The module decides no
 * card question itself and keeps no game state: what it reads and writes is
 * the game's own __dict__. It is bound once, by state.py, with _bind().
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "dummybridge.h"

typedef int64_t (*step_fn)(dbr_position *pos, dbr_card card, unsigned flags);

/* Bound by _bind(), once, at the import of dummybridge.state. */
static step_fn bound_step;
static PyObject *action_type;    /* actions.Action */
static PyObject *operation_type; /* state.Operation (a named tuple) */
static PyObject *play_kind;      /* actions.PLAY, the kind of a card's action */
static PyObject *empty_detail;   /* state._EMPTY, a play's detail */
static PyObject *left_of;        /* state._LEFT: the seat on each seat's left */
static PyObject *play_of;        /* state._PLAYS: the play action of each card */

/* Interned attribute names. */
static PyObject *s_lean, *s_to_act, *s_ps, *s_address, *s_step, *s_log, *s_actions, *s_hands,
    *s_trick_cards, *s_seat_actor, *s_lead_due, *s_first_lead, *s_kind, *s_index, *s_apply,
    *s_legal_actions, *s_trick_won;

#define LEGAL_MASK ((UINT64_C(1) << 52) - 1)

/* d[key] as a borrowed reference, or NULL (an error set only if the lookup failed). */
static PyObject *item(PyObject *d, PyObject *key) { return PyDict_GetItemWithError(d, key); }

/* Whether the game's __dict__ says the lean play is on. -1 on error. */
static int lean_on(PyObject *d) {
    PyObject *lean = item(d, s_lean);
    if (lean == NULL) return PyErr_Occurred() ? -1 : 0;
    return lean == Py_True;
}

/* A named tuple made as tuple.__new__(type, items) makes it (a tuple
 * subclass must not be filled in place: newer CPythons cache a tuple's hash).
 * Steals items; NULL (an error set) if it or items is NULL. */
static PyObject *named(PyObject *type, PyObject *items) {
    if (items == NULL) return NULL;
    PyObject *pack = PyTuple_Pack(1, items);
    Py_DECREF(items);
    PyObject *made = pack ? PyTuple_Type.tp_new((PyTypeObject *)type, pack, NULL) : NULL;
    Py_XDECREF(pack);
    return made;
}

/* The card step of a lean game. Returns a new reference to the log record;
 * NULL with no error set when the fast path does not apply and nothing was
 * changed (the caller then takes the Python path, which also names the rule
 * an illegal card breaks); NULL with an error set on failure. */
static PyObject *lean_card(PyObject *self, PyObject *d, PyObject *action) {
    if (bound_step == NULL) return NULL; /* not bound (state.py binds it at its import) */
    int on = lean_on(d);
    if (on <= 0) return NULL;
    PyObject *kind = PyObject_GetAttr(action, s_kind);
    if (kind == NULL) return NULL;
    Py_DECREF(kind); /* still held by the action */
    if (kind != play_kind) return NULL;
    PyObject *index = PyObject_GetAttr(action, s_index);
    if (index == NULL) return NULL;
    long card = PyLong_Check(index) ? PyLong_AsLong(index) : -1;
    Py_DECREF(index);
    if (card == -1 && PyErr_Occurred()) return NULL;
    if (card < 0 || card > 51) return NULL;

    /* Everything read and checked before the C core plays the card. */
    PyObject *to_act = item(d, s_to_act);
    PyObject *ps = to_act ? item(d, s_ps) : NULL;
    PyObject *log = ps ? item(d, s_log) : NULL;
    PyObject *actions = log ? item(d, s_actions) : NULL;
    PyObject *hands = actions ? item(d, s_hands) : NULL;
    PyObject *trick = hands ? item(d, s_trick_cards) : NULL;
    PyObject *actors = trick ? item(d, s_seat_actor) : NULL;
    if (actors == NULL || PyErr_Occurred()) return NULL;
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
    PyObject *address = PyObject_GetAttr(ps, s_address);
    if (address == NULL) return NULL;
    dbr_position *pos = (dbr_position *)PyLong_AsVoidPtr(address);
    Py_DECREF(address);
    if (pos == NULL) return NULL; /* an error is set, or no position: the Python path */

    /* The same bookkeeping as Game._play(), the record made first. */
    PyObject *n = PyLong_FromSsize_t(PyList_GET_SIZE(log));
    PyObject *op = n ? named(operation_type,
                             PyTuple_Pack(6, n, play_kind, to_act, PyTuple_GET_ITEM(actors, seat),
                                          action, empty_detail))
                     : NULL;
    Py_XDECREF(n);
    if (op == NULL) return NULL;

    /* Everything made: the C core plays the card, or refuses it. */
    int64_t step = bound_step(pos, (dbr_card)card, 0);
    if (step < 0) {
        Py_DECREF(op);
        return NULL; /* refused, nothing changed: the Python path says why */
    }

    /* From here on the card is played: only a failure to allocate (MemoryError)
     * or an error raised by _trick_won()/_first_lead() can stop the step. */
    Py_INCREF(to_act); /* the seat outlives the writes to the dict below */
    PyObject *step_obj = PyLong_FromLongLong(step);
    PyObject *rest = PyLong_FromUnsignedLongLong(bits & ~(1ULL << card));
    PyObject *card_obj = PyLong_FromLong(card);
    int failed = step_obj == NULL || rest == NULL || card_obj == NULL;
    failed = failed || PyDict_SetItem(d, s_step, step_obj) < 0;
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
        PyObject *w = PyLong_FromLongLong(winner - 1);
        PyObject *r = w ? PyObject_CallMethodOneArg(self, s_trick_won, w) : NULL;
        Py_XDECREF(w);
        failed = r == NULL;
        Py_XDECREF(r);
    } else if (!failed) {
        PyObject *due = item(d, s_lead_due);
        int first = due == NULL ? (PyErr_Occurred() ? -1 : 0) : PyObject_IsTrue(due);
        if (first > 0) { /* strict play: no card is ever taken back */
            PyObject *r = PyObject_CallMethodNoArgs(self, s_first_lead);
            first = r == NULL ? -1 : 0;
            Py_XDECREF(r);
        }
        failed = first < 0 || PyDict_SetItem(d, s_to_act, PyTuple_GET_ITEM(left_of, seat)) < 0;
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
    PyObject *method = PyObject_GetAttr(self, s_apply);
    if (method == NULL) return NULL;
    PyObject *r = PyObject_Vectorcall(method, args, nargs, kwnames);
    Py_DECREF(method);
    return r;
}

/* The play actions of a set of cards (bits 0-51), in card order: clubs to
 * spades, each from the two up. */
static PyObject *plays(uint64_t set) {
    Py_ssize_t count = 0;
    for (uint64_t b = set; b; b &= b - 1) count++;
    PyObject *out = PyTuple_New(count);
    if (out == NULL) return NULL;
    Py_ssize_t i = 0;
    for (int c = 0; c < 52; c++)
        if (set >> c & 1) PyTuple_SET_ITEM(out, i++, Py_NewRef(PyTuple_GET_ITEM(play_of, c)));
    return out;
}

static PyObject *GameBase_legal_actions(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *d = PyObject_GenericGetDict(self, NULL);
    if (d == NULL) return NULL;
    int on = play_of == NULL ? 0 : lean_on(d);
    PyObject *step = on > 0 ? item(d, s_step) : NULL;
    if (step != NULL && PyLong_CheckExact(step)) {
        long long packed = PyLong_AsLongLong(step);
        if (packed >= 0) {
            Py_DECREF(d);
            return plays((uint64_t)packed & LEGAL_MASK);
        }
    }
    Py_DECREF(d);
    if (PyErr_Occurred()) return NULL;
    return PyObject_CallMethodNoArgs(self, s_legal_actions);
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
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dummybridge._speedups.GameBase",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = PyDoc_STR("The base of state.Game: apply() and legal_actions(), with the card "
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

/* tables[name], a new reference, if it is an instance of `kind` (and of
 * `size` items if a tuple); else NULL with ValueError. */
static PyObject *bound(PyObject *tables, const char *name, PyTypeObject *kind, Py_ssize_t size) {
    PyObject *value = PyDict_GetItemString(tables, name);
    int fits = value != NULL && PyObject_TypeCheck(value, kind) &&
               (size < 0 || PyTuple_GET_SIZE(value) == size);
    if (!fits) {
        PyErr_Format(PyExc_ValueError, "_bind: no %s in the state module's tables", name);
        return NULL;
    }
    return Py_NewRef(value);
}

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
    } wanted[6] = {
        {"Action", &PyType_Type, -1},  {"Operation", &PyType_Type, -1},
        {"PLAY", &PyUnicode_Type, -1}, {"EMPTY", &PyBaseObject_Type, -1},
        {"LEFT", &PyTuple_Type, 4},    {"PLAYS", &PyTuple_Type, 52},
    };
    PyObject *got[6] = {NULL};
    int ok = 1;
    for (int i = 0; i < 6 && ok; i++)
        ok = (got[i] = bound(tables, wanted[i].name, wanted[i].kind, wanted[i].size)) != NULL;
    ok = ok && PyType_IsSubtype((PyTypeObject *)got[1], &PyTuple_Type);
    if (!ok) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "_bind: Operation must be a named tuple");
        for (int i = 0; i < 6; i++) Py_XDECREF(got[i]);
        return NULL;
    }
    PyObject **slots[6] = {&action_type,  &operation_type, &play_kind,
                           &empty_detail, &left_of,        &play_of};
    for (int i = 0; i < 6; i++) Py_XSETREF(*slots[i], got[i]);
    bound_step = (step_fn)(uintptr_t)step_address;
    Py_RETURN_NONE;
}

static PyMethodDef speedups_methods[] = {
    {"_bind", speedups_bind, METH_VARARGS,
     PyDoc_STR("_bind(step_address, tables): bind the card step to the address of "
               "dbr_position_step_packed and the state module's tables, by name "
               "(state.py calls this once).")},
    {"plays_of", speedups_plays_of, METH_O,
     PyDoc_STR("plays_of(cards): the play actions of a set of cards (bits 0-51), in card "
               "order.")},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dummybridge._speedups",
    .m_doc = PyDoc_STR("The card step of Game.apply() and Game.legal_actions(), in C."),
    .m_size = -1,
    .m_methods = speedups_methods,
};

static int intern(PyObject **slot, const char *name) {
    *slot = PyUnicode_InternFromString(name);
    return *slot == NULL ? -1 : 0;
}

PyMODINIT_FUNC PyInit__speedups(void) {
    if (intern(&s_lean, "_lean") < 0 || intern(&s_to_act, "to_act") < 0 ||
        intern(&s_ps, "_ps") < 0 || intern(&s_address, "address") < 0 ||
        intern(&s_step, "_step") < 0 || intern(&s_log, "log") < 0 ||
        intern(&s_actions, "actions") < 0 || intern(&s_hands, "hands") < 0 ||
        intern(&s_trick_cards, "_trick_cards") < 0 || intern(&s_seat_actor, "_seat_actor") < 0 ||
        intern(&s_lead_due, "_lead_due") < 0 || intern(&s_trick_won, "_trick_won") < 0 ||
        intern(&s_first_lead, "_first_lead") < 0 || intern(&s_kind, "kind") < 0 ||
        intern(&s_index, "index") < 0 || intern(&s_apply, "_apply") < 0 ||
        intern(&s_legal_actions, "_legal_actions") < 0)
        return NULL;
    if (PyType_Ready(&GameBase_type) < 0) return NULL;
    PyObject *m = PyModule_Create(&speedups_module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "GameBase", (PyObject *)&GameBase_type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
