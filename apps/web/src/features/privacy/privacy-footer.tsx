import type { RoleName } from '@portal/contract/roles';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ContactDetails } from './contact-details';
import { useContacts } from './privacy-api';

/**
 * The foot of every signed-in page (DPDP Act s.8(9), Rules rule 9): the firm's data protection contact
 * for its users, and the platform's for the staff of firms and the admin.
 */
export function PrivacyFooter({ role }: { role: RoleName }) {
  const contacts = useContacts();
  const firm = contacts.data?.firm;
  const platform = contacts.data?.platform;
  const askMpc = role === 'mpc' && contacts.data && !firm;
  if (!firm && !platform && !askMpc) return null;
  return (
    <footer className="portal-footer border-top bg-white small text-muted py-3 mt-4">
      <Container fluid="lg">
        {firm && (
          <p className="mb-1">
            Data protection contact: <ContactDetails contact={firm} />
          </p>
        )}
        {askMpc && (
          <p className="mb-1">
            Your firm has not named its data protection contact yet:{' '}
            <Link to="/mpc/privacy">name it under Privacy</Link>.
          </p>
        )}
        {platform && (
          <p className="mb-0">
            The portal's data protection contact: <ContactDetails contact={platform} />
          </p>
        )}
      </Container>
    </footer>
  );
}
