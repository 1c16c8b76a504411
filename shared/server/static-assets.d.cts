import type { Request, RequestHandler } from 'express';

export declare function staticAssets(dir: string, options?: { readonly cors?: boolean }): RequestHandler;
export declare function cacheControlFor(filePath: string): string;
export declare function preferredEncoding(req: Request): 'br' | 'gzip' | undefined;
