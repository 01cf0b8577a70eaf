import type { AnalyticsSeries } from '@lunara/shared/analytics';
import { Download, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

export interface TableData {
  columns: string[];
  rows: Array<{ key: string; cells: Array<string | number> }>;
}

/**
 * One chart with what makes it readable without seeing it: a summary (the chart's accessible name and
 * its visible description), a "Table" toggle showing the same numbers in a table, and its CSV.
 */
export function ChartCard({
  title,
  summary,
  csvHref,
  series,
  table,
  children,
  controls,
}: {
  title: string;
  summary: string;
  csvHref: string;
  series: AnalyticsSeries;
  table: TableData;
  children: ReactNode;
  controls?: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const summaryId = useId();
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-6" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg text-night-900">
          {title}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            aria-pressed={showTable}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 className="size-4" aria-hidden="true" /> Table
          </button>
          <a
            className={buttonClasses('ghost', 'sm')}
            href={csvHref}
            download
            aria-label={`Download CSV: ${title}`}
            data-series={series}
          >
            <Download className="size-4" aria-hidden="true" /> CSV
          </a>
        </div>
      </div>
      <p id={summaryId} className="text-sm text-ink-muted">
        {summary}
      </p>
      {controls}
      {showTable ? (
        <div className="max-h-80 overflow-auto rounded-[var(--radius-control)] border border-line">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-moon-100">
              <tr>
                {table.columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn('px-3 py-2 font-semibold', index === 0 ? 'text-left' : 'text-right')}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={table.columns[index]} scope="row" className="px-3 py-1.5 text-left font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={table.columns[index]} className="px-3 py-1.5 text-right tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={`${title}: ${summary}`} className="h-60 w-full min-w-0">
          {children}
        </div>
      )}
    </Card>
  );
}
