/** How the test servers' command lines (content-api, smtp, site) end. */

/** Closes the server on SIGTERM (Playwright ending its web servers) or SIGINT (Ctrl-C), then exits 0. */
export function closeOnSignal(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Runs a command line's main; an error is printed and exits 1, so the runner that started it sees it fail. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
