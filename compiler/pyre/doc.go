// Package pyre runs Python 3.11 `re` patterns on Go strings with Python's
// meaning, as hookify uses them: re.compile(pattern, re.IGNORECASE), then
// .search(subject). It is not a general-purpose regular expression
// library: it exists to give those patterns Python's meaning, mostly by
// translating them for github.com/dlclark/regexp2.
//
// It has four parts:
//
//   - [Parse], a parser of Python's regular expression syntax written from
//     Python's documented and observed behaviour (CPython 3.11.7 as the
//     oracle). It accepts exactly what CPython 3.11 accepts and otherwise
//     returns an *Error with Python's exception type, message and position
//     (Error() is str(exception)); it also reports Python's FutureWarning
//     and DeprecationWarning texts. Its result, an *AST, is exported for
//     analysis such as literal prefixes: see [Node] for its shape, [Walk]
//     and [Dump] for traversal.
//   - [Emit], which translates an AST into a regexp2 pattern (default .NET
//     mode) that spells out Python's semantics: Unicode 14.0 categories for
//     \d \w \s (Python 3.11's database, while Go has 15.0), Python's
//     case-insensitive equivalences, \b and \B on Python's \w, \Z, named
//     groups, {,n}, verbose mode (resolved by the parser), scoped flags,
//     possessive repeats as atomic groups.
//   - A linear path: a pattern without backreferences, conditionals,
//     look-arounds, atomic groups and possessive repeats (see
//     [Regexp.Linear]) is also compiled into an automaton over code points
//     that spells out the same semantics (explicit code point sets for
//     literals, classes and '.', Python's assertions for the anchors) and
//     is searched by a lazily built DFA. Whether a match exists does not
//     depend on the order in which a backtracking matcher tries its paths,
//     so the answer is the same, in time linear in the subject and with no
//     timeout (linear.go, dfa.go).
//   - [Compile] and [Regexp.Search], which tie them together. Search takes
//     the linear path when the pattern has one, and otherwise runs regexp2,
//     bounding each search by Options.Timeout ([ErrTimeout]).
//
// Patterns and subjects are WTF-8 Go strings (see package pyval): a lone
// surrogate is a 3-byte sequence and is one code point, as in Python.
// Positions are code point offsets.
//
// Parsing and matching are differential-tested against CPython 3.11.7 and
// agree with it, bar the divergences below; no exactness was traded for
// speed. docs/compat.md says how it is tested, docs/benchmarks.md what
// exactness costs.
//
// # Known divergences from CPython 3.11
//
//   - \N{NAME} escapes are valid Python that this package cannot resolve
//     (Go has no Unicode name table): Unsupported. A name that cannot be a
//     Unicode name (characters other than A-Z, a-z, 0-9, '-' and single
//     inner spaces) gets Python's "undefined character name" error.
//   - A backreference under both ASCII and IGNORECASE, e.g. (?ai)(x)\1,
//     compares ASCII-only case folding in Python; regexp2 cannot:
//     Unsupported. ((?a) itself is supported exactly; (?L) is a Python
//     error for str patterns.)
//   - A search on the regexp2 path that runs longer than Options.Timeout
//     returns ErrTimeout; Python would keep going (catastrophic
//     backtracking, e.g. (a+)+\1$). A linear pattern never times out:
//     (a+)+$ answers at once where Python takes exponential time.
//   - Python raises RecursionError (not re.error) for deep nesting; the
//     limit depends on the caller's stack depth. We raise it beyond
//     maxParseDepth parser frames (about 493 nested groups, calibrated for
//     hookify's call depth), so patterns nested within a few levels of the
//     limit may differ.
//   - CPython's search skips start positions with a first-character filter
//     that, for a class at the very start of the pattern, reads \d \w \s
//     with the pattern's global ASCII/UNICODE mode even inside a scoped
//     (?a:…) or (?u:…) group: re.search(r'(?a:\W)', 'é') is None although
//     re.match finds it. We implement the documented meaning (a match).
//   - Group contents after backtracking can differ, which is visible only
//     through backreferences and conditionals: CPython lets a repeat run one
//     more zero-width iteration after its minimum (e.g.
//     (((?(1)|b))*){1,}(\2(([b]))) on "b": Python matches, we do not), and
//     keeps a group's end after backtracking into a single-character repeat
//     inside it (e.g. ((([^a]*))(?(1)^))([^a]\Z) on " b": Python does not
//     match, we do). Both need a group referenced from inside itself or
//     from a repeat; guard patterns do not do this.
//   - Repeat bounds above 2147483646 are clamped (see Emit): only subjects
//     of more than two billion code points could tell.
//
// TestKnownDivergences pins the examples above.
package pyre
