import Pagination from 'react-bootstrap/Pagination';

type PagerProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
  /** Spec "Lists": every page number between Prev and Next; otherwise only the current one (Services). */
  showAllPages?: boolean;
};

/** The one pager: Prev, page numbers, Next. */
export function Pager({ page, lastPage, onChange, label = 'Pages', showAllPages = false }: PagerProps) {
  const pages = showAllPages ? Array.from({ length: lastPage }, (_, index) => index + 1) : [page];
  return (
    <nav aria-label={label}>
      <Pagination className="mb-0 justify-content-end flex-wrap">
        <Pagination.Prev disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Prev
        </Pagination.Prev>
        {pages.map((number) => (
          <Pagination.Item
            key={number}
            active={number === page}
            onClick={number === page ? undefined : () => onChange(number)}
          >
            {number}
          </Pagination.Item>
        ))}
        <Pagination.Next disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
          Next
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}
