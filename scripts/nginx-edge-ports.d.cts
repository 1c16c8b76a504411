export declare const nginxPorts: {
  readonly edge: number;
  readonly home: number;
  readonly scorecard: number;
  readonly showcase: number;
  readonly map: number;
  readonly pageComposer: number;
  readonly outageEdge: number;
  readonly closed: number;
};
