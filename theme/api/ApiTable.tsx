// A table of an API page inside a frame that scrolls sideways on narrow screens and can be focused to scroll.
import type { ReactNode } from 'react';

export interface ApiTableProps {
  /** Names the scrollable region and the table, e.g. "Parameters of getKey()". */
  label: string;
  /** Column headings, in order. */
  columns: string[];
  className?: string;
  children: ReactNode;
}

export default function ApiTable({ label, columns, className, children }: ApiTableProps) {
  return (
    <div className="table-scroll api-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `api-table ${className}` : 'api-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
