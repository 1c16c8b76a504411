import type { RequestHandler } from 'express';

export declare function staticAssets(dir: string, options?: { readonly cors?: boolean }): RequestHandler;
export declare function cacheControlFor(filePath: string): string;
