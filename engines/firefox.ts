import { existsSync } from 'node:fs';
import puppeteer, { type Page } from 'puppeteer-core';
import { ERROR_RECORDER, isXPath, TAKE_RECORDED_ERRORS, VIEWPORT, type EngineDriver } from './driver';
import { settlesWithin } from './guard';

/** Debian's firefox-esr (`.ci/run` installs it): no browser download is possible here. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const WAIT_MS = 20_000;

function query(selector: string): string {
  return isXPath(selector) ? `xpath/${selector}` : selector;
}

async function visible(page: Page, selector: string) {
  const handle = await page.waitForSelector(query(selector), { visible: true, timeout: WAIT_MS });
  if (!handle) throw new Error(`Firefox: nothing matches ${selector}`);
  return handle;
}

/** Firefox ESR driven by puppeteer-core over WebDriver BiDi (no geckodriver). */
export async function launchFirefox(baseURL: string): Promise<EngineDriver> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      `The Firefox engine tests need Firefox ESR at ${FIREFOX_PATH}, and none is there. ` +
        'Install it with "apt-get install -y firefox-esr" (.ci/run does) or point FIREFOX_PATH at one.',
    );
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  // BiDi reports every uncaught error, also those raised while a page loads.
  const reported: string[] = [];
  page.on('pageerror', (error) => reported.push(error instanceof Error ? error.message : String(error)));
  await page.evaluateOnNewDocument(ERROR_RECORDER);

  return {
    engine: 'firefox',
    async goto(path) {
      await page.goto(new URL(path, baseURL).href, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async click(selector) {
      await (await visible(page, selector)).click();
    },
    async type(selector, text) {
      await (await visible(page, selector)).type(text);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async paste() {
      await page.keyboard.down('Control');
      await page.keyboard.press('KeyV');
      await page.keyboard.up('Control');
    },
    async takeScriptErrors() {
      const recorded = (await page.evaluate(`(() => { ${TAKE_RECORDED_ERRORS} })()`)) as string[];
      const errors = [...new Set([...reported.splice(0, reported.length), ...recorded])];
      return errors;
    },
    async close() {
      // A browser that stopped answering (./guard.ts) would not answer the close either.
      if (!(await settlesWithin(browser.close(), 10_000))) browser.process()?.kill('SIGKILL');
    },
  };
}
