// The play page: talks to the JSON API of `grundy serve`; no libraries, no network beyond it.
// This file is the game (state machine, board, keyboard); panels.js, loaded first, holds
// the practice panel, the plot and the findings.
//
// Everything about a game (name, rules, picture, the moves and their words, the end reason)
// comes from the API. The page is a small state machine: the committed state (game, rule,
// heaps, analysis, history) changes only when every answer a step needs has arrived; each
// request carries a token, and an answer whose token is no longer current (a new game, a
// game switch, an undo came in between) is dropped. While a step is pending the board is
// locked; when it fails the committed state is unchanged, so "Try again" replays the step
// from there and a move is never applied twice.
"use strict";

const $ = (id) => document.getElementById(id);
let catalog = { games: [], max_heaps: 256, max_heap: 1000 };

const S = {
  entry: null, // the catalog entry of the game being played
  misere: false,
  first: "player",
  heaps: [], // heaps in a stable order: a move keeps its first piece in place and appends the others
  analysis: null,
  history: [], // snapshots at the player's turns, for Undo
  last: null, // { who, description, heaps: indices changed }
  turn: "idle", // idle | player | computer | over
  token: 0, // the current step; answers for another are dropped
  pending: false,
  retry: null, // the step that failed, to replay from the committed state
};

/** A request that failed, with the HTTP status (0: no answer) and a one-line reason. */
class ApiError extends Error {
  constructor(message, status = 0) { super(message); this.status = status; }
}

async function api(path, body) {
  let res;
  try {
    res = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError("the server cannot be reached");
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON: said below */ }
  if (!res.ok) throw new ApiError(data && typeof data.error === "string" ? data.error : `the server answered ${res.status}`, res.status);
  if (data === null) throw new ApiError("the server's answer was not readable");
  return data;
}

function setStatus(text, kind) {
  const s = $("status");
  s.textContent = text;
  s.dataset.state = kind;
}

// Heap names: A..Z, AA, AB, ... as the core's labels.
function label(i) {
  let n = i + 1, s = "";
  while (n > 0) { n -= 1; s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); }
  return s;
}

const count = () => (S.entry && S.entry.play !== "heap" ? "placements" : "heaps");
const request = (heaps) => ({ game: S.entry.id, heaps, misere: S.misere, count: count() });
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// A move's result in the page's stable order: the heap moved on keeps its place (0 when
// nothing is left of it), further pieces go to the end.
function apply(heaps, m) {
  const next = heaps.slice();
  next[m.heap_index] = m.left.length ? m.left[0] : 0;
  next.push(...m.left.slice(1));
  return next;
}
const changed = (heaps, m) => [m.heap_index, ...m.left.slice(1).map((_, k) => heaps.length + k)];

// ---- the state machine --------------------------------------------------------------

/** Starts a step: a new token, the board locked. Returns the token. */
function begin() {
  S.token += 1;
  S.pending = true;
  S.retry = null;
  $("retry").hidden = true;
  render();
  return S.token;
}
const current = (token) => token === S.token;

/** Analyzes `heaps` for the current game; rejects an answer for another position. */
async function analyze(heaps) {
  const a = await api("/api/analyze", request(heaps));
  if (!Array.isArray(a.heaps) || !same(a.heaps, heaps)) throw new ApiError("an answer for another position arrived");
  return a;
}

function fail(token, e, retry) {
  if (!current(token)) return;
  S.pending = false;
  const msg = e instanceof ApiError ? e.message : "something went wrong";
  // A refusal of the request itself (a 4xx: e.g. a misère position past the search's
  // limit) would fail again: say why, offer no retry.
  const refused = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
  S.retry = refused ? null : retry;
  $("retry").hidden = refused;
  setStatus(refused ? `Could not ${retry.what}: ${msg}.` : `Could not ${retry.what}: ${msg}. Nothing was changed; try again.`, "error");
  render();
}

/** Commits a position with its analysis; ends the game or hands over to the computer. */
function commit(heaps, analysis, turn) {
  S.heaps = heaps;
  S.analysis = analysis;
  S.turn = turn;
  if (analysis.game_over) return over();
  if (turn === "player") {
    S.history.push({ heaps: heaps.slice(), analysis, last: S.last });
    writeUrl();
    setStatus("Your turn.", "player");
  }
}

