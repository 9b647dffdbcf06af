// Package rulecache keeps the rules parsed from hookify rule files between
// hook processes, so that a hook call costs a stat and an access per
// unchanged rule file instead of reading and parsing it (a hook runs on every
// tool call). Which files may go through it is hookify.CachedOSFS's call.
//
// A Cache implements hookify.RuleCache. Entries are keyed by the file's path
// and identity (device, inode, mode, owner, size, modification and change
// times, see hookify.FileID): any write to a file changes its change time, and a
// replaced file has another inode, so a changed file is always read again.
// A file whose change time is less than RacyWindow before the process
// started is read but never stored: its timestamp could still be shared by
// a write that has not happened yet (file systems with coarse timestamps).
//
// One cache file per rule directory and program holds the entries, and a
// ".patterns" file per program the compiled patterns (an
// engine.PatternCache, found by the pattern's text). Each is written atomically (temporary file and rename) only when
// something was stored, with a checksum, the cache format version and the
// identity of the program that wrote it (see ProgramKey): a rebuilt
// hookifyc never reads another build's entries. Any cache file that is
// missing, unreadable, corrupt or foreign is ignored and the rule files are
// read, the patterns compiled; the cache can only cost or save time, never
// change a decision.
//
// On Windows the cache is inert: no rule file goes through it (see
// hookify.CachedOSFS there) and no cache file is ever read (readSmall), so
// every rule file is read and every pattern compiled on every call.
package rulecache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
	"github.com/hookifyc/hookifyc/internal/bincode"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/internal/version"
)

// RacyWindow is how long a rule file must have been left unchanged, before
// the process started, for its rule to be stored. Two seconds covers the
// coarsest timestamps of the file systems rules live on (FAT's two seconds).
const RacyWindow = 2 * time.Second

// magic starts every cache file; its last two bytes are the format version.
const magic = "HKFYRC03"

// maxFileSize bounds the cache file read: a larger one is ignored.
const maxFileSize = 64 << 20

// maxEntries bounds the entries a cache file keeps (see merge).
const maxEntries = 4096

// Options configure New.
type Options struct {
	// Dir is the directory of the cache files (created on the first write).
	Dir string
	// Program identifies the program that parses the rules (ProgramKey):
	// entries written under another value are ignored.
	Program string
	// Start is when the process started, before any rule file was looked
	// at (see RacyWindow).
	Start time.Time
}

// Cache is a rule cache for one hook process; see the package comment.
// It is safe for concurrent use. Lookups, which come a directory at a time
// from all cores, take no lock.
type Cache struct {
	dir      string
	program  string
	euid     uint32    // the process's user: only its cache files are read
	now      time.Time // the process start (Options.Start)
	notAfter int64     // files changed at or after this time (ns) are not stored

	mu       sync.Mutex
	dirs     map[string]*dirState
	patterns *patternState
	offered  []*ir.Rule // rules offered to Store
	// vouched is the set of rules this cache returned or was offered, as
	// of generation vouchedGen (see Vouches).
	vouched    map[*ir.Rule]bool
	vouchedGen int64

	// generation counts the rules returned or offered.
	generation atomic.Int64
	// last is the rule directory looked up last, loaded: lookups come a
	// directory at a time.
	last atomic.Pointer[dirState]
}

// dirState is the cache of one rule directory. old and hit are set once,
// before loaded is closed, and old never changes after.
type dirState struct {
	dir    string        // the rule directory
	file   string        // the cache file
	loaded chan struct{} // closed once old is read
	old    []named       // as read from the cache file, sorted by name
	// hit[i] is the rule Lookup returned for old[i] (nil: none).
	hit []atomic.Pointer[ir.Rule]

	mu     sync.Mutex       // guards stored and dirty
	stored map[string]entry // offered to Store by this process
	dirty  bool             // something was stored
}

type entry struct {
	id   hookify.FileID
	rule []byte // ir.AppendBinary
}

// named is an entry with the name of its file in the rule directory.
type named struct {
	name string
	entry
}

// find returns the index of name in old.
func (d *dirState) find(name string) (int, bool) {
	lo, hi := 0, len(d.old)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if d.old[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(d.old) && d.old[lo].name == name
}

// New returns an empty cache over the cache files in o.Dir.
func New(o Options) *Cache {
	return &Cache{
		dir:      o.Dir,
		program:  o.Program,
		euid:     uint32(syscall.Geteuid()),
		now:      o.Start,
		notAfter: o.Start.Add(-RacyWindow).UnixNano(),
		dirs:     map[string]*dirState{},
	}
}

// Vouches reports whether r went through this cache: returned by Lookup or
// offered to Store, so read from a file the process could rewrite (see
// hookify.CachedOSFS). Only then may its patterns come from the pattern
// cache, which the process's user can write. The set is built on the
// first call after new rules went through (the engine asks once the rules
// are all read).
func (c *Cache) Vouches(r *ir.Rule) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen := c.generation.Load(); c.vouched == nil || c.vouchedGen != gen {
		set := make(map[*ir.Rule]bool, gen)
		for _, d := range c.dirs {
			select {
			case <-d.loaded:
			default:
				continue // still being read: nothing returned from it yet
			}
			for i := range d.hit {
				if h := d.hit[i].Load(); h != nil {
					set[h] = true
				}
			}
		}
		for _, o := range c.offered {
			set[o] = true
		}
		c.vouched, c.vouchedGen = set, gen
	}
	return c.vouched[r]
}

