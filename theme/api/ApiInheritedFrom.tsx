// "Inherited from X" under a member that a class or interface takes from an ancestor.
import type { ApiLinkView } from '../../src/shared/api-views';
import ApiLink from './ApiLink';

export default function ApiInheritedFrom({ from }: { from: ApiLinkView | undefined }) {
  if (!from) return null;
  return (
    <p className="api-inherited">
      Inherited from <ApiLink link={from} />
    </p>
  );
}
