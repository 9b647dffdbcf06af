package audit

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	for _, tc := range []struct {
		rule, in, want string
	}{
		{"private key block", "cat <<EOF > k\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nEOF", "cat <<EOF > k\n[REDACTED PRIVATE KEY]\nEOF"},
		{"private key block", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow (cut)", "[REDACTED PRIVATE KEY]"},
		{"private key block", "-----BEGIN PRIVATE KEY-----\nAAA\n-----END PRIVATE KEY----- and more", "[REDACTED PRIVATE KEY] and more"},
		{"URL credentials", "git clone https://alice:s3cr3t@github.com/x/y.git", "git clone https://[REDACTED]@github.com/x/y.git"},
		{"URL credentials", "psql postgres://admin:hunter2@db:5432/app", "psql postgres://[REDACTED]@db:5432/app"},
		{"URL credentials", "curl https://x-access-token:ghs_abc@github.com", "curl https://[REDACTED]@github.com"},
		{"bearer or basic credentials", `curl -H "Authorization: Bearer abc.def-ghi_jkl" x`, `curl -H "Authorization: Bearer [REDACTED]" x`},
		{"bearer or basic credentials", `curl -H 'Authorization: Basic dXNlcjpwYXNz' x`, `curl -H 'Authorization: Basic [REDACTED]' x`},
		{"authorization token", `curl -H "Authorization: token 0123456789abcdef" x`, `curl -H "Authorization: token [REDACTED]" x`},
		{"GitHub token", "echo ghp_0123456789abcdefghijABCDEFGHIJ012345 | gh auth login --with-token", "echo [REDACTED] | gh auth login --with-token"},
		{"GitHub token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "[REDACTED]"},
		{"GitLab token", "glab auth login -t glpat-abcdefghij0123456789", "glab auth login -t [REDACTED]"},
		{"OpenAI/Anthropic key", "openai --key sk-proj-abcdefghijklmnop0123 ask", "openai --key [REDACTED] ask"},
		{"OpenAI/Anthropic key", "x sk-ant-api03-abcdefghijklmnopqrstuv y", "x [REDACTED] y"},
		{"Slack token", "post xoxb-123456789012-abcdefghij", "post [REDACTED]"},
		{"AWS access key id", "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE", "aws configure set aws_access_key_id [REDACTED]"},
		{"Google API key", "curl 'https://x/?key=AIzaSyA-0123456789abcdefghijklmnopqrstu'", "curl 'https://x/?key=[REDACTED]'"},
		{"JSON web token", "use eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig_nature-x now", "use [REDACTED] now"},
		{"Stripe key", "curl https://api.stripe.com/v1/charges -u sk_live_4eC39HqLyjWDarjtT1zdp7dc:", "curl https://api.stripe.com/v1/charges -u [REDACTED]:"},
		{"Stripe key", "STRIPE=rk_test_abcdefghij0123 x", "STRIPE=[REDACTED] x"},
		{"password argument", "mysql -u root -phunter2 app < dump.sql", "mysql -u root -p[REDACTED] app < dump.sql"},
		{"password argument", "mysqldump -h db -p'hun ter2' app", "mysqldump -h db -p[REDACTED] app"},
		{"password argument", "sshpass -p s3cr3t ssh user@host", "sshpass -p [REDACTED] ssh user@host"},
		{"curl user", "curl -u alice:s3cr3t https://x/api", "curl -u alice:[REDACTED] https://x/api"},
		{"curl user", "curl -s --user 'bob:hunter2' https://x", "curl -s --user 'bob:[REDACTED]' https://x"},
		{"curl user", "curl -ualice:pw https://x", "curl -ualice:[REDACTED] https://x"},
		{"netrc password", "printf 'machine api.x.com login me password hunter2\n' >> ~/.netrc", "printf 'machine api.x.com login me password [REDACTED]\n' >> ~/.netrc"},
		{"secret assignment", "PASSWORD=hunter2 ./deploy.sh", "PASSWORD=[REDACTED] ./deploy.sh"},
		{"secret assignment", "export DB_PASSWORD='a b c'; run", "export DB_PASSWORD=[REDACTED]; run"},
		{"secret assignment", `GITHUB_TOKEN="x y" API_KEY=abc123 SECRET_KEY_BASE=zz make`, `GITHUB_TOKEN=[REDACTED] API_KEY=[REDACTED] SECRET_KEY_BASE=[REDACTED] make`},
		{"secret assignment", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG", "aws_secret_access_key = [REDACTED]"},
		{"secret assignment", `{"api_key": "abc", "name": "x"}`, `{"api_key": [REDACTED], "name": "x"}`},
		{"secret assignment", "my password: correct-horse", "my password: [REDACTED]"},
		{"secret assignment", "NPM_AUTH=abc npm i", "NPM_AUTH=[REDACTED] npm i"},
		// A value split by quotes, escapes or substitutions is one shell word.
		{"secret assignment", `PASSWORD=hun"ter2" x`, "PASSWORD=[REDACTED] x"},
		{"secret assignment", `PASSWORD=hun'ter2'x; y`, "PASSWORD=[REDACTED]; y"},
		{"secret assignment", `PASSWORD=$'hunter2' x`, "PASSWORD=[REDACTED] x"},
		{"secret assignment", `PASSWORD=abc\ def x`, "PASSWORD=[REDACTED] x"},
		{"secret assignment", "PASSWORD=`cat pw` x", "PASSWORD=[REDACTED] x"},
		{"secret assignment", `echo "{\"password\":\"hunter2\"}"`, `echo "{\"password\":[REDACTED]}"`},
		{"secret assignment", `curl -H "X-Api-Key: abcdef123456" x`, `curl -H "X-Api-Key: [REDACTED]" x`},
		{"secret flag", "login --token hun'ter2' x", "login --token [REDACTED] x"},
		{"secret flag", "mysql --password=hunter2 db", "mysql --password=[REDACTED] db"},
		{"secret flag", "vault login --token s.abcdef && ls", "vault login --token [REDACTED] && ls"},
		// Not secrets: left alone.
		{"none", "git push --force origin main", "git push --force origin main"},
		{"none", "GIT_AUTHOR_NAME=me PWD=/tmp git commit", "GIT_AUTHOR_NAME=me PWD=/tmp git commit"},
		{"none", "https://github.com/x/y and http://host:8080/p", "https://github.com/x/y and http://host:8080/p"},
		{"none", "skip the sk-short one", "skip the sk-short one"},
		{"none", "rotate the token verification step", "rotate the token verification step"},
		{"none", "mysql -u root -p app -P 3306", "mysql -u root -p app -P 3306"},
		{"none", "git push -u origin main && sort -u f", "git push -u origin main && sort -u f"},
		{"none", "curl -u alice https://x", "curl -u alice https://x"},
		{"none", "docker run -u 1000:1000 img", "docker run -u 1000:1000 img"},
		{"netrc password", "default login anonymous password me@x", "default login anonymous password [REDACTED]"},
		{"none", "the machine has a password manager", "the machine has a password manager"},
		{"none", "machine x login y", "machine x login y"},
		{"none", "", ""},
	} {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("%s: Redact(%q)\n got %q\nwant %q", tc.rule, tc.in, got, tc.want)
		}
	}
}

// TestRedactionNames: every rule of Redact is named, and every name is
// covered by a case of TestRedact (kept in step by hand: a new rule needs
// a case there).
func TestRedactionNames(t *testing.T) {
	if got := len(RedactionNames()); got != 17 {
		t.Errorf("%d redaction rules; add their cases to TestRedact and docs/audit.md, then update this count", got)
	}
}

func TestSummarize(t *testing.T) {
	long := strings.Repeat("é", MaxSummary)
	got := Summarize(long)
	if len(got) > MaxSummary+len("…") || !strings.HasSuffix(got, "…") {
		t.Errorf("Summarize of %d bytes: %d bytes, %q…", len(long), len(got), got[:10])
	}
	if got := Summarize("a\xffb PASSWORD=x"); got != "a\uFFFDb PASSWORD=[REDACTED]" {
		t.Errorf("Summarize: %q", got)
	}
}

// TestRedactionTriggers: every rule has triggers, the names list matches
// the rules, and every redaction the table tests expect still happens
// (a trigger that missed a match would let a secret through).
func TestRedactionTriggers(t *testing.T) {
	rules := redactions()
	if len(rules) != len(redactionNames) {
		t.Fatalf("%d rules, %d names", len(rules), len(redactionNames))
	}
	for i, r := range rules {
		if redactionNames[i] != r.name || len(redactionTriggers[r.name]) == 0 {
			t.Errorf("rule %d %q: name %q, triggers %v", i, r.name, redactionNames[i], redactionTriggers[r.name])
		}
		for _, tr := range redactionTriggers[r.name] {
			if tr != strings.ToLower(tr) {
				t.Errorf("%s: trigger %q is not lower case", r.name, tr)
			}
		}
	}
}

// redactionNames are the rules' names, in order, as the docs list them.
var redactionNames = []string{"private key block", "URL credentials", "bearer or basic credentials", "authorization token", "GitHub token", "GitLab token", "OpenAI/Anthropic key", "Slack token", "AWS access key id", "Google API key", "JSON web token", "Stripe key", "password argument", "curl user", "netrc password", "secret assignment", "secret flag"}
