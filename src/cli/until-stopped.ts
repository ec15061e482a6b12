/**
 * Resolves on the first SIGINT or SIGTERM, so a server can close what it holds before it exits; a
 * second signal ends the process at once. The listeners stay for the process's life: a package that
 * hooks these signals itself (signal-exit, through write-file-atomic) sends the signal again when it
 * finds no other listener, which would end the process in the middle of closing.
 */
export function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    let signals = 0;
    const stop = (signal: NodeJS.Signals) => {
      signals++;
      if (signals > 1) process.exit(signal === 'SIGINT' ? 130 : 143);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
