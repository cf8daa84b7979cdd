// Debian's Chromium, headless, driven by playwright-core: the status page is tested in a real
// browser (its tests use describeWithTools: skipped where Chromium is missing, failed with
// CI=true). A fresh profile each time, nothing reaching the network (the page must need none).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from '../helpers/tools.js';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'monitors-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM.command,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
