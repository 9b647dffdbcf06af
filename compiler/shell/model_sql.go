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
				text, matched = argv[i+1], true
				i++
			case strings.HasPrefix(o, "--") && strings.HasPrefix(a, o+"="):
				text, matched = a[len(o)+1:], true
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
	if text == "" {
		return nil
	}
	return &Code{Lang: "sql", Interpreter: name, Text: text, Literals: sqlLiterals(text)}
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
