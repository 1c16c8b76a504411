export declare const SERVER_BUILD_ATTRIBUTE: 'data-ssr-build';
export declare const INLINE_REMOTES_ID: 'wpc-remotes';
export declare const HEAD_MARKER: '<!--wpc:head-->';
export declare const OUTLET_MARKER: '<!--wpc:outlet-->';
export declare const DEFERRED_MEDIA_ATTRIBUTE: 'data-wpc-media';
export declare const SERVER_BUNDLE_DIR: 'dist-server';
export declare function routeFileName(routePath: string): string;
