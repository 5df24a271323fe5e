import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { SubFormField } from './sub-form-field';
import { TextField } from './text-field';
import type { UserFormValues } from './user-form-values';
import { UserTaxIdFields } from './user-tax-id-fields';

function TaxIdForm() {
  const form = useForm<UserFormValues>();
  return (
    <form>
      <UserTaxIdFields
        form={form}
        errorOf={() => undefined}
        required={new Set()}
        shows={() => true}
        document={() => null}
        panRequired={false}
      />
      <SubFormField
        definition={{ key: 'pan', label: 'Partner PAN', kind: 'pan' }}
        path={['pan']}
        register={form.register}
        errors={{}}
      />
      <TextField label="City" registration={form.register('city' as never)} />
    </form>
  );
}

describe('tax ids typed in lower case', () => {
  it('become capitals in the field itself as they are typed (PAN, GSTIN, TAN, a sub-form PAN), other fields not', async () => {
    const { user } = renderScreen(<TaxIdForm />);
    await user.type(screen.getByLabelText('PAN number'), 'abcpe1234f');
    await user.type(screen.getByLabelText('GST number'), '27abcpe1234f1z5');
    await user.type(screen.getByLabelText('TAN number'), 'mumk12345a');
    await user.type(screen.getByLabelText('Partner PAN'), 'abcpe1234f');
    await user.type(screen.getByLabelText('City'), 'pune');
    expect(screen.getByLabelText('PAN number')).toHaveValue('ABCPE1234F');
    expect(screen.getByLabelText('GST number')).toHaveValue('27ABCPE1234F1Z5');
    expect(screen.getByLabelText('TAN number')).toHaveValue('MUMK12345A');
    expect(screen.getByLabelText('Partner PAN')).toHaveValue('ABCPE1234F');
    expect(screen.getByLabelText('City')).toHaveValue('pune');
  });

  it('keeps the caret where it was when a letter is typed in the middle', async () => {
    const { user } = renderScreen(<TaxIdForm />);
    const pan = screen.getByLabelText('PAN number') as HTMLInputElement;
    await user.type(pan, 'ABCE1234F');
    pan.setSelectionRange(3, 3);
    await user.type(pan, 'p', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    await user.type(pan, 'x', { skipClick: true });
    expect(pan).toHaveValue('ABCPXE1234F');
  });
});
