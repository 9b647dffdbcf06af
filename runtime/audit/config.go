package audit

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Configured is the decision log named by flag (--audit-log),
// $HOOKIFY_AUDIT_LOG or the default (see Resolve), with the rotation of
// $HOOKIFY_AUDIT_MAX_SIZE and $HOOKIFY_AUDIT_FILES; nil when the log is off
// or has no place. A rotation variable that cannot be read is an error
// returned with the log, which then keeps the default rotation.
func Configured(flag string, getenv func(string) string, home, dir string) (*Log, error) {
	path := Resolve(flag, getenv, home, dir)
	if path == "" {
		return nil, nil
	}
	l := &Log{Path: path}
	if v := getenv("HOOKIFY_AUDIT_MAX_SIZE"); v != "" {
		n, err := ParseSize(v)
		if err != nil {
			return l, fmt.Errorf("HOOKIFY_AUDIT_MAX_SIZE: %v", err)
		}
		l.MaxBytes = n
	}
	if v := getenv("HOOKIFY_AUDIT_FILES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return l, fmt.Errorf("HOOKIFY_AUDIT_FILES: want a number of files ≥ 1 (got %q)", v)
		}
		l.Files = n
	}
	return l, nil
}

// ParseSize reads a size in bytes: 1048576, 512KiB, 10MiB, 1GiB (KB, MB,
// GB and K, M, G are the same binary units).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("want a size such as 10MiB (got %q)", s)
	}
	return n * mult, nil
}

// RulesOf are rules as the log names them: name, action, file:line.
func RulesOf(rules []*ir.Rule) []Rule {
	var out []Rule
	for _, r := range rules {
		src := r.Source.File
		if r.Source.Pos.IsValid() {
			src += ":" + strconv.Itoa(r.Source.Pos.Line)
		}
		out = append(out, Rule{Name: r.Name, Action: string(r.Action), Source: src})
	}
	return out
}

// ReportConfig says on stderr what was wrong with the log's configuration,
// as Configured returned it (nil: nothing to say); the log is still kept,
// with the default rotation.
func ReportConfig(stderr io.Writer, err error) {
	if err != nil {
		fmt.Fprintf(stderr, "hookifyc: audit log: %v (using the default rotation)\n", err)
	}
}

// Record appends e to l (nil: no log). A log that cannot be written never
// changes the decision: it costs one line on stderr.
func Record(l *Log, e *Entry, stderr io.Writer) {
	if l == nil {
		return
	}
	if err := l.Append(e); err != nil {
		fmt.Fprintf(stderr, "hookifyc: %v (decision not logged; it stands)\n", err)
	}
}
