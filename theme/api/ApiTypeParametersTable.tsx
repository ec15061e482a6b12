// The type parameters of a class or signature: Name | Constraint | Default | Description.
import type { ApiTypeParameterView } from '../../src/shared/api-views';
import ApiEmptyCell from './ApiEmptyCell';
import ApiHtml from './ApiHtml';
import ApiTable from './ApiTable';
import { hasHtml } from './api-text';

export interface ApiTypeParametersTableProps {
  typeParameters: ApiTypeParameterView[];
  /** Name of what the parameters belong to, for the table's accessible label. */
  owner: string;
}

function Cell({ html, inline }: { html: string | undefined; inline?: boolean }) {
  return <td>{hasHtml(html) ? <ApiHtml html={html} as={inline ? 'span' : 'div'} /> : <ApiEmptyCell />}</td>;
}

export default function ApiTypeParametersTable({ typeParameters, owner }: ApiTypeParametersTableProps) {
  if (typeParameters.length === 0) return null;
  return (
    <ApiTable label={`Type parameters of ${owner}`} columns={['Name', 'Constraint', 'Default', 'Description']} className="api-table--type-parameters">
      {typeParameters.map((parameter, index) => (
        <tr key={`${parameter.name}-${index}`}>
          <td className="api-table__name">
            <code>{parameter.name}</code>
          </td>
          <Cell html={parameter.constraintHtml} inline />
          <Cell html={parameter.defaultHtml} inline />
          <Cell html={parameter.commentHtml} />
        </tr>
      ))}
    </ApiTable>
  );
}
