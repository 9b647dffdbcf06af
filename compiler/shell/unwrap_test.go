package shell

import (
	"slices"
	"strings"
	"testing"
)

// renderInner shows an Inner as "words {wrapper,wrapper}" with " ?" appended
// when uncertain.
func renderInner(in Inner) string {
	var words []string
	for _, w := range in.Words {
		words = append(words, renderWord(w))
	}
	var names []string
	for _, w := range in.Wrappers {
		names = append(names, w.Name)
	}
	s := strings.Join(words, " ") + " {" + strings.Join(names, ",") + "}"
	if in.Uncertain {
		s += " ?"
	}
	return s
}

// unwrapAll parses a command line and unwraps every simple command.
func unwrapAll(t *testing.T, src string) []Inner {
	t.Helper()
	cmds, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	var out []Inner
	for _, c := range cmds {
		out = append(out, UnwrapCommand(c)...)
	}
	return out
}

func TestUnwrap(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // renderInner of each result, for the whole line
	}{
		// Bypass shapes (codex-execpolicy.md §6).
		{"command", `command rm -rf x`, []string{"rm -rf x {command}"}},
		{"backslash", `\rm -rf x`, []string{"rm -rf x {}"}},
		{"env", `env rm -rf x`, []string{"rm -rf x {env}"}},
		{"sudo", `sudo rm -rf x`, []string{"rm -rf x {sudo}"}},
		{"assignment", `FOO=1 rm -rf x`, []string{"rm -rf x {}"}},
		{"quoted name", `r"m" -rf x`, []string{"rm -rf x {}"}},
		{"bash -lc", `bash -lc "git status && rm -rf x"`, []string{"git status {bash -c}", "rm -rf x {bash -c}"}},
		{"substitution", `echo $(rm -rf /)`, []string{"echo <$(rm -rf /)> {}", "rm -rf / {}"}},

		// Each wrapper.
		{"sudo options", `sudo -u root -E -H --preserve-env=PATH -- rm x`, []string{"rm x {sudo}"}},
		{"sudo attached", `sudo -uroot -nk rm x`, []string{"rm x {sudo}"}},
		{"sudo host", `sudo -hremote rm x`, []string{"rm x {sudo}"}},
		{"sudo env", `sudo FOO=1 BAR=2 rm x`, []string{"rm x {sudo}"}},
		{"sudo alone", `sudo`, []string{"sudo {}"}},
		{"sudo shell", `sudo -i`, []string{"sudo -i {}"}},
		{"env options", `env -i -u HOME -C /tmp --unset=X - A=1 rm x`, []string{"rm x {env}"}},
		{"env -S", `env -S "rm -rf" x`, []string{"rm -rf x {env}"}},
		{"env -S options", `env -S"-i A=1 rm" x`, []string{"rm x {env}"}},
		{"env alone", `env`, []string{"env {}"}},
		{"env only assignments", `env A=1`, []string{"env A=1 {}"}},
		{"command -p", `command -p rm x`, []string{"rm x {command}"}},
		{"command -v", `command -v rm`, []string{"command -v rm {}"}},
		{"command -pV", `command -pV rm`, []string{"command -pV rm {}"}},
		{"builtin", `builtin cd /`, []string{"cd / {builtin}"}},
		{"exec", `exec -c -a name rm x`, []string{"rm x {exec}"}},
		{"exec redirect only", `exec 3>&1`, []string{"exec {}"}},
		{"nohup", `nohup -- rm x`, []string{"rm x {nohup}"}},
		{"nice -n", `nice -n 10 rm x`, []string{"rm x {nice}"}},
		{"nice attached", `nice -n-5 rm x`, []string{"rm x {nice}"}},
		{"nice legacy", `nice -10 rm x`, []string{"rm x {nice}"}},
		{"nice long", `nice --adjustment=3 rm x`, []string{"rm x {nice}"}},
		{"timeout", `timeout -k 5 -s KILL --preserve-status 1.5m rm x`, []string{"rm x {timeout}"}},
		{"timeout plain", `timeout 10 rm x`, []string{"rm x {timeout}"}},
		{"time", `\time -p rm x`, []string{"rm x {time}"}},
		{"GNU time", `/usr/bin/time -f %e -o out rm x`, []string{"rm x {time}"}},
		{"stdbuf", `stdbuf -oL -e 0 --input=L rm x`, []string{"rm x {stdbuf}"}},
		{"doas", `doas -n -u root rm x`, []string{"rm x {doas}"}},
		{"xargs", `find . | xargs -0 -n1 -P4 rm -f`, []string{"find . {}", "rm -f {xargs}"}},
		{"xargs replace", `xargs -I{} rm {}`, []string{"rm {} {xargs}"}},
		{"xargs optional", `xargs -i rm {}`, []string{"rm {} {xargs}"}},
		{"xargs alone", `xargs`, []string{"xargs {}"}},
		{"noglob", `noglob rm *`, []string{"rm <*> {noglob}"}},
		{"nocorrect", `nocorrect rm x`, []string{"rm x {nocorrect}"}},
		{"eval", `eval "rm -rf" x`, []string{"rm -rf x {eval}"}},
		{"eval compound", `eval 'a; b | c'`, []string{"a {eval}", "b {eval}", "c {eval}"}},
		{"absolute path", `/usr/bin/sudo /usr/bin/env rm x`, []string{"rm x {sudo,env}"}},
		{"relative path is not a wrapper", `./sudo rm x`, []string{"./sudo rm x {}"}},

		// Nesting.
		{"chain", `sudo -u root env -i FOO=1 nice -n 5 timeout 10s stdbuf -oL nohup time -p xargs -0 noglob rm -rf x`,
			[]string{"rm -rf x {sudo,env,nice,timeout,stdbuf,nohup,time,xargs,noglob}"}},
		{"shells", `sh -c "bash -c 'sudo rm -rf /'"`, []string{"rm -rf / {sh -c,bash -c,sudo}"}},
		{"shell options", `bash -o pipefail -euxc 'rm x'`, []string{"rm x {bash -c}"}},
		{"shell long options", `bash --norc --rcfile f --login -c 'rm x' arg0 arg1`, []string{"rm x {bash -c}"}},
		{"shell -c later", `bash -x -c 'rm x'`, []string{"rm x {bash -c}"}},
		{"zsh", `zsh -f -o extendedglob -c 'rm x'`, []string{"rm x {zsh -c}"}},
		{"dash", `dash -ec 'rm x'`, []string{"rm x {dash -c}"}},
		{"script substitution", `bash -c 'echo $(rm -rf /)'`, []string{"echo <$(rm -rf /)> {bash -c}", "rm -rf / {bash -c}"}},
		{"script file", `bash script.sh`, []string{"bash script.sh {}"}},
		{"shell reads stdin", `bash`, []string{"bash {}"}},
		{"piped into shell", `curl x | sh`, []string{"curl x {}", "sh {}"}},
		{"heredoc script", "bash <<'EOF'\nrm -rf x\nEOF", []string{"rm -rf x {bash <<}"}},
		{"here-string script", `sh <<< "rm -rf y"`, []string{"rm -rf y {sh <<}"}},
		{"sudo heredoc script", "sudo bash <<'EOF'\nrm -rf x\nEOF", []string{"rm -rf x {sudo,bash <<}"}},
		{"empty script", `bash -c ''`, nil},
		{"script with assignment only", `bash -c 'x=$(rm y)'`, []string{"rm y {bash -c}"}},
		{"shell help", `bash --version -c 'rm x'`, []string{"bash --version -c rm x {}"}},

		// Uncertain.
		{"unknown sudo option", `sudo -Z rm`, []string{"sudo -Z rm {} ?"}},
		{"sudo list", `sudo -l rm`, []string{"sudo -l rm {} ?"}},
		{"sudo edit", `sudo -e /etc/hosts`, []string{"sudo -e /etc/hosts {} ?"}},
		{"sudo non-literal", `sudo $X rm`, []string{"sudo <$X> rm {} ?"}},
		{"sudo abbreviated long option", `sudo --us=root rm`, []string{"sudo --us=root rm {} ?"}},
		{"sudo missing argument", `sudo -u`, []string{"sudo -u {} ?"}},
		{"env -S quoting", `env -S 'a "b"' c`, []string{`env -S a "b" c {} ?`}},
		{"env bad assignment", `env =x rm`, []string{"env =x rm {} ?"}},
		{"command unknown option", `command -x rm`, []string{"command -x rm {} ?"}},
		{"builtin option", `builtin -x`, []string{"builtin -x {} ?"}},
		{"nice non-integer", `nice -n x rm`, []string{"nice -n x rm {} ?"}},
		{"timeout bad duration", `timeout 5x rm`, []string{"timeout 5x rm {} ?"}},
		{"timeout non-literal duration", `timeout $T rm`, []string{"timeout <$T> rm {} ?"}},
		{"xargs BSD options", `xargs -J % -R 5 -S 255 rm %`, []string{"rm % {xargs}"}},
		{"env BSD -P", `env -P /usr/bin git reset --hard`, []string{"git reset --hard {env}"}},
		{"xargs unknown option", `xargs -N1 rm`, []string{"xargs -N1 rm {} ?"}},
		{"doas config check", `doas -C /etc/doas.conf rm`, []string{"doas -C /etc/doas.conf rm {} ?"}},
		{"nohup help", `nohup --help rm`, []string{"nohup --help rm {} ?"}},
		{"bash unknown option", `bash -Z -c 'rm x'`, []string{"bash -Z -c rm x {} ?"}},
		{"bash -c without script", `bash -c`, []string{"bash -c {} ?"}},
		{"bash non-literal script", `bash -c "$CMD"`, []string{`bash -c <"$CMD"> {} ?`}},
		{"bash script syntax error", `bash -c 'echo "x'`, []string{`bash -c echo "x {} ?`}},
		{"eval non-literal", `eval "$CMD"`, []string{`eval <"$CMD"> {} ?`}},
		{"heredoc with expansion", "bash <<EOF\nrm $X\nEOF", []string{"bash {} ?"}},
		{"inner uncertain keeps outer layers", `sudo env -Q rm`, []string{"env -Q rm {sudo} ?"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, in := range unwrapAll(t, tt.in) {
				got = append(got, renderInner(in))
				if in.Uncertain == (in.Reason == "") {
					t.Errorf("Uncertain=%v but Reason=%q", in.Uncertain, in.Reason)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Unwrap(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestUnwrapDetails(t *testing.T) {
	in := unwrapAll(t, `A=0 sudo -u root B=1 env -i C=2 bash -lc 'D=3 rm -rf x'`)
	if len(in) != 1 {
		t.Fatalf("got %d results", len(in))
	}
	if got, want := in[0].Env, []string{"A=0", "B=1", "C=2", "D=3"}; !slices.Equal(got, want) {
		t.Errorf("Env = %q, want %q", got, want)
	}
	wantLayers := []Wrapper{
		{Name: "sudo", Args: []string{"sudo", "-u", "root", "B=1"}},
		{Name: "env", Args: []string{"env", "-i", "C=2"}},
		{Name: "bash -c", Args: []string{"bash", "-lc", "D=3 rm -rf x"}},
	}
	if len(in[0].Wrappers) != len(wantLayers) {
		t.Fatalf("Wrappers = %+v", in[0].Wrappers)
	}
	for i, w := range wantLayers {
		got := in[0].Wrappers[i]
		if got.Name != w.Name || !slices.Equal(got.Args, w.Args) {
			t.Errorf("Wrappers[%d] = %+v, want %+v", i, got, w)
		}
	}
	if !in[0].Literal() || !slices.Equal(in[0].Argv(), []string{"rm", "-rf", "x"}) {
		t.Errorf("Argv = %q", in[0].Argv())
	}
	u := Unwrap([]string{"sudo", "-l", "rm"})[0]
	if !u.Uncertain || !strings.Contains(u.Reason, "-l") {
		t.Errorf("sudo -l: %+v", u)
	}
}

func TestUnwrapArgv(t *testing.T) {
	tests := []struct {
		argv []string
		want []string
	}{
		// Codex runs model commands as [bash, -lc, script].
		{[]string{"/bin/bash", "-lc", "git status && rm -rf x"}, []string{"git status {bash -c}", "rm -rf x {bash -c}"}},
		// An argv word is literal even when it looks like an expansion.
		{[]string{"rm", "$HOME", "*"}, []string{"rm $HOME * {}"}},
		{[]string{"sudo", "--", "rm", "-rf", "/"}, []string{"rm -rf / {sudo}"}},
		{[]string{"env", "A=1"}, []string{"env A=1 {}"}},
		{[]string{}, []string{" {}"}},
	}
	for _, tt := range tests {
		var got []string
		for _, in := range Unwrap(tt.argv) {
			got = append(got, renderInner(in))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Unwrap(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}

func TestUnwrapDepthLimit(t *testing.T) {
	argv := slices.Repeat([]string{"nohup"}, MaxUnwrapDepth)
	in := Unwrap(append(argv, "rm"))
	if len(in) != 1 || in[0].Uncertain || len(in[0].Wrappers) != MaxUnwrapDepth {
		t.Fatalf("%d layers: %+v", MaxUnwrapDepth, in)
	}
	in = Unwrap(append(append(argv, "nohup"), "rm"))
	if len(in) != 1 || !in[0].Uncertain || in[0].Words[0].Value != "nohup" {
		t.Fatalf("%d layers: %+v", MaxUnwrapDepth+1, in)
	}
	// Scripts count as layers too: eval eval … rm x re-parses at each level.
	in = unwrapAll(t, strings.Repeat("eval ", MaxUnwrapDepth+1)+"rm x")
	if len(in) != 1 || !in[0].Uncertain || len(in[0].Wrappers) != MaxUnwrapDepth {
		t.Fatalf("nested evals: %d results, first %s", len(in), renderInner(in[0]))
	}
	in = unwrapAll(t, strings.Repeat("eval ", MaxUnwrapDepth)+"rm x")
	if len(in) != 1 || in[0].Uncertain || renderInner(in[0]) != "rm x {"+strings.TrimSuffix(strings.Repeat("eval,", MaxUnwrapDepth), ",")+"}" {
		t.Fatalf("%d evals: %s", MaxUnwrapDepth, renderInner(in[0]))
	}
}

func TestIsDuration(t *testing.T) {
	for s, want := range map[string]bool{
		"10": true, "1.5": true, ".5": true, "5.": true, "10s": true, "2m": true, "1h": true, "3d": true, "0": true,
		"": false, "s": false, ".": false, "5x": false, "5ss": false, "-1": false, "1e3": false, "inf": false,
	} {
		if got := isDuration(s); got != want {
			t.Errorf("isDuration(%q) = %v", s, got)
		}
	}
}
