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
  return (
    <Card className="text-center h-100" aria-label={title}>
      <Card.Body>
        <Card.Title as="h2" className="h6 text-muted">
          {title}
        </Card.Title>
        {to === undefined ? (
          <div className="display-6">{count}</div>
        ) : (
          <Link
            to={to}
            className={`display-6 text-decoration-none ${danger && typeof count === 'number' && count > 0 ? 'link-danger' : ''}`}
          >
            {count}
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}
