package lint

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// permission lints a Claude Code settings file or a genesis file: the
// reader's own findings (unknown keys with a did-you-mean, unusable
// patterns), then patterns Claude reads differently from what their author
// likely meant.
func (l *linter) permission(p string) {
	l.files++
	rules, problems := sources.Load([]string{p}, l.opts.Env.Home, nil)
	for _, pr := range problems {
		l.problem(pr)
	}
	if ext := strings.ToLower(filepath.Ext(p)); ext == ".yaml" || ext == ".yml" || filepath.Base(p) == "genesis.key" {
		// Refused (a FIFO, a device) by sources.Load already, and never
		// opened here: reading one would block.
		if data, err := sysfile.ReadRegular(p, sysfile.MaxFileSize); err == nil {
			l.genesisActors(p, data)
		}
	}
	for _, r := range rules {
		perm := r.Permission
		if perm == nil || perm.Tool != "Bash" {
			continue
		}
		spec := perm.Specifier
		if !strings.HasSuffix(spec, "*") || strings.HasSuffix(spec, " *") || strings.HasSuffix(spec, ":*") || len(spec) < 2 {
			continue
		}
		word := strings.TrimSuffix(spec, "*")
		if strings.ContainsAny(word[len(word)-1:], " \t/.-=") {
			continue
		}
		// An allow that reaches further than meant lets commands run; a
		// deny or ask that does only asks more often.
		sev, tail := Warning, ": this allow lets them run"
		if r.Action != ir.ActionAllow {
			sev, tail = Note, ""
		}
		l.report(r.Source.File, r.Source.Pos, "permission-glob-space", sev,
			fmt.Sprintf("Bash(%s) also matches commands that only start with the same letters (%s-foo, %sx ...): Claude Code's * is a plain glob here%s", spec, word, word, tail),
			fmt.Sprintf("write Bash(%s *) for the command %q and its arguments", word, word), nil)
	}
}
