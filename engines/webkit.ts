import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Builder, By, Key, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { ERROR_RECORDER, isXPath, TAKE_RECORDED_ERRORS, VIEWPORT, type EngineDriver } from './driver';
import { settlesWithin } from './guard';
import { terminateGroup } from './process-group';

/** Debian's webkit2gtk-driver and the MiniBrowser of libwebkit2gtk-4.1 (`.ci/run` installs them). */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Beside the site's own ports: EDGE_PORT + 10 unless WEBKIT_DRIVER_PORT says otherwise. */
export const WEBKIT_DRIVER_PORT = Number(process.env.WEBKIT_DRIVER_PORT ?? Number(process.env.EDGE_PORT ?? 3000) + 10);

const WAIT_MS = 20_000;

function by(selector: string): By {
  return isXPath(selector) ? By.xpath(selector) : By.css(selector);
}

async function waitForDriver(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${server.exitCode} while starting`);
    const ready = await fetch(`${url}/status`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`WebKitWebDriver did not answer on ${url} within 30 s`);
}

/** Ends WebKitWebDriver and everything it started (MiniBrowser, and Xvfb when we started one). */
function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve();
  const exited = terminateGroup(server);
  // A hung MiniBrowser may not end on SIGTERM.
  const kill = setTimeout(() => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // Gone meanwhile: nothing left to end.
    }
  }, 5_000);
  return exited.finally(() => clearTimeout(kill));
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver, from selenium-webdriver. MiniBrowser needs an X
 * display: without DISPLAY the driver runs under `xvfb-run -a` (a private virtual display).
 */
export async function launchWebKit(baseURL: string): Promise<EngineDriver> {
  for (const [file, pkg] of [
    [WEBKIT_DRIVER, 'webkit2gtk-driver'],
    [MINIBROWSER, 'libwebkit2gtk-4.1-0'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(
        `The WebKit engine tests need ${file}, and it is not there. ` +
          `Install it with "apt-get install -y ${pkg} xvfb" (.ci/run does).`,
      );
    }
  }
  const driverArgs = [`--port=${WEBKIT_DRIVER_PORT}`, '--host=local'];
  const command = process.env.DISPLAY
    ? [WEBKIT_DRIVER, ...driverArgs]
    : ['xvfb-run', '-a', '-s', '-screen 0 1600x1200x24', WEBKIT_DRIVER, ...driverArgs];
  // Its own process group, so stopping it ends MiniBrowser and Xvfb too.
  const server = spawn(command[0]!, command.slice(1), { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let serverLog = '';
  server.stderr?.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-4000)));
  const driverURL = `http://127.0.0.1:${WEBKIT_DRIVER_PORT}`;

  let driver: WebDriver;
  try {
    await waitForDriver(driverURL, server);
    driver = await new Builder()
      .usingServer(driverURL)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
  } catch (error) {
    await stop(server);
    throw new Error(`WebKit did not start: ${(error as Error).message}\n${serverLog}`, { cause: error });
  }
  await driver.manage().setTimeouts({ pageLoad: 30_000, script: 30_000 });
  // The window's outer size includes MiniBrowser's own chrome; size it so the page gets VIEWPORT.
  await driver.manage().window().setRect({ width: VIEWPORT.width, height: VIEWPORT.height });
  const [innerWidth, innerHeight] = (await driver.executeScript('return [innerWidth, innerHeight]')) as number[];
  await driver
    .manage()
    .window()
    .setRect({
      width: 2 * VIEWPORT.width - (innerWidth ?? VIEWPORT.width),
      height: 2 * VIEWPORT.height - (innerHeight ?? VIEWPORT.height),
    });

  const visible = async (selector: string): Promise<WebElement> => {
    const element = await driver.wait(
      until.elementLocated(by(selector)),
      WAIT_MS,
      `WebKit: nothing matches ${selector}`,
    );
    await driver.wait(until.elementIsVisible(element), WAIT_MS, `WebKit: ${selector} never became visible`);
    // WebKitWebDriver scrolls an element into view the way the page's CSS asks, smoothly
    // (scroll-behavior: smooth), then finds it still outside the viewport and refuses to click it
    // ("element not interactable"). Bring it into view at once first.
    await driver.executeScript('arguments[0].scrollIntoView({ block: "center", behavior: "instant" })', element);
    return element;
  };
  // Classic WebDriver runs scripts only once a page has loaded: the recorder starts then.
  const watch = () => driver.executeScript(ERROR_RECORDER);

  return {
    engine: 'webkit',
    async goto(path) {
      await driver.get(new URL(path, baseURL).href);
      await watch();
    },
    async reload() {
      await driver.navigate().refresh();
      await watch();
    },
    evaluate: (fn, ...args) => driver.executeScript(fn as never, ...args) as never,
    async click(selector) {
      await (await visible(selector)).click();
    },
    async type(selector, text) {
      await (await visible(selector)).sendKeys(text);
    },
    async press(key) {
      await driver
        .actions()
        .sendKeys(key === 'Escape' ? Key.ESCAPE : Key.ENTER)
        .perform();
    },
    async paste() {
      await driver.actions().keyDown(Key.CONTROL).sendKeys('v').keyUp(Key.CONTROL).perform();
    },
    async takeScriptErrors() {
      return (await driver.executeScript(TAKE_RECORDED_ERRORS)) as string[];
    },
    async close() {
      // A session that stopped answering (./guard.ts) would not answer the quit either.
      await settlesWithin(driver.quit(), 10_000);
      await stop(server);
    },
  };
}
