/// The session page: one HTML file with its style, script and data inline, no network.
public enum PageTemplate {
  /// The page for the data of ``PageData/json(_:name:range:)``.
  public static func html(title: String, data: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(SVGDrawing.escaped(title))</title>
    <style>
    \(style)
    \(SVGDrawing.styleSheet)
    </style>
    </head>
    <body>
    <header><h1 id="title"></h1><p id="summary"></p></header>
    <section id="controls">
    <button id="play" type="button">▶ play</button>
    <select id="speed"><option value="1">1×</option><option value="2">2×</option><option value="4">4×</option></select>
    <input id="scrub" type="range" min="0" max="0" value="0">
    <span id="where"></span>
    <canvas id="tracks" width="1000" height="90"></canvas>
    <div id="legend"></div>
    <div id="axis"></div>
    </section>
    <main>
    <div id="phonebox"><svg id="phone" xmlns="http://www.w3.org/2000/svg" font-family="\(SVGDrawing.escaped(SVGDrawing.fontFamily))"></svg><div id="diagnostics"></div></div>
    <div id="events"><div id="filters"><select id="typefilter"><option value="">every event</option></select> <select id="diagfilter"><option value="">any diagnostic</option></select> <input id="search" type="search" placeholder="search events"> <span id="badge"></span></div><div id="list"><div id="rows"></div></div></div>
    <div id="panel"><div><button id="pin" type="button">pin this step</button> <span id="pinned"></span></div>
    <table id="state"><thead><tr><th>path</th><th>value</th><th>vs previous</th><th>vs pinned</th></tr></thead><tbody></tbody></table>
    <pre id="why">Click a value for its why and blame.</pre></div>
    </main>
    <div id="help" hidden><pre>
    n, →      next step          b, ←      previous step
    Home/End  first/last step    [ / ]     previous/next diagnostic change
    space     play/pause         ?         this help (Esc closes)
    #step=N or #t=SECONDS in the address selects a step; the address follows the selection.
    </pre></div>
    \(dataTag)\(data)</script>
    <script>
    \(script)
    </script>
    </body>
    </html>

    """
  }

  /// The page's template around its data, as UTF-8, for a page written piece by piece: what
  /// comes before the data (and before the pieces of its columns, when it has them: see
  /// ``PageData/pieceSteps(expectedSteps:)``), the data's own `<script>` tag, and what comes after
  /// the data.
  public struct Parts: Sendable {
    public let beforePieces: [UInt8]
    public let dataTag: [UInt8]
    public let afterData: [UInt8]
  }

  /// ``html(title:data:)`` around no data, in ``Parts``.
  public static func parts(title: String) -> Parts {
    let page = Array(html(title: title, data: "").utf8)
    let tag = Array(dataTag.utf8)
    // The first such tag: the title before it is escaped.
    guard let start = page.indices.first(where: { page[$0...].starts(with: tag) }) else {
      preconditionFailure("The page's template has no data tag")
    }
    return Parts(
      beforePieces: Array(page[..<start]), dataTag: tag,
      afterData: Array(page[(start + tag.count)...]))
  }

  static let dataTag = #"<script type="application/json" id="data">"#

  static let style = """
    body{font:13px/1.4 -apple-system,system-ui,sans-serif;margin:0;color:#222;background:#f7f7f9}
    header{padding:8px 16px;background:#1d1d1f;color:#fff}h1{font-size:15px;margin:0}
    header p{margin:2px 0 0;color:#ccc;white-space:pre-wrap}
    #controls{padding:8px 16px;background:#fff;border-bottom:1px solid #ddd}
    #scrub{width:60%;vertical-align:middle}#tracks{display:block;width:100%}#legend{font-size:10px}
    #axis{position:relative;height:14px;font-size:10px;color:#666}#axis span{position:absolute}
    main{display:flex;gap:12px;padding:12px 16px;align-items:flex-start}
    #phonebox{flex:0 0 auto}#phone{width:300px;border:1px solid #999;border-radius:18px;background:#fff}
    #diagnostics{max-width:300px;color:#b00;white-space:pre-wrap}
    #events{flex:1 1 30%;min-width:260px}#list{height:520px;overflow-y:auto;background:#fff;border:1px solid #ddd;position:relative}
    #rows{position:relative}.row{position:absolute;left:0;right:0;height:20px;white-space:nowrap;overflow:hidden;padding:0 4px;cursor:pointer;font-family:ui-monospace,monospace;font-size:12px}
    .row.sel{background:#0a84ff;color:#fff}.row.bad{border-left:3px solid #ff3b30}
    #badge{color:#b00}#panel{flex:1 1 40%;min-width:300px}
    #state{border-collapse:collapse;width:100%;background:#fff;font-family:ui-monospace,monospace;font-size:12px}
    #state td,#state th{border-bottom:1px solid #eee;padding:1px 4px;text-align:left;vertical-align:top}
    #state tr.changed td{background:#fff4d6}#state td.value{cursor:pointer}
    .jump{cursor:pointer;text-decoration:underline dotted}#state tr.note td{color:#666;font-style:italic}
    #why{background:#fff;border:1px solid #ddd;padding:6px;white-space:pre-wrap;font-size:12px}
    #help{position:fixed;top:20%;left:25%;background:#fff;border:2px solid #333;padding:12px}
    @media (prefers-color-scheme: dark){body{background:#111;color:#ddd}#controls,#list,#state,#why,#help{background:#1c1c1e;color:#ddd}}
    """

  /// The page's script: the pieces below, in order; ``sideBySideScript`` shares those not
  /// named `single…`.
  static let script = [
    singleStart, values, singleEdges, states, singleDiagnosticFilter, list, singlePhoneStart,
    phone, singleSelect, moving, singleEnd,
  ].joined(separator: "\n")

  /// The single page's data, its columns' running sums and its messages' records.
  static let singleStart = #"""
    "use strict";
    const D = pageData();
    // The page's data: inline, or made here from the recording the page carries, by the
    // library's WebAssembly module it carries too (replay html makes long pages so).
    function pageData() {
      const inline = document.getElementById("data");
      if (inline) return JSON.parse(inline.textContent);
      try {
        const text = (id) => document.getElementById(id).textContent;
        const module = new WebAssembly.Module(Uint8Array.from(atob(text("module")), (c) => c.charCodeAt(0)));
        // The module's C library asks only for the hashing seed (zeros: the same at every open).
        const imports = {};
        for (const i of WebAssembly.Module.imports(module)) (imports[i.module] || (imports[i.module] = {}))[i.name] = () => { throw new Error("the module called " + i.name); };
        let memory = null;
        (imports.wasi_snapshot_preview1 || (imports.wasi_snapshot_preview1 = {})).random_get = (at, count) => { new Uint8Array(memory.buffer, at, count).fill(0); return 0; };
        const e = new WebAssembly.Instance(module, imports).exports;
        memory = e.memory;
        const put = (bytes) => { const at = e.replay_alloc(bytes.length); new Uint8Array(memory.buffer, at, bytes.length).set(bytes); return at; };
        const encoder = new TextEncoder(), recording = encoder.encode(text("recording")), settings = encoder.encode(JSON.parse(text("settings")).join("\0"));
        const r = put(recording), s = put(settings);
        const status = e.replay_page_data(r, recording.length, s, settings.length);
        e.replay_free(r);
        e.replay_free(s);
        const made = new TextDecoder().decode(new Uint8Array(memory.buffer, e.replay_output(), e.replay_output_count()));
        if (status !== 0) throw new Error(made || "no data (" + status + ")");
        return JSON.parse(made);
      } catch (error) {
        document.getElementById("summary").textContent = "This page could not replay its recording: " + error;
        throw error;
      }
    }
    // A long page's columns come in pieces before its data, each column's in order: joined here.
    const pieces = {};
    for (const s of document.querySelectorAll("script[data-column]")) (pieces[s.dataset.column] || (pieces[s.dataset.column] = [])).push(JSON.parse(s.textContent));
    for (const k in pieces) D[k] = [].concat(...pieces[k]);
    const N = D.t.length, ROW = 20, K = D.checkpoint, FIRST = D.first, MESSAGE_ROWS = D.messageRows;
    let cur = 0, pinned = null, playing = null, shown = null;
    const $ = (id) => document.getElementById(id);
    $("title").textContent = D.title;
    $("summary").textContent = D.summary;
    $("scrub").max = String(N - 1);
    // Where each step's line number and changes are, from the columns' differences and counts;
    // where each part of the phone changes.
    const line = new Float64Array(N), changeAt = new Int32Array(N + 1), parts = phoneParts(D);
    for (let i = 0, l = 0, c = 0; i < N; i++) {
      l += D.line[i]; line[i] = l;
      changeAt[i] = c; c += 2 * D.counts[i]; changeAt[i + 1] = c;
    }
    // Each message's records (it appears once, and again only when the list's width changes).
    const F = D.messageFields.length, records = [];
    for (let o = 0; o < D.messages.length; o += 2 + F) (records[D.messages[o]] || (records[D.messages[o]] = [])).push(o);
    // A keystroke whose summary is numbered -1 is summarized from the step's input text (the
    // text leaf's last change at or before it), whose first 25 code points are each a character
    // of their own: as replay writes it, its first 24, or its first 23 and "…" when it has more
    // than 24, quoted with replay's escapes.
    const TEXT = D.paths.indexOf("inputBar.text"), textAt = new Array(N);
    for (let i = 0, text = ""; i < N; i++) {
      if (TEXT >= 0) for (let k = changeAt[i]; k < changeAt[i + 1]; k += 2) if (D.changes[k] === TEXT) text = D.changes[k + 1];
      textAt[i] = text;
    }
    const escapes = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    const quoted = (text) => '"' + text.replace(/["\\\u0000-\u001f\u007f]/g, (c) => escapes[c] || "\\u00" + c.charCodeAt(0).toString(16).padStart(2, "0")) + '"';
    const keystroke = (text) => { const points = Array.from(text.length > 96 ? text.slice(0, 96) : text); return "textChange " + quoted(points.length > 24 ? points.slice(0, 23).join("") + "…" : text); };
    const typeOf = (i) => D.types[D.type[i]], summaryOf = (i) => D.summaryOf[i] < 0 ? keystroke(textAt[i]) : D.summaries[D.summaryOf[i]];
    """#

  /// Numbers as `--json` writes them, and the diagnostics' runs.
  static let values = #"""
    // Numbers as replay --json writes them (Swift's shortest form: 1e-05 where script writes 1e-5).
    const num = (x) => x !== 0 && Math.abs(x) < 1e-4 ? x.toExponential().replace(/e([+-])(\d)$/, "e$10$2") : String(x);
    const show = (x) => typeof x === "number" ? num(x) : typeof x === "string" ? JSON.stringify(x) : Array.isArray(x) ? "[]" : String(x);
    function inRuns(r, i) {
      let lo = 0, hi = r.length / 2 - 1;
      while (lo <= hi) { const m = (lo + hi) >> 1; if (r[2 * m + 1] < i) lo = m + 1; else if (r[2 * m] > i) hi = m - 1; else return true; }
      return false;
    }
    const diagnosticsAt = (i) => D.diagnostics.filter((d) => inRuns(d[1], i)).map((d) => d[0]);
    """#

  /// The single page's diagnostic changes, for `[` and `]`.
  static let singleEdges = #"""
    const edges = [...new Set(D.diagnostics.flatMap((d) => d[1].map((v, k) => k % 2 ? v + 1 : v)))].filter((v) => v > 0 && v < N).sort((a, b) => a - b);
    """#

  /// A step's values, rebuilt from its checkpoint; the event-type filter.
  static let states = #"""
    // The state at step i: the checkpoint's values, then each step's changes; the last messages.
    // The diagnostics whose messages the page's data leaves to the script, worded as replay
    // words them from the numbers beside them (already written as replay writes numbers).
    const wording = {
      "keyboard-gap": (f) => "input bar bottom " + f("inputBarMaxY") + " is " + f("gap") + " pt above the keyboard top " + f("keyboardMinY"),
      "offset-out-of-range": (f) => "contentOffset.y " + f("offsetY") + " is outside " + f("minimum") + "..." + f("maximum"),
      "message-hidden": (f) => "message " + f("index") + " spans " + f("messageMinY") + "..." + f("messageMaxY") + " on screen, outside the visible " + f("visibleMinY") + "..." + f("visibleMaxY"),
    };
    function valuesAt(i) {
      const v = new Map();
      for (let j = i - i % K; j <= i; j++) {
        for (let k = changeAt[j]; k < changeAt[j + 1]; k += 2) { const x = D.changes[k + 1]; if (x === null) v.delete(D.changes[k]); else v.set(D.changes[k], show(x)); }
      }
      v.set(0, String(FIRST + i)); v.set(1, num(D.t[i]));
      // A diagnostic's message left to the script (true in the data) is worded from its numbers.
      for (const [key, value] of v) if (value === "true" && typeof key === "number" && D.paths[key].endsWith("].message")) {
        const at = D.paths[key].slice(0, -7), field = (name) => v.get(D.paths.indexOf(at + name));
        const word = wording[JSON.parse(field("id"))];
        if (word) v.set(key, JSON.stringify(word(field)));
      }
      let count = 0, lo = 0, hi = records.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (D.messages[records[m][0] + 1] <= i) lo = m + 1; else hi = m; }
      count = lo;
      for (let j = Math.max(0, count - MESSAGE_ROWS); j < count; j++) {
        let o = records[j][0];
        for (const r of records[j]) if (D.messages[r + 1] <= i) o = r;
        D.messageFields.forEach((f, n) => v.set("messages[" + j + "]." + f, show(D.messages[o + 2 + n])));
      }
      v.earlier = Math.max(0, count - MESSAGE_ROWS);
      return v;
    }
    const option = (parent, value, text) => { const o = document.createElement("option"); o.value = value; o.textContent = text; parent.appendChild(o); };
    D.types.map((t, n) => [t, n]).sort((a, b) => a[0] < b[0] ? -1 : 1).forEach(([t, n]) => option($("typefilter"), String(n), t));
    """#

  /// The single page's diagnostic filter.
  static let singleDiagnosticFilter = #"""
    D.diagnostics.forEach((d, n) => option($("diagfilter"), String(n), d[0]));
    """#

  /// The event list: filters, search and the rows in view.
  static let list = #"""
    const count = () => shown ? shown.length : N, rowAt = (r) => shown ? shown[r] : r;
    function filter() {
      const t = $("typefilter").value, d = $("diagfilter").value, q = $("search").value.toLowerCase();
      if (!t && !d && !q) shown = null;
      else {
        const type = t ? Number(t) : -1, runs = d ? D.diagnostics[Number(d)][1] : null;
        const said = D.summaries.map((s) => s.toLowerCase().includes(q)), typed = D.types.map((s) => s.includes(q));
        shown = [];
        for (let i = 0; i < N; i++) {
          if (type >= 0 && D.type[i] !== type) continue;
          if (runs && !inRuns(runs, i)) continue;
          const s = D.summaryOf[i];
          if (q && !(s < 0 ? keystroke(textAt[i]).toLowerCase().includes(q) : said[s]) && !typed[D.type[i]]) continue;
          shown.push(i);
        }
      }
      $("badge").textContent = shown ? "filters active: " + shown.length + " of " + N : "";
      $("rows").style.height = count() * ROW + "px";
      drawRows();
    }
    function drawRows() {
      const list = $("list"), rows = $("rows");
      const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
      const last = Math.min(count(), first + Math.ceil(list.clientHeight / ROW) + 10);
      rows.textContent = "";
      for (let r = first; r < last; r++) {
        const i = rowAt(r), e = document.createElement("div");
        e.className = "row" + (i === cur ? " sel" : "") + (diagnosticsAt(i).length ? " bad" : "");
        e.style.top = r * ROW + "px";
        e.dataset.step = String(FIRST + i);
        e.textContent = (FIRST + i) + "  t=" + num(D.t[i]) + "s  line " + line[i] + "  " + summaryOf(i);
        e.onclick = () => select(i);
        rows.appendChild(e);
      }
    }
    $("list").onscroll = drawRows;
    for (const id of ["typefilter", "diagfilter"]) $(id).onchange = filter;
    $("search").oninput = filter;
    """#

  /// The single page's phone: its one SVG.
  static let singlePhoneStart = #"""
    function drawPhone(i) {
      const svg = $("phone"), ns = "http://www.w3.org/2000/svg", shapes = phoneShapes(i);
    """#

  /// The phone's shapes, why and blame, the state panel and the tracks.
  static let phone = phoneDrawing + "\n" + phoneShapes + "\n" + panels

  /// Drawing the phone's shapes into its SVG (the end of `drawPhone`).
  static let phoneDrawing = #"""
      svg.textContent = "";
      let clips = [];
      shapes.forEach(([kind, style, x, y, width, height, text, size, radius, centred, clip]) => {
        const e = document.createElementNS(ns, kind);
        e.setAttribute("class", style);
        e.setAttribute("x", x); e.setAttribute("y", y);
        if (kind === "rect") { e.setAttribute("width", Math.max(width, 0)); e.setAttribute("height", Math.max(height, 0)); if (radius) e.setAttribute("rx", radius); }
        else { e.setAttribute("font-size", size); if (centred) e.setAttribute("text-anchor", "middle"); e.textContent = text; }
        if (clip) {
          const key = clip.join(",");
          let n = clips.indexOf(key);
          if (n < 0) {
            n = clips.length; clips.push(key);
            const c = document.createElementNS(ns, "clipPath"), r = document.createElementNS(ns, "rect");
            c.setAttribute("id", "clip" + n);
            r.setAttribute("x", clip[0]); r.setAttribute("y", clip[1]); r.setAttribute("width", Math.max(clip[2], 0)); r.setAttribute("height", Math.max(clip[3], 0));
            c.appendChild(r); svg.appendChild(c);
          }
          e.setAttribute("clip-path", "url(#clip" + n + ")");
        }
        svg.appendChild(e);
      });
      const win = shapes[0];
      svg.setAttribute("viewBox", "0 0 " + win[4] + " " + win[5]);
    }
    """#

  /// The phone's parts (``PageScene``) found at each step, and the phone drawn from them by the
  /// rules ``Scene/shapes`` draws with: the same shapes, in the same order, at the same places.
  static let phoneShapes = #"""
    // Where each part of the phone changes: for each part the steps and where the values of the
    // change start in page.phone; a bubble's by its message's index.
    function phoneParts(page) {
      const s = page.phone, n = page.t.length, byPart = [], bubbles = [];
      for (let p = 0; p < \#(PageScene.Part.allCases.count); p++) byPart.push({ steps: [], at: [] });
      for (let i = 0, o = 0; i < n; i++) {
        const count = s[o++];
        for (let k = 0; k < count; k++) {
          const part = s[o], size = s[o + 1], b = s[o + 2];
          const r = part === \#(PageScene.Part.bubble.rawValue) ? bubbles[b] || (bubbles[b] = { steps: [], at: [] }) : byPart[part];
          r.steps.push(i); r.at.push(o + 2);
          o += 2 + size;
        }
      }
      return { byPart, bubbles };
    }
    // The place in r of its last change at or before step i, -1 for none.
    function lastChange(r, i) {
      let lo = 0, hi = r.steps.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (r.steps[m] <= i) lo = m + 1; else hi = m; }
      return lo - 1;
    }
    // The phone at step i as shapes [kind, style, x, y, width, height, text, size, radius, centred,
    // clip], back to front, each number worked out as replay svg works it out.
    function phoneShapes(i) {
      const s = D.phone, out = [], size = (o) => s[o - 1];
      const at = (part) => { const r = parts.byPart[part], k = lastChange(r, i); return k < 0 ? -1 : r.at[k]; };
      const rect = (x, y, width, height, style, radius, clip) => out.push(["rect", style, x, y, width, height, "", 0, radius, 0, clip]);
      const label = (text, x, y, width, height, style, fontSize) => out.push(["text", style, x + width / 2, y + height / 2 + fontSize * 0.35, 0, 0, text, fontSize, 0, 1, 0]);
      // One text shape per line but the empty ones, at its baseline (80 % of the line height down).
      const lines = (list, x, y, originX, originY, lineHeight, style, fontSize, clip) => list.forEach((line, k) => {
        if (line !== "") out.push(["text", style, x + originX, y + originY + k * lineHeight + 0.8 * lineHeight, 0, 0, line, fontSize, 0, 0, clip]);
      });
      const w = at(\#(PageScene.Part.window.rawValue)), W = s[w], H = s[w + 1];
      rect(0, 0, W, H, "window", 0, 0);
      const l = at(\#(PageScene.Part.list.rawValue)), list = [s[l], s[l + 1], s[l + 2], s[l + 3]], origin = s[at(\#(PageScene.Part.origin.rawValue))];
      const v = at(\#(PageScene.Part.visible.rawValue));
      for (let k = 0; k < size(v); k++) {
        const r = parts.bubbles[s[v + k]], o = r.at[lastChange(r, i)], style = s[o + 1] ? "me" : "other", isBalloon = s[o + 6] === 1;
        const x = s[o + 2], y = origin + s[o + 3];
        rect(x, y, s[o + 4], s[o + 5], (isBalloon ? "bubble-" : "row-") + style, isBalloon ? \#(JSONWriter.format(Scene.balloonRadius)) : 0, list);
        lines(s.slice(o + 11, o + size(o)), x, y, s[o + 9], s[o + 10], s[o + 8], isBalloon ? "text-" + style : "row-text", s[o + 7], list);
      }
      const b = at(\#(PageScene.Part.bars.rawValue)), width = s[b], status = s[b + 1];
      if (status > 0) {
        rect(0, 0, width, status, "status", 0, 0);
        out.push(["text", "status-text", 32, status - Math.max(status / 2 - 6, 4), 0, 0, "9:41", 15, 0, 0, 0]);
      }
      if (size(b) === 4) {
        rect(0, s[b + 2], width, s[b + 3], "navigation", 0, 0);
        label(\#(PageJSON.quoted(Scene.navigationTitle)), 0, s[b + 2], width, s[b + 3], "navigation-text", 15);
      }
      const o = at(\#(PageScene.Part.inputBar.rawValue)), field = [s[o + 4], s[o + 5], s[o + 6], s[o + 7]];
      const t = at(\#(PageScene.Part.fieldText.rawValue));
      rect(s[o], s[o + 1], s[o + 2], s[o + 3], "bar", 0, 0);
      rect(field[0], field[1], field[2], field[3], "field", 8, 0);
      lines(draftLines(i), field[0], field[1], s[t + 2], s[t + 3], s[t + 1], "field-text", s[t], field);
      rect(s[o + 8], s[o + 9], s[o + 10], s[o + 11], s[at(\#(PageScene.Part.send.rawValue))] ? "send" : "send-disabled", 8, 0);
      label("Send", s[o + 8], s[o + 9], s[o + 10], s[o + 11], "send-text", 15);
      const k = at(\#(PageScene.Part.keyboard.rawValue));
      if (size(k) === 4) {
        rect(s[k], s[k + 1], s[k + 2], s[k + 3], "keyboard", 0, 0);
        [\#(Scene.keyLabels.map(PageJSON.quoted).joined(separator: ", "))].some((keys, row) => {
          const top = s[k + 1] + 8 + row * 54;
          if (!(top + 54 <= s[k + 1] + s[k + 3])) return true;
          label(keys, s[k], top, s[k + 2], 54, "key-text", 15);
          return false;
        });
      }
      for (const [part, style] of [[\#(PageScene.Part.gap.rawValue), "gap"], [\#(PageScene.Part.overlap.rawValue), "overlap"]]) {
        const g = at(part);
        if (size(g) === 5) { rect(s[g], s[g + 1], s[g + 2], s[g + 3], style, 0, 0); label(s[g + 4], s[g], s[g + 1], s[g + 2], s[g + 3], style + "-label", 15); }
      }
      const h = at(\#(PageScene.Part.homeIndicator.rawValue));
      if (size(h) === 4) rect(s[h], s[h + 1], s[h + 2], s[h + 3], "home", s[h + 3] / 2, 0);
      const m = at(\#(PageScene.Part.marks.rawValue));
      for (let p = m, end = m + size(m); p < end;) {
        if (s[p] === 0) {
          const top = H / 2 - 40;
          rect(0, 0, W, H, "crash", 0, 0);
          label("✖ crashed", 0, top, W, 40, "crash-text", 15);
          label(s[p + 1], 0, top + 40, W, 24, "crash-reason", 11);
          p += 2;
        } else if (s[p] === 1) {
          rect(s[p + 5], s[p + 6], s[p + 7], s[p + 8], "mark-container", 0, 0);
          rect(s[p + 1], s[p + 2], s[p + 3], s[p + 4], "mark", 0, 0);
          label("outside its box", s[p + 1], s[p + 2] - 16, s[p + 3], 14, "mark-text", 10);
          p += 9;
        } else {
          rect(s[p + 6], s[p + 7], s[p + 8], s[p + 9], "visible-band", 0, 0);
          rect(s[p + 2], s[p + 3], s[p + 4], s[p + 5], "mark", 0, 0);
          label("message " + s[p + 1] + " hidden", s[p + 2], Math.min(Math.max(s[p + 3], 0), H - 16), s[p + 4], 16, "mark-text", 10);
          p += 10;
        }
      }
      return out;
    }
    // The draft's lines at step i: from the last draft part that carries them all, each later one
    // keeping the first lines of the one before.
    function draftLines(i) {
      const s = D.phone, r = parts.byPart[\#(PageScene.Part.draft.rawValue)], last = lastChange(r, i);
      let first = last;
      while (first > 0 && s[r.at[first]] > 0) first--;
      let lines = [];
      for (let k = first; k <= last; k++) { const o = r.at[k]; lines = lines.slice(0, s[o]).concat(s.slice(o + 1, o + s[o - 1])); }
      return lines;
    }
    """#

  /// Why and blame, the state panel and the tracks.
  static let panels = #"""
    // The why and blame texts; blame's step rows select their step when clicked.
    function explain(i, id, path) {
      const box = $("why");
      box.textContent = "";
      const entry = D.explains ? D.why[i] : null;
      let k = -1;
      if (entry) for (let n = 0; n < entry.length; n += 3) if (entry[n] === id) k = n;
      if (k < 0) {
        box.textContent = D.explains
          ? "Messages have no layout rule: in the debugger, 'blame " + path + "' lists their changes."
          : "This page has " + N + " steps; pages of at most " + D.explainedStepLimit + " steps carry why and blame (replay html " + D.file + " --from N --to M). In the debugger: replay " + D.file + ", then 'goto " + (FIRST + i) + "', 'why " + path + "' and 'blame " + path + "'.";
        return;
      }
      box.appendChild(document.createTextNode(D.texts[entry[k + 1]] + "\n\n"));
      for (const text of D.texts[entry[k + 2]].split("\n")) {
        const m = /^\s+step (\d+)\s/.exec(text), step = m ? Number(m[1]) - FIRST : -1;
        if (step >= 0 && step < N) {
          const e = document.createElement("span");
          e.className = "jump"; e.dataset.step = String(FIRST + step); e.textContent = text;
          e.onclick = () => select(step);
          box.appendChild(e);
          box.appendChild(document.createTextNode("\n"));
        } else box.appendChild(document.createTextNode(text + "\n"));
      }
    }
    function drawState(i) {
      const now = valuesAt(i), before = i > 0 ? valuesAt(i - 1) : new Map(), pin = pinned === null ? null : valuesAt(pinned);
      const body = $("state").tBodies[0];
      body.textContent = "";
      const messages = [];
      for (const [key, value] of now) if (typeof key === "number" && D.paths[key].startsWith("diagnostics[") && D.paths[key].endsWith("].message")) messages.push(D.paths[key.valueOf()].replace(/\.message$/, ""));
      $("diagnostics").textContent = messages.map((p) => JSON.parse(now.get(D.paths.indexOf(p + ".id"))) + ": " + JSON.parse(now.get(D.paths.indexOf(p + ".message")))).join("\n");
      const keys = [...now.keys()].filter((k) => typeof k === "number").sort((a, b) => a - b).concat([...now.keys()].filter((k) => typeof k === "string"));
      if (now.earlier) {
        const tr = document.createElement("tr"), td = document.createElement("td");
        tr.className = "note"; td.colSpan = 4;
        td.textContent = "messages[0…" + (now.earlier - 1) + "]: " + now.earlier + " earlier messages (replay " + D.file + " --json --at " + (FIRST + i) + " lists them)";
        tr.appendChild(td); body.appendChild(tr);
      }
      for (const id of keys) {
        const value = now.get(id), tr = document.createElement("tr"), path = typeof id === "number" ? D.paths[id] : id;
        tr.dataset.path = path;
        const old = before.get(id);
        if (i > 0 && old !== value) tr.className = "changed";
        const cells = [path, value, i > 0 && old !== value ? (old === undefined ? "(new)" : old + " → " + value) : "",
          pin && pin.get(id) !== value ? (pin.get(id) === undefined ? "(none)" : pin.get(id)) + " → " + value : ""];
        cells.forEach((text, n) => { const td = document.createElement("td"); td.className = ["path", "value", "diff", "pin"][n]; td.textContent = text; tr.appendChild(td); });
        tr.children[1].onclick = () => explain(i, id, path);
        body.appendChild(tr);
      }
    }
    const tracks = [["keyboard visible height", "#0a84ff"], ["input bar bottom", "#34c759"], ["bottom inset", "#ff9500"], ["content offset", "#af52de"]];
    const colors = ["#ff3b30", "#ff9500", "#af52de", "#5856d6", "#34c759", "#8e8e93", "#0a84ff", "#ffcc00"];
    function drawTracks() {
      const c = $("tracks"), C = D.columns, H = 70, B = H + 2, T = B + 18;
      c.height = T + 3 * D.types.length + 2;
      const g = c.getContext("2d"), W = c.width;
      g.clearRect(0, 0, W, c.height);
      D.tracks.forEach((track, n) => {
        let lo = Infinity, hi = -Infinity;
        for (const v of track) if (v !== null) { if (v < lo) lo = v; if (v > hi) hi = v; }
        if (!(hi > lo)) hi = lo + 1;
        const y = (v) => H - (v - lo) / (hi - lo) * H;
        g.strokeStyle = tracks[n][1]; g.beginPath();
        let started = false;
        for (let k = 0; k < C; k++) {
          const low = track[2 * k], high = track[2 * k + 1];
          if (low === null) continue;
          const x = (k + 0.5) * W / C;
          if (started) g.lineTo(x, y(high)); else g.moveTo(x, y(high));
          g.lineTo(x, y(low) + (high === low ? 0.5 : 0));
          started = true;
        }
        g.stroke();
      });
      D.diagnostics.forEach(([, runs], n) => {
        g.fillStyle = colors[n % colors.length];
        for (let k = 0; k < runs.length; k += 2) g.fillRect(runs[k] * W / N, B + (n % 4) * 4, Math.max(1, (runs[k + 1] - runs[k] + 1) * W / N), 3);
      });
      // Event ticks, one row per type: a mark in every column with an event of that type.
      D.types.forEach((type, n) => {
        g.fillStyle = colors[n % colors.length];
        for (let k = 0; k < C; k++) {
          const bits = n < 32 ? D.ticks[k] : D.ticksHigh[k], bit = n < 32 ? n : n - 32;
          if ((bits >>> bit) & 1) g.fillRect(k * W / C, T + 3 * n, Math.max(1, W / C - 0.5), 2);
        }
      });
      const legend = $("legend"); legend.textContent = "";
      const key = (text, color) => { const e = document.createElement("span"); e.textContent = "■ " + text + "  "; e.style.color = color; legend.appendChild(e); };
      tracks.forEach(([name, color]) => key(name, color));
      D.diagnostics.forEach(([id], n) => key(id, colors[n % colors.length]));
      legend.appendChild(document.createTextNode("| ticks, top to bottom: "));
      D.types.forEach((type, n) => key(type, colors[n % colors.length]));
      const axis = $("axis"); axis.textContent = "";
      const end = D.t[N - 1], start = D.t[0];
      for (let k = 0; k <= 10; k++) { const e = document.createElement("span"); e.style.left = k * 10 + "%"; e.textContent = (start + (end - start) * k / 10).toFixed(1) + "s"; axis.appendChild(e); }
    }
    """#

  /// Selecting a step on the single page.
  static let singleSelect = #"""
    function select(i, fromHash) {
      cur = Math.max(0, Math.min(N - 1, i));
      $("scrub").value = String(cur); $("scrub").setAttribute("value", String(cur));
      document.body.dataset.step = String(FIRST + cur);
      $("where").textContent = "step " + (FIRST + cur) + " of " + D.lastStep + "  t=" + num(D.t[cur]) + "s  line " + line[cur] + ": " + summaryOf(cur);
      drawPhone(cur); drawState(cur);
      const list = $("list");
      let r = cur;
      if (shown) { let lo = 0, hi = shown.length; while (lo < hi) { const m = (lo + hi) >> 1; if (shown[m] < cur) lo = m + 1; else hi = m; } r = shown[lo] === cur ? lo : -1; }
      if (r >= 0 && (r * ROW < list.scrollTop || (r + 1) * ROW > list.scrollTop + list.clientHeight)) list.scrollTop = r * ROW - list.clientHeight / 2;
      drawRows();
      if (!fromHash) history.replaceState(null, "", "#step=" + (FIRST + cur));
    }
    """#

  /// The address, the keys, play and the controls' handlers.
  static let moving = #"""
    function fromHash() {
      const h = location.hash.slice(1), m = /^step=(\d+)$/.exec(h), t = /^t=([\d.]+)$/.exec(h);
      if (m) return Number(m[1]) - FIRST;
      if (t) { const v = Number(t[1]); let i = 0; while (i + 1 < N && D.t[i + 1] <= v) i++; return i; }
      return 0;
    }
    function diagnosticChange(dir) {
      if (dir > 0) { for (const e of edges) if (e > cur) return e; }
      else for (let k = edges.length - 1; k >= 0; k--) if (edges[k] < cur) return edges[k];
      return cur;
    }
    function play() {
      if (playing) { clearTimeout(playing); playing = null; $("play").textContent = "▶ play"; return; }
      $("play").textContent = "⏸ pause";
      const tick = () => {
        if (cur >= N - 1) { playing = null; $("play").textContent = "▶ play"; return; }
        // Idle gaps are skipped: no wait is longer than a second, whatever the recording's gap.
        const wait = Math.min(1, Math.max(0, D.t[cur + 1] - D.t[cur])) * 1000 / Number($("speed").value);
        playing = setTimeout(() => { select(cur + 1); tick(); }, wait);
      };
      tick();
    }
    $("play").onclick = play;
    $("scrub").oninput = () => select(Number($("scrub").value));
    $("pin").onclick = () => { pinned = cur; $("pinned").textContent = "pinned: step " + (FIRST + cur); drawState(cur); };
    $("tracks").onclick = (e) => { const r = e.target.getBoundingClientRect(); select(Math.floor((e.clientX - r.left) / r.width * N)); };
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
      const k = e.key;
      if (k === "n" || k === "ArrowRight") select(cur + 1);
      else if (k === "b" || k === "ArrowLeft") select(cur - 1);
      else if (k === "Home") select(0);
      else if (k === "End") select(N - 1);
      else if (k === "]") select(diagnosticChange(1));
      else if (k === "[") select(diagnosticChange(-1));
      else if (k === " ") play();
      else if (k === "?") $("help").hidden = !$("help").hidden;
      else if (k === "Escape") $("help").hidden = true;
      else return;
      e.preventDefault();
    });
    window.addEventListener("hashchange", () => select(fromHash(), true));
    """#

  /// The single page's start.
  static let singleEnd = #"""
    if (!D.explains) $("why").textContent = "Click a value: this page has " + N + " steps, more than the " + D.explainedStepLimit + " that carry why and blame; the text says how to get them.";
    filter(); drawTracks(); select(fromHash(), true);
    """#
}
