// In a remote's prerender build, webpack resolves this to the remote's src/pages/index.ts.
declare module '@wpc/area-pages' {
  export const pages: import('./index').AreaPages;
}
