// A docsite command line that runs many commands one after another in one process: each message
// from the parent ({ id, args, cwd, env }) runs `main` of dist/cli.js, the function bin/docsite.js
// calls, and the answer is its exit code and what it wrote to stdout and stderr. It saves the start
// of a process per command; an error that escapes a command ends this process, which the parent sees.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { main } = await import(pathToFileURL(path.join(root, 'dist', 'cli.js')).href);
const baseEnv = { ...process.env };

const streams = { stdout: process.stdout, stderr: process.stderr };
const originals = { stdout: process.stdout.write, stderr: process.stderr.write };

// Only one command runs at a time: the parent waits for each answer.
process.on('message', async ({ id, args, cwd, env }) => {
  const captured = { stdout: '', stderr: '' };
  for (const name of ['stdout', 'stderr']) {
    streams[name].write = (chunk, encoding, callback) => {
      captured[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = typeof encoding === 'function' ? encoding : callback;
      if (done) process.nextTick(done);
      return true;
    };
  }
  for (const name of Object.keys(process.env)) if (!(name in baseEnv)) delete process.env[name];
  Object.assign(process.env, baseEnv);
  for (const [name, value] of Object.entries(env ?? {})) {
    if (value === null) delete process.env[name];
    else process.env[name] = value;
  }
  const previousCwd = process.cwd();
  if (cwd) process.chdir(cwd);
  process.exitCode = undefined;
  let status;
  try {
    status = await main([process.execPath, 'docsite', ...args]);
  } finally {
    process.exitCode = undefined;
    process.chdir(previousCwd);
    streams.stdout.write = originals.stdout;
    streams.stderr.write = originals.stderr;
  }
  process.send({ id, status, stdout: captured.stdout, stderr: captured.stderr });
});
// The parent closes the channel when it has no more commands.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