function over() {
  S.turn = "over";
  // The player to move (S.analysis is for them) cannot move.
  const stuck = S.last ? (S.last.who === "You" ? "computer" : "player") : S.first;
  const youWin = (stuck === "computer") !== (S.analysis.rule === "misere");
  const who = stuck === "player" ? "you cannot move" : "the computer cannot move";
  const rule = S.analysis.rule === "misere" ? "under misère play whoever cannot move wins" : "whoever cannot move loses";
  setStatus(`${youWin ? "You win" : "The computer wins"}: ${S.analysis.end_reason}, so ${who}, and ${rule}.`, youWin ? "won" : "lost");
  writeUrl();
}

async function newGame(heaps) {
  const entry = catalog.games.find((g) => g.id === $("game").value) || catalog.games[0];
  let h;
  try {
    h = heaps || parseHeaps($("heaps").value);
  } catch (e) {
    // Nothing of the old game stays live: the board is cleared.
    S.token += 1;
    S.pending = false;
    S.retry = null;
    $("retry").hidden = true;
    S.entry = entry;
    S.heaps = [];
    S.analysis = null;
    S.history = [];
    S.turn = "idle";
    showGame();
    setStatus(e.message, "error");
    render();
    return;
  }
  S.entry = entry;
  if ($("misere").disabled) { $("misere").disabled = false; $("misere").checked = false; }
  S.misere = $("misere").checked;
  S.first = $("first").value;
  S.heaps = h;
  S.analysis = null;
  S.history = [];
  S.last = null;
  S.turn = "idle";
  $("heaps").value = h.join(" ");
  showGame();
  $("last-move").textContent = "";
  await startStep(h);
}

async function startStep(h) {
  const token = begin();
  setStatus("Setting up the board…", "busy");
  try {
    const a = await analyze(h);
    if (!current(token)) return;
    S.pending = false;
    commit(h, a, S.first);
    if (S.turn === "computer") return computerStep();
  } catch (e) {
    fail(token, e, { what: "start the game", run: () => startStep(h) });
  }
  render();
}

async function playerMove(m) {
  if (S.turn !== "player" || S.pending || !m) return;
  const from = S.heaps;
  const next = apply(from, m);
  const token = begin();
  setStatus("Checking your move…", "busy");
  try {
    const a = await analyze(next);
    if (!current(token)) return;
    S.pending = false;
    S.last = { who: "You", description: m.description, heaps: changed(from, m) };
    commit(next, a, "computer");
    if (S.turn === "computer") return computerStep();
  } catch (e) {
    fail(token, e, { what: "play your move", run: () => playerMove(m) });
  }
  render();
  focusBoard();
}

async function computerStep() {
  const from = S.heaps;
  const token = begin();
  setStatus("The computer is moving…", "computer");
  try {
    const reply = await api("/api/computer", request(from));
    if (!current(token)) return;
    if (!reply.move) throw new ApiError("the computer found no move");
    const next = apply(from, reply.move);
    const a = await analyze(next);
    if (!current(token)) return;
    S.pending = false;
    const before = S.last && S.last.who === "You" ? S.last.description : null;
    S.last = { who: "Computer", description: reply.move.description, winning: reply.move.winning, before, heaps: changed(from, reply.move) };
    commit(next, a, "player");
  } catch (e) {
    fail(token, e, { what: "get the computer's move", run: () => computerStep() });
  }
  render();
  focusBoard();
}

function undo() {
  if (!canUndo()) return;
  S.token += 1; // drops anything pending
  S.pending = false;
  S.retry = null;
  $("retry").hidden = true;
  // The last snapshot is the position now (when it is the player's turn): go one back.
  if (S.turn === "player" || S.turn === "over") {
    if (S.turn === "player") S.history.pop();
  }
  const snap = S.history[S.history.length - 1];
  S.heaps = snap.heaps.slice();
  S.analysis = snap.analysis;
  S.last = snap.last;
  S.turn = "player";
  writeUrl();
  setStatus("Move taken back. Your turn.", "player");
  render();
  focusBoard();
}

