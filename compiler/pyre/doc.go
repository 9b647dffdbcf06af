// Package pyre runs Python 3.11 `re` patterns on Go strings with Python's
// meaning, as hookify uses them: re.compile(pattern, re.IGNORECASE) then
// .search(subject).
//
// It has three parts:
//
//   - Parse, a parser of Python's regular expression syntax written from
//     Python's documented and observed behaviour. It accepts exactly what
//     CPython 3.11 accepts and reports the same re.error message and
//     position for what it rejects. Its result, an *AST, is exported for
//     analysis (literal prefixes, tokens).
//   - An emitter that turns an AST into an equivalent pattern for
//     github.com/dlclark/regexp2 (.NET syntax, case-sensitive mode): it
//     spells out Python's Unicode categories, case folding, word boundaries
//     and anchors explicitly, so that regexp2's own (different) definitions
//     are never used.
//   - Compile and (*Regexp).Search, which tie both together and bound each
//     search by a timeout (ErrTimeout).
//
// Subjects and patterns are WTF-8 Go strings (see package pyval): a lone
// surrogate code point is a 3-byte sequence and matches as that code point.
//
// # Divergences from CPython 3.11
//
// The emitted pattern has Python's meaning for every code point; the known
// differences are listed here and in the package README-style comments of
// the files that handle them:
//
//   - \N{NAME} escapes are valid Python that this package cannot resolve (Go
//     has no Unicode name table): Compile and Parse return an Unsupported
//     *Error for them (malformed \N escapes get Python's own message).
//   - A backreference under both ASCII and IGNORECASE, e.g. (?ai)(x)\1,
//     compares ASCII-only case folding in Python; regexp2 cannot, so it is
//     Unsupported.
//   - Searches that run longer than Options.Timeout return ErrTimeout, where
//     Python would keep going.
//   - Python raises RecursionError for patterns nested about 495 groups deep;
//     the exact limit depends on the caller's stack. We report
//     RecursionError from a fixed nesting depth (see maxParseDepth).
//   - Which groups hold which text after a match can differ in corner cases
//     (captures inside repeats, alternatives inside look-behinds); this is
//     visible only through backreferences and conditionals and never affects
//     patterns whose groups capture at most one possible text.
package pyre
