package perm

import "testing"

func BenchmarkMatchCommand(b *testing.B) {
	cases := []struct {
		name, spec, cmd string
		d               Decision
	}{
		{"allow/simple", "git *", "git commit -m 'fix the build'", Allow},
		{"allow/compound", "npm *", "timeout 60 npm ci && npm run build && npm test -- --coverage", Allow},
		{"deny/wrapped", "rm -rf *", "sudo -u root env A=1 nice -n 5 bash -c 'cd /tmp && rm -rf build'", Deny},
		{"deny/long", "curl *", "for f in a b c; do echo $f | grep -v x >> out.txt; done; " +
			"git status && git diff --stat | tail -n 20; ls -la src/ | wc -l", Deny},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MatchCommand(c.spec, c.cmd, c.d)
			}
		})
	}
}

func BenchmarkMatchPath(b *testing.B) {
	ctx := Context{Cwd: "/home/u/proj", Home: "/home/u", BaseDir: "/home/u/proj"}
	b.ReportAllocs()
	for b.Loop() {
		MatchPath("src/**/*.go", "/home/u/proj/src/a/b/c/d.go", ctx, Deny)
	}
}

// BenchmarkPreparedCommand matches one command against 20 rules, as the
// engine does for one hook call.
func BenchmarkPreparedCommand(b *testing.B) {
	specs := []string{"git *", "npm run *", "rm -rf *", "curl *", "sudo *", "docker *", "make *", "go test *",
		"ls *", "cat *", "git push *", "npm test", "yarn *", "pnpm *", "python *", "pip install *", "kubectl *",
		"terraform *", "aws *", "gh *"}
	cmd := "timeout 60 npm ci && npm run build && npm test -- --coverage"
	b.ReportAllocs()
	for b.Loop() {
		c := PrepareCommand(cmd)
		for _, s := range specs {
			c.Match(s, Deny)
			c.Match(s, Allow)
		}
	}
}
