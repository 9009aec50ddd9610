#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm ci` (the prepare script).
import('../dist/src/cli/main.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/src/cli')) {
    console.error('tavolo is not built yet: run `npm ci` (or `npm run build`) first.');
    process.exit(2);
  }
  throw err;
});
