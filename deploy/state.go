package deploy

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// StateFile is where, under a target's directory, apply records what it
// installed and what it replaced.
const StateFile = "hookifyc/install.json"

// maxFile bounds the configuration files read (they are small).
const maxFile = 16 << 20

// State is what apply installed in one directory, so that plan knows what
// it owns and uninstall can restore what was there.
type State struct {
	Version int    `json:"version"`
	Target  string `json:"target"`
	// HookCommands are the hook commands apply installed: groups whose
	// handlers all run one of them are ours.
	HookCommands []string `json:"hook_commands,omitempty"`
	// Files are the files apply changed, by path relative to the directory
	// (slash-separated).
	Files map[string]*FileState `json:"files"`
	// Dirs are the directories apply created (relative), removed by
	// uninstall when empty.
	Dirs []string `json:"created_dirs,omitempty"`
}

// FileState is one file's content before the first apply and the hash of
// what apply last wrote.
type FileState struct {
	Existed bool   `json:"existed"`
	Before  []byte `json:"before,omitempty"`
	After   string `json:"after_sha256"`
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// knownFiles are the files (relative to a target directory) apply writes.
var knownFiles = map[string]bool{CodexRules: true, CodexHooks: true, CodexConfig: true, ClaudeSettings: true}

// readState reads dir's state; a missing file is (nil, nil).
func readState(dir string) (*State, []byte, error) {
	path := filepath.Join(dir, filepath.FromSlash(StateFile))
	data, err := readFile(path)
	if data == nil || err != nil {
		return nil, nil, err
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, nil, fmt.Errorf("%s: %v (move it away to start afresh; uninstall then cannot restore)", path, err)
	}
	if st.Files == nil {
		st.Files = map[string]*FileState{}
	}
	// The state names only the files and directories apply writes: a
	// state file edited to name others must not make uninstall write there.
	for rel := range st.Files {
		if !knownFiles[rel] {
			return nil, nil, fmt.Errorf("%s: names %q, which hookifyc never writes (move the file away to start afresh)", path, rel)
		}
	}
	for _, d := range st.Dirs {
		if d != "." && d != "rules" {
			return nil, nil, fmt.Errorf("%s: names the directory %q, which hookifyc never creates (move the file away to start afresh)", path, d)
		}
	}
	return &st, data, nil
}

func (st *State) marshal() []byte {
	sort.Strings(st.Dirs)
	b, _ := json.MarshalIndent(st, "", "  ")
	return append(b, '\n')
}

// readFile reads a regular file; a missing one is (nil, nil).
func readFile(path string) ([]byte, error) {
	data, err := sysfile.ReadRegular(path, maxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if data == nil {
		data = []byte{}
	}
	return data, nil
}

// cannotRead says which file could not be read, and why.
func cannotRead(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot read %s: %v", pe.Path, pe.Err)
	}
	return "cannot read: " + err.Error()
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
