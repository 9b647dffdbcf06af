package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// WriteText writes one line per diagnostic (path:line:col: severity:
// message [code]), its fix indented below, and a summary line.
func WriteText(w io.Writer, r *Result) error {
	var b strings.Builder
	for _, d := range r.Diagnostics {
		b.WriteString(d.String())
		b.WriteByte('\n')
		if d.Fix != "" {
			b.WriteString("\tfix: " + textsafe.EscapeLine(d.Fix) + "\n")
		}
	}
	errs, warns := r.Counts()
	fmt.Fprintf(&b, "%d file(s): %d error(s), %d warning(s), %d note(s)\n", r.Files, errs, warns, len(r.Diagnostics)-errs-warns)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the result as one JSON document.
func WriteJSON(w io.Writer, r *Result) error {
	errs, warns := r.Counts()
	doc := struct {
		*Result
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
	}{r, errs, warns}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/) as far as
// lint fills it.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	HelpURI              string       `json:"helpUri"`
	Help                 sarifMessage `json:"help"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion  `json:"deletedRegion"`
	InsertedContent sarifMessage `json:"insertedContent"`
}

// DocsURI is where the codes are documented.
const DocsURI = "https://github.com/hookifyc/hookifyc/blob/main/docs/lint.md"

// WriteSARIF writes the result as a SARIF 2.1.0 log; version is the tool's
// version. Paths become relative URIs (slash-separated) when they are
// relative, file:// URIs otherwise.
func WriteSARIF(w io.Writer, r *Result, version string) error {
	index := map[string]int{}
	driver := sarifDriver{Name: "hookifyc lint", Version: version, InformationURI: DocsURI}
	for i, c := range Codes {
		index[c.ID] = i
		sr := sarifRule{ID: c.ID, ShortDescription: sarifMessage{c.Summary}, FullDescription: sarifMessage{c.Summary},
			HelpURI: DocsURI + "#" + c.ID, Help: sarifMessage{c.Summary + " (" + DocsURI + "#" + c.ID + ")"}}
		sr.DefaultConfiguration.Level = string(c.Severity)
		driver.Rules = append(driver.Rules, sr)
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}}
	for _, d := range r.Diagnostics {
		uri := fileURI(d.Path)
		msg := d.Message
		if !strings.HasSuffix(msg, ".") {
			msg += "."
		}
		if d.Fix != "" {
			msg += " Fix: " + d.Fix
			if !strings.HasSuffix(msg, ".") {
				msg += "."
			}
		}
		res := sarifResult{RuleID: d.Code, RuleIndex: index[d.Code], Level: string(d.Severity), Message: sarifMessage{msg},
			Locations: []sarifLocation{{sarifPhysical{sarifArtifact{uri}, sarifRegion{StartLine: d.Line, StartColumn: d.Col}}}}}
		if e := d.Edit; e != nil {
			fix := d.Fix
			if fix == "" {
				fix = "apply the suggested edit"
			}
			res.Fixes = []sarifFix{{Description: sarifMessage{fix}, ArtifactChanges: []sarifArtifactChange{{
				ArtifactLocation: sarifArtifact{uri},
				Replacements: []sarifReplacement{{
					DeletedRegion:   sarifRegion{StartLine: e.Line, StartColumn: e.Col, EndLine: e.EndLine, EndColumn: e.EndCol},
					InsertedContent: sarifMessage{e.New},
				}},
			}}}}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// fileURI is a path as a SARIF artifact URI (RFC 3986): a file: URI for
// an absolute path, else a relative reference, every character a path
// may not hold raw percent-encoded (controls, spaces, '%', '#', '?',
// brackets, non-ASCII as UTF-8 bytes), and "./" before a first segment
// with a colon, which would otherwise read as a scheme ("javascript:x.md").
func fileURI(p string) string {
	s := filepath.ToSlash(p)
	if filepath.IsAbs(p) {
		if !strings.HasPrefix(s, "/") {
			s = "/" + s
		}
		return (&url.URL{Scheme: "file", Path: s}).String()
	}
	return (&url.URL{Path: s}).String()
}
