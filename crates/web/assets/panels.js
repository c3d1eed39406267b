// The play page's panels beside the game: practice problems (/api/practice), the plot of
// G(n) with axes and a reading under the pointer, and the findings with the source of each
// figure. Loaded before app.js, whose helpers ($, api, ApiError, catalog, S) they use when called.
"use strict";

// ---- practice -------------------------------------------------------------------------

const P = { token: 0, problem: null };

async function newProblem() {
  const g = S.entry || catalog.games[0];
  const seed = Math.floor(Math.random() * 1e9);
  const token = ++P.token;
  P.problem = null;
  $("practice-verdict").textContent = "";
  $("practice-solution").hidden = true;
  $("practice-answer").value = "";
  $("practice-question").textContent = "Loading a problem…";
  // A game on a graph sends its text (too long for a query) and gets tokens on its vertices.
  const graph = g.vertices && S.graph && S.entry === g ? S.graph.text : null;
  try {
    const p = graph !== null ? await api("/api/practice", { game: g.id, graph, seed }) :
      await api(`/api/practice?game=${encodeURIComponent(g.id)}&seed=${seed}`);
    if (token !== P.token) return;
    if (p.game !== g.id || p.seed !== seed) throw new ApiError("an answer for another problem arrived");
    P.problem = p;
    const where = graph !== null ? `tokens on ${p.heaps.map((v) => g.vertices[v - 1]).join(", ")}` : `heaps ${p.heaps.join(", ")}`;
    const each = graph !== null ? "every token" : "every heap";
    $("practice-question").textContent = `${g.name} (problem ${seed}): ${where}. ${g.rules} How many winning moves does the player to move have? (0 if none; ${each} is its own object.)`;
    $("practice-solution").textContent = p.solution;
  } catch (e) {
    if (token !== P.token) return;
    $("practice-question").textContent = `No problem for ${g.name}: ${e instanceof ApiError ? e.message : "something went wrong"}.`;
  }
}

function checkAnswer(e) {
  e.preventDefault();
  const p = P.problem;
  if (!p) { $("practice-verdict").textContent = "Ask for a problem first."; return; }
  const t = $("practice-answer").value.trim();
  if (!/^\d{1,6}$/.test(t)) { $("practice-verdict").textContent = "Type a whole number of winning moves (0, 1, 2, ...)."; return; }
  const right = Number(t) === p.answer;
  $("practice-verdict").dataset.state = right ? "won" : "lost";
  $("practice-verdict").textContent = right ? `Right: ${p.answer}.` : `Not quite: you said ${t}. Try again, or show the worked solution.`;
}

function showSolution() {
  if (!P.problem) { $("practice-verdict").textContent = "Ask for a problem first."; return; }
  $("practice-verdict").textContent = `The answer is ${P.problem.answer}; the worked solution follows.`;
  $("practice-solution").hidden = false;
  $("practice-solution").focus();
}

// ---- the plot -------------------------------------------------------------------------

// The 30,001 points are drawn once, to an offscreen canvas, whenever the size changes; a
// pointer move only copies that picture and draws the ring, so it stays within one frame.
const plotState = { v: null, hover: null, base: null };

const css = (name) => getComputedStyle(document.body).getPropertyValue(name).trim();

function drawBase() {
  const v = plotState.v;
  const cssW = Math.max(300, $("plot-wrap").clientWidth);
  const cssH = Math.round(Math.min(340, Math.max(240, cssW * 0.45)));
  const dpr = window.devicePixelRatio || 1;
  const base = document.createElement("canvas");
  base.width = cssW * dpr; base.height = cssH * dpr;
  const ctx = base.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const L = 46, R = 10, T = 10, B = 42;
  const w = cssW - L - R, h = cssH - T - B;
  const top = Math.ceil((Math.max(...v) + 1) / 50) * 50;
  const N = v.length - 1;
  plotState.geom = { L, T, w, h, top, N, cssW, cssH, dpr };
  ctx.fillStyle = css("--bg") || "#fff";
  ctx.fillRect(0, 0, cssW, cssH);
  ctx.strokeStyle = css("--grid") || "#d8d8d8";
  ctx.fillStyle = css("--ink") || "#333";
  ctx.font = "12px system-ui, sans-serif";
  ctx.lineWidth = 1;
  ctx.textAlign = "right";
  for (let g = 0; g <= top; g += 50) {
    const y = T + h - (g / top) * h;
    ctx.beginPath(); ctx.moveTo(L, y + 0.5); ctx.lineTo(L + w, y + 0.5); ctx.stroke();
    ctx.fillText(String(g), L - 4, y + 4);
  }
  const step = cssW < 500 ? 10000 : 5000;
  for (let n = 0; n <= N; n += step) {
    const x = L + (n / N) * w;
    ctx.beginPath(); ctx.moveTo(x + 0.5, T); ctx.lineTo(x + 0.5, T + h); ctx.stroke();
    ctx.textAlign = n === 0 ? "left" : n + step > N ? "right" : "center";
    ctx.fillText(n.toLocaleString("en"), n === 0 ? x : n + step > N ? Math.min(x + 4, cssW - 2) : x, T + h + 15);
  }
  ctx.textAlign = "center";
  ctx.fillText("heap n", L + w / 2, cssH - 6);
  ctx.save();
  ctx.translate(12, T + h / 2); ctx.rotate(-Math.PI / 2);
  ctx.fillText("G(n)", 0, 0);
  ctx.restore();
  ctx.fillStyle = css("--dot") || "rgba(40, 70, 200, 0.55)";
  for (let n = 0; n <= N; n++) ctx.fillRect(L + (n / N) * w, T + h - (v[n] / top) * h - 0.6, 1.2, 1.2);
  plotState.base = base;
}

