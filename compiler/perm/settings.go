package perm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/suggest"
)

// LoadOptions configure the loaders.
type LoadOptions struct {
	// BaseDir anchors the file's /path specifiers. Empty derives it from
	// the file path: the project root for <root>/.claude/settings*.json, the
	// file's directory otherwise (~/.claude for user settings, the
	// directory of a --settings file or of genesis.key).
	BaseDir string
	// Home tells user settings (~/.claude/settings.json, whose base is
	// ~/.claude) from project settings when BaseDir is derived.
	Home string
}

// baseDir returns the directory /path specifiers of file are relative to.
func (o LoadOptions) baseDir(file string) string {
	if o.BaseDir != "" {
		return filepath.ToSlash(o.BaseDir)
	}
	dir := filepath.Dir(file)
	if filepath.Base(dir) == ".claude" {
		userDir := ""
		if o.Home != "" {
			userDir = filepath.Join(o.Home, ".claude")
		}
		if filepath.Clean(dir) != userDir {
			dir = filepath.Dir(dir)
		}
	}
	return filepath.ToSlash(dir)
}

// LoadSettings reads the permissions.allow, permissions.deny and
// permissions.ask lists of a Claude Code settings file. Each usable pattern
// becomes one rule, positioned at its string in the file. Malformed patterns
// and entries are skipped with an error diagnostic, patterns Claude Code
// ignores with a warning. The error is non-nil (a *Diagnostic) only when the
// file is not a JSON object.
func LoadSettings(file string, data []byte, opts LoadOptions) ([]*ir.Rule, []Diagnostic, error) {
	b := &builder{file: file, baseDir: opts.baseDir(file)}
	w := newJSONWalker(data)
	entries, err := w.settings(b)
	if err != nil {
		return nil, b.sortedDiags(), &Diagnostic{File: file, Pos: w.errPos(err), Severity: SeverityError, Msg: err.Error()}
	}
	for _, e := range entries {
		b.add(e)
	}
	return b.rules, b.sortedDiags(), nil
}

// jsonWalker reads a JSON document token by token, keeping offsets.
type jsonWalker struct {
	data  []byte
	dec   *json.Decoder
	lines lines
}

// newJSONWalker starts a walk. A UTF-8 byte order mark is read as
// whitespace, so that offsets stay those of the file.
func newJSONWalker(data []byte) *jsonWalker {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		data = append([]byte("   "), data[3:]...)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return &jsonWalker{data: data, dec: dec, lines: newLines(data)}
}

// next returns the next token and the offset where it starts.
func (w *jsonWalker) next() (json.Token, int, error) {
	off := int(w.dec.InputOffset())
	tok, err := w.dec.Token()
	if err == io.EOF {
		err = errors.New("unexpected end of JSON input")
	}
	for off < len(w.data) {
		switch w.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
			continue
		}
		break
	}
	return tok, off, err
}

// skip consumes the rest of a value whose first token was tok.
func (w *jsonWalker) skip(tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		t, _, err := w.next()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// errPos locates a decoding error.
func (w *jsonWalker) errPos(err error) ir.Pos {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return w.lines.pos(int(se.Offset)) // the offending byte
	}
	var oe *offsetError
	if errors.As(err, &oe) {
		return w.lines.pos(oe.off)
	}
	return w.lines.pos(int(w.dec.InputOffset()))
}

// offsetError is an error at a byte offset.
type offsetError struct {
	off int
	msg string
}

func (e *offsetError) Error() string { return e.msg }

// object calls fn for each key of the top-level object; fn must consume the
// key's value.
func (w *jsonWalker) object(fn func(key string, keyOff int) error) error {
	tok, off, err := w.next()
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		return &offsetError{off: off, msg: "not a JSON object"}
	}
	for w.dec.More() {
		k, off, err := w.next()
		if err != nil {
			return err
		}
		if err := fn(k.(string), off); err != nil {
			return err
		}
	}
	_, _, err = w.next() // '}'
	return err
}

