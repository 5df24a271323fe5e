import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

/** Why a signed download or document link was refused (the server sends a browser here, never raw JSON). */
const PROBLEMS = {
  expired: {
    heading: 'This link has expired',
    text: 'Download links work for a short time only. Open the folder again and choose Download to get a fresh link.',
  },
  invalid: {
    heading: 'This link is not valid',
    text: 'It may have been cut short, changed, or made for another person. Open the folder again and choose Download.',
  },
  used: {
    heading: 'This link was already used',
    text: 'A download of your personal data works once. Ask your firm to prepare a new one, then download it from My Profile.',
  },
  missing: {
    heading: 'This file is not available',
    text: 'It may have been deleted, or you may no longer have access to it.',
  },
} as const;

export function LinkProblemPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const problem = PROBLEMS[reason === 'expired' || reason === 'invalid' || reason === 'used' ? reason : 'missing'];
  useDocumentTitle(problem.heading);
  return (
    <Container as="main" className="py-5">
      <Card className="mx-auto login-card">
        <Card.Body className="d-grid gap-3">
          <h1 className="h4 mb-0">{problem.heading}</h1>
          <p className="mb-0">{problem.text}</p>
          <Link to="/" className="btn btn-primary">
            Go to the portal
          </Link>
        </Card.Body>
      </Card>
    </Container>
  );
}
