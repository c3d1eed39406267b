// The board of the play page: the game as it started, every move kept where it was
// played. Heap games (Grundy's game, Nim, subtraction sets) keep their heaps in a stable
// order: a move leaves its first piece in place and appends the others, and an emptied heap
// is no longer drawn. Games on a row (Kayles, dominoes, crosses, a code read as a row) keep
// their rows as they started: a move fills squares (pins knocked down, a domino, a cross and
// the squares it blocks) and the API is sent the stretches of free squares as heaps, with
// where each lies (`places`), so its words use the row's letter and the squares' numbers.
// Loaded before app.js, which calls these with the API's analysis; nothing here decides a
// move, a word or a value.
"use strict";

// Heap and row names: A..Z, AA, AB, ... as the core's labels.
function label(i) {
  let n = i + 1, s = "";
  while (n > 0) { n -= 1; s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); }
  return s;
}

function newBoard(play, start) {
  if (play === "heap") return { kind: "heaps", heaps: start.slice() };
  return { kind: "rows", rows: start.map((n) => ({ n, cells: Array(n).fill(null) })) };
}

function cloneBoard(b) {
  if (b.kind === "heaps") return { kind: "heaps", heaps: b.heaps.slice() };
  return { kind: "rows", rows: b.rows.map((r) => ({ n: r.n, cells: r.cells.slice() })) };
}

// The stretches of free squares, row by row: what the API calls heaps.
function runs(b) {
  const out = [];
  b.rows.forEach((r, row) => {
    for (let s = 0; s < r.n;) {
      if (r.cells[s]) { s++; continue; }
      let e = s;
      while (e < r.n && !r.cells[e]) e++;
      out.push({ row, offset: s, len: e - s });
      s = e;
    }
  });
  return out;
}

// What the API is sent for a board: heaps, and for rows where each heap lies.
function position(b) {
  if (b.kind === "heaps") return { heaps: b.heaps.slice(), places: null };
  const r = runs(b);
  if (!r.length) return { heaps: [0], places: [[0, 0]] };
  return { heaps: r.map((x) => x.len), places: r.map((x) => [x.row, x.offset]) };
}

// The squares a move's piece covers, and all it uses up, counted in its heap from 1.
const pieceOf = (m) => m.piece || [m.at, m.at + m.take - 1];

// How a move is written in a link: heaps "B_4_3" (the heap, what it leaves), rows "B7-8"
// (the row, the squares its piece covers in the row's numbers).
function moveKey(b, m, places) {
  if (b.kind === "heaps") return [label(m.heap_index), ...m.left].join("_");
  const [row, off] = places[m.heap_index];
  const [p, q] = pieceOf(m);
  return `${label(row)}${off + p}-${off + q}`;
}

// The board after move m, the k-th of the game (counted from 0).
function playOn(b, m, k, places) {
  const next = cloneBoard(b);
  if (b.kind === "heaps") {
    next.heaps[m.heap_index] = m.left.length ? m.left[0] : 0;
    next.heaps.push(...m.left.slice(1));
    return next;
  }
  const [row, off] = places[m.heap_index];
  const [p, q] = pieceOf(m);
  for (let s = m.at; s < m.at + m.take; s++) next.rows[row].cells[off + s - 1] = { k, piece: s >= p && s <= q, first: s === p, last: s === q };
  return next;
}

// The heaps a move touched, for the "last move" frame (heap games).
function touched(b, m) {
  return [m.heap_index, ...m.left.slice(1).map((_, i) => b.heaps.length + i)];
}

// ---- drawing --------------------------------------------------------------------------

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

