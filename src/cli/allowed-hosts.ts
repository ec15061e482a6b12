/** `--allowed-hosts` of serve and preview, checked against the site config's own rule for a host entry. */
import { InvalidArgumentError } from 'commander';
import { allowedHostEntry } from '../config/schema';
import type { AllowedHosts } from '../serve/host-check';

/** Parses `a.example,.b.example` (or `true`, any host); throws commander's InvalidArgumentError for an entry that is no host name. */
export function parseAllowedHosts(value: string): AllowedHosts {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === 'true') return true;
  for (const entry of entries) {
    const result = allowedHostEntry.safeParse(entry);
    if (!result.success) throw new InvalidArgumentError(`"${entry}" ${result.error.issues[0]!.message}`);
  }
  return entries;
}
