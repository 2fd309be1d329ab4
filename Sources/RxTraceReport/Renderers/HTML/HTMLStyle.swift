/// The page's style sheet and script: markup written here, inserted unescaped (the only
/// unescaped text of the page; see `HTMLNode.trusted`).
enum HTMLStyle {
    static let css = HTMLNode.trusted(
        """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
        header,main{max-width:1100px;margin:0 auto;padding:12px 20px}
        header{border-bottom:1px solid #d8dde3}
        h1{font-size:22px;margin:8px 0}h2{font-size:18px;margin:20px 0 8px}h3{font-size:16px;margin:0 0 4px}
        .meta{color:#5b6570;margin:4px 0}
        .gate{font-weight:600;padding:6px 10px;border-radius:6px;display:inline-block}
        .gate.pass{background:#e3f6e8;color:#17632f}.gate.fail{background:#fde8e8;color:#9b1c1c}
        table{border-collapse:collapse;width:100%;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.06)}
        th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e6e9ed}th{background:#eef1f4}
        td.num{text-align:right;font-variant-numeric:tabular-nums}
        tr.fail td.result{color:#9b1c1c;font-weight:600}tr.pass td.result{color:#17632f}
        td.mismatch{color:#9b1c1c;font-weight:600}
        article.scenario{background:#fff;margin:12px 0;padding:12px 16px;border-radius:8px;border-left:4px solid #2e9e55;box-shadow:0 1px 2px rgba(0,0,0,.06)}
        article.scenario.fail{border-left-color:#d13838}
        .facts{margin:6px 0;padding-left:18px}.reason{color:#9b1c1c}
        details.finding{border:1px solid #e1e5ea;border-radius:6px;margin:8px 0;padding:4px 10px}
        details.finding>summary{cursor:pointer;font-weight:600}
        details.finding.suppressed>summary{color:#6b7580;font-weight:400}
        dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}dt{color:#5b6570}dd{margin:0}
        .badge{font-size:11px;padding:1px 6px;border-radius:9px;vertical-align:middle;font-weight:600}
        .badge.new{background:#fff3c4;color:#7a5b00}.badge.known,.badge.suppressed{background:#e9ecef;color:#4b5560}
        .badge.pass{background:#e3f6e8;color:#17632f}.badge.fail{background:#fde8e8;color:#9b1c1c}
        ol.backtrace{font-size:13px;margin:6px 0;padding-left:26px}
        ol.backtrace li.frame.user code{font-weight:600}
        .loc{color:#5b6570;margin-left:6px}
        li.folded>details>summary{color:#6b7580;cursor:pointer;list-style:none}
        pre{background:#1d232a;color:#e6e9ed;padding:10px;border-radius:6px;overflow:auto;max-height:400px}
        code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
        button{font-size:12px;margin-left:8px}
        section.hops{margin:8px 0;overflow-x:auto}section.hops h4{margin:6px 0;font-size:14px}.hop-line{margin:6px 0}
        .lane.even{fill:#f3f6f9}.lane.odd{fill:#fff}.lane-name{font-size:12px;fill:#5b6570}
        .stage{fill:#2b6cb0}.stage.anomaly{fill:#d13838}.stage-name{font-size:11px;fill:#1d232a}
        .flow{stroke:#8a96a3;stroke-width:1.5}.flow.hop{stroke:#c05621;stroke-width:2.5}
        .head{fill:#8a96a3;stroke:none}.head.hop{fill:#c05621}
        details.finding.failing{border-left:4px solid #d13838}
        details.finding.expected{border-left:4px solid #d69e2e}
        details.finding.accepted,details.finding.heldByTest{border-left:4px solid #a0aab4}
        .badge.failing{background:#fde8e8;color:#9b1c1c}.badge.expected{background:#fdf0d5;color:#8a5a00}
        .badge.accepted{background:#e9ecef;color:#4b5560}
        .badge.heldByTest{background:#e9ecef;color:#4b5560}
        .scenario-name{color:#5b6570;font-weight:400}
        p.site{margin:6px 0}p.fix{margin:6px 0;color:#17632f}
        pre.snippet{background:#f3f5f7;color:#1d232a;padding:6px 0;font-size:12.5px;line-height:1.5}
        pre.snippet .line{display:block;padding:0 10px}
        pre.snippet .line.hl{background:#fff3c4;font-weight:600}
        pre.snippet .no{display:inline-block;width:3.5em;color:#8a949e;user-select:none}
        section.patch p{margin:6px 0}section.patch.verified b{color:#17632f}section.patch.not-verified b{color:#8a5a00}
        pre.diff{background:#f3f5f7;color:#1d232a;padding:6px 10px;font-size:12.5px;line-height:1.5;overflow-x:auto}
        pre.diff .add{background:#e6f6ea}pre.diff .del{background:#fde8e8}pre.diff .hunk,pre.diff .file{color:#5b6570}
        figure.pass-chart{margin:6px 0;display:flex;align-items:center;gap:10px}
        figure.pass-chart figcaption{color:#5b6570;font-size:12px}
        .pass-chart .axis{stroke:#c9d0d7}.pass-chart .series{fill:none;stroke:#d13838;stroke-width:2}
        .pass-chart .dot{fill:#d13838}.pass-chart text{font-size:10px;fill:#5b6570}
        details.scenario.clean{background:#fff;margin:6px 0;padding:6px 16px;border-radius:8px;border-left:4px solid #2e9e55}
        details.scenario.clean>summary{cursor:pointer;color:#5b6570}
        figure.refgraph{margin:8px 0;overflow-x:auto}figure.refgraph figcaption{color:#5b6570;font-size:12.5px}
        .refgraph rect.object{fill:#fff;stroke:#8895a3;rx:4}.refgraph text{font:12px ui-monospace,Menlo,monospace;fill:#1d232a}
        .refgraph .edge{stroke:#5b6570;fill:none;stroke-width:1.4}.refgraph .edge.break{stroke:#d13838;stroke-width:2.2}
        .refgraph text.via{fill:#5b6570}.refgraph text.via.break{fill:#9b1c1c;font-weight:600}
        p.banner.interrupted{background:#fdf0d5;color:#7a4a00;border-left:4px solid #d69e2e;padding:8px 12px;border-radius:6px;font-weight:600}
        .test-issues{margin:6px 0;padding-left:18px}.known-issue{color:#8a5a00}
        pre.issue-message{margin:2px 0 6px;white-space:pre-wrap;font-size:12px}
        section#failed-tests article.stopped,section#stopped article.stopped{background:#fff;margin:8px 0;padding:10px 16px;border-radius:8px;border-left:4px solid #d13838;box-shadow:0 1px 2px rgba(0,0,0,.06)}
        section.stacks{margin:8px 0}section.stacks h4{margin:6px 0;font-size:14px}
        """
    )

    // Optional: the report is complete without script. It only adds an expand/collapse-all
    // button and marks the document ready (the browser check looks for that mark).
    static let script = HTMLNode.trusted(
        """
        (function(){var b=document.getElementById('toggle-all');var open=false;
        b.hidden=false;b.addEventListener('click',function(){open=!open;
        document.querySelectorAll('details.finding').forEach(function(d){d.open=open;});
        b.textContent=open?'Collapse all':'Expand all';});
        document.documentElement.setAttribute('data-ready','1');})();
        """
    )
}
