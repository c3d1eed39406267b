// The play page: talks to the JSON API of `grundy serve`; no libraries, no network beyond it.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { game: "grundy", ui: "cut", heaps: [], history: [], turn: "idle", analysis: null, busy: false };
let games = [];

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function setStatus(text, kind) {
  const s = $("status");
  s.textContent = text;
  s.dataset.state = kind;
}

// The rule and the words of every move come from the API (the core's move model).
function misere() { return !!state.analysis && state.analysis.rule === "misere"; }

function describe(m) { return m.description; }

function render() {
  const a = state.analysis;
  const view = $("heaps-view");
  view.textContent = "";
  if (!a) return;
  $("nimsum").innerHTML = state.turn === "idle" ? "" :
    `<span class="value">Values ${a.values.join(" ⊕ ")} — nim-sum ${a.nim_sum}: ${a.outcome === "player-to-move-wins" ? "the player to move can win" : "the player to move loses against perfect play"}.</span>`;
  state.heaps.forEach((n, i) => {
    const box = document.createElement("div");
    box.className = "heap";
    const title = document.createElement("p");
    title.className = "heap-title";
    title.innerHTML = `Heap ${String.fromCharCode(65 + i)}: ${n} stone${n === 1 ? "" : "s"} <span class="value">(G = ${a.values[i]})</span>`;
    box.appendChild(title);
    const moves = a.moves.filter((m) => m.heap_index === i);
    const row = document.createElement("div");
    row.className = "row";
    for (let s = 1; s <= n; s++) {
      const stone = document.createElement("span");
      stone.className = "stone";
      row.appendChild(stone);
      if (state.ui === "cut" && s < n) {
        const gap = document.createElement("button");
        gap.type = "button";
        gap.className = "gap";
        gap.dataset.heap = i;
        gap.dataset.gap = s;
        if (2 * s === n) {
          gap.classList.add("equal");
          gap.disabled = true;
          gap.textContent = "┆";
          gap.setAttribute("aria-label", `equal halves ${s} and ${s}: not allowed`);
        } else {
          const parts = [Math.max(s, n - s), Math.min(s, n - s)];
          const m = moves.find((x) => x.left[0] === parts[0] && x.left[1] === parts[1]);
          const win = m && m.winning;
          gap.classList.add(win ? "win" : "lose");
          gap.dataset.win = String(!!win);
          gap.innerHTML = `<span class="mark">${win ? "✓" : "✗"}</span>`;
          gap.setAttribute("aria-label", `cut heap ${String.fromCharCode(65 + i)} into ${s} and ${n - s}${$("show-marks").checked ? (win ? ", winning" : ", losing") : ""}`);
          gap.disabled = state.turn !== "player";
          gap.addEventListener("click", () => play(m));
        }
        row.appendChild(gap);
      }
    }
    box.appendChild(row);
    if (state.ui === "moves") {
      const list = document.createElement("div");
      list.className = "moves";
      moves.forEach((m) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "move " + (m.winning ? "win" : "lose");
        b.dataset.win = String(m.winning);
        b.innerHTML = `<span class="mark">${m.winning ? "✓" : "✗"}</span> ${describe(m)}`;
        b.disabled = state.turn !== "player";
        b.addEventListener("click", () => play(m));
        list.appendChild(b);
      });
      box.appendChild(list);
    }
    view.appendChild(box);
  });
}

function after(heaps, m) {
  return heaps.slice(0, m.heap_index).concat(m.left, heaps.slice(m.heap_index + 1));
}

async function settle(mover) {
  state.analysis = await api("/api/analyze", { game: state.game, heaps: state.heaps.length ? state.heaps : [0] });
  if (state.analysis.game_over) {
    // The player to move cannot move: the one who just moved made the last move.
    const lastMoverWins = !misere();
    const playerWon = (mover === "player") === lastMoverWins;
    state.turn = playerWon ? "won" : "lost";
    setStatus(playerWon ? "You win!" : "The computer wins.", state.turn);
    render();
    return true;
  }
  return false;
}

async function play(m) {
  if (state.turn !== "player" || state.busy || !m) return;
  state.busy = true;
  try {
    state.history.push(state.heaps.slice());
    state.heaps = after(state.heaps, m);
    $("last-move").textContent = `You: ${describe(m)}.`;
    if (await settle("player")) return;
    state.turn = "computer";
    setStatus("The computer is moving…", "computer");
    render();
    const reply = await api("/api/computer", { game: state.game, heaps: state.heaps });
    state.heaps = reply.heaps;
    $("last-move").textContent += ` Computer: ${describe(reply.move)}${reply.move.winning ? " (a winning move)" : ""}.`;
    if (await settle("computer")) return;
    state.turn = "player";
    setStatus("Your turn.", "player");
    render();
  } catch (e) {
    setStatus(`Error: ${e.message}`, "error");
  } finally {
    state.busy = false;
  }
}

function parseHeaps(text) {
  const heaps = text.trim().split(/[\s,]+/).filter(Boolean).map(Number);
  if (heaps.length < 1 || heaps.length > 4 || heaps.some((h) => !Number.isInteger(h) || h < 1 || h > 60)) {
    throw new Error("give 1 to 4 heaps of 1 to 60 stones");
  }
  return heaps;
}