function canUndo() {
  const n = S.history.length;
  if (S.turn === "player" && !S.pending) return n >= 2;
  if (S.turn === "over" || S.turn === "computer" || S.pending) return n >= 1 && !(n === 1 && S.turn === "player");
  return false;
}

// ---- input and the URL ----------------------------------------------------------------

/** Heaps as the API accepts them: whole numbers written with digits only. */
function parseHeaps(text) {
  const parts = text.trim().split(/[\s,]+/).filter(Boolean);
  const max = catalog.max_heap, most = catalog.max_heaps;
  if (parts.length === 0) throw new Error("Type the heaps first, e.g. 7 10 12.");
  const bad = parts.find((p) => !/^\d{1,7}$/.test(p) || Number(p) < 1 || Number(p) > max);
  if (bad !== undefined) throw new Error(`"${bad.slice(0, 12)}" is not a heap: give whole numbers from 1 to ${max}.`);
  if (parts.length > most) throw new Error(`At most ${most} heaps.`);
  return parts.map(Number);
}

function writeUrl() {
  if (!S.entry) return;
  const q = new URLSearchParams({ game: S.entry.id, heaps: S.heaps.join(" ") });
  if (S.misere) q.set("misere", "1");
  if (S.first === "computer" && !S.last) q.set("first", "computer");
  history.replaceState(null, "", "?" + q.toString());
}

function readUrl() {
  const q = new URLSearchParams(location.search);
  if (q.has("game") && catalog.games.some((g) => g.id === q.get("game"))) $("game").value = q.get("game");
  if (q.has("heaps")) $("heaps").value = q.get("heaps").replace(/[^\d ,]/g, "");
  $("misere").checked = q.get("misere") === "1";
  $("first").value = q.get("first") === "computer" ? "computer" : "player";
}

// ---- drawing --------------------------------------------------------------------------

function showGame() {
  const g = S.entry;
  $("title").textContent = `Play ${g.name}`;
  document.title = `Play ${g.name} — grundy`;
  $("rules").textContent = g.rules;
  $("how").textContent = howTo(g);
}

// One line on how to move, from the catalog's picture of the game.
function howTo(g) {
  if (g.ui === "cut") return "How to move: click a gap between two stones to split the heap there (arrow keys move between gaps, Enter plays).";
  if (g.play === "row") return "How to move: click a pin to knock it down, or the link between two pins to knock both down.";
  if (g.play === "strip") return "How to move: click a marked place on a strip; the squares it uses are highlighted before you click.";
  return "How to move: click a stone: it and every stone to its right are taken.";
}

function target(m, text, extra) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `target ${m.winning ? "win" : "lose"} ${extra || ""}`;
  b.dataset.win = String(m.winning);
  b.dataset.heap = String(m.heap_index);
  b.disabled = S.turn !== "player" || S.pending;
  b.tabIndex = -1;
  b.innerHTML = `<span class="mark" aria-hidden="true">${m.winning ? "✓" : "✗"}</span>${text || ""}`;
  const marks = $("show-marks").checked;
  b.setAttribute("aria-label", `${m.description}${marks ? (m.winning ? ", winning" : ", losing") : ""}`);
  b.title = m.description;
  b.addEventListener("click", () => playerMove(m));
  return b;
}

function piece(kind, i) {
  const s = document.createElement("span");
  s.className = kind;
  s.dataset.n = String(i);
  return s;
}

// The squares a row or strip move uses up (at .. at + take - 1), and the middle of the
// squares its piece covers (from the API: pins, a domino, a cross), where its button goes.
function span(m) { return [m.at, m.at + m.take - 1]; }
function middle(m) { const [a, b] = m.piece || span(m); return (a + b) / 2; }

