/** Progress and timing of build stages: a live line on a TTY, nothing noisy in CI logs. */
import pc from 'picocolors';

export interface StageTiming {
  name: string;
  ms: number;
}

export interface Reporter {
  stage<T>(name: string, run: () => Promise<T>): Promise<T>;
  timings: StageTiming[];
  warn(text: string): void;
}

export function createReporter(options: { stream?: NodeJS.WriteStream; quiet?: boolean } = {}): Reporter {
  const stream = options.stream ?? process.stderr;
  const live = Boolean(stream.isTTY) && !options.quiet;
  const timings: StageTiming[] = [];
  return {
    timings,
    async stage(name, run) {
      const started = performance.now();
      if (live) stream.write(`\r\x1b[2K${pc.cyan('●')} ${name}…`);
      try {
        return await run();
      } finally {
        const ms = performance.now() - started;
        timings.push({ name, ms });
        if (live) stream.write(`\r\x1b[2K${pc.green('✔')} ${name} ${pc.dim(`${Math.round(ms)} ms`)}\n`);
      }
    },
    warn(text) {
      if (!options.quiet) stream.write(`${pc.yellow('warning')} ${text}\n`);
    },
  };
}
