package shell

import (
	"path"
	"strings"
)

// sqlClients are database clients whose inline SQL the model reads as code
// (its string literals and comments are data): the option that takes it,
// or "" for the operand after the database (sqlite3 DB 'SQL').
var sqlClients = map[string][]string{
	"psql": {"-c", "--command"}, "mysql": {"-e", "--execute"}, "mariadb": {"-e", "--execute"},
	"sqlite3": {""}, "duckdb": {"-c", ""}, "clickhouse-client": {"-q", "--query"}, "clickhouse": {"-q", "--query"},
	"cockroach": {"-e", "--execute"}, "sqlcmd": {"-Q", "-q"}, "snowsql": {"-q", "--query"}, "cqlsh": {"-e", "--execute"},
	"mysqlsh": {"-e", "--execute"}, "trino": {"--execute"}, "pgcli": {""}, "litecli": {""}, "mycli": {"-e", "--execute"}, "beeline": {"-e"}, "spark-sql": {"-e"}, "usql": {"-c", "--command"},
}

// sqlCode returns the inline SQL of a database client's argv, as Code
// whose Literals are its string literals and comments, or nil.
func sqlCode(argv []string) *Code {
	name := path.Base(argv[0])
	opts, ok := sqlClients[name]
	if !ok {
		return nil
	}
	text := ""
	operands := 0
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		matched := false
		for _, o := range opts {
			switch {
			case o == "":
			case a == o && i+1 < len(argv):
				text, matched = joinSQL(text, argv[i+1]), true
				i++
			case strings.HasPrefix(o, "--") && strings.HasPrefix(a, o+"="):
				text, matched = joinSQL(text, a[len(o)+1:]), true
			}
			if matched {
				break
			}
		}
		if matched || strings.HasPrefix(a, "-") {
			continue
		}
		operands++
		if operands == 2 && len(opts) > 0 && opts[len(opts)-1] == "" {
			text = a
		}
	}
	var escapes []string
	if name == "sqlite3" || name == "duckdb" || name == "psql" {
		// sqlite3 DB SQL… -cmd CMD: every operand after the database and
		// every -cmd is read, dot-commands included; psql -o '|CMD'
		// pipes the output to a shell.
		var more []string
		ops := 0
		for i := 1; i < len(argv); i++ {
			a := argv[i]
			switch {
			case (a == "-cmd" || a == "-o" || a == "--output" || a == "-L" || a == "--log-file") && i+1 < len(argv):
				if a == "-cmd" {
					more = append(more, argv[i+1])
				} else if name == "psql" {
					escapes = append(escapes, pipeTarget(argv[i+1])...)
				}
				i++
			case strings.HasPrefix(a, "--output="):
				escapes = append(escapes, pipeTarget(strings.TrimPrefix(a, "--output="))...)
			case strings.HasPrefix(a, "-"):
			default:
				if ops++; ops >= 3 && name != "psql" {
					more = append(more, a)
				}
			}
		}
		if len(more) > 0 {
			text = strings.Join(append([]string{text}, more...), "\n")
			text = strings.TrimPrefix(text, "\n")
		}
	}
	if text == "" && len(escapes) == 0 {
		return nil
	}
	return &Code{Lang: "sql", Interpreter: name, Text: text, Literals: sqlLiterals(text), Shell: append(escapes, sqlShellEscapes(name, text)...)}
}

// joinSQL adds one more -c/-e text to a client's SQL: each runs in turn.
func joinSQL(text, more string) string {
	if text == "" {
		return more
	}
	return text + "\n" + more
}

// pipeTarget returns the command of an output target that is a pipe
// ('|CMD'), or nothing.
func pipeTarget(target string) []string {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(target), `'"`))
	if cmd, ok := strings.CutPrefix(t, "|"); ok && strings.TrimSpace(cmd) != "" {
		return []string{cmd}
	}
	return nil
}

