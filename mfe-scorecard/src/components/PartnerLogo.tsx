import type { ReactElement } from 'react';
import type { PartnerId } from '../content/partners';

export interface PartnerLogoProps {
  readonly id: PartnerId;
  /** The organisation's name: the logo's text alternative. */
  readonly name: string;
  readonly height?: number;
  readonly className?: string;
  /** Set where the name is written beside the logo, so it is not read twice. */
  readonly decorative?: boolean;
}

/** Each mark sits in a 48x48 square left of a two-line word mark; drawn here, as no image can be downloaded. */
const MARKS: Readonly<Record<PartnerId, ReactElement>> = {
  consortium: (
    <>
      <rect width="48" height="48" rx="9" fill="#1f5134" />
      <path
        d="M24 7c3 7 10.5 10.5 10.5 20.3a10.5 10.5 0 0 1-21 0c0-4.5 2.3-7.5 4.5-9.8 0 3.8 1.5 6 3.8 6.8-.8-6.8.7-12 2.2-17.3z"
        fill="#f59e0b"
      />
      <path
        d="M24 22.5c1.5 3.8 5.3 5.3 5.3 9.8a5.3 5.3 0 0 1-10.6 0c0-3 2.3-4.5 3-6 .8 2.3 1.5 3 2.3 3.8z"
        fill="#c2410c"
      />
    </>
  ),
  alliance: (
    <>
      <circle cx="17" cy="18" r="11" fill="none" stroke="#0f4c81" strokeWidth="4" />
      <circle cx="31" cy="18" r="11" fill="none" stroke="#2e7d32" strokeWidth="4" />
      <circle cx="24" cy="30" r="11" fill="none" stroke="#c2410c" strokeWidth="4" />
    </>
  ),
  institute: (
    <>
      <rect width="48" height="48" rx="24" fill="#0f4c81" />
      <path d="M6 36 18 19l7 9 5-6 12 14z" fill="#e8f1f8" />
      <path d="M33 14l5 9h-3l4 7h-12l4-7h-3z" fill="#2e7d32" />
      <rect x="32" y="30" width="2" height="4" fill="#2e7d32" />
    </>
  ),
};

const WORDS: Readonly<Record<PartnerId, readonly [string, string]>> = {
  consortium: ['Wildfire Prevention', 'Consortium'],
  alliance: ['Resilient Communities', 'Alliance'],
  institute: ['Wildland Resilience', 'Institute'],
};

/** A partner's logo: mark plus word mark, one image named by the organisation. */
export function PartnerLogo({ id, name, height = 48, className, decorative = false }: PartnerLogoProps) {
  const [first, second] = WORDS[id];
  const width = Math.round((height * 240) / 48);
  return (
    <svg
      className={className}
      width={width}
      height={height}
      viewBox="0 0 240 48"
      // A square box shows the mark alone (the narrow sub-header), a wide one the whole logo.
      preserveAspectRatio="xMinYMid slice"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      focusable="false"
    >
      {MARKS[id]}
      <text x="56" y="21" fontFamily="system-ui, sans-serif" fontSize="14" fontWeight="700" fill="currentColor">
        {first}
      </text>
      <text x="56" y="39" fontFamily="system-ui, sans-serif" fontSize="14" fontWeight="400" fill="currentColor">
        {second}
      </text>
    </svg>
  );
}
