// End-to-end test of the play page in headless Chromium (Debian's /usr/bin/chromium),
// driven by playwright-core: start `grundy serve`, play Grundy's game to the end by
// clicking moves marked winning; delay and fail requests (route interception) to check
// that late answers are dropped, the board is locked while a step is pending and a failed
// step can be retried without applying a move twice; check input validation, the URL,
// the keyboard, the practice panel and the plot; scan with axe-core (no serious or
// critical violation); save a screenshot of every game at desktop and phone width under
// target/e2e/.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");
const root = resolve(import.meta.dirname, "../../..");
const bin = process.env.GRUNDY_BIN || join(root, "target/debug/grundy");
const port = Number(process.env.GRUNDY_PORT || 18000 + Math.floor(Math.random() * 2000));
const base = `http://127.0.0.1:${port}`;
const shots = join(root, "target/e2e");
mkdirSync(shots, { recursive: true });

let passed = 0;
let failed = 0;
function check(ok, what) {
  if (ok) { passed++; console.log(`ok   ${what}`); } else { failed++; console.log(`FAIL ${what}`); }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = spawn(bin, ["serve", "--port", String(port)], { stdio: ["ignore", "ignore", "inherit"] });
process.on("exit", () => server.kill());
const deadline = Date.now() + 30000;
for (;;) {
  try { if ((await fetch(base + "/")).ok) break; } catch {}
  if (Date.now() > deadline) { console.log("FAIL the server did not start"); process.exit(1); }
  await sleep(200);
}
const post = async (path, body) => (await fetch(base + path, { method: "POST", body: JSON.stringify(body) })).json();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
}).catch((e) => { console.log(`FAIL cannot start Chromium: ${e.message}`); process.exit(1); });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const state = () => page.getAttribute("#status", "data-state");
  const urlHeaps = () => page.evaluate(() => new URLSearchParams(location.search).get("heaps"));
  const idle = () => page.waitForFunction(() => ["player", "won", "lost", "error"].includes(document.getElementById("status").dataset.state));
  async function start(game, heaps, opts = {}) {
    await page.selectOption("#game", game);
    await idle();
    if (!(await page.isDisabled("#misere"))) await page.setChecked("#misere", !!opts.misere);
    await page.fill("#heaps", heaps);
    await page.click("#start");
    await idle();
  }
  // After the player's move: wait for the computer's reply or the end.
  const settled = () => page.waitForFunction(() => {
    const s = document.getElementById("status").dataset.state;
    return s === "won" || s === "lost" || s === "error" || (s === "player" && /Computer:/.test(document.getElementById("last-move").textContent));
  });

  await page.goto(base + "/");
  await page.waitForSelector("#status[data-state=player]");
  check(/Grundy's game/.test(await page.textContent("h1")), `the title names the game: ${await page.textContent("h1")}`);
  check(await page.isDisabled("#undo"), "Undo is disabled before any move");

  // Grundy's game from 9 and 5: G = 1 and 2, nim-sum 3; play the marked moves to a win.
  await start("grundy", "9 5");
  check(/nim-sum 3/.test(await page.textContent("#nimsum")), "the nim-sum of 9 and 5 is 3");
  let moves = 0;
  for (; moves < 20 && (await state()) === "player"; moves++) {
    const w = await page.$$(".target[data-win=true]:not([disabled])");
    if (w.length === 0) break;
    await w[0].click();
    await settled();
  }
  const end = await page.textContent("#status");
  check((await state()) === "won" && /no move is left: heaps of 1 and 2 only/.test(end), `Grundy's game won with the reason: ${end}`);
  check(!(await page.isDisabled("#undo")), "Undo is enabled after moves");
  check((await page.$$(".heap.last")).length > 0, "the last move is highlighted on the board");

  // "1 2": no move at all, and the reason is said.
  await start("grundy", "1 2");
  check(/The computer wins: no move is left: heaps of 1 and 2 only, so you cannot move/.test(await page.textContent("#status")), "1 2: the reason is given");

  // Validation as the API does it; Enter starts a game.
  for (const bad of ["1e1", "0x10", "abc", "0", "1001", "3.5"]) {
    await page.fill("#heaps", bad);
    await page.press("#heaps", "Enter");
    await page.waitForSelector("#status[data-state=error]");
    check((await page.$$(".target")).length === 0, `"${bad}" is refused and no board stays live: ${await page.textContent("#status")}`);
  }
  await page.fill("#heaps", "4 6");
  await page.press("#heaps", "Enter");
  await page.waitForSelector("#status[data-state=player]");
  check((await urlHeaps()) === "4 6", "Enter starts a game and the URL holds the position");

  // ---- state cases, by route interception ----
  // 1. A late /api/analyze answer for "17 8 3" after "17 8" was started is dropped.
  let held = null;
  await page.route("**/api/analyze", async (route) => {
    if (JSON.parse(route.request().postData()).heaps.join() === "17,8,3") { held = route; return; }
    await route.continue();
  });
  await page.selectOption("#game", "grundy");
  await page.fill("#heaps", "17 8 3");
  await page.click("#start");
  await page.fill("#heaps", "17 8");
  await page.click("#start");
  await page.waitForSelector("#status[data-state=player]");
  if (held) await held.continue();
  await sleep(300);
  await page.unroute("**/api/analyze");
  const truth = await post("/api/analyze", { game: "grundy", heaps: [17, 8] });
  const shown = await page.textContent("#nimsum");
  check((await page.$$(".heap")).length === 2 && shown.includes(`nim-sum ${truth.nim_sum}`) &&
    (await page.$$(".target[data-win=true]")).length === truth.winning_moves,
  `a late answer is dropped: 2 heaps, nim-sum ${truth.nim_sum}, ${truth.winning_moves} winning marks (shown: ${(await page.$$(".heap")).length} heaps, ${shown})`);

  // 2. A game switch while the computer's move is pending: the old game does not continue.
  let computerHeld = null;
  await page.route("**/api/computer", (route) => { computerHeld = route; });
  await start("grundy", "7 5");
  await (await page.$(".target:not([disabled])")).click();
  await page.waitForSelector("#status[data-state=computer]");
  check(await page.evaluate(() => [...document.querySelectorAll(".target")].every((b) => b.disabled)), "the board is locked while the computer moves");
  await start("nim", "5 2");
  if (computerHeld) await computerHeld.continue();
  await sleep(300);
  await page.unroute("**/api/computer");
  check((await urlHeaps()) === "5 2" && (await page.textContent("#last-move")) === "" && /Nim/.test(await page.textContent("h1")),
    "after a switch to Nim the pending Grundy move is dropped");

  // 3. A failed request leaves the old position; trying again applies the move once.
  await start("nim", "10 19");
  let failOnce = true;
  await page.route("**/api/analyze", async (route) => {
    if (failOnce) { failOnce = false; await route.fulfill({ status: 500, contentType: "text/plain", body: "Unexpected token 'b'" }); } else await route.continue();
  });
  const take = await page.$(".stone-btn[data-n='10']:not([disabled])"); // heap A: take 1 from 10
  await take.click();
  await page.waitForSelector("#status[data-state=error]");
  const msg = await page.textContent("#status");
  check(!/Unexpected token/.test(msg) && (await urlHeaps()) === "10 19" && !(await page.isHidden("#retry")),
    `a failure keeps the old position and offers a retry: ${msg}`);
  check((await page.$$(".target:not([disabled])")).length > 0, "the old board is clickable again");
  await page.click(".stone-btn[data-n='10']");
  await settled();
  await page.unroute("**/api/analyze");
  const after = (await urlHeaps()).split(" ").map(Number).reduce((a, b) => a + b, 0);
  const comp = (await page.textContent("#last-move")).split("Computer:")[1].match(/take (\d+)|take all (\d+)/);
  check(comp && after === 29 - 1 - Number(comp[1] || comp[2]), `the move was applied once: ${await urlHeaps()} after 10 19`);
  await page.unroute("**/api/analyze");

  // 3b. The computer's request fails: the player's move stays, "Try again" asks once more.
  await start("s1,2,3", "6 7");
  let failComputer = true;
  await page.route("**/api/computer", async (route) => {
    if (failComputer) { failComputer = false; await route.abort(); } else await route.continue();
  });
  await page.click(".target[data-win=true]");
  await page.waitForSelector("#status[data-state=error]");
  const moved = await page.textContent("#last-move");
  check(/Could not get the computer's move/.test(await page.textContent("#status")) && /^You: take \d from heap/.test(moved) &&
    (await page.$$(".heap.last")).length === 1 &&
    (await page.$$(".target:not([disabled])")).length === 0, "a failed computer move locks the board and keeps the position the player left");
  await page.click("#retry");
  await settled();
  await page.unroute("**/api/computer");
  check(/Computer:/.test(await page.textContent("#last-move")) && (await page.isHidden("#retry")), "Try again gets the computer's move");

  // 4. "abc" and a game switch: nothing of the old game stays live.
  await start("grundy", "12 1");
  await page.fill("#heaps", "abc");
  await page.selectOption("#game", "nim");
  await page.waitForSelector("#status[data-state=error]");
  check((await page.$$(".target")).length === 0 && /Nim/.test(await page.textContent("h1")), "abc + a switch: no Grundy gaps inside Nim");

  // Heap names stay: a split keeps its first piece in place and appends the other.
  let hold = null;
  await page.route("**/api/computer", (route) => { hold = route; });
  await start("grundy", "10 3");
  await page.click(".target[aria-label^='split heap A (10) into 6 and 4']");
  await page.waitForSelector("#status[data-state=computer]");
  const titles = await page.$$eval(".heap-title", (t) => t.map((x) => x.textContent.split(" (")[0]));
  check(titles.join("|") === "Heap A: 6 stones|Heap B: 3 stones|Heap C: 4 stones", `heap names stay stable after a split: ${titles.join(", ")}`);
  if (hold) await hold.continue();
  await page.unroute("**/api/computer");
  await idle();
  // Past Z the names go on as AA, AB, ...
  await start("nim", Array(28).fill(1).join(" "));
  const names = await page.$$eval(".heap-title", (t) => t.slice(25).map((x) => x.textContent.split(":")[0]));
  check(names.join() === "Heap Z,Heap AA,Heap AB", `names past Z: ${names.join(", ")}`);

  // Undo, and the computer moving first.
  await start("s1,2,3", "6 7");
  await (await page.$(".target[data-win=true]")).click();
  await settled();
  await page.click("#undo");
  check((await urlHeaps()) === "6 7" && (await page.isDisabled("#undo")), "Undo goes back to the start and is then disabled");
  await page.selectOption("#first", "computer");
  await page.waitForSelector("#status[data-state=player]");
  check(/^Computer:/.test(await page.textContent("#last-move")), "the computer can move first");
  await page.selectOption("#first", "player");
  await page.waitForSelector("#status[data-state=player]");

  // Reload keeps the game and the position.
  await start("kayles", "5 3");
  await page.reload();
  await page.waitForSelector("#status[data-state=player]");
  check((await page.inputValue("#game")) === "kayles" && (await urlHeaps()) === "5 3", "a reload keeps the game and the position");

  // Keyboard: one Tab stop on the board, arrows between targets, focus stays after a move.
  await start("grundy", "8 6");
  await page.focus(".target[tabindex='0']");
  const first = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  await page.keyboard.press("ArrowRight");
  const second = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  await page.keyboard.press("ArrowDown");
  const below = await page.evaluate(() => document.activeElement.dataset.heap);
  check(first !== second && /split heap A/.test(second) && below === "1", `arrow keys move between gaps and heaps (${second})`);
  check((await page.$$("#heaps-view .target[tabindex='0']")).length === 1, "the board is one Tab stop");
  await page.keyboard.press("Enter");
  await settled();
  check(await page.evaluate(() => !!document.activeElement.closest("#heaps-view")), "focus stays on the board after a move");
  await page.focus("#game");
  await page.keyboard.press("h");
  check(await page.evaluate(() => document.body.classList.contains("hide-marks")), "H works with the game menu focused");
  await page.keyboard.press("h");

  // Every game: title and rules from the catalog, a drawing, a move, screenshots.
  const { games } = await (await fetch(base + "/api/games")).json();
  const starts = { heap: "7 10", row: "6 3", strip: "7 4" };
  for (const [w, h] of [[1100, 900], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const g of games) {
      await start(g.id, starts[g.play]);
      check((await page.textContent("h1")).includes(g.name) && (await page.textContent("#rules")).startsWith(g.rules), `${g.id} at ${w}px: title and rules from the catalog`);
      const sizes = await page.$$eval(".target", (bs) => bs.map((b) => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); }));
      check(sizes.length > 0 && Math.min(...sizes) >= 24, `${g.id} at ${w}px: ${sizes.length} move targets, the smallest ${Math.min(...sizes).toFixed(1)}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const wide = await page.evaluate(() => [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 3).map((e) => e.tagName + "#" + e.id + "." + e.className).join(" "));
      if (w < 500) check(overflow <= 1, `${g.id}: no sideways scrolling on a phone (${overflow}px${wide ? ": " + wide : ""})`);
      const t = await page.$(".target[data-win=true]") || await page.$(".target");
      await t.click();
      await settled();
      check(/^(You|Computer): /.test(await page.textContent("#last-move")) && (await page.$$(".heap.last")).length > 0, `${g.id}: ${(await page.textContent("#last-move")).slice(0, 110)}`);
      await page.screenshot({ path: join(shots, `${g.id.replace(/[^a-z0-9-]/g, "_")}-${w}.png`) });
    }
  }
  await page.setViewportSize({ width: 1100, height: 900 });

  // Misère on a game other than Nim, from the core's misère quotient; Grundy's game, whose
  // quotient grows past its limits, falls back to the search and its 40-stone limit.
  await start("kayles", "4", { misere: true });
  check(/Misère play/.test(await page.textContent("#nimsum")) && /loses/.test(await page.textContent("#nimsum")), "misère Kayles 4 is lost for the player to move");
  await start("grundy", "30 11", { misere: true });
  check(/limited to 40 stones/.test(await page.textContent("#status")) && (await page.isHidden("#retry")), `misère past the search's limit says why, with no retry: ${await page.textContent("#status")}`);
  await page.setChecked("#misere", false);
  await page.waitForSelector("#status[data-state=player]");

  // Practice: wrong and right answers, and the worked solution.
  await page.selectOption("#game", "s1,2,3");
  await page.waitForSelector("#status[data-state=player]");
  const [resp] = await Promise.all([page.waitForResponse("**/api/practice?**"), page.click("#practice-new")]);
  const prob = await resp.json();
  await page.waitForFunction(() => /How many winning moves/.test(document.getElementById("practice-question").textContent));
  const g4 = (n) => n % 4;
  const total = prob.heaps.reduce((x, h) => x ^ g4(h), 0);
  const brute = prob.heaps.reduce((c, h) => c + [1, 2, 3].filter((t) => t <= h && (total ^ g4(h) ^ g4(h - t)) === 0).length, 0);
  check(prob.answer === brute, `practice heaps ${prob.heaps}: the answer ${prob.answer} agrees with a brute force`);
  await page.fill("#practice-answer", String(brute + 1));
  await page.click("#practice-check");
  check(/Not quite/.test(await page.textContent("#practice-verdict")), "a wrong answer is told");
  await page.fill("#practice-answer", String(brute));
  await page.press("#practice-answer", "Enter");
  check(/^Right/.test(await page.textContent("#practice-verdict")), "a right answer is told");
  check(await page.isHidden("#practice-solution"), "the solution is hidden until asked for");
  await page.click("#practice-show");
  check(/Step 5\. The total/.test(await page.textContent("#practice-solution")), "the worked solution is shown on request");

  // The plot reads n and G(n).
  await page.waitForFunction(() => /values fetched and drawn/.test(document.getElementById("plot-time").textContent));
  await page.hover("#plot");
  const read = await page.textContent("#plot-read");
  const m = read.match(/n = ([\d,]+): G\(n\) = (\d+)/);
  const values = (await (await fetch(base + "/api/values?game=grundy&to=30001")).json()).values;
  check(m && values[Number(m[1].replace(/,/g, ""))] === Number(m[2]), `the plot reads a value: ${read}`);
  const findings = await page.textContent("#findings-body");
  check(/1,287/.test(findings) && /OEIS A036685/.test(findings) && /published source \(OEIS, Flammenkamp\): 4 of 5 match/.test(findings), "the findings name the source of each figure");

  // axe-core: no serious or critical violation, at desktop and phone width.
  for (const w of [1100, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await start("grundy", "9 5");
    await page.addScriptTag({ path: axePath });
    const res = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact, n: v.nodes.length })));
    const bad = res.filter((v) => v.impact === "serious" || v.impact === "critical");
    check(bad.length === 0, `axe at ${w}px: no serious or critical violation${bad.length ? ": " + JSON.stringify(bad) : ""} (others: ${JSON.stringify(res.filter((v) => !bad.includes(v)))})`);
  }
  for (const w of [390, 1100]) {
    await page.setViewportSize({ width: w, height: 900 });
    for (const part of ["practice", "plot-section", "findings", "glossary"]) await page.locator("#" + part).screenshot({ path: join(shots, `${part}-${w}.png`) });
  }
  check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
} catch (e) {
  failed++;
  console.log(`FAIL ${e.stack || e.message}`);
} finally {
  await browser.close();
  server.kill();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
