package shell

import "testing"

// BenchmarkAnalyze: the command model of typical agent commands (what a
// hook call adds before its rules are matched).
func BenchmarkAnalyze(b *testing.B) {
	for _, c := range []struct{ name, cmd string }{
		{"plain", `ls -la`},
		{"compound", `git commit -m "feat: add the parser" && npm test`},
		{"wrapped", `X=build; sudo -u app bash -c "cd /srv && make $X" | tee log.txt`},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Analyze(c.cmd, ModelOptions{})
			}
		})
	}
}
