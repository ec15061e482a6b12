/** How long one page's compile or render, or the loading of a config module, may take. */

/** The limit in ms: `DOCSITE_TIME_LIMIT` seconds when set to a positive number, else a minute. */
export function timeLimitMs(): number {
  const seconds = Number(process.env.DOCSITE_TIME_LIMIT);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
}
