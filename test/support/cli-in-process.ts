/**
 * Runs many docsite commands in one process (cli-in-process.mjs), each through `main`, the function
 * the docsite command calls: the same exit code and messages for a fraction of a process start each.
 * For tests that run the CLI dozens of times on small inputs; a test that checks how the process
 * itself ends (a hang, a kill, what is left running) runs the real command instead.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './helpers';

export interface InProcessResult {
  /** The exit code `main` returned; null when the command did not answer within its time. */
  status: number | null;
  stdout: string;
  stderr: string;
  /** 'SIGKILL' when the command ran past its time and its process was killed, as spawnSync reports it. */
  signal: NodeJS.Signals | null;
}

export interface CliInProcess {
  run(args: string[], options?: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number }): Promise<InProcessResult>;
  /** Ends the process and waits for it, so that what it spent is counted with its parent's children. */
  close(): Promise<void>;
}

/** How long the process may take to load docsite before its first command. */
const READY_TIMEOUT_MS = 60_000;

/** Starts the process lazily, and again after one that was killed or ended. Colours are off, as for runCli. */
export function cliInProcess(): CliInProcess {
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let next = 0;
  const start = () => {
    const started = fork(path.join(repoRoot, 'test', 'support', 'cli-in-process.mjs'), [], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', GITHUB_ACTIONS: '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        started.kill('SIGKILL');
        reject(new Error(`the in-process CLI was not ready within ${READY_TIMEOUT_MS / 1000} s`));
      }, READY_TIMEOUT_MS);
      started.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the in-process CLI ended before it was ready (${code ?? signal})`));
      });
    });
  };
  return {
    async run(args, options = {}) {
      if (!child || child.exitCode !== null || child.signalCode !== null) start();
      await ready;
      const running = child!;
      const id = ++next;
      const env = Object.fromEntries(Object.entries(options.env ?? {}).map(([name, value]) => [name, value ?? null]));
      return new Promise<InProcessResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          running.kill('SIGKILL');
          resolve({ status: null, stdout: '', stderr: '', signal: 'SIGKILL' });
        }, options.timeoutMs ?? 60_000);
        const onMessage = (message: { id?: number; status: number; stdout: string; stderr: string }) => {
          if (message.id !== id) return;
          done();
          resolve({ status: message.status, stdout: message.stdout, stderr: message.stderr, signal: null });
        };
        const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
          done();
          reject(new Error(`the in-process CLI ended during \`docsite ${args.join(' ')}\` (${code ?? signal})`));
        };
        const done = () => {
          clearTimeout(timer);
          running.off('message', onMessage);
          running.off('exit', onExit);
        };
        running.on('message', onMessage);
        running.once('exit', onExit);
        running.send({ id, args, cwd: options.cwd, env });
      });
    },
    async close() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      // It ends by itself once the channel closes; one that does not within a few seconds is killed.
      running.disconnect();
      const timer = setTimeout(() => running.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
