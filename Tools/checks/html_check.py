#!/usr/bin/env python3
"""Checks an rxtrace HTML report as a real browser rendered it.

  html_check.py REPORT.json DOM.html

DOM.html is Chromium's `--headless --dump-dom` of the HTML report rendered from REPORT.json.
Asserts: the page's script ran (data-ready), an interrupted run is headed by a banner naming
the scenarios that did not finish, scenarios that crashed or hung unexpectedly come before the
findings with the line each thread waited or crashed at (and the source there), findings come
first in review order (failing, expected, accepted) with only the first failing one open, each
with its highlighted source line and per-pass chart, clean scenarios are folded, the summary table has one row per scenario with
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
        self.sections = []  # the id of the innermost enclosing <section> of each element
        self.summary_rows = []  # cells of each tbody row of table#summary
        self._row = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs, [t for t, _ in self.stack]))
        self.sections.append(next((a.get("id") for t, a in reversed(self.stack) if t == "section" and a.get("id")), None))
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
    backtraces = [1 for (t, a, anc), section in zip(dom.elements, dom.sections)
                  if t == "ol" and a.get("class") == "backtrace" and section == "findings"]
    if len(backtraces) != sum(1 for f in findings if f["backtrace"]):
        fail("not every finding with a backtrace shows it")
    # An interrupted run says so in the header, naming what did not finish.
    interruption = report.get("interruption")
    banners = [anc for t, a, anc in dom.elements if t == "p" and a.get("id") == "interruption"]
    if interruption:
        if len(banners) != 1 or "header" not in banners[0]:
            fail("the interrupted run has no banner in the header")
        banner = dom_text[dom_text.index('id="interruption"'):]
        banner = banner[:banner.index("</p>")]
        missing = [n for n in interruption["unfinishedScenarios"] if n not in banner]
        if interruption["signal"] not in banner or missing:
            fail(f"the interruption banner does not name the signal and every unfinished scenario ({missing})")
    elif banners:
        fail("an interruption banner on a run that was not interrupted")
    # Scenarios that crashed or hung unexpectedly come before the findings, with the line each
    # thread in user code stopped at and the source there.
    def abnormal(s):
        state = s["status"]["state"]
        return state == "failed" or (state in ("crashed", "timedOut") and s["expectedVerdict"] != state)
    stopped = [s for s in scenarios if abnormal(s)]
    stopped_articles = [a.get("data-scenario") for (t, a, _), section in zip(dom.elements, dom.sections)
                        if t == "article" and a.get("class") == "stopped" and section == "stopped"]
    if stopped_articles != [s["name"] for s in stopped]:
        fail(f"stopped scenarios shown {stopped_articles}, expected {[s['name'] for s in stopped]}")
    if stopped:
        order = [a.get("id") for t, a, _ in dom.elements if t == "section" and a.get("id") in ("stopped", "findings")]
        if order != ["stopped", "findings"]:
            fail(f"the stopped scenarios do not come before the findings ({order})")
    user_threads = [th for s in stopped for th in s.get("threadStacks", []) if any(f["origin"] == "user" for f in th["frames"])]
    places = [1 for (t, a, _), section in zip(dom.elements, dom.sections) if t == "p" and a.get("class") == "site stopped-at" and section == "stopped"]
    if len(places) != len(user_threads):
        fail(f"{len(places)} stopped-at lines for {len(user_threads)} threads in user code")
    stop_snippets = [1 for (t, a, anc), section in zip(dom.elements, dom.sections)
                     if t == "span" and a.get("class") == "line hl" and "pre" in anc and section == "stopped"]
    if len(stop_snippets) != sum(1 for th in user_threads if th.get("snippet")):
        fail("not every stopped thread with a snippet shows its source")
    # Each stopped scenario's own section has the stacks of its threads in user code.
    stacks = [1 for (t, a, anc), section in zip(dom.elements, dom.sections)
              if t == "ol" and a.get("class") == "backtrace" and section == "details" and "section" in anc]
    all_user_threads = [th for s in scenarios for th in s.get("threadStacks", []) if any(f["origin"] == "user" for f in th["frames"])]
    if len(stacks) != len(all_user_threads):
        fail(f"{len(stacks)} thread stacks in the scenarios' sections for {len(all_user_threads)} threads in user code")
    # Findings first: the findings section precedes the scenarios table; failing findings
    # come before expected ones before accepted ones; the first failing one is open.
    order = [t for t, a, _ in dom.elements if (t == "section" and a.get("id") == "findings") or (t == "table" and a.get("id") == "summary")]
    if order[:2] != ["section", "table"]:
        fail(f"the findings section does not come before the scenarios table ({order})")
    standings = [a.get("data-standing") for a in details]
    rank = {"failing": 0, "expected": 1, "accepted": 2}
    if [rank[s] for s in standings] != sorted(rank[s] for s in standings):
        fail(f"findings are not in review order: {standings}")
    if "failing" in standings:
        first = details[standings.index("failing")]
        if "open" not in first or any("open" in a for a in details[standings.index("failing") + 1:]):
            fail("the first failing finding is not the only one open")
    # The source around each call site, the call site's own line highlighted.
    with_snippet = sum(1 for f in findings if f.get("snippet"))
    highlighted = [1 for (t, a, anc), section in zip(dom.elements, dom.sections)
                   if t == "span" and a.get("class") == "line hl" and "pre" in anc and section == "findings"]
    if with_snippet == 0 or len(highlighted) != with_snippet:
        fail(f"{len(highlighted)} highlighted call-site lines for {with_snippet} findings with a snippet")
    charts = [1 for t, a, anc in dom.elements if t == "polyline" and "svg" in anc]
    if len(charts) != sum(1 for f in findings if f.get("countPerPass")):
        fail("not every finding with counts per pass has its chart")
    folded = [a for t, a, _ in dom.elements if t == "details" and a.get("class") == "scenario clean"]
    if not folded or any("open" in a for a in folded):
        fail("clean scenarios are not folded away")
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
    print(f"html-check: OK: {'interruption banner, ' if interruption else ''}{len(stopped)} stopped scenarios first ({len(places)} threads' lines), {len(details)} findings first ({', '.join(standings)}), the first failing open, {len(highlighted)} source snippets, {len(charts)} charts; {len(dom.summary_rows)} summary rows, {len(folded)} clean scenarios folded, script ran, no injected markup")


if __name__ == "__main__":
    main()
