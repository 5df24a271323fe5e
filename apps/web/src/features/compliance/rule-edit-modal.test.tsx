import { COMPLIANCE_PATHS, type ComplianceRule } from '@portal/contract/compliance';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { RuleEditModal } from './rule-edit-modal';

const rule = {
  id: 3,
  code: 'GSTR3B_MONTHLY',
  form: 'GSTR-3B',
  name: 'Monthly summary return',
  frequency: 'monthly',
  due_day: 20,
  months_after: 1,
  days_after_event: null,
  event_name: null,
  source: 'CGST Rules, rule 61',
  extensions: [],
} as unknown as ComplianceRule;

function showRule() {
  const api = fakeApi();
  const onSaved = vi.fn();
  const view = renderScreen(<RuleEditModal rule={rule} onClose={() => {}} onSaved={onSaved} />);
  const ruleForm = screen.getByRole('form', { name: 'The rule' });
  const extensionForm = screen.getByRole('form', { name: 'Record an extension' });
  return { api, onSaved, ruleForm, extensionForm, ...view };
}

describe('RuleEditModal', () => {
  it('checks each of its two forms with its own schema, each under its own fields', async () => {
    const { api, user, ruleForm, extensionForm } = showRule();
    await user.clear(within(ruleForm).getByLabelText('Due day of the month'));
    await user.type(within(ruleForm).getByLabelText('Due day of the month'), '32');
    await user.click(within(ruleForm).getByRole('button', { name: 'Save rule' }));
    // The schema's check runs after the click returns: the error is awaited, not assumed drawn.
    await waitFor(() =>
      expect(within(ruleForm).getByLabelText('Due day of the month')).toHaveAccessibleDescription(
        'The due day must be a whole number from 1 to 31.',
      ),
    );
    expect(within(extensionForm).getByLabelText('Period')).not.toHaveAttribute('aria-invalid');

    await user.type(within(extensionForm).getByLabelText('New due date'), '2026-13-01');
    await user.click(within(extensionForm).getByRole('button', { name: 'Record extension' }));
    await waitFor(() =>
      expect(within(extensionForm).getByLabelText('Period')).toHaveAccessibleDescription(
        'Enter a period such as 2026-04, FY2026-27-Q1 or FY2026-27.',
      ),
    );
    expect(within(extensionForm).getByLabelText('New due date')).toHaveAccessibleDescription(
      'Enter a date as dd/mm/yyyy.',
    );
    expect(api.sent).toHaveLength(0);
  });

  it('sends the rule as numbers, and an extension with its date as ISO', async () => {
    const { api, user, onSaved, ruleForm, extensionForm } = showRule();
    api
      .on('PUT', COMPLIANCE_PATHS.rule(3), ok(rule, 'Rule saved.'))
      .on('POST', COMPLIANCE_PATHS.extensions(3), ok(rule, 'Extension recorded.'));
    await user.clear(within(ruleForm).getByLabelText('Due day of the month'));
    await user.type(within(ruleForm).getByLabelText('Due day of the month'), '22');
    await user.click(within(ruleForm).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Rule saved.'));
    expect(api.sentTo('PUT', COMPLIANCE_PATHS.rule(3))[0]?.body).toEqual({
      name: 'Monthly summary return',
      due_day: 22,
      months_after: 1,
    });

    const period = within(extensionForm).getByLabelText('Period');
    await user.selectOptions(period, within(period).getAllByRole('option')[1] as HTMLOptionElement);
    await user.type(within(extensionForm).getByLabelText('New due date'), '25/05/2026');
    await user.click(within(extensionForm).getByRole('button', { name: 'Record extension' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Extension recorded.'));
    const [sent] = api.sentTo('POST', COMPLIANCE_PATHS.extensions(3));
    expect(sent?.body).toEqual({ period: (period as HTMLSelectElement).value, due_date: '2026-05-25' });

    // A notification naming states: the extension holds only there.
    const states = within(extensionForm).getByLabelText('Only in these states (none chosen: all of India)');
    await user.selectOptions(states, ['Tamil Nadu', 'Puducherry']);
    await user.click(within(extensionForm).getByRole('button', { name: 'Record extension' }));
    await waitFor(() => expect(api.sentTo('POST', COMPLIANCE_PATHS.extensions(3))).toHaveLength(2));
    expect(api.sentTo('POST', COMPLIANCE_PATHS.extensions(3))[1]?.body).toMatchObject({
      states: ['Tamil Nadu', 'Puducherry'],
    });
  });
});
