// In a remote's prerender build, webpack resolves this to the remote's src/pages/index.ts.
declare module '@wpc/area-pages' {
  export const pages: import('./index').AreaPages;
}

// ...and this to the remote's src/content/page-meta.ts: its pages' metadata.
declare module '@wpc/area-page-meta' {
  export const PAGE_META: import('../page-meta').AreaPageMeta;
}
