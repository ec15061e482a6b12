// A reference to another API item: a link when it has a page, otherwise just its name in code.
import type { ApiLinkView } from '../../src/shared/api-views';

export default function ApiLink({ link }: { link: ApiLinkView }) {
  const name = <code className="api-link__name">{link.name}</code>;
  if (!link.href) return name;
  return (
    <a className="api-link" href={link.href}>
      {name}
    </a>
  );
}
