export function Logo({ size = 36 }: { readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#1f5134" />
      <path d="M32 10c4 9 14 14 14 27a14 14 0 0 1-28 0c0-6 3-10 6-13 0 5 2 8 5 9-1-9 1-16 3-23z" fill="#f59e0b" />
      <path d="M32 30c2 5 7 7 7 13a7 7 0 0 1-14 0c0-4 3-6 4-8 1 3 2 4 3 5z" fill="#c2410c" />
    </svg>
  );
}
