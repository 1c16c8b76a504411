/**
 * The content-type declaration kit (`@wpc/shared/content-model`): field builders, the types a
 * declaration infers, and the model's JSON form. Pure data and types, no dependencies. Checking
 * entries is `@wpc/shared/content-model/validate`, rendering them `.../prepare` (both Node only).
 */
export * from './fields';
export * from './declare';
export * from './json';
export * from './pages';
