// Loaded into every test process (npm test passes it with --import): the process's temporary files,
// and those of the commands it starts, go into a folder of its own, removed when the process exits.
// Without it, each run of the suite left some 1,500 folders of copied sites in the system's
// temporary folder. A process killed outright leaves its folder behind.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The system's temporary folder, kept for what the test processes of a run share (a build they all
// only read); a process this one starts keeps the first one's.
process.env.DOCSITE_TEST_SHARED_TMP ??= os.tmpdir();
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
