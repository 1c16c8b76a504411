import type { IncomingMessage, ServerResponse } from 'node:http';

export function localhostAddress(host: string | undefined, url: string): string | null;
export function redirectLoopbackToLocalhost(request: IncomingMessage, response: ServerResponse, next: () => void): void;
