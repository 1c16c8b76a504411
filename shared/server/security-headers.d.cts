export declare const VIDEO_ORIGIN: string;
export declare const TILE_SOURCE: string;
/** The CSP source (a sha256 hash) of the page's one inline script. */
export declare const START_SCRIPT_SOURCE: string;
export interface PolicyOptions {
  readonly remotes?: Readonly<Record<string, string>>;
  readonly apiBase?: string;
  readonly secure?: boolean;
  /** The loopback sources of remote overrides (default: when not secure). */
  readonly loopback?: boolean;
}
export declare function pageCsp(options?: PolicyOptions): string;
export declare function pageHeaders(options?: PolicyOptions): Record<string, string>;
export declare function assetHeaders(options?: { readonly secure?: boolean }): Record<string, string>;
export declare function deploymentPolicy(env?: NodeJS.ProcessEnv): {
  readonly secure: boolean;
  readonly loopback: boolean;
};
/** No X-Powered-By, and the asset headers on every response of this Express app. */
export declare function useSiteHeaders(app: import('express').Express): void;
export declare function nginxSnippet(): string;
export declare function nginxMap(): string;