/** Draws the plot: the points from the offscreen picture (redrawn only when `resized`),
 *  then the ring at the value under the pointer. */
function drawPlot(resized = true) {
  if (!plotState.v) return;
  if (resized !== false || !plotState.base) drawBase();
  const g = plotState.geom, c = $("plot");
  if (c.width !== g.cssW * g.dpr) { c.width = g.cssW * g.dpr; c.height = g.cssH * g.dpr; }
  c.style.width = g.cssW + "px"; c.style.height = g.cssH + "px";
  const ctx = c.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(plotState.base, 0, 0);
  if (plotState.hover !== null) {
    ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    const n = plotState.hover, x = g.L + (n / g.N) * g.w, y = g.T + g.h - (plotState.v[n] / g.top) * g.h;
    ctx.strokeStyle = css("--lose") || "#b3261e"; ctx.lineWidth = 1.5;
    ctx.beginPath(); ctx.arc(x, y, 5, 0, 2 * Math.PI); ctx.stroke();
  }
}

function readPlot(e) {
  const g = plotState.geom;
  if (!g) return;
  const t0 = performance.now();
  const r = $("plot").getBoundingClientRect();
  const x = e.clientX - r.left;
  const n = Math.round(((x - g.L) / g.w) * g.N);
  if (n < 0 || n > g.N) return;
  plotState.hover = n;
  $("plot-read").textContent = `n = ${n.toLocaleString("en")}: G(n) = ${plotState.v[n]}`;
  drawPlot(false);
  plotState.lastHoverMs = performance.now() - t0;
}

async function plot() {
  const t0 = performance.now();
  $("plot-retry").hidden = true;
  $("plot-read").textContent = "Loading the values…";
  $("plot-time").textContent = "";
  try {
    // to=N answers G(0..N), N values: 30,001 for n up to 30,000.
    const data = await api("/api/values?game=grundy&to=30001");
    if (!Array.isArray(data.values) || data.values.length < 2 || !data.values.every(Number.isInteger)) {
      throw new ApiError("the answer holds no list of values");
    }
    plotState.v = data.values;
    drawPlot();
    $("plot-read").textContent = "Move the pointer over the plot (or tap it) to read n and G(n).";
    $("plot-time").textContent = `${data.values.length.toLocaleString("en")} values fetched and drawn in ${Math.round(performance.now() - t0)} ms.`;
  } catch (e) {
    $("plot-read").textContent = `The values are unavailable: ${e instanceof ApiError ? e.message : "something went wrong"}.`;
    $("plot-retry").hidden = false;
  }
}

// ---- findings -------------------------------------------------------------------------

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// The findings' answer has the shape cargo xtask report writes; anything else is said, not
// half-drawn.
function findingsShape(f) {
  const list = (x) => Array.isArray(x);
  return f && list(f.checks) && list(f.late_sparse) && list(f.records) && f.records.length > 0 && f.scan && f.scan.longest &&
    typeof f.sparse_count === "number" && typeof f.heaps === "number" && typeof f.last_sparse_below_100000 === "number";
}

async function findings() {
  $("findings-retry").hidden = true;
  $("findings-body").textContent = "Loading the findings…";
  try {
    const f = await api("/api/findings");
    if (!findingsShape(f)) throw new ApiError("the answer is not in the shape the report writes");
    // Three kinds of figure: compared with a published source (OEIS, Flammenkamp), with a
    // computation of our own (the sweep, the exhaustive search), or only stated in the write-up.
    const kind = (c) => c.reference === "our sweep" || c.reference === "exhaustive search" ? "own" : c.reference === "the write-up" ? "stated" : "published";
    const of = (k) => f.checks.filter((c) => kind(c) === k);
    const matched = (k) => of(k).filter((c) => c.outcome === "match").length;
    const late = f.late_sparse.map(([n, g]) => `<tr><td>${n.toLocaleString("en")}</td><td>${g}</td></tr>`).join("");
    const last = f.records[f.records.length - 1];
    const rows = f.checks.map((c) => `<tr><td>${esc(c.label)}</td><td>${esc(c.reference)}</td><td>${esc(c.outcome)}</td></tr>`).join("");
    $("findings-body").innerHTML = `
      <p><b>${f.sparse_count.toLocaleString("en")}</b> sparse heaps below ${f.heaps.toLocaleString("en")}; the last below 100,000 is ${f.last_sparse_below_100000.toLocaleString("en")}, then a late cluster of ${f.late_sparse.length}:</p>
      <table><thead><tr><th>heap</th><th>G</th></tr></thead><tbody>${late}</tbody></table>
      <p><b>${f.records.length}</b> records (heap 0 counted); the largest value is G(${last[0].toLocaleString("en")}) = ${last[1]}.</p>
      <p>Stage-2 scans: <b>${f.scan.average}</b> splits on average; the longest, ${f.scan.longest.length.toLocaleString("en")} splits, at heap ${f.scan.longest.heap.toLocaleString("en")}.</p>
      <p>Compared with a published source (OEIS, Flammenkamp): <b>${matched("published")} of ${of("published").length}</b> match (the rest need data not available offline). Checked against a computation of our own (the sweep, the exhaustive search): ${matched("own")} of ${of("own").length} match. Stated in the write-up, not verified here (claims and timings): ${of("stated").length}. Each figure and what it was compared with:</p>
      <div class="scroll" tabindex="0" role="region" aria-label="Published figures and their sources"><table class="checks"><thead><tr><th>figure</th><th>compared with</th><th>outcome</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  } catch (e) {
    $("findings-body").textContent = `The findings are unavailable: ${e instanceof ApiError ? e.message : "something went wrong"}.`;
    $("findings-retry").hidden = false;
  }
}
