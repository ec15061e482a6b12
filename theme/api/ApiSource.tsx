// "Defined in file:line": where the declaration lives, as plain text (the file is not on this site).
import type { ApiMemberView } from '../../src/shared/api-views';

export default function ApiSource({ source }: { source: ApiMemberView['source'] }) {
  if (!source) return null;
  return (
    <p className="api-source">
      Defined in <code className="api-source__file">{`${source.file}:${source.line}`}</code>
    </p>
  );
}
