// Typing for the CommonJS port table in @wpc/shared (ports.cjs ships no declarations).
declare module '@wpc/shared/ports' {
  export const ports: Readonly<Record<'edge' | 'home' | 'scorecard' | 'showcase' | 'map' | 'api', number>>;
  export const REMOTE_NAMES: readonly string[];
}
