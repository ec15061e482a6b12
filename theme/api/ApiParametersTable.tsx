// The parameters of a signature: Parameter | Type | Description, with optional (`?`), rest (`...`) and defaults.
import type { ApiParameterView } from '../../src/shared/api-views';
import ApiEmptyCell from './ApiEmptyCell';
import ApiHtml from './ApiHtml';
import ApiTable from './ApiTable';
import { hasHtml } from './api-text';

export interface ApiParametersTableProps {
  parameters: ApiParameterView[];
  /** Name of the function or method, for the table's accessible label. */
  owner: string;
}

function ParameterName({ parameter }: { parameter: ApiParameterView }) {
  return (
    <>
      <code className="api-param__name">
        {parameter.rest ? '...' : ''}
        {parameter.name}
        {parameter.optional ? '?' : ''}
      </code>
      {parameter.rest || parameter.optional ? <span className="sr-only">{parameter.rest ? ' (rest parameter)' : ' (optional)'}</span> : null}
    </>
  );
}

export default function ApiParametersTable({ parameters, owner }: ApiParametersTableProps) {
  if (parameters.length === 0) return null;
  return (
    <ApiTable label={`Parameters of ${owner}`} columns={['Parameter', 'Type', 'Description']} className="api-table--parameters">
      {parameters.map((parameter, index) => {
        const hasDefault = parameter.defaultValue !== undefined && parameter.defaultValue !== '';
        const hasComment = hasHtml(parameter.commentHtml);
        return (
          <tr key={`${parameter.name}-${index}`}>
            <td className="api-table__name">
              <ParameterName parameter={parameter} />
            </td>
            <td className="api-table__type">{hasHtml(parameter.typeHtml) ? <ApiHtml html={parameter.typeHtml} as="span" /> : <ApiEmptyCell />}</td>
            <td className="api-table__description">
              {hasComment ? <ApiHtml html={parameter.commentHtml} /> : null}
              {hasDefault ? (
                <div className="api-param__default">
                  Default: <code>{parameter.defaultValue}</code>
                </div>
              ) : null}
              {!hasComment && !hasDefault ? <ApiEmptyCell /> : null}
            </td>
          </tr>
        );
      })}
    </ApiTable>
  );
}
