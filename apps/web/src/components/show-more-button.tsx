import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** Where a list read page by page stands: a TanStack infinite query has these three. */
export type NextPages = {
  hasNextPage: boolean;
  /** The button waits (disabled) while this is true. */
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

type ShowMoreButtonProps = {
  pages: NextPages;
  /** The button's words ("Load more files"); "Show more" unless said. */
  label?: string;
  /** A spinner beside the words while the next page comes, named so ("Loading more files"). */
  spinnerLabel?: string;
  /** A block of its own around the button (centred under a table). */
  wrapperClassName?: string;
};

/** The "Show more" under a list read page by page (registers, firm approvals, files): one look, one place. */
export function ShowMoreButton({
  pages: { hasNextPage, isFetchingNextPage: busy, fetchNextPage },
  label = 'Show more',
  spinnerLabel,
  wrapperClassName,
}: ShowMoreButtonProps) {
  if (!hasNextPage) return null;
  const button = (
    <Button variant="outline-secondary" onClick={() => void fetchNextPage()} disabled={busy}>
      {busy && spinnerLabel && <Spinner animation="border" size="sm" className="me-2" aria-label={spinnerLabel} />}
      {label}
    </Button>
  );
  return wrapperClassName ? <div className={wrapperClassName}>{button}</div> : button;
}