// settings reads the permission lists of a settings document.
func (w *jsonWalker) settings(b *builder) ([]entry, error) {
	var entries []entry
	seen := false
	err := w.object(func(key string, keyOff int) error {
		tok, off, err := w.next()
		if err != nil {
			return err
		}
		if key != "permissions" {
			return w.skip(tok)
		}
		if seen {
			b.warn(w.lines.pos(keyOff), "duplicate key \"permissions\": the last one wins")
		}
		seen = true
		entries = nil
		if tok == nil {
			return nil
		}
		if tok != json.Delim('{') {
			b.warn(w.lines.pos(off), "\"permissions\" is not an object; ignored")
			return w.skip(tok)
		}
		lists := map[Decision][]entry{}
		var order []Decision
		for w.dec.More() {
			k, koff, err := w.next()
			if err != nil {
				return err
			}
			d, isList := listDecision(k.(string))
			if !isList && !knownPermissionKeys[k.(string)] {
				b.warn(w.lines.pos(koff), "unknown key \"permissions.%s\" ignored%s", k, suggest.Hint(k.(string), []string{"allow", "ask", "deny", "defaultMode", "additionalDirectories"}))
			}
			if !isList {
				t, _, err := w.next()
				if err != nil {
					return err
				}
				if err := w.skip(t); err != nil {
					return err
				}
				continue
			}
			if _, dup := lists[d]; dup {
				b.warn(w.lines.pos(koff), "duplicate key \"permissions.%s\": the last one wins", d)
			} else {
				order = append(order, d)
			}
			list, err := w.list(b, d)
			if err != nil {
				return err
			}
			lists[d] = list
		}
		if _, _, err := w.next(); err != nil { // '}'
			return err
		}
		for _, d := range order {
			entries = append(entries, lists[d]...)
		}
		return nil
	})
	return entries, err
}

// knownPermissionKeys are the keys of Claude Code's permissions object
// that hold no rules.
var knownPermissionKeys = map[string]bool{"defaultMode": true, "additionalDirectories": true, "disableBypassPermissionsMode": true}

// listDecision maps a permissions key to its decision.
func listDecision(key string) (Decision, bool) {
	switch key {
	case "allow":
		return Allow, true
	case "ask":
		return Ask, true
	case "deny":
		return Deny, true
	}
	return 0, false
}

// list reads one permissions list; entries that are not strings are
// skipped with a diagnostic.
func (w *jsonWalker) list(b *builder, d Decision) ([]entry, error) {
	tok, off, err := w.next()
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, nil
	}
	if tok != json.Delim('[') {
		b.errorf(w.lines.pos(off), "\"permissions.%s\" must be an array of strings", d)
		return nil, w.skip(tok)
	}
	var out []entry
	for w.dec.More() {
		t, start, err := w.next()
		if err != nil {
			return nil, err
		}
		s, ok := t.(string)
		if !ok {
			b.errorf(w.lines.pos(start), "\"permissions.%s\" entries must be strings, not %s", d, jsonKind(t))
			if err := w.skip(t); err != nil {
				return nil, err
			}
			continue
		}
		end := int(w.dec.InputOffset())
		loc := strLoc{Start: w.lines.pos(start), offs: jsonStringOffsets(w.data[start:end], s)}
		out = append(out, entry{text: s, loc: loc, decision: d})
	}
	_, _, err = w.next() // ']'
	return out, err
}

func jsonKind(t json.Token) string {
	switch t.(type) {
	case json.Delim:
		if t == json.Delim('{') {
			return "an object"
		}
		return "an array"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", t)
}

// jsonTopKeys returns the keys of a JSON object document, or false when data
// is not one.
func jsonTopKeys(data []byte) ([]string, bool) {
	w := newJSONWalker(data)
	var keys []string
	err := w.object(func(key string, _ int) error {
		keys = append(keys, key)
		tok, _, err := w.next()
		if err != nil {
			return err
		}
		return w.skip(tok)
	})
	return keys, err == nil
}
