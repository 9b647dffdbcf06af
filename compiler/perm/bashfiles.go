package perm

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// bashFileOperands returns the literal paths a Bash command reads (write
// false: cat, head, tail and sed operands and < redirections) or writes
// (write true: sed -i operands and output redirections), looking through
// wrappers. Commands that do not parse give none.
func bashFileOperands(command string, write bool) []string {
	cmds, err := shell.Parse(command)
	if err != nil {
		return nil
	}
	var out []string
	for _, c := range cmds {
		for _, r := range c.Redirs {
			if !r.Target.Literal || r.Heredoc != nil {
				continue
			}
			switch r.Op {
			case ">", ">>", ">|", "&>", "&>>", "<>":
				if write {
					out = append(out, r.Target.Value)
				}
			case "<":
				if !write {
					out = append(out, r.Target.Value)
				}
			}
		}
		for _, in := range shell.UnwrapCommand(c) {
			out = append(out, fileOperands(in.Words, write)...)
		}
	}
	return out
}

// fileOperands returns the file operands of one cat, head, tail or sed
// command.
func fileOperands(words []shell.Word, write bool) []string {
	if len(words) == 0 || !words[0].Literal {
		return nil
	}
	name := words[0].Value
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	var withArg string
	switch name {
	case "cat":
	case "head", "tail":
		withArg = "ncs"
	case "sed":
		withArg = "efl"
	default:
		return nil
	}
	var operands []string
	inPlace, scriptGiven, endOpts := false, false, false
	for i := 1; i < len(words); i++ {
		w := words[i]
		a := w.String()
		if !endOpts && a == "--" {
			endOpts = true
			continue
		}
		if !endOpts && len(a) > 1 && a[0] == '-' {
			if name == "sed" {
				if a == "--in-place" || strings.HasPrefix(a, "--in-place=") || (a[1] != '-' && strings.IndexByte(a, 'i') > 0 && strings.IndexAny(a[1:], "ef") < 0) {
					inPlace = true
				}
				if strings.HasPrefix(a, "--expression") || strings.HasPrefix(a, "--file") || a == "-e" || a == "-f" {
					scriptGiven = true
				}
			}
			if len(a) == 2 && strings.IndexByte(withArg, a[1]) >= 0 {
				i++ // -n 5, -e SCRIPT
			} else if a == "--expression" || a == "--file" || a == "--lines" || a == "--bytes" {
				i++
			}
			continue
		}
		if w.Literal && a != "-" {
			operands = append(operands, a)
		}
	}
	if name == "sed" {
		if !scriptGiven && len(operands) > 0 {
			operands = operands[1:] // the first operand is the script
		}
		if write && !inPlace {
			return nil
		}
		return operands
	}
	if write {
		return nil
	}
	return operands
}
