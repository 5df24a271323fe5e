import Card from 'react-bootstrap/Card';

/** One "Total {role name}s" figure: dashboards and detail pages. */
export function CountCard({ title, count }: { title: string; count: number }) {
  return (
    <Card className="text-center h-100" aria-label={title}>
      <Card.Body>
        <Card.Title as="h2" className="h6 text-muted">
          {title}
        </Card.Title>
        <div className="display-6">{count}</div>
      </Card.Body>
    </Card>
  );
}
