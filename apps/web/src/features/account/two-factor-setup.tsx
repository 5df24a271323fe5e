import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
  twoFactorEnableSchema,
} from '@portal/contract/two-factor';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { bindFormFields } from '../../components/form-fields';
import { MessageAlert } from '../../components/message-alert';
import { useContractForm } from '../../components/use-contract-form';
import { postTwoFactorEnable, postTwoFactorSetup, refreshSessionUser } from './account-api';

/** The SVG the server drew, as an image: no markup of the answer enters the page. */
const qrImageOf = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/**
 * Turning two-factor sign-in on: the QR code and the secret, a first code to confirm, then the ten
 * recovery codes, shown this once. `onDone` runs when the user has seen them.
 */
export function TwoFactorSetupFlow({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useContractForm<TwoFactorEnableInput, TwoFactorEnableInput>({
    schema: twoFactorEnableSchema,
    defaultValues: { code: '', current_password: '' },
    listFieldErrors: false,
    showSuccess: false,
  });
  const { register, feedback, errors, isSubmitting } = form;
  const field = bindFormFields(errors, 'two-factor');

  // The steps around the form (start, "I have saved them") report a failure in the same alert.
  const run = async (work: () => Promise<void>) => {
    feedback.clear();
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      feedback.fail(failure);
    } finally {
      setBusy(false);
    }
  };

  if (codes)
    return (
      <div>
        <MessageAlert variant="success" messages={TWO_FACTOR_MESSAGES.enabled} />
        {feedback.alerts}
        <p>
          Each recovery code signs you in once if you lose your phone. They are shown only now: print them or keep them
          in a password manager.
        </p>
        <ul className="recovery-codes list-unstyled font-monospace" aria-label="Recovery codes">
          {codes.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
        <Button
          onClick={() =>
            void run(async () => {
              await refreshSessionUser();
              onDone();
            })
          }
          disabled={busy}
        >
          I have saved my recovery codes
        </Button>
      </div>
    );

  if (!setup)
    return (
      <div>
        {feedback.alerts}
        <BusyButton
          onClick={() => void run(async () => setSetup(await postTwoFactorSetup()))}
          busy={busy}
          busyLabel="Working"
        >
          Set up two-factor sign-in
        </BusyButton>
      </div>
    );

  const confirm = form.submit(
    async (body) => ({ message: TWO_FACTOR_MESSAGES.enabled, data: await postTwoFactorEnable(body) }),
    (result) => setCodes(result.data.recovery_codes),
  );

  return (
    <Form noValidate onSubmit={confirm}>
      {feedback.alerts}
      <p>{TWO_FACTOR_MESSAGES.setupStarted}</p>
      <img
        src={qrImageOf(setup.qr_svg)}
        alt="QR code for your authenticator app"
        className="two-factor-qr border rounded"
      />
      <p className="mt-2 mb-3">
        Or type this key into the app: <code className="two-factor-secret">{setup.secret}</code>
      </p>
      {field(
        'code',
        'Code from the app',
        <Form.Control type="text" inputMode="numeric" autoComplete="one-time-code" {...register('code')} />,
        { className: 'mb-3' },
      )}
      {field(
        'current_password',
        'Your password',
        <Form.Control type="password" autoComplete="current-password" {...register('current_password')} />,
        { id: 'two-factor-password', className: 'mb-3' },
      )}
      <BusyButton type="submit" busy={isSubmitting} busyLabel="Working">
        Turn on
      </BusyButton>
    </Form>
  );
}
