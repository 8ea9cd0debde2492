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
    <script type="application/json" id="data">\(data)</script>
    <script>
    \(script)
    </script>
    </body>
    </html>

    """
  }

  static let style = """
    body{font:13px/1.4 -apple-system,system-ui,sans-serif;margin:0;color:#222;background:#f7f7f9}
    header{padding:8px 16px;background:#1d1d1f;color:#fff}h1{font-size:15px;margin:0}
    header p{margin:2px 0 0;color:#ccc;white-space:pre-wrap}
    #controls{padding:8px 16px;background:#fff;border-bottom:1px solid #ddd}
    #scrub{width:60%;vertical-align:middle}#tracks{display:block;width:100%;height:90px}
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
    #why{background:#fff;border:1px solid #ddd;padding:6px;white-space:pre-wrap;font-size:12px}
    #help{position:fixed;top:20%;left:25%;background:#fff;border:2px solid #333;padding:12px}
    @media (prefers-color-scheme: dark){body{background:#111;color:#ddd}#controls,#list,#state,#why,#help{background:#1c1c1e;color:#ddd}}
    """

  static let script = #"""
    "use strict";
    const D = JSON.parse(document.getElementById("data").textContent);
    const S = D.steps, N = S.length, ROW = 20;
    let cur = 0, pinned = null, playing = null;
    const $ = (id) => document.getElementById(id);
    $("title").textContent = D.title;
    $("summary").textContent = D.summary;
    $("scrub").max = String(N - 1);
    function valuesAt(i) {
      let c = i; while (!S[c].full) c--;
      const v = new Map();
      for (let j = c; j <= i; j++) {
        const a = S[j].state;
        if (S[j].full) v.clear();
        for (let k = 0; k < a.length; k += 2) { if (a[k + 1] === null) v.delete(a[k]); else v.set(a[k], a[k + 1]); }
      }
      return v;
    }
    const types = [...new Set(S.map((s) => s.type))].sort();
    for (const t of types) { const o = document.createElement("option"); o.value = t; o.textContent = t; $("typefilter").appendChild(o); }
    const ids = [...new Set(S.flatMap((s) => s.diagnostics))].sort();
    for (const t of ids) { const o = document.createElement("option"); o.value = t; o.textContent = t; $("diagfilter").appendChild(o); }
    let shown = S.map((s, i) => i);
    function filter() {
      const t = $("typefilter").value, d = $("diagfilter").value, q = $("search").value.toLowerCase();
      shown = [];
      for (let i = 0; i < N; i++) {
        const s = S[i];
        if (t && s.type !== t) continue;
        if (d && !s.diagnostics.includes(d)) continue;
        if (q && !(s.summary.toLowerCase().includes(q) || s.type.includes(q))) continue;
        shown.push(i);
      }
      $("badge").textContent = (t || d || q) ? "filters active: " + shown.length + " of " + N : "";
      $("rows").style.height = shown.length * ROW + "px";
      drawRows();
    }
    function drawRows() {
      const list = $("list"), rows = $("rows");
      const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
      const last = Math.min(shown.length, first + Math.ceil(list.clientHeight / ROW) + 10);
      rows.textContent = "";
      for (let r = first; r < last; r++) {
        const i = shown[r], s = S[i], e = document.createElement("div");
        e.className = "row" + (i === cur ? " sel" : "") + (s.diagnostics.length ? " bad" : "");
        e.style.top = r * ROW + "px";
        e.dataset.step = String(s.step);
        e.textContent = s.step + "  t=" + s.t + "s  line " + s.line + "  " + s.summary;
        e.onclick = () => select(i);
        rows.appendChild(e);
      }
    }
    $("list").onscroll = drawRows;
    for (const id of ["typefilter", "diagfilter"]) $(id).onchange = filter;
    $("search").oninput = filter;
    function drawPhone(i) {
      const svg = $("phone"), s = S[i], ns = "http://www.w3.org/2000/svg";
      svg.textContent = "";
      let clips = [];
      for (const id of s.scene) {
        const [kind, style, x, y, width, height, text, size, radius, centred, clip] = D.shapes[id];
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
      }
      const win = D.shapes[s.scene[0]];
      svg.setAttribute("viewBox", "0 0 " + win[4] + " " + win[5]);
      $("diagnostics").textContent = s.messages.join("\n");
    }
    function drawState(i) {
      const now = valuesAt(i), before = i > 0 ? valuesAt(i - 1) : new Map(), pin = pinned === null ? null : valuesAt(pinned);
      const body = $("state").tBodies[0];
      body.textContent = "";
      const why = new Map();
      if (D.explains) { const a = S[i].why; for (let k = 0; k < a.length; k += 3) why.set(a[k], [a[k + 1], a[k + 2]]); }
      for (const [id, value] of [...now.entries()].sort((a, b) => a[0] - b[0])) {
        const tr = document.createElement("tr"), path = D.paths[id];
        tr.dataset.path = path;
        const old = before.get(id);
        if (i > 0 && old !== value) tr.className = "changed";
        const cells = [path, value, i > 0 && old !== value ? (old === undefined ? "(new)" : old + " → " + value) : "",
          pin && pin.get(id) !== value ? (pin.get(id) === undefined ? "(none)" : pin.get(id)) + " → " + value : ""];
        cells.forEach((text, n) => { const td = document.createElement("td"); td.className = ["path", "value", "diff", "pin"][n]; td.textContent = text; tr.appendChild(td); });
        tr.children[1].onclick = () => {
          const w = why.get(id);
          $("why").textContent = w ? D.texts[w[0]] + "\n\n" + D.texts[w[1]]
            : "In the debugger: replay " + D.file + ", then 'goto " + S[i].step + "', 'why " + path + "' and 'blame " + path + "' (this page is too long to carry them for every step).";
        };
        body.appendChild(tr);
      }
    }
    const tracks = [["k", "#0a84ff"], ["barMaxY", "#34c759"], ["inset", "#ff9500"], ["offset", "#af52de"]];
    function drawTracks() {
      const c = $("tracks"), g = c.getContext("2d"), W = c.width, H = c.height - 20;
      g.clearRect(0, 0, W, c.height);
      for (const [key, color] of tracks) {
        let lo = Infinity, hi = -Infinity;
        for (const s of S) { if (s[key] < lo) lo = s[key]; if (s[key] > hi) hi = s[key]; }
        if (!(hi > lo)) { hi = lo + 1; }
        g.strokeStyle = color; g.beginPath();
        for (let x = 0; x < W; x++) {
          const a = Math.floor(x * N / W), b = Math.max(a + 1, Math.floor((x + 1) * N / W));
          let mn = Infinity, mx = -Infinity;
          for (let j = a; j < b && j < N; j++) { const v = S[j][key]; if (v < mn) mn = v; if (v > mx) mx = v; }
          if (mn === Infinity) continue;
          g.moveTo(x + 0.5, H - (mn - lo) / (hi - lo) * H); g.lineTo(x + 0.5, H - (mx - lo) / (hi - lo) * H - 0.5);
        }
        g.stroke();
      }
      const colors = ["#ff3b30", "#ff9500", "#af52de", "#5856d6", "#34c759", "#8e8e93"];
      ids.forEach((d, n) => {
        g.fillStyle = colors[n % colors.length];
        for (let x = 0; x < W; x++) {
          const a = Math.floor(x * N / W), b = Math.max(a + 1, Math.floor((x + 1) * N / W));
          for (let j = a; j < b && j < N; j++) if (S[j].diagnostics.includes(d)) { g.fillRect(x, H + 2 + (n % 4) * 4, 1, 3); break; }
        }
      });
      const axis = $("axis"); axis.textContent = "";
      const end = S[N - 1].t;
      for (let k = 0; k <= 10; k++) { const e = document.createElement("span"); e.style.left = k * 10 + "%"; e.textContent = (end * k / 10).toFixed(1) + "s"; axis.appendChild(e); }
    }
    function select(i, fromHash) {
      cur = Math.max(0, Math.min(N - 1, i));
      const s = S[cur];
      $("scrub").value = String(cur); $("scrub").setAttribute("value", String(cur));
      document.body.dataset.step = String(s.step);
      $("where").textContent = "step " + s.step + " of " + D.lastStep + "  t=" + s.t + "s  line " + s.line + ": " + s.summary;
      drawPhone(cur); drawState(cur);
      const list = $("list"), r = shown.indexOf(cur);
      if (r >= 0 && (r * ROW < list.scrollTop || (r + 1) * ROW > list.scrollTop + list.clientHeight)) list.scrollTop = r * ROW - list.clientHeight / 2;
      drawRows();
      if (!fromHash) history.replaceState(null, "", "#step=" + s.step);
    }
    function fromHash() {
      const h = location.hash.slice(1), m = /^step=(\d+)$/.exec(h), t = /^t=([\d.]+)$/.exec(h);
      if (m) return Number(m[1]) - D.first;
      if (t) { const v = Number(t[1]); let i = 0; while (i + 1 < N && S[i + 1].t <= v) i++; return i; }
      return 0;
    }
    function diagChange(dir) {
      const key = (i) => S[i].diagnostics.join(",");
      for (let i = cur + dir; i >= 0 && i < N; i += dir) if (key(i) !== key(i - dir)) return i;
      return cur;
    }
    function play() {
      if (playing) { clearTimeout(playing); playing = null; $("play").textContent = "▶ play"; return; }
      $("play").textContent = "⏸ pause";
      const tick = () => {
        if (cur >= N - 1) { playing = null; $("play").textContent = "▶ play"; return; }
        // Idle gaps are skipped: no wait is longer than a second, whatever the recording's gap.
        const wait = Math.min(1, Math.max(0, S[cur + 1].t - S[cur].t)) * 1000 / Number($("speed").value);
        playing = setTimeout(() => { select(cur + 1); tick(); }, wait);
      };
      tick();
    }
    $("play").onclick = play;
    $("scrub").oninput = () => select(Number($("scrub").value));
    $("pin").onclick = () => { pinned = cur; $("pinned").textContent = "pinned: step " + S[cur].step; drawState(cur); };
    $("tracks").onclick = (e) => { const r = e.target.getBoundingClientRect(); select(Math.floor((e.clientX - r.left) / r.width * N)); };
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
      const k = e.key;
      if (k === "n" || k === "ArrowRight") select(cur + 1);
      else if (k === "b" || k === "ArrowLeft") select(cur - 1);
      else if (k === "Home") select(0);
      else if (k === "End") select(N - 1);
      else if (k === "]") select(diagChange(1));
      else if (k === "[") select(diagChange(-1));
      else if (k === " ") play();
      else if (k === "?") $("help").hidden = !$("help").hidden;
      else if (k === "Escape") $("help").hidden = true;
      else return;
      e.preventDefault();
    });
    window.addEventListener("hashchange", () => select(fromHash(), true));
    filter(); drawTracks(); select(fromHash(), true);
    """#
}
