// Runs a node command and times it from outside, for the benchmark scripts: wall seconds, and its peak
// memory, the maximum resident set size as the kernel counts it for the process (wait4's ru_maxrss,
// which GNU time prints in KB). Worker threads count, being in the process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const gnuTime =
  existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0 ? '/usr/bin/time' : undefined;

/** Runs `args` with node in `cwd`, timed; with its peak memory in MB (`rss`) when GNU time can tell it. */
export function timed(args, cwd, env = {}) {
  const command = gnuTime ? [gnuTime, '-f', 'peak-kb %M', process.execPath, ...args] : [process.execPath, ...args];
  const started = performance.now();
  const result = spawnSync(command[0], command.slice(1), {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  const seconds = (performance.now() - started) / 1000;
  const peakKb = Number(/peak-kb (\d+)\s*$/.exec(result.stderr ?? '')?.[1]);
  return { result, seconds, rss: Number.isFinite(peakKb) ? Math.round(peakKb / 1024) : undefined };
}
