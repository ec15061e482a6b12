// "Defined in file:line": where the declaration lives in the installed package, and, when the site
// gives apiDocs a sourceLink template, a link to its source (the file, not the .d.ts line).
import type { ApiMemberView } from '../../src/shared/api-views';

export default function ApiSource({ source, name }: { source: ApiMemberView['source']; name: string }) {
  if (!source) return null;
  const place = <code className="api-source__file">{`${source.file}:${source.line}`}</code>;
  return (
    <p className="api-source">
      Defined in {place}
      {source.url ? (
        <>
          {' '}
          (
          <a className="api-source__link" href={source.url} aria-label={`Source of ${name}`}>
            source
          </a>
          )
        </>
      ) : null}
    </p>
  );
}
