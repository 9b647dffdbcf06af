package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestDocs checks that docs/lint.md documents every code with an example;
// HOOKIFYC_LINT_DOCGEN=FILE writes the examples of the table to FILE.
func TestDocs(t *testing.T) {
	if out := os.Getenv("HOOKIFYC_LINT_DOCGEN"); out != "" {
		writeDocExamples(t, out)
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes {
		if !strings.Contains(string(doc), "\n### "+c.ID+"\n") {
			t.Errorf("docs/lint.md has no section ### %s", c.ID)
		}
	}
}

func writeDocExamples(t *testing.T, out string) {
	var b strings.Builder
	for _, c := range Codes {
		fmt.Fprintf(&b, "### %s\n\n%s (%s).\n\n", c.ID, capital(c.Summary), c.Severity)
		for _, tc := range codeCases {
			if tc.code != c.ID || tc.fire == nil {
				continue
			}
			var names []string
			for n := range tc.fire {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				fmt.Fprintf(&b, "`%s`:\n\n```\n%s```\n\n", n, strings.TrimSuffix(tc.fire[n], "\n")+"\n")
			}
			r := lintFilesNamed(t, tc.fire, tc.semantics, tc.named)
			b.WriteString("```\n")
			for _, d := range r.Diagnostics {
				if d.Code == c.ID {
					// The examples name files as the table does, not by their temporary directory.
					tmp := filepath.Dir(d.Path) + string(filepath.Separator)
					d.Message = strings.ReplaceAll(d.Message, tmp, "")
					d.Fix = strings.ReplaceAll(d.Fix, tmp, "")
					d.Path = filepath.Base(d.Path)
					b.WriteString(d.String() + "\n")
					if d.Fix != "" {
						b.WriteString("\tfix: " + d.Fix + "\n")
					}
				}
			}
			b.WriteString("```\n\n")
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
