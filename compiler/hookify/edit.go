package hookify

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// SetEnabledBytes returns the rule file src with its enabled flag set, as
// hookify reads it (Python truthiness of the effective enabled value). Only
// bytes of the frontmatter change:
//
//   - when the frontmatter has a top-level enabled: key, the value of the line
//     whose value wins (the last one) is replaced by true or false, leaving
//     the key, the whitespace and the line ending as they were;
//   - otherwise a line "enabled: false" or "enabled: true" is inserted right
//     after the opening "---" line, ended with the file's own newline style
//     ("\r\n", "\r" or "\n"). (If that would change what hookify reads, e.g.
//     when the opening line itself starts a list, the line goes before the
//     next top-level key or before the closing "---" instead.)
//
// If the flag already has the requested truthiness, src is returned
// unchanged. The result is checked by reading it back: every other
// frontmatter value and the message must be the same.
func SetEnabledBytes(src []byte, enabled bool) ([]byte, error) {
	text, err := pyval.DecodeUTF8(src)
	if err != nil {
		e := &Error{Kind: "UnicodeDecodeError", Msg: err.Error(), Err: err}
		var ude *pyval.UnicodeDecodeError
		if errors.As(err, &ude) {
			e.Pos = rawPos(src, ude.Start)
		}
		return nil, e
	}
	fm := ParseFrontmatter(Translate(text))
	if fm.Values.Len() == 0 {
		return nil, &Error{Pos: ir.Pos{Line: 1, Col: 1}, Kind: "hookifyc",
			Msg: "no frontmatter: hookify ignores this file (it must start with ---)"}
	}
	cur := pyval.Value(pyval.Bool(true))
	if v, ok := fm.Values.Get("enabled"); ok {
		cur = v
	}
	if pyval.Truthy(cur) == enabled {
		return src, nil
	}
	starts := rawLineStarts(src)
	at := func(p ir.Pos) int { return starts[p.Line-1] + p.Col - 1 }
	word := "false"
	if enabled {
		word = "true"
	}

	var candidates [][]byte
	if i, ok := fm.Effective["enabled"]; ok {
		kl := fm.Keys[i]
		repl := word
		if kl.List {
			repl = " " + word // "enabled:" with an empty value
		}
		candidates = append(candidates, splice(src, at(kl.Value), at(kl.ValueEnd), repl))
	} else {
		nl := newlineStyle(src)
		line := "enabled: " + word + nl
		if fm.Close.Line >= 2 {
			candidates = append(candidates, splice(src, starts[1], starts[1], line))
		}
		for _, kl := range fm.Keys {
			if kl.Pos.Line >= 2 {
				off := starts[kl.Pos.Line-1]
				candidates = append(candidates, splice(src, off, off, line))
				break
			}
		}
		if fm.Close.Col == 1 {
			off := starts[fm.Close.Line-1]
			candidates = append(candidates, splice(src, off, off, line))
		} else {
			off := at(fm.Close)
			candidates = append(candidates, splice(src, off, off, nl+line))
		}
	}
	for _, out := range candidates {
		if sameExceptEnabled(fm, out, enabled) {
			return out, nil
		}
	}
	p, _ := fm.KeyPos("enabled")
	if !p.IsValid() {
		p = fm.Open
	}
	return nil, &Error{Pos: p, Kind: "hookifyc", Msg: "cannot set enabled without changing other values of this frontmatter"}
}

// EditOptions tune SetEnabled.
type EditOptions struct {
	// Force rewrites a read-only file (one without any write permission
	// bit), which SetEnabled otherwise refuses.
	Force bool
}

// ErrReadOnly is SetEnabled's refusal of a read-only rule file.
var ErrReadOnly = errors.New("the file is read-only (no write permission bit); pass --force to rewrite it anyway")

// SetEnabled sets the enabled flag of the rule file at path (see
// SetEnabledBytes). A symlink is followed and its target rewritten. Only a
// regular file is read (a FIFO or a device is refused at once, never
// waited on), at most MaxRuleFileSize bytes. The file keeps its other
// hard links, owner, group and mode (atomicfile.Rewrite: replaced by a
// renamed file when it has one link and its owner can be kept, else
// rewritten in place behind an undo file); nothing is written when the
// flag already has the requested value.
func SetEnabled(path string, enabled bool, opts EditOptions) error {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	src, err := sysfile.ReadRegular(real, MaxRuleFileSize)
	if err != nil {
		return err
	}
	st, err := os.Stat(real)
	if err != nil {
		return err
	}
	out, err := SetEnabledBytes(src, enabled)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.File = path
			return e
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	if bytes.Equal(out, src) {
		return nil
	}
	if st.Mode().Perm()&0o222 == 0 && !opts.Force {
		return fmt.Errorf("%s: %w", path, ErrReadOnly)
	}
	return atomicfile.Rewrite(real, src, out)
}

func splice(src []byte, start, end int, repl string) []byte {
	out := make([]byte, 0, len(src)-(end-start)+len(repl))
	out = append(out, src[:start]...)
	out = append(out, repl...)
	return append(out, src[end:]...)
}

// rawLineStarts returns the byte offset of each line of undecoded data, lines
// being ended by "\r\n", "\r" or "\n" (universal newlines): line n of the
// translated text starts at rawLineStarts[n-1] and has the same bytes.
func rawLineStarts(src []byte) []int {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case '\n':
			starts = append(starts, i+1)
		}
	}
	return starts
}

// newlineStyle is the ending of the file's first line ("\n" if it has none).
func newlineStyle(src []byte) string {
	i := bytes.IndexAny(src, "\r\n")
	switch {
	case i < 0 || src[i] == '\n':
		return "\n"
	case i+1 < len(src) && src[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// sameExceptEnabled reports whether out reads as fm with only the enabled
// value changed, to one whose truthiness is enabled.
func sameExceptEnabled(fm *Frontmatter, out []byte, enabled bool) bool {
	text, err := pyval.DecodeUTF8(out)
	if err != nil {
		return false
	}
	got := ParseFrontmatter(Translate(text))
	if got.Message != fm.Message {
		return false
	}
	v, ok := got.Values.Get("enabled")
	if !ok || pyval.Truthy(v) != enabled {
		return false
	}
	return dictsEqualExcept(fm.Values, got.Values, "enabled")
}

// dictsEqualExcept is Python dict equality ignoring one key.
func dictsEqualExcept(a, b *pyval.Dict, skip string) bool {
	return dictsEqual(a, b, func(k string) bool { return k == skip })
}

// dictsEqual is Python dict equality (order-insensitive) over the keys that
// skip does not exclude.
func dictsEqual(a, b *pyval.Dict, skip func(string) bool) bool {
	n := 0
	for _, k := range a.Keys() {
		if skip(k) {
			continue
		}
		n++
		av, _ := a.Get(k)
		bv, ok := b.Get(k)
		if !ok || !valuesEqual(av, bv) {
			return false
		}
	}
	for _, k := range b.Keys() {
		if !skip(k) {
			n--
		}
	}
	return n == 0
}

// valuesEqual is Python == on frontmatter values (bool and str never equal).
func valuesEqual(a, b pyval.Value) bool {
	switch a := a.(type) {
	case pyval.Str:
		b, ok := b.(pyval.Str)
		return ok && a == b
	case pyval.Bool:
		b, ok := b.(pyval.Bool)
		return ok && a == b
	case *pyval.List:
		b, ok := b.(*pyval.List)
		if !ok || len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !valuesEqual(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case *pyval.Dict:
		b, ok := b.(*pyval.Dict)
		return ok && dictsEqual(a, b, func(string) bool { return false })
	}
	return false
}
