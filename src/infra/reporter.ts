/** Progress and timing of build stages: a live line with a bar on a terminal, one line a stage in CI, nothing in a pipe. */
import pc from 'picocolors';

export interface StageTiming {
  name: string;
  ms: number;
}

/** How far a stage that counts its items (pages compiled, files written) has got. */
export interface StageProgress {
  /** The stage has `total` items to do, called `unit` (`pages`); the bar shows from here. */
  start(total: number, unit: string): void;
  /** `count` more items are done. */
  advance(count?: number): void;
}

export interface Reporter {
  stage<T>(name: string, run: (progress: StageProgress) => Promise<T>): Promise<T>;
  timings: StageTiming[];
  warn(text: string): void;
}

export interface ReporterOptions {
  stream?: NodeJS.WriteStream;
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** Stage timings as the summary prints them: `name N ms, …`, in the order the stages ran. */
export function formatTimings(timings: readonly StageTiming[]): string {
  return timings.map((timing) => `${timing.name} ${Math.round(timing.ms)} ms`).join(', ');
}

/** A stage's progress for a caller with no reporter. */
export const NO_PROGRESS: StageProgress = { start() {}, advance() {} };

/** Redraws of the bar are this far apart at least. */
const REDRAW_MS = 100;
const BAR_WIDTH = 24;

/** Whether `env` says the process runs in CI (`CI=false` or `CI=0` says it does not). */
function inCI(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/**
 * A terminal (not CI, not TERM=dumb) gets a line redrawn in place: the stage's name, then its bar
 * once it counts its items, then its time. A terminal in CI gets the time line alone, a stream that
 * is no terminal gets nothing: its logs keep the summary the command prints at the end.
 */
export function createReporter(options: ReporterOptions = {}): Reporter {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const terminal = Boolean(stream.isTTY) && !options.quiet;
  const live = terminal && !inCI(env) && env.TERM !== 'dumb';
  const timings: StageTiming[] = [];
  return {
    timings,
    async stage(name, run) {
      const started = performance.now();
      const count = terminal ? createCount(stream, name, live) : undefined;
      try {
        return await run(count ?? NO_PROGRESS);
      } finally {
        const ms = performance.now() - started;
        timings.push({ name, ms });
        const counted = count?.summary();
        const line = `${pc.green('✔')} ${name}${counted ? ` ${counted}` : ''} ${pc.dim(`${Math.round(ms)} ms`)}\n`;
        if (live) stream.write(`\r\x1b[2K${line}`);
        else if (terminal) stream.write(line);
      }
    },
    warn(text) {
      if (!options.quiet) stream.write(`${pc.yellow('warning')} ${text}\n`);
    },
  };
}

/**
 * The count of one stage's items, and when `live` its line: drawn at once, then at most every
 * REDRAW_MS as items are done, and once more when the last one is.
 */
function createCount(stream: NodeJS.WriteStream, name: string, live: boolean): StageProgress & { summary(): string | undefined } {
  let total = 0;
  let done = 0;
  let unit = '';
  let drawn = 0;
  const draw = () => {
    if (!live) return;
    drawn = performance.now();
    let text = `${pc.cyan('●')} ${name}…`;
    if (total > 0) {
      const filled = Math.round((Math.min(done, total) / total) * BAR_WIDTH);
      const bar = (filled ? pc.cyan('█'.repeat(filled)) : '') + (filled < BAR_WIDTH ? pc.dim('░'.repeat(BAR_WIDTH - filled)) : '');
      text = `${pc.cyan('●')} ${name} ${bar} ${done}/${total} ${unit}`;
      // A line wider than the terminal wraps, and `\r` goes back to its last row only.
      if (visibleLength(text) >= (stream.columns || 80)) text = `${pc.cyan('●')} ${name} ${done}/${total}`;
    }
    stream.write(`\r\x1b[2K${text}`);
  };
  draw();
  return {
    start(count, named) {
      total = count;
      unit = named;
      if (total > 0) draw();
    },
    advance(count = 1) {
      done += count;
      if (done >= total || performance.now() - drawn >= REDRAW_MS) draw();
    },
    summary: () => (total > 0 ? pc.dim(`${total} ${unit}`) : undefined),
  };
}

function visibleLength(text: string): number {
  return text.replace(/\x1b\[[0-9;]*m/g, '').length;
}
