// The page's largest boards in headless Chromium (Debian's /usr/bin/chromium): how long a
// move takes from the click to the next position drawn and ready for a move, and how large
// the answers are. Run after `cargo build -p grundy-cli`:
// `node crates/web/e2e/large.bench.mjs` (prints one line a board; issue 38 asks for under
// 200 ms a move on Nim 500+400+300).
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const root = resolve(import.meta.dirname, "../../..");
const bin = process.env.GRUNDY_BIN || join(root, "target/debug/grundy");
const port = 20000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const server = spawn(bin, ["serve", "--port", String(port)], { stdio: ["ignore", "ignore", "inherit"] });
process.on("exit", () => server.kill());
for (const until = Date.now() + 30000; ;) {
  try { if ((await fetch(base + "/")).ok) break; } catch {}
  if (Date.now() > until) throw new Error("the server did not start");
  await sleep(200);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const boards = [["nim", "500+400+300"], ["kayles", "300+300+300"], ["kayles", "1000+1000+1000+1000"], ["grundy", "1000+1000+1000"]];
const moves = Number(process.env.MOVES || 6);
let worst = 0;
try {
  for (const [game, heaps] of boards) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const bytes = [];
    page.on("response", async (r) => {
      if (r.url().endsWith("/api/analyze")) bytes.push(Number((await r.allHeaders())["content-length"] || 0) || (await r.body()).length);
    });
    const ready = () => page.waitForFunction(() => document.getElementById("status").dataset.state === "player", null, { timeout: 60000 });
    await page.goto(`${base}/?game=${game}&heaps=${heaps}&vs=two`);
    await ready();
    const times = [];
    for (let i = 0; i < moves; i++) {
      // Timed in the page, as a player sees it: from the click to the frame after the next
      // position is drawn and ready for a move (the answer's trip through the server included).
      times.push(await page.evaluate(async (i) => {
        const state = () => document.getElementById("status").dataset.state;
        const buttons = [...document.querySelectorAll("#board button.target:not([disabled])")];
        const t0 = performance.now();
        buttons[Math.floor(buttons.length / 2 + i * 7) % buttons.length].click();
        await new Promise((r) => { const f = () => (state() === "player" && !buttons[0].isConnected ? r() : requestAnimationFrame(f)); f(); });
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return performance.now() - t0;
      }, i));
      await ready();
    }
    times.sort((a, b) => a - b);
    const kb = bytes.length ? Math.max(...bytes) / 1024 : 0;
    worst = Math.max(worst, game === "nim" ? times[times.length - 1] : 0);
    console.log(`${game} ${heaps}: a move in ${times.map((t) => t.toFixed(0)).join(", ")} ms; largest answer ${kb.toFixed(0)} KiB (as sent)`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