// A move's button. `o` holds what the page knows: live (the player may move), marks shown,
// the hinted move, and what a click does. A large board's answer gives the words of its
// winning moves only (the others' come when played): the rest are named by `place` (the
// squares a piece takes) or by the heaps they leave.
function target(m, o, extra, text, place) {
  // On a graph with cycles a move may neither win nor lose: it keeps a draw (＝).
  const kind = m.winning ? "win" : m.keeps_draw ? "draw" : "lose";
  const b = el("button", `target ${kind === "draw" ? "lose draw" : kind} ${extra || ""}`);
  b.type = "button";
  b.dataset.win = String(m.winning);
  b.dataset.heap = String(m.heap_index);
  b.disabled = !o.live;
  b.tabIndex = -1;
  if (o.hint === m) b.classList.add("hint");
  const mark = el("span", "mark", { win: "✓", draw: "＝", lose: "✗" }[kind]);
  mark.setAttribute("aria-hidden", "true");
  b.appendChild(mark);
  if (text !== undefined) b.appendChild(el("span", "num", text));
  const verb = { win: "wins", draw: "keeps the draw", lose: "loses" }[kind];
  const why = o.marks && m.reason ? `: ${verb}, ${m.reason}` : "";
  const said = { win: ", winning", draw: ", keeping the draw", lose: ", losing" }[kind];
  const name = m.description || place || `heap ${label(m.heap_index)}: leave ${m.left.length ? m.left.join(" and ") : "nothing"}`;
  b.setAttribute("aria-label", `${name}${o.marks ? said : ""}`);
  b.title = name + why;
  b.addEventListener("click", () => o.onMove(m));
  return b;
}

// Pieces that stay together when a heap wraps: a gap (or link) with the stone after it.
function unit(row) { const u = el("span", "unit"); row.appendChild(u); return u; }

// A game on a graph: each token on its vertex, with a button for each vertex it may move to.
function drawTokens(view, b, a, o) {
  const name = (v) => o.vertices[v - 1];
  b.heaps.forEach((v, i) => {
    if (v === 0) return; // no token
    const moves = a.moves.filter((m) => m.heap_index === i);
    const box = el("div", "heap");
    if (o.last && o.last.includes(i)) box.classList.add("last");
    const title = el("p", "heap-title", `Token ${label(i)} on ${name(v)} `);
    title.appendChild(el("span", "value", `(G = ${a.values[i]})`));
    if (o.last && o.last.includes(i)) title.appendChild(el("span", "tag", o.lastTag));
    box.appendChild(title);
    const row = el("div", "row");
    if (!moves.length) row.appendChild(el("span", "help", `${name(v)} has no move: this token is stuck`));
    for (const m of moves) row.appendChild(target(m, o, "token-to", `to ${name(m.left[0])}`));
    box.appendChild(row);
    view.appendChild(box);
  });
}

function drawHeaps(view, b, a, o) {
  if (o.vertices) { drawTokens(view, b, a, o); return; }
  const noun = (n) => `${n} stone${n === 1 ? "" : "s"}`;
  b.heaps.forEach((n, i) => {
    if (n === 0) return; // an emptied heap is gone from the table
    const moves = a.moves.filter((m) => m.heap_index === i);
    // The move each stone or gap stands for, found once (not searched for each of 1,000).
    const byTake = new Map(), bySplit = new Map();
    for (const m of moves) {
      if (plain(m, n) && !byTake.has(m.take)) byTake.set(m.take, m);
      if (m.left.length === 2) { const k = `${m.left[0]} ${m.left[1]}`; if (!bySplit.has(k)) bySplit.set(k, m); }
    }
    const box = el("div", "heap");
    if (o.last && o.last.includes(i)) box.classList.add("last");
    const title = el("p", "heap-title");
    title.innerHTML = `Heap ${label(i)}: ${noun(n)} <span class="value">(G = ${a.values[i]})</span>`;
    if (o.last && o.last.includes(i)) title.appendChild(el("span", "tag", o.lastTag));
    box.appendChild(title);
    const row = el("div", "row");
    if (o.cut) {
      for (let s = 1; s <= n; s++) {
        const u = unit(row);
        if (s > 1) {
          const parts = [Math.max(s - 1, n - s + 1), Math.min(s - 1, n - s + 1)];
          const m = bySplit.get(`${parts[0]} ${parts[1]}`);
          if (m) u.appendChild(target(m, o, "gap"));
          else {
            const eq = el("span", "gap-none", "┆");
            eq.setAttribute("aria-hidden", "true");
            eq.title = `${s - 1} and ${n - s + 1}: equal halves are not allowed`;
            u.appendChild(eq);
          }
        }
        const st = el("span", "stone");
        st.dataset.n = String(s);
        u.appendChild(st);
      }
    } else {
      // Stones to take: the stone clicked and all to its right, for a move that leaves one
      // heap or none; a move that leaves several heaps has its own button below.
      for (let s = 1; s <= n; s++) {
        const m = byTake.get(n - s + 1);
        const u = unit(row);
        if (m) {
          const t = target(m, o, "stone-btn");
          t.dataset.n = String(s);
          u.appendChild(taking(t, row, s));
        } else {
          const st = el("span", "stone");
          st.dataset.n = String(s);
          u.appendChild(st);
        }
      }
    }
    box.appendChild(row);
    if (!o.cut) drawSplits(box, moves.filter((x) => !plain(x, n)), o);
    view.appendChild(box);
  });
}

