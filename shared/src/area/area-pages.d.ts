// In a remote's prerender build, webpack resolves this to the remote's src/pages/index.ts.
declare module '@wpc/area-pages' {
  export const pages: import('./index').AreaPages;
}

// ...and this to the remote's src/content/page-meta.ts: its pages' metadata.
declare module '@wpc/area-page-meta' {
  export const PAGE_META: import('../page-meta').AreaPageMeta;
}

// ...this to the remote's src/content/model.ts: its content types and seed...
declare module '@wpc/area-model' {
  export const MODEL: import('../content-model').AreaModelBase;
}

// ...and this to its src/content/page-data.ts: what each page reads of the content.
declare module '@wpc/area-page-data' {
  export const PAGE_DATA: import('../content-model').AreaPageData<import('../content-model').AreaModelBase>;
  export const PREVIEW_PATHS: Readonly<
    Record<string, (entry: import('../content-model').ContentEntry<unknown>) => string>
  >;
}
