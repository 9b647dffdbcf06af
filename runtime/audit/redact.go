package audit

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// Redacted replaces every secret Redact removes.
const Redacted = "[REDACTED]"

// A redaction is one rule of Redact: what it finds and what it leaves.
type redaction struct {
	name string
	re   func() *regexp.Regexp // compiled on the first text it may match
	repl string
}

// lazy compiles expr on first use: a hook process redacts one short
// summary, and compiling all the rules would cost it more than the log.
func lazy(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// redactionTriggers gives, by rule name, the substrings (lower case) that
// every match of the rule contains. A hook process redacts one short
// summary: skipping the rules it cannot match keeps the log cheap.
var redactionTriggers = map[string][]string{
	"private key block":           {"private key"},
	"URL credentials":             {"://"},
	"bearer or basic credentials": {"bearer", "basic"},
	"authorization token":         {"authorization"},
	"GitHub token":                {"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
	"GitLab token":                {"glpat-"},
	"OpenAI/Anthropic key":        {"sk-"},
	"Slack token":                 {"xox"},
	"AWS access key id":           {"akia", "asia", "agpa", "aida", "aroa", "anpa", "anva"},
	"Google API key":              {"aiza"},
	"JSON web token":              {"eyj"},
	"Stripe key":                  {"k_live_", "k_test_"},
	"password argument":           {"mysql", "mariadb", "sshpass"},
	"curl user":                   {"curl"},
	"netrc password":              {"login"},
	"secret assignment":           {"password", "passwd", "passphrase", "token", "secret", "api", "key", "credential", "_auth"},
	"secret flag":                 {"--"},
}

// redactions are Redact's rules, applied in order (the private key block
// first, so that no other rule leaves half of one). Each is compiled on
// its first use (lazy): every hookifyc process links this package, and
// most redact nothing or use one or two rules.
var redactions = sync.OnceValue(func() []redaction {
	return []redaction{
		{"private key block", lazy(`-----BEGIN[A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----(?s:.*?)(-----END[A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|\z)`), "[REDACTED PRIVATE KEY]"},
		{"URL credentials", lazy(`\b([a-zA-Z][a-zA-Z0-9+.-]*://)[^/\s:@"']*:[^/\s@"']+@`), "${1}" + Redacted + "@"},
		{"bearer or basic credentials", lazy(`(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=-]{8,}`), "${1}${2}" + Redacted},
		{"authorization token", lazy(`(?i)(authorization:\s*token\s+)[^\s"']{8,}`), "${1}" + Redacted},
		{"GitHub token", lazy(`\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`), Redacted},
		{"GitLab token", lazy(`\bglpat-[A-Za-z0-9_-]{20,}`), Redacted},
		{"OpenAI/Anthropic key", lazy(`\bsk-[A-Za-z0-9_-]{16,}`), Redacted},
		{"Slack token", lazy(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), Redacted},
		{"AWS access key id", lazy(`\b(AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA)[0-9A-Z]{16}\b`), Redacted},
		{"Google API key", lazy(`\bAIza[0-9A-Za-z_-]{35}`), Redacted},
		{"JSON web token", lazy(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+`), Redacted},
		{"Stripe key", lazy(`\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}`), Redacted},
		{"password argument", lazy(`(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mariadb-admin)\b[^;&|\n]*?\s-p|\bsshpass\s+-p\s*)(` + shellValue + `)`), "${1}" + Redacted},
		{"curl user", lazy(`(\bcurl\b[^;&|\n]*?\s(?:-u|-U|--user|--proxy-user)(?:\s*|=)["']?[^\s:"']*:)([^\s"']+)`), "${1}" + Redacted},
		{"netrc password", lazy(`(?i)(\b(?:machine\s+\S+|default)\s+login\s+\S+\s+password\s+)([^\s"']+)`), "${1}" + Redacted},
		{"secret assignment", lazy(`(?i)\b([A-Z0-9_.-]*(?:PASSWORD|PASSWD|PASSPHRASE|TOKEN|SECRET|API[_-]?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)[A-Z0-9_]*|[A-Z0-9_]*_AUTH)(\\?["']?\s*[=:]\s*)(` + shellValue + `)`), "${1}${2}" + Redacted},
		{"secret flag", lazy(`(?i)(--(?:password|passwd|token|secret|api-key|apikey|access-key|auth-token|client-secret)(?:=|\s+))((?:` + quotedWord + `|[^\s"'` + "`" + `\\;&|-][^\s"'` + "`" + `\\;&|]*)` + wordRest + `)`), "${1}" + Redacted},
	}
})

// A secret's value is one shell word: quoted parts, $'…', `…`, $(…) and
// backslash escapes run on with unquoted parts the way the shell joins
// them (PASSWORD=a"b"c is abc), so that no half of a value is left behind. A part after
// the first does not start with a comma or a brace, which end a JSON value.
const (
	quotedWord = `\\.|"[^"]*"|\$?'[^']*'|` + "`[^`]*`" + `|\$\([^)]*\)`
	wordRest   = `(?:` + quotedWord + `|[^\s"'` + "`" + `\\;&|,}][^\s"'` + "`" + `\\;&|]*)*`
	shellValue = `(?:(?:` + quotedWord + `|[^\s"'` + "`" + `\\;&|]+)` + wordRest + `)`
)

// RedactionNames are the names of Redact's rules, in order (for the
// documentation and the tests).
func RedactionNames() []string {
	var names []string
	for _, r := range redactions() {
		names = append(names, r.name)
	}
	return names
}

// Redact replaces the secrets it recognises in s by [REDACTED]: private
// key blocks, credentials in URLs (scheme://user:pass@host), bearer, basic
// and `Authorization: token` values, tokens with a known shape (GitHub ghp_…
// and github_pat_…, GitLab glpat-…, OpenAI and Anthropic sk-…, Slack xox…,
// AWS access key ids, Google API keys, JSON web tokens, Stripe sk_live_…),
// passwords given as arguments (mysql -pPASS, sshpass -p PASS, curl -u
// user:PASS, a .netrc line's password), the value of an
// assignment to a secret-looking name (PASSWORD, TOKEN, SECRET, API_KEY,
// ACCESS_KEY, PRIVATE_KEY, CREDENTIALS, *_AUTH … in KEY=value, key: value
// or "key": "value")
// and of flags such as --password and --token. It recognises shapes, not
// secrets: a secret of no known shape stays.
func Redact(s string) string {
	lower := strings.ToLower(s)
	for _, r := range redactions() {
		if !triggered(lower, redactionTriggers[r.name]) {
			continue
		}
		s = r.re().ReplaceAllString(s, r.repl)
		lower = strings.ToLower(s)
	}
	return s
}

func triggered(lower string, triggers []string) bool {
	for _, t := range triggers {
		if strings.Contains(lower, t) {
			return true
		}
	}
	return false
}

// Summary bounds: at most maxRedact bytes of the text are redacted, and
// at most MaxSummary bytes of the result are kept.
const (
	maxRedact  = 64 << 10
	MaxSummary = 1024
)

// Summarize returns s redacted, with invalid UTF-8 replaced, and cut to
// MaxSummary bytes (at a rune boundary, marked with "…").
func Summarize(s string) string {
	if len(s) > maxRedact {
		s = s[:maxRedact]
	}
	s = Redact(strings.ToValidUTF8(s, "\uFFFD"))
	if len(s) <= MaxSummary {
		return s
	}
	cut := MaxSummary
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