// Prefetch starts reading, in the background, the cache file of the rule
// directory dir (an absolute path) and the patterns file, so that the first
// lookups find them read.
func (c *Cache) Prefetch(dir string) {
	if !strings.HasSuffix(dir, "/") {
		dir += "/"
	}
	go c.dirState(dir)
	go c.patternState()
}

// Lookup implements hookify.RuleCache.
func (c *Cache) Lookup(p string, id hookify.FileID) *ir.Rule {
	dir, name := path.Split(p)
	d := c.dirState(dir)
	i, ok := d.find(name)
	var e entry
	if ok {
		e = d.old[i].entry
	} else {
		d.mu.Lock()
		e, ok = d.stored[name]
		d.mu.Unlock()
		i = -1
	}
	if !ok || e.id != id {
		return nil
	}
	r, rest, err := ir.DecodeBinary(e.rule)
	if err != nil || len(rest) != 0 {
		return nil
	}
	if i >= 0 {
		d.hit[i].Store(r)
	} else {
		c.mu.Lock()
		c.offered = append(c.offered, r)
		c.mu.Unlock()
	}
	c.generation.Add(1)
	return r
}

// Store implements hookify.RuleCache.
func (c *Cache) Store(p string, id hookify.FileID, r *ir.Rule) {
	c.mu.Lock()
	c.offered = append(c.offered, r)
	c.mu.Unlock()
	c.generation.Add(1)
	if id.Ctime >= c.notAfter {
		return // racy: the file may change again within its timestamp
	}
	e := entry{id: id, rule: ir.AppendBinary(nil, r)}
	dir, name := path.Split(p)
	d := c.dirState(dir)
	d.mu.Lock()
	if d.stored == nil {
		d.stored = map[string]entry{}
	}
	d.stored[name] = e
	d.dirty = true
	d.mu.Unlock()
}

// dirState returns the state of a rule directory once its cache file is
// read, reading it on first use.
func (c *Cache) dirState(dir string) *dirState {
	if d := c.last.Load(); d != nil && d.dir == dir {
		return d
	}
	c.mu.Lock()
	d, ok := c.dirs[dir]
	if ok {
		c.mu.Unlock()
		<-d.loaded
		c.last.Store(d)
		return d
	}
	d = &dirState{dir: dir, file: c.fileFor(dir), loaded: make(chan struct{})}
	c.dirs[dir] = d
	c.mu.Unlock()
	if data, err := readSmall(d.file, c.euid); err == nil {
		d.old, _ = decodeFile(data, c.program, dir)
	}
	d.hit = make([]atomic.Pointer[ir.Rule], len(d.old))
	close(d.loaded)
	c.last.Store(d)
	return d
}

// fileFor names the cache file of a rule directory: a hash of the program
// and the directory, so that two builds (hookifyc and hookifyc-hook, or an
// old and a new hookifyc) keep files of their own instead of rewriting each
// other's entries on every call.
func (c *Cache) fileFor(dir string) string {
	return filepath.Join(c.dir, fmt.Sprintf("%016x.rules", c.hash(dir)))
}

// patternsFile names the pattern cache file of the program.
func (c *Cache) patternsFile() string {
	return filepath.Join(c.dir, fmt.Sprintf("%016x.patterns", c.hash(patternsDir)))
}

func (c *Cache) hash(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(c.program))
	h.Write([]byte{0})
	h.Write([]byte(name))
	return h.Sum64()
}

// Flush writes the cache file of every rule directory where a rule was
// stored, and the patterns file if a pattern was (see merge and
// mergeEntries). It returns the first error; a cache that cannot be
// written only costs time.
func (c *Cache) Flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var first error
	wrote := false
	if p := c.patterns; p != nil && p.dirty { // dirty: its file was read
		if err := writeAtomic(p.file, encodePatterns(c.program, merge(p.old, p.used))); err != nil {
			first = err
		}
		p.dirty = false
	}
	for dir, d := range c.dirs {
		d.mu.Lock()
		dirty := d.dirty
		d.dirty = false
		d.mu.Unlock()
		if !dirty {
			continue
		}
		if err := writeAtomic(d.file, encodeFile(c.program, dir, d.mergeEntries())); err != nil && first == nil {
			first = err
		}
		wrote = true
	}
	if wrote {
		prune(c.dir, c.now)
	}
	return first
}

