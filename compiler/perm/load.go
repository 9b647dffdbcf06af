package perm

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// Kind is the kind of a permission source file.
type Kind uint8

const (
	// KindUnknown: not a permission source.
	KindUnknown Kind = iota
	// KindSettings: a Claude Code settings JSON file (an object with a
	// "permissions" or "hooks" key).
	KindSettings
	// KindGenesis: a genesis.key YAML file (genesis.key, *.yaml, *.yml).
	KindGenesis
)

func (k Kind) String() string {
	switch k {
	case KindSettings:
		return "settings"
	case KindGenesis:
		return "genesis"
	}
	return "unknown"
}

// Detect recognises a permission source by name and content: genesis.key,
// *.yaml and *.yml are genesis files; a JSON object with a top-level
// "permissions" or "hooks" key is Claude Code settings (whatever its name).
func Detect(path string, data []byte) Kind {
	base := filepath.Base(path)
	ext := strings.ToLower(filepath.Ext(base))
	if base == "genesis.key" || ext == ".yaml" || ext == ".yml" {
		return KindGenesis
	}
	keys, ok := jsonTopKeys(data)
	if !ok {
		return KindUnknown
	}
	for _, k := range keys {
		if k == "permissions" || k == "hooks" {
			return KindSettings
		}
	}
	return KindUnknown
}

// Load reads a permission source of the kind Detect finds. A .json file that
// is not valid JSON gets the syntax error with its position.
func Load(file string, data []byte, opts LoadOptions) ([]*ir.Rule, []Diagnostic, error) {
	switch Detect(file, data) {
	case KindSettings:
		return LoadSettings(file, data, opts)
	case KindGenesis:
		return LoadGenesis(file, data, opts)
	}
	if strings.EqualFold(filepath.Ext(file), ".json") {
		if _, ok := jsonTopKeys(data); !ok {
			return LoadSettings(file, data, opts) // reports the JSON error with its position
		}
	}
	return nil, nil, fmt.Errorf("%s: not a permission source (want Claude Code settings JSON with \"permissions\" or \"hooks\", or a genesis.key / *.yaml file)", file)
}

// ReadFile reads and loads a permission source file; a derived BaseDir is
// made absolute. It is the only function of the package that touches the
// file system. Only a regular file of at most sysfile.MaxFileSize bytes is
// read: a FIFO or a device is refused at once, never waited on.
func ReadFile(file string, opts LoadOptions) ([]*ir.Rule, []Diagnostic, error) {
	data, err := sysfile.ReadRegular(file, sysfile.MaxFileSize)
	if err != nil {
		return nil, nil, err
	}
	return LoadPath(file, data, opts)
}

// LoadPath is Load of a file's content already read, with the BaseDir of
// "/path" specifiers derived from the file's absolute path when
// opts.BaseDir is empty (as ReadFile does).
func LoadPath(file string, data []byte, opts LoadOptions) ([]*ir.Rule, []Diagnostic, error) {
	if opts.BaseDir == "" {
		if abs, err := filepath.Abs(file); err == nil {
			opts.BaseDir = opts.baseDir(abs)
		}
	}
	return Load(file, data, opts)
}