// sqlShellEscapes returns the shell commands a database client's own
// commands run: psql's \! CMD and \o |CMD (also \g, \w, \copy … program),
// mysql's \! and system CMD, sqlite3's .shell, .system and .output |CMD,
// and COPY … PROGRAM 'CMD' (run by the server, often this machine).
func sqlShellEscapes(client, text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch client {
		case "sqlite3", "duckdb", "litecli":
			fields := strings.Fields(line)
			if len(fields) < 2 {
				break
			}
			rest := strings.TrimSpace(line[len(fields[0]):])
			switch fields[0] {
			case ".shell", ".system":
				out = append(out, unquoteSQLiteArgs(rest))
			case ".output", ".once", ".o":
				out = append(out, pipeTarget(rest)...)
			}
		case "psql", "mysql", "mariadb", "pgcli", "mycli", "usql", "cockroach":
			lits := sqlLiterals(line) // in order, not overlapping
			for i, k := 0, 0; i < len(line); i++ {
				for k < len(lits) && lits[k].End <= i {
					k++
				}
				if k < len(lits) && lits[k].Start <= i {
					if strings.HasPrefix(line[lits[k].Start:], "--") {
						break // a comment to the end of the line (-- \! … is not run)
					}
					i = lits[k].End - 1 // a string or /* */ comment: text
					continue
				}
				if line[i] != '\\' || i+1 >= len(line) {
					continue
				}
				meta := line[i+1:]
				switch {
				case strings.HasPrefix(meta, "!"):
					out = append(out, meta[1:])
					i = len(line)
				case strings.HasPrefix(meta, "o ") || strings.HasPrefix(meta, "out ") || strings.HasPrefix(meta, "g ") || strings.HasPrefix(meta, "w ") || strings.HasPrefix(meta, "gx "):
					_, arg, _ := strings.Cut(meta, " ")
					out = append(out, pipeTarget(arg)...)
				}
			}
			if f := strings.Fields(line); len(f) > 1 && (client == "mysql" || client == "mariadb") && strings.EqualFold(f[0], "system") {
				out = append(out, strings.TrimSpace(line[len(f[0]):]))
			}
		}
	}
	upper := asciiUpper(text) // (same length as text: indexes carry over)
	for i := strings.Index(upper, "PROGRAM"); i >= 0; {
		rest := strings.TrimSpace(text[i+len("PROGRAM"):])
		if q := strings.IndexByte(rest, '\''); q == 0 {
			if end := strings.IndexByte(rest[1:], '\''); end >= 0 {
				out = append(out, strings.ReplaceAll(rest[1:1+end], "''", "'"))
			}
		}
		j := strings.Index(upper[i+1:], "PROGRAM")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return out
}

// asciiUpper upper-cases ASCII letters only, keeping every byte offset.
func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// unquoteSQLiteArgs joins sqlite3 dot-command arguments, quotes removed.
func unquoteSQLiteArgs(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// sqlLiterals finds the string literals ('…' with ” escapes, E'…',
// $tag$…$tag$) and comments (-- to the end of the line, /* … */) of SQL.
func sqlLiterals(sql string) []Span {
	var out []Span
	for i := 0; i < len(sql); {
		switch {
		case sql[i] == '\'':
			j := i + 1
			for j < len(sql) {
				if sql[j] == '\\' && j+1 < len(sql) {
					j += 2
					continue
				}
				if sql[j] == '\'' {
					if j+1 < len(sql) && sql[j+1] == '\'' {
						j += 2
						continue
					}
					break
				}
				j++
			}
			end := min(j+1, len(sql))
			out = append(out, Span{i, end})
			i = end
		case strings.HasPrefix(sql[i:], "--"):
			j := strings.IndexByte(sql[i:], '\n')
			end := len(sql)
			if j >= 0 {
				end = i + j
			}
			out = append(out, Span{i, end})
			i = end
		case strings.HasPrefix(sql[i:], "/*"):
			j := strings.Index(sql[i+2:], "*/")
			end := len(sql)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			out = append(out, Span{i, end})
			i = end
		case sql[i] == '$':
			j := i + 1
			for j < len(sql) && (sql[j] == '_' || sql[j] >= 'a' && sql[j] <= 'z' || sql[j] >= 'A' && sql[j] <= 'Z' || sql[j] >= '0' && sql[j] <= '9') {
				j++
			}
			if j < len(sql) && sql[j] == '$' {
				tag := sql[i : j+1]
				k := strings.Index(sql[j+1:], tag)
				end := len(sql)
				if k >= 0 {
					end = j + 1 + k + len(tag)
				}
				out = append(out, Span{i, end})
				i = end
				continue
			}
			i++
		default:
			i++
		}
	}
	return out
}

// evalCode returns the JavaScript a MongoDB shell evaluates (--eval), as
// Code whose Literals are its string literals, or nil.
func evalCode(argv []string) *Code {
	name := path.Base(argv[0])
	if name != "mongosh" && name != "mongo" {
		return nil
	}
	for i := 1; i+1 < len(argv); i++ {
		if argv[i] == "--eval" {
			c, ok := InterpreterCode([]string{"node", "-e", argv[i+1]}, "")
			if !ok {
				return nil
			}
			c.Interpreter = name
			return &c
		}
	}
	return nil
}
