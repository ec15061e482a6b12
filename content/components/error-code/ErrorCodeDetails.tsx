// Reads `?code=N&v=...&v=...` from the address (as written by Lexical's minified production
// errors) and shows the code, its arguments and a link to the matching codes.json table.
// The server render and the first client render both show the neutral "no code" state; the
// address is only read in an effect, so hydration always matches.
import { useEffect, useState } from 'react';
import Admonition from '@theme/Admonition';
import { codesJsonUrl, useLexicalVersion } from '../lexical-version';

export type ErrorQuery = { kind: 'none' } | { kind: 'invalid'; raw: string; args: string[] } | { kind: 'valid'; code: string; args: string[] };

/** Parses a location.search string. A code must consist of digits only (surrounding spaces are ignored). */
export function parseErrorQuery(search: string): ErrorQuery {
  const params = new URLSearchParams(search);
  const raw = params.get('code');
  const args = params.getAll('v');
  if (raw === null || raw.trim() === '') return { kind: 'none' };
  const trimmed = raw.trim();
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid', raw, args };
  // "042" and "42" name the same entry in codes.json.
  return { kind: 'valid', code: trimmed.replace(/^0+(?=\d)/, ''), args };
}

const NONE: ErrorQuery = { kind: 'none' };

export default function ErrorCodeDetails() {
  const [query, setQuery] = useState<ErrorQuery>(NONE);

  useEffect(() => {
    const read = () => setQuery(parseErrorQuery(window.location.search));
    read();
    // The docsite router re-renders in place when only the query string changes.
    window.addEventListener('popstate', read);
    window.addEventListener('docsite:navigated', read);
    return () => {
      window.removeEventListener('popstate', read);
      window.removeEventListener('docsite:navigated', read);
    };
  }, []);

  return (
    <section aria-label="Error code details" aria-live="polite" style={{ margin: '1.5rem 0' }}>
      {query.kind === 'none' && <NoCode />}
      {query.kind === 'invalid' && <InvalidCode raw={query.raw} />}
      {query.kind === 'valid' && <ValidCode code={query.code} args={query.args} />}
    </section>
  );
}

function NoCode() {
  return (
    <Admonition type="info" title="No error code given">
      <p>
        This page explains a single minified Lexical error. Open it through the link printed in the error message, which looks like{' '}
        <code>/docs/error?code=42&amp;v=SomeValue</code>, and the code and its arguments appear here.
      </p>
    </Admonition>
  );
}

function InvalidCode({ raw }: { raw: string }) {
  const version = useLexicalVersion();
  return (
    <Admonition type="warning" title="Not a valid error code">
      <p style={{ overflowWrap: 'anywhere' }}>
        The address contains <code>code={raw}</code>, but Lexical error codes are whole numbers such as <code>42</code>. Copy the complete link from the error
        message again; some chat and ticketing tools cut links short or change their characters.
      </p>
      <p>
        You can still browse every code in the <a href={codesJsonUrl(version)}>error-code table for Lexical v{version}</a>.
      </p>
    </Admonition>
  );
}

function ValidCode({ code, args }: { code: string; args: string[] }) {
  const version = useLexicalVersion();
  return (
    <Admonition type="danger" title={`Minified Lexical error #${code}`}>
      <p>
        Error code: <strong style={{ fontSize: '1.25em' }}>{code}</strong>
      </p>
      {args.length > 0 ? (
        <>
          <p style={{ margin: '0 0 0.25rem' }}>
            {args.length === 1 ? 'Argument' : 'Arguments'}, in the order they fill the message's <code>%s</code> placeholders:
          </p>
          <ol aria-label="Error arguments" style={{ overflowWrap: 'anywhere' }}>
            {args.map((value, index) => (
              <li key={index}>{value === '' ? <em>(empty string)</em> : <code>{value}</code>}</li>
            ))}
          </ol>
        </>
      ) : (
        <p>This error was reported without arguments.</p>
      )}
      <p style={{ margin: 0 }}>
        Find the message template under the key <code>"{code}"</code> in the <a href={codesJsonUrl(version)}>codes.json error table for Lexical v{version}</a>.
        If your app runs a different version, switch the tag in the GitHub branch menu to match it.
      </p>
    </Admonition>
  );
}
