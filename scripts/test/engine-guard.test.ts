import { error as webdriverError } from 'selenium-webdriver';
import type { EngineDriver } from '../../engines/driver';
import { guard } from '../../engines/guard';

// engines/guard.ts: which failures make the engine tests start a new browser session.

/** A driver whose page loads fail with the error given, or never answer. */
function driverFailing(failure: Error | 'never'): EngineDriver {
  const answer = () => (failure === 'never' ? new Promise<never>(() => undefined) : Promise.reject(failure));
  return {
    engine: 'webkit',
    goto: answer,
    reload: answer,
    evaluate: answer,
    click: answer,
    type: answer,
    press: answer,
    paste: answer,
    takeScriptErrors: answer,
    close: async () => undefined,
  };
}

describe('the engine tests’ command guard', () => {
  it('marks the session hung when a page load runs into the browser’s own timeout, and passes the error on', async () => {
    const driver = guard(driverFailing(new webdriverError.TimeoutError('Timed out waiting for page load.')));
    await expect(driver.goto('/scorecard/assess')).rejects.toThrow('Timed out waiting for page load.');
    expect(driver.hung).toBe(true);
  });

  it('marks it hung when a script runs past the browser’s limit', async () => {
    const driver = guard(driverFailing(new webdriverError.ScriptTimeoutError('script timeout')));
    await expect(driver.evaluate(() => 1)).rejects.toThrow('script timeout');
    expect(driver.hung).toBe(true);
  });

  it('marks it hung when a command has no answer by its deadline, naming the command', async () => {
    const driver = guard(driverFailing('never'), 50);
    await expect(driver.click('#share')).rejects.toThrow('webkit: the click on #share had no answer within 0.05 s');
    expect(driver.hung).toBe(true);
  });

  it('keeps the session after a failure of the page itself (an element not there)', async () => {
    const driver = guard(driverFailing(new webdriverError.NoSuchElementError('no such element: #share')));
    await expect(driver.click('#share')).rejects.toThrow('no such element');
    expect(driver.hung).toBe(false);
  });
});
