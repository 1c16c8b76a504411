export declare const SHELL_ENTRY: '/main.js';
export declare const AFTER_PAINT_ID: 'wpc-after-paint';
export declare const START_SCRIPT: string;
