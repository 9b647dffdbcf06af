// Package mcpserver is `hookifyc mcp`: an MCP server (the official
// github.com/modelcontextprotocol/go-sdk) through which a model asks the
// rules before it acts (hookify_evaluate_shell, _file_edit, _prompt,
// _stop, hookify_explain) and manages them when its user asks
// (hookify_list_rules, hookify_create_rule, hookify_set_rule_enabled,
// hookify_delete_rule, hookify_emit_execpolicy), plus hookify_health and
// hookify_get_config.
//
// Evaluation is `hookifyc check`'s: the layered discovery of
// compiler/sources from the server's project directory, a synthetic event
// (engine.SyntheticEvent) and compiler/engine; the answer is check --json's
// decision JSON. Rules are re-read when a rule file or directory changes
// (see [Server.snapshot]); evaluations and edits may run concurrently.
//
// Every argument comes from the model, which the rules constrain: rule
// names become file names only through [FileStem] (never a separator, a
// dot file, a control character or a Windows device name), files are
// written only in the layers the server was allowed to write (the project
// layer by default, the user layer when asked, the managed layer never),
// and a rule file is changed only where it lives in such a layer as a
// regular file with one link. The server reads no environment: the command
// passes everything in [Options].
package mcpserver