// A list as the core writes it in a move's words: "6 and 3", "5, 2 and 1".
const and = (xs) => xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;

// A move on a heap of n that a click on a stone can stand for: it takes that stone and
// every one to its right, and leaves the rest as one heap (or nothing).
const plain = (m, n) => m.left.length === 0 ? m.take === n : m.left.length === 1 && m.left[0] === n - m.take;

// The moves that leave several heaps (a split, with or without stones taken), which no
// stone can stand for: a button each, one line for each number of stones taken, written as
// the heaps they leave in the core's words ("6 and 3", "5, 2 and 1").
function drawSplits(box, moves, o) {
  for (const k of [...new Set(moves.map((m) => m.take))]) {
    const line = el("div", "row more");
    line.appendChild(el("span", "more-head", k === 0 ? "Split into" : `Take ${k} and split the rest into`));
    for (const m of moves.filter((x) => x.take === k)) line.appendChild(target(m, o, "more-btn", and(m.left)));
    box.appendChild(line);
  }
}

function drawRows(view, b, a, o, places) {
  const pins = o.play === "row";
  const rs = runs(b);
  b.rows.forEach((r, ri) => {
    if (r.n === 0) return; // a row of nothing (a link may hold one) is not drawn
    const box = el("div", "heap");
    const mine = rs.map((x, i) => ({ ...x, i })).filter((x) => x.row === ri);
    const free = mine.reduce((t, x) => t + x.len, 0);
    if (o.lastCells && o.lastCells.row === ri) box.classList.add("last");
    const title = el("p", "heap-title");
    const values = mine.map((x) => a.values[x.i]);
    const word = pins ? ["Row", "pin", "standing"] : ["Strip", "square", "free"];
    title.innerHTML = `${word[0]} ${label(ri)}: ${r.n} ${word[1]}${r.n === 1 ? "" : "s"}, ${free} ${word[2]}` +
      (mine.length ? ` <span class="value">(G = ${values.join(" ⊕ ")})</span>` : "");
    if (o.lastCells && o.lastCells.row === ri) title.appendChild(el("span", "tag", o.lastTag));
    box.appendChild(title);
    const row = el("div", `row play-${o.play}`);
    // Where square s (from 0) lies: its stretch, and its number in the stretch (from 1).
    const runAt = (s) => mine.find((x) => s >= x.offset && s < x.offset + x.len);
    const middle = (m) => { const [p, q] = pieceOf(m); return (p + q) / 2; };
    const place = (m, x) => { const [p, q] = pieceOf(m); return `${word[0].toLowerCase()} ${label(ri)}: ${pins ? "pins" : "squares"} ${x.offset + p}-${x.offset + q}`; };
    // Each stretch's moves, and the first centred at each place, found once: looked up per
    // square, four Kayles rows of 1,000 took seconds to draw (issue 38).
    const byRun = new Map();
    const movesOf = (x) => {
      if (!byRun.has(x.i)) {
        const all = a.moves.filter((m) => m.heap_index === x.i);
        const at = new Map();
        for (const m of all) if (!at.has(middle(m))) at.set(middle(m), m);
        byRun.set(x.i, { all, at });
      }
      return byRun.get(x.i);
    };
    // On each square and each link the first move centred there; the others that share
    // that centre (a take-1 and a take-3 piece on .777) are listed below the row.
    const drawn = new Set();
    let u = null;
    for (let s = 0; s < r.n; s++) {
      // The squares of one piece played (a domino) stay in one unit, so it never wraps apart.
      const c0 = s > 0 ? r.cells[s - 1] : null, c1 = r.cells[s];
      if (!(c0 && c1 && c0.k === c1.k && c0.piece && c1.piece)) u = unit(row);
      const here = runAt(s);
      if (s > 0) {
        const left = runAt(s - 1);
        const between = here && left === here ? movesOf(here).at.get(s - here.offset + 0.5) : null;
        if (between) { drawn.add(between); u.appendChild(hover(target(between, o, "link", undefined, place(between, here)), row, between, here)); }
        else {
          // The two halves of a domino (or pins knocked down together) touch.
          u.appendChild(el("span", c0 && c1 && c0.k === c1.k && c0.piece && c1.piece ? "link-none joined" : "link-none"));
        }
      }
      const c = r.cells[s];
      const num = String(s + 1);
      if (c) {
        // A square used by move c.k: the piece itself, or a square it blocked.
        const p = el("span", `${pins ? "pin" : "square"} used ${c.piece ? "piece" : "blocked"}`);
        if (!pins) p.appendChild(el("span", "num", num));
        if (!pins && c.piece) {
          const wide = !(c.first && c.last);
          p.classList.add(wide ? "domino" : "cross");
          if (wide) p.classList.add(c.first ? "d-first" : c.last ? "d-last" : "d-mid");
          else p.appendChild(el("span", "x", "✕"));
        }
        if (pins) p.appendChild(el("span", "num", num));
        if (o.lastCells && o.lastCells.k === c.k) p.classList.add("just");
        p.title = `${pins ? "pin" : "square"} ${num}: ${pins ? "knocked down" : c.piece ? "covered" : "blocked"} by move ${c.k + 1}`;
        p.setAttribute("role", "img");
        p.setAttribute("aria-label", p.title);
        u.appendChild(p);
        continue;
      }
      const m = here && movesOf(here).at.get(s - here.offset + 1);
      if (m) {
        drawn.add(m);
        const t = target(m, o, pins ? "pin-btn" : "square-btn", num, place(m, here));
        t.dataset.n = num;
        u.appendChild(hover(t, row, m, here));
      } else {
        const p = el("span", pins ? "pin" : "square");
        p.dataset.n = num;
        p.appendChild(el("span", "num", num));
        u.appendChild(p);
      }
    }
    box.appendChild(row);
    // Every move not drawn on the row: a button each, named by the squares its piece covers
    // in the row's numbers, lighting them when hovered or focused.
    const rest = mine.flatMap((x) => movesOf(x).all.filter((m) => !drawn.has(m)).map((m) => [m, x]));
    if (rest.length) {
      const more = el("div", "row more");
      more.appendChild(el("span", "more-head", `More moves, by the ${pins ? "pins" : "squares"} they take:`));
      for (const [m, x] of rest) {
        const [p, q] = pieceOf(m);
        more.appendChild(hover(target(m, o, "more-btn", p === q ? `${x.offset + p}` : `${x.offset + p}-${x.offset + q}`, place(m, x)), row, m, x));
      }
      box.appendChild(more);
    }
    view.appendChild(box);
  });
}

