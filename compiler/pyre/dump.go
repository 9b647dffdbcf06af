package pyre

import (
	"strconv"
	"strings"
)

// Dump renders a node as a compact S-expression, for tests and debugging:
//
//	^git\s+push\b  →  (concat begin-text 'g' 'i' 't' (repeat 1 - greedy \s) 'p' 'u' 's' 'h' word-boundary)
//
// Case-insensitive literals and classes are marked with /i, ASCII ones
// with /a. Repeat bounds print "-" for Unbounded. Code points outside
// printable ASCII print as U+XXXX.
func Dump(n Node) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

func dumpRune(b *strings.Builder, r rune) {
	if r > ' ' && r < 0x7f && r != '\'' {
		b.WriteByte('\'')
		b.WriteRune(r)
		b.WriteByte('\'')
		return
	}
	b.WriteString("U+")
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	b.WriteString(strings.Repeat("0", max(0, 4-len(s))) + s)
}

func dumpFlags(b *strings.Builder, f Flags) {
	if f&FlagIgnoreCase != 0 {
		b.WriteString("/i")
	}
	if f&FlagASCII != 0 {
		b.WriteString("/a")
	}
}

var catNames = [...]string{CatDigit: `\d`, CatNotDigit: `\D`, CatSpace: `\s`, CatNotSpace: `\S`, CatWord: `\w`, CatNotWord: `\W`}

var anchorNames = [...]string{
	AnchorBeginText: "begin-text", AnchorBeginLine: "begin-line", AnchorEnd: "end", AnchorEndLine: "end-line",
	AnchorEndText: "end-text", AnchorWordBoundary: "word-boundary", AnchorNonWordBoundary: "non-word-boundary",
}

var groupNames = [...]string{
	GroupCapture: "group", GroupNonCapture: "nocapture", GroupAtomic: "atomic", GroupLookAhead: "lookahead",
	GroupNegLookAhead: "neg-lookahead", GroupLookBehind: "lookbehind", GroupNegLookBehind: "neg-lookbehind",
}

var modeNames = [...]string{Greedy: "greedy", Lazy: "lazy", Possessive: "possessive"}

func dumpSubs(b *strings.Builder, head string, subs []Node) {
	b.WriteString("(" + head)
	for _, s := range subs {
		b.WriteByte(' ')
		dump(b, s)
	}
	b.WriteByte(')')
}

func dump(b *strings.Builder, n Node) {
	switch n := n.(type) {
	case *Empty:
		b.WriteString("empty")
	case *Literal:
		dumpRune(b, n.Rune)
		dumpFlags(b, n.Flags&(FlagIgnoreCase|FlagASCII))
	case *Any:
		b.WriteString("any")
		if n.DotAll() {
			b.WriteString("/s")
		}
	case *Class:
		simple := !n.Negate && len(n.Ranges) == 0 && len(n.Cats) == 1
		if !simple {
			b.WriteString("[")
			if n.Negate {
				b.WriteString("^")
			}
		}
		for i, r := range n.Ranges {
			if i > 0 {
				b.WriteByte(' ')
			}
			dumpRune(b, r.Lo)
			if r.Hi != r.Lo {
				b.WriteByte('-')
				dumpRune(b, r.Hi)
			}
		}
		for i, c := range n.Cats {
			if i > 0 || len(n.Ranges) > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(catNames[c])
		}
		if !simple {
			b.WriteString("]")
		}
		dumpFlags(b, n.Flags&(FlagIgnoreCase|FlagASCII))
	case *Anchor:
		b.WriteString(anchorNames[n.Kind])
		if n.Kind >= AnchorWordBoundary {
			dumpFlags(b, n.Flags&FlagASCII)
		}
	case *Group:
		head := groupNames[n.Kind]
		if n.Index > 0 {
			head += " " + strconv.Itoa(n.Index)
		}
		if n.Name != "" {
			head += " " + strconv.Quote(n.Name)
		}
		if n.AddFlags|n.DelFlags != 0 {
			head += " flags+" + strconv.Itoa(int(n.AddFlags)) + "-" + strconv.Itoa(int(n.DelFlags))
		}
		dumpSubs(b, head, []Node{n.Sub})
	case *Backref:
		b.WriteString("(backref " + strconv.Itoa(n.Index) + ")")
		dumpFlags(b, n.Flags&(FlagIgnoreCase|FlagASCII))
	case *Conditional:
		dumpSubs(b, "if "+strconv.Itoa(n.Index), []Node{n.Yes, n.No})
	case *Repeat:
		hi := "-"
		if n.Max != Unbounded {
			hi = strconv.Itoa(n.Max)
		}
		dumpSubs(b, "repeat "+strconv.Itoa(n.Min)+" "+hi+" "+modeNames[n.Mode], []Node{n.Sub})
	case *Concat:
		dumpSubs(b, "concat", n.Subs)
	case *Alternate:
		dumpSubs(b, "alt", n.Subs)
	}
}
