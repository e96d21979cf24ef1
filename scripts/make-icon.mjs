// Renders images/icon.svg to images/icon.png (128×128, the marketplace icon) in Debian's chromium,
// driven by playwright-core (both already used by the tests). Run after editing the SVG:
//   node scripts/make-icon.mjs
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const svg = readFileSync(`${root}images/icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  writeFileSync(`${root}images/icon.png`, png);
  console.log(`images/icon.png: ${png.length} bytes`);
} finally {
  await browser.close();
}
