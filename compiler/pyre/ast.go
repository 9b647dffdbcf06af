package pyre

// Flags are Python's re flags, with Python's numeric values (re.I == 2 …), so
// that a Flags value can be read from or written to Python directly.
type Flags uint16

// Python's re flags. Only IgnoreCase, Multiline, DotAll, Verbose, ASCII and
// Unicode may be passed to Parse and Compile.
const (
	FlagTemplate   Flags = 1   // re.TEMPLATE, inline (?t): forbids repeats
	FlagIgnoreCase Flags = 2   // re.I, (?i)
	FlagLocale     Flags = 4   // re.L, (?L): invalid for str patterns
	FlagMultiline  Flags = 8   // re.M, (?m)
	FlagDotAll     Flags = 16  // re.S, (?s)
	FlagUnicode    Flags = 32  // re.U, (?u): the default for str patterns
	FlagVerbose    Flags = 64  // re.X, (?x)
	FlagDebug      Flags = 128 // re.DEBUG (no inline letter; not accepted)
	FlagASCII      Flags = 256 // re.A, (?a)
)

// typeFlags are the mutually exclusive character-type flags.
const typeFlags = FlagASCII | FlagLocale | FlagUnicode

// Unbounded is Repeat.Max for a repeat without upper bound (*, +, {n,}).
const Unbounded = -1

// AST is a parsed pattern.
type AST struct {
	// Pattern is the source text.
	Pattern string
	// Root is the whole pattern.
	Root Node
	// Flags are the pattern's global flags: those passed to Parse, plus the
	// leading global inline flags such as (?i), plus FlagUnicode unless
	// FlagASCII is set (as Python adds it for str patterns).
	Flags Flags
	// Groups is the number of capturing groups.
	Groups int
	// Names maps each group name to its group number.
	Names map[string]int
	// Warnings are the warnings Python issues while compiling the pattern.
	Warnings []Warning
}

// Warning is a warning Python's re module issues for a valid pattern:
// FutureWarning for constructs whose meaning may change ("Possible nested
// set", "Possible set difference", …) and DeprecationWarning for
// conditional group numbers that are not plain ASCII digits. Under
// Python's default warning filters a FutureWarning is printed to stderr
// (once per distinct message and call site) and a DeprecationWarning
// raised outside __main__ is not.
type Warning struct {
	Category string // "FutureWarning" or "DeprecationWarning"
	Msg      string // e.g. "Possible nested set at position 1"
	Pos      int    // code point offset the message names
}

// Node is one node of the syntax tree. Its dynamic type is one of *Empty,
// *Literal, *Any, *Class, *Anchor, *Group, *Backref, *Conditional,
// *Repeat, *Concat or *Alternate.
//
// Nodes whose meaning depends on flags (Literal, Any, Class, Anchor,
// Backref) carry the flags in effect where they occur (global flags combined
// with enclosing scoped flags such as (?i:…) or (?-i:…)), so a node can be
// understood without looking at its ancestors.
type Node interface{ node() }

// Empty matches the empty string: an empty pattern, alternative or group.
type Empty struct{}

// Literal matches one code point. With FlagIgnoreCase in Flags it also
// matches the code points that Python's case-insensitive matching
// identifies with it (see (*Literal).Matches).
type Literal struct {
	Rune  rune
	Flags Flags
}

// Any is '.': any code point but '\n', or any code point at all when Flags
// has FlagDotAll.
type Any struct {
	Flags Flags
}

// Category is a class escape: \d, \D, \s, \S, \w or \W.
type Category uint8

// Categories. Under FlagASCII they are ASCII-only ([0-9], [ \t\n\r\f\v],
// [a-zA-Z0-9_]); otherwise \d is Unicode Nd, \s is str.isspace() and \w is
// str.isalnum() or '_' (Unicode 14.0, Python 3.11's database).
const (
	CatDigit Category = iota + 1
	CatNotDigit
	CatSpace
	CatNotSpace
	CatWord
	CatNotWord
)

// RuneRange is an inclusive code point range; a single character has
// Lo == Hi.
type RuneRange struct {
	Lo, Hi rune
}

// Class is a character class: [...], [^...], or a category escape (\d …)
// outside brackets, which is a one-category Class. It matches one code
// point that is in one of Ranges or Cats (with Python's case-insensitive
// closure of Ranges under FlagIgnoreCase), or, if Negate, one that is not.
type Class struct {
	Negate bool
	Ranges []RuneRange // in source order, not merged
	Cats   []Category  // in source order
	Flags  Flags
}

// AnchorKind says which zero-width assertion an Anchor is.
type AnchorKind uint8

// Anchor kinds, by meaning rather than by spelling.
const (
	// AnchorBeginText is \A, and ^ without MULTILINE: the string start.
	AnchorBeginText AnchorKind = iota + 1
	// AnchorBeginLine is ^ with MULTILINE: the string start or after '\n'.
	AnchorBeginLine
	// AnchorEnd is $ without MULTILINE: the string end, or before a '\n'
	// that ends the string.
	AnchorEnd
	// AnchorEndLine is $ with MULTILINE: the string end or before any '\n'.
	AnchorEndLine
	// AnchorEndText is \Z: the very end of the string.
	AnchorEndText
	// AnchorWordBoundary is \b: between a word and a non-word code point,
	// where the string's start and end count as non-word. It never matches
	// in an empty string.
	AnchorWordBoundary
	// AnchorNonWordBoundary is \B: not a word boundary, but (Python 3.11)
	// it never matches in an empty string either.
	AnchorNonWordBoundary
)

