import { RetryPlugin } from '@module-federation/retry-plugin';

// A dropped connection gets two more tries before an area shows its "unavailable" panel.
export default function retryRuntimePlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 300 },
    script: { retryTimes: 2, retryDelay: 300 },
  });
}
