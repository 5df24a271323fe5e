import { type TwoFactorDisableInput, twoFactorDisableSchema } from '@portal/contract/two-factor';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { LabelledField } from '../../components/labelled-field';
import { MessageAlert } from '../../components/message-alert';
import { useContractForm } from '../../components/use-contract-form';
import { useSession } from '../../lib/session';
import { postTwoFactorDisable, refreshSessionUser } from './account-api';
import { TwoFactorSetupFlow } from './two-factor-setup';

/** My Profile's two-factor part: set it up, or (unless the role requires it) turn it off with the password. */
export function TwoFactorSection() {
  const session = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const [flowKey, setFlowKey] = useState(0);
  const form = useContractForm<TwoFactorDisableInput, TwoFactorDisableInput>({
    schema: twoFactorDisableSchema,
    defaultValues: { current_password: '' },
    listFieldErrors: false,
    // Once off, this form is gone: the notice is shown above the setup that replaces it.
    showSuccess: false,
  });
  const { register, reset, feedback, errors, isSubmitting } = form;
  if (!session) return null;

  if (!session.user.two_factor_enabled)
    return (
      <div>
        <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} />
        <p className="text-muted">Off. With it on, signing in also asks for a code from an app on your phone.</p>
        <TwoFactorSetupFlow key={flowKey} onDone={() => setFlowKey((key) => key + 1)} />
      </div>
    );

  const turnOff = form.submit(
    (body) => postTwoFactorDisable(body.current_password),
    async (result) => {
      reset({ current_password: '' });
      await refreshSessionUser();
      setNotice(result.message);
    },
  );
  const error = errors.current_password?.message;

  return (
    <div>
      <p>
        <strong>On.</strong> Signing in asks for a code from your authenticator app.
      </p>
      {feedback.alerts}
      <Form noValidate onSubmit={turnOff} className="d-flex flex-wrap gap-2 align-items-end">
        <LabelledField controlId="two-factor-off-password" label="Password" error={error}>
          <Form.Control type="password" autoComplete="current-password" {...register('current_password')} />
        </LabelledField>
        <BusyButton type="submit" variant="outline-danger" busy={isSubmitting} busyLabel="Working">
          Turn off two-factor sign-in
        </BusyButton>
      </Form>
    </div>
  );
}
