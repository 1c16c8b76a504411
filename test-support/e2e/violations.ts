import type { Page } from '@playwright/test';

/** Collects the page's securitypolicyviolation events, across navigations. */
export async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__wpcReportViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __wpcReportViolation: (text: string) => void }).__wpcReportViolation;
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  page.on('console', (message) => {
    // Also a policy the browser cannot read (an unknown Permissions-Policy feature, a bad source).
    if (/Content Security Policy|Permissions-Policy/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  return violations;
}
