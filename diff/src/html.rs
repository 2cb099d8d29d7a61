//! The HTML report, `DIR/index.html`: one self-contained file (inline SVG boards, inline
//! script, nothing fetched), the findings first, each with its smallest example drawn with the
//! move, the replay command and the rows kept; the readings inferred; filters by variant, kind
//! and clause.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::report::{Group, Head, NO_VALIDITY, Row, Table};

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A `<select>` of the values of one field, for the filters.
fn filter(name: &str, values: &BTreeSet<&str>) -> String {
    let mut html =
        format!("<label>{name} <select data-filter=\"{name}\"><option value=\"\">all</option>");
    for v in values {
        html += &format!("<option>{}</option>", escape(v));
    }
    html + "</select></label>\n"
}

/// The readings the run inferred or was given, from the report's JSON (`matching`).
fn readings(head: &Head) -> String {
    let Some(matching) = head.json.get("matching").and_then(Value::as_array) else {
        return String::new();
    };
    if matching.is_empty() {
        return String::new();
    }
    let mut html = String::from(
        "<h2>Readings</h2>\n<table><tr><th>open point</th><th>compared under</th><th>verdict</th></tr>\n",
    );
    for m in matching {
        let text = |k: &str| escape(m.get(k).and_then(Value::as_str).unwrap_or_default());
        html += &format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n",
            text("point"),
            text("chosen"),
            text("verdict")
        );
    }
    html + "</table>\n"
}

/// One finding's section: its key, count, the example drawn, the replay command, the rows.
fn finding(group: &Group, rows: &[Row]) -> String {
    let key = &group.key;
    let (class, problem) = match &key.problem {
        Some(problem) => ("finding validity", format!(": {}", escape(problem))),
        None => ("finding", String::new()),
    };
    let mut html = format!(
        "<section class=\"{class}\" id=\"F{n}\" data-variant=\"{v}\" data-kind=\"{k}\" data-clause=\"{c}\">\n\
         <h3>F{n}: {v} {k}, {c}{problem} <small>({r}; {count} rows met)</small></h3>\n",
        n = group.number,
        v = escape(&key.variant),
        k = escape(&key.kind),
        c = escape(&key.clause),
        r = escape(&key.readings),
        count = group.count,
    );
    html += &format!(
        "<p>Replay: <code class=\"replay\">{}</code></p>\n",
        escape(&group.replay)
    );
    if let Some(example) = rows.iter().find(|r| r.number == group.example) {
        html += "<div class=\"example\">";
        if let Some(svg) = &example.svg {
            html += &format!("<div class=\"board\">{svg}</div>");
        }
        html += &format!(
            "<dl><dt>example</dt><dd>#{} ({} pieces)</dd><dt>position</dt><dd><code>{}</code></dd>\
             <dt>move</dt><dd>{}</dd><dt>first says</dt><dd>{}</dd><dt>second says</dt><dd>{}</dd>\
             <dt>rules</dt><dd>{}</dd><dt>why</dt><dd>{}</dd></dl></div>\n",
            example.number,
            example.pieces,
            escape(&example.position),
            escape(&example.mv),
            escape(&example.a_says),
            escape(&example.b_says),
            escape(&example.rules),
            escape(&example.why),
        );
    }
    html += "<details><summary>rows kept</summary><table><tr><th>#</th><th>position</th><th>move</th><th>first says</th><th>second says</th><th>rules</th></tr>\n";
    for r in rows.iter().filter(|r| group.rows.contains(&r.number)) {
        html += &format!(
            "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            r.number,
            escape(&r.position),
            escape(&r.mv),
            escape(&r.a_says),
            escape(&r.b_says),
            escape(&r.rules)
        );
    }
    html + "</table></details>\n</section>\n"
}

const STYLE: &str = "body{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;\
vertical-align:top}.finding{border-top:2px solid #888;margin-top:1.5em}\
.example{display:flex;gap:1.5em;align-items:flex-start}.board svg{width:320px;height:auto}\
dt{font-weight:bold}dd{margin:0 0 .4em 0}code{background:#f4f4f4}.hidden{display:none}";

/// Records every error of the page's scripts on its root element (`data-errors`), where a
/// browser's DOM shows it (a headless browser's dump of it, the inspector): run first, so that
/// it hears the errors of the script after it too.
const ERRORS: &str = "window.addEventListener('error',e=>{const r=document.documentElement;\
r.setAttribute('data-errors',(r.getAttribute('data-errors')||'')+e.message+'\\n');});";

