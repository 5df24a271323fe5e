import { useId } from 'react';
import Card from 'react-bootstrap/Card';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { useSession } from '../../lib/session';
import { useMailPreferences, useOwnerNotices } from './account-api';
import { ChangePasswordForm } from './change-password-form';
import { MailPreferencesSection } from './mail-preferences-section';
import { OwnerNoticesSection } from './owner-notices-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** One part of the account, a region named by its heading. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <SectionCard id={headingId} title={title} size="h6">
      <Card.Body>{children}</Card.Body>
    </SectionCard>
  );
}

/**
 * What every role keeps in My Profile about its own account: password, second factor, sessions, and
 * the mail it may turn off (none for the admin, whose section is left out).
 */
export function AccountSections() {
  const mail = useMailPreferences();
  const owner = useOwnerNotices(useSession()?.role === 'mpc');
  return (
    <>
      <Section title="Change password">
        <ChangePasswordForm />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorSection />
      </Section>
      <Section title="Active sessions">
        <SessionsSection />
      </Section>
      {mail.isError && (
        <Section title="Email notifications">
          <FailureAlert of={mail} />
        </Section>
      )}
      {mail.data && mail.data.length > 0 && (
        <Section title="Email notifications">
          <MailPreferencesSection preferences={mail.data} />
        </Section>
      )}
      {owner.isError && (
        <Section title="Your firm's work">
          <FailureAlert of={owner} />
        </Section>
      )}
      {owner.data && (
        <Section title="Your firm's work">
          <OwnerNoticesSection preferences={owner.data} />
        </Section>
      )}
    </>
  );
}
