// "Returns" as a one-row table like the parameters: Type | Description (the @returns text).
import type { ApiSignatureView } from '../../src/shared/api-views';
import ApiEmptyCell from './ApiEmptyCell';
import type { ApiHeadingLevel } from './ApiHeading';
import ApiHtml from './ApiHtml';
import ApiSubsection from './ApiSubsection';
import ApiTable from './ApiTable';
import { hasHtml } from './api-text';

export interface ApiReturnsProps {
  signature: ApiSignatureView;
  level: ApiHeadingLevel;
  /** Display name of the member, for the table's accessible label. */
  owner: string;
}

export default function ApiReturns({ signature, level, owner }: ApiReturnsProps) {
  const typeHtml = signature.returnsHtml;
  const commentHtml = signature.comment?.returnsHtml;
  if (!hasHtml(typeHtml) && !hasHtml(commentHtml)) return null;
  return (
    <ApiSubsection level={level} title="Returns" className="api-returns">
      <ApiTable label={`Return value of ${owner}`} columns={['Type', 'Description']} className="api-table--returns">
        <tr>
          <td className="api-table__type api-returns__type">{hasHtml(typeHtml) ? <ApiHtml html={typeHtml} as="span" /> : <ApiEmptyCell />}</td>
          <td className="api-table__description api-returns__comment">{hasHtml(commentHtml) ? <ApiHtml html={commentHtml} /> : <ApiEmptyCell />}</td>
        </tr>
      </ApiTable>
    </ApiSubsection>
  );
}