// Anchor is a zero-width assertion about the position. For word
// boundaries, FlagASCII in Flags selects the ASCII word definition.
type Anchor struct {
	Kind  AnchorKind
	Flags Flags
}

// GroupKind says what a Group is.
type GroupKind uint8

// Group kinds.
const (
	GroupCapture       GroupKind = iota + 1 // (…) and (?P<name>…)
	GroupNonCapture                         // (?:…) and (?flags-flags:…)
	GroupAtomic                             // (?>…)
	GroupLookAhead                          // (?=…)
	GroupNegLookAhead                       // (?!…)
	GroupLookBehind                         // (?<=…)
	GroupNegLookBehind                      // (?<!…)
)

// Group is a parenthesised sub-pattern.
type Group struct {
	Kind GroupKind
	// Index is the group number of a capturing group (from 1), else 0.
	Index int
	// Name is the name of a (?P<name>…) group, else "".
	Name string
	// AddFlags and DelFlags are the flags a scoped-flags group
	// (?aiLmsux-imsx:…) turns on and off; the nodes inside already carry
	// the result.
	AddFlags, DelFlags Flags
	Sub                Node
}

// Backref is \N or (?P=name): it matches the text that group Index last
// matched (case-insensitively under FlagIgnoreCase); it fails if that group
// has not matched.
type Backref struct {
	Index int
	Name  string // set for (?P=name)
	Flags Flags
}

// Conditional is (?(group)yes|no): Yes if the group has matched, else No.
// No is an *Empty when the pattern has no "|no" part.
type Conditional struct {
	Index int
	Name  string // set when the condition names the group
	Yes   Node
	No    Node
}

// RepeatMode says how a Repeat backtracks.
type RepeatMode uint8

// Repeat modes.
const (
	Greedy     RepeatMode = iota + 1 // *, +, ?, {m,n}
	Lazy                             // *?, +?, ??, {m,n}?
	Possessive                       // *+, ++, ?+, {m,n}+ (no backtracking into it)
)

// Repeat matches Sub at least Min and at most Max times (Max is Unbounded
// or ≥ Min). Python limits both to less than 4294967295.
type Repeat struct {
	Min, Max int
	Mode     RepeatMode
	Sub      Node
}

// Concat matches its Subs one after the other (at least two of them).
type Concat struct {
	Subs []Node
}

// Alternate matches the first of its Subs that leads to an overall match
// (at least two of them).
type Alternate struct {
	Subs []Node
}

func (*Empty) node()       {}
func (*Literal) node()     {}
func (*Any) node()         {}
func (*Class) node()       {}
func (*Anchor) node()      {}
func (*Group) node()       {}
func (*Backref) node()     {}
func (*Conditional) node() {}
func (*Repeat) node()      {}
func (*Concat) node()      {}
func (*Alternate) node()   {}

// IgnoreCase reports whether the literal is matched case-insensitively.
func (l *Literal) IgnoreCase() bool { return l.Flags&FlagIgnoreCase != 0 }

// Matches returns every code point the literal matches, l.Rune first. It
// has one element unless the literal is case-insensitive and cased; e.g. a
// case-insensitive 'k' matches "kK\u212a" (KELVIN SIGN) and 'i' matches
// "iI\u0130\u0131".
func (l *Literal) Matches() []rune {
	if !l.IgnoreCase() {
		return []rune{l.Rune}
	}
	return foldOrbit(l.Rune, l.Flags&FlagASCII != 0)
}

// IgnoreCase reports whether the backreference compares case-insensitively
// (code point by code point, by their simple lower case).
func (r *Backref) IgnoreCase() bool { return r.Flags&FlagIgnoreCase != 0 }

// Contains reports whether the class matches the code point r, with
// Python's semantics (case-insensitive closure under FlagIgnoreCase, the
// categories of FlagASCII or Unicode mode, negation).
func (c *Class) Contains(r rune) bool {
	ascii := c.Flags&FlagASCII != 0
	in := false
	for _, cat := range c.Cats {
		if inCategory(r, cat, ascii) {
			in = true
			break
		}
	}
	if !in && c.Flags&FlagIgnoreCase != 0 {
		for _, m := range foldOrbit(r, ascii) {
			if inSourceRanges(m, c.Ranges) {
				in = true
				break
			}
		}
	} else if !in {
		in = inSourceRanges(r, c.Ranges)
	}
	return in != c.Negate
}

func inSourceRanges(r rune, rs []RuneRange) bool {
	for _, rg := range rs {
		if rg.Lo <= r && r <= rg.Hi {
			return true
		}
	}
	return false
}

// DotAll reports whether '.' matches '\n' too.
func (a *Any) DotAll() bool { return a.Flags&FlagDotAll != 0 }
