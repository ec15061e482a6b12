// Loaded into every test process (npm test passes it with --import): the process's temporary files,
// and those of the commands it starts, go into a folder of its own, removed when the process exits.
// Without it, each run of the suite left some 1,500 folders of copied sites in the system's
// temporary folder. A process killed outright leaves its folder behind.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = mkdtempSync(path.join(os.tmpdir(), 'docsite-test-'));
// os.tmpdir() reads TMPDIR at each call; children inherit it.
process.env.TMPDIR = root;
process.on('exit', () => {
  try {
    rmSync(root, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // A browser or server still writing there as the process ends: what is left stays.
  }
});