// Hovering or focusing a move lights the squares it would use, while the player may move
// (not while the computer thinks, a move is checked, or after the end).
function hover(b, row, m, run) {
  const a = run.offset + m.at, z = run.offset + m.at + m.take - 1;
  const on = (v) => row.querySelectorAll("[data-n]").forEach((x) => {
    const k = Number(x.dataset.n);
    x.classList.toggle("used-now", v && !b.disabled && !document.body.classList.contains("waiting") && k >= a && k <= z);
  });
  b.addEventListener("pointerenter", () => on(true));
  b.addEventListener("pointerleave", () => on(false));
  b.addEventListener("focus", () => on(b.matches(":focus-visible")));
  b.addEventListener("blur", () => on(false));
  return b;
}

// Hovering or focusing a stone lights it and every stone to its right, the stones a click
// takes, while the player may move.
function taking(b, row, s) {
  const on = (v) => row.querySelectorAll(".stone-btn").forEach((x) => {
    x.classList.toggle("taking", v && !b.disabled && !document.body.classList.contains("waiting") && Number(x.dataset.n) >= s);
  });
  b.addEventListener("pointerenter", () => on(true));
  b.addEventListener("pointerleave", () => on(false));
  b.addEventListener("focus", () => on(b.matches(":focus-visible")));
  b.addEventListener("blur", () => on(false));
  return b;
}

function drawBoard(view, b, a, o, places) {
  view.textContent = "";
  if (b.kind === "heaps") drawHeaps(view, b, a, o);
  else drawRows(view, b, a, o, places);
  if (b.kind === "heaps" && !o.vertices && b.heaps.every((n) => n === 0)) view.appendChild(el("p", "help", "Every heap has been taken."));
  // One Tab stop on the board: the first enabled target (arrow keys move from there).
  const first = view.querySelector(".target.hint:not([disabled])") || view.querySelector(".target:not([disabled])");
  if (first) first.tabIndex = 0;
}
