package shell

import "testing"

// typical is a 40-byte agent command.
const typical = `git add -A && git commit -m "fix: typos"`

func BenchmarkParse(b *testing.B) {
	if len(typical) != 40 {
		b.Fatalf("typical command is %d bytes", len(typical))
	}
	b.SetBytes(int64(len(typical)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(typical); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseUnwrap(b *testing.B) {
	const src = `sudo -u root bash -lc "git status && rm -rf x"`
	b.ReportAllocs()
	for b.Loop() {
		cmds, err := Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range cmds {
			_ = UnwrapCommand(c)
		}
	}
}

func BenchmarkCanonical(b *testing.B) {
	argv := []string{"git", "commit", "-m", "fix: it's done"}
	b.ReportAllocs()
	for b.Loop() {
		_ = Canonical(argv)
	}
}

func BenchmarkSplitShlex(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SplitShlex(typical); err != nil {
			b.Fatal(err)
		}
	}
}
