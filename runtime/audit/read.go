package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// maxLine bounds a line read back (a longer one is reported as unreadable).
const maxLine = 1 << 20

// Filter selects entries; zero fields select everything.
type Filter struct {
	Since    time.Time
	Decision string
	Rule     string
	Agent    string
}

// Match reports whether e passes the filter.
func (f *Filter) Match(e *Entry) bool {
	if !f.Since.IsZero() && e.Time.Before(f.Since) {
		return false
	}
	if f.Decision != "" && e.Decision != f.Decision {
		return false
	}
	if f.Agent != "" && e.Agent != f.Agent {
		return false
	}
	if f.Rule != "" {
		for _, r := range e.Rules {
			if r.Name == f.Rule {
				return true
			}
		}
		return false
	}
	return true
}

// Read calls fn for every entry of the log at path and of its rotated
// copies (files in all), oldest first. Lines that are not entries are
// counted in bad and skipped; a missing file is empty.
func Read(path string, files int, fn func(*Entry)) (bad int, err error) {
	if files <= 0 {
		files = DefaultFiles
	}
	for n := files - 1; n >= 0; n-- {
		f, err := sysfile.OpenRegular(RotatedPath(path, n), os.O_RDONLY, 0o600)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return bad, err
		}
		b, _, err := readLines(f, fn)
		f.Close()
		bad += b
		if err != nil {
			return bad, fmt.Errorf("%s: %w", RotatedPath(path, n), err)
		}
	}
	return bad, nil
}

// readLines parses the complete lines of r and returns how many were bad
// and how many bytes the complete lines took (a last line without its
// newline is being written: it is left for later).
func readLines(r io.Reader, fn func(*Entry)) (bad int, used int64, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long line: gather it whole.
			long := append([]byte(nil), line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				if len(long) < maxLine {
					long = append(long, line...)
				}
			}
			line = long
		}
		if err == io.EOF {
			return bad, used, nil
		}
		if err != nil {
			return bad, used, err
		}
		used += int64(len(line))
		var e Entry
		if len(line) > maxLine || json.Unmarshal(bytes.TrimSpace(line), &e) != nil || e.Time.IsZero() {
			bad++
			continue
		}
		fn(&e)
	}
}

// Follow reads the log at path from its current end and calls fn for every
// entry appended afterwards, polling every interval, until ctx is done. A
// rotation (the file replaced or shrunk) starts it over at the new file's
// beginning.
func Follow(ctx context.Context, path string, interval time.Duration, fn func(*Entry)) error {
	var offset int64
	var last os.FileInfo
	if st, err := os.Stat(path); err == nil {
		offset, last = st.Size(), st
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		st, err := os.Stat(path)
		if err == nil {
			if last != nil && (!os.SameFile(st, last) || st.Size() < offset) {
				offset = 0
			}
			last = st
			if st.Size() > offset {
				f, err := sysfile.OpenRegular(path, os.O_RDONLY, 0o600)
				if err != nil {
					return err
				}
				if _, err := f.Seek(offset, io.SeekStart); err == nil {
					_, used, _ := readLines(f, fn)
					offset += used
				}
				f.Close()
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// RuleStats is what the log says of one rule.
type RuleStats struct {
	Name    string    `json:"name"`
	Source  string    `json:"source,omitempty"`
	Fired   int       `json:"fired"`
	Blocked int       `json:"blocked"`
	Warned  int       `json:"warned"`
	Last    time.Time `json:"last_fired"`
}

// Stats counts, per rule, the entries that name it: how often it fired,
// how often the decision was a block and a warning, and when it last
// fired. The result is sorted by fired count, then name.
func Stats(entries []*Entry) []RuleStats {
	by := map[string]*RuleStats{}
	for _, e := range entries {
		for _, r := range e.Rules {
			s := by[r.Name]
			if s == nil {
				s = &RuleStats{Name: r.Name, Source: r.Source}
				by[r.Name] = s
			}
			s.Fired++
			switch e.Decision {
			case "block":
				s.Blocked++
			case "warn":
				s.Warned++
			}
			if e.Time.After(s.Last) {
				s.Last = e.Time
				s.Source = r.Source
			}
		}
	}
	out := make([]RuleStats, 0, len(by))
	for _, s := range by {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Fired != out[j].Fired {
			return out[i].Fired > out[j].Fired
		}
		return out[i].Name < out[j].Name
	})
	return out
}
