import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';

type CountCardProps = {
  title: string;
  /** A number, or a figure already written out (an amount in rupees). */
  count: number | string;
  /** Where the figure leads (the list it counts); without it the figure is plain text. */
  to?: string;
  /** Shows a count above zero in red (overdue work). */
  danger?: boolean;
};

/**
 * One figure with its title: "Total {role name}s" on dashboards and detail pages, the work dashboard's counts,
 * Billing's amounts.
 */
export function CountCard({ title, count, to, danger = false }: CountCardProps) {
  // An amount ("₹12,34,56,789.00") is longer than a count: smaller, and free to break, so it fits its card.
  const size = typeof count === 'number' ? 'display-6' : 'fs-3 fw-light text-break';
  return (
    <Card className="text-center h-100" aria-label={title}>
      <Card.Body>
        <Card.Title as="h2" className="h6 text-muted">
          {title}
        </Card.Title>
        {to === undefined ? (
          <div className={size}>{count}</div>
        ) : (
          <Link
            to={to}
            className={`${size} text-decoration-none ${danger && typeof count === 'number' && count > 0 ? 'link-danger' : ''}`}
          >
            {count}
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}
