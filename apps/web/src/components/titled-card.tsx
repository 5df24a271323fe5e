import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

type TitledCardProps = {
  title: ReactNode;
  /** `h1` for a screen's own card, `h2` for a section inside a screen. */
  heading?: 'h1' | 'h2';
  children: ReactNode;
};

/** A screen or section in a card, its heading in a white header above the body. */
export function TitledCard({ title, heading: Heading = 'h1', children }: TitledCardProps) {
  return (
    <Card>
      <Card.Header className="bg-white">
        <Heading className="h5 mb-0">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
