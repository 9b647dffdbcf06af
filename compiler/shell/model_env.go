package shell

import (
	"maps"
	"slices"
)

// varEnv is what the model knows of the shell's variables at one point of
// the line: for each variable assigned literally, the values it may hold
// (several after assignments in branches). A variable that is not in vals
// is unknown: set outside the line, or assigned in a way the model does
// not follow.
type varEnv struct {
	vals     map[string][]string
	exported map[string]bool
	// partial marks variables that may also hold a value the model does
	// not know (assigned in one branch only): their known values are
	// still expanded, and the command is also reported as dynamic.
	partial map[string]bool
}

func newVarEnv() *varEnv {
	return &varEnv{vals: map[string][]string{}, exported: map[string]bool{}, partial: map[string]bool{}}
}

func (e *varEnv) clone() *varEnv {
	return &varEnv{vals: maps.Clone(e.vals), exported: maps.Clone(e.exported), partial: maps.Clone(e.partial)}
}

// anyPartial reports whether one of names may hold an unknown value.
func (e *varEnv) anyPartial(names []string) bool {
	for _, n := range names {
		if e.partial[n] {
			return true
		}
	}
	return false
}

// child is the environment a new shell (bash -c) starts with: the
// exported variables.
func (e *varEnv) child() *varEnv {
	c := newVarEnv()
	for name := range e.exported {
		if v, ok := e.vals[name]; ok {
			c.vals[name] = v
			c.exported[name] = true
		}
	}
	return c
}

func (e *varEnv) set(name string, vals ...string) {
	vals = dedupe(vals)
	delete(e.partial, name)
	if len(vals) == 0 || len(vals) > maxValues {
		delete(e.vals, name)
		return
	}
	e.vals[name] = vals
}

// setAppend is NAME=value, or NAME+=value when add.
func (e *varEnv) setAppend(name string, add bool, vals ...string) {
	if !add {
		e.set(name, vals...)
		return
	}
	old, ok := e.vals[name]
	if !ok {
		return // unknown stays unknown
	}
	var out []string
	for _, o := range old {
		for _, v := range vals {
			out = append(out, o+v)
		}
	}
	e.set(name, out...)
}

func (e *varEnv) forget(name string) { delete(e.vals, name); delete(e.partial, name) }

func (e *varEnv) forgetAll() { clear(e.vals); clear(e.partial) }

func (e *varEnv) export(name string) { e.exported[name] = true }

// merge makes e the state after either e or o: a variable is known when
// both know it, with the values of both.
func (e *varEnv) merge(o *varEnv) {
	partial := maps.Clone(e.partial)
	for name := range o.partial {
		partial[name] = true
	}
	for name, vals := range e.vals {
		ov, ok := o.vals[name]
		if !ok {
			partial[name] = true // known on one side only
			continue
		}
		e.set(name, append(slices.Clone(vals), ov...)...)
	}
	for name, ov := range o.vals {
		if _, ok := e.vals[name]; !ok {
			e.set(name, ov...)
			partial[name] = true
		}
	}
	for name := range partial {
		if _, ok := e.vals[name]; ok {
			e.partial[name] = true
		}
	}
	for name := range o.exported {
		e.exported[name] = true
	}
}

// each calls fn with an environment for every combination of the values
// of the known variables among names (unknown ones are left unset, so an
// expansion that uses them fails under NoUnset). It stops when fn returns
// false, and returns false then or when there are more than
// maxAlternatives combinations.
func (e *varEnv) each(names []string, fn func(vars map[string]string) bool) bool {
	env := map[string]string{}
	var multi []string
	total := 1
	for _, n := range names {
		vals, ok := e.vals[n]
		if !ok {
			continue
		}
		if len(vals) == 1 {
			env[n] = vals[0]
			continue
		}
		multi = append(multi, n)
		total *= len(vals)
		if total > maxAlternatives {
			return false
		}
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(multi) {
			return fn(env)
		}
		for _, v := range e.vals[multi[i]] {
			env[multi[i]] = v
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	return rec(0)
}
