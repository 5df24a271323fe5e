import Button from 'react-bootstrap/Button';

type ShowMoreButtonProps = { hasMore: boolean; busy: boolean; onMore: () => unknown };

/** The "Show more" under a list read page by page (registers, firm approvals): one look, one place. */
export function ShowMoreButton({ hasMore, busy, onMore }: ShowMoreButtonProps) {
  if (!hasMore) return null;
  return (
    <Button variant="outline-secondary" onClick={() => void onMore()} disabled={busy}>
      Show more
    </Button>
  );
}
