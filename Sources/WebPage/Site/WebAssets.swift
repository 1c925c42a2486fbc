// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The stylesheet and the script, served from memory (nothing is fetched
/// from outside the gateway: no CDN, no web fonts).
///
/// The style follows the reader's light or dark preference
/// (`prefers-color-scheme`), works from phone to desktop width, and shows
/// a clear focus outline. Series are told apart by dash pattern as well as
/// colour.
///
/// The script keeps the Now page current without polling: it listens on
/// `/events` (Server-Sent Events) and, on each `now` event, sets the text
/// and `data-timestamp` of each `[data-field]` element, clears the stale
/// mark of refreshed values, and says in `#live-status`, as text, whether
/// it is connected. Every 10 seconds a local timer rewrites the ages and
/// marks values that became stale.
enum WebAssets {
    /// `/style.css`.
    static let styleCSS = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--muted:#555;--line:#ccc;--accent:#0b57d0;\
        --c1:#c0392b;--c2:#1f6fb2;--c3:#2e7d32;--c4:#7b3fa0;--stale:#8a4b00}
        @media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#e8e8e8;--muted:#aaa;--line:#444;--accent:#8ab4f8;\
        --c1:#ff8a80;--c2:#82b1ff;--c3:#9ccc65;--c4:#ce93d8;--stale:#ffb74d}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,sans-serif}
        a{color:var(--accent)}
        :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .skip{position:absolute;left:-9999px}.skip:focus{left:.5rem;top:.5rem;background:var(--bg);padding:.5rem}
        header{display:flex;flex-wrap:wrap;align-items:center;gap:0 1.5rem;padding:.5rem 1rem;border-bottom:1px solid var(--line)}
        .site{margin:0;font-weight:600}
        nav ul{display:flex;gap:1rem;list-style:none;margin:0;padding:0}
        nav a{display:inline-block;padding:.4rem .2rem}
        nav a[aria-current]{font-weight:700;text-decoration-thickness:3px}
        main{display:block;max-width:72rem;margin:0 auto;padding:1rem}
        footer{max-width:72rem;margin:0 auto;padding:0 1rem 1rem;color:var(--muted)}
        h1{margin:.2rem 0 .8rem}
        .values{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.6rem;margin:0}
        .values div{border:1px solid var(--line);border-radius:6px;padding:.5rem .7rem}
        dt{color:var(--muted);font-size:.9rem}dd{margin:0}
        .value{font-size:1.35rem;font-weight:600}
        .age,.note{color:var(--muted);font-size:.85rem}.age{display:block}
        .stale-mark{color:var(--stale)}[data-stale]{color:var(--stale)}
        abbr{text-decoration:none}
        .footnote{color:var(--muted);font-size:.9rem}
        .periods{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
        figure{margin:1.2rem 0;border-top:1px solid var(--line);padding-top:.5rem}
        figcaption{margin:.3rem 0}
        svg.chart{width:100%;height:auto;display:block}
        .chart text{fill:var(--muted);font-size:11px}
        .grid{stroke:var(--line);stroke-width:1}
        .series{fill:none;stroke-width:2;stroke-linejoin:round}
        .series.bars,.key .bars{fill:var(--c2);stroke:none;opacity:.8}
        .dots{stroke-width:5;stroke-linecap:round}
        .s1{stroke:var(--c1)}.s2{stroke:var(--c2)}.s3{stroke:var(--c3)}.s4{stroke:var(--c4)}
        .bars.s1{fill:var(--c1)}.bars.s2{fill:var(--c2)}
        .legend{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;list-style:none;padding:0;margin:.2rem 0}
        .key{width:2rem;height:.7rem;vertical-align:middle;margin-right:.3rem}
        .key path{fill:none;stroke-width:3}.key .dots{stroke-width:5}
        table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.2rem .5rem;text-align:right}
        th[scope=row],caption{text-align:left}
        details{margin:.3rem 0}.scroll{overflow-x:auto}
        @media (max-width:40rem){body{font-size:15px}main{padding:.6rem}.value{font-size:1.2rem}}
        """

    /// `/live.js`.
    static let liveJS = """
        'use strict';
        (function () {
          var status = document.getElementById('live-status');
          if (!status || !window.EventSource) return;
          function plural(n, w) { return n + ' ' + w + (n === 1 ? '' : 's'); }
          function age(s) {
            s = Math.max(0, Math.floor(s));
            if (s < 60) return plural(s, 'second');
            var m = Math.floor(s / 60);
            if (m < 60) return plural(m, 'minute');
            var h = Math.floor(m / 60);
            if (h < 48) return m % 60 === 0 ? plural(h, 'hour') : plural(h, 'hour') + ' ' + plural(m % 60, 'minute');
            return plural(Math.floor(h / 24), 'day');
          }
          function refresh() {
            var now = Date.now() / 1000;
            document.querySelectorAll('[data-field][data-timestamp]').forEach(function (el) {
              var seconds = now - Number(el.dataset.timestamp);
              var dd = el.parentNode;
              var ageEl = dd.querySelector('.age');
              if (ageEl) ageEl.textContent = 'updated ' + age(seconds) + ' ago';
              if (seconds > Number(el.dataset.staleAfter || 600) && !el.dataset.stale) {
                el.dataset.stale = 'true';
                var mark = document.createElement('strong');
                mark.className = 'stale-mark';
                mark.textContent = '(stale)';
                dd.appendChild(document.createTextNode(' '));
                dd.appendChild(mark);
              }
            });
          }
          function setText(el, text) {
            var unit = el.querySelector('abbr');
            var suffix = unit ? ' ' + unit.textContent : null;
            if (suffix && text.slice(-suffix.length) === suffix && el.firstChild && el.firstChild.nodeType === 3) {
              el.firstChild.nodeValue = text.slice(0, -suffix.length) + ' ';
            } else {
              el.textContent = text;
            }
          }
          function apply(event) {
            var data;
            try { data = JSON.parse(event.data); } catch (e) { return; }
            Object.keys(data.fields || {}).forEach(function (name) {
              document.querySelectorAll('[data-field]').forEach(function (el) {
                if (el.dataset.field !== name) return;
                setText(el, data.fields[name]);
                if (data.timestamps && data.timestamps[name] !== undefined) el.dataset.timestamp = data.timestamps[name];
                var note = el.parentNode.querySelector('.note');
                if (note && data.notes && data.notes[name] !== undefined) note.textContent = data.notes[name];
                if (el.dataset.stale) {
                  delete el.dataset.stale;
                  var mark = el.parentNode.querySelector('.stale-mark');
                  if (mark) mark.remove();
                }
              });
            });
            refresh();
          }
          var source = new EventSource('/events');
          source.addEventListener('open', function () { status.textContent = 'Live updates: connected'; });
          source.addEventListener('error', function () { status.textContent = 'Live updates: reconnecting'; });
          source.addEventListener('now', apply);
          setInterval(refresh, 10000);
        })();
        """
}
