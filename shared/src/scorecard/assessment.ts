/**
 * @wpc/shared/assessment: the online self-assessment's question bank, scoring and sharing
 * contract, used by the scorecard remote (the page) and the API (storage and benchmarks).
 */
export * from './question-bank';
export * from './scoring';
export * from './sharing';
