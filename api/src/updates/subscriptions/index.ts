/**
 * The subscriptions' types, where the updates' code and the contract suites have always imported
 * them; the record itself is records/subscriptions (issue 39: every record under one parent).
 */
export type * from '../../records/subscriptions';
