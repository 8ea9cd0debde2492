extension PageTemplate {
  /// The side-by-side page (`replay html --layouts`) for the data of
  /// ``PageData/json(_:columns:name:range:)``: a phone per layout, one scrubber and event list,
  /// the divergences marked, and the tracks and state of the layout chosen in the page.
  public static func sideBySideHTML(title: String, data: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(SVGDrawing.escaped(title))</title>
    <style>
    \(style)
    \(sideBySideStyle)
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
    <canvas id="marks" width="1000" height="8"></canvas>
    <div id="markslegend">■ the layouts diverge (input bar frame, bottom inset, offset or diagnostics); { and } go to the previous and next divergence</div>
    <div id="sidebox">tracks, list marks and state of <select id="side"></select></div>
    <canvas id="tracks" width="1000" height="90"></canvas>
    <div id="legend"></div>
    <div id="axis"></div>
    </section>
    <main>
    <div id="phones" data-font="\(SVGDrawing.escaped(SVGDrawing.fontFamily))"></div>
    <div id="events"><div id="filters"><select id="typefilter"><option value="">every event</option></select> <select id="diagfilter"><option value="">any diagnostic</option></select> <input id="search" type="search" placeholder="search events"> <span id="badge"></span></div><div id="list"><div id="rows"></div></div></div>
    <div id="panel"><div id="divergence"></div><div><button id="pin" type="button">pin this step</button> <span id="pinned"></span></div>
    <div id="diagnostics"></div>
    <table id="state"><thead><tr><th>path</th><th>value</th><th>vs previous</th><th>vs pinned</th></tr></thead><tbody></tbody></table>
    <pre id="why">Click a value for its why and blame.</pre></div>
    </main>
    <div id="help" hidden><pre>
    n, →      next step          b, ←      previous step
    Home/End  first/last step    [ / ]     previous/next diagnostic change (of the chosen layout)
    { / }     previous/next divergence between the layouts
    space     play/pause         ?         this help (Esc closes)
    #step=N or #t=SECONDS in the address selects a step; the address follows the selection.
    </pre></div>
    <script type="application/json" id="data">\(data)</script>
    <script>
    \(sideBySideScript)
    </script>
    </body>
    </html>

    """
  }

  static let sideBySideStyle = """
    #marks{display:block;width:100%;height:8px;background:#eee}#markslegend{font-size:10px;color:#b00}
    #sidebox{font-size:11px;margin-top:4px}main{flex-wrap:wrap}#phones{display:flex;gap:8px;flex:0 0 auto}
    #events{flex:1 1 260px}#panel{flex:1 1 340px}
    .side{width:240px}.side .name{font-weight:600;margin-bottom:2px}.side svg{width:240px;border:1px solid #999;border-radius:18px;background:#fff}
    .side .diags{color:#b00;white-space:pre-wrap;font-size:11px}
    .row.diverges::after{content:"≠";position:absolute;right:0;padding:0 4px;font-weight:700;background:#fff}.row.sel.diverges::after{background:#0a84ff}#state tr.diverged td.path{color:#b00;font-weight:600}
    #divergence table{border-collapse:collapse;background:#fff;font-family:ui-monospace,monospace;font-size:12px;margin-bottom:6px}
    #divergence td,#divergence th{border:1px solid #eee;padding:1px 4px;text-align:left;vertical-align:top;white-space:pre-wrap}
    #divergence p{margin:0 0 4px}#divergence.diverges p{color:#b00;font-weight:600}
    @media (prefers-color-scheme: dark){.row.diverges::after{background:#1c1c1e}#divergence table{background:#1c1c1e;color:#ddd}}
    """

  /// The side-by-side page's script: the single page's shared pieces, with the chosen layout's
  /// data in the single page's names (`D`, `changeAt`, `parts`, `records`, `edges`).
  static let sideBySideScript = [
    sideBySideStart, values, states, list, sideBySidePhoneStart, phone, moving, sideBySideEnd,
  ].joined(separator: "\n")

  /// Every layout's indices, and `use(k)`, which makes layout `k` the one the pieces read.
  static let sideBySideStart = #"""
    "use strict";
    const P = JSON.parse(document.getElementById("data").textContent), L = P.pages;
    const N = L[0].t.length, ROW = 20, K = L[0].checkpoint, FIRST = L[0].first, MESSAGE_ROWS = L[0].messageRows;
    let cur = 0, pinned = null, playing = null, shown = null, side = 0, D, changeAt, parts, records, edges;
    const $ = (id) => document.getElementById(id);
    $("title").textContent = P.title;
    $("summary").textContent = P.summary + "\n" + L.map((page, k) => P.labels[k] + ": " + page.summary).join("\n");
    $("scrub").max = String(N - 1);
    // The steps' line numbers are the recording's, the same for every layout.
    const line = new Float64Array(N);
    for (let i = 0, l = 0; i < N; i++) { l += L[0].line[i]; line[i] = l; }
    // Each layout's own indices: where its steps' changes and its phone's parts are, its messages'
    // records and its diagnostics' changes.
    const sides = L.map((page) => {
      const changeAt = new Int32Array(N + 1), parts = phoneParts(page), records = [], F = page.messageFields.length;
      for (let i = 0, c = 0; i < N; i++) {
        changeAt[i] = c; c += 2 * page.counts[i]; changeAt[i + 1] = c;
      }
      for (let o = 0; o < page.messages.length; o += 2 + F) (records[page.messages[o]] || (records[page.messages[o]] = [])).push(o);
      const edges = [...new Set(page.diagnostics.flatMap((d) => d[1].map((v, k) => k % 2 ? v + 1 : v)))].filter((v) => v > 0 && v < N).sort((a, b) => a - b);
      return { page, changeAt, parts, records, edges };
    });
    function use(k) { ({ page: D, changeAt, parts, records, edges } = sides[k]); }
    use(0);
    // Events, their types and summaries are the recording's: the same tables in every layout's data.
    const typeOf = (i) => D.types[D.type[i]], summaryOf = (i) => D.summaries[D.summaryOf[i]];
    """#

  /// A phone drawn into any layout's SVG.
  static let sideBySidePhoneStart = #"""
    function drawPhoneInto(svg, i) {
      const ns = "http://www.w3.org/2000/svg", shapes = phoneShapes(i);
    """#

  /// The phones, the divergences and their marks, the layout switch and selecting a step.
  static let sideBySideEnd = #"""
    // The divergences: runs of steps [first, last, fields], bit n of fields set where the layouts
    // differ on P.compared[n]. Each run starts a divergence or changes what differs: { and } go there.
    const V = P.divergences, starts = V.filter((v, k) => k % 3 === 0);
    function fieldsAt(i) {
      let lo = 0, hi = V.length / 3 - 1;
      while (lo <= hi) { const m = (lo + hi) >> 1; if (V[3 * m + 1] < i) lo = m + 1; else if (V[3 * m] > i) hi = m - 1; else return V[3 * m + 2]; }
      return 0;
    }
    function divergence(dir) {
      if (dir > 0) { for (const s of starts) if (s > cur) return s; }
      else for (let k = starts.length - 1; k >= 0; k--) if (starts[k] < cur) return starts[k];
      return cur;
    }
    // Runs body(k) with layout k as the one the pieces read, then goes back to the chosen one.
    function each(body) { const results = L.map((page, k) => { use(k); return body(k); }); use(side); return results; }
    L.forEach((page, k) => {
      const box = document.createElement("div"), name = document.createElement("div"), diags = document.createElement("div");
      box.className = "side"; box.dataset.layout = P.layouts[k];
      name.className = "name"; name.textContent = P.labels[k];
      diags.className = "diags"; diags.id = "diagnostics" + k;
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.id = "phone" + k; svg.setAttribute("font-family", $("phones").dataset.font);
      box.append(name, svg, diags);
      $("phones").appendChild(box);
      option($("side"), String(k), P.layouts[k]);
    });
    function drawPhones(i) {
      each((k) => { drawPhoneInto($("phone" + k), i); $("diagnostics" + k).textContent = diagnosticsAt(i).join("\n"); });
    }
    // What differs at step i: a row per compared path whose values differ, with every layout's value.
    function drawDivergence(i) {
      const box = $("divergence"), fields = fieldsAt(i), head = document.createElement("p");
      box.textContent = ""; box.className = fields ? "diverges" : "";
      head.textContent = fields ? "≠ the layouts diverge at step " + (FIRST + i) + ":" : "= the layouts agree at step " + (FIRST + i) + " on the input bar frame, bottom inset, offset and diagnostics.";
      box.appendChild(head);
      const differing = [];
      if (!fields) return differing;
      const values = each(() => valuesAt(i));
      const table = document.createElement("table"), header = document.createElement("tr");
      ["path"].concat(P.layouts).forEach((text) => { const th = document.createElement("th"); th.textContent = text; header.appendChild(th); });
      table.appendChild(header);
      P.compared.forEach((paths, n) => {
        if (!((fields >> n) & 1)) return;
        const rows = paths.map((path) => [path, values.map((v, k) => {
          if (path !== "diagnostics") { const value = v.get(L[k].paths.indexOf(path)); return value === undefined ? "(none)" : value; }
          const ids = [...v.keys()].filter((key) => typeof key === "number" && /^diagnostics\[\d+\]\.id$/.test(L[k].paths[key])).sort((a, b) => a - b);
          return ids.length ? ids.map((key) => JSON.parse(v.get(key)) + ": " + JSON.parse(v.get(L[k].paths.indexOf(L[k].paths[key].replace(/id$/, "message"))))).join("\n") : "none";
        })]);
        // The frame's sides that agree are left out (all are kept if none differs as text).
        const shown = rows.filter(([, texts]) => texts.some((text) => text !== texts[0]));
        for (const [path, texts] of shown.length ? shown : rows) {
          const tr = document.createElement("tr");
          tr.dataset.path = path; differing.push(path);
          [path].concat(texts).forEach((text, c) => { const td = document.createElement("td"); td.className = c ? "layout" : "path"; td.textContent = text; tr.appendChild(td); });
          table.appendChild(tr);
        }
      });
      box.appendChild(table);
      return differing;
    }
    function drawMarks() {
      const c = $("marks"), g = c.getContext("2d"), W = c.width;
      g.clearRect(0, 0, W, c.height);
      g.fillStyle = "#ff3b30";
      for (let k = 0; k < V.length; k += 3) g.fillRect(V[k] * W / N, 0, Math.max(1, (V[k + 1] - V[k] + 1) * W / N), c.height);
    }
    $("marks").onclick = (e) => { const r = e.target.getBoundingClientRect(); select(Math.floor((e.clientX - r.left) / r.width * N)); };
    // The list's rows of diverging steps are marked too, whenever rows are drawn.
    const drawListRows = drawRows;
    drawRows = () => { drawListRows(); for (const e of $("rows").children) if (fieldsAt(Number(e.dataset.step) - FIRST)) e.classList.add("diverges"); };
    $("list").onscroll = drawRows;
    function select(i, fromHash) {
      cur = Math.max(0, Math.min(N - 1, i));
      $("scrub").value = String(cur); $("scrub").setAttribute("value", String(cur));
      document.body.dataset.step = String(FIRST + cur);
      $("where").textContent = "step " + (FIRST + cur) + " of " + D.lastStep + "  t=" + num(D.t[cur]) + "s  line " + line[cur] + ": " + summaryOf(cur) + (fieldsAt(cur) ? "  ≠ the layouts diverge" : "");
      drawPhones(cur); drawState(cur);
      for (const path of drawDivergence(cur)) {
        for (const tr of $("state").tBodies[0].children) if (tr.dataset.path === path || (path === "diagnostics" && (tr.dataset.path || "").startsWith("diagnostics"))) tr.classList.add("diverged");
      }
      const list = $("list");
      let r = cur;
      if (shown) { let lo = 0, hi = shown.length; while (lo < hi) { const m = (lo + hi) >> 1; if (shown[m] < cur) lo = m + 1; else hi = m; } r = shown[lo] === cur ? lo : -1; }
      if (r >= 0 && (r * ROW < list.scrollTop || (r + 1) * ROW > list.scrollTop + list.clientHeight)) list.scrollTop = r * ROW - list.clientHeight / 2;
      drawRows();
      if (!fromHash) history.replaceState(null, "", "#step=" + (FIRST + cur));
    }
    // The chosen layout's diagnostics in the filter, its tracks and its state.
    function choose(k) {
      side = k; use(k);
      const menu = $("diagfilter");
      while (menu.options.length > 1) menu.remove(1);
      D.diagnostics.forEach((d, n) => option(menu, String(n), d[0]));
      menu.value = "";
    }
    const pin = $("pin").onclick;
    $("pin").onclick = () => { pin(); select(cur, true); };
    $("side").onchange = () => { choose(Number($("side").value)); filter(); drawTracks(); select(cur, true); };
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
      if (e.key === "}") select(divergence(1));
      else if (e.key === "{") select(divergence(-1));
      else return;
      e.preventDefault();
    });
    choose(0);
    $("why").textContent = D.explains ? "Click a value of " + P.layouts[side] + " for its why and blame." : "Click a value: this page has " + N + " steps, more than the " + D.explainedStepLimit + " that carry why and blame; the text says how to get them.";
    filter(); drawTracks(); drawMarks(); select(fromHash(), true);
    """#
}