async function start(heaps) {
  try {
    const g = games.find((x) => x.id === $("game").value) || games[0];
    state.game = g.id;
    state.ui = g.ui;
    state.heaps = heaps || parseHeaps($("heaps").value);
    $("heaps").value = state.heaps.join(" ");
    state.history = [];
    $("last-move").textContent = "";
    $("rules").textContent = rules(g);
    state.turn = "player";
    if (await settle("computer")) return;
    setStatus("Your turn.", "player");
    render();
  } catch (e) {
    setStatus(`Error: ${e.message}`, "error");
  }
}

function rules(g) {
  switch (g.id) {
    case "grundy": return "Split a heap into two heaps of different sizes. Heaps of 1 and 2 cannot be split. Whoever cannot move loses.";
    case "kayles": return "Kayles: knock down one pin or two adjacent pins; a row may break in two. Whoever cannot move loses.";
    case "dawsons-kayles": return "Dawson's Kayles: place a domino on two adjacent empty squares of a strip; the strip may break in two. Whoever cannot move loses.";
    case "s1,2,3": return "Take 1, 2 or 3 stones from one heap. Whoever cannot move loses.";
    case "half": return "Take at least one and at most half of the stones of one heap. Whoever cannot move loses.";
    case "nim": return "Nim: take any number of stones from one heap. Whoever cannot move loses.";
    case "misere-nim": return "Misère Nim: take any number of stones from one heap. Whoever takes the last stone loses.";
    default: return g.name;
  }
}

function randomHeaps() {
  const k = 1 + Math.floor(Math.random() * 3);
  return Array.from({ length: k + 1 }, () => 3 + Math.floor(Math.random() * 20));
}

function undo() {
  if (state.busy || state.history.length === 0) return;
  state.heaps = state.history.pop();
  state.turn = "player";
  $("last-move").textContent = "Move taken back.";
  settle("computer").then((over) => { if (!over) { setStatus("Your turn.", "player"); render(); } });
}

function toggleMarks() {
  document.body.classList.toggle("hide-marks", !$("show-marks").checked);
  render();
}

async function plot() {
  const t0 = performance.now();
  const data = await api("/api/values?game=grundy&to=30000");
  const v = data.values;
  const c = $("plot");
  const ctx = c.getContext("2d");
  const max = Math.max(...v) + 4;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.fillStyle = "rgba(40, 70, 200, 0.55)";
  const w = c.width - 40, h = c.height - 30;
  for (let n = 0; n < v.length; n++) {
    ctx.fillRect(36 + (n / v.length) * w, 6 + h - (v[n] / max) * h, 1.2, 1.2);
  }
  ctx.fillStyle = "#333";
  ctx.font = "12px sans-serif";
  ctx.fillText("0", 24, 10 + h);
  ctx.fillText(String(max - 4), 4, 14);
  ctx.fillText("30,000", c.width - 46, c.height - 6);
  $("plot-time").textContent = `${v.length.toLocaleString()} values fetched and drawn in ${Math.round(performance.now() - t0)} ms.`;
}

async function findings() {
  try {
    const f = await api("/api/findings");
    const matched = f.checks.filter((c) => c.outcome === "match").length;
    const late = f.late_sparse.map(([n, g]) => `<tr><td>${n.toLocaleString()}</td><td>${g}</td></tr>`).join("");
    const last = f.records[f.records.length - 1];
    $("findings-body").innerHTML = `
      <p><b>${f.sparse_count.toLocaleString()}</b> sparse heaps below ${f.heaps.toLocaleString()}; the last below 100,000 is ${f.last_sparse_below_100000.toLocaleString()}, then a late cluster of ${f.late_sparse.length}:</p>
      <table><thead><tr><th>heap</th><th>G</th></tr></thead><tbody>${late}</tbody></table>
      <p><b>${f.records.length}</b> records (heap 0 counted); the largest value is G(${last[0].toLocaleString()}) = ${last[1]}.</p>
      <p>Stage-2 scans: <b>${f.scan.average}</b> splits on average; the longest, ${f.scan.longest.length.toLocaleString()} splits, at heap ${f.scan.longest.heap.toLocaleString()}.</p>
      <p>${matched} of ${f.checks.length} published figures checked here match (the others are stated, timings, or need data not available offline).</p>`;
  } catch (e) {
    $("findings-body").textContent = `Findings unavailable: ${e.message}`;
  }
}

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "h" || e.key === "H") { $("show-marks").checked = !$("show-marks").checked; toggleMarks(); }
  else if (e.key === "u" || e.key === "U") undo();
  else if (e.key === "n" || e.key === "N") start();
});

async function init() {
  const data = await api("/api/games");
  games = data.games;
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.name;
    o.title = g.rules;
    $("game").appendChild(o);
  }
  $("start").addEventListener("click", () => start());
  $("random").addEventListener("click", () => start(randomHeaps()));
  $("undo").addEventListener("click", undo);
  $("show-marks").addEventListener("change", toggleMarks);
  $("show-values").addEventListener("change", () => document.body.classList.toggle("hide-values", !$("show-values").checked));
  $("game").addEventListener("change", () => start());
  plot();
  findings();
  start();
}

init().catch((e) => setStatus(`Error: ${e.message}`, "error"));
