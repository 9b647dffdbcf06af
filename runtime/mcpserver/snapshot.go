package mcpserver

import (
	"path"
	"runtime"
	"sync"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/compiler/sources"
)

// racyWindow is how long a rule file or directory must have been left
// unchanged before a snapshot that read it can be trusted by its stamps
// alone: file times have the kernel's tick as granularity, so a change
// within the same tick may leave them as they were (as in
// runtime/rulecache).
const racyWindow = 2 * time.Second

// snapshot is the rules read at one time, with what tells whether they
// are still current: a stamp of every rule directory the discovery looks
// in and of every file it read.
type snapshot struct {
	d     *sources.Discovery
	rules []*ir.Rule
	// trusted is how many of rules, the first, come from the managed and
	// user layers (engine.Options.TrustedRules).
	trusted int
	// stamps are the directories and files read, in order.
	stamps []stamp
	// reusable is false when something read changed within racyWindow of
	// the read (or stamps cannot be taken on this system): the next call
	// reads the rules again.
	reusable bool

	// engines are idle engines over rules, with the regexes they
	// compiled. Not a sync.Pool: that empties at every garbage
	// collection, and each refill compiled every regex again (a third
	// of a round trip's garbage under steady calls).
	engines engineList

	policyOnce sync.Once
	policy     *execpolicy.Policy
	policyErr  error
}

type stamp struct {
	path string
	id   fileStamp
}

// snapshot returns the current rules, rereading them when any rule
// directory or file changed since they were read.
func (s *Server) snapshot() *snapshot {
	s.mu.Lock()
	cur := s.cur
	s.mu.Unlock()
	if cur != nil && cur.current() {
		return cur
	}
	s.reload.Lock()
	defer s.reload.Unlock()
	s.mu.Lock()
	if s.cur != cur && s.cur != nil && s.cur.current() {
		cur = s.cur
		s.mu.Unlock()
		return cur
	}
	s.mu.Unlock()
	next := s.read()
	s.mu.Lock()
	s.cur = next
	s.mu.Unlock()
	return next
}

// invalidate drops the rules read, after an edit of this server.
func (s *Server) invalidate() {
	s.mu.Lock()
	s.cur = nil
	s.mu.Unlock()
}

// current reports whether nothing the snapshot read has changed.
func (sn *snapshot) current() bool {
	if !sn.reusable {
		return false
	}
	stamps := sn.stamps
	if len(stamps) < 64 {
		return unchanged(stamps)
	}
	// Every call stats every rule file (about 0.8 µs each): with many,
	// the second half is checked on another core meanwhile.
	half := len(stamps) / 2
	other := make(chan bool, 1)
	go func() { other <- unchanged(stamps[half:]) }()
	first := unchanged(stamps[:half])
	return <-other && first
}

// unchanged reports whether every stamp is still what stat(2) says.
func unchanged(stamps []stamp) bool {
	for _, st := range stamps {
		if statStamp(st.path) != st.id {
			return false
		}
	}
	return true
}

// read runs the layered discovery and stamps what it read.
func (s *Server) read() *snapshot {
	start := s.opts.Now()
	layout := s.opts.Env.Layout()
	// The model, a client of this server, writes the project's rules: they
	// get the hook's bounds (see runtime/hook and docs/compat.md).
	layout.ProjectPatternBytes = sources.DefaultProjectPatternBytes
	var dirs []string
	if layout.RuleDir != "" {
		dirs = []string{layout.RuleDir}
	} else {
		if layout.ManagedDir != "" {
			dirs = append(dirs, layout.ManagedDir)
		}
		if layout.HomeDir != "" {
			dirs = append(dirs, path.Join(layout.HomeDir, ".codex", "hookify"))
		}
	}
	// Stamps are taken before reading: a change during the read makes
	// them differ from the next call's.
	var stamps []stamp
	for _, d := range dirs {
		stamps = append(stamps, stamp{d, statStamp(d)})
	}
	d := sources.Discover(layout, hookify.SlashPath(s.opts.Project))
	if layout.RuleDir == "" {
		for _, p := range d.Dirs {
			for _, dir := range []string{path.Join(p, ".codex", "hookify"), path.Join(p, hookify.CompatDir)} {
				stamps = append(stamps, stamp{dir, statStamp(dir)})
			}
		}
	}
	seen := map[string]bool{}
	for _, f := range d.Rules {
		if !seen[f.Path] {
			seen[f.Path] = true
			stamps = append(stamps, stamp{f.Path, statStamp(f.Path)})
		}
	}
	for _, p := range d.Problems {
		if p.Path != "" && !seen[p.Path] {
			seen[p.Path] = true
			stamps = append(stamps, stamp{p.Path, statStamp(p.Path)})
		}
	}
	reusable := stampsWork
	limit := start.Add(-s.racy).UnixNano()
	for _, st := range stamps {
		if st.id.mtime > limit || st.id.ctime > limit {
			reusable = false
		}
	}
	sn := &snapshot{d: d, rules: d.RuleList(), trusted: d.Trusted(), stamps: stamps, reusable: reusable}
	sem := s.opts.Semantics
	home := s.opts.Env.Home
	trusted := sn.trusted
	sn.engines = newEngineList(func() *engine.Engine {
		return engine.New(engine.Options{Semantics: sem, Explain: true, Home: home,
			UntrustedPatternBytes: engine.DefaultUntrustedPatternBytes, TrustedRules: trusted})
	})
	return sn
}

// compiled is what the compiled .rules of the snapshot's rules would
// decide: the lowering of `hookifyc compile`, as a policy.
func (sn *snapshot) compiled() (*execpolicy.Policy, error) {
	sn.policyOnce.Do(func() {
		lowered, err := lower.Lower(sn.rules, lower.LowerOptions{})
		if err != nil {
			sn.policyErr = err
			return
		}
		sn.policy = execpolicy.NewPolicy(lower.PrefixRules(lowered), nil)
	})
	return sn.policy, sn.policyErr
}

// engineList keeps up to cap(idle) idle engines; more concurrent calls
// build their own and drop them after.
type engineList struct {
	idle  chan *engine.Engine
	build func() *engine.Engine
}

func newEngineList(build func() *engine.Engine) engineList {
	return engineList{idle: make(chan *engine.Engine, 2*runtime.GOMAXPROCS(0)), build: build}
}

// Get returns an idle engine or a new one.
func (l engineList) Get() *engine.Engine {
	select {
	case e := <-l.idle:
		return e
	default:
		return l.build()
	}
}

// Put returns e to the idle engines, or drops it when there are enough.
func (l engineList) Put(e *engine.Engine) {
	select {
	case l.idle <- e:
	default:
	}
}