function drawHeap(row, n, moves) {
  const g = S.entry;
  if (g.ui === "cut") {
    for (let s = 1; s <= n; s++) {
      row.appendChild(piece("stone", s));
      if (s === n) break;
      const parts = [Math.max(s, n - s), Math.min(s, n - s)];
      const m = moves.find((x) => x.left[0] === parts[0] && x.left[1] === parts[1]);
      if (!m) {
        const eq = document.createElement("span");
        eq.className = "gap-none";
        eq.title = `${s} and ${n - s}: equal halves are not allowed`;
        eq.textContent = "┆";
        row.appendChild(eq);
      } else row.appendChild(target(m, "", "gap"));
    }
  } else if (g.play === "heap") {
    // Stones to take: the stone clicked and all to its right.
    for (let s = 1; s <= n; s++) {
      const m = moves.find((x) => x.take === n - s + 1);
      if (m) {
        const b = target(m, "", "stone-btn");
        b.dataset.n = String(s);
        row.appendChild(b);
      } else row.appendChild(piece("stone", s));
    }
  } else {
    // Pins or squares; a move's button sits at the middle of the squares it uses (on a
    // square, or between two), and hovering it highlights them.
    const kind = g.play === "row" ? "pin" : "square";
    for (let s = 1; s <= n; s++) {
      const here = moves.filter((m) => middle(m) === s);
      if (here.length) {
        const b = target(here[0], "", `${kind}-btn`);
        b.dataset.n = String(s);
        hoverSpan(b, row, here[0]);
        row.appendChild(b);
      } else row.appendChild(piece(kind, s));
      if (s === n) break;
      const between = moves.find((m) => middle(m) === s + 0.5);
      if (between) {
        const b = target(between, "", "link");
        hoverSpan(b, row, between);
        row.appendChild(b);
      } else {
        const sp = document.createElement("span");
        sp.className = "link-none";
        row.appendChild(sp);
      }
    }
  }
}

function hoverSpan(b, row, m) {
  const [a, z] = span(m);
  const on = (v) => row.querySelectorAll("[data-n]").forEach((x) => {
    const k = Number(x.dataset.n);
    x.classList.toggle("used", v && k >= a && k <= z);
  });
  b.addEventListener("pointerenter", () => on(true));
  b.addEventListener("pointerleave", () => on(false));
  // Keyboard focus shows the squares too (not the focus set after a click).
  b.addEventListener("focus", () => on(b.matches(":focus-visible")));
  b.addEventListener("blur", () => on(false));
}

function noun(n) {
  const p = S.entry.play;
  if (p === "row") return `${n} pin${n === 1 ? "" : "s"}`;
  if (p === "strip") return `${n} square${n === 1 ? "" : "s"}`;
  return `${n} stone${n === 1 ? "" : "s"}`;
}

function render() {
  const a = S.analysis;
  const view = $("heaps-view");
  $("undo").disabled = !canUndo();
  view.textContent = "";
  view.setAttribute("aria-busy", String(S.pending));
  view.classList.toggle("locked", S.pending || S.turn !== "player");
  if (!a || !S.entry) { $("nimsum").textContent = ""; return; }
  const mis = a.rule === "misere";
  $("rules").textContent = `${S.entry.rules} ${mis ? "Misère play: whoever makes the last move loses." : "Whoever cannot move loses."}`;
  // A game that is always misère (its rule comes back misère unasked): the switch shows it.
  if (mis && !S.misere) { $("misere").checked = true; $("misere").disabled = true; }
  $("nimsum").innerHTML = `<span class="value">Values ${a.values.join(" ⊕ ")}: nim-sum ${a.nim_sum}. ${mis ? "Misère play (the values do not decide): the player to move " + (a.outcome === "player-to-move-wins" ? "can win." : "loses against perfect play.") : a.outcome === "player-to-move-wins" ? "The player to move can win." : "The player to move loses against perfect play."} <a href="#glossary">What G, ⊕ and nim-sum mean</a></span>`;
  $("last-move").textContent = !S.last ? "" :
    `${S.last.before ? `You: ${S.last.before}. ` : ""}${S.last.who}: ${S.last.description}${S.last.winning ? " (a winning move)" : ""}.`;
  const word = S.entry.play;
  S.heaps.forEach((n, i) => {
    const box = document.createElement("div");
    box.className = "heap";
    if (S.last && S.last.heaps.includes(i)) box.classList.add("last");
    const title = document.createElement("p");
    title.className = "heap-title";
    const lastTag = S.last && S.last.heaps.includes(i) ? ` <span class="tag">${S.last.who === "You" ? "your last move" : "computer's last move"}</span>` : "";
    title.innerHTML = `${word[0].toUpperCase() + word.slice(1)} ${label(i)}: ${n === 0 ? "empty" : noun(n)} <span class="value">(G = ${a.values[i]})</span>${lastTag}`;
    box.appendChild(title);
    const row = document.createElement("div");
    row.className = `row play-${word}`;
    drawHeap(row, n, a.moves.filter((m) => m.heap_index === i));
    box.appendChild(row);
    view.appendChild(box);
  });
  // One Tab stop on the board: the first enabled target (arrow keys move from there).
  const first = view.querySelector(".target:not([disabled])");
  if (first) first.tabIndex = 0;
}

