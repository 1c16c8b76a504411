export declare const ports: {
  readonly edge: number;
  readonly home: number;
  readonly scorecard: number;
  readonly showcase: number;
  readonly map: number;
  readonly api: number;
};
export declare const REMOTE_NAMES: readonly ['home', 'scorecard', 'showcase', 'map'];