// mergeEntries is what Flush writes for a directory: the entries this
// process hit or stored, and the older ones it did not see, up to
// maxEntries in all (deleted or renamed files, or files only another mode
// reads).
func (d *dirState) mergeEntries() []named {
	d.mu.Lock()
	defer d.mu.Unlock()
	used := make(map[string]entry, len(d.stored))
	for i := range d.old {
		if d.hit[i].Load() != nil {
			used[d.old[i].name] = d.old[i].entry
		}
	}
	for name, e := range d.stored {
		used[name] = e
	}
	out := make([]named, 0, len(used)+len(d.old))
	for name, e := range used {
		out = append(out, named{name, e})
	}
	for _, o := range d.old {
		if len(out) >= maxEntries {
			break
		}
		if _, ok := used[o.name]; !ok {
			out = append(out, o)
		}
	}
	return out
}

// merge is what Flush writes of the patterns: this process's entries
// (used), and the older ones it did not see, up to maxEntries in all.
func merge[V any](old, used map[string]V) map[string]V {
	out := make(map[string]V, len(used)+len(old))
	for k, v := range old {
		if len(used)+len(out) >= maxEntries {
			break
		}
		out[k] = v
	}
	for k, v := range used {
		out[k] = v
	}
	return out
}

// Cache files are written only when a rule changes, so a cache file that
// has not been written for staleAfter belongs to a rule directory that is
// gone or untouched: prune removes it (an untouched directory's next call
// reads its files once and writes it again), and temporary files left by a
// process killed before its rename.
const (
	staleAfter    = 30 * 24 * time.Hour
	staleTempFile = time.Hour
)

// pruneLimit bounds the directory entries one prune looks at.
const pruneLimit = 1024

// prune removes stale files from the cache directory dir. It runs only
// after a write, which is rare, and ignores every error.
func prune(dir string, now time.Time) {
	// Not blocking: a FIFO put there (even between a check and the open)
	// would hold a plain open until a writer came.
	f, err := os.OpenFile(dir, os.O_RDONLY|sysfile.NonBlock, 0)
	if err != nil {
		return
	}
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		f.Close()
		return
	}
	// At most pruneLimit names: the directory is the user's, and so the
	// agent's, to fill, and a hook that lists millions of names after
	// its answer outlives the agent's hook timeout (which then runs the
	// call). A cache directory holds a few files per rule directory.
	ents, _ := f.ReadDir(pruneLimit)
	f.Close()
	for _, e := range ents {
		name := e.Name()
		var limit time.Duration
		switch {
		case isTempName(name):
			limit = staleTempFile
		case isCacheName(name):
			limit = staleAfter
		default:
			continue // not ours
		}
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) > limit {
			os.Remove(filepath.Join(dir, name))
		}
	}
}

// ProgramKey identifies the running program for Options.Program: the cache
// and rule encoding versions, the executable's path, size, modification
// time and inode, and the build's Go version, module version and VCS
// settings, so that every rebuild of hookifyc starts a new cache.
func ProgramKey() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	st, err := os.Stat(exe)
	if err != nil {
		return "", err
	}
	key := fmt.Sprintf("%s ir%d %s %d %d %v", magic, ir.BinaryVersion, exe, st.Size(), st.ModTime().UnixNano(), inode(st))
	// The build's own description (no system call): a binary copied over
	// another with the same size and time still differs in it.
	if bi, ok := version.BuildInfo(); ok {
		key += " " + bi.GoVersion + " " + bi.Main.Version
		for _, s := range bi.Settings {
			if strings.HasPrefix(s.Key, "vcs.") {
				key += " " + s.Key + "=" + s.Value
			}
		}
	}
	return key, nil
}

// tempPrefix starts the names of the temporary files writeAtomic creates
// (os.CreateTemp adds decimal digits).
const tempPrefix = ".hookifyc-tmp-"

// isTempName reports whether name is one of writeAtomic's temporary files.
func isTempName(name string) bool {
	return strings.HasPrefix(name, tempPrefix) && len(name) > len(tempPrefix) && allIn(name[len(tempPrefix):], "0123456789")
}

// isCacheName reports whether name is a cache file, as fileFor and
// patternsFile name them: 16 lower-case hex digits and ".rules" or
// ".patterns".
func isCacheName(name string) bool {
	base, ok := strings.CutSuffix(name, ".rules")
	if !ok {
		base, ok = strings.CutSuffix(name, ".patterns")
	}
	return ok && len(base) == 16 && allIn(base, "0123456789abcdef")
}

