// A node:test reporter that prints, once the run ends, the test files that took longest: each file's
// top-level tests and suites summed. run-tests.mjs adds it beside the usual reporter, so every run
// shows where the suite's time goes and which files to start first.
const SHOWN = 15;

export default async function* fileTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (file === undefined || nesting !== 0) continue;
    byFile.set(file, (byFile.get(file) ?? 0) + (details?.duration_ms ?? 0));
  }
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  yield `\nThe ${slowest.length} slowest of ${byFile.size} test files (seconds, their top-level tests summed; ${(total / 1000).toFixed(0)} s in all):\n`;
  const cwd = `${process.cwd()}/`;
  for (const [file, ms] of slowest) yield `${(ms / 1000).toFixed(1).padStart(7)}  ${file.startsWith(cwd) ? file.slice(cwd.length) : file}\n`;
}
