#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Copyright (c) the hookifyc authors.
//
// cc-safety-net-check.mjs asks the peer tool cc-safety-net (npm package
// "cc-safety-net", tested with 2.4.5) for its verdict on shell commands, so
// that hookifyc can be compared with it on the same labelled command sets.
//
// This file only calls the package's public library API
// (`checkCommand` exported from "cc-safety-net/api", i.e. dist/api.js); it
// contains no code from the package. All commands are checked in this one
// process; nothing is executed.
//
// Input (stdin), one case per line:
//   CATEGORY<TAB>COMMAND     (the commandsets TSV format), or
//   COMMAND                  (plain lines, e.g. corpus/commands/*.txt)
// Empty lines are skipped.
//
// Output (stdout), one JSON object per input case, in input order:
//   {"command": ..., "category": ...|null, "decision": "block"|"warn"|"allow", "reason": ...|null}
// cc-safety-net has no warning tier: its API answers allow or deny, so
// "warn" never appears. A deny is reported as "block" (with its ruleId
// appended to the reason when there is one). If checkCommand throws, the
// package's documented advice is "do not run the command", so that is also
// reported as "block", with "error": true.
// A summary goes to stderr.
//
// Environment:
//   CC_SAFETY_NET_DIR  npm prefix where cc-safety-net is installed, or the
//                      package directory itself.
//                      Default: $HOME/.cache/hookifyc/cc-safety-net-2.4.5
//                      Install: npm install --no-audit --no-fund \
//                        --prefix "$CC_SAFETY_NET_DIR" cc-safety-net@2.4.5
//   CC_SAFETY_NET_CWD  absolute directory passed to checkCommand as the
//                      working directory (its verdict depends on it, e.g. rm
//                      inside the project or a temp dir is allowed).
//                      Default: the current directory of this process.
//   CC_SAFETY_NET_LEVEL and the other CC_SAFETY_NET_* variables are read by
//   cc-safety-net itself (default level: standard). cc-safety-net also reads
//   user configuration from $CC_SAFETY_NET_HOME (default ~/.cc-safety-net);
//   point CC_SAFETY_NET_HOME at an empty directory for a reproducible run.
//
// Usage:
//   node scripts/cc-safety-net-check.mjs < internal/benchtables/testdata/commandsets/dev-destructive.tsv

import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function packageDir() {
  const base = process.env.CC_SAFETY_NET_DIR || join(homedir(), '.cache', 'hookifyc', 'cc-safety-net-2.4.5');
  for (const dir of [base, join(base, 'node_modules', 'cc-safety-net')]) {
    const pj = join(dir, 'package.json');
    if (!existsSync(pj)) continue;
    try {
      if (JSON.parse(readFileSync(pj, 'utf8')).name === 'cc-safety-net') return dir;
    } catch {
      // not the package; keep looking
    }
  }
  throw new Error(
    `cc-safety-net not found under ${base} (set CC_SAFETY_NET_DIR, or run: ` +
      `npm install --no-audit --no-fund --prefix "${base}" cc-safety-net@2.4.5)`,
  );
}

function parseLine(line) {
  const tab = line.indexOf('\t');
  if (tab < 0) return { category: null, command: line };
  return { category: line.slice(0, tab), command: line.slice(tab + 1) };
}

async function main() {
  const dir = packageDir();
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const { checkCommand } = await import(pathToFileURL(join(dir, 'dist', 'api.js')).href);
  if (typeof checkCommand !== 'function') throw new Error(`${dir}/dist/api.js has no checkCommand export`);

  const cwd = resolve(process.env.CC_SAFETY_NET_CWD || process.cwd());
  if (!isAbsolute(cwd) || !existsSync(cwd)) throw new Error(`CC_SAFETY_NET_CWD is not an existing directory: ${cwd}`);

  const input = readFileSync(0, 'utf8');
  const counts = { block: 0, warn: 0, allow: 0, error: 0 };
  const out = [];
  for (const raw of input.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    const { category, command } = parseLine(line);
    const rec = { command, category, decision: 'allow', reason: null };
    try {
      const res = checkCommand({ command, cwd });
      if (res.kind === 'allow') {
        rec.decision = 'allow';
      } else {
        rec.decision = 'block';
        rec.reason = res.ruleId ? `${res.reason} [${res.ruleId}]` : res.reason;
      }
    } catch (err) {
      rec.decision = 'block';
      rec.reason = `checkCommand threw: ${err && err.message ? err.message : String(err)}`;
      rec.error = true;
      counts.error++;
    }
    counts[rec.decision]++;
    out.push(JSON.stringify(rec));
  }
  process.stdout.write(out.length ? `${out.join('\n')}\n` : '');
  process.stderr.write(
    `cc-safety-net ${pkg.version} (cwd ${cwd}, level ${process.env.CC_SAFETY_NET_LEVEL || 'default'}): ` +
      `${out.length} commands, block ${counts.block}, warn ${counts.warn}, allow ${counts.allow}` +
      (counts.error ? `, errors ${counts.error}` : '') +
      '\n',
  );
}

main().catch((err) => {
  process.stderr.write(`cc-safety-net-check: ${err && err.message ? err.message : err}\n`);
  process.exit(2);
});
