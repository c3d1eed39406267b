// End-to-end test of the play page in headless Chromium (Debian's /usr/bin/chromium),
// driven by playwright-core: start `grundy serve`, play Grundy's game to the end by
// clicking gaps marked winning, check the computer's replies and the marks, play misère
// Nim, and save screenshots under target/e2e/.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

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

const server = spawn(bin, ["serve", "--port", String(port)], { stdio: ["ignore", "ignore", "inherit"] });
process.on("exit", () => server.kill());
const deadline = Date.now() + 30000;
for (;;) {
  try { if ((await fetch(base + "/")).ok) break; } catch {}
  if (Date.now() > deadline) { console.log("FAIL the server did not start"); process.exit(1); }
  await new Promise((r) => setTimeout(r, 200));
}

// Playwright gives the browser a new, empty profile of its own.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
}).catch((e) => { console.log(`FAIL cannot start Chromium: ${e.message}`); process.exit(1); });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + "/");
  await page.waitForSelector("#status[data-state=player]");
  check(true, "the page opens and a game starts");

  // Grundy's game from 9 and 5: G = 1 and 2, nim-sum 3, so the player can win.
  await page.fill("#heaps", "9 5");
  await page.click("#start");
  await page.waitForSelector("#status[data-state=player]");
  const nimsum = await page.textContent("#nimsum");
  check(/nim-sum 3/.test(nimsum), `the nim-sum is shown: ${nimsum.trim()}`);
  const dotted = await page.$$eval(".gap.equal", (g) => g.length);
  check(dotted === 0, "heaps of 9 and 5 have no equal halves");
  await page.screenshot({ path: join(shots, "1-start.png"), fullPage: true });

  const marks = () => page.$$eval(".gap:not(.equal)", (gs) => gs.map((g) => `${g.dataset.heap}:${g.dataset.gap}:${g.dataset.win}`).join(","));
  let moves = 0;
  for (; moves < 20; moves++) {
    const st = await page.getAttribute("#status", "data-state");
    if (st !== "player") break;
    const before = await marks();
    const winning = await page.$$(".gap[data-win=true]:not([disabled])");
    check(winning.length > 0, `move ${moves + 1}: a gap is marked winning`);
    if (winning.length === 0) break;
    await winning[0].click();
    await page.waitForFunction(() => {
      const s = document.getElementById("status").dataset.state;
      return s === "won" || s === "lost" || (s === "player" && /Computer:/.test(document.getElementById("last-move").textContent));
    });
    const lastMove = await page.textContent("#last-move");
    const st2 = await page.getAttribute("#status", "data-state");
    if (st2 === "player") {
      check(/Computer: split heap [A-Z] \(\d+\) into \d+ and \d+/.test(lastMove), `the computer replied: ${lastMove.trim()}`);
      check((await marks()) !== before, "the marks were updated");
    }
    if (moves === 0) await page.screenshot({ path: join(shots, "2-after-first-move.png"), fullPage: true });
  }
  const end = await page.getAttribute("#status", "data-state");
  check(end === "won", `the game ended with a win for the player after ${moves} moves (${await page.textContent("#status")})`);
  await page.screenshot({ path: join(shots, "3-end.png"), fullPage: true });

  // Marks can be hidden with the key H, and shown again.
  await page.keyboard.press("h");
  check(await page.evaluate(() => document.body.classList.contains("hide-marks")), "H hides the marks");
  await page.keyboard.press("h");
  check(!(await page.evaluate(() => document.body.classList.contains("hide-marks"))), "H shows them again");

  // A heap of 2 and the keyboard: gaps are buttons reachable with Tab.
  await page.fill("#heaps", "6");
  await page.click("#start");
  await page.waitForSelector("#status[data-state=player]");
  check((await page.$$(".gap.equal[disabled]")).length === 1, "the middle gap of 6 is dotted and disabled");
  const focusable = await page.$$eval(".gap:not([disabled])", (g) => g.length);
  check(focusable === 4, "the other four gaps can be clicked");

  // Misère Nim with move buttons.
  await page.selectOption("#game", "misere-nim");
  await page.fill("#heaps", "3 1 1");
  await page.click("#start");
  await page.waitForSelector("#status[data-state=player]");
  let n = 0;
  while ((await page.getAttribute("#status", "data-state")) === "player" && n++ < 10) {
    const w = await page.$$(".move[data-win=true]:not([disabled])");
    if (w.length === 0) break;
    await w[0].click();
    // The click sets "You: ..." at once; wait for the end of the game or the computer's reply.
    await page.waitForFunction(() => {
      const s = document.getElementById("status").dataset.state;
      return s === "won" || s === "lost" || (s === "player" && /Computer:/.test(document.getElementById("last-move").textContent));
    });
  }
  check((await page.getAttribute("#status", "data-state")) === "won", "misère Nim: playing the marked moves wins");
  await page.screenshot({ path: join(shots, "4-misere-nim.png"), fullPage: true });

  // Dominoes (Dawson's Kayles): the move buttons read in the game's own words, from the API.
  await page.selectOption("#game", "dawsons-kayles");
  await page.fill("#heaps", "7");
  await page.click("#start");
  await page.waitForSelector("#status[data-state=player]");
  const words = await page.$$eval(".move", (b) => b.map((x) => x.textContent));
  check(words.length === 3 && words.some((w) => /place a domino on squares 3-4 of strip A \(7\), leaving 2 and 3/.test(w)),
    `dominoes: the moves are placements in words (${words.length})`);

  // The plot and the findings.
  await page.waitForFunction(() => /values fetched and drawn/.test(document.getElementById("plot-time").textContent));
  const plotTime = await page.textContent("#plot-time");
  check(/30,001 values/.test(plotTime), `the plot of G(n): ${plotTime.trim()}`);
  await page.waitForFunction(() => !/loading/.test(document.getElementById("findings-body").textContent));
  const findings = await page.textContent("#findings-body");
  check(/1,287/.test(findings) && /48,399,022/.test(findings), "the findings panel shows the sparse heaps");

  // Phone-sized screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.selectOption("#game", "grundy");
  await page.fill("#heaps", "12 7");
  await page.click("#start");
  await page.waitForSelector("#status[data-state=player]");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 1, `no sideways scrolling on a phone (${overflow}px)`);
  await page.screenshot({ path: join(shots, "5-phone.png"), fullPage: true });
  check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
} catch (e) {
  failed++;
  console.log(`FAIL ${e.message}`);
} finally {
  await browser.close();
  server.kill();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
