import { AUTH_PATHS } from '@portal/contract/auth';
import { PRIVACY_MESSAGES, PRIVACY_PATHS, type PrivacyNotice } from '@portal/contract/privacy';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { readNoticeBlocks } from './notice-text';
import { PrivacyNoticePage } from './privacy-notice-page';

const notice = (version: number, accepted: number | null): PrivacyNotice => ({
  version,
  is_default: version === 0,
  text: `## Privacy notice of Rao & Co\n\nWe keep:\n- Your PAN: to file your returns.\n- Your bank account: for refunds.\n\n## Your rights\n\nAsk us. Version ${version}.`,
  published_at: null,
  firm_name: 'Rao & Co',
  contact: { name: 'Anita Rao', email: 'privacy@rao.in', phone: '080 4123 4567' },
  accepted_version: accepted,
  acceptance_required: true,
  consent_withdrawn_at: null,
});

const me = { id: 9, privacy_notice_required: false, consent_withdrawn_at: null };

describe('PrivacyNoticePage', () => {
  it('shows the notice as written, with its contact, and accepts the version read', async () => {
    const api = fakeApi()
      .on('GET', PRIVACY_PATHS.notice, ok(notice(0, null)))
      .on('POST', PRIVACY_PATHS.accept, ok(notice(0, 0), PRIVACY_MESSAGES.accepted))
      .on('GET', AUTH_PATHS.me, ok(me));
    const onDone = vi.fn();
    const { user } = renderScreen(<PrivacyNoticePage mayWithdraw onDone={onDone} />);
    expect(await screen.findByRole('heading', { name: 'Privacy notice of Rao & Co' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your PAN: to file your returns.',
      'Your bank account: for refunds.',
    ]);
    expect(screen.getByRole('link', { name: 'privacy@rao.in' })).toHaveAttribute('href', 'mailto:privacy@rao.in');
    expect(screen.getByText(PRIVACY_MESSAGES.acceptRequired)).toBeInTheDocument();
    // Never accepted: nothing to withdraw.
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I accept' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sentTo('POST', PRIVACY_PATHS.accept).map((request) => request.body)).toEqual([{ version: 0 }]);
  });

  it('shows the newer version when the one read was replaced meanwhile', async () => {
    const api = fakeApi()
      .on('GET', PRIVACY_PATHS.notice, ok(notice(1, 0)))
      .on('POST', PRIVACY_PATHS.accept, refused(409, PRIVACY_MESSAGES.staleVersion));
    const onDone = vi.fn();
    const { user } = renderScreen(<PrivacyNoticePage mayWithdraw onDone={onDone} />);
    expect(await screen.findByText(/has published a new version/)).toBeInTheDocument();
    // A client that accepted an earlier version may decline this one by withdrawing.
    expect(screen.getByRole('button', { name: 'Withdraw my consent instead' })).toBeInTheDocument();
    api.on('GET', PRIVACY_PATHS.notice, ok(notice(2, 0)));
    await user.click(screen.getByRole('button', { name: 'I accept' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.staleVersion)).toBeInTheDocument();
    expect(await screen.findByText(/Version 2\./)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('reads headings, lists and paragraphs from the plain text', () => {
    expect(readNoticeBlocks('## A\nfirst line\nsecond\n- one\n- two\n\nlast').map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'paragraph',
    ]);
  });
});
