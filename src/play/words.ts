/** The match's words for people (engine/words.ts), as the play layer names them. */
export { changedOptions, outcomeText, winsByText } from '../engine/words.js';
