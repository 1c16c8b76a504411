import type { SocialLink } from '../content/navigation';

// Simple monochrome marks; the links carry the accessible names.
const PATHS: Readonly<Record<SocialLink['network'], string>> = {
  LinkedIn:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z',
  Facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H17l.5-4h-4V8.9c0-.6.3-.9 1-.9z',
  YouTube:
    'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15V9l5.8 3z',
  TikTok:
    'M16.5 3c.4 2.3 1.8 3.8 4 4v3.3a7.4 7.4 0 0 1-4-1.2v6.3a5.9 5.9 0 1 1-5.9-5.9h.6v3.4a2.6 2.6 0 1 0 2 2.5V3z',
  Instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM21 8c0-1.6-.5-3-1.6-4.1S16.9 2.3 15.3 2.3C13.7 2.2 10.3 2.2 8.7 2.3 7 2.3 5.7 2.8 4.6 3.9S3 6.4 2.9 8c-.1 1.6-.1 6.5 0 8.1 0 1.6.5 3 1.7 4.1s2.5 1.6 4.1 1.6c1.6.1 6.5.1 8.1 0 1.6 0 3-.5 4.1-1.6S21 17.7 21 16.1c.1-1.6.1-6.5 0-8.1z',
};

export function SocialIcon({ network }: { readonly network: SocialLink['network'] }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={PATHS[network]} />
    </svg>
  );
}
