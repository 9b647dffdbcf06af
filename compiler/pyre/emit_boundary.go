package pyre

// Word boundaries. regexp2's \b uses .NET's word characters (L, Mn, Nd, Pc
// and U+200C/U+200D), not Python's (str.isalnum() or '_'), so \b and \B
// are written with look-arounds on Python's word class W:
//
//	\b = (?:(?<=W)(?!W)|(?<!W)(?=W))
//	\B = (?:(?<=W)(?=W)|(?<!W)(?!W)(?!\A\z))   (never in an empty string)
//
// When the neighbouring item of the concatenation must consume a word
// character, or must consume a non-word one, half of this is known and a
// single look-around remains: \bgit becomes (?<!W)[gG]…, push\b becomes
// …(?!W).

type wordKind uint8

const (
	unknownKind wordKind = iota
	wordChar
	nonWordChar
)

func boundary(word, ascii, ci bool, prev, next wordKind) string {
	w := catText[0][CatWord]
	if ascii {
		w = catText[1][CatWord]
		if ci {
			w = "(?-i:" + w + ")"
		}
	}
	after := func(k wordKind) string { // the text before is of kind k
		if k == wordChar {
			return "(?<=" + w + ")"
		}
		return "(?<!" + w + ")"
	}
	before := func(k wordKind) string { // the text after is of kind k
		if k == wordChar {
			return "(?=" + w + ")"
		}
		return "(?!" + w + ")"
	}
	other := func(k wordKind) wordKind {
		if k == wordChar {
			return nonWordChar
		}
		return wordChar
	}
	switch {
	case prev != unknownKind && next != unknownKind:
		if (prev != next) == word {
			return ""
		}
		return "(?!)"
	case next != unknownKind:
		if word {
			return after(other(next))
		}
		return after(next)
	case prev != unknownKind:
		if word {
			return before(other(prev))
		}
		return before(prev)
	case word:
		return "(?:" + after(wordChar) + before(nonWordChar) + "|" + after(nonWordChar) + before(wordChar) + ")"
	default:
		return "(?:" + after(wordChar) + before(wordChar) + "|" + after(nonWordChar) + before(nonWordChar) + `(?!\A\z))`
	}
}

// charKind tells whether the code point n consumes first (or last, with
// fromEnd) is always a word character, always a non-word character, or
// either (also when n may consume nothing).
func charKind(n Node, fromEnd, ascii bool) wordKind {
	switch n := n.(type) {
	case *Literal:
		return runesKind(n.Matches(), ascii)
	case *Class:
		return classKind(n, ascii)
	case *Repeat:
		if n.Min == 0 {
			return unknownKind
		}
		return charKind(n.Sub, fromEnd, ascii)
	case *Group:
		switch n.Kind {
		case GroupCapture, GroupNonCapture, GroupAtomic:
			return charKind(n.Sub, fromEnd, ascii)
		}
	case *Concat:
		if len(n.Subs) == 0 {
			return unknownKind
		}
		if fromEnd {
			return charKind(n.Subs[len(n.Subs)-1], fromEnd, ascii)
		}
		return charKind(n.Subs[0], fromEnd, ascii)
	case *Alternate:
		if len(n.Subs) == 0 {
			return unknownKind
		}
		k := charKind(n.Subs[0], fromEnd, ascii)
		for _, s := range n.Subs[1:] {
			if charKind(s, fromEnd, ascii) != k {
				return unknownKind
			}
		}
		return k
	}
	return unknownKind
}

func runesKind(rs []rune, ascii bool) wordKind {
	k := unknownKind
	for _, r := range rs {
		rk := nonWordChar
		if isWord(r, ascii) {
			rk = wordChar
		}
		if k != unknownKind && rk != k {
			return unknownKind
		}
		k = rk
	}
	return k
}

// classKind handles small explicit classes and the category escapes.
func classKind(c *Class, ascii bool) wordKind {
	if c.Negate {
		if len(c.Ranges) == 0 && len(c.Cats) == 1 && c.Cats[0] == CatWord && (c.Flags&FlagASCII != 0) == ascii {
			return nonWordChar // [^\w]
		}
		return unknownKind
	}
	k := unknownKind
	merge := func(rk wordKind) bool {
		if k != unknownKind && rk != k {
			return false
		}
		k = rk
		return true
	}
	if len(c.Cats) > 0 && (c.Flags&FlagASCII != 0) != ascii {
		return unknownKind
	}
	for _, cat := range c.Cats {
		var ck wordKind
		switch cat {
		case CatWord, CatDigit:
			ck = wordChar
		case CatNotWord, CatSpace:
			ck = nonWordChar
		}
		if ck == unknownKind || !merge(ck) {
			return unknownKind
		}
	}
	rs := c.Ranges
	if c.Flags&FlagIgnoreCase != 0 {
		rs = caseClose(normalize(append([]RuneRange(nil), rs...)), c.Flags&FlagASCII != 0)
	}
	n := 0
	for _, r := range rs {
		n += int(r.Hi-r.Lo) + 1
		if n > 256 {
			return unknownKind
		}
		for x := r.Lo; x <= r.Hi; x++ {
			if !merge(runesKind([]rune{x}, ascii)) {
				return unknownKind
			}
		}
	}
	return k
}
