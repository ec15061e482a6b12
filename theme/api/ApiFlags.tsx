// Modifier badges next to a member name: static, abstract, protected, readonly, optional, deprecated.
import type { ApiMemberView } from '../../src/shared/api-views';

type Flags = ApiMemberView['flags'];

const FLAG_ORDER: (keyof Flags)[] = ['static', 'abstract', 'protected', 'readonly', 'optional'];

export interface ApiFlagsProps {
  flags: Flags;
  deprecated?: boolean;
}

export default function ApiFlags({ flags, deprecated }: ApiFlagsProps) {
  const shown = FLAG_ORDER.filter((flag) => flags[flag]);
  if (shown.length === 0 && !deprecated) return null;
  return (
    <span className="api-flags">
      {shown.map((flag) => (
        <span key={flag} className={`api-badge api-badge--${flag}`}>
          {flag}
        </span>
      ))}
      {deprecated ? <span className="api-badge api-badge--deprecated">deprecated</span> : null}
    </span>
  );
}
