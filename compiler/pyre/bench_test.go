package pyre

import (
	"testing"

	"github.com/dlclark/regexp2"
)

// Typical hookify guard patterns and commands.
var benchPatterns = []string{
	`rm\s+-rf`,
	`git\s+push.*--force`,
	`\.env$`,
	`console\.log\(`,
	`\bgit\s+push\b`,
	`^git\s+(add\s+(-A|\.)|push)`,
	`(api[_-]?key|secret|password)\s*[:=]\s*['"][A-Za-z0-9+/=_-]{16,}['"]`,
	`chmod\s+777|sudo\s+`,
}

var benchSubjects = []string{
	`git push origin feature/login --force-with-lease`,
	`rm -rf ./build/output && npm run build --prod`,
	`cat config/settings.env | grep DATABASE_URL=x`,
	`echo "console.log('debug value', x)" >> src/a.js`,
}

// BenchmarkCompile: parse and translate (what Compile does).
func BenchmarkCompile(b *testing.B) {
	for _, p := range benchPatterns {
		b.Run(p, func(b *testing.B) {
			for b.Loop() {
				if _, err := Compile(p, Options{IgnoreCase: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCompilePrepared adds building the regexp2 program (which the
// first search does).
func BenchmarkCompilePrepared(b *testing.B) {
	for b.Loop() {
		for _, p := range benchPatterns {
			re, err := Compile(p, Options{IgnoreCase: true})
			if err == nil {
				err = re.Prepare()
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCompileRegexp2Raw is the baseline: regexp2 compiling the raw
// patterns in its own (not Python's) case-insensitive mode.
func BenchmarkCompileRegexp2Raw(b *testing.B) {
	for b.Loop() {
		for _, p := range benchPatterns {
			if _, err := regexp2.Compile(p, regexp2.IgnoreCase); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		for _, p := range benchPatterns {
			if _, err := Parse(p, FlagIgnoreCase); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSearch: each op searches the four subjects.
func BenchmarkSearch(b *testing.B) {
	for _, p := range benchPatterns {
		re := MustCompile(p, Options{IgnoreCase: true})
		if err := re.Prepare(); err != nil {
			b.Fatal(err)
		}
		b.Run(p, func(b *testing.B) {
			for b.Loop() {
				for _, s := range benchSubjects {
					if _, err := re.Search(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkSearchRegexp2IgnoreCase is the baseline: regexp2's own
// case-insensitive mode on the raw pattern (not Python's semantics).
func BenchmarkSearchRegexp2IgnoreCase(b *testing.B) {
	for _, p := range benchPatterns {
		re := regexp2.MustCompile(p, regexp2.IgnoreCase)
		b.Run(p, func(b *testing.B) {
			for b.Loop() {
				for _, s := range benchSubjects {
					if _, err := re.MatchString(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