func allIn(s, chars string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(chars, s[i]) < 0 {
			return false
		}
	}
	return true
}

// writeAtomic replaces name with data: a temporary file in the same
// directory, renamed over it (internal/atomicfile). There is no fsync: a
// file torn by a crash fails its checksum and is ignored.
func writeAtomic(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return err
	}
	return atomicfile.WriteWith(name, data, atomicfile.Options{Perm: 0o600, NoSync: true, TempPattern: tempPrefix + "*"})
}

// encodeFile writes a cache file: magic, program, directory, the entries
// sorted by name, and the CRC-32 (IEEE) of everything before it.
func encodeFile(program, dir string, entries []named) []byte {
	sorted := slices.Clone(entries)
	slices.SortFunc(sorted, func(a, b named) int { return strings.Compare(a.name, b.name) })
	b := startFile(program, dir, len(sorted))
	for _, e := range sorted {
		b = bincode.AppendString(b, e.name)
		b = appendFileID(b, e.id)
		b = bincode.AppendString(b, string(e.rule))
	}
	return sealFile(b)
}

// startFile begins a cache file: magic, program, directory (or
// patternsDir) and the number of entries.
func startFile(program, dir string, entries int) []byte {
	b := []byte(magic)
	b = bincode.AppendString(b, program)
	b = bincode.AppendString(b, dir)
	return bincode.AppendUint(b, uint64(entries))
}

// sealFile ends a cache file with the CRC-32 (IEEE) of everything before.
func sealFile(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// openFile checks a cache file's magic, checksum, program and directory,
// and returns a reader at its first entry with the number of entries.
func openFile(data []byte, program, dir string) (*reader, uint64, error) {
	if len(data) < len(magic)+4 || string(data[:len(magic)]) != magic {
		return nil, 0, errCorrupt
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, 0, errCorrupt
	}
	r := &reader{bincode.Decoder{B: body[len(magic):]}}
	if r.str() != program || r.str() != dir {
		return nil, 0, errCorrupt
	}
	n := r.uint()
	if !r.ok() || n > uint64(len(r.B)) {
		return nil, 0, errCorrupt
	}
	return r, n, nil
}

var errCorrupt = errors.New("rulecache: corrupt or foreign cache file")

// decodeFile reads a cache file written by encodeFile for this program and
// directory, entries sorted by name, each name once; anything else is
// errCorrupt. Names and rules share data's memory: data must never change.
func decodeFile(data []byte, program, dir string) ([]named, error) {
	r, n, err := openFile(data, program, dir)
	if err != nil {
		return nil, err
	}
	entries := make([]named, 0, n)
	for i := uint64(0); i < n && r.ok(); i++ {
		var e named
		e.name = r.StringShared()
		e.id = r.fileID()
		e.rule = r.bytes()
		if len(entries) > 0 && e.name <= entries[len(entries)-1].name {
			r.fail()
		}
		entries = append(entries, e)
	}
	if !r.ok() || len(r.B) != 0 {
		return nil, errCorrupt
	}
	return entries, nil
}

// appendFileID writes every field of a file identity (TestFileIDRoundTrip
// fails when a field is added to hookify.FileID and not here).
func appendFileID(b []byte, id hookify.FileID) []byte {
	b = bincode.AppendUint(b, id.Dev)
	b = bincode.AppendUint(b, id.Ino)
	b = bincode.AppendUint(b, uint64(id.Mode))
	b = bincode.AppendUint(b, uint64(id.Uid))
	b = bincode.AppendInt(b, id.Size)
	b = bincode.AppendInt(b, id.Mtime)
	return bincode.AppendInt(b, id.Ctime)
}

// fileID reads what appendFileID writes.
func (r *reader) fileID() hookify.FileID {
	var id hookify.FileID
	id.Dev = r.uint()
	id.Ino = r.uint()
	mode, uid := r.uint(), r.uint()
	if mode > math.MaxUint32 || uid > math.MaxUint32 {
		r.fail()
	}
	id.Mode, id.Uid = uint32(mode), uint32(uid)
	id.Size = r.int()
	id.Mtime = r.int()
	id.Ctime = r.int()
	return id
}

// reader reads a cache file with the shared codec (internal/bincode).
type reader struct{ bincode.Decoder }

func (r *reader) ok() bool      { return r.Err == nil }
func (r *reader) uint() uint64  { return r.Uint() }
func (r *reader) int() int64    { return r.Int() }
func (r *reader) str() string   { return r.String() }
func (r *reader) bytes() []byte { return r.Bytes() }
func (r *reader) fail()         { r.Fail("corrupt cache file") }

var _ hookify.RuleCache = (*Cache)(nil)