/// Shows only the findings (sections and lines of the findings tables) that match every
/// filter. The filters are also the page's address fragment (`#variant=yalta&kind=...`), so a
/// filtered view can be shared: read on load (and when the fragment changes), written when a
/// filter changes. A fragment without `=` (a link to a finding, `#F3`) leaves them as they are.
const SCRIPT: &str = "const selects=[...document.querySelectorAll('select[data-filter]')];\
function apply(){const want={};for(const s of selects){want[s.dataset.filter]=s.value;}\
let shown=0;for(const e of document.querySelectorAll('[data-variant]')){\
const ok=Object.entries(want).every(([k,v])=>!v||e.dataset[k]===v);\
e.classList.toggle('hidden',!ok);if(ok&&e.tagName==='SECTION'){shown++;}}\
document.getElementById('shown').textContent=String(shown);}\
function fromHash(){const hash=location.hash.slice(1);if(hash.includes('=')){\
const given=new URLSearchParams(hash);for(const s of selects){const v=given.get(s.dataset.filter)||'';\
s.value=[...s.options].some(o=>o.value===v)?v:'';}}apply();}\
function toHash(){const given=new URLSearchParams();\
for(const s of selects){if(s.value){given.set(s.dataset.filter,s.value);}}\
location.hash=given.toString();}\
for(const s of selects){s.addEventListener('change',toHash);}\
window.addEventListener('hashchange',fromHash);fromHash();";

/// The report of `table` as one self-contained HTML page.
pub fn page(head: &Head, table: &Table) -> String {
    let generated = head.generated_by.as_ref().map_or(String::new(), |c| {
        format!("<!-- generated by `{}`; do not edit -->\n", escape(c))
    });
    let mut html = format!(
        "<!DOCTYPE html>\n{generated}<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{t}</title><style>{STYLE}</style><script>{ERRORS}</script></head><body>\n<h1>{t}</h1>\n<pre class=\"intro\">{i}</pre>\n",
        t = escape(&head.title),
        i = escape(head.intro.trim_end()),
    );
    html += &readings(head);
    html += &format!(
        "<h2>Findings</h2>\n<p><span id=\"shown\">{}</span> of {} findings shown.</p>\n",
        table.findings(),
        table.findings()
    );
    let field = |f: fn(&Group) -> &str| -> BTreeSet<&str> { table.groups.iter().map(f).collect() };
    html += "<form class=\"filters\">";
    html += &filter("variant", &field(|g| g.key.variant.as_str()));
    html += &filter("kind", &field(|g| g.key.kind.as_str()));
    html += &filter("clause", &field(|g| g.key.clause.as_str()));
    html += "</form>\n<table class=\"findings\"><tr><th>finding</th><th>variant</th><th>kind</th>\
             <th>clause</th><th>readings</th><th>count</th><th>example</th></tr>\n";
    for g in table.groups_about_validity(false) {
        html += &format!(
            "<tr data-variant=\"{v}\" data-kind=\"{k}\" data-clause=\"{c}\"><td><a href=\"#F{n}\">F{n}</a></td>\
             <td>{v}</td><td>{k}</td><td>{c}</td><td>{r}</td><td>{count}</td><td>#{e}</td></tr>\n",
            n = g.number,
            v = escape(&g.key.variant),
            k = escape(&g.key.kind),
            c = escape(&g.key.clause),
            r = escape(&g.key.readings),
            count = g.count,
            e = g.example,
        );
    }
    html += "</table>\n<h2>Validity</h2>\n";
    let any = table.groups_about_validity(true).next().is_some();
    if any {
        html += "<table class=\"validity\"><tr><th>finding</th><th>variant</th><th>readings</th>\
                 <th>the engine</th><th>positions</th><th>example</th><th>clause</th></tr>\n";
    }
    for g in table.groups_about_validity(true) {
        html += &format!(
            "<tr data-variant=\"{v}\" data-kind=\"{k}\" data-clause=\"{c}\"><td><a href=\"#F{n}\">F{n}</a></td>\
             <td>{v}</td><td>{r}</td><td>{p}</td><td>{count}</td><td>#{e}</td><td>{c}</td></tr>\n",
            n = g.number,
            v = escape(&g.key.variant),
            k = escape(&g.key.kind),
            c = escape(&g.key.clause),
            r = escape(&g.key.readings),
            p = escape(g.key.problem.as_deref().unwrap_or_default()),
            count = g.count,
            e = g.example,
        );
    }
    html += &if any {
        "</table>\n".to_string()
    } else {
        format!("<p>{NO_VALIDITY}</p>\n")
    };
    if table.is_empty() {
        html += "<p>No discrepancies.</p>\n";
    }
    for g in &table.groups {
        html += &finding(g, &table.rows);
    }
    html + &format!("<script>{SCRIPT}</script>\n</body></html>\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&#39;");
    }
}
