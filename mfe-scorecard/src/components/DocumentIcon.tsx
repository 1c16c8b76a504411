import type { DownloadDocument } from '../content/instructions';

const ACCENT: Readonly<Record<DownloadDocument['kind'], string>> = {
  instructions: '#4a5550',
  spreadsheet: '#2e7d32',
  pdf: '#c2410c',
};

/** A file drawn as a page with a folded corner; its band colour says the kind. Decorative: the title names it. */
export function DocumentIcon({ kind }: { readonly kind: DownloadDocument['kind'] }) {
  const accent = ACCENT[kind];
  return (
    <svg width="48" height="60" viewBox="0 0 48 60" aria-hidden="true" focusable="false">
      <path
        d="M4 2h28l12 12v42a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="#fff"
        stroke="#d6d2c8"
        strokeWidth="2"
      />
      <path d="M32 2v10a2 2 0 0 0 2 2h10" fill="#f4f1ea" stroke="#d6d2c8" strokeWidth="2" />
      <rect x="2" y="36" width="42" height="14" fill={accent} />
      {kind === 'spreadsheet' ? (
        <path d="M9 18h28M9 24h28M9 30h28M20 14v18M30 14v18" stroke="#2e7d32" strokeWidth="1.5" />
      ) : (
        <path d="M9 18h22M9 24h28M9 30h18" stroke="#4a5550" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
