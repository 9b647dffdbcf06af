package hookify

import (
	"io/fs"
	"os"
	"path"
	"sync"
	"syscall"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// OSFS returns the file system rooted at dir for discovery. It is os.DirFS
// with a ReadFile that costs four system calls per rule file (open, fstat,
// one read sized by fstat, close) instead of os.ReadFile's eight or more,
// and directory listings that skip the runtime's network poller: a hook
// reads every rule file on every tool call.
func OSFS(dir string) fs.FS {
	return osFS{FS: os.DirFS(dir), root: dir}
}

// CachedOSFS is OSFS with a rule cache: LoadRule (and so discovery) first
// asks c for the rule parsed from a file whose identity has not changed
// since, which costs a stat and an access instead of reading and parsing
// the file. Rules
// read from a file are offered to c. A nil c is OSFS.
//
// Only files the process could rewrite itself go through the cache: the
// cache lives where the process's user (and the agent running as that
// user) can write, so an entry could say anything, which must be no more
// than that user could make the file say. The kernel decides (access(2)
// with W_OK: mode bits, ACLs, read-only and single-file bind mounts,
// immutable files), for the file a symbolic link leads to. The file must
// also be on a local file system whose change times this machine's kernel
// keeps (see cacheableFS). Every other file (managed rules owned by root, a
// rule bind-mounted read-only, rules on a network or FUSE file system) is
// read on every call. A process whose real and effective users differ uses
// no cache.
func CachedOSFS(dir string, c RuleCache) fs.FS {
	f := osFS{FS: os.DirFS(dir), root: dir}
	if c != nil && syscall.Getuid() == syscall.Geteuid() {
		f.cache, f.policy = c, &cachePolicy{devs: map[uint64]bool{}, writable: accessWritable}
	}
	return f
}

// cachePolicy decides which files may go through the rule cache (see
// CachedOSFS).
type cachePolicy struct {
	mu   sync.Mutex
	devs map[uint64]bool // device → its file system qualifies
	// writable reports whether the process may write the file at a path.
	writable func(path string) bool
}

// allows reports whether the file at full, of identity id (from stat, so
// of the file a symbolic link leads to), may go through the cache.
func (p *cachePolicy) allows(full string, id FileID) bool {
	if !id.Regular() {
		return false
	}
	p.mu.Lock()
	ok, seen := p.devs[id.Dev]
	if !seen {
		ok = cacheableFS(full)
		p.devs[id.Dev] = ok
	}
	p.mu.Unlock()
	return ok && p.writable(full)
}

// accessWritable is access(path, W_OK) == 0.
func accessWritable(path string) bool {
	const wOK = 2
	return ignoringEINTR(func() error { return syscall.Access(path, wOK) }) == nil
}

// RuleCache remembers the rules parsed from rule files, by path and file
// identity (see runtime/rulecache). Implementations must be safe for
// concurrent use: files are loaded on all cores.
type RuleCache interface {
	// Lookup returns the rule parsed from the file at path (an absolute OS
	// path) when its identity was id, or nil. The caller owns the result.
	Lookup(path string, id FileID) *ir.Rule
	// Store offers the rule parsed from the file at path, whose identity was
	// id when it was opened. The cache must not keep r itself.
	Store(path string, id FileID, r *ir.Rule)
}

// FileID is what the file system says about one version of a file: when
// the content changes, so does the change time (and usually the size or the
// modification time); a replaced file has another inode.
type FileID struct {
	Dev, Ino uint64
	Mode     uint32
	Uid      uint32
	Size     int64
	Mtime    int64 // nanoseconds since the Unix epoch
	Ctime    int64 // nanoseconds since the Unix epoch
}

// Regular reports whether the identity is that of a regular file.
func (id FileID) Regular() bool { return id.Mode&syscall.S_IFMT == syscall.S_IFREG }

func fileIDOf(st *syscall.Stat_t) FileID {
	mtime, ctime := statTimes(st)
	return FileID{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Mode: uint32(st.Mode), Uid: st.Uid, Size: st.Size,
		Mtime: mtime, Ctime: ctime,
	}
}

type osFS struct {
	fs.FS
	root   string
	cache  RuleCache
	policy *cachePolicy // set with cache
}

// ReadFile implements fs.ReadFileFS.
func (f osFS) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	data, _, err := readFileRaw(path.Join(f.root, name), name)
	return data, err
}

// loadCached is LoadRule through the rule cache.
func (f osFS) loadCached(name, display string) (*ir.Rule, *Diagnostic) {
	full := path.Join(f.root, name)
	var st syscall.Stat_t
	var statID FileID
	allowed := false
	if err := ignoringEINTR(func() error { return syscall.Stat(full, &st) }); err == nil {
		statID = fileIDOf(&st)
		if allowed = f.policy.allows(full, statID); allowed {
			if r := f.cache.Lookup(full, statID); r != nil {
				r.Source.File = display
				return r, nil
			}
		}
	}
	data, id, err := readFileRaw(full, name)
	if err != nil {
		return nil, cannotRead(display, PyOSError(err, display), err)
	}
	r, diag := ReadRule(display, data)
	// The file read is the one just checked unless it was replaced since.
	if id != statID {
		allowed = f.policy.allows(full, id)
	}
	if diag == nil && allowed {
		f.cache.Store(full, id, r)
	}
	return r, diag
}

func ignoringEINTR(call func() error) error {
	for {
		if err := call(); err != syscall.EINTR {
			return err
		}
	}
}

// MaxRuleFileSize bounds what is read of one rule file: a larger file (or
// a device that never ends, such as a link to /dev/zero) cannot be read
// ("[Errno 27] File too large").
const MaxRuleFileSize = 64 << 20

// readFileRaw reads the file at full (reported as name in errors) and
// returns the identity of the file it read. It never blocks: a FIFO opens
// at once and reads as empty, or fails with EAGAIN while a writer holds it
// open without writing (hookify's open() would wait for ever).
func readFileRaw(full, name string) ([]byte, FileID, error) {
	data, st, err := sysfile.Read(full, 0, MaxRuleFileSize, func(st *syscall.Stat_t) error {
		if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
			return syscall.EISDIR
		}
		return nil
	})
	if pe, ok := err.(*fs.PathError); ok {
		pe.Path = name
	}
	var id FileID
	if st != nil {
		id = fileIDOf(st)
	}
	return data, id, err
}

// readDirNames lists the directory at full (reported as name in errors) in
// raw getdents order, as os.File.Readdirnames does, with plain system calls.
func readDirNames(full, name string) ([]string, error) {
	var fd int
	err := ignoringEINTR(func() (err error) {
		fd, err = syscall.Open(full, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_DIRECTORY, 0)
		return err
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var names []string
	buf := make([]byte, 8192)
	for {
		var n int
		err := ignoringEINTR(func() (err error) {
			n, err = syscall.ReadDirent(fd, buf)
			return err
		})
		if err != nil {
			return names, &fs.PathError{Op: "readdirent", Path: name, Err: err}
		}
		if n <= 0 {
			return names, nil
		}
		_, _, names = syscall.ParseDirent(buf[:n], -1, names)
	}
}
