import Pagination from 'react-bootstrap/Pagination';

type PagerProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
  /** Spec "Lists": every page number between Prev and Next; otherwise only the current one (Services). */
  showAllPages?: boolean;
  /**
   * Rows in the whole list: the pager then says which rows are shown ("26–50 of 312") and numbers the
   * pages around the current one, with the first and last and an ellipsis for the gaps (Work, Activity).
   */
  total?: number;
  /** More rows than `total` match (a search counted up to a cap): "1–20 of more than 1,000". */
  totalCapped?: boolean;
  perPage?: number;
};

/** Pages to number: the first, the last, and two either side of the current; null marks a gap. */
export function choosePageNumbers(page: number, lastPage: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, lastPage])]
    .filter((number) => number >= 1 && number <= lastPage)
    .sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const number of shown) {
    const previous = numbers.at(-1);
    if (typeof previous === 'number' && number - previous === 2) numbers.push(number - 1);
    else if (typeof previous === 'number' && number - previous > 2) numbers.push(null);
    numbers.push(number);
  }
  return numbers;
}

/** "26–50 of 312": the rows of this page within the whole list ("of more than 1,000" past a search's cap). */
export function describeRows(page: number, perPage: number, total: number, capped = false): string {
  if (total === 0) return 'No rows';
  const first = Math.min((page - 1) * perPage + 1, total);
  const last = Math.min(page * perPage, total);
  return capped
    ? `${first}–${last} of more than ${total.toLocaleString('en-IN')}; narrow the search to see the rest`
    : `${first}–${last} of ${total}`;
}

/** The one pager: Prev, page numbers, Next; with a total, the rows shown and numbered pages with gaps. */
export function Pager({
  page,
  lastPage,
  onChange,
  label = 'Pages',
  showAllPages = false,
  total,
  totalCapped = false,
  perPage,
}: PagerProps) {
  const counted = total !== undefined && perPage !== undefined;
  const pages: (number | null)[] = counted
    ? choosePageNumbers(page, lastPage)
    : showAllPages
      ? Array.from({ length: lastPage }, (_, index) => index + 1)
      : [page];
  return (
    <nav aria-label={label} className={counted ? 'd-flex flex-wrap align-items-center justify-content-end gap-2' : ''}>
      {counted && (
        <p className="small text-muted mb-0" aria-live="polite">
          {describeRows(page, perPage, total, totalCapped)}
        </p>
      )}
      <Pagination className="mb-0 justify-content-end flex-wrap">
        <Pagination.Prev disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Prev
        </Pagination.Prev>
        {pages.map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no number of its own; its place names it
            <Pagination.Ellipsis key={`gap-${index}`} disabled />
          ) : (
            <Pagination.Item
              key={number}
              active={number === page}
              onClick={number === page ? undefined : () => onChange(number)}
              {...(counted ? { 'aria-label': `Page ${number}`, activeLabel: '' } : {})}
              {...(counted && number === page ? { 'aria-current': 'page' as const } : {})}
            >
              {number}
            </Pagination.Item>
          ),
        )}
        <Pagination.Next disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
          Next
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}
