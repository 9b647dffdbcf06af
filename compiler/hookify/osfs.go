package hookify

import (
	"io/fs"
	"path"
	"strings"
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
//
// On Windows (osfs_windows.go) the FS rooted at "/" holds the machine's
// volumes (see windowsPath): "C:/Users/x/proj" is C:\Users\x\proj, whose
// SlashPath is "/C:/Users/x/proj" (filepath.ToSlash writes "C:/Users/x/proj",
// which is the same name).
func OSFS(dir string) fs.FS {
	return osFS{FS: dirFS(dir), root: dir}
}

// cachePolicy decides which files may go through the rule cache (see
// CachedOSFS).
type cachePolicy struct {
	mu   sync.Mutex
	devs map[uint64]bool // device → its file system qualifies
	// writable reports whether the process may write the file.
	writable func(f fileRef) bool
}

// fileRef is a rule file: its full OS path and, when its directory is open
// (dirHandles), the directory's descriptor and the file's base name.
type fileRef struct {
	full  string
	dirFD int // -1: none
	base  string
}

// stat is the identity of the file (stat(2): the file a symbolic link
// leads to).
func (f fileRef) stat() (FileID, error) {
	if f.dirFD >= 0 {
		return statFileIDAt(f.dirFD, f.base)
	}
	return statFileID(f.full)
}

// allows reports whether the file f, of identity id (from stat, so of the
// file a symbolic link leads to), may go through the cache.
func (p *cachePolicy) allows(f fileRef, id FileID) bool {
	if !id.Regular() {
		return false
	}
	p.mu.Lock()
	ok, seen := p.devs[id.Dev]
	if !seen {
		ok = cacheableFS(f.full)
		p.devs[id.Dev] = ok
	}
	p.mu.Unlock()
	return ok && p.writable(f)
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
	full, err := osPath(path.Join(f.root, name))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	data, _, err := readFileRaw(full, name)
	return data, err
}

// join is path.Join(f.root, name) for a valid name (fs.ValidPath: no
// empty, "." or ".." element, so nothing to clean) under the root "/" the
// discovery uses, without path.Join's cleaning pass.
func (f osFS) join(name string) string {
	if f.root == "/" {
		return "/" + name
	}
	return path.Join(f.root, name)
}

// loadCached is LoadRule through the rule cache; dirs (may be nil) holds
// the open directories of the batch.
func (f osFS) loadCached(dirs *dirHandles, name, display string) (*ir.Rule, *Diagnostic) {
	joined := display // the discovery names files by their absolute path
	if f.root != "/" || len(display) != len(name)+1 || display[0] != '/' || display[1:] != name {
		joined = f.join(name)
	}
	full, err := osPath(joined)
	if err != nil {
		err = &fs.PathError{Op: "open", Path: name, Err: err}
		return nil, cannotRead(display, PyOSError(err, display), err)
	}
	ref := fileRef{full: full, dirFD: -1}
	if i := strings.LastIndexByte(full, '/'); i >= 0 && dirs != nil {
		ref.dirFD, ref.base = dirs.fd(full[:i+1]), full[i+1:]
	}
	allowed := false
	statID, err := ref.stat()
	if err == nil {
		if allowed = f.policy.allows(ref, statID); allowed {
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
		allowed = f.policy.allows(ref, id)
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
	data, st, err := sysfile.Read(full, 0, MaxRuleFileSize, func(st *sysfile.Stat) error {
		if sysfile.IsDir(st) {
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

// windowsPath maps full, the path.Join of an OSFS's root and a name in it,
// to the Windows path it stands for (used on Windows only; a pure function,
// so that its tests run everywhere).
//
// An OSFS rooted at "/" is the machine's volumes, whose names are the
// slash forms filepath.ToSlash and path.Join make of Windows paths: its
// top-level names are drives ("C:/Users/x/proj" is C:\Users\x\proj) and
// "UNC" ("UNC/server/share/x" is \\server\share\x, see windowsFSName). Every
// other top-level name does not exist (fs.ErrNotExist): /etc/codex/hookify
// is absent, never \etc\codex\hookify of the current drive. Any other root
// is a Windows path (C:\Users\x\proj, \\server\share, or relative).
//
// Backslashes in names are separators, as Windows reads them (a HOME of
// C:\Users\x joined with ".codex/hookify" still works). An element ".." that
// path.Join could not clean (it hid behind backslashes), an element holding
// a colon (an alternate data stream, or another drive), and one naming a DOS
// device (NUL, CON, COM1, ...: sysfile.WindowsReservedName) are
// fs.ErrInvalid, and so is a root in a device namespace (\\.\, \\?\).
func windowsPath(full string) (string, error) {
	s := strings.ReplaceAll(full, `\`, "/")
	var vol, rest string
	switch {
	case strings.HasPrefix(full, "/"): // the volumes
		first, after, _ := strings.Cut(strings.TrimLeft(s, "/"), "/")
		switch {
		case first == "":
			return "", fs.ErrNotExist // the volumes are not listed
		case isDrive(first):
			vol, rest = first, after
		case first == "UNC":
			// The discovery walks up from \\server\share\x past the share
			// to "/UNC/server" and "/UNC", and looks for .codex/hookify and
			// .claude in each: a server or share whose name starts with a dot
			// is never asked for over the network.
			server, after, _ := strings.Cut(after, "/")
			share, after, _ := strings.Cut(after, "/")
			if !validElem(server) || !validElem(share) || server[0] == '.' || share[0] == '.' {
				return "", fs.ErrNotExist
			}
			vol, rest = `\\`+server+`\`+share, after
		case !validElem(first):
			return "", fs.ErrInvalid
		default:
			return "", fs.ErrNotExist
		}
	case strings.HasPrefix(s, "//"): // a root \\server\share
		server, after, _ := strings.Cut(s[2:], "/")
		share, after, _ := strings.Cut(after, "/")
		if !validElem(server) || !validElem(share) {
			return "", fs.ErrInvalid
		}
		vol, rest = `\\`+server+`\`+share, after
	case len(s) >= 2 && isDrive(s[:2]) && (len(s) == 2 || s[2] == '/'):
		vol, rest = s[:2], s[2:]
	case strings.HasPrefix(s, "/"):
		return "", fs.ErrInvalid // rooted on the current drive
	default:
		rest = s // relative
	}
	var elems []string
	for _, e := range strings.Split(rest, "/") {
		switch {
		case e == "" || e == ".":
			continue
		case !validElem(e):
			return "", fs.ErrInvalid
		}
		elems = append(elems, e)
	}
	p := strings.Join(elems, `\`)
	switch {
	case vol != "":
		p = vol + `\` + p
	case p == "":
		p = "."
	}
	if sysfile.WindowsDevicePath(p) {
		return "", fs.ErrInvalid
	}
	return p, nil
}

// validElem reports whether e may be an element of a Windows path that
// windowsPath makes: not empty, "." or "..", no colon (an alternate data
// stream, or a drive), no wildcard or other character Windows refuses in
// names, and no DOS device name.
func validElem(e string) bool {
	return e != "" && e != "." && e != ".." && !strings.ContainsAny(e, `:*?"<>|`) && !sysfile.WindowsReservedName(e)
}

// isDrive reports whether s is a drive, "C:" (either case).
func isDrive(s string) bool {
	return len(s) == 2 && sysfile.IsDriveLetter(s[0]) && s[1] == ':'
}

// windowsFSName is the name, in the OSFS rooted at "/" of a Windows machine
// (see windowsPath), of the absolute Windows path p (either separator):
// C:\x\r.md is "C:/x/r.md", \\server\share\r.md is "UNC/server/share/r.md",
// and the \\?\ forms of both are the same. Any other path (relative,
// rooted on the current drive, or a device path) has no name: ok is false.
// A pure function, for Windows.
func windowsFSName(p string) (name string, ok bool) {
	b := strings.ReplaceAll(p, "/", `\`)
	switch {
	case len(b) >= 7 && (b[:4] == `\\?\` || b[:4] == `\??\`) && isDrive(b[4:6]) && b[6] == '\\':
		b = b[4:]
	case len(b) >= 8 && (b[:4] == `\\?\` || b[:4] == `\??\`) && strings.EqualFold(b[4:8], `UNC\`):
		b = `\\` + b[8:]
	}
	switch {
	case len(b) >= 2 && isDrive(b[:2]) && (len(b) == 2 || b[2] == '\\'):
		return strings.TrimSuffix(strings.ReplaceAll(b, `\`, "/"), "/"), true
	case strings.HasPrefix(b, `\\`) && !strings.HasPrefix(b, `\\.\`) && !strings.HasPrefix(b, `\\?\`) && !strings.HasPrefix(b, `\??\`):
		return "UNC/" + strings.ReplaceAll(b[2:], `\`, "/"), true
	}
	return "", false
}

// SlashPath is the slash path of the OS path p for the discovery, whose
// paths are absolute slash paths in the FS rooted at "/" (OSFS("/")), walked
// up with path.Dir to "/". On Unix it is filepath.ToSlash(p). On Windows an
// absolute path is its name in that FS after a slash (windowsFSName):
// C:\Users\x\proj is "/C:/Users/x/proj" and \\server\share\x is
// "/UNC/server/share/x"; any other path is filepath.ToSlash(p).
func SlashPath(p string) string { return slashPath(p) }

// windowsSlashPath is SlashPath on Windows (a pure function).
func windowsSlashPath(p string) string {
	if name, ok := windowsFSName(p); ok {
		return "/" + name
	}
	return strings.ReplaceAll(p, `\`, "/")
}
