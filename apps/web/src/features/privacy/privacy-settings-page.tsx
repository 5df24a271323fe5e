import Spinner from 'react-bootstrap/Spinner';
import { MessageAlert } from '../../components/message-alert';
import { TitledCard } from '../../components/titled-card';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { AcceptancesList } from './acceptances-list';
import { ContactForm } from './contact-form';
import { NoticeEditor } from './notice-editor';
import { NoticeVersions } from './notice-versions';
import { useContacts, useMyNotice, useSaveContact } from './privacy-api';

/**
 * The MPC's Privacy screen (issue 25): the firm's data protection contact, its privacy notice and the
 * versions published, and who accepted which version (docs/data-protection.md).
 */
export function PrivacySettingsPage() {
  useDocumentTitle('Privacy');
  const notice = useMyNotice();
  const contacts = useContacts();
  const saveContact = useSaveContact('firm');
  return (
    <div className="d-grid gap-4">
      <TitledCard title="Privacy">
        <p className="mb-0">
          Your firm is the Data Fiduciary for its clients' personal data. Its PCs, executors and clients read and accept
          your privacy notice before they use the portal, and again after each new version; clients may withdraw their
          consent from their profile, and you are told.
        </p>
      </TitledCard>
      <TitledCard title="Data protection contact" heading="h2">
        <p>Shown at the foot of every page of your firm's users, in the notice and in replies to their requests.</p>
        <ContactForm
          idPrefix="firm-contact"
          contact={contacts.data?.firm}
          save={(input) => saveContact.mutateAsync(input)}
        />
      </TitledCard>
      <TitledCard title="Privacy notice" heading="h2">
        {notice.isPending && <Spinner animation="border" aria-label="Loading the privacy notice" />}
        {notice.isError && <MessageAlert variant="danger" messages={readApiError(notice.error).message} />}
        {notice.data && <NoticeEditor notice={notice.data} />}
      </TitledCard>
      <TitledCard title="Published versions" heading="h2">
        <NoticeVersions />
      </TitledCard>
      <TitledCard title="Acceptances" heading="h2">
        <AcceptancesList />
      </TitledCard>
    </div>
  );
}
