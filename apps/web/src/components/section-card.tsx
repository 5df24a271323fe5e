import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

type SectionCardProps = {
  /** The heading's id: the section is named by it. */
  id: string;
  title: ReactNode;
  /** The heading's level in the screen's outline, and how large it looks. */
  level?: 'h2' | 'h3';
  size?: 'h5' | 'h6';
  className?: string;
  /** What sits at the header's end (a count, a link). */
  aside?: ReactNode;
  /** The card's content: a `Card.Body`, a list group or a table. */
  children: ReactNode;
};

/** A named section of a screen in a card, its heading in a white header. */
export function SectionCard({
  id,
  title,
  level: Heading = 'h2',
  size = 'h5',
  className,
  aside,
  children,
}: SectionCardProps) {
  const header = aside ? 'bg-white d-flex flex-wrap justify-content-between align-items-center gap-2' : 'bg-white';
  return (
    <Card as="section" aria-labelledby={id} className={className}>
      <Card.Header className={header}>
        <Heading className={`${size} mb-0`} id={id}>
          {title}
        </Heading>
        {aside}
      </Card.Header>
      {children}
    </Card>
  );
}
