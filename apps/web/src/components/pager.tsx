import Pagination from 'react-bootstrap/Pagination';

type PagerProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
};

/** Prev / current page / Next: the spec's paging for the services table. */
export function Pager({ page, lastPage, onChange, label = 'Pages' }: PagerProps) {
  return (
    <nav aria-label={label}>
      <Pagination className="mb-0 justify-content-end">
        <Pagination.Prev disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Prev
        </Pagination.Prev>
        <Pagination.Item active aria-current="page">
          {page}
        </Pagination.Item>
        <Pagination.Next disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
          Next
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}
