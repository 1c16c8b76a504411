export declare const EARLY_CONTROLS_SCRIPT: string;
export declare const EARLY_STATE_RULES: RegExp;
