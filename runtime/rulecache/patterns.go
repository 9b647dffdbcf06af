package rulecache

import (
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/internal/bincode"
)

// The pattern cache keeps the summaries of compiled regexes (see
// engine.PatternCache) in one file per program (patternsFile), beside the
// rule cache files.
// An entry is found by the pattern's own text, so it cannot go stale; the
// program identity in the header keeps another build's translations out.

// patternState is the pattern cache of one process. old is set once,
// before loaded is closed; used and dirty are guarded by Cache.mu.
type patternState struct {
	file   string
	loaded chan struct{}
	old    map[string]pyre.Summary // as read from the file
	used   map[string]pyre.Summary // hit or stored by this process
	dirty  bool
}

// patternState returns the pattern cache once its file is read, reading
// it on first use.
func (c *Cache) patternState() *patternState {
	c.mu.Lock()
	if p := c.patterns; p != nil {
		c.mu.Unlock()
		<-p.loaded
		return p
	}
	p := &patternState{file: c.patternsFile(), loaded: make(chan struct{}), used: map[string]pyre.Summary{}}
	c.patterns = p
	c.mu.Unlock()
	if data, err := readSmall(p.file, c.euid); err == nil {
		p.old, _ = decodePatterns(data, c.program)
	}
	close(p.loaded)
	return p
}

// Pattern implements engine.PatternCache.
func (c *Cache) Pattern(pattern string) (pyre.Summary, bool) {
	p := c.patternState()
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := p.used[pattern]
	if !ok {
		if s, ok = p.old[pattern]; ok {
			p.used[pattern] = s
		}
	}
	return s, ok
}

// StorePattern implements engine.PatternCache.
func (c *Cache) StorePattern(s pyre.Summary) {
	p := c.patternState()
	c.mu.Lock()
	defer c.mu.Unlock()
	p.used[s.Pattern] = s
	p.dirty = true
}

// patternsDir is the directory field of a pattern file's header: no rule
// directory is named so.
const patternsDir = "\x00patterns"

func encodePatterns(program string, entries map[string]pyre.Summary) []byte {
	b := startFile(program, patternsDir, len(entries))
	for _, s := range entries {
		b = bincode.AppendString(b, s.Pattern)
		b = bincode.AppendString(b, s.Emitted)
		b = bincode.AppendInt(b, int64(s.Options))
		var flags uint64
		if s.FoldIS {
			flags |= 1
		}
		if s.Always {
			flags |= 2
		}
		if s.Prefilter != nil {
			flags |= 4
		}
		b = bincode.AppendUint(b, flags)
		b = bincode.AppendUint(b, uint64(len(s.Prefilter)))
		for _, lit := range s.Prefilter {
			b = bincode.AppendString(b, lit)
		}
	}
	return sealFile(b)
}

func decodePatterns(data []byte, program string) (map[string]pyre.Summary, error) {
	r, n, err := openFile(data, program, patternsDir)
	if err != nil {
		return nil, err
	}
	entries := make(map[string]pyre.Summary, n)
	for i := uint64(0); i < n && r.ok(); i++ {
		var s pyre.Summary
		s.Pattern = r.str()
		s.Emitted = r.str()
		opts := r.int()
		s.Options = int32(opts)
		flags := r.uint()
		s.FoldIS, s.Always = flags&1 != 0, flags&2 != 0
		lits := r.uint()
		if lits > uint64(len(r.B)) || int64(s.Options) != opts || flags > 7 {
			r.fail()
			break
		}
		if flags&4 != 0 {
			s.Prefilter = make([]string, lits)
			for j := range s.Prefilter {
				s.Prefilter[j] = r.str()
			}
		} else if lits != 0 {
			r.fail()
		}
		entries[s.Pattern] = s
	}
	if !r.ok() || len(r.B) != 0 {
		return nil, errCorrupt
	}
	return entries, nil
}
