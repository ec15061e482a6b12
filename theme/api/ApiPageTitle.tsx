// The h1 of an API page: "Class: ElementNode", "Module: @lexical/rich-text", "Table of Contents".
export interface ApiPageTitleProps {
  /** "Class", "Interface", "Module"; absent for titles without a kind. */
  kind?: string;
  name: string;
}

export default function ApiPageTitle({ kind, name }: ApiPageTitleProps) {
  return (
    <header className="api-header">
      <h1 className="api-title">
        {kind ? <span className="api-title__kind">{`${kind}: `}</span> : null}
        <span className="api-title__name">{name}</span>
      </h1>
    </header>
  );
}
