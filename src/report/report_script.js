// The report's interactive timeline (the data contract: tracedoc-report-data/1). The C++ inlines
// this file at the end of <body>. It reads the JSON data block and draws, on canvases, the lanes
// (frames and aggregated buckets), a time axis and one memory chart per device, all with one x
// mapping. Without JavaScript, or when anything it needs is missing, the page keeps its static
// SVG overview and this script says nothing.
(function () {
  'use strict';

  const kFormat = 'tracedoc-report-data/1';
  const kRowH = 18;          // one lane row (CSS px)
  const kLabelW = 180;       // the label column; every canvas plots time right of it
  const kAxisH = 24;
  const kMaxLanesH = 540;    // more rows scroll inside their box
  const kMinLabelW = 20;     // narrower frames carry no text
  const kMinSpanNs = 10;     // the deepest zoom
  const kFont = '11px system-ui, sans-serif';
  const kKindNames = ['span', 'op', 'device interval'];
  const kPeakColour = '#d62f2f';
  const kBucketColours = ['rgba(105,105,105,0.15)', 'rgba(105,105,105,0.6)'];  // extent, busy part
  const kCurves = [  // drawn in this order: the logical curve on top
    { key: 'reserved', colour: '#999', dash: [4, 3] },
    { key: 'used', colour: '#e07b00', dash: [] },
    { key: 'logical', colour: '#2f6fd6', dash: [] },
  ];

  const kStyle = `
.td-app{position:relative;margin:8px 0;font:12px/1.4 system-ui,sans-serif;color:#1b1b1b}
.td-toolbar{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center;margin:0 0 6px}
.td-toolbar input{font:inherit;padding:2px 6px;width:220px}.td-count{color:#444;min-width:10em}.td-note{color:#666}
.td-legend i{display:inline-block;width:10px;height:10px;margin:0 3px 0 9px;vertical-align:-1px}
.td-app canvas{display:block;cursor:grab;outline:none;touch-action:none}
.td-app canvas:focus-visible{box-shadow:inset 0 0 0 2px #2f6fd6}
.td-lanes{overflow-y:auto;overflow-x:hidden;border-top:1px solid #ddd;border-bottom:1px solid #ddd}
.td-lanes canvas{position:sticky;top:0}.td-memory-title{margin:10px 0 2px;font-weight:600}
.hover-card{position:absolute;z-index:5;display:none;pointer-events:none;background:#fff;border:1px solid #bbb;
box-shadow:0 2px 8px rgba(0,0,0,.18);padding:6px 8px;max-width:420px}
.td-card-title{font-weight:600;word-break:break-all}.td-card-row span{display:inline-block;min-width:5.5em;color:#666}
.td-card-args{margin-top:4px;font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
.td-selection{margin-top:8px;padding:6px 8px;border:1px solid #ddd;background:#fafafa}
.td-selection .td-empty{color:#666;font-style:italic}`;

  // ---------------------------------------------------------------- formatting

  function formatNs(ns) {
    const a = Math.abs(ns);
    if (a < 1e3) return `${Math.round(ns)} ns`;
    if (a < 1e6) return `${(ns / 1e3).toFixed(3)} µs`;
    if (a < 1e9) return `${(ns / 1e6).toFixed(3)} ms`;
    return `${(ns / 1e9).toFixed(3)} s`;
  }

  function formatBytes(bytes) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let v = bytes;
    let u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) { v /= 1024; ++u; }
    return u === 0 ? `${Math.round(v)} B` : `${v.toFixed(v < 10 ? 2 : 1)} ${units[u]}`;
  }

  const plural = (n, one, many) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

  // Ticks 1/2/5 × 10^k about every 110 px, labelled in the unit of the step (relative time).
  function niceTicks(start, end, widthPx) {
    const rough = Math.max(1, (end - start) / Math.max(1, widthPx / 110));
    const p = Math.pow(10, Math.floor(Math.log10(rough)));
    const m = rough / p;
    const step = (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    const [div, unit] = step >= 1e9 ? [1e9, 's'] : step >= 1e6 ? [1e6, 'ms'] : step >= 1e3 ? [1e3, 'µs'] : [1, 'ns'];
    const decimals = Math.max(0, -Math.floor(Math.log10(step / div) + 1e-9));
    const ticks = [];
    for (let t = Math.ceil(start / step) * step; t <= end; t += step) {
      ticks.push({ t, label: `${(t / div).toFixed(decimals)} ${unit}` });
    }
    return ticks;
  }

  // ---------------------------------------------------------------- searching sorted columns

  // The first index in [lo, hi) whose value is >= v (the column is non-decreasing there).
  function lowerBound(column, lo, hi, v) {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (column[mid] < v) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  // The value in force at time t of a step curve, or null before its first point.
  function valueAt({ times, values }, t) {
    const k = lowerBound(times, 0, times.length, t + 0.5) - 1;
    return k >= 0 ? values[k] : null;
  }

  // The min and max of any run of a curve's values in O(log n): a segment tree over them.
  function rangeTree(values) {
    const n = values.length;
    const min = new Float64Array(2 * n);
    const max = new Float64Array(2 * n);
    for (let i = 0; i < n; ++i) min[n + i] = max[n + i] = values[i];
    for (let p = n - 1; p > 0; --p) {
      min[p] = Math.min(min[2 * p], min[2 * p + 1]);
      max[p] = Math.max(max[2 * p], max[2 * p + 1]);
    }
    return { n, min, max };
  }

  function rangeMinMax(tree, l, r, out) {
    out[0] = Infinity;
    out[1] = -Infinity;
    for (l += tree.n, r += tree.n; l < r; l >>= 1, r >>= 1) {
      if (l & 1) { out[0] = Math.min(out[0], tree.min[l]); out[1] = Math.max(out[1], tree.max[l]); ++l; }
      if (r & 1) { --r; out[0] = Math.min(out[0], tree.min[r]); out[1] = Math.max(out[1], tree.max[r]); }
    }
  }

  // ---------------------------------------------------------------- the model

  function numbers(src, n, Type, fill) {
    const out = new Type(n);
    const m = Array.isArray(src) ? Math.min(n, src.length) : 0;
    for (let i = 0; i < m; ++i) out[i] = Number(src[i]);
    if (m < n) out.fill(fill, m);
    return out;
  }

  // Orders typed columns by row then `key`, drops rows outside the lanes and adds per-row
  // offsets. Data in the contract's order is only checked; anything else is sorted.
  function byRow(c, key, rowCount) {
    const { row } = c;
    const sortKey = c[key];
    let ordered = true;
    for (let i = 0; i < row.length && ordered; ++i) {
      ordered = row[i] >= 0 && row[i] < rowCount &&
        (i === 0 || row[i] > row[i - 1] || (row[i] === row[i - 1] && sortKey[i] >= sortKey[i - 1]));
    }
    if (!ordered) {
      const keep = [];
      for (let i = 0; i < row.length; ++i) if (row[i] >= 0 && row[i] < rowCount) keep.push(i);
      keep.sort((a, b) => row[a] - row[b] || sortKey[a] - sortKey[b]);
      for (const k of Object.keys(c)) c[k] = c[k].constructor.from(keep, (i) => c[k][i]);
    }
    c.len = c.row.length;  // not "count": buckets have a column of that name
    c.rowStart = new Int32Array(rowCount + 1);
    for (let i = 0, r = 0; r <= rowCount; ++r) {
      while (i < c.len && c.row[i] < r) ++i;
      c.rowStart[r] = i;
    }
    return c;
  }

  // Frames as typed columns, with the running maximum of ends per row, which finds the first
  // frame in view by bisection (even if frames overlapped, against the contract).
  function buildFrames(f, rowCount) {
    const n = Math.min(...['kind', 'row', 'start', 'dur', 'name'].map((k) => (Array.isArray(f[k]) ? f[k].length : 0)));
    const c = byRow({
      kind: numbers(f.kind, n, Int8Array, 0), row: numbers(f.row, n, Int32Array, -1),
      start: numbers(f.start, n, Float64Array, 0), dur: numbers(f.dur, n, Float64Array, 0),
      self: numbers(Array.isArray(f.self) ? f.self : f.dur, n, Float64Array, 0),
      name: numbers(f.name, n, Int32Array, -1), args: numbers(f.args, n, Int32Array, -1),
      ref: numbers(f.ref, n, Float64Array, -1),
    }, 'start', rowCount);
    c.maxEnd = new Float64Array(c.len);
    c.lastEnd = 0;
    for (let i = 0; i < c.len; ++i) {
      const end = c.start[i] + c.dur[i];
      c.maxEnd[i] = i > 0 && c.row[i] === c.row[i - 1] ? Math.max(end, c.maxEnd[i - 1]) : end;
      c.lastEnd = Math.max(c.lastEnd, end);
    }
    return c;
  }

  // Buckets as typed columns with the running sum of busy time; null when there are none.
  function buildBuckets(b, rowCount) {
    const width = Number(b && b.width);
    if (!b || !(width > 0) || !Array.isArray(b.row) || !b.row.length) return null;
    const n = b.row.length;
    const c = byRow({
      row: numbers(b.row, n, Int32Array, -1), index: numbers(b.index, n, Float64Array, 0),
      count: numbers(b.count, n, Float64Array, 0), busy: numbers(b.busy, n, Float64Array, 0),
    }, 'index', rowCount);
    c.width = width;
    c.lastEnd = 0;
    c.busyPrefix = new Float64Array(c.len + 1);
    for (let i = 0; i < c.len; ++i) {
      c.lastEnd = Math.max(c.lastEnd, (c.index[i] + 1) * width);
      c.busyPrefix[i + 1] = c.busyPrefix[i] + c.busy[i];
    }
    return c.len ? c : null;
  }

  // Flat [t0, b0, t1, b1, ...] pairs as times and values in time order, with a range tree.
  function curveOf(src) {
    const flat = Array.isArray(src) ? src : [];
    const order = Array.from({ length: flat.length >> 1 }, (_, k) => k);
    if (order.some((k) => k > 0 && flat[2 * k] < flat[2 * k - 2])) order.sort((a, b) => flat[2 * a] - flat[2 * b] || a - b);
    const values = Float64Array.from(order, (k) => Number(flat[2 * k + 1]));
    return { times: Float64Array.from(order, (k) => Number(flat[2 * k])), values, tree: rangeTree(values) };
  }

  function buildMemory(memory) {
    return (Array.isArray(memory) ? memory : []).map((m) => {
      const device = { name: String(m && m.device), max: 1, lastT: 0 };
      for (const { key } of kCurves) {
        const curve = (device[key] = curveOf(m && m[key]));
        curve.values.forEach((v) => { device.max = Math.max(device.max, v); });
        if (curve.times.length) device.lastT = Math.max(device.lastT, curve.times[curve.times.length - 1]);
      }
      return device;
    });
  }

  function buildModel(data) {
    const processes = Array.isArray(data.processes) ? data.processes : [];
    const lanes = (Array.isArray(data.lanes) ? data.lanes : []).map((lane, r, all) => {
      const l = Array.isArray(lane) ? lane : [];
      const prev = Array.isArray(all[r - 1]) ? all[r - 1] : null;
      const first = !prev || prev[0] !== l[0] || prev[1] !== l[1];  // a track's first row
      return { label: `${processes[l[0]] ?? '?'} · ${l[1] ?? ''}`, depth: Number(l[2]) || 0, first };
    });
    const frames = buildFrames(data.frames || {}, lanes.length);
    const buckets = buildBuckets(data.buckets, lanes.length);
    const memory = buildMemory(data.memory);
    const peak = data.peak && Number.isFinite(Number(data.peak.at)) ? {
      at: Number(data.peak.at), bytes: Number(data.peak.bytes) || 0, device: String(data.peak.device),
    } : null;
    const end = Math.max(1, Number(data.end) || 0, frames.lastEnd, buckets ? buckets.lastEnd : 0,
      ...memory.map((d) => d.lastT), peak ? peak.at : 0);
    const total = Number(data.frames_total);
    const aggregated = Number.isFinite(total) ? Math.max(0, total - frames.len) : 0;
    return { strings: Array.isArray(data.strings) ? data.strings : [], lanes, frames, buckets, memory, peak, end, aggregated };
  }

  // ---------------------------------------------------------------- colours

  function hashString(s) {
    let h = 2166136261;  // FNV-1a: the same name gets the same hue in every report
    for (let i = 0; i < s.length; ++i) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return h >>> 0;
  }

  // Spans warm, ops cool, device intervals green; a pale variant for search misses.
  function kindColour(kind, name, dim) {
    const h = hashString(name);
    const [base, range, sat, light] = kind === 0 ? [8, 42, 78, 70] : kind === 1 ? [190, 55, 58, 72] : [95, 50, 45, 62];
    const hue = base + (h % range);
    return dim ? `hsl(${hue},18%,91%)` : `hsl(${hue},${sat}%,${light - ((h >>> 8) % 8)}%)`;
  }

  // ---------------------------------------------------------------- canvas helpers

  // Straight segments [x0, y0, x1, y1, ...] stroked as one path.
  function strokeSegments(ctx, colour, segments, dash) {
    ctx.strokeStyle = colour;
    ctx.setLineDash(dash || []);
    ctx.beginPath();
    for (let k = 0; k < segments.length; k += 4) {
      ctx.moveTo(segments[k], segments[k + 1]);
      ctx.lineTo(segments[k + 2], segments[k + 3]);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Rectangles gathered per fill colour and filled as one path each: far fewer style changes
  // than one per frame.
  function addRect(batch, colour, x, y, w, h) {
    let list = batch.get(colour);
    if (!list) batch.set(colour, (list = []));
    list.push(x, y, w, h);
  }

  function fillBatch(ctx, batch) {
    for (const [colour, r] of batch) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (let k = 0; k < r.length; k += 4) ctx.rect(r[k], r[k + 1], r[k + 2], r[k + 3]);
      ctx.fill();
    }
  }

  // ---------------------------------------------------------------- the app

  function createApp(section, app, model) {
    const F = model.frames;
    const B = model.buckets;
    const rows = model.lanes.length;
    const st = {
      start: 0, end: model.end, width: 0, dpr: 1, lanesH: 0, selected: -1, mouseX: null,
      matchPrefix: null, drawn: 0, pending: false, drag: null,
    };
    const colourCache = new Map();
    const textWidthCache = new Map();

    // The DOM: toolbar, axis, scrolling lanes, memory charts, hover card, selection panel.
    const el = (tag, props, parent) => {
      const node = Object.assign(document.createElement(tag), props || {});
      if (parent) parent.appendChild(node);
      return node;
    };
    document.head.appendChild(el('style', { textContent: kStyle }));
    app.textContent = '';
    app.classList.add('td-app');
    const toolbar = el('div', { className: 'td-toolbar' }, app);
    const search = el('input', { type: 'search', id: 'timeline-search', placeholder: 'search frames by name' }, toolbar);
    search.setAttribute('aria-label', 'search frames by name');
    const countText = el('span', { id: 'timeline-search-count', className: 'td-count' }, toolbar);
    const rangeText = el('span', { className: 'td-note' }, toolbar);
    const legend = el('span', { className: 'td-legend' }, toolbar);
    for (const [text, colour] of [['spans', 'hsl(25,78%,66%)'], ['ops', 'hsl(215,58%,70%)'],
      ['device', 'hsl(120,45%,58%)'], ['aggregated', kBucketColours[1]], ['peak', kPeakColour]]) {
      el('i', { style: `background:${colour}` }, legend);
      legend.appendChild(document.createTextNode(text));
    }
    if (model.aggregated > 0) {
      el('span', { className: 'td-note', textContent: `${plural(F.len, 'frame', 'frames')} in detail, ` +
        `${plural(model.aggregated, 'frame', 'frames')} summed in grey buckets` }, toolbar);
    }
    el('span', { className: 'td-note', textContent: 'wheel zoom · drag pan · w/s a/d +/- 0 keys · click to pin' }, toolbar);
    const canvas = (role, parent) => {
      const node = el('canvas', { tabIndex: 0 }, parent);
      node.dataset.role = role;
      return node;
    };
    const axis = canvas('axis', app);
    const lanesBox = el('div', { className: 'td-lanes' }, app);
    const lanes = canvas('lanes', lanesBox);
    lanes.setAttribute('aria-label', 'timeline lanes: wheel or w/s to zoom, drag or a/d to pan');
    const spacer = el('div', {}, lanesBox);
    let memory = null;
    let memH = 0;
    if (model.memory.length) {
      el('div', { className: 'td-memory-title', textContent: 'Memory per device (same time axis)' }, app);
      memory = canvas('memory', app);
      const n = model.memory.length;
      memH = n <= 3 ? 90 : 60;  // small multiples for many devices
      if (n * memH > 16000) memH = Math.max(16, Math.floor(16000 / n));  // canvases have a size limit
    }
    const card = el('div', { className: 'hover-card' }, app);
    const selection = el('div', { id: 'timeline-selection', className: 'td-selection' }, app);
    selection.setAttribute('aria-live', 'polite');

    // ------------------------------------------------------------ x mapping (shared by all canvases)

    const plotW = () => Math.max(1, st.width - kLabelW);
    const xOf = (t) => kLabelW + ((t - st.start) * plotW()) / (st.end - st.start);
    const tOf = (x) => st.start + ((x - kLabelW) * (st.end - st.start)) / plotW();
    const inView = (t) => t >= st.start && t <= st.end;

    function setView(start, end) {
      const full = model.end;
      const span = Math.min(Math.max(end - start, Math.min(kMinSpanNs, full)), full);
      st.start = Math.min(Math.max(start, 0), full - span);
      st.end = st.start + span;
      publishView();
      requestDraw();
    }

    function publishView() {
      app.dataset.viewStart = String(Math.round(st.start));
      app.dataset.viewEnd = String(Math.round(st.end));
      rangeText.textContent = `view ${formatNs(st.start)} – ${formatNs(st.end)} (${formatNs(st.end - st.start)})`;
    }

    function zoomAbout(factor, anchor) {
      const span = st.end - st.start;
      const at = anchor === undefined ? st.start + span / 2 : anchor;
      const start = at - ((at - st.start) / span) * span * factor;
      setView(start, start + span * factor);
    }

    const pan = (ns) => setView(st.start + ns, st.end + ns);

    // ------------------------------------------------------------ layout

    function sizeCanvas(node, h) {
      node.style.width = `${st.width}px`;
      node.style.height = `${h}px`;
      node.width = Math.max(1, Math.round(st.width * st.dpr));
      node.height = Math.max(1, Math.round(h * st.dpr));
    }

    function layout() {
      st.lanesH = Math.max(kRowH, Math.min(rows * kRowH, kMaxLanesH));
      lanesBox.style.height = `${st.lanesH}px`;
      spacer.style.height = `${Math.max(0, rows * kRowH - st.lanesH)}px`;
      // The lanes' width without their scroll bar is every canvas' width: one x mapping for all.
      st.width = Math.max(kLabelW + 120, lanesBox.clientWidth);
      st.dpr = window.devicePixelRatio || 1;
      sizeCanvas(axis, kAxisH);
      sizeCanvas(lanes, st.lanesH);
      if (memory) sizeCanvas(memory, model.memory.length * memH);
    }

    // ------------------------------------------------------------ drawing

    function requestDraw() {
      if (st.pending) return;
      st.pending = true;
      requestAnimationFrame(() => { if (st.pending) draw(); });
    }

    function draw() {
      st.pending = false;
      const ticks = niceTicks(st.start, st.end, plotW());
      drawAxis(ticks);
      st.drawn = drawLanes(ticks);
      if (memory) drawMemory(ticks);
      app.dataset.framesDrawn = String(st.drawn);
      publishView();
    }

    function context(node) {
      const ctx = node.getContext('2d');
      ctx.setTransform(st.dpr, 0, 0, st.dpr, 0, 0);
      ctx.font = kFont;
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'left';
      ctx.lineWidth = 1;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, st.width, node.height / st.dpr);
      return ctx;
    }

    function clipPlot(ctx, h) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(kLabelW, 0, plotW(), h);
      ctx.clip();
    }

    const pixelX = (t) => Math.round(xOf(t)) + 0.5;  // a crisp 1 px line at time t

    function drawGrid(ctx, ticks, h) {
      strokeSegments(ctx, '#ececec', ticks.flatMap(({ t }) => [pixelX(t), 0, pixelX(t), h]));
    }

    function peakLine(ctx, y0, y1) {
      if (!model.peak || !inView(model.peak.at)) return;
      const x = pixelX(model.peak.at);
      strokeSegments(ctx, kPeakColour, [x, y0, x, y1], [4, 3]);
    }

    function drawAxis(ticks) {
      const ctx = context(axis);
      ctx.fillStyle = '#555';
      ctx.fillText('time after origin', 6, kAxisH / 2);
      clipPlot(ctx, kAxisH);
      strokeSegments(ctx, '#333', [kLabelW, kAxisH - 0.5, st.width, kAxisH - 0.5,
        ...ticks.flatMap(({ t }) => [pixelX(t), kAxisH - 6, pixelX(t), kAxisH])]);
      ctx.fillStyle = '#222';
      ctx.textAlign = 'center';
      for (const { t, label } of ticks) {
        const half = ctx.measureText(label).width / 2 + 2;  // whole labels, even at the edges
        ctx.fillText(label, Math.min(Math.max(pixelX(t), kLabelW + half), st.width - half), kAxisH / 2 - 2);
      }
      if (model.peak && inView(model.peak.at)) {  // a small triangle on the axis points at the peak
        const x = pixelX(model.peak.at);
        peakLine(ctx, 0, kAxisH);
        ctx.fillStyle = kPeakColour;
        ctx.beginPath();
        ctx.moveTo(x - 5, kAxisH - 8);
        ctx.lineTo(x + 5, kAxisH - 8);
        ctx.lineTo(x, kAxisH);
        ctx.fill();
      }
      ctx.restore();
    }

    // Whether frames [i, j) are drawn pale: a search is on and none of them matches it.
    const dimmed = (i, j) => st.matchPrefix !== null && st.matchPrefix[j] === st.matchPrefix[i];
    const frameName = (i) => String(model.strings[F.name[i]] ?? '');

    function frameColour(i, dim) {
      const key = (F.name[i] * 3 + F.kind[i]) * 2 + (dim ? 1 : 0);
      let colour = colourCache.get(key);
      if (colour === undefined) colourCache.set(key, (colour = kindColour(F.kind[i], frameName(i), dim)));
      return colour;
    }

    // The longest prefix of text, with "…", that fits in maxW px ('' when not even one letter).
    function fitText(ctx, text, maxW) {
      let full = textWidthCache.get(text);
      if (full === undefined) {
        if (textWidthCache.size > 5000) textWidthCache.clear();
        textWidthCache.set(text, (full = ctx.measureText(text).width));
      }
      if (full <= maxW) return text;
      let lo = 0;
      let hi = text.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxW) lo = mid; else hi = mid - 1;
      }
      return lo > 0 ? `${text.slice(0, lo)}…` : '';
    }

    // One row's frames in view. Frames under a pixel are merged: everything that starts in the
    // same pixel column becomes one 1 px box, found by bisection, so a zoomed-out row costs about
    // one step per pixel however many frames it holds.
    function drawFramesRow(batch, r, y, labels) {
      const hi = F.rowStart[r + 1];
      let i = lowerBound(F.maxEnd, F.rowStart[r], hi, st.start);
      let count = 0;
      for (; i < hi && F.start[i] <= st.end; ++count) {
        const x0 = xOf(F.start[i]);
        const x1 = xOf(F.start[i] + F.dur[i]);
        if (x1 - x0 >= 1) {
          const a = Math.max(x0, kLabelW);
          const w = Math.min(x1, st.width) - a;
          addRect(batch, frameColour(i, dimmed(i, i + 1)), a, y + 1, Math.max(1, w - (w > 3 ? 1 : 0)), kRowH - 2);
          if (w >= kMinLabelW) labels.push(i, a, w, y);
          ++i;
          continue;
        }
        const col = Math.floor(x0);
        let j = lowerBound(F.start, i + 1, hi, tOf(col + 1));
        // A wide frame that starts in this column is drawn on its own next.
        if (j - 1 > i && xOf(F.start[j - 1] + F.dur[j - 1]) >= col + 2) j -= 1;
        addRect(batch, frameColour(i, dimmed(i, j)), Math.max(col, kLabelW), y + 1, 1, kRowH - 2);
        i = j;
      }
      return count;
    }

    // One row's aggregated buckets: a light box over each bucket and a darker one as high as its
    // busy fraction. Buckets under a pixel share one box, their busy time summed over the pixel.
    function drawBucketsRow(batch, r, y) {
      if (!B) return 0;
      const hi = B.rowStart[r + 1];
      let i = lowerBound(B.index, B.rowStart[r], hi, Math.floor(st.start / B.width));
      let count = 0;
      for (; i < hi && B.index[i] * B.width <= st.end; ++count) {
        const t0 = B.index[i] * B.width;
        const x0 = Math.max(xOf(t0), kLabelW);
        const w = Math.min(xOf(t0 + B.width), st.width) - x0;
        let j = i + 1;
        let fraction = B.busy[i] / B.width;
        if (w < 1) {
          j = lowerBound(B.index, i + 1, hi, Math.ceil(tOf(Math.floor(x0) + 1) / B.width));
          fraction = ((B.busyPrefix[j] - B.busyPrefix[i]) * plotW()) / (st.end - st.start);
        } else {
          addRect(batch, kBucketColours[0], x0, y + 1, w, kRowH - 2);
        }
        const h = Math.max(2, Math.round(Math.min(1, fraction) * (kRowH - 2)));
        addRect(batch, kBucketColours[1], w < 1 ? Math.floor(x0) : x0, y + kRowH - 1 - h, Math.max(1, w), h);
        i = j;
      }
      return count;
    }

    function drawLaneLabels(ctx, r0, r1, top) {
      ctx.fillStyle = '#f7f7f7';
      ctx.fillRect(0, 0, kLabelW, st.lanesH);
      const lines = [kLabelW - 0.5, 0, kLabelW - 0.5, st.lanesH];
      for (let r = Math.max(1, r0); r < r1; ++r) {  // a line between tracks
        if (model.lanes[r].first) lines.push(0, Math.round(r * kRowH - top) + 0.5, st.width, Math.round(r * kRowH - top) + 0.5);
      }
      strokeSegments(ctx, '#d0d0d0', lines);
      ctx.fillStyle = '#222';
      for (let r = r0; r < r1; ++r) {
        if (!model.lanes[r].first && r !== r0) continue;  // a track scrolled half off keeps its label
        ctx.fillText(fitText(ctx, model.lanes[r].label, kLabelW - 10), 5, r * kRowH - top + kRowH / 2);
      }
    }

    function drawSelection(ctx, top) {
      const i = st.selected;
      if (i < 0 || F.start[i] > st.end || F.start[i] + F.dur[i] < st.start) return;
      const x0 = Math.max(xOf(F.start[i]), kLabelW - 2);
      const x1 = Math.min(xOf(F.start[i] + F.dur[i]), st.width + 2);
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 2;
      ctx.strokeRect(x0 - 1, F.row[i] * kRowH - top + 1, Math.max(2, x1 - x0) + 2, kRowH - 2);
      ctx.lineWidth = 1;
    }

    function drawLanes(ticks) {
      const ctx = context(lanes);
      const top = lanesBox.scrollTop;
      const r0 = Math.max(0, Math.floor(top / kRowH));
      const r1 = Math.min(rows, Math.ceil((top + st.lanesH) / kRowH));
      clipPlot(ctx, st.lanesH);
      drawGrid(ctx, ticks, st.lanesH);
      let count = 0;
      const labels = [];
      const buckets = new Map();
      const frames = new Map();
      for (let r = r0; r < r1; ++r) {
        count += drawBucketsRow(buckets, r, r * kRowH - top);
        count += drawFramesRow(frames, r, r * kRowH - top, labels);
      }
      fillBatch(ctx, buckets);  // under the frames
      fillBatch(ctx, frames);
      ctx.fillStyle = '#1b1b1b';
      for (let k = 0; k < labels.length; k += 4) {
        const text = fitText(ctx, frameName(labels[k]), labels[k + 2] - 7);
        if (text) ctx.fillText(text, labels[k + 1] + 3, labels[k + 3] + kRowH / 2);
      }
      drawSelection(ctx, top);
      peakLine(ctx, 0, st.lanesH);
      ctx.restore();
      drawLaneLabels(ctx, r0, r1, top);
      return count;
    }

    // A step curve (each value holds until the next point) through the points in view. The points
    // that share a pixel column become one vertical stroke from their lowest to their highest
    // value, found with the curve's range tree: a few path steps per pixel at most.
    function traceSteps(ctx, { times, values, tree }, yOf) {
      const n = times.length;
      if (!n) return;
      const range = [0, 0];
      const clampX = (t) => Math.min(Math.max(xOf(t), kLabelW), st.width);
      let i = Math.max(0, lowerBound(times, 0, n, st.start) - 1);
      let value = values[i];
      ctx.beginPath();
      ctx.moveTo(clampX(times[i]), yOf(value));
      while (i < n && times[i] <= st.end) {
        // At least one point further: rounding may put the next column's time at this point's.
        const j = Math.max(i + 1, lowerBound(times, i + 1, n, tOf(Math.floor(xOf(times[i])) + 1)));
        const x = clampX(times[i]);
        ctx.lineTo(x, yOf(value));
        if (j - i > 1) {
          rangeMinMax(tree, i, j, range);
          ctx.lineTo(x, yOf(range[0]));
          ctx.lineTo(x, yOf(range[1]));
        }
        value = values[j - 1];
        ctx.lineTo(x, yOf(value));
        i = j;
      }
      ctx.lineTo(clampX(model.end), yOf(value));
      ctx.stroke();
    }

    function drawMemory(ticks) {
      const ctx = context(memory);
      const h = model.memory.length * memH;
      ctx.fillStyle = '#fbfbfb';  // every other device on a faint band
      for (let d = 1; d < model.memory.length; d += 2) ctx.fillRect(kLabelW, d * memH, plotW(), memH);
      clipPlot(ctx, h);
      drawGrid(ctx, ticks, h);
      model.memory.forEach((device, d) => {
        const top = d * memH;
        const yOf = (bytes) => top + memH - 4 - (bytes / device.max) * (memH - 12);
        const base = Math.round(yOf(0)) + 0.5;
        strokeSegments(ctx, '#e4e4e4', [kLabelW, base, st.width, base]);
        ctx.lineWidth = 1.5;
        for (const { key, colour, dash } of kCurves) {
          ctx.strokeStyle = colour;
          ctx.setLineDash(dash);
          traceSteps(ctx, device[key], yOf);
        }
        ctx.setLineDash([]);
        ctx.lineWidth = 1;
        if (model.peak && model.peak.device === device.name) drawPeakMarker(ctx, top, yOf);
      });
      ctx.restore();
      ctx.fillStyle = '#f7f7f7';
      ctx.fillRect(0, 0, kLabelW - 1, h);
      const lines = [];
      model.memory.forEach((device, d) => {
        ctx.fillStyle = '#222';
        ctx.fillText(fitText(ctx, device.name, kLabelW - 10), 5, d * memH + 10);
        ctx.fillStyle = '#666';
        ctx.fillText(`max ${formatBytes(device.max)}`, 5, d * memH + 24);
        lines.push(0, (d + 1) * memH - 0.5, st.width, (d + 1) * memH - 0.5);
      });
      strokeSegments(ctx, '#ddd', lines);
    }

    // On the peak's device: a dashed line at the peak's time, a dot at its bytes and a label.
    function drawPeakMarker(ctx, top, yOf) {
      const { at, bytes } = model.peak;
      if (!inView(at)) return;
      const x = pixelX(at);
      peakLine(ctx, top, top + memH);
      ctx.fillStyle = kPeakColour;
      ctx.beginPath();
      ctx.arc(x, yOf(bytes), 4, 0, 2 * Math.PI);
      ctx.fill();
      const label = `peak ${formatBytes(bytes)}`;
      const w = ctx.measureText(label).width;
      ctx.fillText(label, x + 6 + w > st.width ? x - 6 - w : x + 6, top + 9);
    }

    // ------------------------------------------------------------ hover card and selection

    function fillCard(node, title, lines, args) {
      node.textContent = '';
      el('div', { className: 'td-card-title', textContent: title }, node);
      for (const [key, value] of lines) {
        const line = el('div', { className: 'td-card-row' }, node);
        el('span', { textContent: key }, line);
        line.appendChild(document.createTextNode(value));
      }
      if (args) el('div', { className: 'td-card-args', textContent: args }, node);
    }

    function fillFrameCard(node, i) {
      const lane = model.lanes[F.row[i]];
      fillCard(node, frameName(i), [
        ['kind', kKindNames[F.kind[i]] || String(F.kind[i])],
        ['lane', lane.label + (lane.depth ? ` (depth ${lane.depth})` : '')],
        ['start', formatNs(F.start[i])], ['end', formatNs(F.start[i] + F.dur[i])],
        ['duration', F.dur[i] === 0 ? 'instant' : formatNs(F.dur[i])], ['self', formatNs(F.self[i])],
      ], F.args[i] >= 0 ? String(model.strings[F.args[i]] ?? '') : '');
    }

    function showCard(event) {
      card.style.display = 'block';
      const box = app.getBoundingClientRect();
      const x = event.clientX - box.left;
      const w = card.offsetWidth;
      card.style.left = `${x + 14 + w > box.width ? Math.max(0, x - 14 - w) : x + 14}px`;
      card.style.top = `${event.clientY - box.top + 16}px`;
    }

    const hideCard = () => { card.style.display = 'none'; };

    // The frame of row r nearest time t within tol ns, or -1.
    function frameAt(r, t, tol) {
      const lo = F.rowStart[r];
      const i = lowerBound(F.start, lo, F.rowStart[r + 1], t + tol) - 1;
      const dist = (k) => (k < lo ? Infinity : Math.max(0, F.start[k] - t, t - F.start[k] - F.dur[k]));
      const best = dist(i) <= dist(i - 1) ? i : i - 1;
      return dist(best) <= tol ? best : -1;
    }

    function bucketAt(r, t) {
      if (!B) return -1;
      const idx = Math.floor(t / B.width);
      const i = lowerBound(B.index, B.rowStart[r], B.rowStart[r + 1], idx);
      return i < B.rowStart[r + 1] && B.index[i] === idx ? i : -1;
    }

    // What is under the pointer in the lanes: {r, frame, bucket} (-1 for none), or null.
    function laneTarget(event) {
      const box = lanes.getBoundingClientRect();
      const x = event.clientX - box.left;
      const r = Math.floor((event.clientY - box.top + lanesBox.scrollTop) / kRowH);
      if (x < kLabelW || r < 0 || r >= rows) return null;
      const t = tOf(x);
      const frame = frameAt(r, t, (3 * (st.end - st.start)) / plotW());
      return { r, frame, bucket: frame >= 0 ? -1 : bucketAt(r, t) };
    }

    function hoverLanes(event) {
      const hit = laneTarget(event);
      if (hit && hit.frame >= 0) {
        fillFrameCard(card, hit.frame);
      } else if (hit && hit.bucket >= 0) {
        const i = hit.bucket;
        const t0 = B.index[i] * B.width;
        fillCard(card, `${plural(B.count[i], 'frame', 'frames')}, busy ${formatNs(B.busy[i])}`, [
          ['kind', `aggregated (${Math.round((100 * B.busy[i]) / B.width)} % busy)`],
          ['lane', model.lanes[hit.r].label], ['from', formatNs(t0)], ['to', formatNs(t0 + B.width)],
        ]);
      } else {
        hideCard();
        return;
      }
      showCard(event);
    }

    function hoverMemory(event) {
      const box = memory.getBoundingClientRect();
      const x = event.clientX - box.left;
      const device = model.memory[Math.floor((event.clientY - box.top) / memH)];
      if (!device || x < kLabelW) { hideCard(); return; }
      const t = tOf(x);
      const lines = [['time', formatNs(t)]];
      for (const { key } of kCurves.slice().reverse()) {
        const v = valueAt(device[key], t);
        if (v !== null) lines.push([key, formatBytes(v)]);
      }
      if (model.peak && model.peak.device === device.name) lines.push(['peak', `${formatBytes(model.peak.bytes)} at ${formatNs(model.peak.at)}`]);
      fillCard(card, device.name, lines);
      showCard(event);
    }

    function select(i, note) {
      st.selected = i;
      if (i >= 0) fillFrameCard(selection, i);
      else selection.replaceChildren(el('span', { className: 'td-empty', textContent: note || 'Click a frame to pin its details here.' }));
      requestDraw();
    }

    // Zooms to frame i with a margin, shows its row and selects it.
    function focusFrame(i) {
      const margin = Math.max(F.dur[i] * 0.15, 50);
      setView(F.start[i] - margin, F.start[i] + F.dur[i] + margin);
      const y = F.row[i] * kRowH;
      if (y < lanesBox.scrollTop || y + kRowH > lanesBox.scrollTop + st.lanesH) lanesBox.scrollTop = y - st.lanesH / 2;
      select(i);
    }

    function findFrame(kind, ref) {
      for (let i = 0; i < F.len; ++i) if (F.ref[i] === ref && F.kind[i] === kind) return i;
      return -1;
    }

    // ------------------------------------------------------------ search

    // The lower-case names, once: only strings used as frame names (args are not searched).
    let lowered = null;
    function lowerNames() {
      if (!lowered) {
        lowered = new Array(model.strings.length);
        for (let i = 0; i < F.len; ++i) {
          const k = F.name[i];
          if (k >= 0 && k < lowered.length && lowered[k] === undefined) lowered[k] = String(model.strings[k]).toLowerCase();
        }
      }
      return lowered;
    }

    // Marks the frames whose name holds the text; a prefix count of matches lets a merged pixel
    // know at once whether any of its frames matches.
    function applySearch() {
      const needle = search.value.toLowerCase();
      st.matchPrefix = null;
      countText.textContent = '';
      if (needle) {
        const hits = lowerNames().map((name) => (name !== undefined && name.includes(needle) ? 1 : 0));
        const prefix = new Int32Array(F.len + 1);
        for (let i = 0; i < F.len; ++i) prefix[i + 1] = prefix[i] + (hits[F.name[i]] || 0);
        st.matchPrefix = prefix;
        const n = prefix[F.len];
        countText.textContent = n === 0 ? 'no frame matches' : plural(n, 'frame matches', 'frames match');
      }
      requestDraw();
    }

    // ------------------------------------------------------------ input

    function wheel(event) {
      event.preventDefault();
      const scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const dx = event.deltaX * scale;
      const dy = event.deltaY * scale;
      const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
      if (event.currentTarget === lanes && x < kLabelW && !event.shiftKey) {
        lanesBox.scrollTop += dy;  // over the labels the wheel scrolls the rows
      } else if (event.shiftKey || Math.abs(dx) > Math.abs(dy)) {
        pan(((event.shiftKey && !dx ? dy : dx) * (st.end - st.start)) / plotW());
      } else if (dy) {
        zoomAbout(Math.exp(Math.max(-600, Math.min(600, dy)) * 0.002), tOf(Math.max(x, kLabelW)));
      }
    }

    function pointerDown(event) {
      if (event.button !== 0) return;
      st.drag = { x: event.clientX, y: event.clientY, start: st.start, end: st.end, scroll: lanesBox.scrollTop, moved: 0 };
      try { event.currentTarget.setPointerCapture(event.pointerId); } catch (e) { /* a synthetic pointer */ }
      event.currentTarget.style.cursor = 'grabbing';
    }

    // Hovers, or drags: sideways pans the time, up and down scrolls the rows.
    function pointerMove(event) {
      const target = event.currentTarget;
      st.mouseX = event.clientX - target.getBoundingClientRect().left;
      const drag = st.drag;
      if (!drag) {
        if (target === lanes) hoverLanes(event);
        else if (target === memory) hoverMemory(event);
        return;
      }
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      drag.moved = Math.max(drag.moved, Math.abs(dx) + Math.abs(dy));
      if (drag.moved < 4) return;
      hideCard();
      const shift = (-dx * (drag.end - drag.start)) / plotW();
      setView(drag.start + shift, drag.end + shift);
      if (target === lanes) lanesBox.scrollTop = drag.scroll - dy;
    }

    // A press without a drag on the lanes selects what is under it (nothing: clears).
    function pointerUp(event) {
      const drag = st.drag;
      st.drag = null;
      event.currentTarget.style.cursor = '';
      if (!drag || drag.moved >= 4 || event.currentTarget !== lanes) return;
      const hit = laneTarget(event);
      select(hit && hit.frame >= 0 ? hit.frame : -1);
    }

    function keyDown(event) {
      const target = event.target;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const anchor = st.mouseX !== null && st.mouseX >= kLabelW ? tOf(st.mouseX) : undefined;
      const zoomIn = () => zoomAbout(0.7, anchor);
      const zoomOut = () => zoomAbout(1 / 0.7, anchor);
      const actions = {
        w: zoomIn, '+': zoomIn, '=': zoomIn, s: zoomOut, '-': zoomOut, _: zoomOut,
        a: () => pan(-0.2 * (st.end - st.start)), d: () => pan(0.2 * (st.end - st.start)),
        0: () => setView(0, model.end),
      };
      const action = actions[event.key.length === 1 ? event.key.toLowerCase() : ''];
      if (!action) return;
      event.preventDefault();
      action();
    }

    function linkClick(event) {
      const link = event.target instanceof Element ? event.target.closest('a.timeline-link') : null;
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      section.scrollIntoView({ block: 'start' });
      const i = findFrame(Number(link.getAttribute('data-kind')), Number(link.getAttribute('data-ref')));
      if (i >= 0) focusFrame(i);
      else select(-1, 'That frame is not kept in detail: it is summed into the grey buckets.');
    }

    for (const node of [axis, lanes, memory]) {
      if (!node) continue;
      node.addEventListener('wheel', wheel, { passive: false });
      node.addEventListener('pointerdown', pointerDown);
      node.addEventListener('pointermove', pointerMove);
      node.addEventListener('pointerup', pointerUp);
      node.addEventListener('pointercancel', () => { st.drag = null; });
      node.addEventListener('pointerleave', () => { st.mouseX = null; hideCard(); });
    }
    lanesBox.addEventListener('scroll', requestDraw);
    search.addEventListener('input', applySearch);

    let lastSize = '';
    const relayout = () => {
      const size = `${app.clientWidth}x${window.devicePixelRatio}`;
      if (size === lastSize) return;
      lastSize = size;
      layout();
      draw();
    };
    select(-1);
    relayout();
    if (search.value) applySearch();  // a value the browser restored
    // The page-wide listeners only once the app has drawn (a failure before leaves none).
    if (typeof ResizeObserver === 'function') new ResizeObserver(relayout).observe(app);
    else window.addEventListener('resize', relayout);
    document.addEventListener('keydown', keyDown);
    document.addEventListener('click', linkClick);

    // For tests and the curious: window.tracedocTimeline.
    const view = () => ({ start: Math.round(st.start), end: Math.round(st.end) });
    return {
      zoomTo(startNs, endNs) { setView(Number(startNs), Number(endNs)); draw(); return view(); },
      reset() { setView(0, model.end); draw(); return view(); },
      view,
      select(kind, ref) {
        const i = findFrame(Number(kind), Number(ref));
        if (i >= 0) { focusFrame(i); draw(); }
        return i >= 0;
      },
      selection: () => (st.selected < 0 ? null : {
        kind: F.kind[st.selected], ref: F.ref[st.selected], row: F.row[st.selected],
        start: F.start[st.selected], dur: F.dur[st.selected], name: frameName(st.selected),
      }),
      framesDrawn: () => st.drawn,
    };
  }

  // ---------------------------------------------------------------- start

  function start() {
    const section = document.querySelector('section#timeline');
    const app = document.getElementById('timeline-app');
    const block = document.getElementById('tracedoc-report-data');
    if (!section || !app || !block || !section.contains(app)) return;
    let data;
    try {
      data = JSON.parse(block.textContent);
    } catch (e) {
      return;  // an unreadable block: the static overview stays
    }
    if (!data || data.format !== kFormat) return;
    try {
      const api = createApp(section, app, buildModel(data));
      for (const svg of section.querySelectorAll('svg.timeline-overview')) svg.style.display = 'none';
      window.tracedocTimeline = api;
    } catch (e) {
      // Silently back to the static overview; the attribute tells a test why.
      app.textContent = '';
      app.dataset.error = String(e && e.message ? e.message : e);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