function focusBoard() {
  const t = $("heaps-view").querySelector(".target:not([disabled])");
  if (t && S.turn === "player") t.focus();
}

// Arrow keys: left/right to the previous/next target, up/down to the nearest in the heap above/below.
function boardKeys(e) {
  const t = e.target.closest && e.target.closest(".target");
  if (!t) return;
  const all = [...$("heaps-view").querySelectorAll(".target:not([disabled])")];
  const i = all.indexOf(t);
  let next = null;
  if (e.key === "ArrowRight") next = all[i + 1];
  else if (e.key === "ArrowLeft") next = all[i - 1];
  else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
    const h = Number(t.dataset.heap), dir = e.key === "ArrowDown" ? 1 : -1;
    const x = t.getBoundingClientRect().left;
    for (let k = h + dir; k >= 0 && k < S.heaps.length; k += dir) {
      const row = all.filter((b) => Number(b.dataset.heap) === k);
      if (row.length) {
        next = row.reduce((best, b) => Math.abs(b.getBoundingClientRect().left - x) < Math.abs(best.getBoundingClientRect().left - x) ? b : best);
        break;
      }
    }
  } else if (e.key === "Home") next = all[0];
  else if (e.key === "End") next = all[all.length - 1];
  else return;
  e.preventDefault();
  if (next) { t.tabIndex = -1; next.tabIndex = 0; next.focus(); }
}

function toggleMarks() {
  document.body.classList.toggle("hide-marks", !$("show-marks").checked);
  render();
}

function randomHeaps() {
  const k = 2 + Math.floor(Math.random() * 2);
  return Array.from({ length: k }, () => 3 + Math.floor(Math.random() * 18));
}

// ---- wiring ---------------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  const t = e.target;
  const typing = t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && !["checkbox", "radio", "button"].includes(t.type));
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === "h") { $("show-marks").checked = !$("show-marks").checked; toggleMarks(); }
  else if (k === "u") undo();
  else if (k === "n") newGame();
  else return;
  e.preventDefault();
});

async function init() {
  catalog = await api("/api/games");
  for (const g of catalog.games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.name;
    $("game").appendChild(o);
  }
  $("heaps-help").textContent = `Heaps: 1 to ${catalog.max_heaps} whole numbers from 1 to ${catalog.max_heap}, separated by spaces. Press Enter to start.`;
  readUrl();
  $("start").addEventListener("click", () => newGame());
  $("random").addEventListener("click", () => newGame(randomHeaps()));
  $("undo").addEventListener("click", undo);
  $("retry").addEventListener("click", () => { if (S.retry) S.retry.run(); });
  $("heaps").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); newGame(); } });
  $("show-marks").addEventListener("change", toggleMarks);
  $("show-values").addEventListener("change", () => document.body.classList.toggle("hide-values", !$("show-values").checked));
  $("game").addEventListener("change", () => newGame());
  $("misere").addEventListener("change", () => newGame());
  $("first").addEventListener("change", () => newGame());
  $("heaps-view").addEventListener("keydown", boardKeys);
  $("practice-new").addEventListener("click", newProblem);
  $("practice-form").addEventListener("submit", checkAnswer);
  $("practice-show").addEventListener("click", showSolution);
  $("plot").addEventListener("pointermove", readPlot);
  $("plot").addEventListener("pointerdown", readPlot);
  window.addEventListener("resize", drawPlot);
  plot();
  findings();
  await newGame();
}

init().catch((e) => setStatus(`The page could not load the games: ${e.message}`, "error"));
