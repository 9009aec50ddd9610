/**
 * The file the pool's workers start from, in CommonJS on purpose. piscina loads a worker file with
 * require() first; for an ES module that is Node's require(esm) path, new in Node 20.19, which aborted
 * the whole process (a native assertion in CreateRequiredModuleFacade) when a worker died while another
 * was being replaced. This file is plain CommonJS, and it loads the worker itself (worker.ts, an ES
 * module) with import(), the long-standing path.
 */
type RunTask = (task: unknown) => Promise<unknown>;

let loaded: Promise<RunTask> | undefined;

export = function runTask(task: unknown): Promise<unknown> {
  loaded ??= import('./worker.js').then((m) => m.default as RunTask);
  return loaded.then((run) => run(task));
};
