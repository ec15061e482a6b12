/** Which `Host` values the local servers answer: the guard against DNS rebinding. */
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/** Host names to answer besides the local ones; `.example.com` covers the domain and every subdomain; `true` answers any host. */
export type AllowedHosts = readonly string[] | true;

export interface HostCheckOptions {
  allowedHosts?: AllowedHosts;
  /** The address the server listens on (`--host`): a name given there is one the user expects to reach it by. */
  listenHost?: string;
}

/**
 * Settles the policy once and returns the test for one `Host` header value.
 *
 * A rebinding page talks to us through a name its owner controls, so names are checked and IP
 * literals are not: a browser that sends `Host: 127.0.0.1` or `[::1]` was pointed at that address
 * and no DNS answer was involved. `localhost` and `*.localhost` always mean the loopback (RFC 6761).
 */
export function createHostCheck(options: HostCheckOptions = {}): (hostHeader: string | undefined) => boolean {
  const allowed = options.allowedHosts ?? [];
  if (allowed === true) return () => true;
  const exact = new Set(allowed.filter((entry) => !entry.startsWith('.')).map((entry) => entry.toLowerCase()));
  const domains = allowed.filter((entry) => entry.startsWith('.')).map((entry) => entry.toLowerCase());
  if (options.listenHost) exact.add(options.listenHost.toLowerCase());
  return (hostHeader) => {
    // No Host at all is let through, as Vite's current check does (its first version refused it).
    // Rebinding needs a browser, and a browser always sends Host (fetch and XMLHttpRequest cannot
    // remove it); a request without one comes from a tool (an HTTP/1.0 client, a test calling the
    // app in process) that could as well have sent `Host: localhost`, so refusing it protects nothing.
    if (hostHeader === undefined) return true;
    const name = hostName(hostHeader);
    if (name === undefined) return false;
    if (isIP(name) !== 0) return true;
    if (name === 'localhost' || name.endsWith('.localhost')) return true;
    if (exact.has(name)) return true;
    return domains.some((domain) => name === domain.slice(1) || name.endsWith(domain));
  };
}

/** The name in a Host value, port dropped, lower-cased; IPv6 literals without their brackets; undefined when malformed. */
function hostName(hostHeader: string): string | undefined {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    const address = end > 0 ? value.slice(1, end) : '';
    const rest = end > 0 ? value.slice(end + 1) : '';
    return isIP(address) === 6 && /^(:\d*)?$/.test(rest) ? address : undefined;
  }
  const colon = value.indexOf(':');
  if (colon >= 0 && !/^\d*$/.test(value.slice(colon + 1))) return undefined;
  const name = colon >= 0 ? value.slice(0, colon) : value;
  return name === '' ? undefined : name;
}

export interface HostGuardOptions {
  isAllowed: (hostHeader: string | undefined) => boolean;
  /** The sentence that tells the user how to allow a host, given its name. */
  howToAllow: (name: string) => string;
}

/** Answers 403 with one sentence on how to allow the host, before any other handler runs. */
export function hostGuard(options: HostGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('host');
    if (options.isAllowed(header)) return next();
    const name = header === undefined ? '' : (hostName(header) ?? header.trim());
    return c.text(`Blocked request: the host ${JSON.stringify(name)} is not allowed. ${options.howToAllow(name)}`, 403, {
      'x-content-type-options': 'nosniff',
    });
  };
}

/** The remedy `docsite serve` offers: the config key or the flag. */
export function serveRemedy(name: string): string {
  return `To allow it, add it to server.allowedHosts in site.config.ts or pass --allowed-hosts ${name}.`;
}

/** The remedy `docsite preview` offers: preview reads no config, so only the flag. */
export function previewRemedy(name: string): string {
  return `To allow it, pass --allowed-hosts ${name} to docsite preview.`;
}

/** Joins the config's list and the flag's: either one being `true` answers any host. */
export function mergeAllowedHosts(...lists: (AllowedHosts | undefined)[]): AllowedHosts {
  if (lists.some((list) => list === true)) return true;
  return lists.flatMap((list) => (list === undefined || list === true ? [] : list));
}

/**
 * Whether a request's `Origin` is this server as the browser reached it: the scheme and host of its
 * `Host` header, or a loopback name on the same port (a page opened at localhost asking 127.0.0.1).
 * `null` (a sandboxed frame, a file) and every other site are not.
 */
export function isOwnOrigin(origin: string, hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return false;
  let url: URL;
  let host: URL;
  try {
    url = new URL(origin);
    host = new URL(`http://${hostHeader.trim()}`);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // An Origin header is a scheme, a host and a port, nothing else.
  if (url.origin !== origin) return false;
  if (url.host === host.host) return true;
  return url.port === host.port && isLoopbackName(url.hostname);
}

function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}
