// The play page: talks to the JSON API of `grundy serve`; no libraries, no network beyond it.
// This file is the game (state machine, the URL, keyboard); board.js draws the board and
// keeps the moves where they were played; panels.js holds the practice panel, the plot and
// the findings.
//
// Everything about a game (name, rules, picture, the moves and their words, why a move
// wins, the computer's choice, the end reason) comes from the API. A game is its start
// and its list of moves: the URL holds both (`?game=kayles&heaps=1+4+6&moves=A1-1.B2-3`),
// every move is a history entry (pushState), and a link, a reload, Back or Forward rebuild
// the board by replaying the moves through the API. Each request carries a token, and an
// answer whose token is no longer current (a new game, Undo, Back came in between) is
// dropped; while a step is pending the board is locked; when it fails the committed state
// is unchanged, so "Try again" replays the step from there and a move is never applied twice.
"use strict";

const $ = (id) => document.getElementById(id);
// The games and the page's limits (heaps, stones, graph bytes), as /api/games states them.
let catalog = { games: [] };

const S = {
  entry: null, // the game: { id, name, rules, play, ui, misere_max_stones, vertices }
  graph: null, // a game on a graph: { text, packed } (packed: the text for a link, or null when too long)
  misere: false,
  first: "player", // who moves first: "player" (you, player 1) or "computer" (player 2)
  vs: "0", // the opponent: the computer's chance of a random move ("0", "0.33", ...) or "two"
  start: [],
  steps: [], // { board, analysis, places } after 0, 1, ... moves
  moves: [], // { key, side, description, winning }: move k leads from step k to step k + 1
  at: 0, // the step shown
  token: 0,
  pending: null, // "load" | "player" | "computer" while a step waits for the API
  retry: null,
  hint: null, // the hint shown: { move (the move hinted, or null when none wins), text }
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

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---- sides and turns ------------------------------------------------------------------

const two = () => S.vs === "two";
/** Side 0 is you (player 1), side 1 the computer (player 2); who moves at step k. */
const sideAt = (k) => ((S.first === "player" ? 0 : 1) + k) % 2;
const who = (side) => two() ? `Player ${side + 1}` : side === 0 ? "You" : "Computer";
const step = () => S.steps[S.at];
function turn() {
  const st = step();
  if (!st) return "idle";
  if (st.analysis.game_over) return "over";
  return !two() && sideAt(S.at) === 1 ? "computer" : "player";
}

function request(pos) {
  const r = { game: S.entry.id, heaps: pos.heaps, misere: S.misere, count: S.entry.play === "heap" ? "heaps" : "placements" };
  if (S.graph) r.graph = S.graph.text;
  if (pos.places) r.places = pos.places;
  return r;
}

/** A game on a graph with cycles: /api/loopy's answer in the shape of /api/analyze's (a
 *  move is its token and the vertex it goes to; `loopy` keeps the answer: Smith's values, P,
 *  N or D), and the game over when no token can move or a drawn position came a third time. */
function fromLoopy(a) {
  const drawn = a.drawn_by_repetition === true;
  return {
    loopy: a, drawn, rule: "normal", heaps: a.heaps, values: a.values.map(String), nim_sum: String(a.value),
    outcome: a.outcome === "N" ? "player-to-move-wins" : a.outcome === "P" ? "player-to-move-loses" : "draw",
    game_over: a.game_over || drawn,
    end_reason: "no token can move",
    computer_move: a.computer_move,
    moves: a.moves.map((m) => ({
      heap_index: m.heap_index, heap: a.heaps[m.heap_index], take: 0, left: [m.heaps[m.heap_index]],
      winning: m.kind === "Wins", keeps_draw: m.kind === "KeepsDraw", description: m.description, reason: m.reason,
    })),
  };
}

/** /api/analyze's summary (the moves as columns, the words of some) as move objects; a move
 *  without words gets them from /api/move when it is played ([`wordsOf`]). */
function fromSummary(a) {
  const s = a.summary;
  if (!s || !Array.isArray(s.heap_index)) return a;
  const winning = new Set(s.winning);
  const moves = s.heap_index.map((h, i) => ({ index: i, heap_index: h, take: s.take[i], left: s.left[i], winning: winning.has(i) }));
  if (Array.isArray(s.at)) {
    moves.forEach((m, i) => { m.at = s.at[i]; });
    for (const [i, p, q] of s.piece || []) moves[i].piece = [p, q];
  }
  for (const w of s.words) Object.assign(moves[w.index], { description: w.description, reason: w.reason });
  return { ...a, moves };
}

/** A move's words: the ones the analysis carried, else /api/move's for it. */
async function wordsOf(st, m) {
  if (typeof m.description === "string") return m.description;
  const reply = await api("/api/move", { ...request(position(st.board)), move: m.index });
  if (!reply.move || typeof reply.move.description !== "string") throw new ApiError("the move's words did not arrive");
  return reply.move.description;
}

/** The step for a board: the API's analysis of it (an answer for another position is refused).
 *  `prior` are the boards before it in the game, which a graph with cycles needs to see a
 *  position come back. */
async function analyzeBoard(board, prior = []) {
  const pos = position(board);
  const a = S.entry && S.entry.loopy
    ? fromLoopy(await api("/api/loopy", { ...request(pos), history: prior.map((b) => position(b).heaps) }))
    : fromSummary(await api("/api/analyze", { ...request(pos), summary: true }));
  if (!Array.isArray(a.heaps) || !same(a.heaps, pos.heaps) || !Array.isArray(a.moves) || !Array.isArray(a.values)) {
    throw new ApiError("an answer for another position arrived");
  }
  return { board, analysis: a, places: pos.places };
}

// ---- the state machine --------------------------------------------------------------

function begin(kind) {
  S.token += 1;
  S.pending = kind;
  S.retry = null;
  $("retry").hidden = true;
  render();
  return S.token;
}
const current = (token) => token === S.token;

function fail(token, e, retry) {
  if (!current(token)) return;
  S.pending = null;
  const msg = e instanceof ApiError ? e.message : "something went wrong";
  // A refusal of the request itself (a 4xx: a misère position past the search's limit, a
  // bad link) would fail again: say why, offer no retry.
  const refused = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
  S.retry = refused ? null : retry;
  $("retry").hidden = refused;
  setStatus(refused ? `Could not ${retry.what}: ${msg}.` : `Could not ${retry.what}: ${msg}. ${retry.kept || ""}Try again.`, "error");
  render();
  if (!refused) $("retry").focus();
}

/** Commits move k (played at step k) and the step it leads to; drops any later steps. */
function commitMove(k, mv, next) {
  S.pending = null;
  S.moves.length = k;
  S.steps.length = k + 1;
  S.moves.push(mv);
  S.steps.push(next);
  S.at = k + 1;
  S.hint = null;
  history.pushState(null, "", urlFor(S.at));
  settle(true);
}

/** Says whose turn it is or how the game ended, and lets the computer move when its turn is
 *  the last step (not when Back showed an earlier one). */
function settle(moved) {
  const t = turn();
  if (t === "over") over();
  else if (t === "computer") {
    if (S.at === S.moves.length) { computerStep(); return; }
    setStatus("The computer moves next: its move is the next in the list (or the browser's Forward).", "computer");
  } else setStatus(two() ? `${who(sideAt(S.at))} to move.` : "Your turn.", "player");
  render();
  if (t === "over") $("again").focus();
  else if (moved) focusBoard();
}

function over() {
  const a = step().analysis;
  if (a.drawn) {
    setStatus(`A draw: this position has come three times, and with perfect play neither player can force a win (the tokens' value is ${a.nim_sum}).`, "drawn");
    return;
  }
  const stuck = sideAt(S.at);
  const mis = a.rule === "misere";
  const winner = mis ? stuck : 1 - stuck;
  const stuckName = two() ? `player ${stuck + 1}` : stuck === 0 ? "you" : "the computer";
  const rule = mis ? "under misère play whoever cannot move wins" : "whoever cannot move loses";
  const head = two() ? `Player ${winner + 1} wins` : winner === 0 ? "You win" : "The computer wins";
  const from = S.at === 0 ? "The game is over before it starts: " : "";
  setStatus(`${from}${head}: ${a.end_reason}, so ${stuckName} cannot move, and ${rule}.`, two() || winner === 0 ? "won" : "lost");
}

async function playerMove(m) {
  if (turn() !== "player" || S.pending || !m) return;
  const from = step(), k = S.at;
  const token = begin("player");
  setStatus("Checking the move…", "busy");
  try {
    const [next, description] = await Promise.all([
      analyzeBoard(playOn(from.board, m, k, from.places), S.steps.slice(0, k + 1).map((st) => st.board)),
      wordsOf(from, m),
    ]);
    if (!current(token)) return;
    commitMove(k, { key: moveKey(from.board, m, from.places), side: sideAt(k), description, winning: m.winning }, next);
  } catch (e) {
    fail(token, e, { what: "play the move", kept: "Nothing was changed. ", run: () => playerMove(m) });
  }
}

async function computerStep() {
  const from = step(), k = S.at;
  const token = begin("computer");
  setStatus("The computer is moving…", "computer");
  try {
    const body = request(position(from.board));
    const chance = Number(S.vs);
    if (chance > 0) { body.random = chance; body.seed = Math.floor(Math.random() * 2 ** 32); }
    // On a graph with cycles the analysis holds the computer's perfect move (the soonest
    // win, else one that keeps the draw); at a lower level /api/loopy draws it as
    // /api/computer does.
    let reply;
    if (from.analysis.loopy) {
      const a = chance > 0
        ? fromLoopy(await api("/api/loopy", { ...body, history: S.steps.slice(0, k).map((st) => position(st.board).heaps) }))
        : from.analysis;
      reply = { move: a.moves[a.computer_move] };
    } else {
      reply = await api("/api/computer", body);
    }
    if (!current(token)) return;
    const m = reply.move;
    if (!m || typeof m.description !== "string") throw new ApiError("the computer found no move");
    const mv = { key: moveKey(from.board, m, from.places), side: 1, description: m.description, winning: m.winning };
    const next = await analyzeBoard(playOn(from.board, m, k, from.places), S.steps.slice(0, k + 1).map((st) => st.board));
    if (!current(token)) return;
    commitMove(k, mv, next);
  } catch (e) {
    fail(token, e, { what: "get the computer's move", run: () => computerStep() });
  }
}

/** The step Undo goes back to: the move being checked is dropped; otherwise back to the
 *  last step where a person was to move. */
function undoTarget() {
  if (S.pending === "player") return S.at;
  if (S.pending === "load" || !step()) return null;
  let k = S.at - 1;
  if (!two()) while (k >= 0 && sideAt(k) === 1) k--;
  return k >= 0 ? k : null;
}

function undo() {
  const k = undoTarget();
  if (k === null) return;
  S.token += 1; // drops anything pending
  S.pending = null;
  S.retry = null;
  S.hint = null;
  $("retry").hidden = true;
  if (k !== S.at || S.moves.length > k) {
    S.moves.length = k;
    S.steps.length = k + 1;
    S.at = k;
    history.pushState(null, "", urlFor(k));
  }
  setStatus(`Move taken back. ${two() ? `${who(sideAt(k))} to move.` : "Your turn."}`, "player");
  render();
  focusBoard();
}

function hint() {
  if (turn() !== "player" || S.pending) return;
  const a = step().analysis;
  const c = a.computer_move !== null && a.computer_move !== undefined ? a.moves[a.computer_move] : null;
  const m = c && c.winning ? c : a.moves.find((x) => x.winning);
  if (!m && a.outcome === "draw") {
    const d = a.moves.find((x) => x.keeps_draw) || null;
    S.hint = { move: d, text: d ? `Hint: ${d.description} keeps the draw (it ${d.reason}); no move wins.` : "Hint: no move wins or keeps the draw." };
    render();
    return;
  }
  // Kept until the next move, so that the render below shows it too when no move wins.
  S.hint = {
    move: m || null,
    text: m ? `Hint: ${m.description} wins (it ${m.reason}).` :
      "Hint: no move wins here; against perfect play this position is lost, so make the game long and hope for a slip.",
  };
  render();
  const t = $("heaps-view").querySelector(".target.hint");
  if (t) t.focus();
}

// ---- the URL ----------------------------------------------------------------------------

function urlFor(k) {
  const q = new URLSearchParams({ game: S.entry.id, heaps: heapWords(S.start).join(" ") });
  if (S.graph) q.set("graph", S.graph.packed || "-");
  if (k > 0) q.set("moves", S.moves.slice(0, k).map((m) => m.key).join("."));
  if (S.misere) q.set("misere", "1");
  if (S.first === "computer") q.set("first", "computer");
  if (S.vs !== "0") q.set("vs", S.vs);
  return "?" + q.toString();
}

/** Heaps as the API takes them: whole numbers written with digits only (0 only in a link,
 *  where an emptied heap keeps its place). */
function parseHeaps(text, zero) {
  const parts = text.trim().split(/[\s,]+/).filter(Boolean);
  const max = catalog.max_heap, most = catalog.max_heaps, low = zero ? 0 : 1;
  if (parts.length === 0) throw new Error("Type the heaps first, e.g. 7 10 12.");
  const bad = parts.find((p) => !/^\d{1,7}$/.test(p) || Number(p) < low || Number(p) > max);
  if (bad !== undefined) throw new Error(`"${bad.slice(0, 12)}" is not a heap: give whole numbers from ${low} to ${max}.`);
  if (parts.length > most) throw new Error(`At most ${most} heaps.`);
  return parts.map(Number);
}

const VS = ["0", "0.33", "0.67", "two"];

// ---- games on a graph -------------------------------------------------------------------

/** The longest packed graph a link holds (the server reads at most 8 KiB of request head). */
const MAX_LINK_GRAPH = 3000;

/** Heaps as people read them: on a graph the vertices' names. */
const heapWords = (heaps) => S.entry && S.entry.vertices ? heaps.map((v) => v ? S.entry.vertices[v - 1] : "none") : heaps;

/** A graph's text for a link: deflate-raw, then base64url. */
async function packGraph(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpackGraph(packed) {
  let text;
  try {
    const bin = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
    const stream = new Blob([Uint8Array.from(bin, (c) => c.charCodeAt(0))]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    text = await new Response(stream).text();
  } catch { throw new Error("The link's graph cannot be read: it was cut short or changed."); }
  if (text.length > catalog.max_graph_bytes) throw new Error(`The link's graph is over ${catalog.max_graph_bytes} bytes.`);
  return text;
}

/** The tokens typed (vertices' names), as the graph numbers them. */
function tokensOf(entry, names) {
  if (!names.length) throw new ApiError("give the vertices the tokens start on, by name, e.g. " + entry.vertices.slice(-2).join(" "), 400);
  if (names.length > catalog.max_heaps) throw new ApiError(`at most ${catalog.max_heaps} tokens`, 400);
  return names.map((n) => {
    const v = entry.vertices.indexOf(n);
    if (v < 0) throw new ApiError(`${entry.name} has no vertex named "${n.slice(0, 40)}" (it has ${entry.vertices.length})`, 400);
    return v + 1;
  });
}

/** The graph in the form: its text, its label (the file's name, or "pasted"), checked for size. */
function graphOfForm() {
  const text = $("graph-text").value;
  if (!text.trim()) throw new Error("Paste a graph or load its file first (one vertex a line, name: the vertices it may move to).");
  const size = new TextEncoder().encode(text).length;
  if (size > catalog.max_graph_bytes) throw new Error(`The graph is ${size} bytes, more than the page's limit of ${catalog.max_graph_bytes} (the command line takes larger files: grundy play --game graph:FILE).`);
  return { text, label: $("graph-text").dataset.label || "pasted" };
}

/** A file chosen: its text goes in the field (a file too large is refused unread). */
async function loadGraphFile() {
  const f = $("graph-file").files[0];
  if (!f) return;
  if (f.size > catalog.max_graph_bytes) { setStatus(`The file ${f.name} is ${f.size} bytes, more than the page's limit of ${catalog.max_graph_bytes}.`, "error"); return; }
  $("graph-text").value = await f.text();
  $("graph-text").dataset.label = f.name;
  setStatus(`Loaded ${f.name}: type the tokens' vertices and start a new game.`, "idle");
}

/** A game as a link describes it; a bad link is said, never silently changed. */
function readUrl() {
  const q = new URLSearchParams(location.search);
  const known = ["game", "heaps", "moves", "misere", "first", "vs", "graph"];
  const odd = [...q.keys()].find((k) => !known.includes(k));
  if (odd !== undefined) throw new Error(`The link has "${odd.slice(0, 20)}", which this page does not know.`);
  const keys = [...q.keys()];
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice !== undefined) throw new Error(`The link gives ${twice}= more than once (${q.getAll(twice).map((v) => v.slice(0, 20)).join(" and ")}): give it once.`);
  if (!q.has("game") && !q.has("heaps")) return null;
  const spec = { game: q.get("game") || "grundy", moves: [], misere: false, first: "player", vs: "0" };
  if (q.has("graph")) {
    // A game on a graph: the heaps are the tokens' vertices by name.
    if (q.get("graph") === "-" && S.graph && !S.graph.packed && S.entry && S.entry.id === spec.game) {
      spec.graph = S.graph.text; // Back and Forward within the game being played
    } else if (q.get("graph") === "-") {
      // The form is made ready for the file: the graph entry chosen, the tokens typed.
      $("game").value = "graph";
      showRuleField();
      $("heaps").value = q.get("heaps") || "";
      throw new Error(`This link is for a game on the graph ${spec.game.slice(0, 60)}, which was too large to go in a link: choose "A game on a graph", load its file again and type the tokens (${(q.get("heaps") || "").slice(0, 60)}).`);
    } else spec.packed = q.get("graph");
    spec.names = (q.get("heaps") || "").trim().split(/[\s,]+/).filter(Boolean);
  } else {
    try {
      spec.heaps = parseHeaps(q.get("heaps") || "", true);
    } catch (e) { throw new Error(`The link's heaps are not valid: ${e.message}`); }
  }
  const moves = q.get("moves") || "";
  if (moves) {
    spec.moves = moves.split(".");
    const bad = spec.moves.find((k) => !/^[A-Z]{1,3}(_\d{1,7})*$|^[A-Z]{1,3}\d{1,4}-\d{1,4}$/.test(k));
    if (bad !== undefined) throw new Error(`The link's move "${bad.slice(0, 20)}" is not written as a move.`);
  }
  const pick = (key, allowed, dflt) => {
    const v = q.get(key);
    if (v === null) return dflt;
    if (!allowed.includes(v)) throw new Error(`The link's ${key}=${v.slice(0, 20)} is not one of ${allowed.join(", ")}.`);
    return v;
  };
  spec.misere = pick("misere", ["0", "1"], "0") === "1";
  spec.first = pick("first", ["player", "computer"], "player");
  spec.vs = pick("vs", VS, "0");
  return spec;
}

/** The game named in a link or typed: the catalog's, or any game the CLI takes (asked of
 *  the server, which refuses with the CLI's message). */
async function resolveGame(id, graph) {
  if (graph !== undefined) {
    const e = await api("/api/game", { name: id, graph });
    if (!Array.isArray(e.vertices)) throw new ApiError("the server's answer for the graph has no vertices");
    return e;
  }
  const g = catalog.games.find((x) => x.id === id);
  if (g) return g;
  return api(`/api/game?name=${encodeURIComponent(id)}`);
}

/** Shows a game from its description: from memory when it is the one being played and
 *  its moves are known (Back, Forward, a move in the list), otherwise by replaying. */
async function load(spec) {
  const token = begin("load");
  setStatus("Setting up the board…", "busy");
  let entry = null;
  try {
    entry = await resolveGame(spec.game, spec.graph);
    if (!current(token)) return;
    if (spec.graph !== undefined) spec.heaps = tokensOf(entry, spec.names);
    const graphSame = (S.graph ? S.graph.text : undefined) === spec.graph;
    const known = graphSame && S.entry && S.entry.id === entry.id && same(S.start, spec.heaps) && S.misere === spec.misere &&
      S.first === spec.first && (S.vs === "two") === (spec.vs === "two") &&
      S.steps.length > spec.moves.length && spec.moves.every((k, i) => S.moves[i].key === k);
    if (!graphSame) {
      S.graph = null;
      if (spec.graph !== undefined) {
        const packed = await packGraph(spec.graph);
        if (!current(token)) return;
        S.graph = { text: spec.graph, packed: packed.length <= MAX_LINK_GRAPH ? packed : null };
      }
    }
    showForm(entry, spec);
    if (!known) {
      S.start = spec.heaps;
      S.moves = [];
      S.steps = [];
      S.at = 0;
      render();
      let st = await analyzeBoard(newBoard(entry.play, spec.heaps));
      if (!current(token)) return;
      const steps = [st], moves = [];
      for (const key of spec.moves) {
        const m = st.analysis.moves.find((x) => moveKey(st.board, x, st.places) === key);
        if (!m) throw new ApiError(`the link's move ${key} is not a move of the position it comes to`, 400);
        const k = moves.length;
        const [next, description] = await Promise.all([
          analyzeBoard(playOn(st.board, m, k, st.places), steps.map((x) => x.board)),
          wordsOf(st, m),
        ]);
        if (!current(token)) return;
        moves.push({ key, side: sideAt(k), description, winning: m.winning });
        steps.push(next);
        st = next;
      }
      S.steps = steps;
      S.moves = moves;
    }
    S.at = spec.moves.length;
    if (spec.push) history.pushState(null, "", urlFor(S.at));
    S.pending = null;
    S.hint = null;
    settle(false);
  } catch (e) {
    if (!current(token)) return;
    S.steps = [];
    S.moves = [];
    // No game shown (the game was refused, or its tokens on a graph): nothing of the one
    // before is left on show.
    if (!entry || S.entry !== entry) showNoGame();
    fail(token, e, { what: "set up the board", run: () => load(spec) });
  }
}

/** No game is on show: no title, rules or "How to move" of a game played before. */
function showNoGame() {
  S.entry = null;
  S.graph = null;
  $("title").textContent = "Play";
  document.title = "Play heap games — grundy";
  $("how").textContent = "";
}

/** The form shows the game being played. */
function showForm(entry, spec) {
  S.entry = entry;
  S.misere = spec.misere;
  S.first = spec.first;
  S.vs = spec.vs;
  const inMenu = catalog.games.some((g) => g.id === entry.id);
  $("game").value = entry.vertices ? "graph" : inMenu ? entry.id : "other";
  if (!inMenu && !entry.vertices) $("rule").value = entry.id;
  if (entry.vertices && spec.graph !== undefined && $("graph-text").value !== spec.graph) {
    $("graph-text").value = spec.graph;
    $("graph-text").dataset.label = entry.id;
  }
  showRuleField();
  $("heaps").value = heapWords(spec.heaps).join(" ");
  const note = $("graph-note");
  note.hidden = !S.graph || !!S.graph.packed;
  note.textContent = note.hidden ? "" : "This game's graph is too large to go in a link: a link to it (and a reload) needs the file loaded again.";
  $("misere").checked = spec.misere;
  $("first").value = spec.first;
  $("vs").value = spec.vs;
  nameSides();
  const g = S.entry;
  $("title").textContent = `Play ${g.name}`;
  document.title = `Play ${g.name} — grundy`;
  $("how").textContent = howTo(g);
  helpLine();
}

function showRuleField() {
  const other = $("game").value === "other", graph = $("game").value === "graph";
  $("rule-field").hidden = !other;
  $("rule-help").hidden = !other;
  $("graph-field").hidden = !graph;
  $("graph-help").hidden = !graph;
  $("heaps-word").textContent = graph ? "Tokens" : "Heaps";
  $("heaps").inputMode = graph ? "text" : "numeric";
}

function nameSides() {
  const opts = $("first").options;
  opts[0].textContent = $("vs").value === "two" ? "Player 1" : "You";
  opts[1].textContent = $("vs").value === "two" ? "Player 2" : "The computer";
}

// A new game from the form; a bad entry is said and nothing of the old game stays live.
async function newGame(heaps) {
  let spec;
  try {
    const misere = $("misere").checked && !$("misere").disabled;
    if ($("game").value === "graph") {
      const g = graphOfForm();
      const names = heaps || $("heaps").value.trim().split(/[\s,]+/).filter(Boolean);
      spec = { game: g.label, graph: g.text, names, push: true, moves: [], misere, first: $("first").value, vs: $("vs").value };
    } else {
      const h = heaps || parseHeaps($("heaps").value, false);
      const game = $("game").value === "other" ? $("rule").value.trim() : $("game").value;
      if (!game) throw new Error("Type a rule first: a take-and-break code like .6 or a subtraction set like s1,4,5.");
      spec = { game, heaps: h, moves: [], misere, first: $("first").value, vs: $("vs").value };
    }
  } catch (e) {
    S.token += 1;
    S.pending = null;
    S.retry = null;
    $("retry").hidden = true;
    S.steps = [];
    S.moves = [];
    // The title and rules follow the menu, so nothing of the old game is left on show.
    const g = catalog.games.find((x) => x.id === $("game").value), typed = $("heaps").value;
    if (g) showForm(g, { heaps: [], misere: $("misere").checked, first: $("first").value, vs: $("vs").value });
    else showNoGame(); // a rule or a graph not given: no game of the menu to show
    $("heaps").value = typed;
    setStatus(e.message, "error");
    render();
    return;
  }
  S.entry = null; // a new game replays from its start
  S.graph = null;
  if (spec.graph !== undefined) { await load(spec); return; } // the URL follows once the graph is read
  const q = new URLSearchParams({ game: spec.game, heaps: spec.heaps.join(" ") });
  if (spec.misere) q.set("misere", "1");
  if (spec.first === "computer") q.set("first", "computer");
  if (spec.vs !== "0") q.set("vs", spec.vs);
  history.pushState(null, "", "?" + q.toString());
  await load(spec);
}

async function fromUrl() {
  let spec;
  try {
    spec = readUrl();
    if (spec && spec.packed !== undefined) spec.graph = await unpackGraph(spec.packed);
  } catch (e) {
    S.token += 1;
    S.steps = [];
    S.moves = [];
    setStatus(e.message, "error");
    render();
    return;
  }
  if (!spec) return newGame();
  await load(spec);
}

// ---- drawing --------------------------------------------------------------------------

function howTo(g) {
  if (g.vertices) return "How to move: pick a token and where it goes (each button moves that token to the vertex it names); a token on a vertex with no move is stuck.";
  if (g.ui === "cut") return "How to move: click a gap between two stones to split the heap there (arrow keys move between gaps, Enter plays).";
  if (g.play === "row") return "How to move: click a pin to knock it down, or the link between two pins to knock both down. Fallen pins stay where they fell.";
  if (g.play === "strip") return "How to move: click a marked place on a strip; the squares it uses are highlighted before you click. Pieces stay where they were played.";
  return "How to move: click a stone: it and every stone to its right are taken.";
}

function render() {
  const st = step();
  const t = turn();
  const live = t === "player" && !S.pending;
  $("undo").disabled = undoTarget() === null;
  $("hint").disabled = !live;
  $("again").hidden = t !== "over";
  document.body.classList.toggle("waiting", !live);
  const view = $("heaps-view");
  view.setAttribute("aria-busy", String(!!S.pending));
  renderMoves();
  if (!st || !S.entry) { S.drawn = null; view.textContent = ""; $("nimsum").textContent = ""; $("rules").textContent = S.entry ? S.entry.rules : ""; return; }
  const a = st.analysis;
  const mis = a.rule === "misere";
  $("rules").textContent = `${S.entry.rules} ${mis ? "Misère play: whoever makes the last move loses." : "Whoever cannot move loses."}`;
  // A game that is always misère (its rule comes back misère unasked): the switch shows it.
  $("misere").disabled = mis && !S.misere;
  if (mis && !S.misere) $("misere").checked = true;
  const mover = sideAt(S.at);
  const can = a.outcome === "player-to-move-wins";
  const name = two() ? `Player ${mover + 1}` : mover === 0 ? "you" : "the computer";
  const verdict = t === "over" ? "" : `${mis ? " Misère play (the values do not decide):" : ""} ${name[0].toUpperCase() + name.slice(1)} ${can ? "can win" : `lose${name === "you" ? "" : "s"} against perfect play`}.`;
  if (a.loopy) {
    const say = t === "over" ? "" : a.outcome === "draw"
      ? ` A draw: ${name} can keep it but cannot force a win.`
      : verdict;
    const text = `Smith's values ${a.values.join(" + ")} = ${a.nim_sum} (∞{K}: infinite, K the finite values among its options).${say}`;
    $("nimsum").textContent = text;
  } else {
    $("nimsum").innerHTML = `<span class="value">Values ${a.values.join(" ⊕ ")}: nim-sum ${a.nim_sum}.${verdict} <a href="#glossary">What G, ⊕ and nim-sum mean</a></span>`;
  }
  const lastMove = S.at > 0 ? S.moves[S.at - 1] : null;
  if (S.hint) $("last-move").textContent = S.hint.text;
  else {
    $("last-move").textContent = !lastMove ? "" :
      `${S.at > 1 ? `${who(S.moves[S.at - 2].side)}: ${S.moves[S.at - 2].description}. ` : ""}${who(lastMove.side)}: ${lastMove.description}.`;
  }
  const o = {
    live, marks: $("show-marks").checked, hint: S.hint && S.hint.move, onMove: playerMove, cut: S.entry.ui === "cut", play: S.entry.play, vertices: S.entry.vertices,
    lastTag: lastMove ? `${two() ? who(lastMove.side) + "'s" : lastMove.side === 0 ? "your" : "the computer's"} last move` : "",
  };
  if (lastMove && S.at > 0) {
    const prev = S.steps[S.at - 1];
    if (st.board.kind === "heaps") {
      const m = prev.analysis.moves.find((x) => moveKey(prev.board, x, prev.places) === lastMove.key);
      if (m) o.last = touched(prev.board, m);
    } else {
      const row = st.board.rows.findIndex((r) => r.cells.some((c) => c && c.k === S.at - 1));
      o.lastCells = { row, k: S.at - 1 };
    }
  }
  // The board drawn already for this step, only locked or unlocked (a move sent, its answer
  // back): the buttons change state in place. Drawing Nim 500+400+300 again took about
  // 100 ms of the 200 a move may take (issue 38).
  const drawn = [st, S.at, o.marks, o.hint, o.lastTag, S.entry];
  if (S.drawn && S.drawn.length === drawn.length && S.drawn.every((x, i) => x === drawn[i]) && view.firstChild) {
    for (const b of view.querySelectorAll(".target")) b.disabled = !live;
  } else drawBoard(view, st.board, a, o, st.places);
  S.drawn = drawn;
  // A target focused by the keyboard scrolls clear of the status bar that stays on top (read
  // once the board is drawn, so that it lays out the page once, not the old board first).
  document.documentElement.style.scrollPaddingTop = `${$("bar").offsetHeight + 8}px`;
  // Moves that no stone or square stands for have buttons under their heap: say how they read.
  const more = !view.querySelector(".more") ? "" : S.entry.play === "heap" ? " A move that leaves several heaps is a button under its heap, named by the heaps it leaves." :
    " A move that shares its place with another is a button under its row, named by what it takes.";
  $("how").textContent = howTo(S.entry) + more;
}

function renderMoves() {
  const list = $("move-list");
  list.textContent = "";
  $("moves").hidden = !S.entry || !S.steps.length;
  if ($("moves").hidden) return;
  const item = (k, text) => {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = urlFor(k);
    link.textContent = text;
    if (k === S.at) link.setAttribute("aria-current", "step");
    if (k > S.at) li.className = "future";
    link.addEventListener("click", (e) => {
      e.preventDefault();
      if (k === S.at) return;
      history.pushState(null, "", link.href);
      fromUrl();
    });
    li.appendChild(link);
    list.appendChild(li);
  };
  item(0, `Start: ${heapWords(S.start).join(", ")}`);
  S.moves.forEach((m, k) => { if (k < S.steps.length - 1) item(k + 1, `${who(m.side)}: ${m.description}`); });
}

function focusBoard() {
  const t = $("heaps-view").querySelector(".target:not([disabled])");
  if (t && turn() === "player") t.focus();
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
    const box = t.closest(".heap"), boxes = [...$("heaps-view").querySelectorAll(".heap")];
    const dir = e.key === "ArrowDown" ? 1 : -1;
    const x = t.getBoundingClientRect().left;
    for (let k = boxes.indexOf(box) + dir; k >= 0 && k < boxes.length; k += dir) {
      const row = all.filter((b) => b.closest(".heap") === boxes[k]);
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

// Random heaps; under misère play (searched up to a limit) their total stays within it.
function randomHeaps() {
  if ($("game").value === "graph") {
    // Two or three tokens on the vertices of the graph being played, but its first (a sink).
    const v = S.graph && S.entry && S.entry.vertices ? S.entry.vertices.slice(1) : [];
    if (!v.length) return undefined;
    return Array.from({ length: 2 + Math.floor(Math.random() * 2) }, () => v[Math.floor(Math.random() * v.length)]);
  }
  const k = 2 + Math.floor(Math.random() * 2);
  const limit = $("misere").checked && S.entry && S.entry.misere_max_stones;
  const most = limit ? Math.min(20, Math.floor(limit / k)) : 20;
  return Array.from({ length: k }, () => Math.min(most, 3 + Math.floor(Math.random() * (most - 2))));
}

function helpLine() {
  const g = S.entry;
  const limit = g && g.misere_max_stones;
  if ($("game").value === "graph") {
    $("heaps-help").textContent = "Tokens: the vertices the tokens start on, by name, separated by spaces (one vertex may hold several); press Enter to start.";
    return;
  }
  $("heaps-help").textContent = `Heaps: 1 to ${catalog.max_heaps} whole numbers from 1 to ${catalog.max_heap}, separated by spaces; press Enter to start. ` +
    (limit ? `Misère play is searched up to ${limit} stones in all.` : g ? "Misère play follows Bouton's rule at any size." : "");
}

// ---- wiring ---------------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (!$("shortcuts").checked || !catalog.games.length) return;
  const t = e.target;
  // Keys typed into a field or a menu are the field's (a menu jumps to an entry by letter).
  const typing = t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable ||
    (t.tagName === "INPUT" && !["checkbox", "radio", "button"].includes(t.type));
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === "h") { $("show-marks").checked = !$("show-marks").checked; toggleMarks(); }
  else if (k === "u") undo();
  else if (k === "n") newGame();
  else return;
  e.preventDefault();
});

function wire() {
  $("start").addEventListener("click", () => newGame());
  $("random").addEventListener("click", () => newGame(randomHeaps()));
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("again").addEventListener("click", () => newGame());
  $("retry").addEventListener("click", () => { if (S.retry) S.retry.run(); });
  $("heaps").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); newGame(); } });
  $("rule").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); newGame(); } });
  $("show-marks").addEventListener("change", toggleMarks);
  $("show-values").addEventListener("change", () => document.body.classList.toggle("hide-values", !$("show-values").checked));
  $("game").addEventListener("change", () => {
    showRuleField();
    helpLine();
    if ($("game").value === "other") { $("rule").focus(); return; }
    if ($("game").value === "graph") { $("graph-text").focus(); return; }
    newGame();
  });
  $("misere").addEventListener("change", () => newGame());
  $("graph-file").addEventListener("change", loadGraphFile);
  $("graph-text").addEventListener("input", () => { delete $("graph-text").dataset.label; });
  $("first").addEventListener("change", () => newGame());
  $("vs").addEventListener("change", () => { nameSides(); newGame(); });
  $("heaps-view").addEventListener("keydown", boardKeys);
  $("practice-new").addEventListener("click", newProblem);
  $("practice-form").addEventListener("submit", checkAnswer);
  $("practice-show").addEventListener("click", showSolution);
  $("plot").addEventListener("pointermove", readPlot);
  $("plot").addEventListener("pointerdown", readPlot);
  $("plot-retry").addEventListener("click", plot);
  $("findings-retry").addEventListener("click", findings);
  window.addEventListener("resize", drawPlot);
  window.addEventListener("popstate", () => { if (catalog.games.length) fromUrl(); });
}

async function init() {
  S.retry = null;
  $("retry").hidden = true;
  setStatus("Loading the games…", "busy");
  try {
    const c = await api("/api/games");
    if (!Array.isArray(c.games) || !c.games.length) throw new ApiError("the list of games came back empty");
    catalog = c;
  } catch (e) {
    // Without the list nothing can be played: say so, and offer to ask again.
    S.retry = { run: init };
    $("retry").hidden = false;
    setStatus(`The page could not load the list of games: ${e instanceof ApiError ? e.message : "something went wrong"}. Try again.`, "error");
    return;
  }
  $("game").textContent = "";
  for (const g of catalog.games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.name;
    $("game").appendChild(o);
  }
  const other = document.createElement("option");
  other.value = "other";
  other.textContent = "Another rule: a code or a subtraction set…";
  $("game").appendChild(other);
  const graph = document.createElement("option");
  graph.value = "graph";
  graph.textContent = "A game on a graph: paste it or load its file…";
  $("game").appendChild(graph);
  $("setup-fields").disabled = false;
  $("practice-new").disabled = false;
  helpLine();
  await fromUrl();
}

wire();
plot();
findings();
init();
