#!/usr/bin/env python3
"""Checks an rxtrace HTML report as a real browser rendered it.

  html_check.py REPORT.json DOM.html

DOM.html is Chromium's `--headless --dump-dom` of the HTML report rendered from REPORT.json.
Asserts: the page's script ran (data-ready), the summary table has one row per scenario with
the scenario's verdict, each finding is a <details> element with its backtrace, and the
hostile strings of the sample stayed text (no element was injected).
"""
import json
import sys
from html.parser import HTMLParser


class DOM(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []
        self.elements = []  # (tag, attrs, ancestors)
        self.summary_rows = []  # cells of each tbody row of table#summary
        self._row = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs, [t for t, _ in self.stack]))
        in_summary = any(t == "table" and a.get("id") == "summary" for t, a in self.stack)
        if in_summary and tag == "tr" and any(t == "tbody" for t, _ in self.stack):
            self._row = []
        if self._row is not None and tag == "td":
            self._cell = ""
        if tag not in ("meta", "br", "img", "input", "link", "hr"):
            self.stack.append((tag, attrs))

    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break
        if tag == "td" and self._row is not None:
            self._row.append(self._cell)
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.summary_rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data


def fail(message):
    print(f"html-check: FAIL: {message}")
    sys.exit(1)


def main():
    report = json.load(open(sys.argv[1], encoding="utf-8"))
    dom_text = open(sys.argv[2], encoding="utf-8").read()
    dom = DOM()
    dom.feed(dom_text)

    html = [a for t, a, _ in dom.elements if t == "html"]
    if not html or html[0].get("data-ready") != "1":
        fail("the page's script did not run (no data-ready on <html>)")
    scenarios = report["scenarios"]
    if len(dom.summary_rows) != len(scenarios):
        fail(f"summary table has {len(dom.summary_rows)} rows, report has {len(scenarios)} scenarios")
    for row, scenario in zip(dom.summary_rows, scenarios):
        if row[0] != scenario["name"]:
            fail(f"summary row names {row[0]!r}, expected {scenario['name']!r}")
        if len(row) != 6:
            fail(f"summary row for {scenario['name']!r} has {len(row)} cells")
    findings = [f for s in scenarios for f in s["findings"]]
    details = [a for t, a, _ in dom.elements if t == "details" and "finding" in a.get("class", "").split()]
    if len(details) != len(findings):
        fail(f"{len(details)} finding <details>, report has {len(findings)} findings")
    signatures = sorted(a.get("data-signature") for a in details)
    if signatures != sorted(f["signature"] for f in findings):
        fail("finding <details> signatures differ from the report's")
    backtraces = [1 for t, a, anc in dom.elements if t == "ol" and a.get("class") == "backtrace"]
    if len(backtraces) != sum(1 for f in findings if f["backtrace"]):
        fail("not every finding with a backtrace shows it")
    if any(t == "img" or "onerror" in a for t, a, _ in dom.elements):
        fail("report text was injected as markup")
    hostile = [f for f in findings if (f.get("retentionReason") or "").startswith("</details>")]
    if hostile and "&lt;/details&gt;&lt;b&gt;not bold&lt;/b&gt;" not in dom_text:
        fail("the sample's markup-like retention reason is not shown as text")
    scripts = [1 for t, _, _ in dom.elements if t == "script"]
    if len(scripts) != 1:
        fail(f"{len(scripts)} <script> elements, expected only the report's own")
    csp = [a.get("content") for t, a, _ in dom.elements if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    if csp != ["default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"]:
        fail(f"the Content-Security-Policy the browser read is {csp!r}")
    toggle = [a for t, a, _ in dom.elements if t == "button" and a.get("id") == "toggle-all"]
    if not toggle or "hidden" in toggle[0]:
        fail("the expand-all button was not enabled by the script")
    print(f"html-check: OK: {len(dom.summary_rows)} summary rows, {len(details)} findings as <details>, script ran, no injected markup")


if __name__ == "__main__":
    main()
