/** What a stage needs from the worker pool: a named task run off the main thread. Stages see this, never the pool. */
export interface TaskRunner {
  run(task: unknown, options: { name: string }): Promise<unknown>;
}
