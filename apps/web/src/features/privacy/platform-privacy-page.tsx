import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { ContactForm } from './contact-form';
import { usePlatformContact, useSaveContact } from './privacy-api';

/** The admin's Privacy screen: the platform's data protection contact, shown to the staff of firms. */
export function PlatformPrivacyPage() {
  useDocumentTitle('Privacy');
  const contact = usePlatformContact();
  const save = useSaveContact('platform');
  return (
    <TitledCard title="The portal's data protection contact">
      <p>
        Whom the MPCs, PCs and executors of every firm ask about the personal data the portal keeps about them. It is
        shown at the foot of their pages; each firm names its own contact for its clients.
      </p>
      <ContactForm idPrefix="platform-contact" contact={contact.data} save={(input) => save.mutateAsync(input)} />
    </TitledCard>
  );
}
