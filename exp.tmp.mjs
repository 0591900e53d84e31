import { chromium } from 'playwright-core';
import fs from 'node:fs';
const variants = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const res = {};
for (let round = 0; round < 4; round++) for (const v of variants) {
  const html = fs.readFileSync(v, 'utf8');
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.route('http://127.0.0.1:4900/', (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
  await page.goto('http://127.0.0.1:4900/', { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  const counts = new Map();
  for (const e of traceEvents) if (e.name === 'RunTask' && e.ph === 'X') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) || 0) + e.dur);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const ev = traceEvents.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const sum = (n) => ev.filter((e) => e.name === n).reduce((a, e) => a + e.dur, 0) / 1000;
  const tasks = ev.filter((e) => e.name === 'RunTask');
  const r = { layout: sum('Layout'), style: sum('UpdateLayoutTree'), busy: tasks.reduce((a, e) => a + e.dur / 1000, 0), tbt: tasks.reduce((a, e) => a + Math.max(0, e.dur / 1000 - 50), 0) };
  (res[v] ??= []).push(r);
  await ctx.close();
}
await browser.close();
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
for (const [v, rs] of Object.entries(res)) console.log(v.padEnd(26), ['layout', 'style', 'busy', 'tbt'].map((k) => `${k} ${med(rs.map((r) => r[k])).toFixed(0)} [${rs.map((r) => r[k].toFixed(0)).join(',')}]`).join('  '));
