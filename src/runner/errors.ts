/**
 * The errors moved to src/errors.ts (a module of their own, so that analysis/ and the report do not
 * depend on the runner). This re-export keeps the runner's and the CLI's imports working; new code
 * imports src/errors.ts.
 */
export * from '../errors.js';
